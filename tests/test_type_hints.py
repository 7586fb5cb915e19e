"""The public API is annotated (PEP 484, shipped with py.typed), and the hints resolve.

Every parameter and the return of each listed function carries a hint, and
``typing.get_type_hints`` evaluates them all (the modules use ``from __future__ import
annotations``, so a hint naming something missing would only fail here, or in a user's type
checker, not at import).
"""

import inspect
import typing
from pathlib import Path

import pytest

import robosim
from robosim import ik, motion, trajectory, workspace
from robosim.hardware import Lynx6

LYNX6_PUBLIC = [getattr(Lynx6, name) for name in sorted(vars(Lynx6))
                if not name.startswith("_") and callable(getattr(Lynx6, name))]
ROBOT_PUBLIC = [robosim.Robot.fk, robosim.Robot.fk_all, robosim.Robot.jacobian,
                robosim.Robot.random_q, robosim.Robot.check_q, robosim.Robot.within_limits,
                robosim.Robot.q_to_user, robosim.Robot.q_from_user, robosim.Robot.pose,
                robosim.Robot.manipulability, robosim.Robot.jacobian_condition]
FUNCTIONS = [robosim.load_robot, robosim.save_robot, robosim.list_robots, ik.solve,
             ik.solve_all, ik.solve_path, workspace.forward_workspace, trajectory.joint_profile,
             trajectory.follow_path, motion.straight_line, motion.jog,
             *ROBOT_PUBLIC, *LYNX6_PUBLIC]


@pytest.mark.parametrize("function", FUNCTIONS, ids=lambda f: f.__qualname__)
def test_every_parameter_and_the_return_are_annotated(function):
    hints = typing.get_type_hints(function)
    parameters = [name for name, p in inspect.signature(function).parameters.items()
                  if name not in ("self", "cls")
                  and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    assert [name for name in parameters if name not in hints] == []
    assert "return" in hints


def test_the_dataclasses_resolve():
    assert typing.get_type_hints(robosim.Robot)["joints"] == tuple[robosim.Joint, ...]
    assert typing.get_type_hints(robosim.Joint)


def test_the_package_says_it_is_typed():
    assert (Path(robosim.__file__).parent / "py.typed").is_file()

"""The simulator's status line and the Dynamics window's account of a fall say what a pose hits
in the same words (both :meth:`robosim.collision.Checker.hit_message`).

The Lynx6 stands on its table (:data:`robosim.collision.LYNX6_TABLE`: top at z = 0, back edge at
x = -150 mm). The poses and what they hit, worked out by hand:

- home: the arm stands up, nothing is hit;
- (0, -30, 0, -60, 0) deg: the shoulder leans the arm forward and the wrist points the gripper
  down into the table in front of the base (tests/gui/test_gui_simulator_floor.py);
- (30, 90, 90, 60, 0) deg: upper arm and forearm straight out at the base's height, behind it,
  the wrist bent 60 deg down: the 155 mm gripper link reaches 155 sin 60 = 134 mm below the wrist
  at z = 65 mm, behind the table's back edge, so links 4 and 5 are below the table's top without
  hitting it (tests/plotting/test_arm_drawing.py).

A fall of 10 ms from each pose ends within a fraction of a degree of it, and says what that
last pose hits; from a pose in a collision it does not start (it would stop where it starts:
issue 37, item 4) and says what the pose hits.
"""

import numpy as np
import pytest

from fake_arm import FakeArm
from gui_events import click_axes, type_in_cell
from test_gui_app import make_app, ticks_until_still
from robosim import load_robot
from robosim.gui.tools import open_tool

POSES = {"home": (0, 0, 0, 0, 0), "into the table": (0, -30, 0, -60, 0),
         "past the table's edge": (30, 90, 90, 60, 0)}
SAID = {"home": None, "into the table": "collision: link 4 (wrist) hits table",
        "past the table's edge": "links 4, 5 below the top of the table (z = 0 mm), past its edge"}
FALL_CELL = (0, 4)           # the Dynamics window's "fall (s)" setting
FALL_S = "0.01"


def simulator_says(robot, poses):
    """The simulator's status line at each pose, None when it is no warning."""
    app = make_app(robot)
    said = []
    for q in poses:
        app.state.animate_to(q)
        ticks_until_still(app)
        said.append(app.status if app.status_is_error else None)
    return said


def fall_summary_says(robot, poses):
    """What the Dynamics window says a short fall from each pose ends with, None for nothing."""
    arm = FakeArm(robot)
    window = open_tool("Dynamics...", arm)
    type_in_cell(window.settings, *FALL_CELL, FALL_S, "enter")
    said = []
    for q in poses:
        arm.animate_to(q)
        click_axes(window.buttons["Free fall"].ax)
        while window.integration is not None:
            window.feed_fall()
        message = window.status.message
        if message.startswith("it starts with "):
            said.append(message.removeprefix("it starts with ").partition(": move")[0])
            continue
        assert message.startswith(("it ends with ", "free fall ")), message
        ends_with, _, rest = message.partition("; free fall ")
        said.append(ends_with.removeprefix("it ends with ") if rest else None)
    return said


@pytest.mark.parametrize("says", [simulator_says, fall_summary_says])
def test_both_windows_say_what_a_pose_hits_in_the_same_words(says):
    robot = load_robot("Lynx6")
    poses = [np.radians(pose) for pose in POSES.values()]
    assert dict(zip(POSES, says(robot, poses), strict=True)) == SAID

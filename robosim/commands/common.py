"""Helpers shared by the sub-commands: robot and joint-value arguments, bounded numbers and
text, printing, JSON.

Every number on the command line goes through a :class:`Number` type, so that a value no arm
or run can use (``1e308``, ``inf``, ``--steps 1000000000000``) is refused by the parser with
its bounds, before any computation, and each option's help says the bounds.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, overload

import numpy as np

from ..errors import ValidationError
from ..files import check_replaceable
from ..robot_files import MAX_ANGLE_DEG, MAX_LENGTH, load_robot
from ..parsing import is_number, parse_number

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

    from ..kinematics import Robot


class Number:
    """An argparse ``type``: a finite number from ``low`` to ``high``.

    Parameters
    ----------
    low, high : float
        The bounds, included (``low`` excluded when ``above``).
    whole : bool
        Only whole numbers (returned as int; ``1e3`` is accepted as 1000).
    above : bool
        ``low`` itself is refused: durations and lengths that must be positive.
    what : str
        What the number is, for the message (``"the 3D-RAS Factor"``).

    Examples
    --------
    >>> Number(2, 100, whole=True)("10")
    10
    >>> Number(0, 60, above=True).bounds
    'more than 0 and at most 60'
    """

    def __init__(self, low, high, *, whole=False, above=False, what="the value"):
        self.low, self.high, self.whole, self.above = low, high, whole, above
        self.what = what

    @property
    def bounds(self):
        low, high = _plain(self.low), _plain(self.high)
        if self.above:
            return f"more than {low} and at most {high}"
        return f"{'a whole number ' if self.whole else ''}from {low} to {high}"

    def parse(self, text, what):
        """``text`` as a number within the bounds, or a ValidationError naming ``what``."""
        try:
            return self(text)
        except argparse.ArgumentTypeError as exc:
            raise ValidationError(f"{what}: {exc}") from None

    def __call__(self, text):
        try:
            value = parse_number(text, self.what)
        except ValidationError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        if not ((value > self.low if self.above else value >= self.low) and value <= self.high):
            raise argparse.ArgumentTypeError(f"{self.what} must be {self.bounds}, "
                                             f"got {text.strip()}")
        if self.whole:
            if value != int(value):
                raise argparse.ArgumentTypeError(f"{self.what} must be {self.bounds}, "
                                                 f"got {text.strip()}")
            return int(value)
        return value


def _plain(value):
    """A bound as people write it: ``1,000,000`` rather than ``1e+06``, ``0.01`` as is."""
    return f"{int(value):,}" if value == int(value) and abs(value) < 1e15 else f"{value:g}"


#: Positions, lengths and joint values (degrees or the robot's unit): robot files allow lengths
#: up to ``MAX_LENGTH`` and no arm goes further.
COORDINATE = Number(-MAX_LENGTH, MAX_LENGTH)
#: Angles given on their own (a gripper's angle to the ground, roll pitch yaw), degrees.
ANGLE = Number(-MAX_ANGLE_DEG, MAX_ANGLE_DEG)
#: Durations and time steps, seconds: up to about 11 days.
SECONDS = Number(0, 1e6, above=True)
#: A speed or acceleration limit typed on the command line (per second, per second squared).
POSITIVE_RATE = Number(0, MAX_LENGTH, above=True)
#: Load in the gripper, kg: the driver's bound (robosim.hardware.lynx6.MAX_PAYLOAD_KG, far above
#: what a Lynx6 lifts; not imported here, so that the command line starts without pyserial).
PAYLOAD = Number(0, 5)
#: Each component of a tool wrench, N or N m: far above what any arm here can push.
WRENCH = Number(-1e5, 1e5, what="a wrench component")


def add_wrench_argument(parser: argparse.ArgumentParser) -> None:
    """``--wrench FX FY FZ MX MY MZ``: what the tool pushes with all along (``args.wrench``, a
    list of 6 floats, or None), counted in the torque check."""
    parser.add_argument("--wrench", type=WRENCH, nargs=6,
                        metavar=("FX", "FY", "FZ", "MX", "MY", "MZ"),
                        help=f"a wrench the tool exerts on its surroundings all along (pushing "
                             f"on a surface): N and N m, tool frame, about the tool point "
                             f"({WRENCH.bounds} each); the torque check counts it")


def text(value: str) -> str:
    """An argparse ``type`` for text options (file names, formulas, axes): not empty.

    ``--png ''`` used to be taken as "no picture"; now it is an error that says so.
    """
    if not value.strip():
        raise argparse.ArgumentTypeError("the value is empty (give one, or leave the option out)")
    return value


def check_output(path: str | Path | None, option: str) -> str | Path | None:
    """Refuse an output file that cannot be written before any work is done: its folder must
    exist and be writable, and the file must not be a folder (nor a name ending in ``/``) nor
    anything :func:`robosim.files.check_replaceable` refuses. Returns ``path``.

    The write itself may still fail (a full disk): the command then says so, in one line.
    """
    if path is None:
        return None
    if "\0" in str(path):
        raise ValidationError(f"{option} {path!r}: not a file name (it holds a NUL character)")
    if str(path).endswith(("/", os.sep)):
        raise ValidationError(f"{option} {path}: cannot write it (a name ending in "
                              f"{str(path)[-1]!r} is a folder: give a file name)")
    folder = Path(path).parent
    if not folder.is_dir():
        raise ValidationError(f"{option} {path}: cannot write it (the folder {folder} does not "
                              f"exist)")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValidationError(f"{option} {path}: cannot write it (the folder {folder} is not "
                              f"writable)")
    if Path(path).is_dir():
        raise ValidationError(f"{option} {path}: cannot write it (that is a folder: give a file "
                              f"name)")
    try:
        check_replaceable(path)
    except OSError as exc:
        raise ValidationError(f"{option} {path}: cannot write it ({exc.strerror or exc})") \
            from None
    return path


def add_robot_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("robot", metavar="ROBOT", type=text,
                        help="library name (see 'robosim list') or a .json/.csv/.urdf robot file")


#: The one rule for angles typed on the command line (docs/shell.md): degrees, unless the
#: command is given ``--rad``. Help texts name the unit with these words.
DEGREES_OR_RADIANS = "degrees, radians with --rad"
#: Joint values: revolute in the angle unit, prismatic in the robot's length unit.
JOINT_UNITS = f"revolute joints in {DEGREES_OR_RADIANS}, prismatic in the robot's length unit"
#: Angle flags, accepted anywhere after the command name (see :func:`angle_flags_last`).
ANGLE_FLAGS = ("--deg", "--rad")


def add_angle_unit(parser: argparse.ArgumentParser) -> None:
    """``--deg`` / ``--rad``: the unit of every angle typed on this command; degrees by default.

    Both set ``args.deg`` (True for degrees), so that ``--deg`` keeps working where it was once
    needed. Students think in degrees and the application shows degrees; the Python API works
    in radians.
    """
    unit = parser.add_mutually_exclusive_group()
    unit.add_argument("--deg", dest="deg", action="store_true", default=True,
                      help="angles typed on this command are in degrees (the default)")
    unit.add_argument("--rad", dest="deg", action="store_false",
                      help="angles typed on this command are in radians")


def angle_flags_last(argv: Sequence[str]) -> list[str]:
    """``argv`` with every ``--deg`` / ``--rad`` after the command name moved to the end.

    argparse reads an option placed between a command's values as the end of them
    (``robosim dh-steps lynx6 --deg 0 45 ...`` was refused); at the end the flag belongs to the
    innermost command (``robosim arm pose ...``) and every value stays where it was typed.
    """
    flags = [arg for arg in argv[1:] if arg in ANGLE_FLAGS]
    if not flags:
        return list(argv)
    return [argv[0], *(arg for arg in argv[1:] if arg not in ANGLE_FLAGS), *flags]


def radians(args: argparse.Namespace, values: ArrayLike) -> np.ndarray:
    """Angles typed on the command line (:func:`add_angle_unit`) in radians, as floats."""
    values = np.asarray(values, dtype=float)
    return np.radians(values) if args.deg else values


def add_joint_arguments(parser: argparse.ArgumentParser, nargs: str = "+") -> None:
    parser.add_argument("q", metavar="q", nargs=nargs, type=COORDINATE,
                        help=f"joint values: {JOINT_UNITS} ({COORDINATE.bounds})")
    add_angle_unit(parser)


def add_configuration_arguments(parser: argparse.ArgumentParser, nargs: str = "+") -> None:
    """Joint values ``q ...`` (degrees unless ``--rad``), or the name of one of the robot's
    poses; with ``nargs="*"`` they may be left out for the home pose."""
    parser.add_argument("q", metavar="q", nargs=nargs,
                        help=f"joint values: {JOINT_UNITS}; or the name of a pose "
                             f"(home, or one listed by 'robosim show ROBOT')")
    add_angle_unit(parser)


def configuration(robot: Robot, args: argparse.Namespace) -> np.ndarray:
    """The configuration given by :func:`add_configuration_arguments`, in API units, inside
    the joint limits (the one rule of every command that takes a pose: ``collide``,
    ``profile``, ``arm``, ``fk``...).

    A single word that is not a number names a pose: ``robosim fk "Puma 560" qr``; no values
    at all mean the home pose.
    """
    if not args.q:
        return robot.home
    if len(args.q) == 1 and not is_number(args.q[0]):
        q = robot.pose(args.q[0])
    else:
        for i, value in enumerate(args.q, start=1):
            if not is_number(value):
                raise ValidationError(f"joint value {i} must be a number, got {value!r}")
        q = joint_values(robot, [COORDINATE.parse(value, f"joint value {i}")
                                 for i, value in enumerate(args.q, start=1)], args.deg)
    robot.check_within_limits(q, "q")
    return q


def add_json_argument(parser: argparse.ArgumentParser, **options: Any) -> None:
    """``--json``; ``options`` go to ``add_argument`` (e.g. ``default=argparse.SUPPRESS``)."""
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON",
                        **options)


def robot_from_args(args: argparse.Namespace) -> Robot:
    """The robot the command's ROBOT argument names (:func:`add_robot_argument`)."""
    return load_robot(args.robot)


def joint_values(robot: Robot, values: Sequence[float], degrees: bool) -> np.ndarray:
    """Joint values from the command line in API units (radians, length unit); ``degrees``
    says whether revolute values were typed in degrees (``args.deg``)."""
    if len(values) != robot.n:
        raise ValidationError(f"{robot.name} has {robot.n} joints ({robot.joint_types}), "
                              f"got {len(values)} value(s)")
    q = np.array(values, dtype=float)
    return robot.q_from_user(q) if degrees else q


@overload
def joint_rates(robot: Robot, args: argparse.Namespace, values: Sequence[float],
                option: str) -> np.ndarray: ...
@overload
def joint_rates(robot: Robot, args: argparse.Namespace, values: None,
                option: str) -> None: ...


def joint_rates(robot: Robot, args: argparse.Namespace, values: Sequence[float] | None,
                option: str) -> np.ndarray | None:
    """Per-joint rates typed after ``option`` (one for all joints, or one each; degrees per
    second unless ``--rad``) in API units per second, or None when the option was left out."""
    if values is None:
        return None
    if len(values) not in (1, robot.n):
        raise ValidationError(f"{option} takes 1 value or {robot.n} (one per joint), got "
                              f"{len(values)}")
    rates = np.broadcast_to(np.asarray(values, dtype=float), (robot.n,))
    return robot.q_from_user(rates) if args.deg else rates.copy()


def speed_units(robot: Robot) -> list[str]:
    """The unit of each joint's speed: deg/s, or the length unit per second."""
    return ["deg/s" if j.is_revolute else f"{robot.unit}/s" for j in robot.joints]


def progress_printer(stream: TextIO) -> Callable[[float], None]:
    """Print a percentage on one line of ``stream`` (a terminal), ten steps at most."""
    shown = [-1]

    def report(fraction: float) -> None:
        tenth = int(fraction * 10)
        if tenth > shown[0]:
            shown[0] = tenth
            stream.write(f"\r  {10 * tenth:3d} %")
            stream.flush()
    return report


def print_json(data: object) -> None:
    json.dump(data, sys.stdout, indent=2)
    sys.stdout.write("\n")


def format_matrix(matrix: ArrayLike, digits: int = 6) -> str:
    """Rows of a matrix as aligned text."""
    matrix = np.asarray(matrix, dtype=float)
    cells = [[f"{v:.{digits}f}".replace("-0.000000", " 0.000000") for v in row] for row in matrix]
    width = max(len(c) for row in cells for c in row)
    return "\n".join("  ".join(c.rjust(width) for c in row) for row in cells)

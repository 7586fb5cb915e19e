"""Helpers shared by the sub-commands: robot and joint-value arguments, printing, JSON."""

import json
import sys

import numpy as np

from ..errors import ValidationError
from ..library import load_robot
from ..parsing import is_number


def add_robot_argument(parser):
    parser.add_argument("robot", metavar="ROBOT",
                        help="library name (see 'robosim list') or a .json/.csv robot file")


def add_joint_arguments(parser, nargs="+"):
    parser.add_argument("q", metavar="q", nargs=nargs, type=float,
                        help="joint values: radians (revolute) and the robot's length unit "
                             "(prismatic); degrees with --deg")
    parser.add_argument("--deg", action="store_true",
                        help="revolute joint values are in degrees")


def add_configuration_arguments(parser, nargs="+"):
    """Joint values ``q ...`` (``--deg`` for degrees), or the name of one of the robot's poses;
    with ``nargs="*"`` they may be left out for the home pose."""
    parser.add_argument("q", metavar="q", nargs=nargs,
                        help="joint values: radians (revolute) and the robot's length unit "
                             "(prismatic), degrees with --deg; or the name of a pose "
                             "(home, or one listed by 'robosim show ROBOT')")
    parser.add_argument("--deg", action="store_true",
                        help="revolute joint values are in degrees")


def configuration(robot, args):
    """The configuration given by :func:`add_configuration_arguments`, in API units.

    A single word that is not a number names a pose: ``robosim fk "Puma 560" qr``; no values
    at all mean the home pose.
    """
    if not args.q:
        return robot.home
    if len(args.q) == 1 and not is_number(args.q[0]):
        return robot.pose(args.q[0])
    for i, text in enumerate(args.q, start=1):
        if not is_number(text):
            raise ValidationError(f"joint value {i} must be a number, got {text!r}")
    return joint_values(robot, [float(text) for text in args.q], args.deg)


def add_json_argument(parser, **options):
    """``--json``; ``options`` go to ``add_argument`` (e.g. ``default=argparse.SUPPRESS``)."""
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON",
                        **options)


def robot_from_args(args):
    return load_robot(args.robot)


def joint_values(robot, values, degrees):
    """Joint values from the command line in API units (radians, length unit)."""
    if len(values) != robot.n:
        raise ValidationError(f"{robot.name} has {robot.n} joints ({robot.joint_types}), "
                              f"got {len(values)} value(s)")
    q = np.array(values, dtype=float)
    return robot.q_from_user(q) if degrees else q


def progress_printer(stream):
    """Print a percentage on one line of ``stream`` (a terminal), ten steps at most."""
    shown = [-1]

    def report(fraction):
        tenth = int(fraction * 10)
        if tenth > shown[0]:
            shown[0] = tenth
            stream.write(f"\r  {10 * tenth:3d} %")
            stream.flush()
    return report


def print_json(data):
    json.dump(data, sys.stdout, indent=2)
    sys.stdout.write("\n")


def format_matrix(matrix, digits=6):
    """Rows of a matrix as aligned text."""
    matrix = np.asarray(matrix, dtype=float)
    cells = [[f"{v:.{digits}f}".replace("-0.000000", " 0.000000") for v in row] for row in matrix]
    width = max(len(c) for row in cells for c in row)
    return "\n".join("  ".join(c.rjust(width) for c in row) for row in cells)

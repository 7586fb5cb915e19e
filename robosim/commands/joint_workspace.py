"""``robosim joint-workspace``: the joint values a sweep or a box of positions needs.

The Lynx6 (and arms of its shape) is solved in closed form with the gripper at ``--pitch``
degrees to the ground; every other arm numerically from ``--start`` (default home), holding the
start's gripper orientation when it has 6 or more joints (``--rpy`` another one,
``--position-only`` none). Angles on this command line are degrees, lengths the robot's unit;
printed joint values are degrees (prismatic joints: the length unit).
"""

import argparse
import sys

import numpy as np

from .. import ik
from ..workspace import joint as jw
from ..errors import ValidationError
from ..files import atomic_write_text
from ..kinematics import rpy2r
from .common import (ANGLE, COORDINATE, DEGREES_OR_RADIANS, Number, add_angle_unit,
                     add_robot_argument, check_output, print_json, progress_printer, radians,
                     robot_from_args, text)

#: Positions along a sweep or a box edge (the core refuses more than a million in all).
COUNT = Number(1, jw.MAX_POSITIONS, whole=True)


def register(subparsers):
    parser = subparsers.add_parser(
        "joint-workspace", help="joint values along a sweep of x, y or z, or over a box",
        description="Solve the IK along a sweep or over a box of gripper positions and mark "
                    "the joints that leave their limits (3D-RAS's q1..q4 indicators) and the "
                    "positions out of reach. The Lynx6: closed form, gripper at --pitch "
                    "(degrees, radians with --rad) to the ground, out of reach also beyond "
                    "the paper's eqs. 19-20. Other arms: numeric IK from --start, position "
                    "only below 6 joints, the start's gripper orientation held from 6 joints; "
                    "the verdicts are the search's (it also searches with the limits opened).")
    add_robot_argument(parser)
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--sweep", nargs=4, metavar=("AXIS", "FROM", "TO", "N"),
                       help=f"sweep x, y or z from FROM to TO ({COORDINATE.bounds}) in N "
                            f"positions (at most {jw.MAX_POSITIONS:,})")
    where.add_argument("--box", nargs=6, type=COORDINATE,
                       metavar=("XMIN", "YMIN", "ZMIN", "XMAX", "YMAX", "ZMAX"),
                       help=f"every position of a box (see --steps); each {COORDINATE.bounds}")
    parser.add_argument("--at", nargs=3, type=COORDINATE, default=None, metavar=("X", "Y", "Z"),
                        help=f"the point a sweep passes through (default: the start position; "
                             f"each {COORDINATE.bounds})")
    parser.add_argument("--steps", nargs=3, type=COUNT, default=(10, 10, 10),
                        metavar=("NX", "NY", "NZ"),
                        help=f"positions along each box edge (at most {jw.MAX_POSITIONS:,} "
                             f"in all)")
    lynx6 = parser.add_argument_group("Lynx6 (closed form)")
    lynx6.add_argument("--pitch", type=ANGLE, default=None,
                       help=f"gripper angle to the ground, {DEGREES_OR_RADIANS} (-90 deg: "
                            f"pointing down; default 0; {ANGLE.bounds})")
    lynx6.add_argument("--elbow", choices=("up", "down"), default=None, help="default up")
    lynx6.add_argument("--reach", choices=("front", "either"), default=None,
                       help="front (default): facing the target, as the paper; either: also "
                            "leaning back over the base")
    other = parser.add_argument_group("other arms (numeric)")
    other.add_argument("--start", metavar="POSE", default="home", type=text,
                       help="the configuration the search starts from and whose gripper "
                            "orientation is held (a pose of the robot; default home)")
    held = other.add_mutually_exclusive_group()
    held.add_argument("--rpy", nargs=3, type=ANGLE, metavar=("ROLL", "PITCH", "YAW"),
                      help=f"6+ joints: hold this gripper orientation ({DEGREES_OR_RADIANS}, "
                           f"fixed X, Y, Z; each {ANGLE.bounds})")
    held.add_argument("--position-only", action="store_true",
                      help="6+ joints: solve for the position only, any orientation")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print machine-readable JSON")
    output.add_argument("--csv", metavar="FILE", type=text,
                        help="write every position and its joints")
    add_angle_unit(parser)
    parser.set_defaults(handler=joint_workspace_command)


def _options(robot, args):
    """Keyword arguments of :func:`robosim.workspace.joint.joint_workspace` from ``args``, and
    the start configuration."""
    if ik.is_lynx6_shaped(robot):
        numeric_flags = [flag for flag, given in (("--start", args.start != "home"),
                                                  ("--rpy", args.rpy is not None),
                                                  ("--position-only", args.position_only))
                         if given]
        if numeric_flags:
            raise ValidationError(f"{' and '.join(numeric_flags)}: {robot.name} is solved in "
                                  f"closed form; give --pitch (and --elbow, --reach) instead")
        pitch = float(radians(args, 0.0 if args.pitch is None else args.pitch))
        return dict(wrist_pitch=pitch, elbow=args.elbow, reach=args.reach), robot.home
    lynx6_flags = [flag for flag, value in (("--pitch", args.pitch), ("--elbow", args.elbow),
                                            ("--reach", args.reach)) if value is not None]
    if lynx6_flags:
        raise ValidationError(f"{' and '.join(lynx6_flags)}: only for Lynx6-shaped arms; "
                              f"{robot.name} is solved numerically (see --start, --rpy, "
                              f"--position-only)")
    start = robot.pose(args.start)
    orientation = None if args.rpy is None else rpy2r(radians(args, args.rpy))
    progress = progress_printer(sys.stderr) if sys.stderr.isatty() and not args.json else None
    return dict(q0=start, orientation=orientation, position_only=args.position_only,
                progress=progress), start


def _joint_result(robot, args):
    options, start = _options(robot, args)
    if args.box is not None:
        return jw.joint_box(robot, args.box[:3], args.box[3:], args.steps, **options)
    axis, *numbers = (value.strip() for value in args.sweep)
    what = f"--sweep {' '.join([axis, *numbers])}"
    try:
        float(numbers[0]), float(numbers[1]), int(numbers[2])
    except ValueError:
        raise ValidationError(f"{what}: give an axis (x, y or z), two numbers and a whole "
                              f"number of positions") from None
    begin, end = (COORDINATE.parse(v, what) for v in numbers[:2])
    count = COUNT.parse(numbers[2], what)
    at = robot.fk(start)[:3, 3] if args.at is None else args.at
    return jw.joint_sweep(robot, axis.lower(), begin, end, count, at, **options)


def _flags(result):
    """Per position: "" (reachable), "out of reach" or "q1 q4 outside limits"."""
    flags = []
    for far, outside in zip(result.out_of_reach, result.outside, strict=True):
        joints = " ".join(f"q{j + 1}" for j in np.flatnonzero(outside))
        flags.append("out of reach" if far else f"{joints} outside limits" if joints else "")
    return flags


def _method_lines(result, start_name):
    """What a numeric run solved and how hard it searched (nothing for the closed form)."""
    if not result.numeric:
        return []
    rpy = jw.held_rpy_degrees(result.orientation)
    held = ("position only" if rpy is None else
            "orientation held at roll, pitch, yaw " + ", ".join(f"{v:.4g}" for v in rpy)
            + " deg" + (f" (the {start_name} pose's)" if start_name else ""))
    return [f"numeric IK, {held}", f"search: {result.search}"]


def joint_workspace_command(args: argparse.Namespace) -> int:
    robot = robot_from_args(args)
    check_output(args.csv, "--csv")
    result = _joint_result(robot, args)
    if result.numeric and sys.stderr.isatty() and not args.json:
        sys.stderr.write("\r")                 # the end of the percentage line
    values = np.round(robot.q_to_user(result.q), 6) + 0.0
    units = ["deg" if joint.is_revolute else robot.unit for joint in robot.joints]
    flags = _flags(result)
    joints = " ".join(f"q{j + 1}" for j in range(robot.n))
    method = _method_lines(result, None if args.rpy is not None else args.start)
    if args.csv:
        header = "x,y,z," + ",".join(f"q{j + 1}_{u}" for j, u in enumerate(units)) + ",status"
        rows = [",".join(f"{v:.8g}" for v in (*p, *q)) + f",{flag or 'reachable'}"
                for p, q, flag in zip(result.positions.tolist(), values.tolist(), flags,
                                      strict=True)]
        try:
            atomic_write_text(args.csv, "\n".join([header, *rows]) + "\n")
        except OSError as exc:
            raise ValidationError(f"--csv {args.csv}: cannot write it "
                                  f"({exc.strerror or exc})") from None
    summary = result.summary()
    if args.json:
        print_json({**summary, "positions_xyz": result.positions.tolist(),
                    "q_deg": values.tolist(), "joint_units": units,
                    "status": [f or "reachable" for f in flags]})
        return 0
    for line in method:
        print(line)
    if result.axis is not None:
        print(f"{result.axis:>9} ({robot.unit})  " + "  ".join(f"{f'q{j + 1}':>8}"
                                                           for j in range(robot.n)))
        switch = (np.zeros(len(flags), bool) if result.branch_switch is None
                  else result.branch_switch)
        for s, q, flag, switched in zip(result.swept, values, flags, switch, strict=True):
            print(f"{s:14.4g}  " + "  ".join(f"{v:8.2f}" for v in q) + f"  {flag}"
                  + ("  <- another IK branch" if switched else ""))
    outside = ", ".join(f"q{j + 1} {n}" for j, n in enumerate(summary["joint_outside_limits"])
                        if n)
    unit_note = "degrees" if all(u == "deg" for u in units) else f"degrees and {robot.unit}"
    print(f"{summary['positions']:,} positions ({joints} in {unit_note}): "
          f"{summary['reachable']:,} reachable, {summary['out_of_reach']:,} out of reach"
          + (f"; outside limits: {outside}" if outside else "")
          + f" ({result.elapsed:.2f} s)")
    if summary.get("branch_switches_at"):
        where = ", ".join(f"{v:.4g}" for v in summary["branch_switches_at"])
        print(f"note: the IK had to change branch at {result.axis} = {where} {robot.unit}: the "
              f"joint curves jump there (no solution on the same branch was found)")
    if args.csv:
        print(f"saved {args.csv}")
    return 0

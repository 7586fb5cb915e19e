"""``robosim workspace`` and ``robosim joint-workspace``: where the arm reaches, and the joint
values a range of positions needs.

Angles on this command line are degrees (``--step``, ``--range`` of revolute joints, the wrist
pitch, printed joint values), lengths the robot's unit. Before computing, ``workspace`` prints
the number of configurations and an estimate of the time (``--dry-run`` stops there).
"""

import math
import sys
from pathlib import Path

import numpy as np

from .. import joint_workspace as jw
from .. import workspace as ws
from ..errors import ValidationError
from ..library import atomic_write_text
from ..workspace_export import DATA_SUFFIXES, save_workspace
from .common import add_json_argument, add_robot_argument, print_json, robot_from_args


def register(subparsers):
    parser = subparsers.add_parser(
        "workspace", help="forward workspace: configurations, voxels, volume, reach, picture",
        description="Sweep every joint over its range (default: its limits) with a step, "
                    "3D-RAS's Factor (step = Factor degrees, point count of its eq. 18) or "
                    "random samples, and report the end effector's occupied voxels, volume, "
                    "bounding box and maximum reach. Without --factor, --step or --samples a "
                    "Factor computing about a million positions is chosen. The cloud is the "
                    "chosen grid; when it is coarse, the volume, voxels and sections are counted "
                    "on a finer grid over the same ranges (about 2 million positions more), "
                    "and the output says which.")
    add_robot_argument(parser)
    sampling = parser.add_mutually_exclusive_group()
    sampling.add_argument("--factor", type=float, help="3D-RAS Factor, 1..90 (step in degrees)")
    sampling.add_argument("--step", type=float, metavar="DEG",
                          help="joint step in degrees (prismatic joints: 1%% of the travel "
                               "per degree), both range ends included")
    sampling.add_argument("--samples", type=int, metavar="N",
                          help="N random configurations (Monte Carlo) instead of a grid")
    parser.add_argument("--range", nargs=3, action="append", default=[], metavar=("J", "MIN", "MAX"),
                        help="joint J (1-based) from MIN to MAX (degrees or length unit); "
                             "repeat for several joints; MIN = MAX holds the joint still")
    parser.add_argument("--voxel", type=float, metavar="LENGTH",
                        help="voxel edge in the robot's unit (default: the spacing of the grid "
                             "the volume is counted on, refined when the cloud's is coarse)")
    parser.add_argument("--out", metavar="FILE",
                        help="save the picture (.png) or the voxel counts (.npz, .csv)")
    parser.add_argument("--dry-run", action="store_true",
                        help="only print the configurations and the time estimate")
    add_json_argument(parser)
    parser.set_defaults(handler=workspace_command)

    parser = subparsers.add_parser(
        "joint-workspace", help="Lynx6 joint values along a sweep of x, y or z, or over a box",
        description="Solve the Lynx6's closed-form IK (gripper at --pitch degrees to the "
                    "ground) along a sweep or over a box of positions, and mark the joints "
                    "that leave their limits (3D-RAS's q1..q4 indicators) and the positions "
                    "out of reach (no solution, or beyond the paper's eqs. 19-20).")
    add_robot_argument(parser)
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--sweep", nargs=4, metavar=("AXIS", "FROM", "TO", "N"),
                       help="sweep x, y or z from FROM to TO in N positions")
    where.add_argument("--box", nargs=6, type=float,
                       metavar=("XMIN", "YMIN", "ZMIN", "XMAX", "YMAX", "ZMAX"),
                       help="every position of a box (see --steps)")
    parser.add_argument("--at", nargs=3, type=float, default=None, metavar=("X", "Y", "Z"),
                        help="the point a sweep passes through (default: the home position)")
    parser.add_argument("--steps", nargs=3, type=int, default=(10, 10, 10),
                        metavar=("NX", "NY", "NZ"), help="positions along each box edge")
    parser.add_argument("--pitch", type=float, default=0.0,
                        help="gripper angle to the ground, degrees (-90: pointing down)")
    parser.add_argument("--elbow", choices=("up", "down"), default="up")
    parser.add_argument("--reach", choices=("front", "either"), default="front",
                        help="front: facing the target, as the paper; either: also leaning "
                             "back over the base")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print machine-readable JSON")
    output.add_argument("--csv", metavar="FILE", help="write every position and its joints")
    parser.set_defaults(handler=joint_workspace_command)


def parse_ranges(robot, triples):
    """``--range J MIN MAX`` triples (user units) as ``{joint index: (min, max)}`` in API units."""
    ranges = {}
    for joint_text, *bounds in triples:
        try:
            joint = int(joint_text)
            low, high = (float(v) for v in bounds)
        except ValueError:
            raise ValidationError(f"--range {joint_text} {' '.join(bounds)}: give a joint "
                                  f"number and two numbers") from None
        if not 1 <= joint <= robot.n:
            raise ValidationError(f"--range: joint {joint} does not exist ({robot.name} has "
                                  f"joints 1..{robot.n})")
        if robot.joints[joint - 1].is_revolute:
            low, high = math.radians(low), math.radians(high)
        ranges[joint - 1] = (low, high)
    return ranges


def _check_out(path):
    if path is None:
        return
    suffix = Path(path).suffix.lower()
    if suffix not in (".png", *DATA_SUFFIXES):
        raise ValidationError(f"--out {path}: the file must end in .png, .npz or .csv")
    folder = Path(path).parent
    if not folder.is_dir():
        raise ValidationError(f"--out {path}: folder {folder} does not exist")


def _save(result, path):
    try:
        if Path(path).suffix.lower() == ".png":
            from ..gui.workspace_plots import save_workspace_png  # matplotlib only here
            save_workspace_png(result, path)
        else:
            save_workspace(result, path)
    except OSError as exc:
        raise ValidationError(f"--out {path}: cannot write it ({exc.strerror or exc})") from None


def _progress_printer(stream):
    """Print a percentage on one line of ``stream`` (a terminal), ten steps at most."""
    shown = [-1]

    def report(fraction):
        tenth = int(fraction * 10)
        if tenth > shown[0]:
            shown[0] = tenth
            stream.write(f"\r  {10 * tenth:3d} %")
            stream.flush()
    return report


def workspace_command(args):
    robot = robot_from_args(args)
    ranges = parse_ranges(robot, args.range)
    _check_out(args.out)
    if args.samples is not None:
        grid, plan_text = None, f"{args.samples:,} random configurations (Monte Carlo)"
        estimate = None
    else:
        if args.step is not None:
            grid = ws.step_grid(robot, math.radians(args.step), ranges)
        else:
            factor = args.factor if args.factor is not None else ws.auto_factor(robot, ranges)
            grid = ws.factor_grid(robot, factor, ranges)
        estimate = ws.estimate_seconds(robot, grid, args.voxel)
        plan_text = (f"{grid.configurations:,} configurations ({' x '.join(map(str, grid.counts))}),"
                     f" estimated {estimate:.2g} s")
    if args.dry_run:
        if args.json:
            print_json({"robot": robot.name, "configurations":
                        args.samples if grid is None else grid.configurations,
                        "estimated_s": estimate})
        else:
            print(f"{robot.name}: {plan_text}")
        return 0
    if not args.json:
        print(f"{robot.name}: {plan_text}", flush=True)
    progress = _progress_printer(sys.stderr) if sys.stderr.isatty() and not args.json else None
    if grid is None:
        result = ws.monte_carlo_workspace(robot, args.samples, ranges=ranges, voxel=args.voxel,
                                          progress=progress)
    else:
        result = ws.forward_workspace(robot, grid, voxel=args.voxel, progress=progress)
    if progress is not None:
        sys.stderr.write("\r")
    if args.out:
        _save(result, args.out)
    summary = result.summary()
    if args.json:
        print_json({**summary, "out": args.out})
        return 0
    lower, upper = result.bounding_box()
    unit = robot.unit
    print(f"configurations  {result.configurations:,}  ({result.positions:,} segment positions "
          f"computed)")
    print(f"voxel           {result.voxel:.4g} {unit}, {result.occupied():,} occupied by the "
          f"end effector")
    print(f"volume          {result.volume():.4g} {unit}^3 from {result.volume_basis()}")
    print(f"reach           {result.reach:.6g} {unit} from the base origin")
    print("bounding box    " + "  ".join(f"{a} {lo:.4g}..{hi:.4g}"
                                         for a, lo, hi in zip("xyz", lower, upper)) + f" {unit}")
    print(f"elapsed         {result.elapsed:.3f} s")
    for note in result.notes:
        print(f"note: {note}")
    if args.out:
        print(f"saved {args.out}")
    return 0


def _joint_result(robot, args):
    options = dict(elbow=args.elbow, reach=args.reach)
    pitch = math.radians(args.pitch)
    if args.box is not None:
        return jw.joint_box(robot, args.box[:3], args.box[3:], args.steps, pitch, **options)
    axis, *numbers = args.sweep
    try:
        start, stop, count = float(numbers[0]), float(numbers[1]), int(numbers[2])
    except ValueError:
        raise ValidationError(f"--sweep {' '.join(args.sweep)}: give an axis (x, y or z), two "
                              f"numbers and a whole number of positions") from None
    at = robot.fk(robot.home)[:3, 3] if args.at is None else args.at
    return jw.joint_sweep(robot, axis.lower(), start, stop, count, at, pitch, **options)


def _flags(result, robot):
    """Per position: "" (reachable), "out of reach" or "q1 q4 outside limits"."""
    flags = []
    for far, outside in zip(result.out_of_reach, result.outside):
        joints = " ".join(f"q{j + 1}" for j in np.flatnonzero(outside))
        flags.append("out of reach" if far else f"{joints} outside limits" if joints else "")
    return flags


def joint_workspace_command(args):
    robot = robot_from_args(args)
    result = _joint_result(robot, args)
    degrees = np.round(np.degrees(result.q), 6) + 0.0
    flags = _flags(result, robot)
    joints = " ".join(f"q{j + 1}" for j in range(robot.n))
    if args.csv:
        header = "x,y,z," + ",".join(f"q{j + 1}_deg" for j in range(robot.n)) + ",status"
        rows = [",".join(f"{v:.8g}" for v in (*p, *q)) + f",{flag or 'reachable'}"
                for p, q, flag in zip(result.positions.tolist(), degrees.tolist(), flags)]
        try:
            atomic_write_text(args.csv, "\n".join([header, *rows]) + "\n")
        except OSError as exc:
            raise ValidationError(f"--csv {args.csv}: cannot write it "
                                  f"({exc.strerror or exc})") from None
    summary = result.summary()
    if args.json:
        print_json({**summary, "positions_xyz": result.positions.tolist(),
                    "q_deg": degrees.tolist(), "status": [f or "reachable" for f in flags]})
        return 0
    if result.axis is not None:
        print(f"{result.axis:>9} ({robot.unit})  " + "  ".join(f"{f'q{j + 1}':>8}"
                                                           for j in range(robot.n)))
        for s, q, flag in zip(result.swept, degrees, flags):
            print(f"{s:14.4g}  " + "  ".join(f"{v:8.2f}" for v in q) + f"  {flag}")
    outside = ", ".join(f"q{j + 1} {n}" for j, n in enumerate(summary["joint_outside_limits"])
                        if n)
    print(f"{summary['positions']:,} positions ({joints} in degrees): {summary['reachable']:,} "
          f"reachable, {summary['out_of_reach']:,} out of reach"
          + (f"; outside limits: {outside}" if outside else ""))
    if args.csv:
        print(f"saved {args.csv}")
    return 0

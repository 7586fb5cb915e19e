"""``robosim workspace``: where the arm reaches (``robosim joint-workspace`` is in
:mod:`robosim.commands.joint_workspace`).

Angles on this command line are degrees (``--step``, ``--range`` of revolute joints), lengths
the robot's unit. Before computing, ``workspace`` prints the number of configurations and an
estimate of the time (``--dry-run`` stops there).
"""

import argparse
import math
import sys
from pathlib import Path

from .. import workspace as ws
from ..errors import ValidationError
from ..workspace.export import DATA_SUFFIXES, save_workspace
from ..robot_files import MAX_LENGTH
from .common import (COORDINATE, DEGREES_OR_RADIANS, JOINT_UNITS, Number, add_angle_unit,
                     add_json_argument, add_robot_argument, check_output, print_json,
                     progress_printer, radians, robot_from_args, text)

FACTOR = Number(1, 90, what="the 3D-RAS Factor")
STEP_DEG = Number(0, 360, above=True)
SAMPLES = Number(1, ws.MAX_POSITIONS, whole=True)
VOXEL = Number(0, MAX_LENGTH, above=True)
VOLUME_POSITIONS = Number(0, ws.MAX_POSITIONS, whole=True)


def register(subparsers):
    parser = subparsers.add_parser(
        "workspace", help="forward workspace: configurations, voxels, volume, reach, picture",
        description="Sweep every joint over its range (default: its limits) with a step, "
                    "3D-RAS's Factor (step = Factor degrees, point count of its eq. 18) or "
                    "random samples, and report the end effector's occupied voxels, volume, "
                    "bounding box and maximum reach. Without --factor, --step or --samples a "
                    "Factor computing about a million positions is chosen, or, for an arm "
                    "whose joints are too many for a grid to measure its volume, 2 million "
                    "random samples (the output says so). The cloud is the "
                    "chosen grid; when it is coarse, the volume, voxels and sections are counted "
                    "on a finer grid over the same ranges (about 2 million positions more), "
                    "and the output says which.")
    add_robot_argument(parser)
    sampling = parser.add_mutually_exclusive_group()
    sampling.add_argument("--factor", type=FACTOR,
                          help=f"3D-RAS Factor, {FACTOR.bounds} (step in degrees)")
    sampling.add_argument("--step", type=STEP_DEG, metavar="DEG",
                          help=f"joint step in {DEGREES_OR_RADIANS} (prismatic joints: 1%% of "
                               f"the travel per degree), both range ends included "
                               f"({STEP_DEG.bounds}; at most {ws.MAX_POSITIONS:.0e} positions "
                               f"in all)")
    sampling.add_argument("--samples", type=SAMPLES, metavar="N",
                          help=f"N random configurations (Monte Carlo) instead of a grid "
                               f"({SAMPLES.bounds})")
    parser.add_argument("--range", nargs=3, action="append", default=[],
                        metavar=("J", "MIN", "MAX"),
                        help=f"joint J (1-based) from MIN to MAX ({JOINT_UNITS}; "
                             f"{COORDINATE.bounds}); repeat for several joints; MIN = MAX "
                             f"holds the joint still")
    parser.add_argument("--voxel", type=VOXEL, metavar="LENGTH",
                        help=f"voxel edge in the robot's unit (default: the spacing of the grid "
                             f"the volume is counted on, refined when the cloud's is coarse; "
                             f"{VOXEL.bounds}, and at most {ws.MAX_VOXELS:,} voxels)")
    parser.add_argument("--volume-positions", type=VOLUME_POSITIONS, metavar="N",
                        help=f"positions the volume may be counted on when the grid is coarse "
                             f"(default {ws.VOLUME_POSITIONS:,}; more: finer voxels, slower); "
                             f"0 counts the chosen grid itself")
    parser.add_argument("--out", metavar="FILE", type=text,
                        help="save the picture (.png) or the voxel counts (.npz, .csv)")
    parser.add_argument("--dry-run", action="store_true",
                        help="only print the configurations and the time estimate")
    add_angle_unit(parser)
    add_json_argument(parser)
    parser.set_defaults(handler=workspace_command)



def parse_ranges(robot, triples, degrees=True):
    """``--range J MIN MAX`` triples (user units: revolute joints in degrees, or radians when
    not ``degrees``) as ``{joint index: (min, max)}`` in API units."""
    ranges = {}
    for joint_text, *bounds in triples:
        what = f"--range {joint_text.strip()} {' '.join(b.strip() for b in bounds)}"
        try:
            joint = int(joint_text)
        except ValueError:
            raise ValidationError(f"{what}: give a joint number and two numbers") from None
        low, high = (COORDINATE.parse(v, what) for v in bounds)
        if not 1 <= joint <= robot.n:
            raise ValidationError(f"--range: joint {joint} does not exist ({robot.name} has "
                                  f"joints 1..{robot.n})")
        if robot.joints[joint - 1].is_revolute and degrees:
            low, high = math.radians(low), math.radians(high)
        ranges[joint - 1] = (low, high)
    return ranges


def _check_out(path):
    if path is None:
        return
    suffix = Path(path).suffix.lower()
    if suffix not in (".png", *DATA_SUFFIXES):
        raise ValidationError(f"--out {path}: the file must end in .png, .npz or .csv")
    check_output(path, "--out")


def _save(result, path):
    try:
        if Path(path).suffix.lower() == ".png":
            from ..plotting.workspace import save_workspace_png  # matplotlib only here
            save_workspace_png(result, path)
        else:
            save_workspace(result, path)
    except OSError as exc:
        raise ValidationError(f"--out {path}: cannot write it ({exc.strerror or exc})") from None


def _volume_from(robot, grid, args):
    """The grid the volume is counted on, from ``--volume-positions`` (None: the default)."""
    if args.volume_positions is None:
        return None
    if args.volume_positions == 0:
        return grid
    return ws.volume_grid(robot, grid, args.voxel, positions=args.volume_positions)


def workspace_command(args: argparse.Namespace) -> int:
    robot = robot_from_args(args)
    ranges = parse_ranges(robot, args.range, args.deg)
    _check_out(args.out)
    volume_from, why = None, ""
    if args.samples is None and args.factor is None and args.step is None \
            and args.volume_positions is None:
        auto = ws.factor_grid(robot, ws.auto_factor(robot, ranges), ranges)
        if not ws.grid_measures_volume(robot, auto, args.voxel):
            args.samples = ws.VOLUME_POSITIONS
            why = f": a grid over its {robot.n} joints samples too coarsely to measure a volume"
    if args.samples is not None:
        ws.check_plan(robot, samples=args.samples, voxel=args.voxel)   # as the run will
        grid = None
        estimate = ws.estimate_samples_seconds(robot, args.samples, ranges, args.voxel)
        plan_text = (f"{args.samples:,} random configurations (Monte Carlo{why}), estimated "
                     f"{estimate:.2g} s")
    else:
        if args.step is not None:
            grid = ws.step_grid(robot, float(radians(args, args.step)), ranges)
        else:
            factor = args.factor if args.factor is not None else ws.auto_factor(robot, ranges)
            grid = ws.factor_grid(robot, factor, ranges)
        volume_from = _volume_from(robot, grid, args)
        estimate = ws.estimate_seconds(robot, grid, args.voxel, volume_from)
        counts = " x ".join(map(str, grid.counts))
        plan_text = (f"{grid.configurations:,} configurations ({counts}),"
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
    progress = progress_printer(sys.stderr) if sys.stderr.isatty() and not args.json else None
    if grid is None:
        result = ws.monte_carlo_workspace(robot, args.samples, ranges=ranges, voxel=args.voxel,
                                          progress=progress)
    else:
        result = ws.forward_workspace(robot, grid, voxel=args.voxel, progress=progress,
                                      volume_from=volume_from)
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
                                         for a, lo, hi in zip("xyz", lower, upper,
                                                              strict=True)) + f" {unit}")
    print(f"elapsed         {result.elapsed:.3f} s")
    for note in result.notes:
        print(f"note: {note}")
    if args.out:
        print(f"saved {args.out}")
    return 0


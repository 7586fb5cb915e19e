"""``robosim plan``: a collision-free path from one configuration to another, or to a pose.

RRT-Connect and shortcutting (:func:`robosim.planning.plan`) around the default scene (the
floor; the Lynx6's table) or a scene file's obstacles. Angles typed here are degrees, or
radians with ``--rad``; lengths are the robot's unit. Prints the path's poses and how long the
timed motion takes (it stops at each pose: :meth:`robosim.planning.Plan.trajectory`);
``--csv`` writes that motion as a trajectory CSV, which ``robosim arm play`` plays. Exit
status 1 when there is no path (the start or goal collides, or none was found in the time),
2 a usage error.
"""

import argparse
import numpy as np

from .. import planning
from ..collision import load_scene
from ..kinematics import xyzrpy2tr
from ..trajectory import DEFAULT_DT
from ..trajectory.files import write_trajectory_csv
from .common import (COORDINATE, DEGREES_OR_RADIANS, JOINT_UNITS, POSITIVE_RATE, SECONDS,
                     Number, add_angle_unit, add_json_argument, add_robot_argument,
                     check_output, joint_rates, joint_values, print_json, radians,
                     robot_from_args, speed_units, text)

NOT_REACHED = 1
#: The planner's seed and time limit as typed.
SEED = Number(0, 2**32 - 1, whole=True, what="the seed")
TIME_LIMIT = Number(0, planning.MAX_TIME_LIMIT, above=True, what="the time limit")


def register(subparsers):
    parser = subparsers.add_parser(
        "plan", help="plan a collision-free motion around obstacles (RRT-Connect)",
        description=f"Find a path from --from (default home) to --to ({JOINT_UNITS}) or to "
                    f"the pose --pose x y z roll pitch yaw, around the floor (the Lynx6: its "
                    f"table) or a scene file's obstacles: bidirectional RRT (RRT-Connect, "
                    f"Kuffner & LaValle 2000) in joint space, then shortcuts. Prints the "
                    f"path's poses and the timed motion's duration (it stops at each pose); "
                    f"exit status 1 when there is no path.")
    add_robot_argument(parser)
    parser.add_argument("--from", dest="start", metavar="q", nargs="+", type=COORDINATE,
                        help=f"start joint values (default home; {COORDINATE.bounds})")
    goal = parser.add_mutually_exclusive_group(required=True)
    goal.add_argument("--to", dest="goal", metavar="q", nargs="+", type=COORDINATE,
                      help=f"goal joint values ({COORDINATE.bounds})")
    goal.add_argument("--pose", metavar=("X", "Y", "Z", "R", "P", "Y"), nargs=6,
                      type=COORDINATE,
                      help=f"goal pose of the tool: x y z (robot's unit) and roll pitch yaw "
                           f"({DEGREES_OR_RADIANS}); every collision-free IK solution is a "
                           f"goal")
    parser.add_argument("--axes", default="pose", type=text,
                        help="with --pose: the components to reach: pose (default), position, "
                             "or e.g. 'xyz ry' (a 5-joint Lynx6 reaches only some orientations)")
    parser.add_argument("--scene", metavar="FILE", type=text,
                        help="obstacles in a scene file (robosim-scene/1 JSON, docs/formats.md) "
                             "instead of the default scene (the floor; the Lynx6's table)")
    parser.add_argument("--seed", type=SEED, default=0,
                        help=f"random seed: the same seed, the same path (default 0; "
                             f"{SEED.bounds})")
    parser.add_argument("--time-limit", metavar="S", type=TIME_LIMIT, default=5.0,
                        help=f"give up after this many seconds (default 5; {TIME_LIMIT.bounds})")
    parser.add_argument("--dt", type=SECONDS, default=DEFAULT_DT,
                        help=f"time step of the timed motion, s (default {DEFAULT_DT:g}; "
                             f"{SECONDS.bounds})")
    parser.add_argument("--max-speed", metavar="v", nargs="+", type=POSITIVE_RATE,
                        help="joint speed limits of the timed motion (one value, or one per "
                             "joint, per second; default 60 deg/s)")
    parser.add_argument("--max-accel", metavar="a", nargs="+", type=POSITIVE_RATE,
                        help="joint acceleration limits (per second squared; default "
                             "120 deg/s^2)")
    parser.add_argument("--csv", metavar="FILE", type=text,
                        help="write the timed motion as a trajectory CSV")
    add_angle_unit(parser)
    add_json_argument(parser)
    parser.set_defaults(handler=plan_command)


def plan_command(args: argparse.Namespace) -> int:
    robot = robot_from_args(args)
    check_output(args.csv, "--csv")
    start = robot.home if args.start is None else joint_values(robot, args.start, args.deg)
    if args.goal is not None:
        goal = joint_values(robot, args.goal, args.deg)
    else:
        goal = xyzrpy2tr(args.pose[:3], radians(args, args.pose[3:]))
    scene = load_scene(args.scene) if args.scene else None
    found = planning.plan(robot, start, goal, scene, seed=args.seed,
                          time_limit=args.time_limit, axes=args.axes)
    profile = written = None
    if found.success:
        profile = found.trajectory(args.dt, joint_rates(robot, args, args.max_speed, "--max-speed"),
                                   joint_rates(robot, args, args.max_accel, "--max-accel"))
        if args.csv:
            written = str(write_trajectory_csv(args.csv, robot, profile.t, profile.q))
    if args.json:
        print_json(_json(robot, found, profile, written))
    else:
        _print(robot, found, profile, written)
    return 0 if found.success else NOT_REACHED


def _json(robot, found, profile, written):
    """The plan as JSON: joint values in the user's units (degrees, length unit)."""
    return {"robot": robot.name, "unit": robot.unit, "success": found.success,
            "reason": found.reason, "seconds": found.seconds,
            "nodes": {"start_tree": found.start_nodes, "goal_tree": found.goal_nodes},
            "joint_units": ["deg" if r else robot.unit for r in robot.revolute],
            "path_user": _user(robot, found.path), "goals_user": _user(robot, found.goals),
            "goal_index": found.goal_index, "length_rad": found.length,
            "duration_s": None if profile is None else float(profile.t[-1]),
            "max_joint_speed": None if profile is None else
            robot.q_to_user(np.abs(profile.qd).max(axis=0)).tolist(),
            "joint_speed_units": speed_units(robot), "csv": written}


def _user(robot, q):
    """Joint values in the user's units, rounded to 1e-9 as robosim's files are (60 degrees
    is written 60.0, not 59.99999999999999 after its round trip through radians)."""
    return (np.round(robot.q_to_user(q), 9) + 0.0).tolist()


def _print(robot, found, profile, written):
    print(f"{robot.name}: {found.reason}")
    if not found.success:
        return
    units = ["deg" if r else robot.unit for r in robot.revolute]
    print(f"path: {len(found.path)} poses, {found.length:.4g} rad in joint space "
          f"(as RRT-Connect found it: {planning.path_length(robot, found.tree_path):.4g})")
    print("pose  " + "  ".join(f"q{i}_{unit}" for i, unit in enumerate(units, start=1)))
    for k, row in enumerate(robot.q_to_user(found.path), start=1):
        print(f"{k:4d}  " + "  ".join(f"{v:.4f}" for v in row + 0.0))
    print(f"motion: {profile.t[-1]:g} s in steps of {profile.t[1] - profile.t[0]:g} s, "
          f"stopping at each pose")
    if written:
        print(f"wrote {len(profile.t)} samples to {written}")

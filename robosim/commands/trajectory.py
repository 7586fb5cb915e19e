"""``robosim trajectory`` (Cartesian paths) and ``robosim profile`` (joint-space profiles).

Angles typed here (joint values, the gripper's angle) are degrees, or radians with ``--rad``;
formula variables are plain numbers (``u``, ``v`` in radians inside ``sin(u)``; ``u*deg`` takes
degrees). Lengths are the robot's unit. Exit
status 1 says some points of the path were not reached (the output lists them), 2 a usage
error.
"""

import argparse
import io
import math

import numpy as np

from .. import trajectory
from ..collision import Checker, first_collision, load_scene
from ..errors import ValidationError
from ..files import atomic_write_bytes
from ..trajectory.files import write_trajectory_csv
from .common import (ANGLE, COORDINATE, DEGREES_OR_RADIANS, JOINT_UNITS, POSITIVE_RATE, SECONDS,
                     Number, add_angle_unit, add_json_argument, add_robot_argument,
                     check_output, joint_rates, joint_values, print_json, radians,
                     robot_from_args, speed_units, text)

NOT_REACHED = 1
#: Points followed along a path, each solved by IK (200 take well under a second).
POINTS = Number(2, 10_000, whole=True)
#: Curves a surface or volume is cut into; with the points, at most a million samples.
CURVES = Number(1, 100, whole=True)
INDEX = Number(0, CURVES.high - 1, whole=True)
#: End-effector speed along a path (robot's unit per second).
SPEED = Number(0, 1e6, above=True)


def register(subparsers):
    parser = subparsers.add_parser(
        "trajectory", help="follow a preset or formula path with the end effector",
        description="Make a Cartesian path from a preset of 3D-RAS (section 8) or "
                    "from formulas, follow it by inverse kinematics point by point, and print "
                    "the points reached, the path length and the largest joint speeds. "
                    "Formulas use + - * / ** (or ^), numbers, the variables u v (volume) or "
                    "x1 x2 (surface), pi e tau deg and sin cos tan asin acos atan atan2 sinh "
                    "cosh tanh exp log log10 log2 sqrt abs hypot floor ceil sign min max. "
                    "Exit status 1 when some points are not reached.")
    parser.add_argument("robot", metavar="ROBOT", nargs="?", type=text,
                        help="library name (see 'robosim list') or a .json/.csv robot file")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--preset", metavar="NAME", type=text,
                        help=f"one of: {', '.join(trajectory.PRESETS)}")
    source.add_argument("--formula", metavar=("X", "Y", "Z"), nargs=3, type=text,
                        help="volume path: x, y, z as formulas in u and v (one may start "
                             "with '-': --formula -60*cos(u)+250 0 100)")
    source.add_argument("--surface", metavar="F", type=text,
                        help="surface path: the height z = F(x1, x2)")
    source.add_argument("--list-presets", action="store_true",
                        help="list the presets, their sources and notes")
    parser.add_argument("--points", type=POINTS, default=200,
                        help=f"points along the path (default 200; {POINTS.bounds})")
    parser.add_argument("--curves", type=CURVES, default=None,
                        help=f"curves the surface or volume is cut into (default: the preset's; "
                             f"{trajectory.SURFACE_CURVES} for --surface, 1 for --formula; "
                             f"{CURVES.bounds})")
    parser.add_argument("--index", type=INDEX, default=None,
                        help=f"which curve to follow (default: the preset's; the middle one for "
                             f"--surface, 0 for --formula; {INDEX.bounds})")
    parser.add_argument("--u", dest="u_range", metavar=("MIN", "MAX"), nargs=2,
                        type=COORDINATE, default=(0.0, 2 * math.pi),
                        help=f"range of u (default 0 2pi; each {COORDINATE.bounds})")
    parser.add_argument("--v", dest="v_range", metavar=("MIN", "MAX"), nargs=2,
                        type=COORDINATE, default=(0.0, 0.0),
                        help=f"range of v, across the curves (default 0 0; each "
                             f"{COORDINATE.bounds})")
    parser.add_argument("--x1", dest="x1_range", metavar=("MIN", "MAX"), nargs=2,
                        type=COORDINATE,
                        help=f"surface: range of x1, across the curves ({COORDINATE.bounds})")
    parser.add_argument("--x2", dest="x2_range", metavar=("MIN", "MAX"), nargs=2,
                        type=COORDINATE,
                        help=f"surface: range of x2, along the path ({COORDINATE.bounds})")
    parser.add_argument("--from", dest="start", metavar="q", nargs="+", type=COORDINATE,
                        help=f"start joint values ({JOINT_UNITS}; default home; "
                             f"{COORDINATE.bounds})")
    timing = parser.add_mutually_exclusive_group()
    timing.add_argument("--duration", type=SECONDS,
                        help=f"seconds for the whole path ({SECONDS.bounds})")
    timing.add_argument("--speed", type=SPEED,
                        help=f"end-effector speed along the path (robot's unit per second, "
                             f"{SPEED.bounds}; default "
                             f"{trajectory.DEFAULT_SPEED_FRACTION:g} of its size)")
    parser.add_argument("--wrist-pitch", metavar="DEG", type=ANGLE,
                        help=f"Lynx6-shaped arms: hold the gripper at this angle to the ground "
                             f"({DEGREES_OR_RADIANS}; {ANGLE.bounds}) and solve in closed form "
                             f"(the paper's method)")
    parser.add_argument("--stop", action="store_true",
                        help="stop before the first bad point (default: skip bad points)")
    parser.add_argument("--csv", metavar="FILE", type=text,
                        help="write the motion as a trajectory CSV")
    parser.add_argument("--gif", metavar="FILE", type=text,
                        help="save the animation (.gif, or .mp4 when ffmpeg is installed)")
    parser.add_argument("--png", metavar="FILE", type=text,
                        help="draw the path over the arm to a PNG")
    add_angle_unit(parser)
    add_json_argument(parser)
    parser.set_defaults(handler=trajectory_command)

    parser = subparsers.add_parser(
        "profile", help="joint-space trajectory: linear, cubic, quintic or trapezoidal",
        description=f"Move the joints from --from to --to ({JOINT_UNITS}), "
                    f"through any --via configurations, over --duration seconds sampled every "
                    f"--dt; prints the samples (or writes a CSV) and the largest speeds.")
    add_robot_argument(parser)
    parser.add_argument("--from", dest="start", metavar="q", nargs="+", type=COORDINATE,
                        help=f"start joint values (default home; {COORDINATE.bounds})")
    parser.add_argument("--to", dest="goal", metavar="q", nargs="+", type=COORDINATE,
                        help=f"goal joint values ({COORDINATE.bounds}); or --taught")
    parser.add_argument("--via", metavar="q", nargs="+", type=COORDINATE, action="append",
                        help=f"a via-configuration (repeat for more; {COORDINATE.bounds})")
    parser.add_argument("--kind", choices=trajectory.PROFILE_KINDS,
                        help="velocity profile (default quintic; --max-speed and --taught "
                             "time a quintic)")
    parser.add_argument("--duration", type=SECONDS, default=2.0,
                        help=f"seconds (default 2; {SECONDS.bounds}; at most "
                             f"{trajectory.MAX_SAMPLES:,} samples of --dt)")
    parser.add_argument("--dt", type=SECONDS, default=0.1,
                        help=f"time step, s (default 0.1; {SECONDS.bounds})")
    parser.add_argument("--qd-start", metavar="v", nargs="+", type=COORDINATE,
                        help="cubic or quintic: joint velocities at the start, per second "
                             "(deg/s, rad/s with --rad; length unit/s for prismatic joints)")
    parser.add_argument("--qd-goal", metavar="v", nargs="+", type=COORDINATE,
                        help="cubic or quintic: joint velocities at the goal, per second")
    parser.add_argument("--max-speed", metavar="v", nargs="+", type=POSITIVE_RATE,
                        help="time the move from speed limits instead of --duration (one value, "
                             "or one per joint, per second): via_points, a quintic through "
                             "every via at a whole --dt; needs --max-accel")
    parser.add_argument("--max-accel", metavar="a", nargs="+", type=POSITIVE_RATE,
                        help="acceleration limits for --max-speed (per second squared)")
    parser.add_argument("--taught", metavar="FILE", type=text,
                        help="instead of --from/--via/--to: the poses of a taught sequence "
                             "(robosim-taught/1 JSON, docs/formats.md) with their dwells and "
                             "speeds, timed by --max-speed and --max-accel")
    parser.add_argument("--scene", metavar="FILE", type=text,
                        help="obstacles to flag the first collision against (default: the "
                             "floor; the Lynx6's table)")
    parser.add_argument("--csv", metavar="FILE", type=text, help="write the trajectory as a CSV")
    add_angle_unit(parser)
    add_json_argument(parser)
    parser.set_defaults(handler=profile_command)


def _configuration(robot, values, what, degrees):
    """Joint values typed in degrees (revolute; radians unless ``degrees``) and length unit,
    checked against the limits."""
    if values is None:
        return robot.home
    q = joint_values(robot, values, degrees)
    robot.check_within_limits(q, what)
    return q


def _speeds_text(robot, speeds):
    user = robot.q_to_user(speeds)
    return ", ".join(f"{j.name or f'q{i}'} {v:.4g} {u}" for i, (j, v, u) in
                     enumerate(zip(robot.joints, user, speed_units(robot), strict=True), start=1))


def list_presets():
    for preset in trajectory.PRESETS.values():
        print(f"{preset.name}: {preset.description} ({preset.kind}; {preset.source})")
        print(f"    {preset.notes}")


def make_path(robot, args):
    """The CartesianPath the arguments ask for."""
    if args.preset:
        return trajectory.preset_path(args.preset, robot, args.points, curves=args.curves,
                                      index=args.index)
    if args.surface:
        if args.x1_range is None or args.x2_range is None:
            raise ValidationError("a surface path needs --x1 MIN MAX and --x2 MIN MAX")
        curves, index = trajectory.default_curves("surface", args.curves, args.index)
        return trajectory.surface_path(args.surface.strip(), args.x1_range, args.x2_range, curves,
                                       index, args.points, robot=robot)
    x, y, z = (formula.strip() for formula in args.formula)   # cli.values_not_options' space
    curves, index = trajectory.default_curves("volume", args.curves, args.index)
    return trajectory.volume_path(x, y, z, args.u_range, args.v_range, args.points,
                                  curves=curves, index=index, robot=robot)


def trajectory_command(args: argparse.Namespace) -> int:
    if args.list_presets:
        list_presets()
        return 0
    if args.robot is None:
        raise ValidationError("name the robot: robosim trajectory ROBOT --preset NAME ...")
    robot = robot_from_args(args)
    for option in ("csv", "gif", "png"):
        check_output(getattr(args, option), f"--{option}")
    q0 = _configuration(robot, args.start, "--from", args.deg)
    path = make_path(robot, args)
    result = trajectory.follow_path(
        robot, path, q0, on_bad="stop" if args.stop else "skip", duration=args.duration,
        speed=args.speed,
        wrist_pitch=None if args.wrist_pitch is None else float(radians(args, args.wrist_pitch)))
    t, q = result.motion()
    written = _write_outputs(robot, args, path, result)
    speeds = result.max_joint_speeds()
    reached = int(result.reachable.sum())
    if args.json:
        print_json({"robot": robot.name, "unit": robot.unit, "path": path.name or "formula",
                    "closed": path.closed, "fits": path.fits, "placement": path.message,
                    "points": len(path.points), "reachable_points": reached,
                    "bad_points": (result.bad_indices + 1).tolist(),
                    "path_length": path.length, "duration_s": float(t[-1]) if len(t) else 0.0,
                    "max_joint_speed": robot.q_to_user(speeds).tolist(),
                    "joint_speed_units": speed_units(robot), "message": result.message,
                    "files": written, "t": result.t.tolist(), "xyz": path.points.tolist(),
                    "reachable": result.reachable.tolist(),
                    "q_user": robot.q_to_user(result.q).tolist()})
    else:
        kind = "closed" if path.closed else "open"
        print(f"{robot.name}: {path.name or 'formula'} path ({kind}), {len(path.points)} points")
        if path.message:
            print(f"{'placement' if args.preset else 'note'}: {path.message}")
        print(f"reachable points: {reached} of {len(path.points)}")
        print(f"path length: {path.length:.6g} {robot.unit}")
        print(f"duration: {t[-1] if len(t) else 0.0:.4g} s")
        print(f"max joint speed: {_speeds_text(robot, speeds)}")
        print(result.message)
        for what, name in written.items():
            print(f"wrote {what}: {name}")
    return 0 if result.reachable.all() else NOT_REACHED


def _write_outputs(robot, args, path, result):
    """Write the CSV, animation and picture asked for; returns {what: file name}."""
    t, q = result.motion()
    written = {}
    if (args.csv or args.gif) and len(t) == 0:
        raise ValidationError("nothing to write: the path's first point is not reachable")
    if args.csv:
        written["csv"] = str(write_trajectory_csv(args.csv, robot, t - t[0], q))
    if args.gif:
        from ..plotting.movies import save_trajectory_movie   # matplotlib: only here

        written["animation"] = str(save_trajectory_movie(
            robot, t - t[0], q, args.gif, points=path.points, bad=~result.reachable))
    if args.png:
        from ..plotting.paths import path_figure   # matplotlib: only here

        buffer = io.BytesIO()
        path_figure(robot, path.points, ~result.reachable, result.q[0], path.curves,
                    title=f"{robot.name}: {path.name or 'formula'}").savefig(buffer, format="png")
        try:
            atomic_write_bytes(args.png, buffer.getvalue())
        except OSError as exc:
            raise ValidationError(f"--png {args.png}: cannot write it "
                                  f"({exc.strerror or exc})") from None
        written["picture"] = args.png
    return written


def profile_command(args: argparse.Namespace) -> int:
    robot = robot_from_args(args)
    check_output(args.csv, "--csv")
    if (args.goal is None) == (args.taught is None):
        raise ValidationError("give the goal (--to) or a taught sequence (--taught FILE)")
    if args.taught is not None:
        if args.start is not None or args.via:
            raise ValidationError("--taught holds the poses: leave out --from and --via")
        profile = _taught_profile(robot, args)
    else:
        start = _configuration(robot, args.start, "--from", args.deg)
        goal = _configuration(robot, args.goal, "--to", args.deg)
        via = [_configuration(robot, v, f"--via {k}", args.deg)
               for k, v in enumerate(args.via or [], 1)]
        profile = _profile(robot, args, start, goal, via)
    speeds = np.abs(profile.qd).max(axis=0)
    scene = load_scene(args.scene) if args.scene else None
    collision = first_collision(Checker(robot, scene), profile.q)
    flag = ("" if collision is None else
            f"first collision at t = {profile.t[collision[0]]:g} s: {collision[1]}")
    if args.csv:
        print(f"wrote {len(profile.t)} samples to "
              f"{write_trajectory_csv(args.csv, robot, profile.t, profile.q)}")
    if args.json:
        print_json({"robot": robot.name, "unit": robot.unit, "kind": profile.kind,
                    "t": profile.t.tolist(), "q_user": robot.q_to_user(profile.q).tolist(),
                    "qd_user": robot.q_to_user(profile.qd).tolist(),
                    "qdd_user": robot.q_to_user(profile.qdd).tolist(),
                    "knot_times": profile.knot_times.tolist(),
                    "max_joint_speed": robot.q_to_user(speeds).tolist(),
                    "joint_speed_units": speed_units(robot),
                    "first_collision": None if collision is None else
                    {"t": float(profile.t[collision[0]]), "pairs": collision[1]}})
        return 0
    if not args.csv:
        units = ["deg" if j.is_revolute else robot.unit for j in robot.joints]
        print("t_s  " + "  ".join(f"q{i}_{u}" for i, u in enumerate(units, start=1)))
        for time, row in zip(profile.t, robot.q_to_user(profile.q), strict=True):
            print(f"{time:.4f}  " + "  ".join(f"{v:.6f}" for v in row + 0.0))
    print(f"{profile.kind} profile, {profile.t[-1]:g} s, max joint speed: "
          f"{_speeds_text(robot, speeds)}")
    if flag:
        print(flag)
    return 0


def _profile(robot, args, start, goal, via):
    """The profile the options ask for: timed by --duration, or by --max-speed limits."""
    rates = [joint_rates(robot, args, values, option) for values, option in
             ((args.qd_start, "--qd-start"), (args.qd_goal, "--qd-goal"),
              (args.max_speed, "--max-speed"), (args.max_accel, "--max-accel"))]
    qd_start, qd_goal, max_speed, max_accel = rates
    if (max_speed is None) != (max_accel is None):
        raise ValidationError("--max-speed and --max-accel go together")
    if max_speed is None:
        return trajectory.joint_profile(start, goal, args.duration, args.dt,
                                        args.kind or "quintic", via=via or None, robot=robot,
                                        qd_start=qd_start, qd_goal=qd_goal)
    if args.kind not in (None, "quintic"):
        raise ValidationError("--max-speed times a quintic through the vias: leave out --kind")
    return trajectory.via_points([start, *via, goal], args.dt, max_speed, max_accel,
                                 qd_start=qd_start, qd_goal=qd_goal, robot=robot)


def _taught_profile(robot, args):
    """:func:`robosim.trajectory.via_points` through a taught file's poses."""
    if args.max_speed is None or args.max_accel is None:
        raise ValidationError("--taught is timed by the joints' limits: give --max-speed and "
                              "--max-accel")
    if args.qd_start is not None or args.qd_goal is not None:
        raise ValidationError("a taught sequence starts and ends at rest: leave out "
                              "--qd-start and --qd-goal")
    if args.kind not in (None, "quintic"):
        raise ValidationError(f"--taught plays a quintic through the poses, timed by "
                              f"--max-speed and --max-accel: leave out --kind {args.kind}")
    taught = trajectory.load_taught(args.taught, robot)
    return taught.trajectory(args.dt, joint_rates(robot, args, args.max_speed, "--max-speed"),
                             joint_rates(robot, args, args.max_accel, "--max-accel"), robot=robot)

"""``robosim ik``, ``robosim line`` and ``robosim jog``: inverse kinematics, straight-line
moves, and jogs along or about an axis (the simulator's Jog / IK window without a display).

Angles on this command line (joint values of revolute joints, roll-pitch-yaw, turns) are
degrees, or radians with ``--rad``; lengths are the robot's unit. Exit status 1 says the
target was not reached (the output says why), 2 a usage error.
"""

import argparse
import math

import numpy as np

from .. import ik
from ..collision import Checker, load_scene
from ..trajectory import motion
from ..errors import ValidationError
from ..trajectory.files import write_trajectory_csv
from ..kinematics import r2rpy, xyzrpy2tr
from .common import (ANGLE, COORDINATE, DEGREES_OR_RADIANS, JOINT_UNITS, SECONDS, Number,
                     add_angle_unit, add_json_argument, add_robot_argument, check_output,
                     joint_values, print_json, radians, robot_from_args, text)

NOT_REACHED = 1
#: Via-points of a line or jog: as many as the core solves on one line.
STEPS = Number(2, motion.MAX_LINE_POINTS, whole=True)


def register(subparsers):
    parser = subparsers.add_parser(
        "ik", help="inverse kinematics: joint values that reach a position (and orientation)",
        description="Joint values that put the end effector at x y z (robot's unit) and, when "
                    f"roll pitch yaw ({DEGREES_OR_RADIANS}; R = Rz(yaw) Ry(pitch) Rx(roll)) "
                    "are given, that orientation. Exit status 1 when the target is not "
                    "reached.")
    add_robot_argument(parser)
    parser.add_argument("pose", metavar="x y z [roll pitch yaw]", nargs="+", type=COORDINATE,
                        help=f"position (robot's unit) and roll pitch yaw "
                             f"({DEGREES_OR_RADIANS}); each {COORDINATE.bounds}")
    parser.add_argument("--all", action="store_true",
                        help="list every solution found, distinct modulo 360 deg (each as the "
                             "variant nearest --q0 inside the limits)")
    parser.add_argument("--all-turns", action="store_true",
                        help="with --all: also list each solution's variants a whole turn "
                             "(360 deg) away that lie inside the joint limits")
    parser.add_argument("--q0", metavar="q", nargs="+", type=COORDINATE,
                        help=f"start configuration ({JOINT_UNITS}; {COORDINATE.bounds}); "
                             f"default: the search starts near the target")
    parser.add_argument("--axes", default=None, type=text,
                        help="pose components to solve: pose, position, or e.g. 'xyz rz' "
                             "(default: pose when roll pitch yaw are given, else position)")
    parser.add_argument("--wrist-pitch", metavar="DEG", type=ANGLE, default=None,
                        help=f"Lynx6-shaped arms: the gripper's angle to the ground "
                             f"({DEGREES_OR_RADIANS}, up positive, -90 deg points down; "
                             f"{ANGLE.bounds}) at the position "
                             f"x y z, {ik.SOLVED_BY_FORMULA} (Mateo Sanguino & Andujar 2012, "
                             f"eqs. 23-29); with --all every solution: elbow up or down, facing "
                             f"the target or leaning back")
    parser.add_argument("--wrist-rotate", metavar="DEG", type=ANGLE, default=0.0,
                        help=f"with --wrist-pitch: the wrist-rotate joint q5 "
                             f"({DEGREES_OR_RADIANS}, default 0; {ANGLE.bounds})")
    add_angle_unit(parser)
    add_json_argument(parser)
    parser.set_defaults(handler=ik_command)

    parser = subparsers.add_parser(
        "line", help="straight-line move of the end effector through N via-points",
        description="Move along a straight line from the configuration --from to the pose "
                    "--to (x y z [roll pitch yaw]) or by the change --by (dx dy dz dA dB dC, "
                    "added to the pose's coordinates). Prints the joint values at every "
                    "via-point and the pose error; exit status 1 when the line is stopped by "
                    "a singularity, a joint limit, the edge of the workspace or (with "
                    "--collisions) a collision.")
    add_robot_argument(parser)
    _add_start_argument(parser)
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("--to", metavar="v", nargs="+", type=COORDINATE,
                        help=f"x y z [roll pitch yaw]: the end pose (lengths in the robot's "
                             f"unit, angles in {DEGREES_OR_RADIANS}); each {COORDINATE.bounds}")
    target.add_argument("--by", metavar="v", nargs=6, type=COORDINATE,
                        help=f"dx dy dz dA dB dC: change of position (robot's unit) and "
                             f"roll-pitch-yaw ({DEGREES_OR_RADIANS}); each {COORDINATE.bounds}")
    parser.add_argument("--hold-wrist", action="store_true",
                        help="Lynx6-shaped arms: hold the gripper's angle to the ground and "
                             "joint 5 (wrist rotate) at their start values, solved in closed "
                             "form (give a position: x y z, or dA dB dC = 0)")
    parser.add_argument("--wrist-pitch", metavar="DEG", type=ANGLE, default=None,
                        help=f"with --hold-wrist (implied): the gripper's angle to the ground at "
                             f"the end ({DEGREES_OR_RADIANS}, up positive); it turns evenly "
                             f"along the line")
    _add_move_arguments(parser, default_steps=10)
    parser.set_defaults(handler=line_command)

    parser = subparsers.add_parser(
        "jog", help="jog the end effector along or about an axis (base or tool frame)",
        description="Move the end effector from the configuration --from by AMOUNT (robot's "
                    "unit) along x, y or z, or turn it by AMOUNT (degrees, radians with --rad) "
                    "about roll, pitch or "
                    "yaw, in the base or the tool frame, along a straight line, as the "
                    "simulator's Jog / IK window does. A 6-joint arm holds the rest of its "
                    "pose; the Lynx6 holds its gripper's angle to the ground and its "
                    "wrist-rotate joint on x, y, z jogs, and turns its gripper to the ground "
                    "(pitch) or about its own axis (roll). Exit status 1 when the jog is "
                    "stopped by a singularity, a joint limit, the edge of the workspace or (with "
                    "--collisions) a collision.")
    add_robot_argument(parser)
    parser.add_argument("axis", choices=motion.JOG_AXES, help="what to jog along or about")
    parser.add_argument("amount", type=COORDINATE,
                        help=f"robot's length unit (x, y, z) or {DEGREES_OR_RADIANS} (roll, "
                             f"pitch, yaw); {COORDINATE.bounds}")
    _add_start_argument(parser)
    parser.add_argument("--frame", choices=motion.FRAMES, default="base",
                        help="the axes of the base (world) or of the tool (default base)")
    _add_move_arguments(parser, default_steps=2)
    parser.set_defaults(handler=jog_command)


def _add_start_argument(parser):
    parser.add_argument("--from", dest="start", metavar="q", nargs="+", type=COORDINATE,
                        required=True, help=f"start joint values ({JOINT_UNITS}; "
                                            f"{COORDINATE.bounds})")
    add_angle_unit(parser)


def _add_move_arguments(parser, default_steps):
    """Via-points, what to hold, and the output of a straight-line move."""
    parser.add_argument("--steps", type=STEPS, default=default_steps,
                        help=f"via-points, start and end included ({STEPS.bounds}; default "
                             f"{default_steps})")
    parser.add_argument("--axes", default=None, type=text,
                        help="pose components to hold, solved numerically (default: pose for "
                             "6+ joints, else position)")
    parser.add_argument("--duration", type=SECONDS, default=None,
                        help=f"seconds for the CSV's time column (default: 0.1 s per step; "
                             f"{SECONDS.bounds})")
    parser.add_argument("--collisions", action="store_true",
                        help="also stop before the arm collides with itself, its floor (the "
                             "Lynx6: its table) or the --scene obstacles")
    parser.add_argument("--scene", metavar="FILE", type=text,
                        help="with --collisions: a scene file of obstacles (docs/formats.md)")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print machine-readable JSON")
    output.add_argument("--csv", metavar="FILE", type=text,
                        help="write the via-points as a trajectory CSV")


def _start_values(robot, args, values, what):
    """Joint values typed at the command line (:data:`JOINT_UNITS`) in API units."""
    if len(values) != robot.n:
        raise ValidationError(f"{what}: {robot.name} has {robot.n} joints "
                              f"({robot.joint_types}), got {len(values)} value(s)")
    q = joint_values(robot, values, args.deg)
    robot.check_within_limits(q, what)
    return q


def _target_pose(args, values, what, orientation=None):
    """A pose from x y z [roll pitch yaw] (angles in ``args``' unit); without angles
    ``orientation`` or identity."""
    if len(values) not in (3, 6):
        raise ValidationError(f"{what}: give x y z or x y z roll pitch yaw, got "
                              f"{len(values)} number(s)")
    if not all(math.isfinite(v) for v in values):
        raise ValidationError(f"{what}: values must be finite numbers")
    if len(values) == 6:
        return xyzrpy2tr(values[:3], radians(args, values[3:]))
    T = np.eye(4)
    T[:3, 3] = values[:3]
    if orientation is not None:
        T[:3, :3] = orientation
    return T


def _q_text(robot, q):
    units = ["deg" if j.is_revolute else robot.unit for j in robot.joints]
    values = np.round(robot.q_to_user(q), 6) + 0.0      # no "-0.000000"
    return "  ".join(f"q{i}={v:.6f} {u}" for i, (v, u) in enumerate(zip(values, units,
                                                                        strict=True), start=1))


def _pose_json(robot, q):
    T = robot.fk(q)
    return {"position": T[:3, 3].tolist(), "rpy_deg": (np.degrees(r2rpy(T[:3, :3])) + 0.0).tolist()}


def _wrist_pitch_solutions(robot, args, q0):
    """``robosim ik --wrist-pitch``: the Lynx6 closed form's reachable solutions, nearest
    ``q0`` (home if None) first, as ``(q, reached, position error, orientation error)``; and
    why there is none."""
    if len(args.pose) != 3 or args.axes:
        raise ValidationError("--wrist-pitch takes a position x y z (the gripper's angle "
                              "replaces roll pitch yaw and --axes)")
    for value, option in ((args.wrist_pitch, "--wrist-pitch"),
                          (args.wrist_rotate, "--wrist-rotate")):
        if not math.isfinite(value):
            raise ValidationError(f"{option} must be a finite number, got {value}")
    found, branches = ik.lynx6_solutions(
        robot, args.pose, float(radians(args, args.wrist_pitch)),
        robot.home if q0 is None else q0, wrist_rotate=float(radians(args, args.wrist_rotate)))
    solutions = [(q, True, float(np.linalg.norm(robot.fk(q)[:3, 3] - args.pose)), 0.0)
                 for q in found]
    return solutions, branches[0].reason


def ik_command(args: argparse.Namespace) -> int:
    robot = robot_from_args(args)
    target = _target_pose(args, args.pose, "target")
    axes = args.axes or ("pose" if len(args.pose) == 6 else "position")
    rows = ik.parse_axes(axes)
    q0 = None if args.q0 is None else _start_values(robot, args, args.q0, "--q0")
    if args.wrist_pitch is not None:
        return _print_wrist_pitch_solutions(robot, args, q0)
    if args.all_turns and not args.all:
        raise ValidationError("--all-turns lists the turns of every solution: add --all")
    if args.all:
        result = ik.solve_all(robot, target, q0, axes=rows, all_turns=args.all_turns)
        solutions = [(q, True, p, o) for q, p, o in zip(
            result.q, np.asarray(result.position_error), np.asarray(result.orientation_error),
            strict=True)]
        reached = bool(solutions)
        reason = str(result.reason[0]) if reached else ik.CONVERGED
        if not reached:
            best = ik.solve(robot, target, q0, axes=rows)
            solutions = [(best.q, False, best.position_error, best.orientation_error)]
            reason = str(best.reason)
    else:
        best = ik.solve(robot, target, q0, axes=rows)
        reached, reason = bool(best.success), str(best.reason)
        solutions = [(best.q, reached, best.position_error, best.orientation_error)]
    if args.json:
        print_json({"robot": robot.name, "unit": robot.unit, "axes": axes, "reached": reached,
                    "reason": reason,
                    "solutions": [{"q": q.tolist(), "q_user": robot.q_to_user(q).tolist(),
                                   "branch": branch, "success": bool(ok),
                                   "position_error": float(p),
                                   "orientation_error_deg": math.degrees(o),
                                   **_pose_json(robot, q)}
                                  for (q, ok, p, o), branch in zip(
                                      solutions, _branches(robot, solutions), strict=True)]})
        return 0 if reached else NOT_REACHED
    if not reached:
        q, _, p, o = solutions[0]
        print(f"{reason}: the nearest configuration found misses by {p:.6g} {robot.unit} "
              f"and {math.degrees(o):.6g} deg")
        print(f"  {_q_text(robot, q)}")
        return NOT_REACHED
    _print_solutions(robot, solutions, args.all, axes)
    if reason != ik.CONVERGED:          # the closed form's note, e.g. a free joint
        print(reason)
    if args.all and len(solutions) > 1 and robot.n > len(rows):
        hint = (" --wrist-pitch picks the gripper's angle to the ground"
                if ik.is_lynx6_shaped(robot) and len(rows) == 3 else "")
        print(f"(the {robot.name} has more joints than the {len(rows)} solved components: its "
              f"solutions form a continuous family and these are a sample.{hint})")
    return 0


def _print_wrist_pitch_solutions(robot, args, q0):
    solutions, reason = _wrist_pitch_solutions(robot, args, q0)
    solutions = solutions if args.all else solutions[:1]
    pitch_deg = math.degrees(radians(args, args.wrist_pitch))
    what = f"position, gripper at {pitch_deg:g} deg to the ground, {ik.SOLVED_BY_FORMULA}"
    if args.json:
        print_json({"robot": robot.name, "unit": robot.unit, "axes": "position",
                    "wrist_pitch_deg": pitch_deg,
                    "wrist_rotate_deg": math.degrees(radians(args, args.wrist_rotate)),
                    "reached": bool(solutions), "reason": "" if solutions else reason,
                    "solutions": [{"q": q.tolist(), "q_user": robot.q_to_user(q).tolist(),
                                   "branch": branch, "success": True, "position_error": p,
                                   "orientation_error_deg": 0.0, **_pose_json(robot, q)}
                                  for (q, _, p, _), branch in zip(
                                      solutions, _branches(robot, solutions), strict=True)]})
    elif not solutions:
        print(f"not reached ({what}): {reason}; try another --wrist-pitch")
    else:
        _print_solutions(robot, solutions, args.all, what)
    return 0 if solutions else NOT_REACHED


def _print_solutions(robot, solutions, listing_all, what):
    label = "solutions" if listing_all and len(solutions) != 1 else "solution"
    print(f"{robot.name}: {len(solutions)} {label} ({what}; joint values, errors in "
          f"{robot.unit} and deg)")
    for k, ((q, _, p, o), branch) in enumerate(zip(solutions, _branches(robot, solutions),
                                                   strict=True),
                                               start=1):
        print(f"{k:>3}  {_q_text(robot, q)}  error {p:.2e} {robot.unit} {math.degrees(o):.2e} deg"
              + (f"  ({branch})" if branch else ""))


def _branches(robot, solutions):
    """The branch label of each ``(q, ...)`` solution (:func:`robosim.ik.branch_labels`)."""
    return ik.branch_labels(robot, [q for q, *_ in solutions]) if solutions else []


def line_command(args: argparse.Namespace) -> int:
    robot = robot_from_args(args)
    check_output(args.csv, "--csv")
    q_from = _start_values(robot, args, args.start, "--from")
    hold_wrist = args.hold_wrist or args.wrist_pitch is not None
    if hold_wrist and ((args.to is not None and len(args.to) != 3)
                       or (args.by is not None and any(args.by[3:]))):
        raise ValidationError("--hold-wrist keeps the gripper's angle (--wrist-pitch sets it at "
                              "the end): give a position (--to x y z, or --by with "
                              "dA dB dC = 0)")
    if args.to is not None:
        target = _target_pose(args, args.to, "--to", orientation=robot.fk(q_from)[:3, :3])
    else:
        target = motion.relative_target(robot, q_from, args.by[:3],
                                        np.degrees(radians(args, args.by[3:])))
    result = motion.straight_line(
        robot, q_from, target, args.steps, axes=args.axes, hold_wrist=hold_wrist,
        wrist_pitch=None if args.wrist_pitch is None else float(radians(args, args.wrist_pitch)),
        collisions=_collisions(robot, args))
    return _report_move(args, robot, result, "straight line")


def jog_command(args: argparse.Namespace) -> int:
    robot = robot_from_args(args)
    check_output(args.csv, "--csv")
    q_from = _start_values(robot, args, args.start, "--from")
    rotation = args.axis in motion.JOG_AXES[3:]
    amount = float(radians(args, args.amount)) if rotation else args.amount
    result = motion.jog(robot, q_from, args.axis, amount, args.frame, axes=args.axes,
                        steps=args.steps, collisions=_collisions(robot, args))
    unit = ("deg" if args.deg else "rad") if rotation else robot.unit
    return _report_move(args, robot, result,
                        f"jog {args.axis} {args.amount:+g} {unit} ({args.frame} frame)")


def _collisions(robot, args):
    """The collision checker ``--collisions`` asks for (``--scene`` or the default), or None."""
    if not args.collisions:
        if args.scene:
            raise ValidationError("--scene goes with --collisions")
        return None
    return Checker(robot, load_scene(args.scene) if args.scene else None)


def _report_move(args, robot, result, what):
    """Print (or write as CSV) the via-points of a move; the exit status.

    With ``--json`` stdout is one JSON object and nothing else: a stopped move's sentence is
    its ``"stopped"`` key (null when the move is complete), beside ``"reason"``, ``"moved"``
    and ``"length"`` (how far the move got, of how far it was to go, length unit).
    """
    stopped = None if result.complete else (
        f"stopped after via-point {len(result.q) - 1} (the line is clear for "
        f"{result.moved:.4g} of {result.length:.4g} {robot.unit}): {result.reason}")
    if args.csv:
        duration = (args.steps - 1) * 0.1 if args.duration is None else args.duration
        if not duration > 0:
            raise ValidationError(f"--duration must be positive, got {duration}")
        times = np.linspace(0.0, duration, args.steps)[:len(result.q)]
        path = write_trajectory_csv(args.csv, robot, times, result.q)
        print(f"wrote {len(result.q)} via-points to {path}")
    elif args.json:
        print_json({"robot": robot.name, "unit": robot.unit, "complete": result.complete,
                    "reason": result.reason, "stopped": stopped,
                    "moved": float(result.moved), "length": float(result.length),
                    "steps": args.steps,
                    "q": result.q.tolist(), "q_user": robot.q_to_user(result.q).tolist(),
                    "position_error": result.position_error.tolist(),
                    "orientation_error_deg": np.degrees(result.orientation_error).tolist(),
                    "deviation": result.deviation.tolist()})
    else:
        print(f"{robot.name}: {what}, {args.steps} via-points (joint values; pose "
              f"error and distance from the line in {robot.unit}, deg)")
        for k, q in enumerate(result.q):
            print(f"{k:>4}  {_q_text(robot, q)}  error {result.position_error[k]:.2e} "
                  f"{math.degrees(result.orientation_error[k]):.2e}  off line "
                  f"{result.deviation[k]:.2e}")
    if stopped is None:
        return 0
    if not args.json:
        print(stopped)
    return NOT_REACHED

"""``robosim torques`` (what a trajectory asks of each joint) and ``robosim fall`` (free fall).

Torques are printed in N m (forces of prismatic joints in N) whatever the robot's length unit;
energies in J. ``robosim torques`` exits with status 1 when a joint needs more than its limit
(the servo ratings of a calibration file), 2 on a usage error.
"""

import argparse
import math
import sys

import numpy as np

from .. import dynamics
from ..collision import Checker, hit_words, load_scene
from ..errors import ValidationError
from ..trajectory.files import read_trajectory_csv, write_trajectory_csv
from .common import (COORDINATE, JOINT_UNITS, PAYLOAD, SECONDS, Number, add_angle_unit,
                     add_json_argument, add_robot_argument, add_wrench_argument, check_output,
                     joint_values, print_json, progress_printer, robot_from_args, text)

EXCEEDED = 1
#: Integration step of ``robosim fall``, s: a second is far coarser than any arm's motion.
TIME_STEP = Number(0, 1, above=True)
#: Torques below this (N m or N) are printed as 0: rounding noise of the Newton-Euler sums.
ROUNDING_NM = 1e-9


def register(subparsers):
    parser = subparsers.add_parser(
        "torques", help="the torque each joint needs along a trajectory CSV",
        description="Inverse dynamics (Newton-Euler) along a trajectory CSV (robosim's format): "
                    "speeds and accelerations by finite differences, then the torque (N m) or "
                    "force (N) each joint needs, its peak, and what holding still needs. With "
                    "servo ratings (a calibration file's rated_torque_nm) it names the first "
                    "time a joint needs more and how many times slower would do; exit status "
                    "1 then.")
    add_robot_argument(parser)
    parser.add_argument("--csv", metavar="FILE", type=text, required=True,
                        help="trajectory CSV file")
    parser.add_argument("--payload", type=PAYLOAD, metavar="KG", default=0.0,
                        help=f"load at the tool point, kg (default 0; {PAYLOAD.bounds})")
    add_wrench_argument(parser)
    parser.add_argument("--calibration", metavar="FILE", type=text,
                        help="a servo calibration file whose rated torques are the limits "
                             "(the Lynx6 gets the shipped one by default)")
    parser.add_argument("--png", metavar="FILE", type=text,
                        help="plot each joint's torque against time, limits dashed")
    add_json_argument(parser)
    parser.set_defaults(handler=torques_command)

    parser = subparsers.add_parser(
        "fall", help="let the arm fall freely under gravity from a pose",
        description="Forward dynamics integrated by adaptive Runge-Kutta steps (Dormand-"
                    "Prince), reported every --dt: "
                    "the arm released at rest from --from, without torques or friction. A "
                    "joint reaching a limit is stopped there by a plastic knock and held while "
                    "the arm presses on it; each stop is reported. The arm stops where it "
                    "first touches its floor (the Lynx6: its table), a --scene obstacle or "
                    "itself, and rests there: which link hit what, and when, is reported. "
                    "Prints the energy at the start and the end and its largest drift before "
                    "the first stop.")
    add_robot_argument(parser)
    parser.add_argument("--from", dest="start", metavar="q", nargs="+", type=COORDINATE,
                        required=True,
                        help=f"joint values: {JOINT_UNITS} ({COORDINATE.bounds})")
    add_angle_unit(parser)
    parser.add_argument("--duration", type=SECONDS, required=True,
                        help=f"seconds ({SECONDS.bounds}; at most "
                             f"{dynamics.MAX_STEPS:,} steps of --dt)")
    parser.add_argument("--dt", type=TIME_STEP, default=1e-3,
                        help=f"time step, s (default 0.001; {TIME_STEP.bounds})")
    parser.add_argument("--collisions", choices=dynamics.COLLISION_BEHAVIOURS, default="stop",
                        help="stop (default): the arm stops where it first touches the scene "
                             "or itself; ignore: it goes through")
    parser.add_argument("--scene", metavar="FILE", type=text,
                        help="obstacles in a scene file (robosim-scene/1 JSON, docs/formats.md) "
                             "instead of the default scene (the floor; the Lynx6's table)")
    parser.add_argument("--csv", metavar="FILE", type=text,
                        help="write the motion as a trajectory CSV")
    parser.add_argument("--gif", metavar="FILE", type=text,
                        help="save the animation (.gif, or .mp4 when ffmpeg is installed)")
    parser.add_argument("--png", metavar="FILE", type=text, help="plot the energy against time")
    add_json_argument(parser)
    parser.set_defaults(handler=fall_command)


# ------------------------------------------------------------------------------- torques
def torques_command(args: argparse.Namespace) -> int:
    robot = robot_from_args(args)
    check_output(args.png, "--png")
    dynamics.require_dynamics(robot)
    trajectory = read_trajectory_csv(args.csv)
    trajectory.check_robot(robot)
    loaded = dynamics.with_payload(robot, args.payload)
    torques = dynamics.trajectory_torques(loaded, trajectory.t, trajectory.q, fext=args.wrench)
    from ..hardware.calibration import torque_limits   # only here: the CLI starts without it

    limits = torque_limits(robot, args.calibration)
    check = dynamics.check_torque_limits(torques, limits) if limits is not None else None
    written = {}
    if args.png:
        from ..plotting.dynamics import save_figure_png, torque_figure  # matplotlib

        written["png"] = str(save_figure_png(torque_figure(loaded, torques, limits, check),
                                             args.png))
    rows = _joint_rows(robot, torques, limits)
    if args.json:
        print_json({"robot": robot.name, "payload_kg": args.payload, "wrench": args.wrench,
                    "rows": len(torques.t),
                    "joints": rows, **_check_summary(robot, check), **written})
    else:
        _print_torques(robot, args, rows, check, written)
    return EXCEEDED if check is not None and not check.ok else 0


def _joint_rows(robot, torques, limits):
    rows = []
    for i, joint in enumerate(robot.joints):
        peak = int(np.argmax(np.abs(torques.tau[:, i])))
        limit = None if limits is None or not math.isfinite(limits[i]) else float(limits[i])
        rows.append({"joint": i + 1, "name": joint.name or f"q{i + 1}",
                     "unit": "N m" if joint.is_revolute else "N",
                     "peak": _rounding_to_zero(torques.tau[peak, i]),
                     "peak_time_s": float(torques.t[peak]),
                     "peak_holding": _rounding_to_zero(np.abs(torques.static[:, i]).max()),
                     "limit": limit})
    return rows


def _rounding_to_zero(value):
    """``value`` as a float, 0 when it is rounding noise (a joint that gravity does not load
    computes as 1e-15 N m, not 0)."""
    return float(value) if abs(value) > ROUNDING_NM else 0.0


def _check_summary(robot, check):
    if check is None:
        return {}
    return {"within_limits": check.ok,
            "time_scale": None if math.isinf(check.time_scale) else check.time_scale,
            "exceedances": [{"joint": e.joint + 1, "name": robot.joints[e.joint].name,
                             "time_s": e.time, "torque": e.torque, "limit": e.limit}
                            for e in check.exceedances]}


def _print_torques(robot, args, rows, check, written):
    load = f", payload {args.payload:g} kg" if args.payload else ""
    if args.wrench:
        load += ", tool wrench [" + " ".join(f"{v:g}" for v in args.wrench) + "] N, N m"
    print(f"{robot.name}: {len(rows)} joints, torques in N m (forces in N){load}")
    for row in rows:
        limit = "" if row["limit"] is None else f"  limit {row['limit']:g}"
        print(f"  {row['joint']} {row['name']:<14} peak {row['peak']:+10.4g} {row['unit']:<3} "
              f"at t = {row['peak_time_s']:.3f} s, holding still up to "
              f"{row['peak_holding']:.4g}{limit}")
    if check is not None and check.ok:
        unknown = [row["joint"] for row in rows if row["limit"] is None]
        print("every joint stays within its limit" if not unknown else
              f"every joint with a known limit stays within it (no limit known for joint "
              f"{', '.join(map(str, unknown))}: not checked)" if len(unknown) < len(rows) else
              "no joint has a known limit: nothing was checked")
    elif check is not None:
        for e in check.exceedances:
            print(f"  joint {e.joint + 1} ({robot.joints[e.joint].name}) first needs "
                  f"{abs(e.torque):.4g} at t = {e.time:.3f} s, above its {e.limit:g}")
        if math.isinf(check.time_scale):
            print("holding the arm still already needs more than a limit: no speed helps")
        else:
            print(f"play it {math.ceil(check.time_scale * 100 - 1e-6) / 100:g} times slower "
                  f"to stay within every limit")
    for what, path in written.items():
        print(f"wrote {what}: {path}")


# ---------------------------------------------------------------------------------- fall
def fall_command(args: argparse.Namespace) -> int:
    robot = robot_from_args(args)
    for option in ("csv", "gif", "png"):
        check_output(getattr(args, option), f"--{option}")
    dynamics.require_dynamics(robot)
    q0 = joint_values(robot, args.start, args.deg)
    robot.check_within_limits(q0, "--from")
    scene = load_scene(args.scene) if args.scene else None
    if args.collisions == "stop":
        touching = hit_words(Checker(robot, scene).check(q0).colliding_pairs())
        if touching:
            raise ValidationError(f"--from collides already ({touching}): start from a pose clear "
                                  f"of the scene, or give --collisions ignore")
    progress = None if args.json or not sys.stderr.isatty() else progress_printer(sys.stderr)
    run = dynamics.simulate(robot, q0, duration=args.duration, dt=args.dt,
                            collisions=args.collisions, scene=scene, progress=progress)
    if progress is not None:
        sys.stderr.write("\r")
    written = {}
    if args.csv:
        written["csv"] = str(write_trajectory_csv(args.csv, robot, run.t, run.q))
    if args.png:
        from ..plotting.dynamics import energy_figure, save_figure_png  # matplotlib

        written["png"] = str(save_figure_png(energy_figure(run, title=f"{robot.name}: free "
                                                                      f"fall"), args.png))
    if args.gif:
        from ..plotting.movies import save_trajectory_movie   # matplotlib: only here

        written["animation"] = str(save_trajectory_movie(robot, run.t, run.q, args.gif))
    # energy drift of the integration: up to the first stop at a limit or contact, which
    # takes energy out
    free = run.t < min([h.time for h in run.limit_hits] + [c.time for c in run.contacts],
                       default=math.inf)
    drift = float(np.abs(run.energy[free] - run.energy[0]).max())
    hits = [{"time_s": h.time, "joint": h.joint + 1, "name": robot.joints[h.joint].name,
             "side": h.side} for h in run.limit_hits]
    contacts = [{"time_s": c.time, "pairs": [list(pair) for pair in c.pairs]}
                for c in run.contacts]
    final = robot.q_to_user(run.q[-1])
    if args.json:
        print_json({"robot": robot.name, "duration_s": float(run.t[-1]), "dt_s": args.dt,
                    "steps": len(run.t) - 1, "energy_start_j": float(run.energy[0]),
                    "energy_end_j": float(run.energy[-1]), "drift_before_stops_j": drift,
                    "limits": run.limits, "limit_hits": hits,
                    "collisions": run.collisions, "contacts": contacts,
                    "final_q": final.tolist(), **written})
        return 0
    print(f"{robot.name}: free fall for {run.t[-1]:g} s at dt = {args.dt:g} s "
          f"({len(run.t) - 1} samples)")
    stops = " before the first stop" if hits or contacts else ""
    print(f"energy {run.energy[0]:.6g} J at the start, {run.energy[-1]:.6g} J at the end "
          f"(drift of the integration{stops}: {drift:.3g} J)")
    for hit in hits:
        print(f"  t = {hit['time_s']:.3f} s: joint {hit['joint']} ({hit['name']}) stopped at "
              f"its {hit['side']} limit")
    for contact in run.contacts:
        print(f"  {contact}: the arm rests there")
    print("final pose (deg, length unit): " + " ".join(f"{v:.4g}" for v in final))
    for what, path in written.items():
        print(f"wrote {what}: {path}")
    return 0

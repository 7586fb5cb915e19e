"""``robosim arm``: drive a real Lynx6 on an SSC-32 (or a dry run that prints the bytes).

pyserial and the hardware package are imported inside the handler, so ``robosim list`` and the
other plain commands never load them.
"""

import argparse
import sys

import numpy as np

from ..errors import ValidationError
from .common import (COORDINATE, DEGREES_OR_RADIANS, PAYLOAD, Number, add_angle_unit,
                     add_json_argument, add_wrench_argument, print_json, radians, text)

#: Baud rates: the SSC-32 offers 2400 to 115200; USB-serial adapters go up to about a million.
BAUD = Number(300, 1_000_000, whole=True)
#: Joint speed limit, deg/s: a calibration allows at most 360.
SPEED = Number(0, 360, above=True)
#: Seconds to wait for a reply.
TIMEOUT = Number(0, 60, above=True)
#: How many times slower a trajectory plays: 100 times slower turns a minute into nearly two hours.
TIME_SCALE = Number(0.01, 100)

ACTIONS = ("pose", "home", "rest", "gripper", "play", "stop", "version", "status", "calibrate")


def register(subparsers):
    parser = subparsers.add_parser(
        "arm", help="drive a real Lynx6 on an SSC-32 servo controller",
        description="Drive a real Lynx6 on an SSC-32. Every command is checked against the "
                    "robot's joint limits and the calibrated pulse range before any byte is "
                    "sent; Ctrl-C stops the arm. The board has no watchdog: keep a switch on "
                    "the servo supply within reach, it is the real emergency stop.")
    parser.add_argument("--list-ports", action="store_true", help="list serial ports and exit")
    _add_options(parser)
    options_after_the_action = argparse.ArgumentParser(add_help=False)
    _add_options(options_after_the_action, defaults=False)
    actions = parser.add_subparsers(dest="action", metavar="ACTION")

    def action(name, text):
        return actions.add_parser(name, help=text, parents=[options_after_the_action])

    pose = action("pose", "move to joint angles q1..qn (degrees, radians with --rad)")
    pose.add_argument("q", type=COORDINATE, nargs="+", metavar="q",
                      help=f"joint angles ({DEGREES_OR_RADIANS}; {COORDINATE.bounds})")
    add_angle_unit(pose)
    action("home", "move to the robot's home pose")
    action("rest", "move to the calibration's rest pose (before power-off)")
    gripper = action("gripper", "open or close the gripper, or close it part way")
    gripper.add_argument("state", metavar="open|close|PERCENT", type=text,
                         help="open, close, or how far closed in %% (0 open .. 100 closed): "
                              "part way holds an object without straining the servo")
    play = action("play", "play a trajectory CSV (robosim's format)")
    play.add_argument("file", type=text, help="trajectory CSV file")
    play.add_argument("--wait-on", choices=("time", "query"), default="time",
                      help="send each row when the previous one is due (time, smooth) or when "
                           "the board says it is done (query)")
    play.add_argument("--time-scale", type=TIME_SCALE, default=1.0,
                      help=f"play this many times slower (e.g. 2; {TIME_SCALE.bounds})")
    play.add_argument("--payload", type=PAYLOAD, metavar="KG", default=0.0,
                      help=f"load in the gripper, kg: the servos' torques are checked with it "
                           f"(default 0; {PAYLOAD.bounds})")
    add_wrench_argument(play)
    action("stop", "stop every servo where it is")
    action("version", "print the board's firmware version")
    action("status", "print the board's commanded pulses and joint angles")
    calibrate = action("calibrate", "calibration wizard: jog each servo, save")
    calibrate.add_argument("--save", metavar="FILE", default="lynx6.calibration.json", type=text,
                           help="where to save (default lynx6.calibration.json here; use it "
                                "with --calibration FILE)")
    parser.set_defaults(handler=arm_command)


def _add_options(parser, defaults=True):
    """The options of every action. The action parsers get them too (``defaults=False``: an
    option left out there keeps what was given before the action), so that they may come
    before or after it: ``robosim arm --port P pose 0 0 0 0 0 --dry-run``."""
    def default(value):
        return value if defaults else argparse.SUPPRESS

    parser.add_argument("--port", default=default(None), type=text,
                        help="serial port or pyserial URL (/dev/ttyUSB0, COM3, "
                             "socket://host:port, ...)")
    parser.add_argument("--baud", type=BAUD, default=default(9600),
                        help=f"baud rate set on the board (default 9600, the SSC-32U's factory "
                             f"setting; also 38400, 115200; {BAUD.bounds})")
    parser.add_argument("--calibration", metavar="FILE", default=default(None), type=text,
                        help="calibration file (default: the stock Lynx6's, "
                             "robots/lynx6.calibration.json)")
    parser.add_argument("--dry-run", action="store_true", default=default(False),
                        help="open no port: print the exact bytes that would be sent")
    parser.add_argument("--yes", action="store_true", default=default(False),
                        help="confirm the arm is near its rest pose (needed once after the "
                             "board is powered up: its first move runs at full speed)")
    parser.add_argument("--speed", type=SPEED, metavar="DEG_S", default=default(None),
                        help=f"move no joint faster than this (deg/s, {SPEED.bounds}); only "
                             f"lowers the calibration's limits")
    parser.add_argument("--timeout", type=TIMEOUT, default=default(0.5),
                        help=f"seconds to wait for the board's replies (default 0.5; "
                             f"{TIMEOUT.bounds})")
    add_json_argument(parser, default=default(False))


def arm_command(args: argparse.Namespace) -> int:
    if args.list_ports:
        return list_ports(args)
    if args.action is None:
        raise ValidationError(f"say what the arm should do: one of {', '.join(ACTIONS)} "
                              f"(or --list-ports)")
    if not args.port and not args.dry_run:
        raise ValidationError("--port is required (see 'robosim arm --list-ports'), or use "
                              "--dry-run")
    from ..hardware import Lynx6, load_calibration

    calibration = load_calibration(args.calibration)
    sent: list[bytes] = []
    echo = sent.append if args.json else _print_bytes
    arm = Lynx6.connect(args.port or "no port", baud=args.baud, calibration=calibration,
                        dry_run=args.dry_run, echo=echo, timeout=args.timeout)
    try:
        if args.speed is not None:
            arm.limit_speed(args.speed)
        result = _run_action(arm, args)
    except KeyboardInterrupt:
        arm.stop()
        print("robosim: stopped (Ctrl-C): the arm was told to stop", file=sys.stderr)
        return 130
    finally:
        arm.close()
    if args.json:
        print_json({**result, **({"sent": [b.decode("ascii", "replace") for b in sent]}
                                 if args.dry_run else {})})
    return 0


def _print_bytes(data):
    text = data.decode("ascii", "backslashreplace").replace("\x1b", "<ESC>")
    print("dry run, would send: " + text.replace("\r", "<CR>"), flush=True)


def _run_action(arm, args):
    """Do ``args.action`` on a connected arm; returns a JSON-ready summary."""
    if args.action == "version":
        _say(args, f"{arm.version} on {arm.link.port} at {arm.link.baud} baud")
        return {"version": arm.version}
    if args.action == "stop":
        arm.stop()
        _say(args, "stopped every servo")
        return {"stopped": True}
    if args.action == "status":
        return _status(arm, args)
    if args.action == "calibrate":
        from ..hardware.wizard import CalibrationWizard

        _start(arm, args)
        path = CalibrationWizard(arm, args.save).run()
        return {"saved": None if path is None else str(path)}
    if args.action == "gripper":
        from ..hardware.lynx6 import gripper_fraction

        closed = gripper_fraction(args.state)
        _start(arm, args)
        arm.gripper(closed=closed)
        return {"gripper": args.state, "closed_fraction": closed}
    if args.action == "play":
        return _play(arm, args)
    targets = {"home": lambda: arm.robot.home, "rest": lambda: arm.rest_q,
               "pose": lambda: _pose(arm, args)}
    q = targets[args.action]()
    pulses = arm.pulses(q)  # refused here, before the start-up move, if out of range
    _start(arm, args)
    milliseconds = arm.move_to(q, wait=True)
    _say(args, f"moved to {_degrees(q)} deg in {milliseconds / 1000:.2f} s")
    return {"q_deg": np.degrees(q).tolist(), "pulses": pulses.tolist(),
            "time_ms": milliseconds}


def _say(args, text):
    if not args.json:
        print(text)


def _degrees(q):
    return " ".join(f"{v:g}" for v in np.round(np.degrees(q), 3))


def _pose(arm, args):
    if len(args.q) != arm.robot.n:
        raise ValidationError(f"{arm.robot.name} has {arm.robot.n} joints, got "
                              f"{len(args.q)} angle(s)")
    return radians(args, args.q)


def _start(arm, args):
    """The first move after power-up runs at full speed: only to the rest pose, confirmed."""
    from ..hardware.lynx6 import needs_rest_pose

    board = arm.board_pulses()
    if not needs_rest_pose(board):
        arm.start(board_pulses=board)
        return
    confirmed = args.yes
    if not confirmed and sys.stdin.isatty():
        rest = ", ".join(f"{v:g}" for v in arm.calibration.rest_deg)
        try:
            answer = input(f"The board was just powered up: its first move runs at full "
                           f"speed. Is the arm near the rest pose ({rest} deg, gripper "
                           f"open)? [y/N] ")
        except EOFError:  # Ctrl-D: no
            answer = ""
        confirmed = answer.strip().lower() in ("y", "yes")
    arm.start(confirmed_near_rest=confirmed, board_pulses=board)
    if not args.json:
        print("sent the rest pose (the board's first move, at full speed)", file=sys.stderr)


def _play(arm, args):
    from ..trajectory.files import read_trajectory_csv

    trajectory = read_trajectory_csv(args.file)
    trajectory.check_robot(arm.robot)
    arm.set_payload(args.payload)
    arm.set_wrench(args.wrench)
    arm.plan(trajectory.t, trajectory.q, args.time_scale)  # refused here, before start-up
    _start(arm, args)
    progress = None if args.json else _progress_bar
    try:
        completed = arm.play(trajectory.t, trajectory.q, progress=progress,
                             wait_on=args.wait_on, time_scale=args.time_scale)
    finally:
        if progress is not None:
            print(file=sys.stderr)  # end the progress line before any other message
    if not completed:
        _say(args, "stopped before the end")
    return {"file": args.file, "completed": completed, "rows": int(trajectory.t.size)}


def _progress_bar(done, total, t_s, width=30):
    filled = round(width * done / total)
    sys.stderr.write(f"\rplaying [{'#' * filled}{'-' * (width - filled)}] "
                     f"{100 * done / total:3.0f}%  row {done}/{total}  t = {t_s:.2f} s")
    sys.stderr.flush()


def _status(arm, args):
    pulses = arm.board_pulses()
    joints = pulses[:-1]
    known = np.array([np.nan if p is None else p for p in joints], dtype=float)
    angles = [None if np.isnan(a) else float(a) for a in np.degrees(arm.joint_values(known))]
    if not args.json:
        for i, (pulse, angle) in enumerate(zip(joints, angles, strict=True)):
            name = arm.robot.joints[i].name or f"q{i + 1}"
            shown = "no pulse (not started)" if pulse is None else f"{pulse} us = {angle:.1f} deg"
            print(f"joint {i + 1} ({name}), channel {arm.calibration.joints[i].channel}: {shown}")
        print(f"gripper, channel {arm.calibration.gripper.channel}: "
              f"{'no pulse' if pulses[-1] is None else f'{pulses[-1]} us'}")
    return {"pulses": pulses, "q_deg": angles}


def list_ports(args):
    from serial.tools import list_ports as serial_ports

    ports = sorted(serial_ports.comports(), key=lambda p: p.device)
    rows = [{"port": p.device, "description": p.description, "hwid": p.hwid} for p in ports]
    if args.json:
        print_json(rows)
    elif not rows:
        print("no serial ports found (is the USB cable plugged in?)")
    for row in [] if args.json else rows:
        print(f"{row['port']}  {row['description']}")
    return 0

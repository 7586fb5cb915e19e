"""``robosim dh-steps`` and ``robosim dh-sheet``: how the DH convention builds an arm's pose.

``dh-steps`` lists the elementary motions (rotate theta, translate d, translate a, rotate alpha,
and the base and tool transforms) with the origin of the moving frame after each, and with
``--gif`` animates them for slides; ``dh-sheet`` writes the whole derivation as a Markdown or
LaTeX worksheet.
"""

import argparse
import sys

import numpy as np

from ..dh_sheet import dh_sheet
from ..dh_steps import dh_steps
from ..errors import ValidationError, one_line
from ..files import atomic_write_text
from .common import (add_configuration_arguments, add_json_argument, add_robot_argument,
                     check_output, configuration, print_json, progress_printer,
                     robot_from_args, text)

#: Most GIF frames per elementary motion: a 12-joint arm's GIF then has 1,500 frames.
MAX_FRAMES_PER_STEP = 30


def register(subparsers):
    parser = subparsers.add_parser(
        "dh-steps", help="the elementary DH motions that build the arm's pose, step by step",
        description="Each DH row as four elementary motions in the robot's convention "
                    "(standard: rotate theta about z, translate d along z, translate a along x, "
                    "rotate alpha about x; modified: alpha, a, theta, d), with the base and tool "
                    "transforms, and where the moving frame's origin is after each. Without "
                    "joint values, the home pose.")
    add_robot_argument(parser)
    add_configuration_arguments(parser, nargs="*")
    add_json_argument(parser)
    parser.add_argument("--gif", metavar="FILE", type=text,
                        help="also write the steps as an animated GIF: a frame moving through "
                             "each motion over the arm, the step named")
    parser.add_argument("--frames", metavar="N", type=int,
                        help=f"GIF frames per elementary motion (1 to {MAX_FRAMES_PER_STEP}, "
                             "default 6)")
    parser.set_defaults(handler=dh_steps_command)

    parser = subparsers.add_parser(
        "dh-sheet", help="write the forward-kinematics derivation as a worksheet (Markdown or "
                         "LaTeX)",
        description="The DH table, each link transform A_i in symbols and in numbers at q, the "
                    "products 0T_i, and the end effector's position and roll-pitch-yaw. "
                    "Without joint values, the home pose.")
    add_robot_argument(parser)
    add_configuration_arguments(parser, nargs="*")
    output = parser.add_mutually_exclusive_group(required=True)
    output.add_argument("--md", metavar="FILE", type=text, help="write Markdown to FILE")
    output.add_argument("--tex", metavar="FILE", type=text,
                        help="write LaTeX (pdflatex) to FILE")
    parser.set_defaults(handler=dh_sheet_command)


def dh_steps_command(args: argparse.Namespace) -> None:
    robot = robot_from_args(args)
    q = configuration(robot, args)
    steps = dh_steps(robot, q)
    frames = _write_gif(robot, q, args) if args.gif is not None else None
    if args.json:
        gif = {"gif": args.gif, "gif_frames": frames} if args.gif else {}
        print_json({"robot": robot.name, "unit": robot.unit, "convention": robot.convention,
                    "q": q.tolist(), **gif,
                    "steps": [{"joint": s.joint, "parameter": s.parameter, "value": s.value,
                               "symbol": s.symbol, "axis": s.axis,
                               "matrix": s.matrix.tolist(), "frame": s.frame.tolist()}
                              for s in steps]})
        return
    shown = ", ".join(f"{v:g}" for v in np.round(robot.q_to_user(q), 6))
    print(f"DH steps of {robot.name} at q = ({shown}) (degrees, {robot.unit}), "
          f"{robot.convention} DH; the origin is where the moving frame is after the step")
    descriptions = [s.describe(robot.unit) for s in steps]
    width = max(len(d) for d in descriptions)
    print(f"{'step':>4}  {'joint':<5}  {'motion'.ljust(width)}  {'origin x':>12} {'y':>12} "
          f"{'z':>12}  frame")
    for k, (step, description) in enumerate(zip(steps, descriptions, strict=True)):
        x, y, z = step.frame[:3, 3] + 0.0  # + 0.0: no "-0.0000"
        reached = _frame_reached(steps, k)
        print(f"{k:>4}  {_joint_label(step):<5}  {description.ljust(width)}  "
              f"{x:12.4f} {y:12.4f} {z:12.4f}  {reached}".rstrip())
    if args.gif:
        print(f"animation of the {len(steps)} steps ({frames} frames) written to {args.gif}")


def _write_gif(robot, q, args):
    """``--gif FILE`` (``--frames N``): the animation; returns the number of frames rendered."""
    from ..plotting.dh_steps import FRAMES_PER_STEP, save_dh_steps_gif  # matplotlib only here

    if not args.gif.lower().endswith(".gif"):
        raise ValidationError(f"{args.gif}: the animation file name must end in .gif")
    check_output(args.gif, "--gif")
    frames = FRAMES_PER_STEP if args.frames is None else args.frames
    if not 1 <= frames <= MAX_FRAMES_PER_STEP:
        raise ValidationError(f"--frames must be 1 to {MAX_FRAMES_PER_STEP} frames per step, "
                              f"got {frames}")
    progress = None if args.json or not sys.stderr.isatty() else progress_printer(sys.stderr)
    try:
        return save_dh_steps_gif(robot, q, args.gif, frames_per_step=frames, progress=progress)
    except OSError as exc:
        raise ValidationError(f"{args.gif}: cannot write it ({exc.strerror or exc})") from None
    finally:
        if progress is not None:
            sys.stderr.write("\r")


def _joint_label(step):
    if step.parameter in ("base", "tool"):
        return step.parameter
    return str(step.joint)


def _frame_reached(steps, k):
    """The DH frame the moving frame has become after step ``k``: ``"0"`` ... ``"n"``,
    ``"end"`` after the tool, else ``""`` (between frames)."""
    step = steps[k]
    if step.parameter == "base":
        return "0"
    if step.parameter == "tool":
        return "end"
    last_of_row = k + 1 < len(steps) and steps[k + 1].joint != step.joint
    return str(step.joint) if last_of_row else ""


def dh_sheet_command(args: argparse.Namespace) -> None:
    robot = robot_from_args(args)
    q = configuration(robot, args)
    option, path, fmt = ("--md", args.md, "md") if args.md is not None \
        else ("--tex", args.tex, "tex")
    check_output(path, option)
    try:
        atomic_write_text(path, dh_sheet(robot, q, fmt))
    except OSError as exc:
        raise ValidationError(f"{path}: cannot write it ({exc.strerror or exc})") from None
    shown = ", ".join(f"{v:g}" for v in np.round(robot.q_to_user(q), 6))
    print(f"DH worksheet of {one_line(robot.name)} at q = ({shown}) (degrees, {robot.unit}) "
          f"written to {path}")

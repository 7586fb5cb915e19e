"""``robosim urdf`` and ``robosim export-urdf``: URDF files in and out.

``robosim urdf arm.urdf`` prints the DH table extracted from the URDF's chain (with the base
and tool transforms and the notes on meshes), and ``--save arm.json`` keeps it as a robosim
robot file; ``robosim export-urdf ROBOT OUT.urdf`` writes any robot as a URDF.
``robosim show arm.urdf`` and every other command take a ``.urdf`` with the default choices.
"""

import argparse
from ..errors import ValidationError
from ..robot_files import load_robot, save_robot, export_urdf, load_urdf
from ..kinematics import CONVENTIONS
from .common import add_json_argument, add_robot_argument, check_output, print_json, text
from .kinematics import print_robot, show_json


def register(subparsers):
    parser = subparsers.add_parser(
        "urdf", help="a URDF file's arm as a DH table (print it, or --save it as a robot file)",
        description="Reads the serial chain of a URDF file from its root link to a tip and "
                    "prints its DH table, extracted from the joint axes at the zero pose "
                    "(joint values stay the URDF's; offsets, base and tool hold the rest), "
                    "checked against the URDF's own forward kinematics.")
    parser.add_argument("file", metavar="FILE.urdf", type=text, help="the URDF file")
    parser.add_argument("--tip", metavar="LINK", type=text,
                        help="the link where the chain ends (default: the end of the chain "
                             "with the most movable joints, before a gripper's joints)")
    parser.add_argument("--convention", choices=CONVENTIONS, default="standard",
                        help="standard (Spong) or modified (Craig) DH (default standard)")
    parser.add_argument("--package-dir", metavar="DIR", type=text, action="append", default=[],
                        help="a folder where package://NAME/... mesh paths are looked for "
                             "(DIR/PATH or DIR/NAME/PATH); may be repeated. Without it they are "
                             "looked for upward from the URDF's folder")
    parser.add_argument("--save", metavar="OUT.json", type=text,
                        help="also save the robot as a robosim robot file")
    add_json_argument(parser)
    parser.set_defaults(handler=urdf_command)

    parser = subparsers.add_parser(
        "export-urdf", help="write a robot as a URDF file",
        description="One URDF joint per DH row (origins, axes, limits), the base and tool as "
                    "fixed transforms, meshes as visuals and dynamics as inertials, in metres. "
                    "'robosim urdf' reads it back with the same forward kinematics.")
    add_robot_argument(parser)
    parser.add_argument("out", metavar="OUT.urdf", type=text, help="the URDF file to write")
    parser.set_defaults(handler=export_urdf_command)


def urdf_command(args: argparse.Namespace) -> None:
    check_output(args.save, "--save")
    if args.save and not args.save.lower().endswith(".json"):
        raise ValidationError(f"--save {args.save}: a robot file name ends in .json")
    robot = load_urdf(args.file, tip=args.tip, convention=args.convention,
                      package_dirs=args.package_dir)
    if args.save:
        save_robot(robot, args.save)
    if args.json:
        print_json({**show_json(robot), **({"saved": args.save} if args.save else {})})
        return
    print_robot(robot)
    if args.save:
        print(f"saved as {args.save}")


def export_urdf_command(args: argparse.Namespace) -> None:
    check_output(args.out, "OUT.urdf")
    robot = load_robot(args.robot)
    export_urdf(robot, args.out)
    print(f"{robot.name} ({robot.n} joints, {robot.convention} DH) written to {args.out} "
          f"(lengths in metres)")

"""``robosim list | show | fk | jacobian``: the library and forward kinematics."""

import argparse
import sys

import numpy as np

from ..errors import ValidationError
from ..robot_files import dh_rows, library_robots, robot_to_dict
from ..kinematics import JACOBIAN_ROWS, Robot, r2rpy
from .common import (add_configuration_arguments, add_joint_arguments, add_json_argument,
                     add_robot_argument, check_output, configuration, format_matrix,
                     joint_values, print_json, robot_from_args, text)


def register(subparsers):
    parser = subparsers.add_parser("list", help="list the ready-made robots")
    add_json_argument(parser)
    parser.set_defaults(handler=list_command)

    parser = subparsers.add_parser(
        "show", help="print a robot's DH table, or render the arm to a PNG (--png)")
    add_robot_argument(parser)
    add_joint_arguments(parser, nargs="*")
    parser.add_argument("--png", metavar="FILE", type=text,
                        help="render the arm at q (default: home) to this PNG image, headless")
    # plotting.arm.STYLES, spelled out: matplotlib is imported only when a PNG is drawn
    parser.add_argument("--style", choices=("links", "lodes", "mesh"), default=None,
                        help="with --png: links as slim solids along the DH geometry with joint "
                             "housings, Lodes' cylinders of radius a, or the STL meshes the "
                             "robot file names (default: mesh for a robot with meshes, else "
                             "links)")
    add_json_argument(parser)
    parser.set_defaults(handler=show_command)

    parser = subparsers.add_parser("fk", help="forward kinematics: end-effector pose")
    add_robot_argument(parser)
    add_configuration_arguments(parser)
    add_json_argument(parser)
    parser.set_defaults(handler=fk_command)

    parser = subparsers.add_parser("jacobian", help="geometric Jacobian (6 x n, base frame)")
    add_robot_argument(parser)
    add_configuration_arguments(parser)
    parser.add_argument("--manipulability", action="store_true",
                        help="also print Yoshikawa's manipulability sqrt(det(J J^T)) and the "
                             "condition number (translational rows for arms with fewer than 6 "
                             "joints)")
    add_json_argument(parser)
    parser.set_defaults(handler=jacobian_command)


def _summary(robot):
    return {"name": robot.name, "dof": robot.n, "joints": robot.joint_types,
            "convention": robot.convention, "unit": robot.unit,
            "manufacturer": robot.manufacturer, "source": robot.source}


def list_command(args: argparse.Namespace) -> None:
    robots = library_robots()
    rows = [_summary(r) for r in robots]
    if args.json:
        print_json(rows)
        return
    name_width = max(len(r["name"]) for r in rows)
    print(f"{'NAME'.ljust(name_width)}  DOF  JOINTS        CONVENTION  UNIT  SOURCE")
    for r in rows:
        source = r["source"] if len(r["source"]) <= 60 else r["source"][:57] + "..."
        print(f"{r['name'].ljust(name_width)}  {r['dof']:>3}  {r['joints']:<12}  "
              f"{r['convention']:<10}  {r['unit']:<4}  {source}")


def show_command(args: argparse.Namespace) -> None:
    robot = robot_from_args(args)
    check_output(args.png, "--png")
    if args.png:
        render_command(robot, args)
        return
    if args.q:
        raise ValidationError("joint values are for the picture: add --png FILE to render the "
                              "arm at that pose")
    if args.json:
        print_json(show_json(robot))
        return
    print_robot(robot)


def show_json(robot):
    """What ``robosim show --json`` prints: the summary, the DH table, and the base, tool,
    poses and dynamics as in the robot file (degrees, the robot's length unit)."""
    extras = {key: value for key, value in robot_to_dict(robot).items()
              if key in ("base", "tool", "poses", "dynamics")}
    return {**_summary(robot), "table": dh_rows(robot), **extras, "notes": robot.notes}


def print_robot(robot):
    """The robot as ``robosim show`` prints it: the DH table (degrees, the robot's length
    unit), base, tool, poses, masses and notes."""
    rows = dh_rows(robot)
    extras = robot_to_dict(robot)
    print(f"{robot.name}: {robot.n} joints, {robot.convention} DH, lengths in {robot.unit}, "
          f"angles in degrees")
    if robot.source:
        print(f"source: {robot.source}")
    columns = ("joint", "type", "theta", "d", "a", "alpha", "min", "max", "home", "name")
    table = [[str(r[c]) for c in columns] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in table)) for i, c in enumerate(columns)]
    print("  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)))
    for row in table:
        print("  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)))
    if robot.convention == "modified":
        print("(modified DH: row i holds a_{i-1} and alpha_{i-1})")
    for mount in ("base", "tool"):
        if mount in extras:
            xyz, rpy = (", ".join(f"{v:g}" for v in extras[mount][k]) for k in ("xyz", "rpy"))
            print(f"{mount}: xyz ({xyz}) {robot.unit}, rpy ({rpy}) deg")
    for pose_name, values in extras.get("poses", {}).items():
        print(f"pose {pose_name}: {' '.join(f'{v:g}' for v in values)}")
    if robot.dynamics is not None:
        masses = " ".join(f"{link.mass:g}" for link in robot.dynamics.links)
        print(f"dynamics: link masses {masses} kg, gravity "
              f"({', '.join(f'{v:g}' for v in robot.dynamics.gravity)}) m/s^2 "
              f"(centres of mass and inertias: --json)")
    if robot.notes:
        print(f"notes: {robot.notes}")


def render_command(robot: Robot, args: argparse.Namespace) -> None:
    """``show ROBOT [q ...] --png FILE``: the arm as the application draws it, without a window."""
    from ..plotting.arm import save_arm_png  # matplotlib only for this command

    q = joint_values(robot, args.q, args.deg) if args.q else robot.home
    robot.check_within_limits(q, f"{robot.name}")
    if not args.png.lower().endswith(".png"):
        raise ValidationError(f"{args.png}: the image file name must end in .png")
    try:
        drawing = save_arm_png(robot, q, args.png, style=args.style)
    except OSError as exc:
        raise ValidationError(f"{args.png}: cannot write it ({exc.strerror or exc})") from None
    if drawing.style_message:
        print(f"robosim: note: {drawing.style_message}", file=sys.stderr)
    if args.json:
        print_json({"robot": robot.name, "q": q.tolist(), "png": args.png})
    else:
        print(f"{robot.name} drawn at q = {np.round(robot.q_to_user(q), 6).tolist()} "
              f"(degrees, {robot.unit}) in {args.png}")


def fk_command(args: argparse.Namespace) -> None:
    robot = robot_from_args(args)
    q = configuration(robot, args)
    T = robot.fk(q)
    rpy = np.degrees(r2rpy(T[:3, :3])) + 0.0  # + 0.0 turns -0.0 into 0.0 for printing
    if args.json:
        print_json({"robot": robot.name, "unit": robot.unit, "q": q.tolist(),
                    "matrix": T.tolist(), "position": T[:3, 3].tolist(),
                    "rpy_deg": rpy.tolist()})
        return
    print(f"end-effector pose of {robot.name} (lengths in {robot.unit}):")
    print(format_matrix(T))
    x, y, z = T[:3, 3]
    print(f"position  x={x:.6f} y={y:.6f} z={z:.6f} {robot.unit}")
    print(f"rpy       roll={rpy[0]:.6f} pitch={rpy[1]:.6f} yaw={rpy[2]:.6f} deg "
          f"(R = Rz(yaw) Ry(pitch) Rx(roll))")


def jacobian_command(args: argparse.Namespace) -> None:
    robot = robot_from_args(args)
    q = configuration(robot, args)
    J = robot.jacobian(q)
    if args.manipulability:
        measure, condition = robot.manipulability(q), robot.jacobian_condition(q)
    if args.json:
        data = {"robot": robot.name, "unit": robot.unit, "q": q.tolist(),
                "rows": list(JACOBIAN_ROWS), "jacobian": J.tolist()}
        if args.manipulability:
            # JSON has no infinity: a singular Jacobian's condition number is null.
            data["manipulability"] = {"rows": list(robot.manipulability_rows),
                                      "value": float(measure),
                                      "condition": float(condition)
                                      if np.isfinite(condition) else None}
        print_json(data)
        return
    print(f"geometric Jacobian of {robot.name}: rows vx vy vz ({robot.unit} per unit of q), "
          f"wx wy wz (rad per unit of q); columns joints 1..{robot.n}, base frame")
    print(format_matrix(J))
    if args.manipulability:
        rows = " ".join(robot.manipulability_rows)
        print(f"manipulability sqrt(det(J J^T)) over rows {rows}: {measure:.6g}")
        print(f"condition number sigma_max/sigma_min over the same rows: {condition:.6g}"
              + (" (singular)" if not np.isfinite(condition) or condition > 1e12 else ""))

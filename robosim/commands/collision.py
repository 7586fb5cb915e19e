"""``robosim collide``: does a pose hit the arm itself, its floor or table, or a scene's
obstacles? Exit status 0 when the pose is clear, 1 when it collides (the pairs are printed), 2 a
usage error.
"""

import argparse
from ..collision import Checker, default_scene, load_scene
from .common import (add_configuration_arguments, add_json_argument, add_robot_argument,
                     configuration, print_json, robot_from_args, text)

#: Exit status of a pose that collides (like "not reached" for ik).
COLLIDES = 1


def register(subparsers):
    parser = subparsers.add_parser(
        "collide", help="check a pose for collisions: the arm with itself, its floor (the "
                        "Lynx6: its table) or a scene file's boxes, spheres and cylinders",
        description="Check a pose for collisions. The links are capsules along the DH "
                    "segments; self collisions are checked between links that are not "
                    "neighbours. Exit status 1 when the pose collides.")
    add_robot_argument(parser)
    add_configuration_arguments(parser, nargs="*")
    parser.add_argument("--scene", metavar="FILE", type=text,
                        help="obstacles in a scene file (robosim-scene/1 JSON, docs/formats.md) "
                             "instead of the default scene (the floor; the Lynx6's table)")
    add_json_argument(parser)
    parser.set_defaults(handler=collide_command)


def collide_command(args: argparse.Namespace) -> int:
    robot = robot_from_args(args)
    q = configuration(robot, args)
    scene = load_scene(args.scene) if args.scene else default_scene(robot)
    result = Checker(robot, scene).check(q)
    hits = result.colliding_pairs()
    if args.json:
        print_json({"robot": robot.name, "unit": robot.unit, "q": q.tolist(),
                    "collides": bool(result.collides), "distance": _finite(result.distance),
                    "pairs": [{"a": a, "b": b, "distance": float(d), "collides": bool(d < 0)}
                              for (a, b), d in zip(result.pairs, result.distances, strict=True)]})
        return COLLIDES if hits else 0
    print(result.describe(unit=robot.unit))
    for (a, b), distance in zip(result.pairs, result.distances, strict=True):
        if distance < 0:
            print(f"  {a} and {b}: overlap {-distance:.4g} {robot.unit}")
    return COLLIDES if hits else 0


def _finite(value):
    value = float(value)
    return value if value != float("inf") else None

"""Collision-check speed: poses per second of :func:`robosim.collision.check`.

Run: ``python benchmarks/bench_collision.py [--single]``. Target (issue 30): at least 100,000
poses/s for the Lynx6 against a 3-box scene (its table and two boxes on it), batched; small
batches (10 and 100 poses, what the planner checks per edge) show the cost of one call; and the
cost of one pose through a prepared :class:`robosim.collision.Checker` (what Random Move, a jog
line or a drag pays per pose); and one simulator frame's
:meth:`robosim.plotting.arm.ArmDrawing.set_pose` (FK, link shapes, floor and the collision
check on the frames drawn) for the Lynx6 and the Puma 560 in their default styles and scenes.

With ``--single`` only one pose at a time (issue 33): checks per second of
``Checker.check(q, frames)`` on the frames the caller has (what the drawing pays every frame
of a drag or a played trajectory) and of ``Checker.check(q)`` (FK included: a jog line, the
gripper drag's test), for the Lynx6 (no obstacle; its table; the table and two boxes;
examples/scenes/lynx6_desk.json: two boxes, a cylinder, a sphere) and the Puma 560 (no
obstacle; its floor; its floor and two boxes, :data:`PUMA_BOXES`: issue 35's target, at least
5,000 checks/s), then the ``set_pose`` figures. CPU time (``process_time``), best of 5:
the machine may be shared, compare runs made back to back.
"""

import sys
import time
from pathlib import Path

import numpy as np
from bench_fk import best_time
from matplotlib.figure import Figure

from robosim import load_robot
from robosim.collision import (LYNX6_TABLE, Checker, Scene, default_scene, load_scene,
                               scene_from_dict)
from robosim.plotting.arm import ArmDrawing

DESK = Path(__file__).resolve().parents[1] / "examples" / "scenes" / "lynx6_desk.json"
BOXES = [LYNX6_TABLE,
         {"name": "box 1", "shape": "box", "size": [60, 60, 80], "xyz": [200, 100, 40],
          "rpy": [0, 0, 30]},
         {"name": "box 2", "shape": "box", "size": [100, 40, 40], "xyz": [150, -150, 20]}]
#: Two boxes (m) in the Puma 560's reach, beside its floor: "Puma against 3 boxes".
PUMA_BOXES = [{"name": "box 1", "shape": "box", "size": [0.3, 0.3, 0.4], "xyz": [0.6, 0.4, 0.2],
               "rpy": [0, 0, 30]},
              {"name": "box 2", "shape": "box", "size": [0.5, 0.2, 0.2], "xyz": [0.5, -0.5, 0.1]}]


def main():
    if "--single" in sys.argv[1:]:
        single()
        return
    robot = load_robot("lynx6")
    scene = scene_from_dict({"format": "robosim-scene/1", "unit": "mm", "obstacles": BOXES})
    checker = Checker(robot, scene)
    print(f"robot: {robot.name}, {len(checker.solids.pieces)} capsules, "
          f"{len(checker.solids.self_pairs)} self pairs, {len(scene.obstacles)} boxes, "
          f"{len(checker.pairs)} link-level pairs")
    rng = np.random.default_rng(0)
    for size, repeats in ((10, 200), (100, 100), (1_000, 20), (100_000, 3), (1_000_000, 1)):
        q = robot.random_q(size, rng)
        seconds = best_time(lambda q=q: checker.check(q), repeats)
        print(f"batch {size:>9,}: {seconds / size * 1e6:8.3f} us per pose, "
              f"{size / seconds:12,.0f} poses/s")
    q = robot.random_q(rng=rng)
    calls = 2_000
    seconds = best_time(lambda: [checker.check(q) for _ in range(calls)], 3) / calls
    print(f"one pose (Checker):  {seconds * 1e6:8.1f} us per pose")
    seconds = best_time(lambda: Checker(robot, scene), 20)
    print(f"Checker(robot, scene): {seconds * 1e6:8.1f} us to prepare")
    for name in ("Lynx6", "Puma 560"):
        print(f"simulator frame, {name}: {set_pose_ms(load_robot(name)):6.3f} ms per set_pose")


def single(poses=400):
    """Checks per second of one pose at a time, on ``poses`` random poses (best of 5)."""
    lynx, puma = load_robot("lynx6"), load_robot("Puma 560")
    cases = [("Lynx6, no obstacle", Checker(lynx, Scene((), "mm"))),
             ("Lynx6, its table", Checker(lynx)),
             ("Lynx6, table + 2 boxes", Checker(lynx, scene_from_dict(
                 {"format": "robosim-scene/1", "unit": "mm", "obstacles": BOXES}))),
             ("Lynx6, desk (4 shapes)", Checker(lynx, load_scene(DESK))),
             ("Puma 560, no obstacle", Checker(puma, Scene((), puma.unit))),
             ("Puma 560, its floor", Checker(puma)),
             ("Puma 560, floor + 2 boxes", Checker(puma, Scene(
                 default_scene(puma).obstacles + scene_from_dict(
                     {"format": "robosim-scene/1", "unit": "m", "obstacles": PUMA_BOXES}
                 ).obstacles, "m")))]
    print("one pose at a time: checks per second (CPU time, best of 5)")
    print(f"{'':26s} {'on the frames drawn':>20s} {'FK included':>14s}")
    for name, checker in cases:
        robot = checker.robot
        q = robot.random_q(poses, rng=2)
        frames = robot.fk_all(q)
        drawn = best_time(lambda q=q, frames=frames, checker=checker: [
            checker.check(one, one_frames) for one, one_frames in zip(q, frames, strict=True)],
            5, time.process_time)
        own = best_time(lambda q=q, checker=checker: [checker.check(one) for one in q], 5,
                        time.process_time)
        print(f"{name:26s} {poses / drawn:20,.0f} {poses / own:14,.0f}")
    for name in ("Lynx6", "Puma 560"):
        print(f"simulator frame, {name}: {set_pose_ms(load_robot(name)):6.3f} ms per set_pose")


def set_pose_ms(robot, poses=200):
    """One drawing's ``set_pose`` at ``poses`` random poses, best of 5: ms per pose."""
    drawing = ArmDrawing(Figure().add_subplot(projection="3d"), robot)
    q = robot.random_q(poses, rng=1)
    return best_time(lambda: [drawing.set_pose(one) for one in q], 5) / poses * 1e3


if __name__ == "__main__":
    main()

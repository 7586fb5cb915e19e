"""Collision-check speed: poses per second of :func:`robosim.collision.check`.

Run: ``python benchmarks/bench_collision.py``. Target (issue 30): at least 100,000 poses/s for
the Lynx6 against a 3-box scene (its table and two boxes on it), batched; and the cost of one
pose through a prepared :class:`robosim.collision.Checker` (what Random Move, a jog line or a
drag pays per pose); and one simulator frame's :meth:`robosim.plotting.arm.ArmDrawing.set_pose`
(FK, link shapes, floor and the collision check on the frames drawn) for the Lynx6 and the Puma
560 in their default styles and scenes.
"""

import numpy as np
from bench_fk import best_time
from matplotlib.figure import Figure

from robosim import load_robot
from robosim.collision import LYNX6_TABLE, Checker, scene_from_dict
from robosim.plotting.arm import ArmDrawing

BOXES = [LYNX6_TABLE,
         {"name": "box 1", "shape": "box", "size": [60, 60, 80], "xyz": [200, 100, 40],
          "rpy": [0, 0, 30]},
         {"name": "box 2", "shape": "box", "size": [100, 40, 40], "xyz": [150, -150, 20]}]


def main():
    robot = load_robot("lynx6")
    scene = scene_from_dict({"format": "robosim-scene/1", "unit": "mm", "obstacles": BOXES})
    checker = Checker(robot, scene)
    print(f"robot: {robot.name}, {len(checker.solids.pieces)} capsules, "
          f"{len(checker.solids.self_pairs)} self pairs, {len(scene.obstacles)} boxes, "
          f"{len(checker.pairs)} link-level pairs")
    rng = np.random.default_rng(0)
    for size, repeats in ((1_000, 20), (100_000, 3), (1_000_000, 1)):
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


def set_pose_ms(robot, poses=200):
    """One drawing's ``set_pose`` at ``poses`` random poses, best of 5: ms per pose."""
    drawing = ArmDrawing(Figure().add_subplot(projection="3d"), robot)
    q = robot.random_q(poses, rng=1)
    return best_time(lambda: [drawing.set_pose(one) for one in q], 5) / poses * 1e3


if __name__ == "__main__":
    main()

"""Time to turn a 1,000-point parametric path into joint values (issue 5: under 0.5 s each).

Run: ``python benchmarks/bench_trajectory.py``. For the Lynx6 and the Puma 560: the weld seam
preset (3D-RAS, eqs. 37-39) with 1,000 points, placed in the robot's workspace once, then
timed: evaluating the formulas (:func:`robosim.trajectory.volume_path`) and following the path
by inverse kinematics point by point (:func:`robosim.trajectory.follow_path`). Also the
placement itself, a joint profile of 1,000 samples, and a path that leaves the workspace.
Figures taken on a shared, loaded machine are pessimistic.
"""

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_fk import best_time

from robosim import load_robot, trajectory

ROBOTS = ("Lynx6", "Puma 560")
POINTS = 1_000


def path_to_joints(robot):
    began = time.perf_counter()
    placed = trajectory.preset_path("weld seam", robot, POINTS)
    placing = time.perf_counter() - began
    preset = trajectory.PRESETS["weld seam"]
    formulas = [f"{float(placed.offset[axis])!r} + {placed.scale!r}*({text})"
                for axis, text in enumerate(preset.formulas)]

    def run():
        path = trajectory.volume_path(*formulas, preset.u_range, preset.v_range, POINTS)
        return trajectory.follow_path(robot, path, robot.home)

    seconds = best_time(run, 3)
    result = run()
    error = np.abs(result.tip - placed.points)[result.reachable].max()
    print(f"{robot.name:>9}: {POINTS} points -> joint values {seconds:.3f} s "
          f"({result.reachable.sum()} reached, worst error {error:.1e} {robot.unit}); "
          f"placing the preset {placing:.2f} s ({placed.message})")


def leaving_the_workspace(robot):
    u = np.linspace(0, 2 * np.pi, POINTS)
    reach = robot.length_scale
    points = np.column_stack([0.9 * reach * np.cos(u), 0.9 * reach * np.sin(u),
                              np.full(POINTS, robot.base[2, 3] + 0.3 * reach)])
    seconds = best_time(lambda: trajectory.follow_path(robot, points, robot.home), 2)
    result = trajectory.follow_path(robot, points, robot.home)
    print(f"{robot.name:>9}: a {POINTS}-point circle mostly out of reach {seconds:.3f} s "
          f"({result.reachable.sum()} reached)")


def profile(robot):
    goal = robot.limits.mean(axis=1) + 0.4 * np.ptp(robot.limits, axis=1)
    seconds = best_time(lambda: trajectory.joint_profile(
        robot.home, goal, 9.99, 0.01, "quintic", via=[(robot.home + goal) / 2]), 5)
    print(f"{robot.name:>9}: quintic profile, 1,000 samples through a via {seconds * 1e3:.2f} ms")


if __name__ == "__main__":
    for name in ROBOTS:
        robot = load_robot(name)
        path_to_joints(robot)
        leaving_the_workspace(robot)
        profile(robot)

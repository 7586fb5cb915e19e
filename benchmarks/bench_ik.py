"""Inverse-kinematics accuracy and speed on 1,000 random reachable targets per robot.

Run: ``python benchmarks/bench_ik.py``. Targets are ``fk`` of random joint values inside the
limits (issue 3): success rate (at least 99.9%), median and worst position error of the solved
targets (under 1e-9 of the unit), time per solve one at a time and batched (under 1 ms), then
paths (``solve_path``: a 1,000-point path well under 0.5 s, also when it leaves the workspace)
and straight lines. Figures taken on a shared, loaded machine are pessimistic.
"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_fk import best_time

from robosim import ik, load_robot
from robosim.trajectory import motion

ROBOTS = ("Puma 560", "KR5", "Lynx6")
TARGETS = 1_000
SINGLE = 200


def accuracy_and_speed(robot):
    q_true = robot.random_q(TARGETS, rng=np.random.default_rng(1))
    targets = robot.fk(q_true)
    seconds = best_time(lambda: ik.solve(robot, targets), 2)
    result = ik.solve(robot, targets)
    solved = result.success
    reached = robot.fk(result.q)
    error = np.linalg.norm(reached[:, :3, 3] - targets[:, :3, 3], axis=1)
    single = best_time(lambda: [ik.solve(robot, T) for T in targets[:SINGLE]], 2) / SINGLE
    print(f"{robot.name:>9} ({robot.n} joints, {robot.unit}): success {100 * solved.mean():6.2f}%"
          f"  position error median {np.median(error[solved]):.1e} worst "
          f"{error[solved].max():.1e} {robot.unit}  single {single * 1e3:6.3f} ms/solve  "
          f"batched {seconds / TARGETS * 1e3:6.3f} ms/solve")


def smooth_path(robot, points):
    """Poses of a smooth joint motion (a sine sweep inside the limits)."""
    lower, upper = robot.limits.T
    middle, span = (lower + upper) / 2, np.minimum(upper - lower, 2 * np.pi) * 0.3
    s = np.linspace(0, 1, points)[:, None]
    phases = np.arange(robot.n) * 0.7
    return robot.fk(middle + span * np.sin(2 * np.pi * s + phases))


def path_speed(robot):
    targets = smooth_path(robot, 1_000)
    q0 = ik.solve(robot, targets[0]).q
    seconds = best_time(lambda: ik.solve_path(robot, targets, q0), 2)
    path = ik.solve_path(robot, targets, q0)
    away = targets.copy()
    away[300:700, :3, 3] += 10 * robot.length_scale           # 40% of the path out of reach
    seconds_away = best_time(lambda: ik.solve_path(robot, away, q0), 2)
    reachable = ik.solve_path(robot, away, q0).reachable
    print(f"{robot.name:>9} path of 1,000 poses: {seconds * 1e3:7.1f} ms "
          f"({100 * path.reachable.mean():.1f}% reached);  with 400 unreachable: "
          f"{seconds_away * 1e3:7.1f} ms ({100 * reachable.mean():.1f}% reached)")


def line_speed(robot):
    q = robot.random_q(rng=np.random.default_rng(3))
    start = robot.fk(q)
    target = start.copy()
    target[:3, 3] += 0.05 * robot.length_scale
    seconds = best_time(lambda: motion.straight_line(robot, q, target, 100), 2)
    result = motion.straight_line(robot, q, target, 100)
    print(f"{robot.name:>9} straight line, 100 via-points: {seconds * 1e3:7.1f} ms, "
          f"complete {result.complete}, final error {result.position_error[-1]:.1e} "
          f"{robot.unit}, largest distance from the line {result.deviation.max():.1e}")


def main():
    robots = [load_robot(name) for name in ROBOTS]
    print(f"{TARGETS} random reachable targets per robot (fk of random joint values), full pose")
    for robot in robots:
        accuracy_and_speed(robot)
    for robot in robots:
        path_speed(robot)
    for robot in robots:
        line_speed(robot)


if __name__ == "__main__":
    main()

"""Forward-kinematics speed: poses per second of batched ``fk`` on a 6-joint arm.

Run: ``python benchmarks/bench_fk.py``. Prints one line per batch size; targets (issue 2):
at least 1.5 million poses/s for a 1e6 batch on one core, and a single-pose call under 30 us.
"""

import time

import numpy as np

from robosim import load_robot


def best_time(function, repeats, clock=time.perf_counter):
    """Shortest time (s) of ``repeats`` calls of ``function``, measured with ``clock``
    (``time.process_time``: CPU time, which other processes on a shared machine inflate
    less than wall time)."""
    best = float("inf")
    for _ in range(repeats):
        start = clock()
        function()
        best = min(best, clock() - start)
    return best


def main():
    robot = load_robot("Lodes Puma 560")
    rng = np.random.default_rng(0)
    print(f"robot: {robot.name} ({robot.n} joints, {robot.convention} DH)")
    q_single = robot.random_q(rng=rng)
    calls = 20_000
    seconds = best_time(lambda: [robot.fk(q_single) for _ in range(calls)], 3) / calls
    print(f"batch 1 (single call): {seconds * 1e6:8.1f} us per pose, "
          f"{1 / seconds:12,.0f} poses/s")
    for size, repeats in ((1_000, 50), (1_000_000, 3)):
        q = robot.random_q(size, rng)
        seconds = best_time(lambda q=q: robot.fk(q), repeats)
        print(f"batch {size:>9,}:       {seconds / size * 1e6:8.3f} us per pose, "
              f"{size / seconds:12,.0f} poses/s")
    q = robot.random_q(1_000_000, rng)
    seconds = best_time(lambda: robot.fk_all(q), 1)
    print(f"fk_all 1,000,000:      {seconds / 1e6 * 1e6:8.3f} us per pose, "
          f"{1e6 / seconds:12,.0f} poses/s (all {robot.n + 1} frames)")
    seconds = best_time(lambda: robot.jacobian(q[:100_000]), 3)
    print(f"jacobian 100,000:      {seconds / 1e5 * 1e6:8.3f} us per pose, "
          f"{1e5 / seconds:12,.0f} poses/s")


if __name__ == "__main__":
    main()

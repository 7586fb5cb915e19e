"""Forward-workspace speed and memory: configurations per second and peak traced memory.

Run: ``python benchmarks/bench_workspace.py [--quick]``. The Lynx6 at the paper's Fig. 5 ranges
(theta1 0..180, theta2 0..90, theta3 0..90, theta4 -90..90 deg; wrist rotation held still) at
Factor 15 (5,184 configurations, eq. 18), Factor 5 and Factor 1 (about 2.6e8 configurations),
then Monte Carlo. Targets (issue 4): Factor 15 under 50 ms; Factor 1 under 60 s on one core with
peak memory under 1 GB; at least 5 million configurations per second in the streaming path.
``--quick`` skips Factor 1. Times are the best of 5 runs (Factor 1 and Monte Carlo: one run);
peak memory is numpy's allocations traced by ``tracemalloc`` in one more run.

Each line also gives the volume and what it rests on: a coarse Factor's volume is counted on a
finer grid over the same ranges (:func:`robosim.workspace.volume_grid`), and its time includes
that extra pass; "cloud only" is the same run counting the Factor's own grid (the volume then
rests on voxels as coarse as its spacing). Targets of the follow-up: Factor 15 well under
0.1 s, Factor 5 under about 0.3 s, Factor 1 unchanged.
"""

import math
import sys
import time
import tracemalloc

from robosim import load_robot
from robosim import workspace as ws

FIG5 = {0: (0.0, math.pi), 1: (0.0, math.pi / 2), 2: (0.0, math.pi / 2),
        3: (-math.pi / 2, math.pi / 2), 4: (0.0, 0.0)}


def measure(run, repeats):
    """``(result, best seconds of repeats untraced, peak MB of one traced run)``.

    tracemalloc slows numpy's allocations, so time and memory come from separate runs.
    """
    seconds = float("inf")
    for _ in range(repeats):
        began = time.perf_counter()
        result = run()
        seconds = min(seconds, time.perf_counter() - began)
    tracemalloc.start()
    run()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return result, seconds, peak


def main(quick=False):
    robot = load_robot("lynx6")
    print(f"robot: {robot.name}, Fig. 5 ranges")
    for factor in (15, 5) + (() if quick else (1,)):
        grid = ws.factor_grid(robot, factor, FIG5)
        estimate = ws.estimate_seconds(robot, grid)
        result, seconds, peak = measure(lambda grid=grid: ws.forward_workspace(robot, grid),
                                        repeats=5 if factor > 1 else 1)
        print(f"Factor {factor:2d}: {grid.configurations:>13,} configurations in "
              f"{seconds * 1e3:10.1f} ms = {grid.configurations / seconds / 1e6:7.2f} M/s "
              f"({result.positions / seconds / 1e6:6.2f} M segment positions/s), peak "
              f"{peak:7.1f} MB, estimate was {estimate:.3g} s; reach {result.reach:.2f} mm")
        print(f"           volume {result.volume():.4g} mm^3 from {result.volume_basis()}")
        if result.voxel_source.refined and factor > 1:
            alone, alone_seconds, _ = measure(
                lambda grid=grid: ws.forward_workspace(robot, grid, volume_from=grid), repeats=5)
            print(f"           cloud only: {alone_seconds * 1e3:.1f} ms, volume "
                  f"{alone.volume():.4g} mm^3 from {alone.voxel:.3g} mm voxels")
    samples = 2_000_000
    result, seconds, peak = measure(lambda: ws.monte_carlo_workspace(robot, samples), 1)
    print(f"Monte Carlo: {samples:,} samples in {seconds:.2f} s = "
          f"{samples / seconds / 1e6:.2f} M/s, peak {peak:.1f} MB; volume "
          f"{result.volume():.4g} mm^3 (limits, not Fig. 5)")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])

"""Forward-workspace time estimates against the measured time (issue 15, item 5).

Run: ``python benchmarks/bench_workspace_estimate.py [--quick]``. For the Lynx6 at 3D-RAS's
Fig. 5 ranges (as ``bench_workspace``), Factors 30 down to 1 (``--quick`` stops at 2), then Monte
Carlo runs of 10^5 to 10^7 samples: the estimate (:func:`robosim.workspace.estimate_seconds`,
:func:`robosim.workspace.estimate_samples_seconds`: short timed probes on this machine), the
measured time of the run, their ratio, and how long estimating took. Target: every ratio between
0.5 and 2. One run each; a loaded machine moves both numbers.
"""

import math
import sys
import time

from robosim import load_robot
from robosim import workspace as ws

FIG5 = {0: (0.0, math.pi), 1: (0.0, math.pi / 2), 2: (0.0, math.pi / 2),
        3: (-math.pi / 2, math.pi / 2), 4: (0.0, 0.0)}


def timed(run):
    began = time.perf_counter()
    value = run()
    return value, time.perf_counter() - began


def row(what, count, estimate, estimating, measured):
    print(f"{what:<16} {count:>14,}  estimate {estimate:8.3g} s  measured {measured:8.3g} s  "
          f"measured/estimate {measured / estimate:5.2f}  (estimating took {estimating:.2f} s)",
          flush=True)


def main(quick=False):
    robot = load_robot("lynx6")
    print(f"robot: {robot.name}, Fig. 5 ranges; target: measured/estimate within 0.5..2")
    for factor in (30, 15, 10, 5, 3, 2) + (() if quick else (1,)):
        grid = ws.factor_grid(robot, factor, FIG5)
        estimate, estimating = timed(lambda grid=grid: ws.estimate_seconds(robot, grid))
        _, measured = timed(lambda grid=grid: ws.forward_workspace(robot, grid))
        row(f"Factor {factor}", grid.configurations, estimate, estimating, measured)
    for samples in (10 ** 5, 10 ** 6, 10 ** 7):
        estimate, estimating = timed(
            lambda samples=samples: ws.estimate_samples_seconds(robot, samples, FIG5))
        _, measured = timed(
            lambda samples=samples: ws.monte_carlo_workspace(robot, samples, ranges=FIG5))
        row("Monte Carlo", samples, estimate, estimating, measured)


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])

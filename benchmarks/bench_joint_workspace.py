"""Joint-workspace speed: seconds per position, closed form (Lynx6) and numeric (Puma 560).

Run: ``python benchmarks/bench_joint_workspace.py``. The Puma 560 (numeric IK, gripper
orientation held at home's, a second search with the limits opened for every miss): a
100-position sweep of x through the home position across the whole reach, and a 20 x 20 x 20
box of 2 m around the base (most of it out of reach: the expensive case, each miss searched
twice). The Lynx6 closed form for comparison. Times are the best of 3 runs; figures taken on a
shared, loaded machine are pessimistic. The window's "about N s" announcement uses
``robosim.workspace.numeric_joint.SECONDS_PER_SWEPT_POSITION`` / ``SECONDS_PER_BOX_POSITION``.
"""

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_fk import best_time

from robosim.workspace import joint as jw
from robosim import load_robot
from robosim.workspace import numeric_joint as numeric


def report(label, run, path):
    seconds = best_time(run, 3)
    result = run()
    count = len(result.positions)
    summary = result.summary()
    estimate = numeric.estimate_seconds(count, path) if result.numeric else float("nan")
    print(f"{label:<34} {count:>6,} positions in {seconds:7.3f} s = "
          f"{seconds / count * 1e3:8.4f} ms/position  ({summary['reachable']:,} reachable, "
          f"{summary['out_of_reach']:,} out of reach; window estimate {estimate:.2g} s)")


def main():
    puma = load_robot("puma_560")
    home = puma.fk(puma.home)[:3, 3]
    reach = puma.length_scale
    report("Puma 560 sweep x (numeric)",
           lambda: jw.joint_sweep(puma, "x", -reach, reach, 100, home), path=True)
    report("Puma 560 box 20^3 (numeric)",
           lambda: jw.joint_box(puma, (-1, -1, -0.5), (1, 1, 1.5), 20), path=False)
    report("Puma 560 box 20^3, position only",
           lambda: jw.joint_box(puma, (-1, -1, -0.5), (1, 1, 1.5), 20, position_only=True),
           path=False)
    lynx = load_robot("lynx6")
    report("Lynx6 box 20^3 (closed form)",
           lambda: jw.joint_box(lynx, (-300, -300, -100), (400, 300, 400), 20,
                                math.radians(-30)), path=False)


if __name__ == "__main__":
    main()

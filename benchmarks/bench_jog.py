"""Time of one jog, what a press of a Jog / IK button costs before the arm starts to move.

Run: ``python benchmarks/bench_jog.py``. A +10 (length unit) Z jog and a 5 deg pitch jog, with
the Jog / IK window's 5 via-points, for: the Lynx6 holding its gripper's angle to the ground
and its wrist-rotate joint (closed form, :func:`robosim.motion.jog`'s default), the Lynx6 by the
numeric solver on its position only (``axes="position"``, the behaviour before), and the Puma
560 holding its whole pose (numeric). Also a 200 mm Lynx6 jog stopped by the edge of reach (the
stop reason is worked out too). Figures taken on a shared, loaded machine are pessimistic.
"""

import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_fk import best_time

from robosim import load_robot
from robosim.trajectory import motion

VIA_POINTS = 5
REPEATS = 20


def time_jog(label, robot, q, axis, amount, **options):
    result = motion.jog(robot, q, axis, amount, steps=VIA_POINTS, **options)
    seconds = best_time(lambda: motion.jog(robot, q, axis, amount, steps=VIA_POINTS,
                                           **options), REPEATS)
    drift = math.degrees(abs(motion.wrist_angle(robot, result.final_q)
                             - motion.wrist_angle(robot, q))) if robot.n == 5 else 0.0
    done = "complete" if result.complete else "stopped: " + result.reason.split(" (")[0]
    print(f"{label:<44} {1e3 * seconds:7.2f} ms   gripper angle change {drift:.2e} deg   "
          f"{done}")


def main():
    lynx6, puma = load_robot("Lynx6"), load_robot("Puma 560")
    q_lynx6 = np.radians([10, 20, -30, -20, 5])
    q_puma = np.array([0.3, -0.5, 0.8, 0.4, 0.7, -0.2])
    print(f"one jog, {VIA_POINTS} via-points, best of {REPEATS}")
    time_jog("Lynx6 +Z 10 mm, wrist held (closed form)", lynx6, q_lynx6, "z", 10.0)
    time_jog("Lynx6 +Z 10 mm, position only (numeric)", lynx6, q_lynx6, "z", 10.0,
             axes="position")
    time_jog("Lynx6 pitch +5 deg (numeric)", lynx6, q_lynx6, "pitch", math.radians(5))
    time_jog("Lynx6 +X 200 mm, stops at the edge of reach", lynx6, lynx6.home, "x", 200.0)
    time_jog("Puma 560 +Z 0.01 m, pose held (numeric)", puma, q_puma, "z", 0.01)


if __name__ == "__main__":
    main()

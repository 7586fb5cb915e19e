"""Inverse kinematics to a position, then a straight line to another, on the Puma 560.

IK finds joint values for a target pose; every via-point of the straight line is solved onto the
line, so the end effector stays on it. The script prints how far each result is from its
target and writes the line as a trajectory CSV.

Run: python examples/ik_straight_line.py [--out DIR]
"""

import argparse
from pathlib import Path

import numpy as np

import robosim
from robosim import ik, motion, trajectory


def main(out):
    puma = robosim.load_robot("Puma 560")
    start = puma.fk(puma.home)
    start[:3, 3] += [0.0, 0.05, -0.10]            # 5 cm sideways, 10 cm down (metres)
    result = ik.solve(puma, start, q0=puma.home, axes="pose")
    print(f"IK: reached {bool(result.success)}, position error {result.position_error:.2e} m")

    goal = puma.fk(result.q)
    goal[:3, 3] += [0.10, 0.0, 0.05]
    line = motion.straight_line(puma, result.q, goal, 20)   # 20 via-points
    print(f"line complete: {line.complete}, largest deviation {np.max(line.deviation):.2e} m")
    times = np.linspace(0.0, 2.0, len(line.q))
    path = trajectory.write_trajectory_csv(Path(out) / "puma_line.csv", puma, times, line.q)
    print("saved", path)
    return result, line


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=".", help="folder for the files written")
    main(parser.parse_args().out)

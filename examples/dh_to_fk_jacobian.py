"""From a DH table to forward kinematics and the Jacobian, checked by hand.

A planar arm of two links (10 cm and 5 cm) typed as a standard DH table. At q = (30 deg, 60 deg)
the end effector is at x = 10 cos 30 + 5 cos 90 = 8.660, y = 10 sin 30 + 5 sin 90 = 10.000, and
the Jacobian's linear rows are the textbook [-y, -5 sin 90; x, 5 cos 90]. The script prints
both, compares them and saves the table as a robot file.

Run: python examples/dh_to_fk_jacobian.py [--out DIR]
"""

import argparse
import math
from pathlib import Path

import numpy as np

import robosim


def two_link_arm():
    """The 2R arm as a DH table: one Joint per row (a in cm, angles in radians)."""
    return robosim.Robot([robosim.Joint("R", a=10.0, name="shoulder"),
                          robosim.Joint("R", a=5.0, name="elbow")], name="Two link", unit="cm")


def main(out):
    arm = two_link_arm()
    q = np.radians([30.0, 60.0])
    T = arm.fk(q)                                 # (4, 4) end-effector pose
    J = arm.jacobian(q)                           # (6, 2): rows vx vy vz wx wy wz
    x = 10 * math.cos(q[0]) + 5 * math.cos(q[0] + q[1])
    y = 10 * math.sin(q[0]) + 5 * math.sin(q[0] + q[1])
    by_hand = np.array([[-y, -5 * math.sin(q[0] + q[1])],
                        [x, 5 * math.cos(q[0] + q[1])]])
    print("end effector (cm):", np.round(T[:3, 3], 3), " by hand:", np.round([x, y, 0.0], 3))
    print("Jacobian, linear rows:\n", np.round(J[:2], 3))
    assert np.allclose(T[:3, 3], [x, y, 0.0]) and np.allclose(J[:2], by_hand)
    assert np.allclose(J[5], [1.0, 1.0])          # both joints turn about z
    path = robosim.save_robot(arm, Path(out) / "two_link.json")
    print("saved", path)
    return T, J


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=".", help="folder for the files written")
    main(parser.parse_args().out)

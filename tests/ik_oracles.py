"""Independent IK oracles for the closed-form and solve_all tests: the Puma 560's eight branches
by its published geometric construction (written from its DH table), and the anthropomorphic
3R arm's position by the Java/VRML simulator's eq. 8."""

import math

import numpy as np

from robosim.kinematics import rotx, rotz


def puma_closed_form(robot, target):
    """The 8 analytic branches of the Puma 560 (standard DH, d6 = 0: the wrist centre is the
    end effector), ``(8, 6)``, derived from its table.

    With ``A1 = Rz(q1) Tz(d1) Rx(90)``, ``A2 = Rz(q2) Tx(a2)``,
    ``A3 = Rz(q3) Tz(d3) Tx(a3) Rx(-90)`` and the wrist centre at ``(0, 0, d4)`` of frame 3:
    in frame 1 it is ``(c2 X - s2 Y, s2 X + c2 Y, d3)`` with ``X = a2 + a3 c3 - d4 s3``,
    ``Y = a3 s3 + d4 c3``; in the world ``p = Rz(q1) (x, -d3, y + d1)``. So
    ``x = +-sqrt(px^2 + py^2 - d3^2)``, ``q1 = atan2(py, px) - atan2(-d3, x)``,
    ``y = pz - d1``, ``a3 c3 - d4 s3 = (x^2 + y^2 - a2^2 - a3^2 - d4^2) / (2 a2)`` (two q3),
    ``q2 = atan2(y, x) - atan2(Y, X)``. The wrist: ``R_3^T R = Rz(q4) Rx(90) Rz(q5) Rx(-90)
    Rz(q6) = Rz(q4) Ry(-q5) Rz(q6)``, ZYZ Euler angles with two signs of ``sin``.
    """
    j = robot.joints
    d1, a2, a3, d3, d4 = j[0].d, j[1].a, j[2].a, j[2].d, j[3].d
    px, py, pz = target[:3, 3]
    branches = []
    for x in (math.sqrt(px * px + py * py - d3 * d3), -math.sqrt(px * px + py * py - d3 * d3)):
        q1 = math.atan2(py, px) - math.atan2(-d3, x)
        y = pz - d1
        K = (x * x + y * y - a2 * a2 - a3 * a3 - d4 * d4) / (2 * a2)
        beta, rho = math.atan2(d4, a3), math.hypot(a3, d4)
        for elbow in (1.0, -1.0):
            q3 = elbow * math.acos(max(-1.0, min(1.0, K / rho))) - beta
            X = a2 + a3 * math.cos(q3) - d4 * math.sin(q3)
            Y = a3 * math.sin(q3) + d4 * math.cos(q3)
            q2 = math.atan2(y, x) - math.atan2(Y, X)
            R3 = rotz(q1) @ rotx(math.pi / 2) @ rotz(q2) @ rotz(q3) @ rotx(-math.pi / 2)
            M = R3.T @ target[:3, :3]
            for flip in (1.0, -1.0):
                b = math.atan2(flip * math.hypot(M[0, 2], M[1, 2]), M[2, 2])
                a = math.atan2(flip * M[1, 2], flip * M[0, 2])
                c = math.atan2(flip * M[2, 1], -flip * M[2, 0])
                branches.append([q1, q2, q3, a, -b, c])
    return np.array(branches)


def paper_3r_position(q, a1, a2, a3):
    """The Java/VRML simulator, eq. 8: the anthropomorphic arm's position (q1 from the Y axis)."""
    q1, q2, q3 = np.moveaxis(np.asarray(q), -1, 0)
    reach = a2 * np.cos(q2) + a3 * np.cos(q2 + q3)
    return np.stack([-reach * np.sin(q1), reach * np.cos(q1),
                     a1 + a2 * np.sin(q2) + a3 * np.sin(q2 + q3)], axis=-1)

"""Forward kinematics and the Jacobian the obvious way, for tests: independent of robosim's
column arithmetic (robosim.kinematics.chain).

Each link is its DH matrix written out entry by entry as the books print it, and the frames
are products of 4 x 4 matrices with ``@``:

- standard DH, ``A_i = Rz(theta) Tz(d) Tx(a) Rx(alpha)``: Spong, Hutchinson and Vidyasagar,
  *Robot Modeling and Control*, eq. (3.10);
- modified DH, ``A_i = Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta) Tz(d)``: Craig, *Introduction to
  Robotics*, eq. (3.6).

The Jacobian is the same books' column construction on those frames, and a central finite
difference of the end effector's pose (which needs no formula at all).
"""

import math

import numpy as np


def link_matrix(theta, d, a, alpha, convention):
    """The DH matrix ``A_i`` (4, 4) of one link, entry by entry."""
    ct, st, ca, sa = math.cos(theta), math.sin(theta), math.cos(alpha), math.sin(alpha)
    if convention == "standard":
        return np.array([[ct, -st * ca, st * sa, a * ct],
                         [st, ct * ca, -ct * sa, a * st],
                         [0.0, sa, ca, d],
                         [0.0, 0.0, 0.0, 1.0]])
    return np.array([[ct, -st, 0.0, a],
                     [st * ca, ct * ca, -sa, -sa * d],
                     [st * sa, ct * sa, ca, ca * d],
                     [0.0, 0.0, 0.0, 1.0]])


def frames(robot, q):
    """Frames ``T_0 = base``, ``T_i = T_{i-1} A_i`` (n + 1, 4, 4) of one configuration."""
    out = [robot.base.copy()]
    for joint, value in zip(robot.joints, q, strict=True):
        theta = value + joint.offset if joint.is_revolute else joint.theta
        d = joint.d if joint.is_revolute else value + joint.offset
        out.append(out[-1] @ link_matrix(theta, d, joint.a, joint.alpha, robot.convention))
    return np.array(out)


def fk(robot, q):
    """The end effector's pose ``T_n @ tool`` (4, 4) of one configuration."""
    return frames(robot, q)[-1] @ robot.tool


def jacobian(robot, q):
    """The geometric Jacobian (6, n) built column by column from :func:`frames`: joint i's
    axis z and a point o on it (frame i-1 in the standard convention, frame i in the
    modified one), ``[z x (p - o); z]`` (revolute) or ``[z; 0]`` (prismatic)."""
    T = frames(robot, q)
    p = (T[-1] @ robot.tool)[:3, 3]
    axes = T[:-1] if robot.convention == "standard" else T[1:]
    columns = []
    for joint, axis in zip(robot.joints, axes, strict=True):
        z, o = axis[:3, 2], axis[:3, 3]
        columns.append(np.concatenate([np.cross(z, p - o), z]) if joint.is_revolute
                       else np.concatenate([z, np.zeros(3)]))
    return np.array(columns).T


def finite_jacobian(robot, q, h=1e-6):
    """The Jacobian (6, n) by central differences of :func:`fk`: the tip's velocity, and the
    angular velocity ``w`` from ``dR/dq R^T = [w]x``."""
    q = np.asarray(q, dtype=float)
    columns = []
    for i in range(len(q)):
        step = np.zeros(len(q))
        step[i] = h
        ahead, behind = fk(robot, q + step), fk(robot, q - step)
        dT = (ahead - behind) / (2 * h)
        W = dT[:3, :3] @ fk(robot, q)[:3, :3].T
        columns.append(np.concatenate([dT[:3, 3], [W[2, 1], W[0, 2], W[1, 0]]]))
    return np.array(columns).T

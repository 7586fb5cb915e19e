"""The kinematics of robosim.kinematics.chain against independent constructions.

- ``fk`` / ``fk_all`` (one configuration and a batch) against products of the books' 4 x 4 DH
  matrices (tests/dh_product.py), on random robots: both conventions, prismatic joints,
  twists of a quarter turn and odd ones, offsets, base and tool;
- ``jacobian`` against the books' column construction on those matrices, and against central
  finite differences of the pose;
- ``hessian`` against central differences of ``jacobian``, and against the published value for
  the Franka Panda in Corke's Robotics Toolbox for Python (tests/test_Robot.py,
  ``TestRobot.test_hessian0``: ``panda.hessian0(q1)``, ``q1 = (1.4, 0.2, 1.8, 0.7, 0.1, 3.1,
  2.9)``, the ETS Panda with its 0.103 m flange, which robosim's "Franka Panda" is);
- ``jacobian_dot`` against the identity ``dJ/dt = sum_k H_k qd_k`` (computed apart, from the
  Hessian) and the central difference of ``jacobian`` along ``qd``.
"""

from dataclasses import replace

import numpy as np
import pytest

import dh_product
import robosim
from random_robots import random_robot


def _robots():
    rng = np.random.default_rng(2026)
    return [random_robot(rng, convention, n) for convention in ("standard", "modified")
            for n in (1, 3, 6, 7)]


ROBOTS = _robots()
IDS = [f"{robot.convention}-{robot.joint_types}" for robot in ROBOTS]


@pytest.mark.parametrize("robot", ROBOTS, ids=IDS)
def test_forward_kinematics_is_the_product_of_the_dh_matrices(robot):
    q = robot.random_q(50, rng=1)
    frames = np.array([dh_product.frames(robot, row) for row in q])
    np.testing.assert_allclose(robot.fk(q), frames[:, -1] @ robot.tool, atol=1e-13)
    np.testing.assert_allclose(robot.fk_all(q), frames, atol=1e-13)
    np.testing.assert_allclose(robot.fk(q[0]), frames[0, -1] @ robot.tool, atol=1e-13)
    np.testing.assert_allclose(robot.fk_all(q[0]), frames[0], atol=1e-13)


@pytest.mark.parametrize("robot", ROBOTS, ids=IDS)
def test_jacobian_is_the_books_columns_and_the_poses_derivative(robot):
    q = robot.random_q(50, rng=2)
    expected = np.array([dh_product.jacobian(robot, row) for row in q])
    np.testing.assert_allclose(robot.jacobian(q), expected, atol=1e-13)
    for one, J in zip(q[:10], expected[:10], strict=True):     # one configuration: floats
        np.testing.assert_allclose(robot.jacobian(one), J, atol=1e-13)
        np.testing.assert_allclose(robot.jacobian(one), dh_product.finite_jacobian(robot, one),
                                   atol=1e-8)
    bare = replace(robot, tool_xyz=(0.0, 0.0, 0.0), tool_rpy=(0.0, 0.0, 0.0))   # no tool
    np.testing.assert_allclose(bare.jacobian(q[0]), dh_product.jacobian(bare, q[0]), atol=1e-13)


def _jacobian_difference(robot, q, direction, h=1e-6):
    """Central difference of the Jacobian along ``direction`` (``d``):
    ``(J(q + h d) - J(q - h d)) / 2h``."""
    return (robot.jacobian(q + h * direction) - robot.jacobian(q - h * direction)) / (2 * h)


@pytest.mark.parametrize("robot", ROBOTS, ids=IDS)
def test_hessian_is_the_jacobians_derivative(robot):
    for q in robot.random_q(5, rng=3):
        H = robot.hessian(q)
        assert H.shape == (robot.n, 6, robot.n)
        for i in range(robot.n):
            np.testing.assert_allclose(H[i], _jacobian_difference(robot, q, np.eye(robot.n)[i]),
                                       atol=1e-8)
    q = robot.random_q(4, rng=4)
    np.testing.assert_allclose(robot.hessian(q)[2], robot.hessian(q[2]), atol=1e-15)


@pytest.mark.parametrize("robot", ROBOTS, ids=IDS)
def test_jacobian_dot_is_the_jacobians_rate_along_the_velocity(robot):
    rng = np.random.default_rng(5)
    q, qd = robot.random_q(20, rng=rng), rng.uniform(-1, 1, (20, robot.n))
    Jdot = robot.jacobian_dot(q, qd)
    # dJ/dt = sum_k H_k qd_k: the Hessian's blocks weighted by the joint speeds
    np.testing.assert_allclose(Jdot, np.einsum("bkrj,bk->brj", robot.hessian(q), qd),
                               atol=1e-13)
    for k in range(5):
        np.testing.assert_allclose(robot.jacobian_dot(q[k], qd[k]), Jdot[k], atol=1e-15)
        np.testing.assert_allclose(Jdot[k], _jacobian_difference(robot, q[k], qd[k]), atol=1e-8)


# Corke, Robotics Toolbox for Python, tests/test_Robot.py, TestRobot.test_hessian0: the rows
# vx (its ans[0]) and wy (its ans[4]) of the Panda's Hessian at q1, element [a][i] being
# dJ[row, a] / dq_i (the test transposes ans into hessian0's (n, 6, n) order).
PANDA_Q1 = [1.4, 0.2, 1.8, 0.7, 0.1, 3.1, 2.9]
PANDA_VX = [
    [-4.46822947e-01, -6.25741987e-01, -4.16474664e-01, 8.04745724e-02, -7.78257566e-02,
     1.17720983e-02, 0.0],
    [-6.25741987e-01, -3.99892968e-02, -1.39404950e-02, -8.73761859e-02, -1.69634134e-03,
     -3.44399243e-02, 0.0],
    [-4.16474664e-01, -1.39404950e-02, -4.24230421e-01, -2.17748413e-02, -7.82283735e-02,
     -2.81325889e-02, 0.0],
    [8.04745724e-02, -8.73761859e-02, -2.17748413e-02, -5.18935898e-01, 5.28476698e-03,
     -2.00682834e-01, 0.0],
    [-7.78257566e-02, -1.69634134e-03, -7.82283735e-02, 5.28476698e-03, -5.79159088e-02,
     -2.88966443e-02, 0.0],
    [1.17720983e-02, -3.44399243e-02, -2.81325889e-02, -2.00682834e-01, -2.88966443e-02,
     -2.00614904e-01, 0.0],
    [0.0] * 7,
]
PANDA_WY = [
    [0.0] * 7,
    [-9.85449730e-01, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    [3.37672585e-02, 9.65806345e-01, 0.0, 0.0, 0.0, 0.0, 0.0],
    [-6.16735653e-02, -1.90658563e-01, -5.39111251e-02, 0.0, 0.0, 0.0, 0.0],
    [6.68449878e-01, 7.10033786e-01, 6.30795483e-01, -8.48905588e-02, 0.0, 0.0, 0.0],
    [-1.35361558e-01, -1.24194307e-01, -1.28407717e-01, 1.84162966e-02, -1.32869389e-02,
     0.0, 0.0],
    [6.37462344e-01, 7.37360525e-01, 5.99489263e-01, -7.71850655e-02, -4.08633244e-02,
     2.09458434e-02, 0.0],
]


def test_the_panda_hessian_is_the_toolboxs_published_value():
    panda = robosim.load_robot("Franka Panda")
    H = panda.hessian(PANDA_Q1)                     # H[i, row, a] = dJ[row, a] / dq_i
    np.testing.assert_allclose(H[:, 0, :].T, PANDA_VX, atol=1e-8)
    np.testing.assert_allclose(H[:, 4, :].T, PANDA_WY, atol=1e-8)

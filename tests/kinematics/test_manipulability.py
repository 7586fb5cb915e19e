"""Robot.manipulability and Robot.jacobian_condition against hand-derived values and identities."""

import math

import numpy as np
import pytest

from robosim import Joint, Robot, load_robot


def planar_2r(l1, l2):
    return Robot([Joint(a=l1), Joint(a=l2)], name="2R", unit="m")


def test_planar_2r_manipulability_is_l1_l2_abs_sin_q2():
    # Yoshikawa (1985): for the planar 2R arm det J = l1 l2 sin q2 on the rows vx, vy.
    rng = np.random.default_rng(2)
    for l1, l2 in rng.uniform(0.2, 3.0, size=(5, 2)):
        arm = planar_2r(l1, l2)
        q = rng.uniform(-math.pi, math.pi, size=(50, 2))
        np.testing.assert_allclose(arm.manipulability(q), l1 * l2 * np.abs(np.sin(q[:, 1])),
                                   rtol=1e-9, atol=1e-12)
    assert arm.manipulability_rows == ("vx", "vy")    # a planar arm never moves along z
    assert arm.manipulability([0.3, 0.0]) == pytest.approx(0.0, abs=1e-12)


def test_planar_2r_condition_number_from_its_singular_values():
    # sigma1 sigma2 = |det J| = l1 l2 |sin q2|, and sigma1^2 + sigma2^2 = |J|_F^2, the squared
    # lengths of the columns (-l1 s1 - l2 s12, l1 c1 + l2 c12) and (-l2 s12, l2 c12):
    # l1^2 + l2^2 + 2 l1 l2 cos q2 + l2^2.
    l1, l2 = 0.7, 0.4
    arm = planar_2r(l1, l2)
    q2 = np.linspace(0.2, 3.0, 15)
    q = np.stack([np.full_like(q2, 0.5), q2], axis=-1)
    total = l1 ** 2 + 2 * l2 ** 2 + 2 * l1 * l2 * np.cos(q2)
    product = l1 * l2 * np.abs(np.sin(q2))
    root = np.sqrt(total ** 2 - 4 * product ** 2)
    kappa = np.sqrt((total + root) / (total - root))
    np.testing.assert_allclose(arm.jacobian_condition(q), kappa, rtol=1e-9)


def test_stretched_out_arm_is_singular_with_infinite_or_huge_condition():
    arm = planar_2r(1.0, 1.0)
    assert arm.jacobian_condition([0.0, 0.0]) > 1e12


@pytest.mark.parametrize("name", ["Puma 560", "UR5", "Stanford"])
def test_six_joint_manipulability_is_the_absolute_determinant(name):
    robot = load_robot(name)
    q = robot.random_q(20, rng=5)
    J = robot.jacobian(q)
    assert robot.manipulability_rows == ("vx", "vy", "vz", "wx", "wy", "wz")
    np.testing.assert_allclose(robot.manipulability(q), np.abs(np.linalg.det(J)),
                               rtol=1e-8, atol=1e-14)
    assert robot.manipulability(q).shape == (20,)


def test_redundant_and_short_arms_use_the_rows_they_can_move():
    panda = load_robot("Franka Panda")
    q = panda.random_q(4, rng=1)
    J = panda.jacobian(q)
    np.testing.assert_allclose(panda.manipulability(q),
                               np.sqrt(np.linalg.det(J @ np.swapaxes(J, -1, -2))), rtol=1e-8)
    lynx = load_robot("Lynx6")          # 5 joints: the translational rows only
    q = lynx.random_q(4, rng=1)
    Jv = lynx.jacobian(q)[:, :3]
    np.testing.assert_allclose(lynx.manipulability(q),
                               np.sqrt(np.linalg.det(Jv @ np.swapaxes(Jv, -1, -2))), rtol=1e-8)


def test_planar_arms_leave_out_the_rows_they_never_move_in():
    # The planar 3R moves in x, y and about z; a base turned to put it in the xz plane moves it
    # in x and z (the turn's cosine is 6e-17, not 0: rounding must not count as motion).
    planar = load_robot("Planar 3R")
    assert planar.manipulability_rows == ("vx", "vy")
    upright = Robot(planar.joints, unit="cm", base_rpy=(math.pi / 2, 0.0, 0.0))
    assert upright.manipulability_rows == ("vx", "vz")
    q = planar.random_q(5, rng=4)
    np.testing.assert_allclose(upright.manipulability(q), planar.manipulability(q), rtol=1e-9)
    assert np.all(planar.manipulability(q) > 0)


def test_puma_home_is_a_wrist_singularity():
    # Corke's qz: joints 4 and 6 share an axis, so the Jacobian loses rank.
    puma = load_robot("Puma 560")
    assert puma.manipulability(puma.home) < 1e-12
    assert puma.jacobian_condition(puma.home) > 1e12

"""robosim.kinematics.singularity: nearness to a singular pose, and the words for it (issue 16,
item 4).

Values are derived by hand on a planar 2R arm; the words are the Jog / IK window's (the same
function makes both: the motion tests check them in a stopped line).
"""

import math

import numpy as np
import pytest

from robosim import Joint, Robot, load_robot
from robosim.kinematics import nearness, scaled_jacobian, singularity_warning


def planar_2r(length=1.0, unit="m"):
    return Robot([Joint(a=length), Joint(a=length)], unit=unit, name="2R")


def test_nearness_of_a_planar_2r_is_its_smallest_singular_value_in_robot_sizes():
    # At q = (0, 90 deg) with unit links the position Jacobian is [[-1, -1], [1, 0]], whose
    # singular values are sqrt((3 +- sqrt 5) / 2) = (sqrt 5 +- 1) / 2; in robot sizes the
    # rows are divided by the robot's size.
    arm = planar_2r()
    expected = (math.sqrt(5) - 1) / 2 / arm.length_scale
    assert float(nearness(arm, [0.0, math.pi / 2])) == pytest.approx(expected, rel=1e-12)
    assert float(nearness(arm, [0.3, 0.0])) == pytest.approx(0.0, abs=1e-12)   # stretched out


def test_the_scaled_jacobian_does_not_depend_on_the_length_unit():
    q = np.array([[0.4, 1.1], [-0.2, 2.5]])
    in_m, in_mm = planar_2r(1.0, "m"), planar_2r(1000.0, "mm")
    np.testing.assert_allclose(scaled_jacobian(in_mm, q, [0, 1]),
                               scaled_jacobian(in_m, q, [0, 1]), atol=1e-12)
    np.testing.assert_allclose(nearness(in_mm, q), nearness(in_m, q), atol=1e-12)


def test_warning_near_a_stretched_arm_and_none_away_from_it():
    arm = planar_2r()
    assert singularity_warning(arm, [0.0, 0.01]) == (
        "near a singular pose: the arm is stretched out or folded up")
    assert singularity_warning(arm, [0.0, 0.9]) is None


def test_warning_names_the_joints_whose_axes_line_up():
    puma = load_robot("Puma 560")
    q = puma.q_from_user([10, -30, 40, 20, 1.5, 30])       # wrist bent 1.5 deg: 4, 6 nearly in line
    assert singularity_warning(puma, q) == (
        "near a singular pose: the arm has the axes of joints 4 and 6 in line")
    q = puma.q_from_user([10, -30, 40, 20, 45, 30])
    assert singularity_warning(puma, q) is None


def test_nearness_is_batched():
    arm = planar_2r()
    q = np.array([[[0.0, 0.0], [0.0, math.pi / 2]]])
    assert nearness(arm, q).shape == (1, 2)

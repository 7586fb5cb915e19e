"""Robot.null_space: orthonormal, annihilated by the Jacobian, shaped by the generic rank, and
the planar 3R arm's direction derived by hand."""

import math

import numpy as np
import pytest

import robosim
from data_files import URDF_DIR
from random_robots import random_robot
from robosim import Joint, Robot
from robosim.errors import ValidationError

PANDA_URDF = URDF_DIR / "panda_description" / "urdf" / "panda.urdf"


@pytest.fixture(scope="module")
def panda():
    return robosim.load_urdf(PANDA_URDF)


def planar_3r():
    return Robot([Joint(a=1.0), Joint(a=1.0), Joint(a=1.0)], name="3R", unit="m")


def test_panda_null_space_is_orthonormal_and_annihilated_by_the_jacobian(panda):
    q = panda.random_q(500, rng=7)
    N = panda.null_space(q)
    assert N.shape == (500, 7, 1)                     # 7 joints, 6 pose coordinates
    assert np.abs(panda.jacobian(q) @ N).max() < 1e-10
    np.testing.assert_allclose(np.swapaxes(N, -1, -2) @ N, np.ones((500, 1, 1)), atol=1e-12)


def test_a_batch_keeps_its_shape_and_each_configuration_its_own_space(panda):
    q = panda.random_q(6, rng=8).reshape(2, 3, 7)
    N = panda.null_space(q)
    assert N.shape == (2, 3, 7, 1)
    for index in np.ndindex(2, 3):
        one = panda.null_space(q[index])
        # The same line (the sign is fixed by the same rule), so the same vector.
        np.testing.assert_allclose(one, N[index], atol=1e-12)


def test_planar_3r_holding_its_tip_moves_along_the_cross_product_of_the_jacobian_rows():
    # With the tip at p and joint i at o_i, the rows vx, vy are (-(p - o_i)_y) and (p - o_i)_x
    # (z x (p - o_i) in the plane); a 2 x 3 matrix of rank 2 has the cross product of its rows as
    # its null space. The joints' origins come from the link lengths: o_1 = 0,
    # o_2 = (cos q1, sin q1), o_3 = o_2 + (cos(q1 + q2), sin(q1 + q2)).
    arm = planar_3r()
    rng = np.random.default_rng(3)
    for q in rng.uniform(-math.pi, math.pi, size=(20, 3)):
        angles = np.cumsum(q)
        points = np.vstack([[0.0, 0.0], np.cumsum(np.c_[np.cos(angles), np.sin(angles)], axis=0)])
        lever = points[-1] - points[:3]
        expected = np.cross(-lever[:, 1], lever[:, 0])
        expected /= np.linalg.norm(expected)
        N = arm.null_space(q, axes="position")
        assert N.shape == (3, 1)
        assert abs(abs(float(N[:, 0] @ expected)) - 1.0) < 1e-12


def test_planar_3r_worked_example_by_hand():
    # q = (0, 0, 90) deg: joints at (0, 0), (1, 0), (2, 0), tip at (2, 1). Rows vx, vy, vz:
    # [[-1, -1, -1], [2, 1, 0], [0, 0, 0]]: qd1 + qd2 + qd3 = 0 and 2 qd1 + qd2 = 0 give
    # (1, -2, 1); its largest entry made positive: (-1, 2, -1) / sqrt(6).
    N = planar_3r().null_space(np.radians([0.0, 0.0, 90.0]), axes="position")
    np.testing.assert_allclose(N[:, 0], np.array([-1.0, 2.0, -1.0]) / math.sqrt(6), atol=1e-15)


def test_each_column_has_its_largest_entry_positive(panda):
    N = panda.null_space(panda.random_q(200, rng=4))[..., 0]
    largest = N[np.arange(200), np.abs(N).argmax(axis=1)]
    assert (largest > 0).all()


def test_at_a_singular_configuration_the_generic_number_of_columns_still_annihilated():
    # Stretched out (q = 0) the planar 3R arm's position rows have rank 1 (every column is
    # (0, l, 0)): its null space is 2-dimensional, but the shape stays that of the generic
    # rank 2, 3 - 2 = 1 column, so a batch mixing both is one array.
    arm = planar_3r()
    q = np.array([[0.0, 0.0, 0.0], [0.3, 0.5, -0.4]])
    N = arm.null_space(q, axes="position")
    assert N.shape == (2, 3, 1)
    assert np.abs(arm.jacobian(q)[:, :3] @ N).max() < 1e-15
    np.testing.assert_allclose(np.swapaxes(N, -1, -2) @ N, np.ones((2, 1, 1)), atol=1e-15)


def test_an_arm_without_spare_joints_has_an_empty_null_space():
    puma = robosim.load_robot("Puma 560")
    assert puma.null_space(puma.random_q(4, rng=0)).shape == (4, 6, 0)
    assert planar_3r().null_space([0.1, 0.2, 0.3]).shape == (3, 0)   # the planar pose: 3 rows


@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_twelve_joints_have_six_directions_of_self_motion(convention):
    rng = np.random.default_rng(12)
    arm = random_robot(rng, convention, 12)
    q = arm.random_q(50, rng=1)
    N = arm.null_space(q)
    assert N.shape == (50, 12, 6)
    assert np.abs(arm.jacobian(q) @ N).max() < 1e-10
    np.testing.assert_allclose(np.swapaxes(N, -1, -2) @ N, np.broadcast_to(np.eye(6), (50, 6, 6)),
                               atol=1e-12)


def test_the_null_space_does_not_depend_on_the_length_unit():
    # The same arm in metres and millimetres: the same joint motions keep the tool still.
    joints_m = [Joint(a=0.3, alpha=math.pi / 2), Joint(a=0.25), Joint(d=0.1, alpha=-math.pi / 2),
                Joint(a=0.2, alpha=math.pi / 2)]
    joints_mm = [Joint(a=j.a * 1000, alpha=j.alpha, d=j.d * 1000) for j in joints_m]
    in_m, in_mm = Robot(joints_m, unit="m"), Robot(joints_mm, unit="mm")
    q = in_m.random_q(20, rng=2)
    np.testing.assert_allclose(in_m.null_space(q, axes="position"),
                               in_mm.null_space(q, axes="position"), atol=1e-12)


def test_axes_other_than_pose_or_position_are_refused(panda):
    with pytest.raises(ValidationError, match="axes must be one of 'pose', 'position'"):
        panda.null_space(panda.home, axes="xyz")
    with pytest.raises(ValidationError, match="q: panda has 7 joints"):
        panda.null_space([0.0, 0.1])

"""Rotations and homogeneous transforms: known values and round trips."""

import math

import numpy as np
import pytest

from robosim.kinematics import (homogeneous, inverse, r2rpy, rotation_angle, rotx, roty, rotz,
                                rpy2r, tr2xyzrpy, xyzrpy2tr)


def test_elementary_rotations_turn_axes_right_handed():
    # A quarter turn about each axis sends the next axis to the one after (x->y->z->x).
    assert np.allclose(rotz(np.pi / 2) @ [1, 0, 0], [0, 1, 0])
    assert np.allclose(rotx(np.pi / 2) @ [0, 1, 0], [0, 0, 1])
    assert np.allclose(roty(np.pi / 2) @ [0, 0, 1], [1, 0, 0])


def test_rotations_are_batched_and_orthonormal():
    angles = np.linspace(-3, 3, 12).reshape(3, 4)
    for rot in (rotx, roty, rotz):
        R = rot(angles)
        assert R.shape == (3, 4, 3, 3)
        assert np.allclose(R @ np.swapaxes(R, -1, -2), np.eye(3))
        assert np.allclose(np.linalg.det(R), 1.0)


def test_rpy_is_fixed_xyz_order():
    roll, pitch, yaw = 0.3, -0.4, 1.1
    expected = rotz(yaw) @ roty(pitch) @ rotx(roll)
    assert np.allclose(rpy2r([roll, pitch, yaw]), expected)


def test_rpy_round_trip_random():
    rng = np.random.default_rng(0)
    rpy = np.column_stack([rng.uniform(-np.pi, np.pi, 500), rng.uniform(-1.5, 1.5, 500),
                           rng.uniform(-np.pi, np.pi, 500)])
    assert np.allclose(r2rpy(rpy2r(rpy)), rpy, atol=1e-12)


@pytest.mark.parametrize("pitch", [np.pi / 2, -np.pi / 2])
def test_gimbal_lock_is_deterministic_and_reproduces_the_rotation(pitch):
    rolls = np.array([0.0, 0.7, -2.0])
    R = rpy2r(np.column_stack([rolls, np.full(3, pitch), np.full(3, 0.4)]))
    rpy = r2rpy(R)
    assert np.all(rpy[:, 0] == 0.0)  # the convention: roll is zero at gimbal lock
    assert np.allclose(rpy[:, 1], pitch)
    assert np.allclose(rpy2r(rpy), R, atol=1e-12)


def test_rpy_rejects_wrong_shapes():
    with pytest.raises(ValueError, match=r"\(\.\.\., 3\)"):
        rpy2r([1, 2])
    with pytest.raises(ValueError, match=r"3, 3"):
        r2rpy(np.eye(4))


def test_inverse_and_pose_round_trip():
    T = xyzrpy2tr([1, -2, 3], [0.1, 0.2, -0.3])
    assert np.allclose(inverse(T) @ T, np.eye(4))
    xyz, rpy = tr2xyzrpy(T)
    assert np.allclose(xyz, [1, -2, 3]) and np.allclose(rpy, [0.1, 0.2, -0.3])
    assert np.allclose(homogeneous(np.eye(3), [1, 2, 3])[:3, 3], [1, 2, 3])


def test_rotation_angle_small_and_large():
    assert rotation_angle(np.eye(3), rotz(1e-9)) == pytest.approx(1e-9, rel=1e-6)
    assert rotation_angle(rotx(0.2), rotx(2.9)) == pytest.approx(2.7)
    assert rotation_angle(np.eye(3), rotz(np.pi)) == pytest.approx(np.pi)


def test_cos_sin_is_exact_at_quarter_turns_and_matches_numpy_elsewhere():
    from robosim.kinematics import cos_sin
    quarter = np.array([-2, -1, 0, 1, 2, 3, 4, 7]) * (np.pi / 2)
    c, s = cos_sin(quarter)
    assert np.array_equal(c, np.round(np.cos(quarter)))   # exactly 0, 1 or -1
    assert np.array_equal(s, np.round(np.sin(quarter)))
    others = np.array([0.1, -2.0, 1.5707, 100.0])
    c, s = cos_sin(others)
    assert np.array_equal(c, np.cos(others)) and np.array_equal(s, np.sin(others))
    assert cos_sin(np.pi / 2) == (0.0, 1.0)


def test_half_angle_cos_sin_matches_the_c_library_to_two_ulps_of_one():
    # Against math.cos / math.sin (the C library's, near correctly rounded): within one ulp of 1
    # (2.2e-16) on numpy 2.x; numpy 1.23's tan is less exact and gives 4.4e-16 (its own
    # np.cos is 3.3e-16 from math.cos there).
    from robosim.kinematics import half_angle_cos_sin
    rng = np.random.default_rng(3)
    angles = np.concatenate([rng.uniform(-1000.0, 1000.0, 100_000),
                             np.arange(-8, 9) * (np.pi / 2),     # t = 0, 1, ~1e16 at the odd pi
                             [1e-300, -1e-300, 1e-8]])
    c, s = half_angle_cos_sin(angles)
    assert np.abs(c - [math.cos(a) for a in angles]).max() <= 4.5e-16
    assert np.abs(s - [math.sin(a) for a in angles]).max() <= 4.5e-16
    assert s[-3] == 1e-300 and s[-1] == np.sin(1e-8)   # tiny angles keep their sine

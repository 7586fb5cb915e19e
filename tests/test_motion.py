"""Straight-line motion and jogging: via-points on the line, exact end, obstacles reported."""

import math

import numpy as np
import pytest

import robosim
from robosim import motion
from robosim.transforms import rotation_angle, rotx, rpy2r, r2rpy

PUMA = robosim.load_robot("Lodes Puma 560")
LYNX6 = robosim.load_robot("Lynx6")
Q_PUMA = np.array([0.3, -0.5, 0.4, 0.2, 0.7, -0.1])


def _on_line(points, a, b):
    """Distance of points from the segment a-b, and their fraction along it."""
    ab = b - a
    t = (points - a) @ ab / (ab @ ab)
    return np.linalg.norm(points - (a + np.clip(t, 0, 1)[:, None] * ab), axis=-1), t


@pytest.mark.parametrize("steps", [2, 3, 17, 100])
def test_line_via_points_lie_on_the_line_and_end_exactly(steps):
    start = PUMA.fk(Q_PUMA)
    target = start.copy()
    target[:3, 3] += [5.0, -4.0, 3.0]                          # cm
    target[:3, :3] = rotx(math.radians(20)) @ start[:3, :3]
    result = motion.straight_line(PUMA, Q_PUMA, target, steps)
    assert result.complete and result.reason == "" and result.q.shape == (steps, 6)
    reached = PUMA.fk(result.q)
    distance, t = _on_line(reached[:, :3, 3], start[:3, 3], target[:3, 3])
    assert distance.max() < 1e-6
    np.testing.assert_allclose(t, np.linspace(0, 1, steps), atol=1e-9)   # evenly spaced
    assert np.linalg.norm(reached[-1, :3, 3] - target[:3, 3]) < 1e-6
    assert math.degrees(rotation_angle(reached[-1, :3, :3], target[:3, :3])) < 1e-6
    # The orientation turns about one fixed axis at a constant rate: 20 deg spread evenly.
    angles = rotation_angle(start[:3, :3], reached[:, :3, :3])
    np.testing.assert_allclose(np.degrees(angles), np.linspace(0, 20, steps), atol=1e-6)
    np.testing.assert_array_equal(result.q[0], Q_PUMA)


def test_relative_move_adds_to_the_pose_coordinates():
    q = np.radians([10, 20, 30, 40, -30, 0])
    target = motion.relative_target(PUMA, q, [1.0, 2.0, -3.0], [5.0, 0.0, -10.0])
    T = PUMA.fk(q)
    np.testing.assert_allclose(target[:3, 3], T[:3, 3] + [1, 2, -3], atol=1e-12)
    np.testing.assert_allclose(np.degrees(r2rpy(target[:3, :3])),
                               np.degrees(r2rpy(T[:3, :3])) + [5, 0, -10], atol=1e-9)


def test_line_out_of_reach_stops_before_and_says_why():
    start = LYNX6.fk(LYNX6.home)
    far = start.copy()
    far[:3, 3] = [1000.0, 0.0, 100.0]
    result = motion.straight_line(LYNX6, LYNX6.home, far, 20)
    assert not result.complete
    assert "of the way" in result.reason
    assert 1 <= len(result.q) < 20
    assert np.all(LYNX6.within_limits(result.q))
    distance, _ = _on_line(LYNX6.fk(result.q)[:, :3, 3], start[:3, 3], far[:3, 3])
    assert distance.max() < 1e-6                       # what was done is still on the line


def test_line_names_the_joint_limit_in_the_way():
    # Turning the base from 0 towards 120 deg: joint 1 stops at its 90 deg limit.
    start_q = np.radians([0, 20, -30, -20, 0])
    radius = np.hypot(*LYNX6.fk(start_q)[:2, 3])
    target = LYNX6.fk(start_q)
    target[:2, 3] = radius * np.array([math.cos(math.radians(120)), math.sin(math.radians(120))])
    result = motion.straight_line(LYNX6, start_q, target, 10)
    assert not result.complete
    assert "joint limit" in result.reason and "1 (base)" in result.reason


def test_line_stops_at_a_wrist_singularity_instead_of_crossing_it():
    # Joint 5 from +0.4 to -0.4 rad: half way the wrist axes 4 and 6 line up (q5 = 0), where
    # the arm loses a direction (Lodes' Puma has a spherical wrist).
    q_from = np.array([0.2, -0.4, 0.5, 0.3, 0.4, 0.1])
    q_to = q_from.copy()
    q_to[4] = -0.4
    result = motion.straight_line(PUMA, q_from, PUMA.fk(q_to), 20)
    assert not result.complete
    assert "singularity" in result.reason
    assert 0.3 < (len(result.q) - 1) / 19 <= 0.5 + 1e-9        # stopped just before half way
    assert np.all(np.abs(result.q[:, 4]) > 1e-3)                 # q5 never reached 0


def test_line_beyond_full_reach_is_reported():
    q = np.array([0.0, -0.3, 0.3, 0.0, 0.5, 0.0])
    start = PUMA.fk(q)
    target = start.copy()
    target[:3, 3] += 3 * PUMA.length_scale * (start[:3, 3] / np.linalg.norm(start[:3, 3]))
    result = motion.straight_line(PUMA, q, target, 20)
    assert not result.complete
    assert ("singularity" in result.reason) or ("out of reach" in result.reason)


def test_line_refuses_bad_input():
    with pytest.raises(robosim.ValidationError, match="at least 2"):
        motion.straight_line(PUMA, Q_PUMA, PUMA.fk(Q_PUMA), 1)
    with pytest.raises(robosim.ValidationError, match="limits"):
        motion.straight_line(LYNX6, np.radians([120, 0, 0, 0, 0]), LYNX6.fk(LYNX6.home), 5)


@pytest.mark.parametrize("frame", ["base", "tool"])
@pytest.mark.parametrize("axis", motion.JOG_AXES)
def test_jog_moves_along_or_about_the_chosen_axis(axis, frame):
    T = PUMA.fk(Q_PUMA)
    amount = 2.0 if axis in "xyz" else math.radians(5)
    result = motion.jog(PUMA, Q_PUMA, axis, amount, frame)
    assert result.complete
    after = PUMA.fk(result.final_q)
    index = motion.JOG_AXES.index(axis)
    if index < 3:
        direction = np.eye(3)[index] if frame == "base" else T[:3, index]
        np.testing.assert_allclose(after[:3, 3], T[:3, 3] + amount * direction, atol=1e-9)
        assert rotation_angle(after[:3, :3], T[:3, :3]) < 1e-9
    else:
        np.testing.assert_allclose(after[:3, 3], T[:3, 3], atol=1e-9)
        # The rotation between before and after is about the chosen axis, by the amount.
        relative = after[:3, :3] @ T[:3, :3].T if frame == "base" else T[:3, :3].T @ after[:3, :3]
        expected_axis = np.eye(3)[index - 3]
        turn = motion._rotation_vector(relative)
        np.testing.assert_allclose(turn, amount * expected_axis, atol=1e-9)


def test_jog_of_a_five_joint_arm_keeps_position_only_for_translations():
    q = np.radians([10, 20, -30, -20, 0])
    result = motion.jog(LYNX6, q, "z", 10.0)
    assert result.complete
    np.testing.assert_allclose(LYNX6.fk(result.final_q)[:3, 3],
                               LYNX6.fk(q)[:3, 3] + [0, 0, 10], atol=1e-9)


def test_jog_refuses_unknown_axis_and_frame():
    with pytest.raises(robosim.ValidationError, match="axis"):
        motion.jog(PUMA, Q_PUMA, "w", 1.0)
    with pytest.raises(robosim.ValidationError, match="frame"):
        motion.jog(PUMA, Q_PUMA, "x", 1.0, frame="world")


def test_line_poses_interpolate_rotation_through_half_a_turn():
    start = np.eye(4)
    end = np.eye(4)
    end[:3, :3] = rpy2r([math.pi, 0, 0])                    # 180 deg about x
    poses = motion.line_poses(start, end, np.linspace(0, 1, 5))
    np.testing.assert_allclose(np.degrees(rotation_angle(start[:3, :3], poses[:, :3, :3])),
                               [0, 45, 90, 135, 180], atol=1e-9)

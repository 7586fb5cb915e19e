"""Straight-line motion and jogging: via-points on the line, exact end, obstacles reported."""

import dataclasses
import math

import numpy as np
import pytest

import robosim
from gripper_angle import gripper_angle
from robosim import ik
from robosim.trajectory import motion
from robosim.kinematics import rotation_angle, rotx, rpy2r, r2rpy

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
    # The steps up to the obstacle go further than the last whole via-point; what they
    # reach is what 'moved' says, and the reason's percentage is where they end.
    np.testing.assert_array_equal(result.q_path[0], LYNX6.home)
    reached = LYNX6.fk(result.q_path)[:, :3, 3]
    np.testing.assert_allclose(reached, result.trace, atol=1e-9)
    assert _on_line(reached, start[:3, 3], far[:3, 3])[0].max() < 1e-6
    assert result.moved == pytest.approx(np.linalg.norm(reached[-1] - start[:3, 3]))
    assert result.length == pytest.approx(np.linalg.norm(far[:3, 3] - start[:3, 3]))
    via = np.linalg.norm(LYNX6.fk(result.q[-1])[:3, 3] - start[:3, 3])
    assert via <= result.moved < result.length
    percent = float(result.reason.split("% of the way")[0].split()[-1])
    assert percent == pytest.approx(100 * result.moved / result.length, abs=0.05)


def test_a_short_line_that_stops_at_once_says_it_moved_nothing():
    # At x = 400 mm the Lynx6 at home height is stretched out: 20 mm more cannot be done.
    start = LYNX6.fk(LYNX6.home)
    q_from = motion.straight_line(LYNX6, LYNX6.home, _moved_x(start, 400.0), 20).q[-1]
    result = motion.straight_line(LYNX6, q_from, _moved_x(LYNX6.fk(q_from), 420.0), 2)
    assert not result.complete and result.length == pytest.approx(20.0)
    assert "stopped 0.0% of the way" in result.reason and result.moved < 0.01


def _moved_x(pose, x):
    """``pose`` (4, 4) with its x position set to ``x``."""
    target = pose.copy()
    target[0, 3] = x
    return target


def test_line_names_the_joint_limit_in_the_way():
    # Turning the base from 0 towards 120 deg: joint 1 stops at its 90 deg limit.
    start_q = np.radians([0, 20, -30, -20, 0])
    radius = np.hypot(*LYNX6.fk(start_q)[:2, 3])
    target = LYNX6.fk(start_q)
    target[:2, 3] = radius * np.array([math.cos(math.radians(120)), math.sin(math.radians(120))])
    result = motion.straight_line(LYNX6, start_q, target, 10)
    assert not result.complete
    assert "joint limit" in result.reason and "1 (base)" in result.reason
    assert "is at the end of its range" in result.reason      # words a student reads


def test_line_stops_at_a_wrist_singularity_instead_of_crossing_it():
    # Joint 5 from +0.4 to -0.4 rad: half way the wrist axes 4 and 6 line up (q5 = 0), where
    # the arm loses a direction (Lodes' Puma has a spherical wrist).
    q_from = np.array([0.2, -0.4, 0.5, 0.3, 0.4, 0.1])
    q_to = q_from.copy()
    q_to[4] = -0.4
    result = motion.straight_line(PUMA, q_from, PUMA.fk(q_to), 20)
    assert not result.complete
    assert "singular pose" in result.reason and "sliders" in result.reason
    assert "the axes of joints 4 and 6 in line" in result.reason     # what is singular
    assert 0.3 < (len(result.q) - 1) / 19 <= 0.5 + 1e-9        # stopped just before half way
    assert np.all(np.abs(result.q[:, 4]) > 1e-3)                 # q5 never reached 0


def test_line_beyond_full_reach_is_reported():
    q = np.array([0.0, -0.3, 0.3, 0.0, 0.5, 0.0])
    start = PUMA.fk(q)
    target = start.copy()
    target[:3, 3] += 3 * PUMA.length_scale * (start[:3, 3] / np.linalg.norm(start[:3, 3]))
    result = motion.straight_line(PUMA, q, target, 20)
    assert not result.complete
    assert ("singular pose" in result.reason) or ("out of reach" in result.reason)


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
        turn = motion._rotation_vector(relative)  # noqa: SLF001 - the rotation-vector helper
        np.testing.assert_allclose(turn, amount * expected_axis, atol=1e-9)


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


# ------------------------------------------------------------ jogging arms with fewer joints
LYNX6_POSES = [np.radians([10, 20, -30, -20, 0]), np.radians([30, 40, -60, 10, 20]),
               np.radians([-45, -10, 30, -40, -30])]


@pytest.mark.parametrize("frame", ["base", "tool"])
@pytest.mark.parametrize("q", LYNX6_POSES)
def test_lynx6_pitch_jog_turns_the_gripper_to_the_ground_with_the_point_held(q, frame):
    amount = math.radians(6)
    result = motion.jog(LYNX6, q, "pitch", amount, frame)
    assert result.complete, result.reason
    after = result.final_q
    np.testing.assert_allclose(LYNX6.fk(after)[:3, 3], LYNX6.fk(q)[:3, 3], atol=1e-6)
    assert gripper_angle(LYNX6, after) == pytest.approx(gripper_angle(LYNX6, q) + amount,
                                                         abs=1e-8)
    # The same configuration as the closed form (Mateo Sanguino & Andujar 2012) for that point and
    # gripper angle.
    closed = [robosim.ik.lynx6_ik(LYNX6, LYNX6.fk(q)[:3, 3], gripper_angle(LYNX6, q) + amount,
                                  elbow=elbow, wrist_rotate=q[4]).q
              for elbow in ("up", "down")]
    assert min(np.abs(c - after).max() for c in closed) < 1e-6


@pytest.mark.parametrize("frame", ["base", "tool"])
@pytest.mark.parametrize("q", LYNX6_POSES)
def test_lynx6_roll_jog_is_the_wrist_rotate_joint(q, frame):
    result = motion.jog(LYNX6, q, "roll", -0.1, frame)
    assert result.complete, result.reason
    expected = q.copy()
    expected[4] -= 0.1
    np.testing.assert_allclose(result.final_q, expected, atol=1e-7)


def test_lynx6_rotation_it_cannot_make_is_refused_in_plain_words_before_moving():
    q = LYNX6_POSES[0]                  # gripper tilted: yaw about the world Z needs a 6th joint
    with pytest.raises(robosim.ValidationError) as error:
        motion.jog(LYNX6, q, "yaw", 0.1, "base")
    message = str(error.value)
    assert "5 joints" in message and "cannot turn" in message and "pitch" in message
    assert "wrist-rotate" in message


def test_a_three_joint_arm_turns_only_about_what_its_joints_allow():
    # The anthropomorphic 3R arm (the Java/VRML simulator) cannot turn its tool at all with its
    # point held.
    arm = robosim.ik.anthropomorphic_3r_robot(0.3, 0.4, 0.3)
    q = np.array([0.3, 0.5, -0.7])
    with pytest.raises(robosim.ValidationError, match="3 joints.*cannot turn.*X, Y, Z jogs"):
        motion.jog(arm, q, "roll", 0.1, "tool")
    result = motion.jog(arm, q, "z", 0.01)                # translations still work
    assert result.complete
    np.testing.assert_allclose(arm.fk(result.final_q)[:3, 3], arm.fk(q)[:3, 3] + [0, 0, 0.01],
                               atol=1e-9)


def test_a_jog_stopped_by_a_joint_limit_says_so_in_words_with_the_direction():
    q = np.radians([10, 20, -30, -20, 85])           # wrist rotate 5 deg from its +90 limit
    result = motion.jog(LYNX6, q, "roll", math.radians(20))
    assert not result.complete
    assert "joint 5 (wrist rotate) is at the end of its range" in result.reason
    assert "cannot move further in +roll" in result.reason and "sliders" in result.reason


def test_a_line_through_the_base_axis_stops_there_and_says_so():
    # From x > 0 to its mirror image x < 0 in the plane y = 0: half way the tool point is on
    # the base axis (x = y = 0), where joint 1 would have to turn half a turn at once.
    q = np.radians([0, -10, 60, 40, 0])
    start = LYNX6.fk(q)
    target = start.copy()
    target[0, 3] = -start[0, 3]
    result = motion.straight_line(LYNX6, q, target, 10, axes="position")
    assert not result.complete
    assert "over its base axis" in result.reason and "singular pose" in result.reason
    assert np.all(LYNX6.fk(result.q)[:, 0, 3] > 0)              # never crossed it


# ------------------------------------------ Lynx6 X, Y, Z jogs hold the gripper angle and joint 5
# Home, the poses above, one leaning back over the base (tool point behind it, x < 0), and
# random poses in the inner half of every joint's range with the tool point over 100 mm from
# the base axis (away from limits and singularities).
_RANDOM = LYNX6.random_q(20, rng=7) / 2
LYNX6_JOG_POSES = ([LYNX6.home] + LYNX6_POSES + [np.radians([0, -80, -60, -30, 0])]
                   + list(_RANDOM[np.hypot(*LYNX6.fk(_RANDOM)[:, :2, 3].T) > 100][:4]))


def _jog_direction(T, axis, frame):
    index = "xyz".index(axis)
    return np.eye(3)[index] if frame == "base" else T[:3, index]


@pytest.mark.parametrize("frame", ["base", "tool"])
@pytest.mark.parametrize("q", LYNX6_JOG_POSES)
def test_lynx6_xyz_jogs_keep_the_gripper_angle_and_wrist_rotate_exactly(q, frame):
    T = LYNX6.fk(q)
    angle = gripper_angle(LYNX6, q)
    for axis in "xyz":
        for amount in (5.0, -5.0):
            # 11 via-points, 0.5 mm apart: all on the line, at the held angle, q5 untouched.
            result = motion.jog(LYNX6, q, axis, amount, frame, steps=11)
            assert result.complete, (axis, amount, result.reason)
            line = T[:3, 3] + np.linspace(0, amount, 11)[:, None] * _jog_direction(T, axis, frame)
            np.testing.assert_allclose(LYNX6.fk(result.q)[:, :3, 3], line, rtol=0, atol=1e-9)
            angles = [gripper_angle(LYNX6, via) for via in result.q]
            np.testing.assert_allclose(angles, angle, rtol=0, atol=1e-9)
            np.testing.assert_array_equal(result.q[:, 4], q[4])
            # Continuous: a joint turns a few hundredths of a radian per half millimetre at
            # most here (the tool point stays over 100 mm from the base axis); a change of
            # branch or a pass through a singularity would turn it by tenths at once.
            assert np.abs(np.diff(result.q, axis=0)).max() < 0.03
            assert np.all(LYNX6.within_limits(result.q))
            assert result.orientation_error.max() < 1e-9


def test_lynx6_jog_keeps_the_branch_of_an_elbow_down_arm():
    # A Lynx6-shaped arm whose elbow turns fully: elbow-down configurations exist. The jog
    # stays elbow down (the elbow below the shoulder-wrist line) all along.
    wide = dataclasses.replace(LYNX6, joints=[
        dataclasses.replace(joint, limits=(-math.pi, math.pi)) for joint in LYNX6.joints])
    T = LYNX6.fk(np.radians([20, 10, -20, -30, 15]))
    q = ik.lynx6_ik(wide, T[:3, 3], -0.4, elbow="down", wrist_rotate=0.3).q
    result = motion.jog(wide, q, "z", 20.0, steps=21)
    assert result.complete, result.reason
    # The elbow's side of the shoulder-wrist line, about joint 2's axis (normal to the arm's
    # plane): the same at every via-point, and opposite to the elbow-up solution's.
    def elbow_side(robot, q):
        frames = robot.fk_all(q)
        shoulder, elbow, wrist = (frames[..., i, :3, 3] for i in (1, 2, 3))
        turn = np.cross(wrist - shoulder, elbow - shoulder)
        return np.sign(np.sum(turn * frames[..., 1, :3, 2], axis=-1))

    up = ik.lynx6_ik(wide, T[:3, 3], -0.4, elbow="up").q
    assert np.all(elbow_side(wide, result.q) == -elbow_side(wide, up))
    np.testing.assert_allclose(wide.fk(result.final_q)[:3, 3], T[:3, 3] + [0, 0, 20], atol=1e-9)
    np.testing.assert_allclose([gripper_angle(wide, v) for v in result.q], -0.4, atol=1e-9)
    np.testing.assert_array_equal(result.q[:, 4], 0.3)


def test_lynx6_jog_stops_before_the_edge_of_reach_found_from_the_geometry():
    # From home the gripper is level (angle 0) at (300, 0, 185): its wrist point is a4 = 155
    # behind it, at (145, 0, 185), 120 out and 120 up from the shoulder at (25, 0, 65). Held
    # level, +X moves the wrist point too; it leaves the reach a2 + a3 = 240 of the shoulder
    # at dx = sqrt(240^2 - 120^2) - 120 = 87.8 mm. Via-points every 10 mm: 0..80 reached.
    result = motion.jog(LYNX6, LYNX6.home, "x", 200.0, steps=21)
    assert not result.complete
    assert "out of reach" in result.reason and "in +X" in result.reason
    assert len(result.q) == 9
    np.testing.assert_allclose(LYNX6.fk(result.q)[:, 0, 3], 300 + 10 * np.arange(9), atol=1e-9)
    np.testing.assert_allclose([gripper_angle(LYNX6, v) for v in result.q], 0.0, atol=1e-9)


def test_lynx6_jog_stops_before_a_joint_limit_it_would_cross():
    # Held at its angle, +Z turns the wrist (joint 4) down to its -90 deg limit on the way:
    # find where from the closed form (Mateo Sanguino & Andujar 2012) along the line, then the
    # jog must stop at the last via-point before that place and name the joint.
    q = np.radians([10, 20, -30, -60, 0])
    T = LYNX6.fk(q)
    along = np.linspace(0.0, 100.0, 100001)
    points = T[:3, 3] + along[:, None] * [0, 0, 1]
    wrist = ik.lynx6_ik(LYNX6, points, gripper_angle(LYNX6, q), reach="front").q[:, 3]
    crossing = along[np.argmax(wrist < -math.pi / 2)]
    assert 0 < crossing < 100                                 # the line does cross it
    result = motion.jog(LYNX6, q, "z", 100.0, steps=11)
    assert not result.complete
    assert "joint 4 (wrist) is at the end of its range" in result.reason
    assert "cannot move further in +Z" in result.reason
    assert len(result.q) == math.floor(crossing / 10) + 1
    assert np.all(LYNX6.within_limits(result.q))


def test_lynx6_jog_across_the_base_axis_stops_there_and_says_so():
    # Held at a slanted angle, the gripper would have to turn round at the base axis.
    q = np.radians([0, -10, 60, 40, 0])
    x = LYNX6.fk(q)[0, 3]
    result = motion.jog(LYNX6, q, "x", -2 * x, steps=10)
    assert not result.complete
    assert "over its base axis" in result.reason and "singular pose" in result.reason
    assert np.all(LYNX6.fk(result.q)[:, 0, 3] > 0)              # never crossed it


def test_lynx6_explicit_axes_keep_the_numeric_position_only_jog():
    q = LYNX6_POSES[1]
    result = motion.jog(LYNX6, q, "z", 10.0, axes="position", steps=3)
    line = motion.straight_line(LYNX6, q, motion.jog_target(LYNX6, q, "z", 10.0), 3,
                                axes="position")
    np.testing.assert_array_equal(result.q, line.q)
    np.testing.assert_allclose(LYNX6.fk(result.final_q)[:3, 3], LYNX6.fk(q)[:3, 3] + [0, 0, 10],
                               atol=1e-9)


def test_holding_the_wrist_needs_a_lynx6_shaped_arm_and_no_axes():
    with pytest.raises(robosim.ValidationError, match="Lynx6-shaped"):
        motion.straight_line(PUMA, Q_PUMA, PUMA.fk(Q_PUMA), 2, hold_wrist=True)
    with pytest.raises(robosim.ValidationError, match="not both"):
        motion.straight_line(LYNX6, LYNX6.home, LYNX6.fk(LYNX6.home), 2, axes="position",
                             hold_wrist=True)


@pytest.mark.parametrize("q", LYNX6_POSES)
def test_lynx6_line_turns_the_gripper_evenly_to_the_wanted_angle(q):
    start = LYNX6.fk(q)[:3, 3]
    end = start + np.array([-0.1 * start[0], -0.1 * start[1], 10.0])    # in, and up
    start_angle, end_angle = gripper_angle(LYNX6, q), gripper_angle(LYNX6, q) + 0.3
    target = np.eye(4)
    target[:3, 3] = end
    result = motion.straight_line(LYNX6, q, target, 7, hold_wrist=True, wrist_pitch=end_angle)
    assert result.complete, result.reason
    fractions = np.linspace(0, 1, 7)
    np.testing.assert_allclose(LYNX6.fk(result.q)[:, :3, 3],
                               start + fractions[:, None] * (end - start), rtol=0, atol=1e-9)
    angles = [gripper_angle(LYNX6, via) for via in result.q]
    np.testing.assert_allclose(angles, start_angle + fractions * (end_angle - start_angle),
                               rtol=0, atol=1e-9)
    np.testing.assert_array_equal(result.q[:, 4], q[4])
    assert result.orientation_error.max() < 1e-9


def test_lynx6_turning_the_gripper_on_the_spot_is_a_line_of_length_zero():
    q = LYNX6_POSES[0]
    result = motion.straight_line(LYNX6, q, LYNX6.fk(q), 4, hold_wrist=True,
                                  wrist_pitch=gripper_angle(LYNX6, q) + 0.2)
    assert result.complete, result.reason
    np.testing.assert_allclose(LYNX6.fk(result.q)[:, :3, 3] - LYNX6.fk(q)[:3, 3], 0, atol=1e-9)
    assert gripper_angle(LYNX6, result.q[-1]) == pytest.approx(gripper_angle(LYNX6, q) + 0.2,
                                                                abs=1e-9)
    # internal steps keep the turn continuous: no joint jumps between via-points
    assert np.abs(np.diff(result.q, axis=0)).max() < 0.2


def test_a_wanted_gripper_angle_needs_hold_wrist_and_a_finite_value():
    with pytest.raises(robosim.ValidationError, match="hold_wrist"):
        motion.straight_line(LYNX6, LYNX6.home, LYNX6.fk(LYNX6.home), 2, wrist_pitch=0.1)
    with pytest.raises(robosim.ValidationError, match="finite"):
        motion.straight_line(LYNX6, LYNX6_POSES[0], LYNX6.fk(LYNX6_POSES[0]), 2,
                             hold_wrist=True, wrist_pitch=float("nan"))


def test_a_jog_into_the_table_stops_before_the_collision_and_names_it():
    from robosim.collision import Checker
    lynx = robosim.load_robot("Lynx6")
    checker = Checker(lynx)
    q = np.radians([0, -30, 0, 0, 0])           # fingertips 31.4 mm above the table
    free = motion.jog(lynx, q, "z", -100)
    assert free.complete                        # without a checker the line goes through
    stopped = motion.jog(lynx, q, "z", -100, collisions=checker)
    assert not stopped.complete
    assert stopped.reason.startswith("the arm would collide (link 4 (wrist) hits table, ")
    assert "it cannot move further in -Z" in stopped.reason
    assert not checker.check(stopped.q_path).collides.any()
    assert len(stopped.q_path) < len(free.q_path)
    # from the last good pose on, the next step down collides
    assert checker.check(free.q_path[len(stopped.q_path)]).collides

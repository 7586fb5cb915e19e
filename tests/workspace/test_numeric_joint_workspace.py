"""Joint workspace of arms without the Lynx6 closed form: numeric IK, limit and reach verdicts.

Expected values come from geometry: the two-link arm's law of cosines, the Java/VRML
simulator's closed form of the anthropomorphic 3R arm, the sum of the link lengths, and fk round
trips.
"""

import math

import numpy as np
import pytest

from robosim import Joint, Robot, ValidationError, load_robot
from robosim.workspace import joint as jw
from robosim.workspace import numeric_joint as njw
from robosim.ik import anthropomorphic_3r_ik, anthropomorphic_3r_robot

A1, A2, A3 = 0.4, 0.35, 0.3          # shoulder height and links of the 3R arm (m)


def two_link(q1_limits=(-math.pi, math.pi), q2_limits=(-math.pi, math.pi)):
    """A planar 2R arm with unit links in the XY plane."""
    return Robot([Joint(a=1.0, limits=q1_limits), Joint(a=1.0, limits=q2_limits)],
                 name="2R", unit="m")


def angle_gap(a, b):
    return np.abs((np.asarray(a) - b + np.pi) % (2 * np.pi) - np.pi)


def test_3r_sweep_matches_one_of_the_four_closed_form_solutions():
    robot = anthropomorphic_3r_robot(A1, A2, A3)
    # along y at a height: reachable while the wrist is within a2 + a3 of the shoulder
    sweep = jw.joint_sweep(robot, "y", -0.8, 0.8, 41, (0.1, 0.0, 0.55))
    closed = anthropomorphic_3r_ik(sweep.positions, A1, A2, A3)
    distance = np.hypot(np.hypot(sweep.positions[:, 0], sweep.positions[:, 1]),
                        sweep.positions[:, 2] - A1)
    assert np.array_equal(sweep.out_of_reach, distance > A2 + A3)
    assert np.array_equal(closed.reachable, distance <= A2 + A3)
    inside = ~sweep.out_of_reach
    assert inside.sum() >= 20 and sweep.reachable[inside].all()
    gaps = angle_gap(sweep.q[inside, None, :], closed.q[inside]).max(axis=-1)
    assert np.all(gaps.min(axis=-1) < 1e-6)
    assert sweep.orientation is None and sweep.wrist_pitch is None


def test_beyond_the_sum_of_the_links_is_out_of_reach():
    robot = two_link()
    sweep = jw.joint_sweep(robot, "x", 0.5, 3.0, 26, (0.0, 0.3, 0.0))
    reach = np.hypot(sweep.swept, 0.3)
    assert np.array_equal(sweep.out_of_reach, reach > 2.0)
    assert not sweep.outside.any() and not sweep.beyond_length.any()
    np.testing.assert_allclose(robot.fk(sweep.q[~sweep.out_of_reach])[:, :3, 3],
                               sweep.positions[~sweep.out_of_reach], atol=1e-9)


def test_a_box_in_the_plane_is_the_annulus_of_the_two_links():
    robot = two_link()
    box = jw.joint_box(robot, (-2.45, -2.45, 0.0), (2.45, 2.45, 0.0), (8, 8, 1))
    radius = np.hypot(box.positions[:, 0], box.positions[:, 1])
    assert np.array_equal(box.out_of_reach, radius > 2.0)
    assert np.array_equal(box.reachable, radius <= 2.0)
    assert np.all(box.limit_code()[box.out_of_reach] == jw.OUT_OF_REACH_CODE)


@pytest.mark.parametrize("count", [25, 2 * njw.SWEEP_CHUNK + 50])   # also across chunks
def test_a_joint_beyond_its_narrow_limits_is_flagged_on_that_joint(count):
    # shoulder within +-30 deg, elbow bent one way only: the elbow-positive branch is the only
    # one, q1 = phi - acos(r / 2), q2 = 2 acos(r / 2) (law of cosines, unit links)
    robot = two_link(q1_limits=(-math.radians(30), math.radians(30)), q2_limits=(0.0, math.pi))
    sweep = jw.joint_sweep(robot, "y", 1.2, 0.0, count, (1.2, 0.0, 0.0))
    phi = np.arctan2(sweep.swept, 1.2)
    half = np.arccos(np.hypot(sweep.swept, 1.2) / 2)
    q1, q2 = phi - half, 2 * half
    assert not sweep.out_of_reach.any()
    np.testing.assert_allclose(sweep.q, np.stack([q1, q2], axis=-1), atol=1e-6)
    assert np.array_equal(sweep.outside[:, 0], q1 < -math.radians(30))
    assert sweep.outside[:, 0].sum() >= 5 and not sweep.outside[:, 1].any()
    assert sweep.summary()["joint_outside_limits"] == [int((q1 < -math.radians(30)).sum()), 0]
    assert np.all(sweep.limit_code()[sweep.outside[:, 0]] == 1)


def test_a_full_turn_off_is_not_outside_the_limits():
    # limits 100..300 deg: a solution the search finds at -100 deg is 260 deg, inside
    robot = Robot([Joint(a=1.0, limits=(math.radians(100), math.radians(300)), home=math.pi)],
                  name="1R", unit="m")
    angles = np.radians([-100.0, -150.0, 120.0, 30.0])
    positions = np.stack([np.cos(angles), np.sin(angles), np.zeros(4)], axis=-1)
    box = jw.joint_workspace(robot, positions)
    assert box.reachable.tolist() == [True, True, True, False]
    np.testing.assert_allclose(box.q[:3, 0], np.radians([260.0, 210.0, 120.0]), atol=1e-6)
    # 30 deg is outside; of its turns, 30 deg is the nearest the middle of the range (200)
    assert box.outside[3, 0] and box.q[3, 0] == pytest.approx(math.radians(30))


def test_puma_sweep_holds_the_start_orientation_and_round_trips_through_fk():
    robot = load_robot("puma_560")
    start = np.radians([10.0, -30.0, 20.0, 0.0, 40.0, 0.0])
    held = robot.fk(start)[:3, :3]
    through = robot.fk(start)[:3, 3]
    sweep = jw.joint_sweep(robot, "z", through[2] - 0.3, through[2] + 0.3, 13, through,
                           q0=start)
    np.testing.assert_allclose(sweep.orientation, held, atol=1e-12)
    assert sweep.reachable.sum() >= 10
    reached = robot.fk(sweep.q[sweep.reachable])
    np.testing.assert_allclose(reached[:, :3, 3], sweep.positions[sweep.reachable], atol=1e-8)
    np.testing.assert_allclose(reached[:, :3, :3], np.broadcast_to(held, reached[:, :3, :3].shape),
                               atol=1e-8)
    assert robot.within_limits(sweep.q[sweep.reachable]).all()
    summary = sweep.summary()
    assert summary["method"] == "numeric" and summary["held_orientation_rpy_deg"] is not None
    assert "seed-bank" in summary["search"]


def test_puma_position_only_lets_the_orientation_go():
    robot = load_robot("puma_560")
    through = robot.fk(robot.home)[:3, 3]
    sweep = jw.joint_sweep(robot, "x", 0.2, 0.6, 5, through, position_only=True)
    assert sweep.orientation is None and sweep.reachable.all()
    np.testing.assert_allclose(robot.fk(sweep.q)[:, :3, 3], sweep.positions, atol=1e-8)


def test_the_numeric_box_is_capped_with_a_message_naming_the_limit():
    robot = load_robot("puma_560")
    with pytest.raises(ValidationError, match="at most 20,000"):
        jw.joint_box(robot, (-1, -1, -1), (1, 1, 1), (30, 30, 30))
    assert njw.MAX_POSITIONS == 20_000


def test_lynx6_settings_and_numeric_options_are_each_refused_on_the_other_arm():
    with pytest.raises(ValidationError, match="wrist pitch setting is for Lynx6-shaped"):
        jw.joint_sweep(two_link(), "x", 0, 1, 3, (0, 0, 0), 0.0)
    lynx = load_robot("lynx6")
    with pytest.raises(ValidationError, match="closed form"):
        jw.joint_sweep(lynx, "x", 100, 200, 3, (0, 0, 65), 0.0, position_only=True)
    with pytest.raises(ValidationError, match="wrist pitch"):
        jw.joint_sweep(lynx, "x", 100, 200, 3, (0, 0, 65))
    with pytest.raises(ValidationError, match="position only"):
        jw.joint_sweep(two_link(), "x", 0, 1, 3, (0, 0, 0), orientation=np.eye(3))


def test_open_limits_copy_keeps_the_geometry():
    robot = load_robot("scara")
    free = njw.open_limits(robot)
    q = robot.random_q(20, rng=3)
    np.testing.assert_allclose(free.fk(q), robot.fk(q), atol=1e-12)
    assert np.all(free.limits[:, 0] < robot.limits[:, 0])
    assert np.all(free.limits[:, 1] > robot.limits[:, 1])
    assert np.all(free.limits[robot.revolute, 1] >= 2 * math.pi)


def test_three_positions_are_not_read_as_a_rotation_matrix():
    robot = two_link()
    box = jw.joint_workspace(robot, [[1.0, 1.0, 0.0], [0.0, 1.5, 0.0], [3.0, 0.0, 0.0]])
    assert box.reachable.tolist() == [True, True, False]


def test_progress_is_reported_per_chunk_and_false_cancels():
    robot = two_link()
    positions = np.zeros((njw.BOX_CHUNK * 2 + 500, 3))
    positions[:, 0] = np.linspace(0.5, 2.5, len(positions))
    fractions = []
    jw.joint_workspace(robot, positions, progress=lambda f: fractions.append(f))
    assert fractions == [0.4, 0.8, 1.0]
    with pytest.raises(njw.JointWorkspaceCancelled, match="after 1,000 of 2,500"):
        jw.joint_workspace(robot, positions, progress=lambda f: False)


def test_a_sweep_stays_on_one_branch_and_marks_where_it_must_switch():
    from robosim import ik
    from robosim.workspace.numeric_joint import BRANCH_JUMP

    robot = load_robot("Puma 560")
    held = jw.joint_sweep(robot, "z", 0.2, 1.4, 25, robot.fk(robot.home)[:3, 3])
    assert held.branch_switch is not None and not held.branch_switch.any()
    assert len(set(ik.branch_labels(robot, held.q))) == 1      # one branch all along
    # Position only, the wrist is free: the search jumps, and each jump is marked.
    free = jw.joint_sweep(robot, "x", -0.7, 0.7, 29, [0.0, -0.15, 0.6], position_only=True)
    reached = np.flatnonzero(free.reachable)
    jumps = np.abs(np.diff(free.q[reached], axis=0)).max(axis=1) > BRANCH_JUMP
    labels = np.array(ik.branch_labels(robot, free.q[reached]))
    expected = jumps | (labels[1:] != labels[:-1])
    np.testing.assert_array_equal(free.branch_switch[reached[1:]], expected)
    assert expected.any() and not free.branch_switch[reached[0]]
    assert free.summary()["branch_switches_at"] == free.swept[free.branch_switch].tolist()

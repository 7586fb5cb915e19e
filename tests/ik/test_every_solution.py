"""Every IK solution of a target (solve_all), the spherical-wrist decoupling, turns of 2 pi.

The expected branches come from the Puma 560's geometric closed form, derived from its DH
table in tests/ik_oracles.py, never from the solver's own output (the 3R arm's four
solutions against the closed form of the Java/VRML simulator: tests/ik/test_ik.py).
"""

import math

import numpy as np
import pytest

import robosim
from ik_oracles import puma_closed_form
from robosim import ik
from robosim.ik.turns import every_turn, same_modulo_turns, turned_inside
from robosim.ik.wrist import spherical_wrist, wrist_angles
from robosim.kinematics import rotation_angle

TWO_PI = 2 * math.pi


def _wrapped(a, b):
    """``a - b`` per joint, in [-pi, pi)."""
    return (np.asarray(a) - np.asarray(b) + math.pi) % TWO_PI - math.pi


def _has_turn_inside(robot, q):
    """Some ``q + 2 pi k`` lies inside every joint's limits (all joints revolute)."""
    lower, upper = robot.limits.T
    k = np.ceil((lower - 1e-9 - q) / TWO_PI)
    return bool(np.all(q + TWO_PI * k <= upper + 1e-9))


def test_the_puma_closed_form_of_this_test_is_right():
    robot = robosim.load_robot("Puma 560")
    targets = robot.fk(robot.random_q(20, rng=np.random.default_rng(3)))
    for target in targets:
        branches = puma_closed_form(robot, target)
        reached = robot.fk(branches)
        assert np.allclose(reached, target, atol=1e-9)
        gaps = [np.abs(_wrapped(branches[i], branches[k])).max()
                for i in range(8) for k in range(i)]
        assert min(gaps) > 1e-6                      # eight different configurations


def test_solve_all_returns_every_puma_branch_inside_the_limits_once():
    robot = robosim.load_robot("Puma 560")
    targets = robot.fk(robot.random_q(50, rng=np.random.default_rng(50)))
    expected_total = 0
    for target in targets:
        expected = [b for b in puma_closed_form(robot, target) if _has_turn_inside(robot, b)]
        expected_total += len(expected)
        found = ik.solve_all(robot, target).q
        assert np.all(robot.within_limits(found)) and np.all(np.isfinite(found))
        reached = robot.fk(found)
        assert np.all(np.linalg.norm(reached[:, :3, 3] - target[:3, 3], axis=-1) < 1e-9)
        assert np.all(rotation_angle(reached[:, :3, :3], target[:3, :3]) < 1e-9)
        for branch in expected:                                      # every branch...
            assert min(np.abs(_wrapped(branch, q)).max() for q in found) < 1e-6
        assert len(found) == len(expected)                           # ...once, nothing else
    assert expected_total >= 100                     # the limits leave 2-8 per target


def test_solve_all_lists_every_turn_inside_the_limits_with_all_turns():
    robot = robosim.load_robot("Puma 560")          # joints 4 and 6 turn +-266 degrees
    q = np.array([0.3, 0.5, -0.2, 0.4, 0.6, -0.3])
    target = robot.fk(q)
    distinct = ik.solve_all(robot, target, q0=q).q
    every = ik.solve_all(robot, target, q0=q, all_turns=True).q
    lower, upper = robot.limits.T
    # Count the turns by hand: joint value v has those v + 2 pi k within [lower, upper].
    count = sum(int(np.prod(np.floor((upper - v) / TWO_PI) - np.ceil((lower - v) / TWO_PI) + 1))
                for v in distinct)
    assert len(every) == count > len(distinct)
    assert np.all(robot.within_limits(every))
    assert np.allclose(robot.fk(every), target, atol=1e-9)
    assert len({tuple(np.round(v, 9)) for v in every}) == len(every)
    np.testing.assert_allclose(every[0], q, atol=1e-9)               # nearest q0 first


def _modified_puma():
    """The Puma 560 written in modified DH (rows shifted, the last twist moved to the tool)."""
    standard = robosim.load_robot("Puma 560")
    shifted = [(0.0, 0.0)] + [(j.a, j.alpha) for j in standard.joints[:-1]]
    return robosim.Robot([robosim.Joint(j.kind, a=a, alpha=alpha, d=j.d, offset=j.offset,
                                        limits=j.limits)
                          for j, (a, alpha) in zip(standard.joints, shifted, strict=True)],
                         convention="modified", unit="m", tool_xyz=(0.0, 0.0, 0.1),
                         tool_rpy=(standard.joints[-1].alpha + 0.3, 0.2, 0.0))


@pytest.mark.parametrize("robot", [robosim.load_robot(name) for name in
                                   ("Puma 560", "KUKA KR5", "ABB IRB 140", "Stanford",
                                    "Lodes Puma 560")] + [_modified_puma()],
                         ids=lambda robot: f"{robot.name}-{robot.convention}")
def test_the_wrist_closed_form_reaches_the_pose_from_the_arm_joints(robot):
    split = spherical_wrist(robot)
    assert split is not None
    for q in robot.random_q(30, rng=np.random.default_rng(11)):
        target = robot.fk(q)
        center = target[:3, :3] @ split.center_in_end + target[:3, 3]
        np.testing.assert_allclose(split.arm.fk(q[:3])[:3, 3], center, atol=1e-12)
        frame3 = [tuple(split.arm.fk(q[:3])[:3, c]) for c in range(3)]
        wrists, valid = wrist_angles(split, frame3, [tuple(target[:3, c]) for c in range(3)],
                                     0.0)
        assert all(valid)
        for wrist in wrists:
            np.testing.assert_allclose(robot.fk(np.r_[q[:3], wrist]), target, atol=1e-9)
        assert min(np.abs(_wrapped(wrist, q[3:])).max() for wrist in wrists) < 1e-9


@pytest.mark.parametrize("name", ["UR5", "Franka Panda", "Lynx6", "SCARA", "Planar 3R"])
def test_arms_without_a_spherical_wrist_are_not_decoupled(name):
    assert spherical_wrist(robosim.load_robot(name)) is None


def test_one_target_through_the_wrist_stays_on_q0s_branch_and_in_the_limits():
    for robot in (robosim.load_robot("Puma 560"), _modified_puma()):
        q_true = robot.random_q(40, rng=np.random.default_rng(12))
        for q in q_true:
            result = ik.solve(robot, robot.fk(q), q0=q + 0.05)
            assert result.success and robot.within_limits(result.q)
            np.testing.assert_allclose(result.q, q, atol=1e-7)
        for q in q_true:                                            # no q0: any branch
            result = ik.solve(robot, robot.fk(q))
            assert result.success and robot.within_limits(result.q)
            assert np.allclose(robot.fk(result.q), robot.fk(q), atol=1e-9)


def _nearest_turn(robot, q, reference):
    """One configuration's variant inside the limits nearest ``reference``, or None."""
    turned, inside = turned_inside(robot, np.array(q), reference)
    return turned.tolist() if inside else None


def test_turns_by_hand():
    robot = robosim.Robot([robosim.Joint(limits=(-4.0, 4.0)),
                           robosim.Joint("P", limits=(0.0, 2.0))], unit="m")
    assert _nearest_turn(robot, [3.0, 1.0], [-3.0, 0.0]) == pytest.approx([3.0 - TWO_PI, 1.0])
    assert _nearest_turn(robot, [3.0, 1.0], [2.0, 0.0]) == pytest.approx([3.0, 1.0])
    assert _nearest_turn(robot, [3.0, 2.5], [0.0, 0.0]) is None       # prismatic outside
    assert _nearest_turn(robot, [4.5, 1.0], [4.0, 0.0]) == pytest.approx([4.5 - TWO_PI, 1.0])
    # -4 <= 1 + 2 pi k <= 4 only for k = 0; 3 has k = -1 too (3 - 2 pi = -3.28).
    assert every_turn(robot, [1.0, 1.0]) == [[1.0, 1.0]]
    assert sorted(v[0] for v in every_turn(robot, [3.0, 1.0])) == pytest.approx(
        [3.0 - TWO_PI, 3.0])
    assert same_modulo_turns(robot, [3.0, 1.0], [3.0 - TWO_PI, 1.0], 1e-9)
    assert not same_modulo_turns(robot, [3.0, 1.0], [3.0, 1.1], 1e-9)

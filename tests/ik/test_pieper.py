"""Pieper's closed form (robosim/ik/pieper.py) against independent constructions.

- the Puma 560's published geometric solution, written from its DH table in
  tests/ik_oracles.py (eight branches);
- the anthropomorphic 3R arm's four solutions, from the paper's own forward kinematics
  (the Java/VRML simulator, eq. 8: robosim.ik.anthropomorphic_3r_ik);
- a dense multistart of plain Newton iterations (pseudo-inverse of the Jacobian, no limits)
  on library arms and on random arms with a spherical wrist, in both DH conventions, with
  offsets, odd twists, base and tool transforms and a prismatic joint among the first three:
  every solution the multistart finds is one of the closed form's, and each of those reaches
  the target.
"""

import math

import numpy as np
import pytest

import robosim
from ik_oracles import paper_3r_position, puma_closed_form
from random_robots import mounted
from robosim import ik
from robosim.ik.pieper import (DOUBLE_ROOT, OUT_OF_REACH, free_joint, nearest_solution,
                               pieper_applies, pieper_ik)
from robosim.kinematics import rotation_angle
from robosim.kinematics.chain import frame_columns
from robosim.kinematics.elementary import FloatMath

TWO_PI = 2 * math.pi


def _gaps(robot, a, b):
    """Largest joint gap between ``a`` ``(..., n)`` and ``b`` ``(..., n)``: modulo 2 pi on
    revolute joints, over the robot's size on prismatic ones."""
    gap = np.subtract(a, b)
    gap = np.where(robot.revolute, np.abs((gap + math.pi) % TWO_PI - math.pi),
                   np.abs(gap) / robot.length_scale)
    return gap.max(axis=-1)


def _reaches(robot, q, target):
    reached = robot.fk(q)
    return (np.linalg.norm(reached[..., :3, 3] - target[:3, 3], axis=-1) < 1e-9 * robot.length_scale
            ) & (rotation_angle(reached[..., :3, :3], target[:3, :3]) < 1e-9)


def test_the_puma_gets_its_eight_geometric_branches_once_each():
    robot = robosim.load_robot("Puma 560")
    q = robot.random_q(100, rng=np.random.default_rng(1))
    found = pieper_ik(robot, robot.fk(q))                       # batched over the targets
    assert found.q.shape == (100, 8, 6) and np.all(found.valid) and np.all(found.reason == "")
    for target, solutions in zip(robot.fk(q), found.q, strict=True):
        expected = puma_closed_form(robot, target)
        for branch in expected:
            assert _gaps(robot, solutions, branch).min() < 1e-9
        assert np.all(_reaches(robot, solutions, target))


def solution_set(q):
    """Solutions ``(k, n)`` as a set: rows in lexicographic order (pieper_ik promises no order;
    numpy 1.23 and 2.x order the roots of one target and of a batch differently)."""
    return q[np.lexsort(np.round(q, 9).T[::-1])]


def test_one_target_gives_what_the_batch_gives():
    robot = robosim.load_robot("KUKA KR5")
    targets = robot.fk(robot.random_q(20, rng=np.random.default_rng(2)))
    batch = pieper_ik(robot, targets)
    for k, target in enumerate(targets):
        one = pieper_ik(robot, target)
        assert one.valid.sum() == batch.valid[k].sum()
        np.testing.assert_allclose(solution_set(one.q[one.valid]),
                                   solution_set(batch.q[k][batch.valid[k]]), atol=1e-12)


def test_the_3r_arm_gets_the_papers_four_solutions():
    a1, a2, a3 = 0.4, 0.5, 0.3
    robot = ik.anthropomorphic_3r_robot(a1, a2, a3)
    q = np.random.default_rng(3).uniform(-2.8, 2.8, size=(50, 3))
    points = paper_3r_position(q, a1, a2, a3)
    found = pieper_ik(robot, points)
    assert found.q.shape == (50, 4, 3) and np.all(found.valid)
    expected = ik.anthropomorphic_3r_ik(points, a1, a2, a3).q
    for solutions, paper in zip(found.q, expected, strict=True):
        for branch in paper:
            assert _gaps(robot, solutions, branch).min() < 1e-9


@pytest.mark.parametrize("name", ["Anthropomorphic 3R", "Gantry"])
def test_one_point_of_a_3_joint_arm_is_solved_in_closed_form(name):
    # ik.solve gives nearest_solution the 4x4 target's columns: its translation is the point
    # (it used to be read as the point itself, a TypeError).
    robot = robosim.load_robot(name)
    for q in robot.random_q(5, rng=np.random.default_rng(4)):
        point = robot.fk(q)[:3, 3]
        result = ik.solve(robot, point, axes="position")
        assert result.success and result.iterations == 1       # the closed form, no search
        np.testing.assert_allclose(robot.fk(result.q)[:3, 3], point, atol=1e-9)
        solution, found, _ = nearest_solution(robot, frame_columns(robot.fk(q)), q.tolist(),
                                              FloatMath)
        assert found
        assert _gaps(robot, np.array([solution]), q).min() < 1e-9


# ------------------------------------------------------------------ dense multistart
def _newton_multistart(robot, target, seeds, iterations=60):
    """Every distinct solution that plain Newton iterations (pseudo-inverse, no limits)
    reach from ``seeds`` ``(k, n)``: an oracle sharing nothing with the closed form."""
    q = seeds.copy()
    for _ in range(iterations):
        reached = robot.fk(q)
        R = target[:3, :3] @ np.swapaxes(reached[:, :3, :3], -1, -2)
        angle = rotation_angle(reached[:, :3, :3], target[:3, :3])
        axis = np.stack([R[:, 2, 1] - R[:, 1, 2], R[:, 0, 2] - R[:, 2, 0],
                         R[:, 1, 0] - R[:, 0, 1]], axis=-1)
        norm = np.linalg.norm(axis, axis=-1, keepdims=True)
        rotation = np.where(norm > 1e-300, axis / np.maximum(norm, 1e-300), 0.0) \
            * angle[:, None]
        error = np.concatenate([target[:3, 3] - reached[:, :3, 3], rotation], axis=-1)
        step = np.einsum("bij,bj->bi", np.linalg.pinv(robot.jacobian(q)), error)
        scale = np.minimum(1.0, 0.5 / np.maximum(np.abs(step).max(axis=-1), 1e-300))
        q += step * scale[:, None]
    found = []
    for solution in q[_reaches(robot, q, target)]:
        if all(_gaps(robot, solution, other) > 1e-6 for other in found):
            found.append(solution)
    return np.array(found).reshape(-1, robot.n)


def _random_wrist_arm(rng, convention, prismatic):
    """A 6-joint arm with a spherical wrist: random first three joints (joint ``prismatic``
    prismatic, or none for -1), odd twists, offsets, base and tool."""
    twists = [math.pi / 2, -math.pi / 2, math.pi / 3, 2.0, -0.7]
    joints = []
    for i in range(3):
        alpha = float(rng.choice(twists))
        a = float(rng.uniform(0.1, 0.5) * rng.choice([-1, 1]))
        if i == prismatic:
            joints.append(robosim.Joint("P", a=a, alpha=alpha, theta=float(rng.uniform(-1, 1)),
                                        offset=float(rng.uniform(0.2, 0.5)), limits=(-2.0, 2.0)))
        else:
            joints.append(robosim.Joint("R", a=a, alpha=alpha, d=float(rng.uniform(-0.3, 0.3)),
                                        offset=float(rng.uniform(-1, 1))))
    wrist_twists = [float(rng.choice(twists)) for _ in range(2)]
    offsets = rng.uniform(-1, 1, 3)
    if convention == "standard":                # axes z3, z4, z5 meet: a4 = a5 = d5 = 0
        joints += [robosim.Joint(alpha=wrist_twists[0], d=0.3, offset=offsets[0]),
                   robosim.Joint(alpha=wrist_twists[1], offset=offsets[1]),
                   robosim.Joint(a=0.05, alpha=0.4, d=0.1, offset=offsets[2])]
    else:                                       # axes z4, z5, z6 meet: a_4 = a_5 = d5 = 0
        joints += [robosim.Joint(a=0.2, alpha=float(rng.choice(twists)), d=0.3,
                                 offset=offsets[0]),
                   robosim.Joint(alpha=wrist_twists[0], offset=offsets[1]),
                   robosim.Joint(alpha=wrist_twists[1], d=0.1, offset=offsets[2])]
    return mounted(rng, joints, convention, reach=0.1)


def _random_arms():
    rng = np.random.default_rng(26)
    return [_random_wrist_arm(rng, convention, prismatic)
            for convention in ("standard", "modified") for prismatic in (-1, 0, 1, 2)]


@pytest.mark.parametrize("robot", [robosim.load_robot(name) for name in
                                   ("KUKA KR5", "ABB IRB 140", "Stanford")] + _random_arms(),
                         ids=lambda robot: f"{robot.name}-{robot.convention}-"
                                           f"{robot.joint_types}")
def test_the_closed_form_has_every_solution_a_dense_multistart_finds(robot):
    assert pieper_applies(robot)
    rng = np.random.default_rng(7)
    lower = np.where(robot.revolute, -math.pi, robot.limits[:, 0])
    upper = np.where(robot.revolute, math.pi, robot.limits[:, 1])
    total = 0
    for q in robot.random_q(2, rng=rng):
        target = robot.fk(q)
        found = pieper_ik(robot, target)
        solutions = found.q[found.valid]
        assert np.all(_reaches(robot, solutions, target))
        assert _gaps(robot, solutions, q).min() < 1e-9                 # q itself is one
        seeds = rng.uniform(lower, upper, size=(300, robot.n))
        for other in _newton_multistart(robot, target, seeds):
            assert _gaps(robot, solutions, other).min() < 1e-6
            total += 1
    assert total >= 4                           # the multistart found something to compare


# ------------------------------------------------------------------ degenerate cases
def test_a_target_out_of_reach_has_no_solution_and_says_so():
    robot = robosim.load_robot("Puma 560")
    far = robot.fk(robot.home)
    far[:3, 3] = (5.0, 0.0, 0.0)
    found = pieper_ik(robot, far)
    assert not found.valid.any() and found.reason == OUT_OF_REACH
    assert np.all(np.isfinite(found.q))
    q, found, reason = nearest_solution(robot, frame_columns(far), robot.home.tolist(), FloatMath)
    assert (found, reason) == (False, OUT_OF_REACH) and q == robot.home.tolist()


def test_a_wrist_singularity_keeps_joint_4_at_its_reference():
    robot = robosim.load_robot("Puma 560")
    q = np.array([0.3, 0.5, -0.2, 0.4, 0.0, -0.3])                   # q5 = 0: axes 4, 6 aligned
    reference = np.array([0.0, 0.0, 0.0, 1.1, 0.0, 0.0])
    found = pieper_ik(robot, robot.fk(q), reference)
    assert found.reason == free_joint(4)
    solutions = found.q[found.valid]
    assert np.all(_reaches(robot, solutions, robot.fk(q)))
    on_q = solutions[np.abs(solutions[:, :3] - q[:3]).max(axis=1) < 1e-9]
    assert len(on_q) == 1 and len(solutions) == 7          # one wrist there, two elsewhere
    assert on_q[0, 3] == pytest.approx(1.1, abs=1e-12)
    # solve and solve_all say it in their reasons.
    assert ik.solve(robot, robot.fk(q), reference).reason == "converged (singular: joint 4 free)"
    every = ik.solve_all(robot, robot.fk(q), reference)
    assert set(every.reason) == {"converged (singular: joint 4 free)"}


def test_a_point_on_the_first_axis_keeps_joint_1_at_its_reference():
    robot = ik.anthropomorphic_3r_robot(0.4, 0.5, 0.3)
    found = pieper_ik(robot, [0.0, 0.0, 0.9], [0.7, 0.0, 0.0])
    assert found.reason == free_joint(1)
    solutions = found.q[found.valid]
    assert len(solutions) >= 1 and np.allclose(robot.fk(solutions)[:, :3, 3], [0, 0, 0.9])
    np.testing.assert_allclose(solutions[:, 0] % TWO_PI, 0.7, atol=1e-12)


def test_a_stretched_elbow_is_a_double_root_listed_once():
    robot = ik.anthropomorphic_3r_robot(0.4, 0.5, 0.3)
    point = robot.fk([0.3, 0.4, 0.0])[:3, 3]                          # elbow straight
    found = pieper_ik(robot, point)
    assert found.reason == DOUBLE_ROOT
    solutions = found.q[found.valid]
    assert len(solutions) == 2                                        # facing, leaning back
    assert np.allclose(robot.fk(solutions)[:, :3, 3], point, atol=1e-7)


def test_solve_names_the_solution_returned_for_one_target_and_for_a_batch():
    # At a double root (the elbow straight) the solution returned has no free joint: solve says
    # "converged", for one target and for each target of a batch alike (the batch used to
    # repeat pieper_ik's word on the target, "double root").
    robot = ik.anthropomorphic_3r_robot(0.4, 0.5, 0.3)
    point = robot.fk([0.3, 0.4, 0.0])[:3, 3]
    one = ik.solve(robot, point, axes="position")
    batch = ik.solve(robot, np.stack([point, point]), axes="position")
    assert one.reason == "converged" and batch.reason.tolist() == ["converged"] * 2
    np.testing.assert_allclose(batch.q, [one.q, one.q], atol=1e-12)


@pytest.mark.parametrize("name", ["UR5", "Franka Panda", "Lynx6", "Planar 3R", "Tester Robot"])
def test_arms_without_a_closed_form_are_recognised(name):
    robot = robosim.load_robot(name)
    assert not pieper_applies(robot)
    with pytest.raises(robosim.ValidationError, match="Pieper"):
        pieper_ik(robot, robot.fk(robot.home))


# ------------------------------------------------------------------------ ik.solve
def test_solve_returns_the_solution_nearest_q0_inside_the_limits():
    robot = robosim.load_robot("Puma 560")
    rng = np.random.default_rng(5)
    for q in robot.random_q(30, rng=rng):
        q0 = robot.random_q(rng=rng)
        target = robot.fk(q)
        result = ik.solve(robot, target, q0=q0)
        assert result.success and robot.within_limits(result.q)
        # The nearest, checked against every solution solve_all lists in the limits.
        every = ik.solve_all(robot, target, q0=q0, all_turns=True).q
        distances = np.abs(every - q0).sum(axis=1)
        assert np.abs(result.q - q0).sum() <= distances.min() + 1e-9

"""The general 6R solver (robosim/ik/general.py) against independent constructions.

- random 6R arms (random a, d, alpha, offsets; both DH conventions; base and tool): the
  joint values that made the target are among the solutions; each solution reaches the target
  by the robot's forward kinematics; none repeats; a dense multistart of plain Newton
  iterations written here (pseudo-inverse of the Jacobian, no limits) finds no solution the
  solver lacks;
- the UR5 (library table: Universal Robots' DH parameters): the published closed form of
  R. S. Andersen, "Kinematics of a UR5", Aalborg University, 2018 (after K. P. Hawkins,
  "Analytic inverse kinematics for the Universal Robots UR-5/UR-10 arms", Georgia Tech,
  2013), written here from its equations;
- the Puma 560: Pieper's closed form, also on the arm read tip to base;
- the wiring: solve_all's reason and count, solve's nearest solution.
"""

import math

import numpy as np
import pytest

import robosim
from random_robots import mounted
from robosim import ik
from robosim.ik.general import (ELIMINATION, ELIMINATION_REVERSED, SPHERICAL_SHOULDER,
                                general_ik, reversed_robot)
from robosim.kinematics import link_transform
from robosim.kinematics import rotation_angle

TWO_PI = 2 * math.pi


def _gaps(a, b):
    """Largest joint gap modulo 2 pi between ``a`` ``(..., 6)`` and ``b`` ``(..., 6)``."""
    return np.abs((np.subtract(a, b) + math.pi) % TWO_PI - math.pi).max(axis=-1)


def _random_arm(rng, convention):
    joints = [robosim.Joint(a=float(rng.uniform(-0.6, 0.6)), alpha=float(rng.uniform(-3, 3)),
                            d=float(rng.uniform(-0.6, 0.6)), offset=float(rng.uniform(-3, 3)))
              for _ in range(6)]
    return mounted(rng, joints, convention)


def _newton_multistart(robot, target, seeds, rng, steps=80):
    """Distinct solutions (modulo 2 pi) that plain Newton iterations (pseudo-inverse of the
    geometric Jacobian, steps cut to 0.5 rad, no limits) reach from ``seeds`` random
    configurations."""
    q = rng.uniform(-math.pi, math.pi, (seeds, 6))
    for _ in range(steps):
        reached = robot.fk(q)
        rotation = 0.5 * np.cross(reached[:, :3, :3], target[None, :3, :3], axis=1).sum(axis=2)
        error = np.concatenate([target[:3, 3] - reached[:, :3, 3], rotation], axis=1)
        step = np.einsum("kij,kj->ki", np.linalg.pinv(robot.jacobian(q)), error)
        q = q + step * np.minimum(1.0, 0.3 / np.abs(step).max(axis=1, keepdims=True))
    reached = robot.fk(q)
    good = ((np.linalg.norm(reached[:, :3, 3] - target[:3, 3], axis=1) < 1e-9)
            & (rotation_angle(reached[:, :3, :3], target[:3, :3]) < 1e-9))
    distinct = []
    for solution in q[good]:
        if not distinct or _gaps(np.array(distinct), solution).min() > 1e-6:
            distinct.append(solution)
    return np.array(distinct).reshape(-1, 6)


def _check_solutions(robot, target, found):
    """Each valid slot reaches ``target`` by the robot's forward kinematics within 1e-9, and
    no two are one solution modulo 2 pi."""
    q = found.q[found.valid]
    reached = robot.fk(q)
    assert np.linalg.norm(reached[:, :3, 3] - target[:3, 3], axis=1).max(initial=0) <= 1e-9
    assert rotation_angle(reached[:, :3, :3], target[:3, :3]).max(initial=0) <= 1e-9
    for i in range(len(q)):
        assert _gaps(q[i + 1:], q[i]).min(initial=1.0) > 1e-6
    return q


@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_random_arms_every_solution(convention):
    """25 arms a convention (50 in all), three targets each from random joint values."""
    rng = np.random.default_rng(38 if convention == "standard" else 83)
    for _ in range(25):
        robot = _random_arm(rng, convention)
        q_true = rng.uniform(-math.pi, math.pi, (3, 6))
        targets = robot.fk(q_true)
        found = general_ik(robot, targets)
        assert found.complete.all(), found.reason
        assert set(found.method) <= {ELIMINATION, ELIMINATION_REVERSED}
        for k in range(3):
            q = _check_solutions(robot, targets[k], _slot(found, k))
            assert _gaps(q, q_true[k]).min() < 1e-8
            assert len(q) % 2 == 0 and len(q) <= 16       # real roots come in pairs


def _slot(found, k):
    """Target ``k``'s part of a batched :class:`GeneralSolutions`."""
    return type(found)(found.q[k], found.valid[k], found.complete[k], found.reason[k],
                       found.method[k])


def test_random_arms_against_newton_multistart():
    """Every solution that 300 Newton seeds find is among the solver's (8 arms, both
    conventions): the solver never reports fewer."""
    rng = np.random.default_rng(6)
    for trial in range(8):
        robot = _random_arm(rng, ["standard", "modified"][trial % 2])
        target = robot.fk(rng.uniform(-math.pi, math.pi, 6))
        found = general_ik(robot, target)
        q = found.q[found.valid]
        newton = _newton_multistart(robot, target, 300, rng)
        assert len(newton) >= 1
        assert len(q) >= len(newton)
        for solution in newton:
            assert _gaps(q, solution).min() < 1e-7


def test_batched_equals_one_at_a_time():
    rng = np.random.default_rng(11)
    robot = _random_arm(rng, "standard")
    targets = robot.fk(rng.uniform(-math.pi, math.pi, (2, 3, 6)))
    batch = general_ik(robot, targets)
    assert batch.q.shape == (2, 3, 16, 6) and batch.valid.shape == (2, 3, 16)
    for i in range(2):
        for j in range(3):
            one = general_ik(robot, targets[i, j])
            assert np.array_equal(one.valid, batch.valid[i, j])
            assert np.abs(one.q - batch.q[i, j]).max() < 1e-9


def test_reversed_robot_reads_the_arm_tip_to_base():
    """``fk'(-q[::-1]) = fk(q)^-1`` for random arms in both conventions."""
    rng = np.random.default_rng(3)
    for convention in ("standard", "modified"):
        robot = _random_arm(rng, convention)
        q = rng.uniform(-math.pi, math.pi, (5, 6))
        back = reversed_robot(robot)
        assert np.abs(back.fk(-q[:, ::-1]) - np.linalg.inv(robot.fk(q))).max() < 1e-12


# --------------------------------------------------------------------------- the UR5
def _andersen_ur5(robot, target):
    """The UR5's eight solutions by Andersen (2018), sections 2.1-2.6, from its standard DH
    table (``d1, a2, a3, d4, d5, d6``; the other ``a`` and ``d`` zero, twists 90, 0, 0, 90,
    -90, 0 degrees). Andersen's link transforms are Craig's (``T_{i-1,i} = Rx(alpha_{i-1})
    Tx(a_{i-1}) Rz(theta_i) Tz(d_i)``), so the arm's plane is x-z of frame 1. Branches whose
    ``acos`` argument exceeds 1 are left out."""
    joints = robot.joints
    a2, a3 = joints[1].a, joints[2].a
    d4, d6 = joints[3].d, joints[5].d

    def A(i, theta):
        a, alpha = (joints[i - 1].a, joints[i - 1].alpha) if i else (0.0, 0.0)
        return link_transform(theta, joints[i].d, a, alpha, "modified")

    T06 = target
    p05 = T06 @ np.array([0.0, 0.0, -d6, 1.0])                        # eq. for theta1
    phi1, reach = math.atan2(p05[1], p05[0]), math.hypot(p05[0], p05[1])
    solutions = []
    for sign1 in (1, -1):
        theta1 = phi1 + sign1 * math.acos(d4 / reach) + math.pi / 2
        s1, c1 = math.sin(theta1), math.cos(theta1)
        cos5 = (T06[0, 3] * s1 - T06[1, 3] * c1 - d4) / d6           # eq. for theta5
        if abs(cos5) > 1:
            continue
        for sign5 in (1, -1):
            theta5 = sign5 * math.acos(cos5)
            T60 = np.linalg.inv(T06)
            X, Y = T60[:3, 0], T60[:3, 1]
            theta6 = math.atan2((-X[1] * s1 + Y[1] * c1) / math.sin(theta5),   # theta6
                                (X[0] * s1 - Y[0] * c1) / math.sin(theta5))
            T14 = (np.linalg.inv(A(0, theta1)) @ T06 @ np.linalg.inv(A(5, theta6))
                   @ np.linalg.inv(A(4, theta5)))
            p14 = math.hypot(T14[0, 3], T14[2, 3])
            cos3 = (p14 ** 2 - a2 ** 2 - a3 ** 2) / (2 * a2 * a3)     # eq. for theta3
            if abs(cos3) > 1:
                continue
            for sign3 in (1, -1):
                theta3 = sign3 * math.acos(cos3)
                theta2 = (math.atan2(-T14[2, 3], -T14[0, 3])           # eq. for theta2
                          - math.asin(-a3 * math.sin(theta3) / p14))
                T34 = (np.linalg.inv(A(2, theta3)) @ np.linalg.inv(A(1, theta2)) @ T14)
                theta4 = math.atan2(T34[1, 0], T34[0, 0])              # eq. for theta4
                solutions.append([theta1, theta2, theta3, theta4, theta5, theta6])
    return math.pi - (math.pi - np.array(solutions)) % TWO_PI           # into (-pi, pi]


def test_ur5_eight_solutions_match_the_published_closed_form():
    robot = robosim.load_robot("UR5")
    q = np.array([0.4, -1.1, 1.3, -0.6, 1.2, 0.3])
    target = robot.fk(q)
    published = _andersen_ur5(robot, target)
    assert len(published) == 8
    assert np.abs(robot.fk(published) - target).max() < 1e-12         # the oracle itself
    found = general_ik(robot, target)
    assert bool(found.complete) and int(found.valid.sum()) == 8
    ours = _check_solutions(robot, target, found)
    for solution in published:
        assert _gaps(ours, solution).min() < 1e-9
    assert _gaps(ours, q).min() < 1e-12


def test_ur5_from_its_mirror_image_reads_tip_to_base():
    """The UR5 read tip to base has its parallel axes at 3, 4, 5: the closed form runs on the
    arm read back again, and gives the same eight."""
    robot = robosim.load_robot("UR5")
    back = reversed_robot(robot)
    q = np.array([0.4, -1.1, 1.3, -0.6, 1.2, 0.3])
    found = general_ik(back, back.fk(-q[::-1]))
    assert bool(found.complete) and int(found.valid.sum()) == 8
    published = _andersen_ur5(robot, robot.fk(q))
    for solution in published:
        assert _gaps(-found.q[found.valid][:, ::-1], solution).min() < 1e-9


# -------------------------------------------------------------------------- the Puma 560
def test_puma_560_same_solutions_as_pieper():
    robot = robosim.load_robot("Puma 560")
    rng = np.random.default_rng(560)
    for q in rng.uniform(-1.5, 1.5, (5, 6)):
        target = robot.fk(q)
        pieper = ik.pieper_ik(robot, target)
        expected = pieper.q[pieper.valid]
        found = general_ik(robot, target)
        assert bool(found.complete) and int(found.valid.sum()) == len(expected)
        ours = _check_solutions(robot, target, found)
        for solution in expected:
            assert _gaps(ours, solution).min() < 1e-9
        # Read tip to base, the wrist is a shoulder: the same solutions, reversed.
        back = reversed_robot(robot)
        mirrored = general_ik(back, np.linalg.inv(target))
        assert str(mirrored.method) == SPHERICAL_SHOULDER
        for solution in expected:
            assert _gaps(-mirrored.q[mirrored.valid][:, ::-1], solution).min() < 1e-9


# ------------------------------------------------------------------------------ wiring
def test_solve_all_reports_the_general_count():
    robot = robosim.load_robot("UR5")
    q = np.array([0.4, -1.1, 1.3, -0.6, 1.2, 0.3])
    result = ik.solve_all(robot, robot.fk(q), q0=q)
    inside = _andersen_ur5(robot, robot.fk(q))
    inside = inside[robot.within_limits(inside)]
    assert len(result.q) == len(inside)
    assert set(result.reason) == {f"converged: all {len(inside)} solutions (general 6R)"}
    assert _gaps(result.q[0], q) < 1e-12                   # nearest q0 first


def test_solve_returns_the_solution_nearest_q0():
    robot = robosim.load_robot("UR5")
    published = _andersen_ur5(robot, robot.fk([0.4, -1.1, 1.3, -0.6, 1.2, 0.3]))
    target = robot.fk(published[0])
    for solution in published:
        result = ik.solve(robot, target, q0=solution + 0.05)
        assert bool(result.success) and _gaps(result.q, solution) < 1e-9
    batch = ik.solve(robot, np.stack([target] * len(published)), q0=published + 0.05)
    assert np.all(batch.success) and _gaps(batch.q, published).max() < 1e-9


def test_an_arm_no_method_covers_says_so_and_falls_back():
    """Axes 1 and 2 meet and axes 5 and 6 meet, with no wrist and no parallel axes: the
    elimination is singular read either way; general_ik says it is not complete, and
    solve_all falls back on the multistart and says that."""
    rng = np.random.default_rng(5)
    joints = [robosim.Joint(a=a, alpha=alpha, d=d) for a, alpha, d in [
        (0.0, 1.2, 0.3), (0.5, -0.7, 0.1), (0.4, 2.0, -0.2), (0.3, 0.9, 0.25),
        (0.0, -1.4, 0.2), (0.1, 0.5, 0.15)]]
    robot = mounted(rng, joints, "standard")
    q = np.array([0.3, -0.4, 0.9, 1.1, -0.6, 0.2])
    found = general_ik(robot, robot.fk(q))
    assert not bool(found.complete) and str(found.reason).startswith("incomplete")
    result = ik.solve_all(robot, robot.fk(q), q0=q)
    assert _gaps(result.q, q).min() < 1e-9
    assert set(result.reason) == {"converged (general 6R not certified: multistart)"}

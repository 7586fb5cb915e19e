"""The reference Newton-Euler (the textbook's loops) against the fast kernels, and the tool
wrench ``fext``.

The fast kernel (:mod:`robosim.dynamics.newton_euler`'s ``_recursion``, on standard rows, a
modified-DH robot regrouped into them; through :func:`robosim.dynamics.inverse_dynamics`) and
the composite-body mass matrix must give the reference's torques on any robot: both DH
conventions, prismatic joints, odd and quarter-turn twists, a tilted base, a tool, a payload,
motor inertia and friction, one configuration or a batch.
"""


import numpy as np
import pytest

from robosim import ValidationError, load_robot
from robosim.dynamics import (Dynamics, LinkDynamics, inverse_dynamics, mass_matrix, with_payload,
                              reference_inverse_dynamics)
from robosim.kinematics import Joint, Robot

TWISTS = [0.0, np.pi / 2, -np.pi / 2, np.pi, 0.7, -2.1]


def random_robot(rng, convention, unit="m"):
    """A robot of 2 to 7 random joints (about one in three prismatic) with random masses,
    centres of mass, inertias (positive definite, with products), drives and friction, a
    tilted base and a tool offset and turned."""
    per_metre = {"m": 1.0, "mm": 1000.0}[unit]
    joints, links = [], []
    for _ in range(rng.integers(2, 8)):
        twist = TWISTS[rng.integers(len(TWISTS))]
        a = rng.choice([0.0, rng.uniform(-0.5, 0.5)]) * per_metre
        if rng.random() < 0.35:
            joints.append(Joint(kind="P", a=a, alpha=twist, theta=rng.uniform(-3, 3),
                                offset=rng.uniform(-0.2, 0.2) * per_metre,
                                limits=(-per_metre, per_metre)))
        else:
            joints.append(Joint(a=a, alpha=twist, d=rng.choice([0.0, rng.uniform(-0.4, 0.4)])
                                * per_metre, offset=rng.uniform(-1, 1)))
        root = rng.normal(size=(3, 3)) * 0.3
        inertia = root @ root.T + 0.01 * np.eye(3)
        links.append(LinkDynamics(
            mass=rng.uniform(0.1, 5.0), com=tuple(rng.uniform(-0.2, 0.2, 3) * per_metre),
            inertia=(inertia[0, 0], inertia[1, 1], inertia[2, 2], inertia[0, 1],
                     inertia[1, 2], inertia[0, 2]),
            motor_inertia=rng.uniform(0, 1e-3),
            gear_ratio=rng.choice([-1, 1]) * rng.uniform(1, 100),
            viscous=rng.uniform(0, 1e-3), coulomb=(rng.uniform(0, 0.5), -rng.uniform(0, 0.5))))
    return Robot(joints, convention=convention, unit=unit,
                 base_xyz=tuple(rng.uniform(-0.3, 0.3, 3) * per_metre),
                 base_rpy=tuple(rng.uniform(-1, 1, 3)),
                 tool_xyz=tuple(rng.uniform(-0.2, 0.2, 3) * per_metre),
                 tool_rpy=tuple(rng.uniform(-3, 3, 3)),
                 dynamics=Dynamics(links, gravity=tuple(rng.uniform(-10, 10, 3))))


def random_states(robot, rng, size):
    scale = np.where(robot.revolute, 1.0, robot.length_scale * 0.2)
    return (robot.random_q(size, rng), rng.uniform(-2, 2, (size, robot.n)) * scale,
            rng.uniform(-3, 3, (size, robot.n)) * scale)


def reference(robot, q, qd, qdd, fext=None, **terms):
    """The reference, one configuration at a time, over a batch ``(B, n)``."""
    fext = [None] * len(q) if fext is None else fext
    return np.array([reference_inverse_dynamics(robot, *state, fext=wrench, **terms)
                     for *state, wrench in zip(q, qd, qdd, fext, strict=True)])


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_fast_kernels_equal_the_reference_on_random_robots(convention, seed):
    rng = np.random.default_rng(seed)
    robot = random_robot(rng, convention, unit=["m", "mm"][seed % 2])
    if seed % 3 == 0:
        robot = with_payload(robot, 1.5)
    q, qd, qdd = random_states(robot, rng, 5)
    fext = rng.normal(size=(5, 6)) * 10
    for terms in ({}, {"motor": True, "friction": True}):
        expected = reference(robot, q, qd, qdd, fext, **terms)
        scale = np.abs(expected).max()
        assert inverse_dynamics(robot, q, qd, qdd, fext=fext, **terms) == pytest.approx(
            expected, abs=1e-11 * scale)
        assert inverse_dynamics(robot, q[2], qd[2], qdd[2], fext=fext[2], **terms) \
            == pytest.approx(expected[2], abs=1e-11 * scale)
    assert inverse_dynamics(robot, q, qd, qdd) == pytest.approx(
        reference(robot, q, qd, qdd), abs=1e-11 * np.abs(expected).max())


@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_the_mass_matrix_equals_n_calls_of_the_reference(convention):
    # column j: the torques of a unit acceleration of joint j alone, no speed, no gravity
    rng = np.random.default_rng(5)
    for _ in range(4):
        robot = random_robot(rng, convention, unit="mm")
        q = robot.random_q(None, rng)
        zero = np.zeros(robot.n)
        expected = np.array([reference_inverse_dynamics(robot, q, zero, unit, gravity=(0, 0, 0))
                             for unit in np.eye(robot.n)]).T * np.where(robot.revolute, 1, 1e3)
        assert mass_matrix(robot, q) == pytest.approx(expected, abs=1e-12 * np.abs(
            expected).max())


# ------------------------------------------------------------------------ the tool's wrench
def tool_frame_jacobian(robot, q):
    """``J_e`` (6, n): the geometric Jacobian with rows turned into the tool frame, lengths in
    metres (so that ``J_e^T fext`` is in N m and N)."""
    metres = {"m": 1.0, "cm": 1e-2, "mm": 1e-3}[robot.unit]
    jacobian = robot.jacobian(q)
    turn = robot.fk(q)[:3, :3].T
    return np.vstack([turn @ jacobian[:3] * np.where(robot.revolute, metres, 1.0),
                      turn @ jacobian[3:]])


@pytest.mark.parametrize("name", ["Puma 560", "Stanford", "Franka Panda", "Lynx6"])
def test_a_tool_wrench_adds_the_tool_jacobian_transpose_times_it(name):
    robot = load_robot(name)
    rng = np.random.default_rng(3)
    q = robot.random_q(4, rng)
    qd, qdd = rng.uniform(-1, 1, q.shape), rng.uniform(-1, 1, q.shape)
    fext = rng.normal(size=(4, 6))
    extra = inverse_dynamics(robot, q, qd, qdd, fext=fext) - inverse_dynamics(robot, q, qd, qdd)
    for k in range(4):
        assert extra[k] == pytest.approx(tool_frame_jacobian(robot, q[k]).T @ fext[k],
                                         abs=1e-10 * np.abs(fext[k]).max())


def test_puma_tool_wrench_matches_corkes_published_value():
    # petercorke/robotics-toolbox-python, tests/test_DHRobot.py, test_rne:
    # puma.rne(puma.qn, z, z, fext=[1, 2, 3, 1, 2, 3]) == tr5 (to 4 decimals).
    robot = load_robot("Puma 560")
    qn = np.radians([0, 45, 180, 0, 45, 0])
    zero = np.zeros(6)
    tr5 = [0.642756, 29.0866, 4.70321, 2.82843, -1.97175, 3]
    assert inverse_dynamics(robot, qn, zero, zero, fext=[1, 2, 3, 1, 2, 3]) == pytest.approx(
        tr5, abs=1e-4)
    assert reference_inverse_dynamics(robot, qn, zero, zero, fext=[1, 2, 3, 1, 2, 3]) \
        == pytest.approx(tr5, abs=1e-4)


def test_a_wrench_broadcasts_over_a_batch():
    robot = load_robot("Puma 560")
    q = robot.random_q(3, np.random.default_rng(1))
    fext = np.array([0, 0, 5.0, 0, 0, 0])
    each = [inverse_dynamics(robot, row, 0 * row, 0 * row, fext=fext) for row in q]
    assert inverse_dynamics(robot, q, 0 * q, 0 * q, fext=fext) == pytest.approx(np.array(each))


# the edge's words for a wrench (robosim.checks.wrench), those it has for joint values
@pytest.mark.parametrize("fext, words", [
    ([1, 2, 3], r"fext must be 6 numbers \[Fx, Fy, Fz, Mx, My, Mz\]"),
    ([1, 2, 3, 4, 5, np.nan], "fext: values must be finite numbers"),
    ("push", "fext must be numbers .* got text 'push'"),
    (["1"] * 6, "fext must be real numbers, got text"),
    (np.ones(6) + 1j, "fext must be real numbers, got complex numbers"),
    (3.0, r"fext must be 6 numbers \[Fx, Fy, Fz, Mx, My, Mz\]")])
def test_a_wrong_wrench_is_refused_with_a_clear_message(fext, words):
    robot = load_robot("Puma 560")
    with pytest.raises(ValidationError, match=words):
        inverse_dynamics(robot, np.zeros(6), np.zeros(6), np.zeros(6), fext=fext)

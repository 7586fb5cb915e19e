"""Newton-Euler, the composite-body mass matrix and forward dynamics against independent
constructions, and the tool wrench ``fext``.

- Pinocchio's figures for two real URDF files (``tests/data/pinocchio_dynamics.json``, where its
  ``source`` says how they were computed): ``rnea``, ``crba`` and ``aba``, to 1e-10.
- On random robots (both DH conventions, prismatic joints, odd and quarter-turn twists, a tilted
  base, a tool, a payload, metres and millimetres):

  - the mass matrix as the textbook builds it from the links' Jacobians, ``M = sum_i m_i
    Jv_i^T Jv_i + Jw_i^T R_i I_i R_i^T Jw_i`` (Spong, Hutchinson and Vidyasagar, *Robot Modeling
    and Control*, (7.39)-(7.41)), the Jacobians written from the frames of ``fk_all``;
  - the inverse dynamics as Lagrange's equations, ``tau = M qdd + dM/dt qd - d/dq (qd^T M
    qd / 2) + dV/dq``, the derivatives by central differences, ``V`` from ``fk_all``;
  - ``ID(q, 0, qdd) - ID(q, 0, 0) = M qdd``; the rotor and friction terms from the link
    parameters; the forward dynamics undoing the inverse; a configuration alone giving its
    row of a batch.
"""

import json

import numpy as np
import pytest

from data_files import DATA
from robosim import ValidationError, load_robot, load_urdf
from robosim.dynamics import (Dynamics, LinkDynamics, energy, forward_dynamics, inverse_dynamics,
                              mass_matrix, with_payload)
from robosim.kinematics import Joint, Robot

TWISTS = [0.0, np.pi / 2, -np.pi / 2, np.pi, 0.7, -2.1]
PINOCCHIO = json.loads((DATA / "pinocchio_dynamics.json").read_text(encoding="utf-8"))


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


def random_robots(convention, count=6, seed=0):
    rng = np.random.default_rng(seed)
    robots = [random_robot(rng, convention, unit=["m", "mm"][k % 2]) for k in range(count)]
    return [with_payload(robot, 1.5) if k % 3 == 0 else robot for k, robot in enumerate(robots)]


def random_states(robot, rng, size):
    scale = np.where(robot.revolute, 1.0, robot.length_scale * 0.2)
    return (robot.random_q(size, rng), rng.uniform(-2, 2, (size, robot.n)) * scale,
            rng.uniform(-3, 3, (size, robot.n)) * scale)


def to_si(robot):
    """Per joint: 1 for revolute, metres per length unit for prismatic."""
    return np.where(robot.revolute, 1.0, {"m": 1.0, "mm": 1e-3}[robot.unit])


# ---------------------------------------------------------------------------- Pinocchio's figures
@pytest.mark.parametrize("peer", PINOCCHIO["robots"], ids=lambda peer: peer["name"])
def test_pinocchios_rnea_crba_and_aba_on_real_urdf_files(peer):
    robot = load_urdf(DATA / peer["urdf"], tip=peer["tip"])
    for state in peer["states"]:
        q, qd, qdd = state["q"], state["qd"], state["qdd"]
        assert inverse_dynamics(robot, q, qd, qdd) == pytest.approx(state["rnea"], abs=1e-10)
        assert mass_matrix(robot, q) == pytest.approx(np.array(state["crba"]), abs=1e-10)
        assert forward_dynamics(robot, q, qd, state["tau"]) == pytest.approx(state["aba"],
                                                                             abs=1e-10)


# ------------------------------------------------------------------- the mass matrix, by Jacobians
def link_jacobians(robot, q):
    """Per link ``(Jv, Jw)`` (3, n) each, the centre of mass's linear velocity (m/s) and the
    link's angular velocity per joint speed (SI), written from the frames of ``fk_all``:
    joint ``k`` turns about (slides along) ``z`` of frame ``k - 1`` (standard DH) or ``k``
    (modified) through its origin, and moves the links from ``k`` on."""
    frames = robot.fk_all(q)
    metres = {"m": 1.0, "mm": 1e-3}[robot.unit]
    axis = [frames[k] if robot.convention == "standard" else frames[k + 1] for k in range(robot.n)]
    jacobians = []
    for i, link in enumerate(robot.dynamics.links):
        centre = (frames[i + 1] @ np.append(link.com, 1.0))[:3] * metres
        Jv, Jw = np.zeros((3, robot.n)), np.zeros((3, robot.n))
        for k in range(i + 1):
            z, origin = axis[k][:3, 2], axis[k][:3, 3] * metres
            if robot.joints[k].is_revolute:
                Jv[:, k], Jw[:, k] = np.cross(z, centre - origin), z
            else:
                Jv[:, k] = z
        jacobians.append((Jv, Jw, frames[i + 1][:3, :3]))
    return jacobians


@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_the_mass_matrix_is_the_sum_of_the_links_jacobian_terms(convention):
    rng = np.random.default_rng(5)
    for robot in random_robots(convention, seed=5):
        for q in robot.random_q(3, rng):
            expected = sum(link.mass * Jv.T @ Jv + Jw.T @ R @ link.inertia_matrix @ R.T @ Jw
                           for (Jv, Jw, R), link in zip(link_jacobians(robot, q),
                                                        robot.dynamics.links, strict=True))
            assert mass_matrix(robot, q) == pytest.approx(expected, abs=1e-12 * np.abs(
                expected).max())


# ---------------------------------------------------------------- the torques, by Lagrange
def lagrange_torques(robot, q, qd, qdd, step=1e-6):
    """``M qdd + dM/dt qd - d/dq (qd^T M qd / 2) + dV/dq`` (SI), the derivatives by central
    differences of :func:`mass_matrix` and of the potential energy of :func:`energy`."""
    si = to_si(robot)
    qd_si, qdd_si = qd * si, qdd * si
    rate = (mass_matrix(robot, q + step * qd) - mass_matrix(robot, q - step * qd)) / (2 * step)
    gradient_t, gradient_v = np.zeros(robot.n), np.zeros(robot.n)
    for k in range(robot.n):
        e = np.zeros(robot.n)
        e[k] = step / si[k]                     # a step of `step` m or rad
        change = mass_matrix(robot, q + e) - mass_matrix(robot, q - e)
        gradient_t[k] = qd_si @ change @ qd_si / 2 / (2 * step)
        gradient_v[k] = (energy(robot, q + e, 0 * q)[1] - energy(robot, q - e, 0 * q)[1]) \
            / (2 * step)
    return mass_matrix(robot, q) @ qdd_si + rate @ qd_si - gradient_t + gradient_v


@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_inverse_dynamics_are_lagranges_equations(convention):
    rng = np.random.default_rng(7)
    for robot in random_robots(convention, seed=7):
        q, qd, qdd = random_states(robot, rng, 2)
        tau = inverse_dynamics(robot, q, qd, qdd)
        for k in range(2):
            expected = lagrange_torques(robot, q[k], qd[k], qdd[k])
            assert tau[k] == pytest.approx(expected, abs=1e-6 * np.abs(expected).max())


@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_accelerations_take_the_mass_matrix_times_them(convention):
    # ID(q, 0, qdd) - ID(q, 0, 0) = M(q) qdd: the acceleration terms, gravity cancelled
    rng = np.random.default_rng(9)
    for robot in random_robots(convention, seed=9):
        q, _, qdd = random_states(robot, rng, 4)
        zero = 0 * q
        extra = inverse_dynamics(robot, q, zero, qdd) - inverse_dynamics(robot, q, zero, zero)
        expected = np.einsum("bij,bj->bi", mass_matrix(robot, q), qdd * to_si(robot))
        assert extra == pytest.approx(expected, abs=1e-12 * np.abs(expected).max())


@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_rotors_and_friction_add_their_terms_from_the_link_parameters(convention):
    rng = np.random.default_rng(11)
    for robot in random_robots(convention, seed=11):
        q, qd, qdd = random_states(robot, rng, 4)
        links = robot.dynamics.links
        gear = np.abs([link.gear_ratio for link in links])
        qd_si, qdd_si = qd * to_si(robot), qdd * to_si(robot)
        coulomb = np.where(qd_si > 0, [link.coulomb[0] for link in links],
                           np.where(qd_si < 0, [link.coulomb[1] for link in links], 0.0))
        expected = (gear ** 2 * [link.motor_inertia for link in links] * qdd_si
                    + gear ** 2 * [link.viscous for link in links] * qd_si + gear * coulomb)
        extra = inverse_dynamics(robot, q, qd, qdd, motor=True, friction=True) \
            - inverse_dynamics(robot, q, qd, qdd)
        assert extra == pytest.approx(expected, abs=1e-12 * np.abs(extra).max() + 1e-15)


@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_one_configuration_is_its_row_of_the_batch_and_forward_undoes_inverse(convention):
    rng = np.random.default_rng(13)
    for robot in random_robots(convention, seed=13):
        q, qd, qdd = random_states(robot, rng, 3)
        fext = rng.normal(size=(3, 6)) * 10
        for terms in ({}, {"motor": True, "friction": True}):
            tau = inverse_dynamics(robot, q, qd, qdd, fext=fext, **terms)
            scale = np.abs(tau).max()
            assert inverse_dynamics(robot, q[1], qd[1], qdd[1], fext=fext[1], **terms) \
                == pytest.approx(tau[1], abs=1e-12 * scale)
            plain = inverse_dynamics(robot, q, qd, qdd, **terms)
            assert forward_dynamics(robot, q, qd, plain, **terms) == pytest.approx(
                qdd, abs=1e-8 * np.abs(qdd).max())
        assert mass_matrix(robot, q[2]) == pytest.approx(mass_matrix(robot, q)[2], rel=1e-14,
                                                         abs=1e-15)


# ------------------------------------------------------------------------ the tool's wrench
def tool_frame_jacobian(robot, q):
    """``J_e`` (6, n): the geometric Jacobian with rows turned into the tool frame, lengths in
    metres (so that ``J_e^T fext`` is in N m and N)."""
    metres = {"m": 1.0, "cm": 1e-2, "mm": 1e-3}[robot.unit]
    jacobian = robot.jacobian(q)
    turn = robot.fk(q)[:3, :3].T
    return np.vstack([turn @ jacobian[:3] * np.where(robot.revolute, metres, 1.0),
                      turn @ jacobian[3:]])


@pytest.mark.parametrize("robot", ["Puma 560", "Stanford", "Franka Panda", "Lynx6", "random"])
def test_a_tool_wrench_adds_the_tool_jacobian_transpose_times_it(robot):
    rng = np.random.default_rng(3)
    robots = random_robots("modified", count=2) + random_robots("standard", count=2) \
        if robot == "random" else [load_robot(robot)]
    for robot in robots:
        q = robot.random_q(4, rng)
        qd, qdd = rng.uniform(-1, 1, q.shape), rng.uniform(-1, 1, q.shape)
        fext = rng.normal(size=(4, 6))
        extra = inverse_dynamics(robot, q, qd, qdd, fext=fext) \
            - inverse_dynamics(robot, q, qd, qdd)
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


def test_a_wrench_broadcasts_over_a_batch():
    robot = load_robot("Puma 560")
    q = robot.random_q(3, np.random.default_rng(1))
    fext = np.array([0, 0, 5.0, 0, 0, 0])
    each = [inverse_dynamics(robot, row, 0 * row, 0 * row, fext=fext) for row in q]
    assert inverse_dynamics(robot, q, 0 * q, 0 * q, fext=fext) == pytest.approx(np.array(each))
    # and one configuration under a batch of wrenches
    wrenches = np.outer([1.0, -2.0], fext)
    each = [inverse_dynamics(robot, q[0], 0 * q[0], 0 * q[0], fext=w) for w in wrenches]
    assert inverse_dynamics(robot, q[0], 0 * q[0], 0 * q[0], fext=wrenches) == pytest.approx(
        np.array(each))


# the edge's words for a wrench (robosim.checks.wrench), those it has for joint values
@pytest.mark.parametrize("fext, words", [
    ([1, 2, 3], r"fext must be 6 numbers \[Fx, Fy, Fz, Mx, My, Mz\]"),
    ([1, 2, 3, 4, 5, np.nan], "fext: values must be finite numbers"),
    ("push", "fext must be numbers .* got text 'push'"),
    (["1"] * 6, "fext must be real numbers, got text"),
    (np.ones(6) + 1j, "fext must be real numbers, got complex numbers"),
    (3.0, r"fext must be 6 numbers \[Fx, Fy, Fz, Mx, My, Mz\]"),
    (np.ones((4, 6)), "q has 3 configurations, fext 4")])
def test_a_wrong_wrench_is_refused_with_a_clear_message(fext, words):
    robot = load_robot("Puma 560")
    q = np.zeros((3, 6)) if np.ndim(fext) == 2 else np.zeros(6)
    with pytest.raises(ValidationError, match=words):
        inverse_dynamics(robot, q, q, q, fext=fext)

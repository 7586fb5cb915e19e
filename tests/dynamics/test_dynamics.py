"""Rigid-body dynamics: closed forms derived by hand, identities, and Corke's published models.

The closed forms (1R pendulum, planar 2R, prismatic-revolute "cart and pendulum") come from
Lagrange's equations written out below each test; the Puma 560 and Stanford figures were
computed with Corke's Robotics Toolbox for Python (roboticstoolbox-python 1.5.0,
``models.DH.Puma560()`` / ``models.DH.Stanford()``), whose parameters the library files copy.
"""

import math
import re
from dataclasses import replace

import numpy as np
import pytest

from robosim import ValidationError, load_robot
from robosim.robot_files import library
from robosim.dynamics import (Dynamics, Integration, LinkDynamics, check_torque_limits, coriolis,
                              energy, forward_dynamics, gravity_torques, inverse_dynamics,
                              mass_matrix, simulate, trajectory_torques, with_payload)
from robosim.kinematics import Joint, Robot, rotx

G = 9.81
RNG = np.random.default_rng(17)


def dynamic_robots():
    return [robot for robot in library.library_robots() if robot.dynamics is not None]


def random_state(robot, size, rng=RNG):
    q = robot.random_q(size, rng)
    speed = rng.uniform(-1.5, 1.5, q.shape)
    acceleration = rng.uniform(-3.0, 3.0, q.shape)
    scale = np.where(robot.revolute, 1.0, robot.length_scale * 0.1)
    return q, speed * scale, acceleration * scale


# ----------------------------------------------------------------------------- closed forms
def pendulum(length=0.8, centre=0.5, mass=2.0, inertia=0.03, unit="m"):
    """A link of ``length`` turning about Z, centre of mass ``centre`` from the axis."""
    per_metre = {"m": 1.0, "cm": 100.0, "mm": 1000.0}[unit]
    link = LinkDynamics(mass=mass, com=((centre - length) * per_metre, 0.0, 0.0),
                        inertia=(0.01, 0.02, inertia, 0.0, 0.0, 0.0))
    return Robot([Joint(a=length * per_metre)], unit=unit,
                 dynamics=Dynamics([link], gravity=(0.0, -G, 0.0)))


@pytest.mark.parametrize("unit", ["m", "mm"])
def test_pendulum_closed_form(unit):
    # Centre of mass at (lc cos q, lc sin q), gravity along -Y: potential m g lc sin q,
    # kinetic (I + m lc^2) qd^2 / 2, so tau = (I + m lc^2) qdd + m g lc cos q (no velocity term).
    robot = pendulum(unit=unit)
    m, lc, inertia = 2.0, 0.5, 0.03
    q, qd, qdd = np.array([0.7]), np.array([2.5]), np.array([-1.3])
    expected = (inertia + m * lc**2) * qdd + m * G * lc * np.cos(q)
    assert inverse_dynamics(robot, q, qd, qdd) == pytest.approx(expected, rel=1e-12)
    assert mass_matrix(robot, q) == pytest.approx(np.array([[inertia + m * lc**2]]), rel=1e-12)
    assert gravity_torques(robot, q) == pytest.approx(m * G * lc * np.cos(q), rel=1e-12)
    assert coriolis(robot, q, qd) == pytest.approx(np.zeros((1, 1)), abs=1e-15)


def planar_2r():
    links = [LinkDynamics(mass=3.0, com=(-0.6, 0.0, 0.0), inertia=(0.0, 0.1, 0.12, 0, 0, 0)),
             LinkDynamics(mass=1.5, com=(-0.3, 0.0, 0.0), inertia=(0.0, 0.04, 0.05, 0, 0, 0))]
    return Robot([Joint(a=1.0), Joint(a=0.7)], unit="m",
                 dynamics=Dynamics(links, gravity=(0.0, -G, 0.0)))


def planar_2r_closed_form(q, qd, qdd):
    """Spong, Hutchinson & Vidyasagar, Robot Modeling and Control, section 7.4 (two-link arm)."""
    m1, m2, l1, lc1, lc2, i1, i2 = 3.0, 1.5, 1.0, 0.4, 0.4, 0.12, 0.05
    c2, s2 = np.cos(q[1]), np.sin(q[1])
    m11 = m1 * lc1**2 + m2 * (l1**2 + lc2**2 + 2 * l1 * lc2 * c2) + i1 + i2
    m12 = m2 * (lc2**2 + l1 * lc2 * c2) + i2
    m22 = m2 * lc2**2 + i2
    h = -m2 * l1 * lc2 * s2
    inertia = np.array([[m11, m12], [m12, m22]])
    christoffel = np.array([[h * qd[1], h * (qd[0] + qd[1])], [-h * qd[0], 0.0]])
    g1 = (m1 * lc1 + m2 * l1) * G * np.cos(q[0]) + m2 * lc2 * G * np.cos(q[0] + q[1])
    g2 = m2 * lc2 * G * np.cos(q[0] + q[1])
    gravity = np.array([g1, g2])
    return inertia, christoffel, gravity, inertia @ qdd + christoffel @ qd + gravity


def test_planar_2r_closed_form():
    robot = planar_2r()
    for q, qd, qdd in zip(*random_state(robot, 5), strict=True):
        inertia, christoffel, gravity, tau = planar_2r_closed_form(q, qd, qdd)
        assert mass_matrix(robot, q) == pytest.approx(inertia, rel=1e-12, abs=1e-14)
        assert coriolis(robot, q, qd) == pytest.approx(christoffel, rel=1e-12, abs=1e-14)
        assert gravity_torques(robot, q) == pytest.approx(gravity, rel=1e-12, abs=1e-13)
        assert inverse_dynamics(robot, q, qd, qdd) == pytest.approx(tau, rel=1e-12, abs=1e-13)


def cart_and_pendulum():
    """A prismatic joint along world Z (lengths in cm) carrying a pendulum that swings in XZ.

    ``alpha_1 = 90`` turns joint 2's axis to -Y; link 2 points along (cos q2, 0, sin q2).
    Gravity is along -X, across the slide, so the slide is "horizontal".
    """
    links = [LinkDynamics(mass=4.0, inertia=(0.2, 0.2, 0.2, 0, 0, 0)),
             LinkDynamics(mass=1.2, com=(-20.0, 0.0, 0.0), inertia=(0.0, 0.02, 0.03, 0, 0, 0))]
    joints = [Joint("P", alpha=math.pi / 2, limits=(-100.0, 100.0)), Joint(a=50.0)]
    return Robot(joints, unit="cm", dynamics=Dynamics(links, gravity=(-G, 0.0, 0.0)))


def test_prismatic_revolute_closed_form():
    # Slide s (m), pendulum centre at (lc cos q2, 0, s + lc sin q2), lc = 0.3 m:
    # kinetic (m1 + m2) sd^2 / 2 + m2 lc cos q2 sd q2d + (m2 lc^2 + I2) q2d^2 / 2,
    # potential m2 g lc cos q2. Lagrange:
    # f1 = (m1 + m2) sdd + m2 lc cos q2 q2dd - m2 lc sin q2 q2d^2
    # tau2 = m2 lc cos q2 sdd + (m2 lc^2 + I2) q2dd - m2 g lc sin q2.
    robot = cart_and_pendulum()
    m1, m2, lc, i2 = 4.0, 1.2, 0.3, 0.03
    for q, qd, qdd in zip(*random_state(robot, 5), strict=True):
        sdd = qdd[0] / 100.0                   # cm/s^2 to m/s^2
        c, s = np.cos(q[1]), np.sin(q[1])
        f1 = (m1 + m2) * sdd + m2 * lc * c * qdd[1] - m2 * lc * s * qd[1] ** 2
        tau2 = m2 * lc * c * sdd + (m2 * lc**2 + i2) * qdd[1] - m2 * G * lc * s
        assert inverse_dynamics(robot, q, qd, qdd) == pytest.approx([f1, tau2], rel=1e-12)
        assert mass_matrix(robot, q) == pytest.approx(np.array(
            [[m1 + m2, m2 * lc * c], [m2 * lc * c, m2 * lc**2 + i2]]), rel=1e-12, abs=1e-15)
        assert gravity_torques(robot, q) == pytest.approx([0.0, -m2 * G * lc * s], abs=1e-12)


# -------------------------------------------------------------------- Corke's published models
def test_puma_560_matches_corkes_toolbox():
    # roboticstoolbox-python 1.5.0: Puma560().gravload(qn), .rne(q, qd, qdd) with the motor
    # inertia and friction it includes, and the same with nofriction(True, True) and Jm = 0.
    robot = load_robot("Puma 560")
    qn = np.radians([0, 45, -180, 0, 45, 0])
    assert gravity_torques(robot, qn) == pytest.approx(
        [0.0, 31.63988037835712, 6.0351380230105125, 0.0, 0.028252800000000002, 0.0],
        rel=1e-12, abs=1e-12)
    q = [0.1, -0.4, 0.7, 0.3, -0.2, 0.5]
    qd = [0.5, -0.3, 0.8, -1.0, 0.6, 1.2]
    qdd = [1.0, 0.5, -0.7, 0.2, -0.4, 0.9]
    assert inverse_dynamics(robot, q, qd, qdd) == pytest.approx(
        [2.5626063398295469, 33.070769402613621, -2.5835943608576892, 1.3246377083154393e-03,
         -3.4529974065286373e-03, 8.4730037684517518e-05], rel=1e-12)
    assert inverse_dynamics(robot, q, qd, qdd, motor=True, friction=True) == pytest.approx(
        [30.97893169244695, 23.729251232566128, 7.28616669908347, -1.6571776267641005,
         0.8506412784919113, 0.7374072490667246], rel=1e-12)
    assert np.diag(mass_matrix(robot, q)) == pytest.approx(
        [2.7488070136613918, 1.6295196987275711, 0.36174258314776286, 1.6479791547261884e-03,
         6.4216000000000013e-04, 4.0000000000000003e-05], rel=1e-12)


def test_stanford_matches_corkes_toolbox():
    # roboticstoolbox-python 1.5.0: Stanford().gravload(q) and .rne(q, qd, qdd) (with Jm).
    robot = load_robot("Stanford")
    q = [0.2, 0.5, 0.6, -0.3, 0.4, 0.1]
    qd = [0.5, -0.3, 0.8, -1.0, 0.6, 1.2]
    qdd = [1.0, 0.5, -0.7, 0.2, -0.4, 0.9]
    assert gravity_torques(robot, q) == pytest.approx(
        [0.0, 105.96777574973073, 55.700779510975281, -1.8045577458264417,
         -1.6463538412896908, 0.0], rel=1e-12, abs=1e-12)
    assert inverse_dynamics(robot, q, qd, qdd, motor=True) == pytest.approx(
        [19.476055875858901, 180.53004615873078, 53.497352711048954, -1.4511118806740031,
         -2.5888514719118478, 1.8658825262679663e-02], rel=1e-12)


def test_franka_panda_modified_dh_matches_corkes_toolbox():
    # roboticstoolbox-python 1.5.0: Panda().rne(q, qd, qdd) and .gravload(q) (modified DH).
    robot = load_robot("Franka Panda")
    q = [0.1, -0.3, 0.2, -2.0, 0.3, 1.8, 0.5]
    qd = [0.5, -0.3, 0.8, -1.0, 0.6, 1.2, -0.4]
    qdd = [1.0, 0.5, -0.7, 0.2, -0.4, 0.9, 0.3]
    assert inverse_dynamics(robot, q, qd, qdd) == pytest.approx(
        [-3.4770819548535042e-01, -1.6526766683200613e+01, -2.3880076836715047e+00,
         1.8755037187542417e+01, 6.2294903158688286e-01, 1.6341801806858254e+00,
         -9.7278728456037817e-03], rel=1e-12)
    assert gravity_torques(robot, q) == pytest.approx(
        [0.0, -1.5885779418611833e+01, -1.7836992038187001e+00, 1.9141782243945311e+01,
         6.6182579882366432e-01, 1.7041421866772590e+00, -2.0039516465565042e-02],
        rel=1e-12, abs=1e-12)


# ------------------------------------------------------------------------------- identities
@pytest.mark.parametrize("robot", dynamic_robots(), ids=lambda r: r.name)
def test_mass_matrix_is_symmetric_positive_definite(robot):
    inertia = mass_matrix(robot, robot.random_q(50, RNG))
    assert np.allclose(inertia, np.swapaxes(inertia, -1, -2), rtol=1e-12,
                       atol=1e-12 * np.abs(inertia).max())
    assert np.all(np.linalg.eigvalsh(inertia) > 0)


@pytest.mark.parametrize("robot", dynamic_robots() + [planar_2r(), cart_and_pendulum()],
                         ids=lambda r: r.name)
def test_mass_matrix_derivative_minus_twice_coriolis_is_skew(robot):
    step = 1e-6
    for q, qd, _ in zip(*random_state(robot, 4), strict=True):
        qd_si = qd * np.where(robot.revolute, 1.0, {"m": 1, "cm": 1e-2, "mm": 1e-3}[robot.unit])
        derivative = (mass_matrix(robot, q + step * qd)
                      - mass_matrix(robot, q - step * qd)) / (2 * step)
        skew = derivative - 2 * coriolis(robot, q, qd)
        scale = np.abs(derivative).max() + np.abs(coriolis(robot, q, qd)).max()
        assert np.abs(skew + skew.T).max() <= 1e-6 * scale
        # and C qd is the velocity part of the inverse dynamics
        velocity_torques = (inverse_dynamics(robot, q, qd, 0 * qd, gravity=(0, 0, 0)))
        assert coriolis(robot, q, qd) @ qd_si == pytest.approx(velocity_torques, abs=1e-9 * scale)


@pytest.mark.parametrize("robot", dynamic_robots() + [cart_and_pendulum()], ids=lambda r: r.name)
@pytest.mark.parametrize("terms", [{}, {"motor": True, "friction": True}])
def test_inverse_then_forward_dynamics_round_trip(robot, terms):
    q, qd, qdd = random_state(robot, 20)
    tau = inverse_dynamics(robot, q, qd, qdd, **terms)
    assert forward_dynamics(robot, q, qd, tau, **terms) == pytest.approx(qdd, rel=1e-9,
                                                                           abs=1e-9)
    # one configuration at a time gives the same as the batch
    assert inverse_dynamics(robot, q[3], qd[3], qdd[3], **terms) == pytest.approx(tau[3],
                                                                                   rel=1e-13)


def modified_equivalent(robot):
    """The modified-DH model of a standard-DH robot with dynamics, derived frame by frame.

    Standard frame i is modified frame i followed by ``Tx(a_i) Rx(alpha_i)``, so row i of the
    modified table takes ``a, alpha`` of standard row i - 1 (zero for the first), and a link's
    centre of mass and inertia move into modified frame i by that same transform; the last
    row's ``Tx(a_n) Rx(alpha_n)`` goes into the tool.
    """
    previous = [(0.0, 0.0)] + [(j.a, j.alpha) for j in robot.joints[:-1]]
    joints = [replace(j, a=a, alpha=alpha) for j, (a, alpha) in zip(robot.joints, previous,
                                                                    strict=True)]
    links = []
    for joint, link in zip(robot.joints, robot.dynamics.links, strict=True):
        turn = rotx(joint.alpha)
        com = turn @ np.array(link.com) + [joint.a, 0.0, 0.0]
        inertia = turn @ link.inertia_matrix @ turn.T
        links.append(replace(link, com=tuple(com), inertia=(
            inertia[0, 0], inertia[1, 1], inertia[2, 2], inertia[0, 1], inertia[1, 2],
            inertia[0, 2])))
    last = robot.joints[-1]
    assert robot.tool_xyz == (0, 0, 0) and robot.tool_rpy == (0, 0, 0)
    return replace(robot, joints=joints, convention="modified", tool_xyz=(last.a, 0, 0),
                   tool_rpy=(last.alpha, 0, 0),
                   dynamics=replace(robot.dynamics, links=tuple(links)))


@pytest.mark.parametrize("name", ["Puma 560", "Stanford"])
def test_standard_and_modified_dh_models_give_the_same_torques(name):
    robot = load_robot(name)
    modified = modified_equivalent(robot)
    q, qd, qdd = random_state(robot, 10)
    assert np.allclose(modified.fk(q), robot.fk(q))
    assert inverse_dynamics(modified, q, qd, qdd, motor=True, friction=True) == pytest.approx(
        inverse_dynamics(robot, q, qd, qdd, motor=True, friction=True), rel=1e-10, abs=1e-10)
    assert mass_matrix(modified, q) == pytest.approx(mass_matrix(robot, q), rel=1e-10,
                                                     abs=1e-12)


def test_torques_do_not_depend_on_the_length_unit():
    robot = load_robot("Stanford")
    in_mm = library.robot_from_dict(_scaled_file(library.robot_to_dict(robot), 1000.0))
    assert in_mm.unit == "mm"
    q, qd, qdd = random_state(robot, 6)
    to_mm = np.where(robot.revolute, 1.0, 1000.0)
    assert inverse_dynamics(in_mm, q * to_mm, qd * to_mm, qdd * to_mm) == pytest.approx(
        inverse_dynamics(robot, q, qd, qdd), rel=1e-10)
    assert forward_dynamics(in_mm, q * to_mm, qd * to_mm,
                            inverse_dynamics(robot, q, qd, qdd)) == pytest.approx(
        qdd * to_mm, rel=1e-9)


def test_a_moved_base_only_turns_gravity():
    # The same arm bolted to a tilted, shifted base, in the same world gravity, feels that
    # gravity turned into its base axes (R^T g), and nothing else changes: speeds and
    # accelerations are the joints' own.
    robot = load_robot("Puma 560")
    tilted = replace(robot, base_xyz=(0.3, -0.2, 0.5), base_rpy=(0.4, -0.3, 1.1))
    world_gravity = np.array(robot.dynamics.gravity)
    in_base = tilted.base[:3, :3].T @ world_gravity
    q, qd, qdd = random_state(robot, 5)
    assert inverse_dynamics(tilted, q, qd, qdd) == pytest.approx(
        inverse_dynamics(robot, q, qd, qdd, gravity=in_base), rel=1e-10, abs=1e-10)
    assert inverse_dynamics(tilted, q[0], qd[0], qdd[0]) == pytest.approx(
        inverse_dynamics(robot, q[0], qd[0], qdd[0], gravity=in_base), rel=1e-10, abs=1e-10)


def _scaled_file(data, factor):
    """A robot file in metres rewritten in millimetres (``factor`` 1000)."""
    data["unit"] = "mm"
    for row in data["joints"]:
        row["a"] *= factor
        row["d"] *= factor
        if row["type"] == "P":
            row["limits"] = [v * factor for v in row["limits"]]
    for row in data["dynamics"]["links"]:
        row["com"] = [v * factor for v in row["com"]]
    data.pop("poses", None)
    return data


@pytest.mark.parametrize("robot", dynamic_robots() + [cart_and_pendulum()], ids=lambda r: r.name)
def test_gravity_torques_are_the_gradient_of_the_potential_energy(robot):
    # g(q) = dV/dq: the torque that holds the arm is what lifting it costs per unit of motion
    step = 1e-6 * np.where(robot.revolute, 1.0, robot.length_scale)
    to_si = np.where(robot.revolute, 1.0, {"m": 1, "cm": 1e-2, "mm": 1e-3}[robot.unit])
    for q in robot.random_q(3, RNG):
        gradient = [(energy(robot, q + e, 0 * q)[1] - energy(robot, q - e, 0 * q)[1])
                    / (2 * e[i] * to_si[i]) for i, e in enumerate(np.diag(step))]
        scale = np.abs(gravity_torques(robot, q)).max()
        assert gravity_torques(robot, q) == pytest.approx(gradient, abs=1e-6 * scale)


# -------------------------------------------------------------------------------- simulation
def test_free_fall_conserves_energy():
    robot = load_robot("Puma 560")
    run = simulate(robot, np.radians([10, 30, -60, 20, 40, 0]), duration=1.0, dt=1e-3,
                   limits="ignore", collisions="ignore")
    exchanged = run.kinetic.max()
    assert exchanged > 1.0           # the arm really fell (joules)
    assert np.abs(run.energy - run.energy[0]).max() <= 1e-6 * exchanged
    assert run.t[-1] == pytest.approx(1.0) and run.q.shape == (1001, 6)
    assert run.limit_hits == []


def test_free_fall_with_a_prismatic_joint_and_motor_inertia_conserves_energy():
    robot = load_robot("Stanford")
    run = simulate(robot, [0.2, 0.5, 0.6, -0.3, 0.4, 0.1], duration=0.3, dt=1e-3,
                   limits="ignore", motor=True)
    exchanged = run.kinetic.max()
    assert exchanged > 0.1
    assert np.abs(run.energy - run.energy[0]).max() <= 1e-6 * exchanged


def test_free_fall_of_a_pendulum_follows_its_equation_of_motion():
    # From rest at q0 = 0 (horizontal) the pendulum swings down: energy gives its speed,
    # (I + m lc^2) qd^2 / 2 = m g lc (sin q0 - sin q), at every sample.
    robot = pendulum()
    run = simulate(robot, [0.0], duration=0.5, dt=1e-3, limits="ignore")
    inertia = 0.03 + 2.0 * 0.5**2
    speed = np.sqrt(2 * 2.0 * G * 0.5 * (0.0 - np.sin(run.q[:, 0])) / inertia)
    assert np.abs(run.qd[:, 0]) == pytest.approx(speed, abs=1e-6)   # the steps' tolerance
    assert run.qdd[:, 0] == pytest.approx(-2.0 * G * 0.5 * np.cos(run.q[:, 0]) / inertia,
                                          abs=1e-9)


def test_a_joint_limit_stops_the_joint_and_is_reported():
    robot = replace(pendulum(), joints=(Joint(a=0.8, limits=(-0.5, 0.5)),))
    run = simulate(robot, [0.0], duration=1.0, dt=1e-3)
    assert run.limits == "stop"
    assert len(run.limit_hits) == 1
    hit = run.limit_hits[0]
    assert (hit.joint, hit.side) == (0, "lower")
    # it swings from 0 down to -0.5 rad: time from the closed form is about 0.3 s
    assert run.q[run.t >= hit.time, 0] == pytest.approx(-0.5)
    assert np.all(run.qd[run.t >= hit.time, 0] == 0.0)
    assert run.energy[-1] < run.energy[0]          # the stop took energy out


@pytest.mark.parametrize("name", ["Franka Panda", "Lynx6", "Puma 560", "Stanford"])
def test_stops_at_the_limits_never_add_energy(name):
    # A stop is a plastic knock: the kinetic energy can only fall at it, and a locked joint is
    # held still, so its stop does no work in between (the old rule, zeroing the joint's speed
    # and leaving the others', added energy: the Panda's total rose fivefold in 2 s).
    robot = load_robot(name)
    q0 = np.radians([0, 30, -60, 0, 45, 0]) if name == "Puma 560" else robot.home
    run = simulate(robot, q0, duration=2.0, dt=2e-3, collisions="ignore")   # the limits only
    assert len(run.limit_hits) >= 1
    scale = np.abs(run.energy).max()
    assert np.diff(run.energy).max() <= 1e-6 * scale
    low, high = robot.limits.T
    assert np.all((run.q >= low) & (run.q <= high))
    first = run.limit_hits[0]
    # at the first sample after the first stop the joint is on its limit with no speed, or
    # released and leaving it
    k = int(np.searchsorted(run.t, first.time))
    q, qd = run.q[k, first.joint], run.qd[k, first.joint]
    if first.side == "lower":
        assert (q == low[first.joint] and qd == 0.0) or qd > 0.0
    else:
        assert (q == high[first.joint] and qd == 0.0) or qd < 0.0


def test_a_locked_joint_is_released_when_the_arm_swings_back():
    # A pendulum released at +0.4 rad swings down through 0 to its stop at -0.5 rad, where
    # gravity presses it (locked, still). Pushed back up by a torque above m g lc cos(0.5),
    # the stop would have to pull: the joint is released and swings up.
    robot = replace(pendulum(), joints=(Joint(a=0.8, limits=(-0.5, 0.5)),))
    weight = 2.0 * G * 0.5 * math.cos(0.5)

    def push_after_half_a_second(t, q, qd):
        return np.array([1.5 * weight if t >= 0.5 else 0.0])

    run = simulate(robot, [0.4], duration=0.8, dt=1e-3, tau=push_after_half_a_second)
    assert [(h.joint, h.side) for h in run.limit_hits] == [(0, "lower")]
    held = (run.t >= run.limit_hits[0].time) & (run.t < 0.5)
    assert np.all(run.q[held, 0] == -0.5) and np.all(run.qd[held, 0] == 0.0)
    assert run.q[-1, 0] > -0.5 and run.qd[-1, 0] > 0.0


def test_constant_torque_equal_to_gravity_holds_the_arm():
    robot = planar_2r()
    q0 = [0.3, 0.4]
    run = simulate(robot, q0, duration=0.2, dt=1e-2, tau=gravity_torques(robot, q0))
    assert run.q == pytest.approx(np.tile(q0, (21, 1)), abs=1e-12)


def test_simulation_runs_a_batch_side_by_side():
    robot = planar_2r()
    q0 = np.array([[0.3, 0.4], [-1.0, 0.2]])
    both = simulate(robot, q0, duration=0.1, dt=1e-3, limits="ignore")
    alone = simulate(robot, q0[1], duration=0.1, dt=1e-3, limits="ignore")
    assert both.q.shape == (101, 2, 2)
    # side by side they share the adaptive steps, sized for both: the same motion to within
    # the steps' tolerance
    assert both.q[:, 1] == pytest.approx(alone.q, rel=1e-7, abs=1e-9)


def test_each_configuration_of_a_batch_meets_its_own_stops():
    # Three arms side by side reach their stops at different times, locking and releasing
    # different joints (each row of the batch has its own mask of locked joints): each moves as
    # it does alone, to within the steps' tolerance.
    robot = replace(planar_2r(), joints=(Joint(a=1.0, limits=(-0.6, 2.0)),
                                         Joint(a=0.7, limits=(-0.8, 0.8))))
    q0 = np.array([[0.0, 0.0], [1.2, 0.5], [0.5, -0.5]])
    batch = simulate(robot, q0, duration=1.0, dt=1e-3)
    for row, start in enumerate(q0):
        alone = simulate(robot, start, duration=1.0, dt=1e-3)
        hits = [hit for hit in batch.limit_hits if hit.index == (row,)]
        assert [(hit.joint, hit.side) for hit in hits] == [
            (hit.joint, hit.side) for hit in alone.limit_hits]
        assert [hit.time for hit in hits] == pytest.approx(
            [hit.time for hit in alone.limit_hits], abs=1e-6)
        assert len(hits) >= 3
        assert batch.q[:, row] == pytest.approx(alone.q, abs=1e-5)


# -------------------------------------------------------------------- torques along a motion
def swinging_pendulum(frequency=3.0, duration=2.0, samples=2001):
    """A pendulum driven along q = 0.6 sin(w t): times and joint values ``(N, 1)``."""
    t = np.linspace(0.0, duration, samples)
    return t, (0.6 * np.sin(frequency * t))[:, None]


def test_torques_along_a_sampled_motion_follow_the_closed_form():
    robot = pendulum()
    t, q = swinging_pendulum()
    torques = trajectory_torques(robot, t, q)
    # qd = 1.8 cos 3t, qdd = -5.4 sin 3t; tau = (I + m lc^2) qdd + m g lc cos q
    # (the derivatives are one-sided, so less accurate, at the two samples of each end)
    expected = 0.53 * -5.4 * np.sin(3 * t) + 2.0 * G * 0.5 * np.cos(q[:, 0])
    assert torques.qd[:, 0] == pytest.approx(1.8 * np.cos(3 * t), abs=1e-5)
    assert torques.tau[2:-2, 0] == pytest.approx(expected[2:-2], abs=1e-4)
    assert torques.static[:, 0] == pytest.approx(2.0 * G * 0.5 * np.cos(q[:, 0]), rel=1e-12)


def test_the_time_scale_found_brings_the_peak_torque_down_to_the_limit():
    robot = pendulum()
    t, q = swinging_pendulum(frequency=10.0)
    torques = trajectory_torques(robot, t, q)
    limit = 0.8 * np.abs(torques.tau).max()      # above m g lc = 9.81 N m: slowing down helps
    check = check_torque_limits(torques, [limit])
    assert not check.ok and check.exceedances[0].joint == 0
    first = check.exceedances[0]
    assert abs(first.torque) > limit and first.time == t[np.argmax(np.abs(torques.tau[:, 0])
                                                                    > limit)]
    slower = trajectory_torques(robot, t * check.time_scale, q)
    assert np.abs(slower.tau).max() == pytest.approx(limit, rel=1e-4)
    assert check_torque_limits(trajectory_torques(robot, t * check.time_scale * 1.001, q),
                               [limit]).ok


def test_no_time_scale_helps_when_holding_still_needs_more_than_the_limit():
    robot = pendulum()
    t, q = swinging_pendulum()
    check = check_torque_limits(trajectory_torques(robot, t, q), [5.0])   # m g lc = 9.81
    assert check.time_scale == math.inf
    # with no limit known nothing is checked: refused, not "ok" (issue 36, item 8)
    with pytest.raises(ValidationError, match="none of the 1 is known"):
        check_torque_limits(trajectory_torques(robot, t, q), [math.nan])


# ---------------------------------------------------------------------------------- payload
def test_payload_is_a_point_mass_at_the_tool():
    robot = replace(pendulum(length=0.8, centre=0.5), tool_xyz=(0.1, 0.0, 0.0))
    loaded = with_payload(robot, 0.5)
    # the payload sits 0.8 + 0.1 m from the axis: tau grows by 0.5 g 0.9 cos q
    q = [0.4]
    assert gravity_torques(loaded, q) - gravity_torques(robot, q) == pytest.approx(
        0.5 * G * 0.9 * np.cos(0.4), rel=1e-12)
    assert mass_matrix(loaded, q) - mass_matrix(robot, q) == pytest.approx(0.5 * 0.9**2)


# ---------------------------------------------------------------------------------- refusals
def test_a_robot_without_dynamics_is_refused_with_a_clear_message():
    robot = load_robot("Lodes Puma 560")
    assert robot.dynamics is None
    with pytest.raises(ValidationError, match="has no dynamics"):
        inverse_dynamics(robot, robot.home, robot.home, robot.home)


@pytest.mark.parametrize("fields, message", [
    ({"mass": -1.0}, "field 'mass' must be >= 0, got -1"),
    ({"inertia": (1.0, 1.0, -0.5, 0, 0, 0)}, "not positive semi-definite"),
    ({"inertia": (1.0, 1.0, 1.0, 2.0, 0, 0)}, "principal moment of -1"),
    ({"com": (1.0, 2.0)}, "field 'com' must be a list of 3 numbers"),
    ({"gear_ratio": 0.0}, "field 'gear_ratio' must not be 0"),
    ({"coulomb": (-0.1, 0.1)}, "field 'coulomb'"),
])
def test_link_parameters_are_validated(fields, message):
    with pytest.raises(ValidationError, match=message):
        LinkDynamics(**{"mass": 1.0, **fields})


def test_simulate_refuses_bad_settings():
    robot = pendulum()
    with pytest.raises(ValidationError, match="duration and dt must be more than 0 s"):
        simulate(robot, [0.0], duration=1.0, dt=0.0)
    with pytest.raises(ValidationError, match=r"duration must be a number from 0 to "
                                              r"1e\+06 s, got -1"):
        simulate(robot, [0.0], duration=-1.0)
    with pytest.raises(ValidationError, match="more than"):
        simulate(robot, [0.0], duration=1e4, dt=1e-3)
    with pytest.raises(ValidationError, match="limits must be one of"):
        simulate(robot, [0.0], limits="bounce")


def test_energy_of_a_pendulum():
    robot = pendulum()
    kinetic, potential = energy(robot, [np.pi / 2], [2.0])
    assert kinetic == pytest.approx(0.5 * (0.03 + 2.0 * 0.25) * 4.0)
    assert potential == pytest.approx(2.0 * G * 0.5)


def test_a_run_computed_piece_by_piece_is_the_run_computed_at_once():
    # what the Dynamics window plays while the rest of the fall is computed
    robot = load_robot("Lynx6")
    run = Integration(robot, robot.home, duration=1.0, dt=2e-3)
    assert run.ready == 1
    ready = run.advance(0.1)
    assert ready >= 51 and run.t[ready - 1] >= 0.1 and ready < len(run.t)
    first = run.q[:ready].copy()
    whole = simulate(robot, robot.home, duration=1.0, dt=2e-3)
    assert first == pytest.approx(whole.q[:ready], abs=0)
    piecewise = run.finish()
    assert piecewise.q == pytest.approx(whole.q, abs=0) and run.ready == len(whole.t)
    assert [(h.joint, h.time) for h in piecewise.limit_hits] == [
        (h.joint, h.time) for h in whole.limit_hits]


@pytest.mark.parametrize("dt, count", [(1e-300, "1e+300 steps"), (1e-7, "10,000,000 steps")])
def test_too_many_steps_are_counted_in_a_short_number(dt, count):
    # issue 36, item 11: dt = 1e-300 printed the count of 10**300 steps in full, 502 characters
    from robosim.dynamics import simulate
    puma = load_robot("Puma 560")
    with pytest.raises(ValidationError, match=re.escape(f"1 s at dt = {dt:g} s is {count}, more "
                                                        f"than ")):
        simulate(puma, puma.home, duration=1.0, dt=dt)

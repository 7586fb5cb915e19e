"""The library's robot models against values derived without robosim's kinematics.

Every expected value here comes from a closed form worked out by hand from the DH table (the
derivation is in the comment above it), from the seed paper's equations, or from the numbers of
Corke's Robotics Toolbox source typed in its own units (radians, metres). Checks that hold for
every library robot (Jacobian against finite differences, exact save/load round trips) live in
test_robot.py and test_library.py and cover these robots too.
"""

import math
from pathlib import Path

import numpy as np
import pytest

from robosim import Joint, Robot, list_robots, load_robot
from robosim.kinematics import rotx, rotz
from test_robot import _numeric_jacobian

RANDOM_CONFIGURATIONS = 200


def _c(angle):
    return np.cos(angle)


def _s(angle):
    return np.sin(angle)


def _random_q(robot, seed):
    return robot.random_q(RANDOM_CONFIGURATIONS, np.random.default_rng(seed))


def _approach(T):
    """The end effector's z axis (the approach vector) ``(..., 3)``."""
    return T[..., :3, 2]


# ------------------------------------------------------------------------ every library robot
@pytest.mark.parametrize("name", list_robots())
def test_named_poses_lie_within_the_joint_limits(name):
    # A pose outside the limits would put a slider (or a real servo) out of range.
    robot = load_robot(name)
    for pose_name in ["home", *robot.poses]:
        assert robot.within_limits(robot.pose(pose_name)), pose_name


@pytest.mark.parametrize("name", list_robots())
def test_jacobian_matches_finite_differences_at_the_named_poses(name):
    # Named poses are often singular or at a limit: the random configurations of test_robot.py
    # rarely are.
    robot = load_robot(name)
    for pose_name in ["home", *robot.poses]:
        q = robot.pose(pose_name)
        assert np.allclose(robot.jacobian(q), _numeric_jacobian(robot, q),
                           atol=1e-6 * robot.length_scale), pose_name


def test_library_holds_at_least_twenty_robots_with_distinct_names():
    names = list_robots()
    assert len(names) >= 20
    assert len({name.lower() for name in names}) == len(names)


def test_library_lists_robots_alphabetically_with_numbers_by_value():
    # File names do not decide the order a student sees ('kr5.json' is 'KUKA KR5').
    names = list_robots()
    assert names.index("ABB IRB 140") < names.index("Anthropomorphic 3R") < names.index("KUKA KR5")
    assert names.index("Lynx6") < names.index("Lynxmotion AL5D")
    assert names.index("Puma 260") < names.index("Puma 560")
    assert names.index("UR3") < names.index("UR5") < names.index("UR10")


def _readme_library_table():
    """Rows of the library table (docs/robots.md, moved from the README): name -> (DOF, joints,
    DH, unit)."""
    page = Path(__file__).resolve().parents[2] / "docs" / "robots.md"
    section = page.read_text(encoding="utf-8").split("# The robot library", 1)[1]
    rows = {}
    for line in section.split("\n## ", 1)[0].splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[1].isdigit():
            rows[cells[0]] = (int(cells[1]), cells[2], cells[3], cells[4])
    return rows


def test_readme_table_describes_every_library_robot():
    rows = _readme_library_table()
    robots = [load_robot(name) for name in list_robots()]
    assert {r.name: (r.n, r.joint_types, r.convention, r.unit) for r in robots} == rows


@pytest.mark.parametrize("short, name", [("KR5", "KUKA KR5"), ("IRB 140", "ABB IRB 140"),
                                         ("cobra-600", "Omron Cobra 600"),
                                         ("panda", "Franka Panda"), ("AL5D", "Lynxmotion AL5D")])
def test_published_models_load_by_model_name_without_the_maker(short, name):
    assert load_robot(short).name == name
    assert load_robot(name).name == name


# ------------------------------------------------------------------- the seed paper's robots
def test_planar_3r_is_the_sum_of_its_three_links():
    # a1 = 40, a2 = 30, a3 = 20 cm, all joints about parallel z axes.
    robot = load_robot("Planar 3R")
    q = _random_q(robot, 1)
    q1, q12, q123 = q[:, 0], q[:, 0] + q[:, 1], q.sum(axis=1)
    T = robot.fk(q)
    assert np.allclose(T[:, 0, 3], 40 * _c(q1) + 30 * _c(q12) + 20 * _c(q123))
    assert np.allclose(T[:, 1, 3], 40 * _s(q1) + 30 * _s(q12) + 20 * _s(q123))
    assert np.allclose(T[:, 2, 3], 0)
    assert np.allclose(T[:, :3, :3], rotz(q123))


def test_anthropomorphic_3r_follows_the_papers_equation_8():
    # X = -(a2 c2 + a3 c23) s1, Y = (a2 c2 + a3 c23) c1, Z = a1 + a2 s2 + a3 s23 (q1 from the
    # y axis), with the lengths chosen in the file: a1 = 40, a2 = 35, a3 = 30 cm.
    robot = load_robot("Anthropomorphic 3R")
    q = _random_q(robot, 2)
    q1, q2, q23 = q[:, 0], q[:, 1], q[:, 1] + q[:, 2]
    reach = 35 * _c(q2) + 30 * _c(q23)
    expected = np.stack([-reach * _s(q1), reach * _c(q1), 40 + 35 * _s(q2) + 30 * _s(q23)], -1)
    assert np.allclose(robot.fk(q)[:, :3, 3], expected)


def test_gantry_moves_along_x_y_and_down():
    # The beam is 100 cm up; the three carriages move along X, Y and -Z; the tool points down.
    robot = load_robot("Gantry")
    q = _random_q(robot, 3)
    T = robot.fk(q)
    assert np.allclose(T[:, :3, 3], np.stack([q[:, 0], q[:, 1], 100 - q[:, 2]], -1))
    assert np.allclose(T[:, :3, :3], rotx(np.pi))


# ------------------------------------------ elbow arms with a spherical wrist: the wrist centre
def _wrist_centre(q1, radial, lateral, height):
    """A point ``radial`` along the arm's vertical plane, ``lateral`` across it, ``height`` up.

    The arm's plane turns with joint 1: radial along (c1, s1, 0), lateral along (-s1, c1, 0).
    """
    return np.stack([radial * _c(q1) - lateral * _s(q1),
                     radial * _s(q1) + lateral * _c(q1), height], axis=-1)


def _puma_560(q):
    # alpha1 = +90: x1 = (c1, s1, 0), z1 = (s1, -c1, 0), so d3 = 0.15005 points across the
    # plane at -lateral. The upper arm a2 = 0.4318 at angle q2, the forearm offset a3 = 0.0203
    # at q2 + q3; alpha3 = -90 turns z3 to (-s23 x1 + c23 Z): d4 = 0.4318 runs along it.
    q1, q2, q23 = q[:, 0], q[:, 1], q[:, 1] + q[:, 2]
    radial = 0.4318 * _c(q2) + 0.0203 * _c(q23) - 0.4318 * _s(q23)
    height = 0.67183 + 0.4318 * _s(q2) + 0.0203 * _s(q23) + 0.4318 * _c(q23)
    return _wrist_centre(q1, radial, -0.15005, height)


def _kuka_kr5(q):
    # alpha1 = -90: y1 = -Z, so q2 > 0 lowers the upper arm a2 = 0.6; alpha3 = +90 turns z3
    # to (s23 x1 + c23 Z), and d4 = -0.62 runs against it.
    q1, q2, q23 = q[:, 0], q[:, 1], q[:, 1] + q[:, 2]
    radial = 0.18 + 0.6 * _c(q2) + 0.12 * _c(q23) - 0.62 * _s(q23)
    height = 0.4 - 0.6 * _s(q2) - 0.12 * _s(q23) - 0.62 * _c(q23)
    return _wrist_centre(q1, radial, 0.0, height)


def _abb_irb_140(q):
    # alpha1 = -90: y1 = -Z, so q2 lifts the upper arm a2 = 0.36 downwards for q2 > 0;
    # alpha3 = -90 turns z3 to (-s23 x1 - c23 Z), along which d4 = 0.38 runs.
    q1, q2, q23 = q[:, 0], q[:, 1], q[:, 1] + q[:, 2]
    radial = 0.07 + 0.36 * _c(q2) - 0.38 * _s(q23)
    height = 0.352 - 0.36 * _s(q2) - 0.38 * _c(q23)
    return _wrist_centre(q1, radial, 0.0, height)


def _stanford_wrist(d1, lateral):
    # Siciliano's Stanford arm: p_w = (c1 s2 d3 - s1 d2, s1 s2 d3 + c1 d2, d1 + c2 d3). In
    # Corke's model joint 3's constant theta = -90 turns x3 to -z1, so a3 = 0.0203 shortens d2.
    def wrist(q):
        return _wrist_centre(q[:, 0], q[:, 2] * _s(q[:, 1]), lateral, d1 + q[:, 2] * _c(q[:, 1]))
    return wrist


@pytest.mark.parametrize("name, wrist_centre, flange", [
    ("Puma 560", _puma_560, 0.0),
    ("KUKA KR5", _kuka_kr5, 0.115),     # d6 = -0.115 along z5, and alpha6 = 180 flips z6
    ("ABB IRB 140", _abb_irb_140, 0.065),
    ("Stanford", _stanford_wrist(0.412, 0.154 - 0.0203), 0.0),
    ("Stanford Arm", _stanford_wrist(40.0, 15.0), 10.0),
])
def test_wrist_centre_matches_the_closed_form(name, wrist_centre, flange):
    # Behind a spherical wrist the end effector sits `flange` along its approach vector.
    robot = load_robot(name)
    q = _random_q(robot, 4)
    T = robot.fk(q)
    assert np.allclose(T[:, :3, 3] - flange * _approach(T), wrist_centre(q))


def test_puma_560_zero_and_ready_poses():
    # qz: the upper arm along X, the forearm up: (a2 + a3, -d3, d1 + d4), frames aligned.
    # qr: the upper arm up as well: (a3, -d3, d1 + a2 + d4). Corke's figures for the model
    # without the 26.45 in pedestal are (0.4521, -0.15, 0.4318) and (0.0203, -0.15, 0.8636).
    robot = load_robot("Puma 560")
    for pose, position in [("qz", [0.4521, -0.15005, 0.67183 + 0.4318]),
                           ("qr", [0.0203, -0.15005, 0.67183 + 0.8636])]:
        T = robot.fk(robot.pose(pose))
        assert np.allclose(T[:3, 3], position) and np.allclose(T[:3, :3], np.eye(3)), pose


@pytest.mark.parametrize("name", ["KUKA KR5", "ABB IRB 140"])
def test_kr5_and_irb_140_point_the_tool_down_at_joint_zero(name):
    # Both models' forearms hang down at q = 0 (see the wrist-centre derivations): x stays X,
    # y and z flip.
    T = load_robot(name).fk(np.zeros(6))
    assert np.allclose(T[:3, :3], np.diag([1.0, -1.0, -1.0]))


# --------------------------------------------------------------------------- Universal Robots
def _ur_closed_form(q, d1, a2, a3, d4, d5, d6):
    """End-effector position and approach vector of a UR arm, worked out from its DH table.

    alpha1 = 90: x1 = (c1, s1, 0), z1 = (s1, -c1, 0); joints 2-4 turn about z1 in the plane of
    x1 and Z; alpha4 = 90 gives z4 = s234 x1 - c234 Z; alpha5 = -90 gives
    z5 = c5 z1 - s5 (c234 x1 + s234 Z), the approach vector (alpha6 = 0).
    """
    q1, q2, q5 = q[:, 0], q[:, 1], q[:, 4]
    q23, q234 = q2 + q[:, 2], q2 + q[:, 2] + q[:, 3]
    x1 = np.stack([_c(q1), _s(q1), 0 * q1], -1)
    z1 = np.stack([_s(q1), -_c(q1), 0 * q1], -1)
    up = np.array([0.0, 0.0, 1.0])
    col = lambda v: v[:, None]  # noqa: E731
    z4 = col(_s(q234)) * x1 - col(_c(q234)) * up
    z5 = col(_c(q5)) * z1 - col(_s(q5)) * (col(_c(q234)) * x1 + col(_s(q234)) * up)
    p = (d1 * up + col(a2 * _c(q2) + a3 * _c(q23)) * x1 + col(a2 * _s(q2) + a3 * _s(q23)) * up
         + d4 * z1 + d5 * z4 + d6 * z5)
    return p, z5


UR_DIMENSIONS = {  # d1, a2, a3, d4, d5, d6 (m), from Universal Robots via Corke
    "UR3": (0.1519, -0.24365, -0.21325, 0.11235, 0.08535, 0.0819),
    "UR5": (0.089459, -0.425, -0.39225, 0.10915, 0.09465, 0.0823),
    "UR10": (0.1273, -0.612, -0.5723, 0.163941, 0.1157, 0.0922),
}


@pytest.mark.parametrize("name", sorted(UR_DIMENSIONS))
def test_universal_robots_match_the_closed_form(name):
    robot = load_robot(name)
    d1, a2, a3, d4, d5, d6 = UR_DIMENSIONS[name]
    q = _random_q(robot, 5)
    T = robot.fk(q)
    position, approach = _ur_closed_form(q, *UR_DIMENSIONS[name])
    assert np.allclose(T[:, :3, 3], position)
    assert np.allclose(_approach(T), approach)
    # At q = 0 the arm lies stretched along -X: (a2 + a3, -(d4 + d6), d1 - d5).
    assert np.allclose(robot.fk(np.zeros(6))[:3, 3], [a2 + a3, -(d4 + d6), d1 - d5])


# ------------------------------------------------------------------------------------- SCARA
def test_cobra_600_is_a_scara():
    # d1 = 0.387, a1 = 0.325, a2 = 0.275 with alpha2 = 180: the quill runs down from the
    # shoulder height and the tool's yaw is q1 + q2 - q4.
    robot = load_robot("Omron Cobra 600")
    q = _random_q(robot, 6)
    q1, q12 = q[:, 0], q[:, 0] + q[:, 1]
    T = robot.fk(q)
    expected = np.stack([0.325 * _c(q1) + 0.275 * _c(q12), 0.325 * _s(q1) + 0.275 * _s(q12),
                         0.387 - q[:, 2]], -1)
    assert np.allclose(T[:, :3, 3], expected)
    assert np.allclose(T[:, :3, :3], rotz(q12 - q[:, 3]) @ rotx(np.pi))


# ---------------------------------------------------------------------- modified-DH models
def test_panda_at_joint_zero_stands_up_with_the_hand_down():
    # Craig's chain at q = 0: up d1 + d3 = 0.649, out a4 = 0.0825, back a5 = -0.0825, up
    # d5 = 0.384, out a7 = 0.088; the two alpha = 90 twists of rows 6 and 7 turn z down, so
    # the flange d7 = 0.107 and the tool 0.103 go down: (0.088, 0, 1.033 - 0.21), and the tool
    # turns -45 deg about its own axis.
    robot = load_robot("Franka Panda")
    T = robot.fk(np.zeros(7))
    assert np.allclose(T[:3, 3], [0.088, 0.0, 0.823])
    assert np.allclose(T[:3, :3], rotx(np.pi) @ rotz(-np.pi / 4))


def test_panda_limits_and_ready_pose_are_corkes_radians():
    # The file holds degrees; 1.7628 rad has no degree value that converts back to it bit for
    # bit, hence the tolerance of a rounding step.
    robot = load_robot("Franka Panda")
    limits = [(-2.8973, 2.8973), (-1.7628, 1.7628), (-2.8973, 2.8973), (-3.0718, -0.0698),
              (-2.8973, 2.8973), (-0.0175, 3.7525), (-2.8973, 2.8973)]
    np.testing.assert_allclose(robot.limits, limits, rtol=1e-15, atol=0)
    np.testing.assert_allclose(robot.home, [0, -0.3, 0, -2.2, 0, 2.0, math.pi / 4],
                               rtol=1e-15, atol=0)


def test_al5d_home_points_the_gripper_along_x():
    # Corke's home (90 deg each): the base turns x to -X, the shoulder points the upper arm
    # a3 = 0.14679 straight up from (-a2, 0, -d1); the elbow's -0.0427 rad offset tilts the
    # forearm a4 = 0.17751 that much above horizontal, and the wrist's cancels it, leaving the
    # tool 0.07719 along +X.
    robot = load_robot("Lynxmotion AL5D")
    tilt = 0.0427
    T = robot.fk(robot.home)
    assert np.allclose(T[:3, 3], [-0.002 + 0.17751 * math.cos(tilt) + 0.07719, 0.0,
                                  0.06858 + 0.14679 + 0.17751 * math.sin(tilt)])
    assert np.allclose(T[:3, 0], [1, 0, 0])
    assert robot.joints[2].offset == -0.0427
    assert robot.joints[3].offset == -0.0427 - math.pi / 2


def _standard_equivalent(modified):
    """The standard-DH robot with the same kinematics as a modified-DH one.

    ``Rx(alpha_{i-1}) Tx(a_{i-1}) Rz Tz`` chains regroup as ``Rz Tz Tx(a_i) Rx(alpha_i)``: row i
    of the standard table takes ``a, alpha`` of modified row i + 1, the first row's ``a,
    alpha`` move into the base, and the last standard row has ``a = alpha = 0``.
    """
    following = [(j.a, j.alpha) for j in modified.joints[1:]] + [(0.0, 0.0)]
    joints = [Joint(j.kind, a=a, alpha=alpha, d=j.d, theta=j.theta, offset=j.offset,
                    limits=j.limits, home=j.home)
              for j, (a, alpha) in zip(modified.joints, following, strict=True)]
    first = modified.joints[0]
    assert modified.base_xyz == (0, 0, 0) and modified.base_rpy == (0, 0, 0)
    return Robot(joints, convention="standard", unit=modified.unit,
                 base_xyz=(first.a, 0, 0), base_rpy=(first.alpha, 0, 0),
                 tool_xyz=modified.tool_xyz, tool_rpy=modified.tool_rpy)


@pytest.mark.parametrize("name", ["Franka Panda", "Lynxmotion AL5D"])
def test_modified_dh_models_equal_their_standard_dh_equivalent(name):
    robot = load_robot(name)
    standard = _standard_equivalent(robot)
    q = _random_q(robot, 7)
    assert np.allclose(robot.fk(q), standard.fk(q))
    assert np.allclose(robot.jacobian(q), standard.jacobian(q))

"""robosim.dh_steps: the elementary motions of each DH row multiply out to the arm's frames."""

import math
import re

import numpy as np
import pytest

from robosim import Joint, Robot, dh_steps, list_robots, load_robot
from robosim.dh_steps import MOTIONS, link_matrices, offset_term, symbolic_link_matrix

AXIS_COLUMN = {"x": 0, "z": 2}


def mixed_robot(convention):
    """Prismatic rows with a constant theta and offsets, a tilted base and a tool: every case."""
    joints = [Joint("R", a=0.3, alpha=math.radians(90), d=0.2, offset=math.radians(20)),
              Joint("P", a=0.1, alpha=math.radians(-90), theta=math.radians(30), offset=0.05,
                    limits=(0.0, 0.5)),
              Joint("R", a=0.25, alpha=math.radians(45), d=-0.1, offset=math.radians(-90))]
    return Robot(joints, name=f"mixed {convention}", convention=convention, unit="m",
                 base_xyz=(0.1, -0.2, 0.3), base_rpy=(0.1, 0.2, 0.3),
                 tool_xyz=(0.0, 0.05, 0.12), tool_rpy=(0.0, 0.4, -0.2))


def every_robot():
    return [load_robot(name) for name in list_robots()] + [mixed_robot("standard"),
                                                           mixed_robot("modified")]


def rodrigues(axis, angle):
    """Rotation by ``angle`` about unit vector ``axis``: I + sin K + (1 - cos) K^2."""
    k = np.asarray(axis, dtype=float)
    K = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.eye(3) + math.sin(angle) * K + (1 - math.cos(angle)) * K @ K


def test_library_covers_the_cases_the_steps_must_handle():
    robots = every_robot()
    assert any(r.convention == "modified" for r in robots)
    assert any(not j.is_revolute for r in robots for j in r.joints)
    assert any(not np.allclose(r.base, np.eye(4)) for r in robots)
    assert any(not np.allclose(r.tool, np.eye(4)) for r in robots)


@pytest.mark.parametrize("robot", every_robot(), ids=lambda r: r.name)
def test_step_frames_multiply_out_to_fk_all_and_fk(robot):
    rng = np.random.default_rng(16)
    for q in robot.random_q(3, rng):
        steps = dh_steps(robot, q)
        assert len(steps) == 4 * robot.n + 2
        assert [s.joint for s in steps] == [0] + [i for i in range(1, robot.n + 1)
                                                 for _ in range(4)] + [robot.n + 1]
        frames = robot.fk_all(q)
        scale = robot.length_scale
        np.testing.assert_allclose(steps[0].frame, frames[0], atol=1e-12 * scale)
        for i in range(1, robot.n + 1):
            np.testing.assert_allclose(steps[4 * i].frame, frames[i], atol=1e-9 * scale)
        np.testing.assert_allclose(steps[-1].frame, robot.fk(q), atol=1e-9 * scale)
        # Each frame is the previous one times this step's matrix.
        product = np.eye(4)
        for step in steps:
            product = product @ step.matrix
        np.testing.assert_allclose(product, robot.fk(q), atol=1e-9 * scale)


@pytest.mark.parametrize("robot", every_robot(), ids=lambda r: r.name)
def test_each_step_is_a_pure_motion_of_the_named_kind_amount_and_axis(robot):
    q = robot.random_q(rng=7)
    frames = robot.fk_all(q)
    theta, d = robot.joint_variables(q)
    steps = dh_steps(robot, q)
    for before, step in zip(steps, steps[1:-1], strict=False):  # each step after its previous
        i = step.joint
        expected_value = {"theta": theta[i - 1], "d": d[i - 1], "a": robot.joints[i - 1].a,
                          "alpha": robot.joints[i - 1].alpha}[step.parameter]
        assert step.value == pytest.approx(expected_value, abs=1e-15)
        motion, letter = MOTIONS[step.parameter]
        unit = np.eye(3)[AXIS_COLUMN[letter]]
        if motion == "rotate":
            np.testing.assert_allclose(step.matrix[:3, :3], rodrigues(unit, step.value),
                                       atol=1e-12)
            np.testing.assert_array_equal(step.matrix[:3, 3], 0.0)
        else:
            np.testing.assert_array_equal(step.matrix[:3, :3], np.eye(3))
            np.testing.assert_allclose(step.matrix[:3, 3], step.value * unit, atol=1e-15)
        np.testing.assert_array_equal(step.matrix[3], [0, 0, 0, 1])
        # The axis is named after the DH frame whose axis it is, in the world.
        assert step.axis[0] == letter
        named = frames[int(step.axis[1:])][:3, AXIS_COLUMN[letter]]
        moving_axis = before.frame[:3, AXIS_COLUMN[letter]]
        np.testing.assert_allclose(moving_axis, named, atol=1e-9)
        if motion == "translate":
            np.testing.assert_allclose(step.frame[:3, 3] - before.frame[:3, 3],
                                       step.value * named, atol=1e-9 * robot.length_scale)


def test_standard_and_modified_symbols_follow_the_textbooks():
    standard = [(s.symbol, s.axis) for s in dh_steps(mixed_robot("standard"), [0, 0.1, 0])]
    assert standard[1:5] == [("theta1", "z0"), ("d1", "z0"), ("a1", "x1"), ("alpha1", "x1")]
    modified = [(s.symbol, s.axis) for s in dh_steps(mixed_robot("modified"), [0, 0.1, 0])]
    assert modified[5:9] == [("alpha1", "x1"), ("a1", "x1"), ("theta2", "z2"), ("d2", "z2")]
    assert (modified[0], modified[-1]) == (("base", ""), ("tool", ""))


def test_steps_are_batched():
    robot = mixed_robot("modified")
    q = robot.random_q(6, rng=3).reshape(2, 3, 3)
    batched = dh_steps(robot, q)
    assert batched[3].frame.shape == (2, 3, 4, 4) and batched[3].value.shape == (2, 3)
    single = dh_steps(robot, q[1, 2])
    for many, one in zip(batched, single, strict=True):
        np.testing.assert_allclose(many.frame[1, 2], one.frame, atol=1e-15)
        np.testing.assert_allclose(many.matrix[1, 2], one.matrix, atol=1e-15)


def test_descriptions_name_the_motion_value_and_axis():
    steps = dh_steps(mixed_robot("standard"), [math.radians(10), 0.2, 0.0])
    assert steps[1].describe("m") == "rotate theta1 = 30 deg about z0"   # 10 + offset 20
    assert steps[6].describe("m") == "translate d2 = 0.25 m along z1"     # 0.2 + offset 0.05
    assert steps[4].describe(degrees=False) == f"rotate alpha1 = {math.pi / 2:.6g} rad about x1"
    assert steps[0].describe() == "base transform: world to frame 0"


def symbol_values(robot, q):
    theta, d = robot.joint_variables(q)
    values = {}
    for i in range(1, robot.n + 1):
        values.update({f"c{i}": math.cos(theta[i - 1]), f"s{i}": math.sin(theta[i - 1]),
                       f"d{i}": d[i - 1]})
    return values


def evaluate_entry(text, values):
    """A symbolic entry such as ``-0.7071 s2`` or ``c1`` or ``0.4`` as a number."""
    plain = re.sub(r"_\{(\d+)\}", r"\1", text.replace("\\,", " "))   # c_{1} -> c1
    match = re.fullmatch(r"(-?)([0-9.]*)\s*([csd]\d+)?", plain)
    assert match, text
    sign, number, symbol = match.groups()
    value = float(number) if number else 1.0
    if symbol:
        value *= values[symbol]
    return -value if sign else value


@pytest.mark.parametrize("robot", every_robot(), ids=lambda r: r.name)
def test_symbolic_link_matrices_evaluate_to_the_numeric_ones(robot):
    q = robot.random_q(rng=11)
    values = symbol_values(robot, q)
    for row, A in enumerate(link_matrices(dh_steps(robot, q)), start=1):
        for latex in (False, True):
            symbolic = symbolic_link_matrix(robot, row, latex=latex, digits=12)
            numbers = np.array([[evaluate_entry(e, values) for e in line] for line in symbolic])
            np.testing.assert_allclose(numbers, A, atol=1e-9 * robot.length_scale)


@pytest.mark.parametrize("robot", [mixed_robot("standard"), mixed_robot("modified"),
                                   load_robot("Lynx6"), load_robot("Franka Panda")],
                         ids=lambda r: r.name + " " + r.convention)
def test_symbolic_link_matrix_so_far_evaluates_to_the_product_of_the_steps_so_far(robot):
    q = robot.random_q(rng=5)
    values = symbol_values(robot, q)
    steps = [s for s in dh_steps(robot, q) if s.parameter in MOTIONS]
    for row in range(1, robot.n + 1):
        row_steps = [s for s in steps if s.joint == row]
        product = np.eye(4)
        for applied in range(5):
            if applied:
                product = product @ row_steps[applied - 1].matrix
            symbolic = symbolic_link_matrix(robot, row, digits=12, applied=applied)
            numbers = np.array([[evaluate_entry(e, values) for e in line] for line in symbolic])
            np.testing.assert_allclose(numbers, product, atol=1e-9 * robot.length_scale)


def test_symbolic_matrix_of_a_prismatic_row_has_d_as_its_variable():
    # Standard row 2 of the mixed robot: theta = 30 deg, alpha = -90 deg, a = 0.1.
    symbolic = symbolic_link_matrix(mixed_robot("standard"), 2)
    assert symbolic[2] == ["0", "-1", "0", "d2"]
    assert symbolic[0] == ["0.866", "0", "-0.5", "0.0866"]


def test_a_step_describes_float_noise_at_zero_as_zero():
    # 2.9e-16 rad is what a solver leaves in a joint at zero; "1.64996e-14 deg" misleads.
    arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    steps = dh_steps(arm, [2.88e-16, -1e-17])
    assert steps[1].describe("m") == "rotate theta1 = 0 deg about z0"
    assert steps[1].describe("m", degrees=False) == "rotate theta1 = 0 rad about z0"


def test_an_offset_term_is_added_or_subtracted_never_plus_minus():
    degrees = lambda radians: f"{math.degrees(radians):g}"        # noqa: E731
    assert offset_term(math.radians(90), degrees) == " + 90"
    assert offset_term(math.radians(-90), degrees) == " - 90"
    assert offset_term(-0.25) == " - 0.25" and offset_term(0.125) == " + 0.125"
    assert offset_term(-0.25, spaced=False) == "-0.25"
    assert offset_term(math.radians(90), degrees, spaced=False) == "+90"


@pytest.mark.parametrize("offset", [0.0, -0.0, 1e-13, -9.9e-13])
def test_no_offset_or_float_noise_leaves_no_term(offset):
    assert offset_term(offset) == "" and offset_term(offset, spaced=False) == ""


def test_an_offset_written_as_zero_leaves_no_term():
    four_decimals = lambda size: f"{size:.4f}"                   # noqa: E731
    assert offset_term(-4e-7, four_decimals) == ""               # not " - 0.0000"
    assert offset_term(-6e-5, four_decimals) == " - 0.0001"

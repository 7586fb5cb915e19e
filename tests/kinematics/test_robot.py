"""Robot: DH forward kinematics, the Jacobian and joint checks against hand-built references."""

import math

import numpy as np
import pytest

from robosim import Joint, Robot, ValidationError, list_robots, load_robot
import dh_product
from random_robots import mounted_mixed_robot as _mounted_mixed_robot

DEG = math.pi / 180


def planar_3r(a=(3.0, 2.0, 1.0)):
    return Robot([Joint(a=length) for length in a], name="planar", unit="m")


def test_planar_3r_matches_closed_form():
    robot = planar_3r()
    rng = np.random.default_rng(1)
    q = rng.uniform(-np.pi, np.pi, (50, 3))
    T = robot.fk(q)
    c1, c12, c123 = np.cos(q[:, 0]), np.cos(q[:, :2].sum(1)), np.cos(q.sum(1))
    s1, s12, s123 = np.sin(q[:, 0]), np.sin(q[:, :2].sum(1)), np.sin(q.sum(1))
    assert np.allclose(T[:, 0, 3], 3 * c1 + 2 * c12 + c123)
    assert np.allclose(T[:, 1, 3], 3 * s1 + 2 * s12 + s123)
    assert np.allclose(T[:, 2, 3], 0)
    assert np.allclose(T[:, 0, 0], c123) and np.allclose(T[:, 1, 0], s123)


def test_scara_matches_closed_form():
    # Lodes' SCARA: a1 = 50, a2 = 20 with alpha2 = 180 deg, a prismatic quill, d4 = 10 (cm).
    robot = load_robot("SCARA")
    rng = np.random.default_rng(2)
    q = robot.random_q(40, rng)
    T = robot.fk(q)
    t1, t12 = q[:, 0], q[:, 0] + q[:, 1]
    assert np.allclose(T[:, 0, 3], 50 * np.cos(t1) + 20 * np.cos(t12))
    assert np.allclose(T[:, 1, 3], 50 * np.sin(t1) + 20 * np.sin(t12))
    assert np.allclose(T[:, 2, 3], -q[:, 2] - 10)          # the quill points down
    assert np.allclose(T[:, :3, 2], [0, 0, -1])             # so does the tool axis
    yaw = t12 - q[:, 3]
    assert np.allclose(T[:, 0, 0], np.cos(yaw)) and np.allclose(T[:, 1, 0], np.sin(yaw))


def test_gantry_is_a_pure_translation():
    # PPP gantry: x, then y, then z, built with twists that turn each axis onto the next.
    robot = Robot([Joint("P", theta=-90 * DEG, alpha=-90 * DEG, limits=(0, 10)),
                   Joint("P", theta=-90 * DEG, alpha=90 * DEG, limits=(0, 10)),
                   Joint("P", limits=(0, 10))], unit="m")
    q = np.array([[1.0, 2.0, 3.0], [4.0, 0.5, 7.0]])
    T = robot.fk(q)
    positions = T[:, :3, 3]
    # Each joint moves the end effector along one fixed direction, whatever the others do.
    step = robot.fk(q + [1, 0, 0])[:, :3, 3] - positions
    assert np.allclose(step, step[0]) and np.isclose(np.linalg.norm(step[0]), 1)
    assert np.allclose(T[0, :3, :3], T[1, :3, :3])
    J = robot.jacobian(q[0])
    assert np.allclose(J[3:], 0)
    assert np.allclose(np.abs(np.linalg.det(J[:3])), 1)


def test_fk_shapes_and_batch_agree_with_single_calls():
    robot = load_robot("Lodes Puma 560")
    rng = np.random.default_rng(3)
    q = robot.random_q(24, rng).reshape(2, 3, 4, robot.n)
    T = robot.fk(q)
    assert T.shape == (2, 3, 4, 4, 4)
    assert np.allclose(T[1, 2, 3], robot.fk(q[1, 2, 3]))
    frames = robot.fk_all(q)
    assert frames.shape == (2, 3, 4, robot.n + 1, 4, 4)
    assert np.allclose(frames[..., -1, :, :] @ robot.tool, T)
    assert np.allclose(frames[..., 0, :, :], robot.base)


@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_fast_fk_equals_product_of_dh_matrices(convention):
    joints = [Joint("R", a=0.4, alpha=0.3, d=0.5, offset=0.1, limits=(-3, 3)),
              Joint("P", a=0.2, alpha=-1.1, theta=0.7, offset=0.2, limits=(0, 2)),
              Joint("R", a=0.3, alpha=1.5, d=-0.2, limits=(-3, 3))]
    robot = Robot(joints, convention=convention, base_xyz=(1, 2, 3), base_rpy=(0.1, 0.2, 0.3),
                  tool_xyz=(0, 0, 0.5), tool_rpy=(0.3, 0, 0))
    q = robot.random_q(7, np.random.default_rng(4))
    T = robot.fk(q)
    for k in range(7):
        assert np.allclose(T[k], dh_product.fk(robot, q[k]), atol=1e-12)
        assert np.allclose(robot.fk(q[k]), dh_product.fk(robot, q[k]), atol=1e-12)


def test_large_batches_cross_chunk_boundaries():
    robot = load_robot("Puma 260")
    q = robot.random_q(10_000, np.random.default_rng(5))
    T = robot.fk(q)
    for k in (0, 4095, 4096, 9999):
        assert np.allclose(T[k], dh_product.fk(robot, q[k]))


def test_modified_convention_equals_standard_with_shifted_rows():
    # Rz Tz Tx Rx chains regroup into Rx Tx Rz Tz chains: a standard table (a_i, alpha_i)
    # is the modified table whose row i holds (a_{i-1}, alpha_{i-1}), plus a tool
    # Tx(a_n) Rx(alpha_n).
    standard = load_robot("Lodes Puma 560")
    shifted = [(0.0, 0.0)] + [(j.a, j.alpha) for j in standard.joints[:-1]]
    modified = Robot([Joint(j.kind, a=a, alpha=alpha, d=j.d, theta=j.theta, offset=j.offset,
                            limits=j.limits) for j, (a, alpha) in zip(standard.joints, shifted,
                                                                      strict=True)],
                     convention="modified", unit=standard.unit,
                     tool_xyz=(standard.joints[-1].a, 0, 0),
                     tool_rpy=(standard.joints[-1].alpha, 0, 0))
    q = standard.random_q(100, np.random.default_rng(6))
    assert np.allclose(standard.fk(q), modified.fk(q), atol=1e-9)
    assert np.allclose(standard.jacobian(q), modified.jacobian(q), atol=1e-9)


def _numeric_jacobian(robot, q, eps=1e-6):
    J = np.zeros((6, robot.n))
    R0 = robot.fk(q)[:3, :3]
    for i in range(robot.n):
        dq = np.zeros(robot.n)
        dq[i] = eps
        plus, minus = robot.fk(q + dq), robot.fk(q - dq)
        J[:3, i] = (plus[:3, 3] - minus[:3, 3]) / (2 * eps)
        skew = (plus[:3, :3] - minus[:3, :3]) / (2 * eps) @ R0.T
        J[3:, i] = [skew[2, 1], skew[0, 2], skew[1, 0]]
    return J


@pytest.mark.parametrize("name", list_robots())
def test_jacobian_matches_finite_differences_for_every_library_robot(name):
    robot = load_robot(name)
    rng = np.random.default_rng(7)
    scale = robot.length_scale
    for q in robot.random_q(5, rng):
        J = robot.jacobian(q)
        assert J.shape == (6, robot.n)
        assert np.allclose(J, _numeric_jacobian(robot, q), atol=1e-6 * scale)


@pytest.mark.parametrize("robot", [load_robot(name) for name in list_robots()]
                         + [_mounted_mixed_robot("standard"), _mounted_mixed_robot("modified")],
                         ids=lambda robot: f"{robot.name}-{robot.convention}")
def test_one_configuration_agrees_with_the_batch_to_1e_15(robot):
    # One configuration runs on Python floats, a batch on numpy columns (issue 18): the same
    # kernel, so the results agree to rounding (lengths relative to the robot's size).
    q = robot.random_q(40, np.random.default_rng(17))
    scale = max(1.0, robot.length_scale)
    for method in (robot.fk, robot.fk_all, robot.jacobian):
        batch = method(q)
        for k in range(len(q)):
            for single in (method(q[k]), method(q[k].tolist()), method(tuple(q[k]))):
                assert single.shape == batch[k].shape
                assert np.max(np.abs(single - batch[k])) <= 1e-15 * scale
    assert np.allclose(robot.fk(q[0]), dh_product.fk(robot, q[0]), atol=1e-12 * scale)


def test_one_configuration_refuses_nan_and_wrong_sizes():
    robot = load_robot("Puma 560")
    for method in (robot.fk, robot.fk_all, robot.jacobian):
        with pytest.raises(ValidationError, match="finite"):
            method([0.0, float("nan"), 0.0, 0.0, 0.0, 0.0])
        with pytest.raises(ValidationError, match="finite"):
            method(np.array([0.0, 0.0, np.inf, 0.0, 0.0, 0.0]))
        with pytest.raises(ValidationError, match="6 joints, got 5"):
            method([0.0] * 5)
    assert np.array_equal(robot.fk(np.zeros(6, dtype=int)), robot.fk(np.zeros(6)))


@pytest.mark.parametrize("odd", ["1", b"1", np.str_("1"), np.True_])
def test_one_configuration_refuses_what_a_batch_refuses(odd):
    # float("1") is 1.0: one configuration given as a list read the text "1" (or numpy's True)
    # as an angle, while the same row in a batch was refused with a message naming text.
    robot = load_robot("Puma 560")
    for method in (robot.fk, robot.fk_all, robot.jacobian):
        for q in ([odd, 0, 0, 0, 0, 0], [[odd, 0, 0, 0, 0, 0]]):
            with pytest.raises(ValidationError, match="real numbers"):
                method(q)


def test_jacobian_is_batched():
    robot = load_robot("Example R")
    q = robot.random_q(6, np.random.default_rng(8)).reshape(2, 3, robot.n)
    J = robot.jacobian(q)
    assert J.shape == (2, 3, 6, robot.n)
    assert np.allclose(J[1, 2], robot.jacobian(q[1, 2]))


def test_joint_validation_messages():
    with pytest.raises(ValidationError, match="'R' or 'P'"):
        Joint("X")
    with pytest.raises(ValidationError, match="reversed"):
        Joint(limits=(1.0, -1.0))
    with pytest.raises(ValidationError, match="finite"):
        Joint(a=float("nan"))
    with pytest.raises(ValidationError, match="outside the limits"):
        Joint(home=2.0, limits=(-1.0, 1.0))
    with pytest.raises(ValidationError, match="offset"):
        Joint("R", theta=0.5)


def test_robot_validation_messages():
    with pytest.raises(ValidationError, match="empty"):
        Robot([])
    with pytest.raises(ValidationError, match="at most 12"):
        Robot([Joint()] * 13)
    with pytest.raises(ValidationError, match="unit"):
        Robot([Joint()], unit="inch")
    robot = planar_3r()
    with pytest.raises(ValidationError, match="3 joints, got 2"):
        robot.fk([0.0, 0.0])
    with pytest.raises(ValidationError, match="finite"):
        robot.fk([0.0, np.nan, 0.0])


def test_limits_random_and_user_units():
    robot = load_robot("Example R")
    q = robot.random_q(1000, np.random.default_rng(9))
    assert robot.within_limits(q).all()
    assert not robot.within_limits(robot.limits[:, 1] + 1e-3)
    user = robot.q_to_user(robot.home)
    assert np.allclose(user, [0, 25, 25, 45])       # Lodes' table: theta/d are home values
    assert np.allclose(robot.q_from_user(user), robot.home)


def test_named_poses():
    robot = Robot([Joint(a=1.0), Joint(a=1.0)], poses={"up": [0.5, 0.5]})
    assert np.allclose(robot.pose("home"), [0, 0])
    assert np.allclose(robot.pose("up"), [0.5, 0.5])
    with pytest.raises(ValidationError, match="no pose 'down'"):
        robot.pose("down")


def test_public_chain_frames_on_columns_reproduce_fk():
    from robosim.kinematics.chain import chain_frames, end_frame
    from robosim.kinematics.elementary import ArrayMath
    robot = load_robot("Lynx6")
    q = robot.random_q(7, rng=3)
    X, Y, Z, P = end_frame(robot.chain, chain_frames(robot.chain, list(q.T), ArrayMath)[-1])
    expected = np.array([dh_product.fk(robot, row) for row in q])
    assert np.allclose(np.stack(P, axis=-1), expected[:, :3, 3])
    assert np.allclose(np.stack(Z, axis=-1), expected[:, :3, 2])


def test_quarter_turn_twists_leave_no_rounding_off_the_axes():
    # Lynx6 link 1 has alpha = 90 deg: at q = 0 the shoulder sits exactly in the XZ plane.
    robot = load_robot("Lynx6")
    frames = robot.fk_all(np.zeros(robot.n))
    assert frames[2, 1, 3] == 0.0


def test_a_robot_is_immutable_a_changed_one_is_a_new_robot():
    # Issue 26: fk precomputes the tool's columns, so "robot.tool_xyz = ..." was silently
    # ignored; now it raises, and dataclasses.replace builds the changed robot.
    import dataclasses

    robot = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    for field, value in (("tool_xyz", (0.5, 0.0, 0.0)), ("joints", ()), ("name", "other"),
                         ("base", np.eye(4))):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(robot, field, value)
    with pytest.raises(ValueError, match="read-only"):
        robot.tool[0, 3] = 0.5
    with pytest.raises(TypeError):
        robot.poses["ready"] = (0.0, 0.0)
    longer = dataclasses.replace(robot, tool_xyz=(0.5, 0.0, 0.0))
    np.testing.assert_allclose(longer.fk([0.0, 0.0])[:3, 3], [2.5, 0.0, 0.0])
    np.testing.assert_allclose(robot.fk([0.0, 0.0])[:3, 3], [2.0, 0.0, 0.0])
    # Copies and pickles are built again from the fields, poses included.
    import copy
    import pickle

    posed = load_robot("Puma 560")
    for twin in (copy.deepcopy(posed), pickle.loads(pickle.dumps(posed))):
        assert dict(twin.poses) == dict(posed.poses) and twin.name == posed.name
        np.testing.assert_array_equal(twin.fk(twin.home), posed.fk(posed.home))

"""Link paths and the floor (robosim.kinematics.link_geometry): checked against the DH definitions
and hand-worked Lynx6 poses."""

import math

import numpy as np

from robosim import Joint, Robot, load_robot
from robosim.kinematics import below_floor, floor_height, link_corners, random_q_above_floor


def test_standard_links_go_along_z_by_d_then_along_x_by_a():
    robot = load_robot("Puma 560")     # d1 = 0.67183, a2 = 0.4318, d3 = 0.15005, a3 = 0.0203
    q = robot.random_q(4, rng=1)
    corners = link_corners(robot, q)
    assert corners.shape == (4, 6, 3, 3)
    frames = robot.fk_all(q)
    for i, joint in enumerate(robot.joints):
        start, corner, end = np.moveaxis(corners[:, i], 1, 0)
        np.testing.assert_allclose(start, frames[:, i, :3, 3], atol=1e-12)
        np.testing.assert_allclose(corner - start, joint.d * frames[:, i, :3, 2], atol=1e-12)
        np.testing.assert_allclose(end - corner, joint.a * frames[:, i + 1, :3, 0], atol=1e-12)


def test_modified_links_go_along_x_by_a_then_along_z_by_d_and_prismatic_d_is_the_joint():
    robot = Robot([Joint("R", d=3.0), Joint("R", a=20.0, alpha=math.pi / 2),
                   Joint("P", a=5.0, alpha=-math.pi / 2, offset=2.0, limits=(0, 10), home=4)],
                  convention="modified", unit="cm", base_xyz=(1, 2, 3))
    q = np.array([0.4, -0.7, 6.0])
    corners = link_corners(robot, q)
    frames = robot.fk_all(q)
    for i, d in enumerate([3.0, 0.0, 6.0 + 2.0]):
        start, corner, end = corners[i]
        np.testing.assert_allclose(corner - start, robot.joints[i].a * frames[i, :3, 0],
                                   atol=1e-12)
        np.testing.assert_allclose(end - corner, d * frames[i + 1, :3, 2], atol=1e-12)
        np.testing.assert_allclose(end, frames[i + 1, :3, 3], atol=1e-12)


def test_lynx6_stands_on_a_floor_at_its_base_and_a_bent_down_wrist_goes_below_it():
    robot = load_robot("Lynx6")
    floor = floor_height(robot)
    assert floor == 0.0
    # Upper arm and forearm straight out at z = 65 mm; the wrist bent 60 deg down puts the
    # gripper tip 155 sin 60 = 134 mm lower: z = -69 mm. Links 4 (wrist) and 5 (with the tool).
    below = below_floor(robot, np.radians([[30, 90, 90, 60, 0], [30, 90, 90, -60, 0]]), floor)
    np.testing.assert_array_equal(below, [[False, False, False, True, True], [False] * 5])
    assert not below_floor(robot, robot.home, floor).any()
    assert not below_floor(robot, np.radians([30, 90, 90, 60, 0]), None).any()


def test_arms_that_reach_below_their_base_in_their_own_poses_have_no_floor():
    for name in ("SCARA", "Gantry", "Lodes Puma 560"):
        assert floor_height(load_robot(name)) is None
    for name in ("Puma 560", "UR5", "Example R"):   # UR5's home dips 5 mm: within tolerance
        assert floor_height(load_robot(name)) == 0.0


def test_random_poses_keep_every_frame_above_the_floor_over_200_seeded_draws():
    robot = load_robot("Lynx6")          # a third of uniform draws put a link below the base
    rng = np.random.default_rng(2024)
    tolerance = 0.01 * robot.length_scale
    for _ in range(200):
        q = random_q_above_floor(robot, rng, 0.0)
        assert robot.within_limits(q)
        frames = robot.fk_all(q)           # frame origins and the tool tip, from plain FK
        assert frames[:, 2, 3].min() >= -tolerance and robot.fk(q)[2, 3] >= -tolerance


def test_random_pose_above_the_floor_is_none_when_no_draw_is():
    # One prismatic joint along z that only goes down: every draw is below the floor.
    robot = Robot([Joint("P", limits=(-50.0, -10.0), home=-10.0), Joint("R", a=5.0)],
                  unit="cm", base_xyz=(0, 0, 0))
    assert random_q_above_floor(robot, np.random.default_rng(0), 0.0) is None
    assert random_q_above_floor(robot, np.random.default_rng(0), None) is not None

"""The 3D arm drawing: Lodes' shapes, sizes, colours, fixed view, and the drawn end effector.

Expected values come from the DH definitions (frames from robot.fk_all, which the kinematics
tests check against closed forms) and from geometry (radii, heights), not from the drawing.
"""

import math

import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure

from robosim import Joint, Robot, load_robot
from robosim.plotting.arm import ArmDrawing, arm_figure, joint_colour


def draw(robot, q=None):
    fig = Figure()
    ax = fig.add_subplot(projection="3d")
    return ArmDrawing(ax, robot, q)


def modified_arm(unit="cm", scale=1.0):
    """A modified-DH RRP arm with a tool and a shifted, turned base."""
    joints = [Joint("R", a=0, alpha=0, d=3 * scale, limits=(-2, 2)),
              Joint("R", a=20 * scale, alpha=math.pi / 2, limits=(-2, 2)),
              Joint("P", a=5 * scale, alpha=-math.pi / 2, offset=2 * scale,
                    limits=(0, 10 * scale), home=4 * scale)]
    return Robot(joints, name="mod", convention="modified", unit=unit,
                 base_xyz=(1 * scale, 2 * scale, 3 * scale), base_rpy=(0, 0, 0.3),
                 tool_xyz=(0, 0, 4 * scale))


ROBOTS = ["Lynx6", "Lodes Puma 560", "SCARA", "Tester Robot", "Example R", "Puma 260"]


@pytest.mark.parametrize("name", ROBOTS)
def test_drawn_end_effector_is_forward_kinematics(name):
    robot = load_robot(name)
    drawing = draw(robot)
    for q in [robot.home, *robot.random_q(5, rng=1)]:
        drawing.set_pose(q)
        np.testing.assert_allclose(drawing.drawn_end_effector(), robot.fk(q)[:3, 3],
                                   atol=1e-9 * robot.length_scale)


def test_drawn_end_effector_includes_tool_and_base_in_modified_dh():
    robot = modified_arm()
    drawing = draw(robot)
    q = np.array([0.4, -0.7, 6.0])
    drawing.set_pose(q)
    np.testing.assert_allclose(drawing.drawn_end_effector(), robot.fk(q)[:3, 3], atol=1e-9)


def radial_and_axial(points, frame):
    """Distance of points from a frame's z axis, and their height along it."""
    local = (points - frame[:3, 3]) @ frame[:3, :3]
    return np.hypot(local[:, 0], local[:, 1]), local[:, 2]


def test_revolute_link_is_a_cylinder_of_radius_a_and_height_d_on_the_joint_axis():
    robot = load_robot("Lodes Puma 560")  # joint 2: d = 15 cm, a = 43 cm (both above minimum)
    drawing = draw(robot)
    q = robot.random_q(rng=3)
    drawing.set_pose(q)
    frames = robot.fk_all(q)
    radius, height = radial_and_axial(drawing.link_vertices(1), frames[1])  # joint 2 axis: z1
    assert radius.max() == pytest.approx(43.0)
    assert height.min() == pytest.approx(0.0, abs=1e-9)
    assert height.max() == pytest.approx(15.0)
    # Frame 2 lies on the rim of the top cap, as in Lodes' Fig. 8-14.
    r2, h2 = radial_and_axial(frames[2][None, :3, 3], frames[1])
    assert (r2[0], h2[0]) == (pytest.approx(43.0), pytest.approx(15.0))


def test_prismatic_link_is_a_box_whose_height_follows_the_joint():
    robot = modified_arm()
    drawing = draw(robot)
    for travel in (6.0, 8.0):  # d = 8 and 10, above the minimum height
        q = np.array([0.2, 0.5, travel])
        drawing.set_pose(q)
        frames = robot.fk_all(q)
        # Modified DH: the joint-3 axis is z3 and d3 = q3 + offset ends at frame 3.
        radius, height = radial_and_axial(drawing.link_vertices(2), frames[3])
        d = travel + 2.0
        assert height.min() == pytest.approx(-d)
        assert height.max() == pytest.approx(0.0, abs=1e-9)
        assert radius.max() == pytest.approx(5.0 * math.sqrt(2))  # corner of a 2a x 2a square


def test_small_links_get_a_minimum_size_that_scales_with_the_robot():
    small, large = draw(modified_arm("cm", 1.0)), draw(modified_arm("mm", 100.0))
    q_small = np.array([0.3, -0.2, 5.0])
    small.set_pose(q_small)
    large.set_pose(q_small * [1, 1, 100])
    assert small.min_size > 0
    for joint in range(3):  # joint 1 has a = 0: drawn with the minimum width, scaled too
        np.testing.assert_allclose(large.link_vertices(joint), 100 * small.link_vertices(joint),
                                   rtol=1e-9, atol=1e-9)
    radius, height = radial_and_axial(small.link_vertices(0), np.eye(4) @ small.frames[0])
    assert radius.max() == pytest.approx(small.min_size / 2)
    assert np.ptp(height) == pytest.approx(small.min_size)  # d = 3 is below the minimum height


def test_joint_colours_follow_lodes_order_and_repeat_after_ten():
    names = ["red", "blue", "yellow", "orange", "purple", "gold", "#4b5320", "cyan", "magenta",
             "grey"]
    assert [joint_colour(i) for i in range(12)] == names + names[:2]
    robot = Robot([Joint("R", a=1.0) for _ in range(12)], unit="m")
    drawn = {tuple(c[:3]) for c in draw(robot).links.get_facecolor()}
    assert drawn == {tuple(to_rgba(name)[:3]) for name in names}


def test_pose_updates_change_existing_artists_and_keep_a_fixed_cubic_view():
    robot = load_robot("Lynx6")
    drawing = draw(robot)
    ax = drawing.ax
    children = list(ax.get_children())
    limits = (ax.get_xlim(), ax.get_ylim(), ax.get_zlim())
    for q in robot.random_q(20, rng=7):
        drawing.set_pose(q)
        corners = np.vstack([drawing.link_quads.reshape(-1, 3), drawing.frames[:, :3, 3]])
        for axis, (low, high) in enumerate(limits):
            assert np.all((corners[:, axis] >= low) & (corners[:, axis] <= high))
    assert list(ax.get_children()) == children
    assert (ax.get_xlim(), ax.get_ylim(), ax.get_zlim()) == limits
    spans = [high - low for low, high in limits]
    assert spans == pytest.approx([spans[0]] * 3)


def test_base_cylinder_reaches_from_the_floor_to_the_base_frame():
    robot = modified_arm()
    drawing = draw(robot)
    corners = drawing.base_quads.reshape(-1, 3)
    assert corners[:, 2].min() == pytest.approx(drawing.ax.get_zlim()[0])
    assert corners[:, 2].max() == pytest.approx(robot.base[2, 3])


def test_frames_trace_and_path_overlays():
    robot = load_robot("Lynx6")
    drawing = draw(robot)
    drawing.show_frames(True)
    x_axes = np.column_stack(drawing.frame_axes[0].get_data_3d()).reshape(-1, 3, 3)
    frames = robot.fk_all(robot.home)
    np.testing.assert_allclose(x_axes[:-1, 0], frames[:, :3, 3], atol=1e-9)  # origins
    direction = x_axes[:-1, 1] - x_axes[:-1, 0]
    np.testing.assert_allclose(direction / np.linalg.norm(direction, axis=1)[:, None],
                               frames[:, :3, 0], atol=1e-9)
    drawing.show_trace(True)
    poses = robot.random_q(3, rng=2)
    for q in poses:
        drawing.set_pose(q)
    trace = np.column_stack(drawing.trace.get_data_3d())
    np.testing.assert_allclose(trace[1:], robot.fk(poses)[:, :3, 3], atol=1e-9)
    drawing.show_trace(False)
    assert len(drawing.trace.get_data_3d()[0]) == 0
    points = np.array([[0, 0, 0], [1, 1, 1], [2, 2, 2.0]])
    drawing.set_path(points, bad=[False, True, False])
    np.testing.assert_array_equal(np.column_stack(drawing.path_bad.get_data_3d()), points[[1]])
    drawing.set_path(None)
    assert len(drawing.path.get_data_3d()[0]) == 0


def test_arm_figure_needs_no_pyplot():
    fig = arm_figure(load_robot("SCARA"))
    assert fig.canvas.manager is None  # a plain Figure: no window, no pyplot state

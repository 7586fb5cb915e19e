"""The 3D arm drawing: both styles' shapes, sizes, colours, floor, framing, fixed view, and the
drawn end effector.

Expected values come from the DH definitions (frames from robot.fk_all, which the kinematics
tests check against closed forms) and from geometry (radii, heights), not from the drawing.
"""

import colorsys
import math

import numpy as np
import pytest
from matplotlib.colors import to_rgb, to_rgba
from matplotlib.figure import Figure
from mpl_toolkits.mplot3d import proj3d

from figure_check import DPI, FIGSIZE, IMAGE_COMPARE, strip_text
from robosim import Joint, Robot, load_robot
from robosim.collision import Scene
from robosim.plotting import arm as arm_drawing
from robosim.plotting.arm import (PEDESTAL_MIN_HEIGHT, ArmDrawing, arm_figure, joint_colour,
                                  reach_points)


def draw(robot, q=None, style="links", fig=None, rect=None):
    fig = Figure() if fig is None else fig
    ax = fig.add_subplot(projection="3d") if rect is None else fig.add_axes(rect, projection="3d")
    return ArmDrawing(ax, robot, q, style=style)


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


def test_lodes_revolute_link_is_a_cylinder_of_radius_a_and_height_d_on_the_joint_axis():
    robot = load_robot("Lodes Puma 560")  # joint 2: d = 15 cm, a = 43 cm (both above minimum)
    drawing = draw(robot, style="lodes")
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


def test_lodes_prismatic_link_is_a_box_whose_height_follows_the_joint():
    robot = modified_arm()
    drawing = draw(robot, style="lodes")
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


def test_lodes_small_links_get_a_minimum_size_that_scales_with_the_robot():
    small = draw(modified_arm("cm", 1.0), style="lodes")
    large = draw(modified_arm("mm", 100.0), style="lodes")
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


def hue(colour):
    """Hue of a colour in degrees."""
    return 360 * colorsys.rgb_to_hsv(*to_rgb(colour))[0]


def hue_distance(a, b):
    return min(abs(a - b), 360 - abs(a - b))


def test_joint_colours_differ_in_hue_keep_clear_of_red_and_repeat_after_ten():
    hues = [hue(joint_colour(i)) for i in range(10)]
    for i in range(6):          # the six joints of most arms: 45 degrees of hue apart or more
        for j in range(i):
            assert hue_distance(hues[i], hues[j]) >= 45 - 1e-9, (i, j)
    assert min(hue_distance(h, hue("red")) for h in hues) >= 35      # red means "below floor"
    assert [joint_colour(i) for i in range(10, 12)] == [joint_colour(0), joint_colour(1)]
    # q3 and q6 were yellow and gold, 9 degrees apart: now they differ
    assert hue_distance(hues[2], hues[5]) >= 45 - 1e-9
    robot = Robot([Joint("R", a=1.0) for _ in range(12)], unit="m")
    for style in ("links", "lodes"):
        drawing = draw(robot, style=style)
        faces = drawing.face_colours
        for joint in range(12):  # every face drawn for a joint has that joint's hue
            drawn = {round(hue(c[:3])) % 360 for c in faces[drawing.face_joint == joint]}
            assert all(hue_distance(h, hues[joint % 10]) < 2 for h in drawn), (style, joint)


def test_the_gripper_has_its_own_colour_and_opens_and_closes():
    robot = load_robot("Lynx6")
    drawing = draw(robot)
    gripper = to_rgb(drawing.gripper.get_color())
    others = [to_rgb(joint_colour(i)) for i in range(10)] + [to_rgb(arm_drawing.BASE_COLOUR)]
    assert min(np.abs(np.subtract(gripper, c)).sum() for c in others) > 0.3
    open_gap = drawing.gripper_gap()
    drawing.set_gripper(1.0)
    closed_gap = drawing.gripper_gap()
    drawing.set_gripper(0.5)
    half_gap = drawing.gripper_gap()
    assert open_gap > half_gap > closed_gap > 0
    assert half_gap == pytest.approx((open_gap + closed_gap) / 2)
    drawing.set_pose(robot.random_q(rng=4))      # a new pose keeps the opening
    assert drawing.gripper_gap() == pytest.approx(half_gap)


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


def test_lodes_base_cylinder_of_an_arm_without_floor_reaches_from_the_bottom_of_the_view():
    robot = load_robot("Gantry")               # hangs from its beam: no floor
    drawing = draw(robot, style="lodes")
    assert drawing.floor is None
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


def test_a_highlighted_frame_is_drawn_bold_at_its_origin_and_follows_the_pose():
    robot = modified_arm()
    drawing = draw(robot)
    assert not any(line.get_visible() for line in drawing.highlight_axes)
    drawing.highlight_frame(2)
    q = np.array([0.4, -0.7, 6.0])
    drawing.set_pose(q)
    frame = robot.fk_all(q)[2]
    length = arm_drawing.HIGHLIGHT_LENGTH * drawing.size
    for column, line in enumerate(drawing.highlight_axes):
        points = np.column_stack(line.get_data_3d())
        assert line.get_visible() and line.get_linewidth() > drawing.frame_axes[0].get_linewidth()
        np.testing.assert_allclose(points[0], frame[:3, 3], atol=1e-9)
        np.testing.assert_allclose(points[1], frame[:3, 3] + length * frame[:3, column],
                                   atol=1e-9)
    assert all(line in drawing.moving_artists for line in drawing.highlight_axes)
    drawing.highlight_frame(None)
    assert not any(line.get_visible() for line in drawing.highlight_axes)
    with pytest.raises(ValueError, match="frame must be 0 to 3"):
        drawing.highlight_frame(4)


def test_arm_figure_needs_no_pyplot():
    fig = arm_figure(load_robot("SCARA")).figure
    assert fig.canvas.manager is None  # a plain Figure: no window, no pyplot state


def distance_to_segment(points, start, end):
    """Distance of points (M, 3) from the segment start -> end."""
    axis = end - start
    length2 = axis @ axis
    t = np.clip((points - start) @ axis / length2, 0, 1) if length2 > 0 else np.zeros(len(points))
    return np.linalg.norm(points - (start + t[:, None] * axis), axis=1)


@pytest.mark.parametrize("name", ["Lynx6", "Puma 560", "Example R", "Stanford"])
def test_links_are_slim_solids_from_frame_origin_along_z_by_d_then_along_x_by_a(name):
    robot = load_robot(name)
    drawing = draw(robot)
    radius = arm_drawing.LINK_RADIUS * drawing.size
    q = robot.random_q(rng=5)
    drawing.set_pose(q)
    frames = robot.fk_all(q)
    theta, d = robot.joint_variables(q)
    for i, joint in enumerate(robot.joints):  # standard DH: o_i + d z_i, then + a x_{i+1}
        start = frames[i, :3, 3]
        corner = start + d[i] * frames[i, :3, 2]
        end = corner + joint.a * frames[i + 1, :3, 0]
        np.testing.assert_allclose(end, frames[i + 1, :3, 3], atol=1e-9 * robot.length_scale)
        faces = (drawing.face_joint == i) & ~drawing.face_is_housing
        corners = drawing.link_quads[faces].reshape(-1, 3)
        if i == robot.n - 1:      # the last link carries the tool piece too: leave it out
            corners = corners[:len(corners) // 3 * 2]
        near = np.minimum(distance_to_segment(corners, start, corner),
                          distance_to_segment(corners, corner, end))
        assert near.max() == pytest.approx(radius, rel=1e-6)   # on the prism's edges
        for point in (start, end):   # and the solid reaches both frame origins
            assert np.linalg.norm(corners - point, axis=1).min() <= radius * (1 + 1e-6)


def test_housings_sit_on_the_joint_axes_a_cylinder_for_revolute_a_box_for_prismatic():
    robot = load_robot("Example R")          # R P P R, standard DH, cm
    drawing = draw(robot)
    housing_radius = arm_drawing.HOUSING_RADIUS * drawing.size
    length = arm_drawing.HOUSING_LENGTH * drawing.size
    q = robot.random_q(rng=8)
    drawing.set_pose(q)
    frames = robot.fk_all(q)
    for i, joint in enumerate(robot.joints):
        faces = (drawing.face_joint == i) & drawing.face_is_housing
        radial, axial = radial_and_axial(drawing.link_quads[faces].reshape(-1, 3), frames[i])
        widest = housing_radius if joint.is_revolute else 0.8 * housing_radius * math.sqrt(2)
        assert radial.max() == pytest.approx(widest)
        low = 0.0 if i == 0 else -length / 2          # the first stands on the base
        assert (axial.min(), axial.max()) == (pytest.approx(low, abs=1e-9),
                                              pytest.approx(low + length))
    # A prismatic link slides: its far end moves along the joint axis by the joint's travel.
    moved = q.copy()
    moved[1] += 7.0
    before = drawing.link_vertices(1)
    drawing.set_pose(moved)
    shift = drawing.link_vertices(1) - before
    axis = frames[1, :3, 2]
    moving = np.linalg.norm(shift, axis=1) > 1e-9
    np.testing.assert_allclose(shift[moving], np.tile(7.0 * axis, (moving.sum(), 1)), atol=1e-9)


def test_links_style_sizes_scale_with_the_robot():
    small, large = draw(modified_arm("cm", 1.0)), draw(modified_arm("mm", 100.0))
    q = np.array([0.3, -0.2, 5.0])
    small.set_pose(q)
    large.set_pose(q * [1, 1, 100])
    np.testing.assert_allclose(large.link_quads, 100 * small.link_quads, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(large.drawn_end_effector(), 100 * small.drawn_end_effector())


def test_a_link_below_the_floor_turns_red_and_is_named():
    robot = load_robot("Lynx6")
    drawing = draw(robot)
    assert drawing.floor == 0.0
    floor = drawing.floor_quads.reshape(-1, 3)
    assert np.all(floor[:, 2] == 0.0)
    assert (floor[:, 0].min(), floor[:, 0].max()) == drawing.ax.get_xlim()
    red = to_rgba(arm_drawing.WARNING_COLOUR)
    # Upper arm and forearm straight out at the base's height, wrist bent 60 deg down: the
    # 155 mm gripper link reaches 155 sin 60 = 134 mm below the wrist at z = 65 mm.
    drawing.set_pose(np.radians([30, 90, 90, 60, 0]))
    faces = drawing.face_colours
    is_red = np.all(np.isclose(faces, red), axis=1)
    np.testing.assert_array_equal(drawing.below_floor, [False, False, False, True, True])
    np.testing.assert_array_equal(is_red, np.isin(drawing.face_joint, [3, 4]))
    # ... behind the table's back edge (x = -150 mm): below its top, hitting nothing.
    assert drawing.hit_message() == ("links 4, 5 below the top of the table (z = 0 mm), "
                                     "past its edge")
    drawing.set_pose(np.radians([0, -30, 0, -60, 0]))   # the gripper in the table
    assert drawing.hit_message() == "collision: link 4 (wrist) hits table"
    drawing.set_scene(Scene())              # checked again at the same pose: nothing to hit
    assert not drawing.hit_message().startswith("collision") and not drawing.colliding.any()
    drawing.set_pose(np.radians([30, 90, 90, 60, 0]))
    assert drawing.hit_message().startswith("links 4, 5 below the floor (z = 0 mm): the "
                                            "real arm would hit it")   # the floor drawn
    drawing.set_pose(robot.home)
    assert not np.any(np.all(np.isclose(drawing.face_colours, red), axis=1))
    assert drawing.hit_message() is None


def test_an_arm_hanging_from_its_base_has_no_floor():
    robot = load_robot("SCARA")            # the quill reaches down from the base
    drawing = draw(robot)
    assert drawing.floor is None and len(drawing.floor_quads) == 0
    drawing.set_pose(robot.limits[:, 1])
    assert not drawing.below_floor.any()
    assert "floor" not in (drawing.hit_message() or "")    # (the quill hits the shoulder)


SIMULATOR_AXES = ((12.0, 7.5), (0.01, 0.37, 0.46, 0.58))   # WINDOW_SIZE, simulator ARM_RECT


@pytest.mark.parametrize("name", ["Lynx6", "Puma 560", "SCARA", "Example R", "KUKA KR5",
                                  "Gantry"])
@pytest.mark.parametrize("where", ["figure", "simulator"])
def test_the_view_is_framed_on_the_arm(name, where):
    robot = load_robot(name)
    if where == "figure":
        fig = Figure(figsize=(8.0, 6.0))
        drawing = draw(robot, fig=fig)
    else:
        figsize, rect = SIMULATOR_AXES
        fig = Figure(figsize=figsize, dpi=100)
        drawing = draw(robot, fig=fig, rect=rect)
    ax = drawing.ax
    fig.canvas.draw()
    points = reach_points(robot)
    x, y, _ = proj3d.proj_transform(*points.T, ax.get_proj())
    pixels = ax.transData.transform(np.column_stack([x, y]))
    span = np.ptp(pixels, axis=0)
    assert span.max() >= 0.6 * min(ax.bbox.width, ax.bbox.height)
    inside = ((pixels >= [ax.bbox.x0, ax.bbox.y0]) & (pixels <= [ax.bbox.x1, ax.bbox.y1]))
    assert inside.all()                     # and all of the reach is in the axes


def test_dh_frames_are_labelled_at_the_tips_of_their_axes():
    robot = load_robot("Lynx6")
    drawing = draw(robot)
    assert not any(label.get_visible() for label in drawing.frame_labels)
    drawing.show_frames(True)
    q = robot.random_q(rng=6)
    drawing.set_pose(q)
    frames = robot.fk_all(q)
    texts = [label.get_text() for label in drawing.frame_labels]
    assert texts == [f"{axis}{i}" for i in range(robot.n + 1) for axis in "xz"]
    for label in drawing.frame_labels:
        assert label.get_visible()
        i, column = int(label.get_text()[1:]), "xyz".index(label.get_text()[0])
        offset = np.array(label.get_position_3d()) - frames[i, :3, 3]
        np.testing.assert_allclose(offset / np.linalg.norm(offset), frames[i, :3, column],
                                   atol=1e-9)


def test_switching_style_changes_the_same_artists_in_place():
    robot = load_robot("Puma 560")
    drawing = draw(robot)
    children = list(drawing.ax.get_children())
    q = robot.random_q(rng=9)
    drawing.set_pose(q)
    drawing.set_style("lodes")
    assert list(drawing.ax.get_children()) == children
    lodes = draw(robot, q, style="lodes")
    for joint in range(robot.n):
        np.testing.assert_allclose(drawing.link_vertices(joint), lodes.link_vertices(joint))
    np.testing.assert_allclose(drawing.face_colours, lodes.face_colours)
    drawing.set_style("links")
    np.testing.assert_allclose(drawing.link_vertices(2), draw(robot, q).link_vertices(2))
    with pytest.raises(ValueError, match="links, lodes"):
        drawing.set_style("cartoon")


BASELINE_ROBOTS = ["Lynx6", "Puma 560", "SCARA", "Example R"]


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
@pytest.mark.parametrize("style", ["links", "lodes"])
@pytest.mark.parametrize("name", BASELINE_ROBOTS, ids=lambda n: n.lower().replace(" ", "_"))
def test_arm_figure_at_home(name, style):
    return strip_text(arm_figure(load_robot(name), figsize=FIGSIZE, dpi=DPI,
                                 style=style).figure)


def test_lodes_base_stands_on_the_floor_not_through_it():
    """Issue 37: "Lodes shapes" drew a green column from the Lynx6's base down through its
    table to the bottom of the view. With a floor, the base is a plate on it, as in the
    links style."""
    robot = load_robot("Lynx6")
    drawing = draw(robot, style="lodes")
    assert drawing.floor == 0.0
    heights = drawing.base_quads.reshape(-1, 3)[:, 2]
    assert heights.max() == pytest.approx(robot.base[2, 3])
    assert heights.min() == pytest.approx(-PEDESTAL_MIN_HEIGHT * drawing.size)
    assert heights.min() > drawing.ax.get_zlim()[0]

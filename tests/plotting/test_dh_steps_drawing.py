"""robosim.plotting.dh_steps: the moving frame drawn where the DH steps put it, and the GIF."""

import math

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from PIL import Image

from figure_check import IMAGE_COMPARE, strip_text
from robosim import RobosimError, load_robot
from robosim.plotting.dh_steps import (END_HOLD, DHStepsDrawing, dh_steps_figure,
                                       save_dh_steps_gif)


def drawn_frame(lines):
    """Origin ``(3,)`` and unit axes ``(3, 3)`` (columns x, y, z) of the first triad drawn by
    three lines (x, y, z), and the axis length."""
    data = [np.array(line.get_data_3d(), dtype=float).T for line in lines]
    origin = data[0][0]
    tips = np.array([d[1] for d in data])
    length = np.linalg.norm(tips[0] - origin)
    return origin, (tips - origin).T / length, length


def lynx6_drawing(q_deg=(30, 45, -60, 20, 10)):
    robot = load_robot("Lynx6")
    q = robot.q_from_user(q_deg)
    return robot, q, dh_steps_figure(robot, q).dh_steps


def test_the_moving_frame_ends_each_row_on_the_arm_frame():
    robot, q, drawing = lynx6_drawing()
    frames = robot.fk_all(q)
    for i in range(1, robot.n + 1):
        drawing.set_step(4 * i, 1.0)
        origin, axes, _ = drawn_frame(drawing.moving)
        np.testing.assert_allclose(origin, frames[i][:3, 3], atol=1e-9)
        np.testing.assert_allclose(axes, frames[i][:3, :3], atol=1e-9)


def test_half_way_through_a_rotation_the_frame_has_turned_half_about_its_axis():
    # Lynx6 row 2 starts at frame 1; theta2 = 45 + 90 = 135 deg about z1.
    robot, q, drawing = lynx6_drawing()
    frame1 = robot.fk_all(q)[1]
    drawing.set_step(5, 0.5)
    origin, axes, _ = drawn_frame(drawing.moving)
    np.testing.assert_allclose(origin, frame1[:3, 3], atol=1e-9)
    np.testing.assert_allclose(axes[:, 2], frame1[:3, 2], atol=1e-12)        # z1 stays
    turn = math.atan2(axes[:, 0] @ frame1[:3, 1], axes[:, 0] @ frame1[:3, 0])
    assert math.degrees(turn) == pytest.approx(135 / 2)
    start, start_axes, _ = drawn_frame(drawing.start)
    np.testing.assert_allclose(start, frame1[:3, 3], atol=1e-9)
    assert drawing.caption.get_text() == "joint 2: rotate theta2 = 135 deg about z1"


def test_part_of_a_prismatic_translation_moves_along_the_axis():
    # SCARA row 3: d3 = q3 = 60 cm along z2.
    robot = load_robot("SCARA")
    q = np.array([0.5, 0.3, 60.0, 0.1])
    drawing = dh_steps_figure(robot, q).dh_steps
    frame2 = robot.fk_all(q)[2]
    drawing.set_step(10, 0.25)
    origin, _, _ = drawn_frame(drawing.moving)
    np.testing.assert_allclose(origin, frame2[:3, 3] + 15.0 * frame2[:3, 2], atol=1e-9)
    trail = np.array(drawing.trail.get_data_3d(), dtype=float).T
    np.testing.assert_allclose(trail, [frame2[:3, 3], origin], atol=1e-9)


def test_ghosts_show_the_frames_already_reached():
    robot, q, drawing = lynx6_drawing()
    for index, expected in ((0, 0), (1, 1), (5, 2), (9, 3), (len(drawing.steps) - 1, 6)):
        drawing.set_step(index, 0.5)
        xs = np.array(drawing.ghosts[0].get_data_3d()[0], dtype=float)
        assert len(xs) == 3 * expected               # origin, tip, gap per frame


def test_base_and_tool_steps_of_a_modified_arm():
    panda = load_robot("Franka Panda")
    q = panda.random_q(rng=3)
    drawing = dh_steps_figure(panda, q).dh_steps
    drawing.set_step(len(drawing.steps) - 1, 0.5)      # the tool is applied whole at the end
    np.testing.assert_allclose(drawn_frame(drawing.moving)[0], panda.fk_all(q)[-1][:3, 3],
                               atol=1e-9)
    drawing.set_step(len(drawing.steps) - 1, 1.0)
    np.testing.assert_allclose(drawn_frame(drawing.moving)[0], panda.fk(q)[:3, 3], atol=1e-9)
    assert drawing.caption.get_text().startswith("tool:")


def test_timeline_of_one_joint_and_refusals():
    robot, q, drawing = lynx6_drawing()
    frames = drawing.timeline(frames_per_step=3, joint=2)
    assert [k for k, _ in frames] == [5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8]
    assert frames[-1][1] == 1.0 and frames[0][1] == pytest.approx(1 / 3)
    with pytest.raises(RobosimError, match="joint 9 has no DH steps"):
        drawing.timeline(joint=9)
    with pytest.raises(RobosimError, match="DH step 99 does not exist"):
        drawing.set_step(99)


def test_gif_has_a_frame_per_step_fraction_and_the_final_hold(tmp_path):
    robot = load_robot("Planar 3R")
    path = tmp_path / "steps.gif"
    count = save_dh_steps_gif(robot, robot.q_from_user([30, 40, 50]), path,
                              frames_per_step=2, joint=2, fps=10)
    assert count == 4 * 2
    # Row 2 of the planar arm: d2 = 0 and alpha2 = 0 move nothing, so Pillow merges each of
    # their second frames into the first (only the caption changed); the timing stays.
    with Image.open(path) as gif:
        durations = []
        for k in range(gif.n_frames):
            gif.seek(k)
            durations.append(gif.info["duration"])
    assert durations == [100, 100, 200, 100, 100, 100 + 100 + 1000 * END_HOLD]
    assert [p.name for p in tmp_path.iterdir()] == ["steps.gif"]


def test_the_drawing_works_on_an_axes_of_its_own():
    from matplotlib.figure import Figure

    robot = load_robot("Gantry")
    fig = Figure()
    FigureCanvasAgg(fig)
    drawing = DHStepsDrawing(fig.add_subplot(projection="3d"), robot, robot.home, length=5.0)
    drawing.set_step(3, 1.0)
    assert drawn_frame(drawing.moving)[2] == pytest.approx(5.0)
    fig.canvas.draw()


@pytest.mark.parametrize("name, q, index", [
    ("Lynx6", (30, 45, -60, 20, 10), 5),             # joint 2's theta, mid-turn
    ("SCARA", (30, 20, 60, 10), 10),                 # the prismatic row's d
    ("Franka Panda", (0, -30, 0, -120, 0, 90, 45), 9),  # a modified row's alpha_{i-1}
], ids=["lynx6_joint2", "scara_prismatic", "panda_modified"])
@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_dh_steps_mid_animation(name, q, index):
    robot = load_robot(name)
    shown = dh_steps_figure(robot, robot.q_from_user(q), figsize=(6.0, 4.5), dpi=80)
    shown.dh_steps.set_step(index, 0.5)
    return strip_text(shown.figure)

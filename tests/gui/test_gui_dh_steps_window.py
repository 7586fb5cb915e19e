"""The DH steps window (issue 16, item 3), driven on Agg through its real widgets.

Step forward, step back, play to the end, change the joint while playing, move a slider of the
simulator meanwhile; the panel's numbers against matrices written out by hand. Frames are
checked against ``robot.fk_all`` (the kinematics kernel), not against the steps the window
draws from. Under Agg timers never fire: each test moves the window's clock and calls tick().
"""

import math

import matplotlib.pyplot as plt
import numpy as np
import pytest

from fake_arm import FakeArm
from figure_check import DPI, IMAGE_COMPARE, strip_text
from gui_events import click, click_axes, click_cell, type_in_cell
from test_gui_layout import resize
from robosim import Joint, Robot, load_robot
from robosim.gui import tools
from robosim.gui.app import Application
from robosim.gui.tools.dh_steps import DHStepsWindow


class Clock:
    """A clock the test moves: ``clock.now`` seconds."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def open_window(robot, q_deg=None):
    q = robot.home if q_deg is None else robot.q_from_user(q_deg)
    arm = FakeArm(robot, q)
    window = tools.open_tool("DH steps...", arm)
    window.fig.set_dpi(50)           # a quarter of the pixels: the full draws cost less
    window.clock = Clock()
    return arm, window


def press(window, label):
    click_axes(window.buttons[label].ax)


def run_for(window, seconds, tick=0.1):
    """Let ``seconds`` pass in ticks of ``tick`` seconds."""
    for _ in range(int(round(seconds / tick))):
        window.clock.now += tick
        window.tick()


def moving_frame(window):
    """The pose ``(4, 4)`` of the moving frame as drawn: origin and unit axes read back from
    its three lines."""
    lines = window.drawing.moving
    data = [np.array(line.get_data_3d(), dtype=float).T for line in lines]
    origin = data[0][0]
    T = np.eye(4)
    T[:3, 3] = origin
    for column, points in enumerate(data):
        axis = points[1] - origin
        T[:3, column] = axis / np.linalg.norm(axis)
    return T


def block_numbers(window, name):
    return np.array(window.block_matrix(name), dtype=float)


LYNX6_Q = (30, -60, -30, 20, 10)   # joint 2's offset is +90 deg: theta2 = 30 deg


def test_step_forward_and_back_through_joint_2_of_the_lynx6():
    robot = load_robot("Lynx6")
    arm, window = open_window(robot, LYNX6_Q)
    frames = robot.fk_all(arm.q)
    click_cell(window.cells, 0, 0)            # all -> base
    click_cell(window.cells, 0, 0)            # base -> 1
    click_cell(window.cells, 0, 0)            # 1 -> 2
    assert window.cells.text(0, 0) == "2" and window.joint == 2
    np.testing.assert_allclose(moving_frame(window), frames[1], atol=1e-9)  # frame 1: start

    press(window, "Step >")
    assert window.playing
    run_for(window, 0.5)
    assert window.playing and window.position == pytest.approx(0.5)
    run_for(window, 0.7)
    assert not window.playing and window.position == 1.0
    theta2 = math.radians(30)
    rz = np.array([[math.cos(theta2), -math.sin(theta2), 0, 0],
                   [math.sin(theta2), math.cos(theta2), 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
    np.testing.assert_allclose(moving_frame(window), frames[1] @ rz, atol=1e-9)
    assert window.step_text.get_text().endswith("rotate theta2 = 30 deg about z1")
    np.testing.assert_allclose(block_numbers(window, "elementary"), rz, atol=1e-3)
    assert window.block_titles["elementary"].get_text() == "Rz(theta2 = 30 deg)"
    assert window.block_titles["so far"].get_text() == "A2 so far = Rz"
    assert window.block_matrix("symbolic")[0] == ["c2", "-s2", "0", "0"]
    assert "theta2 = q2 + 90 deg = 30 deg" in window.legend.get_text()

    for _ in range(3):
        press(window, "Step >")
        run_for(window, 1.1)
    assert window.position == 4.0
    np.testing.assert_allclose(moving_frame(window), frames[2], atol=1e-9)   # frame 2
    np.testing.assert_allclose(block_numbers(window, "0T"), frames[2], atol=2e-3)
    np.testing.assert_allclose(block_numbers(window, "so far"),
                               np.linalg.inv(frames[1]) @ frames[2], atol=2e-3)
    press(window, "Step >")                     # nothing after the last step
    assert not window.playing and "last step" in window.status.message

    press(window, "< Back")
    assert window.position == 3.0
    assert window.step_text.get_text().endswith("translate a2 = 120 mm along x2")
    for _ in range(5):
        press(window, "< Back")
    assert window.position == 0.0
    np.testing.assert_allclose(moving_frame(window), frames[1], atol=1e-9)


def test_back_while_playing_pauses_at_the_end_of_the_step_before():
    robot = load_robot("Lynx6")
    _, window = open_window(robot, LYNX6_Q)
    press(window, "Play")
    run_for(window, 2.5)
    press(window, "< Back")
    assert not window.playing and window.position == 2.0


def test_play_to_the_end_of_all_steps_ends_on_the_end_effector():
    robot = load_robot("Franka Panda")           # modified DH, 7 rows: 30 steps
    arm, window = open_window(robot, (10, -30, 20, -120, 15, 90, 45))
    window.set_speed(0.1)
    press(window, "Play")
    assert window.buttons["Play"].label.get_text() == "Pause"
    run_for(window, 3.5, tick=0.25)
    assert not window.playing and window.position == len(window.sequence) == 4 * 7 + 2
    assert window.buttons["Play"].label.get_text() == "Play"
    np.testing.assert_allclose(moving_frame(window), robot.fk(arm.q), atol=1e-9)
    assert window.block_titles["0T"].get_text() == "0T tool = 0T7 7T tool"
    press(window, "Play")                        # at the end: from the start again
    assert window.playing and window.position == 0.0


def test_pause_and_play_go_on_from_where_the_frame_is():
    _, window = open_window(load_robot("Lynx6"))
    press(window, "Play")
    run_for(window, 1.3)
    press(window, "Play")                        # says Pause
    assert not window.playing
    window.clock.now += 5.0                      # time passes while paused
    press(window, "Play")
    run_for(window, 0.2)
    assert window.position == pytest.approx(1.5)


def test_changing_the_joint_while_playing_starts_its_steps_and_keeps_playing():
    robot = load_robot("SCARA")
    arm, window = open_window(robot, (30, 20, 60, 10))
    press(window, "Play")
    run_for(window, 2.3)
    for _ in range(4):                           # all -> base -> 1 -> 2 -> 3
        click_cell(window.cells, 0, 0)
    assert window.joint == 3 and window.playing and window.position < 0.5
    assert [window.drawing.steps[k].symbol for k in window.sequence] == [
        "theta3", "d3", "a3", "alpha3"]
    run_for(window, 1.5)                         # half-way through d3 (the prismatic row)
    frames = robot.fk_all(arm.q)
    d3 = arm.q[2] + robot.joints[2].offset
    start = frames[2] @ np.diag([1.0, 1.0, 1.0, 1.0])
    expected = start.copy()
    expected[:3, 3] += 0.5 * d3 * start[:3, 2]     # theta3 is 0 in the SCARA's table
    assert robot.joints[2].theta == 0
    np.testing.assert_allclose(moving_frame(window), expected, atol=1e-9)
    assert window.legend.get_text().startswith("d3 = q3")
    assert window.block_matrix("symbolic")[2][-1] == "d3"


def test_a_pose_change_while_playing_shows_the_new_poses_steps():
    robot = load_robot("Lynx6")
    arm, window = open_window(robot, LYNX6_Q)
    window.select_joint("3")
    press(window, "Play")
    run_for(window, 4.0)                         # joint 3 done: frame 3 reached
    assert not window.playing
    new_q = robot.q_from_user((-20, 10, 40, 0, 0))
    arm.animate_to(new_q)                        # FakeArm: shown at once
    np.testing.assert_allclose(moving_frame(window), robot.fk_all(new_q)[3], atol=1e-9)
    assert window.position == 4.0


def test_the_simulator_slider_moves_the_steps_while_they_play():
    """In the application: play the steps, press a slider of the simulator meanwhile; each
    animation frame of the arm shows its own steps, and the window keeps playing."""
    robot = load_robot("Lynx6")
    app = Application(robot=robot, figure=plt.figure(figsize=(10, 6.5), dpi=50),
                      clock=lambda: 0.0)
    app.screen.open_tool("DH steps...")
    window = app.tool_windows[-1]
    window.fig.set_dpi(50)
    window.clock = Clock()
    window.select_joint("2")
    press(window, "Play")
    run_for(window, 0.5)
    click(app.fig, 45.0, 0.5, ax=app.screen.sliders[1].ax)   # a press animates there
    seen = []
    while app.screen.animation.running:
        app.tick()
        run_for(window, 0.1)
        seen.append(app.state.q)
        row_end = window.drawing.steps[window.sequence[-1]].frame
        np.testing.assert_allclose(row_end, robot.fk_all(app.state.q)[2], atol=1e-9)
    assert len(seen) > 1 and window.playing
    assert app.state.q[1] == pytest.approx(math.radians(app.screen.sliders[1].val))
    run_for(window, 4.0)
    np.testing.assert_allclose(moving_frame(window), robot.fk_all(app.state.q)[2], atol=1e-9)
    app.close()


def test_base_and_tool_steps_show_their_transforms():
    joints = [Joint("R", a=0.3, alpha=math.radians(90)), Joint("P", theta=0.2, limits=(0, 1))]
    robot = Robot(joints, name="mounted", unit="m", base_xyz=(0.1, 0.2, 0.3),
                  base_rpy=(0.0, 0.0, 0.5), tool_xyz=(0.0, 0.0, 0.1))
    arm, window = open_window(robot)
    window.select_joint("base")
    press(window, "Step >")
    run_for(window, 1.0)
    np.testing.assert_allclose(block_numbers(window, "elementary"), robot.base, atol=1e-3)
    np.testing.assert_allclose(moving_frame(window), robot.base, atol=1e-9)
    assert window.block_matrix("so far") == []
    window.select_joint("tool")
    press(window, "Step >")
    run_for(window, 1.0)
    np.testing.assert_allclose(block_numbers(window, "elementary"), robot.tool, atol=1e-3)
    np.testing.assert_allclose(block_numbers(window, "0T"),
                               np.linalg.inv(robot.base) @ robot.fk(arm.q), atol=1e-3)


def test_speed_cell_accepts_seconds_per_step_and_rejects_the_rest():
    _, window = open_window(load_robot("Lynx6"))
    type_in_cell(window.cells, 0, 1, "0.5", "enter")
    assert window.seconds_per_step == 0.5
    press(window, "Play")
    run_for(window, 1.0)
    assert window.position == pytest.approx(2.0)
    for bad in ("fast", "0", "100"):
        type_in_cell(window.cells, 0, 1, bad, "enter")
        assert window.seconds_per_step == 0.5
        assert (0, 1) in window.cells.errors and window.status.error
    assert "s per step" in window.status.message


def test_frames_while_playing_are_blitted_not_drawn_in_full():
    _, window = open_window(load_robot("Lynx6"))
    fig = window.fig
    fig.canvas.draw()
    draws = []
    fig.canvas.mpl_connect("draw_event", lambda event: draws.append(event))
    press(window, "Play")                  # one full draw: the blit backgrounds
    assert len(draws) == 1
    run_for(window, 2.5)                   # 25 frames, 3 of them a new step
    assert len(draws) == 1
    assert window.blit.animated("steps") and window.blit.animated("panel")
    press(window, "Play")                  # pause: the artists are ordinary again
    assert not window.blit.animated("steps")


def test_closing_the_window_stops_following_the_arm():
    arm, window = open_window(load_robot("Lynx6"))
    assert isinstance(window, DHStepsWindow)
    plt.close(window.fig)
    window.close()
    shown = window.drawing.steps[-1].frame.copy()
    arm.animate_to(arm.q + 0.1)
    np.testing.assert_array_equal(window.drawing.steps[-1].frame, shown)


@pytest.mark.parametrize("name, q_deg, joint, position", [
    ("Lynx6", (30, 45, -60, 20, 10), "2", 0.5),                 # joint 2's theta, mid-turn
    ("SCARA", (30, 20, 60, 10), "3", 1.5),                      # the prismatic row's d
    ("Franka Panda", (0, -30, 0, -120, 0, 90, 45), "3", 0.5),   # a modified row's alpha_2
], ids=["lynx6_joint2", "scara_prismatic", "panda_modified"])
@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_dh_steps_window_mid_animation(name, q_deg, joint, position):
    """The window as a student sees it half-way through a step (text hidden: fonts move
    pixels; the numbers are asserted above), at 10 x 6.5 in, the smallest size it is made for."""
    _, window = open_window(load_robot(name), q_deg)
    window.fig.set_dpi(DPI)
    resize(window.fig, (10.0 * DPI, 6.5 * DPI))
    window.select_joint(joint)
    window.go_to(position)
    window.fig.window = window                       # keep the widgets alive until saved
    return strip_text(window.fig)



def test_float_noise_in_a_joint_at_zero_is_written_as_zero():
    # Seen in a real window after a Jog / IK line: q1 was 2.9e-16 rad and the legend said
    # "theta1 = q1 = 1.65e-14 deg".
    robot = load_robot("Lynx6")
    arm = FakeArm(robot, np.radians([0, 90, 90, 90, 15]) + [2.88e-16, 0, 0, 0, 0])
    window = tools.open_tool("DH steps...", arm)
    window.fig.set_dpi(50)
    window.clock = Clock()
    click_cell(window.cells, 0, 0)            # all -> base
    click_cell(window.cells, 0, 0)            # base -> 1
    press(window, "Step >")
    run_for(window, 1.1)
    assert window.step_text.get_text().endswith("rotate theta1 = 0 deg about z0")
    assert window.block_titles["elementary"].get_text() == "Rz(theta1 = 0 deg)"
    assert window.legend.get_text().endswith("theta1 = q1 = 0 deg")


def test_a_negative_offset_is_written_as_a_subtraction():
    # Seen in a real window: the Lynx6 elbow's legend read "theta3 = q3 + -90 deg = ...".
    arm, window = open_window(load_robot("Lynx6"), (0, 0, 30, 0, 0))
    for _ in range(4):
        click_cell(window.cells, 0, 0)        # all -> base -> 1 -> 2 -> 3
    assert window.joint == 3
    press(window, "Step >")
    run_for(window, 1.1)
    assert window.legend.get_text().endswith("theta3 = q3 - 90 deg = -60 deg")


def test_the_first_step_forward_shows_that_step_one_was_taken():
    """The Lynx6's base is the identity: step 1 (the base transform) moves nothing, so the
    panel must say the step was taken (issue 37: "the first Step > does nothing")."""
    robot = load_robot("Lynx6")
    _, window = open_window(robot)
    np.testing.assert_array_equal(robot.base, np.eye(4))
    before = window.step_text.get_text()
    press(window, "Step >")
    run_for(window, 1.2)
    assert window.position == 1.0
    after = window.step_text.get_text()
    assert after != before
    assert after.startswith("Step 1 of 22") and "no motion" in after
    press(window, "< Back")
    assert window.step_text.get_text() == before

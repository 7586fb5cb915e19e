"""Simulator and real arm agree (issue 15, item 6) and the drawn gripper follows the real one.

The application on Agg with its Real arm window in dry run: choosing a calibration (or
connecting) narrows the sliders, Random Move, Jog / IK and trajectories to the model's limits
within the calibrated range; closing the window gives the model's back. The stock Lynx6
calibration maps 600-2400 us at 11.111 us/deg about 1500 us: +-900 / 11.111 = +-81.0008 deg,
inside the model's +-90 deg (robots/lynx6.json).
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

from figure_check import DPI, FIGSIZE
from gui_events import click, click_axes, type_in_cell
from robosim import ValidationError, load_robot
from robosim.gui.app import Application
from robosim.gui.screens.simulator import TOGGLES
from robosim.hardware.calibration import default_calibration_path
from robosim.robot_files import load_stl
from robosim.trajectory.motion import wrist_angle

CALIBRATED_DEG = 900 / 11.111
MODEL_DEG = 90.0


def make_app(seed=7):
    return Application(robot=load_robot("Lynx6"), seed=seed, clock=lambda: 0.0,
                       figure=plt.figure(figsize=FIGSIZE, dpi=DPI))


def open_window(app, label):
    click_axes(app.screen.buttons[label].ax)
    return app.tool_windows[-1]


def real_arm(app):
    return open_window(app, "Real arm...")


def choose_stock_calibration(panel):
    type_in_cell(panel.cells, 0, 3, str(default_calibration_path()), "enter")


def slider_spans(app):
    return np.array([(s.valmin, s.valmax) for s in app.screen.sliders])


def test_a_calibration_file_narrows_the_sliders_and_the_window_says_so():
    app = make_app()
    panel = real_arm(app)
    np.testing.assert_allclose(slider_spans(app), [(-MODEL_DEG, MODEL_DEG)] * 5)
    assert "the model's" in panel.limits_text.get_text()
    choose_stock_calibration(panel)
    np.testing.assert_allclose(slider_spans(app), [(-CALIBRATED_DEG, CALIBRATED_DEG)] * 5)
    for text in (panel.limits_text.get_text(), app.status):
        assert "calibrated range" in text and "q1-q5 [-81, 81] deg" in text
    panel.fig.canvas.callbacks.process("close_event", None)   # the window closes
    np.testing.assert_allclose(slider_spans(app), [(-MODEL_DEG, MODEL_DEG)] * 5)
    assert "the model's again" in app.status


def table_limits(app):
    """The DH table's (min, max) per joint as printed: ``[("-90", "90"), ...]``."""
    lines = app.screen.table.get_text().split("\n")
    header = lines[0].split()
    low, high = header.index("min"), header.index("max")
    return [(line.split()[low], line.split()[high]) for line in lines[1:]]


def test_the_dh_table_shows_the_limits_in_force_and_says_they_are_calibrated():
    app = make_app()
    assert table_limits(app) == [("-90", "90")] * 5            # robots/lynx6.json
    assert "calibrated" not in app.screen.table_note.get_text()
    panel = real_arm(app)
    choose_stock_calibration(panel)
    for low, high in table_limits(app):
        assert low.endswith("*") and high.endswith("*")
        np.testing.assert_allclose([float(low[:-1]), float(high[:-1])],
                                   [-CALIBRATED_DEG, CALIBRATED_DEG], atol=1e-3)
    # the same rounding as the Real arm window's limits line, not -81.0008 beside [-81, 81]
    assert table_limits(app) == [("-81*", "81*")] * 5
    assert "q1-q5 [-81, 81] deg" in panel.limits_text.get_text()
    note = app.screen.table_note.get_text()
    assert "* calibrated range" in note and default_calibration_path().name in note
    panel.fig.canvas.callbacks.process("close_event", None)   # the calibration goes
    assert table_limits(app) == [("-90", "90")] * 5
    assert "calibrated" not in app.screen.table_note.get_text()


def test_a_typed_value_beyond_the_calibrated_range_is_refused():
    app = make_app()
    choose_stock_calibration(real_arm(app))
    type_in_cell(app.screen.values, 1, 0, *"85", "enter")
    assert app.status_is_error and "calibrated range" in app.status
    assert app.state.target[1] == 0.0
    type_in_cell(app.screen.values, 1, 0, *"80", "enter")
    assert app.state.target[1] == pytest.approx(np.radians(80))


def test_connecting_uses_the_arms_calibration():
    app = make_app()
    panel = real_arm(app)
    click_axes(panel.buttons["Dry run"].ax)
    click_axes(panel.buttons["Connect"].ax)
    assert panel.driver is not None
    np.testing.assert_allclose(np.degrees(app.state.limits), [(-CALIBRATED_DEG,
                                                               CALIBRATED_DEG)] * 5)
    assert "stock" in panel.limits_text.get_text()


def test_random_move_stays_inside_the_calibrated_range():
    """The wiring: Random Move draws with the planning robot; the property over 40 draws is
    random_free_q's, checked in tests/test_collision.py (issue 29, item 9)."""
    app = make_app(seed=3)
    choose_stock_calibration(real_arm(app))
    for _ in range(5):
        click_axes(app.screen.buttons["Random Move"].ax)
        target = np.degrees(app.state.target)
        assert np.all(np.abs(target) <= CALIBRATED_DEG + 1e-9)
        app.state.stop()


def test_jog_ik_solves_within_the_calibrated_range():
    """A target the Lynx6 reaches only with the shoulder at 85 deg (the closed form's other
    branches break a +-90 deg limit): solved before the calibration is chosen, refused after."""
    app = make_app()
    panel = real_arm(app)
    jog = open_window(app, "Jog / IK")
    robot = app.state.robot
    beyond = np.radians([10, 85, -20, 10, 0])
    x, y, z = robot.fk(beyond)[:3, 3]
    wrist = np.degrees(wrist_angle(robot, beyond))        # the "wrist angle" solve mode
    for col, value in ((0, x), (1, y), (2, z), (4, wrist)):
        jog.target_cells.set_text(0, col, f"{value:.12g}")
    click_axes(jog.buttons["Solve IK"].ax)
    np.testing.assert_allclose(jog.solutions, [beyond], atol=1e-6)
    choose_stock_calibration(panel)
    assert np.all(np.abs(np.degrees(jog.robot.limits)) <= CALIBRATED_DEG + 1e-9)
    app.state.stop()
    click_axes(jog.buttons["Solve IK"].ax)
    assert len(jog.solutions) == 0 and jog.status.error


def test_a_trajectory_outside_the_calibrated_range_is_flagged_before_play():
    app = make_app()
    panel = real_arm(app)
    window = open_window(app, "Trajectories...")
    window.numbers.set_text(0, 0, "2")
    window.numbers.set_text(0, 1, "41")
    for col, value in enumerate([0, 88, 0, 0, 0]):       # inside the model's +-90 deg
        window.joints.set_text(2, col, f"{value:g}")
    click_axes(window.buttons["Compute"].ax)
    assert not app.status_is_error
    choose_stock_calibration(panel)
    message = window.status.text.get_text()
    # the quintic from 0 to 88 deg passes 81.0008 deg first at an interior time: named
    assert window.status.error and "joint 2 (shoulder)" in message and "at t = " in message
    t_flagged = float(message.split("at t = ")[1].split(" s")[0])
    q = window.computed.q[:, 1]
    first = int(np.argmax(np.degrees(q) > CALIBRATED_DEG + 1e-9))
    assert t_flagged == pytest.approx(window.computed.t[first], abs=1e-6)
    with pytest.raises(ValidationError, match="calibrated range.*not played"):
        app.state.play(window.computed.t, window.computed.q)
    click_axes(window.buttons["Play"].ax)
    assert app.status_is_error and "not played" in app.status
    assert app.state.last_trajectory is None


@pytest.mark.parametrize("command, closed", [("Close gripper", 1.0), ("Open gripper", 0.0)])
def test_gripper_buttons_move_the_drawn_gripper(command, closed):
    app = make_app()
    panel = real_arm(app)
    click_axes(panel.buttons["Dry run"].ax)
    click_axes(panel.buttons["Connect"].ax)
    click_axes(panel.buttons["Arm is at rest"].ax)
    app.state.set_gripper(0.5)
    click_axes(panel.buttons[command].ax)
    assert app.screen.drawing.closed == closed
    toggle = app.screen.toggles.get_status()[TOGGLES.index("Gripper closed")]
    assert toggle == (closed == 1.0)
    # The Lynx6 is drawn with its meshes: the fingers' inner faces, 8 mm either side of the
    # end effector's xz plane when open (tools/make_lynx6_meshes.py), touch when closed.
    assert mesh_finger_gap(app) == pytest.approx(16.0 * (1.0 - closed), abs=1e-6)


def mesh_finger_gap(app):
    """The distance between the mesh fingers' inner faces as drawn (mm)."""
    drawing = app.screen.drawing
    end = drawing.end_effector
    fingers, _normals = load_stl(app.state.robot.meshes.gripper.path)
    side = fingers[:, 0, 1] > 0                                 # the +y finger, as filed
    drawn = drawing.mesh.triangles[-len(fingers):]              # the gripper comes last
    y = np.einsum("fcj,j->fc", drawn - end[:3, 3], end[:3, 1])
    return y[side].min() - y[~side].max()


def test_the_grip_cell_closes_the_drawn_gripper_part_way_and_only_when_sent():
    app = make_app()
    panel = real_arm(app)
    type_in_cell(panel.grip, 0, 0, *"30", "enter")   # not connected: nothing sent or drawn
    assert app.screen.drawing.closed == 0.0 and panel.status.error
    click_axes(panel.buttons["Dry run"].ax)
    click_axes(panel.buttons["Connect"].ax)
    click_axes(panel.buttons["Arm is at rest"].ax)
    type_in_cell(panel.grip, 0, 0, *"40", "enter")
    assert app.screen.drawing.closed == pytest.approx(0.4)
    panel.tick()   # the dry run's bytes: 40% from open 1200 us to closed 1800 us is 1440 us
    assert "#5P1440" in panel.sent.get_text()


def test_the_gripper_toggle_and_the_state_agree():
    app = make_app()
    label = app.screen.toggles.labels[TOGGLES.index("Gripper closed")]
    box = label.get_window_extent()
    click(app.fig, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
    assert app.state.gripper == 1.0 and app.screen.drawing.closed == 1.0


def test_workspace_ranges_at_the_limits_follow_a_calibration_and_typed_ones_stay():
    """Range cells showing the model's +-90 deg move to the calibrated +-81.0008 deg (900 us
    at 11.111 us/deg) when the calibration is chosen, and back when the Real arm window
    closes; a range the student typed (joint 1: -30..60) is left as typed."""
    app = make_app()
    window = open_window(app, "Workspace...")
    type_in_cell(window.ranges, 0, 0, "-30", "enter")
    type_in_cell(window.ranges, 0, 1, "60", "enter")
    panel = real_arm(app)
    choose_stock_calibration(panel)
    cells = [[float(window.ranges.text(j, col)) for col in (0, 1)] for j in range(5)]
    np.testing.assert_allclose(cells, [[-30, 60]] + [[-CALIBRATED_DEG, CALIBRATED_DEG]] * 4,
                               atol=1e-4)
    assert "Ranges of q2, q3, q4, q5 follow the joint limits now in force" in window.status.message
    panel.fig.canvas.callbacks.process("close_event", None)
    cells = [[float(window.ranges.text(j, col)) for col in (0, 1)] for j in range(5)]
    np.testing.assert_allclose(cells, [[-30, 60]] + [[-MODEL_DEG, MODEL_DEG]] * 4)

"""The application driven through its real widgets with synthetic events, on Agg.

Expected poses are derived independently: a move is ``start + k / steps * (target - start)``
(Lodes' linear animation), and the drawn end effector must equal ``robot.fk`` of that pose.
"""

import itertools
import math
import os
import subprocess
import sys
import types

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.widgets import Button

from figure_check import DPI, FIGSIZE, assert_shows_a_full_draw
from gui_events import (click, click_axes, click_grid_button, drag, mouse, type_in_cell,
                        type_keys)
from robosim import Joint, Robot, RobosimError, ValidationError, list_robots, load_robot, save_robot
from robosim.kinematics import rpy2r, below_floor, floor_height
from robosim.gui import tools
from robosim.gui.app import WINDOW_DPI, WINDOW_SIZE, Application, run
from robosim.gui.user_files.my_robots import MyRobots
from robosim.gui.screens.simulator import (READOUT_INTERVAL, RANDOM_MOVE_TRIES, TOGGLES,
                                          SimulatorScreen)
from robosim.gui.screens.welcome import WelcomeScreen


def make_app(robot=None, seed=None):
    """The application in an Agg figure, with a frozen clock: one step per tick."""
    return Application(robot=robot, seed=seed, figure=plt.figure(figsize=FIGSIZE, dpi=DPI),
                       clock=lambda: 0.0)


def press(app, button):
    click_axes(button.ax)


def press_label(screen, label):
    """Click the screen's one button labelled ``label`` (screens that keep no button dict)."""
    buttons = [w for w in screen._widgets  # noqa: SLF001 - the screen's buttons
               if isinstance(w, Button) and w.label.get_text() == label]
    assert len(buttons) == 1, f"no single button {label!r}"
    click_axes(buttons[0].ax)


def press_robot(app, name):
    """Click the welcome screen's button of robot ``name``, turning pages until it shows."""
    screen = app.screen
    for _ in range(screen.pages):
        for k, robot in enumerate(screen.page_robots()):
            if robot.name == name:
                click_grid_button(screen.robot_buttons, k)
                return
        screen.turn(+1)
    raise AssertionError(f"no button for {name}")


def robot_names_shown(screen):
    """The robot names on the welcome screen's page of robot buttons."""
    grid = screen.robot_buttons
    return [grid.labels[k].get_text().split("\n")[0] for k in grid.shown()]


def ticks_until_still(app, limit=500):
    """Tick the animation to its end; returns the poses shown and the drawn end effectors."""
    screen = app.screen
    poses, drawn = [], []
    while screen.animation.running:
        assert len(poses) < limit
        app.tick()
        poses.append(screen.state.q)
        drawn.append(screen.drawing.drawn_end_effector())
    return np.array(poses), np.array(drawn)


def expected_move(start, target, steps):
    return np.array([start + k / steps * (target - start) for k in range(1, steps + 1)])


def random_move_targets(robot, seed, presses=1):
    """The targets of ``presses`` Random Move presses with the application seeded by ``seed``:
    each takes the first of RANDOM_MOVE_TRIES draws that keeps every link above the floor."""
    rng = np.random.default_rng(seed)
    targets = []
    for _ in range(presses):
        draws = robot.random_q(RANDOM_MOVE_TRIES, rng=rng)
        above = ~below_floor(robot, draws, floor_height(robot)).any(axis=-1)
        targets.append(draws[np.argmax(above)])
    return targets


def assert_drawn_is_fk(robot, poses, drawn):
    np.testing.assert_allclose(drawn, robot.fk(poses)[:, :3, 3],
                               atol=1e-9 * robot.length_scale)


# ---------------------------------------------------------------------------- welcome
def test_welcome_pages_show_every_library_robot_and_a_click_opens_it():
    app = make_app()
    screen = app.screen
    assert isinstance(screen, WelcomeScreen)
    shown = set()
    for _ in range(screen.pages):
        shown.update(robot_names_shown(screen))
        screen.turn(+1)
    assert shown == set(list_robots())
    assert screen.page == 0  # turning past the last page wraps around
    press_robot(app, "Lynx6")
    assert isinstance(app.screen, SimulatorScreen)
    assert app.screen.robot.name == "Lynx6"


def test_welcome_turns_pages_when_the_library_outgrows_one(monkeypatch):
    from robosim.gui.screens import welcome

    arms = [Robot([Joint("R", a=1.0)], name=f"arm {k}", unit="m") for k in range(30)]
    monkeypatch.setattr(welcome, "library_robots", lambda: arms)
    app = make_app()
    screen = app.screen
    assert screen.pages == 2
    seen = []
    for _ in range(3):
        seen.append(robot_names_shown(screen))
        press(app, screen.buttons["Next >"])
    assert seen[0] + seen[1] == [arm.name for arm in arms] and seen[2] == seen[0]  # wraps
    press(app, screen.buttons["< Previous"])                  # page 2 -> 1
    assert screen.page_robots() == arms[:len(seen[0])]
    press(app, screen.buttons["< Previous"])                  # wraps to page 2
    click_grid_button(screen.robot_buttons, 1)
    assert app.screen.robot.name == arms[len(seen[0]) + 1].name


def test_welcome_loads_a_typed_robot_file_and_rejects_a_bad_path(tmp_path):
    arm = Robot([Joint("R", a=2.0), Joint("P", a=1.0, limits=(0, 3), home=1.0)], name="typed",
                unit="cm")
    path = save_robot(arm, tmp_path / "typed.json")
    app = make_app()
    cell = app.screen.path_cell
    type_in_cell(cell, 0, 0, str(tmp_path / "missing.json"), "enter")
    assert "no such file" in app.status and cell.errors
    press(app, app.screen.buttons["Load a robot file"])
    assert isinstance(app.screen, WelcomeScreen) and "no such file" in app.status
    type_in_cell(cell, 0, 0, str(path), "enter")                   # Enter loads it
    assert isinstance(app.screen, SimulatorScreen)
    assert app.screen.robot.name == "typed" and app.screen.robot.joint_types == "RP"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="a device file is needed")
def test_the_welcome_file_cell_says_a_folder_or_a_device_is_not_a_robot_file(tmp_path):
    app = make_app()
    cell = app.screen.path_cell
    type_in_cell(cell, 0, 0, str(tmp_path), "enter")
    assert "a folder, not a file" in app.status and "no such file" not in app.status
    type_in_cell(cell, 0, 0, "/dev/zero", "enter")
    assert "not a regular file" in app.status and "no such file" not in app.status


def test_welcome_offers_the_robots_entered_before():
    arm = Robot([Joint("R", a=1.0)], name="mine", unit="m")
    app = make_app()
    assert app.screen.my_robot_labels() == []
    MyRobots.load().remember(arm)
    app.show_welcome()
    assert app.screen.my_robot_labels() == ["mine: 1 joint, m"]
    click_grid_button(app.screen.my_robot_openers, 0)
    assert app.screen.robot.name == "mine"


# ---------------------------------------------------------------------------- simulator
def test_slider_animates_in_ten_linear_steps_and_the_drawn_arm_is_fk_at_every_step():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen = app.screen
    slider = screen.sliders[1]
    click(app.fig, 40.0, 0.5, ax=slider.ax)
    target = robot.home.copy()
    target[1] = np.radians(slider.val)
    assert slider.val == pytest.approx(40.0, abs=1.0)
    poses, drawn = ticks_until_still(app)
    np.testing.assert_allclose(poses, expected_move(robot.home, target, 10), atol=1e-12)
    assert_drawn_is_fk(robot, poses, drawn)
    assert float(screen.values.text(1, 0)) == pytest.approx(slider.val, abs=5e-5)


def test_value_cells_show_rounding_noise_as_zero():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    q = robot.home.copy()
    q[0] = np.radians(-1.50368e-15)
    app.screen.state.animate_to(q)
    ticks_until_still(app)
    assert app.screen.values.text(0, 0) == "0"


def test_the_base_and_tool_transforms_are_written_under_the_dh_table():
    # anthropomorphic_3r.json mounts the arm turned 90 deg about z: the table alone gives
    # x = 65 cm at home, the readout y = 65 cm; the note says why
    robot = load_robot("Anthropomorphic 3R")
    app = make_app(robot)
    note = app.screen.table_note.get_text()
    assert "base (world to frame 0): xyz (0, 0, 0) cm, rpy (0, 0, 90) deg" in note
    xyz, _rpy, _title, _matrix = app.screen.readout_values()
    np.testing.assert_allclose(xyz, robot.fk(robot.home)[:3, 3], atol=1e-4)
    assert "tool" not in note and "base" not in make_app(load_robot("Lynx6")).screen.table_note \
        .get_text()


def test_slider_is_clamped_to_the_joint_limits():
    robot = load_robot("Lynx6")  # +-90 deg
    app = make_app(robot)
    slider = app.screen.sliders[0]
    drag(app.fig, (0.0, 0.5), (400.0, 0.5), ax=slider.ax)
    assert slider.val == pytest.approx(90.0)
    assert app.state.q[0] == pytest.approx(np.pi / 2)      # a drag moves the arm at once
    assert robot.within_limits(app.state.q)


def test_a_dragged_slider_moves_the_arm_at_once_and_nothing_is_drawn_in_full():
    robot = load_robot("Puma 560")
    app = make_app(robot)
    screen, canvas = app.screen, app.fig.canvas
    slider = screen.sliders[1]
    canvas.draw()
    draws = []
    canvas.mpl_connect("draw_event", draws.append)
    mouse(app.fig, "button_press_event", 10.0, 0.5, ax=slider.ax)  # a press animates there
    assert screen.animation.running and draws == []   # its start is blitted too
    for value in np.linspace(10.0, 70.0, 25)[1:]:
        mouse(app.fig, "motion_notify_event", value, 0.5, ax=slider.ax)
        assert slider.val == pytest.approx(value)                  # under the pointer
        assert app.state.q[1] == pytest.approx(np.radians(value))  # the arm under the slider
        assert not screen.animation.running
        assert_drawn_is_fk(robot, [app.state.q], [screen.drawing.drawn_end_effector()])
    mouse(app.fig, "button_release_event", 70.0, 0.5, ax=slider.ax)
    assert draws == []                                # every move was blitted
    assert screen.values.text(1, 0) == "70"
    xyz, _rpy, _title, _matrix = screen.readout_values()
    np.testing.assert_allclose(xyz, robot.fk(app.state.q)[:3, 3], atol=1e-4)
    assert not screen.blit.animated("arm")           # a later full draw shows the arm


def test_the_screen_after_a_drag_is_what_a_full_draw_shows_of_the_slider():
    app = make_app(load_robot("Lynx6"))
    slider = app.screen.sliders[2]
    app.fig.canvas.draw()
    drag(app.fig, (0.0, 0.5), (-60.0, 0.5), ax=slider.ax, steps=8)
    assert_shows_a_full_draw(app.fig, slider.ax.bbox)


def test_typed_values_move_the_arm_and_bad_values_are_refused_with_a_message():
    robot = load_robot("SCARA")  # joint 3 is prismatic, 0..150 cm
    app = make_app(robot)
    screen = app.screen
    grid = screen.values
    for text, words in [("abc", "not a number"), ("200", "outside its limits")]:
        type_in_cell(grid, 2, 0, text, "enter")
        assert words in app.status and (2, 0) in grid.errors
        assert not screen.animation.running
    type_in_cell(grid, 2, 0, "100", "enter")
    assert (2, 0) not in grid.errors
    assert "outside" not in app.status and not app.status_is_error  # the error is gone
    target = robot.home.copy()
    target[2] = 100.0
    poses, drawn = ticks_until_still(app)
    np.testing.assert_allclose(poses, expected_move(robot.home, target, 10), atol=1e-12)
    assert_drawn_is_fk(robot, poses, drawn)


def test_home_and_seeded_random_move_animate_to_their_targets():
    robot = load_robot("Lodes Puma 560")
    app = make_app(robot, seed=11)
    screen = app.screen
    press(app, screen.buttons["Random Move"])
    expected_target, = random_move_targets(robot, 11)
    poses, drawn = ticks_until_still(app)
    np.testing.assert_allclose(poses, expected_move(robot.home, expected_target, 10),
                               atol=1e-12)
    assert_drawn_is_fk(robot, poses, drawn)
    press(app, screen.buttons["Home"])
    poses, drawn = ticks_until_still(app)
    np.testing.assert_allclose(poses, expected_move(expected_target, robot.home, 10),
                               atol=1e-12)
    assert_drawn_is_fk(robot, poses, drawn)


def test_presses_during_an_animation_the_newest_target_wins():
    robot = load_robot("Lynx6")
    app = make_app(robot, seed=3)
    screen = app.screen
    press(app, screen.buttons["Random Move"])
    first, second = random_move_targets(robot, 3, presses=2)
    for _ in range(3):
        app.tick()
    shown = screen.state.q
    np.testing.assert_allclose(shown, robot.home + 0.3 * (first - robot.home), atol=1e-12)
    press(app, screen.buttons["Home"])          # during the move
    assert "while moving" in app.status and "newest target wins" in app.status
    press(app, screen.buttons["Random Move"])   # and again: this one wins
    poses, drawn = ticks_until_still(app)
    assert "while moving" not in app.status     # once still, the note would mislead
    np.testing.assert_allclose(poses, expected_move(shown, second, 10), atol=1e-12)
    assert_drawn_is_fk(robot, poses, drawn)
    np.testing.assert_allclose(screen.robot.q_to_user(second),
                               [s.val for s in screen.sliders], atol=1e-9)


def test_steps_and_delay_are_settable_and_checked():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen = app.screen
    grid = screen.settings
    type_in_cell(grid, 0, 0, "0", "enter")
    assert "steps must be" in app.status and (0, 0) in grid.errors
    type_in_cell(grid, 0, 0, "4", "tab", "x", "enter")  # Tab moves on and selects the delay
    assert "delay must be" in app.status and (0, 1) in grid.errors
    type_in_cell(grid, 0, 1, "100", "enter")
    assert not grid.errors
    assert screen.timer.interval == 100
    press(app, screen.buttons["Home"])
    screen.state.animate_to(robot.pose("home") + 0.5)
    poses, _ = ticks_until_still(app)
    np.testing.assert_allclose(poses, expected_move(robot.home, robot.home + 0.5, 4))


def test_readout_shows_position_rpy_and_the_matrix_of_the_chosen_frame():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen = app.screen
    screen.state.animate_to(np.radians([10, 20, -30, 40, 50]))
    poses, _ = ticks_until_still(app)
    T = robot.fk(poses[-1])
    xyz, rpy, title, matrix = screen.readout_values()
    np.testing.assert_allclose(xyz, T[:3, 3], atol=1e-4)
    np.testing.assert_allclose(rpy2r(np.radians(rpy)), T[:3, :3], atol=1e-4)  # R = Rz Ry Rx
    assert title.startswith("T end effector")
    np.testing.assert_allclose(matrix, T, atol=1e-3)
    press(app, screen.buttons["Matrix: next frame"])
    press(app, screen.buttons["Matrix: next frame"])   # end effector -> frame 0 -> frame 1
    _, _, title, matrix = screen.readout_values()
    assert title.startswith("T frame 1")
    np.testing.assert_allclose(matrix, robot.fk_all(poses[-1])[1], atol=1e-3)


def test_readout_columns_do_not_run_into_each_other_for_a_robot_in_millimetres():
    # At the application's own size: the compact layout of a small figure shows no matrix.
    robot = load_robot("Lynx6")
    app = Application(robot=robot, figure=plt.figure(figsize=WINDOW_SIZE, dpi=WINDOW_DPI),
                      clock=lambda: 0.0)
    assert not app.screen._compact                               # noqa: SLF001 (the case)
    screen = app.screen
    screen.state.animate_to(np.radians([-45, 60, -30, 0, 0]))   # x, y, z = 112.6, -112.6, 262.5 mm
    ticks_until_still(app)
    renderer = app.fig.canvas.get_renderer()
    boxes = [text.get_window_extent(renderer) for text in screen.readout_matrix]
    np.testing.assert_allclose(screen.readout_values()[3][:3, 3], [112.595, -112.595, 262.5],
                               atol=1e-3)
    space = 0.6 * screen.readout_pose.get_fontsize() * app.fig.dpi / 72  # monospace, pixels
    for left, right in itertools.pairwise(boxes):
        assert right.x0 - left.x1 >= 0.9 * space                   # at least a space between


def test_toggles_show_dh_frames_and_the_end_effector_trace():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen = app.screen
    toggles = screen.toggles
    for label in toggles.labels:  # click each check box on its label
        box = label.get_window_extent()
        click(app.fig, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
    assert toggles.get_status() == [True] * len(TOGGLES)
    assert screen.drawing.frame_axes[0].get_visible() and screen.drawing.trace.get_visible()
    assert screen.drawing.style == "lodes" and screen.drawing.closed == 1.0
    screen.state.animate_to(robot.home + 0.2)
    poses, _ = ticks_until_still(app)
    trace = np.column_stack(screen.drawing.trace.get_data_3d())
    np.testing.assert_allclose(trace[1:], robot.fk(poses)[:, :3, 3], atol=1e-9)


def test_the_trace_follows_every_step_even_when_slow_frames_skip_some():
    robot = load_robot("Franka Panda")  # a tool: the trace is the tool point, as robot.fk
    clock = itertools.count(0.0, 0.1)   # each look at the clock: 0.1 s later (slow drawing)
    app = Application(robot=robot, figure=plt.figure(figsize=FIGSIZE, dpi=DPI),
                      clock=lambda: next(clock))
    screen = app.screen
    screen.drawing.show_trace(True)
    start, target = robot.home, robot.home + 0.3
    screen.state.animate_to(target)
    shown, _ = ticks_until_still(app)
    assert len(shown) < 10                                         # frames were skipped
    trace = np.column_stack(screen.drawing.trace.get_data_3d())
    every_step = np.vstack([start, expected_move(start, target, 10)])
    np.testing.assert_allclose(trace, robot.fk(every_step)[:, :3, 3],
                               atol=1e-9 * robot.length_scale)


def test_animation_frames_are_blitted_not_redrawn_in_full():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    draws = []
    app.fig.canvas.mpl_connect("draw_event", draws.append)
    app.screen.state.animate_to(robot.home + 0.3)
    assert draws == []                 # the start is blitted, controls showing the target
    assert app.screen.drawing.links.get_animated()
    ticks_until_still(app)
    assert draws == []                 # ten frames, no full draw
    assert not app.screen.drawing.links.get_animated()  # a saved figure shows the arm


def test_new_robot_goes_back_to_the_welcome_screen_and_disconnects_the_simulator():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    old = app.screen
    slider_ax = old.sliders[0].ax
    press(app, old.buttons["New Robot"])
    assert isinstance(app.screen, WelcomeScreen)
    click(app.fig, 0.5, 0.5, ax=slider_ax, coords="axes")  # where the slider was
    assert not old.animation.running
    with pytest.raises(RobosimError, match="closed"):
        old.state.animate_to(robot.home)


# ---------------------------------------------------------------------------- arm handle
def test_the_arm_state_contract_for_tool_windows():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    arm = app.state
    heard = []
    subscription = arm.subscribe("pose", lambda state: heard.append(state.q))
    with pytest.raises(ValidationError, match="joint 2"):
        arm.animate_to(np.radians([0, 120, 0, 0, 0]))
    t = np.linspace(0.0, 1.0, 5)
    q = robot.home + np.outer(t, np.full(robot.n, 0.2))
    arm.play(t, q)
    assert arm.last_trajectory[0] is not None
    np.testing.assert_array_equal(arm.last_trajectory[1], q)
    app.screen.animation.clock = itertools.count().__next__  # a second per tick: it plays
    poses, drawn = ticks_until_still(app)
    np.testing.assert_allclose(poses[-1], q[-1])
    assert_drawn_is_fk(robot, poses, drawn)
    assert len(heard) == len(poses)
    np.testing.assert_allclose(heard[-1], q[-1])
    points = robot.fk(q)[:, :3, 3]
    arm.set_path(points, bad=[False, True, False, False, True])
    np.testing.assert_allclose(np.column_stack(app.screen.drawing.path.get_data_3d()), points)
    arm.set_status("from a tool", error=True)
    assert app.status == "from a tool"
    subscription.unsubscribe()                          # a closed window hears nothing more
    arm.animate_to(robot.home)
    ticks_until_still(app)
    assert len(heard) == len(poses)


def test_one_button_per_tool_and_all_of_them_fit(monkeypatch):
    opened = []

    class FakeTool:
        @classmethod
        def open(cls, arm):
            opened.append(arm)
            return types.SimpleNamespace(fig=plt.figure())

    monkeypatch.setattr(sys.modules[__name__], "FakeTool", FakeTool, raising=False)
    labels = ["Workspace", "Joint workspace", "Trajectory", "Jog / IK", "Real arm", "Sixth"]
    monkeypatch.setattr(tools, "TOOLS", tuple((label, __name__, "FakeTool") for label in labels))
    app = make_app(load_robot("Lynx6"))
    buttons = [app.screen.buttons[label] for label in labels]
    boxes = [b.ax.get_position() for b in buttons]
    for i, box in enumerate(boxes):
        assert 0 <= box.x0 and box.x1 <= 1 and 0 <= box.y0 and box.y1 <= 1
        assert not any(box.overlaps(other) for other in boxes[i + 1:])
    press(app, buttons[3])
    assert opened == [app.state]
    assert app.tool_windows and app.tool_windows[0].fig.canvas.callbacks.exception_handler \
        == app.report_exception


# ---------------------------------------------------------------------------- errors
def test_an_exception_in_a_callback_becomes_a_status_message_not_a_traceback(capsys,
                                                                            monkeypatch):
    app = make_app(load_robot("Lynx6"))
    monkeypatch.delenv("ROBOSIM_DEBUG", raising=False)

    def broken():
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(app.screen, "home", broken)
    app.screen.buttons["Home"].on_clicked(lambda event: 1 / 0)
    press(app, app.screen.buttons["Home"])
    assert "ZeroDivisionError" in app.status and "ROBOSIM_DEBUG" in app.status
    app.fig.canvas.mpl_connect("key_press_event", lambda event: load_robot("no such robot"))
    type_keys(app.fig, "z")
    assert "no such robot" in app.status.lower() or "unknown" in app.status.lower()
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    monkeypatch.setenv("ROBOSIM_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        press(app, app.screen.buttons["Home"])


def test_a_student_session_from_welcome_through_the_editor_to_the_simulator_and_back():
    from robosim.gui.screens.editor import EditorScreen

    app = make_app(seed=2)
    press(app, app.screen.buttons["Enter a DH table"])
    editor = app.screen
    assert isinstance(editor, EditorScreen)
    press_label(editor, "3")
    rows = [["0", "10", "0", "90", "0", "-90", "90"],
            ["30", "0", "oops", "0", "0", "-60", "60"],   # a bad a: refused, Continue stays off
            ["0", "0", "5", "0", "0", "-45", "45"]]
    for row, values in enumerate(rows):
        editor.table.focus(row, 1)
        type_keys(app.fig, *[k for v in values for k in (v, "tab")])
    assert set(editor.table.errors) == {(1, 3)}
    press_label(editor, "Continue")
    assert app.screen is editor and "Fix the table" in app.status
    editor.table.focus(1, 3)
    type_keys(app.fig, "12", "enter")
    assert not editor.table.errors
    press_label(editor, "Continue")
    screen = app.screen
    assert isinstance(screen, SimulatorScreen)
    robot = screen.robot
    expected = Robot([Joint("R", d=10, alpha=np.pi / 2, limits=(-np.pi / 2, np.pi / 2)),
                      Joint("R", a=12, limits=(-np.pi / 3, np.pi / 3), home=np.pi / 6),
                      Joint("R", a=5, limits=(-np.pi / 4, np.pi / 4))], unit="cm")
    q = np.array([0.3, -0.2, 0.1])
    np.testing.assert_allclose(robot.fk(q), expected.fk(q), atol=1e-12)
    np.testing.assert_allclose(screen.drawing.drawn_end_effector(), expected.fk(robot.home)[:3, 3],
                               atol=1e-9)

    click(app.fig, -30.0, 0.5, ax=screen.sliders[2].ax)           # a slider
    target = robot.home.copy()
    target[2] = np.radians(screen.sliders[2].val)
    poses, drawn = ticks_until_still(app)
    np.testing.assert_allclose(poses, expected_move(robot.home, target, 10), atol=1e-12)
    assert_drawn_is_fk(expected, poses, drawn)
    press(app, screen.buttons["Random Move"])
    random_target, = random_move_targets(robot, 2)
    app.tick()
    press(app, screen.buttons["Home"])                               # during the move
    shown = target + 0.1 * (random_target - target)
    poses, drawn = ticks_until_still(app)
    np.testing.assert_allclose(poses, expected_move(shown, robot.home, 10), atol=1e-12)
    assert_drawn_is_fk(expected, poses, drawn)

    press(app, screen.buttons["Edit table"])                         # the editor, filled in
    assert isinstance(app.screen, EditorScreen) and app.screen.table.n_rows == 3
    assert float(app.screen.table.text(1, 3)) == 12
    press_label(app.screen, "Back")
    assert isinstance(app.screen, WelcomeScreen)
    click_grid_button(app.screen.my_robot_openers, 0)             # the newest of My robots
    np.testing.assert_allclose(app.screen.robot.fk(q), expected.fk(q), atol=1e-12)


def test_without_a_display_run_says_how_to_render_instead():
    with pytest.raises(RobosimError, match="robosim show ROBOT"):
        run(block=False)


def test_a_python_without_tk_is_told_which_package_to_install(monkeypatch):
    monkeypatch.delenv("MPLBACKEND", raising=False)        # matplotlib chose the backend
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setitem(sys.modules, "tkinter", None)      # import tkinter fails
    with pytest.raises(RobosimError) as error:
        run(block=False)
    message = str(error.value)
    assert "python3-tk" in message and "tcl/tk" in message and "--png" in message
    assert "display" not in message and "%matplotlib" not in message and "\n" not in message


def test_robosim_without_a_command_and_no_display_prints_one_line():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run([sys.executable, "-m", "robosim"], capture_output=True, text=True,
                            env={**env, "MPLBACKEND": "Agg"}, timeout=60)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "--png" in lines[0] and "no display" in lines[0]


def test_importing_the_gui_changes_no_global_matplotlib_state():
    code = ("import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n"
            "before = dict(matplotlib.rcParams)\n"
            "import robosim.gui.app, robosim.gui.screens.simulator, robosim.gui.screens.welcome\n"
            "import robosim.plotting.arm, robosim.gui.screens.animation\n"
            "import robosim.gui.widgets.cells\n"
            "after = dict(matplotlib.rcParams)\n"
            "print(sorted(k for k in before if before[k] != after[k]))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_window_closing_does_not_close_its_figure_a_second_time(monkeypatch):
    """Closing the figure again from its own close_event (sent by Tk while it destroys the
    window) made Tk destroy the window twice: a TclError at exit."""
    app = make_app(load_robot("Puma 560"))
    closed = []
    monkeypatch.setattr(plt, "close", lambda fig=None: closed.append(fig))
    app.fig.canvas.callbacks.process("close_event", None)
    assert app.screen is None and app.fig not in closed
    app.close()                                   # called directly: it closes its figure
    assert app.fig in closed


def test_sliders_and_value_cells_follow_a_played_trajectory():
    """While a trajectory plays, the sliders and value cells show the pose the arm shows,
    not the last row (issue 37); when it ends, the last row."""
    class Clock:
        now = 0.0

        def __call__(self):
            return self.now

    clock = Clock()
    robot = load_robot("Lynx6")
    app = Application(robot=robot, figure=plt.figure(figsize=FIGSIZE, dpi=DPI), clock=clock)
    screen = app.screen
    goal = robot.home + np.radians([40.0, -20.0, 30.0, 10.0, -50.0])
    t = np.linspace(0.0, 2.0, 41)
    app.state.play(t, robot.home + (t / 2.0)[:, None] * (goal - robot.home))
    while clock.now < 1.0:
        clock.now += 0.05
        app.tick()
    # How far along the line from home to the goal (0 to 1) a pose in degrees is; the
    # controls follow the arm at the readout's pace (every READOUT_INTERVAL s).
    home_deg, goal_deg = robot.q_to_user(robot.home), robot.q_to_user(goal)
    arm_at = (robot.q_to_user(app.state.q) - home_deg) / (goal_deg - home_deg)
    sliders_at = (np.array([s.val for s in screen.sliders]) - home_deg) / (goal_deg - home_deg)
    cells_at = (np.array([float(screen.values.text(i, 0)) for i in range(robot.n)])
                - home_deg) / (goal_deg - home_deg)
    assert 0.4 < arm_at[0] < 0.6
    lag = (READOUT_INTERVAL + 0.05) / 2.0
    for at in (sliders_at, cells_at):
        np.testing.assert_allclose(at, at[0], atol=1e-3)     # one pose of the line
        assert arm_at[0] - lag <= at[0] <= arm_at[0]
    while screen.animation.running:
        clock.now += 0.05
        app.tick()
    np.testing.assert_allclose([s.val for s in screen.sliders], robot.q_to_user(goal),
                               atol=1e-9)
    app.close()


def test_a_first_pose_in_collision_is_named_with_the_robots_notes_at_once():
    """A robot that opens in collision says so before anything is typed, with its notes
    (a URDF's home moved into the limits), and the note goes once the arm is free (issue
    37: panda.urdf opened red, the collision named only after a value was typed)."""
    free = (-math.pi, math.pi)
    folded = Robot([Joint(a=1.0, limits=free), Joint(a=1.0, limits=free, home=math.radians(178)),
                    Joint(a=1.0, limits=free)], name="folded", unit="m",
                   notes="Home: the zero pose moved into the limits (joint 2 178 deg).")
    app = make_app(folded)
    assert app.status_is_error
    assert "link 1 hits link 3" in app.status and "Home: the zero pose moved" in app.status
    app.screen.sliders[1].set_val(90.0)
    while app.screen.animation.running:
        app.tick()
    assert not app.status_is_error and "link 1 hits" not in app.status
    app.close()

"""The "Trajectories..." window, on Agg, with a fake arm handle and synthetic events."""

import math
import re

import numpy as np
import pytest

from fake_arm import FakeArm
from figure_check import assert_shows_a_full_draw
from gui_events import click, click_axes, click_cell, type_in_cell
from robosim import load_robot
from robosim.plotting import movies as trajectory_movie
from robosim.gui import window_size
from robosim.gui.tools import open_tool
from robosim.trajectory.files import read_trajectory_csv

GOAL_DEG = [60.0, -30.0, 45.0, 20.0, -75.0]


class HeldArm(FakeArm):
    """A fake arm whose ``play`` only starts: the test shows the frames with ``frame(k)``."""

    def play(self, t, q):
        self.last_trajectory = (np.asarray(t, float), np.asarray(q, float))

    def frame(self, row):
        self.show_pose(self.last_trajectory[1][row])


@pytest.fixture
def arm():
    return FakeArm(load_robot("Lynx6"))


def open_window(arm):
    return open_tool("Trajectories...", arm)


def press(window, label):
    click_axes(window.buttons[label].ax)


def set_settings(window, duration="2", points="41"):
    window.numbers.set_text(0, 0, duration)
    window.numbers.set_text(0, 1, points)


def set_goal(window, values=GOAL_DEG):
    """Fill the goal cells from code (one test types them with key events)."""
    for col, value in enumerate(values):
        window.joints.set_text(2, col, f"{value:g}")


def quintic_window(arm):
    window = open_window(arm)
    set_settings(window)
    set_goal(window)
    press(window, "Compute")
    return window


def last_status(arm):
    return arm.statuses[-1]


def test_compute_a_quintic_profile_from_the_pose_to_the_typed_goal(arm):
    start = arm.q
    window = open_window(arm)
    type_in_cell(window.numbers, 0, 0, "2", "enter")
    type_in_cell(window.numbers, 0, 1, "41", "enter")
    for col, value in enumerate(GOAL_DEG):
        type_in_cell(window.joints, 2, col, f"{value:g}", "enter")
    press(window, "Compute")
    computed = window.computed
    goal = np.radians(GOAL_DEG)
    assert len(computed.t) == 41 and computed.t[-1] == pytest.approx(2.0)
    np.testing.assert_allclose(computed.q[0], start, atol=1e-12)
    np.testing.assert_allclose(computed.q[-1], goal, atol=1e-12)
    # a quintic rest-to-rest move is half-way at half time (10 s^3 - 15 s^4 + 6 s^5 at s = 1/2)
    np.testing.assert_allclose(computed.q[20], (start + goal) / 2, atol=1e-12)
    np.testing.assert_allclose(computed.qd[[0, -1]], 0.0, atol=1e-12)
    # the simulator shows the end-effector path of the profile
    np.testing.assert_allclose(arm.path, arm.robot.fk(computed.q)[:, :3, 3])
    assert not last_status(arm)[1] and "quintic" in last_status(arm)[0]
    x, y = window.plots.lines[0][0].get_data()
    np.testing.assert_allclose(y, np.degrees(computed.q[:, 0]))


def test_the_profile_passes_the_via_rows_and_goal_can_be_the_current_pose(arm):
    window = open_window(arm)
    set_settings(window, duration="3", points="301")
    via = [30.0, 10.0, 20.0, 0.0, 0.0]
    for col, value in enumerate(via):
        window.joints.set_text(0, col, f"{value:g}")
    set_goal(window)
    press(window, "Compute")
    q = np.degrees(window.computed.q)
    # 301 samples over 3 s: some sample lies within one step (< 1 deg here) of the via
    assert np.abs(q - via).max(axis=1).min() < 1.0
    np.testing.assert_allclose(q[-1], GOAL_DEG, atol=1e-9)
    arm.animate_to(np.radians([5.0, 6.0, 7.0, 8.0, 9.0]))
    press(window, "Goal = pose")
    assert [window.joints.text(2, col) for col in range(5)] == ["5", "6", "7", "8", "9"]


def test_play_gives_the_arm_the_trajectory_and_the_playhead_follows_it():
    arm = HeldArm(load_robot("Lynx6"))
    window = quintic_window(arm)
    computed = window.computed
    press(window, "Play")
    t, q = arm.last_trajectory
    np.testing.assert_array_equal(t, computed.t)
    np.testing.assert_array_equal(q, computed.q)
    arm.frame(10)
    assert window.index == 10 and window.slider.val == pytest.approx(computed.t[10])
    playhead = window.plots.playheads[0]
    assert playhead.get_animated() and list(playhead.get_xdata()) == [computed.t[10]] * 2
    press(window, "Pause")
    assert not window.playing and "paused at t = 0.50 s" in last_status(arm)[0]
    press(window, "Play")  # continues from the playhead
    t, q = arm.last_trajectory
    np.testing.assert_array_equal(t, computed.t[10:])
    arm.frame(-1)
    assert window.index == 40 and not window.playing
    assert not playhead.get_animated()  # drawn by full draws again


def test_step_buttons_and_the_slider_move_the_arm_along_the_trajectory(arm):
    window = quintic_window(arm)
    q = window.computed.q
    press(window, ">")
    press(window, ">")
    assert window.index == 2
    np.testing.assert_allclose(arm.q, q[2])
    press(window, "<")
    np.testing.assert_allclose(arm.q, q[1])
    slider = window.slider
    click(window.fig, 1.26, 0.5, ax=slider.ax, coords="data")  # t = 1.26 s: row 25 (1.25 s)
    assert window.index == 25
    np.testing.assert_allclose(arm.q, q[25])
    press(window, "|<")
    assert window.index == 0
    np.testing.assert_allclose(arm.q, q[0])


def test_csv_export_and_import_round_trip_through_the_window(arm, tmp_path):
    window = quintic_window(arm)
    original = window.computed
    path = tmp_path / "move.csv"
    window.file.set_text(0, 0, str(tmp_path / "move"))  # the suffix is added
    press(window, "Export CSV")
    assert path.exists() and str(path) in last_status(arm)[0]
    written = read_trajectory_csv(path)
    assert written.robot_name == "Lynx6"
    set_goal(window, [10, 0, 0, 0, 0])   # the pose is home: another goal
    press(window, "Compute")
    assert not np.allclose(window.computed.q[-1], original.q[-1])
    press(window, "Import CSV")
    np.testing.assert_allclose(window.computed.t, original.t, rtol=1e-8)
    np.testing.assert_allclose(window.computed.q, original.q, atol=1e-8)
    np.testing.assert_allclose(arm.path, arm.robot.fk(original.q)[:, :3, 3], atol=1e-6)


def test_a_trajectory_for_another_robot_is_refused_on_import(arm, tmp_path):
    scara = load_robot("SCARA")
    from robosim.trajectory.files import write_trajectory_csv

    write_trajectory_csv(tmp_path / "scara.csv", scara, [0, 1], [scara.home, scara.home])
    window = quintic_window(arm)
    kept = window.computed
    window.file.set_text(0, 0, str(tmp_path / "scara.csv"))
    press(window, "Import CSV")
    message, error = last_status(arm)
    assert error and "RRPR" in message and "RRRRR" in message
    assert window.computed is kept


def test_bad_cells_turn_red_and_compute_keeps_the_last_good_trajectory(arm):
    window = quintic_window(arm)
    kept = window.computed
    type_in_cell(window.joints, 2, 1, "200", "enter")
    assert "goal, joint 2: 200 deg is outside its limits" in window.joints.errors[(2, 1)]
    press(window, "Compute")
    assert last_status(arm)[1] and window.computed is kept
    type_in_cell(window.joints, 2, 1, "-30", "enter")
    type_in_cell(window.joints, 0, 0, "10", "enter")  # a via row with one value only
    press(window, "Compute")
    message, error = last_status(arm)
    assert error and "via 1: type every joint's value or none" in message
    type_in_cell(window.numbers, 0, 1, "1", "enter")
    assert "points must be a whole number from 2" in window.numbers.errors[(0, 1)]


def test_goal_equal_to_pose_then_compute_says_there_is_nothing_to_move(arm):
    # A pose with more decimals than the goal cells show (4): "Goal = pose" rounds it, and the
    # 0.00003 deg left over is no motion the student asked for.
    arm.animate_to(np.radians([12.345678, -23.456789, 34.567891, 5.432198, -7.654321]))
    window = open_window(arm)
    press(window, "Goal = pose")
    press(window, "Compute")
    message, error = last_status(arm)
    assert error and "nothing to move" in message and window.computed is None
    window.joints.set_text(2, 0, "12.3458")         # one displayed digit away: a real move
    press(window, "Compute")
    assert not last_status(arm)[1] and window.computed is not None


#: A pose with more decimals than the goal cells show (4), deg.
FINE_POSE_DEG = [12.345678, -23.456789, 34.567891, 5.432198, -7.654321]


def test_goal_equal_to_pose_keeps_the_exact_pose_behind_its_cells(arm):
    arm.animate_to(np.radians(FINE_POSE_DEG))
    pose = arm.q
    window = open_window(arm)
    press(window, "Goal = pose")
    press(window, "Compute")
    message, error = last_status(arm)
    assert error and "nothing to move" in message and window.computed is None
    press(window, "Play")
    assert "nothing computed yet" in last_status(arm)[0]
    # out through a via row and back: the trajectory ends at the pose itself, not at the
    # pose rounded to the cells' 4 decimals (up to 5e-5 deg, about 1e-6 rad, away)
    for col, value in enumerate(GOAL_DEG):
        type_in_cell(window.joints, 0, col, f"{value:g}", "enter")
    press(window, "Compute")
    np.testing.assert_allclose(window.computed.q[-1], pose, rtol=0, atol=1e-12)


def test_an_edited_goal_cell_moves_by_exactly_the_typed_difference(arm):
    arm.animate_to(np.radians(FINE_POSE_DEG))
    pose = arm.q
    window = open_window(arm)
    press(window, "Goal = pose")
    type_in_cell(window.joints, 2, 1, "20", "enter")
    press(window, "Compute")
    moved = window.computed.q[-1] - window.computed.q[0]
    expected = np.zeros(5)
    expected[1] = np.radians(20.0) - pose[1]            # the typed value less the exact pose
    np.testing.assert_allclose(moved, expected, rtol=0, atol=1e-12)


def test_nothing_to_play_before_compute(arm):
    window = open_window(arm)
    for label in ("Play", ">", "Export CSV", "Save GIF"):
        press(window, label)
        message, error = last_status(arm)
        assert error and "nothing computed yet" in message


def test_save_gif_writes_frames_at_the_trajectory_speed(arm, tmp_path):
    from PIL import Image

    window = open_window(arm)
    set_settings(window, duration="0.4", points="5")
    set_goal(window)
    press(window, "Compute")
    window.file.set_text(0, 0, str(tmp_path / "move.csv"))
    press(window, "Save GIF")
    assert window.movie is not None and "saving" in last_status(arm)[0]
    for _ in range(50):
        if window.movie is None:
            break
        window.tick()
    message, error = last_status(arm)
    assert not error and str(tmp_path / "move.gif") in message
    assert [p.name for p in tmp_path.iterdir()] == ["move.gif"]  # no temporary file left
    with Image.open(tmp_path / "move.gif") as image:
        durations = []
        for frame in range(image.n_frames):
            image.seek(frame)
            durations.append(image.info["duration"])
    # 0.4 s at 15 frames per second: 7 frames (both ends included) of 1/15 s; GIF stores
    # hundredths of a second per frame, and Pillow merges identical frames adding their times
    assert len(durations) <= 7
    assert abs(sum(durations) - 7 * 1000 / 15) <= 10 * len(durations)


def test_mp4_without_ffmpeg_is_a_clear_message(arm, monkeypatch, tmp_path):
    monkeypatch.setattr(trajectory_movie, "mp4_available", lambda: False)
    window = quintic_window(arm)
    window.file.set_text(0, 0, str(tmp_path / "move.csv"))
    press(window, "Save MP4")
    message, error = last_status(arm)
    assert error and "ffmpeg" in message and "GIF" in message
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------ Cartesian paths
CIRCLE = ("150 + 30*cos(u)", "30*sin(u)", "150")   # Lynx6, mm: well inside its reach


def formula_window(arm, formulas=CIRCLE, u_range=("0", "6.28318530718"), points="41"):
    window = open_window(arm)
    window.choices.set_text(0, 0, "formula")
    set_settings(window, points=points)
    for row, text in enumerate(formulas, start=1):
        window.formulas.set_text(row, 0, text)
    for col, text in enumerate(u_range):
        window.ranges.set_text(2, col, text)
    for col in (0, 1):
        window.ranges.set_text(3, col, "0")
    return window


def test_own_volume_formulas_are_followed_and_drawn(arm):
    window = formula_window(arm)
    press(window, "Compute")
    u = np.linspace(0.0, 6.28318530718, 41)
    expected = np.column_stack([150 + 30 * np.cos(u), 30 * np.sin(u), np.full(41, 150.0)])
    np.testing.assert_allclose(arm.path, expected, atol=1e-9)
    assert not arm.path_bad.any()
    tips = arm.robot.fk(window.computed.q)[:, :3, 3]
    np.testing.assert_allclose(tips, expected, atol=1e-6)
    assert window.computed.t[-1] == pytest.approx(2.0)
    type_in_cell(window.numbers, 0, 4, "50", "enter")  # path speed, mm/s: it wins
    press(window, "Compute")
    chord = 2 * 30 * np.sin(np.pi / 40)  # 40 equal chords round the circle
    assert window.computed.t[-1] == pytest.approx(40 * chord / 50)


def test_a_path_shows_computing_on_screen_before_the_ik_runs(arm, monkeypatch):
    window = formula_window(arm)
    drawn_statuses = []
    window.fig.canvas.mpl_connect("draw_event",
                                  lambda event: drawn_statuses.append(window.status.message))
    seen_when_solving = []
    follow_path = window.core.follow_path

    def watched_follow_path(*args, **kwargs):
        seen_when_solving.append((arm.statuses[-1], list(drawn_statuses)))
        return follow_path(*args, **kwargs)

    monkeypatch.setattr(window.core, "follow_path", watched_follow_path)
    press(window, "Compute")
    (status, error), drawn = seen_when_solving[0]
    assert status.startswith("computing the formula path") and not error
    assert drawn and drawn[-1] == status                     # on screen, not only queued
    assert not last_status(arm)[0].startswith("computing")   # replaced by the result


def test_a_bad_formula_is_refused_and_the_last_good_path_stays(arm):
    window = formula_window(arm)
    press(window, "Compute")
    kept, kept_path = window.computed, arm.path.copy()
    type_in_cell(window.formulas, 1, 0, "__import__('os')", "enter")
    message = window.formulas.errors[(1, 0)]
    assert "__import__" in message
    assert last_status(arm) == (message, True)
    press(window, "Compute")
    assert last_status(arm)[1] and "__import__" in last_status(arm)[0]
    assert window.computed is kept
    np.testing.assert_array_equal(arm.path, kept_path)


@pytest.mark.parametrize("on_bad", ["stop", "skip"])
def test_points_out_of_reach_are_red_and_the_motion_stops_or_skips(arm, on_bad):
    # a line from inside the workspace to 1150 mm out: the Lynx6 reaches well under 1000 mm
    window = formula_window(arm, ("150 + 1000*u", "0", "150"), ("0", "1"))
    window.choices.set_text(0, 2, on_bad)
    press(window, "Compute")
    distance = np.linalg.norm(arm.path, axis=1)
    bad = arm.path_bad
    assert not bad[0] and bad[distance > 1000].all()
    first_bad = int(np.argmax(bad))
    rows = len(window.computed.t)
    assert rows == (first_bad if on_bad == "stop" else 41)
    assert f"point(s) {first_bad + 1}-41" in last_status(arm)[0]


def test_a_surface_curve_is_picked_by_its_index(arm):
    window = open_window(arm)
    click_cell(window.choices, 0, 0)  # joint -> surface
    assert window.choices.text(0, 0) == "surface"
    set_settings(window, points="21")
    window.formulas.set_text(0, 0, "150 + (x1^2 - x2^2)/100")
    for row, (low, high) in enumerate([("100", "200"), ("-40", "40")]):
        window.ranges.set_text(row, 0, low)
        window.ranges.set_text(row, 1, high)
    window.numbers.set_text(0, 2, "5")   # curves: x1 = 100, 125, 150, 175, 200
    window.numbers.set_text(0, 3, "1")   # the second: x1 = 125
    press(window, "Compute")
    x2 = np.linspace(-40, 40, 21)
    expected = np.column_stack([np.full(21, 125.0), x2, 150 + (125.0**2 - x2**2) / 100])
    np.testing.assert_allclose(arm.path, expected, atol=1e-9)


@pytest.mark.parametrize("preset, own_type, row, ending", [
    ("epicycloid", "formula", 1, "*(20 + 20*sin(u)*cos(u))"),   # volume: x, y, z rows
    ("saddle", "surface", 0, "^2)/20)"),                        # surface: (x1^2 - x2^2)/20
])
def test_a_preset_is_placed_and_its_formulas_reproduce_it(arm, preset, own_type, row, ending):
    window = open_window(arm)
    window.choices.set_text(0, 0, "preset")
    window.choices.set_text(0, 3, preset)
    set_settings(window, points="21")
    press(window, "Compute")
    preset_points = arm.path.copy()
    assert f"preset {preset}" in last_status(arm)[0]
    assert window.formulas.text(row, 0).endswith(ending)
    window.choices.set_text(0, 0, own_type)  # blank curves and index: the preset's own
    press(window, "Compute")
    # the placed offsets and scale are written with 6 significant digits
    np.testing.assert_allclose(arm.path, preset_points, atol=1e-2)


def test_a_closed_preset_written_as_formulas_still_closes(arm):
    window = open_window(arm)
    window.choices.set_text(0, 0, "preset")
    window.choices.set_text(0, 3, "weld seam")
    set_settings(window, points="41")
    press(window, "Compute")
    window.choices.set_text(0, 0, "formula")
    assert float(window.ranges.text(2, 1)) == 2 * math.pi   # the u range as the preset has it
    press(window, "Compute")
    message, error = last_status(arm)
    assert not error and "does not close" not in message


def test_closing_the_window_while_saving_leaves_no_file(arm, tmp_path):
    window = quintic_window(arm)
    window.file.set_text(0, 0, str(tmp_path / "move.gif"))
    press(window, "Save GIF")
    window.tick()
    assert 0 < window.movie.done < window.movie.total
    window.close()
    assert window.movie is None and list(tmp_path.iterdir()) == []


def test_the_goal_row_shows_rounding_noise_as_zero():
    lynx6 = load_robot("Lynx6")
    window = open_window(FakeArm(lynx6))
    window.set_goal(np.radians([-1.50368e-15, 30.0, 0.0, 0.0, 0.0]))
    goal_row = window.joints.n_rows - 1
    assert [window.joints.text(goal_row, col) for col in range(2)] == ["0", "30"]


def test_a_trajectory_through_the_table_is_flagged_before_play(arm):
    window = open_window(arm)
    set_settings(window, duration="2", points="41")
    set_goal(window, [0.0, -30.0, 0.0, -60.0, 0.0])               # the gripper into the table
    press(window, "Compute")
    message, error = last_status(arm)
    assert error and re.match(r"at t = [\d.]+ s link 4 \(wrist\) hits table: the real arm "
                              r"refuses this trajectory", message)
    set_goal(window)                                               # the usual goal: clear
    press(window, "Compute")
    assert not last_status(arm)[1]


@pytest.mark.parametrize("screen_px", [(1000, 650), (1920, 1080)])
def test_the_time_axis_stays_above_the_slider(arm, screen_px):
    # Seen in a real window on the 1000 x 650 lab screen: "time (s)" and the lowest plot's
    # tick labels were drawn under the t (s) slider, which hid them.
    from layout_check import tk_window_figure
    from robosim.gui.tools.trajectories import FIGSIZE

    window = open_window(arm)
    fig = window.fig
    width, height, dpi = tk_window_figure(FIGSIZE, screen_px)
    fig.set_dpi(dpi)                                  # Tk's scaling under Xvfb
    fig.set_size_inches(width, height)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    time_axis = window.plots.axes[-1].xaxis.get_tightbbox(renderer)
    assert "time (s)" == window.plots.axes[-1].get_xlabel()
    assert time_axis.y0 > window.slider.ax.get_window_extent(renderer).y1



def test_a_12_joint_robots_goal_headers_shrink_to_their_columns():
    # Seen in a real window on a 1920 x 1080 screen: "q1 degq2 cmq3 deg...", the goal row's
    # headers drawn over each other at 8 pt at the size the window opened at; fitted, each
    # is within its column (1 px of anti-aliasing allowed): "q1" ... "q12" with "deg" said
    # once above the row labels, as "q12 deg" does not fit even at 6 pt.
    from layout_check import TOLERANCE_PX
    from robosim import Joint, Robot

    twelve = Robot([Joint(a=8.0) for _ in range(12)], unit="cm", name="Twelve")
    window = open_tool("Trajectories...", FakeArm(twelve))
    window.fig.canvas.draw()
    renderer = window.fig.canvas.get_renderer()
    headers = [text.get_window_extent(renderer) for text in window.joints.ax.texts
               if re.fullmatch(r"q\d+", text.get_text())]
    assert len(headers) == 12
    assert "deg" in [text.get_text() for text in window.joints.ax.texts if text.get_visible()]
    assert all(left.x1 - right.x0 <= TOLERANCE_PX
               for left, right in zip(headers[:-1], headers[1:], strict=True))


def test_a_12_joint_legend_stays_inside_the_lab_screens_window(arm):
    # Four legend rows over the plots: lifting the plots above the slider must not push them
    # out of the top of the 510 px high window the 1000 x 650 screen leaves.
    from layout_check import layout_problems, tk_window_figure
    from matplotlib.backend_bases import ResizeEvent
    from robosim import Joint, Robot
    from robosim.gui.tools.trajectories import FIGSIZE

    twelve = Robot([Joint(a=8.0) for _ in range(12)], unit="cm", name="Twelve")
    window = open_tool("Trajectories...", FakeArm(twelve))
    fig = window.fig
    width, height, dpi = tk_window_figure(FIGSIZE)
    fig.set_dpi(dpi)
    fig.set_size_inches(width, height)
    fig.canvas.callbacks.process("resize_event", ResizeEvent("resize_event", fig.canvas))
    assert [p for p in layout_problems(fig) if "leaves the figure" in p] == []


@pytest.mark.parametrize("robot", ["Lynx6", "Stanford"])     # Stanford: a prismatic twin axis
def test_empty_plots_show_clean_axes_on_a_small_screen(monkeypatch, robot):
    # Before Compute the plots hold only the hidden playheads at t = 0: autoscaled, a window
    # shrunk to a 1000 x 650 screen gave a time axis of +-1e-17 s labelled "1e-17".
    monkeypatch.setattr(window_size, "screen_size_px", lambda fig: (1000, 650))
    window = open_window(FakeArm(load_robot(robot)))
    window.fig.canvas.draw()
    plot_axes = [ax for ax in window.fig.axes if ax.get_ylabel()]
    assert len(plot_axes) == (3 if robot == "Lynx6" else 6)
    for ax in plot_axes:
        assert ax.xaxis.get_offset_text().get_text() == ""
        assert ax.yaxis.get_offset_text().get_text() == ""
        assert ax.get_xlim()[0] == 0.0          # no negative times either


def test_the_time_slider_and_the_status_follow_the_arm_while_it_plays():
    """Each played frame shows the slider where the playhead is, as a full draw would, and
    the status line the time (issue 37: "t (s)" and the status stayed at 0 until the end)."""
    arm = HeldArm(load_robot("Lynx6"))
    window = quintic_window(arm)
    window.fig.canvas.draw()
    press(window, "Play")
    arm.frame(20)                               # 41 rows over 2 s: t = 1.00 s
    assert window.slider.val == pytest.approx(1.0)
    assert_shows_a_full_draw(window.fig)
    assert "t = 1.0 of 2.00 s" in window.status.message
    arm.frame(30)
    assert_shows_a_full_draw(window.fig)
    assert "t = 1.5 of 2.00 s" in window.status.message

"""The "Dynamics..." window driven through its widgets on Agg (issue 17, item 4).

The torques, holding torques and falls themselves are checked against closed forms in
tests/test_dynamics.py; here the window must show what the core computes for the motion and
pose the user chose, the servo ratings of the Lynx6's stock calibration (Hitec datasheets:
0.59, 2.42, 1.29, 0.94, 0.47 N m, robosim/hardware/calibration.py), and follow the arm.
"""

import itertools

import matplotlib.pyplot as plt
from matplotlib.transforms import Bbox
import numpy as np
import pytest

from fake_arm import FakeArm
from figure_check import IMAGE_COMPARE, strip_text
from gui_events import click, click_axes, click_cell, type_in_cell
from robosim import dynamics, load_robot
from robosim.gui.app import Application
from robosim.gui.tools import open_tool
from robosim.hardware.calibration import default_calibration_path, load_calibration
from robosim.kinematics import below_floor

RATED_NM = [0.59, 2.42, 1.29, 0.94, 0.47]


def open_window(arm):
    return open_tool("Dynamics...", arm)


def press(window, label):
    click_axes(window.buttons[label].ax)


def elbow_shake():
    """The Lynx6's elbow shaken 0.05 rad at 20 rad/s for a second: with 250 g in the gripper
    the elbow needs more than its servo's 1.29 N m (tests/plotting/test_dynamics_plots.py)."""
    t = np.linspace(0.0, 1.0, 201)
    q = np.zeros((201, 5))
    q[:, 2] = 0.05 * np.sin(20.0 * t)
    return t, q


def drawn_lines(ax):
    """The axes' lines: the torque needed, holding still, then the limits and marks."""
    needed, holding, *rest = ax.get_lines()
    limits = sorted(line.get_ydata()[0] for line in rest if line.get_linestyle() == "--")
    dots = [(line.get_xdata()[0], line.get_ydata()[0]) for line in rest
            if line.get_marker() == "o"]
    return needed, holding, limits, dots


def bar_heights(window):
    return np.array([bar.get_height() for bar in window.bars.bars])


# ------------------------------------------------------------------------------ torques
def test_a_played_trajectory_is_plotted_per_joint_with_the_servo_ratings():
    arm = FakeArm(load_robot("Lynx6"))
    window = open_window(arm)
    t, q = elbow_shake()
    arm.play(t, q)                                  # the Trajectories window does this
    expected = dynamics.trajectory_torques(arm.robot, t, q)
    for i, ax in enumerate(window.torque_axes):
        needed, holding, limits, dots = drawn_lines(ax)
        np.testing.assert_array_equal(needed.get_xdata(), t)
        np.testing.assert_allclose(needed.get_ydata(), expected.tau[:, i])
        np.testing.assert_allclose(holding.get_ydata(), expected.static[:, i])
        assert limits == [-RATED_NM[i], RATED_NM[i]]
        assert dots == []                          # no payload: within every rating
    assert "every joint within its limit" in window.status.message
    assert not window.status.error


def test_with_a_payload_the_first_exceedance_is_marked_and_named():
    arm = FakeArm(load_robot("Lynx6"))
    window = open_window(arm)
    type_in_cell(window.settings, 0, 3, "250", "enter")         # grams
    t, q = elbow_shake()
    arm.play(t, q)
    loaded = dynamics.with_payload(arm.robot, 0.25)
    tau = dynamics.trajectory_torques(loaded, t, q).tau[:, 2]
    first = int(np.argmax(np.abs(tau) > 1.29))
    assert abs(tau[first]) > 1.29 and np.all(np.abs(tau[:first]) <= 1.29)
    _, _, limits, dots = drawn_lines(window.torque_axes[2])
    assert limits == [-1.29, 1.29] and dots == [(t[first], tau[first])]
    for i in (0, 1, 3, 4):
        assert drawn_lines(window.torque_axes[i])[3] == []
    message = window.status.message
    assert window.status.error
    assert "joint 3 (elbow)" in message and f"t = {t[first]:.3f} s" in message
    slower = float(message.split("play it ")[1].split(" times slower")[0])
    # played that much slower, the motion is within every rating (and 2 % faster is not)
    for factor, ok in ((slower, True), (slower / 1.02, False)):
        check = dynamics.check_torque_limits(
            dynamics.trajectory_torques(loaded, factor * t, q), RATED_NM)
        assert check.ok is ok


def test_a_joint_profile_to_the_goal_row_is_analysed():
    arm = FakeArm(load_robot("Puma 560"))
    window = open_window(arm)
    click_cell(window.settings, 0, 0)                           # -> "joint profile"
    assert window.settings.text(0, 0) == "joint profile"
    type_in_cell(window.goal, 0, 1, "60", "enter")
    type_in_cell(window.settings, 0, 2, "1.5", "enter")
    press(window, "Torques")
    needed, holding = window.torque_axes[1].get_lines()[:2]
    assert needed.get_xdata()[-1] == pytest.approx(1.5)
    # the shoulder ends held still at 60 deg: what gravity needs there
    goal = arm.q.copy()
    goal[1] = np.radians(60)
    assert holding.get_ydata()[-1] == pytest.approx(
        dynamics.gravity_torques(arm.robot, goal)[1], rel=1e-9)
    assert "no rated torques known for Puma 560" in window.status.message
    assert [line for line in window.torque_axes[1].get_lines()
            if line.get_linestyle() == "--"] == []


def test_the_goal_row_keeps_to_the_calibrated_range_while_one_is_in_use():
    """The stock Lynx6 calibration spans +-900 us at 11.111 us/deg: +-81.0 deg of the model's
    +-90 deg (tests/gui/test_gui_calibrated_limits.py); a goal the real arm cannot reach is
    refused, and accepted again once the calibration is gone."""
    arm = FakeArm(load_robot("Lynx6"))
    window = open_window(arm)
    arm.set_calibration(load_calibration(default_calibration_path()), "lynx6.calibration.json")
    type_in_cell(window.goal, 0, 1, "85", "enter")
    assert window.goal.errors[(0, 1)] == (
        "goal, joint 2: 85 deg is outside its calibrated range [-81, 81] deg")
    arm.set_calibration(None)
    type_in_cell(window.goal, 0, 1, "84", "enter")
    assert (0, 1) not in window.goal.errors
    assert window.goal.text(0, 1) == "84"


def test_torques_without_a_trajectory_say_what_to_do():
    window = open_window(FakeArm(load_robot("Lynx6")))
    press(window, "Torques")
    assert window.status.error and "no trajectory played yet" in window.status.message


def test_a_bad_payload_is_refused_and_the_last_one_kept():
    arm = FakeArm(load_robot("Lynx6"))
    window = open_window(arm)
    type_in_cell(window.settings, 0, 3, "100", "enter")
    type_in_cell(window.settings, 0, 3, "-5", "enter")
    assert window.settings.errors and "payload (g)" in window.status.message
    assert window.loaded.dynamics.links[-1].mass == pytest.approx(
        arm.robot.dynamics.links[-1].mass + 0.1)


def test_torques_refuse_to_judge_while_the_payload_cell_is_red():
    arm = FakeArm(load_robot("Lynx6"))
    window = open_window(arm)
    arm.play(np.linspace(0.0, 2.0, 21), np.zeros((21, arm.robot.n)))
    analysed = window.torques                     # the trajectory played was analysed
    type_in_cell(window.settings, 0, 3, "-5", "enter")
    press(window, "Torques")
    assert window.status.error and "fix the red payload cell first" in window.status.message
    assert window.torques is analysed             # no new verdict on the last good payload


# ------------------------------------------------------------------------ holding torques
def make_app(robot_name):
    return Application(robot=load_robot(robot_name), clock=lambda: 0.0,
                       figure=plt.figure(figsize=(10, 6.5), dpi=100))


def test_the_bars_follow_a_slider_blitted_while_moving_drawn_when_still():
    app = make_app("Lynx6")
    state, screen = app.state, app.screen
    window = open_window(state)
    window.fig.canvas.draw()
    before = dynamics.gravity_torques(state.robot, state.q)
    np.testing.assert_allclose(bar_heights(window), before)
    click(app.fig, 40.0, 0.5, ax=screen.sliders[1].ax)              # shoulder to 40 deg
    app.tick()                                                   # the first of ten steps
    assert window.blit.animated("gravity")
    np.testing.assert_allclose(bar_heights(window),
                               dynamics.gravity_torques(state.robot, state.q))
    while screen.animation.running:
        app.tick()
    assert not window.blit.animated("gravity")
    assert np.degrees(state.q[1]) == pytest.approx(40.0, abs=1.0)
    held = dynamics.gravity_torques(state.robot, state.q)
    np.testing.assert_allclose(bar_heights(window), held)
    assert np.abs(held - before).max() > 0.1           # the bars moved


# ------------------------------------------------------------------------------ free fall
def test_free_fall_plays_at_once_computed_ahead_and_keeps_its_energy_until_a_stop():
    app = make_app("Puma 560")
    state, screen = app.state, app.screen
    start = np.radians([0, 30, -60, 0, 45, 0])
    state.animate_to(start)
    while screen.animation.running:
        app.tick()
    window = open_window(state)
    window.clock = itertools.count(0.0, 0.05).__next__      # a tick of the window: 50 ms
    type_in_cell(window.settings, 0, 4, "0.6", "enter")
    press(window, "Free fall")
    run = window.integration
    assert state.last_trajectory is None                 # nothing for Play on arm
    assert window.falling and window.fall is None and run.t[-1] == pytest.approx(0.6)
    # the simulator shows the fall while most of it is still to compute (its clock is read a
    # few times a frame: 20 ms a reading)
    screen.animation.clock = itertools.count(0.0, 0.02).__next__
    app.tick()
    app.tick()
    assert run.ready < len(run.t) / 2 and window.integration is run
    assert not np.array_equal(state.q, start)
    row = int(np.argmin(np.abs(run.q[:run.ready] - state.q).sum(axis=1)))
    np.testing.assert_array_equal(run.q[row], state.q)              # a pose of the fall
    shown = [state.q]
    while screen.animation.running or window.integration is not None:
        window.feed_fall()                               # the window's timer
        app.tick()
        shown.append(state.q)
    fall = window.fall
    np.testing.assert_array_equal(fall.q[0], start)
    # a stop at a limit or the contact (the Puma's forearm meets its waist at 0.46 s) takes
    # energy out; until the first, none is lost
    first_stop = min([h.time for h in fall.limit_hits] + [c.time for c in fall.contacts],
                     default=np.inf)
    drift = np.abs(fall.energy[fall.t < first_stop] - fall.energy[0]).max()
    assert drift <= 1e-6 * abs(fall.energy[0])
    total = window.energy_ax.get_lines()[2]
    np.testing.assert_array_equal(total.get_ydata(), fall.energy)
    for q in shown:                                      # every pose shown is one of the fall
        assert np.abs(fall.q - q).sum(axis=1).min() == 0.0
    assert len(shown) > 5
    np.testing.assert_array_equal(state.q, fall.q[-1])
    final = state.robot.q_to_user(fall.q[-1])
    assert [slider.val for slider in screen.sliders] == pytest.approx(final)


def test_the_falls_first_frame_is_drawn_before_the_fall_is_computed_without_a_full_draw():
    """Issue 27 item 4: a full draw of the simulator takes a good part of a second in a real
    window, so the fall's start is blitted, in both figures; what it shows is what a full draw
    of the same state shows (no stale background: no arm left at its start pose, nothing
    missing)."""
    app = make_app("Puma 560")
    state, screen = app.state, app.screen
    window = open_window(state)
    figures = (app.fig, window.fig)
    for fig in figures:
        fig.canvas.draw()                               # the windows as the user sees them
    draws = []
    for fig in figures:
        fig.canvas.mpl_connect("draw_event", draws.append)
    start = state.q.copy()
    screen.animation.clock = itertools.count(0.0, 0.05).__next__
    press(window, "Free fall")
    app.tick()
    assert window.integration is not None and not np.array_equal(state.q, start)
    assert draws == []
    shown = [np.asarray(fig.canvas.buffer_rgba()).astype(int) for fig in figures]
    for fig, pixels in zip(figures, shown, strict=True):
        fig.canvas.draw()
        # a cell blitted alone leaves its borders' antialiasing a few levels off; something
        # stale or missing is off by far more
        assert np.abs(pixels - np.asarray(fig.canvas.buffer_rgba())).max() <= 16


def test_the_playhead_follows_the_fall_once_it_is_computed():
    # the Stanford arm falls 1 s without touching anything: computed at once, with far more
    # than PRESENT_AHEAD_S left to play, its energy is plotted while it plays
    app = make_app("Stanford")
    state, screen = app.state, app.screen
    window = open_window(state)
    type_in_cell(window.settings, 0, 4, "1", "enter")
    press(window, "Free fall")
    while window.integration is not None:
        window.feed_fall()
    fall = window.fall
    screen.animation.clock = itertools.count(0.0, 0.02).__next__
    while screen.animation.running:
        app.tick()
        if window.falling:
            row = int(np.argmin(np.abs(fall.q - state.q).sum(axis=1)))
            assert window.playhead.get_xdata()[0] == fall.t[row]
    assert not window.falling


def test_stop_holds_the_arm_where_it_is():
    arm = FakeArm(load_robot("Lynx6"))
    window = open_window(arm)
    press(window, "Stop")
    assert not window.falling and "holds the pose" in window.status.message


# ------------------------------------------------------------------- a robot without dynamics
def test_a_robot_without_dynamics_gets_the_reason_not_a_blank_window():
    arm = FakeArm(load_robot("SCARA"))
    window = open_tool("Dynamics...", arm)
    assert "has no dynamics" in window.message.get_text()
    assert "'dynamics' section" in window.message.get_text()
    assert window.status.error and "has no dynamics" in window.status.message
    assert not hasattr(window, "buttons") and not hasattr(window, "torque_axes")
    arm.animate_to(arm.robot.home)                       # no observer to fail


# -------------------------------------------------------------------------------- baseline
@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_dynamics_window_figure():
    """The Lynx6 with 250 g, its elbow shaken beyond the rating, shoulder leant forward."""
    arm = FakeArm(load_robot("Lynx6"))
    window = open_tool("Dynamics...", arm)
    fig = window.fig
    fig.set_size_inches(10.0, 6.5)
    fig.set_dpi(80)
    type_in_cell(window.settings, 0, 3, "250", "enter")
    arm.play(*elbow_shake())
    arm.animate_to(np.radians([0, 30, -20, 10, 0]))
    return strip_text(fig)


def test_a_fall_onto_the_table_stops_there_and_says_which_link_hit_it_when():
    """Issue 37 item 4: the Lynx6 let go at home fell through its own table and ended 200 mm
    under it, red, "it ends with collision". It stops at the table now, and the status line
    names the pair and the time as the collision checker and the core name them."""
    lynx6 = load_robot("Lynx6")
    arm = FakeArm(lynx6)
    window = open_window(arm)
    type_in_cell(window.settings, 0, 4, "1", "enter")
    press(window, "Free fall")
    while window.integration is not None:
        window.feed_fall()
    fall = window.fall
    (contact,) = fall.contacts
    pair = arm.collisions.check(fall.q[-1] + (fall.q[-1] - fall.q[0]) * 1e-6).colliding_pairs()
    assert list(contact.pairs) == pair and pair[0][1] == "table"   # a hair further: in it
    assert not below_floor(lynx6, fall.q[-1], 0.0).any()  # the Lynx6 stands at z = 0
    message = window.status.message
    assert message.startswith(f"{pair[0][0]} hits table at t = {contact.time:.3g} s, where "
                              f"the arm rests")
    assert arm.statuses[-1] == (message, False)
    # the simulator was given the fall up to the contact, and no further
    played = arm.playing[0]
    assert played[-1] == pytest.approx(contact.time, abs=2 * 0.002)
    np.testing.assert_array_equal(arm.q, fall.q[-1])


def test_goal_cells_show_rounding_noise_as_zero():
    lynx6 = load_robot("Lynx6")
    window = open_window(FakeArm(lynx6))
    q = np.radians([-1.50368e-15, 30.0, -0.00004, 12.345678, 0.0])
    window.set_goal(q)
    assert [window.goal.text(0, col) for col in range(5)] == ["0", "30", "0", "12.3457", "0"]


def test_when_a_fall_ends_its_sliders_show_its_last_pose_without_a_full_draw():
    """Seen in a real window: after a free fall computed while it played, the value cells
    showed its last pose but the sliders stayed where its first computed rows ended (the
    animation's target when it started) until something drew the window in full."""
    app = make_app("Lynx6")
    state, screen = app.state, app.screen
    state.animate_to(np.radians([0, 0, 0, 60, 0]))
    while screen.animation.running:
        app.tick()
    window = open_window(state)
    type_in_cell(window.settings, 0, 4, "0.6", "enter")
    for fig in (app.fig, window.fig):
        fig.canvas.draw()
    draws = []
    app.fig.canvas.mpl_connect("draw_event", draws.append)
    screen.animation.clock = itertools.count(0.0, 0.05).__next__
    press(window, "Free fall")
    while screen.animation.running or window.integration is not None:
        window.feed_fall()
        app.tick()
    assert draws == []                                   # all blitted: what the user sees
    final = state.robot.q_to_user(window.fall.q[-1])
    assert [slider.val for slider in screen.sliders] == pytest.approx(final)
    box = Bbox.union([slider.ax.bbox for slider in screen.sliders])
    rows = slice(int(app.fig.bbox.height - box.y1), int(app.fig.bbox.height - box.y0))
    columns = slice(int(box.x0), int(box.x1))
    shown = np.asarray(app.fig.canvas.buffer_rgba())[rows, columns].astype(int)
    app.fig.canvas.draw()
    drawn = np.asarray(app.fig.canvas.buffer_rgba())[rows, columns].astype(int)
    assert np.abs(shown - drawn).max() <= 16


def play_fall(robot_name, seconds):
    """Open the simulator on ``robot_name`` and its Dynamics window, drawn as the user sees
    them, and let the arm fall for ``seconds``, the clock moving 1/60 s a frame (the
    simulator's frame rate ceiling) and the window's timer ticking every 40 ms. Returns the
    app, the window, the poses shown frame by frame, the full draws of the Dynamics window
    made while the fall played, and whether its energy plot was shown while it played."""
    from robosim.gui.screens.simulator import PLAYBACK_INTERVAL_MS
    from robosim.gui.tools.dynamics import FALL_TICK_MS

    now = [0.0]
    app = Application(robot=load_robot(robot_name), clock=lambda: now[0],
                      figure=plt.figure(figsize=(10, 6.5), dpi=100))
    state, screen = app.state, app.screen
    window = open_window(state)
    window.clock = lambda: now[0]
    type_in_cell(window.settings, 0, 4, f"{seconds:g}", "enter")
    for fig in (app.fig, window.fig):
        fig.canvas.draw()
    draws = []
    window.fig.canvas.mpl_connect("draw_event",
                                  lambda event: draws.append(window.falling))
    press(window, "Free fall")
    shown, next_tick, plotted = [], FALL_TICK_MS / 1000, False
    while screen.animation.running or window.integration is not None:
        now[0] += PLAYBACK_INTERVAL_MS / 1000
        if now[0] >= next_tick:
            window.feed_fall()
            next_tick += FALL_TICK_MS / 1000
        app.tick()
        shown.append(state.q)
        plotted = plotted or (window.falling and window.presented)
    return app, window, shown, [falling for falling in draws if falling], plotted


def distinct(poses):
    return len({tuple(q) for q in poses})


def test_a_2_s_fall_plays_at_least_25_poses_per_simulated_second():
    # the Stanford arm falls 2 s without touching anything (tests/dynamics/test_contacts.py)
    app, window, shown, draws_while_falling, plotted = play_fall("Stanford", 2.0)
    assert window.fall.contacts == [] and window.fall.t[-1] == 2.0
    assert distinct(shown) >= 25 * 2.0
    # computed long before it ended, its energy plot came while it played, blitted
    assert plotted and draws_while_falling == []


def test_a_short_fall_onto_the_table_plays_without_a_full_draw_until_it_rests():
    """Seen in a real window: the Lynx6's fall onto its table (0.18 s) showed one pose, its
    last: the energy plot and the summary, drawn in full as soon as the fall was computed,
    held up the simulator's frames for longer than the fall lasts. They are shown when the
    arm rests; until then nothing of the Dynamics window is drawn in full."""
    app, window, shown, draws_while_falling, plotted = play_fall("Lynx6", 2.0)
    (contact,) = window.fall.contacts
    assert draws_while_falling == [] and not plotted
    assert distinct(shown) >= 25 * contact.time
    assert window.presented and window.status.message.startswith(str(contact))
    # its energy plot came when the arm rested: the playhead is where the fall stopped
    assert window.playhead.get_xdata()[0] == pytest.approx(contact.time, abs=0.002)
    np.testing.assert_array_equal(app.state.q, window.fall.q[-1])


def test_the_energy_plot_blitted_while_the_fall_plays_is_what_a_full_draw_shows():
    app = make_app("Stanford")
    window = open_window(app.state)
    type_in_cell(window.settings, 0, 4, "1", "enter")
    for fig in (app.fig, window.fig):
        fig.canvas.draw()
    press(window, "Free fall")
    while window.integration is not None:
        window.feed_fall()                     # all of it computed, none of it played yet
    assert window.falling and window.presented
    shown = np.asarray(window.fig.canvas.buffer_rgba()).astype(int)
    window.fig.canvas.draw()
    drawn = np.asarray(window.fig.canvas.buffer_rgba()).astype(int)
    box = window.energy_ax.bbox.padded(30)
    height = window.fig.bbox.height
    rows = slice(int(height - box.y1), int(height - box.y0))
    columns = slice(int(box.x0), int(box.x1))
    assert np.abs(shown[rows, columns] - drawn[rows, columns]).max() <= 16
    assert np.abs(shown - drawn).max() <= 16            # and nothing else went stale

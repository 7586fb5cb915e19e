"""Dragging the gripper in the simulator's 3D view (issue 30, item 3), with synthetic events."""

import matplotlib.pyplot as plt
import numpy as np
import pytest

from figure_check import assert_shows_a_full_draw
from gui_events import key, mouse
from robosim import ik, load_robot
from robosim.gui.app import Application
from robosim.gui.screens.simulator import HINT
from robosim.gui.screens.gripper_drag import OUT_OF_REACH, to_pixels, view_plane
from data_files import URDF_DIR

FIGSIZE, DPI = (10, 7), 100


def make_app(robot):
    return Application(robot=robot, figure=plt.figure(figsize=FIGSIZE, dpi=DPI),
                       clock=lambda: 0.0)


def tool_pixel(screen):
    return to_pixels(screen.ax, screen.drawing.end_effector[:3, 3])[0]


def move(fig, x, y, key_held=None):
    mouse(fig, "motion_notify_event", x, y, key=key_held)


def undo_and_wait(app, undo_key="ctrl+z"):
    """``undo_key`` (ctrl+z, or cmd+z as matplotlib names macOS's Command+z), then the
    animation it starts ticked to its end."""
    key(app.fig, undo_key)
    for _ in range(500):
        if not app.screen.animation.running:
            break
        app.screen.tick()


def pixel_motion_to_data(ax, origin, motion):
    """The in-plane displacement whose drawing moves by ``motion`` pixels: solved here from
    two points projected one unit along the view plane's vectors (independent of the code's
    own basis: finite differences of to_pixels at 1e-3 of a unit)."""
    right, up, _toward = view_plane(ax)
    h = 1e-3
    base = to_pixels(ax, origin)[0]
    columns = [(to_pixels(ax, origin + h * v)[0] - base) / h for v in (right, up)]
    a, b = np.linalg.solve(np.column_stack(columns), motion)
    return a * right + b * up


@pytest.mark.parametrize("name", ["Puma 560", "Lynx6"])
def test_the_tool_point_follows_the_pointer_in_the_plane_facing_the_viewer(name):
    robot = load_robot(name)
    app = make_app(robot)
    screen, fig = app.screen, app.fig
    fig.canvas.draw()
    start_q = app.state.q.copy()
    start = robot.fk(start_q)[:3, 3]
    x, y = tool_pixel(screen)
    draws = []
    fig.canvas.mpl_connect("draw_event", draws.append)
    mouse(fig, "button_press_event", x, y)
    motion = np.array([12.0, 9.0])
    for f in np.linspace(0.25, 1.0, 4):
        move(fig, x + f * motion[0], y + f * motion[1])
    mouse(fig, "button_release_event", x + motion[0], y + motion[1])
    assert len(draws) <= 1                 # the first frame's; every move after it is blitted
    moved = robot.fk(app.state.q)[:3, 3] - start
    _right, _up, toward = view_plane(screen.ax)
    assert np.linalg.norm(moved) > 0
    assert abs(moved @ toward) < 1e-3 * np.linalg.norm(moved)   # in the plane facing us
    expected = pixel_motion_to_data(screen.ax, start, motion)
    np.testing.assert_allclose(moved, expected, atol=0.02 * np.linalg.norm(expected))
    np.testing.assert_allclose(to_pixels(screen.ax, robot.fk(app.state.q)[:3, 3])[0],
                               (x, y) + motion, atol=1.0)      # the gripper under the pointer
    values = robot.q_to_user(app.state.q)
    np.testing.assert_allclose([s.val for s in screen.sliders], values, atol=1e-9)
    assert [float(screen.values.text(i, 0)) for i in range(robot.n)] == pytest.approx(
        values, abs=1e-4)
    if robot.n >= 6:                        # orientation held
        np.testing.assert_allclose(robot.fk(app.state.q)[:3, :3], robot.fk(start_q)[:3, :3],
                                   atol=1e-6)


def test_the_puma_stays_on_its_branch_and_the_view_does_not_rotate():
    robot = load_robot("Puma 560")
    app = make_app(robot)
    screen, fig = app.screen, app.fig
    app.state.jump_to(np.radians([0, 30, -100, 10, 30, 0]))
    fig.canvas.draw()
    before = ik.branch_labels(robot, app.state.q[None])[0]
    assert "elbow up" in before
    elev, azim = screen.ax.elev, screen.ax.azim
    x, y = tool_pixel(screen)
    mouse(fig, "button_press_event", x, y)
    for dx in range(5, 60, 5):
        move(fig, x + dx, y - dx / 2)
    mouse(fig, "button_release_event", x + 55, y - 27.5)
    assert ik.branch_labels(robot, app.state.q[None])[0] == before
    assert (screen.ax.elev, screen.ax.azim) == (elev, azim)


def test_shift_drags_along_one_base_axis():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen, fig = app.screen, app.fig
    fig.canvas.draw()
    start = robot.fk(app.state.q)[:3, 3]
    x, y = tool_pixel(screen)
    mouse(fig, "button_press_event", x, y)
    move(fig, x, y + 15, key_held="shift")
    mouse(fig, "button_release_event", x, y + 15)
    moved = robot.fk(app.state.q)[:3, 3] - start
    assert np.count_nonzero(np.abs(moved) > 1e-4 * np.abs(moved).max()) == 1


@pytest.mark.parametrize("undo_key", ["ctrl+z", "cmd+z"])     # cmd: macOS's Command key
def test_a_drag_beyond_reach_stops_with_a_message_and_ctrl_or_cmd_z_undoes_it(undo_key):
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen, fig = app.screen, app.fig
    fig.canvas.draw()
    home = app.state.q.copy()
    x, y = tool_pixel(screen)
    mouse(fig, "button_press_event", x, y)
    move(fig, x + 10, y)
    good = app.state.q.copy()
    assert not np.allclose(good, home)
    move(fig, x + 2000, y)                  # far beyond the arm's reach
    assert app.status == OUT_OF_REACH and app.status_is_error
    np.testing.assert_array_equal(app.state.q, good)   # the last good pose
    mouse(fig, "button_release_event", x + 2000, y)
    undo_and_wait(app, undo_key)
    np.testing.assert_allclose(app.state.q, home, atol=1e-9)


def test_a_press_away_from_the_gripper_leaves_the_arm_and_rotates_the_view():
    app = make_app(load_robot("Lynx6"))
    screen, fig = app.screen, app.fig
    fig.canvas.draw()
    q = app.state.q.copy()
    azim = screen.ax.azim
    x, y = tool_pixel(screen)
    mouse(fig, "button_press_event", x + 40, y + 40)
    move(fig, x + 80, y + 40)
    mouse(fig, "button_release_event", x + 80, y + 40)
    np.testing.assert_array_equal(app.state.q, q)
    assert screen.ax.azim != azim          # the view's own rotate-on-drag still works


def test_the_view_rotates_on_drag_again_after_a_gripper_drag():
    app = make_app(load_robot("Lynx6"))
    screen, fig = app.screen, app.fig
    fig.canvas.draw()
    x, y = tool_pixel(screen)
    mouse(fig, "button_press_event", x, y)
    move(fig, x + 5, y)
    mouse(fig, "button_release_event", x + 5, y)
    assert app.status == HINT                 # the drag's note goes with the release
    azim = screen.ax.azim
    box = screen.ax.bbox                      # a press inside the view, away from the gripper
    x, y = box.x0 + 0.15 * box.width, box.y0 + 0.15 * box.height
    mouse(fig, "button_press_event", x, y)
    move(fig, x + 40, y)
    mouse(fig, "button_release_event", x + 40, y)
    assert screen.ax.azim != azim


def test_pressing_the_lynx6_gripper_into_its_table_stops_before_the_collision():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen, fig = app.screen, app.fig
    fig.canvas.draw()
    x, y = tool_pixel(screen)
    mouse(fig, "button_press_event", x, y)
    for dy in range(4, 400, 4):             # straight down along z, into the table
        move(fig, x, y - dy, key_held="shift")
        if app.status_is_error:             # the first refusal
            break
    mouse(fig, "button_release_event", x, y - dy)
    assert app.status.startswith("Drag stopped before a collision: ")
    assert "table" in app.status
    assert not app.state.collisions.check(app.state.q).collides
    assert robot.fk(app.state.q)[2, 3] < robot.fk(robot.home)[2, 3]   # it did go down


def test_each_drag_move_checks_collisions_once_and_draws_what_the_check_found(monkeypatch):
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen, fig = app.screen, app.fig
    fig.canvas.draw()
    checker = app.state.collisions
    assert screen.drawing.collisions is checker
    checked = []
    real_check = checker.check

    def counted_check(q, frames=None):
        checked.append(q)
        return real_check(q, frames)

    monkeypatch.setattr(checker, "check", counted_check)
    x, y = tool_pixel(screen)
    mouse(fig, "button_press_event", x, y)
    for step in range(1, 6):
        before = app.state.q.copy()
        checked.clear()
        move(fig, x + 4 * step, y)
        assert not np.array_equal(app.state.q, before)         # the arm moved...
        assert len(checked) == 1                                # ...checked once, by the drag
    mouse(fig, "button_release_event", x + 20, y)
    np.testing.assert_array_equal(screen.drawing.collision.distances,
                                  real_check(app.state.q).distances)


@pytest.mark.parametrize("modifier", ["control", "cmd"])     # cmd: macOS's Command key
@pytest.mark.parametrize("name", ["Lynx6", "Puma 560"])
def test_ctrl_or_cmd_turns_the_gripper_about_its_tool_axis_and_ctrl_z_undoes_it(name, modifier):
    robot = load_robot(name)
    app = make_app(robot)
    screen, fig = app.screen, app.fig
    if robot.n >= 6:                        # away from the Puma's wrist singularity at home
        app.state.jump_to(np.radians([10, 30, -100, 10, 30, 0]))
    fig.canvas.draw()
    home = app.state.q.copy()
    before = robot.fk(home)
    x, y = tool_pixel(screen)
    draws = []
    fig.canvas.mpl_connect("draw_event", draws.append)
    mouse(fig, "button_press_event", x, y)
    assert "ctrl or cmd: turn about the tool axis" in app.status
    for dx in (10, 20, 30, 40):             # 40 pixels right, 7 up (up does nothing)
        move(fig, x + dx, y + 7, key_held=modifier)
    mouse(fig, "button_release_event", x + 40, y + 7)
    assert len(draws) <= 1                  # blitted
    after = robot.fk(app.state.q)
    angle = np.radians(40 * 0.5)            # 0.5 degree a pixel (docs/gui.md)
    c, s = np.cos(angle), np.sin(angle)
    turned = before[:3, :3] @ np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    np.testing.assert_allclose(after[:3, 3], before[:3, 3], atol=1e-6)   # the point stays
    np.testing.assert_allclose(after[:3, :3], turned, atol=1e-6)
    assert ik.branch_labels(robot, app.state.q[None])[0] == \
        ik.branch_labels(robot, home[None])[0]
    undo_and_wait(app)
    np.testing.assert_allclose(app.state.q, home, atol=1e-9)


def test_a_turn_past_the_wrist_rotate_limit_stops_there_and_the_plane_drag_keeps_the_turn():
    robot = load_robot("Lynx6")             # wrist rotate limits -90..90 deg (robots/lynx6.json)
    app = make_app(robot)
    screen, fig = app.screen, app.fig
    fig.canvas.draw()
    x, y = tool_pixel(screen)
    mouse(fig, "button_press_event", x, y)
    move(fig, x + 100, y, key_held="control")            # +50 degrees
    np.testing.assert_allclose(np.degrees(app.state.q[4]), 50.0, atol=1e-6)
    move(fig, x + 1000, y, key_held="control")           # +500 degrees in one flick
    assert app.status.startswith("Drag: the gripper cannot turn further") and \
        app.status_is_error
    assert np.degrees(app.state.q[4]) == pytest.approx(90.0, abs=10.0)   # stopped at the limit
    assert robot.within_limits(app.state.q)
    turned = app.state.q[4]
    before = tool_pixel(screen)
    move(fig, x + 1010, y)                  # ctrl up: the tool point moves, the turn stays
    mouse(fig, "button_release_event", x + 1010, y)
    assert app.state.q[4] == pytest.approx(turned, abs=1e-9)
    # the motion starts afresh where the pointer was: 10 pixels, not the 1010 of the whole drag
    np.testing.assert_allclose(tool_pixel(screen) - before, (10, 0), atol=1.0)


def test_the_sliders_end_where_a_full_draw_puts_them_and_buttons_wait_for_the_release():
    robot = load_robot("Puma 560")
    app = make_app(robot)
    screen, fig = app.screen, app.fig
    fig.canvas.draw()
    x, y = tool_pixel(screen)
    mouse(fig, "button_press_event", x, y)
    for step in range(1, 31):                       # small moves: most handles move < 1 px
        move(fig, x + 0.4 * step, y + 0.3 * step)
    button = screen.buttons["Home"]
    home = button.ax.bbox
    move(fig, (home.x0 + home.x1) / 2, (home.y0 + home.y1) / 2)     # over a button: no hover
    assert button.ax.get_facecolor() == pytest.approx(plt.matplotlib.colors.to_rgba(
        button.color))
    mouse(fig, "button_release_event", x + 12, y + 9)
    assert not np.array_equal(app.state.q, robot.home)
    sliders = screen.sliders[0].ax.bbox.union([s.ax.bbox for s in screen.sliders])
    assert_shows_a_full_draw(fig, sliders)          # the sliders as blitted
    move(fig, (home.x0 + home.x1) / 2, (home.y0 + home.y1) / 2)     # released: hover again
    assert button.ax.get_facecolor() == pytest.approx(plt.matplotlib.colors.to_rgba(
        button.hovercolor))


def test_the_ur5_follows_through_its_wrist_singularity_without_a_jump():
    # wrist singular (q5 = 0: joints 4 and 6 turn about one axis), where a closed form's
    # nearest solution splits the turn between them anew: 48 and 42 degrees for a 1 mm rise
    robot = load_robot(URDF_DIR / "ur_description/urdf/ur5_robot.urdf")
    app = make_app(robot)
    screen, fig = app.screen, app.fig
    start = np.radians([0.0, -60.0, 90.0, -120.0, 0.0, 30.0])
    app.state.jump_to(start)
    fig.canvas.draw()
    x, y = tool_pixel(screen)
    mouse(fig, "button_press_event", x, y)
    for step in range(1, 6):
        move(fig, x, y + step, key_held="shift")                   # straight up, along z
    mouse(fig, "button_release_event", x, y + 5)
    assert not app.status_is_error, app.status
    moved = robot.fk(app.state.q)[:3, 3] - robot.fk(start)[:3, 3]
    assert moved[2] > 0 and np.allclose(moved[:2], 0, atol=1e-9)
    assert np.degrees(np.abs(app.state.q - start)).max() < 5       # no joint swung round

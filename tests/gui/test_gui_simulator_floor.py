"""The simulator and the floor: Random Move stays above it, a link below it is said, and the
style and gripper toggles redraw the same arm."""

import numpy as np
import pytest

from test_gui_app import make_app, press, ticks_until_still
from robosim import Joint, Robot, load_robot
from robosim.gui.screens import simulator

PRESSES = 10


def test_random_move_keeps_the_arm_above_the_floor(monkeypatch):
    """The wiring: Random Move draws through robosim.collision.random_free_q, whose 200-draw
    property (different poses, inside the limits, above the floor) tests/test_collision.py
    checks; a few presses here (issue 29, item 9: it took 200 presses)."""
    robot = load_robot("Lynx6")       # a third of uniform draws would put a link below the base
    app = make_app(robot, seed=15)
    screen = app.screen
    monkeypatch.setattr(app.fig.canvas, "draw_idle", lambda: None)   # no need to see them
    tolerance = 0.01 * robot.length_scale
    targets = []
    for _ in range(PRESSES):
        press(app, screen.buttons["Random Move"])
        targets.append(screen.animation.target)
    targets = np.array(targets)
    assert len(np.unique(targets.round(9), axis=0)) == PRESSES       # different poses
    assert robot.within_limits(targets).all()
    frames = robot.fk_all(targets)                                   # plain FK: origins, tool
    assert frames[..., 2, 3].min() >= -tolerance
    assert robot.fk(targets)[:, 2, 3].min() >= -tolerance
    assert not app.status_is_error


def test_random_move_says_so_when_no_pose_keeps_the_arm_above_the_floor(monkeypatch):
    # The first joint slides along z from 0 (home) down to -50: nearly every pose is below.
    robot = Robot([Joint("P", limits=(-50.0, 0.0), home=0.0), Joint("R", a=5.0)], unit="cm")
    monkeypatch.setattr(simulator, "RANDOM_MOVE_TRIES", 3)
    app = make_app(robot, seed=1)
    screen = app.screen
    press(app, screen.buttons["Random Move"])
    assert app.status_is_error and "none of 3 random poses" in app.status
    assert "clear of the floor" in app.status
    assert not screen.animation.running and np.array_equal(screen.state.q, robot.home)


def test_random_move_never_goes_into_a_collision(monkeypatch):
    from robosim.collision import check
    robot = load_robot("Lynx6")
    app = make_app(robot, seed=4)
    screen = app.screen
    monkeypatch.setattr(app.fig.canvas, "draw_idle", lambda: None)
    targets = []
    for _ in range(100):
        press(app, screen.buttons["Random Move"])
        targets.append(screen.animation.target)
    assert not check(robot, np.array(targets)).collides.any()
    # about a third of uniform draws collide (table or self): the check is what avoids them
    assert check(robot, robot.random_q(300, rng=4)).collides.mean() > 0.2


def test_a_collision_turns_its_link_red_and_names_the_pair():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen = app.screen
    screen.state.animate_to(np.radians([0, -30, 0, -60, 0]))   # the gripper into the table
    ticks_until_still(app)
    assert app.status_is_error and app.status == "collision: link 4 (wrist) hits table"
    drawing = screen.drawing
    assert drawing.colliding.tolist() == [False, False, False, True, False]
    drawing.set_style("links")                                   # (the Lynx6 opens in meshes)
    red = np.all(np.isclose(drawing.face_colours[:, :3], (1.0, 0.0, 0.0)), axis=1)
    assert red[drawing.face_joint == 3].all()          # link 4 (also 5, whose tip is below)
    assert not red[drawing.face_joint < 3].any()
    press(app, screen.buttons["Home"])
    ticks_until_still(app)
    assert not app.status_is_error and not drawing.colliding.any() and not drawing.warned.any()


def test_a_link_past_the_lynx6_tables_edge_names_the_table_until_it_comes_back():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen = app.screen
    # The wrist bent down behind the base: the tip at about (-253, -146, -69) mm, behind the
    # table's back edge (x = -150 mm, LYNX6_TABLE), so it hits nothing: no floor is there.
    screen.state.animate_to(np.radians([30, 90, 90, 60, 0]))
    ticks_until_still(app)
    assert app.status_is_error and app.status == (
        "links 4, 5 below the top of the table (z = 0 mm), past its edge")
    press(app, screen.buttons["Home"])
    ticks_until_still(app)
    assert not app.status_is_error and "table" not in app.status


def test_a_link_into_the_default_floor_names_the_floor():
    robot = load_robot("Puma 560")          # on its default scene's floor, no table
    app = make_app(robot)
    screen = app.screen
    q = np.radians([0, -45, -120, 0, 0, 0])  # the forearm pointing down past the floor
    assert robot.fk(q)[2, 3] < 0
    screen.state.animate_to(q)
    ticks_until_still(app)
    assert app.status_is_error and app.status.startswith("collision: ")
    assert "hits floor" in app.status and "table" not in app.status


@pytest.mark.parametrize("style", ["lodes", "links"])
def test_style_toggle_redraws_the_same_pose(style):
    robot = load_robot("Puma 560")
    app = make_app(robot)
    screen = app.screen
    screen.state.animate_to(robot.random_q(rng=3))
    ticks_until_still(app)
    q = screen.state.q
    if style == "lodes":
        screen.toggles.set_active(simulator.TOGGLES.index("Lodes shapes"))
    assert screen.drawing.style == style
    np.testing.assert_allclose(screen.drawing.q, q)
    np.testing.assert_allclose(screen.drawing.drawn_end_effector(), robot.fk(q)[:3, 3],
                               atol=1e-12)

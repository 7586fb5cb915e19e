"""The simulator's self-motion slider (issue 38, item 3): for arms of more than 6 joints it
moves the joints while the tool holds its pose, and stops at a limit with the reason in the
status line. Driven with synthetic events on Agg."""

import math

import matplotlib.pyplot as plt
import numpy as np
import pytest

import robosim
from data_files import URDF_DIR
from gui_events import click, drag, mouse
from robosim import ik, load_robot
from robosim.collision import Checker
from robosim.gui.app import Application
from robosim.gui.screens.self_motion_slider import MOVING
from robosim.gui.screens.simulator import HINT
from robosim.kinematics import rotation_angle

PANDA_URDF = URDF_DIR / "panda_description" / "urdf" / "panda.urdf"
FIGSIZE, DPI = (10, 7), 100


def make_app(robot):
    return Application(robot=robot, figure=plt.figure(figsize=FIGSIZE, dpi=DPI),
                       clock=lambda: 0.0)


def assert_tool_held(robot, q, start):
    """The tool pose of ``q``, by FK here, is that of ``start`` (1e-6 m and rad)."""
    T, T0 = robot.fk(q), robot.fk(start)
    assert np.linalg.norm(T[:3, 3] - T0[:3, 3]) < 1e-6
    assert rotation_angle(T0[:3, :3], T[:3, :3]) < 1e-6


@pytest.fixture(scope="module")
def panda():
    return robosim.load_urdf(PANDA_URDF)


@pytest.fixture(scope="module")
def roomy(panda):
    """A pose clear of the floor and of itself whose self-motion goes 60 degrees of arc both
    ways before a limit or a collision."""
    checker, rng = Checker(panda), np.random.default_rng(0)
    for _ in range(100):
        q = panda.random_q(rng=rng)
        if not checker.check(q).collides and all(
                ik.self_motion(panda, q, way * math.radians(60), 60, checker=checker).stopped_at
                == 60 for way in (1, -1)):
            return q
    raise AssertionError("no pose of 100 has room for 60 degrees of self-motion")


def test_only_arms_of_more_than_six_joints_get_the_slider(panda):
    assert make_app(panda).screen.self_motion is not None
    assert make_app(load_robot("Puma 560")).screen.self_motion is None


def test_dragging_the_slider_moves_the_joints_and_leaves_the_tool_where_it_was(panda, roomy):
    app = make_app(panda)
    screen, canvas = app.screen, app.fig.canvas
    start = roomy
    app.state.jump_to(start)
    slider = screen.self_motion.slider
    canvas.draw()
    draws = []
    canvas.mpl_connect("draw_event", draws.append)
    mouse(app.fig, "button_press_event", 0.0, 0.5, ax=slider.ax)
    for value in np.linspace(0.0, 40.0, 21)[1:]:
        mouse(app.fig, "motion_notify_event", value, 0.5, ax=slider.ax)
        assert slider.val == pytest.approx(value)
        assert_tool_held(panda, app.state.q, start)
        assert app.status == MOVING
    mouse(app.fig, "button_release_event", 40.0, 0.5, ax=slider.ax)
    assert len(draws) <= 1                 # the first frame's; every move after it is blitted
    # The joints went 40 degrees of arc (chords of the curve: a little less) along it.
    moved = np.linalg.norm(app.state.q - start)
    assert math.radians(35) < moved <= math.radians(40) + 1e-9
    assert_tool_held(panda, app.state.q, start)
    # The joint sliders and value cells show the new joint values; the hint is back.
    shown = [slider.val for slider in screen.sliders]
    np.testing.assert_allclose(shown, np.degrees(app.state.q), atol=1e-9)
    assert float(screen.values.text(3, 0)) == pytest.approx(math.degrees(app.state.q[3]),
                                                            abs=1e-4)
    assert app.status == HINT
    # Back to 0: the same curve, back where it started, to within what the steps' chords
    # miss of the arc (about step^3 / 24 times the curvature squared each: 2-degree steps).
    drag(app.fig, (40.0, 0.5), (0.0, 0.5), ax=slider.ax, steps=20)
    np.testing.assert_allclose(app.state.q, start, atol=1e-4)


def test_a_click_goes_there_along_the_curve(panda, roomy):
    app = make_app(panda)
    start = roomy
    app.state.jump_to(start)
    click(app.fig, -25.0, 0.5, ax=app.screen.self_motion.slider.ax)
    assert np.linalg.norm(app.state.q - start) > math.radians(20)
    assert_tool_held(panda, app.state.q, start)
    assert app.screen.sliders[0].val == pytest.approx(math.degrees(app.state.q[0]))


def test_it_stops_at_a_joint_limit_and_says_which(panda, roomy):
    start = roomy
    direction = panda.null_space(start)[:, 0]
    joint = int(np.argmax(np.abs(direction)))          # the joint the motion turns most
    limits = panda.limits.copy()
    limits[joint] = [start[joint] - 0.1, start[joint] + 0.1]
    narrow = panda.with_limits(limits)
    app = make_app(narrow)
    app.state.jump_to(start)
    slider = app.screen.self_motion.slider
    # Both ways to the slider's end: each stops at the joint's limit, well before 180 deg.
    for end, side in ((180.0, int(direction[joint] > 0)), (-180.0, int(direction[joint] < 0))):
        drag(app.fig, (slider.val, 0.5), (end, 0.5), ax=slider.ax, steps=30)
        assert app.state.q[joint] == pytest.approx(limits[joint, side], abs=1e-9)
        assert_tool_held(narrow, app.state.q, start)
        name = narrow.joints[joint].name
        assert app.status.startswith(f"Self-motion: joint {joint + 1} ({name}) reached its "
                                     f"{('lower', 'upper')[side]} limit")
        assert app.status_is_error
        assert abs(slider.val) < 90.0                # the slider shows where the arm stopped


def test_the_next_self_motion_starts_where_a_joint_slider_left_the_arm(panda, roomy):
    app = make_app(panda)
    screen = app.screen
    app.state.jump_to(roomy)
    slider = screen.self_motion.slider
    drag(app.fig, (0.0, 0.5), (20.0, 0.5), ax=slider.ax, steps=10)
    drag(app.fig, (math.degrees(app.state.q[0]), 0.5), (0.0, 0.5), ax=screen.sliders[0].ax)
    moved_by_hand = app.state.q
    drag(app.fig, (20.0, 0.5), (35.0, 0.5), ax=slider.ax, steps=10)
    assert np.linalg.norm(app.state.q - moved_by_hand) > math.radians(10)
    assert_tool_held(panda, app.state.q, moved_by_hand)

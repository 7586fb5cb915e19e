"""The simulator's Jacobian readout (issue 16, item 4), driven on Agg through the real widgets.

The numbers shown are checked against a finite-difference Jacobian of ``fk`` and, on a planar
2R arm, against Yoshikawa's manipulability l1 l2 |sin q2| derived by hand; the warning against
the geometry of a Puma 560 whose wrist is nearly straight (joints 4 and 6 in line).
"""

import math

import matplotlib.pyplot as plt
import numpy as np
import pytest

from gui_events import click
from robosim import Joint, Robot, load_robot
from robosim.gui.app import Application
from test_gui_app import ticks_until_still


def make_app(robot):
    """The application at 50 dpi (a quarter of the pixels: full draws cost less), frozen
    clock: one animation step per tick."""
    return Application(robot=robot, figure=plt.figure(figsize=(10, 6.5), dpi=50),
                       clock=lambda: 0.0)


def click_toggle(screen, label):
    box = screen.toggles.labels[[t.get_text() for t in screen.toggles.labels].index(label)]
    extent = box.get_window_extent()
    click(screen.fig, (extent.x0 + extent.x1) / 2, (extent.y0 + extent.y1) / 2)


def finite_difference_jacobian(robot, q, h=1e-6):
    """``[v; w]`` columns from central differences of fk: v = dp/dq_i, w from dR R^T."""
    J = np.zeros((6, robot.n))
    for i in range(robot.n):
        dq = np.zeros(robot.n)
        dq[i] = h
        plus, minus = robot.fk(q + dq), robot.fk(q - dq)
        J[:3, i] = (plus[:3, 3] - minus[:3, 3]) / (2 * h)
        W = (plus[:3, :3] - minus[:3, :3]) / (2 * h) @ robot.fk(q)[:3, :3].T
        J[3:, i] = [W[2, 1], W[0, 2], W[1, 0]]
    return J


def test_the_toggle_shows_the_jacobian_in_the_tables_place_and_back():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen = app.screen
    assert screen.table.get_visible() and not screen.jacobian.visible
    click_toggle(screen, "Jacobian")
    assert screen.jacobian.visible and not screen.table.get_visible()
    J, _, _, warning = screen.jacobian.values()
    np.testing.assert_allclose(J, finite_difference_jacobian(robot, app.state.q), atol=0.06)
    assert warning == ""                         # the L-shaped home pose is far from one
    click_toggle(screen, "Jacobian")
    assert screen.table.get_visible() and not screen.jacobian.visible


def test_manipulability_and_condition_of_a_planar_2r_derived_by_hand():
    # Yoshikawa: w = sqrt(det(J J^T)) = l1 l2 |sin q2| for the position rows of a planar 2R;
    # at q2 = 90 deg with unit links the singular values are (sqrt 5 +- 1) / 2.
    arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m", name="2R")
    app = make_app(arm)
    screen = app.screen
    app.state.animate_to([0.0, math.pi / 2])
    ticks_until_still(app)
    screen.show_jacobian(True)
    _, manipulability, condition, warning = screen.jacobian.values()
    assert manipulability == pytest.approx(1.0, rel=1e-3)
    assert condition == pytest.approx((math.sqrt(5) + 1) / (math.sqrt(5) - 1), rel=1e-3)
    assert warning == ""
    app.state.animate_to([0.0, 0.01])            # nearly stretched out
    ticks_until_still(app)
    _, manipulability, _, warning = screen.jacobian.values()
    assert manipulability == pytest.approx(math.sin(0.01), rel=1e-3)
    assert warning == "near a singular pose: the arm is stretched out or folded up"


def test_warning_names_the_wrist_axes_in_line_as_the_jog_window_does():
    robot = load_robot("Puma 560")
    app = make_app(robot)
    screen = app.screen
    screen.show_jacobian(True)
    app.state.animate_to(robot.q_from_user([10, -30, 40, 20, 1.5, 30]))
    ticks_until_still(app)
    assert screen.jacobian.values()[3] == (
        "near a singular pose: the arm has the axes of joints 4 and 6 in line")
    assert screen.jacobian.warning.get_color() == "#c00000"


def test_the_readout_follows_a_slider_blitted():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen = app.screen
    click_toggle(screen, "Jacobian")
    click(app.fig, 40.0, 0.5, ax=screen.sliders[1].ax)        # a press animates there
    assert screen.blit.animated("jacobian")
    draws = []
    app.fig.canvas.mpl_connect("draw_event", lambda event: draws.append(event))
    poses, _ = ticks_until_still(app)
    assert len(poses) > 1 and draws == []          # every frame blitted, none drawn in full
    J, _, _, _ = screen.jacobian.values()
    np.testing.assert_allclose(J, finite_difference_jacobian(robot, app.state.q), atol=0.06)
    assert app.state.q[1] == pytest.approx(math.radians(screen.sliders[1].val))

"""One sign for the Lynx6 wrist: the simulator's readout, the Jog / IK cells and the closed form
all give the gripper's angle to the ground, positive up."""

import numpy as np
import pytest

from test_gui_app import make_app, ticks_until_still
from robosim import ik, load_robot


def test_the_readout_wrist_is_the_angle_jog_ik_types_positive_up():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen = app.screen
    # Shoulder 10 deg back, elbow -30, wrist -20: the gripper 40 deg below the horizontal
    # (q2 + q3 + q4 facing the target, Mateo Sanguino & Andujar 2012's angle to the ground).
    q = np.radians([20.0, 10.0, -30.0, -20.0, 5.0])
    screen.state.animate_to(q)
    ticks_until_still(app)
    assert screen.readout_wrist() == pytest.approx(-40.0, abs=1e-3)
    # Typed back into the closed form as the wrist angle, -40 gives this very pose.
    solutions, _ = ik.lynx6_solutions(robot, robot.fk(q)[:3, 3], np.radians(-40.0), q,
                                      wrist_rotate=q[4])
    np.testing.assert_allclose(solutions[0], q, atol=1e-9)


def test_other_arms_have_no_wrist_line():
    app = make_app(load_robot("Puma 560"))
    assert app.screen.readout_wrist() is None


def test_the_readout_shows_a_roll_of_minus_180_as_180_like_jog_ik():
    panda = load_robot("Panda")
    app = make_app(panda)
    q = panda.home.copy()
    q[1] += 0.01                     # r2rpy gives a roll of -180 deg here (Jog / IK: 180)
    app.screen.state.animate_to(q)
    ticks_until_still(app)
    _xyz, rpy, _title, _matrix = app.screen.readout_values()
    assert rpy[0] == 180.0

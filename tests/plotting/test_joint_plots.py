"""Joint position / velocity / acceleration figures (robosim.plotting.joints)."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure

from figure_check import DPI, FIGSIZE, IMAGE_COMPARE, strip_text
from robosim import load_robot
from robosim.robot_files import robot_from_dict
from robosim.errors import ValidationError
from robosim.plotting.joints import derivatives, joint_plot_figure

DURATION = 2.0


def quintic(q0, qf, t, duration=DURATION):
    """The rest-to-rest quintic and its two derivatives, in closed form."""
    s = t / duration
    delta = np.asarray(qf) - np.asarray(q0)
    blend = 10 * s**3 - 15 * s**4 + 6 * s**5
    rate = (30 * s**2 - 60 * s**3 + 30 * s**4) / duration
    accel = (60 * s - 180 * s**2 + 120 * s**3) / duration**2
    return (q0 + blend[:, None] * delta, rate[:, None] * delta, accel[:, None] * delta)


def lynx6_quintic(points=101):
    robot = load_robot("Lynx6")
    t = np.linspace(0.0, DURATION, points)
    goal = np.radians([60.0, -30.0, 45.0, 20.0, -75.0])
    return robot, t, quintic(robot.home, goal, t)


def test_lines_show_degrees_and_the_given_derivatives():
    robot, t, (q, qd, qdd) = lynx6_quintic()
    plots = joint_plot_figure(t, q, robot, qd=qd, qdd=qdd, fig=Figure()).joint_plots
    for row, values in enumerate((q, qd, qdd)):
        for j, line in enumerate(plots.lines[row]):
            x, y = line.get_data()
            np.testing.assert_allclose(x, t)
            np.testing.assert_allclose(y, np.degrees(values[:, j]))
    labels = [ax.get_ylabel() for ax in plots.axes]
    assert labels == ["position (deg)", "velocity (deg/s)", "acceleration (deg/s^2)"]
    assert plots.lines[0][1].get_label() == "q2 shoulder (deg)"


def test_a_joint_without_a_name_reads_q1_once_in_the_legend():
    # A robot file's joint without "name" is named "q1", "q2"... (robosim/robot_files/library.py).
    robot = robot_from_dict({"name": "2R", "unit": "cm", "joints": [
        {"type": "R", "theta": 0, "d": 0, "a": 50, "alpha": 0},
        {"type": "R", "theta": 0, "d": 0, "a": 30, "alpha": 0, "name": "elbow"}]})
    t = np.linspace(0.0, DURATION, 11)
    q, _, _ = quintic(robot.home, robot.home + 0.5, t)
    plots = joint_plot_figure(t, q, robot, fig=Figure()).joint_plots
    assert [line.get_label() for line in plots.lines[0]] == ["q1 (deg)", "q2 elbow (deg)"]


def test_missing_derivatives_are_estimated_from_positions():
    robot, t, (q, qd, qdd) = lynx6_quintic(points=401)
    estimated_qd, estimated_qdd = derivatives(t, q)
    peak_qd = np.abs(qd).max()
    peak_qdd = np.abs(qdd).max()
    assert np.abs(estimated_qd - qd).max() < 1e-3 * peak_qd
    # one-sided differences at the ends are coarser; inside, the estimate is close
    assert np.abs(estimated_qdd[2:-2] - qdd[2:-2]).max() < 1e-2 * peak_qdd


def test_prismatic_joints_get_their_own_length_scale():
    robot = load_robot("SCARA")  # RRPR, cm
    t = np.linspace(0.0, DURATION, 51)
    goal = robot.home + np.array([0.5, -0.5, 3.0, 1.0])
    q, qd, _ = quintic(robot.home, goal, t)
    plots = joint_plot_figure(t, q, robot, fig=Figure()).joint_plots
    revolute_ax, prismatic_ax = [target for target, _, _ in plots.scales[1]]
    assert prismatic_ax is not revolute_ax
    assert prismatic_ax.get_ylabel() == "velocity (cm/s)"
    assert revolute_ax.get_ylabel() == "velocity (deg/s)"
    assert plots.lines[1][2].axes is prismatic_ax
    x, y = plots.lines[0][2].get_data()
    np.testing.assert_allclose(y, q[:, 2])  # lengths are not converted
    low, high = prismatic_ax.get_ylim()
    assert low < qd[:, 2].min() and high > qd[:, 2].max()


def test_a_given_figure_leaves_pyplot_alone_and_bad_input_is_refused():
    robot, t, (q, _, _) = lynx6_quintic()
    before = plt.get_fignums()
    joint_plot_figure(t, q, robot, fig=Figure())
    assert plt.get_fignums() == before
    with pytest.raises(ValidationError, match="times"):
        joint_plot_figure(t[::-1], q, robot, fig=Figure())
    with pytest.raises(ValidationError, match="joint values"):
        joint_plot_figure(t[:-1], q, robot, fig=Figure())


def test_the_playhead_marks_a_time_on_every_axes():
    robot, t, (q, _, _) = lynx6_quintic()
    plots = joint_plot_figure(t, q, robot, fig=Figure()).joint_plots
    plots.set_time(0.75)
    assert all(p.get_visible() and list(p.get_xdata()) == [0.75, 0.75] for p in plots.playheads)
    plots.set_time(None)
    assert not any(p.get_visible() for p in plots.playheads)


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_joint_plot_figure_of_a_quintic_profile():
    robot, t, (q, qd, qdd) = lynx6_quintic()
    fig = plt.figure(figsize=FIGSIZE, dpi=DPI)
    joint_plot_figure(t, q, robot, qd=qd, qdd=qdd, fig=fig)
    fig.joint_plots.set_time(0.5)
    return strip_text(fig)

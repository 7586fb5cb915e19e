"""Figures of dynamics (robosim.plotting.dynamics): torques along a motion, free-fall energy."""

import numpy as np
import pytest

from figure_check import DPI, FIGSIZE, IMAGE_COMPARE, strip_text
from robosim import dynamics, load_robot
from robosim.plotting.dynamics import energy_figure, torque_figure


def lynx6_shake_with_payload():
    """The Lynx6's elbow shaken with 0.25 kg in the gripper: beyond the elbow servo's rating."""
    robot = dynamics.with_payload(load_robot("Lynx6"), 0.25)
    t = np.linspace(0.0, 1.0, 201)
    q = np.zeros((201, 5))
    q[:, 2] = 0.05 * np.sin(20.0 * t)
    torques = dynamics.trajectory_torques(robot, t, q)
    limits = np.array([0.59, 2.42, 1.29, 0.94, 0.47])
    return robot, torques, limits, dynamics.check_torque_limits(torques, limits)


def test_torque_figure_draws_each_joint_its_limits_and_first_exceedance():
    robot, torques, limits, check = lynx6_shake_with_payload()
    fig = torque_figure(robot, torques, limits, check)
    assert len(fig.joint_axes) == 5
    elbow = fig.joint_axes[2]
    needed, holding, *marks = elbow.get_lines()
    assert np.array_equal(needed.get_ydata(), torques.tau[:, 2])
    assert np.array_equal(holding.get_ydata(), torques.static[:, 2])
    levels = sorted(line.get_ydata()[0] for line in marks if line.get_linestyle() == "--")
    assert levels == [-1.29, 1.29]
    first = check.exceedances[0]
    dots = [line for line in marks if line.get_marker() == "o"]
    assert [(d.get_xdata()[0], d.get_ydata()[0]) for d in dots] == [(first.time, first.torque)]
    assert not [line for line in fig.joint_axes[0].get_lines() if line.get_marker() == "o"]


def test_energy_figure_marks_each_stop_at_a_limit():
    robot = load_robot("Puma 560")
    run = dynamics.simulate(robot, np.radians([0, 30, -60, 0, 45, 0]), duration=0.8, dt=4e-3,
                            collisions="ignore")
    ax = energy_figure(run).axes[0]
    kinetic, potential, total, *stops = ax.get_lines()
    assert np.array_equal(total.get_ydata(), run.energy)
    assert [line.get_xdata()[0] for line in stops] == [hit.time for hit in run.limit_hits]


def test_energy_figure_marks_where_the_fall_touched_the_table():
    robot = load_robot("Lynx6")
    run = dynamics.simulate(robot, robot.home, duration=0.5, dt=2e-3)
    ax = energy_figure(run).axes[0]
    kinetic, potential, total, contact = ax.get_lines()
    assert contact.get_xdata()[0] == run.contacts[0].time and contact.get_linestyle() == "--"
    assert "contact" in [text.get_text() for text in ax.get_legend().get_texts()]


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_torque_figure_of_a_lynx6_shake_beyond_the_elbow_rating():
    robot, torques, limits, check = lynx6_shake_with_payload()
    return strip_text(torque_figure(robot, torques, limits, check, figsize=FIGSIZE,
                                    dpi=DPI).figure)


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_free_fall_energy_figure_of_the_puma_560():
    robot = load_robot("Puma 560")
    run = dynamics.simulate(robot, np.radians([0, 30, -60, 0, 45, 0]), duration=0.8, dt=4e-3,
                            collisions="ignore")
    return strip_text(energy_figure(run, figsize=FIGSIZE, dpi=DPI))


def test_each_joint_has_the_colour_it_has_in_every_window():
    """Joint j's torque lines and holding-torque bar are the simulator's joint j colour (the
    one the Trajectories plot uses), never the red kept for warnings."""
    import matplotlib.colors as mcolors
    import matplotlib.pyplot as plt

    from robosim.plotting import joint_colour
    from robosim.plotting.dynamics import GravityBars

    robot, torques, limits, check = lynx6_shake_with_payload()
    fig = torque_figure(robot, torques, limits, check)
    for j, ax in enumerate(fig.joint_axes):
        needed, holding = ax.get_lines()[:2]
        for line in (needed, holding):
            assert mcolors.same_color(line.get_color(), joint_colour(j))
    bars = GravityBars(plt.figure().add_subplot(), robot, limits)
    for j, bar in enumerate(bars.bars):
        assert mcolors.same_color(bar.get_facecolor(), joint_colour(j))

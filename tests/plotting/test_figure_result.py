"""What the figure functions of robosim.plotting return (issue 29, item 1): a frozen result with
the figure and the artists it drew, typed, instead of attributes set on the figure; the old
attributes kept for one release, reading the figure through the result warns."""

import dataclasses

import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from robosim import dynamics, load_robot
from robosim.plotting import (ArmDrawing, ArmFigure, DHStepsDrawing, DHStepsFigure,
                              JointPlotFigure, JointPlots, PathArtists, PathFigure,
                              TorqueFigure, arm_figure, dh_steps_figure, joint_plot_figure,
                              path_figure, save_figure_png, torque_figure)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"       # the PNG specification, section 5.2


def every_result():
    robot = load_robot("Lynx6")
    t = np.linspace(0.0, 1.0, 11)
    q = np.linspace(robot.home, np.radians([30, 20, -10, 40, 0]), 11)
    torques = dynamics.trajectory_torques(robot, t, q)
    return robot, [arm_figure(robot, q[3]),
                   path_figure(robot, robot.fk(q)[:, :3, 3]),
                   joint_plot_figure(t, q, robot),
                   dh_steps_figure(robot, q[3], figsize=(4.0, 3.0), dpi=50),
                   torque_figure(robot, torques)]


def test_each_figure_function_returns_its_figure_and_named_artists():
    robot, (arm, path, joints, steps, torques) = every_result()
    assert isinstance(arm, ArmFigure) and isinstance(arm.drawing, ArmDrawing)
    assert arm.drawing.ax.figure is arm.figure
    assert isinstance(path, PathFigure) and isinstance(path.drawing, ArmDrawing)
    assert [type(a) for a in path.path_artists] == [PathArtists, PathArtists]
    assert [a.ax for a in path.path_artists] == [path.drawing.ax, path.figure.axes[1]]
    assert isinstance(joints, JointPlotFigure) and isinstance(joints.joint_plots, JointPlots)
    assert isinstance(steps, DHStepsFigure) and isinstance(steps.dh_steps, DHStepsDrawing)
    assert steps.dh_steps.ax is steps.drawing.ax
    assert isinstance(torques, TorqueFigure) and len(torques.joint_axes) == robot.n
    assert all(isinstance(ax, Axes) for ax in torques.joint_axes)
    assert list(torques.joint_axes) == torques.figure.axes       # joint 1 at the top
    for result in (arm, path, joints, steps, torques):
        assert isinstance(result.figure, Figure) and result.figure.canvas.manager is None
        with pytest.raises(dataclasses.FrozenInstanceError):
            result.figure = Figure()


def test_the_old_figure_attributes_stay_for_one_release():
    _robot, (arm, path, joints, steps, torques) = every_result()
    assert arm.figure.drawing is arm.drawing
    assert path.figure.drawing is path.drawing
    assert path.figure.path_artists is path.path_artists
    assert joints.figure.joint_plots is joints.joint_plots
    assert steps.figure.dh_steps is steps.dh_steps and steps.figure.drawing is steps.drawing
    assert tuple(torques.figure.joint_axes) == torques.joint_axes
    mine = Figure()                           # a figure of one's own: the plots on it too
    t = np.linspace(0.0, 1.0, 5)
    drawn = joint_plot_figure(t, np.zeros((5, 2)), fig=mine)
    assert drawn.figure is mine and mine.joint_plots is drawn.joint_plots


def test_reading_the_figure_through_the_result_works_and_warns():
    shown = arm_figure(load_robot("Planar 3R"))
    with pytest.warns(DeprecationWarning, match=r"write \.figure\.axes"):
        axes = shown.axes
    assert axes == shown.figure.axes
    with pytest.raises(AttributeError, match="no attribute 'no_such_thing'"):
        shown.no_such_thing  # noqa: B018 - the attribute read is what is tested


def test_a_result_saves_and_shows_itself_as_png(tmp_path):
    shown = arm_figure(load_robot("Planar 3R"), figsize=(3.0, 2.0), dpi=50)
    assert shown._repr_png_().startswith(PNG_SIGNATURE)      # what IPython shows
    shown.savefig(tmp_path / "arm.png")
    assert (tmp_path / "arm.png").read_bytes().startswith(PNG_SIGNATURE)
    _robot, results = every_result()
    save_figure_png(results[-1], tmp_path / "torques.png")
    assert (tmp_path / "torques.png").read_bytes().startswith(PNG_SIGNATURE)

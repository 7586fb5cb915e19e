"""Paths drawn over the arm: baselines of the paper's presets on the Lynx6, and the artists."""

import matplotlib

import numpy as np
import pytest

import robosim
from figure_check import DPI, FIGSIZE, IMAGE_COMPARE, strip_text
from robosim.plotting.paths import include_points, path_figure
from robosim.trajectory import follow_path, preset_path

POINTS = 60


def _preset_figure(name):
    """The preset as placed for the Lynx6, the arm at home: the joint values along a path of
    a 5-joint arm solved for position only depend on solver details, the placement does not."""
    robot = robosim.load_robot("Lynx6")
    path = preset_path(name, robot, POINTS)
    followed = follow_path(robot, path, robot.home)
    assert path.fits and followed.reachable.all()
    shown = path_figure(robot, path.points, ~followed.reachable, None, path.curves, title=name,
                        figsize=FIGSIZE, dpi=DPI)
    return strip_text(shown.figure)


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_path_plot_lynx6_hyperbolic_paraboloid():
    return _preset_figure("hyperbolic paraboloid")


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_path_plot_lynx6_epicycloid():
    return _preset_figure("epicycloid")


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_path_plot_lynx6_moebius_belt():
    return _preset_figure("moebius belt")


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_path_plot_lynx6_latitudinal_sphere():
    return _preset_figure("latitudinal sphere")


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_path_plot_lynx6_weld_seam():
    return _preset_figure("weld seam")


def _line_points(line):
    return np.column_stack([np.asarray(c, dtype=float) for c in line.get_data_3d()])


def test_reachable_points_are_blue_and_bad_points_red():
    robot = robosim.load_robot("Lynx6")
    points = np.array([[200.0, 0, 150], [210, 0, 150], [900, 0, 150], [220, 0, 150]])
    bad = np.array([False, False, True, False])
    fig = path_figure(robot, points, bad)
    for artists in fig.path_artists:
        np.testing.assert_array_equal(_line_points(artists.good), points[~bad])
        np.testing.assert_array_equal(_line_points(artists.bad), points[bad])
        assert matplotlib.colors.same_color(artists.bad.get_color(), "red")
        assert not matplotlib.colors.same_color(artists.good.get_color(), "red")
    # The arm view widens to take in the far point; the close-up is a cube around the path.
    arm_ax = fig.drawing.ax
    assert arm_ax.get_xlim()[1] >= 900.0
    close = fig.path_artists[1].ax
    spans = [np.diff(limits)[0] for limits in (close.get_xlim(), close.get_ylim(),
                                                close.get_zlim())]
    np.testing.assert_allclose(spans, spans[0])
    assert close.get_xlim()[0] <= 200.0 and close.get_xlim()[1] >= 900.0


def test_the_family_of_curves_is_one_nan_separated_line():
    robot = robosim.load_robot("Lynx6")
    curves = np.arange(2 * 3 * 3, dtype=float).reshape(2, 3, 3) + 100.0
    fig = path_figure(robot, curves[0], curves=curves)
    family = _line_points(fig.path_artists[0].family)
    assert family.shape == (8, 3) and np.isnan(family[[3, 7]]).all()
    np.testing.assert_array_equal(family[4:7], curves[1])


def test_include_points_keeps_limits_that_already_hold_the_points():
    fig = matplotlib.figure.Figure()
    ax = fig.add_subplot(projection="3d")
    ax.set_xlim(-1, 1), ax.set_ylim(-1, 1), ax.set_zlim(-1, 1)
    include_points(ax, [[0.5, 0.5, 0.5]])
    assert ax.get_xlim() == (-1, 1)
    include_points(ax, [[3.0, 0.0, 0.0]])
    assert ax.get_xlim() == (-1, 3) and np.diff(ax.get_zlim())[0] == 4

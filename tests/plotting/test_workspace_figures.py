"""Baseline images of the forward workspace: the paper's Fig. 5 cloud and the two 2D sections."""

import math

import pytest
from matplotlib.figure import Figure

from figure_check import DPI, FIGSIZE, IMAGE_COMPARE, strip_text
from robosim import load_robot
from robosim import workspace as ws
from robosim.plotting.workspace import draw_cloud, draw_section_vertical, draw_section_xy

#: 3D-RAS Fig. 5: theta1 0..180, theta2 0..90, theta3 0..90, theta4 -90..90 deg; the wrist
#: rotation (the library Lynx6's fifth joint, which moves no point) held still.
FIG5 = {0: (0.0, math.pi), 1: (0.0, math.pi / 2), 2: (0.0, math.pi / 2),
        3: (-math.pi / 2, math.pi / 2), 4: (0.0, 0.0)}


def fig5_workspace(factor):
    robot = load_robot("lynx6")
    return ws.forward_workspace(robot, ws.factor_grid(robot, factor, FIG5))


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_lynx6_fig5_cloud():
    result = fig5_workspace(15)
    assert result.configurations == 5184
    fig = Figure(figsize=FIGSIZE, dpi=DPI)
    ax = fig.add_subplot(projection="3d")
    caption = draw_cloud(ax, result)
    assert caption.startswith("5,184 configurations") and "all" in caption
    return strip_text(fig)


def test_the_cloud_legend_is_drawn_above_every_cloud():
    # mplot3d gives the clouds their zorders at draw time (near ones highest): compare after a
    # draw. The Fig. 5 cloud has four clouds ("base", "shoulder", "elbow", "wrist, wrist rotate").
    fig = Figure(figsize=FIGSIZE, dpi=DPI)
    ax = fig.add_subplot(projection="3d")
    draw_cloud(ax, fig5_workspace(15))
    fig.draw_without_rendering()
    assert len(ax.collections) == 4
    assert ax.get_legend().get_zorder() > max(c.get_zorder() for c in ax.collections)


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_lynx6_fig5_sections():
    # the paper's own Factor 15: the sections come from the finer grid the volume is counted on
    result = fig5_workspace(15)
    assert result.voxel_source.refined and result.voxel < 20.0
    fig = Figure(figsize=FIGSIZE, dpi=DPI, layout="constrained")
    draw_section_xy(fig.add_subplot(1, 2, 1), result, 100.0)
    draw_section_vertical(fig.add_subplot(1, 2, 2), result, math.radians(45))
    return strip_text(fig)

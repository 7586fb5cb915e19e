"""A Cartesian path drawn in 3D over the arm: reachable points blue, bad points red.

Used by the preset baselines, ``robosim trajectory --png`` and any window that shows a path::

    from robosim.plotting.paths import path_figure
    shown = path_figure(robot, path.points, bad=~followed.reachable, q=followed.q[0],
                        curves=path.curves)
    shown.savefig("path.png")       # shown.figure, shown.drawing, shown.path_artists

The arm is :class:`robosim.plotting.arm.ArmDrawing` (its fixed cubic, equal-aspect view,
widened to take in a path that leaves it); the path is a line through its points, markers on
every point, and optionally the other curves of the surface or volume it was picked from, thin
and grey, as 3D-RAS shows them. Lengths are in the robot's unit.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from matplotlib.figure import Figure
from mpl_toolkits.mplot3d import Axes3D
from numpy.typing import ArrayLike

from ..collision import Scene
from ..kinematics import Robot
from .arm import ArmDrawing
from .figure_result import FigureResult, keep_figure_attributes
from .obstacles import ObstacleArtists

REACHABLE_COLOUR = "tab:blue"
BAD_COLOUR = "red"
FAMILY_COLOUR = "0.7"
#: Curves of the family drawn at most (every k-th one beyond that).
MAX_FAMILY_CURVES = 40


class PathArtists:
    """The artists of a path in a 3D axes, updated in place by :meth:`set_path`.

    Parameters
    ----------
    ax : mpl_toolkits.mplot3d.Axes3D
    """

    def __init__(self, ax: Axes3D) -> None:
        self.ax = ax
        self.family, = ax.plot([], [], [], color=FAMILY_COLOUR, lw=0.6, zorder=1)
        self.line, = ax.plot([], [], [], color=REACHABLE_COLOUR, lw=1.2, zorder=2)
        self.good, = ax.plot([], [], [], "o", color=REACHABLE_COLOUR, ms=2.5, zorder=3,
                             linestyle="none")
        self.bad, = ax.plot([], [], [], "o", color=BAD_COLOUR, ms=3.5, zorder=4,
                            linestyle="none")

    def set_path(self, points: ArrayLike | None, bad: ArrayLike | None = None,
                 curves: ArrayLike | None = None) -> None:
        """Show ``points`` ``(N, 3)``; ``bad`` ``(N,)`` True draws a point red; ``curves``
        ``(C, M, 3)`` the family the path belongs to (None: none). ``points=None`` clears."""
        points = np.empty((0, 3)) if points is None else np.asarray(points, float).reshape(-1, 3)
        bad = np.zeros(len(points), bool) if bad is None else np.asarray(bad, bool)
        if bad.shape != (len(points),):
            raise ValueError(f"bad must have one flag per point: {bad.shape} for "
                             f"{len(points)} points")
        _set_line(self.line, points)
        _set_line(self.good, points[~bad])
        _set_line(self.bad, points[bad])
        _set_line(self.family, _family_polyline(curves))


def _family_polyline(curves):
    """The curves ``(C, M, 3)`` as one NaN-separated polyline (at most MAX_FAMILY_CURVES)."""
    if curves is None:
        return np.empty((0, 3))
    curves = np.asarray(curves, dtype=float)
    step = max(1, int(np.ceil(len(curves) / MAX_FAMILY_CURVES)))
    curves = curves[::step]
    gaps = np.full((len(curves), 1, 3), np.nan)
    return np.concatenate([curves, gaps], axis=1).reshape(-1, 3)


def _set_line(line, points):
    line.set_data_3d(points[:, 0], points[:, 1], points[:, 2])


def include_points(ax: Axes3D, points: ArrayLike) -> None:
    """Widen the cubic limits of ``ax`` (equal aspect kept) until they hold ``points``."""
    points = np.asarray(points, dtype=float).reshape(-1, 3)
    if not len(points):
        return
    limits = np.array([ax.get_xlim(), ax.get_ylim(), ax.get_zlim()])
    low = np.minimum(limits[:, 0], points.min(axis=0))
    high = np.maximum(limits[:, 1], points.max(axis=0))
    if np.all(low == limits[:, 0]) and np.all(high == limits[:, 1]):
        return
    _set_cube(ax, low, high)


def _set_cube(ax, low, high, margin=0.0):
    """Equal cubic limits around the box ``low``..``high`` (3,), widened by ``margin``."""
    half = max((high - low).max() / 2, 1e-12) * (1 + margin)
    centre = (low + high) / 2
    ax.set_xlim(centre[0] - half, centre[0] + half)
    ax.set_ylim(centre[1] - half, centre[1] + half)
    ax.set_zlim(centre[2] - half, centre[2] + half)
    ax.set_box_aspect((1, 1, 1))


@dataclass(frozen=True)
class PathFigure(FigureResult):
    """What :func:`path_figure` returns: the ``figure``, the arm's ``drawing`` and the
    ``path_artists`` of the arm view and of the close-up."""

    drawing: ArmDrawing
    path_artists: tuple[PathArtists, PathArtists]


def path_figure(robot: Robot, points: ArrayLike, bad: ArrayLike | None = None,
                q: ArrayLike | None = None, curves: ArrayLike | None = None,
                title: str | None = None, figsize: tuple[float, float] = (8.0, 6.0),
                dpi: float = 100, scene: Scene | None = None) -> PathFigure:
    """A stand-alone figure (no pyplot, no window): the arm with the path, and a close-up.

    Left, ``robot`` at ``q`` with the path in its workspace; right, the path alone, filling an
    equal-aspect cube (a path is often small beside the arm).

    Parameters
    ----------
    robot : robosim.Robot
        The arm drawn with the path.
    points : array_like (N, 3)
        The path, robot's length unit.
    bad : array_like of bool (N,), optional
        Points drawn red (out of reach or beyond the joint limits).
    q : array_like (n,), optional
        The arm's pose (default home), e.g. the joint values at the path's first point.
    curves : array_like (C, M, 3), optional
        The surface or volume the path was picked from, drawn thin and grey.
    title : str, optional
        Written above the figure.
    figsize : (float, float)
        Inches.
    dpi : float
        Dots per inch.
    scene : robosim.collision.Scene, optional
        Obstacles drawn with the arm (:class:`~robosim.plotting.obstacles.ObstacleArtists`):
        what a planned path goes around.

    Returns
    -------
    PathFigure
        ``.figure``, ``.drawing`` (the :class:`~robosim.plotting.arm.ArmDrawing`) and
        ``.path_artists`` (the :class:`PathArtists` of the arm view, then of the close-up).
        Deprecated (one release, :mod:`robosim.plotting.figure_result`): the same as
        ``figure.drawing`` and ``figure.path_artists``.
    """
    fig = Figure(figsize=figsize, dpi=dpi)
    arm_ax = fig.add_axes((0.0, 0.0, 0.55, 0.92), projection="3d")
    close_ax: Axes3D = fig.add_axes((0.5, 0.08, 0.5, 0.8), projection="3d")
    result = PathFigure(fig, ArmDrawing(arm_ax, robot, q),
                        (PathArtists(arm_ax), PathArtists(close_ax)))
    keep_figure_attributes(result)
    for artists in result.path_artists:
        artists.set_path(points, bad, curves)
    if scene is not None:
        ObstacleArtists(arm_ax).set_scene(scene)
    include_points(arm_ax, points)
    shown = np.asarray(points, dtype=float).reshape(-1, 3)
    if curves is not None:
        shown = np.vstack([shown, np.asarray(curves, dtype=float).reshape(-1, 3)])
        include_points(arm_ax, shown)
    _set_cube(close_ax, shown.min(axis=0), shown.max(axis=0), margin=0.05)
    unit = robot.unit
    close_ax.set_xlabel(f"x ({unit})")
    close_ax.set_ylabel(f"y ({unit})")
    close_ax.set_zlabel(f"z ({unit})")
    fig.suptitle(title or robot.name)
    return result

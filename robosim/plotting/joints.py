"""Figures of a joint trajectory: position, velocity and acceleration of every joint against time.

Three axes stacked over a shared time axis, one line per joint in the simulator's joint colours.
Revolute joints are drawn in degrees (deg, deg/s, deg/s^2), prismatic joints in the robot's
length unit (mm, mm/s, mm/s^2, ...). A robot with both kinds draws its prismatic joints against
a second y axis on the right, so neither scale flattens the other.

From Python::

    from robosim.plotting.joints import joint_plot_figure
    shown = joint_plot_figure(profile.t, profile.q, robot, qd=profile.qd, qdd=profile.qdd)
    shown.savefig("profile.png")    # shown.figure, shown.joint_plots

Velocities and accelerations not given are estimated from ``q`` with :func:`numpy.gradient`
(second-order central differences inside, one-sided at the ends).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from numpy.typing import ArrayLike

from ..errors import ValidationError
from ..kinematics import Robot
from .arm import joint_colour
from .figure_result import FigureResult, keep_figure_attributes

#: (what, derivative order) of the three rows, top to bottom.
ROWS = (("position", 0), ("velocity", 1), ("acceleration", 2))
PLAYHEAD_COLOUR = "0.35"
#: Limits of the plots before any trajectory is shown: time (s) and values (any unit).
EMPTY_TIME_S = (0.0, 1.0)
EMPTY_VALUES = (-1.0, 1.0)


def _legend_name(index: int, name: str) -> str:
    """``q1 base`` for joint 0 named "base"; ``q1`` alone when unnamed or named ``q1`` (the
    name a robot file gives a joint without one), never ``q1 q1``."""
    symbol = f"q{index + 1}"
    return symbol if name.strip() in ("", symbol) else f"{symbol} {name.strip()}"


def unit_label(unit: str, order: int) -> str:
    """``deg``, ``deg/s`` or ``deg/s^2`` (``order`` 0, 1, 2) for any unit."""
    return unit + ("", "/s", "/s^2")[order]


def derivatives(t: ArrayLike, q: ArrayLike, qd: ArrayLike | None = None,
                qdd: ArrayLike | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``(qd, qdd)``: the given ones, or :func:`numpy.gradient` estimates over the times ``t``.

    ``t`` (N,) seconds, strictly increasing; ``q`` (N, n). A single row has zero derivatives.
    """
    times, values = check_trajectory(t, q)
    if len(times) < 2:
        zeros = np.zeros_like(values)
        return (zeros if qd is None else np.asarray(qd, float),
                zeros if qdd is None else np.asarray(qdd, float))
    edge: Literal[1, 2] = 2 if len(times) >= 3 else 1
    velocity = (np.gradient(values, times, axis=0, edge_order=edge) if qd is None
                else np.asarray(qd, float))
    acceleration = (np.gradient(velocity, times, axis=0, edge_order=edge) if qdd is None
                    else np.asarray(qdd, float))
    return velocity, acceleration


def check_trajectory(t: ArrayLike, q: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """``t`` as (N,) and ``q`` as (N, n) float arrays; ValidationError if they do not match."""
    t = np.asarray(t, dtype=float).reshape(-1)
    q = np.asarray(q, dtype=float)
    if q.ndim == 1:
        q = q[:, None]
    if q.ndim != 2 or q.shape[0] != t.shape[0] or len(t) == 0:
        raise ValidationError(f"a joint trajectory needs times (N,) and joint values (N, n); "
                              f"got {t.shape} and {q.shape}")
    if not (np.all(np.isfinite(t)) and np.all(np.isfinite(q))):
        raise ValidationError("a joint trajectory must hold finite numbers only")
    if np.any(np.diff(t) <= 0):
        raise ValidationError("the times of a joint trajectory must increase")
    return t, q


class JointPlots:
    """The three axes of a joint trajectory, updated in place (:meth:`show`, :meth:`set_time`).

    Parameters
    ----------
    axes : sequence of 3 Axes
        Position, velocity and acceleration, top to bottom (share the x axis if you like).
    joint_types : str
        ``"R"``/``"P"`` per joint, e.g. ``"RRPR"``.
    unit : str
        The length unit of the prismatic joints.
    joint_names : sequence of str, optional
        Shown in the legend after ``q1``, ``q2``, ...
    legend : {"right", "top"}
        The legend's place: right of the top axes, or above it in rows of three.

    Notes
    -----
    Until :meth:`show` draws a trajectory the plots hold only the hidden playheads, so
    autoscaling would fit the time axis to a zero-wide range whose ends are float noise once
    the window is resized (about 1e-17 s: an axis labelled "1e-17" with negative times). The
    empty plots get fixed limits instead, :data:`EMPTY_TIME_S` and :data:`EMPTY_VALUES`, a clean
    0 to 1 s axis like the time slider of a window before its first trajectory. Turning the
    offset text off alone (``ticklabel_format(useOffset=False)``) would still leave an axis
    around 0 +- 1e-17 s.
    """

    def __init__(self, axes: Sequence[Axes], joint_types: str, unit: str = "mm",
                 joint_names: Sequence[str] | None = None, legend: str = "right") -> None:
        self.joint_types = str(joint_types)
        self.unit = unit
        names = list(joint_names or [""] * len(self.joint_types))
        revolute = [i for i, kind in enumerate(self.joint_types) if kind == "R"]
        prismatic = [i for i, kind in enumerate(self.joint_types) if kind != "R"]
        self.lines: list[list[Line2D]] = []     # per row, one line per joint
        self.playheads: list[Line2D] = []
        self.axes = list(axes)
        # per row: [(axes, joints, unit)] for the revolute and prismatic scales
        self.scales: list[list[tuple[Axes, list[int], str]]] = []
        for ax, (what, order) in zip(self.axes, ROWS, strict=True):
            groups = []
            row_lines: dict[int, Line2D] = {}
            if revolute:
                groups.append((ax, revolute, "deg"))
            if prismatic:
                groups.append((ax.twinx() if revolute else ax, prismatic, unit))
            for target, joints, group_unit in groups:
                target.set_ylabel(f"{what} ({unit_label(group_unit, order)})")
                target.set_ylim(*EMPTY_VALUES)
                for j in joints:
                    label = f"{_legend_name(j, names[j])} ({group_unit})"
                    row_lines[j], = target.plot([], [], color=joint_colour(j), lw=1.5,
                                                label=label)
            self.lines.append([row_lines[j] for j in range(len(self.joint_types))])
            self.scales.append(groups)
            ax.grid(True, alpha=0.3)
            self.playheads.append(ax.axvline(0.0, color=PLAYHEAD_COLOUR, lw=1.0, ls=":",
                                             visible=False))
            ax.set_xlim(*EMPTY_TIME_S)
        self.axes[-1].set_xlabel("time (s)")
        place: dict[str, Any]
        if legend == "top":
            place = dict(loc="lower left", bbox_to_anchor=(0.0, 1.02), ncol=min(3, len(names)))
        else:
            place = dict(loc="upper left",
                         bbox_to_anchor=(1.08 if revolute and prismatic else 1.0, 1.0))
        self.axes[0].legend(handles=self.lines[0], fontsize=7, frameon=False, **place)

    def show(self, t: ArrayLike, q: ArrayLike, qd: ArrayLike | None = None,
             qdd: ArrayLike | None = None) -> None:
        """Draw trajectory ``q`` (N, n) at times ``t`` (N,) in API units (radians, length
        unit); velocities and accelerations are estimated when not given."""
        t, q = check_trajectory(t, q)
        if q.shape[1] != len(self.joint_types):
            raise ValidationError(f"the plots are for {len(self.joint_types)} joints, the "
                                  f"trajectory has {q.shape[1]}")
        qd, qdd = derivatives(t, q, qd, qdd)
        revolute = np.array([kind == "R" for kind in self.joint_types])
        for row, values in enumerate((q, qd, qdd)):
            shown = np.where(revolute, np.degrees(values), values)
            for j, line in enumerate(self.lines[row]):
                line.set_data(t, shown[:, j])
            for target, joints, _ in self.scales[row]:
                _fit_limits(target, t, shown[:, joints])
        for playhead in self.playheads:
            playhead.set_visible(False)

    def set_time(self, time_s: float | None) -> None:
        """Put the dotted playhead line at ``time_s`` seconds (None hides it)."""
        for playhead in self.playheads:
            if time_s is None:
                playhead.set_visible(False)
            else:
                playhead.set_xdata([time_s, time_s])
                playhead.set_visible(True)

    @property
    def artists(self) -> list[Line2D]:
        """Every line the plots update (data lines, then playheads)."""
        return [line for row in self.lines for line in row] + self.playheads


def _fit_limits(ax, t, values):
    """Limits around the data with a 5 % margin (a flat line gets a unit-wide band)."""
    low, high = float(np.min(values)), float(np.max(values))
    span = high - low
    margin = 0.05 * span if span > 1e-9 * max(1.0, abs(high)) else max(1.0, abs(high) * 0.1)
    ax.set_ylim(low - margin, high + margin)
    ax.set_xlim(float(t[0]), float(t[-1]) if t[-1] > t[0] else float(t[0]) + 1.0)


@dataclass(frozen=True)
class JointPlotFigure(FigureResult):
    """What :func:`joint_plot_figure` returns: the ``figure`` and its ``joint_plots``."""

    joint_plots: JointPlots


def joint_plot_figure(t: ArrayLike, q: ArrayLike, robot: Robot | None = None, *,
                      qd: ArrayLike | None = None, qdd: ArrayLike | None = None,
                      fig: Figure | None = None, joint_types: str | None = None,
                      unit: str | None = None, title: str | None = None) -> JointPlotFigure:
    """A figure of joint position, velocity and acceleration against time.

    Parameters
    ----------
    t : array_like (N,)
        Times in seconds, strictly increasing.
    q : array_like (N, n)
        Joint values in API units: radians (revolute), the length unit (prismatic).
    robot : robosim.Robot, optional
        Gives the joint types, names and length unit (otherwise ``joint_types``, default all
        revolute, and ``unit``, default ``"mm"``).
    qd, qdd : array_like (N, n), optional
        Velocities and accelerations (API units per s, per s^2); estimated when None.
    fig : matplotlib.figure.Figure, optional
        Draw into this figure (its axes are added). Without it a new
        :class:`matplotlib.figure.Figure` (8 x 6 in) is made without pyplot: save it with
        ``fig.savefig``, or let a notebook display it.
    joint_types : str, optional
        Without ``robot``: ``"R"`` or ``"P"`` per joint, e.g. ``"RRP"`` (default all revolute).
    unit : str, optional
        Without ``robot``: the length unit of prismatic joints (default ``"mm"``).
    title : str, optional
        Figure title (default: the robot's name).

    Returns
    -------
    JointPlotFigure
        ``.figure`` (``fig`` when given) and ``.joint_plots`` (the :class:`JointPlots`).
        Deprecated (one release, :mod:`robosim.plotting.figure_result`): the plots as
        ``figure.joint_plots``.
    """
    t, q = check_trajectory(t, q)
    if robot is not None:
        joint_types = robot.joint_types
        unit = robot.unit
        names = [joint.name for joint in robot.joints]
        title = robot.name if title is None else title
    else:
        joint_types = joint_types or "R" * q.shape[1]
        names = None
    if fig is None:
        fig = Figure(figsize=(8.0, 6.0))
    axes = [fig.add_axes((0.11, 0.70 - 0.29 * k, 0.64, 0.25)) for k in range(3)]
    for ax in axes[1:]:
        ax.sharex(axes[0])
    for ax in axes[:-1]:
        ax.tick_params(labelbottom=False)
    plots = JointPlots(axes, joint_types, unit or "mm", names)
    plots.show(t, q, qd, qdd)
    if title:
        fig.suptitle(title, x=0.43, y=0.98)
    result = JointPlotFigure(fig, plots)
    keep_figure_attributes(result)
    return result

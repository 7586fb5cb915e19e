"""Figures of dynamics: the torques a motion needs, the energy of a free fall, holding torques.

:func:`torque_figure` (a :class:`TorqueFigure`: the figure and its ``joint_axes``) and
:func:`energy_figure` (a plain :class:`matplotlib.figure.Figure`) need no pyplot and no window,
for the CLI's ``--png`` files; they are drawn by
:func:`draw_torques` and :func:`draw_energy`, which draw into any axes, so the GUI's Dynamics
window (:mod:`robosim.gui.tools.dynamics`) shows the same plots in its own axes, beside
:class:`GravityBars` (the torque each joint needs to hold the pose shown, updated in place)::

    from robosim import dynamics
    from robosim.plotting import torque_figure
    torques = dynamics.trajectory_torques(robot, t, q)
    check = dynamics.check_torque_limits(torques, limits)
    torque_figure(robot, torques, limits, check).savefig("torques.png")

Torques are in N m (forces of prismatic joints in N), energies in J, times in s.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from numpy.typing import ArrayLike

from ..dynamics import Simulation, TorqueCheck, TrajectoryTorques
from ..files import atomic_write_bytes
from ..kinematics import Robot
from .arm import joint_colour
from .figure_result import FigureResult, keep_figure_attributes

FIGSIZE = (8.0, 6.0)
DPI = 100
LIMIT_COLOUR = "0.35"
#: The line that marks where a fall touched its scene or itself (it rests from there on).
CONTACT_COLOUR = "tab:red"
EXCEEDED_COLOUR = "black"


def torque_unit(robot: Robot, joint: int) -> str:
    """``"N m"`` for a revolute joint, ``"N"`` for a prismatic one."""
    return "N m" if robot.joints[joint].is_revolute else "N"


@dataclass(frozen=True)
class TorqueFigure(FigureResult):
    """What :func:`torque_figure` returns: the ``figure`` and its ``joint_axes`` (joint 1
    first)."""

    joint_axes: tuple[Axes, ...]


def torque_figure(robot: Robot, torques: TrajectoryTorques, limits: ArrayLike | None = None,
                  check: TorqueCheck | None = None, figsize: tuple[float, float] = FIGSIZE,
                  dpi: float = DPI) -> TorqueFigure:
    """One axes per joint: the torque (force) it needs against time.

    Parameters
    ----------
    robot : Robot
        The arm (its joint names and units label the axes).
    torques : robosim.dynamics.TrajectoryTorques
        From :func:`robosim.dynamics.trajectory_torques`.
    limits : array_like (n,), optional
        Each joint's limit (N m or N), drawn as dashed lines at +-limit; NaN where unknown.
    check : robosim.dynamics.TorqueCheck, optional
        Its first exceedance of each joint is marked (a black dot and vertical line).
    figsize : (float, float)
        Inches.
    dpi : float
        Dots per inch.

    Returns
    -------
    TorqueFigure
        ``.figure`` and ``.joint_axes``, the axes, joint 1 at the top (drawn by
        :func:`draw_torques`). Deprecated (one release, :mod:`robosim.plotting.figure_result`):
        the axes as ``figure.joint_axes``.
    """
    fig = Figure(figsize=figsize, dpi=dpi, layout="constrained")
    axes = list(fig.subplots(robot.n, 1, sharex=True, squeeze=False)[:, 0])
    draw_torques(axes, robot, torques, limits, check)
    axes[-1].set_xlabel("time (s)")
    axes[0].set_title(f"{robot.name}: joint torques along the motion")
    result = TorqueFigure(fig, tuple(axes))
    keep_figure_attributes(result)
    return result


def draw_torques(axes: Sequence[Axes], robot: Robot, torques: TrajectoryTorques,
                 limits: ArrayLike | None = None, check: TorqueCheck | None = None) -> None:
    """Draw each joint's torque (force) against time in its own axes.

    Parameters
    ----------
    axes : sequence of n Axes
        Joint 1's first; cleared before drawing (a window redraws into the same axes).
    robot, torques, limits, check
        As :func:`torque_figure`.

    Notes
    -----
    Per axes, in this order: the torque needed (solid), the part that holds each pose still
    (dotted), the limits (dashed, at +-limit, where known) and the first exceedance (a black
    vertical line and dot). Joints are drawn in matplotlib's default colours rather than the
    simulator's (whose yellow is hard to read on white); the exceedance marks are black. Each
    axes' y label is the joint's name and unit.
    """
    n = robot.n
    limits = np.full(n, np.nan) if limits is None else np.asarray(limits, dtype=float)
    first = {e.joint: e for e in (check.exceedances if check is not None else [])}
    for i, ax in enumerate(axes):
        ax.cla()
        name = robot.joints[i].name or f"q{i + 1}"
        ax.plot(torques.t, torques.tau[:, i], color=joint_colour(i), label="needed")
        ax.plot(torques.t, torques.static[:, i], color=joint_colour(i), linestyle=":",
                linewidth=1.0, label="holding still")
        if np.isfinite(limits[i]):
            for sign in (1.0, -1.0):
                ax.axhline(sign * limits[i], color=LIMIT_COLOUR, linestyle="--", linewidth=1.0)
        if i in first:
            exceedance = first[i]
            ax.axvline(exceedance.time, color=EXCEEDED_COLOUR, linewidth=1.0)
            ax.plot([exceedance.time], [exceedance.torque], "o", color=EXCEEDED_COLOUR)
        ax.set_ylabel(f"{name}\n({torque_unit(robot, i)})")
        ax.grid(True, alpha=0.3)


def energy_figure(simulation: Simulation, title: str = "free fall",
                  figsize: tuple[float, float] = FIGSIZE, dpi: float = DPI) -> Figure:
    """Kinetic, potential and total energy (J) of a :class:`robosim.dynamics.Simulation`
    (drawn by :func:`draw_energy`)."""
    fig = Figure(figsize=figsize, dpi=dpi, layout="constrained")
    ax = fig.add_subplot()
    draw_energy(ax, simulation)
    ax.set_title(title)
    return fig


def draw_energy(ax: Axes, simulation: Simulation) -> None:
    """Draw the kinetic, potential and total energy (J) of a simulation against time in ``ax``
    (cleared first), with a legend.

    Joint-limit stops (``simulation.limit_hits``) are marked by grey vertical lines: the
    total is constant between them when nothing else takes energy out. A contact
    (``simulation.contacts``), after which the arm rests, by a red dashed one, named in the
    legend.
    """
    ax.cla()
    ax.plot(simulation.t, simulation.kinetic, color="tab:orange", label="kinetic")
    ax.plot(simulation.t, simulation.potential, color="tab:blue", label="potential")
    ax.plot(simulation.t, simulation.energy, color="black", linewidth=2.0, label="total")
    for hit in simulation.limit_hits:
        ax.axvline(hit.time, color=LIMIT_COLOUR, linewidth=1.0)
    for k, contact in enumerate(simulation.contacts):
        ax.axvline(contact.time, color=CONTACT_COLOUR, linestyle="--", linewidth=1.0,
                   label="contact" if k == 0 else None)
    ax.set_xlabel("time (s)")
    ax.set_ylabel("energy (J)")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best")


class GravityBars:
    """Bars of the torque (force) each joint needs to hold a pose still, updated in place.

    One bar per joint (joint ``i`` at x = i + 1, in the colours of :func:`draw_torques`), the
    limits where known as short dashed marks at +-limit, and a zero line. The y range is
    fixed (``span``) so that the bars can be blitted; :meth:`set_torques` widens it, and says
    so, when a value falls outside.

    Parameters
    ----------
    ax : Axes
    robot : Robot
    limits : array_like (n,), optional
        N m (N for prismatic joints); NaN where unknown.
    span : float, optional
        Half the height of the y range, N m; default 1.

    Attributes
    ----------
    bars : list of Rectangle
        The bars (the artists to blit).
    """

    def __init__(self, ax: Axes, robot: Robot, limits: ArrayLike | None = None,
                 span: float = 1.0) -> None:
        n = robot.n
        self.ax = ax
        self.limits = np.full(n, np.nan) if limits is None else np.asarray(limits, dtype=float)
        joints = np.arange(1, n + 1)
        self.bars: list[Rectangle] = list(ax.bar(joints, np.zeros(n), width=0.6,
                                color=[joint_colour(i) for i in range(n)]))
        ax.axhline(0.0, color="black", linewidth=0.8)
        known = np.isfinite(self.limits)
        for sign in (1.0, -1.0):
            ax.plot(joints[known], sign * self.limits[known], linestyle="none", marker="_",
                    markersize=14, color=LIMIT_COLOUR)
        ax.set_xticks(joints, [f"q{i}" for i in joints])
        ax.set_xlim(0.4, n + 0.6)
        ax.grid(True, axis="y", alpha=0.3)
        self.span = 0.0
        self._set_span(span)

    def _set_span(self, span: float) -> None:
        known = self.limits[np.isfinite(self.limits)]
        self.span = max(float(span), *(1.1 * known), 1e-9)
        self.ax.set_ylim(-self.span, self.span)

    def set_torques(self, tau: ArrayLike) -> bool:
        """Show ``tau`` ``(n,)``; returns True when the y range had to widen (the axes then
        needs a full draw, not a blit)."""
        tau = np.asarray(tau, dtype=float)
        for bar, value in zip(self.bars, tau, strict=True):
            bar.set_height(value)
        largest = float(np.max(np.abs(tau), initial=0.0))
        if largest <= self.span:
            return False
        self._set_span(1.25 * largest)
        return True


def save_figure_png(fig: Figure | FigureResult,
                    path: str | os.PathLike[str]) -> str | os.PathLike[str]:
    """Write ``fig`` (a Figure, or what a figure function returned) to a PNG file atomically;
    returns the path."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    atomic_write_bytes(path, buffer.getvalue())
    return path

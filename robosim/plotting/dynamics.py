"""Figures of dynamics: the torques a motion needs, and the energy of a free fall.

Both are plain :class:`matplotlib.figure.Figure` objects (no pyplot, no window), for the CLI's
``--png`` files and for windows that embed them::

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

import numpy as np
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from ..dynamics import Simulation, TorqueCheck, TrajectoryTorques
from ..library import atomic_write_bytes
from ..robot import Robot

FIGSIZE = (8.0, 6.0)
DPI = 100
LIMIT_COLOUR = "0.35"
EXCEEDED_COLOUR = "black"


def torque_unit(robot: Robot, joint: int) -> str:
    """``"N m"`` for a revolute joint, ``"N"`` for a prismatic one."""
    return "N m" if robot.joints[joint].is_revolute else "N"


def torque_figure(robot: Robot, torques: TrajectoryTorques, limits: ArrayLike | None = None,
                  check: TorqueCheck | None = None, figsize: tuple[float, float] = FIGSIZE,
                  dpi: float = DPI) -> Figure:
    """One axes per joint: the torque (force) it needs against time.

    Parameters
    ----------
    robot : Robot
    torques : robosim.dynamics.TrajectoryTorques
    limits : array_like (n,), optional
        Each joint's limit (N m or N), drawn as dashed lines at +-limit; NaN where unknown.
    check : robosim.dynamics.TorqueCheck, optional
        Its first exceedance of each joint is marked (a black dot and vertical line).

    Returns
    -------
    Figure
        ``fig.joint_axes`` lists the axes, joint 1 at the top. Joints are drawn in
        matplotlib's default colours rather than the simulator's (whose yellow is hard to read
        on white); the exceedance marks are black.
    """
    n = robot.n
    fig = Figure(figsize=figsize, dpi=dpi, layout="constrained")
    axes = fig.subplots(n, 1, sharex=True, squeeze=False)[:, 0]
    limits = np.full(n, np.nan) if limits is None else np.asarray(limits, dtype=float)
    first = {e.joint: e for e in (check.exceedances if check is not None else [])}
    for i, ax in enumerate(axes):
        name = robot.joints[i].name or f"q{i + 1}"
        ax.plot(torques.t, torques.tau[:, i], color=f"C{i % 10}", label="needed")
        ax.plot(torques.t, torques.static[:, i], color=f"C{i % 10}", linestyle=":",
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
    axes[-1].set_xlabel("time (s)")
    axes[0].set_title(f"{robot.name}: joint torques along the motion")
    fig.joint_axes = list(axes)
    return fig


def energy_figure(simulation: Simulation, title: str = "free fall",
                  figsize: tuple[float, float] = FIGSIZE, dpi: float = DPI) -> Figure:
    """Kinetic, potential and total energy (J) of a :class:`robosim.dynamics.Simulation`.

    Joint-limit stops (``simulation.limit_hits``) are marked by grey vertical lines: the
    total is constant between them when nothing else takes energy out.
    """
    fig = Figure(figsize=figsize, dpi=dpi, layout="constrained")
    ax = fig.add_subplot()
    ax.plot(simulation.t, simulation.kinetic, color="tab:orange", label="kinetic")
    ax.plot(simulation.t, simulation.potential, color="tab:blue", label="potential")
    ax.plot(simulation.t, simulation.energy, color="black", linewidth=2.0, label="total")
    for hit in simulation.limit_hits:
        ax.axvline(hit.time, color=LIMIT_COLOUR, linewidth=1.0)
    ax.set_xlabel("time (s)")
    ax.set_ylabel("energy (J)")
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best")
    return fig


def save_figure_png(fig: Figure, path: str | os.PathLike[str]) -> str | os.PathLike[str]:
    """Write ``fig`` to a PNG file atomically; returns the path."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    atomic_write_bytes(path, buffer.getvalue())
    return path

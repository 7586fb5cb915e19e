"""Joint sliders for a notebook: a figure of the arm redrawn as the sliders move.

:func:`joint_sliders` builds one ipywidgets slider per joint (degrees for revolute joints, the
length unit for prismatic ones, bounded by the joint limits) and redraws a figure of the arm
each time one is released, with the inline backend that notebooks start with: no ipympl, no
event loop. Without ipywidgets (a plain Python run, the test suite, a notebook server without
it) the same call returns the figure at ``q``: a static picture, never an error.

ipywidgets is an optional package of the notebook environment, not of robosim; it is imported
only when the function is called.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from ..kinematics import Robot
from .arm import arm_figure
from .figure_result import FigureResult

#: Slider steps: a tenth of a degree, or a thousandth of a prismatic joint's travel.
ANGLE_STEP_DEG = 0.1
TRAVEL_STEPS = 1000


def joint_sliders(robot: Robot,
                  figure: Callable[[np.ndarray], Figure | FigureResult] | None = None,
                  q: ArrayLike | None = None) -> Any:
    """Sliders for ``robot``'s joints driving ``figure(q)``, or the static ``figure(q)``.

    Parameters
    ----------
    robot : Robot
        The arm the sliders move.
    figure : callable, optional
        ``figure(q)`` with ``q`` of shape ``(n,)`` in API units (radians, length unit) returns
        the matplotlib Figure to show, or what a figure function of :mod:`robosim.plotting`
        returns (a notebook shows both); default :func:`robosim.plotting.arm_figure`.
    q : array_like, shape (n,), optional
        Where the sliders start (API units); default the robot's home.

    Returns
    -------
    ipywidgets.interactive, matplotlib.figure.Figure or FigureResult
        The sliders with their figure below (a notebook shows it as the cell's value), or,
        without ipywidgets, ``figure(q)``.

    Examples
    --------
    >>> import robosim
    >>> planar = robosim.load_robot("Planar 3R")
    >>> view = joint_sliders(planar)          # in a notebook: three sliders and the arm
    """
    figure = figure or (lambda values: arm_figure(robot, values, figsize=(6.0, 5.0)))
    q = robot.home if q is None else robot.check_q(q)
    try:
        import ipywidgets
    except ImportError:
        return figure(q)
    sliders = {}
    for i, (joint, value, (low, high)) in enumerate(zip(robot.joints, robot.q_to_user(q),
                                                        robot.q_to_user(robot.limits.T).T,
                                                        strict=True)):
        unit = "deg" if joint.is_revolute else robot.unit
        step = ANGLE_STEP_DEG if joint.is_revolute else (high - low) / TRAVEL_STEPS
        sliders[f"q{i + 1}"] = ipywidgets.FloatSlider(
            value=float(value), min=float(low), max=float(high), step=float(step),
            description=f"q{i + 1} ({unit})", continuous_update=False)

    def redraw(**values):
        return figure(robot.q_from_user([values[f"q{i + 1}"] for i in range(robot.n)]))

    return ipywidgets.interactive(redraw, **sliders)

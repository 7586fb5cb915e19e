"""Grids of joint values for the forward workspace: ranges, steps and 3D-RAS's Factor.

3D-RAS (eqs. 17-18) samples each joint with a step of ``Factor`` degrees and counts
``range_1 x ... x range_i / Factor^i`` configurations. :func:`factor_grid` reproduces that count;
:func:`step_grid` takes a step and keeps both ends of every range. :func:`grid_spacing` bounds how
far apart neighbouring points of a grid land, and :func:`refined_grid` gives each joint the step
that keeps that distance under a chosen length (the workspace's volume pass uses it).

Values are in API units: radians for revolute joints, the robot's length unit for prismatic ones.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .. import checks
from ..errors import ValidationError
from ..robot import Robot

_DEGREE = math.pi / 180.0

#: Most values one joint of a grid may take (8 MB): a step of 1e-9 degrees asked for 1.8e11
#: (issue 14); long before this the grid's positions exceed what a run computes.
MAX_JOINT_VALUES = 1_000_000


@dataclass(frozen=True)
class JointGrid:
    """Joint values sampled by a grid workspace: one increasing 1-D array per joint (API units)."""

    values: tuple[np.ndarray, ...]

    @property
    def counts(self) -> tuple[int, ...]:
        """Number of values of each joint."""
        return tuple(len(v) for v in self.values)

    @property
    def configurations(self) -> int:
        """Number of joint configurations: the product of :attr:`counts` (the paper's eq. 18)."""
        return math.prod(self.counts)

    @property
    def ranges(self) -> np.ndarray:
        """``(n, 2)`` first and last value of each joint."""
        return np.array([(v[0], v[-1]) for v in self.values])


def _user_value(robot, joint, value):
    """A joint value as the user writes it: degrees or length unit, with the unit."""
    if robot.joints[joint].is_revolute:
        return f"{math.degrees(value):g} deg"
    return f"{value:g} {robot.unit}"


def joint_ranges(robot: Robot,
                 ranges: Mapping[int, Sequence[float]] | None = None) -> np.ndarray:
    """Per-joint ranges ``(n, 2)``: the joint limits, replaced where ``ranges`` says otherwise.

    Parameters
    ----------
    ranges : dict of int to (float, float), optional
        ``{joint index (0-based): (min, max)}`` in API units. A range may leave the joint's
        limits (3D-RAS's Fig. 5 turns the base 0..180 deg): :func:`limit_notes` says so.
    """
    out = robot.limits.copy()
    for joint, bounds in dict(ranges or {}).items():
        if not 0 <= joint < robot.n:
            raise ValidationError(f"joint {joint + 1}: {robot.name} has joints 1..{robot.n}")
        lower, upper = (float(v) for v in bounds)
        if not (math.isfinite(lower) and math.isfinite(upper)):
            raise ValidationError(f"joint {joint + 1} range must be finite numbers")
        if lower > upper:
            raise ValidationError(f"joint {joint + 1} range is reversed: min "
                                  f"{_user_value(robot, joint, lower)} > max "
                                  f"{_user_value(robot, joint, upper)}")
        out[joint] = lower, upper
    return out


def limit_notes(robot: Robot, ranges: np.ndarray) -> list[str]:
    """Sentences naming the joints whose range ``(n, 2)`` leaves the joint's limits."""
    notes = []
    for j, ((lower, upper), (low_limit, high_limit)) in enumerate(zip(ranges, robot.limits)):
        if lower < low_limit - 1e-12 or upper > high_limit + 1e-12:
            notes.append(f"joint {j + 1} range {_user_value(robot, j, lower)}.."
                         f"{_user_value(robot, j, upper)} leaves its limits "
                         f"{_user_value(robot, j, low_limit)}..{_user_value(robot, j, high_limit)}")
    return notes


def _joint_steps(robot, ranges, angle_step):
    """Each joint's step for a revolute step ``angle_step`` (radians).

    A prismatic joint has no angle: it takes 1 % of its range per degree of the step, so that
    Factor 1 gives it 100 intervals, like a revolute joint turning 100 degrees.
    """
    widths = ranges[:, 1] - ranges[:, 0]
    return np.where(robot.revolute, angle_step, widths * (angle_step / _DEGREE) / 100.0)


def _check_counts(counts):
    for joint, count in enumerate(counts, start=1):
        if not count <= MAX_JOINT_VALUES:
            raise ValidationError(f"joint {joint} would take {count:,.0f} values (at most "
                                  f"{MAX_JOINT_VALUES:,}): choose a larger step")


def _spread(ranges, counts):
    _check_counts(counts)
    values = []
    for (lower, upper), count in zip(ranges, counts):
        values.append(np.linspace(lower, upper, count) if count > 1
                      else np.array([(lower + upper) / 2.0]))
    return JointGrid(tuple(values))


def factor_grid(robot: Robot, factor: float,
                ranges: Mapping[int, Sequence[float]] | None = None) -> JointGrid:
    """3D-RAS's grid: step ``factor`` degrees, and eq. 18's count ``range / factor`` per joint.

    Each joint gets ``max(1, round(range / step))`` values spread evenly over its range, both
    ends included (so the spacing is ``range / (count - 1)``, slightly above the step). The
    paper's Fig. 5 (base 0..180, shoulder 0..90, elbow 0..90, wrist -90..90 deg, Factor 15)
    gives 12 x 6 x 6 x 12 = 5,184 configurations, as the paper prints.
    """
    factor = checks.positive(factor, "Factor")
    if not 1.0 <= factor <= 90.0:
        raise ValidationError(f"Factor (the step between sampled joint values, in degrees) "
                              f"must be between 1 and 90, got {factor:g}")
    spans = joint_ranges(robot, ranges)
    steps = _joint_steps(robot, spans, factor * _DEGREE)
    widths = spans[:, 1] - spans[:, 0]
    counts = [max(1, round(w / s)) if w > 0 else 1 for w, s in zip(widths, steps)]
    return _spread(spans, counts)


def step_grid(robot: Robot, step: float,
              ranges: Mapping[int, Sequence[float]] | None = None) -> JointGrid:
    """A grid whose spacing is at most ``step`` (radians; see :func:`_joint_steps` for sliders).

    Each joint gets ``ceil(range / step) + 1`` values, both ends included.
    """
    step = checks.positive(step, "the step")
    spans = joint_ranges(robot, ranges)
    steps = _joint_steps(robot, spans, step)
    widths = spans[:, 1] - spans[:, 0]
    intervals = [w / s if w > 0 else 0.0 for w, s in zip(widths, steps)]
    # Checked before rounding: a step of 1e-300 makes inf intervals, which no int holds.
    _check_counts([i + 1 for i in intervals])
    return _spread(spans, [math.ceil(i - 1e-9) + 1 if i > 0 else 1 for i in intervals])


def joint_levers(robot: Robot, ranges: np.ndarray) -> list[float]:
    """Per joint, how far a point can move per unit of that joint (length unit per radian, or 1
    for a prismatic joint): the links after a revolute joint (``|a|``, ``|d|``, slider travel
    within ``ranges``, tool), which bound the distance from its axis to any later point."""
    travel = [0.0 if j.is_revolute else max(abs(lo + j.offset), abs(hi + j.offset))
              for j, (lo, hi) in zip(robot.joints, ranges)]
    links = [abs(j.a) + (abs(j.d) if j.is_revolute else 0.0) + t
             for j, t in zip(robot.joints, travel)]
    tool = math.hypot(*robot.tool_xyz)
    return [sum(links[j:]) + tool if joint.is_revolute else 1.0
            for j, joint in enumerate(robot.joints)]


def grid_spacing(robot: Robot, grid: JointGrid,
                 moving: Sequence[bool] | np.ndarray | None = None) -> float:
    """An upper bound of the distance between neighbouring grid points of any segment.

    Moving joint ``j`` by its spacing moves a point by at most that spacing times its lever
    (:func:`joint_levers`). ``moving`` (a bool per joint, default all) leaves out the joints
    that move no point, such as a wrist rotation about the axis through the last origin.
    """
    moving = [True] * robot.n if moving is None else moving
    spacing = 0.0
    for values, lever, moves in zip(grid.values, joint_levers(robot, grid.ranges), moving):
        if moves and len(values) > 1:
            spacing = max(spacing, float(np.max(np.diff(values))) * lever)
    return spacing


def refined_grid(robot: Robot, grid: JointGrid, spacing: float,
                 moving: Sequence[bool] | np.ndarray) -> JointGrid:
    """A grid over the same ranges whose :func:`grid_spacing` is at most ``spacing``.

    Each joint in ``moving`` (a bool per joint) gets the fewest evenly spread values, both ends
    included, that keep its step times its lever under ``spacing``: long levers (the base) get
    many values, short ones (the wrist) few. Other joints keep ``grid``'s values.
    """
    levers = joint_levers(robot, grid.ranges)
    values = []
    for old, lever, moves in zip(grid.values, levers, moving):
        width = float(old[-1] - old[0])
        if not moves or width <= 0:
            values.append(old)
            continue
        values.append(np.linspace(old[0], old[-1], math.ceil(width * lever / spacing - 1e-9) + 1))
    return JointGrid(tuple(values))

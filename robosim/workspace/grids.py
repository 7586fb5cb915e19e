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
from numpy.typing import ArrayLike

from .. import checks
from ..errors import ValidationError, brief
from ..kinematics import Robot

_DEGREE = math.pi / 180.0

#: Most values one joint of a grid may take (8 MB): a step of 1e-9 degrees asked for 1.8e11
#: (issue 14); long before this the grid's positions exceed what a run computes.
MAX_JOINT_VALUES = 1_000_000
#: The largest step of :func:`step_grid` (radians): a full turn; a larger one samples nothing
#: between a range's ends (1e308 made a grid of the ends alone).
MAX_STEP = 2 * math.pi


@dataclass(frozen=True)
class JointGrid:
    """Joint values sampled by a grid workspace: one increasing 1-D array per joint (API units).

    Examples
    --------
    The Gantry's three slides every 10 cm over 0..100, 0..80 and 0..80 cm: 11, 9 and 9 values,
    ``11 x 9 x 9 = 891`` configurations.

    >>> grid = JointGrid(tuple(np.arange(0.0, top + 1, 10) for top in (100, 80, 80)))
    >>> grid.counts, grid.configurations, grid.ranges.tolist()
    ((11, 9, 9), 891, [[0.0, 100.0], [0.0, 80.0], [0.0, 80.0]])
    """

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


def checked_ranges(robot: Robot, ranges: ArrayLike) -> np.ndarray:
    """``ranges`` as ``(n, 2)`` finite ``(min, max)`` joint values, one row per joint of
    ``robot`` (:func:`joint_ranges` makes them).

    Examples
    --------
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> checked_ranges(arm, [[0.0, 1.0]])
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: ranges: 2R has 2 joints, got 1 (min, max) rows
    """
    ranges = checks.shaped(ranges, "ranges", (2,), "(min, max) per joint")
    if ranges.shape != (robot.n, 2):
        raise ValidationError(f"ranges: {robot.name} has {robot.n} joints, got "
                              f"{len(ranges) if ranges.ndim == 2 else ranges.shape} (min, max) "
                              f"rows")
    return ranges


def check_grid(robot: Robot, grid: JointGrid) -> JointGrid:
    """``grid`` itself when it is a :class:`JointGrid` of ``robot``'s joints, else a
    ValidationError saying what it is.

    Examples
    --------
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> check_grid(arm, JointGrid((np.zeros(1),)))
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: grid has 1 joints but 2R has 2: make it with this robot
    """
    checks.instance(grid, JointGrid, "grid", "factor_grid, step_grid")
    if len(grid.values) != robot.n:
        raise ValidationError(f"grid has {len(grid.values)} joints but {robot.name} has "
                              f"{robot.n}: make it with this robot")
    return grid


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
    robot : Robot
        The arm whose limits are the default ranges.
    ranges : dict of int to (float, float), optional
        ``{joint index (0-based): (min, max)}`` in API units. A range may leave the joint's
        limits (3D-RAS's Fig. 5 turns the base 0..180 deg): :func:`limit_notes` says so.

    Examples
    --------
    Joint 1 of the two-link arm limited to 0..90 degrees, joint 2 keeping its +-180:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> np.degrees(joint_ranges(arm, {0: (0.0, np.pi / 2)})).round(3).tolist()
    [[0.0, 90.0], [-180.0, 180.0]]
    """
    out = robot.limits.copy()
    for joint, bounds in checks.mapping({} if ranges is None else ranges, "ranges",
                                        "{joint index: (min, max)}").items():
        if _is_index(joint) and not 0 <= joint < robot.n:
            raise ValidationError(f"joint {joint + 1}: {robot.name} has joints 1..{robot.n}")
        joint = checks.count(joint, "ranges: a joint index (0-based)", 0, robot.n - 1)
        lower, upper = checks.vector(bounds, f"joint {joint + 1} range (min, max)", 2).tolist()
        if lower > upper:
            raise ValidationError(f"joint {joint + 1} range is reversed: min "
                                  f"{_user_value(robot, joint, lower)} > max "
                                  f"{_user_value(robot, joint, upper)}")
        out[joint] = lower, upper
    return out


def limit_notes(robot: Robot, ranges: np.ndarray) -> list[str]:
    """Sentences naming the joints whose range ``(n, 2)`` leaves the joint's limits.

    Examples
    --------
    Joint 1 of the two-link arm asked to turn 0..270 degrees, past its +-180:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> limit_notes(arm, np.radians([[0, 270], [-90, 90]]))
    ['joint 1 range 0 deg..270 deg leaves its limits -180 deg..180 deg']
    """
    notes = []
    ranges = checked_ranges(robot, ranges)
    for j, ((lower, upper), (low_limit, high_limit)) in enumerate(zip(ranges, robot.limits,
                                                                      strict=True)):
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
    for (lower, upper), count in zip(ranges, counts, strict=True):
        values.append(np.linspace(lower, upper, count) if count > 1
                      else np.array([(lower + upper) / 2.0]))
    return JointGrid(tuple(values))


def _is_index(value):
    """True for a whole number (Python's or numpy's), not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def factor_grid(robot: Robot, factor: float,
                ranges: Mapping[int, Sequence[float]] | None = None) -> JointGrid:
    """3D-RAS's grid: step ``factor`` degrees, and eq. 18's count ``range / factor`` per joint.

    Each joint gets ``max(1, round(range / step))`` values spread evenly over its range, both
    ends included (so the spacing is ``range / (count - 1)``, slightly above the step). The
    paper's Fig. 5 (base 0..180, shoulder 0..90, elbow 0..90, wrist -90..90 deg, Factor 15)
    gives 12 x 6 x 6 x 12 = 5,184 configurations, as the paper prints.

    Examples
    --------
    Factor 90 over +-180 degrees: ``360 / 90 = 4`` values, spread over the range (120 apart).

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> grid = factor_grid(arm, 90)
    >>> grid.counts, np.degrees(grid.values[0]).round(3).tolist()
    ((4, 4), [-180.0, -60.0, 60.0, 180.0])
    """
    factor = checks.positive(factor, "Factor")
    if not 1.0 <= factor <= 90.0:
        raise ValidationError(f"Factor (the step between sampled joint values, in degrees) "
                              f"must be between 1 and 90, got {factor:g}")
    spans = joint_ranges(robot, ranges)
    steps = _joint_steps(robot, spans, factor * _DEGREE)
    widths = spans[:, 1] - spans[:, 0]
    counts = [max(1, round(w / s)) if w > 0 else 1 for w, s in zip(widths, steps, strict=True)]
    return _spread(spans, counts)


def step_grid(robot: Robot, step: float,
              ranges: Mapping[int, Sequence[float]] | None = None) -> JointGrid:
    """A grid whose spacing is at most ``step`` (radians; see :func:`_joint_steps` for sliders).

    Each joint gets ``ceil(range / step) + 1`` values, both ends included.

    Examples
    --------
    The two-link arm's joints turn +-180 degrees; steps of at most 90 degrees give
    ``360 / 90 + 1 = 5`` values each, 25 configurations.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> grid = step_grid(arm, np.radians(90))
    >>> grid.counts, grid.configurations, np.degrees(grid.values[0]).round(3).tolist()
    ((5, 5), 25, [-180.0, -90.0, 0.0, 90.0, 180.0])
    """
    step = checks.positive(step, "the step", MAX_STEP)
    spans = joint_ranges(robot, ranges)
    steps = _joint_steps(robot, spans, step)
    widths = spans[:, 1] - spans[:, 0]
    intervals = [w / s if w > 0 else 0.0 for w, s in zip(widths, steps, strict=True)]
    # Checked before rounding: a step of 1e-300 makes inf intervals, which no int holds.
    _check_counts([i + 1 for i in intervals])
    return _spread(spans, [math.ceil(i - 1e-9) + 1 if i > 0 else 1 for i in intervals])


def joint_levers(robot: Robot, ranges: np.ndarray) -> list[float]:
    """Per joint, how far a point can move per unit of that joint (length unit per radian, or 1
    for a prismatic joint): the links after a revolute joint (``|a|``, ``|d|``, slider travel
    within ``ranges``, tool), which bound the distance from its axis to any later point.

    Examples
    --------
    The two-link arm with unit links: joint 1 carries both links (a point moves at most
    ``1 + 1 = 2`` per radian), joint 2 the last one (1 per radian).

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> joint_levers(arm, arm.limits)
    [2.0, 1.0]
    """
    travel = [0.0 if j.is_revolute else float(max(abs(lo + j.offset), abs(hi + j.offset)))
              for j, (lo, hi) in zip(robot.joints, checked_ranges(robot, ranges), strict=True)]
    links = [abs(j.a) + (abs(j.d) if j.is_revolute else 0.0) + t
             for j, t in zip(robot.joints, travel, strict=True)]
    tool = math.hypot(*robot.tool_xyz)
    return [sum(links[j:]) + tool if joint.is_revolute else 1.0
            for j, joint in enumerate(robot.joints)]


def grid_spacing(robot: Robot, grid: JointGrid,
                 moving: Sequence[bool] | np.ndarray | None = None) -> float:
    """An upper bound of the distance between neighbouring grid points of any segment.

    Moving joint ``j`` by its spacing moves a point by at most that spacing times its lever
    (:func:`joint_levers`). ``moving`` (a bool per joint, default all) leaves out the joints
    that move no point, such as a wrist rotation about the axis through the last origin.

    Examples
    --------
    Steps of 90 degrees on levers of 2 and 1: neighbours differ in one joint, so they are at
    most joint 1's ``(pi / 2) * 2 = 3.142`` apart.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> round(grid_spacing(arm, step_grid(arm, np.pi / 2)), 3)
    3.142
    """
    moving = [True] * robot.n if moving is None else moving
    spacing = 0.0
    for values, lever, moves in zip(check_grid(robot, grid).values,
                                    joint_levers(robot, grid.ranges), moving,
                                    strict=True):
        if moves and len(values) > 1:
            spacing = max(spacing, float(np.max(np.diff(values))) * lever)
    return spacing


def refined_grid(robot: Robot, grid: JointGrid, spacing: float,
                 moving: Sequence[bool] | np.ndarray) -> JointGrid:
    """A grid over the same ranges whose :func:`grid_spacing` is at most ``spacing``.

    Each joint in ``moving`` (a bool per joint) gets the fewest evenly spread values, both ends
    included, that keep its step times its lever under ``spacing``: long levers (the base) get
    many values, short ones (the wrist) few. Other joints keep ``grid``'s values.

    Examples
    --------
    The two-link arm with unit links (levers 2 and 1, :func:`joint_levers`) over +-180 degrees,
    refined to points at most 0.5 m apart: joint 1 needs ``ceil(2 pi x 2 / 0.5) = 26``
    intervals, joint 2 ``ceil(2 pi x 1 / 0.5) = 13``; both ends included, 27 and 14 values.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> refined_grid(arm, step_grid(arm, np.pi / 2), 0.5, moving=[True, True]).counts
    (27, 14)
    """
    levers = joint_levers(robot, check_grid(robot, grid).ranges)
    spacing = checks.positive(spacing, "spacing")
    if isinstance(moving, (str, bytes)) or not hasattr(moving, "__len__") \
            or len(moving) != robot.n:
        raise ValidationError(f"moving must be {robot.n} True/False values, one per joint, got "
                              f"{brief(moving)}")
    moving = [checks.flag(moves, "moving") for moves in moving]
    values = []
    for old, lever, moves in zip(grid.values, levers, moving, strict=True):
        width = float(old[-1] - old[0])
        if not moves or width <= 0:
            values.append(old)
            continue
        values.append(np.linspace(old[0], old[-1], math.ceil(width * lever / spacing - 1e-9) + 1))
    return JointGrid(tuple(values))

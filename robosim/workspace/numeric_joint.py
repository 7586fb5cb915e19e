"""Joint workspace of any arm by numeric IK: the general case of :mod:`robosim.workspace.joint`.

Arms not shaped like the Lynx6 have no closed form here, so every position is solved with
:mod:`robosim.ik` (damped least squares, joint limits kept). To tell, as the paper's
indicators do, "a joint would leave its limits" from "out of reach", a position the search
does not reach within the real limits is searched again on a copy of the arm whose limits are
opened (:func:`open_limits`):

- reached there: the joints that the limit-free solution puts outside the real limits are
  flagged (their geometric values are kept, as the Lynx6 path keeps them); if none is outside
  (each revolute value taken at the turn nearest its range), the position is reachable after all;
- not reached even without limits: out of reach.

This is a numeric verdict: a solution inside the limits may exist that the search missed, and
a position at the very edge of the workspace may be called out of reach. :func:`search_text`
says how hard it searched.

Arms with fewer than 6 joints are solved for position only; arms with 6 or more hold the
gripper's orientation at a given rotation (default: the start configuration's), or position
only on request. Units: positions in the robot's length unit (world frame), joint values in
radians / length unit.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import ArrayLike

from .. import ik
from ..errors import RobosimError, ValidationError
from ..kinematics import Robot

#: Most positions one numeric joint-workspace run takes (about 0.3-0.5 ms each in a box).
MAX_POSITIONS = 20_000
#: Along a sweep: restarts from the seed bank when a point is not reached from its predecessor.
PATH_RESTARTS = 3
#: Then, for the points still not reached: seed-bank configurations tried each, batched.
RETRY_SEEDS = 24
#: Over a box: seed-bank configurations tried after the nearest one, batched.
BOX_SEEDS = 8
#: Positions solved between two progress reports: in a box, and along a sweep.
BOX_CHUNK = 1000
SWEEP_CHUNK = 100
#: Fewest joints for which the orientation is held by default.
ORIENTATION_JOINTS = 6
FULL_TURN = 2.0 * math.pi
#: A joint moving more than this between two neighbouring points of a sweep (radians; prismatic
#: joints: this fraction of the robot's size) has changed branch: the sweep's steps are small.
BRANCH_JUMP = 0.5
#: Rough cost of one position (seconds), a 6-joint arm holding its orientation, a third out of
#: reach (benchmarks/bench_joint_workspace.py): along a sweep (point by point) and in a box.
SECONDS_PER_SWEPT_POSITION = 3e-3
SECONDS_PER_BOX_POSITION = 5e-4

_open_robots: weakref.WeakKeyDictionary[Robot, Robot] = weakref.WeakKeyDictionary()


class JointWorkspaceCancelled(RobosimError):
    """The progress callback asked to stop; no result is returned."""


@dataclass
class NumericSolution:
    """Joint values of positions ``(N, 3)`` and their verdicts.

    Attributes
    ----------
    q : ndarray (N, n)
        Within limits where reachable; the limit-free geometric values where joints are
        outside; the closest approach found where out of reach.
    outside : ndarray (N, n) of bool
    no_solution : ndarray (N,) of bool
        Not reached even with the limits opened.
    orientation : ndarray (3, 3) or None
        The gripper rotation held (world frame); None when solved for position only.
    switch : ndarray (N,) of bool
        Along a sweep: where the solution had to change branch (:func:`branch_switches`);
        all False in a box.

    Examples
    --------
    The two-link arm with unit links, each joint limited to +-90 degrees: (1, 1) is reached
    with the elbow at 90 degrees, (0, -2) stretched out at ``q1 = -90``; (-2, 0) would need
    ``q1 = 180`` (joint 1 outside), and (3, 0) is beyond the reach of 2.

        >>> from robosim import Joint, Robot
    >>> quarter = (-np.pi / 2, np.pi / 2)
    >>> arm = Robot([Joint(a=1.0, limits=quarter), Joint(a=1.0, limits=quarter)], unit="m")
    >>> found = solve_positions(arm, [[1, 1, 0], [0, -2, 0], [-2, 0, 0], [3, 0, 0]], path=False)
    >>> (np.degrees(found.q[:2]).round(3) + 0.0).tolist()
    [[0.0, 90.0], [-90.0, 0.0]]
    >>> found.outside.tolist()
    [[False, False], [False, False], [True, False], [False, False]]
    >>> found.no_solution.tolist(), found.orientation
    ([False, False, False, True], None)
    """

    q: np.ndarray
    outside: np.ndarray
    no_solution: np.ndarray
    orientation: np.ndarray | None
    switch: np.ndarray


def branch_switches(robot: Robot, q: np.ndarray, reached: np.ndarray) -> np.ndarray:
    """Where a sweep's solution changes branch: boolean ``(N,)``, True at a point whose
    solution is on another branch than the last reached point before it.

    Another branch: another name from :func:`robosim.ik.branch_labels` (arms with named
    branches), or a joint moving more than :data:`BRANCH_JUMP` radians (prismatic: that
    fraction of the robot's size) between the two points. Points not reached are never marks.

    Examples
    --------
    The elbow going from 0.6 to -0.6 rad between two neighbouring points (a 1.2 rad jump, more
    than 0.5) flips the two-link arm from one elbow to the other:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> q = np.array([[0.0, 0.5], [0.0, 0.6], [0.0, -0.6]])
    >>> branch_switches(arm, q, reached=np.array([True, True, True])).tolist()
    [False, False, True]
    """
    switch = np.zeros(len(q), dtype=bool)
    index = np.flatnonzero(reached)
    if index.size < 2:
        return switch
    labels = np.array(ik.branch_labels(robot, q[index]))
    scale = np.where(robot.revolute, 1.0, robot.length_scale)
    jump = (np.abs(np.diff(q[index], axis=0)) / scale).max(axis=1) > BRANCH_JUMP
    switch[index[1:]] = jump | (labels[1:] != labels[:-1])
    return switch


def open_limits(robot: Robot) -> Robot:
    """A copy of ``robot`` whose limits do not get in the way of the search.

    Revolute joints: a full turn either way of zero (at least; wider limits are kept), so no
    solution sits at a bound where the projected search could stick. Prismatic joints: the
    travel widened by ``max(travel, robot.length_scale)`` on each side.

    Examples
    --------
    >>> from robosim import Joint, Robot
    >>> quarter = (-np.pi / 2, np.pi / 2)
    >>> arm = Robot([Joint(a=1.0, limits=quarter), Joint(a=1.0, limits=quarter)], unit="m")
    >>> free = open_limits(arm)
    >>> free.name, np.degrees(free.limits).round(3).tolist()
    ('robot (limits open)', [[-360.0, 360.0], [-360.0, 360.0]])
    """
    if robot not in _open_robots:
        joints = []
        for joint in robot.joints:
            lower, upper = joint.limits
            if joint.is_revolute:
                lower, upper = min(lower, -FULL_TURN), max(upper, FULL_TURN)
            else:
                margin = max(upper - lower, robot.length_scale)
                lower, upper = lower - margin, upper + margin
            joints.append(replace(joint, limits=(lower, upper)))
        _open_robots[robot] = replace(robot, joints=tuple(joints),
                                     name=f"{robot.name} (limits open)")
    return _open_robots[robot]


def nearest_turn(robot: Robot, q: np.ndarray) -> np.ndarray:
    """``q`` ``(..., n)`` with each revolute value moved by whole turns nearest the middle of
    its range: inside the limits whenever any turn of it is.

    Examples
    --------
    350 degrees is -10 degrees a turn back, inside +-180:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> np.degrees(nearest_turn(arm, np.radians([350.0, -10.0]))).round(3).tolist()
    [-10.0, -10.0]
    """
    lower, upper = robot.limits.T
    middle = (lower + upper) / 2.0
    turned = q - FULL_TURN * np.round((q - middle) / FULL_TURN)
    return np.where(robot.revolute, turned, q)


def held_orientation(robot: Robot, q0: ArrayLike, orientation: ArrayLike | None = None,
                     position_only: bool = False) -> np.ndarray | None:
    """The gripper rotation ``(3, 3)`` to hold, or None for position only.

    Fewer than :data:`ORIENTATION_JOINTS` joints: always None (``orientation`` is refused).
    Otherwise ``orientation`` if given, else the rotation of ``robot.fk(q0)``; None with
    ``position_only``.

    Examples
    --------
    A two-link arm has no orientation to hold; the Puma 560 holds its start's by default:

    >>> from robosim import Joint, Robot, load_robot
    >>> print(held_orientation(Robot([Joint(a=1.0), Joint(a=1.0)]), [0.0, 0.0]))
    None
    >>> puma = load_robot("Puma 560")
    >>> bool(np.allclose(held_orientation(puma, puma.home), puma.fk(puma.home)[:3, :3]))
    True
    >>> print(held_orientation(puma, puma.home, position_only=True))
    None
    """
    if robot.n < ORIENTATION_JOINTS:
        if orientation is not None:
            raise ValidationError(f"{robot.name} has {robot.n} joints: it is solved for "
                                  f"position only, an orientation cannot be held")
        return None
    if position_only:
        return None
    if orientation is None:
        return robot.fk(q0)[:3, :3]
    rotation = np.asarray(orientation, dtype=float)
    if rotation.shape != (3, 3):
        raise ValidationError(f"the orientation to hold must be a 3x3 rotation matrix, got "
                              f"shape {rotation.shape}")
    pose = np.eye(4)
    pose[:3, :3] = rotation
    return ik.check_targets(pose, "pose")[:3, :3]


def estimate_seconds(count: int, path: bool) -> float:
    """Rough seconds for ``count`` positions along a sweep (``path``) or in a box.

    Examples
    --------
    100 positions at 3 ms each along a sweep, at 0.5 ms in a box:

    >>> print(f"{estimate_seconds(100, path=True):.2f} {estimate_seconds(100, path=False):.2f}")
    0.30 0.05
    """
    return count * (SECONDS_PER_SWEPT_POSITION if path else SECONDS_PER_BOX_POSITION)


def search_text(robot: Robot, path: bool, orientation: np.ndarray | None) -> str:
    """One sentence saying how the numeric verdict was searched (for output and docs).

    Examples
    --------
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> print(search_text(arm, path=False, orientation=None))
    numeric IK (position only, tolerance 1e-09 m): the nearest seed-bank configuration, then 8
    more; misses searched again with the limits opened. A verdict of the search: a solution it
    missed may exist
    """
    what = "position and the held orientation" if orientation is not None else "position only"
    first = (f"each point from the previous one's solution, {PATH_RESTARTS} restarts, then "
             f"{RETRY_SEEDS} seed-bank configurations" if path else
             f"the nearest seed-bank configuration, then {BOX_SEEDS} more")
    return (f"numeric IK ({what}, tolerance {ik.POSITION_TOLERANCE:g} {robot.unit}): {first}; "
            f"misses searched again with the limits opened. A verdict of the search: a "
            f"solution it missed may exist")


def solve_positions(robot: Robot, positions: ArrayLike, *, path: bool,
                    q0: ArrayLike | None = None, orientation: ArrayLike | None = None,
                    position_only: bool = False,
                    progress: Callable[[float], bool | None] | None = None) -> NumericSolution:
    """Solve positions ``(N, 3)`` numerically with the limit indicators.

    Parameters
    ----------
    robot : Robot
        The arm.
    positions : array_like (N, 3)
        Gripper points in the world frame (length unit).
    path : bool
        True for a sweep: point after point with continuity (:func:`robosim.ik.solve_path`),
        starting from ``q0``; False for a box: batched (:func:`robosim.ik.solve`).
    q0 : (n,), optional
        Start configuration (default home); its orientation is the default one held.
    orientation, position_only
        See :func:`held_orientation`.
    progress : callable, optional
        ``progress(fraction)`` after every :data:`BOX_CHUNK` (box) or :data:`SWEEP_CHUNK`
        (sweep) positions; returning False cancels.

    Returns
    -------
    NumericSolution

    Raises
    ------
    ValidationError
        More than :data:`MAX_POSITIONS` positions.
    JointWorkspaceCancelled
        The progress callback returned False.

    Examples
    --------
    Along a sweep across the two-link arm's reach (joints limited to +-90 degrees), from
    (2, 0) stretched out to (0, 2), every point is reached (at (1, 1) with the elbow at 90
    degrees, on the branch the path started on); at 2.5 m it is out of reach.

        >>> from robosim import Joint, Robot
    >>> quarter = (-np.pi / 2, np.pi / 2)
    >>> arm = Robot([Joint(a=1.0, limits=quarter), Joint(a=1.0, limits=quarter)], unit="m")
    >>> found = solve_positions(arm, [[2, 0, 0], [1, 1, 0], [0, 2, 0], [0, 2.5, 0]], path=True)
    >>> found.no_solution.tolist(), bool(found.outside.any())
    ([False, False, False, True], False)
    >>> (np.degrees(found.q[1]).round(3) + 0.0).tolist()
    [0.0, 90.0]
    """
    positions = np.asarray(positions, dtype=float).reshape(-1, 3)
    if len(positions) > MAX_POSITIONS:
        raise ValidationError(f"{len(positions):,} positions: numeric IK ({robot.name} has no "
                              f"closed form here) takes at most {MAX_POSITIONS:,} per run, "
                              f"about {estimate_seconds(MAX_POSITIONS, path):.0f} s "
                              f"(use fewer steps)")
    q0 = robot.home if q0 is None else robot.check_q(q0, "start configuration")
    rotation = held_orientation(robot, q0, orientation, position_only)
    # (N, 4, 4) targets: the held rotation (the identity, unused, for position only)
    axes = "position" if rotation is None else "pose"
    targets = np.broadcast_to(np.eye(4), (len(positions), 4, 4)).copy()
    targets[:, :3, :3] = np.eye(3) if rotation is None else rotation
    targets[:, :3, 3] = positions
    count, size = len(positions), SWEEP_CHUNK if path else BOX_CHUNK
    q = np.empty((count, robot.n))
    outside = np.zeros((count, robot.n), dtype=bool)
    no_solution = np.zeros(count, dtype=bool)
    start = q0
    for begin in range(0, count, size):
        part = slice(begin, min(begin + size, count))
        q[part], outside[part], no_solution[part], reached = _verdicts(
            robot, targets[part], axes, start, path)
        if reached.any():                   # a sweep goes on from its last reached point
            start = q[part][np.flatnonzero(reached)[-1]]
        if progress is not None and progress(part.stop / count) is False:
            raise JointWorkspaceCancelled(f"joint workspace cancelled after {part.stop:,} of "
                                          f"{count:,} positions")
    reached = ~no_solution & ~outside.any(axis=1)
    switch = branch_switches(robot, q, reached) if path else np.zeros(count, dtype=bool)
    return NumericSolution(q, outside, no_solution, rotation, switch)


def _verdicts(robot, targets, axes, q0, path):
    """``(q, outside, no_solution, reached)`` of ``targets`` ``(N, 4, 4)``: the search within
    the limits (``reached``), then the one on open limits for its misses."""
    q, reached = _solve(robot, targets, axes, q0, path)
    outside = np.zeros(q.shape, dtype=bool)
    no_solution = np.zeros(len(q), dtype=bool)
    missed = np.flatnonzero(~reached)
    if missed.size:
        free = open_limits(robot)
        if path:
            free_q, free_reached = _solve_stretches(free, targets, axes, q0, q, missed)
        else:
            free_q, free_reached = _solve(free, targets[missed], axes, None, False)
        free_q = nearest_turn(robot, free_q)
        limits = robot.limits
        q[missed] = free_q
        outside[missed] = free_reached[:, None] & ((free_q < limits[:, 0] - 1e-9)
                                                   | (free_q > limits[:, 1] + 1e-9))
        no_solution[missed] = ~free_reached
    return q, outside, no_solution, reached


def _solve(robot, targets, axes, q0, path):
    """``(q (N, n), reached (N,))`` of ``targets`` within ``robot``'s limits.

    Along a sweep the points missed from their predecessor are tried again from the seed bank,
    each first from the last point reached before it (``q0`` at the start), so a retry that
    can stay on the sweep's branch does."""
    if path:
        result = ik.solve_path(robot, targets, q0, axes=axes, restarts=PATH_RESTARTS)
        q, reached = result.q.copy(), result.reachable.copy()
        missed = np.flatnonzero(~reached)
        if missed.size:
            last = np.maximum.accumulate(np.where(reached, np.arange(len(q)), -1))
            before = np.where(missed > 0, last[np.maximum(missed - 1, 0)], -1)
            starts = np.where((before >= 0)[:, None], q[np.maximum(before, 0)], q0)
            retry = ik.solve(robot, targets[missed], starts, axes=axes, seeds=RETRY_SEEDS)
            q[missed], reached[missed] = retry.q, retry.success
        return q, reached
    solved = ik.solve(robot, targets, axes=axes, seeds=BOX_SEEDS)
    return solved.q, solved.success


def _solve_stretches(free, targets, axes, q0, q, missed):
    """Solve the sweep's ``missed`` points on ``free`` (the open-limits arm), each stretch of
    consecutive misses as a path from the solution before it (``q0`` at the start), so the
    geometric values continue the plotted curve."""
    free_q = np.empty((missed.size, free.n))
    free_reached = np.empty(missed.size, dtype=bool)
    breaks = np.flatnonzero(np.diff(missed) > 1) + 1
    for run in np.split(np.arange(missed.size), breaks):
        first = missed[run[0]]
        start = q[first - 1] if first > 0 else q0
        free_q[run], free_reached[run] = _solve(free, targets[missed[run]], axes, start, True)
    return free_q, free_reached

"""Following a Cartesian path by inverse kinematics, point by point, with timing.

:func:`follow_path` solves each point seeded by its neighbour, skips or stops at points that
cannot be reached (saying why: out of reach, beyond the joint limits, not continuous) and times
the motion from a duration or an end-effector speed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import ArrayLike

from .. import checks, ik
from ..errors import ValidationError
from ..kinematics import Robot
from .paths import FIT_RESTARTS, CartesianPath, joint_jumps
from .profiles import MAX_SAMPLES, positive_seconds

#: Default end-effector speed along a path, as a fraction of the robot's size per second.
DEFAULT_SPEED_FRACTION = 0.1
ON_BAD_CHOICES = ("skip", "stop")


@dataclass
class FollowResult:
    """A Cartesian path followed by inverse kinematics, point by point.

    All arrays have one row per path point, so ``reachable[k]`` and ``q[k]`` belong to
    ``points[k]``.

    Attributes
    ----------
    t : ndarray, shape (N,)
        When the end effector passes each point (seconds): at constant speed along the path.
    q : ndarray, shape (N, n)
        Joint values. At a reachable point, the solution seeded by the previous one (the first
        from ``q0``, or from its own best solution when that follows the path better: then
        the arm must first move from ``q0`` to ``q[0]``). At a bad
        point, with ``on_bad="skip"``, the joints move linearly in time from the last good
        configuration to the next (the tip leaves the path there); with ``"stop"``, every row
        from the first bad point on holds the last good configuration.
    reachable : ndarray of bool, shape (N,)
        The point was reached within the joint limits (position error <= 1e-9 length units).
    bad_indices : ndarray of int
        Indices of the points that were not reached (to list them and draw them red).
    points : ndarray, shape (N, 3)
        The path's points (length unit).
    tip : ndarray, shape (N, 3)
        Where the end effector really is at each row (forward kinematics of ``q``).
    on_bad : str
        "skip" or "stop".
    stop_index : int or None
        With ``"stop"``, the first bad point (the motion ends before it); else None.
    jumps : ndarray of int
        Points reached by a jump of the joints from the previous one (see
        :func:`joint_jumps`): a change of arm posture, or a near-singular stretch.
    reasons : ndarray of str, shape (N,)
        Why each point was not reached: :data:`OUT_OF_REACH`, :data:`BEYOND_LIMITS` or
        :data:`NOT_CONTINUOUS`; "" for reached points.
    message : str
        One line for the user: how many points were reached, which were not, what was done.

    Examples
    --------
    The Gantry's tool along x at 50 cm/s, 100 cm above the floor, from 0 to 150 cm: its x
    carriage travels 0..100 cm, so the last point is beyond the limits and, with ``"stop"``,
    the motion stops before it. The points are 50 cm apart: one second each.

    >>> import robosim
    >>> gantry = robosim.load_robot("Gantry")       # tool at (q1, q2, 100 - q3) cm
    >>> line = [[0, 0, 100], [50, 0, 100], [100, 0, 100], [150, 0, 100]]
    >>> follow = follow_path(gantry, line, gantry.home, on_bad="stop", speed=50.0)
    >>> follow.t.tolist(), follow.reachable.tolist(), follow.stop_index
    ([0.0, 1.0, 2.0, 3.0], [True, True, True, False], 3)
    >>> (follow.q[:3].round(6) + 0.0).tolist()
    [[0.0, 0.0, 0.0], [50.0, 0.0, 0.0], [100.0, 0.0, 0.0]]
    >>> follow.message
    '3 of 4 points reached; beyond the joint limits: point(s) 4 (the motion stops before point 4)'
    """

    t: np.ndarray
    q: np.ndarray
    reachable: np.ndarray
    bad_indices: np.ndarray
    points: np.ndarray
    tip: np.ndarray
    on_bad: str
    stop_index: int | None
    jumps: np.ndarray
    reasons: np.ndarray
    message: str

    def motion(self) -> tuple[np.ndarray, np.ndarray]:
        """``(t, q)`` to play: every row, or with ``"stop"`` the rows before the first bad
        point (empty when the very first point is bad).

        Examples
        --------
        The Gantry's line of :class:`FollowResult`'s example stops before its fourth point:
        three rows to play, 0 to 2 s.

        >>> import robosim
        >>> gantry = robosim.load_robot("Gantry")       # tool at (q1, q2, 100 - q3) cm
        >>> line = [[0, 0, 100], [50, 0, 100], [100, 0, 100], [150, 0, 100]]
        >>> follow = follow_path(gantry, line, gantry.home, on_bad="stop", speed=50.0)
        >>> t, q = follow.motion()
        >>> t.tolist(), q.shape
        ([0.0, 1.0, 2.0], (3, 3))
        """
        end = len(self.t) if self.stop_index is None else self.stop_index
        return self.t[:end], self.q[:end]

    def max_joint_speeds(self) -> np.ndarray:
        """Largest speed of each joint ``(n,)`` over :meth:`motion` (rad/s or unit/s).

        Examples
        --------
        Along x at 50 cm/s (:class:`FollowResult`'s example) only the x carriage moves, at the
        tool's speed:

        >>> import robosim
        >>> gantry = robosim.load_robot("Gantry")       # tool at (q1, q2, 100 - q3) cm
        >>> line = [[0, 0, 100], [50, 0, 100], [100, 0, 100], [150, 0, 100]]
        >>> follow = follow_path(gantry, line, gantry.home, on_bad="stop", speed=50.0)
        >>> (follow.max_joint_speeds().round(6) + 0.0).tolist()
        [50.0, 0.0, 0.0]
        """
        t, q = self.motion()
        if len(t) < 2:
            return np.zeros(self.q.shape[1])
        return np.max(np.abs(np.diff(q, axis=0) / np.diff(t)[:, None]), axis=0)


def follow_path(robot: Robot, path_points: ArrayLike | CartesianPath, q0: ArrayLike, *,
                on_bad: str = "skip", duration: float | None = None,
                speed: float | None = None, axes: str = "position",
                wrist_pitch: float | None = None) -> FollowResult:
    """Follow ``path_points`` by inverse kinematics, each point seeded from the previous one.

    Parameters
    ----------
    robot : Robot
        The arm that follows the path.
    path_points : array_like, shape (N, 3), or CartesianPath
        Positions in the robot's length unit.
    q0 : array_like, shape (n,)
        The configuration the arm starts from (the first point is solved from it).
    on_bad : {"skip", "stop"}
        What to do at points that are out of reach or would break a joint limit: pass them by
        (the arm goes on to the next good point) or end the motion before the first of them.
    duration, speed : float, optional
        Time for the whole path (seconds) or the end effector's speed along it (length unit per
        second); the tip moves at constant speed. Default: :data:`DEFAULT_SPEED_FRACTION` of
        the robot's size per second.
    axes : str
        ``"position"`` (any orientation), or e.g. ``"pose"`` to keep the orientation the tool
        has at ``q0`` all along (see :mod:`robosim.ik`).
    wrist_pitch : float, optional
        Lynx6-shaped arms only: hold the gripper at this angle to the ground (radians, up
        positive) and solve every point in closed form (:func:`robosim.ik.lynx6_ik`, the
        paper's method, elbow up), instead of the numeric solver, whose redundant wrist may
        drift along a closed path. ``axes`` is then ignored.

    Returns
    -------
    FollowResult

    Examples
    --------
    The two-link arm with unit links following three points on the line ``x = 1`` at 0.5 m/s
    from ``(0, 90)`` degrees: 1 m of path takes 2 s, and every point is reached.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> follow = follow_path(arm, [[1.0, 1.0, 0.0], [1.0, 0.5, 0.0], [1.0, 0.0, 0.0]],
    ...                      np.radians([0, 90]), speed=0.5)
    >>> follow.reachable.tolist(), round(float(follow.t[-1]), 3)
    ([True, True, True], 2.0)
    """
    if on_bad not in ON_BAD_CHOICES:
        raise ValidationError(f"on_bad must be 'skip' or 'stop', got {on_bad!r}")
    points = path_points.points if isinstance(path_points, CartesianPath) else path_points
    points = checks.real_array(points, "path points", finite=False)
    if points.ndim != 2 or points.shape[1] != 3 or len(points) < 1:
        raise ValidationError(f"path points must be an (N, 3) array, got shape {points.shape}")
    if not np.all(np.isfinite(points)):
        raise ValidationError("path points must be finite numbers")
    if len(points) > MAX_SAMPLES:
        raise ValidationError(f"a path has at most {MAX_SAMPLES} points, got {len(points)}")
    q0 = robot.check_q(q0, "start configuration")
    t = _path_times(robot, points, duration, speed)
    rows = ik.parse_axes(axes)
    if any(r >= 3 for r in rows):
        targets = np.broadcast_to(robot.fk(q0), (len(points), 4, 4)).copy()
        targets[:, :3, 3] = points
    else:
        targets = points
    if wrist_pitch is None:
        solved, reachable, alone = _solve_continuously(robot, targets, q0, axes)
        reasons = _bad_point_reasons(robot, targets, reachable, alone, axes)
    else:
        solved, reachable, reasons = _solve_lynx6(robot, points, q0, wrist_pitch)
    bad = np.flatnonzero(~reachable)
    q = solved.copy()
    stop_index = None
    if bad.size and on_bad == "stop":
        stop_index = int(bad[0])
        q[stop_index:] = q[stop_index - 1] if stop_index else solved[0]
    elif bad.size and reachable.any():
        good = np.flatnonzero(reachable)
        for joint in range(robot.n):
            q[:, joint] = np.interp(t, t[good], solved[good, joint])
    tip = robot.fk(q)[:, :3, 3]
    jumps = joint_jumps(robot, q if stop_index is None else q[:stop_index])
    message = _follow_message(robot, reasons, bad, on_bad)
    if jumps.size:
        message += (f"; the joints jump at point(s) {_ranges_text(jumps + 1)} (the arm changes "
                    f"posture or passes near a singularity)")
    return FollowResult(t, q, reachable, bad, points, tip, on_bad, stop_index, jumps, reasons,
                        message)


#: Why a point was not reached (:attr:`FollowResult.reasons`).
OUT_OF_REACH = "out of reach"
BEYOND_LIMITS = "beyond the joint limits"
NOT_CONTINUOUS = "not reached from its neighbours"


def _bad_point_reasons(robot, targets, reachable, alone, axes):
    """Per point: "" when reached, else :data:`OUT_OF_REACH`, :data:`BEYOND_LIMITS` (reached
    when every revolute joint may turn fully, prismatic ones a robot size further) or
    :data:`NOT_CONTINUOUS` (reachable on its own, but not along the path)."""
    reasons = np.full(len(reachable), "", dtype=object)
    reasons[~reachable & alone] = NOT_CONTINUOUS
    lone = np.flatnonzero(~reachable & ~alone)
    if lone.size:
        relaxed = ik.solve(_without_limits(robot), targets[lone], axes=axes, seeds=1).success
        reasons[lone] = np.where(relaxed, BEYOND_LIMITS, OUT_OF_REACH)
    return reasons


def _without_limits(robot):
    """A copy of ``robot`` whose revolute joints turn fully (-pi..pi) and whose prismatic
    joints reach one robot size beyond their limits."""
    size = robot.length_scale
    joints = [replace(j, limits=(-math.pi, math.pi) if j.is_revolute else
                      (j.limits[0] - size, j.limits[1] + size),
                      home=float(np.clip(j.home, -math.pi, math.pi)) if j.is_revolute
                      else j.home)
              for j in robot.joints]
    return replace(robot, joints=joints, poses={})


def _solve_lynx6(robot, points, q0, wrist_pitch):
    """Closed-form joint values along ``points`` at a constant gripper pitch.

    Returns ``(q, reachable, reasons)``; an unreachable row repeats the last reachable one
    (``q0`` before the first), as :func:`robosim.ik.solve_path` does.
    """
    q, solution = ik.lynx6_path(robot, points, float(wrist_pitch), q0)
    reachable = np.asarray(solution.reachable, dtype=bool)
    reasons = np.full(len(points), "", dtype=object)
    reasons[~reachable] = np.where(solution.out_of_reach[~reachable], OUT_OF_REACH,
                                   BEYOND_LIMITS)
    return q, reachable, reasons


def _solve_continuously(robot, targets, q0, axes):
    """Joint values ``(N, n)`` and reached flags ``(N,)`` along ``targets``, with continuity.

    :func:`robosim.ik.solve_path` from ``q0``; when that misses points or jumps, also from the
    first point's own best solution (``q0`` may sit where the path cannot go on smoothly,
    e.g. against a joint limit), keeping the better of the two. Then, after each stretch of
    missed points, the path is picked up again at the first point that can be reached on its
    own, from that point's own solution (at most :data:`MAX_PICKUPS` times).
    """
    solved = ik.solve_path(robot, targets, q0, axes=axes)
    q, reachable = solved.q.copy(), solved.reachable.copy()
    alone = np.ones(len(targets), dtype=bool)
    if reachable.all() and not joint_jumps(robot, q).size:
        return q, reachable, alone
    missed = np.flatnonzero(~reachable)
    alone_solution = np.zeros((len(targets), robot.n))
    first_and_missed = np.union1d([0], missed)
    attempt = ik.solve(robot, targets[first_and_missed], axes=axes, seeds=FIT_RESTARTS)
    alone[first_and_missed] = attempt.success
    alone_solution[first_and_missed] = attempt.q
    if alone[0]:
        other = ik.solve_path(robot, targets, alone_solution[0], axes=axes)
        if _flaws(robot, other.q, other.reachable) < _flaws(robot, q, reachable):
            q, reachable = other.q.copy(), other.reachable.copy()
    k = 0
    for _ in range(MAX_PICKUPS):
        again = np.flatnonzero(~reachable[k:] & alone[k:])
        if not again.size:
            break
        k += int(again[0])
        tail = ik.solve_path(robot, targets[k:], alone_solution[k], axes=axes)
        if tail.reachable.sum() >= reachable[k:].sum():
            q[k:], reachable[k:] = tail.q, tail.reachable
        k += 1
    return q, reachable, alone


def _flaws(robot, q, reachable):
    return np.count_nonzero(~reachable) + joint_jumps(robot, q).size


#: Times a path is picked up again after a stretch it could not follow.
MAX_PICKUPS = 20


def _path_times(robot, points, duration, speed):
    """Times ``(N,)`` at constant tip speed along the polyline through ``points``."""
    steps = np.linalg.norm(np.diff(points, axis=0), axis=1)
    along = np.concatenate([[0.0], np.cumsum(steps)])
    length = along[-1]
    if duration is not None and speed is not None:
        raise ValidationError("give the duration or the speed, not both")
    if duration is not None:
        duration = positive_seconds(duration, "duration")
    else:
        speed = (DEFAULT_SPEED_FRACTION * robot.length_scale if speed is None
                 else positive_seconds(speed, "speed"))
        duration = length / speed
    if length == 0:
        return np.linspace(0.0, duration if duration > 0 else 0.0, len(points))
    return along / length * duration


def _follow_message(robot, reasons, bad, on_bad):
    total = len(reasons)
    if not bad.size:
        return f"all {total} points reached"
    action = ("skipped: the arm goes straight on to the next good point" if on_bad == "skip"
              else f"the motion stops before point {bad[0] + 1}")
    groups = [f"{why}: point(s) {_ranges_text(np.flatnonzero(reasons == why) + 1)}"
              for why in (OUT_OF_REACH, BEYOND_LIMITS, NOT_CONTINUOUS) if np.any(reasons == why)]
    reached = "none" if bad.size == total else f"{total - bad.size}"
    return f"{reached} of {total} points reached; {'; '.join(groups)} ({action})"


def _ranges_text(numbers, most=8):
    """``[1, 2, 3, 7]`` as ``"1-3, 7"``, at most ``most`` groups then ``...``."""
    groups = []
    start = previous = numbers[0]
    for number in list(numbers[1:]) + [None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        groups.append(f"{start}-{previous}" if previous > start else f"{start}")
        if number is not None:
            start = previous = number
    shown = ", ".join(groups[:most])
    return shown + (", ..." if len(groups) > most else "")

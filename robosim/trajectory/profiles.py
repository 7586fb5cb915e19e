"""Trajectories: joint-space profiles, Cartesian paths from formulas, and following them by IK.

Joint space (RoboAnalyzer's joint trajectories)
-----------------------------------------------
:func:`joint_profile` moves every joint from a start to a goal configuration, optionally through
via-configurations, with one of :data:`PROFILE_KINDS`:

- ``"linear"``: constant velocity on each segment (the velocity jumps at the knots; the
  acceleration there is an impulse and is reported as 0);
- ``"cubic"``: third-degree polynomials, zero velocity at start and goal;
- ``"quintic"``: fifth-degree polynomials, zero velocity and acceleration at start and goal;
- ``"trapezoidal"``: linear segments with parabolic blends (LSPB), at rest at every knot; each
  segment accelerates for ``blend`` of its time, cruises, and decelerates for ``blend`` of it.

Through via-configurations the cubic and quintic profiles do not stop: the velocity at a via is
the mean of the neighbouring segments' mean velocities when both have the same sign, else 0
(Craig, *Introduction to Robotics*, 7.3), and the quintic's acceleration there is 0, so its
velocity and acceleration are continuous. The duration is shared among the segments in
proportion to their largest joint change (equal shares when nothing moves).

All values are in API units: radians (revolute), the robot's length unit (prismatic), seconds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..errors import ValidationError
from ..kinematics import Robot

PROFILE_KINDS = ("linear", "cubic", "quintic", "trapezoidal")
#: Most samples a profile or a path may have.
MAX_SAMPLES = 1_000_000


@dataclass
class Profile:
    """Joint values, velocities and accelerations sampled over time.

    Attributes
    ----------
    t : ndarray, shape (N,)
        Sample times in seconds: 0, dt, 2 dt, ... and the duration itself as the last one.
    q, qd, qdd : ndarray, shape (N, n)
        Joint values (rad, length unit), velocities (per second), accelerations (per second^2).
    kind : str
        One of :data:`PROFILE_KINDS`.
    knot_times : ndarray, shape (K,)
        Times of start, via-configurations and goal (K = number of vias + 2).
    knots : ndarray, shape (K, n)
        The configurations passed at ``knot_times``.

    Examples
    --------
    A cubic from 0 to 1 rad in 2 s, ``q(t) = 3 (t/2)^2 - 2 (t/2)^3``: at the midpoint it is at
    the average, 0.5 rad, at its top speed ``1.5 x 1 rad / 2 s = 0.75`` rad/s; it starts with
    an acceleration of ``6 x 1 / 2^2 = 1.5`` rad/s^2.

    >>> p = joint_profile([0.0], [1.0], duration=2.0, dt=1.0, kind="cubic")
    >>> p.t.tolist(), p.q[:, 0].tolist(), p.qd[:, 0].tolist()
    ([0.0, 1.0, 2.0], [0.0, 0.5, 1.0], [0.0, 0.75, 0.0])
    >>> float(p.qdd[0, 0]), p.knot_times.tolist(), p.knots.tolist()
    (1.5, [0.0, 2.0], [[0.0], [1.0]])
    """

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    qdd: np.ndarray
    kind: str
    knot_times: np.ndarray
    knots: np.ndarray


def sample_times(duration: float, dt: float) -> np.ndarray:
    """``0, dt, 2 dt, ...`` below ``duration``, then ``duration``: ``(N,)`` seconds.

    Examples
    --------
    A second in steps of 0.3 s: 0, 0.3, 0.6 and 0.9 lie below 1 s, then a last, shorter step
    ends at 1 s.

    >>> sample_times(1.0, 0.3).round(3).tolist()
    [0.0, 0.3, 0.6, 0.9, 1.0]
    """
    duration, dt = positive_seconds(duration, "duration"), positive_seconds(dt, "time step")
    if dt > duration:
        raise ValidationError(f"time step {dt:g} s is longer than the duration {duration:g} s")
    intervals = duration / dt            # inf for 1e308 s in steps of 1e-3 s: compare first
    if not intervals < MAX_SAMPLES:
        raise ValidationError(f"{duration:g} s in steps of {dt:g} s makes {intervals + 1:.3g} "
                              f"samples; at most {MAX_SAMPLES:,}")
    steps = math.ceil(intervals - 1e-9)
    return np.append(np.arange(steps) * dt, duration)


def joint_profile(q_start: ArrayLike, q_goal: ArrayLike, duration: float, dt: float,
                  kind: str = "quintic", via: ArrayLike | None = None, *,
                  blend: float = 1 / 3, robot: Robot | None = None,
                  qd_start: ArrayLike | None = None,
                  qd_goal: ArrayLike | None = None) -> Profile:
    """A joint-space trajectory from ``q_start`` to ``q_goal``.

    Parameters
    ----------
    q_start, q_goal : array_like, shape (n,)
        Start and goal configurations (rad, length unit).
    duration : float
        Seconds from start to goal.
    dt : float
        Time step in seconds; the last sample is at ``duration`` exactly.
    kind : str
        One of :data:`PROFILE_KINDS` (see the module docstring).
    via : array_like, shape (k, n), optional
        Configurations to pass through in order.
    blend : float
        Trapezoidal only: fraction of each segment spent accelerating (and as much
        decelerating), in (0, 0.5]; the cruise velocity is ``change / (T (1 - blend))``.
    robot : Robot, optional
        When given, the configurations must fit it and every sample must stay within its
        joint limits.
    qd_start, qd_goal : array_like, shape (n,), optional
        Cubic and quintic only: the velocities at the start and at the goal (per second; zero
        when None), as in Corke's ``quintic(q0, qf, t, qd0, qdf)``: a move that starts or ends
        moving. The accelerations there stay 0.

    Returns
    -------
    Profile

    Raises
    ------
    ValidationError
        Naming the argument (or the joint and time of a limit) that was wrong.

    Examples
    --------
    A quintic from 0 to 1 rad in 2 s passes 0.5 rad at 1 s and starts and ends at rest:

    >>> p = joint_profile([0.0], [1.0], 2.0, 0.5)
    >>> p.q[:, 0].tolist(), p.qd[[0, -1], 0].tolist()
    ([0.0, 0.103515625, 0.5, 0.896484375, 1.0], [0.0, 0.0])
    """
    kind = checks.choice(kind, "profile kind", PROFILE_KINDS)
    knots = _knots(q_start, q_goal, via, robot)
    t = sample_times(duration, dt)
    blend = checks.positive(blend, "blend", 0.5)
    knot_times = _knot_times(knots, float(t[-1]), robot)
    ends = _end_velocities(qd_start, qd_goal, knots.shape[1], kind)
    if kind in ("cubic", "quintic"):
        velocities = _via_velocities(knots, knot_times, *ends)
        starts, coefficients = _PIECES[kind](knots, knot_times, velocities)
    else:
        starts, coefficients = _PIECES[kind](knots, knot_times, blend)
    q, qd, qdd = _evaluate_pieces(starts, coefficients, t)
    if robot is not None:
        _check_limits(robot, t, q)
    return Profile(t, q, qd, qdd, kind, knot_times, knots)


def _end_velocities(qd_start, qd_goal, n, kind):
    """The start and goal velocities ``(n,)`` each, checked; only cubic and quintic take any."""
    ends = []
    for name, value in (("qd_start", qd_start), ("qd_goal", qd_goal)):
        row = np.zeros(n) if value is None else np.atleast_1d(checks.real_array(value, name))
        if row.shape != (n,):
            raise ValidationError(f"{name} needs {n} finite velocities, got {row.tolist()}")
        if row.any() and kind not in ("cubic", "quintic"):
            raise ValidationError(f"{name}: a {kind} profile starts and ends at rest; start or "
                                  f"end velocities need a cubic or quintic profile")
        ends.append(row)
    return ends


def positive_seconds(value: float, what: str) -> float:
    """``value`` as a float of seconds; a ValidationError naming ``what`` if it is not a
    finite number more than 0 (:func:`robosim.checks.positive`: not text, not True).

    Examples
    --------
    >>> positive_seconds(2.5, "duration")
    2.5
    >>> positive_seconds(0, "duration")
    Traceback (most recent call last):
        ...
    robosim.errors.ValidationError: duration must be a number more than 0, got 0
    """
    return checks.positive(value, what)


def _knots(q_start, q_goal, via, robot):
    """Start, vias and goal as a ``(K, n)`` array, checked."""
    rows = [np.atleast_1d(checks.real_array(q_start, "q_start"))]
    if via is not None:
        via = checks.real_array(via, "via")
        rows.extend(np.atleast_2d(via) if via.size else [])
    rows.append(np.atleast_1d(checks.real_array(q_goal, "q_goal")))
    names = ["start"] + [f"via {k}" for k in range(1, len(rows) - 1)] + ["goal"]
    n = rows[0].shape[-1]
    for name, row in zip(names, rows, strict=True):
        if row.ndim != 1 or row.shape[0] != n:
            raise ValidationError(f"{name} configuration has {row.shape[-1]} value(s), the start "
                                  f"has {n}")
        if not np.all(np.isfinite(row)):
            raise ValidationError(f"{name} configuration: values must be finite numbers")
        if robot is not None:
            robot.check_q(row, f"{name} configuration")
    return np.array(rows)


def _joint_scale(knots, robot):
    """Per-joint divisor making changes comparable: 1 for revolute, the robot's size else."""
    if robot is None:
        return np.ones(knots.shape[1])
    return np.where(robot.revolute, 1.0, robot.length_scale)


def _knot_times(knots, duration, robot):
    """Knot times ``(K,)``: the duration shared in proportion to each segment's largest change."""
    changes = np.max(np.abs(np.diff(knots, axis=0)) / _joint_scale(knots, robot), axis=1)
    shares = changes if changes.sum() > 0 else np.ones_like(changes)
    times = np.concatenate([[0.0], np.cumsum(shares) / shares.sum() * duration])
    times[-1] = duration
    if np.any(np.diff(times) <= 0):
        raise ValidationError("two successive configurations are equal; remove the repeated "
                              "via-configuration")
    return times


def _via_velocities(knots, knot_times, qd_start, qd_goal):
    """Velocities ``(K, n)`` at the knots: the given ones at start and goal, and Craig's
    heuristic between (mean of neighbouring slopes where they agree in sign, else 0)."""
    slopes = np.diff(knots, axis=0) / np.diff(knot_times)[:, None]
    inner = np.where(np.sign(slopes[:-1]) == np.sign(slopes[1:]), (slopes[:-1] + slopes[1:]) / 2,
                     0.0)
    return np.vstack([qd_start, inner, qd_goal])


def _linear_pieces(knots, knot_times, blend):
    T = np.diff(knot_times)[:, None]
    coefficients = np.zeros((len(T), 6, knots.shape[1]))
    coefficients[:, 0] = knots[:-1]
    coefficients[:, 1] = np.diff(knots, axis=0) / T
    return knot_times[:-1], coefficients


def _cubic_pieces(knots, knot_times, v):
    """Hermite cubics through the knots with velocities ``v`` ``(K, n)`` there."""
    T = np.diff(knot_times)[:, None]
    change = np.diff(knots, axis=0)
    coefficients = np.zeros((len(T), 6, knots.shape[1]))
    coefficients[:, 0] = knots[:-1]
    coefficients[:, 1] = v[:-1]
    coefficients[:, 2] = (3 * change - (2 * v[:-1] + v[1:]) * T) / T ** 2
    coefficients[:, 3] = (-2 * change + (v[:-1] + v[1:]) * T) / T ** 3
    return knot_times[:-1], coefficients


def _quintic_pieces(knots, knot_times, v):
    """Quintics with velocities ``v`` ``(K, n)`` and zero acceleration at every knot."""
    T = np.diff(knot_times)[:, None]
    v0, v1 = v[:-1], v[1:]
    change = np.diff(knots, axis=0)
    coefficients = np.zeros((len(T), 6, knots.shape[1]))
    coefficients[:, 0] = knots[:-1]
    coefficients[:, 1] = v0
    coefficients[:, 3] = (20 * change - (8 * v1 + 12 * v0) * T) / (2 * T ** 3)
    coefficients[:, 4] = (-30 * change + (14 * v1 + 16 * v0) * T) / (2 * T ** 4)
    coefficients[:, 5] = (12 * change - 6 * (v1 + v0) * T) / (2 * T ** 5)
    return knot_times[:-1], coefficients


def _trapezoidal_pieces(knots, knot_times, blend):
    """Each segment as three quadratic pieces: accelerate, cruise, decelerate."""
    T = np.diff(knot_times)[:, None]
    change = np.diff(knots, axis=0)
    blend_time = blend * T
    cruise = change / (T - blend_time)
    acceleration = cruise / blend_time
    q_blend = knots[:-1] + acceleration * blend_time ** 2 / 2
    pieces = np.zeros((len(T), 3, 6, knots.shape[1]))
    pieces[:, 0, 0], pieces[:, 0, 2] = knots[:-1], acceleration / 2
    pieces[:, 1, 0], pieces[:, 1, 1] = q_blend, cruise
    pieces[:, 2, 0], pieces[:, 2, 1] = knots[1:] - acceleration * blend_time ** 2 / 2, cruise
    pieces[:, 2, 2] = -acceleration / 2
    starts = np.column_stack([knot_times[:-1], knot_times[:-1] + blend_time[:, 0],
                              knot_times[1:] - blend_time[:, 0]])
    return starts.ravel(), pieces.reshape(-1, 6, knots.shape[1])


_PIECES = {"linear": _linear_pieces, "cubic": _cubic_pieces, "quintic": _quintic_pieces,
           "trapezoidal": _trapezoidal_pieces}


def _evaluate_pieces(starts, coefficients, t):
    """Value, first and second derivative of piecewise polynomials ``sum c_k (t - start)^k``.

    ``starts`` (P,) are the pieces' start times, ``coefficients`` (P, 6, n).
    """
    piece = np.clip(np.searchsorted(starts, t, side="right") - 1, 0, len(starts) - 1)
    tau = (t - starts[piece])[:, None]
    c = coefficients[piece]
    q = c[:, 5]
    for k in range(4, -1, -1):
        q = q * tau + c[:, k]
    qd = (((5 * c[:, 5] * tau + 4 * c[:, 4]) * tau + 3 * c[:, 3]) * tau + 2 * c[:, 2]) * tau \
        + c[:, 1]
    qdd = ((20 * c[:, 5] * tau + 12 * c[:, 4]) * tau + 6 * c[:, 3]) * tau + 2 * c[:, 2]
    return q, qd, qdd


def _check_limits(robot, t, q):
    """Raise ValidationError naming the first joint and time where ``q`` leaves the limits."""
    low, high = robot.limits[:, 0] - 1e-9, robot.limits[:, 1] + 1e-9
    outside = (q < low) | (q > high)
    if outside.any():
        row, joint = np.argwhere(outside)[0]
        values, bounds = robot.q_to_user(q[row]), robot.q_to_user(robot.limits.T)
        unit = "deg" if robot.revolute[joint] else robot.unit
        raise ValidationError(f"at t = {t[row]:g} s joint {joint + 1} "
                              f"({robot.joints[joint].name or robot.joints[joint].kind}) would "
                              f"be at {values[joint]:g} {unit}, outside its limits "
                              f"[{bounds[0][joint]:g}, {bounds[1][joint]:g}]")

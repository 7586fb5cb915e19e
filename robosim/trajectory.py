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

import math
from dataclasses import dataclass, replace

import numpy as np

from . import ik
from .errors import ValidationError
from .expressions import Expression, compile_expression
from .motion import JUMP_LIMIT

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
    """

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    qdd: np.ndarray
    kind: str
    knot_times: np.ndarray
    knots: np.ndarray


def sample_times(duration, dt):
    """``0, dt, 2 dt, ...`` below ``duration``, then ``duration``: ``(N,)`` seconds."""
    duration, dt = _positive(duration, "duration"), _positive(dt, "time step")
    if dt > duration:
        raise ValidationError(f"time step {dt:g} s is longer than the duration {duration:g} s")
    steps = math.ceil(duration / dt - 1e-9)
    if steps + 1 > MAX_SAMPLES:
        raise ValidationError(f"{duration:g} s in steps of {dt:g} s makes {steps + 1} samples; "
                              f"at most {MAX_SAMPLES}")
    return np.append(np.arange(steps) * dt, duration)


def joint_profile(q_start, q_goal, duration, dt, kind="quintic", via=None, *, blend=1 / 3,
                  robot=None):
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
    if kind not in PROFILE_KINDS:
        raise ValidationError(f"profile kind must be one of {', '.join(PROFILE_KINDS)}; "
                              f"got {kind!r}")
    knots = _knots(q_start, q_goal, via, robot)
    t = sample_times(duration, dt)
    if kind == "trapezoidal" and not 0 < blend <= 0.5:
        raise ValidationError(f"blend must be in (0, 0.5], got {blend!r}")
    knot_times = _knot_times(knots, float(t[-1]), robot)
    starts, coefficients = _PIECES[kind](knots, knot_times, blend)
    q, qd, qdd = _evaluate_pieces(starts, coefficients, t)
    if robot is not None:
        _check_limits(robot, t, q)
    return Profile(t, q, qd, qdd, kind, knot_times, knots)


def _positive(value, what):
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise ValidationError(f"{what} must be a number, got {value!r}") from None
    if not (math.isfinite(value) and value > 0):
        raise ValidationError(f"{what} must be a positive number of seconds, got {value:g}")
    return value


def _knots(q_start, q_goal, via, robot):
    """Start, vias and goal as a ``(K, n)`` array, checked."""
    rows = [np.atleast_1d(np.asarray(q_start, dtype=float))]
    if via is not None:
        via = np.asarray(via, dtype=float)
        rows.extend(np.atleast_2d(via) if via.size else [])
    rows.append(np.atleast_1d(np.asarray(q_goal, dtype=float)))
    names = ["start"] + [f"via {k}" for k in range(1, len(rows) - 1)] + ["goal"]
    n = rows[0].shape[-1]
    for name, row in zip(names, rows):
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


def _via_velocities(knots, knot_times):
    """Craig's heuristic: mean of neighbouring slopes where they agree in sign, else 0."""
    slopes = np.diff(knots, axis=0) / np.diff(knot_times)[:, None]
    inner = np.where(np.sign(slopes[:-1]) == np.sign(slopes[1:]), (slopes[:-1] + slopes[1:]) / 2,
                     0.0)
    zero = np.zeros((1, knots.shape[1]))
    return np.vstack([zero, inner, zero])


def _linear_pieces(knots, knot_times, blend):
    T = np.diff(knot_times)[:, None]
    coefficients = np.zeros((len(T), 6, knots.shape[1]))
    coefficients[:, 0] = knots[:-1]
    coefficients[:, 1] = np.diff(knots, axis=0) / T
    return knot_times[:-1], coefficients


def _cubic_pieces(knots, knot_times, blend):
    """Hermite cubics through the knots with the via velocities of :func:`_via_velocities`."""
    T = np.diff(knot_times)[:, None]
    v = _via_velocities(knots, knot_times)
    change = np.diff(knots, axis=0)
    coefficients = np.zeros((len(T), 6, knots.shape[1]))
    coefficients[:, 0] = knots[:-1]
    coefficients[:, 1] = v[:-1]
    coefficients[:, 2] = (3 * change - (2 * v[:-1] + v[1:]) * T) / T ** 2
    coefficients[:, 3] = (-2 * change + (v[:-1] + v[1:]) * T) / T ** 3
    return knot_times[:-1], coefficients


def _quintic_pieces(knots, knot_times, blend):
    """Quintics with the via velocities and zero acceleration at every knot."""
    T = np.diff(knot_times)[:, None]
    v = _via_velocities(knots, knot_times)
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


# ------------------------------------------------------------------------- Cartesian paths
@dataclass
class CartesianPath:
    """A path for the end effector, from formulas or a preset.

    Attributes
    ----------
    points : ndarray, shape (N, 3)
        Positions in the robot's length unit (world frame), in order along the path.
    closed : bool
        The last point coincides with the first (within 1e-9 of the path's size).
    fits : bool or None
        The robot can follow the whole path continuously, position only (:func:`path_fits`);
        None when the path was not checked against a robot.
    message : str
        One line for the user: where the path was placed, what does not fit, what closes.
    parameter : ndarray, shape (N,)
        The running variable at each point (``u`` of a volume path, ``x2`` of a surface path).
    curves : ndarray, shape (C, N, 3)
        All the curves the formulas make (the surface or volume the path is picked from), the
        path being ``curves[index]``.
    index : int
        Which curve is the path.
    offset : ndarray, shape (3,)
    scale : float
        ``points = offset + scale * formula values``: a preset's placement and unit conversion
        (the identity for paths from the user's formulas).
    name : str
    """

    points: np.ndarray
    closed: bool
    fits: object
    message: str
    parameter: np.ndarray
    curves: np.ndarray
    index: int
    offset: np.ndarray
    scale: float = 1.0
    name: str = ""

    @property
    def length(self):
        """Length of the polyline through :attr:`points` (length unit)."""
        return float(np.linalg.norm(np.diff(self.points, axis=0), axis=1).sum())


#: A curve closes when its ends are this close, as a fraction of the curve's size.
CLOSE_TOLERANCE = 1e-9


def _grid_values(name, formula, variables, values):
    """Evaluate ``formula`` (text or Expression) on broadcast arrays, finite or an error."""
    expression = (formula if isinstance(formula, Expression)
                  else compile_expression(formula, variables))
    result = expression(**values)
    bad = ~np.isfinite(result)
    if bad.any():
        where = np.argwhere(bad)[0]
        at = ", ".join(f"{k} = {np.broadcast_to(v, result.shape)[tuple(where)]:.6g}"
                       for k, v in values.items())
        raise ValidationError(f"{name} formula {expression.text!r} has no real value at {at}")
    return result


def _range(values, what, allow_empty=False):
    try:
        low, high = (float(v) for v in values)
    except (TypeError, ValueError):
        raise ValidationError(f"{what} range must be two numbers, got {values!r}") from None
    if not (math.isfinite(low) and math.isfinite(high)):
        raise ValidationError(f"{what} range must be finite numbers, got [{low:g}, {high:g}]")
    if low == high and not allow_empty:
        raise ValidationError(f"{what} range is empty: [{low:g}, {high:g}]")
    return low, high


def _counts(curves, index, points):
    for value, what, least in ((curves, "number of curves", 1), (points, "points", 2)):
        if not isinstance(value, (int, np.integer)) or value < least:
            raise ValidationError(f"{what} must be a whole number >= {least}, got {value!r}")
    if curves * points > MAX_SAMPLES:
        raise ValidationError(f"{curves} curves of {points} points is too many (at most "
                              f"{MAX_SAMPLES} in all)")
    if not isinstance(index, (int, np.integer)) or not 0 <= index < curves:
        raise ValidationError(f"curve index must be a whole number from 0 to {curves - 1}, "
                              f"got {index!r}")


def _make_path(curves, parameter, index, robot, name, closed_expected, offset=None, scale=1.0):
    points = curves[index]
    size = max(float(np.ptp(points, axis=0).max()), 1e-300)
    gap = float(np.linalg.norm(points[-1] - points[0]))
    closed = gap <= CLOSE_TOLERANCE * size
    notes = []
    if closed_expected and not closed:
        notes.append(f"the curve does not close: it ends {gap:.4g} from its start")
    path = CartesianPath(points, closed, None, "", parameter, curves, int(index),
                         np.zeros(3) if offset is None else np.asarray(offset, dtype=float),
                         float(scale), name)
    if robot is not None:
        path.fits, reason = path_fits(robot, points)
        if reason:
            notes.append(f"{robot.name} cannot follow it: {reason}")
    path.message = "; ".join(notes)
    return path


def surface_path(formula, x1_range, x2_range, curves, index, points, *, robot=None):
    """One curve of the explicit surface ``z = f(x1, x2)`` over a rectangle (3D-RAS section 6).

    The paper writes the surface ``y = f(x1, x2)``: ``y`` is the value of the formula. Here it
    is the height above the ``(x1, x2)`` rectangle, so a point is ``(x1, x2, f(x1, x2))`` in
    the world frame. The surface is cut into ``curves`` curves of constant ``x1`` (the paper's
    "points" control), spread evenly over ``x1_range``; ``index`` (its "index row") picks the
    one to follow, ``x2`` running over ``x2_range`` in ``points`` steps. The curve is open.

    Parameters
    ----------
    formula : str or Expression
        In the variables ``x1`` and ``x2`` (see :mod:`robosim.expressions`).
    x1_range, x2_range : (float, float)
        Length unit of the robot.
    curves, index, points : int
    robot : Robot, optional
        Check that every point is reachable (:attr:`CartesianPath.fits`).

    Returns
    -------
    CartesianPath
    """
    _counts(curves, index, points)
    x1 = np.linspace(*_range(x1_range, "x1"), curves)[:, None]
    x2 = np.linspace(*_range(x2_range, "x2"), points)[None, :]
    height = _grid_values("surface", formula, ("x1", "x2"), {"x1": x1, "x2": x2})
    grid = np.stack(np.broadcast_arrays(x1, x2, height), axis=-1)
    return _make_path(grid, x2[0].copy(), index, robot, "surface", closed_expected=False)


def volume_path(x_formula, y_formula, z_formula, u_range, v_range, points, *, curves=1,
                index=0, robot=None):
    """One closed curve of a parametric object ``x = g(u, v), y = h(u, v), z = j(u, v)``.

    3D-RAS section 7: ``v`` takes ``curves`` values spread evenly over ``v_range`` (a single
    value, ``v_range[0]``, when ``curves`` is 1); the path is curve ``index``, ``u`` running
    over ``u_range`` in ``points`` steps. The paper's volume paths are closed curves: when the
    curve does not close the message says how far its ends are apart.

    Parameters
    ----------
    x_formula, y_formula, z_formula : str or Expression
        In the variables ``u`` and ``v``; angles in radians (``u*deg`` takes degrees).
    u_range, v_range : (float, float)
    points, curves, index : int
    robot : Robot, optional
        Check that every point is reachable (:attr:`CartesianPath.fits`).

    Returns
    -------
    CartesianPath
        ``points`` in the formulas' numbers, taken as the robot's length unit.
    """
    _counts(curves, index, points)
    u = np.linspace(*_range(u_range, "u"), points)[None, :]
    v = np.linspace(*_range(v_range, "v", allow_empty=True), curves)[:, None]
    grid = np.stack([_grid_values(axis, formula, ("u", "v"), {"u": u, "v": v})
                     for axis, formula in zip("xyz", (x_formula, y_formula, z_formula))],
                    axis=-1)
    return _make_path(grid, u[0].copy(), index, robot, "volume", closed_expected=True)


def reachable_points(robot, points):
    """Boolean ``(N,)``: the inverse kinematics reaches each position (any orientation).

    Each point is solved on its own (batched, from the nearest of the robot's seeds with a few
    restarts), so this says whether a point can be reached at all, not whether a path gets
    there continuously (see :func:`path_fits`).
    """
    points = np.asarray(points, dtype=float).reshape(-1, 3)
    return np.asarray(ik.solve(robot, points, axes="position", seeds=FIT_RESTARTS).success)


def path_fits(robot, points):
    """``(fits, reason)``: the robot follows ``points`` ``(N, 3)`` continuously.

    The first point is solved on its own, the others by :func:`robosim.ik.solve_path`; the path
    fits when every point is reached and no joint jumps (see :func:`joint_jumps`). ``reason``
    is "" when it fits, else what went wrong, for a message.
    """
    points = np.asarray(points, dtype=float).reshape(-1, 3)
    first = ik.solve(robot, points[0], axes="position", seeds=FIT_RESTARTS)
    if not first.success:
        return False, "the first point is out of reach"
    solved = ik.solve_path(robot, points, first.q, axes="position")
    missed = np.count_nonzero(~solved.reachable)
    if missed:
        return False, f"{missed} of {len(points)} points are out of reach"
    jumps = joint_jumps(robot, solved.q)
    if jumps.size:
        return False, f"the joints jump at point {jumps[0] + 1} (the arm would swing round)"
    return True, ""


def joint_jumps(robot, q):
    """Rows ``k`` of ``q`` ``(N, n)`` reached by a jump from row ``k - 1``.

    A jump is a step in which some joint moves more than :data:`robosim.motion.JUMP_LIMIT`
    (radians, or that fraction of the robot's size) and more than :data:`JUMP_FACTOR` times the
    median step along the path: a change of branch of the inverse kinematics, which would
    swing the arm away from the path between two points.
    """
    scale = np.where(robot.revolute, 1.0, robot.length_scale)
    step = (np.abs(np.diff(q, axis=0)) / scale).max(axis=1) if len(q) > 1 else np.zeros(0)
    typical = float(np.median(step)) if step.size else 0.0
    return np.flatnonzero((step > JUMP_LIMIT) & (step > JUMP_FACTOR * typical)) + 1


#: Restarts per point when checking reachability.
FIT_RESTARTS = 4
#: A joint step this many times the path's median step (and above JUMP_LIMIT) is a jump.
JUMP_FACTOR = 5.0


# ------------------------------------------------------------------------------- presets
@dataclass(frozen=True)
class Preset:
    """A ready-made path: the paper's worked examples (seed 000, section 8) and a surface.

    Formulas are in centimetres, as in the paper, and converted to the robot's unit; angles in
    radians. ``notes`` says where the preset departs from the paper and why.
    """

    name: str
    description: str
    kind: str                 # "volume" or "surface"
    formulas: tuple           # (x, y, z) in u, v; or (f,) in x1, x2
    u_range: tuple            # volume: u; surface: x2 (the running variable)
    v_range: tuple            # volume: v; surface: x1 (across the curves)
    curves: int
    index: int
    source: str
    notes: str = ""

    @property
    def closed(self):
        """Volume presets are closed curves, surface presets open ones."""
        return self.kind == "volume"


_TWO_PI = 2 * math.pi
PRESETS = {preset.name: preset for preset in (
    Preset("hyperbolic paraboloid", "25 closed curves on the paper's 'hyperbolic paraboloid'",
           "volume", ("30 + 10*sin(u)", "30 + 10*cos(u + v)", "18*exp(-v)"),
           (0.0, _TWO_PI), (0.0, 1.0), 25, 12, "seed 000, eqs. 25-27, i = 25 curves",
           "u runs over [0, 2 pi] instead of the paper's [0, 6] so that each curve closes."),
    Preset("epicycloid", "the paper's epicycloid, a closed loop at constant height", "volume",
           ("20 + 20*sin(u)*cos(u)", "20 + 20*sin(3*u)*sin(u)", "20 + v"),
           (0.0, math.pi), (0.0, 0.0), 1, 0, "seed 000, eqs. 28-30 (i = 70)",
           "The printed x and y repeat every pi: u runs over [0, pi] (the curve once, closed) "
           "instead of [0, 30] (9.5 times round, ending off its start). v is 0 as in the "
           "paper; its i = 70 is a resolution, set here with the number of points."),
    Preset("moebius belt", "the edge of a Moebius belt, twice round before it closes",
           "volume", ("20 + (5 + 0.5*v*cos(0.5*u))*cos(u)",
                      "20 + (5 + 0.5*v*cos(0.5*u))*sin(u)", "20 + 0.5*v*sin(0.5*u)"),
           (0.0, 2 * _TWO_PI), (-4.0, 4.0), 28, 27, "seed 000, eqs. 31-33, i = 28 curves",
           "The paper gives u, v in [0, 360]. u is taken in degrees and doubled to [0, 4 pi]: "
           "a curve across the belt returns to its start only after two turns. v in [0, 360] "
           "would make the belt 36 times wider than its radius; v runs over [-4, 4] cm, a belt "
           "4 cm wide. The default curve is the edge (v = 4)."),
    Preset("latitudinal sphere", "a circle of latitude on the paper's sphere", "volume",
           ("20 + 10*cos(u)*cos(v)", "20 + 10*sin(u)*cos(v)", "15 + 15*sin(v)"),
           (0.0, _TWO_PI), (-math.pi / 2, math.pi / 2), 28, 18,
           "seed 000, eqs. 34-36, i = 28 curves",
           "The paper gives u, v in [0, 360] degrees: u is [0, 2 pi]; v (the latitude) runs "
           "over [-pi/2, pi/2] so each circle of latitude appears once. As printed, the sphere "
           "is stretched to a radius of 15 cm along z."),
    Preset("weld seam", "the weld where two orthogonal pipes (r1 = 8, r2 = 9 cm) meet",
           "volume", ("25 + 8*cos(u)", "25 + 8*sin(u)", "15 + sqrt(9^2 - 8^2*sin(u)^2)"),
           (0.0, _TWO_PI), (0.0, 0.0), 1, 0,
           "seed 000, eqs. 37-39: r1 = 8, r2 = 9 cm, offset (25, 25, 15), i = 32",
           "The upright pipe (r1) meets a horizontal pipe (r2) along x; the seam is the upper "
           "half of their intersection. The paper's i = 32 is a resolution, set here with the "
           "number of points."),
    Preset("saddle", "a curve across a saddle surface z = (x1^2 - x2^2) / 20", "surface",
           ("(x1^2 - x2^2)/20",), (-10.0, 10.0), (-10.0, 10.0), 11, 5,
           "robosim (the paper shows surface paths but gives no formula)",
           "Centred on the origin: placed in the robot's workspace like the others."),
)}

#: Centimetres (the paper's unit) in each length unit.
_PER_CM = {"mm": 10.0, "cm": 1.0, "m": 0.01}
#: Sizes tried, largest first, when the paper's size does not fit the robot.
FIT_SCALES = (1.0, 0.5, 0.25)
#: Random configurations sampled to find where the robot reaches, and the voxel size (as a
#: fraction of the robot's size) of that map.
FIT_SAMPLES = 20_000
FIT_CELLS = 24
#: Points along a preset's path when placing it (at least; more when more are asked for).
FIT_POINTS = 200
#: Candidate places checked with the inverse kinematics, nearest the paper's place first and a
#: quarter of the figure's size apart.
FIT_CANDIDATES = 6


def preset_path(name, robot, points=200, *, curves=None, index=None):
    """A preset's path, placed where ``robot`` reaches all of it, or saying it does not fit.

    The paper's coordinates (centimetres, converted to the robot's unit) are kept when the
    robot can follow the path there (:func:`path_fits`). Otherwise the whole figure is moved, unchanged, to the
    place nearest the paper's where every point is reachable; failing that it is shrunk (see
    :data:`FIT_SCALES`). :attr:`CartesianPath.message` says which, and ``fits`` is False, with
    the figure at the paper's place, when nothing works.

    Parameters
    ----------
    name : str
        A key of :data:`PRESETS` (case and dashes do not matter).
    robot : Robot
    points : int
        Points along the path.
    curves, index : int, optional
        Override the preset's number of curves and the curve followed.

    Returns
    -------
    CartesianPath
    """
    preset = find_preset(name)
    curves = preset.curves if curves is None else curves
    index = (min(preset.index, curves - 1) if index is None else index)
    raw = _preset_curves(preset, curves, index, points)
    # Placed at a fixed resolution, so the figure does not move when the points change.
    probe = raw if points >= FIT_POINTS else _preset_curves(preset, curves, index, FIT_POINTS)
    unit = _PER_CM[robot.unit]
    offset, scale, fits, message = place_points(robot, probe.points * unit,
                                                keep_place=preset.kind == "volume")
    placed = offset + scale * unit * raw.curves
    notes = [message] + ([raw.message] if raw.message else [])
    return CartesianPath(placed[raw.index], raw.closed, fits, "; ".join(notes), raw.parameter,
                         placed, raw.index, offset, scale * unit, preset.name)


def _preset_curves(preset, curves, index, points):
    """The preset's curves at the paper's place and size (centimetres)."""
    if preset.kind == "volume":
        return volume_path(*preset.formulas, preset.u_range, preset.v_range, points,
                           curves=curves, index=index)
    return surface_path(preset.formulas[0], preset.v_range, preset.u_range, curves, index,
                        points)


def place_points(robot, points, keep_place=True):
    """Where to put a figure so that ``robot`` reaches every point of it.

    Parameters
    ----------
    robot : Robot
    points : ndarray, shape (N, 3)
        The figure at its own place (length unit).
    keep_place : bool
        Try the figure where it is first.

    Returns
    -------
    offset : ndarray (3,)
    scale : float
        The placed figure is ``offset + scale * points``, a path the robot can follow
        (:func:`path_fits`), above the base (the table) if possible; the figure's centre
        moves to a place the robot reaches well (the inside of its workspace, nearest the figure's own place),
        shrunk by the first of :data:`FIT_SCALES` that fits.
    fits : bool
    message : str
    """
    unit = robot.unit
    low, high = points.min(axis=0), points.max(axis=0)
    centre = (low + high) / 2
    size = " x ".join(f"{v:.4g}" for v in high - low) + f" {unit}"
    if keep_place and path_fits(robot, points)[0]:
        return np.zeros(3), 1.0, True, f"at the paper's place ({size})"
    reaches = _ReachMap(robot)
    sample = points[np.linspace(0, len(points) - 1, min(len(points), 64)).astype(int)]
    # Above the base (the table it stands on) at any size first, then anywhere.
    for allow_below in (False, True):
        for scale in FIT_SCALES:
            for inner in (True, False):
                relative = scale * (sample - centre)
                places = reaches.places_for(relative, centre, inner)
                below = places[:, 2] + relative[:, 2].min() < robot.base[2, 3] - 1e-9
                for place in _spread(places[below == allow_below],
                                     scale * float((high - low).max()) / 4):
                    offset = place - scale * centre
                    if path_fits(robot, offset + scale * points)[0]:
                        return offset, scale, True, _placement_message(
                            robot, place - centre, scale, keep_place, size)
    return (np.zeros(3), 1.0, False,
            f"does not fit {robot.name}'s workspace ({size}, even at {FIT_SCALES[-1]:.0%}): "
            f"drawn where {'the paper puts it' if keep_place else 'its formulas put it'}")


def _spread(places, spacing, count=None):
    """The first of ``places`` and then each next one at least ``spacing`` from all taken,
    up to ``count`` (default :data:`FIT_CANDIDATES`): candidates that fail differently."""
    taken = []
    for place in places:
        if all(np.linalg.norm(place - other) >= spacing for other in taken):
            taken.append(place)
            if len(taken) == (count or FIT_CANDIDATES):
                break
    return taken


def _placement_message(robot, moved, scale, keep_place, size):
    moved = "(" + ", ".join(f"{v:.4g}" for v in np.round(moved, 9) + 0.0) + f") {robot.unit}"
    if not keep_place:
        return f"placed in {robot.name}'s workspace: moved by {moved}" + (
            f", shrunk to {scale:.0%}" if scale < 1 else "")
    if scale == 1:
        return f"moved by {moved} from the paper's place, which {robot.name} does not reach"
    return (f"shrunk to {scale:.0%} and moved by {moved}: {robot.name} has no room for the "
            f"paper's size ({size})")


class _ReachMap:
    """Voxels well inside the region the end effector reaches (random configurations).

    A voxel counts when it and its six face neighbours hold end-effector positions, so figures
    placed by it keep clear of the workspace's ragged boundary.
    """

    def __init__(self, robot):
        from .workspace import monte_carlo_workspace   # heavy module: only when placing

        workspace = monte_carlo_workspace(robot, FIT_SAMPLES,
                                          voxel=robot.length_scale / FIT_CELLS)
        occupied = np.pad(workspace.counts[-1] > 0, 1)
        inner = occupied.copy()
        for axis in range(3):
            for shift in (-1, 1):
                inner &= np.roll(occupied, shift, axis=axis)
        self.maps = {True: inner, False: occupied}
        self.origin = workspace.origin - workspace.voxel   # the padding layer
        self.voxel = workspace.voxel

    def places_for(self, relative, target, inner=True):
        """Candidate centres ``(k, 3)`` at which every point of ``relative`` (offsets from the
        figure's centre) falls in a reached voxel (an inner one if ``inner``), nearest
        ``target`` first."""
        reached = self.maps[inner]
        centres = self.origin + (np.argwhere(reached) + 0.5) * self.voxel
        cells = np.floor((centres[:, None, :] + relative[None] - self.origin)
                         / self.voxel).astype(int)
        inside = np.all((cells >= 0) & (cells < reached.shape), axis=-1)
        cells = np.where(inside[..., None], cells, 0)
        good = np.all(inside & reached[cells[..., 0], cells[..., 1], cells[..., 2]], axis=1)
        places = centres[good]
        return places[np.argsort(np.linalg.norm(places - target, axis=1), kind="stable")]


def find_preset(name):
    """The preset called ``name`` (case, spaces, dashes and underscores do not matter)."""
    key = "".join(c for c in str(name).lower() if c.isalnum())
    for preset in PRESETS.values():
        if "".join(c for c in preset.name if c.isalnum()) == key:
            return preset
    raise ValidationError(f"no preset called {name!r}; presets: {', '.join(PRESETS)}")


# ---------------------------------------------------------------------- following a path
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
    """

    t: np.ndarray
    q: np.ndarray
    reachable: np.ndarray
    bad_indices: np.ndarray
    points: np.ndarray
    tip: np.ndarray
    on_bad: str
    stop_index: object
    jumps: np.ndarray
    reasons: np.ndarray
    message: str

    def motion(self):
        """``(t, q)`` to play: every row, or with ``"stop"`` the rows before the first bad
        point (empty when the very first point is bad)."""
        end = len(self.t) if self.stop_index is None else self.stop_index
        return self.t[:end], self.q[:end]

    def max_joint_speeds(self):
        """Largest speed of each joint ``(n,)`` over :meth:`motion` (rad/s or unit/s)."""
        t, q = self.motion()
        if len(t) < 2:
            return np.zeros(self.q.shape[1])
        return np.max(np.abs(np.diff(q, axis=0) / np.diff(t)[:, None]), axis=0)


def follow_path(robot, path_points, q0, *, on_bad="skip", duration=None, speed=None,
                axes="position", wrist_pitch=None):
    """Follow ``path_points`` by inverse kinematics, each point seeded from the previous one.

    Parameters
    ----------
    robot : Robot
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
    """
    if on_bad not in ON_BAD_CHOICES:
        raise ValidationError(f"on_bad must be 'skip' or 'stop', got {on_bad!r}")
    points = path_points.points if isinstance(path_points, CartesianPath) else path_points
    points = np.asarray(points, dtype=float)
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
        duration = _positive(duration, "duration")
    else:
        speed = (DEFAULT_SPEED_FRACTION * robot.length_scale if speed is None
                 else _positive(speed, "speed"))
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

"""Cartesian paths for the end effector: surfaces y = f(x1, x2) and parametric volume curves.

3D-RAS (section 8) draws a path as a family of curves on a surface or in a volume;
:func:`surface_path` and :func:`volume_path` evaluate the user's formulas (the safe evaluator of
:mod:`robosim.trajectory.expressions`) on a grid and keep one curve of the family.
:func:`path_fits` and :func:`joint_jumps` tell whether a robot can follow a path smoothly.
Positions are in the robot's length unit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .. import checks, ik
from ..errors import ValidationError
from ..robot_files import MAX_LENGTH
from ..kinematics import Robot
from .expressions import Expression, compile_expression
from .motion import JUMP_LIMIT
from .profiles import MAX_SAMPLES


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

    Examples
    --------
    The unit circle in 5 points, every quarter turn: a closed square inscribed in it, with
    sides of ``sqrt(2)``, so 4 x 1.414 = 5.657 long.

    >>> square = volume_path("cos(u)", "sin(u)", "0*v", (0, 2 * np.pi), (0, 1), 5)
    >>> square.closed, f"{square.length:.3f}", square.fits, square.index, square.scale
    (True, '5.657', None, 0, 1.0)
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
    def length(self) -> float:
        """Length of the polyline through :attr:`points` (length unit).

        Examples
        --------
        The middle curve of :func:`surface_path`'s example, ``(5, 0, 5) -> (5, 5, 10) -> (5, 10,
        15)``: two steps of ``sqrt(5^2 + 5^2) = 7.071``.

        >>> path = surface_path("x1 + x2", (0, 10), (0, 10), curves=3, index=1, points=3)
        >>> round(path.length, 3)
        14.142
        """
        return float(np.linalg.norm(np.diff(self.points, axis=0), axis=1).sum())


#: A curve closes when its ends are this close, as a fraction of the curve's size.
CLOSE_TOLERANCE = 1e-9


def _grid_values(name, formula, variables, values):
    """Evaluate ``formula`` (text or Expression) on broadcast arrays, finite or an error."""
    expression = (formula if isinstance(formula, Expression)
                  else compile_expression(formula, variables))
    result = expression(**values)
    with np.errstate(invalid="ignore"):
        bad = ~(np.abs(result) <= MAX_LENGTH)        # NaN, inf, or a length no arm has
    if bad.any():
        where = tuple(np.argwhere(bad)[0])
        at = ", ".join(f"{k} = {np.broadcast_to(v, result.shape)[where]:.6g}"
                       for k, v in values.items())
        value = result[where]
        if np.isfinite(value):
            raise ValidationError(f"{name} formula {expression.text!r} gives {value:.3g} at "
                                  f"{at}: beyond +-{MAX_LENGTH:g}, the longest length robosim "
                                  f"takes")
        raise ValidationError(f"{name} formula {expression.text!r} has no real value at {at}")
    return result


def _range(values: Sequence[float], what: str,
           allow_empty: bool = False) -> tuple[float, float]:
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


#: Curves a surface is cut into when the user gives no number, and the one followed (the middle).
SURFACE_CURVES = 11


def default_curves(kind: str, curves: int | None = None,
                   index: int | None = None) -> tuple[int, int]:
    """``(curves, index)`` of a path from the user's formulas, blanks filled in.

    ``kind`` "surface": :data:`SURFACE_CURVES` curves, the middle one followed (index
    ``curves // 2``); "volume": one curve (``v`` at the start of its range), index 0. A value
    given is kept.

    >>> default_curves("surface"), default_curves("surface", curves=5), default_curves("volume")
    ((11, 5), (5, 2), (1, 0))
    """
    if checks.choice(kind, "kind", ("surface", "volume")) == "surface":
        curves = SURFACE_CURVES if curves is None else curves
        return curves, curves // 2 if index is None else index
    return 1 if curves is None else curves, 0 if index is None else index


def surface_path(formula: str | Expression, x1_range: Sequence[float],
                 x2_range: Sequence[float], curves: int, index: int, points: int, *,
                 robot: Robot | None = None) -> CartesianPath:
    """One curve of the explicit surface ``z = f(x1, x2)`` over a rectangle (3D-RAS section 6).

    The paper writes the surface ``y = f(x1, x2)``: ``y`` is the value of the formula. Here it
    is the height above the ``(x1, x2)`` rectangle, so a point is ``(x1, x2, f(x1, x2))`` in
    the world frame. The surface is cut into ``curves`` curves of constant ``x1`` (the paper's
    "points" control), spread evenly over ``x1_range``; ``index`` (its "index row") picks the
    one to follow, ``x2`` running over ``x2_range`` in ``points`` steps. The curve is open.

    Parameters
    ----------
    formula : str or Expression
        In the variables ``x1`` and ``x2`` (see :mod:`robosim.trajectory.expressions`).
    x1_range, x2_range : (float, float)
        Length unit of the robot.
    curves, index, points : int
        How many curves cover the surface, which of them (0-based) the path follows, and its
        points.
    robot : Robot, optional
        Check that every point is reachable (:attr:`CartesianPath.fits`).

    Returns
    -------
    CartesianPath

    Examples
    --------
    The plane ``z = x1 + x2`` over ``0..10 x 0..10``, covered by 3 curves along ``x2`` at
    ``x1 = 0, 5, 10``; the middle one in 3 points: ``x2 = 0, 5, 10``, so ``z = 5, 10, 15``.

    >>> path = surface_path("x1 + x2", (0, 10), (0, 10), curves=3, index=1, points=3)
    >>> path.points.round(3).tolist()
    [[5.0, 0.0, 5.0], [5.0, 5.0, 10.0], [5.0, 10.0, 15.0]]
    """
    _counts(curves, index, points)
    x1 = np.linspace(*_range(x1_range, "x1"), curves)[:, None]
    x2 = np.linspace(*_range(x2_range, "x2"), points)[None, :]
    height = _grid_values("surface", formula, ("x1", "x2"), {"x1": x1, "x2": x2})
    grid = np.stack(np.broadcast_arrays(x1, x2, height), axis=-1)
    return _make_path(grid, x2[0].copy(), index, robot, "surface", closed_expected=False)


def volume_path(x_formula: str | Expression, y_formula: str | Expression,
                z_formula: str | Expression, u_range: Sequence[float],
                v_range: Sequence[float], points: int, *, curves: int = 1, index: int = 0,
                robot: Robot | None = None) -> CartesianPath:
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
        The ranges of ``u`` and ``v``.
    points, curves, index : int
        The path's points, how many curves cover the volume, and which of them (0-based) the
        path follows.
    robot : Robot, optional
        Check that every point is reachable (:attr:`CartesianPath.fits`).

    Returns
    -------
    CartesianPath
        ``points`` in the formulas' numbers, taken as the robot's length unit.

    Examples
    --------
    A circle of radius 10 about ``(20, 0, 5)``: ``x = 20 + 10 cos u``, ``y = 10 sin u``, ``z = 5``,
    ``u`` over a full turn in 5 points (every 90 degrees; the last point closes the circle).

    >>> ring = volume_path("20 + 10*cos(u)", "10*sin(u)", "5 + 0*v", (0, 2 * np.pi), (0, 1), 5)
    >>> (ring.points.round(3) + 0.0).tolist(), ring.closed
    ([[30.0, 0.0, 5.0], [20.0, 10.0, 5.0], [10.0, 0.0, 5.0], [20.0, -10.0, 5.0],
      [30.0, 0.0, 5.0]], True)
    """
    _counts(curves, index, points)
    u = np.linspace(*_range(u_range, "u"), points)[None, :]
    v = np.linspace(*_range(v_range, "v", allow_empty=True), curves)[:, None]
    grid = np.stack([_grid_values(axis, formula, ("u", "v"), {"u": u, "v": v})
                     for axis, formula in zip("xyz", (x_formula, y_formula, z_formula),
                                              strict=True)],
                    axis=-1)
    return _make_path(grid, u[0].copy(), index, robot, "volume", closed_expected=True)


def reachable_points(robot: Robot, points: ArrayLike) -> np.ndarray:
    """Boolean ``(N,)``: the inverse kinematics reaches each position (any orientation).

    Each point is solved on its own (batched, from the nearest of the robot's seeds with a few
    restarts), so this says whether a point can be reached at all, not whether a path gets
    there continuously (see :func:`path_fits`).

    Examples
    --------
    The two-link arm with unit links reaches points up to 2 from its base:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> reachable_points(arm, [[1.0, 1.0, 0.0], [0.0, 1.9, 0.0], [2.5, 0.0, 0.0]]).tolist()
    [True, True, False]
    """
    points = checks.points(points, "points").reshape(-1, 3)
    return np.asarray(ik.solve(robot, points, axes="position", seeds=FIT_RESTARTS).success)


def path_fits(robot: Robot, points: np.ndarray) -> tuple[bool, str]:
    """``(fits, reason)``: the robot follows ``points`` ``(N, 3)`` continuously.

    The first point is solved on its own, the others by :func:`robosim.ik.solve_path`; the path
    fits when every point is reached and no joint jumps (see :func:`joint_jumps`). ``reason``
    is "" when it fits, else what went wrong, for a message.

    Examples
    --------
    The two-link arm with unit links follows three points down the line ``x = 1`` (all within
    its reach of 2, no joint jumping):

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> path_fits(arm, np.array([[1.0, 1.0, 0.0], [1.0, 0.5, 0.0], [1.0, 0.0, 0.0]]))
    (True, '')
    """
    points = checks.points(points, "points", path=True)
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


def joint_jumps(robot: Robot, q: np.ndarray) -> np.ndarray:
    """Rows ``k`` of ``q`` ``(N, n)`` reached by a jump from row ``k - 1``.

    A jump is a step in which some joint moves more than
    :data:`robosim.trajectory.motion.JUMP_LIMIT` (radians, or that fraction of the robot's size)
    and more than :data:`JUMP_FACTOR` times the median step along the path: a change of branch
    of the inverse kinematics, which would swing the arm away from the path between two points.

    Examples
    --------
    A joint moving 0.01 rad a step, then 1 rad at once (more than :data:`JUMP_FACTOR` times the
    median step and past ``JUMP_LIMIT``): row 3 was reached by a jump.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0)], unit="m")
    >>> joint_jumps(arm, np.array([[0.0], [0.01], [0.02], [1.02], [1.03]])).tolist()
    [3]
    """
    q = np.atleast_2d(robot.check_q(q, "q"))
    if q.ndim != 2:
        raise ValidationError(f"q must be a path of configurations (N, {robot.n}), got shape "
                              f"{q.shape}")
    scale = np.where(robot.revolute, 1.0, robot.length_scale)
    step = (np.abs(np.diff(q, axis=0)) / scale).max(axis=1) if len(q) > 1 else np.zeros(0)
    typical = float(np.median(step)) if step.size else 0.0
    return np.flatnonzero((step > JUMP_LIMIT) & (step > JUMP_FACTOR * typical)) + 1


#: Restarts per point when checking reachability.
FIT_RESTARTS = 4
#: A joint step this many times the path's median step (and above JUMP_LIMIT) is a jump.
JUMP_FACTOR = 5.0

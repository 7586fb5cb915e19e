"""Inverse kinematics: a general numeric solver and closed forms for the Lynx6 and the 3R arm.

The numeric solver (:func:`solve`, :func:`solve_all`, :func:`solve_path`) works for any robot:
damped least squares with Sugihara's Levenberg-Marquardt damping, joint limits kept by
projection, restarts from random seeds. The closed forms live in :mod:`robosim.ik.closed_form`
and are re-exported here: :func:`lynx6_ik` (Mateo Sanguino & Andujar 2012, eqs. 23-29;
:func:`lynx6_path` along a path) and :func:`anthropomorphic_3r_ik` (the Java/VRML simulator,
four solutions).

Conventions (see ARCHITECTURE): joint values in radians / the robot's length unit; targets are
``(4, 4)`` homogeneous transforms in the world frame (the robot's base transform included), or
positions ``(3,)`` when only position axes are solved. Everything batches over leading axes.

Which axes to solve
-------------------
``axes`` selects the components of the pose error that must vanish:

- ``"pose"``: position and orientation (6 equations), for arms with 6 or more joints;
- ``"position"`` (same as ``"xyz"``): position only, for arms with fewer joints;
- any combination of ``x``, ``y``, ``z`` (position along the world axes) and ``rx``, ``ry``,
  ``rz`` (components of the rotation error about the world axes), written ``"xyz rz"``,
  ``"xyz+rz"`` or ``["x", "y", "z", "rz"]``, e.g. a SCARA arm's position and heading.

The reported ``position_error`` (length unit) and ``orientation_error`` (radians) are the norms
of the selected components of the error; the orientation error is the angle of the rotation
between reached and target orientation when all three rotation axes are selected, 0 when none.

How the numeric solver works
----------------------------
Each iteration evaluates the forward kinematics and the geometric Jacobian in the same pass
(column arithmetic shared with :mod:`robosim.kinematics.chain`), scales position rows by ``1 / L``
(``L = robot.length_scale``, so the result does not depend on the unit), and solves
``(J^T J + (g E + w) I) dq = J^T e`` with ``E = |e|^2 / 2`` (Sugihara 2011). The kinematics
runs on Python floats for one target (no numpy call overhead, the single-solve path) and on
``(B,)`` arrays for many targets at once. Failed targets restart from the seed bank in rounds of
growing size, nearest seeds first, so most pay for a few restarts only. The control flow is
written once (:func:`_iterate`: the iteration of a seed; :func:`_search`: first seeds, then
restarts in rounds); floats and arrays are two strategies of it (:class:`_FloatRun` /
:class:`_ArrayRun` hold the state and its arithmetic, :class:`_OnFloats` / :class:`_OnArrays`
say how seeds run and how big the rounds are), and the damped step is written for each
(:class:`_FloatKernel`, :class:`_ArrayKernel`). ``IKResult.reason`` says how each target
ended.

Arms with a closed form skip the search: a 6-joint arm with a spherical wrist solving the full
pose, or a 3-joint arm solving a point, gets every solution from Pieper's method
(:mod:`robosim.ik.pieper`) and :func:`solve` returns the one nearest ``q0`` (or home) inside
the limits; the iteration only finishes it where rounding left it outside the tolerances, and
searches as above when no solution lies inside the limits (the nearest error is then reported).
"""

from __future__ import annotations

import math
import operator
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..errors import ValidationError, ValidationTypeError, brief
from ..robot_files import MAX_LENGTH
from ..kinematics.chain import (Component, chain_frames, frame_columns, frame_times,
                                jacobian_columns)
from ..kinematics import Robot
from ..kinematics.elementary import ArrayMath, FloatMath
from .turns import turned_inside
from .general import general_applies, general_closed_form, general_ik
from .pieper import JOINT_LIMIT, _nearest_solution, nearest_solution, pieper_applies, pieper_ik

__all__ = ["IKResult", "PathResult", "solve", "solve_path", "parse_axes",
           "check_targets", "damped_least_squares"]

#: Default success thresholds: position in the robot's length unit, orientation in radians.
POSITION_TOLERANCE = 1e-9
ANGLE_TOLERANCE = 1e-9
#: Iterations per seed; a seed that stops improving is abandoned earlier.
MAX_ITERATIONS = 60
#: Iterations without a new best error after which a seed counts as stalled.
PATIENCE = 6
#: A seed iterates until its errors are this fraction of the tolerances (margin for
#: :func:`solve`; :func:`solve_path` stops at the tolerances: one iteration less per point).
FINISH = 1e-3
#: :data:`PATIENCE` for a path point whose predecessor was out of reach (see :func:`solve_path`).
UNREACHABLE_PATIENCE = 2
#: Progress: the cost falling below this fraction of its value at the last progress.
PROGRESS = 0.5
#: Sugihara's bias ``w``: keeps the damped system positive definite at singularities.
DAMPING_BIAS = 1e-14
DAMPING_GAIN = 0.1
#: Largest joint step per iteration: radians for revolute, fraction of L for prismatic.
MAX_STEP = 0.6
#: Joint values within this (radians; times L for prismatic joints) modulo 2 pi are one
#: solution.
SAME_BRANCH = 1e-6
#: A Jacobian column below this everywhere (scaled rows and columns) marks an idle joint.
IDLE_COLUMN = 1e-12

_AXIS_NAMES = ("x", "y", "z", "rx", "ry", "rz")
#: :func:`parse_axes` of the most used arguments, looked up without parsing.
_PARSED = {"pose": (0, 1, 2, 3, 4, 5), "position": (0, 1, 2)}

#: The error components to solve: ``"pose"``, ``"position"``, letters such as ``"xyz rz"``, a
#: sequence of names (``["x", "rz"]``) or of indices into ``x y z rx ry rz``.
Axes = str | Sequence[str] | Sequence[int]


@dataclass
class IKResult:
    """The outcome of :func:`solve` (or :func:`solve_all`).

    Attributes
    ----------
    q : ndarray, shape (..., n)
        Joint values, always within the joint limits and finite; for a failed target the best
        configuration found.
    success : ndarray of bool, shape (...)
        Position and orientation errors are within the tolerances.
    position_error : ndarray, shape (...)
        Remaining position error (length unit) over the selected axes.
    orientation_error : ndarray, shape (...)
        Remaining orientation error (radians) over the selected axes.
    iterations : ndarray of int, shape (...)
        Iterations spent on the target, all seeds together.
    reason : str, or ndarray of str (object), shape (...)
        Why: ``"converged"`` (with the closed form's note in brackets at a singularity, e.g.
        ``"converged (singular: joint 4 free)"``), or ``"not reached: "`` and the cause:
        ``"out of reach"`` or ``"the wrist cannot reach the orientation"`` (the closed form
        has no solution), ``"joint limit"`` (it has solutions outside the limits only, or the
        search stalled against a limit), ``"singular"`` (the search stalled at a
        singularity: the edge of the workspace, or aligned axes), ``"nearest error"`` (it
        stalled at a local minimum of the error). ``q`` is then the nearest configuration
        found.

    Examples
    --------
    The two-link planar arm with unit links reaches ``(1, 1)`` with the elbow at ``(0, 1)``
    (``q = (90, -90)`` degrees) or at ``(1, 0)`` (``q = (0, 90)``); ``(3, 0)`` is beyond its
    reach of 2, and the search stops with the arm stretched towards it, a singularity:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> result = solve(arm, [[1.0, 1.0, 0.0], [3.0, 0.0, 0.0]], axes="position")
    >>> print(np.degrees(result.q).round(3) + 0.0)
    [[ 90. -90.]
     [  0.   0.]]
    >>> result.success.tolist(), result.reason.tolist()
    ([True, False], ['converged', 'not reached: singular'])
    >>> print(f"{float(result.position_error[1]):.3f} m")
    1.000 m
    """

    q: np.ndarray
    # One target gives numpy scalars (shape ()), a batch arrays.
    success: np.ndarray | np.bool_
    position_error: np.ndarray | float
    orientation_error: np.ndarray | float
    iterations: np.ndarray | np.integer
    reason: np.ndarray | str


@dataclass
class PathResult:
    """The outcome of :func:`solve_path`.

    Attributes
    ----------
    q : ndarray, shape (N, n)
        Joint values along the path; an unreachable point repeats the last reachable one (or
        ``q0`` before the first), so there is never a NaN.
    reachable : ndarray of bool, shape (N,)
    position_error, orientation_error : ndarray, shape (N,)
        Remaining errors at each point (length unit, radians) of the best attempt there.

    Examples
    --------
    The same arm from ``q0 = (0, 90)`` degrees along two points, the second out of reach: it
    repeats the first point's joint values and is marked unreachable (it misses by 1 m).

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> path = solve_path(arm, [[1.0, 1.0, 0.0], [3.0, 0.0, 0.0]], np.radians([0.0, 90.0]),
    ...                   axes="position")
    >>> (np.degrees(path.q).round(3) + 0.0).tolist(), path.reachable.tolist()
    ([[0.0, 90.0], [0.0, 90.0]], [True, False])
    >>> print(f"{path.position_error[1]:.3f}")
    1.000
    """

    q: np.ndarray
    reachable: np.ndarray
    position_error: np.ndarray
    orientation_error: np.ndarray


# ---------------------------------------------------------------------------- arguments
def parse_axes(axes: Axes) -> tuple[int, ...]:
    """The error components to solve, as a tuple of indices into ``x y z rx ry rz``.

    Raises ValidationError naming the part that is not an axis.

    Examples
    --------
    >>> parse_axes("position"), parse_axes("x y rz")
    ((0, 1, 2), (0, 1, 5))
    """
    if isinstance(axes, str) and axes in _PARSED:
        return _PARSED[axes]
    if type(axes) is tuple and axes in _PARSED.values():    # axes parsed already
        return axes
    if not isinstance(axes, (str, Sequence, np.ndarray)):
        raise ValidationTypeError(f"axes must be 'pose', 'position' or letters from x y z rx ry "
                                  f"rz, got {type(axes).__name__} {brief(axes)}")
    if isinstance(axes, str):
        key = axes.strip().lower()
        if key in ("pose", "all"):
            return (0, 1, 2, 3, 4, 5)
        if key == "position":
            return (0, 1, 2)
        tokens, text = [], key.replace("+", " ").replace(",", " ").replace(" ", "")
        i = 0
        while i < len(text):
            token = text[i:i + 2] if text[i] == "r" else text[i]
            if token not in _AXIS_NAMES:
                raise ValidationError(f"axes: {text[i:]!r} is not an axis; use 'pose', "
                                      f"'position' or letters from x y z rx ry rz")
            tokens.append(token)
            i += len(token)
    elif all(isinstance(t, (int, np.integer)) and 0 <= t < 6 for t in axes):
        tokens = [_AXIS_NAMES[int(t)] for t in axes]     # already parsed indices
    else:
        tokens = [str(t).strip().lower() for t in axes]
        for token in tokens:
            if token not in _AXIS_NAMES:
                raise ValidationError(f"axes: {token!r} is not one of x y z rx ry rz")
    if not tokens:
        raise ValidationError("axes: choose at least one of x y z rx ry rz")
    for token in tokens:
        if tokens.count(token) > 1:           # 'xyzzy' is a typing slip, not the axes x y z
            raise ValidationError(f"axes: {token!r} is given {tokens.count(token)} times in "
                                  f"{brief(axes)}; give each axis once")
    return tuple(sorted({_AXIS_NAMES.index(t) for t in tokens}))


def check_targets(target: ArrayLike, axes: Axes) -> np.ndarray:
    """Targets as ``(..., 4, 4)``; positions ``(..., 3)`` are accepted when no rotation is solved.

    Raises ValidationError for a wrong shape, NaN, a coordinate beyond
    :data:`robosim.robot_files.MAX_LENGTH`, or (when rotation is solved) a 3x3 part that is not a
    rotation.

    Examples
    --------
    A position becomes a transform with no rotation; a reflection is not a rotation:

    >>> print(check_targets([1.0, 2.0, 3.0], "position"))
    [[1. 0. 0. 1.]
     [0. 1. 0. 2.]
     [0. 0. 1. 3.]
     [0. 0. 0. 1.]]
    >>> try:
    ...     check_targets(np.diag([1.0, 1.0, -1.0, 1.0]), "pose")
    ... except ValidationError as error:
    ...     print(error)
    target: the 3x3 part is not a rotation matrix (R^T R must be the identity, det R = +1)
    """
    rows = parse_axes(axes)
    target = checks.real_array(target, "target")
    rotation_needed = any(r >= 3 for r in rows)
    if target.shape[-1:] == (3,) and not rotation_needed:
        full = np.zeros(target.shape[:-1] + (4, 4))
        full[..., :3, :3] = np.eye(3)
        full[..., :3, 3] = target
        full[..., 3, 3] = 1.0
        target = full
    if target.shape[-2:] != (4, 4):
        raise ValidationError(f"target must be a 4x4 transform (or a position x, y, z when "
                              f"solving position only), got shape {target.shape}")
    target = checks.transforms(target, "target")
    farthest = float(np.abs(target[..., :3, 3]).max(initial=0.0))
    if farthest > MAX_LENGTH:      # squared in the error: 1e300 overflowed (issue 14)
        raise ValidationError(f"target: a position coordinate of {farthest:g} is beyond "
                              f"+-{MAX_LENGTH:g}, farther than any robot file's lengths")
    if rotation_needed:
        R = target[..., :3, :3]
        gap = np.abs(np.swapaxes(R, -1, -2) @ R - np.eye(3))
        if gap.max() > 1e-6 or np.min(np.linalg.det(R)) < 0:
            raise ValidationError("target: the 3x3 part is not a rotation matrix "
                                  "(R^T R must be the identity, det R = +1)")
    return target


def _single_pose(target, rotation_needed):
    """The columns ``(X, Y, Z, P)`` (tuples of 3 floats,
    :func:`robosim.kinematics.chain.frame_columns`) of one target given as a float ``(4, 4)`` array
    that passes :func:`check_targets`, checked on Python floats (a fifth of the cost); None for
    anything else, which :func:`check_targets` then checks, naming what is wrong (this test is
    stricter: an exact last row, a finite sum)."""
    if type(target) is not np.ndarray or target.shape != (4, 4) or target.dtype != np.float64:
        return None
    rows = target.tolist()
    (r00, r01, r02, x), (r10, r11, r12, y), (r20, r21, r22, z), last = rows
    if (last != [0.0, 0.0, 0.0, 1.0] or not math.isfinite(sum(rows[0]) + sum(rows[1])
                                                           + sum(rows[2]))
            or max(abs(x), abs(y), abs(z)) > MAX_LENGTH):
        return None
    if rotation_needed:
        # R^T R = I (the dot products of the columns) and det R = +1 (their triple product).
        gram = (r00 * r00 + r10 * r10 + r20 * r20 - 1.0, r01 * r01 + r11 * r11 + r21 * r21 - 1.0,
                r02 * r02 + r12 * r12 + r22 * r22 - 1.0, r00 * r01 + r10 * r11 + r20 * r21,
                r00 * r02 + r10 * r12 + r20 * r22, r01 * r02 + r11 * r12 + r21 * r22)
        determinant = (r00 * (r11 * r22 - r21 * r12) - r10 * (r01 * r22 - r21 * r02)
                       + r20 * (r01 * r12 - r11 * r02))
        if max(map(abs, gram)) > 1e-6 or determinant < 0.0:
            return None
    return (r00, r10, r20), (r01, r11, r21), (r02, r12, r22), (x, y, z)


# ------------------------------------------------------------------------------- kernel
def damped_least_squares(J: ArrayLike, e: ArrayLike, damping: float) -> np.ndarray:
    """The damped least-squares step, as the book writes it: ``(J^T J + damping I) dq = J^T e``.

    The reference of the solver's two kernels (:class:`_FloatKernel` on Python floats with a
    hand Cholesky factorisation, :class:`_ArrayKernel` on stacks of matrices), which also
    hold joints at their limits and scale the columns; without a joint at a limit they
    compute this.

    Parameters
    ----------
    J : array_like, shape (..., m, n)
        The Jacobian (rows: the solved error components).
    e : array_like, shape (..., m)
        The error to remove.
    damping : float
        ``> 0``: the step's length is traded for its accuracy near a singularity.

    Returns
    -------
    dq : ndarray, shape (..., n)

    Examples
    --------
    ``J = [[2, 0], [0, 1]]``, ``e = (1, 1)``, damping 1: ``(J^T J + I) = diag(5, 2)``,
    ``J^T e = (2, 1)``, so ``dq = (2/5, 1/2)``.

    >>> damped_least_squares([[2.0, 0.0], [0.0, 1.0]], [1.0, 1.0], 1.0)
    array([0.4, 0.5])
    """
    J, e = np.asarray(J, dtype=float), np.asarray(e, dtype=float)
    Jt = np.swapaxes(J, -1, -2)
    A = Jt @ J + damping * np.eye(J.shape[-1])
    return np.linalg.solve(A, (Jt @ e[..., None]))[..., 0]


class _FloatKernel(FloatMath):
    """Elementary functions and the damped step on Python floats (one target)."""

    @staticmethod
    def damped_step(problem: _Problem, q: Sequence[float], J: Sequence[Sequence[float]],
                    e: Sequence[float]) -> list[float]:
        """Solve ``(J^T J + (gain E + w) I) dq = J^T e`` (``J[j]`` is column j).

        A joint at a limit that the step pushes further out is held (active set): solving
        again without it lets the other joints make the whole correction instead of a part
        that projection would cut. (Python floats: for n = 6 as fast as small numpy
        matrices, for n = 3 three times faster.)
        """
        damping = DAMPING_GAIN * 0.5 * sum(x * x for x in e) + DAMPING_BIAS
        joints = range(problem.n)
        step = _damped_solve(J, e, damping, joints)
        lower, upper = problem.lower, problem.upper
        free = [j for j in joints if not (problem.blockable[j] and (
            (q[j] <= lower[j] and step[j] < 0) or (q[j] >= upper[j] and step[j] > 0)))]
        if len(free) < problem.n:
            step = [0.0] * problem.n
            for j, value in zip(free, _damped_solve(J, e, damping, free), strict=True):
                step[j] = value
        return [value * scale for value, scale in zip(step, problem.column_scales, strict=True)]


def _damped_solve(J, e, damping, joints):
    """``x`` with ``(J_s^T J_s + damping I) x = J_s^T e`` for the columns ``J[j]`` of
    ``joints``, by Cholesky factorisation on Python floats (the matrix is positive definite:
    ``damping > 0``)."""
    columns = [J[j] for j in joints]
    k = len(columns)
    L = []                                                  # rows of the Cholesky factor
    for i in range(k):
        row = []
        column = columns[i]
        for j in range(i + 1):
            total = sum(map(operator.mul, column, columns[j]))
            if i == j:
                row.append(math.sqrt(total + damping - sum(map(operator.mul, row, row))))
            else:
                row.append((total - sum(map(operator.mul, row, L[j]))) / L[j][j])
        L.append(row)
    y = []
    for i in range(k):
        total = sum(map(operator.mul, columns[i], e)) - sum(map(operator.mul, L[i], y))
        y.append(total / L[i][i])
    x = [0.0] * k
    for i in range(k - 1, -1, -1):
        x[i] = (y[i] - sum(L[p][i] * x[p] for p in range(i + 1, k))) / L[i][i]
    return x


class _ArrayKernel(ArrayMath):
    """Elementary functions and the damped step on ``(B,)`` arrays (many targets)."""

    @staticmethod
    def damped_step(problem: _Problem, q: Sequence[np.ndarray],
                    J: Sequence[Sequence[Component]], e: Sequence[Component]) -> np.ndarray:
        """:meth:`_FloatKernel.damped_step` for every row at once (``q``: n columns of ``(B,)``)."""
        rows_q = np.column_stack(q)
        B = rows_q.shape[0]
        jacobian = np.empty((B, len(e), problem.n))
        for j, column in enumerate(J):
            for r, value in enumerate(column):
                jacobian[:, r, j] = value
        error = np.stack(np.broadcast_arrays(*e), axis=-1)
        jacobian_t = np.swapaxes(jacobian, 1, 2)
        A = jacobian_t @ jacobian
        g = (jacobian_t @ error[:, :, None])[:, :, 0]
        damping = DAMPING_GAIN * 0.5 * np.einsum("br,br->b", error, error) + DAMPING_BIAS
        A[:, range(problem.n), range(problem.n)] += damping[:, None]
        step = np.linalg.solve(A, g[:, :, None])[:, :, 0]
        blocked = problem.can_block & (((rows_q <= problem.limits[:, 0]) & (step < 0))
                                       | ((rows_q >= problem.limits[:, 1]) & (step > 0)))
        rows = np.flatnonzero(blocked.any(axis=1))
        if rows.size:
            free = ~blocked[rows]
            held = A[rows] * (free[:, :, None] & free[:, None, :])
            held[:, range(problem.n), range(problem.n)] += blocked[rows]
            step[rows] = np.linalg.solve(held, (g[rows] * free)[:, :, None])[:, :, 0]
        return step * problem.column_scale


class _Problem:
    """The constant part of a solve: robot, selected rows, scales and limits."""

    def __init__(self, robot, axes, tolerance, angle_tolerance, finish=None):
        self.robot = robot
        self.rows = parse_axes(axes)
        self.n = robot.n
        self.scale = robot.length_scale
        self.revolute = robot.revolute.tolist()
        limits = robot.limits
        self.lower = limits[:, 0].tolist()
        self.upper = limits[:, 1].tolist()
        self.limits = limits
        self.home = robot.home
        self.home_list = robot.home.tolist()
        self.max_step = [MAX_STEP if rev else MAX_STEP * self.scale for rev in self.revolute]
        # Limits that can stop a joint (a revolute joint with a full turn of range wraps).
        self.can_block = np.array([not rev or hi - lo < 2 * math.pi
                                   for rev, lo, hi in zip(self.revolute, self.lower,
                                                          self.upper, strict=True)])
        self.blockable = self.can_block.tolist()
        # Prismatic columns are solved in units of L, like the position rows.
        self.column_scale = np.array([1.0 if rev else self.scale for rev in self.revolute])
        self.column_scales = self.column_scale.tolist()
        # The selected rows are solved with positions in units of L.
        self.row_scales = [1.0 / self.scale if r < 3 else 1.0 for r in self.rows]
        self.tool = None if np.array_equal(robot.tool, np.eye(4)) else robot.chain.tool
        self.tolerance = float(tolerance)
        self.angle_tolerance = float(angle_tolerance)
        self.finish = FINISH if finish is None else finish
        self.position_rows = [r for r in self.rows if r < 3]
        self.rotation_rows = [r - 3 for r in self.rows if r >= 3]
        self.rotation_rows_in_error = [r for r in self.rows if r >= 3]
        self._idle = None
        # Pieper's closed form where it applies: six joints with a spherical wrist solving
        # the full pose, or three joints solving a point.
        self.closed_form = (self.rows == (0, 1, 2, 3, 4, 5)[:self.n]
                            and self.n in (3, 6) and pieper_applies(robot))
        # Every other 6R arm solving the full pose: the general 6R solver (robosim.ik.general)
        # for solve_all; for solve only where it is a closed form, faster than the search
        # (the elimination is not: benchmarks/bench_general_ik.py).
        self.general = (not self.closed_form and self.rows == (0, 1, 2, 3, 4, 5)
                        and general_applies(robot))
        self.general_solve = self.general and general_closed_form(robot)

    @property
    def idle(self):
        """Joints that never move the solved components, ``(n,)`` bool: e.g. a Lynx6's wrist
        rotate when only the position is solved (its axis passes through the tool point).

        Found on the seed bank: the joint's column of the selected Jacobian rows (scaled as
        the solver scales them) vanishes at every bank configuration. Seeds from the bank keep
        such joints at the first seed's value (home by default), so a solution does not carry
        a random value of a joint the target does not ask for.
        """
        if self._idle is None:
            q_bank = _seed_bank(self.robot, None)[0]
            row_scale = np.array([1.0 / self.scale if r < 3 else 1.0 for r in self.rows])
            J = self.robot.jacobian(q_bank)[:, self.rows, :] * row_scale[:, None]
            self._idle = np.all(np.abs(J * self.column_scale) < IDLE_COLUMN, axis=(0, 1))
        return self._idle

    def evaluate(self, q, target, ops, want_step=True):
        """Errors at ``q`` and the damped least-squares step towards ``target``.

        ``q`` is a list of n joint values (floats, or ``(B,)`` arrays); ``target`` the column
        tuples ``(X, Y, Z, P)`` of the target. Returns ``(position_error, orientation_error,
        step)`` with ``step`` the n joint increments from ``ops.damped_step`` (None without
        ``want_step``).
        """
        frames = chain_frames(self.robot.chain, q, ops, keep_all=want_step)  # all: for the step
        P, error, position_error, orientation_error = self.pose_errors(frames[-1], target, ops)
        if not want_step or (ops is _FloatKernel
                             and _within(self, position_error, orientation_error, self.finish)):
            return position_error, orientation_error, None      # the caller stops here
        columns = jacobian_columns(self.robot.chain, frames, P)
        e = [error[r] * scale for r, scale in zip(self.rows, self.row_scales, strict=True)]
        J = [[column[r] * (scale * column_scale) for r, scale in zip(self.rows, self.row_scales,
                                                                     strict=True)]
             for column, column_scale in zip(columns, self.column_scales,
                                             strict=True)]  # J[j]: column j
        return position_error, orientation_error, ops.damped_step(self, q, J, e)


    def pose_errors(self, frame, target, ops):
        """The error of frame n ``frame`` (the chain's last, tool not yet applied) to
        ``target``, both column tuples ``(X, Y, Z, P)`` (floats or ``(B,)`` arrays).

        Returns ``(P, error, position_error, orientation_error)``: ``P`` the end effector's
        position, ``error`` the six components (position difference; rotation angle times
        axis, present when a rotation is solved) and the norms of the selected ones.
        """
        X, Y, Z, P = frame if self.tool is None else frame_times(frame, self.tool)
        Xd, Yd, Zd, Pd = target
        error = [Pd[0] - P[0], Pd[1] - P[1], Pd[2] - P[2]]
        if self.rotation_rows:
            v0, v1, v2, cos_angle = _rotation_error((X, Y, Z), (Xd, Yd, Zd))
            sin_angle = ops.sqrt(v0 * v0 + v1 * v1 + v2 * v2)
            # v = sin(angle) * axis of R_target R^T; the solver wants angle * axis.
            factor = ops.atan2(sin_angle, cos_angle) / ops.maximum(sin_angle, 1e-300)
            error += [v0 * factor, v1 * factor, v2 * factor]
        none = abs(0.0 * P[0])                      # no component selected: 0 (float or array)
        position_error = _norm(error, self.position_rows, ops) if self.position_rows else none
        orientation_error = (_norm(error, self.rotation_rows_in_error, ops)
                             if self.rotation_rows else none)
        return P, error, position_error, orientation_error


def _norm(error, rows, ops):
    """The Euclidean norm of the components ``rows`` of ``error`` (floats or arrays)."""
    total = 0.0
    for r in rows:
        total = total + error[r] * error[r]
    return ops.sqrt(total)


def _rotation_error(rotation, target):
    """``(v0, v1, v2, cos_angle)`` of the rotation ``R_target R^T`` from ``rotation`` to
    ``target`` (columns ``(X, Y, Z)`` of each, floats or ``(B,)`` arrays): ``v = sin(angle)
    axis``, half the sum of the cross products ``X x X_target + Y x Y_target + Z x Z_target``,
    and ``cos(angle)``, half the sum of their dot products minus one (trace identities)."""
    (a0, a1, a2), (b0, b1, b2), (c0, c1, c2) = rotation
    (d0, d1, d2), (e0, e1, e2), (f0, f1, f2) = target
    return (0.5 * ((a1 * d2 - a2 * d1) + (b1 * e2 - b2 * e1) + (c1 * f2 - c2 * f1)),
            0.5 * ((a2 * d0 - a0 * d2) + (b2 * e0 - b0 * e2) + (c2 * f0 - c0 * f2)),
            0.5 * ((a0 * d1 - a1 * d0) + (b0 * e1 - b1 * e0) + (c0 * f1 - c1 * f0)),
            0.5 * ((a0 * d0 + a1 * d1 + a2 * d2) + (b0 * e0 + b1 * e1 + b2 * e2)
                   + (c0 * f0 + c1 * f1 + c2 * f2) - 1.0))


# ---------------------------------------------------------------- the search, written once
def _within(problem, position_error, orientation_error, factor=1.0):
    """Errors within ``factor`` times the tolerances: a bool, or ``(B,)`` bools."""
    return ((position_error <= problem.tolerance * factor)
            & (orientation_error <= problem.angle_tolerance * factor))


def _cost(problem, position_error, orientation_error):
    """The errors as one number: each over its tolerance, summed."""
    return position_error / problem.tolerance + orientation_error / problem.angle_tolerance


def _iterate(problem, run, patience):
    """The damped least-squares iteration from the seeds in ``run`` (:class:`_FloatRun`, one
    seed on Python floats, or :class:`_ArrayRun`, many rows at once): the control flow of
    every numeric solve, written once.

    Each iteration evaluates the errors and the damped step (:meth:`_Problem.evaluate`), keeps
    the best configuration seen, and stops a seed when its errors are :data:`FINISH` times the
    tolerances or when its cost has not fallen by :data:`PROGRESS` for ``patience``
    iterations (a stall at a local minimum, at the edge of the workspace, or at the limit of
    floating point). The step is shrunk to :data:`MAX_STEP` and the joints brought inside
    their limits. Returns ``run``'s outcome.
    """
    first = True
    for _ in range(MAX_ITERATIONS):
        if not run.active():
            break
        position_error, orientation_error, step = problem.evaluate(run.q, run.target,
                                                                   run.kernel)
        cost = _cost(problem, position_error, orientation_error)
        run.keep_best(cost, position_error, orientation_error, first)
        first = False
        progress = cost < PROGRESS * run.reference
        run.reference = run.kernel.where(progress, cost, run.reference)
        run.since_progress = run.kernel.where(progress, 0, run.since_progress + 1)
        done = (_within(problem, position_error, orientation_error, problem.finish)
                | (run.since_progress >= patience))
        run.advance(done, step)
    else:
        if run.active():
            position_error, orientation_error, _ = problem.evaluate(run.q, run.target,
                                                                    run.kernel, False)
            run.keep_best(_cost(problem, position_error, orientation_error), position_error,
                          orientation_error, False, counted=False)
    return run.outcome()


class _FloatRun:
    """One seed ``q`` (n floats) towards one target (column tuples of floats), for
    :func:`_iterate`: no numpy per-call cost."""

    kernel = _FloatKernel

    def __init__(self, problem, target, q):
        self.problem, self.target, self.q = problem, target, list(q)
        self.best = (self.q, math.inf, math.inf)
        self.best_cost = self.reference = math.inf
        self.since_progress = self.iterations = 0
        self.running = True

    def active(self):
        return self.running

    def keep_best(self, cost, position_error, orientation_error, first, counted=True):
        self.iterations += counted
        if first or cost < self.best_cost:       # cost is inf for a target near 1e308
            self.best, self.best_cost = (list(self.q), position_error, orientation_error), cost

    def advance(self, done, step):
        if done:
            self.running = False
            return
        problem = self.problem
        largest = max(abs(s) / m for s, m in zip(step, problem.max_step, strict=True))
        shrink = 1.0 if largest <= 1.0 else 1.0 / largest
        self.q = [_limit_scalar(problem, i, value + shrink * change)
                  for i, (value, change) in enumerate(zip(self.q, step, strict=True))]

    def outcome(self):
        return (*self.best, self.iterations)


class _ArrayRun:
    """Rows ``q`` ``(B, n)`` towards their targets (column tuples of ``(B,)`` arrays), for
    :func:`_iterate`: rows drop out of the computation as they converge or stall."""

    kernel = _ArrayKernel

    def __init__(self, problem, target, q):
        count = q.shape[0]
        self.problem, self.target, self.q = problem, target, list(q.T)
        self.rows = np.arange(count)                       # the rows still iterating
        self.best_q = q.copy()
        self.best_cost = np.full(count, np.inf)
        self.best_position, self.best_orientation = np.full(count, np.inf), np.full(count, np.inf)
        self.reference = np.full(count, np.inf)
        self.since_progress = np.zeros(count, dtype=int)
        self.iterations = np.zeros(count, dtype=int)

    def active(self):
        return self.rows.size > 0

    def keep_best(self, cost, position_error, orientation_error, first, counted=True):
        shape = self.rows.shape
        if counted:
            self.iterations[self.rows] += 1
        better = (cost < self.best_cost[self.rows]) | first
        improved = self.rows[better]
        self.best_cost[improved] = np.broadcast_to(cost, shape)[better]
        self.best_q[improved] = np.column_stack(self.q)[better]
        self.best_position[improved] = np.broadcast_to(position_error, shape)[better]
        self.best_orientation[improved] = np.broadcast_to(orientation_error, shape)[better]

    def advance(self, done, step):
        largest = np.max(np.abs(step) / np.array(self.problem.max_step), axis=-1)
        step = step * np.minimum(1.0, 1.0 / np.maximum(largest, 1e-300))[:, None]
        keep = ~np.broadcast_to(done, self.rows.shape)
        q = _limit_arrays(self.problem, np.column_stack(self.q)[keep] + step[keep])
        self.q, self.rows = list(q.T), self.rows[keep]
        self.target = tuple(tuple(c[keep] for c in column) for column in self.target)
        self.reference, self.since_progress = self.reference[keep], self.since_progress[keep]

    def outcome(self):
        return self.best_q, self.best_position, self.best_orientation, self.iterations


def _limit_scalar(problem, i, value):
    """Joint value ``i`` brought inside its limits: wrapped by 2 pi if that fits, else clipped."""
    lower, upper = problem.lower[i], problem.upper[i]
    if lower <= value <= upper:
        return value
    if problem.revolute[i]:
        wrapped = value - 2.0 * math.pi if value > upper else value + 2.0 * math.pi
        if lower <= wrapped <= upper:
            return wrapped
    return min(max(value, lower), upper)


def _limit_arrays(problem, q):
    """Rows of ``q`` ``(B, n)`` brought inside the limits (wrapped by 2 pi where that fits,
    else clipped): :func:`_limit_scalar` on arrays."""
    lower, upper = problem.limits[:, 0], problem.limits[:, 1]
    rev = np.array(problem.revolute)
    wrapped = np.where(q > upper, q - 2 * np.pi, q + 2 * np.pi)
    use_wrap = rev & ((q < lower) | (q > upper)) & (wrapped >= lower) & (wrapped <= upper)
    return np.clip(np.where(use_wrap, wrapped, q), lower, upper)


class _OnFloats:
    """The search on Python floats (one target, or a path point): seeds one at a time."""

    kernel = _FloatKernel

    @staticmethod
    def iterate(problem, target, q, patience=PATIENCE):
        """:func:`_iterate` on each row of ``q`` ``(B, n)`` in turn towards ``target``
        ``(B, 4, 4)``: the same outcome arrays as :meth:`_OnArrays.iterate`."""
        outcomes = [_iterate(problem, _FloatRun(problem, frame_columns(T), seed), patience)
                    for T, seed in zip(target, q.tolist(), strict=True)]
        q, position_error, orientation_error, iterations = zip(*outcomes, strict=True)
        return (np.array(q).reshape(-1, problem.n), np.array(position_error),
                np.array(orientation_error), np.array(iterations, dtype=int))

    @staticmethod
    def errors(problem, target, q):
        """Position and orientation errors ``(B,)`` of each row of ``q`` ``(B, n)``, one
        after another, to ``target`` (the columns of one pose, as floats)."""
        errors = [problem.evaluate(row, target, _FloatKernel, want_step=False)[:2]
                  for row in q.tolist()]
        return (np.array([e[0] for e in errors], dtype=float),
                np.array([e[1] for e in errors], dtype=float))

    @staticmethod
    def rounds(count):
        """One restart a round: the first that reaches the target ends the search."""
        return range(1, count + 1)


class _OnArrays:
    """The search on ``(B,)`` arrays (many targets at once)."""

    kernel = _ArrayKernel

    @staticmethod
    def iterate(problem, target, q, patience=PATIENCE):
        """:func:`_iterate` on every row of ``q`` ``(B, n)`` towards ``target`` ``(B, 4, 4)``
        at once: the best ``q`` ``(B, n)``, its position and orientation errors and the
        iterations spent, per row."""
        return _iterate(problem, _ArrayRun(problem, frame_columns(target), q.copy()),
                        patience)

    @staticmethod
    def errors(problem, target, q):
        """Position and orientation errors ``(B,)`` of the rows of ``q`` ``(B, n)`` at once,
        to ``target`` (columns of ``(B,)`` arrays, or of floats: one pose for every row)."""
        position_error, orientation_error, _ = problem.evaluate(list(q.T), target, _ArrayKernel,
                                                                want_step=False)
        return (np.broadcast_to(position_error, (len(q),)).copy(),
                np.broadcast_to(orientation_error, (len(q),)).copy())

    @staticmethod
    def rounds(count):
        """Ends of the restart rounds: 4, 12, 28, ... (doubling) up to ``count``.

        Nearest seeds first, in small rounds: most failed targets are solved by one of the
        first few, and only the rest pay for more.
        """
        stop, size = 0, 4
        while stop < count:
            stop = min(count, stop + size)
            size *= 2
            yield stop


def _search(problem, target, first, restarts, on, patience=PATIENCE):
    """Targets ``(B, 4, 4)`` from the seeds ``first`` ``(B, n)``, then, for those not reached,
    from their restarts in rounds: the search's control flow, written once.

    Parameters
    ----------
    problem : _Problem
        The robot, the error rows and the scales of the search.
    target : ndarray, shape (B, 4, 4)
        The targets.
    first : ndarray, shape (B, n)
        Each target's first seed.
    restarts : callable
        ``restarts(rows)``: the restart seeds ``(R, k, n)`` of the targets ``rows`` ``(R,)``,
        nearest first; called only when some target is not reached from its first seed.
    on : :class:`_OnFloats` or :class:`_OnArrays`
        How the seeds run (``on.iterate``) and the ends of the rounds (``on.rounds(k)``: one
        seed at a time on floats, doubling rounds for arrays).
    patience : int
        Iterations without a new best error after which a seed counts as stalled.

    Returns
    -------
    ``(q, position_error, orientation_error, iterations)``, per target: the first restart (in
    order) that reaches it, else the best.
    """
    q, position_error, orientation_error, iterations = on.iterate(problem, target, first,
                                                                  patience)
    failed = np.flatnonzero(~_within(problem, position_error, orientation_error))
    if failed.size == 0:
        return q, position_error, orientation_error, iterations
    plan = restarts(failed)
    start = 0
    for stop in on.rounds(plan.shape[1]):
        still = ~_within(problem, position_error[failed], orientation_error[failed])
        if not still.any():
            break
        rows, seeds = failed[still], plan[still, start:stop]
        count, tries = seeds.shape[:2]
        retry = on.iterate(problem, target[np.repeat(rows, tries)],
                           seeds.reshape(-1, problem.n), patience)
        retry_success = _within(problem, retry[1], retry[2]).reshape(count, tries)
        retry_cost = _cost(problem, retry[1], retry[2]).reshape(count, tries)
        choice = np.where(retry_success.any(axis=1), retry_success.argmax(axis=1),
                          retry_cost.argmin(axis=1))
        picked = np.arange(count) * tries + choice
        better = retry_cost.ravel()[picked] < _cost(problem, position_error[rows],
                                                    orientation_error[rows])
        chosen, picked = rows[better], picked[better]
        q[chosen] = retry[0][picked]
        position_error[chosen], orientation_error[chosen] = retry[1][picked], retry[2][picked]
        iterations[rows] += retry[3].reshape(count, tries).sum(axis=1)
        start = stop
    return q, position_error, orientation_error, iterations


# --------------------------------------------------------------------------------- API
#: Size of a robot's seed bank: configurations whose poses are computed once per robot.
SEED_BANK_SIZE = 512
_seed_banks: weakref.WeakKeyDictionary[Robot, tuple[np.ndarray, np.ndarray]] = \
    weakref.WeakKeyDictionary()
_problems: weakref.WeakKeyDictionary[Robot, dict[tuple, _Problem]] = weakref.WeakKeyDictionary()


def _cached_problem(robot, axes, tolerance, angle_tolerance, finish=None):
    """The (cached) constant part of a solve for ``robot``; the tolerances checked here."""
    per_robot = _problems.get(robot)
    if per_robot is None:
        per_robot = _problems[robot] = {}
    given = ((axes, tolerance, angle_tolerance, finish)
             if type(axes) is str and type(tolerance) is type(angle_tolerance) is float
             else None)
    if given in per_robot:                  # these very arguments were checked before
        return per_robot[given]
    tolerance = checks.positive(tolerance, "tolerance")
    angle_tolerance = checks.positive(angle_tolerance, "angle_tolerance")
    key = (parse_axes(axes), tolerance, angle_tolerance, finish)
    if key not in per_robot:
        per_robot[key] = _Problem(robot, key[0], tolerance, angle_tolerance, finish)
    if given is not None:
        per_robot[given] = per_robot[key]
    return per_robot[key]


def _seed_bank(robot, rng):
    """Home plus random configurations inside the limits ``(K, n)``, and their poses ``(K, 4, 4)``.

    With ``rng=None`` the bank is drawn once per robot from a fixed seed (results repeat);
    otherwise it is drawn from ``rng`` for this call.
    """
    if rng is None and robot in _seed_banks:
        return _seed_banks[robot]
    generator = np.random.default_rng(20240 if rng is None else rng)
    q = np.vstack([robot.home, robot.random_q(SEED_BANK_SIZE - 1, rng=generator)])
    bank = (q, robot.fk(q))
    if rng is None:
        _seed_banks[robot] = bank
    return bank


def _nearest_seeds(problem, bank, target, count):
    """Indices ``(B, count)`` of the bank entries whose poses are nearest each target ``(B, 4, 4)``.

    Nearness: position distance over ``L`` plus, when rotation is solved, the rotation angle's
    ``sqrt(2 (1 - cos))`` proxy (from the trace, no arccos).
    """
    q_bank, poses = bank
    p, p_bank = target[:, :3, 3], poses[:, :3, 3]
    # |p - p_k|^2 and trace(R^T R_k) as matrix products: one BLAS call each.
    squared = (np.einsum("bi,bi->b", p, p)[:, None] + np.einsum("ki,ki->k", p_bank, p_bank)
               - 2.0 * p @ p_bank.T)
    if problem.rotation_rows:
        trace = target[:, :3, :3].reshape(-1, 9) @ poses[:, :3, :3].reshape(-1, 9).T
        distance = (np.sqrt(np.maximum(squared, 0.0)) / problem.scale
                    + np.sqrt(np.maximum(3.0 - trace, 0.0)))
    else:
        distance = squared                          # the same order, without the square roots
    count = min(count, q_bank.shape[0])
    if count < q_bank.shape[0]:
        nearest = np.argpartition(distance, count - 1, axis=1)[:, :count]
        order = np.take_along_axis(distance, nearest, axis=1).argsort(axis=1, kind="stable")
        return np.take_along_axis(nearest, order, axis=1)
    return distance.argsort(axis=1, kind="stable")


def _first_seeds(robot, problem, target, q0, rng):
    """The first seed of each target ``(B, 4, 4)``: ``q0`` (``(n,)`` or ``(B, n)``, brought
    inside the limits) when given, else the bank entry whose pose is nearest. ``(B, n)``."""
    if q0 is not None:
        q0 = np.clip(robot.check_q(q0, "q0"), robot.limits[:, 0], robot.limits[:, 1])
        return np.broadcast_to(q0, (target.shape[0], robot.n)).copy()
    bank = _seed_bank(robot, rng)
    first = bank[0][_nearest_seeds(problem, bank, target, 1)[:, 0]]
    first[:, problem.idle] = robot.home[problem.idle]
    return first


def seed_count(seeds: int | ArrayLike) -> int | ArrayLike:
    """``seeds`` of :func:`solve`: a count from 0 to :data:`SEED_BANK_SIZE` (checked here), or
    explicit configurations (checked as joint values where they are used).

    Examples
    --------
    >>> seed_count(60)
    60
    >>> seed_count(10 ** 9)
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: seeds must be a whole number from 0 to 512, got 1000000000
    """
    if type(seeds) is int and 0 <= seeds <= SEED_BANK_SIZE:       # the common case, fast
        return seeds
    if isinstance(seeds, (list, tuple, np.ndarray)) and np.ndim(seeds) > 0:
        return seeds
    return checks.count(seeds, "seeds", 0, SEED_BANK_SIZE)


def random_source(rng: np.random.Generator | int | None) -> np.random.Generator | None:
    """``rng`` of the solvers: None (the robot's fixed seed bank), else a Generator
    (:func:`robosim.checks.generator`: a seed or a Generator, nothing else)."""
    return None if rng is None else checks.generator(rng)


def _restart_seeds(robot, problem, target, first, q0_given, seeds, rng):
    """The restarts of each target ``(B, 4, 4)``, in order: ``(B, k, n)``.

    The explicit ``seeds`` ``(k, n)``, or the ``seeds`` bank entries nearest the target
    (after the nearest one, which was the first seed, when no ``q0`` was given) with the idle
    joints (:attr:`_Problem.idle`) at their values in ``first`` ``(B, n)``, the first seeds.
    """
    if np.ndim(seeds) == 0:
        count = int(seeds)
        skip = 0 if q0_given else 1
        bank = _seed_bank(robot, rng)
        nearest = _nearest_seeds(problem, bank, target, count + skip)[:, skip:]
        restarts = bank[0][nearest]
        idle = problem.idle
        restarts[:, :, idle] = np.asarray(first)[:, None, idle]
        return restarts
    explicit = np.atleast_2d(robot.check_q(seeds, "seeds"))
    explicit = np.clip(explicit, robot.limits[:, 0], robot.limits[:, 1])
    return np.broadcast_to(explicit, (target.shape[0],) + explicit.shape)


def solve(robot: Robot, target: ArrayLike, q0: ArrayLike | None = None, *, axes: Axes = "pose",
          seeds: int | ArrayLike = 60, rng: np.random.Generator | int | None = None,
          tolerance: float = POSITION_TOLERANCE,
          angle_tolerance: float = ANGLE_TOLERANCE) -> IKResult:
    """Joint values that put the end effector at ``target``: numeric, for any robot.

    Parameters
    ----------
    robot : Robot
        The arm (any joints; limits respected).
    target : array_like, shape (4, 4) or (..., 4, 4)
        Target poses in the world frame; positions ``(..., 3)`` are accepted when ``axes``
        selects no rotation.
    q0 : array_like, shape (n,) or (..., n), optional
        First seed, e.g. the current configuration (the solution then tends to stay on its
        branch). Without it the search starts from the seed whose pose is nearest the target.
    axes : str or sequence of str
        Which error components must vanish: ``"pose"``, ``"position"`` or a subset such as
        ``"xyz rz"`` (see the module docstring).
    seeds : int or array_like (k, n)
        Restarts for targets not reached from the first seed: that many configurations from
        the robot's seed bank (random, inside the limits), nearest the target first; or these
        explicit configurations, tried in turn.
    rng : int, Generator or None
        None: the robot's fixed seed bank (results repeat). Otherwise a fresh bank from it.
    tolerance, angle_tolerance : float
        Success thresholds (length unit, radians).

    Returns
    -------
    IKResult
        Shapes follow the target's batch shape.

    Examples
    --------
    >>> import robosim
    >>> robot = robosim.load_robot("Lodes Puma 560")
    >>> result = solve(robot, robot.fk([0.1, -0.5, 0.4, 0.2, 0.6, -0.3]))
    >>> bool(result.success), float(result.position_error) < 1e-9
    (True, True)
    """
    problem = _cached_problem(robot, axes, tolerance, angle_tolerance)
    seeds, rng = seed_count(seeds), random_source(rng)
    if problem.closed_form:
        # One pose: checked and solved on Python floats, in one pass (the common case).
        columns = _single_pose(target, bool(problem.rotation_rows))
        if columns is not None:
            exact = _closed_form_exact(problem, columns, q0)
            if exact is not None:
                return exact
    target = check_targets(target, problem.rows)
    batch_shape = target.shape[:-2]
    flat_target = target.reshape(-1, 4, 4)
    if q0 is not None:
        q0 = checks.broadcast_batch(robot.check_q(q0, "q0"), batch_shape, "q0", "target")
        q0 = q0.reshape(-1, robot.n)
    count = flat_target.shape[0]
    q, iterations = np.empty((count, robot.n)), np.zeros(count, dtype=int)
    position_error, orientation_error = np.full(count, np.inf), np.full(count, np.inf)
    closed_reason = np.full(count, "", dtype=object)
    rest = np.arange(count)
    if problem.closed_form or problem.general_solve:
        closed = _closed_form(problem, flat_target, q0, one=not batch_shape)
        done = closed[4]
        q[done], iterations[:] = closed[0][done], closed[3]
        position_error[done], orientation_error[done] = closed[1][done], closed[2][done]
        closed_reason[:] = closed[5]
        rest = np.flatnonzero(~done)
    if rest.size:
        targets = flat_target[rest]
        first = _first_seeds(robot, problem, targets, None if q0 is None else q0[rest], rng)
        more = _search(problem, targets, first,
                       lambda failed: _restart_seeds(robot, problem, targets[failed],
                                                     first[failed], q0 is not None, seeds, rng),
                       _OnArrays if batch_shape else _OnFloats)
        q[rest], position_error[rest], orientation_error[rest] = more[:3]
        iterations[rest] += more[3]
    success = _within(problem, position_error, orientation_error)
    reason = _reasons(problem, q, success, closed_reason)
    if not batch_shape:
        return IKResult(q[0], success[0], position_error[0], orientation_error[0],
                        iterations[0], reason[0])
    return IKResult(q.reshape(batch_shape + (robot.n,)), success.reshape(batch_shape),
                    position_error.reshape(batch_shape), orientation_error.reshape(batch_shape),
                    iterations.reshape(batch_shape), reason.reshape(batch_shape))


#: The iteration count of a target the closed form reaches as it is (a numpy scalar made once:
#: numpy's int64 constructor costs 0.26 us).
_ONE_ITERATION = np.int64(1)


def _closed_form_exact(problem, columns, q0):
    """One target's :class:`IKResult` (``columns``: the checked pose's, as floats)
    straight from the closed form when its solution nearest ``q0`` (or home) inside the
    limits reaches the tolerances as it is (the common case: few numpy calls on the way);
    None for anything else (``q0`` with a batch shape too), which the general path
    (:func:`_closed_form`, then the search) handles."""
    if q0 is None:
        reference = problem.home_list
    else:
        q0 = problem.robot.check_q(q0, "q0")
        if q0.shape != (problem.n,):
            return None
        reference = np.clip(q0, problem.limits[:, 0], problem.limits[:, 1]).tolist()
    q, note, frame = _nearest_solution(problem.robot, columns, reference)
    if q is None:
        return None
    _, _, position_error, orientation_error = problem.pose_errors(frame, columns, _FloatKernel)
    if not _within(problem, position_error, orientation_error):
        return None
    return IKResult(np.array(q), np.True_, np.float64(position_error),
                    np.float64(orientation_error), _ONE_ITERATION,
                    CONVERGED if not note else f"{CONVERGED} ({note})")


def _closed_form(problem, target, q0, one):
    """Targets ``(B, 4, 4)`` by Pieper's closed form (or, for another 6R arm, by the general
    6R solver, :func:`robosim.ik.general.general_ik`): per target the solution nearest ``q0``
    (or home) inside the limits, finished by the iteration where rounding left it outside the
    tolerances. ``one``: a single target, on Python floats (:func:`robosim.ik.pieper.
    nearest_solution`, which solves the wrist only for the arm solutions that can win).

    Returns ``(q, position_error, orientation_error, iterations, done, reason)``: ``done``
    ``(B,)`` marks the targets reached, the others are left to the general search; ``reason``
    ``(B,)`` is the closed form's word on each target (:attr:`robosim.ik.PieperSolutions.
    reason`, or "joint limit" where solutions exist outside the limits only).
    """
    robot = problem.robot
    count = target.shape[0]
    reference = (np.broadcast_to(problem.home, (count, robot.n)) if q0 is None
                 else np.clip(q0, problem.limits[:, 0], problem.limits[:, 1]))
    if one and not problem.general:
        solution, reason = nearest_solution(robot, target[0], reference[0].tolist())
        found = np.array([solution is not None])
        q = np.array([reference[0] if solution is None else solution])
        reason = np.array([reason], dtype=object)
    else:
        solutions = (general_ik(robot, target, tolerance=problem.tolerance,
                                angle_tolerance=problem.angle_tolerance) if problem.general
                     else pieper_ik(robot, target, reference))
        turned, inside = turned_inside(robot, solutions.q, reference[:, None, :])
        usable = solutions.valid & inside
        weights = np.where(robot.revolute, 1.0, 1.0 / robot.length_scale)
        distance = np.where(usable, (np.abs(turned - reference[:, None, :]) * weights)
                            .sum(axis=2), np.inf)
        found = usable.any(axis=1)
        nearest = np.take_along_axis(turned, distance.argmin(axis=1)[:, None, None], axis=1)
        q = np.where(found[:, None], nearest[:, 0], reference)
        # The general solver's word on a target it could not certify is not the search's.
        reason = np.where(solutions.valid.any(axis=1) & ~found, JOINT_LIMIT,
                          np.where(solutions.complete, solutions.reason, "")
                          if problem.general else solutions.reason)
    on = _OnFloats if one else _OnArrays
    position_error, orientation_error = on.errors(
        problem, frame_columns(target[0] if one else target), q)
    iterations = np.ones(count, dtype=int)
    rest = np.flatnonzero(found & ~_within(problem, position_error, orientation_error))
    if rest.size:
        more = on.iterate(problem, target[rest], q[rest])
        q[rest], position_error[rest], orientation_error[rest] = more[:3]
        iterations[rest] += more[3]
    done = found & _within(problem, position_error, orientation_error)
    return q, position_error, orientation_error, iterations, done, reason


#: Words of :attr:`IKResult.reason`.
CONVERGED = "converged"
NOT_REACHED = "not reached"
SINGULAR = "singular"
NEAREST_ERROR = "nearest error"
#: A failed target whose smallest singular value of the solved Jacobian rows (scaled as the
#: solver scales them) is below this fraction of the largest stalled near a singularity: the
#: damped steps shrink as it nears one (a 2R arm stretched towards a point beyond its reach
#: stops with its elbow 2 degrees from straight, a ratio of 0.007).
SINGULAR_RATIO = 0.05


def _reasons(problem, q, success, closed_reason):
    """Why each target ``(B,)`` ended as it did, in words (see :attr:`IKResult.reason`)."""
    reason = np.empty(len(q), dtype=object)
    for k, (ok, note) in enumerate(zip(success, closed_reason, strict=True)):
        if ok:
            reason[k] = CONVERGED if not note else f"{CONVERGED} ({note})"
        elif note:
            reason[k] = f"{NOT_REACHED}: {note}"
    failed = np.flatnonzero(~success & (closed_reason == ""))
    if failed.size:
        reason[failed] = [f"{NOT_REACHED}: {word}" for word in _stall_causes(problem, q[failed])]
    return reason


def _stall_causes(problem, q):
    """Where the search stalled for configurations ``q`` ``(F, n)``: at a joint limit (a joint
    that can stop there), at a singularity (the edge of the workspace, or an aligned pair of
    axes), else at a local minimum of the error: a list of words."""
    limits = problem.limits
    at_limit = np.any(problem.can_block & ((np.abs(q - limits[:, 0]) < 1e-9)
                                           | (np.abs(q - limits[:, 1]) < 1e-9)), axis=1)
    row_scale = np.array(problem.row_scales)
    J = problem.robot.jacobian(q)[:, problem.rows, :] * row_scale[:, None] * problem.column_scale
    values = np.linalg.svd(J, compute_uv=False)
    singular = values[:, -1] <= SINGULAR_RATIO * values[:, 0]
    return [JOINT_LIMIT if limit else SINGULAR if stuck else NEAREST_ERROR
            for limit, stuck in zip(at_limit, singular, strict=True)]


def solve_path(robot: Robot, targets: ArrayLike, q0: ArrayLike, *, axes: Axes = "pose",
               restarts: int = 3, rng: np.random.Generator | int | None = None,
               tolerance: float = POSITION_TOLERANCE,
               angle_tolerance: float = ANGLE_TOLERANCE) -> PathResult:
    """Follow a sequence of targets, each solved from the previous solution (continuity).

    A point not reached from its predecessor's solution gets up to ``restarts`` restarts
    from the seed bank (see :func:`solve`), but only when its predecessor was reached. Along
    an unreachable stretch each point costs one short attempt (abandoned when the error stops
    halving for :data:`UNREACHABLE_PATIENCE` iterations) seeded by the previous attempt, the closest
    approach, which follows the edge of the workspace: paths that leave the workspace stay fast and
    pick the path up again where it comes back.

    With more joints than selected axes (the Lynx6 for position only: its wrist pitch is
    free) each point is solved from the previous point's solution itself, so the damped
    least-squares steps make about the least joint motion that moves the tool as far. A
    seed extrapolated from the last step would be kept along the free directions, and that
    motion would repeat at every point whatever the tool's step: joints racing where the
    points are close together.

    Parameters
    ----------
    robot : Robot
        The arm (any joints; limits respected).
    targets : array_like, shape (N, 4, 4) (or (N, 3) positions for position-only axes)
        The path's poses in the world frame, in order.
    q0 : array_like, shape (n,)
        The configuration the path starts from.
    restarts : int
        Seeds from the robot's seed bank tried at a point not reached from its
        predecessor's solution.
    axes, tolerance, angle_tolerance, rng
        As in :func:`solve`.

    Returns
    -------
    PathResult

    Examples
    --------
    The two-link arm with unit links from ``(0, 90)`` degrees (tip at ``(1, 1)``) down to
    ``(1, 0)`` in two steps, x and y only: each point is solved from the one before, so the
    elbow keeps its side; at ``(1, 0)``, 1 from the base, ``cos q2 = (1 - 1 - 1) / 2``:
    ``q2 = 120`` and ``q1 = -atan2(sin 120, 1 + cos 120) = -60`` degrees.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> path = solve_path(arm, [[1.0, 0.5, 0.0], [1.0, 0.0, 0.0]], np.radians([0, 90]),
    ...                   axes="x y")
    >>> path.reachable.tolist(), np.degrees(path.q[-1]).round(3).tolist()
    ([True, True], [-60.0, 120.0])
    """
    problem = _cached_problem(robot, axes, tolerance, angle_tolerance, finish=1.0)
    restarts = checks.count(restarts, "restarts", 0, SEED_BANK_SIZE)
    rng = random_source(rng)
    targets = check_targets(targets, problem.rows)
    if targets.ndim != 3:
        raise ValidationError(f"targets must be a sequence of 4x4 transforms (N, 4, 4), got "
                              f"shape {targets.shape}")
    q0 = np.asarray(np.clip(robot.check_q(q0, "q0"), robot.limits[:, 0], robot.limits[:, 1]))
    last_good = attempt = q0.tolist()
    N = targets.shape[0]
    q_out = np.empty((N, robot.n))
    reachable = np.zeros(N, dtype=bool)
    position_out = np.empty(N)
    orientation_out = np.empty(N)
    previous_reached = True
    predicted = None
    for k in range(N):
        target = targets[k:k + 1]
        more = restarts if previous_reached else 0
        q, position_error, orientation_error, _ = _search(
            problem, target, np.array([attempt if predicted is None else predicted]),
            lambda _, target=target, previous=attempt, predicted=predicted, more=more:
                _path_restarts(robot, problem, target, previous, predicted, more, rng),
            _OnFloats, PATIENCE if previous_reached else UNREACHABLE_PATIENCE)
        attempt = q[0].tolist()
        position_error, orientation_error = float(position_error[0]), float(orientation_error[0])
        ok = bool(_within(problem, position_error, orientation_error))
        # The next point's first seed: the motion between two reached path points continued
        # (linear extrapolation), which leaves an error of second order in the step along a
        # smooth path. Not from q0 (the approach is no path step), and not when the joints
        # are redundant: a seed there is kept along the free directions, so the step's
        # component along them would repeat at every point (see the docstring).
        extrapolate = ok and k > 0 and reachable[k - 1] and not _redundant(problem)
        predicted = [_limit_scalar(problem, i, 2.0 * a - b)
                     for i, (a, b) in enumerate(zip(attempt, last_good,
                                                    strict=True))] if extrapolate else None
        if ok:
            last_good = attempt
        reachable[k], previous_reached = ok, ok
        q_out[k] = last_good
        position_out[k], orientation_out[k] = position_error, orientation_error
    return PathResult(q_out, reachable, position_out, orientation_out)


def _redundant(problem):
    """More joints than solved axes: the solutions of a target form a continuum."""
    return problem.n > len(problem.rows)


def _path_restarts(robot, problem, target, previous, predicted, restarts, rng):
    """The restarts of a path point ``(1, k, n)``: the previous point's outcome (when the
    first seed was the prediction), then the ``restarts`` bank seeds nearest the target."""
    plan = [] if predicted is None else [previous]
    if restarts:
        plan += _restart_seeds(robot, problem, target, [previous], True, restarts,
                               rng)[0].tolist()
    return np.array(plan, dtype=float).reshape(1, -1, problem.n)

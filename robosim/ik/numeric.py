"""Inverse kinematics for any arm: one solve loop, damped least squares, with the closed forms
as its first word where an arm has one.

The solver (:func:`solve`, :func:`solve_path`; :func:`robosim.ik.solve_all` lists every
solution) follows the shape of the Robotics Toolbox's ``IKSolver.solve``: one search loop
(:func:`_iterate`: the iteration of seeds; :func:`_search`: first seeds, then restarts in
rounds), and one method supplying its step (:meth:`_Problem.step`).

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

How the solver works
--------------------
Each iteration evaluates the forward kinematics and the geometric Jacobian in the same pass
(:mod:`robosim.kinematics.chain`, over the math namespace: Python floats for one target, ``(B,)``
arrays for many, from the same lines), scales position rows by ``1 / L`` (``L =
robot.length_scale``, so the result does not depend on the unit), and takes the damped
least-squares step (Wampler 1986; Nakamura and Hanafusa 1986)
``(J^T J + lambda I) dq = J^T e`` with Sugihara's damping ``lambda = g E + w``, ``E = |e|^2 /
2`` (T. Sugihara, "Solvability-unconcerned inverse kinematics by the Levenberg-Marquardt
method", IEEE Transactions on Robotics 27(5), 2011). Joints at a limit that the step pushes
further out are held; the others are brought inside their limits. A seed stops when its errors
are well within the tolerances, or when its error stops halving (a stall). Failed targets
restart from the robot's seed bank in rounds of growing size, nearest seeds first, so most pay
for a few restarts only. ``IKResult.reason`` says how each target ended.

Arms with a closed form give the loop its first seed: a 6-joint arm with a spherical wrist
solving the full pose, or a 3-joint arm solving a point, gets every solution from Pieper's
method (:mod:`robosim.ik.pieper`), another 6R arm from the general 6R solver where that is a
closed form (:mod:`robosim.ik.general`), and :func:`solve` returns the one nearest ``q0`` (or
home) inside the limits; the loop only finishes it where rounding left it outside the
tolerances, and searches as above when no solution lies inside the limits (the nearest error
is then reported).
"""

from __future__ import annotations

import math
import operator
import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, reduce

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..errors import ValidationError, ValidationTypeError, brief
from ..robot_files import MAX_LENGTH
from ..kinematics.chain import (Frame, Ops, chain_frames, frame_columns, frame_times,
                                jacobian_columns)
from ..kinematics import Robot, scaled_jacobian, transl
from ..kinematics.elementary import ArrayMath, FloatMath
from .turns import TURN, turned_inside
from .general import general_applies, general_closed_form, general_ik
from .pieper import JOINT_LIMIT, nearest_solution, pieper_applies

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

_AXIS_NAMES = ("x", "y", "z", "rx", "ry", "rz")
#: Words for sets of axes (any case, spaces around).
_NAMED = {"pose": (0, 1, 2, 3, 4, 5), "position": (0, 1, 2), "all": (0, 1, 2, 3, 4, 5)}

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
    if isinstance(axes, str):
        key = axes.strip().lower()
        if key in _NAMED:
            return _NAMED[key]
        text = re.sub(r"[\s,+]", "", key)
        rest = re.sub(r"^(?:r?[xyz])*", "", text)           # from where the axes stop
        if rest:
            raise ValidationError(f"axes: {rest!r} is not an axis; use 'pose', 'position' or "
                                  f"letters from x y z rx ry rz")
        tokens = re.findall(r"r?[xyz]", text)
    elif not isinstance(axes, (Sequence, np.ndarray)):
        raise ValidationTypeError(f"axes must be 'pose', 'position' or letters from x y z rx ry "
                                  f"rz, got {type(axes).__name__} {brief(axes)}")
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
    return _checked_targets(target, parse_axes(axes))[0]


def _checked_targets(target: ArrayLike,
                     rows: tuple[int, ...]) -> tuple[np.ndarray, Frame, Ops]:
    """:func:`check_targets`' work for the error ``rows``: the targets ``(..., 4, 4)``, their
    columns (:func:`robosim.kinematics.chain.frame_columns` of the flattened batch) and the
    namespace they are in (floats for one target, arrays for a batch)."""
    rotation_needed = rows[-1] >= 3
    if not rotation_needed:                        # positions (..., 3) are targets too
        target = checks.real_array(target, "target")
        if target.shape[-1:] == (3,):
            target = transl(target)
        elif target.shape[-2:] != (4, 4):
            raise ValidationError(f"target must be a 4x4 transform or a position x, y, z, got "
                                  f"shape {target.shape}")
    target = checks.transforms(target, "target")
    ops = ArrayMath if target.ndim > 2 else FloatMath
    goal = frame_columns(target.reshape(-1, 4, 4) if target.ndim > 2 else target)
    farthest = checks.largest_magnitude(goal[3], ops)
    if farthest > MAX_LENGTH:      # squared in the error: 1e300 overflowed (issue 14)
        raise ValidationError(f"target: a position coordinate of {farthest:g} is beyond "
                              f"+-{MAX_LENGTH:g}, farther than any robot file's lengths")
    if rotation_needed:
        checks.rotations(goal, ops, "target")
    return target, goal, ops


# ------------------------------------------------------------------------------ the step
def damped_least_squares(J: ArrayLike, e: ArrayLike, damping: ArrayLike) -> np.ndarray:
    """The damped least-squares step ``(J^T J + damping I) dq = J^T e`` (C. W. Wampler,
    "Manipulator inverse kinematic solutions based on vector formulations and damped
    least-squares methods", IEEE Trans. SMC 16(1), 1986; Y. Nakamura and H. Hanafusa, "Inverse
    kinematic solutions with singularity robustness for robot manipulator control", J. Dyn. Sys.
    Meas. Control 108(3), 1986): the step that minimises ``|J dq - e|^2 + damping |dq|^2``.

    Parameters
    ----------
    J : array_like, shape (..., m, n)
        The Jacobian (rows: the solved error components).
    e : array_like, shape (..., m)
        The error to remove.
    damping : float or array_like (...)
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
    A = Jt @ J + np.multiply.outer(np.asarray(damping, dtype=float), np.eye(J.shape[-1]))
    return np.linalg.solve(A, Jt @ e[..., None])[..., 0]


class _Problem:
    """The constant part of a solve: the robot, the solved error rows, scales and limits, and
    the method's step (:meth:`step`)."""

    def __init__(self, robot, rows, tolerance, angle_tolerance, finish=None):
        self.robot, self.chain, self.n, self.rows = robot, robot.chain, robot.n, rows
        self.scale = robot.length_scale
        self.limits, self.home = robot.limits, robot.home
        self.ranges = [(*joint.limits, joint.is_revolute) for joint in robot.joints]
        # Limits that can stop a joint (a revolute joint with a full turn of range wraps).
        self.blockable = [not turns or upper - lower < TURN for lower, upper, turns in self.ranges]
        # Position rows and prismatic columns are solved in units of L: the steps do not
        # depend on the unit.
        self.row_scales = [1.0 / self.scale if r < 3 else 1.0 for r in rows]
        self.column_scales = [1.0 if turns else self.scale for *_, turns in self.ranges]
        self.entry_scales = np.outer(self.column_scales, self.row_scales)     # of J^T's entries
        self.tool = None if np.array_equal(robot.tool, np.eye(4)) else robot.chain.tool
        self.tolerance, self.angle_tolerance = float(tolerance), float(angle_tolerance)
        self.finish = FINISH if finish is None else finish
        self.position_rows = [r for r in rows if r < 3]
        self.rotation_rows = [r for r in rows if r >= 3]
        # Pieper's closed form where it applies: six joints with a spherical wrist solving
        # the full pose, or three joints solving a point.
        self.closed_form = (rows == (0, 1, 2, 3, 4, 5)[:self.n] and self.n in (3, 6)
                            and pieper_applies(robot))
        # Every other 6R arm solving the full pose: the general 6R solver (robosim.ik.general)
        # for solve_all; for solve only where it is a closed form, faster than the search
        # (the elimination is not: benchmarks/bench_general_ik.py).
        self.general = (not self.closed_form and rows == (0, 1, 2, 3, 4, 5)
                        and general_applies(robot))
        self.general_solve = self.general and general_closed_form(robot)

    @cached_property
    def idle(self):
        """Joints that never move the solved components, ``(n,)`` bool: e.g. a Lynx6's wrist
        rotate when only the position is solved (its axis passes through the tool point).

        Found on the seed bank: the joint's column of the selected Jacobian rows (scaled as
        the solver scales them) vanishes at every bank configuration. Seeds from the bank keep
        such joints at the first seed's value (home by default), so a solution does not carry
        a random value of a joint the target does not ask for.
        """
        J = scaled_jacobian(self.robot, _seed_bank(self.robot, None)[0], self.rows)
        return np.all(np.abs(J) < IDLE_COLUMN, axis=(0, 1))

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
        orientation_error = _norm(error, self.rotation_rows, ops) if self.rotation_rows else none
        return P, error, position_error, orientation_error

    def step(self, q, frames, P, error, ops):
        """The damped least-squares step at ``q`` (n joint values, floats or ``(B,)`` arrays)
        from its ``frames`` (:func:`robosim.kinematics.chain.chain_frames`, all of them), the
        end effector's position ``P`` and the ``error`` of :meth:`pose_errors`: n joint
        increments.

        ``(J^T J + lambda I) dq = J^T e`` on the selected rows (position rows over ``L``,
        prismatic columns times ``L``), with Sugihara's damping ``lambda = g E + w``, ``E =
        |e|^2 / 2``. A joint at a limit that the step pushes further out is held (an active
        set): solved again without it, the other joints make the whole correction instead of
        the part that projection would leave. The step is then shrunk so that no joint moves
        more than :data:`MAX_STEP`.
        """
        columns = jacobian_columns(self.chain, [frame[2:] for frame in frames], P)
        J_T = ops.stack([column[r] for column in columns for r in self.rows])
        J = np.swapaxes(J_T.reshape(-1, self.n, len(self.rows)) * self.entry_scales, 1, 2)
        e = [error[r] * scale for r, scale in zip(self.rows, self.row_scales, strict=True)]
        damping = DAMPING_GAIN * 0.5 * _norm(e, range(len(e)), ops) ** 2 + DAMPING_BIAS
        e = ops.stack(e)
        step = ops.unstack(damped_least_squares(J, e, damping))
        blocked = [stops & (((value <= lower) & (change < 0)) | ((value >= upper) & (change > 0)))
                   for value, change, (lower, upper, _), stops in zip(q, step, self.ranges,
                                                                      self.blockable, strict=True)]
        if ops.batch_any(reduce(operator.or_, blocked)):          # any joint held
            held = ops.stack(blocked).astype(bool)
            step = ops.unstack(np.where(held, 0.0, damped_least_squares(J * ~held[:, None, :], e,
                                                                        damping)))
        largest = 1.0                   # in radians, or fractions of L: the step's own units
        for change in step:
            largest = ops.maximum(largest, ops.absolute(change) / MAX_STEP)
        return [change * scale / largest for change, scale in zip(step, self.column_scales,
                                                                   strict=True)]

    def limit(self, q, ops):
        """Joint values ``q`` (floats or ``(B,)`` arrays) brought inside the limits: turned by
        2 pi where that fits, else clipped."""
        inside = []
        for value, (lower, upper, turns) in zip(q, self.ranges, strict=True):
            inside_limits = (lower <= value) & (value <= upper)
            if not ops.batch_all(inside_limits):
                if turns:
                    wrapped = value - ops.where(value > upper, TURN, -TURN)
                    fits = (lower <= wrapped) & (wrapped <= upper)
                    value = ops.where(inside_limits, value, ops.where(fits, wrapped, value))
                value = ops.clip(value, lower, upper)
            inside.append(value)
        return inside


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


def _within(problem, position_error, orientation_error, factor=1.0):
    """Errors within ``factor`` times the tolerances: a bool, or ``(B,)`` bools."""
    return ((position_error <= problem.tolerance * factor)
            & (orientation_error <= problem.angle_tolerance * factor))


def _cost(problem, position_error, orientation_error):
    """The errors as one number: each over its tolerance, summed."""
    return position_error / problem.tolerance + orientation_error / problem.angle_tolerance


# ------------------------------------------------------------------------- the loop
def _iterate(problem, target, seeds, ops, patience=PATIENCE):
    """The solve loop: damped least squares from each seed ``(B, n)`` towards its target
    ``(B, 4, 4)``, on Python floats (``ops = FloatMath``, one seed) or on ``(B,)`` arrays
    (``ArrayMath``), from the same lines.

    Each iteration evaluates the forward kinematics and the errors, keeps the best
    configuration seen, and stops a seed when its errors are ``problem.finish`` times the
    tolerances or when its cost has not fallen by :data:`PROGRESS` for ``patience`` iterations
    (a stall at a local minimum, at the edge of the workspace, or at the limit of floating
    point); the others take the method's step (:meth:`_Problem.step`) and are brought inside
    their limits. The rows of a batch leave it as they stop.

    Returns
    -------
    ndarray, shape (B, n + 3)
        Per seed, the best configuration, its position and orientation errors and the
        iterations spent (:func:`_run` splits them).
    """
    n = problem.n
    outcome = np.empty((len(seeds), n + 3))     # per seed: q, its two errors, the iterations
    rows = np.arange(len(seeds))                                  # the seeds still iterating
    goal, q = frame_columns(target if ops is ArrayMath else target[0]), ops.unstack(seeds)
    best, best_cost = [*q, math.inf, math.inf], math.inf        # q and its two errors, its cost
    reference, since_progress = math.inf, 0
    for iteration in range(MAX_ITERATIONS + 1):
        frames = chain_frames(problem.chain, q, ops, keep_all=True)
        P, error, position_error, orientation_error = problem.pose_errors(frames[-1], goal, ops)
        # The best configuration seen and its errors (the first one even at an infinite cost).
        cost = _cost(problem, position_error, orientation_error)
        better = (cost < best_cost) | (iteration == 0)
        best = [ops.where(better, new, old)
                for new, old in zip([*q, position_error, orientation_error], best, strict=True)]
        best_cost = ops.where(better, cost, best_cost)
        # Progress is the cost falling below PROGRESS times its value at the last progress.
        progress = cost < PROGRESS * reference
        reference = ops.where(progress, cost, reference)
        since_progress = ops.where(progress, 0, since_progress + 1)
        done = (_within(problem, position_error, orientation_error, problem.finish)
                | (since_progress >= patience) | (iteration == MAX_ITERATIONS))
        stopping = ops.batch_any(done)
        if stopping:
            stopped = np.flatnonzero(done)
            outcome[rows[stopped]] = ops.stack([*best, min(iteration + 1, MAX_ITERATIONS)])[stopped]
            if stopped.size == rows.size:
                break
        step = problem.step(q, frames, P, error, ops)
        q = problem.limit([value + change for value, change in zip(q, step, strict=True)], ops)
        if stopping:                                      # the stopped rows leave the batch
            going = ~done
            rows, reference, since_progress = rows[going], reference[going], since_progress[going]
            q, best = [value[going] for value in q], [value[going] for value in best]
            best_cost = best_cost[going]
            target = target[going]
            goal = frame_columns(target)
    return outcome


def _run(problem, target, seeds, ops, patience=PATIENCE):
    """:func:`_iterate` on the seeds ``(B, n)``: all at once on arrays, one after another on
    floats. Returns ``(q, position_error, orientation_error, iterations)``, per seed the best
    configuration ``(B, n)``, its errors ``(B,)`` and the iterations spent ``(B,)``."""
    if ops is ArrayMath or len(seeds) == 1:
        outcome = _iterate(problem, target, seeds, ops, patience)
    else:
        outcome = np.concatenate([_iterate(problem, target[k:k + 1], seeds[k:k + 1], ops,
                                           patience) for k in range(len(seeds))])
    n = problem.n
    return outcome[:, :n], outcome[:, n], outcome[:, n + 1], outcome[:, n + 2].astype(int)


def _round_ends(count, ops):
    """Ends of the restart rounds up to ``count``: on floats one seed a round (the first that
    reaches the target ends the search); on arrays 4, 12, 28, ... (doubling), nearest seeds
    first, so that most failed targets are solved by one of the first few, and only the rest
    pay for more."""
    stop, size, growth = (0, 1, 1) if ops is FloatMath else (0, 4, 2)
    while stop < count:
        stop, size = min(count, stop + size), size * growth
        yield stop


def _search(problem, target, first, restarts, ops, patience=PATIENCE):
    """Targets ``(B, 4, 4)`` from the seeds ``first`` ``(B, n)``, then, for those not reached,
    from their restarts in rounds (:func:`_round_ends`).

    ``restarts(rows)`` gives the restart seeds ``(R, k, n)`` of the targets ``rows`` ``(R,)``,
    nearest first; it is called only when some target is not reached from its first seed.
    Returns :func:`_iterate`'s outcome per target: the first restart (in order) that reaches
    it, else the best.
    """
    q, position_error, orientation_error, iterations = _run(problem, target, first, ops, patience)
    failed = np.flatnonzero(~_within(problem, position_error, orientation_error))
    if failed.size == 0:
        return q, position_error, orientation_error, iterations
    plan = restarts(failed)
    start = 0
    for stop in _round_ends(plan.shape[1], ops):
        still = ~_within(problem, position_error[failed], orientation_error[failed])
        if not still.any():
            break
        rows, seeds = failed[still], plan[still, start:stop]
        count, tries = seeds.shape[:2]
        retry = _run(problem, target[np.repeat(rows, tries)], seeds.reshape(-1, problem.n), ops,
                     patience)
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


# ------------------------------------------------------------------------- the seeds
#: Size of a robot's seed bank: configurations whose poses are computed once per robot.
SEED_BANK_SIZE = 512
_seed_banks: weakref.WeakKeyDictionary[Robot, tuple[np.ndarray, np.ndarray]] = \
    weakref.WeakKeyDictionary()
_problems: weakref.WeakKeyDictionary[Robot, dict[tuple, _Problem]] = weakref.WeakKeyDictionary()


def _cached_problem(robot, axes, tolerance, angle_tolerance, finish=None):
    """The (cached) constant part of a solve for ``robot``; the tolerances checked here."""
    per_robot = _problems.setdefault(robot, {})
    given = ((axes, tolerance, angle_tolerance, finish)
             if type(axes) is str and type(tolerance) is type(angle_tolerance) is float
             else None)
    if given in per_robot:                  # these very arguments were checked before
        return per_robot[given]
    tolerance = checks.positive(tolerance, "tolerance")
    angle_tolerance = checks.positive(angle_tolerance, "angle_tolerance")
    key = (parse_axes(axes), tolerance, angle_tolerance, finish)
    if key not in per_robot:
        per_robot[key] = _Problem(robot, *key)
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
    distance = np.sqrt(np.maximum(squared, 0.0)) / problem.scale
    if problem.rotation_rows:
        trace = target[:, :3, :3].reshape(-1, 9) @ poses[:, :3, :3].reshape(-1, 9).T
        distance = distance + np.sqrt(np.maximum(3.0 - trace, 0.0))
    count = min(count, q_bank.shape[0])
    if count < q_bank.shape[0]:
        nearest = np.argpartition(distance, count - 1, axis=1)[:, :count]
        order = np.take_along_axis(distance, nearest, axis=1).argsort(axis=1, kind="stable")
        return np.take_along_axis(nearest, order, axis=1)
    return distance.argsort(axis=1, kind="stable")


def _first_seeds(robot, problem, target, q0, rng):
    """The first seed of each target ``(B, 4, 4)``: ``q0`` (checked, inside the limits:
    ``(n,)`` or ``(B, n)``) when given, else the bank entry whose pose is nearest. ``(B, n)``."""
    if q0 is not None:
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
        skip = 0 if q0_given else 1
        bank = _seed_bank(robot, rng)
        restarts = bank[0][_nearest_seeds(problem, bank, target, int(seeds) + skip)[:, skip:]]
        restarts[:, :, problem.idle] = np.asarray(first)[:, None, problem.idle]
        return restarts
    explicit = np.atleast_2d(robot.check_q(seeds, "seeds"))
    explicit = np.clip(explicit, robot.limits[:, 0], robot.limits[:, 1])
    return np.broadcast_to(explicit, (target.shape[0],) + explicit.shape)


# ---------------------------------------------------------------------------------- API
def solve(robot: Robot, target: ArrayLike, q0: ArrayLike | None = None, *, axes: Axes = "pose",
          seeds: int | ArrayLike = 60, rng: np.random.Generator | int | None = None,
          tolerance: float = POSITION_TOLERANCE,
          angle_tolerance: float = ANGLE_TOLERANCE) -> IKResult:
    """Joint values that put the end effector at ``target``: for any robot.

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
    checked, goal, ops = _checked_targets(target, problem.rows)
    batch = checked.shape[:-2]
    targets = checked.reshape(-1, 4, 4)
    count = len(targets)
    start = None                      # q0, one row per target, inside the limits
    if q0 is not None:
        start = checks.broadcast_batch(robot.check_q(q0, "q0"), batch, "q0", "target")
        start = np.clip(start.reshape(-1, robot.n), robot.limits[:, 0], robot.limits[:, 1])
    if problem.closed_form or problem.general_solve:
        # The closed form's solution nearest q0 (or home) inside the limits, where there is one.
        reference = problem.home[None].repeat(count, axis=0) if start is None else start
        q, found, closed_reason = _closed_form(problem, targets, goal, reference, ops)
        frame = chain_frames(problem.chain, q, ops)[-1]
        _, _, position_error, orientation_error = problem.pose_errors(frame, goal, ops)
        success = found & _within(problem, position_error, orientation_error)
        if ops.batch_all(success):                      # each target reached as it is
            return _result(batch, ops.stack(q), success, position_error, orientation_error, 1,
                           _reasons(problem, None, success, closed_reason))
        first, found = ops.stack(q), np.full(count, found)
        position_error, orientation_error = ops.stack([position_error, orientation_error]).T
        success, closed_reason = np.full(count, success), np.full(count, closed_reason, object)
    else:
        first, found = np.empty((count, robot.n)), np.zeros(count, dtype=bool)
        position_error, orientation_error = np.full(count, np.inf), np.full(count, np.inf)
        success, closed_reason = found, np.full(count, "", dtype=object)
    # The loop finishes the closed form's solutions that rounding left outside the
    # tolerances, and searches from the seed bank where there is none.
    q, iterations, rest = first.copy(), np.ones(count, dtype=int), np.flatnonzero(~success)
    if not found.all():
        first[~found] = _first_seeds(robot, problem, targets[~found],
                                     None if start is None else start[~found], rng)
    targets, first = targets[rest], first[rest]
    q[rest], position_error[rest], orientation_error[rest], iterations[rest] = _search(
        problem, targets, first, lambda failed: _restart_seeds(
            robot, problem, targets[failed], first[failed], start is not None, seeds, rng), ops)
    success = _within(problem, position_error, orientation_error)
    return _result(batch, q, success, position_error, orientation_error, iterations,
                   _reasons(problem, q, success, closed_reason))


def _result(batch, q, success, position_error, orientation_error, iterations, reason):
    """The :class:`IKResult` of targets of the batch shape ``batch`` from ``q`` ``(B, n)`` and
    the other entries per target (``(B,)`` arrays, or one value for all): numpy scalars for one
    target (``batch = ()``)."""
    if not batch:
        return IKResult(q[0], np.bool_(_one(success)), np.float64(_one(position_error)),
                        np.float64(_one(orientation_error)), np.int64(_one(iterations)),
                        reason[0])
    def per_target(value):
        return value.reshape(batch) if np.ndim(value) else np.full(batch, value)
    return IKResult(q.reshape(batch + q.shape[1:]), per_target(success),
                    per_target(position_error), per_target(orientation_error),
                    per_target(iterations), np.array(reason, dtype=object).reshape(batch))


def _listed(value):
    """``value`` as a list: an array's entries, or the one value."""
    return value.tolist() if isinstance(value, np.ndarray) else [value]


def _one(value):
    """The one entry of ``value``, a value or an array holding one."""
    return value.item() if isinstance(value, np.ndarray) else value


def _closed_form(problem, targets, goal, reference, ops):
    """Per target ``(B, 4, 4)`` (columns ``goal``), the closed form's solution nearest
    ``reference`` ``(B, n)`` inside the limits: Pieper's method
    (:func:`robosim.ik.pieper.nearest_solution`), or, for another 6R arm, the general 6R
    solver (:func:`robosim.ik.general.general_ik`).

    Returns ``(q, found, reason)``, in ``ops``' kind (floats for one target, ``(B,)`` arrays
    for many): ``q`` n joint values (``reference`` where none is found), whether one is found,
    and the closed form's word on each target (the solution's free joint at a singularity; why
    there is none: :attr:`robosim.ik.PieperSolutions.reason`, or "joint limit" where solutions
    exist outside the limits only).
    """
    robot = problem.robot
    if not problem.general:
        return nearest_solution(robot, goal, ops.unstack(reference), ops)
    solutions = general_ik(robot, targets, tolerance=problem.tolerance,
                           angle_tolerance=problem.angle_tolerance)
    turned, inside = turned_inside(robot, solutions.q, reference[:, None, :])
    usable = solutions.valid & inside
    weights = np.where(robot.revolute, 1.0, 1.0 / problem.scale)
    distance = np.where(usable, (np.abs(turned - reference[:, None, :]) * weights).sum(axis=2),
                        np.inf)
    found = usable.any(axis=1)
    q = np.where(found[:, None], turned[np.arange(len(targets)), distance.argmin(axis=1)],
                 reference)
    # The general solver's word on a target it could not certify is not the search's.
    reason = np.where(solutions.valid.any(axis=1) & ~found, JOINT_LIMIT,
                      np.where(solutions.complete, solutions.reason, ""))
    return ops.unstack(q), found, reason.astype(object)


def _reasons(problem, q, success, closed_reason):
    """Why each target ended as it did, in words (see :attr:`IKResult.reason`): the closed
    form's note on it, else, for a failure, where the search stalled at ``q`` ``(B, n)``.
    ``success`` and ``closed_reason``: ``(B,)`` arrays, or a bool and a word (one target).
    Returns a list of B words."""
    reason = [(f"{CONVERGED} ({note})" if note else CONVERGED) if ok
              else f"{NOT_REACHED}: {note}" if note else None
              for ok, note in zip(_listed(success), _listed(closed_reason), strict=True)]
    stalled = [k for k, word in enumerate(reason) if word is None]
    if stalled:
        for k, cause in zip(stalled, _stall_causes(problem, q[stalled]), strict=True):
            reason[k] = f"{NOT_REACHED}: {cause}"
    return reason


def _stall_causes(problem, q):
    """Where the search stalled for configurations ``q`` ``(F, n)``: at a joint limit (a joint
    that can stop there), at a singularity (the edge of the workspace, or an aligned pair of
    axes), else at a local minimum of the error: a list of words."""
    to_limit = np.abs(q[:, :, None] - problem.limits).min(axis=2)      # to the nearer limit
    at_limit = np.any(np.array(problem.blockable) & (to_limit < 1e-9), axis=1)
    values = np.linalg.svd(scaled_jacobian(problem.robot, q, problem.rows), compute_uv=False)
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
    targets = _checked_targets(targets, problem.rows)[0]
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
    predicted = None
    for k in range(N):
        target = targets[k:k + 1]
        previous_reached = k == 0 or reachable[k - 1]
        more = restarts if previous_reached else 0
        q, position_error, orientation_error, _ = _search(
            problem, target, np.array([attempt if predicted is None else predicted]),
            lambda _, target=target, previous=attempt, predicted=predicted, more=more:
                _path_restarts(robot, problem, target, previous, predicted, more, rng),
            FloatMath, PATIENCE if previous_reached else UNREACHABLE_PATIENCE)
        attempt = q[0].tolist()
        position_error, orientation_error = float(position_error[0]), float(orientation_error[0])
        reachable[k] = ok = bool(_within(problem, position_error, orientation_error))
        # The next point's first seed: the motion between two reached path points continued
        # (linear extrapolation), which leaves an error of second order in the step along a
        # smooth path. Not from q0 (the approach is no path step), and not when the joints
        # are redundant: a seed there is kept along the free directions, so the step's
        # component along them would repeat at every point (see the docstring).
        extrapolate = ok and k > 0 and reachable[k - 1] and problem.n <= len(problem.rows)
        predicted = problem.limit([2.0 * a - b for a, b in zip(attempt, last_good, strict=True)],
                                  FloatMath) if extrapolate else None
        if ok:
            last_good = attempt
        q_out[k] = last_good
        position_out[k], orientation_out[k] = position_error, orientation_error
    return PathResult(q_out, reachable, position_out, orientation_out)


def _path_restarts(robot, problem, target, previous, predicted, restarts, rng):
    """The restarts of a path point ``(1, k, n)``: the previous point's outcome (when the
    first seed was the prediction), then the ``restarts`` bank seeds nearest the target."""
    plan = [] if predicted is None else [previous]
    if restarts:
        plan += _restart_seeds(robot, problem, target, [previous], True, restarts,
                               rng)[0].tolist()
    return np.array(plan, dtype=float).reshape(1, -1, problem.n)

"""Self-motion: the joints of a redundant arm moving while its tool stays where it is.

An arm with more joints than its tool needs (the Panda's 7 for a pose's 6 coordinates) reaches
a pose in a continuum of configurations: a curve for one extra joint, a surface for two... Along
it the elbow swings while the hand stays still. :func:`self_motion` follows that curve by
*continuation* (Allgower and Georg, *Introduction to Numerical Continuation Methods*, 2003,
chapter 2: the predictor-corrector method): each step

1. *predicts* along the tangent, a unit direction of the Jacobian's null space
   (:meth:`robosim.Robot.null_space`), kept continuous from step to step: the SVD gives each
   direction with an arbitrary sign (and, with more than one extra joint, an arbitrary basis),
   so the new tangent is the previous one projected onto the new null space;
2. *corrects* the predicted configuration back onto the start pose by Newton steps on the
   whole pose: :func:`robosim.ik.solve` from the predicted configuration, to
   :data:`~robosim.ik.POSITION_TOLERANCE` and :data:`~robosim.ik.ANGLE_TOLERANCE` (1e-9), with
   no restarts (a correction that jumps elsewhere is no continuation, and is refused).

It stops at a joint limit (after shortened steps that end on the limit), before a
configuration that collides (with a :class:`robosim.collision.Checker`; a start in collision
goes on until it is clear), or where the pose
cannot be held (a singular configuration), and says which in :attr:`SelfMotion.reason`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..collision import Checker
from ..errors import ValidationError, ValidationTypeError, brief
from ..kinematics import HELD_ROWS, Robot
from .numeric import solve

__all__ = ["SelfMotion", "self_motion", "PREDICTOR_STEP", "MAX_SELF_MOTION_STEPS"]

#: The longest predictor step (radians of joint-space arc length): a step of the path longer
#: than this is made of several, which are not returned. The correction then starts within
#: about ``PREDICTOR_STEP ** 2`` of the curve and needs two or three Newton steps. Measured on
#: the Panda with its collision checker, 6 degrees of self-motion (best of 5): 5.9 ms in steps
#: of 1 degree, 3.1 ms in steps of 2, 3.7 ms in steps of 3 (each correction needs more Newton
#: steps).
PREDICTOR_STEP = math.radians(2.0)
#: The most steps one call takes (a path of ``steps + 1`` configurations).
MAX_SELF_MOTION_STEPS = 100_000
#: A corrected configuration farther than this many predictor steps from the predicted one has
#: left the curve (the Newton steps found another branch of the pose): the motion stops.
LEFT_THE_CURVE = 0.5
#: A joint this near its limit along the tangent (radians or length unit of arc length) has
#: reached it: the motion stops there. A shortened step aimed at the limit ends about
#: ``step ** 2`` short of it (the correction pulls it back onto the curve), and the next, that
#: much shorter, ends nearer: two or three such steps reach this.
AT_LIMIT = 1e-9


@dataclass(frozen=True)
class SelfMotion:
    """The outcome of :func:`self_motion`.

    Attributes
    ----------
    q : ndarray, shape (steps + 1, n) or (..., steps + 1, n)
        The path: the start, then the configuration every ``distance / steps`` of joint-space
        arc length, each holding the start pose. Where the motion stopped early,
        ``q[stopped_at]`` is where it stopped and the rows after it repeat it.
    stopped_at : int or ndarray of int, shape (...)
        The index of the last configuration reached: ``steps`` when the whole distance was
        covered.
    distance : float or ndarray, shape (...)
        The arc length covered (radians for revolute joints), signed as the ``distance`` asked.
    reason : str or ndarray of str (object), shape (...)
        ``"moved 1.571 rad holding the pose"``, or why it stopped: ``"joint 4 (elbow) reached
        its upper limit (-4.01 deg)"``, ``"a step further collides: link 5 hits box 1"``,
        ``"the pose cannot be held further (a singular configuration)"``.
    """

    q: np.ndarray
    stopped_at: np.ndarray | int
    distance: np.ndarray | float
    reason: np.ndarray | str


def self_motion(robot: Robot, q: ArrayLike, distance: float, steps: int = 90, *,
                column: int = 0, toward: ArrayLike | None = None, axes: str = "pose",
                checker: Checker | None = None) -> SelfMotion:
    """The joint values along the self-motion through ``q``: the tool pose held, the joints
    moving along the Jacobian's null space, ``distance`` of joint-space arc length in
    ``steps`` steps (the module docstring says how).

    Parameters
    ----------
    robot : Robot
        An arm with more joints than ``axes`` holds (at least one null-space direction:
        :meth:`robosim.Robot.null_space`).
    q : array_like, shape (n,) or (..., n)
        Start configuration(s), inside the limits (radians, length unit). A batch follows
        each start's own curve, in one pass.
    distance : float
        Joint-space arc length to cover (radians; a prismatic joint counts in its length
        unit). Positive along the start direction, negative the other way.
    steps : int
        Configurations returned after the start (at least 1): one every ``distance /
        steps``; each is made of predictor steps of at most :data:`PREDICTOR_STEP`.
    column : int
        Which null-space direction to start along (:meth:`robosim.Robot.null_space`'s
        column; 0, the only one, for the Panda holding its pose).
    toward : array_like, shape (n,) or (..., n), optional
        Start along this joint-space direction projected onto the null space instead (e.g.
        the last step of a previous self-motion, to continue it); ``column`` is then not used.
    axes : {"pose", "position"}
        Hold the tool's whole pose, or only the position of its point.
    checker : robosim.collision.Checker, optional
        Stop before a configuration that collides (the robot's own links and the checker's
        scene) where the one before did not: from a start in collision the motion goes on
        until it is clear (the simulator's arm may start folded into itself), then stops
        before the next. None: joint limits only.

    Returns
    -------
    SelfMotion
        ``q`` ``(..., steps + 1, n)``, where it stopped and why. The rows are
        ``distance / steps`` apart along the curve, to within the curve's bend over one
        predictor step (about ``PREDICTOR_STEP ** 3``), but for steps shortened to end on a
        joint limit (where the motion stops, unless the curve turns away from it).

    Raises
    ------
    ValidationError
        A start outside the limits, an arm without self-motion for ``axes``, a column it does
        not have, a ``toward`` across the null space, or a distance or step count out of range.

    Examples
    --------
    The planar arm of three 1 m links of :meth:`robosim.Robot.null_space`'s example, holding
    its tip at ``(2, 1)`` from ``q = (0, 0, 90)`` degrees. Its null space there is
    ``(-1, 2, -1) / sqrt(6)``, so the first step of 1 degree turns the elbow by about
    ``2 / sqrt(6) = 0.816`` degrees and shoulder and wrist back by 0.408:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> motion = self_motion(arm, np.radians([0.0, 0.0, 90.0]), np.radians(30), steps=30,
    ...                      axes="position")
    >>> np.degrees(motion.q[1]).round(2).tolist()
    [-0.41, 0.82, 89.59]
    >>> tips = arm.fk(motion.q)[:, :2, 3]
    >>> float(np.abs(tips - [2.0, 1.0]).max()) < 1e-9, motion.reason
    (True, 'moved 0.5236 rad holding the position')

    Joint 2 limited to 10 degrees: the elbow stops there, and says so.

    >>> limited = arm.with_limits(np.radians([[-180, 180], [-10, 10], [-180, 180]]))
    >>> stopped = self_motion(limited, np.radians([0.0, 0.0, 90.0]), np.radians(30),
    ...                       steps=30, axes="position")
    >>> round(float(np.degrees(stopped.q[stopped.stopped_at, 1])), 6), stopped.reason
    (10.0, 'joint 2 reached its upper limit (10 deg)')
    """
    start = robot.check_q(q, "q")
    batch = start.shape[:-1]
    starts = start.reshape(-1, robot.n)
    for row in starts:
        robot.check_within_limits(row, "start")
    distance = checks.finite(distance, "distance")
    steps = checks.count(steps, "steps", 1, MAX_SELF_MOTION_STEPS)
    checks.batch_count(len(starts) * (steps + 1), "configurations of the path", robot.n)
    rows = checks.choice(axes, "axes", tuple(HELD_ROWS))
    if checker is not None and not isinstance(checker, Checker):
        raise ValidationTypeError(f"checker must be a robosim.collision.Checker or None, got "
                                  f"{type(checker).__name__} {brief(checker)}")
    tangent = _first_tangents(robot, starts, column, toward, rows) * math.copysign(1.0, distance)
    walk = _Walk(robot, rows, checker, starts, tangent)
    path = np.repeat(starts[:, None], steps + 1, axis=1)
    reason = np.full(len(starts), f"moved {abs(distance):.4g} rad holding the {rows}",
                     dtype=object)
    covered = np.zeros(len(starts))
    last_moved = np.zeros(len(starts), dtype=int)      # the path's row of each last move
    predictor_steps = max(1, math.ceil(abs(distance) / steps / PREDICTOR_STEP))
    length = abs(distance) / steps / predictor_steps
    for k in range(1, steps + 1):
        for _ in range(predictor_steps):
            if not walk.moving.any():
                break
            advanced, ends = walk.step(length)
            covered += advanced
            last_moved[advanced > 0.0] = k
            for i, why in ends.items():
                reason[i] = why
        path[:, k] = walk.q
    stopped_at = np.where(walk.moving, steps, last_moved)
    signed = math.copysign(1.0, distance) * covered
    if not batch:
        return SelfMotion(path[0], int(stopped_at[0]), float(signed[0]), str(reason[0]))
    return SelfMotion(path.reshape(batch + path.shape[1:]), stopped_at.reshape(batch),
                      signed.reshape(batch), reason.reshape(batch))


def _first_tangents(robot, starts, column, toward, rows):
    """The unit tangents ``(B, n)`` the motion starts along: the null space's ``column``, or
    ``toward`` projected onto it."""
    N = _null_spaces(robot, starts, rows)
    size = N.shape[-1]
    if size == 0:
        raise ValidationError(f"{robot.name} has no self-motion holding its {rows}: "
                              f"{robot.n} joints, none left over (its Jacobian has no null "
                              f"space)")
    if toward is None:
        return N[..., checks.count(column, "column", 0, size - 1)]
    direction = checks.broadcast_batch(robot.check_q(toward, "toward"), starts.shape[:-1],
                                       "toward", "q")
    projected = _projected(N, direction)
    norm = np.linalg.norm(projected, axis=-1)
    if np.any(norm <= 1e-6 * np.linalg.norm(direction, axis=-1)):
        raise ValidationError("toward is across the null space: it has no component along "
                              "the self-motion to follow")
    return projected / norm[:, None]


def _null_spaces(robot, q, rows):
    """:meth:`robosim.Robot.null_space` of ``q`` ``(B, n)``: ``(B, n, k)``. One configuration
    goes as one, on the kinematics' Python floats (1.2 ms as a batch of one, 0.05 ms so)."""
    return robot.null_space(q[0], rows)[None] if len(q) == 1 else robot.null_space(q, rows)


def _projected(N, direction):
    """``N N^T direction``: ``direction`` ``(B, n)`` projected onto the null spaces ``N``."""
    return np.einsum("bij,bj->bi", N, np.einsum("bji,bj->bi", N, direction))


class _Walk:
    """The starts' walk along their curves: where each is (``q`` ``(B, n)``), its unit
    ``tangent``, whether it is still ``moving`` and whether it is ``colliding`` (from a start
    in collision, until it is clear)."""

    def __init__(self, robot, rows, checker, starts, tangent):
        self.robot, self.rows, self.checker = robot, rows, checker
        self.targets = robot.fk(starts)
        self.q, self.tangent = starts.copy(), tangent
        self.moving = np.ones(len(starts), dtype=bool)
        self.colliding = (np.zeros(len(starts), dtype=bool) if checker is None
                          else self._check(starts)[0])

    def step(self, length):
        """One predictor-corrector step of ``length`` (arc length) of the moving starts.
        Returns the arc length each moved ``(B,)`` and, by index, the reasons of those that
        stop."""
        robot, index = self.robot, np.flatnonzero(self.moving)
        q, d = self.q[index], self.tangent[index]
        low, high = robot.limits.T
        # The arc length to the nearest limit along the tangent: a shortened step ends there.
        with np.errstate(divide="ignore", invalid="ignore"):
            room = np.where(d > 0.0, (high - q) / d, np.where(d < 0.0, (low - q) / d, np.inf))
        blocking = room.argmin(axis=1)
        nearest = room[np.arange(len(index)), blocking]
        fraction = np.where(nearest > AT_LIMIT, np.clip(nearest / length, 0.0, 1.0), 0.0)
        predicted = q + (fraction * length)[:, None] * d
        corrected, held = _corrected(robot, self.targets[index], predicted, self.rows)
        held &= np.linalg.norm(corrected - predicted, axis=1) <= LEFT_THE_CURVE * length
        held &= robot.within_limits(corrected) & (fraction > 0.0)
        hits = self._new_collisions(index, corrected, held)
        ends = {}
        for j, i in enumerate(index.tolist()):
            if j in hits:
                ends[i] = f"a step further collides: {hits[j]}"
            elif fraction[j] == 0.0 or (not held[j] and fraction[j] < 1.0):
                ends[i] = _limit_reason(robot, int(blocking[j]), bool(d[j, blocking[j]] > 0.0))
            elif not held[j]:
                ends[i] = "the pose cannot be held further (a singular configuration)"
        self.moving[list(ends)] = False
        moved = index[held]
        self.q[moved] = corrected[held]
        self.tangent[moved] = _continued(robot, corrected[held], d[held], self.rows)
        advanced = np.zeros(len(self.q))
        advanced[moved] = fraction[held] * length
        return advanced, ends

    def _new_collisions(self, index, corrected, held):
        """What the configurations ``corrected`` of the starts ``index`` hit where they were
        clear before, by position in ``index``; those are no longer ``held``."""
        if self.checker is None or not held.any():
            return {}
        checked = np.flatnonzero(held)
        collides, hit = self._check(corrected[checked])
        hits = {}
        for at, j in enumerate(checked.tolist()):
            if collides[at] and not self.colliding[index[j]]:
                hits[j], held[j] = hit(at), False
            else:
                self.colliding[index[j]] = bool(collides[at])
        return hits

    def _check(self, q):
        """Whether each configuration of ``q`` ``(b, n)`` collides ``(b,)``, and what the
        ``k``-th hits in words (``hit(k)``). One configuration is checked on the checker's
        Python floats: 0.15 ms for the Panda, 0.29 ms as a batch of one."""
        one = len(q) == 1
        found = self.checker.check(q[0] if one else q)
        return (np.atleast_1d(found.collides),
                lambda k: found.describe(() if one else k)[len("collision: "):])


def _corrected(robot, targets, predicted, rows):
    """Newton steps from ``predicted`` ``(B, n)`` back onto ``targets`` ``(B, 4, 4)``:
    :func:`robosim.ik.solve` without restarts. Returns the configurations and whether each
    holds its target."""
    if len(predicted) == 1:                           # one start: solve's path for one target
        result = solve(robot, targets[0], predicted[0], axes=rows, seeds=0)
        return result.q[None], np.atleast_1d(result.success)
    result = solve(robot, targets, predicted, axes=rows, seeds=0)
    return result.q, np.asarray(result.success)


def _continued(robot, q, previous, rows):
    """The unit tangents at ``q`` ``(B, n)``: the previous ones projected onto the new null
    spaces, so the motion goes on the way it went (the SVD's signs and bases are arbitrary)."""
    if not len(q):
        return previous
    projected = _projected(_null_spaces(robot, q, rows), previous)
    return projected / np.linalg.norm(projected, axis=-1, keepdims=True)


def _limit_reason(robot, joint, upper):
    """``"joint 4 (name) reached its upper limit (-4.01 deg)"``."""
    name = robot.joints[joint].name
    value = robot.q_to_user(robot.limits[:, 1 if upper else 0])[joint]
    unit = "deg" if robot.joints[joint].is_revolute else robot.unit
    return (f"joint {joint + 1}{f' ({name})' if name else ''} reached its "
            f"{'upper' if upper else 'lower'} limit ({value:.4g} {unit})")

"""Every solution of one target: :func:`solve_all`.

How completeness is reached:

- An arm with a closed form (six joints with a spherical wrist solving the full pose: Puma,
  KUKA KR5, ABB IRB 140, Stanford; or three joints solving a point: the 3R arms, the gantry)
  gets every solution from Pieper's method (:mod:`robosim.ik.pieper`): the roots of one
  polynomial in joint 3 give every arm solution, each with the wrist's two. Complete by
  construction; each is checked (and finished to the tolerances where rounding left it just
  outside) on the whole arm.
- Other 6R arms solving the full pose (UR, any 6R table) get every solution from the
  general 6R solver (:mod:`robosim.ik.general`: Raghavan and Roth's elimination, or a closed
  form for three parallel axes), which checks their count; the reason says so
  (``"converged: all 8 solutions (general 6R)"``, the count inside the limits). Where it
  cannot certify the count, its solutions join the multistart below, and the reason says
  that too.
- Other arms (the Lynx6 for a position, arms with more joints than solved axes):
  multistart, the reference and the seed-bank configurations nearest the target solved at
  once. A redundant arm gets a sample.

Solutions are distinct modulo 2 pi: each is reported as its variant nearest the reference
(``q0``, else home) inside the limits, or, with ``all_turns=True``, as every variant that the
limits allow (a joint with a range over 2 pi has several).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ..checks import flag, positive
from ..errors import ValidationError
from ..kinematics import Robot
from ..kinematics.elementary import ArrayMath, FloatMath
from .numeric import (ANGLE_TOLERANCE, CONVERGED, POSITION_TOLERANCE, SAME_BRANCH, Axes, IKResult,
                      _cached_problem, _checked_targets, _first_seeds, _restart_seeds, _run,
                      _within, random_source, seed_count)
from .general import general_ik
from .pieper import checked_pieper_ik
from .turns import every_turn, same_modulo_turns, turn_count, turned_inside

#: Starts that the solve loop checks one after another on floats rather than at once as
#: arrays: the closed form's (at most 8 solutions; numpy's per-call cost outweighs so few
#: rows' arithmetic).
FEW_STARTS = 12
#: Most variants ``all_turns`` lists (issue 25: +-3600 deg limits made 20^6 of them and
#: exhausted memory); the count is known before any is made.
MAX_TURN_VARIANTS = 100_000
#: The note of a 6R arm's solutions by the general solver (:mod:`robosim.ik.general`), which
#: checked their count (``count``: how many, inside the limits), and of one it could not
#: certify (its solutions then join the multistart's seeds).
GENERAL_6R = "all {count} solutions (general 6R)"
GENERAL_6R_INCOMPLETE = "general 6R not certified: multistart"


def solve_all(robot: Robot, target: ArrayLike, q0: ArrayLike | None = None, *,
              axes: Axes = "pose", seeds: int = 48,
              rng: np.random.Generator | int | None = None,
              tolerance: float = POSITION_TOLERANCE, angle_tolerance: float = ANGLE_TOLERANCE,
              distinct: float = SAME_BRANCH, all_turns: bool = False) -> IKResult:
    """The distinct solutions of one target, nearest ``q0`` (home if None) first.

    Parameters
    ----------
    robot : Robot
        The arm (any joints; limits respected).
    target : array_like, shape (4, 4) (or (3,) for position-only axes)
        The pose to reach, in the world frame.
    q0 : array_like, shape (n,), optional
        The reference: solutions are reported as their 2 pi variant nearest it and sorted by
        distance from it.
    axes, rng, tolerance, angle_tolerance
        As in :func:`robosim.ik.solve`.
    seeds : int
        Restarts from the seed bank, for arms without a spherical wrist (see the module
        docstring).
    distinct : float
        Solutions closer than this in every joint (radians modulo 2 pi, or ``distinct * L``
        for prismatic joints) are one.
    all_turns : bool
        List every 2 pi variant of each solution that lies inside the limits (at most
        :data:`MAX_TURN_VARIANTS`, counted before any is listed: more raise a
        ValidationError).

    Returns
    -------
    IKResult
        Batched over the k solutions (``q`` is ``(k, n)``, inside the limits; k may be 0).
        For a target with a continuum of solutions (more joints than selected axes) the result
        is a sample of it. Each ``reason`` is ``"converged"``, with the closed form's note on
        the target in brackets where it has one (``"converged (singular: joint 4 free)"``:
        the free joint keeps its value in ``q0``; ``"converged (double root)"``).

    Examples
    --------
    Of the Puma 560's 8 branches (shoulder x elbow x wrist flip) of this pose, 4 lie inside
    its limits: ``q`` itself first, its wrist flip ``(q4 + pi, -q5, q6 + pi)``, and the two
    with the shoulder turned back. ``q0`` is ``q`` with joints 4 and 6 turned 0.1 rad further,
    so that the flip's ``+pi`` is nearer than its ``-pi`` (from ``q0 = q`` exactly both are pi
    away: a tie that rounding would break). Joints 4 and 6 turn +-266 degrees: with
    ``all_turns`` the flip's ``q4 = 3.542`` also appears as ``3.542 - 2 pi = -2.742``.

    >>> import robosim
    >>> robot = robosim.load_robot("Puma 560")
    >>> q = [0.3, 0.5, -0.2, 0.4, 0.6, -0.3]
    >>> q0 = [0.3, 0.5, -0.2, 0.5, 0.6, -0.2]
    >>> np.round(solve_all(robot, robot.fk(q), q0=q0).q, 3)
    array([[ 0.3  ,  0.5  , -0.2  ,  0.4  ,  0.6  , -0.3  ],
           [ 0.3  ,  0.5  , -0.2  ,  3.542, -0.6  ,  2.842],
           [ 2.429,  1.317, -0.2  ,  0.845, -1.478, -2.237],
           [ 2.429,  1.317, -0.2  , -2.297,  1.478,  0.905]])
    >>> len(solve_all(robot, robot.fk(q), q0=q0, all_turns=True).q)
    9
    """
    problem = _cached_problem(robot, axes, tolerance, angle_tolerance)
    target = _checked_targets(target, problem.rows)[0]
    restarts, distinct = seed_count(seeds), positive(distinct, "distinct")
    rng, all_turns = random_source(rng), flag(all_turns, "all_turns")
    if target.shape != (4, 4):
        raise ValidationError(f"solve_all takes one target (4x4), got shape {target.shape}")
    reference = robot.home if q0 is None else np.clip(robot.check_q(q0, "q0"), *robot.limits.T)
    note = ""
    general = (general_ik(robot, target, tolerance=problem.tolerance,
                          angle_tolerance=problem.angle_tolerance) if problem.general else None)
    if problem.closed_form:
        found = checked_pieper_ik(robot, target, reference)
        starts = _inside_limits(robot, found, reference)
        note = str(found.reason)           # a free joint, a double root: said in the reason
    elif general is not None and general.complete:
        starts, note = _inside_limits(robot, general, reference), GENERAL_6R
    else:
        first = _first_seeds(robot, problem, target[None], None if q0 is None else reference,
                             rng)
        starts = np.vstack([first, _restart_seeds(robot, problem, target[None], first,
                                                  q0 is not None, restarts, rng)[0]])
        if general is not None:              # not certified: its solutions join the seeds
            starts = np.vstack([_inside_limits(robot, general, reference), starts])
            note = GENERAL_6R_INCOMPLETE
    if len(starts) == 0:
        return _result(robot, np.empty((0, robot.n)), np.empty(0), np.empty(0),
                       np.empty(0, dtype=int), note.format(count=0))
    # Each start checked, and finished by the solve loop where rounding left it outside the
    # tolerances (the closed form's) or where it is a seed (the multistart's): a few, one
    # after another on floats; many at once, as arrays.
    q, position_error, orientation_error, iterations = _run(
        problem, np.broadcast_to(target, (len(starts), 4, 4)), starts,
        FloatMath if len(starts) <= FEW_STARTS else ArrayMath)
    good = np.flatnonzero(_within(problem, position_error, orientation_error))
    scale = np.where(robot.revolute, 1.0, robot.length_scale)
    # Each solution at its turn nearest the reference (the closed form's starts are already).
    turned_rows = turned_inside(robot, q[good], reference)[0]
    distance = (np.abs(turned_rows - reference) / scale).sum(axis=1)
    turned = turned_rows.tolist()
    kept: list[list[float]] = []
    rows: list[int] = []
    for order in np.argsort(distance, kind="stable"):
        if not any(same_modulo_turns(robot, turned[order], other, distinct) for other in kept):
            kept.append(turned[order])
            rows.append(good[order])
    if all_turns:
        listed = sum(turn_count(robot, solution) for solution in kept)
        if listed > MAX_TURN_VARIANTS:
            raise ValidationError(
                f"all_turns: the {len(kept)} solutions have {listed:,} variants 2 pi apart "
                f"inside the limits, more than the {MAX_TURN_VARIANTS:,} listed at most "
                f"(limits of many turns multiply them): narrow the limits, or leave "
                f"all_turns out")
        variants = [(variant, row) for solution, row in zip(kept, rows, strict=True)
                    for variant in every_turn(robot, solution)]
        variants.sort(key=lambda pair: float(np.sum(np.abs(np.subtract(pair[0], reference))
                                                    / scale)))
        kept, rows = [v for v, _ in variants], [row for _, row in variants]
    chosen = np.array(rows, dtype=int)
    return _result(robot, np.array(kept).reshape(-1, robot.n), position_error[chosen],
                   orientation_error[chosen], iterations[chosen],
                   note.format(count=len(kept)))


def _inside_limits(robot, solutions, reference):
    """The valid ``solutions`` (of :func:`robosim.ik.pieper_ik` or
    :func:`robosim.ik.general_ik`) at their turns nearest ``reference`` that lie inside the
    limits, ``(k, n)``."""
    turned, inside = turned_inside(robot, solutions.q[solutions.valid], reference)
    return turned[inside]


def _result(robot, q, position_error, orientation_error, iterations, note):
    """The :class:`IKResult` of the solutions ``q`` ``(k, n)``, each ``"converged"`` with the
    closed form's ``note`` in brackets when there is one (as :func:`robosim.ik.solve` says
    it)."""
    reason = (CONVERGED if not note else f"{CONVERGED}: {note}" if note.startswith("all ")
              else f"{CONVERGED} ({note})")
    return IKResult(q, np.ones(len(q), dtype=bool), position_error, orientation_error,
                    iterations, np.full(len(q), reason, dtype=object))

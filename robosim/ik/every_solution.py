"""Every solution of one target: :func:`solve_all`.

How completeness is reached:

- An arm with a spherical wrist (six joints, the last three axes meeting in a point: Puma,
  KUKA KR5, ABB IRB 140, Stanford; see :mod:`robosim.ik.wrist`) has finitely many solutions,
  each an arm solution (joints 1-3 putting the wrist centre in place, up to 4: shoulder left
  or right, elbow up or down) with one of the wrist's two closed-form solutions (flip or no
  flip). The arm solutions come from a scan (:func:`_scan_seeds`): joint 1 does not change
  the wrist centre's distance from its axis nor its height along it, joint 2 given joint 3
  has the height in closed form, so sampling joint 3 finely and following the sign of the
  distance error brackets every solution; two solutions closer than a sample (about to
  merge at a fold) are split by a second-order prediction (:func:`_fold_partner`). Each
  seed is finished by the general solver; every arm solution times every wrist solution is
  then checked (and finished to the tolerances) on the whole arm. Against the toolbox's
  analytic solution (``benchmarks/bench_vs_rtb.py``) this finds every branch inside the
  limits of its 200 random Puma 560 targets, and 724 of 726 on another 200 (a pair of
  solutions a few degrees apart at the edge of the reachable heights: one is found).
- A 3-joint arm solving a position (the 3R arms) is that same position problem.
- Other arms (UR, the Lynx6 for a position, arms with more joints than solved axes):
  multistart, the reference and the seed-bank configurations nearest the target solved at
  once. An arm without a wrist centre (UR) may miss a branch; a redundant one gets a sample.

Solutions are distinct modulo 2 pi: each is reported as its variant nearest the reference
(``q0``, else home) inside the limits, or, with ``all_turns=True``, as every variant that the
limits allow (a joint with a range over 2 pi has several).
"""

from __future__ import annotations

import itertools

import numpy as np
from numpy.typing import ArrayLike

from ..checks import count, positive
from ..errors import ValidationError
from ..robot import Robot
from .numeric import (ANGLE_TOLERANCE, PATIENCE, POSITION_TOLERANCE, SAME_BRANCH, ArrayKernel,
                      Axes, IKResult, cached_problem, check_targets, first_seeds, restart_seeds,
                      scalar_target_columns, solve_batch, solve_seed, target_columns,
                      within_tolerances, within_tolerances_rows)
from .turns import every_turn, nearest_turn, same_modulo_turns, turn_count, turned_inside
from .wrist import wrist_angles

#: Samples of joint 3 in the scan of :func:`_scan_seeds` (1.5 degrees apart over 270).
SCAN_SAMPLES = 180
#: A solution whose position Jacobian has a singular value ratio below this gets a seed at
#: its predicted partner across the fold (see :func:`_fold_partner`); the central difference
#: step (radians) for the curvature there.
FOLD = 0.2
FOLD_STEP = 1e-3
#: A scan seed with joint 1 or 2 more than this outside its limits (radians) is dropped.
OUTSIDE_MARGIN = 0.2
#: A scan seed at a change of sign lies within a step of its solution: one that stops
#: halving its error for this many iterations (against a limit, or drawn to a solution
#: outside the limits) is abandoned. Seeds near a fold get the general solver's patience.
SCAN_PATIENCE = 3
#: Seeds per joint when the first joint is prismatic (a grid over the ranges).
ARM_GRID = 3
#: Most variants ``all_turns`` lists (issue 25: +-3600 deg limits made 20^6 of them and
#: exhausted memory); the count is known before any is made.
MAX_TURN_VARIANTS = 100_000


def solve_all(robot: Robot, target: ArrayLike, q0: ArrayLike | None = None, *,
              axes: Axes = "pose", seeds: int = 48,
              rng: np.random.Generator | int | None = None,
              tolerance: float = POSITION_TOLERANCE, angle_tolerance: float = ANGLE_TOLERANCE,
              distinct: float = SAME_BRANCH, all_turns: bool = False) -> IKResult:
    """The distinct solutions of one target, nearest ``q0`` (home if None) first.

    Parameters
    ----------
    robot : Robot
    target : array_like, shape (4, 4) (or (3,) for position-only axes)
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
        is a sample of it.

    Examples
    --------
    Of the Puma 560's 8 branches (shoulder x elbow x wrist flip) of this pose, 4 lie inside
    its limits: ``q`` itself first (``q0 = q``), its wrist flip ``(q4 - pi, -q5, q6 + pi)``,
    and the two with the shoulder turned back. Joints 4 and 6 turn +-266 degrees: with
    ``all_turns`` the flip's ``q4 = -2.742`` also appears as ``-2.742 + 2 pi = 3.542``.

    >>> import robosim
    >>> robot = robosim.load_robot("Puma 560")
    >>> q = [0.3, 0.5, -0.2, 0.4, 0.6, -0.3]
    >>> np.round(solve_all(robot, robot.fk(q), q0=q).q, 3)
    array([[ 0.3  ,  0.5  , -0.2  ,  0.4  ,  0.6  , -0.3  ],
           [ 2.429,  1.317, -0.2  ,  0.845, -1.478, -2.237],
           [ 0.3  ,  0.5  , -0.2  , -2.742, -0.6  ,  2.842],
           [ 2.429,  1.317, -0.2  , -2.297,  1.478,  0.905]])
    >>> len(solve_all(robot, robot.fk(q), q0=q, all_turns=True).q)
    9
    """
    problem = cached_problem(robot, axes, tolerance, angle_tolerance)
    target = check_targets(target, problem.rows)
    seeds, distinct = count(seeds, "seeds"), positive(distinct, "distinct")
    if target.shape != (4, 4):
        raise ValidationError(f"solve_all takes one target (4x4), got shape {target.shape}")
    if q0 is None:
        reference = robot.home
    else:
        reference = np.clip(robot.check_q(q0, "q0"), *robot.limits.T)
    if problem.split is not None:
        starts = _wrist_branch_starts(problem, target, reference)
    elif robot.n == 3 and problem.rows == (0, 1, 2):
        starts = np.array(_point_branches(problem, target[:3, 3], reference)).reshape(-1, 3)
    else:
        first = first_seeds(robot, problem, target[None], q0, rng)
        starts = np.vstack([first, restart_seeds(robot, problem, target[None], first,
                                                  q0 is not None, seeds, rng)[0]])
    if len(starts) == 0:
        return _result(robot, np.empty((0, robot.n)), np.empty(0), np.empty(0),
                       np.empty(0, dtype=int))
    q, position_error, orientation_error, iterations = _finish(problem, target, starts)
    good = np.flatnonzero(within_tolerances_rows(problem, position_error, orientation_error))
    scale = np.where(robot.revolute, 1.0, robot.length_scale)
    turned = turned_inside(robot, q[good], reference)[0].tolist()
    distance = [float(np.sum(np.abs(np.subtract(v, reference)) / scale)) for v in turned]
    kept, rows = [], []
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
        variants = [(variant, row) for solution, row in zip(kept, rows)
                    for variant in every_turn(robot, solution)]
        variants.sort(key=lambda pair: float(np.sum(np.abs(np.subtract(pair[0], reference))
                                                    / scale)))
        kept, rows = [v for v, _ in variants], [row for _, row in variants]
    rows = np.array(rows, dtype=int)
    return _result(robot, np.array(kept).reshape(-1, robot.n), position_error[rows],
                   orientation_error[rows], iterations[rows])


def _finish(problem, target, starts):
    """The configurations ``starts`` ``(k, n)`` finished towards ``target`` by the general
    iteration: ``(q, position_error, orientation_error, iterations)``. Those that already
    reach it (closed-form wrists on converged arms) are only checked, in one evaluation."""
    count = len(starts)
    position_error, orientation_error, _ = problem.evaluate(
        list(starts.T), target_columns(np.broadcast_to(target, (count, 4, 4))), ArrayKernel,
        want_step=False)
    position_error = np.broadcast_to(position_error, (count,)).copy()
    orientation_error = np.broadcast_to(orientation_error, (count,)).copy()
    q, iterations = starts.copy(), np.ones(count, dtype=int)
    rest = np.flatnonzero(~within_tolerances_rows(problem, position_error, orientation_error,
                                            problem.finish))
    if rest.size:
        more = solve_batch(problem, np.broadcast_to(target, (rest.size, 4, 4)), starts[rest])
        q[rest], position_error[rest], orientation_error[rest] = more[:3]
        iterations[rest] += more[3]
    return q, position_error, orientation_error, iterations


def _result(robot, q, position_error, orientation_error, iterations):
    return IKResult(q, np.ones(len(q), dtype=bool), position_error, orientation_error,
                    iterations)


def _wrist_branch_starts(problem, target, reference):
    """Every arm solution times every wrist solution, as the turn nearest ``reference``
    inside the limits: ``(k, n)`` configurations that reach ``target`` up to rounding."""
    split, robot = problem.split, problem.robot
    center = target[:3, :3] @ split.center_in_end + target[:3, 3]
    target_rotation = [tuple(target[:3, c].tolist()) for c in range(3)]
    starts = []
    for arm in _point_branches(problem.arm_problem, center, reference[:3]):
        frame3 = split.arm.chain_frames(arm)[-1][:3]
        wrists, valid = wrist_angles(split, frame3, target_rotation,
                                     float(reference[3]) + split.offsets[0])
        for wrist, ok in zip(wrists, valid):
            turned = nearest_turn(robot, arm + list(wrist), reference) if ok else None
            if turned is not None:
                starts.append(turned)
    return np.array(starts).reshape(-1, robot.n)


def _point_branches(problem, point, reference):
    """Every configuration of a 3-joint arm whose tool point is at ``point`` ``(3,)``,
    distinct modulo 2 pi: a list of lists of 3 floats, inside the limits.

    The seeds of :func:`_scan_seeds` (one per solution, where joints 1 and 2 are revolute;
    else a grid over the ranges) and ``reference`` are each finished by the general solver.
    """
    robot = problem.robot
    target = np.eye(4)
    target[:3, 3] = point
    columns = scalar_target_columns(target)
    scan = None
    if robot.joints[0].is_revolute and robot.joints[1].is_revolute:
        scan = _scan_seeds(robot, point)
    seeds, near_fold = scan if scan is not None else (_grid(robot, ARM_GRID), None)
    found = []

    def finish(seeds, patience):
        """Solve from each seed; returns the seeds that did not converge."""
        failed = []
        for seed in seeds:
            q, position_error, orientation_error, _ = solve_seed(problem, columns, seed,
                                                                  patience)
            if not within_tolerances(problem, position_error, orientation_error):
                failed.append(seed)
            elif not any(same_modulo_turns(robot, q, other, SAME_BRANCH) for other in found):
                found.append(q)
        return failed

    if near_fold is None:
        finish([list(reference)] + seeds.tolist(), PATIENCE)
    else:
        # Seeds at a change of sign first, briefly; those that stall, and the seeds near a
        # fold, with the general solver's patience.
        stalled = finish(seeds[~near_fold].tolist(), SCAN_PATIENCE)
        finish([list(reference)], SCAN_PATIENCE)
        finish(stalled + seeds[near_fold].tolist(), PATIENCE)
    finish([partner for q in list(found) for partner in _fold_partner(robot, q)], PATIENCE)
    return found


def _fold_partner(robot, q):
    """The predicted other solution of a pair astride a fold, as a list of 0 or 1 seeds.

    Two solutions of the 3-joint position problem can lie closer than any scan step where
    they are about to merge (the elbow nearly straight, the point nearly on the shoulder
    axis): there the position Jacobian is nearly singular. Along its weakest direction ``v``
    (``J v = s u``, ``s`` the least singular value) the error is
    ``t s u + t^2 k u / 2`` to second order, ``k = u . d2p/dt2`` (a central difference):
    it vanishes again at ``t = -2 s / k``, where the partner is.
    """
    J = robot.jacobian(q)[:3]
    left, singular, right = np.linalg.svd(J)
    if singular[-1] > FOLD * singular[0]:
        return []
    v, u, h = right[-1], left[:, -1], FOLD_STEP
    points = robot.fk(np.array([q, np.add(q, h * v), np.subtract(q, h * v)]))[:, :3, 3]
    curvature = u @ (points[1] + points[2] - 2 * points[0]) / h ** 2
    if abs(curvature) < 1e-12 * robot.length_scale:
        return []
    return [(np.asarray(q) - 2 * singular[-1] / curvature * v).tolist()]


def _scan_seeds(robot, point):
    """A seed ``(k, 3)`` near each solution inside the limits of a 3-joint arm whose joints
    1 and 2 are revolute, to put its tool point at ``point``, and ``(k,)`` True for the seeds
    of a local minimum (near a fold); None where the scan does not apply (joint 2 does not
    change the height along axis 1, e.g. parallel axes).

    Joint 1 turns the point about its axis and changes neither its height ``h`` along the
    axis nor its distance ``r`` from it. For a value of joint 3, joint 2 moves the point on
    a circle ``c + u cos q2 + w sin q2`` (three evaluations give ``c, u, w``); the height
    ``h*`` of the target fixes ``q2`` in closed form (two values, ``phase +- acos``), which
    leaves ``g(q3) = r - r*`` on each of the two branches. Joint 3 is sampled at
    :data:`SCAN_SAMPLES` values over its range: each change of sign of ``g`` (interpolated)
    and each local minimum of ``|g|`` (two solutions closer than a sample step) seeds a
    solution; joint 1 then follows from the azimuth. Joints 1 and 2 are taken at their turn
    nearest the middle of their ranges: seeds with one outside the limits by more than
    :data:`OUTSIDE_MARGIN` are dropped, the others put inside (a seed just outside would be
    wrapped to the far side of the range by the solver's projection).
    """
    frames = robot.fk_all(robot.home)
    axis = frames[0] if robot.convention == "standard" else frames[1]
    basis, origin = axis[:3, :3], axis[:3, 3]                 # X, Y across joint 1, Z along it
    tx, ty, height = (np.asarray(point, dtype=float) - origin) @ basis
    radius, azimuth = np.hypot(tx, ty), np.arctan2(ty, tx)
    lower, upper = robot.limits.T
    span = min(upper[2] - lower[2], 2 * np.pi) if robot.joints[2].is_revolute \
        else upper[2] - lower[2]
    q3 = np.linspace(lower[2], lower[2] + span, SCAN_SAMPLES + 1)
    grid = np.zeros((SCAN_SAMPLES + 1, 3, 3))
    grid[:, :, 1] = [0.0, np.pi / 2, np.pi]
    grid[:, :, 2] = q3[:, None]
    local = (robot.fk(grid)[..., :3, 3] - origin) @ basis     # (samples, q2 = 0 pi/2 pi, xyz)
    center = (local[:, 0] + local[:, 2]) / 2
    u, w = (local[:, 0] - local[:, 2]) / 2, local[:, 1] - center
    amplitude = np.hypot(u[:, 2], w[:, 2])
    if amplitude.max() < 1e-9 * robot.length_scale:
        return None
    ratio = (height - center[:, 2]) / np.maximum(amplitude, 1e-300)
    valid = np.abs(ratio) <= 1.0
    phase, opening = np.arctan2(w[:, 2], u[:, 2]), np.arccos(np.clip(ratio, -1.0, 1.0))
    seeds = []
    for q2 in (phase + opening, phase - opening):
        p = center + u * np.cos(q2)[:, None] + w * np.sin(q2)[:, None]
        g = np.hypot(p[:, 0], p[:, 1]) - radius
        # A solution next to the edge of the heights reachable (beyond it acos is clipped:
        # the nearest height) has a change of sign with one end of its step valid.
        either = valid[:-1] | valid[1:]
        change = either & (np.sign(g[:-1]) != np.sign(g[1:]))
        k = np.flatnonzero(change)
        t = g[k] / (g[k] - g[k + 1])
        step2 = (q2[k + 1] - q2[k] + np.pi) % (2 * np.pi) - np.pi
        seeds.append(np.stack([q2[k] + t * step2, q3[k] + t * (q3[k + 1] - q3[k])], axis=-1))
        size = np.abs(g)
        minimum = np.flatnonzero(valid[1:-1] & (size[1:-1] <= size[:-2])
                                 & (size[1:-1] <= size[2:]) & ~change[:-1] & ~change[1:]) + 1
        seeds.append(np.stack([q2[minimum], q3[minimum]], axis=-1))
    near_fold = np.concatenate([np.full(len(part), index % 2 == 1)
                                for index, part in enumerate(seeds)])
    joints23 = np.vstack(seeds)
    full = np.zeros((len(joints23), 3))
    full[:, 1:] = joints23
    at_zero = (robot.fk(full)[:, :3, 3] - origin) @ basis
    full[:, 0] = azimuth - np.arctan2(at_zero[:, 1], at_zero[:, 0])
    middle = (lower + upper) / 2
    turned = full[:, :2] + 2 * np.pi * np.round((middle[:2] - full[:, :2]) / (2 * np.pi))
    gap = np.maximum(lower[:2] - turned, turned - upper[:2]).max(axis=1)
    full[:, :2] = np.clip(turned, lower[:2], upper[:2])
    kept = gap < OUTSIDE_MARGIN
    return full[kept], near_fold[kept]


def _grid(robot, count):
    """``count ** n`` configurations: each joint at the middles of ``count`` equal parts of
    its range (at most a full turn), ``(count ** n, n)``."""
    lower, upper = robot.limits.T
    span = np.where(robot.revolute, np.minimum(upper - lower, 2 * np.pi), upper - lower)
    levels = [lo + s * (np.arange(count) + 0.5) / count for lo, s in zip(lower, span)]
    return np.array(list(itertools.product(*levels)))

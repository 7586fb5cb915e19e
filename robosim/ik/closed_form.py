"""Closed-form inverse kinematics: the Lynx6 and the anthropomorphic 3R arm.

The Lynx6's follows Mateo Sanguino & Andujar 2012, the 3R arm's the Java/VRML simulator (see
docs/references.md).

Both are vectorised over positions ``(..., 3)`` and never return NaN: a point out of reach gets
the configuration that stretches the arm towards it, flagged unreachable.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ..checks import choice, configuration, finite, points, real_array, vector
from ..errors import ValidationError
from ..kinematics import Joint, Robot, inverse
from ..kinematics.chain import frame_columns, frame_point
from .turns import wrap_to_pi

#: Tolerance of the joint-limit check (radians).
LIMIT_TOLERANCE = 1e-9

#: ``reach`` of :func:`lynx6_ik`.
_REACHES = ("either", "front", "back")

@dataclass
class Lynx6Solution:
    """The result of :func:`lynx6_ik`.

    Attributes
    ----------
    q : ndarray, shape (..., 5)
        Joint values (radians) in the library Lynx6's convention; finite everywhere.
    reachable : ndarray of bool, shape (...)
        In reach and inside every joint limit.
    out_of_reach : ndarray of bool, shape (...)
        The wrist point is farther from the shoulder than ``a2 + a3`` (or nearer than
        ``|a2 - a3|``): no real ``q`` in eq. 29. ``q`` then stretches the arm towards it.
    failed_joint : ndarray of int, shape (...)
        The first joint (1-based) outside its limits, 0 if none. ``q`` keeps the geometric
        value so the joint-space plots of the paper (its Fig. 4) can show it.

    Examples
    --------
    The Lynx6 at home holds its gripper level at ``(25 + 120 + 155, 0, 65 + 120) = (300, 0,
    185)`` mm (upper arm up, forearm and gripper out along X): the closed form gives back
    ``q = 0``. A point 2 m away is beyond ``a2 + a3 = 240`` mm of reach.

    >>> import robosim
    >>> from robosim.ik import lynx6_ik
    >>> lynx6 = robosim.load_robot("Lynx6")
    >>> home = lynx6_ik(lynx6, [300.0, 0.0, 185.0], 0.0)
    >>> print(np.degrees(home.q).round(3) + 0.0, bool(home.reachable), repr(home.reason))
    [0. 0. 0. 0. 0.] True ''
    >>> far = lynx6_ik(lynx6, [2000.0, 0.0, 100.0], 0.0)
    >>> bool(far.reachable), bool(far.out_of_reach), far.reason
    (False, True, 'out of reach')
    """

    q: np.ndarray
    reachable: np.ndarray
    out_of_reach: np.ndarray
    failed_joint: np.ndarray

    @property
    def reason(self) -> str | np.ndarray:
        """Why each point is unreachable: ``""``, ``"out of reach"`` or ``"joint limit J"``
        (an object array of the batch shape, a str for one point)."""
        reasons = np.where(self.out_of_reach, "out of reach",
                           np.char.add("joint limit ", self.failed_joint.astype(str)))
        reasons = np.where(self.reachable, "", reasons).astype(object)
        return str(reasons) if reasons.ndim == 0 else reasons


def lynx6_link_lengths(robot: Robot) -> tuple[float, float, float, float, float]:
    """The link lengths ``(d1, a1, a2, a3, a4)`` of a Lynx6-shaped arm (robot's length unit).

    Lynx6-shaped means the DH table of Mateo Sanguino & Andujar 2012, Table 2, with any link
    lengths: five revolute standard-DH joints with twists (90, 0, 0, -90, 0) deg, offsets
    (0, 90, -90, 0, 0) deg, ``d = 0`` past joint 1, ``a5 = 0`` and no tool transform. The
    library's Lynx6 gives ``(d1, a1, a2, a3, a4) = (65, 25, 120, 120, 155)`` mm.

    Raises
    ------
    ValidationError
        When ``robot`` is not Lynx6-shaped; the message says which joint differs.

    See Also
    --------
    is_lynx6_shaped : the same test as True / False.

    Examples
    --------
    >>> import robosim
    >>> lynx6_link_lengths(robosim.load_robot("Lynx6"))
    (65.0, 25.0, 120.0, 120.0, 155.0)
    """
    expected = [(90.0, 0.0), (0.0, 90.0), (0.0, -90.0), (-90.0, 0.0), (0.0, 0.0)]  # alpha, offset
    joints = robot.joints
    problem = None
    if robot.n != 5 or robot.joint_types != "RRRRR" or robot.convention != "standard":
        problem = f"it has joints {robot.joint_types} ({robot.convention} DH)"
    elif not np.array_equal(robot.tool, np.eye(4)):
        problem = "it has a tool transform"
    else:
        rows = zip(joints, expected, strict=True)    # n == 5 was checked above
        for i, (joint, (alpha_deg, offset_deg)) in enumerate(rows, 1):
            if (not math.isclose(math.degrees(joint.alpha), alpha_deg, abs_tol=1e-9)
                    or not math.isclose(math.degrees(joint.offset), offset_deg, abs_tol=1e-9)
                    or (i > 1 and joint.d != 0.0) or (i == 5 and joint.a != 0.0)):
                problem = f"joint {i} differs from Table 2 (alpha, offset, d or a)"
                break
    if problem:
        raise ValidationError(f"lynx6_ik needs an arm shaped like the library's Lynx6 "
                              f"(Mateo Sanguino & Andujar 2012, Table 2); {robot.name}: {problem}")
    return joints[0].d, joints[0].a, joints[1].a, joints[2].a, joints[3].a


def is_lynx6_shaped(robot: Robot) -> bool:
    """True when the Lynx6 closed form (:func:`lynx6_ik`) applies to ``robot``.

    The one test of "is this arm Lynx6-shaped" that the GUI, the CLI and the core share; see
    :func:`lynx6_link_lengths` for what it checks.

    Examples
    --------
    >>> from robosim import load_robot
    >>> is_lynx6_shaped(load_robot("Lynx6")), is_lynx6_shaped(load_robot("Puma 560"))
    (True, False)
    """
    try:
        lynx6_link_lengths(robot)
    except ValidationError:
        return False
    return True


def lynx6_ik(robot: Robot, position: ArrayLike, wrist_pitch: ArrayLike, *, elbow: str = "up",
             reach: str = "either", wrist_rotate: ArrayLike = 0.0) -> Lynx6Solution:
    """Closed-form IK of the Lynx6: position and the gripper's angle to the ground.

    The geometric method of Mateo Sanguino & Andujar (2012, eqs. 23-29), corrected so that
    ``robot.fk(q)`` returns the position (proved by the round-trip tests):

    - ``p_x`` in eqs. 23-28 is the distance ``r = sqrt(x^2 + y^2)`` of the target from the base
      axis (in the vertical plane of the arm), not the world x; ``q1 = atan2(y, x)`` (eq. 23).
    - The wrist point relative to the shoulder (at ``r = a1``, ``z = d1``) is
      ``W = (r - a1 - a4 cos(phi), z - d1 - a4 sin(phi))`` with ``phi = wrist_pitch``, the
      paper's theta_6, measured up from the horizontal; eqs. 27-28 are ``W / (2 a2)``.
    - The elbow lies at ``a2`` from the shoulder and ``a3`` from the wrist point. With
      ``a2 = a3`` (the Lynx6) it is ``a2 ((xb, zb) +- q (-zb, xb))``, ``q`` of eq. 29; the code
      uses the general form ``s W/|W| +- h W_perp/|W|`` (``s = (|W|^2 + a2^2 - a3^2)/(2|W|)``,
      ``h = sqrt(a2^2 - s^2)``), which is the same for equal links. ``+`` is the paper's
      choice, the elbow above the shoulder-wrist line (``elbow="up"``).
    - The paper's angles are measured from the vertical; the library model (Table 2 with
      ``theta2 = q2 + 90 deg``, ``theta3 = q3 - 90 deg``) measures ``q2`` as the upper arm's
      lean *backwards* from vertical and ``q3`` from the upper arm's perpendicular. So
      ``q2 = -theta2`` (eq. 24), ``q3 = theta3 + 90 deg`` (eq. 25), and the wrist, whose angle
      to the ground is ``q2 + q3 + q4``, is ``q4 = phi - (q2 + q3)`` (eq. 26 as printed,
      ``theta6 - atan2(...)``, mixes an angle from the vertical with one from the ground and
      does not round-trip).
    - The paper's arm faces the target (eq. 23). It can also lean back over its base:
      ``q1 +- 180 deg``, the target at ``-r`` in the arm's plane and the same gripper direction
      in the world, ``phi' = 180 deg - phi``. ``reach="either"`` uses that where the facing
      solution is unreachable (a target behind the base, beyond the +-90 deg of joint 1).
    - Table 2's ``alpha4 = -90 deg`` puts the wrist-rotate axis (z4) in the arm's plane,
      perpendicular to the gripper, not along it; with ``a5 = d5 = 0`` it does not move the
      tool point, so ``q5 = wrist_rotate`` is free and only checked against its limits.

    Parameters
    ----------
    robot : Robot
        The library Lynx6 or an arm of the same shape (any link lengths, base transform).
    position : array_like, shape (..., 3)
        Gripper point in the world frame (length unit).
    wrist_pitch : float or array_like (...)
        Gripper angle to the ground, radians, positive up, measured in the vertical plane
        through the base axis and the target, from the horizontal pointing away from the base
        axis; ``-pi/2`` points straight down.
    elbow : {"up", "down"}
        The elbow above or below the line from shoulder to wrist.
    reach : {"either", "front", "back"}
        Facing the target, leaning back over the base, or the facing solution unless only the
        other is reachable.
    wrist_rotate : float or array_like (...)
        ``q5``, radians.

    Returns
    -------
    Lynx6Solution

    Examples
    --------
    The library Lynx6 (``d1, a1, a2, a3, a4 = 65, 25, 120, 120, 155`` mm) with the gripper
    pointing straight down at ``(145, 0, 30)``: the wrist is ``a4 = 155`` above it, at
    ``(145, 0, 185)``, which is ``(120, 120)`` out and up from the shoulder ``(25, 0, 65)``.
    With the elbow up that is the upper arm straight up and the forearm level (``q2 = q3 = 0``,
    as at home), and the wrist bent 90 degrees down.

    >>> import robosim
    >>> lynx6 = robosim.load_robot("Lynx6")
    >>> solution = lynx6_ik(lynx6, [145.0, 0.0, 30.0], np.radians(-90))
    >>> (np.degrees(solution.q).round(3) + 0.0).tolist(), bool(solution.reachable)
    ([0.0, 0.0, 0.0, -90.0, 0.0], True)
    """
    d1, a1, a2, a3, a4 = lynx6_link_lengths(robot)
    elbow, reach = choice(elbow, "elbow", ("up", "down")), choice(reach, "reach", _REACHES)
    position = points(position, "position")
    wrist_pitch = real_array(wrist_pitch, "wrist_pitch")
    wrist_rotate = real_array(wrist_rotate, "wrist_rotate")
    x, y, z = frame_point(frame_columns(inverse(robot.base)), tuple(np.moveaxis(position, -1, 0)))
    shape = np.broadcast_shapes(np.shape(x), wrist_pitch.shape, wrist_rotate.shape)
    facing = np.arctan2(y, x)                                       # eq. 23
    r = np.hypot(x, y)
    # Facing the target (eq. 23), or leaning back over the base: the target at -r in the
    # arm's plane and the same gripper direction in the world.
    planes = ((facing, r, wrist_pitch), (wrap_to_pi(facing + np.pi), -r, np.pi - wrist_pitch))
    front, back = (_lynx6_plane(robot, (d1, a1, a2, a3, a4), q1, plane_r, z, pitch,
                                1.0 if elbow == "up" else -1.0, wrist_rotate, shape)
                   for q1, plane_r, pitch in planes)
    if reach != "either":
        return front if reach == "front" else back
    use_back = ~front.reachable & back.reachable
    return Lynx6Solution(np.where(use_back[..., None], back.q, front.q),
                         front.reachable | back.reachable,
                         np.where(use_back, back.out_of_reach, front.out_of_reach),
                         np.where(use_back, back.failed_joint, front.failed_joint))


#: How a solution from these formulas is described to the user, in the GUI and the CLI alike
#: (students know "by formula" before they know "closed form").
SOLVED_BY_FORMULA = "solved exactly, by formula"

#: The closed form's branches ``(elbow, reach)``: the paper's (elbow up, facing) first.
LYNX6_BRANCHES = (("up", "front"), ("down", "front"), ("up", "back"), ("down", "back"))


def lynx6_solutions(robot: Robot, position: ArrayLike, wrist_pitch: float, reference: ArrayLike,
                    *, wrist_rotate: float = 0.0,
                    distinct: float = 1e-9) -> tuple[np.ndarray, list[Lynx6Solution]]:
    """Every reachable closed-form solution of one position, nearest ``reference`` first.

    Parameters
    ----------
    robot : Robot
        A Lynx6-shaped arm (see :func:`lynx6_ik`).
    position : array_like, shape (3,)
        Gripper point in the world frame (length unit).
    wrist_pitch, wrist_rotate : float
        As in :func:`lynx6_ik` (radians).
    reference : array_like, shape (5,)
        Solutions are sorted by the sum of joint distances (radians) from it.
    distinct : float
        Solutions closer than this (radians) in every joint are listed once.

    Returns
    -------
    q : ndarray, shape (k, 5)
        The distinct reachable solutions (k from 0 to 4).
    branches : list of Lynx6Solution
        The closed form on each of :data:`LYNX6_BRANCHES`, in that order: their
        ``reason`` says why a branch is not reachable.

    Examples
    --------
    The Lynx6 pointing straight down at ``(145, 0, 30)`` mm (see :func:`lynx6_ik`): the
    elbow-up solution ``(0, 0, 0, -90, 0)`` degrees is nearest home, so it comes first.

    >>> import robosim
    >>> lynx6 = robosim.load_robot("Lynx6")
    >>> q, branches = lynx6_solutions(lynx6, [145.0, 0.0, 30.0], np.radians(-90), lynx6.home)
    >>> (np.degrees(q[0]).round(3) + 0.0).tolist(), len(branches)
    ([0.0, 0.0, 0.0, -90.0, 0.0], 4)
    """
    position, reference = vector(position, "position"), configuration(robot, reference, "reference")
    branches = [lynx6_ik(robot, position, finite(wrist_pitch, "wrist_pitch"), elbow=elbow,
                         reach=reach, wrist_rotate=finite(wrist_rotate, "wrist_rotate"))
                for elbow, reach in LYNX6_BRANCHES]
    found = np.array([b.q for b in branches if b.reachable]).reshape(-1, 5)
    order = np.argsort(np.abs(found - reference).sum(axis=1), kind="stable")
    kept: list[int] = []
    for k in order:
        if all(np.abs(found[k] - found[j]).max() > distinct for j in kept):
            kept.append(k)
    return found[kept], branches


def lynx6_path(robot: Robot, positions: ArrayLike, wrist_pitch: ArrayLike, q0: ArrayLike,
               **branch: Any) -> tuple[np.ndarray, Lynx6Solution]:
    """Closed-form joint values along a path, for moves: never a row of unreachable values.

    Parameters
    ----------
    robot : Robot
        A Lynx6-shaped arm (see :func:`lynx6_ik`).
    positions : array_like, shape (N, 3)
        Gripper points in the world frame (length unit).
    wrist_pitch : float or array_like (N,)
        Gripper angle to the ground (radians), as in :func:`lynx6_ik`.
    q0 : array_like, shape (5,)
        The configuration the path starts from.
    **branch
        ``elbow``, ``reach`` and ``wrist_rotate`` of :func:`lynx6_ik`.

    Returns
    -------
    q : ndarray, shape (N, 5)
        The solution at each reachable row; a row that is not reachable repeats the last
        reachable one (``q0``, clipped to the limits, before the first), as
        :func:`robosim.ik.solve_path` does.
    solution : Lynx6Solution
        The closed form at every row (its ``q`` keeps the geometric values).

    Examples
    --------
    Home, then a point out of reach: the second row repeats the first (the arm stays), and the
    closed form says why.

    >>> import robosim
    >>> lynx6 = robosim.load_robot("Lynx6")
    >>> q, solution = lynx6_path(lynx6, [[300.0, 0.0, 185.0], [2000.0, 0.0, 100.0]], 0.0,
    ...                          lynx6.home)
    >>> (np.degrees(q).round(3) + 0.0).tolist()
    [[0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]]
    >>> solution.reachable.tolist(), solution.reason.tolist()
    ([True, False], ['', 'out of reach'])
    """
    start = np.clip(robot.check_q(q0, "q0"), *robot.limits.T)
    positions = points(positions, "positions", path=True)
    solution = lynx6_ik(robot, positions, wrist_pitch, **branch)
    if solution.reachable.shape != positions.shape[:1]:
        raise ValidationError(f"wrist_pitch and wrist_rotate must each be one angle, or one "
                              f"for each of the {len(positions)} points, got shapes "
                              f"{np.shape(wrist_pitch)} and "
                              f"{np.shape(branch.get('wrist_rotate', 0.0))}")
    rows = np.arange(len(solution.reachable))
    last_reachable = np.maximum.accumulate(np.where(solution.reachable, rows, -1))
    q = np.where((last_reachable >= 0)[:, None], solution.q[np.maximum(last_reachable, 0)],
                 start)
    return q, solution


def _lynx6_plane(robot, links, q1, r, z, wrist_pitch, elbow_sign, wrist_rotate, shape):
    """The paper's planar solution for base angle ``q1``, target at ``(r, z)`` in the arm plane."""
    d1, a1, a2, a3, a4 = links
    w_r = r - a1 - a4 * np.cos(wrist_pitch)                         # eq. 27 (times 2 a2)
    w_z = z - d1 - a4 * np.sin(wrist_pitch)                         # eq. 28 (times 2 a2)
    distance = np.hypot(w_r, w_z)
    along_r = np.where(distance > 0, w_r / np.maximum(distance, 1e-300), 0.0)
    along_z = np.where(distance > 0, w_z / np.maximum(distance, 1e-300), 1.0)
    s = (distance ** 2 + a2 ** 2 - a3 ** 2) / (2 * np.maximum(distance, 1e-300))
    s = np.where(distance > 0, s, 0.0)
    h_squared = a2 ** 2 - s ** 2
    slack = 1e-12 * (a2 + a3) ** 2
    out_of_reach = h_squared < -slack
    s = np.clip(s, -abs(a2), abs(a2))
    h = np.sqrt(np.maximum(a2 ** 2 - s ** 2, 0.0)) * elbow_sign
    elbow_r = s * along_r - h * along_z                             # eq. 29: q (-zb, xb)
    elbow_z = s * along_z + h * along_r
    q2 = np.arctan2(-elbow_r, elbow_z)                              # eq. 24, sign corrected
    forearm = np.arctan2(w_z - elbow_z, w_r - elbow_r)             # q2 + q3, from the ground
    q3 = wrap_to_pi(forearm - q2)                                        # eq. 25, +90 deg
    q4 = wrap_to_pi(wrist_pitch - forearm)                               # eq. 26, corrected
    q = np.stack(np.broadcast_arrays(q1, q2, q3, q4, wrist_rotate), axis=-1).reshape(shape + (5,))
    lower, upper = robot.limits.T
    outside = (q < lower - LIMIT_TOLERANCE) | (q > upper + LIMIT_TOLERANCE)
    out_of_reach = np.broadcast_to(out_of_reach, shape).copy()
    # The first joint outside its limits, named only where the point is in reach.
    failed_joint = np.where(outside.any(axis=-1) & ~out_of_reach, outside.argmax(axis=-1) + 1, 0)
    return Lynx6Solution(q, ~out_of_reach & (failed_joint == 0), out_of_reach, failed_joint)



@dataclass
class ThreeRSolutions:
    """The four solutions of :func:`anthropomorphic_3r_ik`.

    Attributes
    ----------
    q : ndarray, shape (..., 4, 3)
        Joint values (radians) in the order: shoulder facing the point with elbow up, facing
        with elbow down, shoulder turned back (``q1 + pi``) with elbow up, back with elbow down.
    reachable : ndarray of bool, shape (...)
        False where the point is out of reach (``|cos q3| > 1`` in eq. 10); ``q`` then
        stretches (or folds) the arm towards it.

    Examples
    --------
    Links of 1: the point 5 above the base is 4 above the shoulder, farther than the arm's
    reach of ``1 + 1 = 2``; the four slots still hold finite values.

    >>> far = anthropomorphic_3r_ik([0.0, 0.0, 5.0], 1.0, 1.0, 1.0)
    >>> far.q.shape, bool(far.reachable), bool(np.isfinite(far.q).all())
    ((4, 3), False, True)
    """

    q: np.ndarray
    reachable: np.ndarray


def anthropomorphic_3r_ik(position: ArrayLike, a1: float, a2: float,
                          a3: float) -> ThreeRSolutions:
    """All four solutions of the anthropomorphic 3R arm of the Java/VRML simulator.

    The paper's forward kinematics (eq. 8), with ``q1`` measured counter-clockwise from the Y
    axis::

        X = -(a2 cos q2 + a3 cos(q2 + q3)) sin q1
        Y =  (a2 cos q2 + a3 cos(q2 + q3)) cos q1
        Z = a1 + a2 sin q2 + a3 sin(q2 + q3)

    gives ``cos q3 = (X^2 + Y^2 + Z'^2 - a2^2 - a3^2) / (2 a2 a3)`` with ``Z' = Z - a1``
    (eqs. 9-10),
    ``q3 = +-acos``, ``q1 = atan2(-X, Y)`` or that plus pi (the arm reaching over its
    shoulder, horizontal reach ``rho`` negative), and
    ``q2 = atan2(Z - a1, rho) - atan2(a3 sin q3, a2 + a3 cos q3)``.
    :func:`anthropomorphic_3r_robot` builds the same arm as a DH robot.

    Parameters
    ----------
    position : array_like, shape (..., 3)
        The wrist point, in the frame of the base (same length unit as the links).
    a1, a2, a3 : float
        Shoulder height and the two link lengths (any one length unit).

    Returns
    -------
    ThreeRSolutions

    Examples
    --------
    Shoulder height and links 1: the point ``(0, 1, 2)`` is 1 out along Y and 1 above the
    shoulder, ``sqrt 2`` away, so ``cos q3 = (2 - 1 - 1) / 2 = 0``, ``q3 = -+90`` degrees and
    ``q2 = atan2(1, 1) +- 45`` degrees: elbow up (over the shoulder, ``q2 = 90``, forearm out
    along Y) or elbow down (upper arm out along Y, ``q2 = 0``, forearm up).

    >>> solutions = anthropomorphic_3r_ik([0.0, 1.0, 2.0], 1.0, 1.0, 1.0)
    >>> (np.degrees(solutions.q[:2]).round(3) + 0.0).tolist(), bool(solutions.reachable)
    ([[0.0, 90.0, -90.0], [0.0, 0.0, 90.0]], True)
    """
    position = points(position, "position")
    a1, a2, a3 = finite(a1, "a1"), finite(a2, "a2"), finite(a3, "a3")
    if a2 <= 0 or a3 <= 0:
        raise ValidationError(f"link lengths a2 and a3 must be positive, got {a2}, {a3}")
    X, Y, Z = position[..., 0], position[..., 1], position[..., 2]
    height = Z - a1
    cos_q3 = (X ** 2 + Y ** 2 + height ** 2 - a2 ** 2 - a3 ** 2) / (2 * a2 * a3)
    reachable = np.abs(cos_q3) <= 1 + 1e-12
    elbow = np.arccos(np.clip(cos_q3, -1.0, 1.0))
    front = np.arctan2(-X, Y)
    rho = np.hypot(X, Y)
    solutions = []
    for q1, reach in ((front, rho), (wrap_to_pi(front + np.pi), -rho)):
        for q3 in (-elbow, elbow):
            q2 = np.arctan2(height, reach) - np.arctan2(a3 * np.sin(q3), a2 + a3 * np.cos(q3))
            solutions.append(np.stack([q1, wrap_to_pi(q2), q3], axis=-1))
    return ThreeRSolutions(np.stack(solutions, axis=-2), reachable)


def anthropomorphic_3r_robot(a1: float, a2: float, a3: float, unit: str = "m") -> Robot:
    """The arm of :func:`anthropomorphic_3r_ik` as a standard-DH robot (joints +-180 deg).

    Rows: ``d1 = a1, alpha1 = 90 deg, offset1 = 90 deg`` (the paper's ``q1`` is zero along
    Y), then ``a2`` and ``a3`` with no twist.

    Examples
    --------
    The arm of :func:`anthropomorphic_3r_ik`'s example (shoulder height and links 1) with the
    upper arm up (``q2 = 90`` degrees) and the forearm out along Y (``q3 = -90``): the tip is at
    ``(0, 1, 1 + 1)``.

    >>> arm = anthropomorphic_3r_robot(1.0, 1.0, 1.0)
    >>> (arm.fk(np.radians([0, 90, -90]))[:3, 3].round(3) + 0.0).tolist()
    [0.0, 1.0, 2.0]
    """
    half_turn = (-math.pi, math.pi)
    return Robot((Joint("R", d=a1, alpha=math.pi / 2, offset=math.pi / 2, limits=half_turn,
                        name="waist"),
                  Joint("R", a=a2, limits=half_turn, name="shoulder"),
                  Joint("R", a=a3, limits=half_turn, name="elbow")),
                 name="Anthropomorphic 3R", unit=unit,
                 source="the Java/VRML simulator: the anthropomorphic arm's forward "
                        "kinematics, eq. 8")

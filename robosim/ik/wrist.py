"""Arms with a spherical wrist: the wrist centre placed by the first three joints, the wrist's
three angles in closed form (Pieper's decoupling). Used by :mod:`robosim.ik.pieper`, whose
closed form for the first three joints completes every solution of such an arm.

A 6-joint arm has a spherical wrist when joints 4, 5 and 6 are revolute and their axes meet in
one point ``c``, the wrist centre (Puma 560, KUKA KR5, ABB IRB 140, the Stanford arm; not the
UR arms). ``c`` lies on axis 4, which link 3 carries and which turns about itself, so ``c`` is
fixed in link 3; it lies on axis 6 as well, so it is fixed in the end effector too. Hence:

1. the target pose gives the wrist centre's position ``T_target @ c_end``;
2. the first three joints must put ``c_3`` (``c`` in frame 3) there: three equations in three
   unknowns, finitely many solutions (at most four), those of the arm cut after joint 3 with
   ``c_3`` as its tool point (:attr:`WristSplit.arm`), found by :mod:`robosim.ik.pieper`;
3. with frame 3's rotation ``R_3`` known, the wrist solves
   ``R_3 P Rz(t4) Rx(b1) Rz(t5) Rx(b2) Rz(t6) S = R_target`` in closed form (two solutions,
   one at a wrist singularity): :func:`wrist_angles`.

Standard DH: ``P = I``, ``b1, b2 = alpha_4, alpha_5``, ``S = Rx(alpha_6) R_tool``. Modified DH
(``Rx(alpha_{i-1})`` before ``Rz(theta_i)``): ``P = Rx(alpha_4)``, ``b1, b2 = alpha_5,
alpha_6`` (rows 5 and 6 store them), ``S = R_tool``. ``t_i = q_i + offset_i``.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..kinematics.chain import Component
from ..kinematics import Robot, cos_sin
from ..kinematics.elementary import ArrayMath, FloatMath

#: Axes meeting within this fraction of the robot's size count as meeting in one point.
MEET_TOLERANCE = 1e-9
#: A wrist twist whose sine is below this leaves two wrist axes parallel: no spherical wrist.
PARALLEL_TWIST = 1e-6
#: Below this ``|sin b1| * |m_xy|`` axes 4 and 6 are aligned (wrist singularity): t4 is free.
SINGULAR_WRIST = 1e-12

_splits: weakref.WeakKeyDictionary[Robot, WristSplit | None] = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class WristSplit:
    """The decoupling of an arm with a spherical wrist (see the module docstring).

    Attributes
    ----------
    arm : Robot
        Joints 1-3 of the robot, its base, and the wrist centre ``c_3`` as a tool point
        (translation only), so that ``arm.fk(q[:3])[:3, 3]`` is the wrist centre.
    center_in_end : ndarray, shape (3,)
        The wrist centre in the end-effector frame (tool included), length unit.
    pre, post_transposed : list of 3 lists of 3 floats, or None
        The constant rotations ``P`` and ``S^T``, row by row; None for the identity (no twist,
        no tool rotation: the common case).
    twists : tuple of two (cos, sin) pairs
        ``b1`` and ``b2``.
    offsets : tuple of 3 floats
        Offsets of joints 4-6: ``q_i = t_i - offset_i``.

    Examples
    --------
    The KUKA KR5's wrist centre lies 0.115 m behind its flange, along the flange's Z axis (its
    row 6 has ``d = -0.115`` m); joints 1-3 carry it:

    >>> import robosim
    >>> split = spherical_wrist(robosim.load_robot("KUKA KR5"))
    >>> print(split.center_in_end.round(3) + 0.0, split.arm.n, split.offsets)
    [ 0.     0.    -0.115] 3 (0.0, 0.0, 0.0)
    """

    arm: Robot
    center_in_end: np.ndarray
    pre: list | None
    post_transposed: list | None
    twists: tuple
    offsets: tuple


def spherical_wrist(robot: Robot) -> WristSplit | None:
    """The :class:`WristSplit` of ``robot``, or None when it has no spherical wrist (cached).

    The test is geometric, whatever the convention: at two random configurations the axes of
    joints 4-6 meet in one point (least-squares point within ``MEET_TOLERANCE * L`` of all
    three), and that point is the same point of link 3 (``c_3``) and of the end effector
    (``c_end``) at both.

    Examples
    --------
    The Puma 560's last three axes meet at its flange (``d6 = 0``); the UR5's do not meet:

    >>> import robosim
    >>> split = spherical_wrist(robosim.load_robot("Puma 560"))
    >>> print(split.center_in_end.round(9) + 0.0)
    [0. 0. 0.]
    >>> print(spherical_wrist(robosim.load_robot("UR5")))
    None
    """
    if robot not in _splits:
        _splits[robot] = _find_split(robot)
    return _splits[robot]


def _find_split(robot):
    joints = robot.joints
    if robot.n != 6 or not all(j.is_revolute for j in joints[3:]):
        return None
    if robot.convention == "standard":
        twist_angles, pre = (joints[3].alpha, joints[4].alpha), np.eye(3)
        post = exact_rotx(joints[5].alpha) @ robot.tool[:3, :3]
        axis_frames = slice(3, 6)
    else:
        twist_angles, pre = (joints[4].alpha, joints[5].alpha), exact_rotx(joints[3].alpha)
        post = robot.tool[:3, :3]
        axis_frames = slice(4, 7)
    twists = tuple(cos_sin(alpha) for alpha in twist_angles)
    if min(abs(s) for _, s in twists) < PARALLEL_TWIST:
        return None
    tolerance = MEET_TOLERANCE * robot.length_scale
    held = []                           # per sample, the meeting point in frame 3 and in the end
    for q in robot.random_q(2, rng=np.random.default_rng(0)):
        frames = robot.fk_all(q)
        z, o = frames[axis_frames, :3, 2], frames[axis_frames, :3, 3]
        across = np.eye(3) - z[:, :, None] * z[:, None, :]           # projections off each axis
        center = np.linalg.solve(across.sum(axis=0), np.einsum("kij,kj->i", across, o))
        if np.max(np.linalg.norm(np.einsum("kij,kj->ki", across, center - o), axis=1)) > tolerance:
            return None
        held.append([np.linalg.solve(frame, np.append(center, 1.0))[:3]
                     for frame in (frames[3], frames[-1] @ robot.tool)])
    (center_3, center_end), second = held
    if np.linalg.norm(np.subtract(second, (center_3, center_end)), axis=1).max() > tolerance:
        return None                     # it moves in link 3 or in the end effector: no wrist
    arm = Robot(joints[:3], name=f"{robot.name} (joints 1-3 to the wrist centre)",
                convention=robot.convention, unit=robot.unit, base_xyz=robot.base_xyz,
                base_rpy=robot.base_rpy, tool_xyz=tuple(center_3))
    return WristSplit(arm, center_end, _rows_unless_identity(pre),
                      _rows_unless_identity(post.T), twists,
                      tuple(j.offset for j in joints[3:]))


def _rows_unless_identity(rotation):
    """The rows of ``rotation`` ``(3, 3)`` as lists of floats, or None for the identity, which
    :func:`_times_constant` then passes over at once."""
    return None if np.array_equal(rotation, np.eye(3)) else rotation.tolist()


def exact_rotx(alpha: float) -> np.ndarray:
    """Rotation ``(3, 3)`` about X by ``alpha`` (radians), exact at quarter turns (the zeros stay
    zeros, where :func:`robosim.kinematics.rotx` leaves 6e-17).

    Examples
    --------
    >>> exact_rotx(np.pi / 2) @ [0.0, 1.0, 0.0]
    array([0., 0., 1.])
    """
    c, s = cos_sin(alpha)
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


def wrist_angles(split: WristSplit, frame3: Sequence[Sequence[Component]],
                 target: Sequence[Sequence[Component]], reference_t4: Component,
                 ops: type[FloatMath] | type[ArrayMath] = FloatMath
                 ) -> tuple[list[tuple[Component, Component, Component]],
                            list[bool | np.bool_ | np.ndarray]]:
    """Joint values ``(q4, q5, q6)`` that give the end effector the rotation of ``target``.

    Parameters
    ----------
    split : WristSplit
        The decoupling of the arm at its spherical wrist.
    frame3, target : sequence of 3 columns
        The rotation columns ``(X, Y, Z)`` of frame 3 (from joints 1-3) and of the target, in
        the world frame, as in :func:`robosim.kinematics.chain.chain_frames`: three floats each
        (one target, ``ops=FloatMath``) or three ``(B,)`` arrays (``ops=ArrayMath``).
    reference_t4 : float or (B,) array
        ``t4`` used at a wrist singularity (axes 4 and 6 aligned), where only ``t4 + t6``
        (or ``t4 - t6``) is fixed.
    ops : FloatMath or ArrayMath
        Arithmetic on floats or on ``(B,)`` arrays.

    Returns
    -------
    solutions : list of two tuples ``(q4, q5, q6)``
        Angles (``q_i = t_i - offset_i``, radians), floats or ``(B,)`` arrays, not reduced
        to one turn: ``q4`` may lie up to 1.5 turns from 0 (callers compare them modulo 2 pi,
        or bring them to the turn they want, as :func:`robosim.ik.turns.turned` does).
    valid : list of two bools (or ``(B,)`` bool arrays)
        False for the second solution at a singularity (where it repeats the first) and for
        both when no wrist angle reaches the rotation (possible only when a twist is not 90
        degrees).

    Notes
    -----
    With ``M = (R_3 P)^T R_target S^T = Rz(t4) Rx(b1) Rz(t5) Rx(b2) Rz(t6)`` and ``m`` its
    third column: ``Rz(t6)`` leaves Z alone, so ``Rx(b1)^T Rz(t4)^T m = Rz(t5) Rx(b2) e_z =
    (sin b2 sin t5, -sin b2 cos t5, cos b2)``. The last component reads
    ``sin b1 (m_x sin t4 - m_y cos t4) = cos b2 - cos b1 m_z``, i.e.
    ``sin(t4 - phi) = kappa`` with ``phi = atan2(m_y, m_x)``: ``t4 = phi + asin(kappa)`` or
    ``phi + pi - asin(kappa)``. The first two components give ``t5``; then ``Rz(t6)`` is
    ``W^T M`` with ``W = Rz(t4) Rx(b1) Rz(t5) Rx(b2)``, whose first column gives ``t6``.

    Examples
    --------
    The Puma 560's wrist (twists of +-90 degrees) at ``q = (0.1, -0.5, 0.4, 0.3, 0.5, -0.2)``
    has the solution ``(0.3, 0.5, -0.2)`` and the flipped one ``(0.3 - pi, -0.5, -0.2 + pi)``
    (here first):

    >>> import robosim
    >>> robot = robosim.load_robot("Puma 560")
    >>> split = spherical_wrist(robot)
    >>> q = [0.1, -0.5, 0.4, 0.3, 0.5, -0.2]
    >>> columns = lambda T: [T[:3, c].tolist() for c in range(3)]
    >>> solutions, valid = wrist_angles(split, columns(split.arm.fk(q[:3])),
    ...                                 columns(robot.fk(q)), 0.0)
    >>> np.round(solutions, 4), valid
    (array([[-2.8416, -0.5   ,  2.9416],
           [ 0.3   ,  0.5   , -0.2   ]]), [True, True])
    """
    (cb1, sb1), (cb2, sb2) = split.twists
    arm = _times_constant(frame3, split.pre)                          # columns of R_3 P
    b0, _, b2 = _times_constant(target, split.post_transposed)        # R_target S^T
    m0, m1, m2 = _transposed_times(arm, b2)                           # column 3 of M
    x0, x1, x2 = _transposed_times(arm, b0)                           # column 1 of M
    spread = sb1 * ops.sqrt(m0 * m0 + m1 * m1)
    singular = ops.absolute(spread) < SINGULAR_WRIST
    kappa = (cb2 - cb1 * m2) / ops.where(singular, 1.0, spread)
    reachable = singular | (ops.absolute(kappa) <= 1.0 + 1e-9)
    phi, turn = ops.atan2(m1, m0), ops.asin(ops.clip(kappa, -1.0, 1.0))
    sign = 1.0 if sb2 > 0 else -1.0
    solutions = []
    for t4 in (phi + turn, phi + math.pi - turn):
        t4 = ops.where(singular, reference_t4, t4)
        c4, s4 = ops.cos(t4), ops.sin(t4)
        u1 = -s4 * m0 + c4 * m1                                   # (Rz(t4)^T m)_y
        t5 = ops.atan2(sign * (c4 * m0 + s4 * m1), -sign * (cb1 * u1 + sb1 * m2))
        # First column of W^T M: one factor of W^T = Rx(b2)^T Rz(t5)^T Rx(b1)^T Rz(t4)^T at
        # a time.
        w0, w1 = c4 * x0 + s4 * x1, -s4 * x0 + c4 * x1
        r1, r2 = cb1 * w1 + sb1 * x2, -sb1 * w1 + cb1 * x2
        c5, s5 = ops.cos(t5), ops.sin(t5)
        d0, d1 = c5 * w0 + s5 * r1, -s5 * w0 + c5 * r1
        t6 = ops.atan2(cb2 * d1 + sb2 * r2, d0)
        o4, o5, o6 = split.offsets
        solutions.append((t4 - o4, t5 - o5, t6 - o6))
    return solutions, [reachable, ops.where(singular, False, reachable)]


def _times_constant(columns, constant):
    """Columns of ``R @ C`` for ``R`` given by its columns and a constant 3x3 ``C`` (rows,
    zero entries skipped); the columns themselves when ``C`` is None, the identity."""
    if constant is None:
        return columns
    product = []
    for k in range(3):
        terms = [(columns[j], constant[j][k]) for j in range(3) if constant[j][k] != 0.0]
        product.append(tuple(sum(column[r] * value for column, value in terms)
                             for r in range(3)))
    return product


def _transposed_times(columns, v):
    """``R^T v`` for ``R`` given by its columns: each column's dot product with ``v``."""
    (a0, a1, a2), (b0, b1, b2), (c0, c1, c2) = columns
    v0, v1, v2 = v
    return (a0 * v0 + a1 * v1 + a2 * v2, b0 * v0 + b1 * v1 + b2 * v2,
            c0 * v0 + c1 * v1 + c2 * v2)



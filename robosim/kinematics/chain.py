"""The chain's frames and their derivatives: forward kinematics as the product of DH link
transforms, the geometric Jacobian column by column, its Hessian and its time derivative.

Each is written once, in component form over the math namespaces of
:mod:`robosim.kinematics.elementary`: a frame ``T = [[X Y Z P], [0 0 0 1]]`` is kept as its four
columns ``(X, Y, Z, P)`` (the rotation's axes, then the origin), each a triple of components:
Python floats for one configuration (``ops = FloatMath``: no numpy per-call cost), ``(B,)``
arrays for a batch (``ops = ArrayMath``). The same lines serve both; :class:`robosim.Robot`'s
methods check their input once, run these and shape the result
(:func:`~robosim.kinematics.elementary.evaluate`), and the IK, the collision distances and the
forward workspace call them on values already checked.

Sources: the DH transforms as in Spong, Hutchinson and Vidyasagar, *Robot Modeling and
Control* (standard: ``A_i = Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i)``) and Craig, *Introduction
to Robotics* (modified: ``A_i = Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta_i) Tz(d_i)``); the Jacobian's
columns ``[z x (p - o); z]`` (revolute) and ``[z; 0]`` (prismatic) from the same books; the
Hessian as J. Haviland and P. Corke derive it, "Manipulator Differential Kinematics, Part II:
Acceleration and Advanced Applications", IEEE Robotics & Automation Magazine 2023
(arXiv:2207.01794).

The worked example throughout is the planar two-link arm with unit links at ``q = (0, 90)``
degrees: the elbow at ``(1, 0, 0)``, the tip at ``(1, 1, 0)``.

>>> from robosim import Joint, Robot
>>> from robosim.kinematics.elementary import FloatMath
>>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
>>> X, Y, Z, P = chain_frames(arm.chain, [0.0, np.pi / 2], FloatMath)[-1]
>>> [round(v, 9) + 0.0 for v in P]
[1.0, 1.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from .transforms import cos_sin, homogeneous, rotx, rotz, transl

#: One component of a column: a float (one configuration) or a ``(B,)`` array (a batch).
Component = float | np.ndarray
#: A column ``(x, y, z)`` of a frame: a direction or a point.
Column = tuple[Component, Component, Component]
#: A frame as its columns ``(X, Y, Z, P)``: the rotation's axes, then the origin.
Frame = tuple[Column, Column, Column, Column]
#: A Jacobian column ``(vx, vy, vz, wx, wy, wz)``.
Twist = tuple[Component, Component, Component, Component, Component, Component]
#: The math namespace: :class:`~robosim.kinematics.elementary.FloatMath` or ``ArrayMath``.
Ops = Any

_ZERO = (0.0, 0.0, 0.0)


class Link(NamedTuple):
    """The constants of one DH row, as :func:`chain_frames` multiplies its transform.

    ``theta_i = q_i + theta`` and ``d_i = d`` for a revolute joint; ``theta_i = theta`` and
    ``d_i = q_i + d`` for a prismatic one (``theta`` and ``d`` hold the joint's offset where
    its variable is). The cosines and sines of ``alpha`` and of a prismatic joint's ``theta``
    are exact at multiples of 90 degrees (:func:`~robosim.kinematics.cos_sin`).
    """

    revolute: bool
    a: float
    cos_alpha: float
    sin_alpha: float
    theta: float
    d: float
    cos_theta: float
    sin_theta: float

    @classmethod
    def of(cls, revolute: bool, a: float, alpha: float, theta: float, d: float) -> Link:
        """The link of a DH row: ``a``, ``alpha`` and the constant parts of ``theta`` and ``d``.

        Examples
        --------
        A revolute joint twisted by 90 degrees: its cosine is exactly 0.

        >>> Link.of(True, 1.0, np.pi / 2, 0.0, 0.5)[:4]
        (True, 1.0, 0.0, 1.0)
        """
        cos_alpha, sin_alpha = cos_sin(alpha)
        cos_theta, sin_theta = cos_sin(theta)
        return cls(revolute, a, cos_alpha, sin_alpha, theta, d, cos_theta, sin_theta)


class Chain(NamedTuple):
    """A serial chain: its links, their DH convention, the base and the tool as frames.

    Built by :class:`robosim.Robot` (``robot.chain``); ``base`` is where :func:`chain_frames`
    starts (world to frame 0), ``tool`` what :func:`end_frame` appends (frame n to the end
    effector).
    """

    links: tuple[Link, ...]
    convention: str
    base: Frame
    tool: Frame


# --------------------------------------------------------------------------- frames
def frame_columns(T: np.ndarray) -> Frame:
    """A transform as its columns ``(X, Y, Z, P)``.

    Parameters
    ----------
    T : ndarray, shape (4, 4) or (..., 4, 4)
        One transform (the columns are Python floats) or a batch (arrays of its batch shape).

    Examples
    --------
    A quarter turn about Z at ``(1, 2, 3)``: X points along +Y, Y along -X.

    >>> T = np.array([[0.0, -1.0, 0.0, 1.0], [1.0, 0.0, 0.0, 2.0], [0.0, 0.0, 1.0, 3.0],
    ...               [0.0, 0.0, 0.0, 1.0]])
    >>> frame_columns(T)
    ((0.0, 1.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 0.0, 1.0), (1.0, 2.0, 3.0))
    """
    entries = T.tolist() if T.ndim == 2 else np.moveaxis(T, (-2, -1), (0, 1))  # T[..., r, c]
    X, Y, Z, P = zip(*entries[:3], strict=True)      # the columns of the top three rows
    return X, Y, Z, P


def frame_entries(frame: Frame) -> list[Component]:
    """The 16 entries of the matrix of ``frame``, row by row (the last row ``0 0 0 1``).

    Examples
    --------
    >>> frame_entries(((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (4.0, 5.0, 6.0)))[:4]
    [1.0, 0.0, 0.0, 4.0]
    """
    return [column[r] for r in range(3) for column in frame] + [0.0, 0.0, 0.0, 1.0]


def frame_vector(frame: Frame, v: Sequence[Component]) -> Column:
    """The direction ``v`` given in ``frame``'s axes, in the world's: ``R v = X v0 + Y v1 + Z v2``.

    Examples
    --------
    In a frame turned 90 degrees about Z, its x direction is the world's +Y:

    >>> frame_vector(((0.0, 1.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 0.0, 1.0), _ZERO), (1.0, 0.0, 0.0))
    (0.0, 1.0, 0.0)
    """
    (x0, x1, x2), (y0, y1, y2), (z0, z1, z2), _ = frame
    a, b, c = v
    return (x0 * a + y0 * b + z0 * c, x1 * a + y1 * b + z1 * c, x2 * a + y2 * b + z2 * c)


def frame_point(frame: Frame, p: Sequence[Component]) -> Column:
    """The point ``p`` given in ``frame``, in the world: ``P + R p``.

    Examples
    --------
    A frame turned 90 degrees about Z at ``(1, 0, 0)``: its point ``(0.5, 0, 0)`` is 0.5 along
    its X axis, which points along +Y, at ``(1, 0.5, 0)``.

    >>> frame_point(((0.0, 1.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 0.0, 1.0), (1.0, 0.0, 0.0)),
    ...             (0.5, 0.0, 0.0))
    (1.0, 0.5, 0.0)
    """
    (p0, p1, p2), (r0, r1, r2) = frame[3], frame_vector(frame, p)
    return p0 + r0, p1 + r1, p2 + r2


def frame_times(frame: Frame, other: Frame) -> Frame:
    """The product ``frame @ other`` of two frames (``other``'s axes and origin given in
    ``frame``); a pure translation ``other`` leaves the axes as they are.

    Examples
    --------
    The frame above times a tool 0.5 along its own X and turned 90 degrees about it:

    >>> frame = ((0.0, 1.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 0.0, 1.0), (1.0, 0.0, 0.0))
    >>> tool = ((1.0, 0.0, 0.0), (0.0, 0.0, 1.0), (0.0, -1.0, 0.0), (0.5, 0.0, 0.0))
    >>> frame_times(frame, tool)
    ((0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (1.0, 0.0, 0.0), (1.0, 0.5, 0.0))
    """
    X, Y, Z, P = other
    if (X, Y, Z) == _NO_ROTATION:
        return frame[0], frame[1], frame[2], frame_point(frame, P)
    return (frame_vector(frame, X), frame_vector(frame, Y), frame_vector(frame, Z),
            frame_point(frame, P))


_NO_ROTATION = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


def _turn(c: Component, s: Component, U: Column, V: Column) -> tuple[Column, Column]:
    """The axes ``U, V`` turned about the third by the angle of cosine ``c`` and sine ``s``:
    ``(c U + s V, c V - s U)``."""
    (u0, u1, u2), (v0, v1, v2) = U, V
    return ((c * u0 + s * v0, c * u1 + s * v1, c * u2 + s * v2),
            (c * v0 - s * u0, c * v1 - s * u1, c * v2 - s * u2))


def _twist(link: Link, Y: Column, Z: Column) -> tuple[Column, Column]:
    """``Rx(alpha)``: the axes ``Y, Z`` turned about X by the link's twist.

    A twist of 0, 180 or +-90 degrees (cosine and sine exactly 0 or +-1) swaps the axes and
    changes signs: the same numbers as the products, with no product.
    """
    c, s = link.cos_alpha, link.sin_alpha
    if s == 0.0:
        return (Y, Z) if c > 0.0 else (_minus(Y), _minus(Z))
    if c == 0.0:
        return (Z, _minus(Y)) if s > 0.0 else (_minus(Z), Y)
    return _turn(c, s, Y, Z)


def _minus(U: Column) -> Column:
    return -U[0], -U[1], -U[2]


def _along(P: Column, length: Component, U: Column) -> Column:
    """The point ``P`` moved by ``length`` along the axis ``U``."""
    return P[0] + length * U[0], P[1] + length * U[1], P[2] + length * U[2]


def chain_frames(chain: Chain, q: Sequence[Component], ops: Ops, keep_all: bool = False,
                 start: tuple[int, Frame] | None = None) -> list[Frame]:
    """Forward kinematics: the frames ``T_i = T_{i-1} A_i`` from ``T_0 = base``.

    Parameters
    ----------
    chain : Chain
        The robot's chain (``robot.chain``).
    q : sequence of floats, or of ``(B,)`` arrays
        Joint values, one entry per joint (radians, length unit), checked by the caller.
    ops : FloatMath or ArrayMath
        Floats or arrays (:mod:`robosim.kinematics.elementary`); its ``cos_sin`` gives the
        joint angles' cosines and sines.
    keep_all : bool
        All the frames (``T_0`` first), or only the last.
    start : (k, frame k), optional
        Continue from frame k (computed before), instead of the base: ``q`` holds the values
        of joints k+1, k+2, ... (as many frames follow as ``q`` has values).

    Returns
    -------
    list of Frame
        ``[T_k, ..., T_m]`` with ``keep_all``, else ``[T_m]``; the tool is not included
        (:func:`end_frame`).

    Notes
    -----
    Right-multiplying a frame by an elementary motion changes few of its columns: ``Rz``
    turns ``X`` and ``Y`` about ``Z``, ``Rx`` turns ``Y`` and ``Z`` about ``X``, ``Tz`` and
    ``Tx`` move ``P`` along ``Z`` and ``X``; each line of the loop is one such motion. A
    translation by a constant 0 (``a = 0``, a revolute joint's ``d = 0``) is left out, and a
    twist of a multiple of 90 degrees swaps axes (:func:`_twist`): the same numbers.

    Examples
    --------
    The two-link arm at ``q = (0, 90)`` degrees. ``A_1 = Rz(0) Tx(1)`` puts frame 1 at
    ``(1, 0, 0)``; ``A_2 = Rz(90) Tx(1)`` turns its X axis to +Y and goes 1 along it, to
    ``(1, 1, 0)``:

    >>> from robosim import Joint, Robot
    >>> from robosim.kinematics.elementary import ArrayMath, FloatMath
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> frames = chain_frames(arm.chain, [0.0, np.pi / 2], FloatMath, keep_all=True)
    >>> [[round(v, 9) + 0.0 for v in P] for X, Y, Z, P in frames]
    [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0]]

    The same for a batch, one ``(B,)`` array per joint (here the second configuration is
    ``(90, 0)``, its tip at ``(0, 2, 0)``), and joint 2 alone from frame 1:

    >>> X, Y, Z, P = chain_frames(arm.chain, [np.array([0.0, np.pi / 2]),
    ...                                       np.array([np.pi / 2, 0.0])], ArrayMath)[-1]
    >>> np.round(P, 9) + 0.0
    array([[1., 0.],
           [1., 2.],
           [0., 0.]])
    >>> X, Y, Z, P = chain_frames(arm.chain, [np.pi / 2], FloatMath, start=(1, frames[1]))[-1]
    >>> [round(v, 9) + 0.0 for v in P]
    [1.0, 1.0, 0.0]
    """
    k, frame = (0, chain.base) if start is None else start
    X, Y, Z, P = frame
    frames = [frame] if keep_all else []
    standard = chain.convention == "standard"
    for link, value in zip(chain.links[k:k + len(q)], q, strict=True):
        # The joint variable: theta_i = q_i + offset_i (revolute), d_i = q_i + offset_i
        d: Component
        if link.revolute:
            (ct, st), d = ops.cos_sin(value + link.theta), link.d
        else:
            ct, st, d = link.cos_theta, link.sin_theta, value + link.d
        slides = not link.revolute or d != 0.0
        if standard:                        # A_i = Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i)
            X, Y = _turn(ct, st, X, Y)                                  # Rz(theta_i)
            if slides:
                P = _along(P, d, Z)                                     # Tz(d_i)
            if link.a != 0.0:
                P = _along(P, link.a, X)                                # Tx(a_i)
            Y, Z = _twist(link, Y, Z)                                   # Rx(alpha_i)
        else:                               # A_i = Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta_i) Tz(d_i)
            Y, Z = _twist(link, Y, Z)                                   # Rx(alpha_{i-1})
            if link.a != 0.0:
                P = _along(P, link.a, X)                                # Tx(a_{i-1})
            X, Y = _turn(ct, st, X, Y)                                  # Rz(theta_i)
            if slides:
                P = _along(P, d, Z)                                     # Tz(d_i)
        if keep_all:
            frames.append((X, Y, Z, P))
    return frames if keep_all else [(X, Y, Z, P)]


def end_frame(chain: Chain, frame: Frame) -> Frame:
    """The end effector's frame ``T_n @ tool`` of the chain's last frame ``T_n``.

    Examples
    --------
    The two-link arm with a tool 0.5 along the last link: at ``q = (0, 90)`` degrees the tip
    ``(1, 1, 0)`` moves 0.5 further along +Y.

    >>> from robosim import Joint, Robot
    >>> from robosim.kinematics.elementary import FloatMath
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m", tool_xyz=(0.5, 0.0, 0.0))
    >>> X, Y, Z, P = end_frame(arm.chain, chain_frames(arm.chain, [0.0, np.pi / 2],
    ...                                                 FloatMath)[-1])
    >>> [round(v, 9) + 0.0 for v in P]
    [1.0, 1.5, 0.0]
    """
    return frame_times(frame, chain.tool)


# ------------------------------------------------------------------------ derivatives
def _cross(u: Sequence[Component], v: Sequence[Component]) -> Column:
    return (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])


def _plus(u: Sequence[Component], v: Sequence[Component]) -> Column:
    return u[0] + v[0], u[1] + v[1], u[2] + v[2]


def jacobian_columns(chain: Chain, axes: Sequence[Sequence[Column]], point: Column) -> list[Twist]:
    """The geometric Jacobian, column by column: how ``point`` moves with each joint.

    Joint i moves about (or along) its axis ``z``, through the point ``o``: the Z column and
    origin of frame i-1 in the standard convention, of frame i in the modified one. Its
    column is, in the base frame,

    - revolute: ``J_i = [z x (point - o); z]``,
    - prismatic: ``J_i = [z; 0]``.

    Parameters
    ----------
    chain : Chain
        The robot's chain: its joints' kinds and the convention.
    axes : list of ``(Z, P)`` pairs
        The Z axis and origin of each of the frames of :func:`chain_frames` (``keep_all``,
        base first): ``[(Z, P) for X, Y, Z, P in frames]``, all that is read of them.
    point : Column
        The point whose velocity is wanted, usually the end effector
        (``end_frame(chain, frames[-1])[3]``).

    Returns
    -------
    list of n columns ``(vx, vy, vz, wx, wy, wz)``

    Examples
    --------
    The two-link arm at ``q = (0, 90)`` degrees, tip at ``(1, 1, 0)``: joint 1 turns about
    ``z = (0, 0, 1)`` through the origin, so the tip moves along ``z x (1, 1, 0) = (-1, 1, 0)``;
    joint 2 turns about ``z`` through the elbow ``(1, 0, 0)``: ``z x (0, 1, 0) = (-1, 0, 0)``.

    >>> from robosim import Joint, Robot
    >>> from robosim.kinematics.elementary import FloatMath
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> frames = chain_frames(arm.chain, [0.0, np.pi / 2], FloatMath, keep_all=True)
    >>> columns = jacobian_columns(arm.chain, [(Z, P) for X, Y, Z, P in frames], frames[-1][3])
    >>> print(np.round(columns, 9) + 0.0)
    [[-1.  1.  0.  0.  0.  1.]
     [-1.  0.  0.  0.  0.  1.]]
    """
    about = axes[:-1] if chain.convention == "standard" else axes[1:]
    return [(*_cross(z, (point[0] - o[0], point[1] - o[1], point[2] - o[2])), *z)
            if link.revolute else (*z, *_ZERO)
            for link, (z, o) in zip(chain.links, about, strict=True)]


def jacobian(chain: Chain, q: Sequence[Component], ops: Ops) -> list[Twist]:
    """The end effector's Jacobian columns at ``q`` (:func:`jacobian_columns`, tool included).

    Examples
    --------
    The two-link arm stretched out, ``q = (0, 0)``: the tip ``(2, 0, 0)`` moves along +Y at 2
    per radian of joint 1 and 1 per radian of joint 2.

    >>> from robosim import Joint, Robot
    >>> from robosim.kinematics.elementary import FloatMath
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> [column[1] for column in jacobian(arm.chain, [0.0, 0.0], FloatMath)]
    [2.0, 1.0]
    """
    frames = chain_frames(chain, q, ops, keep_all=True)
    # The X and Y axes are let go before the columns are computed, which then reuse their
    # memory: kept, a 10,000-pose UR5 Jacobian peaked at about 6 MB with its result, which the
    # allocator gave back to the system and took again, page by page, on every call (3.5 times
    # the time; benchmarks/bench_vs_pinocchio.py).
    axes, point = [frame[2:] for frame in frames], frame_point(frames[-1], chain.tool[3])
    del frames
    return jacobian_columns(chain, axes, point)


def hessian(columns: Sequence[Twist]) -> list[list[Twist]]:
    """The manipulator Hessian from the Jacobian's columns: ``H[i][j] = dJ_j / dq_i``.

    With ``J_j = [v_j; w_j]`` (``w_j = 0`` for a prismatic joint), joint i turns everything
    after it about ``w_i`` (Haviland and Corke, part II, the manipulator Hessian), so, with
    ``a = min(i, j)`` and ``b = max(i, j)``:

    - ``dv_j / dq_i = w_a x v_b``;
    - ``dw_j / dq_i = w_i x w_j`` for ``i < j``, else 0.

    Examples
    --------
    The two-link arm at ``q = (0, 0)``: ``x = cos q1 + cos(q1 + q2)``, whose second
    derivatives there are ``[[-2, -1], [-1, -1]]``: the ``vx`` entries of ``H``.

    >>> from robosim import Joint, Robot
    >>> from robosim.kinematics.elementary import FloatMath
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> H = hessian(jacobian(arm.chain, [0.0, 0.0], FloatMath))
    >>> [[H[i][j][0] for j in range(2)] for i in range(2)]
    [[-2.0, -1.0], [-1.0, -1.0]]
    """
    n = len(columns)
    H: list[list[Any]] = [[None] * n for _ in range(n)]
    for a, column_a in enumerate(columns):
        w_a = column_a[3:]
        for b in range(a, n):
            v_b, w_b = columns[b][:3], columns[b][3:]
            dv = _cross(w_a, v_b)                          # dv_b/dq_a = dv_a/dq_b = w_a x v_b
            H[a][b] = (*dv, *(_cross(w_a, w_b) if a < b else _ZERO))    # dw_b/dq_a
            H[b][a] = (*dv, *_ZERO)                                     # dw_a/dq_b = 0
    return H


def jacobian_dot(columns: Sequence[Twist], qd: Sequence[Component]) -> list[Twist]:
    """The Jacobian's time derivative ``dJ/dt = sum_i H_i qd_i`` (:func:`hessian`), column by
    column: with ``omega_j = sum_{i <= j} qd_i w_i``, the angular velocity of the links joint
    j moves with, and ``u_j = sum_{i > j} qd_i v_i``, the end effector's velocity from the
    joints after j,

    - ``dv_j / dt = omega_j x v_j + w_j x u_j``;
    - ``dw_j / dt = omega_{j-1} x w_j``.

    Examples
    --------
    The two-link arm at ``q = (0, 0)``, joint 1 turning at 1 rad/s: the ``vx`` row is that of
    ``dJ / dq1`` (:func:`hessian`), ``(-2, -1)``.

    >>> from robosim import Joint, Robot
    >>> from robosim.kinematics.elementary import FloatMath
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> [column[0] for column in jacobian_dot(jacobian(arm.chain, [0.0, 0.0], FloatMath),
    ...                                       [1.0, 0.0])]
    [-2.0, -1.0]
    """
    after: list[Column] = []                                # u_j, from the last joint back
    u: Column = _ZERO
    for column, speed in zip(reversed(columns), reversed(qd), strict=True):
        after.append(u)
        u = _plus(u, (speed * column[0], speed * column[1], speed * column[2]))
    after.reverse()
    out = []
    omega: Column = _ZERO
    for column, speed, u_j in zip(columns, qd, after, strict=True):
        v, w = column[:3], column[3:]
        before = omega                                          # omega_{j-1}
        omega = _plus(omega, (speed * w[0], speed * w[1], speed * w[2]))
        out.append((*_plus(_cross(omega, v), _cross(w, u_j)), *_cross(before, w)))
    return out


# ------------------------------------------------------------------ one link as a matrix
def link_transform(theta: ArrayLike, d: ArrayLike, a: float, alpha: float,
                   convention: str) -> np.ndarray:
    """One DH link transform ``A_i`` ``(..., 4, 4)`` as the book writes it, a product of 4 x 4
    matrices (what :func:`chain_frames` multiplies on columns).

    Standard DH: ``A = Rz(theta) Tz(d) Tx(a) Rx(alpha)``; modified DH (Craig):
    ``A = Rx(alpha) Tx(a) Rz(theta) Tz(d)``, with the row's ``a`` and ``alpha`` being
    ``a_{i-1}`` and ``alpha_{i-1}``. ``theta`` (radians) and ``d`` (length unit) may be arrays.

    Examples
    --------
    A link of length 1 turned by 90 degrees: its end is at (0, 1, 0).

    >>> np.round(link_transform(np.pi / 2, 0.0, 1.0, 0.0, "standard")[:3, 3], 12)
    array([0., 1., 0.])
    """
    theta, d = np.broadcast_arrays(np.asarray(theta, dtype=float), np.asarray(d, dtype=float))
    screw = homogeneous(rotz(theta), np.zeros(3)) @ transl(d[..., None] * [0.0, 0.0, 1.0])
    link = transl([a, 0.0, 0.0]) @ homogeneous(rotx(alpha), np.zeros(3))
    return screw @ link if convention == "standard" else link @ screw

"""A DH table from joint axes: the common-normal construction on the axes at the zero pose.

Given where each joint's axis lies when every joint is at zero (a point on it and its
direction, in the base's coordinates) and where the tool frame is, :func:`dh_from_axes` places
the DH frames as the textbooks do (Spong, Hutchinson and Vidyasagar, *Robot Modeling and
Control*, section 3.3 for the standard convention; Craig, *Introduction to Robotics*, section
3.4 for the modified one) and reads the table off them. Rajeevlochana, Saha and Kumar
("Automatic extraction of DH parameters of serial manipulators using line geometry", 2012)
describe the same construction as line geometry on the joint axes; this module follows it.

The joint values are the description's own: each frame's z axis points along the joint's axis
as given (never flipped), so that a positive ``q`` turns or slides the way the description says,
and the angle (or length) between the construction's frames at the zero pose goes into the
joint's ``offset``. Whatever the rows cannot carry (where the first frame sits in the base,
where the tool sits on the last) becomes the ``base`` and ``tool`` transforms.

The choices the construction leaves open are made so that a table a manufacturer publishes
with zero offsets comes out as published:

- **Frame 0** lies on joint 1's axis, at the point nearest the base's origin; its x axis is the
  base's x axis made perpendicular to the axis (the base's y axis when x lies along it).
- **Skew axes**: x along their common normal (unique); its origin where the normal meets the
  axis the frame sits on.
- **Intersecting axes**: the normal through the intersection (``a = 0``), x along
  ``+-(z_prev x z_next)``.
- **Parallel axes**: the normal through the previous frame's origin (standard: ``d = 0``;
  modified: through the point where the previous normal met the axis).
- **Collinear axes**: nothing but ``d``: x stays the previous frame's x (``a = 0``,
  ``alpha = 0``, no offset).
- **Which way x points**: a common normal is a line; of its two directions the one closer to
  the previous frame's x is taken, so at the zero pose the x axes turn as little as possible
  and the offsets are zero whenever they can be (``a`` may then be negative, as UR's and
  Franka's published tables have it).
- **Frame n**: standard, its z along joint n's axis, its x the previous x, its origin on the
  axis at the point nearest the tool's origin (``a_n = 0``, ``alpha_n = 0``: the distance along
  the last axis is ``d_n``, as in UR's table); modified, where the previous normal meets joint
  n's axis (``d_n = 0`` where it can be, Craig's rule; the flange is in the tool, as in
  Franka's table).

Axes within :data:`PARALLEL_TOLERANCE` rad of parallel are taken as parallel (the common normal
of nearly parallel axes lies far away and the table would carry huge cancelling ``d`` values);
the caller checks the table's forward kinematics against the description's
(:func:`robosim.robot_files.load_urdf` does, to 1e-9 relative).

Worked example: a planar 2R arm whose joints turn about z at ``(0, 0, 0)`` and ``(1, 0, 0)``,
its tool at ``(2, 0, 0)``. The axes are parallel, so x_1 runs from the first to the second:
``a_1 = 1``; frame 2 sits on the second axis with ``a_2 = 0`` and the tool carries the last 1::

    >>> tool = np.eye(4)
    >>> tool[0, 3] = 2.0
    >>> fit = dh_from_axes([[0, 0, 0], [1, 0, 0]], [[0, 0, 1], [0, 0, 1]], "RR", tool)
    >>> [round(row.a, 12) for row in fit.rows], fit.tool[:3, 3].tolist()
    ([1.0, 0.0], [1.0, 0.0, 0.0])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ..errors import ValidationError
from ..kinematics import CONVENTIONS, PRISMATIC, REVOLUTE, homogeneous, inverse

#: Axes whose directions differ by less than this (radians) are parallel.
PARALLEL_TOLERANCE = 1e-9
#: Lengths below this times the arm's size are zero (two axes that meet, to rounding).
LENGTH_TOLERANCE = 1e-12
#: Angles this close (radians) to a multiple of 90 degrees are that multiple.
ANGLE_TOLERANCE = 1e-12


@dataclass(frozen=True)
class DHRow:
    """One row of an extracted table (radians, the description's length unit).

    ``theta`` and ``d`` hold the constant part of the joint: for a revolute joint ``theta`` is 0
    and the angle at the zero pose is in ``offset``; for a prismatic one ``d`` is 0 and the
    length at the zero pose is in ``offset`` (``theta_i = q_i + offset_i`` or
    ``d_i = q_i + offset_i``, as :class:`robosim.Joint`). In a modified table ``a`` and
    ``alpha`` are ``a_{i-1}`` and ``alpha_{i-1}``.

    Examples
    --------
    The first row of a planar arm whose two vertical axes are 1 m apart (see
    :func:`dh_from_axes`): ``a1 = 1``, every other parameter 0.

    >>> from robosim.kinematics import transl
    >>> fit = dh_from_axes([[0, 0, 0], [1, 0, 0]], [[0, 0, 1], [0, 0, 1]], "RR", transl([2, 0, 0]))
    >>> fit.rows[0]
    DHRow(kind='R', a=1.0, alpha=0.0, d=0.0, theta=0.0, offset=0.0)
    """

    kind: str
    a: float
    alpha: float
    d: float
    theta: float
    offset: float


@dataclass(frozen=True)
class DHFit:
    """An extracted table: its rows, and the base and tool transforms ``(4, 4)``.

    ``frames`` ``(n + 1, 4, 4)`` are the DH frames 0..n at the zero pose in the base's
    coordinates (before ``tool``), so that a part fixed to link ``i`` can be moved into frame
    ``i``.

    Examples
    --------
    The planar arm of :func:`dh_from_axes`: frame 0 at the base, frames 1 and 2 at the second
    axis (1, 0, 0), the last 1 m reaching the tool at (2, 0, 0) through the tool transform.

    >>> from robosim.kinematics import transl
    >>> fit = dh_from_axes([[0, 0, 0], [1, 0, 0]], [[0, 0, 1], [0, 0, 1]], "RR", transl([2, 0, 0]))
    >>> fit.convention, (fit.frames[:, :3, 3].round(6) + 0.0).tolist()
    ('standard', [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 0.0, 0.0]])
    >>> (fit.tool[:3, 3].round(6) + 0.0).tolist()
    [1.0, 0.0, 0.0]
    """

    convention: str
    rows: tuple[DHRow, ...]
    base: np.ndarray
    tool: np.ndarray
    frames: np.ndarray


def _unit(vector, what):
    vector = np.asarray(vector, dtype=float)
    norm = float(np.linalg.norm(vector))
    if not math.isfinite(norm) or norm == 0.0:
        raise ValidationError(f"{what}: the axis direction is zero")
    return vector / norm


def _foot(point, origin, direction):
    """The point of the line ``origin + t direction`` nearest ``point``."""
    return origin + np.dot(point - origin, direction) * direction


def _facing(x, reference, natural_sign=1.0):
    """``x`` or ``-x``: the one closer to ``reference`` (``natural_sign`` decides a tie)."""
    dot = float(np.dot(x, reference))
    if abs(dot) < ANGLE_TOLERANCE:
        return natural_sign * x
    return x if dot > 0 else -x


def _normal(origin_a, direction_a, point_b, direction_b, x_previous, size):
    """How a frame sits between line A (through ``origin_a``) and line B.

    Returns ``(start, end, x)``: the common normal runs from ``start`` on A to ``end`` on B,
    along ``x`` (unit, ``x . x_previous >= 0``). Parallel lines take the normal through
    ``origin_a``; collinear ones return ``x_previous`` and ``start = end = origin_a``.
    """
    cross = np.cross(direction_a, direction_b)
    sine = float(np.linalg.norm(cross))
    if sine < PARALLEL_TOLERANCE:
        end = _foot(origin_a, point_b, direction_b)
        gap = end - origin_a
        length = float(np.linalg.norm(gap))
        if length < LENGTH_TOLERANCE * size:
            return origin_a, origin_a, x_previous
        return origin_a, end, _facing(gap / length, x_previous)
    # Closest points of two skew (or intersecting) lines: solve for t_a, t_b in
    # origin_a + t_a u - (point_b + t_b v) perpendicular to u and v.
    u, v, w = direction_a, direction_b, origin_a - point_b
    b, d, e = float(np.dot(u, v)), float(np.dot(u, w)), float(np.dot(v, w))
    denominator = 1.0 - b * b
    t_a, t_b = (b * e - d) / denominator, (e - b * d) / denominator
    start, end = origin_a + t_a * u, point_b + t_b * v
    return start, end, _facing(cross / sine, x_previous)


def tidy_length(value: float, size: float) -> float:
    """``value`` as the decimal of 12 significant digits nearest it, or 0, when that moves it by
    less than :data:`LENGTH_TOLERANCE` times ``size``: a table reads ``0.0823``, not the
    ``0.08230000000000001`` that rounding in the construction leaves (a change of 1e-17 m).

    >>> tidy_length(0.08230000000000001, 1.0), tidy_length(3e-17, 1.0)
    (0.0823, 0.0)
    """
    if abs(value) < LENGTH_TOLERANCE * size:
        return 0.0
    short = float(f"{value:.12g}")
    return short if abs(short - value) < LENGTH_TOLERANCE * size else value


def _angle(from_axis, to_axis, about):
    """Angle (radians) turning ``from_axis`` into ``to_axis`` about ``about``; a multiple of 90
    degrees to within :data:`ANGLE_TOLERANCE` is made exact."""
    angle = math.atan2(float(np.dot(np.cross(from_axis, to_axis), about)),
                       float(np.dot(from_axis, to_axis)))
    quarter = round(angle / (math.pi / 2))
    if abs(angle - quarter * math.pi / 2) < ANGLE_TOLERANCE:
        angle = {0: 0.0, 1: math.pi / 2, -1: -math.pi / 2, 2: math.pi, -2: math.pi}[quarter]
    return angle


def _frame(origin, x, z):
    """A frame ``(4, 4)`` from its origin and its x and z axes (made exactly orthonormal)."""
    z = z / np.linalg.norm(z)
    x = x - np.dot(x, z) * z
    x = x / np.linalg.norm(x)
    return homogeneous(np.column_stack([x, np.cross(z, x), z]), origin)


def _first_x(z0):
    """Frame 0's x axis: the base's x made perpendicular to ``z0`` (its y when x lies along)."""
    for axis in np.eye(3)[:2]:
        x = axis - np.dot(axis, z0) * z0
        if np.linalg.norm(x) > 1e-6:
            return x / np.linalg.norm(x)
    raise AssertionError("x and y cannot both lie along one axis")


def dh_from_axes(points: ArrayLike, directions: ArrayLike, kinds: str | Sequence[str],
                 tool_frame: ArrayLike, convention: str = "standard") -> DHFit:
    """The DH table of a serial chain from its joint axes at the zero pose.

    Parameters
    ----------
    points : array_like (n, 3)
        A point on each joint's axis at the zero pose, base coordinates (any length unit).
    directions : array_like (n, 3)
        Each axis's direction (need not be unit length); the joint turns right-handed about it,
        or slides along it, for positive ``q``.
    kinds : str or sequence of {"R", "P"}
        Revolute or prismatic, per joint.
    tool_frame : array_like (4, 4)
        The tool frame at the zero pose, base coordinates.
    convention : {"standard", "modified"}
        Which DH convention the rows follow (Craig's modified: each joint's frame on its own axis).

    Returns
    -------
    DHFit
        Rows such that ``base @ A_1(q_1) ... A_n(q_n) @ tool`` is the chain's tool frame for
        every ``q`` (exactly up to rounding when the axes are as described; see the module's
        notes on the choices made).

    Raises
    ------
    ValidationError
        A direction is zero, or ``convention`` is not one of :data:`robosim.kinematics.CONVENTIONS`.

    Examples
    --------
    A planar arm with two vertical axes at (0, 0, 0) and (1, 0, 0) and its tool at (2, 0, 0):
    the standard table has ``a1 = 1`` (axis 1 to axis 2) and leaves the last 1 m to the tool;
    the modified one puts ``a_1 = 1`` on row 2 (Craig's ``a_{i-1}``).

    >>> from robosim.kinematics import transl
    >>> axes = dict(points=[[0, 0, 0], [1, 0, 0]], directions=[[0, 0, 1], [0, 0, 1]],
    ...             kinds="RR", tool_frame=transl([2, 0, 0]))
    >>> [row.a for row in dh_from_axes(**axes).rows]
    [1.0, 0.0]
    >>> [row.a for row in dh_from_axes(**axes, convention="modified").rows]
    [0.0, 1.0]
    """
    if convention not in CONVENTIONS:
        raise ValidationError(f"convention must be one of {CONVENTIONS}, got {convention!r}")
    points = np.asarray(points, dtype=float).reshape(-1, 3)
    z = [_unit(direction, f"joint {i}") for i, direction in
         enumerate(np.asarray(directions, dtype=float).reshape(-1, 3), start=1)]
    kinds = list(kinds)
    tool_frame = np.asarray(tool_frame, dtype=float)
    if not (len(points) == len(z) == len(kinds) >= 1):
        raise ValidationError(f"one point, direction and kind per joint: got {len(points)}, "
                              f"{len(z)} and {len(kinds)}")
    size = float(sum(np.linalg.norm(p) for p in points) + np.linalg.norm(tool_frame[:3, 3])) \
        or 1.0
    build = _standard_frames if convention == "standard" else _modified_frames
    frames = build(points, z, tool_frame, size)
    rows = tuple(_row(frames[i - 1], frames[i], kinds[i - 1], convention, size)
                 for i in range(1, len(z) + 1))
    return DHFit(convention, rows, frames[0], inverse(frames[-1]) @ tool_frame,
                 np.array(frames))


def _standard_frames(points, z, tool_frame, size):
    """Frames 0..n of the standard convention: frame i-1's z along joint i's axis."""
    n = len(z)
    origins = [_foot(np.zeros(3), points[0], z[0])]
    xs = [_first_x(z[0])]
    for k in range(1, n):
        _start, end, x = _normal(origins[-1], z[k - 1], points[k], z[k], xs[-1], size)
        origins.append(end)
        xs.append(x)
    origins.append(_foot(tool_frame[:3, 3], origins[-1], z[-1]))
    xs.append(xs[-1])
    axes = [*z, z[-1]]
    return [_frame(o, x, axis) for o, x, axis in zip(origins, xs, axes, strict=True)]


def _modified_frames(points, z, tool_frame, size):
    """Frames 0..n of the modified convention: frame i's z along joint i's axis."""
    n = len(z)
    origins = [_foot(np.zeros(3), points[0], z[0])]
    xs = [_first_x(z[0])]
    met = origins[0]           # where the previous common normal meets the current axis
    for k in range(n - 1):
        start, end, x = _normal(met, z[k], points[k + 1], z[k + 1], xs[-1], size)
        origins.append(start)
        xs.append(x)
        met = end
    origins.append(met)
    xs.append(xs[-1])
    axes = [z[0], *z]
    return [_frame(o, x, axis) for o, x, axis in zip(origins, xs, axes, strict=True)]


def _row(previous, frame, kind, convention, size):
    """The DH row taking ``previous`` to ``frame`` (both ``(4, 4)`` at the zero pose)."""
    x0, z0, o0 = previous[:3, 0], previous[:3, 2], previous[:3, 3]
    x1, z1, o1 = frame[:3, 0], frame[:3, 2], frame[:3, 3]
    step = o1 - o0
    if convention == "standard":
        theta, d = _angle(x0, x1, z0), float(np.dot(step, z0))
        a, alpha = float(np.dot(step, x1)), _angle(z0, z1, x1)
    else:
        alpha, a = _angle(z0, z1, x0), float(np.dot(step, x0))
        theta, d = _angle(x0, x1, z1), float(np.dot(step, z1))
    a, d = (tidy_length(v, size) for v in (a, d))
    if kind == REVOLUTE:
        return DHRow(REVOLUTE, a, alpha, d, 0.0, theta)
    if kind == PRISMATIC:
        return DHRow(PRISMATIC, a, alpha, 0.0, theta, d)
    raise ValidationError(f"joint type must be 'R' or 'P', got {kind!r}")

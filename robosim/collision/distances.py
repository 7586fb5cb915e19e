"""Distances from a capsule's axis, the segment ``p + t u`` (``0 <= t <= 1``), to another solid:
a segment, a point, a box, a cylinder.

Each distance is written once, on components, over the math namespace of
:mod:`robosim.kinematics.elementary` (``ops``): a point or a direction is a triple ``(x, y, z)``
of Python floats (one pair of solids, ``ops = FloatMath``) or of equally shaped arrays
(``ops = ArrayMath``): :class:`~robosim.collision.Checker` gathers all the pairs of a pose, or
of a batch of poses, into arrays ``(pairs, poses)`` and evaluates each formula once on them.

Sources: Ericson, *Real-Time Collision Detection* (2005): 5.1.2, the point of a segment nearest
a point; 5.1.3, the point of a box nearest a point (the point clamped to it); 5.1.9, the
closest points of two segments; 5.3.3, the slab test of a segment against a box. A box or a
cylinder: the squared distance from the point ``x(t) = p + t u`` to a convex solid is convex in
``t``, and its derivative is ``2 u . (x(t) - x'(t))``, ``x'`` the solid's point nearest ``x``
(the squared distance to a convex set has the gradient ``2 (x - x')``): the segment's nearest
point is where that slope changes sign.

Worked example (by hand): the x axis from the origin to ``(10, 0, 0)`` and the segment parallel
to y at ``x = 5, z = 4`` are 4 apart, their common perpendicular along z; the same axis is 3
from the box of half sizes ``(1, 1, 1)`` centred at ``(5, 0, 4)``, whose bottom face is at
``z = 3`` (in the box's frame, centred on it, the axis starts at ``(-5, 0, -4)``):

>>> from robosim.kinematics.elementary import FloatMath
>>> segment_segment(FloatMath, (0.0, 0.0, 0.0), (10.0, 0.0, 0.0), (5.0, -5.0, 4.0),
...                 (5.0, 5.0, 4.0))
4.0
>>> segment_box(FloatMath, (-5.0, 0.0, -4.0), (10.0, 0.0, 0.0), (1.0, 1.0, 1.0))
3.0
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..kinematics.elementary import ArrayMath

#: Halvings of the segment's parameter for a capsule against a cylinder (2**-40 of its length).
CYLINDER_BISECTIONS = 40
#: A squared length, a direction's component or a distance below this counts as 0 (Ericson's
#: ``EPSILON``): a segment is a point, parallel to a slab, on a cylinder's axis.
_TINY = 1e-300

Ops = Any
Triple = Any


def _dot(v: Triple, w: Triple) -> Any:
    return v[0] * w[0] + v[1] * w[1] + v[2] * w[2]


def _minus(v: Triple, w: Triple) -> Triple:
    return v[0] - w[0], v[1] - w[1], v[2] - w[2]


def _at(p: Triple, t: Any, u: Triple) -> Triple:
    """The point ``p + t u``."""
    return p[0] + t * u[0], p[1] + t * u[1], p[2] + t * u[2]


def _length(ops: Ops, v: Triple) -> Any:
    return ops.sqrt(_dot(v, v))


# ----------------------------------------------------------------------------- two segments
def segment_segment(ops: Ops, p1: Triple, q1: Triple, p2: Triple, q2: Triple) -> Any:
    """Smallest distance between the segments ``p1 q1`` and ``p2 q2``.

    Ericson 5.1.9, ``ClosestPtSegmentSegment``. With ``d1 = q1 - p1``, ``d2 = q2 - p2``,
    ``r = p1 - p2`` and the products ``a = d1.d1``, ``b = d1.d2``, ``c = d1.r``, ``e = d2.d2``,
    ``f = d2.r``, the points ``p1 + s d1`` and ``p2 + t d2`` nearest each other on the two lines
    (their join perpendicular to both) have ``s = (b f - c e) / (a e - b^2)`` and
    ``t = (b s + f) / e``. ``s`` is clamped to ``[0, 1]`` and ``t`` follows; when ``t`` leaves
    ``[0, 1]`` it is clamped and ``s`` is that of the point nearest ``p2`` (``-c / a``) or
    ``q2`` (``(b - c) / a``), clamped. Branch-free, each ``if`` a ``where``: on parallel lines
    (``a e - b^2 = 0``) any ``s`` serves and the one nearest ``p2`` is taken, which also covers
    a second segment that is a point (``e = 0``); a first segment that is a point (``a = 0``)
    keeps ``s = 0``.

    Examples
    --------
    The x axis from 0 to 10 and a point 3 past its end and 4 above it (a segment of length
    0): 5 apart (a 3-4-5 triangle).

    >>> from robosim.kinematics.elementary import FloatMath
    >>> segment_segment(FloatMath, (0.0, 0.0, 0.0), (10.0, 0.0, 0.0), (13.0, 0.0, 4.0),
    ...                 (13.0, 0.0, 4.0))
    5.0
    """
    d1, d2, r = _minus(q1, p1), _minus(q2, p2), _minus(p1, p2)
    a, e, f = _dot(d1, d1), _dot(d2, d2), _dot(d2, r)       # squared lengths; d2 . r
    b, c = _dot(d1, d2), _dot(d1, r)
    a_safe, e_safe = ops.maximum(a, _TINY), ops.maximum(e, _TINY)   # 0 / 0 -> 0 for a point
    nearest_p2 = ops.clip(-c / a_safe, 0.0, 1.0)             # s of the point nearest p2
    denom = a * e - b * b                                     # >= 0, 0 for parallel lines
    skew = denom > 1e-12 * a * e
    s = ops.where(skew, ops.clip((b * f - c * e) / ops.where(skew, denom, 1.0), 0.0, 1.0),
                  nearest_p2)
    t = (b * s + f) / e_safe                                  # the point of line 2 nearest s
    s = ops.where(t < 0.0, nearest_p2,                        # t clamped to 0: s nearest p2
                  ops.where(t > 1.0, ops.clip((b - c) / a_safe, 0.0, 1.0), s))  # or q2
    t = ops.clip(t, 0.0, 1.0)
    return _length(ops, _at(_at(r, s, d1), -t, d2))          # (p1 + s d1) - (p2 + t d2)


# ----------------------------------------------------------------------------- a point
def segment_origin(ops: Ops, p: Triple, u: Triple) -> Any:
    """Distance from the segment ``p + t u`` to the origin (a sphere's centre in its frame).

    Ericson 5.1.2: the nearest point is at ``t = -p . u / (u . u)``, clamped to ``[0, 1]``.

    Examples
    --------
    The segment from ``(-1, 2, 0)`` to ``(1, 2, 0)`` passes 2 from the origin, at its middle:

    >>> from robosim.kinematics.elementary import FloatMath
    >>> segment_origin(FloatMath, (-1.0, 2.0, 0.0), (2.0, 0.0, 0.0))
    2.0
    """
    uu = _dot(u, u)
    t = ops.clip(-_dot(p, u) / ops.maximum(uu, _TINY), 0.0, 1.0)
    return _length(ops, _at(p, t, u))


# ----------------------------------------------------------------------------- a box
def _box_offset(ops: Ops, x: Triple, low: Triple, high: Triple) -> Triple:
    """``x`` minus the box's point nearest it (Ericson 5.1.3: ``x`` clamped to the box
    ``low_k <= x_k <= high_k``): 0 inside."""
    return tuple(x[k] - ops.clip(x[k], low[k], high[k]) for k in range(3))


def segment_box(ops: Ops, p: Triple, u: Triple, half: Triple) -> Any:
    """Distance from the segment ``p + t u`` to the box ``|x_k| <= half_k`` (in its frame).

    The squared distance from ``x(t)`` to the box is convex; half its slope,
    ``g(t) = u . (x(t) - clamp(x(t)))``, is continuous and nondecreasing, and linear but where
    the segment crosses a plane of the box's faces. Along axis k the line is inside the slab
    ``|x_k| <= half_k`` from ``t = a_k`` to ``b_k`` (Ericson 5.3.3, the slab test; a segment
    parallel to a slab counts as inside it: that axis adds nothing to ``g``).

    - Up to ``E = min b_k``, the first exit, no slab has been left: every term of ``g`` is
      ``<= 0``; from ``A = max a_k``, the last entry, every slab has been entered: every term
      is ``>= 0``. ``g``'s root is between ``E`` and ``A`` (when ``A <= E`` the line runs
      through the box from ``A`` to ``E``, where ``g = 0``).
    - Between ``E`` and ``A``, the slab left at ``E`` and the slab entered at ``A`` change
      nothing (``a_i <= b_i = E`` and ``A = a_j <= b_j``); only the third slab's entry and exit
      do, and clamped to ``[E, A]`` they are the middle entry ``a_m`` and the middle exit
      ``b_m`` clamped there.

    So ``g`` is linear between consecutive values of ``E, a_m, b_m, A`` (in order, clamped to
    the segment, ``[0, 1]``): evaluated at the four, its root lies between the last where it is
    negative and the first where it is not, and is found exactly there.

    Examples
    --------
    The unit box (half sizes 1) and the segment from ``(3, 3, 0)`` to ``(3, -3, 0)``: its
    middle is nearest, 2 from the face ``x = 1``. Moved up by 4, from ``(3, 3, 4)`` down to
    ``(3, -3, 4)``, it passes the edge at ``x = 1, z = 1`` at ``sqrt(2^2 + 3^2)``:

    >>> from robosim.kinematics.elementary import FloatMath
    >>> unit = (1.0, 1.0, 1.0)
    >>> segment_box(FloatMath, (3.0, 3.0, 0.0), (0.0, -6.0, 0.0), unit)
    2.0
    >>> round(segment_box(FloatMath, (3.0, 3.0, 4.0), (0.0, -6.0, 0.0), unit) ** 2, 12)
    13.0
    """
    corner = (-half[0], -half[1], -half[2])
    entries, exits = [], []
    for k in range(3):
        # Ericson's slab test: the planes x_k = -half_k and half_k are crossed at t1 and t2. A
        # segment parallel to them (|u_k| <= _TINY) is in the slab from about -1e300 to 1e300,
        # or not at all (from and to far on one side).
        along = ops.where(ops.absolute(u[k]) > _TINY, u[k], _TINY)
        t1, t2 = (corner[k] - p[k]) / along, (half[k] - p[k]) / along
        entries.append(ops.minimum(t1, t2))
        exits.append(ops.maximum(t1, t2))
    last_entry, a_m = _largest_and_middle(ops, *entries)                    # A and a_m
    first_exit, b_m = _smallest_and_middle(ops, *exits)                     # E and b_m
    first = ops.clip(ops.minimum(first_exit, last_entry), 0.0, 1.0)
    last = ops.clip(ops.maximum(first_exit, last_entry), 0.0, 1.0)
    candidates = [first, ops.clip(ops.minimum(a_m, b_m), first, last),
                  ops.clip(ops.maximum(a_m, b_m), first, last), last]

    def slope(t):
        return _dot(u, _box_offset(ops, _at(p, t, u), corner, half))

    t = _root_between(ops, candidates, ops.each(slope, candidates))
    return _length(ops, _box_offset(ops, _at(p, t, u), corner, half))


def _largest_and_middle(ops: Ops, x: Any, y: Any, z: Any) -> tuple[Any, Any]:
    """The largest and the middle one of three values."""
    low, high = ops.minimum(x, y), ops.maximum(x, y)
    return ops.maximum(high, z), ops.maximum(low, ops.minimum(high, z))


def _smallest_and_middle(ops: Ops, x: Any, y: Any, z: Any) -> tuple[Any, Any]:
    """The smallest and the middle one of three values."""
    low, high = ops.minimum(x, y), ops.maximum(x, y)
    return ops.minimum(low, z), ops.minimum(high, ops.maximum(low, z))


def _root_between(ops: Ops, t: list[Any], g: list[Any]) -> Any:
    """Where a nondecreasing function, linear between the increasing ``t[0..3]`` and ``g`` there,
    crosses 0: ``t[0]`` if it is not negative there, ``t[3]`` if it is still negative there."""
    first, second = g[1] >= 0.0, g[2] >= 0.0
    t_low = ops.where(first, t[0], ops.where(second, t[1], t[2]))
    g_low = ops.where(first, g[0], ops.where(second, g[1], g[2]))
    t_high = ops.where(first, t[1], ops.where(second, t[2], t[3]))
    g_high = ops.where(first, g[1], ops.where(second, g[2], g[3]))
    root = t_low - g_low * (t_high - t_low) / ops.where(g_high > g_low, g_high - g_low, 1.0)
    return ops.where(g[0] >= 0.0, t[0], ops.where(g[3] < 0.0, t[3], root))


# ----------------------------------------------------------------------------- a cylinder
def segment_cylinder(ops: Ops, p: Triple, u: Triple, radius: Any, half_height: Any) -> Any:
    """Distance from the segment ``p + t u`` to the cylinder ``x^2 + y^2 <= radius^2``,
    ``|z| <= half_height`` (in its frame).

    The cylinder's point nearest ``x`` is ``x`` with ``(x, y)`` scaled into the disc (by
    ``radius / rho`` beyond it, ``rho`` the distance from the axis) and ``z`` clamped; the slope
    ``g(t) = u . (x(t) - nearest)`` of the squared distance rises through 0 at the segment's
    nearest point (module docstring), found by halving ``[0, 1]`` :data:`CYLINDER_BISECTIONS`
    times on its sign.

    Examples
    --------
    A cylinder of radius 1 and height 2 (along z) and the segment from ``(3, -1, 0)`` to
    ``(3, 1, 0)`` beside it: 2 from its side. Above it, from ``(0, -1, 4)`` to ``(0, 1, 4)``: 3
    from its top.

    >>> from robosim.kinematics.elementary import FloatMath
    >>> round(segment_cylinder(FloatMath, (3.0, -1.0, 0.0), (0.0, 2.0, 0.0), 1.0, 1.0), 9)
    2.0
    >>> round(segment_cylinder(FloatMath, (0.0, -1.0, 4.0), (0.0, 2.0, 0.0), 1.0, 1.0), 9)
    3.0
    """
    bottom = -half_height

    def slope(t):
        x, y, z = _at(p, t, u)
        beyond = ops.maximum(1.0 - radius / ops.maximum(ops.sqrt(x * x + y * y), _TINY), 0.0)
        return (x * u[0] + y * u[1]) * beyond + (z - ops.clip(z, bottom, half_height)) * u[2]

    low, step = 0.0, 1.0                    # the bracket [low, low + step], alike for all pairs
    for _ in range(CYLINDER_BISECTIONS):
        step /= 2
        middle = low + step
        low = ops.where(slope(middle) >= 0.0, low, middle)
    x, y, z = _at(p, low + step / 2, u)
    radial = ops.maximum(ops.sqrt(x * x + y * y) - radius, 0.0)
    axial = z - ops.clip(z, bottom, half_height)
    return ops.sqrt(radial * radial + axial * axial)


# ----------------------------------------------------------------------------- public entries
def segment_segment_distance(p1: ArrayLike, q1: ArrayLike, p2: ArrayLike,
                             q2: ArrayLike) -> np.ndarray:
    """Smallest distance between segments ``p1 q1`` and ``p2 q2`` (``(..., 3)`` each):
    :func:`segment_segment` on arrays.

    Examples
    --------
    The x axis from 0 to 10 and a segment parallel to y at x = 5, z = 4 are 4 apart (the
    common perpendicular is along z); a point 3 past the end and 4 above it is 5 away (3, 4,
    5), and both rows go at once:

    >>> p1, q1 = np.array([0.0, 0, 0]), np.array([10.0, 0, 0])
    >>> p2 = np.array([[5.0, -5, 4], [13.0, 0, 4]])
    >>> q2 = np.array([[5.0, 5, 4], [13.0, 0, 4]])
    >>> segment_segment_distance(p1, q1, p2, q2).tolist()
    [4.0, 5.0]
    """
    names = ("p1", "q1", "p2", "q2")
    arrays = [checks.points(v, name) for v, name in zip((p1, q1, p2, q2), names, strict=True)]
    checks.common_batch(arrays, names)
    return np.asarray(segment_segment(ArrayMath, *(np.moveaxis(v, -1, 0)
                                                   for v in np.broadcast_arrays(*arrays))))


def capsule_distance(p1: ArrayLike, q1: ArrayLike, r1: float, p2: ArrayLike, q2: ArrayLike,
                     r2: float) -> np.ndarray:
    """Distance between two capsules (axis ends ``(..., 3)``, radii): negative overlapping.

    >>> float(capsule_distance([0, 0, 0], [10, 0, 0], 1, [5, -5, 4], [5, 5, 4], 1))
    2.0
    """
    r1, r2 = checks.non_negative(r1, "r1"), checks.non_negative(r2, "r2")
    return segment_segment_distance(p1, q1, p2, q2) - r1 - r2

"""Distances between a capsule's axis and another solid: a segment, a point, a box, a cylinder.

Each is one formula written on coordinates, computed on Python floats for one pose
(``_FloatOps``) and on ``(B,)`` arrays for a batch (``_ArrayOps``) by the same code
(:mod:`robosim.kinematics.elementary`). Segment to segment and segment to point are Ericson's
closed forms (*Real-Time Collision Detection*, 2005, 5.1.2 and 5.1.9), segment to box is exact,
segment to cylinder halves the interval :data:`CYLINDER_BISECTIONS` times;
:func:`segment_segment_distance` and :func:`capsule_distance` are the public entries.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..errors import ValidationError
from ..kinematics.elementary import ArrayMath, FloatMath


#: Halvings of the segment's parameter for a capsule against a cylinder (2**-40 of its length).
CYLINDER_BISECTIONS = 40


# ----------------------------------------------------------------------------- distances
# Each kernel is one formula on components: a point is a triple (x, y, z) of Python floats
# (one pose, ops=_FloatOps: no numpy per-call cost) or of equally shaped arrays (a batch,
# ops=_ArrayOps), as robosim.kinematics.chain.chain_frames and the IK do
# (robosim.kinematics.elementary).
class _FloatOps(FloatMath):
    """:class:`robosim.kinematics.elementary.FloatMath` with the masked updates of the box
    kernel: one pose, a mask is one bool."""

    largest = max
    smallest = min
    any = bool

    @staticmethod
    def take(values: Any, mask: bool) -> Any:
        """The values where ``mask`` holds: the value itself (only called when it holds)."""
        return values

    @staticmethod
    def put(values: Any, mask: bool, new: Any) -> Any:
        """``values`` with ``new`` where ``mask`` holds."""
        return new if mask else values


class _ArrayOps(ArrayMath):
    """:class:`robosim.kinematics.elementary.ArrayMath` with the masked updates of the box
    kernel."""

    any = staticmethod(np.any)

    @staticmethod
    def largest(values: list[np.ndarray]) -> np.ndarray:
        """Element-wise largest of equally shaped arrays."""
        return np.max(values, axis=0)

    @staticmethod
    def smallest(values: list[np.ndarray]) -> np.ndarray:
        """Element-wise smallest of equally shaped arrays."""
        return np.min(values, axis=0)

    @staticmethod
    def take(values: Any, mask: np.ndarray) -> Any:
        """The entries of ``values`` where ``mask`` holds (a float or a 0-d array as it is)."""
        return values[mask] if np.ndim(values) else values

    @staticmethod
    def put(values: Any, mask: np.ndarray, new: Any) -> Any:
        """``values`` with ``new`` where ``mask`` holds (in place; ``new`` itself for one
        value, which a capsule fixed to the base gives in a batch too)."""
        if not np.ndim(values):
            return new
        values[mask] = new
        return values


def segment_segment_distance(p1: np.ndarray, q1: np.ndarray, p2: np.ndarray,
                             q2: np.ndarray) -> np.ndarray:
    """Smallest distance between segments ``p1 q1`` and ``p2 q2`` (``(..., 3)`` each).

    Ericson, *Real-Time Collision Detection* (2005), 5.1.9, ClosestPtSegmentSegment, with the
    degenerate cases (a segment of length 0) as branch-free ``where``.

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
    p1, q1, p2, q2 = np.broadcast_arrays(*(np.asarray(v, dtype=float) for v in (p1, q1, p2, q2)))
    return np.asarray(_segment_segment(_ArrayOps, *(_components(v) for v in (p1, q1, p2, q2))))


def _components(points):
    """``(..., 3)`` points as the triple of their ``(...)`` coordinates."""
    return points[..., 0], points[..., 1], points[..., 2]


def _segment_segment(ops, p1, q1, p2, q2):
    """:func:`segment_segment_distance` on component triples (``ops``: floats or arrays)."""
    (a0, a1, a2), (b0, b1, b2) = p1, p2
    d0, d1, d2 = q1[0] - a0, q1[1] - a1, q1[2] - a2                   # p1 -> q1
    e0, e1, e2 = q2[0] - b0, q2[1] - b1, q2[2] - b2                   # p2 -> q2
    r0, r1, r2 = a0 - b0, a1 - b1, a2 - b2
    a, e = d0 * d0 + d1 * d1 + d2 * d2, e0 * e0 + e1 * e1 + e2 * e2
    b = d0 * e0 + d1 * e1 + d2 * e2
    c, f = d0 * r0 + d1 * r1 + d2 * r2, e0 * r0 + e1 * r1 + e2 * r2
    tiny = 1e-300
    a_ok, e_ok = a > tiny, e > tiny
    a_safe, e_safe = ops.where(a_ok, a, 1.0), ops.where(e_ok, e, 1.0)
    denom = a * e - b * b
    s = ops.where(denom > 1e-12 * a * e,
                  ops.clip((b * f - c * e) / ops.where(denom > 0, denom, 1.0), 0.0, 1.0), 0.0)
    t = (b * s + f) / e_safe
    nearest_to_p2 = ops.clip(-c / a_safe, 0.0, 1.0)          # s of the point nearest to p2
    s = ops.where(t < 0, nearest_to_p2,
                  ops.where(t > 1, ops.clip((b - c) / a_safe, 0.0, 1.0), s))
    t = ops.clip(t, 0.0, 1.0)
    s = ops.where(a_ok, ops.where(e_ok, s, nearest_to_p2), 0.0)
    t = ops.where(e_ok, ops.where(a_ok, t, ops.clip(f / e_safe, 0.0, 1.0)), 0.0)
    g0 = (a0 + s * d0) - (b0 + t * e0)
    g1 = (a1 + s * d1) - (b1 + t * e1)
    g2 = (a2 + s * d2) - (b2 + t * e2)
    return ops.sqrt(g0 * g0 + g1 * g1 + g2 * g2)


def capsule_distance(p1: ArrayLike, q1: ArrayLike, r1: float, p2: ArrayLike, q2: ArrayLike,
                     r2: float) -> np.ndarray:
    """Distance between two capsules (axis ends ``(..., 3)``, radii): negative overlapping.

    >>> float(capsule_distance([0, 0, 0], [10, 0, 0], 1, [5, -5, 4], [5, 5, 4], 1))
    2.0
    """
    arrays = [checks.real_array(v, name) for v, name in ((p1, "p1"), (q1, "q1"), (p2, "p2"),
                                                          (q2, "q2"))]
    for array, name in zip(arrays, ("p1", "q1", "p2", "q2"), strict=True):
        if array.ndim == 0 or array.shape[-1] != 3:
            raise ValidationError(f"{name} must be points (..., 3), got shape {array.shape}")
    checks.common_batch(arrays, ["p1", "q1", "p2", "q2"])
    r1, r2 = checks.non_negative(r1, "r1"), checks.non_negative(r2, "r2")
    return segment_segment_distance(*arrays) - r1 - r2


def _segment_origin_distance(ops, p, u):
    """Distance from segments ``p + t u`` (t in [0, 1]; component triples) to the origin."""
    (p0, p1, p2), (u0, u1, u2) = p, u
    uu = u0 * u0 + u1 * u1 + u2 * u2
    t = ops.clip(-(p0 * u0 + p1 * u1 + p2 * u2) / ops.where(uu > 0, uu, 1.0), 0.0, 1.0)
    g0, g1, g2 = p0 + t * u0, p1 + t * u1, p2 + t * u2
    return ops.sqrt(g0 * g0 + g1 * g1 + g2 * g2)


def _segment_box_distance(p, u, half, ops=_ArrayOps):
    """Distance from segments ``p + t u`` (t in [0, 1]) to boxes ``|x_k| <= half_k`` in the
    box's frame; ``p``, ``u``, ``half`` are triples (x, y, z) of floats (``ops=_FloatOps``) or
    of equally shaped arrays (``half``'s may be floats).

    The squared distance ``f(t)`` is convex and quadratic between the ``t`` where the segment
    crosses a face's plane. When both ends lie on the same side of every slab
    ``|x_k| <= half_k`` (below, inside or above: the usual case, a link far from a box) ``f``
    is one quadratic, minimised in closed form; the other segments go to
    :func:`_segment_box_crossing`.
    """
    crossing = False
    numerator = denominator = 0.0
    for k in range(3):
        start, end, h = p[k], p[k] + u[k], half[k]
        below, above = start < -h, start > h
        crossing = crossing | (below != (end < -h)) | (above != (end > h))
        face = ops.where(below, -h, h)
        uk = ops.where(below | above, u[k], 0.0)
        numerator = numerator - (start - face) * uk
        denominator = denominator + uk * uk
    t = ops.where(denominator > 0,
                  ops.clip(numerator / ops.where(denominator > 0, denominator, 1.0), 0.0, 1.0),
                  0.0)
    distance = _box_gap(ops, p, u, half, t)
    if ops.any(crossing):
        p, u, half = ([ops.take(v, crossing) for v in triple] for triple in (p, u, half))
        distance = ops.put(distance, crossing, _segment_box_crossing(ops, p, u, half))
    return distance


def _box_gap(ops, p, u, half, t):
    """Distance from the points ``p + t u`` to the boxes."""
    g0, g1, g2 = _box_outside(ops, p, u, half, t)
    return ops.sqrt(g0 * g0 + g1 * g1 + g2 * g2)


def _box_outside(ops, p, u, half, t):
    """How far the points ``p + t u`` are past the box's faces along x, y, z (0 between
    them): ``x - clip(x, -half, half)``, a triple."""
    (p0, p1, p2), (u0, u1, u2), (h0, h1, h2) = p, u, half
    maximum, minimum = ops.maximum, ops.minimum
    x0, x1, x2 = p0 + t * u0, p1 + t * u1, p2 + t * u2
    return (maximum(x0 - h0, 0.0) + minimum(x0 + h0, 0.0),
            maximum(x1 - h1, 0.0) + minimum(x1 + h1, 0.0),
            maximum(x2 - h2, 0.0) + minimum(x2 + h2, 0.0))


def _segment_box_crossing(ops, p, u, half):
    """:func:`_segment_box_distance` for segments that cross slab planes.

    The half slope ``g(t) = u . (x(t) - clip(x(t)))`` of the squared distance rises through
    0 at the minimum. ``g`` is evaluated at 0, 1 and the crossings; between the last of them
    where it is negative and the first where it is not, ``g`` is linear: its root is exact.
    """
    candidates = [0.0, 1.0]
    for k in range(3):
        moves = u[k] != 0.0
        along = ops.where(moves, u[k], 1.0)
        candidates += [ops.where(moves, ops.clip((face - p[k]) / along, 0.0, 1.0), 0.0)
                       for face in (-half[k], half[k])]

    u0, u1, u2 = u

    def slope(t):
        g0, g1, g2 = _box_outside(ops, p, u, half, t)
        return g0 * u0 + g1 * u1 + g2 * u2

    slopes = [(t, slope(t)) for t in candidates]
    low = ops.largest([ops.where(g < 0, t, -1.0) for t, g in slopes])
    high = ops.smallest([ops.where(g >= 0, t, 2.0) for t, g in slopes])
    bracket = (low >= 0) & (high <= 1)
    g_low, g_high = slope(ops.clip(low, 0.0, 1.0)), slope(ops.clip(high, 0.0, 1.0))
    root = low - g_low * (high - low) / ops.where(bracket, g_high - g_low, 1.0)
    t = ops.where(bracket, root, ops.where(low < 0, 0.0, 1.0))
    return _box_gap(ops, p, u, half, t)


def _segment_cylinder_distance(p, u, radius, half_height):
    """Distance from segments ``p + t u`` (``p``, ``u`` ``(..., 3)``) to cylinders about their
    own z axis (radius, half height): :func:`_segment_cylinder` on arrays."""
    return _segment_cylinder(_ArrayOps, _components(p), _components(u), radius, half_height)


def _segment_cylinder(ops, p, u, radius, half_height):
    """Distance from segments ``p + t u`` (component triples) to cylinders about their own z
    axis (radius, half height), by bisection on the slope of the convex squared distance."""
    (p0, p1, p2), (u0, u1, u2) = p, u

    def slope(t):
        x0, x1, x2 = p0 + t * u0, p1 + t * u1, p2 + t * u2
        rho = ops.sqrt(x0 * x0 + x1 * x1)
        scale = ops.minimum(1.0, radius / ops.where(rho > 0, rho, 1.0))
        return x0 - x0 * scale, x1 - x1 * scale, x2 - ops.clip(x2, -half_height, half_height)

    low, high = 0.0, 1.0
    for _ in range(CYLINDER_BISECTIONS):
        middle = (low + high) / 2
        g0, g1, g2 = slope(middle)
        rising = g0 * u0 + g1 * u1 + g2 * u2 >= 0
        high = ops.where(rising, middle, high)
        low = ops.where(rising, low, middle)
    g0, g1, g2 = slope((low + high) / 2)
    return ops.sqrt(g0 * g0 + g1 * g1 + g2 * g2)

"""Closed-form inverse kinematics of every arm whose last three axes meet in a point: Pieper's
method.

The method is Pieper's (D. L. Pieper, *The Kinematics of Manipulators under Computer Control*,
PhD thesis, Stanford University, 1968), as J. J. Craig presents it (*Introduction to Robotics:
Mechanics and Control*, 3rd ed., Pearson 2005, section 4.6, "Pieper's solution when three axes
intersect"): the wrist centre, fixed in link 3 and in the end effector, is placed by the first
three joints; their equations reduce to one polynomial in joint 3 of degree at most four
(two in the special cases ``a1 = 0`` or ``sin alpha1 = 0``); the wrist then has two
closed-form solutions (:func:`robosim.ik.wrist.wrist_angles`). So a 6-joint arm has at most
``4 x 2 = 8`` solutions, all found here, with no seed and no iteration. The same position
problem is the whole IK of a 3-joint arm solving a point (``axes="position"``).

Three generalisations of Craig's derivation, in the same steps:

- **Both DH conventions.** Whatever the convention, the point ``p`` (the wrist centre, in the
  frame where joint 1's screw starts) is::

      p = Rz(theta1) Tz(d1) L1 Rz(theta2) Tz(d2) L2 Rz(theta3) Tz(d3) v,   Li = Tx(ai) Rx(alphai)

  Standard DH (``A_i = Rz Tz Tx Rx``): the start is the base, ``L1, L2`` are rows 1 and 2,
  ``v = Tx(a3) Rx(alpha3) c`` (``c``: the point in frame 3). Modified DH (``A_i = Rx Tx Rz Tz``,
  Craig's own): the start is ``base Rx(alpha_0) Tx(a_0)`` (row 1), ``L1, L2`` are rows 2 and 3
  (``Rx Tx = Tx Rx``: both act along x), ``v = c``.
- **Prismatic joints among the first three** (the Stanford arm's boom): a prismatic joint's
  ``theta`` is constant and its ``d`` the unknown. Joint 1 revolute leaves two invariants of
  ``p``, its squared distance ``r`` from the origin of joint 1's frame raised by ``d1`` and its
  height ``z`` along axis 1 (Craig's eq. for ``r`` and ``z``); joint 1 prismatic leaves ``x``
  and ``y`` across axis 1 instead.
- **Every value of joint 3.** Craig writes the quartic in ``u = tan(theta3 / 2)``, which has a
  root at infinity when ``theta3 = pi``. Here the residual ``G(theta3)`` of joint 2's
  elimination is a trigonometric polynomial of degree two; its five coefficients come from
  five samples (an exact discrete Fourier transform), and its roots are those of the quartic
  ``z^2 G`` in ``z = exp(i theta3)`` on the unit circle: the same roots, no special angle.
  For a prismatic joint 3, ``G`` is a polynomial of degree at most four in ``d3``, found from
  five samples too.

Joint 2's elimination. Write ``f = L2 Rz(theta3) Tz(d3) v = (f1, f2, f3)`` (joint 3 only),
``u = Rz(theta2) (f1, f2)`` and ``t = f3 + d2``, so that ``k = L1 Rz(theta2) Tz(d2) f =
(a1 + u1, ca1 u2 - sa1 t, sa1 u2 + ca1 t)`` (``ca1, sa1`` = cos, sin alpha1):

- joint 1 revolute, joint 2 revolute (Craig's case): ``|k|^2 = r`` and ``k3 = z`` give
  ``2 a1 u1 = r - a1^2 - |f_12|^2 - t^2`` and ``sa1 u2 = z - ca1 t``, and ``u`` lies on the
  circle ``|u| = |f_12|``: ``G = sa1^2 g_a^2 + 4 a1^2 g_b^2 - 4 a1^2 sa1^2 |f_12|^2``
  (degree 4), or ``g_a = 0`` when ``a1 = 0``, ``g_b = 0`` when ``sa1 = 0`` (degree 2; ``u``'s
  other component is then +-, two solutions per root). ``theta2`` turns ``(f1, f2)`` onto ``u``.
- joint 1 prismatic, joint 2 revolute: ``u1 = x - a1`` and ``ca1 u2 = y + sa1 t``, same circle.
- joint 1 revolute, joint 2 prismatic: ``u`` is known, ``t`` is the unknown:
  ``t^2 = r - (a1 + u1)^2 - u2^2`` and ``ca1 t = z - sa1 u2``.
- both prismatic: ``a1 + u1 = x`` (joint 3 alone) and ``sa1 t = ca1 u2 - y``.

Joint 1 then turns ``(k1, k2)`` onto ``p``'s azimuth (revolute) or slides ``d1 = p_z - k3``.

Degenerate cases are named in :attr:`PieperSolutions.reason`: a target out of reach (no real
root), a double root (the target on the boundary of the workspace, two solutions merged), a
free joint at a singularity (the wrist centre on axis 1: joint 1; on axis 2: joint 2; axes 4
and 6 aligned: joint 4), where the free joint keeps its ``reference`` value. An arm whose
structure the method does not cover (the wrist centre's position independent of one of the
first three joints, e.g. axes 1 and 2 one line) is recognised once (:func:`pieper_applies`)
and left to the numeric solver.
"""

from __future__ import annotations

import math
import operator
import weakref
from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..errors import ValidationError
from ..kinematics.chain import Component, Frame, Ops, chain_frames, frame_columns, frame_point
from ..kinematics import Robot, cos_sin, homogeneous, inverse, transl
from ..kinematics.elementary import ArrayMath, FloatMath
from .turns import joint_ranges, largest_gap, turned, wrap_to_pi
from .wrist import exact_rotx, spherical_wrist, wrist_angles

#: Roots of the polynomial this close to the unit circle (revolute joint 3) or to the real
#: axis (prismatic, in units of the robot's size) are real: a double root split by rounding
#: lies within about 1e-8 of it.
ROOT_TOLERANCE = 1e-6
#: A quantity that must be >= 0 (a squared length) counts as 0 down to this, times ``L^2``.
REACH_SLACK = 1e-14
#: The wrist centre within this fraction of the robot's size of axis 1 (or 2): singular.
SINGULAR_AXIS = 1e-9
#: A polynomial coefficient below this fraction of the largest is structurally zero.
ZERO_COEFFICIENT = 1e-10
#: Solutions within this (radians modulo 2 pi, or fraction of the robot's size) are one.
SAME_SOLUTION = 1e-6
#: A Newton step of the root polish larger than this (radians, fraction of L) is not taken:
#: at a double root the slope vanishes and the eigenvalue is already the best estimate.
POLISH_LIMIT = 1e-4

#: Words of :attr:`PieperSolutions.reason`.
OUT_OF_REACH = "out of reach"
DOUBLE_ROOT = "double root"
WRIST_OUT_OF_REACH = "the wrist cannot reach the orientation"
JOINT_LIMIT = "joint limit"


def free_joint(joint: int) -> str:
    """The reason given at a singularity where joint ``joint`` (1-based) is free.

    Examples
    --------
    >>> free_joint(4)
    'singular: joint 4 free'
    """
    return f"singular: joint {joint} free"


@dataclass(frozen=True)
class PieperSolutions:
    """Every closed-form solution of targets ``(...)``, in a fixed number of slots.

    Attributes
    ----------
    q : ndarray, shape (..., k, n)
        Joint values (radians or length unit), revolute joints in (-pi, pi], not yet brought
        inside the limits. ``k = 8`` for a 6-joint arm (four arm solutions times two wrist
        solutions), 4 for a 3-joint arm (2 and 4 where the polynomial has degree two). Slots
        holding no solution contain the reference (finite) and ``valid`` False.
    valid : ndarray of bool, shape (..., k)
        The slots holding a solution; a target's valid slots are distinct modulo 2 pi. Each
        reaches the target up to rounding (callers check their own tolerance).
    reason : ndarray of str, shape (...)
        ``""``, or the degenerate case met: :data:`OUT_OF_REACH` (no solution),
        :data:`DOUBLE_ROOT` (two solutions merged into one: the target on the boundary of
        the workspace), ``"singular: joint J free"`` (joint J kept at its reference value) or
        :data:`WRIST_OUT_OF_REACH` (possible only with wrist twists other than 90 degrees).

    Examples
    --------
    The anthropomorphic 3R arm with unit lengths (shoulder 1 above the base) places the point
    ``(0, 1, 2)``, 1 out and 1 above the shoulder, ``sqrt 2`` away:
    ``cos q3 = (2 - 1 - 1) / 2 = 0``, so the elbow is bent 90 degrees either way, with the
    shoulder facing the point or turned back over the base: four solutions (degrees; the
    waist's 0 faces +Y).

    >>> from robosim.ik import anthropomorphic_3r_robot
    >>> found = pieper_ik(anthropomorphic_3r_robot(1.0, 1.0, 1.0), [0.0, 1.0, 2.0])
    >>> print(np.degrees(found.q).round(3) + 0.0)
    [[  0.   0.  90.]
     [180.  90.  90.]
     [  0.  90. -90.]
     [180. 180. -90.]]
    >>> found.valid.tolist(), str(found.reason)
    ([True, True, True, True], '')
    """

    q: np.ndarray
    valid: np.ndarray
    reason: np.ndarray


@dataclass(frozen=True)
class _Chain:
    """The position problem of joints 1-3 in the normal form of the module docstring."""

    start_inverse: Frame               # world -> joint 1's start frame, as columns (floats)
    revolute: tuple                    # 3 bools
    theta0: tuple                      # constant part of theta per joint (radians)
    d0: tuple                          # constant part of d per joint (length unit)
    links: tuple                       # (a, cos alpha, sin alpha) of L1 and L2
    multipliers: tuple                 # (m_a, m_b) of :func:`_equations`
    point: tuple                       # v, 3 floats
    scale: float                       # the robot's size L
    degree: int                        # of G: trigonometric (revolute joint 3) or in d3
    samples: tuple                     # joint-3 values where G is sampled
    fit: tuple                         # per coefficient (highest power first), its weights
                                       # on the samples

    @cached_property
    def sample_forearms(self):
        """``f`` of :func:`_forearm` at each sample of joint 3 (of :func:`_sampling`: angles
        less joint 3's offset, or levels times the robot's size): constants of the arm (floats,
        computed once; they broadcast against a batch's arrays)."""
        samples = ([angle - self.theta0[2] for angle in self.samples] if self.revolute[2]
                   else [level * self.scale for level in self.samples])
        return [_forearm(self, q3, FloatMath) for q3 in samples]


_built: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def pieper_applies(robot: Robot) -> bool:
    """True when :func:`pieper_ik` solves ``robot`` (cached per robot): 6 joints with a
    spherical wrist (:func:`robosim.ik.wrist.spherical_wrist`), or 3 joints placing a point.

    Checked once on three random configurations: each must be among the solutions of its own
    wrist centre (or tool point). An arm where one of joints 1-3 does not move the point
    (the Tester robot's joint 2), or with a continuum of solutions (a planar 3R arm), fails.

    Examples
    --------
    The Puma 560 has a spherical wrist and the anthropomorphic 3R arm places a point; the
    planar 3R arm's parallel axes cannot place a point in space, and the two-link planar arm
    has neither.

    >>> from robosim import Joint, Robot, load_robot
    >>> pieper_applies(load_robot("Puma 560")), pieper_applies(load_robot("Anthropomorphic 3R"))
    (True, True)
    >>> pieper_applies(load_robot("Planar 3R"))
    False
    >>> pieper_applies(Robot([Joint(a=1.0), Joint(a=1.0)], unit="m"))
    False
    """
    return _chain_of(robot) is not None


def _chain_of(robot):
    """``(chain, split, joints)`` of ``robot`` (split None for a 3-joint arm), or None;
    ``joints``: :func:`robosim.ik.turns.joint_ranges`, for :func:`nearest_solution`."""
    if robot not in _built:
        _built[robot] = _build(robot)
    return _built[robot]


def _build(robot):
    split = spherical_wrist(robot)                # None but for 6 joints with a spherical wrist
    if split is None and robot.n != 3:
        return None
    arm = robot if split is None else split.arm
    chain = _normal_form(arm)
    if chain is None or not _recovers_itself(arm, chain):
        return None
    return chain, split, joint_ranges(robot)


def _normal_form(arm):
    """The :class:`_Chain` of a 3-joint ``arm`` whose tool point is the point to place, or
    None where the method has no equation for joint 2 or 3."""
    joints = arm.joints
    point = arm.tool[:3, 3]
    if arm.convention == "standard":
        start = arm.base
        first, second = joints[0], joints[1]
        v = exact_rotx(joints[2].alpha) @ point + (joints[2].a, 0.0, 0.0)     # Tx(a3) Rx(alpha3) c
    else:                                                   # row 1: Rx(alpha_0) Tx(a_0) first
        start = arm.base @ homogeneous(exact_rotx(joints[0].alpha), (joints[0].a, 0.0, 0.0))
        first, second = joints[1], joints[2]
        v = point
    revolute = tuple(j.is_revolute for j in joints)
    links = tuple((j.a, *cos_sin(j.alpha)) for j in (first, second))
    m_a, m_b = _multipliers(revolute, links[0])
    if not m_a and not m_b:
        return None                 # joint 2's unknown appears in neither equation
    fields = dict(start_inverse=frame_columns(inverse(start)),
                  revolute=revolute,
                  theta0=tuple(j.offset if j.is_revolute else j.theta for j in joints),
                  d0=tuple(j.d if j.is_revolute else j.offset for j in joints),
                  links=links, multipliers=(m_a, m_b), point=tuple(float(x) for x in v),
                  scale=arm.length_scale)
    # The top coefficients of G do not depend on the target: its degree is read off one.
    widest = _Chain(**fields, **_sampling(revolute[2], 2 if revolute[2] else 4))
    point = tuple(arm.fk(arm.home)[:3, 3].tolist())
    coefficients = np.abs(_coefficients(widest, _invariants(widest, point)))
    if coefficients.max() == 0.0:
        return None
    significant = np.flatnonzero(coefficients > ZERO_COEFFICIENT * coefficients.max())
    top = len(coefficients) - 1 - significant[0]             # highest power present
    degree = int(top - 2 if revolute[2] else top)            # z^2 G for revolute joint 3
    if degree < 1 or (revolute[2] and significant[-1] != len(coefficients) - 1 - (2 - degree)):
        return None
    return _Chain(**fields, **_sampling(revolute[2], degree))


def _sampling(revolute, degree):
    """Samples of joint 3 and the matrix from ``G`` there to its coefficients.

    Revolute: ``2 D + 1`` angles evenly round the circle; the coefficients ``c_D .. c_-D``
    of ``G = sum c_j exp(i j theta3)`` by the discrete Fourier transform, which is exact for
    a trigonometric polynomial of degree ``D`` (these are the coefficients of the polynomial
    ``z^D G`` in ``z = exp(i theta3)``, highest power first). Prismatic: ``D + 1`` Chebyshev
    points of ``s = q3 / L`` on ``[-1, 1]``; the power coefficients ``s^D .. 1`` by the
    inverse Vandermonde matrix.
    """
    if revolute:
        count = 2 * degree + 1
        samples = 2.0 * np.pi * np.arange(count) / count
        powers = np.arange(degree, -degree - 1, -1)
        fit = np.exp(-1j * np.outer(powers, samples)) / count
    else:
        samples = np.cos(np.pi * (np.arange(degree + 1) + 0.5) / (degree + 1))
        fit = np.linalg.inv(np.vander(samples, degree + 1))
    # Per coefficient (a row of ``fit``), its weights on the samples.
    return dict(degree=degree, samples=tuple(samples.tolist()),
                fit=tuple(tuple(row) for row in fit.tolist()))


def _recovers_itself(arm, chain):
    """Each of three random configurations is among the solutions of its own tool point
    (the reference being home, so that a free joint is not given its answer)."""
    q = arm.random_q(3, rng=np.random.default_rng(26))
    points = tuple(arm.fk(q)[:, :3, 3].T)
    reference = list(np.broadcast_to(arm.home, q.shape).T)
    recovered = False
    for solution, valid, *_ in _arm_slots(chain, _invariants(chain, points), reference, ArrayMath):
        gap = largest_gap(solution, q.T, arm.revolute, arm.length_scale, ArrayMath)
        recovered = recovered | (valid & (gap <= SAME_SOLUTION))
    return bool(np.all(recovered))


# ------------------------------------------------------------------------ joints 1-3
def _multipliers(revolute, link1):
    """``(m_a, m_b)`` of the two equations (see :func:`_equations`)."""
    a1, ca1, sa1 = link1
    if revolute[1]:
        return (2.0 * a1, sa1) if revolute[0] else (1.0, ca1)
    return (ca1, None) if revolute[0] else (None, sa1)


def _forearm(chain, q3, ops):
    """``f = L2 Rz(theta3) Tz(d3) v`` for joint 3 at ``q3``: three components."""
    vx, vy, vz = chain.point
    if chain.revolute[2]:
        theta = q3 + chain.theta0[2]
        c, s, d = ops.cos(theta), ops.sin(theta), chain.d0[2]
    else:
        (c, s), d = cos_sin(chain.theta0[2]), q3 + chain.d0[2]
    w1, w2, w3 = c * vx - s * vy, s * vx + c * vy, vz + d
    a, ca, sa = chain.links[1]
    return a + w1, ca * w2 - sa * w3, sa * w2 + ca * w3


def _invariants(chain, point):
    """What joint 1 leaves unchanged of ``point`` (three world coordinates, floats or
    ``(B,)`` arrays): ``(p, r, x, y, z)`` with ``p`` the point in joint 1's start frame;
    joint 1 revolute: ``r`` the squared distance from joint 1's origin raised by ``d1`` and
    ``z`` the height above it; prismatic: ``x, y`` across its axis, ``z`` along it."""
    p = frame_point(chain.start_inverse, point)
    if chain.revolute[0]:
        z = p[2] - chain.d0[0]
        return p, p[0] * p[0] + p[1] * p[1] + z * z, p[0], p[1], z
    c, s = cos_sin(chain.theta0[0])
    return p, 0.0, c * p[0] + s * p[1], c * p[1] - s * p[0], p[2]


def _equations(chain, invariants, f):
    """Joint 2's two equations, given joint 3 (``f``), as ``(g_a, g_b, extra)``.

    With ``(m_a, m_b)`` of :func:`_multipliers`: joint 2 revolute: ``m_a u1 = g_a``,
    ``m_b u2 = g_b`` and ``extra = |f_12|^2``, the circle ``u`` lies on; joint 1 revolute
    and 2 prismatic: ``m_a t = g_a``, ``t^2 = g_b``, ``extra = u``; both prismatic:
    ``g_a = 0`` (joint 3 alone) and ``m_b t = g_b``, ``extra = u``.
    """
    _, r, x, y, z = invariants
    f1, f2, f3 = f
    a1, ca1, sa1 = chain.links[0]
    if chain.revolute[1]:
        t = f3 + chain.d0[1]
        rho2 = f1 * f1 + f2 * f2
        if chain.revolute[0]:
            return r - a1 * a1 - rho2 - t * t, z - ca1 * t, rho2
        return x - a1 + 0.0 * t, y + sa1 * t, rho2
    c2, s2 = cos_sin(chain.theta0[1])
    u1, u2 = c2 * f1 - s2 * f2, s2 * f1 + c2 * f2
    if chain.revolute[0]:
        return z - sa1 * u2, r - (a1 + u1) ** 2 - u2 * u2, (u1, u2)
    return a1 + u1 - x, ca1 * u2 - y, (u1, u2)


def _residual(chain, invariants, f):
    """``G``: zero exactly where joint 3 (giving ``f``) has a joint 2 that places the point."""
    g_a, g_b, extra = _equations(chain, invariants, f)
    m_a, m_b = chain.multipliers
    if chain.revolute[1]:
        if m_a and m_b:
            return m_b * m_b * g_a * g_a + m_a * m_a * g_b * g_b - m_a * m_a * m_b * m_b * extra
        return g_a if m_a == 0.0 else g_b
    if m_b is None:
        return m_a * m_a * g_b - g_a * g_a if m_a else g_a
    return g_a


def _coefficients(chain, invariants):
    """The polynomial in joint 3, highest power first: a list of floats, complex numbers or
    ``(B,)`` arrays (see :func:`_sampling`)."""
    G = [_residual(chain, invariants, f) for f in chain.sample_forearms]
    return [sum(map(operator.mul, G, weights)) for weights in chain.fit]


def _roots(coefficients, ops):
    """Every root of the polynomial ``coefficients`` (highest power first): in closed form
    up to degree two, else as companion-matrix eigenvalues."""
    if len(coefficients) == 2:
        return [-coefficients[1] / coefficients[0]]
    if len(coefficients) == 3:
        a, b, c = coefficients
        root = ops.complex_sqrt(b * b - 4.0 * a * c)
        # The sign that adds |b| and the root's magnitude: no cancellation (Numerical
        # Recipes, section 5.6).
        root = ops.where((b.conjugate() * root).real < 0.0, -root, root)
        q = -0.5 * (b + root)
        nonzero = ops.absolute(q) > 0.0
        q_safe = ops.where(nonzero, q, 1.0)
        return [q / a, ops.where(nonzero, c / q_safe, 0.0 * q)]
    return ops.companion_roots(coefficients)


def _joint3_values(chain, invariants, coefficients, ops):
    """The real roots as joint-3 values: a list of ``(q3, real)`` (floats or arrays), each
    polished by one Newton step on the exact residual."""
    found = []
    D = len(coefficients) - 1
    for z in _roots(coefficients, ops):
        if chain.revolute[2]:
            real = ops.absolute(ops.absolute(z) - 1.0) < ROOT_TOLERANCE
            theta = ops.phase(z)
            e = ops.cos(theta) + 1j * ops.sin(theta)
            # G' = sum of i j c_j e^j over j = -D..D, where coefficients[D - j] is c_j; those
            # of a real G pair up (c_-j = conj c_j): G' = -2 sum over j = 1..D of j Im(c_j e^j).
            slope, power = 0.0, 1.0
            for j in range(1, chain.degree + 1):
                power = power * e
                slope = slope - 2.0 * j * (coefficients[chain.degree - j] * power).imag
            q3, unit = theta - chain.theta0[2], 1.0
        else:
            real = ops.absolute(z.imag) < ROOT_TOLERANCE
            s = z.real
            slope = sum((D - m) * c * s ** (D - m - 1)
                        for m, c in enumerate(coefficients[:-1])) / chain.scale
            q3, unit = s * chain.scale, chain.scale
        G = _residual(chain, invariants, _forearm(chain, q3, ops))
        step = G / ops.where(ops.absolute(slope) > 0.0, slope, math.inf)
        q3 = q3 - ops.where(ops.absolute(step) < POLISH_LIMIT * unit, step, 0.0 * step)
        found.append((q3, real))
    return found


def _arm_slots(chain, invariants, reference, ops):
    """Every solution of joints 1-3 for the point of ``invariants``: a list of slots
    ``(q, valid, free1, free2)`` (floats or ``(B,)`` arrays): ``q = (q1, q2, q3)`` (revolute
    joints not reduced to one turn: :func:`pieper_ik` and :func:`nearest_solution` do that),
    whether the slot holds a solution, and whether joint 1 (the point on axis 1) or joint 2 (on
    axis 2) is free there; ``reference`` (three values) gives a free joint its value."""
    m_a, m_b = chain.multipliers
    a1, ca1, sa1 = chain.links[0]
    slack = REACH_SLACK * chain.scale ** 2
    axis = (SINGULAR_AXIS * chain.scale) ** 2
    p = invariants[0]
    azimuth = ops.atan2(p[1], p[0]) if chain.revolute[0] else None   # of the point, joint 1
    slots = []
    for q3, real in _joint3_values(chain, invariants, _coefficients(chain, invariants),
                                   ops):
        f = _forearm(chain, q3, ops)
        g_a, g_b, extra = _equations(chain, invariants, f)
        branches = []                                      # (u1, u2, t, q2, ok, free2)
        if chain.revolute[1]:
            t = f[2] + chain.d0[1]
            free2 = extra < axis
            if m_a and m_b:
                candidates = [(g_a / m_a, g_b / m_b, True)]
            else:                      # one component of u known, the other +- on its circle
                known = g_b / m_b if m_a == 0.0 else g_a / m_a
                across = extra - known * known
                other = ops.sqrt(ops.maximum(across, 0.0))
                pairs = (((other, known), (-other, known)) if m_a == 0.0
                         else ((known, other), (known, -other)))
                candidates = [(u1, u2, across >= -slack) for u1, u2 in pairs]
            forearm_angle = ops.atan2(f[1], f[0])
            for u1, u2, ok in candidates:
                q2 = ops.where(free2, reference[1],
                               ops.atan2(u2, u1) - forearm_angle - chain.theta0[1])
                branches.append((u1, u2, t, q2, ok, free2))
        else:
            u1, u2 = extra
            if m_b is None and m_a:
                heights = [(g_a / m_a, True)]
            elif m_b is None:
                t = ops.sqrt(ops.maximum(g_b, 0.0))
                heights = [(t, g_b >= -slack), (-t, g_b >= -slack)]
            else:
                heights = [(g_b / m_b, ops.absolute(g_a) <= slack / chain.scale)]
            for t, ok in heights:
                branches.append((u1, u2, t, t - f[2] - chain.d0[1], ok, False))
        for u1, u2, t, q2, ok, free2 in branches:
            k1, k2, k3 = a1 + u1, ca1 * u2 - sa1 * t, sa1 * u2 + ca1 * t
            if chain.revolute[0]:
                free1 = k1 * k1 + k2 * k2 < axis
                q1 = ops.where(free1, reference[0],
                               azimuth - ops.atan2(k2, k1) - chain.theta0[0])
            else:
                free1, q1 = False, p[2] - k3 - chain.d0[0]
            slots.append(((q1, q2, q3), real & ok, free1, free2))
    return slots



# ---------------------------------------------------------------------------- the API
def pieper_ik(robot: Robot, target: ArrayLike,
              reference: ArrayLike | None = None) -> PieperSolutions:
    """Every solution of targets by Pieper's method (see the module docstring).

    Parameters
    ----------
    robot : Robot
        A 6-joint arm with a spherical wrist, or a 3-joint arm (its tool point), for which
        :func:`pieper_applies` is True.
    target : array_like, shape (4, 4) or (..., 4, 4); (..., 3) points for a 3-joint arm
        Poses (or points) in the world frame.
    reference : array_like, shape (n,) or (..., n), optional
        The value a free joint keeps at a singularity (home by default).

    Returns
    -------
    PieperSolutions

    Examples
    --------
    The Puma 560 at ``q = (0.3, 0.5, -0.2, 0.4, 0.6, -0.3)`` reaches its pose in eight ways
    (shoulder left or right, elbow up or down, wrist flipped or not); ``q`` is one of them:

    >>> import robosim
    >>> puma = robosim.load_robot("Puma 560")
    >>> q = [0.3, 0.5, -0.2, 0.4, 0.6, -0.3]
    >>> found = pieper_ik(puma, puma.fk(q))
    >>> int(found.valid.sum()), float(np.abs(found.q - q).max(axis=1).min()) < 1e-12
    (8, True)
    """
    if not pieper_applies(robot):
        raise ValidationError(f"{robot.name}: Pieper's closed form needs 6 joints with a "
                              f"spherical wrist, or 3 joints placing a point")
    places_points = robot.n == 3                          # else 6 joints solving the pose
    target = checks.real_array(target, "target")
    if places_points and target.shape[-1:] == (3,):
        target = transl(target)
    if target.shape[-2:] != (4, 4):
        also = " or points" if places_points else ""
        raise ValidationError(f"target must be 4x4 transforms{also}, got shape {target.shape}")
    target = checks.transforms(target, "target")
    if not places_points:
        checks.rotations(frame_columns(target.reshape(-1, 4, 4)), ArrayMath, "target")
    if reference is not None:
        reference = checks.broadcast_batch(checks.joint_array(robot, reference, "reference"),
                                           target.shape[:-2], "reference", "target")
    return checked_pieper_ik(robot, target, reference)


def checked_pieper_ik(robot: Robot, target: np.ndarray,
                      reference: np.ndarray | None = None) -> PieperSolutions:
    """:func:`pieper_ik` of targets ``(..., 4, 4)`` and a reference already checked (the
    solvers' inner calls: their targets were checked at the edge)."""
    chain, split, _ = _chain_of(robot)
    shape = target.shape[:-2]
    ops = ArrayMath if shape else FloatMath
    reference = np.broadcast_to(robot.home if reference is None else reference,
                                shape + (robot.n,)).reshape(-1, robot.n)
    reference_columns = ops.unstack(np.asarray(reference, dtype=float))
    columns = frame_columns(target.reshape(-1, 4, 4) if shape else target)
    slots, reason, double = _every_solution(chain, split, columns, reference_columns, ops)
    q = ops.stack([value for q, _ in slots for value in q]).reshape(-1, len(slots), robot.n)
    valid = ops.stack([ok for _, ok in slots]).astype(bool)
    q = np.where(valid[..., None], np.where(robot.revolute, wrap_to_pi(q), q), reference[:, None])
    # A free joint says more than the repeat it causes: the double root is named last.
    reason = np.asarray(ops.where(double & (reason == ""), DOUBLE_ROOT, reason), dtype=object)
    return PieperSolutions(q.reshape(shape + q.shape[1:]), valid.reshape(shape + valid.shape[1:]),
                           reason.reshape(shape))


def _point(split, columns):
    """The point joints 1-3 must place: the wrist centre ``T_target @ c_end`` of a 6-joint
    arm, the target's point ``P`` of a 3-joint one (world coordinates, floats or ``(B,)``
    arrays), from the target's columns ``(X, Y, Z, P)``."""
    return columns[3] if split is None else frame_point(columns, split.center_in_end.tolist())


def _arm_note(free1, free2, ops):
    """The note of an arm solution: the free joint (1 or 2) at a singularity, or ``""``."""
    return ops.where(free1, free_joint(1), ops.where(free2, free_joint(2), ""))


def _wrist_solutions(split, arm_q, columns, reference, ops):
    """The wrist's two solutions ``(q4, q5, q6)`` for the arm solution ``arm_q`` (Pieper's
    decoupling: frame 3 from joints 1-3, then :func:`robosim.ik.wrist.wrist_angles`) and
    their ``valid`` flags."""
    frame3 = chain_frames(split.arm.chain, arm_q, ops)[-1]
    return wrist_angles(split, frame3[:3], columns[:3], reference[3] + split.offsets[0], ops)


def _every_solution(chain, split, columns, reference, ops):
    """Every solution of the targets ``columns``: slots ``(q, valid)`` (``q``: n joint values,
    floats or ``(B,)`` arrays), distinct modulo 2 pi, the degenerate case met (see
    :attr:`PieperSolutions.reason`) and whether two arm solutions merged (a double root)."""
    arm = _arm_slots(chain, _invariants(chain, _point(split, columns)), reference[:3], ops)
    valid, double = _drop_repeats([q for q, *_ in arm], [ok for _, ok, *_ in arm],
                                  chain.revolute, chain.scale, ops)
    reachable = free1 = free2 = False
    for (_, _, arm_free1, arm_free2), ok in zip(arm, valid, strict=True):
        reachable, free1, free2 = reachable | ok, free1 | (ok & arm_free1), free2 | (ok & arm_free2)
    reason = ops.where(reachable, _arm_note(free1, free2, ops), OUT_OF_REACH)
    if split is None:
        return [(tuple(q), ok) for (q, *_), ok in zip(arm, valid, strict=True)], reason, double
    slots, wrist_reached, singular = [], False, False
    for (arm_q, *_), ok in zip(arm, valid, strict=True):
        wrists, good = _wrist_solutions(split, arm_q, columns, reference, ops)
        slots += [(tuple(arm_q) + wrist, ok & wrist_ok) for wrist, wrist_ok in zip(wrists, good,
                                                                                 strict=True)]
        wrist_reached = wrist_reached | (ok & good[0])
        singular = singular | (ok & (good[0] != good[1]))
    reason = ops.where(wrist_reached, ops.where(singular & (reason == ""), free_joint(4), reason),
                       ops.where(reachable, WRIST_OUT_OF_REACH, reason))
    return slots, reason, double


def _drop_repeats(solutions, valid, revolute, scale, ops):
    """The ``valid`` flags of the ``solutions`` (each a sequence of joint values), False on one
    repeating an earlier valid one (modulo 2 pi; a double root), and whether that happened."""
    valid = list(valid)
    double = False
    for j, later in enumerate(solutions):
        for i, earlier in enumerate(solutions[:j]):
            repeat = valid[i] & valid[j] & (largest_gap(earlier, later, revolute, scale, ops)
                                            < SAME_SOLUTION)
            valid[j] = ops.where(repeat, False, valid[j])
            double = double | repeat
    return valid, double


def nearest_solution(robot: Robot, columns: Frame, reference: list[Component],
                     ops: Ops) -> tuple[list[Component], Component, Component]:
    """The closed-form solution of targets nearest ``reference`` inside the limits.

    Parameters
    ----------
    robot : Robot
        One for which :func:`pieper_applies` is True.
    columns : Frame
        The targets' columns ``(X, Y, Z, P)`` (:func:`robosim.kinematics.chain.frame_columns`):
        floats for one target (``ops = FloatMath``), ``(B,)`` arrays for many; a 3-joint arm
        places ``P``.
    reference : list of n floats or ``(B,)`` arrays
        Joint values (API units) the solution should be nearest.
    ops : FloatMath or ArrayMath
        Floats (one target) or arrays (many).

    Returns
    -------
    q : list of n floats or ``(B,)`` arrays
        The solution (each revolute joint at its turn nearest ``reference``) with the least
        sum of joint distances from ``reference`` (prismatic ones over the robot's size);
        ``reference`` where no solution lies inside the limits.
    found : bool or ``(B,)`` bools
        A solution lies inside the limits.
    reason : str or ``(B,)`` str array
        The degenerate case of the solution returned (``""``, or a free joint), or why there
        is none: as :attr:`PieperSolutions.reason`, or :data:`JOINT_LIMIT` when solutions
        exist but none inside the limits.

    Notes
    -----
    The wrist is solved only for the arm solutions that can still win: the distance of joints
    1-3 alone bounds the whole distance from below, so the arm solutions are taken nearest
    first and one no nearer than the best whole solution found is passed over.

    Examples
    --------
    Of the four solutions of the point ``(0, 1, 2)`` (see :class:`PieperSolutions`), the one
    nearest a reference with the elbow bent down (``q3 < 0``) and the one nearest an
    outstretched upper arm (``q2 = 0``):

    >>> from robosim.ik import anthropomorphic_3r_robot
    >>> from robosim.kinematics.chain import frame_columns
    >>> arm = anthropomorphic_3r_robot(1.0, 1.0, 1.0)
    >>> target = frame_columns(arm.fk(np.radians([0.0, 90.0, -90.0])))
    >>> for reference in ([0.0, 1.0, -1.0], [0.0, 0.0, 1.0]):
    ...     q, found, note = nearest_solution(arm, target, reference, FloatMath)
    ...     print(np.degrees(q).round(3) + 0.0, found, repr(note))
    [  0.  90. -90.] True ''
    [ 0.  0. 90.] True ''
    """
    chain, split, joints = _chain_of(robot)
    arm_reference, arm_joints, wrist_reference, wrist_joints = (reference[:3], joints[:3],
                                                                 reference[3:], joints[3:])
    arm = _arm_slots(chain, _invariants(chain, _point(split, columns)), arm_reference, ops)
    # The arm solutions at their turns nearest the reference, nearest first: the distance of
    # joints 1-3 bounds the whole distance from below, so one no nearer than the best whole
    # solution found is passed over.
    ranked, reachable, inside_limits = [], False, False
    for arm_q, valid, free1, free2 in arm:
        reachable = reachable | valid
        if ops.batch_any(valid):
            arm_q, inside, distance = turned(arm_q, arm_reference, arm_joints, ops)
            usable = valid & inside
            inside_limits = inside_limits | usable
            ranked.append((ops.where(usable, distance, math.inf), arm_q, free1, free2))
    ranked.sort(key=lambda entry: ops.batch_min(entry[0]))
    best, q, note, wrist_reached = math.inf, list(reference), "", False
    for arm_distance, arm_q, free1, free2 in ranked:
        if not ops.batch_any(arm_distance < best):
            continue
        arm_note = _arm_note(free1, free2, ops)
        candidates = [(arm_q, arm_distance, arm_note)]
        if split is not None:
            wrists, ok = _wrist_solutions(split, arm_q, columns, reference, ops)
            wrist_reached = wrist_reached | ((arm_distance < math.inf) & ok[0])
            arm_note = ops.where((ok[0] != ok[1]) & (arm_note == ""), free_joint(4), arm_note)
            candidates = []
            for wrist, good in zip(wrists, ok, strict=True):
                wrist_q, inside, distance = turned(wrist, wrist_reference, wrist_joints, ops)
                candidates.append((arm_q + wrist_q, ops.where(good & inside,
                                                              arm_distance + distance, math.inf),
                                   arm_note))
        for candidate, distance, candidate_note in candidates:
            nearer = distance < best
            if not ops.batch_any(nearer):
                continue
            q = [ops.where(nearer, a, b) for a, b in zip(candidate, q, strict=True)]
            best, note = ops.where(nearer, distance, best), ops.where(nearer, candidate_note, note)
    found = best < math.inf
    wrist_missed = inside_limits & (split is not None)
    reason = ops.where(found, note, ops.where(
        wrist_reached, JOINT_LIMIT, ops.where(wrist_missed, WRIST_OUT_OF_REACH, ops.where(
            reachable, JOINT_LIMIT, OUT_OF_REACH))))
    return q, found, reason

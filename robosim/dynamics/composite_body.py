"""The joint-space mass matrix by the composite-rigid-body algorithm, and a Cholesky solve.

Walker and Orin's method 3 (Featherstone, *Rigid Body Dynamics Algorithms*, section 6.2): walk
from the tip to the base, lumping links ``i .. n`` into one rigid "composite" body; joint ``i``
accelerating alone at 1 rad/s^2 (or 1 m/s^2) moves that composite body as one, so the wrench
it takes is the composite's inertia times the joint's axis, and ``M[j, i]`` is that wrench,
carried back to joint ``j <= i``, along joint ``j``'s axis. One pass, no Newton-Euler run per
column: the composite bodies are formed once and each column needs only wrench transports.

A body is 10 numbers ``(m, h0, h1, h2, Ixx, Iyy, Izz, Ixy, Iyz, Ixz)``: mass (kg), first moment
``h = m c`` (kg m) and inertia (kg m^2) about its frame's origin, that frame's axes. The kernels
run on floats (one configuration) or ``(B,)`` arrays (a batch) like the Newton-Euler one, on
standard DH rows; ``tests/dynamics/test_newton_euler.py`` checks them against ``n`` calls
of :func:`robosim.dynamics.reference_inverse_dynamics`.
"""

from __future__ import annotations

from operator import add

from .newton_euler import ZERO, Column, KernelConstants


def mass_matrix_entries(constants: KernelConstants, geometry: list) -> list:
    """``M`` (kg m^2, kg) as n lists of n floats or ``(B,)`` arrays, for the joint geometry
    of :func:`robosim.dynamics.newton_euler.joint_geometry`; rotor inertias not included.

    Examples
    --------
    A planar arm of two 1 m links, each a 1 kg point mass at its end, turning about parallel
    axes: the textbook's (Lynch and Park, section 8.1.1) ``M = [[m1 l1^2 + m2 (l1^2 + l2^2 +
    2 l1 l2 cos q2), m2 (l2^2 + l1 l2 cos q2)], [same, m2 l2^2]]``, which is ``[[5, 2], [2,
    1]]`` stretched out (``q2 = 0``) and ``[[3, 1], [1, 1]]`` with the elbow at 90 degrees;
    the shoulder's angle ``q1`` changes nothing.

    >>> import math
    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.dynamics.newton_euler import joint_geometry, kernel_constants
    >>> from robosim.kinematics import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0), LinkDynamics(mass=1.0)]))
    >>> constants = kernel_constants(arm, arm.dynamics)
    >>> for q in ([0.3, 0.0], [0.3, math.pi / 2]):
    ...     M = mass_matrix_entries(constants, joint_geometry(constants, q))
    ...     print([[round(entry, 9) for entry in row] for row in M])
    [[5.0, 2.0], [2.0, 1.0]]
    [[3.0, 1.0], [1.0, 1.0]]
    """
    return _composite_bodies(constants, geometry)


def _composite_bodies(constants, geometry):
    """On standard DH rows (a modified-DH robot is regrouped into them by
    :func:`robosim.dynamics.newton_euler.kernel_constants`): joint ``i`` turns about ``z`` of link
    ``i - 1``'s frame, through its origin.

    Links ``i .. n``, lumped in link ``i``'s frame, are moved into link ``i - 1``'s (about its
    origin: shift by ``r``, then ``Rx(alpha)``, ``Rz(theta)``), where joint ``i``'s axis is
    ``z``; the column's wrench then goes down the chain as in the Newton-Euler backward pass.
    """
    n = len(geometry)
    revolute = constants.revolute
    M = [[0.0] * n for _ in range(n)]
    body = None
    for i in range(n - 1, -1, -1):
        body = constants.bodies[i] if body is None else _sum(constants.bodies[i], body)
        ct, st, ca, sa, r = geometry[i]
        body = _turned_about_z(ct, st, _turned_about_x(ca, sa, _shifted(r, body)))
        f0, f1, f2, n0, n1, n2 = _unit_wrench(revolute[i], body)
        M[i][i] = n2 if revolute[i] else f2
        for j in range(i - 1, -1, -1):
            ct, st, ca, sa, r = geometry[j]
            if r is not ZERO:                               # about link j - 1's origin
                r0, r1, r2 = r
                n0, n1, n2 = n0 + r1 * f2 - r2 * f1, n1 + r2 * f0 - r0 * f2, \
                    n2 + r0 * f1 - r1 * f0
            if ca == 0.0:                                   # into its axes: Rx(alpha)
                f1, f2, n1, n2 = (-f2, f1, -n2, n1) if sa > 0.0 else (f2, -f1, n2, -n1)
            elif sa != 0.0 or ca < 0.0:
                # (two or three names per assignment: see robosim.dynamics.newton_euler._recursion)
                f1, f2 = ca * f1 - sa * f2, sa * f1 + ca * f2
                n1, n2 = ca * n1 - sa * n2, sa * n1 + ca * n2
            M[j][i] = M[i][j] = n2 if revolute[j] else f2   # Rz(theta) keeps z
            if j:                                           # then Rz(theta), for joint j - 1
                f0, f1 = ct * f0 - st * f1, st * f0 + ct * f1
                n0, n1 = ct * n0 - st * n1, st * n0 + ct * n1
    return M


def _unit_wrench(revolute, body):
    """The wrench ``(f, n)`` about the origin that a unit acceleration about (revolute) or
    along (prismatic) ``z`` through the origin takes, from rest: ``f = z x h, n = I z``, or
    ``f = m z, n = h x z``."""
    m, h0, h1, h2, xx, yy, zz, xy, yz, xz = body
    if revolute:
        return -h1, h0, 0.0, xz, yz, zz
    return 0.0, 0.0, m, h1, -h0, 0.0


def _sum(a, b):
    """Two bodies in the same frame lumped into one: every quantity adds."""
    return tuple(map(add, a, b))


def _shifted(r, body):
    """``body`` about a point ``-r`` from its origin (its points at ``p + r``), same axes.

    ``h' = h + m r``; ``I' = I + (2 h.r + m r.r) 1 - (h r^T + r h^T) - m r r^T``.
    """
    if r is ZERO:
        return body
    m, h0, h1, h2, xx, yy, zz, xy, yz, xz = body
    r0, r1, r2 = r
    g0, g1, g2 = 2.0 * h0 + m * r0, 2.0 * h1 + m * r1, 2.0 * h2 + m * r2   # 2 h + m r
    k = g0 * r0 + g1 * r1 + g2 * r2
    return (m, h0 + m * r0, h1 + m * r1, h2 + m * r2,
            xx + k - g0 * r0, yy + k - g1 * r1, zz + k - g2 * r2,
            xy - h0 * r1 - r0 * h1 - m * r0 * r1, yz - h1 * r2 - r1 * h2 - m * r1 * r2,
            xz - h0 * r2 - r0 * h2 - m * r0 * r2)


def _turned_about_z(c: Column, s: Column, body):
    """``body`` in axes turned by ``-theta`` about Z (``v' = Rz(theta) v``, ``I' = R I R^T``)."""
    m, h0, h1, h2, xx, yy, zz, xy, yz, xz = body
    cc, ss, cs = c * c, s * s, c * s
    return (m, c * h0 - s * h1, s * h0 + c * h1, h2,
            cc * xx - 2.0 * cs * xy + ss * yy, ss * xx + 2.0 * cs * xy + cc * yy, zz,
            cs * (xx - yy) + (cc - ss) * xy, s * xz + c * yz, c * xz - s * yz)


def _turned_about_x(c: float, s: float, body):
    """``body`` in axes turned by ``-alpha`` about X (``v' = Rx(alpha) v``); a quarter or half
    turn, as twists mostly are, is a swap of components."""
    m, h0, h1, h2, xx, yy, zz, xy, yz, xz = body
    if s == 0.0:
        return body if c > 0.0 else (m, h0, -h1, -h2, xx, yy, zz, -xy, yz, -xz)
    if c == 0.0:
        if s > 0.0:
            return m, h0, -h2, h1, xx, zz, yy, -xz, -yz, xy
        return m, h0, h2, -h1, xx, zz, yy, xz, -yz, -xy
    cc, ss, cs = c * c, s * s, c * s
    return (m, h0, c * h1 - s * h2, s * h1 + c * h2, xx,
            cc * yy - 2.0 * cs * yz + ss * zz, ss * yy + 2.0 * cs * yz + cc * zz,
            c * xy - s * xz, cs * (yy - zz) + (cc - ss) * yz, s * xy + c * xz)


class NotPositiveDefinite(ArithmeticError):
    """A matrix :func:`cholesky_solve` was given has a pivot that is not > 0 (a massless or
    degenerate chain): the caller solves it another way."""


def cholesky_solve(M: list, b: list) -> list:
    """``x`` with ``M x = b`` for a symmetric positive definite ``M`` (n lists of n) by its
    Cholesky factor ``M = L L^T``: n floats or ``(B,)`` arrays, like the entries.

    Written on entries so that one configuration runs on floats and a batch on columns, with
    no per-call cost of a LAPACK routine; about ``n^3 / 6`` multiplications. Raises
    :class:`NotPositiveDefinite` when a pivot is not > 0 (in any row of a batch).

    Examples
    --------
    ``4 x + 2 y = 2`` and ``2 x + 3 y = 1``: ``L = [[2, 0], [1, sqrt 2]]``, ``L z = b`` gives
    ``z = (1, 0)`` and ``L^T x = z`` gives ``x = (0.5, 0)``, as substituting shows.

    >>> cholesky_solve([[4.0, 2.0], [2.0, 3.0]], [2.0, 1.0])
    [0.5, 0.0]
    """
    n = len(b)
    L = [[0.0] * n for _ in range(n)]
    for i in range(n):
        row = L[i]
        for j in range(i + 1):
            other = L[j]
            total = M[i][j]
            for k in range(j):
                total = total - row[k] * other[k]
            if i != j:
                row[j] = total / other[j]
            elif total > 0.0 if isinstance(total, float) else (total > 0.0).all():
                row[j] = total ** 0.5
            else:
                raise NotPositiveDefinite(f"pivot {i} of the mass matrix is not positive")
    y = [0.0] * n
    for i in range(n):
        total = b[i]
        for k in range(i):
            total = total - L[i][k] * y[k]
        y[i] = total / L[i][i]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        total = y[i]
        for k in range(i + 1, n):
            total = total - L[k][i] * x[k]
        x[i] = total / L[i][i]
    return x

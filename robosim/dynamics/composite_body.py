"""The joint-space mass matrix by the composite-rigid-body algorithm.

Featherstone, *Rigid Body Dynamics Algorithms*, section 6.2 (Walker and Orin's method 3), on
the frames and building blocks of :mod:`robosim.dynamics.newton_euler`: walking from the tip
to the base, links ``i .. n`` are lumped into one rigid "composite" body; joint ``i``
accelerating alone at 1 rad/s^2 (or 1 m/s^2) from rest moves that body as one, so the wrench
it takes is the composite's inertia times the joint's axis, and ``M[j, i]`` is that wrench,
carried back to joint ``j <= i`` as Newton-Euler's inward loop carries wrenches, along joint
``j``'s axis. One pass, no Newton-Euler run per column.

A body is 10 numbers ``(m, h0, h1, h2, Ixx, Iyy, Izz, Ixy, Iyz, Ixz)``: mass (kg), first moment
``h = m c`` (kg m) and inertia (kg m^2) about its frame's origin, in that frame's axes; each a
float (one configuration) or a ``(B,)`` array (a batch).
"""

from __future__ import annotations

from operator import add
from typing import Any

from .newton_euler import DynamicChain, Link, Vector, shifted_body, twisted, wrench_into_parent


def mass_matrix_entries(chain: DynamicChain, frames: list, motor: bool = False) -> list:
    """``M`` (kg m^2, kg) as n lists of n floats or ``(B,)`` arrays, for the frames of
    :meth:`~robosim.dynamics.newton_euler.DynamicChain.frames`; with ``motor``, the rotor
    inertias ``G^2 Jm`` (``chain.motor``) added to the diagonal, as the armature of each joint.

    Examples
    --------
    A planar arm of two 1 m links, each a 1 kg point mass at its end, turning about parallel
    axes: the textbook's (Lynch and Park, section 8.1.1) ``M = [[m1 l1^2 + m2 (l1^2 + l2^2 +
    2 l1 l2 cos q2), m2 (l2^2 + l1 l2 cos q2)], [same, m2 l2^2]]``, which is ``[[5, 2], [2,
    1]]`` stretched out (``q2 = 0``) and ``[[3, 1], [1, 1]]`` with the elbow at 90 degrees;
    the shoulder's angle ``q1`` changes nothing.

    >>> import math
    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.dynamics.newton_euler import dynamic_chain
    >>> from robosim.kinematics import Joint, Robot
    >>> from robosim.kinematics.elementary import FloatMath
    >>> arm = dynamic_chain(Robot([Joint(a=1.0), Joint(a=1.0)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0), LinkDynamics(mass=1.0)])))
    >>> for q in ([0.3, 0.0], [0.3, math.pi / 2]):
    ...     M = mass_matrix_entries(arm, arm.frames(FloatMath, q))
    ...     print([[round(entry, 9) for entry in row] for row in M])
    [[5.0, 2.0], [2.0, 1.0]]
    [[3.0, 1.0], [1.0, 1.0]]
    """
    links, n = chain.links, len(frames)
    rotors = chain.motor.tolist() if motor else [0.0] * n
    M: list[list[Any]] = [[0.0] * n for _ in range(n)]
    body: tuple = ()
    for i in range(n - 1, -1, -1):
        # the composite body of links i .. n - 1, in frame i: link i and the composite of the
        # links after it, seen in frame i, lumped into one body (every quantity adds)
        body = links[i].body if i == n - 1 else tuple(map(
            add, links[i].body, _body_into_parent(links[i + 1], frames[i + 1], body)))
        # joint i alone at unit acceleration, from rest: the wrench on the composite body
        force, moment = _unit_wrench(links[i].revolute, body)
        M[i][i] = (moment[2] if links[i].revolute else force[2]) + rotors[i]
        for j in range(i - 1, -1, -1):
            force, moment = wrench_into_parent(links[j + 1], frames[j + 1], force, moment)
            M[j][i] = M[i][j] = moment[2] if links[j].revolute else force[2]
    return M


def _unit_wrench(revolute: bool, body: tuple) -> tuple[Vector, Vector]:
    """The wrench ``(f, n)`` about the origin that a unit acceleration about (revolute) or along
    (prismatic) ``z`` takes from rest: ``f = z x h, n = I_o z``, or ``f = m z, n = h x z``
    (Newton-Euler's (6.49)-(6.50) moved to the origin, with ``w = 0``)."""
    m, h0, h1, h2, xx, yy, zz, xy, yz, xz = body
    if revolute:
        return (-h1, h0, 0.0), (xz, yz, zz)
    return (0.0, 0.0, m), (h1, -h0, 0.0)


def _body_into_parent(link: Link, frame: tuple, body: tuple) -> tuple:
    """A body in frame ``i`` as seen in frame ``i - 1``: turned by ``R = Rx(alpha) Rz(theta)``
    (``h' = R h``, ``I' = R I R^T``), then about the origin of frame ``i - 1``, from which
    frame ``i``'s origin is at ``p``, for ``frame = (cos theta, sin theta, p)``."""
    c, s, p = frame
    m, h0, h1, h2, xx, yy, zz, xy, yz, xz = body
    # Rz(theta): about z
    cc, ss, cs = c * c, s * s, c * s
    h0, h1 = c * h0 - s * h1, s * h0 + c * h1
    xx, yy, xy, yz, xz = (cc * xx - 2.0 * cs * xy + ss * yy, ss * xx + 2.0 * cs * xy + cc * yy,
                          cs * (xx - yy) + (cc - ss) * xy, s * xz + c * yz, c * xz - s * yz)
    # then Rx(alpha): about x
    ca, sa = link.cos_alpha, link.sin_alpha
    h1, h2, xy, xz = twisted(ca, sa, h1, h2, xy, xz)
    if ca == 0.0:                           # a quarter turn swaps y and z
        yy, zz, yz = zz, yy, -yz
    elif sa != 0.0:
        cc, ss, cs = ca * ca, sa * sa, ca * sa
        yy, zz, yz = (cc * yy - 2.0 * cs * yz + ss * zz, ss * yy + 2.0 * cs * yz + cc * zz,
                      cs * (yy - zz) + (cc - ss) * yz)
    return shifted_body(p, (m, h0, h1, h2, xx, yy, zz, xy, yz, xz))


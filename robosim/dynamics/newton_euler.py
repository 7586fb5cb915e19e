"""Recursive Newton-Euler inverse dynamics, written once for one configuration and a batch.

Craig, *Introduction to Robotics: Mechanics and Control* (3rd ed.), section 6.5, equations
(6.45)-(6.53), on the frames of the modified DH convention (Craig's own; a standard-DH robot is
regrouped into modified rows once, by :func:`dynamic_chain`):

- an outward loop, from the base to the tip, carries each link's angular velocity ``w`` and
  acceleration ``wd``, the linear acceleration ``vd`` of its frame's origin and that of its
  centre of mass, and the force ``F`` and moment ``N`` that move the link, (6.45)-(6.50);
- an inward loop, from the tip back to the base, carries the force ``f`` and moment ``n`` each
  link exerts on the next, (6.51)-(6.52), and each joint's torque is the moment's component
  along the joint's axis (its force's, for a prismatic joint), (6.53).

The arithmetic is written on vector components, each a Python float (one configuration) or a
``(B,)`` array (a batch): the same lines serve both. Gravity enters as an upward acceleration
of the base (Craig, "inclusion of gravity forces", section 6.5). Units are SI inside: lengths in
metres, masses in kg, inertias in kg m^2; :func:`dynamic_chain` converts the robot's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..kinematics import Robot, cos_sin, homogeneous, rotx

#: Metres per robot length unit: how lengths are converted for dynamics.
METRES_PER_UNIT = {"mm": 1e-3, "cm": 1e-2, "m": 1.0}

#: A 3-vector: three floats (one configuration) or three ``(B,)`` arrays (a batch).
Vector = tuple[Any, Any, Any]
#: The zero vector where a robot's constants make it so: a revolute joint's frame at its
#: parent's origin (``a = d = 0``, as at most wrists) is this very object, and the terms its
#: lever arm would add are left out (they are zero).
ZERO = (0.0, 0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Link:
    """One modified-DH row and the link it moves, in SI units.

    Frame ``i`` is ``Rx(alpha) Tx(a) Rz(theta) Tz(d)`` from frame ``i - 1``; the joint turns
    about (revolute) or slides along (prismatic) its ``z`` axis; the link is fixed in frame
    ``i``. ``theta`` and ``d`` are their constant parts: ``theta = q + theta`` (revolute) or
    ``d = q + d`` (prismatic, q in metres).
    """

    revolute: bool
    cos_alpha: float
    sin_alpha: float
    a: float                    # m
    theta: float                # rad
    d: float                    # m
    mass: float                 # kg
    centre: Vector              # the centre of mass P_C, m, frame i
    inertia: tuple              # about the centre of mass, frame i's axes, kg m^2:
    #                             (Ixx, Iyy, Izz, Ixy, Iyz, Ixz)
    body: tuple                 # about frame i's origin, for the composite bodies:
    #                             (m, h = m P_C, the inertia about the origin as above)
    fixed_origin: Vector = field(init=False)    # origin(d): a revolute joint's, always

    def __post_init__(self):
        origin = ZERO if self.a == 0.0 and self.d == 0.0 else self.origin(self.d)
        object.__setattr__(self, "fixed_origin", origin)

    def origin(self, d: Any) -> Vector:
        """Frame ``i``'s origin in frame ``i - 1``, m: ``P = (a, -sin(alpha) d, cos(alpha) d)``
        (Craig (3.6), the translation of the link transform)."""
        return self.a, 0.0 - self.sin_alpha * d, self.cos_alpha * d


@dataclass(frozen=True, slots=True)
class DynamicChain:
    """What the algorithms need of a robot, in SI units and modified-DH rows
    (:func:`dynamic_chain`)."""

    links: tuple[Link, ...]
    base_rotation: np.ndarray   # (3, 3): the base frame's axes in the world
    gravity: tuple              # the robot's gravity in the base frame's axes, m/s^2
    tool: np.ndarray            # (4, 4): the tool frame in the last link's frame, m
    metres: float               # per robot length unit
    si_scale: np.ndarray | None     # (n,): 1 for revolute joints, metres per unit for
    #                                 prismatic ones; None when all are 1
    motor: np.ndarray           # (n,): G^2 Jm per joint
    viscous: np.ndarray         # (n,): G^2 B per joint
    coulomb: np.ndarray         # (2, n): |G| Tc+ and |G| Tc- per joint

    def frames(self, ops: Any, q: list) -> list:
        """Per joint ``(cos theta, sin theta, P)`` at joint values ``q`` (n floats, or n
        ``(B,)`` arrays with ``ops`` :class:`~robosim.kinematics.elementary.ArrayMath`), SI
        units: where each link's frame is in the previous one.

        Examples
        --------
        A revolute joint at 60 degrees with ``a = 1`` m, then a prismatic one pushed out
        0.2 m. As modified rows (:func:`dynamic_chain`), frame 1 is at the base's origin, turned by
        60 degrees; frame 2 is not turned, 1 m along frame 1's x (the first link) and 0.2 m
        along its z.

        >>> import math
        >>> from robosim.dynamics import Dynamics, LinkDynamics
        >>> from robosim.kinematics import Joint
        >>> from robosim.kinematics.elementary import FloatMath
        >>> arm = Robot([Joint(a=1.0), Joint(kind="P")], unit="m",
        ...             dynamics=Dynamics([LinkDynamics(), LinkDynamics()]))
        >>> for c, s, origin in dynamic_chain(arm).frames(FloatMath, [math.pi / 3, 0.2]):
        ...     print(round(c, 3), round(s, 3), origin)
        0.5 0.866 (0.0, 0.0, 0.0)
        1.0 0.0 (1.0, 0.0, 0.2)
        """
        frames = []
        for link, value in zip(self.links, q, strict=True):
            if link.revolute:
                frames.append((*ops.cos_sin(value + link.theta), link.fixed_origin))
            else:
                frames.append((*cos_sin(link.theta), link.origin(value * self.metres + link.d)))
        return frames


def dynamic_chain(robot: Robot) -> DynamicChain:
    """``robot``'s :class:`DynamicChain`: its links (``robot.dynamics``, which
    :func:`~robosim.dynamics.require_dynamics` has checked) in modified-DH rows.

    A standard-DH robot is regrouped: its chain ``Rz(theta_1) Tz(d_1) Tx(a_1) Rx(alpha_1)
    Rz(theta_2) ...`` is ``[Rz(theta_1) Tz(d_1)] [Rx(alpha_1) Tx(a_1) Rz(theta_2) Tz(d_2)] ...
    [Tx(a_n) Rx(alpha_n)]`` (``Tx`` and ``Rx`` commute): modified rows whose ``a, alpha`` are
    the previous standard row's (zero for the first), and a last ``Tx(a_n) Rx(alpha_n)`` that
    goes into the tool. Standard link frame ``i`` is modified frame ``i`` moved by
    ``Tx(a_i) Rx(alpha_i)``, which carries each link's centre of mass and inertia into it.

    Examples
    --------
    A standard row ``a = 500`` mm twisted 90 degrees, its link's centre of mass 250 mm back
    along x: as a modified row it has no ``a`` or twist of its own (they move into the tool),
    and its centre of mass is ``(0.5 - 0.25, 0, 0)`` m in the frame at the joint.

    >>> import math
    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint
    >>> arm = Robot([Joint(a=500.0, alpha=math.pi / 2)], unit="mm", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0, com=(-250.0, 0.0, 0.0))]))
    >>> link = dynamic_chain(arm).links[0]
    >>> link.a, link.sin_alpha, link.centre
    (0.0, 0.0, (0.25, 0.0, 0.0))
    >>> dynamic_chain(arm).tool.round(6).tolist()
    [[1.0, 0.0, 0.0, 0.5], [0.0, 0.0, -1.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]]
    """
    dynamics: Any = robot.dynamics
    metres = METRES_PER_UNIT[robot.unit]
    joints = robot.joints
    rows = [(j.a, j.alpha) for j in joints]
    tool = robot.tool.copy()
    standard = robot.convention == "standard"
    if standard:
        rows = [(0.0, 0.0)] + rows[:-1]
        tool = homogeneous(rotx(joints[-1].alpha), [joints[-1].a, 0.0, 0.0]) @ tool
    tool[:3, 3] *= metres
    links = []
    for joint, body, (a, alpha) in zip(joints, dynamics.links, rows, strict=True):
        centre, inertia = np.array(body.com), body.inertia_matrix
        if standard:                    # from standard frame k into modified frame k
            turn = rotx(joint.alpha)
            centre, inertia = turn @ centre + [joint.a, 0.0, 0.0], turn @ inertia @ turn.T
        revolute, (cos_alpha, sin_alpha) = joint.is_revolute, cos_sin(alpha)
        com, moments = tuple((centre * metres).tolist()), _six(inertia)
        links.append(Link(
            revolute=revolute, cos_alpha=cos_alpha, sin_alpha=sin_alpha,
            a=a * metres, theta=joint.offset if revolute else joint.theta,
            d=(joint.d if revolute else joint.offset) * metres, mass=body.mass,
            centre=com, inertia=moments,
            body=shifted_body(com, (body.mass, 0.0, 0.0, 0.0, *moments))))
    gear = np.array([abs(body.gear_ratio) for body in dynamics.links])
    base = robot.base[:3, :3].copy()
    return DynamicChain(links=tuple(links), base_rotation=base,
                 gravity=tuple((base.T @ dynamics.gravity).tolist()), tool=tool,
                 metres=metres, si_scale=None if metres == 1.0 or all(robot.revolute) else
                 np.where(robot.revolute, 1.0, metres),
                 motor=gear ** 2 * np.array([body.motor_inertia for body in dynamics.links]),
                 viscous=gear ** 2 * np.array([body.viscous for body in dynamics.links]),
                 coulomb=gear * np.array([body.coulomb for body in dynamics.links]).T)


def _six(inertia: np.ndarray) -> tuple:
    """A symmetric (3, 3) inertia as ``(Ixx, Iyy, Izz, Ixy, Iyz, Ixz)``."""
    return tuple(inertia[[0, 1, 2, 0, 1, 0], [0, 1, 2, 1, 2, 2]].tolist())


def shifted_body(r: Vector, body: tuple) -> tuple:
    """``body`` (10 numbers: mass ``m`` kg, first moment ``h`` kg m, inertia ``I`` kg m^2 as
    ``(Ixx, Iyy, Izz, Ixy, Iyz, Ixz)``, about its origin) about a point ``-r`` (m) from its
    origin (its points at ``x + r``), same axes: the parallel-axis theorem, ``h' = h + m r``,
    ``I' = I + (2 h.r + m r.r) 1 - (h r^T + r h^T) - m r r^T``. From the centre of mass
    (``h = 0``) this is ``I' = I + m (r.r 1 - r r^T)``.

    Examples
    --------
    A point mass of 2 kg (no inertia about its own centre) seen from 0.5 m along -x (so
    ``r = (0.5, 0, 0)``): ``h = m r = (1, 0, 0)`` kg m and ``m r^2 = 0.5`` kg m^2 about the y
    and z axes, none about x.

    >>> shifted_body((0.5, 0.0, 0.0), (2.0,) + (0.0,) * 9)
    (2.0, 1.0, 0.0, 0.0, 0.0, 0.5, 0.5, 0.0, 0.0, 0.0)
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


# ----------------------------------------------------------------- vectors between frames
def into_link(link: Link, c: Any, s: Any, v: Vector) -> Vector:
    """A vector of frame ``i - 1`` in frame ``i``'s axes: ``Rz(theta)^T Rx(alpha)^T v``, with
    ``c, s = cos theta, sin theta`` (Craig's ``^{i}_{i-1}R``).

    >>> link = Link(True, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, (0.0,) * 3, (0.0,) * 6, (0.0,) * 10)
    >>> into_link(link, 1.0, 0.0, (0.0, 1.0, 0.0))      # alpha = 90 deg: old y is new -z
    (0.0, 0.0, -1.0)
    """
    x, y, z = v
    y, z, _, _ = twisted(link.cos_alpha, -link.sin_alpha, y, z)
    return c * x + s * y, c * y - s * x, z


def twisted(ca: float, sa: float, y: Any, z: Any, u: Any = 0.0, v: Any = 0.0) -> tuple:
    """``(y, z)`` and ``(u, v)`` turned by ``Rx(alpha)``: ``(ca y - sa z, sa y + ca z)``, with
    ``ca, sa = cos alpha, sin alpha``. A twist of 0 or a quarter or half turn (most arms have
    only those) is a copy or a swap: exact, and no arithmetic on a batch's arrays.

    >>> twisted(0.0, 1.0, 2.0, 3.0, 1.0, 1.0)     # 90 degrees: (2, 3) turns to (-3, 2)
    (-3.0, 2.0, -1.0, 1.0)
    """
    if sa == 0.0:
        return (y, z, u, v) if ca > 0.0 else (-y, -z, -u, -v)
    if ca == 0.0:
        return (-z, y, -v, u) if sa > 0.0 else (z, -y, v, -u)
    return ca * y - sa * z, sa * y + ca * z, ca * u - sa * v, sa * u + ca * v


def wrench_into_parent(link: Link, frame: tuple, force: Vector,
                       moment: Vector) -> tuple[Vector, Vector]:
    """A wrench on link ``i`` about frame ``i``'s origin, as seen in frame ``i - 1`` about its
    origin: ``R f`` and ``R n + P x R f`` (the terms of Craig's (6.51)-(6.52) that come from the
    next link), with ``R = Rx(alpha) Rz(theta)`` (Craig's ``^{i-1}_{i}R``) and ``P`` frame
    ``i``'s origin, for ``frame = (cos theta, sin theta, P)`` of :meth:`DynamicChain.frames`.

    >>> link = Link(True, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, (0.0,) * 3, (0.0,) * 6, (0.0,) * 10)
    >>> wrench_into_parent(link, (1.0, 0.0, (1.0, 0.0, 0.0)), (0.0, 0.0, 1.0), (0.0, 0.0, 0.0))
    ((0.0, 0.0, 1.0), (0.0, -1.0, 0.0))
    """
    c, s, p = frame
    f0, f1, f2 = force
    n0, n1, n2 = moment
    f0, f1, n0, n1 = c * f0 - s * f1, s * f0 + c * f1, c * n0 - s * n1, s * n0 + c * n1
    f1, f2, n1, n2 = twisted(link.cos_alpha, link.sin_alpha, f1, f2, n1, n2)
    if p is ZERO:
        return (f0, f1, f2), (n0, n1, n2)
    p0, p1, p2 = p
    return (f0, f1, f2), (n0 + p1 * f2 - p2 * f1, n1 + p2 * f0 - p0 * f2, n2 + p0 * f1 - p1 * f0)


def point_acceleration(vd: Vector, wd: Vector, w: Vector, p: Vector) -> Vector:
    """The acceleration of the point ``p`` of a body whose origin accelerates at ``vd`` and
    which turns at ``w`` with acceleration ``wd``: ``vd + wd x p + w x (w x p)`` (Craig (6.47)
    before its rotation, and (6.48)).

    >>> point_acceleration((0.0, 0.0, 0.0), (0.0, 0.0, 2.0), (0.0, 0.0, 3.0), (1.0, 0.0, 0.0))
    (-9.0, 2.0, 0.0)
    """
    e0, e1, e2 = wd
    w0, w1, w2 = w
    p0, p1, p2 = p
    c0, c1, c2 = w1 * p2 - w2 * p1, w2 * p0 - w0 * p2, w0 * p1 - w1 * p0
    return (vd[0] + e1 * p2 - e2 * p1 + w1 * c2 - w2 * c1,
            vd[1] + e2 * p0 - e0 * p2 + w2 * c0 - w0 * c2,
            vd[2] + e0 * p1 - e1 * p0 + w0 * c1 - w1 * c0)


def euler_moment(inertia: tuple, wd: Vector, w: Vector) -> Vector:
    """``I wd + w x (I w)``, Euler's equation (Craig (6.50)), for a symmetric ``I`` given as
    ``(Ixx, Iyy, Izz, Ixy, Iyz, Ixz)``.

    >>> euler_moment((1.0, 2.0, 3.0, 0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 1.0))
    (2.0, 0.0, 0.0)
    """
    xx, yy, zz, xy, yz, xz = inertia
    e0, e1, e2 = wd
    w0, w1, w2 = w
    c0, c1, c2 = xx * w0 + xy * w1 + xz * w2, xy * w0 + yy * w1 + yz * w2, \
        xz * w0 + yz * w1 + zz * w2
    return (xx * e0 + xy * e1 + xz * e2 + w1 * c2 - w2 * c1,
            xy * e0 + yy * e1 + yz * e2 + w2 * c0 - w0 * c2,
            xz * e0 + yz * e1 + zz * e2 + w0 * c1 - w1 * c0)


# ------------------------------------------------------------------------- the algorithm
def newton_euler(chain: DynamicChain, frames: list, qd: list, qdd: list, gravity: Vector,
                 tip: tuple[Vector, Vector] | None = None) -> list:
    """Joint torques (N m) and forces (N), Craig's (6.45)-(6.53).

    Parameters
    ----------
    chain : DynamicChain
        The robot (:func:`dynamic_chain`).
    frames : list
        :meth:`DynamicChain.frames` at the joint values.
    qd, qdd : list of n floats or ``(B,)`` arrays
        Joint speeds and accelerations, SI units (rad/s, m/s; per second squared).
    gravity : 3 floats
        Gravitational acceleration in the base frame's axes, m/s^2.
    tip : (force, moment), optional
        The wrench the last link exerts on what it holds (N, N m), in its frame, about its
        origin: ``f_{n+1}, n_{n+1}``.

    Returns
    -------
    list of n floats or ``(B,)`` arrays

    Examples
    --------
    The worked example of CONTRIBUTING.md: a 1 kg point mass on a massless 0.5 m link
    turning about Z, gravity along -Y. ``tau = m l^2 qdd + m g l cos q``: from the horizontal,
    ``0.25 * 2 + 4.905 = 5.405`` N m accelerates it at 2 rad/s^2; at 60 degrees, at rest,
    ``4.905 cos 60 = 2.4525`` N m holds it.

    >>> import math
    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint
    >>> from robosim.kinematics.elementary import FloatMath
    >>> pendulum = dynamic_chain(Robot([Joint(a=0.5)], unit="m",
    ...                           dynamics=Dynamics([LinkDynamics(mass=1.0)])))
    >>> down_y = (0.0, -9.81, 0.0)
    >>> newton_euler(pendulum, pendulum.frames(FloatMath, [0.0]), [0.0], [2.0], down_y)
    [5.405]
    >>> [round(tau, 9) for tau in newton_euler(
    ...     pendulum, pendulum.frames(FloatMath, [math.pi / 3]), [0.0], [0.0], down_y)]
    [2.4525]

    Step by step for the first call (a standard row ``a = 0.5``: as a modified row the joint
    sits at the origin and the mass 0.5 m out along the link's x, ``P_C = (0.5, 0, 0)``): the
    base accelerates up, ``vd_0 = (0, 9.81, 0)``; (6.45)-(6.46) ``w = 0``, ``wd = (0, 0, 2)``;
    (6.48) ``vd_C = wd x P_C + vd = (0, 1 + 9.81, 0)``; (6.49) ``F = m vd_C = (0, 10.81, 0)``;
    (6.51)-(6.52) ``n = P_C x F = (0, 0, 0.5 * 10.81)``; (6.53) ``tau = n_z = 5.405``.
    """
    links = chain.links
    w = wd = (0.0, 0.0, 0.0)
    vd = (-gravity[0], -gravity[1], -gravity[2])          # the base accelerates up at g
    forces, moments = [], []
    for link, (c, s, p), speed, acceleration in zip(links, frames, qd, qdd, strict=True):
        # (6.47): the origin of frame i, at P on link i - 1, then everything in frame i's axes
        vd = into_link(link, c, s, vd if p is ZERO else point_acceleration(vd, wd, w, p))
        w, wd = into_link(link, c, s, w), into_link(link, c, s, wd)
        if link.revolute:
            # (6.46), then (6.45): the joint's acceleration, and its speed turned with w
            wd = (wd[0] + w[1] * speed, wd[1] - w[0] * speed, wd[2] + acceleration)
            w = (w[0], w[1], w[2] + speed)
        else:
            # (6.47) for a sliding joint: its acceleration and Coriolis' 2 w x (speed z)
            vd = (vd[0] + 2.0 * speed * w[1], vd[1] - 2.0 * speed * w[0], vd[2] + acceleration)
        # (6.48) the centre of mass's acceleration, (6.49) F = m vd_C, (6.50) N = I wd + w x I w
        m, (a0, a1, a2) = link.mass, point_acceleration(vd, wd, w, link.centre)
        forces.append((m * a0, m * a1, m * a2))
        moments.append(euler_moment(link.inertia, wd, w))
    f, n = tip if tip is not None else ((0.0, 0.0, 0.0), (0.0, 0.0, 0.0))
    tau = [0.0] * len(links)
    for i in range(len(links) - 1, -1, -1):
        link, (f0, f1, f2), (n0, n1, n2) = links[i], forces[i], moments[i]
        # (6.51) f_i = R f_{i+1} + F_i; (6.52) n_i = N_i + R n_{i+1} + P_C x F_i + P x R f_{i+1}
        # (the terms of link i + 1 were turned into this frame at the end of its step)
        c0, c1, c2 = link.centre
        f = (f[0] + f0, f[1] + f1, f[2] + f2)
        n = (n[0] + n0 + c1 * f2 - c2 * f1, n[1] + n1 + c2 * f0 - c0 * f2,
             n[2] + n2 + c0 * f1 - c1 * f0)
        # (6.53): along the joint's axis z
        tau[i] = n[2] if link.revolute else f[2]
        if i:
            f, n = wrench_into_parent(link, frames[i], f, n)
    return tau

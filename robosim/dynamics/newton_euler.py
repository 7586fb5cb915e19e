"""Recursive Newton-Euler inverse dynamics, twice: a reference that reads like the textbook, and
fast kernels.

:func:`reference_inverse_dynamics` is Modern Robotics' ``InverseDynamics`` (Lynch and Park,
*Modern Robotics*, section 8.3) on a DH robot: a forward loop carries each link's twist and its
rate from the base to the tip, a backward loop carries the wrench each link passes to the next
from the tip back to the base, and each joint's torque is that wrench along the joint's screw
axis. It takes one configuration, builds 4x4 and 6x6 matrices as the book does, and is slow on
purpose: it is the one to read beside the book, and the one the fast kernels are tested against
(``tests/dynamics/test_newton_euler.py``, random robots of both conventions).

The fast kernel, ``_recursion`` (private), runs the same recursion on 3-vector components
written out as floats (one configuration) or ``(B,)`` arrays (a batch), each link in its own DH
frame (Corke's ``rne``, Craig's chapter 6), on standard DH rows: a modified-DH robot is
regrouped into standard rows once, by :func:`kernel_constants`, so that one function serves
both conventions. Public callers use
:mod:`robosim.dynamics`, which checks inputs and converts units.

Units are SI inside: lengths in metres, masses in kg, inertias in kg m^2.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ..kinematics import Robot, cos_sin, half_angle_cos_sin, homogeneous, inverse, rotx, rotz

#: One configuration's value (a float) or a batch's column (an array ``(B,)``).
Column = float | np.ndarray
#: A 3-vector of such values.
Vector = tuple

#: Metres per robot length unit: how lengths are converted for dynamics.
METRES_PER_UNIT = {"mm": 1e-3, "cm": 1e-2, "m": 1.0}


# ------------------------------------------------------------------------------- the reference
def reference_inverse_dynamics(robot: Robot, q: ArrayLike, qd: ArrayLike, qdd: ArrayLike,
                               gravity: ArrayLike | None = None, fext: ArrayLike | None = None,
                               motor: bool = False, friction: bool = False) -> np.ndarray:
    """Joint torques (N m) and forces (N) by Newton-Euler, in the textbook's shape.

    Modern Robotics' algorithm (Lynch and Park, section 8.3.2, ``InverseDynamics`` of their
    library) with each link's body frame its DH frame ``{i}``:

    - ``T_i`` is frame ``{i}`` seen from ``{i-1}`` (the DH matrix ``A_i(q_i)``) and ``A_i`` the
      screw axis of joint ``i`` in ``{i}``: ``(z, 0)`` of frame ``{i-1}`` (standard DH) or of
      frame ``{i}`` itself (modified), carried into ``{i}``; ``(0, z)`` for a prismatic joint.
    - Forward: ``V_i = [Ad_{T_i^-1}] V_{i-1} + A_i qd_i`` and
      ``Vd_i = [Ad_{T_i^-1}] Vd_{i-1} + A_i qdd_i + [ad_{V_i}] A_i qd_i``, from the base's
      ``V_0 = 0``, ``Vd_0 = (0, -g)``: gravity as an upward acceleration of the base.
    - Backward: ``F_i = [Ad_{T_{i+1}^-1}]^T F_{i+1} + G_i Vd_i - [ad_{V_i}]^T G_i V_i`` from
      ``F_{n+1} = fext`` at the tool, and ``tau_i = F_i^T A_i``.

    Twists are ``(w, v)`` and wrenches ``(m, f)`` as in the book; ``G_i`` is link ``i``'s
    spatial inertia about the origin of ``{i}`` (the book takes it at the centre of mass; the
    equations hold in any frame fixed to the body).

    Parameters
    ----------
    robot : Robot
        With ``robot.dynamics`` (see :mod:`robosim.dynamics`).
    q, qd, qdd : array_like (n,)
        One configuration: rad, rad/s, rad/s^2 (revolute); length unit and per second (squared)
        for prismatic joints.
    gravity : (3,) array_like, optional
        World frame, m/s^2; default the robot's.
    fext : (6,) array_like, optional
        ``[Fx, Fy, Fz, Mx, My, Mz]`` (N, N m): the wrench the tool exerts on its surroundings,
        in the tool frame, about the tool point.
    motor, friction : bool
        Add the rotor inertia ``G^2 Jm qdd`` and the friction ``G^2 B qd + |G| Tc``.

    Returns
    -------
    tau : ndarray (n,)

    Examples
    --------
    A planar arm of two 1 m links with 1 kg at each tip, gravity along -Y, joint 2 bent up
    (``q = (0, 90 deg)``), at rest: joint 1 holds both masses, each 1 m out along X,
    ``tau_1 = 9.81 (1 + 1) = 19.62``; joint 2's mass sits straight above it, ``tau_2 = 0``.

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0), LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> np.round(reference_inverse_dynamics(arm, [0, np.pi / 2], [0, 0], [0, 0]), 9) + 0
    array([19.62,  0.  ])

    Pushing on a wall with 10 N along the tool's Y axis (world -X here: the tool's X axis runs
    up link 2) adds ``J^T f``: the tip, at (1, 1), is 1 m above both joints, so the push
    costs ``10 * 1`` N m at each.

    >>> np.round(reference_inverse_dynamics(arm, [0, np.pi / 2], [0, 0], [0, 0],
    ...                                     fext=[0, 10, 0, 0, 0, 0]), 9) + 0
    array([29.62, 10.  ])
    """
    dynamics: Any = robot.dynamics
    links = dynamics.links
    metres = METRES_PER_UNIT[robot.unit]
    si = np.where(robot.revolute, 1.0, metres)
    q = np.asarray(q, dtype=float)
    qd, qdd = np.asarray(qd, dtype=float) * si, np.asarray(qdd, dtype=float) * si
    g = np.asarray(dynamics.gravity if gravity is None else gravity, dtype=float)
    n = robot.n
    T = [_dh_matrix(robot, i, q) for i in range(n)] + [_in_metres(robot.tool, metres)]
    A = [_screw_axis(robot, i, T[i]) for i in range(n)]
    G = [_spatial_inertia(link, metres) for link in links]

    V, Vd = np.zeros(6), np.concatenate([np.zeros(3), -robot.base[:3, :3].T @ g])
    Vs, Vds = [], []
    for i in range(n):
        to_link = adjoint(inverse(T[i]))
        V = to_link @ V + A[i] * qd[i]
        Vd = to_link @ Vd + A[i] * qdd[i] + ad(V) @ A[i] * qd[i]
        Vs.append(V)
        Vds.append(Vd)

    wrench = np.zeros(6) if fext is None else np.asarray(fext, dtype=float)   # (f, m)
    F = np.concatenate([wrench[3:], wrench[:3]])                             # (m, f): the book's
    tau = np.zeros(n)
    for i in range(n - 1, -1, -1):
        F = adjoint(inverse(T[i + 1])).T @ F + G[i] @ Vds[i] - ad(Vs[i]).T @ G[i] @ Vs[i]
        tau[i] = F @ A[i]

    gear = np.array([abs(link.gear_ratio) for link in links])
    if motor:
        tau += gear ** 2 * np.array([link.motor_inertia for link in links]) * qdd
    if friction:
        coulomb = [link.coulomb[0] if v > 0 else link.coulomb[1] if v < 0 else 0.0
                   for link, v in zip(links, qd, strict=True)]
        tau += gear ** 2 * np.array([link.viscous for link in links]) * qd + gear * coulomb
    return tau


def _in_metres(T, metres):
    """A transform whose translation is in the robot's length unit, in metres."""
    return homogeneous(T[:3, :3], T[:3, 3] * metres)


def _dh_matrix(robot, i, q):
    """``A_i``: frame ``{i}`` in frame ``{i-1}`` at ``q``, translation in metres."""
    theta, d = robot.joint_variables(q)
    joint, metres = robot.joints[i], METRES_PER_UNIT[robot.unit]
    if robot.convention == "standard":     # Rz(theta) Tz(d) Tx(a) Rx(alpha)
        return (homogeneous(rotz(theta[i]), [0, 0, d[i] * metres])
                @ homogeneous(rotx(joint.alpha), [joint.a * metres, 0, 0]))
    return (homogeneous(rotx(joint.alpha), [joint.a * metres, 0, 0])     # Rx Tx Rz Tz
            @ homogeneous(rotz(theta[i]), [0, 0, d[i] * metres]))


def _screw_axis(robot, i, T_i):
    """Joint ``i``'s screw axis ``(w, v)`` in frame ``{i}``: about or along the Z axis of
    frame ``{i-1}`` (standard DH, carried by ``T_i``) or of ``{i}`` (modified)."""
    axis = np.array([0, 0, 1, 0, 0, 0.0]) if robot.joints[i].is_revolute \
        else np.array([0, 0, 0, 0, 0, 1.0])
    return adjoint(inverse(T_i)) @ axis if robot.convention == "standard" else axis


def _spatial_inertia(link, metres):
    """``G`` (6, 6) about the link frame's origin: ``[[I_o, m [c]], [m [c]^T, m 1]]``."""
    c = np.array(link.com) * metres
    inertia = link.inertia_matrix + link.mass * (c @ c * np.eye(3) - np.outer(c, c))
    return np.block([[inertia, link.mass * skew(c)],
                     [link.mass * skew(c).T, link.mass * np.eye(3)]])


def skew(v: np.ndarray) -> np.ndarray:
    """``[v]`` (3, 3): ``[v] u = v x u``.

    Examples
    --------
    ``[v] u = v x u``: with ``v = z`` and ``u = x``, ``z x x = y``.

    >>> S = skew(np.array([0.0, 0.0, 1.0]))
    >>> S.tolist(), (S @ [1.0, 0.0, 0.0]).tolist()
    ([[0.0, -1.0, 0.0], [1.0, 0.0, -0.0], [-0.0, 0.0, 0.0]], [0.0, 1.0, 0.0])
    """
    x, y, z = v
    return np.array([[0, -z, y], [z, 0, -x], [-y, x, 0.0]])


def adjoint(T: np.ndarray) -> np.ndarray:
    """``[Ad_T]`` (6, 6): carries a twist ``(w, v)`` from frame ``{b}`` into ``{a}`` when ``T``
    is ``{b}`` seen from ``{a}`` (Modern Robotics, definition 3.20).

    Examples
    --------
    A frame ``{b}`` one unit along x of ``{a}``, not turned, and a unit spin about ``{b}``'s z
    axis: seen from ``{a}`` the spin is the same and ``v = p x w = (1, 0, 0) x (0, 0, 1) =
    (0, -1, 0)``, the velocity of the body's point at ``{a}``'s origin, one unit from the axis
    (Modern Robotics, proposition 3.22: ``V_a = [Ad_T] V_b``).

    >>> T = np.eye(4)
    >>> T[0, 3] = 1.0
    >>> (adjoint(T) @ [0.0, 0.0, 1.0, 0.0, 0.0, 0.0] + 0.0).tolist()
    [0.0, 0.0, 1.0, 0.0, -1.0, 0.0]
    """
    R, p = T[:3, :3], T[:3, 3]
    return np.block([[R, np.zeros((3, 3))], [skew(p) @ R, R]])


def ad(V: np.ndarray) -> np.ndarray:
    """``[ad_V]`` (6, 6) of a twist ``V = (w, v)``: ``[[w], 0; [v], [w]]`` (equation 8.38).

    Examples
    --------
    ``[ad_V1] V2`` is the Lie bracket of two twists: for two unit spins about x and y through
    the origin, ``w1 x w2 = x x y = z`` (Modern Robotics, definition 8.2).

    >>> (ad(np.array([1.0, 0, 0, 0, 0, 0])) @ [0.0, 1, 0, 0, 0, 0] + 0.0).tolist()
    [0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    """
    w, v = skew(V[:3]), skew(V[3:])
    return np.block([[w, np.zeros((3, 3))], [v, w]])


# ---------------------------------------------------------------------------- the fast kernels
@dataclass(frozen=True)
class KernelConstants:
    """What the fast kernels need of a robot, in SI units, computed once per robot.

    Examples
    --------
    A link of 1 kg whose centre of mass is 250 mm back along x from its frame's origin (a
    robot in mm, a point mass): its first moment is ``m c = (-0.25, 0, 0)`` kg m, and its
    inertia about the origin ``m r^2 = 1 * 0.25^2 = 0.0625`` kg m^2 about y and z (parallel
    axes), in the order ``(Ixx, Iyy, Izz, Ixy, Iyz, Ixz)``.

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> arm = Robot([Joint(a=500.0)], unit="mm", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0, com=(-250.0, 0.0, 0.0))]))
    >>> constants = kernel_constants(arm, arm.dynamics)
    >>> constants.mass, constants.first_moment, constants.inertia
    ((1.0,), ((-0.25, 0.0, 0.0),), ((0.0, 0.0625, 0.0625, 0.0, 0.0, 0.0),))
    """

    mass: tuple             # kg per link
    first_moment: tuple     # per link h = mass * centre of mass (h0, h1, h2), kg m, link
                            # frame; ZERO when the centre of mass is at the origin
    inertia: tuple          # per link (Ixx, Iyy, Izz, Ixy, Iyz, Ixz) about the frame origin,
                            # link-frame axes, kg m^2
    revolute: tuple
    joints: tuple           # per joint, for joint_geometry: (revolute, theta0, d0 (m), a (m),
                            # cos alpha, sin alpha, cos theta0, sin theta0, origin offset of a
                            # revolute joint (see origin_offset)); theta0, d0 the DH theta
                            # and d at q = 0; a, alpha of the standard row (kernel_constants)
    base_axes: tuple        # the base frame's X, Y, Z axes in world coordinates (turned by
                            # Rx(alpha_0) for a modified-DH robot: see kernel_constants)
    prismatic: bool         # whether any joint is prismatic
    metres: float
    si_scale: np.ndarray    # (n,): 1 for revolute joints, metres per unit for prismatic
    motor: np.ndarray       # G^2 Jm per joint
    viscous: np.ndarray     # G^2 B per joint
    coulomb: np.ndarray     # (2, n): |G| Tc+ and |G| Tc- per joint
    tool_rotation: np.ndarray   # (3, 3) the tool frame's axes in the last link's frame
    tool_point: np.ndarray      # (3,) the tool point in the last link's frame, m
    last_base_acceleration: list = field(default_factory=lambda: [None, None])
    _links: tuple = field(init=False, repr=False, default=())
    _bodies: tuple = field(init=False, repr=False, default=())

    @property
    def links(self) -> tuple:
        """Per link ``(revolute, mass, first moment, inertia, diagonal)``, as the Newton-Euler
        kernel loops on them: the inertia as ``(Ixx, Iyy, Izz)`` and ``diagonal`` True when
        its products are 0."""
        return self._links

    @property
    def bodies(self) -> tuple:
        """Per link ``(m, h0, h1, h2, Ixx, Iyy, Izz, Ixy, Iyz, Ixz)``: its mass, first moment
        and inertia about its frame's origin as one tuple, the composite-body kernels' form."""
        return self._bodies

    def __post_init__(self):
        object.__setattr__(self, "_links", tuple(
            (revolute, mass, h) + ((inertia[:3], True) if inertia[3:] == (0.0, 0.0, 0.0)
                                   else (inertia, False))
            for revolute, mass, h, inertia in zip(self.revolute, self.mass, self.first_moment,
                                                  self.inertia, strict=True)))
        object.__setattr__(self, "_bodies", tuple(
            (float(m),) + tuple(h) + tuple(inertia)
            for m, h, inertia in zip(self.mass, self.first_moment, self.inertia, strict=True)))


def kernel_constants(robot: Robot, dynamics: Any) -> KernelConstants:
    """The fast kernels' constants of ``robot`` whose dynamics are ``dynamics`` (checked).

    The kernels know one DH convention, the standard one; a modified-DH robot is regrouped into
    standard rows. Its chain ``base Rx(alpha_0) Tx(a_0) Rz(theta_1) Tz(d_1) Rx(alpha_1)
    Tx(a_1) Rz(theta_2) ...`` is, as ``Rx(alpha)`` and ``Tx(a)`` commute, ``[base Rx(alpha_0)
    Tx(a_0)] [Rz(theta_1) Tz(d_1) Tx(a_1) Rx(alpha_1)] [Rz(theta_2) ...] ... [Rz(theta_n)
    Tz(d_n)]``: standard rows whose ``a, alpha`` are the next modified row's (none for the
    last), under a base turned by ``Rx(alpha_0)``. Each row's frame is the modified frame moved
    by ``Tx(a) Rx(alpha)`` of the next row, so each link's centre of mass and inertia are
    carried into it; the last frame, and so the tool, are the same.

    Examples
    --------
    A revolute joint with ``a = 500`` mm (in a robot in mm): lengths are in metres here, so
    its row is ``(revolute, theta0, d0, a, cos alpha, sin alpha, cos theta0, sin theta0,
    origin offset)`` = ``(True, 0, 0, 0.5, 1, 0, 1, 0, (0.5, 0, 0))``.

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> arm = Robot([Joint(a=500.0)], unit="mm", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0, com=(-250.0, 0.0, 0.0))]))
    >>> constants = kernel_constants(arm, arm.dynamics)
    >>> constants.metres, constants.joints
    (0.001, ((True, 0.0, 0.0, 0.5, 1.0, 0.0, 1.0, 0.0, (0.5, 0.0, 0.0)),))
    """
    metres = METRES_PER_UNIT[robot.unit]
    rows = robot.dh_constants                       # per joint (a, cos alpha, sin alpha)
    base = robot.base[:3, :3]
    if robot.convention == "modified":
        base = base @ rotx(robot.joints[0].alpha)
        rows = rows[1:] + [(0.0, 1.0, 0.0)]
    first_moments, inertias = [], []
    for link, (a, ca, sa) in zip(dynamics.links, rows, strict=True):
        com, inertia = np.array(link.com), link.inertia_matrix
        if robot.convention == "modified":          # into the regrouped row's frame
            turn = np.array([[1.0, 0.0, 0.0], [0.0, ca, -sa], [0.0, sa, ca]])    # Rx(alpha)
            com, inertia = turn.T @ (com - [a, 0.0, 0.0]), turn.T @ inertia @ turn
        com = com * metres
        about_origin = inertia_shifted(inertia, link.mass, com)
        first_moment = tuple((link.mass * com).tolist())
        first_moments.append(ZERO if first_moment == ZERO else first_moment)
        inertias.append(tuple(about_origin[[0, 1, 2, 0, 1, 0], [0, 1, 2, 1, 2, 2]].tolist()))
    theta0, d0 = robot.joint_variables(np.zeros(robot.n))
    joints = []
    for joint, theta, d, (a, ca, sa) in zip(robot.joints, theta0.tolist(), d0.tolist(), rows,
                                            strict=True):
        d, a = d * metres, a * metres
        joints.append((joint.is_revolute, theta, d, a, ca, sa) + cos_sin(theta)
                      + (origin_offset(a, ca, sa, d),))
    gear = np.array([abs(link.gear_ratio) for link in dynamics.links])
    return KernelConstants(
        mass=tuple(link.mass for link in dynamics.links), first_moment=tuple(first_moments),
        inertia=tuple(inertias), revolute=tuple(j.is_revolute for j in robot.joints),
        joints=tuple(joints), base_axes=tuple(tuple(column) for column in base.T.tolist()),
        prismatic=not all(j.is_revolute for j in robot.joints),
        metres=metres, si_scale=np.where(robot.revolute, 1.0, metres),
        motor=gear ** 2 * np.array([link.motor_inertia for link in dynamics.links]),
        viscous=gear ** 2 * np.array([link.viscous for link in dynamics.links]),
        coulomb=gear * np.array([link.coulomb for link in dynamics.links]).T,
        tool_rotation=robot.tool[:3, :3].copy(), tool_point=robot.tool[:3, 3] * metres)


def inertia_shifted(inertia: np.ndarray, mass: float, offset: ArrayLike) -> np.ndarray:
    """Inertia (3, 3) about a point ``offset`` (m) away from the centre of mass: parallel axes.

    Examples
    --------
    A point mass of 2 kg (no inertia about its own centre) seen from 0.5 m along x: ``m r^2 =
    0.5`` kg m^2 about the y and z axes, none about x (the parallel-axis theorem).

    >>> np.diag(inertia_shifted(np.zeros((3, 3)), 2.0, [0.5, 0.0, 0.0])).round(6).tolist()
    [0.0, 0.5, 0.5]
    """
    offset = np.asarray(offset, dtype=float)
    return inertia + mass * (offset @ offset * np.eye(3) - np.outer(offset, offset))


#: The zero vector. Vectors are 3-tuples of floats (one configuration) or of ``(B,)`` arrays (a
#: batch); a gravity, first moment or origin offset known to be zero is this very object, so
#: the kernels skip its terms (a mass-matrix column has no gravity).
ZERO = (0.0, 0.0, 0.0)


def origin_offset(a: float, ca: float, sa: float, d: Column) -> Vector:
    """Where frame ``i``'s origin is from frame ``i - 1``'s, metres, in frame ``i``'s axes:
    ``(a, d sin alpha, d cos alpha)`` for a row ``Rz(theta) Tz(d) Tx(a) Rx(alpha)``; ZERO when
    ``a = d = 0``.

    Examples
    --------
    A row with ``a = 1`` and ``d = 2``, twisted 90 degrees about x: the step ``d`` along the
    old z is, in the new axes, 2 along y (``d sin alpha``) and 0 along z (``d cos alpha``);
    ``a`` is 1 along x.

    >>> (np.round(origin_offset(1.0, 0.0, 1.0, 2.0), 9) + 0.0).tolist()
    [1.0, 2.0, 0.0]
    """
    if isinstance(d, float) and d == 0.0:
        return ZERO if a == 0.0 else (a, 0.0, 0.0)
    return a, d * sa, d * ca


def joint_geometry(constants: KernelConstants, q: list) -> list:
    """Per joint ``(cos theta, sin theta, cos alpha, sin alpha, origin offset)``.

    ``q`` is one configuration as n floats (computed with :mod:`math`) or a batch as n ``(B,)``
    arrays (computed with numpy, the angles' cosines and sines by
    :func:`~robosim.kinematics.half_angle_cos_sin`), in API units; a joint's constant parts are
    floats either way.

    Examples
    --------
    A revolute joint with ``a = 1`` m and ``alpha = 90`` degrees at ``q = 60`` degrees:
    ``(cos 60, sin 60, cos 90, sin 90) = (0.5, 0.866, 0, 1)``, its frame ``a = 1`` m along
    x; then a prismatic joint pushed out 0.2 m: no turn, its frame 0.2 m along z.

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> arm = Robot([Joint(a=1.0, alpha=math.pi / 2), Joint(kind="P")], unit="m")
    >>> constants = kernel_constants(arm, Dynamics([LinkDynamics(), LinkDynamics()]))
    >>> for *turn, offset in joint_geometry(constants, [math.pi / 3, 0.2]):
    ...     print(np.round(turn, 3), offset)
    [0.5   0.866 0.    1.   ] (1.0, 0.0, 0.0)
    [1. 0. 1. 0.] (0.0, 0.0, 0.2)
    """
    batch = isinstance(q[0], np.ndarray)
    cos, sin = math.cos, math.sin
    metres = constants.metres
    geometry = []
    # No strict=: callers pass one value per joint (checked q), and on Python 3.11 the keyword
    # costs 0.16 us a call, 1 % of a single inverse-dynamics call.
    for value, (revolute, theta0, d0, a, ca, sa, ct0, st0, offset) in zip(  # noqa: B905
            q, constants.joints):
        if revolute:
            theta = value + theta0
            geometry.append((*half_angle_cos_sin(theta), ca, sa, offset) if batch
                            else (cos(theta), sin(theta), ca, sa, offset))
        else:
            geometry.append((ct0, st0, ca, sa, origin_offset(a, ca, sa, d0 + value * metres)))
    return geometry


def newton_euler(constants: KernelConstants, geometry: list, qd: Sequence[Column] | None,
                 qdd: Sequence[Column] | None, gravity: Vector,
                 tip: Sequence[Column] | None = None) -> list:
    """Joint torques (N m) and forces (N) by the recursive Newton-Euler algorithm.

    Parameters
    ----------
    constants : KernelConstants
        The arm's link constants in SI units (:func:`kernel_constants`).
    geometry : list of n ``(cos theta, sin theta, cos alpha, sin alpha, origin offset)``
        From :func:`joint_geometry`: each link's frame relative to the previous one at the
        current joint values.
    qd, qdd : sequence of n floats or ``(B,)`` arrays (None where known to be zero, which
        skips its terms), or None for all zero
        Joint speeds and accelerations in SI units (rad/s, m/s).
    gravity : 3-tuple or ZERO
        Gravitational acceleration, world frame, m/s^2.
    tip : 6-tuple of floats or ``(B,)`` arrays, optional
        The wrench ``(f, n)`` (N, N m) the last link exerts on what it holds, in the last
        link's frame, about its origin.

    Returns
    -------
    list of n floats or ``(B,)`` arrays.

    Examples
    --------
    A 1 kg point mass on a massless 0.5 m link turning about Z, gravity along -Y: ``tau =
    m l^2 qdd + m g l cos q``, so ``0.25 * 2 + 4.905 = 5.405`` N m to accelerate it at 2
    rad/s^2 from the horizontal, and ``4.905 cos 60 = 2.4525`` N m to hold it at 60 degrees
    (None: no speed, no acceleration).

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics([LinkDynamics(mass=1.0)]))
    >>> constants = kernel_constants(pendulum, pendulum.dynamics)
    >>> down_y = (0.0, -9.81, 0.0)
    >>> newton_euler(constants, joint_geometry(constants, [0.0]), [0.0], [2.0], down_y)
    [5.405]
    >>> [round(tau, 9) for tau in newton_euler(constants, joint_geometry(constants,
    ...                                         [math.pi / 3]), None, None, down_y)]
    [2.4525]
    """
    return _recursion(constants, geometry, qd, qdd, gravity, tip)


def _recursion(constants, geometry, qd, qdd, gravity, tip):
    """:func:`newton_euler` on standard DH rows (a modified-DH robot is regrouped into them by
    :func:`kernel_constants`): frame ``i`` is ``Rz(theta) Tz(d) Tx(a) Rx(alpha)`` from frame
    ``i - 1``, and joint ``i`` moves about or along ``z_{i-1}``.

    Forward pass, per link (quantities in frame ``i - 1``'s axes, then ``i``'s): the angular
    velocity ``w`` and acceleration ``wd`` of the link and the acceleration ``a`` of its frame's
    origin, from ``a = -gravity`` at the base (gravity as an upward acceleration of the base,
    Luh, Walker and Paul's trick). The joint moves about ``z = (0, 0, 1)``: a revolute joint
    adds ``qd z`` to ``w`` and ``qdd z + qd (w x z)`` to ``wd``, with ``w x z = (w_y, -w_x,
    0)``; a prismatic one adds ``qdd z + 2 qd (w x z)`` (Coriolis) to ``a``. The vectors turn
    into frame ``i`` (``R^T v`` with ``R = Rz(theta) Rx(alpha)``; a quarter-turn twist is exact,
    as swaps), and ``o_i``, at ``r`` (:func:`origin_offset`) on link ``i``, accelerates at
    ``a + wd x r + w x (w x r)``. Then the link's inertial force and moment about ``o_i``:
    ``F = m a + wd x h + w x (w x h)`` and ``N = I_o wd + w x (I_o w) + h x a``, with
    ``h = m c`` its first moment and ``I_o`` its inertia about ``o_i``.

    Backward pass: the wrench ``f, n`` link ``i - 1`` exerts on link ``i`` about ``o_i`` is its
    inertial wrench plus what it passes on to link ``i + 1``; about ``o_{i-1}`` its moment is
    ``n + r x f``; turned into frame ``i - 1``, the joint's torque is the moment's Z (its
    force's Z for a prismatic joint).

    The arithmetic is written out on vector components (floats or ``(B,)`` arrays), with few
    helper calls and at most three names per assignment (CPython builds and unpacks a tuple
    for four or more: about 27 ns more each on Python 3.11), as a single call's time is
    mostly the interpreter's cost per operation and per call; terms known to be zero (no
    speed, no acceleration yet, no gravity, a centre of mass at the origin) are skipped, as a
    batch's time is mostly numpy's per array operation.
    """
    w0 = w1 = w2 = e0 = e1 = e2 = 0.0   # w and wd (e), zero while has_w, has_e are False
    has_w = has_e = False
    a0, a1, a2 = _base_acceleration(constants, gravity)
    still = gravity is ZERO             # no link has moved yet: every term is zero
    wrenches = []
    unknown = (None,) * len(geometry)                       # None: known to be zero
    # No strict=: one geometry, link and speed per joint by construction (joint_geometry,
    # kernel_constants, the callers' checks); the keyword costs 0.16 us a call on Python 3.11.
    for (ct, st, ca, sa, r), (revolute, mass, h, inertia, diagonal), speed, acceleration \
            in zip(geometry, constants.links, unknown if qd is None else qd,  # noqa: B905
                   unknown if qdd is None else qdd):
        if still:
            if speed is None and acceleration is None:
                wrenches.append(None)
                continue
            still = False
        if revolute:                    # the joint moves, in frame i - 1
            if speed is not None:
                if has_w:
                    e0, e1, has_e = e0 + speed * w1, e1 - speed * w0, True
                w2, has_w = w2 + speed, True
            if acceleration is not None:
                e2, has_e = e2 + acceleration, True
        else:
            if has_w and speed is not None:
                a0, a1 = a0 + 2.0 * speed * w1, a1 - 2.0 * speed * w0
            if acceleration is not None:
                a2 = a2 + acceleration
        a0, a1 = ct * a0 + st * a1, ct * a1 - st * a0       # into frame i: Rz(theta)^T
        if has_w:
            w0, w1 = ct * w0 + st * w1, ct * w1 - st * w0
        if has_e:
            e0, e1 = ct * e0 + st * e1, ct * e1 - st * e0
        if sa == 0.0:                                       # then Rx(alpha)^T
            if ca < 0.0:
                w1, w2 = -w1, -w2
                e1, e2 = -e1, -e2
                a1, a2 = -a1, -a2
        elif ca == 0.0:
            if sa > 0.0:
                w1, w2 = w2, -w1
                e1, e2 = e2, -e1
                a1, a2 = a2, -a1
            else:
                w1, w2 = -w2, w1
                e1, e2 = -e2, e1
                a1, a2 = -a2, a1
        else:
            a1, a2 = ca * a1 + sa * a2, ca * a2 - sa * a1
            if has_w:
                w1, w2 = ca * w1 + sa * w2, ca * w2 - sa * w1
            if has_e:
                e1, e2 = ca * e1 + sa * e2, ca * e2 - sa * e1
        if r is not ZERO:                                   # o_i rides on link i
            r0, r1, r2 = r
            if has_e:
                a0, a1, a2 = a0 + e1 * r2 - e2 * r1, a1 + e2 * r0 - e0 * r2, a2 + e0 * r1 - e1 * r0
            if has_w:
                c0, c1, c2 = w1 * r2 - w2 * r1, w2 * r0 - w0 * r2, w0 * r1 - w1 * r0
                a0, a1, a2 = a0 + w1 * c2 - w2 * c1, a1 + w2 * c0 - w0 * c2, a2 + w0 * c1 - w1 * c0
        # the link's inertial force F and moment N about o_i
        f0, f1, f2 = mass * a0, mass * a1, mass * a2
        if h is ZERO:
            n0 = n1 = n2 = 0.0
        else:
            h0, h1, h2 = h
            n0, n1, n2 = h1 * a2 - h2 * a1, h2 * a0 - h0 * a2, h0 * a1 - h1 * a0
            if has_e:
                f0, f1, f2 = f0 + e1 * h2 - e2 * h1, f1 + e2 * h0 - e0 * h2, f2 + e0 * h1 - e1 * h0
            if has_w:
                c0, c1, c2 = w1 * h2 - w2 * h1, w2 * h0 - w0 * h2, w0 * h1 - w1 * h0
                f0, f1, f2 = f0 + w1 * c2 - w2 * c1, f1 + w2 * c0 - w0 * c2, f2 + w0 * c1 - w1 * c0
        if diagonal:                                        # principal axes
            xx, yy, zz = inertia
            if has_e:
                n0, n1, n2 = n0 + xx * e0, n1 + yy * e1, n2 + zz * e2
            if has_w:
                c0, c1, c2 = xx * w0, yy * w1, zz * w2
                n0, n1, n2 = n0 + w1 * c2 - w2 * c1, n1 + w2 * c0 - w0 * c2, \
                    n2 + w0 * c1 - w1 * c0
        else:
            xx, yy, zz, xy, yz, xz = inertia
            if has_e:
                n0, n1, n2 = (n0 + xx * e0 + xy * e1 + xz * e2, n1 + xy * e0 + yy * e1 + yz * e2,
                              n2 + xz * e0 + yz * e1 + zz * e2)
            if has_w:
                c0, c1, c2 = xx * w0 + xy * w1 + xz * w2, xy * w0 + yy * w1 + yz * w2, \
                    xz * w0 + yz * w1 + zz * w2
                n0, n1, n2 = n0 + w1 * c2 - w2 * c1, n1 + w2 * c0 - w0 * c2, \
                    n2 + w0 * c1 - w1 * c0
        wrenches.append((f0, f1, f2, n0, n1, n2))
    tau, revolute = [0.0] * len(geometry), constants.revolute
    f0, f1, f2, n0, n1, n2 = (0.0,) * 6 if tip is None else tip
    for i in range(len(geometry) - 1, -1, -1):
        if wrenches[i] is not None:
            g0, g1, g2, m0, m1, m2 = wrenches[i]
            f0, f1, f2 = f0 + g0, f1 + g1, f2 + g2
            n0, n1, n2 = n0 + m0, n1 + m1, n2 + m2
        ct, st, ca, sa, r = geometry[i]
        if r is not ZERO:                                   # about o_{i-1}
            r0, r1, r2 = r
            n0, n1, n2 = n0 + r1 * f2 - r2 * f1, n1 + r2 * f0 - r0 * f2, n2 + r0 * f1 - r1 * f0
        if sa == 0.0:                                       # into frame i - 1: Rx(alpha)
            if ca < 0.0:
                f1, f2 = -f1, -f2
                n1, n2 = -n1, -n2
        elif ca == 0.0:
            if sa > 0.0:
                f1, f2 = -f2, f1
                n1, n2 = -n2, n1
            else:
                f1, f2 = f2, -f1
                n1, n2 = n2, -n1
        else:
            f1, f2 = ca * f1 - sa * f2, sa * f1 + ca * f2
            n1, n2 = ca * n1 - sa * n2, sa * n1 + ca * n2
        tau[i] = n2 if revolute[i] else f2                  # Rz(theta) keeps z
        if i:                                               # then Rz(theta), for joint i - 1
            f0, f1 = ct * f0 - st * f1, st * f0 + ct * f1
            n0, n1 = ct * n0 - st * n1, st * n0 + ct * n1
    return tau


def _base_acceleration(constants, gravity):
    """``-gravity`` in the base frame's axes (m/s^2), the base's acceleration in the recursion
    (kept for the last gravity asked: most calls ask the robot's)."""
    if gravity is ZERO:
        return 0.0, 0.0, 0.0
    last = constants.last_base_acceleration
    if last[0] == gravity:
        return last[1]
    g0, g1, g2 = gravity
    acceleration = tuple([-(x * g0 + y * g1 + z * g2) for x, y, z in constants.base_axes])
    last[:] = gravity, acceleration
    return acceleration

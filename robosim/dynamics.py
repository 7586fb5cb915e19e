"""Rigid-body dynamics of serial arms: joint torques, mass matrix, free fall.

The equations of motion of an arm with joint values ``q`` are

    tau = M(q) qdd + C(q, qd) qd + g(q)   [+ motor inertia and friction terms]

:func:`inverse_dynamics` computes ``tau`` by the recursive Newton-Euler algorithm, and every
other function here is built on it: :func:`gravity_torques` (``qd = qdd = 0``),
:func:`mass_matrix` (one column per unit acceleration, no gravity), :func:`coriolis` (the
Christoffel-symbol matrix ``C``, found from the quadratic velocity terms),
:func:`forward_dynamics` (``qdd = M^-1 (tau - C qd - g)``) and :func:`simulate` (a fixed-step
4th-order Runge-Kutta integration of the forward dynamics). Along a sampled motion,
:func:`trajectory_torques` gives what each joint needs and :func:`check_torque_limits` compares
it with limits (a servo's rating) and finds how much slower the motion must be played;
:func:`with_payload` adds a load at the tool.

Units
-----
Dynamics works in SI units whatever the robot's length unit: masses in kg, inertias in kg m^2,
gravity in m/s^2, torques in N m, forces (of prismatic joints) in N. Lengths of the DH table
and the centres of mass are in the robot's length unit; they are multiplied by
:data:`METRES_PER_UNIT` before use. Prismatic joint speeds and accelerations are given and
returned in the robot's length unit per second (squared), like the joint values, and converted
the same way inside.

Frames
------
Link ``i`` is rigidly attached to DH frame ``i`` in both conventions, so its centre of mass
and inertia are given in frame ``i``. Joint ``i`` moves along or about ``z_{i-1}`` (standard
DH) or ``z_i`` (modified DH). The recursion runs in each link's own frame (Corke's ``rne``,
Craig's chapter 6): a step from frame ``i - 1`` to frame ``i`` is one rotation about Z by
``theta`` and one about X by ``alpha``, in the order of the robot's convention; the base
transform only turns gravity into the base frame's axes. Every function takes a leading
batch axis: ``(..., n)`` in, ``(..., n)`` or ``(..., n, n)`` out. One configuration runs on
plain floats, a batch on numpy arrays, through the same code.

Robots carry their dynamics as ``robot.dynamics``, a :class:`Dynamics` (the robot file's
optional ``dynamics`` section, see :mod:`robosim.library`); a robot without it is refused with
a message saying so.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike

from . import checks
from .errors import ValidationError, brief
from .robot import Robot
from .transforms import cos_sin

#: Metres per robot length unit: how lengths are converted for dynamics.
METRES_PER_UNIT = {"mm": 1e-3, "cm": 1e-2, "m": 1.0}
#: The gravity of robot files that do not give one: 9.81 m/s^2 down the world Z axis, the value
#: Corke's toolbox uses, so that torques compare one to one.
DEFAULT_GRAVITY = (0.0, 0.0, -9.81)
#: Rows of a batch computed at once: big enough to amortise numpy's cost per call (the kernel
#: makes about 2,000 calls per block), small enough that a block's arrays stay in cache.
_CHUNK = 8192
#: Relative size below which an inertia eigenvalue counts as zero (rounding of the 6 numbers).
_INERTIA_TOLERANCE = 1e-9
#: Most integration steps :func:`simulate` accepts (a run of 1e6 steps takes about an hour).
MAX_STEPS = 1_000_000
#: Longest run and step of :func:`simulate`, s (11 days: the command line's bound too).
MAX_DURATION_S = 1e6
#: What :func:`simulate` does at a joint limit.
LIMIT_BEHAVIOURS = ("stop", "ignore")
#: Bounds of the dynamic parameters, like every other field of a robot file (issue 25:
#: ``"mass": 1e308`` loaded, the Newton-Euler sums overflowed to NaN and NaN passed the torque
#: check). Far beyond any arm -- a 1,000 t link, a 1 km centre of mass in mm -- yet with every
#: product of the kernel far from the float range. Masses kg; inertias kg m^2; centres of
#: mass in the robot's length unit (the robot file's bound on lengths); gear ratios either way;
#: friction N m s/rad and N m; gravity m/s^2 (100 g).
MAX_MASS_KG = 1e6
MAX_INERTIA_KG_M2 = 1e6
MAX_COM = 1e6
MAX_GEAR_RATIO = 1e6
MAX_FRICTION = 1e6
MAX_GRAVITY = 1e3


# ------------------------------------------------------------------------------ parameters
@dataclass(frozen=True)
class LinkDynamics:
    """Mass properties of one link and the drive of the joint that moves it.

    Parameters
    ----------
    mass : float
        Link mass, kg (``>= 0``).
    com : (float, float, float)
        Centre of mass in the link's own DH frame, robot length unit.
    inertia : 6 floats
        Inertia tensor about the centre of mass, axes of the link frame, kg m^2, in the order
        ``(Ixx, Iyy, Izz, Ixy, Iyz, Ixz)`` (Corke's order). It must be positive semi-definite;
        a zero principal moment is accepted because published lumped models have them (Corke's
        Puma 560 link 1 has only ``Iyy``).
    motor_inertia : float
        Rotor inertia at the motor side, kg m^2 (kg for a prismatic joint); adds
        ``gear_ratio**2 * motor_inertia * qdd`` with ``motor=True``.
    gear_ratio : float
        Motor turns per joint turn (non-zero; its sign, as in Corke's Puma, is ignored).
    viscous : float
        Viscous friction at the motor, N m s/rad (``>= 0``); adds ``G**2 * viscous * qd``.
    coulomb : (float, float)
        Coulomb friction at the motor, N m, for positive and negative joint speed (``>= 0``
        and ``<= 0``, as Corke's ``Tc``); adds ``|G| * coulomb[0]`` when ``qd > 0`` and
        ``|G| * coulomb[1]`` when ``qd < 0``.
    """

    mass: float = 0.0
    com: tuple[float, float, float] = (0.0, 0.0, 0.0)
    inertia: tuple[float, float, float, float, float, float] = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    motor_inertia: float = 0.0
    gear_ratio: float = 1.0
    viscous: float = 0.0
    coulomb: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self):
        object.__setattr__(self, "mass", _number(self.mass, "mass", MAX_MASS_KG, minimum=0.0))
        object.__setattr__(self, "com", _numbers(self.com, "com", 3, MAX_COM))
        object.__setattr__(self, "inertia",
                           _numbers(self.inertia, "inertia", 6, MAX_INERTIA_KG_M2))
        object.__setattr__(self, "motor_inertia",
                           _number(self.motor_inertia, "motor_inertia", MAX_INERTIA_KG_M2,
                                   minimum=0.0))
        object.__setattr__(self, "gear_ratio",
                           _number(self.gear_ratio, "gear_ratio", MAX_GEAR_RATIO))
        if abs(self.gear_ratio) < 1.0 / MAX_GEAR_RATIO:
            raise ValidationError(f"field 'gear_ratio' must not be 0 (at least "
                                  f"{1.0 / MAX_GEAR_RATIO:g} either way), got "
                                  f"{self.gear_ratio:.3g}")
        object.__setattr__(self, "viscous",
                           _number(self.viscous, "viscous", MAX_FRICTION, minimum=0.0))
        plus, minus = _numbers(self.coulomb, "coulomb", 2, MAX_FRICTION)
        if plus < 0.0 or minus > 0.0:
            raise ValidationError(f"field 'coulomb' is [for positive speed >= 0, for negative "
                                  f"speed <= 0], got {[plus, minus]}")
        object.__setattr__(self, "coulomb", (plus, minus))
        moments = np.linalg.eigvalsh(self.inertia_matrix)
        if moments[0] < -_INERTIA_TOLERANCE * max(1.0, abs(moments[-1])):
            raise ValidationError(
                f"field 'inertia' {list(self.inertia)} is not positive semi-definite: it has a "
                f"principal moment of {moments[0]:.6g} kg m^2 (a body's moments are >= 0)")

    @property
    def inertia_matrix(self) -> np.ndarray:
        """The inertia tensor about the centre of mass ``(3, 3)``, kg m^2, link-frame axes."""
        xx, yy, zz, xy, yz, xz = self.inertia
        return np.array([[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]])


@dataclass(frozen=True)
class Dynamics:
    """A robot's dynamic parameters: one :class:`LinkDynamics` per joint and gravity.

    Parameters
    ----------
    links : sequence of LinkDynamics
        Base to end effector, one per joint.
    gravity : (float, float, float)
        Gravitational acceleration in the world frame, m/s^2 (pointing down:
        ``(0, 0, -9.81)``).
    """

    links: tuple[LinkDynamics, ...]
    gravity: tuple[float, float, float] = DEFAULT_GRAVITY

    def __post_init__(self):
        object.__setattr__(self, "links", tuple(self.links))
        object.__setattr__(self, "gravity", _numbers(self.gravity, "gravity", 3, MAX_GRAVITY))


def _number(value, name, bound, minimum=None):
    """``value`` as a float: a finite real number with ``|value| <= bound`` (and ``>= minimum``)."""
    if isinstance(value, (bool, np.bool_, complex, np.complexfloating)) \
            or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ValidationError(f"field '{name}' must be a number, got {brief(value)}")
    try:
        value = float(value)
    except OverflowError:           # a Python int beyond the float range
        value = math.inf
    if not math.isfinite(value):
        raise ValidationError(f"field '{name}' must be finite, got {value!r}")
    if abs(value) > bound:
        raise ValidationError(f"field '{name}' = {value:.3g} is beyond +-{bound:g}")
    if minimum is not None and value < minimum:
        raise ValidationError(f"field '{name}' must be >= {minimum:g}, got {value:.6g}")
    return value


def _amount(value, name, unit, bound):
    """An argument that must be a finite number from 0 to ``bound`` (a payload, a duration)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer,
                                                                     np.floating)) \
            or not 0 <= value <= bound:
        raise ValidationError(f"{name} must be a number of {unit} from 0 to {bound:g}, "
                              f"got {brief(value)}")
    return float(value)


def _numbers(values, name, count, bound):
    if isinstance(values, (str, bytes, dict)) or not hasattr(values, "__len__") \
            or len(values) != count:
        raise ValidationError(f"field '{name}' must be a list of {count} numbers, "
                              f"got {brief(values)}")
    return tuple(_number(v, name, bound) for v in values)


def _finite(values, quantity):
    """``values``, or a ValidationError saying that ``quantity`` overflowed (issue 25: NaN
    torques left ``inverse_dynamics`` for ``qd = 1e200`` and were printed as 0)."""
    if not np.isfinite(values).all():
        raise ValidationError(f"the {quantity} overflowed (they are not finite numbers): the "
                              f"joint values, speeds, accelerations or torques given are too "
                              f"large for the arithmetic")
    return values


def require_dynamics(robot: Robot) -> Dynamics:
    """``robot.dynamics``, or a ValidationError saying the robot has none and how to add it."""
    dynamics = getattr(robot, "dynamics", None)
    if dynamics is None:
        raise ValidationError(
            f"robot {robot.name!r} has no dynamics (masses, centres of mass, inertias): add a "
            f"'dynamics' section to its robot file, or use a robot that has one (for example "
            f"'Puma 560')")
    if len(dynamics.links) != robot.n:
        raise ValidationError(f"robot {brief(robot.name)}: dynamics lists {len(dynamics.links)} "
                              f"links for {robot.n} joints")
    return dynamics


def with_payload(robot: Robot, mass: float, position: ArrayLike | None = None) -> Robot:
    """A copy of ``robot`` carrying a point mass at the tool point (or ``position``).

    Parameters
    ----------
    mass : float
        Payload, kg (``>= 0``).
    position : (float, float, float), optional
        Where the payload sits, in the last link's frame, robot length unit. Default: the tool
        point (the robot's ``tool_xyz``).

    Returns
    -------
    Robot
        The last link's mass, centre of mass and inertia combined with the point mass (parallel
        axis theorem); everything else shared with ``robot``.

    Examples
    --------
    A massless last link holding 2 kg: the link becomes a 2 kg point at the tool.

    >>> from robosim.robot import Joint, Robot
    >>> arm = Robot([Joint(a=1.0)], unit="m", tool_xyz=(0.5, 0, 0),
    ...             dynamics=Dynamics([LinkDynamics()]))
    >>> last = with_payload(arm, 2.0).dynamics.links[-1]
    >>> last.mass, last.com
    (2.0, (0.5, 0.0, 0.0))
    """
    from dataclasses import replace
    dynamics = require_dynamics(robot)
    mass = _amount(mass, "payload", "kg", MAX_MASS_KG)
    if mass == 0.0:
        return robot
    link = dynamics.links[-1]
    point = np.array(robot.tool_xyz if position is None
                     else _numbers(position, "position", 3, MAX_COM))
    total = link.mass + mass
    com = (link.mass * np.array(link.com) + mass * point) / total
    metres = METRES_PER_UNIT[robot.unit]
    inertia = (_inertia_shifted(link.inertia_matrix, link.mass, (np.array(link.com) - com) * metres)
               + _inertia_shifted(np.zeros((3, 3)), mass, (point - com) * metres))
    combined = replace(link, mass=total, com=tuple(com.tolist()),
                       inertia=(inertia[0, 0], inertia[1, 1], inertia[2, 2], inertia[0, 1],
                                inertia[1, 2], inertia[0, 2]))
    return replace(robot, dynamics=replace(dynamics, links=dynamics.links[:-1] + (combined,)),
                   name=f"{robot.name} + {mass:g} kg")


def _inertia_shifted(inertia, mass, offset):
    """Inertia about a point ``offset`` (m) away from the centre of mass: parallel axes."""
    offset = np.asarray(offset, dtype=float)
    return inertia + mass * (offset @ offset * np.eye(3) - np.outer(offset, offset))


# ------------------------------------------------------------------- the Newton-Euler kernel
@dataclass(frozen=True)
class _Constants:
    """What the kernel needs of a robot, in SI units, computed once per robot."""

    mass: tuple             # kg per link
    first_moment: tuple     # per link h = mass * centre of mass (h0, h1, h2), kg m, link
                            # frame; ZERO when the centre of mass is at the origin
    inertia: tuple          # per link (Ixx, Iyy, Izz, Ixy, Iyz, Ixz) about the frame origin,
                            # link-frame axes, kg m^2; (Ixx, Iyy, Izz) when diagonal
    revolute: tuple
    joints: tuple           # per joint, for _joint_geometry: (revolute, theta0, d0 (m), a (m),
                            # cos alpha, sin alpha, cos theta0, sin theta0, origin offset of a
                            # revolute joint (see _origin_offset)); theta0, d0 the DH theta
                            # and d at q = 0
    base_axes: tuple        # the base frame's X, Y, Z axes in world coordinates
    prismatic: bool         # whether any joint is prismatic
    standard: bool
    metres: float
    si_scale: np.ndarray    # (n,): 1 for revolute joints, metres per unit for prismatic
    motor: np.ndarray       # G^2 Jm per joint
    viscous: np.ndarray     # G^2 B per joint
    coulomb: np.ndarray     # (2, n): |G| Tc+ and |G| Tc- per joint


_constants_cache = {}


def _constants(robot):
    """The kernel's constants of ``robot``, cached while the robot and its dynamics live."""
    dynamics = require_dynamics(robot)
    key = id(robot)
    cached = _constants_cache.get(key)
    if cached is not None and cached[0] is robot and cached[1] is dynamics:
        return cached[2]
    metres = METRES_PER_UNIT[robot.unit]
    standard = robot.convention == "standard"
    first_moments, inertias = [], []
    for link in dynamics.links:
        com = np.array(link.com) * metres
        about_origin = _inertia_shifted(link.inertia_matrix, link.mass, com)
        first_moment = tuple((link.mass * com).tolist())
        first_moments.append(ZERO if first_moment == ZERO else first_moment)
        moments = tuple(about_origin[[0, 1, 2, 0, 1, 0], [0, 1, 2, 1, 2, 2]].tolist())
        inertias.append(moments[:3] if moments[3:] == (0.0, 0.0, 0.0) else moments)
    theta0, d0 = robot.joint_variables(np.zeros(robot.n))
    joints = []
    for joint, theta, d, (a, ca, sa) in zip(robot.joints, theta0.tolist(), d0.tolist(),
                                            robot.dh_constants):
        d, a = d * metres, a * metres
        joints.append((joint.is_revolute, theta, d, a, ca, sa) + cos_sin(theta)
                      + (_origin_offset(standard, a, ca, sa, d),))
    gear = np.array([abs(link.gear_ratio) for link in dynamics.links])
    constants = _Constants(
        mass=tuple(link.mass for link in dynamics.links), first_moment=tuple(first_moments),
        inertia=tuple(inertias), revolute=tuple(j.is_revolute for j in robot.joints),
        joints=tuple(joints), base_axes=robot.base_columns[:3],
        prismatic=not all(j.is_revolute for j in robot.joints), standard=standard,
        metres=metres, si_scale=np.where(robot.revolute, 1.0, metres),
        motor=gear ** 2 * np.array([link.motor_inertia for link in dynamics.links]),
        viscous=gear ** 2 * np.array([link.viscous for link in dynamics.links]),
        coulomb=gear * np.array([link.coulomb for link in dynamics.links]).T)
    if len(_constants_cache) > 64:
        _constants_cache.clear()
    _constants_cache[key] = (robot, dynamics, constants)
    return constants


#: The zero vector. Vectors are 3-tuples of floats (one configuration) or of ``(B,)`` arrays (a
#: batch); a gravity, first moment or origin offset known to be zero is this very object, so
#: the kernel skips its terms (a mass-matrix column has no gravity).
ZERO = (0.0, 0.0, 0.0)


def _origin_offset(standard, a, ca, sa, d):
    """Where frame ``i``'s origin is from frame ``i - 1``'s, metres, as the recursion needs it.

    Standard DH (``Rz(theta) Tz(d) Tx(a) Rx(alpha)``): ``(a, d sin alpha, d cos alpha)`` in
    frame ``i``'s axes. Modified DH (``Rx(alpha) Tx(a) Rz(theta) Tz(d)``):
    ``(a, -d sin alpha, d cos alpha)`` in frame ``i - 1``'s axes. ZERO when ``a = d = 0``.
    """
    if isinstance(d, float) and d == 0.0:
        return ZERO if a == 0.0 else (a, 0.0, 0.0)
    return (a, d * sa, d * ca) if standard else (a, -d * sa, d * ca)


def _joint_geometry(constants, q):
    """Per joint ``((cos theta, sin theta, cos alpha, sin alpha), origin offset)``.

    ``q`` is one configuration as n floats (computed with :mod:`math`) or a batch as n ``(B,)``
    arrays (computed with numpy), in API units; a joint's constant parts are floats either way.
    """
    cos, sin = (np.cos, np.sin) if isinstance(q[0], np.ndarray) else (math.cos, math.sin)
    metres, standard = constants.metres, constants.standard
    geometry = []
    for value, (revolute, theta0, d0, a, ca, sa, ct0, st0, offset) in zip(q, constants.joints):
        if revolute:
            theta = value + theta0
            geometry.append(((cos(theta), sin(theta), ca, sa), offset))
        else:
            geometry.append(((ct0, st0, ca, sa),
                             _origin_offset(standard, a, ca, sa, d0 + value * metres)))
    return geometry


#: The steps from link ``i - 1``'s motion to link ``i``'s (forward pass) and from link ``i``'s
#: wrench to link ``i - 1``'s (backward pass) in each convention (True: standard): the same
#: steps, in reverse order, as ``Rz(theta) ... Rx(alpha)`` becomes ``Rx(alpha) ... Rz(theta)``.
#: See :func:`_newton_euler`.
_FORWARD = {True: ("move", "theta", "alpha", "carry"), False: ("carry", "alpha", "theta", "move")}
_BACKWARD = {True: ("shift", "alpha", "theta", "torque"),
             False: ("torque", "theta", "alpha", "shift")}


def _newton_euler(constants, geometry, qd, qdd, gravity):
    """Joint torques (N m) and forces (N) by the recursive Newton-Euler algorithm.

    Parameters
    ----------
    constants : _Constants
    geometry : list of n ``(rotation, origin offset)`` from :func:`_joint_geometry`
    qd, qdd : sequence of n floats or ``(B,)`` arrays, or None for all zero
        Joint speeds and accelerations in SI units (rad/s, m/s).
    gravity : 3-tuple or ZERO
        Gravitational acceleration, world frame, m/s^2.

    Returns
    -------
    list of n floats or ``(B,)`` arrays.

    Notes
    -----
    Each link's quantities are expressed in its own frame's axes (as in Corke's ``rne`` and
    Craig's chapter 6), where its mass properties are constants. Frame ``i``'s rotation in
    frame ``i - 1`` is ``R = Rz(theta) Rx(alpha)`` (standard DH) or ``Rx(alpha) Rz(theta)``
    (modified); a vector goes to the child frame as ``R^T v`` ("theta" and "alpha" steps, a
    quarter-turn twist, exact, as swaps) and back as ``R v``.

    Forward pass: the angular velocity ``w`` and acceleration ``wd`` of each link and the
    acceleration ``a`` of its frame's origin ``o_i``, starting from ``a = -gravity`` (in base
    axes) at the base (gravity as an upward acceleration of the base, Luh, Walker and Paul's
    trick). "move": in the axes of a frame whose Z axis ``z`` is the joint's (frame ``i - 1``
    in the standard convention, frame ``i`` in the modified one), a revolute joint adds
    ``qd z`` to ``w`` and ``qdd z + qd (w x z)`` to ``wd``; a prismatic joint adds
    ``qdd z + 2 qd (w x z)`` (Coriolis) to ``a``; ``w x z = (w_y, -w_x, 0)``. "carry": with
    ``r = o_i - o_{i-1}`` (:func:`_origin_offset`), ``a += wd x r + w x (w x r)``; the origin
    ``o_i`` rides on link ``i`` in the standard convention (``o_{i-1}`` is on the axis), on
    link ``i - 1`` in the modified one (``o_i`` is on the axis), hence the new or the previous
    link's ``w, wd``.

    Each link's inertial force and moment about ``o_i`` are ``F = m a + wd x h + w x (w x h)``
    and ``N = I_o wd + w x (I_o w) + h x a``, with ``h = m c`` its first moment and ``I_o`` its
    inertia about ``o_i``.

    Backward pass: the wrench link ``i - 1`` exerts on link ``i`` is ``f_i = F_i + f_{i+1}``
    and, about ``o_i``, ``n_i = N_i + n_{i+1} + r_{i+1} x f_{i+1}`` ("shift"). The joint
    torque ("torque") is the moment about a point of the axis along the axis: ``z . (n_i +
    r_i x f_i)`` in frame ``i - 1`` (standard, the axis passes through ``o_{i-1}``) or
    ``z . n_i`` in frame ``i`` (modified); a prismatic joint's force is ``z . f_i``.

    The arithmetic is written out on vector components (floats or ``(B,)`` arrays), with few
    helper calls, as a single call's time is mostly the interpreter's cost per operation and
    per call; terms known to be zero (no speed, no acceleration yet, no gravity, a centre of
    mass at the origin) are skipped, as a batch's time is mostly numpy's per array operation.
    """
    standard, revolute = constants.standard, constants.revolute
    forward, backward = _FORWARD[standard], _BACKWARD[standard]
    spinning = qd is not None
    w0 = w1 = w2 = e0 = e1 = e2 = 0.0   # w and wd (e), zero while has_w, has_e are False
    has_w = has_e = False
    if gravity is ZERO:
        a0 = a1 = a2 = 0.0
    else:
        a0, a1, a2 = (-(x * gravity[0] + y * gravity[1] + z * gravity[2])
                      for x, y, z in constants.base_axes)
    still = gravity is ZERO             # no link has moved yet: every term is zero
    wrenches = []
    for i, ((ct, st, ca, sa), r) in enumerate(geometry):
        speed = qd[i] if spinning else 0.0
        acceleration = 0.0 if qdd is None else qdd[i]
        turned = not (isinstance(speed, float) and speed == 0.0)   # a float 0 is a known
        pushed = not (isinstance(acceleration, float) and acceleration == 0.0)   # zero
        if still:
            if not (turned or pushed):
                wrenches.append(None)
                continue
            still = False
        for step in forward:
            if step == "move":
                if revolute[i]:
                    if has_w and turned:
                        e0, e1, has_e = e0 + speed * w1, e1 - speed * w0, True
                    if pushed:
                        e2, has_e = e2 + acceleration, True
                    if turned:
                        w2, has_w = w2 + speed, True
                else:
                    if has_w and turned:
                        a0, a1 = a0 + 2.0 * speed * w1, a1 - 2.0 * speed * w0
                    if pushed:
                        a2 = a2 + acceleration
            elif step == "theta":
                a0, a1 = ct * a0 + st * a1, ct * a1 - st * a0
                if has_w:
                    w0, w1 = ct * w0 + st * w1, ct * w1 - st * w0
                if has_e:
                    e0, e1 = ct * e0 + st * e1, ct * e1 - st * e0
            elif step == "alpha":
                if sa == 0.0:
                    if ca < 0.0:
                        w1, w2, e1, e2, a1, a2 = -w1, -w2, -e1, -e2, -a1, -a2
                elif ca == 0.0:
                    if sa > 0.0:
                        w1, w2, e1, e2, a1, a2 = w2, -w1, e2, -e1, a2, -a1
                    else:
                        w1, w2, e1, e2, a1, a2 = -w2, w1, -e2, e1, -a2, a1
                else:
                    a1, a2 = ca * a1 + sa * a2, ca * a2 - sa * a1
                    if has_w:
                        w1, w2 = ca * w1 + sa * w2, ca * w2 - sa * w1
                    if has_e:
                        e1, e2 = ca * e1 + sa * e2, ca * e2 - sa * e1
            elif r is not ZERO:         # carry
                a0, a1, a2 = _carried(a0, a1, a2, r, has_w, w0, w1, w2, has_e, e0, e1, e2)
        # The inertial wrench F, N about o_i.
        mass, h, inertia = constants.mass[i], constants.first_moment[i], constants.inertia[i]
        f0, f1, f2 = mass * a0, mass * a1, mass * a2
        n0 = n1 = n2 = 0.0
        if h is not ZERO:
            h0, h1, h2 = h
            n0, n1, n2 = h1 * a2 - h2 * a1, h2 * a0 - h0 * a2, h0 * a1 - h1 * a0
            f0, f1, f2 = _carried(f0, f1, f2, h, has_w, w0, w1, w2, has_e, e0, e1, e2)
        if has_e:
            c0, c1, c2 = _inertia_times(inertia, e0, e1, e2)
            n0, n1, n2 = n0 + c0, n1 + c1, n2 + c2
        if has_w:
            c0, c1, c2 = _inertia_times(inertia, w0, w1, w2)
            n0, n1, n2 = n0 + w1 * c2 - w2 * c1, n1 + w2 * c0 - w0 * c2, n2 + w0 * c1 - w1 * c0
        wrenches.append((f0, f1, f2, n0, n1, n2))
    tau = [0.0] * len(geometry)
    f0 = f1 = f2 = n0 = n1 = n2 = 0.0
    for i in range(len(geometry) - 1, -1, -1):
        if wrenches[i] is not None:
            g0, g1, g2, m0, m1, m2 = wrenches[i]
            f0, f1, f2, n0, n1, n2 = f0 + g0, f1 + g1, f2 + g2, n0 + m0, n1 + m1, n2 + m2
        (ct, st, ca, sa), r = geometry[i]
        for step in backward:
            if step == "torque":
                tau[i] = n2 if revolute[i] else f2
            elif step == "alpha":
                if sa == 0.0:
                    if ca < 0.0:
                        f1, f2, n1, n2 = -f1, -f2, -n1, -n2
                elif ca == 0.0:
                    if sa > 0.0:
                        f1, f2, n1, n2 = -f2, f1, -n2, n1
                    else:
                        f1, f2, n1, n2 = f2, -f1, n2, -n1
                else:
                    f1, f2, n1, n2 = (ca * f1 - sa * f2, sa * f1 + ca * f2,
                                      ca * n1 - sa * n2, sa * n1 + ca * n2)
            elif step == "theta":
                f0, f1, n0, n1 = (ct * f0 - st * f1, st * f0 + ct * f1,
                                  ct * n0 - st * n1, st * n0 + ct * n1)
            elif r is not ZERO:         # shift
                r0, r1, r2 = r
                n0, n1, n2 = n0 + r1 * f2 - r2 * f1, n1 + r2 * f0 - r0 * f2, n2 + r0 * f1 - r1 * f0
    return tau


def _carried(a0, a1, a2, r, has_w, w0, w1, w2, has_e, wd0, wd1, wd2):
    """``a + wd x r + w x (w x r)`` (``w``, ``wd`` zero where ``has_w``, ``has_e`` are False):
    the acceleration of the point ``r`` further along a body turning at ``w, wd`` whose point
    at the start accelerates at ``a``. With ``m a`` for ``a`` and the first moment ``h = m c``
    for ``r``, the force that accelerates the body's mass: ``m a + wd x h + w x (w x h)``."""
    r0, r1, r2 = r
    if has_e:
        a0, a1, a2 = a0 + wd1 * r2 - wd2 * r1, a1 + wd2 * r0 - wd0 * r2, a2 + wd0 * r1 - wd1 * r0
    if has_w:
        c0, c1, c2 = w1 * r2 - w2 * r1, w2 * r0 - w0 * r2, w0 * r1 - w1 * r0
        a0, a1, a2 = a0 + w1 * c2 - w2 * c1, a1 + w2 * c0 - w0 * c2, a2 + w0 * c1 - w1 * c0
    return a0, a1, a2


def _inertia_times(inertia, v0, v1, v2):
    """``I v`` for an inertia given as ``(Ixx, Iyy, Izz)`` (diagonal) or ``(Ixx, Iyy, Izz, Ixy,
    Iyz, Ixz)``."""
    if len(inertia) == 3:
        xx, yy, zz = inertia
        return xx * v0, yy * v1, zz * v2
    xx, yy, zz, xy, yz, xz = inertia
    return xx * v0 + xy * v1 + xz * v2, xy * v0 + yy * v1 + yz * v2, xz * v0 + yz * v1 + zz * v2


# ----------------------------------------------------------------------------- batches
def _gravity(robot, gravity):
    """``gravity`` (3 numbers, m/s^2) as a tuple, ZERO for none; None gives the robot's (whose
    dynamics :func:`_constants` has checked)."""
    if gravity is None:
        return robot.dynamics.gravity
    try:
        values = np.asarray(gravity, dtype=float).ravel()
    except (TypeError, ValueError, OverflowError):
        values = gravity
    gravity = _numbers(values, "gravity", 3, MAX_GRAVITY)
    return ZERO if gravity == (0.0, 0.0, 0.0) else gravity


def _checked(robot, named):
    """The arrays of ``named`` (``(values, name)`` pairs) as floats ``(..., n)``, validated.

    When each is one configuration ``(n,)``, their values are summed in Python to check that
    all are finite (a NaN or an infinity makes the sum so): numpy's cost per call would be a
    good part of a single Newton-Euler run's time. Otherwise (or when a sum of huge values
    overflows) each is checked on its own, and a wrong one named in the message.
    """
    try:
        arrays = [np.asarray(values, dtype=float) for values, _ in named]
    except (TypeError, ValueError):
        arrays = None
    single = (robot.n,)
    if arrays is not None and all([a.shape == single for a in arrays]) \
            and math.isfinite(sum([sum(a.tolist()) for a in arrays])):
        return arrays
    checked = [robot.check_q(values, name) for values, name in named]
    for array, (_, name) in zip(checked, named):
        if array.size == 0:
            raise ValidationError(f"{name}: an empty batch {array.shape}: give at least one row")
    return checked


def _to_si(constants, values):
    """Joint values ``(..., n)`` with prismatic entries converted from length unit to metres."""
    return values * constants.si_scale if constants.prismatic else values


def _per_block(robot, constants, arrays, block):
    """Run ``block(geometry, *columns)`` over configurations, one or a batch, chunk by chunk.

    ``arrays`` (the first is ``q``) are broadcast to a common shape ``(..., n)``; ``block``
    gets the joint geometry (:func:`_joint_geometry`) and each other array as a list of n
    per-joint floats or ``(B,)`` arrays, and returns a list of outputs, each a list of n
    per-joint values. Returns the outputs as arrays ``(..., n)``.
    """
    if all([a.ndim == 1 for a in arrays]):
        results = block(_joint_geometry(constants, arrays[0].tolist()),
                        *(a.tolist() for a in arrays[1:]))
        return [np.array(values, dtype=float) for values in results]
    shape = np.broadcast_shapes(*(a.shape for a in arrays))
    flat = [np.broadcast_to(a, shape).reshape(-1, robot.n) for a in arrays]
    count = flat[0].shape[0]
    outputs = None
    for start in range(0, count, _CHUNK):
        rows = slice(start, start + _CHUNK)
        results = block(_joint_geometry(constants, list(flat[0][rows].T)),
                        *(list(a[rows].T) for a in flat[1:]))
        if outputs is None:
            outputs = [np.empty((robot.n, count)) for _ in results]
        for out, values in zip(outputs, results):
            for i, value in enumerate(values):
                out[i, rows] = value
    return [out.T.reshape(shape) for out in outputs]


# ----------------------------------------------------------------------------- public functions
def inverse_dynamics(robot: Robot, q: ArrayLike, qd: ArrayLike, qdd: ArrayLike,
                     gravity: ArrayLike | None = None, motor: bool = False,
                     friction: bool = False) -> np.ndarray:
    """Joint torques (and forces) that give the arm accelerations ``qdd`` at ``q, qd``.

    Recursive Newton-Euler (see ``_newton_euler`` for the equations), batched.

    Parameters
    ----------
    robot : Robot
        With ``robot.dynamics`` (a robot without is refused with a message).
    q, qd, qdd : array_like, shape (n,) or (..., n)
        Joint values, speeds and accelerations: rad, rad/s, rad/s^2 for revolute joints, the
        robot's length unit (per second, squared) for prismatic ones. Broadcast together.
    gravity : (3,) array_like, optional
        Gravitational acceleration in the world frame, m/s^2; default the robot's
        (``(0, 0, -9.81)`` unless its file says otherwise). ``(0, 0, 0)`` leaves gravity out.
    motor : bool
        Add the motors' rotor inertia ``G^2 Jm qdd``.
    friction : bool
        Add viscous and Coulomb friction, ``G^2 B qd + |G| Tc(sign qd)``.

    Returns
    -------
    tau : ndarray, shape (n,) or (..., n)
        N m for revolute joints, N for prismatic ones: what the joints must exert.

    Examples
    --------
    A 1 kg point mass on a massless 0.5 m link, held horizontal against gravity along -Y
    (the link turns about Z): ``tau = m g l = 1 * 9.81 * 0.5``.

    >>> from robosim.robot import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> inverse_dynamics(pendulum, [0.0], [0.0], [0.0])
    array([4.905])

    See Also
    --------
    gravity_torques, mass_matrix, coriolis, forward_dynamics
    """
    constants = _constants(robot)
    g = _gravity(robot, gravity)
    q, qd, qdd = _checked(robot, ((q, "q"), (qd, "qd"), (qdd, "qdd")))
    qd_si, qdd_si = _to_si(constants, qd), _to_si(constants, qdd)
    (tau,) = _per_block(robot, constants, (q, qd_si, qdd_si),
                        lambda geometry, v, acc: [_newton_euler(constants, geometry, v, acc, g)])
    if motor:
        tau = tau + constants.motor * qdd_si
    if friction:
        tau = tau + friction_torques(robot, qd)
    return _finite(tau, "joint torques")


def friction_torques(robot: Robot, qd: ArrayLike) -> np.ndarray:
    """Torques the joints need against friction at speeds ``qd`` ``(..., n)``: N m or N.

    ``G^2 B qd + |G| Tc+`` for ``qd > 0``, ``G^2 B qd + |G| Tc-`` for ``qd < 0``, and 0 at
    rest (no stiction), as Corke's toolbox models it.
    """
    constants = _constants(robot)
    (qd,) = _checked(robot, ((qd, "qd"),))
    qd_si = _to_si(constants, qd)
    plus, minus = constants.coulomb
    return _finite(constants.viscous * qd_si + np.where(qd_si > 0, plus, 0.0)
                   + np.where(qd_si < 0, minus, 0.0), "friction torques")


def gravity_torques(robot: Robot, q: ArrayLike, gravity: ArrayLike | None = None) -> np.ndarray:
    """Torques (N m) and forces (N) that hold the arm still at ``q`` ``(..., n)`` against gravity.

    Examples
    --------
    >>> from robosim.robot import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> np.round(gravity_torques(pendulum, [np.pi / 3]), 6)   # m g l cos(60 deg)
    array([2.4525])
    """
    constants = _constants(robot)
    g = _gravity(robot, gravity)
    (q,) = _checked(robot, ((q, "q"),))
    (tau,) = _per_block(robot, constants, (q,),
                        lambda geometry: [_newton_euler(constants, geometry, None, None, g)])
    return _finite(tau, "gravity torques")


def mass_matrix(robot: Robot, q: ArrayLike, motor: bool = False) -> np.ndarray:
    """The joint-space inertia matrix ``M(q)`` ``(..., n, n)``, SI units (kg m^2, kg).

    Column ``j`` is the torque that a unit acceleration of joint ``j`` alone needs, without
    gravity or velocity. Symmetric and positive definite for a physical arm. With
    ``motor=True`` the rotor inertias ``G^2 Jm`` are added to the diagonal.

    Examples
    --------
    A 1 kg point mass at the end of a 0.5 m link: ``M = m l^2 = 0.25``.

    >>> from robosim.robot import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics([LinkDynamics(mass=1.0)]))
    >>> mass_matrix(pendulum, [0.3])
    array([[0.25]])
    """
    constants = _constants(robot)
    (q,) = _checked(robot, ((q, "q"),))
    n = robot.n
    units = [[1.0 if k == j else 0.0 for k in range(n)] for j in range(n)]

    def columns(geometry):
        return [_newton_euler(constants, geometry, None, unit, ZERO) for unit in units]

    result = np.stack(_per_block(robot, constants, (q,), columns), axis=-1)
    if motor:
        result = result + np.diag(constants.motor)
    return _finite(result, "mass matrix entries")


def coriolis(robot: Robot, q: ArrayLike, qd: ArrayLike) -> np.ndarray:
    """The Coriolis and centripetal matrix ``C(q, qd)`` ``(..., n, n)``: ``C qd`` are the torques.

    ``C`` is the one built from Christoffel symbols, ``C_ij = sum_k c_ijk qd_k`` with
    ``c_ijk = (dM_ij/dq_k + dM_ik/dq_j - dM_jk/dq_i) / 2``, so that ``dM/dt - 2 C`` is skew
    symmetric. The velocity torques are a quadratic form ``h_i = sum_jk c_ijk qd_j qd_k``; the
    symmetric ``c_ijk`` come out of Newton-Euler runs with unit speeds: ``h(e_j) = c_.jj`` and
    ``h(e_j + e_k) - h(e_j) - h(e_k) = 2 c_.jk`` (polarisation, as Corke's toolbox does).
    """
    constants = _constants(robot)
    q, qd = _checked(robot, ((q, "q"), (qd, "qd")))
    qd_si = _to_si(constants, qd)
    n = robot.n
    pairs = [(j, k) for j in range(n) for k in range(j, n)]
    speeds = [[1.0 if m in (j, k) else 0.0 for m in range(n)] for j, k in pairs]

    def quadratic(geometry):
        return [_newton_euler(constants, geometry, speed, None, ZERO) for speed in speeds]

    h = dict(zip(pairs, _per_block(robot, constants, (q,), quadratic)))
    # c[..., i, j, k] = c_ijk (the torque on joint i from speeds j and k)
    c = np.empty(q.shape[:-1] + (n, n, n))
    for j in range(n):
        c[..., :, j, j] = h[j, j]
    for j, k in pairs:
        if j != k:
            c[..., :, j, k] = c[..., :, k, j] = (h[j, k] - h[j, j] - h[k, k]) / 2.0
    return _finite(np.einsum("...ijk,...k->...ij", c,
                             np.broadcast_to(qd_si, q.shape[:-1] + (n,))
                             if q.ndim > 1 else qd_si), "Coriolis terms")


def forward_dynamics(robot: Robot, q: ArrayLike, qd: ArrayLike, tau: ArrayLike,
                     gravity: ArrayLike | None = None, motor: bool = False,
                     friction: bool = False) -> np.ndarray:
    """Joint accelerations ``qdd`` ``(..., n)`` under torques/forces ``tau`` at ``q, qd``.

    ``qdd = M(q)^-1 (tau - C(q, qd) qd - g(q) [- friction])``: the inverse of
    :func:`inverse_dynamics` with the same ``gravity``, ``motor`` and ``friction``.

    Parameters
    ----------
    q, qd : array_like (..., n)
        Joint values and speeds (rad, rad/s; length unit and per second for prismatic).
    tau : array_like (..., n)
        Joint torques, N m (forces, N, for prismatic joints).

    Returns
    -------
    qdd : ndarray (..., n)
        rad/s^2 (length unit/s^2 for prismatic joints).
    """
    constants = _constants(robot)
    q, qd, tau = _checked(robot, ((q, "q"), (qd, "qd"), (tau, "tau")))
    inertia, rhs = _equations_of_motion(robot, constants, q, qd, tau, gravity, motor, friction)
    return _finite(_from_si(constants, _solve_locked(inertia, rhs, None)), "joint accelerations")


def _equations_of_motion(robot, constants, q, qd, tau, gravity, motor, friction):
    """``M(q)`` ``(..., n, n)`` and ``tau - C(q, qd) qd - g(q) [- friction]`` ``(..., n)``, SI
    units, of checked arrays: ``M qdd = rhs`` gives the accelerations (rad/s^2, m/s^2)."""
    g = _gravity(robot, gravity)
    n = robot.n
    units = [[1.0 if k == j else 0.0 for k in range(n)] for j in range(n)]

    def terms(geometry, speed):
        bias = _newton_euler(constants, geometry, speed, None, g)
        return [bias] + [_newton_euler(constants, geometry, None, unit, ZERO) for unit in units]

    bias, *columns = _per_block(robot, constants, (q, _to_si(constants, qd)), terms)
    inertia = np.stack(columns, axis=-1)
    if motor:
        inertia = inertia + np.diag(constants.motor)
    rhs = tau - bias
    if friction:
        rhs = rhs - friction_torques(robot, qd)
    return inertia, rhs


def _solve_locked(inertia, rhs, locked):
    """``x`` ``(..., n)`` with ``inertia x = rhs`` in the rows of the free joints and ``x = 0``
    for the joints where ``locked`` ``(..., n)`` (None: none) is True.

    The locked joints' rows and columns are replaced by the identity's (and their ``rhs`` by 0),
    which leaves the free joints' block ``M_ff x_f = rhs_f``: the motion of an arm whose
    locked joints are held still (the torque that holds them does no work).
    """
    if locked is not None and locked.any():
        free = ~locked
        both_free = free[..., :, None] & free[..., None, :]
        inertia = np.where(both_free, inertia, np.eye(inertia.shape[-1]))
        rhs = np.where(free, rhs, 0.0)
    try:
        return np.linalg.solve(inertia, rhs[..., None])[..., 0]
    except np.linalg.LinAlgError:
        raise ValidationError(
            "the mass matrix is singular: some joint moves no mass or inertia (every link "
            "beyond it is massless), so its acceleration is not defined; give those links a "
            "mass or an inertia, or a motor inertia with motor=True") from None


def _from_si(constants, values):
    """Joint speeds or accelerations ``(..., n)`` from SI to API units (prismatic: per unit)."""
    return values / constants.si_scale if constants.prismatic else values


def energy(robot: Robot, q: ArrayLike, qd: ArrayLike, gravity: ArrayLike | None = None,
           motor: bool = False) -> tuple[float | np.ndarray, float | np.ndarray]:
    """Kinetic and potential energy (J) of the arm at ``q, qd`` ``(..., n)``.

    Kinetic ``qd^T M(q) qd / 2`` (rotors included with ``motor=True``); potential
    ``-sum_i m_i g . c_i`` with ``c_i`` the world position (m) of link ``i``'s centre of mass, so
    zero with every centre of mass at the world origin.

    Returns
    -------
    kinetic, potential : ndarray (...)
    """
    dynamics = require_dynamics(robot)
    constants = _constants(robot)
    g = np.asarray(dynamics.gravity if gravity is None else _gravity(robot, gravity))
    q, qd = _checked(robot, ((q, "q"), (qd, "qd")))
    qd_si = _to_si(constants, qd)
    inertia = mass_matrix(robot, q, motor=motor)
    kinetic = 0.5 * np.einsum("...i,...ij,...j->...", qd_si, inertia, qd_si)
    frames = robot.fk_all(q)
    coms = np.array([link.com for link in dynamics.links])            # (n, 3), length unit
    centres = (np.einsum("...nij,nj->...ni", frames[..., 1:, :3, :3], coms)
               + frames[..., 1:, :3, 3]) * constants.metres
    potential = -np.einsum("n,...ni,i->...", np.array(constants.mass), centres, g)
    return _finite(kinetic, "kinetic energies"), _finite(potential, "potential energies")


# ----------------------------------------------------------------------------------- simulation
@dataclass
class LimitHit:
    """A joint reaching a limit during :func:`simulate`: when, which, which side."""

    time: float
    joint: int          # 0-based
    side: str           # "lower" or "upper"
    index: tuple[int, ...] = ()   # the batch index of the configuration (empty for one)


@dataclass
class Simulation:
    """The result of :func:`simulate`.

    Attributes
    ----------
    t : ndarray (steps + 1,)
        Times, s, from 0.
    q, qd, qdd : ndarray (steps + 1, ..., n)
        Joint values, speeds, accelerations at each time (rad or length unit, per s, per s^2).
    kinetic, potential, energy : ndarray (steps + 1, ...)
        Energies, J; ``energy = kinetic + potential``.
    limits : str
        What happened at a joint limit: ``"stop"`` or ``"ignore"`` (see :func:`simulate`).
    limit_hits : list of LimitHit
        Every time a joint reached a limit (with ``"stop"``), in time order.
    """

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    qdd: np.ndarray
    kinetic: np.ndarray
    potential: np.ndarray
    energy: np.ndarray
    limits: str
    limit_hits: list[LimitHit] = field(default_factory=list)


def simulate(robot: Robot, q0: ArrayLike, qd0: ArrayLike | None = None, duration: float = 1.0,
             dt: float = 1e-3,
             tau: ArrayLike | Callable[[float, np.ndarray, np.ndarray], ArrayLike] | None = None,
             gravity: ArrayLike | None = None, motor: bool = False, friction: bool = False,
             limits: str = "stop",
             progress: Callable[[float], object] | None = None) -> Simulation:
    """Integrate the arm's motion: free fall when ``tau`` is None.

    A fixed-step classical Runge-Kutta method (4th order) on the state ``(q, qd)``, with
    accelerations from the equations of motion of :func:`forward_dynamics`.

    Parameters
    ----------
    q0, qd0 : array_like (n,) or (..., n)
        Initial joint values and speeds; ``qd0`` default zero. A batch runs side by side.
    duration, dt : float
        Length of the run and the step, s (more than 0, ``dt <= duration``, at most
        :data:`MAX_DURATION_S`); ``duration / dt`` rounded up steps (at most
        :data:`MAX_STEPS`), the last one shortened to end the run at ``duration``.
    tau : None, array_like (n,) or (..., n), or callable
        Joint torques (N m; N for prismatic joints): None for none (free fall), constant values,
        or ``tau(t, q, qd)`` returning them.
    gravity, motor, friction
        As :func:`inverse_dynamics`.
    limits : {"stop", "ignore"}
        ``"stop"`` (default): the joint limits are stops. A joint found past a limit after a
        step is put back on it and *locked* there by a plastic impact: its speed becomes zero
        and the other joints' speeds change as the arm's momentum requires (the kinetic
        energy can only fall, as in a real knock). While locked, the joint is held still and
        the others move as an arm with that joint fixed; it is released at the start of a step
        where the stop would have to pull it back rather than push. Each arrival is recorded
        in ``limit_hits``. The total energy is kept between arrivals (the stop does no work)
        and falls at each. ``"ignore"``: the limits play no part, the arm moves through them.
    progress : callable, optional
        ``progress(fraction)`` about a hundred times along the run (a long run takes minutes:
        the command line shows a percentage).

    Returns
    -------
    Simulation

    Raises
    ------
    ValidationError
        Bad arguments, ``q0`` outside the limits with ``limits="stop"``, a singular mass matrix
        (a joint that moves no mass), or a motion that diverges (speeds overflow: a smaller
        ``dt`` helps).
    """
    if limits not in LIMIT_BEHAVIOURS:
        raise ValidationError(f"limits must be one of {LIMIT_BEHAVIOURS}, got {brief(limits)}")
    progress = checks.callable_or_none(progress, "progress")
    duration = _amount(duration, "duration", "s", MAX_DURATION_S)
    dt = _amount(dt, "dt", "s", MAX_DURATION_S)
    if duration == 0.0 or dt == 0.0:
        raise ValidationError(f"duration and dt must be more than 0 s, got duration "
                              f"{duration:g} s and dt {dt:g} s")
    if dt > duration:
        raise ValidationError(f"dt = {dt:g} s is longer than the duration {duration:g} s: give "
                              f"a step no longer than the run")
    steps = _steps(duration, dt)
    if steps > MAX_STEPS:
        raise ValidationError(f"{duration:g} s at dt = {dt:g} s is {steps:,} steps, more than "
                              f"{MAX_STEPS:,}: use a larger dt or a shorter run")
    constants = _constants(robot)
    (q,) = _checked(robot, ((q0, "q0"),))
    if limits == "stop" and not np.all(robot.within_limits(q)):
        rows = q.reshape(-1, robot.n)
        robot.check_within_limits(rows[np.argmin(robot.within_limits(rows))], "q0")
    qd = np.zeros_like(q) if qd0 is None else np.broadcast_to(
        _checked(robot, ((qd0, "qd0"),))[0], q.shape).astype(float)
    torque = _torque_source(robot, tau, q.shape)
    lower, upper = robot.limits.T
    locked = np.zeros(q.shape, dtype=bool)

    def equations(t, q, qd):
        return _equations_of_motion(robot, constants, q, qd, torque(t, q, qd), gravity, motor,
                                    friction)

    def accelerations(t, q, qd):
        return _from_si(constants, _solve_locked(*equations(t, q, qd), locked))

    t = np.minimum(np.arange(steps + 1) * dt, duration)
    t[-1] = duration
    qs, qds, qdds = [np.empty((steps + 1,) + q.shape) for _ in range(3)]
    hits = []
    report_every = max(1, steps // 100)
    for k in range(steps + 1):
        inertia, rhs = equations(t[k], q, qd)
        if locked.any():
            locked = _still_pressed(inertia, rhs, locked, q <= lower)
        qdd = _from_si(constants, _solve_locked(inertia, rhs, locked))
        qs[k], qds[k], qdds[k] = q, qd, qdd
        if k == steps:
            break
        if progress is not None and k % report_every == 0:
            progress(k / steps)
        dt = t[k + 1] - t[k]                # the last step ends the run at ``duration``
        k2q = qd + dt / 2 * qdd
        k2v = accelerations(t[k] + dt / 2, q + dt / 2 * qd, k2q)
        k3q = qd + dt / 2 * k2v
        k3v = accelerations(t[k] + dt / 2, q + dt / 2 * k2q, k3q)
        k4q = qd + dt * k3v
        k4v = accelerations(t[k] + dt, q + dt * k3q, k4q)
        q = q + dt / 6 * (qd + 2 * k2q + 2 * k3q + k4q)
        qd = qd + dt / 6 * (qdd + 2 * k2v + 2 * k3v + k4v)
        if not (np.isfinite(q).all() and np.isfinite(qd).all()):
            raise ValidationError(f"the motion diverged at t = {t[k + 1]:.6g} s (joint speeds "
                                  f"overflowed): use a smaller dt")
        if limits == "stop":
            q, qd, locked = _stop_at_limits(robot, constants, q, qd, lower, upper, t[k + 1],
                                            hits, locked, motor)
    kinetic, potential = energy(robot, qs, qds, gravity, motor)
    if progress is not None:
        progress(1.0)
    return Simulation(t=t, q=qs, qd=qds, qdd=qdds, kinetic=kinetic, potential=potential,
                      energy=kinetic + potential, limits=limits, limit_hits=hits)


def _steps(duration, dt):
    """Runge-Kutta steps of a run: ``duration / dt`` rounded up, the last one shortened so that
    the run ends at ``duration`` (0.5 s at dt = 1 s is one step of 0.5 s, not none; 1.5 s is
    two steps, 1 s and 0.5 s). A quotient within rounding of a whole number is that number.

    >>> _steps(1.0, 0.1), _steps(0.5, 1.0), _steps(1.5, 1.0)
    (10, 1, 2)
    """
    quotient = duration / dt
    return max(1, math.ceil(quotient - 1e-9 * max(1.0, quotient)))


def _torque_source(robot, tau, shape):
    """``tau`` of :func:`simulate` as a function ``(t, q, qd) -> (..., n)``."""
    if tau is None:
        zero = np.zeros(shape)
        return lambda t, q, qd: zero
    if callable(tau):
        return lambda t, q, qd: _checked(robot, ((tau(t, q, qd), "tau(t, q, qd)"),))[0]
    constant = np.broadcast_to(_checked(robot, ((tau, "tau"),))[0], shape)
    return lambda t, q, qd: constant


def _still_pressed(inertia, rhs, locked, at_lower):
    """The locked joints that the arm still presses against their stop.

    The stop holds a locked joint with the torque ``M qdd - rhs`` (``qdd`` with the locked
    joints still); a stop can only push: up at a lower limit, down at an upper one. A joint
    whose stop would have to pull is released.
    """
    qdd = _solve_locked(inertia, rhs, locked)
    holding = np.einsum("...ij,...j->...i", inertia, qdd) - rhs
    return locked & np.where(at_lower, holding >= 0.0, holding <= 0.0)


def _stop_at_limits(robot, constants, q, qd, lower, upper, time, hits, locked, motor):
    """Joints that went past a limit in the last step: put back on it and locked there by a
    plastic impact (see :func:`simulate`); each one is appended to ``hits``.

    The speeds after the impact keep the momentum of the free joints, ``M_ff qd+_f = (M qd)_f``
    with the locked joints' ``qd+ = 0``: the kinetic energy falls by
    ``(qd - qd+)^T M (qd - qd+) / 2``. Returns ``q, qd`` and the new mask of locked joints.
    """
    below, above = q < lower, q > upper
    arriving = (below | above) & ~locked
    if not arriving.any():
        return q, qd, locked
    for side, mask in (("lower", below), ("upper", above)):
        for where in zip(*np.nonzero(mask & arriving)):
            hits.append(LimitHit(time=float(time), joint=int(where[-1]), side=side,
                                 index=tuple(int(i) for i in where[:-1])))
    q = np.clip(q, lower, upper)
    locked = locked | arriving
    inertia = mass_matrix(robot, q, motor=motor)
    momentum = np.einsum("...ij,...j->...i", inertia, _to_si(constants, qd))
    after = _from_si(constants, _solve_locked(inertia, momentum, locked))
    knocked = arriving.any(axis=-1, keepdims=True)
    return q, np.where(knocked, after, qd), locked


# ---------------------------------------------------------------------- torques along a motion
@dataclass
class TrajectoryTorques:
    """The torques a sampled joint trajectory needs: see :func:`trajectory_torques`.

    Attributes
    ----------
    t : ndarray (N,)
        Times, s.
    q, qd, qdd : ndarray (N, n)
        Joint values, speeds and accelerations (rad, rad/s, rad/s^2; length unit for prismatic).
    tau : ndarray (N, n)
        Torques (N m) and forces (N) the joints must exert.
    static : ndarray (N, n)
        The part of ``tau`` that holding each pose still needs (gravity): what is left when the
        motion is played infinitely slowly.
    """

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    qdd: np.ndarray
    tau: np.ndarray
    static: np.ndarray


def trajectory_torques(robot: Robot, t: ArrayLike, q: ArrayLike, gravity: ArrayLike | None = None,
                       motor: bool = False) -> TrajectoryTorques:
    """Torques along joint values ``q`` ``(N, n)`` sampled at times ``t`` ``(N,)``.

    Speeds and accelerations are the derivatives of the samples, by second-order finite
    differences on the (possibly uneven) time grid (``numpy.gradient``, twice), so ``N >= 3``;
    the two samples at each end get one-sided differences, less accurate where the motion
    does not start and end at rest.

    Parameters
    ----------
    robot : Robot
        With dynamics (see :func:`with_payload` for a load in the gripper).
    t : array_like (N,)
        Strictly increasing times, s.
    q : array_like (N, n)
    gravity, motor
        As :func:`inverse_dynamics` (friction is left out: see :func:`check_torque_limits`).

    Returns
    -------
    TrajectoryTorques
    """
    require_dynamics(robot)
    t = np.asarray(t, dtype=float)
    q = robot.check_q(np.atleast_2d(q), "trajectory")
    if t.shape != (q.shape[0],) or t.size < 3:
        raise ValidationError(f"a trajectory needs one time per row and at least 3 rows for "
                              f"accelerations, got {t.size} times for {q.shape[0]} rows")
    if not (np.all(np.isfinite(t)) and np.all(np.diff(t) > 0)):
        raise ValidationError("trajectory times must be finite and strictly increase")
    qd = np.gradient(q, t, axis=0, edge_order=2)
    qdd = np.gradient(qd, t, axis=0, edge_order=2)
    tau = inverse_dynamics(robot, q, qd, qdd, gravity=gravity, motor=motor)
    return TrajectoryTorques(t=t, q=q, qd=qd, qdd=qdd, tau=tau,
                             static=gravity_torques(robot, q, gravity=gravity))


@dataclass
class Exceedance:
    """The first time a joint needs more than its limit: joint (0-based), time (s), torque."""

    joint: int
    time: float
    torque: float
    limit: float


@dataclass
class TorqueCheck:
    """What :func:`check_torque_limits` found.

    Attributes
    ----------
    exceedances : list of Exceedance
        The first exceedance of each joint that exceeds its limit, in time order.
    time_scale : float
        How many times slower the trajectory must be played for every joint to stay within its
        limit: 1.0 when it already does, ``math.inf`` when holding a pose still already needs
        more than a limit (no speed helps).
    """

    exceedances: list[Exceedance]
    time_scale: float

    @property
    def ok(self) -> bool:
        return not self.exceedances


def check_torque_limits(torques: TrajectoryTorques, limits: ArrayLike) -> TorqueCheck:
    """Compare the torques of a trajectory with each joint's limit; find the slowing needed.

    Played ``k`` times slower (``t -> k t``), speeds fall as ``1/k`` and accelerations as
    ``1/k^2``, so every velocity and acceleration term of the torque falls as ``1/k^2``:
    ``tau(k) = static + (tau - static) / k^2`` exactly (rigid body and motor inertia; friction,
    which falls more slowly, is not part of it). With ``s = 1/k^2`` each sample bounds ``s``
    linearly: ``|static + d s| <= limit`` with ``d = tau - static``, and the largest ``s`` that
    all samples allow gives the smallest ``k``.

    Parameters
    ----------
    torques : TrajectoryTorques
    limits : array_like (n,)
        Each joint's largest torque (N m) or force (N), > 0; NaN or inf where unknown (such a
        joint is not checked: :attr:`TorqueCheck.ok` speaks for the others only).

    Raises
    ------
    ValidationError
        Limits that are not n positive numbers, or torques that are not finite (a NaN is never
        taken as within a limit).

    Returns
    -------
    TorqueCheck

    Examples
    --------
    A joint that needs 0.5 N m of gravity and 2 N m in all at one instant, against a 1 N m
    limit: ``0.5 + 1.5 / k^2 <= 1`` needs ``k = sqrt(3)``.

    >>> check = check_torque_limits(TrajectoryTorques(
    ...     t=np.array([0.0]), q=None, qd=None, qdd=None, tau=np.array([[2.0]]),
    ...     static=np.array([[0.5]])), [1.0])
    >>> check.exceedances[0].torque, round(check.time_scale, 6)
    (2.0, 1.732051)
    """
    tau, static = torques.tau, torques.static
    if not (np.isfinite(tau).all() and np.isfinite(static).all()):
        raise ValidationError("the torques to check are not all finite numbers (NaN or inf): "
                              "nothing can be said about their limits")
    try:
        limits = np.asarray(limits, dtype=float)
    except (TypeError, ValueError):
        limits = np.array([-1.0])
    if limits.shape != tau.shape[-1:] or np.any(limits <= 0):
        raise ValidationError(f"torque limits must be {tau.shape[-1]} positive numbers (NaN "
                              f"where unknown), got {brief(np.asarray(limits).tolist())}")
    known = np.isfinite(limits)
    bound = np.where(known, limits, np.inf)
    over = np.abs(tau) > bound
    exceedances = []
    for joint in np.flatnonzero(over.any(axis=0)):
        row = int(np.argmax(over[:, joint]))
        exceedances.append(Exceedance(joint=int(joint), time=float(torques.t[row]),
                                      torque=float(tau[row, joint]), limit=float(bound[joint])))
    exceedances.sort(key=lambda e: (e.time, e.joint))
    if not exceedances:
        return TorqueCheck(exceedances, 1.0)
    if np.any(np.abs(static[:, known]) > bound[known]):
        return TorqueCheck(exceedances, math.inf)
    dynamic = (tau - static)[:, known]
    held, limit = static[:, known], bound[known]
    with np.errstate(divide="ignore", invalid="ignore"):
        allowed = np.where(dynamic > 0, (limit - held) / dynamic,
                           np.where(dynamic < 0, (limit + held) / -dynamic, np.inf))
    largest_s = min(1.0, float(allowed.min()))
    return TorqueCheck(exceedances, 1.0 / math.sqrt(largest_s) if largest_s > 0 else math.inf)

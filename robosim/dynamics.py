"""Rigid-body dynamics of serial arms: joint torques, mass matrix, free fall.

The equations of motion of an arm with joint values ``q`` are

    tau = M(q) qdd + C(q, qd) qd + g(q)   [+ motor inertia and friction terms]

:func:`inverse_dynamics` computes ``tau`` by the recursive Newton-Euler algorithm
(:mod:`robosim.newton_euler`: the textbook's reference and the fast kernels), and
:func:`gravity_torques` (``qd = qdd = 0``) and :func:`coriolis` (the Christoffel-symbol matrix
``C``, found from the quadratic velocity terms) are built on it; :func:`mass_matrix` comes from
the composite-rigid-body algorithm (:mod:`robosim.composite_body`), :func:`forward_dynamics`
(``qdd = M^-1 (tau - C qd - g)``) from both with a Cholesky solve, and :func:`simulate`
integrates it with adaptive Dormand-Prince steps (:mod:`robosim.ode`). Along a sampled motion,
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
``theta`` and one about X by ``alpha`` (a modified-DH robot is regrouped into standard rows
once, see :func:`robosim.newton_euler.kernel_constants`); the base transform only turns
gravity into the base frame's axes. Every function takes a leading
batch axis: ``(..., n)`` in, ``(..., n)`` or ``(..., n, n)`` out. One configuration runs on
plain floats, a batch on numpy arrays, through the same code.

Robots carry their dynamics as ``robot.dynamics``, a :class:`Dynamics` (the robot file's
optional ``dynamics`` section, see :mod:`robosim.library`); a robot without it is refused with
a message saying so.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import chain
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike

from . import checks
from .composite_body import NotPositiveDefinite, cholesky_solve, mass_matrix_entries
from .errors import ValidationError, brief
from .newton_euler import (METRES_PER_UNIT, ZERO, KernelConstants, inertia_shifted,
                           joint_geometry, kernel_constants, newton_euler)
from .ode import dormand_prince_step
from .robot import Robot

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
#: :func:`simulate`'s error tolerance per step, relative to ``1 + |state|`` (rad, rad/s, length
#: unit): a 2 s fall of the Puma 560 keeps its energy to about 2e-8 of its size.
_TOLERANCE = 1e-8
#: The smallest step :func:`simulate` takes, as a fraction of ``dt``; a step that small is taken
#: whatever its error estimate (a model so stiff would have needed it of the fixed steps too).
_SMALLEST_STEP = 0.05
#: Halvings that find when in a step a joint reaches a limit: to 1e-12 of the step.
_BISECTIONS = 40
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

    Examples
    --------
    A uniform rod of 1 kg and 0.5 m along its frame's x axis, its frame at the rod's far end
    (where a DH frame ``i`` sits, ``a`` from the joint): its centre of mass is 0.25 m back
    along x, and its inertia about that centre ``m L^2 / 12 = 0.25 / 12 = 0.0208`` kg m^2
    about the y and z axes (a thin rod has none about its own axis).

    >>> rod = LinkDynamics(mass=1.0, com=(-0.25, 0.0, 0.0),
    ...                    inertia=(0.0, 0.25 / 12, 0.25 / 12, 0.0, 0.0, 0.0))
    >>> print(rod.inertia_matrix.round(4))
    [[0.     0.     0.    ]
     [0.     0.0208 0.    ]
     [0.     0.     0.0208]]
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
        """The inertia tensor about the centre of mass ``(3, 3)``, kg m^2, link-frame axes.

        Examples
        --------
        >>> LinkDynamics(mass=1.0, inertia=(1.0, 2.0, 3.0, 0.1, 0.0, 0.0)).inertia_matrix.tolist()
        [[1.0, 0.1, 0.0], [0.1, 2.0, 0.0], [0.0, 0.0, 3.0]]
        """
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

    Examples
    --------
    A one-link arm carrying 1 kg at its end; gravity unless given is Corke's 9.81 m/s^2 down
    the world Z axis.

    >>> arm = Dynamics([LinkDynamics(mass=1.0)])
    >>> len(arm.links), arm.gravity
    (1, (0.0, 0.0, -9.81))
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


def _finite(values: np.ndarray, quantity: str) -> np.ndarray:
    """``values``, or a ValidationError saying that ``quantity`` overflowed (issue 25: NaN
    torques left ``inverse_dynamics`` for ``qd = 1e200`` and were printed as 0).

    Up to 64 values (one configuration's torques, or its mass matrix up to 8 joints) are
    summed in Python: 0.8 us for a 6 x 6 matrix against 1.4 us for ``np.isfinite(...).all()``.
    """
    if not ((values.size <= 64 and math.isfinite(sum(values.ravel().tolist())))   # one, fast
            or np.isfinite(values).all()):        # a batch, or a sum that merely overflowed
        raise ValidationError(f"the {quantity} overflowed (they are not finite numbers): the "
                              f"joint values, speeds, accelerations or torques given are too "
                              f"large for the arithmetic")
    return values


def require_dynamics(robot: Robot) -> Dynamics:
    """``robot.dynamics``, or a ValidationError saying the robot has none and how to add it.

    Examples
    --------
    The SCARA of the robot library has no masses; the Puma 560 has Corke's.

    >>> from robosim import load_robot
    >>> len(require_dynamics(load_robot("Puma 560")).links)
    6
    >>> require_dynamics(load_robot("SCARA"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: robot 'SCARA' has no dynamics (masses, ...): add a ...
    """
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
    robot : Robot
        With ``robot.dynamics``; it is not changed.
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
    inertia = (inertia_shifted(link.inertia_matrix, link.mass, (np.array(link.com) - com) * metres)
               + inertia_shifted(np.zeros((3, 3)), mass, (point - com) * metres))
    combined = replace(link, mass=total, com=tuple(com.tolist()),
                       inertia=(inertia[0, 0], inertia[1, 1], inertia[2, 2], inertia[0, 1],
                                inertia[1, 2], inertia[0, 2]))
    return replace(robot, dynamics=replace(dynamics, links=dynamics.links[:-1] + (combined,)),
                   name=f"{robot.name} + {mass:g} kg")


# ------------------------------------------------------------------- the kernels' constants
_constants_cache: dict[int, tuple[Robot, Dynamics, KernelConstants]] = {}


def _constants(robot):
    """The kernels' constants of ``robot``, cached while the robot and its dynamics live (a
    robot in the cache has had its dynamics checked)."""
    key = id(robot)
    cached = _constants_cache.get(key)
    if cached is not None and cached[0] is robot and cached[1] is getattr(robot, "dynamics", None):
        return cached[2]
    dynamics = require_dynamics(robot)
    constants = kernel_constants(robot, dynamics)
    if len(_constants_cache) > 64:
        _constants_cache.clear()
    _constants_cache[key] = (robot, dynamics, constants)
    return constants


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


def _one_configuration(robot, values) -> list[list[float]] | None:
    """``values`` (each array_like) as lists of n floats, when each is one configuration
    ``(n,)`` of finite real numbers; None otherwise (:func:`_checked` then checks them one by
    one and names a wrong one).

    The values are summed in Python to check that all are finite (a NaN or an infinity makes
    the sum so, and so does a sum of huge values, which :func:`_checked` then tells apart):
    numpy's cost per call would be a good part of a single Newton-Euler run's time.
    """
    single = (robot.n,)
    lists = []
    for value in values:
        if type(value) is not np.ndarray:
            try:
                value = np.asarray(value)
            except (TypeError, ValueError, OverflowError):
                return None
        if value.shape != single:
            return None
        kind = value.dtype.kind
        if kind == "f":
            lists.append(value.tolist())
        elif kind == "i":
            lists.append(value.astype(float).tolist())
        else:
            return None
    total = 0.0
    for one in lists:
        total += sum(one)
    return lists if math.isfinite(total) else None


def _checked(robot, named) -> list[np.ndarray]:
    """The arrays of ``named`` (``(values, name)`` pairs) as floats ``(..., n)``, validated:
    each at once when all are one configuration (:func:`_one_configuration`), else each on its
    own, a wrong one named in the message."""
    one = _one_configuration(robot, [values for values, _ in named])
    if one is not None:
        return [np.array(values) for values in one]
    checked = [robot.check_q(values, name) for values, name in named]
    for array, (_, name) in zip(checked, named, strict=True):
        if array.size == 0:
            raise ValidationError(f"{name}: an empty batch {array.shape}: give at least one row")
    return checked


def _to_si(constants, values):
    """Joint values ``(..., n)`` with prismatic entries converted from length unit to metres."""
    return values * constants.si_scale if constants.prismatic else values


def _per_block(robot, constants, arrays, block):
    """Run ``block(geometry, *columns)`` over configurations, one or a batch, chunk by chunk.

    ``arrays`` (the first is ``q`` ``(..., n)``, the others ``(..., k)`` of any width ``k``)
    are broadcast over their leading axes; ``block`` gets the joint geometry
    (:func:`~robosim.newton_euler.joint_geometry`) and each other array as a list of its ``k``
    columns, floats or ``(B,)`` arrays, and returns a list of outputs, each a list of ``m``
    values (n per-joint values, or a matrix's n * n entries row by row). Returns the outputs as
    arrays ``(..., m)``.
    """
    if len(arrays) == sum([a.ndim == 1 for a in arrays]):
        results = block(joint_geometry(constants, arrays[0].tolist()),
                        *[a.tolist() for a in arrays[1:]])
        return [np.array(values) for values in results]
    leading = np.broadcast_shapes(*(a.shape[:-1] for a in arrays))
    flat = [np.broadcast_to(a, leading + a.shape[-1:]).reshape(-1, a.shape[-1]) for a in arrays]
    count = flat[0].shape[0]
    outputs = None
    for start in range(0, count, _CHUNK):
        rows = slice(start, start + _CHUNK)
        results = block(joint_geometry(constants, list(flat[0][rows].T)),
                        *(list(a[rows].T) for a in flat[1:]))
        if outputs is None:
            outputs = [np.empty((len(values), count)) for values in results]
        for out, values in zip(outputs, results, strict=True):
            for i, value in enumerate(values):
                out[i, rows] = value
    return [out.T.reshape(leading + out.shape[:1]) for out in outputs]


def _tip_wrench(constants, fext):
    """The wrench ``fext`` ``(..., 6)`` (tool frame, about the tool point) as the kernels take
    it: ``(f, n)`` ``(..., 6)`` in the last link's frame, about its origin (N, N m)."""
    force = fext[..., :3] @ constants.tool_rotation.T
    moment = fext[..., 3:] @ constants.tool_rotation.T + np.cross(constants.tool_point, force)
    return np.concatenate([force, moment], axis=-1)


def _checked_wrench(fext):
    """``fext`` as floats ``(..., 6)``, or a ValidationError saying what it must be."""
    try:
        wrench = np.asarray(fext, dtype=float)
    except (TypeError, ValueError):
        wrench = None
    if wrench is None or wrench.ndim == 0 or wrench.shape[-1] != 6 \
            or not np.all(np.isfinite(wrench)):
        raise ValidationError(f"fext must be 6 finite numbers [Fx, Fy, Fz, Mx, My, Mz] (N, "
                              f"N m) per configuration, got {fext!r}")
    return wrench


# ----------------------------------------------------------------------------- public functions
def inverse_dynamics(robot: Robot, q: ArrayLike, qd: ArrayLike, qdd: ArrayLike,
                     gravity: ArrayLike | None = None, motor: bool = False,
                     friction: bool = False, *, fext: ArrayLike | None = None) -> np.ndarray:
    """Joint torques (and forces) that give the arm accelerations ``qdd`` at ``q, qd``.

    Recursive Newton-Euler, batched: :func:`robosim.newton_euler.reference_inverse_dynamics`
    is the same algorithm written as the textbook writes it, with a worked example.

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
    fext : array_like, shape (6,) or (..., 6), optional
        A wrench ``[Fx, Fy, Fz, Mx, My, Mz]`` (N, N m) that the tool exerts on its
        surroundings (pushing on a surface, holding a tool against one), in the tool frame,
        about the tool point; broadcast with ``q``. It adds ``J_e(q)^T fext`` to the torques,
        ``J_e`` the Jacobian in the tool frame (rows ``[v; w]``, lengths in metres): the
        convention of Corke's ``rne(..., fext=...)``.

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
    one = _one_configuration(robot, (q, qd, qdd)) if fext is None else None
    if one is not None:
        # one configuration, the commonest call: straight to the kernel on lists of floats, no
        # array made until the torques (numpy's cost per call would be a good part of the
        # kernel's time)
        q, qd, qdd = one
        qd_si, qdd_si = (_to_si(constants, qd), _to_si(constants, qdd)) if constants.prismatic \
            else (qd, qdd)
        torques = newton_euler(constants, joint_geometry(constants, q), qd_si, qdd_si, g)
        if not (motor or friction) and math.isfinite(sum(torques)):
            return np.array(torques)
        tau = np.array(torques)
    else:
        q, qd, qdd = _checked(robot, ((q, "q"), (qd, "qd"), (qdd, "qdd")))
        qd_si, qdd_si = _to_si(constants, qd), _to_si(constants, qdd)
        tip = () if fext is None else (_tip_wrench(constants, _checked_wrench(fext)),)
        (tau,) = _per_block(robot, constants, (q, qd_si, qdd_si) + tip,
                            lambda geometry, v, acc, *wrench: [
                                newton_euler(constants, geometry, v, acc, g, *wrench)])
    if motor:
        tau = tau + constants.motor * np.asarray(qdd_si)
    if friction:
        tau = tau + friction_torques(robot, qd)
    return _finite(tau, "joint torques")


def friction_torques(robot: Robot, qd: ArrayLike) -> np.ndarray:
    """Torques the joints need against friction at speeds ``qd`` ``(..., n)``: N m or N.

    ``G^2 B qd + |G| Tc+`` for ``qd > 0``, ``G^2 B qd + |G| Tc-`` for ``qd < 0``, and 0 at
    rest (no stiction), as Corke's toolbox models it.

    Examples
    --------
    A joint with viscous friction 0.1 N m s/rad and Coulomb friction 0.5 N m either way, no
    gearbox (``G = 1``): at 2 rad/s it needs ``0.1 * 2 + 0.5 = 0.7`` N m, backwards ``-0.7``.

    >>> from robosim.robot import Joint, Robot
    >>> arm = Robot([Joint(a=1.0)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0, viscous=0.1, coulomb=(0.5, -0.5))]))
    >>> [friction_torques(arm, [speed]).round(3).tolist() for speed in (2.0, -2.0, 0.0)]
    [[0.7], [-0.7], [0.0]]
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
                        lambda geometry: [newton_euler(constants, geometry, None, None, g)])
    return _finite(tau, "gravity torques")


def mass_matrix(robot: Robot, q: ArrayLike, motor: bool = False) -> np.ndarray:
    """The joint-space inertia matrix ``M(q)`` ``(..., n, n)``, SI units (kg m^2, kg).

    Column ``j`` is the torque that a unit acceleration of joint ``j`` alone needs, without
    gravity or velocity. Symmetric and positive definite for a physical arm. With
    ``motor=True`` the rotor inertias ``G^2 Jm`` are added to the diagonal.

    Computed in one pass by the composite-rigid-body algorithm (:mod:`robosim.composite_body`:
    joint ``j`` alone accelerating moves links ``j .. n`` as one rigid body), not by n
    Newton-Euler runs.

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
    (entries,) = _per_block(robot, constants, (q,), lambda geometry: [
        list(chain.from_iterable(mass_matrix_entries(constants, geometry)))])
    result = entries.reshape(q.shape + (robot.n,))
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

    Examples
    --------
    Two unit links with 1 kg at each tip, the elbow at 90 degrees, joint 1 turning at 1 rad/s:
    with ``h = -m2 l1 l2 sin q2 = -1`` (Spong, Hutchinson and Vidyasagar, section 7.4),
    ``C = [[h qd2, h (qd1 + qd2)], [-h qd1, 0]]``, and ``C qd = (0, 1)``: the centrifugal
    force on the second mass, ``m2 l1 qd1^2 = 1`` N, on a 1 m lever about the elbow.

    >>> from robosim.robot import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0), LinkDynamics(mass=1.0)]))
    >>> (coriolis(arm, [0.0, np.pi / 2], [1.0, 0.0]).round(6) + 0.0).tolist()
    [[0.0, -1.0], [1.0, 0.0]]
    """
    constants = _constants(robot)
    q, qd = _checked(robot, ((q, "q"), (qd, "qd")))
    qd_si = _to_si(constants, qd)
    n = robot.n
    pairs = [(j, k) for j in range(n) for k in range(j, n)]
    speeds = [[1.0 if m in (j, k) else None for m in range(n)] for j, k in pairs]

    def quadratic(geometry):
        return [newton_euler(constants, geometry, speed, None, ZERO) for speed in speeds]

    h = dict(zip(pairs, _per_block(robot, constants, (q,), quadratic), strict=True))
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
    robot : Robot
        With ``robot.dynamics`` (a robot without is refused with a message).
    q, qd : array_like (..., n)
        Joint values and speeds (rad, rad/s; length unit and per second for prismatic).
    tau : array_like (..., n)
        Joint torques, N m (forces, N, for prismatic joints).
    gravity, motor, friction
        As :func:`inverse_dynamics`.

    Returns
    -------
    qdd : ndarray (..., n)
        rad/s^2 (length unit/s^2 for prismatic joints).

    Examples
    --------
    A 1 kg point mass on a massless 0.5 m link, horizontal, gravity along -Y: without torque
    it falls at ``qdd = -m g l / (m l^2) = -g / l = -19.62`` rad/s^2; with the holding torque
    ``m g l = 4.905`` N m of :func:`inverse_dynamics` it stays.

    >>> from robosim.robot import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> forward_dynamics(pendulum, [0.0], [0.0], [0.0]).round(3).tolist()
    [-19.62]
    >>> (forward_dynamics(pendulum, [0.0], [0.0], [4.905]).round(9) + 0.0).tolist()
    [0.0]
    """
    constants = _constants(robot)
    q, qd, tau = _checked(robot, ((q, "q"), (qd, "qd"), (tau, "tau")))
    return _finite(_accelerations(robot, constants, q, qd, tau, _gravity(robot, gravity),
                                  motor, friction), "joint accelerations")


def _accelerations(robot, constants, q, qd, tau, g, motor, friction, locked=None, stops=None):
    """``qdd`` ``(..., n)`` (API units) of checked arrays, the joints where ``locked`` is True
    held still: ``M qdd = tau - C qd - g [- friction]`` with ``M`` by the composite bodies and
    the rest by one Newton-Euler run (``qdd = 0``), solved by Cholesky on the entries. With a
    list ``stops``, ``stops[:]`` becomes ``[M qdd - rhs]`` ``(..., n)`` (SI): the torques the
    stops exert on the locked joints (see :func:`_still_pressed`).

    Why not the articulated-body algorithm, which needs no matrix: for the 5 to 7 joints of an
    arm, ``M`` costs about one Newton-Euler run and its Cholesky solve ``n^3 / 6``
    multiplications, less than ABA's per-link 6x6 work; and ``M`` is wanted anyway by the
    limit stops (the momentum of a plastic impact) and by the energy. A matrix that is not
    positive definite (a massless chain) is solved by ``numpy.linalg.solve`` instead.
    """
    if friction:
        tau = tau - friction_torques(robot, qd)
    motors = constants.motor.tolist() if motor else None
    free = None if locked is None or not locked.any() else (~locked).astype(float)
    joints = range(robot.n)

    def solved(geometry, speed, torque, *free_joints):
        M = mass_matrix_entries(constants, geometry)
        if motors is not None:
            for i, extra in enumerate(motors):
                M[i][i] = M[i][i] + extra
        bias = newton_euler(constants, geometry, speed, None, g)
        rhs = [t - b for t, b in zip(torque, bias, strict=True)]
        if free_joints:   # a locked joint's row and column become the identity's, its rhs 0
            (free,) = free_joints
            qdd = cholesky_solve(
                [[M[i][k] * (fi * fk) + (1.0 - fi if i == k else 0.0)
                  for k, fk in enumerate(free)] for i, fi in enumerate(free)],
                [value * fi for value, fi in zip(rhs, free, strict=True)])
        else:
            qdd = cholesky_solve(M, rhs)
        if stops is None:
            return [qdd]
        return [qdd, [sum([M[i][k] * qdd[k] for k in joints]) - rhs[i] for i in joints]]

    arrays = (q, _to_si(constants, qd), tau) + (() if free is None else (free,))
    try:
        qdd, *held = _per_block(robot, constants, arrays, solved)
    except NotPositiveDefinite:
        inertia, rhs = _equations_of_motion(robot, constants, q, qd, tau, g, motor, False)
        qdd = _solve_locked(inertia, rhs, locked)
        held = [np.einsum("...ij,...j->...i", inertia, qdd) - rhs]
    if stops is not None:
        stops[:] = held
    return _from_si(constants, qdd)


def _equations_of_motion(robot, constants, q, qd, tau, g, motor, friction):
    """``M(q)`` ``(..., n, n)`` and ``tau - C(q, qd) qd - g(q) [- friction]`` ``(..., n)``, SI
    units, of checked arrays (``g`` from :func:`_gravity`): ``M qdd = rhs`` gives the
    accelerations (rad/s^2, m/s^2)."""

    def terms(geometry, speed):
        M = mass_matrix_entries(constants, geometry)
        return [newton_euler(constants, geometry, speed, None, g),
                list(chain.from_iterable(M))]

    bias, entries = _per_block(robot, constants, (q, _to_si(constants, qd)), terms)
    inertia = entries.reshape(bias.shape + (robot.n,))
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
           motor: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Kinetic and potential energy (J) of the arm at ``q, qd`` ``(..., n)``.

    Kinetic ``qd^T M(q) qd / 2`` (rotors included with ``motor=True``); potential
    ``-sum_i m_i g . c_i`` with ``c_i`` the world position (m) of link ``i``'s centre of mass, so
    zero with every centre of mass at the world origin.

    Returns
    -------
    kinetic, potential : ndarray (...)

    Examples
    --------
    The 1 kg mass on a 0.5 m link pointing straight up (gravity along -Y), turning at 2
    rad/s: kinetic ``m (l qd)^2 / 2 = 1 * 1^2 / 2 = 0.5`` J, potential ``m g h = 1 * 9.81 *
    0.5 = 4.905`` J.

    >>> from robosim.robot import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> kinetic, potential = energy(pendulum, [np.pi / 2], [2.0])
    >>> round(float(kinetic), 6), round(float(potential), 6)
    (0.5, 4.905)
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
    """A joint reaching a limit during :func:`simulate`: when, which, which side.

    Examples
    --------
    A 1 kg point mass on a massless 0.5 m link, let go horizontal (gravity along -Y, the link
    turning about Z) with its lower limit at -0.1 rad: it starts falling at ``g / l = 19.62``
    rad/s^2, and as ``cos q`` hardly changes over 0.1 rad it reaches the stop after about
    ``sqrt(2 * 0.1 / 19.62) = 0.101`` s.

    >>> from robosim.robot import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5, limits=(-0.1, 1.0))], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> hit = simulate(pendulum, [0.0], duration=0.2, dt=0.01).limit_hits[0]
    >>> hit.joint, hit.side, round(hit.time, 3)
    (0, 'lower', 0.101)
    """

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

    Examples
    --------
    The pendulum of :class:`LimitHit`, 0.2 s sampled every 0.01 s: 21 samples; it starts
    at ``qdd = -g / l = -19.62`` rad/s^2; until the stop its energy stays 0 (kinetic as large
    as the potential is negative: at 0.05 s both are 0.12 J); the stop is plastic, so it
    ends at rest at -0.1 rad with only its potential energy ``m g l sin(-0.1) = -0.49`` J.

    >>> from robosim.robot import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5, limits=(-0.1, 1.0))], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> run = simulate(pendulum, [0.0], duration=0.2, dt=0.01)
    >>> run.t.shape, run.q.shape, run.qdd[0].round(3).tolist()
    ((21,), (21, 1), [-19.62])
    >>> print(f"{run.kinetic[5]:.2f} {run.potential[5]:.2f}; end {run.q[-1, 0]:.2f} rad, "
    ...       f"{run.kinetic[-1]:.2f} + {run.potential[-1]:.2f} J")
    0.12 -0.12; end -0.10 rad, 0.00 + -0.49 J
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


#: What drives a simulation: None (free fall), torques ``(n,)`` or ``(..., n)``, or a function
#: ``tau(t, q, qd)`` returning them.
Torques = ArrayLike | Callable[[float, np.ndarray, np.ndarray], ArrayLike] | None


def simulate(robot: Robot, q0: ArrayLike, qd0: ArrayLike | None = None, duration: float = 1.0,
             dt: float = 1e-3, tau: Torques = None,
             gravity: ArrayLike | None = None, motor: bool = False, friction: bool = False,
             limits: str = "stop",
             progress: Callable[[float], object] | None = None) -> Simulation:
    """Integrate the arm's motion: free fall when ``tau`` is None.

    Dormand and Prince's Runge-Kutta pair (5th order, :mod:`robosim.ode`) on the state
    ``(q, qd)``, with accelerations from the equations of motion of :func:`forward_dynamics`.
    The steps are sized by the pair's error estimate (each step's error within
    ``_TOLERANCE = 1e-8`` of ``1 + |state|``, root mean square over the state), from
    ``dt / 20`` up; the motion is reported at every multiple of ``dt`` from each step's dense
    output, and ``qdd`` recomputed there. The energy of a free fall is kept to about 1e-8 of
    its size (the Puma 560 falling for 2 s), far better than the 1e-6 the fixed 1 ms steps of
    the classical 4th-order method gave, in a fraction of the evaluations.

    Parameters
    ----------
    robot : Robot
        With ``robot.dynamics`` (a robot without is refused with a message).
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
        ``"stop"`` (default): the joint limits are stops. A step in which a joint goes past a
        limit is cut at the moment it arrives (found on the step's dense output to 1e-12 of the
        step), where the joint is put on the limit and *locked* by a plastic impact: its speed
        becomes zero and the other joints' speeds change as the arm's momentum requires (the
        kinetic energy can only fall, as in a real knock). While a joint is locked, it is held
        still and the others move as an arm with that joint fixed; it is released at the start
        of a step where the stop would have to pull it back rather than push (a step longer
        than ``dt`` at whose end the stop would pull is taken again ``dt`` long, so a release
        comes within ``dt`` of its time). Each arrival is recorded
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

    Examples
    --------
    The 0.5 m pendulum let go horizontal: for a short time ``qdd`` stays near ``-g / l``, so
    after 0.1 s it has fallen about ``19.62 * 0.1^2 / 2 = 0.0981`` rad (0.09807 to five places:
    ``cos q`` falls a little below 1), and the energy is what it was.

    >>> from robosim.robot import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> run = simulate(pendulum, [0.0], duration=0.1, dt=0.05)
    >>> run.t.round(3).tolist(), run.q[:, 0].round(4).tolist()
    ([0.0, 0.05, 0.1], [0.0, -0.0245, -0.0981])
    >>> kinetic, potential = energy(pendulum, run.q[-1], run.qd[-1])
    >>> round(float(kinetic + potential), 6)
    0.0
    """
    return Integration(robot, q0, qd0, duration, dt, tau, gravity, motor, friction, limits,
                       progress).finish()


class Integration:
    """A run of :func:`simulate` computed as far as asked, so that a fall can be shown while
    the rest of it is computed.

    Parameters are :func:`simulate`'s, checked here. :meth:`advance` integrates until the
    samples reach a time; the first :attr:`ready` samples of :attr:`t`, :attr:`q`, :attr:`qd`
    are then final, and :attr:`limit_hits` lists the stops up to there. :meth:`finish`
    integrates the rest and returns the :class:`Simulation` (``simulate(...)`` is
    ``Integration(...).finish()``).

    Examples
    --------
    >>> from robosim import load_robot
    >>> run = Integration(load_robot("Puma 560"), [0, 0.5, -1, 0, 0.5, 0], duration=2.0)
    >>> run.advance(0.1) >= 101          # the samples of the first 0.1 s, at least
    True
    >>> run.finish().q.shape
    (2001, 6)
    """

    def __init__(self, robot: Robot, q0: ArrayLike, qd0: ArrayLike | None = None,
                 duration: float = 1.0, dt: float = 1e-3,
                 tau: Torques = None, gravity: ArrayLike | None = None, motor: bool = False,
                 friction: bool = False, limits: str = "stop",
                 progress: Callable[[float], object] | None = None):
        if limits not in LIMIT_BEHAVIOURS:
            raise ValidationError(f"limits must be one of {LIMIT_BEHAVIOURS}, got "
                                  f"{brief(limits)}")
        self._progress = checks.callable_or_none(progress, "progress")
        duration = _amount(duration, "duration", "s", MAX_DURATION_S)
        dt = _amount(dt, "dt", "s", MAX_DURATION_S)
        if duration == 0.0 or dt == 0.0:
            raise ValidationError(f"duration and dt must be more than 0 s, got duration "
                                  f"{duration:g} s and dt {dt:g} s")
        if dt > duration:
            raise ValidationError(f"dt = {dt:g} s is longer than the duration {duration:g} s: "
                                  f"give a step no longer than the run")
        steps = _steps(duration, dt)
        if steps > MAX_STEPS:
            raise ValidationError(f"{duration:g} s at dt = {dt:g} s is {steps:,} steps, more "
                                  f"than {MAX_STEPS:,}: use a larger dt or a shorter run")
        self._constants = _constants(robot)
        (q,) = _checked(robot, ((q0, "q0"),))
        if limits == "stop" and not np.all(robot.within_limits(q)):
            rows = q.reshape(-1, robot.n)
            robot.check_within_limits(rows[np.argmin(robot.within_limits(rows))], "q0")
        qd = np.zeros_like(q) if qd0 is None else np.broadcast_to(
            _checked(robot, ((qd0, "qd0"),))[0], q.shape).astype(float)
        self.robot, self.duration, self.dt, self.limits = robot, duration, dt, limits
        self._tau, self._torque = tau, _torque_source(robot, tau, q.shape)
        self._gravity_asked, self._g = gravity, _gravity(robot, gravity)
        self._motor, self._friction = motor, friction
        self._lower, self._upper = robot.limits.T
        self._locked = np.zeros(q.shape, dtype=bool)
        self._pressing = [None, None]   # the last state evaluated with a joint locked, and
        #                                 the torques of its stops
        n = robot.n
        #: Times of the samples, s ``(steps + 1,)``: every ``dt``, the last at ``duration``.
        self.t = np.minimum(np.arange(steps + 1) * dt, duration)
        self.t[-1] = duration
        self._states = np.empty((steps + 1,) + q.shape[:-1] + (2 * n,))
        self._held = np.zeros((steps + 1,) + q.shape, dtype=bool)  # locked joints per sample
        #: Joint values and speeds of the samples ``(steps + 1, ..., n)``; the first
        #: :attr:`ready` are computed.
        self.q, self.qd = self._states[..., :n], self._states[..., n:]
        #: Every arrival at a limit so far (see :func:`simulate`).
        self.limit_hits: list[LimitHit] = []
        self._state = self._states[0] = np.concatenate([q, qd], axis=-1)
        self._time, self._h, self._ready = 0.0, dt, 1
        self._report_every, self._next_report = max(1, steps // 100), 0
        self._slope = self._rates(0.0, self._state)

    @property
    def ready(self) -> int:
        """How many samples are computed: ``t[:ready]``, ``q[:ready]``, ``qd[:ready]``."""
        return self._ready

    def _rates(self, t, state):
        """``(qd, qdd)`` of a state ``(q, qd)`` ``(..., 2n)``, the locked joints held still."""
        n = self.robot.n
        q, qd = state[..., :n], state[..., n:]
        stops = [] if self._locked.any() else None
        qdd = _accelerations(self.robot, self._constants, q, qd, self._torque(t, q, qd),
                             self._g, self._motor, self._friction, self._locked, stops)
        if stops:
            self._pressing[:] = state, stops[0]
        return np.concatenate([qd, qdd], axis=-1)

    def advance(self, until: float) -> int:
        """Integrate until the samples reach ``until`` (s) or the run's end; returns
        :attr:`ready`.

        Examples
        --------
        The pendulum of :class:`LimitHit`, sampled every 0.01 s: asked for 0.05 s, the run
        has at least its first 6 samples (0, 0.01 ... 0.05 s), maybe more (a step of the
        integrator may reach further); they start at rest at the horizontal.

        >>> from robosim.robot import Joint, Robot
        >>> pendulum = Robot([Joint(a=0.5, limits=(-0.1, 1.0))], unit="m", dynamics=Dynamics(
        ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
        >>> run = Integration(pendulum, [0.0], duration=0.2, dt=0.01)
        >>> ready = run.advance(0.05)
        >>> ready >= 6, float(run.t[ready - 1]) >= 0.05, run.q[0].tolist(), run.qd[0].tolist()
        (True, True, [0.0], [0.0])
        """
        n, dt, duration, grid = self.robot.n, self.dt, self.duration, self.t
        steps, lower, upper = len(grid) - 1, self._lower, self._upper
        t, h, state, slope, locked = self._time, self._h, self._state, self._slope, self._locked
        pressing = self._pressing
        while self._ready <= steps and grid[self._ready - 1] < until:
            if locked.any():
                if pressing[0] is not state:    # a rejected step was evaluated last
                    self._rates(t, state)
                still = _still_pressed(pressing[1], locked, state[..., :n] <= lower)
                if (still != locked).any():
                    locked = self._locked = still
                    slope = self._rates(t, state)
            h = min(h, duration - t)
            step = dormand_prince_step(self._rates, t, state, slope, h)
            error = float(np.sqrt(np.mean(np.square(step.error / (_TOLERANCE * (
                1.0 + np.maximum(np.abs(state), np.abs(step.y_end))))))))
            if not error <= 1.0:                # too large, or not a number
                if h > dt * _SMALLEST_STEP:
                    h = max(dt * _SMALLEST_STEP, h * (max(0.2, 0.9 * error ** -0.2)
                                                      if math.isfinite(error) else 0.2))
                    continue
                if not math.isfinite(error):
                    raise ValidationError(f"the motion diverged at t = {grid[self._ready]:.6g}"
                                          f" s (joint speeds overflowed): use a smaller dt")
            if locked.any() and h > dt and pressing[0] is step.y_end \
                    and (_still_pressed(pressing[1], locked, step.y_end[..., :n] <= lower)
                         != locked).any():
                h = dt          # a stop lets go within the step: find when, to within dt
                continue
            fraction, arriving = 1.0, None
            if self.limits == "stop":
                fraction, arriving = _first_arrival(step, locked, lower, upper, n)
            end = t + fraction * h
            self._report(step, t, h, end, locked)
            if arriving is None:
                t, state, slope = t + h, step.y_end, step.slope_end
            else:
                t, state = end, step.at(fraction)
                q, qd, locked = _stop_at_limits(self.robot, self._constants, state[..., :n],
                                                state[..., n:], lower, upper, t,
                                                self.limit_hits, locked, self._motor)
                self._locked = locked
                state = np.concatenate([q, qd], axis=-1)
                slope = self._rates(t, state)
            h = h * min(5.0, 0.9 * max(error, 1e-10) ** -0.2)
        self._time, self._h, self._state, self._slope = t, h, state, slope
        return self._ready

    def _report(self, step, t, h, end, locked):
        """Fill the samples from ``step`` (from ``t``, ``h`` long) up to time ``end``."""
        grid, ready, steps = self.t, self._ready, len(self.t) - 1
        last = int(np.searchsorted(grid, end + 1e-9 * self.dt, side="right")) - 1
        if last < ready:
            return
        self._states[ready:last + 1] = step.at(np.minimum(1.0, (grid[ready:last + 1] - t) / h))
        self._held[ready:last + 1] = locked
        self._ready = last + 1
        while self._progress is not None and self._next_report < min(self._ready, steps):
            self._progress(self._next_report / steps)   # every hundredth of the samples
            self._next_report += self._report_every

    def finish(self) -> Simulation:
        """Integrate to the end; the run as a :class:`Simulation` (accelerations and energies
        of every sample).

        Examples
        --------
        The pendulum of :class:`LimitHit` falls onto its lower limit, -0.1 rad, after about
        0.1 s and stays there: the last of the 21 samples.

        >>> from robosim.robot import Joint, Robot
        >>> pendulum = Robot([Joint(a=0.5, limits=(-0.1, 1.0))], unit="m", dynamics=Dynamics(
        ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
        >>> run = Integration(pendulum, [0.0], duration=0.2, dt=0.01)
        >>> fall = run.finish()
        >>> float(fall.t[-1]), fall.q[-1].tolist(), len(fall.limit_hits)
        (0.2, [-0.1], 1)
        """
        self.advance(math.inf)
        qs, qds, grid = self.q, self.qd, self.t
        torques = (np.array([self._torque(time, q, qd) for time, q, qd in zip(grid, qs, qds,
                                                                              strict=True)])
                   if callable(self._tau) else self._torque(0.0, qs, qds))
        qdds = _accelerations(self.robot, self._constants, qs, qds, torques, self._g,
                              self._motor, self._friction, self._held)
        kinetic, potential = energy(self.robot, qs, qds, self._gravity_asked, self._motor)
        if self._progress is not None:
            self._progress(1.0)
        return Simulation(t=grid, q=qs, qd=qds, qdd=qdds, kinetic=kinetic,
                          potential=potential, energy=kinetic + potential, limits=self.limits,
                          limit_hits=self.limit_hits)


def _first_arrival(step, locked, lower, upper, n):
    """Where in ``step`` a free joint first goes past a limit: ``(fraction of the step, True)``
    found by bisection on the step's dense output, or ``(1.0, None)`` when none does."""
    def past(state):
        q = state[..., :n]
        return (((q < lower) | (q > upper)) & ~locked).any()

    if not past(step.y_end):
        return 1.0, None
    inside, outside = 0.0, 1.0
    for _ in range(_BISECTIONS):
        middle = 0.5 * (inside + outside)
        inside, outside = (inside, middle) if past(step.at(middle)) else (middle, outside)
    return outside, True


def _steps(duration, dt):
    """Samples of a run after the start: ``duration / dt`` rounded up, the last interval
    shortened so that the run ends at ``duration`` (0.5 s at dt = 1 s is one sample at 0.5 s,
    not none; 1.5 s is two, at 1 s and 1.5 s). A quotient within rounding of a whole number is
    that number.

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


def _still_pressed(holding, locked, at_lower):
    """The locked joints that the arm still presses against their stop.

    The stop holds a locked joint with the torque ``holding = M qdd - rhs`` (``qdd`` with the
    locked joints still: :func:`_accelerations`); a stop can only push: up at a lower limit,
    down at an upper one. A joint whose stop would have to pull is released.
    """
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
        for where in zip(*np.nonzero(mask & arriving), strict=True):
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
        The part of ``tau`` that holding each pose still needs (gravity, and a tool wrench):
        what is left when the motion is played infinitely slowly.

    Examples
    --------
    A 1 kg point mass on a massless 0.5 m link turning about the vertical (gravity along the
    axis: no holding torque) with ``q = t^2``, so ``qdd = 2`` rad/s^2: it needs ``m l^2 qdd
    = 0.25 * 2 = 0.5`` N m all along, none of it static.

    >>> from robosim.robot import Joint, Robot
    >>> arm = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics([LinkDynamics(mass=1.0)]))
    >>> t = np.linspace(0.0, 1.0, 11)
    >>> torques = trajectory_torques(arm, t, (t ** 2)[:, None])
    >>> torques.tau[:, 0].round(6).tolist() == [0.5] * 11, float(np.abs(torques.static).max())
    (True, 0.0)
    """

    t: np.ndarray
    q: np.ndarray
    qd: np.ndarray
    qdd: np.ndarray
    tau: np.ndarray
    static: np.ndarray


def trajectory_torques(robot: Robot, t: ArrayLike, q: ArrayLike, gravity: ArrayLike | None = None,
                       motor: bool = False, *,
                       fext: ArrayLike | None = None) -> TrajectoryTorques:
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
        Joint values at the times ``t`` (API units: rad, length unit).
    gravity, motor
        As :func:`inverse_dynamics` (friction is left out: see :func:`check_torque_limits`).
    fext : array_like (6,) or (N, 6), optional
        A wrench the tool exerts on its surroundings (as :func:`inverse_dynamics`); it needs
        the same torques however slowly the motion is played, so it counts in ``static`` too.

    Returns
    -------
    TrajectoryTorques

    Examples
    --------
    The 0.5 m pendulum held horizontal for 2 s needs ``m g l = 4.905`` N m all along:

    >>> from robosim.robot import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> held = trajectory_torques(pendulum, [0.0, 1.0, 2.0], [[0.0], [0.0], [0.0]])
    >>> held.tau[:, 0].round(3).tolist()
    [4.905, 4.905, 4.905]
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
    tau = inverse_dynamics(robot, q, qd, qdd, gravity=gravity, motor=motor, fext=fext)
    static = (gravity_torques(robot, q, gravity=gravity) if fext is None else
              inverse_dynamics(robot, q, 0 * q, 0 * q, gravity=gravity, fext=fext))
    return TrajectoryTorques(t=t, q=q, qd=qd, qdd=qdd, tau=tau, static=static)


@dataclass
class Exceedance:
    """The first time a joint needs more than its limit: joint (0-based), time (s), torque.

    Examples
    --------
    The arm of :class:`TrajectoryTorques` needs 0.5 N m from the start; with a limit of
    0.125 N m, joint 0 exceeds it at 0 s.

    >>> from robosim.robot import Joint, Robot
    >>> arm = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics([LinkDynamics(mass=1.0)]))
    >>> t = np.linspace(0.0, 1.0, 11)
    >>> torques = trajectory_torques(arm, t, (t ** 2)[:, None])
    >>> first = check_torque_limits(torques, [0.125]).exceedances[0]
    >>> first.joint, first.time, round(first.torque, 6), first.limit
    (0, 0.0, 0.5, 0.125)
    """

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

    Examples
    --------
    The arm of :class:`TrajectoryTorques` needs 0.5 N m, all of it to accelerate: played
    ``k`` times slower it needs ``0.5 / k^2``, so a limit of 0.125 N m asks for ``k = 2``.

    >>> from robosim.robot import Joint, Robot
    >>> arm = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics([LinkDynamics(mass=1.0)]))
    >>> t = np.linspace(0.0, 1.0, 11)
    >>> torques = trajectory_torques(arm, t, (t ** 2)[:, None])
    >>> check = check_torque_limits(torques, [0.125])
    >>> check.ok, round(check.time_scale, 6)
    (False, 2.0)
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
        From :func:`trajectory_torques`.
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

"""The dynamic model of an arm: each link's mass properties and drive, gravity, a payload.

:class:`LinkDynamics` (one link: mass, centre of mass, inertia, motor inertia, gear ratio,
friction) and :class:`Dynamics` (every link and the gravity) are the robot file's optional
``dynamics`` section as ``robot.dynamics``; :func:`require_dynamics` refuses a robot without
it, naming it, and :func:`with_payload` adds a load at the tool. Every number is checked
against the bounds below (issue 25), like every other field of a robot file.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..checks import field_number, field_numbers, instances
from ..errors import ValidationError
from ..kinematics import MAX_JOINTS, Robot
from .newton_euler import METRES_PER_UNIT, shifted_body


#: The gravity of robot files that do not give one: 9.81 m/s^2 down the world Z axis, the value
#: Corke's toolbox uses, so that torques compare one to one.
DEFAULT_GRAVITY = (0.0, 0.0, -9.81)
#: Relative size below which an inertia eigenvalue counts as zero (rounding of the 6 numbers).
_INERTIA_TOLERANCE = 1e-9
#: Bounds of the dynamic parameters, like every other field of a robot file (issue 25:
#: ``"mass": 1e308`` loaded, the Newton-Euler sums overflowed to NaN and NaN passed the torque
#: check). Far beyond any arm -- a 1,000 t link, a 1 km centre of mass in mm -- yet with every
#: product of Newton-Euler far from the float range. Masses kg; inertias kg m^2; centres of
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
        for name, bound, minimum in (("mass", MAX_MASS_KG, 0.0),
                                     ("motor_inertia", MAX_INERTIA_KG_M2, 0.0),
                                     ("gear_ratio", MAX_GEAR_RATIO, None),
                                     ("viscous", MAX_FRICTION, 0.0)):
            object.__setattr__(self, name, field_number(getattr(self, name), name, bound, minimum))
        object.__setattr__(self, "com", field_numbers(self.com, "com", 3, MAX_COM))
        object.__setattr__(self, "inertia",
                           field_numbers(self.inertia, "inertia", 6, MAX_INERTIA_KG_M2))
        if abs(self.gear_ratio) < 1.0 / MAX_GEAR_RATIO:
            raise ValidationError(f"field 'gear_ratio' must not be 0 (at least "
                                  f"{1.0 / MAX_GEAR_RATIO:g} either way), got "
                                  f"{self.gear_ratio:.3g}")
        plus, minus = field_numbers(self.coulomb, "coulomb", 2, MAX_FRICTION)
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
        object.__setattr__(self, "links", instances(self.links, LinkDynamics, "links", MAX_JOINTS))
        object.__setattr__(self, "gravity", field_numbers(self.gravity, "gravity", 3, MAX_GRAVITY))


def require_dynamics(robot: Robot) -> Dynamics:
    """``robot.dynamics``, or a ValidationError saying the robot has none and how to add it
    (one link a joint: :class:`~robosim.kinematics.Robot` refuses any other count).

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

    >>> from robosim.kinematics import Joint, Robot
    >>> arm = Robot([Joint(a=1.0)], unit="m", tool_xyz=(0.5, 0, 0),
    ...             dynamics=Dynamics([LinkDynamics()]))
    >>> last = with_payload(arm, 2.0).dynamics.links[-1]
    >>> last.mass, last.com
    (2.0, (0.5, 0.0, 0.0))
    """
    dynamics = require_dynamics(robot)
    mass = checks.non_negative(mass, "payload", MAX_MASS_KG, "kg")
    if mass == 0.0:
        return robot
    link = dynamics.links[-1]
    point = np.array(robot.tool_xyz if position is None
                     else field_numbers(position, "position", 3, MAX_COM))
    total = link.mass + mass
    com = (link.mass * np.array(link.com) + mass * point) / total
    metres = METRES_PER_UNIT[robot.unit]
    # each body about the common centre of mass (parallel axes), then added
    about_own_centre = (link.mass, 0.0, 0.0, 0.0, *link.inertia)
    link_body = shifted_body(tuple((np.array(link.com) - com) * metres), about_own_centre)
    payload = shifted_body(tuple((point - com) * metres), (mass,) + (0.0,) * 9)
    inertia = tuple(a + b for a, b in zip(link_body[4:], payload[4:], strict=True))
    combined = replace(link, mass=total, com=tuple(com.tolist()), inertia=inertia)
    return replace(robot, dynamics=replace(dynamics, links=dynamics.links[:-1] + (combined,)),
                   name=f"{robot.name} + {mass:g} kg")

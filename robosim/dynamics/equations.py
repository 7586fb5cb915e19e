"""The equations of motion ``tau = M(q) qdd + C(q, qd) qd + g(q)`` and the terms around them.

:func:`inverse_dynamics` (recursive Newton-Euler, :mod:`robosim.dynamics.newton_euler`),
:func:`gravity_torques`, :func:`coriolis`, :func:`friction_torques`, :func:`mass_matrix` (the
composite-rigid-body algorithm, :mod:`robosim.dynamics.composite_body`), :func:`forward_dynamics`
(``M qdd = tau - C qd - g``, each configuration's system solved inside the formula by the math
namespace's ``solve``, :func:`numpy.linalg.solve`) and :func:`energy`. Joint
values come through the one edge (:func:`robosim.checks.joint_arrays`): Python floats for one
configuration, rows for a batch, which :func:`robosim.kinematics.elementary.evaluate` hands to
the algorithms as floats or as ``(B,)`` columns.
"""

from __future__ import annotations

import functools
from itertools import chain as chained
from operator import mul, sub

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..errors import ValidationError
from ..kinematics import Robot
from ..kinematics.elementary import evaluate
from .composite_body import mass_matrix_entries
from .model import MAX_GRAVITY, require_dynamics
from .newton_euler import DynamicChain, dynamic_chain, newton_euler

#: Numbers per configuration and joint that the dynamics keep at their peak (inputs, outputs
#: and a block's working columns); a function's matrices add theirs. What bounds a batch.
_FLOATS = 8


def _finite(values: np.ndarray, quantity: str) -> np.ndarray:
    """``values``, or a ValidationError saying that ``quantity`` overflowed (issue 25: NaN
    torques left ``inverse_dynamics`` for ``qd = 1e200`` and were printed as 0)."""
    if not np.isfinite(values).all():
        raise ValidationError(f"the {quantity} overflowed (they are not finite numbers): the "
                              f"joint values, speeds, accelerations or torques given are too "
                              f"large for the arithmetic")
    return values


@functools.lru_cache(maxsize=64)
def _chain(robot: Robot) -> DynamicChain:
    """``robot``'s :class:`~robosim.dynamics.newton_euler.DynamicChain`, kept for the 64
    robots used last (a robot is frozen and hashed by identity: its chain never changes)."""
    require_dynamics(robot)
    return dynamic_chain(robot)


def _gravity(chain: DynamicChain, gravity: ArrayLike | None) -> tuple:
    """``gravity`` (world frame, m/s^2; None: the robot's) in the base frame's axes, checked."""
    if gravity is None:
        return chain.gravity
    world = checks.vector(gravity, "gravity", bound=MAX_GRAVITY)
    return tuple((chain.base_rotation.T @ world).tolist())


def _checked(robot, named, floats) -> list[np.ndarray]:
    """The arrays of ``named`` (``(values, name)`` pairs) through the edge
    (:func:`robosim.checks.joint_arrays`, no empty batch, ``floats`` numbers kept per
    configuration): ``(n,)`` arrays for one configuration, else each ``(*batch, n)``."""
    values, batch = checks.joint_arrays(robot, *named, floats=floats, empty=False)
    if batch is None:
        return [np.array(one) for one in values]
    return [rows.reshape(batch + rows.shape[-1:]) for rows in values]


def _to_si(chain, values):
    """Joint values ``(..., n)`` with prismatic entries converted from length unit to metres."""
    return values if chain.si_scale is None else values * chain.si_scale


def _from_si(chain, values):
    """Joint speeds or accelerations ``(..., n)`` from SI to API units (prismatic: per unit)."""
    return values if chain.si_scale is None else values / chain.si_scale


def _evaluate(formula, shape, *arrays):
    """``formula(ops, *columns)`` (entries in the order of ``shape``) on checked arrays
    ``(n,)`` (one configuration) or ``(..., k)`` broadcast together (a batch), through
    :func:`~robosim.kinematics.elementary.evaluate`: ``shape`` or ``(..., *shape)``."""
    if all(array.ndim == 1 for array in arrays):
        return evaluate(formula, None, shape, *(array.tolist() for array in arrays))
    batch = np.broadcast_shapes(*(array.shape[:-1] for array in arrays))
    rows = [np.broadcast_to(a, batch + a.shape[-1:]).reshape(-1, a.shape[-1]) for a in arrays]
    return evaluate(formula, batch, shape, *rows)


def _tip_wrench(chain, fext):
    """The wrench ``fext`` ``(..., 6)`` (tool frame, about the tool point) as Newton-Euler
    takes it: ``(f, n)`` ``(..., 6)`` in the last link's frame, about its origin (N, N m)."""
    turn, point = chain.tool[:3, :3], chain.tool[:3, 3]
    force = fext[..., :3] @ turn.T
    return np.concatenate([force, fext[..., 3:] @ turn.T + np.cross(point, force)], axis=-1)


# ----------------------------------------------------------------------------- public functions
def inverse_dynamics(robot: Robot, q: ArrayLike, qd: ArrayLike, qdd: ArrayLike,
                     gravity: ArrayLike | None = None, motor: bool = False,
                     friction: bool = False, *, fext: ArrayLike | None = None) -> np.ndarray:
    """Joint torques (and forces) that give the arm accelerations ``qdd`` at ``q, qd``.

    Recursive Newton-Euler (:func:`robosim.dynamics.newton_euler.newton_euler`, Craig's
    equations (6.45)-(6.53), with a worked example).

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

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> inverse_dynamics(pendulum, [0.0], [0.0], [0.0])
    array([4.905])

    See Also
    --------
    gravity_torques, mass_matrix, coriolis, forward_dynamics
    """
    chain = _chain(robot)
    g = _gravity(chain, gravity)
    q, qd, qdd = _checked(robot, ((q, "q"), (qd, "qd"), (qdd, "qdd")), _FLOATS * robot.n)
    qdd_si = _to_si(chain, qdd)
    arrays = [q, _to_si(chain, qd), qdd_si]
    if fext is not None:
        wrench = checks.wrench(fext)
        checks.common_batch([q, wrench], ["q", "fext"])
        arrays.append(_tip_wrench(chain, wrench))

    def torques(ops, q, qd, qdd, tip=None):
        wrench = None if tip is None else ((tip[0], tip[1], tip[2]), (tip[3], tip[4], tip[5]))
        return newton_euler(chain, chain.frames(ops, q), qd, qdd, g, wrench)

    tau = _evaluate(torques, (robot.n,), *arrays)
    if motor:
        tau = tau + chain.motor * qdd_si
    if friction:
        tau = tau + _friction(chain, qd)
    return _finite(tau, "joint torques")


def friction_torques(robot: Robot, qd: ArrayLike) -> np.ndarray:
    """Torques the joints need against friction at speeds ``qd`` ``(..., n)``: N m or N.

    ``G^2 B qd + |G| Tc+`` for ``qd > 0``, ``G^2 B qd + |G| Tc-`` for ``qd < 0``, and 0 at
    rest (no stiction), as Corke's toolbox models it.

    Examples
    --------
    A joint with viscous friction 0.1 N m s/rad and Coulomb friction 0.5 N m either way, no
    gearbox (``G = 1``): at 2 rad/s it needs ``0.1 * 2 + 0.5 = 0.7`` N m, backwards ``-0.7``.

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> arm = Robot([Joint(a=1.0)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0, viscous=0.1, coulomb=(0.5, -0.5))]))
    >>> [friction_torques(arm, [speed]).round(3).tolist() for speed in (2.0, -2.0, 0.0)]
    [[0.7], [-0.7], [0.0]]
    """
    (qd,) = _checked(robot, ((qd, "qd"),), _FLOATS * robot.n)
    return _friction(_chain(robot), qd)


def _friction(chain, qd):
    """:func:`friction_torques` of checked speeds ``qd`` ``(..., n)``."""
    qd_si = _to_si(chain, qd)
    plus, minus = chain.coulomb
    return _finite(chain.viscous * qd_si + np.where(qd_si > 0, plus, 0.0)
                   + np.where(qd_si < 0, minus, 0.0), "friction torques")


def gravity_torques(robot: Robot, q: ArrayLike, gravity: ArrayLike | None = None) -> np.ndarray:
    """Torques (N m) and forces (N) that hold the arm still at ``q`` ``(..., n)`` against gravity.

    Examples
    --------
    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> np.round(gravity_torques(pendulum, [np.pi / 3]), 6)   # m g l cos(60 deg)
    array([2.4525])
    """
    chain = _chain(robot)
    g = _gravity(chain, gravity)
    (q,), batch = checks.joint_arrays(robot, (q, "q"), floats=_FLOATS * robot.n, empty=False)
    still = [0.0] * robot.n
    return _finite(evaluate(lambda ops, q: newton_euler(chain, chain.frames(ops, q), still,
                                                        still, g), batch, (robot.n,), q),
                   "gravity torques")


def mass_matrix(robot: Robot, q: ArrayLike, motor: bool = False) -> np.ndarray:
    """The joint-space inertia matrix ``M(q)`` ``(..., n, n)``, SI units (kg m^2, kg).

    Column ``j`` is the torque that a unit acceleration of joint ``j`` alone needs, without
    gravity or velocity. Symmetric and positive definite for a physical arm. With
    ``motor=True`` the rotor inertias ``G^2 Jm`` are added to the diagonal.

    Computed in one pass by the composite-rigid-body algorithm
    (:mod:`robosim.dynamics.composite_body`: joint ``j`` alone accelerating moves links
    ``j .. n`` as one rigid body), not by n Newton-Euler runs.

    Examples
    --------
    A 1 kg point mass at the end of a 0.5 m link: ``M = m l^2 = 0.25``.

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics([LinkDynamics(mass=1.0)]))
    >>> mass_matrix(pendulum, [0.3])
    array([[0.25]])
    """
    chain, n = _chain(robot), robot.n
    (q,), batch = checks.joint_arrays(robot, (q, "q"), floats=_FLOATS * n + n ** 2, empty=False)
    return _finite(evaluate(lambda ops, q: list(chained.from_iterable(mass_matrix_entries(
        chain, chain.frames(ops, q), motor))), batch, (n, n), q), "mass matrix entries")


def coriolis(robot: Robot, q: ArrayLike, qd: ArrayLike) -> np.ndarray:
    """The Coriolis and centripetal matrix ``C(q, qd)`` ``(..., n, n)``: ``C qd`` are the torques.

    ``C`` is the one built from Christoffel symbols, ``C_ij = sum_k c_ijk qd_k`` with
    ``c_ijk = (dM_ij/dq_k + dM_ik/dq_j - dM_jk/dq_i) / 2``, so that ``dM/dt - 2 C`` is skew
    symmetric. The velocity torques are a quadratic form ``h_i(qd) = sum_jk c_ijk qd_j qd_k``
    (one Newton-Euler run without gravity or acceleration), symmetric in ``j, k``; ``C``'s
    column ``j`` is the bilinear form's ``sum_k c_.jk qd_k``, which polarisation gives from two
    runs: ``C e_j = (h(qd + e_j) - h(qd - e_j)) / 4``, 2n runs in all.

    Examples
    --------
    Two unit links with 1 kg at each tip, the elbow at 90 degrees, joint 1 turning at 1 rad/s:
    with ``h = -m2 l1 l2 sin q2 = -1`` (Spong, Hutchinson and Vidyasagar, section 7.4),
    ``C = [[h qd2, h (qd1 + qd2)], [-h qd1, 0]]``, and ``C qd = (0, 1)``: the centrifugal
    force on the second mass, ``m2 l1 qd1^2 = 1`` N, on a 1 m lever about the elbow.

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0), LinkDynamics(mass=1.0)]))
    >>> (coriolis(arm, [0.0, np.pi / 2], [1.0, 0.0]).round(6) + 0.0).tolist()
    [[0.0, -1.0], [1.0, 0.0]]
    """
    chain, n = _chain(robot), robot.n
    q, qd = _checked(robot, ((q, "q"), (qd, "qd")), _FLOATS * n + n ** 2)
    still, weightless = [0.0] * n, (0.0, 0.0, 0.0)

    def polarised(ops, q, qd):
        frames = chain.frames(ops, q)
        columns = []
        for j in range(n):              # C e_j = (h(qd + e_j) - h(qd - e_j)) / 4
            plus, minus = ([speed + (step if m == j else 0.0) for m, speed in enumerate(qd)]
                           for step in (1.0, -1.0))
            columns.append(list(map(sub, newton_euler(chain, frames, plus, still, weightless),
                                    newton_euler(chain, frames, minus, still, weightless))))
        return [column[i] / 4.0 for i in range(n) for column in columns]     # row by row

    return _finite(_evaluate(polarised, (n, n), q, _to_si(chain, qd)), "Coriolis terms")


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

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> forward_dynamics(pendulum, [0.0], [0.0], [0.0]).round(3).tolist()
    [-19.62]
    >>> (forward_dynamics(pendulum, [0.0], [0.0], [4.905]).round(9) + 0.0).tolist()
    [0.0]
    """
    chain = _chain(robot)
    q, qd, tau = _checked(robot, ((q, "q"), (qd, "qd"), (tau, "tau")), _FLOATS * robot.n)
    return _finite(_accelerations(chain, q, qd, tau, _gravity(chain, gravity), motor,
                                  friction)[0], "joint accelerations")


def _accelerations(chain, q, qd, tau, g, motor, friction, locked=None):
    """``qdd`` ``(..., n)`` (API units) of checked arrays, the joints where ``locked``
    ``(..., n)`` is True held still, and the torques ``M qdd - rhs`` ``(..., n)`` (SI) with
    which their stops hold them (None without ``locked``; see
    :meth:`robosim.dynamics.Integration._still_held`).

    ``M qdd = tau - C qd - g [- friction]``, ``M`` by the composite bodies
    (:func:`~robosim.dynamics.composite_body.mass_matrix_entries`, the rotors with ``motor``)
    and ``C qd + g`` by one Newton-Euler run (``qdd = 0``), is solved configuration by
    configuration inside the formula (:func:`_solve_held`): a batch in blocks whose matrices
    stay in the processor's cache, never gathered into one array.

    Why not the articulated-body algorithm, which needs no matrix: ``M`` is wanted anyway by
    the limit stops (the momentum of a plastic impact) and by the energy, and for the 5 to 7
    joints of an arm the composite bodies and one small solve cost about one Newton-Euler run.
    """
    effort = tau - _friction(chain, qd) if friction else tau
    arrays = [q, _to_si(chain, qd), effort] + ([] if locked is None else [locked])

    def solved(ops, q, qd, effort, locked=()):
        frames = chain.frames(ops, q)
        bias = newton_euler(chain, frames, qd, [0.0] * len(qd), g)         # C qd + g
        return _solve_held(ops, mass_matrix_entries(chain, frames, motor),
                           list(map(sub, effort, bias)), locked, stops=bool(locked))

    both = _evaluate(solved, (1 if locked is None else 2, len(chain.links)), *arrays)
    return _from_si(chain, both[..., 0, :]), None if locked is None else both[..., 1, :]


def _speeds_after_impact(chain, q, qd, locked, motor):
    """Joint speeds ``(..., n)`` (API units) just after a plastic impact that stops the joints
    where ``locked`` ``(..., n)`` is True, at ``q, qd`` (checked arrays): the free joints keep
    their momentum, ``M_ff qd+_f = (M qd)_f``, the locked ones stop, ``qd+ = 0``
    (:func:`_solve_held`; ``M`` with the rotors when ``motor``)."""
    def momentum_kept(ops, q, qd, locked):
        inertia = mass_matrix_entries(chain, chain.frames(ops, q), motor)
        return _solve_held(ops, inertia, _product(inertia, qd), locked)

    return _from_si(chain, _evaluate(momentum_kept, qd.shape[-1:], q, _to_si(chain, qd), locked))


def _product(matrix, vector):
    """``matrix vector``: n rows of n entries times n entries, floats or ``(B,)`` arrays."""
    return [sum(map(mul, row, vector)) for row in matrix]


def _solve_held(ops, inertia, rhs, locked=(), stops=False):
    """``x`` (n entries) with ``inertia x = rhs`` in the rows of the free joints and ``x = 0``
    for the joints where ``locked`` (n bools, or ``(B,)`` bool arrays; empty: none) is True;
    with ``stops``, ``x`` followed by ``inertia x - rhs`` (n entries): the torques that hold the
    locked joints (zero on the free ones).

    The locked joints' rows and columns are replaced by the identity's (and their ``rhs`` by 0),
    which leaves the free joints' block ``M_ff x_f = rhs_f``: the motion of an arm whose
    locked joints are held still (the torque that holds them does no work).

    Examples
    --------
    ``M = [[2, 1], [1, 3]]``, ``rhs = (3, 5)``: free, ``x = (0.8, 1.4)``; with the first joint
    locked, ``3 x_1 = 5`` and the stop holds it with ``2 * 0 + 1 * 5/3 - 3 = -4/3``.

    >>> from robosim.kinematics.elementary import FloatMath
    >>> M, rhs = [[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0]
    >>> [round(value, 9) for value in _solve_held(FloatMath, M, rhs)]
    [0.8, 1.4]
    >>> [round(value, 9) + 0.0 for value in _solve_held(FloatMath, M, rhs, [True, False], True)]
    [0.0, 1.666666667, -1.333333333, 0.0]
    """
    held, held_rhs = inertia, rhs
    if locked:
        held = [[ops.where(locked[i] | locked[j], float(i == j), entry)
                 for j, entry in enumerate(row)] for i, row in enumerate(inertia)]
        held_rhs = [ops.where(lock, 0.0, entry) for lock, entry in zip(locked, rhs, strict=True)]
    try:
        x = ops.solve(held, held_rhs)
    except np.linalg.LinAlgError:
        raise ValidationError(
            "the mass matrix is singular: some joint moves no mass or inertia (every link "
            "beyond it is massless), so its acceleration is not defined; give those links a "
            "mass or an inertia, or a motor inertia with motor=True") from None
    return x + list(map(sub, _product(inertia, x), rhs)) if stops else x


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

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> kinetic, potential = energy(pendulum, [np.pi / 2], [2.0])
    >>> round(float(kinetic), 6), round(float(potential), 6)
    (0.5, 4.905)
    """
    chain = _chain(robot)
    g = _gravity(chain, gravity)
    q, qd = _checked(robot, ((q, "q"), (qd, "qd")), _FLOATS * robot.n + 20 * (robot.n + 1))
    return _energies(robot, chain, q, qd, g, motor)


def _energies(robot, chain, q, qd, g, motor):
    """:func:`energy` of checked arrays, gravity ``g`` in the base frame (:func:`_gravity`)."""
    def twice_kinetic(ops, q, qd):
        inertia = mass_matrix_entries(chain, chain.frames(ops, q), motor)
        return [sum(map(mul, qd, _product(inertia, qd)))]

    kinetic = 0.5 * _evaluate(twice_kinetic, (), q, _to_si(chain, qd))[()]
    frames = robot.fk_all(q)
    coms = np.array([link.com for link in robot.dynamics.links])            # (n, 3), length unit
    centres = (np.einsum("...nij,nj->...ni", frames[..., 1:, :3, :3], coms)
               + frames[..., 1:, :3, 3]) * chain.metres
    masses = np.array([link.mass for link in chain.links])
    world = chain.base_rotation @ g
    potential = -np.einsum("n,...ni,i->...", masses, centres, world)
    return _finite(kinetic, "kinetic energies"), _finite(potential, "potential energies")

"""The equations of motion ``tau = M(q) qdd + C(q, qd) qd + g(q)`` and the terms around them.

:func:`inverse_dynamics` (recursive Newton-Euler, :mod:`robosim.dynamics.newton_euler`),
:func:`gravity_torques`, :func:`coriolis`, :func:`friction_torques`, :func:`mass_matrix` (the
composite-rigid-body algorithm, :mod:`robosim.dynamics.composite_body`), :func:`forward_dynamics`
(a Cholesky solve) and :func:`energy`; the helpers that check joint values, convert to SI units
and compute a batch block by block.
"""

from __future__ import annotations

import math
from itertools import chain
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..errors import ValidationError
from ..kinematics import Robot
from .composite_body import NotPositiveDefinite, cholesky_solve, mass_matrix_entries
from .model import Dynamics, MAX_GRAVITY, _numbers, require_dynamics
from .newton_euler import ZERO, KernelConstants, joint_geometry, kernel_constants, newton_euler


#: Rows of a batch computed at once: big enough to amortise numpy's cost per call (the kernel
#: makes about 2,000 calls per block), small enough that a block's arrays stay in cache.
_CHUNK = 8192
#: Numbers per configuration and joint that the dynamics keep at their peak (inputs, outputs
#: and a block's working columns); a function's matrices add theirs. What bounds a batch.
_FLOATS = 8


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
    gravity = _numbers(checks.vector(gravity, "gravity").tolist(), "gravity", 3, MAX_GRAVITY)
    return ZERO if gravity == (0.0, 0.0, 0.0) else gravity


def _checked(robot, named, floats) -> list[np.ndarray]:
    """The arrays of ``named`` (``(values, name)`` pairs) through the edge
    (:func:`robosim.checks.joint_arrays`, no empty batch, ``floats`` numbers kept per
    configuration): ``(n,)`` arrays for one configuration, else each ``(*batch, n)``,
    broadcast together (read-only views)."""
    values, batch = checks.joint_arrays(robot, *named, floats=floats, empty=False)
    if batch is None:
        return [np.array(one) for one in values]
    return [rows.reshape(batch + rows.shape[-1:]) for rows in values]


def _to_si(constants, values):
    """Joint values ``(..., n)`` with prismatic entries converted from length unit to metres."""
    return values * constants.si_scale if constants.prismatic else values


def _per_block(robot, constants, arrays, block):
    """Run ``block(geometry, *columns)`` over configurations, one or a batch, chunk by chunk.

    ``arrays`` (the first is ``q`` ``(..., n)``, the others ``(..., k)`` of any width ``k``)
    are broadcast over their leading axes; ``block`` gets the joint geometry
    (:func:`~robosim.dynamics.newton_euler.joint_geometry`) and each other array as a list of its
    ``k`` columns, floats or ``(B,)`` arrays, and returns a list of outputs, each a list of ``m``
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


def _checked_wrench(fext, q):
    """``fext`` as floats ``(..., 6)`` (:func:`robosim.checks.wrench`), its batch paired with
    that of the checked joint values ``q`` ``(..., n)``."""
    wrench = checks.wrench(fext)
    checks.common_batch([q, wrench], ["q", "fext"])
    return wrench


# ----------------------------------------------------------------------------- public functions
def inverse_dynamics(robot: Robot, q: ArrayLike, qd: ArrayLike, qdd: ArrayLike,
                     gravity: ArrayLike | None = None, motor: bool = False,
                     friction: bool = False, *, fext: ArrayLike | None = None) -> np.ndarray:
    """Joint torques (and forces) that give the arm accelerations ``qdd`` at ``q, qd``.

    Recursive Newton-Euler, batched: :func:`robosim.dynamics.reference_inverse_dynamics`
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

    >>> from robosim.dynamics import LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
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
    named = ((q, "q"), (qd, "qd"), (qdd, "qdd"))
    values, batch = checks.joint_arrays(robot, *named, floats=_FLOATS * robot.n, empty=False)
    speeds: Any
    if batch is None and fext is None:
        # one configuration, the commonest call: straight to the kernel on lists of floats, no
        # array made until the torques (numpy's cost per call would be a good part of the
        # kernel's time)
        angles, speeds, accelerations = values
        qd_si, qdd_si = ((_to_si(constants, speeds), _to_si(constants, accelerations))
                         if constants.prismatic else (speeds, accelerations))
        torques = newton_euler(constants, joint_geometry(constants, angles), qd_si, qdd_si, g)
        if not (motor or friction) and math.isfinite(sum(torques)):
            return np.array(torques)
        tau = np.array(torques)
    else:
        angles, speeds, accelerations = [np.array(one) for one in values] if batch is None \
            else [rows.reshape(batch + rows.shape[-1:]) for rows in values]
        qd_si, qdd_si = _to_si(constants, speeds), _to_si(constants, accelerations)
        tip = () if fext is None else (_tip_wrench(constants, _checked_wrench(fext, angles)),)
        (tau,) = _per_block(robot, constants, (angles, qd_si, qdd_si) + tip,
                            lambda geometry, v, acc, *wrench: [
                                newton_euler(constants, geometry, v, acc, g, *wrench)])
    if motor:
        tau = tau + constants.motor * np.asarray(qdd_si)
    if friction:
        tau = tau + _friction(constants, np.asarray(speeds))
    return _finite(tau, "joint torques")


def friction_torques(robot: Robot, qd: ArrayLike) -> np.ndarray:
    """Torques the joints need against friction at speeds ``qd`` ``(..., n)``: N m or N.

    ``G^2 B qd + |G| Tc+`` for ``qd > 0``, ``G^2 B qd + |G| Tc-`` for ``qd < 0``, and 0 at
    rest (no stiction), as Corke's toolbox models it.

    Examples
    --------
    A joint with viscous friction 0.1 N m s/rad and Coulomb friction 0.5 N m either way, no
    gearbox (``G = 1``): at 2 rad/s it needs ``0.1 * 2 + 0.5 = 0.7`` N m, backwards ``-0.7``.

    >>> from robosim.dynamics import LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> arm = Robot([Joint(a=1.0)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0, viscous=0.1, coulomb=(0.5, -0.5))]))
    >>> [friction_torques(arm, [speed]).round(3).tolist() for speed in (2.0, -2.0, 0.0)]
    [[0.7], [-0.7], [0.0]]
    """
    constants = _constants(robot)
    (qd,) = _checked(robot, ((qd, "qd"),), _FLOATS * robot.n)
    return _friction(constants, qd)


def _friction(constants, qd):
    """:func:`friction_torques` of checked speeds ``qd`` ``(..., n)``."""
    qd_si = _to_si(constants, qd)
    plus, minus = constants.coulomb
    return _finite(constants.viscous * qd_si + np.where(qd_si > 0, plus, 0.0)
                   + np.where(qd_si < 0, minus, 0.0), "friction torques")


def gravity_torques(robot: Robot, q: ArrayLike, gravity: ArrayLike | None = None) -> np.ndarray:
    """Torques (N m) and forces (N) that hold the arm still at ``q`` ``(..., n)`` against gravity.

    Examples
    --------
    >>> from robosim.dynamics import LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> np.round(gravity_torques(pendulum, [np.pi / 3]), 6)   # m g l cos(60 deg)
    array([2.4525])
    """
    constants = _constants(robot)
    g = _gravity(robot, gravity)
    (q,) = _checked(robot, ((q, "q"),), _FLOATS * robot.n)
    (tau,) = _per_block(robot, constants, (q,),
                        lambda geometry: [newton_euler(constants, geometry, None, None, g)])
    return _finite(tau, "gravity torques")


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

    >>> from robosim.dynamics import LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics([LinkDynamics(mass=1.0)]))
    >>> mass_matrix(pendulum, [0.3])
    array([[0.25]])
    """
    constants = _constants(robot)
    (q,) = _checked(robot, ((q, "q"),), _FLOATS * robot.n + robot.n ** 2)
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

    >>> from robosim.dynamics import LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0), LinkDynamics(mass=1.0)]))
    >>> (coriolis(arm, [0.0, np.pi / 2], [1.0, 0.0]).round(6) + 0.0).tolist()
    [[0.0, -1.0], [1.0, 0.0]]
    """
    constants = _constants(robot)
    n = robot.n
    q, qd = _checked(robot, ((q, "q"), (qd, "qd")), _FLOATS * n + 2 * n ** 3)
    qd_si = _to_si(constants, qd)
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

    >>> from robosim.dynamics import LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> forward_dynamics(pendulum, [0.0], [0.0], [0.0]).round(3).tolist()
    [-19.62]
    >>> (forward_dynamics(pendulum, [0.0], [0.0], [4.905]).round(9) + 0.0).tolist()
    [0.0]
    """
    constants = _constants(robot)
    q, qd, tau = _checked(robot, ((q, "q"), (qd, "qd"), (tau, "tau")),
                          _FLOATS * robot.n + 2 * robot.n ** 2)
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
        tau = tau - _friction(constants, qd)
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
        rhs = rhs - _friction(constants, qd)
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

    >>> from robosim.dynamics import LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> kinetic, potential = energy(pendulum, [np.pi / 2], [2.0])
    >>> round(float(kinetic), 6), round(float(potential), 6)
    (0.5, 4.905)
    """
    dynamics = require_dynamics(robot)
    constants = _constants(robot)
    g = np.asarray(dynamics.gravity if gravity is None else _gravity(robot, gravity))
    q, qd = _checked(robot, ((q, "q"), (qd, "qd")), _FLOATS * robot.n + 20 * (robot.n + 1))
    qd_si = _to_si(constants, qd)
    inertia = mass_matrix(robot, q, motor=motor)
    kinetic = 0.5 * np.einsum("...i,...ij,...j->...", qd_si, inertia, qd_si)
    frames = robot.fk_all(q)
    coms = np.array([link.com for link in dynamics.links])            # (n, 3), length unit
    centres = (np.einsum("...nij,nj->...ni", frames[..., 1:, :3, :3], coms)
               + frames[..., 1:, :3, 3]) * constants.metres
    potential = -np.einsum("n,...ni,i->...", np.array(constants.mass), centres, g)
    return _finite(kinetic, "kinetic energies"), _finite(potential, "potential energies")

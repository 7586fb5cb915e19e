"""Torques along a motion and their limits.

:func:`trajectory_torques` gives what each joint needs along a sampled joint trajectory
(:class:`TrajectoryTorques`); :func:`check_torque_limits` compares it with limits (a servo's
rating) and finds how much slower the motion must be played (:class:`TorqueCheck`, one
:class:`Exceedance` per joint over its limit).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..errors import ValidationError, brief
from ..kinematics import Robot
from .equations import inverse_dynamics
from .model import require_dynamics


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

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
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

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> held = trajectory_torques(pendulum, [0.0, 1.0, 2.0], [[0.0], [0.0], [0.0]])
    >>> held.tau[:, 0].round(3).tolist()
    [4.905, 4.905, 4.905]
    """
    require_dynamics(robot)
    t = checks.real_array(t, "t", finite=False)
    q = robot.check_q(np.atleast_2d(q), "trajectory")
    if t.shape != (q.shape[0],) or t.size < 3:
        raise ValidationError(f"a trajectory needs one time per row and at least 3 rows for "
                              f"accelerations, got {t.size} times for {q.shape[0]} rows")
    if not (np.all(np.isfinite(t)) and np.all(np.diff(t) > 0)):
        raise ValidationError("trajectory times must be finite and strictly increase")
    qd = np.gradient(q, t, axis=0, edge_order=2)
    qdd = np.gradient(qd, t, axis=0, edge_order=2)
    tau = inverse_dynamics(robot, q, qd, qdd, gravity=gravity, motor=motor, fext=fext)
    static = inverse_dynamics(robot, q, 0 * q, 0 * q, gravity=gravity, fext=fext)
    return TrajectoryTorques(t=t, q=q, qd=qd, qdd=qdd, tau=tau, static=static)


@dataclass
class Exceedance:
    """The first time a joint needs more than its limit: joint (0-based), time (s), torque.

    Examples
    --------
    The arm of :class:`TrajectoryTorques` needs 0.5 N m from the start; with a limit of
    0.125 N m, joint 0 exceeds it at 0 s.

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
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

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
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
        Limits that are not n positive numbers or all unknown, or torques that are not
        finite (a NaN is never taken as within a limit).

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
    limits = checks.real_array(limits, "torque limits", finite=False)
    if limits.shape != tau.shape[-1:] or np.any(limits <= 0):
        raise ValidationError(f"torque limits must be {tau.shape[-1]} positive numbers (NaN "
                              f"where unknown), got {brief(limits.tolist())}")
    if not np.isfinite(limits).any():
        raise ValidationError(f"torque limits: none of the {limits.size} is known (NaN or "
                              f"inf), so nothing can be checked")
    bound = np.where(np.isfinite(limits), limits, np.inf)        # an unknown limit: none
    over = np.abs(tau) > bound
    exceedances = []
    for joint in np.flatnonzero(over.any(axis=0)):
        row = int(np.argmax(over[:, joint]))
        exceedances.append(Exceedance(joint=int(joint), time=float(torques.t[row]),
                                      torque=float(tau[row, joint]), limit=float(bound[joint])))
    exceedances.sort(key=lambda e: (e.time, e.joint))
    if not exceedances:
        return TorqueCheck(exceedances, 1.0)
    if np.any(np.abs(static) > bound):
        return TorqueCheck(exceedances, math.inf)
    # |static + d s| <= limit with |static| <= limit: s <= (limit - sign(d) static) / |d|
    # (no bound where d = 0: limit / 0 = inf)
    dynamic = tau - static
    with np.errstate(divide="ignore"):
        allowed = (bound - np.sign(dynamic) * static) / np.abs(dynamic)
    largest_s = min(1.0, float(allowed.min()))
    return TorqueCheck(exceedances, 1.0 / math.sqrt(largest_s) if largest_s > 0 else math.inf)

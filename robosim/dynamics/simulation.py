"""Free motion in time: :func:`simulate` integrates the forward dynamics.

Adaptive Dormand-Prince steps (:mod:`robosim.dynamics.ode`), joints that stop at their limits
(:class:`LimitHit`) or pass them, an arm that stops where it first touches its scene or itself
(:class:`Contact`) or goes through, and the result, :class:`Simulation` (joint values, speeds,
accelerations and energies at each sample time).

Both are *events* of a step, found one way (:meth:`Integration._first_event`): the step's dense
output is sampled, the samples are checked together (joint values against the limits; the
links against the scene and each other by :class:`robosim.collision.Checker`, batched), and the
interval before the first sample where something happened is halved :data:`_BISECTIONS` times
to the moment it first happens. The step is cut there and the run goes on from that moment.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..collision import Checker, Scene, hit_words
from ..errors import ValidationError
from ..kinematics import Robot
from .equations import (_accelerations, _chain, _checked, _energies, _gravity,
                        _speeds_after_impact)
from .ode import dormand_prince_step


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
#: Halvings that find when in a step a joint reaches a limit or the arm first touches
#: something: to 1e-12 of the interval between two samples of the step (:data:`CONTACT_TIME`).
_BISECTIONS = 40
#: What :func:`simulate` does at a joint limit.
LIMIT_BEHAVIOURS = ("stop", "ignore")
#: What :func:`simulate` does when the arm touches its scene or itself.
COLLISION_BEHAVIOURS = ("stop", "ignore")
#: Most samples of one step's dense output checked for a contact. A step is sampled so that
#: no point of the arm moves more than a link's capsule radius from one sample to the next (a
#: thin obstacle cannot be passed between two samples); a step would have to carry the arm
#: 256 radii (2.5 m for the Lynx6) to need more.
MOST_CONTACT_SAMPLES = 256


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

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
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
class Contact:
    """The arm first touching its scene or itself during :func:`simulate`: when, which pairs
    of solids (named as :class:`robosim.collision.Checker` names them), which configuration.

    ``str(contact)`` says it in the checker's words, for a status line.

    Examples
    --------
    The pendulum of :class:`LimitHit` without its limits, and a block under it whose top is
    at y = -0.06 m. The link is a capsule of radius ``0.02 x 0.5 = 0.01`` m
    (:data:`robosim.collision.LINK_RADIUS` times its length), so its tip touches the block
    when ``0.5 sin q = -0.06 + 0.01``, at ``q = -asin(0.1) = -0.1002`` rad: as for the limit,
    after about ``sqrt(2 * 0.1002 / 19.62) = 0.101`` s. The arm rests there.

    >>> from robosim.collision import Obstacle, Scene
    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> block = Obstacle("block", "box", xyz=(0.5, -0.56, 0.0), size=(0.2, 1.0, 0.2))
    >>> run = simulate(pendulum, [0.0], duration=0.2, dt=0.01, scene=Scene((block,), "m"))
    >>> print(run.contacts[0])
    link 1 hits block at t = 0.101 s
    >>> round(float(run.q[-1, 0]), 4), float(run.qd[-1, 0])
    (-0.1002, 0.0)
    """

    time: float
    pairs: tuple[tuple[str, str], ...]   # the pairs of solids that touch
    index: tuple[int, ...] = ()          # the batch index of the configuration (empty for one)

    def __str__(self) -> str:
        return f"{hit_words(self.pairs)} at t = {self.time:.3g} s"


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
    collisions : str
        What happened at a contact with the scene or between links: ``"stop"`` or
        ``"ignore"`` (see :func:`simulate`).
    contacts : list of Contact
        Where each configuration first touched something (with ``"stop"``), in time order;
        from then on it rests there.

    Examples
    --------
    The pendulum of :class:`LimitHit`, 0.2 s sampled every 0.01 s: 21 samples; it starts
    at ``qdd = -g / l = -19.62`` rad/s^2; until the stop its energy stays 0 (kinetic as large
    as the potential is negative: at 0.05 s both are 0.12 J); the stop is plastic, so it
    ends at rest at -0.1 rad with only its potential energy ``m g l sin(-0.1) = -0.49`` J.

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
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
    collisions: str = "ignore"
    contacts: list[Contact] = field(default_factory=list)


#: What drives a simulation: None (free fall), torques ``(n,)`` or ``(..., n)``, or a function
#: ``tau(t, q, qd)`` returning them.
Torques = ArrayLike | Callable[[float, np.ndarray, np.ndarray], ArrayLike] | None


def simulate(robot: Robot, q0: ArrayLike, qd0: ArrayLike | None = None, duration: float = 1.0,
             dt: float = 1e-3, tau: Torques = None,
             gravity: ArrayLike | None = None, motor: bool = False, friction: bool = False,
             limits: str = "stop", collisions: str = "stop", scene: Scene | None = None,
             progress: Callable[[float], object] | None = None) -> Simulation:
    """Integrate the arm's motion: free fall when ``tau`` is None.

    Dormand and Prince's Runge-Kutta pair (5th order, :mod:`robosim.dynamics.ode`) on the state
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
    collisions : {"stop", "ignore"}
        ``"stop"`` (default): the arm stops where it first touches ``scene`` or itself (the
        pairs :class:`robosim.collision.Checker` checks). Each step's dense output is sampled
        so that no point of the arm moves more than a link's radius between two samples (at
        most :data:`MOST_CONTACT_SAMPLES`), the samples are checked as one batch, and the
        interval before the first that collides is halved to the first contact (to 1e-12 of
        it, as for a limit). The arm then *rests* at the last pose found clear, touching to
        within that tolerance: every joint locked, speeds zero, for the rest of the run (no
        bounce, no sliding: the moment and the pair are what a student asks of a fall onto
        a table). The contact is recorded in ``contacts`` (:class:`Contact`: "link 4 (wrist)
        hits table at t = 0.182 s"). Each configuration of a batch stops on its own. A start
        that collides already is refused. ``"ignore"``: the arm goes through everything.
    scene : robosim.collision.Scene, optional
        What the arm may touch besides itself; default
        :func:`robosim.collision.default_scene` (its floor; the Lynx6's table). In the robot's
        length unit.
    progress : callable, optional
        ``progress(fraction)`` about a hundred times along the run (a long run takes minutes:
        the command line shows a percentage).

    Returns
    -------
    Simulation

    Raises
    ------
    ValidationError
        Bad arguments, ``q0`` outside the limits with ``limits="stop"``, ``q0`` colliding with
        ``collisions="stop"``, a singular mass matrix (a joint that moves no mass), or a motion
        that diverges (speeds overflow: a smaller ``dt`` helps).

    Examples
    --------
    The 0.5 m pendulum let go horizontal: for a short time ``qdd`` stays near ``-g / l``, so
    after 0.1 s it has fallen about ``19.62 * 0.1^2 / 2 = 0.0981`` rad (0.09807 to five places:
    ``cos q`` falls a little below 1), and the energy is what it was.

    >>> from robosim.dynamics import Dynamics, LinkDynamics
    >>> from robosim.kinematics import Joint, Robot
    >>> pendulum = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics(
    ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
    >>> run = simulate(pendulum, [0.0], duration=0.1, dt=0.05)
    >>> run.t.round(3).tolist(), run.q[:, 0].round(4).tolist()
    ([0.0, 0.05, 0.1], [0.0, -0.0245, -0.0981])
    >>> from robosim.dynamics import energy
    >>> kinetic, potential = energy(pendulum, run.q[-1], run.qd[-1])
    >>> round(float(kinetic + potential), 6)
    0.0

    The Lynx6 let go at home falls onto its table: the wrist's link hits it first, and the
    arm rests there, clear of the table to within the tolerance.

    >>> from robosim import load_robot
    >>> from robosim.collision import check
    >>> lynx6 = load_robot("Lynx6")
    >>> fall = simulate(lynx6, lynx6.home, duration=1.0, dt=2e-3)
    >>> contact = fall.contacts[0]
    >>> contact.pairs, 0.1 < contact.time < 0.3
    ((('link 4 (wrist)', 'table'),), True)
    >>> bool(check(lynx6, fall.q[-1]).collides), float(abs(fall.qd[-1]).max())
    (False, 0.0)
    """
    return Integration(robot, q0, qd0, duration, dt, tau, gravity, motor, friction, limits,
                       collisions, scene, progress).finish()


class Integration:
    """A run of :func:`simulate` computed as far as asked, so that a fall can be shown while
    the rest of it is computed.

    Parameters are :func:`simulate`'s, checked here. :meth:`advance` integrates until the
    samples reach a time; the first :attr:`ready` samples of :attr:`t`, :attr:`q`, :attr:`qd`
    are then final, and :attr:`limit_hits` and :attr:`contacts` list the stops up to there.
    :meth:`finish`
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
                 duration: float = 1.0, dt: float = 1e-3, tau: Torques = None,
                 gravity: ArrayLike | None = None, motor: bool = False, friction: bool = False,
                 limits: str = "stop", collisions: str = "stop", scene: Scene | None = None,
                 progress: Callable[[float], object] | None = None):
        limits = checks.choice(limits, "limits", LIMIT_BEHAVIOURS)
        collisions = checks.choice(collisions, "collisions", COLLISION_BEHAVIOURS)
        self._progress = checks.callable_or_none(progress, "progress")
        duration = checks.non_negative(duration, "duration", MAX_DURATION_S, "s")
        dt = checks.non_negative(dt, "dt", MAX_DURATION_S, "s")
        if duration == 0.0 or dt == 0.0:
            raise ValidationError(f"duration and dt must be more than 0 s, got duration "
                                  f"{duration:g} s and dt {dt:g} s")
        if dt > duration:
            raise ValidationError(f"dt = {dt:g} s is longer than the duration {duration:g} s: "
                                  f"give a step no longer than the run")
        steps = _steps(duration, dt)
        if steps > MAX_STEPS:
            # a count of 10**300 steps written out is 400 characters: in powers of ten then
            count = f"{steps:,}" if steps < 10 ** 12 else f"{duration / dt:.3g}"
            raise ValidationError(f"{duration:g} s at dt = {dt:g} s is {count} steps, more "
                                  f"than {MAX_STEPS:,}: use a larger dt or a shorter run")
        self._chain = _chain(robot)
        # the start and a constant torque checked together; the run keeps 2n numbers and n
        # flags per sample of each configuration
        named = [(q0, "q0"), ([0.0] * robot.n if qd0 is None else qd0, "qd0")] \
            + ([] if tau is None or callable(tau) else [(tau, "tau")])
        q, qd, *given = _checked(robot, named, (steps + 1) * (2 * robot.n + 1) + 8 * robot.n)
        if limits == "stop" and not np.all(robot.within_limits(q)):
            rows = q.reshape(-1, robot.n)
            robot.check_within_limits(rows[np.argmin(robot.within_limits(rows))], "q0")
        checker = Checker(robot, scene) if collisions == "stop" else None
        # a checker without pairs (no scene, links too few to meet) has nothing to look for
        self._checker = checker if checker is not None and checker.pairs else None
        if self._checker is not None:
            _check_clear_start(self._checker, q)
            # how far a joint's motion can carry a point of the arm: a revolute joint turning
            # by dq moves no point more than the arm's length times dq, a prismatic one by dq
            self._levers = np.where(robot.revolute, robot.length_scale, 1.0)
        self.robot, self.duration, self.dt, self.limits = robot, duration, dt, limits
        self.collisions = collisions
        self._tau = tau
        self._torque = _torque_source(robot, tau if not given else given[0], q.shape)
        self._g = _gravity(self._chain, gravity)
        self._motor, self._friction = motor, friction
        self._lower, self._upper = robot.limits.T
        self._locked = np.zeros(q.shape, dtype=bool)
        self._resting = np.zeros(q.shape[:-1], dtype=bool)   # configurations stopped by a contact
        # the last state evaluated, and the torques of its stops (None: no joint was locked)
        self._pressing: list[np.ndarray | None] = [None, None]
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
        #: Every first contact so far (see :func:`simulate`).
        self.contacts: list[Contact] = []
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
        q, qd = state[..., :self.robot.n], state[..., self.robot.n:]
        qdd, stops = _accelerations(self._chain, q, qd, self._torque(t, q, qd), self._g,
                                    self._motor, self._friction,
                                    self._locked if self._locked.any() else None)
        self._pressing[:] = state, stops
        return np.concatenate([qd, qdd], axis=-1)

    def advance(self, until: float) -> int:
        """Integrate until the samples reach ``until`` (s) or the run's end; returns
        :attr:`ready`.

        Examples
        --------
        The pendulum of :class:`LimitHit`, sampled every 0.01 s: asked for 0.05 s, the run
        has at least its first 6 samples (0, 0.01 ... 0.05 s), maybe more (a step of the
        integrator may reach further); they start at rest at the horizontal.

        >>> from robosim.dynamics import Dynamics, LinkDynamics
        >>> from robosim.kinematics import Joint, Robot
        >>> pendulum = Robot([Joint(a=0.5, limits=(-0.1, 1.0))], unit="m", dynamics=Dynamics(
        ...     [LinkDynamics(mass=1.0)], gravity=(0, -9.81, 0)))
        >>> run = Integration(pendulum, [0.0], duration=0.2, dt=0.01)
        >>> ready = run.advance(0.05)
        >>> ready >= 6, float(run.t[ready - 1]) >= 0.05, run.q[0].tolist(), run.qd[0].tolist()
        (True, True, [0.0], [0.0])
        """
        dt, duration, grid, steps = self.dt, self.duration, self.t, len(self.t) - 1
        t, h, state, slope, locked = self._time, self._h, self._state, self._slope, self._locked
        while self._ready <= steps and grid[self._ready - 1] < until:
            if self._resting.all():             # every configuration rests: nothing moves
                self._fill(len(grid), state, locked)
                t = duration
                break
            if locked.any():
                still = self._still_held(t, state, locked)
                if (still != locked).any():
                    locked = self._locked = still
                    slope = self._rates(t, state)
            h = min(h, duration - t)
            step = dormand_prince_step(self._rates, t, state, slope, h)
            scaled = step.error / (_TOLERANCE * (1.0 + np.maximum(abs(state), abs(step.y_end))))
            error = math.sqrt(np.vdot(scaled, scaled) / scaled.size)     # root mean square
            if not error <= 1.0:                # too large, or not a number
                if h > dt * _SMALLEST_STEP:
                    h = max(dt * _SMALLEST_STEP, h * (max(0.2, 0.9 * error ** -0.2)
                                                      if math.isfinite(error) else 0.2))
                    continue
                if not math.isfinite(error):
                    raise ValidationError(f"the motion diverged at t = {grid[self._ready]:.6g}"
                                          f" s (joint speeds overflowed): use a smaller dt")
            if locked.any() and h > dt \
                    and (self._still_held(t + h, step.y_end, locked) != locked).any():
                h = dt          # a stop lets go within the step: find when, to within dt
                continue
            event = self._first_event(step, locked)
            end = t + (1.0 if event is None else event[1]) * h
            self._report(step, t, h, end, locked)
            if event is None:
                t, state, slope = t + h, step.y_end, step.slope_end
            else:
                clear, first = event
                t, state = end, step.at(first)
                if self.limits == "stop":
                    state, locked = self._stop_at_limits(state, t, locked)
                if self._checker is not None:
                    state, locked = self._rest_at_contacts(step.at(clear), state, t, locked)
                self._locked = locked
                slope = self._rates(t, state)
            h = h * min(5.0, 0.9 * max(error, 1e-10) ** -0.2)
        self._time, self._h, self._state, self._slope = t, h, state, slope
        return self._ready

    def _still_held(self, t, state, locked):
        """The locked joints that stay locked at ``state`` (time ``t``): every joint of a
        resting configuration, and those the arm still presses against their stop.

        The stop holds a locked joint with the torque ``holding = M qdd - rhs`` (``qdd`` with
        the locked joints still: :func:`~robosim.dynamics.equations._accelerations`), which
        :meth:`_rates` kept of the last state it evaluated (``state`` itself when it is a step's
        start or end; a rejected step's stage otherwise, and ``state`` is evaluated again); a
        stop can only push: up at a lower limit, down at an upper one. A joint whose stop would
        have to pull is released.
        """
        if self._pressing[0] is not state:      # another state was evaluated last
            self._rates(t, state)
        holding = self._pressing[1]
        assert holding is not None          # a joint is locked: _rates gave its stop's torque
        at_lower = state[..., :self.robot.n] <= self._lower
        pressed = locked & np.where(at_lower, holding >= 0.0, holding <= 0.0)
        return pressed | self._resting[..., None]

    def _first_event(self, step, locked):
        """When in ``step`` something first happens: a free joint goes past a limit (with
        ``limits="stop"``), a moving configuration touches something (with a checker). None
        when nothing does, else ``(clear, first)``: fractions of the step 1e-12 of a sample
        interval apart, nothing happened yet at ``clear`` and something has at ``first``.

        The step's dense output is sampled (its end only when no contact is looked for, else
        as many samples as keep every point of the arm within a link's radius of the last,
        see :data:`MOST_CONTACT_SAMPLES`), the samples checked together, and the interval
        before the first where something happened halved :data:`_BISECTIONS` times.
        """
        n, checker, resting = self.robot.n, self._checker, self._resting
        limits = self.limits == "stop"
        if not limits and checker is None:      # nothing is looked for
            return None

        def happened(states, limits, contacts):
            """Whether a limit is passed (``limits``) or a contact made (``contacts``) at each
            of the states ``(k, ..., 2n)``: two boolean arrays ``(k,)``."""
            k, q = len(states), states[..., :n]
            passed = touching = np.zeros(k, dtype=bool)
            if limits:
                past = ((q < self._lower) | (q > self._upper)) & ~locked
                passed = past.reshape(k, -1).any(axis=1)
            if contacts and checker is not None:
                # one pose (a bisection's) on Python floats: the checker's fast path
                found = np.asarray(checker.check(q[0] if k == 1 and not resting.ndim else q)
                                   .collides)
                touching = np.any((found.reshape((k,) + resting.shape) & ~resting)
                                  .reshape(k, -1), axis=1)
            return passed, touching

        samples = 1
        if checker is not None:
            start, end, h = step.y_start, step.y_end, step.h
            travel = np.maximum(np.abs(end[..., :n] - start[..., :n]),
                                h * np.maximum(np.abs(start[..., n:]), np.abs(end[..., n:])))
            reach = float((travel * self._levers).sum(axis=-1).max())
            samples = min(MOST_CONTACT_SAMPLES, max(1, math.ceil(reach / checker.solids.radius)))
        fractions = np.arange(1, samples + 1) / samples
        passed, touching = happened(step.at(fractions), limits, checker is not None)
        found = passed | touching
        if not found.any():
            return None
        first = int(np.argmax(found))
        clear, first, kinds = (fractions[first - 1] if first else 0.0), fractions[first], \
            (bool(passed[first]), bool(touching[first]))
        # what happened at that sample happened first between it and the one before: the
        # bisection looks for those events only
        for _ in range(_BISECTIONS):
            middle = 0.5 * (clear + first)
            passed, touching = happened(step.at(middle)[None], *kinds)
            clear, first = (clear, middle) if passed[0] or touching[0] else (middle, first)
        return clear, first

    def _stop_at_limits(self, state, time, locked):
        """Joints that went past a limit in the last step, at ``state`` (time ``time``): put
        back on it and locked there by a plastic impact (see :func:`simulate`); each one is
        appended to :attr:`limit_hits`.

        The speeds after the impact keep the momentum of the free joints, ``M_ff qd+_f = (M
        qd)_f`` with the locked joints' ``qd+ = 0``: the kinetic energy falls by ``(qd - qd+)^T
        M (qd - qd+) / 2``. Returns the state and the new mask of locked joints.
        """
        q, qd = state[..., :self.robot.n], state[..., self.robot.n:]
        below, above = q < self._lower, q > self._upper
        arriving = (below | above) & ~locked
        if not arriving.any():
            return state, locked
        for side, mask in (("lower", below), ("upper", above)):
            for where in zip(*np.nonzero(mask & arriving), strict=True):
                self.limit_hits.append(LimitHit(time=float(time), joint=int(where[-1]), side=side,
                                                index=tuple(int(i) for i in where[:-1])))
        q = np.clip(q, self._lower, self._upper)
        locked = locked | arriving
        after = _speeds_after_impact(self._chain, q, qd, locked, self._motor)
        knocked = arriving.any(axis=-1, keepdims=True)
        return np.concatenate([q, np.where(knocked, after, qd)], axis=-1), locked

    def _rest_at_contacts(self, clear, state, time, locked):
        """The configurations that touch something at ``state`` (time ``time``) rest at
        ``clear`` (the last state found clear): speeds zero, every joint locked; each contact
        is appended to :attr:`contacts`. Returns the state and the new mask of locked joints.
        """
        n, checker = self.robot.n, self._checker
        assert checker is not None        # a contact was found: there is something to touch
        touching, contacts = _contacts(checker, state[..., :n], time, ~self._resting)
        if not touching.any():
            return state, locked
        self.contacts += contacts
        self._resting = self._resting | touching
        rest = np.concatenate([clear[..., :n], np.zeros(clear[..., n:].shape)], axis=-1)
        return (np.where(touching[..., None], rest, state),
                locked | self._resting[..., None])

    def _report(self, step, t, h, end, locked):
        """Fill the samples from ``step`` (from ``t``, ``h`` long) up to time ``end``."""
        grid, ready = self.t, self._ready
        last = int(np.searchsorted(grid, end + 1e-9 * self.dt, side="right")) - 1
        if last >= ready:
            self._fill(last + 1, step.at(np.minimum(1.0, (grid[ready:last + 1] - t) / h)), locked)

    def _fill(self, ready, states, locked):
        """Samples :attr:`ready` to ``ready - 1`` are ``states`` (one each, or one for all),
        the joints ``locked`` held; say so to ``progress`` every hundredth of the samples."""
        steps = len(self.t) - 1
        self._states[self._ready:ready] = states
        self._held[self._ready:ready] = locked
        self._ready = ready
        while self._progress is not None and self._next_report < min(ready, steps):
            self._progress(self._next_report / steps)
            self._next_report += self._report_every

    def finish(self) -> Simulation:
        """Integrate to the end; the run as a :class:`Simulation` (accelerations and energies
        of every sample).

        Examples
        --------
        The pendulum of :class:`LimitHit` falls onto its lower limit, -0.1 rad, after about
        0.1 s and stays there: the last of the 21 samples.

        >>> from robosim.dynamics import Dynamics, LinkDynamics
        >>> from robosim.kinematics import Joint, Robot
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
        qdds = _accelerations(self._chain, qs, qds, torques, self._g, self._motor,
                              self._friction, self._held)[0]
        kinetic, potential = _energies(self.robot, self._chain, qs, qds, self._g, self._motor)
        if self._progress is not None:
            self._progress(1.0)
        return Simulation(t=grid, q=qs, qd=qds, qdd=qdds, kinetic=kinetic,
                          potential=potential, energy=kinetic + potential, limits=self.limits,
                          limit_hits=self.limit_hits, collisions=self.collisions,
                          contacts=self.contacts)


def _contacts(checker, q, time, among=True):
    """Which configurations of ``q`` ``(..., n)`` touch something (of those where ``among``
    ``(...)`` is True): a mask ``(...)``, and a :class:`Contact` at ``time`` for each, in the
    order of their batch indices (one, index ``()``, for one configuration)."""
    found = checker.check(q)
    touching = np.asarray(found.collides) & among
    indices = [tuple(int(i) for i in row) for row in np.argwhere(touching)]
    return touching, [Contact(time=float(time), pairs=tuple(found.colliding_pairs(index)),
                              index=index) for index in indices]


def _check_clear_start(checker, q):
    """Refuse a start ``q`` ``(..., n)`` where the arm collides already (it could not have
    come there): name the pairs and the configuration."""
    _, contacts = _contacts(checker, q, 0.0)
    if contacts:
        first = contacts[0]
        where = f" (configuration {list(first.index)})" if first.index else ""
        raise ValidationError(f"q0{where} starts in a collision ({hit_words(first.pairs)}): "
                              f"start from a pose clear of it, or pass collisions='ignore'")


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
    """``tau`` of :func:`simulate` (None, a function, or torques checked with the start) as
    a function ``(t, q, qd) -> (..., n)``."""
    if callable(tau):
        return lambda t, q, qd: _checked(robot, ((tau(t, q, qd), "tau(t, q, qd)"),),
                                         checks.DEFAULT_FLOATS)[0]
    constant = np.broadcast_to(0.0 if tau is None else tau, shape)
    return lambda t, q, qd: constant

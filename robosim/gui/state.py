"""The simulated arm's state, shared by the simulator screen and the tool windows.

One :class:`ArmState` per robot shown in the simulator holds everything more than one window
reads: the robot, the pose shown now, the target, the path drawn in the 3D view, the last
trajectory played, the real-arm connection and the last status message. Windows never read
each other's widgets or drawings: they read the state, ask it for changes, and *subscribe* to
the changes they show.

Requests (:meth:`~ArmState.animate_to`, :meth:`~ArmState.play`) are checked here, so the window
that asked gets the error at once; whoever animates the arm (the simulator screen) observes
them and reports each pose it shows with :meth:`~ArmState.show_pose`.

Topics, and what changed when their observers are called (``callback(state)``):

``"pose"``        :attr:`~ArmState.q` (every animation frame, every :meth:`~ArmState.jump_to`)
``"target"``      :attr:`~ArmState.target`: animate there (:meth:`~ArmState.animate_to`)
``"play"``        :attr:`~ArmState.playing`: play it (:meth:`~ArmState.play`)
``"play more"``   :attr:`~ArmState.played_more`: rows added to the motion playing
                  (:meth:`~ArmState.play_more`: a free fall computed while it plays)
``"path"``        :attr:`~ArmState.path` and :attr:`~ArmState.path_bad`
``"connection"``  :attr:`~ArmState.connection` (the real arm's driver, or None)
``"limits"``      :attr:`~ArmState.planning_robot`: a calibration was chosen or dropped
``"scene"``       :attr:`~ArmState.scene` and :attr:`~ArmState.collisions`: obstacles were
                  added, changed or removed (:meth:`~ArmState.set_scene`)
``"gripper"``     :attr:`~ArmState.gripper`: how far closed the drawn gripper is
``"highlight"``   :attr:`~ArmState.highlight`: the frame drawn bold (the Matrix window's)
``"status"``      :attr:`~ArmState.status`: ``(message, error)`` for the simulator's status line;
                  ``("", False)`` when the window that said it withdrew it (it closed)
``"closed"``      the simulator went away: requests now raise

No matplotlib here: scripts and tests use an ArmState without a display.

Example::

    state = ArmState(robot)
    subscription = state.subscribe("pose", lambda s: print(s.q))
    state.show_pose(robot.home + 0.1)      # prints the pose
    subscription.unsubscribe()             # a closing window does this
"""

import contextlib
import math

import numpy as np

from ..collision import Checker
from ..dh_sheet import decimal_text
from ..errors import RobosimError, ValidationError
from ..hardware.calibration import calibrated_limits

#: Significant digits of a calibrated limit: enough for a servo's range, none of the noise of
#: its pulse-to-angle rounding.
CALIBRATED_LIMIT_DIGITS = 4


def calibrated_limit_text(value):
    """A calibrated joint limit (deg or length unit) as the simulator's DH table and the limits
    line both show it: :data:`CALIBRATED_LIMIT_DIGITS` significant digits, the calibration's
    rounding noise dropped, written in decimals as the DH worksheet writes a length
    (:func:`robosim.dh_sheet.decimal_text`): never in exponent notation, and a whole number
    keeps every digit.

    >>> calibrated_limit_text(-900 / 11.111)    # 900 us at 11.111 us/deg: -81.0008 deg
    '-81'
    >>> calibrated_limit_text(12340.0)          # a slide's 12.34 m, in mm
    '12340'
    """
    magnitude = math.floor(math.log10(abs(value))) if value else 0
    return decimal_text(value, max(0, CALIBRATED_LIMIT_DIGITS - 1 - magnitude))


TOPICS = ("pose", "target", "play", "play more", "path", "connection", "limits", "scene",
          "gripper", "highlight", "status", "closed")


class Subscription:
    """A handle on one observer of an :class:`ArmState`; :meth:`unsubscribe` ends it."""

    def __init__(self, observers, topic, callback):
        self._observers = observers     # the state's list of this topic's subscriptions
        self.topic = topic
        self.callback = callback

    @property
    def active(self):
        """True until :meth:`unsubscribe` (or the state's close)."""
        return self in self._observers

    def unsubscribe(self):
        """Stop calling the callback (safe to call more than once)."""
        if self in self._observers:
            self._observers.remove(self)


class ArmState:
    """What the simulator shows of one robot, observed by every window.

    Parameters
    ----------
    robot : robosim.Robot
    q : array_like (n,), optional
        The pose shown first (API units); default the robot's home.
    report : callable, optional
        ``report(exc)`` for an exception raised by an observer: the other observers still run.
        Without it the exception propagates.

    Attributes
    ----------
    robot : robosim.Robot
        The model, as its file describes it.
    planning_robot : robosim.Robot
        The robot every window plans with: :attr:`robot`, its limits narrowed to the calibrated
        range while a calibration is in use (:meth:`set_calibration`), so the simulator never
        plans a move the real arm refuses. Sliders, Random Move, Jog / IK and trajectories
        read their limits here, and :meth:`animate_to` and :meth:`play` check against them.
    calibration : robosim.hardware.Calibration or None
        The real arm's calibration in use, and ``calibration_source`` (str) where it came from.
    gripper : float
        How far closed the drawn gripper is, 0 (open) to 1 (closed).
    highlight : int or None
        The frame (0 base .. n) the 3D view draws bold; None: none.
    last_trajectory : tuple or None
        ``(t (N,) s, q (N, n))`` of the last trajectory given to :meth:`play` to keep (what
        "Play on arm" sends and the Dynamics window analyses).
    playing : tuple or None
        ``(t, q)`` of the motion :meth:`play` was last asked to show: the last trajectory, or
        a motion only shown (a free fall), with the rows :meth:`play_more` added since.
    played_more : tuple or None
        ``(t, q)`` of the rows last added by :meth:`play_more`.
    path, path_bad : ndarray or None
        The path drawn in the 3D view ``(N, 3)`` (robot's length unit) and its red points
        ``(N,)`` bool (None: none red).
    path_owner : object or None
        The window that drew :attr:`path` (None: the simulator itself, or unknown).
    passed : ndarray (k, n)
        Poses the arm went through just before :attr:`q` that no frame showed (a slow frame
        skipped them); an end-effector trace still follows them.
    connection : object or None
        The real arm's driver while one is connected.
    collisions : robosim.collision.Checker
        What every window checks collisions with: the arm against itself and :attr:`scene`
        (at first the default scene: the floor; the Lynx6's table). The 3D view colours what
        it finds, Jog / IK stops before it, Trajectories flags it, Random Move avoids it, the
        planner goes around it.
    status : tuple
        ``(message, error)`` last given to :meth:`set_status`.
    status_owner : object or None
        The window that said :attr:`status` (None: the simulator itself, or unknown).
    closed : bool
        True once the simulator showing this arm is gone.
    """

    def __init__(self, robot, q=None, report=None):
        self.robot = robot
        self._q = np.array(robot.home if q is None else robot.check_q(q), dtype=float)
        self._target = self._q.copy()
        self.passed = np.empty((0, robot.n))
        self.last_trajectory = self.playing = self.played_more = None
        self.path = self.path_bad = None
        self.path_owner = None
        self.connection = None
        self.collisions = Checker(robot)
        self.planning_robot = robot
        self.calibration, self.calibration_source = None, ""
        self.gripper = 0.0
        self.highlight = None
        self.status = ("", False)
        self.status_owner = None
        self.closed = False
        self._report = report
        self._subscriptions: dict[str, list[Subscription]] = {topic: [] for topic in TOPICS}

    # ------------------------------------------------------------------ reading
    @property
    def scene(self):
        """The obstacles (a :class:`robosim.collision.Scene`) :attr:`collisions` checks
        against; :meth:`set_scene` changes them."""
        return self.collisions.scene

    @property
    def q(self):
        """The pose shown now ``(n,)`` (API units); a copy."""
        return self._q.copy()

    @property
    def limits(self):
        """The joint limits the windows plan with ``(n, 2)`` (API units):
        :attr:`planning_robot`'s."""
        return self.planning_robot.limits

    @property
    def limits_note(self):
        """One line saying where the limits come from: empty for the model's own, else the
        calibration and the joints it narrows, e.g. ``Joint limits narrowed to the calibrated
        range (lynx6.calibration.json): q1-q5 [-81, 81] deg``. Each run of joints says its
        unit, as the DH table does: deg for revolute, the robot's length unit for prismatic
        (``q1-q2 [-81, 81] deg, q3 [0, 150] cm``)."""
        if self.calibration is None:
            return ""
        narrowed = np.flatnonzero(np.any(self.limits != self.robot.limits, axis=1))
        if len(narrowed) == 0:
            return (f"Joint limits: the calibrated range ({self.calibration_source}) holds the "
                    f"model's")
        low, high = self.robot.q_to_user(self.limits.T)
        units = ["deg" if joint.is_revolute else self.robot.unit for joint in self.robot.joints]
        spans: list[tuple[int, int, str, str]] = []     # first joint, last, range, unit
        for i in map(int, narrowed):   # neighbours with the same range share one entry: q1-q5
            span = f"[{calibrated_limit_text(low[i])}, {calibrated_limit_text(high[i])}]"
            if spans and spans[-1][2:] == (span, units[i]) and spans[-1][1] == i - 1:
                spans[-1] = (spans[-1][0], i, span, units[i])
            else:
                spans.append((i, i, span, units[i]))
        # the unit once after the last entry of each run of one unit
        text = ", ".join((f"q{a + 1}" if a == b else f"q{a + 1}-q{b + 1}") + f" {span}"
                         + ("" if k + 1 < len(spans) and spans[k + 1][3] == unit
                            else f" {unit}")
                         for k, (a, b, span, unit) in enumerate(spans))
        return (f"Joint limits narrowed to the calibrated range ({self.calibration_source}): "
                f"{text}")

    @property
    def target(self):
        """Where the arm is going ``(n,)`` (the pose shown when still); a copy."""
        return self._target.copy()

    # ------------------------------------------------------------------ observing
    def subscribe(self, topic, callback):
        """Call ``callback(state)`` after each change of ``topic`` (see the module's table).

        Returns a :class:`Subscription`; a window calls its ``unsubscribe()`` when it closes.
        """
        if topic not in self._subscriptions:
            raise ValueError(f"no topic {topic!r}; topics: {', '.join(TOPICS)}")
        subscription = Subscription(self._subscriptions[topic], topic, callback)
        self._subscriptions[topic].append(subscription)
        return subscription

    def _notify(self, topic):
        for subscription in list(self._subscriptions[topic]):
            if not subscription.active:      # unsubscribed by an earlier observer
                continue
            try:
                subscription.callback(self)
            except Exception as exc:  # one broken window must not stop the rest
                if self._report is None:
                    raise
                self._report(exc)

    # ------------------------------------------------------------------ requests
    def animate_to(self, q):
        """Ask for an animation to ``q`` ``(n,)`` (API units, within the limits).

        Raises ValidationError (a wrong shape, outside the limits) or RobosimError (closed).
        """
        self._check_open()
        q = self.robot.check_q(q, "target")
        with self._naming_the_calibration():
            self.planning_robot.check_within_limits(q, "target")
        self._target = np.array(q, dtype=float)
        self._notify("target")

    def jump_to(self, q):
        """Put the arm at ``q`` ``(n,)`` at once, without an animation (a slider being
        dragged): the target and the pose shown both become ``q``, and the ``"pose"``
        observers follow (no ``"target"`` notification: there is nothing to animate).

        Raises ValidationError or RobosimError as :meth:`animate_to` does.
        """
        self._check_open()
        q = self.robot.check_q(q, "target")
        with self._naming_the_calibration():
            self.planning_robot.check_within_limits(q, "target")
        self._target = np.array(q, dtype=float)
        self.show_pose(q)

    def play(self, t, q, keep=True):
        """Ask for joint trajectory ``q`` ``(N, n)`` to be played at times ``t`` ``(N,)`` s.

        ``keep``: it becomes :attr:`last_trajectory`; False for a motion only shown (a free
        fall is no trajectory to send to the real arm).

        Raises ValidationError when the times do not increase or a row leaves the limits
        (naming the time and the joint), before anything plays.
        """
        self._check_open()
        t, q = self.check_trajectory(t, q, "; not played")
        self.playing = (t, q)
        if keep:
            self.last_trajectory = self.playing
        self._target = q[-1].copy()
        self._notify("play")

    def play_more(self, t, q):
        """Add rows ``q`` ``(N, n)`` at times ``t`` ``(N,)`` s (after the last) to the motion
        being shown: the rest of a motion computed while it plays (a free fall). They are
        :attr:`played_more` while the observers of ``"play more"`` run.

        Raises ValidationError as :meth:`play`; RobosimError when nothing was played.
        """
        self._check_open()
        if self.playing is None:
            raise RobosimError("nothing is playing: play a motion before adding to it")
        t, q = self.check_trajectory(t, q, "; not played")
        before = self.playing
        self.playing = (np.concatenate([before[0], t]), np.concatenate([before[1], q]))
        if self.last_trajectory is before:
            self.last_trajectory = self.playing
        self.played_more = (t, q)
        self._target = q[-1].copy()
        self._notify("play more")

    def check_trajectory(self, t, q, suffix=""):
        """``(t, q)`` as arrays if every row is within the limits planned with; else a
        ValidationError naming the first time and joint outside (then ``suffix``)."""
        t = np.asarray(t, dtype=float)
        q = self.robot.check_q(q, "trajectory")
        if q.ndim != 2 or t.shape != (len(q),) or len(q) == 0 or np.any(np.diff(t) < 0):
            raise ValidationError("a trajectory needs increasing times (N,) and poses (N, n)")
        with self._naming_the_calibration(suffix):
            self.planning_robot.check_trajectory_within_limits(t, q)
        return t, q

    def set_path(self, points, bad=None, owner=None):
        """Draw a path ``(N, 3)`` in the 3D view, points where ``bad`` ``(N,)`` is True in red;
        None removes it. ``owner``: the window that drew it (its path goes when it closes,
        :meth:`withdraw_path`)."""
        self._check_open()
        self.path_owner = owner
        if points is None:
            self.path = self.path_bad = None
        else:
            self.path = np.asarray(points, dtype=float).reshape(-1, 3)
            self.path_bad = None if bad is None else np.asarray(bad, dtype=bool)
        self._notify("path")

    def withdraw_path(self, owner):
        """Window ``owner`` closed: if the 3D view still shows its path, remove it. A path is
        never left behind by a window that is gone (a Jog / IK line after the window closed)."""
        if owner is not None and self.path_owner is owner and not self.closed:
            self.set_path(None)

    def set_status(self, message, error=False, owner=None):
        """One line for the simulator's status line (errors in red), said by window ``owner``
        (a tool window passes itself, so that its message goes when it closes)."""
        self.status = (str(message), bool(error))
        self.status_owner = owner
        self._notify("status")

    def withdraw_status(self, owner):
        """Window ``owner`` closed: if the status line still shows its message, clear it (the
        simulator then shows its own hint). A message is never left behind by a window that is
        gone."""
        if owner is not None and self.status_owner is owner:
            self.set_status("")

    def set_calibration(self, calibration, source=""):
        """Plan within the model's limits intersected with ``calibration``'s range
        (:func:`robosim.hardware.calibrated_limits`); None: the model's limits again.

        ``source`` names it in messages (a file name). Raises CalibrationError (a calibration
        for another arm) and keeps the limits in use. The pose shown does not move.
        """
        if calibration is None:
            self.planning_robot, self.calibration_source = self.robot, ""
        else:
            limits = calibrated_limits(self.robot, calibration)
            self.planning_robot = self.robot.with_limits(limits)
            self.calibration_source = source or "calibration"
        self.calibration = calibration
        self._notify("limits")

    def set_gripper(self, closed):
        """Draw the gripper ``closed`` (0 open .. 1 closed); ValidationError outside."""
        closed = float(closed)
        if not 0.0 <= closed <= 1.0:
            raise ValidationError(f"the gripper closes from 0 (open) to 1 (closed), got "
                                  f"{closed:g}")
        self.gripper = closed
        self._notify("gripper")

    def set_highlight(self, frame):
        """Draw frame ``frame`` (0 base .. n) bold in the 3D view; None: none."""
        if frame is not None and not (isinstance(frame, int) and 0 <= frame <= self.robot.n):
            raise ValidationError(f"frame must be 0 to {self.robot.n} or None, got {frame!r}")
        self.highlight = frame
        self._notify("highlight")

    def set_scene(self, scene):
        """Check collisions against ``scene`` (a :class:`robosim.collision.Scene` in the
        robot's unit; None: the default scene) from now on, in every window and in the
        connected arm's own checks. Raises ValidationError (another unit) and keeps the scene
        in use."""
        self.collisions = Checker(self.robot, scene)
        self._give_scene(self.connection)
        self._notify("scene")

    def _give_scene(self, connection):
        """The real arm's driver checks trajectories against the scene shown (a driver that
        checks no collisions, such as a test's, is left alone)."""
        if connection is not None and hasattr(connection, "set_scene"):
            connection.set_scene(self.scene)

    def set_connection(self, connection):
        """The real arm's driver now connected (None: disconnected); it checks collisions
        against :attr:`scene`."""
        self.connection = connection
        self._give_scene(connection)
        self._notify("connection")

    # ------------------------------------------------------------------ the animator
    def show_pose(self, q, passed=None):
        """The pose now shown ``(n,)``; ``passed`` ``(k, n)``: poses went through unshown."""
        self._q = np.array(q, dtype=float)
        self.passed = (np.empty((0, self.robot.n)) if passed is None
                       else np.asarray(passed, dtype=float).reshape(-1, self.robot.n))
        self._notify("pose")

    def stop(self):
        """The arm stays where it is: the target becomes the pose shown (no notification)."""
        self._target = self._q.copy()

    def close(self):
        """The simulator went away: tell the observers, drop them; requests raise from now."""
        if self.closed:
            return
        self.closed = True
        self._notify("closed")
        for observers in self._subscriptions.values():
            observers.clear()

    @contextlib.contextmanager
    def _naming_the_calibration(self, suffix=""):
        """A limit error says when the limits are the calibrated range; ``suffix`` ends it."""
        try:
            yield
        except ValidationError as exc:
            where = (f" (the calibrated range of {self.calibration_source})"
                     if self.calibration is not None else "")
            raise ValidationError(f"{exc}{where}{suffix}") from None

    def _check_open(self):
        if self.closed:
            raise RobosimError("the simulator screen was closed; open it again")


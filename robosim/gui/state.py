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

``"pose"``        :attr:`~ArmState.q` (every animation frame)
``"target"``      :attr:`~ArmState.target`: animate there (:meth:`~ArmState.animate_to`)
``"play"``        :attr:`~ArmState.last_trajectory`: play it (:meth:`~ArmState.play`)
``"path"``        :attr:`~ArmState.path` and :attr:`~ArmState.path_bad`
``"connection"``  :attr:`~ArmState.connection` (the real arm's driver, or None)
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

import numpy as np

from ..errors import RobosimError, ValidationError

TOPICS = ("pose", "target", "play", "path", "connection", "status", "closed")


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
    last_trajectory : tuple or None
        ``(t (N,) s, q (N, n))`` of the last trajectory given to :meth:`play`.
    path, path_bad : ndarray or None
        The path drawn in the 3D view ``(N, 3)`` (robot's length unit) and its red points
        ``(N,)`` bool (None: none red).
    passed : ndarray (k, n)
        Poses the arm went through just before :attr:`q` that no frame showed (a slow frame
        skipped them); an end-effector trace still follows them.
    connection : object or None
        The real arm's driver while one is connected.
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
        self.last_trajectory = None
        self.path = self.path_bad = None
        self.connection = None
        self.status = ("", False)
        self.status_owner = None
        self.closed = False
        self._report = report
        self._subscriptions = {topic: [] for topic in TOPICS}

    # ------------------------------------------------------------------ reading
    @property
    def q(self):
        """The pose shown now ``(n,)`` (API units); a copy."""
        return self._q.copy()

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
            except Exception as exc:  # noqa: BLE001 - one broken window must not stop the rest
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
        self.robot.check_within_limits(q, "target")
        self._target = np.array(q, dtype=float)
        self._notify("target")

    def play(self, t, q):
        """Ask for joint trajectory ``q`` ``(N, n)`` to be played at times ``t`` ``(N,)`` s.

        Raises ValidationError when the times do not increase or a row leaves the limits.
        """
        self._check_open()
        t = np.asarray(t, dtype=float)
        q = self.robot.check_q(q, "trajectory")
        if q.ndim != 2 or t.shape != (len(q),) or len(q) == 0 or np.any(np.diff(t) < 0):
            raise ValidationError("a trajectory needs increasing times (N,) and poses (N, n)")
        outside = ~self.robot.within_limits(q)
        if outside.any():
            raise ValidationError(f"the trajectory leaves the joint limits at t = "
                                  f"{t[np.argmax(outside)]:g} s; not played")
        self.last_trajectory = (t, q)
        self._target = q[-1].copy()
        self._notify("play")

    def set_path(self, points, bad=None):
        """Draw a path ``(N, 3)`` in the 3D view, points where ``bad`` ``(N,)`` is True in red;
        None removes it."""
        self._check_open()
        if points is None:
            self.path = self.path_bad = None
        else:
            self.path = np.asarray(points, dtype=float).reshape(-1, 3)
            self.path_bad = None if bad is None else np.asarray(bad, dtype=bool)
        self._notify("path")

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

    def set_connection(self, connection):
        """The real arm's driver now connected (None: disconnected)."""
        self.connection = connection
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

    def _check_open(self):
        if self.closed:
            raise RobosimError("the simulator screen was closed; open it again")


"""The simulator's joint animation: a queue of poses shown one per timer tick (no matplotlib).

A *move* is Lodes' linear animation: ``steps`` equal steps from the pose shown now to the
target, ``delay`` seconds apart. A *played trajectory* shows given poses at given times.

Presses during an animation: **the newest target wins.** A new move starts from the pose on the
screen at that moment (never from a stale start), so the arm turns smoothly toward the newest
target and no earlier target is shown afterwards.

During a move every tick shows at least the next step (the timer ticks once per delay), and
skips ahead to the step due by the clock when drawing is slower than the delay, so a move takes
``steps * delay`` seconds on a slow machine too; tests that tick by hand see every step in
order. A played trajectory follows the clock only: a tick shows the pose due at that time
(holding the pose until the next one is due), so it plays at its real speed.
"""

import time

import numpy as np

DEFAULT_STEPS = 10
DEFAULT_DELAY = 0.04  # seconds between steps: 25 poses per second


class JointAnimation:
    """Poses to show, one per :meth:`step`.

    Parameters
    ----------
    q : array_like (n,)
        The pose shown now (API units).
    steps : int
        Steps of a move (Lodes: 10).
    delay : float
        Seconds between two steps.
    clock : callable
        Returns seconds (``time.monotonic``); tests may pass a fake one.
    """

    def __init__(self, q, steps=DEFAULT_STEPS, delay=DEFAULT_DELAY, clock=time.monotonic):
        self.q = np.array(q, dtype=float)
        self.steps = steps
        self.delay = delay
        self.clock = clock
        self.target = self.q.copy()
        self._poses = np.empty((0, len(self.q)))
        self._times = np.empty(0)
        self._index = -1
        self._steps_shown_each_tick = 0
        self._trajectory_clock = 0.0
        self._start = None
        self.skipped = np.empty((0, len(self.q)))

    @property
    def running(self):
        """True while poses remain to be shown."""
        return self._index + 1 < len(self._poses)

    def move_to(self, target):
        """Replace whatever runs by ``steps`` linear steps from the pose shown now to ``target``."""
        target = np.array(target, dtype=float)
        fractions = np.arange(1, self.steps + 1) / self.steps
        poses = self.q + fractions[:, None] * (target - self.q)
        self._start_poses(poses, self.delay * np.arange(self.steps), target)
        self._steps_shown_each_tick = self.steps

    def play(self, t, q):
        """Replace whatever runs by a linear move to ``q[0]`` (none when the arm shows it
        already), then poses ``q`` at times ``t``."""
        t = np.asarray(t, dtype=float)
        q = np.asarray(q, dtype=float)
        steps = 0 if np.array_equal(q[0], self.q) else self.steps
        fractions = np.arange(1, steps + 1) / self.steps
        approach = self.q + fractions[:, None] * (q[0] - self.q)
        lead = self.delay * steps
        self._trajectory_clock = lead - t[0]        # a pose at time t is shown at t + this
        times = np.concatenate([self.delay * np.arange(steps), t + self._trajectory_clock])
        self._start_poses(np.vstack([approach, q]), times, q[-1])
        self._steps_shown_each_tick = steps

    def extend(self, t, q):
        """Poses ``q`` at times ``t`` (the clock of the trajectory being played) added after
        its last: the rest of a motion computed while it plays. Shown from the next
        :meth:`step` on, also when the trajectory had run out of poses."""
        self._poses = np.vstack([self._poses, np.asarray(q, dtype=float)])
        self._times = np.concatenate([self._times,
                                      np.asarray(t, dtype=float) + self._trajectory_clock])
        self.target = self._poses[-1].copy()

    def _start_poses(self, poses, times, target):
        self._poses, self._times = poses, times
        self._index = -1
        self._start = None  # the clock starts at the first pose shown
        self.target = np.array(target, dtype=float)

    def step(self):
        """The next pose to show ``(n,)``, or None when nothing runs.

        Poses passed over to catch up with the clock are in :attr:`skipped` ``(k, n)`` (in
        order; empty when none), so that an end-effector trace can still follow every pose.
        """
        if not self.running:
            return None
        if self._start is None:
            self._start = self.clock()
        due = int(np.searchsorted(self._times, self.clock() - self._start, side="right")) - 1
        at_least = self._index + 1 if self._index + 1 < self._steps_shown_each_tick else self._index
        previous = self._index
        self._index = max(at_least, min(due, len(self._poses) - 1))
        self.skipped = self._poses[previous + 1:self._index].copy()
        self.q = self._poses[self._index].copy()
        return self.q.copy()

    def jump_to(self, q):
        """Stop, with ``q`` ``(n,)`` the pose shown and the target (a dragged slider moved the
        arm there at once); the next move starts from it."""
        self.stop()
        self.q = np.array(q, dtype=float)
        self.target = self.q.copy()

    def stop(self):
        """Stop where the arm is now; the target becomes the pose shown."""
        self._poses = np.empty((0, len(self.q)))
        self._index = -1
        self.target = self.q.copy()

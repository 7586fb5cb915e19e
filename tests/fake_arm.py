"""A stand-in for the simulator's ``arm`` handle (see robosim.gui.tools), for tool-window tests.

It records what a tool asks of the simulator instead of drawing: ``animate_to`` jumps straight
to the target (there is no animation to wait for), ``play`` jumps to the last row.
"""

import numpy as np


class FakeArm:
    """The arm handle contract of :mod:`robosim.gui.tools`, with a record of every call."""

    def __init__(self, robot, q=None):
        self.robot = robot
        self._q = np.array(robot.home if q is None else q, dtype=float)
        self.last_trajectory = None
        self.path = None
        self.path_bad = None
        self.statuses = []
        self._listeners = []

    @property
    def q(self):
        return self._q.copy()

    def _move(self, q):
        self._q = np.array(q, dtype=float)
        for listener in list(self._listeners):
            listener(self.q)

    def animate_to(self, q):
        self._move(q)

    def play(self, t, q):
        self.last_trajectory = (np.asarray(t, dtype=float), np.asarray(q, dtype=float))
        self._move(q[-1])

    def set_path(self, points, bad=None):
        self.path = None if points is None else np.asarray(points, dtype=float)
        self.path_bad = None if bad is None else np.asarray(bad, dtype=bool)

    def add_pose_listener(self, callback):
        self._listeners.append(callback)

    def set_status(self, message, error=False):
        self.statuses.append((message, error))

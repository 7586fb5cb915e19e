"""The simulator's arm state with nothing animating it, for tool-window tests.

A real :class:`robosim.gui.state.ArmState` (the contract of :mod:`robosim.gui.tools.window`) whose
moves jump: ``animate_to`` shows the target at once (there is no animation to wait for),
``play`` and ``play_more`` show the last row. Every status message is recorded in ``statuses``.
"""

from robosim.gui.state import ArmState


class FakeArm(ArmState):
    """An ArmState whose requests are shown at once, with a record of the status messages."""

    def __init__(self, robot, q=None):
        super().__init__(robot, q)
        self.statuses = []
        self.subscribe("target", self._jump)
        self.subscribe("play", self._jump)
        self.subscribe("play more", self._jump)
        self.subscribe("status", lambda state: self.statuses.append(state.status))

    def _jump(self, state):
        self.show_pose(state.target)

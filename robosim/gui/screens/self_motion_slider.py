"""The simulator's self-motion slider: an arm with more than 6 joints moves its elbow while its
hand stays still.

The slider sits in the joints' header row, above joint 1's slider (it takes no row of its
own, so 12 joints still fit a 1000 x 650 screen). Its value is joint-space arc length in
degrees (:func:`robosim.ik.self_motion`'s ``distance``, shown in degrees), from -180 to 180:
moving it by 10 moves the joints 10 degrees of arc along the self-motion, the tool's pose
held to 1e-9. A click jumps there along the curve (every step between checked); a drag
follows the pointer, one :func:`~robosim.ik.self_motion` call per motion event, continuing the
way the last one went (its last step is the next one's ``toward``), so the elbow never turns
back while the pointer goes on. The arm stops at a joint limit (those in force,
``state.planning_robot``) or before a collision (``state.collisions``; an arm folded into
itself moves until it is clear), the slider goes back to where the arm stopped, and the status
line says why.

The value is relative: where the slider is when the arm was moved some other way (a joint
slider, Home, a gripper drag) is where the next self-motion starts from. An arm with more than
one spare joint (12 joints: 6) moves along its null space's first direction
(:meth:`robosim.Robot.null_space`).
"""

import math

import numpy as np

from ... import ik
from ...errors import ValidationError
from ..widgets.muted import muted
from ..widgets.quiet_slider import QuietSlider

#: Arms with more joints than this get the slider (the 6 coordinates of a pose, issue 38).
POSE_COORDINATES = 6
#: The slider's range either way (degrees of joint-space arc length).
SELF_MOTION_RANGE = 180.0
#: Degrees of arc between two configurations one call computes (one predictor step each:
#: :data:`robosim.ik.PREDICTOR_STEP`).
STEP_DEGREES = 2.0
LABEL = "self-motion (deg)"
#: The status line while the slider is used.
MOVING = "Self-motion: the joints move, the tool holds its pose (stops at a limit or a collision)."


def has_self_motion_slider(robot):
    """Whether the simulator shows a self-motion slider for ``robot``: more than 6 joints.

    >>> from robosim import load_robot
    >>> has_self_motion_slider(load_robot("Franka Panda")), has_self_motion_slider(
    ...     load_robot("Puma 560"))
    (True, False)
    """
    return robot.n > POSE_COORDINATES


class SelfMotionSlider:
    """The slider (a :class:`~robosim.gui.widgets.quiet_slider.QuietSlider` in ``ax``) and
    the motion it asks of the arm of ``state`` (a :class:`robosim.gui.state.ArmState`).

    The screen connects ``slider.on_changed`` and calls :meth:`move` with each value; it
    shows the pose returned (the state is not changed here).
    """

    def __init__(self, ax, state):
        self.slider = QuietSlider(ax, LABEL, -SELF_MOTION_RANGE, SELF_MOTION_RANGE,
                                  valinit=0.0)
        self.state = state
        self._value = 0.0      # the slider's value at the pose the last motion ended at
        self._at = None        # that pose (None: none yet)
        self._forward = None   # the unit joint direction of a growing value there

    def move(self, value):
        """The pose ``(n,)`` the arm goes to for the slider's new ``value`` (degrees), from
        the pose it is at, and a message when it stopped short (the slider then shows where
        it stopped), else None."""
        start = self.state.q
        if self._at is None or not np.array_equal(start, self._at):
            self._forward = None           # moved some other way: afresh from where it is
        change = value - self._value
        if change == 0.0:
            return start, None
        steps = max(1, math.ceil(abs(change) / STEP_DEGREES))
        try:
            motion = ik.self_motion(self.state.planning_robot, start, math.radians(change),
                                    steps, toward=self._forward,
                                    checker=self.state.collisions)
        except ValidationError as exc:      # a pose outside the limits a calibration set
            self._forward = None
            self._show(self._value)
            return start, f"Self-motion: {exc}"
        end = motion.q[motion.stopped_at]
        if motion.stopped_at > 0:
            last = end - motion.q[motion.stopped_at - 1]
            self._forward = math.copysign(1.0, change) * last / np.linalg.norm(last)
        self._at, self._value = end, self._value + math.degrees(motion.distance)
        if motion.stopped_at == steps:
            return end, None
        self._show(self._value)
        return end, f"Self-motion: {motion.reason}"

    def _show(self, value):
        """The slider shows ``value`` without calling back."""
        with muted(self.slider):
            self.slider.set_val(value)

"""The simulator's readout: the end effector's pose and a frame's 4x4 matrix, in text.

Its labels are drawn once; the numbers an animation frame changes are right-aligned columns of
:class:`~robosim.gui.widgets.fast_text.FastText` in a blit layer of their own ("readout"; the
Jacobian readout, :mod:`robosim.gui.screens.jacobian_readout`, is "jacobian"), updated at most
every :data:`READOUT_INTERVAL` seconds while the arm moves (longer when drawing them is slow:
:data:`READOUT_SHARE`). Also what the screen says in the status line (:data:`HINT`,
:meth:`SimulatorReadout.set_status`).

:class:`SimulatorReadout` is the lowest part of
:class:`robosim.gui.screens.simulator.SimulatorScreen` (then :mod:`.simulator_layout`,
:mod:`.simulator_drag`); the attributes it declares are made by the screen's ``build``.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

import numpy as np
from matplotlib.transforms import Bbox, offset_copy

from ...kinematics import r2rpy
from ...trajectory.motion import wrist_angle
from ..layout import MONOSPACE_WIDTH
from ..widgets.fast_text import fast_text
from ..widgets.matrix_text import shown_angles
from .base import Screen

if TYPE_CHECKING:
    from matplotlib.text import Text

    from ...kinematics import Robot
    from ...plotting.arm import ArmDrawing
    from ..widgets.fast_text import FastText
    from .jacobian_readout import JacobianReadout

READOUT_FONT = 8
#: Characters from the readout's left edge to the right edge of the pose numbers, and the
#: smallest width of a matrix column.
READOUT_POSE_CHARS, READOUT_MATRIX_CHARS = 17, 8
#: Seconds between two updates of the readout during an animation.
READOUT_INTERVAL = 0.2
#: Largest share of the time the readout may take during an animation: when drawing it took
#: longer than READOUT_SHARE * READOUT_INTERVAL (a slow or loaded machine: its text costs
#: 15-80 ms), the next update waits longer, so the arm keeps its frame rate.
READOUT_SHARE = 0.2
#: The blit layers of the texts that follow the pose: the pose readout, the Jacobian readout.
READOUT_LAYERS = ("readout", "jacobian")
HINT = "Move a slider or type a value; presses during a move: the newest target wins."


class SimulatorReadout(Screen):
    """The simulator screen's readout and status line (see the module docstring)."""

    robot: Robot
    drawing: ArmDrawing
    jacobian: JacobianReadout
    _lynx6: bool                 # a Lynx6-shaped arm: the readout adds the wrist's angle
    _compact: bool               # the compact layout (.simulator_layout): a shorter heading
    _jacobian_shown: bool
    matrix_choice: int           # whose matrix the readout shows: -1 the end effector
    _readout_gap: float          # seconds between two readout updates while moving
    _readout_rect: tuple[float, ...]
    _jacobian_rect: tuple[float, ...]
    readout_labels: Text
    readout_pose: FastText
    readout_matrix_title: Text
    readout_matrix: list[FastText]

    def set_status(self, message, error=False):
        """Show ``message`` in the application's status line (``error``: in red)."""
        self.app.set_status(message, error)

    def _readout_labels(self):
        """The readout's heading and the names of its lines (a Lynx6's wrist: the gripper's
        angle to the ground, with the Jog / IK window's sign; in the compact layout the
        heading is shorter, the sign said on the wrist's line, to leave the matrix room)."""
        wrist_sign = self._lynx6 and not self._compact
        units = f"{self.robot.unit}, deg" + ("; wrist + up" if wrist_sign else "")
        wrist = "wrist" if wrist_sign else "wrist+up"
        return [f"End effector ({units})", "x", "y", "z", "roll", "pitch", "yaw",
                *([wrist] if self._lynx6 else [])]

    def _build_readout(self, places):
        """The readout: fixed labels drawn once, numbers in right-aligned columns.

        Text costs per glyph drawn (spaces too: a fraction of a millisecond each on Agg), so the
        numbers that an animation frame blits carry no padding and are
        :class:`~robosim.gui.widgets.fast_text.FastText`; labels and titles are ordinary text. Its
        texts share the gid "readout": they overlap on purpose, as one block.
        """
        place = self.placement.add
        props = dict(fontsize=READOUT_FONT, family="monospace", va="top", gid="readout")

        def chars_right(chars):
            """Figure coordinates shifted right by ``chars`` monospace characters."""
            return offset_copy(self.fig.transFigure, fig=self.fig, units="points",
                               x=chars * MONOSPACE_WIDTH * READOUT_FONT)

        self.readout_labels = place("readout", self.fig.text(
            *places["readout"], "\n".join(self._readout_labels()), **props))
        x, y = places["readout"]
        self.readout_pose = place("readout", fast_text(
            self.fig, x, y, "", ha="right",
            transform=chars_right(READOUT_POSE_CHARS), **props))
        self.readout_matrix_title = place("readout matrix",
                                          self.fig.text(*places["readout matrix"], "", **props))
        # Rotation entries need "-0.000"; positions as many characters as the robot's size.
        widths = [READOUT_MATRIX_CHARS] * 3 + [
            max(READOUT_MATRIX_CHARS, len(f"{-self.drawing.size:.3f}") + 2)]
        x, y = places["readout matrix"]
        self.readout_matrix = [
            place("readout matrix", fast_text(
                self.fig, x, y, "", ha="right",
                transform=chars_right(sum(widths[:k + 1])), **props))
            for k in range(4)]
        self._readout_rect = places["readout box"]

    def _update_readout(self):
        if self._jacobian_shown:
            self.jacobian.update(self.drawing.q)
        T = self.drawing.end_effector
        position = np.round(T[:3, 3], 4) + 0.0                                # no "-0.0000"
        angles = [*shown_angles(np.degrees(r2rpy(T[:3, :3])), 3)]
        if self._lynx6:   # the gripper's angle to the ground, as Jog / IK types it
            angles.append(round(math.degrees(wrist_angle(self.robot, self.drawing.q)), 3) + 0.0)
        self.readout_pose.set_text("\n" + "\n".join([*(f"{v:.4f}" for v in position),
                                                     *(f"{v:.3f}" for v in angles)]))
        if self.matrix_choice < 0:
            title, matrix = "T end effector (base frame)", T
        else:
            title = f"T frame {self.matrix_choice} (base frame)"
            matrix = self.drawing.frames[self.matrix_choice]
        self.readout_matrix_title.set_text(title)
        for column, text in zip((np.round(matrix, 3) + 0.0).T, self.readout_matrix, strict=True):
            text.set_text("\n" + "\n".join(f"{v:.3f}" for v in column))

    def readout_values(self):
        """What the readout shows, read back from its text: ``(xyz, rpy_deg, title, matrix)``
        (a Lynx6's wrist line is :meth:`readout_wrist`)."""
        pose = np.array(self.readout_pose.get_text().split(), dtype=float)
        matrix = np.array([text.get_text().split() for text in self.readout_matrix],
                          dtype=float).T
        return pose[:3], pose[3:6], self.readout_matrix_title.get_text(), matrix

    def readout_wrist(self):
        """The Lynx6's gripper angle to the ground (deg, + up) the readout shows, or None."""
        values = self.readout_pose.get_text().split()
        return float(values[6]) if len(values) > 6 else None

    @property
    def _moving_texts(self):
        return [self.readout_pose, *self.readout_matrix]

    def _readout_box(self):
        """The readout's box in display pixels (a blit layer's box)."""
        return Bbox.from_bounds(*self._readout_rect).transformed(self.fig.transFigure)

    def _jacobian_box(self):
        """The Jacobian readout's box in display pixels (a blit layer's box)."""
        return Bbox.from_bounds(*self._jacobian_rect).transformed(self.fig.transFigure)

    def _redraw_frame(self, readout=True):
        """Redraw what moves: blitted during an animation (the readout only if asked), else a
        full draw. The value cells blit themselves while the user types."""
        if not readout:
            self.blit.update("arm")
            return
        start = time.perf_counter()
        self.blit.update("arm", *READOUT_LAYERS)
        self._readout_gap = max(READOUT_INTERVAL, (time.perf_counter() - start) / READOUT_SHARE)

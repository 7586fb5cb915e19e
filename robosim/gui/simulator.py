"""The simulator screen: the 3D arm, its DH table, and the control panel (Lodes' Fig. 6, 7).

Controls: a slider per joint (clamped to the joint's limits) and an edit field per joint
(degrees for revolute joints, the robot's length unit for prismatic ones); Home, Random Move,
New Robot, Edit table; the steps and delay of the animation; toggles for the DH frames and the
end-effector trace; a button that picks whose 4x4 matrix the readout shows; one button per
tool window (:data:`robosim.gui.tools.TOOLS`).

Changing a value animates the arm in linear steps (:mod:`robosim.gui.animation`); presses
during an animation: the newest target wins. Animation frames are blitted: only the arm's
artists are redrawn, and the readout's numbers at most every :data:`READOUT_INTERVAL` seconds
(text is slow to draw); a full draw (which refreshes the blit background) happens when
controls change. A target given while moving, or an error, is said in the status line; a note
about a target given while moving goes when the arm stops, an error when a good target comes.

The arm itself is an :class:`robosim.gui.state.ArmState` (the application's ``state``): the
screen observes it (a target or a trajectory to play starts an animation, each pose shown moves
the drawing, a path or a status message is shown) and reports each frame's pose to it; tool
windows observe and ask the same state (contract in :mod:`robosim.gui.tools`).
"""

import numpy as np
from matplotlib.transforms import Bbox, offset_copy

from ..library import dh_rows
from ..transforms import r2rpy
from . import tools
from .animation import DEFAULT_DELAY, DEFAULT_STEPS, JointAnimation
from ..plotting.arm import ArmDrawing
from .screen import Screen

ARM_RECT = (0.01, 0.37, 0.46, 0.58)
TABLE_RECT = (0.02, 0.04, 0.46, 0.25)
READOUT_RECT = (0.50, 0.03, 0.49, 0.135)
JOINTS_TOP, JOINTS_BOTTOM = 0.90, 0.50
SLIDER_LEFT, SLIDER_WIDTH = 0.64, 0.22
VALUE_LEFT, VALUE_WIDTH = 0.875, 0.11
BUTTON_HEIGHT = 0.042
TOOL_COLUMNS = 3
READOUT_FONT = 8
#: Width of a monospace character as a fraction of the font size (DejaVu Sans Mono: 0.602).
READOUT_CHAR_WIDTH = 0.61
#: Characters from the readout's left edge to the right edge of the pose numbers, and the
#: smallest width of a matrix column.
READOUT_POSE_CHARS, READOUT_MATRIX_CHARS = 17, 8
#: Seconds between two updates of the readout during an animation.
READOUT_INTERVAL = 0.2
MAX_STEPS = 1000
MAX_DELAY_MS = 5000
HINT = "Move a slider or type a value; presses during a move: the newest target wins."
NEW_TARGET_WHILE_MOVING = ("New target while moving: the arm turns toward it from where it is "
                           "(the newest target wins).")


class SimulatorScreen(Screen):
    """The simulator screen showing the arm of ``state`` (a :class:`~robosim.gui.state.ArmState`)."""

    def __init__(self, app, state):
        super().__init__(app)
        self.state = state
        self.robot = state.robot
        self.matrix_choice = -1  # -1: end effector; i >= 0: frame i
        self._readout_time = float("-inf")

    # ================================================================== building
    def build(self):
        import matplotlib.widgets as mw

        from .cells import CellGrid

        fig, robot = self.fig, self.robot
        self.ax = fig.add_axes(ARM_RECT, projection="3d")
        self.drawing = ArmDrawing(self.ax, robot, self.state.q)
        self.animation = JointAnimation(self.state.q, clock=self.app.clock)
        fig.text(0.01, 0.965, f"{robot.name}: {robot.n} joints ({robot.joint_types}), "
                              f"{robot.convention} DH, lengths in {robot.unit}",
                 fontsize=11, weight="bold")
        self._build_table()

        n = robot.n
        row = min(0.05, (JOINTS_TOP - JOINTS_BOTTOM) / n)
        self.sliders = []
        low, high = robot.q_to_user(robot.limits.T)
        home = robot.q_to_user(robot.home)
        for i, joint in enumerate(robot.joints):
            bottom = JOINTS_TOP - (i + 1) * row
            ax = fig.add_axes((SLIDER_LEFT, bottom + 0.15 * row, SLIDER_WIDTH, 0.7 * row))
            unit = "deg" if joint.is_revolute else robot.unit
            name = joint.name if joint.name and joint.name != f"joint {i + 1}" else ""
            label = f"joint {i + 1}" + (f": {name}" if name else "") + f" ({unit})"
            slider = self.keep(mw.Slider(ax, label, low[i], high[i], valinit=home[i]))
            slider.label.set_fontsize(8)
            slider.valtext.set_visible(False)
            slider.drawon = False  # one full draw per change, in _start, not one per slider
            slider.on_changed(self.guarded(lambda value, i=i: self._on_slider(i, value)))
            self.sliders.append(slider)
        self.values = self.keep(CellGrid(
            fig, (VALUE_LEFT, JOINTS_TOP - n * row, VALUE_WIDTH, (n + 1) * row), n, ["value"],
            on_commit=self._reporting(self._on_value_commit), fontsize=8 if n > 8 else 9))
        self._show_target_in_controls(self.state.target)

        y = 0.43
        self.buttons = {}
        for k, (label, action) in enumerate([("Home", self.home), ("Random Move", self.random_move),
                                             ("New Robot", self.app.show_welcome),
                                             ("Edit table", self.edit_table)]):
            self._button((0.50 + k * 0.125, y, 0.115, BUTTON_HEIGHT), label, action)
        self.settings = self.keep(CellGrid(fig, (0.50, 0.33, 0.20, 0.075), 1,
                                           ["steps", "delay (ms)"],
                                           on_commit=self._reporting(self._on_setting_commit)))
        self.settings.set_text(0, 0, str(DEFAULT_STEPS))
        self.settings.set_text(0, 1, f"{DEFAULT_DELAY * 1000:g}")
        toggle_ax = fig.add_axes((0.72, 0.33, 0.13, 0.075))
        self.toggles = self.keep(mw.CheckButtons(toggle_ax, ["DH frames", "EE trace"]))
        self.toggles.on_clicked(self.guarded(self._on_toggle))
        self._button((0.865, 0.36, 0.125, BUTTON_HEIGHT), "Matrix: next frame",
                     self.next_matrix)
        self._build_tool_buttons()
        self._build_readout()

        self.timer = self.add_timer(int(DEFAULT_DELAY * 1000), self.tick)
        self.add_layer("arm", self.ax, self.drawing.moving_artists)
        self.add_layer("readout", self._readout_box, self._moving_texts)
        for topic, observer in (("target", self._on_target), ("play", self._on_play),
                                ("pose", self._on_pose), ("path", self._on_path),
                                ("status", self._on_status)):
            self.subscribe(self.state, topic, observer)
        self._update_readout()
        self.set_status(HINT)

    def _button(self, rect, label, action):
        self.buttons[label] = self.button(rect, label, action, fontsize=9)
        return self.buttons[label]

    def _build_table(self):
        """The read-only DH table (degrees, the robot's length unit) as one monospace text."""
        unit = self.robot.unit
        header = ["#", "type", "theta", "d", "a", "alpha", "min", "max", "name"]
        columns = ("joint", "type", "theta", "d", "a", "alpha", "min", "max", "name")
        rows = [[str(r[c]) for c in columns] for r in dh_rows(self.robot)]
        widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(header)]
        lines = ["  ".join(v.rjust(w) for v, w in zip(row, widths)) for row in [header, *rows]]
        units = (f"theta, alpha, revolute min/max in deg; d, a, prismatic min/max in {unit}"
                 + ("; modified DH: row i holds a(i-1), alpha(i-1)"
                    if self.robot.convention == "modified" else ""))
        left, bottom, width, height = TABLE_RECT
        size = 8 if self.robot.n <= 8 else 7
        self.table = self.fig.text(left, bottom + height, "\n".join(lines), family="monospace",
                                   fontsize=size, va="top")
        self.fig.text(left, bottom, units, fontsize=7, color="0.3")

    def _build_tool_buttons(self):
        """One button per tool window, in rows of :data:`TOOL_COLUMNS`."""
        width = 0.49 / TOOL_COLUMNS
        for k, (label, _module, _function) in enumerate(tools.TOOLS):
            row, column = divmod(k, TOOL_COLUMNS)
            rect = (0.50 + column * width, 0.265 - row * 0.05, width - 0.01, BUTTON_HEIGHT)
            self._button(rect, label, lambda label=label: self.open_tool(label))

    def _build_readout(self):
        """The readout: fixed labels drawn once, numbers in right-aligned columns.

        Text costs per glyph drawn (spaces too: a fraction of a millisecond each on Agg), so the numbers that
        an animation frame blits carry no padding; labels and titles are ordinary text.
        """
        left, bottom, width, height = READOUT_RECT
        top = bottom + height
        props = dict(fontsize=READOUT_FONT, family="monospace", va="top")

        def chars_right(chars):
            """Figure coordinates shifted right by ``chars`` monospace characters."""
            return offset_copy(self.fig.transFigure, fig=self.fig, units="points",
                               x=chars * READOUT_CHAR_WIDTH * READOUT_FONT)

        self.fig.text(left, top, f"End effector ({self.robot.unit}, deg)\nx\ny\nz\nroll\npitch"
                                 f"\nyaw", **props)
        self.readout_pose = self.fig.text(left, top, "", ha="right",
                                          transform=chars_right(READOUT_POSE_CHARS), **props)
        matrix_left = left + 0.255
        self.readout_matrix_title = self.fig.text(matrix_left, top, "", **props)
        # Rotation entries need "-0.000"; positions as many characters as the robot's size.
        widths = [READOUT_MATRIX_CHARS] * 3 + [
            max(READOUT_MATRIX_CHARS, len(f"{-self.drawing.size:.3f}") + 2)]
        self.readout_matrix = [
            self.fig.text(matrix_left, top, "", ha="right",
                          transform=chars_right(sum(widths[:k + 1])), **props)
            for k in range(4)]

    # ================================================================== observing the arm
    def _on_target(self, state):
        """A new target: animate to it from the pose shown (the newest target wins)."""
        if self.animation.running:
            self.set_status(NEW_TARGET_WHILE_MOVING)
        elif self.app.status_is_error:
            self.set_status(HINT)  # a good target: the last error message no longer applies
        self.animation.move_to(state.target)
        self._start()

    def _on_play(self, state):
        """A trajectory to play: approach its first row, then follow it in time."""
        self.animation.play(*state.last_trajectory)
        self._start()

    def _on_pose(self, state):
        """The pose shown changed: move the drawing; the readout follows at most every
        :data:`READOUT_INTERVAL` s while an animation runs, and always shows its last frame."""
        self.drawing.set_pose(state.q, passed=state.passed)
        now = self.animation.clock()
        readout = not self.animation.running or now - self._readout_time >= READOUT_INTERVAL
        if readout:
            self._readout_time = now
            self._update_readout()
        self._redraw_frame(readout=readout)

    def _on_path(self, state):
        self.drawing.set_path(state.path, state.path_bad)
        self._redraw_frame()

    def _on_status(self, state):
        self.set_status(*state.status)

    def set_status(self, message, error=False):
        self.app.set_status(message, error)

    # ================================================================== controls
    def home(self):
        """Animate to the home pose."""
        self.state.animate_to(self.robot.home)

    def random_move(self):
        """Animate to a random pose inside the limits (the application's seeded generator)."""
        self.state.animate_to(self.robot.random_q(rng=self.app.rng))

    def edit_table(self):
        """Open the DH-table editor with this robot."""
        self.app.show_editor(self.robot)

    def open_tool(self, label):
        """Open a tool window working on this arm."""
        self.app.open_tool_window(tools.open_tool(label, self.state))

    def next_matrix(self):
        """Show the next frame's matrix in the readout: end effector, frame 0, ..., frame n."""
        self.matrix_choice = self.matrix_choice + 1 if self.matrix_choice < self.robot.n else -1
        self._update_readout()
        self.redraw()  # the title is ordinary text: a full draw

    def _on_slider(self, joint, value):
        """A new value (degrees or length unit) for one joint: the other joints keep their target."""
        target = self.state.target
        target[joint] = np.radians(value) if self.robot.joints[joint].is_revolute else value
        self.state.animate_to(target)

    def _reporting(self, check):
        """A cell's on_commit that also puts its rejection message in the status line."""
        def on_commit(row, column, text):
            message = check(row, column, text)
            if message is not None:
                self.set_status(message, error=True)
            return message
        return on_commit

    def _on_value_commit(self, row, column, text):
        """Check a typed joint value; None accepts it, a message rejects it (cell turns red)."""
        joint = self.robot.joints[row]
        unit = "deg" if joint.is_revolute else self.robot.unit
        low, high = self.robot.q_to_user(self.robot.limits.T)[:, row]
        try:
            value = float(text)
        except ValueError:
            return f"joint {row + 1}: {text!r} is not a number ({unit})"
        if not np.isfinite(value) or not low <= value <= high:
            return f"joint {row + 1}: {text} is outside its limits [{low:g}, {high:g}] {unit}"
        self._on_slider(row, value)
        return None

    def _on_setting_commit(self, row, column, text):
        """Steps (1..1000) or delay (0..5000 ms); None accepts, a message rejects."""
        try:
            value = float(text)
        except ValueError:
            value = float("nan")
        if column == 0:
            if not (1 <= value <= MAX_STEPS and value == round(value)):
                return f"steps must be a whole number from 1 to {MAX_STEPS}, got {text!r}"
            self.animation.steps = int(value)
        else:
            if not np.isfinite(value) or not 0 <= value <= MAX_DELAY_MS:
                return f"delay must be 0 to {MAX_DELAY_MS} ms, got {text!r}"
            self.animation.delay = value / 1000
            self.timer.interval = max(1, int(value))
        return None

    def _on_toggle(self, label):
        frames, trace = self.toggles.get_status()
        self.drawing.show_frames(frames)
        if trace != self.drawing.trace.get_visible():
            self.drawing.show_trace(trace)
        self._redraw_frame()

    # ================================================================== animation
    def _start(self):
        """Show the new target in the controls, redraw once, and run the animation.

        While it runs the arm and the readout are animated blit layers (left out of full
        draws, blitted over the background the full draw leaves); when it stops they become
        ordinary artists again, so any later draw or a saved figure shows them.
        """
        self._show_target_in_controls(self.animation.target)
        self.blit.animate("arm")
        self.blit.animate("readout")
        self.redraw()
        self.timer.start()

    def _show_target_in_controls(self, q):
        """Sliders and value fields show ``q`` without firing their callbacks."""
        values = self.robot.q_to_user(q)
        for slider, value in zip(self.sliders, values):
            slider.eventson = False
            slider.set_val(value)
            slider.eventson = True
        for i, value in enumerate(values):
            self.values.set_text(i, 0, f"{value:.6g}")
            self.values.mark(i, 0, False)

    def tick(self):
        """Show the next pose of the animation (the timer calls this; tests call it by hand):
        the arm's state shows it, and every observer (this screen first) follows."""
        q = self.animation.step()
        if q is None:
            self._finish()
            return
        self.state.show_pose(q, passed=self.animation.skipped)
        if not self.animation.running:
            self._finish()

    def _finish(self):
        """The animation ended: stop the timer; the arm's artists are ordinary again, and a
        note about a target given while moving goes (it would be stale)."""
        self.timer.stop()
        self.blit.animate("arm", False)
        self.blit.animate("readout", False)
        if self.app.status == NEW_TARGET_WHILE_MOVING:
            self.set_status(HINT)

    def _update_readout(self):
        T = self.drawing.end_effector
        position = np.round(T[:3, 3], 4) + 0.0                                # no "-0.0000"
        rpy = np.round(np.degrees(r2rpy(T[:3, :3])), 3) + 0.0
        self.readout_pose.set_text("\n" + "\n".join([*(f"{v:.4f}" for v in position),
                                                     *(f"{v:.3f}" for v in rpy)]))
        if self.matrix_choice < 0:
            title, matrix = "T end effector (base frame)", T
        else:
            title = f"T frame {self.matrix_choice} (base frame)"
            matrix = self.drawing.frames[self.matrix_choice]
        self.readout_matrix_title.set_text(title)
        for column, text in zip((np.round(matrix, 3) + 0.0).T, self.readout_matrix):
            text.set_text("\n" + "\n".join(f"{v:.3f}" for v in column))

    def readout_values(self):
        """What the readout shows, read back from its text: ``(xyz, rpy_deg, title, matrix)``."""
        pose = np.array(self.readout_pose.get_text().split(), dtype=float)
        matrix = np.array([text.get_text().split() for text in self.readout_matrix],
                          dtype=float).T
        return pose[:3], pose[3:], self.readout_matrix_title.get_text(), matrix

    # ================================================================== drawing
    @property
    def _moving_texts(self):
        return [self.readout_pose, *self.readout_matrix]

    def _readout_box(self):
        """The readout's box in display pixels (a blit layer's box)."""
        return Bbox.from_bounds(*READOUT_RECT).transformed(self.fig.transFigure)

    def _redraw_frame(self, readout=True):
        """Redraw what moves: blitted during an animation (the readout only if asked), else a
        full draw. The value cells blit themselves while the user types."""
        self.blit.update(*(("arm", "readout") if readout else ("arm",)))

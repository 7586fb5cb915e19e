"""The simulator screen: the 3D arm, its DH table, and the control panel (Lodes' Fig. 6, 7).

Controls: a slider per joint (clamped to the joint's limits: the model's, narrowed to the
calibrated range while the Real arm window has a calibration in use, ``state.planning_robot``;
the DH table shows the limits in force, a narrowed one marked :data:`CALIBRATED_MARK`) and an
edit field per joint (degrees for revolute joints, the robot's length unit for prismatic ones);
Home, Random Move (a pose clear of the floor, the table and the arm itself), New Robot, Edit
table; the steps and delay of the animation; toggles for the DH frames, the end-effector trace,
Lodes' shapes, the gripper and the Jacobian readout
(:mod:`robosim.gui.screens.jacobian_readout`, in the DH table's place); a button that picks
whose 4x4 matrix the readout shows; one button per tool window
(:data:`robosim.gui.tools.TOOLS`).

Changing a value animates the arm in linear steps (:mod:`robosim.gui.screens.animation`): a
typed value, Home, Random Move, a click on a slider. Presses during an animation: the newest
target wins. A slider, the gripper or the self-motion slider *dragged* moves the arm at once,
blitted (:mod:`robosim.gui.screens.simulator_drag`). Animation frames are blitted: only the
arm's artists are redrawn, and the readout's numbers at most every :data:`READOUT_INTERVAL`
seconds (text is slow to draw: :mod:`robosim.gui.screens.simulator_readout`); a full draw
(which refreshes the blit background) happens when controls change. A target given while
moving, or an error, is said in the status line; a note about a target given while moving goes
when the arm stops, an error when a good target comes.

The arm itself is an :class:`robosim.gui.state.ArmState` (the application's ``state``): the
screen observes it (a target or a trajectory to play starts an animation, each pose shown moves
the drawing, a path or a status message is shown) and reports each frame's pose to it; tool
windows observe and ask the same state (contract in :mod:`robosim.gui.tools.window`).

The screen is built from parts, one job a module, each a base class of the next:
:mod:`.simulator_readout` (the pose readout and the status line), :mod:`.simulator_layout`
(where everything goes at the figure's size), :mod:`.simulator_drag` (the drags and the
controls' blits); this module builds the screen, observes the arm, runs the controls and the
animation.
"""

import numpy as np

from ...errors import ValidationError
from ...ik import is_lynx6_shaped
from ...robot_files import dh_rows
from ...collision import random_free_q
from ...plotting.arm import ArmDrawing, default_style
from ...plotting.obstacles import ObstacleArtists
from .. import tools
from .self_motion_slider import SelfMotionSlider
from .animation import DEFAULT_DELAY, DEFAULT_STEPS, JointAnimation
from ..state import calibrated_limit_text
from ..widgets.muted import muted
from ..widgets.quiet_slider import QuietSlider
from ..widgets.matrix_text import mounting_lines
from .jacobian_readout import JacobianReadout
from ..layout import figure_size_pt
from .simulator_drag import NEW_TARGET_WHILE_MOVING, SimulatorDrags
from .simulator_layout import (BUTTON_FONT, MAIN_BUTTONS, NOTE_FONT, SELF_MOTION, SLIDER_FONT,
                               TITLE_FONT, TOGGLES)
from .simulator_readout import HINT, READOUT_INTERVAL, READOUT_LAYERS

#: After a min or max of the DH table narrowed by the calibration in use.
CALIBRATED_MARK = "*"
#: Milliseconds between two frames of a played trajectory: the clock picks the pose each frame
#: shows, so the timer only sets the frame rate's ceiling (about 60 frames per second).
PLAYBACK_INTERVAL_MS = 16
#: Random configurations Random Move tries for one that collides with nothing.
RANDOM_MOVE_TRIES = 200
MAX_STEPS = 1000
MAX_DELAY_MS = 5000



class SimulatorScreen(SimulatorDrags):
    """The simulator screen showing the arm of ``state``
    (a :class:`~robosim.gui.state.ArmState`)."""

    def __init__(self, app, state):
        super().__init__(app)
        self.state = state
        self.robot = state.robot
        self._lynx6 = is_lynx6_shaped(self.robot)
        self.matrix_choice = -1  # -1: end effector; i >= 0: frame i
        self._readout_time = float("-inf")
        self._readout_gap = READOUT_INTERVAL
        self._floor_note = None
        self._jacobian_shown = False
        # the joint whose slider is dragged, "gripper", SELF_MOTION, or None
        self._dragged = None
        self._gripper_drag = None  # the GripperDrag going on (robosim.gui.screens.gripper_drag)
        self._before_drag = None   # the pose before the last gripper drag: ctrl+z returns there
        # during a gripper drag: each slider's value as blitted
        self._sliders_blitted: np.ndarray | None = None
        self._sliders_time = float("-inf")      # ... and when they were last blitted
        self._compact = False    # the layout's arrangement for short windows (layout)
        self._controls_target: np.ndarray | None = None   # the pose the controls show
        # True while a trajectory plays: the sliders and value cells follow the arm (a move
        # to a target shows the target in them from its start, as Lodes' screen does)
        self._controls_follow_arm = False

    # ================================================================== building
    def build(self):
        import matplotlib.widgets as mw

        from ..widgets.cells import CellGrid

        fig, robot = self.fig, self.robot
        place = self.placement.add
        n = robot.n
        low, high = robot.q_to_user(self.state.limits.T)
        home = robot.q_to_user(robot.home)
        self._slider_labels = []
        for i, joint in enumerate(robot.joints):
            unit = "deg" if joint.is_revolute else robot.unit
            name = joint.name if joint.name and joint.name != f"joint {i + 1}" else ""
            self._slider_labels.append(f"joint {i + 1}" + (f": {name}" if name else "")
                                       + f" ({unit})")
        self._table_lines, self._table_units = self._table_text()
        places = self.layout(*figure_size_pt(fig))

        self.ax = place("arm", fig.add_axes(places["arm"], projection="3d"))
        self.drawing = ArmDrawing(self.ax, robot, self.state.q)
        self.drawing.fill_view()        # the arm as large as its reach allows (issue 37)
        self.drawing.collisions = self.state.collisions     # one checker for every window
        self.obstacles = ObstacleArtists(self.ax)           # the scene's, but its ground
        self.obstacles.set_scene(self.state.scene)
        self.animation = JointAnimation(self.state.q, clock=self.app.clock)
        self.title = place("title", fig.text(
            *places["title"], f"{robot.name}: {robot.n} joints ({robot.joint_types}), "
                              f"{robot.convention} DH, lengths in {robot.unit}",
            fontsize=TITLE_FONT, weight="bold", va="top"))
        self.table = place("table", fig.text(*places["table"], "\n".join(self._table_lines),
                                             family="monospace", fontsize=self._table_font,
                                             va="top"))
        self.table_note = place("table note", fig.text(
            *places["table note"], self._table_units, fontsize=NOTE_FONT, color="0.3", va="top"))
        self.jacobian = JacobianReadout(fig, robot)  # in the table's place: the "Jacobian" box

        self.sliders = []
        for i in range(n):
            ax = place(f"slider {i}", fig.add_axes(places[f"slider {i}"]))
            # quiet: one full draw per change (in _start) and one for the screen, none per slider
            slider = self.keep(QuietSlider(ax, self._slider_labels[i], low[i], high[i],
                                           valinit=home[i]))
            slider.label.set_fontsize(SLIDER_FONT)
            slider.valtext.set_visible(False)
            slider.on_changed(self.guarded(lambda value, i=i: self._on_slider(i, value)))
            self.sliders.append(slider)
        self.self_motion = None     # for arms of more than 6 joints (.self_motion_slider)
        if SELF_MOTION in places:
            ax = place(SELF_MOTION, fig.add_axes(places[SELF_MOTION]))
            self.self_motion = SelfMotionSlider(ax, self.state)
            slider = self.keep(self.self_motion.slider)
            slider.on_changed(self.guarded(self._on_self_motion))
            slider.label.set_fontsize(SLIDER_FONT)
            slider.valtext.set_visible(False)
        self.values = self.keep(CellGrid(
            fig, places["values"], n, ["value"],
            on_commit=self._reporting(self._on_value_commit), fontsize=8 if n > 8 else 9))
        place("values", self.values.ax)
        self._show_target_in_controls(self.state.target)

        self.buttons = {}
        for label, action in self._main_buttons():
            self._button(places[label], label, action)
        self.settings = self.keep(CellGrid(fig, places["settings"], 1, ["steps", "delay (ms)"],
                                           on_commit=self._reporting(self._on_setting_commit)))
        place("settings", self.settings.ax)
        self.settings.set_text(0, 0, str(DEFAULT_STEPS))
        self.settings.set_text(0, 1, f"{DEFAULT_DELAY * 1000:g}")
        toggle_ax = place("toggles", fig.add_axes(places["toggles"]))
        self.toggles = self.keep(mw.CheckButtons(toggle_ax, list(TOGGLES)))
        self.toggles.on_clicked(self.guarded(self._on_toggle))
        self._button(places["Matrix: next frame"], "Matrix: next frame", self.next_matrix)
        for label, _module, _function in tools.TOOLS:
            self._button(places[label], label, lambda label=label: self.open_tool(label))
        self._build_readout(places)

        self.timer = self.add_timer(int(DEFAULT_DELAY * 1000), self.tick)
        self.add_layer("arm", self.ax, self.drawing.moving_artists, ready=True)
        self.add_layer("readout", self._readout_box, self._moving_texts, ready=True)
        self.add_layer("jacobian", self._jacobian_box, self.jacobian.moving_texts, ready=True)
        for topic, observer in (("target", self._on_target), ("play", self._on_play),
                                ("play more", self._on_play_more),
                                ("pose", self._on_pose), ("path", self._on_path),
                                ("status", self._on_status), ("limits", self._on_limits),
                                ("scene", self._on_scene),
                                ("gripper", self._on_gripper),
                                ("highlight", self._on_highlight)):
            self.subscribe(self.state, topic, observer)
        self.connect_event("button_release_event", self.guarded(self._end_drag))
        self.connect_event("button_press_event", self.guarded(self._press_gripper))
        self.connect_event("motion_notify_event", self.guarded(self._drag_gripper))
        self.connect_event("key_press_event", self.guarded(self._on_key))
        self._update_readout()
        self._say_first()

    def _say_first(self):
        """The first status line: a mesh that could not be drawn; else a collision or a link
        below the floor at the pose shown first, with the robot's notes (a URDF's home moved
        into the limits says why the arm is folded); else the hint."""
        if self.drawing.style_message:
            self.set_status(self.drawing.style_message, error=True)
            return
        hit = self.drawing.hit_message()
        if hit is None:
            self.set_status(HINT)
            return
        self._floor_note = f"At the first pose, {hit}. {self.robot.notes}".strip()
        self.set_status(self._floor_note, error=True)

    def _main_buttons(self):
        """``(label, action)`` of each of :data:`MAIN_BUTTONS`."""
        return list(zip(MAIN_BUTTONS, (self.home, self.random_move, self.app.show_welcome,
                                       self.edit_table), strict=True))

    def _button(self, rect, label, action):
        self.buttons[label] = self.button(rect, label, action, fontsize=BUTTON_FONT)
        self.placement.add(label, self.buttons[label].ax)
        return self.buttons[label]

    def _table_text(self):
        """The read-only DH table (degrees, the robot's length unit) as lines of monospace
        text, and the note under it saying its units.

        The note also says the base and tool transforms when the robot has them
        (:func:`robosim.gui.widgets.matrix_text.mounting_lines`): the readout is
        ``base A_1 ... A_n tool``, and a student checking it by hand needs them.

        Its limits are those in force (``state.planning_robot``): while a calibration narrows
        a joint, that joint's min and max carry a ``*`` and the note names the calibration.
        """
        unit = self.robot.unit
        planning = self.state.planning_robot
        header = ["#", "type", "theta", "d", "a", "alpha", "min", "max", "name"]
        columns = ("joint", "type", "theta", "d", "a", "alpha", "min", "max", "name")
        narrowed = np.any(planning.limits != self.robot.limits, axis=1)
        user_limits = planning.q_to_user(planning.limits.T).T
        rows = []
        for row, calibrated, limits in zip(dh_rows(planning), narrowed, user_limits,
                                           strict=True):
            if calibrated:      # rounded as the Real arm window's limits line shows them
                row["min"], row["max"] = (calibrated_limit_text(v) + CALIBRATED_MARK
                                          for v in limits)
            rows.append([str(row[c]) for c in columns])
        widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(header)]
        lines = ["  ".join(v.rjust(w) for v, w in zip(row, widths,
                                                      strict=True)) for row in [header, *rows]]
        notes = [f"theta, alpha, revolute min/max in deg; d, a, prismatic min/max in {unit}"]
        notes += mounting_lines(self.robot)
        if self.robot.convention == "modified":
            notes.append("modified DH: row i holds a(i-1), alpha(i-1)")
        if narrowed.any():
            notes.append(f"{CALIBRATED_MARK} calibrated range ({self.state.calibration_source}),"
                         f" not the model's: the limits in force")
        elif self.state.calibration is not None:
            notes.append(f"limits: the model's, inside the calibrated range "
                         f"({self.state.calibration_source})")
        return lines, "\n".join(notes)

    # ================================================================== observing the arm
    def _on_target(self, state):
        """A new target: animate to it from the pose shown (the newest target wins)."""
        if self.animation.running:
            self.set_status(NEW_TARGET_WHILE_MOVING)
        elif self.app.status_is_error:
            self.set_status(HINT)  # a good target: the last error message no longer applies
        self._controls_follow_arm = False
        self.animation.move_to(state.target)
        self._start(interval_ms=max(1, round(self.animation.delay * 1000)))

    def _on_play(self, state):
        """A trajectory to play: approach its first row, then follow it in time; the
        sliders and value cells follow the arm."""
        self._controls_follow_arm = True
        self.animation.play(*state.playing)
        self._start(interval_ms=PLAYBACK_INTERVAL_MS)

    def _on_play_more(self, state):
        """Rows added to the motion playing (a fall computed while it plays): the animation
        goes on with them, started again if it had run out of poses. The controls show where
        it ends when it ends (redrawing their cells for every addition would hold up the
        frames)."""
        running = self.animation.running
        self.animation.extend(*state.played_more)
        if not running:
            self._start(interval_ms=PLAYBACK_INTERVAL_MS)

    def _on_pose(self, state):
        """The pose shown changed: move the drawing; the readout follows at most every
        :data:`READOUT_INTERVAL` s while an animation runs (longer when drawing it is slow, see
        :data:`READOUT_SHARE`), and always shows its last frame; so do the sliders and
        value cells while a trajectory plays. A pose a gripper drag put
        the arm at comes with the collisions the drag found there (one check per frame)."""
        drag = self._gripper_drag
        known = (drag.collision if drag is not None and np.array_equal(drag.q, state.q)
                 else None)
        self.drawing.set_pose(state.q, passed=state.passed, collision=known)
        now = self.animation.clock()
        moving = self.animation.running or self._dragged is not None
        readout = not moving or now - self._readout_time >= self._readout_gap
        if readout:
            self._readout_time = now
            self._update_readout()
            if self._controls_follow_arm and self.animation.running:
                self._show_target_blitted(state.q)
        self._report_floor()
        self._redraw_frame(readout=readout)

    def _on_path(self, state):
        self.drawing.set_path(state.path, state.path_bad)
        self._redraw_frame()

    def _on_scene(self, state):
        """Obstacles were added, changed or removed (the Obstacles window): draw them, and
        check the pose against them."""
        self.drawing.collisions, self.drawing.collision = state.collisions, None  # afresh
        self.obstacles.set_scene(state.scene)
        self._on_pose(state)
        self.redraw()

    def _on_limits(self, state):
        """A calibration was chosen or dropped: the sliders span the new limits, the DH table
        shows them; say so."""
        self._table_lines, self._table_units = self._table_text()
        self.table.set_text("\n".join(self._table_lines))
        self.table_note.set_text(self._table_units)
        self.relayout()
        low, high = self.robot.q_to_user(state.limits.T)
        for slider, valmin, valmax in zip(self.sliders, low, high, strict=True):
            slider.valmin, slider.valmax = float(valmin), float(valmax)
            slider.ax.set_xlim(slider.valmin, slider.valmax)
        note = state.limits_note or "Joint limits: the model's again (no calibration in use)."
        if not state.planning_robot.within_limits(state.target):
            note += "; the arm's target is outside them: move it inside"
        self.set_status(note)
        self.redraw()

    def _on_gripper(self, state):
        """The gripper closes or opens (the toggle, the Real arm window): draw it so; the
        toggle reads closed past half way."""
        closed_box = TOGGLES.index("Gripper closed")
        if self.toggles.get_status()[closed_box] != (state.gripper > 0.5):
            with muted(self.toggles):
                self.toggles.set_active(closed_box)
        self.drawing.set_gripper(state.gripper)
        self._redraw_frame()

    def _on_highlight(self, state):
        """The Matrix window picked a frame: draw it bold (None: none)."""
        self.drawing.highlight_frame(state.highlight)
        self._redraw_frame()

    def _on_status(self, state):
        message, error = state.status
        self.set_status(message or HINT, error)     # a closed window's message: the hint

    # ================================================================== controls
    def home(self):
        """Animate to the home pose."""
        self.state.animate_to(self.robot.home)

    def random_move(self):
        """Animate to a random pose inside the limits that collides with nothing: the floor
        (the Lynx6: its table), the arm itself (:mod:`robosim.collision`; the application's
        seeded generator); says so and stays when none of :data:`RANDOM_MOVE_TRIES` draws
        does."""
        q = random_free_q(self.drawing.collisions, self.app.rng, RANDOM_MOVE_TRIES,
                          robot=self.state.planning_robot)
        if q is None:
            self.set_status(f"Random Move: none of {RANDOM_MOVE_TRIES} random poses inside the "
                            f"limits keeps the arm clear of the floor, the table and itself; "
                            f"the arm stays", error=True)
            return
        self.state.animate_to(q)

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
        try:
            value = float(text)
        except ValueError:
            return f"joint {row + 1}: {text!r} is not a number ({unit})"
        if not np.isfinite(value):
            return f"joint {row + 1}: {text} is not a finite number ({unit})"
        try:
            self._on_slider(row, value)      # the state checks the limits planned with
        except ValidationError as exc:
            return str(exc)
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
        frames, trace, lodes, closed, jacobian = self.toggles.get_status()
        if jacobian != self._jacobian_shown:
            self.show_jacobian(jacobian)
        self.drawing.show_frames(frames)
        if trace != self.drawing.trace.get_visible():
            self.drawing.show_trace(trace)
        style = "lodes" if lodes else default_style(self.robot)  # mesh for a robot with meshes
        if style != self.drawing.style:
            self.drawing.set_style(style)
            self.redraw()  # the base is not a moving artist: a full draw
        if closed != (self.state.gripper > 0.5):
            self.state.set_gripper(float(closed))    # the drawing follows (_on_gripper)
        self._report_floor()
        self._redraw_frame()

    def show_jacobian(self, shown):
        """Show the Jacobian readout in the DH table's place (True), or the table (False; in
        the compact layout, the arm takes the place)."""
        self._jacobian_shown = shown
        self.jacobian.set_visible(shown)
        self.relayout()
        self._update_readout()
        self.redraw()

    def _report_floor(self):
        """Say in the status line when links collide (the pair named) or are below the floor;
        the note goes when none is."""
        message = self.drawing.hit_message()
        if message is not None and self.app.status != message:
            self.set_status(message, error=True)
        elif message is None and self.app.status == self._floor_note:
            self.set_status(HINT)
        self._floor_note = message

    # ================================================================== animation
    def _start(self, interval_ms):
        """Show the new target in the controls (a played trajectory: they follow the arm,
        :meth:`_on_pose`) and run the animation with a tick every ``interval_ms``
        milliseconds.

        While it runs the arm and the readout are animated blit layers (left out of full
        draws, blitted over the background the full draw leaves); when it stops they become
        ordinary artists again, so any later draw or a saved figure shows them. Its start is
        blitted too (:meth:`robosim.gui.blit.BlitManager.start`): a full draw of this figure
        takes a good part of a second in a real window, and the first frames must not wait.
        """
        if not self._controls_follow_arm:
            self._show_target_blitted(self.animation.target)
        self.blit.start("arm", *READOUT_LAYERS)
        self.timer.interval = interval_ms
        self.timer.start()

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
        """The animation ended: stop the timer; the arm's artists are ordinary again, the
        controls show where it ended (a motion played on after it started, see
        :meth:`_on_play_more`), and a note about a target given while moving goes (it would be
        stale)."""
        self.timer.stop()
        if (self._controls_target is None
                or not np.array_equal(self._controls_target, self.animation.target)):
            self._show_target_blitted(self.animation.target)
        for layer in ("arm", *READOUT_LAYERS):
            self.blit.animate(layer, False)
        if self.app.status == NEW_TARGET_WHILE_MOVING:
            self.set_status(HINT)

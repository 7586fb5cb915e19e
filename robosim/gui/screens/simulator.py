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
target wins. While a slider is *dragged* the arm follows it directly, one blitted frame per
pointer move (the arm, its slider and value cell, the readout when due) and no full draw, so
the arm keeps up with the hand. The gripper can be dragged the same way in the 3D view, the arm
following by IK (:mod:`robosim.gui.screens.gripper_drag`; ctrl+z, cmd+z on macOS, then
undoes the drag, one step). Animation frames are blitted: only the arm's
artists are redrawn, and the readout's numbers at most every :data:`READOUT_INTERVAL` seconds
(text is slow to draw); a full draw (which refreshes the blit background) happens when
controls change. A target given while moving, or an error, is said in the status line; a note
about a target given while moving goes when the arm stops, an error when a good target comes.

The arm itself is an :class:`robosim.gui.state.ArmState` (the application's ``state``): the
screen observes it (a target or a trajectory to play starts an animation, each pose shown moves
the drawing, a path or a status message is shown) and reports each frame's pose to it; tool
windows observe and ask the same state (contract in :mod:`robosim.gui.tools.window`).
"""

import math
import time

import numpy as np
from matplotlib.transforms import Bbox, offset_copy

from ...errors import ValidationError
from ...ik import is_lynx6_shaped
from ...robot_files import dh_rows
from ...collision import random_free_q
from ...plotting.arm import ArmDrawing, default_style
from ...plotting.obstacles import ObstacleArtists
from ...trajectory.motion import wrist_angle
from ...kinematics import r2rpy
from .. import tools
from .gripper_drag import DRAGGING_GRIPPER, PICK_PIXELS, GripperDrag, to_pixels
from .self_motion_slider import LABEL as SELF_MOTION_LABEL
from .self_motion_slider import MOVING, SelfMotionSlider, has_self_motion_slider
from .animation import DEFAULT_DELAY, DEFAULT_STEPS, JointAnimation
from ..state import calibrated_limit_text
from ..blit import whole_pixels
from ..undo_keys import undo_action
from ..widgets.fast_text import fast_text
from ..widgets.muted import muted
from ..widgets.quiet_slider import QuietSlider
from ..widgets.matrix_text import JOINT_DECIMALS, decimal_text, mounting_lines, shown_angles
from . import jacobian_readout
from .jacobian_readout import JacobianReadout
from ..layout import (MARGIN, MONOSPACE_WIDTH, STATUS_HEIGHT, Layout, figure_size_pt,
                     fit_fontsize, lines_height, text_width_pt)
from .base import Screen

TITLE_FONT = 11
TABLE_FONT = 8
NOTE_FONT = 7
#: After a min or max of the DH table narrowed by the calibration in use.
CALIBRATED_MARK = "*"
SLIDER_FONT = 8
BUTTON_FONT = 9
#: Height of a button and the space between two neighbours (points).
BUTTON_HEIGHT, GAP = 22, 5
#: The compact layout's button height and toggles' font size (points): the room they give back
#: is what lets 12 joints' rows fit a 1000 x 650 screen (their text keeps :data:`BUTTON_FONT`).
COMPACT_BUTTON_HEIGHT, COMPACT_TOGGLE_FONT = 18, 8
#: Height (points) of a joint's row (slider and value cell): at most, and at least (the 8 pt
#: slider labels take 9.6; 12 joints, :data:`robosim.kinematics.MAX_JOINTS`, get 11.25 in the
#: window a 1000 x 650 screen leaves).
JOINT_ROW, SMALLEST_JOINT_ROW = 26, 11
#: Below this row height (points) the simulator lays itself out compact (:meth:`layout`).
COMFORTABLE_JOINT_ROW = 18
#: Width of the value cells (points): a fifth of the control column within these bounds.
VALUE_WIDTH = (44, 80)
#: Height (points) of the steps/delay cells (header and cell); font size of the toggles' labels.
SETTINGS_HEIGHT, TOGGLE_FONT = 36, 9
#: The left column (arm and DH table) takes this fraction of the width; in the compact layout
#: (the arm alone beside the readout) the larger one, as long as the controls keep
#: COMPACT_CONTROLS_PT points: the arm drawn twice as large as issue 37 found it on a
#: 1000 x 650 screen, the controls in the rest (a narrower window keeps LEFT_COLUMN).
LEFT_COLUMN, COMPACT_LEFT_COLUMN, COMPACT_CONTROLS_PT = 0.47, 0.59, 275
TOOL_COLUMNS = 3
READOUT_FONT = 8
#: Characters from the readout's left edge to the right edge of the pose numbers, and the
#: smallest width of a matrix column.
READOUT_POSE_CHARS, READOUT_MATRIX_CHARS = 17, 8
#: Seconds between two updates of the readout during an animation.
READOUT_INTERVAL = 0.2
#: During a gripper drag a slider is drawn again once its handle moved this far (pixels): less
#: does not show; and the sliders at most every this many seconds (the arm at every move).
SLIDER_MOVE_PX, SLIDER_INTERVAL = 0.5, 0.05
#: Largest share of the time the readout may take during an animation: when drawing it took
#: longer than READOUT_SHARE * READOUT_INTERVAL (a slow or loaded machine: its text costs
#: 15-80 ms), the next update waits longer, so the arm keeps its frame rate.
READOUT_SHARE = 0.2
#: Milliseconds between two frames of a played trajectory: the clock picks the pose each frame
#: shows, so the timer only sets the frame rate's ceiling (about 60 frames per second).
PLAYBACK_INTERVAL_MS = 16
#: The check buttons under the joint controls, in order.
TOGGLES = ("DH frames", "EE trace", "Lodes shapes", "Gripper closed", "Jacobian")
#: The blit layers of the texts that follow the pose: the pose readout, the Jacobian readout.
READOUT_LAYERS = ("readout", "jacobian")
#: Random configurations Random Move tries for one that collides with nothing.
RANDOM_MOVE_TRIES = 200
MAX_STEPS = 1000
MAX_DELAY_MS = 5000
HINT = "Move a slider or type a value; presses during a move: the newest target wins."
#: :attr:`SimulatorScreen._dragged` while the self-motion slider is dragged.
SELF_MOTION = "self-motion"
NEW_TARGET_WHILE_MOVING = ("New target while moving: the arm turns toward it from where it is "
                           "(the newest target wins).")


def _slider_box(slider):
    """The display box a slider draws in: its axes, grown by the overhang of its handle (a
    marker: half its size, and its edge)."""
    points_to_pixels = slider.ax.figure.dpi / 72
    overhang = max((line.get_markersize() / 2 + line.get_markeredgewidth())
                   * points_to_pixels for line in slider.ax.lines)
    return slider.ax.bbox.padded(overhang)


def _no_coordinates(x, y):
    """What the toolbar shows of the pointer's place in the 3D view during a gripper drag."""
    return ""


class SimulatorScreen(Screen):
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
        return [("Home", self.home), ("Random Move", self.random_move),
                ("New Robot", self.app.show_welcome), ("Edit table", self.edit_table)]

    def layout(self, width, height):
        """Where everything goes in a figure of ``width`` x ``height`` points.

        Left: the title, the 3D arm, below it the DH table and its units. Right, from the top:
        a row per joint (slider, value cell), Home/Random Move/New Robot/Edit table, steps and
        delay with the toggles and the matrix button, the tool buttons, the readout. Text
        keeps its size in points: the rows of fixed height are laid from the foot, and the arm
        and the joints' rows share what is left.

        When that leaves a joint's row less than :data:`COMFORTABLE_JOINT_ROW` (a short window,
        many joints: a 1000 x 650 px screen), the layout is *compact*: the title spans the left
        column only, so the joints' rows take the right column from its top; the readout keeps
        the pose only (the Matrix... window shows the matrices) and stands beside the arm, so the
        arm keeps most of the left column. The arm's axes have no ticks or labels at any size
        (the readout gives the numbers): its reach fills them
        (:meth:`robosim.plotting.arm.ArmDrawing.fill_view`). Rows never go below
        :data:`SMALLEST_JOINT_ROW`.
        """
        self._compact = False
        places, joint_row = self._layout(width, height)
        if joint_row < COMFORTABLE_JOINT_ROW:
            self._compact = True
            places, _ = self._layout(width, height)
        return places

    def _layout(self, width, height):
        """The places in the arrangement :attr:`_compact` says, and the height (points) the
        joints' rows would have without a lower bound."""
        compact = self._compact
        places = Layout(width, height)
        n = self.robot.n
        top = height - MARGIN
        places.point("title", MARGIN, top)
        title_bottom = top - lines_height(1, TITLE_FONT) - GAP
        foot = STATUS_HEIGHT + GAP
        split = self._left_share(width) * width
        left, right = split + MARGIN, width - MARGIN
        column = right - left

        # the readout: at the right column's foot, or (compact: the pose only) beside the arm
        readout_height = lines_height(len(self._readout_labels()), READOUT_FONT)
        pose_chars = max(READOUT_POSE_CHARS, len(self._readout_labels()[0]))
        pose_width = pose_chars * MONOSPACE_WIDTH * READOUT_FONT
        if compact:
            readout_left, readout_width = split - MARGIN - pose_width, pose_width
            readout_bottom = title_bottom - readout_height
        else:
            readout_left, readout_width, readout_bottom = left, column, foot
        places.rect("readout box", readout_left, readout_bottom, readout_width, readout_height)
        places.point("readout", readout_left, readout_bottom + readout_height)
        places.point("readout matrix", readout_left + pose_width + 2 * MARGIN,
                     readout_bottom + readout_height)
        left_foot = foot
        right_foot = foot if compact else foot + readout_height + MARGIN

        # left: the table at the foot, its note under it, the arm above; compact: the arm down
        # to the foot (the table is not shown: Edit table shows it), or to the Jacobian
        self._table_font = self._fitting_table_font(split - 2 * MARGIN)
        note_height = lines_height(self._table_note_lines, NOTE_FONT)
        places.point("table note", MARGIN, left_foot + note_height)
        table_top = left_foot + note_height + GAP + lines_height(n + 1, self._table_font)
        places.point("table", MARGIN, table_top)
        if compact:
            table_top = left_foot
        if self._jacobian_shown:
            table_top = max(table_top, left_foot + jacobian_readout.readout_height())
        places.rect("jacobian", MARGIN, left_foot, split - 2 * MARGIN, table_top - left_foot)
        arm_bottom = table_top + GAP
        arm_right = readout_left - GAP if compact else split - MARGIN  # up to the readout
        places.rect("arm", MARGIN, arm_bottom, arm_right - MARGIN, title_bottom - arm_bottom)

        # right, from the foot up: tool buttons, settings, main buttons
        button_height = COMPACT_BUTTON_HEIGHT if compact else BUTTON_HEIGHT
        toggle_font = COMPACT_TOGGLE_FONT if compact else TOGGLE_FONT
        y = right_foot
        rows = -(-len(tools.TOOLS) // TOOL_COLUMNS)
        tool_width = (column - (TOOL_COLUMNS - 1) * GAP) / TOOL_COLUMNS
        for k, (label, _module, _function) in enumerate(tools.TOOLS):
            row, col = divmod(k, TOOL_COLUMNS)
            places.rect(label, left + col * (tool_width + GAP),
                        y + (rows - 1 - row) * (button_height + GAP), tool_width, button_height)
        y += rows * (button_height + GAP) - GAP + MARGIN
        row_height = max(SETTINGS_HEIGHT, lines_height(len(TOGGLES), toggle_font) + GAP)
        places.rect("settings", left, y + row_height - SETTINGS_HEIGHT, 0.4 * column,
                    SETTINGS_HEIGHT)
        # the toggles' box holds "Gripper closed" with matplotlib 3.9's wider text too
        places.rect("toggles", left + 0.4 * column + 2 * GAP, y, 0.28 * column, row_height)
        matrix_left = left + 0.68 * column + 4 * GAP
        places.rect("Matrix: next frame", matrix_left, y + row_height - button_height,
                    right - matrix_left, button_height)
        y += row_height + MARGIN
        main = self._main_buttons()
        button_width = (column - (len(main) - 1) * GAP) / len(main)
        for k, (label, _action) in enumerate(main):
            places.rect(label, left + k * (button_width + GAP), y, button_width, button_height)
        y += button_height + (MARGIN if compact else 1.5 * MARGIN)

        # the joints: a header line and a row each, from the top down
        joints_top = top if compact else title_bottom
        joint_row = (joints_top - y) / (n + 1)
        row = max(SMALLEST_JOINT_ROW, min(JOINT_ROW, joint_row))
        value_width = min(max(0.2 * column, VALUE_WIDTH[0]), VALUE_WIDTH[1])
        places.rect("values", right - value_width, joints_top - (n + 1) * row, value_width,
                    (n + 1) * row)
        slider_left = left + self._slider_label_width() + GAP
        slider_width = right - value_width - 2 * GAP - slider_left
        if has_self_motion_slider(self.robot):     # in the header row, above joint 1
            places.rect(SELF_MOTION, slider_left, joints_top - row + 0.15 * row, slider_width,
                        0.7 * row)
        for i in range(n):
            bottom = joints_top - (i + 2) * row
            places.rect(f"slider {i}", slider_left, bottom + 0.15 * row, slider_width, 0.7 * row)
        return places, joint_row

    def relayout(self):
        """Move everything to the places of the figure's present size; the DH table and its
        note take the font size their new width holds."""
        places = super().relayout()
        self._readout_rect = places["readout box"]
        self._jacobian_rect = left, bottom, width, height = places["jacobian"]
        self.jacobian.place(left, bottom + height, width * figure_size_pt(self.fig)[0])
        width, _ = figure_size_pt(self.fig)
        self.table.set_fontsize(self._table_font)
        self.readout_labels.set_text("\n".join(self._readout_labels()))
        self._fit_toggles()
        # compact: the readout without its matrix
        for text in (self.readout_matrix_title, *self.readout_matrix):
            text.set_visible(not self._compact)
        title_width = (self._left_share(width) * width if self._compact else width) - 2 * MARGIN
        fit_fontsize(self.title, title_width, lines_height(1, TITLE_FONT), TITLE_FONT)
        fit_fontsize(self.table_note, self._left_share(width) * width - 2 * MARGIN,
                     lines_height(self._table_note_lines, NOTE_FONT), NOTE_FONT)
        table_shown = not (self._compact or self._jacobian_shown)
        self.table.set_visible(table_shown)
        self.table_note.set_visible(table_shown)
        return places

    def _left_share(self, width):
        """The share of a figure ``width`` points wide that the left column takes in the
        present layout."""
        if not self._compact:
            return LEFT_COLUMN
        return max(LEFT_COLUMN, min(COMPACT_LEFT_COLUMN, 1 - COMPACT_CONTROLS_PT / width))

    @property
    def _table_note_lines(self):
        """Lines the note under the DH table has room for: 2, more when it says more."""
        return max(2, self._table_units.count("\n") + 1)

    def _fitting_table_font(self, width):
        """The DH table's font size (points): 8 (7 above 8 joints), smaller if ``width``
        points would not hold its longest line (monospace: every character as wide)."""
        largest = TABLE_FONT if self.robot.n <= 8 else TABLE_FONT - 1
        chars = max(len(line) for line in self._table_lines)
        return max(5.0, min(largest, width / (chars * MONOSPACE_WIDTH)))

    def _slider_label_width(self):
        from matplotlib.font_manager import FontProperties

        font = FontProperties(size=SLIDER_FONT)
        labels = self._slider_labels + ([SELF_MOTION_LABEL]
                                        if has_self_motion_slider(self.robot) else [])
        return max(text_width_pt(self.fig, label, font) for label in labels)

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

    def set_status(self, message, error=False):
        self.app.set_status(message, error)

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

    def _on_slider(self, joint, value):
        """A new value (degrees or length unit) for one joint; the others keep their target.

        The press on a slider animates the arm to its value (Lodes' steps); each value of the
        drag that follows moves the arm there at once (:meth:`_follow`)."""
        target = self.state.target
        target[joint] = np.radians(value) if self.robot.joints[joint].is_revolute else value
        dragging = self.sliders[joint].drag_active
        if dragging and self._dragged == joint:
            self._follow(joint, target)
            return
        self._dragged = joint if dragging else None
        if dragging:
            self.hover(False)           # until the release (_end_drag)
        self.state.animate_to(target)

    def _on_self_motion(self, value):
        """The self-motion slider moved to ``value`` (degrees of arc): the arm goes there along
        its self-motion at once, a click as a drag (:mod:`.self_motion_slider`), blitted as a
        gripper drag is; a stop is said in the status line."""
        self_motion = self.self_motion
        if self_motion is None:         # only its slider calls: there is one
            return
        if self.animation.running:
            self.timer.stop()
            self.state.stop()
        starting = self._dragged != SELF_MOTION
        if starting:
            self._track_sliders()
            if self_motion.slider.drag_active:
                self._dragged = SELF_MOTION
        q, message = self_motion.move(value)
        if message is not None:
            if self.app.status != message:
                self.set_status(message, error=True)
        # said once, and again after a stop: not over a collision's words at every move
        elif (starting or self.app.status.startswith("Self-motion: ")) \
                and self.app.status != MOVING:
            self.set_status(MOVING)
        self._jump_with_sliders(q)
        self._redraw_sliders([self_motion.slider])
        if self._dragged != SELF_MOTION:      # a click: the controls show where it went
            self._show_target_blitted(q)

    def _follow(self, joint, target):
        """The slider of ``joint`` is dragged to ``target``: stop any animation and show the
        arm there at once. Only what moved is redrawn, blitted: the arm (and the readout when
        due, :meth:`_on_pose`), the slider and its value cell; the first frame of a drag
        draws in full once if the arm was not blitted yet."""
        if self.animation.running:
            self.timer.stop()
            if self.app.status == NEW_TARGET_WHILE_MOVING:
                self.set_status(HINT)
        self._show_at_once(target)
        self._controls_target = np.array(target, dtype=float)
        self.values.set_text(joint, 0, decimal_text(self.robot.q_to_user(target)[joint],
                                                    JOINT_DECIMALS))
        self._redraw_sliders([self.sliders[joint]])

    def _press_gripper(self, event):
        """A press of the left button within :data:`PICK_PIXELS` of the drawn tool point starts
        a gripper drag: the 3D view stops rotating on drag until the release."""
        if event.inaxes is not self.ax or event.button != 1 or self._dragged is not None:
            return
        tool = to_pixels(self.ax, self.drawing.end_effector[:3, 3])[0]
        if np.hypot(event.x - tool[0], event.y - tool[1]) > PICK_PIXELS:
            return
        if self.animation.running:
            self.timer.stop()
            self.state.stop()
        self.ax.disable_mouse_rotation()
        self.hover(False)               # until the release (_end_drag)
        # nor does the toolbar say the view's coordinates under the pointer (1.5 ms a motion
        # event for a 3D view, and meaningless while the gripper moves)
        self.ax.format_coord = _no_coordinates
        self._dragged = "gripper"
        self._before_drag = self.state.q.copy()
        self._track_sliders()
        self._gripper_drag = GripperDrag(self.ax, self.state.planning_robot, self.state.q,
                                         (event.x, event.y), self.state.collisions)
        self.set_status(DRAGGING_GRIPPER)

    def _track_sliders(self):
        """A drag (the gripper's or the self-motion's) begins: the joint sliders follow the arm
        from here, each remembered at its value now, none blitted yet
        (:meth:`_jump_with_sliders`)."""
        self._sliders_blitted = np.array([slider.val for slider in self.sliders])
        self._sliders_time = float("-inf")

    def _drag_gripper(self, event):
        """The pointer moved while the gripper is dragged: the arm follows by IK, blitted
        like a slider drag; a refused target leaves it at its last good pose, said why."""
        if self._gripper_drag is None:
            return
        q, message = self._gripper_drag.follow((event.x, event.y), event.key)
        if message is not None:
            if self.app.status != message:
                self.set_status(message, error=True)
            if np.array_equal(q, self.state.q):   # a turn may stop part way: shown there
                return
        self._jump_with_sliders(q)

    def _show_at_once(self, q):
        """Put the arm at ``q`` without an animation, its artists blitted (the first frame of
        a drag draws in full once if the arm was not blitted yet)."""
        self.animation.jump_to(q)
        if not all(self.blit.animated(layer) for layer in ("arm", *READOUT_LAYERS)):
            for layer in ("arm", *READOUT_LAYERS):
                self.blit.animate(layer)
            self.redraw()
        self.state.jump_to(q)

    def _jump_with_sliders(self, q):
        """Show the arm at ``q`` at once, blitted, and the sliders whose handles moved, at most
        every :data:`SLIDER_INTERVAL` s (each blit of theirs cost a third of a frame); the
        value cells follow at the release (redrawing their texts at every move halved the
        updates per second), the sliders exactly there too."""
        self._show_at_once(q)
        self._show_in_sliders(q)
        now = self.animation.clock()
        if now - self._sliders_time >= SLIDER_INTERVAL:
            self._sliders_time = now
            self._blit_sliders(moved_only=True)

    def _blit_sliders(self, moved_only=False):
        """Show the sliders as they are now, blitted (their value cells blit themselves);
        ``moved_only``: only those whose handle moved by :data:`SLIDER_MOVE_PX` or more since
        they were last blitted (a gripper drag moves most joints by less at each motion
        event, and drawing every slider cost as much as drawing the arm)."""
        blitted = self._sliders_blitted
        redrawn = [k for k, slider in enumerate(self.sliders)
                   if not moved_only or blitted is None
                   or abs(slider.val - blitted[k]) * slider.ax.bbox.width
                   >= SLIDER_MOVE_PX * (slider.valmax - slider.valmin)]
        if not redrawn:
            return
        if blitted is not None:
            blitted[redrawn] = [self.sliders[k].val for k in redrawn]
        self._redraw_sliders([self.sliders[k] for k in redrawn])

    def _redraw_sliders(self, sliders):
        """Draw ``sliders`` (joint sliders or the self-motion slider) again as a full draw shows
        them, and blit them.

        A slider's handle is a circle that sticks out of its slider's axes (above and below
        in a short row, past the ends of the track): the box redrawn is the sliders' axes
        grown by it, drawn from the figure's background with every slider that reaches into
        it (:meth:`robosim.gui.blit.BlitManager.redraw_box`). Drawn over the old handle inside
        the axes only, the old circle's rims stayed on screen ("ghost handles")."""
        box = whole_pixels(Bbox.union([_slider_box(slider) for slider in sliders]))
        every_slider = [*self.sliders, *([self.self_motion.slider] if self.self_motion else [])]
        touching = [slider for slider in every_slider if _slider_box(slider).overlaps(box)]
        artists = [artist for slider in touching
                   for artist in (slider.ax.patch, *slider.ax.patches, *slider.ax.lines,
                                  slider.label)]
        reach = Bbox.union([box, *(_slider_box(slider) for slider in touching),
                            *(slider.label.get_window_extent() for slider in touching)]
                           ).padded(2)       # a glyph's antialiasing passes its extent
        self.blit.redraw_box(artists, box, reach)

    def _on_key(self, event):
        """ctrl+z (cmd+z on macOS: :mod:`robosim.gui.undo_keys`) after a gripper drag: the arm
        goes back to the pose before it (one step; there is no redo)."""
        if (undo_action(event) != "undo" or self._before_drag is None
                or self._dragged is not None):
            return
        q, self._before_drag = self._before_drag, None
        self.state.animate_to(q)
        self.set_status("Undo: the arm goes back to the pose before the gripper drag.")

    def _end_drag(self, event):
        """The button is released: a drag ends with the readout of the last pose shown, and
        the arm's artists become ordinary ones again (a later full draw shows them); after a
        gripper drag the 3D view rotates on drag again."""
        if self._dragged is None:
            return
        self.hover(True)
        if self._gripper_drag is not None:
            self._gripper_drag = None
            self.ax.mouse_init()
            del self.ax.format_coord        # the 3D view's own again
            self._show_target_in_controls(self.state.q)
            self._blit_sliders()             # each exactly where the arm ended
            if self.app.status == DRAGGING_GRIPPER:
                self.set_status(HINT)
        if self._dragged == SELF_MOTION:
            self._show_target_in_controls(self.state.q)
            self._blit_sliders()             # each exactly where the arm ended
            if self.app.status == MOVING:
                self.set_status(HINT)
        self._dragged = None
        if self.animation.running:    # a click without a drag: its animation goes on
            return
        self._readout_time = self.animation.clock()
        self._update_readout()
        self._redraw_frame()
        for layer in ("arm", *READOUT_LAYERS):
            self.blit.animate(layer, False)

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

    def _show_target_blitted(self, q):
        """The value cells and the sliders show ``q``, blitted together in one blit (no full
        draw follows an animation's start or end to show the sliders)."""
        with self.blit.one_blit():
            self._show_target_in_controls(q)
            self._blit_sliders()

    def _show_target_in_controls(self, q):
        """Sliders and value fields show ``q`` without firing their callbacks."""
        values = self._show_in_sliders(q)
        for i, value in enumerate(values):
            self.values.set_text(i, 0, decimal_text(value, JOINT_DECIMALS))

    def _show_in_sliders(self, q):
        """Sliders show ``q`` without firing their callbacks (nothing drawn); returns its
        values in the user's units ``(n,)``."""
        self._controls_target = np.array(q, dtype=float)
        values = self.robot.q_to_user(q)
        for slider, value in zip(self.sliders, values, strict=True):
            with muted(slider):
                slider.set_val(value)
        return values

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

    # ================================================================== drawing
    def _fit_toggles(self):
        """The toggles' labels at one font size, the largest at which the widest fits its
        box right of its check box ("Gripper closed" spilled out of it at 700 x 450)."""
        largest = COMPACT_TOGGLE_FONT if self._compact else TOGGLE_FONT
        ax = self.toggles.ax
        box_width = ax.get_position(original=True).width * figure_size_pt(self.fig)[0]
        row = lines_height(1, largest)
        size = min(fit_fontsize(label, (1 - label.get_position()[0]) * box_width - GAP, row,
                                largest)
                   for label in self.toggles.labels)
        for label in self.toggles.labels:
            label.set_fontsize(size)

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

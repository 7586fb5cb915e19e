"""The simulator's geometry: where the arm, the DH table, the joints' rows, the buttons and
the readout go at the figure's size, and the font sizes that make them fit.

:meth:`SimulatorLayout.layout` is one function of the figure's width and height in points (a
:class:`robosim.gui.layout.Layout`); :meth:`SimulatorLayout.relayout` moves what the screen built
to it after every resize and fits the texts (the DH table, the title, the toggles' labels).

:class:`SimulatorLayout` is a part of :class:`robosim.gui.screens.simulator.SimulatorScreen`
(above :mod:`.simulator_readout`); the attributes it declares are made by the screen's
``build``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import tools
from ..layout import (MARGIN, MONOSPACE_WIDTH, STATUS_HEIGHT, Layout, figure_size_pt,
                      fit_fontsize, lines_height, text_width_pt)
from . import jacobian_readout
from .self_motion_slider import LABEL as SELF_MOTION_LABEL
from .self_motion_slider import has_self_motion_slider
from .simulator_readout import READOUT_FONT, READOUT_POSE_CHARS, SimulatorReadout

if TYPE_CHECKING:
    from matplotlib.text import Text
    from matplotlib.widgets import CheckButtons

TITLE_FONT = 11
TABLE_FONT = 8
NOTE_FONT = 7
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
#: The check buttons under the joint controls, in order.
TOGGLES = ("DH frames", "EE trace", "Lodes shapes", "Gripper closed", "Jacobian")
#: The buttons under the joints' rows, in order.
MAIN_BUTTONS = ("Home", "Random Move", "New Robot", "Edit table")
#: The self-motion slider's place (arms of more than 6 joints), and
#: :attr:`SimulatorScreen._dragged` while it is dragged.
SELF_MOTION = "self-motion"


class SimulatorLayout(SimulatorReadout):
    """The simulator screen's geometry (see the module docstring)."""

    _table_font: float
    _table_lines: list[str]      # the DH table's text (the screen's _table_text)
    _table_units: str            # ... and its note
    _slider_labels: list[str]
    title: Text
    table: Text
    table_note: Text
    toggles: CheckButtons

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
        button_width = (column - (len(MAIN_BUTTONS) - 1) * GAP) / len(MAIN_BUTTONS)
        for k, label in enumerate(MAIN_BUTTONS):
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

    def _left_share(self, width: float) -> float:
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

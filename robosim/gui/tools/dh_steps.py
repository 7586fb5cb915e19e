"""The "DH steps" tool window: how frame i-1 becomes frame i, one elementary motion at a time.

RoboAnalyzer's "Visualization of DH Parameters" (Table I), in the simulator: pick a
joint (or all joints in turn, base and tool included) and play, step forward or step back through
its elementary motions (:func:`robosim.dh_steps`). On the left the arm, faint, with the moving
frame (x, y, z in red, green, blue) turning or sliding from frame i-1, ghosts of the frames already
reached and the step named with its value ("joint 2: rotate theta2 = 30 deg about z1"); this is
:class:`robosim.plotting.dh_steps.DHStepsDrawing`, the drawing the GIF and ``robosim dh-steps``
use. On the right, for the step being played:

- the elementary matrix (``Rz(theta2 = 30 deg)``, ``Tz``, ``Tx``, ``Rx``, or the base or tool
  transform);
- ``A_i`` so far: the product of the row's elementary matrices up to this one, in numbers and in
  the symbolic cos/sin form with this row's constants
  (:func:`robosim.dh_steps.symbolic_link_matrix`);
- ``0T_i`` so far: frame 0 to the moving frame (``0T_{i-1} A_i`` so far).

The window follows the simulator's arm (:mod:`robosim.gui.tools.window` contract): move a slider,
even while the steps play, and the steps are those of the new pose from the next frame on. Frames
are blitted: the moving frame and the arm over the 3D view's background, the matrices (which change
only from one step to the next) over the panel's. The speed is seconds per elementary motion.

Controls: the "joint" cell (a click picks the next: all, base, 1 .. n, tool), the "s per step"
cell, "< Back" (to the end of the step before; pauses), "Play" / "Pause" (from the start again
once at the end), "Step >" (plays to the end of the next step and pauses).
"""

import math
import time

import numpy as np
from matplotlib.transforms import Bbox

from ...dh_steps import (MOTIONS, ROW_ORDER, offset_term, shown_amount,
                         symbolic_link_matrix)
from ...errors import ValidationError
from ...plotting.arm import ArmDrawing
from ...plotting.dh_steps import dress_for_dh_steps
from ..widgets.cells import CellGrid
from ..widgets.fast_text import fast_text
from ..layout import (MARGIN, MONOSPACE_WIDTH, STATUS_HEIGHT, Layout, figure_size_pt,
                     fit_fontsize, lines_height)
from ..widgets.matrix_text import column_widths, matrix_entries
from .window import ToolWindow

FIGSIZE = (10.0, 6.5)
TITLE_FONT, TEXT_FONT, MATRIX_FONT, BUTTON_FONT = 11, 9, 8, 9
#: Height of the buttons and of the cells' row (header and cell), and the gap between, points.
BUTTON_HEIGHT, CELLS_HEIGHT, GAP = 22, 36, 5
#: The 3D view takes this fraction of the window's width.
VIEW_FRACTION = 0.5
#: Seconds per elementary motion at first, and the range the cell accepts.
SECONDS_PER_STEP = 1.0
SPEED_RANGE = (0.1, 10.0)
#: Milliseconds between two frames while playing (the clock decides how far each one goes).
TICK_MS = 30
ALL = "all"
#: Width of the widest glyph of DejaVu Sans ("W", "m") as a fraction of the font size.
WIDEST_GLYPH = 1.0
#: A position this close to where playing stops (in steps) is there.
END_SNAP = 1e-9
#: The elementary matrix of each parameter, as a student writes it.
MATRIX_NAMES = {"theta": "Rz", "d": "Tz", "a": "Tx", "alpha": "Rx"}
#: Matrix blocks of the panel, in reading order (left, right; then the second row).
BLOCKS = ("elementary", "so far", "symbolic", "0T")
HINT = ("Pick a joint (a click on the cell picks the next), then Play or Step >; the sliders "
        "of the simulator still move the arm.")


class DHStepsWindow(ToolWindow):
    """The DH steps of the simulator's arm; ``DHStepsWindow.open(arm)`` opens one.

    Parameters
    ----------
    arm : robosim.gui.state.ArmState
    fig : matplotlib.figure.Figure
    clock : callable
        Time in seconds (tests pass one they advance by hand; under Agg call :meth:`tick`).

    Attributes
    ----------
    joint : int or None
        The DH row whose steps play (1-based; 0 base, n + 1 tool), None for all of them.
    sequence : list of int
        Indices into ``drawing.steps`` of the steps that play.
    position : float
        How far through :attr:`sequence`, in steps: ``k + f`` is ``f`` of the way through step
        ``k`` (0-based); an integer ``k > 0`` is the end of step ``k - 1``.
    playing : bool
    seconds_per_step : float
    """

    TITLE = "DH steps: {robot}"
    FIGSIZE = FIGSIZE

    def __init__(self, arm, fig, clock=time.monotonic):
        super().__init__(arm, fig)
        self.clock = clock
        self.joint = None
        self.position = 0.0
        self.playing = False
        self.seconds_per_step = SECONDS_PER_STEP
        self._stop_at = 0.0
        self._last_time = None
        self._panel_step = None
        self.build()
        self.relayout()
        self.connect_event("resize_event", lambda event: self.relayout())

    # ================================================================== building
    def build(self):
        fig, robot = self.fig, self.robot
        place = self.placement.add
        places = self.layout(*figure_size_pt(fig))
        self.ax = place("view", fig.add_axes(places["view"], projection="3d"))
        self.arm_drawing = ArmDrawing(self.ax, robot, self.arm.q)
        self.drawing = dress_for_dh_steps(self.arm_drawing, self.arm.q)
        # The step is named in the panel; in the 3D view its text would be drawn again at
        # every frame (text is what a frame spends most on).
        self.drawing.caption.set_visible(False)
        self.sequence = self._sequence()
        self.title = place("title", fig.text(*places["title"], f"DH steps: {robot.name}",
                                             fontsize=TITLE_FONT, weight="bold", va="top"))
        self.convention = place("convention", fig.text(
            *places["convention"], _convention_text(robot), fontsize=MATRIX_FONT, va="top"))
        self.cells = self.keep(CellGrid(
            fig, places["cells"], 1, ["joint", "s per step"], on_commit=self._on_commit,
            choices={0: self.joint_choices()}, fontsize=TEXT_FONT))
        place("cells", self.cells.ax)
        self.cells.set_text(0, 0, ALL)
        self.cells.set_text(0, 1, f"{SECONDS_PER_STEP:g}")
        self.buttons = {}
        for label, action in (("< Back", self.back), ("Play", self.play_or_pause),
                              ("Step >", self.step_forward)):
            self.buttons[label] = self.button(places[label], label, action, fontsize=BUTTON_FONT)
            place(label, self.buttons[label].ax)
        x, y = places["step"]
        self.step_text = place("step", fast_text(fig, x, y, "", fontsize=TEXT_FONT, va="top",
                                                 gid="panel"))
        self.block_titles, self.block_columns = {}, {}
        self._block_entries: dict[str, list[list[str]]] = {}
        for name in BLOCKS:
            x, y = places[f"{name} title"]
            self.block_titles[name] = place(f"{name} title", fast_text(
                fig, x, y, "", fontsize=MATRIX_FONT, va="top", gid="panel"))
            # One right-aligned text per column: no padding spaces to draw (each glyph drawn
            # costs, spaces too), placed by _place_block; drawn as FastText.
            self.block_columns[name] = [fast_text(fig, 0, 0, "", fontsize=MATRIX_FONT,
                                                  ha="right", va="top", family="monospace",
                                                  gid="panel")
                                        for _ in range(4)]
            self._block_entries[name] = []
        x, y = places["legend"]
        self.legend = place("legend", fast_text(fig, x, y, "",
                                                fontsize=MATRIX_FONT, va="top", gid="panel"))
        self.status_line(places["status"], fontsize=TEXT_FONT).show(HINT)
        self.timer = self.add_timer(TICK_MS, self.tick)
        self._arm_blitted = False
        self.add_layer("steps", self.ax, self.drawing.animated_artists)
        self.add_layer("panel", self._panel_box, self.panel_texts)
        self.subscribe(self.arm, "pose", self.guarded(self._on_pose))
        self._show()

    def layout(self, width, height):
        """The 3D view on the left; on the right from the top: title, the convention's
        formula, the cells and buttons, the step, the 2 x 2 matrices and their legend."""
        places = Layout(width, height)
        self._block_anchors = {}
        foot = STATUS_HEIGHT
        places.rect("status", 0, 0, width, STATUS_HEIGHT)
        split = VIEW_FRACTION * width
        places.rect("view", 0, foot, split, height - foot)
        left, right = split + MARGIN, width - MARGIN
        column = right - left
        self._column_width = column
        places.rect("panel", left, foot, column, height - foot)
        y = height - MARGIN
        places.point("title", left, y)
        y -= lines_height(1, TITLE_FONT) + GAP
        places.point("convention", left, y)
        y -= lines_height(2, MATRIX_FONT) + GAP
        cells_width = 0.45 * column
        places.rect("cells", left, y - CELLS_HEIGHT, cells_width, CELLS_HEIGHT)
        button_width = (column - cells_width - 3 * GAP) / 3
        for k, label in enumerate(("< Back", "Play", "Step >")):
            places.rect(label, left + cells_width + GAP + k * (button_width + GAP),
                        y - CELLS_HEIGHT, button_width, BUTTON_HEIGHT)
        y -= CELLS_HEIGHT + 2 * GAP
        places.point("step", left, y)
        y -= lines_height(2, TEXT_FONT) + GAP
        half = (column - 2 * MARGIN) / 2
        block = lines_height(5, MATRIX_FONT)
        for k, name in enumerate(BLOCKS):
            row, col = divmod(k, 2)
            x, top = left + col * (half + 2 * MARGIN), y - row * (block + 2 * GAP)
            places.point(f"{name} title", x, top)
            self._block_anchors[name] = (x, top - lines_height(1, MATRIX_FONT))
        self._block_width = half
        y -= 2 * block + 3 * GAP
        places.point("legend", left, y)
        return places

    def relayout(self):
        """Move everything to the places of the present size; titles shrink to fit."""
        places = super().relayout()
        self._panel_rect = places["panel"]
        self._fit_texts()
        return places

    def _fit_texts(self):
        """Shrink the title, the convention, and what changes with the step, to fit."""
        column = self._column_width
        fit_fontsize(self.title, column, lines_height(1, TITLE_FONT), TITLE_FONT)
        fit_fontsize(self.convention, column, lines_height(2, MATRIX_FONT), MATRIX_FONT)
        self._fit_step_texts()

    def _fit_step_texts(self):
        """Fit the texts that change with the step (at every new step: measuring a line
        costs milliseconds, so a text surely narrow enough is not measured) and place the
        matrices' columns."""
        column = self._column_width
        _fit(self.step_text, column, 2, TEXT_FONT)
        _fit(self.legend, column, 2, MATRIX_FONT)
        for name in BLOCKS:
            _fit(self.block_titles[name], self._block_width, 1, MATRIX_FONT)
            self._place_block(name)

    def _place_block(self, name):
        """Put the entries of matrix block ``name`` in its column texts, right-aligned at
        the column widths (monospace: a width follows from the characters), the font
        shrunk if the block is wider than its place."""
        entries, columns = self._block_entries[name], self.block_columns[name]
        widths = column_widths(entries)
        chars = sum(widths) + 2 * 3
        size = max(5.0, min(MATRIX_FONT, self._block_width / (chars * MONOSPACE_WIDTH)))
        x, top = self._block_anchors[name]
        width, height = figure_size_pt(self.fig)
        for c, text in enumerate(columns):
            right = x + (sum(widths[:c + 1]) + 2 * c) * MONOSPACE_WIDTH * size
            text.set_position((right / width, top / height))
            text.set_fontsize(size)
            text.set_text("\n".join(line[c] for line in entries))

    def block_matrix(self, name):
        """The entries shown in matrix block ``name`` (one of :data:`BLOCKS`): 4 lists of
        4 str, or [] when the block is empty."""
        return [list(line) for line in self._block_entries[name]]

    @property
    def panel_texts(self):
        """The texts that change from one step to the next (the "panel" blit layer)."""
        return [self.step_text, *self.block_titles.values(),
                *(text for name in BLOCKS for text in self.block_columns[name]), self.legend]

    def _panel_box(self):
        """The panel's box in display pixels (the "panel" blit layer's box)."""
        return Bbox.from_bounds(*self._panel_rect).transformed(self.fig.transFigure)

    def joint_choices(self):
        """The joint cell's values: all, base, 1 .. n, tool."""
        return [ALL, "base", *(str(i) for i in range(1, self.robot.n + 1)), "tool"]

    # ================================================================== controls
    def select_joint(self, choice):
        """Play the steps of ``choice`` (a value of :meth:`joint_choices`) from their start;
        playing goes on if it was on."""
        choices = self.joint_choices()
        if choice not in choices:
            raise ValidationError(f"joint: {choice!r} is not one of {', '.join(choices)}")
        index = choices.index(choice)
        self.joint = None if index == 0 else index - 1
        self.sequence = self._sequence()
        self.position = 0.0
        self._stop_at = float(len(self.sequence))
        self._last_time = self.clock()
        self.cells.set_text(0, 0, choice)
        self._show()
        self._refresh()

    def set_speed(self, seconds):
        """Seconds per elementary motion (within :data:`SPEED_RANGE`)."""
        low, high = SPEED_RANGE
        if not (math.isfinite(seconds) and low <= seconds <= high):
            raise ValidationError(f"s per step must be {low:g} to {high:g} seconds, got "
                                  f"{seconds:g}")
        self.seconds_per_step = float(seconds)

    def play_or_pause(self):
        """Play to the end (from the start when at the end), or pause."""
        if self.playing:
            self.pause()
            return
        if self.position >= len(self.sequence):
            self.position = 0.0
        self._play_to(len(self.sequence))

    def step_forward(self):
        """Play to the end of the next step, then pause."""
        if self.position >= len(self.sequence):
            self.say("That was the last step: Play starts again from the first.")
            return
        self._play_to(math.floor(self.position) + 1)

    def back(self):
        """Pause, and show the end of the step before (the start, from the first step)."""
        self.go_to(max(0, math.ceil(self.position) - 1))

    def go_to(self, position):
        """Pause, and show :attr:`position` ``position`` (clamped to the steps)."""
        self.pause()
        self.position = min(max(float(position), 0.0), float(len(self.sequence)))
        self._show()
        self._refresh()

    def pause(self):
        """Stop playing where the frame is (the screen shows it already: no full draw; the
        frame and panel are ordinary artists again for the next one)."""
        if not self.playing:
            return
        self.playing = False
        self.timer.stop()
        self._label_play("Play")
        self._animate(self._arm_moving())

    def _play_to(self, stop_at):
        self._stop_at = float(stop_at)
        self._last_time = self.clock()
        self.playing = True
        self._label_play("Pause")
        if self._animate(True):
            self.redraw()           # the backgrounds of the blitted frames
        self.timer.start()

    def _label_play(self, label):
        """Say ``label`` on the Play button (blitted over it, no full draw)."""
        button = self.buttons["Play"]
        button.label.set_text(label)
        self.show_button(button)

    def tick(self):
        """Move the frame as far as the time since the last tick goes (the timer calls this;
        tests call it by hand); pauses at the end of what was asked."""
        if not self.playing:
            return
        now = self.clock()
        advance = (now - self._last_time) / self.seconds_per_step
        self._last_time = now
        self.position = self.position + advance
        if self.position > self._stop_at - END_SNAP:    # sums of ticks fall short by rounding
            self.position = self._stop_at
        self._refresh(panel=self._show())
        if self.position >= self._stop_at:
            self.pause()

    def _on_commit(self, row, column, text):
        """The joint cell (a choice) or the speed cell; None accepts, a message rejects."""
        try:
            if column == 0:
                self.select_joint(text)
            else:
                try:
                    seconds = float(text)
                except ValueError:
                    raise ValidationError(f"s per step: {text!r} is not a number") from None
                self.set_speed(seconds)
        except ValidationError as exc:
            self.say(str(exc), error=True)
            return str(exc)
        return None

    # ================================================================== the arm moved
    def _on_pose(self, arm):
        """Show the steps of the new pose; zoom to them when the arm stops."""
        q = arm.q
        self.arm_drawing.set_pose(q)
        self.drawing.set_q(q)
        self._panel_step = None
        self._show()
        if self._arm_moving():
            self._blit_arm(True)
            self._animate(True)
            self._refresh()
            return
        self._blit_arm(False)
        self._animate(self.playing)
        self.drawing.zoom()
        self.redraw()

    def _arm_moving(self):
        return not np.array_equal(self.arm.q, self.arm.target)

    # ================================================================== showing
    def current(self):
        """``(index, fraction)``: the step shown (index into ``drawing.steps``) and how far."""
        if self.position <= 0:
            return self.sequence[0], 0.0
        k = min(math.ceil(self.position), len(self.sequence)) - 1
        return self.sequence[k], self.position - k

    def _sequence(self):
        steps = self.drawing.steps
        return [k for k, step in enumerate(steps) if self.joint is None or step.joint == self.joint]

    def _show(self):
        """Put the moving frame where :attr:`position` says, and the panel on its step;
        returns True when the panel changed."""
        index, fraction = self.current()
        self.drawing.set_step(index, fraction)
        # Before the first step and at its end the frame may stand in the same place (a base
        # that is the identity, a joint at zero): the panel says which of the two it is.
        panel_step = (index, self.position > 0)
        if panel_step == self._panel_step:
            return False
        self._panel_step = panel_step
        self._fill_panel(index)
        return True

    def _fill_panel(self, index):
        """The step's line, its four matrices and the legend of the symbols."""
        robot, steps = self.robot, self.drawing.steps
        step = steps[index]
        k = self.sequence.index(index) + 1
        where = "all joints" if self.joint is None else _joint_words(robot, self.joint)
        heading = (f"Start: step 1 of {len(self.sequence)} next" if self.position <= 0
                   else f"Step {k} of {len(self.sequence)}")
        # A rotation or translation names its amount (0 deg); a base or tool transform does not.
        still = (" (the identity here: no motion)"
                 if step.parameter not in MOTIONS and np.allclose(step.matrix, np.eye(4)) else "")
        self.step_text.set_text(f"{heading} ({where}):\n{step.describe(robot.unit)}{still}")
        base_inverse = np.linalg.inv(robot.base)
        texts = {}
        if step.parameter in MOTIONS:
            row = step.joint
            row_steps = [s for s in steps if s.joint == row]
            applied = row_steps.index(step) + 1
            so_far = np.eye(4)
            for s in row_steps[:applied]:
                so_far = so_far @ s.matrix
            names = " ".join(MATRIX_NAMES[s.parameter] for s in row_steps[:applied])
            texts["elementary"] = (f"{MATRIX_NAMES[step.parameter]}({_value_words(step, robot)})",
                                   matrix_entries(step.matrix))
            texts["so far"] = (f"A{row} so far = {names}", matrix_entries(so_far))
            texts["symbolic"] = (f"A{row} so far, symbolic",
                                 symbolic_link_matrix(robot, row, applied=applied))
            texts["0T"] = (f"0T{row} so far = 0T{row - 1} A{row} so far",
                           matrix_entries(base_inverse @ step.frame))
            self.legend.set_text(_legend(robot, row, steps))
        else:
            whole = "world T 0" if step.parameter == "base" else f"{robot.n}T tool"
            texts["elementary"] = (f"{step.parameter} transform ({whole})",
                                   matrix_entries(step.matrix))
            texts["so far"] = texts["symbolic"] = ("(not a DH row: no A_i)", [])
            texts["0T"] = (("world T 0 = base" if step.parameter == "base"
                            else f"0T tool = 0T{robot.n} {robot.n}T tool"),
                           matrix_entries(base_inverse @ step.frame))
            self.legend.set_text("The base and tool transforms come from the robot file; "
                                 "frame 0 is the base frame.")
        for name, (title, entries) in texts.items():
            self.block_titles[name].set_text(title)
            self._block_entries[name] = entries
        self._fit_step_texts()

    def _blit_arm(self, on):
        """Blit the arm's artists with the frames (True: the arm is moving), or leave them in
        the background (False: a frame then costs half as much). Takes effect at the next
        full draw."""
        if on == self._arm_blitted:
            return
        animated = self.blit.animated("steps")
        self.blit.remove_layer("steps")
        self.blit.add_layer("steps", self.ax, [*(self.arm_drawing.moving_artists if on else []),
                                               *self.drawing.animated_artists])
        self.blit.animate("steps", animated)
        self._arm_blitted = on

    def _animate(self, on):
        """Blit the moving frame and the panel (True) or draw them normally (False); returns
        True when that changed (a full draw then takes the blit backgrounds)."""
        changed = False
        for layer in ("steps", "panel"):
            if self.blit.animated(layer) != on:
                self.blit.animate(layer, on)
                changed = True
        return changed

    def _refresh(self, panel=True):
        """Show the frame (and the panel, if it changed: its text costs more to draw than the
        frame): blitted while animated, else one full draw."""
        if self.blit.animated("steps"):
            self.blit.update("steps", *(["panel"] if panel else []))
        else:
            self.redraw()


def _fit(text, width_pt, n_lines, largest):
    """:func:`~robosim.gui.layout.fit_fontsize`, unless every line is surely narrow enough at
    ``largest`` points (no glyph of DejaVu Sans is wider than :data:`WIDEST_GLYPH` of its
    size): then no line is measured."""
    lines = text.get_text().split("\n")
    if max(len(line) for line in lines) * WIDEST_GLYPH * largest <= width_pt:
        text.set_fontsize(largest)
        return largest
    return fit_fontsize(text, width_pt, lines_height(n_lines, largest), largest)


def _convention_text(robot):
    """The convention's formula and its order of motions."""
    if robot.convention == "standard":
        formula = "A_i = Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i)"
    else:
        formula = "A_i = Rx(alpha_i-1) Tx(a_i-1) Rz(theta_i) Tz(d_i)"
    order = ", ".join(ROW_ORDER[robot.convention])
    return (f"{robot.convention} DH: {formula}\nmotions of row i in order: {order}; lengths in "
            f"{robot.unit}")


def _joint_words(robot, joint):
    if joint == 0:
        return "the base"
    if joint == robot.n + 1:
        return "the tool"
    return f"joint {joint}"


def _value_words(step, robot):
    """``"theta2 = 30 deg"``, ``"d3 = 40 mm"``."""
    if MOTIONS[step.parameter][0] == "rotate":
        return f"{step.symbol} = {shown_amount(math.degrees(step.value)):.4g} deg"
    return f"{step.symbol} = {shown_amount(step.value):.4g} {robot.unit}"


def _legend(robot, row, steps):
    """What the symbols of row ``row`` stand for, with the joint value and offset:
    ``"c2 = cos theta2, s2 = sin theta2; theta2 = q2 + 90 deg = 120 deg"``."""
    joint = robot.joints[row - 1]
    variable = next(s for s in steps if s.joint == row and s.parameter == (
        "theta" if joint.is_revolute else "d"))
    if joint.is_revolute:
        symbols = f"c{row} = cos theta{row}, s{row} = sin theta{row}; "
        offset = offset_term(joint.offset, lambda v: f"{math.degrees(v):g} deg")
        value = f"{shown_amount(math.degrees(variable.value)):.4g} deg"
        return f"{symbols}theta{row} = q{row}{offset} = {value}"
    offset = offset_term(joint.offset, lambda v: f"{v:g} {robot.unit}")
    return f"d{row} = q{row}{offset} = {shown_amount(variable.value):.4g} {robot.unit} (prismatic)"

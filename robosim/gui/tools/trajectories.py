"""The "Trajectories..." tool window: compute a trajectory, play it on the simulator, export it.

It follows the tool-window contract of :mod:`robosim.gui.tools.window` (it only uses the ``arm``
handle). The left half holds the settings, typed in :class:`~robosim.gui.widgets.cells.CellGrid`
cells (choice cells step through their values on a click), and the buttons; the right half the joint
position, velocity and acceleration of the computed trajectory (:mod:`robosim.plotting.joints`) with
a dotted playhead and a time slider under them.

Types of trajectory:

``joint``
    From the arm's current pose through the ``via`` rows (optional) to the ``goal`` row, with
    the chosen profile (linear, cubic, quintic, trapezoidal) over ``duration`` seconds in
    ``points`` samples (:func:`robosim.trajectory.joint_profile`).
``surface``, ``preset``, ``formula``
    A Cartesian path, traversed in ``duration`` seconds or at ``path speed`` when that is
    typed (a curve of the explicit surface z = f(x1, x2), one of the paper's
    presets placed in the robot's workspace, or parametric x, y, z of u, v), followed by IK
    point by point from the current pose (:mod:`robosim.trajectory`); unreachable points are
    drawn red and either skipped or the path stops before the first (``bad points``).
    Computing a preset writes its formulas and ranges, as placed, in the formula rows: a start
    for the user's own.

Play hands the trajectory (from the playhead on) to ``arm.play``; Pause sends the arm to where
it is (the newest target wins); the step buttons and the slider move the playhead and
``arm.animate_to`` the pose there. The computed path (or, for joint profiles, the end-effector
path) is shown in the simulator with ``draw_path`` (until the window closes). Export CSV /
Import CSV use :mod:`robosim.trajectory.files`; Save GIF / Save MP4 write the 3D arm moving
along the trajectory (:mod:`robosim.plotting.movies`) a few frames per timer tick, so the
window stays responsive. Every error becomes a red status line; nothing raises out of a
callback and a failed Compute keeps the last good trajectory.
"""

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from matplotlib.transforms import Bbox

from ...collision import first_collision
from ...errors import RobosimError, ValidationError
from ...parsing import parse_number
from ...plotting.joints import JointPlots
from ...plotting.movies import MovieExport
from ...trajectory.files import read_trajectory_csv, write_trajectory_csv
from ..widgets import file_dialog
from ..widgets.cells import CellGrid
from ..widgets.matrix_text import JOINT_DECIMALS, decimal_text
from ..widgets.muted import muted
from ..widgets.quiet_slider import QuietSlider
from .window import ToolWindow, joint_columns

FIGSIZE = (11.0, 7.4)
TICK_MS = 40
MOVIE_FRAMES_PER_TICK = 2
#: The settings (cells, buttons) end at this fraction of the window's width; plots and the
#: slider lie right of it.
SETTINGS_RIGHT = 0.5
TYPES = ("joint", "surface", "preset", "formula")
BAD_POINTS = ("skip", "stop")
JOINT_ROWS = ("via 1", "via 2", "goal")
FORMULA_ROWS = ("surface z =", "volume x =", "y =", "z =")
RANGE_ROWS = ("x1", "x2", "u", "v")
MAX_POINTS = 100_000
DEFAULTS = {"duration": "3", "points": "101", "curves": "", "index": "", "speed": "",
            "file": "trajectory.csv"}
TYPE, PROFILE, BAD, PRESET = range(4)
DURATION, POINTS, CURVES, INDEX, SPEED = range(5)


@dataclass
class Computed:
    """A trajectory the window holds: joint values over time and the path it draws.

    ``t`` (N,) s; ``q``, ``qd``, ``qdd`` (N, n) API units (``qd``/``qdd`` None: estimated);
    ``points`` (M, 3) the Cartesian path in the robot's unit; ``bad`` (M,) its red points;
    ``what`` a short description for the status line; ``curves`` (C, K, 3) the surface or
    volume a path was picked from (None for joint trajectories).
    """

    t: np.ndarray
    q: np.ndarray
    qd: object
    qdd: object
    points: np.ndarray
    bad: object
    what: str
    curves: object = None


class TrajectoryWindow(ToolWindow):
    """The window's state and widgets; ``TrajectoryWindow.open(arm)`` opens one."""

    TITLE = "Trajectories"
    FIGSIZE = FIGSIZE

    def __init__(self, arm, fig):
        from ... import trajectory

        super().__init__(arm, fig)
        self.core = trajectory
        self.computed: Computed | None = None
        self._goal_behind = {}     # goal column -> (text shown, exact value): set_goal
        self.index = 0
        self.playing = False
        self.movie = None
        self._build()
        # While playing, the playheads and the time slider are blitted over the plots and the
        # slider's row (a full draw of this window costs as much as many frames of the
        # simulator): the slider's value bar, its handle and its value text move with them.
        slider = self.slider
        self.add_layer("playheads", self._playing_box,
                       [*self.plots.playheads, slider.poly, *slider.ax.lines, slider.valtext])
        self.subscribe(arm, "pose", self._on_pose)
        self.subscribe(arm, "limits", lambda arm: self._flag_outside_limits())
        self.timer = self.add_timer(TICK_MS, self.tick)

    # ================================================================== layout
    def _build(self):
        fig, robot = self.fig, self.robot
        fig.text(0.02, 0.955, f"Trajectories: {robot.name}", fontsize=12, fontweight="bold")
        presets = list(self.core.PRESETS) or ["(none)"]
        self.choices = CellGrid(fig, (0.02, 0.85, 0.46, 0.07), 1,
                                ["type", "profile", "bad points", "preset"],
                                choices={TYPE: TYPES, PROFILE: self.core.PROFILE_KINDS,
                                         BAD: BAD_POINTS, PRESET: presets},
                                widths=[1, 1.3, 1, 2.2], on_commit=self._on_choice)
        for col, text in ((TYPE, "joint"), (PROFILE, "quintic"), (BAD, "skip"),
                          (PRESET, presets[0])):
            self.choices.set_text(0, col, text)
        self.numbers = CellGrid(fig, (0.02, 0.76, 0.46, 0.07), 1,
                                ["duration s", "points", "curves", "index",
                                 f"path speed {robot.unit}/s"], widths=[1, 1, 1, 1, 1.6],
                                on_commit=self._reporting(self._check_number))
        for col, key in enumerate(("duration", "points", "curves", "index", "speed")):
            self.numbers.set_text(0, col, DEFAULTS[key])
        columns, short_columns, unit = joint_columns(robot)
        self.joints = CellGrid(fig, (0.02, 0.59, 0.46, 0.14), len(JOINT_ROWS), columns,
                               short_columns=short_columns, short_corner=unit,
                               row_labels=JOINT_ROWS, label_width=0.1,
                               on_commit=self._reporting(self._check_joint), fontsize=8)
        self.set_goal(self.arm.q)
        self.formulas = CellGrid(fig, (0.02, 0.37, 0.30, 0.18), len(FORMULA_ROWS),
                                 ["formula of (x1, x2) or (u, v)"], row_labels=FORMULA_ROWS,
                                 label_width=0.3, on_commit=self._reporting(self._check_formula),
                                 fontsize=8)
        self.ranges = CellGrid(fig, (0.35, 0.37, 0.13, 0.18), len(RANGE_ROWS), ["from", "to"],
                               row_labels=RANGE_ROWS, label_width=0.22,
                               on_commit=self._reporting(self._check_number_cell), fontsize=8)
        self.file = CellGrid(fig, (0.02, 0.27, 0.46, 0.06), 1, ["file (.csv, .gif or .mp4)"],
                             fontsize=8)
        self.file.set_text(0, 0, str(Path(DEFAULTS["file"]).absolute()))
        self.grids = [self.keep(grid) for grid in (self.choices, self.numbers, self.joints,
                                                   self.formulas, self.ranges, self.file)]
        self.buttons = {}
        rows = {0.19: ("Compute", "Goal = pose", "Export CSV", "Import CSV"),
                0.12: ("|<", "<", "Play", "Pause", ">", "Save GIF", "Save MP4")}
        for bottom, labels in rows.items():
            width = 0.46 / len(labels)
            for column, label in enumerate(labels):
                self._button(label, (0.02 + width * column, bottom, width - 0.008, 0.055))
        # the lowest plot's tick labels and "time (s)" stay above the slider (0.12 to 0.15)
        # down to the 1000 x 650 screen's window, 510 px high
        axes = [fig.add_axes((0.56, 0.68 - 0.22 * k, 0.36, 0.18)) for k in range(3)]
        for ax in axes[1:]:
            ax.sharex(axes[0])
        for ax in axes[:-1]:
            ax.tick_params(labelbottom=False)
        for ax in axes:
            ax.tick_params(labelsize=7)
            ax.yaxis.label.set_fontsize(7)
        self.plots = JointPlots(axes, robot.joint_types, robot.unit,
                                [joint.name for joint in robot.joints], legend="top")
        axes[-1].xaxis.label.set_fontsize(8)
        slider_ax = fig.add_axes((0.56, 0.12, 0.36, 0.03))
        self.slider = self.keep(QuietSlider(slider_ax, "t (s)", 0.0, 1.0, valinit=0.0))
        self.slider.on_changed(self.guarded(self.scrub))
        self.status_line((0.01, 0.01, 0.98, 0.08), fontsize=8).show(
            "Choose a type, type the goal, press Compute.")

    def _button(self, label, rect):
        actions = {"Compute": self.compute, "Goal = pose": lambda: self.set_goal(self.arm.q),
                   "Export CSV": self.export_csv, "Import CSV": self.import_csv,
                   "|<": lambda: self.go_to(0), "<": lambda: self.step(-1),
                   "Play": self.play, "Pause": self.pause, ">": lambda: self.step(+1),
                   "Save GIF": lambda: self.save_movie("gif"),
                   "Save MP4": lambda: self.save_movie("mp4")}
        self.buttons[label] = self.button(rect, label, actions[label], fontsize=8)
        return self.buttons[label]

    # ================================================================== messages
    def say(self, message, error=False, now=False):
        """Show a line in this window and in the simulator's status line; ``now`` draws the
        window at once (before a long computation blocks it)."""
        super().say(message, error)
        if now:
            self.blit.draw_now()

    def _reporting(self, check):
        """An on_commit that turns ``check``'s ValidationError into the cell's red message."""
        def on_commit(row, col, text):
            try:
                check(row, col, text)
            except RobosimError as exc:
                self.say(str(exc), error=True)
                return str(exc)
            return None
        return on_commit

    # ================================================================== reading the cells
    def _check_number(self, row, col, text):
        if col == DURATION:
            _positive(text, "duration (s)")
        elif col == POINTS:
            _whole(text, "points", 2, MAX_POINTS)
        elif col == SPEED:
            if text.strip():
                _positive(text, f"path speed ({self.robot.unit}/s)")
        elif text.strip():
            _whole(text, "curves" if col == CURVES else "index", 1 if col == CURVES else 0,
                   MAX_POINTS)

    def _check_joint(self, row, col, text):
        if text.strip():
            self._joint_value(row, col, text)

    def _check_formula(self, row, col, text):
        if text.strip():
            self._formula(row, text)

    def _check_number_cell(self, row, col, text):
        parse_number(text, f"{RANGE_ROWS[row]} {'from' if col == 0 else 'to'}")

    def _joint_value(self, row, col, text):
        """The API value of joint ``col`` typed in ``text`` (deg or length unit), in limits;
        a goal cell still showing what :meth:`set_goal` put there gives the exact value kept
        behind it."""
        joint = self.robot.joints[col]
        unit = "deg" if joint.is_revolute else self.robot.unit
        what = f"{JOINT_ROWS[row]}, joint {col + 1}"
        value = parse_number(text, f"{what} ({unit})")
        low, high = self.robot.q_to_user(self.robot.limits.T)[:, col]
        if not low <= value <= high:
            raise ValidationError(f"{what}: {text.strip()} {unit} is outside its limits "
                                  f"[{low:g}, {high:g}] {unit}")
        shown, exact = self._goal_behind.get(col, (None, None))
        if row == len(JOINT_ROWS) - 1 and text == shown:
            return exact
        return float(np.radians(value)) if joint.is_revolute else value

    def _joint_row(self, row):
        """The configuration typed in a row, or None when it is blank."""
        texts = [self.joints.text(row, col) for col in range(self.robot.n)]
        if not any(text.strip() for text in texts):
            return None
        if not all(text.strip() for text in texts):
            raise ValidationError(f"{JOINT_ROWS[row]}: type every joint's value or none")
        return np.array([self._joint_value(row, col, text) for col, text in enumerate(texts)])

    def _formula(self, row, text):
        from ...trajectory.expressions import compile_expression

        variables = ("x1", "x2") if row == 0 else ("u", "v")
        return compile_expression(text, variables)

    def _setting(self, col):
        text = self.numbers.text(0, col)
        self._check_number(0, col, text)
        return float(text) if col == DURATION else int(float(text))

    def _optional(self, col):
        """A whole number from a cell that may be left blank (None: the default)."""
        text = self.numbers.text(0, col)
        self._check_number(0, col, text)
        return int(float(text)) if text.strip() else None

    def _range(self, row):
        return tuple(parse_number(self.ranges.text(row, col),
                             f"{RANGE_ROWS[row]} {'from' if col == 0 else 'to'}")
                     for col in (0, 1))

    def set_goal(self, q):
        """Fill the goal row with ``q`` (API units), shown in degrees / length unit with
        :data:`JOINT_DECIMALS` decimals, and keep ``q`` exactly behind the cells: a cell still
        showing the text set here reads as its exact value, one the user changed as typed.

        So "Goal = pose" on a pose of 12.345678 deg shows 12.3457 but means 12.345678: an
        untouched goal is the pose itself (Compute: nothing to move), and typing 20 in one
        cell moves that joint by exactly 20 - 12.345678 deg and no other joint at all (read
        from the rounded cells, each would have moved by up to half a shown digit)."""
        row = len(JOINT_ROWS) - 1
        self._goal_behind = {}
        for col, (exact, value) in enumerate(zip(q, self.robot.q_to_user(q), strict=True)):
            text = decimal_text(value, JOINT_DECIMALS)
            self.joints.set_text(row, col, text)
            self._goal_behind[col] = (text, float(exact))

    def _on_choice(self, row, col, text):
        if col == TYPE:
            hints = {"joint": "joint: from the current pose through the via rows to the goal",
                     "surface": "surface: z = f(x1, x2) over the x1 and x2 ranges, cut into "
                                "'curves' curves of constant x1; curve 'index' (from 0) is "
                                "followed (blank: 11 curves, the middle one)",
                     "preset": "preset: one of the paper's paths, placed in the robot's "
                               "workspace (blank curves/index: the preset's own)",
                     "formula": "formula: x, y, z of (u, v) over the u and v ranges; 'curves' "
                                "values of v, curve 'index' (from 0) is followed (blank: v "
                                "from its range's start)"}
            self.say(hints[text])
        return None

    # ================================================================== computing
    def compute(self):
        """Compute the chosen trajectory; on any error the last good one stays."""
        for grid in self.grids:
            grid.commit()
        kind = self.choices.text(0, TYPE)
        if kind != "joint":
            self.say(f"computing the {kind} path: IK point by point (a few seconds)...", now=True)
        computed = self._compute_joint() if kind == "joint" else self._compute_path(kind)
        self.show(computed)

    def _compute_joint(self):
        duration, points = self._setting(DURATION), self._setting(POINTS)
        vias = [q for q in (self._joint_row(r) for r in range(len(JOINT_ROWS) - 1))
                if q is not None]
        goal = self._joint_row(len(JOINT_ROWS) - 1)
        if goal is None:
            raise ValidationError("goal: type the goal's joint values (or press Goal = pose)")
        if not vias and self._shows_as_current_pose(goal):
            raise ValidationError("goal: it is the current pose, nothing to move (type another "
                                  "goal or a via row)")
        kind = self.choices.text(0, PROFILE)
        profile = self.core.joint_profile(self.arm.q, goal, duration, duration / (points - 1),
                                          kind=kind, via=np.array(vias) if vias else None,
                                          robot=self.robot)
        end_points = self.robot.fk(profile.q)[:, :3, 3]
        return Computed(profile.t, profile.q, profile.qd, profile.qdd, end_points, None,
                        f"{kind} profile, {len(profile.t)} points over {duration:g} s")

    def _shows_as_current_pose(self, goal):
        """True when every joint of ``goal`` (API units) reads as the current pose's in the
        goal cells: the cells show :data:`JOINT_DECIMALS` decimals, so a goal typed as the
        pose reads (12.3457 for a pose of 12.34567 deg) is the pose, and a move of
        0.00003 deg no move a student asked for. ("Goal = pose" left untouched is the pose
        exactly: :meth:`set_goal`.)"""
        shown = 0.5 * 10.0 ** -JOINT_DECIMALS
        difference = self.robot.q_to_user(goal) - self.robot.q_to_user(self.arm.q)
        return bool(np.all(np.abs(difference) <= shown * (1 + 1e-9)))

    def _compute_path(self, kind):
        """Follow a surface curve, a preset or the volume formulas by IK from the pose."""
        duration, points = self._setting(DURATION), self._setting(POINTS)
        curves, index = self._optional(CURVES), self._optional(INDEX)
        core = self.core
        if kind == "surface":
            formula = self._formula(0, self.formulas.text(0, 0))
            curves, index = core.default_curves("surface", curves, index)
            path = core.surface_path(formula, self._range(0), self._range(1), curves, index,
                                     points)
            what = f"surface curve {index} (of 0 to {curves - 1})"
        elif kind == "preset":
            name = self.choices.text(0, PRESET)
            path = core.preset_path(name, self.robot, points=points, curves=curves, index=index)
            self._show_preset_formulas(core.placed_formulas(path))
            what = f"preset {name}"
        else:
            x, y, z = (self._formula(row, self.formulas.text(row, 0)) for row in (1, 2, 3))
            curves, index = core.default_curves("volume", curves, index)
            path = core.volume_path(x, y, z, self._range(2), self._range(3), points,
                                    curves=curves, index=index)
            what = "volume formulas"
        speed_text = self.numbers.text(0, SPEED)
        self._check_number(0, SPEED, speed_text)
        timing = ({"speed": float(speed_text)} if speed_text.strip()
                  else {"duration": duration})
        result = core.follow_path(self.robot, path.points, self.arm.q,
                                  on_bad=self.choices.text(0, BAD), **timing)
        t, q = result.motion()
        if len(t) == 0:
            raise ValidationError(f"{what}: the arm cannot start the path ({result.message})")
        notes = "; ".join(m for m in (path.message, result.message) if m)
        what = f"{what}, {t[-1] - t[0]:.3g} s"
        return Computed(t, q, None, None, path.points, ~result.reachable,
                        f"{what}: {notes}" if notes else what, path.curves)

    def _show_preset_formulas(self, placed):
        """Put a preset's formulas and ranges as placed for this robot
        (:func:`robosim.trajectory.placed_formulas`) in the formula rows: a start for the
        user's own (type 'formula' or 'surface')."""
        rows = (0,) if placed.kind == "surface" else (1, 2, 3)
        range_rows = (0, 1) if placed.kind == "surface" else (2, 3)
        for row, text in zip(rows, placed.formulas, strict=True):
            self.formulas.set_text(row, 0, text)
        for row, (low, high) in zip(range_rows, placed.ranges,
                                    strict=True):   # exact: 2 pi, not 6.28319,
            self.ranges.set_text(row, 0, repr(float(low)))          # so closed curves close
            self.ranges.set_text(row, 1, repr(float(high)))

    def show(self, computed):
        """Make ``computed`` the window's trajectory: plots, slider, path in the simulator."""
        self.computed = computed
        self._set_playing(False)
        self.plots.show(computed.t, computed.q, computed.qd, computed.qdd)
        slider = self.slider
        slider.valmin, slider.valmax = float(computed.t[0]), float(computed.t[-1])
        if slider.valmax <= slider.valmin:
            slider.valmax = slider.valmin + 1e-3
        slider.ax.set_xlim(slider.valmin, slider.valmax)
        self.draw_path(computed.points, computed.bad)
        self._set_index(0)
        self.say(computed.what)
        if not self._flag_outside_limits():
            self._flag_collision()

    def _flag_collision(self):
        """Say in red, before any Play, when and where the trajectory first collides (the
        simulator plays it, showing the links in red; the real arm refuses it)."""
        computed = self._require()
        found = first_collision(self.arm.collisions, computed.q)
        if found is not None:
            row, pairs = found
            self.say(f"at t = {computed.t[row]:.2f} s {pairs}: the real arm refuses "
                     f"this trajectory", error=True)

    def _flag_outside_limits(self):
        """Say in red, before any Play, where the trajectory leaves the limits planned with
        (the calibrated range chosen after it was computed): the time and the joint. True
        when it said so."""
        if self.computed is None:
            return False
        try:
            self.arm.check_trajectory(self.computed.t, self.computed.q)
        except ValidationError as exc:
            self.say(f"{exc}: Play refuses it; compute it again", error=True)
            return True
        return False

    # ================================================================== playback
    def _require(self):
        if self.computed is None:
            raise RobosimError("nothing computed yet: press Compute (or Import CSV) first")
        return self.computed

    def play(self):
        """Play from the playhead to the end (from the start when at the end)."""
        computed = self._require()
        start = 0 if self.index >= len(computed.t) - 1 else self.index
        self._set_playing(True)
        self._set_index(start, redraw=False)
        self.arm.play(computed.t[start:], computed.q[start:])
        self.say(f"playing from t = {computed.t[start]:.2f} s")

    def pause(self):
        """Stop the arm where it is; Play continues from there."""
        if not self.playing:
            self.say("not playing")
            return
        self._set_playing(False)
        self.arm.animate_to(self.arm.q)
        self.say(f"paused at t = {self._require().t[self.index]:.2f} s")

    def step(self, rows):
        """Move the playhead ``rows`` samples (negative: back) and the arm there."""
        self.go_to(self.index + rows)

    def go_to(self, index):
        """Put the playhead at sample ``index`` (clipped) and animate the arm to its pose."""
        computed = self._require()
        self._set_playing(False)
        index = int(np.clip(index, 0, len(computed.t) - 1))
        self._set_index(index)
        self.arm.animate_to(computed.q[index])

    def scrub(self, time_s):
        """The slider moved: go to the last sample at or before ``time_s``."""
        self.redraw()
        if self.computed is None:
            return
        t = self.computed.t
        index = int(np.searchsorted(t, time_s + 1e-9, side="right")) - 1
        if index != self.index or self.playing:
            self.go_to(index)

    def _set_index(self, index, redraw=True):
        """Move the playhead (plots and slider) to sample ``index`` without moving the arm."""
        self.index = index
        time_s = float(self._require().t[index])
        self.plots.set_time(time_s)
        with muted(self.slider):
            self.slider.set_val(time_s)
        if redraw:
            self.redraw()

    def _on_pose(self, arm):
        """Pose observer: while playing, follow the arm with the playhead (blitted)."""
        computed = self.computed
        if not self.playing or computed is None:
            return
        q = arm.q
        rows = computed.q[self.index:]
        matches = np.flatnonzero(np.all(np.abs(rows - q) <= 1e-9, axis=1))
        if len(matches) == 0:
            return  # the approach to the first row, or another tool moved the arm
        index = self.index + int(matches[0])
        shown = self._shown_time()
        self._set_index(index, redraw=False)
        if index == len(computed.t) - 1:
            self._set_playing(False)
            self.say(f"played to the end, t = {computed.t[-1]:.2f} s")
            return
        self.blit.update("playheads")
        if self._shown_time() != shown and self.status is not None:  # a blit of one text
            self.status.show(f"playing: t = {self._shown_time()} of {computed.t[-1]:.2f} s")

    def _shown_time(self):
        """The playhead's time as the status line shows it while playing (tenths of a
        second: a change of the last digit of hundredths at every frame is not read)."""
        return f"{self._require().t[self.index]:.1f}"

    def _set_playing(self, playing):
        """While playing, the playheads are left out of full draws and blitted; a full draw
        (at the end of the action) takes their background, or shows them again."""
        self.playing = playing
        self.blit.animate("playheads", playing)
        self.redraw()

    def _playing_box(self):
        """The plots and the slider's row across the window's right half (its value text
        lies right of its axes, its handle reaches out of them at either end; the cells end
        at :data:`SETTINGS_RIGHT`), display pixels: the "playheads" blit layer's box."""
        row, window = self.slider.ax.bbox, self.fig.bbox
        return Bbox.union([*(ax.bbox for ax in self.plots.axes),
                           Bbox.from_extents(window.x0 + SETTINGS_RIGHT * window.width, row.y0,
                                             window.x1, row.y1)])

    # ================================================================== files
    def _file(self, suffix, save=True):
        """The file to write (``save``) or read, with ``suffix``
        (:func:`~robosim.gui.widgets.file_dialog.ask_for_cell`). None: the dialog was
        cancelled (said in the status line)."""
        path = file_dialog.ask_for_cell(self.fig, self.file, save=save, suffix=suffix,
                                        what=suffix, stem="trajectory")
        if path is None:
            self.say("no file was chosen")
        return path

    def export_csv(self):
        """Write the trajectory to the file cell's name as .csv (atomic)."""
        computed = self._require()
        path = self._file(".csv")
        if path is None:
            return
        write_trajectory_csv(path, self.robot, computed.t, computed.q)
        self.say(f"wrote {len(computed.t)} rows to {path}")

    def import_csv(self):
        """Read a trajectory CSV (the file cell's name as .csv) made for this robot's shape."""
        path = self._file(".csv", save=False)
        if path is None:
            return
        trajectory = read_trajectory_csv(path)
        trajectory.check_robot(self.robot)
        outside = ~self.robot.within_limits(trajectory.q)
        if outside.any():
            row = int(np.argmax(outside))
            raise ValidationError(f"{path}: row {row + 1} (t = {trajectory.t[row]:g} s) is "
                                  f"outside {self.robot.name}'s joint limits; not loaded")
        points = self.robot.fk(trajectory.q)[:, :3, 3]
        self.show(Computed(trajectory.t, trajectory.q, None, None, points, None,
                           f"read {len(trajectory.t)} rows from {path}"))

    def save_movie(self, fmt):
        """Start writing the animation as ``fmt`` ("gif" or "mp4"); the timer does the frames."""
        computed = self._require()
        if self.movie is not None:
            raise RobosimError("already saving an animation: wait for it to finish")
        path = self._file(f".{fmt}")
        if path is None:
            return
        self.movie = MovieExport(self.robot, computed.t, computed.q, path,
                                 points=computed.points, bad=computed.bad,
                                 curves=computed.curves, fmt=fmt)
        self.say(f"saving {self.movie.path}: 0 of {self.movie.total} frames...")
        self.timer.start()

    # ================================================================== timer
    def tick(self):
        """Render the next frames of an animation being saved (the timer calls it)."""
        movie = self.movie
        if movie is None:
            self.timer.stop()
            return
        try:
            finished = movie.step(MOVIE_FRAMES_PER_TICK)
        except RobosimError as exc:
            self.movie = None
            self.timer.stop()
            self.say(str(exc), error=True)
            return
        if finished:
            self.movie = None
            self.timer.stop()
            self.say(f"saved the animation ({movie.total} frames) to {movie.path}")
        else:
            self.say(f"saving {movie.path}: {movie.done} of {movie.total} frames...")

    def on_close(self):
        """The window closes: an animation being saved is cancelled (no file is left)."""
        if self.movie is not None:
            self.movie.cancel()
            self.movie = None


def _positive(text, what):
    """``text`` as a number above 0 (ValidationError naming ``what`` otherwise)."""
    value = parse_number(text, what)
    if value <= 0:
        raise ValidationError(f"{what} must be above 0, got {text.strip()}")
    return value


def _whole(text, what, low, high):
    value = parse_number(text, what)
    if value != round(value) or not low <= value <= high:
        raise ValidationError(f"{what} must be a whole number from {low} to {high}, "
                              f"got {text.strip()!r}")
    return int(value)

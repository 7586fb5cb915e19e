"""The "Dynamics..." tool window: the torques a motion needs, holding torques, free fall.

It follows the tool-window contract of :mod:`robosim.gui.tools.window` (it only uses the ``arm``
handle) and draws with :mod:`robosim.plotting.dynamics`; the numbers come from
:mod:`robosim.dynamics`. Torques are in N m (forces of prismatic joints in N), energies in J.

Right: the torque (force) each joint needs against time (solid), the part that holds each pose
still (dotted), the joint's limit (dashed, where known: the servo ratings of the Lynx6's
calibration, the connected driver's when the Real arm window is connected) and the first time
a joint needs more (a black line and dot, named in the status line with how many times slower
the motion must be played). "Torques" analyses the last trajectory played (the Trajectories or
Jog window's: ``arm.last_trajectory``), recomputed whenever a new one is played, or a joint
profile from the pose shown to the goal row, with the payload typed in grams at the tool.

Left, under the settings and buttons: the torque each joint needs to hold the pose shown
(bars, limits as grey marks), following the sliders; blitted while the arm moves, a full draw
when it stops. "Free fall" integrates the arm's motion from the pose shown, at rest and without
torques (:class:`robosim.dynamics.Integration`: adaptive Runge-Kutta steps, a joint reaching a
limit is stopped there by a plastic knock, and the fall stops where the arm first touches the
simulator's scene or itself) and plays it in the simulator at once (not as a trajectory for
the real arm: ``keep=False``), computing the rest ahead of what is shown, until the contact;
once all is computed it plots the kinetic, potential and total energy with a playhead that
follows the arm, and the status line says which link hit what at what time. "Stop" holds the
arm where it is.

A robot without dynamics gets the reason and what to do in the window, and nothing else.
"""

import math
import time

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.text import Text
from matplotlib.ticker import MaxNLocator
from matplotlib.transforms import Bbox

from ... import dynamics
from ...errors import RobosimError, ValidationError
from ...hardware.calibration import torque_limits
from ...hardware.lynx6 import MAX_PAYLOAD_KG
from ...kinematics import Robot
from ...parsing import parse_number
from ...plotting.dynamics import GravityBars, draw_energy, draw_torques, torque_unit
from ...trajectory import PROFILE_KINDS, joint_profile
from ..blit import whole_pixels
from ..widgets.cells import CellGrid
from ..widgets.matrix_text import JOINT_DECIMALS, decimal_text
from ..layout import (MARGIN, STATUS_FONTSIZE, STATUS_HEIGHT, Layout, figure_size_pt,
                     fit_fontsize, lines_height, text_width_pt, wrap_lines)
from .window import ToolWindow, joint_columns

FIGSIZE = (11.0, 7.4)
TITLE_FONT = 12
CELL_FONT = 8
TICK_FONT = 7
BUTTON_FONT = 9
#: Height of a button and of a one-row cell grid with its header (points), and the space
#: between neighbours.
BUTTON_HEIGHT, GRID_HEIGHT, GAP = 22, 34, 6
#: The left column (settings, holding torques, energy) takes this fraction of the width, and
#: at least LEFT_COLUMN_PT points up to LEFT_COLUMN_MOST of it: beside the simulator's 3D
#: view on the lab screen the window is about 480 pt wide, and 42 % of that cut the setting
#: cells' text ("last trajector").
LEFT_COLUMN, LEFT_COLUMN_PT, LEFT_COLUMN_MOST = 0.42, 280, 0.55
#: Room (points) around an axes for its tick labels and axis labels: left (y ticks and a
#: one-line y label), below (x ticks and label), above (a one-line title).
AXES_ROOM = (44, 26, 14)
#: Gap (points) between two joints' torque axes (their y tick labels half stick out).
TORQUE_GAP = 8

SOURCES = ("last trajectory", "joint profile")
SOURCE, PROFILE, DURATION, PAYLOAD, FALL = range(5)
DEFAULTS = {SOURCE: "last trajectory", PROFILE: "quintic", DURATION: "2", PAYLOAD: "0",
            FALL: "2"}
#: Samples of a joint profile analysed, and the longest profile and fall (s).
PROFILE_POINTS = 201
MAX_DURATION_S = 60.0
MAX_FALL_S = 10.0
#: Integration step of the free fall (s), and the time between two poses shown (s).
FALL_DT = 2e-3
FRAME_S = 0.02
#: The free fall plays as soon as its first FIRST_FALL_S are computed (a few ms); the window's
#: timer (every FALL_TICK_MS) then computes it FALL_AHEAD_S ahead of the time played, from
#: FALL_CHUNK_S to FALL_MOST_S more a tick (a fall computes about ten times faster than it
#: plays: a tick stays short, so the simulator's frames keep coming).
FIRST_FALL_S = 0.1
FALL_AHEAD_S = 0.5
FALL_CHUNK_S, FALL_MOST_S = 0.05, 0.2
FALL_TICK_MS = 40
#: A fall computed with less than this left to play (s) shows its energy plot and summary
#: when the arm comes to rest, not at once: drawing them takes a real window 0.1-0.2 s, in
#: which the simulator shows no frame (a fall onto the Lynx6's table plays for 0.18 s).
PRESENT_AHEAD_S = 0.5
#: Configurations sampled to size the holding-torque bars' scale.
SCALE_SAMPLES = 256
BUTTONS = ("Torques", "Goal = pose", "Free fall", "Stop")
HINT = ("Torques: the last trajectory played (or a joint profile to the goal row). "
        "The bars follow the sliders; Free fall drops the arm from the pose shown.")


class DynamicsWindow(ToolWindow):
    """The window's state and widgets; ``DynamicsWindow.open(arm)`` opens one.

    Attributes
    ----------
    loaded : Robot or None
        The robot with the payload typed (None without dynamics).
    limits : ndarray (n,) or None
        Each joint's limit, N m; NaN where unknown, None when none is known.
    torques, check : TrajectoryTorques, TorqueCheck or None
        The last analysis shown (``check`` None without limits).
    fall : Simulation or None
        The last free fall, once computed.
    falling : bool
        True while the simulator plays the free fall.
    presented : bool
        True once :attr:`fall`'s energy plot and summary are shown (at once when computed
        with :data:`PRESENT_AHEAD_S` still to play, else when the arm comes to rest).
    reason, message : str, Text or None
        Why the robot has no dynamics, and the Text showing it across the window (both None
        for a robot with dynamics).
    """

    TITLE = "Dynamics"
    FIGSIZE = FIGSIZE

    def __init__(self, arm, fig):
        super().__init__(arm, fig)
        self.loaded: Robot | None = None
        self.limits: np.ndarray | None = None
        self.torques: dynamics.TrajectoryTorques | None = None
        self.check: dynamics.TorqueCheck | None = None
        self.fall: dynamics.Simulation | None = None
        self.message: Text | None = None
        self.reason: str | None = None
        self.playhead: Line2D | None = None
        self.payload_kg = 0.0
        self.falling = self.presented = False
        self._analysed = None          # the (t, q) of last_trajectory shown
        self._fall_rows = np.empty(0, dtype=int)   # the fall's samples handed to the simulator
        #: The fall being computed while it plays (:class:`robosim.dynamics.Integration`), None
        #: once computed.
        self.integration = None
        self._fall_started = 0.0
        #: Seconds for :meth:`feed_fall`'s look-ahead (tests may give a fake clock).
        self.clock = time.monotonic
        self.connect_event("resize_event", lambda event: self.relayout())
        try:
            dynamics.require_dynamics(self.robot)
        except ValidationError as exc:
            self._build_without_dynamics(str(exc))
            return
        self.loaded = self.robot
        self.limits = self._known_limits()
        self._build()
        for topic, observer in (("pose", self._on_pose), ("play", self._on_play),
                                ("connection", self._on_connection)):
            self.subscribe(arm, topic, self.guarded(observer))
        if arm.last_trajectory is not None:
            self.run(self.compute)

    # ================================================================== layout
    def layout(self, width, height):
        """Where everything goes in a figure of ``width`` x ``height`` points.

        Left, from the top: the title, the settings, the goal row, the buttons, then the
        holding-torque bars and the energy plot sharing what is left. Right: one torque axes
        per joint, stacked. The status line at the foot.
        """
        places = Layout(width, height)
        top = height - MARGIN
        places.point("title", MARGIN, top)
        top -= lines_height(1, TITLE_FONT) + GAP
        foot = STATUS_HEIGHT + GAP
        places.rect("status", 0, 0, width, STATUS_HEIGHT)
        split = max(LEFT_COLUMN * width, min(LEFT_COLUMN_PT, LEFT_COLUMN_MOST * width))
        column = split - 2 * MARGIN
        y = top - GRID_HEIGHT
        places.rect("settings", MARGIN, y, column, GRID_HEIGHT)
        y -= GAP + GRID_HEIGHT
        places.rect("goal", MARGIN, y, column, GRID_HEIGHT)
        y -= GAP + BUTTON_HEIGHT
        button_width = (column - (len(BUTTONS) - 1) * GAP) / len(BUTTONS)
        for k, label in enumerate(BUTTONS):
            places.rect(label, MARGIN + k * (button_width + GAP), y, button_width,
                        BUTTON_HEIGHT)
        left_room, below, above = AXES_ROOM
        plots_top = y - GAP
        share = (plots_top - foot) / 2
        for k, name in enumerate(("gravity", "energy")):
            bottom = plots_top - (k + 1) * share
            places.rect(name, MARGIN + left_room, bottom + below,
                        column - left_room, share - below - above)
        left = split + MARGIN + left_room
        n = self.robot.n
        torque_top = top - above
        torque_foot = foot + below
        pitch = (torque_top - torque_foot + TORQUE_GAP) / n
        for i in range(n):
            places.rect(f"torque {i}", left, torque_top - (i + 1) * pitch + TORQUE_GAP,
                        width - MARGIN - left, pitch - TORQUE_GAP)
        places.rect("message", MARGIN, foot, width - 2 * MARGIN, top - foot)
        return places

    def relayout(self):
        """Move everything to the places of the figure's present size (status line too)."""
        places = super().relayout()
        if self.status is not None:
            self.status.set_rect(places["status"])
        if self.message is not None:
            self._wrap_message(places["message"])
        if getattr(self, "torque_axes", None):
            self._fit_torque_title()
        return places

    def _fit_torque_title(self):
        """The torque plots' title, ending at their right edge, at the largest size up to
        :data:`CELL_FONT` that fits above them and the room of their tick labels (the window
        beside the simulator's 3D view is narrow)."""
        ax = self.torque_axes[0]
        ax.title.set_x(1.0)
        ax.title.set_horizontalalignment("right")
        width = ax.get_position().width * figure_size_pt(self.fig)[0] + AXES_ROOM[0]
        fit_fontsize(ax.title, width, lines_height(1, CELL_FONT), CELL_FONT)

    def _build(self):
        fig, robot = self.fig, self.robot
        places = self.layout(*figure_size_pt(fig))
        place = self.placement.add
        self.title = place("title", fig.text(*places["title"], f"Dynamics: {robot.name}",
                                             fontsize=TITLE_FONT, fontweight="bold", va="top"))
        self.settings = self.keep(CellGrid(
            fig, places["settings"], 1,
            ["torques of", "profile", "duration s", "payload g", "fall s"],
            widths=[1.7, 1.2, 1, 1, 0.8], fontsize=CELL_FONT, on_commit=self._check_setting,
            choices={SOURCE: SOURCES, PROFILE: PROFILE_KINDS}))
        place("settings", self.settings.ax)
        for col, text in DEFAULTS.items():
            self.settings.set_text(0, col, text)
        columns, short_columns, unit = joint_columns(robot)
        self.goal = self.keep(CellGrid(
            fig, places["goal"], 1, columns, short_columns=short_columns, short_corner=unit,
            row_labels=["goal"], label_width=0.1, fontsize=CELL_FONT,
            on_commit=self._check_goal))
        place("goal", self.goal.ax)
        self.set_goal(self.arm.q)
        actions = {"Torques": self.compute, "Goal = pose": lambda: self.set_goal(self.arm.q),
                   "Free fall": self.free_fall, "Stop": self.stop}
        self.fall_timer = self.add_timer(FALL_TICK_MS, self.feed_fall)
        self.buttons = {}
        for label in BUTTONS:
            self.buttons[label] = self.button(places[label], label, actions[label],
                                              fontsize=BUTTON_FONT)
            place(label, self.buttons[label].ax)
        self.gravity_ax = place("gravity", fig.add_axes(places["gravity"]))
        self._make_bars()
        self.energy_ax = place("energy", fig.add_axes(places["energy"]))
        self._empty_energy()
        self.torque_axes = [place(f"torque {i}", fig.add_axes(places[f"torque {i}"]))
                            for i in range(robot.n)]
        for ax in self.torque_axes[1:]:
            ax.sharex(self.torque_axes[0])
        self._empty_torques()
        self.status_line(places["status"], fontsize=STATUS_FONTSIZE).show(HINT)
        self.relayout()
        self._say_limits()

    def _build_without_dynamics(self, reason):
        """Title, the reason in the middle of the window, and the status line: nothing else."""
        fig = self.fig
        places = self.layout(*figure_size_pt(fig))
        self.placement.add("title", fig.text(*places["title"], f"Dynamics: {self.robot.name}",
                                             fontsize=TITLE_FONT, fontweight="bold",
                                             va="top"))
        box = self.placement.add("message", fig.add_axes(places["message"]))
        box.set_axis_off()
        self.reason = reason
        self.message = box.text(0.5, 0.5, reason, ha="center", va="center", fontsize=11,
                                transform=box.transAxes)
        self._wrap_message(places["message"])
        self.status_line(places["status"], fontsize=STATUS_FONTSIZE).show(reason, error=True)

    def _wrap_message(self, rect):
        """Break the reason into lines that fit the message box ``rect`` (figure fraction)."""
        message, reason = self.message, self.reason
        if message is None or reason is None:       # a robot with dynamics: no message
            return
        width = rect[2] * figure_size_pt(self.fig)[0] - 2 * MARGIN
        prop = message.get_fontproperties()
        lines = wrap_lines(reason, lambda line: text_width_pt(self.fig, line, prop), width)
        message.set_text("\n".join(lines))

    def _make_bars(self):
        """The holding-torque bars for the loaded robot, scaled to what random poses need."""
        ax, loaded = self.gravity_ax, self._loaded()
        ax.cla()
        samples = loaded.random_q(SCALE_SAMPLES, np.random.default_rng(0))
        span = 1.1 * float(np.abs(dynamics.gravity_torques(loaded, samples)).max())
        self.bars = GravityBars(ax, loaded, self.limits, span=span)
        ax.set_title("to hold this pose (N m; N for prismatic)", fontsize=CELL_FONT)
        ax.tick_params(labelsize=TICK_FONT)
        ax.yaxis.set_major_locator(MaxNLocator(4))
        self.bars.set_torques(dynamics.gravity_torques(loaded, self.arm.q))
        self.add_layer("gravity", ax, self.bars.bars, ready=True)

    def _loaded(self) -> Robot:
        """:attr:`loaded`, for the parts of the window that exist only for a robot with
        dynamics (the window of one without shows why, and nothing else)."""
        assert self.loaded is not None, "the robot has no dynamics"
        return self.loaded

    def _empty_energy(self):
        ax = self.energy_ax
        ax.cla()
        ax.set_axis_off()
        ax.text(0.5, 0.5, "Free fall: the energy of the fall", ha="center", va="center",
                fontsize=CELL_FONT, color="0.4", transform=ax.transAxes)
        self.playhead = None

    def _empty_torques(self):
        for ax in self.torque_axes:
            ax.cla()
            ax.set_yticks([])
            ax.tick_params(labelbottom=False, labelsize=TICK_FONT)
        self.torque_axes[0].set_title("Torques: the torque each joint needs along a motion",
                                      fontsize=CELL_FONT)

    # ================================================================== cells
    def _check_setting(self, row, col, text):
        """Check a typed setting; a new payload re-scales the bars and redoes the analysis."""
        try:
            if col == DURATION:
                _number(text, "duration (s)", 0.0, MAX_DURATION_S)
            elif col == FALL:
                _number(text, "fall (s)", 0.0, MAX_FALL_S)
            elif col == PAYLOAD:
                self._set_payload(_number(text, "payload (g)", 0.0, MAX_PAYLOAD_KG * 1000,
                                          above=False) / 1000)
        except RobosimError as exc:
            self.say(str(exc), error=True)
            return str(exc)
        return None

    def _check_goal(self, row, col, text):
        try:
            self._goal_value(col, text)
        except RobosimError as exc:
            self.say(str(exc), error=True)
            return str(exc)
        return None

    def _goal_value(self, col, text):
        """Joint ``col``'s goal in API units from ``text`` (deg or length unit), inside the
        limits the simulator plans with (the calibrated range while a calibration is in use)."""
        joint = self.robot.joints[col]
        unit = "deg" if joint.is_revolute else self.robot.unit
        value = parse_number(text, f"goal, joint {col + 1} ({unit})")
        low, high = self.robot.q_to_user(self.arm.limits.T)[:, col]
        if not low <= value <= high:
            which = "calibrated range" if self.arm.calibration is not None else "limits"
            raise ValidationError(f"goal, joint {col + 1}: {text.strip()} {unit} is outside its "
                                  f"{which} [{low:.4g}, {high:.4g}] {unit}")
        return float(np.radians(value)) if joint.is_revolute else value

    def set_goal(self, q):
        """Fill the goal row with ``q`` (API units), shown in degrees / length unit."""
        for col, value in enumerate(self.robot.q_to_user(q)):
            self.goal.set_text(0, col, decimal_text(value, JOINT_DECIMALS))

    def _setting(self, col, what, high):
        self.settings.commit()
        return _number(self.settings.text(0, col), what, 0.0, high)

    def _set_payload(self, kilograms):
        loaded = dynamics.with_payload(self.robot, kilograms)
        if loaded is self.loaded:
            return
        self.loaded, self.payload_kg = loaded, kilograms
        self._redo()

    def _redo(self):
        """The bars and the analysis shown again, for a new payload or new limits."""
        self.blit.remove_layer("gravity")
        self._make_bars()
        if self.torques is not None:
            self.compute()
        self.redraw()

    # ================================================================== torques
    def compute(self):
        """Analyse the chosen motion: torques per joint, limits, the first exceedance."""
        self.settings.commit()
        self.goal.commit()
        if (0, PAYLOAD) in self.settings.errors:   # never a verdict on another payload
            raise ValidationError(f"fix the red payload cell first "
                                  f"({self.settings.errors[(0, PAYLOAD)]}); nothing was "
                                  f"computed")
        if self.settings.text(0, SOURCE) == "joint profile":
            t, q, what = self._profile()
        else:
            trajectory = self.arm.last_trajectory
            if trajectory is None:
                raise RobosimError("no trajectory played yet: play one from the Trajectories "
                                   "window, or choose 'joint profile' and type the goal")
            t, q = trajectory
            self._analysed = trajectory
            what = f"the last trajectory ({len(t)} rows, {t[-1] - t[0]:.3g} s)"
        loaded = self._loaded()
        torques = dynamics.trajectory_torques(loaded, t, q)
        check = (dynamics.check_torque_limits(torques, self.limits)
                 if self.limits is not None else None)
        self.torques, self.check = torques, check
        draw_torques(self.torque_axes, loaded, torques, self.limits, check)
        self._style_torque_axes()
        self.redraw()
        self.say(*self._verdict(what, loaded, torques))

    def _profile(self):
        goal = np.array([self._goal_value(col, self.goal.text(0, col))
                         for col in range(self.robot.n)])
        duration = self._setting(DURATION, "duration (s)", MAX_DURATION_S)
        kind = self.settings.text(0, PROFILE)
        profile = joint_profile(self.arm.q, goal, duration, duration / (PROFILE_POINTS - 1),
                                kind=kind, robot=self.robot)
        return profile.t, profile.q, f"a {kind} profile to the goal in {duration:g} s"

    def _style_torque_axes(self):
        """Small ticks, one-line y labels (``q1 (N m)``), x labels only at the foot."""
        last = len(self.torque_axes) - 1
        for i, ax in enumerate(self.torque_axes):
            ax.set_ylabel(f"q{i + 1} ({torque_unit(self.robot, i)})", fontsize=TICK_FONT)
            ax.tick_params(labelsize=TICK_FONT, labelbottom=i == last)
            ax.yaxis.set_major_locator(MaxNLocator(3))
        self.torque_axes[-1].set_xlabel("time (s)", fontsize=TICK_FONT)
        self.torque_axes[0].set_title("torque needed (solid), to hold still (dotted), limit "
                                      "(dashed)", fontsize=CELL_FONT)
        self._fit_torque_title()

    def _verdict(self, what, loaded, torques):
        """The status line after an analysis of ``torques`` (of the robot ``loaded``):
        ``(message, error)``."""
        load = loaded.name[len(self.robot.name):]
        peaks = np.abs(torques.tau).max(axis=0)
        worst = int(np.argmax(peaks))
        peak = (f"largest |torque| {peaks[worst]:.3g} {torque_unit(self.robot, worst)} "
                f"(q{worst + 1})")
        if self.check is None:
            return f"{what}{load}: {peak}; no rated torques known for {self.robot.name}", False
        if self.check.ok:
            return f"{what}{load}: {peak}; every joint within its limit", False
        first = self.check.exceedances[0]
        name = self.robot.joints[first.joint].name or f"q{first.joint + 1}"
        unit = torque_unit(self.robot, first.joint)
        needs = (f"joint {first.joint + 1} ({name}) first needs {abs(first.torque):.3g} {unit} "
                 f"at t = {first.time:.3f} s, above its limit {first.limit:g} {unit} "
                 f"({what}{load})")
        if np.isinf(self.check.time_scale):
            return f"{needs}: holding the arm still already needs more, no speed helps", True
        slower = np.ceil(self.check.time_scale * 100 - 1e-6) / 100
        return f"{needs}: play it {slower:g} times slower", True

    def _on_play(self, arm):
        """A new trajectory was played: analyse it when it is the chosen source."""
        if (arm.last_trajectory is not None and arm.last_trajectory is not self._analysed
                and self.settings.text(0, SOURCE) == "last trajectory"):
            self.compute()

    # ================================================================== limits
    def _known_limits(self):
        """The connected driver's servo ratings, else the library Lynx6's stock ones."""
        driver = self.arm.connection
        calibration = getattr(driver, "calibration", None)
        try:
            return torque_limits(self.robot, calibration)
        except RobosimError as exc:
            self.arm.set_status(f"no torque limits: {exc}", error=True, owner=self)
            return None

    def _say_limits(self):
        if self.limits is None or not np.isfinite(self.limits).any():
            return
        ratings = ", ".join("-" if np.isnan(v) else f"{v:g}" for v in self.limits)
        self.say(f"limits (dashed): the servos' rated torques, {ratings} N m")

    def _on_connection(self, arm):
        limits = self._known_limits()
        if limits is None and self.limits is None or (
                limits is not None and self.limits is not None
                and np.array_equal(limits, self.limits, equal_nan=True)):
            return
        self.limits = limits
        self._redo()

    # ================================================================== free fall
    def free_fall(self):
        """Let the arm fall from the pose shown, at rest, and play it in the simulator at once:
        the first :data:`FIRST_FALL_S` are integrated here, the rest by :meth:`feed_fall` (the
        window's timer) ahead of what the simulator shows; the energy is plotted when the
        whole fall is computed. A pose in a collision is refused, in the words the simulator
        uses for it (a fall stops at its first contact: it would end where it starts)."""
        duration = self._setting(FALL, "fall (s)", MAX_FALL_S)
        found = self.arm.collisions.check(self.arm.q)
        if found.collides:
            raise ValidationError(f"it starts with {found.describe()}: move the arm clear of "
                                  f"it, then let it fall")
        # the limits the simulator plans with (narrowed while a calibration is in use) are the
        # stops: the fall plays within them
        falling = dynamics.with_payload(self.arm.planning_robot, self.payload_kg)
        # it stops where it first touches what the simulator checks (the floor; the Lynx6's
        # table): the simulator's scene, whatever the payload renamed the robot
        self.integration = dynamics.Integration(falling, self.arm.q, duration=duration,
                                                dt=FALL_DT, scene=self.arm.collisions.scene)
        if not self.presented:
            self.fall = None        # a fall stopped before it was shown: nothing to show
        self._end_fall()
        self.fall, self._fall_rows, self.falling = None, np.empty(0, dtype=int), True
        self.presented = False
        self._fall_started = self.clock()
        self.say(f"free fall: {duration:g} s at dt = {FALL_DT * 1000:g} ms, computed while it "
                 f"plays...")
        self.feed_fall(until=FIRST_FALL_S)
        self.fall_timer.start()

    def feed_fall(self, until=None):
        """Integrate the fall being played :data:`FALL_AHEAD_S` ahead of the time it has
        played for (from :data:`FALL_CHUNK_S` to :data:`FALL_MOST_S` more), hand the new poses
        to the simulator (a pose every :data:`FRAME_S` of the fall, up to the first sample at
        rest after a contact: the arm stops there), and, once all is computed, plot the
        energy and say how it went (:meth:`present_fall`: now, or when the arm comes to rest
        if less than :data:`PRESENT_AHEAD_S` is left to play) (the timer's tick; tests call
        it)."""
        run = self.integration
        if run is None:
            return
        computed = run.t[run.ready - 1]
        if until is None:
            played = self.clock() - self._fall_started
            until = min(max(computed + FALL_CHUNK_S, played + FALL_AHEAD_S),
                        computed + FALL_MOST_S)
        ready = run.advance(until)
        shown = ready        # the samples to play: up to the first at rest after a contact
        if run.contacts:
            shown = min(ready, int(np.searchsorted(run.t, run.contacts[0].time)) + 1)
        every = max(1, round(FRAME_S / FALL_DT))            # a pose every frame, and the last
        handed = len(self._fall_rows)
        start = self._fall_rows[-1] + 1 if handed else 0
        rows = np.arange(math.ceil(start / every) * every, shown, every)
        if ready == len(run.t) and start < shown and (not len(rows) or rows[-1] != shown - 1):
            rows = np.append(rows, shown - 1)
        if len(rows):
            self._fall_rows = np.append(self._fall_rows, rows)
            if not handed:
                self.arm.play(run.t[rows], run.q[rows], keep=False)
            else:
                self.arm.play_more(run.t[rows], run.q[rows])
        if ready == len(run.t):
            self.fall_timer.stop()
            fall = run.finish()
            self.integration, self.fall = None, fall
            left = fall.t[self._fall_rows[-1]] - (self.clock() - self._fall_started)
            if self.falling and np.array_equal(self.arm.q, self.arm.target):
                self._end_fall()            # all of it shown already: the arm is at rest
            elif not self.falling or left >= PRESENT_AHEAD_S:
                self.present_fall(fall)

    def present_fall(self, fall):
        """Plot the energy of the computed fall ``fall`` (a :class:`robosim.dynamics.Simulation`),
        its playhead at the pose shown, and say how it went."""
        self.presented = True
        draw_energy(self.energy_ax, fall)
        self._style_energy_axes()
        self._follow_fall(fall, self.arm.q)
        self._show_energy()
        self.say(*self._fall_summary(fall))

    def _show_energy(self):
        """Show the energy plot just drawn. While the fall plays, only the plot's room is
        drawn again and blitted, and its playhead with it: a full draw of the window holds up
        the simulator's frames for a good part of a second in a real window, and a fall that
        stops at the table plays for 0.2 s."""
        if not (self.falling and self.blit.can_blit):
            self.redraw()
            return
        self.blit.animate("playhead")
        left, below, above = (room * self.fig.dpi / 72 for room in AXES_ROOM)
        box = self.energy_ax.bbox
        room = whole_pixels(Bbox.from_extents(box.x0 - left, box.y0 - below, box.x1,
                                              box.y1 + above))
        self.blit.redraw_box([self.energy_ax], room, room)
        self.blit.start("playhead")
        self.blit.update("playhead")

    def _style_energy_axes(self):
        ax = self.energy_ax
        ax.set_axis_on()
        ax.tick_params(labelsize=TICK_FONT)
        ax.yaxis.set_major_locator(MaxNLocator(4))
        ax.xaxis.label.set_fontsize(TICK_FONT)
        ax.yaxis.label.set_fontsize(TICK_FONT)
        ax.set_title("free fall: energy (J)", fontsize=CELL_FONT)
        ax.legend(loc="upper right", fontsize=TICK_FONT)
        self.playhead = ax.axvline(0.0, color="tab:red", linestyle=":", linewidth=1.5)
        self.add_layer("playhead", ax, [self.playhead])

    def _fall_summary(self, fall):
        """What the status line says of a fall, ``(message, error)``: where it touched the
        scene or itself, in the collision checker's words ("link 4 (wrist) hits table at
        t = 0.182 s": it rests there), its energy drift before any stop, and the stops at the
        limits; then what its last pose meets in the simulator's words
        (:meth:`robosim.collision.Checker.hit_message`: links below the floor or past the
        Lynx6's table, which the simulator shows red; this line replaces its own note)."""
        first_stop = min([hit.time for hit in fall.limit_hits]
                         + [contact.time for contact in fall.contacts], default=math.inf)
        drift = float(np.abs(fall.energy[fall.t < first_stop] - fall.energy[0]).max())
        method = f"Runge-Kutta, dt = {FALL_DT * 1000:g} ms"
        if fall.contacts:
            text = (f"{fall.contacts[0]}, where the arm rests; energy drift {drift:.2g} J "
                    f"until then ({method})")
        else:
            text = f"free fall {fall.t[-1]:g} s ({method}): energy drift {drift:.2g} J"
        if fall.limit_hits:
            hit = fall.limit_hits[0]
            more = len(fall.limit_hits) - 1
            text += (f"; joint {hit.joint + 1} stopped at its {hit.side} limit at "
                     f"t = {hit.time:.2f} s" + (f" ({more} more stops)" if more else ""))
        hits = self.arm.collisions.hit_message(fall.q[-1])
        return (f"it ends with {hits}; {text}", True) if hits else (text, False)

    def stop(self):
        """Hold the arm where it is (a fall or any motion stops; the rest of a fall being
        computed is not)."""
        self.fall_timer.stop()
        self.integration = None
        self.arm.animate_to(self.arm.q)
        self._end_fall()
        self.say("stopped: the arm holds the pose shown")

    def _end_fall(self):
        """The fall stops playing: its energy and summary shown if they were not."""
        if self.falling:
            self.falling = False
            if self.fall is not None:
                if self.presented:
                    self.blit.animate("playhead", False)
                else:
                    self.present_fall(self.fall)
                self.redraw()

    # ================================================================== following the arm
    def _on_pose(self, arm):
        """Pose observer: the bars show the holding torques; while falling, the playhead
        follows. Blitted while the arm moves, from its first pose on (no full draw before
        it: :meth:`robosim.gui.blit.BlitManager.start`); one full draw when it arrives."""
        q = arm.q
        widened = self.bars.set_torques(dynamics.gravity_torques(self._loaded(), q))
        moving = not np.array_equal(q, arm.target) or self.integration is not None
        fall = self.fall if self.falling and self.presented else None
        following = fall is not None
        if fall is not None:
            self._follow_fall(fall, q)
        if moving and not widened:
            layers = ["gravity", "playhead"] if following else ["gravity"]
            self.blit.start(*layers)
            self.blit.update(*layers)
            return
        self.blit.animate("gravity", False)
        if not moving:
            self._end_fall()
        self.redraw()

    def _follow_fall(self, fall, q):
        """Put the energy plot's playhead at the time of ``fall`` the pose ``q`` shows."""
        rows = self._fall_rows
        matches = np.flatnonzero(np.all(np.abs(fall.q[rows] - q) <= 1e-12, axis=1))
        if len(matches) and self.playhead is not None:
            time_s = float(fall.t[rows[matches[-1]]])
            self.playhead.set_xdata([time_s, time_s])

    def on_close(self):
        """The window closes: a fall being played goes on in the simulator as far as it was
        computed."""
        self.falling = False
        self.integration = None


def _number(text, what, low, high, above=True):
    """``text`` as a number in (low, high] (``above``) or [low, high]; ValidationError else."""
    value = parse_number(text, what)
    if not ((value > low if above else value >= low) and value <= high):
        bound = "more than" if above else "from"
        raise ValidationError(f"{what} must be {bound} {low:g} {'and at most' if above else 'to'}"
                              f" {high:g}, got {text.strip()}")
    return value

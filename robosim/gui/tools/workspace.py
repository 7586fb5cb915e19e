"""The "Workspace..." tool window: the forward workspace of the simulated arm (3D-RAS section 4).

It follows :mod:`robosim.gui.tools.window` (it only uses the ``arm`` handle). Per joint, a range
(default: the limits) is typed in a :class:`CellGrid`, as degrees for revolute joints and the
robot's unit for prismatic ones; the sampling is 3D-RAS's Factor, a step in degrees or Monte
Carlo samples; the voxel edge, the section height and the vertical section's azimuth are
optional. Every accepted change shows the number of configurations and an estimate of the time.

Compute runs :func:`robosim.workspace.forward_workspace` (or the Monte Carlo variant) in a
background thread that never touches matplotlib: a 100 ms canvas timer (:meth:`tick`; tests call
it) moves the progress bar and draws the result. Cancel stops the thread at its next progress
report. The cloud shows a subsample when the result is large, and its title says so; the two
sections are images of the end effector's voxel counts, which come from a finer grid than the
cloud's when that is coarse (:func:`robosim.workspace.volume_grid`); the status line says what
the volume rests on (voxel edge, configurations counted, surface-layer bounds). Errors become a
red status line.
"""

import math
import threading

from matplotlib.patches import Rectangle

from ... import workspace as ws
from ...errors import RobosimError, ValidationError
from ..blit import whole_pixels
from ..widgets.cells import CellGrid
from ..layout import figure_size_pt, text_width_pt, wrap_lines
from ...parsing import parse_number
from .window import ToolWindow
from ...plotting.workspace import (default_section_height, draw_cloud, draw_section_vertical,
                              draw_section_xy)

FIGSIZE = (12.0, 7.5)
TICK_MS = 100
METHODS = ("Factor", "step (deg)", "Monte Carlo samples")
MIN, MAX = range(2)
METHOD, VALUE, VOXEL, SECTION_Z, AZIMUTH = range(5)
#: Above this many positions the window measures the time estimate (0.3-1 s); below, the
#: run itself takes about that long.
ESTIMATE_FROM = 2_000_000
#: How far (pixels) the progress bar's frame line reaches out of its axes.
PROGRESS_EDGE_PX = 2


def duration_text(seconds):
    """A time estimate as a student reads it: ``"8.5 s"``, ``"170 s"``, ``"3.5 min"``.

    >>> duration_text(8.46), duration_text(170.2), duration_text(210)
    ('8.5 s', '170 s', '3.5 min')
    """
    if seconds < 10:
        return f"{seconds:.1f} s"
    if seconds < 180:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.1f} min"


class _Job:
    """A workspace computation in a background thread: progress, cancel, result or error."""

    def __init__(self, compute):
        self.fraction = 0.0
        self.cancelled = False
        self.result = None
        self.error = None
        self.thread = threading.Thread(target=self._run, args=(compute,), daemon=True)
        self.thread.start()

    def _run(self, compute):
        try:
            self.result = compute(self._progress)
        except RobosimError as exc:
            self.error = str(exc)
        except Exception as exc:  # noqa: BLE001 - reported in the status line, not raised
            self.error = f"internal error: {type(exc).__name__}: {exc}"

    def _progress(self, fraction):
        self.fraction = fraction
        return not self.cancelled

    @property
    def done(self):
        return not self.thread.is_alive()


class WorkspaceWindow(ToolWindow):
    """The window's state and widgets; ``WorkspaceWindow.open(arm)`` opens one."""

    TITLE = "Workspace: {robot}"
    FIGSIZE = FIGSIZE

    def __init__(self, arm, fig):
        super().__init__(arm, fig)
        self.job = None
        self.result = None
        self._build()
        self._limits_shown = self.robot.limits.copy()
        self.subscribe(arm, "limits", self.guarded(self._on_limits))
        self.plan_text.set_text(self.update_plan())
        self.timer = self.add_timer(TICK_MS, self.tick)
        self.timer.start()

    # ------------------------------------------------------------------ layout
    def _build(self):
        fig, robot = self.fig, self.robot
        # the 3D box draws its tick labels past its lower edge: room above the ranges grid
        self.cloud_ax = fig.add_axes((0.0, 0.36, 0.5, 0.5), projection="3d")
        # each section's tick and axis labels need about 0.1 of a 5 inch high window below it:
        # the vertical one's stay clear of the sampling headers (0.26), the XY one's of the
        # vertical one's title
        self.xy_ax = fig.add_axes((0.58, 0.71, 0.38, 0.22))
        self.vertical_ax = fig.add_axes((0.58, 0.38, 0.38, 0.2))
        user = robot.q_to_user(robot.limits.T)
        units = ["deg" if j.is_revolute else robot.unit for j in robot.joints]
        labels = [f"{i + 1} {j.name or j.kind} ({u})" for i, (j, u) in
                  enumerate(zip(robot.joints, units, strict=True))]
        height = min(0.035 * (robot.n + 1), 0.2)     # above the status line (0.06 high)
        self.ranges = self.keep(CellGrid(fig, (0.03, 0.27 - height, 0.3, height), robot.n,
                                         ["min", "max"], row_labels=labels, label_width=0.5,
                                         on_commit=self._check_range, fontsize=8))
        for j in range(robot.n):
            self.ranges.set_text(j, MIN, f"{user[0, j]:g}")
            self.ranges.set_text(j, MAX, f"{user[1, j]:g}")
        self.settings = self.keep(CellGrid(fig, (0.36, 0.19, 0.6, 0.07), 1,
                                           ["sampling", "value", f"voxel ({robot.unit})",
                                            f"section z ({robot.unit})", "azimuth (deg)"],
                                           widths=[2.2, 1, 1, 1.1, 1],
                                           choices={METHOD: list(METHODS)},
                                           on_commit=self._check_setting, fontsize=8))
        self.settings.set_text(0, METHOD, METHODS[0])
        self.settings.set_text(0, VALUE, f"{ws.auto_factor(robot):g}")
        self.settings.set_text(0, AZIMUTH, "0")
        self.plan_text = fig.text(0.36, 0.155, "", fontsize=9)
        self.buttons = {}
        for k, (label, action) in enumerate((("Compute", self.compute),
                                             ("Cancel", self.cancel),
                                             ("Redraw sections", self.redraw_sections))):
            self.buttons[label] = self.button((0.36 + 0.14 * k, 0.07, 0.13, 0.06), label,
                                              action)
        self.progress_ax = fig.add_axes((0.79, 0.08, 0.17, 0.04))
        self.progress_ax.set_xlim(0, 1)
        self.progress_ax.set_ylim(0, 1)
        self.progress_ax.set_xticks([])
        self.progress_ax.set_yticks([])
        self.progress_bar = self.progress_ax.add_patch(Rectangle((0, 0), 0, 1, color="#2ca02c"))
        self.progress_text = self.progress_ax.text(0.5, 0.5, "", ha="center", va="center",
                                                   fontsize=8)
        self.status_line((0.02, 0.0, 0.96, 0.06)).show(   # the figures take two lines
            "Set the ranges and the sampling, then Compute.")
        fig.text(0.03, 0.965, f"Forward workspace: {robot.name}", fontsize=12,
                 fontweight="bold")

    # ------------------------------------------------------------------ settings
    def _on_limits(self, arm):
        """A calibration was chosen or dropped: range cells still at the old limits move to
        the new ones; a range the user typed stays as typed (it may leave the limits on
        purpose, and the plan says so)."""
        old = self.robot.q_to_user(self._limits_shown.T)
        new = self.robot.q_to_user(self.robot.limits.T)
        self._limits_shown = self.robot.limits.copy()
        moved = []
        for j in range(self.robot.n):
            for col in (MIN, MAX):
                if self.ranges.text(j, col) == f"{old[col, j]:g}" != f"{new[col, j]:g}":
                    self.ranges.set_text(j, col, f"{new[col, j]:g}")
                    moved.append(j + 1)
        if moved:
            joints = ", ".join(f"q{j}" for j in sorted(set(moved)))
            self.say(f"Ranges of {joints} follow the joint limits now in force: "
                     f"{self.update_plan()}")
            self.redraw()

    def _check_range(self, row, col, text):
        return self._accept(lambda: parse_number(text, f"joint {row + 1} {('min', 'max')[col]}"))

    def _check_setting(self, row, col, text):
        def check():
            if col == METHOD:
                self.settings.set_text(0, VALUE, self._default_value(text))
        return self._accept(check)

    def _default_value(self, method):
        if method == "Factor":
            return f"{ws.auto_factor(self.robot, self.joint_ranges()):g}"
        return "5" if method == "step (deg)" else "100000"

    def _accept(self, check):
        """on_commit: run ``check``, then re-plan; a problem is the cell's message (red)."""
        try:
            check()
            text = self.update_plan()
        except RobosimError as exc:
            self.say(str(exc), error=True)
            return str(exc)
        self.say(text)
        self.redraw()             # the plan above the buttons is ordinary text: a full draw
        return None

    def joint_ranges(self):
        """``{joint: (min, max)}`` in API units from the range cells (raises ValidationError)."""
        ranges = {}
        for j in range(self.robot.n):
            low, high = (parse_number(self.ranges.text(j, c), f"joint {j + 1} {name}")
                         for c, name in ((MIN, "min"), (MAX, "max")))
            if self.robot.joints[j].is_revolute:
                low, high = math.radians(low), math.radians(high)
            ranges[j] = (low, high)
        ws.joint_ranges(self.robot, ranges)           # refuses reversed ranges, naming the joint
        return ranges

    def sampling(self):
        """``(method, value, voxel)`` from the settings cells (raises ValidationError)."""
        method = self.settings.text(0, METHOD)
        value = parse_number(self.settings.text(0, VALUE), method)
        voxel = parse_number(self.settings.text(0, VOXEL), "the voxel", allow_blank=True)
        if voxel is not None and voxel <= 0:
            raise ValidationError(f"the voxel must be a positive length, got {voxel:g}")
        return method, value, voxel

    def grid(self):
        """The JointGrid of the settings, or None for Monte Carlo."""
        method, value, _ = self.sampling()
        ranges = self.joint_ranges()
        if method == "Factor":
            return ws.factor_grid(self.robot, value, ranges)
        if method == "step (deg)":
            return ws.step_grid(self.robot, math.radians(value), ranges)
        if not (value >= 1 and value == int(value)):
            raise ValidationError(f"Monte Carlo samples must be a whole number >= 1, "
                                  f"got {value:g}")
        return None

    def update_plan(self):
        """Show the configurations and the time estimate of the current settings."""
        grid = self.grid()
        method, value, voxel = self.sampling()
        if grid is None:
            text = f"{int(value):,} random configurations (Monte Carlo)"
            if value > ESTIMATE_FROM:
                seconds = ws.estimate_samples_seconds(self.robot, int(value),
                                                      self.joint_ranges(), voxel)
                text += f", estimated {duration_text(seconds)}"
            else:
                text += ", under a second"
        else:
            counts = " x ".join(str(c) for c in grid.counts)
            text = f"{grid.configurations:,} configurations ({counts})"
            if grid.configurations > ESTIMATE_FROM:
                seconds = ws.estimate_seconds(self.robot, grid, voxel)
                text += f", estimated {duration_text(seconds)}"
            else:
                text += ", under a second"
        self.plan_text.set_text(text)
        return text

    # ------------------------------------------------------------------ computing
    def compute(self):
        """Start the computation in the background (one at a time)."""
        if self.job is not None:
            raise ValidationError("a computation is running: wait or press Cancel")
        grid = self.grid()
        method, value, voxel = self.sampling()
        ranges = self.joint_ranges()
        robot = self.robot
        if grid is None:
            def compute(progress):
                return ws.monte_carlo_workspace(robot, int(value), ranges=ranges, voxel=voxel,
                                                progress=progress)
        else:
            def compute(progress):
                return ws.forward_workspace(robot, grid, voxel=voxel, progress=progress)
        self.job = _Job(compute)
        self._set_progress(0.0)
        self.say("Computing... (Cancel stops it)")

    def cancel(self):
        """Ask the running computation to stop."""
        if self.job is None:
            self.say("Nothing is running.")
            return
        self.job.cancelled = True

    def wait(self, timeout=None):
        """Block until the running computation ends, then :meth:`tick` (for scripts, tests)."""
        if self.job is not None:
            self.job.thread.join(timeout)
        self.tick()

    def tick(self):
        """Move the progress bar; when the job ends, draw its result or say why it stopped."""
        job = self.job
        if job is None:
            return
        self._set_progress(job.fraction)
        if not job.done:
            return
        self.job = None
        if job.result is not None:
            self.show(job.result)
        elif job.cancelled or job.error is None:
            self.say("Cancelled: the last result is kept.")
        else:
            self.say(job.error, error=True)

    def _set_progress(self, fraction):
        """Fill the progress bar to ``fraction`` (0..1) and write it in percent over it,
        blitted: a full draw of this window (a 3D cloud, two sections) at every tick held
        the interpreter for most of the tick, and the computation's thread, which needs it
        too, ran at a quarter of its speed (the time estimates looked 4x low)."""
        fraction = min(max(fraction, 0.0), 1.0)
        self.progress_bar.set_width(fraction)
        self.progress_text.set_text(f"{100 * fraction:.0f}%")
        ax = self.progress_ax
        box = whole_pixels(ax.bbox.padded(PROGRESS_EDGE_PX))     # the frame's line included
        self.blit.redraw_box([ax.patch, self.progress_bar, *ax.spines.values(),
                              self.progress_text], box, box)

    # ------------------------------------------------------------------ drawing
    def show(self, result):
        """Draw ``result``: the cloud (subsampled when large) and both sections."""
        self.result = result
        self.cloud_ax.clear()
        draw_cloud(self.cloud_ax, result, legend_outside=True)  # in the gap on its right
        self._wrap_cloud_title()
        self.redraw_sections()
        lower, upper = result.bounding_box()
        self.say(f"{result.configurations:,} configurations in {result.elapsed:.2f} s; "
                 f"volume {result.volume():.4g} {result.unit}^3, reach {result.reach:.4g} "
                 f"{result.unit}, {result.occupied():,} voxels occupied"
                 + "".join(f"; {note}" for note in result.notes)
                 + f"\nvolume from {result.volume_basis()}")

    def _wrap_cloud_title(self):
        """Break the summary over the cloud into lines as wide as the cloud's axes (centred
        on it, a longer line would start left of the window)."""
        title = self.cloud_ax.title
        width = self.cloud_ax.get_position(original=True).width * figure_size_pt(self.fig)[0]
        prop = title.get_fontproperties()
        title.set_text("\n".join(wrap_lines(
            title.get_text(), lambda line: text_width_pt(self.fig, line, prop), width)))

    def redraw_sections(self):
        """Draw both sections at the typed height and azimuth (blank height: the fullest)."""
        if self.result is None:
            raise ValidationError("compute a workspace first")
        z = parse_number(self.settings.text(0, SECTION_Z), "the section height", allow_blank=True)
        azimuth = parse_number(self.settings.text(0, AZIMUTH) or "0", "the azimuth")
        for ax in (self.xy_ax, self.vertical_ax):
            ax.clear()
        draw_section_xy(self.xy_ax, self.result,
                        default_section_height(self.result) if z is None else z)
        draw_section_vertical(self.vertical_ax, self.result, math.radians(azimuth))
        self.redraw()

    def on_close(self):
        """The window closes: a running computation is cancelled."""
        if self.job is not None:
            self.job.cancelled = True

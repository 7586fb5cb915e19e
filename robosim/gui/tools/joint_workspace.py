"""The "Joint workspace..." tool window: the joint values a range of positions needs (3D-RAS
section 5), for every robot.

It follows :mod:`robosim.gui.tools.window` (it only uses the ``arm`` handle). A
:class:`CellGrid` holds x, y, z rows with "from", "to" and "steps" columns: a sweep of x, y or
z goes from..to on the swept row in that many steps, the other two coordinates at their "from"
value; the 3D box uses every row.

The Lynx6 (and arms of its shape) is solved in closed form; its settings are the wrist angle to
the ground (degrees), the elbow and the reach (facing the target, as the paper's arm, or also
leaning back over the base). Any other arm is solved numerically from the simulator's current
pose (:mod:`robosim.workspace.numeric_joint`); its one setting, for 6+ joints, is whether the
gripper's orientation is held at the current pose's or left free ("position only"); arms with
fewer joints are always solved for position. A numeric run of many positions says how many and
about how long, shows its progress and can be cancelled (Cancel is handled between chunks of
positions, the window otherwise waits for the solver); the status then names the orientation
held.

A sweep plots the joint values (degrees; prismatic joints in the length unit) against the swept
coordinate, one graph per joint (q1..q4 for the Lynx6, whose q5 only turns the gripper; the
first :data:`MAX_PLOTTED_JOINTS` of other arms), the limits as dashed lines, values outside them
in red (the paper's indicators) and out-of-reach stretches (no solution, or for the Lynx6
beyond the physical length of eqs. 19-20) shaded grey; the path is shown on the simulator's arm
(unreachable points red). A box draws the positions in reach, coloured by which joints leave
their limits. Errors become a red status line.
"""

import math

import numpy as np

from ... import ik
from ...workspace import joint as jw
from ...workspace import numeric_joint as numeric
from ...errors import RobosimError, ValidationError
from ...workspace.result import SEGMENT_COLOURS
from ..widgets.cells import CellGrid
from ...parsing import parse_number
from .window import ToolWindow

FIGSIZE = (11.0, 7.5)
MODES = ("sweep x", "sweep y", "sweep z", "3D box")
FROM, TO, STEPS = range(3)
MODE, PITCH, ELBOW, REACH = range(4)
ORIENTATION = 1
HELD, POSITION_ONLY = "held", "position only"
#: Joints plotted against the swept coordinate for the Lynx6 (its q5 turns the gripper only).
LYNX6_PLOTTED_JOINTS = 4
#: Most joints plotted for other arms (3 x 3 graphs); the status says when there are more.
MAX_PLOTTED_JOINTS = 9
#: Numeric runs of more positions first say how long they take (drawn before solving).
ANNOUNCED_POSITIONS = 200
WITHIN_COLOUR, OUTSIDE_COLOUR, UNREACHABLE_COLOUR = "#1f77b4", "#d62728", "#bbbbbb"
#: Where a numeric sweep had to change IK branch (a dotted vertical line on every joint plot).
SWITCH_COLOUR = "#9467bd"
REACHABLE_COLOUR = "#2ca02c"
LIMIT_COLOURS = tuple(c for c in SEGMENT_COLOURS if c != REACHABLE_COLOUR)


def limit_label(code):
    """A legend label for :meth:`JointWorkspace.limit_code` ``code``."""
    if code == 0:
        return "all joints within limits"
    joints = [f"q{j + 1}" for j in range(code.bit_length()) if code >> j & 1]
    return " + ".join(joints) + " outside limits"


def limit_colour(code):
    """Green within limits; otherwise one colour per set of joints outside (q1 orange, q2
    yellow, q1 + q2 red, q3 magenta, ..., the forward workspace's colours without green)."""
    if code == 0:
        return REACHABLE_COLOUR
    return LIMIT_COLOURS[(code - 1) % len(LIMIT_COLOURS)]


def graph_columns(count):
    """Columns of ``count`` joint graphs: 2 up to 4 graphs, else 3."""
    return 2 if count <= 4 else 3


def joint_axes_rectangles(count):
    """Figure rectangles of ``count`` joint graphs in :func:`graph_columns` columns; 2 rows
    up to 6, else 3 (the panel above the cells, 0.33..0.89 of the figure height)."""
    columns = graph_columns(count)
    rows = math.ceil(count / columns)
    x_pitch, width = (0.47, 0.4) if columns == 2 else (0.31, 0.25)
    y_pitch, height = (0.34, 0.22) if rows <= 2 else (0.21, 0.14)
    top = 0.89 - height
    return [(0.07 + x_pitch * (j % columns), top - y_pitch * (j // columns), width, height)
            for j in range(count)]


class JointWorkspaceWindow(ToolWindow):
    """The window's state and widgets; ``JointWorkspaceWindow.open(arm)`` opens one."""

    TITLE = "Joint workspace: {robot}"
    FIGSIZE = FIGSIZE

    def __init__(self, arm, fig):
        super().__init__(arm, fig)
        self.result = None
        self.lynx6 = ik.is_lynx6_shaped(self.robot)
        self.plotted = (LYNX6_PLOTTED_JOINTS if self.lynx6
                        else min(self.robot.n, MAX_PLOTTED_JOINTS))
        self._build()

    def _build(self):
        fig, unit = self.fig, self.robot.unit
        fig.text(0.03, 0.965, f"Joint workspace: {self.robot.name}", fontsize=12,
                 fontweight="bold")
        self.joint_axes = [fig.add_axes(rect) for rect in joint_axes_rectangles(self.plotted)]
        self.box_ax = fig.add_axes((0.05, 0.3, 0.9, 0.62), projection="3d")
        self.box_ax.set_visible(False)
        self.positions = self.keep(CellGrid(fig, (0.03, 0.08, 0.42, 0.16), 3,
                                            [f"from ({unit})", f"to ({unit})", "steps"],
                                            row_labels=["x", "y", "z"], on_commit=self._check,
                                            fontsize=8))
        for row, values in enumerate(self._default_positions()):
            for col, text in enumerate(values):
                self.positions.set_text(row, col, text)
        if self.lynx6:
            self.settings = CellGrid(fig, (0.5, 0.18, 0.47, 0.06), 1,
                                     ["mode", "wrist (deg, + up)", "elbow", "reach"],
                                     widths=[1.2, 1.4, 0.9, 0.9], on_commit=self._check,
                                     choices={MODE: list(MODES), ELBOW: ["up", "down"],
                                              REACH: ["front", "either"]}, fontsize=8)
            defaults: tuple[str, ...] = ("sweep x", "0", "up", "front")
        else:
            orientations = ([HELD, POSITION_ONLY]
                            if self.robot.n >= numeric.ORIENTATION_JOINTS else [POSITION_ONLY])
            self.settings = CellGrid(fig, (0.5, 0.18, 0.47, 0.06), 1,
                                     ["mode", "gripper orientation"], widths=[1.2, 1.6],
                                     on_commit=self._check,
                                     choices={MODE: list(MODES), ORIENTATION: orientations},
                                     fontsize=8)
            defaults = ("sweep x", orientations[0])
        self.keep(self.settings)
        for col, text in enumerate(defaults):
            self.settings.set_text(0, col, text)
        self.buttons = {}
        self.cancel_requested = False
        actions = [("Compute", self.compute), ("Clear path", lambda: self.draw_path(None))]
        if not self.lynx6:
            actions.append(("Cancel", self.cancel))
        for k, (label, action) in enumerate(actions):
            self.buttons[label] = self.button((0.5 + 0.16 * k, 0.09, 0.15, 0.06), label,
                                              action)
        self.status_line((0.02, 0.0, 0.96, 0.065)).show(
            "Choose a sweep or a box and press Compute.")

    def _default_positions(self):
        """Cell texts: the Lynx6 as the paper (x 100..450 mm at shoulder height); other arms
        x across the arm's size, through the simulator's current gripper position."""
        if self.lynx6:
            return ("100", "450", "71"), ("0", "0", "1"), ("65", "65", "1")
        size = self.robot.length_scale
        x, y, z = (f"{v:.4g}" for v in np.round(self.robot.fk(self.arm.q)[:3, 3], 9) + 0.0)
        return (f"{-size:.4g}", f"{size:.4g}", "41"), (y, y, "1"), (z, z, "1")

    def _check(self, row, col, text):
        """on_commit of both grids: the whole request must still read; else the message."""
        try:
            self.request()
        except RobosimError as exc:
            self.say(str(exc), error=True)
            return str(exc)
        return None

    # ------------------------------------------------------------------ computing
    def request(self):
        """``(mode, lower (3,), upper (3,), steps (3,), options)`` from the cells (raises
        ValidationError naming the cell); ``options`` are the keyword arguments of
        :func:`robosim.workspace.joint.joint_workspace`: the Lynx6's wrist pitch (radians),
        elbow and reach, or another arm's start (the simulator's pose) and orientation."""
        cells = self.positions
        lower = [parse_number(cells.text(r, FROM), f"{a} from") for r, a in enumerate("xyz")]
        upper = [parse_number(cells.text(r, TO), f"{a} to") for r, a in enumerate("xyz")]
        steps = []
        for r, a in enumerate("xyz"):
            value = parse_number(cells.text(r, STEPS), f"{a} steps")
            if value != int(value) or value < 1:
                raise ValidationError(f"{a} steps must be a whole number >= 1, got {value:g}")
            steps.append(int(value))
        mode = self.settings.text(0, MODE)
        if self.lynx6:
            pitch = math.radians(parse_number(self.settings.text(0, PITCH), "the wrist pitch"))
            options = dict(wrist_pitch=pitch, elbow=self.settings.text(0, ELBOW),
                           reach=self.settings.text(0, REACH))
        else:
            options = dict(q0=self.arm.q,
                           position_only=self.settings.text(0, ORIENTATION) == POSITION_ONLY)
        return mode, lower, upper, steps, options

    def compute(self):
        """Solve the sweep or the box and draw it."""
        mode, lower, upper, steps, options = self.request()
        box = mode == "3D box"
        count = math.prod(steps) if box else steps["xyz".index(mode[-1])]
        if not self.lynx6 and count > ANNOUNCED_POSITIONS:
            options["progress"] = self._announce(count, path=not box)
        if box:
            result = jw.joint_box(self.robot, lower, upper, steps, **options)
            self.draw_box(result)
        else:
            axis = mode[-1]
            i = "xyz".index(axis)
            result = jw.joint_sweep(self.robot, axis, lower[i], upper[i], steps[i], lower,
                                    **options)
            self.draw_sweep(result)
            self.draw_path(result.positions, bad=~result.reachable)
        self.result = result
        summary = result.summary()
        outside = ", ".join(f"q{j + 1} {n}" for j, n in
                            enumerate(summary["joint_outside_limits"]) if n)
        switches = summary.get("branch_switches_at") or []
        self.say(f"{summary['positions']:,} positions: {summary['reachable']:,} reachable, "
                 f"{summary['out_of_reach']:,} out of reach"
                 + (f"; outside limits: {outside}" if outside else "")
                 + (f"; the IK changes branch at {len(switches)} dotted line(s)"
                    if switches else "")
                 + self._numeric_note(result, box))

    def _announce(self, count, path):
        """Say how long a numeric run will take; returns its progress callback, which shows
        the percentage, lets the GUI handle events (a Cancel click) and stops on Cancel."""
        seconds = numeric.estimate_seconds(count, path)
        self.cancel_requested = False

        def progress(fraction):
            self.say(f"solving {count:,} positions numerically, about {seconds:.2g} s: "
                     f"{100 * fraction:.0f} % (Cancel stops)")
            self.blit.draw_now()
            return not self.cancel_requested
        if count <= numeric.MAX_POSITIONS:      # else the solver refuses it with the limit
            progress(0.0)
        return progress

    def cancel(self):
        """Stop a numeric run at its next progress report (the last result stays)."""
        self.cancel_requested = True

    def _numeric_note(self, result, box):
        """For a numeric run: the orientation held, the joints not plotted, the time."""
        if not result.numeric:
            return ""
        rpy = jw.held_rpy_degrees(result.orientation)
        note = ("; position only" if rpy is None else
                "; orientation held at the current pose's (roll, pitch, yaw "
                + ", ".join(f"{v:.3g}" for v in rpy) + " deg)")
        if not box and self.plotted < self.robot.n:
            note += f"; plots q1..q{self.plotted} of {self.robot.n}"
        return note + f"; numeric IK, {result.elapsed:.2g} s"

    # ------------------------------------------------------------------ drawing
    def _show_sweep_axes(self, visible):
        for ax in self.joint_axes:
            ax.set_visible(visible)
        self.box_ax.set_visible(not visible)

    def draw_sweep(self, result):
        """The plotted joints (degrees, prismatic: length unit) against the swept coordinate,
        limits dashed, indicators red, where the IK had to change branch dotted."""
        self._show_sweep_axes(True)
        s = result.swept
        degrees = self.robot.q_to_user(result.q)
        limits = self.robot.q_to_user(self.robot.limits.T).T
        unreachable = result.out_of_reach
        switches = [] if result.branch_switch is None else s[result.branch_switch]
        count = len(self.joint_axes)
        for j, ax in enumerate(self.joint_axes):
            ax.clear()
            values = np.where(unreachable, np.nan, degrees[:, j])
            ax.plot(s, values, color=WITHIN_COLOUR, linewidth=1.2)
            bad = result.outside[:, j] & ~unreachable
            ax.plot(s[bad], degrees[bad, j], "o", color=OUTSIDE_COLOUR, markersize=3)
            for limit in limits[j]:
                ax.axhline(limit, color="black", linestyle="--", linewidth=0.8)
            for where in switches:     # the IK had to change branch: the curve jumps here
                ax.axvline(where, color=SWITCH_COLOUR, linestyle=":", linewidth=1.2)
            ax.fill_between(s, 0, 1, where=unreachable, color=UNREACHABLE_COLOUR, alpha=0.6,
                            transform=ax.get_xaxis_transform(), step="mid", linewidth=0)
            name = self.robot.joints[j].name
            ax.set_title(f"q{j + 1} {name}" + (" (outside limits)" if bad.any() else ""),
                         fontsize=9, color=OUTSIDE_COLOUR if bad.any() else "black")
            ax.set_xlim(min(s[0], s[-1]), max(s[0], s[-1]))
            # the swept coordinate under each column's lowest graph only: under every graph
            # it crowded the title of the graph below (at 1000 x 650, 2 px apart)
            if j + graph_columns(count) >= count:
                ax.set_xlabel(f"{result.axis} ({result.unit})", fontsize=8)
            ax.set_ylabel("deg" if self.robot.joints[j].is_revolute else result.unit,
                          fontsize=8)
        self.redraw()

    def draw_box(self, result):
        """The positions in reach, coloured by which joints leave their limits."""
        self._show_sweep_axes(False)
        ax = self.box_ax
        ax.clear()
        code = result.limit_code()
        for value in np.unique(code[code != jw.OUT_OF_REACH_CODE]).tolist():
            points = result.positions[code == value]
            ax.scatter(*points.T, s=6, color=limit_colour(value), label=limit_label(value),
                       depthshade=False, linewidths=0)
        unit = result.unit
        for axis in "xyz":
            getattr(ax, f"set_{axis}label")(f"{axis} ({unit})")
        ax.set_title(f"{len(result.positions):,} positions, {int(result.out_of_reach.sum()):,} "
                     f"out of reach (not drawn)", fontsize=9)
        if ax.collections:
            ax.legend(loc="upper left", fontsize="small", markerscale=3)
        self.redraw()

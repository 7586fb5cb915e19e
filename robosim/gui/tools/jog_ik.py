"""The "Jog / IK" tool window: jog the tool, solve inverse kinematics, move along straight lines.

It follows the tool-window contract of :mod:`robosim.gui.tools.window` (it only uses the ``arm``
handle) and holds no kinematics of its own: :mod:`robosim.trajectory.motion` and
:mod:`robosim.ik` do the work, the window reads cells and shows results.

- Jog: +/- X, Y, Z move the tool by the step (robot's length unit), +/- roll, pitch, yaw turn it
  by the turn (degrees), along or about the axes of the base frame or of the tool frame. Each
  jog is a short straight line (:func:`robosim.trajectory.motion.jog`); on the Lynx6, X, Y, Z
  jogs keep the gripper's angle to the ground and the wrist-rotate joint. An arm with fewer than
  6 joints turns the tool with its point held where its joints allow (on the Lynx6: pitch is the
  gripper's angle to the ground, roll the wrist-rotate joint) and otherwise says, in the status
  line, which turns it can make; nothing moves.
- Target: x, y, z (length unit) and roll, pitch, yaw (degrees, ``R = Rz(yaw) Ry(pitch)
  Rx(roll)``), absolute or as a change of the current pose's coordinates; "solve" picks the
  full pose or the position only (default: the pose for arms with 6 or more joints).
  A Lynx6-shaped arm also offers "wrist angle": the position and the gripper's angle to the
  ground (the pitch cell), solved in closed form (Mateo Sanguino & Andujar 2012,
  :func:`robosim.ik.lynx6_ik`): elbow up or down, facing the target or leaning back over the
  base.
  "Solve IK" lists the distinct solutions (nearest the current configuration first) and
  animates to the first; "< Previous" and "Next >" animate from one solution to another.
  "Straight line" moves there through the via-points, every one on the line (in the wrist
  angle mode the gripper's angle turns evenly to the typed one); a singularity, a
  joint limit or the edge of the workspace stops the move where it is met, and the status line
  says what is in the way and what to do, then (for the teacher) the via-point reached.
- "Plan around" finds a collision-free path from where the arm is going to the target, around
  the obstacles (:func:`robosim.planning.plan`): every solution of the target that collides
  with nothing is a goal (as "Solve IK" lists them), and the one reached is marked in the
  list. The tool's path is drawn and the motion played (it stops at each corner of the path,
  staying on the planned straight lines); it becomes the last trajectory, which the Real arm
  window's "Play on arm" sends with every check the arm makes. "Obstacles..." opens the window
  where boxes are placed by typing their centre and size (:mod:`robosim.gui.tools.obstacles`).
- The simulator shows the path of the tool: the line (red beyond a stop), the curve the tool
  follows while the joints switch between two solutions, or the planned path.

Every error becomes a red status line (in this window and the simulator's); nothing raises out
of a callback.
"""

import math

import numpy as np

from ... import ik
from ...planning import plan
from ...trajectory import default_limits, motion
from ...errors import ValidationError
from ...kinematics import r2rpy, xyzrpy2tr
from ..widgets.cells import CellGrid
from ..widgets.matrix_text import decimal_text, shown_angles
from .obstacles import ObstaclesWindow
from .window import ToolWindow

FIGSIZE = (7.2, 6.8)
#: Joint speed of the moves this window plays (deg/s, or robot sizes per second) ...
MOVE_SPEED = math.radians(60.0)
#: ... and their shortest duration (seconds).
MIN_MOVE_S = 0.25
#: Via-points of one jog: enough for the tool to stay close to the line between them.
JOG_VIA_POINTS = 5
#: Joint-space samples of the tool's path drawn for a solution switch.
SWITCH_SAMPLES = 40
#: Solutions closer than this (radians, or this fraction of the robot's size) in every joint
#: are listed as one: at a singularity the solutions form a continuum, sampled this coarsely.
DISTINCT = math.radians(0.5)
#: Solutions listed in the window (the rest are counted).
LISTED = 7
#: Most seconds "Plan around" searches, and the time step of the motion it plays (s).
PLAN_TIME_S, PLAN_DT = 5.0, 0.02
STEP, TURN = range(2)
#: The "solve" choice that uses the Lynx6 closed form: position and wrist angle to the ground.
WRIST_ANGLE = "wrist angle"
X, Y, Z, ROLL, PITCH, YAW, VIA, SOLVE = range(8)
JOG_LABELS = ("X", "Y", "Z", "roll", "pitch", "yaw")
#: What the solution line says before Solve IK ...
NO_SOLUTIONS_YET = "no solutions yet: press Solve IK"
#: ... and after a line or jog moved the arm away from the pose the solutions were found from.
SOLVE_AGAIN = "the arm moved: press Solve IK again for the solutions from here"


class JogIKWindow(ToolWindow):
    """The window's state and widgets; ``JogIKWindow.open(arm)`` opens one."""

    TITLE = "Jog / IK"
    FIGSIZE = FIGSIZE

    def __init__(self, arm, fig):
        super().__init__(arm, fig)
        self.frame = "base"
        self.relative = False
        self.solutions = np.empty((0, self.robot.n))
        self.choice = 0
        self.solved_note = ""       # the solver's note on the listed solutions, e.g. singular
        self.solved = False         # Solve IK was pressed (the solution line says so after)
        self.obstacles_window: ObstaclesWindow | None = None
        self._build()
        self._show_pose(arm.q)
        self.fill_current_pose()
        self.subscribe(arm, "pose", self._on_pose)

    # ------------------------------------------------------------------ layout
    def _build(self):
        fig, unit = self.fig, self.robot.unit
        fig.text(0.04, 0.95, f"Jog / IK: {self.robot.name}", fontsize=11, fontweight="bold")
        # 7 pt: the longest line (a Lynx6's, every number negative with 4 digits) fits
        self.pose_text = fig.text(0.04, 0.905, "", fontsize=7, family="monospace")
        fig.text(0.04, 0.855, "Jog the tool", fontsize=9, fontweight="bold")
        self.buttons = {}
        for row, names in enumerate((JOG_LABELS[:3], JOG_LABELS[3:])):
            for column, (name, sign) in enumerate((n, s) for n in names for s in "-+"):
                label = f"{sign}{name}"
                self._button(label, (0.04 + 0.155 * column, 0.775 - 0.075 * row, 0.14, 0.06),
                             lambda sign=sign, name=name: self.jog(name, sign))
        self.jog_cells = self.keep(CellGrid(fig, (0.04, 0.555, 0.45, 0.09), 1,
                                            [f"step ({unit})", "turn (deg)"],
                                            on_commit=self._check_jog_cell))
        self.jog_cells.set_text(0, STEP, f"{_round_step(0.05 * self.robot.length_scale):g}")
        self.jog_cells.set_text(0, TURN, "5")
        self._button("Frame: base", (0.54, 0.555, 0.2, 0.06), self.toggle_frame)
        self._button("Obstacles...", (0.76, 0.555, 0.2, 0.06), self.obstacles)
        fig.text(0.04, 0.5, "Target pose", fontsize=9, fontweight="bold")
        self.lynx6 = ik.is_lynx6_shaped(self.robot)
        axes_choices = ["pose", "position"] + ([WRIST_ANGLE] if self.lynx6 else [])
        default = WRIST_ANGLE if WRIST_ANGLE in axes_choices else motion.default_axes(self.robot)
        self.target_cells = self.keep(CellGrid(
            fig, (0.04, 0.37, 0.92, 0.1), 1,
            [f"x ({unit})", "y", "z", "roll (deg)", _pitch_header(default), "yaw", "via-points",
             "solve"],
            widths=[1.1, 1, 1, 1.1, 1, 1, 1.1, 1.1], on_commit=self._check_target_cell,
            choices={SOLVE: [default] + [c for c in axes_choices if c != default]}))
        self.target_cells.set_text(0, VIA, "20")
        self.target_cells.set_text(0, SOLVE, default)
        for column, (label, action) in enumerate((
                ("Current pose", self.fill_current_pose),
                ("Target: absolute", self.toggle_relative),
                ("Solve IK", self.solve),
                ("Straight line", self.straight_line),
                ("Plan around", self.plan_around))):
            self._button(label, (0.04 + 0.188 * column, 0.29, 0.176, 0.06), action)
        self._button("< Previous", (0.04, 0.215, 0.16, 0.06), lambda: self.switch(-1))
        self._button("Next >", (0.215, 0.215, 0.16, 0.06), lambda: self.switch(+1))
        self.choice_text = fig.text(0.4, 0.235, NO_SOLUTIONS_YET, fontsize=8)
        self.solution_text = fig.text(0.04, 0.2, "", fontsize=7, family="monospace", va="top")
        self.status_line((0.02, 0.005, 0.96, 0.05), fontsize=8).show(
            "Jog with the buttons, or type a target and press Solve IK or Straight line.")

    def _button(self, label, rect, action):
        button = self.button(rect, label, action)
        self.buttons[label.split(":")[0]] = button
        return button

    def run(self, action):
        """Run a button's action (errors become a red status line); the window is drawn once,
        after it (a draw costs tenths of a second)."""
        with self.blit.deferred():
            result = super().run(action)
            self.redraw()
        return result

    def _on_pose(self, arm):
        self._show_pose(arm.q)
        self.redraw()

    def _show_pose(self, q):
        """The tool's position and roll, pitch, yaw (and a Lynx6's gripper angle to the
        ground) over the jog buttons."""
        T = self.robot.fk(q)
        x, y, z = np.round(T[:3, 3], 9) + 0.0                      # no "-0"
        roll, pitch, yaw = shown_angles(np.degrees(r2rpy(T[:3, :3])), 2)
        text = (f"tool at x {x:.4g}  y {y:.4g}  z {z:.4g} {self.robot.unit};  "
                f"roll {roll:.4g}  pitch {pitch:.4g}  yaw {yaw:.4g} deg")
        if self.lynx6:   # named as its target column is: "wrist + up"
            wrist = round(math.degrees(motion.wrist_angle(self.robot, q)), 9) + 0.0
            text += f";  wrist + up {wrist:.4g} deg"
        self.pose_text.set_text(text)

    # ------------------------------------------------------------------ cells
    def _check_jog_cell(self, row, col, text):
        try:
            _positive(text, "step" if col == STEP else "turn")
        except ValidationError as exc:
            return self._refused(exc)
        return None

    def _refused(self, exc):
        """A cell's text was refused: the status line says why at once (the message before
        it is about something else), and the cell keeps it for its red colour."""
        self.say(str(exc), error=True)
        return str(exc)

    def _check_target_cell(self, row, col, text):
        if col == SOLVE:
            self.target_cells.set_header(PITCH, _pitch_header(text))
            if not self.relative:            # the pitch cell changes meaning: the current value
                self.target_cells.set_text(0, PITCH, _cell_text(self._current_values()[PITCH]))
            return None
        try:
            if col == VIA:
                _via_points(text)
            else:
                _number(text, _TARGET_NAMES[col])
        except ValidationError as exc:
            return self._refused(exc)
        return None

    def _committed(self, grid):
        """Commit a cell being typed in; a rejected text stops the action with its message."""
        message = grid.commit()
        if message or grid.errors:
            raise ValidationError(message or next(iter(grid.errors.values())) or
                                  "correct the red cell first")

    def fill_current_pose(self):
        """Put the current pose in the target cells (absolute) or zeros (change)."""
        if self.relative:
            values = np.zeros(6)
        else:
            values = self._current_values()
        for col, value in enumerate(values):
            self.target_cells.set_text(0, col, _cell_text(value))

    def _current_values(self):
        """x, y, z, roll, pitch, yaw of the current pose (degrees; in the wrist angle mode
        the pitch is the gripper's angle to the ground)."""
        T = self.robot.fk(self.arm.q)
        values = np.concatenate([T[:3, 3], shown_angles(np.degrees(r2rpy(T[:3, :3])), 6)])
        if self._axes() == WRIST_ANGLE:
            values[PITCH] = math.degrees(motion.wrist_angle(self.robot, self.arm.q))
        return values

    def toggle_relative(self):
        """Switch the target cells between an absolute pose and a change of the current one."""
        self.relative = not self.relative
        mode = "change" if self.relative else "absolute"
        self.buttons["Target"].label.set_text(f"Target: {mode}")
        self.fill_current_pose()
        self.say("Target cells: the change of x, y, z and roll, pitch, yaw from the current pose."
                 if self.relative else "Target cells: the absolute pose.")

    def toggle_frame(self):
        self.frame = "tool" if self.frame == "base" else "base"
        self.buttons["Frame"].label.set_text(f"Frame: {self.frame}")
        self.say(f"Jogs move along and turn about the axes of the {self.frame} frame.")

    def _axes(self):
        """The "solve" cell: "pose", "position" or :data:`WRIST_ANGLE`."""
        return self.target_cells.text(0, SOLVE)

    def target(self):
        """The target pose ``(4, 4)`` from the cells (a change is added to the current pose)."""
        self._committed(self.target_cells)
        values = [_number(self.target_cells.text(0, col), _TARGET_NAMES[col])
                  for col in range(6)]
        if self.relative:
            return motion.relative_target(self.robot, self.arm.q, values[:3], values[3:])
        return xyzrpy2tr(values[:3], np.radians(values[3:]))

    # ------------------------------------------------------------------ jogging
    def jog(self, name, sign):
        """Jog along (X Y Z) or about (roll pitch yaw) an axis of the chosen frame."""
        self._committed(self.jog_cells)
        index = JOG_LABELS.index(name)
        if index < 3:
            amount = _positive(self.jog_cells.text(0, STEP), "step")
        else:
            amount = math.radians(_positive(self.jog_cells.text(0, TURN), "turn"))
        amount = amount if sign == "+" else -amount
        result = motion.jog(self.robot, self.arm.target, motion.JOG_AXES[index], amount,
                            self.frame, steps=JOG_VIA_POINTS, collisions=self.arm.collisions)
        self._play_line(result, f"jog {sign}{name} ({self.frame} frame)")

    # ------------------------------------------------------------------ IK
    def solve(self):
        """List the distinct IK solutions of the target and animate to the nearest one."""
        self._set_solutions(*self._target_solutions())

    def _target_solutions(self):
        """The distinct IK solutions ``(k, n)`` of the target in the cells, nearest the pose
        shown first, and the solver's note on them ("" when it says only "converged"); a
        target without any raises, naming how near the search came."""
        if self._axes() == WRIST_ANGLE:
            return self._wrist_angle_solutions(), ""
        target = self.target()
        found = ik.solve_all(self.robot, target, self.arm.q, axes=self._axes(),
                             distinct=DISTINCT)
        if len(found.q) == 0:
            best = ik.solve(self.robot, target, self.arm.q, axes=self._axes())
            self.solutions = np.empty((0, self.robot.n))
            self._show_solutions()
            raise ValidationError(
                f"target {best.reason}: the nearest configuration found misses by "
                f"{float(best.position_error):.3g} {self.robot.unit} and "
                f"{math.degrees(float(best.orientation_error)):.3g} deg")
        # The solver's reason when it says more than "converged" (a free joint: its value
        # was kept), shown with each solution.
        return found.q, "" if found.reason[0] == ik.CONVERGED else found.reason[0]

    def plan_around(self):
        """Plan a collision-free path from where the arm is going to the target's solutions
        that collide with nothing; draw the tool's path and play it (the last trajectory)."""
        solutions, note = self._target_solutions()
        found = plan(self.robot, self.arm.target, solutions, self.arm.scene,
                     time_limit=PLAN_TIME_S)
        self.solutions, self.solved_note = solutions, note
        if not found.success or found.goal_index is None:     # a success names its goal
            self.choice = 0
            self._show_solutions()
            raise ValidationError(f"plan around: {found.reason}")
        self.choice = found.goal_index
        self._show_solutions()
        self.draw_path(self.robot.fk(found.sampled())[:, :3, 3])
        profile = found.trajectory(PLAN_DT, *self._limits())
        self.arm.play(profile.t, profile.q)
        self.say(f"plan around: path found in {found.seconds:.2f} s ({found.nodes:,} nodes), "
                 f"to solution {self.choice + 1} of {len(solutions)}; "
                 f"{len(found.path) - 2} corners, {profile.t[-1]:.2f} s")

    def _limits(self):
        """Speed and acceleration limits of a planned motion: the connected arm's, else the
        defaults (as the Teach window's)."""
        driver = self.arm.connection
        if driver is not None and hasattr(driver, "motion_limits"):
            return driver.motion_limits()
        return default_limits(self.arm.robot)

    def obstacles(self):
        """Open the Obstacles window (boxes typed in, the scene the planner goes around)."""
        self.obstacles_window = ObstaclesWindow.reopen(self.arm, self.obstacles_window)

    def on_close(self):
        ObstaclesWindow.close_window(self.obstacles_window)

    def _set_solutions(self, solutions, note=""):
        self.solutions = solutions
        self.solved_note = note
        self.choice = 0
        self._show_solutions()
        self._go_to_solution()

    def _wrist_angle_target(self):
        """Position ``(3,)`` and gripper angle to the ground (radians) typed in the cells (the
        wrist angle mode), or the current ones changed by the typed amounts."""
        self._committed(self.target_cells)
        values = np.array([_number(self.target_cells.text(0, col), _TARGET_NAMES[col])
                           for col in (X, Y, Z, PITCH)])
        position, pitch = values[:3], math.radians(values[3])
        if self.relative:
            q = self.arm.q
            position = position + self.robot.fk(q)[:3, 3]
            pitch += float(motion.wrist_angle(self.robot, q))
        return position, pitch

    def _wrist_angle_solutions(self):
        """The Lynx6 closed-form solutions for the position and the wrist angle in the cells:
        elbow up and down, facing the target and leaning back; the wrist rotation is kept."""
        position, pitch = self._wrist_angle_target()
        q = self.arm.q
        solutions, branches = ik.lynx6_solutions(self.robot, position, pitch, q,
                                                 wrist_rotate=q[4], distinct=DISTINCT)
        if len(solutions) == 0:
            self.solutions = np.empty((0, self.robot.n))    # no stale list beside the message
            self._show_solutions()
            raise ValidationError(f"target not reached ({ik.SOLVED_BY_FORMULA}): "
                                  f"{branches[0].reason} "
                                  f"(facing it, elbow up); {branches[3].reason} (leaning back, "
                                  f"elbow down)")
        return solutions

    def switch(self, direction):
        """Animate to the next (+1) or previous (-1) solution in the list."""
        if len(self.solutions) == 0:
            raise ValidationError(SOLVE_AGAIN if self.solved else
                                  "no solutions yet: type a target and press Solve IK")
        if len(self.solutions) == 1:
            self.say("this target has one solution only")
            return
        self.choice = (self.choice + direction) % len(self.solutions)
        self._show_solutions()
        self._go_to_solution()

    def _go_to_solution(self):
        q_from, q_to = self.arm.q, self.solutions[self.choice]
        if self.robot.within_limits(q_from):
            samples = q_from + np.linspace(0.0, 1.0, SWITCH_SAMPLES)[:, None] * (q_to - q_from)
            self.draw_path(self.robot.fk(samples)[:, :3, 3])
        self.arm.animate_to(q_to)
        self.say(f"solution {self.choice + 1} of {len(self.solutions)}: "
                 f"{_joint_text(self.robot, q_to)}"
                 + (f"; {self.solved_note}" if self.solved_note else ""))

    def _show_solutions(self):
        self.solved = True
        count = len(self.solutions)
        self.choice_text.set_text(f"solution {self.choice + 1} of {count}" if count
                                  else "no solution")
        branches = ik.branch_labels(self.robot, self.solutions[:LISTED]) if count else []
        lines = [f"{'>' if k == self.choice else ' '}{k + 1:>2}  {_joint_text(self.robot, q)}"
                 + (f"  ({branch})" if branch else "")
                 for k, (q, branch) in enumerate(zip(self.solutions[:LISTED], branches,
                                                     strict=True))]
        if count > LISTED:
            lines.append(f"    ... and {count - LISTED} more (Next > shows them)")
        if count > LISTED and self.choice >= LISTED:
            lines[-1] = (f">{self.choice + 1:>2}  "
                         f"{_joint_text(self.robot, self.solutions[self.choice])}")
        self.solution_text.set_text("\n".join(lines))

    # ------------------------------------------------------------------ lines
    def straight_line(self):
        """Move along a straight line to the target through the via-points; in the wrist
        angle mode the gripper's angle to the ground turns evenly to the typed one and the
        wrist-rotate joint stays (closed form, :func:`robosim.trajectory.motion.straight_line`)."""
        steps = _via_points(self.target_cells.text(0, VIA))
        if self._axes() == WRIST_ANGLE:
            position, pitch = self._wrist_angle_target()
            target = np.eye(4)
            target[:3, 3] = position
            result = motion.straight_line(self.robot, self.arm.target, target, steps,
                                          hold_wrist=True, wrist_pitch=pitch,
                                          collisions=self.arm.collisions)
        else:
            result = motion.straight_line(self.robot, self.arm.target, self.target(), steps,
                                          axes=self._axes(), collisions=self.arm.collisions)
        self._play_line(result, f"straight line, {steps} via-points")

    def _play_line(self, result, what):
        """Play the line's via-points on the arm (when it stops: every step up to the obstacle,
        so the arm goes as far as the message says), draw its path, and say how it went.
        The solutions listed before are forgotten: they were found from another pose.

        A line starts where the arm is going (:attr:`ArmState.target`), so jogs pressed
        while the arm still moves add up (three -X presses move three steps, not one); the
        arm goes on from the pose it shows to the line's start, at the same joint speed."""
        self.solutions = np.empty((0, self.robot.n))
        self.choice = 0
        self.choice_text.set_text(SOLVE_AGAIN if self.solved else NO_SOLUTIONS_YET)
        self.solution_text.set_text("")
        moved = result.q if result.complete else result.q_path
        if not np.array_equal(self.arm.q, moved[0]):     # still on the way to the start
            moved = np.vstack([self.arm.q, moved])
        missing = result.poses[len(result.q):, :3, 3]
        points = np.vstack([result.trace, missing])
        bad = np.concatenate([np.zeros(len(result.trace), bool), np.ones(len(missing), bool)])
        self.draw_path(points, bad if bad.any() else None)
        if len(moved) > 1:
            travel = np.abs(np.diff(moved, axis=0)) / np.where(self.robot.revolute, 1.0,
                                                                self.robot.length_scale)
            duration = max(MIN_MOVE_S, float(travel.max(axis=1).sum()) / MOVE_SPEED)
            self.arm.play(np.linspace(0.0, duration, len(moved)), moved)
        if result.complete:
            self.say(f"{what}: done; final error {result.position_error[-1]:.2g} "
                     f"{self.robot.unit}, {math.degrees(result.orientation_error[-1]):.2g} deg")
        else:
            unit = self.robot.unit
            self.say(f"{what}: {result.reason} [moved {result.moved:.3g} of "
                     f"{result.length:.3g} {unit}]", error=True)


_TARGET_NAMES = ("x", "y", "z", "roll", "pitch", "yaw")


def _cell_text(value):
    """A number for a cell: six decimals (a micrometre in metres), no trailing zeros."""
    return decimal_text(value, 6)


def _pitch_header(solve):
    """The pitch column's header: the gripper's angle to the ground in the wrist angle mode."""
    return "wrist + up" if solve == WRIST_ANGLE else "pitch"


def _number(text, name):
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not math.isfinite(value):
        raise ValidationError(f"{name} must be a number, got {text!r}")
    return value


def _positive(text, name):
    value = _number(text, name)
    if value <= 0:
        raise ValidationError(f"{name} must be greater than 0, got {text!r}")
    return value


def _round_step(value):
    """``value`` rounded down to 1, 2 or 5 times a power of ten: a step a person would type."""
    power = 10.0 ** math.floor(math.log10(value))
    return max(m for m in (1, 2, 5) if m * power <= value * (1 + 1e-9)) * power


def _via_points(text):
    value = _number(text, "via-points")
    if value != int(value) or value < 2:
        raise ValidationError(f"via-points must be a whole number >= 2 (start and end "
                              f"included), got {text!r}")
    return int(value)


def _joint_text(robot, q):
    """Joint values as the user reads them: degrees for revolute joints, length unit else."""
    return "  ".join(f"{v:7.2f}" for v in np.round(robot.q_to_user(q), 2) + 0.0) + (
        " deg" if all(robot.revolute) else f" (deg, {robot.unit})")

"""The "Teach..." tool window: record the simulator's poses, edit the list, play it smoothly.

It follows the tool-window contract of :mod:`robosim.gui.tools.window` and holds no kinematics
of its own: the list is a :class:`robosim.trajectory.TaughtSequence`, played through
:func:`robosim.trajectory.via_points` and checked with :mod:`robosim.collision`.

- **Record** appends the pose the simulator shows (move it with the sliders, Jog / IK, or the
  real arm mirroring them). The list shows each pose's joint values (degrees for revolute
  joints, the length unit for prismatic ones), its **dwell** (seconds held there) and its
  **speed** (the fraction of the joints' limits the move into it may use); every cell can be
  typed in. A click on a row selects it for **Delete**, **Up**, **Down** and **Go to** (the
  arm animates there).
- **Play** computes one smooth trajectory through every pose (whole steps of :data:`DT`, the
  joints' speed and acceleration limits: the connected arm's calibrated ones, else
  :func:`robosim.trajectory.default_limits`), flags its first
  collision, and plays it in the simulator (it becomes the last trajectory, what the Real arm
  window's "Play on arm" sends).
- **Play on arm** does the same and has the connected arm check it (:meth:`Lynx6.plan`: joint
  limits, pulses, speed, torque, collisions) before it is handed to the Real arm window.
- **Plan around** finds a collision-free path from the selected pose to the next one (the
  last pose: from the one before) around the obstacles (:func:`robosim.planning.plan`), puts
  its corners in the list between the two (each held :data:`DT`, so that the arm stops there
  and stays on the planned straight lines), draws the tool's path in the simulator and plays
  that stretch. **Play** and **Play on arm** then go through them like any taught pose.
- **Obstacles...** opens the window where boxes are placed by typing their centre and size
  (:mod:`robosim.gui.tools.obstacles`): the scene every check and the planner use.
- **Save** and **Load** write and read the list as a taught-sequence file
  (``robosim-taught/1``, docs/formats.md), chosen in the native file dialog (TkAgg, Qt;
  starting from the file cell), else the file cell's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING


from ...collision import first_collision
from ...dh_steps import shown_amount
from ...errors import RobosimError, ValidationError
from ...parsing import parse_number
from ...planning import plan
from ...trajectory.teaching import (DEFAULT_DT, TaughtSequence, default_limits, load_taught,
                                    save_taught)
from ..widgets.cells import CellGrid
from .obstacles import ObstaclesWindow
from .window import ToolWindow, joint_columns

if TYPE_CHECKING:
    import numpy as np

FIGSIZE = (8.4, 5.6)
#: Poses the list shows (the sequence may hold more: the list shows the last ones).
ROWS = 10
#: Time step of the played trajectory (s): the SSC-32's frame.
DT = DEFAULT_DT
DEFAULT_FILE = "taught.json"
#: Most seconds "Plan around" searches before it says no path was found.
PLAN_TIME_S = 5.0


class TeachWindow(ToolWindow):
    """The window's state and widgets; ``TeachWindow.open(arm)`` opens one."""

    TITLE = "Teach: {robot}"
    FIGSIZE = FIGSIZE

    def __init__(self, arm, fig):
        super().__init__(arm, fig)
        self.taught = TaughtSequence(arm.robot.name)
        self.selected: int | None = None
        self.obstacles_window: ObstaclesWindow | None = None
        self._build()
        self.show_list()
        self.say("Move the arm to a pose and press Record; Play goes through every pose.")

    # ------------------------------------------------------------------ layout
    def _build(self):
        fig, n = self.fig, self.arm.robot.n
        fig.text(0.03, 0.945, f"Teach {self.arm.robot.name} by poses", fontsize=11,
                 fontweight="bold")
        self.buttons = {}
        for k, (label, action) in enumerate((
                ("Record", self.record), ("Delete", self.delete),
                ("Up", lambda: self.move(-1)), ("Down", lambda: self.move(+1)),
                ("Go to", self.go_to), ("Plan around", self.plan_around))):
            self.buttons[label] = self.button((0.03 + 0.13 * k, 0.85, 0.12, 0.065), label,
                                              action)
        columns, short_columns, unit = joint_columns(self.arm.robot)
        extra = ["dwell s", "speed"]
        self.list = self.keep(CellGrid(
            fig, (0.03, 0.29, 0.94, 0.54), ROWS, columns + extra,
            short_columns=short_columns + extra, short_corner=unit,
            row_labels=[str(k) for k in range(1, ROWS + 1)], label_width=0.05,
            on_commit=self._on_commit, on_focus=lambda row, col: self._select(row),
            widths=[1.0] * n + [0.8, 0.7], fontsize=8))
        self.file = self.keep(CellGrid(fig, (0.03, 0.19, 0.6, 0.065), 1, ["file"],
                                       label_width=0.0, fontsize=8))
        self.file.set_text(0, 0, str(Path(DEFAULT_FILE).absolute()))
        for k, (label, action) in enumerate((
                ("Play", self.play), ("Play on arm", self.play_on_arm),
                ("Save", self.save), ("Load", self.load), ("Obstacles...", self.obstacles))):
            self.buttons[label] = self.button((0.03 + 0.16 * k, 0.09, 0.15, 0.065), label,
                                              action)
        self.status_line((0.02, 0.005, 0.96, 0.07), fontsize=8)

    # ------------------------------------------------------------------ the list
    def show_list(self):
        """Write the sequence in the list (its last :data:`ROWS` poses)."""
        robot = self.arm.robot
        first = max(0, len(self.taught.poses) - ROWS)
        for row in range(ROWS):
            index = first + row
            if index < len(self.taught.poses):
                values = robot.q_to_user(self.taught.poses[index])
                texts = [f"{shown_amount(v):.6g}" for v in values] + [
                    f"{self.taught.dwell[index]:g}", f"{self.taught.speed[index]:g}"]
            else:
                texts = [""] * (robot.n + 2)
            for col, text in enumerate(texts):
                self.list.set_text(row, col, text)
        self.redraw()

    def _index(self, row):
        return max(0, len(self.taught.poses) - ROWS) + row

    def _select(self, row):
        index = self._index(row)
        self.selected = index if index < len(self.taught.poses) else None

    def _on_commit(self, row, col, text):
        """A typed value: a joint value within its limits, a dwell or a speed."""
        index = self._index(row)
        if index >= len(self.taught.poses):
            return None if not text.strip() else "record a pose first (Record)"
        robot = self.arm.robot
        try:
            value = parse_number(text, "the value")
        except ValidationError as exc:
            return str(exc)
        if col < robot.n:
            user = robot.q_to_user(self.taught.poses[index])
            user[col] = value
            q = robot.q_from_user(user)
            try:
                self.robot.check_within_limits(q, f"pose {index + 1}")
            except ValidationError as exc:
                return str(exc)
            self.taught.poses[index] = q
        elif col == robot.n:
            if not 0 <= value <= 3600:
                return f"dwell must be from 0 to 3600 s, got {value:g}"
            self.taught.dwell[index] = value
        else:
            if not 0 < value <= 1:
                return f"speed must be more than 0 and at most 1, got {value:g}"
            self.taught.speed[index] = value
        return None

    def _require_selected(self):
        if self.selected is None or self.selected >= len(self.taught.poses):
            raise RobosimError("click a pose in the list first")
        return self.selected

    # ------------------------------------------------------------------ actions
    def record(self):
        """Append the pose the simulator shows."""
        self.taught.record(self.arm.q)
        self.selected = len(self.taught.poses) - 1
        self.show_list()
        self.say(f"pose {len(self.taught.poses)} recorded")

    def delete(self):
        """Remove the selected pose."""
        index = self._require_selected()
        self.taught.delete(index)
        self.selected = None
        self.show_list()
        self.say(f"pose {index + 1} deleted")

    def move(self, step):
        """Move the selected pose up (-1) or down (+1) the list."""
        self.selected = self.taught.move(self._require_selected(), step)
        self.show_list()
        self.say(f"now pose {self.selected + 1}")

    def go_to(self):
        """Animate the simulator's arm to the selected pose."""
        self.arm.animate_to(self.taught.poses[self._require_selected()])

    def plan_around(self):
        """Plan a collision-free path from the selected pose to the next (the last pose: from
        the one before), put its corners between them in the list, draw the tool's path and
        play it."""
        index = self._require_selected()
        if len(self.taught.poses) < 2:
            raise RobosimError("record at least 2 poses to plan between")
        first = min(index, len(self.taught.poses) - 2)
        start, goal = self.taught.poses[first], self.taught.poses[first + 1]
        found = plan(self.robot, start, goal, self.arm.scene, time_limit=PLAN_TIME_S)
        where = f"pose {first + 1} to pose {first + 2}"
        if not found.success:
            raise RobosimError(f"{where}: {found.reason}")
        corners = found.path[1:-1]
        for k, q in enumerate(corners):
            self.taught.insert(first + 1 + k, q, dwell=DT, speed=self.taught.speed[first + 1])
        self.selected = first
        self.show_list()
        self.draw_path(self.robot.fk(found.sampled())[:, :3, 3])
        profile = found.trajectory(DT, *self.limits())
        self.arm.play(profile.t, profile.q)
        what = (f"{len(corners)} pose{'s' if len(corners) != 1 else ''} put between them"
                if len(corners) else "the straight line is free: nothing to add")
        self.say(f"{where}: {found.reason}; {what}")

    def obstacles(self):
        """Open the Obstacles window (boxes typed in, the scene the planner goes around)."""
        self.obstacles_window = ObstaclesWindow.reopen(self.arm, self.obstacles_window)

    def on_close(self):
        ObstaclesWindow.close_window(self.obstacles_window)

    def limits(self) -> tuple[np.ndarray, np.ndarray]:
        """Speed and acceleration limits ``(n,)`` each (API units per second, per second
        squared): the connected arm's, else the defaults."""
        driver = self.arm.connection
        if driver is not None and hasattr(driver, "motion_limits"):
            return driver.motion_limits()
        return default_limits(self.arm.robot)

    def trajectory(self):
        """The smooth trajectory through every pose, its first collision said in red."""
        qd_max, qdd_max = self.limits()
        profile = self.taught.trajectory(DT, qd_max, qdd_max, robot=self.robot)
        found = first_collision(self.arm.collisions, profile.q)
        if found is not None:
            row, pairs = found
            self.say(f"at t = {profile.t[row]:.2f} s {pairs}: the real arm refuses this "
                     f"sequence", error=True)
        return profile, found

    def play(self):
        """Play the sequence in the simulator (it becomes the last trajectory)."""
        profile, found = self.trajectory()
        self.arm.play(profile.t, profile.q)
        if found is None:
            self.say(f"playing {len(self.taught.poses)} poses in {profile.t[-1]:.2f} s")

    def play_on_arm(self):
        """Have the connected arm check the sequence (every check it makes before sending),
        play it in the simulator, and leave it for the Real arm window's "Play on arm"."""
        driver = self.arm.connection
        if driver is None:
            raise RobosimError("no arm connected: connect one in Real arm... first")
        profile, found = self.trajectory()
        if found is not None:
            return
        driver.plan(profile.t, profile.q)
        self.arm.play(profile.t, profile.q)
        self.say("checked by the arm: press Play on arm in the Real arm window to send it")

    def _file(self, save):
        """The taught-sequence file to write (``save``) or read, or None (the dialog was
        cancelled): :meth:`~robosim.gui.tools.window.ToolWindow.chosen_file`."""
        return self.chosen_file(self.file, save, "taught sequence (.json)", "taught")

    def save(self):
        """Write the sequence to a file (the native dialog's, else the file cell's)."""
        path = self._file(save=True)
        if path is None:
            return
        save_taught(self.taught, self.arm.robot, path)
        self.say(f"saved {len(self.taught.poses)} poses to {path}")

    def load(self):
        """Read a sequence from a file (the native dialog's, else the file cell's); the list
        keeps its poses on an error."""
        path = self._file(save=False)
        if path is None:
            return
        self.taught = load_taught(path, self.arm.robot)
        self.selected = None
        self.show_list()
        self.say(f"loaded {len(self.taught.poses)} poses from {path}")

"""The "Obstacles..." window (opened from Teach... and Jog / IK): boxes placed by typing.

It edits the scene every window checks collisions with and the planner goes around
(:attr:`robosim.gui.state.ArmState.scene`, :meth:`~robosim.gui.state.ArmState.set_scene`): the
simulator draws the obstacles and colours the links that hit them, Jog / IK stops before them,
Teach and Trajectories flag them, "Plan around" avoids them, and a connected arm refuses to
hit them.

- **New box**: its centre x, y, z and its size along x, y, z (the robot's length unit, the
  base frame), typed in the cells; **Add box** adds it as "box 1", "box 2"...
- The list shows the scene's obstacles but what the arm stands on (the floor, the Lynx6's
  table); a box's cells can be typed over (the scene changes at once), a sphere's or a
  cylinder's (from a scene file) are shown with their radius and height. A click on a row
  selects it for **Delete**.
- **Save** and **Load** write and read the scene as a scene file (``robosim-scene/1``,
  docs/formats.md), chosen in the native file dialog (TkAgg, Qt), else the file cell's, as
  the Teach window does. **Default** goes back to the default scene.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from ...collision import MAX_OBSTACLES, Obstacle, Scene, default_scene, load_scene, save_scene
from ...errors import RobosimError, ValidationError
from ...kinematics import floor_height
from ...parsing import parse_number
from ..widgets.cells import CellGrid
from ..view import has_event_loop
from .window import ToolWindow

FIGSIZE = (7.2, 4.6)
#: Obstacles the list shows (the scene may hold more: the list shows the first ones).
ROWS = 6
#: A new box's distance in front of the arm and its size, as fractions of the robot's length
#: scale (rounded to two digits); it stands on the floor.
NEW_BOX_AHEAD, NEW_BOX_SIZE = 0.45, 0.1
#: Largest centre coordinate or size typed, in robot sizes (length scales).
MAX_SIZES = 10.0
DEFAULT_FILE = "scene.json"
CENTRE_SIZE = ("x", "y", "z", "size x", "size y", "size z")


class ObstaclesWindow(ToolWindow):
    """The window's state and widgets; ``ObstaclesWindow.open(arm)`` opens one."""

    TITLE = "Obstacles: {robot}"
    FIGSIZE = FIGSIZE

    def __init__(self, arm, fig):
        super().__init__(arm, fig)
        self.selected: int | None = None
        self._build()
        self.show_list()
        self.subscribe(arm, "scene", lambda state: self.show_list())
        self.say("Type a box's centre and size and press Add box; type over a box in the list "
                 "to move it.")

    @classmethod
    def reopen(cls, arm, window):
        """``window`` (an Obstacles window a tool window opened before) while it is open, else
        a new one on ``arm``, shown at once (opened from a button: no application's
        ``open_tool_window`` shows it); a tool window keeps the one it opened (widgets need
        an owner)."""
        window = window if _is_open(window) else cls.open(arm)
        manager = window.fig.canvas.manager
        if manager is not None and has_event_loop(window.fig):
            manager.show()
        return window

    @staticmethod
    def close_window(window):
        """Close ``window`` (None, or one already closed: nothing to do): the tool window that
        opened it is closing."""
        if _is_open(window):
            import matplotlib.pyplot as plt

            window.close()
            plt.close(window.fig)

    # ------------------------------------------------------------------ layout
    def _build(self):
        fig, unit = self.fig, self.arm.robot.unit
        fig.text(0.03, 0.94, f"Obstacles around {self.arm.robot.name} ({unit}, base frame)",
                 fontsize=11, fontweight="bold")
        headers = [f"x ({unit})", "y", "z", "size x", "size y", "size z"]
        self.new_box = self.keep(CellGrid(fig, (0.03, 0.74, 0.72, 0.12), 1, headers,
                                          on_commit=self._check_new_cell, fontsize=8))
        scale = self.arm.robot.length_scale
        size = _two_digits(NEW_BOX_SIZE * scale)
        floor = floor_height(self.arm.robot) or 0.0
        for col, value in enumerate((_two_digits(NEW_BOX_AHEAD * scale), 0.0, floor + size / 2,
                                     size, size, size)):
            self.new_box.set_text(0, col, f"{value:g}")
        self.buttons = {"Add box": self.button((0.77, 0.75, 0.2, 0.08), "Add box",
                                               self.add_box)}
        self.list = self.keep(CellGrid(
            fig, (0.03, 0.3, 0.94, 0.4), ROWS, ["name"] + headers,
            row_labels=[str(k) for k in range(1, ROWS + 1)], label_width=0.05,
            on_commit=self._on_commit, on_focus=lambda row, col: self._select(row),
            widths=[1.4, 1, 1, 1, 1, 1, 1], fontsize=8))
        self.file = self.keep(CellGrid(fig, (0.03, 0.17, 0.6, 0.09), 1, ["file"],
                                       label_width=0.0, fontsize=8))
        self.file.set_text(0, 0, str(Path(DEFAULT_FILE).absolute()))
        for k, (label, action) in enumerate((("Delete", self.delete), ("Default", self.default),
                                             ("Save", self.save), ("Load", self.load))):
            self.buttons[label] = self.button((0.03 + 0.16 * k, 0.07, 0.15, 0.08), label,
                                              action)
        self.status_line((0.02, 0.005, 0.96, 0.055), fontsize=8)

    # ------------------------------------------------------------------ the list
    def shown(self):
        """The obstacles the list shows, with their index in the scene: all but the ground."""
        scene = self.arm.scene
        return [(k, o) for k, o in enumerate(scene.obstacles)
                if o.name not in ("floor", scene.ground)]

    def show_list(self):
        """Write the obstacles in the list (a box: its centre and size; a sphere or cylinder:
        its centre, radius and height)."""
        shown = self.shown()
        for row in range(ROWS):
            if row < len(shown):
                obstacle = shown[row][1]
                sizes = {"box": obstacle.size, "sphere": (obstacle.radius, "", ""),
                         "cylinder": (obstacle.radius, obstacle.height, "")}[obstacle.shape]
                name = obstacle.name + ("" if obstacle.shape == "box" else f" ({obstacle.shape})")
                texts = [name, *(f"{v:g}" for v in obstacle.xyz), *(
                    f"{v:g}" if v != "" else "" for v in sizes)]
            else:
                texts = [""] * 7
            for col, text in enumerate(texts):
                self.list.set_text(row, col, text)
        self.redraw()

    def _select(self, row):
        self.selected = row if row < len(self.shown()) else None

    def _on_commit(self, row, col, text):
        """A typed value: a box's centre or size (the scene changes at once), or its name."""
        shown = self.shown()
        if row >= len(shown):
            return None if not text.strip() else "add a box first (Add box)"
        index, obstacle = shown[row]
        if col == 0:
            name = text.strip()
            if not name or any(o.name == name for k, o in enumerate(self.arm.scene.obstacles)
                               if k != index):
                return f"obstacle names must be new and not empty, got {name!r}"
            changed = replace(obstacle, name=name)
        else:
            if obstacle.shape != "box":
                return f"{obstacle.name} is a {obstacle.shape}: change it in its scene file"
            try:
                value = self._length(text, CENTRE_SIZE[col - 1], positive=col > 3)
            except ValidationError as exc:
                return str(exc)
            values = [*obstacle.xyz, *obstacle.size]
            values[col - 1] = value
            changed = replace(obstacle, xyz=tuple(values[:3]), size=tuple(values[3:]))
        obstacles = list(self.arm.scene.obstacles)
        obstacles[index] = changed
        self._set_scene(obstacles, f"{changed.name} changed")
        return None

    def _check_new_cell(self, row, col, text):
        try:
            self._length(text, CENTRE_SIZE[col], positive=col >= 3)
        except ValidationError as exc:
            return str(exc)
        return None

    def _length(self, text, what, positive):
        """A typed coordinate or size (robot's unit), within :data:`MAX_SIZES` robot sizes."""
        value = parse_number(text, what)
        bound = MAX_SIZES * self.arm.robot.length_scale
        if positive and value <= 0 or abs(value) > bound:
            span = f"more than 0 and at most {bound:g}" if positive else f"from -{bound:g} " \
                                                                          f"to {bound:g}"
            raise ValidationError(f"{what} must be {span} {self.arm.robot.unit}, got {value:g}")
        return value

    def _set_scene(self, obstacles, done):
        """Make ``obstacles`` (a list, in the robot's unit; or a loaded :class:`Scene`) the
        scene every window checks, and say ``done`` and what the arm's pose hits now."""
        scene = obstacles if isinstance(obstacles, Scene) else Scene(tuple(obstacles),
                                                                      self.arm.robot.unit)
        self.arm.set_scene(scene)
        found = self.arm.collisions.check(self.arm.q)
        hits = found.describe() if found.collides else ""
        self.say(f"{done}; the arm's pose: {hits}" if hits else done, error=bool(hits))

    # ------------------------------------------------------------------ actions
    def add_box(self):
        """Add the box typed in the New box cells."""
        message = self.new_box.commit()
        if message or self.new_box.errors:
            raise ValidationError(message or next(iter(self.new_box.errors.values())))
        values = [self._length(self.new_box.text(0, col), what, positive=col >= 3)
                  for col, what in enumerate(CENTRE_SIZE)]
        obstacles = self.arm.scene.obstacles
        if len(obstacles) >= MAX_OBSTACLES:
            raise ValidationError(f"a scene holds at most {MAX_OBSTACLES} obstacles")
        names = {o.name for o in obstacles}
        name = next(f"box {k}" for k in range(1, MAX_OBSTACLES + 2) if f"box {k}" not in names)
        box = Obstacle(name, "box", xyz=tuple(values[:3]), size=tuple(values[3:]))
        self._set_scene([*obstacles, box], f"{name} added")

    def delete(self):
        """Remove the selected obstacle."""
        shown = self.shown()
        if self.selected is None or self.selected >= len(shown):
            raise RobosimError("click an obstacle in the list first")
        index, obstacle = shown[self.selected]
        self.selected = None
        self._set_scene([o for k, o in enumerate(self.arm.scene.obstacles) if k != index],
                        f"{obstacle.name} deleted")

    def default(self):
        """Back to the default scene (the floor; the Lynx6's table)."""
        self.selected = None
        self._set_scene(default_scene(self.arm.robot), "the default scene again")

    def _file(self, save):
        """The scene file to write or read, or None (the dialog was cancelled):
        :meth:`~robosim.gui.tools.window.ToolWindow.chosen_file`."""
        return self.chosen_file(self.file, save, "scene (.json)", "scene")

    def save(self):
        """Write the scene to a file."""
        path = self._file(save=True)
        if path is not None:
            save_scene(self.arm.scene, path)
            self.say(f"saved {len(self.arm.scene.obstacles)} obstacles to {path}")

    def load(self):
        """Read a scene file; the scene in use stays on an error."""
        path = self._file(save=False)
        if path is not None:
            self.selected = None
            scene = load_scene(path)
            self._set_scene(scene, f"loaded {len(scene.obstacles)} obstacles from "
                                             f"{path}")


def _two_digits(value):
    """``value`` rounded to two significant digits: 218.25 -> 220, 48.5 -> 48."""
    return round(value, 1 - math.floor(math.log10(abs(value)))) if value else 0.0


def _is_open(window):
    """Whether ``window`` (or None) is a window whose figure pyplot still shows."""
    import matplotlib.pyplot as plt

    return window is not None and plt.fignum_exists(window.fig.number)

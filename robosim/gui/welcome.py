"""The welcome screen (Lodes' Fig. 3): pick a library robot, enter a DH table, load a file.

Library robots are shown as a page of buttons (:data:`ROBOT_COLUMNS` x :data:`ROBOT_ROWS`) with
Previous/Next when the library has more. The button slots are made once; turning a page only
relabels them. "Last robot entered" reopens the table the user continued with last
(:mod:`robosim.gui.autosave`). A robot file is loaded by typing its path in the cell (checked on
Enter) and pressing Load: it works the same in every backend, with or without a file dialog.
"""

from pathlib import Path

from ..library import library_robots, load_robot
from . import autosave
from .screen import Screen

ROBOT_COLUMNS, ROBOT_ROWS = 4, 6
GRID_LEFT, GRID_TOP, GRID_WIDTH, GRID_HEIGHT = 0.36, 0.80, 0.62, 0.62
LEFT_COLUMN, LEFT_WIDTH = 0.04, 0.27
BUTTON_HEIGHT = 0.07
INACTIVE_COLOUR = "0.93"


class WelcomeScreen(Screen):
    """The first screen: library robots, "Enter a DH table", "Load a robot file", last robot."""

    def __init__(self, app):
        super().__init__(app)
        self.robots = library_robots()
        self.page = 0
        self.last_robot = autosave.load_last_robot()
        self.buttons = {}

    @property
    def pages(self):
        per_page = ROBOT_COLUMNS * ROBOT_ROWS
        return max(1, -(-len(self.robots) // per_page))

    def build(self):
        from .cells import CellGrid

        fig = self.fig
        fig.text(0.04, 0.93, "Welcome to robosim", fontsize=20, weight="bold")
        fig.text(0.04, 0.885, "A robot-arm simulator: choose a robot to simulate, or enter the "
                              "Denavit-Hartenberg table of your own.", fontsize=11)
        fig.text(GRID_LEFT, GRID_TOP + 0.015, f"Ready-made robots ({len(self.robots)})",
                 fontsize=12, weight="bold")
        fig.text(LEFT_COLUMN, GRID_TOP + 0.015, "Your own robot", fontsize=12, weight="bold")

        self._button((LEFT_COLUMN, 0.70, LEFT_WIDTH, BUTTON_HEIGHT), "Enter a DH table",
                     lambda: self.app.show_editor(None))
        self.path_cell = self.keep(CellGrid(
            fig, (LEFT_COLUMN, 0.52, LEFT_WIDTH, 0.09), 1, ["robot file (.json or .csv)"],
            on_commit=self._on_path_commit))
        self._button((LEFT_COLUMN, 0.44, LEFT_WIDTH, BUTTON_HEIGHT), "Load a robot file",
                     self.load_typed_file)
        if self.last_robot is not None:
            label = f"Last robot entered:\n{self.last_robot.name}"
            self._button((LEFT_COLUMN, 0.28, LEFT_WIDTH, BUTTON_HEIGHT + 0.02), label,
                         lambda: self.app.show_simulator(self.last_robot))
        else:
            fig.text(LEFT_COLUMN, 0.31, "The last robot you enter\nwill be offered here.",
                     fontsize=10, color="0.4")

        self.slots = []
        cell_w, cell_h = GRID_WIDTH / ROBOT_COLUMNS, GRID_HEIGHT / ROBOT_ROWS
        for k in range(ROBOT_COLUMNS * ROBOT_ROWS):
            row, column = divmod(k, ROBOT_COLUMNS)
            rect = (GRID_LEFT + column * cell_w, GRID_TOP - (row + 1) * cell_h,
                    cell_w - 0.01, cell_h - 0.012)
            self.slots.append(self._button(rect, None, lambda k=k: self.pick(k)))
        if self.pages > 1:
            bottom = GRID_TOP - GRID_HEIGHT - 0.07
            self._button((GRID_LEFT, bottom, 0.12, 0.05), "< Previous", lambda: self.turn(-1))
            self._button((GRID_LEFT + GRID_WIDTH - 0.13, bottom, 0.12, 0.05), "Next >",
                         lambda: self.turn(+1))
            self.page_text = fig.text(GRID_LEFT + GRID_WIDTH / 2, bottom + 0.02, "",
                                      ha="center", fontsize=10)
        self._show_page()
        self.app.set_status("Pick a robot, or enter your own DH table.")

    def _button(self, rect, label, action):
        """A button calling ``action()``; kept in :attr:`buttons` unless it is a robot slot
        (``label`` None: its label changes with the page)."""
        button = self.button(rect, label or "", action, fontsize=10)
        if label is not None:
            self.buttons[label] = button
        return button

    def fit_labels(self):
        """Fit every label to its button, the robot buttons all at the size the longest needs."""
        super().fit_labels()
        used = [slot for slot in self.slots if slot.ax.get_visible()]
        if used:
            size = min(slot.label.get_fontsize() for slot in used)
            for slot in used:
                slot.label.set_fontsize(size)

    # ------------------------------------------------------------------ paging
    def page_robots(self):
        """The robots on the page shown."""
        per_page = ROBOT_COLUMNS * ROBOT_ROWS
        return self.robots[self.page * per_page:(self.page + 1) * per_page]

    def turn(self, step):
        """Show the next (+1) or previous (-1) page, wrapping around."""
        self.page = (self.page + step) % self.pages
        self._show_page()
        self.fit_labels()
        self.redraw()

    def _show_page(self):
        robots = self.page_robots()
        for k, button in enumerate(self.slots):
            used = k < len(robots)
            button.ax.set_visible(used)
            button.set_active(used)
            if used:
                robot = robots[k]
                button.label.set_text(f"{robot.name}\n{robot.n} joints {robot.joint_types}, "
                                      f"{robot.unit}")
        if self.pages > 1:
            self.page_text.set_text(f"page {self.page + 1} of {self.pages}")

    # ------------------------------------------------------------------ actions
    def pick(self, slot):
        """Open the simulator with the robot of button ``slot`` on this page."""
        self.app.show_simulator(self.page_robots()[slot])

    def _on_path_commit(self, row, column, text):
        """Check the typed path at once (the Load button loads it); a message rejects it."""
        path = Path(text.strip())
        if text.strip() and not path.is_file():
            message = f"{text.strip()}: no such file"
        elif text.strip() and path.suffix.lower() not in (".json", ".csv"):
            message = f"{text.strip()}: a robot file ends in .json or .csv"
        else:
            self.app.set_status("Press 'Load a robot file' to open it." if text.strip() else "")
            return None
        self.app.set_status(message, error=True)
        return message

    def load_typed_file(self):
        """Load the robot file whose path is in the cell and open it in the simulator."""
        self.path_cell.commit()
        path = self.path_cell.text(0, 0).strip()
        if not path:
            self.app.set_status("Type the path of a robot file (.json or .csv) in the cell "
                                "first.", error=True)
            return
        self.app.show_simulator(load_robot(path))

"""The welcome screen (Lodes' Fig. 3): pick a library robot, enter a DH table, load a file.

Library robots are shown as a page of buttons (:data:`ROBOT_COLUMNS` x :data:`ROBOT_ROWS`, one
:class:`~robosim.gui.widgets.button_grid.ButtonGrid`) with Previous/Next when the library has
more. The buttons are made once; turning a page only relabels them.

"Load a robot file" opens the native file dialog where the window has one
(:func:`robosim.gui.widgets.file_dialog.ask_path`: TkAgg, Qt); in every backend the path typed in
the cell above it works too (Enter in the cell loads it; the cell shows it as an absolute path).

"My robots" lists the last robots entered, loaded or saved
(:mod:`robosim.gui.user_files.my_robots`), newest first, each with a button that opens it and a
small "x" that removes it from the list (two more button grids).
"""

from pathlib import Path

from ...robot_files import ROBOT_FILE_SUFFIXES, library_robots, load_robot
from ..widgets import file_dialog
from ..user_files.my_robots import MAX_ROBOTS, MyRobots
from .base import Screen

ROBOT_COLUMNS, ROBOT_ROWS = 4, 6
GRID_LEFT, GRID_TOP, GRID_WIDTH, GRID_HEIGHT = 0.36, 0.80, 0.62, 0.62
LEFT_COLUMN, LEFT_WIDTH = 0.04, 0.27
BUTTON_HEIGHT = 0.065
INACTIVE_COLOUR = "0.93"
#: Top of the "My robots" list, the height of one of its lines and the width of its "x" buttons
#: (figure fractions).
MY_ROBOTS_TOP, MY_ROBOT_HEIGHT, REMOVE_WIDTH = 0.465, 0.045, 0.03
#: Longest robot name shown in full in the list (longer names end in "...").
MY_ROBOT_NAME_CHARACTERS = 22
#: The robot files the file cell takes, as the cell's label and its messages say them.
FILE_KINDS = ", ".join(ROBOT_FILE_SUFFIXES[:-1]) + " or " + ROBOT_FILE_SUFFIXES[-1]


class WelcomeScreen(Screen):
    """The first screen: library robots, "Enter a DH table", "Load a robot file", My robots."""

    def __init__(self, app):
        super().__init__(app)
        self.robots = library_robots()
        self.page = 0
        self.my_robots = MyRobots.load()
        self.buttons = {}
        # the My robots list: a column of buttons that open, one of buttons that remove
        # (ButtonGrids, None while the list is empty)
        self.my_robot_openers = self.my_robot_removers = None

    @property
    def pages(self):
        per_page = ROBOT_COLUMNS * ROBOT_ROWS
        return max(1, -(-len(self.robots) // per_page))

    def build(self):
        from ..widgets.button_grid import ButtonGrid
        from ..widgets.cells import CellGrid

        fig = self.fig
        fig.text(0.04, 0.93, "Welcome to robosim", fontsize=20, weight="bold")
        fig.text(0.04, 0.885, "A robot-arm simulator: choose a robot to simulate, or enter the "
                              "Denavit-Hartenberg table of your own.", fontsize=11)
        fig.text(GRID_LEFT, GRID_TOP + 0.015, f"Ready-made robots ({len(self.robots)})",
                 fontsize=12, weight="bold")
        fig.text(LEFT_COLUMN, GRID_TOP + 0.015, "Your own robot", fontsize=12, weight="bold")

        self._button((LEFT_COLUMN, 0.715, LEFT_WIDTH, BUTTON_HEIGHT), "Enter a DH table",
                     lambda: self.app.show_editor(None))
        self.path_cell = self.keep(CellGrid(
            fig, (LEFT_COLUMN, 0.605, LEFT_WIDTH, 0.08), 1, [f"robot file ({FILE_KINDS})"],
            on_commit=self._on_path_commit, on_enter=lambda row, col, text: self.load_path(text)))
        self._button((LEFT_COLUMN, 0.53, LEFT_WIDTH, BUTTON_HEIGHT), "Load a robot file",
                     self.load_file)
        self._build_my_robots()

        self.robot_buttons = self.keep(ButtonGrid(
            fig, (GRID_LEFT, GRID_TOP - GRID_HEIGHT, GRID_WIDTH, GRID_HEIGHT), ROBOT_ROWS,
            ROBOT_COLUMNS, lambda k: self.run(lambda: self.pick(k)), gap=(0.01, 0.012),
            fontsize=10))
        if self.pages > 1:
            bottom = GRID_TOP - GRID_HEIGHT - 0.07
            self._button((GRID_LEFT, bottom, 0.12, 0.05), "< Previous", lambda: self.turn(-1))
            self._button((GRID_LEFT + GRID_WIDTH - 0.13, bottom, 0.12, 0.05), "Next >",
                         lambda: self.turn(+1))
            self.page_text = fig.text(GRID_LEFT + GRID_WIDTH / 2, bottom + 0.02, "",
                                      ha="center", fontsize=10)
        self._show_page()
        if self.my_robots.problem:
            self.app.set_status(self.my_robots.problem, error=True)
        else:
            self.app.set_status("Pick a robot, or enter your own DH table.")

    def _build_my_robots(self):
        """The "My robots" heading and one line per entry: open button and "x" button."""
        fig = self.fig
        fig.text(LEFT_COLUMN, MY_ROBOTS_TOP + 0.012, "My robots", fontsize=12, weight="bold")
        if not self.my_robots.entries:
            fig.text(LEFT_COLUMN, MY_ROBOTS_TOP - 0.02, f"The last {MAX_ROBOTS} robots you "
                     f"enter, load or save\nare listed here.", fontsize=10, color="0.4",
                     va="top")
        if not self.my_robots.entries:
            return
        from ..widgets.button_grid import ButtonGrid

        labels = []
        for entry, label in zip(self.my_robots.entries, self.my_robots.labels(), strict=True):
            name = entry.robot.name
            if len(name) > MY_ROBOT_NAME_CHARACTERS:
                name = name[:MY_ROBOT_NAME_CHARACTERS - 3] + "..."
            labels.append(label.replace(entry.robot.name, name, 1))
        bottom, height = MY_ROBOTS_TOP - MAX_ROBOTS * MY_ROBOT_HEIGHT, MAX_ROBOTS * MY_ROBOT_HEIGHT
        gap = (0.0, 0.008)
        self.my_robot_openers = self.keep(ButtonGrid(
            fig, (LEFT_COLUMN, bottom, LEFT_WIDTH - REMOVE_WIDTH - 0.005, height), MAX_ROBOTS, 1,
            lambda k: self.run(lambda: self.open_my_robot(k)), gap=gap, fontsize=9,
            one_size=False))
        self.my_robot_removers = self.keep(ButtonGrid(
            fig, (LEFT_COLUMN + LEFT_WIDTH - REMOVE_WIDTH, bottom, REMOVE_WIDTH, height),
            MAX_ROBOTS, 1, lambda k: self.run(lambda: self.forget_my_robot(k)), gap=gap,
            fontsize=9))
        self.my_robot_openers.set_labels(labels)
        self.my_robot_removers.set_labels(["x"] * len(labels))

    def my_robot_labels(self):
        """The labels of the My robots list's buttons, newest first."""
        if self.my_robot_openers is None:
            return []
        return [self.my_robot_openers.labels[k].get_text()
                for k in self.my_robot_openers.shown()]

    def _button(self, rect, label, action):
        """A button calling ``action()``, kept in :attr:`buttons`."""
        button = self.button(rect, label, action, fontsize=10)
        self.buttons[label] = button
        return button

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
        self.robot_buttons.set_labels([f"{robot.name}\n{robot.n} joints {robot.joint_types}, "
                                       f"{robot.unit}" for robot in self.page_robots()])
        if self.pages > 1:
            self.page_text.set_text(f"page {self.page + 1} of {self.pages}")

    # ------------------------------------------------------------------ actions
    def pick(self, index):
        """Open the simulator with the robot of button ``index`` on this page."""
        self.open_robot(self.page_robots()[index])

    def _on_path_commit(self, row, column, text):
        """Check the typed path at once and show it absolute (Enter or the Load button loads
        it); a message rejects it."""
        if not text.strip():
            self.app.set_status("")
            return None
        path = Path(text.strip()).expanduser().absolute()
        self.path_cell.set_text(0, 0, str(path))
        if path.is_dir():
            message = f"{path}: a folder, not a file; name a robot file ({FILE_KINDS}) in it"
        elif not path.exists():
            message = f"{path}: no such file"
        elif not path.is_file():
            message = f"{path}: not a regular file (a device or a pipe); name a robot file"
        elif path.suffix.lower() not in ROBOT_FILE_SUFFIXES:
            message = f"{path}: a robot file ends in {FILE_KINDS}"
        else:
            self.app.set_status("Press Enter or 'Load a robot file' to open it.")
            return None
        self.app.set_status(message, error=True)
        return message

    def load_file(self):
        """Load a robot file, chosen in the native dialog when the window has one, else typed
        in the cell, and open it in the simulator."""
        self.path_cell.commit()
        typed = self.path_cell.text(0, 0).strip()
        chosen = file_dialog.ask_path(self.fig, save=False, title="Open a robot file",
                                      initial=typed or self._open_folder())
        if chosen == "":      # a typed path's problem stays said: it is why no file opened
            problem = self.path_cell.errors.get((0, 0))
            self.app.set_status(f"No file was chosen, and {problem}" if problem
                                else "No file was chosen.", error=bool(problem))
            return
        if chosen:
            self.path_cell.set_text(0, 0, chosen)
            typed = chosen
        if not typed:
            self.app.set_status(f"Type the path of a robot file ({FILE_KINDS}) in the cell "
                                "first.", error=True)
            return
        self.load_path(typed)

    def _open_folder(self):
        """Where the open dialog starts: the folder of the newest My robots file, else the
        working folder."""
        paths = [entry.path for entry in self.my_robots.entries if entry.path]
        return Path(paths[0]).parent if paths else Path.cwd()

    def load_path(self, text):
        """Load the robot file ``text``, add it to My robots, open it in the simulator."""
        if not text.strip():
            self.app.set_status(f"Type the path of a robot file ({FILE_KINDS}) first.",
                                error=True)
            return
        path = Path(text.strip()).expanduser().absolute()
        robot = load_robot(path)
        self.open_robot(robot, path, remember=True)

    def open_robot(self, robot, path=None, remember=False):
        """Show ``robot`` (from file ``path``) in the simulator; ``remember`` adds it to My
        robots first (a list that cannot be written is said, and the robot opens anyway)."""
        warning = None
        if remember:
            try:
                self.my_robots.remember(robot, path)
            except OSError as exc:
                warning = f"My robots could not be updated: {exc.strerror or exc}"
        self.app.robot_file = path
        self.app.show_simulator(robot)
        if warning:
            self.app.set_status(warning, error=True)

    def open_my_robot(self, index):
        """Open entry ``index`` of My robots in the simulator (it moves to the top)."""
        entry = self.my_robots.entries[index]
        self.open_robot(entry.robot, entry.path, remember=True)

    def forget_my_robot(self, index):
        """Remove entry ``index`` from My robots and show the list without it."""
        entry = self.my_robots.entries[index]
        try:
            self.my_robots.remove(index)
            message, error = f"Removed {entry.label} from My robots.", False
        except OSError as exc:
            message, error = f"My robots could not be updated: {exc.strerror or exc}", True
        self.app.show_welcome()
        self.app.set_status(message, error)

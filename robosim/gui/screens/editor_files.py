"""The DH-table editor's file actions: Save, the "save as" cell, the autosave, My robots.

Save asks for the file in the native dialog where the window has one
(:func:`robosim.gui.widgets.file_dialog.ask_path`, TkAgg or Qt), starting from the "save as"
cell; elsewhere it writes the path typed in the cell (Enter in the cell saves too, and a file
that exists is replaced only on a second press). The cell shows absolute paths; it proposes the
folder of the robot's file when it came from one, else the user's robosim folder. The cells are
autosaved exactly as typed after every commit (:mod:`robosim.gui.user_files.autosave`); Save
and Continue add the robot to "My robots" (:mod:`robosim.gui.user_files.my_robots`).

:class:`EditorFileActions` is a part of :class:`robosim.gui.screens.editor.EditorScreen`;
:class:`EditorParts` says what it uses of the screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ...errors import RobosimError
from ...robot_files import save_robot
from ..user_files import autosave
from ..user_files.my_robots import MyRobots
from ..widgets import file_dialog
from .dh_draft import Draft, default_save_path

if TYPE_CHECKING:
    from ...kinematics import Robot
    from ..widgets.cells import CellGrid


class EditorParts(Protocol):
    """What the file actions use of the editor screen."""

    app: Any
    fig: Any
    save_path: CellGrid | None
    _confirm: str | None

    @property
    def _draft(self) -> Draft: ...

    def _status(self, message: str, error: bool = ...) -> None: ...

    def _valid_robot(self, action: str) -> Robot | None: ...

    def save_folder(self) -> Path: ...

    def _autosave(self) -> str: ...

    def _save_path_committed(self, row: int, col: int, text: str) -> None: ...


class EditorFileActions:
    """The editor screen's Save, "save as" cell and autosave (see the module docstring)."""

    #: The path Save replaces on its next press (the dialog asked already, or it said that
    #: the file exists); the screen's Reset table keeps "reset" here the same way.
    _confirm: str | None = None

    def save_folder(self: EditorParts) -> Path:
        """Where Save proposes to write: the folder of the robot's file (the application's
        ``robot_file``), else the user's robosim folder, else the working folder."""
        robot_file = getattr(self.app, "robot_file", None)
        if robot_file is not None:
            return Path(robot_file).parent
        try:
            return autosave.user_dir()
        except OSError:
            return Path.cwd()

    def _autosave(self: EditorParts) -> str:
        """Store the draft as typed; "" or, when the user folder cannot be written, a warning
        for the status line (the editor carries on: Save still writes a robot file)."""
        try:
            autosave.save_draft(self._draft)
        except OSError as exc:
            return f"Your table cannot be autosaved ({exc.strerror or exc}): use Save to keep it. "
        return ""

    def _save_path_committed(self: EditorParts, row: int, col: int, text: str) -> None:
        """The "save as" cell: an absolute path (or nothing), autosaved with the draft."""
        if text.strip():
            text = absolute_path(text)
            if self.save_path is not None:      # the cell itself, or Save's dialog
                self.save_path.set_text(0, 0, text)
        self._draft["save_as"] = text
        warning = self._autosave()
        if warning:
            self._status(warning, error=True)
        self._confirm = None

    def _save(self: EditorParts, ask: bool = True) -> None:
        """Save the table as a robot file: to the file chosen in the native dialog when
        ``ask`` and the window has one, else to the "save as" cell's path."""
        robot = self._valid_robot("save it")
        if robot is None:
            return
        text = self._draft["save_as"].strip()
        chosen = None
        if ask:
            chosen = file_dialog.ask_path(
                self.fig, save=True, title=f"Save {robot.name} as a robot file",
                initial=text or default_save_path(robot.name, self.save_folder()),
                filetypes=file_dialog.ROBOT_JSON)
            if chosen == "":
                self._status("Not saved: no file was chosen.")
                return
        if chosen:
            self._save_path_committed(0, 0, chosen)
            text = chosen
            self._confirm = chosen     # the dialog asked before replacing a file
        if not text:
            self._status("Type the file to save to in the 'save as' cell (e.g. "
                         f"{default_save_path(robot.name, self.save_folder())}).", error=True)
            return
        path = Path(absolute_path(text))
        if path.exists() and self._confirm != str(path):
            self._confirm = str(path)
            self._status(f"{path} already exists: press Save again to replace it.",
                         error=True)
            return
        try:
            save_robot(robot, path)
        except RobosimError as exc:
            self._status(str(exc), error=True)
            return
        self._confirm = None
        self.app.robot_file = path
        self._status(f"Saved {robot.name!r} to {path}" + remember(robot, path))


def remember(robot: Robot, path: Path | None = None) -> str:
    """Add ``robot`` (saved at ``path``) to My robots; "" or a warning to add to the status
    line."""
    try:
        MyRobots.load().remember(robot, path)
    except OSError as exc:
        return f" (My robots could not be updated: {exc.strerror or exc})"
    return ""


def absolute_path(text: str) -> str:
    """A typed path as the cells show it: ``~`` expanded, made absolute (not resolved)."""
    return str(Path(text.strip()).expanduser().absolute())

"""The DH-table editor screen: how many joints, then one row per joint.

Two stages in one :class:`EditorScreen`:

1. *Number of joints* (shown when there is neither a robot to edit nor a saved draft): a button
   per count 1-12, or type the count and press Enter.
2. *The table*: the robot's name, joint count, length unit and DH convention; one row per joint
   with a revolute/prismatic choice and the cells theta, d, a, alpha, offset, min, max; "Save
   as" with a path cell; Back, Reset table, Continue.

Save, the "save as" cell, the autosave and "My robots" are the editor's file actions
(:mod:`robosim.gui.screens.editor_files`); where everything goes, its geometry
(:mod:`robosim.gui.screens.editor_layout`).

Every committed cell is checked by :mod:`robosim.gui.screens.dh_draft` (the robot-file validation):
wrong cells turn red, and Continue stays disabled (greyed; a press says what is still wrong)
until the table is a valid robot. The status line explains the problem of the *selected* cell
(the one being typed in, else the one committed last, else the first wrong one) and counts the
others: "joint 3: field 'a' ... (and 4 other cells to fix)". Escape in a red cell brings back
its last accepted value (:class:`robosim.gui.widgets.cells.CellGrid`). The cells are autosaved
exactly as typed after every commit, and restored when the editor opens again without a robot.

Undo and redo: ctrl+z undoes the last committed edit (a cell, a joint type, the joint count,
the name, unit or convention, Reset table), ctrl+y or ctrl+shift+z redoes it (cmd on macOS:
:mod:`robosim.gui.undo_keys`), up to
:data:`robosim.gui.screens.edit_history.UNDO_LIMIT` edits back
(:mod:`robosim.gui.screens.edit_history` keeps the snapshots; text being typed is committed
first, so ctrl+z also takes it back).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ...errors import RobosimError
from ...kinematics import CONVENTIONS, LENGTH_UNITS, MAX_JOINTS
from ..user_files import autosave
from ..widgets.cells import CellGrid
from ..widgets.matrix_text import decimal_text, mounting_text
from .edit_history import EditHistory, describe_change
from ..shortcuts import KeyboardShortcutsOff
from ..undo_keys import undo_action
from ..layout import figure_size_pt
from ...parsing import parse_number
from .dh_draft import (COLUMNS, DEFAULT_ROW, KINDS, MOUNTINGS, Draft, DraftCheck, attach_mesh,
                       check_draft, draft_from_robot, mounting_values, new_draft,
                       parse_joint_count, renamed_save_path, resize_draft, row_meshes,
                       set_mounting_value, valid_draft)
from .editor_files import EditorFileActions, absolute_path, remember
from .editor_layout import (FONT_SIZE, NOTE_SPACING, TITLE_SIZE, count_layout, is_compact,
                            note_spacing, table_layout)
from .base import Screen

if TYPE_CHECKING:
    from matplotlib.widgets import Button

Built = TypeVar("Built")

BUTTON_COLOR = "#e6e6e6"
BUTTON_HOVER = "#cfcfcf"
GO_COLOR = "#9fd89f"
GO_HOVER = "#7cc87c"
DISABLED_COLOR = "#f2f2f2"
DISABLED_TEXT = "#a0a0a0"
SETTINGS = ("robot name", f"joints (1-{MAX_JOINTS})", "length unit", "convention")
NAME, COUNT, UNIT, CONVENTION = range(4)
#: The table's last column: the STL file of the row's link (kept in the draft's extras).
MESH = len(COLUMNS)


class EditorScreen(EditorFileActions, Screen):
    """The number-of-joints and DH-table editor screen.

    Parameters
    ----------
    app : object
        The application (see :class:`robosim.gui.screens.base.Screen`); it also has
        ``show_welcome()`` and ``show_simulator(robot)``.
    robot : robosim.Robot, optional
        Start with this robot's table. Without it the autosaved draft is restored, or, when
        there is none, the screen asks for the number of joints first.
    """

    def __init__(self, app, robot=None):
        super().__init__(app)
        self.draft: Draft | None = (draft_from_robot(robot, self.save_folder())
                                    if robot is not None else None)
        self.editing = robot is not None
        self.restored = False
        # a damaged autosave set aside: the status line says so
        self.draft_problem: str | None = None
        if self.draft is None:
            self.draft, self.draft_problem = autosave.read_draft(valid_draft)
            self.restored = self.draft is not None
        self.check: DraftCheck | None = None
        self.stage: str | None = None         # "count" (the number of joints) or "table"
        # the table stage's widgets (None in the count stage)
        self.table: CellGrid | None = None
        self.settings: CellGrid | None = None
        self.save_path: CellGrid | None = None
        self.mounting: CellGrid | None = None
        self.continue_button: Button | None = None
        self._artists: list = []
        self._confirm = None      # the action ("reset", or a path) to press again
        self._last_status: tuple[str, bool] | None = None
        self.history: EditHistory | None = None   # the table's, made with the table
        self._last_cell: tuple[int, int] | None = None    # the table cell committed last

    # ------------------------------------------------------------------ building
    def build(self):
        if self.draft is None:
            self._build_count_stage()
            if self.draft_problem:
                self._status(self.draft_problem, error=True)
        else:
            self._build_table_stage()
            if self.restored:
                message = self._built(self.check).message
                problem = f" Still to fix: {message}" if message else ""
                self._status("Your last table is back as you typed it (Reset table starts "
                             "a new one)." + problem, error=bool(problem))
            elif self.editing:
                self._status(f"Editing {self._draft['name']!r}: change any cell (Tab goes to "
                             f"the table), then press Continue. Save writes a robot file.")

    def teardown(self):
        super().teardown()
        self.table = self.settings = self.save_path = self.mounting = None
        self.continue_button = None

    @staticmethod
    def _built(part: Built | None) -> Built:
        """``part`` of the table stage (the draft, its check, history or a widget): there
        from the table stage on, which is where the methods that ask for it run."""
        assert part is not None, "the DH table is not built"
        return part

    @property
    def _draft(self) -> Draft:
        return self._built(self.draft)

    def _places(self):
        return self.layout(*figure_size_pt(self.fig))

    def _axes(self, name):
        ax = self.placement.add(name, self.fig.add_axes(self._places()[name]))
        self._artists.append(ax)
        return ax

    def _text(self, name, text, **kwargs):
        artist = self.fig.text(*self._places()[name], text,
                               fontsize=kwargs.pop("fontsize", FONT_SIZE), parse_math=False,
                               **kwargs)
        self._artists.append(self.placement.add(name, artist))
        return artist

    def _button(self, name, label, callback, color=BUTTON_COLOR, hover=BUTTON_HOVER):
        button = self.button(self._places()[name], label, callback, fontsize=FONT_SIZE + 1,
                             color=color, hovercolor=hover)
        self._artists.append(self.placement.add(name, button.ax))
        return button

    def _grid(self, name, n_rows, columns, **kwargs):
        grid = self.keep(CellGrid(self.fig, self._places()[name], n_rows, columns,
                                  fontsize=FONT_SIZE, **kwargs))
        self._artists.append(self.placement.add(name, grid.ax))
        return grid

    def layout(self, width, height):
        """The places of the stage shown, in a figure of ``width`` x ``height`` points
        (:mod:`robosim.gui.screens.editor_layout`)."""
        if self.stage == "count":
            return count_layout(width, height)
        return table_layout(width, height, len(self._draft["rows"]))

    def relayout(self):
        """Move everything to the places of the present size, the notes' line spacing with
        the layout (closer in the compact one)."""
        places = super().relayout()
        if self.stage == "table":
            compact = is_compact(figure_size_pt(self.fig)[1], len(self._draft["rows"]))
            self.units_note.set_linespacing(note_spacing(compact))
        return places

    def _listen_to_keys(self):
        """While this screen is shown: no matplotlib shortcuts (a stray ``q`` would close the
        window), and keys typed outside every cell are not lost silently."""
        self.keep(KeyboardShortcutsOff(self.fig))
        self.connect_event("key_press_event", self._key_outside_cells)

    def _key_outside_cells(self, event):
        """Tab with no cell focused goes to the first cell to fix (or the first cell); other
        typing says where to click."""
        grids = [widget for widget in self._widgets if isinstance(widget, CellGrid)]
        if event.key is None or any(grid.focused is not None for grid in grids):
            return
        if event.key == "tab":
            if self.table is None:
                self.count_cell.focus(0, 0)
            else:
                row, col = min(self.table.errors, default=(0, 1))
                self.table.focus(row, col)
        elif len(event.key.removeprefix("shift+")) == 1:
            self._status("Click a cell to type in it, or press Tab to go to the table.")

    def _switch_stage(self, build_stage):
        """Replace everything this screen drew by ``build_stage()`` (the status line stays),
        shown by one full draw: no cell of the new stage is blitted over the old one."""
        with self.blit.deferred():
            self.redraw()
            super().teardown()
            for artist in self._artists:
                artist.remove()
            self._artists = []
            build_stage()
            self.relayout()

    def _status(self, message, error=False):
        """Show ``message`` in the status line, unless it already shows it (a status change
        redraws the whole figure)."""
        if self._last_status != (message, error):
            self._last_status = (message, error)
            self.app.set_status(message, error=error)

    # ------------------------------------------------------------------ stage 1: joint count
    def _build_count_stage(self):
        self.stage = "count"
        self._text("question", "How many joints does your robot have?", ha="center",
                   va="top", fontsize=TITLE_SIZE, fontweight="bold")
        self._text("how", "Click a number, or type it in the cell and press Enter.",
                   ha="center", va="top")
        for count in range(1, MAX_JOINTS + 1):
            self._button(str(count), str(count), lambda count=count: self._start_table(count))
        self.count_cell = self._grid("joints", 1, [""], row_labels=["joints"],
                                     label_width=0.45, on_commit=self._count_typed)
        self.count_cell.focus(0, 0)
        self._button("Back", "Back", self.app.show_welcome)
        self._listen_to_keys()

    def _count_typed(self, row, col, text):
        try:
            count = parse_joint_count(text)
        except RobosimError as exc:
            self._status(str(exc), error=True)
            return str(exc)
        self._start_table(count)
        return None

    def _start_table(self, count):
        self.draft = new_draft(count, folder=self.save_folder())
        self._switch_stage(self._build_table_stage)
        warning = self._autosave()
        self._status(warning + f"Enter the DH table of your {count}-joint robot. Tab or Enter "
                     f"moves to the next cell.", error=bool(warning))
        self._built(self.table).focus(0, 1)

    # ------------------------------------------------------------------ stage 2: the table
    def _build_table_stage(self):
        self.stage = "table"
        draft = self._draft
        self._text("title", "DH table", fontsize=TITLE_SIZE, fontweight="bold", va="top")
        self.settings = settings = self._grid(
            "settings", 1, list(SETTINGS), widths=[3, 1.2, 1.2, 1.6],
            choices={UNIT: list(LENGTH_UNITS), CONVENTION: list(CONVENTIONS)},
            on_commit=self._setting_committed)
        for col, text in enumerate((draft["name"], str(len(draft["rows"])), draft["unit"],
                                    draft["convention"])):
            settings.set_text(0, col, text)
        n = len(draft["rows"])
        self.table = table = self._grid(
            "table", n, self._headers() + ["mesh (STL file)"],
            row_labels=[self._row_label(i) for i in range(n)], label_width=0.1,
            widths=[1.2] + [1] * (len(COLUMNS) - 1) + [1.6], choices={0: list(KINDS)},
            enter_moves=True, on_commit=self._cell_committed, on_focus=self._cell_focused)
        for row, cells in enumerate(draft["rows"]):
            for col, text in enumerate([*cells, row_meshes(draft)[row]]):
                table.set_text(row, col, text)
        self.units_note = self._text("units note", self._units_note(), va="top",
                                     linespacing=NOTE_SPACING)
        self.mounting = self._grid("mounting", 2, self._mounting_headers(),
                                   row_labels=list(MOUNTINGS), label_width=0.08,
                                   on_commit=self._mounting_committed)
        self._show_mounting()
        self.save_path = save_path = self._grid(
            "save as", 1, [""], row_labels=["save as"], label_width=0.15,
            on_commit=self._save_path_committed,
            on_enter=lambda row, col, text: self._save(ask=False))
        if draft["save_as"].strip():
            draft["save_as"] = absolute_path(draft["save_as"])
        save_path.set_text(0, 0, draft["save_as"])
        self._button("Save", "Save", self._save)
        self._button("Back", "Back", self.app.show_welcome)
        self._button("Reset table", "Reset table", self._reset)
        self.continue_button = self._button("Continue", "Continue", self._continue, GO_COLOR,
                                            GO_HOVER)
        self._listen_to_keys()
        self.connect_event("key_press_event", self._undo_key)
        if self.history is None:
            self.history = EditHistory(draft)
        self._recheck(show_status=False)

    def _row_label(self, row):
        name = self._draft["joint_names"][row]
        return f"{row + 1} {name}" if name else str(row + 1)

    def _headers(self):
        unit = self._draft["unit"]
        either = f"(deg/{unit})"
        return ["type", "theta (deg)", f"d ({unit})", f"a ({unit})", "alpha (deg)",
                f"offset {either}", f"min {either}", f"max {either}"]

    def _units_note(self):
        unit = self._draft["unit"]
        return (f"Angles in degrees, lengths in {unit}. Click a type (or type r or p) to "
                f"switch between revolute and prismatic.\n"
                f"theta of a revolute joint, d of a prismatic one: the joint's home value "
                f"(offset is added to it).\n"
                f"offset, min, max: degrees for a revolute joint, {unit} for a prismatic one. "
                f"Empty min and max: default limits.")

    def _mounting_headers(self):
        unit = self._draft["unit"]
        return [f"x ({unit})", f"y ({unit})", f"z ({unit})", "roll (deg)", "pitch (deg)",
                "yaw (deg)"]

    def _show_mounting(self):
        """Put the draft's base and tool transforms in their cells (zeros when it has none)."""
        mounting = self._built(self.mounting)
        for row, name in enumerate(MOUNTINGS):
            for col, value in enumerate(mounting_values(self._draft, name)):
                text = decimal_text(value, 6)
                if mounting.text(row, col) != text:
                    mounting.set_text(row, col, text)
                if (row, col) in mounting.errors:
                    mounting.mark(row, col, False)

    def _mounting_committed(self, row, col, text):
        """A base or tool cell: x, y, z in the robot's unit, roll, pitch, yaw in degrees
        (``R = Rz(yaw) Ry(pitch) Rx(roll)``), written to the draft as the robot file has them."""
        name = MOUNTINGS[row]
        what = f"{name} {self._mounting_headers()[col]}"
        try:
            value = parse_number(text, what)
        except RobosimError as exc:
            self._status(str(exc), error=True)
            return str(exc)
        draft = self._draft
        set_mounting_value(draft, name, col, value)
        values = mounting_values(draft, name)
        self._changed(f"Now {mounting_text(name, values[:3], values[3:], draft['unit'])}. ")
        return None

    def _recheck(self, show_status=True, note=""):
        """Check the draft, mark every cell, enable Continue or not; the check is returned.

        The status line says what to do next, after ``note`` (about the edit just made).
        """
        self.check = check = check_draft(self._draft)
        table = self._built(self.table)
        meshes = row_meshes(self._draft)
        for row in range(table.n_rows):
            for col in range(len(COLUMNS)):             # a mesh cell is checked when typed
                error = check.errors.get((row, col))
                if error != table.errors.get((row, col)):
                    table.mark(row, col, error or False)
            if (row, MESH) in table.errors and table.text(row, MESH) == meshes[row]:
                table.mark(row, MESH, False)            # undo brought its accepted file back
        self._set_continue_enabled(check.robot is not None)
        if show_status:
            if check.robot is not None:
                self._status(note + "The table is a valid robot: press Continue to see it.")
            else:
                self._status(note + self.problem_text(), error=True)
        return check

    def selected_problem_cell(self):
        """The wrong cell the status line explains: the one being typed in, else the one
        committed last, else the first (row by row); None when no cell is wrong."""
        errors = self._built(self.check).errors
        for cell in (self._built(self.table).focused, self._last_cell):
            if cell in errors:
                return cell
        return min(errors, default=None)

    def problem_text(self):
        """What is wrong, for the status line: the selected cell's problem and how many other
        cells are wrong (a problem of the whole robot, which no cell has, when there is one)."""
        check, cell = self._built(self.check), self.selected_problem_cell()
        if cell is None:
            return check.message or ""
        return check.errors[cell] + _others_to_fix(len(check.errors) - 1)

    def _cell_focused(self, row, col):
        """A cell was selected: if it is wrong, the status line explains it."""
        if self.check is not None and (row, col) in self.check.errors:
            self._status(self.problem_text(), error=True)

    def _set_continue_enabled(self, enabled):
        button = self._built(self.continue_button)
        color, hover = (GO_COLOR, GO_HOVER) if enabled else (DISABLED_COLOR, DISABLED_COLOR)
        if button.color == color:
            return
        button.color, button.hovercolor = color, hover
        button.ax.set_facecolor(color)
        button.label.set_color("black" if enabled else DISABLED_TEXT)
        self.redraw()

    def _changed(self, note="", rebuild=False):
        """A committed edit: rebuild the table when its rows changed, remember the draft for
        undo, autosave it, then check it again."""
        if rebuild:
            self._switch_stage(self._build_table_stage)
        self._built(self.history).record(self._draft)
        warning = self._autosave()
        self._confirm = None
        return self._recheck(note=warning + note)

    def _cell_committed(self, row, col, text):
        if col == MESH:
            return self._mesh_committed(row, text)
        self._draft["rows"][row][col] = text
        self._last_cell = (row, col)
        return self._changed().errors.get((row, col))

    def _mesh_committed(self, row, text):
        """Draw row ``row``'s link from the STL file typed (read first; empty: no mesh)."""
        error = attach_mesh(self._draft, row, text)
        if error:
            self._status(error + _others_to_fix(len(self._built(self.check).errors)), error=True)
            return error
        self._changed(f"Link {row + 1} is drawn from {Path(text).name} in the mesh style. "
                      if text.strip() else f"Link {row + 1} has no mesh now. ")
        return None

    def _setting_committed(self, row, col, text):
        draft = self._draft
        note = ""
        if col == COUNT:
            try:
                count = parse_joint_count(text)
            except RobosimError as exc:
                self._status(str(exc), error=True)
                return str(exc)
            if count != len(draft["rows"]):
                self.draft = resize_draft(draft, count)
                self._changed(rebuild=True)
            return None
        if col == NAME:
            save_as = renamed_save_path(draft["save_as"], draft["name"], text)
            if save_as != draft["save_as"]:
                draft["save_as"] = save_as
                self._built(self.save_path).set_text(0, 0, save_as)
            draft["name"] = text
        elif col == UNIT:
            draft["unit"] = text
            for index, header in enumerate(self._headers()):
                self._built(self.table).set_header(index, header)
            for index, header in enumerate(self._mounting_headers()):
                self._built(self.mounting).set_header(index, header)
            self.units_note.set_text(self._units_note())
            note = f"Lengths are now in {text} (the numbers stay as typed). "
            moved = [name for name in ("base", "tool")
                     if any(draft.get("extras", {}).get(name, {}).get("xyz", ()))]
            if moved:
                note += (f"So do the {' and '.join(moved)} positions (x, y, z): they are now "
                         f"read in {text} too. ")
        else:
            draft["convention"] = text
        self._changed(note)
        return None

    # ------------------------------------------------------------------ undo and redo
    def _undo_key(self, event):
        action = undo_action(event)
        if action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()

    def undo(self):
        """Take the last committed edit back (text being typed is committed first)."""
        self._step_history(self._built(self.history).undo, "Undid", "Nothing to undo",
                           "ctrl+y redoes it")

    def redo(self):
        """Make the last undone edit again."""
        self._step_history(self._built(self.history).redo, "Redid", "Nothing to redo",
                           "ctrl+z undoes it")

    def _step_history(self, step, done, nothing, hint):
        self._commit_cells()
        before = self._draft
        draft = step()
        if draft is None:
            self._status(f"{nothing} (the editor remembers the last "
                         f"{self._built(self.history).limit} edits).")
            return
        draft["save_as"] = before["save_as"]      # the file to save to is not an edit
        self.draft = draft
        self._last_cell = None
        if (len(draft["rows"]) != len(before["rows"]) or draft["unit"] != before["unit"]
                or draft["joint_names"] != before["joint_names"]):
            self._switch_stage(self._build_table_stage)
        else:
            self._show_cells()
        warning = self._autosave()
        self._confirm = None
        old, new = (draft, before) if step == self._built(self.history).undo else (before, draft)
        self._recheck(note=f"{warning}{done} the change of {describe_change(old, new, COLUMNS)} "
                           f"({hint}). ")

    def _show_cells(self):
        """Put the draft's texts in the cells that differ (the table keeps its shape)."""
        draft, settings, table = self._draft, self._built(self.settings), self._built(self.table)
        for col, text in enumerate((draft["name"], str(len(draft["rows"])), draft["unit"],
                                    draft["convention"])):
            if settings.text(0, col) != text:
                settings.set_text(0, col, text)
        for row, cells in enumerate(draft["rows"]):
            for col, text in enumerate([*cells, row_meshes(draft)[row]]):
                if table.text(row, col) != text:
                    table.set_text(row, col, text)
        self._show_mounting()

    # ------------------------------------------------------------------ buttons
    def _valid_robot(self, action):
        """The draft's robot, or None with a status message saying why ``action`` waits."""
        self._commit_cells()
        check = self._built(self.check)
        if check.robot is None:
            self._status(f"Fix the table before you {action}: {check.message}", error=True)
        return check.robot

    def _commit_cells(self):
        """Commit the text being typed in any of the table stage's cells."""
        for grid in (self.table, self.settings, self.mounting, self.save_path):
            self._built(grid).commit()

    def _reset(self):
        if self._confirm != "reset":
            self._confirm = "reset"
            self._status("Press Reset table again to clear every row (the name, unit and "
                         "save file stay).", error=True)
            return
        self._draft["rows"] = [list(DEFAULT_ROW) for _ in self._draft["rows"]]
        self._changed("The table is cleared (ctrl+z brings it back). ", rebuild=True)

    def _continue(self):
        robot = self._valid_robot("continue")
        if robot is None:
            return
        warning = remember(robot)
        self.app.show_simulator(robot)
        if warning:
            self.app.set_status(f"Could not remember this robot for next time{warning}",
                                error=True)


def _others_to_fix(count):
    """The status line's count of the other wrong cells: " (and 2 other cells to fix)", or ""
    when there are none."""
    if not count:
        return ""
    return f" (and {count} other {'cell' if count == 1 else 'cells'} to fix)"

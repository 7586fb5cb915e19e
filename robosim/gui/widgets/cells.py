"""CellGrid: a grid of editable text cells in one axes, fast beside a 3D axes.

The application's only text-entry widget. matplotlib's stock ``TextBox`` redraws the whole
figure on every click and keystroke (seconds beside a 3D axes, MATPLOTLIB_NOTES.md); a
:class:`CellGrid` listens with one ``button_press_event`` and one ``key_press_event`` handler,
keeps its own edit buffer and redraws only the touched cell: its box is drawn again as a full
draw paints it (its background, the cell's and its neighbours' rectangles, its text and the
caret) and blitted (:meth:`robosim.gui.blit.BlitManager.redraw_box`).

Keys while a cell is focused: printable characters insert at the caret; Backspace and Delete;
Left, Right, Home, End move the caret; Ctrl+A (Cmd+A on macOS) selects the whole text, as in
any text field (the next character typed replaces it, Backspace or Delete clears it); Enter
commits (and stays in the cell if on_commit rejects the text; ``on_enter`` is called when it
accepts it); Tab and Shift+Tab commit and move to the next or previous cell (row-major,
wrapping). Escape stops typing and shows the
cell's last accepted text: the committed text, or, in a red cell (its text was rejected), the
last text that was accepted there, committed again (so a wrong value never stays behind a
cancelled edit). A click on a cell focuses it with the caret at the click (a double click
selects the whole text, as does moving in with Tab: typing then replaces it); a click anywhere
else commits.

A *choice* column (``choices={col: ["revolute", "prismatic"]}``) holds one of a few values:
a click moves to the next value, and while focused, Space, Left and Right step through the
values and a letter picks the value starting with it. Each change is committed at once.
While a cell is focused, matplotlib's keyboard shortcuts (``s`` saves, ``q`` quits, ...) are
switched off in this figure (:mod:`robosim.gui.shortcuts`; other figures and rcParams are not
touched); they come back when editing stops, the figure closes, or :meth:`disconnect_events`
is called.

Example::

    grid = CellGrid(fig, (0.1, 0.1, 0.5, 0.3), 3, ["theta", "d"],
                    row_labels=["1", "2", "3"], on_commit=check)
    # check(row, col, text) returns None to accept, or a message: the cell turns red,
    # keeps the typed text, and grid.message holds the message for the status line.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle
from matplotlib.transforms import Bbox

from ..blit import blit_manager, whole_pixels
from ..layout import POINTS_PER_INCH, fit_fontsize, text_width_pt
from ..shortcuts import figure_keys

NORMAL_COLOR = "white"
ERROR_COLOR = "#ffb3b3"
FOCUS_COLOR = "#fff7cc"
FOCUS_ERROR_COLOR = "#ffd1b3"
SELECTION_COLOR = "#a6c8ff"
EDGE_COLOR = "#888888"
TEXT_PAD_PX = 4

_ENTER_KEYS = {"enter", "return", "kp_enter"}
_BACKTAB_KEYS = {"shift+tab", "backtab", "iso_left_tab", "shift+iso_left_tab"}
#: Select all, as matplotlib's backends name it (macOS: cmd; an upper-case letter with Shift
#: or Caps Lock on some backends).
_SELECT_ALL_KEYS = {"ctrl+a", "ctrl+A", "cmd+a", "cmd+A"}

#: A cell: ``(row, col)``.
Cell = tuple[int, int]

# Tk canvases whose Tab keys robosim already delivers (one binding per canvas).
_canvases_keeping_tab: weakref.WeakSet[object] = weakref.WeakSet()


def _keep_tab_in_tk_canvas(canvas):
    """Deliver Tab and Shift+Tab to matplotlib on a Tk canvas, and stop them there.

    Tk's default ``all`` bindings move the keyboard focus to the next widget on Tab (the
    toolbar), after which the canvas receives no keys at all; a widget-level binding that
    returns "break" keeps the focus in the canvas. Other backends are left as they are.
    """
    get_widget = getattr(canvas, "get_tk_widget", None)
    if get_widget is None or canvas in _canvases_keeping_tab:
        return

    def deliver(event):
        canvas.key_press(event)
        return "break"

    for sequence in ("<Tab>", "<Shift-Tab>", "<ISO_Left_Tab>"):
        get_widget().bind(sequence, deliver)
    _canvases_keeping_tab.add(canvas)


class CellGrid:
    """A table of text cells drawn in one axes of ``fig``.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        Any figure: the application's or a tool window's.
    rect : (left, bottom, width, height)
        The grid's area in figure fraction (header row and row labels included).
    n_rows : int
        Number of rows of cells.
    columns : list of str
        One header per column of cells. If every header is empty, no header row is drawn (and
        messages should not name the column).
    row_labels : list of str, optional
        A label at the left of each row.
    on_commit : callable, optional
        ``on_commit(row, col, text)`` when the user commits a changed cell (Enter, Tab, a click
        elsewhere). Return None to accept, or an error message: the cell turns red, keeps the
        typed text, and the message is returned by :meth:`commit` and kept in :attr:`message`.
    on_edit : callable, optional
        ``on_edit(row, col, text)`` after every change of the text being typed (not committed).
    on_enter : callable, optional
        ``on_enter(row, col, text)`` after Enter committed the cell and it was accepted (e.g. a
        file cell whose Enter opens the file).
    on_focus : callable, optional
        ``on_focus(row, col)`` when a cell starts being edited (a click, Tab, :meth:`focus`).
    widths : list of float, optional
        Relative widths of the columns (default equal).
    label_width : float
        Width of the row-label column as a fraction of the grid's width (when row_labels).
    fontsize : float
        Font size of the cells, headers and labels in points.
    enter_moves : bool
        If True, Enter also moves to the next cell (row-major) when the commit was accepted.
    choices : dict, optional
        ``{col: [value, ...]}``: columns whose cells hold one of these values (see above).
    short_columns : list of str, optional
        Shorter headers, one per column, that :meth:`fit_labels` shows instead of ``columns``
        when those do not fit their columns even at the smallest font size (6 pt): e.g. "q12"
        for "q12 deg" in a 12-joint robot's row of cells on a small screen. The full headers
        come back when the grid grows.
    short_corner : str
        Shown with the short headers above the row labels (with ``row_labels``): what the
        short headers left out, e.g. the unit "deg".

    Attributes
    ----------
    message : str or None
        The message of the last rejected commit, or None after an accepted one.
    errors : dict
        ``{(row, col): message}`` of the cells shown red.
    ax : matplotlib.axes.Axes
        The axes holding the grid (axis off).
    """

    def __init__(self, fig, rect: Sequence[float], n_rows: int, columns: Sequence[str], *,
                 row_labels: Sequence[str] | None = None,
                 on_commit: Callable[[int, int, str], str | None] | None = None,
                 on_edit: Callable[[int, int, str], object] | None = None,
                 on_enter: Callable[[int, int, str], object] | None = None,
                 on_focus: Callable[[int, int], object] | None = None,
                 widths: Sequence[float] | None = None, label_width: float = 0.12,
                 fontsize: float = 9, enter_moves: bool = False,
                 choices: Mapping[int, Sequence[str]] | None = None,
                 short_columns: Sequence[str] | None = None, short_corner: str = "") -> None:
        self.fig = fig
        self.n_rows = int(n_rows)
        self.n_cols = len(columns)
        if self.n_rows < 1 or self.n_cols < 1:
            raise ValueError("a CellGrid needs at least one row and one column")
        if row_labels is not None and len(row_labels) != self.n_rows:
            raise ValueError(f"{len(row_labels)} row labels for {self.n_rows} rows")
        if short_columns is not None and len(short_columns) != self.n_cols:
            raise ValueError(f"{len(short_columns)} short headers for {self.n_cols} columns")
        self._columns = [str(c) for c in columns]
        self._short_columns = None if short_columns is None else [str(c) for c in short_columns]
        self._short_corner = str(short_corner)
        self.on_commit = on_commit
        self.on_edit = on_edit
        self.on_enter = on_enter
        self.on_focus = on_focus
        self.enter_moves = enter_moves
        self.choices = {int(col): [str(v) for v in values]
                        for col, values in (choices or {}).items()}
        self.message: str | None = None
        self.errors: dict[Cell, str] = {}
        self._texts: dict[Cell, str] = {}
        self._accepted: dict[Cell, str | None] = {}   # the last text set from code or accepted
        self._focused: Cell | None = None
        self._buffer = ""
        self._caret = 0
        self._selected_all = False
        self._scroll_px = 0.0
        self._blit = blit_manager(fig)

        self.ax = fig.add_axes(rect)
        self.ax.set_axis_off()
        self.ax.set_navigate(False)
        self._layout_cells(columns, row_labels, widths, label_width, fontsize)
        canvas = fig.canvas
        _keep_tab_in_tk_canvas(canvas)
        self._cids = [
            canvas.mpl_connect("button_press_event", self._on_event),
            canvas.mpl_connect("key_press_event", self._on_event),
            canvas.mpl_connect("close_event", self._on_close),
        ]

    # ----------------------------------------------------------------------------- layout
    def _layout_cells(self, columns, row_labels, widths, label_width, fontsize):
        has_header = any(str(c) for c in columns)
        n_lines = self.n_rows + (1 if has_header else 0)
        row_height = 1.0 / n_lines
        left = label_width if row_labels is not None else 0.0
        weights = [1.0] * self.n_cols if widths is None else [float(w) for w in widths]
        if len(weights) != self.n_cols:
            raise ValueError(f"{len(weights)} widths for {self.n_cols} columns")
        total = sum(weights)
        x_edges = [left]
        for weight in weights:
            x_edges.append(x_edges[-1] + (1.0 - left) * weight / total)
        self._x_edges = x_edges
        transform = self.ax.transAxes
        self._headers = []
        if has_header:
            for col, header in enumerate(columns):
                self._headers.append(self.ax.text((x_edges[col] + x_edges[col + 1]) / 2,
                             1 - row_height / 2,
                             str(header), ha="center", va="center", fontsize=fontsize,
                             fontweight="bold", transform=transform, parse_math=False))
        self._rects, self._labels, self._row_labels = {}, {}, []
        self._fontsize = fontsize
        self._corner = None
        if has_header and row_labels is not None and self._short_columns is not None:
            self._corner = self.ax.text(left - 0.01, 1 - row_height / 2, self._short_corner,
                                        ha="right", va="center", fontsize=fontsize,
                                        fontweight="bold", transform=transform,
                                        parse_math=False, visible=False)
        for row in range(self.n_rows):
            bottom = (self.n_rows - 1 - row) * row_height
            if row_labels is not None:
                self._row_labels.append(self.ax.text(
                    left - 0.01, bottom + row_height / 2, str(row_labels[row]), ha="right",
                    va="center", fontsize=fontsize, transform=transform, parse_math=False))
            for col in range(self.n_cols):
                rect = Rectangle((x_edges[col], bottom), x_edges[col + 1] - x_edges[col],
                                 row_height, transform=transform, facecolor=NORMAL_COLOR,
                                 edgecolor=EDGE_COLOR, linewidth=0.8, clip_on=False)
                self.ax.add_patch(rect)
                label = self.ax.text(0, bottom + row_height / 2, "", ha="left", va="center",
                                     fontsize=fontsize, transform=transform, parse_math=False,
                                     clip_on=True)
                label.set_clip_path(rect)
                self._rects[row, col] = rect
                self._labels[row, col] = label
                self._texts[row, col] = ""
                self._accepted[row, col] = None     # nothing set or accepted yet
                self._place_text(row, col)
        self._selection = Rectangle((0, 0), 0, 0, transform=transform, facecolor=SELECTION_COLOR,
                                    edgecolor="none", visible=False)
        self.ax.add_patch(self._selection)
        self._caret_line = Line2D([0, 0], [0, 0], color="black", linewidth=1.0,
                                  transform=transform, visible=False)
        self.ax.add_line(self._caret_line)

    def _place_text(self, row, col):
        """Put the cell's text at its left padding, shifted left by the scroll when focused."""
        scroll = self._scroll_px if self._focused == (row, col) else 0.0
        x = self._x_edges[col] + self._px_to_axes(TEXT_PAD_PX - scroll)
        self._labels[row, col].set_x(x)

    def _px_to_axes(self, pixels):
        width_px = self.ax.get_window_extent().width
        return pixels / width_px if width_px > 0 else 0.0

    # ------------------------------------------------------------------------- public API
    @property
    def focused(self) -> Cell | None:
        """``(row, col)`` of the cell being edited, or None."""
        return self._focused

    def text(self, row: int, col: int) -> str:
        """The cell's committed text (what it shows when not being edited)."""
        return self._texts[self._check(row, col)]

    def editing_text(self) -> str | None:
        """The text being typed in the focused cell, or None when no cell is focused."""
        return self._buffer if self._focused is not None else None

    def set_text(self, row: int, col: int, text: str) -> None:
        """Set a cell's text from code. The focused cell keeps what the user is typing; the new
        text becomes what Escape reverts to. Another cell shows the new text, not red: a text
        refused there is gone, and its mark with it (a list shown again after a row was
        deleted marks no other row's value)."""
        cell = self._check(row, col)
        self._texts[cell] = self._accepted[cell] = str(text)
        if cell != self._focused:
            self._labels[cell].set_text(self._texts[cell])
            self.errors.pop(cell, None)
            self._redraw_cell(cell)

    def mark(self, row: int, col: int, error: str | bool) -> None:
        """Show the cell red (``error`` truthy; a str is kept in :attr:`errors`) or normal."""
        cell = self._check(row, col)
        if error:
            self.errors[cell] = error if isinstance(error, str) else ""
        else:
            self.errors.pop(cell, None)
        self._redraw_cell(cell)

    def focus(self, row: int, col: int, select_all: bool = True) -> None:
        """Start editing a cell (committing the focused one first), caret at the end."""
        cell = self._check(row, col)
        if self._focused is not None and self._focused != cell:
            self.commit()
        self._start_editing(cell, len(self._texts[cell]), select_all)

    def commit(self) -> str | None:
        """Commit the focused cell and stop editing; returns None or the error message.

        ``on_commit`` is called only when the text differs from the committed one.
        """
        if self._focused is None:
            return None
        cell = self._focused
        self._stop_editing()
        text = self._buffer
        if text == self._texts[cell]:           # nothing changed: on_commit is not called
            self._redraw_cell(cell)
            return self.errors.get(cell)
        self._texts[cell] = text
        self._labels[cell].set_text(text)
        message = self.on_commit(*cell, text) if self.on_commit is not None else None
        if message is None:
            self.errors.pop(cell, None)
            self._accepted[cell] = self._texts[cell]     # on_commit may have tidied it
        else:
            self.errors[cell] = str(message)
        self.message = None if message is None else str(message)
        self._redraw_cell(cell)
        return self.message

    def cancel(self) -> None:
        """Stop editing the focused cell and show its committed text again (Escape).

        In a red cell whose committed text was rejected, the last text accepted there comes
        back instead, committed again (``on_commit`` is called with it).
        """
        if self._focused is None:
            return
        cell = self._focused
        good = self._accepted[cell]
        if cell in self.errors and good is not None and good != self._texts[cell]:
            self._buffer = good
            self.commit()
            return
        self._stop_editing()
        self._labels[cell].set_text(self._texts[cell])
        self._redraw_cell(cell)

    def cell_bbox(self, row: int, col: int) -> Bbox:
        """The cell's extent in display pixels (a Bbox), e.g. to click it in a test."""
        return self._rects[self._check(row, col)].get_window_extent()

    def set_header(self, col: int, text: str) -> None:
        """Change a column's header (redraws the figure: headers are not blitted)."""
        self._columns[col] = str(text)
        self._headers[col].set_text(str(text))
        self._blit.draw_idle()

    def header_extent(self, col: int) -> Bbox:
        """The extent of the column's header as drawn last, in display pixels (a Bbox)."""
        return self._headers[col].get_window_extent()

    def fit_labels(self) -> None:
        """Shrink the headers, and the row labels, to the largest font size (at most the
        grid's) at which each fits its space at the grid's present size, one size for all
        headers and one for all row labels. Headers that do not fit even at the smallest
        size give way to the short ones when the grid has them (``short_columns``, with
        ``short_corner`` above the row labels). Call it after the grid's axes moved or the
        window was resized."""
        box = self.ax.get_window_extent()
        to_points = POINTS_PER_INCH / self.fig.dpi
        width = box.width * to_points
        line = box.height * to_points / (self.n_rows + (1 if self._headers else 0))
        pad = 2 * TEXT_PAD_PX * to_points
        spaces = [((self._x_edges[col + 1] - self._x_edges[col]) * width - pad, header)
                  for col, header in enumerate(self._headers)]
        if self._headers and self._short_columns is not None:
            for header, text in zip(self._headers, self._columns, strict=True):
                header.set_text(text)
            short = not self._fit_one_size(spaces, line)
            for header, text in zip(self._headers, self._short_columns if short
                                    else self._columns, strict=True):
                header.set_text(text)
            if self._corner is not None:
                self._corner.set_visible(short)
        label_spaces = [(label.get_position()[0] * width, label) for label in self._row_labels]
        if self._corner is not None and self._corner.get_visible():
            label_spaces.append((self._corner.get_position()[0] * width, self._corner))
        for texts in (spaces, label_spaces):
            self._fit_one_size(texts, line)

    def _fit_one_size(self, texts, line):
        """Give every ``(space_pt, text)`` of ``texts`` the largest font size at which all fit
        their space and ``line`` points of height; False if some do not fit even at the
        smallest size."""
        if not texts:
            return True
        size = min(fit_fontsize(text, space, line, self._fontsize) for space, text in texts)
        for _space, text in texts:
            text.set_fontsize(size)
        return all(text_width_pt(self.fig, text.get_text(), text.get_fontproperties()) <= space
                   for space, text in texts)

    def disconnect_events(self) -> None:
        """Disconnect the grid's canvas callbacks and give the keyboard shortcuts back."""
        for cid in self._cids:
            self.fig.canvas.mpl_disconnect(cid)
        self._cids = []
        self._shortcuts_on()

    # ----------------------------------------------------------------------------- editing
    def _check(self, row, col):
        if not (0 <= row < self.n_rows and 0 <= col < self.n_cols):
            raise IndexError(f"no cell ({row}, {col}) in a {self.n_rows} x {self.n_cols} grid")
        return (int(row), int(col))

    def _begin(self, cell):
        """Make ``cell`` the focused one with its committed text in the buffer (no redraw)."""
        if not self._cids:      # disconnected, e.g. by an on_commit that left the screen
            return
        self._focused = cell
        self._buffer = self._texts[cell]
        self._scroll_px = 0.0
        if self.on_focus is not None:
            self.on_focus(*cell)
        toolmanager = getattr(self.fig.canvas.manager, "toolmanager", None)
        if toolmanager is not None:
            if not toolmanager.keypresslock.isowner(self):
                toolmanager.keypresslock(self)
        elif figure_keys(self.fig) is not None:
            figure_keys(self.fig).switch_off(self)

    def _start_editing(self, cell, caret, select_all):
        if cell != self._focused:
            self._begin(cell)
        if cell != self._focused:
            return
        self._caret = max(0, min(caret, len(self._buffer)))
        self._selected_all = bool(select_all) and bool(self._buffer)
        self._redraw_cell(cell)

    def _stop_editing(self):
        self._focused = None
        self._selected_all = False
        self._caret_line.set_visible(False)
        self._selection.set_visible(False)
        self._shortcuts_on()

    def _shortcuts_on(self):
        """Give the figure its keyboard shortcuts back (this grid no longer types)."""
        toolmanager = getattr(self.fig.canvas.manager, "toolmanager", None)
        if toolmanager is not None and toolmanager.keypresslock.isowner(self):
            toolmanager.keypresslock.release(self)
        keys = figure_keys(self.fig) if toolmanager is None else None
        if keys is not None:
            keys.switch_on(self)

    def _edit(self, cell: Cell, buffer: str, caret: int) -> None:
        """The focused ``cell``'s typed text becomes ``buffer``, the caret at ``caret``."""
        self._buffer = buffer
        self._caret = caret
        self._selected_all = False
        self._redraw_cell(cell)
        if self.on_edit is not None:
            self.on_edit(*cell, buffer)

    def _focus_next(self, cell, step):
        """Edit the cell ``step`` cells after ``cell`` in row-major order (wrapping)."""
        index = (cell[0] * self.n_cols + cell[1] + step) % (self.n_rows * self.n_cols)
        target = divmod(index, self.n_cols)
        self._begin(target)
        self._start_editing(target, len(self._buffer), True)

    def _choose(self, cell: Cell, value: str) -> None:
        """Put ``value`` in the focused choice cell ``cell``, commit it, and stay there."""
        self._buffer = value
        self.commit()
        self._start_editing(cell, 0, False)

    def _choice_key(self, cell: Cell, key: str) -> bool:
        """Handle a key in the focused choice cell ``cell``; False for keys handled like any
        cell's (Enter, Tab, Shift+Tab, Escape)."""
        values = self.choices[cell[1]]
        index = values.index(self._buffer) if self._buffer in values else -1
        if key in (" ", "right"):
            self._choose(cell, values[(index + 1) % len(values)])
        elif key == "left":
            self._choose(cell, values[(index - 1) % len(values)])
        elif key in _ENTER_KEYS or key in _BACKTAB_KEYS or key in ("tab", "escape"):
            return False
        else:
            letter = key.removeprefix("shift+")
            matches = [v for v in values if v[:1].lower() == letter.lower()]
            if len(letter) == 1 and matches:
                self._choose(cell, matches[0])
        return True

    def _on_event(self, event):
        """A press or a key: its commits may change much of the screen (the editor's length
        unit: its headers and notes), shown by one full draw at the end when they ask for one,
        and nothing blitted before it (:meth:`robosim.gui.blit.BlitManager.deferred`)."""
        with self._blit.deferred():
            if event.name == "key_press_event":
                self._on_key(event)
            else:
                self._on_press(event)

    def _on_key(self, event) -> None:
        """A key while a cell is focused: a choice cell's own keys first, then the action of
        :attr:`_KEY_ACTIONS`, else the character typed."""
        cell, key = self._focused, event.key
        if cell is None or key is None:
            return
        if cell[1] in self.choices and self._choice_key(cell, key):
            return
        action = self._KEY_ACTIONS.get(key)
        if action is None:
            self._type_character(cell, key)
        else:
            action(self, cell, key)

    # One method a key (_KEY_ACTIONS): each gets the focused cell and the key's name.
    def _backspace(self, cell: Cell, key: str) -> None:
        buffer, caret = self._buffer, self._caret
        if self._selected_all:
            self._edit(cell, "", 0)
        elif caret > 0:
            self._edit(cell, buffer[:caret - 1] + buffer[caret:], caret - 1)

    def _delete(self, cell: Cell, key: str) -> None:
        buffer, caret = self._buffer, self._caret
        if self._selected_all:
            self._edit(cell, "", 0)
        elif caret < len(buffer):
            self._edit(cell, buffer[:caret] + buffer[caret + 1:], caret)

    def _select_all(self, cell: Cell, key: str) -> None:
        self._selected_all = bool(self._buffer)
        self._redraw_cell(cell)

    def _move_caret(self, cell: Cell, key: str) -> None:
        """Left, Right, Home, End; with the whole text selected, to its start or end."""
        buffer, caret = self._buffer, self._caret
        new = {"left": caret - 1, "right": caret + 1, "home": 0, "end": len(buffer)}[key]
        if self._selected_all:
            new = 0 if key in ("left", "home") else len(buffer)
        self._selected_all = False
        self._caret = max(0, min(new, len(buffer)))
        self._redraw_cell(cell)

    def _enter(self, cell: Cell, key: str) -> None:
        """Commit; a rejected text stays to be fixed, an accepted one calls ``on_enter``
        (and moves on with ``enter_moves``)."""
        if self.commit() is not None:
            self._start_editing(cell, len(self._texts[cell]), False)
            return
        if self.on_enter is not None:
            self.on_enter(*cell, self._texts[cell])
        if self.enter_moves and self._cids:
            self._focus_next(cell, +1)

    def _tab(self, cell: Cell, key: str) -> None:
        """Tab and Shift+Tab: commit, then the next or the previous cell."""
        self.commit()
        self._focus_next(cell, +1 if key == "tab" else -1)

    def _escape(self, cell: Cell, key: str) -> None:
        self.cancel()

    def _type_character(self, cell: Cell, key: str) -> None:
        """Any other key: a printable character goes in at the caret (replacing the whole
        text when it is selected); other keys do nothing."""
        char = key.removeprefix("shift+")
        if len(char) == 1 and char.isprintable():
            buffer, caret = ("", 0) if self._selected_all else (self._buffer, self._caret)
            self._edit(cell, buffer[:caret] + char + buffer[caret:], caret + 1)

    #: The action of each key in a focused cell (:meth:`_on_key`); any other key types its
    #: character (:meth:`_type_character`).
    _KEY_ACTIONS: ClassVar[dict[str, Callable[[CellGrid, Cell, str], None]]] = {
        "backspace": _backspace,
        "delete": _delete,
        **dict.fromkeys(_SELECT_ALL_KEYS, _select_all),
        **dict.fromkeys(("left", "right", "home", "end"), _move_caret),
        **dict.fromkeys(_ENTER_KEYS, _enter),
        **dict.fromkeys(("tab", *_BACKTAB_KEYS), _tab),
        "escape": _escape,
    }

    def _on_press(self, event):
        cell = self._cell_at(event) if event.inaxes is self.ax else None
        if cell is None:
            self.commit()
            return
        if cell != self._focused:
            self.commit()
            self._begin(cell)
        if cell[1] in self.choices:
            if event.dblclick:      # the second press of a double click: one step is enough
                return
            values = self.choices[cell[1]]
            index = values.index(self._buffer) if self._buffer in values else -1
            self._choose(cell, values[(index + 1) % len(values)])
            return
        self._start_editing(cell, self._caret_at(cell, event.x), event.dblclick)

    def _cell_at(self, event):
        for cell, rect in self._rects.items():
            if rect.contains_point((event.x, event.y)):
                return cell
        return None

    # -------------------------------------------------------------------------- drawing
    def _text_width_px(self, text):
        """Width of ``text`` in display pixels with the cells' font."""
        if not text:
            return 0.0
        renderer = self.fig.canvas.get_renderer()
        label = next(iter(self._labels.values()))
        width, _, _ = renderer.get_text_width_height_descent(
            text, label.get_fontproperties(), ismath=False)
        return width

    def _caret_at(self, cell, x_px):
        """Index in the cell's text nearest to display x ``x_px``."""
        left = self.ax.transAxes.transform((self._x_edges[cell[1]], 0))[0]
        offset = x_px - left - TEXT_PAD_PX + self._scroll_px
        text = self._buffer
        best, best_distance = 0, abs(offset)
        for index in range(1, len(text) + 1):
            distance = abs(self._text_width_px(text[:index]) - offset)
            if distance < best_distance:
                best, best_distance = index, distance
        return best

    def _update_cell_artists(self, cell):
        rect, label = self._rects[cell], self._labels[cell]
        focused = cell == self._focused
        error = cell in self.errors
        if focused:
            rect.set_facecolor(FOCUS_ERROR_COLOR if error else FOCUS_COLOR)
        else:
            rect.set_facecolor(ERROR_COLOR if error else NORMAL_COLOR)
        if not focused:
            self._fit_shown_text(cell)
            self._place_text(*cell)
            return
        label.set_fontsize(self._fontsize)
        label.set_text(self._buffer)
        cell_width_px = rect.get_window_extent().width
        caret_px = self._text_width_px(self._buffer[:self._caret])
        visible_px = cell_width_px - 2 * TEXT_PAD_PX
        if caret_px - self._scroll_px > visible_px:
            self._scroll_px = caret_px - visible_px
        elif caret_px < self._scroll_px:
            self._scroll_px = caret_px
        self._place_text(*cell)
        x0 = self._x_edges[cell[1]] + self._px_to_axes(TEXT_PAD_PX - self._scroll_px)
        _, bottom = rect.get_xy()
        height = rect.get_height()
        caret_x = x0 + self._px_to_axes(caret_px)
        self._caret_line.set_data([caret_x, caret_x],
                                  [bottom + 0.2 * height, bottom + 0.8 * height])
        self._caret_line.set_visible(not self._selected_all and cell[1] not in self.choices)
        self._caret_line.set_clip_path(rect)
        if self._selected_all:
            width = self._px_to_axes(self._text_width_px(self._buffer))
            self._selection.set_bounds(x0, bottom + 0.15 * height, width, 0.7 * height)
            self._selection.set_clip_path(rect)
        self._selection.set_visible(self._selected_all)

    def _fit_shown_text(self, cell):
        """Show the cell's committed text whole: in a smaller font (down to 6 pt) when it is
        wider than the cell, and beyond that cut with "…": a number keeps its first digits
        (its size and leading decimals), other text both ends (a path's folder and file
        name). Typing in the cell shows the whole text."""
        label, text = self._labels[cell], self._texts[cell]
        label.set_text(text)
        to_points = POINTS_PER_INCH / self.fig.dpi
        width_pt = (self._rects[cell].get_window_extent().width - 2 * TEXT_PAD_PX) * to_points
        if width_pt <= 0 or not text:
            return
        fit_fontsize(label, width_pt, float("inf"), self._fontsize)
        try:
            float(text)
            head_share = 1.0
        except ValueError:
            head_share = 0.5
        keep = len(text)
        while keep > 1 and text_width_pt(self.fig, label.get_text(),
                                         label.get_fontproperties()) > width_pt:
            keep -= 1
            head = round(keep * head_share + 0.25)
            label.set_text(text[:head] + "…" + text[len(text) - (keep - head):])

    def _redraw_cell(self, cell):
        """Update the cell's artists and show them: blit the cell alone once the figure has
        been drawn (until then the first draw shows it; :mod:`robosim.gui.blit`).

        The pixels are a full draw's: the cell's box, its border's antialiased edge
        included, is drawn again from the figure's background (the grid sits on it) with
        what a full draw paints there, in its order: the rectangles of the cell and of its
        neighbours (their borders and faces reach into it), the focused cell's selection and
        caret, then the texts. Drawing the border again over itself made it darker."""
        if not self._cids:
            return
        self._update_cell_artists(cell)
        if not self._blit.drawn:
            return
        box = whole_pixels(self._rects[cell].get_window_extent().padded(2))
        row, col = cell
        near = [(r, c) for r in range(max(row - 1, 0), min(row + 2, self.n_rows))
                for c in range(max(col - 1, 0), min(col + 2, self.n_cols))]   # row-major
        rows, cols = {r for r, _ in near}, {c for _, c in near}
        texts = [self._labels[cell]]
        if self._focused in near and self._focused != cell:     # its text may be scrolled
            texts.append(self._labels[self._focused])
        edge_texts = [*(self._headers[c] for c in cols if row == 0 and self._headers),
                      *(self._row_labels[r] for r in rows if col == 0 and self._row_labels),
                      *([self._corner] if row == 0 and col == 0 and self._corner else [])]
        renderer = self.fig.canvas.get_renderer()
        texts += [text for text in edge_texts        # the headers' and labels' edges, if close
                  if text.get_visible() and text.get_window_extent(renderer).overlaps(box)]
        extras = [self._selection, self._caret_line] if self._focused in near else []
        corners = (self._rects[near[0]], self._rects[near[-1]])     # of the block of cells
        self._blit.redraw_box([*(self._rects[c] for c in near), *extras, *texts], box,
                              Bbox.union([r.get_window_extent().padded(2) for r in corners]))

    def _on_close(self, event):
        self._focused = None
        self._shortcuts_on()


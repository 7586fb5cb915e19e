"""CellGrid, driven by synthetic mouse and key events on Agg."""

import matplotlib as mpl
import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.backend_bases import CloseEvent

from figure_check import DPI, FIGSIZE, IMAGE_COMPARE, assert_shows_a_full_draw, strip_text
from gui_events import click, click_cell, type_keys
from robosim.gui.widgets import cells
from robosim.gui.widgets.cells import CellGrid
from robosim.gui.shortcuts import figure_keys


def number_check(calls):
    """An on_commit that records its calls and rejects text that is not a number."""
    def on_commit(row, col, text):
        calls.append((row, col, text))
        try:
            float(text)
        except ValueError:
            return f"row {row + 1}: {text!r} is not a number"
        return None
    return on_commit


@pytest.fixture
def table():
    """A drawn 3 x 2 grid beside a 3D axes, recording its commits in ``table.calls``."""
    fig = plt.figure(figsize=FIGSIZE, dpi=DPI)
    ax3d = fig.add_axes((0.55, 0.5, 0.4, 0.45), projection="3d")
    ax3d.plot([0, 1], [0, 1], [0, 1])
    calls = []
    grid = CellGrid(fig, (0.05, 0.05, 0.5, 0.4), 3, ["theta", "d"],
                    row_labels=["1", "2", "3"], on_commit=number_check(calls))
    grid.calls = calls
    fig.canvas.draw()
    yield grid
    grid.disconnect_events()


def center(grid, row, col):
    """Display pixels of a cell's centre."""
    return grid.cell_bbox(row, col).get_points().mean(axis=0)


def pixel(grid, row, col):
    """RGB (0-1) of the canvas buffer at a point inside the cell, away from its text."""
    box = grid.cell_bbox(row, col)
    x, y = int(box.x1 - 3), int(box.y0 + 3)
    height = grid.fig.canvas.get_width_height()[1]
    return np.asarray(grid.fig.canvas.buffer_rgba())[height - 1 - y, x, :3] / 255


def test_typing_and_enter_commit_the_typed_text(table):
    click_cell(table, 1, 0)
    assert table.focused == (1, 0)
    type_keys(table.fig, "12.5", "enter")
    assert table.calls == [(1, 0, "12.5")]
    assert table.text(1, 0) == "12.5"
    assert table.focused is None
    assert table.message is None and table.errors == {}


def test_editing_keys_move_the_caret_and_delete(table):
    table.focus(0, 0)
    type_keys(table.fig, "1234", "left", "left", "backspace")   # 1|34 after deleting 2
    assert table.editing_text() == "134"
    type_keys(table.fig, "home", "delete", "9", "end", "0")
    assert table.editing_text() == "9340"
    type_keys(table.fig, "right", "right", "5")                   # right at the end stays
    assert table.editing_text() == "93405"
    assert table.text(0, 0) == ""                                 # nothing committed yet


def test_click_puts_the_caret_where_clicked(table):
    table.set_text(2, 1, "12345")
    # The width of "12" with the cells' font, measured by an independent Text artist.
    probe = table.fig.text(0, 0, "12", fontsize=9)
    width = probe.get_window_extent(table.fig.canvas.get_renderer()).width
    left = table.cell_bbox(2, 1).x0
    x = left + cells.TEXT_PAD_PX + width + 1
    click(table.fig, x, center(table, 2, 1)[1])
    type_keys(table.fig, "x")
    assert table.editing_text() == "12x345"
    click(table.fig, left + 1, center(table, 2, 1)[1])          # left edge: caret at 0
    type_keys(table.fig, "y")
    assert table.editing_text() == "y12x345"


def test_rejected_commit_turns_the_cell_red_and_keeps_the_text(table):
    click_cell(table, 0, 1)
    type_keys(table.fig, "abc", "enter")
    assert table.focused == (0, 1)                # Enter rejected: still typing there
    type_keys(table.fig, "escape")
    assert table.text(0, 1) == "abc"
    assert table.message == "row 1: 'abc' is not a number"
    assert table.errors == {(0, 1): "row 1: 'abc' is not a number"}
    np.testing.assert_allclose(pixel(table, 0, 1), mcolors.to_rgb(cells.ERROR_COLOR), atol=0.02)
    click_cell(table, 0, 1)
    type_keys(table.fig, "ctrl+a", "backspace", "backspace", "backspace", "7", "enter")
    assert table.text(0, 1) == "7" and table.errors == {} and table.message is None
    np.testing.assert_allclose(pixel(table, 0, 1), mcolors.to_rgb(cells.NORMAL_COLOR), atol=0.02)


def test_commit_returns_the_message():
    fig = plt.figure(figsize=FIGSIZE, dpi=DPI)
    grid = CellGrid(fig, (0.1, 0.1, 0.3, 0.1), 1, [""], on_commit=lambda r, c, t: "too big")
    grid.focus(0, 0)
    type_keys(fig, "9")
    assert grid.commit() == "too big"


def test_tab_and_shift_tab_commit_and_move_row_major_with_wrap(table):
    table.focus(0, 0)
    type_keys(table.fig, "1", "tab", "2", "tab", "3")
    assert table.focused == (1, 0)
    type_keys(table.fig, "shift+tab")
    assert table.focused == (0, 1)
    table.focus(2, 1)
    type_keys(table.fig, "tab")
    assert table.focused == (0, 0)
    type_keys(table.fig, "shift+tab")
    assert table.focused == (2, 1)
    assert table.calls == [(0, 0, "1"), (0, 1, "2"), (1, 0, "3")]   # unchanged: no call
    assert table.text(1, 0) == "3"


def test_moving_in_with_tab_selects_the_text_so_typing_replaces_it(table):
    table.set_text(0, 1, "45")
    table.focus(0, 0)
    type_keys(table.fig, "tab", "60")
    assert table.editing_text() == "60"
    click_cell(table, 0, 1, dblclick=True)
    type_keys(table.fig, "backspace")
    assert table.editing_text() == ""


@pytest.mark.parametrize("select_all", ["ctrl+a", "cmd+a"])
def test_select_all_lets_typing_replace_and_backspace_clear_the_text(table, select_all):
    table.set_text(1, 1, "12.5")
    click_cell(table, 1, 1)                       # caret at the click: nothing selected
    type_keys(table.fig, select_all, "7")
    assert table.editing_text() == "7"
    type_keys(table.fig, "8", select_all, "backspace")
    assert table.editing_text() == ""
    type_keys(table.fig, select_all, "9", "enter")  # an empty cell: ctrl+a is harmless
    assert table.text(1, 1) == "9" and table.calls == [(1, 1, "9")]


def test_enter_moves_on_when_asked():
    fig = plt.figure(figsize=FIGSIZE, dpi=DPI)
    grid = CellGrid(fig, (0.1, 0.1, 0.5, 0.3), 2, ["a", "b"], enter_moves=True,
                    on_commit=number_check([]))
    grid.focus(0, 1)
    type_keys(fig, "5", "enter")
    assert grid.focused == (1, 0)
    type_keys(fig, "x", "enter")                  # rejected: stays in the cell to fix it
    assert grid.focused == (1, 0) and grid.errors.keys() == {(1, 0)}
    type_keys(fig, "backspace", "6", "enter")
    assert grid.focused == (1, 1) and grid.text(1, 0) == "6" and grid.errors == {}


def test_escape_reverts_without_committing(table):
    table.set_text(1, 1, "30")
    click_cell(table, 1, 1)
    type_keys(table.fig, "999", "escape")
    assert table.text(1, 1) == "30"
    assert table.focused is None and table.calls == []
    assert table._labels[1, 1].get_text() == "30"  # noqa: SLF001 - the drawn text


def test_click_elsewhere_commits(table):
    click_cell(table, 2, 0)
    type_keys(table.fig, "4")
    click(table.fig, 5, 5)                        # figure corner, outside the grid
    assert table.calls == [(2, 0, "4")]
    assert table.focused is None


def test_set_text_never_interrupts_typing(table):
    click_cell(table, 0, 0)
    type_keys(table.fig, "1")
    table.set_text(0, 0, "77")                    # e.g. an animation updating the field
    type_keys(table.fig, "2")
    assert table.editing_text() == "12"
    type_keys(table.fig, "escape")
    assert table.text(0, 0) == "77"               # Escape goes back to the newest value
    table.set_text(0, 1, "8")
    assert table._labels[0, 1].get_text() == "8"  # noqa: SLF001 - the drawn text


def test_mark_shows_and_clears_an_error(table):
    table.mark(2, 1, "limits reversed")
    assert table.errors == {(2, 1): "limits reversed"}
    np.testing.assert_allclose(pixel(table, 2, 1), mcolors.to_rgb(cells.ERROR_COLOR), atol=0.02)
    table.mark(2, 1, False)
    assert table.errors == {}
    np.testing.assert_allclose(pixel(table, 2, 1), mcolors.to_rgb(cells.NORMAL_COLOR), atol=0.02)


def test_on_edit_sees_every_change():
    fig = plt.figure(figsize=FIGSIZE, dpi=DPI)
    edits = []
    grid = CellGrid(fig, (0.1, 0.1, 0.5, 0.3), 1, ["a", "b"],
                    on_edit=lambda r, c, t: edits.append((r, c, t)))
    grid.focus(0, 1)
    type_keys(fig, "ab", "backspace")
    assert edits == [(0, 1, "a"), (0, 1, "ab"), (0, 1, "a")]


@pytest.mark.parametrize("keys", [("4", "2", "enter"), ("x", "enter"), ("4", "2")],
                         ids=["accepted", "refused", "being typed"])
def test_a_cell_redrawn_alone_shows_what_a_full_draw_shows(table, keys):
    """The redrawn cell's border is not drawn a second time over itself (once darker than
    the other cells' borders), whatever its state: accepted, red, or focused."""
    table.set_text(0, 0, "1")
    table.fig.canvas.draw()
    click_cell(table, 1, 1)
    type_keys(table.fig, *keys)
    assert_shows_a_full_draw(table.fig)


def test_only_the_touched_cell_is_redrawn(table):
    """A click and typing change pixels inside the cell and nowhere else, with no full draw."""
    draws = []
    table.fig.canvas.mpl_connect("draw_event", draws.append)
    before = np.asarray(table.fig.canvas.buffer_rgba()).copy()
    click_cell(table, 1, 1)
    type_keys(table.fig, "42")
    after = np.asarray(table.fig.canvas.buffer_rgba())
    rows, cols = np.nonzero(np.any(after != before, axis=2))
    height = table.fig.canvas.get_width_height()[1]
    box = table.cell_bbox(1, 1)
    assert draws == []
    assert rows.size > 0
    assert cols.min() >= box.x0 - 1 and cols.max() <= box.x1 + 1
    assert height - 1 - rows.max() >= box.y0 - 1 and height - 1 - rows.min() <= box.y1 + 1


def small_grid():
    return CellGrid(plt.figure(), (0.1, 0.1, 0.3, 0.1), 1, [""])


def test_keyboard_shortcuts_are_off_only_while_editing_and_only_in_that_figure(table):
    with mpl.rc_context({"keymap.quit": ["q"]}):
        other = small_grid()                          # another window, not typing
        table.focus(0, 0)
        type_keys(table.fig, "q")
        assert plt.fignum_exists(table.fig.number) and table.editing_text() == "q"
        assert mpl.rcParams["keymap.quit"] == ["q"]   # nothing global changes
        type_keys(other.fig, "q")
        assert not plt.fignum_exists(other.fig.number)  # the other window still obeys
        type_keys(table.fig, "escape", "q")           # editing stopped: q closes again
        assert not plt.fignum_exists(table.fig.number)


def test_closing_the_window_gives_the_shortcuts_back():
    with mpl.rc_context({"keymap.quit": ["q"]}):
        grid = small_grid()
        grid.focus(0, 0)
        assert figure_keys(grid.fig).off
        grid.fig.canvas.callbacks.process("close_event", CloseEvent("close_event",
                                                                    grid.fig.canvas))
        assert not figure_keys(grid.fig).off and grid.focused is None
        assert mpl.rcParams["keymap.quit"] == ["q"]


def test_a_figure_closed_while_typing_does_not_keep_the_shortcuts_off():
    with mpl.rc_context({"keymap.quit": ["q"]}):
        first = small_grid()
        first.focus(0, 0)
        plt.close(first.fig)                          # Agg sends no close_event
        second = small_grid()
        second.focus(0, 0)
        second.commit()
        type_keys(second.fig, "q")
        assert not plt.fignum_exists(second.fig.number)
        assert mpl.rcParams["keymap.quit"] == ["q"]


def test_disconnected_grid_ignores_events(table):
    table.disconnect_events()
    click_cell(table, 0, 0)
    type_keys(table.fig, "5")
    assert table.focused is None and table.text(0, 0) == ""


def test_unlabeled_single_column_fills_the_axes():
    fig = plt.figure(figsize=FIGSIZE, dpi=DPI)
    grid = CellGrid(fig, (0.1, 0.1, 0.3, 0.2), 2, [""])
    axes_box = grid.ax.get_window_extent()
    top = grid.cell_bbox(0, 0)
    bottom = grid.cell_bbox(1, 0)
    assert top.y1 == pytest.approx(axes_box.y1) and bottom.y0 == pytest.approx(axes_box.y0)
    assert top.x0 == pytest.approx(axes_box.x0) and top.x1 == pytest.approx(axes_box.x1)


def test_bad_cell_index_names_the_cell(table):
    with pytest.raises(IndexError, match=r"\(3, 0\)"):
        table.set_text(3, 0, "1")


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_cell_grid_figure(table):
    table.set_text(0, 0, "90")
    table.set_text(1, 0, "-45")
    click_cell(table, 0, 1)
    type_keys(table.fig, "x", "enter")            # red
    click_cell(table, 2, 0)
    type_keys(table.fig, "12")                    # focused, caret shown
    return strip_text(table.fig)


@pytest.fixture
def kinds():
    """A grid whose first column is a revolute/prismatic choice."""
    fig = plt.figure(figsize=FIGSIZE, dpi=DPI)
    calls = []
    grid = CellGrid(fig, (0.1, 0.1, 0.6, 0.3), 2, ["type", "d"],
                    on_commit=lambda r, c, t: calls.append((r, c, t)),
                    choices={0: ["revolute", "prismatic"]})
    grid.calls = calls
    grid.set_text(0, 0, "revolute")
    fig.canvas.draw()
    yield grid
    grid.disconnect_events()


def test_a_click_on_a_choice_cell_steps_to_the_next_value_and_commits(kinds):
    click_cell(kinds, 0, 0)
    assert kinds.text(0, 0) == "prismatic"
    click_cell(kinds, 0, 0)
    assert kinds.text(0, 0) == "revolute"
    click_cell(kinds, 1, 0)                       # empty: the first value
    assert kinds.calls == [(0, 0, "prismatic"), (0, 0, "revolute"), (1, 0, "revolute")]
    assert kinds.focused == (1, 0)


def test_choice_cells_are_reachable_and_set_by_keyboard(kinds):
    kinds.focus(0, 1)
    type_keys(kinds.fig, "shift+tab")             # back into the choice cell of row 1
    assert kinds.focused == (0, 0)
    type_keys(kinds.fig, "p")
    assert kinds.text(0, 0) == "prismatic"
    type_keys(kinds.fig, "x", "backspace", "R")   # no value starts with x; R picks revolute
    assert kinds.text(0, 0) == "revolute"
    type_keys(kinds.fig, " ")
    assert kinds.text(0, 0) == "prismatic"
    type_keys(kinds.fig, "left")
    assert kinds.text(0, 0) == "revolute"
    type_keys(kinds.fig, "tab", "5", "enter")
    assert kinds.text(0, 1) == "5"
    assert [t for _, c, t in kinds.calls if c == 0] == ["prismatic", "revolute", "prismatic",
                                                         "revolute"]


def test_an_on_commit_that_disconnects_the_grid_ends_editing(table):
    def leave_screen(row, col, text):
        table.disconnect_events()
    table.on_commit = leave_screen
    table.focus(0, 0)
    type_keys(table.fig, "1", "tab")
    assert table.focused is None
    assert not figure_keys(table.fig).off


def test_set_header_changes_the_header(table):
    table.set_header(1, "d (cm)")
    assert table._headers[1].get_text() == "d (cm)"  # noqa: SLF001 - the drawn text


def test_a_double_click_on_a_choice_cell_steps_once(kinds):
    click_cell(kinds, 0, 0)
    click_cell(kinds, 0, 0, dblclick=True)        # what a backend sends for a double click
    assert kinds.text(0, 0) == "prismatic"


class FakeTkWidget:
    """Records the Tk bindings a cell makes."""

    def __init__(self):
        self.bindings = {}

    def bind(self, sequence, function):
        self.bindings[sequence] = function


def test_tab_stays_in_a_tk_canvas():
    """Tk's own Tab binding would move the keyboard focus out of the canvas."""
    fig = plt.figure()
    widget = FakeTkWidget()
    delivered = []
    fig.canvas.get_tk_widget = lambda: widget
    fig.canvas.key_press = delivered.append
    CellGrid(fig, (0.1, 0.1, 0.3, 0.1), 1, [""])
    CellGrid(fig, (0.1, 0.3, 0.3, 0.1), 1, [""])      # a second grid binds nothing more
    assert set(widget.bindings) == {"<Tab>", "<Shift-Tab>", "<ISO_Left_Tab>"}
    assert widget.bindings["<Tab>"]("tk event") == "break"
    assert delivered == ["tk event"]


def test_a_long_value_is_shown_whole_or_with_both_ends(table):
    """A committed text wider than its cell is not cut at the cell's edge: it shrinks, and a
    text too long for the smallest font keeps its first and last characters around "…"."""
    long_number = "0.12345678901234567"
    table.set_text(0, 0, long_number)
    table.set_text(2, 0, "-166.00317253421234567890123456789")
    table.set_text(1, 0, "/home/student/robots/my_arm/meshes/forearm_link_v2.stl")
    table.fig.canvas.draw()
    labels = table._labels  # noqa: SLF001 - the drawn texts
    for row in (0, 1):
        assert labels[row, 0].get_window_extent().x1 <= table.cell_bbox(row, 0).x1
    assert labels[0, 0].get_text() == long_number
    number = labels[2, 0].get_text()                 # a number keeps its first digits
    assert number.startswith("-166.00") and number.endswith("…")
    shown = labels[1, 0].get_text()
    assert shown.startswith("/home") and shown.endswith(".stl") and "…" in shown
    assert table.text(1, 0).endswith("forearm_link_v2.stl")      # the value itself is whole

"""The DH-table editor's undo / redo, Escape and status line (issue 15, item 3), on Agg.

Undo must give back exactly the table shown before each committed edit, so every expected
table below is read from the screen before the edit, never computed by the editor's code.
"""

from types import SimpleNamespace

from matplotlib.backend_bases import KeyEvent

from gui_events import click_cell, type_in_cell, type_keys
from robosim import load_robot
from robosim.gui.screens.dh_draft import row_meshes
from robosim.gui.screens.editor import COUNT, UNIT
from robosim.gui.screens.edit_history import UNDO_LIMIT
from test_gui_editor import A, ALPHA, D, open_editor


def shown(screen):
    """The table and settings as the screen shows them (texts of every cell)."""
    table = [[screen.table.text(r, c) for c in range(screen.table.n_cols)]
             for r in range(screen.table.n_rows)]
    settings = [screen.settings.text(0, c) for c in range(screen.settings.n_cols)]
    return table, settings


def set_count(screen, count):
    type_in_cell(screen.settings, 0, COUNT, str(count), "enter")


def tk_key(fig, key, keysym):
    """A key as TkAgg delivers it: matplotlib's name plus the Tk event (``guiEvent``)."""
    event = KeyEvent("key_press_event", fig.canvas, key, 0, 0,
                     guiEvent=SimpleNamespace(keysym=keysym))
    fig.canvas.callbacks.process("key_press_event", event)


def test_undo_and_redo_step_through_cells_types_units_and_joint_counts():
    screen = open_editor(load_robot("Lynx6"))
    states = [shown(screen)]
    edits = [lambda: type_in_cell(screen.table, 1, A, "99", "enter"),
             lambda: click_cell(screen.table, 0, 0),                 # revolute -> prismatic
             lambda: set_count(screen, 3),                           # rows 4 and 5 go
             lambda: click_cell(screen.settings, 0, UNIT),           # mm -> cm
             lambda: set_count(screen, 6)]                           # a default row comes
    for edit in edits:
        edit()
        states.append(shown(screen))
    assert states[2][0][0][0] == "prismatic" and len(states[3][0]) == 3
    assert len(states[5][0]) == 6 and states[4][1][UNIT] == "cm"

    for state in reversed(states[:-1]):
        type_keys(screen.fig, "ctrl+z")
        assert shown(screen) == state
        model = [[*row, mesh] for row, mesh in zip(screen.draft["rows"],
                                                   row_meshes(screen.draft), strict=True)]
        assert model == state[0]                                     # the model, not only cells
    assert screen.check.robot.joints[0].kind == "R"
    assert "Undid the change of joint 2, a ('120' -> '99')" in screen.app.status[0]
    type_keys(screen.fig, "ctrl+z")
    assert "Nothing to undo" in screen.app.status[0] and shown(screen) == states[0]

    redo_keys = ["ctrl+y", "ctrl+shift+z", "ctrl+Z"]                 # Qt says ctrl+Z
    for k, state in enumerate(states[1:4]):
        type_keys(screen.fig, redo_keys[k])
        assert shown(screen) == state
    tk_key(screen.fig, "ctrl+z", "Z")     # Tk's ctrl+shift+z: matplotlib drops the shift
    assert shown(screen) == states[4]
    tk_key(screen.fig, "ctrl+z", "z")     # Tk's ctrl+z
    assert shown(screen) == states[3]


def test_macos_command_key_undoes_and_redoes_like_ctrl():
    # matplotlib names the Command key "cmd": cmd+z undoes, cmd+y and cmd+shift+z redo
    screen = open_editor(load_robot("Lynx6"))
    before = shown(screen)
    type_in_cell(screen.table, 1, A, "99", "enter")
    after = shown(screen)
    assert after != before
    for undo_key, redo_key in (("cmd+z", "cmd+y"), ("cmd+z", "cmd+shift+z")):
        type_keys(screen.fig, undo_key)
        assert shown(screen) == before
        type_keys(screen.fig, redo_key)
        assert shown(screen) == after


def test_a_new_edit_after_undo_ends_the_redo_and_is_autosaved():
    from robosim.gui.user_files import autosave

    screen = open_editor(load_robot("Lynx6"))
    type_in_cell(screen.table, 0, D, "70", "enter")
    type_keys(screen.fig, "ctrl+z")
    assert autosave.load_draft()["rows"][0][D] == "65"               # undo is autosaved too
    type_in_cell(screen.table, 2, D, "5", "enter")
    type_keys(screen.fig, "ctrl+y")
    assert "Nothing to redo" in screen.app.status[0]
    assert screen.table.text(0, D) == "65" and screen.table.text(2, D) == "5"


def test_more_than_fifty_committed_edits_can_all_be_undone():
    screen = open_editor(load_robot("Lynx6"))
    assert UNDO_LIMIT >= 50
    original = shown(screen)
    edits = 55
    for value in range(1, edits + 1):
        type_in_cell(screen.table, 1, A, str(value), "enter")
    assert screen.table.text(1, A) == str(edits)
    for _ in range(edits):
        type_keys(screen.fig, "ctrl+z")
    assert shown(screen) == original
    type_keys(screen.fig, "ctrl+z")
    assert "Nothing to undo" in screen.app.status[0]


def test_ctrl_z_while_typing_takes_the_typing_back():
    screen = open_editor(load_robot("Lynx6"))
    type_in_cell(screen.table, 1, A, "4")                            # typed, not committed
    type_keys(screen.fig, "ctrl+z")
    assert screen.table.text(1, A) == "120" and screen.draft["rows"][1][A] == "120"


def test_escape_in_a_red_cell_brings_back_its_last_good_value():
    screen = open_editor(load_robot("Lynx6"))
    type_in_cell(screen.table, 1, A, "backspace", "enter")           # a blank cell: refused
    assert (1, A) in screen.table.errors and screen.table.focused == (1, A)
    assert screen.app.status[1]
    type_keys(screen.fig, "escape")
    assert screen.table.text(1, A) == "120" and screen.draft["rows"][1][A] == "120"
    assert screen.table.errors == {} and not screen.app.status[1]
    type_in_cell(screen.table, 1, A, "abc", "enter", "backspace", "escape")   # a second try
    assert screen.table.text(1, A) == "120" and not screen.table.errors


def test_the_status_line_explains_the_selected_cell_and_counts_the_others():
    screen = open_editor(load_robot("Lynx6"))
    type_in_cell(screen.table, 0, D, "x", "enter")
    message, error = screen.app.status
    assert error and message.startswith("joint 1: field 'd'") and "other" not in message
    type_in_cell(screen.table, 2, A, "y", "enter")
    type_in_cell(screen.table, 3, ALPHA, "z", "enter")
    message, error = screen.app.status
    assert message.startswith("joint 4: field 'alpha'") and "'z'" in message
    assert message.endswith("(and 2 other cells to fix)")
    click_cell(screen.table, 0, D)                                   # select another red cell
    assert screen.app.status[0].startswith("joint 1: field 'd'")
    assert screen.app.status[0].endswith("(and 2 other cells to fix)")
    type_keys(screen.fig, "backspace", "65", "enter")                # corrected: its error goes
    message, error = screen.app.status
    assert error and "joint 1" not in message and message.endswith("(and 1 other cell to fix)")
    type_in_cell(screen.table, 2, A, "120", "enter")
    type_in_cell(screen.table, 3, ALPHA, "-90", "enter")
    assert screen.app.status == ("The table is a valid robot: press Continue to see it.", False)

"""EditHistory: the editor's undo and redo, without a figure."""

import pytest

from robosim.gui.screens.dh_draft import COLUMNS, new_draft
from robosim.gui.screens.edit_history import EditHistory, describe_change


def drafts(count):
    """``count`` drafts differing in joint 1's a: "0", "1", ..."""
    result = []
    for k in range(count):
        draft = new_draft(2)
        draft["rows"][0][3] = str(k)
        result.append(draft)
    return result


def test_undo_and_redo_walk_back_and_forth_through_the_recorded_drafts():
    first, second, third = drafts(3)
    history = EditHistory(first)
    assert not history.can_undo and history.undo() is None
    history.record(second)
    history.record(third)
    assert history.undo() == second and history.undo() == first
    assert history.undo() is None
    assert history.redo() == second and history.redo() == third
    assert history.redo() is None


def test_a_new_edit_after_an_undo_drops_what_could_have_been_redone():
    first, second, third, other = drafts(4)
    history = EditHistory(first)
    history.record(second)
    history.record(third)
    history.undo()
    history.record(other)
    assert not history.can_redo
    assert history.undo() == second


def test_recording_an_unchanged_draft_is_not_an_edit():
    first, second = drafts(2)
    history = EditHistory(first)
    assert history.record(second) and not history.record(dict(second))
    assert history.undo_count == 1


def test_snapshots_are_copies_the_editor_cannot_change_afterwards():
    first, second = drafts(2)
    history = EditHistory(first)
    history.record(second)
    second["rows"][0][3] = "changed later"
    first["rows"][0][3] = "changed later"
    assert history.undo()["rows"][0][3] == "0"
    assert history.redo()["rows"][0][3] == "1"


def test_only_the_last_limit_edits_can_be_undone():
    limit = 50
    states = drafts(limit + 6)
    history = EditHistory(states[0], limit=limit)
    for state in states[1:]:
        history.record(state)
    undone = []
    while (draft := history.undo()) is not None:
        undone.append(draft["rows"][0][3])
    # 55 edits made, the newest 50 undone: back to the state after edit 5
    assert undone == [str(k) for k in range(limit + 4, 4, -1)]
    with pytest.raises(ValueError, match="at least 1"):
        EditHistory(states[0], limit=0)


def test_the_change_is_described_for_the_status_line():
    before = new_draft(3)
    after = new_draft(3)
    after["rows"][2][3] = "7"
    assert describe_change(before, after, COLUMNS) == "joint 3, a ('0' -> '7')"
    assert describe_change(before, new_draft(4), COLUMNS) == "the joint count (3 -> 4)"
    after["unit"] = "mm"
    assert describe_change(before, after, COLUMNS) == "1 cell and the length unit"

"""The editor's autosaved draft: written, read back and kept when its text is invalid."""

from robosim.gui.user_files import autosave


def test_draft_round_trip_keeps_invalid_text():
    draft = {"unit": "cm", "rows": [{"type": "R", "theta": "4x5", "d": ""}]}
    autosave.save_draft(draft)
    assert autosave.load_draft() == draft


def test_no_draft_and_corrupt_draft_give_none():
    assert autosave.load_draft() is None
    (autosave.user_dir() / "draft.json").write_text("{not json")
    assert autosave.load_draft() is None

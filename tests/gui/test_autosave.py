from robosim import load_robot
from robosim.gui import autosave
from robosim.library import robot_to_dict


def test_draft_round_trip_keeps_invalid_text():
    draft = {"unit": "cm", "rows": [{"type": "R", "theta": "4x5", "d": ""}]}
    autosave.save_draft(draft)
    assert autosave.load_draft() == draft


def test_no_draft_and_corrupt_draft_give_none():
    assert autosave.load_draft() is None
    (autosave.user_dir() / "draft.json").write_text("{not json")
    assert autosave.load_draft() is None


def test_last_robot_round_trip_and_corrupt_file():
    assert autosave.load_last_robot() is None
    robot = load_robot("SCARA")
    autosave.save_last_robot(robot)
    assert robot_to_dict(autosave.load_last_robot()) == robot_to_dict(robot)
    (autosave.user_dir() / "last_robot.json").write_text('{"name": "x"}')
    assert autosave.load_last_robot() is None

"""My robots: the last 8 robots entered, loaded or saved, kept atomically in the user folder."""

import json

import pytest

from robosim import Joint, Robot
from robosim.gui.user_files import autosave
from robosim.gui.user_files.my_robots import FILE_NAME, MAX_ROBOTS, MyRobots
from robosim.robot_files import robot_to_dict


def arm(k, n=1, unit="cm"):
    return Robot([Joint("R", a=float(k + 1))] * n, name=f"arm {k}", unit=unit)


def stored_file():
    return autosave.user_dir() / FILE_NAME


def test_the_newest_eight_are_kept_newest_first_and_survive_a_restart():
    robots = MyRobots.load()
    for k in range(MAX_ROBOTS + 3):
        robots.remember(arm(k))
    expected = [f"arm {k}" for k in range(MAX_ROBOTS + 2, 2, -1)]
    assert MAX_ROBOTS == 8 and [e.robot.name for e in robots.entries] == expected
    restarted = MyRobots.load()                          # read back from the file alone
    assert [e.robot.name for e in restarted.entries] == expected
    assert robot_to_dict(restarted.entries[0].robot) == robot_to_dict(arm(MAX_ROBOTS + 2))
    assert restarted.problem is None


def test_a_robot_remembered_again_moves_to_the_top_and_a_different_one_is_kept(tmp_path):
    robots = MyRobots.load()
    four = Robot([Joint("R", a=1.0)] * 4, name="My robot", unit="cm")
    twelve = Robot([Joint("R", a=1.0)] * 12, name="My robot", unit="cm")
    robots.remember(four)
    robots.remember(twelve)              # issue 15: a 12-joint edit overwrote a 4-joint one
    assert [e.label for e in robots.entries] == ["My robot: 12 joints, cm",
                                                 "My robot: 4 joints, cm"]
    robots.remember(four)
    robots.remember(four, tmp_path / "four.json")   # saved: the file takes the unsaved's place
    assert [(e.robot.n, e.path) for e in MyRobots.load().entries] == [
        (4, str(tmp_path / "four.json")), (12, None)]


def test_entries_that_look_the_same_are_told_apart_by_their_file(tmp_path):
    """Issue 37: "My robot: 4 joints, cm" was listed twice, the two indistinguishable."""
    robots = MyRobots.load()
    four = Robot([Joint("R", a=1.0)] * 4, name="My robot", unit="cm")
    longer = Robot([Joint("R", a=2.0)] * 4, name="My robot", unit="cm")
    robots.remember(four, tmp_path / "a" / "four.json")
    robots.remember(longer)                          # another table, not saved
    robots.remember(arm(1))
    assert robots.labels() == ["arm 1: 1 joint, cm", "My robot: 4 joints, cm (not saved)",
                               "My robot: 4 joints, cm (four.json)"]


def test_removing_an_entry_is_saved():
    robots = MyRobots.load()
    for k in range(3):
        robots.remember(arm(k))
    robots.remove(1)
    assert [e.robot.name for e in MyRobots.load().entries] == ["arm 2", "arm 0"]


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b'{"format": "other"}',
                                     b"\xff\xfe\x00", b'{"format": "robosim-my-robots/1"}'])
def test_a_corrupt_file_gives_a_message_an_empty_list_and_is_replaced_on_the_next_save(content):
    stored_file().write_bytes(content)
    robots = MyRobots.load()
    assert robots.entries == [] and "could not be read" in robots.problem
    assert str(stored_file()) in robots.problem
    # issue 25: set aside whole, not overwritten at the next save
    assert "set aside as my_robots.json.damaged" in robots.problem
    assert stored_file().with_name("my_robots.json.damaged").read_bytes() == content
    robots.remember(arm(0))
    assert [e.robot.name for e in MyRobots.load().entries] == ["arm 0"]
    assert MyRobots.load().problem is None


def test_an_entry_that_is_no_longer_a_valid_robot_is_left_out_with_a_message():
    robots = MyRobots.load()
    robots.remember(arm(0))
    robots.remember(arm(1))
    data = json.loads(stored_file().read_text())
    data["robots"][0]["robot"]["joints"][0]["a"] = "wide"
    stored_file().write_text(json.dumps(data))
    reloaded = MyRobots.load()
    assert [e.robot.name for e in reloaded.entries] == ["arm 0"]
    assert "1 of the robots" in reloaded.problem


def test_a_save_that_fails_half_way_leaves_the_old_list_and_no_temporary(monkeypatch):
    import robosim.robot_files.library

    robots = MyRobots.load()
    robots.remember(arm(0))
    before = stored_file().read_bytes()

    def disk_full(source, target):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(robosim.robot_files.library.os, "replace", disk_full)
        with pytest.raises(OSError, match="No space"):
            robots.remember(arm(1))
    assert stored_file().read_bytes() == before
    assert sorted(p.name for p in stored_file().parent.iterdir()) == [FILE_NAME]


def test_the_one_robot_an_older_version_remembered_is_the_first_entry():
    from robosim import save_robot

    save_robot(arm(5), autosave.user_dir() / "last_robot.json")
    assert [e.robot.name for e in MyRobots.load().entries] == ["arm 5"]

"""The "Teach..." window, on Agg, with a fake arm handle: record, edit, play, save, load."""

import json

import numpy as np

from fake_arm import FakeArm
from gui_events import click_axes, type_in_cell
from robosim import load_robot
from robosim.gui.tools import open_tool
from robosim.gui.widgets import file_dialog
from robosim.hardware import Lynx6

POSES_DEG = ([0, 0, 0, 0, 0], [22, -6, 26, -76, 0], [22, -26, 29, -78, 0])


def press(window, label):
    click_axes(window.buttons[label].ax)


def taught_window(arm):
    window = open_tool("Teach...", arm)
    for degrees in POSES_DEG:
        arm.animate_to(np.radians(degrees))
        press(window, "Record")
    return window


def test_record_lists_the_poses_and_play_passes_through_each(tmp_path):
    arm = FakeArm(load_robot("Lynx6"))
    window = taught_window(arm)
    assert [window.list.text(1, col) for col in range(7)] == ["22", "-6", "26", "-76", "0", "0",
                                                              "1"]
    assert window.list.text(3, 0) == ""
    type_in_cell(window.list, 1, 5, "0.5", "enter")              # dwell at pose 2
    assert window.taught.dwell[1] == 0.5
    press(window, "Play")
    t, q = arm.last_trajectory
    for degrees in POSES_DEG:
        assert np.abs(np.degrees(q) - degrees).max(axis=1).min() < 1e-9
    assert np.abs(np.diff(np.degrees(q), axis=0)).max() / 0.02 <= 60 + 1e-6   # servo speed
    assert not arm.statuses[-1][1] and "playing 3 poses" in arm.statuses[-1][0]
    # delete, reorder, save and load
    type_in_cell(window.file, 0, 0, str(tmp_path / "seq.json"), "enter")
    press(window, "Save")
    assert json.loads((tmp_path / "seq.json").read_text())["poses"][1]["dwell_s"] == 0.5
    window.list.focus(0, 0)
    window.list.commit()
    press(window, "Delete")
    assert len(window.taught.poses) == 2
    press(window, "Load")
    assert len(window.taught.poses) == 3 and window.list.text(1, 5) == "0.5"


def test_a_taught_pose_in_the_table_is_flagged_and_refused_by_the_arm():
    arm = FakeArm(load_robot("Lynx6"))
    window = taught_window(arm)
    arm.animate_to(np.radians([22, -35, 29, -78, 0]))              # fingertips in the table
    press(window, "Record")
    press(window, "Play")
    message, error = arm.statuses[-1]
    assert error and "link 4 (wrist) hits table: the real arm refuses this sequence" in message
    press(window, "Play on arm")
    assert arm.statuses[-1] == ("no arm connected: connect one in Real arm... first", True)
    driver = Lynx6.connect("dry", dry_run=True)
    driver.start(confirmed_near_rest=True)
    arm.set_connection(driver)
    try:
        window.taught.delete(3)
        press(window, "Play on arm")
        assert arm.statuses[-1] == ("checked by the arm: press Play on arm in the Real arm "
                                    "window to send it", False)
    finally:
        arm.set_connection(None)
        driver.close()


def test_a_typed_value_outside_the_limits_is_refused_in_its_cell():
    arm = FakeArm(load_robot("Lynx6"))
    window = taught_window(arm)
    type_in_cell(window.list, 2, 0, "120", "enter")
    assert (2, 0) in window.list.errors
    assert "outside" in window.list.message
    np.testing.assert_allclose(np.degrees(window.taught.poses[2]), POSES_DEG[2], atol=1e-9)


def test_a_refused_dwell_says_why_in_the_status_line_at_once():
    # Seen in a real window: the cell turned red and the status line still said "pose 3
    # recorded", so a student could not tell what was wrong with the typed -2.
    arm = FakeArm(load_robot("Lynx6"))
    window = taught_window(arm)
    type_in_cell(window.list, 1, 5, "-2", "enter")
    assert arm.statuses[-1] == ("dwell must be from 0 to 3600 s, got -2", True)
    type_in_cell(window.list, 1, 5, "0.5", "enter")               # fixed: the line goes
    assert arm.statuses[-1] == ("", False)
    assert window.taught.dwell[1] == 0.5


def test_float_noise_in_a_recorded_joint_is_listed_as_zero():
    # Seen in a real window after a Jog / IK line: q1 was 2.9e-16 rad and the list said
    # "1.64996e-14"; the pose itself keeps every digit.
    arm = FakeArm(load_robot("Lynx6"))
    window = open_tool("Teach...", arm)
    q = np.radians([0, 90, 90, 90, 15]) + [2.88e-16, 0, 0, 0, 0]
    arm.animate_to(q)
    press(window, "Record")
    assert [window.list.text(0, col) for col in range(5)] == ["0", "90", "90", "90", "15"]
    np.testing.assert_array_equal(window.taught.poses[0], q)


def test_save_and_load_ask_the_file_dialog_like_every_other_window(monkeypatch, tmp_path):
    """Teach's Save wrote the file cell's taught.json without a dialog, where Trajectories'
    export opens one (issue 37); now both ask, and a cancelled dialog writes nothing."""
    asked = []

    def dialog(fig, **kwargs):
        asked.append(kwargs)
        return answers.pop(0)

    monkeypatch.setattr(file_dialog, "ask_path", dialog)
    arm = FakeArm(load_robot("Lynx6"))
    window = taught_window(arm)
    chosen = tmp_path / "mine.json"
    answers = [str(chosen), "", str(chosen)]
    press(window, "Save")
    assert asked[-1]["save"] and asked[-1]["title"].startswith("Save a taught sequence")
    assert len(json.loads(chosen.read_text())["poses"]) == 3
    assert window.file.text(0, 0) == str(chosen)
    window.taught.delete(0)
    press(window, "Save")                        # cancelled: the file keeps 3 poses
    assert "no file was chosen" in arm.statuses[-1][0]
    assert len(json.loads(chosen.read_text())["poses"]) == 3
    press(window, "Load")
    assert not asked[-1]["save"] and len(window.taught.poses) == 3


def test_a_refused_value_leaves_no_red_cell_once_the_list_is_shown_again(tmp_path):
    """Issue 37: after a refused value and a deleted pose, Load left the wrong cell red (the
    mark stayed on the cell while the poses moved up a row)."""
    arm = FakeArm(load_robot("Lynx6"))
    window = taught_window(arm)
    type_in_cell(window.list, 2, 0, "500", "enter")           # pose 3, joint 1: refused
    assert set(window.list.errors) == {(2, 0)}
    window.list.focus(0, 0)
    window.list.commit()
    press(window, "Delete")                                   # pose 1 goes: 3 is now row 2
    assert window.list.text(1, 0) == "22" and window.list.errors == {}
    window.file.set_text(0, 0, str(tmp_path / "seq.json"))
    press(window, "Save")
    type_in_cell(window.list, 0, 1, "500", "enter")           # refused again
    press(window, "Load")
    assert window.list.errors == {} and window.list.text(0, 1) == "-6"

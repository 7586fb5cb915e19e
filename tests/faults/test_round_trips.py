"""Issue 25, item 7: what robosim writes, robosim reads back -- each writer refuses, before
writing, what its reader would refuse (the STL case: test_peer_meshes.py)."""

import dataclasses

import numpy as np
import pytest

from robosim import load_robot, save_robot
from robosim.errors import RobotFileError
from robosim.files import MAX_ROBOT_FILE_BYTES
from robosim.trajectory import files as trajectory_files
from robosim.trajectory.files import (TrajectoryFileError, read_trajectory_csv,
                                      write_trajectory_csv)


def test_save_robot_refuses_notes_that_load_robot_would_refuse(tmp_path):
    robot = dataclasses.replace(load_robot("lynx6"), notes="n" * (2 << 20))
    with pytest.raises(RobotFileError, match=f"more than the {MAX_ROBOT_FILE_BYTES:,} "
                                             f"load_robot reads"):
        save_robot(robot, tmp_path / "arm.json")
    assert list(tmp_path.iterdir()) == []


def test_a_robot_file_just_under_the_limit_round_trips(tmp_path):
    robot = dataclasses.replace(load_robot("lynx6"), notes="n" * (MAX_ROBOT_FILE_BYTES - 4000))
    assert load_robot(save_robot(robot, tmp_path / "arm.json")).notes == robot.notes


@pytest.mark.parametrize("name", ["Lynx\n6", "Lynx\r\n6", "Lynx\u20286"])
def test_a_trajectory_of_a_robot_whose_name_has_a_line_break_reads_back(tmp_path, name):
    robot = dataclasses.replace(load_robot("lynx6"), name=name)
    q = np.array([robot.home, robot.home + 0.1, robot.home + 0.2])
    back = read_trajectory_csv(write_trajectory_csv(tmp_path / "t.csv", robot, [0, 1, 2], q))
    np.testing.assert_allclose(back.q, q, atol=1e-8)
    assert back.robot_name == "Lynx 6"


def test_a_trajectory_larger_than_the_reader_takes_is_not_written(tmp_path, monkeypatch):
    # 10^6 samples (profile's documented maximum) made 116 MB against the reader's 16 MiB; the
    # same mismatch at a limit of 1,000 bytes keeps the test fast.
    monkeypatch.setattr(trajectory_files, "MAX_TRAJECTORY_BYTES", 1000)
    robot = load_robot("lynx6")
    t = np.linspace(0, 1, 40)
    with pytest.raises(TrajectoryFileError, match="more than the 1,000 robosim reads back"):
        write_trajectory_csv(tmp_path / "t.csv", robot, t, np.tile(robot.home, (40, 1)))
    assert list(tmp_path.iterdir()) == []
    few = write_trajectory_csv(tmp_path / "t.csv", robot, t[:5], np.tile(robot.home, (5, 1)))
    assert len(read_trajectory_csv(few).t) == 5

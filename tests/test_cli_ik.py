"""``robosim ik`` and ``robosim line`` from the shell: degrees in, JSON and CSV out."""

import json
import math

import numpy as np

from robosim import load_robot
from robosim.cli import main
from robosim.trajectory_file import read_trajectory_csv
from robosim.transforms import r2rpy, rotation_angle, xyzrpy2tr


def run_cli(capsys, *argv):
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_ik_position_round_trips_through_fk(capsys):
    robot = load_robot("Lynx6")
    status, out, _ = run_cli(capsys, "ik", "lynx6", 200, 30, 120, "--json")
    data = json.loads(out)
    assert status == 0 and data["reached"] and data["axes"] == "position"
    q = np.array(data["solutions"][0]["q"])
    np.testing.assert_allclose(robot.fk(q)[:3, 3], [200, 30, 120], atol=1e-9)
    np.testing.assert_allclose(data["solutions"][0]["q_user"], np.degrees(q), atol=1e-9)


def test_ik_pose_in_degrees_lists_all_solutions(capsys):
    robot = load_robot("Puma 560")
    q_true = np.radians([10, 20, -30, 40, 50, 60])
    T = robot.fk(q_true)
    pose = list(T[:3, 3]) + list(np.degrees(r2rpy(T[:3, :3])))
    status, out, _ = run_cli(capsys, "ik", "Puma 560", *pose, "--all", "--json")
    data = json.loads(out)
    assert status == 0 and len(data["solutions"]) >= 2
    target = xyzrpy2tr(pose[:3], np.radians(pose[3:]))
    for solution in data["solutions"]:
        reached = robot.fk(solution["q"])
        assert np.linalg.norm(reached[:3, 3] - target[:3, 3]) < 1e-9
        assert rotation_angle(reached[:3, :3], target[:3, :3]) < 1e-9


def test_ik_unreachable_exits_1_with_a_message(capsys):
    status, out, _ = run_cli(capsys, "ik", "lynx6", 2000, 0, 100)
    assert status == 1 and "not reached" in out


def test_ik_wrong_number_of_values_is_a_usage_error(capsys):
    status, _, err = run_cli(capsys, "ik", "lynx6", 1, 2)
    assert status == 2 and "x y z" in err
    status, _, err = run_cli(capsys, "ik", "lynx6", 100, 0, 100, "--q0", 0, 0)
    assert status == 2 and "5 joints" in err


def test_line_by_a_relative_change_json(capsys):
    robot = load_robot("Lynx6")
    status, out, _ = run_cli(capsys, "line", "lynx6", "--from", 0, 10, -20, -30, 0,
                             "--by", 20, 10, -15, 0, 0, 0, "--steps", 7, "--json")
    data = json.loads(out)
    assert status == 0 and data["complete"]
    q = np.array(data["q"])
    assert q.shape == (7, 5)
    start = robot.fk(np.radians([0, 10, -20, -30, 0]))[:3, 3]
    expected = start + np.linspace(0, 1, 7)[:, None] * np.array([20, 10, -15])
    np.testing.assert_allclose(robot.fk(q)[:, :3, 3], expected, atol=1e-6)


def test_line_writes_a_trajectory_csv(capsys, tmp_path):
    path = tmp_path / "line.csv"
    status, out, _ = run_cli(capsys, "line", "lynx6", "--from", 0, 10, 20, 30, 0,
                             "--to", 250, 50, 100, "--steps", 4, "--csv", path)
    assert status == 0 and "4 via-points" in out
    trajectory = read_trajectory_csv(path)
    robot = load_robot("Lynx6")
    trajectory.check_robot(robot)
    np.testing.assert_allclose(robot.fk(trajectory.q[-1])[:3, 3], [250, 50, 100], atol=1e-5)
    assert trajectory.t[0] == 0 and np.all(np.diff(trajectory.t) > 0)


def test_line_stopped_exits_1_and_says_why(capsys):
    status, out, _ = run_cli(capsys, "line", "lynx6", "--from", 0, 0, 0, 0, 0,
                             "--to", 1000, 0, 100, "--steps", 5)
    assert status == 1 and "stopped after via-point" in out


def test_line_start_outside_limits_is_refused(capsys):
    status, _, err = run_cli(capsys, "line", "lynx6", "--from", 120, 0, 0, 0, 0,
                             "--by", 1, 0, 0, 0, 0, 0)
    assert status == 2 and "joint 1" in err and "limits" in err

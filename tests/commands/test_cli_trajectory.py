"""``robosim trajectory`` and ``robosim profile`` from the shell."""

import json
import re

import numpy as np
import pytest

import robosim
from robosim.cli import main
from cli_output import run_cli
from robosim.trajectory.files import read_trajectory_csv


def test_a_preset_is_followed_and_summarised(capsys, tmp_path):
    csv = tmp_path / "seam.csv"
    status, out, err = run_cli(capsys, "trajectory", "lynx6", "--preset", "weld-seam",
                           "--points", "40", "--csv", str(csv), "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["points"] == data["reachable_points"] == 40 and data["bad_points"] == []
    assert data["closed"] is True and data["fits"] is True
    xyz = np.array(data["xyz"])
    assert data["path_length"] == pytest.approx(np.linalg.norm(np.diff(xyz, axis=0),
                                                               axis=1).sum())
    # The CSV holds the motion: joint values whose forward kinematics are the path's points.
    robot = robosim.load_robot("Lynx6")
    saved = read_trajectory_csv(csv)
    saved.check_robot(robot)
    np.testing.assert_allclose(robot.fk(saved.q)[:, :3, 3], xyz, atol=1e-5)
    np.testing.assert_allclose(saved.t, data["t"], atol=1e-8)
    # Largest joint speeds: finite differences of the saved motion (degrees per second).
    speeds = np.abs(np.diff(np.degrees(saved.q), axis=0) / np.diff(saved.t)[:, None]).max(0)
    np.testing.assert_allclose(data["max_joint_speed"], speeds, rtol=1e-5)


def test_unreachable_points_are_listed_and_exit_status_is_1(capsys):
    status, out, err = run_cli(capsys, "trajectory", "lynx6", "--formula", "250 + 250*cos(u)",
                           "250*sin(u)", "150", "--u", "1.5708", "7.8540", "--points", "40",
                           "--stop")
    assert status == 1
    reached = int(re.search(r"reachable points: (\d+) of 40", out).group(1))
    assert 0 < reached < 40
    assert "out of reach: point(s)" in out and "stops before point" in out


def test_a_surface_path_needs_its_ranges(capsys):
    status, out, err = run_cli(capsys, "trajectory", "lynx6", "--surface", "x1*x2/100")
    assert status == 2 and "--x1 MIN MAX and --x2 MIN MAX" in err
    status, out, err = run_cli(capsys, "trajectory", "lynx6", "--surface", "x1*x2/100", "--x1",
                           "150", "250", "--x2", "-50", "50", "--curves", "5", "--index", "2",
                           "--points", "20", "--json")
    data = json.loads(out)
    assert status == 0 and data["closed"] is False
    np.testing.assert_allclose(np.array(data["xyz"])[:, 0], 200.0)


def test_a_surface_path_follows_the_middle_curve_by_default_as_the_gui_does(capsys):
    # x1 from 150 to 250 in 11 curves: the middle one (index 5) is x1 = 200, where the
    # Trajectories window's blank "curves" and "index" cells also lead.
    status, out, err = run_cli(capsys, "trajectory", "lynx6", "--surface", "x1*x2/100", "--x1",
                           "150", "250", "--x2", "-50", "50", "--points", "20", "--json")
    assert status == 0
    np.testing.assert_allclose(np.array(json.loads(out)["xyz"])[:, 0], 200.0)


def test_a_hostile_formula_is_one_line_on_stderr(capsys):
    status, out, err = run_cli(capsys, "trajectory", "lynx6", "--formula",
                           "__import__('os').system('echo hacked')", "0", "0")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "attribute access" in err and "column 1" in err


def test_presets_are_listed_with_their_notes_without_a_robot(capsys):
    status, out, err = run_cli(capsys, "trajectory", "--list-presets")
    assert status == 0
    for name in robosim.trajectory.PRESETS:
        assert name in out
    assert "eqs. 37-39" in out


def test_a_png_of_the_path_is_written(capsys, tmp_path):
    png = tmp_path / "path.png"
    status, out, err = run_cli(capsys, "trajectory", "lynx6", "--preset", "epicycloid",
                           "--points", "20", "--png", str(png))
    assert status == 0 and png.read_bytes().startswith(b"\x89PNG")


def test_profile_hits_its_goal_and_writes_a_csv(capsys, tmp_path):
    csv = tmp_path / "profile.csv"
    status, out, err = run_cli(capsys, "profile", "lynx6", "--to", "10", "20", "30", "40", "50",
                           "--via", "5", "5", "5", "5", "5", "--kind", "cubic", "--dt", "0.5",
                           "--csv", str(csv))
    assert status == 0
    saved = read_trajectory_csv(csv)
    np.testing.assert_allclose(np.degrees(saved.q[-1]), [10, 20, 30, 40, 50], atol=1e-6)
    np.testing.assert_allclose(saved.q[0], 0.0)
    status, out, err = run_cli(capsys, "profile", "lynx6", "--to", "10", "20", "30", "40", "100")
    assert status == 2 and "--to: joint 5 (wrist rotate) = 100 deg is outside" in err


def test_profile_timed_by_speed_limits_passes_every_via_and_flags_a_collision(capsys):
    status = main(["profile", "lynx6", "--to", "30", "-20", "-10", "-40", "0", "--via", "10",
                   "10", "0", "20", "0", "--max-speed", "60", "--max-accel", "120", "--dt",
                   "0.05", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    t, q = np.array(data["t"]), np.array(data["q_user"])
    for time, pose in zip(data["knot_times"], ([0, 0, 0, 0, 0], [10, 10, 0, 20, 0],
                                               [30, -20, -10, -40, 0]), strict=True):
        np.testing.assert_allclose(q[np.argmin(np.abs(t - time))], pose, atol=1e-9)
    assert max(data["max_joint_speed"]) <= 60 + 1e-6
    # the wrist turned down 40 deg with the shoulder leaning 20 deg: gripper in the table
    assert data["first_collision"]["pairs"] == "link 4 (wrist) hits table"


def test_profile_with_end_velocities(capsys):
    status = main(["profile", "lynx6", "--to", "30", "0", "0", "0", "0", "--qd-goal", "10", "0",
                   "0", "0", "0", "--dt", "0.5", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0 and data["first_collision"] is None
    np.testing.assert_allclose(data["qd_user"][-1], [10, 0, 0, 0, 0], atol=1e-9)
    np.testing.assert_allclose(data["qd_user"][0], [0, 0, 0, 0, 0], atol=1e-12)


def test_profile_through_a_taught_file(capsys, tmp_path):
    path = tmp_path / "taught.json"
    path.write_text(json.dumps({"format": "robosim-taught/1", "robot": "Lynx6", "poses": [
        {"q": [0, 0, 0, 0, 0]}, {"q": [30, 20, -10, 40, 0], "dwell_s": 0.5, "speed": 0.5},
        {"q": [0, 0, 0, 0, 0]}]}))
    status = main(["profile", "lynx6", "--taught", str(path), "--max-speed", "60",
                   "--max-accel", "120", "--dt", "0.02", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0 and data["first_collision"] is None
    t, q = np.array(data["t"]), np.array(data["q_user"])
    arrive, leave = (np.argmin(np.abs(t - time)) for time in data["knot_times"][1:3])
    assert t[leave] - t[arrive] == pytest.approx(0.5)              # the dwell
    np.testing.assert_allclose(q[arrive:leave + 1], [[30, 20, -10, 40, 0]] * (leave - arrive + 1))
    status = main(["profile", "lynx6", "--taught", str(path), "--dt", "0.02"])
    assert status == 2 and "give --max-speed and --max-accel" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["linear", "cubic", "trapezoidal"])
def test_profile_through_a_taught_file_refuses_another_kind(capsys, tmp_path, kind):
    # issue 36, item 5: --kind was silently ignored, the file played as a quintic
    path = tmp_path / "taught.json"
    path.write_text(json.dumps({"format": "robosim-taught/1", "robot": "Lynx6", "poses": [
        {"q": [0, 0, 0, 0, 0]}, {"q": [30, 20, -10, 40, 0]}]}))
    taught = ["profile", "lynx6", "--taught", str(path), "--max-speed", "60", "--max-accel",
              "120"]
    assert main([*taught, "--kind", kind]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"leave out --kind {kind}" in err
    assert main([*taught, "--kind", "quintic", "--json"]) == 0      # what it plays
    assert json.loads(capsys.readouterr().out)["kind"] == "quintic"

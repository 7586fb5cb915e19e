"""``robosim torques`` and ``robosim fall``."""

import json

import numpy as np
import pytest

from robosim import load_robot
from robosim.trajectory.files import read_trajectory_csv, write_trajectory_csv
from test_cli import run_cli

G = 9.81


def lynx6_still(tmp_path, seconds=1.0):
    """The Lynx6 held at home (forearm and hand horizontal) for ``seconds``: a CSV path."""
    robot = load_robot("Lynx6")
    t = np.linspace(0.0, seconds, 11)
    return write_trajectory_csv(tmp_path / "still.csv", robot, t, np.zeros((11, 5)))


def test_torques_of_a_held_pose_are_what_gravity_needs(tmp_path, capsys):
    path = lynx6_still(tmp_path)
    status, out, _ = run_cli(capsys, "torques", "Lynx6", "--csv", str(path), "--json")
    empty = json.loads(out)
    status, out, _ = run_cli(capsys, "torques", "Lynx6", "--csv", str(path), "--json",
                             "--payload", "0.1")
    loaded = json.loads(out)
    assert status == 0 and loaded["within_limits"] and loaded["exceedances"] == []
    # 0.1 kg more at the fingertips, 275 mm out from the shoulder and elbow axes (the upper arm
    # is upright at home, the rest horizontal), 155 mm from the wrist's
    extra = [loaded["joints"][i]["peak"] - empty["joints"][i]["peak"] for i in range(5)]
    assert np.allclose(np.abs(extra), [0.0, 0.1 * G * 0.275, 0.1 * G * 0.275, 0.1 * G * 0.155,
                                       0.0], atol=1e-9)
    assert [j["limit"] for j in loaded["joints"]] == [0.59, 2.42, 1.29, 0.94, 0.47]
    assert loaded["joints"][0]["unit"] == "N m" and loaded["rows"] == 11


def test_torques_above_a_servo_rating_exit_1_naming_joint_and_slowdown(tmp_path, capsys):
    robot = load_robot("Lynx6")
    t = np.linspace(0.0, 1.0, 201)
    q = np.zeros((201, 5))
    q[:, 2] = 0.05 * np.sin(20.0 * t)
    path = write_trajectory_csv(tmp_path / "shake.csv", robot, t, q)
    png = tmp_path / "torques.png"
    status, out, _ = run_cli(capsys, "torques", "Lynx6", "--csv", str(path), "--payload",
                             "0.25", "--png", str(png))
    assert status == 1
    assert "joint 3 (elbow) first needs" in out and "times slower" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    status, out, _ = run_cli(capsys, "torques", "Lynx6", "--csv", str(path), "--payload", "1")
    assert status == 1 and "no speed helps" in out


def test_torques_without_dynamics_or_of_another_arm_is_one_line(tmp_path, capsys):
    path = lynx6_still(tmp_path)
    status, _, err = run_cli(capsys, "torques", "Lodes Puma 560", "--csv", str(path))
    assert status == 2 and err.count("\n") == 1 and "has no dynamics" in err
    status, _, err = run_cli(capsys, "torques", "Puma 560", "--csv", str(path))
    assert status == 2 and err.count("\n") == 1 and "has joints RRRRR" in err


def test_fall_conserves_energy_until_a_joint_stops_at_a_limit(tmp_path, capsys):
    csv = tmp_path / "fall.csv"
    status, out, _ = run_cli(capsys, "fall", "Puma 560", "--from", "0", "30", "-60", "0", "45",
                             "0", "--deg", "--duration", "0.8", "--dt", "0.002", "--json",
                             "--collisions", "ignore", "--csv", str(csv))
    result = json.loads(out)
    assert status == 0 and result["steps"] == 400
    assert result["drift_before_stops_j"] < 1e-6 * result["energy_start_j"]
    hits = {(h["name"], h["side"]) for h in result["limit_hits"]}
    assert ("shoulder", "lower") in hits          # it falls forward onto the -110 deg stop
    assert result["energy_end_j"] < result["energy_start_j"]
    motion = read_trajectory_csv(csv)
    assert motion.q.shape == (401, 6) and np.degrees(motion.q[0, 1]) == pytest.approx(30.0)


def test_fall_refuses_a_start_outside_the_limits(capsys):
    status, _, err = run_cli(capsys, "fall", "Puma 560", "--from", "0", "150", "0", "0", "0",
                             "0", "--deg", "--duration", "1")
    assert status == 2 and err.count("\n") == 1 and "joint 2 (shoulder) = 150" in err


def test_fall_saves_the_animation_and_the_energy_plot(tmp_path, capsys):
    gif, png = tmp_path / "fall.gif", tmp_path / "energy.png"
    status, out, _ = run_cli(capsys, "fall", "Lynx6", "--from", "0", "30", "-30", "0", "0",
                             "--deg", "--duration", "0.2", "--dt", "0.01", "--gif", str(gif),
                             "--png", str(png))
    assert status == 0 and f"wrote animation: {gif}" in out
    assert gif.read_bytes()[:6] == b"GIF89a" and png.read_bytes()[:4] == b"\x89PNG"


def test_torques_count_the_wrench_the_tool_pushes_with(tmp_path, capsys):
    path = lynx6_still(tmp_path)
    wrench = [1.0, -2.0, 3.0, 0.1, -0.2, 0.3]
    status, out, _ = run_cli(capsys, "torques", "Lynx6", "--csv", str(path), "--json")
    empty = json.loads(out)
    status, out, _ = run_cli(capsys, "torques", "Lynx6", "--csv", str(path), "--json",
                             "--wrench", *map(str, wrench))
    pushing = json.loads(out)
    # held still, the push costs J_e^T w: the Jacobian's rows turned into the tool frame,
    # lengths in metres (the Lynx6's unit is mm)
    robot = load_robot("Lynx6")
    jacobian, turn = robot.jacobian(np.zeros(5)), robot.fk(np.zeros(5))[:3, :3].T
    tool_jacobian = np.vstack([turn @ jacobian[:3] / 1000, turn @ jacobian[3:]])
    extra = [pushing["joints"][i]["peak"] - empty["joints"][i]["peak"] for i in range(5)]
    assert extra == pytest.approx(tool_jacobian.T @ wrench, abs=1e-9)
    assert pushing["wrench"] == wrench
    # 10 N straight down at the fingertips, 275 mm out from the shoulder: more than its servo's
    # 2.42 N m however slowly the motion is played
    down = robot.fk(np.zeros(5))[:3, :3].T @ [0, 0, -10.0]
    status, out, _ = run_cli(capsys, "torques", "Lynx6", "--csv", str(path), "--wrench",
                             *map(str, down), "0", "0", "0")
    assert status == 1 and "no speed helps" in out and "tool wrench" in out


def test_a_wrench_of_five_numbers_is_a_usage_error(tmp_path, capsys):
    status, _, err = run_cli(capsys, "torques", "Lynx6", "--csv", str(lynx6_still(tmp_path)),
                             "--wrench", "1", "2", "3", "4", "5")
    assert status == 2 and "--wrench" in err


def test_fall_stops_at_the_table_and_says_which_link_hit_it_when(capsys):
    status, out, _ = run_cli(capsys, "fall", "Lynx6", "--from", "0", "0", "0", "0", "0",
                             "--deg", "--duration", "1", "--dt", "0.002", "--json")
    result = json.loads(out)
    assert status == 0 and result["collisions"] == "stop"
    (contact,) = result["contacts"]
    assert [pair[1] for pair in contact["pairs"]] == ["table"]
    assert result["limit_hits"] == []                  # the table came before any stop
    status, out, _ = run_cli(capsys, "fall", "Lynx6", "--from", "0", "0", "0", "0", "0",
                             "--deg", "--duration", "1", "--dt", "0.002")
    link = contact["pairs"][0][0]
    assert f"  {link} hits table at t = {contact['time_s']:.3g} s: the arm rests there" in out
    status, out, _ = run_cli(capsys, "fall", "Lynx6", "--from", "0", "0", "0", "0", "0",
                             "--deg", "--duration", "1", "--json", "--collisions", "ignore")
    assert json.loads(out)["contacts"] == [] and json.loads(out)["limit_hits"]


def test_fall_refuses_a_start_in_the_table(capsys):
    status, _, err = run_cli(capsys, "fall", "Lynx6", "--from", "0", "-90", "0", "0", "0",
                             "--deg", "--duration", "1")
    assert status == 2 and err.count("\n") == 1
    assert "--from collides already (link 3 (elbow) hits table" in err

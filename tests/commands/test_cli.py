"""The ``robosim`` command: each sub-command's output, exit status and error messages."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from cli_output import run_cli
from robosim import load_robot


def test_list_shows_every_robot(capsys):
    status, out, _ = run_cli(capsys, "list", "--json")
    rows = json.loads(out)
    assert status == 0
    assert {"Lynx6", "SCARA"} <= {r["name"] for r in rows}
    lynx = next(r for r in rows if r["name"] == "Lynx6")
    assert (lynx["dof"], lynx["joints"], lynx["unit"]) == (5, "RRRRR", "mm")


def test_show_prints_the_table_with_offsets(capsys):
    status, out, _ = run_cli(capsys, "show", "Lynx6")
    assert status == 0
    assert "q2+90" in out and "q3-90" in out and "mm" in out


def test_show_prints_base_tool_poses_and_notes(capsys):
    # The DH rows alone do not place the Panda's hand or the gantry's beam.
    status, out, _ = run_cli(capsys, "show", "Franka Panda")
    assert status == 0
    assert "tool: xyz (0, 0, 0.103) m, rpy (0, 0, -45) deg" in out
    status, out, _ = run_cli(capsys, "show", "gantry", "--json")
    data = json.loads(out)
    assert data["base"] == {"xyz": [0, 0, 100], "rpy": [0, 90, 0]}
    assert "tool" not in data
    status, out, _ = run_cli(capsys, "show", "Puma 560")
    assert "pose qr: 0 90 -90 0 0 0" in out and "notes: Home is Corke's qz" in out
    assert "dynamics: link masses 0 17.4 4.8 0.82 0.34 0.09 kg, gravity (0, 0, -9.81)" in out


def test_show_json_carries_the_dynamics_section_as_in_the_file(capsys):
    status, out, _ = run_cli(capsys, "show", "Stanford", "--json")
    links = json.loads(out)["dynamics"]["links"]
    assert links[2] == {"mass": 4.25, "com": [0, 0, -6.447],
                        "inertia": [2.51, 2.51, 0.006, 0, 0, 0], "motor_inertia": 0.782}
    status, out, _ = run_cli(capsys, "show", "Lodes Puma 560", "--json")
    assert "dynamics" not in json.loads(out)


def test_fk_and_jacobian_at_a_named_pose(capsys):
    # Corke's ready pose of the Puma 560 stands the arm up: (a3, -d3, d1 + a2 + d4).
    status, out, _ = run_cli(capsys, "fk", "Puma 560", "qr", "--json")
    assert status == 0
    assert np.allclose(json.loads(out)["position"], [0.0203, -0.15005, 0.67183 + 0.8636])
    status, out, _ = run_cli(capsys, "jacobian", "UR5", "home", "--json")
    assert status == 0 and json.loads(out)["q"] == [0.0] * 6


def test_degrees_flag_may_come_before_negative_joint_values(capsys):
    status, out, _ = run_cli(capsys, "fk", "lynx6", "--deg", "0", "-30", "45", "0", "0",
                             "--json")
    assert status == 0
    assert np.allclose(json.loads(out)["q"], np.radians([0, -30, 45, 0, 0]))


@pytest.mark.parametrize("argv, message", [
    (["fk", "Puma 560", "qq"], "no pose 'qq' (known: home, qz, qr, qs)"),
    (["jacobian", "UR5", "0", "x", "0", "0", "0", "0"], "joint value 2 must be a number, got 'x'"),
])
def test_named_pose_and_joint_value_errors_say_what_was_wrong(capsys, argv, message):
    status, _, err = run_cli(capsys, *argv)
    assert status == 2 and message in err and "Traceback" not in err


def test_fk_in_degrees_matches_the_library(capsys):
    status, out, _ = run_cli(capsys, "fk", "Lodes Puma 560", "10", "20", "30", "40", "50",
                             "60", "--deg", "--json")
    data = json.loads(out)
    robot = load_robot("Lodes Puma 560")
    expected = robot.fk(np.radians([10, 20, 30, 40, 50, 60]))
    assert status == 0
    assert np.allclose(data["matrix"], expected)
    assert np.allclose(data["position"], expected[:3, 3])


def test_fk_text_output_has_position_and_rpy(capsys):
    status, out, _ = run_cli(capsys, "fk", "lynx6", "0", "0", "0", "0", "0")
    assert status == 0
    assert "x=300.000000 y=0.000000 z=185.000000 mm" in out
    assert "roll=0.000000 pitch=0.000000 yaw=0.000000" in out


def test_jacobian_json(capsys):
    status, out, _ = run_cli(capsys, "jacobian", "SCARA", "0", "0", "1", "0", "--json")
    J = np.array(json.loads(out)["jacobian"])
    assert status == 0
    assert J.shape == (6, 4)
    assert np.allclose(J[:3, 2], [0, 0, -1])  # the quill moves straight down


@pytest.mark.parametrize("argv, message", [
    (["fk", "Lynx6", "0", "0"], "Lynx6 has 5 joints (RRRRR), got 2 value(s)"),
    (["fk", "nobot", "0"], "no robot called 'nobot'"),
    (["show", "/nonexistent/arm.json"], "no such file"),
])
def test_errors_are_one_line_and_exit_2(capsys, argv, message):
    status, out, err = run_cli(capsys, *argv)
    assert status == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_installed_command_finds_the_library_from_another_directory(tmp_path):
    # Runs the installed package (the checkout is not on sys.path from tmp_path).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run([sys.executable, "-m", "robosim", "list"], cwd=tmp_path,
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Lynx6" in result.stdout


def test_jacobian_prints_manipulability_and_condition_number(capsys):
    # Planar 3R (a = 40, 30, 20 cm) at q = (0, 90, 0) deg: the joints sit at (0, 0), (40, 0),
    # (40, 30) and the end at (40, 50); column i is z x (end - joint i), so rows vx, vy of J
    # are [[-50, -50, -20], [40, 0, 0]].
    status, out, _ = run_cli(capsys, "jacobian", "Planar 3R", "0", "90", "0", "--deg",
                             "--manipulability", "--json")
    assert status == 0
    data = json.loads(out)["manipulability"]
    J = np.array([[-50.0, -50.0, -20.0], [40.0, 0.0, 0.0]])
    s = np.linalg.svd(J, compute_uv=False)
    assert data["rows"] == ["vx", "vy"]
    assert data["value"] == pytest.approx(np.sqrt(np.linalg.det(J @ J.T)), rel=1e-9)
    assert data["condition"] == pytest.approx(s[0] / s[1], rel=1e-9)
    status, out, _ = run_cli(capsys, "jacobian", "Planar 3R", "0", "0", "0",
                             "--manipulability")
    assert "over rows vx vy: 0" in out and "(singular)" in out
    status, out, _ = run_cli(capsys, "jacobian", "Planar 3R", "0", "0", "0",
                             "--manipulability", "--json")
    assert json.loads(out)["manipulability"]["condition"] is None

"""Issue 36, item 11: what a command reports is plain and true: a workspace it cannot measure
is measured another way (and says so), a mesh left out of a picture is named, a title keeps one
line, a number prints short, a torque message names real bounds."""

import json

import numpy as np

from fault_cli import assert_usage_error, run_cli
from robosim import load_robot
from robosim.hardware.calibration import calibration_to_dict, load_calibration
from robosim.robot_files import robot_to_dict, save_stl


def twelve_joint_arm(folder):
    """12 revolute joints, each 20 mm along and 10 mm up its axis, turned 90 degrees."""
    joints = [{"type": "R", "theta": 0, "d": 10, "a": 20, "alpha": 90}] * 12
    path = folder / "twist12.json"
    path.write_text(json.dumps({"name": "Twist12", "unit": "mm", "joints": joints}))
    return path


def test_a_twelve_joint_workspace_is_sampled_at_random_and_says_why(tmp_path):
    # a grid gave "471 mm voxels, 1 occupied" on a 240 mm reach
    run = run_cli("workspace", twelve_joint_arm(tmp_path), "--dry-run")
    assert run.status == 0, run.err
    assert "2,000,000 random configurations (Monte Carlo: a grid over its 12 joints samples " \
           "too coarsely to measure a volume)" in run.out
    assert "Monte Carlo" not in run_cli("workspace", "lynx6", "--dry-run").out


def test_a_mesh_modelled_far_from_its_files_origin_is_named_not_left_out(tmp_path):
    # the part's vertices lie 1e6 mm from its STL file's origin: it was drawn off the picture
    corners = np.array([[0, 0, 0], [0, 10, 0], [10, 0, 0], [0, 0, 10]], float)
    save_stl(tmp_path / "far.stl", corners[[[0, 1, 2], [0, 2, 3], [0, 3, 1], [1, 3, 2]]] + 1e6)
    data = robot_to_dict(load_robot("Planar 3R"))
    data["meshes"] = {"links": [{"file": "far.stl"}, None, None]}
    path = tmp_path / "far.json"
    path.write_text(json.dumps(data))
    run = run_cli("show", path, "--png", tmp_path / "far.png", "--style", "mesh")
    assert run.status == 0, run.err
    assert "link 1's mesh is placed" in run.err and "from the STL file's origin" in run.err
    assert "drawn with links instead" in run.err


def test_a_robot_name_with_a_newline_keeps_the_dh_sheet_title_one_line(tmp_path):
    data = robot_to_dict(load_robot("Planar 3R"))
    data["name"] = "Planar\n3R"
    path = tmp_path / "named.json"
    path.write_text(json.dumps(data))
    run = run_cli("dh-sheet", path, "--md", tmp_path / "sheet.md")
    assert run.status == 0, run.err
    assert run.out.count("\n") == 1 and run.out.startswith("DH worksheet of Planar 3R at")
    title = (tmp_path / "sheet.md").read_text(encoding="utf-8").splitlines()[0]
    assert title == "# Planar 3R: forward kinematics by the DH convention"


def test_fall_with_a_tiny_step_says_how_many_steps_in_a_short_line():
    run = run_cli("fall", "Puma 560", "--from", *["0"] * 6, "--duration", "1", "--dt", "1e-300")
    assert run.status == 2 and len(run.err_lines) == 1
    assert "is 1e+300 steps, more than 1,000,000" in run.err and len(run.err) < 160


def test_a_calibration_torque_above_its_bound_names_only_that_bound(tmp_path):
    data = calibration_to_dict(load_calibration())
    data["joints"][1]["rated_torque_nm"] = 60
    path = tmp_path / "arm.calibration.json"
    path.write_text(json.dumps(data))
    assert_usage_error(run_cli("arm", "--dry-run", "--calibration", path, "home"),
                       "joint 2: field 'rated_torque_nm' must be at most 50, got 60")

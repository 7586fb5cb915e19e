"""``robosim plan ROBOT --from ... --to ... | --pose ...``: degrees in, the path out, status 1
when there is none, 2 for a usage error; the CSV is the timed motion, read back."""

import json
import math
from pathlib import Path

import numpy as np

import robosim
from cli_output import run_cli
from robosim.collision import Checker, load_scene
from robosim.trajectory import read_trajectory_csv

TWO_BOXES = Path(__file__).resolve().parents[2] / "examples" / "scenes" / "lynx6_two_boxes.json"
# The hand 70 mm above the table, joint 1 at +60 and -60 degrees: box 2 is in the way.
LEFT, RIGHT = ["60", "-13", "29", "-86", "0"], ["-60", "-13", "29", "-86", "0"]


def test_a_path_around_the_boxes_in_degrees(capsys):
    status, out, _ = run_cli(capsys, "plan", "lynx6", "--from", *LEFT, "--to", *RIGHT,
                             "--scene", TWO_BOXES)
    lines = out.splitlines()
    assert status == 0
    assert lines[0].startswith("Lynx6: path found in ")
    assert lines[2] == "pose  q1_deg  q2_deg  q3_deg  q4_deg  q5_deg"
    rows = [line.split() for line in lines[3:] if line.split()[0].isdigit()]
    assert rows[0][1:] == ["60.0000", "-13.0000", "29.0000", "-86.0000", "0.0000"]
    assert rows[-1][1:] == ["-60.0000", "-13.0000", "29.0000", "-86.0000", "0.0000"]
    assert len(rows) > 2                       # not the straight line: it hits box 2
    assert lines[-1].startswith("motion: ") and lines[-1].endswith("stopping at each pose")


def test_json_and_csv_give_the_same_collision_free_motion(capsys, tmp_path):
    out_csv = tmp_path / "around.csv"
    status, out, _ = run_cli(capsys, "plan", "lynx6", "--from", *LEFT, "--to", *RIGHT,
                             "--scene", TWO_BOXES, "--csv", out_csv, "--json", "--seed", 4)
    data = json.loads(out)
    assert status == 0 and data["success"] and data["csv"] == str(out_csv)
    assert data["joint_units"] == ["deg"] * 5
    assert data["path_user"][0] == [60.0, -13.0, 29.0, -86.0, 0.0]
    motion = read_trajectory_csv(out_csv)
    assert motion.t[-1] == data["duration_s"]
    assert np.allclose(np.degrees(motion.q[[0, -1]]), [data["path_user"][0],
                                                       data["path_user"][-1]])
    lynx = robosim.load_robot("lynx6")
    assert not Checker(lynx, load_scene(TWO_BOXES)).check(motion.q).collides.any()
    # 60 deg/s by default: no joint faster.
    assert max(data["max_joint_speed"]) <= 60.0 * (1 + 1e-9)


def test_a_pose_goal_names_the_ik_solution_reached(capsys):
    # The tool's position at -40, -13, 29, -86, 0 degrees (robosim fk), to 6 decimals: a
    # 5-joint arm reaches a typed orientation only where it fits its wrist, so --axes position.
    lynx = robosim.load_robot("lynx6")
    xyz = lynx.fk(np.radians([-40, -13, 29, -86, 0]))[:3, 3].round(6)
    status, out, _ = run_cli(capsys, "plan", "lynx6", "--from", *LEFT, "--pose", *xyz, 0, 70,
                             -40, "--axes", "position", "--scene", TWO_BOXES, "--json")
    data = json.loads(out)
    assert status == 0 and "to IK solution" in data["reason"]
    end = np.radians(data["path_user"][-1])
    assert np.allclose(lynx.fk(end)[:3, 3], xyz, atol=1e-3)
    assert data["path_user"][-1] == data["goals_user"][data["goal_index"]]


def test_a_start_in_the_table_exits_1_and_names_the_pair(capsys):
    status, out, _ = run_cli(capsys, "plan", "lynx6", "--from", 0, -30, 0, -60, 0, "--to",
                             *RIGHT)
    assert status == 1
    assert out.strip() == "Lynx6: the start collides: link 4 (wrist) hits table"


def test_no_path_in_the_time_exits_1_with_the_time_and_nodes(capsys, tmp_path):
    # At joint 1 = 0 the whole arm lies in the plane y = 0. Two walls in that plane, in front
    # of the base and behind it (35 mm and more from its axis), and a roof lower than the arm
    # stretched upward (460 mm) leave it no way to stand there: joint 1 cannot turn from +60
    # to -60 degrees (and its limits, +-90, keep it from going round).
    wall = tmp_path / "wall.json"
    wall.write_text(json.dumps({"format": "robosim-scene/1", "unit": "mm", "obstacles": [
        {"name": "wall", "shape": "box", "size": [600, 10, 1000], "xyz": [335, 0, 400]},
        {"name": "back wall", "shape": "box", "size": [600, 10, 1000], "xyz": [-335, 0, 400]},
        {"name": "roof", "shape": "box", "size": [1300, 1300, 10], "xyz": [0, 0, 460]}]}))
    status, out, _ = run_cli(capsys, "plan", "lynx6", "--from", *LEFT, "--to", *RIGHT,
                             "--scene", wall, "--time-limit", 0.3)
    assert status == 1
    assert out.startswith("Lynx6: no path found in 0.") and out.strip().endswith(" nodes)")


def test_usage_errors_exit_2_in_one_line(capsys):
    status, _, err = run_cli(capsys, "plan", "lynx6", "--to", 100, 0, 0, 0, 0)
    assert status == 2 and err.strip() == ("robosim: error: goal: joint 1 (base) = 100 deg is "
                                           "outside its limits [-90, 90]")
    status, _, err = run_cli(capsys, "plan", "lynx6", "--from", *LEFT)
    assert status == 2 and "one of the arguments --to --pose is required" in err
    status, _, err = run_cli(capsys, "plan", "lynx6", "--to", *RIGHT, "--time-limit", 0)
    assert status == 2 and "the time limit must be more than 0" in err
    status, _, err = run_cli(capsys, "plan", "lynx6", "--to", 1, 2, 3)
    assert status == 2 and "Lynx6 has 5 joints" in err


def test_radians(capsys):
    status, out, _ = run_cli(capsys, "plan", "lynx6", "--to", math.pi / 4, 0, 0, 0, 0, "--rad",
                             "--json")
    data = json.loads(out)
    assert status == 0 and data["path_user"] == [[0.0] * 5, [45.0, 0.0, 0.0, 0.0, 0.0]]

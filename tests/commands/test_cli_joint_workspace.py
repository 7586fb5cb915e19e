"""``robosim joint-workspace`` on arms without the Lynx6 closed form (numeric IK)."""

import json

import numpy as np
import pytest

from robosim import load_robot
from robosim.kinematics import rpy2r
from test_cli import run_cli


def test_planar_3r_sweep_reach_ends_at_the_sum_of_the_links(capsys):
    robot = load_robot("planar 3r")
    reach = sum(joint.a for joint in robot.joints)
    status, out, err = run_cli(capsys, "joint-workspace", "planar 3r", "--sweep", "x", "0",
                               str(1.55 * reach), "16", "--at", "0", "0", "0", "--json")
    assert status == 0, err
    data = json.loads(out)
    x = np.array(data["positions_xyz"])[:, 0]
    assert [s == "out of reach" for s in data["status"]] == list(x > reach)
    assert data["method"] == "numeric" and data["held_orientation_rpy_deg"] is None
    q = np.radians(data["q_deg"])
    inside = x <= reach
    assert inside.sum() == 10                  # 0 .. 0.93 of the reach; 1.03 is beyond
    np.testing.assert_allclose(robot.fk(q[inside])[:, :3, 3],
                               np.array(data["positions_xyz"])[inside], atol=1e-6)


def test_puma_sweep_text_says_which_orientation_is_held(capsys):
    status, out, err = run_cli(capsys, "joint-workspace", "puma_560", "--sweep", "z", "0.6",
                               "1.2", "4", "--start", "qs")
    assert status == 0, err
    assert "orientation held at roll, pitch, yaw" in out and "the qs pose's" in out
    assert "4 positions (q1 q2 q3 q4 q5 q6 in degrees)" in out


def test_puma_box_csv_holds_the_given_rpy(capsys, tmp_path):
    robot = load_robot("puma_560")
    path = tmp_path / "box.csv"
    status, _, err = run_cli(capsys, "joint-workspace", "puma_560", "--box", "0.3", "-0.3",
                             "0.2", "0.6", "0.3", "0.8", "--steps", "3", "3", "3", "--rpy",
                             "0", "90", "0", "--csv", str(path))
    assert status == 0, err
    lines = path.read_text().splitlines()
    assert lines[0].startswith("x,y,z,q1_deg") and len(lines) == 28
    reachable = [line.split(",") for line in lines[1:] if line.endswith(",reachable")]
    assert reachable
    q = np.radians([[float(v) for v in row[3:9]] for row in reachable])
    reached = robot.fk(q)
    np.testing.assert_allclose(reached[:, :3, 3], [[float(v) for v in r[:3]] for r in reachable],
                               atol=1e-5)
    held = rpy2r(np.radians([0.0, 90.0, 0.0]))
    np.testing.assert_allclose(reached[:, :3, :3], np.broadcast_to(held, (len(q), 3, 3)),
                               atol=1e-6)


def test_prismatic_columns_are_in_the_length_unit(capsys, tmp_path):
    path = tmp_path / "scara.csv"
    status, _, err = run_cli(capsys, "joint-workspace", "scara", "--box", "-40", "-40", "-60",
                             "40", "40", "-60", "--steps", "3", "3", "1", "--csv", str(path))
    assert status == 0, err
    assert path.read_text().splitlines()[0] == "x,y,z,q1_deg,q2_deg,q3_cm,q4_deg,status"


@pytest.mark.parametrize("argv, words", [
    (["puma_560", "--box", "-1", "-1", "-1", "1", "1", "1", "--steps", "30", "30", "30"],
     ["27,000 positions", "at most 20,000"]),
    (["scara", "--sweep", "x", "0", "1", "3", "--elbow", "down"], ["--elbow", "numerically"]),
    (["lynx6", "--sweep", "x", "0", "1", "3", "--position-only"], ["--position-only",
                                                                   "closed form"]),
    (["puma_560", "--sweep", "x", "0", "1", "3", "--start", "nowhere"], ["nowhere"]),
    (["scara", "--sweep", "x", "0", "1", "3", "--rpy", "0", "0", "0"], ["position only"]),
])
def test_bad_input_is_one_line(capsys, argv, words):
    status, _, err = run_cli(capsys, "joint-workspace", *argv)
    assert status == 2 and len(err.strip().splitlines()) == 1
    for word in words:
        assert word in err


def test_a_numeric_run_on_a_terminal_prints_its_progress(capsys, monkeypatch):
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    status, out, err = run_cli(capsys, "joint-workspace", "scara", "--box", "-60", "-60",
                               "-100", "60", "60", "0", "--steps", "15", "15", "10")
    assert status == 0, err
    assert "\r   40 %" in err and "\r  100 %" in err           # 2,250 positions: 3 chunks
    assert "2,250 positions" in out

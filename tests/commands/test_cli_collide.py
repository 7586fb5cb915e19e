"""``robosim collide ROBOT q... [--scene FILE]``: degrees in, the pairs out, status 1 on a hit."""

import json
from pathlib import Path

from cli_output import run_cli

DESK = Path(__file__).resolve().parents[2] / "examples" / "scenes" / "lynx6_desk.json"


def test_gripper_in_the_table_exits_1_and_names_the_pair(capsys):
    status, out, _ = run_cli(capsys, "collide", "lynx6", 0, -30, 0, -60, 0)
    assert status == 1
    assert out.splitlines()[0] == "collision: link 4 (wrist) hits table"


def test_clear_pose_names_the_nearest_pair_in_the_robot_unit(capsys):
    status, out, _ = run_cli(capsys, "collide", "lynx6", "home")
    assert status == 0
    assert out.startswith("no collision: nearest link 2 (shoulder) to table") and "mm apart" in out


def test_scene_file_and_radians(capsys):
    # Base turned -31 deg (typed in radians) towards the cup at (250, -150) mm, 291 mm out:
    # the gripper, sloping down 30 deg from the wrist at 189 mm out and 109 mm up, runs
    # through it.
    status, out, _ = run_cli(capsys, "collide", "lynx6", -0.5404, -0.5236, 0, 0, 0, "--rad",
                             "--scene", DESK, "--json")
    data = json.loads(out)
    assert status == 1 and data["collides"]
    hits = [(p["a"], p["b"]) for p in data["pairs"] if p["collides"]]
    assert hits == [("link 4 (wrist)", "cup")]


def test_scene_in_another_unit_is_a_usage_error(capsys, tmp_path):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps({"format": "robosim-scene/1", "unit": "m", "obstacles": []}))
    status, _, err = run_cli(capsys, "collide", "lynx6", "--scene", path)
    assert status == 2 and "the scene is in m and Lynx6 in mm" in err


def test_a_pose_outside_the_limits_is_refused_as_profile_refuses_it(capsys):
    # issue 36, item 7: 170 deg at the Lynx6's base (limits +-90) answered "no collision"
    for values in ([170, 0, 0, 0, 0], [1e6, 0, 0, 0, 0], ["--rad", 100, 0, 0, 0, 0]):
        status, out, err = run_cli(capsys, "collide", "lynx6", *values)
        assert status == 2 and out == "" and err.count("\n") == 1
        assert "q: joint 1 (base) = " in err and "is outside its limits [-90, 90]" in err
    _, _, profile_err = run_cli(capsys, "profile", "lynx6", "--to", 170, 0, 0, 0, 0)
    assert "joint 1 (base) = 170 deg is outside its limits [-90, 90]" in profile_err

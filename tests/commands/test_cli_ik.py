"""``robosim ik`` and ``robosim line`` from the shell: degrees in, JSON and CSV out."""

import json
import math

import numpy as np
import pytest

from gripper_angle import gripper_angle
from robosim import load_robot
from cli_output import run_cli
from robosim.trajectory.files import read_trajectory_csv
from robosim.kinematics import r2rpy, rotation_angle, xyzrpy2tr


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
        shoulder, elbow, wrist = solution["branch"].split(", ")   # named by their branch
        assert shoulder in ("left", "right") and elbow in ("elbow up", "elbow down")
        assert wrist == ("flip" if math.sin(solution["q"][4]) > 0 else "no flip")
    # Issue 18: a 2 pi turn of a joint is the same configuration, listed once (the Puma's
    # joints 4 and 6 turn +-266 degrees).
    qs = np.array([solution["q"] for solution in data["solutions"]])
    gaps = np.abs(np.remainder(qs[:, None] - qs[None] + np.pi, 2 * np.pi) - np.pi).max(axis=-1)
    assert np.all(gaps[~np.eye(len(qs), dtype=bool)] > 1e-6)


def test_ik_all_at_the_puma_home_labels_its_singular_wrist(capsys):
    # q5 = 0 at home: axes 4 and 6 aligned, no flip / no-flip distinction (robosim.ik.branches)
    robot = load_robot("Puma 560")
    pose = [*robot.fk(robot.home)[:3, 3], 0.0, 0.0, 0.0]
    status, out, _ = run_cli(capsys, "ik", "Puma 560", *pose, "--all", "--json")
    solutions = json.loads(out)["solutions"]
    assert status == 0
    np.testing.assert_allclose(solutions[0]["q"], robot.home, atol=1e-9)
    assert solutions[0]["branch"].endswith(", wrist singular")
    assert all("flip" in solution["branch"] for solution in solutions[1:])   # q5 = +-92.6 deg


@pytest.mark.parametrize("name", ["Puma 560", "KUKA KR5"])
def test_ik_all_json_lists_no_configuration_twice_modulo_2_pi(capsys, name):
    """Issue 15's proof: ``ik --all --json`` on the Puma 560 and the KR5, whose wrist joints
    turn more than a full turn (+-266 and +-350 deg), lists each arm configuration once: no two
    solutions agree in every joint modulo 2 pi. Ten random reachable targets (the FK of random
    poses inside the limits), each solution checked to reach its target."""
    robot = load_robot(name)
    rng = np.random.default_rng(15)
    for q_true in robot.random_q(10, rng=rng):
        T = robot.fk(q_true)
        pose = list(T[:3, 3]) + list(np.degrees(r2rpy(T[:3, :3])))
        status, out, _ = run_cli(capsys, "ik", name, *pose, "--all", "--json")
        qs = np.array([solution["q"] for solution in json.loads(out)["solutions"]])
        assert status == 0 and len(qs) >= 1
        np.testing.assert_allclose(robot.fk(qs)[:, :3, 3], np.broadcast_to(T[:3, 3], (len(qs), 3)),
                                   atol=1e-9 * robot.length_scale)
        turned = np.remainder(qs[:, None] - qs[None] + np.pi, 2 * np.pi) - np.pi
        gaps = np.abs(turned).max(axis=-1)
        assert np.all(gaps[~np.eye(len(qs), dtype=bool)] > 1e-6), pose


def test_all_turns_adds_the_whole_turn_variants_inside_the_limits(capsys):
    # The Puma 560's joints 4 and 6 turn +-266 deg, so a solution whose q4 or q6 is within
    # 266 - 360 = -94 deg of a limit has a second variant 360 deg away.
    robot = load_robot("Puma 560")
    q = np.array([0.3, 0.5, -0.2, 0.4, 0.6, -0.3])
    T = robot.fk(q)
    pose = list(T[:3, 3]) + list(np.degrees(r2rpy(T[:3, :3])))
    q0 = np.degrees(q)
    _, out, _ = run_cli(capsys, "ik", "Puma 560", *pose, "--all", "--json", "--q0", *q0)
    distinct = np.array([s["q"] for s in json.loads(out)["solutions"]])
    status, out, _ = run_cli(capsys, "ik", "Puma 560", *pose, "--all", "--all-turns", "--json",
                             "--q0", *q0)
    turns = np.array([s["q"] for s in json.loads(out)["solutions"]])
    assert status == 0 and len(turns) > len(distinct)
    assert np.all(robot.within_limits(turns))
    # each variant is one of the distinct solutions, turned by whole turns only
    gaps = np.remainder(turns[:, None] - distinct[None] + np.pi, 2 * np.pi) - np.pi
    assert np.all(np.abs(gaps).max(axis=-1).min(axis=1) < 1e-9)
    status, out, err = run_cli(capsys, "ik", "Puma 560", *pose, "--all-turns")
    assert status == 2 and "add --all" in err


def test_ik_unreachable_exits_1_with_a_message(capsys):
    status, out, _ = run_cli(capsys, "ik", "lynx6", 2000, 0, 100)
    assert status == 1 and "not reached: joint limit" in out      # q2 leans to -90 deg
    status, out, _ = run_cli(capsys, "ik", "Puma 560", 3, 0, 0, 0, 0, 0, "--json")
    assert status == 1 and json.loads(out)["reason"] == "not reached: out of reach"
    status, out, _ = run_cli(capsys, "ik", "Puma 560", 0.5, 0.1, 0.4, 0, 90, 0, "--json")
    assert status == 0 and json.loads(out)["reason"] == "converged"


def test_ik_says_which_joint_is_free_at_a_wrist_singularity(capsys):
    # q5 = 0 aligns the Puma's axes 4 and 6: only q4 + q6 is fixed, joint 4 keeps its home 0.
    robot = load_robot("Puma 560")
    T = robot.fk(np.radians([20, 30, -10, 25, 0, -15]))
    pose = list(T[:3, 3]) + list(np.degrees(r2rpy(T[:3, :3])))
    for listing in ([], ["--all"]):
        status, out, _ = run_cli(capsys, "ik", "Puma 560", *pose, *listing)
        assert status == 0 and "converged (singular: joint 4 free)" in out


def test_ik_wrong_number_of_values_is_a_usage_error(capsys):
    status, _, err = run_cli(capsys, "ik", "lynx6", 1, 2)
    assert status == 2 and "x y z" in err
    status, _, err = run_cli(capsys, "ik", "lynx6", 100, 0, 100, "--q0", 0, 0)
    assert status == 2 and "5 joints" in err


def test_ik_wrist_pitch_gives_the_closed_form_solutions_at_that_gripper_angle(capsys):
    robot = load_robot("Lynx6")
    status, out, _ = run_cli(capsys, "ik", "lynx6", 180, -60, 150, "--wrist-pitch", -20,
                             "--wrist-rotate", 15, "--all", "--json")
    data = json.loads(out)
    assert status == 0 and data["reached"] and data["solutions"]
    qs = [np.array(solution["q"]) for solution in data["solutions"]]
    for q in qs:
        np.testing.assert_allclose(robot.fk(q)[:3, 3], [180, -60, 150], atol=1e-9)
        assert math.degrees(gripper_angle(robot, q)) == pytest.approx(-20, abs=1e-9)
        assert math.degrees(q[4]) == pytest.approx(15)
        assert robot.within_limits(q)
    assert all(np.abs(a - b).max() > 1e-6 for i, a in enumerate(qs) for b in qs[i + 1:])
    status, out, _ = run_cli(capsys, "ik", "lynx6", 180, -60, 150, "--wrist-pitch", -20)
    assert status == 0 and "1 solution (" in out and "solved exactly, by formula" in out


def test_ik_wrist_pitch_out_of_reach_or_on_another_arm_says_so(capsys):
    status, out, _ = run_cli(capsys, "ik", "lynx6", 900, 0, 0, "--wrist-pitch", 0)
    assert status == 1 and "out of reach" in out
    status, _, err = run_cli(capsys, "ik", "Puma 560", 0.5, 0, 0.3, "--wrist-pitch", 0)
    assert status == 2 and "Lynx6" in err and "Puma 560" in err
    status, _, err = run_cli(capsys, "ik", "lynx6", 200, 0, 100, 0, 0, 0, "--wrist-pitch", 0)
    assert status == 2 and "x y z" in err


def test_ik_all_on_a_redundant_arm_says_the_list_is_a_sample(capsys):
    status, out, _ = run_cli(capsys, "ik", "lynx6", 200, 30, 120, "--all")
    assert status == 0 and "continuous family" in out and "--wrist-pitch" in out


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


def test_line_stopped_with_json_prints_only_json_with_the_reason_inside(capsys):
    robot = load_robot("Lynx6")
    argv = ("line", "lynx6", "--from", 0, 0, 0, 0, 0, "--to", 1000, 0, 100, "--steps", 5)
    status, out, _ = run_cli(capsys, *argv, "--json")
    data = json.loads(out)                          # the whole of stdout
    assert status == 1 and not data["complete"] and data["reason"]
    assert data["stopped"].startswith(f"stopped after via-point {len(data['q']) - 1} (the "
                                      f"line is clear for ")
    assert data["stopped"].endswith(data["reason"])
    start = robot.fk(robot.home)[:3, 3]
    assert data["length"] == pytest.approx(np.linalg.norm([1000, 0, 100] - start))
    assert 0 <= data["moved"] < data["length"]
    status, out, _ = run_cli(capsys, "line", "lynx6", "--from", 0, 10, -20, -30, 0,
                             "--by", 20, 10, -15, 0, 0, 0, "--steps", 3, "--json")
    data = json.loads(out)
    assert status == 0 and data["complete"] and data["stopped"] is None
    assert data["moved"] == pytest.approx(data["length"]) == pytest.approx(
        math.hypot(20, 10, 15))


def test_line_start_outside_limits_is_refused(capsys):
    status, _, err = run_cli(capsys, "line", "lynx6", "--from", 120, 0, 0, 0, 0,
                             "--by", 1, 0, 0, 0, 0, 0)
    assert status == 2 and "joint 1" in err and "limits" in err


def test_jog_z_on_the_lynx6_keeps_the_gripper_angle_and_wrist_rotate(capsys):
    robot = load_robot("Lynx6")
    start = np.radians([10, 20, -30, -20, 5])
    status, out, _ = run_cli(capsys, "jog", "lynx6", "z", 10, "--from", 10, 20, -30, -20, 5,
                             "--steps", 5, "--json")
    data = json.loads(out)
    assert status == 0 and data["complete"] and data["reason"] == ""
    q = np.array(data["q"])
    expected = robot.fk(start)[:3, 3] + np.linspace(0, 10, 5)[:, None] * [0, 0, 1]
    np.testing.assert_allclose(robot.fk(q)[:, :3, 3], expected, atol=1e-9)
    np.testing.assert_allclose(gripper_angle(robot, q), gripper_angle(robot, start), atol=1e-9)
    np.testing.assert_allclose(np.array(data["q_user"])[:, 4], 5.0, atol=1e-12)


def test_jog_turns_by_degrees_in_the_tool_frame(capsys):
    robot = load_robot("Lynx6")
    start = np.radians([10, 20, -30, -20, 5])
    status, out, _ = run_cli(capsys, "jog", "lynx6", "pitch", -5, "--from", 10, 20, -30, -20, 5,
                             "--frame", "tool", "--json")
    q = np.array(json.loads(out)["q"])
    assert status == 0
    assert math.degrees(gripper_angle(robot, q[-1]) - gripper_angle(robot, start)) == \
        pytest.approx(-5.0, abs=1e-7)
    np.testing.assert_allclose(robot.fk(q[-1])[:3, 3], robot.fk(start)[:3, 3], atol=1e-6)


def test_jog_the_arm_cannot_make_is_a_one_line_error(capsys):
    status, out, err = run_cli(capsys, "jog", "lynx6", "yaw", 5, "--from", 10, 20, -30, -20, 5)
    assert status == 2 and out == ""
    assert "cannot turn" in err and "pitch" in err and len(err.strip().splitlines()) == 1


def test_jog_stopped_exits_1_and_says_why(capsys):
    status, out, _ = run_cli(capsys, "jog", "lynx6", "x", 200, "--from", 0, 0, 0, 0, 0)
    assert status == 1 and "out of reach" in out and "in +X" in out


def test_line_holding_the_wrist_stays_on_the_line_at_the_gripper_angle(capsys):
    robot = load_robot("Lynx6")
    start = np.radians([10, 20, -30, -20, 5])
    status, out, _ = run_cli(capsys, "line", "lynx6", "--from", 10, 20, -30, -20, 5,
                             "--to", 220, 10, 140, "--hold-wrist", "--steps", 6, "--json")
    data = json.loads(out)
    assert status == 0 and data["complete"]
    q = np.array(data["q"])
    a = robot.fk(start)[:3, 3]
    expected = a + np.linspace(0, 1, 6)[:, None] * (np.array([220, 10, 140]) - a)
    np.testing.assert_allclose(robot.fk(q)[:, :3, 3], expected, atol=1e-9)
    np.testing.assert_allclose(gripper_angle(robot, q), gripper_angle(robot, start), atol=1e-9)
    np.testing.assert_allclose(q[:, 4], start[4], atol=1e-15)


def test_line_with_a_wrist_pitch_turns_the_gripper_evenly_to_it(capsys):
    robot = load_robot("Lynx6")
    start = np.radians([10, 20, -30, -20, 5])
    status, out, _ = run_cli(capsys, "line", "lynx6", "--from", 10, 20, -30, -20, 5,
                             "--to", 220, 10, 140, "--wrist-pitch", -45, "--steps", 4, "--json")
    data = json.loads(out)
    assert status == 0 and data["complete"]
    q = np.array(data["q"])
    a = robot.fk(start)[:3, 3]
    fractions = np.linspace(0, 1, 4)
    np.testing.assert_allclose(robot.fk(q)[:, :3, 3],
                               a + fractions[:, None] * (np.array([220, 10, 140]) - a), atol=1e-9)
    a0 = math.degrees(gripper_angle(robot, start))
    np.testing.assert_allclose(np.degrees(gripper_angle(robot, q)), a0 + fractions * (-45 - a0),
                               atol=1e-9)


def test_line_holding_the_wrist_refuses_a_turn_and_other_arms(capsys):
    status, _, err = run_cli(capsys, "line", "lynx6", "--from", 10, 20, -30, -20, 5,
                             "--by", 0, 0, 10, 0, 5, 0, "--hold-wrist")
    assert status == 2 and "--hold-wrist" in err and "dA dB dC = 0" in err
    status, _, err = run_cli(capsys, "line", "Puma 560", "--from", 0, 0, 0, 0, 0, 0,
                             "--by", 0, 0, 0.01, 0, 0, 0, "--hold-wrist")
    assert status == 2 and "Lynx6-shaped" in err


def test_jog_with_collisions_stops_above_the_table(capsys):
    # Fingertips 31.4 mm above the table (tests/test_collision.py), jogged 100 mm down.
    argv = ("jog", "lynx6", "z", -100, "--from", 0, -30, 0, 0, 0, "--json")
    status, out, _ = run_cli(capsys, *argv)
    assert status == 0 and json.loads(out)["complete"]       # no check: it goes through
    status, out, _ = run_cli(capsys, *argv, "--collisions")
    data = json.loads(out)                          # stdout is the JSON and nothing else
    assert status == 1 and not data["complete"]
    assert data["reason"].startswith("the arm would collide (link 4 (wrist) hits table")
    assert data["stopped"].startswith(f"stopped after via-point {len(data['q']) - 1} ")
    assert data["stopped"].endswith(data["reason"])
    assert data["length"] == pytest.approx(100.0) and 0 < data["moved"] < 100
    status, _, err = run_cli(capsys, *argv, "--scene", "scene.json")
    assert status == 2 and "--scene goes with --collisions" in err

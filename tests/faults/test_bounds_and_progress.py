"""Issue 25, items 9 and 10: long runs are bounded before they start and report progress;
messages carry short numbers; the smaller command-line faults."""

import json

import numpy as np
import pytest

from fault_cli import assert_usage_error, run_cli
from robosim import load_robot
from robosim.dynamics import Dynamics, LinkDynamics, simulate
from robosim.errors import ValidationError
from robosim.hardware.calibration import (CalibrationError, calibration_from_dict,
                                          calibration_to_dict, load_calibration)
from robosim.ik import solve_all
from robosim.ik.every_solution import MAX_TURN_VARIANTS
from robosim.robot_files import robot_to_dict
from robosim.kinematics import Joint, Robot, r2rpy


def test_all_turns_of_many_turn_limits_is_refused_before_listing(tmp_path):
    # +-3600 deg on every joint: 20 turns each, 20^6 variants per solution exhausted memory
    data = robot_to_dict(load_robot("Puma 560"))
    for row in data["joints"]:
        row["limits"] = [-3600, 3600]
    path = tmp_path / "turns.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    robot = load_robot(path)
    q = [0.3, 0.5, -0.2, 0.4, 0.6, -0.3]
    with pytest.raises(ValidationError, match=f"more than the {MAX_TURN_VARIANTS:,} listed"):
        solve_all(robot, robot.fk(q), q0=q, all_turns=True)
    pose = robot.fk(q)
    rpy = [str(v) for v in np.degrees(r2rpy(pose[:3, :3]))]
    assert_usage_error(run_cli("ik", path, "--all", "--all-turns",
                               *[str(v) for v in pose[:3, 3]], *rpy), "variants 2 pi apart")


def test_simulate_reports_progress_up_to_the_end():
    arm = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics([LinkDynamics(mass=1.0)]))
    seen = []
    simulate(arm, [0.0], duration=1.0, dt=1e-3, limits="ignore", progress=seen.append)
    assert 90 <= len(seen) <= 110 and seen == sorted(seen) and seen[-1] == 1.0


def test_dh_steps_gif_reports_progress_per_frame(tmp_path):
    from robosim.plotting.dh_steps import save_dh_steps_gif

    seen = []
    frames = save_dh_steps_gif(load_robot("planar 3r"), [0.1, 0.2, 0.3], tmp_path / "s.gif",
                               frames_per_step=1, progress=seen.append)
    assert len(seen) == frames and seen[-1] == 1.0


def test_a_tiny_speed_limit_is_refused_in_a_calibration_file():
    # max_speed_deg_s 1e-300 made a move "take" a number of seconds printed with 303 digits
    data = calibration_to_dict(load_calibration(None))
    data["joints"][0]["max_speed_deg_s"] = 1e-300
    with pytest.raises(CalibrationError, match=r"max_speed_deg_s' must be from 0.1 to 360, "
                                               r"got 1e-300"):
        calibration_from_dict(data)


def test_the_dynamics_link_count_error_is_one_short_line(tmp_path):
    data = robot_to_dict(load_robot("lynx6"))
    data["dynamics"]["links"] = data["dynamics"]["links"] * 2000
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    run = run_cli("show", path)
    assert_usage_error(run, "one entry per joint (5)")
    assert len(run.err) < 400                 # it echoed an 810,125-character line


# --------------------------------------------------------------------------- item 10
def test_dh_sheet_to_an_empty_name_is_one_line():
    assert_usage_error(run_cli("dh-sheet", "lynx6", "--md", ""), "--md", "empty")


def test_dh_sheet_to_a_name_ending_in_a_slash_is_refused(tmp_path):
    assert_usage_error(run_cli("dh-sheet", "lynx6", "--md", f"{tmp_path}/newdir/"),
                       "is a folder: give a file name")
    assert list(tmp_path.iterdir()) == []


def test_dh_steps_gif_empty_is_refused_not_ignored():
    assert_usage_error(run_cli("dh-steps", "lynx6", "--gif", ""), "--gif", "empty")


def test_manipulability_of_an_arm_with_zero_length_links_is_a_number(tmp_path):
    # every link of length 0: the end effector only turns (exit 3, IndexError, before)
    path = tmp_path / "zero.json"
    path.write_text(json.dumps({"name": "zero", "unit": "m", "joints": [
        {"type": "R", "theta": 0, "d": 0, "a": 0, "alpha": 0},
        {"type": "R", "theta": 0, "d": 0, "a": 0, "alpha": 90}]}), encoding="utf-8")
    run = run_cli("jacobian", path, "0", "0", "--manipulability")
    assert run.status == 0, run.err
    # both axes along z: J's turning row wz = [1, 1], sqrt(det(J J^T)) = sqrt(2)
    assert "over rows wz: 1.41421" in run.out


def test_a_calibration_made_for_another_robot_is_refused_by_the_driver():
    from robosim.hardware import DryRunPort, Lynx6, SSC32Link
    from robosim.hardware.calibration import Calibration

    stock = load_calibration(None)
    puma_file = calibration_from_dict({**calibration_to_dict(stock), "robot": "Puma 560"})
    assert isinstance(puma_file, Calibration)
    with pytest.raises(CalibrationError, match="the calibration is for 'Puma 560', not Lynx6"):
        Lynx6(SSC32Link(DryRunPort(), port="dry-run"), calibration=puma_file)


def test_trajectory_times_beyond_a_billion_seconds_are_refused(tmp_path):
    from robosim.trajectory.files import TrajectoryFileError, parse_trajectory_csv

    text = "t_s,q1_deg\n0,0\n1e300,1\n"
    with pytest.raises(TrajectoryFileError, match=r"within \+-1e\+09 s, got 1e\+300 s"):
        parse_trajectory_csv(text)

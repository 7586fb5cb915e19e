"""Trajectory CSV files: round trips, the header's units and pose columns, bad files refused."""

import numpy as np
import pytest

from robosim import load_robot
from robosim.trajectory.files import (TrajectoryFileError, parse_trajectory_csv,
                                     read_trajectory_csv, write_trajectory_csv)


def test_round_trip_keeps_times_and_joint_values(tmp_path):
    robot = load_robot("Example R")                       # revolute and prismatic joints, cm
    q = robot.random_q(50, np.random.default_rng(0))
    t = np.linspace(0, 4.9, 50)
    path = write_trajectory_csv(tmp_path / "path.csv", robot, t, q)
    back = read_trajectory_csv(path)
    assert back.robot_name == "Example R" and back.joint_types == "RPPR" and back.unit == "cm"
    assert np.allclose(back.t, t, atol=1e-9)
    assert np.allclose(back.q, q, rtol=1e-8, atol=1e-9)
    back.check_robot(robot)


def test_header_names_units_and_pose_columns_match_fk(tmp_path):
    robot = load_robot("Lynx6")
    q = np.radians([[0, 10, 20, 30, 40]])
    text = (tmp_path / "p.csv")
    write_trajectory_csv(text, robot, [0.0], q)
    lines = text.read_text().splitlines()
    assert lines[1] == "# robot: Lynx6"
    assert lines[3] == ("t_s,q1_deg,q2_deg,q3_deg,q4_deg,q5_deg,x_mm,y_mm,z_mm,"
                        "roll_deg,pitch_deg,yaw_deg")
    values = np.array(lines[4].split(","), dtype=float)
    assert np.allclose(values[1:6], [0, 10, 20, 30, 40])
    assert np.allclose(values[6:9], robot.fk(q[0])[:3, 3], atol=1e-6)


def test_a_trajectory_for_another_arm_is_refused():
    traj = parse_trajectory_csv("t_s,q1_deg,q2_mm\n0,1,2\n")
    with pytest.raises(TrajectoryFileError, match="joints RP, but Lynx6 has RRRRR"):
        traj.check_robot(load_robot("Lynx6"))


@pytest.mark.parametrize("text, message", [
    ("", "no header"),
    ("time,q1_deg\n0,1\n", "first column must be 't_s'"),
    ("t_s,x_mm\n0,1\n", "no joint columns"),
    ("t_s,q2_deg\n0,1\n", "out of order"),
    ("t_s,q1_deg\n0,abc\n", "line 2: column 'q1_deg' must be a number, got 'abc'"),
    ("t_s,q1_deg\n0,nan\n", "must be a finite number"),
    # Python's float() reads these as 10 and 1 (issue 36, item 2)
    ("t_s,q1_deg\n0,1_0\n", "line 2: column 'q1_deg' must be a number in ASCII decimal"),
    ("t_s,q1_deg\n0,\uff11\n", "line 2: column 'q1_deg' must be a number in ASCII decimal"),
    ("t_s,q1_deg\n0,1\n0,2\n", "times must increase: row 2"),
    ("t_s,q1_deg\n", "no rows"),
    ("t_s,q1_deg,q2_mm,q3_cm\n0,1,2,3\n", "do not match the length unit"),
])
def test_bad_files_are_refused_with_the_place(text, message):
    with pytest.raises(TrajectoryFileError, match=message.replace("(", r"\(")):
        parse_trajectory_csv(text)

"""``robosim urdf`` and ``robosim export-urdf`` (issue 28), run in-process through cli.main."""

import json

import numpy as np

import robosim
from robosim.cli import main
from data_files import URDF_DIR

UR5 = URDF_DIR / "ur_description/urdf/ur5_robot.urdf"
PANDA = URDF_DIR / "panda_description/urdf/panda.urdf"


def test_urdf_prints_the_table_with_base_tool_and_the_mesh_note(capsys):
    assert main(["urdf", str(UR5)]) == 0
    out = capsys.readouterr().out
    assert "shoulder_pan_joint" in out and "0.089159" in out and "0.39225" in out
    assert "tool: xyz (0, 0, 0) m, rpy (0, -90, -90) deg" in out
    assert "notes: Meshes not drawn: 7 .dae" in out


def test_urdf_save_keeps_the_robot_as_a_robot_file(tmp_path, capsys):
    saved = tmp_path / "panda.json"
    assert main(["urdf", str(PANDA), "--convention", "modified", "--tip", "panda_link8",
                 "--save", str(saved), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["saved"] == str(saved) and shown["convention"] == "modified"
    assert np.allclose(shown["tool"]["xyz"], [0, 0, 0.107], atol=1e-12)   # Franka's flange
    robot, again = robosim.load_robot(saved), robosim.robot_files.load_urdf(PANDA, "panda_link8",
                                                                      "modified")
    q = robot.random_q(10, rng=2)
    assert np.allclose(robot.fk(q), again.fk(q), atol=1e-12)
    assert robot.meshes is not None and robot.dynamics is not None


def test_export_urdf_writes_a_file_that_reads_back(tmp_path, capsys):
    out = tmp_path / "scara.urdf"
    assert main(["export-urdf", "SCARA", str(out)]) == 0
    assert "written to" in capsys.readouterr().out
    scara = robosim.load_robot("SCARA")
    back = robosim.load_robot(out)
    assert back.joint_types == scara.joint_types


def test_wrong_names_are_refused_in_one_line(tmp_path, capsys):
    assert main(["urdf", str(UR5), "--tip", "no_such_link"]) == 2
    assert main(["urdf", str(UR5), "--save", str(tmp_path / "ur5.txt")]) == 2
    assert main(["export-urdf", "SCARA", str(tmp_path / "scara.json")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3
    assert "no link called 'no_such_link'" in err[0] and "ends in .json" in err[1]
    assert "ends in .urdf" in err[2]

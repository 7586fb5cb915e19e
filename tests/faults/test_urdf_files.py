"""Issue 36, items 1-4 and 12: a URDF never loads as a different arm, every bad one is refused in
one line, and what ``export-urdf`` writes, ``robosim urdf`` reads back."""

import dataclasses
import json

import pytest

from fault_cli import assert_usage_error, run_cli
from robosim import load_robot
from robosim.errors import RobotFileError
from robosim.robot_files import export_urdf, robot_to_dict, save_stl

ARM = """<robot name="arm"><link name="a"/><link name="b"/><link name="c"/>
<joint name="j1" type="revolute"><parent link="a"/><child link="b"/>
<limit lower="-1" upper="1"/></joint>
<joint name="j2" type="revolute"><parent link="b"/><child link="c"/>
<origin xyz="0.3 0 0"/><limit lower="-1" upper="1"/></joint></robot>"""


def write(folder, text, name="arm.urdf"):
    path = folder / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


# ------------------------------------------------------------------------------ item 3
def test_an_unknown_xml_encoding_is_one_line_not_a_lookup_error(tmp_path):
    path = write(tmp_path, '<?xml version="1.0" encoding="x-bogus-42"?>' + ARM)
    assert_usage_error(run_cli("urdf", path), str(path), "x-bogus-42", "UTF-8")


# ------------------------------------------------------------------------------ item 1
def arm_with_elbow(inside):
    """Three revolute joints in a row, ``inside`` in the second (the issue's UR5 elbow)."""
    joints = "".join(
        f'<joint name="j{i}" type="revolute"><parent link="l{i - 1}"/><child link="l{i}"/>'
        f'<origin xyz="0.3 0 0"/><limit lower="-1" upper="1"/>{inside if i == 2 else ""}'
        f'</joint>' for i in (1, 2, 3))
    links = "".join(f'<link name="l{i}"/>' for i in range(4))
    return f'<robot name="arm3">{links}{joints}</robot>'


def test_a_mimic_of_no_joint_is_refused_not_a_shorter_arm(tmp_path):
    path = write(tmp_path, arm_with_elbow('<mimic joint="does_not_exist"/>'))
    assert_usage_error(run_cli("urdf", path), str(path), "joint 'j2'", "does_not_exist")


def test_a_mimic_loop_and_a_nan_multiplier_are_refused(tmp_path):
    loop = arm_with_elbow('<mimic joint="j2"/>')
    nan = arm_with_elbow('<mimic joint="j1" multiplier="nan"/>')
    assert_usage_error(run_cli("urdf", write(tmp_path, loop)), "joint 'j2'", "loop")
    assert_usage_error(run_cli("urdf", write(tmp_path, nan)), "joint 'j2'", "multiplier")


def test_a_valid_mimic_keeps_the_arm_joints_after_it(tmp_path):
    run = run_cli("urdf", write(tmp_path, arm_with_elbow('<mimic joint="j1"/>')), "--json")
    assert run.status == 0, run.err
    assert [row["name"] for row in json.loads(run.out)["table"]] == ["j1", "j2", "j3"]


# ------------------------------------------------------------------------------ item 4
def robot_file_named(folder, name):
    data = robot_to_dict(load_robot("lynx6"))
    data["name"] = name
    path = folder / "named.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_export_urdf_refuses_a_control_character_before_writing(tmp_path):
    out = tmp_path / "out.urdf"
    assert_usage_error(run_cli("export-urdf", robot_file_named(tmp_path, "Lynx\x016"), out),
                       "U+0001")
    assert not out.exists()


def test_export_urdf_refuses_a_lone_surrogate_in_one_line(tmp_path):
    robot = dataclasses.replace(load_robot("lynx6"), name="Lynx\ud8006")
    with pytest.raises(RobotFileError, match="U\\+D800"):
        export_urdf(robot, tmp_path / "out.urdf")


def test_what_export_urdf_writes_robosim_urdf_reads_back(tmp_path):
    out = tmp_path / "out.urdf"
    source = robot_file_named(tmp_path, "Lynx\n<6> & co")
    assert run_cli("export-urdf", source, out).status == 0
    run = run_cli("urdf", out, "--json")
    assert run.status == 0, run.err
    assert json.loads(run.out)["name"] == "Lynx\n<6> & co"


# ------------------------------------------------------------------------------ item 12
def urdf_drawn_by(tmp_path, filename):
    """``tmp_path/pkg/urdf/arm.urdf``, its link b drawn by ``filename``, and an STL file
    outside the package, ``tmp_path/outside.stl`` (``{outside}`` in ``filename``)."""
    outside = tmp_path / "outside.stl"
    save_stl(outside, [[[0, 0, 0], [0, 1, 0], [1, 0, 0]], [[0, 0, 0], [1, 0, 0], [0, 0, 1]],
                       [[0, 0, 0], [0, 0, 1], [0, 1, 0]], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]])
    (tmp_path / "pkg" / "urdf").mkdir(parents=True)
    visual = (f'<visual><geometry><mesh filename="{filename.format(outside=outside)}"/>'
              f'</geometry></visual>')
    return write(tmp_path / "pkg" / "urdf", ARM.replace('<link name="b"/>',
                                                        f'<link name="b">{visual}</link>'))


@pytest.mark.parametrize("filename", ["file://{outside}", "package://pkg/../../outside.stl"])
def test_a_mesh_path_outside_the_urdfs_folders_is_refused_in_one_line(tmp_path, filename):
    assert_usage_error(run_cli("urdf", urdf_drawn_by(tmp_path, filename)), "link 'b'",
                       "outside.stl", "outside the URDF's", "--package-dir")


def test_a_mesh_in_a_folder_the_user_names_is_read(tmp_path):
    path = urdf_drawn_by(tmp_path, "file://{outside}")
    assert run_cli("urdf", path, "--package-dir", tmp_path).status == 0

"""URDF files as a hostile or careless author writes them (issue 36): each is read as the arm it
describes or refused in one line naming the file, the element and the value.

The files are small URDF texts written here: a few links are all each case needs.
"""

import dataclasses
import re

import numpy as np
import pytest

import robosim
from robosim.errors import RobotFileError
from robosim.robot_files import (MeshSpec, RobotMeshes, export_urdf, load_urdf, parse_urdf,
                                 save_stl)

ARM = """<robot name="arm"><link name="a"/><link name="b"/><link name="c"/>
<joint name="j1" type="revolute"><parent link="a"/><child link="b"/>
<limit lower="-1" upper="1"/></joint>
<joint name="j2" type="revolute"><parent link="b"/><child link="c"/>
<origin xyz="0.3 0 0"/><limit lower="-1" upper="1"/></joint></robot>"""


# --------------------------------------------------------------------------- encodings
@pytest.mark.parametrize("encoding, reason", [
    ("x-bogus-42", "unknown encoding: x-bogus-42"),          # Python has no such codec
    ("utf-32", "multi-byte encodings are not supported"),    # expat decodes no UTF-32 text
])
def test_an_encoding_that_cannot_be_read_is_one_line(encoding, reason):
    text = f'<?xml version="1.0" encoding="{encoding}"?>{ARM}'.encode("ascii")
    with pytest.raises(RobotFileError, match=f"arm.urdf: cannot read the text encoding .*"
                                             f"{reason}.*save it as UTF-8"):
        parse_urdf(text, "arm.urdf")


def test_a_declared_encoding_python_knows_is_read_with_it():
    # "é" is the one byte 0xE9 in Latin-1 (ISO 8859-1)
    text = f'<?xml version="1.0" encoding="ISO-8859-1"?>{ARM}'.replace('"arm"', '"bras é"')
    assert parse_urdf(text.encode("latin-1")).name == "bras é"


# --------------------------------------------------------------------------- mimic joints
def four_joint_arm(elbow_extra="", wrist_extra="", extra=""):
    """A UR-like arm of four revolute joints (pan, lift, elbow, wrist) and a tool link, with
    ``elbow_extra`` inside the elbow joint, ``wrist_extra`` inside the wrist's."""
    names = ["base", "shoulder", "upper", "fore", "wrist", "tool"]
    joints = [("pan", "0 0 1", "0 0 0.1", ""), ("lift", "0 1 0", "0 0.1 0", ""),
              ("elbow", "0 1 0", "0.4 0 0", elbow_extra), ("wrist", "0 1 0", "0.4 0 0",
                                                            wrist_extra)]
    text = "".join(f'<link name="{name}"/>' for name in names)
    for (name, axis, xyz, inside), parent, child in zip(joints, names[:4], names[1:5], strict=True):
        text += (f'<joint name="{name}" type="revolute"><parent link="{parent}"/>'
                 f'<child link="{child}"/><origin xyz="{xyz}"/><axis xyz="{axis}"/>'
                 f'<limit lower="-3" upper="3"/>{inside}</joint>')
    text += ('<joint name="flange" type="fixed"><parent link="wrist"/><child link="tool"/>'
             '<origin xyz="0.1 0 0"/></joint>')
    return f'<robot name="arm4">{text}{extra}</robot>'


def load_text(tmp_path, text, **options):
    path = tmp_path / "arm.urdf"
    path.write_text(text, encoding="utf-8")
    return load_urdf(path, **options)


@pytest.mark.parametrize("elbow_extra, wrist_extra, words", [
    ('<mimic joint="does_not_exist"/>', "",
     "joint 'elbow': its <mimic> follows joint 'does_not_exist', which is not a <joint>"),
    ("<mimic/>", "", "joint 'elbow': its <mimic> names no joint"),
    ('<mimic joint="flange"/>', "", "joint 'elbow': its <mimic> follows joint 'flange', which "
                                    "is fixed"),
    ('<mimic joint="elbow"/>', "", "joint 'elbow': its <mimic>s form a loop (elbow -> elbow)"),
    ('<mimic joint="wrist"/>', '<mimic joint="elbow"/>',
     "its <mimic>s form a loop (elbow -> wrist -> elbow)"),
    ('<mimic joint="lift" multiplier="nan"/>', "", "joint 'elbow': mimic multiplier"),
    ('<mimic joint="lift" offset="inf"/>', "", "joint 'elbow': mimic offset"),
    ('<mimic joint="lift" multiplier="1 2"/>', "", "joint 'elbow': mimic multiplier"),
], ids=["names-no-joint", "no-joint-attribute", "follows-fixed", "itself", "loop", "nan",
        "inf", "two-numbers"])
def test_a_mimic_that_cannot_be_followed_is_refused_naming_the_joint(tmp_path, elbow_extra,
                                                                      wrist_extra, words):
    with pytest.raises(RobotFileError, match="arm.urdf: .*" + re
                       .escape(words)):
        load_text(tmp_path, four_joint_arm(elbow_extra, wrist_extra))


def test_the_arm_the_mimic_cases_are_made_from_loads_with_its_four_joints(tmp_path):
    robot = load_text(tmp_path, four_joint_arm())
    assert [joint.name for joint in robot.joints] == ["pan", "lift", "elbow", "wrist"]
    assert robot.fk(np.zeros(4))[:3, 3] == pytest.approx([0.9, 0.1, 0.1])   # by hand: x 0.4+0.4+0.1
    assert "imic" not in robot.notes


def test_a_valid_mimic_in_the_middle_of_the_arm_keeps_the_joints_after_it(tmp_path):
    # The UR5: a mimic on the elbow made it a gripper joint and the arm 2 joints long.
    robot = load_text(tmp_path, four_joint_arm('<mimic joint="lift" multiplier="-1"/>'))
    assert [joint.name for joint in robot.joints] == ["pan", "lift", "elbow", "wrist"]
    assert "'elbow' follows 'lift' x -1 + 0" in robot.notes


def test_a_gripper_name_in_the_middle_of_the_arm_keeps_the_joints_after_it(tmp_path):
    text = four_joint_arm().replace('"elbow"', '"gripper_elbow"')
    assert load_text(tmp_path, text).n == 4


def test_mimic_fingers_at_the_end_are_still_the_gripper(tmp_path):
    fingers = ('<link name="f1"/><link name="f2"/>'
               '<joint name="jaw1" type="prismatic"><parent link="tool"/><child link="f1"/>'
               '<limit lower="0" upper="0.04"/></joint>'
               '<joint name="jaw2" type="prismatic"><parent link="tool"/><child link="f2"/>'
               '<limit lower="-0.04" upper="0"/><mimic joint="jaw1" multiplier="-1"/></joint>')
    robot = load_text(tmp_path, four_joint_arm(extra=fingers))
    # jaw1 is named like no gripper, but the chain through it has 5 movable joints: the tip
    # is its link. jaw2 (a mimic) is left out, its link hangs on as the gripper's.
    assert [joint.name for joint in robot.joints] == ["pan", "lift", "elbow", "wrist", "jaw1"]
    named = four_joint_arm(extra=fingers.replace("jaw", "finger"))
    assert load_text(tmp_path, named).n == 4


# --------------------------------------------------------------------------- numbers
@pytest.mark.parametrize("xyz, words", [
    ("1_0 0 0", "'1_0'"),                 # Python's float(): 10 m
    ("\u0661 0 0", "'\u0661'"),            # an Arabic-Indic one
    ("\uff11 0 0", "'\uff11'"),            # a full-width one
    ("0x1 0 0", "'0x1'"),
])
def test_a_number_that_is_not_ascii_decimal_notation_is_refused(xyz, words):
    text = ARM.replace('<origin xyz="0.3 0 0"/>', f'<origin xyz="{xyz}"/>')
    with pytest.raises(RobotFileError, match=f"arm.urdf: joint 'j2': origin xyz must be a "
                                             f"number.*{words}"):
        parse_urdf(text.encode("utf-8"), "arm.urdf")


def test_numbers_may_be_separated_by_any_xml_white_space():
    text = ARM.replace('<origin xyz="0.3 0 0"/>', '<origin xyz=" 0.3&#9;0&#10;0 "/>')
    assert parse_urdf(text.encode("utf-8")).joints[1].origin[:3, 3].tolist() == [0.3, 0, 0]


# --------------------------------------------------------------------------- mesh paths
TETRAHEDRON = [[[0, 0, 0], [0, 1, 0], [1, 0, 0]], [[0, 0, 0], [1, 0, 0], [0, 0, 1]],
               [[0, 0, 0], [0, 0, 1], [0, 1, 0]], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]]


def package_with_mesh(tmp_path, filename):
    """``tmp_path/pkg/urdf/arm.urdf`` whose link ``b`` is drawn by ``filename``, beside a
    package mesh ``pkg/meshes/part.stl`` and a file outside it, ``tmp_path/secret/part.stl``."""
    for folder in ("pkg/urdf", "pkg/meshes", "secret"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    save_stl(tmp_path / "pkg/meshes/part.stl", TETRAHEDRON)
    save_stl(tmp_path / "secret/part.stl", TETRAHEDRON)
    visual = f'<visual><geometry><mesh filename="{filename}"/></geometry></visual>'
    path = tmp_path / "pkg/urdf/arm.urdf"
    path.write_text(ARM.replace('<link name="b"/>', f'<link name="b">{visual}</link>'))
    return path


@pytest.mark.parametrize("filename", [
    "file://{tmp}/secret/part.stl",                  # an absolute file name
    "{tmp}/secret/part.stl",
    "package://pkg/../secret/part.stl",             # climbing out of the package
    "package://pkg/meshes/../../secret/part.stl",
    "../../secret/part.stl",                         # relative, out of the URDF's folder
])
def test_a_mesh_path_leading_outside_the_package_is_refused(tmp_path, filename):
    path = package_with_mesh(tmp_path, filename.format(tmp=tmp_path))
    with pytest.raises(RobotFileError, match=f"arm.urdf: link 'b': mesh .* leads to "
                                             f"'{tmp_path.resolve()}/secret/part.stl', outside"):
        load_urdf(path)


def test_a_symbolic_link_out_of_the_package_is_refused(tmp_path):
    path = package_with_mesh(tmp_path, "package://pkg/meshes/link.stl")
    (tmp_path / "pkg/meshes/link.stl").symlink_to(tmp_path / "secret/part.stl")
    with pytest.raises(RobotFileError, match="link 'b': mesh 'package://pkg/meshes/link.stl' "
                                             "leads to .*secret/part.stl"):
        load_urdf(path)


@pytest.mark.parametrize("filename", ["package://pkg/meshes/part.stl", "../meshes/part.stl"])
def test_a_mesh_in_the_package_is_read(tmp_path, filename):
    # "../meshes" leaves the URDF's own folder but not the package pkg, which
    # package:// names; a relative path has no package, so only a --package-dir opens it
    path = package_with_mesh(tmp_path, filename)
    package_dirs = [tmp_path / "pkg"] if filename.startswith("..") else []
    robot = load_urdf(path, package_dirs=package_dirs)
    assert robot.meshes.links[0].path == (tmp_path / "pkg/meshes/part.stl").resolve()


def test_a_folder_the_user_names_is_read_from(tmp_path):
    path = package_with_mesh(tmp_path, f"file://{tmp_path}/secret/part.stl")
    robot = load_urdf(path, package_dirs=[tmp_path / "secret"])
    assert robot.meshes.links[0].path == (tmp_path / "secret/part.stl").resolve()


def test_export_refuses_meshes_reading_it_back_would_refuse(tmp_path):
    (tmp_path / "arm").mkdir()
    save_stl(tmp_path / "arm/part.stl", TETRAHEDRON)
    lynx = robosim.load_robot("lynx6")
    robot = dataclasses.replace(lynx, meshes=RobotMeshes(
        links=(MeshSpec("part.stl", folder=tmp_path / "arm"),) + (None,) * (lynx.n - 1)))
    (tmp_path / "elsewhere").mkdir()
    with pytest.raises(RobotFileError, match="the mesh of link 1, .*part.stl, lies outside"):
        export_urdf(robot, tmp_path / "elsewhere/arm.urdf")
    assert list((tmp_path / "elsewhere").iterdir()) == []
    beside = load_urdf(export_urdf(robot, tmp_path / "arm/arm.urdf"))
    assert beside.meshes.links[0].path == (tmp_path / "arm/part.stl").resolve()

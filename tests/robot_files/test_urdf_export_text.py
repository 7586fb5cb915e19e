"""What export_urdf writes, load_urdf reads back (issue 36, item 4): the text XML can hold is
escaped, the characters it cannot hold are refused before anything is written."""

import dataclasses
import re

import pytest

import robosim
from robosim.errors import RobotFileError
from robosim.robot_files import export_urdf, load_urdf

LYNX = robosim.load_robot("lynx6")


@pytest.mark.parametrize("name", [
    "Lynx\n6", "Lynx\r\n6", "Lynx\t6",         # line ends and tabs: character references
    'a & b <c> "d" \'e\'',                     # markup characters: entities
    "Lynx -- 6 -",                             # a comment may not hold "--"
    "L\x7f\x85",                               # DEL and NEL are XML characters
    "L\U0001f600",                             # beyond the Basic Multilingual Plane
])
def test_a_name_xml_can_hold_reads_back_as_it_was(tmp_path, name):
    robot = dataclasses.replace(LYNX, name=name)
    assert load_urdf(export_urdf(robot, tmp_path / "arm.urdf")).name == name


@pytest.mark.parametrize("name, code", [
    ("Lynx\x016", "U+0001"),        # a control character: XML 1.0 has none, even as &#1;
    ("Lynx\ud8006", "U+D800"),      # a lone surrogate: no UTF-8 for it
    ("Lynx\ufffe", "U+FFFE"),       # a non-character XML excludes
])
def test_a_name_xml_cannot_hold_is_refused_before_writing(tmp_path, name, code):
    robot = dataclasses.replace(LYNX, name=name)
    with pytest.raises(RobotFileError, match=f"robot name .* holds {re.escape(code)}"):
        export_urdf(robot, tmp_path / "arm.urdf")
    assert list(tmp_path.iterdir()) == []


def test_a_joint_name_xml_cannot_hold_is_refused_naming_the_joint(tmp_path):
    joints = list(LYNX.joints)
    joints[2] = dataclasses.replace(joints[2], name="elbow\x1b")
    robot = dataclasses.replace(LYNX, joints=tuple(joints))
    with pytest.raises(RobotFileError, match="joint 3: name 'elbow\\\\x1b' holds U\\+001B"):
        export_urdf(robot, tmp_path / "arm.urdf")
    assert list(tmp_path.iterdir()) == []

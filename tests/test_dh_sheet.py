"""The DH worksheet's title is one line whatever the robot's name holds (issue 36, item 11)."""

import dataclasses

import pytest

from robosim import load_robot
from robosim.dh_sheet import dh_sheet

PLANAR = load_robot("Planar 3R")


@pytest.mark.parametrize("name", ["Planar\n3R", "Planar\r\n3R", "Planar\u20283R"])
def test_a_name_with_a_line_break_keeps_the_title_one_line(name):
    robot = dataclasses.replace(PLANAR, name=name)
    markdown = dh_sheet(robot, robot.home, "md").splitlines()
    assert markdown[0] == "# Planar 3R: forward kinematics by the DH convention"
    assert markdown[1] == ""                     # the title's line is followed by a blank one
    latex = dh_sheet(robot, robot.home, "tex")
    assert "\\section*{Planar 3R: forward kinematics by the DH convention}" in latex

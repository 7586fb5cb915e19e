"""The DH editor's mesh column: a row's link can be drawn from an STL file (docs/meshes.md)."""

import numpy as np

from gui_events import type_in_cell, type_keys
from robosim import Joint, Robot, load_robot
from robosim.gui.screens.editor import MESH
from robosim.robot_files import save_stl
from test_gui_editor import open_editor, press

TWO_LINK = Robot([Joint(a=10.0), Joint(a=5.0)], name="2R", unit="cm")
CUBE = np.array([[[0, 0, 0], [0, 1, 0], [1, 0, 0]], [[0, 0, 0], [1, 0, 0], [0, 0, 1]],
                 [[0, 0, 0], [0, 0, 1], [0, 1, 0]], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]], float)


def test_a_row_gets_a_mesh_that_the_robot_then_names(tmp_path):
    path = tmp_path / "forearm.stl"
    save_stl(path, 4 * CUBE)
    screen = open_editor(TWO_LINK)
    type_in_cell(screen.table, 1, MESH, str(path), "enter")
    message, error = screen.app.status
    assert not error and message.startswith("Link 2 is drawn from forearm.stl")
    press(screen, "Continue")
    robot = screen.app.shown[-1]
    assert robot.meshes.links[0] is None
    assert robot.meshes.links[1].path == path


def test_a_file_that_is_not_a_mesh_is_refused_at_once(tmp_path):
    screen = open_editor(TWO_LINK)
    type_in_cell(screen.table, 0, MESH, str(tmp_path / "nothing.stl"), "enter")
    message, error = screen.app.status
    assert error and message == f"mesh of joint 1: {tmp_path / 'nothing.stl'}: no such STL file"
    assert "meshes" not in screen.draft["extras"]
    type_keys(screen.fig, "escape")
    press(screen, "Continue")
    assert screen.app.shown[-1].meshes is None


def test_the_lynx6_shows_its_meshes_and_one_can_be_taken_off():
    lynx6 = load_robot("Lynx6")
    screen = open_editor(lynx6)
    assert [screen.table.text(row, MESH).rsplit("/", 1)[-1] for row in range(5)] == \
        [f"link{i}.stl" for i in range(1, 6)]
    type_in_cell(screen.table, 4, MESH, "backspace", "enter")
    assert screen.app.status == ("Link 5 has no mesh now. The table is a valid robot: press "
                                 "Continue to see it.", False)
    press(screen, "Continue")
    meshes = screen.app.shown[-1].meshes
    assert meshes.links[4] is None
    assert meshes.links[3].path.resolve() == lynx6.meshes.links[3].path.resolve()
    assert meshes.links[3].colour == lynx6.meshes.links[3].colour
    assert meshes.gripper.path.resolve() == lynx6.meshes.gripper.path.resolve()


def test_undo_takes_a_refused_mesh_cell_back_to_its_file_and_colour(tmp_path):
    screen = open_editor(TWO_LINK)
    type_in_cell(screen.table, 0, 2, "7", "enter")                      # an edit to undo
    type_in_cell(screen.table, 1, MESH, str(tmp_path / "nothing.stl"), "enter")
    assert (1, MESH) in screen.table.errors
    type_keys(screen.fig, "ctrl+z")
    assert screen.app.status == ("Undid the change of joint 1, d ('0' -> '7') (ctrl+y redoes "
                                 "it). The table is a valid robot: press Continue to see it.",
                                 False)
    assert screen.table.text(1, MESH) == ""
    assert screen.table.errors == {}


def test_a_refused_mesh_counts_the_other_cells_to_fix(tmp_path):
    screen = open_editor(TWO_LINK)
    type_in_cell(screen.table, 0, 2, "x", "enter")
    type_in_cell(screen.table, 1, 3, "y", "enter")
    type_in_cell(screen.table, 0, MESH, str(tmp_path / "nothing.stl"), "enter")
    message, error = screen.app.status
    assert error and message == (f"mesh of joint 1: {tmp_path / 'nothing.stl'}: no such STL "
                                 f"file (and 2 other cells to fix)")

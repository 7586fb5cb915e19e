"""The simulator in the mesh style: the Lynx6 opens in it, the Lodes toggle goes there and back
while the arm moves, and a mesh that cannot be read is said in the status line (links drawn)."""

import json

import numpy as np

from robosim import load_robot
from robosim.gui.screens import simulator
from robosim.robot_files import load_stl
from test_gui_app import make_app, ticks_until_still


def test_the_lynx6_moves_in_the_mesh_style_and_toggles_to_lodes_and_back():
    robot = load_robot("Lynx6")
    app = make_app(robot)
    screen = app.screen
    assert screen.drawing.style == "mesh" and not app.status_is_error
    target = np.radians([30.0, -20.0, 40.0, -30.0, 10.0])
    screen.state.animate_to(target)
    ticks_until_still(app)
    # The forearm as drawn, taken back into frame 3 of the pose reached, is the file's.
    frame = robot.fk_all(target)[3]
    drawn = screen.drawing.mesh.artist.triangles[screen.drawing.mesh.link_of_face == 2]
    local = np.einsum("ji,fcj->fci", frame[:3, :3], drawn - frame[:3, 3])
    np.testing.assert_allclose(local, load_stl(robot.meshes.links[2].path)[0], atol=1e-9)
    lodes = simulator.TOGGLES.index("Lodes shapes")
    screen.toggles.set_active(lodes)
    assert screen.drawing.style == "lodes"
    screen.toggles.set_active(lodes)
    assert screen.drawing.style == "mesh"
    np.testing.assert_allclose(screen.drawing.drawn_end_effector(), robot.fk(target)[:3, 3],
                               atol=1e-9)


def test_a_missing_mesh_is_said_in_the_status_line_and_the_links_are_drawn(tmp_path):
    path = tmp_path / "arm.json"
    path.write_text(json.dumps({
        "name": "2R", "unit": "mm", "meshes": {"links": [{"file": "gone.stl"}, None]},
        "joints": [{"type": "R", "theta": 0, "d": 0, "a": 100, "alpha": 0},
                   {"type": "R", "theta": 0, "d": 0, "a": 50, "alpha": 0}]}))
    app = make_app(load_robot(path))
    assert app.screen.drawing.style == "links"
    assert app.status_is_error
    assert f"{tmp_path / 'gone.stl'}: no such STL file" in app.status
    assert app.status.endswith("drawn with links instead")

"""The mesh style: meshes ride their DH frames exactly, hidden faces are skipped, faces are
shaded by their normal, and a mesh that cannot be read falls back to the links style.

Expected positions come from ``robot.fk_all`` applied by hand to the triangles read back from
the STL files (robosim.robot_files.meshes, tested against files written field by field).
"""

import json
import runpy
from pathlib import Path

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure

from figure_check import DPI, FIGSIZE, IMAGE_COMPARE, strip_text
from robosim import load_robot
from robosim.kinematics import below_floor, floor_height, xyzrpy2tr
from robosim.robot_files import load_stl, save_stl
from robosim.plotting.arm import ArmDrawing, arm_figure, default_style
from robosim.plotting.mesh_style import AMBIENT, DIFFUSE, MeshArtist

LYNX6 = load_robot("Lynx6")
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "teacher_mesh_robot.py"
#: A unit cube's 12 triangles, counter-clockwise seen from outside (a closed surface).
CUBE_CORNERS = np.array([[x, y, z] for z in (0, 1) for y in (0, 1) for x in (0, 1)], float)
CUBE = CUBE_CORNERS[np.array([[0, 2, 3], [0, 3, 1], [4, 5, 7], [4, 7, 6], [0, 1, 5], [0, 5, 4],
                              [2, 6, 7], [2, 7, 3], [0, 4, 6], [0, 6, 2], [1, 3, 7], [1, 7, 5]])]


def draw(robot, q=None, style=None):
    fig = Figure(figsize=FIGSIZE, dpi=DPI)
    return ArmDrawing(fig.add_subplot(projection="3d"), robot, q, style=style)


def two_link(folder, meshes):
    """A planar 2R arm in mm (links of 100 and 50) whose file names ``meshes``."""
    path = folder / "arm.json"
    path.write_text(json.dumps({
        "name": "2R", "unit": "mm", "meshes": meshes,
        "joints": [{"type": "R", "theta": 0, "d": 0, "a": 100, "alpha": 0},
                   {"type": "R", "theta": 0, "d": 0, "a": 50, "alpha": 0}]}))
    return load_robot(path)


def test_the_lynx6_opens_in_the_mesh_style_and_other_robots_in_links():
    assert default_style(LYNX6) == "mesh"
    assert draw(LYNX6).style == "mesh"
    assert draw(load_robot("Puma 560")).style == "links"


def test_a_mesh_fixed_to_a_link_moves_exactly_with_fk_all():
    drawing = draw(LYNX6)
    for q in [LYNX6.home, *LYNX6.random_q(3, rng=4)]:
        drawing.set_pose(q)
        frames = LYNX6.fk_all(q)
        for joint, spec in enumerate(LYNX6.meshes.links):
            local, _normals = load_stl(spec.path)
            expected = np.einsum("ij,fcj->fci", frames[joint + 1, :3, :3], local) \
                + frames[joint + 1, :3, 3]
            drawn = drawing.mesh.triangles[drawing.mesh.link_of_face == joint]
            np.testing.assert_allclose(drawn, expected, atol=1e-9)
        gripper, _normals = load_stl(LYNX6.meshes.gripper.path)
        end = frames[-1] @ LYNX6.tool
        drawn = drawing.mesh.triangles[-len(gripper):]              # the gripper comes last
        np.testing.assert_allclose(drawn,
                                   np.einsum("ij,fcj->fci", end[:3, :3], gripper) + end[:3, 3],
                                   atol=1e-9)


#: The Lynx6's fingers as drawn in their file: open, inner faces 8 mm either side of the end
#: effector's xz plane (tools/make_lynx6_meshes.py: ``gap = 8.0``).
FINGER_GAP_OPEN = 8.0


@pytest.mark.parametrize("closed", [0.5, 1.0])
def test_the_mesh_fingers_slide_along_the_end_effectors_y_as_the_gripper_closes(closed):
    """Each finger moves ``closed * 8`` mm toward the other along the end effector's y axis:
    half closed the inner faces are 4 mm either side of the plane, closed they touch; the
    palm and the links do not move."""
    q = LYNX6.random_q(rng=7)
    drawing = draw(LYNX6, q)
    links_before = drawing.mesh.triangles[drawing.mesh.link_of_face >= 0].copy()
    drawing.set_gripper(closed)
    end = LYNX6.fk_all(q)[-1] @ LYNX6.tool
    fingers, _normals = load_stl(LYNX6.meshes.gripper.path)
    side = np.sign(fingers[:, 0, 1])                           # +1: the +y finger
    assert np.all(np.sign(fingers[..., 1]) == side[:, None])   # each triangle on one side
    moved = fingers.copy()
    moved[..., 1] -= side[:, None] * closed * FINGER_GAP_OPEN
    expected = np.einsum("ij,fcj->fci", end[:3, :3], moved) + end[:3, 3]
    drawn = drawing.mesh.triangles[-len(fingers):]              # the gripper comes last
    np.testing.assert_allclose(drawn, expected, atol=1e-9)
    local_y = np.einsum("fcj,j->fc", drawn - end[:3, 3], end[:3, 1])
    inner_gap = local_y[side > 0].min() - local_y[side < 0].max()
    assert inner_gap == pytest.approx(2 * FINGER_GAP_OPEN * (1 - closed), abs=1e-6)
    np.testing.assert_allclose(drawing.mesh.triangles[drawing.mesh.link_of_face >= 0],
                               links_before, atol=1e-12)
    drawing.set_pose(LYNX6.home)                               # a new pose keeps the opening
    end = LYNX6.fk_all(LYNX6.home)[-1] @ LYNX6.tool
    np.testing.assert_allclose(drawing.mesh.triangles[-len(fingers):],
                               np.einsum("ij,fcj->fci", end[:3, :3], moved) + end[:3, 3],
                               atol=1e-9)


def test_the_gripper_in_the_links_style_leaves_the_meshes_undrawn():
    drawing = draw(LYNX6, style="links")
    drawing.set_gripper(1.0)
    assert len(drawing.mesh.artist.triangles) == 0


def test_scale_xyz_and_rpy_place_the_mesh_in_its_frame(tmp_path):
    save_stl(tmp_path / "cube.stl", CUBE)
    robot = two_link(tmp_path, {"links": [None, {"file": "cube.stl", "scale": 10,
                                                 "xyz": [-30, 0, 5], "rpy": [90, 0, 0]}]})
    q = np.radians([40.0, -70.0])
    drawing = draw(robot, q)
    placement = robot.fk_all(q)[2] @ xyzrpy2tr([-30, 0, 5], np.radians([90, 0, 0]))
    expected = np.einsum("ij,fcj->fci", placement[:3, :3], 10 * CUBE) + placement[:3, 3]
    np.testing.assert_allclose(drawing.mesh.triangles, expected, atol=1e-9)
    # Link 1 has no mesh: it keeps the links style's solids; link 2 has only its mesh.
    assert set(drawing.face_joint) == {0}
    assert len(drawing.link_vertices(1)) == 3 * len(CUBE)


@pytest.mark.parametrize("broken, named", [
    ({"links": [{"file": "missing.stl"}, None]}, "missing.stl: no such STL file"),
    ({"base": {"file": "junk.stl"}}, "junk.stl: truncated"),
    ({"base": {"file": "cube.stl", "scale": 10_000}}, "is the scale right"),
    # issue 25: a part placed 1e6 mm away was silently not drawn
    ({"links": [{"file": "cube.stl", "xyz": [1e6, 0, 0]}, None]}, "is xyz right"),
    # issue 36: so was a part modelled 1e6 mm from its file's origin
    ({"links": [{"file": "far.stl"}, None]}, "from the STL file's origin"),
])
def test_a_mesh_that_cannot_be_used_falls_back_to_links_with_a_message(tmp_path, broken,
                                                                      named):
    save_stl(tmp_path / "cube.stl", CUBE)
    save_stl(tmp_path / "far.stl", CUBE + 1e6)
    (tmp_path / "junk.stl").write_bytes(b"not a mesh")
    robot = two_link(tmp_path, broken)
    drawing = draw(robot)
    assert drawing.style == "links"
    assert named in drawing.style_message
    assert drawing.style_message.endswith("drawn with links instead")
    assert len(drawing.link_quads) > 0 and len(drawing.mesh) == 0    # never a blank view
    drawing.set_style("lodes")
    assert drawing.style_message is None


def test_a_robot_without_meshes_asked_for_them_is_drawn_with_links():
    drawing = draw(load_robot("Puma 560"), style="mesh")
    assert drawing.style == "links"
    assert drawing.style_message == ("Puma 560's robot file names no meshes: drawn with links "
                                     "instead")


def test_hidden_faces_of_a_closed_part_are_skipped(tmp_path):
    """Seen from above and from the front-left (mplot3d's default view), a cube shows three
    faces: 6 of its 12 triangles. With one triangle gone it is open and all 11 are drawn."""
    for triangles, drawn in ((CUBE, 6), (CUBE[:-1], 11)):
        save_stl(tmp_path / "part.stl", 20 * triangles)
        robot = two_link(tmp_path, {"base": {"file": "part.stl"}})
        drawing = draw(robot)
        FigureCanvasAgg(drawing.ax.figure).draw()
        assert drawing.mesh.artist.drawn_count == drawn


def test_faces_are_shaded_by_how_they_face_the_light():
    fig = Figure()
    ax = fig.add_subplot(projection="3d")
    light = MeshArtist(ax, [], 1, str).light_direction()
    side = np.cross(light, [0.0, 0.0, 1.0])
    side /= np.linalg.norm(side)
    facing = np.array([[[0, 0, 0], side, np.cross(light, side)]])   # normal = light
    edge_on = np.array([[[0, 0, 0], light, side]])                   # normal _|_ light

    class Part:
        frame, colour = 1, "#4080c0"

    placed = []
    for triangles in (facing, edge_on):
        part = Part()
        part.triangles = triangles
        part.normals = np.cross(triangles[:, 1] - triangles[:, 0],
                                triangles[:, 2] - triangles[:, 0])
        part.closed = False
        placed.append(part)
    artist = MeshArtist(ax, placed, 1, str)
    artist.update(np.broadcast_to(np.eye(4), (2, 4, 4)), np.eye(4))
    colour = np.array(to_rgba("#4080c0"))
    np.testing.assert_allclose(artist.artist.colours[0], colour, atol=1e-12)
    np.testing.assert_allclose(artist.artist.colours[1, :3], AMBIENT * colour[:3], atol=1e-12)
    assert AMBIENT + DIFFUSE == 1.0


def test_links_below_the_floor_turn_red_in_the_mesh_style():
    q = np.radians([-8.0, -66.0, -17.0, -53.0, -43.0])   # leaning back, the forearm down
    drawing = draw(LYNX6, q)
    below = below_floor(LYNX6, q, floor_height(LYNX6))
    assert below.any() and not below.all()
    np.testing.assert_array_equal(drawing.below_floor, below)
    for link in range(LYNX6.n):
        colours = drawing.mesh.artist.colours[drawing.mesh.link_of_face == link]
        assert np.all(colours[:, 0] > 0)
        assert np.all(colours[:, 1:3] == 0) == below[link]


def test_the_mesh_is_a_moving_artist_updated_in_place():
    drawing = draw(LYNX6)
    assert drawing.mesh.artist in drawing.moving_artists
    children = list(drawing.ax.get_children())
    drawing.set_pose(LYNX6.random_q(rng=2))
    drawing.set_style("lodes")
    assert len(drawing.mesh.artist.triangles) == 0
    drawing.set_style("mesh")
    assert list(drawing.ax.get_children()) == children
    assert len(drawing.mesh.artist.triangles) == len(drawing.mesh)


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
@pytest.mark.parametrize("pose", ["home", "reaching"])
def test_lynx6_mesh_figure(pose):
    q = LYNX6.home if pose == "home" else np.radians([35.0, -30.0, 55.0, -40.0, 20.0])
    return strip_text(arm_figure(LYNX6, q, figsize=FIGSIZE, dpi=DPI, style="mesh").figure)


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_teacher_example_figure(tmp_path):
    """The docs' example (docs/meshes.md): ASCII STL parts, one exported in mm (scale 0.1)."""
    robot = load_robot(runpy.run_path(str(EXAMPLE))["write_robot"](tmp_path))
    shown = arm_figure(robot, figsize=FIGSIZE, dpi=DPI)
    assert shown.drawing.style == "mesh" and shown.drawing.style_message is None
    return strip_text(shown.figure)

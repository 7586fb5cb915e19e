"""robosim.robot_files.meshes: STL files read and written, bounded, simplified, and placed in a
robot's frames.

Expected values come from the STL format itself (3D Systems' layout: 80-byte header, uint32
count, 50 bytes per triangle) written here with ``struct``, or from geometry done by hand.
"""

import json
import math
import struct
import tracemalloc

import numpy as np
import pytest

import robosim
from robosim.errors import MeshError, RobotFileError
from robosim.robot_files import (MAX_STL_BYTES, MAX_TRIANGLES, face_normals, load_stl, robot_meshes,
                                 save_stl, simplify, stl_bytes)

#: A tetrahedron with corners P0 (the origin), X, Y, Z (edge 2), faces turning counter-clockwise
#: seen from outside: its outward normals are -z, -y, -x and (1, 1, 1) / sqrt(3).
P0, X, Y, Z = (0, 0, 0), (2, 0, 0), (0, 2, 0), (0, 0, 2)
TETRAHEDRON = np.array([[P0, Y, X], [P0, X, Z], [P0, Z, Y], [X, Y, Z]], float)
TETRAHEDRON_NORMALS = np.array([[0, 0, -1], [0, -1, 0], [-1, 0, 0],
                                [1 / math.sqrt(3)] * 3])

ASCII_TETRAHEDRON = """solid tetra
  facet normal 0 0 -1
    outer loop
      vertex 0 0 0
      vertex 0 2 0
      vertex 2 0 0
    endloop
  endfacet
  facet normal 0 -1 0
    outer loop
      vertex 0 0 0
      vertex 2 0 0
      vertex 0 0 2
    endloop
  endfacet
  facet normal -1 0 0
    outer loop
      vertex 0 0 0
      vertex 0 0 2
      vertex 0 2 0
    endloop
  endfacet
  facet normal 0.577 0.577 0.577
    outer loop
      vertex 2 0 0
      vertex 0 2 0
      vertex 0 0 2
    endloop
  endfacet
endsolid tetra
"""


def binary_stl(triangles, count=None, normals=None):
    """A binary STL written field by field with struct (independent of robosim's writer)."""
    triangles = np.asarray(triangles, float)
    normals = np.zeros((len(triangles), 3)) if normals is None else normals
    body = b"".join(struct.pack("<12fH", *n, *t.ravel(), 0) for n, t in zip(normals, triangles,
                                                                            strict=True))
    return b"made by hand".ljust(80, b"\0") + struct.pack(
        "<I", len(triangles) if count is None else count) + body


def sphere(rings):
    """A unit sphere of ``4 rings**2`` triangles (latitude-longitude grid)."""
    polar = np.linspace(0, np.pi, rings + 1)
    azimuth = np.linspace(0, 2 * np.pi, 2 * rings + 1)
    p, a = np.meshgrid(polar, azimuth, indexing="ij")
    points = np.stack([np.sin(p) * np.cos(a), np.sin(p) * np.sin(a), np.cos(p)], axis=-1)
    c00, c10, c11, c01 = points[:-1, :-1], points[1:, :-1], points[1:, 1:], points[:-1, 1:]
    return np.concatenate([np.stack([c00, c10, c11], -2).reshape(-1, 3, 3),
                           np.stack([c00, c11, c01], -2).reshape(-1, 3, 3)])


# ------------------------------------------------------------------------------ reading
def test_a_binary_file_written_by_hand_reads_back_with_normals_from_the_corners(tmp_path):
    path = tmp_path / "tetra.stl"
    path.write_bytes(binary_stl(TETRAHEDRON))          # normals stored as zeros, as some do
    triangles, normals = load_stl(path)
    np.testing.assert_array_equal(triangles, TETRAHEDRON)
    np.testing.assert_allclose(normals, TETRAHEDRON_NORMALS, atol=1e-15)


def test_an_ascii_file_written_by_hand_reads_back(tmp_path):
    path = tmp_path / "tetra.stl"
    path.write_text(ASCII_TETRAHEDRON)
    triangles, normals = load_stl(path)
    np.testing.assert_array_equal(triangles, TETRAHEDRON)
    np.testing.assert_allclose(normals, TETRAHEDRON_NORMALS, atol=1e-15)


def test_a_binary_header_that_begins_with_solid_is_still_binary(tmp_path):
    """SolidWorks writes 'solid NAME' into binary headers: the size decides."""
    data = binary_stl(TETRAHEDRON)
    path = tmp_path / "solidworks.stl"
    path.write_bytes(b"solid part1".ljust(80, b" ") + data[80:])
    np.testing.assert_array_equal(load_stl(path)[0], TETRAHEDRON)


def test_binary_round_trip_is_exact_for_float32_values(tmp_path):
    rng = np.random.default_rng(1)
    triangles = rng.integers(-4000, 4000, size=(500, 3, 3)) / 8.0     # exact in float32
    path = tmp_path / "round.stl"
    save_stl(path, triangles)
    assert path.stat().st_size == 84 + 50 * 500
    back, normals = load_stl(path)
    np.testing.assert_array_equal(back, triangles)
    np.testing.assert_allclose(normals, face_normals(triangles), atol=1e-12)
    assert path.read_bytes() == stl_bytes(back)         # the same triangles, the same bytes


def test_ascii_round_trip_keeps_nine_significant_digits(tmp_path):
    rng = np.random.default_rng(2)
    triangles = rng.uniform(-500, 500, size=(200, 3, 3))
    path = tmp_path / "round.stl"
    save_stl(path, triangles, ascii=True, name="my part")
    assert path.read_text().startswith("solid my_part\n")
    back, _normals = load_stl(path)
    np.testing.assert_allclose(back, triangles, rtol=1e-8, atol=1e-9)


# ------------------------------------------------------------------------------ malformed
@pytest.mark.parametrize("cut", [1, 49, 50])
def test_a_truncated_binary_file_is_refused(tmp_path, cut):
    path = tmp_path / "cut.stl"
    path.write_bytes(binary_stl(TETRAHEDRON)[:-cut])
    with pytest.raises(MeshError, match=r"cut\.stl: truncated: the header claims 4 triangles"):
        load_stl(path)


def test_a_file_shorter_than_a_header_is_truncated(tmp_path):
    path = tmp_path / "short.stl"
    path.write_bytes(b"\0" * 40)
    with pytest.raises(MeshError, match="short.stl: truncated: 40 bytes"):
        load_stl(path)


def test_a_count_below_the_triangles_there_is_a_wrong_triangle_count(tmp_path):
    path = tmp_path / "count.stl"
    path.write_bytes(binary_stl(TETRAHEDRON, count=3))
    with pytest.raises(MeshError, match="wrong triangle count: the header claims 3 triangles"):
        load_stl(path)


def test_an_ascii_facet_with_two_vertices_is_a_wrong_triangle_count(tmp_path):
    text = ASCII_TETRAHEDRON.replace("      vertex 0 2 0\n      vertex 2 0 0\n",
                                     "      vertex 0 2 0\n", 1)
    path = tmp_path / "two.stl"
    path.write_text(text)
    with pytest.raises(MeshError, match="wrong triangle count: 4 facets start but 3 are"):
        load_stl(path)


def test_an_ascii_file_without_endsolid_is_truncated(tmp_path):
    path = tmp_path / "cut.stl"
    path.write_text(ASCII_TETRAHEDRON[:200])
    with pytest.raises(MeshError, match="cut.stl: truncated"):
        load_stl(path)


@pytest.mark.parametrize("form", ["binary", "ascii"])
def test_a_nan_vertex_is_refused_naming_the_triangle(tmp_path, form):
    triangles = TETRAHEDRON.copy()
    triangles[2, 1, 0] = np.nan
    path = tmp_path / "nan.stl"
    if form == "binary":
        path.write_bytes(binary_stl(triangles))
    else:
        path.write_text(ASCII_TETRAHEDRON.replace("vertex 0 0 2\n      vertex 0 2 0",
                                                  "vertex nan 0 2\n      vertex 0 2 0"))
    with pytest.raises(MeshError, match="triangle 3 has a vertex that is not a finite number"):
        load_stl(path)


@pytest.mark.parametrize("content", [binary_stl(np.zeros((0, 3, 3))),
                                     b"solid empty\nendsolid empty\n"], ids=["binary", "ascii"])
def test_a_file_without_triangles_is_refused(tmp_path, content):
    path = tmp_path / "empty.stl"
    path.write_bytes(content)
    with pytest.raises(MeshError, match="empty.stl: the STL file holds no triangles"):
        load_stl(path)


def peak_bytes_refusing(path, message):
    """Peak memory Python allocated while :func:`load_stl` refused ``path`` with ``message``."""
    tracemalloc.start()
    try:
        with pytest.raises(MeshError, match=message):
            load_stl(path)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_header_claiming_2_gb_of_triangles_is_refused_without_allocating(tmp_path):
    """40 million triangles of 50 bytes is 2 GB: refused from the count, 134 bytes read."""
    path = tmp_path / "liar.stl"
    path.write_bytes(binary_stl(TETRAHEDRON[:1], count=40_000_000))
    assert 40_000_000 > MAX_TRIANGLES
    assert peak_bytes_refusing(path, "claims 40,000,000 triangles") < 1 << 20


def test_a_2_gb_file_is_refused_from_its_size_without_reading_it(tmp_path):
    path = tmp_path / "huge.stl"
    with open(path, "wb") as stream:            # sparse: no disk space is used
        stream.write(binary_stl(TETRAHEDRON[:1], count=(2**31 - 84) // 50))
        stream.truncate(84 + 50 * ((2**31 - 84) // 50))
    assert path.stat().st_size > MAX_STL_BYTES
    assert peak_bytes_refusing(path, "is too large for a STL file") < 1 << 20


def test_missing_files_folders_and_other_text_are_refused_by_name(tmp_path):
    with pytest.raises(MeshError, match="nothing.stl: no such STL file"):
        load_stl(tmp_path / "nothing.stl")
    with pytest.raises(MeshError, match="not a regular file"):
        load_stl(tmp_path)
    (tmp_path / "notes.stl").write_text("these are my notes, not a mesh, sorry")
    with pytest.raises(MeshError, match="notes.stl: truncated: 37 bytes"):
        load_stl(tmp_path / "notes.stl")


# ------------------------------------------------------------------------------ simplify
def test_simplify_meets_the_budget_and_keeps_the_box_within_one_cell():
    triangles = sphere(60)                                    # 14,400 triangles
    simplified, cell = simplify(triangles, 1000)
    assert 0 < len(simplified) <= 1000
    assert 0 < cell < 0.5
    low, high = triangles.reshape(-1, 3).min(0), triangles.reshape(-1, 3).max(0)
    kept_low, kept_high = simplified.reshape(-1, 3).min(0), simplified.reshape(-1, 3).max(0)
    assert np.all(kept_low >= low - 1e-12) and np.all(kept_high <= high + 1e-12)
    assert np.all(kept_low - low <= cell) and np.all(high - kept_high <= cell)
    # Merged vertices are means of sphere points in one cube: inside it, near the surface.
    radius = np.linalg.norm(simplified.reshape(-1, 3), axis=1)
    assert np.all(radius <= 1 + 1e-12) and np.all(radius >= 1 - math.sqrt(3) * cell)
    # No triangle lost its area, and none is there twice.
    assert np.all(np.linalg.norm(np.cross(simplified[:, 1] - simplified[:, 0],
                                          simplified[:, 2] - simplified[:, 0]), axis=1) > 0)
    assert len({tuple(sorted(map(tuple, t))) for t in simplified}) == len(simplified)


def test_simplify_leaves_a_mesh_within_budget_alone_and_refuses_a_budget_below_one():
    same, cell = simplify(TETRAHEDRON, 4)
    np.testing.assert_array_equal(same, TETRAHEDRON)
    assert cell == 0.0
    with pytest.raises(MeshError, match="budget must be at least 1, got 0"):
        simplify(TETRAHEDRON, 0)


# ------------------------------------------------------------------------------ robot files
TWO_LINK = {"name": "2R", "unit": "mm",
            "joints": [{"type": "R", "theta": 0, "d": 0, "a": 100, "alpha": 0},
                       {"type": "R", "theta": 0, "d": 0, "a": 50, "alpha": 0}]}


def robot_file(folder, meshes):
    path = folder / "arm.json"
    path.write_text(json.dumps(dict(TWO_LINK, meshes=meshes)))
    return path


def test_meshes_are_placed_by_scale_then_xyz_and_rpy_in_their_frames(tmp_path):
    (tmp_path / "parts").mkdir()
    save_stl(tmp_path / "parts" / "tetra.stl", TETRAHEDRON)
    path = robot_file(tmp_path, {
        "base": {"file": "parts/tetra.stl"},
        "links": [None, {"file": "parts/tetra.stl", "scale": 10, "xyz": [1, 2, 3],
                         "rpy": [0, 0, 90], "colour": "#ff8800"}]})
    robot = robosim.load_robot(path)
    base, link2 = robot_meshes(robot)
    assert (base.name, base.frame, link2.name, link2.frame) == ("base", 0, "link 2", 2)
    np.testing.assert_array_equal(base.triangles, TETRAHEDRON)
    # Yaw 90 deg: (x, y, z) -> (-y, x, z); then + (1, 2, 3).
    scaled = 10 * TETRAHEDRON
    expected = np.stack([-scaled[..., 1] + 1, scaled[..., 0] + 2, scaled[..., 2] + 3], -1)
    np.testing.assert_allclose(link2.triangles, expected, atol=1e-12)
    np.testing.assert_allclose(link2.normals[3], [-1 / math.sqrt(3), 1 / math.sqrt(3),
                                                  1 / math.sqrt(3)], atol=1e-12)
    assert link2.colour == "#ff8800"


def test_a_mesh_at_a_wrong_scale_is_named(tmp_path):
    save_stl(tmp_path / "tetra.stl", TETRAHEDRON * 10)       # 20 units: cm on an arm in mm?
    robot = robosim.load_robot(robot_file(tmp_path, {"gripper": {"file": "tetra.stl",
                                                                 "scale": 1000}}))
    with pytest.raises(MeshError, match=r"gripper's mesh spans 2e\+04 mm at scale 1000.*"
                                        r"\(perhaps 10\)"):
        robot_meshes(robot)


def test_the_budget_holds_over_the_whole_arm(tmp_path):
    save_stl(tmp_path / "ball.stl", 20 * sphere(40))         # 6,400 triangles each
    robot = robosim.load_robot(robot_file(
        tmp_path, {"base": {"file": "ball.stl"},
                   "links": [{"file": "ball.stl"}, {"file": "ball.stl"}]}))
    placed = robot_meshes(robot, budget=3000)
    assert sum(len(p.triangles) for p in placed) <= 3000
    assert all(len(p.triangles) == len(p.normals) > 500 for p in placed)


@pytest.mark.parametrize("meshes, named", [
    ({"links": [{"file": "a.stl"}]}, "'links' must list one entry per joint"),
    ({"base": {"xyz": [0, 0, 0]}}, "mesh of the base: field 'file' must name an STL file"),
    ({"base": {"file": "a.stl", "scale": 0}}, "mesh of the base: field 'scale' must be "
                                              "positive"),
    ({"base": {"file": "a.stl", "scale": -2}}, "field 'scale' must be positive"),
    ({"links": [None, {"file": "a.stl", "colour": "red"}]},
     "mesh of link 2: field 'colour' must be \"#rrggbb\", got 'red'"),
    ({"gripper": {"file": "a.stl", "rpy": [0, 90]}}, "mesh of the gripper: field 'rpy'"),
    ({"gripper": {"file": "a.stl", "mass": 2}}, "unknown field 'mass'"),
    ({"tool": {"file": "a.stl"}}, "field 'meshes': unknown field 'tool'"),
])
def test_mesh_fields_are_validated_by_name(tmp_path, meshes, named):
    with pytest.raises(RobotFileError, match=named):
        robosim.load_robot(robot_file(tmp_path, meshes))


def test_a_saved_robot_names_its_meshes_relative_to_where_it_is_saved(tmp_path):
    (tmp_path / "parts").mkdir()
    save_stl(tmp_path / "parts" / "tetra.stl", TETRAHEDRON)
    robot = robosim.load_robot(robot_file(tmp_path, {"links": [{"file": "parts/tetra.stl"},
                                                               None]}))
    (tmp_path / "copies").mkdir()
    saved = robosim.save_robot(robot, tmp_path / "copies" / "arm.json")
    data = json.loads(saved.read_text())
    assert data["meshes"] == {"links": [{"file": "../parts/tetra.stl"}, None]}
    again = robosim.load_robot(saved)
    assert again.meshes.links[0].path.resolve() == (tmp_path / "parts" / "tetra.stl").resolve()
    np.testing.assert_array_equal(robot_meshes(again)[0].triangles, TETRAHEDRON)

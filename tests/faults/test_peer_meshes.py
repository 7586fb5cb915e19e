"""Issue 25, item 8: STL files written by other tools read with the counts and volumes their
projects' own tests state (peer_meshes/README.md gives each number's source; the files are
copied byte for byte with their licences), and an ASCII token is bounded before anything is
allocated for it."""

import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from robosim.errors import MeshError
from robosim.robot_files import load_stl, save_stl

PEERS = Path(__file__).resolve().parent / "peer_meshes"


def volume(triangles):
    """Enclosed volume of a closed surface: the divergence theorem over its triangles."""
    return np.einsum("ij,ij->i", triangles[:, 0],
                     np.cross(triangles[:, 1], triangles[:, 2])).sum() / 6.0


def centre(triangles):
    """Centre of the enclosed volume: each tetrahedron (origin, triangle) by its volume."""
    signed = np.einsum("ij,ij->i", triangles[:, 0], np.cross(triangles[:, 1], triangles[:, 2]))
    return (signed[:, None] * triangles.sum(axis=1) / 4.0).sum(axis=0) / signed.sum()


# numpy-stl tests/test_meshProperties.py (volume, cog at atol 1e-6) and file sizes
NUMPY_STL = [("HalfDonut", 288, 2.343149, (1.500001, 0.209472, 1.500001)),
             ("Moon", 116, 0.888723, (0.906913, 0.170731, 1.500001)),
             ("Star", 68, 1.416599, (1.299040, 0.170197, 1.499999)),
             ("Cube", 12, 8.0, None)]


@pytest.mark.parametrize("form", ["stl_ascii", "stl_binary"])
@pytest.mark.parametrize("name, count, expected_volume, cog", NUMPY_STL,
                         ids=[case[0] for case in NUMPY_STL])
def test_numpy_stl_files(form, name, count, expected_volume, cog):
    triangles, _ = load_stl(PEERS / "numpy-stl" / form / f"{name}.stl")
    assert len(triangles) == count
    assert volume(triangles) == pytest.approx(expected_volume, abs=1e-6)
    if cog is not None:
        np.testing.assert_allclose(centre(triangles), cog, atol=1e-6)


@pytest.mark.parametrize("name, count", [("StarWithEmptyHeader", 68), ("CubeInvalidUnicode", 12)])
def test_numpy_stl_binary_files_with_odd_headers(name, count):
    triangles, _ = load_stl(PEERS / "numpy-stl" / "stl_binary" / f"{name}.stl")
    assert len(triangles) == count


def test_trimesh_featuretype_volume():
    triangles, _ = load_stl(PEERS / "trimesh" / "featuretype.STL")
    assert len(triangles) == 3476                               # binary size: 84 + 50 x 3476
    assert volume(triangles) == pytest.approx(11.627733431196749, abs=1e-6)


def test_trimesh_angle_block_against_solidworks():
    # SolidWorks at density 0.036127: mass 0.041358, centre of mass (0, 0.436105, -0.599006),
    # compared by trimesh at atol 1e-2 (tests/data/mass_properties.json).
    triangles, _ = load_stl(PEERS / "trimesh" / "angle_block.STL")
    assert volume(triangles) * 0.036127 == pytest.approx(0.041358, abs=1e-2)
    np.testing.assert_allclose(centre(triangles), (0, 0.436105, -0.599006), atol=1e-2)


@pytest.mark.parametrize("name, count", [("multibody.stl", 12 + 20),
                                         ("two_objects_mixed_case_names.stl", 12 + 12)])
def test_ascii_files_with_several_solids_are_joined(name, count):
    triangles, _ = load_stl(PEERS / "trimesh" / name)
    assert len(triangles) == count


@pytest.mark.parametrize("name, expected", [("unit_cube.STL", 1.0),
                                            ("7_8ths_cube.stl", 7 / 8 * 40 ** 3)])
def test_trimesh_cubes_by_their_names(name, expected):
    triangles, _ = load_stl(PEERS / "trimesh" / name)
    assert volume(triangles) == pytest.approx(expected, rel=1e-6)


@pytest.mark.parametrize("name", ["stl_empty_ascii.stl", "stl_empty_bin.stl"])
def test_files_without_triangles_are_refused_in_one_line(name):
    # trimesh makes an empty scene of them; a robot part needs a surface (meshes.py says so)
    with pytest.raises(MeshError, match="holds no triangles"):
        load_stl(PEERS / "trimesh" / "emptyIO" / name)


def test_a_utf8_byte_order_mark_before_solid(tmp_path):
    # was read as binary: "header claims 808,333,344 triangles"
    path = tmp_path / "bom.stl"
    path.write_bytes(b"\xef\xbb\xbf" + (PEERS / "numpy-stl" / "stl_ascii" / "Cube.stl")
                     .read_bytes())
    assert len(load_stl(path)[0]) == 12


def test_a_vertex_with_8_million_digits_is_refused_without_a_huge_array(tmp_path):
    path = tmp_path / "digits.stl"
    text = (PEERS / "numpy-stl" / "stl_ascii" / "Cube.stl").read_bytes()
    at = text.index(b"vertex") + len(b"vertex ")
    path.write_bytes(text[:at] + b"1" * 8_000_000 + b" " + text[at:])
    tracemalloc.start()
    try:
        with pytest.raises(MeshError, match="a number has at most 64 characters"):
            load_stl(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 200 << 20          # the file is 8 MB; numpy was asked for 179 GiB before


def test_save_stl_refuses_what_load_stl_would_refuse(tmp_path):
    # item 7: a 0-triangle file was written, then refused when read
    with pytest.raises(MeshError, match="1 to 1,000,000 triangles, got 0"):
        save_stl(tmp_path / "empty.stl", np.zeros((0, 3, 3)))
    assert not (tmp_path / "empty.stl").exists()

"""The Lynx6's meshes: the committed STL files are what tools/make_lynx6_meshes.py makes, byte
for byte, small, closed solids, and named by robots/lynx6.json for every part."""

from pathlib import Path

import numpy as np
from tool_script import load_tool

from robosim import load_robot
from robosim.robot_files import closed_surface, load_stl

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "robots" / "meshes" / "lynx6"


def generator():
    return load_tool("make_lynx6_meshes")


def test_the_script_regenerates_the_committed_files_byte_for_byte():
    files = generator().mesh_files()
    assert sorted(files) == sorted(p.name for p in FOLDER.glob("*.stl"))
    for name, data in files.items():
        assert (FOLDER / name).read_bytes() == data, name
    assert sum(len(data) for data in files.values()) < 200_000       # well under 1 MB


def test_the_lynx6_file_names_every_part_and_each_is_a_closed_solid():
    robot = load_robot("Lynx6")
    specs = [robot.meshes.base, *robot.meshes.links, robot.meshes.gripper]
    assert all(spec is not None for spec in specs)
    assert sorted(spec.path.name for spec in specs) == sorted(p.name for p in FOLDER.glob("*"))
    for spec in specs:
        triangles, _normals = load_stl(spec.path)
        assert closed_surface(triangles), spec.file


def test_the_parts_sit_where_the_arm_is_at_home():
    """Mapped back to the world at home, the base stands on the floor, the upper arm's parts
    straddle the line from shoulder (25, 0, 65) to elbow (25, 0, 185) and the fingers end at
    the fingertips' frame (300, 0, 185)."""
    robot = load_robot("Lynx6")
    frames = robot.fk_all(robot.home)

    def world(spec, frame):
        local, _normals = load_stl(spec.path)
        return np.einsum("ij,fcj->fci", frame[:3, :3], local).reshape(-1, 3) + frame[:3, 3]

    base = world(robot.meshes.base, frames[0])
    assert base[:, 2].min() == 0.0
    upper = world(robot.meshes.links[1], frames[2])
    assert upper[:, 2].min() < 65 < 185 < upper[:, 2].max()
    centre = (upper.min(axis=0) + upper.max(axis=0)) / 2               # of its bounding box
    np.testing.assert_allclose(centre[:2], [25.0, 0.0], atol=1e-4)
    fingers = world(robot.meshes.gripper, frames[-1])
    np.testing.assert_allclose(fingers[:, 0].max(), 300.0, atol=1e-4)

"""``robosim show ROBOT --png FILE --style mesh``: the robot's STL meshes, the Lynx6's by
default; a robot whose meshes cannot be drawn is drawn with links and a note says why."""

import json

import matplotlib.image
import numpy as np

from cli_output import run_cli


def blue_pixels(path):
    """Pixels in the links style's blue (the first joint's colour): the meshes have none."""
    r, g, b = matplotlib.image.imread(path)[..., :3].reshape(-1, 3).T
    return np.count_nonzero((b > r + 0.3) & (b > g + 0.2))


def test_the_lynx6_is_drawn_with_its_meshes_unless_another_style_is_asked(capsys, tmp_path):
    status, _, err = run_cli(capsys, "show", "lynx6", "--png", str(tmp_path / "mesh.png"))
    assert status == 0 and err == ""
    status, _, err = run_cli(capsys, "show", "lynx6", "--png", str(tmp_path / "links.png"),
                             "--style", "links")
    assert status == 0 and err == ""
    assert blue_pixels(tmp_path / "mesh.png") == 0
    assert blue_pixels(tmp_path / "links.png") > 20


def test_mesh_style_without_meshes_draws_links_and_says_so(capsys, tmp_path):
    path = tmp_path / "puma.png"
    status, out, err = run_cli(capsys, "show", "puma560", "--png", str(path), "--style", "mesh")
    assert status == 0
    assert err == ("robosim: note: Puma 560's robot file names no meshes: drawn with links "
                   "instead\n")
    assert "drawn at q" in out and blue_pixels(path) > 20


def test_a_missing_mesh_file_is_named_and_the_arm_still_drawn(capsys, tmp_path):
    robot = tmp_path / "arm.json"
    robot.write_text(json.dumps({
        "name": "2R", "unit": "mm", "meshes": {"base": {"file": "parts/base.stl"}},
        "joints": [{"type": "R", "theta": 0, "d": 0, "a": 100, "alpha": 0},
                   {"type": "R", "theta": 0, "d": 0, "a": 50, "alpha": 0}]}))
    path = tmp_path / "arm.png"
    status, _, err = run_cli(capsys, "show", str(robot), "--png", str(path))
    assert status == 0 and path.exists()
    assert err.startswith("robosim: note: ") and len(err.splitlines()) == 1
    assert f"{tmp_path / 'parts' / 'base.stl'}: no such STL file" in err
    assert blue_pixels(path) > 20

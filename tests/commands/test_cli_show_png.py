"""``robosim show ROBOT [q ...] --png FILE``: the arm rendered headless; bad input refused."""

import json

import matplotlib.image
import numpy as np

from cli_output import run_cli


def test_show_png_renders_the_arm_at_the_given_pose(capsys, tmp_path):
    path = tmp_path / "lynx.png"
    status, out, err = run_cli(capsys, "show", "lynx6", "0", "30", "-45", "10", "0", "--deg",
                               "--png", str(path), "--json", "--style", "links")
    assert status == 0, err
    data = json.loads(out)
    np.testing.assert_allclose(data["q"], np.radians([0, 30, -45, 10, 0]))
    image = matplotlib.image.imread(path)
    assert image.ndim == 3 and image.shape[0] > 100 and image.shape[1] > 100
    # The arm's colours are in the picture (blue base joint, orange shoulder), not a blank frame.
    r, g, b = image[..., :3].reshape(-1, 3).T
    assert np.count_nonzero((b > r + 0.3) & (b > g + 0.2)) > 20
    assert np.count_nonzero((r > g + 0.2) & (g > b + 0.2)) > 20
    assert [p.name for p in tmp_path.iterdir()] == ["lynx.png"]  # no temporary file left


def test_show_png_refuses_a_pose_outside_the_limits_and_names_the_joint(capsys, tmp_path):
    path = tmp_path / "x.png"
    status, _, err = run_cli(capsys, "show", "lynx6", "0", "300", "0", "0", "0", "--deg",
                             "--png", str(path))
    assert status == 2
    assert "joint 2" in err and "300" in err and len(err.strip().splitlines()) == 1
    assert not path.exists()


def test_show_png_refuses_a_wrong_joint_count_and_a_bad_file_name(capsys, tmp_path):
    status, _, err = run_cli(capsys, "show", "lynx6", "0", "1", "--png", str(tmp_path / "a.png"))
    assert status == 2 and "5 joints" in err
    status, _, err = run_cli(capsys, "show", "lynx6", "--png", str(tmp_path / "a.jpg"))
    assert status == 2 and ".png" in err
    status, _, err = run_cli(capsys, "show", "lynx6", "--png", str(tmp_path / "no" / "a.png"))
    assert status == 2 and "cannot write" in err


def test_joint_values_without_png_are_refused(capsys):
    status, _, err = run_cli(capsys, "show", "lynx6", "0", "0", "0", "0", "0")
    assert status == 2 and "--png" in err


def coloured_pixels(path):
    """Pixels of a strong colour (the arm's solids, not the grey axes and floor)."""
    rgb = matplotlib.image.imread(path)[..., :3]
    return np.count_nonzero(np.ptp(rgb, axis=-1) > 0.3)


def test_show_png_draws_either_style(capsys, tmp_path):
    links, lodes = tmp_path / "links.png", tmp_path / "lodes.png"
    assert run_cli(capsys, "show", "lynx6", "--png", str(links), "--style", "links")[0] == 0
    assert run_cli(capsys, "show", "lynx6", "--png", str(lodes), "--style", "lodes")[0] == 0
    # Lodes' cylinders of radius a are discs of 120 and 155 mm: far more colour than slim links.
    assert coloured_pixels(lodes) > 2 * coloured_pixels(links) > 0

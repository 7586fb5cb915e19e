"""robosim dh-steps and dh-sheet: the steps and the worksheet's numbers agree with fk."""

import json
import math
import re
import shutil
import subprocess

import numpy as np
import pytest

from robosim import list_robots, load_robot
from robosim.kinematics import rpy2r
from test_cli import run_cli

#: The worksheet prints 4 decimals: a printed number is within half a unit of the 4th of the true.
PRINTED = 0.5e-4 + 1e-12


def test_dh_steps_json_frames_are_the_arm_frames(capsys):
    robot = load_robot("Lynx6")
    status, out, _ = run_cli(capsys, "dh-steps", "Lynx6", "30", "45", "-60", "20", "10",
                             "--deg", "--json")
    assert status == 0
    steps = json.loads(out)["steps"]
    assert len(steps) == 4 * 5 + 2
    assert set(steps[0]) >= {"joint", "parameter", "value", "matrix", "frame"}
    # Row 2 turns theta2 = q2 + 90 deg = 135 deg (radians in JSON), about z1.
    theta2 = steps[5]
    assert (theta2["joint"], theta2["parameter"]) == (2, "theta")
    assert theta2["value"] == pytest.approx(math.radians(135))
    assert steps[0]["value"] is None and steps[-1]["parameter"] == "tool"
    frames = robot.fk_all(robot.q_from_user([30, 45, -60, 20, 10]))
    for i in range(6):
        np.testing.assert_allclose(steps[4 * i]["frame"], frames[i], atol=1e-9)


def test_dh_steps_table_names_each_motion_and_the_frame_reached(capsys):
    status, out, _ = run_cli(capsys, "dh-steps", "Lynx6", "30", "45", "-60", "20", "10",
                             "--deg")
    assert status == 0
    assert "rotate theta2 = 135 deg about z1" in out
    assert "rotate theta3 = -150 deg about z2" in out          # -60 - 90
    assert "translate a1 = 25 mm along x1" in out
    last_row = [line for line in out.splitlines() if line.rstrip().endswith(" 5")][-1]
    x, y, z = (float(v) for v in last_row.split()[-4:-1])
    expected = load_robot("Lynx6").fk(np.radians([30, 45, -60, 20, 10]))[:3, 3]
    np.testing.assert_allclose([x, y, z], expected, atol=PRINTED)


def test_dh_steps_of_a_prismatic_row_and_the_home_pose(capsys):
    # SCARA row 3 is prismatic: d3 = q3 (home 75 cm) along z2.
    status, out, _ = run_cli(capsys, "dh-steps", "SCARA")
    assert status == 0
    assert "translate d3 = 75 cm along z2" in out


def markdown_matrix(text, label):
    """The numbers of the Markdown matrix whose middle row starts with ``label =``."""
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith(f"{label} = ["))
    return np.array([[float(v) for v in line.split("[")[1].split("]")[0].split()]
                     for line in lines[k - 1:k + 3]])


def latex_matrices(text, label):
    r"""Every LaTeX matrix ``\[ label = \begin{bmatrix} ... \]`` of numbers."""
    pattern = re.escape(f"\\[ {label} = \\begin{{bmatrix}}") + r"\n(.*?)\n\\end\{bmatrix\}"
    found = []
    for body in re.findall(pattern, text, flags=re.S):
        try:
            found.append(np.array([[float(v) for v in row.split("&")]
                                   for row in body.split("\\\\")]))
        except ValueError:        # the symbolic matrix of the same name
            continue
    return found


@pytest.mark.parametrize("name", list_robots())
def test_worksheet_numbers_parse_back_and_equal_fk(name, tmp_path, capsys):
    robot = load_robot(name)
    q = robot.random_q(rng=16)
    values = [str(v) for v in q]
    frames, end = robot.fk_all(q), robot.fk(q)
    md, tex = tmp_path / "sheet.md", tmp_path / "sheet.tex"
    assert run_cli(capsys, "dh-sheet", name, *values, "--rad", "--md", str(md))[0] == 0
    assert run_cli(capsys, "dh-sheet", name, *values, "--rad", "--tex", str(tex))[0] == 0
    text = md.read_text(encoding="utf-8")
    np.testing.assert_allclose(markdown_matrix(text, "T"), end, atol=PRINTED)
    for i in range(1, robot.n + 1):
        np.testing.assert_allclose(markdown_matrix(text, f"0T{i}"),
                                   np.linalg.inv(frames[0]) @ frames[i], atol=PRINTED)
    position = re.search(r"x = (\S+), y = (\S+), z = (\S+)`", text).groups()
    np.testing.assert_allclose([float(v) for v in position], end[:3, 3], atol=PRINTED)
    rpy = re.search(r"roll = (\S+)°, pitch = (\S+)°, yaw = (\S+)°", text).groups()
    np.testing.assert_allclose(rpy2r(np.radians([float(v) for v in rpy])), end[:3, :3],
                               atol=1e-5)
    latex = tex.read_text(encoding="utf-8")
    np.testing.assert_allclose(latex_matrices(latex, "T")[-1], end, atol=PRINTED)
    links = latex_matrices(latex, "A_{1}")
    assert len(links) == 1
    np.testing.assert_allclose(links[0], np.linalg.inv(frames[0]) @ frames[1], atol=PRINTED)


def test_worksheet_shows_the_variables_with_their_offsets(tmp_path, capsys):
    md = tmp_path / "lynx.md"
    assert run_cli(capsys, "dh-sheet", "Lynx6", "0", "45", "0", "0", "0", "--deg",
                   "--md", str(md))[0] == 0
    text = md.read_text(encoding="utf-8")
    assert "| 2 | R | `q2 + 90°` | `0` | `120` | `0°` |" in text
    assert "`θ2 = q2 + 90° = 45° + 90° = 135°`, so `c2 = -0.7071` and `s2 = 0.7071`" in text


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="needs pdflatex (texlive)")
@pytest.mark.parametrize("name", ["Franka Panda", "Gantry", "SCARA"])
def test_latex_worksheet_compiles_with_pdflatex(name, tmp_path, capsys):
    robot = load_robot(name)
    tex = tmp_path / "sheet.tex"
    assert run_cli(capsys, "dh-sheet", name, *map(str, robot.random_q(rng=2)),
                   "--tex", str(tex))[0] == 0
    result = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                             tex.name], cwd=tmp_path, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout[-2000:]
    assert (tmp_path / "sheet.pdf").stat().st_size > 0


def test_worksheet_refusals_are_one_line(tmp_path, capsys):
    status, _, err = run_cli(capsys, "dh-sheet", "Lynx6", "1", "2", "--md",
                             str(tmp_path / "a.md"))
    assert status == 2 and err.count("\n") == 1 and "5 joints" in err
    status, _, err = run_cli(capsys, "dh-sheet", "Lynx6", "--md",
                             str(tmp_path / "missing" / "a.md"))
    assert status == 2 and err.count("\n") == 1 and "cannot write it" in err
    assert not (tmp_path / "a.md").exists()


def test_dh_steps_gif_for_slides(tmp_path, capsys):
    from PIL import Image

    path = tmp_path / "planar.gif"
    status, out, _ = run_cli(capsys, "dh-steps", "Planar 3R", "10", "20", "30", "--deg",
                             "--gif", str(path), "--frames", "1", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["gif"] == str(path) and data["gif_frames"] == 4 * 3 + 2
    with Image.open(path) as gif:
        assert gif.format == "GIF" and gif.n_frames > 1


def test_dh_steps_gif_refusals_are_one_line(tmp_path, capsys):
    for argv, words in (([str(tmp_path / "a.png")], "must end in .gif"),
                        ([str(tmp_path / "a.gif"), "--frames", "0"], "--frames must be 1 to"),
                        ([str(tmp_path / "missing" / "a.gif")], "cannot write it")):
        status, _, err = run_cli(capsys, "dh-steps", "Planar 3R", "--gif", *argv)
        assert status == 2 and err.count("\n") == 1 and words in err, err
    assert list(tmp_path.iterdir()) == []

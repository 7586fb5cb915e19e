"""The scripts in examples/ run on Agg and write what they say; the notebooks' code runs too.

Each script takes ``--out DIR`` and writes there (here: ``tmp_path``). The notebooks are stored
with their outputs rendered, for reading on a website without running them; their code cells
run here as plain Python (IPython's ``%`` magic lines, such as ``%matplotlib inline``, are not
Python and are left out).
"""

import json
import runpy
import sys
from pathlib import Path

import pytest

#: Docs runners are slow (issue 29): `-m "not slow"` leaves them out, CI runs them.
pytestmark = pytest.mark.slow

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))
NOTEBOOKS = sorted((EXAMPLES / "notebooks").glob("*.ipynb"))

# What each script must leave in --out (the printed figures are checked inside the scripts).
WRITES = {
    "dh_to_fk_jacobian.py": ["two_link.json"],
    "ik_straight_line.py": ["puma_line.csv"],
    "forward_workspace_figure.py": ["lynx6_fig5.png"],
    "formula_trajectory.py": ["ring.csv", "ring.gif"],
    "lynx6_dry_run.py": ["lynx6_bytes.txt"],
    "notebook_cells.py": ["notebook_arm.png", "notebook_joints.png", "notebook_path.png"],
    "teacher_mesh_robot.py": ["teaching_arm.json", "teaching_arm.png", "meshes/link1.stl"],
    "urdf_tables.py": ["puma_560.urdf", "puma_560_modified.json"],
}


def test_every_script_is_listed_here():
    assert sorted(p.name for p in SCRIPTS) == sorted(WRITES)
    assert len(SCRIPTS) >= 6 and len(NOTEBOOKS) >= 6


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_script_runs_and_writes_its_files(script, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", [str(script), "--out", str(tmp_path)])
    runpy.run_path(str(script), run_name="__main__")
    assert "saved" in capsys.readouterr().out or script.name == "lynx6_dry_run.py"
    for name in WRITES[script.name]:
        assert (tmp_path / name).stat().st_size > 0, f"{script.name} did not write {name}"


def test_the_robot_file_of_the_first_example_loads_back(tmp_path, monkeypatch):
    import robosim

    monkeypatch.setattr(sys, "argv", ["dh_to_fk_jacobian.py", "--out", str(tmp_path)])
    runpy.run_path(str(EXAMPLES / "dh_to_fk_jacobian.py"), run_name="__main__")
    arm = robosim.load_robot(tmp_path / "two_link.json")
    assert arm.n == 2 and arm.unit == "cm"


def test_the_dry_run_sends_only_checked_moves(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["lynx6_dry_run.py", "--out", str(tmp_path)])
    runpy.run_path(str(EXAMPLES / "lynx6_dry_run.py"), run_name="__main__")
    text = (tmp_path / "lynx6_bytes.txt").read_text(encoding="ascii")
    pulses = [int(word.split("P")[1].split("T")[0]) for line in text.split("\r")
              for word in line.split("#")[1:] if "P" in word]
    assert pulses and all(600 <= p <= 2400 for p in pulses)    # the stock safe range


def notebook_code(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    return notebook, ["\n".join(line for line in cell.splitlines()
                                if not line.lstrip().startswith("%")) for cell in cells]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_code_runs_and_its_outputs_are_stored(path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    notebook, cells = notebook_code(path)
    namespace = {"__name__": "__notebook__"}
    for number, code in enumerate(cells, start=1):
        exec(compile(code, f"{path.name}, cell {number}", "exec"), namespace)
    outputs = [output for cell in notebook["cells"] if cell["cell_type"] == "code"
               for output in cell["outputs"]]
    assert any("image/png" in output.get("data", {}) for output in outputs)
    assert not [output for output in outputs if output["output_type"] == "error"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_teaches_with_sliders_and_a_title(path):
    """Each notebook has a numbered title, explains in Markdown, and has an interactive cell
    (joint sliders) whose stored output is the static picture shown without ipywidgets."""
    notebook, cells = notebook_code(path)
    markdown = ["".join(cell["source"]) for cell in notebook["cells"]
                if cell["cell_type"] == "markdown"]
    assert markdown[0].startswith(f"# {int(path.name[:2])}. ")
    assert len(markdown) >= 4
    sliders = [cell for cell in notebook["cells"]
               if cell["cell_type"] == "code" and "joint_sliders(" in "".join(cell["source"])]
    assert sliders
    assert all("image/png" in output.get("data", {}) for cell in sliders
               for output in cell["outputs"])

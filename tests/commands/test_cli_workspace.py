"""``robosim workspace``: figures printed and saved, bad input refused in one line."""

import json
import math
import sys

import matplotlib.image
import numpy as np
import pytest

from cli_output import run_cli

FIG5 = ["--factor", "15", "--range", "1", "0", "180", "--range", "2", "0", "90",
        "--range", "3", "0", "90", "--range", "4", "-90", "90", "--range", "5", "0", "0"]


def test_fig5_settings_give_the_papers_point_count(capsys):
    status, out, err = run_cli(capsys, "workspace", "lynx6", *FIG5, "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["configurations"] == 5184                 # eq. 18, printed in the paper
    assert data["reach"] <= math.hypot(25, 65) + 395 + 1e-9
    assert any("joint 1" in note for note in data["notes"])  # 0..180 leaves the +-90 limits


def test_text_output_names_every_figure_and_plans_first(capsys):
    status, out, _ = run_cli(capsys, "workspace", "gantry", "--step", "10")
    assert status == 0
    lines = out.splitlines()
    assert "configurations" in lines[0] and "estimated" in lines[0]
    # gantry: 100 x 80 x 80 cm box, travel split in 10 % steps -> 11 values per joint
    assert "1,331 configurations" in lines[0]
    text = "\n".join(lines[1:])
    for word in ("volume", "reach", "bounding box", "elapsed", "occupied"):
        assert word in text
    assert "x 0..100  y 0..80  z 20..100 cm" in text


def test_dry_run_computes_nothing_and_reports_the_count(capsys):
    status, out, _ = run_cli(capsys, "workspace", "lynx6", "--factor", "1", "--range", "5", "0",
                             "0", "--dry-run", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["configurations"] == 180 ** 4      # eq. 18 with the limits' 180 deg ranges
    assert data["estimated_s"] > 0


def test_monte_carlo_dry_run_estimates_the_time_too(capsys):
    counts = (10 ** 6, 10 ** 8)
    estimates = []
    for samples in counts:
        status, out, _ = run_cli(capsys, "workspace", "lynx6", "--samples", str(samples),
                                 "--dry-run", "--json")
        data = json.loads(out)
        assert status == 0 and data["configurations"] == samples
        estimates.append(data["estimated_s"])
    # A cost per sample: a hundred times the samples is tens of times the estimate at least.
    assert 0 < estimates[0] and estimates[1] > 20 * estimates[0]


def test_step_range_in_degrees_for_revolute_joints(capsys):
    status, out, _ = run_cli(capsys, "workspace", "lynx6", "--step", "30", "--range", "1", "0",
                             "0", "--range", "5", "0", "0", "--json")
    assert status == 0
    data = json.loads(out)
    # base held at 0: the cloud stays in the plane y = 0
    assert data["bounding_box"]["min"][1] == pytest.approx(0, abs=1e-9)
    assert data["bounding_box"]["max"][1] == pytest.approx(0, abs=1e-9)
    assert data["configurations"] == 1 * 7 * 7 * 7 * 1


def test_volume_positions_choose_what_the_volume_is_counted_on(capsys):
    summaries = {}
    for positions in ("0", "2000000", "8000000"):
        status, out, err = run_cli(capsys, "workspace", "lynx6", *FIG5, "--json",
                                   "--volume-positions", positions)
        assert status == 0, err
        summaries[positions] = json.loads(out)
    # 0: the paper's 5,184 configurations themselves, voxels as coarse as their spacing
    coarse = summaries["0"]
    assert not coarse["volume_from"]["refined"]
    assert coarse["volume_from"]["configurations"] == coarse["configurations"] == 5184
    assert coarse["voxel"] == pytest.approx(coarse["volume_from"]["spacing"])
    # the default budget, then four times more: finer voxels over more configurations
    default, more = summaries["2000000"], summaries["8000000"]
    assert default["volume_from"]["configurations"] <= 2_000_000
    assert 2_000_000 < more["volume_from"]["configurations"] <= 8_000_000
    assert more["voxel"] < default["voxel"] < coarse["voxel"] / 5
    for summary in summaries.values():
        low, high = summary["volume_bounds"]
        assert low < summary["volume"] < high
        assert summary["configurations"] == 5184        # the cloud is the paper's grid


def test_monte_carlo_samples(capsys):
    status, out, _ = run_cli(capsys, "workspace", "gantry", "--samples", "20000", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["method"] == "monte carlo" and data["configurations"] == 20000


def test_out_npz_and_csv_hold_the_counts(capsys, tmp_path):
    npz, csv = tmp_path / "w.npz", tmp_path / "w.csv"
    for path in (npz, csv):
        status, _, err = run_cli(capsys, "workspace", "gantry", "--step", "20", "--out",
                                 str(path))
        assert status == 0, err
    data = np.load(npz)
    summary = json.loads(str(data["summary"]))
    # the cloud's 6 x 6 x 6 configurations; the counts come from a finer grid over the same
    # travel, each of its configurations counted once per segment
    assert summary["configurations"] == 216
    counted = summary["volume_from"]["configurations"]
    assert summary["volume_from"]["refined"]
    assert counted == math.prod(summary["volume_from"]["grid"])
    assert data["counts"].shape[0] == 3 and np.all(data["counts"].sum(axis=(1, 2, 3)) == counted)
    rows = csv.read_text().splitlines()
    assert rows[0] == "segment,name,x,y,z,configurations"
    end_rows = [r.split(",") for r in rows[1:] if r.startswith("3,")]
    assert sum(int(r[-1]) for r in end_rows) == counted
    xyz = np.array([[float(v) for v in r[2:5]] for r in end_rows])
    # the end effector fills x 0..100 cm: voxel centres within half a voxel of that travel
    voxel = float(data["voxel"])
    assert xyz[:, 0].min() <= voxel / 2 and xyz[:, 0].max() >= 100 - voxel / 2
    assert np.all((xyz[:, 0] >= -voxel / 2) & (xyz[:, 0] <= 100 + voxel / 2))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.csv", "w.npz"]


def test_out_png_draws_the_cloud(capsys, tmp_path):
    path = tmp_path / "w.png"
    status, _, err = run_cli(capsys, "workspace", "lynx6", *FIG5, "--out", str(path))
    assert status == 0, err
    image = matplotlib.image.imread(path)
    r, g, b = image[..., :3].reshape(-1, 3).T
    # 3D-RAS's yellow shoulder and purple gripper (wrist and wrist rotate share it) are drawn
    assert np.count_nonzero((r > 0.9) & (g > 0.75) & (b < 0.2)) > 10        # yellow
    assert np.count_nonzero((abs(r - 0.48) < 0.1) & (g < 0.3) & (abs(b - 0.56) < 0.1)) > 10


@pytest.mark.parametrize("argv, words", [
    (["--range", "7", "0", "1"], ["joint 7", "1..5"]),
    (["--range", "1", "90", "0"], ["joint 1", "reversed"]),
    (["--factor", "0"], ["Factor"]),
    (["--step", "-1"], ["step"]),
    (["--samples", "0"], ["samples"]),
    (["--out", "w.gif"], [".png", ".npz"]),
    (["--out", "/no/such/folder/w.png"], ["does not exist"]),
    (["--voxel", "0"], ["voxel"]),
    (["--volume-positions", "-1"], ["--volume-positions", "-1"]),
    (["--volume-positions", "100", "--voxel", "0"], ["voxel"]),
])
def test_bad_input_is_one_line_naming_the_problem(capsys, argv, words):
    status, out, err = run_cli(capsys, "workspace", "lynx6", *argv)
    assert status == 2
    assert len(err.strip().splitlines()) == 1
    for word in words:
        assert word in err


def test_plain_workspace_command_does_not_import_matplotlib(tmp_path):
    import subprocess

    code = ("import sys; from robosim.cli import main; "
            "main(['workspace', 'gantry', '--step', '30', '--json']); "
            "print('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().endswith("False")


def test_joint_workspace_sweep_marks_q1_behind_the_base(capsys):
    status, out, err = run_cli(capsys, "joint-workspace", "lynx6", "--sweep", "x", "-100",
                               "350", "10", "--at", "0", "100", "150", "--json")
    assert status == 0, err
    data = json.loads(out)
    x = np.array(data["positions_xyz"])[:, 0]
    q1 = np.array(data["q_deg"])[:, 0]
    np.testing.assert_allclose(q1, np.degrees(np.arctan2(100, x)), atol=1e-6)  # eq. 23
    behind = [("q1" in s.split(" outside")[0]) for s in data["status"]]
    assert behind == list(x < 0)
    assert data["positions"] == 10


def test_joint_workspace_box_csv_round_trips_through_fk(capsys, tmp_path):
    from robosim import load_robot

    path = tmp_path / "box.csv"
    status, _, err = run_cli(capsys, "joint-workspace", "lynx6", "--box", "-200", "-200", "0",
                             "300", "200", "300", "--steps", "5", "5", "4", "--pitch", "-45",
                             "--csv", str(path))
    assert status == 0, err
    rows = [line.split(",") for line in path.read_text().splitlines()[1:]]
    assert len(rows) == 100
    reachable = [r for r in rows if r[-1] == "reachable"]
    assert reachable
    robot = load_robot("lynx6")
    xyz = np.array([[float(v) for v in r[:3]] for r in reachable])
    q = np.radians([[float(v) for v in r[3:8]] for r in reachable])
    np.testing.assert_allclose(robot.fk(q)[:, :3, 3], xyz, atol=1e-3)


@pytest.mark.parametrize("argv, words", [
    (["lynx6", "--sweep", "w", "0", "1", "3"], ["one of 'x', 'y', 'z'"]),
    (["lynx6", "--sweep", "x", "0", "1", "many"], ["whole number"]),
    (["puma_560", "--sweep", "x", "0", "1", "3", "--pitch", "10"], ["--pitch", "Lynx6-shaped"]),
    (["lynx6", "--box", "1", "0", "0", "0", "1", "1"], ["reversed along x"]),
])
def test_joint_workspace_bad_input(capsys, argv, words):
    status, _, err = run_cli(capsys, "joint-workspace", *argv)
    assert status == 2 and len(err.strip().splitlines()) == 1
    for word in words:
        assert word in err

"""Issue 14's fault-injection run, seeded and kept fast: damaged command lines over every
subcommand, damaged robot, calibration and trajectory files, random formulas.

The property checked for every case: robosim answers (exit 0 or 1, or exit 2 with exactly one
line on stderr), never "internal error", never a traceback or a warning, never another
exception from the library's loaders, never a hang (each case has a deadline), and the cases
that used to eat memory stay far under an address-space cap. The figures (cases, slowest case,
peak memory) are printed at the end of the run.
"""

import json
import random
import subprocess
import sys
import time
import warnings

import numpy as np

from fault_cli import (MEMORY_CAP_BYTES, TIMEOUT_S, Hang, Stats, child_environment, deadline,
                       limit_memory, run_cli)
from generators import BASES, cli_cases, formulas, hostile_texts, mutate_csv, mutate_json
import robosim
from robosim import RobosimError, load_robot
from robosim.hardware.calibration import default_calibration_path, load_calibration
from robosim.robot_files import robot_to_dict
from robosim.trajectory.expressions import compile_expression
from robosim.trajectory.files import read_trajectory_csv, trajectory_csv_text

SEED = 14


def check_run(label, run, failures):
    """Record what is wrong with one command-line run (nothing when robosim behaved)."""
    Stats.record(label, run.seconds)
    if isinstance(run.status, BaseException):
        failures.append(f"{label}: raised {type(run.status).__name__}: {run.status}")
    elif run.status not in (0, 1, 2):
        failures.append(f"{label}: exit {run.status}: {run.err[-300:]}")
    elif run.status == 2 and len(run.err_lines) != 1:
        failures.append(f"{label}: {len(run.err_lines)} lines on stderr: {run.err[-300:]}")
    elif "internal error" in run.err or "Traceback" in run.err or "Warning" in run.err:
        failures.append(f"{label}: {run.err[-300:]}")


def report(failures, cases):
    assert not failures, f"{len(failures)} of {cases} cases failed:\n" + "\n".join(failures[:15])


def test_damaged_command_lines_of_every_subcommand(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                   # outputs named by the cases land here
    texts = hostile_texts(tmp_path)
    failures, count = [], 0
    for label, argv in cli_cases(random.Random(SEED), tmp_path, texts, count=150, slow_count=6):
        count += 1
        check_run(f"{label} {argv!r:.300}", run_cli(*argv), failures)
    report(failures, count)


def test_the_bases_of_the_generated_command_lines_succeed(tmp_path, monkeypatch):
    # Otherwise the damaged copies would only test the error a base already makes.
    monkeypatch.chdir(tmp_path)
    hostile_texts(tmp_path)
    for argv in BASES:
        run = run_cli(*[a.replace("{tmp}", str(tmp_path)) for a in argv])
        assert run.status == 0, (argv, run.err)


def load_checked(loader, path):
    """``loader(path)`` under a deadline: the object, or None after a RobosimError."""
    with deadline(TIMEOUT_S), warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            return loader(path)
        except RobosimError as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 2000, str(exc)[:300]
            return None


def file_cases(tmp_path, name, texts, loader, check_loaded):
    """Write each text to ``name``, load it; a loader error other than RobosimError, a
    multi-line or huge message, or a loaded object on which ``check_loaded`` raises (its
    asserts) is a failure; ``check_loaded`` returns nothing (a returned value is refused, so
    that a check written as an expression cannot pass unseen)."""
    failures = []
    path = tmp_path / name
    for label, text in texts:
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        began = time.perf_counter()
        try:
            loaded = load_checked(loader, path)
            if loaded is not None:
                assert check_loaded(loaded) is None, "checks assert, they return nothing"
        except (Exception, Hang) as exc:   # noqa: BLE001  (any other exception is a finding)
            failures.append(f"{label}: {type(exc).__name__}: {str(exc)[:200]}")
        Stats.record(f"{name} {label}", time.perf_counter() - began)
    return failures


def test_damaged_robot_files(tmp_path):
    rng = random.Random(SEED)
    sources = [robot_to_dict(load_robot(name)) for name in ("lynx6", "Puma 560", "gantry")]
    texts = [(f"robot-{k:03d}-{label}", text) for k in range(240)
             for label, text in [mutate_json(rng, rng.choice(sources))]]

    def usable(robot):
        assert np.all(np.isfinite(robot.fk(robot.home)))
        for name in robot.poses:
            assert robot.within_limits(robot.pose(name))

    report(file_cases(tmp_path, "robot.json", texts, load_robot, usable), len(texts))


def test_damaged_csv_robot_tables(tmp_path):
    rng = random.Random(SEED)
    table = ("# name: table\n# unit: cm\ntype,theta,d,a,alpha,min,max\n"
             "R,0,10,0,90,-170,170\nR,0,0,20,0,-90,90\nP,0,5,0,0,0,30\n")
    texts = [(f"csv-{k:03d}-{label}", text) for k in range(80)
             for label, text in [mutate_csv(rng, table)]]
    def usable(robot):   # an assert: a bare expression's value was ignored (issue 25)
        assert np.all(np.isfinite(robot.fk(robot.home)))

    report(file_cases(tmp_path, "table.csv", texts, load_robot, usable), len(texts))


def test_damaged_calibration_files(tmp_path):
    rng = random.Random(SEED)
    source = json.loads(default_calibration_path().read_text(encoding="utf-8"))
    texts = [(f"calibration-{k:03d}-{label}", text) for k in range(120)
             for label, text in [mutate_json(rng, source)]]

    def in_range(calibration):
        for servo, rest in zip(calibration.joints, calibration.rest_deg, strict=True):
            assert servo.pulse_range[0] <= servo.pulse(rest) <= servo.pulse_range[1]

    failures = file_cases(tmp_path, "arm.calibration.json", texts, load_calibration, in_range)
    report(failures, len(texts))


def test_damaged_trajectory_files(tmp_path):
    rng = random.Random(SEED)
    lynx6 = load_robot("lynx6")
    t = np.linspace(0.0, 1.0, 5)
    text = trajectory_csv_text(lynx6, t, lynx6.home + np.outer(t, [0.1, 0, 0, 0, 0]))
    texts = [(f"trajectory-{k:03d}-{label}", damaged) for k in range(120)
             for label, damaged in [mutate_csv(rng, text)]]

    def finite(trajectory):
        assert np.all(np.isfinite(trajectory.q)) and np.all(np.diff(trajectory.t) > 0)

    report(file_cases(tmp_path, "t.csv", texts, read_trajectory_csv, finite), len(texts))


def test_damaged_files_through_the_command_line(tmp_path):
    rng = random.Random(SEED + 1)
    source = robot_to_dict(load_robot("lynx6"))
    calibration = json.loads(default_calibration_path().read_text(encoding="utf-8"))
    lynx6 = load_robot("lynx6")
    trajectory = trajectory_csv_text(lynx6, [0.0, 0.02], [lynx6.home, lynx6.home])
    failures, count = [], 0
    for k in range(40):
        choice = k % 3
        if choice == 0:
            label, text = mutate_json(rng, source)
            path, argv = tmp_path / "r.json", ["fk", tmp_path / "r.json", "home"]
        elif choice == 1:
            label, text = mutate_json(rng, calibration)
            path = tmp_path / "c.calibration.json"
            argv = ["arm", "--dry-run", "--json", "--calibration", path, "stop"]
        else:
            label, text = mutate_csv(rng, trajectory)
            path = tmp_path / "t.csv"
            argv = ["arm", "--dry-run", "--yes", "--json", "play", path]
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        count += 1
        check_run(f"file-cli-{k:02d}-{label}", run_cli(*argv), failures)
    report(failures, count)


def test_random_formulas(tmp_path):
    rng = random.Random(SEED)
    failures, cases = [], list(formulas(rng, 400))
    grid = np.linspace(-3.0, 3.0, 7)
    for label, text in cases:
        began = time.perf_counter()
        try:
            with deadline(TIMEOUT_S), warnings.catch_warnings():
                warnings.simplefilter("error")
                try:
                    expression = compile_expression(text, ("u", "v", "x1"))
                except RobosimError as exc:
                    assert "column" in str(exc) or "formula" in str(exc), str(exc)
                else:
                    expression(u=grid, v=grid, x1=grid)
        except (Exception, Hang) as exc:   # noqa: BLE001
            failures.append(f"{label} {text!r}: {type(exc).__name__}: {str(exc)[:200]}")
        Stats.record(f"{label} {text!r}", time.perf_counter() - began)
    for label, text in cases[:25]:
        check_run(f"{label}-cli {text!r}", run_cli(
            "trajectory", "lynx6", "--formula", text, "20*sin(u)", "100", "--points", "4"),
            failures)
    report(failures, len(cases) + 25)


# ---------------------------------------------------------------------- memory, capped
MEMORY_CASES = [
    ["show", "/dev/zero"], ["show", "{tmp}/urandom.json"],
    ["arm", "--dry-run", "--calibration", "/dev/zero", "home"],
    ["arm", "--dry-run", "--yes", "play", "/dev/zero"],
    ["arm", "--dry-run", "--yes", "play", "{tmp}/big.csv"],
    ["show", "{tmp}/big.json"],
    ["workspace", "lynx6", "--step", "1e-9", "--dry-run"],
    ["workspace", "lynx6", "--factor", "30", "--voxel", "1e-9"],
    ["workspace", "lynx6", "--samples", "1000000000000", "--dry-run"],
    ["workspace", "lynx6", "--step", "0.001"],
    ["line", "lynx6", "--from", "0", "0", "0", "0", "0", "--by", "10", "0", "0", "0", "0", "0",
     "--steps", "1000000000000"],
    ["profile", "lynx6", "--to", "10", "0", "0", "0", "0", "--duration", "1e6", "--dt", "1e-6"],
    ["trajectory", "lynx6", "--formula", "u", "0", "100", "--points", "1000000000"],
]
CAPPED_DRIVER = """
import contextlib, io, json, resource, sys
import robosim
from robosim.cli import main
print(json.dumps(robosim.__file__))
for argv in json.loads(sys.argv[1]):
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = main(argv)
    print(json.dumps([argv, status, err.getvalue()]))
print(json.dumps(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024))
"""


def test_inputs_that_ate_memory_stay_under_an_address_space_cap(tmp_path):
    (tmp_path / "urandom.json").symlink_to("/dev/urandom")
    for name in ("big.csv", "big.json"):
        with open(tmp_path / name, "wb") as stream:        # sparse: sizes, no disk
            stream.truncate(64 << 20)
    cases = [[a.replace("{tmp}", str(tmp_path)) for a in argv] for argv in MEMORY_CASES]
    done = subprocess.run([sys.executable, "-c", CAPPED_DRIVER, json.dumps(cases)],
                          capture_output=True, text=True, timeout=120,
                          preexec_fn=limit_memory, cwd=tmp_path,
                          env=child_environment())
    assert done.returncode == 0, done.stderr[-2000:]
    imported, *runs, peak = [json.loads(line) for line in done.stdout.splitlines()]
    assert imported == robosim.__file__          # the code under test, not another install
    Stats.capped_peak_bytes = max(Stats.capped_peak_bytes, peak)
    assert len(runs) == len(cases)
    for argv, status, err in runs:
        assert status == 2 and len(err.splitlines()) == 1, (argv, status, err)
        assert "internal error" not in err, (argv, err)
    assert peak < MEMORY_CAP_BYTES


def test_damaged_urdf_files(tmp_path):
    """Issue 28: damaged copies of exported URDFs (and of their text as ROS writes it) load as
    a robot whose FK is finite or are refused in one line; nothing else escapes."""
    from generators import mutate_urdf
    from robosim.robot_files import robot_to_urdf

    rng = random.Random(SEED)
    sources = [robot_to_urdf(load_robot(name)) for name in ("lynx6", "Puma 560", "gantry")]
    texts = [(f"urdf-{k:03d}-{label}", text) for k in range(240)
             for label, text in [mutate_urdf(rng, rng.choice(sources))]]
    def usable(robot):   # an assert: the lambda's value was ignored, so it could not fail
        assert np.all(np.isfinite(robot.fk(robot.home)))

    report(file_cases(tmp_path, "robot.urdf", texts, load_robot, usable), len(texts))

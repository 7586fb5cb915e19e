"""Issue 14, command-line values and formulas: every case found is a named test.

Each ends as one line on stderr with exit status 2 (1 stays "not reached"), naming the option
and its bounds, before anything large is allocated.
"""

import json

import pytest

from fault_cli import assert_usage_error, run_cli
from robosim.cli import values_not_options

FROM = ["--from", "0", "0", "0", "0", "0"]


# ------------------------------------------------------------------------- huge or tiny numbers
def test_ik_at_1e308_is_refused_with_the_bounds():
    assert_usage_error(run_cli("ik", "lynx6", "1e308", "1e308", "1e308"), "1e308",
                       "from -1,000,000 to 1,000,000")


def test_ik_refuses_a_target_beyond_any_robot_length():
    # Within the float range the solver's squared errors overflowed (TypeError, issue 14).
    from robosim import ValidationError, ik, load_robot

    with pytest.raises(ValidationError, match="beyond"):
        ik.solve(load_robot("Puma 560"), [1e300, 1e300, 1e300], axes="position")


def test_formula_whose_values_overflow_a_length():
    assert_usage_error(run_cli("trajectory", "lynx6", "--formula", "hypot(1e308, 1e308)",
                               "60*sin(u)", "150"), "hypot(1e308, 1e308)", "beyond")


@pytest.mark.parametrize("argv, option", [
    (["line", "lynx6", *FROM, "--to", "1e308", "10", "140"], "--to"),
    (["line", "lynx6", *FROM, "--by", "1e308", "0", "0", "0", "0", "0"], "--by"),
    (["jog", "lynx6", "x", "1e308", *FROM], "amount"),
    (["jog", "lynx6", "roll", "1e308", *FROM], "amount"),
    (["ik", "lynx6", "200", "0", "100", "--wrist-pitch", "1e308"], "--wrist-pitch"),
    (["line", "lynx6", *FROM, "--by", "10", "0", "0", "0", "0", "0", "--steps",
      "1000000000000"], "--steps"),
    (["workspace", "lynx6", "--voxel", "1e308"], "--voxel"),
    (["profile", "lynx6", "--to", "10", "0", "0", "0", "0", "--duration", "1e308"],
     "--duration"),
    (["line", "lynx6", *FROM, "--to", "200", "0", "100", "--duration", "inf", "--csv",
      "t.csv"], "--duration"),
    (["workspace", "lynx6", "--samples", "1e12", "--dry-run"], "--samples"),
    (["arm", "--dry-run", "--yes", "play", "t.csv", "--time-scale", "1e308"], "--time-scale"),
    (["arm", "--dry-run", "--speed", "nan", "home"], "--speed"),
    (["torques", "lynx6", "--csv", "t.csv", "--payload", "-1"], "--payload"),
    (["torques", "lynx6", "--csv", "t.csv", "--payload", "1e308"], "--payload"),
    (["fall", "lynx6", *FROM, "--duration", "inf"], "--duration"),
    (["fall", "lynx6", *FROM, "--duration", "1", "--dt", "0"], "--dt"),
    (["fall", "lynx6", "--from", "1e308", "0", "0", "0", "0", "--duration", "1"], "--from"),
])
def test_a_value_out_of_bounds_names_the_option(argv, option):
    assert_usage_error(run_cli(*argv), f"argument {option}", "must be")


def test_a_line_too_long_for_any_arm_is_refused_before_solving():
    # Within the command-line bounds, but 2,500 times the Lynx6's size: no 10^5 IK solutions.
    assert_usage_error(run_cli("line", "lynx6", *FROM, "--to", "1e6", "0", "0"),
                       "times the size of the Lynx6")


@pytest.mark.parametrize("argv, words", [
    (["workspace", "lynx6", "--step", "1e-9", "--dry-run"], ["180,000,000,001 values"]),
    (["workspace", "lynx6", "--step", "1e-300", "--dry-run"], ["values", "larger step"]),
    (["workspace", "lynx6", "--factor", "30", "--voxel", "1e-9"], ["too fine"]),
    (["workspace", "lynx6", "--factor", "30", "--voxel", "1e-9", "--dry-run"], ["too fine"]),
    (["workspace", "lynx6", "--samples", "1000", "--voxel", "1e-6", "--dry-run"],
     ["too fine"]),
    (["workspace", "lynx6", "--step", "0.01", "--dry-run"], ["positions to compute"]),
])
def test_workspace_dry_runs_refuse_what_the_run_refuses(argv, words):
    assert_usage_error(run_cli(*argv), *words)


def test_a_profile_of_too_many_samples_is_refused():
    assert_usage_error(run_cli("profile", "lynx6", "--to", "10", "0", "0", "0", "0",
                               "--duration", "1e6", "--dt", "1e-6"), "at most 1,000,000")


def test_every_bound_is_stated_in_help():
    helps = {}
    for name in ("line", "jog", "profile", "ik", "workspace", "arm", "trajectory", "torques",
                 "fall"):
        run = run_cli(name, "play" if name == "arm" else "lynx6", "--help")
        assert run.status == 0
        helps[name] = " ".join(run.out.split())          # argparse wraps lines anywhere
    assert "from 2 to 5,000" in helps["line"] and "from 2 to 5,000" in helps["jog"]
    assert "more than 0 and at most 1,000,000" in helps["profile"]
    assert "from -1,000,000 to 1,000,000" in helps["ik"]
    assert "from 1 to 90" in helps["workspace"] and "4,194,304 voxels" in helps["workspace"]
    assert "from 0.01 to 100" in helps["arm"]
    assert "from 2 to 10,000" in helps["trajectory"]
    assert "kg (default 0; from 0 to 5)" in helps["torques"]
    assert "time step, s (default 0.001; more than 0 and at most 1)" in helps["fall"]
    assert "seconds (more than 0 and at most 1,000,000" in helps["fall"]


# ------------------------------------------------------------------------- empty values
@pytest.mark.parametrize("argv, option", [
    (["trajectory", "lynx6", "--preset", ""], "--preset"),
    (["show", "lynx6", "--png", ""], "--png"),
    (["line", "lynx6", *FROM, "--by", "5", "0", "0", "0", "0", "0", "--csv", ""], "--csv"),
    (["ik", "lynx6", "200", "0", "100", "--axes", ""], "--axes"),
    (["ik", "lynx6", "200", "0", "100", "--axes", "  "], "--axes"),
    (["trajectory", "lynx6", "--formula", "u", "", "100"], "--formula"),
    (["arm", "--dry-run", "--calibration", "", "home"], "--calibration"),
    (["show", ""], "ROBOT"),
])
def test_an_empty_value_is_refused_not_ignored(argv, option):
    assert_usage_error(run_cli(*argv), f"argument {option}", "empty")


# ------------------------------------------------------------------------- formulas
@pytest.mark.parametrize("formula, column", [("150*α", 5), ("u*µ", 3), ("sin(α)+β*u", 5),
                                             ("αβγ*u)", 6)])
def test_a_non_ascii_formula_error_points_at_the_right_column(formula, column):
    run = run_cli("trajectory", "lynx6", "--formula", formula, "0", "100", "--points", "5")
    assert_usage_error(run, f"column {column}")


def test_a_formula_may_start_with_a_minus_sign():
    run = run_cli("trajectory", "lynx6", "--formula", "-60*cos(u)+250", "-60*sin(u)", "-1e1",
                  "--points", "8", "--json")
    assert run.status in (0, 1), run.err
    xyz = json.loads(run.out)["xyz"]
    assert xyz[0] == pytest.approx([190.0, 0.0, -10.0])     # u = 0: -60 + 250, -0, -10


def test_values_with_a_dash_are_kept_apart_from_options():
    assert values_not_options(["--formula", "-u*2", "-sin(u)", "-.5", "--points", "-3",
                               "-h", "--csv=-x.csv"]) == [
        "--formula", " -u*2", " -sin(u)", " -.5", "--points", " -3", "-h", "--csv=-x.csv"]


# ------------------------------------------------------------------------- the last resort
def test_a_parse_error_is_one_line_not_the_usage_block():
    assert_usage_error(run_cli("line", "lynx6", "--steps", "x"), "--steps",
                       "robosim line --help")
    assert_usage_error(run_cli("no-such-command"), "invalid choice")


def test_an_internal_error_is_still_one_line_with_exit_3(monkeypatch):
    import robosim.commands.kinematics as kinematics

    def broken(args):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(kinematics, "fk_command", broken)
    run = run_cli("fk", "lynx6", "home", debug=False)
    assert run.status == 3 and run.err_lines == [
        "robosim: internal error: ZeroDivisionError: a bug (set ROBOSIM_DEBUG=1 for details)"]

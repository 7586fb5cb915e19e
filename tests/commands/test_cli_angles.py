"""One angle rule on the command line (docs/shell.md): degrees unless --rad, flags anywhere.

Before, ``fk`` and ``jacobian`` read radians unless ``--deg`` while ``ik``, ``profile`` and
others always read degrees, ``profile ... --deg`` was refused and ``dh-steps ROBOT --deg q...``
too. Expected values here come from ``Robot.fk`` on radians converted by numpy, not from the
command's own output.
"""

import json
import math

import numpy as np
import pytest

from robosim import load_robot
from robosim.cli import build_parser, main

Q_DEG = [10.0, 30.0, -45.0, 10.0, 20.0]
#: Every command that reads an angle typed by the user, with arguments that make it valid.
ANGLE_COMMANDS = {
    "show": ["lynx6"],
    "fk": ["lynx6", "home"],
    "jacobian": ["lynx6", "home"],
    "dh-steps": ["lynx6"],
    "dh-sheet": ["lynx6", "--md", "sheet.md"],
    "fall": ["lynx6", "--from", *"00000", "--duration", "1"],
    "ik": ["lynx6", "200", "30", "120"],
    "line": ["lynx6", "--from", *"00000", "--by", *"100000"],
    "jog": ["lynx6", "x", "1", "--from", *"00000"],
    "profile": ["lynx6", "--to", *"00000"],
    "trajectory": ["lynx6", "--preset", "weld seam"],
    "joint-workspace": ["lynx6", "--box", *"000111"],
    "workspace": ["lynx6"],
    "arm": ["pose", *"00000"],
}


def run_json(capsys, *argv):
    status = main([str(a) for a in argv])
    out, _ = capsys.readouterr()
    assert status == 0
    return json.loads(out)


def fk_position(capsys, *argv):
    return np.array(run_json(capsys, "fk", "lynx6", *argv, "--json")["position"])


def test_joint_values_are_degrees_by_default_and_radians_with_rad(capsys):
    robot = load_robot("Lynx6")
    expected = robot.fk(np.radians(Q_DEG))[:3, 3]
    np.testing.assert_allclose(fk_position(capsys, *Q_DEG), expected, atol=1e-9)
    np.testing.assert_allclose(fk_position(capsys, *Q_DEG, "--deg"), expected, atol=1e-9)
    np.testing.assert_allclose(fk_position(capsys, *np.radians(Q_DEG), "--rad"), expected,
                               atol=1e-9)


@pytest.mark.parametrize("place", [0, 2, 5])
def test_the_flag_may_stand_anywhere_after_the_command(capsys, place):
    values = [str(v) for v in np.radians(Q_DEG)]
    argv = ["lynx6", *values]
    argv.insert(place, "--rad")
    expected = load_robot("Lynx6").fk(np.radians(Q_DEG))[:3, 3]
    np.testing.assert_allclose(run_json(capsys, "fk", *argv, "--json")["position"], expected,
                               atol=1e-9)
    steps = run_json(capsys, "dh-steps", *argv, "--json")
    np.testing.assert_allclose(steps["q"], np.radians(Q_DEG), atol=1e-12)


def test_profile_and_ik_take_radians_with_rad(capsys):
    goal = [0.1, 0.2, -0.3, 0.4, 0.0]
    data = run_json(capsys, "profile", "lynx6", "--to", *goal, "--rad", "--json")
    np.testing.assert_allclose(data["q_user"][-1], np.degrees(goal), atol=1e-9)
    pitch = -30.0
    by_degrees = run_json(capsys, "ik", "lynx6", 200, 30, 120, "--wrist-pitch", pitch, "--json")
    by_radians = run_json(capsys, "ik", "lynx6", 200, 30, 120, "--wrist-pitch",
                          math.radians(pitch), "--rad", "--json")
    assert by_degrees["wrist_pitch_deg"] == pytest.approx(pitch)
    assert by_radians["wrist_pitch_deg"] == pytest.approx(pitch)
    np.testing.assert_allclose(by_radians["solutions"][0]["q"], by_degrees["solutions"][0]["q"],
                               atol=1e-12)


def test_deg_and_rad_together_are_refused(capsys):
    assert main(["fk", "lynx6", "home", "--deg", "--rad"]) == 2
    assert "not allowed with" in capsys.readouterr().err


@pytest.mark.parametrize("command", sorted(ANGLE_COMMANDS))
def test_every_angle_command_takes_both_flags_and_says_its_unit(command, capsys):
    parser = build_parser()
    argv = [command, *ANGLE_COMMANDS[command]]
    assert parser.parse_args([*argv, "--rad"]).deg is False
    assert parser.parse_args([*argv, "--deg"]).deg is True
    assert parser.parse_args(argv).deg is True
    helps = "radians with --rad"
    help_argv = [command, "pose"] if command == "arm" else [command]
    with pytest.raises(SystemExit):
        parser.parse_args([*help_argv, "--help"])
    assert helps in " ".join(capsys.readouterr().out.split())

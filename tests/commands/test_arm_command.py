"""``robosim arm``: the command line against the simulated board and in dry run."""

import json
import math

import numpy as np
import pytest

from robosim import load_robot
from robosim.cli import main
from robosim.commands import arm as arm_command
from robosim.hardware import load_calibration
from robosim.trajectory.files import write_trajectory_csv


def run_arm(board, *words):
    return main(["arm", "--port", board.port, "--baud", "115200", "--timeout", "0.2", *words])


def test_pose_in_degrees_reaches_the_board_after_the_confirmed_rest_pose(board, capsys):
    assert run_arm(board, "--yes", "pose", "30", "-15", "0", "0", "0") == 0
    moves = board.moves()
    assert moves[0] == ({0: 1500, 1: 1500, 2: 1500, 3: 1500, 4: 1500, 5: 1200}, None, {})
    # stock calibration: 1500 + 11.111 us/deg; 30 deg at 60 deg/s takes 500 ms
    assert moves[1] == ({0: 1833, 1: 1333, 2: 1500, 3: 1500, 4: 1500}, 500, {})
    assert "moved to 30 -15 0 0 0 deg" in capsys.readouterr().out


def test_a_session_speed_limit_slows_every_move(board):
    assert run_arm(board, "--yes", "--speed", "30", "pose", "30", "0", "0", "0", "0") == 0
    assert board.moves()[-1][1] == 1000  # 30 deg at 30 deg/s


def test_without_confirmation_a_powered_up_board_gets_no_move(board, capsys):
    assert run_arm(board, "pose", "0", "0", "0", "0", "0") == 2
    assert board.moves() == []
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "--yes" in error


@pytest.mark.parametrize("answer, status, moves", [("y", 0, 2), ("", 2, 0), (EOFError, 2, 0)])
def test_on_a_terminal_the_rest_pose_is_asked_for(board, monkeypatch, answer, status, moves):
    def typed(prompt):
        assert "full speed" in prompt and "rest pose (0, 0, 0, 0, 0 deg" in prompt
        if answer is EOFError:
            raise EOFError  # Ctrl-D
        return answer

    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", typed)
    assert run_arm(board, "pose", "10", "0", "0", "0", "0") == status
    assert len(board.moves()) == moves  # the rest pose and the pose, or nothing


@pytest.mark.parametrize("state, pulse", [("open", 1200), ("close", 1800), ("40", 1440),
                                          ("40%", 1440), ("100", 1800)])
def test_the_gripper_opens_closes_or_closes_part_way(board, state, pulse):
    assert run_arm(board, "--yes", "gripper", state) == 0
    assert board.moves()[-1][0] == {5: pulse}     # stock: open 1200 us, closed 1800 us


@pytest.mark.parametrize("state", ["120", "-5", "half", "nan"])
def test_a_bad_gripper_state_is_one_line_and_sends_nothing(board, capsys, state):
    assert run_arm(board, "--yes", "gripper", state) == 2
    assert board.moves() == []
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "percentage from 0 (open) to 100 (closed)" in error


def test_a_refused_pose_sends_no_move_at_all(board, capsys):
    assert run_arm(board, "--yes", "pose", "0", "0", "85", "0", "0") == 2
    assert board.moves() == []  # not even the start-up move
    assert "joint 3 (elbow) = 85 deg" in capsys.readouterr().err


def test_play_streams_the_csv_with_a_progress_bar(board, tmp_path, capsys):
    robot = load_robot("Lynx6")
    t = np.linspace(0, 0.5, 11)
    q = np.radians(np.outer(t, [20, 0, -10, 0, 0]))
    path = write_trajectory_csv(tmp_path / "short.csv", robot, t, q)
    assert run_arm(board, "--yes", "play", str(path)) == 0
    assert len(board.moves()) == 1 + 1 + 10  # rest pose, approach to row 1, ten more rows
    assert "100%" in capsys.readouterr().err


def test_play_with_a_payload_the_elbow_cannot_carry_is_refused_before_any_move(board, tmp_path,
                                                                             capsys):
    robot = load_robot("Lynx6")
    t = np.linspace(0, 1, 201)
    q = np.zeros((201, 5))
    q[:, 2] = 0.05 * np.sin(20.0 * t)           # the elbow shaken within its 60 deg/s
    path = write_trajectory_csv(tmp_path / "shake.csv", robot, t, q)
    assert run_arm(board, "--yes", "play", str(path), "--payload", "0.25") == 2
    assert board.moves() == []                   # not even the start-up move
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "joint 3 (elbow) needs" in error and "times slower" in error
    assert run_arm(board, "--yes", "play", str(path), "--payload", "0.25",
                   "--time-scale", "1.5") == 0


def test_a_board_falling_silent_during_play_is_one_line_naming_the_row(board, tmp_path,
                                                                       capsys):
    robot = load_robot("Lynx6")
    t = np.linspace(0, 0.5, 11)
    q = np.radians(np.outer(t, [20, 0, -10, 0, 0]))
    path = write_trajectory_csv(tmp_path / "short.csv", robot, t, q)
    board.fail_after_moves(1 + 1 + 3, "silent")  # rest pose, approach, rows 2-4
    assert run_arm(board, "--yes", "play", str(path)) == 2
    assert len(board.moves()) <= 1 + 1 + 3 + 1  # at most one row after the fault
    assert board.settle().endswith(b"\x1bSTOP0\rSTOP1\rSTOP2\rSTOP3\rSTOP4\rSTOP5\r")
    errors = [line for line in capsys.readouterr().err.split("\n") if "robosim:" in line]
    assert len(errors) == 1  # (after the progress bar's line)
    assert "row 5 of 11" in errors[0] and "no reply" in errors[0]


def test_ctrl_c_during_play_stops_the_arm(board, tmp_path, monkeypatch, capsys):
    robot = load_robot("Lynx6")
    t = np.linspace(0, 2, 41)
    q = np.radians(np.outer(np.sin(t), [10, 0, 0, 0, 0]))
    path = write_trajectory_csv(tmp_path / "long.csv", robot, t, q)

    def interrupted(done, total, t_s):
        if done == 5:
            raise KeyboardInterrupt

    monkeypatch.setattr(arm_command, "_progress_bar", interrupted)
    assert run_arm(board, "--yes", "play", str(path)) == 130
    received = board.settle()
    assert received.endswith(b"\x1bSTOP0\rSTOP1\rSTOP2\rSTOP3\rSTOP4\rSTOP5\r")
    assert len(board.moves()) < 10
    assert "stopped" in capsys.readouterr().err


def test_version_and_status(board, capsys):
    board.pulses.update({0: 1610, 1: 1500, 2: 1500, 3: 1500, 4: 1500, 5: 1200})
    assert run_arm(board, "--json", "version") == 0
    assert json.loads(capsys.readouterr().out) == {"version": "SSC32-V2.50USB"}
    assert run_arm(board, "--json", "status") == 0
    status = json.loads(capsys.readouterr().out)
    assert status["pulses"] == [1610, 1500, 1500, 1500, 1500, 1200]
    assert status["q_deg"][0] == pytest.approx(110 / 11.111)


def test_a_silent_board_is_one_clear_line(board, capsys):
    board.mode = "silent"
    assert run_arm(board, "version") == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "baud" in error and "power" in error


def test_dry_run_prints_the_bytes_it_would_send(capsys):
    assert main(["arm", "--dry-run", "--yes", "pose", "10", "0", "0", "0", "0"]) == 0
    out = capsys.readouterr().out
    assert "would send: #0P1611#1P1500#2P1500#3P1500#4P1500T167<CR>" in out


def test_options_may_follow_the_action_as_in_the_usage_line(board, capsys):
    # robosim arm --port PORT ... (pose q1..q5 | ...) [--dry-run]: --speed before the action
    # is kept, the rest come after it
    assert main(["arm", "--speed", "30", "pose", "10", "0", "0", "0", "0", "--dry-run",
                 "--yes"]) == 0
    assert f"#0P1611#1P1500#2P1500#3P1500#4P1500T{math.ceil(10 / 30 * 1000)}<CR>" in \
        capsys.readouterr().out  # 10 deg at 30 deg/s
    assert main(["arm", "version", "--port", board.port, "--baud", "115200", "--timeout",
                 "0.2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"version": "SSC32-V2.50USB"}


def test_dry_run_json_lists_the_bytes(capsys):
    assert main(["arm", "--dry-run", "--json", "stop"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["sent"][-1] == "\x1bSTOP0\rSTOP1\rSTOP2\rSTOP3\rSTOP4\rSTOP5\r"


def test_usage_errors_are_one_line(capsys):
    assert main(["arm", "version"]) == 2
    assert "--port is required" in capsys.readouterr().err
    assert main(["arm", "--dry-run"]) == 2
    assert "say what the arm should do" in capsys.readouterr().err


def test_list_ports_runs_without_a_board(capsys):
    assert main(["arm", "--list-ports", "--json"]) == 0
    assert isinstance(json.loads(capsys.readouterr().out), list)


def test_the_calibration_wizard_from_the_command_line(board, tmp_path, monkeypatch, capsys):
    answers = iter(["step 50", "++", "ref 45", "save"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    path = tmp_path / "mine.calibration.json"
    assert run_arm(board, "--yes", "calibrate", "--save", str(path)) == 0
    saved = load_calibration(path)
    assert saved.joints[0].pulse_at_reference == 2000 and saved.joints[0].reference_deg == 45
    assert board.moves()[-1] == ({0: 2000}, None, {0: 200})

"""The Lynx6 driver against a simulated SSC-32 on a pseudo-terminal (and the dry-run port)."""

import sys
import threading

import numpy as np
import pytest
import serial

from robosim import load_robot
from robosim.errors import ValidationError
from robosim.hardware import (DryRunPort, LinkError, Lynx6, RefusedCommand, SSC32Link,
                              stock_lynx6)
from robosim.hardware.lynx6 import needs_rest_pose
from robosim.trajectory.files import read_trajectory_csv, write_trajectory_csv
from ssc32_board import SimulatedSSC32

STOCK_US_PER_DEG = 11.111  # the documented default: 500-2500 us over 180 deg
#: What stops every servo of the stock wiring (channels 0-5): ESC, then STOP<ch> CR each.
STOP_EVERY_SERVO = b"\x1bSTOP0\rSTOP1\rSTOP2\rSTOP3\rSTOP4\rSTOP5\r"


def stock_pulse(q_deg):
    """The stock calibration's pulse, from its documented numbers (not from the driver)."""
    return 1500 + STOCK_US_PER_DEG * np.asarray(q_deg, dtype=float)


@pytest.fixture
def arm(board):
    """A connected, started arm at the rest pose (all joints 0 deg)."""
    driver = Lynx6.connect(board.port, baud=115200, timeout=0.2)
    driver.start(confirmed_near_rest=True)
    yield driver
    driver.close()


class FakeClock:
    """A clock the test sets by hand (seconds)."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def dry_arm(clock=None, calibration=None):
    driver = Lynx6(SSC32Link(DryRunPort(), port="dry-run"), calibration=calibration,
                   clock=clock or FakeClock())
    driver.start(confirmed_near_rest=True)
    return driver


def sent(driver):
    return driver.link._serial.log  # noqa: SLF001 - the simulated port's log


# ------------------------------------------------------------------ conversions
def test_pulses_follow_the_calibration_both_ways():
    calibration = stock_lynx6().with_joint(1, direction=-1, us_per_deg=10.5, reference_deg=30,
                                           pulse_at_reference=1400)
    driver = dry_arm(calibration=calibration)
    q_deg = np.array([12.0, 40.0, -30.0, 0.0, 45.0])
    expected = stock_pulse(q_deg)
    expected[1] = 1400 - 10.5 * (40 - 30)
    pulses = driver.pulses(np.radians(q_deg))
    assert pulses.tolist() == np.rint(expected).astype(int).tolist()
    # back to angles: within half a microsecond of rounding, per joint
    back = np.degrees(driver.joint_values(pulses))
    assert np.all(np.abs(back - q_deg) * np.array([11.111, 10.5, 11.111, 11.111, 11.111])
                  <= 0.5 + 1e-9)


def test_outside_the_model_limits_is_refused_naming_joint_and_value(board, arm):
    before = board.settle()
    with pytest.raises(RefusedCommand, match=r"joint 2 \(shoulder\) = 95 deg .*limits "
                                             r"\[-90, 90\]"):
        arm.move_to(np.radians([0, 95, 0, 0, 0]))
    assert board.settle() == before


def test_outside_the_calibrated_pulses_is_refused_not_clamped(board, arm):
    before = board.settle()
    # 85 deg is inside the model's +-90 but needs 1500 + 11.111 * 85 = 2444 us > 2400
    with pytest.raises(RefusedCommand, match=r"joint 3 \(elbow\) = 85 deg needs a pulse of "
                                             r"2444 us, outside .* 600-2400 us"):
        arm.move_to(np.radians([0, 0, 85, 0, 0]))
    assert board.settle() == before
    with pytest.raises(RefusedCommand, match="row 2"):
        arm.play([0, 1], np.radians([[0, 0, 0, 0, 0], [0, 0, 85, 0, 0]]))
    assert board.settle() == before


# ------------------------------------------------------------------ speed
def test_a_move_takes_long_enough_for_the_speed_limit(board, arm):
    arm.move_to(np.radians([30, -15, 0, 0, 0]))
    pulses, time_ms, _ = board.moves()[-1]
    # 30 deg at the stock 60 deg/s: 500 ms; pulses from the documented calibration
    assert time_ms == 500
    assert pulses == {0: 1833, 1: 1333, 2: 1500, 3: 1500, 4: 1500}


def test_the_speed_limit_counts_from_where_the_arm_is_now():
    clock = FakeClock()
    driver = dry_arm(clock)
    driver.move_to(np.radians([60, 0, 0, 0, 0]))  # 1 s at 60 deg/s
    clock.now += 0.5  # halfway: the board is at 30 deg
    driver.move_to(np.radians([-30, 0, 0, 0, 0]))
    assert sent(driver)[-1].endswith(b"T1000\r")  # 60 deg from 30 to -30: 1 s


def test_a_trajectory_faster_than_the_limit_is_refused_with_the_slowdown_needed():
    driver = dry_arm()
    before = len(sent(driver))
    t = np.linspace(0, 0.8, 9)
    q = np.radians(np.outer(t, [0, 0, 90, 0, 0]))  # 90 deg/s on the elbow, up clear of the table
    with pytest.raises(RefusedCommand, match=r"joint 3 \(elbow\) would move at 90.0 deg/s.*"
                                             r"1.5 times slower"):
        driver.play(t, q)
    assert len(sent(driver)) == before
    times, pulses = driver.plan(t, q, time_scale=1.5)
    assert times[-1] == pytest.approx(1.2)


def elbow_shake(duration=1.0, samples=201):
    """The elbow shaken by 3 deg at 20 rad/s about the home pose (within its 60 deg/s)."""
    t = np.linspace(0.0, duration, samples)
    q = np.zeros((samples, 5))
    q[:, 2] = 0.05 * np.sin(20.0 * t)
    return t, q


def test_a_trajectory_needing_more_than_a_servos_rated_torque_is_refused_with_the_slowdown():
    driver = dry_arm()
    t, q = elbow_shake()
    driver.plan(t, q)                            # empty-handed: within every rating
    driver.set_payload(0.25)
    before = len(sent(driver))
    with pytest.raises(RefusedCommand, match=r"joint 3 \(elbow\) needs 1\.\d\d N m at t = "
                                             r"[\d.]+ s with 0\.25 kg in the gripper, above "
                                             r"its servo's rated 1\.29 N m: refused, nothing "
                                             r"sent \(play it [\d.]+ times slower") as refusal:
        driver.play(t, q)
    assert len(sent(driver)) == before
    factor = float(str(refusal.value).split("play it ")[1].split(" times")[0])
    assert 1.0 < factor < 3.0
    driver.plan(t, q, time_scale=factor)         # as slow as the message says: accepted


def test_a_payload_too_heavy_to_hold_is_refused_whatever_the_speed():
    driver = dry_arm()
    driver.set_payload(1.0)                      # 1 kg at 0.275 m: about 2.7 N m on the elbow
    t, q = elbow_shake()
    with pytest.raises(RefusedCommand, match="no speed helps"):
        driver.plan(t, q, time_scale=10.0)
    with pytest.raises(ValidationError, match="payload must be from 0 to 5 kg, got 250"):
        driver.set_payload(250)


def test_a_wrench_the_gripper_pushes_with_counts_in_the_torque_check():
    driver = dry_arm()
    t, q = elbow_shake()
    driver.plan(t, q)
    # 10 N down at the fingertips, 275 mm out from the shoulder and elbow axes: 2.75 N m more
    # than holding needs, above the shoulder's 2.42 N m whatever the speed
    down = driver.robot.fk(np.zeros(5))[:3, :3].T @ [0, 0, -10.0]
    driver.set_wrench(list(down) + [0, 0, 0])
    with pytest.raises(RefusedCommand, match=r"pushing with \[.*\] N, N m.*no speed helps"):
        driver.plan(t, q, time_scale=10.0)
    driver.set_wrench(None)
    driver.plan(t, q)
    with pytest.raises(ValidationError, match=r"wrench must be 6 finite numbers"):
        driver.set_wrench([1, 2, 3])


def test_a_step_longer_than_one_board_move_is_refused():
    driver = dry_arm()
    with pytest.raises(RefusedCommand, match="longer than one SSC-32 move can last"):
        driver.plan([0, 70], np.zeros((2, 5)))


def test_rows_too_close_for_the_baud_rate_are_skipped_keeping_the_last(board):
    driver = Lynx6(SSC32Link(DryRunPort(), baud=9600))
    t = np.arange(0, 1.001, 0.01)
    q = np.radians(np.outer(np.sin(t), [10, 10, 10, 0, 0]))
    times, pulses = driver.plan(t, q)
    # a group move of 5 channels is about 45 bytes: about 47 ms at 9600 baud, 8N1
    assert np.all(np.diff(times) >= 0.047)
    assert len(times) > 10
    assert times[-1] == pytest.approx(1.0)
    assert pulses[-1].tolist() == np.rint(stock_pulse(np.degrees(q[-1]))).astype(int).tolist()


# ------------------------------------------------------------------ start-up
def test_nothing_moves_before_the_rest_pose_is_confirmed(board):
    driver = Lynx6.connect(board.port, baud=115200, timeout=0.2)
    try:
        assert needs_rest_pose(driver.board_pulses())
        with pytest.raises(RefusedCommand, match="not started"):
            driver.move_to(np.zeros(5))
        with pytest.raises(RefusedCommand, match="powered up.*full speed"):
            driver.start()
        assert board.moves() == []
        assert driver.start(confirmed_near_rest=True) is True
        # the first command: a plain move (no S, no T) to the rest pose, gripper open
        assert board.moves() == [({0: 1500, 1: 1500, 2: 1500, 3: 1500, 4: 1500, 5: 1200},
                                  None, {})]
        driver.move_to(np.radians([10, 0, 0, 0, 0]))
        assert board.moves()[-1][1] is not None  # timed from now on
    finally:
        driver.close()


def test_a_board_already_driving_the_servos_is_continued_from_where_it_is():
    board = SimulatedSSC32(pulses={0: 1610, 1: 1500, 2: 1390, 3: 1500, 4: 1500, 5: 1800})
    driver = Lynx6.connect(board.port, baud=115200, timeout=0.2)
    try:
        assert driver.start() is False  # no confirmation needed, nothing sent
        assert board.moves() == []
        # QP has 10 us resolution: 1610 us is (1610 - 1500) / 11.111 deg
        assert np.degrees(driver.q) == pytest.approx([110 / 11.111, 0, -110 / 11.111, 0, 0])
    finally:
        driver.close()
        board.close()


# ------------------------------------------------------------------ leaving a with block
def connect(board):
    return Lynx6.connect(board.port, baud=115200, timeout=0.2)


def assert_stopped_then_closed(board, arm, port):
    """STOP went to every servo after the last move, once, and then the port was closed."""
    received = board.settle()
    assert received.endswith(STOP_EVERY_SERVO) and received.count(b"STOP0") == 1
    assert not port.is_open and arm.link.closed


def test_leaving_a_with_block_stops_every_servo_then_closes_the_port(board):
    with connect(board) as arm:
        arm.start(confirmed_near_rest=True)
        arm.move_to(np.radians([30, 0, 0, 0, 0]))  # 500 ms at 60 deg/s: running as we leave
        port = arm.link._serial  # noqa: SLF001 - the pyserial port, to see it closed
    # the move, then the stop: 30 deg at the documented 11.111 us/deg is 1833 us
    assert board.moves()[-1] == ({0: 1833, 1: 1500, 2: 1500, 3: 1500, 4: 1500}, 500, {})
    assert board.lines[-6:] == [b"STOP%d" % channel for channel in range(6)]
    assert_stopped_then_closed(board, arm, port)
    with pytest.raises(LinkError, match="closed"):
        arm.move_to(np.zeros(5))


@pytest.mark.parametrize("fault", ["Ctrl-C", "a refused move"])
def test_an_exception_in_the_block_propagates_after_the_arm_is_stopped_and_closed(board,
                                                                                   fault):
    interrupt = KeyboardInterrupt()
    expected = KeyboardInterrupt if fault == "Ctrl-C" else RefusedCommand
    with pytest.raises(expected) as caught, connect(board) as arm:
        arm.start(confirmed_near_rest=True)
        port = arm.link._serial  # noqa: SLF001 - the pyserial port, to see it closed
        arm.move_to(np.radians([30, 0, 0, 0, 0]))
        if fault == "Ctrl-C":
            raise interrupt
        arm.move_to(np.radians([0, 95, 0, 0, 0]))  # beyond the shoulder's 90 deg
    if fault == "Ctrl-C":
        assert caught.value is interrupt
    else:
        assert "joint 2 (shoulder) = 95 deg" in str(caught.value)
    assert_stopped_then_closed(board, arm, port)


def test_a_board_falling_silent_in_the_block_is_stopped_once_and_its_error_propagates(board):
    with pytest.raises(LinkError, match="^no reply from the SSC-32") as caught, \
            connect(board) as arm:
        arm.start(confirmed_near_rest=True)
        port = arm.link._serial  # noqa: SLF001 - the pyserial port, to see it closed
        board.mode = "silent"
        arm.move_to(np.radians([10, 0, 0, 0, 0]), wait=True)  # its Q gets no answer
    assert "sent STOP to every servo" in str(caught.value)  # by the fault, not a second time
    assert_stopped_then_closed(board, arm, port)


def test_a_fault_handled_in_the_block_leaves_it_quietly_with_no_second_stop(board):
    with connect(board) as arm:
        arm.start(confirmed_near_rest=True)
        port = arm.link._serial  # noqa: SLF001 - the pyserial port, to see it closed
        board.mode = "silent"
        with pytest.raises(LinkError, match="^no reply from the SSC-32"):
            arm.move_to(np.radians([10, 0, 0, 0, 0]), wait=True)
    assert_stopped_then_closed(board, arm, port)  # the fault's STOP only


def write_times_out(data):
    """A port write that times out, as pyserial's does once a board stops reading and the line
    is full (test_ssc32.py: test_a_board_that_stops_reading_gives_a_write_timeout; filling a
    pty here would race with the kernel moving bytes between its buffers)."""
    raise serial.SerialTimeoutException("Write timeout")


@pytest.mark.parametrize("leaving", ["normally", "by Ctrl-C"])
def test_a_stop_that_cannot_be_written_still_closes_the_port(board, leaving, monkeypatch):
    """STOP times out on leaving. The port is closed either way; leaving normally raises the
    link's error, leaving by an exception keeps that one."""
    interrupt = KeyboardInterrupt()
    expected = LinkError if leaving == "normally" else KeyboardInterrupt
    with pytest.raises(expected) as caught, connect(board) as arm:
        arm.start(confirmed_near_rest=True)
        port = arm.link._serial  # noqa: SLF001 - the pyserial port that stops taking bytes
        monkeypatch.setattr(port, "write", write_times_out)
        if leaving == "by Ctrl-C":
            raise interrupt
    assert not port.is_open and arm.link.closed
    if leaving == "normally":
        assert "write timeout" in str(caught.value)
    else:
        assert caught.value is interrupt
        if sys.version_info >= (3, 11):  # exceptions carry notes from Python 3.11 on
            assert any("write timeout" in note for note in caught.value.__notes__)


# ------------------------------------------------------------------ trajectories
def test_a_200_point_trajectory_plays_pulse_for_pulse(board, arm, tmp_path):
    robot = load_robot("Lynx6")
    t = np.arange(200) * 0.012  # 115200 baud streams a row every 10.9 ms at most (row + Q)
    q = np.radians(np.column_stack([15 * np.sin(np.pi * t), 8 * np.sin(2 * np.pi * t),
                                    -15 * t, 5 * np.cos(np.pi * t), 8 * t]))
    path = write_trajectory_csv(tmp_path / "wave.csv", robot, t, q)
    trajectory = read_trajectory_csv(path)
    progress = []
    completed = arm.play(trajectory.t, trajectory.q,
                         progress=lambda done, total, ts: progress.append((done, total)))
    assert completed
    moves = board.moves()[-200:]
    assert len(moves) == 200 and progress[-1] == (200, 200)
    commanded = np.array([[m[0][c] for c in range(5)] for m in moves], dtype=float)
    ideal = stock_pulse(np.degrees(trajectory.q))
    assert np.max(np.abs(commanded - ideal)) <= 0.5 + 1e-9  # within pulse rounding
    durations = [m[1] for m in moves[1:]]
    assert durations == pytest.approx(np.diff(trajectory.t) * 1000, abs=0.5)
    assert set(board.pulses) >= {0, 1, 2, 3, 4}
    assert [board.pulses[c] for c in range(5)] == commanded[-1].tolist()


def test_query_mode_waits_for_each_move_to_complete(board, arm):
    t = np.linspace(0, 0.3, 4)
    q = np.radians(np.outer(t, [20, 0, 0, 0, 0]))
    assert arm.play(t, q, wait_on="query")
    lines = board.lines
    last_moves = [i for i, line in enumerate(lines) if line.startswith(b"#")][-3:]
    for first, second in zip(last_moves, last_moves[1:], strict=False):  # consecutive pairs
        assert b"Q" in lines[first + 1:second]  # each step is confirmed before the next


def test_stop_ends_a_playing_trajectory_at_once(board, arm):
    t = np.linspace(0, 3, 60)
    q = np.radians(np.outer(np.sin(t), [10, 10, 0, 0, 0]))
    reached = threading.Event()

    def progress(done, total, ts):
        if done == 10:
            reached.set()

    result = {}
    player = threading.Thread(target=lambda: result.update(done=arm.play(t, q, progress)))
    player.start()
    assert reached.wait(5)
    arm.stop()
    player.join(2)
    assert not player.is_alive() and result["done"] is False
    received = board.settle()
    stop_at = received.rindex(b"\x1bSTOP0\r")
    assert received[stop_at:] == b"\x1bSTOP0\rSTOP1\rSTOP2\rSTOP3\rSTOP4\rSTOP5\r"
    assert len(board.moves()) < 60


class StopDuringTheCheck(threading.Event):
    """The driver's Stop flag; on its ``fire_at``-th check another thread presses Stop."""

    def __init__(self, driver, fire_at):
        super().__init__()
        self.driver, self.fire_at, self.checks = driver, fire_at, 0
        self.presser = None

    def is_set(self):
        answer = super().is_set()
        self.checks += 1
        if self.checks == self.fire_at:
            self.presser = threading.Thread(target=self.driver.stop)
            self.presser.start()
            self.presser.join(0.3)  # it finishes, or waits until the move being checked is out
        return answer


def test_no_move_follows_a_stop_pressed_while_a_row_is_being_sent():
    driver = dry_arm()
    driver._stop = stop_flag = StopDuringTheCheck(driver, fire_at=4)  # noqa: SLF001 - the Stop flag, fired mid-check
    t = np.linspace(0, 1, 11)
    q = np.radians(np.outer(t, [20, 0, 0, 0, 0]))
    assert driver.play(t, q, wait_on="query") is False
    stop_flag.presser.join(2)
    log = sent(driver)
    stop_at = log.index(b"\x1bSTOP0\rSTOP1\rSTOP2\rSTOP3\rSTOP4\rSTOP5\r")
    assert not [line for line in log[stop_at:] if line.startswith(b"#")]  # (a Q may follow)
    assert len([line for line in log if line.startswith(b"#")]) == 1 + 4  # rest + 4 checked


def test_a_trajectory_may_start_exactly_at_a_joint_limit():
    # a base servo calibrated over the board's whole range reaches the model's 90 deg limit
    driver = dry_arm(calibration=stock_lynx6().with_joint(0, pulse_range=(500, 2500)))
    t = np.linspace(0, 2, 5)
    q = np.radians(np.column_stack([np.linspace(90, 60, 5), np.zeros((5, 4))]))
    assert driver.play(t, q, wait_on="query")
    moves = [line for line in sent(driver) if line.startswith(b"#")][1:]
    # 1500 + 11.111 us/deg * 90 deg = 2499.99 us -> 2500, then 30 deg down in 2 s
    assert [m.split(b"#")[1] for m in moves] == [b"0P2500", b"0P2417", b"0P2333", b"0P2250",
                                                 b"0P2167"]


def test_the_gripper_moves_between_its_calibrated_pulses(board, arm):
    arm.gripper(closed=True)
    arm.gripper(closed=False)
    arm.gripper(closed=0.25)                      # a quarter of the way from 1200 to 1800 us
    assert [m[0] for m in board.moves()[-3:]] == [{5: 1800}, {5: 1200}, {5: 1350}]


def test_the_gripper_can_wait_for_its_move_to_complete(board, arm):
    arm.gripper(closed=True)
    assert arm.link.movement_complete() is False       # 700 ms to close
    arm.gripper(closed=False, wait=True)
    assert arm.link.movement_complete() is True        # open already: the block may end


def test_the_gripper_waits_for_a_move_being_written_and_obeys_a_stop_meanwhile(board, arm):
    # issue 25: gripper() neither took the send lock nor checked Stop
    before = len(board.moves())
    outcome = []
    with arm._send_lock:  # noqa: SLF001 - another thread is writing a move
        closing = threading.Thread(target=lambda: outcome.append(arm.gripper(closed=True)))
        closing.start()
        closing.join(0.2)
        assert closing.is_alive()                 # the gripper waits for the lock
        arm._stop.set()  # noqa: SLF001 - Stop pressed while it waits
    closing.join(5)
    assert outcome == [False] and len(board.moves()) == before


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan")])
def test_a_gripper_fraction_outside_0_to_1_is_refused_before_any_byte(board, arm, bad):
    before = len(board.moves())
    with pytest.raises(ValidationError, match="0 \\(open\\) to 1 \\(closed\\)"):
        arm.gripper(closed=bad)
    assert len(board.moves()) == before


def test_a_session_speed_limit_only_lowers_the_calibrated_one():
    clock = FakeClock()
    driver = dry_arm(clock)
    driver.limit_speed(30)
    driver.move_to(np.radians([30, 0, 0, 0, 0]))
    assert sent(driver)[-1].endswith(b"T1000\r")  # 30 deg at 30 deg/s
    driver.limit_speed(1000)  # above the calibration's 60 deg/s: stays at 60
    assert driver.speed_limits.tolist() == [60.0] * 5
    with pytest.raises(ValidationError, match="speed limit"):
        driver.limit_speed(0)


def test_link_settings_are_checked():
    with pytest.raises(ValidationError, match="baud rate"):
        SSC32Link(DryRunPort(), baud=0)
    with pytest.raises(ValidationError, match="timeout"):
        SSC32Link.open("loop://", timeout=0)


# ------------------------------------------------------------------ collisions
def test_a_trajectory_through_the_table_is_refused_before_anything_is_sent():
    # The wrist turns the gripper from level down into the table (issue 30): at wrist -60 deg
    # the fingertips are 46 mm below the table top (tests/test_collision.py works it out).
    driver = dry_arm()
    t = np.linspace(0.0, 3.0, 61)
    q = np.zeros((61, 5))
    q[:, 1] = np.radians(-30.0)
    q[:, 3] = np.radians(-60.0) * t / 3.0
    before = len(sent(driver))
    with pytest.raises(RefusedCommand, match=r"at t = [\d.]+ s the arm would collide \(link 4 "
                                             r"\(wrist\) hits table\): refused, nothing sent"):
        driver.play(t, q)
    assert len(sent(driver)) == before
    driver.plan(t[:8], q[:8])                    # the part above the table plays
    with pytest.raises(RefusedCommand, match="hits table"):
        driver.move_to(q[-1])
    assert len(sent(driver)) == before


def test_the_scene_adds_obstacles_to_refuse():
    from robosim.collision import load_scene
    from pathlib import Path
    driver = dry_arm()
    t = np.linspace(0.0, 3.0, 31)
    q = np.zeros((31, 5))
    q[:, 0] = np.radians(-31.0) * t / 3.0        # swing towards the cup while reaching
    q[:, 1] = np.radians(-30.0)
    driver.plan(t, q)                            # the default scene: only the table
    driver.set_scene(load_scene(Path(__file__).parents[2] / "examples" / "scenes"
                                / "lynx6_desk.json"))
    with pytest.raises(RefusedCommand, match="hits cup"):
        driver.plan(t, q)


def test_a_taught_sequence_timed_by_the_servo_limits_passes_every_check():
    from robosim.trajectory import TaughtSequence
    driver = dry_arm()
    taught = TaughtSequence("Lynx6")
    for degrees, dwell in (([0, 0, 0, 0, 0], 0), ([40, -20, 10, -30, 0], 0.5),
                           ([-30, 10, 20, 10, 45], 0), ([0, 0, 0, 0, 0], 0)):
        taught.record(np.radians(degrees), dwell)
    profile = taught.trajectory(0.02, *driver.motion_limits(), robot=driver.robot)
    times, _ = driver.plan(profile.t, profile.q)        # speed, torque and collisions: accepted
    assert times[-1] == pytest.approx(profile.t[-1])
    taught.record(np.radians([0, -30, 0, -60, 0]))      # then the gripper into the table
    profile = taught.trajectory(0.02, *driver.motion_limits(), robot=driver.robot)
    with pytest.raises(RefusedCommand, match="hits table"):
        driver.plan(profile.t, profile.q)

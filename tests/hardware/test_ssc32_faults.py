"""A board that fails while a trajectory streams: found at once, STOP sent, port closed.

The simulated SSC-32 (tests/ssc32_board.py) falls silent, answers garbage, never finishes a move
or vanishes right after a chosen group move. Issue 14 asks: at most one group move goes out
after the fault, STOP goes to every servo where the port still takes bytes, the port is closed,
the message names the fault and the row, and no pulse ever leaves the calibrated range. The
link's check timeout and the driver's completion margin are shortened so that the file runs in
a few seconds.
"""

import numpy as np
import pytest

from robosim.hardware import HardwareError, LinkError, Lynx6, load_calibration

ROWS = 12
STEP_S = 0.06
AFTER_ROW = 4  # the board fails right after receiving this row's group move
STOP_EVERY_SERVO = b"\x1bSTOP0\rSTOP1\rSTOP2\rSTOP3\rSTOP4\rSTOP5\r"  # stock channels 0-5


def trajectory():
    """Rows 60 ms apart from the rest pose (all joints 0 deg): base and elbow out and back by
    up to 8 deg, at most 8 * pi / 0.66 = 38 deg/s, under the stock 60 deg/s."""
    t = np.arange(ROWS) * STEP_S
    wave = np.sin(np.pi * t / t[-1])
    return t, np.radians(np.outer(wave, [8, 0, -8, 0, 0]))


@pytest.fixture
def arm(board):
    driver = Lynx6.connect(board.port, baud=115200, timeout=0.2)
    # shorter than the 250 ms and 2 s of a real run, long enough for a loaded test machine
    driver.link.check_timeout = 0.15
    driver.completion_margin_s = 0.3
    driver.start(confirmed_near_rest=True)
    yield driver
    driver.close()


class WriteLog:
    """Every write the host makes on a port (a vanished board hears none of them)."""

    def __init__(self, port):
        self.writes = []
        self._write = port.write
        port.write = self.write

    def write(self, data):
        self.writes.append(bytes(data))
        return self._write(data)

    def moves(self):
        lines = b"".join(self.writes).replace(b"\x1b", b"").split(b"\r")
        return sum(line.startswith(b"#") for line in lines)


def fail_after_row(board, row, mode):
    """Make the board fail right after the group move of streamed row ``row`` (1-based):
    the rest pose was its first move, the approach to row 1 its second."""
    board.fail_after_moves(1 + row, mode)


def assert_pulses_calibrated(board):
    calibration = load_calibration()
    ranges = {joint.channel: joint.pulse_range for joint in calibration.joints}
    grip = calibration.gripper
    ranges[grip.channel] = (min(grip.open, grip.closed), max(grip.open, grip.closed))
    for pulses, _, _ in board.moves():
        for channel, pulse in pulses.items():
            low, high = ranges[channel]
            assert low <= pulse <= high, (channel, pulse)


@pytest.mark.parametrize("mode, fault", [
    ("silent", "no reply from the SSC-32"),
    ("garbage", "unexpected reply b'?' to the Q"),
    ("vanish", "lost the port"),
])
def test_a_board_failing_mid_trajectory_gets_no_more_rows_and_is_stopped(board, arm, mode,
                                                                         fault):
    port = arm.link._serial  # noqa: SLF001 - the port that fails
    log = WriteLog(port)
    progress = []
    fail_after_row(board, AFTER_ROW, mode)
    with pytest.raises(LinkError) as error:
        arm.play(*trajectory(), progress=lambda done, total, t_s: progress.append(done))
    message = str(error.value)
    # Found within one row: at the check that follows row AFTER_ROW, or, when the host had
    # already read that check's answer, at the next one (which of the two depends on timing)
    assert message.startswith((f"row {AFTER_ROW} of {ROWS} ", f"row {AFTER_ROW + 1} of {ROWS} "))
    assert fault in message
    # AFTER_ROW rows (the approach to row 1 among them) went out before the fault
    assert log.moves() - AFTER_ROW <= 1
    assert progress[-1] < ROWS
    assert not port.is_open and arm.link.closed
    if mode == "vanish":
        assert "could not send STOP" in message
    else:
        assert "sent STOP to every servo" in message
        assert board.settle().endswith(STOP_EVERY_SERVO)
    assert_pulses_calibrated(board)
    with pytest.raises(LinkError, match="closed after an error"):
        arm.move_to(np.zeros(5))


def test_unasked_bytes_between_rows_stop_the_trajectory(board, arm):
    log = WriteLog(arm.link._serial)  # noqa: SLF001 - the port that fails

    def noise(done, total, t_s):  # line noise reaching the host right after a row
        if done == AFTER_ROW:
            board.send_unasked(b"x")

    with pytest.raises(LinkError, match=rf"row {AFTER_ROW + 1} of {ROWS} .*unexpected"):
        arm.play(*trajectory(), progress=noise)
    assert log.moves() - AFTER_ROW <= 1
    assert board.settle().endswith(STOP_EVERY_SERVO)
    assert arm.link.closed


def test_a_move_that_never_completes_before_streaming_is_stopped(board, arm):
    log = WriteLog(arm.link._serial)  # noqa: SLF001 - the port that fails
    fail_after_row(board, 1, "never_finishes")  # the approach to row 1 runs for ever
    with pytest.raises(HardwareError, match=rf"moving to row 1 of {ROWS}: the move did not "
                                            r"complete .*'\+' to Q"):
        arm.play(*trajectory())
    assert log.moves() == 1  # the approach only: not one streamed row
    assert board.settle().endswith(STOP_EVERY_SERVO)
    assert arm.link.closed


def test_a_move_that_never_completes_in_query_mode_is_stopped_at_its_row(board, arm):
    log = WriteLog(arm.link._serial)  # noqa: SLF001 - the port that fails
    fail_after_row(board, AFTER_ROW, "never_finishes")
    with pytest.raises(HardwareError, match=rf"row {AFTER_ROW} of {ROWS} .*did not complete"):
        arm.play(*trajectory(), wait_on="query")
    assert log.moves() == AFTER_ROW
    assert board.settle().endswith(STOP_EVERY_SERVO)
    assert arm.link.closed
    assert_pulses_calibrated(board)


def test_a_silent_board_at_the_end_of_a_trajectory_is_stopped(board, arm):
    fail_after_row(board, ROWS, "silent")
    with pytest.raises(LinkError, match=rf"after the last row \({ROWS}\): no reply"):
        arm.play(*trajectory())
    assert board.settle().endswith(STOP_EVERY_SERVO)
    assert arm.link.closed

"""The SSC-32 protocol: exact bytes (loop://), replies, and the fail-closed link (a pty board)."""

import os
import select
import subprocess
import sys
from pathlib import Path

import pytest
import serial

from robosim.errors import ValidationError
from robosim.hardware.ssc32 import (DryRunPort, LinkError, SSC32Link, decode_pulses,
                                    encode_move, encode_stop, parse_line)
from ssc32_board import SimulatedSSC32


@pytest.fixture
def loop_link():
    link = SSC32Link(serial.serial_for_url("loop://", timeout=0.1, write_timeout=0.1),
                     port="loop://")
    yield link
    link.close()


@pytest.fixture
def board_link(board):
    link = SSC32Link.open(board.port, baud=115200, timeout=0.2)
    yield link
    link.close()


def echoed(link):
    """What loop:// gives back: exactly the bytes that went out."""
    return link._serial.read(4096)  # noqa: SLF001 - the simulated port


def test_a_single_move_is_the_guides_bytes(loop_link):
    loop_link.move({0: 1500})
    # SSC32_NOTES: "#0P1500\r" = 23 30 50 31 35 30 30 0D
    assert echoed(loop_link) == bytes([0x23, 0x30, 0x50, 0x31, 0x35, 0x30, 0x30, 0x0D])


def test_a_group_move_names_every_channel_and_one_time(loop_link):
    loop_link.move({0: 1500, 1: 1200, 2: 1800, 3: 1500, 4: 1500}, time_ms=1000)
    assert echoed(loop_link) == b"#0P1500#1P1200#2P1800#3P1500#4P1500T1000\r"


def test_speed_argument_follows_its_channel(loop_link):
    loop_link.move({5: 1500, 3: 1600}, speeds={5: 750})
    assert echoed(loop_link) == b"#5P1500S750#3P1600\r"


def test_stop_cancels_the_partial_line_then_stops_each_servo():
    assert encode_stop([0, 5]) == b"\x1bSTOP0\rSTOP5\r"


@pytest.mark.parametrize("pulses, time_ms, field", [
    ({0: 499}, None, "pulse of channel 0"), ({0: 2501}, None, "pulse of channel 0"),
    ({32: 1500}, None, "channel"), ({0: 1500.5}, None, "pulse of channel 0"),
    ({0: 1500}, 65536, "move time"), ({0: 1500}, 0, "move time"), ({}, None, "at least one"),
])
def test_values_the_board_would_clamp_are_refused_before_any_byte(loop_link, pulses, time_ms,
                                                                  field):
    with pytest.raises(ValidationError, match=field):
        loop_link.move(pulses, time_ms=time_ms)
    assert echoed(loop_link) == b""


def test_pulse_query_reply_is_tens_of_microseconds():
    assert decode_pulses(bytes([150, 60, 0]), 3) == [1500, 600, None]
    with pytest.raises(LinkError, match="QP"):
        decode_pulses(bytes([3]), 1)
    with pytest.raises(LinkError, match="expected 2"):
        decode_pulses(bytes([150]), 2)


def test_the_decoder_reads_back_what_the_encoder_writes():
    line = encode_move({0: 1500, 7: 900}, time_ms=250, speeds={7: 100})
    assert line.endswith(b"\r")
    assert parse_line(line[:-1]) == [("move", (0, 1500)), ("move", (7, 900)), ("time", 250)]
    assert parse_line(b"qp3 Q ver stop 4") == [("query_pulse", 3), ("query_movement", None),
                                              ("version", None), ("stop", 4)]
    with pytest.raises(ValidationError, match="not an SSC-32 command"):
        parse_line(b"#0P1500X")


def test_queries_against_the_simulated_board(board, board_link):
    assert board_link.version() == "SSC32-V2.50USB"
    assert board_link.pulses([0, 1]) == [None, None]  # just powered up: no pulses
    board_link.move({0: 1500, 1: 1000})  # first move: instant
    board_link.move({0: 2000}, time_ms=300)
    assert board_link.movement_complete() is False
    assert board_link.pulses([0, 1]) == [2000, 1000]
    board_link.stop([0])
    assert board.settle().endswith(b"\x1bSTOP0\r")
    assert board.lines[-3:] == [b"QP0QP1", b"Q", b"STOP0"]  # Q: a known last byte after QP


def test_a_silent_board_gets_a_message_naming_the_likely_causes(board, board_link):
    board.mode = "silent"
    with pytest.raises(LinkError) as error:
        board_link.version()
    message = str(error.value)
    assert "no reply" in message and "baud" in message and "power" in message
    assert board_link.closed
    sent = board.settle()
    with pytest.raises(LinkError, match="closed"):
        board_link.move({0: 1500})
    assert board.settle() == sent  # nothing more was sent


class EmptyReadPort(DryRunPort):
    """A port opened without a timeout (pyserial's default, ``timeout=None``) whose reads
    return nothing, as a closed pty does."""

    timeout = None

    def read(self, size=1):
        return b""

    def read_until(self, expected=b"\n", size=None):
        return b""


def test_a_silent_port_without_a_timeout_is_named_too():
    # the message said "within {timeout:g} s": None made it a TypeError, not a LinkError
    link = SSC32Link(EmptyReadPort(), port="/dev/ttyTEST")
    with pytest.raises(LinkError, match="no reply from the SSC-32 on /dev/ttyTEST at 9600 baud\\."):
        link.version()
    assert link.closed


@pytest.mark.parametrize("query", ["movement_complete", "version", "pulses"])
def test_garbage_replies_close_the_link(board, board_link, query):
    board.mode = "garbage"
    # "?" is 63: one QP byte alone would read as a plausible 630 us
    with pytest.raises(LinkError, match="(unexpected|incomplete) reply"):
        getattr(board_link, query)(*([[0]] if query == "pulses" else []))
    sent = board.settle()
    with pytest.raises(LinkError):
        board_link.move({0: 1500})
    assert board.settle() == sent


def wait_until_the_host_can_read(link):
    """Block until bytes the board sent have reached the host's port (select on its file
    descriptor: returns as they arrive, however loaded the machine)."""
    port = link._serial  # noqa: SLF001 - the real pyserial port under the link
    readable, _, _ = select.select([port.fileno()], [], [], 10.0)
    assert readable and port.in_waiting, "the board's bytes did not reach the host in 10 s"


def test_unasked_bytes_before_a_query_close_the_link(board, board_link):
    os.write(board.master, b"xyz")
    wait_until_the_host_can_read(board_link)
    with pytest.raises(LinkError, match="unexpected bytes"):
        board_link.movement_complete()


def test_a_line_feed_after_the_version_text_is_tolerated(board, board_link):
    assert board_link.version() == "SSC32-V2.50USB"
    os.write(board.master, b"\n")  # as from a firmware that ends its text with CR LF
    wait_until_the_host_can_read(board_link)
    assert board_link.movement_complete() is True


def test_a_vanished_device_closes_the_link(board, board_link):
    board.vanish()
    with pytest.raises(LinkError, match="lost the port"):
        for _ in range(3):  # the first write may still fit in the closed pty's buffer
            board_link.move({0: 1500})
    with pytest.raises(LinkError, match="closed after an error"):
        board_link.move({0: 1500})


def test_a_board_that_stops_reading_gives_a_write_timeout(board):
    link = SSC32Link.open(board.port, baud=115200, timeout=0.05)
    board.mode = "deaf"
    with pytest.raises(LinkError, match="write timeout"):
        for _ in range(100000):
            link.move({0: 1500, 1: 1500, 2: 1500, 3: 1500, 4: 1500}, time_ms=100)
    assert link.closed


def test_leaving_a_links_with_block_stops_its_servos_then_closes_the_port(board):
    with SSC32Link.open(board.port, baud=115200, timeout=0.2) as link:
        link.stop_on_fault = (0, 3)
        link.move({0: 1500, 3: 1500})
        port = link._serial  # noqa: SLF001 - the pyserial port, to see it closed
    assert board.settle().endswith(b"#0P1500#3P1500\r\x1bSTOP0\rSTOP3\r")
    assert not port.is_open and link.closed
    mistake = ValueError("the student's own error")
    with pytest.raises(ValueError) as caught, \
            SSC32Link.open(board.port, baud=115200, timeout=0.2) as link:
        link.stop_on_fault = (5,)
        port = link._serial  # noqa: SLF001 - the pyserial port, to see it closed
        raise mistake
    assert caught.value is mistake
    assert board.settle().endswith(b"\x1bSTOP5\r") and not port.is_open and link.closed


def test_a_link_that_knows_no_servos_only_closes_on_leaving_its_block(board):
    with SSC32Link.open(board.port, baud=115200, timeout=0.2) as link:
        link.move({0: 1500})
    assert board.settle() == b"#0P1500\r" and link.closed


def test_a_socket_url_reaches_the_board_as_a_serial_port_does():
    board = SimulatedSSC32(transport="socket")
    link = SSC32Link.open(board.port, timeout=0.5)
    try:
        assert link.version() == "SSC32-V2.50USB"
        link.move({0: 1500, 1: 1200}, time_ms=1000)
        assert link.pulses([0, 1, 2]) == [1500, 1200, None]
        # the answer came after the board read the move: no need to settle (a socket cannot)
        assert board.moves(settle=False) == [({0: 1500, 1: 1200}, 1000, {})]
    finally:
        link.close()
        board.close()


def test_a_port_that_does_not_exist_is_named_with_what_to_try():
    with pytest.raises(LinkError, match="^port '/dev/robosim-no-such-port' does not exist. "
                                        "Check that the USB cable is plugged in") as caught:
        SSC32Link.open("/dev/robosim-no-such-port")
    assert "--list-ports" in str(caught.value) and "Errno" not in str(caught.value)


def test_dry_run_logs_the_exact_bytes_and_answers_like_an_idle_board():
    echoed_bytes = []
    port = DryRunPort(echo=echoed_bytes.append)
    link = SSC32Link(port, port="dry-run")
    assert link.pulses([0]) == [None]
    link.move({0: 1830, 1: 600}, time_ms=500)
    assert link.movement_complete() is True
    assert link.pulses([0, 1]) == [1830, 600]
    assert "SSC32" in link.version()
    assert port.log[1] == b"#0P1830#1P600T500\r"
    assert echoed_bytes == port.log


def test_without_a_pty_the_serial_tests_still_collect_and_the_board_skips(monkeypatch):
    # Windows has no pty module: simulate that in a fresh interpreter (pyserial's own termios
    # use is POSIX-only and absent there too, so only pty and tty are hidden)
    here = Path(__file__).resolve().parent
    code = (f"import sys; sys.modules['pty'] = sys.modules['tty'] = None; "
            f"sys.path[:0] = [{str(here)!r}, {str(here.parent)!r}]; "
            f"import test_ssc32, test_lynx6")
    imported = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=60)
    assert imported.returncode == 0, imported.stderr
    monkeypatch.setitem(sys.modules, "pty", None)
    with pytest.raises(pytest.skip.Exception, match="pseudo-terminal"):
        SimulatedSSC32()

"""The Lynxmotion SSC-32 / SSC-32U serial protocol, and a fail-closed link to the board.

Protocol (SSC-32U user guide pp. 24-38; ASCII, case-insensitive, nothing runs before the CR):

- Move one or more servos: ``#<ch>P<pulse>[S<speed>]...[T<time>]`` + CR, ``ch`` 0-31,
  ``pulse`` in microseconds (500-2500, 1500 = centre), ``S`` in microseconds per second for that
  servo, ``T`` in milliseconds (max 65535) for the whole group: all servos of a line start and
  finish together. A new move replaces one in progress; there is no queue.
- ``Q`` + CR: one byte, ``.`` the last move is complete, ``+`` it is still running.
- ``QP<ch>`` + CR: one *binary* byte per channel queried, the commanded pulse / 10.
- ``VER`` + CR: the firmware version as text ending in CR, e.g. ``SSC32-V2.50USB``.
- ``STOP<ch>`` + CR (SSC-32U): that servo stops where it is (``Q`` still answers ``+`` until
  the interrupted move's time is up, guide p. 38). ESC (0x1B) instead of CR cancels a partly
  sent line.
- The board clamps pulses outside 500-2500 (possibly into a mechanical stop), and the first
  command after power-up ignores S and T: the host must guard against both (see lynx6.py).

:class:`SSC32Link` sends these bytes over any pyserial URL. It fails closed: a lost port, a write
timeout, a silent board or an unexpected reply sends ``STOP`` for every servo in
:attr:`SSC32Link.stop_on_fault` (if the port still takes bytes), closes the port, raises
:class:`LinkError` with a message saying what happened, and every later call raises too.
Leaving a ``with SSC32Link.open(...) as link:`` block stops those servos and closes the port,
also when an exception (Ctrl-C included) ends the block (:func:`stop_then_close`).

Checking the board while streaming. A host that only writes notices nothing, so a streamed move
can carry a check (``move(..., check=True)``): ``Q`` follows it in the same write, and
:meth:`SSC32Link.check_board` reads, without waiting, whatever the board sent since. The answer
must be one byte, ``.`` or ``+``, within :attr:`SSC32Link.check_timeout` (default 250 ms, 50 times
the board's 5 ms) of the check leaving the port; any other byte, or any byte nobody asked for, is
a fault. The driver (lynx6.py) sends no next row before the answer has come, so a board that
answers garbage is found when its answer arrives, a silent one 250 ms after the first check it
leaves unanswered, and at most one group move (the one that check followed) goes out after the
board failed. The check costs 2 bytes out and 1 back per row: see :meth:`Lynx6.min_step_s`.
``QP`` replies are binary (a garbage byte of 50-250 reads as a pulse), so :meth:`SSC32Link.pulses`
sends ``Q`` after them and refuses the reply unless its last byte is ``.`` or ``+``.
:class:`DryRunPort` stands in for a serial port and logs the exact bytes, so the whole driver
runs without an arm.
"""

from __future__ import annotations

import errno
import re
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import TracebackType
from typing import Any, NoReturn, Protocol, TypeVar

from ..errors import RobosimError, ValidationError

CR = b"\r"
ESC = b"\x1b"
CHANNELS = range(32)
#: Pulse widths (us) the board outputs; outside them it clamps, so they are refused here.
PROTOCOL_PULSE_RANGE = (500, 2500)
MAX_TIME_MS = 65535
DEFAULT_BAUD = 9600
BAUD_RATES = (2400, 9600, 38400, 115200)
MOVE_COMPLETE, MOVE_RUNNING = b".", b"+"
#: Bits on the wire per byte at 8N1 (start, 8 data, stop).
BITS_PER_BYTE = 10
#: The board answers a query within this time (s; SSC-32U guide: 50 us to 5 ms).
BOARD_REPLY_S = 0.005
#: Default time (s) the board has to answer the ``Q`` that checks a streamed move.
CHECK_TIMEOUT_S = 0.25
#: Seconds between two looks at the port while that answer is awaited.
CHECK_POLL_S = 0.001


class LinkError(RobosimError):
    """The serial link failed (lost port, timeout, silent or unexpected reply); it is closed."""


class SerialPort(Protocol):
    """What :class:`SSC32Link` uses of a port: pyserial's ``Serial`` and :class:`DryRunPort`."""

    timeout: float | None

    @property
    def in_waiting(self) -> int:
        """Bytes received and not read yet."""

    def write(self, data: bytes, /) -> int | None:
        """Send ``data``; the number of bytes written."""

    def read(self, size: int, /) -> bytes:
        """At most ``size`` bytes, fewer when :attr:`timeout` passes first."""

    def read_until(self, expected: bytes, /) -> bytes:
        """Bytes up to and including ``expected``, fewer when :attr:`timeout` passes first."""

    def flush(self) -> None:
        """Wait until every byte written is sent."""

    def close(self) -> None:
        """Close the port."""


_Decoded = TypeVar("_Decoded")


# ------------------------------------------------------------------------------- encoding
def _check_int(value, low, high, what):
    if isinstance(value, bool) or int(value) != value or not low <= value <= high:
        raise ValidationError(f"{what} must be a whole number from {low} to {high}, got {value!r}")
    return int(value)


def encode_move(pulses: Mapping[int, int], time_ms: int | None = None,
                speeds: Mapping[int, int] | None = None) -> bytes:
    r"""The bytes of a single or group move.

    Parameters
    ----------
    pulses : dict of int to int
        Channel (0-31) to pulse width in microseconds (500-2500), in the order to write them.
    time_ms : int, optional
        Duration of the whole move in milliseconds (1-65535); None for none.
    speeds : dict of int to int, optional
        Channel to speed in microseconds per second (the ``S`` argument).

    Examples
    --------
    >>> encode_move({0: 1500})
    b'#0P1500\r'
    >>> encode_move({0: 1500, 1: 1200}, time_ms=1000)
    b'#0P1500#1P1200T1000\r'
    """
    if not pulses:
        raise ValidationError("a move needs at least one channel")
    speeds = speeds or {}
    parts = []
    for channel, pulse in pulses.items():
        channel = _check_int(channel, CHANNELS.start, CHANNELS.stop - 1, "channel")
        pulse = _check_int(pulse, *PROTOCOL_PULSE_RANGE, f"pulse of channel {channel} (us)")
        parts.append(f"#{channel}P{pulse}")
        if channel in speeds:
            parts.append(f"S{_check_int(speeds[channel], 1, 65535, 'speed (us/s)')}")
    if time_ms is not None:
        parts.append(f"T{_check_int(time_ms, 1, MAX_TIME_MS, 'move time (ms)')}")
    return "".join(parts).encode("ascii") + CR


def encode_query_movement() -> bytes:
    """``Q`` + CR: is the last move complete?"""
    return b"Q" + CR


def encode_query_pulses(channels: Sequence[int]) -> bytes:
    """``QP<ch>`` for each channel in one line; the board answers one byte per channel."""
    if not channels:
        raise ValidationError("query at least one channel")
    return "".join(f"QP{_check_int(c, 0, 31, 'channel')}" for c in channels).encode() + CR


def encode_version() -> bytes:
    """``VER`` + CR: the firmware version."""
    return b"VER" + CR


def encode_stop(channels: Iterable[int]) -> bytes:
    """ESC (drop any partly received line) then ``STOP<ch>`` + CR for each channel."""
    return ESC + b"".join(f"STOP{_check_int(c, 0, 31, 'channel')}".encode() + CR
                          for c in channels)


def line_seconds(data: bytes, baud: int) -> float:
    """Seconds the bytes ``data`` take on the wire at ``baud`` (8N1)."""
    return len(data) * BITS_PER_BYTE / baud


# ------------------------------------------------------------------------------- decoding
def decode_movement(reply: bytes) -> bool:
    """True if the reply to ``Q`` says the move is complete, False if it is running."""
    if reply == MOVE_COMPLETE:
        return True
    if reply == MOVE_RUNNING:
        return False
    raise LinkError(f"unexpected reply {reply!r} to Q (expected b'.' or b'+')")


def decode_pulses(reply: bytes, count: int) -> list[int | None]:
    """Pulse widths in microseconds from the binary reply to ``count`` ``QP`` queries.

    A channel that outputs no pulse (as after power-up, before its first command) answers 0
    and is returned as None.
    """
    if len(reply) != count:
        raise LinkError(f"expected {count} byte(s) in reply to QP, got {reply!r}")
    if any(byte and not 50 <= byte <= 250 for byte in reply):
        raise LinkError(f"unexpected reply {reply!r} to QP (pulses "
                        f"{[10 * byte for byte in reply]} us are not 500-2500)")
    return [10 * byte if byte else None for byte in reply]


def decode_version(reply: bytes) -> str:
    """The version text from the reply to ``VER``; it must name the SSC-32."""
    text = reply.decode("ascii", errors="replace").strip()
    if "SSC32" not in text.upper().replace("-", ""):
        raise LinkError(f"unexpected reply {reply!r} to VER: this does not look like an "
                        f"SSC-32 (is it the right port?)")
    return text


_TOKEN = re.compile(rb"#(\d+)P(\d+)(?:S(\d+))?|T(\d+)|QP(\d+)|Q|VER|STOP(\d+)")


def parse_line(line: bytes) -> list[tuple[str, tuple[int, int] | int | None]]:
    """Decode one command line (without its CR) as the board reads it.

    Returns a list of ``(kind, values)``: ``("move", (channel, pulse))``, ``("time", ms)``,
    ``("query_pulse", channel)``, ``("query_movement", None)``, ``("version", None)``,
    ``("stop", channel)``. Raises ValidationError on bytes that are not a command.
    """
    text = re.sub(rb"[ \t\n]", b"", line.upper())
    commands: list[tuple[str, tuple[int, int] | int | None]] = []
    position = 0
    for match in _TOKEN.finditer(text):
        if match.start() != position:
            break
        position = match.end()
        move, _speed, time_ms, query, stop = (match.group(i) for i in (1, 3, 4, 5, 6))
        if move is not None:
            commands.append(("move", (int(move), int(match.group(2)))))
        elif time_ms is not None:
            commands.append(("time", int(time_ms)))
        elif query is not None:
            commands.append(("query_pulse", int(query)))
        elif stop is not None:
            commands.append(("stop", int(stop)))
        else:
            commands.append(("query_movement" if match.group() == b"Q" else "version", None))
    if position != len(text):
        raise ValidationError(f"not an SSC-32 command: {line!r}")
    return commands


# ------------------------------------------------------------------------------- the link
def silent_board_message(port: str, baud: int, timeout: float | None) -> str:
    """What to check when the board answers nothing (``timeout`` None: a port that waits
    without limit, which returned nothing all the same)."""
    within = "" if timeout is None else f" within {timeout:g} s"
    return (f"no reply from the SSC-32 on {port} at {baud} baud{within}. "
            f"Check that the board's power is on (USB alone does not power it), that the baud "
            f"rate matches the board (SSC-32U factory setting 9600; its button cycles 9600, "
            f"38400, 115200), and that this is the right port ('robosim arm --list-ports')")


def open_serial(port: str, baud: int = DEFAULT_BAUD, timeout: float = 0.5) -> SerialPort:
    """Open a pyserial URL (``/dev/ttyUSB0``, ``COM3``, ``loop://``, ``socket://host:port``)."""
    import serial  # lazily: plain CLI commands must not import pyserial

    _check_int(baud, 1, 10_000_000, "baud rate")
    if not timeout > 0:
        raise ValidationError(f"timeout must be a positive number of seconds, got {timeout!r}")
    try:
        return serial.serial_for_url(port, baudrate=baud, timeout=timeout,
                                     write_timeout=timeout)
    except (serial.SerialException, OSError, ValueError) as exc:
        raise LinkError(port_error_message(port, exc)) from None


#: What to try when a port cannot be opened, by the OS error number pyserial passes on.
_PORT_ADVICE = {
    errno.ENOENT: "does not exist. Check that the USB cable is plugged in, then pick a port "
                  "that 'robosim arm --list-ports' lists (e.g. /dev/ttyUSB0, or COM3 on "
                  "Windows)",
    errno.EACCES: "cannot be opened: you may not use it. On Linux add yourself to the dialout "
                  "group ('sudo usermod -aG dialout $USER'), then log out and in again",
    errno.EBUSY: "is in use by another program (another robosim, a serial terminal): close "
                 "it and press Connect again",
}


def port_error_message(port: str, exc: BaseException) -> str:
    """Why ``port`` could not be opened and what to try, in a student's words; the system's
    own text (``[Errno 2] could not open port ...``) only for errors without advice.

    >>> port_error_message("/dev/ttyUSB9", FileNotFoundError(2, "No such file or directory"))
    ... # doctest: +ELLIPSIS
    "port '/dev/ttyUSB9' does not exist. Check that the USB cable is plugged in, then ..."
    """
    number = getattr(exc, "errno", None)
    advice = _PORT_ADVICE.get(errno.ENOENT if number == errno.ENOTDIR else number) \
        if isinstance(number, int) else None
    if advice is None and "No such file" in str(exc):     # pyserial's URL handlers
        advice = _PORT_ADVICE[errno.ENOENT]
    if advice is None:
        return f"cannot open port {port!r}: {exc}"
    return f"port {port!r} {advice}"


def stop_then_close(stop: Callable[[], object], close: Callable[[], object],
                    leaving: BaseException | None = None) -> None:
    """Fail closed at the end of a ``with`` block: ``stop()``, then ``close()`` whatever
    ``stop`` did, so that the block cannot leave the arm running (pololu-maestro's ``Maestro``
    stops its servos on leaving; pyserial's ``Serial`` closes its port).

    Parameters
    ----------
    stop, close : callable
        Called without arguments, in this order; ``close`` also when ``stop`` raises.
    leaving : BaseException or None
        The exception that ends the block, None when it ended normally.

    Raises
    ------
    Exception
        When the block ended normally, the first error of ``stop`` or ``close``: a STOP that
        may not have reached the board must not pass unseen. When it ended with ``leaving``,
        nothing: ``leaving`` propagates, and their errors are added to it as notes (Python
        3.11+; 3.10 has no notes) rather than hiding it.
    """
    problems: list[Exception] = []
    try:
        try:
            stop()
        except Exception as exc:  # noqa: BLE001 - reported below, once the port is closed
            problems.append(exc)
    finally:
        try:
            close()
        except Exception as exc:  # noqa: BLE001 - reported below
            problems.append(exc)
    if not problems:
        return
    first = leaving if leaving is not None else problems[0]
    add_note = getattr(first, "add_note", None)
    for other in problems:
        if other is not first and add_note is not None:
            add_note(f"while stopping the servos and closing the port: "
                     f"{type(other).__name__}: {other}")
    if leaving is None:
        raise first


class SSC32Link:
    """Commands and queries to an SSC-32 over an open serial port; fails closed.

    Parameters
    ----------
    serial_port : serial.Serial-like
        Has ``write``, ``read``, ``read_until``, ``in_waiting``, ``flush``, ``close`` and
        ``timeout``; e.g. from :func:`open_serial`, or a :class:`DryRunPort`.
    port : str
        Shown in messages.
    baud : int
        Used for messages and for the time a line takes on the wire.
    check_timeout : float
        Seconds the board has to answer the ``Q`` that checks a streamed move (see the module
        docstring); tests shorten it.

    Attributes
    ----------
    stop_on_fault : tuple of int
        Channels sent ``STOP`` when the link fails or a ``with`` block ends (the driver sets
        every servo's); empty: none.

    All methods are thread-safe: the GUI's Stop may come from another thread than streaming.
    As a context manager (``with SSC32Link.open(port) as link:``), leaving the block sends
    ``STOP`` to :attr:`stop_on_fault` and closes the port, exceptions included.
    """

    def __init__(self, serial_port: SerialPort, port: str = "", baud: int = DEFAULT_BAUD,
                 check_timeout: float = CHECK_TIMEOUT_S) -> None:
        self._serial: SerialPort | None = serial_port   # None once closed
        self.port = port or getattr(serial_port, "port", "") or "the port"
        self.baud = _check_int(baud, 1, 10_000_000, "baud rate")
        if not check_timeout > 0:
            raise ValidationError(f"check timeout must be a positive number of seconds, got "
                                  f"{check_timeout!r}")
        self.check_timeout = check_timeout
        self.stop_on_fault: tuple[int, ...] = ()
        self.error: str | None = None   # the message of the fault that closed the link
        self._lock = threading.Lock()
        # time.monotonic() when the unanswered check's Q went out
        self._check_sent_at: float | None = None

    @classmethod
    def open(cls, port: str, baud: int = DEFAULT_BAUD, timeout: float = 0.5,
             check_timeout: float = CHECK_TIMEOUT_S) -> SSC32Link:
        """Open ``port`` (any pyserial URL) at ``baud``; timeouts in seconds."""
        return cls(open_serial(port, baud, timeout), port=port, baud=baud,
                   check_timeout=check_timeout)

    @property
    def closed(self) -> bool:
        return self._serial is None

    def _fail(self, message: str, error: type[RobosimError] = LinkError,
              port_takes_bytes: bool = True) -> NoReturn:
        """Send STOP to :attr:`stop_on_fault` if the port still takes bytes, close it for good,
        raise ``error`` with ``message`` and what was done (call with the lock held)."""
        self.error = self.error or message
        port, self._serial = self._serial, None
        self._check_sent_at = None
        stopped = self._last_stop(port, port_takes_bytes)
        if port is not None:
            try:
                port.close()
            except Exception:  # noqa: BLE001 - the port is already broken; closing is best effort
                pass
        raise error(f"{message}; {stopped}closed {self.port}: nothing more will be sent")

    def _last_stop(self, port, port_takes_bytes):
        """Try to stop every servo of :attr:`stop_on_fault` on a failing link; says how it went."""
        if port is None or not self.stop_on_fault:
            return ""
        if not port_takes_bytes:
            return "could not send STOP (the port takes no bytes), "
        try:
            port.write(encode_stop(self.stop_on_fault))
            port.flush()
        except Exception as exc:  # noqa: BLE001 - any failure means the port is gone
            return f"could not send STOP: lost the port {self.port} ({exc}), "
        return "sent STOP to every servo, "

    def _open_port(self) -> SerialPort:
        """The port, or LinkError when the link is closed."""
        if self._serial is None:
            raise LinkError(f"the link to {self.port} is closed"
                            + (f" after an error ({self.error})" if self.error else "")
                            + ": connect again to continue")
        return self._serial

    def _write(self, data):
        import serial

        port = self._open_port()
        try:
            written = port.write(data)
            port.flush()
        except serial.SerialTimeoutException:
            self._fail(f"write timeout on {self.port}: the board does not take the bytes",
                       port_takes_bytes=False)
        except Exception as exc:  # noqa: BLE001 - OSError, SerialException, termios.error...
            self._fail(f"lost the port {self.port} ({exc})", port_takes_bytes=False)
        if written is not None and written != len(data):
            self._fail(f"only {written} of {len(data)} bytes were written to {self.port}",
                       port_takes_bytes=False)

    def _read(self, count, command):
        port = self._open_port()
        try:
            reply = port.read_until(CR) if count is None else port.read(count)
        except Exception as exc:  # noqa: BLE001 - any failure of the port closes the link
            self._fail(f"lost the port {self.port} ({exc})")
        if not reply:
            self._fail(silent_board_message(self.port, self.baud, port.timeout))
        if count is None and not reply.endswith(CR):
            self._fail(f"incomplete reply {reply!r} to {command!r} (no CR before the timeout)")
        if count is not None and len(reply) != count:
            self._fail(f"short reply {reply!r} to {command!r}: expected {count} byte(s)")
        return reply

    def _poll_check(self):
        """Read, without waiting, what the board sent: the answer to the pending check, if
        any, else nothing at all. True once no check is pending; fails the link on anything
        else and on a check unanswered after :attr:`check_timeout` (call with the lock held).

        Line ends alone are dropped (a firmware that ends its version text with CR LF).
        """
        port = self._open_port()
        try:
            waiting = port.in_waiting
            received = port.read(waiting) if waiting else b""
        except Exception as exc:  # noqa: BLE001 - any failure of the port closes the link
            self._fail(f"lost the port {self.port} ({exc})")
        received = received.lstrip(b"\r\n")
        if self._check_sent_at is None:
            if received:
                self._fail(f"unexpected bytes {received!r} from the board (nothing was asked): "
                           f"something else talks on the line")
            return True
        if received:
            if received not in (MOVE_COMPLETE, MOVE_RUNNING):
                self._fail(f"unexpected reply {received!r} to the Q that checks the board "
                           f"(expected b'.' or b'+')")
            self._check_sent_at = None
            return True
        if time.monotonic() - self._check_sent_at > self.check_timeout:
            self._fail(silent_board_message(self.port, self.baud, self.check_timeout))
        return False

    def check_board(self) -> bool:
        """Look, without waiting, at what the board has sent (see the module docstring).

        Returns True once the board has answered the check of the last checked move (or none
        is pending), False while the answer may still come within :attr:`check_timeout`.

        Raises
        ------
        LinkError
            The board answered anything but ``.`` or ``+``, sent bytes nobody asked for, or let
            the check time out, or the port is gone: STOP was sent (if the port took it) and the
            port is closed.
        """
        with self._lock:
            return self._poll_check()

    def write(self, data: bytes) -> None:
        """Send command bytes (a move, a stop) that get no reply."""
        with self._lock:
            self._write(data)

    def query(self, command: bytes, reply_length: int | None = None) -> bytes:
        """Send a query and return its reply: ``reply_length`` bytes, or text up to CR if None.

        A pending check is answered first (waiting up to :attr:`check_timeout`). Bytes that
        arrive unasked before the query mean something else talks on the line: the link fails
        rather than guess which reply is which.
        """
        with self._lock:
            while not self._poll_check():
                time.sleep(CHECK_POLL_S)
            self._write(command)
            return self._read(reply_length, command)

    def checked(self, decode: Callable[..., _Decoded], *args: Any) -> _Decoded:
        """Run ``decode(*args)``; a LinkError it raises (garbage reply) closes the link."""
        try:
            return decode(*args)
        except LinkError as exc:
            with self._lock:
                self._fail(str(exc))

    # -------------------------------------------------------------- the board's commands
    def move(self, pulses: Mapping[int, int], time_ms: int | None = None,
             speeds: Mapping[int, int] | None = None, check: bool = False) -> bytes:
        """Send a single or group move (see :func:`encode_move`); returns the move's bytes.

        With ``check``, ``Q`` follows in the same write, unless a check is still pending; its
        answer is read by :meth:`check_board` or the next query.
        """
        data = encode_move(pulses, time_ms, speeds)
        with self._lock:
            ask = check and self._check_sent_at is None
            self._write(data + encode_query_movement() if ask else data)
            if ask:
                self._check_sent_at = time.monotonic()
        return data

    def movement_complete(self) -> bool:
        """Ask ``Q``: True when the last move has finished."""
        return self.checked(decode_movement, self.query(encode_query_movement(), 1))

    def pulses(self, channels: Sequence[int]) -> list[int | None]:
        """Ask ``QP`` for each channel: commanded pulse widths (10 us resolution), None if off.

        ``Q`` follows the ``QP`` line and the reply's last byte must answer it (``.`` or
        ``+``): one binary ``QP`` byte cannot tell a pulse from garbage, a known byte can.
        """
        command = encode_query_pulses(channels) + encode_query_movement()
        reply = self.query(command, len(channels) + 1)
        if reply[-1:] not in (MOVE_COMPLETE, MOVE_RUNNING):
            with self._lock:
                self._fail(f"unexpected reply {reply!r} to {command!r}: its last byte answers "
                           f"Q and must be b'.' or b'+'")
        return self.checked(decode_pulses, reply[:-1], len(channels))

    def version(self) -> str:
        """Ask ``VER``: the firmware version text. A silent board raises LinkError."""
        return self.checked(decode_version, self.query(encode_version()))

    def stop(self, channels: Iterable[int]) -> None:
        """Cancel any partial line and stop each channel where it is (ESC, ``STOP<ch>``)."""
        self.write(encode_stop(channels))

    def abort(self, message: str, error: type[RobosimError] = LinkError) -> NoReturn:
        """Fail closed on a fault found above the link (a move that never completes): STOP
        :attr:`stop_on_fault` if the port takes bytes, close it, raise ``error(message...)``."""
        with self._lock:
            self._fail(message, error)

    def close(self) -> None:
        """Close the port (idempotent); the servos hold their last pulse (no STOP is sent:
        leave a ``with`` block for that)."""
        with self._lock:
            port, self._serial = self._serial, None
            self._check_sent_at = None
        if port is not None:
            port.close()

    def __enter__(self) -> SSC32Link:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 traceback: TracebackType | None) -> None:
        """Leave the ``with`` block: :meth:`stop` the channels of :attr:`stop_on_fault`, then
        :meth:`close`, also when the block raised (:func:`stop_then_close`). A link a fault
        closed already sent that STOP when it failed: nothing more is sent."""
        stop_then_close(self._stop_servos, self.close, exc)

    def _stop_servos(self):
        if self.stop_on_fault and not self.closed:
            self.stop(self.stop_on_fault)


class DryRunPort:
    """A stand-in serial port: logs every byte written and answers like an idle board.

    Moves complete at once (``Q`` gives ``.``), ``QP`` returns the last commanded pulses (0, no
    pulse, before a channel's first move, as after power-up) and ``VER`` says
    ``SSC32-DRYRUN``. ``log`` holds the bytes of each write; ``echo``, if given, is called with
    each write's bytes (the CLI prints them).
    """

    timeout: float | None = 0.0     # as SerialPort's: pyserial's None means "wait forever"
    port = "dry-run"

    def __init__(self, echo: Callable[[bytes], object] | None = None) -> None:
        self.log: list[bytes] = []
        self.echo = echo
        self._pulses: dict[int, int] = {}   # channel -> last commanded pulse (us)
        self._replies = bytearray()
        self._line = b""

    @property
    def in_waiting(self) -> int:
        return len(self._replies)

    def write(self, data: bytes) -> int:
        data = bytes(data)
        self.log.append(data)
        if self.echo is not None:
            self.echo(data)
        for byte in data:
            self._receive(bytes([byte]))
        return len(data)

    def _receive(self, byte):
        if byte == ESC:
            self._line = b""
        elif byte == CR:
            line, self._line = self._line, b""
            self._execute(line)
        else:
            self._line += byte

    def _execute(self, line):
        for kind, value in parse_line(line):
            if kind == "move" and isinstance(value, tuple):       # (channel, pulse)
                self._pulses[value[0]] = value[1]
            elif kind == "query_movement":
                self._replies += MOVE_COMPLETE
            elif kind == "query_pulse" and isinstance(value, int):    # the channel
                self._replies.append(self._pulses.get(value, 0) // 10)
            elif kind == "version":
                self._replies += b"SSC32-DRYRUN" + CR

    def read(self, count: int) -> bytes:
        reply, self._replies = bytes(self._replies[:count]), self._replies[count:]
        return reply

    def read_until(self, terminator: bytes = CR) -> bytes:
        end = self._replies.find(terminator)
        return self.read(len(self._replies) if end < 0 else end + len(terminator))

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass

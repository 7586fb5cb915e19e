"""A simulated SSC-32 behind a pseudo-terminal, so the real ``serial.Serial`` talks to it
(or behind a TCP socket, ``transport="socket"``, for pyserial's ``socket://`` URLs).

The board is written from the SSC-32U guide, independently of robosim's encoder: it reads lines
ending in CR (ESC drops the partial line), moves servos linearly over ``T`` milliseconds (the
first move of a channel after power-up is instant, as on the real board), and answers ``Q``
(``.``/``+``), ``QP<ch>`` (one binary byte, pulse / 10, 0 if the channel has no pulse yet) and
``VER``, and takes ``STOP<ch>``. ``mode`` makes it misbehave: ``"silent"`` (answers nothing),
``"garbage"`` (answers ``?`` to everything), ``"never_finishes"`` (``Q`` answers ``+`` for
ever), ``"deaf"`` (stops reading, so writes fill the pty and time out).
:meth:`vanish` closes the device as if its USB cable were pulled. :meth:`fail_after_moves`
switches to a mode (or vanishes) right after a given move line, before the rest of the write.

Tests wait on events, not on time: :meth:`settle` returns once the board has read every byte
the host wrote before the call (a NUL byte, which the host never sends, follows them down the
pty and the board signals when it reads it), so a test neither flakes on a loaded machine nor
sleeps on a quiet one.

``pty`` (POSIX only) is imported when a pty board is made, so that test modules importing this
one still collect on Windows: there, making a pty board skips the test with the reason.
"""

import os
import re
import select
import socket
import threading
import time

import pytest

_MOVE = re.compile(r"#(\d+)P(\d+)(?:S(\d+))?")
#: The byte :meth:`SimulatedSSC32.settle` sends behind the host's bytes (the host never sends it).
_BARRIER = b"\x00"
#: Seconds :meth:`SimulatedSSC32.settle` waits for the board to read what the host wrote: far
#: longer than a loaded machine needs (milliseconds), reached only when something is broken.
SETTLE_TIMEOUT_S = 10.0


class SimulatedSSC32:
    """An SSC-32 board behind a pseudo-terminal or socket: answers queries, logs moves."""

    def __init__(self, pulses=None, version=b"SSC32-V2.50USB", transport="pty"):
        if transport == "pty":
            pty = pytest.importorskip("pty", reason="the simulated SSC-32 needs a "
                                                    "pseudo-terminal (POSIX only)")
            import tty

            self.master, slave = pty.openpty()
            tty.setraw(slave)
            self.port = os.ttyname(slave)
            self._closers = [lambda: os.close(self.master), lambda: os.close(slave)]
            self._receive = lambda: os.read(self.master, 4096)
            self._send = lambda data: os.write(self.master, data)
        else:  # the host connects to socket://; the board's side is the accepted connection
            self._server = socket.create_server(("127.0.0.1", 0))
            self._server.settimeout(0.02)
            self.port = f"socket://127.0.0.1:{self._server.getsockname()[1]}"
            self.master = None
            self._closers = [self._server.close]
        self.transport = transport
        self.version = version
        self.pulses = dict(pulses or {})
        self.mode = "normal"
        self._fault = None  # (move count, mode) from fail_after_moves
        self.move_count = 0
        self.received = bytearray()
        self.lines = []
        self._move_end = 0.0
        self._line = b""
        self._running = True
        self._barriers_sent = self._barriers_read = 0
        self._barrier_send = threading.Lock()       # a barrier's number and its byte, together
        self._barrier_read = threading.Condition()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    # ---------------------------------------------------------------- what arrived
    def settle(self):
        """Wait until the board has read and executed every byte the host wrote before this
        call; returns all the bytes received.

        A NUL byte goes down the pty behind the host's bytes (writes to one tty arrive in the
        order they were made; this one through a descriptor of its own) and the board
        signals when it reads it. A board that vanished or went deaf reads nothing more: what
        it has is returned at once. A socket board has no such side door: there a query's
        answer is the barrier (pass ``settle=False`` to :meth:`moves`).
        """
        if self.transport != "pty":
            raise RuntimeError("settle() needs the pty board: on a socket, wait for the answer "
                               "to a query instead")
        with self._barrier_send:
            if not self._running or self.mode == "deaf":
                return bytes(self.received)
            try:
                side_door = os.open(self.port, os.O_WRONLY | os.O_NOCTTY)
            except OSError:     # the device went away meanwhile: nothing more arrives
                return bytes(self.received)
            try:
                os.write(side_door, _BARRIER)
            except OSError:     # as above: the device is gone
                return bytes(self.received)
            finally:
                os.close(side_door)
            self._barriers_sent += 1
            target = self._barriers_sent
        with self._barrier_read:
            if not self._barrier_read.wait_for(lambda: self._barriers_read >= target
                                               or not self._running, SETTLE_TIMEOUT_S):
                raise AssertionError(f"the simulated board read nothing for "
                                     f"{SETTLE_TIMEOUT_S:g} s (mode {self.mode!r})")
        return bytes(self.received)

    def moves(self, settle=True):
        """Each move line received so far as (pulses dict, T in ms or None, S dict), after
        :meth:`settle` unless ``settle`` is False."""
        if settle:
            self.settle()
        out = []
        for line in self.lines:
            text = line.decode()
            if not text.startswith("#"):
                continue
            pulses = {int(c): int(p) for c, p, _ in _MOVE.findall(text)}
            speeds = {int(c): int(s) for c, _, s in _MOVE.findall(text) if s}
            time_ms = re.search(r"T(\d+)$", text)
            out.append((pulses, int(time_ms.group(1)) if time_ms else None, speeds))
        return out

    # ---------------------------------------------------------------- the board
    def _serve(self):
        while self._running and self.master is None:
            try:
                connection, _ = self._server.accept()
            except TimeoutError:
                continue
            self._closers.append(connection.close)
            # socket methods, not os.read/os.write on its number: those fail on Windows
            self._receive = lambda connection=connection: connection.recv(4096)
            self._send = connection.sendall
            self.master = connection
        while self._running:
            if self.mode == "deaf":
                time.sleep(0.01)
                continue
            ready, _, _ = select.select([self.master], [], [], 0.02)
            if not ready:
                continue
            try:
                data = self._receive()
            except OSError:
                return
            for byte in data:
                self._byte(bytes([byte]))

    def _byte(self, byte):
        if not self._running:  # vanished: a pulled cable hears nothing more
            return
        if byte == _BARRIER:
            with self._barrier_read:
                self._barriers_read += 1
                self._barrier_read.notify_all()
            return
        self.received += byte
        if byte == b"\x1b":
            self._line = b""
        elif byte == b"\r":
            line, self._line = self._line, b""
            self.lines.append(line)
            self._execute(line.upper().replace(b" ", b""))
            if self._fault is not None and self._fault[0] == self.move_count:
                mode, self._fault = self._fault[1], None
                if mode == "vanish":
                    self.vanish()
                else:
                    self.mode = mode
        else:
            self._line += byte

    def _reply(self, data):
        if self.mode == "silent":
            return
        if self.mode == "garbage":
            data = b"?" * len(data)
        self._send(data)

    def _execute(self, line):
        text = line.decode("ascii", errors="replace")
        now = time.monotonic()
        if text.startswith("#"):
            time_ms = re.search(r"T(\d+)$", text)
            duration = int(time_ms.group(1)) / 1000 if time_ms else 0.0
            for channel, pulse, _ in _MOVE.findall(text):
                if int(channel) not in self.pulses:  # first command after power-up: instant
                    duration = 0.0
                self.pulses[int(channel)] = int(pulse)
            self._move_end = now + duration
            self.move_count += 1
        elif text == "Q":
            running = now < self._move_end or self.mode == "never_finishes"
            self._reply(b"+" if running else b".")
        elif text.startswith("QP"):
            channels = [int(c) for c in re.findall(r"QP(\d+)", text)]
            self._reply(bytes(self.pulses.get(c, 0) // 10 for c in channels))
        elif text == "VER":
            self._reply(self.version + b"\r")
        # STOP<ch> stops that servo; Q still says "+" until the time of the move it interrupted
        # is up, even when every servo of that move was stopped (SSC-32U guide p. 38)

    def send_unasked(self, data):
        """Send ``data`` to the host unasked, as line noise would."""
        self._send(data)

    def fail_after_moves(self, count, mode):
        """Misbehave from the ``count``-th move line received (counting from power-up) on:
        ``mode`` is one of :attr:`mode`'s or ``"vanish"``."""
        self._fault = (count, mode)

    def vanish(self):
        """Close the device: the host's next write fails."""
        with self._barrier_read:    # a settle() waiting on the board stops waiting
            self._running = False
            self._barrier_read.notify_all()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=2)
        closers, self._closers = self._closers, []
        for close in closers:  # each once: a number closed twice may belong to a new file
            close()

    def close(self):
        self.vanish()

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
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    # ---------------------------------------------------------------- what arrived
    def settle(self):
        """Wait until the bytes the host wrote have been read (nothing new for 40 ms)."""
        count = -1
        while count != len(self.received):
            count = len(self.received)
            time.sleep(0.04)
        return bytes(self.received)

    def moves(self):
        """Each move line received so far as (pulses dict, T in ms or None, S dict)."""
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
        self._running = False
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=2)
        closers, self._closers = self._closers, []
        for close in closers:  # each once: a number closed twice may belong to a new file
            close()

    def close(self):
        self.vanish()

"""Streaming a trajectory to the SSC-32: what the wire allows and what the host costs.

Run: ``python benchmarks/bench_arm_stream.py``. Prints the shortest streamed step per baud rate
(a 5-servo group move and the ``Q`` that checks the board, on the wire at 8N1, with the driver's
margin and the board's 5 ms to answer), the time to check and plan a 100,000-row trajectory
before any byte is sent, the cost of encoding one group move, a round trip (write + ``Q``
reply) to the simulated board on a pseudo-terminal, a streamed row with its check there (move +
``Q`` written, answer read by ``check_board``), and how fast Stop reaches that board while a
trajectory streams.
"""

import sys
import threading
import time
from pathlib import Path

import numpy as np

from robosim.hardware import DryRunPort, Lynx6, SSC32Link
from robosim.hardware.ssc32 import BAUD_RATES, CHECK_POLL_S, encode_move

from bench_fk import best_time  # this folder is first on sys.path when run as a script

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from ssc32_board import SimulatedSSC32  # the test suite's board


def main():
    for baud in BAUD_RATES:
        arm = Lynx6(SSC32Link(DryRunPort(), baud=baud))
        print(f"{baud:>6} baud: shortest streamed step {arm.min_step_s() * 1000:6.1f} ms "
              f"({1 / arm.min_step_s():5.1f} group moves/s)")
    arm = Lynx6(SSC32Link(DryRunPort(), baud=115200))
    rows = 100_000
    t = np.linspace(0.0, rows * 0.01, rows)
    q = np.radians(np.outer(np.sin(t / 10), [20, 10, -15, 5, 8]))
    seconds = best_time(lambda: arm.plan(t, q), 3)
    print(f"check and plan {rows:,} rows: {seconds * 1000:.1f} ms")
    pulses = {0: 1500, 1: 1200, 2: 1800, 3: 1500, 4: 1500}
    calls = 20_000
    seconds = best_time(lambda: [encode_move(pulses, time_ms=100) for _ in range(calls)], 3)
    print(f"encode one group move: {seconds / calls * 1e6:.1f} us")
    board = SimulatedSSC32()
    link = SSC32Link.open(board.port, baud=115200, timeout=0.5)
    calls = 200
    seconds = best_time(lambda: [link.movement_complete() for _ in range(calls)], 3)
    print(f"Q round trip to the simulated board (pty): {seconds / calls * 1000:.2f} ms")

    def row_and_check():
        link.move(pulses, time_ms=100, check=True)
        while not link.check_board():
            time.sleep(CHECK_POLL_S)  # as the driver waits

    seconds = best_time(lambda: [row_and_check() for _ in range(calls)], 3)
    print(f"a streamed row and its Q check on that board: {seconds / calls * 1000:.2f} ms")
    link.close()
    board.close()
    stop_latency()
    print("(measured on a shared machine under load: figures are pessimistic)")


def stop_latency(repeats=5):
    """Stop pressed while a trajectory streams from another thread (as in the GUI): time until
    stop() returns, and until the simulated board has read the last STOP."""
    board = SimulatedSSC32()
    arm = Lynx6.connect(board.port, baud=115200, timeout=0.5)
    arm.start(confirmed_near_rest=True)
    t = np.linspace(0.0, 3.0, 301)
    q = np.radians(np.outer(np.sin(t), [20, 10, -15, 5, 8]))
    returned, heard = [], []
    for _ in range(repeats):
        player = threading.Thread(target=arm.play, args=(t, q))
        player.start()
        time.sleep(0.5)
        seen = len(board.received)
        start = time.perf_counter()
        arm.stop()
        returned.append(time.perf_counter() - start)
        while b"STOP5\r" not in board.received[seen:]:
            time.sleep(0.0002)
        heard.append(time.perf_counter() - start)
        player.join()
    arm.close()
    board.close()
    print(f"Stop during streaming, worst of {repeats}: stop() returns in "
          f"{max(returned) * 1000:.2f} ms, the board has read every STOP after "
          f"{max(heard) * 1000:.2f} ms")


if __name__ == "__main__":
    main()

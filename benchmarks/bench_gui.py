"""Application speed: start to the welcome screen, animation frames of a 6-joint arm, readout.

Run: ``MPLBACKEND=Agg python benchmarks/bench_gui.py`` (or under Xvfb with ``MPLBACKEND=TkAgg``).
Prints, at the default window size (:data:`robosim.gui.app.WINDOW_SIZE`):

- start to the welcome screen drawn: in a fresh Python (imports included) and again in this one;
- one animation frame of the Puma 560 (6 joints) on the simulator screen: blitted (the arm only,
  as most frames of a move), blitted with the readout (the readout follows every
  ``READOUT_INTERVAL`` s), with the readout and the Jacobian readout (the "Jacobian" check box),
  and a full draw (what every frame would cost without blitting);
- the readout alone (text update and its blit) and a status-line message.

Targets (issue 7): start under 2 s, a frame under 40 ms. Cell editing is timed by
``benchmarks/bench_gui_editor.py``. Best of several runs; a loaded machine gives larger numbers.
"""

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "Agg")
import matplotlib
import matplotlib.pyplot as plt
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's robosim
from bench_fk import best_time  # noqa: E402  (this folder is first on sys.path as a script)
from robosim import load_robot  # noqa: E402
from robosim.gui.screens import simulator_readout  # noqa: E402
from robosim.gui.app import WINDOW_DPI, WINDOW_SIZE, Application  # noqa: E402

REPEATS = 30
ROBOT = "Puma 560"

COLD_START = f"""
import sys, time
start = time.perf_counter()
sys.path.insert(0, {str(ROOT)!r})
import matplotlib
matplotlib.use("Agg")
from robosim.gui.app import Application
app = Application()
app.fig.canvas.draw()
print((time.perf_counter() - start) * 1e3)
"""


def best_ms(action, repeats=REPEATS):
    """Smallest wall time of ``action()`` over ``repeats`` runs, in milliseconds."""
    return best_time(action, repeats) * 1e3


def new_figure():
    return plt.figure(figsize=WINDOW_SIZE, dpi=WINDOW_DPI)


def start_to_welcome():
    app = Application(figure=new_figure())
    app.fig.canvas.draw()
    app.close()


def frame_costs():
    """(blitted arm frame, blitted frame with readout, full frame, readout, status) in ms."""
    app = Application(robot=load_robot(ROBOT), figure=new_figure(), clock=lambda: 0.0)
    screen = app.screen
    app.fig.canvas.draw()
    rng = np.random.default_rng(0)
    screen.animation.steps = 10 ** 6  # one long move: every tick is a blitted frame

    def move():
        screen.state.animate_to(screen.robot.random_q(rng=rng))
        app.tick()  # the first frame draws the background in full

    move()
    blitted = best_ms(app.tick)
    simulator_readout.READOUT_INTERVAL = 0.0
    simulator_readout.READOUT_SHARE = float("inf")    # the readout every frame, however slow
    screen._readout_gap = 0.0  # noqa: SLF001 - the first frame set it from the defaults
    blitted_readout = best_ms(app.tick)

    def readout():
        screen._update_readout()  # noqa: SLF001 - the readout's own cost, measured alone
        screen.blit.update("readout")

    readout_ms = best_ms(readout)
    screen.show_jacobian(True)
    app.tick()  # the first frame after the full draw takes the backgrounds
    blitted_jacobian = best_ms(app.tick)
    screen.show_jacobian(False)
    screen.animation.stop()
    screen._finish()  # noqa: SLF001 - the readout's own cost, measured alone

    def full_frame():
        screen.drawing.set_pose(screen.robot.random_q(rng=rng))
        screen._update_readout()  # noqa: SLF001 - the readout's own cost, measured alone
        app.fig.canvas.draw()

    full = best_ms(full_frame, repeats=10)
    status = best_ms(lambda: app.set_status(f"a message {rng.random()}"))
    app.close()      # a window left open fails at exit under TkAgg (TclError from atexit)
    return blitted, blitted_readout, blitted_jacobian, full, readout_ms, status


def main():
    cold = min(float(subprocess.run([sys.executable, "-c", COLD_START], capture_output=True,
                                    text=True, check=True).stdout) for _ in range(3))
    warm = best_ms(start_to_welcome, repeats=5)
    blitted, blitted_readout, blitted_jacobian, full, readout_ms, status = frame_costs()
    size = f"{WINDOW_SIZE[0] * WINDOW_DPI:.0f} x {WINDOW_SIZE[1] * WINDOW_DPI:.0f} px"
    print(f"backend {matplotlib.get_backend()}, window {size}, {ROBOT} (6 joints), "
          f"best of {REPEATS}")
    print(f"start to welcome screen, fresh Python (imports): {cold:8.1f} ms  (target < 2000)")
    print(f"start to welcome screen, modules loaded:         {warm:8.1f} ms")
    print(f"animation frame, blitted (arm):                   {blitted:8.1f} ms  (target < 40)")
    print(f"animation frame, blitted (arm + readout):         {blitted_readout:8.1f} ms")
    print(f"animation frame, blitted (+ Jacobian readout):    {blitted_jacobian:8.1f} ms")
    print(f"animation frame, full draw:                       {full:8.1f} ms")
    print(f"readout update alone (text + blit):               {readout_ms:8.1f} ms")
    print(f"status-line message (blit):                       {status:8.1f} ms")


if __name__ == "__main__":
    main()

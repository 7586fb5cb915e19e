"""How soon the Dynamics window's free fall shows, in a real window (issue 27, item 4).

Run under Xvfb with a Tk window (the timers must fire)::

    xvfb-run -a -s "-screen 0 1280x1024x24" env MPLBACKEND=TkAgg python benchmarks/bench_fall.py

Opens the simulator on each robot below and its Dynamics window, presses "Free fall" (2 s)
from a Tk callback :data:`PRESS_AFTER_S` after the windows were last drawn (as a user's click
comes: by then the windows have made their blit backgrounds ready) and prints, from the press:
when the press handler returned, when the simulator showed the fall's first frame (its first
sample: the pose shown, now blitted as the fall's) and its first pose other than the start (the
second sample, 20 ms into the fall), and when the whole fall was computed. Target: the first
poses within 0.1 s of the press, the rest computed ahead of the playhead (before the animation
ends). A loaded machine gives larger numbers.
"""

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "TkAgg")
import matplotlib.pyplot as plt
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's robosim
from robosim import load_robot
from robosim.gui.app import WINDOW_DPI, WINDOW_SIZE, Application
from robosim.gui.tools import open_tool

ROBOTS = ("Puma 560", "Lynx6")
#: Seconds the windows get to show and draw, then before the press (``plt.pause`` draws a
#: figure that changed since its last draw), and the event loop then runs for a fall of 2 s.
SETTLE_S, PRESS_AFTER_S, RUN_S = 2.0, 1.0, 6.0


def measure(name):
    app = Application(robot=load_robot(name),
                      figure=plt.figure(figsize=WINDOW_SIZE, dpi=WINDOW_DPI))
    window = open_tool("Dynamics...", app.state)
    app.open_tool_window(window)
    start = app.state.q.copy()
    times = {}

    def on_pose(state):
        if "pressed" in times and "first frame" not in times:
            times["first frame"] = time.perf_counter()
        if "pressed" in times and "first pose" not in times \
                and not np.array_equal(state.q, start):
            times["first pose"] = time.perf_counter()
        if window.fall is not None and "computed" not in times:
            times["computed"] = time.perf_counter()

    app.state.subscribe("pose", on_pose)

    def press():
        times["pressed"] = time.perf_counter()
        window.free_fall()
        times["handled"] = time.perf_counter()

    plt.pause(SETTLE_S)                 # both windows shown and drawn: the user sees them
    timer = app.fig.canvas.new_timer(interval=round(PRESS_AFTER_S * 1000))
    timer.single_shot = True
    timer.add_callback(press)
    timer.start()
    plt.pause(RUN_S)
    ended = time.perf_counter()
    pressed = times["pressed"]
    print(f"{name}: press handled after {1e3 * (times['handled'] - pressed):.0f} ms, first frame "
          f"(its start pose) after {1e3 * (times.get('first frame', ended) - pressed):.0f} ms, "
          f"first pose of the fall shown after "
          f"{1e3 * (times.get('first pose', ended) - pressed):.0f} ms, "
          f"all 2 s computed after {1e3 * (times.get('computed', ended) - pressed):.0f} ms"
          f"{'' if window.fall is not None else ' (not yet!)'}")
    app.close()
    plt.close("all")


def main():
    print(f"backend {plt.get_backend()}; times from the press of Free fall")
    for name in ROBOTS:
        measure(name)


if __name__ == "__main__":
    main()

"""How soon the Dynamics window's free fall shows, and how smoothly, in a real window (issue 27,
item 4; issue 37, item 4).

Run under Xvfb with a Tk window (the timers must fire), on the lab screen and a large one::

    xvfb-run -a -s "-screen 0 1000x650x24" env MPLBACKEND=TkAgg python benchmarks/bench_fall.py
    xvfb-run -a -s "-screen 0 1920x1080x24" env MPLBACKEND=TkAgg python benchmarks/bench_fall.py

Opens the simulator on each robot below as ``robosim`` does (its window fitted to the screen)
and its Dynamics window as the simulator's button does (placed by the application), presses
"Free fall" (2 s) from a Tk callback :data:`PRESS_AFTER_S` after the windows were last drawn
(as a user's click comes: by then the windows have made their blit backgrounds ready) and
prints, from the press: when the press handler returned, when the simulator showed the fall's
first frame (its first sample: the pose shown, now blitted as the fall's) and its first pose
other than the start (the second sample, 20 ms into the fall), and when the whole fall was
computed; then how many distinct poses the simulator showed while the fall played, per second
of the fall (until it stops at a contact) and per second of the wall clock, and whether the
Dynamics window covers the simulator's 3D view. Targets: the first poses within 0.1 s of the
press, at least 25 poses per simulated second, the 3D view uncovered. The Lynx6 and the Puma
stop where they touch their table or themselves (0.18 s, 0.37 s), the Stanford arm falls the
2 s through. A loaded machine gives larger times and fewer poses.
"""

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "TkAgg")
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.transforms import Bbox

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's robosim
from robosim import load_robot
from robosim.gui.app import WINDOW_DPI, WINDOW_SIZE, Application
from robosim.gui.tools import open_tool
from robosim.gui.window_size import fit_to_screen

ROBOTS = ("Lynx6", "Puma 560", "Stanford")
#: Seconds the windows get to show and draw, then before the press (``plt.pause`` draws a
#: figure that changed since its last draw), and the event loop then runs for a fall of 2 s.
SETTLE_S, PRESS_AFTER_S, RUN_S = 2.0, 1.0, 4.0


def screen_rect(fig, box=None):
    """``(x0, y0, x1, y1)`` on the screen of ``box`` (display pixels of ``fig``) or of the
    whole canvas."""
    widget = fig.canvas.get_tk_widget()
    left, top, height = widget.winfo_rootx(), widget.winfo_rooty(), fig.bbox.height
    box = fig.bbox if box is None else box
    return left + box.x0, top + height - box.y1, left + box.x1, top + height - box.y0


def overlap(a, b):
    return max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))


def measure(name):
    figure = plt.figure(figsize=WINDOW_SIZE, dpi=WINDOW_DPI)
    fit_to_screen(figure)
    app = Application(robot=load_robot(name), figure=figure)
    plt.pause(SETTLE_S / 2)
    window = open_tool("Dynamics...", app.state)
    app.open_tool_window(window)
    start = app.state.q.copy()
    times = {}
    shown = []                  # (time, pose) of each distinct pose shown after the press

    def on_pose(state):
        now = time.perf_counter()
        if "pressed" not in times:
            return
        if not shown or not np.array_equal(state.q, shown[-1][1]):
            shown.append((now, state.q.copy()))
        times.setdefault("first frame", now)
        if "first pose" not in times and not np.array_equal(state.q, start):
            times["first pose"] = now
        if window.fall is not None:
            times.setdefault("computed", now)

    app.state.subscribe("pose", on_pose)

    def press():
        times["pressed"] = time.perf_counter()
        window.free_fall()
        times["handled"] = time.perf_counter()

    plt.pause(SETTLE_S / 2)             # both windows shown and drawn: the user sees them
    ax = app.screen.ax                  # the 3D view, with its tick labels
    view = screen_rect(app.fig, Bbox.union([ax.bbox, ax.get_tightbbox()]))
    covered = overlap(view, screen_rect(window.fig)) / overlap(view, view)
    timer = app.fig.canvas.new_timer(interval=round(PRESS_AFTER_S * 1000))
    timer.single_shot = True
    timer.add_callback(press)
    timer.start()
    plt.pause(RUN_S)
    ended = time.perf_counter()
    pressed = times["pressed"]
    fall = window.fall
    print(f"{name}: press handled after {1e3 * (times['handled'] - pressed):.0f} ms, first frame "
          f"(its start pose) after {1e3 * (times.get('first frame', ended) - pressed):.0f} ms, "
          f"first pose of the fall shown after "
          f"{1e3 * (times.get('first pose', ended) - pressed):.0f} ms, "
          f"all computed after {1e3 * (times.get('computed', ended) - pressed):.0f} ms"
          f"{'' if fall is not None else ' (not yet!)'}")
    contacts = getattr(fall, "contacts", []) if fall is not None else []
    played = contacts[0].time if contacts else (fall.t[-1] if fall is not None else np.nan)
    poses = len([q for _, q in shown if not np.array_equal(q, start)])
    wall = shown[-1][0] - shown[0][0] if len(shown) > 1 else np.nan
    print(f"  {poses} distinct poses shown for {played:.2f} s of fall: {poses / played:.0f} per "
          f"simulated second ({poses / wall:.0f} per second of the wall clock); "
          f"{'ends at ' + str(contacts[0]) if contacts else 'no contact'}; the Dynamics "
          f"window covers {100 * covered:.0f} % of the 3D view")
    app.close()
    plt.close("all")


def main():
    print(f"backend {plt.get_backend()}; times from the press of Free fall")
    for name in ROBOTS:
        measure(name)


if __name__ == "__main__":
    main()

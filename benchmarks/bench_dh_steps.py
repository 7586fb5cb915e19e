"""DH steps drawing speed: one frame of the moving DH frame, blitted and in full, and a GIF.

Run: ``MPLBACKEND=Agg python benchmarks/bench_dh_steps.py``. Prints, for the Lynx6 (5 joints,
standard DH) and the Franka Panda (7 joints, modified DH) over the arm as
:func:`robosim.plotting.dh_steps.dh_steps_figure` draws it (8 x 6 in at 100 dpi):

- a blitted frame: :meth:`DHStepsDrawing.set_step` part-way through a step, then the
  background restored and only :attr:`DHStepsDrawing.animated_artists` drawn and blitted, as a
  window animating the steps would (target < 40 ms, issue 16);
- a full draw of the same frame (what each frame would cost without blitting);
- a frame of the simulator's "DH steps" window (:mod:`robosim.gui.tools.dh_steps`, 1000 x 650
  px) while it plays: the moving frame blitted over the 3D view, and a frame that starts a new
  step, which also blits the panel of matrices (target < 40 ms); then the window's full draw;
- a whole GIF of the Lynx6's steps at the default frames per step (``robosim dh-steps --gif``).

Best of several runs; a loaded machine gives larger numbers.
"""

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "Agg")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's robosim
from frame_timing import blitted_and_full  # noqa: E402  (this folder is first on sys.path as a script)
from bench_fk import best_time  # noqa: E402

from robosim import load_robot  # noqa: E402
from robosim.gui.tools.dh_steps import DHStepsWindow  # noqa: E402
from robosim.gui.state import ArmState  # noqa: E402
from robosim.plotting.dh_steps import dh_steps_figure, save_dh_steps_gif  # noqa: E402

REPEATS = 20
WINDOW = (8.0, 6.0)
DPI = 100


def frame_costs(robot):
    """(blitted frame, full frame) in ms, stepping through the arm's DH steps."""
    q = robot.random_q(rng=0)
    shown = dh_steps_figure(robot, q, figsize=WINDOW, dpi=DPI)
    fig, drawing = shown.figure, shown.dh_steps
    timeline = drawing.timeline()
    position = [0]

    def advance():
        drawing.set_step(*timeline[position[0] % len(timeline)])
        position[0] += 1

    return blitted_and_full(fig, drawing.animated_artists, advance, REPEATS)


def window_frame_costs(robot):
    """(blitted frame, frame starting a new step, full draw) of the DH steps window, in ms."""
    window = DHStepsWindow.open(ArmState(robot, robot.random_q(rng=0)))
    fig = window.fig
    fig.set_size_inches(10.0, 6.5)
    fig.set_dpi(DPI)
    now = [0.0]
    window.clock = lambda: now[0]
    window.seconds_per_step = 1.0
    fig.canvas.draw()

    def frame(seconds):
        def tick():
            if not window.playing:
                window.play_or_pause()      # from the start again (one full draw, not timed)
            now[0] += seconds
            window.tick()
        return tick

    window.play_or_pause()
    within = best_time(frame(0.01), REPEATS) * 1e3      # 100 frames a step
    new_step = best_time(frame(1.0), REPEATS) * 1e3     # every frame a new step
    full = best_time(fig.canvas.draw, REPEATS // 4) * 1e3
    return within, new_step, full


def main():
    print(f"backend Agg, figure {WINDOW[0] * DPI:.0f} x {WINDOW[1] * DPI:.0f} px, best of "
          f"{REPEATS}")
    for name in ("Lynx6", "Franka Panda"):
        robot = load_robot(name)
        blitted, full = frame_costs(robot)
        print(f"{name:13s} DH-step frame, blitted: {blitted:7.1f} ms  (target < 40)   "
              f"full draw: {full:7.1f} ms")
    print("DH steps window, 1000 x 650 px:")
    for name in ("Lynx6", "Franka Panda"):
        within, new_step, full = window_frame_costs(load_robot(name))
        print(f"{name:13s} frame, blitted: {within:7.1f} ms  (target < 40)   starting a step "
              f"(panel too): {new_step:7.1f} ms   full draw: {full:7.1f} ms")
    robot = load_robot("Lynx6")
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        frames = save_dh_steps_gif(robot, robot.home, Path(folder) / "steps.gif")
        seconds = time.perf_counter() - start
    print(f"Lynx6 GIF of all steps: {frames} frames in {seconds:.1f} s "
          f"({seconds / frames * 1e3:.0f} ms a frame)")


if __name__ == "__main__":
    main()

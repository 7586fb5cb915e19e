"""Trajectory playback and GIF export: frames per second (issue 15, item 7).

Run: ``MPLBACKEND=Agg python benchmarks/bench_playback.py`` (or under Xvfb with
``MPLBACKEND=TkAgg``). Prints, for a 3 s quintic move of the Puma 560 (6 joints):

- playback on the simulator screen at the window size (:data:`robosim.gui.app.WINDOW_SIZE`,
  1200 x 750 px) with the Trajectories window open (its playheads follow every frame): frames
  shown per second, the simulator's timer emulated (a tick every ``timer.interval`` ms, at once
  when a frame took longer), and the cost of one frame (target: at least 30 frames per second);
- GIF export of the same move (:func:`robosim.plotting.save_trajectory_movie`, 15 frames per
  second of trajectory: 46 frames): frames written per second, the file included (target: at
  least 10).

A loaded machine gives smaller numbers: the best of a few runs is printed.
"""

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "Agg")
import matplotlib
import matplotlib.pyplot as plt
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's robosim
from robosim import load_robot  # noqa: E402
from robosim.gui.app import WINDOW_DPI, WINDOW_SIZE, Application  # noqa: E402
from robosim.gui.tools.trajectories import TrajectoryWindow  # noqa: E402
from robosim.plotting.movies import save_trajectory_movie  # noqa: E402

ROBOT = "Puma 560"
DURATION = 3.0
RUNS = 3


def quintic_move(robot, duration=DURATION, samples=301):
    """Times (N,) and poses (N, n): home to a pose 0.6 rad away on every joint, quintic."""
    t = np.linspace(0.0, duration, samples)
    s = t / duration
    blend = 10 * s ** 3 - 15 * s ** 4 + 6 * s ** 5
    return t, robot.home + np.outer(blend, np.full(robot.n, 0.6))


def playback_rate(app, t, q):
    """Frames per second and seconds per frame of one playback, with the timer emulated."""
    screen = app.screen
    screen.state.play(t, q)
    interval = screen.timer.interval / 1000
    frames, drawing = 0, 0.0
    start = due = time.perf_counter()
    while screen.animation.running:
        wait = due - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        tick_start = time.perf_counter()
        app.tick()
        drawing += time.perf_counter() - tick_start
        frames += 1
        due = max(due + interval, time.perf_counter())
    return frames / (time.perf_counter() - start), drawing / frames


def gif_rate(robot, t, q):
    """Frames per second of a GIF export, and its number of frames."""
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        save_trajectory_movie(robot, t, q, Path(folder) / "move.gif")
        seconds = time.perf_counter() - start
        from PIL import Image

        with Image.open(Path(folder) / "move.gif") as image:
            count = image.n_frames
    return count / seconds, count


def main():
    robot = load_robot(ROBOT)
    t, q = quintic_move(robot)
    app = Application(robot=robot, figure=plt.figure(figsize=WINDOW_SIZE, dpi=WINDOW_DPI))
    app.fig.canvas.draw()
    trajectories = TrajectoryWindow.open(app.screen.state)
    trajectories.fig.canvas.draw()
    runs = [playback_rate(app, t, q) for _ in range(RUNS)]
    fps, frame = max(runs)
    gif_fps, gif_frames = max(gif_rate(robot, t, q) for _ in range(RUNS))
    size = f"{WINDOW_SIZE[0] * WINDOW_DPI:.0f} x {WINDOW_SIZE[1] * WINDOW_DPI:.0f} px"
    print(f"backend {matplotlib.get_backend()}, {ROBOT} (6 joints), a {DURATION:g} s move, "
          f"best of {RUNS}")
    print(f"playback, simulator at {size}, blitted: {fps:6.1f} frames/s  (target >= 30; "
          f"{frame * 1e3:.1f} ms a frame, timer {app.screen.timer.interval} ms)")
    print(f"GIF export ({gif_frames} frames):          {gif_fps:6.1f} frames/s  (target >= 10)")


if __name__ == "__main__":
    main()

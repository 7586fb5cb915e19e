"""Speed of the "Trajectories..." window: opening, Compute, playhead, GIF frames.

Run: ``MPLBACKEND=Agg python benchmarks/bench_trajectory_window.py``. Prints, for the Lynx6 with
a stand-in arm handle (tests/fake_arm.py, no simulator drawing):

- opening the window and its first full draw;
- Compute of a 1,000-point quintic joint profile, plots included (one full draw);
- a full draw of the window, and the playhead moved by one sample while playing (blitted: what
  each frame the simulator plays costs this window);
- one frame of a saved GIF (the 3D arm drawn and grabbed).

Best of a few runs; a loaded machine gives larger numbers.
"""

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "Agg")
import matplotlib.pyplot as plt
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's robosim, the fake arm
from bench_fk import best_time  # noqa: E402  (this folder is on sys.path when run as a script)
from fake_arm import FakeArm  # noqa: E402
from robosim import load_robot  # noqa: E402
from robosim.plotting.movies import MovieExport  # noqa: E402
from robosim.gui.tools.trajectories import TrajectoryWindow  # noqa: E402


def main():
    arm = FakeArm(load_robot("Lynx6"))

    def open_and_draw():
        fig = TrajectoryWindow.open(arm).fig
        fig.canvas.draw()
        plt.close(fig)

    print(f"open the window and draw it:   {best_time(open_and_draw, 3) * 1e3:8.1f} ms")
    window = TrajectoryWindow.open(arm)
    fig = window.fig
    fig.canvas.draw()
    window.numbers.set_text(0, 1, "1000")
    for col, value in enumerate([60, -30, 45, 20, -75]):
        window.joints.set_text(2, col, str(value))
    seconds = best_time(lambda: window.run(window.compute), 3)
    print(f"Compute, 1000-point quintic:   {seconds * 1e3:8.1f} ms")
    print(f"full draw of the window:       {best_time(fig.canvas.draw, 5) * 1e3:8.1f} ms")
    window._set_playing(True)  # noqa: SLF001 - one playback frame, measured alone
    fig.canvas.draw()  # keeps the background the playheads are blitted over
    index = iter(range(1, 1000))

    def played_frame():
        window._set_index(next(index), redraw=False)  # noqa: SLF001 - one playback frame, measured alone
        window.blit.update("playheads")

    print(f"playhead frame (blitted):      {best_time(played_frame, 20) * 1e3:8.1f} ms")
    t = np.linspace(0, 2, 31)
    q = arm.robot.home + np.outer(np.sin(t), [0.5, 0.3, -0.3, 0.2, 0.0])
    with tempfile.TemporaryDirectory() as folder:
        export = MovieExport(arm.robot, t, q, Path(folder) / "bench.gif")
        start = time.perf_counter()
        export.step(frames=10)
        frame_ms = (time.perf_counter() - start) / 10 * 1e3
        export.cancel()
    print(f"one GIF frame (3D arm):        {frame_ms:8.1f} ms ({export.total} frames for 2 s)")


if __name__ == "__main__":
    main()

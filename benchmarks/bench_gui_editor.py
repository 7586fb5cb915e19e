"""Cell-editing speed beside a 3D arm: click -> redrawn cell, Enter -> committed value.

Run: ``MPLBACKEND=Agg python benchmarks/bench_gui_editor.py`` (or under Xvfb with
``MPLBACKEND=TkAgg`` for a real window). Builds an 800 x 600 figure with a 3D axes showing a
6-joint arm (ticks and panes on: a full draw costs tens of ms), six sliders and a 6 x 6
CellGrid, draws it once, then times the grid's handlers on synthetic events. Target (issue 7):
each under 100 ms; matplotlib's TextBox takes seconds here (MATPLOTLIB_NOTES.md).
"""

import sys
import time
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.widgets import Slider

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]   # this checkout's robosim and test helpers
from gui_events import click, key  # noqa: E402

from robosim import load_robot  # noqa: E402
from robosim.gui.cells import CellGrid  # noqa: E402

REPEATS = 50


def build_figure():
    robot = load_robot("Lodes Puma 560")
    fig = plt.figure(figsize=(8, 6), dpi=100)
    ax3d = fig.add_axes((0.45, 0.35, 0.5, 0.6), projection="3d")
    points = robot.fk_all(robot.home)[:, :3, 3]
    ax3d.plot(points[:, 0], points[:, 1], points[:, 2], "o-", linewidth=4)
    sliders = [Slider(fig.add_axes((0.5, 0.05 + 0.04 * i, 0.4, 0.03)), f"q{i + 1}", -1, 1)
               for i in range(6)]
    grid = CellGrid(fig, (0.02, 0.4, 0.4, 0.5), robot.n, ["theta", "d", "a", "alpha", "min",
                                                           "max"],
                    row_labels=[str(i + 1) for i in range(robot.n)],
                    on_commit=lambda row, col, text: None)
    return fig, grid, sliders


def per_event_ms(action):
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best * 1e3


def main():
    fig, grid, _sliders = build_figure()
    start = time.perf_counter()
    fig.canvas.draw()
    full_draw_ms = (time.perf_counter() - start) * 1e3
    cells = [grid.cell_bbox(row, 2).get_points().mean(axis=0)
             for row in range(2)]
    clicks = iter(range(10 ** 6))

    def click_a_cell():
        x, y = cells[next(clicks) % 2]
        click(fig, x, y)

    def type_and_enter():
        grid.focus(3, 1)
        key(fig, "5")
        start = time.perf_counter()
        key(fig, "enter")
        return time.perf_counter() - start

    click_ms = per_event_ms(click_a_cell)
    enter_ms = min(type_and_enter() for _ in range(REPEATS)) * 1e3
    key_ms = per_event_ms(lambda: key(fig, "7"))
    print(f"backend {plt.get_backend()}, 800x600 figure: 3D arm, 6 sliders, 6x6 cells")
    print(f"full figure draw:            {full_draw_ms:7.1f} ms")
    print(f"click -> redrawn cell:       {click_ms:7.2f} ms   (target < 100 ms)")
    print(f"keystroke -> redrawn cell:   {key_ms:7.2f} ms")
    print(f"Enter -> committed value:    {enter_ms:7.2f} ms   (target < 100 ms)")


if __name__ == "__main__":
    main()

"""Cell-editing speed: click -> redrawn cell, Enter -> committed value.

Run: ``MPLBACKEND=Agg python benchmarks/bench_gui_editor.py`` (or ``xvfb-run -a`` with
``MPLBACKEND=TkAgg`` for a real window, where the blit reaches the screen).

1. A CellGrid beside a 3D arm: an 800 x 600 figure with a 3D axes showing a 6-joint arm
   (ticks and panes on: a full draw costs tens of ms), six sliders and a 6 x 6 CellGrid.
2. The DH-table editor screen with the Lynx6, where Enter also checks the whole table,
   marks the cells and autosaves the draft.

Each figure is drawn once, then the handlers are timed on synthetic events (best of 50).
Target (issue 7): each under 100 ms; matplotlib's TextBox takes seconds beside a 3D axes
(MATPLOTLIB_NOTES.md).
"""

import os
import sys
import tempfile
import time
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.widgets import Slider

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]   # this checkout's robosim and test helpers
from bench_fk import best_time  # noqa: E402  (this folder is first on sys.path as a script)
from gui_events import click, key  # noqa: E402

from robosim import load_robot  # noqa: E402
from robosim.gui.widgets.cells import CellGrid  # noqa: E402
from robosim.gui.screens.editor import EditorScreen  # noqa: E402

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
    """Best time of ``action`` over REPEATS runs, in ms."""
    return best_time(action, REPEATS) * 1e3


class StatusLineApp:
    """The application as the editor sees it; its status line redraws like the real one."""

    def __init__(self):
        self.fig = plt.figure(figsize=(12, 7.5), dpi=100)
        self.status_text = self.fig.text(0.01, 0.008, "", fontsize=9)

    def set_status(self, message, error=False):
        self.status_text.set_text(message)
        self.fig.canvas.draw_idle()

    def show_welcome(self):
        pass

    def show_simulator(self, robot):
        pass


def timed_ms(function):
    start = time.perf_counter()
    function()
    return (time.perf_counter() - start) * 1e3


def bench_grid_beside_arm():
    fig, grid, _sliders = build_figure()
    full_draw_ms = timed_ms(fig.canvas.draw)
    cells = [grid.cell_bbox(row, 2).get_points().mean(axis=0) for row in range(2)]
    clicks = iter(range(10 ** 6))

    def click_a_cell():
        x, y = cells[next(clicks) % 2]
        click(fig, x, y)

    def type_and_enter():
        grid.focus(3, 1)
        key(fig, "5")
        return timed_ms(lambda: key(fig, "enter"))

    click_ms = per_event_ms(click_a_cell)
    enter_ms = min(type_and_enter() for _ in range(REPEATS))
    key_ms = per_event_ms(lambda: key(fig, "7"))
    print(f"1. CellGrid beside a 3D arm (800x600, 6 sliders, 6x6 cells), {plt.get_backend()}")
    print(f"   full figure draw:            {full_draw_ms:7.1f} ms")
    print(f"   click -> redrawn cell:       {click_ms:7.2f} ms   (target < 100 ms)")
    print(f"   keystroke -> redrawn cell:   {key_ms:7.2f} ms")
    print(f"   Enter -> committed value:    {enter_ms:7.2f} ms   (target < 100 ms)")


def bench_editor_screen():
    app = StatusLineApp()
    screen = EditorScreen(app, load_robot("Lynx6"))
    screen.build()
    full_draw_ms = timed_ms(app.fig.canvas.draw)
    table = screen.table
    cells = [table.cell_bbox(row, 3).get_points().mean(axis=0) for row in range(2)]
    clicks = iter(range(10 ** 6))

    def click_a_cell():
        x, y = cells[next(clicks) % 2]
        click(app.fig, x, y)

    def type_and_enter(value):
        table.focus(2, 3)
        key(app.fig, "backspace")
        key(app.fig, value)
        return timed_ms(lambda: key(app.fig, "enter"))

    click_ms = per_event_ms(click_a_cell)
    enter_ms = min(type_and_enter("123456789"[i % 9]) for i in range(REPEATS))
    print(f"2. DH-table editor with the Lynx6 (1200x750), {plt.get_backend()}")
    print(f"   full figure draw:            {full_draw_ms:7.1f} ms   (status line changes)")
    print(f"   click -> redrawn cell:       {click_ms:7.2f} ms   (target < 100 ms)")
    print(f"   Enter -> checked, marked, autosaved: {enter_ms:5.2f} ms   (target < 100 ms; "
          f"plus a full draw when the status line changes)")


def main():
    os.environ["ROBOSIM_HOME"] = tempfile.mkdtemp(prefix="robosim-bench-")
    bench_grid_beside_arm()
    bench_editor_screen()
    print("(measured on a shared 2-core machine: pessimistic figures)")


if __name__ == "__main__":
    main()

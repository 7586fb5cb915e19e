"""How large the simulator draws the arm: its 3D view and the arm at home, in pixels.

Run: ``python benchmarks/bench_arm_size.py`` (Agg: no display needed). For the Lynx6, the
Puma 560, a 12-joint arm and the UR5 from its URDF (the copy in tests/data), the application
is opened on the figure its Tk window has on a 1000 x 650 and on a 1920 x 1080 screen (104.17
dpi, Tk's scaling under Xvfb, and a 50 px toolbar, as ``tests/layout_check.py`` counts them),
and the extent of what the arm's artists drew at home is measured in display pixels, beside
issue 37's figures (the arm before its view was zoomed to the reach, the window at 12 x 7.5 in
on the larger screen).

Issue 37's target: twice as large in each direction on the lab screen (1000 x 650), at every
robot size.
"""

import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's robosim
sys.path.insert(0, str(ROOT / "tests"))  # the arm-size test's robots and measure
from arm_pixels import ISSUE_37_ARM_PX, ROBOTS, drawn_arm_extent  # noqa: E402
from robosim.gui.app import WINDOW_SIZE, Application  # noqa: E402
from robosim.gui.window_size import fitted_size_in  # noqa: E402

#: Tk under Xvfb: the dpi it shows a figure at, and its toolbar's height (pixels).
TK_DPI, TK_TOOLBAR_PX = 104.17, 50
SCREENS = {"1000 x 650": (1000, 650), "1920 x 1080": (1920, 1080)}


def main():
    for screen_name, screen_px in SCREENS.items():
        width, height = fitted_size_in(WINDOW_SIZE, TK_DPI, screen_px, TK_TOOLBAR_PX,
                                       grow=True)
        print(f"{screen_name} screen: figure {width * TK_DPI:.0f} x {height * TK_DPI:.0f} px")
        for name, make in ROBOTS.items():
            app = Application(robot=make(), figure=plt.figure(figsize=(width, height),
                                                              dpi=TK_DPI))
            app.fig.canvas.draw()
            view = app.screen.ax.bbox
            low, high = drawn_arm_extent(app.screen)
            size = high - low
            old = np.array(ISSUE_37_ARM_PX[screen_px][name])
            growth = size / old
            print(f"  {name:9s} view {view.width:4.0f} px, arm at home {size[0]:4.0f} x "
                  f"{size[1]:4.0f} px (issue 37: {old[0]:3d} x {old[1]:3d}; "
                  f"x{growth[0]:.2f} x x{growth[1]:.2f})")
            app.close()
            plt.close(app.fig)


if __name__ == "__main__":
    main()

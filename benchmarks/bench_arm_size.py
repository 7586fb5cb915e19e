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
from robosim import Joint, Robot, load_robot  # noqa: E402
from robosim.gui.app import WINDOW_SIZE, Application  # noqa: E402
from robosim.gui.window_size import fitted_size_in  # noqa: E402

#: Tk under Xvfb: the dpi it shows a figure at, and its toolbar's height (pixels).
TK_DPI, TK_TOOLBAR_PX = 104.17, 50
SCREENS = {"1000 x 650": (1000, 650), "1920 x 1080": (1920, 1080)}
UR5 = ROOT / "tests/data/example-robot-data/robots/ur_description/urdf/ur5_robot.urdf"
ROBOTS = {"Lynx6": lambda: load_robot("Lynx6"), "Puma 560": lambda: load_robot("Puma 560"),
          "12 joints": lambda: Robot([Joint("R", a=1.0, alpha=np.pi / 2 * (k % 2))
                                      for k in range(12)], name="twelve", unit="m"),
          "UR5 URDF": lambda: load_robot(UR5)}
#: The arm at home as issue 37 found it (width, height in pixels), measured on main before
#: commit 4eaa5bd with this script's method.
ISSUE_37_PX = {"1000 x 650": {"Lynx6": (67, 43), "Puma 560": (52, 85), "12 joints": (75, 35),
                              "UR5 URDF": (89, 40)},
               "1920 x 1080": {"Lynx6": (117, 76), "Puma 560": (90, 146),
                               "12 joints": (151, 70), "UR5 URDF": (146, 66)}}


def arm_extent_px(screen):
    """Width and height in display pixels of what the arm's moving artists drew."""
    ax, points = screen.ax, []
    for artist in screen.drawing.moving_artists:
        if not artist.get_visible():
            continue
        if hasattr(artist, "projected"):                          # the meshes
            xy = artist.projected()[0].reshape(-1, 2)
        elif hasattr(artist, "get_xydata"):                       # lines: projected when drawn
            xy = artist.get_xydata()
        else:                                                     # the links' collection
            xy = np.vstack([path.vertices for path in artist.get_paths()] or [np.empty((0, 2))])
        xy = xy[np.isfinite(xy).all(axis=1)]
        if len(xy):
            points.append(ax.transData.transform(xy))
    points = np.vstack(points)
    return points.max(axis=0) - points.min(axis=0)


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
            size = arm_extent_px(app.screen)
            old = np.array(ISSUE_37_PX[screen_name][name])
            growth = size / old
            print(f"  {name:9s} view {view.width:4.0f} px, arm at home {size[0]:4.0f} x "
                  f"{size[1]:4.0f} px (issue 37: {old[0]:3d} x {old[1]:3d}; "
                  f"x{growth[0]:.2f} x x{growth[1]:.2f})")
            app.close()
            plt.close(app.fig)


if __name__ == "__main__":
    main()

"""What the simulator draws of the arm, measured in display pixels (issue 37, item 8): the
robots the arm-size test and ``benchmarks/bench_arm_size.py`` open, the arm at home as issue
37 found it, and the box of what the arm's artists drew."""

import numpy as np

from data_files import URDF_DIR
from robosim import Joint, Robot, load_robot


def twelve_joints():
    return Robot([Joint("R", a=1.0, alpha=np.pi / 2 * (k % 2)) for k in range(12)],
                 name="twelve", unit="m")


ROBOTS = {"Lynx6": lambda: load_robot("Lynx6"), "Puma 560": lambda: load_robot("Puma 560"),
          "12 joints": twelve_joints,
          "UR5 URDF": lambda: load_robot(URDF_DIR / "ur_description/urdf/ur5_robot.urdf")}


def drawn_arm_extent(screen):
    """The box ``(low (2,), high (2,))`` in display pixels of what the arm's artists drew."""
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
    return points.min(axis=0), points.max(axis=0)


#: The arm at home as issue 37 found it (display pixels, width x height), on the figure the
#: application's window has on a 1000 x 650 and a 1920 x 1080 screen (the issue's walk and
#: the measure of the code before commit 4eaa5bd, whose message gives the lab screen's; the
#: window was 12 x 7.5 in on the larger screen).
ISSUE_37_ARM_PX = {(1000, 650): {"Lynx6": (67, 43), "Puma 560": (52, 85), "12 joints": (75, 35),
                                 "UR5 URDF": (89, 40)},
                   (1920, 1080): {"Lynx6": (117, 76), "Puma 560": (90, 146),
                                  "12 joints": (151, 70), "UR5 URDF": (146, 66)}}

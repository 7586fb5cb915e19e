"""The arm is what a student came to see (issue 37, item 8): on the lab screen (the figure a
1000 x 650 px screen leaves the application, :func:`layout_check.tk_window_figure`) the 3D
view takes the room the layout gives it and the arm's reach fills the view, for arms of every
size. Sizes are measured on what is drawn: the artists' display coordinates after a draw."""

import matplotlib.pyplot as plt
import numpy as np
import pytest

from layout_check import tk_window_figure
from robosim import Joint, Robot, load_robot
from robosim.gui.app import WINDOW_SIZE, Application
from robosim.gui.layout import figure_size_pt
from robosim.gui.screens.gripper_drag import to_pixels
from robosim.plotting.arm import reach_points
from data_files import URDF_DIR

#: The share of the view's side the reach must span (it spanned 55 % before issue 37), and
#: the share of the view's side the drawn arm at home must span at least (Lynx6 24 %, Puma 560
#: 31 % before).
REACH_SHARE, ARM_SHARE = 0.8, 0.33


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


@pytest.mark.parametrize("name", ROBOTS)
def test_the_arms_reach_fills_the_view_and_the_view_its_room(name):
    robot = ROBOTS[name]()
    width, height, dpi = tk_window_figure(WINDOW_SIZE)
    app = Application(robot=robot, figure=plt.figure(figsize=(width, height), dpi=dpi))
    app.fig.canvas.draw()
    screen = app.screen
    box = screen.ax.bbox
    side = min(box.width, box.height)
    _, _, room_width, room_height = screen.layout(*figure_size_pt(app.fig))["arm"]
    room = min(room_width, room_height) * dpi / 72          # points to pixels
    assert side >= 0.97 * room                                # the view takes its room
    reach = to_pixels(screen.ax, reach_points(robot))       # every pose the arm can take
    assert (reach >= [box.x0, box.y0]).all() and (reach <= [box.x1, box.y1]).all()
    assert np.ptp(reach, axis=0).max() >= REACH_SHARE * side
    low, high = drawn_arm_extent(screen)                    # the arm at home, as drawn
    assert (high - low).max() >= ARM_SHARE * side
    assert (low >= [box.x0, box.y0]).all() and (high <= [box.x1, box.y1]).all()


#: The arm at home as issue 37 found it (display pixels, width x height), on the figure the
#: application's window has on a 1000 x 650 and a 1920 x 1080 screen (the issue's walk and
#: the measure of the code before commit 4eaa5bd, whose message gives the lab screen's; the
#: window was 12 x 7.5 in on the larger screen), and the issue's target: twice as large in
#: each direction.
ISSUE_37_ARM_PX = {(1000, 650): {"Lynx6": (67, 43), "Puma 560": (52, 85), "12 joints": (75, 35),
                                 "UR5 URDF": (89, 40)},
                   (1920, 1080): {"Lynx6": (117, 76), "Puma 560": (90, 146),
                                  "12 joints": (151, 70), "UR5 URDF": (146, 66)}}
GROWTH = 2.0


@pytest.mark.parametrize("screen_px", list(ISSUE_37_ARM_PX))
@pytest.mark.parametrize("name", ROBOTS)
def test_the_arm_is_drawn_twice_as_large_as_issue_37_found_it(name, screen_px):
    width, height, dpi = tk_window_figure(WINDOW_SIZE, screen_px, grow=True)
    app = Application(robot=ROBOTS[name](), figure=plt.figure(figsize=(width, height), dpi=dpi))
    app.fig.canvas.draw()
    low, high = drawn_arm_extent(app.screen)
    old = np.array(ISSUE_37_ARM_PX[screen_px][name])
    assert (high - low >= GROWTH * old).all(), \
        f"{name}: {high - low} px at home, issue 37 found {old}"


@pytest.mark.parametrize("name", ["Lynx6", "12 joints"])
def test_the_whole_reach_stays_in_the_view_from_any_side(name):
    # a student turning the view (matplotlib's arcball turns it about any axis) keeps the arm
    robot = ROBOTS[name]()
    width, height, dpi = tk_window_figure(WINDOW_SIZE)
    app = Application(robot=robot, figure=plt.figure(figsize=(width, height), dpi=dpi))
    ax, reach = app.screen.ax, reach_points(robot)
    for elev, azim, roll in [(90, 0, 0), (-90, 0, 0), (0, 0, 0), (0, 90, 0), (30, 45, 60),
                             (-20, 200, 135), (10, -120, 90)]:
        ax.view_init(elev=elev, azim=azim, roll=roll)
        app.fig.canvas.draw()
        box, points = ax.bbox, to_pixels(ax, reach)
        assert (points >= [box.x0, box.y0]).all() and (points <= [box.x1, box.y1]).all(), \
            f"view ({elev}, {azim}, {roll}): the reach leaves the view"

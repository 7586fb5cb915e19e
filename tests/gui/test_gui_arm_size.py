"""The arm is what a student came to see (issue 37, item 8): on the lab screen (the figure a
1000 x 650 px screen leaves the application, :func:`layout_check.tk_window_figure`) the 3D
view takes the room the layout gives it and the arm's reach fills the view, for arms of every
size. Sizes are measured on what is drawn: the artists' display coordinates after a draw."""

import matplotlib.pyplot as plt
import numpy as np
import pytest

from arm_pixels import ISSUE_37_ARM_PX, ROBOTS, drawn_arm_extent
from layout_check import tk_window_figure
from robosim.gui.app import WINDOW_SIZE, Application
from robosim.gui.layout import figure_size_pt
from robosim.gui.screens.gripper_drag import to_pixels
from robosim.plotting.arm import reach_points

#: The share of the view's side the reach must span (it spanned 55 % before issue 37), and
#: the share of the view's side the drawn arm at home must span at least (Lynx6 24 %, Puma 560
#: 31 % before).
REACH_SHARE, ARM_SHARE = 0.8, 0.33


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


#: Issue 37's target: the arm at home twice as large in each direction.
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

"""What the simulator shows of its sliders after blits is what a full draw shows (issue 37:
"ghost handles" after a typed value, and after Random Move then Home). A slider's handle is a
circle larger than its slider's axes is high: redrawn and blitted inside the axes only, the
old circle's rims above and below stayed on screen. Compared here: the screen
(:class:`screen_copy.ScreenCopy`) around the sliders, and a full draw of the same state."""

import matplotlib.pyplot as plt
import pytest

from gui_events import click_axes, type_in_cell
from layout_check import tk_window_figure
from robosim import load_robot
from robosim.gui.app import WINDOW_SIZE, Application
from screen_copy import ScreenCopy


def make_app(name, seed=None):
    width, height, dpi = tk_window_figure(WINDOW_SIZE)        # the lab screen's window
    return Application(robot=load_robot(name), figure=plt.figure(figsize=(width, height),
                                                                 dpi=dpi),
                       clock=lambda: 0.0, seed=seed)


def around_sliders(app):
    """Every slider's axes and the value cells, grown by 20 px (display Bbox)."""
    sliders = app.screen.sliders
    return app.screen.values.ax.bbox.union([s.ax.bbox for s in sliders]).padded(20)


def settle(app):
    """Tick the animation to its end."""
    for _ in range(1000):
        if not app.screen.animation.running:
            return
        app.tick()


def test_a_typed_value_leaves_no_ghost_handle():
    app = make_app("Franka Panda")
    screen = ScreenCopy(app.fig)
    type_in_cell(app.screen.values, 3, 0, "-30", "enter")        # joint 4
    settle(app)
    screen.assert_shows_a_full_draw(around_sliders(app))


@pytest.mark.parametrize("seed", range(8))   # 4 and 6 left ghosts before the fix
def test_random_move_then_home_leave_no_ghost_handles(seed):
    app = make_app("Puma 560", seed)
    screen = ScreenCopy(app.fig)
    for label in ("Random Move", "Home"):
        click_axes(app.screen.buttons[label].ax)
        settle(app)
    screen.assert_shows_a_full_draw(around_sliders(app))


def test_a_blitted_value_cell_looks_as_a_full_draw_draws_it():
    # issue 37: a cell blitted after its value was typed had a darker border
    app = make_app("Franka Panda")
    screen = ScreenCopy(app.fig)
    type_in_cell(app.screen.values, 3, 0, "-30", "enter")
    settle(app)
    screen.assert_shows_a_full_draw(app.screen.values.ax.bbox.padded(3))

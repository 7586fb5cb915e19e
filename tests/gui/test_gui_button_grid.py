"""The button grid: clicks, hover, hidden buttons and labels that fit (on Agg)."""

import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import pytest

from gui_events import click, click_grid_button, mouse
from layout_check import LAB_SCREEN_PX, layout_problems
from robosim.gui.widgets.button_grid import COLOUR, HOVER_COLOUR, ButtonGrid


@pytest.fixture
def grid():
    fig = plt.figure(figsize=(LAB_SCREEN_PX[0] / 100, LAB_SCREEN_PX[1] / 100), dpi=100)
    clicked = []
    grid = ButtonGrid(fig, (0.1, 0.1, 0.4, 0.4), 3, 2, clicked.append, gap=(0.01, 0.01))
    grid.clicked = clicked
    grid.set_labels(["one", "two", "three"])
    fig.canvas.draw()
    return grid


def centre(grid, index):
    return tuple(grid.extent(index).get_points().mean(axis=0))


def test_a_click_on_a_button_calls_back_with_its_index(grid):
    click_grid_button(grid, 2)
    click_grid_button(grid, 0)
    assert grid.clicked == [2, 0]


def test_buttons_are_numbered_row_by_row_from_the_top_left(grid):
    (x0, y0), (x1, _), (_, y2) = centre(grid, 0), centre(grid, 1), centre(grid, 2)
    assert x1 > x0 and y2 < y0


def test_a_hidden_button_a_gap_and_a_press_released_elsewhere_do_nothing(grid):
    assert grid.shown() == [0, 1, 2]
    click_grid_button(grid, 3)                                  # hidden: no label
    gap_x = (grid.extent(0).x1 + grid.extent(1).x0) / 2
    click(grid.fig, gap_x, centre(grid, 0)[1])
    mouse(grid.fig, "button_press_event", *centre(grid, 0))
    mouse(grid.fig, "button_release_event", *centre(grid, 1))  # dragged off: no click
    assert grid.clicked == []


def test_the_button_under_the_pointer_is_lighter(grid):
    mouse(grid.fig, "motion_notify_event", *centre(grid, 1))
    faces = [mcolors.to_hex(box.get_facecolor()) for box in grid.boxes[:3]]
    assert faces == [mcolors.to_hex(c) for c in (COLOUR, HOVER_COLOUR, COLOUR)]
    mouse(grid.fig, "motion_notify_event", 1, 1)
    assert all(mcolors.to_hex(box.get_facecolor()) == mcolors.to_hex(COLOUR)
               for box in grid.boxes)


def test_labels_shrink_to_fit_their_buttons_all_to_one_size(grid):
    grid.set_labels(["a label far, far, far too long for its button\non two lines", "two",
                     "x"])
    problems = layout_problems(grid.fig)                    # as it was set: it spills over
    assert any("'a label far" in problem and "leaves its button" in problem
               for problem in problems)
    grid.fit_labels()
    assert layout_problems(grid.fig) == []
    assert len({grid.labels[k].get_fontsize() for k in grid.shown()}) == 1


def test_labels_of_a_grid_not_of_one_size_each_keep_the_largest_that_fits(grid):
    fig = grid.fig
    free = ButtonGrid(fig, (0.55, 0.1, 0.2, 0.4), 2, 1, print, fontsize=10, one_size=False)
    # long enough to shrink (to 7.5 pt), short enough to fit above the smallest size (6 pt) with
    # every matplotlib the package allows (3.9 measured a longer label 2 px too wide at 6 pt)
    free.set_labels(["a label far, far too long for its button", "short"])
    free.fit_labels()
    assert free.labels[0].get_fontsize() < 10 == free.labels[1].get_fontsize()
    assert layout_problems(fig) == []

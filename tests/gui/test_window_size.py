"""Windows open inside their screen (robosim.gui.window_size), on a stand-in for Tk's window."""

from types import SimpleNamespace

import pytest
from matplotlib.backend_bases import FigureCanvasBase
from matplotlib.figure import Figure

from robosim.gui.window_size import fit_to_screen, fitted_size_in


class TkWindow:
    """What fit_to_screen asks of a Tk window: the screen's size and Tk's scaling."""

    def __init__(self, screen, scaling=96 / 72):
        self.screen = screen
        self.tk = SimpleNamespace(call=lambda *args: scaling)

    def winfo_screenwidth(self):
        return self.screen[0]

    def winfo_screenheight(self):
        return self.screen[1]


class TkToolbar:
    """A Tk toolbar reduced to the size it asks for."""

    def __init__(self, height):
        self.height, self.width = height, None

    def winfo_reqheight(self):
        return self.height

    def winfo_reqwidth(self):
        return self.width

    def configure(self, width):
        self.width = width


def tk_figure(screen, size=(12.0, 7.5), dpi=100, scaling=96 / 72):
    fig = Figure(figsize=size, dpi=dpi)
    canvas = FigureCanvasBase(fig)
    canvas.manager = SimpleNamespace(window=TkWindow(screen, scaling), toolbar=TkToolbar(50),
                                     resize=lambda width, height: None)
    return fig


def test_a_window_larger_than_its_screen_shrinks_to_fit_it():
    fig = tk_figure((1000, 650))
    fit_to_screen(fig)
    # (1000 - 16) / 100 and (650 - 90 - 50) / 100 inches: the frame, taskbar, title bar and
    # the 50 px toolbar left out
    assert tuple(fig.get_size_inches()) == pytest.approx((9.84, 5.10))
    assert fig.canvas.manager.toolbar.width == 984     # the toolbar no longer holds it wide


def test_tk_scaling_makes_the_window_larger_and_is_counted():
    # Tk scaling 1.5 * 96/72: matplotlib will show the figure at 150 dpi, not 100
    fig = tk_figure((1000, 650), scaling=1.5 * 96 / 72)
    fit_to_screen(fig)
    width, height = fig.get_size_inches()
    assert width * 150 == pytest.approx(984) and height * 150 == pytest.approx(510)


def test_a_window_the_screen_holds_keeps_its_size():
    fig = tk_figure((1920, 1080))
    fit_to_screen(fig)
    assert tuple(fig.get_size_inches()) == (12.0, 7.5)
    assert fig.canvas.manager.toolbar.width is None


def test_no_screen_no_change():
    fig = Figure(figsize=(12.0, 7.5))
    FigureCanvasBase(fig)
    fit_to_screen(fig)
    assert tuple(fig.get_size_inches()) == (12.0, 7.5)


def test_each_side_is_cut_on_its_own():
    # a wide, short screen: the width stays, the height is cut
    assert fitted_size_in((8.0, 6.0), 100, (1920, 600), 40) == pytest.approx((8.0, 4.7))

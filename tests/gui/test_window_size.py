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


def test_the_application_grows_to_a_larger_screen_in_its_proportions():
    # room 19.04 x 9.4 in: the height meets it first, 9.4 / 6 = 1.567 times
    assert fitted_size_in((8.0, 6.0), 100, (1920, 1080), 50, grow=True) == \
        pytest.approx((8.0 * 9.4 / 6.0, 9.4))
    # a tool window keeps its size; a screen too small for either side cuts each side
    assert fitted_size_in((8.0, 6.0), 100, (1920, 1080), 50) == (8.0, 6.0)
    assert fitted_size_in((8.0, 6.0), 100, (1920, 600), 40, grow=True) == \
        pytest.approx((8.0, 4.7))
    fig = tk_figure((1920, 1080))
    fit_to_screen(fig, grow=True)
    assert tuple(fig.get_size_inches()) == pytest.approx((12.0 * 9.4 / 7.5, 9.4))


# ------------------------------------------------------------------ beside the 3D view
#: The tool windows that play motion the student must see (issue 37, item 4), and the rest.
MOTION_TOOLS = ("Dynamics...", "Trajectories...", "Workspace...", "DH steps...")


def overlap_px(a, b):
    """Pixels two screen rectangles ``(x0, y0, x1, y1)`` share."""
    return max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))


def simulator_on_screen(screen, toolbar=50, dpi=100):
    """The simulator as ``robosim`` opens it on ``screen`` (fitted to it, its window at the
    top-left corner as an X server without a window manager puts it): the screen rectangles
    of its 3D view (tick labels included) and of its window."""
    import matplotlib.pyplot as plt
    from matplotlib.transforms import Bbox

    from robosim import load_robot
    from robosim.gui.app import WINDOW_SIZE, Application

    size = fitted_size_in(WINDOW_SIZE, dpi, screen, toolbar, grow=True)
    app = Application(robot=load_robot("Lynx6"), figure=plt.figure(figsize=size, dpi=dpi))
    try:
        app.fig.canvas.draw()
        ax, height = app.screen.ax, app.fig.bbox.height
        box = Bbox.union([ax.bbox, ax.get_tightbbox()])
        view = (box.x0, height - box.y1, box.x1, height - box.y0)
        window = (0, 0, app.fig.bbox.width, height + toolbar)
    finally:
        app.close()
    return view, window


@pytest.mark.parametrize("screen", [(1000, 650), (1920, 1080)])
def test_tool_windows_open_beside_the_3d_view(screen):
    from robosim.gui.tools import TOOLS, tool_class
    from robosim.gui.window_size import SCREEN_ROOM_PX, SMALLEST_ROOM_PX, place_beside

    view, simulator = simulator_on_screen(screen)
    assert view[2] - view[0] > 200 and view[3] - view[1] > 200     # the view is on screen
    for label, _module, _class in TOOLS:
        width, height = tool_class(label).FIGSIZE
        frame = (width * 100 + SCREEN_ROOM_PX[0], height * 100 + SCREEN_ROOM_PX[1] + 50)
        x, y, w, h = place_beside(view, screen, frame, avoid=simulator)
        placed = (x, y, x + w, y + h)
        assert overlap_px(placed, view) == 0, label
        assert 0 <= x and x + w <= screen[0] and 0 <= y and y + h <= screen[1], label
        assert w >= SMALLEST_ROOM_PX[0] and h >= SMALLEST_ROOM_PX[1], label
        if frame[0] <= screen[0] - simulator[2] - 4 and frame[1] <= screen[1]:
            # room beside the whole simulator: the tool window covers none of it
            assert overlap_px(placed, simulator) == 0 and (w, h) == frame, label
    if screen == (1000, 650):     # the lab screen: no room beside the simulator, but the view
        for label in MOTION_TOOLS:
            width, height = tool_class(label).FIGSIZE
            assert width * 100 + SCREEN_ROOM_PX[0] > screen[0] - simulator[2]


class TkWidget:
    """A Tk widget at a place on the screen, of a size."""

    def __init__(self, left, top, width=0, height=0):
        self.left, self.top, self.width, self.height = left, top, width, height

    def winfo_rootx(self):
        return self.left

    def winfo_rooty(self):
        return self.top

    def winfo_width(self):
        return self.width

    def winfo_height(self):
        return self.height

    def winfo_toplevel(self):
        return self


class MovableTkWindow(TkWindow):
    """A Tk window that records where it was told to go."""

    def __init__(self, screen):
        super().__init__(screen)
        self.geometries = []

    def geometry(self, where):
        self.geometries.append(where)


def test_a_tool_window_is_moved_beside_the_view_and_shrunk_to_the_room():
    from robosim.gui.window_size import place_beside_view, screen_rect_px

    simulator = tk_figure((1000, 650), size=(9.84, 5.1))
    simulator.canvas.get_tk_widget = lambda: TkWidget(0, 0, 984, 560)
    view = screen_rect_px(simulator, simulator.bbox.shrunk(0.3, 0.6).translated(0, 204))
    assert view == (0, 0, 295, 306)           # the top-left of a 984 x 510 px canvas
    assert screen_rect_px(simulator) == (0, 0, 984, 560)
    tool = tk_figure((1000, 650), size=(11.0, 7.4))
    tool.canvas.manager.window = MovableTkWindow((1000, 650))
    place_beside_view(tool, view, screen_rect_px(simulator))
    # right of the view, 4 px away: 1000 - 299 = 701 px wide with its 16 px frame, 650 px
    # high with the title bar, taskbar and toolbar's 140 px
    assert tool.canvas.manager.window.geometries == ["+299+0"]
    assert tuple(tool.get_size_inches()) == pytest.approx((6.85, 5.10))


def test_no_window_to_move_no_change():
    from robosim.gui.window_size import place_beside_view, screen_rect_px

    fig = Figure(figsize=(11.0, 7.4))
    FigureCanvasBase(fig)
    assert screen_rect_px(fig) is None
    place_beside_view(fig, (0, 0, 300, 300))
    assert tuple(fig.get_size_inches()) == (11.0, 7.4)

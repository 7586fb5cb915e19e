"""Windows that open inside the screen they open on, beside what they must not hide.

A window opens at its preferred size (the application 12 x 7.5 in, each tool window its own)
unless that is larger than the screen: then it opens as large as the screen allows, leaving
:data:`SCREEN_ROOM_PX` for the desktop (a taskbar or dock, the window's title bar and frame)
and room for the window's toolbar. The application also grows, in its proportions, to what a
larger screen allows: the arm is what a student came to see, and its 3D view grows with the
window (issue 37: on a 1920 x 1080 screen the arm is drawn twice as large as it was in a
12 x 7.5 in window, before its view was zoomed to the reach). A tool window keeps its size.
Every window lays itself out from its figure's size (:mod:`robosim.gui.layout`), so a smaller
window is a smaller layout, not a cut one; a user's resize afterwards works as before.

The screen's size comes from the window itself: Tk's ``winfo_screenwidth`` /
``winfo_screenheight`` (TkAgg), Qt's available geometry of the window's screen (QtAgg). Other
backends (Agg, a notebook's) have no screen: nothing changes there.

Worked example: on a 1000 x 650 px screen, Tk at 104.17 dpi (its scaling under Xvfb) with a
50 px toolbar, the application's 12 x 7.5 in figure (1250 x 781 px) becomes
``(1000 - 16) / 104.17 = 9.45`` in wide and ``(650 - 90 - 50) / 104.17 = 4.90`` in high.

A tool window that plays motion (a free fall, a trajectory, a sweep of the workspace, the DH
steps) is no use over the arm it moves: :func:`place_beside_view` puts it beside the
simulator's 3D view, in the largest room the screen leaves around the view
(:func:`place_beside`), shrunk to that room if it must be. On the 1000 x 650 lab screen the
simulator fills the screen and its view is its top-left corner: a tool window goes right of the
view, over the controls, about 580 px wide. Where the screen has room beside the whole
simulator window (a tool window no larger than what is left), it goes there instead and covers
nothing.
"""

import time

#: Pixels of the screen a window leaves to the desktop: width (the window's frame) and height
#: (a taskbar or dock, the title bar).
SCREEN_ROOM_PX = (16, 90)
#: Pixels between a tool window and the view it leaves visible.
PLACE_GAP_PX = 4
#: The smallest room (pixels, frame included) :func:`place_beside` puts a window in: a tool
#: window's layout reads down to about this size (the simulator is tested at 700 x 450).
SMALLEST_ROOM_PX = (480, 360)


def screen_size_px(fig):
    """``(width, height)`` in pixels of the screen ``fig``'s window is on, or None when the
    backend has no window (Agg, a notebook) or is not one robosim knows how to ask."""
    window = getattr(getattr(fig.canvas, "manager", None), "window", None)
    if window is None:
        return None
    if hasattr(window, "winfo_screenwidth"):                      # Tk
        return window.winfo_screenwidth(), window.winfo_screenheight()
    screen = getattr(window, "screen", None)                      # Qt
    if callable(screen) and screen() is not None:
        geometry = screen().availableGeometry()
        return geometry.width(), geometry.height()
    return None


def toolbar_height_px(fig):
    """Height in pixels of the toolbar of ``fig``'s window (0 when it has none)."""
    toolbar = getattr(getattr(fig.canvas, "manager", None), "toolbar", None)
    if toolbar is None:
        return 0
    if hasattr(toolbar, "winfo_reqheight"):                       # Tk
        return toolbar.winfo_reqheight()
    if hasattr(toolbar, "sizeHint"):                              # Qt
        return toolbar.sizeHint().height()
    return 0


def fitted_size_in(size_in, dpi, screen_px, toolbar_px=0, grow=False):
    """The figure size (inches) to open at: ``size_in`` ``(width, height)``, each side cut
    to what a screen of ``screen_px`` pixels leaves it at ``dpi`` (pixels per inch on that
    screen) once :data:`SCREEN_ROOM_PX` and a ``toolbar_px`` high toolbar are taken off; with
    ``grow``, where the screen leaves more than ``size_in``, ``size_in`` scaled up (its
    proportions kept) until one side meets the room.

    >>> fitted_size_in((12.0, 7.5), 100, (1920, 1080), 50)     # room enough: as it was
    (12.0, 7.5)
    >>> fitted_size_in((12.0, 7.5), 100, (1000, 650), 50)      # (1000-16)/100, (650-90-50)/100
    (9.84, 5.1)

    Grown: the room is 19.04 x 9.4 in, the height meets it first (9.4 / 7.5 = 1.253):

    >>> fitted_size_in((12.0, 7.5), 100, (1920, 1080), 50, grow=True)
    (15.04, 9.4)
    """
    width, height = size_in
    room_width = (screen_px[0] - SCREEN_ROOM_PX[0]) / dpi
    room_height = (screen_px[1] - SCREEN_ROOM_PX[1] - toolbar_px) / dpi
    scale = min(room_width / width, room_height / height)
    if grow and scale > 1:
        return round(width * scale, 6), round(height * scale, 6)
    return min(width, room_width), min(height, room_height)


def window_dpi(fig):
    """Pixels per inch ``fig`` is shown at on its screen. Tk scales a figure by its own
    scaling (matplotlib sets the canvas's device pixel ratio to ``tk scaling / (96 / 72)``,
    rounded to 2 decimals, when the window first shows), so a window not shown yet will be
    larger than ``fig.dpi`` says."""
    window = getattr(getattr(fig.canvas, "manager", None), "window", None)
    dpi = fig.dpi / fig.canvas.device_pixel_ratio
    if window is not None and hasattr(window, "winfo_screenwidth"):       # Tk
        return dpi * round(float(window.tk.call("tk", "scaling")) / (96 / 72), 2)
    return fig.dpi


def fit_to_screen(fig, grow=False):
    """Shrink ``fig``'s window to fit its screen (:func:`fitted_size_in`) if it is larger,
    or with ``grow`` make it as large as a larger screen allows; nothing happens where there
    is no screen to ask (:func:`screen_size_px`)."""
    screen = screen_size_px(fig)
    if screen is None:
        return
    size = tuple(float(side) for side in fig.get_size_inches())
    dpi = window_dpi(fig)
    fitted = fitted_size_in(size, dpi, screen, toolbar_height_px(fig), grow)
    if fitted != size:
        _resize(fig, fitted)


def _resize(fig, size_in):
    """Give ``fig``'s window the figure size ``size_in`` (inches), its toolbar too."""
    fig.set_size_inches(*size_in, forward=True)
    toolbar = fig.canvas.manager.toolbar
    if hasattr(toolbar, "winfo_reqwidth"):
        # Tk's toolbar asks for the width the figure had when it was made: as wide as the
        # canvas now (Tk's scaling is applied to both when the window shows), or the window
        # would stay that wide
        toolbar.configure(width=int(size_in[0] * fig.dpi))


def place_beside(keep, screen_px, size_px, avoid=None):
    """Where a window of ``size_px`` ``(width, height)`` (pixels, its frame included) goes on
    a screen of ``screen_px`` so that it does not cover ``keep``: ``(x, y, width, height)``
    (pixels, y down, the frame's top-left corner), or None when no room is large enough.

    ``keep`` and ``avoid`` are rectangles ``(x0, y0, x1, y1)`` on the screen. The rooms are
    the four strips of the screen right of, below, left of and above a rectangle; the window
    takes its size there, cut to the room. First a room beside ``avoid`` (the whole
    simulator window) that holds the window uncut, so that it covers nothing; else the room
    beside ``keep`` (the 3D view) that leaves the window the largest area, at least
    :data:`SMALLEST_ROOM_PX` (ties in the order above).

    Examples
    --------
    The lab screen, 1000 x 650 px: the simulator fills it, its 3D view 8 to 290 px across and
    40 to 330 px down. A 1116 x 830 px window (a tool window's 11 x 7.4 in at 100 dpi and its
    frame) has no room beside the simulator; right of the view it gets ``1000 - 294 = 706`` px
    of width and the screen's height; below, only 320 px of height:

    >>> place_beside((8, 40, 290, 330), (1000, 650), (1116, 830), avoid=(0, 0, 1000, 650))
    (294, 0, 706, 650)

    On a 1920 x 1080 screen with the simulator resized to 1216 x 890 px, a window of 700 x 600 px
    fits right of it and covers nothing:

    >>> place_beside((8, 40, 470, 500), (1920, 1080), (700, 600), avoid=(0, 0, 1216, 890))
    (1220, 0, 700, 600)
    """
    width, height = size_px
    if avoid is not None:
        for x0, y0, x1, y1 in _rooms(avoid, screen_px):
            if x1 - x0 >= width and y1 - y0 >= height:
                return x0, y0, width, height
    best, best_area = None, 0
    for x0, y0, x1, y1 in _rooms(keep, screen_px):
        fitted = (min(width, x1 - x0), min(height, y1 - y0))
        if fitted[0] < SMALLEST_ROOM_PX[0] or fitted[1] < SMALLEST_ROOM_PX[1]:
            continue
        if fitted[0] * fitted[1] > best_area:
            best, best_area = (x0, y0, *fitted), fitted[0] * fitted[1]
    return best


def _rooms(rect, screen_px):
    """The strips of a screen ``screen_px`` right of, below, left of and above ``rect``
    ``(x0, y0, x1, y1)``, :data:`PLACE_GAP_PX` away from it: rectangles ``(x0, y0, x1, y1)``."""
    x0, y0, x1, y1 = rect
    width, height = screen_px
    gap = PLACE_GAP_PX
    return [(min(width, x1 + gap), 0, width, height), (0, min(height, y1 + gap), width, height),
            (0, 0, max(0, x0 - gap), height), (0, 0, width, max(0, y0 - gap))]


def screen_rect_px(fig, box=None):
    """The rectangle ``(x0, y0, x1, y1)`` (screen pixels, y down) that ``box`` (a
    :class:`matplotlib.transforms.Bbox` in ``fig``'s display pixels) covers on the screen,
    or by default ``fig``'s whole window (its toolbar too); None where the backend has no
    window robosim knows how to ask (Tk's only)."""
    canvas = fig.canvas
    if not hasattr(canvas, "get_tk_widget"):
        return None
    if box is None:
        window = canvas.get_tk_widget().winfo_toplevel()
        left, top = window.winfo_rootx(), window.winfo_rooty()
        return left, top, left + window.winfo_width(), top + window.winfo_height()
    widget = canvas.get_tk_widget()
    left, top = widget.winfo_rootx(), widget.winfo_rooty()
    height = fig.bbox.height
    return (round(left + box.x0), round(top + height - box.y1), round(left + box.x1),
            round(top + height - box.y0))


def place_beside_view(fig, view, simulator=None):
    """Move ``fig``'s window (a tool window not shown yet) beside ``view``, the screen
    rectangle :func:`screen_rect_px` of what it must leave visible, and shrink its figure to
    the room (:func:`place_beside`; ``simulator``: the simulator window's rectangle, whose
    side is tried first). Nothing happens where there is no screen to ask
    (:func:`screen_size_px`), or no room."""
    screen = screen_size_px(fig)
    window = getattr(getattr(fig.canvas, "manager", None), "window", None)
    if screen is None or view is None or window is None or not hasattr(window, "geometry"):
        return
    dpi = window_dpi(fig)
    frame = (SCREEN_ROOM_PX[0], SCREEN_ROOM_PX[1] + toolbar_height_px(fig))
    size = tuple(float(side) for side in fig.get_size_inches())
    place = place_beside(view, screen, (round(size[0] * dpi) + frame[0],
                                        round(size[1] * dpi) + frame[1]), simulator)
    if place is None:
        return
    x, y, width, height = place
    fitted = (min(size[0], (width - frame[0]) / dpi), min(size[1], (height - frame[1]) / dpi))
    if fitted != size:
        _resize(fig, fitted)
    window.geometry(f"+{x}+{y}")


#: Longest wait (s) for a new window to be mapped before the application draws in it anyway.
MAP_TIMEOUT_S = 2.0


def show_before_drawing(fig, clock=time.monotonic):
    """Show ``fig``'s Tk window, empty, and wait until it is on the screen at its size, so
    that the screen built in it next is drawn once, at that size.

    A Tk window, once mapped, scales its figure to the screen's pixels per inch (a resize)
    and is then configured to its size (another); each resize draws the figure again. The
    welcome screen, built before its window showed, was drawn three times at the start
    (0.1-0.15 s each), the first in a window not mapped yet. Shown empty first, the window
    takes those draws cheaply. Other backends show their windows when ``plt.show`` asks.
    """
    manager = getattr(fig.canvas, "manager", None)
    window = getattr(manager, "window", None)
    if manager is None or not hasattr(window, "winfo_viewable"):
        return
    manager.show()
    widget = fig.canvas.get_tk_widget()
    deadline = clock() + MAP_TIMEOUT_S
    while not widget.winfo_viewable() and clock() < deadline:
        fig.canvas.flush_events()
    fig.canvas.flush_events()           # the resizes that follow the mapping

"""Windows that open inside the screen they open on.

A window opens at its preferred size (the application 12 x 7.5 in, each tool window its own)
unless that is larger than the screen: then it opens as large as the screen allows, leaving
:data:`SCREEN_ROOM_PX` for the desktop (a taskbar or dock, the window's title bar and frame)
and room for the window's toolbar. Every window lays itself out from its figure's size
(:mod:`robosim.gui.layout`), so a smaller window is a smaller layout, not a cut one; a user's
resize afterwards works as before.

The screen's size comes from the window itself: Tk's ``winfo_screenwidth`` /
``winfo_screenheight`` (TkAgg), Qt's available geometry of the window's screen (QtAgg). Other
backends (Agg, a notebook's) have no screen: nothing changes there.

Worked example: on a 1000 x 650 px screen, Tk at 104.17 dpi (its scaling under Xvfb) with a
50 px toolbar, the application's 12 x 7.5 in figure (1250 x 781 px) becomes
``(1000 - 16) / 104.17 = 9.45`` in wide and ``(650 - 90 - 50) / 104.17 = 4.90`` in high.
"""

#: Pixels of the screen a window leaves to the desktop: width (the window's frame) and height
#: (a taskbar or dock, the title bar).
SCREEN_ROOM_PX = (16, 90)


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


def fitted_size_in(size_in, dpi, screen_px, toolbar_px=0):
    """The figure size (inches) to open at: ``size_in`` ``(width, height)``, each side cut
    to what a screen of ``screen_px`` pixels leaves it at ``dpi`` (pixels per inch on that
    screen) once :data:`SCREEN_ROOM_PX` and a ``toolbar_px`` high toolbar are taken off.

    >>> fitted_size_in((12.0, 7.5), 100, (1920, 1080), 50)     # room enough: as it was
    (12.0, 7.5)
    >>> fitted_size_in((12.0, 7.5), 100, (1000, 650), 50)      # (1000-16)/100, (650-90-50)/100
    (9.84, 5.1)
    """
    width, height = size_in
    room_width = (screen_px[0] - SCREEN_ROOM_PX[0]) / dpi
    room_height = (screen_px[1] - SCREEN_ROOM_PX[1] - toolbar_px) / dpi
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


def fit_to_screen(fig):
    """Shrink ``fig``'s window to fit its screen (:func:`fitted_size_in`) if it is larger;
    nothing happens where there is no screen to ask (:func:`screen_size_px`)."""
    screen = screen_size_px(fig)
    if screen is None:
        return
    size = tuple(float(side) for side in fig.get_size_inches())
    dpi = window_dpi(fig)
    fitted = fitted_size_in(size, dpi, screen, toolbar_height_px(fig))
    if fitted == size:
        return
    fig.set_size_inches(*fitted, forward=True)
    toolbar = fig.canvas.manager.toolbar
    if hasattr(toolbar, "winfo_reqwidth"):
        # Tk's toolbar asks for the width the figure had when it was made: as wide as the
        # canvas now (Tk's scaling is applied to both when the window shows), or the window
        # would stay that wide
        toolbar.configure(width=int(fitted[0] * fig.dpi))

"""The application: one figure, a status line, and the screen currently shown in it.

Screens (:mod:`robosim.gui.welcome`, :mod:`robosim.gui.editor`, :mod:`robosim.gui.simulator`)
are :class:`robosim.gui.screen.Screen` objects; the application tears the old one down and builds
the next in the same figure.

No student ever sees a traceback: every exception raised in a callback of the figure (canvas
events, widget observers, the animation timer) becomes a message in the status line, and the
screen keeps its last good state. ``ROBOSIM_DEBUG=1`` re-raises instead, for developers.
"""

import os
import time

import numpy as np

from ..errors import RobosimError
from .layout import MARGIN, STATUS_FONTSIZE, STATUS_HEIGHT, figure_size_pt, set_wrapped_text
from .shortcuts import use_robosim_shortcuts

#: Default window size (inches) and resolution of the application figure.
WINDOW_SIZE = (12.0, 7.5)
WINDOW_DPI = 100
STATUS_COLOUR = "black"
ERROR_COLOUR = "#c00000"


class Application:
    """The robosim application in one matplotlib figure.

    Parameters
    ----------
    robot : robosim.Robot, optional
        Start on the simulator with this robot instead of the welcome screen.
    seed : int, optional
        Seed of Random Move (the same seed gives the same random moves).
    figure : matplotlib.figure.Figure, optional
        The figure to use (tests pass an Agg figure); by default a pyplot window.
    clock : callable, optional
        Time source of the animations in seconds (default ``time.monotonic``); tests pass a
        frozen one so that every tick shows exactly one step.
    """

    def __init__(self, robot=None, seed=None, figure=None, clock=time.monotonic):
        if figure is None:
            import matplotlib.pyplot as plt

            figure = plt.figure(num="robosim", figsize=WINDOW_SIZE, dpi=WINDOW_DPI)
        use_robosim_shortcuts(figure)       # a stray q must not close the application
        self.fig = figure
        self.rng = np.random.default_rng(seed)
        self.clock = clock
        self.screen = None
        self.status_text = None
        self.status_message = ""
        self.status_is_error = False
        self.tool_figures = []
        self.fig.canvas.callbacks.exception_handler = self.report_exception
        self.fig.canvas.mpl_connect("draw_event", self._on_draw)
        self.fig.canvas.mpl_connect("resize_event", self._on_resize)
        if robot is None:
            self.show_welcome()
        else:
            self.show_simulator(robot)

    # ------------------------------------------------------------------ screens
    def show_welcome(self):
        """Switch to the welcome screen."""
        from .welcome import WelcomeScreen

        self._switch(WelcomeScreen(self))

    def show_editor(self, robot=None):
        """Switch to the DH-table editor, filled in with ``robot`` if given."""
        from .editor import EditorScreen

        self._switch(EditorScreen(self, robot))

    def show_simulator(self, robot):
        """Switch to the simulator screen with ``robot``."""
        from .simulator import SimulatorScreen

        self._switch(SimulatorScreen(self, robot))

    def _switch(self, screen):
        """Tear the current screen down, clear the figure and build ``screen`` in it."""
        if self.screen is not None:
            self.screen.teardown()
        self.screen = None
        self.fig.clear()
        width, height = figure_size_pt(self.fig)
        self.status_ax = self.fig.add_axes((0, 0, 1, STATUS_HEIGHT / height))
        self.status_ax.set_axis_off()
        self.status_ax.set_navigate(False)
        self.status_ax.patch.set_facecolor(self.fig.get_facecolor())
        self.status_text = self.status_ax.text(MARGIN / width, 0.5, "",
                                               fontsize=STATUS_FONTSIZE, va="center",
                                               color=STATUS_COLOUR)
        self.status_message = ""
        self._drawn = False
        self.screen = screen
        canvas = self.fig.canvas
        # Widgets ask for a draw while they are made (a full, synchronous draw each under Agg):
        # one draw once the screen is complete is enough.
        canvas.draw_idle = _skip_draw
        try:
            screen.build()
            screen.relayout()
        finally:
            del canvas.draw_idle
        canvas.draw_idle()

    def tick(self):
        """Advance the current screen's animation by one step (timers never fire under Agg)."""
        if self.screen is not None:
            self.screen.tick()

    # ------------------------------------------------------------------ status and errors
    def set_status(self, message, error=False):
        """Show a message in the status line (errors in red); a long one wraps to a second line.

        Once the figure has been drawn only the status line is redrawn (blitted), not the
        figure: a message costs about a millisecond, not a full draw.
        """
        if self.status_text is None:
            return
        self.status_message = " ".join(str(message).split())
        self._wrap_status()
        self.status_text.set_color(ERROR_COLOUR if error else STATUS_COLOUR)
        self.status_is_error = bool(error)
        canvas = self.fig.canvas
        if not (self._drawn and canvas.supports_blit):
            canvas.draw_idle()
            return
        self.status_ax.draw_artist(self.status_ax.patch)
        self.status_ax.draw_artist(self.status_text)
        canvas.blit(self.status_ax.bbox)

    def _on_draw(self, event):
        self._drawn = True

    def _wrap_status(self):
        """Break the status message into the lines the figure's width holds."""
        set_wrapped_text(self.status_text, self.status_message)

    def _on_resize(self, event):
        """The window changed size: lay the status line and the screen out again (the draw
        that follows a resize shows them)."""
        self._drawn = False
        if self.status_text is None:
            return
        width, height = figure_size_pt(self.fig)
        self.status_ax.set_position((0, 0, 1, STATUS_HEIGHT / height))
        self.status_text.set_x(MARGIN / width)
        self._wrap_status()
        if self.screen is not None:
            self.screen.relayout()

    @property
    def status(self):
        """The message in the status line, as given (the line may show it wrapped)."""
        return self.status_message if self.status_text is not None else ""

    def report_exception(self, exc):
        """Turn an exception raised in a callback into a status message (re-raise in debug)."""
        if os.environ.get("ROBOSIM_DEBUG"):
            raise exc
        if isinstance(exc, RobosimError):
            self.set_status(str(exc), error=True)
        else:
            self.set_status(f"Something went wrong ({type(exc).__name__}: {exc}); nothing was "
                            f"changed. Set ROBOSIM_DEBUG=1 to see the details.", error=True)

    def guarded(self, callback):
        """``callback`` wrapped so that its exceptions go to :meth:`report_exception`."""
        def run_guarded(*args, **kwargs):
            try:
                return callback(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 (the guard's whole purpose)
                self.report_exception(exc)
                return None
        return run_guarded

    def open_tool_window(self, figure):
        """Keep a tool window's figure, guard its callbacks and show it."""
        figure.canvas.callbacks.exception_handler = self.report_exception
        self.tool_figures.append(figure)
        manager = getattr(figure.canvas, "manager", None)
        if manager is not None and display_available():
            manager.show()


def _skip_draw(*args, **kwargs):
    """Stands in for ``canvas.draw_idle`` while a screen is being built."""


def display_available():
    """True when pyplot's backend can open a window (False without a display)."""
    import matplotlib
    from matplotlib.backends import BackendFilter, backend_registry

    backend = matplotlib.get_backend().lower()
    headless = backend_registry.list_builtin(BackendFilter.NON_INTERACTIVE)
    return backend not in headless and not backend.startswith("module://matplotlib_inline")


def run(robot=None, block=True, seed=None):
    """Start the application; returns the :class:`Application`.

    Parameters
    ----------
    robot : robosim.Robot or str, optional
        Open the simulator with this robot (or library name / file) instead of the welcome screen.
    block : bool
        Wait until the window is closed (the command line). ``False`` returns at once, for the
        Python prompt and Jupyter with an interactive backend (``%matplotlib widget``).
    seed : int, optional
        Seed of Random Move.

    Raises
    ------
    RobosimError
        Without a display (no interactive matplotlib backend), with the way to render instead.
    """
    import matplotlib.pyplot as plt

    from ..library import load_robot

    if not display_available():
        raise RobosimError(
            "no display: the application needs a window (matplotlib backend "
            f"{plt.get_backend()!r}); render the arm to an image instead with "
            "'robosim show ROBOT [q ...] --png FILE'")
    if isinstance(robot, str):
        robot = load_robot(robot)
    app = Application(robot=robot, seed=seed)
    plt.show(block=block)
    return app

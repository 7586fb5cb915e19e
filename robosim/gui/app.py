"""The application: one figure, a status line, and the screen currently shown in it.

Screens (:mod:`robosim.gui.screens.welcome`, :mod:`robosim.gui.screens.editor`,
:mod:`robosim.gui.screens.simulator`) are :class:`robosim.gui.screens.base.Screen` objects
(:class:`robosim.gui.view.View` lifecycle); the application tears the old one down and builds
the next in the same figure. While the simulator is shown the application holds its arm's
:class:`robosim.gui.state.ArmState` (:attr:`state`), which the tool windows observe; it is
closed when the simulator goes.

No student ever sees a traceback: every exception raised in a callback of the figure (canvas
events, widget observers, the animation timer) becomes a message in the status line, and the
screen keeps its last good state. ``ROBOSIM_DEBUG=1`` re-raises instead, for developers.

``ROBOSIM_DRAWS_FILE=PATH`` makes :func:`run` note the wall-clock time of the window's first
full draws in ``PATH`` (:func:`record_draws`): ``benchmarks/bench_start.py`` measures the
start-up with it.
"""

import os
import sys
import time

import numpy as np
from matplotlib.transforms import Bbox

from ..errors import RobosimError
from .blit import StatusLine, blit_manager
from .layout import STATUS_FONTSIZE, STATUS_HEIGHT, figure_size_pt
from .shortcuts import use_robosim_shortcuts
from .view import has_event_loop
from .window_size import fit_to_screen, place_beside_view, screen_rect_px, show_before_drawing

#: The environment variable naming the file :func:`run` notes its first draws in.
DRAWS_FILE = "ROBOSIM_DRAWS_FILE"

#: Default window size (inches) and resolution of the application figure.
WINDOW_SIZE = (12.0, 7.5)
WINDOW_DPI = 100


class Application:
    """The robosim application in one matplotlib figure.

    Parameters
    ----------
    robot : robosim.Robot, optional
        Start on the simulator with this robot instead of the welcome screen.
    seed : int, optional
        Seed of Random Move (the same seed gives the same random moves).
    figure : matplotlib.figure.Figure, optional
        The figure to use (tests pass an Agg figure); by default a pyplot window of
        :data:`WINDOW_SIZE`, smaller if the screen is, as large as it allows if larger
        (:mod:`robosim.gui.window_size`).
    clock : callable, optional
        Time source of the animations in seconds (default ``time.monotonic``); tests pass a
        frozen one so that every tick shows exactly one step.
    """

    def __init__(self, robot=None, seed=None, figure=None, clock=time.monotonic):
        if figure is None:
            import matplotlib.pyplot as plt

            figure = plt.figure(num="robosim", figsize=WINDOW_SIZE, dpi=WINDOW_DPI)
            fit_to_screen(figure, grow=True)
        use_robosim_shortcuts(figure)       # a stray q must not close the application
        self.fig = figure
        self.rng = np.random.default_rng(seed)
        self.clock = clock
        self.screen = None
        self.state = None
        self.status_line = None
        self.tool_windows = []
        self.robot_file = None   # the file the robot on screen was loaded from or saved to
        self.fig.canvas.callbacks.exception_handler = self.report_exception
        self.fig.canvas.mpl_connect("resize_event", self._on_resize)
        self.fig.canvas.mpl_connect("close_event",
                                    lambda event: self.close(figure_closing=True))
        if robot is None:
            self.show_welcome()
        else:
            self.show_simulator(robot)

    # ------------------------------------------------------------------ screens
    def show_welcome(self):
        """Switch to the welcome screen."""
        from .screens.welcome import WelcomeScreen

        self._switch(WelcomeScreen(self))

    def show_editor(self, robot=None):
        """Switch to the DH-table editor, filled in with ``robot`` if given; without one (a
        new robot) the robot has no file yet, so Save proposes the user's robosim folder, not
        the folder of the file shown before."""
        from .screens.editor import EditorScreen

        if robot is None:
            self.robot_file = None
        self._switch(EditorScreen(self, robot))

    def show_simulator(self, robot):
        """Switch to the simulator screen with ``robot`` (a new arm state)."""
        from .screens.simulator import SimulatorScreen
        from .state import ArmState

        state = ArmState(robot, report=self.report_exception)
        self._switch(SimulatorScreen(self, state), state)

    def _switch(self, screen, state=None):
        """Tear the current screen down (closing its arm state), clear the figure and build
        ``screen`` in it; one full draw at the end, and nothing of it blitted before."""
        if self.screen is not None:
            self.screen.teardown()
        if self.status_line is not None:
            self.status_line.disconnect_events()
        if self.state is not None and self.state is not state:
            self.state.close()
        self.screen, self.state = None, state
        self.fig.clear()
        self.status_line = StatusLine(self.fig, self._status_rect(), fontsize=STATUS_FONTSIZE)
        self.screen = screen
        blit = blit_manager(self.fig)
        with blit.deferred():
            blit.draw_idle()
            screen.build()
            screen.relayout()

    def _status_rect(self):
        """The status line's strip at the figure's foot: two lines high whatever the size."""
        _, height = figure_size_pt(self.fig)
        return (0.0, 0.0, 1.0, STATUS_HEIGHT / height)

    def _on_resize(self, event):
        """The window changed size: lay the status line and the screen out again (the draw
        that follows a resize shows them)."""
        if self.status_line is not None:
            self.status_line.set_rect(self._status_rect())
        if self.screen is not None:
            self.screen.relayout()

    def tick(self):
        """Advance the current screen's animation by one step (timers never fire under Agg)."""
        if self.screen is not None:
            self.screen.tick()

    # ------------------------------------------------------------------ status and errors
    def set_status(self, message, error=False):
        """Show a message in the status line (errors in red; blitted once drawn)."""
        if self.status_line is not None:
            self.status_line.show(message, error)

    @property
    def status(self):
        """The message in the status line."""
        return self.status_line.message if self.status_line is not None else ""

    @property
    def status_is_error(self):
        """True while the status line shows an error."""
        return self.status_line is not None and self.status_line.error

    def report_exception(self, exc):
        """Turn an exception raised in a callback into a status message (re-raise in debug)."""
        if os.environ.get("ROBOSIM_DEBUG"):
            raise exc
        if isinstance(exc, RobosimError):
            self.set_status(str(exc), error=True)
        else:
            self.set_status(f"Something went wrong ({type(exc).__name__}: {exc}); nothing was "
                            f"changed. Set ROBOSIM_DEBUG=1 to see the details.", error=True)

    def open_tool_window(self, window):
        """Keep a tool window (a :class:`robosim.gui.tools.window.ToolWindow`) while it is
        open, guard its figure's callbacks and show it beside the simulator's 3D view, so that
        the arm it moves stays in sight (:func:`robosim.gui.window_size.place_beside_view`);
        once its figure closes the application lets it go (the window and its figure are
        freed)."""
        figure = window.fig
        figure.canvas.callbacks.exception_handler = self.report_exception
        self.tool_windows.append(window)
        figure.canvas.mpl_connect("close_event", lambda event: self._forget_tool(window))
        manager = getattr(figure.canvas, "manager", None)
        if manager is not None and has_event_loop(figure):
            view = getattr(self.screen, "ax", None)       # the simulator's 3D view
            if view is not None:         # with its tick labels, which stick out of its box
                box = Bbox.union([view.bbox, view.get_tightbbox()])
                place_beside_view(figure, screen_rect_px(self.fig, box),
                                  screen_rect_px(self.fig))
            manager.show()

    def _forget_tool(self, window):
        if window in self.tool_windows:
            self.tool_windows.remove(window)

    def close(self, figure_closing=False):
        """Close the application (its window was closed, or :func:`run` starts another): its
        screen, arm state and status line are torn down (every handler they connected
        released, the animation's timer stopped), then its tool windows are closed as their
        close button does (their timers stopped, the real arm's port closed) and its figure
        is closed, unless ``figure_closing`` (called from its close_event: closing it again
        from inside Tk's destroy makes Tk destroy the window twice, a TclError). Safe to
        call twice."""
        import matplotlib.pyplot as plt
        from matplotlib.backend_bases import CloseEvent

        if self.screen is not None:
            self.screen.teardown()
            self.screen = None
        if self.status_line is not None:
            self.status_line.disconnect_events()
            self.status_line = None
        if self.state is not None:
            self.state.close()
            self.state = None
        for window in list(self.tool_windows):
            figure = window.fig
            figure.canvas.callbacks.process("close_event", CloseEvent("close_event",
                                                                      figure.canvas))
            plt.close(figure)
        self.tool_windows = []
        if not figure_closing:
            plt.close(self.fig)


#: The application :func:`run` started last; a second ``run()`` closes it first.
_running = None

NO_EVENT_LOOP = (
    "no display: the application needs a window whose backend runs an event loop, and "
    "matplotlib's backend {backend!r} has none (it would show a picture that never moves). "
    "In Jupyter run '%matplotlib widget' first (install it with 'pip install ipympl' and "
    "restart the kernel); without a window draw figures instead, with robosim.plotting "
    "(arm_figure, path_figure, workspace_figure, ...) or 'robosim show ROBOT [q ...] --png FILE'")

NO_TK = (
    "no window: this Python has no Tk (its tkinter module), which matplotlib needs to open "
    "one. Install it: 'sudo apt install python3-tk' on Debian/Ubuntu ('sudo dnf install "
    "python3-tkinter' on Fedora); on Windows and macOS run the python.org installer again with "
    "'tcl/tk and IDLE' ticked. Without a window draw figures instead, with robosim.plotting "
    "(arm_figure, path_figure, workspace_figure, ...) or 'robosim show ROBOT [q ...] --png FILE'")


def tk_is_missing():
    """True when a window could open but this Python has no tkinter, so matplotlib, left to
    choose its backend, fell back to one without windows (Debian's system Python).

    A backend chosen on purpose (``MPLBACKEND``, which Jupyter sets too) or no display at all
    (Linux without ``DISPLAY`` or ``WAYLAND_DISPLAY``) is another story (:data:`NO_EVENT_LOOP`).
    """
    if os.environ.get("MPLBACKEND"):
        return False
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        return False
    try:
        import tkinter  # noqa: F401
    except ImportError:
        return True
    return False


def record_draws(figure, path, count=5):
    """Append a line ``time.time() width height`` (the wall clock, the figure in pixels) to the
    file ``path`` at the end of each of ``figure``'s first ``count`` full draws (its
    ``draw_event``; the backend shows the pixels right after)."""
    def record(event):
        records.append(None)
        if len(records) == count:
            figure.canvas.mpl_disconnect(connection)
        width, height = figure.canvas.get_width_height(physical=True)
        with open(path, "a", encoding="utf-8") as stamps:
            stamps.write(f"{time.time()!r} {width} {height}\n")

    records = []
    connection = figure.canvas.mpl_connect("draw_event", record)


def run(robot=None, block=True, seed=None):
    """Start the application; returns the :class:`Application`.

    Calling ``run`` again (a notebook cell run twice) closes the application it started before,
    its tool windows and their event handlers, then starts a new one.

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
        When matplotlib's backend has no event loop (Agg, ``inline``, ...): the message says to
        use ``%matplotlib widget`` in Jupyter, or the figure helpers; when this Python has no
        Tk although a display is there, it names the package to install
        (:func:`tk_is_missing`).
    """
    global _running
    import matplotlib.pyplot as plt

    from ..robot_files import load_robot

    if isinstance(robot, str):
        robot = load_robot(robot)
    if _running is not None:
        _running.close()
        _running = None
    figure = plt.figure(num="robosim", figsize=WINDOW_SIZE, dpi=WINDOW_DPI)
    if not has_event_loop(figure):
        plt.close(figure)               # nothing is left to show as a still picture
        if tk_is_missing():
            raise RobosimError(NO_TK)
        raise RobosimError(NO_EVENT_LOOP.format(backend=plt.get_backend()))
    fit_to_screen(figure, grow=True)
    if os.environ.get(DRAWS_FILE):
        record_draws(figure, os.environ[DRAWS_FILE])
    show_before_drawing(figure)
    _running = Application(robot=robot, seed=seed, figure=figure)
    try:
        plt.show(block=block)
    except KeyboardInterrupt:   # Ctrl-C, or SIGTERM: close as the window's close button does
        _running.close()        # (the real arm stopped and its port closed, no Tk error at exit)
        _running = None
        raise
    return _running

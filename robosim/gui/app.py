"""The application: one figure, a status line, and the screen currently shown in it.

Screens (:mod:`robosim.gui.welcome`, :mod:`robosim.gui.editor`, :mod:`robosim.gui.simulator`)
are :class:`robosim.gui.screen.Screen` objects (:class:`robosim.gui.view.View` lifecycle); the
application tears the old one down and builds the next in the same figure. While the simulator
is shown the application holds its arm's :class:`robosim.gui.state.ArmState` (:attr:`state`),
which the tool windows observe; it is closed when the simulator goes.

No student ever sees a traceback: every exception raised in a callback of the figure (canvas
events, widget observers, the animation timer) becomes a message in the status line, and the
screen keeps its last good state. ``ROBOSIM_DEBUG=1`` re-raises instead, for developers.
"""

import os
import time

import numpy as np

from ..errors import RobosimError
from .blit import StatusLine, blit_manager
from .shortcuts import use_robosim_shortcuts

#: Default window size (inches) and resolution of the application figure.
WINDOW_SIZE = (12.0, 7.5)
WINDOW_DPI = 100
STATUS_RECT = (0.0, 0.0, 1.0, 0.03)


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
        self.state = None
        self.status_line = None
        self.tool_figures = []
        self.fig.canvas.callbacks.exception_handler = self.report_exception
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
        """Switch to the simulator screen with ``robot`` (a new arm state)."""
        from .simulator import SimulatorScreen
        from .state import ArmState

        state = ArmState(robot, report=self.report_exception)
        self._switch(SimulatorScreen(self, state), state)

    def _switch(self, screen, state=None):
        """Tear the current screen down (closing its arm state), clear the figure and build
        ``screen`` in it; one full draw at the end."""
        if self.screen is not None:
            self.screen.teardown()
        if self.status_line is not None:
            self.status_line.disconnect_events()
        if self.state is not None and self.state is not state:
            self.state.close()
        self.screen, self.state = None, state
        self.fig.clear()
        self.status_line = StatusLine(self.fig, STATUS_RECT)
        self.screen = screen
        blit = blit_manager(self.fig)
        with blit.deferred():
            screen.build()
            blit.draw_idle()

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

    def open_tool_window(self, figure):
        """Keep a tool window's figure, guard its callbacks and show it."""
        figure.canvas.callbacks.exception_handler = self.report_exception
        self.tool_figures.append(figure)
        manager = getattr(figure.canvas, "manager", None)
        if manager is not None and display_available():
            manager.show()


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

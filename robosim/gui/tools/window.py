"""The base of the tool windows opened from the simulator screen, and the arm state they use.

A tool window (workspace, trajectories, jogging and IK, the real arm, dynamics) is a
:class:`ToolWindow` (the :class:`robosim.gui.view.View` lifecycle: it tears itself down when its
figure closes) in a figure of its own, made by ``WindowClass.open(arm)``, which returns the
window (its figure is ``window.fig``). Whoever opens a window keeps it while it is open (the
application does, until the window closes): nothing is stored on the figure, so a closed
window and its figure are freed.
It never reaches into the simulator's widgets or artists: ``arm`` is the simulator's
:class:`robosim.gui.state.ArmState`:

``arm.robot``
    The :class:`robosim.Robot` being simulated, as its file describes it.
``arm.planning_robot``
    The same robot with the limits to plan with: narrowed to the calibrated range while the
    Real arm window has a calibration chosen or an arm connected (``arm.limits_note`` says
    so). A tool window's ``self.robot`` is this one, read afresh each time.
``arm.q``, ``arm.target``
    The pose shown now and the pose the arm goes to ``(n,)``, API units; copies.
``arm.animate_to(q)``
    Animate the 3D arm to ``q`` in linear steps; while an animation runs the newest target wins.
``arm.play(t, q, keep=True)``
    Play a joint trajectory: times ``(N,)`` in seconds, joint values ``(N, n)``; ``keep=False``
    shows a motion without making it the last trajectory (a free fall).
``arm.last_trajectory``
    ``(t, q)`` of the last trajectory given to ``play`` to keep (what "Play on arm" sends),
    or None.
``window.draw_path(points, bad=None)``
    Draw a 3D path ``(N, 3)`` (robot's length unit) in the simulator, points where ``bad``
    ``(N,)`` is True in red (``arm.set_path`` owned by the window: the path goes when the
    window closes); ``draw_path(None)`` removes it.
``window.subscribe(arm, "pose", callback)``
    ``callback(arm)`` after every pose change, animation frames included, until the window
    closes (other topics: :mod:`robosim.gui.state`).
``arm.set_status(message, error=False, owner=None)``
    One line in the simulator's status line (errors in red); :meth:`ToolWindow.say` shows it
    in the window's own status line too, owned by the window: when the window closes its last
    message leaves the simulator's status line (``arm.withdraw_status(window)``).

Each tool is one module of :mod:`robosim.gui.tools`, named after its button, and one entry of
:data:`robosim.gui.tools.TOOLS`.
"""

from ...errors import RobosimError
from ..widgets import file_dialog
from ..widgets.cells import CellGrid
from ..view import View

def error_message(exc):
    """The status-line text of an exception raised by a window's action: a RobosimError as it
    is, any other exception (a bug) as "internal error: ...", so no traceback reaches the
    user and the window keeps working."""
    if isinstance(exc, RobosimError):
        return str(exc)
    return f"internal error: {type(exc).__name__}: {exc}"


def joint_columns(robot):
    """Headers for a row of cells holding one value per joint, each with the unit it is
    typed in (deg, or the robot's length unit for a prismatic joint), as
    :class:`~robosim.gui.widgets.cells.CellGrid` takes them: ``(columns, short_columns,
    short_corner)``.

    The short headers, for a window too narrow for the full ones (a 12-joint robot's
    "q12 deg" on a 1000 x 650 screen), leave out the unit most joints share and the corner
    above the row labels says it: "q12" at a readable size rather than "q12 deg" cut or
    too small to read.

    >>> from robosim import Joint, Robot
    >>> joint_columns(Robot([Joint("R"), Joint("P"), Joint("R")], unit="mm"))
    (['q1 deg', 'q2 mm', 'q3 deg'], ['q1', 'q2 mm', 'q3'], 'deg')
    """
    units = ["deg" if joint.is_revolute else robot.unit for joint in robot.joints]
    shared = max(dict.fromkeys(units), key=units.count)
    columns = [f"q{i} {unit}" for i, unit in enumerate(units, start=1)]
    short = [f"q{i}" if unit == shared else f"q{i} {unit}"
             for i, unit in enumerate(units, start=1)]
    return columns, short, shared


def in_new_figure(window_class, title, figsize, owner, *args, **kwargs):
    """Build ``window_class(owner, fig, *args, **kwargs)`` in a new :func:`tool_figure`;
    returns the window. If building fails, the figure is closed (no empty window stays) and
    the error goes on."""
    import matplotlib.pyplot as plt

    fig = tool_figure(title, figsize)
    try:
        return window_class(owner, fig, *args, **kwargs)
    except BaseException:
        plt.close(fig)
        raise


def tool_figure(title, figsize):
    """A new pyplot figure of ``figsize`` inches (smaller if the screen is:
    :mod:`robosim.gui.window_size`) for a tool window, its window (where there is one) called
    ``title``, with robosim's keyboard shortcuts (no key closes it:
    :mod:`robosim.gui.shortcuts`)."""
    import matplotlib.pyplot as plt

    from ..shortcuts import use_robosim_shortcuts
    from ..window_size import fit_to_screen

    fig = plt.figure(figsize=figsize)
    fit_to_screen(fig)
    use_robosim_shortcuts(fig)
    if fig.canvas.manager is not None:
        fig.canvas.manager.set_window_title(title)
    return fig


class ToolWindow(View):
    """A tool window on the simulator's arm state: status line, errors, closing.

    Subclasses call ``super().__init__(arm, fig)``, build (``self.status_line(...)`` among the
    rest) and subscribe to the arm through :meth:`View.subscribe`. Closing the figure calls
    :meth:`close`: :meth:`on_close`, then the teardown (timers stopped, widgets disconnected,
    subscriptions ended).

    A cell's rejection shown in red in the status line is cleared when that cell is corrected
    (the cell grids the window :meth:`keep` are watched), so no error outlives its cause.

    Parameters
    ----------
    arm : robosim.gui.state.ArmState
    fig : matplotlib.figure.Figure
    """

    #: The window's title; ``{robot}`` stands for the robot's name.
    TITLE = ""
    #: The figure's size when it opens, inches.
    FIGSIZE = (8.0, 6.0)

    def __init__(self, arm, fig):
        super().__init__(fig)
        self.arm = arm
        self.connect_event("close_event", lambda event: self.close())

    @classmethod
    def open(cls, arm):
        """Open this window for the simulator's ``arm`` (a
        :class:`robosim.gui.state.ArmState`) in a new figure; returns the window. Its cell
        headers and button labels shrink to fit the size it opened at (a 12-joint robot's
        "q10 deg" ... columns, a window cut to a small screen), and again after a resize."""
        window = in_new_figure(cls, cls.TITLE.format(robot=arm.robot.name), cls.FIGSIZE, arm)
        window.fit_labels()
        window.connect_event("resize_event", lambda event: window.fit_labels())
        return window

    @property
    def robot(self):
        """The robot to plan with (``arm.planning_robot``): the model, its limits narrowed to
        the calibrated range while one is in use."""
        return self.arm.planning_robot

    def keep(self, widget):
        """Hold ``widget`` until teardown; a :class:`CellGrid`'s commits are watched so that
        a refused cell's message shows in red in the status line at once (a cell turning red
        with no word of why helps nobody) and leaves it once the cell is accepted."""
        if isinstance(widget, CellGrid) and widget.on_commit is not None:
            widget.on_commit = self._saying_refusals(widget, widget.on_commit)
        return super().keep(widget)

    def _saying_refusals(self, grid, on_commit):
        def checked(row, col, text):
            rejection = grid.errors.get((row, col))
            message = on_commit(row, col, text)
            status = self.status
            if status is None:
                return message
            if message is not None:
                if not (status.error and status.message == str(message)):
                    self.say(str(message), error=True)
            elif rejection and status.error and status.message == rejection:
                self.say("")
            return message
        return checked

    def say(self, message, error=False):
        """Show a line in this window and in the simulator's status line (errors in red); the
        simulator's copy goes when this window closes."""
        if self.status is not None:
            self.status.show(message, error)
        self.arm.set_status(message, error=error, owner=self)

    def chosen_file(self, cell, save, what, stem):
        """The ``.json`` file to write (``save``) or read: chosen in the native dialog where
        the window has one, else the file ``cell``'s
        (:func:`~robosim.gui.widgets.file_dialog.ask_for_cell`; ``what`` names the kind of
        file, ``stem`` a new file's name); None when the dialog was cancelled, which the
        status line says."""
        path = file_dialog.ask_for_cell(self.fig, cell, save=save, suffix=".json", what=what,
                                        stem=stem)
        if path is None:
            self.say(f"no file was chosen: nothing {'saved' if save else 'loaded'}")
        return path

    def draw_path(self, points, bad=None):
        """Draw a path ``(N, 3)`` in the simulator's 3D view (``bad`` ``(N,)``: red points);
        None removes it. It goes when this window closes."""
        self.arm.set_path(points, bad, owner=self)

    def report(self, exc):
        """An action's exception becomes a red status line (:func:`error_message`)."""
        self.say(error_message(exc), error=True)

    def on_close(self):
        """What the window stops or releases when it closes, before the teardown."""

    def close(self):
        """The window closed: :meth:`on_close`, its message withdrawn from the simulator's
        status line and its path from the 3D view, then the teardown (safe to call twice)."""
        self.on_close()
        self.arm.withdraw_status(self)
        self.arm.withdraw_path(self)
        self.teardown()


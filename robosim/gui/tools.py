"""Tool windows opened from the simulator screen, and the arm state they work on.

A tool window (workspace, trajectories, jogging and IK, the real arm, dynamics) is a separate
figure made by a function ``open_<tool>(arm) -> matplotlib.figure.Figure``, holding a
:class:`ToolWindow` (the :class:`robosim.gui.view.View` lifecycle: it tears itself down when its
figure closes).
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
``arm.set_path(points, bad=None)``
    Draw a 3D path ``(N, 3)`` (robot's length unit) in the simulator, points where ``bad``
    ``(N,)`` is True in red; ``set_path(None)`` removes it.
``window.subscribe(arm, "pose", callback)``
    ``callback(arm)`` after every pose change, animation frames included, until the window
    closes (other topics: :mod:`robosim.gui.state`).
``arm.set_status(message, error=False, owner=None)``
    One line in the simulator's status line (errors in red); :meth:`ToolWindow.say` shows it
    in the window's own status line too, owned by the window: when the window closes its last
    message leaves the simulator's status line (``arm.withdraw_status(window)``).

Each tool adds one entry to :data:`TOOLS`; the simulator shows a button per entry and imports
the module only when the button is pressed, so a slow tool costs nothing at start-up.
"""

import importlib

from ..errors import RobosimError
from .cells import CellGrid
from .view import View

#: (button label, module, function) for each tool window, in button order.
TOOLS = (
    ("Real arm...", "robosim.gui.arm_panel", "open_arm_panel"),
    ("Jog / IK", "robosim.gui.jog_panel", "open_jog_panel"),
    ("Workspace...", "robosim.gui.workspace_window", "open_workspace_window"),
    ("Joint workspace...", "robosim.gui.joint_workspace_window", "open_joint_workspace_window"),
    ("Trajectories...", "robosim.gui.trajectory_window", "open_trajectory_window"),
    ("Dynamics...", "robosim.gui.dynamics_window", "open_dynamics_window"),
    ("Matrix...", "robosim.gui.matrix_panel", "open_matrix_panel"),
    ("DH steps...", "robosim.gui.dh_steps_window", "open_dh_steps_window"),
)


def open_tool(label, arm):
    """Open the tool window whose button says ``label``; returns its figure."""
    for tool_label, module_name, function_name in TOOLS:
        if tool_label == label:
            module = importlib.import_module(module_name)
            return getattr(module, function_name)(arm)
    raise KeyError(f"no tool called {label!r}")


def error_message(exc):
    """The status-line text of an exception raised by a window's action: a RobosimError as it
    is, any other exception (a bug) as "internal error: ...", so no traceback reaches the
    user and the window keeps working."""
    if isinstance(exc, RobosimError):
        return str(exc)
    return f"internal error: {type(exc).__name__}: {exc}"


def tool_figure(title, figsize):
    """A new pyplot figure for a tool window, its window (where there is one) called ``title``,
    with robosim's keyboard shortcuts (no key closes it: :mod:`robosim.gui.shortcuts`)."""
    import matplotlib.pyplot as plt

    from .shortcuts import use_robosim_shortcuts

    fig = plt.figure(figsize=figsize)
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

    def __init__(self, arm, fig):
        super().__init__(fig)
        self.arm = arm
        self.connect_event("close_event", lambda event: self.close())

    @property
    def robot(self):
        """The robot to plan with (``arm.planning_robot``): the model, its limits narrowed to
        the calibrated range while one is in use."""
        return self.arm.planning_robot

    def keep(self, widget):
        """Hold ``widget`` until teardown; a :class:`CellGrid`'s commits are watched so that
        its cell's red message leaves the status line once the cell is accepted."""
        if isinstance(widget, CellGrid) and widget.on_commit is not None:
            widget.on_commit = self._clearing_when_fixed(widget, widget.on_commit)
        return super().keep(widget)

    def _clearing_when_fixed(self, grid, on_commit):
        def checked(row, col, text):
            rejection = grid.errors.get((row, col))
            message = on_commit(row, col, text)
            status = self.status
            if (message is None and rejection and status is not None and status.error
                    and status.message == rejection):
                self.say("")
            return message
        return checked

    def say(self, message, error=False):
        """Show a line in this window and in the simulator's status line (errors in red); the
        simulator's copy goes when this window closes."""
        self.status.show(message, error)
        self.arm.set_status(message, error=error, owner=self)

    def report(self, exc):
        """An action's exception becomes a red status line (:func:`error_message`)."""
        self.say(error_message(exc), error=True)

    def on_close(self):
        """What the window stops or releases when it closes, before the teardown."""

    def close(self):
        """The window closed: :meth:`on_close`, its message withdrawn from the simulator's
        status line, then the teardown (safe to call twice)."""
        self.on_close()
        self.arm.withdraw_status(self)
        self.teardown()


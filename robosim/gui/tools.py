"""Tool windows opened from the simulator screen, and the ``arm`` handle they work through.

A tool window (workspace, trajectories, jogging and IK, the real arm) is a separate figure made
by a function ``open_<tool>(arm) -> matplotlib.figure.Figure``. It never reaches into the
simulator's artists; it uses the *arm* handle the simulator screen gives it:

``arm.robot``
    The :class:`robosim.Robot` being simulated.
``arm.q``
    Current joint values ``(n,)`` in API units (radians, length unit); a copy.
``arm.animate_to(q)``
    Animate the 3D arm to ``q`` in linear steps; while an animation runs the newest target wins.
``arm.play(t, q)``
    Play a joint trajectory: times ``(N,)`` in seconds, joint values ``(N, n)``.
``arm.last_trajectory``
    ``(t, q)`` of the last trajectory given to ``play`` (what "Play on arm" sends), or None.
``arm.set_path(points, bad=None)``
    Draw a 3D path ``(N, 3)`` (robot's length unit) in the simulator, points where ``bad``
    ``(N,)`` is True in red; ``set_path(None)`` removes it.
``arm.add_pose_listener(callback)``
    ``callback(q)`` after every pose change, animation frames included.
``arm.set_status(message, error=False)``
    One line in the simulator's status line (errors in red).

Each tool adds one entry to :data:`TOOLS`; the simulator shows a button per entry and imports
the module only when the button is pressed, so a slow tool costs nothing at start-up.
"""

import importlib

from ..errors import RobosimError

#: (button label, module, function) for each tool window, in button order.
TOOLS = (
    ("Real arm...", "robosim.gui.arm_panel", "open_arm_panel"),
    ("Jog / IK", "robosim.gui.jog_panel", "open_jog_panel"),
    ("Workspace...", "robosim.gui.workspace_window", "open_workspace_window"),
    ("Joint workspace...", "robosim.gui.joint_workspace_window", "open_joint_workspace_window"),
    ("Trajectories...", "robosim.gui.trajectory_window", "open_trajectory_window"),
)


def open_tool(label, arm):
    """Open the tool window whose button says ``label``; returns its figure."""
    for tool_label, module_name, function_name in TOOLS:
        if tool_label == label:
            module = importlib.import_module(module_name)
            return getattr(module, function_name)(arm)
    raise KeyError(f"no tool called {label!r}")


def report_errors(action, say):
    """Run ``action()`` for a tool window's widget: an error becomes ``say(message, error=True)``.

    A RobosimError is shown as it is; any other exception (a bug) as "internal error: ...", so
    no traceback reaches the user and the window keeps working.
    """
    try:
        action()
    except RobosimError as exc:
        say(str(exc), error=True)
    except Exception as exc:  # noqa: BLE001 - a bug must not kill the window either
        say(f"internal error: {type(exc).__name__}: {exc}", error=True)


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


class ToolWindow:
    """What tool windows share: a status line mirrored in the simulator's, and actions that
    report errors there instead of raising.

    A subclass sets ``self.arm``, ``self.fig`` and ``self.status`` (a figure Text).
    """

    def say(self, message, error=False):
        """Show a line in this window and in the simulator's status line (errors in red)."""
        self.status.set_text(message)
        self.status.set_color("red" if error else "black")
        self.arm.set_status(message, error=error)
        self.fig.canvas.draw_idle()

    def run_safely(self, action):
        """Run a button's action; errors become a red status line (:func:`report_errors`)."""
        report_errors(action, self.say)

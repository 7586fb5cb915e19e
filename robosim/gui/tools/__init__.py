"""The simulator's tool windows, one module each, named after its button.

:data:`TOOLS` lists them in button order; the simulator shows a button per entry and imports
the module only when the button is pressed, so a slow tool costs nothing at start-up. Every
window is a :class:`robosim.gui.tools.window.ToolWindow` (the contract with the simulator's arm
state is described there), opened by :func:`open_tool` or its class's ``open(arm)``.

=====================  ==========================================================
``real_arm``           Real arm...: connect, mirror and play on a Lynx6 (SSC-32)
``calibrate``          Calibrate (from Real arm...): the calibration wizard's window
``jog_ik``             Jog / IK: jog the tool, solve IK, straight lines
``workspace``          Workspace...: reachable cloud and sections
``joint_workspace``    Joint workspace...: joint values along a sweep or in a box
``trajectories``       Trajectories...: joint, surface, preset and formula paths
``dynamics``           Dynamics...: torques, gravity, free fall
``matrix``             Matrix...: the link matrices and 0T_n
``dh_steps``           DH steps...: a frame built from its four elementary motions
``teach``              Teach...: record poses, play them smoothly, plan around, save and load
``obstacles``          Obstacles... (from Teach... and Jog / IK): boxes typed in, the scene
=====================  ==========================================================
"""

import importlib

#: (button label, module, window class) for each tool window, in button order.
TOOLS = (
    ("Real arm...", "robosim.gui.tools.real_arm", "RealArmWindow"),
    ("Jog / IK", "robosim.gui.tools.jog_ik", "JogIKWindow"),
    ("Workspace...", "robosim.gui.tools.workspace", "WorkspaceWindow"),
    ("Joint workspace...", "robosim.gui.tools.joint_workspace", "JointWorkspaceWindow"),
    ("Trajectories...", "robosim.gui.tools.trajectories", "TrajectoryWindow"),
    ("Dynamics...", "robosim.gui.tools.dynamics", "DynamicsWindow"),
    ("Matrix...", "robosim.gui.tools.matrix", "MatrixWindow"),
    ("DH steps...", "robosim.gui.tools.dh_steps", "DHStepsWindow"),
    ("Teach...", "robosim.gui.tools.teach", "TeachWindow"),
)


def tool_class(label):
    """The window class of the tool whose button says ``label`` (its module imported now)."""
    for tool_label, module_name, class_name in TOOLS:
        if tool_label == label:
            module = importlib.import_module(module_name)
            return getattr(module, class_name)
    raise KeyError(f"no tool called {label!r}")


def open_tool(label, arm):
    """Open the tool window whose button says ``label`` on the simulator's ``arm`` (a
    :class:`robosim.gui.state.ArmState`); returns the window (its figure is ``window.fig``)."""
    return tool_class(label).open(arm)

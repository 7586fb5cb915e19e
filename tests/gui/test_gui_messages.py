"""Messages belong to the window that raised them (issue 15, item 3).

A tool window's message is shown in its own status line and in the simulator's; when the tool
closes, the simulator's status line no longer shows it. A red error goes once the cell that
caused it is corrected (for the simulator's own cells: test_gui_app; for the editor:
test_gui_editor_undo).
"""

import matplotlib.pyplot as plt
from matplotlib.backend_bases import CloseEvent

from figure_check import DPI, FIGSIZE
from gui_events import click_axes, type_in_cell
from robosim import load_robot
from robosim.gui.app import Application
from robosim.gui.screens.simulator import HINT
from robosim.gui.tools.trajectories import DURATION


def simulator_app():
    return Application(robot=load_robot("Lynx6"), figure=plt.figure(figsize=FIGSIZE, dpi=DPI),
                       clock=lambda: 0.0)


def open_tool(app, label):
    """Press the simulator's tool button ``label``; returns the tool window."""
    click_axes(app.screen.buttons[label].ax)
    return app.tool_windows[-1]


def close_window(fig):
    """What a window manager's close button does (Agg sends no close_event by itself)."""
    fig.canvas.callbacks.process("close_event", CloseEvent("close_event", fig.canvas))
    plt.close(fig)


def test_the_calibration_message_leaves_the_main_window_with_the_tool():
    app = simulator_app()
    panel = open_tool(app, "Real arm...")
    for name in ("Dry run", "Connect", "Arm is at rest", "Calibrate..."):
        click_axes(panel.buttons[name].ax)
    window = panel.calibrating
    assert app.status.startswith("Calibrating: jog one servo")
    click_axes(window.buttons[">"].ax)                  # the calibration window speaks
    assert app.status == window.status.message == ("jog this servo in small steps and mark "
                                                   "what the arm shows")
    click_axes(window.buttons["Done"].ax)
    assert "Calibrating" not in app.status and "jog this servo" not in app.status
    assert panel.status.message == app.status            # the panel's own, newer message
    close_window(panel.fig)
    assert app.status == HINT and not app.status_is_error


def test_a_closing_tool_leaves_a_newer_message_of_another_window_alone():
    app = simulator_app()
    jog = open_tool(app, "Jog / IK")
    trajectories = open_tool(app, "Trajectories...")
    jog.say("from the jog window", error=True)
    trajectories.say("from the trajectory window")
    close_window(jog.fig)
    assert app.status == "from the trajectory window"
    close_window(trajectories.fig)
    assert app.status == HINT


def test_a_tool_error_goes_once_its_cell_is_corrected():
    app = simulator_app()
    window = open_tool(app, "Trajectories...")
    type_in_cell(window.numbers, 0, DURATION, "-2", "enter")
    assert window.status.error and "duration" in window.status.message
    assert app.status_is_error and app.status == window.status.message
    type_in_cell(window.numbers, 0, DURATION, "3", "enter")
    assert not window.status.error and "duration" not in window.status.message
    assert app.status == HINT and not app.status_is_error


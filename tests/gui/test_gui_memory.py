"""Closed windows are freed: nothing robosim keeps (the blit managers' registry, the text
renderers' cache, the application's list of tool windows) holds a closed figure."""

import gc
import weakref

import matplotlib.pyplot as plt
import pytest
from matplotlib.backend_bases import CloseEvent

from fake_arm import FakeArm
from figure_check import DPI, FIGSIZE
from gui_events import click_axes
from robosim import load_robot
from robosim.gui import tools
from robosim.gui.app import Application
from robosim.gui.blit import blit_manager


def close_window(fig):
    """What a window's close button does (Agg sends no close_event by itself)."""
    fig.canvas.callbacks.process("close_event", CloseEvent("close_event", fig.canvas))
    plt.close(fig)


def freed(reference):
    gc.collect()
    return reference() is None


def test_a_figure_with_a_blit_manager_is_freed_once_closed():
    fig = plt.figure(figsize=FIGSIZE, dpi=DPI)
    ax = fig.add_axes((0.1, 0.1, 0.8, 0.8))
    line, = ax.plot([0, 1], [0, 1])
    blit_manager(fig).add_layer("line", ax, [line])
    fig.canvas.draw()
    reference = weakref.ref(fig)
    plt.close(fig)
    del fig, ax, line
    assert freed(reference)


@pytest.mark.parametrize("label", ["Matrix...", "DH steps...", "Jog / IK"])
def test_a_closed_tool_window_and_its_figure_are_freed(label):
    window = tools.open_tool(label, FakeArm(load_robot("Lynx6")))
    window.fig.canvas.draw()
    figure, view = weakref.ref(window.fig), weakref.ref(window)
    close_window(window.fig)
    del window
    assert freed(figure) and freed(view)


def test_the_application_lets_a_closed_tool_window_go():
    app = Application(robot=load_robot("Lynx6"), figure=plt.figure(figsize=FIGSIZE, dpi=DPI),
                      clock=lambda: 0.0)
    click_axes(app.screen.buttons["Matrix..."].ax)
    window = app.tool_windows[-1]
    figure = weakref.ref(window.fig)
    close_window(window.fig)
    del window
    assert app.tool_windows == [] and freed(figure)

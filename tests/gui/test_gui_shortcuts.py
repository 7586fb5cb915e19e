"""matplotlib's keyboard shortcuts in robosim's windows: no key closes a window or makes an
axes logarithmic; the other shortcuts still work; the editor switches them all off."""

import matplotlib as mpl
import matplotlib.pyplot as plt
from matplotlib.backend_bases import KeyEvent

from figure_check import DPI, FIGSIZE
from gui_events import click_axes, type_keys
from robosim import load_robot
from robosim.gui.app import Application
from robosim.gui.screens.editor import EditorScreen
from robosim.gui.shortcuts import use_robosim_shortcuts
from robosim.gui.tools.window import tool_figure

QUIT_KEYS = {"keymap.quit": ["ctrl+w", "cmd+w", "q"], "keymap.quit_all": ["W"]}


def key_over(ax, name):
    """Press ``name`` with the mouse over the centre of ``ax`` (where grid/scale keys act)."""
    x, y = ax.transAxes.transform((0.5, 0.5))
    ax.figure.canvas.callbacks.process(
        "key_press_event", KeyEvent("key_press_event", ax.figure.canvas, name, x, y))


def make_app(robot=None):
    return Application(robot=robot, figure=plt.figure(figsize=FIGSIZE, dpi=DPI),
                       clock=lambda: 0.0)


def test_a_plain_matplotlib_figure_closes_on_q_so_the_check_below_can_fail():
    with mpl.rc_context(QUIT_KEYS):
        fig = plt.figure()
        type_keys(fig, "q")
        assert not plt.fignum_exists(fig.number)


def test_no_key_closes_the_application_on_the_welcome_and_the_simulator():
    with mpl.rc_context(QUIT_KEYS):
        app = make_app()
        type_keys(app.fig, "q", "ctrl+w", "W")
        assert plt.fignum_exists(app.fig.number)
        app.show_simulator(load_robot("Lynx6"))
        type_keys(app.fig, "q", "ctrl+w", "W")
        assert plt.fignum_exists(app.fig.number)


def test_log_scale_keys_leave_the_arm_axes_linear_and_other_shortcuts_still_work():
    with mpl.rc_context({"keymap.yscale": ["l"], "keymap.xscale": ["k", "L"],
                         "keymap.grid": ["g"]}):
        fig = plt.figure()
        assert use_robosim_shortcuts(fig)
        ax = fig.add_subplot()
        for name in ("l", "k", "L"):
            key_over(ax, name)
        assert (ax.get_xscale(), ax.get_yscale()) == ("linear", "linear")
        key_over(ax, "g")                                 # grid toggling still reaches it
        assert ax.xaxis.majorTicks[0].gridline.get_visible()

        app = make_app(load_robot("Lynx6"))
        arm_ax = app.screen.drawing.ax
        for name in ("l", "k", "L"):
            key_over(arm_ax, name)
        assert (arm_ax.get_xscale(), arm_ax.get_yscale()) == ("linear", "linear")


def test_the_editor_switches_every_shortcut_off_and_gives_robosims_back():
    with mpl.rc_context(QUIT_KEYS):
        app = make_app()
        click_axes(app.screen.buttons["Enter a DH table"].ax)
        assert isinstance(app.screen, EditorScreen)
        type_keys(app.fig, "q")
        assert plt.fignum_exists(app.fig.number)
        app.show_simulator(load_robot("Lynx6"))           # the editor is torn down
        type_keys(app.fig, "q")
        assert plt.fignum_exists(app.fig.number)          # robosim's handler, not matplotlib's


def test_no_key_closes_a_tool_window():
    with mpl.rc_context(QUIT_KEYS):
        fig = tool_figure("Trajectories", (4.0, 3.0))
        type_keys(fig, "q", "ctrl+w")
        assert plt.fignum_exists(fig.number)

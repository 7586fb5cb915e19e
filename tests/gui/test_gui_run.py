"""robosim.gui.run: refused without an event loop (Agg, Jupyter's inline), and run twice cleanly.

The backend of these tests is tests/gui/event_loop_backend.py: Agg drawing whose canvas says it
has an event loop or not, the public test robosim uses (MATPLOTLIB_NOTES, "Is there an event
loop?"). A backend's name is no guide: Jupyter's ``inline`` reports itself as ``inline``.
"""

import matplotlib.pyplot as plt
import pytest

import event_loop_backend
from robosim import RobosimError
from robosim.gui import app as gui_app
from robosim.gui import run

EVENTS = ("button_press_event", "button_release_event", "motion_notify_event",
          "key_press_event", "draw_event", "resize_event")


@pytest.fixture
def backend(monkeypatch):
    """Switch pyplot to the test backend; back to Agg, with no application left, afterwards."""
    plt.close("all")
    plt.switch_backend("module://event_loop_backend")
    monkeypatch.setattr(event_loop_backend, "HAS_EVENT_LOOP", True)
    # LoopTimer.made lists every timer of the backend, and each timer its canvas: a list of
    # this test's own, dropped after it, or every figure these tests made lives to the end of
    # the session (about 55,000 objects a test, walked by every later garbage collection)
    monkeypatch.setattr(event_loop_backend.LoopTimer, "made", [])
    yield event_loop_backend
    if gui_app._running is not None:  # noqa: SLF001 - the app run() keeps
        gui_app._running.close()  # noqa: SLF001 - the app run() keeps
    gui_app._running = None  # noqa: SLF001 - the app run() keeps
    plt.close("all")
    plt.switch_backend("agg")


def handler_counts(fig):
    """How many handlers listen to each canvas event of ``fig``."""
    registry = fig.canvas.callbacks.callbacks
    return {event: len(registry.get(event, {})) for event in EVENTS}


@pytest.mark.parametrize("backend_name", ["agg", "module://event_loop_backend"])
def test_without_an_event_loop_run_refuses_and_says_what_to_do(backend, backend_name):
    backend.HAS_EVENT_LOOP = False
    plt.switch_backend(backend_name)
    with pytest.raises(RobosimError) as refused:
        run("Lynx6", block=False)
    message = str(refused.value)
    assert "%matplotlib widget" in message and "pip install ipympl" in message
    assert "robosim.plotting" in message and "--png" in message
    assert "\n" not in message                       # one line for the command line
    assert plt.get_fignums() == []                   # no still picture left to display


def test_with_an_event_loop_run_starts_the_application(backend):
    app = run("Lynx6", block=False, seed=3)
    assert app.screen is not None and app.state.robot.name == "Lynx6"
    assert plt.get_fignums() == [app.fig.number]


def test_running_again_closes_the_first_application_and_its_handlers(backend):
    first = run("Lynx6", block=False)
    first_counts = handler_counts(first.fig)
    assert first_counts["button_press_event"] > 0
    first.screen.open_tool("Jog / IK")
    tool = first.tool_windows[-1].fig

    second = run("Lynx6", block=False)
    assert second is not first and second.fig is not first.fig
    assert handler_counts(second.fig) == first_counts            # nothing stacked
    open_figures = [plt.figure(number) for number in plt.get_fignums()]
    assert open_figures == [second.fig]              # the first window and its tool are closed
    assert first.fig not in open_figures and tool not in open_figures
    assert first.screen is None and first.state is None
    third = run(block=False)                                     # the welcome screen, once more
    assert plt.get_fignums() == [third.fig.number]


def test_closing_releases_every_handler_the_screen_connected(backend):
    app = run("Lynx6", block=False)
    counts = handler_counts(app.fig)
    app.close()
    after = handler_counts(app.fig)
    assert all(after[event] < counts[event] for event in ("button_press_event",
                                                           "motion_notify_event"))
    assert not plt.fignum_exists(app.fig.number)
    app.close()                                                  # twice is harmless


def test_ctrl_c_or_sigterm_closes_the_application_as_its_close_button_does(backend, monkeypatch):
    # Interrupted in the event loop, the windows used to stay registered with pyplot: at exit
    # matplotlib destroyed them in a Tk already gone (a traceback on the terminal), and the
    # tool windows' close handlers (the real arm's STOP and port close) never ran.
    interrupted = []

    def show_interrupted_with_a_tool_open(block=None):
        app = gui_app._running  # noqa: SLF001 - the app run() keeps
        app.screen.open_tool("Jog / IK")
        interrupted.append(app)
        raise KeyboardInterrupt

    monkeypatch.setattr(plt, "show", show_interrupted_with_a_tool_open)
    with pytest.raises(KeyboardInterrupt):
        run("Lynx6", block=True)
    app = interrupted[0]
    assert app.screen is None and app.state is None and app.tool_windows == []
    assert plt.get_fignums() == []

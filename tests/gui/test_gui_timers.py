"""No timer draws into a closed figure (the simulator's animation, trajectory playback and free
fall, the DH steps window, the real arm's polling, every tool window's timer).

A window closes in one of two orders: Tk's (``plt.close`` gives the figure a plain
``FigureCanvasBase`` at once, ``close_event`` comes later, when the window is destroyed; a tick
can come in between) or Qt's (``close_event`` first). The backend is
tests/gui/event_loop_backend.py: its timers record whether they run, and a test fires them as
the event loop would. With
ROBOSIM_DEBUG=1 an exception in a callback propagates instead of becoming a status line.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.backend_bases import CloseEvent

import event_loop_backend
from event_loop_backend import LoopTimer
from gui_events import click_axes
from robosim import load_robot
from robosim.gui import tools
from robosim.gui.app import Application


@pytest.fixture
def backend(monkeypatch):
    """pyplot on the test backend with an event loop; back to Agg afterwards."""
    plt.close("all")
    plt.switch_backend("module://event_loop_backend")
    monkeypatch.setattr(event_loop_backend, "HAS_EVENT_LOOP", True)
    monkeypatch.setattr(LoopTimer, "made", [])
    monkeypatch.setenv("ROBOSIM_DEBUG", "1")
    yield
    plt.close("all")
    plt.switch_backend("agg")


def timers_of(canvas):
    """The timers made on ``canvas`` to call something (not robosim's has_event_loop probe)."""
    return [timer for timer in LoopTimer.made if timer.canvas is canvas and timer.callbacks]


def close(fig, order):
    """Close ``fig``'s window in ``order``; between the two halves of Tk's order one tick of
    every timer of the figure comes (the event loop ran), and stops them all."""
    canvas = fig.canvas
    event = CloseEvent("close_event", canvas)
    if order == "qt":
        canvas.callbacks.process("close_event", event)
        plt.close(fig)
    else:
        plt.close(fig)
        fire(canvas)
        assert not any(timer.running for timer in timers_of(canvas))
        canvas.callbacks.process("close_event", event)
    return canvas


def fire(canvas):
    for timer in timers_of(canvas):
        timer.fire()


def simulator():
    return Application(robot=load_robot("Lynx6"), figure=plt.figure(figsize=(10, 6.5), dpi=40),
                       clock=lambda: 0.0)


@pytest.mark.parametrize("order", ["tk", "qt"])
@pytest.mark.parametrize("motion", ["move", "play"])
def test_closing_the_simulator_stops_its_animation(backend, order, motion):
    app = simulator()
    state = app.state
    if motion == "move":                                   # a slider, Jog / IK, Random Move
        state.animate_to(state.q + 0.3)
    else:                                                  # trajectory playback, free fall
        t = np.linspace(0.0, 1.0, 11)
        state.play(t, state.q + np.outer(t, np.full(state.robot.n, 0.3)), keep=False)
    canvas = app.fig.canvas
    assert any(timer.running for timer in timers_of(canvas))      # the animation runs
    app.screen.tick()
    shown = state.q
    assert not np.array_equal(shown, state.target)                # ... half-way there
    close(app.fig, order)
    assert not any(timer.running for timer in timers_of(canvas))
    fire(canvas)                                      # a tick already queued: nothing happens
    np.testing.assert_array_equal(state.q, shown)
    assert app.screen is None and state.closed


def open_tool(app, label):
    click_axes(app.screen.buttons[label].ax)
    return app.tool_windows[-1]


@pytest.mark.parametrize("order", ["tk", "qt"])
def test_closing_the_dh_steps_window_while_it_plays_stops_it(backend, order):
    app = simulator()
    window = open_tool(app, "DH steps...")
    fig = window.fig
    now = [0.0]
    window.clock = lambda: now[0]
    click_axes(window.buttons["Play"].ax)
    now[0] = 0.25
    fire(fig.canvas)
    assert window.playing and window.position == pytest.approx(0.25)
    now[0] = 0.5
    canvas = close(fig, order)
    assert not any(timer.running for timer in timers_of(canvas))
    now[0] = 0.75
    fire(canvas)
    assert window.position == pytest.approx(0.25)               # no frame after the close


@pytest.mark.parametrize("label", [label for label, _, _ in tools.TOOLS])
def test_every_timer_of_a_tool_window_stops_when_it_closes(backend, label):
    app = simulator()
    fig = open_tool(app, label).fig
    for timer in timers_of(fig.canvas):     # what a window starts later (a GIF being saved)
        timer.start()
    canvas = close(fig, "tk")
    assert not any(timer.running for timer in timers_of(canvas))
    fire(canvas)                                  # a queued tick: no error, nothing restarted
    assert not any(timer.running for timer in timers_of(canvas))


def test_closing_the_simulator_closes_its_tool_windows_and_their_timers(backend):
    app = simulator()
    fig = open_tool(app, "Real arm...").fig
    assert any(timer.running for timer in timers_of(fig.canvas))   # the arm panel polls
    tool_canvas = fig.canvas
    close(app.fig, "qt")
    assert not plt.fignum_exists(fig.number)
    assert not any(timer.running for timer in timers_of(tool_canvas))

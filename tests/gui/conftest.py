"""GUI tests tear their windows down after each test (issue 29, item 9): every
:class:`~robosim.gui.app.Application` a test made is closed (its screen, arm state, timers and tool
windows torn down), every figure still open gets the close event its window's close button sends
(so tool windows opened without an application stop their timers and let go), then pyplot forgets
them all. Without this, closed figures stayed reachable between tests and the run's memory grew
with every test.

The teardown runs before any fixture is finalised, so a real-arm panel still finds its simulated
board (the ``board`` fixture) open when it closes its port."""

import gc

import matplotlib.pyplot as plt
import pytest
from matplotlib.backend_bases import CloseEvent

from robosim.gui.app import Application

_made = []      # the applications the running test built


@pytest.fixture(autouse=True)
def _applications_remembered(monkeypatch):
    build = Application.__init__

    def build_and_remember(self, *args, **kwargs):
        _made.append(self)
        build(self, *args, **kwargs)

    monkeypatch.setattr(Application, "__init__", build_and_remember)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item):
    while _made:
        _made.pop().close()
    for number in plt.get_fignums():
        canvas = plt.figure(number).canvas
        canvas.callbacks.process("close_event", CloseEvent("close_event", canvas))
    plt.close("all")
    gc.collect()

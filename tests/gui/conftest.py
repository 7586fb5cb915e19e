"""GUI tests tear their windows down after each test (issue 29, item 9): every
:class:`~robosim.gui.app.Application` a test made is closed (its screen, arm state, timers and tool
windows torn down), every figure still open gets the close event its window's close button sends
(so tool windows opened without an application stop their timers and let go), then pyplot forgets
them all. Without this, closed figures stayed reachable between tests and the run's memory grew
with every test."""

import gc

import matplotlib.pyplot as plt
import pytest
from matplotlib.backend_bases import CloseEvent

from robosim.gui.app import Application


@pytest.fixture(autouse=True)
def _windows_torn_down(monkeypatch):
    made = []
    build = Application.__init__

    def build_and_remember(self, *args, **kwargs):
        made.append(self)
        build(self, *args, **kwargs)

    monkeypatch.setattr(Application, "__init__", build_and_remember)
    yield
    for app in made:
        app.close()
    for number in plt.get_fignums():
        canvas = plt.figure(number).canvas
        canvas.callbacks.process("close_event", CloseEvent("close_event", canvas))
    plt.close("all")
    made.clear()
    gc.collect()

"""A matplotlib backend for tests: Agg drawing, no window, and a switch for the event loop.

``matplotlib.use("module://event_loop_backend")``. With :data:`HAS_EVENT_LOOP` True its canvas
makes timers of its own class, as every interactive backend does (Tk, Qt, ipympl), so robosim
takes it for a backend that animates; with False it makes plain ``TimerBase`` timers, as Agg
and Jupyter's ``inline`` do. Nothing fires the timers: tests tick the application themselves.
"""

from matplotlib.backend_bases import FigureManagerBase, TimerBase
from matplotlib.backends.backend_agg import FigureCanvasAgg

HAS_EVENT_LOOP = True


class LoopTimer(TimerBase):
    """The timer an event loop would fire."""


class FigureManager(FigureManagerBase):
    shown = 0

    def show(self):
        FigureManager.shown += 1


class FigureCanvas(FigureCanvasAgg):
    manager_class = FigureManager

    def new_timer(self, *args, **kwargs):
        return (LoopTimer if HAS_EVENT_LOOP else TimerBase)(*args, **kwargs)

"""A matplotlib backend for tests: Agg drawing, no window, and a switch for the event loop.

``matplotlib.use("module://event_loop_backend")``. With :data:`HAS_EVENT_LOOP` True its canvas
makes timers of its own class, as every interactive backend does (Tk, Qt, ipympl), so robosim
takes it for a backend that animates; with False it makes plain ``TimerBase`` timers, as Agg
and Jupyter's ``inline`` do. Nothing fires the timers: tests tick the application themselves, or
fire a :class:`LoopTimer` as its event loop would (:meth:`LoopTimer.fire`); each one knows its
canvas and whether it runs, and :data:`LoopTimer.made` lists them all.
"""

from matplotlib.backend_bases import FigureManagerBase, TimerBase
from matplotlib.backends.backend_agg import FigureCanvasAgg

HAS_EVENT_LOOP = True


class LoopTimer(TimerBase):
    """The timer an event loop would fire.

    Attributes
    ----------
    canvas : FigureCanvas
        The canvas that made it.
    running : bool
        Between ``start()`` and ``stop()``.
    """

    #: Every LoopTimer made, oldest first (tests clear it).
    made = []

    def __init__(self, *args, canvas=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.canvas = canvas
        self.running = False
        LoopTimer.made.append(self)

    def start(self):
        self.running = True
        super().start()

    def stop(self):
        self.running = False
        super().stop()

    def fire(self):
        """One tick: call the callbacks, as the event loop does (a tick already queued comes
        even if the timer was stopped meanwhile)."""
        for func, args, kwargs in list(self.callbacks):
            func(*args, **kwargs)


class FigureManager(FigureManagerBase):
    """A manager whose ``show()`` only counts the calls."""

    shown = 0

    def show(self):
        FigureManager.shown += 1


class FigureCanvas(FigureCanvasAgg):
    """Agg's canvas with timers ticked by the test (an event loop of its own)."""

    manager_class = FigureManager

    def new_timer(self, *args, **kwargs):
        if HAS_EVENT_LOOP:
            return LoopTimer(*args, canvas=self, **kwargs)
        return TimerBase(*args, **kwargs)

"""Base class of the application's screens: bookkeeping for widgets, callbacks and timers.

All screens share one figure. Switching screens must tear the old one down completely:
``fig.clear()`` does not disconnect widget callbacks (they live on the canvas), and widgets are
held through weak references, so a screen keeps every widget it makes and, on teardown, stops
its timers, disconnects every widget and callback, then drops them (MATPLOTLIB_NOTES.md).

A screen's geometry is one function of the figure's size, :meth:`Screen.layout`; the axes and
texts it places are kept in :attr:`Screen.placement`, and :meth:`Screen.relayout` (called by the
application on every resize) moves them to the places of the new size.
"""

from matplotlib.widgets import Button

from .layout import Layout, Placement, figure_size_pt, fit_button_label


class Screen:
    """One screen of the application figure.

    Subclasses build their axes and widgets in :meth:`build` with fixed rectangles
    (``fig.add_axes``; no layout engine), keep widgets with :meth:`keep`, connect canvas events
    with :meth:`connect` and make timers with :meth:`add_timer`. :meth:`teardown` undoes it all.

    Parameters
    ----------
    app : object
        The application: it has ``fig`` (the shared figure) and ``set_status(message,
        error=False)``, and switches screens (``show_welcome()``, ``show_editor(robot=None)``,
        ``show_simulator(robot)``).
    """

    def __init__(self, app):
        self.app = app
        self.fig = app.fig
        self._widgets = []
        self._connections = []
        self._timers = []
        self.placement = Placement()
        self._label_sizes = {}

    def layout(self, width, height):
        """The places of this screen's components in a figure of ``width`` x ``height`` points
        (a :class:`robosim.gui.layout.Layout`); the status line's strip at the foot is not
        theirs."""
        return Layout(width, height)

    def relayout(self):
        """Move every placed axes and text to its place at the figure's present size, and fit
        the buttons' labels to their buttons; returns the layout."""
        places = self.layout(*figure_size_pt(self.fig))
        self.placement.apply(places)
        self.fit_labels()
        return places

    def fit_labels(self):
        """Shrink each button's label (from the size it was made with), and the headers and
        row labels of each cell grid, until they fit."""
        for widget in self._widgets:
            if isinstance(widget, Button):
                largest = self._label_sizes.setdefault(widget, widget.label.get_fontsize())
                fit_button_label(widget, largest)
            elif hasattr(widget, "fit_labels"):
                widget.fit_labels()

    def build(self):
        """Create this screen's axes and widgets in ``self.fig``."""
        raise NotImplementedError

    def tick(self):
        """Advance animations by one timer step. Timers never fire under Agg: tests call this."""

    def keep(self, widget):
        """Hold a widget for the screen's lifetime (callbacks are weak references) and return it.

        If the app has ``report_exception(exc)``, errors in the widget's observers go there
        (matplotlib would print a traceback and carry on).
        """
        self._widgets.append(widget)
        report = getattr(self.app, "report_exception", None)
        observers = getattr(widget, "_observers", None)  # matplotlib widgets' CallbackRegistry
        if report is not None and hasattr(observers, "exception_handler"):
            observers.exception_handler = report
        return widget

    def connect(self, event, callback):
        """Connect a canvas event (``"button_press_event"``, ...) until teardown."""
        self._connections.append(self.fig.canvas.mpl_connect(event, callback))

    def add_timer(self, interval_ms, callback):
        """A canvas timer calling ``callback`` every ``interval_ms``; stopped at teardown."""
        timer = self.fig.canvas.new_timer(interval=interval_ms)
        timer.add_callback(callback)
        self._timers.append(timer)
        return timer

    def teardown(self):
        """Stop timers, disconnect widgets and callbacks, drop references (in that order)."""
        for timer in self._timers:
            timer.stop()
        for widget in self._widgets:
            disconnect = getattr(widget, "disconnect_events", None)
            if disconnect is not None:
                disconnect()
        for connection in self._connections:
            self.fig.canvas.mpl_disconnect(connection)
        self._timers, self._widgets, self._connections = [], [], []
        self.placement.clear()
        self._label_sizes = {}

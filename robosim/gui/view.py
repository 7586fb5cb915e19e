"""The lifecycle shared by the application's screens and the tool windows.

A :class:`View` is the contents of one figure (a screen of the application figure, or a tool
window's figure). It makes its widgets, canvas callbacks, timers, blit layers and state
subscriptions through the methods below, which remember them, and :meth:`View.teardown` undoes
everything in the order matplotlib needs (MATPLOTLIB_NOTES.md): stop the timers, disconnect
every widget (``disconnect_events``), disconnect the canvas callbacks, unsubscribe from the
arm's state, forget the blit layers, drop the references. Widgets are held here because
matplotlib holds their callbacks through weak references.

Lifecycle::

    view = SomeView(fig, ...)   # __init__: no figure work
    view.build()                # axes, widgets, subscriptions (draws are collected into one)
    ...                         # callbacks run through view.run(action): errors reported
    view.teardown()             # screen switch or window closed (idempotent)

A view's timers (:meth:`View.add_timer`) also stop when its figure closes, before any
teardown: at the figure's ``close_event``, and at the first tick after its window is gone
(``plt.close`` takes the figure out of pyplot at once, while Tk sends ``close_event`` only when
the window is destroyed, later; :attr:`View.figure_closed`): no timer draws in a closed figure.

Every widget callback a view connects goes through :meth:`View.run`: its errors are reported
(:meth:`View.report`) instead of printed as tracebacks, and the full draws it asks for are
collected into one at its end (:meth:`robosim.gui.blit.BlitManager.deferred`).

A view's geometry is one function of the figure's size, :meth:`View.layout` (a
:class:`robosim.gui.layout.Layout`); the axes and texts it places are kept in
:attr:`View.placement`, and :meth:`View.relayout` (after building, and on every resize) moves
them to the places of the new size and fits the buttons' labels to their buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import matplotlib.pyplot as plt

from .blit import StatusLine, blit_manager, whole_pixels
from .layout import Layout, Place, Placement, figure_size_pt, fit_button_label

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.backend_bases import FigureCanvasBase, FigureManagerBase, TimerBase
    from matplotlib.figure import Figure
    from matplotlib.transforms import Bbox
    from matplotlib.widgets import Button

    from .state import ArmState, Subscription

Widget = TypeVar("Widget")
Result = TypeVar("Result")


class View:
    """Bookkeeping of one figure's contents; subclasses build in :meth:`build`.

    Parameters
    ----------
    fig : matplotlib.figure.Figure

    Attributes
    ----------
    blit : robosim.gui.blit.BlitManager
        The figure's blit manager.
    status : robosim.gui.blit.StatusLine or None
        The view's status line, when it made one with :meth:`status_line`.
    """

    def __init__(self, fig) -> None:    # fig: a Figure, whose places are Layout's
        self.fig = fig
        self.blit = blit_manager(fig)
        self.status: StatusLine | None = None
        self._widgets: list[Any] = []           # matplotlib widgets and CellGrids, any kind
        self._connections: list[int] = []
        self._timers: list[TimerBase] = []
        self._timer_canvas: FigureCanvasBase | None = None
        self._timer_manager: FigureManagerBase | None = None
        self._figure_closed = False
        self._subscriptions: list[Subscription] = []
        self._layers: list[str] = []
        self.placement = Placement()
        self._label_sizes: dict[Button, float] = {}

    def build(self) -> None:
        """Create the view's axes and widgets in ``self.fig``."""
        raise NotImplementedError

    # ------------------------------------------------------------------ geometry
    def layout(self, width: float, height: float) -> Layout:
        """The places of this view's components in a figure of ``width`` x ``height`` points
        (a :class:`robosim.gui.layout.Layout`)."""
        return Layout(width, height)

    def relayout(self) -> Layout:
        """Move every placed axes and text to its place at the figure's present size, and fit
        the buttons' labels to their buttons; returns the layout."""
        places = self.layout(*figure_size_pt(self.fig))
        self.placement.apply(places)
        self.fit_labels()
        return places

    def fit_labels(self) -> None:
        """Shrink each button's label (from the size it was made with), and the headers and
        row labels of each cell grid, until they fit."""
        from matplotlib.widgets import Button

        for widget in self._widgets:
            if isinstance(widget, Button):
                largest = self._label_sizes.setdefault(widget,
                                                       float(widget.label.get_fontsize()))
                fit_button_label(widget, largest)
            elif hasattr(widget, "fit_labels"):
                widget.fit_labels()

    def report(self, exc: Exception) -> None:
        """Show an exception raised by one of the view's callbacks (subclasses say where)."""
        raise exc

    # ------------------------------------------------------------------ making things
    def keep(self, widget: Widget) -> Widget:
        """Hold ``widget`` until teardown (its ``disconnect_events`` is called then)."""
        self._widgets.append(widget)
        return widget

    def connect_event(self, event, callback) -> int:
        """Connect a canvas event (``"button_press_event"``, ...) until teardown."""
        cid = self.fig.canvas.mpl_connect(event, callback)
        self._connections.append(cid)
        return cid

    def add_timer(self, interval_ms: int, callback: Callable[[], object]) -> TimerBase:
        """A canvas timer calling ``callback`` (errors reported) every ``interval_ms``; it is
        stopped at teardown and when the figure closes (:attr:`figure_closed`), and a tick
        that comes after that (already queued, or a ``start()`` since) calls nothing. Under
        Agg timers never fire: tests call the callback."""
        if self._timer_canvas is None:
            self._timer_canvas = self.fig.canvas
            self._timer_manager = getattr(self._timer_canvas, "manager", None)
            self.connect_event("close_event", self._on_figure_close)
        timer = self._timer_canvas.new_timer(interval=interval_ms)
        guarded = self.guarded(callback)

        def tick():
            if self.figure_closed:
                self.stop_timers()
                return
            guarded()
        timer.add_callback(tick)
        self._timers.append(timer)
        return timer

    @property
    def figure_closed(self) -> bool:
        """True once the figure was closed: its ``close_event`` came, or its window is gone.

        Between ``plt.close`` and the ``close_event`` (Tk sends it when the widget is
        destroyed, later), newer matplotlib (3.11) gives the figure a plain canvas, while 3.9
        keeps the old one and only drops the figure from pyplot: either tells.
        """
        if self._figure_closed:
            return True
        if self._timer_canvas is not None and self.fig.canvas is not self._timer_canvas:
            return True
        manager = self._timer_manager
        return manager is not None and not plt.fignum_exists(manager.num)

    def _on_figure_close(self, event):
        self._figure_closed = True
        self.stop_timers()

    def stop_timers(self) -> None:
        """Stop every timer of the view (they may be started again, while the figure is open)."""
        for timer in self._timers:
            timer.stop()

    def subscribe(self, state: ArmState, topic: str,
                  callback: Callable[[ArmState], object]) -> Subscription:
        """Observe ``topic`` of an :class:`robosim.gui.state.ArmState` until teardown."""
        subscription = state.subscribe(topic, callback)
        self._subscriptions.append(subscription)
        return subscription

    def add_layer(self, name: str, box: Axes | Bbox | Callable[[], Bbox],
                  artists: Sequence[Artist], ready: bool = False) -> None:
        """A blit layer (:meth:`robosim.gui.blit.BlitManager.add_layer`) until teardown."""
        self.blit.add_layer(name, box, artists, ready)
        self._layers.append(name)

    def button(self, rect: Place, label: str, action: Callable[[], object],
               fontsize: float | None = None, **colours: Any) -> Button:
        """A Button in a new axes at ``rect`` calling ``action()`` through :meth:`run`."""
        from matplotlib.widgets import Button

        button = self.keep(Button(self.fig.add_axes(rect), label, **colours))
        if fontsize is not None:
            button.label.set_fontsize(fontsize)
        button.on_clicked(lambda event: self.run(action))
        return button

    def hover(self, on: bool) -> None:
        """Let the view's buttons light up under the pointer (``on``), or not: while a drag
        owns the pointer each button's hover check (0.1-0.3 ms per motion event, whatever
        the pointer is over) only slows the drag down."""
        from matplotlib.widgets import Button

        for widget in self._widgets:
            if isinstance(widget, Button):
                widget.set_active(on)

    def show_button(self, button: Button) -> None:
        """Show a button whose label or colour changed, blitted (no full draw): its box, the
        frame's antialiased edge included, drawn again from the figure's background. Left to
        the next full draw, a new label stayed unseen for seconds ("Mirror: off"); drawn over
        itself, the frame came out darker."""
        box = whole_pixels(button.ax.bbox.padded(1))
        self.blit.redraw_box([button.ax], box, box)

    def status_line(self, rect: Place, fontsize: float = 9, max_lines: int = 2) -> StatusLine:
        """Make the view's :class:`~robosim.gui.blit.StatusLine` (kept in :attr:`status`)."""
        status = self.keep(StatusLine(self.fig, rect, fontsize=fontsize, max_lines=max_lines))
        self.status = status
        return status

    # ------------------------------------------------------------------ running callbacks
    def run(self, action: Callable[[], Result]) -> Result | None:
        """Run ``action()`` for a widget: errors go to :meth:`report`, and the full draws it
        asks for become one at its end. Returns the action's result (None after an error)."""
        with self.blit.deferred():
            try:
                return action()
            except Exception as exc:  # noqa: BLE001 - the guard's whole purpose
                self.report(exc)
                return None

    def guarded(self, callback: Callable[..., Result]) -> Callable[..., Result | None]:
        """``callback`` run through :meth:`run` with its arguments (for observers, timers)."""
        def run_guarded(*args, **kwargs):
            return self.run(lambda: callback(*args, **kwargs))
        return run_guarded

    def redraw(self) -> None:
        """Ask for a full draw (one per action: see :meth:`run`)."""
        self.blit.draw_idle()

    # ------------------------------------------------------------------ teardown
    def teardown(self) -> None:
        """Stop timers, disconnect widgets and callbacks, unsubscribe, forget blit layers and
        drop every reference (in that order); safe to call twice."""
        self.stop_timers()
        for widget in self._widgets:
            disconnect = getattr(widget, "disconnect_events", None)
            if disconnect is not None:
                disconnect()
        for cid in self._connections:
            self.fig.canvas.mpl_disconnect(cid)
        for subscription in self._subscriptions:
            subscription.unsubscribe()
        for name in self._layers:
            self.blit.remove_layer(name)
        self._timers, self._widgets, self._connections = [], [], []
        self._subscriptions, self._layers = [], []
        self.placement.clear()
        self._label_sizes = {}


def has_event_loop(figure: Figure) -> bool:
    """True when ``figure``'s backend runs an event loop, so its timers fire and it animates.

    matplotlib's public test, whatever the backend is called: a backend without an event loop
    (Agg, Jupyter's ``inline``, the file backends) makes plain
    :class:`matplotlib.backend_bases.TimerBase` timers, which never fire; an interactive one
    (Tk, Qt, ipympl's ``widget``, ...) makes its own subclass.
    """
    from matplotlib.backend_bases import TimerBase

    return type(figure.canvas.new_timer()) is not TimerBase

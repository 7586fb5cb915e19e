"""The one blitting mechanism of robosim's figures, and the status line that uses it.

A full draw of a figure with a 3D axes costs tens to hundreds of milliseconds (mostly tick
text); redrawing a few artists over a saved background costs a few (MATPLOTLIB_NOTES.md).
:class:`BlitManager` is matplotlib's gallery ``BlitManager`` grown to robosim's needs, one per
figure (:func:`blit_manager`), shared by the screen or window in it, its cells and status line:

- *layers*: named groups of artists in a box (an animation's arm, a readout, playheads). While
  a layer is animated its artists are left out of full draws; after every full draw
  (``draw_event``) the manager copies the layer's background and draws the artists over it;
  :meth:`~BlitManager.update` restores the background, draws the artists and blits the box;
  :meth:`~BlitManager.start` animates layers at once, redrawing only what lies beneath them
  for their backgrounds, or not even that for a layer kept *ready* (an animation's first
  frame without a full draw).
- *opaque redraws* (:meth:`~BlitManager.draw_over`): artists that paint their own background
  (a slider's axes, the status line's axes) are drawn over the screen as it is and blitted;
  :meth:`~BlitManager.redraw_box` draws a box again from the figure's background, for
  artists with antialiased edges that must not be drawn twice over themselves (a cell).
- *one full draw per action* (:meth:`~BlitManager.deferred`): while a block runs, requests for a
  full draw (:meth:`~BlitManager.draw_idle`) are collected into one at its end.

Before the figure's first draw, after a resize, and whenever a full draw has been asked for,
nothing is blitted until that draw: it shows everything, and a blit before it would show new
artists beside the old ones it is about to replace (the editor's twelve new rows of cells over
its four old row labels and notes, for a second or more on a loaded machine). A canvas that
cannot blit draws in full instead.
"""

import contextlib
import math
import weakref

from matplotlib.axes import Axes
from matplotlib.patches import Rectangle
from matplotlib.transforms import Bbox, IdentityTransform

from .layout import wrap_lines
from .theme import ERROR_COLOUR, TEXT_COLOUR

#: Smallest font size (points) a long status message shrinks to before it is cut.
STATUS_MIN_FONT = 7
#: Space left of the status text, pixels.
STATUS_PAD_PX = 6
#: Height of a line of text as a multiple of the font size (matplotlib's linespacing).
STATUS_LINE_SPACING = 1.2
#: How far (pixels) an axes' tick labels, axis labels and title may reach out of its box: an
#: axes this close to a layer's box is redrawn when :meth:`BlitManager.start` makes the
#: layer's background.
BENEATH_PAD_PX = 40
#: A ready layer's background is made this long (ms) after the last of a run of full draws
#: (a 3D view being turned draws in full at every move): see BlitManager.add_layer.
READY_DELAY_MS = 300

#: figure -> a weak reference to its BlitManager. The canvas owns the manager (see
#: :class:`BlitManager`); a strong value here would keep its figure, the key, alive for ever.
_managers: weakref.WeakKeyDictionary[object, weakref.ReferenceType["BlitManager"]] = \
    weakref.WeakKeyDictionary()


def whole_pixels(box):
    """``box`` (a display Bbox) grown to whole pixels: what copying or blitting it takes in."""
    return Bbox.from_extents(math.floor(box.x0), math.floor(box.y0), math.ceil(box.x1),
                             math.ceil(box.y1))


def blit_manager(fig):
    """The :class:`BlitManager` of ``fig`` (made at the first call)."""
    reference = _managers.get(fig)
    manager = reference() if reference is not None else None
    if manager is None:
        manager = BlitManager(fig)
        _managers[fig] = weakref.ref(manager)
    return manager


class _Layer:
    def __init__(self, box, artists, ready):
        self.box = box              # callable -> display Bbox
        self.artists = list(artists)
        self.ready = ready          # keep a background while not animated (add_layer)
        self.animated = False
        self.background = None


class BlitManager:
    """Backgrounds, animated layers and opaque redraws of one figure (use :func:`blit_manager`).

    The figure's canvas owns its manager: the manager's ``draw_event`` handler is a plain
    function, which a canvas holds strongly (bound methods it holds weakly). So the manager
    lives as long as the canvas, and a closed figure, its canvas and its manager are freed
    together (nothing outside them refers to the manager for good).

    Attributes
    ----------
    drawn : bool
        True when the screen shows a full draw of the figure at its current size and no
        other full draw is on its way (:meth:`draw_idle` makes it False until the draw
        comes): only then does a blit show its artists among the right ones.
    """

    def __init__(self, fig):
        self.fig = fig
        self.canvas = fig.canvas
        self.drawn = False
        self._layers = {}
        self._deferring = 0
        self._draw_requested = False
        self.closed = False
        self._ready_timer = None
        self._held_boxes = None     # the boxes draw_over leaves to one_blit, inside it
        self.canvas.mpl_connect("draw_event", lambda event: self._on_draw(event))
        self.canvas.mpl_connect("resize_event", self._on_resize)
        self.canvas.mpl_connect("close_event", lambda event: self._on_close())

    @property
    def can_blit(self):
        """True when a blit now shows the artists drawn (drawn, and the canvas blits)."""
        return self.drawn and bool(getattr(self.canvas, "supports_blit", False))

    # ------------------------------------------------------------------ layers
    def add_layer(self, name, box, artists, ready=False):
        """Register ``artists`` (drawn in this order) in ``box``: an Axes (its bbox), a
        display Bbox, or a callable returning one. Replaces a layer of the same name.

        A layer ``ready`` to start keeps its background while it is not animated: it is made
        :data:`READY_DELAY_MS` after the figure's last full draw (on a canvas whose timers
        fire: an interactive backend), so that :meth:`start` then has nothing to draw."""
        if hasattr(box, "bbox"):
            ax = box
            box = lambda: ax.bbox  # noqa: E731 - the axes' box as it is at each draw
        elif isinstance(box, Bbox):
            fixed = box
            box = lambda: fixed  # noqa: E731
        self._layers[name] = _Layer(box, artists, ready)

    def remove_layer(self, name):
        """Forget a layer; its artists become ordinary again."""
        layer = self._layers.pop(name, None)
        if layer is not None:
            for artist in layer.artists:
                artist.set_animated(False)

    def animate(self, name, animated=True):
        """Leave the layer's artists out of full draws (True) and blit them, or draw them
        normally again (False: any later draw or saved figure shows them)."""
        layer = self._layers[name]
        animated = bool(animated and getattr(self.canvas, "supports_blit", False))
        starting = animated and not layer.animated
        for artist in layer.artists:
            artist.set_animated(animated)
        layer.animated = animated
        if not starting:
            layer.background = None     # taken at the next full draw
        # else a background made since the last full draw (a ready layer's) still holds

    def start(self, *names):
        """Animate the named layers at once, without a full draw: from now on
        :meth:`update` blits them (the screen is left as it is).

        A layer not yet animated needs a background: the figure as a full draw shows it in
        the layer's box, without the layer's artists. A ready layer (:meth:`add_layer`) may
        have it already; else it is made now (:meth:`_make_backgrounds`). Before the figure's
        first draw, or on a canvas that cannot blit, a full draw is asked for instead.
        """
        layers = [self._layers[name] for name in names]
        for name, layer in zip(names, layers, strict=True):
            if not layer.animated:
                self.animate(name)
        if not self.can_blit or self.closed:
            self.draw_idle()
            return
        self._make_backgrounds([layer for layer in layers if layer.background is None])

    def _make_backgrounds(self, layers):
        """Give ``layers`` their backgrounds without a full draw.

        With none of a layer's artists visible it is the screen as it is; else it is made by
        redrawing only what reaches into the boxes, the layers' artists left out: the
        figure's background, then, in drawing order, each axes within
        :data:`BENEATH_PAD_PX` of a box (its tick labels and title stick out of it) and each
        other artist that overlaps one. Whatever that draws is then put back as it was.
        """
        drawn = []
        for layer in layers:
            if any(artist.get_visible() for artist in layer.artists):
                drawn.append(layer)
            else:
                layer.background = self.canvas.copy_from_bbox(layer.box())
        if not drawn:
            return
        whole = self.canvas.copy_from_bbox(self.fig.bbox)
        ordinary = [artist for layer in drawn if not layer.animated for artist in layer.artists]
        for artist in ordinary:
            artist.set_animated(True)
        try:
            boxes = [layer.box() for layer in drawn]
            self._draw_beneath(boxes)
            for layer, box in zip(drawn, boxes, strict=True):
                layer.background = self.canvas.copy_from_bbox(box)
        finally:
            for artist in ordinary:
                artist.set_animated(False)
            self.canvas.restore_region(whole)

    def _draw_beneath(self, boxes):
        """Draw what a full draw shows in ``boxes`` (display Bboxes), leaving out animated
        artists (see :meth:`_make_backgrounds`)."""
        renderer = self.canvas.get_renderer()
        reach = [box.padded(BENEATH_PAD_PX) for box in boxes]
        self.fig.draw_artist(self.fig.patch)
        children = [artist for artist in self.fig.get_children()
                    if artist is not self.fig.patch and artist.get_visible()
                    and not artist.get_animated()]
        for artist in sorted(children, key=lambda artist: artist.get_zorder()):
            if isinstance(artist, Axes):
                beneath = any(artist.bbox.overlaps(box) for box in reach)
            else:
                extent = artist.get_window_extent(renderer)
                beneath = any(extent.overlaps(box) for box in boxes)
            if beneath:
                self.fig.draw_artist(artist)

    def animated(self, name):
        """True while layer ``name`` is blitted."""
        return self._layers[name].animated

    def update(self, *names):
        """Show the named layers' artists as they are now: blitted over their backgrounds, or,
        for a layer that is not animated or has no background yet and while a full draw is
        on its way, by a full draw."""
        layers = [self._layers[name] for name in names]
        if not self.drawn or not all(layer.animated and layer.background is not None
                                     for layer in layers):
            self.draw_idle()
            return
        for layer in layers:
            self.canvas.restore_region(layer.background)
            self._draw_artists(layer.artists)
            self.canvas.blit(layer.box())

    def _draw_artists(self, artists):
        for artist in (a for a in artists if a.get_visible()):  # hidden ones cost as much
            if hasattr(artist, "do_3d_projection"):     # 3D collections project first
                artist.do_3d_projection()
            (artist.axes or self.fig).draw_artist(artist)

    # ------------------------------------------------------------------ opaque redraws
    def draw_over(self, artists, box):
        """Draw ``artists`` (each paints its own background, e.g. a patch first) over the
        screen and blit ``box`` (display Bbox); before the first draw nothing happens (that
        draw shows them)."""
        if not self.drawn or self.closed:
            return
        if not getattr(self.canvas, "supports_blit", False):
            self.canvas.draw_idle()
            return
        for artist in artists:
            if artist.get_visible():
                (artist.axes or self.fig).draw_artist(artist)
        if self._held_boxes is not None:
            self._held_boxes.append(box)
        else:
            self.canvas.blit(box)

    def redraw_box(self, artists, box, reach):
        """Draw ``box`` (a display Bbox in whole pixels) as a full draw shows it, over the
        figure's background: ``artists`` are all that a full draw paints in the box, in its
        order; they may paint beyond the box, within ``reach`` (a display Bbox), where the
        screen is then put back as it was. Blits the box; before the first draw nothing
        happens (that draw shows them).

        Unlike :meth:`draw_over`, nothing is drawn twice over itself: an antialiased edge
        drawn again over its own pixels comes out darker (a cell's border)."""
        if not self.drawn or self.closed:
            return
        if not getattr(self.canvas, "supports_blit", False):
            self.canvas.draw_idle()
            return
        saved = self.canvas.copy_from_bbox(whole_pixels(Bbox.union([box, reach])))
        background = Rectangle((box.x0, box.y0), box.width, box.height,
                               transform=IdentityTransform(), antialiased=False,
                               facecolor=self.fig.get_facecolor(), edgecolor="none")
        self.fig.draw_artist(background)
        self._draw_artists(artists)
        redrawn = self.canvas.copy_from_bbox(box)
        self.canvas.restore_region(saved)
        self.canvas.restore_region(redrawn)
        if self._held_boxes is not None:
            self._held_boxes.append(box)
        else:
            self.canvas.blit(box)

    @contextlib.contextmanager
    def one_blit(self):
        """Blit what :meth:`draw_over` draws inside the block once, at its end (the union of
        the boxes): a real window's blit has a cost of its own, whatever its size (several
        value cells and the sliders updated together)."""
        if self._held_boxes is not None:        # nested: the outer block blits
            yield self
            return
        self._held_boxes = []
        try:
            yield self
        finally:
            boxes, self._held_boxes = self._held_boxes, None
            if boxes and self.drawn and not self.closed:
                self.canvas.blit(Bbox.union(boxes))

    # ------------------------------------------------------------------ full draws
    def draw_idle(self):
        """A full draw: now (``canvas.draw_idle``), or once at the end of :meth:`deferred`;
        none once the figure is closing (see :meth:`_on_close`). Nothing is blitted until it
        comes (:attr:`drawn`)."""
        self.drawn = False
        if self._deferring:
            self._draw_requested = True
        elif not self.closed:
            self.canvas.draw_idle()

    def draw_now(self):
        """Draw in full and show it at once (before a computation blocks the event loop)."""
        self.canvas.draw()
        self.canvas.flush_events()

    @contextlib.contextmanager
    def deferred(self):
        """Collect the full draws asked for inside the block into one at its end (blocks
        nest: the outermost draws)."""
        self._deferring += 1
        try:
            yield self
        finally:
            self._deferring -= 1
            if not self._deferring and self._draw_requested:
                self._draw_requested = False
                self.draw_idle()

    def _on_draw(self, event):
        """After a full draw: keep each animated layer's background and draw it over; the
        other layers' backgrounds are stale, the ready ones' made again after a while."""
        self.drawn = True
        waiting = False
        for layer in self._layers.values():
            if layer.animated:
                layer.background = self.canvas.copy_from_bbox(layer.box())
                self._draw_artists(layer.artists)
            else:
                layer.background = None
                waiting = waiting or layer.ready
        if waiting and not self.closed:
            if self._ready_timer is None:
                self._ready_timer = self.canvas.new_timer(interval=READY_DELAY_MS)
                self._ready_timer.single_shot = True
                self._ready_timer.add_callback(self._ready_tick)
            self._ready_timer.stop()            # once the full draws pause
            self._ready_timer.start()

    def _ready_tick(self):
        """The ready timer's tick: nothing once the figure is closed (Tk sends close_event
        late, when the window is destroyed: a tick may come between ``plt.close`` and it)."""
        if self._ready_timer is not None:
            self._ready_timer.stop()
        if not self._figure_gone():
            self.make_ready()

    def _figure_gone(self):
        """True once the figure was closed: its close_event came, ``plt.close`` gave it
        another canvas (matplotlib 3.11), or pyplot no longer knows its window (3.9)."""
        import matplotlib.pyplot as plt

        manager = getattr(self.canvas, "manager", None)
        return self.closed or self.fig.canvas is not self.canvas or (
            manager is not None and not plt.fignum_exists(manager.num))

    def make_ready(self):
        """Make the backgrounds of the ready layers that are not animated (the timer started
        after a full draw calls this; tests may call it)."""
        if self.can_blit and not self.closed:
            self._make_backgrounds([layer for layer in self._layers.values()
                                    if layer.ready and not layer.animated
                                    and layer.background is None])

    def _on_close(self):
        """The figure is closing: its window may already be half destroyed (Tk sends
        close_event while destroying the canvas), so nothing more is drawn or blitted. A draw
        asked for now would be left pending on a canvas that is gone: Tk then prints
        ``invalid command name "...idle_draw"``."""
        self.closed = True
        self.drawn = False
        if self._ready_timer is not None:
            self._ready_timer.stop()

    def _on_resize(self, event):
        self.drawn = False
        for layer in self._layers.values():
            layer.background = None


class StatusLine:
    """One line of messages at the bottom of a figure, wrapped to a second when long.

    A message wider than the line wraps at spaces onto up to ``max_lines`` lines; if that is
    not enough the font shrinks (to :data:`STATUS_MIN_FONT`), and only then is the end cut
    with "...". Newlines in a message start a new line. Showing a message blits the line
    (about a millisecond) once the figure has been drawn.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    rect : (left, bottom, width, height)
        Figure fraction. A box too low for ``max_lines`` lines of ``fontsize`` gets fewer.
    fontsize : float
    max_lines : int

    Attributes
    ----------
    message : str
        The message as given (unwrapped).
    error : bool
    ax, text : the axes and Text artist (the Text holds the wrapped lines).
    """

    def __init__(self, fig, rect, fontsize=9, max_lines=2):
        self.fig = fig
        self.fontsize = fontsize
        self.max_lines = max_lines
        self.message = ""
        self.error = False
        self.ax = fig.add_axes(rect)
        self.ax.set_axis_off()
        self.ax.set_navigate(False)
        self.ax.patch.set_facecolor(fig.get_facecolor())
        self.text = self.ax.text(0, 0.5, "", fontsize=fontsize, va="center",
                                 color=TEXT_COLOUR, parse_math=False,
                                 transform=self.ax.transAxes)
        self._place()
        self._manager = blit_manager(fig)
        self._cid = fig.canvas.mpl_connect("resize_event", self._on_resize)

    def show(self, message, error=False):
        """Show ``message`` (errors in red)."""
        self.message = str(message)
        self.error = bool(error)
        self.text.set_color(ERROR_COLOUR if error else TEXT_COLOUR)
        self._wrap()
        self._manager.draw_over([self.ax.patch, self.text], self.ax.bbox)

    def set_rect(self, rect):
        """Move the line to ``rect`` (figure fraction) and wrap the message again."""
        self.ax.set_position(rect)
        self._place()
        self._wrap()

    def disconnect_events(self):
        """Stop following the figure's size (a view's teardown calls this)."""
        self.fig.canvas.mpl_disconnect(self._cid)

    def _place(self):
        width = self.ax.bbox.width
        self.text.set_x(STATUS_PAD_PX / width if width > 0 else 0.0)

    def _on_resize(self, event):
        self._place()
        self._wrap()

    def _lines_that_fit(self, fontsize):
        """``max_lines``, or fewer when the line's box is not tall enough for them."""
        fit = int(self.ax.bbox.height // _line_height_px(fontsize, self.fig.dpi))
        return max(1, min(self.max_lines, fit))

    def _wrap(self):
        """Put the message in the Text: wrapped, shrunk or cut to fit the line."""
        measure = _text_measure(self.fig)
        width = self.ax.bbox.width - 2 * STATUS_PAD_PX
        if measure is None or width <= 0:
            self.text.set_text(self.message)
            return
        size = self.fontsize
        while True:
            self.text.set_fontsize(size)
            max_lines = self._lines_that_fit(size)
            lines = wrap_lines(self.message, lambda s: measure(s, self.text), width)
            if len(lines) <= max_lines or size <= STATUS_MIN_FONT:
                break
            size = max(STATUS_MIN_FONT, size - 1)
        if len(lines) > max_lines:
            lines = lines[:max_lines]
            last = lines[-1]
            while last and measure(last + " ...", self.text) > width:
                last = last[:-1]
            lines[-1] = last.rstrip() + " ..."
        self.text.set_text("\n".join(lines))


def _line_height_px(fontsize, dpi):
    """Height of one line of text, pixels (matplotlib's default line spacing 1.2)."""
    return STATUS_LINE_SPACING * fontsize * dpi / 72


def _text_measure(fig):
    """``measure(string, text_artist) -> width in pixels``, or None without a renderer."""
    get_renderer = getattr(fig.canvas, "get_renderer", None)
    if get_renderer is None:
        return None
    renderer = get_renderer()

    def measure(string, artist):
        if not string:
            return 0.0
        width, _, _ = renderer.get_text_width_height_descent(
            string, artist.get_fontproperties(), ismath=False)
        return width
    return measure

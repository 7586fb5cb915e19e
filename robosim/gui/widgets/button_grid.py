"""A grid of buttons drawn in one axes: the welcome screen's robot buttons.

A matplotlib ``Button`` is an axes of its own, and an axes costs about 10 ms to make and a few
to draw (its spines, its tick machinery): the welcome screen's 24 robot buttons took a third of
the application's start-up (``benchmarks/bench_start.py``). A :class:`ButtonGrid` draws the
same grey boxes with a black edge and a centred label, lighter when the pointer is over one,
as rectangles and texts in one axes, with one handler for the clicks: a click is a press and a
release on the same button (as a ``Button``'s), and a button is either shown with a label or
hidden.
"""

from matplotlib.patches import Rectangle

from ..blit import blit_manager, whole_pixels
from ..layout import BUTTON_PADDING, POINTS_PER_INCH, fit_fontsize

#: A button's face, and its face while the pointer is over it (matplotlib's Button's).
COLOUR, HOVER_COLOUR = "0.85", "0.95"
#: Its edge, as an axes' frame (rcParams' ``axes.linewidth``, black).
EDGE_COLOUR, EDGE_WIDTH = "black", 0.8


class ButtonGrid:
    """``rows`` x ``columns`` buttons in the figure rectangle ``rect``, numbered row by row.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    rect : tuple of float
        ``(left, bottom, width, height)`` of the whole grid, figure fractions.
    rows, columns : int
    on_click : callable
        ``on_click(index)`` when button ``index`` is clicked.
    gap : tuple of float
        Space between neighbouring buttons across and up-down, figure fractions (left after
        each button: the last column and row end short of ``rect`` by it).
    fontsize : float
        The labels' size before :meth:`fit_labels` shrinks them.
    one_size : bool
        Whether :meth:`fit_labels` gives every label the size the longest needs (a grid that
        reads as one list), or each the largest at which it fits.

    Attributes
    ----------
    ax : matplotlib.axes.Axes
        The grid's axes (no frame, no ticks).
    boxes : list of matplotlib.patches.Rectangle
        Each button's box.
    labels : list of matplotlib.text.Text
        Each button's label.
    """

    def __init__(self, fig, rect, rows, columns, on_click, gap=(0.0, 0.0), fontsize=10,
                 one_size=True):
        self.fig = fig
        self.on_click = on_click
        self.fontsize = fontsize
        self.one_size = one_size
        self.ax = fig.add_axes(rect)
        self.ax.set_axis_off()
        self.ax.set_navigate(False)
        width = 1 / columns - gap[0] / rect[2]
        height = 1 / rows - gap[1] / rect[3]
        self.boxes, self.labels = [], []
        for index in range(rows * columns):
            row, column = divmod(index, columns)
            x, y = column / columns, 1 - (row + 1) / rows
            self.boxes.append(self.ax.add_patch(Rectangle(
                (x, y), width, height, transform=self.ax.transAxes, facecolor=COLOUR,
                edgecolor=EDGE_COLOUR, linewidth=EDGE_WIDTH, clip_on=False)))  # whole edges
            self.labels.append(self.ax.text(x + width / 2, y + height / 2, "", ha="center",
                                            va="center", fontsize=fontsize,
                                            transform=self.ax.transAxes))
        self._pressed = None
        self._hovered = None
        canvas = fig.canvas
        self._connections = [canvas.mpl_connect("button_press_event", self._on_press),
                             canvas.mpl_connect("button_release_event", self._on_release),
                             canvas.mpl_connect("motion_notify_event", self._on_motion)]

    def set_labels(self, labels):
        """Show one button per label, in order; the buttons after the last are hidden."""
        for index, (box, text) in enumerate(zip(self.boxes, self.labels, strict=True)):
            shown = index < len(labels)
            box.set_visible(shown)
            text.set_visible(shown)
            text.set_text(labels[index] if shown else "")
            box.set_facecolor(COLOUR)
        self._hovered = None

    def shown(self):
        """The indices of the buttons shown."""
        return [index for index, box in enumerate(self.boxes) if box.get_visible()]

    def extent(self, index):
        """Button ``index``'s box in display pixels."""
        return self.boxes[index].get_window_extent()

    def fit_labels(self):
        """Shrink the shown labels (from :attr:`fontsize`) until each fits its button; with
        :attr:`one_size`, all to the size the longest needs, each tried from the size the
        ones before it needed (most take one measurement)."""
        to_points = POINTS_PER_INCH / self.fig.dpi
        size = self.fontsize
        for index in self.shown():
            box = self.extent(index)
            fitted = fit_fontsize(self.labels[index],
                                  box.width * to_points - 2 * BUTTON_PADDING[0],
                                  box.height * to_points - 2 * BUTTON_PADDING[1], size)
            size = fitted if self.one_size else self.fontsize
        if self.one_size:
            for index in self.shown():
                self.labels[index].set_fontsize(size)

    def button_at(self, event):
        """The index of the shown button under the mouse ``event``, or None."""
        if event.inaxes is not self.ax:
            return None
        for index in self.shown():
            if self.boxes[index].contains(event)[0]:
                return index
        return None

    def _on_press(self, event):
        self._pressed = self.button_at(event)
        if self._pressed is not None:
            event.canvas.grab_mouse(self.ax)

    def _on_release(self, event):
        pressed, self._pressed = self._pressed, None
        if pressed is None:
            return
        event.canvas.release_mouse(self.ax)
        if self.button_at(event) == pressed:
            self.on_click(pressed)

    def _on_motion(self, event):
        hovered = self.button_at(event)
        if hovered == self._hovered:
            return
        changed = [index for index in (self._hovered, hovered) if index is not None]
        self._hovered = hovered
        for index in changed:
            self.boxes[index].set_facecolor(HOVER_COLOUR if index == hovered else COLOUR)
            self._redraw(index)

    def _redraw(self, index):
        """Show button ``index`` again (its face changed), drawn once over the background."""
        box = whole_pixels(self.extent(index).padded(EDGE_WIDTH * self.fig.dpi
                                                      / POINTS_PER_INCH))
        blit_manager(self.fig).redraw_box([self.boxes[index], self.labels[index]], box, box)

    def disconnect_events(self):
        """Stop listening to the canvas (the screen is torn down)."""
        for connection in self._connections:
            self.fig.canvas.mpl_disconnect(connection)
        self._connections = []

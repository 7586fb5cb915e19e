"""Does a figure's text fit? One call checks a screen or a tool window at one size.

Usage::

    from layout_check import layout_problems

    fig.set_size_inches(10, 6.5)          # 1000 x 650 px at 100 dpi
    assert layout_problems(fig) == []

What is checked, on the texts a full draw actually draws (each measured with
``Text.get_window_extent`` after ``canvas.draw()``, cut to its clip box or clip path):

* *Overlap*: no text of one component overlaps a text of another. A text's component is the
  axes it belongs to (a widget's axes, the 3D axes with its tick and axis labels, the status
  line); a figure-level text (``fig.text``) is its own component, unless several carry the same
  gid (``Text.set_gid``): texts drawn as one block on purpose, such as a readout's labels and
  numbers.
* *Inside the figure*: no text leaves the figure.
* *Inside its box*: a text placed inside its axes (axes coordinates strictly between 0 and 1:
  a button's label, a cell, the status line's message, a check box's label) stays inside that
  axes. Labels placed outside on purpose (a slider's name at x = -0.02) are not held to it.
  A text placed on a rectangle of its axes (a button of a
  :class:`~robosim.gui.widgets.button_grid.ButtonGrid`, a cell) stays inside the rectangle,
  and is a component of its own: it may not overlap the next button's label either.

Each problem is one readable line naming the texts, so a failing test says what to move.
"""

from unittest import mock

import matplotlib.text
from matplotlib.patches import Rectangle
from matplotlib.transforms import Bbox

from robosim.gui.window_size import fitted_size_in

#: Pixels two extents may share before they count as overlapping (anti-aliasing, rounding).
TOLERANCE_PX = 1.0
#: Tk under Xvfb, measured: its scaling shows a figure at 104.17 dpi, and its toolbar is 50 px
#: high (what :func:`robosim.gui.window_size.fit_to_screen` works with on a real screen).
TK_DPI, TK_TOOLBAR_PX = 104.17, 50
#: The lab screen of the issues, in pixels.
LAB_SCREEN_PX = (1000, 650)


def tk_window_figure(preferred_in, screen_px=LAB_SCREEN_PX, grow=False):
    """``(width_in, height_in, dpi)`` of the figure a Tk window that prefers ``preferred_in``
    inches opens with on a ``screen_px`` screen (room left for a taskbar and the toolbar; with
    ``grow``, as the application's, as large as a larger screen allows): on the 1000 x 650 lab
    screen the application's figure is about 984 x 510 px, on a 1920 x 1080 one 1504 x 940."""
    return (*fitted_size_in(preferred_in, TK_DPI, screen_px, TK_TOOLBAR_PX, grow), TK_DPI)


def drawn_texts(fig):
    """Draw ``fig`` once and return the Text artists that the draw actually drew.

    ``fig.findobj(Text)`` is not the same: it also finds tick labels of ticks outside the view
    and texts in hidden axes, which are never drawn.

    Texts placed at 3D data points (``Text3D``: a frame's axis letters) are left out: they are
    part of the drawing, move with the view, and their extent cannot be measured after the
    draw (mplot3d projects their position only while drawing them).
    """
    from mpl_toolkits.mplot3d.art3d import Text3D

    drawn = []
    original = matplotlib.text.Text.draw

    def recording_draw(text, renderer):
        original(text, renderer)
        if text.get_visible() and text.get_text() and not isinstance(text, Text3D):
            drawn.append(text)

    with mock.patch.object(matplotlib.text.Text, "draw", recording_draw):
        fig.canvas.draw()
    return list(dict.fromkeys(drawn))


def visible_extent(text, renderer):
    """The text's extent in display pixels, cut to what its clip box and clip path let show."""
    box = text.get_window_extent(renderer)
    if text.get_clip_on():
        clip_box = text.get_clip_box()
        if clip_box is not None:
            box = Bbox.intersection(box, clip_box) or Bbox.from_bounds(box.x0, box.y0, 0, 0)
        clip_path = text.get_clip_path()
        if clip_path is not None:
            path_box = clip_path.get_fully_transformed_path().get_extents()
            box = Bbox.intersection(box, path_box) or Bbox.from_bounds(box.x0, box.y0, 0, 0)
    return box


def axes_of_texts(fig):
    """``{text: axes}`` for every text inside an axes of ``fig``.

    ``Text.axes`` is not enough: a 3D axes' tick labels have none, though they are its children.
    """
    owners = {}
    for ax in fig.axes:
        for text in ax.findobj(matplotlib.text.Text):
            owners.setdefault(text, ax)
    return owners


def describe(text, axes):
    """A short name for a text (and the axes it is in, or its gid) in a problem message."""
    words = " ".join(text.get_text().split())
    words = words if len(words) <= 40 else words[:37] + "..."
    if axes is None:
        return f"{words!r} ({text.get_gid() or 'figure'})"
    return f"{words!r} ({axes.get_label() or type(axes).__name__})"


def _overlap(a, b, tolerance=TOLERANCE_PX):
    return (min(a.x1, b.x1) - max(a.x0, b.x0) > tolerance
            and min(a.y1, b.y1) - max(a.y0, b.y0) > tolerance)


def _placed_inside_axes(text):
    """True for a text placed in axes coordinates strictly inside its axes."""
    if text.axes is None or text.get_transform() != text.axes.transAxes:
        return False
    x, y = text.get_position()
    return 0 < x < 1 and 0 < y < 1


def _outside(box, container, tolerance=TOLERANCE_PX):
    return (box.x0 < container.x0 - tolerance or box.x1 > container.x1 + tolerance
            or box.y0 < container.y0 - tolerance or box.y1 > container.y1 + tolerance)


def rectangle_under(text, renderer):
    """The extent of the smallest visible rectangle of ``text``'s axes its anchor lies on (a
    button of a grid), or None."""
    if text.axes is None:
        return None
    x, y = text.get_transform().transform(text.get_position())
    extents = [patch.get_window_extent(renderer) for patch in text.axes.patches
               if isinstance(patch, Rectangle) and patch.get_visible()]
    under = [extent for extent in extents if extent.contains(x, y)]
    return min(under, key=lambda extent: extent.width * extent.height) if under else None


def layout_problems(fig):
    """Every text that overlaps another component's, leaves the figure or leaves its box.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure at the size to check (on a canvas that can draw, e.g. Agg).

    Returns
    -------
    list of str
        One line per problem; empty when the layout fits.
    """
    texts = drawn_texts(fig)
    renderer = fig.canvas.get_renderer()
    boxes = [visible_extent(text, renderer) for text in texts]
    owners = axes_of_texts(fig)
    axes = [owners.get(text) for text in texts]
    rectangles = [rectangle_under(text, renderer) for text in texts]
    # A text's component: the rectangle it lies on, else its axes, else its gid, else itself.
    components = [(ax, tuple(rectangle.bounds)) if rectangle is not None
                  else ax if ax is not None else (text.get_gid() or text)
                  for text, ax, rectangle in zip(texts, axes, rectangles, strict=True)]
    names = [describe(text, ax) for text, ax in zip(texts, axes, strict=True)]
    problems = []
    for i, (text, box) in enumerate(zip(texts, boxes, strict=True)):
        if box.width <= 0 or box.height <= 0:
            continue
        if _outside(box, fig.bbox):
            problems.append(f"{names[i]} leaves the figure: {_px(box)} in "
                            f"{_px(fig.bbox)}")
        if rectangles[i] is not None and _outside(box, rectangles[i]):
            problems.append(f"{names[i]} leaves its button: {_px(box)} in "
                            f"{_px(rectangles[i])}")
        elif _placed_inside_axes(text) and _outside(box, text.axes.bbox):
            problems.append(f"{names[i]} leaves its box: {_px(box)} in "
                            f"{_px(text.axes.bbox)}")
        for j in range(i + 1, len(texts)):
            if components[i] != components[j] and _overlap(box, boxes[j]):
                problems.append(f"{names[i]} overlaps {names[j]}")
    return problems


def _px(box):
    return f"[{box.x0:.0f}, {box.x1:.0f}] x [{box.y0:.0f}, {box.y1:.0f}] px"

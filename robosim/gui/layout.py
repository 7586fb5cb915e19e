"""Geometry of screens and tool windows, computed from the figure's size in points.

matplotlib's layout engines ignore widget axes and constrained layout re-solves on every draw
(MATPLOTLIB_NOTES.md), so every window places its components with fixed rectangles. Fixed
*fractions* do not fit: text keeps its size in points while the window shrinks, so a layout that
fits at 1280 x 800 px overlaps at 1000 x 650. Here a window's layout is one function of the
figure's width and height in points (1/72 inch: font sizes are in points too) that returns a
:class:`Layout`, the named rectangles of its components; the window builds its axes and texts
at those places, keeps them in a :class:`Placement`, and on every ``resize_event`` moves them
to the places of the new size.

Worked example: a figure of 1000 x 650 px at 100 dpi is 720 x 468 pt. A status line two lines
of 9 pt high (``2 * 9 * 1.35 + 4 = 28.3`` pt) at the bottom is
``layout.rect("status", 0, 0, 720, 28.3)``, handed out as the figure fraction
``(0, 0, 1, 0.0605)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from matplotlib.textpath import TextToPath

if TYPE_CHECKING:
    from matplotlib.figure import Figure, SubFigure
    from matplotlib.font_manager import FontProperties
    from matplotlib.text import Text
    from matplotlib.widgets import Button

#: A place in figure fractions: ``(left, bottom, width, height)`` of a rectangle, ``(x, y)`` of
#: a point.
Place = tuple[float, ...]

POINTS_PER_INCH = 72
#: Height of a line of text as a multiple of its font size, with room to spare: matplotlib
#: steps lines by 1.2 times the height of "lp", and hinting rounds to pixels. Measured on 3.11:
#: 6 lines of 8 pt took 60.0 pt at 100 dpi and 63.5 pt at 104 dpi (TkAgg under Xvfb).
LINE_SPACING = 1.35
#: Font size (points) of the status line at a window's foot, and its height: two lines (a long
#: message wraps to a second) and a little air.
STATUS_FONTSIZE = 9
STATUS_HEIGHT = 2 * STATUS_FONTSIZE * LINE_SPACING + 4
#: Space (points) between components and at the window's edges.
MARGIN = 8
#: Width of a monospace character as a fraction of the font size (DejaVu Sans Mono: 0.602), so
#: a monospace text's width follows from its characters, without measuring it.
MONOSPACE_WIDTH = 0.61
#: TextToPath measures without hinting, about 4 % narrower than Agg draws (DejaVu Sans, 9 pt,
#: measured on matplotlib 3.11): used only where the canvas has no renderer to ask.
UNHINTED_WIDTH_FACTOR = 1.04


def figure_size_pt(fig: Figure) -> tuple[float, float]:
    """``(width, height)`` of ``fig`` in points."""
    width, height = fig.get_size_inches()
    return width * POINTS_PER_INCH, height * POINTS_PER_INCH


def lines_height(n_lines: int, fontsize: float) -> float:
    """Height in points of ``n_lines`` lines of text of ``fontsize`` points."""
    return n_lines * fontsize * LINE_SPACING


class Layout:
    """Named places in a figure of ``width`` x ``height`` points, handed out as figure fractions.

    Places are given in points from the figure's bottom-left corner: :meth:`rect` for axes
    (``(left, bottom, width, height)``), :meth:`point` for texts (``(x, y)``). Indexing with a
    name returns the place in figure fractions, as ``fig.add_axes`` and ``fig.text`` take them.
    """

    def __init__(self, width: float, height: float) -> None:
        self.width, self.height = float(width), float(height)
        self._places: dict[str, Place] = {}

    def rect(self, name: str, left: float, bottom: float, width: float, height: float) -> None:
        """Name the rectangle ``(left, bottom, width, height)`` (points)."""
        self._places[name] = (left / self.width, bottom / self.height,
                              max(width, 1.0) / self.width, max(height, 1.0) / self.height)

    def point(self, name: str, x: float, y: float) -> None:
        """Name the point ``(x, y)`` (points), e.g. where a text is anchored."""
        self._places[name] = (x / self.width, y / self.height)

    def __getitem__(self, name: str) -> Place:
        return self._places[name]

    def __contains__(self, name: str) -> bool:
        return name in self._places


class Placeable(Protocol):
    """What :class:`Placement` moves: an Axes (to a rectangle) or a Text (to a point); each
    takes the kind of place its name was given in the layout."""

    def set_position(self, pos: Any, /) -> object: ...


P = TypeVar("P", bound=Placeable)


class Placement:
    """Which axes or text of a window sits at which named place of its :class:`Layout`.

    ``add(name, artist)`` remembers it (and returns it); :meth:`apply` moves every remembered
    axes (``Axes.set_position``) and text (``Text.set_position``) to its place in a new layout.
    """

    def __init__(self) -> None:
        self._artists: list[tuple[str, Placeable]] = []

    def add(self, name: str, artist: P) -> P:
        self._artists.append((name, artist))
        return artist

    def apply(self, layout: Layout) -> None:
        for name, artist in self._artists:
            if name in layout:
                artist.set_position(layout[name])

    def clear(self) -> None:
        self._artists = []


def text_width_pt(fig: Figure | SubFigure, text: str, fontproperties: FontProperties) -> float:
    """Width in points of one line ``text`` drawn with ``fontproperties`` in ``fig``."""
    if not text:
        return 0.0
    get_renderer = getattr(fig.canvas, "get_renderer", None)
    if get_renderer is not None:
        width, _, _ = get_renderer().get_text_width_height_descent(
            text, fontproperties, ismath=False)
        return width * POINTS_PER_INCH / fig.dpi
    width, _, _ = TextToPath().get_text_width_height_descent(text, fontproperties, ismath=False)
    return width * UNHINTED_WIDTH_FACTOR


def fit_fontsize(text: Text, width_pt: float, height_pt: float, largest: float,
                 smallest: float = 6) -> float:
    """Set ``text`` (a matplotlib Text) to the largest font size from ``largest`` down to
    ``smallest`` points at which every line fits ``width_pt`` x ``height_pt`` points.

    For a button's label: pass the button's size less a margin. Returns the size chosen.
    """
    fig = text.figure
    lines = text.get_text().split("\n")
    size = largest
    while size > smallest:
        text.set_fontsize(size)
        prop = text.get_fontproperties()
        if (lines_height(len(lines), size) <= height_pt
                and all(text_width_pt(fig, line, prop) <= width_pt for line in lines)):
            break
        size -= 0.5
    text.set_fontsize(size)
    return size


#: Space (points) a button keeps free around its label, across and up-down.
BUTTON_PADDING = (6, 2)


def fit_button_label(button: Button, largest: float) -> float:
    """Fit a matplotlib Button's label inside the button (:func:`fit_fontsize`)."""
    box = button.ax.get_window_extent()
    to_points = POINTS_PER_INCH / button.ax.figure.dpi
    return fit_fontsize(button.label, box.width * to_points - 2 * BUTTON_PADDING[0],
                        box.height * to_points - 2 * BUTTON_PADDING[1], largest)


def wrap_lines(message: str, width_of: Callable[[str], float], width: float) -> list[str]:
    """``message`` as lines no wider than ``width``, broken at spaces (a word wider than a
    line stays whole on its own line).

    ``width_of(string)`` measures a line in the unit of ``width`` (pixels, points); the
    message's own line breaks are kept.
    """
    lines = []
    for paragraph in message.split("\n"):
        if width_of(paragraph) <= width:
            lines.append(paragraph)
            continue
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and width_of(candidate) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines

"""Text that an animation frame redraws often, drawn on Agg at a fraction of the cost.

matplotlib 3.11 draws each glyph of a text on Agg by itself (a Python loop per glyph after a
layout per line); a blitted frame of a panel of numbers spends most of its time there
(benchmarks/bench_dh_steps.py, bench_gui.py). :class:`FastText` is a :class:`matplotlib.text.Text`
(same layout, alignment, size and colour; tests and layouts read it as any text) whose lines
are rasterised on an Agg canvas with FreeType's whole-line rendering (``FT2Font.set_text``,
``draw_glyphs_to_bitmap``, the way matplotlib drew text before 3.11), kept in a small cache of
bitmaps by string, and pasted with ``draw_image``. Glyphs then sit on whole pixels (hinted),
where matplotlib 3.11 places them to a 64th of a pixel: the same text to a pixel.

Other renderers (PDF, SVG, a backend without ``draw_image``), rotated text and mathtext are
drawn by matplotlib as usual. Use it for monospace numbers and short lines that change while
the arm moves; ordinary labels stay :class:`~matplotlib.text.Text`.
"""

from __future__ import annotations

import functools
import weakref
from typing import Any

import numpy as np
from matplotlib.backends.backend_agg import RendererAgg, get_hinting_flag
from matplotlib.figure import Figure
from matplotlib.font_manager import findfont, get_font
from matplotlib.text import Text

#: Line bitmaps kept (string, font, size, resolution): a panel of numbers holds a few hundred.
CACHE_LINES = 2048

_renderers: weakref.WeakKeyDictionary[RendererAgg, "_LineRenderer"] = \
    weakref.WeakKeyDictionary()


def fast_text(fig: Figure, x: float, y: float, s: str, **kwargs: Any) -> FastText:
    """A :class:`FastText` in ``fig`` at ``(x, y)`` (figure fraction), as ``fig.text`` makes a
    Text; ``kwargs`` are Text properties."""
    text = FastText(x, y, s, transform=kwargs.pop("transform", fig.transFigure), **kwargs)
    fig.add_artist(text)
    return text


class FastText(Text):
    """A Text drawn through :class:`_LineRenderer` on Agg (see the module's docstring)."""

    def draw(self, renderer):
        if isinstance(renderer, RendererAgg):
            renderer = _renderers.setdefault(renderer, _LineRenderer(renderer))
        return super().draw(renderer)


class _LineRenderer:
    """An Agg renderer whose ``draw_text`` pastes cached line bitmaps; everything else is the
    renderer's own (one per renderer, so matplotlib's text-size cache keeps its entries)."""

    def __init__(self, renderer):
        # weakly: _renderers' value must not keep its key (the canvas's renderer) alive
        self.renderer = weakref.proxy(renderer)

    def __getattr__(self, name):
        return getattr(self.renderer, name)

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        """Draw line ``s`` with its origin at ``(x, y)`` (display pixels, y from the top)."""
        if ismath or angle:
            return self.renderer.draw_text(gc, x, y, s, prop, angle, ismath=ismath, mtext=mtext)
        coverage, x_offset, y_offset = _line_bitmap(
            s, findfont(prop), prop.get_size_in_points(), self.renderer.dpi,
            gc.get_antialiased())
        if not coverage.size:
            return None
        red, green, blue, *alpha = gc.get_rgb()
        alpha = gc.get_alpha() if gc.get_forced_alpha() or not alpha else alpha[0]
        image = np.empty(coverage.shape + (4,), dtype=np.uint8)
        image[..., :3] = np.round(np.array([red, green, blue]) * 255).astype(np.uint8)
        image[..., 3] = (coverage * alpha).astype(np.uint8)
        bottom = round(y + y_offset) + 1                # the bitmap's foot, from the top
        self.renderer.draw_image(gc, round(x + x_offset), self.renderer.height - bottom,
                                 image[::-1])
        return None


@functools.lru_cache(maxsize=CACHE_LINES)
def _line_bitmap(s, font_path, size, dpi, antialiased):
    """``(coverage (h, w) uint8, x offset, y offset)`` of line ``s``: where its bitmap's
    corner lies from the text origin, pixels (FreeType's bitmap offset and descent)."""
    font = get_font(font_path)
    font.clear()
    font.set_size(size, dpi)
    font.set_text(s, 0, flags=get_hinting_flag())
    font.draw_glyphs_to_bitmap(antialiased=antialiased)
    x_offset, y_offset = font.get_bitmap_offset()
    descent = font.get_descent() / 64.0
    coverage = np.array(font.get_image(), dtype=np.uint8)
    coverage.setflags(write=False)
    return coverage, x_offset / 64.0, y_offset / 64.0 + descent

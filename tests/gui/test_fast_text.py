"""FastText (robosim/gui/widgets/fast_text.py): drawn on Agg where a Text would be, in its
colour, and the same as any Text to everything that reads it (its string, its layout)."""

import io

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text

from robosim.gui.widgets.fast_text import FastText, fast_text

LINES = "0.866  -0.500\n-45.678 120\nStep 3 of 22 (all joints): rotate theta2"


def rendered(make):
    """The figure's pixels ``(h, w, 4)`` and the text, drawn by ``make(fig)`` on white."""
    fig = Figure(figsize=(4, 2), dpi=100)
    FigureCanvasAgg(fig)
    text = make(fig)
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba()).astype(int), text


def ink_box(pixels):
    """(top, bottom, left, right) of the pixels darker than light grey."""
    rows, cols = np.nonzero(pixels[..., :3].min(axis=2) < 200)
    return rows.min(), rows.max(), cols.min(), cols.max()


@pytest.mark.parametrize("props", [
    dict(family="monospace", ha="right", va="top", fontsize=8),
    dict(ha="left", va="bottom", fontsize=9),
    dict(ha="center", va="center", fontsize=11, color="#c00000"),
], ids=["numbers right-aligned", "sans left", "red centred"])
def test_it_draws_where_and_as_a_text_does(props):
    plain, _ = rendered(lambda fig: fig.text(0.5, 0.5, LINES, **props))
    fast, text = rendered(lambda fig: fast_text(fig, 0.5, 0.5, LINES, **props))
    assert isinstance(text, FastText) and isinstance(text, Text)
    assert text.get_text() == LINES
    np.testing.assert_allclose(ink_box(fast), ink_box(plain), atol=1)    # to a pixel
    ink = fast[..., :3].min(axis=2) < 200
    assert abs(ink.sum() - (plain[..., :3].min(axis=2) < 200).sum()) < 0.15 * ink.sum()
    darkest = fast[..., :3].reshape(-1, 3)[fast[..., :3].sum(axis=2).argmin()]
    colour = np.array([192, 0, 0]) if "color" in props else np.zeros(3)
    np.testing.assert_allclose(darkest, colour, atol=40)     # the text's colour, antialiased


def test_a_changed_string_is_drawn_anew():
    first, text = rendered(lambda fig: fast_text(fig, 0.1, 0.5, "1.000", family="monospace"))
    text.set_text("-12.345")
    text.figure.canvas.draw()
    second = np.asarray(text.figure.canvas.buffer_rgba()).astype(int)
    assert ink_box(second)[3] - ink_box(second)[2] > ink_box(first)[3] - ink_box(first)[2]


def test_other_renderers_draw_it_as_matplotlib_does():
    fig = Figure(figsize=(4, 2))
    fast_text(fig, 0.1, 0.5, "vector output", fontsize=9)
    fast_text(fig, 0.5, 0.5, "turned", rotation=30)
    for fmt in ("svg", "pdf"):
        out = io.BytesIO()
        fig.savefig(out, format=fmt)
        assert len(out.getvalue()) > 1000

"""Settings shared by every pytest-mpl image test, so baselines agree across machines.

Use as::

    from figure_check import IMAGE_COMPARE, strip_text

    @pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
    def test_my_figure():
        fig = make_figure(figsize=FIGSIZE, dpi=DPI)
        strip_text(fig)
        return fig

Fonts move pixels between matplotlib versions, so every Text artist is hidden (titles, tick
labels, widget labels, fig.text) and the numbers are asserted separately.
"""

import math

import matplotlib.text
import numpy as np

FIGSIZE = (8.0, 6.0)
DPI = 80
IMAGE_COMPARE = {"style": "default", "tolerance": 3, "savefig_kwargs": {"dpi": DPI}}


def strip_text(fig):
    """Hide every text artist of ``fig`` and return the figure."""
    for text in fig.findobj(matplotlib.text.Text):
        text.set_visible(False)
    return fig


def box_slices(shape, box):
    """Rows (top down) and columns of a canvas buffer of ``shape`` ``(height, width, ...)``
    that hold display Bbox ``box``, in whole pixels (as a blit takes them)."""
    height, width = shape[:2]
    x0, x1 = max(0, math.floor(box.x0)), min(width, math.ceil(box.x1))
    y0, y1 = max(0, math.floor(box.y0)), min(height, math.ceil(box.y1))
    return slice(height - y1, height - y0), slice(x0, x1)


def assert_shows_a_full_draw(fig, box=None):
    """The canvas shows what a full draw of the figure as it is now shows (a blitted redraw
    left no pixel different), in display Bbox ``box`` (the whole canvas by default)."""
    def pixels():
        buffer = np.asarray(fig.canvas.buffer_rgba())
        return buffer if box is None else buffer[box_slices(buffer.shape, box)]
    shown = pixels().copy()
    fig.canvas.draw()
    np.testing.assert_array_equal(shown, pixels())

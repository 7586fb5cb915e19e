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


def assert_shows_a_full_draw(fig):
    """The canvas shows what a full draw of the figure as it is now shows (a blitted redraw
    left no pixel different)."""
    shown = np.asarray(fig.canvas.buffer_rgba()).copy()
    fig.canvas.draw()
    np.testing.assert_array_equal(shown, np.asarray(fig.canvas.buffer_rgba()))

"""A matplotlib slider that never draws the figure itself.

``matplotlib.widgets.Slider`` asks the canvas for a full draw (``draw_idle``) on every value
it takes, its initial value included. Under a backend without an event loop (Agg: the test
suite, screenshots) ``draw_idle`` draws at once, so a simulator with six sliders drew the
whole figure six times while it was being built, before its one draw at the end (measured:
about 0.15 s each for the Lynx6 screen). A window that owns its sliders draws once per event
(:meth:`robosim.gui.view.View.run`) and once when it is built, so its sliders need not draw.
"""

from matplotlib.widgets import Slider


class QuietSlider(Slider):
    """A :class:`matplotlib.widgets.Slider` that never draws the figure, from its
    construction on (``drawon`` is False before ``__init__`` sets the initial value)."""

    drawon = False

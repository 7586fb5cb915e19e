"""What a window would show of an Agg figure: the canvas's pixels as its full draws and its
blits last put them on the screen.

A blit shows only its box: what was drawn into the canvas outside every box blitted since
stays off the screen (a slider's handle drawn past its axes, an antialiased border drawn twice
in the buffer but blitted once). Tests compare :meth:`ScreenCopy.pixels` after their actions
with the canvas after a full draw of the same state::

    screen = ScreenCopy(fig)
    ...                                   # clicks, typing: blits
    screen.assert_shows_a_full_draw(box)

(:func:`figure_check.assert_shows_a_full_draw` compares the canvas's buffer itself: what was
drawn, blitted or not.)
"""

import numpy as np

from figure_check import box_slices


class ScreenCopy:
    """Follows ``fig.canvas``'s draws and blits (wrapping them) into an array of pixels."""

    def __init__(self, fig):
        self.fig = fig
        canvas = fig.canvas
        self.pixels = None
        draw, blit = canvas.draw, canvas.blit

        def drawn(*args, **kwargs):
            result = draw(*args, **kwargs)
            self.pixels = self._buffer().copy()
            return result

        def blitted(bbox=None):
            blit(bbox)
            buffer = self._buffer()
            if self.pixels is None:
                return
            if bbox is None:
                self.pixels = buffer.copy()
                return
            rows, columns = self._slices(bbox)
            self.pixels[rows, columns] = buffer[rows, columns]

        canvas.draw, canvas.blit = drawn, blitted
        canvas.draw()

    def _buffer(self):
        return np.asarray(self.fig.canvas.buffer_rgba())

    def _slices(self, box):
        """Rows (top down) and columns of the buffer in display Bbox ``box``."""
        return box_slices(self._buffer().shape, box)

    def assert_shows_a_full_draw(self, box):
        """The screen in ``box`` (display Bbox) equals the canvas after a full draw now."""
        rows, columns = self._slices(box)
        shown = self.pixels[rows, columns].copy()
        self.fig.canvas.draw()
        full = self._buffer()[rows, columns]
        differ = np.argwhere((shown != full).any(axis=-1))
        if len(differ):
            (top, left), (bottom, right) = differ.min(axis=0), differ.max(axis=0)
            raise AssertionError(
                f"{len(differ)} pixels differ from a full draw, in rows {top}-{bottom} and "
                f"columns {left}-{right} of the box (rows top down); the first: "
                f"{shown[tuple(differ[0])]} shown, {full[tuple(differ[0])]} drawn")

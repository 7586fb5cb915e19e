"""Time one animation frame of a figure two ways: a full draw, and blitted as robosim's windows
do it (background restored, the moving artists projected and drawn, the box blitted)."""

import time

from bench_fk import best_time
from matplotlib.backends.backend_agg import FigureCanvasAgg


def blitted_and_full(fig, artists, advance, repeats, clock=time.perf_counter):
    """(blitted frame, full frame) in ms, best of ``repeats``, measured with ``clock``.

    ``advance()`` moves ``artists`` to the next frame's data; everything else in ``fig`` stays.
    The artists are drawn in order of zorder, 3D collections projected first, hidden ones left
    out (as :class:`robosim.gui.blit.BlitManager` does).
    """
    canvas = FigureCanvasAgg(fig)

    def full():
        advance()
        canvas.draw()

    full_ms = best_time(full, repeats, clock) * 1e3
    for artist in artists:
        artist.set_animated(True)
    canvas.draw()
    background = canvas.copy_from_bbox(fig.bbox)

    def blitted():
        advance()
        canvas.restore_region(background)
        for artist in sorted((a for a in artists if a.get_visible()),
                             key=lambda a: a.get_zorder()):
            if hasattr(artist, "do_3d_projection"):
                artist.do_3d_projection()
            fig.draw_artist(artist)
        canvas.blit(fig.bbox)

    return best_time(blitted, repeats, clock) * 1e3, full_ms

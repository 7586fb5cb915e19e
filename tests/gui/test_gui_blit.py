"""The blit manager and the status line, on Agg."""

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.transforms import Bbox

from figure_check import DPI, FIGSIZE, assert_shows_a_full_draw
from robosim.gui.blit import STATUS_MIN_FONT, StatusLine, blit_manager


def drawn_figure():
    fig = plt.figure(figsize=FIGSIZE, dpi=DPI)
    ax = fig.add_axes((0.1, 0.3, 0.4, 0.6))
    ax.plot([0, 1], [0, 1])
    return fig, ax


def count_draws(fig):
    draws = []
    fig.canvas.mpl_connect("draw_event", draws.append)
    return draws


def line_widths(status):
    """Pixel width of each line the status line's Text shows."""
    renderer = status.fig.canvas.get_renderer()
    probe = status.fig.text(0, 0, "", fontproperties=status.text.get_fontproperties())
    widths = []
    for line in status.text.get_text().split("\n"):
        probe.set_text(line)
        widths.append(probe.get_window_extent(renderer).width)
    probe.remove()
    return widths


def test_an_animated_layer_is_blitted_in_its_box_without_a_full_draw():
    fig, ax = drawn_figure()
    point, = ax.plot([0.5], [0.5], "o", color="red")
    manager = blit_manager(fig)
    assert blit_manager(fig) is manager                # one per figure
    manager.add_layer("point", ax, [point])
    manager.animate("point")
    fig.canvas.draw()                                  # the full draw keeps the background
    draws = count_draws(fig)
    before = np.asarray(fig.canvas.buffer_rgba()).copy()
    point.set_data([0.1], [0.9])
    manager.update("point")
    after = np.asarray(fig.canvas.buffer_rgba())
    rows, cols = np.nonzero(np.any(after != before, axis=2))
    height = fig.canvas.get_width_height()[1]
    box = ax.bbox
    assert draws == [] and rows.size > 0
    assert cols.min() >= box.x0 - 1 and cols.max() <= box.x1 + 1
    assert height - 1 - rows.max() >= box.y0 - 1 and height - 1 - rows.min() <= box.y1 + 1
    manager.animate("point", False)                    # ordinary again: a full draw shows it
    manager.update("point")
    assert len(draws) == 1 and not point.get_animated()


def figure_with_a_point_layer(ready=False):
    """A drawn figure whose red point is a layer, drawn as an ordinary artist, and an axes
    beside it whose tick labels reach into the point's axes."""
    fig, ax = drawn_figure()
    point, = ax.plot([0.5], [0.5], "o", color="red", markersize=20)
    beside = fig.add_axes((0.6, 0.3, 0.3, 0.6))
    beside.plot([0, 1], [1, 0])
    manager = blit_manager(fig)
    manager.add_layer("point", ax, [point], ready=ready)
    fig.canvas.draw()
    return fig, manager, point


def test_a_started_layer_is_blitted_at_once_over_what_a_full_draw_shows_beneath_it():
    """start() makes the background by redrawing only what lies beneath the layer: the first
    frame needs no full draw, and shows no stale pixels (the layer where it was drawn before,
    a neighbour's tick labels missing)."""
    fig, manager, point = figure_with_a_point_layer()
    draws = count_draws(fig)
    manager.start("point")
    point.set_data([0.1], [0.9])
    manager.update("point")
    assert draws == [] and manager.animated("point")
    assert_shows_a_full_draw(fig)


def test_a_ready_layer_starts_without_drawing_anything(monkeypatch):
    """A ready layer's background is made after a full draw (make_ready, which a timer calls
    in a real window): start() then draws nothing, and the frames are as right."""
    fig, manager, point = figure_with_a_point_layer(ready=True)
    manager.make_ready()
    assert not point.get_animated()                    # an ordinary artist until it starts
    drawn = []
    monkeypatch.setattr(fig, "draw_artist", drawn.append)
    manager.start("point")
    assert drawn == []
    monkeypatch.undo()
    point.set_data([0.1], [0.9])
    manager.update("point")
    assert_shows_a_full_draw(fig)


def test_draws_asked_for_inside_deferred_blocks_become_one():
    fig, _ = drawn_figure()
    manager = blit_manager(fig)
    draws = count_draws(fig)
    with manager.deferred():
        manager.draw_idle()
        with manager.deferred():
            manager.draw_idle()
        assert draws == []
    assert len(draws) == 1


def test_a_long_status_message_wraps_to_a_second_line_within_the_figure():
    fig, _ = drawn_figure()
    status = StatusLine(fig, (0.0, 0.0, 1.0, 0.08))
    words = ["word%02d" % k for k in range(20)]   # about 1.4 widths of 640 px
    status.show(" ".join(words), error=True)
    lines = status.text.get_text().split("\n")
    assert len(lines) == 2 and " ".join(lines).split() == words     # nothing lost
    assert max(line_widths(status)) <= status.ax.bbox.width
    assert status.message == " ".join(words) and status.error
    status.show("short")
    assert status.text.get_text() == "short" and not status.error


def test_a_message_too_long_for_two_lines_shrinks_then_is_cut():
    fig, _ = drawn_figure()
    status = StatusLine(fig, (0.0, 0.0, 1.0, 0.08))
    status.show(" ".join(["x" * 12] * 200))
    lines = status.text.get_text().split("\n")
    assert len(lines) == 2 and lines[-1].endswith(" ...")
    assert status.text.get_fontsize() == STATUS_MIN_FONT
    assert max(line_widths(status)) <= status.ax.bbox.width


def test_a_status_line_one_line_high_never_shows_two():
    fig, _ = drawn_figure()
    status = StatusLine(fig, (0.0, 0.0, 1.0, 0.03))       # 14 px: one line of 9 pt
    status.show(" ".join(["word"] * 60))
    assert "\n" not in status.text.get_text()


def test_a_status_message_is_blitted_once_the_figure_is_drawn():
    fig, _ = drawn_figure()
    status = StatusLine(fig, (0.0, 0.0, 1.0, 0.06))
    fig.canvas.draw()
    draws = count_draws(fig)
    before = np.asarray(fig.canvas.buffer_rgba()).copy()
    status.show("hello")
    after = np.asarray(fig.canvas.buffer_rgba())
    rows, _ = np.nonzero(np.any(after != before, axis=2))
    height = fig.canvas.get_width_height()[1]
    assert draws == [] and rows.size > 0
    assert height - 1 - rows.min() <= status.ax.bbox.y1 + 1


def test_opaque_redraws_inside_one_blit_are_blitted_once_together(monkeypatch):
    fig, ax = drawn_figure()
    other = fig.add_axes((0.6, 0.3, 0.3, 0.3))
    manager = blit_manager(fig)
    fig.canvas.draw()
    blits = []
    monkeypatch.setattr(fig.canvas, "blit", blits.append)
    with manager.one_blit():
        manager.draw_over([ax.patch], ax.bbox)
        with manager.one_blit():                       # nested: the outer block blits
            manager.draw_over([other.patch], other.bbox)
        assert blits == []
    assert len(blits) == 1
    np.testing.assert_allclose(blits[0].bounds, Bbox.union([ax.bbox, other.bbox]).bounds)
    manager.draw_over([ax.patch], ax.bbox)             # outside: blitted at once
    assert len(blits) == 2


def test_a_closing_figure_asks_for_no_more_draws(monkeypatch):
    """Tk sends close_event while it destroys the canvas: a draw asked for then stays pending
    on a canvas that is gone, and Tk prints 'invalid command name "...idle_draw"'."""
    from matplotlib.backend_bases import CloseEvent

    fig = plt.figure(figsize=FIGSIZE, dpi=DPI)
    manager = blit_manager(fig)
    fig.canvas.draw()
    asked = []
    monkeypatch.setattr(fig.canvas, "draw_idle", lambda: asked.append("draw"))
    manager.draw_idle()
    assert asked == ["draw"]
    fig.canvas.callbacks.process("close_event", CloseEvent("close_event", fig.canvas))
    manager.draw_idle()
    with manager.deferred():
        manager.draw_idle()
    manager.draw_over([fig.patch], fig.bbox)
    assert asked == ["draw"]
    plt.close(fig)

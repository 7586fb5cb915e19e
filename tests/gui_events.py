"""Synthetic mouse and keyboard events for GUI tests on Agg (shared by the GUI tests).

They go through ``canvas.callbacks.process`` exactly as a backend delivers them, so the widgets'
real handlers run. Positions are display pixels, or data / axes coordinates of an axes::

    click(fig, 0.5, 0.5, ax=grid.ax, coords="axes")
    type_keys(fig, "1.5", "enter")
"""

from matplotlib.backend_bases import KeyEvent, MouseEvent


def to_pixels(x, y, ax=None, coords="data"):
    """Display pixels of the point ``(x, y)`` given in ``coords`` of ``ax`` ("data", "axes"),
    or in display pixels when ``ax`` is None."""
    if ax is None:
        return x, y
    transform = {"data": ax.transData, "axes": ax.transAxes}[coords]
    return tuple(transform.transform((x, y)))


def mouse(fig, name, x, y, *, ax=None, coords="data", button=1, dblclick=False, key=None):
    """Send one mouse event called ``name`` ("button_press_event", "motion_notify_event",
    "button_release_event", "scroll_event") at ``(x, y)``; returns the event."""
    px, py = to_pixels(x, y, ax, coords)
    event = MouseEvent(name, fig.canvas, px, py, button=button, dblclick=dblclick, key=key)
    fig.canvas.callbacks.process(name, event)
    return event


def click(fig, x, y, *, ax=None, coords="data", button=1, dblclick=False):
    """Press and release the mouse button at ``(x, y)``."""
    mouse(fig, "button_press_event", x, y, ax=ax, coords=coords, button=button,
          dblclick=dblclick)
    mouse(fig, "button_release_event", x, y, ax=ax, coords=coords, button=button)


def drag(fig, start, end, *, ax=None, coords="data", steps=5, button=1):
    """Press at ``start``, move in ``steps`` straight steps, release at ``end``."""
    (x0, y0), (x1, y1) = start, end
    mouse(fig, "button_press_event", x0, y0, ax=ax, coords=coords, button=button)
    for i in range(1, steps + 1):
        f = i / steps
        mouse(fig, "motion_notify_event", x0 + f * (x1 - x0), y0 + f * (y1 - y0),
              ax=ax, coords=coords, button=button)
    mouse(fig, "button_release_event", x1, y1, ax=ax, coords=coords, button=button)


def key(fig, name):
    """Press and release one key, named as matplotlib names it ("a", "enter", "shift+tab")."""
    for event_name in ("key_press_event", "key_release_event"):
        fig.canvas.callbacks.process(event_name, KeyEvent(event_name, fig.canvas, name, 0, 0))


def type_keys(fig, *keys):
    """Type each argument: a key name of more than one letter ("enter", "backspace") is one
    key; other strings are typed character by character."""
    specials = {"enter", "tab", "shift+tab", "escape", "backspace", "delete", "left", "right",
                "home", "end", "up", "down"}
    for item in keys:
        if item in specials or "+" in item and len(item) > 1:
            key(fig, item)
        else:
            for char in item:
                key(fig, char)


def click_axes(ax, x=0.5, y=0.5, dblclick=False):
    """Click a point of ``ax`` in axes coordinates (the centre by default): e.g. a Button's."""
    click(ax.figure, x, y, ax=ax, coords="axes", dblclick=dblclick)


def click_grid_button(grid, index):
    """Click the centre of button ``index`` of a
    :class:`robosim.gui.widgets.button_grid.ButtonGrid`."""
    x, y = grid.extent(index).get_points().mean(axis=0)
    click(grid.fig, x, y)


def click_cell(grid, row, col, dx=0.0, dblclick=False):
    """Click a cell of a :class:`robosim.gui.widgets.cells.CellGrid` (``dx`` pixels right of
    centre)."""
    x, y = grid.cell_bbox(row, col).get_points().mean(axis=0)
    click(grid.fig, x + dx, y, dblclick=dblclick)


def type_in_cell(grid, row, col, *keys):
    """Double-click a CellGrid cell (selecting its text, so typing replaces it), then type."""
    click_cell(grid, row, col)
    click_cell(grid, row, col, dblclick=True)
    type_keys(grid.fig, *keys)

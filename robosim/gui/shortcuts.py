"""matplotlib's keyboard shortcuts in robosim's windows.

A matplotlib figure obeys single keys: ``q`` (and ``ctrl+w``) closes the window, ``k``/``l``
switch an axes to a log scale, ``s`` saves the figure, ``o``/``p`` zoom and pan... A student
who types while no cell is focused must not lose the window, nor turn the 3D arm's axes
logarithmic, so every robosim window (the application and its tool windows) runs
:func:`robosim_key_handler`: matplotlib's own handler without :data:`REFUSED_KEYMAPS`.
The window's close button still closes it; the navigation, save and full-screen shortcuts
stay. The keys are read from rcParams at each press: nothing global is changed.

A screen made for typing (the DH-table editor) switches every shortcut off while it is shown
with :class:`KeyboardShortcutsOff`.

Both work on the figure manager's default key handler (``manager.key_press_handler_id``);
figures without a manager, or with the toolmanager (``rcParams["toolbar"] = "toolmanager"``,
whose tools handle the keys), are left as they are.
"""

import weakref

import matplotlib as mpl
from matplotlib.backend_bases import key_press_handler

#: The rcParams keymaps robosim's windows never obey: closing windows, and log scales.
REFUSED_KEYMAPS = ("keymap.quit", "keymap.quit_all", "keymap.xscale", "keymap.yscale")

# Manager -> the key handler robosim installed in it (what KeyboardShortcutsOff gives back).
_installed_handlers = weakref.WeakKeyDictionary()


def robosim_key_handler(event):
    """matplotlib's ``key_press_handler`` for ``event``, except for the keys bound to
    :data:`REFUSED_KEYMAPS` (read at each press)."""
    if any(event.key in mpl.rcParams[keymap] for keymap in REFUSED_KEYMAPS):
        return
    key_press_handler(event)


def use_robosim_shortcuts(fig):
    """Make :func:`robosim_key_handler` the key handler of ``fig``'s window.

    Returns True when it was installed, False for a figure without a manager or with the
    toolmanager.
    """
    manager = getattr(fig.canvas, "manager", None)
    if manager is None or manager.key_press_handler_id is None:
        return False
    fig.canvas.mpl_disconnect(manager.key_press_handler_id)
    manager.key_press_handler_id = fig.canvas.mpl_connect("key_press_event",
                                                          robosim_key_handler)
    _installed_handlers[manager] = robosim_key_handler
    return True


class KeyboardShortcutsOff:
    """Switch matplotlib's keyboard shortcuts off in ``fig`` until :meth:`disconnect_events`.

    On a screen made for typing, a key pressed while no cell is focused must not save the
    figure (``s``), close the window (``q``), toggle zoom (``o``), ...: this disconnects the
    figure manager's key handler, and :meth:`disconnect_events` (called by
    ``Screen.teardown`` through ``Screen.keep``) connects the handler the window had again
    (:func:`robosim_key_handler` where :func:`use_robosim_shortcuts` installed it, else
    matplotlib's own).
    """

    def __init__(self, fig):
        self.fig = fig
        manager = getattr(fig.canvas, "manager", None)
        self._manager = manager
        self._switched_off = manager is not None and manager.key_press_handler_id is not None
        if self._switched_off:
            fig.canvas.mpl_disconnect(manager.key_press_handler_id)
            manager.key_press_handler_id = None

    def disconnect_events(self):
        """Give the figure its keyboard shortcuts back (once)."""
        if self._switched_off and self._manager.key_press_handler_id is None:
            handler = _installed_handlers.get(self._manager, key_press_handler)
            self._manager.key_press_handler_id = self.fig.canvas.mpl_connect(
                "key_press_event", handler)
        self._switched_off = False

"""matplotlib's keyboard shortcuts in robosim's windows, switched per figure.

A matplotlib figure obeys single keys: ``q`` (and ``ctrl+w``) closes the window, ``k``/``l``
switch an axes to a log scale, ``s`` saves the figure, ``o``/``p`` zoom and pan... A student
who types while no cell is focused must not lose the window, nor turn the 3D arm's axes
logarithmic, so every robosim window (the application and its tool windows) refuses
:data:`REFUSED_KEYMAPS` (:func:`use_robosim_shortcuts`). The window's close button still
closes it; the navigation, save and full-screen shortcuts stay.

While someone types (a focused cell, a screen made for typing such as the DH-table editor)
every shortcut of *that* figure is off (:meth:`FigureKeys.switch_off`); nothing global changes.

How, with public API only: a pyplot figure's manager connects matplotlib's default key handler
and keeps its id in ``manager.key_press_handler_id``. :func:`figure_keys` replaces it, once per
figure, by :meth:`FigureKeys.handle`, which calls matplotlib's ``key_press_handler`` unless the
key is refused or the shortcuts are off, and puts the new id in the same attribute. The keys
are read from rcParams at each press. Figures without a manager, or with the toolmanager
(``rcParams["toolbar"] = "toolmanager"``, whose tools handle the keys and have their own
``keypresslock``), are left as they are.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

import matplotlib as mpl
from matplotlib.backend_bases import key_press_handler

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

#: The rcParams keymaps robosim's windows never obey: closing windows, and log scales.
REFUSED_KEYMAPS: tuple[RcKeyType, ...] = ("keymap.quit", "keymap.quit_all", "keymap.xscale",
                                          "keymap.yscale")

_figure_keys: weakref.WeakKeyDictionary[object, "FigureKeys"] = weakref.WeakKeyDictionary()


class FigureKeys:
    """The key handler of one figure's window: matplotlib's, minus :attr:`refused` keymaps,
    and silent while anyone has switched the shortcuts off. Made by :func:`figure_keys`."""

    def __init__(self, fig):
        self.refused: tuple[RcKeyType, ...] = ()
        self._holders: weakref.WeakSet[object] = weakref.WeakSet()
        canvas, manager = fig.canvas, fig.canvas.manager
        canvas.mpl_disconnect(manager.key_press_handler_id)
        manager.key_press_handler_id = canvas.mpl_connect("key_press_event", self.handle)

    @property
    def off(self):
        """True while some holder keeps the shortcuts off."""
        return len(self._holders) > 0

    def handle(self, event):
        """matplotlib's ``key_press_handler``, unless the shortcuts are off or the key refused."""
        if self.off or any(event.key in mpl.rcParams[keymap] for keymap in self.refused):
            return
        key_press_handler(event)

    def switch_off(self, holder):
        """No shortcut works in this figure until ``holder`` calls :meth:`switch_on`."""
        self._holders.add(holder)

    def switch_on(self, holder):
        """``holder`` no longer needs the shortcuts off (the others may still)."""
        self._holders.discard(holder)


def figure_keys(fig):
    """The :class:`FigureKeys` of ``fig`` (installed at the first call), or None for a figure
    without a manager or with the toolmanager."""
    keys = _figure_keys.get(fig)
    if keys is None:
        manager = getattr(fig.canvas, "manager", None)
        if manager is None or manager.key_press_handler_id is None:
            return None
        keys = _figure_keys[fig] = FigureKeys(fig)
    return keys


def use_robosim_shortcuts(fig):
    """Make ``fig``'s window refuse :data:`REFUSED_KEYMAPS`.

    Returns True when it was installed, False for a figure without a manager or with the
    toolmanager.
    """
    keys = figure_keys(fig)
    if keys is None:
        return False
    keys.refused = REFUSED_KEYMAPS
    return True


class KeyboardShortcutsOff:
    """Switch matplotlib's keyboard shortcuts off in ``fig`` until :meth:`disconnect_events`.

    On a screen made for typing, a key pressed while no cell is focused must not save the
    figure (``s``), close the window (``q``), toggle zoom (``o``), ...; ``Screen.teardown``
    (through ``View.keep``) calls :meth:`disconnect_events` and the shortcuts come back.
    """

    def __init__(self, fig):
        self._keys = figure_keys(fig)
        if self._keys is not None:
            self._keys.switch_off(self)

    def disconnect_events(self):
        """Give the figure its keyboard shortcuts back."""
        if self._keys is not None:
            self._keys.switch_on(self)

"""The keys that undo and redo in robosim's windows, one set for every screen.

ctrl+z undoes, ctrl+y and ctrl+shift+z redo; on macOS, where matplotlib names the Command key
"cmd", cmd+z, cmd+y and cmd+shift+z do the same. The DH-table editor undoes and redoes its edits
with them, the simulator undoes a gripper drag (it has no redo). :func:`undo_action` reads a key
event the way each backend reports these keys.
"""

#: Key names of undo and redo as matplotlib's backends report them (Qt gives "ctrl+Z" for
#: ctrl+shift+z; macOS's Command key is "cmd").
UNDO_KEYS = frozenset({"ctrl+z", "cmd+z"})
REDO_KEYS = frozenset({"ctrl+y", "cmd+y", "ctrl+shift+z", "ctrl+Z", "ctrl+shift+Z",
                       "cmd+shift+z", "cmd+Z"})


def undo_action(event):
    """"undo", "redo" or None for a matplotlib key event.

    Tk reports ctrl+shift+z as "ctrl+z" (its character is a control character, so matplotlib
    drops the shift); the Tk event's own key symbol, an upper-case "Z", tells them apart.
    """
    if event.key in REDO_KEYS:
        return "redo"
    if event.key in UNDO_KEYS:
        keysym = getattr(event.guiEvent, "keysym", None)
        return "redo" if keysym == "Z" else "undo"
    return None

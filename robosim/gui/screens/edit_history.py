"""Undo and redo for the DH-table editor: snapshots of its draft, newest last.

No matplotlib here: the editor screen records a snapshot of its draft
(:mod:`robosim.gui.screens.dh_draft`) after every committed edit (a cell, a joint type, the joint
count, the unit, a reset) and, on ctrl+z / ctrl+y, shows the snapshot :class:`EditHistory`
hands back. Snapshots are deep copies, so nothing the screen changes later alters the past.

Only the last ``limit`` edits can be undone (a bounded deque; a draft of 12 joints is about
1 kB, so the default 100 edits keep about 100 kB). Recording an edit after an undo drops the
edits that could have been redone, as in every editor.

Worked example (one cell changed twice, then undone twice and redone once)::

    history = EditHistory({"a": "0"})
    history.record({"a": "5"})
    history.record({"a": "7"})
    history.undo()      # -> {"a": "5"}
    history.undo()      # -> {"a": "0"}
    history.undo()      # -> None: nothing older
    history.redo()      # -> {"a": "5"}
"""

import copy
from collections import deque

#: How many committed edits the editor can undo.
UNDO_LIMIT = 100


class EditHistory:
    """The drafts an editor went through, and where it is among them.

    Parameters
    ----------
    draft : dict
        The draft shown now (the state before the first edit).
    limit : int
        Number of edits that can be undone (at least 1); older ones are forgotten.

    Attributes
    ----------
    limit : int
    """

    def __init__(self, draft, limit=UNDO_LIMIT):
        if limit < 1:
            raise ValueError(f"an edit history keeps at least 1 edit, got limit={limit}")
        self.limit = int(limit)
        self._past: deque[dict] = deque(maxlen=self.limit)  # snapshots before now, oldest first
        self._future: list[dict] = []                       # snapshots undone, next redo last
        self._present = copy.deepcopy(draft)

    @property
    def can_undo(self):
        """True when there is an edit to undo."""
        return bool(self._past)

    @property
    def can_redo(self):
        """True when there is an undone edit to redo."""
        return bool(self._future)

    @property
    def undo_count(self):
        """How many edits :meth:`undo` can take back now (at most :attr:`limit`)."""
        return len(self._past)

    def record(self, draft):
        """The draft after a committed edit; returns False (nothing kept) if it equals the
        present one. Edits undone before are no longer redoable."""
        if draft == self._present:
            return False
        self._past.append(self._present)
        self._present = copy.deepcopy(draft)
        self._future.clear()
        return True

    def undo(self):
        """The draft before the last edit (a copy to show), or None when there is none."""
        return self._step(self._past, self._future)

    def redo(self):
        """The draft of the last undone edit (a copy to show), or None when there is none."""
        return self._step(self._future, self._past)

    def _step(self, source, target):
        """Make the newest draft of ``source`` the present one, the present going to
        ``target``; a copy of it, or None when ``source`` is empty."""
        if not source:
            return None
        target.append(self._present)
        self._present = source.pop()
        return copy.deepcopy(self._present)


def describe_change(before, after, columns):
    """A few words saying what differs from draft ``before`` to draft ``after``, for the
    status line: ``"joint 3, a ('5' -> '7')"``, ``"the joint count (3 -> 4)"``, ``"the length
    unit"``, ``"2 cells and the name"``...

    Parameters
    ----------
    before, after : dict
        Drafts (:mod:`robosim.gui.screens.dh_draft`).
    columns : sequence of str
        The names of the row cells (``dh_draft.COLUMNS``).
    """
    if len(before["rows"]) != len(after["rows"]):
        return f"the joint count ({len(before['rows'])} -> {len(after['rows'])})"
    cells = [(row, col) for row, (old, new) in enumerate(zip(before["rows"], after["rows"],
                                                             strict=True))
             for col, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
    settings = [label for key, label in (("name", "the name"), ("unit", "the length unit"),
                                         ("convention", "the convention"))
                if before.get(key) != after.get(key)]
    if before["extras"].get("meshes") != after["extras"].get("meshes"):
        settings.append("a link's mesh")
    settings += [f"the {name} transform" for name in ("base", "tool")
                 if before["extras"].get(name) != after["extras"].get(name)]
    if len(cells) == 1 and not settings:
        row, col = cells[0]
        return (f"joint {row + 1}, {columns[col]} ({before['rows'][row][col]!r} -> "
                f"{after['rows'][row][col]!r})")
    if not cells and len(settings) == 1:
        return settings[0]
    parts = ([f"{len(cells)} {'cell' if len(cells) == 1 else 'cells'}"] if cells else [])
    parts += settings
    return " and ".join(parts) or "nothing"

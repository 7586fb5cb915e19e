"""Per-user storage of what the student typed, so it survives a crash or a restart.

The user's robosim folder is ``$ROBOSIM_HOME``, or ``~/.robosim`` (:func:`user_dir`). Here:
``draft.json``, the DH-table editor's cells exactly as typed (strings, valid or not), rewritten
atomically on every committed edit, so nothing typed is ever lost. The list of the user's
recent robots is :mod:`robosim.gui.user_files.my_robots`.
"""

import errno
import json
import os
from pathlib import Path

from ...files import atomic_write_text


def user_dir():
    """The folder of the user's robosim files (created on first use).

    Raises
    ------
    OSError
        It cannot be made; when a file has its name (``ROBOSIM_HOME`` pointing at a file) the
        message says so. The GUI then starts without autosaves.
    """
    folder = Path(os.environ.get("ROBOSIM_HOME") or Path.home() / ".robosim")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotADirectoryError(errno.ENOTDIR, f"{folder} (ROBOSIM_HOME, or ~/.robosim) is a "
                                                f"file, not a folder") from None
    return folder


def save_draft(draft):
    """Store the editor's draft (a JSON-serialisable dict of the cells as typed), atomically."""
    atomic_write_text(user_dir() / "draft.json", json.dumps(draft, indent=1) + "\n")


def load_draft():
    """The stored draft dict, or None if there is none or it cannot be read."""
    try:
        draft = json.loads((user_dir() / "draft.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return draft if isinstance(draft, dict) else None

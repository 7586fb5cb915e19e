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

from ...errors import RobosimError
from ...files import atomic_write_text, read_user_json, remove_stale_temporaries, set_aside

DRAFT = "draft.json"


def user_dir():
    """The folder of the user's robosim files (created on first use); temporary files of
    robosim writers that were killed are removed from it.

    Raises
    ------
    OSError
        It cannot be made; when a file has its name (``ROBOSIM_HOME`` pointing at a file), or
        it is a symbolic link to nothing (dangling, or a loop), the message says so. The GUI
        then starts without autosaves.
    """
    folder = Path(os.environ.get("ROBOSIM_HOME") or Path.home() / ".robosim")
    if folder.is_symlink() and not folder.exists():
        raise NotADirectoryError(errno.ENOTDIR, f"{folder} (ROBOSIM_HOME, or ~/.robosim) is a "
                                                f"symbolic link to nothing (dangling, or a "
                                                f"loop), not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotADirectoryError(errno.ENOTDIR, f"{folder} (ROBOSIM_HOME, or ~/.robosim) is a "
                                                f"file, not a folder") from None
    remove_stale_temporaries(folder)
    return folder


def read_user_folder_json(path, what, check):
    """``(data, problem)`` of a JSON file in the user's folder: ``(None, None)`` when there is
    none. When it cannot be read (not JSON, nested too deep, too large, a FIFO or a device in
    its place, unreadable) or ``check(data)`` raises a ValueError saying what is wrong with it,
    it is set aside as ``NAME.damaged`` (:func:`robosim.files.set_aside`) and ``problem`` is
    the one status line saying so. Never raises: the user's folder never stops the
    application."""
    if not os.path.lexists(path):
        return None, None
    try:
        data = read_user_json(path, RobosimError, what, max_bytes=MAX_USER_FILE_BYTES)
        check(data)
        return data, None
    except (RobosimError, OSError, ValueError) as exc:
        reason = str(exc).removeprefix(f"{path}: ")
    try:
        aside = f"it was set aside as {set_aside(path).name}"
    except OSError as exc:
        aside = f"it could not be set aside ({exc.strerror or exc})"
    return None, f"{path} could not be read ({reason}); {aside}"


#: The largest file of the user's folder read: My robots holds up to 8 robot files (1 MiB each).
MAX_USER_FILE_BYTES = 9 << 20


def save_draft(draft):
    """Store the editor's draft (a JSON-serialisable dict of the cells as typed), atomically."""
    atomic_write_text(user_dir() / DRAFT, json.dumps(draft, indent=1) + "\n")


def read_draft(valid=None):
    """``(draft, problem)``: the stored draft dict (None if there is none or it cannot be
    read) and, when a damaged draft was set aside, the status line that says so. ``valid``
    (a function of the dict, falsy for a draft the editor cannot restore) makes such a draft
    damaged too."""
    try:
        path = user_dir() / DRAFT
    except OSError:
        return None, None               # no user folder: the editor says so when it saves

    def check(data):
        if not isinstance(data, dict) or (valid is not None and not valid(data)):
            raise ValueError("not a draft the editor can restore")

    draft, problem = read_user_folder_json(path, "draft", check)
    return draft, problem and f"Your last table could not be restored: {problem}."


def load_draft():
    """The stored draft dict, or None if there is none or it cannot be read (a damaged one is
    set aside: :func:`read_draft`)."""
    return read_draft()[0]

"""Per-user storage of what the student typed, so it survives a crash or a restart.

Two files in the user's robosim folder (``$ROBOSIM_HOME``, or ``~/.robosim``):

- ``draft.json``: the DH-table editor's cells exactly as typed (strings, valid or not),
  rewritten atomically on every committed edit, so nothing typed is ever lost;
- ``last_robot.json``: the last table the user continued with (a valid robot file), offered on
  the welcome screen.
"""

import errno
import json
import os
from pathlib import Path

from ..errors import RobosimError
from ..library import atomic_write_text, load_robot, save_robot


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


def save_last_robot(robot):
    """Remember ``robot`` as the last one the user entered."""
    save_robot(robot, user_dir() / "last_robot.json")


def load_last_robot():
    """The last robot the user entered, or None (missing or no longer valid)."""
    try:
        path = user_dir() / "last_robot.json"
    except OSError:
        return None
    if not path.is_file():
        return None
    try:
        return load_robot(path)
    except RobosimError:
        return None

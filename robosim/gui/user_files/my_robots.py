""""My robots": the last robots a user entered, loaded or saved, kept in the user's folder.

No matplotlib here: the welcome screen lists :attr:`MyRobots.entries` (newest first) and opens
or removes one; the editor (Continue, Save) and the welcome screen (a file loaded) call
:meth:`MyRobots.remember`. At most :data:`MAX_ROBOTS` are kept.

The list is one JSON file, ``my_robots.json`` in :func:`robosim.gui.user_files.autosave.user_dir`,
rewritten atomically (:func:`robosim.files.atomic_write_text`) on every change; each entry
holds a copy of the robot (a robot-file dict, so a robot typed in the editor and never saved
is kept too) and the file it came from, if any::

    {"format": "robosim-my-robots/1",
     "robots": [{"robot": {...robot file...}, "path": "/home/ana/arm.json"}, ...]}

A file that cannot be read (corrupt, nested too deep, not this format, unreadable, a FIFO or a
device in its place) never stops the welcome screen: it is set aside as
``my_robots.json.damaged`` (nothing in it is lost), the list starts empty and
:attr:`MyRobots.problem` says why in one status line. Entries that are no longer valid robots
are left out, and the status line says how many.

Two entries are the same robot when everything the list shows of them is the same (name,
number of joints, unit) and they come from the same file (or both from none): remembering it
again moves it to the top instead of adding a second line that looks the same. A robot saved
to a file takes the place of the same robot entered and not saved. Entries that still look
the same (two files of one name) are told apart by their file's name (:meth:`MyRobots.labels`).

Example::

    robots = MyRobots.load()
    robots.remember(load_robot("arm.json"), "arm.json")
    robots.entries[0].label      # 'My arm: 3 joints, cm'
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import RobosimError
from ...files import atomic_write_text
from ...robot_files import load_robot, robot_from_dict, robot_to_dict
from .autosave import read_user_folder_json, user_dir

if TYPE_CHECKING:
    from ...kinematics import Robot

FORMAT = "robosim-my-robots/1"
FILE_NAME = "my_robots.json"
#: How many robots the list keeps.
MAX_ROBOTS = 8
#: The file of robosim versions that remembered one robot only; read when there is no list yet.
OLD_LAST_ROBOT = "last_robot.json"


@dataclass(frozen=True)
class Entry:
    """One robot of the list.

    Attributes
    ----------
    robot : robosim.Robot
    path : str or None
        The absolute path of the file it was loaded from or saved to; None for a robot only
        entered in the editor.
    """

    robot: Robot
    path: str | None = None

    @property
    def label(self):
        """What the list shows: ``"name: n joints, unit"``."""
        robot = self.robot
        return f"{robot.name}: {robot.n} {'joint' if robot.n == 1 else 'joints'}, {robot.unit}"

    @property
    def key(self):
        """Entries with the same key are the same line of the list."""
        return (self.robot.name, self.robot.n, self.robot.unit, self.path)

    def to_dict(self):
        return {"robot": robot_to_dict(self.robot), "path": self.path}


class MyRobots:
    """The user's recent robots, newest first; :meth:`load` reads them.

    Parameters
    ----------
    entries : list of Entry
    file : pathlib.Path or None
        Where the list is saved (None: nowhere, the user folder cannot be made).
    problem : str or None
        Why the stored list, or some of its entries, could not be read.
    """

    def __init__(self, entries=(), file=None, problem=None):
        self.entries = list(entries)[:MAX_ROBOTS]
        self.file = file
        self.problem = problem

    @classmethod
    def load(cls, folder=None):
        """The list stored in ``folder`` (default: the user folder); never raises."""
        try:
            folder = Path(folder) if folder is not None else user_dir()
        except OSError as exc:
            return cls(problem=f"My robots cannot be kept: {exc}")
        file = folder / FILE_NAME
        if not os.path.lexists(file):
            return cls(_old_last_robot(folder), file)
        data, problem = read_user_folder_json(file, "My robots file", _check_format)
        if data is None:
            return cls([], file, f"My robots: {problem}; the list starts empty.")
        entries, dropped = [], 0
        for item in data["robots"][:MAX_ROBOTS]:
            try:
                path = item.get("path")
                entries.append(Entry(robot_from_dict(item["robot"], source=str(file)),
                                     str(path) if path else None))
            except (RobosimError, TypeError, AttributeError, KeyError):
                dropped += 1
        problem = (f"My robots: {dropped} of the robots in {file} could not be read and "
                   f"are left out." if dropped else None)
        return cls(entries, file, problem)

    def remember(self, robot, path=None):
        """Put ``robot`` (from file ``path``, if any) at the top, drop the oldest beyond
        :data:`MAX_ROBOTS`, and save the list.

        Raises
        ------
        OSError
            The list cannot be written (the entries are changed all the same).
        """
        entry = Entry(robot, str(Path(path).expanduser().absolute()) if path else None)
        unsaved = {"robot": robot_to_dict(robot), "path": None}
        self.entries = [entry] + [e for e in self.entries
                                  if e.key != entry.key and e.to_dict() != unsaved]
        del self.entries[MAX_ROBOTS:]
        self.save()
        return entry

    def labels(self):
        """What the list shows of each entry: its :attr:`Entry.label`, with the file's name
        (or "not saved") after it where two entries' labels are the same."""
        labels = [entry.label for entry in self.entries]
        return [f"{label} ({Path(entry.path).name if entry.path else 'not saved'})"
                if labels.count(label) > 1 else label
                for label, entry in zip(labels, self.entries, strict=True)]

    def remove(self, index):
        """Forget entry ``index`` (0 is the newest) and save the list (OSError if it cannot)."""
        del self.entries[index]
        self.save()

    def save(self):
        """Write the list, atomically (a corrupt file is replaced)."""
        if self.file is None:
            raise OSError(self.problem or "no user folder to keep My robots in")
        data = {"format": FORMAT, "robots": [entry.to_dict() for entry in self.entries]}
        atomic_write_text(self.file, json.dumps(data, indent=1) + "\n")
        self.problem = None


def _check_format(data):
    """Raise a ValueError unless ``data`` has the shape of a My robots file."""
    if not (isinstance(data, dict) and data.get("format") == FORMAT
            and isinstance(data.get("robots"), list)):
        raise ValueError(f"not a {FORMAT} file")


def _old_last_robot(folder):
    """The one robot an older robosim remembered (``last_robot.json``), as a first entry."""
    old = folder / OLD_LAST_ROBOT
    try:
        return [Entry(load_robot(old))] if old.is_file() else []
    except (RobosimError, OSError):     # OSError: a folder we may not read (issue 25)
        return []

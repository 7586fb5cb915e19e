"""The DH-table editor's draft: the cells exactly as typed, and what robot (or error) they make.

No matplotlib here: the editor screen draws a draft, this module says whether it is a valid
robot and which cells are wrong. The checking is the robot-file validation of
:func:`robosim.robot_files.robot_from_dict` (one validator for files and for the editor): the draft
becomes a robot-file dict whose numbers are parsed from the cells (a cell that is not a number
is passed as its text, so the library names it), and each error the library reports is pinned
to the cells it names.

A draft is a JSON-serialisable dict (it is autosaved as typed)::

    {"format": "robosim-draft/1", "name": "My robot", "unit": "cm", "convention": "standard",
     "rows": [["revolute", "0", "15", "43", "0", "0", "-180", "180"], ...],   # COLUMNS
     "joint_names": ["waist", ...], "extras": {...}, "save_as": "/home/ana/my_robot.json"}

Row cells follow :data:`COLUMNS`; angles in degrees, lengths in the draft's unit. As in a robot
file, the variable column holds the joint's home value (``theta`` of a revolute joint, ``d`` of
a prismatic one); ``offset``, ``min`` and ``max`` are degrees (revolute) or lengths (prismatic).
Empty ``min`` and ``max`` mean the library's default limits. ``extras`` carries the parts of a
robot file the table does not show (base, tool, named poses, manufacturer, source, notes).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...errors import RobosimError
from ...robot_files import MAX_ANGLE_DEG, MAX_LENGTH, robot_from_dict, robot_to_dict, load_stl
from ...kinematics import CONVENTIONS, LENGTH_UNITS, MAX_JOINTS

if TYPE_CHECKING:
    from ...kinematics import Robot

#: A draft: the JSON-serialisable dict above.
Draft = dict[str, Any]

FORMAT = "robosim-draft/1"
COLUMNS = ("type", "theta", "d", "a", "alpha", "offset", "min", "max")
KINDS = ("revolute", "prismatic")
DEFAULT_ROW = ("revolute", "0", "0", "0", "0", "0", "-180", "180")
_EXTRA_FIELDS = ("manufacturer", "source", "notes", "base", "tool", "poses", "dynamics",
                 "meshes")
_COL = {name: index for index, name in enumerate(COLUMNS)}
#: Values put in place of a wrong cell while looking for more errors in the same table.
_STAND_IN = {"theta": 0.0, "d": 0.0, "a": 0.0, "alpha": 0.0, "offset": 0.0}


@dataclass
class DraftCheck:
    """The verdict on a draft.

    Attributes
    ----------
    robot : robosim.Robot or None
        The robot the draft describes, None while anything is wrong.
    errors : dict
        ``{(row, col): message}`` of the wrong cells (``col`` indexes :data:`COLUMNS`).
    message : str or None
        The first problem, for the status line (also for problems of the whole robot, which
        belong to no cell); None when the draft is valid.
    """

    robot: Robot | None = None
    errors: dict[tuple[int, int], str] = field(default_factory=dict)
    message: str | None = None


def number_text(value):
    """A number as short text that reads back exactly: 90.0 -> "90", 0.4318 -> "0.4318"."""
    value = float(value)
    if value == 0:
        return "0"
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def file_name(name):
    """The file name "Save as" proposes for a robot called ``name``: "Puma 560" ->
    "puma_560.json"."""
    slug = re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_").lower() or "my_robot"
    return f"{slug}.json"


def default_save_path(name, folder="."):
    """Where "Save as" proposes to write a robot called ``name``: :func:`file_name` in
    ``folder``, as an absolute path."""
    return str(Path(folder).expanduser().absolute() / file_name(name))


def renamed_save_path(save_as, old_name, new_name):
    """The "save as" path after the robot's name changed from ``old_name``: the proposed file
    name follows the new name (same folder) unless the user chose another file name."""
    path = Path(save_as)
    return str(path.with_name(file_name(new_name))) if path.name == file_name(old_name) \
        else save_as


def new_draft(n_joints, name="My robot", unit="cm", folder="."):
    """A draft of ``n_joints`` revolute joints with zero lengths and +-180 degree limits, to be
    saved in ``folder``."""
    return {"format": FORMAT, "name": name, "unit": unit, "convention": "standard",
            "rows": [list(DEFAULT_ROW) for _ in range(n_joints)],
            "joint_names": [""] * n_joints, "extras": {},
            "save_as": default_save_path(name, folder)}


def draft_from_robot(robot, folder="."):
    """The draft showing ``robot``'s table (the inverse of :func:`check_draft`), to be saved
    in ``folder``."""
    data = robot_to_dict(robot)
    rows = []
    for joint in data["joints"]:
        kind = "revolute" if joint["type"] == "R" else "prismatic"
        rows.append([kind] + [number_text(joint[name]) for name in COLUMNS[1:6]]
                    + [number_text(v) for v in joint["limits"]])
    return {"format": FORMAT, "name": data["name"], "unit": data["unit"],
            "convention": data["convention"], "rows": rows,
            "joint_names": [joint["name"] for joint in data["joints"]],
            "extras": {k: data[k] for k in _EXTRA_FIELDS if k in data},
            "save_as": default_save_path(data["name"], folder)}


def resize_draft(draft, n_joints):
    """A copy of ``draft`` with ``n_joints`` rows: rows kept from the top, default rows added.

    Named poses and the dynamics list one entry per joint, so they are dropped when the count
    changes; the links' meshes are kept from the top, new rows without one.
    """
    n_joints = int(n_joints)
    rows = [list(row) for row in draft["rows"][:n_joints]]
    rows += [list(DEFAULT_ROW) for _ in range(n_joints - len(rows))]
    names = (list(draft["joint_names"]) + [""] * n_joints)[:n_joints]
    extras = dict(draft["extras"])
    if n_joints != len(draft["rows"]):
        extras.pop("poses", None)
        extras.pop("dynamics", None)
        if "meshes" in extras:
            links = list(extras["meshes"].get("links", []))
            extras["meshes"] = dict(extras["meshes"],
                                    links=(links + [None] * n_joints)[:n_joints])
    return dict(draft, rows=rows, joint_names=names, extras=extras)


def row_meshes(draft):
    """The STL file each row's link is drawn from ("" for none): relative to the working
    folder when it is inside it (as a teacher types it), else absolute."""
    links = draft["extras"].get("meshes", {}).get("links") or [None] * len(draft["rows"])
    return [_shown_path((entry or {}).get("file", "")) for entry in links]


def _shown_path(file):
    try:
        return Path(file).relative_to(Path.cwd()).as_posix() if file else ""
    except ValueError:                     # outside the working folder, or relative already
        return file


def attach_mesh(draft, row, text):
    """Draw row ``row``'s link from the STL file ``text`` ("" detaches it), in place.

    The file is read first (:func:`robosim.robot_files.load_stl`), so a missing or broken one is
    refused at once: the error message is returned and the draft is left as it was; None when
    done. The path is kept absolute (a saved robot file names it relative to itself); the
    entry's other fields (colour, placement, scale) stay.
    """
    meshes = dict(draft["extras"].get("meshes", {}))
    links = list(meshes.get("links") or [None] * len(draft["rows"]))
    if text.strip():
        path = Path(text.strip()).expanduser().absolute()
        try:
            load_stl(path)
        except RobosimError as exc:
            return f"mesh of joint {row + 1}: {exc}"
        links[row] = dict(links[row] or {}, file=str(path))
    else:
        links[row] = None
    meshes["links"] = links
    if any(links) or set(meshes) - {"links"}:
        draft["extras"]["meshes"] = meshes
    else:
        draft["extras"].pop("meshes", None)
    return None


#: The transforms around the DH chain the editor shows under the table, as robot files name
#: them: where the arm stands (world to frame 0) and what the tool adds past the last frame.
MOUNTINGS = ("base", "tool")


def mounting_values(draft, name):
    """x, y, z (the draft's unit) and roll, pitch, yaw (degrees) of the draft's ``name``
    transform (:data:`MOUNTINGS`): a list of 6 floats, zeros where the file gives none.

    >>> mounting_values({"extras": {"tool": {"xyz": [0, 0, 0.103]}}}, "tool")
    [0.0, 0.0, 0.103, 0.0, 0.0, 0.0]
    """
    mount = draft["extras"].get(name, {})
    return [float(v) for v in (*mount.get("xyz", (0, 0, 0)), *mount.get("rpy", (0, 0, 0)))]


def set_mounting_value(draft, name, index, value):
    """Set entry ``index`` (0-5: x, y, z, roll, pitch, yaw) of the draft's ``name`` transform
    to ``value``; a transform that becomes all zeros leaves the draft (the file writes none).

    >>> draft = {"extras": {}}
    >>> set_mounting_value(draft, "base", 5, 90.0); draft["extras"]
    {'base': {'xyz': [0.0, 0.0, 0.0], 'rpy': [0.0, 0.0, 90.0]}}
    >>> set_mounting_value(draft, "base", 5, 0.0); draft["extras"]
    {}
    """
    values = mounting_values(draft, name)
    values[index] = float(value)
    if any(values):
        draft["extras"][name] = {"xyz": values[:3], "rpy": values[3:]}
    else:
        draft["extras"].pop(name, None)


def parse_joint_count(text):
    """The number of joints typed in ``text`` (1 to 12); raises RobosimError naming the text."""
    try:
        count = int(text.strip())
    except ValueError:
        count = None
    if count is None or not 1 <= count <= MAX_JOINTS:
        raise RobosimError(f"the number of joints must be a whole number from 1 to "
                           f"{MAX_JOINTS}, got {text!r}")
    return count


def valid_draft(data):
    """``data`` (e.g. read back from the autosave) if it has a draft's shape, else None.

    Only the shape is checked (strings where the cells are); the values may be anything a
    student typed, valid or not.
    """
    try:
        rows = data["rows"]
        shape_ok = (data.get("format") == FORMAT and 1 <= len(rows) <= MAX_JOINTS
                    and all(len(row) == len(COLUMNS) and all(isinstance(c, str) for c in row)
                            for row in rows)
                    and data["unit"] in LENGTH_UNITS and data["convention"] in CONVENTIONS
                    and isinstance(data["name"], str) and isinstance(data["save_as"], str)
                    and len(data["joint_names"]) == len(rows)
                    and isinstance(data["extras"], dict))
    except (KeyError, TypeError, AttributeError):
        return None
    return data if shape_ok else None


def _cell_value(text):
    """A cell's number, or its text when it is not one (the library then says so)."""
    try:
        return float(text)
    except ValueError:
        return text


def _robot_dict(draft, rows):
    """The robot-file dict of ``draft`` with its table replaced by ``rows`` (cell values)."""
    joints = []
    for cells, name in zip(rows, draft["joint_names"], strict=True):
        joint = {"type": cells[0]}
        joint.update({column: cells[_COL[column]] for column in COLUMNS[1:6]})
        if cells[_COL["min"]] != "" or cells[_COL["max"]] != "":
            joint["limits"] = [cells[_COL["min"]], cells[_COL["max"]]]
        if name:
            joint["name"] = name
        joints.append(joint)
    data = {"name": draft["name"], "unit": draft["unit"], "convention": draft["convention"],
            "joints": joints}
    data.update(draft["extras"])
    return data


def _blamed_cells(message, rows):
    """The (row, col) cells a library message about the table blames, and their stand-ins."""
    match = re.match(r"joint (\d+): (.*)", message)
    if not match:
        return {}
    row = int(match.group(1)) - 1
    detail = match.group(2)
    cells = rows[row]
    home = re.match(r"home value (theta|d) ", detail)
    if home:
        lower = cells[_COL["min"]]
        return {(row, _COL[home.group(1)]): lower if isinstance(lower, float) else 0.0}
    field_name = re.match(r"field '(\w+)'", detail)
    name = field_name.group(1) if field_name else "type"
    if name == "limits":
        prismatic = str(cells[0]).strip().lower() in ("p", "prismatic")
        widest = MAX_LENGTH if prismatic else MAX_ANGLE_DEG      # the library's bounds
        stand_ins = {(row, _COL["min"]): -widest, (row, _COL["max"]): widest}
        if "reversed" in detail:
            return stand_ins
        return {cell: value for cell, value in stand_ins.items()
                if not (isinstance(cells[cell[1]], float) and math.isfinite(cells[cell[1]]))}
    if name == "type":
        return {(row, _COL["type"]): "revolute"}
    return {(row, _COL[name]): _STAND_IN[name]} if name in _COL else {}


def check_draft(draft):
    """Whether ``draft`` is a valid robot, and which cells are wrong: a :class:`DraftCheck`.

    The library stops at the first error, so each wrong cell is replaced by a harmless value
    and the table checked again, until every wrong cell is found.
    """
    rows = [[row[0]] + [_cell_value(text) for text in row[1:]] for row in draft["rows"]]
    errors: dict[tuple[int, int], str] = {}
    first = None
    for _ in range(len(rows) * len(COLUMNS) + 1):
        try:
            robot = robot_from_dict(_robot_dict(draft, rows))
        except RobosimError as exc:
            message = str(exc)
            first = first or message
            blamed = {cell: value for cell, value in _blamed_cells(message, rows).items()
                      if cell not in errors}
            if not blamed:
                return DraftCheck(None, errors, first)
            for (row, col), value in blamed.items():
                errors[row, col] = message
                rows[row][col] = value
            continue
        if errors:
            return DraftCheck(None, errors, first)
        return DraftCheck(robot, {}, None)
    return DraftCheck(None, errors, first)

"""Robot files: load, validate and save them, and find the ready-made robots in ``robots/``.

The JSON robot file (``format: robosim-robot/1``) is meant to be read and edited by hand::

    {
      "format": "robosim-robot/1",
      "name": "Planar 2R",
      "manufacturer": "textbook",
      "source": "where the numbers come from",
      "convention": "standard",            # or "modified" (Craig)
      "unit": "cm",                        # length unit: "mm", "cm" or "m"
      "joints": [
        {"name": "shoulder", "type": "R", "theta": 0, "d": 0, "a": 10, "alpha": 0,
         "offset": 0, "limits": [-180, 180]},
        ...
      ],
      "base": {"xyz": [0, 0, 0], "rpy": [0, 0, 0]},   # optional
      "tool": {"xyz": [0, 0, 0], "rpy": [0, 0, 0]},   # optional
      "poses": {"ready": [0, 90]},                    # optional, besides home
      "dynamics": {                                   # optional: see below
        "gravity": [0, 0, -9.81],
        "links": [{"mass": 2.5, "com": [-5, 0, 0], "inertia": [0.001, 0.02, 0.02, 0, 0, 0]},
                  ...]
      },
      "meshes": {                                     # optional: see below
        "base": {"file": "meshes/base.stl"},
        "links": [{"file": "meshes/link1.stl", "xyz": [0, 0, 0], "rpy": [0, 0, 0],
                   "scale": 1, "colour": "#3366cc"}, null, ...],
        "gripper": {"file": "meshes/gripper.stl"}
      },
      "notes": "free text"                            # optional
    }

Angles (theta, alpha, offset, revolute limits and pose values, rpy) are in degrees; lengths in
the file's unit. As in a DH table written by hand, the joint's variable column holds its home
value: ``theta`` for a revolute joint, ``d`` for a prismatic one (Lodes' convention). The other
column is a constant. ``offset`` is added to the variable (``theta = q + offset``). ``limits``
may be left out: revolute joints then get [-180, 180] degrees, prismatic joints [0, 2 x home]
(or [0, the robot's size] when home is 0).

The optional ``dynamics`` section gives what :mod:`robosim.dynamics` needs, one entry of
``links`` per joint (link i is the body that joint i moves, fixed to DH frame i), in SI units
except the centre of mass:

- ``mass``: kg.
- ``com``: centre of mass in the link's DH frame, in the file's length unit (like the table).
- ``inertia``: about the centre of mass, link-frame axes, kg m^2, as
  ``[Ixx, Iyy, Izz, Ixy, Iyz, Ixz]`` (Corke's order); positive semi-definite.
- ``motor_inertia`` (kg m^2 at the motor), ``gear_ratio`` (motor turns per joint turn),
  ``viscous`` (N m s/rad at the motor) and ``coulomb`` ([for positive speed, for negative
  speed], N m at the motor, Corke's ``Tc``): optional, default 0, 1, 0 and [0, 0].
- ``gravity``: the gravitational acceleration in the world frame, m/s^2, default
  ``[0, 0, -9.81]``.

Each is bounded like every other field (:data:`robosim.dynamics.MAX_MASS_KG` and its
neighbours: a million kg, kg m^2, N m; gravity 1,000 m/s^2), so the torques stay finite.

Torques come out in N m and forces in N whatever the length unit: lengths are converted to
metres before use (see :mod:`robosim.dynamics`).

The optional ``meshes`` section names STL files that draw the arm as its parts
(:mod:`robosim.robot_files.meshes`, the "mesh" style): ``base`` is fixed to frame 0, ``links`` lists
one entry per joint (link i fixed to DH frame i, ``null`` for a link without a mesh) and ``gripper``
is fixed to the end effector. Each names its ``file`` (relative to the robot file's folder) and
may give ``xyz`` (the robot's unit) and ``rpy`` (degrees) placing the mesh in its frame, a
``scale`` (robot units per mesh unit: 1000 for a mesh in metres on an arm in mm) and a
``colour`` ``"#rrggbb"``. The files themselves are read when the arm is drawn; one that is
missing or unreadable makes the drawing fall back to the links style and say why.

A plain CSV DH table, as typed in a spreadsheet, is read too: one row per joint with
``type,theta,d,a,alpha[,min,max]`` (an optional header row; types R/P or revolute/prismatic).
Comment lines before the table may set ``# name: ...``, ``# unit: cm`` and
``# convention: modified``; without them the unit is mm and the convention standard.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
from pathlib import Path
from typing import Any

import numpy as np

from .. import checks
from ..dh_steps import offset_term, shown_amount
from ..dynamics import Dynamics, LinkDynamics
from ..errors import RobotFileError, ValidationError, ValidationTypeError, brief
from ..files import (MAX_ROBOT_FILE_BYTES, names_a_file, read_user_json, read_user_text,
                     write_readable_text)
from ..kinematics import (CONVENTIONS, LENGTH_UNITS, MAX_JOINTS, MAX_NAME_CHARACTERS, PRISMATIC,
                          REVOLUTE, Joint, Robot)
from ..parsing import parse_number
from .library_folder import library_dir

FORMAT = "robosim-robot/1"
#: The kinds of robot file :func:`load_robot` reads.
ROBOT_FILE_SUFFIXES = (".json", ".csv", ".urdf")
#: Files in robots/ ending so hold servo calibrations of real arms, not robots.
CALIBRATION_SUFFIX = ".calibration.json"
_TYPES = {"r": REVOLUTE, "revolute": REVOLUTE, "p": PRISMATIC, "prismatic": PRISMATIC}
_JOINT_FIELDS = ("name", "type", "theta", "d", "a", "alpha", "offset", "limits")
_TOP_FIELDS = ("format", "name", "manufacturer", "source", "convention", "unit", "joints",
               "base", "tool", "poses", "dynamics", "meshes", "notes")
_DYNAMICS_FIELDS = ("gravity", "links")
_LINK_FIELDS = ("mass", "com", "inertia", "motor_inertia", "gear_ratio", "viscous", "coulomb")
_MESHES_FIELDS = ("base", "links", "gripper")
_MESH_FIELDS = ("file", "xyz", "rpy", "scale", "colour")
#: A mesh's scale (robot length units per mesh unit): 1e-6 to 1e6 covers every pair of units.
MAX_MESH_SCALE = 1e6
#: Bounds of the numbers in a robot file, so that every product the kinematics forms stays
#: finite (``a = 1e308`` loaded and made ``fk`` print ``x=inf``, issue 14). Lengths (a, d,
#: prismatic offsets, limits and pose values, base and tool xyz) in the file's unit: a million
#: is 1 km in mm. Angles in degrees: ten turns either way. Any other number field: 1e12.
MAX_LENGTH = 1e6
MAX_ANGLE_DEG = 3600.0
MAX_NUMBER = 1e12


def _library_files():
    """The robot files of the library (calibration files of real arms sit beside them)."""
    return sorted(p for p in library_dir().glob("*.json")
                  if not p.name.endswith(CALIBRATION_SUFFIX))


def _key(name):
    """Names compare without case, spaces, dashes or underscores: 'puma-560' finds 'Puma 560'."""
    return re.sub(r"[\s_\-]+", "", name).lower()


def same_name(a: str, b: str) -> bool:
    """True when two robot names are one as :func:`load_robot` looks them up (without case,
    spaces, dashes or underscores): "lynx-6" and "Lynx6".

    Examples
    --------
    >>> same_name("lynx-6", "Lynx6"), same_name("puma_560", "Puma 560"), same_name("UR5", "UR3")
    (True, True, False)
    """
    return _key(a) == _key(b)


def _name_order(robot):
    """Sort key: alphabetical without case, numbers by value ('UR3' before 'UR10')."""
    return [int(part) if part.isdigit() else part.lower()
            for part in re.split(r"(\d+)", robot.name)]


def library_robots() -> list[Robot]:
    """The ready-made robots, loaded, in alphabetical order of their names.

    Examples
    --------
    Every file of :func:`library_dir` but the calibration files is a robot; the Lynx6 has five
    joints:

    >>> robots = library_robots()
    >>> [robot.n for robot in robots if robot.name == "Lynx6"]
    [5]
    >>> len(robots) == len([p for p in library_dir().glob("*.json")
    ...                     if not p.name.endswith(CALIBRATION_SUFFIX)])
    True
    """
    return sorted((_load_file(path) for path in _library_files()), key=_name_order)


def list_robots() -> list[str]:
    """Names of the ready-made robots, in alphabetical order (as on the welcome screen).

    Examples
    --------
    Numbers sort by value, so the UR3 comes before the UR5 and the UR10:

    >>> names = list_robots()
    >>> [name for name in names if name.startswith("UR")]
    ['UR3', 'UR5', 'UR10', 'UR20']
    """
    return [robot.name for robot in library_robots()]


def load_robot(name_or_path: str | os.PathLike[str] | Robot) -> Robot:
    """Load a robot by library name (``"Puma 560"``, ``"lynx6"``) or from a .json, .csv or
    .urdf path (a URDF's chain as a standard DH table: :func:`robosim.robot_files.load_urdf`).

    Raises
    ------
    RobotFileError
        The file is missing, unreadable or invalid; the message names the file, the joint row,
        the field and the value that was wrong.

    Examples
    --------
    Case, spaces and dashes do not matter; the Puma 560 has six revolute joints:

    >>> puma = load_robot("puma-560")
    >>> puma.name, puma.joint_types, puma.unit
    ('Puma 560', 'RRRRRR', 'm')
    >>> load_robot("Puma 561")
    Traceback (most recent call last):
    ...
    robosim.errors.RobotFileError: no robot called 'Puma 561' in the library and no such file (run
        'robosim list' to see the names)
    """
    if isinstance(name_or_path, Robot):
        return name_or_path
    text = str(name_or_path)
    if len(text) > MAX_NAME_LENGTH:
        raise RobotFileError(f"a robot name or path has at most {MAX_NAME_LENGTH:,} characters, "
                             f"got {len(text):,}")
    path = Path(text).expanduser()
    if path.suffix.lower() in ROBOT_FILE_SUFFIXES or names_a_file(path):
        return _load_file(path)
    wanted = _key(text)
    for candidate in _library_files():
        if _key(candidate.stem) == wanted:
            return _load_file(candidate)
    for candidate in _library_files():
        robot = _load_file(candidate)
        if _key(robot.name) == wanted:
            return robot
    raise RobotFileError(f"no robot called {brief(text)} in the library and no such file "
                         f"(run 'robosim list' to see the names)")


#: The longest robot name or path ``load_robot`` looks up (Linux's PATH_MAX); a longer one is
#: refused before it reaches the file system ("File name too long", issue 14).
MAX_NAME_LENGTH = 4096


def _load_file(path):
    if path.suffix.lower() == ".urdf":
        from .urdf_import import load_urdf  # urdf_import builds robots with this module

        return load_urdf(path)
    if path.suffix.lower() == ".csv":
        return robot_from_csv(read_user_text(path, RobotFileError), source=str(path))
    return robot_from_dict(read_user_json(path, RobotFileError), source=str(path))


# ---------------------------------------------------------------------------------- reading
class _Where:
    """Builds error messages that say where in the file a problem is."""

    def __init__(self, source):
        self.source = source

    def error(self, where, message):
        prefix = f"{self.source}: " if self.source else ""
        return RobotFileError(f"{prefix}{where}: {message}")


def _number(value, where, field, place, bound=MAX_NUMBER):
    """``value`` as a float if it is a finite number with ``|value| <= bound``
    (:func:`robosim.checks.field_number`), else the file's error naming ``where``."""
    try:
        return checks.field_number(value, field, bound)
    except ValidationError as exc:
        raise place.error(where, str(exc)) from None


def _triple(value, where, field, place, bound) -> tuple[float, float, float]:
    """Three numbers as :func:`_number` takes one (:func:`robosim.checks.field_numbers`)."""
    try:
        x, y, z = checks.field_numbers(value, field, 3, bound)
    except ValidationError as exc:
        raise place.error(where, str(exc)) from None
    return x, y, z


def check_object_fields(row: object, where: str, fields: list[str] | tuple[str, ...],
                        place: Any) -> dict[str, Any]:
    """Refuse ``row`` unless it is a JSON object whose fields are all among ``fields``.

    ``place.error(where, message)`` makes the exception raised (it names the file); robot files
    and calibration files share this check. Returns ``row``, now known to be a dict.

    Examples
    --------
    ``place`` is anything with an ``error(where, message)`` method that makes the exception:

    >>> class Place:
    ...     def error(self, where, message):
    ...         return ValueError(f"arm.json: {where}: {message}")
    >>> check_object_fields({"a": 1.0}, "joint 1", ("a", "d"), Place())
    {'a': 1.0}
    >>> check_object_fields({"b": 1.0}, "joint 1", ("a", "d"), Place())
    Traceback (most recent call last):
    ...
    ValueError: arm.json: joint 1: unknown field 'b' (known: a, d)
    """
    if not isinstance(row, dict):
        raise place.error(where, f"must be an object with fields {', '.join(fields)}, "
                                 f"got {brief(row)}")
    unknown = sorted(set(row) - set(fields))
    if unknown:
        raise place.error(where, f"unknown field '{unknown[0]}' (known: {', '.join(fields)})")
    return row


def _joint_from_dict(row, index, unit_scale_hint, place):
    """One joint row of the JSON file (degrees) as a Joint (radians)."""
    where = f"joint {index}"
    check_object_fields(row, where, _JOINT_FIELDS, place)
    if "type" not in row:
        raise place.error(where, "missing field 'type' (R or P)")
    kind = _TYPES.get(str(row["type"]).strip().lower())
    if kind is None:
        raise place.error(where, f"field 'type' must be R (revolute) or P (prismatic), "
                                 f"got {brief(row['type'])}")
    revolute = kind == REVOLUTE
    variable_bound = MAX_ANGLE_DEG if revolute else MAX_LENGTH
    values = {}
    for field, bound in (("theta", MAX_ANGLE_DEG), ("d", MAX_LENGTH), ("a", MAX_LENGTH),
                         ("alpha", MAX_ANGLE_DEG)):
        if field not in row:
            raise place.error(where, f"missing field '{field}'")
        values[field] = _number(row[field], where, field, place, bound)
    offset = _number(row.get("offset", 0.0), where, "offset", place, variable_bound)
    name = row.get("name", f"q{index}")
    if not isinstance(name, str) or len(name) > MAX_NAME_CHARACTERS:
        raise place.error(where, f"field 'name' must be text of at most {MAX_NAME_CHARACTERS} "
                                 f"characters, got {brief(name)}")
    home = values["theta"] if revolute else values["d"]
    limits = row.get("limits")
    if limits is None:
        limits = _default_limits(revolute, home, unit_scale_hint)
    elif not isinstance(limits, list) or len(limits) != 2:
        raise place.error(where, f"field 'limits' must be [min, max], got {brief(limits)}")
    lower, upper = (_number(v, where, "limits", place, variable_bound) for v in limits)
    if lower > upper:
        raise place.error(where, f"field 'limits' is reversed: min {lower:g} > max {upper:g}")
    if not lower <= home <= upper:
        column = "theta" if revolute else "d"
        raise place.error(where, f"home value {column} = {home:g} is outside the limits "
                                 f"[{lower:g}, {upper:g}]")
    to_api = math.radians if revolute else float
    try:
        return Joint(kind=kind, a=values["a"], alpha=math.radians(values["alpha"]),
                     d=0.0 if not revolute else values["d"],
                     theta=0.0 if revolute else math.radians(values["theta"]),
                     offset=to_api(offset), limits=(to_api(lower), to_api(upper)),
                     home=to_api(home), name=name)
    except ValidationError as exc:
        raise place.error(where, str(exc)) from None


def _default_limits(revolute, home, size):
    if revolute:
        return [-180.0, 180.0]
    return [min(0.0, home), max(2.0 * home, size) if home >= 0 else 0.0]


def robot_from_dict(data: object, source: str = "") -> Robot:
    """Build a Robot from the parsed JSON robot format (see the module docstring).

    Examples
    --------
    A planar arm with unit links, its elbow at 90 degrees at home (``theta`` is the home value
    of a revolute joint, in degrees): the tip is at ``(cos 0 + cos 90, sin 0 + sin 90) =
    (1, 1)``, and the limits default to +-180 degrees.

    >>> link = {"type": "R", "d": 0, "a": 1, "alpha": 0}
    >>> arm = robot_from_dict({"name": "2R", "unit": "m",
    ...                        "joints": [{**link, "theta": 0}, {**link, "theta": 90}]})
    >>> (arm.fk(arm.home)[:3, 3].round(6) + 0.0).tolist(), np.degrees(arm.limits[0]).tolist()
    ([1.0, 1.0, 0.0], [-180.0, 180.0])
    """
    place = _Where(source)
    if not isinstance(data, dict):
        raise place.error("top level", "must be a JSON object")
    # The format first: another robosim file (a taught sequence, a scene) is named as such,
    # not refused for its first field a robot file does not have.
    kind = data.get("format", FORMAT)
    if isinstance(kind, str) and kind != FORMAT and kind.startswith("robosim-"):
        raise place.error("field 'format'", f"this is a {kind} file, not a robot file "
                                            f"({FORMAT})")
    if kind != FORMAT:
        raise place.error("field 'format'", f"expected {FORMAT!r}, got {brief(kind)}")
    unknown = sorted(set(data) - set(_TOP_FIELDS))
    if unknown:
        raise place.error("top level", f"unknown field '{unknown[0]}' (known: "
                                       f"{', '.join(_TOP_FIELDS)})")
    for field in ("name", "joints"):
        if field not in data:
            raise place.error("top level", f"missing field '{field}'")
    for field in ("name", "manufacturer", "source", "convention", "unit", "notes"):
        if field in data and not isinstance(data[field], str):
            raise place.error(f"field '{field}'", f"must be text, got {brief(data[field])}")
    if len(data["name"]) > MAX_NAME_CHARACTERS:
        raise place.error("field 'name'", f"at most {MAX_NAME_CHARACTERS} characters, got "
                                          f"{len(data['name']):,}")
    convention = data.get("convention", "standard")
    if convention not in CONVENTIONS:
        raise place.error("robot", f"convention must be one of {CONVENTIONS}, "
                                   f"got {brief(convention)}")
    unit = data.get("unit", "mm")
    if unit not in LENGTH_UNITS:
        raise place.error("field 'unit'", f"must be one of {', '.join(LENGTH_UNITS)}, "
                                          f"got {brief(unit)}")
    rows = data["joints"]
    if not isinstance(rows, list) or not rows:
        raise place.error("field 'joints'", "the DH table is empty: give at least one joint")
    if len(rows) > MAX_JOINTS:
        raise place.error("field 'joints'", f"at most {MAX_JOINTS} joints, got {len(rows)}")
    size = sum(abs(r.get("a", 0)) + abs(r.get("d", 0)) for r in rows
               if isinstance(r, dict) and all(isinstance(r.get(k, 0), (int, float))
                                               for k in ("a", "d"))) or 1.0
    joints = [_joint_from_dict(row, i + 1, size, place) for i, row in enumerate(rows)]
    mounts = {}
    for field in ("base", "tool"):
        mount = data.get(field, {})
        if not isinstance(mount, dict) or set(mount) - {"xyz", "rpy"}:
            raise place.error(f"field '{field}'", f"must be {{\"xyz\": [x, y, z], \"rpy\": "
                                                  f"[roll, pitch, yaw]}}, got {brief(mount)}")
        mounts[field + "_xyz"] = _triple(mount.get("xyz", [0, 0, 0]), field, "xyz", place,
                                         MAX_LENGTH)
        roll, pitch, yaw = _triple(mount.get("rpy", [0, 0, 0]), field, "rpy", place,
                                   MAX_ANGLE_DEG)
        mounts[field + "_rpy"] = (math.radians(roll), math.radians(pitch), math.radians(yaw))
    poses = data.get("poses", {})
    if not isinstance(poses, dict):
        raise place.error("field 'poses'", f"must map names to joint values, got {brief(poses)}")
    revolute = [j.is_revolute for j in joints]
    api_poses = {}
    for pose_name, values in poses.items():
        where = f"pose {brief(pose_name)}"
        if len(pose_name) > MAX_NAME_CHARACTERS:
            raise place.error(where, f"a pose name has at most {MAX_NAME_CHARACTERS} "
                                     f"characters, got {len(pose_name):,}")
        if not isinstance(values, list) or len(values) != len(joints):
            raise place.error(where, f"must list {len(joints)} joint values, "
                                     f"got {brief(values)}")
        numbers = [_number(v, where, "value", place, bound=math.inf) for v in values]
        for k, (value, joint) in enumerate(zip(numbers, joints, strict=True)):
            user_limits = [math.degrees(v) if joint.is_revolute else v for v in joint.limits]
            if not user_limits[0] - 1e-9 <= value <= user_limits[1] + 1e-9:
                raise place.error(where, f"joint {k + 1} = {value:g} is outside its limits "
                                         f"[{user_limits[0]:g}, {user_limits[1]:g}]")
        api_poses[pose_name] = [math.radians(v) if r else v for v, r in zip(numbers, revolute,
                                                                            strict=True)]
    dynamics = _dynamics_from_dict(data["dynamics"], len(joints), place) \
        if "dynamics" in data else None
    meshes = _meshes_from_dict(data["meshes"], len(joints), source, place) \
        if "meshes" in data else None
    try:
        return Robot(tuple(joints), name=data["name"], convention=convention,
                     unit=unit, poses=api_poses, manufacturer=data.get("manufacturer", ""),
                     source=data.get("source", ""), notes=data.get("notes", ""),
                     dynamics=dynamics, meshes=meshes, **mounts)
    except ValidationError as exc:
        raise place.error("robot", str(exc)) from None


def _dynamics_from_dict(section, n_joints, place):
    """The ``dynamics`` section of a robot file as a :class:`~robosim.dynamics.Dynamics`."""
    check_object_fields(section, "field 'dynamics'", _DYNAMICS_FIELDS, place)
    rows = section.get("links")
    if not isinstance(rows, list) or len(rows) != n_joints:
        raise place.error("field 'dynamics'", f"'links' must list one entry per joint "
                                              f"({n_joints}), got {brief(rows)}")
    links = []
    for index, row in enumerate(rows, start=1):
        where = f"dynamics of joint {index}"
        check_object_fields(row, where, _LINK_FIELDS, place)
        if "mass" not in row:
            raise place.error(where, "missing field 'mass' (kg)")
        try:
            links.append(LinkDynamics(**row))
        except ValidationError as exc:
            raise place.error(where, str(exc)) from None
    try:
        return Dynamics(tuple(links), **({"gravity": section["gravity"]} if "gravity" in section
                                  else {}))
    except ValidationError as exc:
        raise place.error("field 'dynamics'", str(exc)) from None


def _meshes_from_dict(section, n_joints, source, place):
    """The ``meshes`` section of a robot file as a :class:`~robosim.robot_files.RobotMeshes`; file
    names are relative to the folder of ``source`` (the working folder without one)."""
    from .meshes import RobotMeshes  # robosim.robot_files.meshes reads files through this module

    check_object_fields(section, "field 'meshes'", _MESHES_FIELDS, place)
    folder = Path(source).resolve().parent if source else Path.cwd()
    links = section.get("links", [None] * n_joints)
    if not isinstance(links, list) or len(links) != n_joints:
        raise place.error("field 'meshes'", f"'links' must list one entry per joint "
                                            f"({n_joints}; null for none), got {brief(links)}")
    parts = {name: _mesh_from_dict(section[name], f"mesh of the {name}", folder, place)
             for name in ("base", "gripper") if name in section}
    return RobotMeshes(links=tuple(None if row is None else
                                   _mesh_from_dict(row, f"mesh of link {i}", folder, place)
                                   for i, row in enumerate(links, start=1)), **parts)


def _mesh_from_dict(row, where, folder, place):
    """One mesh entry (``file``, ``xyz``, ``rpy`` in degrees, ``scale``, ``colour``)."""
    from .meshes import MeshSpec

    check_object_fields(row, where, _MESH_FIELDS, place)
    file = row.get("file")
    if not isinstance(file, str) or not file.strip() or "\0" in file \
            or len(file) > MAX_NAME_LENGTH:
        raise place.error(where, f"field 'file' must name an STL file (a path relative to "
                                 f"the robot file), got {brief(file)}")
    scale = _number(row.get("scale", 1.0), where, "scale", place, MAX_MESH_SCALE)
    if scale < 1.0 / MAX_MESH_SCALE:
        raise place.error(where, f"field 'scale' must be positive (robot length units per "
                                 f"mesh unit, e.g. 1000 for a mesh in metres on an arm in mm), "
                                 f"got {scale:g}")
    colour = row.get("colour")
    if colour is not None and not (isinstance(colour, str)
                                   and re.fullmatch(r"#[0-9a-fA-F]{6}", colour)):
        raise place.error(where, f"field 'colour' must be \"#rrggbb\", got {brief(colour)}")
    roll, pitch, yaw = _triple(row.get("rpy", [0, 0, 0]), where, "rpy", place, MAX_ANGLE_DEG)
    return MeshSpec(file=file, folder=folder,
                    xyz=_triple(row.get("xyz", [0, 0, 0]), where, "xyz", place, MAX_LENGTH),
                    rpy=(math.radians(roll), math.radians(pitch), math.radians(yaw)),
                    scale=scale, colour=colour)


def robot_from_csv(text: str, source: str = "", name: str | None = None) -> Robot:
    r"""Build a Robot from a CSV DH table ``type,theta,d,a,alpha[,min,max]`` (degrees).

    Examples
    --------
    The planar arm of :func:`robot_from_dict` as a table, its settings in comments:

    >>> arm = robot_from_csv("# name: 2R\n# unit: m\ntype,theta,d,a,alpha\nR,0,0,1,0\nR,90,0,1,0\n")
    >>> arm.name, arm.unit, (arm.fk(arm.home)[:3, 3].round(6) + 0.0).tolist()
    ('2R', 'm', [1.0, 1.0, 0.0])
    """
    place = _Where(source)
    settings = {"name": name or (Path(source).stem if source else "robot"), "unit": "mm",
                "convention": "standard"}
    table_lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("#"):
            match = re.match(r"#\s*(name|unit|convention)\s*:\s*(.+)$", stripped, re.I)
            if match:
                settings[match.group(1).lower()] = match.group(2).strip()
        elif stripped:
            table_lines.append((number, line))
    try:
        cell_rows = list(csv.reader(io.StringIO("\n".join(line for _, line in table_lines))))
    except csv.Error as exc:
        raise place.error("table", f"not a readable CSV table ({exc})") from None
    rows: list[dict[str, Any]] = []   # the JSON format's joint rows
    for (number, _), cells in zip(table_lines, cell_rows, strict=True):
        cells = [c.strip() for c in cells]
        if not rows and cells and cells[0].lower() == "type":
            continue  # header row
        where = f"line {number} (joint {len(rows) + 1})"
        if len(cells) not in (5, 7):
            raise place.error(where, f"expected 5 or 7 columns type,theta,d,a,alpha[,min,max], "
                                     f"got {len(cells)}")
        row: dict[str, Any] = {"type": cells[0]}
        # strict=False: a 5-column row has no min and max (7 columns were checked above)
        for field, cell in zip(("theta", "d", "a", "alpha", "min", "max"), cells[1:], strict=False):
            try:
                row[field] = parse_number(cell, f"column '{field}'")
            except ValidationError as exc:
                raise place.error(where, str(exc)) from None
        if "min" in row:
            row["limits"] = [row.pop("min"), row.pop("max")]
        rows.append(row)
    data = {"name": settings["name"], "unit": settings["unit"],
            "convention": settings["convention"].lower(), "joints": rows,
            "source": f"CSV DH table {source}".strip()}
    return robot_from_dict(data, source=source)


# ---------------------------------------------------------------------------------- writing
def _degrees(radians):
    """Degrees that convert back to exactly ``radians``, preferring a short decimal.

    ``math.radians(math.degrees(x))`` can differ from ``x`` in the last bit; saving the nearest
    float that maps back exactly keeps ``load_robot(save_robot(r))`` identical to ``r``.
    """
    value = math.degrees(radians)
    for candidate in (round(value, 9), value):
        if math.radians(candidate) == radians:
            return candidate
    for steps in range(1, 8):
        for candidate in (value + steps * math.ulp(value), value - steps * math.ulp(value)):
            if math.radians(candidate) == radians:
                return candidate
    return value


def robot_to_dict(robot: Robot,
                  folder: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The JSON robot format of ``robot`` (degrees), the inverse of :func:`robot_from_dict`.

    Mesh files are written relative to ``folder`` (where the robot file goes), or as absolute
    paths without one, so that they are found wherever the data is used.

    Examples
    --------
    An elbow offset of ``pi / 2`` is written as 90 degrees:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0, name="shoulder"), Joint(a=1.0, name="elbow", offset=np.pi / 2)],
    ...             name="2R", unit="m")
    >>> data = robot_to_dict(arm)
    >>> data["format"], data["joints"][1]["name"], data["joints"][1]["offset"]
    ('robosim-robot/1', 'elbow', 90.0)
    """
    joints = []
    for joint in robot.joints:
        convert = _degrees if joint.is_revolute else float
        joints.append({
            "name": joint.name,
            "type": joint.kind,
            "theta": _degrees(joint.home if joint.is_revolute else joint.theta),
            "d": joint.d if joint.is_revolute else joint.home,
            "a": joint.a,
            "alpha": _degrees(joint.alpha),
            "offset": convert(joint.offset),
            "limits": [convert(v) for v in joint.limits],
        })
    data: dict[str, Any] = {
        "format": FORMAT, "name": robot.name, "manufacturer": robot.manufacturer,
        "source": robot.source, "convention": robot.convention, "unit": robot.unit,
        "joints": joints}
    for field in ("base", "tool"):
        xyz, rpy = getattr(robot, field + "_xyz"), getattr(robot, field + "_rpy")
        if any(xyz) or any(rpy):
            data[field] = {"xyz": list(xyz), "rpy": [_degrees(v) for v in rpy]}
    if robot.poses:
        data["poses"] = {name: [_degrees(v) if j.is_revolute else v
                                for v, j in zip(q, robot.joints, strict=True)]
                         for name, q in robot.poses.items()}
    if robot.dynamics is not None:
        data["dynamics"] = _dynamics_to_dict(robot.dynamics)
    if robot.meshes is not None:
        data["meshes"] = _meshes_to_dict(robot.meshes, folder)
    if robot.notes:
        data["notes"] = robot.notes
    return data


def _dynamics_to_dict(dynamics):
    """The ``dynamics`` section of a robot file; fields at their default are left out."""
    default = LinkDynamics()
    links = []
    for link in dynamics.links:
        row = {"mass": link.mass, "com": list(link.com), "inertia": list(link.inertia)}
        for name in _LINK_FIELDS[3:]:
            value = getattr(link, name)
            if value != getattr(default, name):
                row[name] = list(value) if isinstance(value, tuple) else value
        links.append(row)
    return {"gravity": list(dynamics.gravity), "links": links}


def _meshes_to_dict(meshes, folder):
    """The ``meshes`` section; fields at their default are left out."""
    def entry(spec):
        if spec is None:
            return None
        path = spec.path.resolve()
        row = {"file": path.as_posix() if folder is None else
               Path(os.path.relpath(path, Path(folder).resolve())).as_posix()}
        if any(spec.xyz):
            row["xyz"] = list(spec.xyz)
        if any(spec.rpy):
            row["rpy"] = [_degrees(v) for v in spec.rpy]
        if spec.scale != 1.0:
            row["scale"] = spec.scale
        if spec.colour is not None:
            row["colour"] = spec.colour
        return row

    data = {"base": entry(meshes.base), "links": [entry(s) for s in meshes.links],
            "gripper": entry(meshes.gripper)}
    return {key: value for key, value in data.items() if value is not None}


def format_robot_json(data: dict[str, Any]) -> str:
    r"""JSON text of a robot file with one line per joint (and per link of the dynamics), so a
    DH table reads as a table.

    Examples
    --------
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0, name="shoulder"), Joint(a=1.0, name="elbow", offset=np.pi / 2)],
    ...             name="2R", unit="m")
    >>> text = format_robot_json(robot_to_dict(arm))
    >>> print("\n".join(line[:40] for line in text.splitlines()[6:10]))
      "unit": "m",
      "joints": [
        {"name": "shoulder", "type": "R", "t
        {"name": "elbow", "type": "R", "thet
    """
    lines = []
    for key, value in data.items():
        if key == "joints":
            rows = ",\n".join("    " + json.dumps(row) for row in value)
            lines.append(f'  "joints": [\n{rows}\n  ]')
        elif key == "meshes":
            parts = [f'    {json.dumps(name)}: {json.dumps(value[name])}'
                     for name in ("base", "gripper") if name in value]
            rows = ",\n".join("      " + json.dumps(row) for row in value["links"])
            parts.append(f'    "links": [\n{rows}\n    ]')
            lines.append('  "meshes": {\n' + ",\n".join(parts) + "\n  }")
        elif key == "dynamics":
            rows = ",\n".join("      " + json.dumps(row) for row in value["links"])
            lines.append(f'  "dynamics": {{\n    "gravity": {json.dumps(value["gravity"])},\n'
                         f'    "links": [\n{rows}\n    ]\n  }}')
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def save_robot(robot: Robot, path: str | os.PathLike[str]) -> Path:
    """Save ``robot`` as a JSON robot file, atomically; ``load_robot(path)`` gives it back.

    Angles are written in degrees. A robot read from a file (or built from degree values)
    comes back bit for bit; an angle computed in radians that has no exact decimal degree
    comes back within one rounding step (about 1e-16 relative).

    Returns the path written.

    Examples
    --------
    Saved and loaded again, the arm has the same joints, bit for bit:

    >>> import tempfile
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0, name="shoulder"), Joint(a=1.0, name="elbow", offset=np.pi / 2)],
    ...             name="2R", unit="m")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     again = load_robot(save_robot(arm, Path(folder) / "2r.json"))
    >>> again.joints == arm.joints, again.name, again.unit
    (True, '2R', 'm')
    """
    if not isinstance(robot, Robot):
        raise ValidationTypeError(f"save_robot saves a Robot, got {type(robot).__name__}")
    path = Path(path)
    if path.suffix.lower() != ".json":
        raise ValidationError(f"{path}: robot files are saved as .json")
    text = format_robot_json(robot_to_dict(robot, folder=path.parent))
    return write_readable_text(
        path, text, RobotFileError, MAX_ROBOT_FILE_BYTES,
        lambda size: f"the robot file would be {size:,} bytes, more than the "
                     f"{MAX_ROBOT_FILE_BYTES:,} load_robot reads (shorten its notes)")


def dh_rows(robot: Robot) -> list[dict[str, int | str]]:
    """The DH table as a student writes it: one dict per joint, degrees and length unit.

    The variable of each joint is shown as ``q<i>`` plus its offset, e.g. ``q2+90`` or ``q3-90``
    (:func:`robosim.dh_steps.offset_term`, without spaces: one word per cell of a table whose
    columns are separated by spaces). Every number is rounded as the screens round it
    (:func:`robosim.dh_steps.shown_amount`): float noise is written 0.

    Examples
    --------
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0, name="shoulder"), Joint(a=1.0, name="elbow", offset=np.pi / 2)],
    ...             name="2R", unit="m")
    >>> [(row["theta"], row["a"], row["alpha"]) for row in dh_rows(arm)]
    [('q1', '1', '0'), ('q2+90', '1', '0')]
    """
    def number(value: float) -> str:      # float noise (a URDF's 4.9e-12 rad) is written 0
        return f"{shown_amount(value):g}"

    def degrees(radians: float) -> str:
        return number(math.degrees(radians))

    rows: list[dict[str, int | str]] = []
    home = np.asarray(robot.q_to_user(robot.home))
    for i, joint in enumerate(robot.joints, start=1):
        if joint.is_revolute:
            theta = f"q{i}" + offset_term(joint.offset, degrees, spaced=False)
            d = number(joint.d)
            lower, upper = (math.degrees(v) for v in joint.limits)
        else:
            theta = degrees(joint.theta)
            d = f"q{i}" + offset_term(joint.offset, number, spaced=False)
            lower, upper = joint.limits
        rows.append({"joint": i, "name": joint.name, "type": joint.kind, "theta": theta,
                     "d": d, "a": number(joint.a), "alpha": degrees(joint.alpha),
                     "min": number(lower), "max": number(upper), "home": number(home[i - 1])})
    return rows



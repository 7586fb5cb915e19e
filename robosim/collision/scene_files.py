"""Scene files (``robosim-scene/1``, docs/formats.md) read, checked and written, and the default
scene built from the same form.

:func:`scene_from_dict` and :func:`scene_to_dict` convert a :class:`~robosim.collision.Scene` from
and to its JSON data, naming the obstacle and field that is wrong; :func:`load_scene` and
:func:`save_scene` (atomic) read and write the file. :func:`default_scene` is the floor under an
arm or, for the Lynx6, its table (:data:`LYNX6_TABLE`, read through :func:`scene_from_dict`).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any


from .. import checks
from ..errors import ValidationError, ValidationTypeError, brief
from ..files import read_user_json, write_user_json
from ..kinematics import FLOOR_TOLERANCE, floor_height, Robot
from .scene import (FORMAT, MAX_OBSTACLES, MAX_SCENE_NUMBER, SHAPE_LENGTHS, SHAPES, UNITS,
                    Obstacle, Scene, coordinates, obstacle_fields)
from .solids import LINK_RADIUS


#: The floor of :func:`default_scene`: a slab this many times the arm's length_scale wide
#: (centred under the base) and one length_scale thick.
FLOOR_WIDTH = 6.0
#: The Lynx6's table (mm): 600 x 760 x 25, the arm's base 150 mm from its back edge, centred
#: across it. An estimate of a school desk: measure yours and pass a scene file.
LYNX6_TABLE = {"name": "table", "shape": "box", "size": [600, 760, 25], "xyz": [150, 0, -12.5],
               "ignore_links": [1]}
_SCENE_FIELDS = ("format", "unit", "obstacles", "notes")
_OBSTACLE_FIELDS = ("name", "shape", "xyz", "rpy", "size", "radius", "height", "ignore_links")


def default_scene(robot: Robot) -> Scene:
    """The floor under ``robot`` (the Lynx6: its table, :data:`LYNX6_TABLE`); empty when the
    arm has no floor (:func:`robosim.kinematics.floor_height` is None).

    The floor is a slab whose top is the floor's height lowered by the links' capsule radius
    and by :data:`robosim.kinematics.FLOOR_TOLERANCE`: a link hits it exactly when its axis
    goes below the floor as :func:`robosim.kinematics.below_floor` counts it (the links the
    drawing turns red), so an arm drawn lying on its floor (a planar arm, a UR5's wrist at
    home) does not collide with it. Link 1, which stands on the floor, may touch it.

    Examples
    --------
    Two 1 m links lying along x at home (length_scale 2 m): the floor is at the base's height
    z = 0; the slab's top is ``0 - (0.02 + 0.01) x 2 = -0.06`` m, so its centre is one
    length_scale (2 m) thick below that, at -1.06 m, and it is 6 x 2 = 12 m wide:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> (floor,) = default_scene(arm).obstacles
    >>> floor.name, round(floor.xyz[2], 9), floor.size, floor.ignore_links
    ('floor', -1.06, (12.0, 12.0, 2.0), (1,))
    """
    if robot.name == "Lynx6" and robot.unit == "mm":
        return scene_from_dict({"format": FORMAT, "unit": "mm", "obstacles": [LYNX6_TABLE]})
    floor = floor_height(robot)
    if floor is None:
        return Scene((), robot.unit)
    scale = robot.length_scale
    top = floor - (LINK_RADIUS + FLOOR_TOLERANCE) * scale
    base = robot.base[:3, 3]
    slab = Obstacle("floor", "box", (float(base[0]), float(base[1]), top - scale / 2),
                    size=(FLOOR_WIDTH * scale, FLOOR_WIDTH * scale, scale), ignore_links=(1,))
    return Scene((slab,), robot.unit)


def scene_from_dict(data: object, source: str = "scene") -> Scene:
    """A :class:`Scene` from the JSON data of a scene file (docs/formats.md).

    Raises ValidationError naming the obstacle and the field that is wrong.

    Examples
    --------
    Angles are degrees in the file and radians in the API (90 deg = pi / 2 = 1.570796):

    >>> scene = scene_from_dict({"format": "robosim-scene/1", "unit": "mm", "obstacles": [
    ...     {"name": "box", "shape": "box", "size": [60, 60, 80], "xyz": [200, 100, 40],
    ...      "rpy": [0, 0, 90]}]})
    >>> box = scene.obstacles[0]
    >>> box.size, round(box.rpy[2], 6)
    ((60.0, 60.0, 80.0), 1.570796)
    >>> scene_from_dict({"format": "robosim-scene/1", "unit": "mm",
    ...                  "obstacles": [{"shape": "sphere"}]})
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: scene: obstacle 1 (sphere 1): a sphere needs 'radius'
    """
    data = _json_object(data, _SCENE_FIELDS, source)
    if data.get("format") != FORMAT:
        raise ValidationError(f"{source}: format must be {FORMAT!r}, got "
                              f"{brief(data.get('format'))}")
    unit = data.get("unit")
    if unit not in UNITS:
        raise ValidationError(f"{source}: unit must be mm, cm or m, got {brief(unit)}")
    rows = data.get("obstacles", [])
    if not isinstance(rows, list):
        raise ValidationTypeError(f"{source}: obstacles must be a list, got {brief(rows)}")
    if len(rows) > MAX_OBSTACLES:
        raise ValidationError(f"{source}: at most {MAX_OBSTACLES} obstacles, got {len(rows)}")
    return Scene(tuple(_obstacle_from_dict(row, f"{source}: obstacle {i}")
                       for i, row in enumerate(rows, start=1)), unit)


def _json_object(data: object, fields: tuple[str, ...], where: str) -> dict[str, Any]:
    """``data`` (what ``where`` names) if it is a JSON object, a dict, whose keys are among
    ``fields``; else a ValidationError."""
    if not isinstance(data, dict):
        raise ValidationTypeError(f"{where} must be a JSON object, got {brief(data)}")
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise ValidationError(f"{where}: unknown field {unknown[0]!r} (known: {', '.join(fields)})")
    return data


def _obstacle_from_dict(row, where):
    row = _json_object(row, _OBSTACLE_FIELDS, where)
    try:
        shape = checks.choice(row.get("shape"), "shape", SHAPES)
    except ValidationError as error:
        raise ValidationError(f"{where}: {error}") from None
    name = row.get("name", f"{shape} {where.rsplit(' ', 1)[-1]}")
    if not isinstance(name, str) or not name.strip():
        raise ValidationError(f"{where}: name must be a non-empty text, got {brief(name)}")
    where = f"{where} ({name})"
    for key in ("size", "radius", "height"):           # the lengths the shape has, no other
        needed = key in SHAPE_LENGTHS[shape]
        if needed != (key in row):
            raise ValidationError(f"{where}: a {shape} {'needs' if needed else 'has no'} {key!r}")
    try:          # the values by the rules of every obstacle, in the file's words (degrees)
        rpy = coordinates(row.get("rpy", [0, 0, 0]), "rpy (degrees)", MAX_SCENE_NUMBER)
        values = obstacle_fields(name.strip(), shape, row.get("xyz", [0, 0, 0]),
                                 tuple(math.radians(v) for v in rpy), row.get("size", [0, 0, 0]),
                                 row.get("radius", 0.0), row.get("height", 0.0),
                                 row.get("ignore_links", []))
    except ValidationError as error:
        raise type(error)(f"{where}: {error}") from None
    return Obstacle(**values)


def scene_to_dict(scene: Scene) -> dict[str, Any]:
    """The JSON data of a scene file; :func:`scene_from_dict` reads it back.

    >>> scene_to_dict(Scene((Obstacle("ball", "sphere", xyz=(300.0, 0.0, 50.0),
    ...                                radius=40.0),), "mm"))
    {'format': 'robosim-scene/1', 'unit': 'mm', 'obstacles': [{'name': 'ball',
     'shape': 'sphere', 'xyz': [300.0, 0.0, 50.0], 'rpy': [0.0, 0.0, 0.0], 'radius': 40.0}]}
    """
    rows = []
    for obstacle in scene.obstacles:
        row: dict[str, Any] = {"name": obstacle.name, "shape": obstacle.shape,
                               "xyz": list(obstacle.xyz),
                               "rpy": [round(math.degrees(v), 12) for v in obstacle.rpy]}
        for key in SHAPE_LENGTHS[obstacle.shape]:                 # the lengths its shape has
            value = getattr(obstacle, key)
            row[key] = list(value) if key == "size" else value
        if obstacle.ignore_links:
            row["ignore_links"] = list(obstacle.ignore_links)
        rows.append(row)
    return {"format": FORMAT, "unit": scene.unit, "obstacles": rows}


def load_scene(path: str | Path) -> Scene:
    """Read a scene file (docs/formats.md); a ValidationError names the file and field.

    >>> import tempfile
    >>> scene = Scene((Obstacle("ball", "sphere", xyz=(300.0, 0.0, 50.0), radius=40.0),), "mm")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     save_scene(scene, Path(folder) / "ball.json")
    ...     print(load_scene(Path(folder) / "ball.json") == scene)
    True
    """
    return scene_from_dict(read_user_json(path, ValidationError, "scene file"), str(path))


def save_scene(scene: Scene, path: str | Path) -> None:
    """Write ``scene`` to ``path`` atomically as JSON (:func:`load_scene` reads it back).

    >>> import json
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     save_scene(Scene((), "cm"), Path(folder) / "empty.json")
    ...     print(json.loads((Path(folder) / "empty.json").read_text()))
    {'format': 'robosim-scene/1', 'unit': 'cm', 'obstacles': []}
    """
    if not isinstance(scene, Scene):
        raise ValidationTypeError(f"save_scene writes a Scene, got {type(scene).__name__}")
    write_user_json(path, scene_to_dict(scene), ValidationError, "scene file")

"""Collisions: the links as capsules, obstacles in a scene, and the distances between them.

**Link solids.** Each DH link is the two straight pieces of
:func:`robosim.link_geometry.link_corners` (along ``z`` by ``d`` and along ``x`` by ``a``); the
last link also carries the tool, from the last frame's origin to the end-effector point. Every
piece longer than zero is a *capsule*: the points within ``radius`` of the segment. The radius
is :data:`LINK_RADIUS` times :attr:`robosim.Robot.length_scale` (about the radius the links
drawing gives its slim links: 9.7 mm for the Lynx6, whose brackets are about 20 mm wide).

**Pairs.** Self collisions are checked between links that are not neighbours (link ``i`` and
link ``j >= i + 2``), piece by piece, and only where the arm's skeleton between the two pieces
is longer than the two radii (else they touch at every pose: a spherical wrist's zero-length
links put the forearm and the flange end to end). Every link is checked against every obstacle
of the scene but those the obstacle lists in ``ignore_links`` (the link standing on it).

**Distances.** Per pair, the smallest distance between the two solids (length unit): positive
apart, negative overlapping (two capsules: minus the overlap depth; a capsule whose axis enters
a box, a sphere or a cylinder: minus the capsule's radius, the depth is not computed). A pose
collides when a distance is below zero. Segment to segment and segment to point are Ericson's
closed forms (*Real-Time Collision Detection*, 2005, 5.1.2 and 5.1.9); segment to box is exact
(the squared distance along the segment is a convex piecewise quadratic whose breakpoints are
where the segment crosses the box's slab planes: its slope is found between them); segment to
cylinder halves the interval :data:`CYLINDER_BISECTIONS` times on the slope of the (convex)
squared distance.

**Scenes.** A :class:`Scene` holds boxes, spheres and cylinders in the robot's length unit; its
JSON file format (``robosim-scene/1``) is in docs/formats.md and its JSON Schema in
``docs/scene.schema.json``. :func:`default_scene` is the floor under the arm (none for an arm
without one, see :func:`robosim.link_geometry.floor_height`) and, for the Lynx6, its table.

Worked example (a student can check it by hand): two capsules of radius 1, one along x from
(0, 0, 0) to (10, 0, 0), the other along y from (5, -5, 4) to (5, 5, 4), are 4 - 1 - 1 = 2 apart:
:func:`capsule_distance` gives 2.0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .errors import ValidationError, ValidationTypeError, brief
from .files import atomic_write_text, read_user_json
from .link_geometry import FLOOR_TOLERANCE, below_floor, floor_height, floor_message
from .robot import Robot
from .transforms import xyzrpy2tr

FORMAT = "robosim-scene/1"
SHAPES = ("box", "sphere", "cylinder")
#: Capsule radius of the links, as a fraction of :attr:`robosim.Robot.length_scale`.
LINK_RADIUS = 0.02
#: Halvings of the segment's parameter for a capsule against a cylinder (2**-40 of its length).
CYLINDER_BISECTIONS = 40
#: Poses whose distances are computed at once: big enough to amortise numpy's per-call cost,
#: small enough that the working set stays in cache (measured with benchmarks/bench_collision.py).
CHUNK = 1024
#: Most obstacles in a scene, and the largest number in a scene file (a kilometre in mm).
MAX_OBSTACLES = 200
MAX_SCENE_NUMBER = 1e6
#: The floor of :func:`default_scene`: a slab this many times the arm's length_scale wide
#: (centred under the base) and one length_scale thick.
FLOOR_WIDTH = 6.0
#: The Lynx6's table (mm): 600 x 760 x 25, the arm's base 150 mm from its back edge, centred
#: across it. An estimate of a school desk: measure yours and pass a scene file.
LYNX6_TABLE = {"name": "table", "shape": "box", "size": [600, 760, 25], "xyz": [150, 0, -12.5],
               "ignore_links": [1]}
_OBSTACLE_FIELDS = ("name", "shape", "xyz", "rpy", "size", "radius", "height", "ignore_links")
_SHAPE_FIELDS = {"box": ("size",), "sphere": ("radius",), "cylinder": ("radius", "height")}


# ----------------------------------------------------------------------------- scenes
@dataclass(frozen=True)
class Obstacle:
    """One obstacle: a box, a sphere or a cylinder (its axis along its own z), at a pose.

    Parameters
    ----------
    name : str
        Named in the pairs that collide ("table", "box 2").
    shape : {"box", "sphere", "cylinder"}
    xyz : sequence of 3 floats
        Centre (length unit), in the robot's world frame.
    rpy : sequence of 3 floats
        Orientation, roll-pitch-yaw about fixed X, Y, Z (radians).
    size : sequence of 3 floats
        A box's full lengths along its x, y, z (length unit).
    radius, height : float
        A sphere's or a cylinder's radius, a cylinder's full height (length unit).
    ignore_links : tuple of int
        Links (1-based) allowed to touch it: the one standing on it.

    Examples
    --------
    The Lynx6's table: 600 x 760 x 25 mm, centred 150 mm in front of the base and 12.5 mm
    below it, so its top is at ``-12.5 + 25 / 2 = 0``, the height of the base:

    >>> table = Obstacle("table", "box", xyz=(150.0, 0.0, -12.5), size=(600.0, 760.0, 25.0),
    ...                  ignore_links=(1,))
    >>> table.transform[:3, 3].tolist(), table.xyz[2] + table.size[2] / 2
    ([150.0, 0.0, -12.5], 0.0)
    """

    name: str
    shape: str
    xyz: tuple[float, float, float] = (0.0, 0.0, 0.0)
    rpy: tuple[float, float, float] = (0.0, 0.0, 0.0)
    size: tuple[float, float, float] = (0.0, 0.0, 0.0)
    radius: float = 0.0
    height: float = 0.0
    ignore_links: tuple[int, ...] = ()

    @property
    def transform(self) -> np.ndarray:
        """World from the obstacle's frame ``(4, 4)``."""
        return xyzrpy2tr(self.xyz, self.rpy)


@dataclass(frozen=True)
class Scene:
    """Obstacles around an arm, in the robot's length unit (``unit``, checked against it).

    Examples
    --------
    A ball of radius 40 mm, 300 mm in front of the base (nothing stands on it: no ground):

    >>> scene = Scene((Obstacle("ball", "sphere", xyz=(300.0, 0.0, 50.0), radius=40.0),), "mm")
    >>> [o.name for o in scene.obstacles], scene.unit, scene.ground
    (['ball'], 'mm', None)
    """

    obstacles: tuple[Obstacle, ...] = ()
    unit: str = "mm"

    def with_obstacle(self, obstacle: Obstacle) -> Scene:
        """A copy of the scene with one more obstacle (the scene itself is unchanged).

        >>> empty = Scene((), "mm")
        >>> one = empty.with_obstacle(Obstacle("ball", "sphere", radius=40.0))
        >>> len(empty.obstacles), len(one.obstacles), one.obstacles[0].radius
        (0, 1, 40.0)
        """
        return Scene(self.obstacles + (obstacle,), self.unit)

    @property
    def ground(self) -> str | None:
        """The name of what the arm stands on when it is a finite obstacle and not the floor:
        the first obstacle that link 1 may touch (``ignore_links`` holds 1) and that is not
        named "floor" (the Lynx6's "table"); None otherwise. The floor of
        :func:`default_scene` reaches beyond the arm's reach: a link below it hits it. Past a
        finite ground's edge a link may go lower than its top and hit nothing.

        >>> table = Obstacle("table", "box", size=(600.0, 760.0, 25.0), ignore_links=(1,))
        >>> Scene((table,), "mm").ground, Scene((), "mm").ground
        ('table', None)
        """
        for obstacle in self.obstacles:
            if 1 in obstacle.ignore_links and obstacle.name != "floor":
                return obstacle.name
        return None


def default_scene(robot: Robot) -> Scene:
    """The floor under ``robot`` (the Lynx6: its table, :data:`LYNX6_TABLE`); empty when the
    arm has no floor (:func:`robosim.link_geometry.floor_height` is None).

    The floor is a slab whose top is the floor's height lowered by the links' capsule radius
    and by :data:`robosim.link_geometry.FLOOR_TOLERANCE`: a link hits it exactly when its axis
    goes below the floor as :func:`robosim.link_geometry.below_floor` counts it (the links the
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
    if not isinstance(data, dict):
        raise ValidationTypeError(f"{source}: a scene is a JSON object, got {brief(data)}")
    unknown = sorted(set(data) - {"format", "unit", "obstacles", "notes"})
    if unknown:
        raise ValidationError(f"{source}: unknown field {unknown[0]!r} (known: format, unit, "
                              f"obstacles, notes)")
    if data.get("format") != FORMAT:
        raise ValidationError(f"{source}: format must be {FORMAT!r}, got "
                              f"{brief(data.get('format'))}")
    unit = data.get("unit")
    if unit not in ("mm", "cm", "m"):
        raise ValidationError(f"{source}: unit must be mm, cm or m, got {brief(unit)}")
    rows = data.get("obstacles", [])
    if not isinstance(rows, list):
        raise ValidationTypeError(f"{source}: obstacles must be a list, got {brief(rows)}")
    if len(rows) > MAX_OBSTACLES:
        raise ValidationError(f"{source}: at most {MAX_OBSTACLES} obstacles, got {len(rows)}")
    return Scene(tuple(_obstacle_from_dict(row, f"{source}: obstacle {i}")
                       for i, row in enumerate(rows, start=1)), unit)


def _obstacle_from_dict(row, where):
    if not isinstance(row, dict):
        raise ValidationTypeError(f"{where} must be an object, got {brief(row)}")
    unknown = sorted(set(row) - set(_OBSTACLE_FIELDS))
    if unknown:
        raise ValidationError(f"{where}: unknown field {unknown[0]!r} "
                              f"(known: {', '.join(_OBSTACLE_FIELDS)})")
    shape = row.get("shape")
    if shape not in SHAPES:
        raise ValidationError(f"{where}: shape must be one of {', '.join(SHAPES)}, "
                              f"got {brief(shape)}")
    name = row.get("name", f"{shape} {where.rsplit(' ', 1)[-1]}")
    if not isinstance(name, str) or not name.strip():
        raise ValidationError(f"{where}: name must be a non-empty text, got {brief(name)}")
    where = f"{where} ({name})"
    for key in _SHAPE_FIELDS[shape]:
        if key not in row:
            raise ValidationError(f"{where}: a {shape} needs {key!r}")
    for key in set(_SHAPE_FIELDS) - {shape}:
        for extra in set(_SHAPE_FIELDS[key]) - set(_SHAPE_FIELDS[shape]):
            if extra in row:
                raise ValidationError(f"{where}: a {shape} has no {extra!r}")
    values: dict[str, Any] = {
        "xyz": _numbers(row.get("xyz", [0, 0, 0]), where, "xyz", positive=False),
        "rpy": tuple(math.radians(v) for v in _numbers(row.get("rpy", [0, 0, 0]), where, "rpy",
                                                        positive=False)),
    }
    if shape == "box":
        values["size"] = _numbers(row["size"], where, "size", positive=True)
    for key in ("radius", "height"):
        if key in row:
            values[key] = _numbers([row[key]], where, key, positive=True)[0]
    links = row.get("ignore_links", [])
    if (not isinstance(links, list)
            or not all(isinstance(i, int) and not isinstance(i, bool) and 1 <= i <= 12
                       for i in links)):
        raise ValidationError(f"{where}: ignore_links must be a list of link numbers 1 to 12, "
                              f"got {brief(links)}")
    return Obstacle(name.strip(), shape, ignore_links=tuple(links), **values)


def _numbers(value, where, key, positive):
    expected = 3 if key in ("xyz", "rpy", "size") else 1
    if (not isinstance(value, list) or len(value) != expected
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        shape = "a list of 3 numbers" if expected == 3 else "a number"
        raise ValidationError(f"{where}: {key} must be {shape}, got {brief(value)}")
    for v in value:
        if not math.isfinite(v) or abs(v) > MAX_SCENE_NUMBER or (positive and v <= 0):
            bounds = "more than 0" if positive else "from -1e6"
            raise ValidationError(f"{where}: {key} must be {bounds} to 1e6, got {v!r}")
    return tuple(float(v) for v in value)


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
        if obstacle.shape == "box":
            row["size"] = list(obstacle.size)
        else:
            row["radius"] = obstacle.radius
        if obstacle.shape == "cylinder":
            row["height"] = obstacle.height
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
    import json
    atomic_write_text(path, json.dumps(scene_to_dict(scene), indent=2) + "\n")


# ----------------------------------------------------------------------------- link solids
@dataclass(frozen=True)
class LinkSolids:
    """The capsules of an arm: which link each belongs to and which pairs are checked.

    ``pieces`` are indices into the chain's pieces (2 per link, then the tool), in order;
    ``link_of`` their link (0-based) ``(C,)``; ``radius`` the capsules' radius; ``self_pairs``
    ``(S, 2)`` the capsule pairs checked for self collision.

    Examples
    --------
    Three 1 m links along x (standard DH, d = 0): of the pieces (d_1, a_1, d_2, a_2, d_3, a_3,
    tool) only the a pieces 1, 3, 5 have a length, one capsule per link; links 1 and 3 are
    not neighbours and link 2 (1 m) lies between them, more than two radii: one self pair.

    >>> from robosim import Joint, Robot
    >>> solids = link_solids(Robot([Joint(a=1.0)] * 3, unit="m"), radius=0.1)
    >>> solids.pieces.tolist(), solids.link_of.tolist(), solids.self_pairs.tolist()
    ([1, 3, 5], [0, 1, 2], [[0, 2]])
    >>> solids.radius, solids.labels
    (0.1, ('link 1', 'link 2', 'link 3'))
    """

    robot: Robot
    pieces: np.ndarray
    link_of: np.ndarray
    radius: float
    self_pairs: np.ndarray
    labels: tuple[str, ...] = field(default=())


def link_solids(robot: Robot, radius: float | None = None) -> LinkSolids:
    """The capsules of ``robot``'s links (module docstring) of ``radius`` (length unit;
    default :data:`LINK_RADIUS` times its length_scale).

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")     # length_scale 2 m
    >>> solids = link_solids(arm)
    >>> solids.radius, solids.pieces.tolist(), len(solids.self_pairs)   # 0.02 x 2; neighbours
    (0.04, [1, 3], 0)
    """
    radius = LINK_RADIUS * robot.length_scale if radius is None else float(radius)
    lengths = []                                     # the shortest each piece gets, in order
    for joint in robot.joints:
        if joint.is_revolute:
            d_min = abs(joint.d)
        else:
            low, high = joint.limits[0] + joint.offset, joint.limits[1] + joint.offset
            d_min = 0.0 if low <= 0 <= high else min(abs(low), abs(high))
        d_max = d_min if joint.is_revolute else max(abs(joint.limits[0] + joint.offset),
                                                    abs(joint.limits[1] + joint.offset))
        pieces = [(d_min, d_max), (abs(joint.a), abs(joint.a))]
        lengths += pieces if robot.convention == "standard" else pieces[::-1]
    tool = float(np.linalg.norm(robot.tool_xyz))
    lengths.append((tool, tool))
    shortest = np.array([low for low, _ in lengths])
    kept = np.array([i for i, (_, high) in enumerate(lengths) if high > 1e-9 * robot.length_scale])
    link_of = np.minimum(kept // 2, robot.n - 1)
    pairs = []
    for a in range(len(kept)):
        for b in range(a + 1, len(kept)):
            between = shortest[kept[a] + 1:kept[b]].sum()
            if link_of[b] - link_of[a] >= 2 and between > 2 * radius:
                pairs.append((a, b))
    labels = tuple(f"link {i + 1}" + (f" ({j.name})" if j.name else "")
                   for i, j in enumerate(robot.joints))
    return LinkSolids(robot, kept, link_of, radius, np.array(pairs, dtype=int).reshape(-1, 2),
                      labels)


def capsule_segments(solids: LinkSolids, q: ArrayLike) -> np.ndarray:
    """Start and end of every capsule's axis ``(..., C, 2, 3)`` at poses ``q`` ``(..., n)``.

    Two 1 m links, the second turned 90 deg: link 1 from the origin to (1, 0, 0), link 2
    from there to (1, 1, 0):

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> (capsule_segments(link_solids(arm), np.radians([0, 90])).round(6) + 0.0).tolist()
    [[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0]], [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0]]]
    """
    robot = solids.robot
    q = robot.check_q(q)
    flat = q.reshape(-1, robot.n)
    out = np.empty((flat.shape[0], len(solids.pieces), 2, 3))
    for start in range(0, flat.shape[0], CHUNK):
        out[start:start + CHUNK] = _segments(solids, flat[start:start + CHUNK])
    return out.reshape(q.shape[:-1] + out.shape[1:])


def _segments(solids, q, frames=None):
    """Capsule axes ``(B, C, 2, 3)`` for a flat batch ``q`` ``(B, n)``, from its frames
    ``(B, n + 1, 4, 4)`` (``robot.fk_all(q)``, computed when None): the arithmetic of
    :func:`robosim.link_geometry.link_corners` on the frames' origins and z axes."""
    robot = solids.robot
    frames = robot.fk_all(q) if frames is None else frames
    origins, z_axes = frames[:, :, :3, 3], frames[:, :, :3, 2]                  # (B, n + 1, 3)
    _theta, d = robot.joint_variables(q)                                            # (n, B)
    d = np.broadcast_to(d, (robot.n, q.shape[0])).T[..., None]                     # (B, n, 1)
    starts, ends = origins[:, :-1], origins[:, 1:]
    if robot.convention == "standard":
        corners = starts + d * z_axes[:, :-1]
    else:
        corners = ends - d * z_axes[:, 1:]
    points = np.empty((q.shape[0], 2 * robot.n + 2, 3))   # o_0, c_1, o_1, c_2, ..., o_n, tip
    points[:, 0:-2:2] = starts
    points[:, 1:-2:2] = corners
    points[:, -2] = ends[:, -1]
    points[:, -1] = ends[:, -1] + frames[:, -1, :3, :3] @ np.asarray(robot.tool_xyz)  # tool
    return np.stack([points[:, solids.pieces], points[:, solids.pieces + 1]], axis=2)


# ----------------------------------------------------------------------------- distances
def segment_segment_distance(p1: np.ndarray, q1: np.ndarray, p2: np.ndarray,
                             q2: np.ndarray) -> np.ndarray:
    """Smallest distance between segments ``p1 q1`` and ``p2 q2`` (``(..., 3)`` each).

    Ericson, *Real-Time Collision Detection* (2005), 5.1.9, ClosestPtSegmentSegment, with the
    degenerate cases (a segment of length 0) as branch-free ``where``.

    Examples
    --------
    The x axis from 0 to 10 and a segment parallel to y at x = 5, z = 4 are 4 apart (the
    common perpendicular is along z); a point 3 past the end and 4 above it is 5 away (3, 4,
    5), and both rows go at once:

    >>> p1, q1 = np.array([0.0, 0, 0]), np.array([10.0, 0, 0])
    >>> p2 = np.array([[5.0, -5, 4], [13.0, 0, 4]])
    >>> q2 = np.array([[5.0, 5, 4], [13.0, 0, 4]])
    >>> segment_segment_distance(p1, q1, p2, q2).tolist()
    [4.0, 5.0]
    """
    d1, d2, r = q1 - p1, q2 - p2, p1 - p2
    a, e = _dot(d1, d1), _dot(d2, d2)
    b, c, f = _dot(d1, d2), _dot(d1, r), _dot(d2, r)
    tiny = 1e-300
    a_ok, e_ok = a > tiny, e > tiny
    a_safe, e_safe = np.where(a_ok, a, 1.0), np.where(e_ok, e, 1.0)
    denom = a * e - b * b
    s = np.where(denom > 1e-12 * a * e, np.clip((b * f - c * e) / np.where(denom > 0, denom, 1.0),
                                                0.0, 1.0), 0.0)
    t = (b * s + f) / e_safe
    s = np.where(t < 0, np.clip(-c / a_safe, 0, 1), np.where(t > 1, np.clip((b - c) / a_safe,
                                                                           0, 1), s))
    t = np.clip(t, 0.0, 1.0)
    s = np.where(a_ok, np.where(e_ok, s, np.clip(-c / a_safe, 0, 1)), 0.0)
    t = np.where(e_ok, np.where(a_ok, t, np.clip(f / e_safe, 0, 1)), 0.0)
    gap = (p1 + s[..., None] * d1) - (p2 + t[..., None] * d2)
    return np.sqrt(_dot(gap, gap))


def capsule_distance(p1: ArrayLike, q1: ArrayLike, r1: float, p2: ArrayLike, q2: ArrayLike,
                     r2: float) -> np.ndarray:
    """Distance between two capsules (axis ends ``(..., 3)``, radii): negative overlapping.

    >>> float(capsule_distance([0, 0, 0], [10, 0, 0], 1, [5, -5, 4], [5, 5, 4], 1))
    2.0
    """
    arrays = [np.asarray(v, dtype=float) for v in (p1, q1, p2, q2)]
    return segment_segment_distance(*arrays) - r1 - r2


def _segment_point_distance(p, u, centre):
    """Distance from segments ``p + t u`` (t in [0, 1]) to points ``centre``."""
    uu = _dot(u, u)
    t = np.clip(_dot(centre - p, u) / np.where(uu > 0, uu, 1.0), 0.0, 1.0)
    gap = p + t[..., None] * u - centre
    return np.sqrt(_dot(gap, gap))


def _segment_box_distance(p, u, half):
    """Distance from segments ``p + t u`` (t in [0, 1]) to boxes ``|x_k| <= half_k`` in the
    box's frame; ``p``, ``u``, ``half`` are triples of equally shaped arrays (x, y, z).

    The squared distance ``f(t)`` is convex and quadratic between the ``t`` where the segment
    crosses a face's plane. When both ends lie on the same side of every slab
    ``|x_k| <= half_k`` (below, inside or above: the usual case, a link far from a box) ``f``
    is one quadratic, minimised in closed form; the other segments go to
    :func:`_segment_box_crossing`.
    """
    below, above = [], []
    for k in range(3):
        q = p[k] + u[k]
        below.append((p[k] < -half[k], q < -half[k]))
        above.append((p[k] > half[k], q > half[k]))
    same = np.ones(p[0].shape, dtype=bool)
    for k in range(3):
        same &= (below[k][0] == below[k][1]) & (above[k][0] == above[k][1])
    numerator, denominator = np.zeros(p[0].shape), np.zeros(p[0].shape)
    for k in range(3):
        face = np.where(below[k][0], -half[k], half[k])
        active = below[k][0] | above[k][0]
        uk = np.where(active, u[k], 0.0)
        numerator -= (p[k] - face) * uk
        denominator += uk * uk
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(denominator > 0, np.clip(numerator / denominator, 0.0, 1.0), 0.0)
    distance = _box_gap(p, u, half, t)
    crossing = ~same
    if crossing.any():
        distance[crossing] = _segment_box_crossing([v[crossing] for v in p],
                                                   [v[crossing] for v in u],
                                                   [v[crossing] for v in half])
    return distance


def _box_gap(p, u, half, t):
    """Distance from the points ``p + t u`` to the boxes."""
    total = 0.0
    for k in range(3):
        x = p[k] + t * u[k]
        gap = np.maximum(x - half[k], 0.0) + np.minimum(x + half[k], 0.0)
        total = total + gap * gap
    return np.sqrt(total)


def _segment_box_crossing(p, u, half):
    """:func:`_segment_box_distance` for segments that cross slab planes (flat arrays).

    The half slope ``g(t) = u . (x(t) - clip(x(t)))`` of the squared distance rises through
    0 at the minimum. ``g`` is evaluated at 0, 1 and the crossings; between the last of them
    where it is negative and the first where it is not, ``g`` is linear: its root is exact.
    """
    with np.errstate(divide="ignore", invalid="ignore"):
        crossings = [c for k in range(3) for c in ((-half[k] - p[k]) / u[k],
                                                   (half[k] - p[k]) / u[k])]
    zero = np.zeros_like(p[0])
    candidates = np.stack([zero, zero + 1.0]
                          + [np.where(np.isfinite(c), np.clip(c, 0.0, 1.0), 0.0)
                             for c in crossings])                                # (8, M)

    def slope(t):
        total = 0.0
        for k in range(3):
            x = p[k] + t * u[k]
            total = total + (np.maximum(x - half[k], 0.0) + np.minimum(x + half[k], 0.0)) * u[k]
        return total

    g = slope(candidates)
    low = np.where(g < 0, candidates, -1.0).max(axis=0)
    high = np.where(g >= 0, candidates, 2.0).min(axis=0)
    bracket = (low >= 0) & (high <= 1)
    g_low, g_high = slope(np.clip(low, 0, 1)), slope(np.clip(high, 0, 1))
    with np.errstate(divide="ignore", invalid="ignore"):
        root = low - g_low * (high - low) / (g_high - g_low)
    t = np.where(bracket, root, np.where(low < 0, 0.0, 1.0))
    return _box_gap(p, u, half, t)


def _segment_cylinder_distance(p, u, radius, half_height):
    """Distance from segments ``p + t u`` to cylinders about their own z axis (radius, half
    height), by bisection on the slope of the convex squared distance."""
    def slope(t):
        x = p + t[..., None] * u
        rho = np.hypot(x[..., 0], x[..., 1])
        scale = np.minimum(1.0, radius / np.where(rho > 0, rho, 1.0))
        inside = np.stack([x[..., 0] * scale, x[..., 1] * scale,
                           np.clip(x[..., 2], -half_height, half_height)], axis=-1)
        return x - inside

    low, high = np.zeros(p.shape[:-1]), np.ones(p.shape[:-1])
    for _ in range(CYLINDER_BISECTIONS):
        middle = (low + high) / 2
        rising = _dot(slope(middle), u) >= 0
        high = np.where(rising, middle, high)
        low = np.where(rising, low, middle)
    gap = slope((low + high) / 2)
    return np.sqrt(_dot(gap, gap))


def _dot(a, b):
    return a[..., 0] * b[..., 0] + a[..., 1] * b[..., 1] + a[..., 2] * b[..., 2]


# ----------------------------------------------------------------------------- the check
@dataclass(frozen=True)
class Collisions:
    """What :func:`check` found, for one pose or a batch.

    Attributes
    ----------
    pairs : tuple of (str, str)
        The P pairs checked: link and link, or link and obstacle, by name.
    distances : ndarray (..., P)
        Smallest distance of each pair at each pose (length unit; negative overlapping).

    Examples
    --------
    Two poses, two pairs: in the first the gripper is 2 mm into the table, in the second
    everything is clear and the table is nearest, 1.5 mm away:

    >>> found = Collisions((("link 1", "link 3"), ("link 5", "table")),
    ...                    np.array([[5.0, -2.0], [3.0, 1.5]]))
    >>> found.collides.tolist(), found.distance.tolist(), found.nearest.tolist()
    ([True, False], [-2.0, 1.5], [1, 1])
    """

    pairs: tuple[tuple[str, str], ...]
    distances: np.ndarray

    @property
    def hits(self) -> np.ndarray:
        """Which pairs overlap, boolean ``(..., P)``."""
        return self.distances < 0

    @property
    def collides(self) -> np.ndarray:
        """Whether a pose collides, boolean ``(...)`` (a 0-d array for one pose)."""
        return np.asarray(self.hits.any(axis=-1))

    @property
    def distance(self) -> np.ndarray:
        """The smallest distance of each pose ``(...)``; inf when no pair is checked."""
        if not self.pairs:
            return np.full(self.distances.shape[:-1], np.inf)
        return self.distances.min(axis=-1)

    @property
    def nearest(self) -> np.ndarray:
        """Index into :attr:`pairs` of each pose's closest pair ``(...)`` (-1: none)."""
        if not self.pairs:
            return np.full(self.distances.shape[:-1], -1)
        return self.distances.argmin(axis=-1)

    def colliding_pairs(self, index: int | tuple[int, ...] = ()) -> list[tuple[str, str]]:
        """The pairs that overlap at pose ``index`` of the batch (``()`` for one pose).

        >>> found = Collisions((("link 1", "link 3"), ("link 5", "table")),
        ...                    np.array([[5.0, -2.0], [3.0, 1.5]]))
        >>> found.colliding_pairs(0), found.colliding_pairs(1)
        ([('link 5', 'table')], [])
        """
        return [self.pairs[i] for i in np.flatnonzero(self.hits[index])]

    def describe(self, index: int | tuple[int, ...] = (), unit: str = "") -> str:
        """One line for a status line: the colliding pairs, or the nearest pair and its
        distance (followed by ``unit``).

        >>> found = Collisions((("link 1", "link 3"), ("link 5", "table")),
        ...                    np.array([[5.0, -2.0], [3.0, 1.5]]))
        >>> found.describe(0)
        'collision: link 5 hits table'
        >>> found.describe(1, "mm")
        'no collision: nearest link 5 to table, 1.5 mm apart'
        """
        hits = self.colliding_pairs(index)
        if hits:
            return "collision: " + "; ".join(f"{a} hits {b}" for a, b in hits)
        if not self.pairs:
            return "no collision (nothing to collide with)"
        nearest = int(np.asarray(self.nearest)[index])
        a, b = self.pairs[nearest]
        distance = float(np.asarray(self.distance)[index])
        return f"no collision: nearest {a} to {b}, {distance:.4g} {unit}".rstrip() + " apart"


class Checker:
    """:func:`check` prepared for one robot and scene: the capsules, the pairs and the
    obstacles' frames are computed once, so that a loop (Random Move, a jog line, a drag)
    pays only for the distances.

    Parameters
    ----------
    robot : robosim.Robot
    scene : Scene, optional
        :func:`default_scene` when None. Its unit must be the robot's.
    radius : float, optional
        The links' capsule radius (length unit); :func:`link_solids`' default when None.

    Examples
    --------
    Two 1 m links along x (capsules of radius 0.1 m) and a ball of radius 0.5 m centred at
    (1, 1, 0): both axes pass 1 m from its centre, ``1 - 0.5 - 0.1 = 0.4`` m apart. Link 2
    turned 90 deg runs through the centre: ``0 - 0.5 - 0.1 = -0.6``, a collision:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> ball = Obstacle("ball", "sphere", xyz=(1.0, 1.0, 0.0), radius=0.5)
    >>> checker = Checker(arm, Scene((ball,), "m"), radius=0.1)
    >>> checker.pairs
    (('link 1', 'ball'), ('link 2', 'ball'))
    >>> checker.check(np.radians([[0, 0], [0, 90]])).distances.round(6).tolist()
    [[0.4, 0.4], [0.4, -0.6]]
    """

    def __init__(self, robot: Robot, scene: Scene | None = None,
                 radius: float | None = None) -> None:
        scene = default_scene(robot) if scene is None else scene
        if scene.unit != robot.unit:
            raise ValidationError(f"the scene is in {scene.unit} and {robot.name} in "
                                  f"{robot.unit}: write the scene in {robot.unit}")
        self.robot, self.scene = robot, scene
        #: The robot's floor (length unit; None: it has none), which :meth:`hit_message` names.
        self.floor = floor_height(robot)
        self.solids = solids = link_solids(robot, radius)
        labels = solids.labels
        groups: dict[tuple[str, str], tuple[int, ...]] = {}     # pair -> its links (0-based)
        for a, b in solids.self_pairs:
            groups.setdefault((labels[solids.link_of[a]], labels[solids.link_of[b]]),
                              (int(solids.link_of[a]), int(solids.link_of[b])))
        self._kinds: dict[str, list[int]] = {shape: [] for shape in SHAPES}
        for k, obstacle in enumerate(scene.obstacles):
            self._kinds[obstacle.shape].append(k)
            for c in range(len(solids.pieces)):
                if solids.link_of[c] + 1 not in obstacle.ignore_links:
                    groups.setdefault((labels[solids.link_of[c]], obstacle.name),
                                      (int(solids.link_of[c]),))
        self.pairs = tuple(groups)
        self._pair_links = list(groups.values())
        self._group_of = {pair: i for i, pair in enumerate(self.pairs)}
        self._frames = np.array([np.linalg.inv(o.transform) for o in scene.obstacles]
                                ).reshape(-1, 4, 4)
        self._half = np.array([np.array(o.size) / 2 for o in scene.obstacles]).reshape(-1, 3)
        self._radius = np.array([o.radius for o in scene.obstacles])
        self._half_height = np.array([o.height / 2 for o in scene.obstacles])
        # columns of the (capsule, obstacle) distance table each link-level pair takes
        allowed = np.array([[solids.link_of[c] + 1 not in o.ignore_links
                             for o in scene.obstacles] for c in range(len(solids.pieces))],
                           dtype=bool).reshape(len(solids.pieces), len(scene.obstacles))
        self._scene_group = np.full(allowed.shape, -1)
        for c, k in zip(*np.nonzero(allowed), strict=True):
            self._scene_group[c, k] = self._group_of[(labels[solids.link_of[c]],
                                                      scene.obstacles[k].name)]
        self._self_group = np.array([self._group_of[(labels[solids.link_of[a]],
                                                     labels[solids.link_of[b]])]
                                     for a, b in solids.self_pairs], dtype=int)
        # the (capsule, obstacle) pairs checked, once per robot and scene: the ignored ones
        # (link 1 on its floor or table) cost nothing per pose
        capsules, obstacles = np.nonzero(self._scene_group >= 0)                 # (M,) each
        self._scene_pairs = {}             # shape -> (its columns of M, capsules, obstacles)
        for shape, ks in self._kinds.items():
            shape_of = np.isin(obstacles, ks)
            if shape_of.any():
                columns = np.flatnonzero(shape_of)
                position = {k: i for i, k in enumerate(ks)}      # obstacle -> place in ks
                self._scene_pairs[shape] = (columns, capsules[columns],
                                            np.array([position[k] for k in obstacles[columns]]))
        self._self_min = _GroupMin(self._self_group)
        self._scene_min = _GroupMin(self._scene_group[capsules, obstacles])

    def links_hit(self, found: Collisions, index: int | tuple[int, ...] = ()) -> np.ndarray:
        """Which links ``(n,)`` are in a colliding pair of ``found`` at pose ``index``.

        The two links and the ball of :class:`Checker`'s example, link 2 turned 90 deg
        through the ball:

        >>> from robosim import Joint, Robot
        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> ball = Obstacle("ball", "sphere", xyz=(1.0, 1.0, 0.0), radius=0.5)
        >>> checker = Checker(arm, Scene((ball,), "m"), radius=0.1)
        >>> checker.links_hit(checker.check(np.radians([0, 90]))).tolist()
        [False, True]
        """
        hit = np.zeros(self.robot.n, dtype=bool)
        for pair in np.flatnonzero(found.hits[index]):
            hit[list(self._pair_links[pair])] = True
        return hit

    def hit_message(self, q: ArrayLike, found: Collisions | None = None,
                    below: np.ndarray | None = None) -> str | None:
        """What pose ``q`` ``(n,)`` hits, in one line for a status line, or None when nothing.

        The colliding pairs when there are any (:meth:`Collisions.describe`), else the links
        below the robot's :attr:`floor` (:func:`robosim.link_geometry.floor_message`; on a
        scene whose :attr:`Scene.ground` is a finite obstacle, such as the Lynx6's table, the
        links past its edge). The simulator's status line and the Dynamics window's account of
        a fall both say this. ``found`` (:meth:`check`) and ``below``
        (:func:`robosim.link_geometry.below_floor`): what the caller computed at ``q`` already
        (the arm drawing, which colours those links), else computed here.

        An arm standing on its floor (z = 0), its column 1 m high, its 2 m arm turned down to
        reach 1 m below the floor; with the ball of :class:`Checker`'s example moved to the
        arm's tip, the collision is named first:

        >>> from robosim import Joint, Robot
        >>> arm = Robot([Joint(d=1.0, alpha=np.pi / 2), Joint(a=2.0)], unit="m")
        >>> down = np.radians([0, -90])
        >>> Checker(arm, Scene((), "m")).hit_message(down)
        'link 2 below the floor (z = 0 m): the real arm would hit it'
        >>> ball = Obstacle("ball", "sphere", xyz=(0.0, 0.0, -1.0), radius=0.5)
        >>> Checker(arm, Scene((ball,), "m")).hit_message(down)
        'collision: link 2 hits ball'
        >>> Checker(arm, Scene((ball,), "m")).hit_message([0.0, 0.0]) is None
        True
        """
        found = self.check(q) if found is None else found
        if found.collides:
            return found.describe()
        below = below_floor(self.robot, q, self.floor) if below is None else below
        return floor_message(self.robot, below, self.floor, self.scene.ground)

    def check(self, q: ArrayLike, frames: np.ndarray | None = None) -> Collisions:
        """The :class:`Collisions` at poses ``q`` ``(..., n)`` (API units); ``frames``
        ``(..., n + 1, 4, 4)``: ``robot.fk_all(q)`` when the caller has it already (the
        drawing, every frame), else computed here.

        The two links and the ball of :class:`Checker`'s example: link 2 turned 30 deg ends
        at (1 + cos 30, sin 30, 0); its axis passes ``cos 30 = 0.866`` m from the centre,
        ``0.866 - 0.5 - 0.1 = 0.266`` m apart; the frames the caller has give the same:

        >>> from robosim import Joint, Robot
        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> ball = Obstacle("ball", "sphere", xyz=(1.0, 1.0, 0.0), radius=0.5)
        >>> checker = Checker(arm, Scene((ball,), "m"), radius=0.1)
        >>> q = np.radians([0, 30])
        >>> checker.check(q).distances.round(3).tolist()
        [0.4, 0.266]
        >>> checker.check(q, arm.fk_all(q)).distances.round(3).tolist()
        [0.4, 0.266]
        """
        q = self.robot.check_q(q)
        flat = q.reshape(-1, self.robot.n)
        if frames is not None:
            frames = np.asarray(frames, dtype=float).reshape(flat.shape[0], self.robot.n + 1,
                                                             4, 4)
        out = np.empty((flat.shape[0], len(self.pairs)))
        for start in range(0, flat.shape[0], CHUNK):
            rows = slice(start, start + CHUNK)
            out[rows] = self._distances(_segments(self.solids, flat[rows],
                                                  None if frames is None else frames[rows]))
        return Collisions(self.pairs, out.reshape(q.shape[:-1] + (len(self.pairs),)))

    def _distances(self, segments):
        """Link-level pair distances ``(B, P)`` from capsule axes ``(B, C, 2, 3)``."""
        count = segments.shape[0]
        out = np.full((count, len(self.pairs)), np.inf)
        r = self.solids.radius
        if len(self.solids.self_pairs):
            a, b = self.solids.self_pairs.T
            d = segment_segment_distance(segments[:, a, 0], segments[:, a, 1],
                                         segments[:, b, 0], segments[:, b, 1]) - 2 * r
            self._self_min.into(out, d)
        if not self.scene.obstacles:
            return out
        table = np.empty((count, len(self._scene_min.order)))                # (B, M)
        world = segments.reshape(-1, 3)                                  # (B * C * 2, 3)
        for shape, (columns, capsules, place) in self._scene_pairs.items():
            ks = self._kinds[shape]
            frames = self._frames[ks]                                       # (K, 4, 4)
            rotation = frames[:, :3, :3].transpose(2, 0, 1).reshape(3, -1)  # (3, K * 3)
            local = (world @ rotation).reshape(count, -1, 2, len(ks), 3) + frames[:, :3, 3]
            local = local.transpose(0, 1, 3, 2, 4)[:, capsules, place]   # (B, M_s, 2, 3)
            p = [local[:, :, 0, k] for k in range(3)]                       # (B, M_s)
            u = [local[:, :, 1, k] - p[k] for k in range(3)]
            obstacle = np.asarray(ks)[place]
            if shape == "box":
                half = [np.broadcast_to(self._half[obstacle, k], p[0].shape) for k in range(3)]
                dist = _segment_box_distance(p, u, half)
            elif shape == "sphere":
                dist = _segment_point_distance(np.stack(p, -1), np.stack(u, -1),
                                               0.0) - self._radius[obstacle]
            else:
                dist = _segment_cylinder_distance(np.stack(p, -1), np.stack(u, -1),
                                                  self._radius[obstacle],
                                                  self._half_height[obstacle])
            table[:, columns] = dist - r
        self._scene_min.into(out, table)
        return out


class _GroupMin:
    """``out[:, g] = min(out[:, g], values[:, i])`` for every column ``i`` of group ``g``
    (``groups`` ``(M,)``, fixed): the columns sorted by group once, then one reduceat."""

    def __init__(self, groups):
        self.order = np.argsort(groups, kind="stable")
        self.groups, self.starts = np.unique(groups[self.order], return_index=True)

    def into(self, out, values):
        if not len(self.groups):
            return
        smallest = np.minimum.reduceat(values[:, self.order], self.starts, axis=1)
        out[:, self.groups] = np.minimum(out[:, self.groups], smallest)


def check(robot: Robot, q: ArrayLike, scene: Scene | None = None,
          radius: float | None = None) -> Collisions:
    """Whether poses collide, which pairs, and the smallest distance.

    Parameters
    ----------
    robot : robosim.Robot
        The arm, its links as capsules.
    q : array_like (..., n)
        Poses (API units: radians, length unit); one pose ``(n,)`` or a batch.
    scene : Scene, optional
        The obstacles; :func:`default_scene` (the floor, the Lynx6's table) when None.
    radius : float, optional
        The links' capsule radius (length unit); default :data:`LINK_RADIUS` x length_scale.

    Returns
    -------
    Collisions
        ``collides`` ``(...)``, ``distance`` ``(...)``, ``distances`` ``(..., P)`` over
        ``pairs``, ``colliding_pairs(index)``. For many calls on one robot and scene, make a
        :class:`Checker` once.

    Examples
    --------
    The Lynx6 at home stands clear of its table. With the gripper pointing straight down at
    ``(145, 0, 30)`` mm (``q = (0, 0, 0, -90, 0)`` degrees, see :func:`robosim.ik.lynx6_ik`)
    its tip is 30 mm above the table top, less the links' radius ``0.02 x 485 = 9.7`` mm; put
    50 mm lower, the gripper is in the table:

    >>> import robosim
    >>> from robosim.ik import lynx6_ik
    >>> lynx = robosim.load_robot("lynx6")
    >>> bool(check(lynx, lynx.home).collides)
    False
    >>> above = check(lynx, np.radians([0, 0, 0, -90, 0]))
    >>> above.colliding_pairs(), round(float(above.distance), 3)
    ([], 20.3)
    >>> check(lynx, lynx6_ik(lynx, [145, 0, -20], np.radians(-90)).q).colliding_pairs()
    [('link 4 (wrist)', 'table')]
    """
    return Checker(robot, scene, radius).check(q)


def random_free_q(checker: Checker, rng: int | np.random.Generator | None, tries: int = 200,
                  robot: Robot | None = None) -> np.ndarray | None:
    """A uniformly random configuration inside the limits that collides with nothing.

    Draws ``tries`` configurations of ``robot`` (default the checker's; a robot of the same
    geometry with narrower limits, such as a calibrated arm's planning robot) at once and
    returns the first that is clear, or None when none is.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> ball = Obstacle("ball", "sphere", xyz=(1.0, 1.0, 0.0), radius=0.5)
    >>> checker = Checker(arm, Scene((ball,), "m"), radius=0.1)
    >>> q = random_free_q(checker, rng=1)
    >>> bool(arm.within_limits(q)), bool(checker.check(q).collides)
    (True, False)
    """
    candidates = (checker.robot if robot is None else robot).random_q(tries, rng=rng)
    clear = ~checker.check(candidates).collides
    return candidates[np.argmax(clear)] if clear.any() else None


def first_collision(checker: Checker, q: ArrayLike) -> tuple[int, str] | None:
    """The first pose of a trajectory ``q`` ``(N, n)`` that collides: its index and the pairs
    in words ("link 4 (wrist) hits table"), or None when none does (what a trajectory is
    flagged with before it plays).

    The two links and the ball of :class:`Checker`'s example, link 2 turning 0, 30, 60, 90
    deg: its axis passes ``cos(angle)`` m from the ball's centre, less than ``0.5 + 0.1`` m
    from 53.1 deg on, so the pose at 60 deg (index 2) is the first to collide:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> ball = Obstacle("ball", "sphere", xyz=(1.0, 1.0, 0.0), radius=0.5)
    >>> checker = Checker(arm, Scene((ball,), "m"), radius=0.1)
    >>> first_collision(checker, np.radians([[0, 0], [0, 30], [0, 60], [0, 90]]))
    (2, 'link 2 hits ball')
    >>> first_collision(checker, np.radians([[0, 0], [0, 30]])) is None
    True
    """
    found = checker.check(q)
    hits = np.flatnonzero(found.collides)
    if not hits.size:
        return None
    first = int(hits[0])
    return first, found.describe(first)[len("collision: "):]


__all__: Sequence[str] = ("FORMAT", "LINK_RADIUS", "Checker", "Collisions", "LinkSolids",
                          "Obstacle", "Scene", "capsule_distance", "capsule_segments", "check",
                          "default_scene", "first_collision", "link_solids", "load_scene",
                          "random_free_q", "save_scene", "scene_from_dict", "scene_to_dict",
                          "segment_segment_distance")

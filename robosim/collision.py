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

**One pose and a batch.** Every distance is one formula written on coordinates, computed on
Python floats for one pose (what the GUI checks every frame of a drag or a played trajectory:
numpy's per-call cost would be most of its time) and on ``(B,)`` arrays for a batch, by the
same code (:mod:`robosim.elementary`, as the kinematics do): the two give the same distances.

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

from .elementary import ArrayMath, FloatMath
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
CHUNK = 8192
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
    joint_d = _joint_d(robot)
    for start in range(0, flat.shape[0], CHUNK):
        values = list(flat[start:start + CHUNK].T)
        points = _axis_points(robot, joint_d, robot.chain_frames(values, keep_all=True), values)
        for c, piece in enumerate(solids.pieces):
            for end in range(2):
                for k in range(3):
                    out[start:start + CHUNK, c, end, k] = points[piece + end][k]
    return out.reshape(q.shape[:-1] + out.shape[1:])


def _joint_d(robot):
    """Per joint: whether ``d`` is constant (a revolute joint) and its constant part (``d``,
    or a prismatic joint's offset, to which its value is added)."""
    return [(j.is_revolute, float(j.d if j.is_revolute else j.offset)) for j in robot.joints]


def _axis_points(robot, joint_d, frames, values):
    """The points the capsules' axes join, ``o_0, c_1, o_1, c_2, ..., o_n, tip`` (``2 n + 2``):
    each a triple of Python floats (one pose) or of ``(B,)`` arrays (a batch).

    ``frames`` are the ``n + 1`` column frames of :meth:`robosim.Robot.chain_frames` (base
    first), ``values`` the joint values (only a prismatic joint's ``d`` needs them),
    ``joint_d`` :func:`_joint_d`. The arithmetic of :func:`robosim.link_geometry.link_corners`:
    the corner ``c_i`` is ``d_i`` along frame i-1's z from its origin (standard DH), or back
    along frame i's z from its origin (modified); the tip is the tool point of frame n.
    """
    points = []
    standard = robot.convention == "standard"
    for i, (constant, d0) in enumerate(joint_d):
        d = d0 if constant else values[i] + d0
        start = frames[i][3]
        if standard:
            (z0, z1, z2), (o0, o1, o2) = frames[i][2], start
            corner = (o0 + d * z0, o1 + d * z1, o2 + d * z2)
        else:
            (z0, z1, z2), (o0, o1, o2) = frames[i + 1][2], frames[i + 1][3]
            corner = (o0 - d * z0, o1 - d * z1, o2 - d * z2)
        points += [start, corner]
    (x0, x1, x2), (y0, y1, y2), (z0, z1, z2), (o0, o1, o2) = frames[-1]
    t0, t1, t2 = robot.tool_xyz
    points += [(o0, o1, o2), (o0 + (x0 * t0 + y0 * t1 + z0 * t2),
                              o1 + (x1 * t0 + y1 * t1 + z1 * t2),
                              o2 + (x2 * t0 + y2 * t1 + z2 * t2))]
    return points


# ----------------------------------------------------------------------------- distances
# Each kernel is one formula on components: a point is a triple (x, y, z) of Python floats
# (one pose, ops=_FloatOps: no numpy per-call cost) or of equally shaped arrays (a batch,
# ops=_ArrayOps), as robosim.robot.chain_components and the IK do (robosim.elementary).
class _FloatOps(FloatMath):
    """:class:`robosim.elementary.FloatMath` with the masked updates of the box kernel: one
    pose, a mask is one bool."""

    largest = max
    smallest = min
    any = bool

    @staticmethod
    def take(values: Any, mask: bool) -> Any:
        """The values where ``mask`` holds: the value itself (only called when it holds)."""
        return values

    @staticmethod
    def put(values: Any, mask: bool, new: Any) -> Any:
        """``values`` with ``new`` where ``mask`` holds."""
        return new if mask else values


class _ArrayOps(ArrayMath):
    """:class:`robosim.elementary.ArrayMath` with the masked updates of the box kernel."""

    any = staticmethod(np.any)

    @staticmethod
    def largest(values: list[np.ndarray]) -> np.ndarray:
        """Element-wise largest of equally shaped arrays."""
        return np.max(values, axis=0)

    @staticmethod
    def smallest(values: list[np.ndarray]) -> np.ndarray:
        """Element-wise smallest of equally shaped arrays."""
        return np.min(values, axis=0)

    @staticmethod
    def take(values: Any, mask: np.ndarray) -> Any:
        """The entries of ``values`` where ``mask`` holds (a float or a 0-d array as it is)."""
        return values[mask] if np.ndim(values) else values

    @staticmethod
    def put(values: Any, mask: np.ndarray, new: Any) -> Any:
        """``values`` with ``new`` where ``mask`` holds (in place; ``new`` itself for one
        value, which a capsule fixed to the base gives in a batch too)."""
        if not np.ndim(values):
            return new
        values[mask] = new
        return values


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
    p1, q1, p2, q2 = np.broadcast_arrays(*(np.asarray(v, dtype=float) for v in (p1, q1, p2, q2)))
    return np.asarray(_segment_segment(_ArrayOps, *(_components(v) for v in (p1, q1, p2, q2))))


def _components(points):
    """``(..., 3)`` points as the triple of their ``(...)`` coordinates."""
    return points[..., 0], points[..., 1], points[..., 2]


def _segment_segment(ops, p1, q1, p2, q2):
    """:func:`segment_segment_distance` on component triples (``ops``: floats or arrays)."""
    (a0, a1, a2), (b0, b1, b2) = p1, p2
    d0, d1, d2 = q1[0] - a0, q1[1] - a1, q1[2] - a2                   # p1 -> q1
    e0, e1, e2 = q2[0] - b0, q2[1] - b1, q2[2] - b2                   # p2 -> q2
    r0, r1, r2 = a0 - b0, a1 - b1, a2 - b2
    a, e = d0 * d0 + d1 * d1 + d2 * d2, e0 * e0 + e1 * e1 + e2 * e2
    b = d0 * e0 + d1 * e1 + d2 * e2
    c, f = d0 * r0 + d1 * r1 + d2 * r2, e0 * r0 + e1 * r1 + e2 * r2
    tiny = 1e-300
    a_ok, e_ok = a > tiny, e > tiny
    a_safe, e_safe = ops.where(a_ok, a, 1.0), ops.where(e_ok, e, 1.0)
    denom = a * e - b * b
    s = ops.where(denom > 1e-12 * a * e,
                  ops.clip((b * f - c * e) / ops.where(denom > 0, denom, 1.0), 0.0, 1.0), 0.0)
    t = (b * s + f) / e_safe
    nearest_to_p2 = ops.clip(-c / a_safe, 0.0, 1.0)          # s of the point nearest to p2
    s = ops.where(t < 0, nearest_to_p2,
                  ops.where(t > 1, ops.clip((b - c) / a_safe, 0.0, 1.0), s))
    t = ops.clip(t, 0.0, 1.0)
    s = ops.where(a_ok, ops.where(e_ok, s, nearest_to_p2), 0.0)
    t = ops.where(e_ok, ops.where(a_ok, t, ops.clip(f / e_safe, 0.0, 1.0)), 0.0)
    g0 = (a0 + s * d0) - (b0 + t * e0)
    g1 = (a1 + s * d1) - (b1 + t * e1)
    g2 = (a2 + s * d2) - (b2 + t * e2)
    return ops.sqrt(g0 * g0 + g1 * g1 + g2 * g2)


def capsule_distance(p1: ArrayLike, q1: ArrayLike, r1: float, p2: ArrayLike, q2: ArrayLike,
                     r2: float) -> np.ndarray:
    """Distance between two capsules (axis ends ``(..., 3)``, radii): negative overlapping.

    >>> float(capsule_distance([0, 0, 0], [10, 0, 0], 1, [5, -5, 4], [5, 5, 4], 1))
    2.0
    """
    arrays = [np.asarray(v, dtype=float) for v in (p1, q1, p2, q2)]
    return segment_segment_distance(*arrays) - r1 - r2


def _segment_origin_distance(ops, p, u):
    """Distance from segments ``p + t u`` (t in [0, 1]; component triples) to the origin."""
    (p0, p1, p2), (u0, u1, u2) = p, u
    uu = u0 * u0 + u1 * u1 + u2 * u2
    t = ops.clip(-(p0 * u0 + p1 * u1 + p2 * u2) / ops.where(uu > 0, uu, 1.0), 0.0, 1.0)
    g0, g1, g2 = p0 + t * u0, p1 + t * u1, p2 + t * u2
    return ops.sqrt(g0 * g0 + g1 * g1 + g2 * g2)


def _segment_box_distance(p, u, half, ops=_ArrayOps):
    """Distance from segments ``p + t u`` (t in [0, 1]) to boxes ``|x_k| <= half_k`` in the
    box's frame; ``p``, ``u``, ``half`` are triples (x, y, z) of floats (``ops=_FloatOps``) or
    of equally shaped arrays (``half``'s may be floats).

    The squared distance ``f(t)`` is convex and quadratic between the ``t`` where the segment
    crosses a face's plane. When both ends lie on the same side of every slab
    ``|x_k| <= half_k`` (below, inside or above: the usual case, a link far from a box) ``f``
    is one quadratic, minimised in closed form; the other segments go to
    :func:`_segment_box_crossing`.
    """
    crossing = False
    numerator = denominator = 0.0
    for k in range(3):
        start, end, h = p[k], p[k] + u[k], half[k]
        below, above = start < -h, start > h
        crossing = crossing | (below != (end < -h)) | (above != (end > h))
        face = ops.where(below, -h, h)
        uk = ops.where(below | above, u[k], 0.0)
        numerator = numerator - (start - face) * uk
        denominator = denominator + uk * uk
    t = ops.where(denominator > 0,
                  ops.clip(numerator / ops.where(denominator > 0, denominator, 1.0), 0.0, 1.0),
                  0.0)
    distance = _box_gap(ops, p, u, half, t)
    if ops.any(crossing):
        p, u, half = ([ops.take(v, crossing) for v in triple] for triple in (p, u, half))
        distance = ops.put(distance, crossing, _segment_box_crossing(ops, p, u, half))
    return distance


def _box_gap(ops, p, u, half, t):
    """Distance from the points ``p + t u`` to the boxes."""
    g0, g1, g2 = _box_outside(ops, p, u, half, t)
    return ops.sqrt(g0 * g0 + g1 * g1 + g2 * g2)


def _box_outside(ops, p, u, half, t):
    """How far the points ``p + t u`` are past the box's faces along x, y, z (0 between
    them): ``x - clip(x, -half, half)``, a triple."""
    (p0, p1, p2), (u0, u1, u2), (h0, h1, h2) = p, u, half
    maximum, minimum = ops.maximum, ops.minimum
    x0, x1, x2 = p0 + t * u0, p1 + t * u1, p2 + t * u2
    return (maximum(x0 - h0, 0.0) + minimum(x0 + h0, 0.0),
            maximum(x1 - h1, 0.0) + minimum(x1 + h1, 0.0),
            maximum(x2 - h2, 0.0) + minimum(x2 + h2, 0.0))


def _segment_box_crossing(ops, p, u, half):
    """:func:`_segment_box_distance` for segments that cross slab planes.

    The half slope ``g(t) = u . (x(t) - clip(x(t)))`` of the squared distance rises through
    0 at the minimum. ``g`` is evaluated at 0, 1 and the crossings; between the last of them
    where it is negative and the first where it is not, ``g`` is linear: its root is exact.
    """
    candidates = [0.0, 1.0]
    for k in range(3):
        moves = u[k] != 0.0
        along = ops.where(moves, u[k], 1.0)
        candidates += [ops.where(moves, ops.clip((face - p[k]) / along, 0.0, 1.0), 0.0)
                       for face in (-half[k], half[k])]

    u0, u1, u2 = u

    def slope(t):
        g0, g1, g2 = _box_outside(ops, p, u, half, t)
        return g0 * u0 + g1 * u1 + g2 * u2

    slopes = [(t, slope(t)) for t in candidates]
    low = ops.largest([ops.where(g < 0, t, -1.0) for t, g in slopes])
    high = ops.smallest([ops.where(g >= 0, t, 2.0) for t, g in slopes])
    bracket = (low >= 0) & (high <= 1)
    g_low, g_high = slope(ops.clip(low, 0.0, 1.0)), slope(ops.clip(high, 0.0, 1.0))
    root = low - g_low * (high - low) / ops.where(bracket, g_high - g_low, 1.0)
    t = ops.where(bracket, root, ops.where(low < 0, 0.0, 1.0))
    return _box_gap(ops, p, u, half, t)


def _segment_cylinder_distance(p, u, radius, half_height):
    """Distance from segments ``p + t u`` (``p``, ``u`` ``(..., 3)``) to cylinders about their
    own z axis (radius, half height): :func:`_segment_cylinder` on arrays."""
    return _segment_cylinder(_ArrayOps, _components(p), _components(u), radius, half_height)


def _segment_cylinder(ops, p, u, radius, half_height):
    """Distance from segments ``p + t u`` (component triples) to cylinders about their own z
    axis (radius, half height), by bisection on the slope of the convex squared distance."""
    (p0, p1, p2), (u0, u1, u2) = p, u

    def slope(t):
        x0, x1, x2 = p0 + t * u0, p1 + t * u1, p2 + t * u2
        rho = ops.sqrt(x0 * x0 + x1 * x1)
        scale = ops.minimum(1.0, radius / ops.where(rho > 0, rho, 1.0))
        return x0 - x0 * scale, x1 - x1 * scale, x2 - ops.clip(x2, -half_height, half_height)

    low, high = 0.0, 1.0
    for _ in range(CYLINDER_BISECTIONS):
        middle = (low + high) / 2
        g0, g1, g2 = slope(middle)
        rising = g0 * u0 + g1 * u1 + g2 * u2 >= 0
        high = ops.where(rising, middle, high)
        low = ops.where(rising, low, middle)
    g0, g1, g2 = slope((low + high) / 2)
    return ops.sqrt(g0 * g0 + g1 * g1 + g2 * g2)


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
        labels, link_of, pieces = solids.labels, solids.link_of.tolist(), solids.pieces.tolist()
        groups: dict[tuple[str, str], int] = {}          # link-level pair -> its index in pairs
        self._pair_links: list[tuple[int, ...]] = []     # its links (0-based)

        def group(pair, links):
            if pair not in groups:
                groups[pair] = len(groups)
                self._pair_links.append(links)
            return groups[pair]

        # The capsule pairs checked, prepared once per robot and scene, each with the index of
        # its link-level pair: capsule against capsule (their axes' first points in
        # _axis_points), then capsule against obstacle (the first point, the world-to-obstacle
        # rows, the shape and its sizes). The pairs an obstacle ignores (link 1 on its floor or
        # table) are left out: they cost nothing per pose.
        self._self_pairs = [(group((labels[link_of[a]], labels[link_of[b]]),
                                   (link_of[a], link_of[b])), pieces[a], pieces[b])
                            for a, b in solids.self_pairs.tolist()]
        self._scene_pairs: list[tuple[int, int, list[list[float]], str, Any]] = []
        for obstacle in scene.obstacles:
            rows = np.linalg.inv(obstacle.transform)[:3].tolist()        # local = R^T (x - o)
            size = {"box": tuple(v / 2 for v in obstacle.size), "sphere": obstacle.radius,
                    "cylinder": (obstacle.radius, obstacle.height / 2)}[obstacle.shape]
            for c, piece in enumerate(pieces):
                if link_of[c] + 1 not in obstacle.ignore_links:
                    self._scene_pairs.append((group((labels[link_of[c]], obstacle.name),
                                                    (link_of[c],)), piece, rows,
                                              obstacle.shape, size))
        self.pairs = tuple(groups)
        self._joint_d = _joint_d(robot)

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

        One pose ``(n,)`` is computed on Python floats (numpy's per-call cost would be most of
        its time), a batch on ``(B,)`` columns in blocks of :data:`CHUNK` poses: the same
        formulas (:meth:`_distances`), the same distances.

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
        n = self.robot.n
        if frames is not None:
            frames = np.asarray(frames, dtype=float).reshape(q.shape[:-1] + (n + 1, 4, 4))
        # The frames as the columns (X, Y, Z, P) of robot.chain_frames: Python floats for
        # one pose, (B,) arrays for a batch; computed here when the caller has none.
        if q.ndim == 1:
            values = q.tolist()
            columns = (self.robot.chain_frames(values, keep_all=True) if frames is None else
                       frames[:, :3].swapaxes(1, 2).tolist())
            return Collisions(self.pairs, np.array(self._distances(_FloatOps, values, columns),
                                                   dtype=float))
        flat = q.reshape(-1, n)
        frames = None if frames is None else frames.reshape(flat.shape[0], n + 1, 4, 4)
        out = np.empty((flat.shape[0], len(self.pairs)))
        for start in range(0, flat.shape[0], CHUNK):
            rows = slice(start, start + CHUNK)
            values = list(flat[rows].T)
            columns = (self.robot.chain_frames(values, keep_all=True) if frames is None else
                       np.moveaxis(frames[rows, :, :3], 0, -1).swapaxes(1, 2))
            for pair, distance in enumerate(self._distances(_ArrayOps, values, columns)):
                out[rows, pair] = distance
        return Collisions(self.pairs, out.reshape(q.shape[:-1] + (len(self.pairs),)))

    def _distances(self, ops, values, columns):
        """The link-level pair distances at one pose (``values``: n floats, ``ops``
        :class:`_FloatOps`) or a batch (n ``(B,)`` columns, :class:`_ArrayOps`): a list of P
        floats or ``(B,)`` arrays. ``columns``: the ``n + 1`` frames (base first) as the
        columns ``(X, Y, Z, P)`` of :meth:`robosim.Robot.chain_frames`."""
        robot = self.robot
        points = _axis_points(robot, self._joint_d, columns, values)
        r = self.solids.radius
        out: list[Any] = [math.inf] * len(self.pairs)
        for pair, a, b in self._self_pairs:
            distance = _segment_segment(ops, points[a], points[a + 1], points[b],
                                        points[b + 1]) - 2 * r
            out[pair] = ops.minimum(out[pair], distance)
        for pair, piece, rows, shape, size in self._scene_pairs:
            (r00, r01, r02, r03), (r10, r11, r12, r13), (r20, r21, r22, r23) = rows
            (x0, x1, x2), (y0, y1, y2) = points[piece], points[piece + 1]
            p0, p1, p2 = (r00 * x0 + r01 * x1 + r02 * x2 + r03, r10 * x0 + r11 * x1 + r12 * x2
                          + r13, r20 * x0 + r21 * x1 + r22 * x2 + r23)
            u = (r00 * y0 + r01 * y1 + r02 * y2 + r03 - p0, r10 * y0 + r11 * y1 + r12 * y2
                 + r13 - p1, r20 * y0 + r21 * y1 + r22 * y2 + r23 - p2)
            if shape == "box":
                distance = _segment_box_distance((p0, p1, p2), u, size, ops)
            elif shape == "sphere":
                distance = _segment_origin_distance(ops, (p0, p1, p2), u) - size
            else:
                distance = _segment_cylinder(ops, (p0, p1, p2), u, *size)
            out[pair] = ops.minimum(out[pair], distance - r)
        return out


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

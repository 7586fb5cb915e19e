"""Scenes: the obstacles around an arm (boxes, spheres, cylinders) in the robot's length unit.

:class:`Obstacle` is one of them at a pose, :class:`Scene` holds them with their unit;
:data:`SHAPES` are the shapes a scene file may name, :data:`FORMAT` its format, and
:data:`MAX_OBSTACLES` and :data:`MAX_SCENE_NUMBER` bound what a file may hold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import checks
from ..errors import ValidationError, ValidationTypeError, brief
from ..kinematics import MAX_JOINTS, xyzrpy2tr


FORMAT = "robosim-scene/1"
SHAPES = ("box", "sphere", "cylinder")
#: Most obstacles in a scene, and the largest number in a scene file (a kilometre in mm).
MAX_OBSTACLES = 200
MAX_SCENE_NUMBER = 1e6
#: The lengths an obstacle of each shape needs (all others stay 0).
SHAPE_LENGTHS = {"box": ("size",), "sphere": ("radius",), "cylinder": ("radius", "height")}
UNITS = ("mm", "cm", "m")


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

    def __post_init__(self):
        try:
            values = obstacle_fields(self.name, self.shape, self.xyz, self.rpy, self.size,
                                     self.radius, self.height, self.ignore_links)
        except ValidationError as error:
            raise type(error)(f"obstacle {brief(self.name, 40)}: {error}") from None
        for key, value in values.items():
            object.__setattr__(self, key, value)

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

    def __post_init__(self):
        object.__setattr__(self, "obstacles",
                           checks.instances(self.obstacles, Obstacle, "obstacles", MAX_OBSTACLES))
        checks.choice(self.unit, "a scene's unit", UNITS)

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


def obstacle_fields(name: Any, shape: Any, xyz: Any, rpy: Any, size: Any, radius: Any,
                    height: Any, ignore_links: Any) -> dict[str, Any]:
    """The fields of an :class:`Obstacle`, checked and as it keeps them (tuples of floats): the
    one set of rules for obstacles made in Python and read from scene files
    (:func:`~robosim.collision.scene_from_dict`, which names the file and the obstacle).

    A name that is text; a shape of :data:`SHAPES`; positions and lengths finite and at most
    :data:`MAX_SCENE_NUMBER` (angles the same number of degrees); the lengths the shape needs
    (:data:`SHAPE_LENGTHS`) more than 0 and the others 0; ``ignore_links`` link numbers from 1
    to :data:`~robosim.kinematics.MAX_JOINTS` (a checker compares them with its robot).

    Examples
    --------
    >>> obstacle_fields("ball", "sphere", (1, 2, 3), (0, 0, 0), (0, 0, 0), 0.5, 0, [1])["xyz"]
    (1.0, 2.0, 3.0)
    >>> obstacle_fields("ball", "sphere", (1, 2, 3), (0, 0, 0), (0, 0, 0), float("nan"), 0, ())
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: radius must be a number more than 0 and at most 1e+06, got nan
    """
    if not isinstance(name, str) or not name.strip():
        raise ValidationError(f"name must be a non-empty text, got {brief(name)}")
    shape = checks.choice(shape, "shape", SHAPES)
    values: dict[str, Any] = {
        "name": name, "shape": shape, "xyz": coordinates(xyz, "xyz", MAX_SCENE_NUMBER),
        "rpy": coordinates(rpy, "rpy", math.radians(MAX_SCENE_NUMBER)),
        "ignore_links": _link_numbers(ignore_links)}
    lengths = {"size": size, "radius": radius, "height": height}
    for key, value in lengths.items():
        needed = key in SHAPE_LENGTHS[shape]
        if key == "size":
            value = coordinates(value, "size", MAX_SCENE_NUMBER)
            if needed:
                for number in value:
                    checks.positive(number, "size", MAX_SCENE_NUMBER)
            present = any(value)
        else:
            value = (checks.positive(value, key, MAX_SCENE_NUMBER) if needed
                     else checks.finite(value, key))
            present = value != 0
        if present and not needed:
            raise ValidationError(f"a {shape} has no {key} (it has "
                                  f"{' and '.join(SHAPE_LENGTHS[shape])}), got {brief(value)}")
        values[key] = value
    return values


def coordinates(value: Any, name: str, bound: float) -> tuple[float, ...]:
    """Three finite numbers, each at most ``bound`` in size, as a tuple of floats (an
    obstacle's position, angles or size; a scene file's angles in degrees)."""
    numbers = checks.vector(value, name)
    if np.abs(numbers).max() > bound:
        raise ValidationError(f"{name} must be 3 numbers from {-bound:g} to {bound:g}, got "
                              f"{brief(numbers.tolist())}")
    return tuple(numbers.tolist())


def _link_numbers(value):
    """Link numbers from 1 to :data:`~robosim.kinematics.MAX_JOINTS`, as a tuple of ints."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (tuple, list, np.ndarray)):
        raise ValidationTypeError(f"ignore_links must be a list of link numbers 1 to "
                                  f"{MAX_JOINTS}, got {type(value).__name__} {brief(value)}")
    return tuple(checks.count(link, "ignore_links: a link number", 1, MAX_JOINTS)
                 for link in value)

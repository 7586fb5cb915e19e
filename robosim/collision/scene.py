"""Scenes: the obstacles around an arm (boxes, spheres, cylinders) in the robot's length unit.

:class:`Obstacle` is one of them at a pose, :class:`Scene` holds them with their unit;
:data:`SHAPES` are the shapes a scene file may name, :data:`FORMAT` its format, and
:data:`MAX_OBSTACLES` and :data:`MAX_SCENE_NUMBER` bound what a file may hold.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..kinematics import xyzrpy2tr


FORMAT = "robosim-scene/1"
SHAPES = ("box", "sphere", "cylinder")
#: Most obstacles in a scene, and the largest number in a scene file (a kilometre in mm).
MAX_OBSTACLES = 200
MAX_SCENE_NUMBER = 1e6


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

"""Collisions: the links as capsules, obstacles in a scene, and the distances between them.

**Link solids.** Each DH link is the two straight pieces of
:func:`robosim.kinematics.link_corners` (along ``z`` by ``d`` and along ``x`` by ``a``); the
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
closed forms (*Real-Time Collision Detection*, 2005, 5.1.9 and 5.1.2); segment to box is exact
(the slope of the squared distance is linear between the planes of the box's faces, Ericson's
slab test 5.3.3 finds which of them matter); segment to cylinder halves the segment
:data:`CYLINDER_BISECTIONS` times on that slope's sign. The floor is a box
(:func:`default_scene`).

**One pose and a batch.** Every distance is one formula written on coordinates over the math
namespace of :mod:`robosim.kinematics.elementary`, as the kinematics are. The check gathers
all the pairs of a pose (the arm's own capsule pairs; each capsule against each obstacle, by
shape) into arrays ``(pairs, poses)`` and evaluates each formula once on them: one pose is a
batch of one, and its cost does not grow with the number of pairs.

**Scenes.** A :class:`Scene` holds boxes, spheres and cylinders in the robot's length unit; its
JSON file format (``robosim-scene/1``) is in docs/formats.md and its JSON Schema in
``docs/scene.schema.json``. :func:`default_scene` is the floor under the arm (none for an arm
without one, see :func:`robosim.kinematics.floor_height`) and, for the Lynx6, its table.

Worked example (a student can check it by hand): two capsules of radius 1, one along x from
(0, 0, 0) to (10, 0, 0), the other along y from (5, -5, 4) to (5, 5, 4), are 4 - 1 - 1 = 2 apart:
:func:`capsule_distance` gives 2.0.

**Modules.** One concept a module, the public names re-exported here
(``robosim.collision.check``):

- :mod:`robosim.collision.scene`: :class:`Obstacle`, :class:`Scene`, the shapes and bounds;
- :mod:`robosim.collision.scene_files`: :func:`scene_from_dict`, :func:`scene_to_dict`,
  :func:`load_scene`, :func:`save_scene`, and :func:`default_scene` (built from the file form);
- :mod:`robosim.collision.solids`: :class:`LinkSolids`, :func:`link_solids`,
  :func:`capsule_segments`, :data:`LINK_RADIUS`;
- :mod:`robosim.collision.distances`: :func:`segment_segment_distance`,
  :func:`capsule_distance`, and the formulas from a segment to each shape (over ``ops``);
- :mod:`robosim.collision.checker`: :class:`Checker`, :func:`check`, :class:`Collisions`,
  :func:`random_free_q`, :func:`first_collision`, :func:`hit_words` (colliding pairs in
  words).
"""

from .checker import Checker, Collisions, check, first_collision, hit_words, random_free_q
from .distances import CYLINDER_BISECTIONS, capsule_distance, segment_segment_distance
from .scene import FORMAT, MAX_OBSTACLES, MAX_SCENE_NUMBER, SHAPES, Obstacle, Scene
from .scene_files import (
                          FLOOR_WIDTH,
                          LYNX6_TABLE,
                          default_scene,
                          load_scene,
                          save_scene,
                          scene_from_dict,
                          scene_to_dict,
)
from .solids import CHUNK, LINK_RADIUS, LinkSolids, capsule_segments, link_solids

__all__ = ["CHUNK", "CYLINDER_BISECTIONS", "Checker", "Collisions", "FLOOR_WIDTH", "FORMAT",
           "LINK_RADIUS", "LYNX6_TABLE", "LinkSolids", "MAX_OBSTACLES", "MAX_SCENE_NUMBER",
           "Obstacle", "SHAPES", "Scene", "capsule_distance", "capsule_segments", "check",
           "default_scene", "first_collision", "hit_words", "link_solids", "load_scene",
           "random_free_q", "save_scene", "scene_from_dict", "scene_to_dict",
           "segment_segment_distance"]

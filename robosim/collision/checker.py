"""The check: which pairs of solids collide at a pose or a batch of them, and how far apart.

:class:`Checker` prepares an arm's solids and a scene once and checks poses (what the GUI does
every frame); :func:`check` does both at once and returns :class:`Collisions`;
:func:`random_free_q` draws a pose that collides with nothing and :func:`first_collision`
finds the first colliding pose of a sequence.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..errors import ValidationError, ValidationTypeError, brief
from ..kinematics import below_floor, floor_height, floor_message, Robot
from ..kinematics.chain import Frame, frame_columns, frame_point
from ..kinematics.elementary import ArrayMath
from ..kinematics.transforms import inverse
from .distances import segment_box, segment_cylinder, segment_origin, segment_segment
from .scene import SHAPES, Scene
from .scene_files import default_scene
from .solids import axis_points, link_solids


#: Capsule pairs times poses whose distances are computed at once: enough to spread numpy's
#: per-call cost, few enough that the working arrays (up to 6 floats a pair and pose) stay
#: within the memory the allocator reuses from one block to the next rather than maps afresh.
#: Measured on the Lynx6 against 3 boxes (18 capsule pairs): 2,048, 4,096, 8,192 and 16,384
#: ran batches of 2,000 poses at about 230k, 340k, 230k and 190k poses/s.
PAIR_BLOCK = 4096


# ----------------------------------------------------------------------------- the check
def hit_words(pairs: Iterable[tuple[str, str]]) -> str:
    """Colliding pairs ``(a, b)`` as a status line and an error message say them.

    >>> hit_words([("link 5", "table"), ("link 1", "link 3")])
    'link 5 hits table; link 1 hits link 3'
    """
    return "; ".join(f"{a} hits {b}" for a, b in pairs)


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
        return self.distances.min(axis=-1, initial=np.inf)

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
            return "collision: " + hit_words(hits)
        if not self.pairs:
            return "no collision (nothing to collide with)"
        nearest = int(np.asarray(self.nearest)[index])
        a, b = self.pairs[nearest]
        distance = float(np.asarray(self.distance)[index])
        return f"no collision: nearest {a} to {b}, {distance:.4g} {unit}".rstrip() + " apart"


class _PairTables:
    """The capsule pairs of a :class:`Checker`, gathered into index and constant arrays, and
    their distances computed on all of them at once.

    Parameters
    ----------
    own : list of (int, int, int)
        The arm's own pairs: the link-level pair's index, each capsule's first axis point.
    with_obstacles : list of (int, int, Obstacle)
        The capsule-obstacle pairs, sorted by the obstacle's shape (:data:`SHAPES` order): the
        link-level pair's index, the capsule's first axis point, the obstacle.
    radius : float
        The capsules' radius.
    """

    def __init__(self, own: list[tuple[int, int, int]],
                 with_obstacles: list[tuple[int, int, Any]], radius: float) -> None:
        #: (4, S): the axis points p1, q1, p2, q2 of each pair of the arm's own capsules.
        self.own = np.array([[a, a + 1, b, b + 1] for _, a, b in own], dtype=int).T.reshape(4, -1)
        #: (2, M): the axis points p, q of each capsule checked against an obstacle.
        self.against = np.array([[piece, piece + 1] for _, piece, _ in with_obstacles],
                                dtype=int).T.reshape(2, -1)
        obstacles = [obstacle for _, _, obstacle in with_obstacles]
        # World to each obstacle's frame, as the columns (X, Y, Z, P) of chain_frames, each
        # component an (M, 1) array: local = R^T (x - o).
        placed = np.array([o.transform for o in obstacles]).reshape(-1, 1, 4, 4)
        self.to_obstacle: Frame = frame_columns(inverse(placed))
        # Each shape's rows (a slice of the M) and sizes ((rows, 1) arrays), and what is taken
        # off the axes' distance: the capsules' radius, a sphere's radius.
        self.shapes, radii, start = [], [2 * radius] * len(own), 0
        for shape in SHAPES:
            rows = [o for o in obstacles if o.shape == shape]
            if not rows:
                continue
            sizes = {"box": [[o.size[k] / 2 for o in rows] for k in range(3)],
                     "sphere": [], "cylinder": [[o.radius for o in rows],
                                                [o.height / 2 for o in rows]]}[shape]
            self.shapes.append((shape, slice(start, start + len(rows)),
                                [np.array(size)[:, None] for size in sizes]))
            radii += [radius + (o.radius if shape == "sphere" else 0.0) for o in rows]
            start += len(rows)
        self.radii = np.array(radii)[:, None]
        # The capsule pairs in the order of their link-level pairs, and where each begins: the
        # link-level distance is the smallest of its capsule pairs'.
        group = np.array([g for g, _, _ in own] + [g for g, _, _ in with_obstacles], dtype=int)
        #: The number of capsule pairs.
        self.count = len(group)
        self.order = np.argsort(group, kind="stable")
        self.starts = np.flatnonzero(np.diff(group[self.order], prepend=-1))

    def distances(self, points: np.ndarray) -> np.ndarray:
        """The link-level pairs' distances ``(P, b)`` at ``b`` poses, from the capsules' axis
        points ``(3, K, b)`` (:func:`~robosim.collision.solids.axis_points`)."""
        # (S = 0 or M = 0 pairs: the same lines on empty arrays give no distances)
        p1, q1, p2, q2 = points[:, self.own].swapaxes(0, 1)                   # (3, S, b) each
        parts = [segment_segment(ArrayMath, p1, q1, p2, q2)]
        x, y, z = (np.asarray(c) for c in              # (2, M, b): each capsule's two ends
                   frame_point(self.to_obstacle, tuple(points[:, self.against])))
        start, u = (x[0], y[0], z[0]), (x[1] - x[0], y[1] - y[0], z[1] - z[0])
        for shape, rows, sizes in self.shapes:
            p, v = tuple(c[rows] for c in start), tuple(c[rows] for c in u)
            parts.append(segment_box(ArrayMath, p, v, sizes) if shape == "box"
                         else segment_origin(ArrayMath, p, v) if shape == "sphere"
                         else segment_cylinder(ArrayMath, p, v, *sizes))
        capsules = np.concatenate(parts) - self.radii
        return np.minimum.reduceat(capsules[self.order], self.starts, axis=0)


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

    >>> from robosim.collision import Obstacle
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
        if not isinstance(scene, Scene):
            raise ValidationTypeError(f"scene must be a Scene (robosim.collision.load_scene "
                                      f"reads a scene file) or None, got "
                                      f"{type(scene).__name__} {brief(scene)}")
        for obstacle in scene.obstacles:
            beyond = [link for link in obstacle.ignore_links if link > robot.n]
            if beyond:
                raise ValidationError(f"obstacle {brief(obstacle.name, 40)}: ignore_links names "
                                      f"link {beyond[0]} but {robot.name} has {robot.n} links")
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

        # The capsule pairs, each with the index of its link-level pair (numbered in this
        # order: the arm's own pairs, then obstacle by obstacle). A capsule is named by its
        # axis's first point in axis_points (the next one ends it). The pairs an obstacle
        # ignores (link 1 on its floor or table) are left out.
        own = [(group((labels[link_of[a]], labels[link_of[b]]), (link_of[a], link_of[b])),
                pieces[a], pieces[b]) for a, b in solids.self_pairs.tolist()]
        with_obstacles = [(group((labels[link_of[c]], obstacle.name), (link_of[c],)), piece,
                           obstacle)
                          for obstacle in scene.obstacles for c, piece in enumerate(pieces)
                          if link_of[c] + 1 not in obstacle.ignore_links]
        with_obstacles.sort(key=lambda row: SHAPES.index(row[2].shape))
        self.pairs = tuple(groups)
        self._tables = _PairTables(own, with_obstacles, solids.radius)

    def links_hit(self, found: Collisions, index: int | tuple[int, ...] = ()) -> np.ndarray:
        """Which links ``(n,)`` are in a colliding pair of ``found`` at pose ``index``.

        The two links and the ball of :class:`Checker`'s example, link 2 turned 90 deg
        through the ball:

        >>> from robosim.collision import Obstacle
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
        below the robot's :attr:`floor` (:func:`robosim.kinematics.floor_message`; on a
        scene whose :attr:`Scene.ground` is a finite obstacle, such as the Lynx6's table, the
        links past its edge). The simulator's status line and the Dynamics window's account of
        a fall both say this. ``found`` (:meth:`check`) and ``below``
        (:func:`robosim.kinematics.below_floor`): what the caller computed at ``q`` already
        (the arm drawing, which colours those links), else computed here.

        An arm standing on its floor (z = 0), its column 1 m high, its 2 m arm turned down to
        reach 1 m below the floor; with the ball of :class:`Checker`'s example moved to the
        arm's tip, the collision is named first:

        >>> from robosim.collision import Obstacle
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

        Each distance formula is evaluated once on all the capsule pairs of the poses, in
        blocks of :data:`PAIR_BLOCK` pairs times poses: one pose is a block of one (its frames
        computed on Python floats, a batch's on ``(B,)`` columns, by the same
        :func:`~robosim.kinematics.chain.chain_frames`).

        The two links and the ball of :class:`Checker`'s example: link 2 turned 30 deg ends
        at (1 + cos 30, sin 30, 0); its axis passes ``cos 30 = 0.866`` m from the centre,
        ``0.866 - 0.5 - 0.1 = 0.266`` m apart; the frames the caller has give the same:

        >>> from robosim.collision import Obstacle
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
        n = self.robot.n
        q = checks.joint_array(self.robot, q, "q", floats=2 * n + 32 + len(self.pairs))
        if frames is not None:
            frames = checks.transforms(frames, "frames", q.shape[:-1] + (n + 1, 4, 4))
        return self.check_at_frames(q, frames)

    def check_at_frames(self, q: np.ndarray, frames: np.ndarray | None) -> Collisions:
        """:meth:`check` of joint values ``q`` ``(..., n)`` the caller has checked (a float
        array, as :meth:`robosim.Robot.check_q` returns it), at their ``frames``
        ``(..., n + 1, 4, 4)`` (``robot.fk_all(q)``) or None: nothing is checked again (the
        drawing, every frame of a movie)."""
        n, one = self.robot.n, q.ndim == 1
        flat = q.reshape(-1, n)
        frames = None if frames is None else frames.reshape(flat.shape[0], n + 1, 4, 4)
        out = np.empty((flat.shape[0], len(self.pairs)))
        block = max(1, PAIR_BLOCK // max(1, self._tables.count))
        for start in range(0, flat.shape[0], block):
            rows = slice(start, start + block)
            points = axis_points(self.robot, flat[0] if one else flat[rows],
                                 None if frames is None else frames[rows])
            out[rows] = self._tables.distances(points).T
        return Collisions(self.pairs, out.reshape(q.shape[:-1] + (len(self.pairs),)))


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

    >>> from robosim.collision import Obstacle
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> ball = Obstacle("ball", "sphere", xyz=(1.0, 1.0, 0.0), radius=0.5)
    >>> checker = Checker(arm, Scene((ball,), "m"), radius=0.1)
    >>> q = random_free_q(checker, rng=1)
    >>> bool(arm.within_limits(q)), bool(checker.check(q).collides)
    (True, False)
    """
    robot = checker.robot if robot is None else robot
    tries = checks.count(tries, "tries", 1, checks.MAX_BATCH_BYTES
                         // (8 * (3 * robot.n + 32 + len(checker.pairs))))
    candidates = robot.random_q(tries, rng=rng)
    clear = ~checker.check(candidates).collides
    return candidates[np.argmax(clear)] if clear.any() else None


def first_collision(checker: Checker, q: ArrayLike) -> tuple[int, str] | None:
    """The first pose of a trajectory ``q`` ``(N, n)`` that collides: its index and the pairs
    in words ("link 4 (wrist) hits table"), or None when none does (what a trajectory is
    flagged with before it plays).

    The two links and the ball of :class:`Checker`'s example, link 2 turning 0, 30, 60, 90
    deg: its axis passes ``cos(angle)`` m from the ball's centre, less than ``0.5 + 0.1`` m
    from 53.1 deg on, so the pose at 60 deg (index 2) is the first to collide:

    >>> from robosim.collision import Obstacle
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
    return first, hit_words(found.colliding_pairs(first))


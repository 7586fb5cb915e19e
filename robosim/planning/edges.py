"""Straight joint-space edges: their length, their samples, and whether they are free.

An *edge* is the straight line ``a + s (b - a)``, ``s`` in [0, 1], between two configurations.
It is free when every one of its samples collides with nothing; the samples are spaced so that
no joint moves more than :data:`EDGE_RESOLUTION` from one to the next (a prismatic joint:
:data:`EDGE_RESOLUTION` times the robot's :attr:`~robosim.Robot.length_scale`, the distance an
arm of that reach sweeps at its tip turning by that angle). All the samples of any number of
edges go to the collision checker in **one** batched call (:class:`EdgeCheck`): a call costs
about the same for 10 poses as for 1,000 (numpy's per-call cost is most of it).

Distances in joint space (:func:`path_length`, the planner's nearest neighbours and steps) are
Euclidean over :func:`joint_weights`: radians for revolute joints, and prismatic travel over
the length scale, so that both count alike.

The samples keep a small clearance, :data:`EDGE_CLEARANCE` times the length scale (less when
the planner's start or goal is nearer than that to something): a path shortened to graze a
box could otherwise dip into it between two samples (measured: without it, 3 of 100 planned
Lynx6 paths went a few micrometres into a box between 0.25-degree samples, found by checking
them every 0.02 degree).
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from ..collision import Checker
from ..kinematics import Robot

#: Largest joint step between two checked samples of an edge (rad; a prismatic joint: this
#: times the robot's length scale): half a degree, the spacing at which issue 38 re-checks
#: the paths. With :data:`EDGE_CLEARANCE`, 100 planned Lynx6 paths checked every 0.02 degree
#: showed no collision (benchmarks/bench_planning.py's scene).
EDGE_RESOLUTION = math.radians(0.5)
#: Clearance the samples of an edge keep from obstacles and the arm's other links, as a
#: fraction of the robot's length scale (0.97 mm for the Lynx6): the line between two samples
#: is not checked, and where a path grazes an obstacle it could dip into it between them.
EDGE_CLEARANCE = 0.002


def joint_weights(robot: Robot) -> np.ndarray:
    """Per-joint weights ``(n,)`` of the joint-space metric: 1 for a revolute joint (radians
    count as they are), ``1 / length_scale`` for a prismatic one.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint("P", a=1.0, limits=(0.0, 0.5))], unit="m")
    >>> joint_weights(arm).tolist()       # length_scale: 0.5 m of travel + 2 m of links
    [1.0, 0.4]
    """
    return np.where(robot.revolute, 1.0, 1.0 / robot.length_scale)


def path_length(robot: Robot, path: ArrayLike) -> float:
    """Length of the polyline ``path`` ``(K, n)`` in the weighted joint space
    (:func:`joint_weights`): the sum of its edges' Euclidean lengths (radians).

    Two edges of a 2R arm, 3-4-5 right triangles in radians:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> path_length(arm, [[0.0, 0.0], [0.3, 0.4], [0.6, 0.8]])
    1.0
    """
    path = robot.check_q(path, "path")
    steps = np.diff(path, axis=0) * joint_weights(robot)
    return float(np.sqrt((steps * steps).sum(axis=-1)).sum())


def edge_samples(robot: Robot, starts: np.ndarray, ends: np.ndarray,
                 resolution: float = EDGE_RESOLUTION) -> tuple[np.ndarray, np.ndarray]:
    """The samples of edges ``starts[e] -> ends[e]`` ``(E, n)`` each, every joint moving at
    most ``resolution`` (rad; prismatic: times the length scale) between neighbours.

    Each edge gives ``k = max(1, ceil(largest joint step / resolution))`` samples, at
    ``s = 1/k, 2/k, ..., 1``: the end, not the start (an edge grows from a configuration
    known to be free).

    Returns
    -------
    samples : ndarray (S, n)
        Every edge's samples, edge after edge.
    owner : ndarray (S,) of int
        The edge each sample belongs to.

    Examples
    --------
    One joint turning 2 degrees: 4 samples, half a degree apart; then 0.1 degree: 1 sample:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0)], unit="m")
    >>> samples, owner = edge_samples(arm, np.zeros((2, 1)), np.radians([[2.0], [0.1]]))
    >>> np.degrees(samples[:, 0]).round(6).tolist(), owner.tolist()
    ([0.5, 1.0, 1.5, 2.0, 0.1], [0, 0, 0, 0, 1])
    """
    steps = resolution * np.where(robot.revolute, 1.0, robot.length_scale)
    change = ends - starts
    counts = np.maximum(1, np.ceil(np.abs(change / steps).max(axis=-1) - 1e-9)).astype(int)
    owner = np.repeat(np.arange(len(starts)), counts)
    first = np.cumsum(counts) - counts                        # each edge's first sample
    fraction = (np.arange(owner.size) - first[owner] + 1) / counts[owner]
    return starts[owner] + fraction[:, None] * change[owner], owner


class EdgeCheck:
    """Which straight edges are free: every sample (:func:`edge_samples`) of every edge
    checked in one call of :meth:`robosim.collision.Checker.check`, each keeping at least
    ``clearance`` from the obstacles and the arm's other links.

    Parameters
    ----------
    checker : robosim.collision.Checker
        The robot and the scene.
    clearance : float
        Smallest distance a sample may have (length unit): 0 accepts every sample that does
        not collide; the planner asks :data:`EDGE_CLEARANCE` times the length scale (less
        when its start or goal is nearer than that to something).

    Examples
    --------
    A two-link arm and a ball of radius 0.5 m at (1, 1, 0) (the collision checker's example):
    turning link 2 from 0 to 30 degrees is free, to 90 degrees sweeps it through the ball.
    At 30 degrees link 2's capsule is 0.266 m from the ball: asked to keep 0.3 m, the first
    edge is not free either:

    >>> from robosim import Joint, Robot
    >>> from robosim.collision import Obstacle, Scene
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> ball = Obstacle("ball", "sphere", xyz=(1.0, 1.0, 0.0), radius=0.5)
    >>> checker = Checker(arm, Scene((ball,), "m"), radius=0.1)
    >>> starts, ends = np.zeros((2, 2)), np.radians([[0, 30], [0, 90]])
    >>> EdgeCheck(checker).free(starts, ends).tolist()
    [True, False]
    >>> EdgeCheck(checker, clearance=0.3).free(starts, ends).tolist()
    [False, False]
    """

    def __init__(self, checker: Checker, clearance: float = 0.0) -> None:
        self.checker, self.robot, self.clearance = checker, checker.robot, clearance
        self.weights = joint_weights(checker.robot)

    def free(self, starts: ArrayLike, ends: ArrayLike) -> np.ndarray:
        """Whether each edge ``starts[e] -> ends[e]`` ``(E, n)`` is free: boolean ``(E,)``."""
        starts, ends = np.asarray(starts, dtype=float), np.asarray(ends, dtype=float)
        samples, owner = edge_samples(self.robot, starts, ends)
        found = self.checker.check(samples)
        close = found.collides | (found.distance < self.clearance)
        blocked = np.zeros(len(starts), dtype=bool)
        blocked[owner[close]] = True
        return ~blocked

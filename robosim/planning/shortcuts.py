"""Shortcutting: random pairs of points along a path joined by a straight line when it is free.

A path from RRT-Connect zigzags (its nodes are random). Shortcutting, the usual smoothing of
sampling planners (Geraerts & Overmars 2007, section 3.1: random "shortcuts" between two
points of the path; R. Geraerts and M. H. Overmars, "Creating high-quality paths for motion
planning", *International Journal of Robotics Research* 26(8)), picks two points at random
along it and, when the straight line between them is free, replaces the stretch between them
by that line. The line is never longer than the stretch it replaces (the straight line is the
shortest way in the weighted joint metric), so the path never gets longer.

Here each round draws :data:`SHORTCUT_PAIRS` pairs at once and checks all their lines in one
batched call, with the two pieces of the path's edges that each line leaves in place (the edge
into its first point, from that edge's first node, and out of its last point): every edge of
the result has been checked as it is. The free ones are applied, largest gain first, as long
as they share no edge of the path with one applied before.

Before and after, :func:`prune` drops the nodes that a straight line to a later node makes
unnecessary (RRT-Connect's steps along one line, the corners shortcuts leave behind);
:func:`shorten` does the three.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .edges import EdgeCheck, path_length

#: Most rounds of shortcutting (each one batched check: a call costs about as much as a
#: thousand samples, so each round tries many pairs), and the pairs each round tries.
SHORTCUT_ROUNDS = 10
SHORTCUT_PAIRS = 12
#: Shortcutting stops after this many rounds in a row that shortened the path by less than
#: :data:`IDLE_GAIN` of its length: random pairs are not making it much shorter any more.
IDLE_ROUNDS, IDLE_GAIN = 2, 0.01
#: Smallest gain (rad, weighted joint metric) for which a shortcut is checked.
MIN_GAIN = 1e-6
#: Consecutive points closer than this in every joint (API units) are one.
SAME_POINT = 1e-12


def shortcut(edges: EdgeCheck, path: np.ndarray, rng: np.random.Generator,
             rounds: int = SHORTCUT_ROUNDS, pairs: int = SHORTCUT_PAIRS,
             keep_going: Callable[[], bool] | None = None) -> np.ndarray:
    """``path`` ``(K, n)`` shortened by up to ``rounds`` rounds of ``pairs`` random
    shortcuts (fewer when :data:`IDLE_ROUNDS` rounds in a row gain little).

    Parameters
    ----------
    edges : EdgeCheck
        Which edges are free.
    path : ndarray (K, n)
        Free edges between consecutive rows; the first and last rows stay.
    rng : numpy.random.Generator
        Draws the pairs (a seeded generator gives the same result every time).
    rounds, pairs : int
        Most rounds, and the pairs each round tries (one batched check a round).
    keep_going : callable, optional
        Asked before each round; False stops (the planner's time limit).

    Returns
    -------
    ndarray (K', n)
        Never longer than ``path`` (:func:`~robosim.planning.path_length`), the same ends.

    Examples
    --------
    A two-link arm with nothing in the way: the detour through (1, 1) rad becomes the
    straight line from (0, 0) to (2, 0):

    >>> from robosim import Joint, Robot
    >>> from robosim.collision import Checker, Scene
    >>> arm = Robot([Joint(a=1.0, limits=(-3, 3)), Joint(a=1.0, limits=(-3, 3))], unit="m")
    >>> detour = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]])
    >>> short = shortcut(EdgeCheck(Checker(arm, Scene((), "m"))), detour, np.random.default_rng(0))
    >>> short[[0, -1]].tolist(), bool(np.allclose(short[:, 1], 0.0, atol=0.1))
    ([[0.0, 0.0], [2.0, 0.0]], True)
    """
    weights = edges.weights
    idle = 0
    for _ in range(rounds):
        if len(path) <= 2 or idle == IDLE_ROUNDS or (keep_going is not None
                                                     and not keep_going()):
            break
        idle += 1
        edge_lengths = np.sqrt((((np.diff(path, axis=0)) * weights) ** 2).sum(axis=-1))
        along = np.concatenate([[0.0], np.cumsum(edge_lengths)])       # (K,) arc length
        ends = np.sort(rng.uniform(0.0, along[-1], (pairs, 2)), axis=1)
        # Each point's edge (index of its first node) and the point itself.
        edge = np.clip(np.searchsorted(along, ends, side="right") - 1, 0, len(path) - 2)
        fraction = (ends - along[edge]) / np.where(edge_lengths[edge] > 0,
                                                   edge_lengths[edge], 1.0)
        points = path[edge] + fraction[..., None] * (path[edge + 1] - path[edge])
        straight = np.sqrt((((points[:, 1] - points[:, 0]) * weights) ** 2).sum(axis=-1))
        gain = (ends[:, 1] - ends[:, 0]) - straight
        tried = np.flatnonzero((gain > MIN_GAIN) & (edge[:, 0] < edge[:, 1]))
        if not tried.size:
            continue
        # Per pair three edges: into its first point, the line, out of its last point.
        first, last = points[tried, 0], points[tried, 1]
        starts = np.concatenate([path[edge[tried, 0]], first, last])
        stops = np.concatenate([first, last, path[edge[tried, 1] + 1]])
        free = edges.free(starts, stops).reshape(3, -1).all(axis=0)
        chosen: list[int] = []
        for pair in tried[free][np.argsort(-gain[tried[free]], kind="stable")]:
            if all(edge[pair, 1] < edge[other, 0] or edge[other, 1] < edge[pair, 0]
                   for other in chosen):
                chosen.append(int(pair))
        if chosen:
            path = _with_shortcuts(path, edge, points, sorted(chosen, key=lambda p: edge[p, 0]))
            if path_length(edges.robot, path) < (1 - IDLE_GAIN) * along[-1]:
                idle = 0
    return path


def shorten(edges: EdgeCheck, path: np.ndarray, rng: np.random.Generator,
            keep_going: Callable[[], bool] | None = None) -> np.ndarray:
    """What the planner does to the path RRT-Connect found: :func:`prune` it, :func:`shortcut`
    it (``keep_going`` as there), and prune what the shortcuts left. The same ends, never
    longer.

    >>> from robosim import Joint, Robot
    >>> from robosim.collision import Checker, Scene
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> zigzag = np.array([[0.0, 0.0], [0.5, 0.4], [1.0, -0.4], [1.5, 0.4], [2.0, 0.0]])
    >>> shorten(EdgeCheck(Checker(arm, Scene((), "m"))), zigzag, np.random.default_rng(0)).tolist()
    [[0.0, 0.0], [2.0, 0.0]]
    """
    return prune(edges, shortcut(edges, prune(edges, path), rng, keep_going=keep_going))


def prune(edges: EdgeCheck, path: np.ndarray) -> np.ndarray:
    """``path`` ``(K, n)`` through fewer of its own nodes: from each node kept, straight on to
    the farthest later node the line to which is free (all the lines from one node checked in
    one batched call), then on from that one. Nodes on a straight run, and detours a line
    can cut, go; the ends stay. A path of the node's edges is never longer than the edges it
    replaces.

    A two-link arm with nothing in the way: of the four nodes, the first two and the last
    lie on one line (the second is dropped), the third is a detour (dropped):

    >>> from robosim import Joint, Robot
    >>> from robosim.collision import Checker, Scene
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> path = np.array([[0.0, 0.0], [0.5, 0.0], [1.0, 0.5], [2.0, 0.0]])
    >>> prune(EdgeCheck(Checker(arm, Scene((), "m"))), path).tolist()
    [[0.0, 0.0], [2.0, 0.0]]
    """
    kept, node = [0], 0
    while node < len(path) - 2:
        later = np.arange(len(path) - 1, node + 1, -1)              # the farthest first
        free = edges.free(np.repeat(path[node:node + 1], len(later), axis=0),
                          path[later])
        node = int(later[np.argmax(free)]) if free.any() else node + 1
        kept.append(node)
    if kept[-1] != len(path) - 1:
        kept.append(len(path) - 1)
    return path[kept]


def _with_shortcuts(path, edge, points, chosen):
    """``path`` with each chosen pair's stretch (from its first point, on edge ``edge[p, 0]``,
    to its last, on edge ``edge[p, 1]``) replaced by the line between them; the pairs in order
    along the path, sharing no edge."""
    rows = [path[:1]]
    node = 1                                        # the next node of the path to keep
    for pair in chosen:
        rows += [path[node:edge[pair, 0] + 1], points[pair]]
        node = edge[pair, 1] + 1
    rows.append(path[node:])
    joined = np.vstack(rows)
    apart = np.abs(np.diff(joined, axis=0)).max(axis=1) > SAME_POINT
    joined = joined[np.concatenate([[True], apart])] if apart.any() else joined[[0, -1]]
    joined[-1] = path[-1]                    # a last point on the end by rounding: the end
    return joined

"""RRT-Connect: two trees, one grown from the start and one from the goal(s), until they meet.

The algorithm of Kuffner & LaValle 2000 (J. J. Kuffner and S. M. LaValle, "RRT-Connect: An
efficient approach to single-query path planning", *Proc. IEEE International Conference on
Robotics and Automation* (ICRA), 2000, pp. 995-1001: its Fig. 2, ``EXTEND``, and Fig. 3,
``CONNECT`` and ``RRT_CONNECT_PLANNER``), in joint space inside the limits:

- ``EXTEND(T, q)``: from the node of ``T`` nearest ``q``, one step of at most
  :data:`EXTEND_STEP` toward ``q``; the new node is added when the edge to it is free
  (``Reached`` when it is ``q``, else ``Advanced``), else nothing is (``Trapped``).
- ``CONNECT(T, q)``: ``EXTEND`` again and again toward ``q`` until it is reached or trapped.
- The planner: each round, a random configuration; ``EXTEND`` one tree toward it, and when that
  added a node, ``CONNECT`` the other tree toward the new node. When the connection reaches
  it, the two branches through that node are the path. Then the trees swap roles.

:func:`advance` writes ``EXTEND`` and ``CONNECT`` once: ``CONNECT`` is ``EXTEND`` with no limit
on the steps. Its steps all follow the straight line from the nearest node to ``q`` (the paper
looks up the nearest node again before each step; from the node just added, nearer ``q`` than
any other on that line, the line goes on the same way), so all of them are checked in one
batched call (:class:`~robosim.planning.EdgeCheck`) and the nodes are added up to the first
step that collides.

Before the first random configuration the goal tree connects toward the start: when the
straight joint line is free, that is the path (a plan a user would expect, found at the cost
of one check).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from .edges import EdgeCheck
from .trees import Tree

#: Longest step of ``EXTEND`` (the paper's epsilon), in the weighted joint metric (rad). A
#: step costs one batched check, about as much as a thousand samples, whatever its length, so
#: steps are long: on benchmarks/bench_planning.py's queries 40 degrees needed half the checks
#: of 20 (8.6 against 16.5 a query) and 60 no fewer.
EXTEND_STEP = math.radians(40.0)
#: What :func:`advance` reports, the paper's words.
REACHED, ADVANCED, TRAPPED = "Reached", "Advanced", "Trapped"


def advance(tree: Tree, q: np.ndarray, edges: EdgeCheck, step: float = EXTEND_STEP,
            max_steps: int | None = 1) -> tuple[str, int]:
    """``EXTEND(tree, q)`` (``max_steps=1``) or ``CONNECT(tree, q)`` (``max_steps=None``).

    From the node nearest ``q`` ``(n,)``, steps of ``step`` (the last one shorter) along the
    straight line to ``q``, at most ``max_steps`` of them and at most the tree's room; all
    checked in one call, the free ones up to the first that collides added, each grown from
    the one before.

    Returns
    -------
    status : str
        :data:`REACHED` (the last node added is ``q``), :data:`ADVANCED` (nodes were added,
        ``q`` not reached) or :data:`TRAPPED` (the first step collides, or there is no room).
    node : int
        The last node added (the nearest node when none was).

    Examples
    --------
    A one-joint arm and no obstacle, steps of 20 degrees: ``EXTEND`` toward 50 degrees stops
    after 20, ``CONNECT`` goes on to 50 in steps of 20 and 10:

    >>> from robosim import Joint, Robot
    >>> from robosim.collision import Checker, Scene
    >>> arm = Robot([Joint(a=1.0)], unit="m")
    >>> edges = EdgeCheck(Checker(arm, Scene((), "m")))
    >>> tree = Tree(np.zeros((1, 1)), capacity=10, weights=np.ones(1))
    >>> step = np.radians(20.0)
    >>> advance(tree, np.radians([50.0]), edges, step)
    ('Advanced', 1)
    >>> advance(tree, np.radians([50.0]), edges, step, max_steps=None)
    ('Reached', 3)
    >>> np.degrees(tree.branch(3)[:, 0]).round(6).tolist()
    [0.0, 20.0, 40.0, 50.0]
    """
    near = tree.nearest(q)
    start = tree.nodes[near]
    difference = q - start
    distance = float(np.sqrt(np.sum((difference * tree.weights) ** 2)))
    if distance == 0.0:
        return REACHED, near
    count = math.ceil(distance / step - 1e-9)
    count = min(count if max_steps is None else min(count, max_steps), tree.room)
    if count == 0:
        return TRAPPED, near
    fractions = np.minimum(np.arange(1, count + 1) * step / distance, 1.0)
    ends = start + fractions[:, None] * difference
    if fractions[-1] == 1.0:
        ends[-1] = q                                 # exactly q, the node the trees share
    free = edges.free(np.vstack([start, ends[:-1]]), ends)
    clear = int(np.argmin(free)) if not free.all() else count
    node = near
    for end in ends[:clear]:
        node = tree.add(end, node)
    if clear == 0:
        return TRAPPED, near
    return (REACHED if fractions[clear - 1] == 1.0 else ADVANCED), node


def rrt_connect(start_tree: Tree, goal_tree: Tree, edges: EdgeCheck,
                random_q: Callable[[], np.ndarray], keep_going: Callable[[], bool],
                step: float = EXTEND_STEP) -> np.ndarray | None:
    """The paper's ``RRT_CONNECT_PLANNER``: the path ``(K, n)`` from the start tree's root to
    one of the goal tree's, or None when ``keep_going()`` said stop first.

    Parameters
    ----------
    start_tree, goal_tree : Tree
        Rooted at the start and at the goal configurations; they grow in place.
    edges : EdgeCheck
        Which edges are free.
    random_q : callable
        ``random_q()``: a random configuration ``(n,)`` inside the limits (the paper's
        ``RANDOM_CONFIG``).
    keep_going : callable
        ``keep_going()``, asked before each round: False stops (time, memory, a cancel).
    step : float
        ``EXTEND``'s step (the paper's epsilon).

    Examples
    --------
    A one-joint arm, nothing in the way: the goal tree connects to the start at once, in steps
    of 20 degrees (the path's nodes, start first):

    >>> from robosim import Joint, Robot
    >>> from robosim.collision import Checker, Scene
    >>> arm = Robot([Joint(a=1.0)], unit="m")
    >>> start = Tree(np.zeros((1, 1)), 10, np.ones(1))
    >>> goal = Tree(np.radians([[30.0]]), 10, np.ones(1))
    >>> path = rrt_connect(start, goal, EdgeCheck(Checker(arm, Scene((), "m"))),
    ...                    lambda: None, lambda: True, step=np.radians(20.0))
    >>> np.degrees(path[:, 0]).round(6).tolist()
    [0.0, 10.0, 30.0]
    """
    # Before the first round: the goal tree connects toward the start (the straight line).
    status, node = advance(goal_tree, start_tree.nodes[0], edges, step, max_steps=None)
    if status == REACHED:
        return _joined(start_tree, 0, goal_tree, node)
    tree_a, tree_b = start_tree, goal_tree
    while keep_going():
        # RRT_CONNECT_PLANNER: q_rand <- RANDOM_CONFIG(); EXTEND(T_a, q_rand) ...
        status, new = advance(tree_a, random_q(), edges, step, max_steps=1)
        if status != TRAPPED:
            # ... and when it was not Trapped, CONNECT(T_b, q_new); Reached: PATH(T_a, T_b).
            status, node = advance(tree_b, tree_a.nodes[new], edges, step, max_steps=None)
            if status == REACHED:
                if tree_a is start_tree:
                    return _joined(tree_a, new, tree_b, node)
                return _joined(tree_b, node, tree_a, new)
        tree_a, tree_b = tree_b, tree_a                       # SWAP(T_a, T_b)
    return None


def _joined(start_tree, start_node, goal_tree, goal_node):
    """The start tree's branch to ``start_node`` then the goal tree's from ``goal_node`` back
    to its root; the two nodes are the same configuration, kept once."""
    return np.vstack([start_tree.branch(start_node), goal_tree.branch(goal_node)[::-1][1:]])

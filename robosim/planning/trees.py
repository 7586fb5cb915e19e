"""A tree of configurations in preallocated arrays: the planner's memory, bounded.

:class:`Tree` holds up to ``capacity`` nodes (at most :data:`MAX_NODES`) in arrays made once:
the configurations, each node's parent and the root it grew from (a goal tree has one root per
goal). :meth:`Tree.nearest` is one vectorised expression over the filled rows.
"""

from __future__ import annotations

import numpy as np

#: Most nodes a tree may hold: 50,000 configurations of a 7-joint arm are 2.8 MB.
MAX_NODES = 50_000


class Tree:
    """Nodes ``(capacity, n)`` grown from one or more roots, each node knowing its parent.

    Parameters
    ----------
    roots : ndarray (R, n)
        The configurations it grows from (API units).
    capacity : int
        Most nodes it may hold, the roots included.
    weights : ndarray (n,)
        The joint-space metric of :meth:`nearest` (:func:`~robosim.planning.joint_weights`).

    Examples
    --------
    One root at 0, a node at 1 grown from it, another at 3 grown from that one; the node
    nearest 2.4 is the one at 3, whose branch runs back through 1 to the root:

    >>> tree = Tree(np.zeros((1, 1)), capacity=8, weights=np.ones(1))
    >>> tree.add(np.array([1.0]), parent=0), tree.add(np.array([3.0]), parent=1)
    (1, 2)
    >>> tree.nearest(np.array([2.4]))
    2
    >>> tree.branch(2)[:, 0].tolist(), tree.root_of(2), len(tree)
    ([0.0, 1.0, 3.0], 0, 3)
    """

    def __init__(self, roots: np.ndarray, capacity: int, weights: np.ndarray) -> None:
        self.nodes = np.empty((capacity, roots.shape[1]))
        self.parents = np.empty(capacity, dtype=int)
        self.roots = np.empty(capacity, dtype=int)
        self.weights = weights
        count = len(roots)
        self.nodes[:count] = roots
        self.parents[:count] = -1
        self.roots[:count] = np.arange(count)
        self.count = count

    def __len__(self) -> int:
        return self.count

    @property
    def room(self) -> int:
        """How many more nodes fit."""
        return len(self.nodes) - self.count

    def add(self, q: np.ndarray, parent: int) -> int:
        """Add node ``q`` ``(n,)`` grown from node ``parent``; returns its index (the caller
        checks :attr:`room` first)."""
        index = self.count
        self.nodes[index] = q
        self.parents[index] = parent
        self.roots[index] = self.roots[parent]
        self.count += 1
        return index

    def nearest(self, q: np.ndarray) -> int:
        """Index of the node nearest ``q`` ``(n,)`` in the weighted Euclidean metric: one
        numpy expression over the filled rows."""
        difference = (self.nodes[:self.count] - q) * self.weights
        return int(np.argmin(np.einsum("ij,ij->i", difference, difference)))

    def branch(self, index: int) -> np.ndarray:
        """The configurations ``(k, n)`` from node ``index``'s root to the node."""
        chain = []
        while index >= 0:
            chain.append(index)
            index = int(self.parents[index])
        return self.nodes[chain[::-1]].copy()

    def root_of(self, index: int) -> int:
        """Which root (0-based, in the order given) node ``index`` grew from."""
        return int(self.roots[index])

"""Planning: a collision-free path for an arm among obstacles, by RRT-Connect.

:func:`plan` finds a path in joint space from a start configuration to a goal (joint values,
or a pose of the tool: then every collision-free IK solution is a goal) around the obstacles
of a :class:`robosim.collision.Scene` and the arm itself, and returns a :class:`Plan`
(``success``, ``path`` ``(K, n)``, ``reason``, ``seconds``, node counts);
:meth:`Plan.trajectory` times it by :func:`robosim.trajectory.via_points`, so it plays in the
simulator and on the arm like a taught sequence.

How: bidirectional RRT, RRT-Connect (Kuffner & LaValle 2000, ICRA), its trees
preallocated (:data:`MAX_NODES`), every straight edge checked at :data:`EDGE_RESOLUTION` with
all its samples in one batched call of :class:`robosim.collision.Checker`; then random
shortcuts, also batched. Seeded: the same ``seed``, the same plan. Bounded by a time limit and
by the trees' size; a progress callback can cancel.

One concept a module, the public names re-exported here (``robosim.planning.plan``):

- :mod:`robosim.planning.planner`: :func:`plan`, :class:`Plan`;
- :mod:`robosim.planning.rrt`: :func:`rrt_connect`, :func:`advance` (the paper's
  ``EXTEND`` and ``CONNECT``), :data:`EXTEND_STEP`;
- :mod:`robosim.planning.trees`: :class:`Tree`, :data:`MAX_NODES`;
- :mod:`robosim.planning.edges`: :class:`EdgeCheck`, :func:`edge_samples`,
  :func:`path_length`, :func:`joint_weights`, :data:`EDGE_RESOLUTION`,
  :data:`EDGE_CLEARANCE`;
- :mod:`robosim.planning.shortcuts`: :func:`shorten`, :func:`shortcut`, :func:`prune`.

>>> import numpy as np
>>> import robosim
>>> from robosim import planning
>>> lynx = robosim.load_robot("Lynx6")
>>> found = planning.plan(lynx, lynx.home, np.radians([45, 20, 30, -20, 0]))
>>> found.success, found.path.shape[1]
(True, 5)
"""

from .edges import (EDGE_CLEARANCE, EDGE_RESOLUTION, EdgeCheck, edge_samples, joint_weights,
                    path_length)
from .planner import MAX_TIME_LIMIT, PROGRESS_INTERVAL, Plan, plan
from .rrt import EXTEND_STEP, advance, rrt_connect
from .shortcuts import SHORTCUT_PAIRS, SHORTCUT_ROUNDS, prune, shortcut, shorten
from .trees import MAX_NODES, Tree

__all__ = ["EDGE_CLEARANCE", "EDGE_RESOLUTION", "EXTEND_STEP", "EdgeCheck", "MAX_NODES",
           "MAX_TIME_LIMIT", "PROGRESS_INTERVAL", "Plan", "SHORTCUT_PAIRS", "SHORTCUT_ROUNDS",
           "Tree", "advance", "edge_samples", "joint_weights", "path_length", "plan", "prune",
           "rrt_connect", "shortcut", "shorten"]

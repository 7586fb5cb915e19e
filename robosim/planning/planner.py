"""The planner's front door: :func:`plan` checks its inputs, finds the goals, runs RRT-Connect
within the time and memory it may use, shortens the path, and returns a :class:`Plan`, which
:meth:`Plan.trajectory` times for playing.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike

from ..checks import callable_or_none, configuration, count, generator, positive
from ..collision import Checker, Scene
from ..errors import ValidationError
from ..ik import solve_all
from ..ik.numeric import Axes
from ..kinematics import Robot
from ..trajectory import DEFAULT_DT, Profile, default_limits, via_points
from .edges import EDGE_CLEARANCE, EdgeCheck, edge_samples, joint_weights, path_length
from .rrt import rrt_connect
from .shortcuts import shorten
from .trees import MAX_NODES, Tree

#: Longest time limit :func:`plan` accepts (s).
MAX_TIME_LIMIT = 3600.0
#: Most goal configurations :func:`plan` takes (the roots of the goal tree).
MAX_GOALS = 1000
#: Least time between two calls of the progress callback (s).
PROGRESS_INTERVAL = 0.05
#: Largest joint step (rad) between the configurations :meth:`Plan.sampled` gives by default.
DRAWING_STEP = math.radians(2.0)


@dataclass(frozen=True)
class Plan:
    """What :func:`plan` found: a collision-free path, or why there is none.

    Attributes
    ----------
    success : bool
        True when :attr:`path` reaches a goal.
    path : ndarray (K, n)
        Joint values (API units) from the start to the goal reached, K >= 2, every straight
        edge between consecutive rows checked free; ``(0, n)`` when there is no path.
    reason : str
        One line: ``"path found in 0.12 s (87 nodes)"`` (with ``", to IK solution 2 of 4"``
        for a goal pose, ``", to goal 2 of 4"`` for several goals), ``"no path found in 5.0
        s (1,234 nodes)"``, ``"the start collides: link 3 (elbow) hits box 1"``, ...
    seconds : float
        The time :func:`plan` took, IK and shortcutting included (s).
    start_nodes, goal_nodes : int
        Nodes of the tree grown from the start and of the one grown from the goal(s).
    goals : ndarray (G, n)
        The goal configurations: those given, or every IK solution of the goal pose (those
        that collide were not planned to).
    goal_index : int or None
        Which of :attr:`goals` the path reaches (None without a path).
    tree_path : ndarray (K0, n)
        The path as RRT-Connect found it, before shortcutting (``(0, n)`` without one).
    robot : Robot
        The robot planned for.
    """

    success: bool
    path: np.ndarray
    reason: str
    seconds: float
    start_nodes: int
    goal_nodes: int
    goals: np.ndarray
    goal_index: int | None
    tree_path: np.ndarray
    robot: Robot = field(repr=False)

    @property
    def nodes(self) -> int:
        """Nodes of both trees together."""
        return self.start_nodes + self.goal_nodes

    @property
    def length(self) -> float:
        """The path's length in the weighted joint space (rad,
        :func:`~robosim.planning.path_length`); 0 without a path."""
        return path_length(self.robot, self.path) if len(self.path) else 0.0

    def sampled(self, step: float = DRAWING_STEP) -> np.ndarray:
        """The path's configurations ``(M, n)`` with its straight edges sampled so that no
        joint moves more than ``step`` (rad; prismatic: times the length scale) from one to
        the next, its own rows among them: the tool's path through them
        (``robot.fk(plan.sampled())[:, :3, 3]``) is what the simulator and the notebook draw.

        >>> from robosim import Joint, Robot
        >>> from robosim.collision import Scene
        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> found = plan(arm, [0.0, 0.0], [np.radians(4), 0.0], Scene((), "m"))
        >>> np.degrees(found.sampled()[:, 0]).round(6).tolist()      # every 2 degrees
        [0.0, 2.0, 4.0]
        """
        if not len(self.path):
            return self.path.copy()
        samples, _ = edge_samples(self.robot, self.path[:-1], self.path[1:], step)
        return np.vstack([self.path[:1], samples])

    def trajectory(self, dt: float = DEFAULT_DT, qd_max: ArrayLike | None = None,
                   qdd_max: ArrayLike | None = None) -> Profile:
        """The path timed for playing: :func:`robosim.trajectory.via_points` through its
        rows, stopping at each (held for one time step ``dt``).

        Stopping at the corners keeps the arm on the planned straight edges, the ones checked
        free: passing a corner without stopping (via_points' blend) would cut it, off the
        checked lines. A shortcut path has few corners. The result is a
        :class:`~robosim.trajectory.Profile` like a taught sequence's, so it plays in the
        simulator and on the arm with every check they make.

        Parameters
        ----------
        dt : float
            Time step (s); default :data:`robosim.trajectory.DEFAULT_DT`, the SSC-32's frame.
        qd_max, qdd_max : array_like (n,) or float, optional
            Per-joint speed and acceleration limits (per second, per second squared);
            default :func:`robosim.trajectory.default_limits` (60 deg/s, 120 deg/s^2).

        Examples
        --------
        A two-link arm, nothing in the way: the straight line from 0 to 90 degrees of joint
        1, at most 1 rad/s and 10 rad/s^2, takes ``15/8 x (pi/2) / 1 = 2.95`` s, rounded up to
        3.0 s in steps of 0.1 s:

        >>> from robosim import Joint, Robot
        >>> from robosim.collision import Scene
        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> found = plan(arm, [0.0, 0.0], [np.pi / 2, 0.0], Scene((), "m"))
        >>> profile = found.trajectory(0.1, 1.0, 10.0)
        >>> round(float(profile.t[-1]), 6), np.degrees(profile.q[-1]).round(6).tolist()
        (3.0, [90.0, 0.0])
        """
        if not self.success:
            raise ValidationError(f"no path to time: {self.reason}")
        speed, acceleration = default_limits(self.robot)
        dwell = np.zeros(len(self.path))
        dwell[1:-1] = dt
        return via_points(self.path, dt, speed if qd_max is None else qd_max,
                          acceleration if qdd_max is None else qdd_max, dwell=dwell,
                          robot=self.robot)


class _Budget:
    """The planner's time, memory and the user's patience: :meth:`keep_going` says whether
    to go on and, when not, :attr:`stop` says why."""

    def __init__(self, time_limit, progress, trees, max_nodes):
        self.started = time.perf_counter()
        self.deadline = self.started + time_limit
        self.time_limit, self.progress, self.trees = time_limit, progress, trees
        self.max_nodes = max_nodes
        self.next_report = self.started
        self.stop: str | None = None

    @property
    def nodes(self):
        return sum(len(tree) for tree in self.trees)

    def elapsed(self):
        return time.perf_counter() - self.started

    def keep_going(self, growing=True):
        """False when the time is up, a tree is full (``growing``: the trees still grow), or
        the progress callback returned False."""
        now = time.perf_counter()
        if now >= self.deadline:
            self.stop = "time"
        elif growing and any(tree.room == 0 for tree in self.trees):
            self.stop = "full"
        elif self.progress is not None and now >= self.next_report:
            self.next_report = now + PROGRESS_INTERVAL
            fraction = max((now - self.started) / self.time_limit,
                           self.nodes / (len(self.trees) * self.max_nodes))
            if self.progress(min(fraction, 1.0)) is False:
                self.stop = "cancelled"
        return self.stop is None

    def failure(self):
        """The reason of a run that stopped without a path."""
        seconds, nodes = self.elapsed(), self.nodes
        if self.stop == "cancelled":
            return f"cancelled after {seconds:.1f} s ({nodes:,} nodes)"
        if self.stop == "full":
            return (f"no path found: {nodes:,} nodes, the trees are full (max_nodes "
                    f"{self.max_nodes:,} each), after {seconds:.1f} s")
        return f"no path found in {seconds:.1f} s ({nodes:,} nodes)"


def plan(robot: Robot, q_start: ArrayLike, goal: ArrayLike, scene: Scene | None = None, *,
         seed: int | np.random.Generator | None = 0, time_limit: float = 5.0,
         progress: Callable[[float], bool | None] | None = None, axes: Axes = "pose",
         max_nodes: int = MAX_NODES) -> Plan:
    """A collision-free path from ``q_start`` to ``goal``: RRT-Connect, then shortcutting.

    The trees grow in joint space inside the limits (:mod:`robosim.planning.rrt`,
    Kuffner & LaValle 2000), every edge checked at
    :data:`~robosim.planning.EDGE_RESOLUTION` by the batched collision checker
    (:mod:`robosim.planning.edges`) against ``scene`` and the arm itself; the path found is
    then shortened by random shortcuts (:mod:`robosim.planning.shortcuts`).

    Parameters
    ----------
    robot : Robot
        The arm, inside whose limits the path stays.
    q_start : array_like (n,)
        Where the arm starts (API units), inside the limits.
    goal : array_like (n,), (G, n) or (4, 4)
        Joint values to reach, inside the limits; or several (any of them will do: the goal
        tree grows from each that collides with nothing, and the path goes to whichever the
        trees reach first); or a pose of the tool (world frame, length unit): then every
        collision-free solution of :func:`robosim.ik.solve_all` is a goal. (A 4-joint arm's
        (4, 4) array is a pose when its last row is (0, 0, 0, 1), else four configurations.)
    scene : robosim.collision.Scene, optional
        The obstacles; :func:`robosim.collision.default_scene` (the floor, the Lynx6's table)
        when None.
    seed : int or numpy.random.Generator, optional
        Seeds the random configurations and shortcuts: the same seed, the same plan (None:
        a fresh one each time).
    time_limit : float
        Most seconds to plan for (IK and shortcutting included; a path found is returned even
        when shortcutting is cut short).
    progress : callable, optional
        ``progress(fraction)`` every :data:`PROGRESS_INTERVAL` s or so: the larger of the time
        used and the trees' fill, from 0 to 1; returning False cancels (the Plan says
        "cancelled after ...").
    axes : str
        The pose's components a goal pose fixes (:func:`robosim.ik.parse_axes`).
    max_nodes : int
        Most nodes each tree may hold (at most :data:`~robosim.planning.MAX_NODES`); the
        trees are allocated at this size.

    Returns
    -------
    Plan
        ``success``, ``path`` ``(K, n)``, ``reason``, ``seconds``, node counts. A start or
        goal that collides is a Plan without a path whose reason says what hits what.

    Raises
    ------
    ValidationError
        The start or a goal given as joint values outside the limits, values of the wrong
        size, a scene in another unit, a time limit or node count out of range.

    Examples
    --------
    The Lynx6 on its table (its default scene) with a box 80 mm tall in front of it. The arm
    reaches down with its hand 70 mm above the table; turning joint 1 from -60 to +60 degrees
    in a straight line would sweep the hand through the box, and the plan goes around it:

    >>> import robosim
    >>> from robosim.collision import Obstacle, default_scene
    >>> lynx = robosim.load_robot("Lynx6")
    >>> box = Obstacle("box 1", "box", xyz=(220.0, 0.0, 40.0), size=(60.0, 60.0, 80.0))
    >>> scene = default_scene(lynx).with_obstacle(box)
    >>> start, goal = np.radians([-60, -13, 29, -86, 0]), np.radians([60, -13, 29, -86, 0])
    >>> Checker(lynx, scene).check(np.linspace(start, goal, 5)).collides.tolist()
    [False, False, True, False, False]
    >>> found = plan(lynx, start, goal, scene, seed=1)
    >>> found.success, found.reason.startswith("path found in")
    (True, True)
    >>> bool(np.allclose(found.path[0], start)), bool(np.allclose(found.path[-1], goal))
    (True, True)
    """
    started = time.perf_counter()
    q_start = configuration(robot, q_start, "start")
    robot.check_within_limits(q_start, "start")
    time_limit = positive(time_limit, "time_limit", maximum=MAX_TIME_LIMIT)
    max_nodes = count(max_nodes, "max_nodes", minimum=2, maximum=MAX_NODES)
    progress = callable_or_none(progress, "progress")
    rng = generator(seed, "seed")
    checker = Checker(robot, scene)
    empty = np.empty((0, robot.n))

    def without_path(reason, goals=empty, start_nodes=0, goal_nodes=0):
        return Plan(False, empty, reason, time.perf_counter() - started, start_nodes,
                    goal_nodes, goals, None, empty, robot)

    hit = _collision(checker, q_start)
    if hit:
        return without_path(f"the start collides: {hit}")
    to_pose = _is_pose(robot, goal)
    if to_pose:
        goals, free, problem = _pose_goals(robot, checker, goal, q_start, axes)
    else:
        goals, free, problem = _joint_goals(robot, checker, goal)
    if problem:
        return without_path(problem, goals)

    # The clearance edges keep: EDGE_CLEARANCE, or less where the start or a goal is nearer.
    clearance = min(EDGE_CLEARANCE * robot.length_scale,
                    float(checker.check(np.vstack([q_start, goals[free]])).distance.min()))
    edges = EdgeCheck(checker, max(clearance, 0.0))
    weights = joint_weights(robot)
    start_tree = Tree(q_start[None], max_nodes, weights)
    goal_tree = Tree(goals[free], max_nodes, weights)
    budget = _Budget(time_limit - (time.perf_counter() - started), progress,
                     (start_tree, goal_tree), max_nodes)
    low, high = robot.limits.T
    tree_path = rrt_connect(start_tree, goal_tree, edges, lambda: rng.uniform(low, high),
                            budget.keep_going)
    if tree_path is None:
        return Plan(False, empty, budget.failure(), time.perf_counter() - started,
                    len(start_tree), len(goal_tree), goals, None, empty, robot)
    reached = int(np.flatnonzero(free)[goal_tree.root_of(goal_tree.nearest(tree_path[-1]))])
    path = shorten(edges, tree_path, rng, keep_going=lambda: budget.keep_going(growing=False))
    seconds = time.perf_counter() - started
    if progress is not None:
        progress(1.0)
    reason = f"path found in {seconds:.2f} s ({len(start_tree) + len(goal_tree):,} nodes)"
    if to_pose or len(goals) > 1:
        reason += f", to {'IK solution' if to_pose else 'goal'} {reached + 1} of {len(goals)}"
    return Plan(True, path, reason, seconds, len(start_tree), len(goal_tree), goals, reached,
                tree_path, robot)


def _is_pose(robot, goal):
    """Whether ``goal`` is a pose: a (4, 4) array (for a 4-joint arm, one whose last row is
    (0, 0, 0, 1), a homogeneous transform; else it is four configurations)."""
    if np.shape(goal) != (4, 4):
        return False
    return robot.n != 4 or np.array_equal(np.asarray(goal, dtype=float)[3], [0, 0, 0, 1])


def _joint_goals(robot, checker, goal):
    """Goal configurations ``(G, n)`` from joint values ``(n,)`` or ``(G, n)``, which of
    them collide with nothing ``(G,)``, and the reason there is no goal ("" when there is);
    values outside the limits raise."""
    goals = robot.check_q(goal, "goal")
    if goals.ndim == 1:
        robot.check_within_limits(goals, "goal")
        hit = _collision(checker, goals)
        return goals[None], np.array([not hit]), f"the goal collides: {hit}" if hit else ""
    if goals.ndim != 2 or not 1 <= len(goals) <= MAX_GOALS:
        raise ValidationError(f"goal: joint values ({robot.n},), up to {MAX_GOALS} of them "
                              f"({robot.n} each) or a pose (4, 4), got shape {goals.shape}")
    for k, q in enumerate(goals, start=1):
        robot.check_within_limits(q, f"goal {k}")
    return goals, *_free(checker, goals, "goal", "goal")


def _collision(checker, q):
    """What ``q`` ``(n,)`` hits, in the checker's words ("link 3 (elbow) hits box 1"), or an
    empty string."""
    found = checker.check(q)
    return found.describe().removeprefix("collision: ") if found.collides else ""


def _pose_goals(robot, checker, pose, q_start, axes):
    """Every IK solution ``(G, n)`` of ``pose`` (nearest ``q_start`` first), which of them
    collide with nothing ``(G,)``, and the reason there is no goal ("" when there is)."""
    solutions = solve_all(robot, pose, q0=q_start, axes=axes).q
    if not len(solutions):
        return solutions, np.zeros(0, dtype=bool), "no IK solution reaches the goal pose " \
            "inside the limits"
    return solutions, *_free(checker, solutions, "IK solution of the goal pose", "solution")


def _free(checker, goals, every, each):
    """Which ``goals`` ``(G, n)`` collide with nothing ``(G,)``, and the reason when none
    does: "every {every} collides (G): {each} 1: link 4 (wrist) hits table"."""
    found = checker.check(goals)
    free = ~found.collides
    if free.any():
        return free, ""
    return free, (f"every {every} collides ({len(goals)}): {each} 1: "
                  f"{found.describe(0).removeprefix('collision: ')}")

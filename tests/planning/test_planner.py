"""robosim.planning: RRT-Connect and shortcutting around obstacles.

Every path is re-checked by the test itself (each edge split so that no joint moves more than
0.5 degree between checked poses, the re-check of issue 38), independently of the planner's
own sampling. Walled-off goals are built so that no path exists by construction: a planar
arm whose first link cannot turn past a ball that sits on its circle, its limits keeping it
from going round the other way.
"""

import math
from pathlib import Path

import numpy as np
import pytest

import robosim
from robosim import planning
from robosim.collision import Checker, Obstacle, Scene, first_collision, load_scene
from robosim.errors import ValidationError
from robosim.ik import lynx6_ik
from robosim.planning import EdgeCheck, path_length, plan, prune, shortcut, shorten

ROOT = Path(__file__).resolve().parents[2]
TWO_BOXES = ROOT / "examples" / "scenes" / "lynx6_two_boxes.json"
RECHECK = math.radians(0.5)


@pytest.fixture(scope="module")
def lynx():
    return robosim.load_robot("Lynx6")


@pytest.fixture(scope="module")
def boxes():
    return load_scene(TWO_BOXES)


@pytest.fixture(scope="module")
def queries(lynx, boxes):
    """Five start and goal pairs with the boxes between them: collision-free, the hand low,
    the start left of the boxes (joint 1 above 30 degrees), the goal right (below -30)."""
    checker = Checker(lynx, boxes)
    q = lynx.random_q(4000, rng=11)
    q = q[~checker.check(q).collides & (lynx.fk(q)[:, 2, 3] < 120.0)]
    left, right = q[q[:, 0] > math.radians(30)], q[q[:, 0] < math.radians(-30)]
    return list(zip(left[:5], right[:5], strict=True))


def recheck_free(checker, path):
    """Whether every edge of ``path`` is free at 0.5 degree steps in every joint."""
    steps = [np.linspace(a, b, max(1, math.ceil(np.abs(b - a).max() / RECHECK)) + 1)
             for a, b in zip(path[:-1], path[1:], strict=True)]
    return not checker.check(np.vstack(steps)).collides.any()


def walled_off_arm():
    """A planar 2R arm (unit links, limits +-179 degrees) and a ball on link 1's circle at
    90 degrees: link 1 cannot turn from 0 to 170 degrees either way."""
    limits = (math.radians(-179), math.radians(179))
    arm = robosim.Robot([robosim.Joint(a=1.0, limits=limits),
                         robosim.Joint(a=1.0, limits=limits)], unit="m")
    ball = Obstacle("ball", "sphere", xyz=(0.0, 0.5, 0.0), radius=0.2)
    return arm, Scene((ball,), "m")


def test_the_paths_are_free_at_half_a_degree_and_join_start_to_goal(lynx, boxes, queries):
    checker = Checker(lynx, boxes)
    blocked = 0
    for start, goal in queries:
        blocked += not recheck_free(checker, np.array([start, goal]))
        found = plan(lynx, start, goal, boxes, seed=3)
        assert found.success, found.reason
        assert np.array_equal(found.path[0], start) and np.array_equal(found.path[-1], goal)
        assert recheck_free(checker, found.path)
        assert recheck_free(checker, found.tree_path)
        assert lynx.within_limits(found.path).all()
    assert blocked >= 2          # the queries test going around, not only straight lines


def test_the_same_seed_gives_the_same_plan(lynx, boxes, queries):
    start, goal = next((s, g) for s, g in queries
                       if not recheck_free(Checker(lynx, boxes), np.array([s, g])))
    first, again = (plan(lynx, start, goal, boxes, seed=5) for _ in range(2))
    assert np.array_equal(first.path, again.path)
    assert np.array_equal(first.tree_path, again.tree_path)
    assert (first.start_nodes, first.goal_nodes) == (again.start_nodes, again.goal_nodes)


def test_a_free_straight_line_is_the_path(lynx):
    start, goal = lynx.home, np.radians([40, 10, 20, -10, 30])
    found = plan(lynx, start, goal)
    assert found.path.tolist() == [start.tolist(), goal.tolist()]
    assert found.length == pytest.approx(path_length(lynx, [start, goal]))


def test_a_start_or_goal_in_collision_is_named(lynx, boxes):
    # The collision checker's example: the gripper pointing down 20 mm into the table.
    in_table = lynx6_ik(lynx, [145, 0, -20], math.radians(-90)).q
    found = plan(lynx, in_table, lynx.home, boxes)
    assert not found.success
    assert found.reason == "the start collides: link 4 (wrist) hits table"
    assert found.path.shape == (0, 5)
    found = plan(lynx, lynx.home, in_table, boxes)
    assert found.reason == "the goal collides: link 4 (wrist) hits table"


def test_a_start_or_goal_outside_the_limits_is_refused(lynx):
    with pytest.raises(ValidationError, match=r"start: joint 2 \(shoulder\) = 100 deg"):
        plan(lynx, np.radians([0, 100, 0, 0, 0]), lynx.home)
    with pytest.raises(ValidationError, match=r"goal: joint 1 \(base\) = -95 deg"):
        plan(lynx, lynx.home, np.radians([-95, 0, 0, 0, 0]))
    with pytest.raises(ValidationError, match="goal: Lynx6 has 5 joints, got 3"):
        plan(lynx, lynx.home, [0.0, 0.0, 0.0])


def test_a_goal_pose_is_reached_by_one_of_its_ik_solutions(lynx, boxes, queries):
    start, goal = queries[0]
    pose = lynx.fk(goal)
    found = plan(lynx, start, pose, boxes, seed=2)
    assert found.success, found.reason
    assert np.allclose(lynx.fk(found.path[-1]), pose, atol=1e-6)
    assert np.array_equal(found.path[-1], found.goals[found.goal_index])
    assert found.reason.endswith(f"to IK solution {found.goal_index + 1} of {len(found.goals)}")
    assert recheck_free(Checker(lynx, boxes), found.path)


def test_a_walled_off_goal_fails_with_the_time_and_node_count():
    arm, scene = walled_off_arm()
    start, goal = [0.0, 0.0], [math.radians(170), 0.0]
    found = plan(arm, start, goal, scene, time_limit=0.3)
    assert not found.success and found.path.shape == (0, 2)
    assert found.reason == (f"no path found in {found.seconds:.1f} s "
                            f"({found.start_nodes + found.goal_nodes:,} nodes)")
    assert found.start_nodes > 1 and found.goal_nodes > 1


def test_full_trees_end_the_search(lynx):
    arm, scene = walled_off_arm()
    found = plan(arm, [0.0, 0.0], [math.radians(170), 0.0], scene, max_nodes=40)
    assert found.reason.startswith("no path found: ")
    assert "the trees are full (max_nodes 40 each)" in found.reason
    assert max(found.start_nodes, found.goal_nodes) == 40


def test_the_progress_callback_sees_fractions_and_can_cancel():
    arm, scene = walled_off_arm()
    seen = []

    def stop_at_once(fraction):
        seen.append(fraction)
        return False

    found = plan(arm, [0.0, 0.0], [math.radians(170), 0.0], scene, progress=stop_at_once)
    assert not found.success and found.reason.startswith("cancelled after ")
    assert len(seen) == 1 and 0.0 <= seen[0] <= 1.0
    with pytest.raises(ValidationError, match="progress must be a function"):
        plan(arm, [0.0, 0.0], [0.1, 0.0], scene, progress="yes")


def test_shortcutting_never_makes_a_path_longer(lynx, boxes, queries):
    edges = EdgeCheck(Checker(lynx, boxes))
    for seed, (start, goal) in enumerate(queries):
        found = plan(lynx, start, goal, boxes, seed=seed)
        assert found.length <= path_length(lynx, found.tree_path) + 1e-12
        for rng in range(3):
            shorter = shortcut(edges, found.tree_path, np.random.default_rng(rng))
            assert path_length(lynx, shorter) <= path_length(lynx, found.tree_path) + 1e-12
            assert np.array_equal(shorter[[0, -1]], found.tree_path[[0, -1]])
            pruned = prune(edges, shorter)
            assert path_length(lynx, pruned) <= path_length(lynx, shorter) + 1e-12


def test_shortening_a_zigzag_in_free_space_gives_the_straight_line():
    # Nothing in the way: the straight line between the ends is free, and no path between
    # them is shorter (the triangle inequality).
    arm = robosim.Robot([robosim.Joint(a=1.0), robosim.Joint(a=1.0)], unit="m")
    edges = EdgeCheck(Checker(arm, Scene((), "m")))
    zigzag = np.array([[0.0, 0.0], [0.3, 0.5], [0.6, -0.5], [0.9, 0.5], [1.2, 0.0]])
    short = shorten(edges, zigzag, np.random.default_rng(0))
    assert short.tolist() == [[0.0, 0.0], [1.2, 0.0]]


def test_the_timed_trajectory_stays_on_the_planned_edges(lynx, boxes, queries):
    start, goal = next((s, g) for s, g in queries
                       if not recheck_free(Checker(lynx, boxes), np.array([s, g])))
    found = plan(lynx, start, goal, boxes, seed=1)
    profile = found.trajectory(0.02, math.radians(60), math.radians(120))
    assert np.allclose(profile.q[0], start) and np.allclose(profile.q[-1], goal)
    assert first_collision(Checker(lynx, boxes), profile.q) is None
    # Every sample lies on one of the path's straight edges (rest to rest at each corner).
    a, b = found.path[:-1], found.path[1:]
    along = np.einsum("skn,kn->sk", profile.q[:, None] - a, b - a) / np.einsum("kn,kn->k",
                                                                               b - a, b - a)
    nearest = a + np.clip(along, 0, 1)[..., None] * (b - a)
    assert np.abs(nearest - profile.q[:, None]).max(axis=-1).min(axis=-1).max() < 1e-9
    assert np.abs(profile.qd).max() <= math.radians(60) * (1 + 1e-6)


def test_a_failed_plan_has_no_trajectory():
    arm, scene = walled_off_arm()
    found = plan(arm, [0.0, 0.0], [math.radians(170), 0.0], scene, time_limit=0.05)
    with pytest.raises(ValidationError, match="no path to time: no path found in"):
        found.trajectory(0.02, 1.0, 1.0)


def test_every_exported_name_exists():
    assert [name for name in planning.__all__ if not hasattr(planning, name)] == []


def test_several_goals_any_will_do_and_those_in_collision_are_left_out(lynx, boxes, queries):
    start, goal = queries[1]
    in_table = lynx6_ik(lynx, [145, 0, -20], math.radians(-90)).q
    found = plan(lynx, start, [in_table, goal], boxes, seed=1)
    assert found.success and found.goal_index == 1
    assert np.array_equal(found.path[-1], goal)
    assert found.reason.endswith(", to goal 2 of 2")
    found = plan(lynx, start, [in_table, in_table], boxes)
    assert found.reason == "every goal collides (2): goal 1: link 4 (wrist) hits table"
    with pytest.raises(ValidationError, match=r"goal 2: joint 1 \(base\) = 95 deg"):
        plan(lynx, start, [goal, np.radians([95, 0, 0, 0, 0])], boxes)

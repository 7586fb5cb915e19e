"""ik.self_motion: the joints move along the null space while the tool stays where it was; it
stops at a joint limit or a collision and says why."""

import math

import numpy as np
import pytest

import robosim
from data_files import URDF_DIR
from robosim import Joint, Robot, ik
from robosim.collision import Checker, Obstacle, Scene
from robosim.errors import ValidationError
from robosim.kinematics import rotation_angle

PANDA_URDF = URDF_DIR / "panda_description" / "urdf" / "panda.urdf"
QUARTER_TURN = math.pi / 2


@pytest.fixture(scope="module")
def panda():
    return robosim.load_urdf(PANDA_URDF)


def planar_3r(limits=None):
    arm = Robot([Joint(a=1.0), Joint(a=1.0), Joint(a=1.0)], name="3R", unit="m")
    return arm if limits is None else arm.with_limits(np.radians(limits))


def tool_drift(robot, q_path, q_start):
    """The largest distance (length unit) and turn (radians) of the tool from its start pose."""
    T, T0 = robot.fk(q_path), robot.fk(q_start)
    return (float(np.linalg.norm(T[..., :3, 3] - T0[:3, 3], axis=-1).max()),
            float(np.max(rotation_angle(T0[:3, :3], T[..., :3, :3]))))


def test_a_quarter_turn_of_self_motion_keeps_the_panda_s_tool_still(panda):
    starts = panda.random_q(12, rng=11)
    completed = 0
    for q in starts:
        motion = ik.self_motion(panda, q, QUARTER_TURN, steps=90)
        moved = motion.q[:motion.stopped_at + 1]
        position, angle = tool_drift(panda, moved, q)
        assert position < 1e-6 and angle < 1e-6
        assert panda.within_limits(motion.q).all()
        # The joints did move, by about the arc length asked for (chords of a curve).
        chords = np.linalg.norm(np.diff(moved, axis=0), axis=1)
        assert abs(chords.sum() - abs(motion.distance)) < 1e-3 * abs(motion.distance) + 1e-12
        completed += motion.stopped_at == 90
        if motion.stopped_at == 90:
            assert motion.distance == pytest.approx(QUARTER_TURN)
            assert motion.reason == "moved 1.571 rad holding the pose"
    assert completed >= 3             # some starts have a whole quarter turn within the limits


def test_each_step_goes_along_the_null_space_the_same_way_as_the_one_before(panda):
    # The SVD's sign is arbitrary; the path must never turn back on itself.
    q = panda.random_q(rng=5)
    motion = ik.self_motion(panda, q, QUARTER_TURN, steps=90)
    steps = np.diff(motion.q[:motion.stopped_at + 1], axis=0)
    assert len(steps) > 40
    unit = steps / np.linalg.norm(steps, axis=1, keepdims=True)
    assert (np.sum(unit[1:] * unit[:-1], axis=1) > 0.99).all()
    # Each step is along the null space where it starts, to first order.
    N = panda.null_space(motion.q[:motion.stopped_at])[..., 0]
    assert (np.abs(np.sum(unit * N, axis=1)) > 0.999).all()


def test_a_negative_distance_goes_the_other_way(panda):
    q = panda.random_q(rng=6)
    ahead = ik.self_motion(panda, q, 0.1, steps=5)
    back = ik.self_motion(panda, q, -0.1, steps=5)
    N = panda.null_space(q)[:, 0]
    assert (ahead.q[1] - q) @ N > 0 > (back.q[1] - q) @ N
    assert back.distance == pytest.approx(-0.1)


def test_the_planar_3r_example_by_hand():
    # Null_space's worked example: at q = (0, 0, 90) deg holding the tip at (2, 1) the arm moves
    # along (-1, 2, -1) / sqrt(6); a 0.01 rad step goes there to within its curvature, 1e-4.
    arm = planar_3r()
    q = np.radians([0.0, 0.0, 90.0])
    motion = ik.self_motion(arm, q, 0.01, steps=1, axes="position")
    np.testing.assert_allclose(motion.q[1] - q, 0.01 * np.array([-1, 2, -1]) / math.sqrt(6),
                               atol=1e-4)
    # Far along, the tip is still at (2, 1).
    far = ik.self_motion(arm, q, 2.0, steps=40, axes="position")
    np.testing.assert_allclose(arm.fk(far.q)[:, :2, 3], np.broadcast_to([2.0, 1.0], (41, 2)),
                               atol=1e-9)


def test_it_stops_on_a_joint_limit_and_names_it():
    # Joint 2 may turn to 10 degrees; along (-1, 2, -1) the elbow rises until it gets there.
    arm = planar_3r([[-180, 180], [-10, 10], [-180, 180]])
    motion = ik.self_motion(arm, np.radians([0.0, 0.0, 90.0]), 1.0, steps=50, axes="position")
    assert motion.reason == "joint 2 reached its upper limit (10 deg)"
    assert 0 < motion.stopped_at < 50
    stop = motion.q[motion.stopped_at]
    assert stop[1] == pytest.approx(math.radians(10), abs=1e-9)
    assert (motion.q[motion.stopped_at:] == stop).all()          # the rest repeats it
    assert abs(motion.distance) < 1.0
    np.testing.assert_allclose(arm.fk(stop)[:2, 3], [2.0, 1.0], atol=1e-9)


def test_the_panda_stops_at_the_limit_of_the_joint_that_runs_into_it(panda):
    q = panda.random_q(rng=13)
    direction = panda.null_space(q)[:, 0]
    joint = int(np.argmax(np.abs(direction)))              # the joint the motion turns most
    limits = panda.limits.copy()
    limits[joint] = [q[joint] - 0.05, q[joint] + 0.05]
    narrow = panda.with_limits(limits)
    motion = ik.self_motion(narrow, q, QUARTER_TURN, steps=90)
    upper = direction[joint] > 0
    name = narrow.joints[joint].name
    assert motion.reason.startswith(f"joint {joint + 1} ({name}) reached its "
                                    f"{'upper' if upper else 'lower'} limit")
    assert motion.q[motion.stopped_at, joint] == pytest.approx(limits[joint, int(upper)],
                                                               abs=1e-9)
    position, angle = tool_drift(panda, motion.q, q)
    assert position < 1e-6 and angle < 1e-6


def test_it_stops_before_a_collision_and_names_what_it_would_hit(panda):
    # A ball where the elbow passes halfway along the free motion.
    q = panda.random_q(rng=5)
    free = ik.self_motion(panda, q, QUARTER_TURN, steps=90)
    assert free.stopped_at == 90
    elbow = panda.fk_all(free.q[45])[4, :3, 3]
    scene = Scene((Obstacle("ball", "sphere", xyz=tuple(elbow), radius=0.02),), "m")
    checker = Checker(panda, scene)
    assert not checker.check(q).collides
    blocked = ik.self_motion(panda, q, QUARTER_TURN, steps=90, checker=checker)
    assert 0 < blocked.stopped_at < 45
    assert blocked.reason.startswith("a step further collides: ")
    assert "ball" in blocked.reason
    assert not checker.check(blocked.q).collides.any()


def test_a_start_in_collision_moves_until_clear_then_stops_at_the_next(panda):
    # The hand inside a ball stays there (the hand does not move): the collision never ends,
    # so nothing stops the motion. A second ball where the elbow passes later is not hit:
    # the motion is not clear of the first yet. Without the first, the second stops it.
    q = panda.random_q(rng=5)
    hand = Obstacle("hand ball", "sphere", xyz=tuple(panda.fk(q)[:3, 3]), radius=0.05)
    free = ik.self_motion(panda, q, QUARTER_TURN, steps=90)
    elbow = Obstacle("elbow ball", "sphere", xyz=tuple(panda.fk_all(free.q[45])[4, :3, 3]),
                     radius=0.02)
    both = Checker(panda, Scene((hand, elbow), "m"))
    motion = ik.self_motion(panda, q, QUARTER_TURN, steps=90, checker=both)
    assert motion.stopped_at == 90 and motion.reason == "moved 1.571 rad holding the pose"
    assert both.check(motion.q).collides.all()
    blocked = ik.self_motion(panda, q, QUARTER_TURN, steps=90,
                             checker=Checker(panda, Scene((elbow,), "m")))
    assert blocked.stopped_at < 45 and "elbow ball" in blocked.reason


def test_a_batch_follows_each_start_as_alone(panda):
    starts = panda.random_q(4, rng=21)
    together = ik.self_motion(panda, starts.reshape(2, 2, 7), 0.8, steps=20)
    assert together.q.shape == (2, 2, 21, 7)
    assert together.stopped_at.shape == together.reason.shape == (2, 2)
    for index, q in zip(np.ndindex(2, 2), starts, strict=True):
        alone = ik.self_motion(panda, q, 0.8, steps=20)
        # Both paths hold the pose to 1e-9, so they agree to about that.
        np.testing.assert_allclose(together.q[index], alone.q, atol=1e-7)
        assert together.reason[index] == alone.reason
        assert together.stopped_at[index] == alone.stopped_at


def test_toward_continues_a_motion_the_way_it_went(panda):
    q = panda.random_q(rng=5)
    first = ik.self_motion(panda, q, 0.3, steps=10)
    last_step = first.q[-1] - first.q[-2]
    # Whichever sign the null space has at the end, the next motion carries on.
    more = ik.self_motion(panda, first.q[-1], 0.3, steps=10, toward=last_step)
    assert (more.q[1] - more.q[0]) @ last_step > 0
    again = ik.self_motion(panda, q, 0.6, steps=20)
    np.testing.assert_allclose(more.q[-1], again.q[-1], atol=1e-6)


def test_twelve_joints_move_in_one_of_their_six_directions():
    arm = Robot([Joint(a=0.1, alpha=math.pi / 2 * (k % 2)) for k in range(12)], unit="m")
    q = arm.random_q(rng=3)
    for column in (0, 5):
        motion = ik.self_motion(arm, q, 0.5, steps=10, column=column)
        position, angle = tool_drift(arm, motion.q, q)
        assert position < 1e-9 and angle < 1e-9
        start = arm.null_space(q)[:, column]
        step = motion.q[1] - q
        assert step @ start == pytest.approx(np.linalg.norm(step), rel=1e-3)


@pytest.mark.parametrize(("arguments", "message"), [
    ({"distance": math.nan}, "distance must be a finite number"),
    ({"steps": 0}, "steps must be a whole number from 1"),
    ({"column": 1}, "column must be a whole number from 0 to 0"),
    ({"axes": "xyz"}, "axes must be one of 'pose', 'position'"),
    ({"checker": "table"}, "checker must be a robosim.collision.Checker"),
    ({"toward": np.zeros(7)}, "toward is across the null space"),
])
def test_bad_arguments_are_refused_by_name(panda, arguments, message):
    values = {"distance": 0.5, "steps": 10} | arguments
    with pytest.raises((ValidationError, TypeError), match=message):
        ik.self_motion(panda, panda.random_q(rng=0), **values)


def test_a_start_outside_the_limits_and_an_arm_without_self_motion_are_refused(panda):
    outside = panda.home.copy()
    outside[3] = 0.5                                    # joint 4 stops at -4 degrees
    with pytest.raises(ValidationError, match="start: joint 4 .* is outside its limits"):
        ik.self_motion(panda, outside, 0.5)
    puma = robosim.load_robot("Puma 560")
    with pytest.raises(ValidationError, match="Puma 560 has no self-motion holding its pose"):
        ik.self_motion(puma, puma.home, 0.5)

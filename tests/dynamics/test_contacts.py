"""A fall stops where the arm first touches its scene or itself (issue 37, item 4).

The contact is an event of the integration found as a joint limit is: on each step's dense
output, then by bisection. The expected contacts here come from elsewhere: a re-simulation
that ignores collisions, sampled every 10 us and checked pose by pose with the collision
checker, which must find the same pair first, within one of its samples of the time found.
"""

import numpy as np
import pytest

from robosim import ValidationError, load_robot
from robosim.collision import Checker, Obstacle, Scene, check
from robosim.dynamics import Integration, simulate
from robosim.kinematics import below_floor

LYNX6 = load_robot("Lynx6")
#: Sampling of the re-simulation that the contact times are compared with, s.
FINE_DT = 1e-5


def first_contact_by_fine_sampling(robot, q0, until, scene=None):
    """``(t_before, t_first, pairs)``: the last sample clear and the first that collides in
    a fall re-simulated through everything and sampled every :data:`FINE_DT`."""
    through = simulate(robot, q0, duration=until, dt=FINE_DT, collisions="ignore")
    found = Checker(robot, scene).check(through.q)
    first = int(np.argmax(found.collides))
    assert first > 0 and found.collides[first]
    return through.t[first - 1], through.t[first], found.colliding_pairs(first)


def test_the_lynx6_falling_from_home_stops_at_its_table():
    fall = simulate(LYNX6, LYNX6.home, duration=1.0, dt=2e-3)
    assert len(fall.contacts) == 1 and fall.collisions == "stop"
    contact = fall.contacts[0]
    before, first, pairs = first_contact_by_fine_sampling(LYNX6, LYNX6.home, 0.3)
    assert list(contact.pairs) == pairs and pairs[0][1] == "table"
    # the bisection's time lies between the fine samples that bracket the first contact
    assert before - 1e-9 <= contact.time <= first + 1e-9
    assert str(contact) == f"{pairs[0][0]} hits table at t = {contact.time:.3g} s"
    # from the contact on, the arm rests: one pose, no speed, no acceleration
    after = fall.t >= contact.time
    assert after.sum() > 300
    assert np.all(fall.q[after] == fall.q[-1]) and np.all(fall.qd[after] == 0.0)
    assert np.all(fall.qdd[after] == 0.0) and np.all(fall.kinetic[after] == 0.0)


def test_the_resting_pose_is_clear_of_the_table_and_touches_it():
    fall = simulate(LYNX6, LYNX6.home, duration=0.5, dt=2e-3)
    rest = fall.q[-1]
    found = check(LYNX6, rest)                          # checked again, from scratch
    assert not found.collides
    assert 0.0 <= float(found.distance) < 1e-6          # mm: touching, to the tolerance
    # no link's axis below the table top (z = 0): the capsule rests on it, its radius above
    assert not below_floor(LYNX6, rest, 0.0).any()
    assert not check(LYNX6, fall.q).collides.any()      # nor any pose before it


def test_a_fall_that_meets_nothing_is_unchanged():
    puma = load_robot("Puma 560")
    start = np.radians([10, 30, -60, 20, 40, 0])        # first touches itself after 0.4 s
    stopping = simulate(puma, start, duration=0.4, dt=1e-3)
    through = simulate(puma, start, duration=0.4, dt=1e-3, collisions="ignore")
    assert stopping.contacts == [] and through.contacts == []
    for name in ("q", "qd", "qdd", "energy"):
        np.testing.assert_array_equal(getattr(stopping, name), getattr(through, name))


def test_limits_are_found_as_before_when_collisions_are_looked_for():
    # The Lynx6 with nothing around (no table): it meets only its limits, at the moments
    # found without looking for collisions (the limit's bisection runs on a shorter interval
    # of the step when the step is sampled for contacts: 1e-12 of it either way)
    alone = simulate(LYNX6, LYNX6.home, duration=2.0, dt=2e-3, scene=Scene((), "mm"))
    through = simulate(LYNX6, LYNX6.home, duration=2.0, dt=2e-3, collisions="ignore")
    assert alone.contacts == [] and len(through.limit_hits) == 3
    assert [(h.joint, h.side) for h in alone.limit_hits] == \
        [(h.joint, h.side) for h in through.limit_hits]
    assert [h.time for h in alone.limit_hits] == \
        pytest.approx([h.time for h in through.limit_hits], abs=1e-9)
    assert alone.q == pytest.approx(through.q, abs=1e-9)


def test_an_obstacle_of_a_scene_stops_the_fall_and_is_named():
    # A ball in the way of the Lynx6's fall, 60 mm above the table: met before the table
    ball = Obstacle("ball", "sphere", xyz=(250.0, 0.0, 90.0), radius=30.0)
    scene = Scene((ball,), "mm")
    fall = simulate(LYNX6, LYNX6.home, duration=0.5, dt=2e-3, scene=scene)
    (contact,) = fall.contacts
    before, first, pairs = first_contact_by_fine_sampling(LYNX6, LYNX6.home, 0.3, scene)
    assert list(contact.pairs) == pairs and all(b == "ball" for _, b in pairs)
    assert before - 1e-9 <= contact.time <= first + 1e-9
    assert not Checker(LYNX6, scene).check(fall.q[-1]).collides


def test_each_configuration_of_a_batch_stops_on_its_own():
    leaning_back = np.radians([0, 90, 0, 0, 0])          # on its shoulder's upper stop
    both = simulate(LYNX6, np.stack([LYNX6.home, leaning_back]), duration=0.3, dt=2e-3)
    (contact,) = both.contacts
    assert contact.index == (0,)
    alone = [simulate(LYNX6, q0, duration=0.3, dt=2e-3) for q0 in (LYNX6.home, leaning_back)]
    assert contact.time == pytest.approx(alone[0].contacts[0].time, abs=1e-9)
    for k in range(2):
        assert both.q[:, k] == pytest.approx(alone[k].q, abs=1e-7)


def test_a_start_in_a_collision_is_refused_unless_collisions_are_ignored():
    into_table = np.radians([0, -90, 0, 0, 0])           # the forearm points down into it
    with pytest.raises(ValidationError, match=r"q0 starts in a collision \(.*hits table"):
        simulate(LYNX6, into_table, duration=0.1)
    with pytest.raises(ValidationError, match=r"q0 \(configuration \[1\]\) starts"):
        simulate(LYNX6, np.stack([LYNX6.home, into_table]), duration=0.1)
    assert simulate(LYNX6, into_table, duration=0.1, collisions="ignore").contacts == []
    with pytest.raises(ValidationError, match="collisions must be one of"):
        simulate(LYNX6, LYNX6.home, duration=0.1, collisions="bounce")


def test_a_resting_run_is_filled_to_its_end_and_reports_its_progress():
    seen = []
    run = Integration(LYNX6, LYNX6.home, duration=3.0, dt=1e-3, progress=seen.append)
    run.advance(1.0)                                      # past the contact (0.18 s)
    assert run.ready == len(run.t)                        # nothing left to integrate
    assert len(run.contacts) == 1
    fall = run.finish()
    assert seen[-1] == 1.0 and len(seen) >= 100
    assert fall.t[-1] == 3.0 and np.all(fall.q[-1] == fall.q[len(fall.t) // 2])

"""Joint-space profiles: boundary conditions, closed forms, derivatives, via-points, limits."""

import numpy as np
import pytest

import robosim
from robosim.errors import ValidationError
from robosim.trajectory import PROFILE_KINDS, joint_profile, sample_times

START = np.array([0.2, -0.4, 1.0])
GOAL = np.array([1.2, 0.6, -1.0])
VIA = np.array([[0.5, 0.0, 0.2], [0.9, 0.9, -0.5]])


def test_sample_times_step_by_dt_and_end_at_the_duration():
    np.testing.assert_allclose(sample_times(1.0, 0.3), [0.0, 0.3, 0.6, 0.9, 1.0])
    np.testing.assert_allclose(sample_times(2.0, 0.5), [0.0, 0.5, 1.0, 1.5, 2.0])


@pytest.mark.parametrize("kind", PROFILE_KINDS)
@pytest.mark.parametrize("via", [None, VIA])
def test_profiles_start_and_end_at_the_given_configurations(kind, via):
    profile = joint_profile(START, GOAL, 3.0, 0.01, kind, via=via)
    np.testing.assert_allclose(profile.q[0], START, atol=1e-12)
    np.testing.assert_allclose(profile.q[-1], GOAL, atol=1e-12)
    assert profile.t[-1] == 3.0 and profile.q.shape == profile.qd.shape == (profile.t.size, 3)


@pytest.mark.parametrize("kind", ["cubic", "quintic", "trapezoidal"])
def test_profiles_start_and_end_at_rest(kind):
    profile = joint_profile(START, GOAL, 2.0, 0.01, kind, via=VIA)
    np.testing.assert_allclose(profile.qd[[0, -1]], 0.0, atol=1e-12)


def test_quintic_starts_and_ends_without_acceleration():
    profile = joint_profile(START, GOAL, 2.0, 0.01, "quintic", via=VIA)
    np.testing.assert_allclose(profile.qdd[[0, -1]], 0.0, atol=1e-9)


@pytest.mark.parametrize("kind, shape", [
    ("linear", lambda s: s),
    ("cubic", lambda s: 3 * s ** 2 - 2 * s ** 3),
    ("quintic", lambda s: 10 * s ** 3 - 15 * s ** 4 + 6 * s ** 5),
])
def test_single_segment_profiles_follow_their_textbook_closed_forms(kind, shape):
    profile = joint_profile(START, GOAL, 2.5, 0.05, kind)
    s = profile.t / 2.5
    np.testing.assert_allclose(profile.q, START + np.outer(shape(s), GOAL - START), atol=1e-12)


def test_trapezoid_cruises_at_one_and_a_half_times_the_mean_speed_with_one_third_blends():
    profile = joint_profile(START, GOAL, 3.0, 0.001, "trapezoidal")
    cruise = 1.5 * (GOAL - START) / 3.0
    middle = (profile.t > 1.0 + 1e-9) & (profile.t < 2.0 - 1e-9)
    np.testing.assert_allclose(profile.qd[middle], np.broadcast_to(cruise, (middle.sum(), 3)))
    np.testing.assert_allclose(profile.qdd[middle], 0.0, atol=1e-12)
    first = profile.t < 1.0 - 1e-9
    np.testing.assert_allclose(profile.qdd[first], np.broadcast_to(cruise / 1.0, (first.sum(), 3)))


def test_trapezoid_blend_sets_the_cruise_speed():
    profile = joint_profile([0.0], [1.0], 1.0, 0.001, "trapezoidal", blend=0.25)
    assert profile.qd.max() == pytest.approx(1.0 / 0.75)


@pytest.mark.parametrize("kind", PROFILE_KINDS)
def test_velocity_and_acceleration_are_the_derivatives_of_position(kind):
    profile = joint_profile(START, GOAL, 2.0, 1e-4, kind, via=VIA)
    h = 1e-4
    inside = np.ones(profile.t.size, dtype=bool)
    for knot in profile.knot_times:            # derivatives jump at knots of some kinds
        inside &= np.abs(profile.t - knot) > 3 * h
    if kind == "trapezoidal":                  # ... and at the blend ends
        spans = np.diff(profile.knot_times)[:, None]
        starts = profile.knot_times[:-1, None] + spans * [1 / 3, 2 / 3]
        for edge in starts.ravel():
            inside &= np.abs(profile.t - edge) > 3 * h
    velocity = np.gradient(profile.q, profile.t, axis=0)
    acceleration = np.gradient(profile.qd, profile.t, axis=0)
    np.testing.assert_allclose(velocity[inside], profile.qd[inside], atol=1e-5)
    np.testing.assert_allclose(acceleration[inside], profile.qdd[inside], atol=1e-3)


@pytest.mark.parametrize("kind", PROFILE_KINDS)
def test_profiles_pass_through_every_via_configuration(kind):
    # Largest changes 1, 1, 2: knots at 0, 1, 2, 4 s, which are sample times.
    knots = np.array([[0, 0, 0], [1, 0.5, 0], [2, 0.5, -1], [2, 2.5, 0]], dtype=float)
    profile = joint_profile(knots[0], knots[-1], 4.0, 0.01, kind, via=knots[1:-1])
    np.testing.assert_allclose(profile.knot_times, [0.0, 1.0, 2.0, 4.0])
    for time, knot in zip(profile.knot_times, knots, strict=True):
        np.testing.assert_allclose(profile.q[np.isclose(profile.t, time)][0], knot, atol=1e-12)


def test_duration_is_shared_in_proportion_to_the_largest_joint_change():
    profile = joint_profile([0.0, 0.0], [3.0, 0.0], 4.0, 0.1, via=[[1.0, 0.5]])
    # Changes: segment 1 max(1, 0.5) = 1, segment 2 max(2, 0.5) = 2.
    np.testing.assert_allclose(profile.knot_times, [0.0, 4.0 / 3.0, 4.0])


@pytest.mark.parametrize("kind", ["cubic", "quintic"])
def test_smooth_profiles_do_not_stop_at_a_via_on_a_monotonic_move(kind):
    profile = joint_profile([0.0], [2.0], 2.0, 1e-3, kind, via=[[1.0]])
    assert profile.qd[:, 0].min() >= -1e-12
    middle = np.argmin(np.abs(profile.t - profile.knot_times[1]))
    # The via velocity is the mean of the two segments' slopes (1 rad/s each).
    assert profile.qd[middle, 0] == pytest.approx(1.0, abs=1e-2)
    # Velocity is continuous across the via.
    assert np.abs(np.diff(profile.qd[:, 0])).max() < 0.01


def test_velocity_at_a_via_where_the_motion_reverses_is_zero():
    profile = joint_profile([0.0], [0.0], 2.0, 0.5, "cubic", via=[[1.0]])
    np.testing.assert_allclose(profile.qd[profile.t == 1.0], 0.0, atol=1e-12)
    assert profile.q[profile.t == 1.0][0, 0] == pytest.approx(1.0)


def test_with_a_robot_every_sample_stays_within_the_joint_limits():
    robot = robosim.load_robot("Lynx6")
    limit = robot.limits[1, 1]
    with pytest.raises(ValidationError, match=r"joint 2 \(shoulder\).*outside its limits"):
        joint_profile(robot.home, np.full(5, 0.1) + [0, limit, 0, 0, 0], 1.0, 0.1,
                      "linear", robot=robot)
    # Joint 1 goes fast to a via near its limit, then slowly on (the wrist's long move sets the
    # second segment's time): the cubic carries the via velocity past the limit.
    q_goal = robot.home.copy()
    q_goal[[0, 3]] = limit, 1.0
    via = robot.home.copy()
    via[0] = limit * 0.95
    with pytest.raises(ValidationError, match="joint 1"):
        joint_profile(robot.home, q_goal, 1.0, 0.001, "cubic", via=[via], robot=robot)
    joint_profile(robot.home, q_goal, 1.0, 0.001, "quintic", robot=robot)


@pytest.mark.parametrize("arguments, words", [
    (([0, 0], [1], 1.0, 0.1), "goal configuration has 1"),
    (([0, 0], [1, 1], 0.0, 0.1), "duration"),
    (([0, 0], [1, 1], 1.0, -0.1), "time step"),
    (([0, 0], [1, 1], 1.0, 2.0), "longer than the duration"),
    (([0, 0], [1, 1], 1e9, 1e-3), "at most"),
    (([0, np.nan], [1, 1], 1.0, 0.1), "finite"),
    (([0, 0], [1, 1], "soon", 0.1), "duration must be a number"),
])
def test_bad_arguments_are_refused_with_a_message_naming_them(arguments, words):
    with pytest.raises(ValidationError, match=words):
        joint_profile(*arguments)


def test_unknown_kind_and_repeated_vias_are_refused():
    with pytest.raises(ValidationError, match="one of 'linear', 'cubic'"):
        joint_profile([0.0], [1.0], 1.0, 0.1, "spline")
    with pytest.raises(ValidationError, match="repeated"):
        joint_profile([0.0], [1.0], 1.0, 0.1, via=[[1.0]])
    with pytest.raises(ValidationError, match="blend"):
        joint_profile([0.0], [1.0], 1.0, 0.1, "trapezoidal", blend=0.7)

"""Teaching by poses: quintics with end velocities, via_points, taught-sequence files.

Reference numbers from Corke's Robotics Toolbox for Python, ``tests/test_trajectory.py``
(petercorke/robotics-toolbox-python): ``test_quintic`` (``quintic(1, 2, 11)`` passes 1.5 at
the middle sample with accelerations summing to 0; ``quintic(1, 2, 11, -1, 1)`` starts at
velocity -1 and ends at +1 with zero accelerations), ``test_jtraj`` (``jtraj(q1, -q1, 11, -1,
1)``) and ``test_mstraj``'s via points ``[4 1; 4 4; 5 2; 2 5]`` with ``qdmax = [2, 1]``.
"""

import json

import numpy as np
import pytest

import robosim
from robosim.errors import ValidationError
from robosim.trajectory import joint_profile, via_points
from robosim.trajectory.teaching import (TaughtSequence, load_taught, save_taught,
                                         taught_from_dict)


def test_quintic_matches_corkes_quintic_without_and_with_end_velocities():
    # quintic(1, 2, 11): t = 0..10 in steps of 1.
    plain = joint_profile([1.0], [2.0], 10.0, 1.0)
    assert plain.q[5, 0] == pytest.approx(1.5)
    assert np.all(np.diff(plain.q[:, 0]) > 0)
    assert plain.qdd[:, 0].sum() == pytest.approx(0.0, abs=1e-12)
    assert plain.qd[[0, -1], 0] == pytest.approx([0.0, 0.0])
    # quintic(1, 2, 11, -1, 1)
    moving = joint_profile([1.0], [2.0], 10.0, 1.0, qd_start=[-1.0], qd_goal=[1.0])
    assert moving.q[[0, -1], 0] == pytest.approx([1.0, 2.0])
    assert moving.qd[[0, -1], 0] == pytest.approx([-1.0, 1.0])
    assert moving.qdd[[0, -1], 0] == pytest.approx([0.0, 0.0])


def test_jtraj_with_boundary_velocities():
    q1 = np.arange(1.0, 7.0)
    profile = joint_profile(q1, -q1, 10.0, 1.0, qd_start=-np.ones(6), qd_goal=np.ones(6))
    np.testing.assert_allclose(profile.q[[0, -1]], [q1, -q1])
    np.testing.assert_allclose(profile.qd[[0, -1]], [-np.ones(6), np.ones(6)])
    np.testing.assert_allclose(profile.qdd[[0, -1]], 0.0, atol=1e-12)


def test_end_velocities_need_a_polynomial_profile():
    with pytest.raises(ValidationError, match="trapezoidal profile starts and ends at rest"):
        joint_profile([0.0], [1.0], 1.0, 0.1, kind="trapezoidal", qd_goal=[1.0])


CORKE_VIAS = np.array([[4.0, 1.0], [4.0, 4.0], [5.0, 2.0], [2.0, 5.0]])


def _check_through_limits_continuous(profile, dt, qd_max, qdd_max, speed=None):
    steps = np.round(profile.knot_times / dt).astype(int)
    np.testing.assert_allclose(profile.knot_times, steps * dt, atol=1e-12)   # on the grid
    np.testing.assert_allclose(profile.q[steps], profile.knots, atol=1e-12)  # passes through
    assert np.all(np.abs(profile.qd) <= qd_max * (1 + 1e-6))
    assert np.all(np.abs(profile.qdd) <= qdd_max * (1 + 1e-6))
    # continuous velocity: no jump between samples bigger than the acceleration allows
    assert np.all(np.abs(np.diff(profile.qd, axis=0)) <= qdd_max * dt * (1 + 1e-6))


def test_via_points_through_corkes_mstraj_vias():
    qd_max, qdd_max = np.array([2.0, 1.0]), np.array([4.0, 2.0])
    profile = via_points(CORKE_VIAS, 0.05, qd_max, qdd_max)
    _check_through_limits_continuous(profile, 0.05, qd_max, qdd_max)
    # the slowest segment is at a limit (the timing is not needlessly slow): within 10 %
    worst = max(np.max(np.abs(profile.qd) / qd_max), np.sqrt(np.max(np.abs(profile.qdd)
                                                                   / qdd_max)))
    assert worst > 0.9


def test_dwell_holds_the_pose_and_speed_slows_a_segment():
    lynx = robosim.load_robot("lynx6")
    poses = np.radians([[0, 0, 0, 0, 0], [30, 20, -10, 40, 0], [60, 10, -30, 20, 10],
                        [0, 0, 0, 0, 0]])
    qd_max, qdd_max = np.radians(60.0), np.radians(120.0)
    full = via_points(poses, 0.02, qd_max, qdd_max, robot=lynx)
    held = via_points(poses, 0.02, qd_max, qdd_max, dwell=[0, 0.5, 0, 0], speed=[1, 0.5, 1],
                      robot=lynx)
    _check_through_limits_continuous(held, 0.02, qd_max, qdd_max)
    arrive, leave = np.round(held.knot_times[[1, 2]] / 0.02).astype(int)
    assert (leave - arrive) * 0.02 == pytest.approx(0.5)
    np.testing.assert_allclose(held.q[arrive:leave + 1], poses[1][None].repeat(leave - arrive + 1,
                                                                                0))
    assert np.abs(held.qd[arrive:leave + 1]).max() < 1e-12
    # the second move at half speed takes longer than at full speed
    assert held.knot_times[3] - held.knot_times[2] > full.knot_times[2] - full.knot_times[1]


def test_via_points_refuses_bad_input():
    with pytest.raises(ValidationError, match="at least 2 poses"):
        via_points([[0.0]], 0.1, 1, 1)
    with pytest.raises(ValidationError, match="speed 2 must be more than 0"):
        via_points([[0.0], [1.0], [2.0]], 0.1, 1, 1, speed=[1, 0])
    with pytest.raises(ValidationError, match="qd_start .* is faster than qd_max"):
        via_points([[0.0], [1.0]], 0.1, 1, 1, qd_start=[2.0])


def test_taught_sequence_edits_and_round_trips(tmp_path):
    lynx = robosim.load_robot("lynx6")
    taught = TaughtSequence(lynx.name)
    for degrees in ([0, 0, 0, 0, 0], [30, 20, -10, 40, 0], [60, 10, -30, 20, 10]):
        taught.record(np.radians(degrees))
    taught.dwell[1], taught.speed[2] = 0.5, 0.25
    assert taught.move(2, -1) == 1
    np.testing.assert_allclose(np.degrees(taught.poses[1]), [60, 10, -30, 20, 10])
    assert taught.speed[1] == 0.25 and taught.dwell[2] == 0.5
    taught.delete(0)
    path = tmp_path / "pick.json"
    save_taught(taught, lynx, path)
    data = json.loads(path.read_text())
    assert data["format"] == "robosim-taught/1" and data["poses"][0]["q"] == [60, 10, -30, 20, 10]
    again = load_taught(path, lynx)
    np.testing.assert_allclose(again.poses, taught.poses)
    assert (again.dwell, again.speed) == (taught.dwell, taught.speed)
    profile = again.trajectory(0.02, np.radians(60), np.radians(120), robot=lynx)
    np.testing.assert_allclose(profile.q[-1], taught.poses[-1], atol=1e-12)


def test_taught_file_for_another_robot_or_outside_limits_is_refused():
    lynx = robosim.load_robot("lynx6")
    good = {"format": "robosim-taught/1", "robot": "Lynx6",
            "poses": [{"q": [0, 0, 0, 0, 0], "dwell_s": 0, "speed": 1}]}
    taught_from_dict(good, lynx)
    with pytest.raises(ValidationError, match="taught on 'Puma 560', not on Lynx6"):
        taught_from_dict({**good, "robot": "Puma 560"}, lynx)
    with pytest.raises(ValidationError, match="pose 1"):
        taught_from_dict({**good, "poses": [{"q": [0, 0, 0, 120, 0]}]}, lynx)
    with pytest.raises(ValidationError, match="pose 1: speed"):
        taught_from_dict({**good, "poses": [{"q": [0, 0, 0, 0, 0], "speed": 0}]}, lynx)

"""Teaching by poses: quintics with end velocities, via_points, taught-sequence files.

Reference numbers from Corke's Robotics Toolbox for Python, ``tests/test_trajectory.py``
(petercorke/robotics-toolbox-python): ``test_quintic`` (``quintic(1, 2, 11)`` passes 1.5 at
the middle sample with accelerations summing to 0; ``quintic(1, 2, 11, -1, 1)`` starts at
velocity -1 and ends at +1 with zero accelerations), ``test_jtraj`` (``jtraj(q1, -q1, 11, -1,
1)``) and ``test_mstraj``'s via points ``[4 1; 4 4; 5 2; 2 5]`` with ``qdmax = [2, 1]``.
"""

import json
import re

import numpy as np
import pytest

import robosim
from robosim.errors import ValidationError
from robosim.trajectory import joint_profile, via_points
from robosim.trajectory.teaching import (MAX_DWELL_S, TaughtSequence, load_taught,
                                         save_taught, taught_from_dict)


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


# ------------------------------------------------------------- issue 36, item 5: the file
LYNX = robosim.load_robot("lynx6")
SLIDE = robosim.Robot([robosim.Joint(a=100.0), robosim.Joint("P", limits=(0.0, 50.0))],
                      name="RP", unit="mm")


def taught_file(units=None, **pose):
    data = {"format": "robosim-taught/1", "robot": "Lynx6",
            "poses": [{"q": [0.5, 0, 0, 0, 0], **pose}]}
    if units is not None:
        data["units"] = units
    return data


def test_units_in_radians_are_read_as_radians():
    taught = taught_from_dict(taught_file(["rad"] * 5), LYNX)
    assert taught.poses[0].tolist() == [0.5, 0, 0, 0, 0]
    in_degrees = taught_from_dict(taught_file(["deg"] * 5), LYNX)     # 0.5 deg in radians
    assert in_degrees.poses[0][0] == pytest.approx(0.5 * np.pi / 180)


def test_a_prismatic_joint_takes_the_robots_length_unit_and_no_other():
    data = {"format": "robosim-taught/1", "robot": "RP", "units": ["rad", "mm"],
            "poses": [{"q": [0.25, 40]}]}
    assert taught_from_dict(data, SLIDE).poses[0].tolist() == [0.25, 40.0]
    with pytest.raises(ValidationError, match="units: joint 2 is prismatic, in mm .*'mm', "
                                              "got 'm'"):
        taught_from_dict({**data, "units": ["rad", "m"]}, SLIDE)


@pytest.mark.parametrize("units, words", [
    (["deg"] * 4, "units must be a list of 5 units"),
    (["deg"] * 6, "units must be a list of 5 units"),
    ("deg", "units must be a list of 5 units"),
    (["grad"] + ["deg"] * 4, "units: joint 1 is revolute: its unit is 'deg' or 'rad', got "
                             "'grad'"),
])
def test_units_that_do_not_fit_the_robot_are_refused(units, words):
    with pytest.raises(ValidationError, match=re.escape(words)):
        taught_from_dict(taught_file(units), LYNX)


@pytest.mark.parametrize("field, value, shown", [
    ("dwell_s", "1", "the text '1'"),
    ("speed", "0.5", "the text '0.5'"),
    ("speed", None, "null"),
    ("dwell_s", True, "True"),
    ("speed", [1], "[1]"),
])
def test_a_dwell_or_speed_that_is_no_json_number_is_refused_by_name(field, value, shown):
    with pytest.raises(ValidationError, match=re.escape(f"pose 1: {field} must be a number, "
                                                        f"got {shown}")):
        taught_from_dict(taught_file(**{field: value}), LYNX)


@pytest.mark.parametrize("pose, dwell, speed, words", [
    ([np.nan, 0, 0, 0, 0], 0.0, 1.0, "pose 1: values must be finite numbers"),
    ([2.0, 0, 0, 0, 0], 0.0, 1.0, "pose 1: joint 1"),                 # 115 deg beyond +-90
    ([0.0] * 4, 0.0, 1.0, "pose 1: Lynx6 has 5 joints, got 4"),
    ([0.0] * 5, -1.0, 1.0, "pose 1: dwell_s"),
    ([0.0] * 5, 0.0, 0.0, "pose 1: speed"),
    ([0.0] * 5, 0.0, np.nan, "pose 1: speed"),
])
def test_save_taught_writes_nothing_load_taught_would_refuse(tmp_path, pose, dwell, speed,
                                                             words):
    # the lists are filled directly: what record() accepts is the API edge's to check
    taught = TaughtSequence("Lynx6", [np.array(pose)], [dwell], [speed])
    with pytest.raises(ValidationError, match="taught.json: would not read back: "
                                              + re.escape(words)):
        save_taught(taught, LYNX, tmp_path / "taught.json")
    assert list(tmp_path.iterdir()) == []


def test_what_save_taught_writes_load_taught_reads_back_at_the_limits(tmp_path):
    taught = TaughtSequence("Lynx6", [LYNX.limits[:, 0].copy(), LYNX.limits[:, 1].copy()],
                            [0.0, MAX_DWELL_S], [1.0, 1e-9])
    save_taught(taught, LYNX, tmp_path / "taught.json")
    again = load_taught(tmp_path / "taught.json", LYNX)
    np.testing.assert_allclose(again.poses, taught.poses, atol=1e-9)
    assert (again.dwell, again.speed) == (taught.dwell, taught.speed)

"""Cartesian paths: the paper's presets, formula paths, placement, following by IK."""

import math

import numpy as np
import pytest

import robosim
from robosim.errors import ValidationError
from robosim.trajectory import (PRESETS, find_preset, follow_path, joint_jumps, path_fits,
                                preset_path, surface_path, volume_path)

#: The resolution presets are placed at (trajectory.FIT_POINTS): joint jumps are judged by
#: comparing steps, which needs a path sampled finely enough.
POINTS = 200

# The paper's equations (3D-RAS, eqs. 25-39) in centimetres, written out with `math`.
PAPER = {
    "hyperbolic paraboloid": lambda u, v: (30 + 10 * math.sin(u), 30 + 10 * math.cos(u + v),
                                           18 * math.exp(-v)),
    "epicycloid": lambda u, v: (20 + 20 * math.sin(u) * math.cos(u),
                                20 + 20 * math.sin(3 * u) * math.sin(u), 20 + v),
    "moebius belt": lambda u, v: (20 + (5 + 0.5 * v * math.cos(0.5 * u)) * math.cos(u),
                                  20 + (5 + 0.5 * v * math.cos(0.5 * u)) * math.sin(u),
                                  20 + 0.5 * v * math.sin(0.5 * u)),
    "latitudinal sphere": lambda u, v: (20 + 10 * math.cos(u) * math.cos(v),
                                        20 + 10 * math.sin(u) * math.cos(v),
                                        15 + 15 * math.sin(v)),
    "weld seam": lambda u, v: (25 + 8 * math.cos(u), 25 + 8 * math.sin(u),
                               15 + math.sqrt(9 ** 2 - 8 ** 2 * math.sin(u) ** 2)),
}


@pytest.fixture(scope="module")
def lynx6():
    return robosim.load_robot("Lynx6")


@pytest.fixture(scope="module")
def placed(lynx6):
    return {name: preset_path(name, lynx6, POINTS) for name in PAPER}


@pytest.mark.parametrize("name", sorted(PAPER))
def test_presets_reproduce_the_papers_equations(placed, name):
    path = placed[name]
    preset = PRESETS[name]
    v = np.linspace(*preset.v_range, preset.curves)[path.index]
    expected = np.array([PAPER[name](u, v) for u in path.parameter])
    np.testing.assert_allclose((path.points - path.offset) / path.scale, expected, atol=1e-9)
    # Placing moves and scales the figure, never distorts it: the unit is mm (10 per cm).
    assert path.scale in (10.0, 5.0, 2.5)


@pytest.mark.parametrize("name", sorted(PAPER))
def test_volume_presets_close_and_the_lynx6_follows_them_exactly(placed, lynx6, name):
    path = placed[name]
    assert path.closed and path.fits, path.message
    np.testing.assert_allclose(path.points[-1], path.points[0], atol=1e-9)
    followed = follow_path(lynx6, path, lynx6.home)
    assert followed.reachable.all(), followed.message
    assert np.abs(followed.tip - path.points).max() < 1e-6
    assert lynx6.within_limits(followed.q).all()
    assert joint_jumps(lynx6, followed.q).size == 0


@pytest.mark.parametrize("index", [0, 9, 27])
def test_every_curve_of_the_moebius_belt_closes(index):
    preset = PRESETS["moebius belt"]
    path = volume_path(*preset.formulas, preset.u_range, preset.v_range, 60,
                       curves=preset.curves, index=index)
    assert path.closed, path.message


def test_a_preset_that_fits_where_the_paper_puts_it_stays_there():
    robot = robosim.load_robot("Puma 560")     # metres: the paper's 20-40 cm is within reach
    path = preset_path("hyperbolic paraboloid", robot, POINTS)
    assert path.fits and "paper's place" in path.message
    np.testing.assert_array_equal(path.offset, 0.0)
    assert path.scale == pytest.approx(0.01)


def test_a_preset_too_big_for_the_robot_says_it_does_not_fit():
    flat = robosim.Robot([robosim.Joint(a=3.0), robosim.Joint(a=3.0)], name="tiny", unit="cm")
    path = preset_path("weld seam", flat, POINTS)
    assert path.fits is False and "does not fit tiny's workspace" in path.message


def test_moved_presets_are_placed_where_the_robot_follows_them(lynx6):
    path = preset_path("weld seam", lynx6, POINTS)
    assert "moved by" in path.message and path_fits(lynx6, path.points) == (True, "")
    assert path.points[:, 2].min() >= 0.0      # above the table the base stands on


def test_find_preset_ignores_case_spaces_and_dashes():
    assert find_preset("Weld-Seam") is PRESETS["weld seam"]
    assert find_preset("moebiusBelt").name == "moebius belt"
    with pytest.raises(ValidationError, match="presets: hyperbolic paraboloid"):
        find_preset("torus")


def test_surface_path_is_one_curve_of_constant_x1():
    path = surface_path("x1^2 - x2", (0.0, 4.0), (-1.0, 1.0), 5, 3, 11)
    np.testing.assert_allclose(path.points[:, 0], 3.0)
    np.testing.assert_allclose(path.points[:, 1], np.linspace(-1, 1, 11))
    np.testing.assert_allclose(path.points[:, 2], 9.0 - np.linspace(-1, 1, 11))
    assert path.curves.shape == (5, 11, 3) and not path.closed and path.fits is None


def test_volume_path_reports_a_curve_that_does_not_close():
    path = volume_path("u", "0", "0", (0.0, 2.0), (0.0, 0.0), 5)
    assert not path.closed and "does not close: it ends 2 from its start" in path.message


def test_a_formula_without_a_real_value_names_the_point():
    with pytest.raises(ValidationError, match=r"z formula 'sqrt\(u - 1\)' has no real value "
                                              r"at u = 0, v = 0"):
        volume_path("u", "v", "sqrt(u - 1)", (0.0, 2.0), (0.0, 0.0), 5)


@pytest.mark.parametrize("arguments, words", [
    (dict(points=1), "points must be a whole number >= 2"),
    (dict(curves=0), "number of curves"),
    (dict(curves=3, index=3), "curve index must be a whole number from 0 to 2"),
    (dict(u_range=(1.0, 1.0)), "u range is empty"),
    (dict(u_range=(0.0, math.inf)), "finite"),
])
def test_bad_path_arguments_are_refused(arguments, words):
    call = dict(x_formula="u", y_formula="v", z_formula="1", u_range=(0.0, 1.0),
                v_range=(0.0, 1.0), points=5)
    call.update(arguments)
    with pytest.raises(ValidationError, match=words):
        volume_path(**call)


def _circle_through_reach(count=40):
    """A horizontal circle in front of the Lynx6, starting within reach; its far side is out
    of reach (the shoulder, 65 mm up and 25 mm out, carries 395 mm of arm)."""
    u = np.linspace(0, 2 * np.pi, count) + np.pi / 2
    return np.column_stack([250 + 250 * np.cos(u), 250 * np.sin(u), np.full(count, 150.0)])


def test_skipping_bad_points_lists_them_and_moves_smoothly_past_them(lynx6):
    points = _circle_through_reach()
    result = follow_path(lynx6, points, lynx6.home, on_bad="skip", duration=8.0)
    np.testing.assert_array_equal(result.bad_indices, np.flatnonzero(~result.reachable))
    too_far = np.linalg.norm(points - [0.0, 0.0, 65.0], axis=1) > 25.0 + 395.0
    assert too_far.any() and not result.reachable[too_far].any()
    good = result.reachable
    assert good.sum() > len(points) // 2
    assert np.abs(result.tip[good] - points[good]).max() < 1e-6
    assert lynx6.within_limits(result.q).all()
    t, q = result.motion()
    assert len(t) == len(points) and t[-1] == pytest.approx(8.0)
    # Past a bad stretch the joints move linearly in time from one good point to the next.
    k = result.bad_indices[0]
    before, after = k - 1, k + np.argmax(good[k:])
    share = (t[k] - t[before]) / (t[after] - t[before])
    np.testing.assert_allclose(q[k], q[before] + share * (q[after] - q[before]), atol=1e-12)
    assert f"{k + 1}" in result.message and "skipped" in result.message


def test_stopping_ends_the_motion_before_the_first_bad_point(lynx6):
    points = _circle_through_reach()
    result = follow_path(lynx6, points, lynx6.home, on_bad="stop")
    first_bad = result.bad_indices[0]
    assert first_bad > 0 and result.stop_index == first_bad
    t, q = result.motion()
    assert len(t) == first_bad
    np.testing.assert_array_equal(result.q[first_bad:],
                                  np.broadcast_to(q[-1], result.q[first_bad:].shape))
    assert f"stops before point {first_bad + 1}" in result.message


def test_the_tip_moves_at_constant_speed_along_the_path(lynx6):
    points = np.array([[200.0, 0, 150], [230, 0, 150], [230, 10, 150], [230, 10, 190]])
    result = follow_path(lynx6, points, lynx6.home, speed=20.0)
    np.testing.assert_allclose(result.t, [0.0, 1.5, 2.0, 4.0])
    np.testing.assert_allclose(follow_path(lynx6, points, lynx6.home, duration=8.0).t,
                               [0.0, 3.0, 4.0, 8.0])


def test_pose_following_keeps_the_start_orientation():
    robot = robosim.load_robot("Puma 560")
    q0 = np.array([0.1, -0.6, 0.4, 0.2, 0.5, -0.3])
    start = robot.fk(q0)
    points = start[:3, 3] + np.linspace(0, 0.1, 6)[:, None] * [1.0, 0.0, 0.0]
    result = follow_path(robot, points, q0, axes="pose")
    assert result.reachable.all()
    np.testing.assert_allclose(robot.fk(result.q)[:, :3, :3],
                               np.broadcast_to(start[:3, :3], (6, 3, 3)), atol=1e-8)


def test_joint_jumps_are_steps_much_larger_than_the_rest(lynx6):
    q = np.zeros((10, 5))
    q[:, 1] = np.linspace(0, 0.45, 10)          # 0.05 rad steps
    assert joint_jumps(lynx6, q).size == 0
    q[6:, 0] = 1.0                              # a 1 rad jump into row 6
    np.testing.assert_array_equal(joint_jumps(lynx6, q), [6])


def test_bad_follow_arguments_are_refused(lynx6):
    with pytest.raises(ValidationError, match="on_bad must be 'skip' or 'stop'"):
        follow_path(lynx6, np.zeros((2, 3)), lynx6.home, on_bad="ignore")
    with pytest.raises(ValidationError, match=r"\(N, 3\)"):
        follow_path(lynx6, np.zeros((2, 2)), lynx6.home)
    with pytest.raises(ValidationError, match="not both"):
        follow_path(lynx6, np.ones((2, 3)), lynx6.home, duration=1.0, speed=2.0)


def test_bad_points_say_whether_they_are_out_of_reach_or_beyond_the_limits():
    # A planar arm of two 1 m links whose shoulder turns only +-0.5 rad: (1.9, 0) needs the
    # shoulder at -+0.32 rad; (-1.5, 0) lies within its 2 m reach but behind it; (3, 0) is out
    # of reach whatever the limits.
    arm = robosim.Robot([robosim.Joint(a=1.0, limits=(-0.5, 0.5)), robosim.Joint(a=1.0)],
                        name="2R", unit="m")
    points = np.array([[1.9, 0.0, 0.0], [-1.5, 0.0, 0.0], [3.0, 0.0, 0.0], [1.9, 0.05, 0.0]])
    result = follow_path(arm, points, [0.0, 0.5])
    np.testing.assert_array_equal(result.reachable, [True, False, False, True])
    assert list(result.reasons) == ["", "beyond the joint limits", "out of reach", ""]
    assert "out of reach: point(s) 3; beyond the joint limits: point(s) 2" in result.message


def _least_joint_steps(robot, q, points):
    """The smallest joint step (norm, rad) that moves the tip from each point to the next,
    to first order: the pseudo-inverse of the position Jacobian at the first of the two."""
    jacobian = robot.jacobian(q[:-1])[:, :3, :]
    step = np.einsum("kij,kj->ki", np.linalg.pinv(jacobian), np.diff(points, axis=0))
    return np.linalg.norm(step, axis=1)


#: Allowance over the least joint step for second-order terms (steps of ~1% of the reach).
LEAST_MOTION_SLACK = 1.25


@pytest.mark.parametrize("name", ["epicycloid", "hyperbolic paraboloid", "weld seam"])
def test_following_a_path_moves_the_joints_no_more_than_the_tip_needs(placed, lynx6, name):
    # Position only, the Lynx6's wrist pitch is free: a step along that free direction moves
    # joints without moving the tip, so the joints could race while the tip crawls (the
    # epicycloid used to need 250 deg/s of wrist at 48 mm/s). Each step must stay close to
    # the least joint motion that moves the tip as far.
    path = placed[name]
    result = follow_path(lynx6, path, lynx6.home)
    assert result.reachable.all(), result.message
    moved = np.linalg.norm(np.diff(result.q, axis=0), axis=1)
    least = _least_joint_steps(lynx6, result.q, path.points)
    assert np.all(moved <= LEAST_MOTION_SLACK * least), np.argmax(moved / least)
    # So no joint is faster than the least joint speed the tip speed needs anywhere on it.
    dt = np.diff(result.t)
    assert result.max_joint_speeds().max() <= LEAST_MOTION_SLACK * (least / dt).max()


def test_a_preset_stays_in_place_when_the_number_of_points_changes(placed, lynx6):
    coarse = preset_path("weld seam", lynx6, 20)
    np.testing.assert_array_equal(coarse.offset, placed["weld seam"].offset)
    assert coarse.scale == placed["weld seam"].scale


def test_a_held_wrist_pitch_follows_a_closed_path_and_returns_to_the_same_joints(placed, lynx6):
    path = placed["moebius belt"]
    result = follow_path(lynx6, path, lynx6.home, wrist_pitch=0.0)
    assert result.reachable.all(), result.message
    assert np.abs(result.tip - path.points).max() < 1e-6
    # The gripper link (frame 3 -> frame 4 origins) stays horizontal all along ...
    frames = lynx6.fk_all(result.q)
    link = frames[:, 4, :3, 3] - frames[:, 3, :3, 3]
    np.testing.assert_allclose(link[:, 2] / np.linalg.norm(link, axis=1), 0.0, atol=1e-9)
    # ... and a closed path ends in the joint values it started with.
    np.testing.assert_allclose(result.q[-1], result.q[0], atol=1e-9)


def test_a_held_wrist_pitch_says_which_points_it_cannot_reach(lynx6):
    points = np.array([[250.0, 0.0, 150.0], [900.0, 0.0, 150.0]])
    result = follow_path(lynx6, points, lynx6.home, wrist_pitch=0.0)
    assert list(result.reasons) == ["", "out of reach"]
    with pytest.raises(ValidationError):
        follow_path(robosim.load_robot("Puma 560"), points / 1000, np.zeros(6), wrist_pitch=0.0)

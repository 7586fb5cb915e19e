"""Joint workspace of the Lynx6: IK along sweeps and over boxes, limit and reach indicators."""

import math

import numpy as np
import pytest

from robosim import ValidationError, load_robot
from robosim.workspace import joint as jw

# the library Lynx6 (Mateo Sanguino & Andujar 2012)
D1, A1, A2, A3, A4 = 65.0, 25.0, 120.0, 120.0, 155.0


@pytest.fixture(scope="module")
def lynx():
    return load_robot("lynx6")


def test_reachable_positions_round_trip_through_fk(lynx):
    box = jw.joint_box(lynx, (-300, -300, -100), (400, 300, 400), (15, 13, 11), math.radians(-30))
    assert box.reachable.any() and not box.reachable.all()
    fk = lynx.fk(box.q[box.reachable])[:, :3, 3]
    np.testing.assert_allclose(fk, box.positions[box.reachable], atol=1e-9)
    # where a joint is only outside its limits, the geometric value still reaches the target
    limit_only = ~box.out_of_reach & ~box.reachable
    assert limit_only.any()
    np.testing.assert_allclose(lynx.fk(box.q[limit_only])[:, :3, 3], box.positions[limit_only],
                               atol=1e-9)


def test_sweep_out_of_reach_where_the_stretched_arm_ends(lynx):
    # level gripper at shoulder height: the arm stretches to a1 + a2 + a3 + a4 from the axis
    sweep = jw.joint_sweep(lynx, "x", 100, 500, 401, (0, 0, D1), 0.0)
    limit = A1 + A2 + A3 + A4
    assert np.array_equal(sweep.no_solution, sweep.swept > limit + 1e-9)
    assert np.array_equal(sweep.swept, sweep.positions[:, 0])


def test_eq_20_physical_length(lynx):
    bound = math.hypot(D1 + A2 + A3 + A4, A1)
    assert jw.physical_length(lynx) == pytest.approx(bound)
    sweep = jw.joint_sweep(lynx, "z", 0, 600, 601, (A1, 0, 0), math.radians(90))
    distance = np.hypot(A1, sweep.swept)
    assert np.array_equal(sweep.beyond_length, distance > bound)
    assert np.all(sweep.out_of_reach[sweep.beyond_length])


def test_base_joint_indicator_behind_the_arm(lynx):
    # facing the target (the paper's arm), q1 = atan2(y, x) leaves +-90 deg where x < 0
    sweep = jw.joint_sweep(lynx, "x", -250, 250, 51, (0, 100, 150), math.radians(-45))
    in_reach = ~sweep.out_of_reach
    assert np.array_equal(sweep.outside[in_reach, 0], sweep.swept[in_reach] < -1e-9)
    np.testing.assert_allclose(sweep.q[:, 0], np.arctan2(100, sweep.swept), atol=1e-12)
    # leaning back over the base ("either") brings those targets inside q1's limits
    either = jw.joint_sweep(lynx, "x", -250, 250, 51, (0, 100, 150), math.radians(-45),
                            reach="either")
    assert not either.outside[~either.out_of_reach, 0].all()


def test_limit_code_bits_name_the_joints(lynx):
    box = jw.joint_box(lynx, (-300, -300, -100), (400, 300, 400), (9, 9, 9), 0.0)
    code = box.limit_code()
    assert np.all(code[box.out_of_reach] == jw.OUT_OF_REACH_CODE)
    inside = ~box.out_of_reach
    for j in range(lynx.n):
        assert np.array_equal((code[inside] >> j) & 1, box.outside[inside, j].astype(int))
    assert np.all((code == 0) == box.reachable)
    summary = box.summary()
    assert summary["reachable"] + summary["out_of_reach"] <= summary["positions"] == 729


def test_a_box_of_one_position_per_axis_and_bad_boxes(lynx):
    single = jw.joint_box(lynx, (200, 0, 100), (200, 0, 100), 1, 0.0)
    assert single.positions.tolist() == [[200, 0, 100]]
    with pytest.raises(ValidationError, match="reversed along y"):
        jw.joint_box(lynx, (0, 10, 0), (1, 0, 1), 3, 0.0)
    with pytest.raises(ValidationError, match="at most"):
        jw.joint_box(lynx, (0, 0, 0), (1, 1, 1), 1000, 0.0)


@pytest.mark.parametrize("call, words", [
    (lambda r: jw.joint_sweep(r, "w", 0, 1, 5, (0, 0, 0), 0.0), "one of 'x', 'y', 'z'"),
    (lambda r: jw.joint_sweep(r, "xy", 0, 1, 5, (0, 0, 0), 0.0), "one of 'x', 'y', 'z'"),
    (lambda r: jw.joint_sweep(r, "x", 1, 1, 5, (0, 0, 0), 0.0), "different"),
    (lambda r: jw.joint_sweep(r, "x", 0, 1, 1, (0, 0, 0), 0.0), "from 2 to"),
    (lambda r: jw.joint_sweep(r, "x", 0, 1, 2.5, (0, 0, 0), 0.0), "from 2 to"),
    (lambda r: jw.joint_sweep(r, "x", 0, 1, 5, (0, 0), 0.0), "3 numbers"),
    (lambda r: jw.joint_sweep(r, "x", 0, 1, 5, "abc", 0.0), "got text"),
])
def test_bad_sweeps_are_refused(lynx, call, words):
    with pytest.raises(ValidationError, match=words):
        call(lynx)


def test_other_arms_are_refused_with_the_reason():
    with pytest.raises(ValidationError, match="Lynx6"):
        jw.joint_sweep(load_robot("puma_560"), "x", 0, 1, 5, (0, 0, 0), 0.0)

"""Robot.check_within_limits: the one limit check with a message, shared by the CLI and the GUI."""

import numpy as np
import pytest

from robosim import ValidationError, load_robot

LYNX6 = load_robot("Lynx6")     # every joint limited to [-90, 90] deg


def test_a_pose_inside_the_limits_passes():
    LYNX6.check_within_limits(np.radians([90, -90, 0, 45, 0]))


def test_the_first_joint_outside_is_named_in_degrees_with_its_limits():
    q = np.radians([10, 95, 0, -120, 0])
    with pytest.raises(ValidationError,
                       match=r"^target: joint 2 \(shoulder\) = 95 deg is outside its limits "
                             r"\[-90, 90\]$"):
        LYNX6.check_within_limits(q, "target")


def test_a_prismatic_joint_is_named_in_the_robots_length_unit():
    scara = load_robot("SCARA")
    prismatic = scara.joint_types.index("P")
    q = scara.home.copy()
    q[prismatic] = scara.limits[prismatic, 1] + 5.0
    with pytest.raises(ValidationError, match=f"joint {prismatic + 1} .* {scara.unit} is outside"):
        scara.check_within_limits(q)


def test_a_wrong_number_of_values_is_refused_before_the_limits():
    with pytest.raises(ValidationError, match="has 5 joints, got 4"):
        LYNX6.check_within_limits([0, 0, 0, 0])


def test_with_limits_is_a_narrowed_copy_whose_home_moves_inside():
    narrowed = LYNX6.with_limits(np.radians([[-80, 80], [10, 80], [-80, 80], [-80, 80],
                                             [-80, 80]]))
    np.testing.assert_allclose(np.degrees(narrowed.limits[1]), [10, 80])
    assert narrowed.home[1] == pytest.approx(np.radians(10))   # home 0 is below 10 deg
    np.testing.assert_allclose(LYNX6.limits, np.radians([[-90, 90]] * 5))   # unchanged
    np.testing.assert_array_equal(narrowed.fk(np.radians([5, 20, 30, 40, 50])),
                                  LYNX6.fk(np.radians([5, 20, 30, 40, 50])))
    with pytest.raises(ValidationError, match=r"limits must be \(5, 2\)"):
        LYNX6.with_limits(np.zeros((4, 2)))


def test_a_trajectory_outside_the_limits_is_named_by_its_first_time_and_joint():
    t = np.array([0.0, 0.5, 1.0, 1.5])
    q = np.radians([[0, 0, 0, 0, 0], [0, 50, 0, 0, 0], [0, 0, 95, 0, 0], [0, 100, 0, 0, 0]])
    with pytest.raises(ValidationError,
                       match=r"^the trajectory at t = 1 s: joint 3 \(elbow\) = 95 deg is outside "
                             r"its limits \[-90, 90\]$"):
        LYNX6.check_trajectory_within_limits(t, q)
    LYNX6.check_trajectory_within_limits(t[:2], q[:2])

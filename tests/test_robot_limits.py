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

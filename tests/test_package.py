"""The documented imports keep working after the core was grouped into subpackages."""

import importlib

import pytest

import robosim


def test_documented_imports_reach_the_subpackages():
    from robosim import ik, joint_workspace, motion, trajectory, workspace

    assert motion is robosim.trajectory.motion
    assert joint_workspace is robosim.workspace.joint
    assert ik.solve is robosim.ik.numeric.solve
    assert ik.lynx6_ik is robosim.ik.closed_form.lynx6_ik
    assert workspace.forward_workspace is robosim.workspace.forward.forward_workspace
    assert trajectory.joint_profile is robosim.trajectory.profiles.joint_profile
    assert trajectory.follow_path is robosim.trajectory.following.follow_path


@pytest.mark.parametrize("package", ["ik", "workspace", "trajectory"])
def test_every_name_a_subpackage_exports_exists(package):
    module = importlib.import_module(f"robosim.{package}")
    missing = [name for name in module.__all__ if not hasattr(module, name)]
    assert missing == []


def test_an_unknown_attribute_is_still_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'robot'"):
        robosim.robot  # noqa: B018


def test_one_lynx6_shape_test_serves_ik_and_the_joint_workspace():
    lynx6 = robosim.load_robot("Lynx6")
    assert robosim.ik.is_lynx6_shaped(lynx6)
    assert not robosim.ik.is_lynx6_shaped(robosim.load_robot("Puma 560"))
    with pytest.raises(robosim.ValidationError, match="Puma 560: it has joints RRRRRR"):
        robosim.ik.lynx6_link_lengths(robosim.load_robot("Puma 560"))

"""Issue 25, item 11: at default settings, a workspace's volume bounds contain the true volume
of arms whose workspace has a closed form (volumes by elementary geometry)."""

import math

import pytest

from robosim import workspace
from robosim.kinematics import Joint, Robot


def spherical_rrp():
    """Waist +-180 deg, elevation +-90 deg, radial slide 0.5 to 1.0 m: the shell between
    spheres of radius 0.5 and 1.0, (4/3) pi (1 - 0.5^3) = 3.665 m^3 (the issue's arm)."""
    return Robot([Joint(kind="R", alpha=math.pi / 2, limits=(-math.pi, math.pi)),
                  Joint(kind="R", alpha=math.pi / 2, offset=math.pi / 2,
                        limits=(-math.pi / 2, math.pi / 2)),
                  Joint(kind="P", home=0.75, limits=(0.5, 1.0))], unit="m", name="RRP")


def cylindrical_rpp():
    """Waist +-180 deg, vertical slide 0 to 1 m, radial slide 0.5 to 1.0 m: a ring of radii
    0.5 and 1.0 and height 1, pi (1 - 0.25) = 2.356 m^3."""
    return Robot([Joint(kind="R", limits=(-math.pi, math.pi)),
                  Joint(kind="P", home=0.5, limits=(0.0, 1.0), alpha=-math.pi / 2),
                  Joint(kind="P", home=0.75, limits=(0.5, 1.0))], unit="m", name="RPP")


def cartesian_ppp():
    """Three perpendicular slides of 1.0, 0.8 and 0.6 m: a box of 0.48 m^3."""
    return Robot([Joint(kind="P", alpha=-math.pi / 2, theta=-math.pi / 2, home=0.5,
                        limits=(0, 1.0)),
                  Joint(kind="P", alpha=-math.pi / 2, theta=-math.pi / 2, home=0.5,
                        limits=(0, 0.8)),
                  Joint(kind="P", home=0.5, limits=(0, 0.6))], unit="m", name="PPP")


@pytest.mark.parametrize("make, true_volume", [
    (spherical_rrp, 4 / 3 * math.pi * (1 - 0.5 ** 3)),
    (cylindrical_rpp, math.pi * (1 - 0.5 ** 2) * 1.0),
    (cartesian_ppp, 1.0 * 0.8 * 0.6),
], ids=["spherical shell", "cylindrical ring", "box"])
def test_the_volume_bounds_contain_the_true_volume(make, true_volume):
    result = workspace.forward_workspace(make())
    low, high = result.volume_bounds()
    assert low <= true_volume <= high
    assert result.volume() == pytest.approx(true_volume, rel=0.05)


def test_a_voxel_coarser_than_the_workspace_is_not_called_no_volume():
    # a 12-joint arm at default sampling got 1.57 m voxels for a 1.56 m thick workspace and
    # was said to have "no volume"; the RRP shell with a 2.5 m voxel is the same situation
    result = workspace.forward_workspace(spherical_rrp(), voxel=2.5)
    assert not any("no volume" in note for note in result.notes)
    assert any("coarser than the workspace is thick" in note for note in result.notes)


def test_a_planar_arm_still_has_no_volume():
    planar = Robot([Joint(a=2.0), Joint(a=1.0)], unit="m")
    assert any("no volume" in note for note in workspace.forward_workspace(planar).notes)


def test_a_planar_arm_whose_last_frame_sits_on_the_one_before_has_no_volume():
    # a last joint with no link (a = d = 0, no tool) puts the end effector on frame 2's
    # origin, so the run computes it once and the end segment borrows frame 2's box: the
    # note on flatness must read the end effector's box all the same
    planar = Robot([Joint(a=2.0), Joint(a=1.0), Joint(a=0.0)], unit="m")
    assert any("no volume" in note for note in workspace.forward_workspace(planar).notes)
    assert any("no volume" in note
               for note in workspace.monte_carlo_workspace(planar, 2000).notes)

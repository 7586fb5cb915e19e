"""The workspace volume does not depend on how coarse the cloud's grid is (issue 4 follow-up).

The reference for the Lynx6 at 3D-RAS Fig. 5's ranges is computed here without robosim's
workspace code: with the base turning 0..180 deg, every other joint moves the gripper in the
vertical plane through the base axis, so the workspace is that plane's reachable region R
swept half a turn, and Pappus gives ``V = pi * integral over R of |s| ds dz`` (``s``: signed
distance from the base axis; points with ``s < 0`` sweep the other half-space, so nothing is
counted twice). R is rasterised from a dense sampling of the planar chain written from the DH
table (Table 2 of Mateo Sanguino & Andujar 2012), and the raster's inner and occupied pixels
bracket it.
"""

import math

import numpy as np
import pytest

from robosim import Joint, Robot, load_robot
from robosim import workspace as ws

FIG5 = {0: (0.0, math.pi), 1: (0.0, math.pi / 2), 2: (0.0, math.pi / 2),
        3: (-math.pi / 2, math.pi / 2), 4: (0.0, 0.0)}
#: Table 2 of Mateo Sanguino & Andujar 2012: the shoulder axis at (a1, d1) from the base, links a2,
#: a3, a4 (mm).
D1, A1, A2, A3, A4 = 65.0, 25.0, 120.0, 120.0, 155.0


def planar_gripper(q2, q3, q4):
    """(s, z) of the gripper in the arm's vertical plane: theta2 = q2 + 90, theta3 = q3 - 90."""
    t2 = q2 + math.pi / 2
    t23 = t2 + q3 - math.pi / 2
    t234 = t23 + q4
    s = A1 + A2 * np.cos(t2) + A3 * np.cos(t23) + A4 * np.cos(t234)
    z = D1 + A2 * np.sin(t2) + A3 * np.sin(t23) + A4 * np.sin(t234)
    return s, z


def test_planar_chain_is_the_library_lynx6():
    robot = load_robot("lynx6")
    rng = np.random.default_rng(5)
    q = rng.uniform(-1.5, 1.5, size=(50, 5))
    q[:, 0] = 0.0
    s, z = planar_gripper(q[:, 1], q[:, 2], q[:, 3])
    assert np.allclose(robot.fk(q)[:, :3, 3], np.stack([s, np.zeros_like(s), z], axis=1))


def pappus_fig5_volume(pixel=4.0, gap=2.0):
    """``(inner, occupied)`` Pappus volumes of the Fig. 5 workspace (mm^3) from a raster of R
    with ``pixel`` mm pixels, sampled with neighbouring points at most ``gap`` mm apart."""
    # a joint's step times the longest lever it turns keeps neighbours within `gap`
    q2 = np.linspace(0, math.pi / 2, math.ceil(math.pi / 2 * (A2 + A3 + A4) / gap) + 1)
    q3 = np.linspace(0, math.pi / 2, math.ceil(math.pi / 2 * (A3 + A4) / gap) + 1)
    q4 = np.linspace(-math.pi / 2, math.pi / 2, math.ceil(math.pi * A4 / gap) + 1)
    reach = A2 + A3 + A4
    s0, z0 = A1 - reach - pixel, D1 - reach - pixel
    cells = int(2 * (reach + pixel) / pixel) + 1
    occupied = np.zeros((cells, cells), dtype=bool)
    a, b = np.meshgrid(q2, q3, indexing="ij")
    for value in q4:
        s, z = planar_gripper(a.ravel(), b.ravel(), value)
        occupied[((s - s0) // pixel).astype(int), ((z - z0) // pixel).astype(int)] = True
    padded = np.pad(occupied, 1)
    inner = (occupied & padded[:-2, 1:-1] & padded[2:, 1:-1]
             & padded[1:-1, :-2] & padded[1:-1, 2:])
    weight = np.abs(s0 + (np.arange(cells) + 0.5) * pixel)[:, None] * pixel ** 2 * math.pi
    return float((weight * inner).sum()), float((weight * occupied).sum())


@pytest.fixture(scope="module")
def fig5_reference():
    inner, occupied = pappus_fig5_volume()
    # the raster is sharp: its surface layer is a small part of the volume
    assert occupied - inner < 0.07 * inner
    return (inner + occupied) / 2.0, inner, occupied


@pytest.mark.parametrize("factor", [15, 5])
def test_lynx6_fig5_volume_within_5_percent_at_coarse_factors(factor, fig5_reference):
    reference, inner, occupied = fig5_reference
    robot = load_robot("lynx6")
    result = ws.forward_workspace(robot, ws.factor_grid(robot, factor, FIG5))
    assert abs(result.volume() - reference) <= 0.05 * reference
    low, high = result.volume_bounds()
    assert low <= inner and occupied <= high    # the stated uncertainty holds the reference
    source = result.voxel_source
    assert source.refined and source.configurations > 100 * 5184
    assert source.configurations == math.prod(source.grid_counts)
    assert result.voxel == pytest.approx(source.spacing)


def test_volume_no_longer_depends_on_the_factor_and_the_cloud_stays_the_papers():
    robot = load_robot("lynx6")
    coarse = ws.forward_workspace(robot, ws.factor_grid(robot, 15, FIG5))
    finer = ws.forward_workspace(robot, ws.factor_grid(robot, 5, FIG5))
    assert coarse.volume() == finer.volume()
    assert np.array_equal(coarse.counts[-1], finer.counts[-1])
    # the cloud is the paper's 5,184 configurations, exactly their forward kinematics
    grid = ws.factor_grid(robot, 15, FIG5)
    q = np.stack(np.meshgrid(*grid.values, indexing="ij"), axis=-1).reshape(-1, robot.n)
    expected = np.unique(np.round(robot.fk(q)[:, :3, 3], 6), axis=0)
    assert coarse.configurations == len(q) == 5184
    assert np.array_equal(np.unique(np.round(coarse.kept_points[-1], 6), axis=0), expected)
    points, subsampled = coarse.sample()
    assert not subsampled and len(points[-1]) == 5184


def test_refined_counts_leave_no_interior_holes():
    robot = load_robot("lynx6")
    result = ws.forward_workspace(robot, ws.factor_grid(robot, 15, FIG5))
    occupied = result.counts[-1] > 0
    padded = np.pad(occupied, 1)
    surrounded = ~occupied
    for axis in range(3):
        for shift in (-1, 1):
            surrounded &= np.roll(padded, shift, axis=axis)[1:-1, 1:-1, 1:-1]
    assert not surrounded.any()


def test_volume_grid_refines_within_the_budget_and_keeps_fine_grids():
    robot = load_robot("lynx6")
    coarse = ws.factor_grid(robot, 15, FIG5)
    refined = ws.volume_grid(robot, coarse)
    assert np.array_equal(refined.ranges, coarse.ranges)
    assert ws.grid_spacing(robot, refined) < ws.grid_spacing(robot, coarse) / 5
    assert refined.configurations <= ws.VOLUME_POSITIONS
    assert refined.counts[4] == 1                         # the held wrist rotation stays held
    # a bigger budget refines further
    assert ws.grid_spacing(robot, ws.volume_grid(robot, coarse, positions=8 * 10 ** 6)) < \
        ws.grid_spacing(robot, refined)
    # Factor 1 (2.6e8 positions) costs no more: its budget is its own size
    fine = ws.factor_grid(robot, 1, FIG5)
    balanced = ws.volume_grid(robot, fine)
    assert balanced.configurations <= fine.configurations
    assert ws.grid_spacing(robot, balanced) <= ws.grid_spacing(robot, fine)
    # an explicit voxel as coarse as the grid, or a grid as fine as the default voxel, is kept
    assert ws.volume_grid(robot, coarse, voxel=ws.grid_spacing(robot, coarse)) is coarse
    gantry = load_robot("gantry")
    one_percent = ws.step_grid(gantry, math.radians(1))     # 1 cm steps, voxel 4 cm
    assert ws.volume_grid(gantry, one_percent) is one_percent


def test_volume_from_the_users_grid_on_request():
    robot = load_robot("lynx6")
    grid = ws.factor_grid(robot, 15, FIG5)
    result = ws.forward_workspace(robot, grid, volume_from=grid)
    assert not result.voxel_source.refined
    assert result.voxel == pytest.approx(ws.grid_spacing(robot, grid))
    assert all(c.sum() == 5184 for c in result.counts)


def test_progress_covers_the_volume_pass_and_cancels_in_it():
    robot = load_robot("lynx6")
    grid = ws.factor_grid(robot, 15, FIG5)
    seen = []
    ws.forward_workspace(robot, grid, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0
    # the cloud's own 5,184 positions are a sliver: most reports come from the volume pass
    assert sum(fraction < 0.5 for fraction in seen) > 3
    with pytest.raises(ws.WorkspaceCancelled):
        ws.forward_workspace(robot, grid, progress=lambda fraction: fraction < 0.5)


def test_summary_states_what_the_volume_rests_on():
    robot = load_robot("lynx6")
    result = ws.forward_workspace(robot, ws.factor_grid(robot, 15, FIG5))
    summary = result.summary()
    low, high = summary["volume_bounds"]
    assert low < summary["volume"] < high
    assert summary["volume_from"]["configurations"] == result.voxel_source.configurations
    text = result.volume_basis()
    assert f"{result.voxel_source.configurations:,} configurations" in text
    assert f"{result.voxel:.3g} mm voxels" in text and "finer grid" in text


def test_basis_counts_end_effector_positions_when_a_joint_moves_no_point():
    robot = load_robot("lynx6")
    # at its limits the wrist rotation turns too (12 values) but moves no frame origin
    result = ws.forward_workspace(robot, ws.factor_grid(robot, 15))
    source = result.voxel_source
    assert source.grid_counts[4] == 12
    assert source.positions == math.prod(source.grid_counts[:4])
    assert source.configurations == 12 * source.positions == result.counts[-1].sum()
    assert f"{source.positions:,} end-effector positions" in result.volume_basis()
    assert result.summary()["volume_from"]["end_effector_positions"] == source.positions


def test_a_joint_that_moves_no_point_does_not_coarsen_the_voxel():
    # Lodes' Example R: its last joint turns about the axis through the last origin (a = 0),
    # so however coarse its step, the voxel is the default one at both Factors
    robot = load_robot("example_r")
    results = [ws.forward_workspace(robot, ws.factor_grid(robot, f)) for f in (30, 15)]
    floor = 2 * robot.length_scale / ws.DEFAULT_CELLS
    for result in results:
        assert result.voxel == pytest.approx(floor)
        assert result.voxel_source.positions < result.voxel_source.configurations
    assert results[0].volume() == results[1].volume()
    # sliders in 1 cm steps, the last joint in half turns (lever 10 cm): only the sliders count
    grid = ws.JointGrid((np.zeros(1), np.linspace(0, 50, 51), np.linspace(0, 50, 51),
                         np.linspace(-math.pi, math.pi, 3)))
    assert ws.grid_spacing(robot, grid, [True, True, True, False]) == pytest.approx(1.0)
    assert ws.grid_spacing(robot, grid) == pytest.approx(10 * math.pi)


# ------------------------------------------------------- issue 36, item 11: too many joints
def twisting_arm(joints):
    """``joints`` revolute joints, each 20 mm along and 10 mm up its axis, turned 90 degrees
    about x: 30 mm of lever per joint, so 360 mm of arm for 12 joints."""
    return Robot([Joint(a=20.0, d=10.0, alpha=math.pi / 2)] * joints, unit="mm",
                 name=f"Twist{joints}")


def test_a_grid_of_twelve_joints_cannot_measure_a_volume_and_says_so():
    # the arm: "471 mm voxels, 1 occupied" on a reach of 240 mm
    snake = twisting_arm(12)
    assert not ws.grid_measures_volume(snake, ws.factor_grid(
        snake, ws.auto_factor(snake)))
    lynx6 = load_robot("lynx6")
    assert ws.grid_measures_volume(lynx6, ws.factor_grid(
        lynx6, ws.auto_factor(lynx6)))


def test_a_grid_too_coarse_to_measure_is_named_in_the_notes():
    # two unit links stepped by 90 degrees: neighbouring tips up to (pi / 2) x 2 = 3.1 m
    # apart on an arm 2 m long; counted as it is, no voxel of that size measures anything
    arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    grid = ws.step_grid(arm, math.pi / 2)
    coarse = ws.forward_workspace(arm, grid, volume_from=grid)
    assert any("this grid cannot measure the volume" in note and "3.14 m apart" in note
               for note in coarse.notes)
    fine = ws.forward_workspace(arm, ws.step_grid(arm, math.radians(5)))
    assert not any("cannot measure" in note for note in fine.notes)

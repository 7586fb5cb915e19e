"""Forward workspace: clouds, voxels, volume, reach and sections against closed forms."""

import math

import numpy as np
import pytest

from robosim import Joint, Robot, ValidationError, load_robot
from robosim import workspace as ws

FULL = (-math.pi, math.pi)


def planar_2r(a1=2.0, a2=1.0):
    """Links 2 and 1 turning fully: the end effector covers the annulus 1 <= r <= 3."""
    return Robot([Joint(a=a1, limits=FULL, name="upper"), Joint(a=a2, limits=FULL, name="fore")],
                 name="2R", unit="m")


def scara_prism():
    """Links 2 and 1 turning fully over a quill of travel 1: the prism of that annulus,
    z in [-1, 0]."""
    return Robot([Joint(a=2.0, limits=FULL), Joint(a=1.0, alpha=math.pi, limits=FULL),
                  Joint(kind="P", limits=(0.0, 1.0))], name="scara", unit="m")


def lynx6_fig5_ranges():
    """3D-RAS Fig. 5: theta1 0..180, theta2 0..90, theta3 0..90, theta4 -90..90 degrees; the
    wrist rotation (our fifth joint, which moves no point) held at 0."""
    r = math.radians
    return {0: (0.0, r(180)), 1: (0.0, r(90)), 2: (0.0, r(90)), 3: (r(-90), r(90)), 4: (0.0, 0.0)}


def test_factor_grid_reproduces_eq_18_count_of_fig_5():
    robot = load_robot("lynx6")
    grid = ws.factor_grid(robot, 15, lynx6_fig5_ranges())
    # eq. 18: 180 * 90 * 90 * 180 / 15**4
    assert grid.configurations == 180 * 90 * 90 * 180 // 15 ** 4 == 5184


def test_step_grid_keeps_both_ends_and_spacing_at_most_step():
    robot = planar_2r()
    grid = ws.step_grid(robot, math.radians(7), {0: (0.0, 1.0)})
    values = grid.values[0]
    assert values[0] == 0.0 and values[-1] == 1.0
    assert np.max(np.diff(values)) <= math.radians(7) + 1e-12


@pytest.mark.parametrize("bad", [{0: (1.0, 0.0)}, {5: (0.0, 1.0)}, {0: (0.0, math.inf)}])
def test_bad_ranges_are_refused_with_the_joint_named(bad):
    with pytest.raises(ValidationError, match="joint"):
        ws.step_grid(planar_2r(), 0.1, bad)


def test_factor_outside_eq_17_is_refused():
    with pytest.raises(ValidationError, match="Factor"):
        ws.factor_grid(planar_2r(), 0.5)


def test_planar_2r_cloud_is_the_analytic_annulus():
    robot = planar_2r()
    grid = ws.step_grid(robot, math.radians(3))
    result = ws.forward_workspace(robot, grid)
    h = result.voxel
    end = result.sample()[0][-1]
    radius = np.hypot(end[:, 0], end[:, 1])
    # every drawn point is within one voxel diagonal of the annulus, in the plane z = 0
    assert radius.min() >= 1.0 - math.sqrt(3) * h and radius.max() <= 3.0 + math.sqrt(3) * h
    assert np.abs(end[:, 2]).max() <= h
    # the section at z = 0 covers the annulus: pixels whose centre is well inside are occupied,
    # pixels well outside are empty
    image, (x0, x1, y0, y1) = result.section_xy(0.0)
    ny, nx = image.shape
    xs = x0 + (np.arange(nx) + 0.5) * (x1 - x0) / nx
    ys = y0 + (np.arange(ny) + 0.5) * (y1 - y0) / ny
    r = np.hypot(*np.meshgrid(xs, ys))
    assert np.all(image[(r > 1.0 + h) & (r < 3.0 - h)] > 0)
    assert np.all(image[(r < 1.0 - h) | (r > 3.0 + h)] == 0)
    # the elbow (first segment) lies on the circle of radius 2
    elbow = result.sample()[0][0]
    assert np.allclose(np.hypot(elbow[:, 0], elbow[:, 1]), 2.0, atol=math.sqrt(3) * h)


def test_a_planar_arm_is_told_it_has_no_volume_and_a_solid_one_is_not():
    flat = ws.forward_workspace(planar_2r(), ws.step_grid(planar_2r(), 0.1))
    assert any("no volume" in note and "z 0" in note for note in flat.notes)
    gantry = load_robot("Gantry")
    solid = ws.forward_workspace(gantry, ws.step_grid(gantry, 5.0))
    assert not any("no volume" in note for note in solid.notes)


def test_small_grid_keeps_exactly_the_fk_points():
    robot = planar_2r()
    grid = ws.step_grid(robot, math.radians(30))
    result = ws.forward_workspace(robot, grid)
    points, subsampled = result.sample()
    assert not subsampled
    q = np.stack(np.meshgrid(*grid.values, indexing="ij"), axis=-1).reshape(-1, 2)
    expected = robot.fk(q)[:, :3, 3]
    got = np.unique(np.round(points[-1], 9), axis=0)
    assert np.array_equal(got, np.unique(np.round(expected, 9), axis=0))
    assert result.configurations == len(q)
    # counts are configurations of the grid the volume comes from: they add up to its size for
    # every segment
    assert all(c.sum() == result.voxel_source.configurations for c in result.counts)


def test_reach_is_the_sum_of_link_lengths():
    assert ws.forward_workspace(planar_2r(), ws.step_grid(planar_2r(), 0.2)).reach == \
        pytest.approx(3.0, abs=1e-12)


def test_lynx6_reach_matches_the_shoulder_plus_stretched_arm():
    robot = load_robot("lynx6")
    # The shoulder axis sits at (a1, d1) = (25, 65) from the base; the arm beyond it is
    # a2 + a3 + a4 = 395 long, and can point straight away from the base origin.
    exact = math.hypot(25.0, 65.0) + 395.0
    for factor, tolerance in ((10, 1.0), (4, 0.05)):
        reach = ws.forward_workspace(robot, ws.factor_grid(robot, factor)).reach
        assert exact - tolerance <= reach <= exact + 1e-9


def test_bounding_box_matches_direct_fk_of_fig_5_grid():
    robot = load_robot("lynx6")
    grid = ws.factor_grid(robot, 15, lynx6_fig5_ranges())
    result = ws.forward_workspace(robot, grid)
    q = np.stack(np.meshgrid(*grid.values, indexing="ij"), axis=-1).reshape(-1, robot.n)
    end = robot.fk(q)[:, :3, 3]
    lower, upper = result.bounding_box()
    # the box is the first joint swept over its whole interval: it contains every grid point
    assert np.all(lower <= end.min(axis=0) + 1e-9) and np.all(upper >= end.max(axis=0) - 1e-9)
    # ... and is tight to within one base-joint step of the lever (420 mm x 15 deg)
    assert np.all(end.min(axis=0) - lower <= 420 * math.radians(15))
    assert np.all(upper - end.max(axis=0) <= 420 * math.radians(15))
    assert np.hypot(end, 0).max() <= result.reach + 1e-9


def test_gantry_volume_is_its_box_within_half_a_voxel_per_axis_at_any_step():
    robot = load_robot("gantry")      # travel 100 x 80 x 80 cm
    exact, travel = 100 * 80 * 80, np.array([100.0, 80.0, 80.0])
    volumes = []
    for degrees in (45.0, 10.0):      # 3 and 11 values per joint: far coarser than a voxel
        result = ws.forward_workspace(robot, ws.step_grid(robot, math.radians(degrees)))
        assert result.voxel_source.refined
        # the counts fill every voxel of the box: each end of a travel lands in a voxel that
        # counts half, so each edge is off by at most half a voxel
        h = result.voxel
        assert abs(result.volume() - exact) <= exact * (np.prod(1 + h / 2 / travel) - 1)
        low, high = result.volume_bounds()
        assert low <= exact <= high
        volumes.append(result.volume())
        lower, upper = result.bounding_box()
        assert np.allclose(lower, [0, 0, 20]) and np.allclose(upper, [100, 80, 100])
    assert volumes[0] == volumes[1]          # the volume does not depend on the cloud's step


def test_scara_volume_is_the_annulus_prism_at_a_coarse_step():
    robot = scara_prism()
    exact = math.pi * (3.0 ** 2 - 1.0 ** 2) * 1.0
    area = 2 * math.pi * (3.0 ** 2 - 1.0 ** 2) + 2 * math.pi * (3.0 + 1.0) * 1.0
    for degrees in (30.0, 4.0):
        result = ws.forward_workspace(robot, ws.step_grid(robot, math.radians(degrees)))
        # a tenth of the surface's voxel layer (the voxel is 1/16 of a link, not 30 degrees)
        assert abs(result.volume() - exact) <= 0.1 * area * result.voxel
        assert result.voxel <= 2 * robot.length_scale / ws.DEFAULT_CELLS + 1e-12


def test_scara_vertical_section_is_two_rectangles():
    robot = scara_prism()
    result = ws.forward_workspace(robot, ws.step_grid(robot, math.radians(3)))
    h = result.voxel
    image, (s0, s1, z0, z1) = result.section_vertical(azimuth=0.3)
    nz, ns = image.shape
    s = s0 + (np.arange(ns) + 0.5) * (s1 - s0) / ns
    z = z0 + (np.arange(nz) + 0.5) * (z1 - z0) / nz
    S, Z = np.meshgrid(np.abs(s), z)
    inside = (S > 1 + 2 * h) & (S < 3 - 2 * h) & (Z > -1 + h) & (Z < -h)
    outside = (S < 1 - 2 * h) | (S > 3 + 2 * h) | (Z < -1 - h) | (Z > h)
    assert inside.any() and np.all(image[inside] > 0) and np.all(image[outside] == 0)


def test_sample_is_bounded_and_inside_occupied_voxels():
    robot = load_robot("lynx6")
    result = ws.forward_workspace(robot, ws.factor_grid(robot, 4))
    points, subsampled = result.sample(limit=5000)
    assert subsampled
    assert sum(len(p) for p in points) <= 5000
    for counts, cloud, kept in zip(result.counts, points, result.kept_points, strict=True):
        if kept is None:     # drawn over the occupied voxels (else: computed points, below)
            index = np.floor((cloud - result.origin) / result.voxel).astype(int)
            assert np.all(counts[tuple(index.T)] > 0)


def test_segments_are_coloured_as_3d_ras_and_continue_for_long_arms():
    names = ws.forward_workspace(load_robot("lynx6"), ws.factor_grid(load_robot("lynx6"), 30))
    assert names.colours[:5] == ("#ff8c00", "#ffd700", "#e41a1c", "#ff00ff", "#7b2d8e")
    long_arm = Robot([Joint(a=1.0)] * 8, unit="m")
    result = ws.monte_carlo_workspace(long_arm, 2000)
    assert len(result.colours) == len(result.counts) == 8
    assert len(set(result.colours)) == 8


def test_cancellation_stops_and_progress_rises_to_one():
    robot = load_robot("lynx6")
    grid = ws.factor_grid(robot, 6)
    seen = []
    ws.forward_workspace(robot, grid, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) > 3
    calls = []

    def stop_at_half(fraction):
        calls.append(fraction)
        return fraction < 0.5

    with pytest.raises(ws.WorkspaceCancelled, match="cancelled"):
        ws.forward_workspace(robot, grid, progress=stop_at_half)
    assert calls[-1] >= 0.5 and len(calls) < len(seen)
    with pytest.raises(ws.WorkspaceCancelled):
        ws.monte_carlo_workspace(robot, 10 ** 6, progress=lambda fraction: False)


def test_monte_carlo_volume_of_the_gantry_and_repeatability():
    robot = load_robot("gantry")
    result = ws.monte_carlo_workspace(robot, 400_000, voxel=5.0, rng=3)
    assert result.configurations == 400_000
    assert abs(result.volume() - 100 * 80 * 80) <= 0.1 * 2 * (3 * 100 * 80) * 5.0
    again = ws.monte_carlo_workspace(robot, 400_000, voxel=5.0, rng=3)
    assert np.array_equal(result.counts[-1], again.counts[-1])
    points, _ = result.sample()
    lower, upper = result.bounding_box()
    assert np.all(points[-1] >= lower - 5.0) and np.all(points[-1] <= upper + 5.0)


def test_too_fine_voxel_is_refused_with_a_suggestion():
    with pytest.raises(ValidationError, match="too fine"):
        ws.forward_workspace(planar_2r(), ws.step_grid(planar_2r(), 0.5), voxel=1e-5)


def test_ranges_outside_limits_are_noted():
    robot = load_robot("lynx6")
    result = ws.forward_workspace(robot, ws.factor_grid(robot, 15, lynx6_fig5_ranges()))
    assert any("joint 1" in note and "leaves its limits" in note for note in result.notes)


def test_estimate_is_positive_and_summary_is_json_ready():
    import json

    robot = planar_2r()
    grid = ws.step_grid(robot, math.radians(5))
    assert ws.estimate_seconds(robot, grid) > 0
    summary = ws.forward_workspace(robot, grid).summary()
    text = json.dumps(summary)
    assert json.loads(text)["configurations"] == grid.configurations


def _leaves(value):
    """Every value inside nested dicts and lists."""
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


@pytest.mark.parametrize("method", ["grid", "monte carlo"])
def test_the_summary_holds_python_numbers_not_numpy_scalars(method):
    # np.float64 is a float to json, but its repr (np.float64(666000.0)) is what a student
    # printing the dict sees; the docstring promises floats. The SCARA-like arm's slider
    # travel once made the grid spacing a numpy scalar too.
    robot = scara_prism()
    result = (ws.forward_workspace(robot, ws.step_grid(robot, math.radians(30)))
              if method == "grid" else ws.monte_carlo_workspace(robot, 500))
    kinds = {type(leaf) for leaf in _leaves(result.summary())}
    assert kinds <= {str, int, float, bool, type(None)}, kinds
    assert type(result.volume()) is float
    assert all(type(v) is float for v in result.volume_bounds())


def test_the_estimate_counts_every_inner_point_and_position_of_the_run(monkeypatch):
    """The grid estimate's accounting (issue 15, item 5), with the probe's costs fixed (no
    timing): a planar 2R arm on a 10 x 10 grid counted as it is. Frame 1's origin moves with
    joint 1 only (1 inner point, swept over 10 values: 10 positions); frame 2's with both (10
    inner points, 100 positions)."""
    import collections

    from robosim.workspace import forward

    costs = {"lattice": 1000.0, "kinematic": 100.0, "box": 10.0, "sweep": 5.0}
    per_segment = {name: collections.defaultdict(lambda value=value: value)
                   for name, value in costs.items()}
    monkeypatch.setattr(forward, "_probe_costs", lambda *args: (
        costs["lattice"], per_segment["kinematic"], per_segment["box"], per_segment["sweep"]))
    robot = planar_2r()
    grid = ws.JointGrid((np.linspace(0, 1, 10), np.linspace(0, 1, 10)))
    inner, positions = 1 + 10, 10 + 100
    expected = (costs["lattice"] + (costs["kinematic"] + costs["box"]) * inner
                + costs["sweep"] * positions)
    estimate = ws.estimate_seconds(robot, grid, volume_from=grid)
    # + the setup as timed (milliseconds): one position more or less would be 5 s
    assert expected <= estimate < expected + 2.5


def test_the_estimate_probe_keeps_the_ranges_within_its_budget():
    from robosim.workspace import forward

    robot = load_robot("lynx6")
    grid = ws.factor_grid(robot, 1, lynx6_fig5_ranges())
    probe = forward._probe_grid(grid)  # noqa: SLF001 - the probe's thinned grid
    assert math.prod(probe.counts[1:]) <= forward.PROBE_BOX_INNER
    np.testing.assert_array_equal(probe.ranges, grid.ranges)
    for thinned, values in zip(probe.values, grid.values, strict=True):
        assert np.isin(thinned, values).all()

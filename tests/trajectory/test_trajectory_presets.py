"""The formula text of a placed preset, and the curves chosen when the user types none
(core logic the Trajectories window shows; no display)."""

import numpy as np
import pytest

from robosim import load_robot, trajectory
from robosim.trajectory import CartesianPath, default_curves, placed_formulas


def placed_by_hand(name, offset, scale):
    """A CartesianPath saying only how preset ``name`` was placed (all placed_formulas reads)."""
    return CartesianPath(np.zeros((1, 3)), False, True, "", np.zeros(1), np.zeros((1, 1, 3)),
                         0, np.asarray(offset, dtype=float), scale, name)


def test_a_surface_preset_is_written_in_the_placed_coordinates():
    # saddle z = (x1^2 - x2^2)/20 over x1, x2 in [-10, 10] cm, moved by (100, 0, 50) mm, cm
    # -> mm (scale 10): z = 50 + 10 * f((x1 - 100)/10, x2/10), x1 in [0, 200], x2 in [-100, 100]
    placed = placed_formulas(placed_by_hand("saddle", (100, 0, 50), 10.0))
    assert placed.kind == "surface"
    assert placed.formulas == ("50 + 10*((((x1 - 100)/10)^2 - (x2/10)^2)/20)",)
    assert placed.ranges == ((0.0, 200.0), (-100.0, 100.0))


def test_a_volume_preset_keeps_its_parameters_and_drops_what_does_nothing():
    preset = trajectory.find_preset("weld seam")          # x = 25 + 8*cos(u), ...
    placed = placed_formulas(placed_by_hand("weld seam", (0, -3.5, 0), 1.0))
    assert placed.kind == "volume"
    assert placed.formulas == (f"({preset.formulas[0]})", f"-3.5 + ({preset.formulas[1]})",
                               f"({preset.formulas[2]})")
    assert placed.ranges == (tuple(preset.u_range), tuple(preset.v_range))


@pytest.mark.parametrize("name", ["saddle", "epicycloid"])
def test_the_written_formulas_draw_the_placed_preset_again(name):
    robot = load_robot("Lynx6")
    path = trajectory.preset_path(name, robot, points=21)
    placed = placed_formulas(path)
    preset = trajectory.find_preset(name)
    if placed.kind == "surface":
        again = trajectory.surface_path(placed.formulas[0], *placed.ranges, preset.curves,
                                        preset.index, 21)
    else:
        again = trajectory.volume_path(*placed.formulas, *placed.ranges, 21,
                                       curves=preset.curves, index=preset.index)
    # offsets and scale are written with 6 significant digits
    np.testing.assert_allclose(again.points, path.points, atol=1e-3 * robot.length_scale)


def test_default_curves_fill_only_the_blanks():
    assert default_curves("surface") == (trajectory.SURFACE_CURVES,
                                         trajectory.SURFACE_CURVES // 2)
    assert default_curves("surface", curves=5) == (5, 2)          # the middle of 0..4
    assert default_curves("surface", curves=5, index=0) == (5, 0)
    assert default_curves("volume") == (1, 0)                     # v at its range's start
    assert default_curves("volume", curves=4, index=3) == (4, 3)
    with pytest.raises(ValueError, match="kind"):
        default_curves("preset")

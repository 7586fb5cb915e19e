"""robosim.collision's distances against independent constructions.

- Coal's figures (``tests/data/coal_distances.json``, whose ``source`` says how they were
  computed): a capsule against a capsule, a box, a cylinder and a sphere at 16 random
  placements each, through the public entries (:func:`capsule_distance`; a
  :class:`Checker` of a one-link arm whose capsule is the one placed), to 1e-12; a cylinder to
  1e-10, as far as Coal's GJK converges on a curved solid (about 1e-11 at its tolerance 1e-12).
- Dense sampling: two segments' closest points on a grid of both parameters, and a segment's
  distance to a box and to a cylinder at points along it, each within its grid's spacing.
- Identities: the two segments swapped or reversed, everything moved by one translation, a box
  mirrored; an arm and its scene moved and turned together.
- Each formula gives the same on Python floats (one pair) as on arrays (many).
"""

import json
from dataclasses import replace

import numpy as np
import pytest

import robosim
from data_files import DATA
from robosim.collision import (Checker, Obstacle, Scene, capsule_distance, load_scene,
                               segment_segment_distance)
from robosim.collision.distances import (segment_box, segment_cylinder, segment_origin,
                                         segment_segment)
from robosim.kinematics.elementary import ArrayMath, FloatMath

COAL = json.loads((DATA / "coal_distances.json").read_text(encoding="utf-8"))
DESK = DATA.parents[1] / "examples" / "scenes" / "lynx6_desk.json"


# ----------------------------------------------------------------------------- Coal's figures
def test_two_capsules_at_coals_distances():
    for case in COAL["capsule"]:
        got = capsule_distance(case["p"], case["q"], case["capsule_radius"], case["p2"],
                               case["q2"], case["capsule_radius2"])
        assert got == pytest.approx(case["distance"], abs=1e-12)


def _one_link_arm(p, q):
    """An arm of one link whose capsule's axis runs from ``p`` to ``q`` at ``q = 0``: its base
    at ``p`` with its x axis along ``q - p`` (yaw, then pitch down by the rise)."""
    p, q = np.asarray(p), np.asarray(q)
    length = float(np.linalg.norm(q - p))
    x, y, z = (q - p) / length
    rpy = (0.0, -np.arcsin(z), np.arctan2(y, x))
    return robosim.Robot([robosim.Joint(a=length)], unit="m", base_xyz=tuple(p), base_rpy=rpy)


@pytest.mark.parametrize("shape, tolerance", [("box", 1e-12), ("sphere", 1e-12),
                                              ("cylinder", 1e-10)])
def test_a_capsule_and_a_solid_at_coals_distances(shape, tolerance):
    overlapping = 0
    for number, case in enumerate(COAL[shape]):
        arm = _one_link_arm(case["p"], case["q"])
        fields = {key: tuple(case[key]) if isinstance(case[key], list) else case[key]
                  for key in ("xyz", "rpy", "size", "radius", "height") if key in case}
        obstacle = Obstacle(f"{shape} {number}", shape, **fields)
        found = Checker(arm, Scene((obstacle,), "m"), radius=case["capsule_radius"]).check([0.0])
        assert found.pairs == (("link 1", obstacle.name),)
        assert found.distances[0] == pytest.approx(case["distance"], abs=tolerance)
        overlapping += case["distance"] < 0
    assert 0 < overlapping < len(COAL[shape])         # overlapping and apart both checked


# ----------------------------------------------------------------------------- sampling
def _random_segments(rng, count):
    """Pairs of segments ``(p1, q1, p2, q2)``, some parallel, some of length 0."""
    pairs = []
    for k in range(count):
        p1, q1, p2, q2 = rng.uniform(-2, 2, (4, 3))
        if k % 5 == 1:
            q2 = p2 + rng.uniform(-2, 2) * (q1 - p1)                   # parallel
        if k % 7 == 2:
            q2 = p2.copy()                                              # a point
        if k % 11 == 3:
            q1 = p1.copy()
        pairs.append((p1, q1, p2, q2))
    return pairs


def test_two_segments_against_a_grid_of_their_points():
    samples = 401
    grid = np.linspace(0.0, 1.0, samples)
    for p1, q1, p2, q2 in _random_segments(np.random.default_rng(1), 60):
        on_1 = p1 + grid[:, None] * (q1 - p1)                          # (N, 3)
        on_2 = p2 + grid[:, None] * (q2 - p2)
        sampled = np.linalg.norm(on_1[:, None] - on_2[None], axis=-1).min()
        # the closest points are within half a step of grid points: the grid's best is at most
        # half a step of each segment longer
        slack = (np.linalg.norm(q1 - p1) + np.linalg.norm(q2 - p2)) / (samples - 1) / 2
        got = float(segment_segment_distance(p1, q1, p2, q2))
        assert sampled - slack - 1e-12 <= got <= sampled + 1e-12


def _sampled_along(p, u, gap, samples=20001):
    """The smallest ``gap`` (distance to a convex solid, 1-Lipschitz) at points along the
    segment, and half the step between them."""
    t = np.linspace(0.0, 1.0, samples)[:, None]
    return gap(p + t * u).min(), np.linalg.norm(u) / (samples - 1) / 2


def _box_gap(half):
    return lambda x: np.linalg.norm(x - np.clip(x, -half, half), axis=-1)


def _cylinder_gap(radius, half_height):
    def gap(x):
        radial = np.maximum(np.hypot(x[:, 0], x[:, 1]) - radius, 0)
        axial = np.maximum(np.abs(x[:, 2]) - half_height, 0)
        return np.hypot(radial, axial)
    return gap


def test_a_segment_to_a_box_and_a_cylinder_against_points_along_it():
    rng = np.random.default_rng(7)
    for k in range(300):
        p, u = rng.uniform(-3, 3, 3), rng.uniform(-4, 4, 3)
        if k % 5 == 0:
            u[rng.integers(3)] = 0.0                                   # parallel to a face
        if k % 17 == 0:
            u[:] = 0.0                                                 # a point
        half = rng.uniform(0.2, 2, 3)
        want, step = _sampled_along(p, u, _box_gap(half))
        assert want - step - 1e-12 <= segment_box(FloatMath, p, u, half) <= want + 1e-12
        want, step = _sampled_along(p, u, _cylinder_gap(half[0], half[2]))
        got = segment_cylinder(FloatMath, p, u, half[0], half[2])
        assert want - step - 1e-9 <= got <= want + 1e-9


# ----------------------------------------------------------------------------- identities
def test_two_segments_swapped_reversed_and_moved():
    rng = np.random.default_rng(2)
    for p1, q1, p2, q2 in _random_segments(rng, 200):
        distance = float(segment_segment_distance(p1, q1, p2, q2))
        move = rng.uniform(-50, 50, 3)
        for other in ((p2, q2, p1, q1), (q1, p1, p2, q2), (p1, q1, q2, p2),
                      (p1 + move, q1 + move, p2 + move, q2 + move)):
            assert float(segment_segment_distance(*other)) == pytest.approx(distance,
                                                                            abs=1e-12)


def test_a_segment_and_a_box_mirrored_and_reversed():
    # The box |x_k| <= half_k is its own mirror image in each plane x_k = 0 and through its
    # centre; a segment is the same run backwards.
    rng = np.random.default_rng(3)
    for _ in range(200):
        p, u, half = rng.uniform(-3, 3, 3), rng.uniform(-4, 4, 3), rng.uniform(0.2, 2, 3)
        distance = segment_box(FloatMath, p, u, half)
        mirror = np.where(np.arange(3) == rng.integers(3), -1.0, 1.0)
        for q, v in ((p + u, -u), (-p, -u), (mirror * p, mirror * u)):
            assert segment_box(FloatMath, q, v, half) == pytest.approx(distance, abs=1e-12)


def test_an_arm_and_its_scene_moved_and_turned_together():
    # The Lynx6 and the desk (two boxes, a cylinder, a sphere) moved by (300, -200, 50) mm and
    # turned 40 degrees about the vertical: every distance stays. A turn about the fixed Z
    # axis first adds to the yaw of any roll-pitch-yaw (R = Rz(yaw) Ry(pitch) Rx(roll)).
    lynx, desk = robosim.load_robot("lynx6"), load_scene(DESK)
    turn, move = np.radians(40.0), np.array([300.0, -200.0, 50.0])
    c, s = np.cos(turn), np.sin(turn)
    turned = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
    assert lynx.base_xyz == (0.0, 0.0, 0.0) and lynx.base_rpy == (0.0, 0.0, 0.0)
    moved_lynx = replace(lynx, base_xyz=tuple(move), base_rpy=(0.0, 0.0, turn))
    moved_desk = Scene(tuple(replace(o, xyz=tuple(turned @ o.xyz + move),
                                     rpy=(o.rpy[0], o.rpy[1], o.rpy[2] + turn))
                             for o in desk.obstacles), "mm")
    q = lynx.random_q(200, rng=4)
    itself = Checker(lynx, desk).check(q).distances
    assert (itself < 0).any() and (itself > 0).any()
    np.testing.assert_allclose(Checker(moved_lynx, moved_desk).check(q).distances, itself,
                               rtol=0, atol=1e-9)


# ----------------------------------------------------------------------------- one formula
def test_each_formula_gives_on_floats_what_it_gives_on_arrays():
    rng = np.random.default_rng(5)
    ends = rng.uniform(-2, 2, (4, 3, 50))
    ends[3, :, ::7] = ends[2, :, ::7]                                  # some points
    half, radius, height = rng.uniform(0.2, 2, (3, 50)), rng.uniform(0.2, 1, 50), \
        rng.uniform(0.2, 1, 50)
    p, u = ends[0], ends[1] - ends[0]
    formulas = [lambda ops, k: segment_segment(ops, *(tuple(e[:, k]) for e in ends)),
                lambda ops, k: segment_origin(ops, tuple(p[:, k]), tuple(u[:, k])),
                lambda ops, k: segment_box(ops, tuple(p[:, k]), tuple(u[:, k]),
                                           tuple(half[:, k])),
                lambda ops, k: segment_cylinder(ops, tuple(p[:, k]), tuple(u[:, k]),
                                                radius[k], height[k])]
    for formula in formulas:
        on_arrays = formula(ArrayMath, slice(None))
        on_floats = [formula(FloatMath, k) for k in range(50)]
        assert all(isinstance(value, float) for value in on_floats)
        np.testing.assert_allclose(on_floats, on_arrays, rtol=0, atol=1e-14)

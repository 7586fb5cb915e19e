"""robosim.collision: capsules, obstacles, scenes, and the pairs that collide.

Hand-placed cases: two capsules at a distance worked out on paper, a capsule beside a box, a
sphere and a cylinder, the Puma 560's upper arm swung down along its waist column, the Lynx6's
gripper pressed into its table; one pose against its row of a batch; the scene files and their
rules. The distances themselves against Coal, sampling and identities: test_distances.py.
"""

import json
import re
from pathlib import Path

import jsonschema
import numpy as np
import pytest

import robosim
from robosim import collision
from robosim.collision import (Checker, Obstacle, Scene, capsule_distance, check, default_scene,
                               load_scene, random_free_q, save_scene, scene_from_dict,
                               scene_to_dict)
from robosim.errors import ValidationError, ValidationTypeError
import dh_product
from random_robots import random_robot
# both joint kinds, odd twists, base and tool
from random_robots import mounted_mixed_robot as _mounted_mixed_robot

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "scene.schema.json").read_text())
DESK = ROOT / "examples" / "scenes" / "lynx6_desk.json"


def test_two_capsules_at_a_distance_worked_out_by_hand():
    # Axes: x axis from 0 to 10 at z = 0, and a segment parallel to y at x = 5, z = 4: the
    # axes are 4 apart (the common perpendicular is z), the capsules 4 - 1 - 1 = 2.
    assert capsule_distance([0, 0, 0], [10, 0, 0], 1, [5, -5, 4], [5, 5, 4], 1) == \
        pytest.approx(2.0)
    # Beyond the end: (13, 0, 4) is 3 past (10, 0, 0) along x and 4 above: 5 apart, minus 2.
    assert capsule_distance([0, 0, 0], [10, 0, 0], 1, [13, 0, 4], [20, 0, 4], 1) == \
        pytest.approx(3.0)
    # Parallel overlapping axes 1 apart: the capsules overlap by 1.
    assert capsule_distance([0, 0, 0], [10, 0, 0], 1, [2, 1, 0], [8, 1, 0], 1) == \
        pytest.approx(-1.0)
    # A capsule of zero length is a sphere: (5, 3, 0) is 3 from the x axis.
    assert capsule_distance([0, 0, 0], [10, 0, 0], 0.5, [5, 3, 0], [5, 3, 0], 0.5) == \
        pytest.approx(2.0)


def _two_link_arm():
    """A planar 2R arm in m (unit links) whose link 1 ignores nothing: obstacles by hand."""
    return robosim.Robot([robosim.Joint(a=1.0), robosim.Joint(a=1.0)], name="2R", unit="m")


def test_capsule_against_box_sphere_and_cylinder_by_hand():
    arm = _two_link_arm()
    radius = 0.1
    # Stretched out along x at height 0: link 2 from (1, 0, 0) to (2, 0, 0).
    box = Obstacle("box", "box", (1.5, 0, 0.6), size=(0.4, 0.4, 0.2))   # bottom at z = 0.5
    ball = Obstacle("ball", "sphere", (2.5, 0, 0), radius=0.2)           # 0.5 past the tip
    can = Obstacle("can", "cylinder", (1.5, 0.7, 0), (np.pi / 2, 0, 0), radius=0.3, height=1)
    result = check(arm, [0, 0], Scene((box, ball, can), "m"), radius=radius)
    distances = dict(zip(result.pairs, result.distances, strict=True))
    assert distances[("link 2", "box")] == pytest.approx(0.5 - radius)
    assert distances[("link 2", "ball")] == pytest.approx(0.5 - 0.2 - radius)
    # The can lies along y (rolled 90 deg about x): its end face is 0.7 - 0.5 = 0.2 from y = 0.
    assert distances[("link 2", "can")] == pytest.approx(0.2 - radius, abs=1e-9)
    # Link 1 ends at (1, 0, 0); the box's nearest edge is at x = 1.3, z = 0.5.
    assert distances[("link 1", "box")] == pytest.approx(np.hypot(0.3, 0.5) - radius)
    assert not result.collides


def test_puma_upper_arm_swung_down_hits_its_waist():
    # Puma 560 (Corke's table): shoulder at 0.67183 m on the waist axis, a2 = 0.4318 m. With
    # the shoulder at -90 deg the upper arm points straight down the waist column: the elbow's
    # origin is on the waist's axis at z = 0.67183 - 0.4318, so the waist (link 1) and the
    # elbow link (link 3, which starts there) overlap by their two radii.
    puma = robosim.load_robot("puma_560")
    result = check(puma, np.radians([0, -90, 45, 0, 0, 0]))
    assert result.colliding_pairs() == [("link 1 (waist)", "link 3 (elbow)")]
    radius = collision.LINK_RADIUS * puma.length_scale
    assert result.distance == pytest.approx(-2 * radius)
    assert not check(puma, puma.home).collides


def test_lynx6_gripper_pressed_into_its_table():
    # Lynx6 in its vertical plane: upper arm at 60 deg above horizontal (shoulder -30), forearm
    # at -30 deg (elbow 0), gripper straight down (wrist -60): the fingertips are at
    # z = 65 + 120 sin 60 - 120 sin 30 - 155 = -46.1 mm, inside the table (top at z = 0).
    lynx = robosim.load_robot("lynx6")
    q = np.radians([0, -30, 0, -60, 0])
    assert lynx.fk(q)[2, 3] == pytest.approx(65 + 120 * np.sin(np.pi / 3) - 60 - 155)
    result = check(lynx, q)
    assert result.colliding_pairs() == [("link 4 (wrist)", "table")]
    assert "link 4 (wrist) hits table" in result.describe()
    # Wrist level instead: the fingertips at z = 108.9 mm, clear of everything.
    assert not check(lynx, np.radians([0, -30, 0, 0, 0])).collides


@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_capsule_axes_are_the_link_geometry_pieces(convention):
    # The fast path (chained columns) against the reference: link_corners and fk's tool point.
    from robosim.kinematics import link_corners
    robot = _mounted_mixed_robot(convention)
    solids = collision.link_solids(robot)
    q = robot.random_q(30, rng=5)
    corners = link_corners(robot, q)                                          # (B, n, 3, 3)
    pieces = [np.stack([corners[:, i, j], corners[:, i, j + 1]], axis=1)
              for i in range(robot.n) for j in range(2)]
    pieces.append(np.stack([corners[:, -1, 2], robot.fk(q)[:, :3, 3]], axis=1))
    expected = np.stack(pieces, axis=1)[:, solids.pieces]
    np.testing.assert_allclose(collision.capsule_segments(solids, q), expected, atol=1e-12)
    # link 3 (a = d = 0) has no capsule; the tool's is on the last link
    assert 4 not in solids.pieces and 5 not in solids.pieces
    assert solids.link_of[-1] == robot.n - 1


def test_batch_equals_single():
    scene = load_scene(DESK)
    for name in ("lynx6", "puma_560", "ur5", "scara"):
        robot = robosim.load_robot(name)
        checker = Checker(robot, scene if robot.unit == "mm" and name == "lynx6" else None)
        q = robot.random_q(40, rng=3).reshape(2, 20, robot.n)
        batch = checker.check(q)
        assert batch.distances.shape == (2, 20, len(checker.pairs))
        for index in np.ndindex(2, 20):
            single = checker.check(q[index])
            np.testing.assert_allclose(batch.distances[index], single.distances, atol=1e-9)
            assert batch.colliding_pairs(index) == single.colliding_pairs()
        assert batch.collides.any() and not batch.collides.all()


def _scene_around(robot, rng):
    """A box, a ball and a can (each of the three kernels) turned at random within the arm's
    reach, the can standing on link 1, with the robot's default floor if it has one."""
    size, base = robot.length_scale, robot.base[:3, 3]

    def place():
        return tuple(float(v) for v in base + rng.uniform(-0.5, 0.5, 3) * size)

    def turn():
        return tuple(float(v) for v in rng.uniform(-1, 1, 3))

    return Scene(default_scene(robot).obstacles + (
        Obstacle("box", "box", place(), turn(),
                 size=tuple(float(v) for v in rng.uniform(0.1, 0.6, 3) * size)),
        Obstacle("ball", "sphere", place(), radius=0.15 * size),
        Obstacle("can", "cylinder", place(), turn(), radius=0.1 * size, height=0.5 * size,
                 ignore_links=(1,))), robot.unit)


def _one_pose_robots():
    rng = np.random.default_rng(33)
    return ([robosim.load_robot(name) for name in ("lynx6", "puma_560", "ur5", "scara")]
            + [random_robot(rng, convention, n) for convention in ("standard", "modified")
               for n in (3, 6, 7)])


@pytest.mark.parametrize("robot", _one_pose_robots(),
                         ids=lambda robot: f"{robot.name}-{robot.convention}-{robot.joint_types}")
def test_one_pose_gives_the_distances_of_the_batch(robot):
    # One pose's frames are computed on Python floats, a batch's on numpy columns, and its
    # distances in a block of one: the same distances to 1e-12, with or without the caller's
    # frames, against every kind of obstacle (boxes crossed and not, a sphere, a cylinder) and
    # the arm itself.
    rng = np.random.default_rng(len(robot.joints))
    scenes = [_scene_around(robot, rng)] + ([load_scene(DESK)] if robot.name == "Lynx6" else [])
    for scene in scenes:
        checker = Checker(robot, scene)
        q = robot.random_q(80, rng=rng)
        batch = checker.check(q)
        assert batch.hits.any() and not batch.hits.all()     # some pairs hit, some do not
        frames = robot.fk_all(q)
        for k in range(len(q)):
            for single in (checker.check(q[k]), checker.check(q[k].tolist(), frames[k])):
                assert single.distances.shape == (len(checker.pairs),)
                np.testing.assert_allclose(single.distances, batch.distances[k], rtol=0,
                                           atol=1e-12)


@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_the_frames_a_caller_passes_give_the_distances_of_its_own(convention):
    # The drawing passes the frames it drew (fk_all); the reference frames (plain 4 x 4
    # products) give the same distances as the check computing them itself, for every shape
    # and with ignored (capsule, obstacle) pairs left out.
    robot = _mounted_mixed_robot(convention)
    base = robot.base[:3, 3]
    scene = Scene((Obstacle("slab", "box", tuple(base - [0, 0, 0.3]), size=(3.0, 3.0, 0.5),
                            ignore_links=(1,)),
                   Obstacle("ball", "sphere", tuple(base + [0.5, 0.2, 0.6]), radius=0.3),
                   Obstacle("can", "cylinder", tuple(base + [-0.4, 0.3, 0.4]), (0.2, 0.1, 0),
                            radius=0.2, height=0.8, ignore_links=(2, 3))), "m")
    checker = Checker(robot, scene)
    q = robot.random_q(60, rng=8)
    itself = checker.check(q)
    assert itself.hits.any() and not itself.hits.all()      # some pairs hit, some do not
    for frames in (robot.fk_all(q), np.array([dh_product.frames(robot, row) for row in q])):
        np.testing.assert_allclose(checker.check(q, frames).distances, itself.distances,
                                   atol=1e-12)
    one = checker.check(q[7], robot.fk_all(q[7]))
    np.testing.assert_allclose(one.distances, itself.distances[7], atol=1e-12)
    assert not any(("link 1" in a and b == "slab") or (b == "can" and a[:6] in ("link 2",
                                                                               "link 3"))
                   for a, b in checker.pairs)


def test_library_robots_are_clear_at_home_and_named_poses():
    for robot in robosim.robot_files.library_robots():
        poses = np.vstack([robot.home, *robot.poses.values()])
        result = check(robot, poses)
        assert not result.collides.any(), (robot.name, [result.describe(i) for i in
                                                       np.flatnonzero(result.collides)])


def test_neighbour_links_are_never_paired():
    for robot in robosim.robot_files.library_robots():
        solids = collision.link_solids(robot)
        links = solids.link_of[solids.self_pairs]
        assert (links[:, 1] - links[:, 0] >= 2).all()


def test_floor_collision_agrees_with_the_red_links():
    # The default floor is the one the drawing uses (link_geometry.below_floor).
    from robosim.kinematics import below_floor, floor_height
    for name in ("ur5", "planar_3r", "al5d"):
        robot = robosim.load_robot(name)
        q = robot.random_q(500, rng=1)
        floor_pairs = [i for i, (_, b) in enumerate(check(robot, q).pairs) if b == "floor"]
        hits = check(robot, q).hits[:, floor_pairs].any(axis=1)
        below = below_floor(robot, q, floor_height(robot))[:, 1:].any(axis=1)
        assert (hits == below).mean() > 0.97


def test_scene_file_round_trips_and_matches_its_schema(tmp_path):
    data = json.loads(DESK.read_text())
    jsonschema.validate(data, SCHEMA)
    scene = load_scene(DESK)
    assert [o.shape for o in scene.obstacles] == ["box", "box", "cylinder", "sphere"]
    path = tmp_path / "scene.json"
    save_scene(scene, path)
    jsonschema.validate(json.loads(path.read_text()), SCHEMA)
    assert load_scene(path) == scene
    jsonschema.validate(scene_to_dict(default_scene(robosim.load_robot("ur5"))), SCHEMA)


GOOD = {"format": "robosim-scene/1", "unit": "mm",
        "obstacles": [{"name": "box", "shape": "box", "size": [1, 2, 3]}]}

BROKEN = [
    ("wrong format", lambda d: d.update(format="robosim-scene/2"), "format"),
    ("unit in inches", lambda d: d.update(unit="in"), "unit"),
    ("unknown field", lambda d: d.update(colour="red"), "colour"),
    ("unknown shape", lambda d: d["obstacles"][0].update(shape="cone"), "shape"),
    ("box without size", lambda d: d["obstacles"][0].pop("size"), "size"),
    ("box with radius", lambda d: d["obstacles"][0].update(radius=2), "radius"),
    ("negative size", lambda d: d["obstacles"][0].update(size=[1, -2, 3]), "size"),
    ("two numbers xyz", lambda d: d["obstacles"][0].update(xyz=[1, 2]), "xyz"),
    ("link 0 ignored", lambda d: d["obstacles"][0].update(ignore_links=[0]), "ignore_links"),
]


@pytest.mark.parametrize("change, field", [(c, f) for _, c, f in BROKEN],
                         ids=[i for i, _, _ in BROKEN])
def test_broken_scenes_are_refused_by_schema_and_loader(change, field):
    jsonschema.validate(GOOD, SCHEMA)
    data = json.loads(json.dumps(GOOD))
    change(data)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA)
    with pytest.raises(ValidationError, match=field):
        scene_from_dict(data)


def test_scene_in_another_unit_is_refused():
    with pytest.raises(ValidationError, match="the scene is in m and Lynx6 in mm"):
        Checker(robosim.load_robot("lynx6"), Scene((), "m"))


# ------------------------------------------------- Random Move's draws (issue 29, item 9)
# These properties were checked through 200 and 40 Random Move presses in tests/gui; they are
# properties of random_free_q, so they are checked here over the same number of draws, and the
# GUI tests keep a few presses proving Random Move is wired to it.
def test_200_seeded_draws_differ_stay_inside_the_limits_and_above_the_floor():
    robot = robosim.load_robot("Lynx6")   # a third of uniform draws put a link below the base
    checker = Checker(robot)
    rng = np.random.default_rng(15)
    targets = np.array([random_free_q(checker, rng) for _ in range(200)])
    tolerance = 0.01 * robot.length_scale
    assert len(np.unique(targets.round(9), axis=0)) == 200           # 200 different poses
    assert robot.within_limits(targets).all()
    assert robot.fk_all(targets)[..., 2, 3].min() >= -tolerance      # plain FK: origins, tool
    assert robot.fk(targets)[:, 2, 3].min() >= -tolerance
    assert not checker.check(targets).collides.any()


def test_draws_of_a_narrower_planning_robot_stay_inside_its_limits():
    """A calibrated Lynx6 (+-81.0 deg, 900 us of travel at 11.111 us/deg, as the stock
    calibration in tests/gui/test_gui_calibrated_limits.py) plans with narrower limits."""
    robot = robosim.load_robot("Lynx6")
    calibrated_deg = 900 / 11.111
    planning = robot.with_limits(np.radians(np.tile([-calibrated_deg, calibrated_deg],
                                                    (robot.n, 1))))
    checker = Checker(robot)
    rng = np.random.default_rng(3)
    targets = np.array([random_free_q(checker, rng, robot=planning) for _ in range(40)])
    assert np.all(np.abs(np.degrees(targets)) <= calibrated_deg + 1e-9)


# ------------------------------------ one set of rules for obstacles (issue 36, item 6)
@pytest.mark.parametrize("field, value, words", [
    ("radius", float("nan"), "radius must be a number more than 0"),
    ("radius", -1.0, "radius must be a number more than 0"),
    ("radius", 2e6, "at most 1e+06"),
    ("shape", "cone", "shape must be one of 'box', 'sphere', 'cylinder', got 'cone'"),
    ("ignore_links", [13], "ignore_links: a link number must be a whole number from 1 to 12"),
    ("ignore_links", [True], "ignore_links: a link number must be a whole number, got bool"),
    ("xyz", [0, 0, 1e7], "xyz must be 3 numbers from -1e"),
])
def test_an_obstacle_made_in_python_or_read_from_a_file_is_refused_alike(field, value, words):
    row = {"name": "ball", "shape": "sphere", "radius": 1.0, field: value}
    with pytest.raises(ValidationError, match=re.escape(words)) as from_python:
        Obstacle(**{key: tuple(v) if isinstance(v, list) and key != "ignore_links" else v
                    for key, v in row.items()})
    with pytest.raises(ValidationError, match=re.escape(words)) as from_file:
        scene_from_dict({"format": "robosim-scene/1", "unit": "mm", "obstacles": [row]})
    rule = str(from_python.value).removeprefix("obstacle 'ball': ")
    assert str(from_file.value).startswith("scene: obstacle 1")
    assert str(from_file.value).endswith(f": {rule}")


def test_the_api_refuses_what_a_scene_file_cannot_say():
    lynx = robosim.load_robot("lynx6")
    with pytest.raises(ValidationError, match="a sphere has no size"):
        Obstacle("ball", "sphere", size=(1, 1, 1), radius=1.0)
    with pytest.raises(ValidationError, match="ignore_links names link 9 but Lynx6 has 5"):
        check(lynx, lynx.home, Scene((Obstacle("b", "sphere", radius=1.0, ignore_links=(9,)),),
                                     "mm"))
    with pytest.raises(ValidationError, match="at most 200 obstacles"):
        Scene((Obstacle("b", "sphere", radius=1.0),) * 201, "mm")
    with pytest.raises(ValidationTypeError, match="scene must be a Scene"):
        check(lynx, lynx.home, scene="x.json")
    for radius in (float("nan"), -1.0, 0.0, "5"):
        with pytest.raises(ValidationError, match="radius must be a number"):
            check(lynx, lynx.home, radius=radius)
    with pytest.raises(ValidationError, match="r2 must be a number from 0 up, got nan"):
        capsule_distance([0, 0, 0], [1, 0, 0], 0.1, [0, 1, 0], [1, 1, 0], float("nan"))
    for tries in (-1, 0, 2.5, 10 ** 12):
        with pytest.raises(ValidationError, match="tries must be a whole number from 1 to"):
            random_free_q(Checker(lynx), 0, tries=tries)

"""URDF in and out (issue 28): the real files of tests/data as DH tables, checked against
forward kinematics computed here from the URDF text; published DH tables; round trips of every
library robot; bad files refused in one line.

The FK below (:func:`urdf_fk`) is written from the URDF specification
(http://wiki.ros.org/urdf/XML/joint: child frame = origin(xyz, rpy) @ motion, rpy about fixed
x, y, z) with its own rotation formulas, so it shares no code with ``robosim.robot_files``.
"""

import math
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import robosim
from robosim.cli import main
from robosim.robot_files import library_robots, export_urdf, load_urdf, robot_to_urdf
from data_files import URDF_DIR

#: The tip each file's chain ends at by default, read from the files (issue 28: the end of the
#: chain with the most movable joints, before the gripper's joints; the furthest such link).
DEFAULT_TIPS = {
    "ur_description/urdf/ur3_robot.urdf": "ee_link",
    "ur_description/urdf/ur5_robot.urdf": "ee_link",
    "ur_description/urdf/ur5_joint_limited_robot.urdf": "ee_link",
    "ur_description/urdf/ur10_robot.urdf": "ee_link",
    "panda_description/urdf/panda.urdf": "panda_hand_tcp",
    "panda_description/urdf/panda_collision.urdf": "panda_hand_tcp",
    "kinova_description/robots/kinova.urdf": "j2s6s200_end_effector",
    "talos_data/robots/talos_left_arm.urdf": "wrist_left_ft_tool_link",
    "bravo7_description/urdf/bravo7_no_ee.urdf": "contact_point",
    "double_pendulum_description/urdf/double_pendulum.urdf": "link2",
    "double_pendulum_description/urdf/double_pendulum_continuous.urdf": "link2",
}


def test_the_real_urdf_files_are_there():
    """They are committed in tests/data (its README.md): a missing file fails, never skips."""
    found = sorted(str(p.relative_to(URDF_DIR)) for p in URDF_DIR.rglob("*.urdf"))
    assert found == sorted(DEFAULT_TIPS), f"expected the 11 URDF files in {URDF_DIR}"


# ------------------------------------------------------------------ the test's own URDF FK
def _rotation_rpy(roll, pitch, yaw):
    cr, sr, cp, sp, cy, sy = (math.cos(roll), math.sin(roll), math.cos(pitch), math.sin(pitch),
                              math.cos(yaw), math.sin(yaw))
    return np.array([[cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr],
                     [sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr],
                     [-sp, cp * sr, cp * cr]])


def _rotation_axis_angle(axis, angle):
    x, y, z = np.asarray(axis) / np.linalg.norm(axis)
    c, s, v = math.cos(angle), math.sin(angle), 1 - math.cos(angle)
    return np.array([[x * x * v + c, x * y * v - z * s, x * z * v + y * s],
                     [y * x * v + z * s, y * y * v + c, y * z * v - x * s],
                     [z * x * v - y * s, z * y * v + x * s, z * z * v + c]])


def urdf_chain(text, tip):
    """``[(type, origin (4, 4), axis, limits)]`` of the joints from the root to ``tip``."""
    root = ET.fromstring(text)
    by_child = {j.find("child").get("link"): j for j in root.findall("joint")}
    joints = []
    while tip in by_child:
        joint = by_child[tip]
        origin = joint.find("origin")
        xyz = [float(v) for v in (origin.get("xyz", "0 0 0") if origin is not None
                                  else "0 0 0").split()]
        rpy = [float(v) for v in (origin.get("rpy", "0 0 0") if origin is not None
                                  else "0 0 0").split()]
        transform = np.eye(4)
        transform[:3, :3] = _rotation_rpy(*rpy)
        transform[:3, 3] = xyz
        axis_element = joint.find("axis")
        axis = [float(v) for v in (axis_element.get("xyz") if axis_element is not None
                                   else "1 0 0").split()]
        limit = joint.find("limit")
        kind = joint.get("type")
        if kind == "continuous" or limit is None or limit.get("lower") is None:
            limits = (-math.pi, math.pi)
        else:
            limits = (float(limit.get("lower")), float(limit.get("upper")))
        joints.append((kind, transform, axis, limits))
        tip = joint.find("parent").get("link")
    return joints[::-1]


def urdf_fk(chain, q):
    """The tip's frame: each joint's origin, then its motion (URDF spec)."""
    values = iter(q)
    frame = np.eye(4)
    for kind, origin, axis, _limits in chain:
        frame = frame @ origin
        motion = np.eye(4)
        if kind in ("revolute", "continuous"):
            motion[:3, :3] = _rotation_axis_angle(axis, next(values))
        elif kind == "prismatic":
            motion[:3, 3] = next(values) * np.asarray(axis) / np.linalg.norm(axis)
        frame = frame @ motion
    return frame


def chain_size(chain):
    return sum(np.linalg.norm(origin[:3, 3]) for _k, origin, _a, _l in chain)


def assert_same_pose(actual, expected, size, tolerance=1e-9):
    assert np.abs(actual[:3, :3] - expected[:3, :3]).max() <= tolerance
    assert np.abs(actual[:3, 3] - expected[:3, 3]).max() <= tolerance * size


# --------------------------------------------------------------------------- the real files
@pytest.mark.parametrize("convention", ["standard", "modified"])
@pytest.mark.parametrize("name", sorted(DEFAULT_TIPS))
def test_every_real_file_has_the_fk_of_its_urdf_at_50_random_poses(name, convention):
    path = URDF_DIR / name
    robot = load_urdf(path, convention=convention)
    chain = urdf_chain(path.read_text(), DEFAULT_TIPS[name])
    movable = [c for c in chain if c[0] != "fixed"]
    assert robot.n == len(movable)
    assert robot.convention == convention and robot.unit == "m"
    limits = np.array([c[3] for c in movable])
    assert np.allclose(robot.limits, limits)
    rng = np.random.default_rng(28)
    for q in [np.zeros(robot.n).clip(limits[:, 0], limits[:, 1]),
              *rng.uniform(limits[:, 0], limits[:, 1], size=(50, robot.n))]:
        assert_same_pose(robot.fk(q), urdf_fk(chain, q), chain_size(chain))


def test_load_robot_and_the_cli_take_a_urdf_path():
    path = URDF_DIR / "ur_description/urdf/ur5_robot.urdf"
    robot = robosim.load_robot(str(path))
    assert robot.n == 6 and [j.name for j in robot.joints][0] == "shoulder_pan_joint"


def test_ur5_standard_table_is_universal_robots_published_one_up_to_the_x_directions():
    """Universal Robots, "DH parameters for calculations of kinematics and dynamics" (support
    article): a = (0, -0.425, -0.39225, 0, 0, 0) m, d = (0.089159, 0, 0, 0.10915, 0.09465,
    0.0823) m, alpha = (90, 0, 0, 90, -90, 0) deg, all theta offsets 0.

    UR's base frame is turned 180 deg about z from the URDF's base_link, so the construction's
    x axes (taken as close as possible to the URDF's base x, robosim.robot_files.dh_extraction)
    point the other way: the signs of every a and alpha flip, and nothing else changes."""
    robot = load_urdf(URDF_DIR / "ur_description/urdf/ur5_robot.urdf")
    a = [j.a for j in robot.joints]
    d = [j.d for j in robot.joints]
    alpha = np.degrees([j.alpha for j in robot.joints])
    assert np.allclose(a, [-v for v in (0, -0.425, -0.39225, 0, 0, 0)], atol=1e-12)
    assert np.allclose(d, [0.089159, 0, 0, 0.10915, 0.09465, 0.0823], atol=1e-12)
    assert np.allclose(alpha, [-v for v in (90, 0, 0, 90, -90, 0)], atol=1e-9)
    # The URDF writes pi/2 as 1.57079632679 (2.8e-10 short): its zero pose is UR's to that.
    assert np.allclose([j.offset for j in robot.joints], 0, atol=1e-9)


def test_panda_modified_table_is_frankas_published_one():
    """Franka Emika, "Robot and interface specifications" (FCI documentation), Denavit-
    Hartenberg parameters in Craig's convention: a = (0, 0, 0, 0.0825, -0.0825, 0, 0.088),
    d = (0.333, 0, 0.316, 0, 0.384, 0, 0), alpha = (0, -90, 90, 90, -90, 90, 90) deg, theta
    offsets 0; the flange 0.107 m along z_7."""
    robot = load_urdf(URDF_DIR / "panda_description/urdf/panda.urdf", convention="modified")
    assert np.allclose([j.a for j in robot.joints], [0, 0, 0, 0.0825, -0.0825, 0, 0.088],
                       atol=1e-12)
    assert np.allclose([j.d for j in robot.joints], [0.333, 0, 0.316, 0, 0.384, 0, 0],
                       atol=1e-12)
    assert np.allclose(np.degrees([j.alpha for j in robot.joints]),
                       [0, -90, 90, 90, -90, 90, 90], atol=1e-9)
    assert np.allclose([j.offset for j in robot.joints], 0, atol=1e-12)
    # Tool: the flange (0.107), then the hand turned -45 deg, then its TCP 0.1034 further.
    assert np.allclose(robot.tool_xyz, [0, 0, 0.107 + 0.1034], atol=1e-12)
    assert np.allclose(robot.base, np.eye(4), atol=1e-12)


def test_the_gripper_joints_are_left_out_of_the_arm():
    """The Panda's two finger joints (one a <mimic>) are its gripper: 7 arm joints."""
    robot = load_urdf(URDF_DIR / "panda_description/urdf/panda.urdf")
    assert [j.name for j in robot.joints] == [f"panda_joint{i}" for i in range(1, 8)]
    assert robot.meshes is not None and robot.meshes.gripper is not None  # the hand


def test_a_tip_chooses_another_chain():
    path = URDF_DIR / "panda_description/urdf/panda.urdf"
    robot = load_urdf(path, tip="panda_leftfinger")
    assert robot.n == 8 and robot.joints[-1].kind == "P"
    chain = urdf_chain(path.read_text(), "panda_leftfinger")
    for q in robot.random_q(10, rng=1):
        assert_same_pose(robot.fk(q), urdf_fk(chain, q), chain_size(chain))


def test_continuous_joints_get_plus_minus_180_degrees():
    robot = load_urdf(URDF_DIR / "kinova_description/robots/kinova.urdf")
    assert np.allclose(np.degrees(robot.limits[[0, 3, 5]]), [[-180, 180]] * 3)


def test_stl_meshes_are_placed_and_dae_ones_skipped_with_one_note():
    robot = load_urdf(URDF_DIR / "ur_description/urdf/ur5_robot.urdf")
    assert robot.meshes.base.path.name == "base.stl"
    assert [spec.path.name for spec in robot.meshes.links] == [
        "shoulder.stl", "upperarm.stl", "forearm.stl", "wrist1.stl", "wrist2.stl", "wrist3.stl"]
    assert robot.notes.count(".dae") == 1
    kinova = load_urdf(URDF_DIR / "kinova_description/robots/kinova.urdf")
    assert kinova.meshes is None and ".dae" in kinova.notes


def test_a_package_dir_finds_meshes_elsewhere(tmp_path):
    text = (URDF_DIR / "double_pendulum_description/urdf/double_pendulum.urdf").read_text()
    (tmp_path / "arm.urdf").write_text(text)
    alone = load_urdf(tmp_path / "arm.urdf")
    assert alone.meshes is None and "not found" in alone.notes
    found = load_urdf(tmp_path / "arm.urdf", package_dirs=[URDF_DIR.parent])
    assert found.meshes is not None and found.meshes.links[0].path.name == "link1.stl"


def _world_centres(text, tip, q):
    """Each moving link's mass and centre of mass in the world, from the URDF text: the child
    of each movable joint of the chain to ``tip``."""
    root = ET.fromstring(text)
    by_child = {j.find("child").get("link"): j for j in root.findall("joint")}
    links = {link.get("name"): link for link in root.findall("link")}
    chain = urdf_chain(text, tip)
    names, link = [], tip
    while link in by_child:
        names.append((by_child[link].get("type"), link))
        link = by_child[link].find("parent").get("link")
    names = names[::-1]
    values = iter(q)
    frame, out = np.eye(4), []
    for (kind, origin, axis, _l), (_kind, name) in zip(chain, names, strict=True):
        frame = frame @ origin
        if kind != "fixed":
            motion = np.eye(4)
            motion[:3, :3] = _rotation_axis_angle(axis, next(values))
            frame = frame @ motion
            inertial = links[name].find("inertial")
            xyz = [float(v) for v in inertial.find("origin").get("xyz").split()]
            out.append((float(inertial.find("mass").get("value")),
                        (frame @ np.array([*xyz, 1.0]))[:3]))
    return out


def test_inertials_become_the_dynamics_of_the_dh_links():
    """The double pendulum: each link's mass, and its centre of mass placed in the world by the
    DH frames, equal the URDF's at random poses."""
    path = URDF_DIR / "double_pendulum_description/urdf/double_pendulum.urdf"
    for convention in ("standard", "modified"):
        robot = load_urdf(path, convention=convention)
        for q in robot.random_q(5, rng=3):
            frames = robot.fk_all(q)
            for i, (mass, centre) in enumerate(_world_centres(path.read_text(), "link2", q)):
                link = robot.dynamics.links[i]
                assert link.mass == pytest.approx(mass)
                placed = (frames[i + 1] @ np.array([*link.com, 1.0]))[:3]
                assert np.allclose(placed, centre, atol=1e-12)


# ------------------------------------------------------------------------------ round trips
@pytest.mark.parametrize("robot", library_robots(), ids=lambda r: r.name)
def test_every_library_robot_round_trips_through_urdf_with_the_same_fk(robot, tmp_path):
    path = export_urdf(robot, tmp_path / "robot.urdf")
    metres = {"m": 1.0, "cm": 0.01, "mm": 0.001}[robot.unit]
    back = load_urdf(path, convention=robot.convention)
    chain = urdf_chain(path.read_text(), "tool")
    assert back.n == robot.n and back.joint_types == robot.joint_types
    assert np.allclose(back.limits[back.revolute], robot.limits[robot.revolute])
    for q in robot.random_q(20, rng=5):
        expected = robot.fk(q)
        expected[:3, 3] *= metres
        q_metres = np.where(robot.revolute, q, q * metres)
        size = robot.length_scale * metres
        assert_same_pose(back.fk(q_metres), expected, size)
        assert_same_pose(urdf_fk(chain, q_metres), expected, size)   # an independent reader
    if robot.dynamics is not None:
        assert [link.mass for link in back.dynamics.links] == pytest.approx(
            [link.mass for link in robot.dynamics.links])
    assert (back.meshes is None) == (robot.meshes is None)


def test_the_exported_text_is_a_urdf_of_one_joint_per_row():
    text = robot_to_urdf(robosim.load_robot("Puma 560"))
    root = ET.fromstring(text)
    assert root.tag == "robot"
    assert [j.get("type") for j in root.findall("joint")] == ["revolute"] * 6 + ["fixed"]


def _numbers_written(text):
    """Every number token in every attribute of the URDF ``text`` (file names skipped)."""
    for element in ET.fromstring(text).iter():
        for key, value in element.attrib.items():
            if key not in ("name", "filename", "link", "type"):
                yield from value.split()


@pytest.mark.parametrize("robot", library_robots(), ids=lambda r: r.name)
def test_the_exported_text_has_no_negative_zero(robot):
    # A turn of 0 read back by tr2xyzrpy often comes out as -0.0 (a pitch of asin(-0.0)); the
    # file should say 0.0, as a person would write it.
    numbers = list(_numbers_written(robot_to_urdf(robot)))
    assert numbers and all(float(n) != 0.0 or not n.startswith("-") for n in numbers)


def test_a_limit_of_negative_zero_is_written_as_zero():
    slide = robosim.Robot([robosim.Joint("P", limits=(-0.0, 0.5))], name="slide", unit="m")
    limit = ET.fromstring(robot_to_urdf(slide)).find("joint/limit")
    assert (limit.get("lower"), limit.get("upper")) == ("0.0", "0.5")


# ------------------------------------------------------------------------------- bad files
BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol">
<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>
<robot name="&lol9;"><link name="a"/></robot>
"""


def _arm(joint_type="revolute", axis="0 0 1", extra=""):
    return f"""<robot name="arm"><link name="a"/><link name="b"/><link name="c"/>
<joint name="j1" type="{joint_type}"><parent link="a"/><child link="b"/>
<axis xyz="{axis}"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
<joint name="j2" type="revolute"><parent link="b"/><child link="c"/>
<origin xyz="0.3 0 0"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
{extra}</robot>"""


LOOP = """<robot name="loop"><link name="a"/><link name="b"/>
<joint name="ab" type="revolute"><parent link="a"/><child link="b"/></joint>
<joint name="ba" type="revolute"><parent link="b"/><child link="a"/></joint></robot>"""


@pytest.mark.parametrize("text, words", [
    ("this is not XML <", "not XML"),
    (LOOP, "loop"),
    (_arm("floating"), "'j1' is floating"),
    (_arm("planar"), "'j1' is planar"),
    (_arm(axis="0 0 0"), "'j1': its axis is zero"),
    (BILLION_LAUGHS, "<!DOCTYPE>"),
    (_arm(extra='<xacro:property name="x" value="1"/>'), "a xacro file"),
    (_arm().replace('<link name="b"/>', '<link name="b"><inertial><mass value="1"/>'
                    '<inertia ixx="-1" iyy="1" izz="1"/></inertial></link>'),
     "link 'b': field 'inertia'"),
    (_arm().replace('<child link="c"/>', '<child link="b"/>'), "child of two joints"),
    (_arm().replace('<parent link="b"/>', '<parent link="nowhere"/>'), "'nowhere' is not"),
], ids=["not-xml", "joint-loop", "floating", "planar", "zero-axis", "entity-expansion",
        "xacro", "negative-inertia", "two-parents", "missing-link"])
def test_bad_files_are_refused_in_one_line_with_exit_2(text, words, tmp_path, capsys):
    path = tmp_path / "bad.urdf"
    path.write_text(text)
    assert main(["show", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and str(path) in err


def test_a_2_gb_file_is_refused_from_its_size(tmp_path, capsys):
    path = tmp_path / "huge.urdf"
    with open(path, "wb") as stream:      # sparse: takes no disk space
        stream.truncate(2 << 30)
    assert main(["urdf", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "too large" in err


def test_the_arm_the_bad_files_are_made_from_loads(tmp_path):
    """So each bad file above fails for the fault it names."""
    path = tmp_path / "arm.urdf"
    path.write_text(_arm())
    robot = load_urdf(path)
    assert [j.name for j in robot.joints] == ["j1", "j2"]
    assert robot.fk([0, 0])[:3, 3] == pytest.approx([0.3, 0, 0])


# ------------------------------------------------------------------ random chains, every case
def _words(vector):
    return " ".join(str(v) for v in np.asarray(vector).tolist())


def _random_chain_urdf(rng, n):
    """URDF text of a random serial chain of ``n`` joints: axes along coordinate axes (so
    consecutive ones are often parallel, collinear or intersecting) or random, origins often
    zero or along one axis, some joints prismatic, fixed joints between, and a tool."""
    def origin():
        xyz = rng.choice([np.zeros(3), np.eye(3)[rng.integers(3)] * rng.uniform(-0.5, 0.5),
                          rng.uniform(-0.3, 0.3, 3)])
        rpy = rng.choice([np.zeros(3), np.pi / 2 * rng.integers(-2, 3, 3),
                          rng.uniform(-np.pi, np.pi, 3)])
        return f'<origin xyz="{_words(xyz)}" rpy="{_words(rpy)}"/>'

    links = ['<link name="l0"/>']
    joints, parent = [], "l0"
    for i in range(1, n + 1):
        if rng.random() < 0.3:
            links.append(f'<link name="f{i}"/>')
            joints.append(f'<joint name="fixed{i}" type="fixed"><parent link="{parent}"/>'
                          f'<child link="f{i}"/>{origin()}</joint>')
            parent = f"f{i}"
        axis = rng.choice([np.eye(3)[rng.integers(3)] * rng.choice([-1, 1]),
                           rng.normal(size=3)])
        kind = "prismatic" if rng.random() < 0.25 else "revolute"
        lower, upper = (-0.4, 0.4) if kind == "prismatic" else (-3.0, 3.0)
        links.append(f'<link name="l{i}"/>')
        joints.append(f'<joint name="j{i}" type="{kind}"><parent link="{parent}"/>'
                      f'<child link="l{i}"/>{origin()}<axis xyz="{_words(axis)}"/>'
                      f'<limit lower="{lower}" upper="{upper}" effort="1" velocity="1"/></joint>')
        parent = f"l{i}"
    links.append('<link name="tool"/>')
    joints.append(f'<joint name="tool_joint" type="fixed"><parent link="{parent}"/>'
                  f'<child link="tool"/>{origin()}</joint>')
    return f'<robot name="random">{"".join(links)}{"".join(joints)}</robot>'


@pytest.mark.parametrize("seed", range(40))
def test_random_chains_have_the_fk_of_their_urdf_in_both_conventions(seed, tmp_path):
    rng = np.random.default_rng(seed)
    text = _random_chain_urdf(rng, int(rng.integers(1, 8)))
    path = tmp_path / "random.urdf"
    path.write_text(text)
    chain = urdf_chain(text, "tool")
    for convention in ("standard", "modified"):
        robot = load_urdf(path, convention=convention)
        for q in robot.random_q(20, rng=seed):
            assert_same_pose(robot.fk(q), urdf_fk(chain, q), chain_size(chain) + 1e-3)


def _link_element(text, name):
    return next(link for link in ET.fromstring(text).findall("link") if link.get("name") == name)


def _origin_of(element):
    origin = element.find("origin") if element is not None else None
    transform = np.eye(4)
    if origin is not None:
        transform[:3, :3] = _rotation_rpy(*map(float, origin.get("rpy", "0 0 0").split()))
        transform[:3, 3] = [float(v) for v in origin.get("xyz", "0 0 0").split()]
    return transform


def test_meshes_sit_where_the_urdf_puts_them_at_random_poses():
    """Each placed mesh's frame, carried by the DH frames, is the URDF link's frame times the
    collision origin: the Panda's links, its base and its hand (the gripper part)."""
    path = URDF_DIR / "panda_description/urdf/panda.urdf"
    text = path.read_text()
    robot = load_urdf(path)
    for q in robot.random_q(5, rng=4):
        frames = robot.fk_all(q)
        parts = [(frames[0], robot.meshes.base, "panda_link0"),
                 (robot.fk(q), robot.meshes.gripper, "panda_hand")]
        parts += [(frames[i], spec, f"panda_link{i}")
                  for i, spec in enumerate(robot.meshes.links, start=1)]
        for frame, spec, link in parts:
            collision = _link_element(text, link).find("collision")
            expected = urdf_fk(urdf_chain(text, link), q) @ _origin_of(collision)
            assert spec.path.name == f"{link.removeprefix('panda_')}.stl"
            assert_same_pose(frame @ spec.transform, expected, 1.0)


def test_inertias_are_turned_into_the_dh_frames():
    """The Panda's links 1 to 6: centre of mass and inertia tensor in the world, from the DH
    frames, equal the URDF link's at random poses; link 7 carries the hand and fingers too."""
    path = URDF_DIR / "panda_description/urdf/panda.urdf"
    text = path.read_text()
    for convention in ("standard", "modified"):
        robot = load_urdf(path, convention=convention)
        for q in robot.random_q(3, rng=6):
            frames = robot.fk_all(q)
            for i in range(1, 7):
                inertial = _link_element(text, f"panda_link{i}").find("inertial")
                world = urdf_fk(urdf_chain(text, f"panda_link{i}"), q) @ _origin_of(inertial)
                element = inertial.find("inertia")
                xx, yy, zz, xy, yz, xz = (float(element.get(k)) for k in
                                          ("ixx", "iyy", "izz", "ixy", "iyz", "ixz"))
                tensor = np.array([[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]])
                link = robot.dynamics.links[i - 1]
                turn = frames[i][:3, :3]
                assert link.mass == pytest.approx(float(inertial.find("mass").get("value")))
                assert np.allclose(frames[i][:3, :3] @ link.com + frames[i][:3, 3],
                                   world[:3, 3], atol=1e-12)
                assert np.allclose(turn @ link.inertia_matrix @ turn.T,
                                   world[:3, :3] @ tensor @ world[:3, :3].T, atol=1e-12)
    masses = [float(_link_element(text, name).find("inertial/mass").get("value"))
              for name in ("panda_link7", "panda_hand", "panda_leftfinger", "panda_rightfinger")]
    assert robot.dynamics.links[6].mass == pytest.approx(sum(masses))


def test_a_table_that_does_not_reproduce_the_chain_is_refused_naming_the_joint(monkeypatch):
    """The check before a robot is returned: a table off by 1e-6 m in the elbow row's a (a
    fault planted in the extraction) is refused. DH frame 3 is then still fixed to the
    forearm, only displaced; joint 4 turns about the displaced axis: it is named."""
    import dataclasses

    import robosim.robot_files.urdf_import as urdf_module

    extract = urdf_module.dh_from_axes

    def off_by_a_micron(*args, **kwargs):
        fit = extract(*args, **kwargs)
        rows = list(fit.rows)
        rows[2] = dataclasses.replace(rows[2], a=rows[2].a + 1e-6)
        return dataclasses.replace(fit, rows=tuple(rows))

    monkeypatch.setattr(urdf_module, "dh_from_axes", off_by_a_micron)
    refused = "joint 'wrist_1_joint': the DH table does not"
    with pytest.raises(robosim.RobotFileError, match=refused):
        load_urdf(URDF_DIR / "ur_description/urdf/ur5_robot.urdf")


def test_export_refuses_a_urdf_larger_than_load_urdf_reads(tmp_path):
    """What robosim writes, robosim reads back: a robot whose name alone is 17 MB is not
    written (load_urdf reads at most 16 MiB), and no file is left."""
    import dataclasses

    robot = dataclasses.replace(robosim.load_robot("lynx6"), name="n" * (17 << 20))
    with pytest.raises(robosim.RobotFileError, match="more than the 16,777,216 load_urdf"):
        export_urdf(robot, tmp_path / "big.urdf")
    assert list(tmp_path.iterdir()) == []


def test_the_python_api_checks_its_arguments():
    ur5 = URDF_DIR / "ur_description/urdf/ur5_robot.urdf"
    with pytest.raises(TypeError, match="export_urdf writes a Robot, got str"):
        export_urdf("lynx6", "arm.urdf")
    with pytest.raises(TypeError, match="tip must be a link's name, got int"):
        load_urdf(ur5, tip=3)
    with pytest.raises(ValueError, match="convention must be one of standard, modified"):
        load_urdf(ur5, convention="craig")
    # One folder may be given as itself, not only in a list.
    assert load_urdf(ur5, package_dirs=str(URDF_DIR.parent)).meshes is not None


def test_a_home_moved_into_the_limits_is_named_in_the_notes(tmp_path):
    """A URDF has no home: robosim takes the zero pose moved into the limits. A joint whose
    limits leave out 0 (the Panda's joint 4, -176 to -4 deg) gets its nearest limit, and the
    notes say so (issue 37: the Panda opened folded, red, unexplained)."""
    arm = robosim.Robot([robosim.Joint(a=1.0, name="shoulder"),
                         robosim.Joint(a=1.0, limits=(math.radians(-170), math.radians(-20)),
                                       home=math.radians(-90), name="elbow")],
                        name="bent", unit="m")
    back = load_urdf(export_urdf(arm, tmp_path / "bent.urdf"))
    assert back.home[1] == pytest.approx(math.radians(-20))
    assert "Home: the zero pose moved into the limits (elbow -20 deg" in back.notes
    straight = load_urdf(export_urdf(arm.with_limits([[-1, 1], [-1, 1]]), tmp_path / "s.urdf"))
    assert "Home" not in straight.notes

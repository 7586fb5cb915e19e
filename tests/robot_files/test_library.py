"""The robot library: its robots, their sources, name lookup and exact save/load round trips."""

import json
import math
import os
import stat

import numpy as np
import pytest

from robosim import Joint, Robot, RobotFileError, list_robots, load_robot, save_robot
from robosim.robot_files import dh_rows, robot_from_csv, robot_from_dict, robot_to_dict
from robosim.trajectory.teaching import TaughtSequence, save_taught

LYNX6 = {"name": "Lynx6", "unit": "mm", "joints": [
    {"type": "R", "theta": 0, "d": 65, "a": 25, "alpha": 90, "limits": [-90, 90]},
    {"type": "R", "theta": 0, "d": 0, "a": 120, "alpha": 0, "offset": 90, "limits": [-90, 90]}]}


def test_library_has_the_robots_the_course_needs():
    names = list_robots()
    for wanted in ("Tester Robot", "SCARA", "Lodes Puma 560", "Puma 260", "Example R", "Lynx6"):
        assert wanted in names
    assert len(names) == len(set(names))


@pytest.mark.parametrize("name", list_robots())
def test_every_library_robot_says_where_its_numbers_come_from(name):
    robot = load_robot(name)
    assert robot.source.strip()
    assert robot.within_limits(robot.home)


def test_lookup_ignores_case_spaces_and_dashes():
    assert load_robot("lodes-puma-560").name == "Lodes Puma 560"
    assert load_robot("tester_robot").name == "Tester Robot"
    with pytest.raises(RobotFileError, match="robosim list"):
        load_robot("no such robot")


def test_lynx6_reach_at_home_is_the_sum_of_its_horizontal_links():
    # At q = 0 the upper arm stands vertical (offset +90) and the forearm is horizontal (-90).
    T = load_robot("Lynx6").fk(np.zeros(5))
    assert np.allclose(T[:3, 3], [25 + 120 + 155, 0, 65 + 120])


@pytest.mark.parametrize("name", list_robots())
def test_save_load_round_trip_is_exact(name, tmp_path):
    robot = load_robot(name)
    path = save_robot(robot, tmp_path / "copy.json")
    again = load_robot(path)
    assert robot_to_dict(again) == robot_to_dict(robot)
    assert [j for j in again.joints] == [j for j in robot.joints]  # bit-for-bit radians


def test_round_trip_of_awkward_angles(tmp_path):
    # Angles typed in degrees (as in every file) come back bit for bit; angles computed in
    # radians may not have an exact decimal degree, and come back within one rounding step.
    rng = np.random.default_rng(0)
    degrees = rng.uniform(-170, 170, (12, 3))
    joints = [Joint(alpha=math.radians(a), offset=math.radians(o), limits=(-3.0, 3.0),
                    home=math.radians(h)) for a, o, h in degrees]
    robot = Robot(joints, unit="m", base_rpy=(0.1, 0.2, 0.3), tool_xyz=(0, 0, 0.1),
                  poses={"p": np.radians(rng.uniform(-170, 170, 12))})
    again = load_robot(save_robot(robot, tmp_path / "r.json"))
    assert again.joints == robot.joints
    assert again.poses == robot.poses

    radians = Robot([Joint(alpha=a) for a in rng.uniform(-3, 3, 12)])
    back = load_robot(save_robot(radians, tmp_path / "rad.json"))
    assert np.allclose([j.alpha for j in back.joints], [j.alpha for j in radians.joints],
                       rtol=4e-16, atol=0)


def test_save_is_atomic_and_leaves_old_file_on_failure(tmp_path, monkeypatch):
    path = tmp_path / "robot.json"
    save_robot(load_robot("SCARA"), path)
    before = path.read_text()

    def explode(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", explode)
    with pytest.raises(RobotFileError, match="No space left"):
        save_robot(load_robot("Lynx6"), path)
    assert path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["robot.json"]  # no temp file left


def test_saved_files_get_ordinary_permissions(tmp_path):
    """A teacher's saved robot must be readable by students: umask applies, not mkstemp's 0600."""
    old_umask = os.umask(0o022)
    try:
        fresh = save_robot(load_robot("SCARA"), tmp_path / "new.json")
        assert stat.S_IMODE(os.stat(fresh).st_mode) == 0o644
        shared = tmp_path / "shared.json"
        shared.write_text("{}")
        os.chmod(shared, 0o664)
        save_robot(load_robot("SCARA"), shared)
        assert stat.S_IMODE(os.stat(shared).st_mode) == 0o664  # replacing keeps the file's mode
    finally:
        os.umask(old_umask)


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("joints"), "missing field 'joints'"),
    (lambda d: d.update(joints=[]), "empty"),
    (lambda d: d.update(joints=[d["joints"][0]] * 13), "at most 12 joints"),
    (lambda d: d["joints"][1].pop("a"), "joint 2: missing field 'a'"),
    (lambda d: d["joints"][1].update(a="long"), "joint 2: field 'a' must be a number, got 'long'"),
    # JSON has no NaN or Infinity: the reader refuses them before any field is looked at
    (lambda d: d["joints"][0].update(d=float("nan")), "NaN is not a JSON number"),
    (lambda d: d["joints"][0].update(d=float("inf")), "Infinity is not a JSON number"),
    (lambda d: d["joints"][1].update(limits=[90, -90]), "joint 2: field 'limits' is reversed"),
    (lambda d: d["joints"][1].update(type="spherical"), "joint 2: field 'type' must be R"),
    (lambda d: d["joints"][0].update(theta=120), "joint 1: home value theta = 120 is outside"),
    (lambda d: d["joints"][0].update(colour="red"), "joint 1: unknown field 'colour'"),
    (lambda d: d.update(unit="inch"), "field 'unit': must be one of mm, cm, m, got 'inch'"),
    (lambda d: d.update(convention="weird"), "convention must be one of"),
    (lambda d: d.update(poses={"up": [1]}), "pose 'up': must list 2 joint values"),
    (lambda d: d.update(base={"xyz": [1, 2]}), "field 'xyz' must be a list of 3 numbers"),
])
def test_validation_messages_name_file_row_field_and_value(tmp_path, change, message):
    assert_file_refused(tmp_path, LYNX6, change, message)


def assert_file_refused(tmp_path, data, change, message):
    """A copy of ``data`` changed by ``change`` and saved is refused naming file and problem."""
    data = json.loads(json.dumps(data))
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RobotFileError) as info:
        load_robot(path)
    assert str(path) in str(info.value)
    assert message in str(info.value)


TWO_LINKS = {"name": "2R", "unit": "cm", "joints": [
    {"type": "R", "theta": 0, "d": 0, "a": 50, "alpha": 0},
    {"type": "R", "theta": 0, "d": 0, "a": 30, "alpha": 0}],
    "dynamics": {"gravity": [0, -9.81, 0], "links": [
        {"mass": 2.0, "com": [-25, 0, 0], "inertia": [0.001, 0.04, 0.04, 0, 0, 0]},
        {"mass": 1.0, "com": [-15, 0, 0], "inertia": [0.001, 0.008, 0.008, 0, 0, 0],
         "motor_inertia": 1e-5, "gear_ratio": 100, "viscous": 1e-4, "coulomb": [0.01, -0.01]}]}}


def test_dynamics_section_round_trips(tmp_path):
    robot = robot_from_dict(TWO_LINKS)
    assert robot.dynamics.links[1].gear_ratio == 100 and robot.dynamics.gravity == (0, -9.81, 0)
    again = load_robot(save_robot(robot, tmp_path / "two.json"))
    assert again.dynamics == robot.dynamics
    assert robot_to_dict(again) == robot_to_dict(robot)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["dynamics"]["links"][1].update(inertia=[1, 1, -0.5, 0, 0, 0]),
     "dynamics of joint 2: field 'inertia' [1.0, 1.0, -0.5, 0.0, 0.0, 0.0] is not positive "
     "semi-definite: it has a principal moment of -0.5 kg m^2"),
    (lambda d: d["dynamics"]["links"][0].update(mass="heavy"),
     "dynamics of joint 1: field 'mass' must be a number, got 'heavy'"),
    (lambda d: d["dynamics"]["links"][0].update(mass=-2),
     "dynamics of joint 1: field 'mass' must be >= 0, got -2"),
    (lambda d: d["dynamics"]["links"].pop(), "'links' must list one entry per joint (2)"),
    (lambda d: d["dynamics"]["links"][0].update(colour=1),
     "dynamics of joint 1: unknown field 'colour'"),
    (lambda d: d["dynamics"]["links"][0].pop("mass"), "dynamics of joint 1: missing field 'mass'"),
    (lambda d: d["dynamics"].update(gravity=[0, 0]),
     "field 'dynamics': field 'gravity' must be a list of 3 numbers"),
    (lambda d: d["dynamics"].update(g=1), "field 'dynamics': unknown field 'g'"),
])
def test_dynamics_validation_names_file_joint_field_and_value(tmp_path, change, message):
    assert_file_refused(tmp_path, TWO_LINKS, change, message)


def test_broken_json_names_line_and_column(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"name": "x",\n "joints": [}')
    with pytest.raises(RobotFileError, match=r"broken.json: not valid JSON \(line 2"):
        load_robot(path)


def test_missing_file():
    with pytest.raises(RobotFileError, match="no such file"):
        load_robot("/nonexistent/robot.json")


def test_csv_table_as_typed_in_a_spreadsheet(tmp_path):
    path = tmp_path / "arm.csv"
    path.write_text("# name: Spreadsheet arm\n# unit: cm\n"
                    "type,theta,d,a,alpha,min,max\n"
                    "R,90,0,50,0,-180,180\n"
                    "revolute,0,0,20,180,-150,150\n"
                    "P,0,75,0,0,0,150\n"
                    "r,15,10,0,0\n")
    robot = load_robot(path)
    scara = load_robot("SCARA")
    assert robot.name == "Spreadsheet arm" and robot.unit == "cm"
    assert robot.joint_types == "RRPR"
    assert math.degrees(robot.joints[1].limits[1]) == pytest.approx(150)
    q = scara.random_q(10, np.random.default_rng(1))
    q[:, 1] = np.clip(q[:, 1], -2.5, 2.5)
    assert np.allclose(robot.fk(q), scara.fk(q))


def test_csv_errors_name_the_line():
    with pytest.raises(RobotFileError,
                       match=r"line 2 \(joint 2\): column 'a' must be a number, got 'x'"):
        robot_from_csv("R,0,0,1,0\nR,0,0,x,0\n")
    with pytest.raises(RobotFileError, match="expected 5 or 7 columns"):
        robot_from_csv("R,0,0\n")
    with pytest.raises(RobotFileError, match="empty"):
        robot_from_csv("type,theta,d,a,alpha\n")


def test_dict_and_file_formats_agree():
    robot = robot_from_dict(LYNX6)
    assert robot_to_dict(robot_from_dict(robot_to_dict(robot))) == robot_to_dict(robot)


def test_the_dh_table_writes_float_noise_as_zero():
    """The UR5 from its URDF has offsets of -4.9e-12 rad on joints 2 and 4: its table showed
    "q2-2.80553e-10" (issue 37). Noise below a millionth of a degree or of the length unit is
    written 0, as every screen writes it; real values keep their digits."""
    arm = Robot([Joint(a=0.425, d=1e-13, alpha=math.radians(90) + 1e-14),
                 Joint(offset=-4.89657334287251e-12, a=0.39225),
                 Joint("P", theta=2e-12, offset=-3e-13, limits=(0.0, 0.5), home=0.25)],
                name="noisy", unit="m")
    rows = dh_rows(arm)
    assert [row["theta"] for row in rows] == ["q1", "q2", "0"]
    assert [row["d"] for row in rows] == ["0", "0", "q3"]
    assert [row["alpha"] for row in rows] == ["90", "0", "0"]
    assert [row["a"] for row in rows] == ["0.425", "0.39225", "0"]
    assert rows[2]["home"] == "0.25"


def test_another_robosim_file_loaded_as_a_robot_is_named_for_what_it_is(tmp_path):
    """A taught sequence loaded as a robot said "unknown field 'robot' (known: format, ...)"
    (issue 37); it now says what the file is."""
    lynx6 = load_robot("Lynx6")
    taught = TaughtSequence(lynx6.name)
    taught.record(lynx6.home)
    path = tmp_path / "taught.json"
    save_taught(taught, lynx6, path)
    with pytest.raises(RobotFileError) as caught:
        load_robot(path)
    assert str(caught.value) == (f"{path}: field 'format': this is a robosim-taught/1 file, "
                                 f"not a robot file (robosim-robot/1)")

"""Issue 25, items 2 and 3: dynamics values are bounded like every field, NaN never passes a
torque check or leaves a public function, and ``fall`` ends with a result or one line."""

import json

import numpy as np
import pytest

from fault_cli import assert_usage_error, run_cli
from robosim import load_robot
from robosim.dynamics import (Dynamics, LinkDynamics, TrajectoryTorques, check_torque_limits,
                              inverse_dynamics, simulate, with_payload)
from robosim.errors import RobotFileError, ValidationError
from robosim.robot_files import robot_to_dict
from robosim.kinematics import Joint, Robot
from robosim.trajectory.files import write_trajectory_csv


def lynx6_with(tmp_path, link=None, gravity=None):
    """The Lynx6's robot file with link 1's dynamics changed (``link``) or its gravity."""
    data = robot_to_dict(load_robot("lynx6"))
    data["dynamics"]["links"][0].update(link or {})
    if gravity is not None:
        data["dynamics"]["gravity"] = gravity
    path = tmp_path / "arm.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("field, value", [
    ("mass", 1e308), ("com", [1e200, 0, 0]), ("inertia", [1e200, 1e200, 1e200, 0, 0, 0]),
    ("motor_inertia", 1e300), ("gear_ratio", 1e300), ("gear_ratio", 1e-300),
    ("viscous", 1e300), ("coulomb", [1e300, 0]),
])
def test_a_dynamics_field_beyond_its_bound_is_refused_on_loading(tmp_path, field, value):
    with pytest.raises(RobotFileError, match=f"dynamics of joint 1: field '{field}'"):
        load_robot(lynx6_with(tmp_path, {field: value}))


def test_a_gravity_beyond_its_bound_is_refused_on_loading(tmp_path):
    with pytest.raises(RobotFileError, match="field 'gravity' = 1e\\+308 is beyond"):
        load_robot(lynx6_with(tmp_path, gravity=[0, 0, 1e308]))


def test_torques_of_a_robot_with_a_huge_mass_is_one_line_not_within_limits(tmp_path):
    # The case: mass 1e308 loaded, NaN printed as 0, "within its limit", exit 0.
    lynx6 = load_robot("lynx6")
    csv = write_trajectory_csv(tmp_path / "t.csv", lynx6, [0, 0.5, 1],
                               [lynx6.home, lynx6.home + 0.1, lynx6.home + 0.2])
    assert_usage_error(run_cli("torques", lynx6_with(tmp_path, {"mass": 1e308}), "--csv", csv),
                       "field 'mass' = 1e+308 is beyond")


def test_nan_in_a_robot_file_is_refused_as_not_json(tmp_path):
    path = tmp_path / "arm.json"
    path.write_text(json.dumps(robot_to_dict(load_robot("lynx6"))).replace(
        '"mass": 0.', '"mass": NaN, "x": 0.', 1), encoding="utf-8")
    with pytest.raises(RobotFileError, match="NaN is not a JSON number"):
        load_robot(path)


@pytest.mark.parametrize("arguments", [
    {"qd": 1e200}, {"gravity": [0, 0, 1e308]},
])
def test_inverse_dynamics_never_returns_nan(arguments):
    puma = load_robot("Puma 560")
    values = {"q": puma.home, "qd": np.zeros(6), "qdd": np.zeros(6)}
    for name in ("qd", "qdd"):
        if name in arguments:
            values[name] = np.full(6, arguments[name])
    with pytest.raises(ValidationError, match="overflowed|beyond"):
        inverse_dynamics(puma, gravity=arguments.get("gravity"), **values)


def test_a_payload_of_1e308_kg_is_refused():
    with pytest.raises(ValidationError, match=r"payload must be a number from 0 to .* kg"):
        with_payload(load_robot("Puma 560"), 1e308)


def test_the_torque_check_refuses_nan_torques():
    nan = np.array([[np.nan, 0.0]])
    torques = TrajectoryTorques(t=np.zeros(1), q=None, qd=None, qdd=None, tau=nan,
                                static=np.zeros((1, 2)))
    with pytest.raises(ValidationError, match="not all finite"):
        check_torque_limits(torques, [1.0, 1.0])


# ------------------------------------------------------------------------------ item 3: fall
def massless_arm():
    return Robot([Joint(a=0.5), Joint(a=0.5)], unit="m",
                 dynamics=Dynamics([LinkDynamics(), LinkDynamics()]))


def test_free_fall_of_massless_links_says_why_instead_of_linalgerror():
    with pytest.raises(ValidationError, match="mass matrix is singular"):
        simulate(massless_arm(), [0.0, 0.0], duration=0.01, dt=1e-3)


def test_fall_command_on_massless_links_is_one_line(tmp_path):
    data = robot_to_dict(load_robot("lynx6"))
    data["dynamics"]["links"] = [{"mass": 0, "com": [0, 0, 0], "inertia": [0] * 6}] * 5
    path = tmp_path / "massless.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert_usage_error(run_cli("fall", path, "--from", *["0"] * 5, "--duration", "0.01"),
                       "mass matrix is singular")


def test_a_motion_whose_speeds_overflow_is_one_line_not_a_math_domain_error():
    # Speeds of 1e155 rad/s: their squares, in the Coriolis terms, overflow within a step.
    arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m", dynamics=Dynamics(
        [LinkDynamics(mass=1.0), LinkDynamics(mass=1.0)]))
    with pytest.raises(ValidationError, match="diverged at t = 0.001 s .* smaller dt"):
        simulate(arm, [0.3, 0.3], qd0=[1e155, 1e155], duration=1.0, limits="ignore")


@pytest.mark.parametrize("duration, dt, steps", [(1.5, 1.0, 2), (2.5, 1.0, 3), (1.0, 0.1, 10)])
def test_a_run_lasts_its_duration(duration, dt, steps):
    # The issue: --duration 1.5 --dt 1 ran 2 s (and 0.5 s at dt = 1 ran 0 s: refused below).
    arm = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics([LinkDynamics(mass=1.0)]))
    run = simulate(arm, [0.0], duration=duration, dt=dt, limits="ignore")
    assert run.t[-1] == duration and len(run.t) == steps + 1


@pytest.mark.parametrize("settings, message", [
    ({"duration": 0.0}, "more than 0 s"), ({"dt": 1e308}, "from 0 to"),
    ({"duration": 0.5, "dt": 1.0}, "longer than the duration"),
])
def test_simulate_refuses_a_run_without_steps(settings, message):
    arm = Robot([Joint(a=0.5)], unit="m", dynamics=Dynamics([LinkDynamics(mass=1.0)]))
    with pytest.raises(ValidationError, match=message):
        simulate(arm, [0.0], **settings)


def test_simulate_refuses_a_start_outside_the_limits_when_they_are_stops():
    arm = Robot([Joint(a=0.5, limits=(-1.0, 1.0))], unit="m",
                dynamics=Dynamics([LinkDynamics(mass=1.0)]))
    with pytest.raises(ValidationError, match="q0: joint 1 .* is outside its limits"):
        simulate(arm, [2.0], duration=0.1)
    assert simulate(arm, [2.0], duration=0.1, limits="ignore").t[-1] == 0.1

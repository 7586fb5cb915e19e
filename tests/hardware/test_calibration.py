"""Calibration files: the documented stock default, validation messages, atomic round trip."""

import json

import numpy as np
import pytest

from robosim.hardware.calibration import (CalibrationError, calibration_from_dict,
                                          calibration_to_dict, default_calibration_path,
                                          load_calibration, save_calibration, stock_lynx6)
from robosim.robot_files import list_robots


def test_the_shipped_file_is_the_documented_stock_lynx6():
    shipped = load_calibration(default_calibration_path())
    assert shipped == stock_lynx6()
    assert [j.channel for j in shipped.joints] == [0, 1, 2, 3, 4]
    assert shipped.gripper.channel == 5
    for servo in shipped.joints:
        # 500-2500 us over 180 deg, 1500 us at 0 deg, safe 600-2400 us
        assert servo.pulse(90) - servo.pulse(-90) == pytest.approx(2000, abs=0.1)
        assert servo.pulse(0) == 1500
        assert servo.pulse_range == (600, 2400)


def test_the_robot_library_does_not_read_calibrations_as_robots():
    assert "Lynx6" in list_robots()
    assert all("calibration" not in name.lower() for name in list_robots())


def test_pulse_and_angle_are_inverse_for_a_reversed_servo():
    servo = stock_lynx6().with_joint(1, direction=-1, us_per_deg=10.5, reference_deg=30,
                                     pulse_at_reference=1400).joints[1]
    assert servo.pulse(40) == pytest.approx(1400 - 10.5 * 10)
    assert servo.angle(servo.pulse(-12.25)) == pytest.approx(-12.25)


def test_save_and_load_round_trip(tmp_path):
    calibration = stock_lynx6().with_joint(2, channel=9, max_speed_deg_s=25.5)
    path = save_calibration(calibration, tmp_path / "my_arm.calibration.json")
    assert load_calibration(path) == calibration
    assert not list(tmp_path.glob(".*.tmp"))  # the temporary file of the atomic write is gone


def test_a_calibration_file_must_be_named_so_the_library_skips_it(tmp_path):
    with pytest.raises(CalibrationError, match=r"\.calibration\.json"):
        save_calibration(stock_lynx6(), tmp_path / "my_arm.json")


def _broken(change):
    data = calibration_to_dict(stock_lynx6())
    change(data)
    return data


@pytest.mark.parametrize("change, message", [
    (lambda d: d["joints"][1].update(direction=0), "joint 2: field 'direction' must be 1 or -1"),
    (lambda d: d["joints"][0].update(us_per_deg=-11), "joint 1: field 'us_per_deg'"),
    (lambda d: d["joints"][2].update(pulse_range=[2400, 600]), "joint 3: field 'pulse_range'"),
    (lambda d: d["joints"][2].update(pulse_range=[400, 2400]), "joint 3: field 'pulse_range'"),
    (lambda d: d["joints"][3].update(channel=32), "joint 4: field 'channel'"),
    (lambda d: d["joints"][4].update(channel=1), "joint 5: field 'channel' 1 is already used"),
    (lambda d: d["gripper"].update(channel=0), "gripper: field 'channel' 0 is already used"),
    (lambda d: d["gripper"].update(open=500), "gripper: field 'open' = 500 us is outside"),
    (lambda d: d["joints"][0].update(pulse_at_reference="1500"),
     "joint 1: field 'pulse_at_reference' must be a finite number"),
    (lambda d: d["joints"][0].pop("us_per_deg"), "joint 1: missing field 'us_per_deg'"),
    (lambda d: d["joints"][0].update(colour="red"), "joint 1: unknown field 'colour'"),
    (lambda d: d.update(rest_deg=[0, 0, 85, 0, 0]), "joint 3: field 'pulse at rest_deg 85'"),
    (lambda d: d.update(rest_deg=[0, 0]), "field 'rest_deg': must list 5"),
    (lambda d: d.update(format="other/1"), "field 'format'"),
    (lambda d: d["joints"][1].update(rated_torque_nm=-1),
     "joint 2: field 'rated_torque_nm' must be greater than 0, got -1"),
    (lambda d: d["joints"][1].update(rated_torque_nm=24.7 * 10),   # kg cm typed as N m
     "joint 2: field 'rated_torque_nm' must be at most 50, got 247"),   # not "from -inf"
])
def test_invalid_values_are_refused_naming_the_entry_and_field(change, message):
    with pytest.raises(CalibrationError, match=message.replace("(", r"\(")):
        calibration_from_dict(_broken(change), source="arm.calibration.json")


def test_rated_torque_is_optional_and_reported_as_nan_when_missing():
    calibration = calibration_from_dict(_broken(lambda d: d["joints"][2].pop("rated_torque_nm")))
    assert calibration.joints[2].rated_torque_nm is None
    assert np.isnan(calibration.rated_torques[2])
    assert calibration.rated_torques[1] == pytest.approx(24.7 * 0.0980665, abs=0.005)
    assert "rated_torque_nm" not in calibration_to_dict(calibration)["joints"][2]
    assert calibration_from_dict(calibration_to_dict(calibration)) == calibration


def test_file_errors_name_the_file(tmp_path):
    path = tmp_path / "bad.calibration.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CalibrationError, match="bad.calibration.json: not valid JSON"):
        load_calibration(path)
    path.write_text(json.dumps(_broken(lambda d: d["joints"][0].update(direction=2))))
    with pytest.raises(CalibrationError, match="bad.calibration.json: joint 1"):
        load_calibration(path)
    with pytest.raises(CalibrationError, match="no such calibration file"):
        load_calibration(tmp_path / "missing.calibration.json")


# ---------------------------------------------------------------- calibrated limits
def test_the_stock_calibration_narrows_the_lynx6_to_81_degrees():
    from robosim import load_robot
    from robosim.hardware import calibrated_limits

    lynx6 = load_robot("Lynx6")                      # +-90 deg (robots/lynx6.json)
    limits = np.degrees(calibrated_limits(lynx6, stock_lynx6()))
    half = 900 / 11.111                              # 600-2400 us about 1500 us
    np.testing.assert_allclose(limits, [[-half, half]] * 5)
    assert half == pytest.approx(81.0008, abs=1e-4)


def test_the_limits_are_the_intersection_for_reversed_and_offset_servos():
    from robosim import load_robot
    from robosim.hardware import calibrated_limits

    lynx6 = load_robot("Lynx6")
    # joint 2 reversed about 1400 us at 30 deg, 10 us/deg: 1000 us is 30 + 40 = 70 deg, 2000 us
    # is 30 - 60 = -30 deg; joint 3's 1500 us at -60 deg spans -150..30 deg, cut at -90
    calibration = (stock_lynx6()
                   .with_joint(1, direction=-1, us_per_deg=10, reference_deg=30,
                               pulse_at_reference=1400, pulse_range=(1000, 2000))
                   .with_joint(2, reference_deg=-60, us_per_deg=10, pulse_range=(600, 2400)))
    limits = np.degrees(calibrated_limits(lynx6, calibration))
    np.testing.assert_allclose(limits[1], [-30, 70])
    np.testing.assert_allclose(limits[2], [-90, 30])


def test_poses_at_the_calibrated_limits_pass_the_driver_and_beyond_are_refused():
    """The driver's own two checks (model limits, then pulses) agree with the intersection."""
    from robosim import load_robot
    from robosim.hardware import DryRunPort, Lynx6, RefusedCommand, SSC32Link
    from robosim.hardware import calibrated_limits

    lynx6 = load_robot("Lynx6")
    calibration = stock_lynx6().with_joint(0, reference_deg=20, pulse_range=(700, 2400))
    driver = Lynx6(SSC32Link(DryRunPort(), port="test"), calibration, lynx6)
    limits = calibrated_limits(lynx6, calibration)
    driver.pulses(limits[:, 0])
    driver.pulses(limits[:, 1])
    for joint in range(5):
        for side, step in ((0, -1e-3), (1, 1e-3)):
            q = np.zeros(5)
            q[joint] = limits[joint, side] + step
            with pytest.raises(RefusedCommand):
                driver.pulses(q)


def test_a_calibration_that_misses_the_model_or_another_arm_is_refused():
    from robosim import load_robot
    from robosim.hardware import calibrated_limits

    lynx6 = load_robot("Lynx6")
    data = calibration_to_dict(stock_lynx6())           # joint 4 at 191-209 deg, resting at 200
    data["joints"][3].update(reference_deg=200, pulse_range=[1400, 1600])
    data["rest_deg"][3] = 200
    far = calibration_from_dict(data)
    with pytest.raises(CalibrationError, match=r"joint 4 \(wrist\): its calibrated range "
                                               r"\[191, 209\] deg lies outside"):
        calibrated_limits(lynx6, far)
    with pytest.raises(CalibrationError, match="lists 5 joints but Puma 560 has 6"):
        calibrated_limits(load_robot("Puma 560"), stock_lynx6())
    with pytest.raises(CalibrationError, match="only arms of revolute joints"):
        calibrated_limits(load_robot("SCARA"), stock_lynx6())

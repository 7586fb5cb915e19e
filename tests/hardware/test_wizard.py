"""The calibration wizard, scripted, on a dry-run arm."""

import math

import numpy as np
import pytest

from robosim.hardware import DryRunPort, Lynx6, SSC32Link, load_calibration
from robosim.hardware.wizard import JOG_SPEED_US_S, CalibrationWizard


@pytest.fixture
def arm():
    driver = Lynx6(SSC32Link(DryRunPort(), port="dry-run"))
    driver.start(confirmed_near_rest=True)
    return driver


def run(arm, tmp_path, answers):
    said = []
    script = iter(answers)
    wizard = CalibrationWizard(arm, tmp_path / "arm.calibration.json",
                               ask=lambda prompt: next(script), say=said.append)
    return wizard.run(), said


def test_two_marked_angles_give_slope_and_direction(arm, tmp_path):
    answers = ["next", "step 20", "-", "ref 0", "step 100", "--", "++", "at 90", "max",
               "save"]
    path, said = run(arm, tmp_path, answers)
    shoulder = load_calibration(path).joints[1]
    assert shoulder.reference_deg == 0 and shoulder.pulse_at_reference == 1480
    # "--" would go to 1480 - 1000 = 480 us, off the board: refused, the pulse stays
    assert any("outside the board's 500-2500" in s for s in said)
    # "++" goes to 2480 us, beyond the safe 2400: allowed (that is calibrating), with a warning
    assert any("beyond the current safe range" in s for s in said)
    assert shoulder.direction == 1 and shoulder.us_per_deg == pytest.approx(1000 / 90, abs=1e-4)
    assert shoulder.pulse_range == (600, 2480)


def test_jogging_down_measures_a_reversed_servo(arm, tmp_path):
    answers = ["step 10", "ref 0", "step 50", "-", "-", "-", "-", "-", "-", "-", "-", "-",
               "at 45", "min", "save"]
    path, said = run(arm, tmp_path, answers)
    base = load_calibration(path).joints[0]
    # 9 steps of 50 us down from 1500: 1050 us at 45 deg -> 450 us / 45 deg, reversed
    assert base.direction == -1 and base.us_per_deg == pytest.approx(10.0)
    assert base.pulse_range == (1050, 2400)
    sent = arm.link._serial.log  # noqa: SLF001 - the simulated port's log
    assert sent[-1] == f"#0P1050S{JOG_SPEED_US_S}\r".encode()


def test_bad_marks_keep_the_last_good_calibration(arm, tmp_path):
    answers = ["at 30", "ref x", "speed -5", "bogus", "save"]
    path, said = run(arm, tmp_path, answers)
    assert load_calibration(path) == arm.calibration
    assert len([s for s in said if s.startswith("not done")]) == 4


@pytest.mark.parametrize("answers", [["+", "quit"], ["+"]])  # the second ends in EOF
def test_quit_or_the_end_of_the_input_saves_nothing(arm, tmp_path, answers):
    script = iter(answers)

    def ask(prompt):
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    wizard = CalibrationWizard(arm, tmp_path / "arm.calibration.json", ask=ask,
                               say=lambda text: None)
    assert wizard.run() is None and not list(tmp_path.iterdir())


def test_the_next_move_after_calibrating_is_timed_from_where_the_jogs_left_the_servo(arm,
                                                                                     tmp_path):
    run(arm, tmp_path, ["step 50", "++", "quit"])  # base jogged 500 us up, slowly
    sent = arm.link._serial.log  # noqa: SLF001 - the simulated port's log
    assert sent[-1] == f"#0P2000S{JOG_SPEED_US_S}\r".encode()
    arm.move_to(np.zeros(5))
    # back 500 us = 45 deg of the stock 11.111 us/deg at its 60 deg/s: not a 20 ms jump
    expected_ms = math.ceil(500 / 11.111 / 60 * 1000)
    assert sent[-1] == b"#0P1500#1P1500#2P1500#3P1500#4P1500T%d\r" % expected_ms

"""The "Calibrate..." window, opened from the real-arm panel on a dry-run board (Agg)."""

import math

import matplotlib.pyplot as plt
import pytest

from fake_arm import FakeArm
from figure_check import DPI, FIGSIZE, IMAGE_COMPARE, strip_text
from gui_events import click, type_keys
from robosim import load_robot
from robosim.gui.tools.calibrate import ANGLE, SPEED, STEP, CalibrationWindow
from robosim.gui.tools import open_tool
from robosim.hardware import DryRunPort, Lynx6, SSC32Link, load_calibration
from robosim.hardware.wizard import JOG_SPEED_US_S

STOP_ALL = b"\x1bSTOP0\rSTOP1\rSTOP2\rSTOP3\rSTOP4\rSTOP5\r"


def press(window, name):
    click(window.fig, 0.5, 0.5, ax=window.buttons[name].ax, coords="axes")


def type_cell(window, col, text):
    click(window.fig, 0.5, 0.5, ax=window.cells.ax, coords="axes")
    window.cells.focus(0, col)
    type_keys(window.fig, text, "enter")


@pytest.fixture
def arm():
    return FakeArm(load_robot("Lynx6"))


@pytest.fixture
def panel(arm):
    """The real-arm panel on a dry run, started at the rest pose, calibration window open."""
    panel = open_tool("Real arm...", arm)
    for name in ("Dry run", "Connect", "Arm is at rest", "Calibrate..."):
        press(panel, name)
    assert panel.calibrating is not None, arm.statuses[-1]
    return panel


def sent(panel):
    return panel.driver.link._serial.log  # noqa: SLF001 - the simulated port's log


def test_two_marked_angles_are_saved_and_offered_to_the_panel(arm, panel, tmp_path):
    window = panel.calibrating
    press(window, ">")  # joint 2, the shoulder
    type_cell(window, STEP, "50")
    press(window, "+10 steps")
    # ten slow steps of 50 us from the rest pose's 1500 us, in one jog of the shoulder's channel
    assert sent(panel)[-1] == f"#1P2000S{JOG_SPEED_US_S}\r".encode()
    assert window.status.message == "+10 steps of 50 us (+500 us): 2000 us"
    type_cell(window, ANGLE, "45")
    press(window, "2nd angle")  # the reference stays the stock 1500 us at 0 deg
    type_cell(window, 3, str(tmp_path / "mine.calibration.json"))
    press(window, "Save")
    shoulder = load_calibration(tmp_path / "mine.calibration.json").joints[1]
    assert shoulder.direction == 1 and shoulder.us_per_deg == pytest.approx(500 / 45, abs=1e-4)
    assert panel.cells.text(0, 3) == str(tmp_path / "mine.calibration.json")
    assert "saved" in arm.statuses[-1][0] and not arm.statuses[-1][1]


def test_the_panel_waits_for_done_and_then_moves_from_the_jogged_pose(arm, panel):
    window = panel.calibrating
    type_cell(window, STEP, "50")
    press(window, "+10 steps")  # the base to 2000 us: 45 deg of the stock 11.111 us/deg
    before = list(sent(panel))
    press(panel, "Rest")
    message, error = arm.statuses[-1]
    assert error and "calibration window is open" in message
    assert sent(panel) == before
    press(window, "Done")
    assert panel.calibrating is None
    press(panel, "Rest")
    # back 45 deg at the stock 60 deg/s, timed from where the jog left the base
    expected_ms = math.ceil(500 / 11.111 / 60 * 1000)
    assert sent(panel)[-1] == b"#0P1500#1P1500#2P1500#3P1500#4P1500T%d\r" % expected_ms


def test_the_gripper_is_marked_open_and_bad_input_keeps_the_last_good_values(arm, panel,
                                                                            tmp_path):
    window = panel.calibrating
    press(window, "<")  # wraps around to the gripper
    assert window.entry == 5
    press(window, "Reference")
    assert "type the value in the 'angle (deg)' cell" in arm.statuses[-1][0]
    type_cell(window, ANGLE, "10")
    press(window, "Reference")
    assert arm.statuses[-1][1] and "gripper can be marked open, closed" in arm.statuses[-1][0]
    type_cell(window, STEP, "0")
    assert "step needs a whole number" in window.cells.errors[(0, STEP)]
    assert "step needs a whole number" in window.status.message and window.status.error
    before = list(sent(panel))
    press(window, "-10 steps")  # refused: the step cell is red
    assert sent(panel) == before and arm.statuses[-1][1]
    type_cell(window, STEP, "10")
    assert window.status.message == "jog step 10 us" and not window.status.error
    press(window, "-10 steps")  # from the open 1200 us, 100 us down
    press(window, "Open here")
    type_cell(window, SPEED, "fast")
    press(window, "<")
    press(window, "Set speed")
    assert "speed needs a number" in arm.statuses[-1][0]
    type_cell(window, 3, str(tmp_path / "grip.calibration.json"))
    press(window, "Save")
    saved = load_calibration(tmp_path / "grip.calibration.json")
    assert saved.gripper.open == 1100
    assert saved.joints == panel.driver.calibration.joints  # the bad speed changed nothing


def test_stop_works_in_the_window_and_disconnecting_finishes_the_calibration(panel):
    window = panel.calibrating
    press(window, "STOP")
    assert sent(panel)[-1] == STOP_ALL
    press(panel, "Disconnect")
    assert panel.calibrating is None and window.finished
    press(window, "+1 step")
    assert "finished" in window.status.message


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_calibration_window_figure(tmp_path):
    driver = Lynx6(SSC32Link(DryRunPort(), port="dry-run"))
    driver.start(confirmed_near_rest=True)
    window = CalibrationWindow.open(driver, tmp_path / "arm.calibration.json")
    fig = window.fig
    fig.set_size_inches(FIGSIZE)
    fig.set_dpi(DPI)
    return strip_text(fig)


def test_a_board_that_stops_answering_leaves_no_calibration_window(arm, board):
    panel = open_tool("Real arm...", arm)
    type_cell(panel, 0, board.port)
    type_cell(panel, 1, "115200")
    press(panel, "Connect")
    press(panel, "Arm is at rest")
    board.mode = "silent"
    figures = plt.get_fignums()
    press(panel, "Calibrate...")
    message, error = arm.statuses[-1]
    assert error and "no reply" in message
    assert panel.calibrating is None and plt.get_fignums() == figures

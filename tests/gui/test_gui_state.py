"""The arm's state shared by the simulator and the tool windows (no display needed for most)."""

import numpy as np
import pytest
from matplotlib.backend_bases import CloseEvent

from fake_arm import FakeArm
from robosim import RobosimError, ValidationError, load_robot
from robosim.gui.state import ArmState, calibrated_limit_text
from robosim.gui.tools import open_tool

LYNX6 = load_robot("Lynx6")


@pytest.mark.parametrize("value, text", [
    (12340.0, "12340"),             # a 12.34 m slide in mm: once "1.234e+04"
    (1_500_000.0, "1500000"),       # once "1.5e+06"
    (0.4318, "0.4318"),             # the Puma 560's a2 in m, as a slide's limit
    (-900 / 11.111, "-81"),         # the stock Lynx6 calibration: -81.0008 deg, noise dropped
    (-0.0, "0"),
])
def test_a_calibrated_limit_is_written_in_decimals_never_with_an_exponent(value, text):
    assert calibrated_limit_text(value) == text


def test_a_subscription_hears_its_topic_until_it_unsubscribes():
    state = ArmState(LYNX6)
    heard = []
    subscription = state.subscribe("pose", lambda s: heard.append(s.q))
    state.subscribe("path", lambda s: heard.append("path"))
    state.show_pose(LYNX6.home + 0.1)
    assert len(heard) == 1 and np.allclose(heard[0], LYNX6.home + 0.1)
    subscription.unsubscribe()
    subscription.unsubscribe()                          # twice is harmless
    state.show_pose(LYNX6.home)
    state.set_path(np.zeros((2, 3)))
    assert len(heard) == 2 and heard[-1] == "path"
    assert not subscription.active
    with pytest.raises(ValueError, match="no topic 'poses'"):
        state.subscribe("poses", print)


def test_requests_are_checked_before_anyone_hears_them():
    state = ArmState(LYNX6)
    heard = []
    state.subscribe("target", lambda s: heard.append("target"))
    state.subscribe("play", lambda s: heard.append("play"))
    with pytest.raises(ValidationError, match="joint 2"):
        state.animate_to(np.radians([0, 120, 0, 0, 0]))          # the Lynx6: +-90 deg
    with pytest.raises(ValidationError, match="increasing times"):
        state.play([0.0, 1.0, 0.5], np.tile(LYNX6.home, (3, 1)))
    assert heard == [] and np.array_equal(state.target, LYNX6.home)
    q = LYNX6.home + np.outer([0.0, 0.5, 1.0], np.full(LYNX6.n, 0.2))
    state.play([0.0, 1.0, 2.0], q)
    assert heard == ["play"]
    np.testing.assert_array_equal(state.last_trajectory[1], q)
    np.testing.assert_array_equal(state.target, q[-1])
    assert np.array_equal(state.q, LYNX6.home)              # only the animator moves the arm


def test_rows_added_to_a_motion_playing_are_checked_and_heard():
    state = ArmState(LYNX6)
    heard = []
    state.subscribe("play more", lambda s: heard.append(s.played_more))
    with pytest.raises(RobosimError, match="nothing is playing"):
        state.play_more([0.0], LYNX6.home[None])
    fall = LYNX6.home + np.outer([0.0, 0.5, 1.0, 1.5], np.full(LYNX6.n, -0.1))
    state.play([0.0, 0.1], fall[:2], keep=False)
    with pytest.raises(ValidationError, match="joint 2"):
        state.play_more([0.2], np.radians([[0, 120, 0, 0, 0]]))
    state.play_more([0.2, 0.3], fall[2:])
    assert len(heard) == 1
    np.testing.assert_array_equal(heard[0][1], fall[2:])
    np.testing.assert_array_equal(state.playing[1], fall)
    np.testing.assert_array_equal(state.target, fall[-1])
    assert state.last_trajectory is None


def test_a_motion_only_shown_is_played_but_not_kept_for_the_real_arm():
    state = ArmState(LYNX6)
    kept = LYNX6.home + np.outer([0.0, 0.5, 1.0], np.full(LYNX6.n, 0.2))
    state.play([0.0, 1.0, 2.0], kept)
    fall = LYNX6.home + np.outer([0.0, 0.5, 1.0], np.full(LYNX6.n, -0.1))
    state.play([0.0, 0.1, 0.2], fall, keep=False)           # a free fall
    np.testing.assert_array_equal(state.playing[1], fall)
    np.testing.assert_array_equal(state.last_trajectory[1], kept)
    np.testing.assert_array_equal(state.target, fall[-1])


def test_a_closed_state_refuses_requests_and_drops_its_observers():
    state = ArmState(LYNX6)
    events = []
    state.subscribe("closed", lambda s: events.append("closed"))
    pose = state.subscribe("pose", lambda s: events.append("pose"))
    state.close()
    assert events == ["closed"] and not pose.active
    for request in (lambda: state.animate_to(LYNX6.home), lambda: state.set_path(None),
                    lambda: state.play([0.0], LYNX6.home[None])):
        with pytest.raises(RobosimError, match="simulator screen was closed"):
            request()


def test_a_broken_observer_is_reported_and_the_others_still_hear():
    reported = []
    state = ArmState(LYNX6, report=reported.append)
    heard = []
    state.subscribe("pose", lambda s: 1 / 0)
    state.subscribe("pose", lambda s: heard.append(s.q))
    state.show_pose(LYNX6.home)
    assert len(heard) == 1 and isinstance(reported[0], ZeroDivisionError)
    with pytest.raises(ZeroDivisionError):            # without report: it propagates
        unreported = ArmState(LYNX6)
        unreported.subscribe("pose", lambda s: 1 / 0)
        unreported.show_pose(LYNX6.home)


@pytest.mark.parametrize("label", ["Jog / IK", "Real arm...", "Trajectories...",
                                   "Workspace...", "Joint workspace..."])
def test_a_closed_tool_window_unsubscribes_from_the_arm(label):
    arm = FakeArm(LYNX6)
    before = {topic: len(observers) for topic, observers in arm._subscriptions.items()}  # noqa: SLF001 - no observer leaks
    fig = open_tool(label, arm).fig
    fig.canvas.callbacks.process("close_event", CloseEvent("close_event", fig.canvas))
    after = {topic: len(observers) for topic, observers in arm._subscriptions.items()}  # noqa: SLF001 - no observer leaks
    assert after == before
    arm.animate_to(LYNX6.home + 0.1)                  # nobody left to trip over a dead window
    np.testing.assert_allclose(arm.q, LYNX6.home + 0.1)


def test_jump_to_shows_the_pose_at_once_without_asking_for_an_animation():
    state = ArmState(LYNX6)
    heard = []
    for topic in ("pose", "target"):
        state.subscribe(topic, lambda s, topic=topic: heard.append(topic))
    q = LYNX6.home + 0.2
    state.jump_to(q)
    assert heard == ["pose"]
    np.testing.assert_array_equal(state.q, q)
    np.testing.assert_array_equal(state.target, q)
    with pytest.raises(ValidationError, match="outside"):
        state.jump_to(LYNX6.home + 10.0)
    np.testing.assert_array_equal(state.q, q)


def test_a_calibration_narrows_the_limits_requests_are_checked_against():
    from robosim.hardware import stock_lynx6

    state = ArmState(LYNX6)
    heard = []
    state.subscribe("limits", lambda s: heard.append(s.limits_note))
    q = np.radians([0, 85, 0, 0, 0])          # inside +-90, beyond the stock +-81.0008 deg
    state.animate_to(q)
    state.set_calibration(stock_lynx6(), "stock.calibration.json")
    assert heard == ["Joint limits narrowed to the calibrated range (stock.calibration.json): "
                     "q1-q5 [-81, 81] deg"]
    assert state.robot is LYNX6 and state.planning_robot is not LYNX6
    with pytest.raises(ValidationError, match=r"joint 2 \(shoulder\) = 85 deg .* \(the "
                                              r"calibrated range of stock.calibration.json\)"):
        state.animate_to(q)
    t = np.linspace(0.0, 2.0, 5)
    with pytest.raises(ValidationError, match=r"^the trajectory at t = 1 s: joint 2 .*; "
                                              r"not played$"):   # 85 * 0.97 = 82.45 deg
        state.play(t, np.outer([0.0, 0.5, 0.97, 1.0, 0.5], q))
    state.set_calibration(None)
    assert heard[-1] == "" and state.planning_robot is LYNX6
    state.animate_to(q)


def test_limits_note_names_only_the_joints_narrowed():
    from robosim.hardware import stock_lynx6

    wide = stock_lynx6().with_joint(4, us_per_deg=8)      # 900 / 8 = 112.5 deg: the model's 90
    state = ArmState(LYNX6)
    state.set_calibration(wide, "wide")
    assert state.limits_note.endswith("): q1-q4 [-81, 81] deg")
    np.testing.assert_allclose(np.degrees(state.limits[4]), [-90, 90])


def test_limits_note_gives_a_prismatic_joints_limits_in_the_robots_length_unit():
    # No calibration narrows a prismatic joint today (robosim.hardware.calibrated_limits
    # refuses them), so the narrowed limits are given here as a calibration would set them.
    scara = load_robot("SCARA")                      # joint 3 prismatic, cm
    assert scara.joint_types[2] == "P" and scara.unit == "cm"
    limits = scara.limits.copy()
    limits[0] = np.radians([-80, 80])
    limits[1] = np.radians([-80, 80])
    limits[2] = [10.0, 120.0]
    state = ArmState(scara)
    state.calibration, state.calibration_source = object(), "scara.calibration.json"
    state.planning_robot = scara.with_limits(limits)
    assert state.limits_note.endswith(": q1-q2 [-80, 80] deg, q3 [10, 120] cm")

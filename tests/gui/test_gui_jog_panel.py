"""The "Jog / IK" window, on Agg, with a fake arm handle, driven through its real widgets."""

import math
import re

import matplotlib.pyplot as plt
import numpy as np
import pytest

from fake_arm import FakeArm
from gripper_angle import gripper_angle
from gui_events import click, type_in_cell
from layout_check import layout_problems
from robosim import load_robot
from robosim.gui.app import Application
from robosim.gui.tools.jog_ik import NO_SOLUTIONS_YET, SOLVE, SOLVE_AGAIN, STEP, TURN, VIA
from robosim.gui.tools import open_tool
from robosim.kinematics import rotation_angle, rotx, rpy2r, r2rpy, xyzrpy2tr

PUMA = load_robot("Puma 560")
LYNX6 = load_robot("Lynx6")
#: A Puma configuration away from its singularities and limits.
Q_PUMA = np.array([0.3, -0.5, 0.8, 0.4, 0.7, -0.2])


def open_panel(robot, q=None):
    arm = FakeArm(robot, q)
    return arm, open_tool("Jog / IK", arm)


def press(panel, name):
    click(panel.fig, 0.5, 0.5, ax=panel.buttons[name].ax, coords="axes")


def set_target(panel, values):
    """Put the target in the cells (typing each one is tested elsewhere and costs seconds)."""
    for col, value in enumerate(values):
        panel.target_cells.set_text(0, col, f"{value:.12g}")


def last_status(arm):
    return arm.statuses[-1]


def distance_from_segment(points, a, b):
    ab = b - a
    t = np.clip((points - a) @ ab / (ab @ ab), 0.0, 1.0)
    return np.linalg.norm(points - (a + t[:, None] * ab), axis=-1)


def test_jog_plus_x_moves_the_tool_along_the_base_x_axis():
    arm, panel = open_panel(LYNX6)
    start = LYNX6.fk(arm.q)[:3, 3]
    type_in_cell(panel.jog_cells, 0, STEP, "12.5", "enter")
    press(panel, "+X")
    assert not last_status(arm)[1]
    np.testing.assert_allclose(LYNX6.fk(arm.q)[:3, 3], start + [12.5, 0, 0], atol=1e-6)
    # The played via-points and the drawn path stay on the segment.
    t, q = arm.last_trajectory
    assert np.all(np.diff(t) > 0) and len(q) >= 2
    end = start + [12.5, 0, 0]
    assert distance_from_segment(LYNX6.fk(q)[:, :3, 3], start, end).max() < 1e-6
    assert distance_from_segment(arm.path, start, end).max() < 1e-6
    assert arm.path_bad is None
    # The Lynx6 keeps its gripper level (its angle to the ground at home, frame 3 to the tool
    # point) and its wrist-rotate joint all along.
    wrist, tool = LYNX6.fk_all(q)[:, 3, :3, 3], LYNX6.fk(q)[:, :3, 3]
    np.testing.assert_allclose(tool[:, 2] - wrist[:, 2], 0.0, atol=1e-9)
    np.testing.assert_array_equal(q[:, 4], LYNX6.home[4])
    press(panel, "-X")
    np.testing.assert_allclose(LYNX6.fk(arm.q)[:3, 3], start, atol=1e-6)


def test_jog_in_the_tool_frame_moves_along_and_turns_about_the_tool_axes():
    arm, panel = open_panel(PUMA, Q_PUMA)
    press(panel, "Frame")
    assert panel.frame == "tool"
    type_in_cell(panel.jog_cells, 0, STEP, "0.02", "enter")
    type_in_cell(panel.jog_cells, 0, TURN, "7", "enter")
    before = PUMA.fk(arm.q)
    press(panel, "+Z")
    after = PUMA.fk(arm.q)
    np.testing.assert_allclose(after[:3, 3], before[:3, 3] + 0.02 * before[:3, 2], atol=1e-9)
    assert rotation_angle(after[:3, :3], before[:3, :3]) < 1e-9
    press(panel, "-roll")
    turned = PUMA.fk(arm.q)
    np.testing.assert_allclose(turned[:3, :3], after[:3, :3] @ rotx(math.radians(-7)),
                               atol=1e-9)
    np.testing.assert_allclose(turned[:3, 3], after[:3, 3], atol=1e-9)


def test_base_frame_yaw_turns_about_the_world_z_axis_through_the_tool_point():
    arm, panel = open_panel(PUMA, Q_PUMA)
    before = PUMA.fk(arm.q)
    press(panel, "+yaw")
    after = PUMA.fk(arm.q)
    turn = math.radians(float(panel.jog_cells.text(0, TURN)))
    expected = np.array([[math.cos(turn), -math.sin(turn), 0],
                         [math.sin(turn), math.cos(turn), 0], [0, 0, 1]]) @ before[:3, :3]
    np.testing.assert_allclose(after[:3, :3], expected, atol=1e-9)
    np.testing.assert_allclose(after[:3, 3], before[:3, 3], atol=1e-9)


def test_a_bad_step_turns_the_cell_red_and_the_arm_does_not_move():
    arm, panel = open_panel(LYNX6)
    q = arm.q
    type_in_cell(panel.jog_cells, 0, STEP, "-3", "enter")
    assert (0, STEP) in panel.jog_cells.errors
    press(panel, "+Y")
    message, error = last_status(arm)
    assert error and "step" in message and "greater than 0" in message
    np.testing.assert_array_equal(arm.q, q)


def test_solve_lists_distinct_solutions_and_next_animates_between_them():
    arm, panel = open_panel(PUMA, PUMA.home)
    target = PUMA.fk(Q_PUMA)
    xyz, rpy = target[:3, 3], np.degrees(r2rpy(target[:3, :3]))
    set_target(panel, np.concatenate([xyz, rpy]))
    press(panel, "Solve IK")
    assert not last_status(arm)[1], last_status(arm)
    solutions = panel.solutions
    assert len(solutions) >= 2
    typed = xyzrpy2tr(xyz, np.radians(rpy))
    for q in solutions:                                   # each one reaches the target
        assert PUMA.within_limits(q)
        reached = PUMA.fk(q)
        assert np.linalg.norm(reached[:3, 3] - typed[:3, 3]) < 1e-9
        assert rotation_angle(reached[:3, :3], typed[:3, :3]) < 1e-9
    gaps = np.abs(solutions[:, None] - solutions[None]).max(axis=-1)
    assert gaps[~np.eye(len(solutions), dtype=bool)].min() > math.radians(0.5) - 1e-12
    np.testing.assert_array_equal(arm.q, solutions[0])    # the nearest one first
    first = arm.q
    press(panel, "Next >")
    np.testing.assert_array_equal(arm.q, solutions[1])
    assert f"solution 2 of {len(solutions)}" in last_status(arm)[0]
    assert ">" in panel.solution_text.get_text().splitlines()[1][:1]
    for line in panel.solution_text.get_text().splitlines()[:2]:   # each named by its branch
        assert ("(right, " in line or "(left, " in line) and "flip)" in line
    # The drawn path is the tool's curve while the joints move from one solution to the next.
    np.testing.assert_allclose(arm.path[0], PUMA.fk(first)[:3, 3], atol=1e-12)
    np.testing.assert_allclose(arm.path[-1], PUMA.fk(solutions[1])[:3, 3], atol=1e-12)
    press(panel, "< Previous")
    press(panel, "< Previous")
    np.testing.assert_array_equal(arm.q, solutions[-1])   # wraps round the list


def test_a_solution_at_a_wrist_singularity_says_which_joint_is_free():
    # q5 = 0 aligns the Puma's axes 4 and 6: only q4 + q6 is fixed; joint 4 keeps its value.
    arm, panel = open_panel(PUMA, PUMA.home)
    target = PUMA.fk(np.radians([20.0, -30.0, 40.0, 25.0, 0.0, -15.0]))
    set_target(panel, np.concatenate([target[:3, 3], np.degrees(r2rpy(target[:3, :3]))]))
    press(panel, "Solve IK")
    message, error = last_status(arm)
    assert not error and "solution 1 of" in message
    assert message.endswith("; converged (singular: joint 4 free)")


def test_an_unreachable_target_is_reported_and_keeps_the_arm_where_it_is():
    arm, panel = open_panel(LYNX6)
    q = arm.q
    panel.target_cells.set_text(0, SOLVE, "position")     # the numeric solver
    set_target(panel, [2000.0, 0.0, 100.0, 0.0, 0.0, 0.0])
    press(panel, "Solve IK")
    message, error = last_status(arm)
    # Why, in the solver's words (IKResult.reason): the shoulder stops at its limit.
    assert error and "target not reached: joint limit" in message and "mm" in message
    np.testing.assert_array_equal(arm.q, q)
    assert len(panel.solutions) == 0
    press(panel, "Next >")
    assert last_status(arm)[1] and "Solve IK" in last_status(arm)[0]


def test_straight_line_reaches_the_typed_pose_through_via_points_on_the_line():
    arm, panel = open_panel(PUMA, Q_PUMA)
    start = PUMA.fk(Q_PUMA)
    xyz = start[:3, 3] + [0.05, -0.04, 0.03]
    rpy = np.degrees(r2rpy(start[:3, :3])) + [10.0, 0.0, -5.0]
    set_target(panel, np.concatenate([xyz, rpy]))
    type_in_cell(panel.target_cells, 0, VIA, "7", "enter")
    press(panel, "Straight line")
    message, error = last_status(arm)
    assert not error and "done" in message
    t, q = arm.last_trajectory
    assert len(q) == 7
    reached = PUMA.fk(q)
    assert distance_from_segment(reached[:, :3, 3], start[:3, 3], xyz).max() < 1e-6
    np.testing.assert_allclose(reached[-1, :3, 3], xyz, atol=1e-6)
    goal = rpy2r(np.radians(rpy))
    assert math.degrees(rotation_angle(reached[-1, :3, :3], goal)) < 1e-6
    np.testing.assert_array_equal(arm.q, q[-1])


def test_relative_target_moves_by_the_typed_change():
    arm, panel = open_panel(LYNX6)
    start = LYNX6.fk(arm.q)[:3, 3]
    press(panel, "Target")
    assert panel.relative
    assert [panel.target_cells.text(0, col) for col in range(6)] == ["0"] * 6
    type_in_cell(panel.target_cells, 0, 2, "-15", "enter")
    type_in_cell(panel.target_cells, 0, 0, "10", "enter")
    press(panel, "Straight line")
    assert not last_status(arm)[1], last_status(arm)
    np.testing.assert_allclose(LYNX6.fk(arm.q)[:3, 3], start + [10, 0, -15], atol=1e-6)
    # the wrist angle mode: the gripper's angle is held unless its change is typed
    angle = math.degrees(gripper_angle(LYNX6, LYNX6.home))
    assert math.degrees(gripper_angle(LYNX6, arm.q)) == pytest.approx(angle, abs=1e-9)
    set_target(panel, [0.0, 0.0, 0.0, 0.0, 10.0, 0.0])
    press(panel, "Solve IK")
    assert not last_status(arm)[1], last_status(arm)
    np.testing.assert_allclose(LYNX6.fk(arm.q)[:3, 3], start + [10, 0, -15], atol=1e-9)
    assert math.degrees(gripper_angle(LYNX6, arm.q)) == pytest.approx(angle + 10, abs=1e-9)


def test_a_line_out_of_reach_stops_shows_the_rest_in_red_and_says_why():
    arm, panel = open_panel(LYNX6)
    press(panel, "Current pose")
    assert panel.target_cells.text(0, SOLVE) == "wrist angle"   # a line holds the position
    start = LYNX6.fk(LYNX6.home)[:3, 3]
    type_in_cell(panel.target_cells, 0, 0, "1000", "enter")
    press(panel, "Straight line")
    message, error = last_status(arm)
    assert error and "of the way" in message
    # The message agrees with what moved: the arm went as far as the line goes, no less.
    moved, length = map(float, re.search(r"moved (\S+) of (\S+) mm", message).groups())
    percent = float(re.search(r"([\d.]+)% of the way", message).group(1))
    assert length == pytest.approx(1000.0 - start[0], rel=1e-3)
    assert np.linalg.norm(LYNX6.fk(arm.q)[:3, 3] - start) == pytest.approx(moved, rel=1e-2)
    assert moved > 0 and abs(100 * moved / length - percent) < 2.0
    assert arm.path_bad is not None and arm.path_bad.any() and not arm.path_bad[0]
    np.testing.assert_allclose(arm.path[-1], [1000.0, *LYNX6.fk(LYNX6.home)[1:3, 3]],
                               atol=1e-9)                 # the unreached end, drawn red
    assert LYNX6.within_limits(arm.q)


def test_the_pose_line_follows_the_arm():
    arm, panel = open_panel(PUMA)
    arm.animate_to(Q_PUMA)
    x, y, z = PUMA.fk(Q_PUMA)[:3, 3]
    assert f"x {x:.4g}" in panel.pose_text.get_text()
    assert f"z {z:.4g}" in panel.pose_text.get_text()
    assert "gripper" not in panel.pose_text.get_text()


def test_the_lynx6_pose_line_shows_the_gripper_angle_and_no_negative_zero():
    arm, panel = open_panel(LYNX6)                      # home: level gripper, pitch 0
    text = panel.pose_text.get_text()
    assert "-0 " not in text and "pitch 0 " in text
    assert "wrist + up 0 deg" in text
    arm.animate_to(np.radians([20.0, 10.0, -30.0, -20.0, 5.0]))   # 40 deg below horizontal
    assert "wrist + up -40 deg" in panel.pose_text.get_text()


def test_the_lynx6_pose_line_fits_the_window_with_every_number_long_and_negative():
    # Seen in a real window (both screens): "...; wrist 24.77 deg (to the grou" was cut at
    # the window's right edge; the layout tests only drew the home pose's short numbers.
    arm, panel = open_panel(LYNX6, np.radians([80.2, -68.5, -81.1, 46.1, -13.1]))
    text = panel.pose_text.get_text()
    assert len(re.findall(r" -\d", text)) == 6 and len(text) >= 105    # a long line indeed
    assert layout_problems(panel.fig) == []


@pytest.mark.parametrize("text", ["abc", "1.5", "1"])
def test_bad_via_points_are_refused_with_a_message(text):
    arm, panel = open_panel(LYNX6)
    type_in_cell(panel.target_cells, 0, VIA, text, "enter")
    assert (0, VIA) in panel.target_cells.errors
    q = arm.q
    press(panel, "Straight line")
    message, error = last_status(arm)
    assert error and "via-points" in message
    np.testing.assert_array_equal(arm.q, q)


def test_a_bug_in_an_action_becomes_a_status_line_not_a_traceback(monkeypatch):
    arm, panel = open_panel(LYNX6)
    q = arm.q

    def broken(*args, **kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("robosim.motion.jog", broken)
    press(panel, "+Z")
    message, error = last_status(arm)
    assert error and message == "internal error: ZeroDivisionError: division by zero"
    np.testing.assert_array_equal(arm.q, q)


def test_lynx6_wrist_angle_mode_solves_position_and_gripper_angle_in_closed_form():
    q_true = np.radians([20.0, 10.0, -30.0, -20.0, 5.0])   # gripper 40 deg below horizontal
    arm, panel = open_panel(LYNX6, q_true)
    assert panel.target_cells.text(0, SOLVE) == "wrist angle"
    press(panel, "Current pose")
    assert float(panel.target_cells.text(0, 4)) == pytest.approx(-40.0, abs=1e-6)
    arm.animate_to(LYNX6.home)
    press(panel, "Solve IK")
    assert not last_status(arm)[1], last_status(arm)
    assert len(panel.solutions) >= 1
    target = LYNX6.fk(q_true)[:3, 3]
    for q in panel.solutions:
        assert LYNX6.within_limits(q)
        np.testing.assert_allclose(LYNX6.fk(q)[:3, 3], target, atol=1e-9)
        assert math.degrees(gripper_angle(LYNX6, q)) == pytest.approx(-40.0, abs=1e-9)
        assert q[4] == LYNX6.home[4]                        # the wrist rotation is kept
    np.testing.assert_array_equal(arm.q, panel.solutions[0])


def test_lynx6_wrist_angle_mode_straight_line_turns_the_gripper_to_the_typed_angle():
    q = np.radians([20.0, 10.0, -30.0, -20.0, 5.0])         # gripper 40 deg below horizontal
    arm, panel = open_panel(LYNX6, q)
    start = LYNX6.fk(q)[:3, 3]
    end = start + np.array([-20.0, 10.0, 15.0])
    set_target(panel, list(end) + [0.0, -25.0, 0.0])        # the pitch cell: gripper angle
    panel.target_cells.set_text(0, VIA, "6")
    press(panel, "Straight line")
    assert not last_status(arm)[1], last_status(arm)
    t, played = arm.last_trajectory
    fractions = np.linspace(0, 1, 6)
    np.testing.assert_allclose(LYNX6.fk(played)[:, :3, 3],
                               start + fractions[:, None] * (end - start), atol=1e-9)
    np.testing.assert_allclose(np.degrees(gripper_angle(LYNX6, played)),
                               -40.0 + fractions * 15.0, atol=1e-9)
    np.testing.assert_array_equal(played[:, 4], q[4])


def test_lynx6_wrist_angle_mode_reports_why_a_target_is_unreachable():
    arm, panel = open_panel(LYNX6)
    set_target(panel, [600.0, 0.0, 100.0, 0.0, 0.0, 0.0])
    press(panel, "Solve IK")
    message, error = last_status(arm)
    assert error and "out of reach" in message
    # said plainly for a student: no "closed form" jargon in the status line
    assert message.startswith("target not reached (solved exactly, by formula): ")


def test_lynx6_rotation_jogs_do_what_the_five_joints_can_and_say_what_they_cannot():
    q = np.radians([10, 20, -30, -20, 0])
    arm, panel = open_panel(LYNX6, q)
    panel.jog_cells.set_text(0, TURN, "4")
    press(panel, "+roll")                                # the wrist-rotate joint alone
    assert not last_status(arm)[1]
    np.testing.assert_allclose(arm.q, q + np.radians([0, 0, 0, 0, 4]), atol=1e-7)
    start = LYNX6.fk(arm.q)[:3, 3]
    press(panel, "+pitch")                               # gripper angle, the point held
    assert not last_status(arm)[1]
    np.testing.assert_allclose(LYNX6.fk(arm.q)[:3, 3], start, atol=1e-6)
    assert math.degrees(gripper_angle(LYNX6, arm.q)) == pytest.approx(
        math.degrees(gripper_angle(LYNX6, q)) + 4, abs=1e-6)
    before = arm.q.copy()
    press(panel, "+yaw")                                 # needs a sixth joint: refused
    message, error = last_status(arm)
    assert error and "5 joints" in message and "cannot turn" in message
    np.testing.assert_array_equal(arm.q, before)


def test_a_refused_target_cell_says_why_at_once():
    arm, panel = open_panel(PUMA, Q_PUMA)
    press(panel, "Solve IK")
    assert not last_status(arm)[1]
    type_in_cell(panel.target_cells, 0, 1, "abc", "enter")
    assert last_status(arm) == ("y must be a number, got 'abc'", True)
    type_in_cell(panel.jog_cells, 0, STEP, "-3", "enter")
    assert last_status(arm) == ("step must be greater than 0, got '-3'", True)


def test_a_line_after_a_failed_solve_forgets_the_no_solution():
    arm, panel = open_panel(PUMA, Q_PUMA)
    set_target(panel, [5.0, 0, 0, 0, 0, 0])                  # 5 m away: no solution
    press(panel, "Solve IK")
    assert panel.choice_text.get_text() == "no solution"
    press(panel, "Current pose")
    panel.target_cells.set_text(0, 2, f"{PUMA.fk(Q_PUMA)[2, 3] + 0.02:.12g}")
    press(panel, "Straight line")
    assert not last_status(arm)[1] and "done" in last_status(arm)[0]
    assert panel.choice_text.get_text() == SOLVE_AGAIN


def test_after_a_line_the_solution_line_asks_to_solve_again_not_for_a_first_solve():
    """Issue 37: after Straight line the window said "no solutions yet: press Solve IK"
    though Solve IK had been pressed."""
    arm, panel = open_panel(PUMA, Q_PUMA)
    press(panel, "+X")                                      # no Solve IK yet
    assert panel.choice_text.get_text() == NO_SOLUTIONS_YET
    press(panel, "Current pose")
    press(panel, "Solve IK")
    assert panel.choice_text.get_text().startswith("solution 1 of")
    panel.target_cells.set_text(0, 2, f"{PUMA.fk(arm.q)[2, 3] + 0.02:.12g}")
    press(panel, "Straight line")
    assert "done" in last_status(arm)[0]
    assert panel.choice_text.get_text() == SOLVE_AGAIN
    press(panel, "Next >")
    assert last_status(arm) == (SOLVE_AGAIN, True)


def test_a_closed_jog_window_takes_its_path_with_it():
    """Issue 37: the Jog straight-line path stayed drawn after Jog / IK was closed."""
    arm, panel = open_panel(LYNX6)
    press(panel, "+X")
    assert arm.path is not None
    plt.close(panel.fig)
    panel.close()                  # what the close_event of a real window calls
    assert arm.path is None


def test_a_roll_of_minus_180_is_shown_as_180_like_the_simulator():
    panda = load_robot("Panda")
    q = panda.home.copy()
    q[1] += 0.01                     # r2rpy gives a roll of -180 deg here, 180 at home
    assert math.degrees(r2rpy(panda.fk(q)[:3, :3])[0]) == pytest.approx(-180.0)
    arm, panel = open_panel(panda, q)
    assert "roll 180  " in panel.pose_text.get_text()
    assert panel.target_cells.text(0, 3) == "180"


def test_a_jog_down_into_the_table_stops_before_it_and_says_why():
    # Fingertips 31.4 mm above the Lynx6's table (tests/test_collision.py); 50 mm down.
    arm, panel = open_panel(LYNX6, np.radians([0, -30, 0, 0, 0]))
    type_in_cell(panel.jog_cells, 0, STEP, "50", "enter")
    press(panel, "-Z")
    message, error = last_status(arm)
    assert error and "the arm would collide (link 4 (wrist) hits table" in message
    assert not arm.collisions.check(arm.q).collides
    assert 0 < 31.4 - LYNX6.fk(arm.q)[2, 3] < 31.4                 # it went part of the way


def test_jogs_pressed_while_the_arm_moves_add_up():
    """Three -X presses 0.09 s apart, each before the last one's motion ended, move the tool
    three steps (issue 37: presses 0.3 s apart were lost, -X three times moved one step)."""
    class Clock:
        now = 0.0

        def __call__(self):
            return self.now

    clock = Clock()
    app = Application(robot=LYNX6, figure=plt.figure(figsize=(10, 6.5), dpi=50), clock=clock)
    app.screen.open_tool("Jog / IK")
    panel = app.tool_windows[-1]
    start = LYNX6.fk(app.state.q)[:3, 3]
    step = float(panel.jog_cells.text(0, STEP))
    for _ in range(3):
        press(panel, "-X")
        for _ in range(3):
            clock.now += 0.03
            app.tick()
        assert app.screen.animation.running
    while app.screen.animation.running:
        clock.now += 0.03
        app.tick()
    np.testing.assert_allclose(LYNX6.fk(app.state.q)[:3, 3], start - [3 * step, 0, 0],
                               atol=1e-6)
    app.close()

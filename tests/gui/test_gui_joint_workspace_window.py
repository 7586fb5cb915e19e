"""The "Joint workspace..." window on arms without the Lynx6 closed form (Agg, fake arm)."""

import math

import numpy as np
import pytest

from fake_arm import FakeArm
from figure_check import DPI, IMAGE_COMPARE, strip_text
from gui_events import click_axes, click_cell
from robosim import Joint, Robot, load_robot
from robosim.gui.tools.joint_workspace import MAX_PLOTTED_JOINTS
from robosim.gui.tools import open_tool

PUMA_POSE = np.radians([10.0, -30.0, 20.0, 0.0, 40.0, 0.0])


def joint_window(arm):
    return open_tool("Joint workspace...", arm)


def set_rows(window, rows):
    for row, values in enumerate(rows):
        for col, text in enumerate(values):
            window.positions.set_text(row, col, text)


def narrow_two_link():
    """Unit links; shoulder within +-30 deg, elbow bent one way only (0..180 deg)."""
    return Robot([Joint(a=1.0, limits=(-math.radians(30), math.radians(30)), name="shoulder"),
                  Joint(a=1.0, limits=(0.0, math.pi), name="elbow")], name="2R", unit="m")


def puma_sweep_window():
    robot = load_robot("puma_560")
    arm = FakeArm(robot, PUMA_POSE)
    window = joint_window(arm)
    p = robot.fk(PUMA_POSE)[:3, 3]
    window.settings.set_text(0, 0, "sweep z")
    set_rows(window, ((f"{p[0]}", f"{p[0]}", "1"), (f"{p[1]}", f"{p[1]}", "1"),
                      (f"{p[2] - 0.6}", f"{p[2] + 0.6}", "25")))
    click_axes(window.buttons["Compute"].ax)
    return window, arm


def test_puma_sweep_holds_the_current_orientation_and_plots_six_joints():
    window, arm = puma_sweep_window()
    robot, result = arm.robot, window.result
    assert result.numeric and len(window.joint_axes) == 6
    assert window.settings.text(0, 1) == "held"
    held = robot.fk(PUMA_POSE)[:3, :3]
    ok = result.reachable
    assert ok.sum() >= 15 and result.out_of_reach.any()       # +-0.6 m leaves the reach
    reached = robot.fk(result.q[ok])
    np.testing.assert_allclose(reached[:, :3, 3], result.positions[ok], atol=1e-8)
    np.testing.assert_allclose(reached[:, :3, :3], np.broadcast_to(held, (ok.sum(), 3, 3)),
                               atol=1e-8)
    for j, ax in enumerate(window.joint_axes):
        drawn = ax.lines[0].get_ydata()
        np.testing.assert_allclose(drawn[ok], np.degrees(result.q[ok, j]))
        assert np.isnan(drawn[result.out_of_reach]).all()
    message, error = arm.statuses[-1]
    assert not error and "orientation held at the current pose's" in message
    assert np.array_equal(arm.path_bad, ~result.reachable)


def test_position_only_is_a_choice_for_six_joints():
    robot = load_robot("puma_560")
    arm = FakeArm(robot, PUMA_POSE)
    window = joint_window(arm)
    click_cell(window.settings, 0, 1)                 # a choice cell steps to its next value
    assert window.settings.text(0, 1) == "position only"
    click_axes(window.buttons["Compute"].ax)
    result = window.result
    assert result.orientation is None and "position only" in arm.statuses[-1][0]
    ok = result.reachable
    np.testing.assert_allclose(robot.fk(result.q[ok])[:, :3, 3], result.positions[ok],
                               atol=1e-8)
    # Where the IK had to change branch, every joint plot has a dotted line (and only there).
    switched = result.swept[result.branch_switch]
    for ax in window.joint_axes[:window.plotted]:
        dotted = [line.get_xdata()[0] for line in ax.get_lines() if line.get_linestyle() == ":"]
        np.testing.assert_allclose(sorted(dotted), sorted(switched))
    if switched.size:
        assert "changes branch" in arm.statuses[-1][0]


def test_narrow_limits_are_marked_red_on_the_joint_that_leaves_them():
    arm = FakeArm(narrow_two_link(), [0.2, 1.0])
    window = joint_window(arm)
    assert window.settings.text(0, 1) == "position only"     # two joints: position only
    window.settings.set_text(0, 0, "sweep y")
    set_rows(window, (("1.2", "1.2", "1"), ("1.2", "0", "25"), ("0", "0", "1")))
    click_axes(window.buttons["Compute"].ax)
    y = np.linspace(1.2, 0.0, 25)
    q1 = np.arctan2(y, 1.2) - np.arccos(np.hypot(y, 1.2) / 2)     # law of cosines
    beyond = q1 < -math.radians(30)
    shoulder, elbow = window.joint_axes
    np.testing.assert_allclose(np.sort(shoulder.lines[1].get_xdata()), np.sort(y[beyond]))
    np.testing.assert_allclose(shoulder.lines[1].get_ydata(), np.degrees(q1[beyond]),
                               atol=1e-4)
    assert "outside limits" in shoulder.get_title() and "outside" not in elbow.get_title()
    assert len(elbow.lines[1].get_xdata()) == 0
    assert f"q1 {beyond.sum()}" in arm.statuses[-1][0]


def test_a_box_over_the_cap_says_the_limit_and_keeps_the_last_result():
    arm = FakeArm(load_robot("puma_560"))
    window = joint_window(arm)
    window.settings.set_text(0, 0, "3D box")
    set_rows(window, (("-1", "1", "30"), ("-1", "1", "30"), ("-1", "1", "30")))
    click_axes(window.buttons["Compute"].ax)
    message, error = arm.statuses[-1]
    assert error and "27,000 positions" in message and "at most 20,000" in message
    assert window.result is None


def test_a_box_of_a_prismatic_arm_is_coloured_by_the_joint_that_leaves_its_limits():
    # SCARA: the quill (q3, 0..150 cm, pointing down) cannot lift the tool above its top
    robot = load_robot("scara")
    arm = FakeArm(robot)
    window = joint_window(arm)
    window.settings.set_text(0, 0, "3D box")
    set_rows(window, (("-40", "40", "5"), ("-40", "40", "5"), ("-120", "30", "6")))
    click_axes(window.buttons["Compute"].ax)
    result = window.result
    assert result.outside[:, 2].any() and not result.outside[:, [0, 1, 3]].any()
    drawn = sum(len(c.get_offsets()) for c in window.box_ax.collections)
    assert drawn == np.count_nonzero(~result.out_of_reach)
    labels = [t.get_text() for t in window.box_ax.get_legend().get_texts()]
    assert "q3 outside limits" in labels


def test_joint_graphs_fit_the_arm_and_prismatic_ones_are_in_its_unit():
    panda = joint_window(FakeArm(load_robot("panda")))
    assert len(panda.joint_axes) == 7 <= MAX_PLOTTED_JOINTS
    boxes = [ax.get_position() for ax in panda.joint_axes]
    for i, a in enumerate(boxes):                       # no two graphs overlap
        for b in boxes[i + 1:]:
            assert a.x1 <= b.x0 or b.x1 <= a.x0 or a.y1 <= b.y0 or b.y1 <= a.y0
    scara = joint_window(FakeArm(load_robot("scara")))
    scara.settings.set_text(0, 0, "sweep z")
    set_rows(scara, (("0", "0", "1"), ("70", "70", "1"), ("-120", "0", "13")))
    click_axes(scara.buttons["Compute"].ax)
    assert scara.joint_axes[2].get_ylabel() == "cm"
    assert scara.joint_axes[0].get_ylabel() == "deg"


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_puma_sweep_window_figure():
    window, _ = puma_sweep_window()
    window.fig.set_dpi(DPI)
    return strip_text(window.fig)


class CancellingArm(FakeArm):
    """Presses the window's Cancel when the run reports its first progress past 0 %."""

    window = None

    def set_status(self, message, error=False, owner=None):
        super().set_status(message, error, owner)
        if "%" in message and not message.split(": ")[-1].startswith("0 %"):
            click_axes(self.window.buttons["Cancel"].ax)


def test_a_long_run_shows_progress_and_cancel_keeps_the_last_result():
    arm = CancellingArm(load_robot("scara"))
    window = joint_window(arm)
    arm.window = window
    window.settings.set_text(0, 0, "3D box")
    set_rows(window, (("-60", "60", "2"), ("-60", "60", "2"), ("-100", "0", "2")))
    click_axes(window.buttons["Compute"].ax)           # 8 positions: no progress, no cancel
    first = window.result
    assert first is not None and len(first.positions) == 8
    set_rows(window, (("-60", "60", "15"), ("-60", "60", "15"), ("-100", "0", "10")))
    click_axes(window.buttons["Compute"].ax)           # 2,250 positions: 3 chunks
    messages = [m for m, _ in arm.statuses]
    assert any("solving 2,250 positions numerically" in m and "0 %" in m for m in messages)
    message, error = arm.statuses[-1]
    assert error and "cancelled after 1,000 of 2,250" in message
    assert window.result is first


def test_an_arm_with_more_joints_than_fit_plots_the_first_ones_and_says_so():
    snake = Robot([Joint(a=0.1, name=f"link {k + 1}") for k in range(10)], name="10R",
                  unit="m")
    arm = FakeArm(snake)
    window = joint_window(arm)
    assert len(window.joint_axes) == MAX_PLOTTED_JOINTS == 9
    window.settings.set_text(0, 0, "sweep x")
    set_rows(window, (("0.2", "0.8", "7"), ("0.1", "0.1", "1"), ("0", "0", "1")))
    click_axes(window.buttons["Compute"].ax)
    message, error = arm.statuses[-1]
    assert not error and "plots q1..q9 of 10" in message
    assert window.result.reachable.all()                 # well inside the 1 m reach
    np.testing.assert_allclose(snake.fk(window.result.q)[:, :3, 3], window.result.positions,
                               atol=1e-8)

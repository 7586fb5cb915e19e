"""The "Matrix..." window (issue 15, item 2): A_i beside 0T_i, frame i bold in the 3D view.

The expected matrices are derived independently of robosim.dh_steps: A_i from the textbook
formula of a standard DH row written out entry by entry (Spong, Hutchinson and Vidyasagar,
"Robot Modeling and Control", eq. 3.10), 0T_i from the kinematics kernel
(``Robot.fk_all``), which computes its frames without multiplying elementary matrices.
"""

import math

import matplotlib.pyplot as plt
import numpy as np
import pytest

from fake_arm import FakeArm
from figure_check import DPI, FIGSIZE, IMAGE_COMPARE, strip_text
from gui_events import click_axes, type_in_cell
from robosim import load_robot
from robosim.gui.app import Application
from robosim.gui.tools import open_tool


def standard_dh(theta, d, a, alpha):
    """A_i = Rz(theta) Tz(d) Tx(a) Rx(alpha), multiplied out (Spong eq. 3.10)."""
    ct, st, ca, sa = math.cos(theta), math.sin(theta), math.cos(alpha), math.sin(alpha)
    return np.array([[ct, -st * ca, st * sa, a * ct],
                     [st, ct * ca, -ct * sa, a * st],
                     [0.0, sa, ca, d],
                     [0.0, 0.0, 0.0, 1.0]])


def shown(panel):
    """The two matrices as the window's cells show them, read back from their text."""
    return [np.array([float(t.get_text()) for t in numbers]).reshape(4, 4)
            for numbers in panel.numbers]


def make_app():
    return Application(robot=load_robot("Puma 560"), clock=lambda: 0.0,
                       figure=plt.figure(figsize=FIGSIZE, dpi=DPI))


def open_matrix(app):
    click_axes(app.screen.buttons["Matrix..."].ax)
    return app.tool_windows[-1]


def test_each_link_shows_its_a_i_beside_0t_i_and_the_frame_is_drawn_bold():
    app = make_app()
    robot = app.state.robot
    panel = open_matrix(app)
    q = np.radians([20, -35, 50, 10, 40, -25])
    app.state.animate_to(q)
    while app.screen.animation.running:
        app.tick()
    for link in range(1, robot.n + 1):
        assert panel.link == link and app.state.highlight == link
        joint = robot.joints[link - 1]
        expected_a = standard_dh(q[link - 1] + joint.offset, joint.d, joint.a, joint.alpha)
        a_shown, t_shown = shown(panel)
        np.testing.assert_allclose(a_shown, expected_a, atol=0.6e-3)        # 3 decimals
        np.testing.assert_allclose(t_shown[:3, :3], robot.fk_all(q)[link, :3, :3], atol=0.6e-3)
        np.testing.assert_allclose(t_shown[:3, 3], robot.fk_all(q)[link, :3, 3], atol=0.6e-4)
        x_axis = np.column_stack(app.screen.drawing.highlight_axes[0].get_data_3d())
        np.testing.assert_allclose(x_axis[0], robot.fk_all(q)[link, :3, 3])    # at frame i
        assert app.screen.drawing.highlight_axes[0].get_visible()
        click_axes(panel.buttons["Next link >"].ax)
    assert panel.link == 1                                             # wraps around
    assert "c1 = cos theta1" in panel.symbolic.get_text()
    panel.fig.canvas.callbacks.process("close_event", None)
    assert app.state.highlight is None
    assert not app.screen.drawing.highlight_axes[0].get_visible()


def test_the_numbers_follow_a_slider_move_blitted_and_are_drawn_in_full_when_still():
    app = make_app()
    panel = open_matrix(app)
    panel.step(+1)                                                     # link 2
    draws = []
    panel.fig.canvas.mpl_connect("draw_event", lambda event: draws.append(event))
    panel.fig.canvas.draw()
    draws.clear()
    type_in_cell(app.screen.values, 1, 0, *"30", "enter")               # joint 2 to 30 deg
    frames = 0
    while app.screen.animation.running:
        app.tick()
        frames += 1
        if app.screen.animation.running:
            assert panel.blit.animated("matrices")
            q = app.state.q
            expected = standard_dh(q[1] + app.state.robot.joints[1].offset,
                                   *(getattr(app.state.robot.joints[1], f) for f in
                                     ("d", "a", "alpha")))
            np.testing.assert_allclose(shown(panel)[0], expected, atol=0.6e-3)
    assert frames > 3
    assert len(draws) <= 2             # one when the move starts, one when it stops
    assert not panel.blit.animated("matrices")
    assert "theta2 = q2 = 30.00 deg" in panel.parameters.get_text()


def test_the_base_and_tool_the_end_effector_includes_are_written_out():
    # panda.json: the flange-to-fingertip tool, 0.103 m along z and -45 deg about it
    panda = open_tool("Matrix...", FakeArm(load_robot("Franka Panda")))
    assert panda.mounting.get_text() == ("tool (frame 7 to the end effector): "
                                         "xyz (0, 0, 0.103) m, rpy (0, 0, -45) deg")
    lynx6 = open_tool("Matrix...", FakeArm(load_robot("Lynx6")))
    assert lynx6.mounting.get_text() == ""                  # neither: nothing to say


def test_a_prismatic_link_and_an_offset_are_written_out():
    scara = load_robot("SCARA")
    arm = FakeArm(scara)
    panel = open_tool("Matrix...", arm)
    prismatic = scara.joint_types.index("P") + 1
    panel.show_link(prismatic)
    assert f"d{prismatic}" in panel.symbolic.get_text()
    assert f"d{prismatic} = q{prismatic}" in panel.parameters.get_text()
    lynx6 = FakeArm(load_robot("Lynx6"))                 # shoulder offset 90 deg
    panel = open_tool("Matrix...", lynx6)
    panel.show_link(2)
    assert "theta2 = q2 + offset = 0.00 + 90 = 90.00 deg" in panel.parameters.get_text()
    panel.show_link(3)                                  # elbow offset -90 deg: "- 90", not "+ -90"
    assert "theta3 = q3 + offset = 0.00 - 90 = -90.00 deg" in panel.parameters.get_text()


def test_a_joint_a_hair_below_zero_reads_0_00_not_minus_0_00():
    lynx6 = load_robot("Lynx6")
    arm = FakeArm(lynx6, q=lynx6.home - 1e-9)           # what a computed pose often holds
    panel = open_tool("Matrix...", arm)
    panel.show_link(1)
    assert "theta1 = q1 = 0.00 deg" in panel.parameters.get_text()
    assert "-0.00" not in panel.parameters.get_text()


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_matrix_panel_figure():
    arm = FakeArm(load_robot("Puma 560"), q=np.radians([20, -35, 50, 10, 40, -25]))
    panel = open_tool("Matrix...", arm)
    panel.show_link(3)
    fig = panel.fig
    fig.set_size_inches(FIGSIZE)
    fig.set_dpi(DPI)
    return strip_text(fig)

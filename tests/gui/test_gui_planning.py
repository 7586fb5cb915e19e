"""Planning in the application, on Agg: the Obstacles window edits the scene every window
checks, "Plan around" in Teach and in Jog / IK goes around it, and the simulator draws it.

The Lynx6's hand 70 mm above its table turning from joint 1 = +60 to -60 degrees sweeps it
through box 2 of examples/scenes/lynx6_two_boxes.json; the planned motions are re-checked here
with the arm state's own checker.
"""

import math
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.backend_bases import ResizeEvent

from fake_arm import FakeArm
from gui_events import click_axes, click_cell, type_in_cell
from robosim import load_robot
from robosim.collision import load_scene
from robosim.gui.app import Application
from robosim.gui.tools import open_tool
from robosim.gui.tools.jog_ik import PITCH, SOLVE, X, Y, Z
from robosim.gui.tools.obstacles import ObstaclesWindow
from robosim.gui.tools.teach import DT
from robosim.hardware import Lynx6
from robosim.trajectory import wrist_angle

LYNX6 = load_robot("Lynx6")
TWO_BOXES = Path(__file__).resolve().parents[2] / "examples" / "scenes" / "lynx6_two_boxes.json"
LEFT, RIGHT = np.radians([60, -13, 29, -86, 0]), np.radians([-60, -13, 29, -86, 0])
#: The hand at (211, 63, 69) mm, inside box 1 (170 to 230 mm in x, 30 to 90 in y, 120 high).
IN_BOX_1 = np.radians([16.7, -13, 29, -86, 0])


def press(window, label):
    click_axes(window.buttons[label].ax)


def free_motion(arm):
    """Whether the last trajectory collides with nothing the arm state checks."""
    t, q = arm.last_trajectory
    return not arm.collisions.check(q).collides.any()


def test_a_typed_box_joins_the_scene_every_window_checks():
    arm = FakeArm(LYNX6)
    window = ObstaclesWindow.open(arm)
    # Around the hand of RIGHT, at (110, -191, 69) mm.
    for col, text in enumerate(("110", "-190", "50", "60", "60", "100")):
        type_in_cell(window.new_box, 0, col, text, "enter")
    press(window, "Add box")
    box = arm.scene.obstacles[-1]
    assert (box.name, box.shape, box.xyz, box.size) == ("box 1", "box", (110.0, -190.0, 50.0),
                                                        (60.0, 60.0, 100.0))
    assert [window.list.text(0, col) for col in range(7)] == ["box 1", "110", "-190", "50",
                                                              "60", "60", "100"]
    assert arm.statuses[-1] == ("box 1 added", False)
    assert arm.collisions.check(RIGHT).collides        # the hand is in it now
    type_in_cell(window.list, 0, 1, "300", "enter")     # move it out of the way
    assert arm.scene.obstacles[-1].xyz == (300.0, -190.0, 50.0)
    assert not arm.collisions.check(RIGHT).collides
    type_in_cell(window.list, 0, 4, "-5", "enter")      # no negative size
    assert "size x must be more than 0" in window.list.errors[(0, 4)]
    assert arm.scene.obstacles[-1].size == (60.0, 60.0, 100.0)
    click_cell(window.list, 0, 0)
    press(window, "Delete")
    assert [o.name for o in arm.scene.obstacles] == ["table"]
    assert window.list.text(0, 0) == ""


def test_the_scene_goes_to_the_connected_arm_and_back_to_the_default():
    arm = FakeArm(LYNX6)
    driver = Lynx6.connect("dry", dry_run=True)
    try:
        arm.set_connection(driver)
        arm.set_scene(load_scene(TWO_BOXES))
        assert [o.name for o in driver.scene.obstacles] == ["table", "box 1", "box 2"]
        window = ObstaclesWindow.open(arm)
        assert [window.list.text(row, 0) for row in range(3)] == ["box 1", "box 2", ""]
        press(window, "Default")
        assert [o.name for o in driver.scene.obstacles] == ["table"]
    finally:
        arm.set_connection(None)
        driver.close()


def test_teach_plans_around_the_boxes_between_two_taught_poses():
    arm = FakeArm(LYNX6, LEFT)
    arm.set_scene(load_scene(TWO_BOXES))
    window = open_tool("Teach...", arm)
    press(window, "Record")
    arm.animate_to(RIGHT)
    press(window, "Record")
    press(window, "Play")                          # the straight move hits box 1
    assert arm.statuses[-1][1] and "hits box 1" in arm.statuses[-1][0]
    click_cell(window.list, 0, 0)
    press(window, "Plan around")
    message, error = arm.statuses[-1]
    assert not error and message.startswith("pose 1 to pose 2: path found in ")
    poses = window.taught.poses
    assert len(poses) > 2 and np.array_equal(poses[0], LEFT) and np.array_equal(poses[-1], RIGHT)
    assert window.taught.dwell[1:-1] == [DT] * (len(poses) - 2)    # it stops at each corner
    assert free_motion(arm) and np.allclose(arm.q, RIGHT)
    assert arm.path is not None and arm.path_owner is window
    press(window, "Play")                          # the whole sequence now goes around
    assert not arm.statuses[-1][1] and free_motion(arm)


def test_teach_needs_a_selected_pose_to_plan_from():
    arm = FakeArm(LYNX6)
    window = open_tool("Teach...", arm)
    press(window, "Plan around")
    assert arm.statuses[-1] == ("click a pose in the list first", True)


def test_jog_ik_plans_around_to_a_solution_of_the_target():
    arm = FakeArm(LYNX6, LEFT)
    arm.set_scene(load_scene(TWO_BOXES))
    panel = open_tool("Jog / IK", arm)
    assert panel.target_cells.text(0, SOLVE) == "wrist angle"
    x, y, z = LYNX6.fk(RIGHT)[:3, 3]
    for col, value in ((X, x), (Y, y), (Z, z), (PITCH, math.degrees(wrist_angle(LYNX6, RIGHT)))):
        panel.target_cells.set_text(0, col, f"{value:.9f}")
    press(panel, "Plan around")
    message, error = arm.statuses[-1]
    assert not error and message.startswith("plan around: path found in "), message
    assert np.allclose(arm.q, panel.solutions[panel.choice])
    assert np.allclose(LYNX6.fk(arm.q)[:3, 3], [x, y, z], atol=1e-6)
    assert free_motion(arm) and arm.path is not None


def test_jog_ik_says_when_every_solution_is_in_a_box():
    arm = FakeArm(LYNX6, LEFT)
    arm.set_scene(load_scene(TWO_BOXES))
    panel = open_tool("Jog / IK", arm)
    # The hand inside box 1: every way to put it there hits the box.
    x, y, z = LYNX6.fk(IN_BOX_1)[:3, 3]
    pitch = math.degrees(wrist_angle(LYNX6, IN_BOX_1))
    for col, value in ((X, x), (Y, y), (Z, z), (PITCH, pitch)):
        panel.target_cells.set_text(0, col, f"{value:.9f}")
    press(panel, "Plan around")
    message, error = arm.statuses[-1]
    assert error and message.startswith("plan around: every goal collides"), message
    assert np.allclose(arm.q, LEFT)


def test_the_obstacles_window_closes_with_the_window_that_opened_it():
    arm = FakeArm(LYNX6)
    window = open_tool("Teach...", arm)
    press(window, "Obstacles...")
    obstacles = window.obstacles_window
    press(window, "Obstacles...")
    assert window.obstacles_window is obstacles            # one, brought back
    assert plt.fignum_exists(obstacles.fig.number)
    window.close()
    plt.close(window.fig)
    assert not plt.fignum_exists(obstacles.fig.number)


def test_the_simulator_draws_the_boxes_and_colours_what_hits_them():
    app = Application(robot=LYNX6, figure=plt.figure(figsize=(10, 6.5), dpi=50))
    try:
        screen = app.screen
        assert screen.obstacles.names == []                 # the table is the floor's
        app.state.jump_to(IN_BOX_1)
        assert not screen.drawing.colliding.any()
        app.state.set_scene(load_scene(TWO_BOXES))
        assert screen.obstacles.names == ["box 1", "box 2"]
        assert screen.drawing.collisions is app.state.collisions
        assert screen.drawing.colliding.any()               # the hand is in box 1
    finally:
        app.close()


def test_the_obstacles_window_fits_at_its_size_and_at_1000_by_650():
    from layout_check import TK_TOOLBAR_PX, layout_problems, tk_window_figure

    from robosim.gui.app import WINDOW_SIZE

    arm = FakeArm(load_robot("Puma 560"))          # metres: long numbers
    window = ObstaclesWindow.open(arm)
    press(window, "Add box")
    type_in_cell(window.list, 0, 1, "-0.123456", "enter")
    window.say("a long message: " + "the arm's pose hits box 1, " * 8, error=True)
    assert layout_problems(window.fig) == []
    width, height, dpi = tk_window_figure(WINDOW_SIZE)    # the application's, on 1000 x 650
    window.fig.set_dpi(dpi)
    window.fig.set_size_inches(width, height - TK_TOOLBAR_PX / dpi)
    window.fig.canvas.callbacks.process("resize_event",
                                        ResizeEvent("resize_event", window.fig.canvas))
    assert layout_problems(window.fig) == []


def test_the_obstacles_window_saves_and_loads_a_scene_file(tmp_path):
    arm = FakeArm(LYNX6)
    arm.set_scene(load_scene(TWO_BOXES))
    window = ObstaclesWindow.open(arm)
    type_in_cell(window.file, 0, 0, str(tmp_path / "boxes.json"), "enter")
    press(window, "Save")
    assert arm.statuses[-1] == (f"saved 3 obstacles to {tmp_path / 'boxes.json'}", False)
    press(window, "Default")
    assert [o.name for o in arm.scene.obstacles] == ["table"]
    press(window, "Load")
    assert arm.scene == load_scene(TWO_BOXES)
    metres = tmp_path / "metres.json"
    metres.write_text('{"format": "robosim-scene/1", "unit": "m", "obstacles": []}')
    type_in_cell(window.file, 0, 0, str(metres), "enter")
    press(window, "Load")                          # another unit: refused, the scene stays
    assert arm.statuses[-1] == ("the scene is in m and Lynx6 in mm: write the scene in mm", True)
    assert arm.scene == load_scene(TWO_BOXES)

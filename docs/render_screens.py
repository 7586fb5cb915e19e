"""Render the application's screens to docs/images/*.png, for the user guide (docs/gui.md).

The pictures are the real screens, built by the application on the Agg backend (no display)
and saved at the application's own window size: run this after a change to a screen, look at
the pictures, and commit them.

Run: python docs/render_screens.py [--out docs/images]
"""

import argparse
import os
import sys
import tempfile
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # after the backend

from robosim import load_robot
from robosim.gui.app import WINDOW_DPI, WINDOW_SIZE, Application
from robosim.gui.screens.simulator import TOGGLES

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))   # gui_events: typing in a cell as a user does
#: Where the pictures pretend the Lynx6 was loaded from (a student's folder, not yours).
EXAMPLE_FILE = Path("/home/student/robots/lynx6.json")


def save(fig, out, name):
    path = Path(out) / f"{name}.png"
    fig.savefig(path, dpi=fig.dpi)
    print("wrote", path)


def tool(app, label, out, name, action=None):
    """Open a tool window from the simulator (as its button does), act in it, and save it."""
    app.screen.open_tool(label)
    window = app.tool_windows[-1]
    if action is not None:
        action(window)
    save(window.fig, out, name)
    return window


def workspace_computed(window):
    window.compute()
    window.wait()
    window.tick()


def trajectory_computed(window):
    """A quintic profile to a goal typed in the goal row (degrees), computed."""
    goal_row = window.joints.n_rows - 1
    for column, value in enumerate(("60", "-30", "45", "20", "-75")):
        window.joints.set_text(goal_row, column, value)
    window.compute()


def dh_steps_mid_turn(window):
    """Half-way through joint 2's theta."""
    window.select_joint("2")
    window.go_to(0.5)


def simulator_jacobian(out):
    """The simulator with the Jacobian readout: a Puma 560 with its wrist nearly straight."""
    puma = load_robot("Puma 560")
    app = Application(robot=puma, figure=plt.figure(figsize=WINDOW_SIZE, dpi=WINDOW_DPI))
    app.state.animate_to(puma.q_from_user([10, -30, 40, 20, 1.5, 30]))   # degrees
    while app.screen.animation.running:
        app.tick()
    app.screen.toggles.set_active(TOGGLES.index("Jacobian"))   # as a click on the box does
    save(app.fig, out, "simulator_jacobian")
    app.close()


def dynamics_shown(window):
    """The trajectory played from the Trajectories window analysed with 250 g in the gripper,
    and a free fall of a second from the pose shown."""
    from gui_events import type_in_cell

    type_in_cell(window.settings, 0, 3, "250", "enter")
    type_in_cell(window.settings, 0, 4, "1", "enter")
    window.free_fall()


def taught_and_planned(window):
    """Two taught poses with box 1 of examples/scenes/lynx6_two_boxes.json between them, and
    the path around it planned ("Plan around")."""
    from robosim.collision import load_scene

    state = window.arm
    state.set_highlight(None)                            # the Matrix window's frame
    window.file.set_text(0, 0, str(EXAMPLE_FILE.with_name("taught.json")))
    state.set_scene(load_scene(HERE.parent / "examples" / "scenes" / "lynx6_two_boxes.json"))
    for degrees in ([60, -13, 29, -86, 0], [-60, -13, 29, -86, 0]):
        state.jump_to(state.robot.q_from_user(degrees))
        window.record()
    window.selected = 0
    window.plan_around()


def example_user_folder(folder):
    """Make ``folder`` the robosim folder, with two robots in "My robots": the pictures show
    neither your own robots nor your autosaved table."""
    from robosim import Joint, Robot
    from robosim.gui.user_files.my_robots import MyRobots

    os.environ["ROBOSIM_HOME"] = str(folder)
    robots = MyRobots.load()
    robots.remember(load_robot("Lynx6"), EXAMPLE_FILE)
    robots.remember(Robot([Joint("R", a=10.0), Joint("R", a=8.0), Joint("P", limits=(0, 5))],
                          name="My first arm", unit="cm"))


def main(out):
    Path(out).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="robosim-docs-") as folder:
        example_user_folder(folder)
        render(out)


def render(out):
    app = Application(figure=plt.figure(figsize=WINDOW_SIZE, dpi=WINDOW_DPI), seed=1)
    save(app.fig, out, "welcome")
    app.show_editor()
    save(app.fig, out, "editor_count")
    lynx6 = load_robot("Lynx6")
    app.robot_file = EXAMPLE_FILE                     # as if loaded from there: "save as"
    app.show_editor(lynx6)
    save(app.fig, out, "editor_table")
    app.show_simulator(lynx6)
    save(app.fig, out, "simulator")
    tool(app, "Jog / IK", out, "jog_ik")
    simulator_jacobian(out)
    tool(app, "Workspace...", out, "workspace", workspace_computed)
    tool(app, "Joint workspace...", out, "joint_workspace",
         lambda window: window.compute())
    trajectories = tool(app, "Trajectories...", out, "trajectories", trajectory_computed)
    trajectories.play()
    tool(app, "Dynamics...", out, "dynamics", dynamics_shown)
    tool(app, "Real arm...", out, "real_arm")
    tool(app, "Matrix...", out, "matrix")
    app.state.animate_to(lynx6.q_from_user([30, 45, -60, 20, 10]))   # degrees
    while app.screen.animation.running:
        app.tick()
    tool(app, "DH steps...", out, "dh_steps", dh_steps_mid_turn)
    teach = tool(app, "Teach...", out, "teach", taught_and_planned)
    while app.screen.animation.running:
        app.tick()
    save(app.fig, out, "simulator_planned")
    teach.obstacles()
    teach.obstacles_window.file.set_text(0, 0, str(EXAMPLE_FILE.with_name("scene.json")))
    save(teach.obstacles_window.fig, out, "obstacles")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(HERE / "images"), help="folder of the pictures")
    main(parser.parse_args().out)

"""Files in the GUI (issue 15, item 4): the native dialog where the window has one, the typed
path cells everywhere (Enter acts, paths shown absolute), "save as" in the robot's folder, and
"My robots" on the welcome screen.

The native dialog is never opened here: :func:`robosim.gui.widgets.file_dialog.ask_path` is replaced
by a stand-in that records how it was asked and answers like the dialog would.
"""

from pathlib import Path
from types import SimpleNamespace

import matplotlib.pyplot as plt
import pytest

from figure_check import DPI, FIGSIZE
from gui_events import click_axes, click_grid_button, type_in_cell, type_keys
from layout_check import layout_problems
from robosim import Joint, Robot, load_robot, save_robot
from robosim.gui.user_files import autosave
from robosim.gui.widgets import file_dialog
from robosim.gui.app import Application
from robosim.gui.screens.editor import EditorScreen
from robosim.gui.user_files.my_robots import FILE_NAME, MAX_ROBOTS, MyRobots
from robosim.gui.screens.simulator import SimulatorScreen
from robosim.gui.screens.welcome import WelcomeScreen
from robosim.robot_files import robot_to_dict
from data_files import URDF_DIR
from test_gui_layout import FIGURES

ARM = Robot([Joint("R", a=2.0, name="q1"),
             Joint("P", a=1.0, limits=(0, 3), home=1.0, name="q2")], name="two", unit="cm")


def make_app():
    return Application(figure=plt.figure(figsize=FIGSIZE, dpi=DPI), clock=lambda: 0.0)


class Dialog:
    """Stands in for the native dialog: answers ``answer`` ("" = cancelled) and records each
    call's keyword arguments."""

    def __init__(self, answer):
        self.answer = answer
        self.calls = []

    def __call__(self, fig, **kwargs):
        self.calls.append(dict(kwargs, fig=fig))
        return str(self.answer)


@pytest.fixture
def dialog(monkeypatch):
    def install(answer):
        stand_in = Dialog(answer)
        monkeypatch.setattr(file_dialog, "ask_path", stand_in)
        return stand_in
    return install


def press(button):
    click_axes(button.ax)


def press_label(screen, label):
    from matplotlib.widgets import Button

    button, = [w for w in screen._widgets  # noqa: SLF001 - the screen's buttons
               if isinstance(w, Button) and w.label.get_text() == label]
    press(button)


# ------------------------------------------------------------------------- the dialog function
def test_agg_has_no_native_dialog_so_the_typed_path_is_used():
    fig = plt.figure()
    assert file_dialog.toolkit(fig) is None
    assert file_dialog.ask_path(fig, save=False, title="Open", initial=".") is None


def test_under_tk_the_dialog_is_asked_over_the_figure_window(monkeypatch, tmp_path):
    import tkinter.filedialog

    window = object()
    canvas = SimpleNamespace(get_tk_widget=lambda: SimpleNamespace(winfo_toplevel=lambda: window))
    fig = SimpleNamespace(canvas=canvas)
    asked = []
    monkeypatch.setattr(tkinter.filedialog, "asksaveasfilename",
                        lambda **kw: asked.append(kw) or str(tmp_path / "new.json"))
    monkeypatch.setattr(tkinter.filedialog, "askopenfilename", lambda **kw: "")
    chosen = file_dialog.ask_path(fig, save=True, title="Save", initial=tmp_path / "old.json",
                                  filetypes=file_dialog.ROBOT_JSON)
    assert chosen == str(tmp_path / "new.json")
    options, = asked
    assert options["parent"] is window and options["initialdir"] == str(tmp_path)
    assert options["initialfile"] == "old.json" and options["defaultextension"] == ".json"
    assert file_dialog.ask_path(fig, save=False, title="Open", initial=tmp_path) == ""


def test_under_qt_the_dialog_is_asked_over_the_canvas_widget(monkeypatch, tmp_path):
    """Qt is not installed here: a stand-in qt_compat module records the call."""
    import sys

    asked = []

    class QFileDialog:
        @staticmethod
        def getOpenFileName(parent, title, start, filters):
            asked.append((parent, title, start, filters))
            return str(tmp_path / "arm.json"), filters

    monkeypatch.setitem(sys.modules, "matplotlib.backends.qt_compat",
                        SimpleNamespace(QtWidgets=SimpleNamespace(QFileDialog=QFileDialog)))
    canvas = type("FigureCanvasQTAgg", (), {"__module__": "matplotlib.backends.backend_qtagg"})()
    fig = SimpleNamespace(canvas=canvas)
    assert file_dialog.toolkit(fig) == "qt"
    chosen = file_dialog.ask_path(fig, save=False, title="Open", initial=tmp_path / "x.json")
    assert chosen == str(tmp_path / "arm.json")
    assert asked == [(canvas, "Open", str(tmp_path / "x.json"),
                      "Robot files (*.json *.csv *.urdf);;All files (*)")]


# ------------------------------------------------------------------------- welcome: open
def test_load_opens_the_dialog_and_the_chosen_file_goes_to_the_simulator(dialog, tmp_path):
    path = save_robot(ARM, tmp_path / "two.json")
    asked = dialog(path)
    app = make_app()
    press(app.screen.buttons["Load a robot file"])
    call, = asked.calls
    assert call["fig"] is app.fig and call["save"] is False
    assert isinstance(app.screen, SimulatorScreen) and app.screen.robot.name == "two"
    assert app.robot_file == path
    entry = MyRobots.load().entries[0]
    assert entry.path == str(path) and robot_to_dict(entry.robot) == robot_to_dict(ARM)


def test_a_cancelled_dialog_leaves_the_welcome_screen_as_it_was(dialog):
    dialog("")
    app = make_app()
    press(app.screen.buttons["Load a robot file"])
    assert isinstance(app.screen, WelcomeScreen)
    assert app.status == "No file was chosen." and not app.status_is_error


def test_a_cancelled_dialog_still_says_what_was_wrong_with_the_typed_path(dialog, tmp_path):
    # Seen in a real window: a typed path that does not exist, Load, Cancel; the red "no such
    # file" gave way to a black "No file was chosen." while the cell stayed red.
    dialog("")
    app = make_app()
    type_in_cell(app.screen.path_cell, 0, 0, str(tmp_path / "no such file.json"), "tab")
    press(app.screen.buttons["Load a robot file"])
    assert isinstance(app.screen, WelcomeScreen)
    assert app.status == f"No file was chosen, and {tmp_path / 'no such file.json'}: no such file"
    assert app.status_is_error


def test_a_typed_relative_path_is_shown_absolute_and_enter_loads_it(tmp_path, monkeypatch):
    save_robot(ARM, tmp_path / "two.json")
    monkeypatch.chdir(tmp_path)
    app = make_app()
    cell = app.screen.path_cell
    type_in_cell(cell, 0, 0, "two.json", "tab")
    assert cell.text(0, 0) == str(tmp_path / "two.json")
    cell.focus(0, 0)
    type_keys(app.fig, "enter")
    assert isinstance(app.screen, SimulatorScreen) and app.robot_file == tmp_path / "two.json"


def test_a_typed_urdf_opens_and_the_editor_shows_its_extracted_table():
    """Issue 28: the file cell takes a URDF; its DH table is in the editor (lengths in m)."""
    path = URDF_DIR / "ur_description/urdf/ur5_robot.urdf"
    app = make_app()
    type_in_cell(app.screen.path_cell, 0, 0, str(path), "enter")
    assert isinstance(app.screen, SimulatorScreen) and app.robot_file == path
    assert app.screen.robot.n == 6 and app.screen.robot.unit == "m"
    app.screen.edit_table()
    table = app.screen.table
    assert [float(table.text(row, 2)) for row in range(6)] == [     # the d column
        0.089159, 0, 0, 0.10915, 0.09465, 0.0823]
    assert [float(table.text(row, 3)) for row in range(6)] == [0, 0.425, 0.39225, 0, 0, 0]


# ------------------------------------------------------------------------- welcome: My robots
def remember(*robots):
    stored = MyRobots.load()
    for robot in robots:
        stored.remember(robot)


def arms(count):
    return [Robot([Joint("R", a=1.0)] * (k + 1), name=f"arm {k}", unit="mm")
            for k in range(count)]


def test_my_robots_are_listed_newest_first_and_each_can_be_removed():
    remember(*arms(3))
    app = make_app()
    labels = app.screen.my_robot_labels()
    assert labels == ["arm 2: 3 joints, mm", "arm 1: 2 joints, mm", "arm 0: 1 joint, mm"]
    click_grid_button(app.screen.my_robot_removers, 1)
    assert [e.robot.name for e in MyRobots.load().entries] == ["arm 2", "arm 0"]
    assert app.screen.my_robot_labels() == ["arm 2: 3 joints, mm", "arm 0: 1 joint, mm"]
    assert "Removed arm 1: 2 joints, mm" in app.status
    click_grid_button(app.screen.my_robot_openers, 1)
    assert app.screen.robot.name == "arm 0"
    assert [e.robot.name for e in MyRobots.load().entries] == ["arm 0", "arm 2"]


def test_a_corrupt_my_robots_file_is_said_and_replaced_when_a_robot_is_entered():
    (autosave.user_dir() / FILE_NAME).write_text('{"format": "robosim-my-robots/1", "robo')
    app = make_app()
    assert isinstance(app.screen, WelcomeScreen) and app.screen.my_robot_labels() == []
    assert app.status_is_error and "could not be read" in app.status
    app.show_editor(ARM)
    press_label(app.screen, "Continue")
    assert [e.robot.name for e in MyRobots.load().entries] == ["two"]
    assert MyRobots.load().problem is None


def test_the_welcome_screen_with_eight_long_named_robots_fits(monkeypatch):
    robots = arms(MAX_ROBOTS - 1) + [Robot([Joint("R", a=1.0)] * 12,
                                           name="A robot with a very long name indeed " * 2)]
    remember(*robots)
    for size in ("1000x650", "1600x1000", "1000x650 Tk window"):
        width, height, dpi = FIGURES[size]
        app = Application(figure=plt.figure(figsize=(width, height), dpi=dpi))
        assert len(app.screen.my_robot_labels()) == MAX_ROBOTS
        assert layout_problems(app.fig) == [], size


# ------------------------------------------------------------------------- editor: save
def open_table(app, robot=None):
    app.show_editor(robot)
    if robot is None:
        press_label(app.screen, "2")
    return app.screen


def test_save_as_proposes_the_folder_of_the_robots_file(tmp_path):
    folder = tmp_path / "my arms"
    folder.mkdir()
    path = save_robot(ARM, folder / "two.json")
    app = make_app()
    type_in_cell(app.screen.path_cell, 0, 0, str(path), "enter")    # loaded from its file
    click_axes(app.screen.buttons["Edit table"].ax)
    assert isinstance(app.screen, EditorScreen)
    assert Path(app.screen.save_path.text(0, 0)).parent == folder


def test_save_as_proposes_the_user_folder_for_a_new_table_not_home():
    app = make_app()
    screen = open_table(app)
    proposed = Path(screen.save_path.text(0, 0))
    assert proposed.is_absolute() and proposed.parent == autosave.user_dir()
    assert proposed.parent != Path.home()


def test_a_new_robot_after_a_loaded_one_is_proposed_in_the_user_folder(tmp_path):
    """Issue 37: after loading a URDF, a new robot's "save as" pointed into the URDF's
    folder (the file of the robot shown before)."""
    folder = tmp_path / "urdf"
    folder.mkdir()
    path = save_robot(ARM, folder / "two.json")
    app = make_app()
    type_in_cell(app.screen.path_cell, 0, 0, str(path), "enter")    # loaded from its file
    click_axes(app.screen.buttons["New Robot"].ax)
    screen = open_table(app)
    assert Path(screen.save_path.text(0, 0)).parent == autosave.user_dir()


def test_save_writes_the_file_chosen_in_the_dialog_and_remembers_it(dialog, tmp_path):
    target = tmp_path / "chosen.json"
    target.write_text("old")                     # the dialog already asked to replace it
    asked = dialog(target)
    app = make_app()
    screen = open_table(app, ARM)
    press_label(screen, "Save")
    call, = asked.calls
    assert call["save"] is True and Path(call["initial"]).parent == autosave.user_dir()
    assert robot_to_dict(load_robot(target)) == robot_to_dict(ARM)
    assert screen.save_path.text(0, 0) == str(target) and app.robot_file == target
    assert MyRobots.load().entries[0].path == str(target)
    assert app.status == f"Saved 'two' to {target}"


def test_a_cancelled_save_dialog_writes_nothing(dialog, tmp_path):
    dialog("")
    app = make_app()
    screen = open_table(app, ARM)
    press_label(screen, "Save")
    assert "no file was chosen" in app.status and not app.status_is_error
    assert MyRobots.load().entries == []


def test_enter_in_the_save_as_cell_saves_without_a_dialog(dialog, tmp_path):
    asked = dialog(tmp_path / "never.json")
    app = make_app()
    screen = open_table(app, ARM)
    type_in_cell(screen.save_path, 0, 0, str(tmp_path / "typed.json"), "enter")
    assert asked.calls == []
    assert robot_to_dict(load_robot(tmp_path / "typed.json")) == robot_to_dict(ARM)


# ------------------------------------------------------------------------- exports
def test_trajectory_export_uses_the_dialog_and_shows_the_file_absolute(dialog, tmp_path):
    from fake_arm import FakeArm
    from robosim.gui.tools import open_tool
    from robosim.trajectory.files import read_trajectory_csv

    arm = FakeArm(load_robot("Lynx6"))
    window = open_tool("Trajectories...", arm)
    assert Path(window.file.text(0, 0)).is_absolute()
    window.joints.set_text(2, 0, "30")      # a goal other than the pose: something to move
    click_axes(window.buttons["Compute"].ax)
    asked = dialog(tmp_path / "move")                 # the suffix is added
    click_axes(window.buttons["Export CSV"].ax)
    assert asked.calls[0]["save"] is True
    assert window.file.text(0, 0) == str(tmp_path / "move.csv")
    assert len(read_trajectory_csv(tmp_path / "move.csv").t) > 1
    dialog("")
    click_axes(window.buttons["Import CSV"].ax)
    assert window.status.message == "no file was chosen"


def test_save_gif_proposes_a_gif_not_the_csv_in_the_file_cell(dialog, tmp_path):
    # the cell names a CSV; "Save GIF" once offered to replace it, and wrote the .gif anyway
    from fake_arm import FakeArm
    from robosim.gui.tools import open_tool

    window = open_tool("Trajectories...", FakeArm(load_robot("Lynx6")))
    window.file.set_text(0, 0, str(tmp_path / "move.csv"))
    window.joints.set_text(2, 0, "30")      # a goal other than the pose: something to move
    click_axes(window.buttons["Compute"].ax)
    asked = dialog("")                                   # cancelled: nothing is written
    click_axes(window.buttons["Save GIF"].ax)
    assert Path(asked.calls[0]["initial"]) == tmp_path / "move.gif"
    assert window.movie is None and window.status.message == "no file was chosen"

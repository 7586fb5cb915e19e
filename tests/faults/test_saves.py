"""Issue 14, saves: no temporary file outlives a save, links are followed, outputs are checked
(killed saves and devices: test_files.py).
"""

import os
import subprocess
import sys

import pytest

from fault_cli import assert_usage_error, run_cli
from robosim import load_robot, save_robot
from robosim.files import atomic_write_bytes
from robosim.gui.user_files import autosave
from robosim.gui.user_files.my_robots import MyRobots


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.parametrize("failing", ["os.fsync", "os.replace", "os.chmod"])
def test_a_failed_save_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch,
                                                                   failing):
    path = tmp_path / "robot.json"
    path.write_bytes(b"old")

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(failing, fail)
    with pytest.raises(OSError):
        atomic_write_bytes(path, b"new")
    assert path.read_bytes() == b"old" and leftovers(tmp_path) == []


def test_ctrl_c_during_a_save_leaves_no_temporary(tmp_path, monkeypatch):
    def interrupt(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr("os.fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_bytes(tmp_path / "t.csv", b"data")
    assert leftovers(tmp_path) == []


def test_saving_through_a_symlink_replaces_the_target_and_keeps_the_link(tmp_path):
    target_folder = tmp_path / "real"
    target_folder.mkdir()
    target = target_folder / "arm.json"
    save_robot(load_robot("SCARA"), target)
    link = tmp_path / "arm.json"
    link.symlink_to(target)
    save_robot(load_robot("lynx6"), link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert load_robot(target).name == "Lynx6"
    assert leftovers(tmp_path) == [] and leftovers(target_folder) == []


def test_a_save_through_a_dangling_link_creates_its_target(tmp_path):
    link = tmp_path / "t.csv"
    link.symlink_to(tmp_path / "elsewhere.csv")
    atomic_write_bytes(link, b"t_s\n")
    assert link.is_symlink() and (tmp_path / "elsewhere.csv").read_bytes() == b"t_s\n"


@pytest.mark.parametrize("folder", ["/nonexistent", "/proc"])
def test_trajectory_png_that_cannot_be_written_is_one_line(folder):
    # /nonexistent: refused before the path is computed; /proc: the write itself fails.
    run = run_cli("trajectory", "lynx6", "--preset", "weld-seam", "--points", "5",
                  "--png", f"{folder}/t.png")
    assert_usage_error(run, "--png", "cannot write it")


@pytest.mark.parametrize("command", [
    ["show", "lynx6", "--png"],
    ["line", "lynx6", "--from", "0", "0", "0", "0", "0", "--by", "5", "0", "0", "0", "0", "0",
     "--csv"],
    ["profile", "lynx6", "--to", "5", "0", "0", "0", "0", "--csv"],
    ["workspace", "lynx6", "--factor", "45", "--out"],
    ["joint-workspace", "lynx6", "--sweep", "x", "100", "200", "3", "--csv"],
])
def test_an_output_into_a_missing_folder_is_refused_first(command, tmp_path):
    suffix = ".npz" if command[0] == "workspace" else ".png" if "--png" in command else ".csv"
    assert_usage_error(run_cli(*command, tmp_path / "missing" / f"out{suffix}"),
                       "cannot write it", "does not exist")


def test_an_output_that_is_a_folder_is_refused(tmp_path):
    (tmp_path / "t.csv").mkdir()
    assert_usage_error(run_cli("profile", "lynx6", "--to", "5", "0", "0", "0", "0", "--csv",
                               tmp_path / "t.csv"), "that is a folder")


# ---------------------------------------------------------------------- the user's folder
def test_robosim_home_pointing_at_a_file(tmp_path, monkeypatch):
    home = tmp_path / "home-file"
    home.write_text("not a folder")
    monkeypatch.setenv("ROBOSIM_HOME", str(home))
    assert autosave.load_draft() is None
    assert MyRobots.load().entries == [] and "cannot be kept" in MyRobots.load().problem
    with pytest.raises(OSError, match="is a file, not a folder"):
        autosave.save_draft({"rows": []})


def test_the_application_starts_when_robosim_home_is_a_file(tmp_path, monkeypatch):
    import matplotlib.pyplot as plt

    from robosim.gui.app import Application
    from robosim.gui.screens.welcome import WelcomeScreen

    home = tmp_path / "home-file"
    home.write_text("not a folder")
    monkeypatch.setenv("ROBOSIM_HOME", str(home))
    app = Application(figure=plt.figure(), clock=lambda: 0.0)
    assert isinstance(app.screen, WelcomeScreen) and app.screen.my_robots.entries == []
    assert app.status_is_error and "My robots cannot be kept" in app.status


def test_an_interrupted_animation_leaves_no_temporary_and_the_next_removes_a_killed_one(
        tmp_path, monkeypatch):
    from robosim.plotting.movies import MovieExport

    lynx6 = load_robot("lynx6")
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                              capture_output=True, text=True, check=True)
    killed = tmp_path / f".m.gif.pid{finished.stdout.strip()}.killed.gif"   # its writer is gone
    killed.write_bytes(b"GIF89a")
    export = MovieExport(lynx6, [0.0, 0.1, 0.2], [lynx6.home] * 3, tmp_path / "m.gif")
    assert not killed.exists()

    def interrupt():
        raise KeyboardInterrupt

    monkeypatch.setattr(export.writer, "grab_frame", interrupt)
    with pytest.raises(KeyboardInterrupt):
        export.step()
    assert list(tmp_path.iterdir()) == []

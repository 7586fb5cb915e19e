"""Issue 25, item 4: the user's folder can never stop the application. A damaged My robots
file or draft is set aside as ``NAME.damaged`` with one status line, and the application
starts; nothing blocks on a FIFO or reads a device without end."""

import os

import matplotlib.pyplot as plt
import pytest

from fault_cli import character_device_twin, deadline
from robosim.gui.user_files import autosave
from robosim.gui.user_files.my_robots import FILE_NAME, MyRobots


def home():
    return autosave.user_dir()


def deep_json():
    return "[" * 100_000 + "]" * 100_000          # RecursionError in json.loads before


def damage(path, how):
    if how == "nested":
        path.write_text(deep_json(), encoding="utf-8")
    elif how == "fifo":
        os.mkfifo(path)
    else:                                           # a link to an endless device
        path.symlink_to(character_device_twin(path.parent, "zero-twin", 5))  # /dev/zero


@pytest.mark.parametrize("how", ["nested", "fifo", "link to /dev/zero twin"])
def test_a_damaged_my_robots_file_is_set_aside_with_one_message(how):
    path = home() / FILE_NAME
    damage(path, how)
    with deadline(10):                              # a FIFO hung start-up
        robots = MyRobots.load()
    assert robots.entries == []
    assert "set aside as my_robots.json.damaged" in robots.problem
    assert "\n" not in robots.problem
    assert os.path.lexists(home() / "my_robots.json.damaged") and not os.path.lexists(path)


@pytest.mark.parametrize("how", ["nested", "fifo", "link to /dev/zero twin"])
def test_a_damaged_draft_is_set_aside_and_load_draft_returns_none(how):
    damage(home() / "draft.json", how)
    with deadline(10):                              # load_draft hung on a FIFO
        assert autosave.load_draft() is None
    assert os.path.lexists(home() / "draft.json.damaged")


def test_the_application_starts_with_a_damaged_my_robots_and_says_so_once():
    from robosim.gui.app import Application
    from robosim.gui.screens.welcome import WelcomeScreen

    (home() / FILE_NAME).write_text(deep_json(), encoding="utf-8")
    app = Application(figure=plt.figure(), clock=lambda: 0.0)
    try:
        assert isinstance(app.screen, WelcomeScreen)
        assert app.status_is_error and "set aside as my_robots.json.damaged" in app.status
    finally:
        plt.close("all")


def test_the_editor_says_a_damaged_draft_was_set_aside():
    from robosim.gui.app import Application

    (home() / "draft.json").write_text('{"rows": "not cells"}', encoding="utf-8")
    app = Application(figure=plt.figure(), clock=lambda: 0.0)
    try:
        app.show_editor()
        assert app.status_is_error and "draft.json.damaged" in app.status
    finally:
        plt.close("all")


@pytest.mark.parametrize("kind", ["dangling", "loop"])
def test_robosim_home_that_is_a_link_to_nothing_is_named_so(tmp_path, monkeypatch, kind):
    link = tmp_path / "home-link"
    link.symlink_to(tmp_path / "nowhere" if kind == "dangling" else link)
    monkeypatch.setenv("ROBOSIM_HOME", str(link))
    assert "symbolic link to nothing" in MyRobots.load().problem   # was "a file, not a folder"
    assert autosave.load_draft() is None


def test_a_later_run_removes_the_temporaries_of_killed_writers_from_the_user_folder():
    # item 5: a draft save killed by SIGKILL leaves .draft.json.pidN.X.tmp; the next start
    # (which reads the folder) removes it at once, not after 60 s by a save of the same file
    folder = home()
    gone = folder / ".draft.json.pid999999999.abcdefgh.tmp"
    gone.write_bytes(b"{")
    MyRobots.load()
    assert not gone.exists()

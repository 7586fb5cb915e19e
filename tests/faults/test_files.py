"""Issue 25, item 1 and 5: the one file rule -- only regular files are replaced, a read-only
file is refused, temporary files of writers that are gone are removed, SIGTERM cleans up.

Devices are mknod twins in ``tmp_path`` (never the real /dev): a character device 1,3 is what
/dev/null is.
"""

import os
import signal
import stat
import subprocess
import sys

import pytest

from fault_cli import assert_usage_error, character_device_twin, child_environment, run_cli
from robosim import load_robot, save_robot
from robosim.files import (FileRefusedError, atomic_write_bytes, read_user_bytes,
                           remove_stale_temporaries)
from robosim.errors import RobosimError


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def null_twin(folder):
    return character_device_twin(folder, "twin", 3)


def fifo_twin(folder):
    fifo = folder / "fifo"
    try:
        os.mkfifo(fifo)
    except (PermissionError, AttributeError):
        pytest.skip("FIFOs cannot be made here")
    return fifo


@pytest.fixture(params=["device", "fifo", "link to device", "link to fifo"])
def special(request, tmp_path):
    """A path robosim must not replace, and the node that must stay what it is."""
    node = null_twin(tmp_path) if "device" in request.param else fifo_twin(tmp_path)
    if request.param.startswith("link"):
        link = tmp_path / "a.json"
        link.symlink_to(node.name)
        return link, node
    return node, node


def test_a_save_never_replaces_a_device_or_fifo(special, tmp_path):
    path, node = special
    kind = stat.S_IFMT(os.stat(node).st_mode)
    with pytest.raises(FileRefusedError, match="not a regular file .*replaces only regular"):
        atomic_write_bytes(path, b"data")
    assert stat.S_IFMT(os.stat(node).st_mode) == kind     # still the device / FIFO
    assert leftovers(tmp_path) == []


def test_the_issue_reproducer_leaves_the_device_a_device(tmp_path):
    # mknod d/twin c 1 3 && ln -s twin d/a.json && save_robot(load_robot('lynx6'), 'd/a.json')
    twin = null_twin(tmp_path)
    (tmp_path / "a.json").symlink_to("twin")
    with pytest.raises(RobosimError, match="not a regular file"):
        save_robot(load_robot("lynx6"), tmp_path / "a.json")
    assert stat.S_ISCHR(os.stat(twin).st_mode)


def test_a_command_refuses_a_device_output_before_it_computes(tmp_path):
    twin = null_twin(tmp_path)
    assert_usage_error(run_cli("dh-sheet", "lynx6", "--md", twin),
                       "--md", "not a regular file (a character device)")
    assert stat.S_ISCHR(os.stat(twin).st_mode)


@pytest.mark.parametrize("command", [
    ["dh-sheet", "lynx6", "--md"],
    ["show", "lynx6", "--png"],
    ["profile", "lynx6", "--to", "5", "0", "0", "0", "0", "--csv"],
])
def test_a_read_only_file_is_refused_as_open_would(command, tmp_path):
    suffix = {"--md": ".md", "--png": ".png", "--csv": ".csv"}[command[-1]]
    path = tmp_path / f"out{suffix}"
    path.write_bytes(b"keep me")
    path.chmod(0o444)
    assert_usage_error(run_cli(*command, path), "cannot write it (Permission denied)")
    assert path.read_bytes() == b"keep me"


def test_a_read_only_file_is_refused_by_the_api_for_root_too(tmp_path):
    path = tmp_path / "arm.json"
    path.write_bytes(b"keep me")
    path.chmod(0o444)
    with pytest.raises(PermissionError):
        atomic_write_bytes(path, b"new")
    assert path.read_bytes() == b"keep me" and leftovers(tmp_path) == []


def test_reading_a_device_twin_or_fifo_is_refused_without_opening_it(special):
    path, _ = special
    with pytest.raises(RobosimError, match="not a regular file"):
        read_user_bytes(path, RobosimError)


# --------------------------------------------------------------------- temporary files
KILLED_SAVE = """
import os, sys, time
from robosim.files import atomic_write_bytes
os.fsync = lambda fd: (print("writing", flush=True), time.sleep(60))
atomic_write_bytes(sys.argv[1], b"x" * 1000)
"""


def killed_save(path, how):
    child = subprocess.Popen([sys.executable, "-c", KILLED_SAVE, str(path)],
                             stdout=subprocess.PIPE, text=True, env=child_environment())
    assert child.stdout.readline().strip() == "writing"
    child.send_signal(how)
    child.wait(timeout=10)
    child.stdout.close()
    return child.returncode


def test_a_killed_save_is_removed_by_the_next_write_into_the_folder_at_once(tmp_path):
    path = tmp_path / "robot.json"
    path.write_bytes(b"old")
    assert killed_save(path, signal.SIGKILL) == -signal.SIGKILL
    [left] = leftovers(tmp_path)                  # SIGKILL: nothing could clean up
    assert ".robot.json.pid" in left and path.read_bytes() == b"old"
    alive = tmp_path / f".other.csv.pid{os.getpid()}.abcdefgh.tmp"   # a write in progress
    alive.write_bytes(b"")
    atomic_write_bytes(tmp_path / "another file.csv", b"new")       # not the same file
    assert leftovers(tmp_path) == [alive.name]


def test_remove_stale_temporaries_keeps_files_that_are_not_its_own(tmp_path):
    names = [".notes.txt.pid1.abc.bak", ".x.pid.abc.tmp", "x.pid99999999.abc.tmp", ".keep.tmp"]
    for name in names:
        (tmp_path / name).write_bytes(b"")
    assert remove_stale_temporaries(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names)


def test_sigterm_during_a_save_removes_the_temporary_and_ends_the_process(tmp_path):
    path = tmp_path / "robot.json"
    path.write_bytes(b"old")
    assert killed_save(path, signal.SIGTERM) == -signal.SIGTERM
    assert leftovers(tmp_path) == [] and path.read_bytes() == b"old"


def test_a_killed_save_is_removed_by_a_later_read_in_the_folder(tmp_path):
    # "any later robosim run that touches the folder": loading another robot file there
    path = tmp_path / "robot.json"
    save_robot(load_robot("lynx6"), path)
    assert killed_save(tmp_path / "other.json", signal.SIGKILL) == -signal.SIGKILL
    assert len(leftovers(tmp_path)) == 1
    load_robot(path)
    assert leftovers(tmp_path) == []


def test_the_command_line_handles_sigterm_as_ctrl_c(tmp_path):
    # a long fall writing its CSV at the end: SIGTERM ends it in one line, status 143
    child = subprocess.Popen([sys.executable, "-m", "robosim", "fall", "lynx6", "--from",
                              "0", "0", "0", "0", "0", "--duration", "1000", "--csv",
                              str(tmp_path / "fall.csv")],
                             stderr=subprocess.PIPE, text=True, env=child_environment())
    try:
        child.wait(timeout=3)               # still running: it takes minutes
    except subprocess.TimeoutExpired:
        pass
    child.send_signal(signal.SIGTERM)
    assert child.wait(timeout=30) == 143
    assert child.stderr.read().strip() == "robosim: terminated"
    child.stderr.close()
    assert list(tmp_path.iterdir()) == []

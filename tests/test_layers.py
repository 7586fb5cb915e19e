"""The core imports only numpy and the standard library (ARCHITECTURE: layers point downward)."""

import pkgutil
import subprocess
import sys

import robosim

OUTER_LAYERS = ("robosim.gui", "robosim.hardware", "robosim.commands", "robosim.cli",
                "robosim.__main__", "robosim.plotting")


def core_modules():
    names = [m.name for m in pkgutil.walk_packages(robosim.__path__, "robosim.")]
    return [n for n in names if not n.startswith(OUTER_LAYERS)]


def test_core_modules_do_not_import_matplotlib_or_serial():
    modules = core_modules()
    assert "robosim.robot" in modules and "robosim.library" in modules
    code = ("import importlib, sys\n"
            f"for name in {modules!r}: importlib.import_module(name)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('matplotlib', 'serial')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_command_line_lists_robots_without_importing_matplotlib():
    code = ("import sys\nfrom robosim.cli import main\nmain(['list', '--json'])\n"
            "sys.stderr.write(str('matplotlib' in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "False"


def test_plotting_imports_neither_the_gui_nor_the_commands():
    names = [m.name for m in pkgutil.walk_packages(robosim.__path__, "robosim.")
             if m.name.startswith("robosim.plotting")]
    code = ("import importlib, sys\n"
            f"for name in {names!r}: importlib.import_module(name)\n"
            "print(sorted(m for m in sys.modules if m.startswith(('robosim.gui', "
            "'robosim.commands'))))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert "robosim.plotting.dynamics_plots" in names and result.stdout.strip() == "[]"

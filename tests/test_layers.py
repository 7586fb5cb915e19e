"""What import-linter cannot see: imports at run time, and pyplot in the plotting layer.

The arrows between layers, the core's own order and the absence of import cycles are contracts
in ``.importlinter``, checked by ``lint-imports`` in .ci/run (ARCHITECTURE.md: layers). These
tests check what a static import graph does not show: that importing the core (and listing
robots) loads no matplotlib or pyserial at run time, and that plotting never uses pyplot (a
subpackage of an external package, which import-linter cannot forbid).
"""

import ast
import functools
import pkgutil
import subprocess
import sys
from pathlib import Path


import robosim

PACKAGE_DIR = Path(robosim.__file__).resolve().parent
OUTER_LAYERS = ("robosim.gui", "robosim.plotting", "robosim.hardware", "robosim.commands",
                "robosim.cli", "robosim.__main__")


def core_modules():
    names = [m.name for m in pkgutil.walk_packages(robosim.__path__, "robosim.")]
    return [n for n in names if not n.startswith(OUTER_LAYERS)]


def module_name(path):
    parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path):
    """Every module ``path`` imports, at any depth (function-level imports too), absolute."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            found += [base] + [f"{base}.{alias.name}" for alias in node.names]
    return found


@functools.lru_cache(maxsize=None)
def all_modules():
    return {module_name(path): imports_of(path) for path in sorted(PACKAGE_DIR.rglob("*.py"))}


def within(name, package):
    return name == package or name.startswith(package + ".")


def offending(layer, forbidden, allowed=(), *, exact=False):
    """``module: import`` for each import of a module in ``layer`` (the module itself when
    ``exact``) that falls in ``forbidden``."""
    return sorted(f"{module}: {imported}" for module, imported_names in all_modules().items()
                  if (module == layer if exact else within(module, layer))
                  for imported in imported_names
                  if any(within(imported, f) for f in forbidden)
                  and (module, imported) not in allowed)


def test_the_layering_checker_sees_relative_and_function_level_imports():
    imported = imports_of(PACKAGE_DIR / "commands" / "app.py")
    assert "robosim.gui.run" in imported
    assert "robosim.errors.ValidationError" in imports_of(PACKAGE_DIR / "ik" / "numeric.py")


def test_plotting_never_imports_pyplot():
    assert offending("robosim.plotting", ["matplotlib.pyplot"]) == []


def test_core_modules_do_not_import_matplotlib_or_serial():
    modules = core_modules()
    assert "robosim.kinematics.robot" in modules and "robosim.robot_files.library" in modules
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


#: What the welcome screen never needs: each is imported when its screen, window or command is
#: first opened (issue 37: the start-up within a second).
NOT_AT_START = ("robosim.commands.arm", "robosim.commands.collision", "robosim.commands.dh",
                "robosim.commands.dynamics", "robosim.commands.ik",
                "robosim.commands.joint_workspace", "robosim.commands.kinematics",
                "robosim.commands.plan", "robosim.commands.trajectory", "robosim.commands.urdf",
                "robosim.commands.workspace", "robosim.gui.tools", "robosim.gui.screens.simulator",
                "robosim.gui.screens.editor", "robosim.gui.state", "robosim.plotting",
                "robosim.ik", "robosim.workspace", "robosim.trajectory", "robosim.planning",
                "robosim.hardware")
# (robosim.collision and robosim.dynamics come with ``import robosim``: robot files carry
# dynamics, and a simulated fall stops at what it hits)


def test_the_application_starts_on_the_welcome_screen_without_the_rest_of_robosim():
    # `robosim` alone: the command line without a command (refused here, without a display,
    # after the point where it would open the window), then the welcome screen drawn
    code = ("import sys\nimport matplotlib\nmatplotlib.use('Agg')\n"
            "from robosim.cli import main\nassert main([]) == 2\n"
            "from robosim.gui.app import Application\nApplication().fig.canvas.draw()\n"
            "print(' '.join(sorted(sys.modules)))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert "no display" in result.stderr
    imported = result.stdout.split()
    assert "robosim.gui.screens.welcome" in imported
    assert [name for name in imported if any(within(name, later) for later in NOT_AT_START)] \
        == []

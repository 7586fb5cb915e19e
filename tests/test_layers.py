"""Imports point downward only (ARCHITECTURE: layers), each rule checked on every module.

    cli.py, commands/   ->  may use plotting/, hardware/, the core; gui/ only through gui.run
    gui/                ->  plotting/, hardware/, the core; never commands/
    plotting/           ->  the core (Figure API: no pyplot); never gui/ or commands/
    hardware/           ->  the core; never gui/, plotting/ or commands/
    core                ->  numpy and the standard library only
"""

import ast
import functools
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_commands_reach_the_gui_only_through_gui_run():
    allowed = {("robosim.commands.app", "robosim.gui"), ("robosim.commands.app", "robosim.gui.run")}
    assert offending("robosim.commands", ["robosim.gui"], allowed) == []
    assert offending("robosim.cli", ["robosim.gui", "robosim.plotting"]) == []


def test_the_gui_never_imports_the_commands():
    assert offending("robosim.gui", ["robosim.commands", "robosim.cli"]) == []


def test_plotting_imports_neither_gui_nor_commands_nor_pyplot():
    assert offending("robosim.plotting", ["robosim.gui", "robosim.commands", "robosim.cli",
                                          "matplotlib.pyplot"]) == []


def test_hardware_imports_no_screen_and_no_command():
    assert offending("robosim.hardware", ["robosim.gui", "robosim.plotting", "robosim.commands",
                                          "robosim.cli", "matplotlib"]) == []


@pytest.mark.parametrize("forbidden", ["matplotlib", "mpl_toolkits", "serial", "robosim.gui",
                                       "robosim.plotting", "robosim.commands",
                                       "robosim.hardware"])
def test_the_core_imports_no_outer_layer(forbidden):
    core = [m for m in all_modules() if not m.startswith(OUTER_LAYERS)]
    assert "robosim.robot" in core and "robosim.ik.numeric" in core
    bad = [line for module in core for line in offending(module, [forbidden], exact=True)]
    assert bad == []


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


def import_cycles(package):
    """The groups of modules of ``package`` that import each other, directly or through
    others (function-level imports too; the package's ``__init__`` is left out)."""
    modules = {m for m in all_modules() if within(m, package) and m != package}

    def module_of(imported):
        while imported and imported not in modules:
            imported = imported.rpartition(".")[0]
        return imported

    graph = {m: {module_of(i) for i in all_modules()[m]} - {"", m} for m in modules}
    reach = {m: reachable(graph, m) for m in modules}
    groups = {frozenset(m for m in reach[start] if start in reach[m])
              for start in modules if start in reach[start]}
    return sorted(sorted(group) for group in groups)


def reachable(graph, start):
    """Every node a path from ``start`` reaches in ``graph`` (node -> set of nodes)."""
    seen, todo = set(), [start]
    while todo:
        for node in graph[todo.pop()]:
            if node not in seen:
                seen.add(node)
                todo.append(node)
    return seen


def test_no_two_gui_modules_import_each_other():
    # the Real arm window and the calibration window once did, for two colours (gui/theme.py)
    assert import_cycles("robosim.gui") == []

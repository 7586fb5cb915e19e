"""robosim uses no private matplotlib API (issue 13): no foreign name with a leading underscore.

Private names change without notice between matplotlib versions. robosim reaches every one of
its needs through public API (figure and canvas callbacks, ``Widget.disconnect_events``,
``canvas.manager.key_press_handler_id``: MATPLOTLIB_NOTES.md), so there is no compatibility
module to exempt: a foreign private name anywhere fails here.

Checked in every module of the package, on its syntax tree:
- imports of a private module or name from outside robosim
  (``from matplotlib._pylab_helpers import Gcf``; robosim's own relative imports are its own
  business);
- attributes with a leading underscore read or set on anything but ``self``/``cls``
  (``widget._observers``), unless robosim itself defines that name (a function, class,
  module constant or ``self._name`` attribute of robosim's: its own privates);
- ``getattr``/``setattr``/``hasattr`` with such a literal name.
"""

import ast
from pathlib import Path

import robosim

PACKAGE = Path(robosim.__file__).parent
ACCESSORS = {"getattr", "setattr", "hasattr", "delattr"}


def private(name):
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def own_private_names(sources):
    """Private names robosim defines itself: functions, classes, module names, self._attrs."""
    names = set()
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                  and isinstance(node.value, ast.Name) and node.value.id == "self"):
                names.add(node.attr)
    return {name for name in names if private(name)}


def private_uses(source, own=frozenset()):
    """``(line, text)`` of each foreign private use in ``source`` (the rules above); ``own``:
    the private names robosim defines."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level or (node.module or "").split(".")[0] == "robosim":
                continue
            names = [alias.name for alias in node.names]
            if any(private(p) for p in node.module.split(".")) or any(map(private, names)):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Import):
            if any(private(p) for alias in node.names for p in alias.name.split(".")):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Attribute) and private(node.attr) and node.attr not in own:
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append((node.lineno, ast.unparse(node)))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ACCESSORS and len(node.args) >= 2
              and isinstance(node.args[1], ast.Constant)
              and isinstance(node.args[1].value, str) and private(node.args[1].value)
              and node.args[1].value not in own):
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_check_finds_each_kind_of_private_use():
    source = ("from matplotlib._pylab_helpers import Gcf\nimport matplotlib._api\n"
              "widget._observers.process('x')\nobservers = getattr(w, '_observers')\n"
              "self._own = 1\nx.__class__\nfrom .numeric import _solve\nother._mine\n")
    found = private_uses(source, own={"_mine"})
    assert sorted(line for line, _ in found) == [1, 2, 3, 4]


def test_no_robosim_module_uses_a_foreign_private_name():
    paths = sorted(PACKAGE.rglob("*.py"))
    sources = {path: path.read_text(encoding="utf-8") for path in paths}
    own = own_private_names(sources.values())
    offences = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text}"
                for path, source in sources.items()
                for line, text in private_uses(source, own)]
    assert offences == []

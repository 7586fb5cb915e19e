"""robosim uses no private matplotlib API (issue 13): nothing named with a leading underscore.

Private names change without notice between matplotlib versions. robosim reaches every one of
its needs through public API (figure and canvas callbacks, ``Widget.disconnect_events``,
``canvas.manager.key_press_handler_id``: MATPLOTLIB_NOTES.md), so there is no compatibility
module to exempt: a private name anywhere fails here.

Checked in every module of the package, on its syntax tree:
- imports of a private module or name (``from matplotlib._pylab_helpers import Gcf``);
- attributes with a leading underscore read or set on anything but ``self``/``cls``
  (``widget._observers``, ``canvas._robosim_flag``): robosim's own private attributes are
  reached through ``self`` only;
- ``getattr``/``setattr``/``hasattr`` with a literal private name.
"""

import ast
from pathlib import Path

import robosim

PACKAGE = Path(robosim.__file__).parent
ACCESSORS = {"getattr", "setattr", "hasattr", "delattr"}


def private(name):
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(source):
    """``(line, text)`` of each private use in ``source`` (the rules above)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            module_parts = (node.module or "").split(".")
            names = [alias.name for alias in node.names]
            if any(private(p) for p in module_parts) or any(map(private, names)):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Import):
            if any(private(p) for alias in node.names for p in alias.name.split(".")):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Attribute) and private(node.attr):
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append((node.lineno, ast.unparse(node)))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ACCESSORS and len(node.args) >= 2
              and isinstance(node.args[1], ast.Constant)
              and isinstance(node.args[1].value, str) and private(node.args[1].value)):
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_check_finds_each_kind_of_private_use():
    source = ("from matplotlib._pylab_helpers import Gcf\nimport matplotlib._api\n"
              "widget._observers.process('x')\nobservers = getattr(w, '_observers')\n"
              "self._own = 1\nx.__class__\n")
    assert sorted(line for line, _ in private_uses(source)) == [1, 2, 3, 4]


def test_no_robosim_module_uses_a_private_name():
    offences = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text}"
                for path in sorted(PACKAGE.rglob("*.py"))
                for line, text in private_uses(path.read_text(encoding="utf-8"))]
    assert offences == []

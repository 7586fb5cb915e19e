"""The public API carries type hints (issue 19, item 6), so editors and type checkers can help.

Every public function and method defined in the modules below (names not starting with ``_``,
plus ``__init__``) must annotate each parameter and, except ``__init__``, its return value, and
``typing.get_type_hints`` must evaluate those hints: the modules use ``from __future__ import
annotations``, so a hint naming something that does not exist would fail only here, or in a
user's type checker, never at import.
The modules are the ones a user imports: the core, the hardware driver and the figure helpers.
The GUI and the CLI commands are applications, not an API, and are left out.
"""

import importlib
import importlib.resources
import inspect
import pkgutil
import typing

import pytest

import robosim

PACKAGES_LEFT_OUT = ("robosim.gui", "robosim.commands")
MODULES_LEFT_OUT = ("robosim.cli", "robosim.__main__")


def public_modules():
    names = ["robosim"]
    for info in pkgutil.walk_packages(robosim.__path__, "robosim."):
        if info.name.startswith(PACKAGES_LEFT_OUT) or info.name in MODULES_LEFT_OUT:
            continue
        names.append(info.name)
    return sorted(names)


def unannotated(function):
    """Names of the parameters of ``function`` without a hint, and "return" if it has none."""
    signature = inspect.signature(function)
    missing = [name for name, parameter in signature.parameters.items()
               if name not in ("self", "cls") and parameter.annotation is inspect.Parameter.empty]
    if function.__name__ != "__init__" and signature.return_annotation is inspect.Signature.empty:
        missing.append("return")
    return missing


def unresolved(function):
    """Why ``typing.get_type_hints`` cannot evaluate the hints of ``function``, or ""."""
    try:
        typing.get_type_hints(function)
    except Exception as exc:  # noqa: BLE001 - NameError, TypeError, ...: whatever the hint raises
        return f"{type(exc).__name__}: {exc}"
    return ""


def public_functions(module):
    """``(qualified name, function)`` for each public function and method defined in ``module``."""
    for name, value in vars(module).items():
        if name.startswith("_") or getattr(value, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(value):
            yield name, value
        elif inspect.isclass(value):
            for attribute, member in vars(value).items():
                if attribute.startswith("_") and attribute != "__init__":
                    continue
                if isinstance(member, property):
                    member = member.fget
                elif isinstance(member, (staticmethod, classmethod)):
                    member = member.__func__
                if inspect.isfunction(member) and member.__module__ == module.__name__:
                    yield f"{name}.{attribute}", member


@pytest.mark.parametrize("module_name", public_modules())
def test_public_functions_have_type_hints(module_name):
    module = importlib.import_module(module_name)
    problems = [f"{name}: {', '.join(missing)}" for name, function in public_functions(module)
                if (missing := unannotated(function))]
    assert not problems, f"{module_name}: functions without type hints:\n" + "\n".join(problems)


@pytest.mark.parametrize("module_name", public_modules())
def test_the_hints_resolve(module_name):
    module = importlib.import_module(module_name)
    problems = [f"{name}: {why}" for name, function in public_functions(module)
                if (why := unresolved(function))]
    assert not problems, f"{module_name}: hints that do not resolve:\n" + "\n".join(problems)


def test_the_walk_finds_the_api():
    """The module walk sees the modules the issue names (a walk finding nothing passes all)."""
    assert {"robosim.kinematics.robot", "robosim.robot_files.library", "robosim.ik.numeric",
            "robosim.workspace.forward",
            "robosim.dynamics", "robosim.plotting.arm",
            "robosim.trajectory.motion", "robosim.hardware.lynx6"} <= set(public_modules())


def test_the_dataclasses_resolve():
    assert typing.get_type_hints(robosim.Robot)["joints"] == tuple[robosim.Joint, ...]
    assert typing.get_type_hints(robosim.Joint)["limits"] == tuple[float, float]


def test_the_package_says_it_is_typed():
    assert (importlib.resources.files("robosim") / "py.typed").is_file()

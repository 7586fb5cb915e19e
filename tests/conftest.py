"""Shared test set-up: a display-free matplotlib backend and closed figures after each test."""

import gc
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # the backend must be chosen first
import numpy as np
import pytest


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture(autouse=True)
def _numpy_print_options():
    """Each test's changes to numpy's print options end with it.

    Tests that run users' code (the notebooks set ``np.set_printoptions``) would otherwise change
    how every later test prints arrays, the package's docstring examples among them.
    """
    with np.printoptions():
        yield


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    """Keep each test's per-user files (autosaves) in its own temporary folder."""
    monkeypatch.setenv("ROBOSIM_HOME", str(tmp_path / "robosim-home"))


@pytest.fixture
def board():
    """A simulated SSC-32 on a pseudo-terminal (tests/ssc32_board.py), closed after the test."""
    from ssc32_board import SimulatedSSC32

    simulated = SimulatedSSC32()
    yield simulated
    simulated.close()


def pytest_collection_modifyitems(items):
    """Image-baseline tests (pytest-mpl's ``mpl_image_compare``) are ``slow``: the quick
    developer loop ``-m "not slow"`` leaves them out, the default run and CI keep them."""
    for item in items:
        if item.get_closest_marker("mpl_image_compare") is not None:
            item.add_marker(pytest.mark.slow)


# ------------------------------------------------ GUI teardown (issue 29, item 9)
# Kept here rather than in a tests/gui/conftest.py: with --doctest-modules a third conftest.py
# module clashes with tests/faults/conftest.py when both folders are collected in one run.
GUI_TESTS = Path(__file__).resolve().parent / "gui"
_applications_made = []      # the applications the running GUI test built


@pytest.fixture(autouse=True)
def _applications_remembered(request, monkeypatch):
    """In GUI tests, remember every Application built, for :func:`pytest_runtest_teardown`."""
    if GUI_TESTS not in request.node.path.parents:
        return
    from robosim.gui.app import Application

    build = Application.__init__

    def build_and_remember(self, *args, **kwargs):
        _applications_made.append(self)
        build(self, *args, **kwargs)

    monkeypatch.setattr(Application, "__init__", build_and_remember)


def _figures_kept_by_pytest_mpl(config):
    """The dicts in which pytest-mpl keeps the figure each image test returned.

    pytest-mpl 0.19 stores every returned figure in its plugin's ``return_value`` dict, keyed
    by test name, and never lets go of it (it closes the figure but keeps the reference), so
    each image test's figure, and the whole application its callbacks refer to, lived until
    the session ended: the heap grew by about 20,000 objects per image test, and every
    collection of the garbage collector, in every later test, walked through them all.
    """
    for plugin in config.pluginmanager.get_plugins():
        kept = getattr(plugin, "return_value", None)
        if isinstance(kept, dict):
            yield kept


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item):
    """Tests let go of their figures and GUI tests tear their windows down.

    An image test's figure is dropped from pytest-mpl's store once pytest-mpl has compared it
    (its hook wraps the call phase, which is over).

    In GUI tests every Application the test built is closed (screen, arm state, timers, tool
    windows), every figure still open gets the close event its window's close button sends
    (tool windows opened without an application stop their timers and let go), then pyplot
    forgets them all and the collector runs, so closed figures do not pile up between tests.
    A GUI test that opened no figure (the arm state's and the file lists' own tests) leaves no
    figure to free: the collector is not run for it. Runs before any fixture is finalised: a
    real-arm panel still finds its simulated board (the ``board`` fixture) open when it closes
    its port."""
    if item.get_closest_marker("mpl_image_compare") is not None:
        for kept in _figures_kept_by_pytest_mpl(item.config):
            kept.clear()
    if GUI_TESTS not in item.path.parents:
        return
    from matplotlib.backend_bases import CloseEvent

    opened_figures = bool(_applications_made) or bool(plt.get_fignums())
    while _applications_made:
        _applications_made.pop().close()
    for number in plt.get_fignums():
        canvas = plt.figure(number).canvas
        canvas.callbacks.process("close_event", CloseEvent("close_event", canvas))
    plt.close("all")
    if opened_figures:
        gc.collect()

"""Shared test set-up: a display-free matplotlib backend and closed figures after each test."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # the backend must be chosen first
import pytest


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


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

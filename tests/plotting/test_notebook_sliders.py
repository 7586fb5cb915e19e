"""Notebook sliders: ranges from the joint limits in user units, redraws in API units, and a
static picture where ipywidgets is missing."""

import sys
import types

import numpy as np
import pytest
from matplotlib.figure import Figure

import robosim
from robosim.plotting.notebook import joint_sliders


class FakeSlider:
    """An ipywidgets slider reduced to the options it was made with."""

    def __init__(self, **options):
        self.options = options


def fake_ipywidgets():
    """A stand-in for ipywidgets: the sliders it was given and the function to call."""
    module = types.ModuleType("ipywidgets")
    module.FloatSlider = FakeSlider
    module.interactive = lambda function, **sliders: (function, sliders)
    return module


def test_without_ipywidgets_the_figure_at_q_is_returned(monkeypatch):
    monkeypatch.setitem(sys.modules, "ipywidgets", None)      # import fails
    robot = robosim.load_robot("Planar 3R")
    shown = []
    result = joint_sliders(robot, lambda q: shown.append(q) or Figure(), q=[0.1, 0.2, 0.3])
    assert isinstance(result, Figure)
    np.testing.assert_allclose(shown[0], [0.1, 0.2, 0.3])


def test_sliders_span_the_limits_in_degrees_and_redraw_in_radians(monkeypatch):
    monkeypatch.setitem(sys.modules, "ipywidgets", fake_ipywidgets())
    robot = robosim.load_robot("SCARA")              # revolute and prismatic joints
    shown = []
    redraw, sliders = joint_sliders(robot, lambda q: shown.append(q) or Figure())
    assert list(sliders) == [f"q{i}" for i in range(1, robot.n + 1)]
    for joint, slider in zip(robot.joints, sliders.values(), strict=True):
        low, high = joint.limits
        if joint.is_revolute:
            expected = (np.degrees(low), np.degrees(high))
            assert slider.options["description"].endswith("(deg)")
        else:
            expected = (low, high)
            assert slider.options["description"].endswith(f"({robot.unit})")
        assert (slider.options["min"], slider.options["max"]) == pytest.approx(expected)
    values = {name: (s.options["min"] + s.options["max"]) / 2 for name, s in sliders.items()}
    redraw(**values)
    np.testing.assert_allclose(shown[-1], robot.q_from_user(list(values.values())))

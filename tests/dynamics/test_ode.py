"""Dormand-Prince steps and their dense output, on an oscillator whose motion is known:
``x'' = -x`` from ``x = 1, x' = 0`` is ``x = cos t``."""

import numpy as np
import pytest

from robosim.dynamics.ode import dormand_prince_step


def oscillator(t, y):
    return np.array([y[1], -y[0]])


@pytest.mark.parametrize("h", [0.2, 0.1])
def test_a_step_is_fifth_order_and_its_error_estimate_is_the_size_of_its_error(h):
    y = np.array([1.0, 0.0])
    step = dormand_prince_step(oscillator, 0.0, y, oscillator(0.0, y), h)
    error = np.abs(step.y_end - [np.cos(h), -np.sin(h)]).max()
    assert error < 2e-3 * h ** 6               # a 5th-order method: local error ~ h^6
    assert error / 30 < np.abs(step.error).max() < error * 30
    assert step.slope_end == pytest.approx(oscillator(h, step.y_end), rel=1e-15)


def test_the_dense_output_follows_the_motion_inside_the_step():
    h = 0.3
    y = np.array([1.0, 0.0])
    step = dormand_prince_step(oscillator, 0.0, y, oscillator(0.0, y), h)
    fractions = np.linspace(0.0, 1.0, 11)
    inside = step.at(fractions)
    assert inside.shape == (11, 2)
    assert inside[:, 0] == pytest.approx(np.cos(fractions * h), abs=1e-6)
    assert inside[:, 1] == pytest.approx(-np.sin(fractions * h), abs=1e-5)
    assert inside[0] == pytest.approx(y, abs=0) and inside[-1] == pytest.approx(step.y_end)


def test_a_batch_steps_side_by_side():
    y = np.array([[1.0, 0.0], [0.0, 1.0]])          # two oscillators: cos t and sin t
    step = dormand_prince_step(lambda t, y: np.stack([y[:, 1], -y[:, 0]], axis=-1), 0.0, y,
                               np.stack([y[:, 1], -y[:, 0]], axis=-1), 0.1)
    assert step.y_end[0] == pytest.approx([np.cos(0.1), -np.sin(0.1)], abs=1e-9)
    assert step.y_end[1] == pytest.approx([np.sin(0.1), np.cos(0.1)], abs=1e-9)
    assert step.at(np.array([0.5])).shape == (1, 2, 2)

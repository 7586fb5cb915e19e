"""Dormand-Prince 5(4) steps with their dense output: the integrator of
:func:`robosim.dynamics.simulate`.

One step of ``y' = f(t, y)`` from ``t`` to ``t + h`` with Dormand and Prince's embedded pair
(J. R. Dormand, P. J. Prince, "A family of embedded Runge-Kutta formulae", J. Comp. Appl. Math.
6, 1980): seven stages, the last at the step's end (so the next step reuses it, "first same as
last"), a 5th-order solution, and the difference from the embedded 4th-order one as the error
estimate that sizes the next step. Between ``t`` and ``t + h`` the solution is read off a
4th-order polynomial built from the same stages (Hairer, Norsett and Wanner, *Solving Ordinary
Differential Equations I*, section II.6, the dense output of their DOPRI5 code), so results can
be reported on any time grid whatever steps the error control takes.

``y`` is an array of any shape (a batch of states side by side); ``f`` returns one of the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

#: The stages' times, as fractions of the step.
C = (0.0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1.0, 1.0)
#: Each stage's weights of the earlier stages' slopes (the Butcher tableau's rows).
A = np.array([
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    [1 / 5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    [3 / 40, 9 / 40, 0.0, 0.0, 0.0, 0.0, 0.0],
    [44 / 45, -56 / 15, 32 / 9, 0.0, 0.0, 0.0, 0.0],
    [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729, 0.0, 0.0, 0.0],
    [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656, 0.0, 0.0],
    [35 / 384, 0.0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0.0]])
#: The 5th-order solution's weights minus the embedded 4th-order one's: the error estimate.
E = np.array([71 / 57600, 0.0, -71 / 16695, 71 / 1920, -17253 / 339200, 22 / 525, -1 / 40])
#: The dense output's weights of the slopes for its 4th-degree term (DOPRI5's ``d``).
D = np.array([-12715105075 / 11282082432, 0.0, 87487479700 / 32700410799,
              -10690763975 / 1880347072, 701980252875 / 199316789632,
              -1453857185 / 822651844, 69997945 / 29380423])


@dataclass
class Step:
    """One Dormand-Prince step from ``t`` to ``t + h``.

    Attributes
    ----------
    y_end : ndarray
        The solution at ``t + h`` (5th order).
    slope_end : ndarray
        ``f(t + h, y_end)``: the next step's first stage.
    error : ndarray
        Estimated local error of ``y_end``, per component.

    Examples
    --------
    ``y' = y`` from ``y(0) = 1``, whose solution is ``e^t``: one step of 0.1 lands on
    ``e^0.1 = 1.1051709181`` to nine decimals, and estimates its own error at about 1e-8
    (it is in fact smaller: the estimate is the 4th-order solution's).

    >>> step = dormand_prince_step(lambda t, y: y, 0.0, np.array([1.0]), np.array([1.0]), 0.1)
    >>> print(f"{step.y_end[0]:.9f}, error about {abs(step.error[0]):.0e}")
    1.105170918, error about 8e-09
    """

    h: float
    y_start: np.ndarray
    y_end: np.ndarray
    slope_end: np.ndarray
    error: np.ndarray
    slopes: np.ndarray               # (7, y.size): the stages' slopes, flattened
    _terms: tuple | None = None      # the dense output's polynomial, made on first use

    def at(self, fraction: float | np.ndarray) -> np.ndarray:
        """The solution at ``t + fraction * h`` (``0 <= fraction <= 1``; an array ``(m,)`` of
        fractions gives ``(m,) + y.shape``), from the 4th-order dense output.

        Examples
        --------
        Halfway through a step of 0.1 of ``y' = y`` from ``y(0) = 1``: ``e^0.05 =
        1.0512711`` to seven decimals; the ends are the step's own start and end.

        >>> step = dormand_prince_step(lambda t, y: y, 0.0, np.array([1.0]), np.array([1.0]),
        ...                            0.1)
        >>> print(np.round(step.at([0.0, 0.5, 1.0])[:, 0], 7))
        [1.        1.0512711 1.1051709]
        """
        fraction = np.asarray(fraction, dtype=float)
        theta = fraction.reshape(fraction.shape + (1,) * self.y_start.ndim)
        if self._terms is None:
            h, shape = self.h, self.y_start.shape
            change = self.y_end - self.y_start
            first = h * self.slopes[0].reshape(shape) - change
            second = change - h * self.slope_end - first
            self._terms = change, first, second, (h * D @ self.slopes).reshape(shape)
        change, first, second, fourth = self._terms
        rest = 1.0 - theta
        return self.y_start + theta * (change + rest * (first + theta * (second + rest * fourth)))


def dormand_prince_step(f: Callable[[float, np.ndarray], np.ndarray], t: float,
                        y: np.ndarray, slope: np.ndarray, h: float) -> Step:
    """One step of ``y' = f(t, y)`` from ``y`` at ``t``, where ``f(t, y) = slope``, to
    ``t + h``: six new evaluations of ``f``.

    Examples
    --------
    A stone thrown up at 10 m/s under ``g = 9.81`` m/s^2, ``y = (height, speed)``: the
    solution is a polynomial of degree 2, which a 5th-order step follows exactly, so after
    1 s it is at ``10 * 1 - 9.81 / 2 = 5.095`` m, going up at ``10 - 9.81 = 0.19`` m/s.

    >>> fall = lambda t, y: np.array([y[1], -9.81])
    >>> step = dormand_prince_step(fall, 0.0, np.array([0.0, 10.0]), np.array([10.0, -9.81]),
    ...                            1.0)
    >>> print(np.round(step.y_end, 9))
    [5.095 0.19 ]
    """
    slopes = np.empty((7, y.size))
    slopes[0] = slope.reshape(-1)
    for i in range(1, 7):
        stage = y + (h * A[i, :i] @ slopes[:i]).reshape(y.shape)
        slopes[i] = f(t + C[i] * h, stage).reshape(-1)
    # the last stage is the 5th-order solution, its slope the next step's first
    return Step(h=h, y_start=y, y_end=stage, slope_end=slopes[6].reshape(y.shape),
                error=(h * E @ slopes).reshape(y.shape), slopes=slopes)

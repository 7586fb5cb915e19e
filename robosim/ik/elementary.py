"""Elementary functions on Python floats (one target) or on ``(B,)`` arrays (many), so that
one formula serves both, as :func:`robosim.robot.chain_components` does for the kinematics."""

from __future__ import annotations

import cmath
import math
from typing import Any

import numpy as np


class FloatMath:
    """Python floats: no numpy per-call cost."""

    cos = staticmethod(math.cos)
    sin = staticmethod(math.sin)
    sqrt = staticmethod(math.sqrt)
    atan2 = staticmethod(math.atan2)
    asin = staticmethod(math.asin)
    maximum = staticmethod(max)
    absolute = staticmethod(abs)
    complex_sqrt = staticmethod(cmath.sqrt)
    phase = staticmethod(cmath.phase)

    @staticmethod
    def where(condition: Any, if_true: Any, if_false: Any) -> Any:
        """``if_true`` if ``condition`` else ``if_false`` (typed loosely, as
        :meth:`ArrayMath.where`, so that one formula type-checks with both)."""
        return if_true if condition else if_false

    @staticmethod
    def clip(value: float, lower: float, upper: float) -> float:
        return min(max(value, lower), upper)

    @staticmethod
    def companion_roots(coefficients: list[complex]) -> list[complex]:
        """Roots of the polynomial ``coefficients`` (highest power first, leading one
        nonzero), as the eigenvalues of its companion matrix."""
        degree = len(coefficients) - 1
        companion = np.eye(degree, k=-1, dtype=complex)
        companion[0] = [-c / coefficients[0] for c in coefficients[1:]]
        return np.linalg.eigvals(companion).tolist()


class ArrayMath:
    """``(B,)`` arrays, element by element."""

    cos = staticmethod(np.cos)
    sin = staticmethod(np.sin)
    sqrt = staticmethod(np.sqrt)
    atan2 = staticmethod(np.arctan2)
    asin = staticmethod(np.arcsin)
    maximum = staticmethod(np.maximum)
    absolute = staticmethod(np.abs)
    clip = staticmethod(np.clip)
    phase = staticmethod(np.angle)

    @staticmethod
    def where(condition: Any, if_true: Any, if_false: Any) -> Any:
        """:func:`numpy.where` with its three arguments (its one-argument form returns
        indices, which its type stubs would otherwise let through)."""
        return np.where(condition, if_true, if_false)

    @staticmethod
    def complex_sqrt(z: np.ndarray) -> np.ndarray:
        """The principal square root, complex for a negative real (as :func:`cmath.sqrt`)."""
        return np.sqrt(np.asarray(z, dtype=complex))

    @staticmethod
    def companion_roots(coefficients: list[np.ndarray]) -> list[np.ndarray]:
        """:meth:`FloatMath.companion_roots` of ``B`` polynomials at once (each coefficient a
        ``(B,)`` array): the roots as ``degree`` arrays ``(B,)``."""
        degree = len(coefficients) - 1
        leading = np.asarray(coefficients[0])
        companion = np.zeros((leading.shape[0], degree, degree), dtype=complex)
        for k, c in enumerate(coefficients[1:]):
            companion[:, 0, k] = -c / leading
        companion[:, range(1, degree), range(degree - 1)] = 1.0
        return list(np.linalg.eigvals(companion).T)

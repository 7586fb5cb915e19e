"""Elementary functions on Python floats (one target) or on ``(B,)`` arrays (many), so that
one formula serves both, as :func:`robosim.robot.chain_components` does for the kinematics."""

from __future__ import annotations

import math

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

    @staticmethod
    def where(condition: bool, if_true: float, if_false: float) -> float:
        return if_true if condition else if_false

    @staticmethod
    def clip(value: float, lower: float, upper: float) -> float:
        return min(max(value, lower), upper)


class ArrayMath:
    """``(B,)`` arrays, element by element."""
    cos = staticmethod(np.cos)
    sin = staticmethod(np.sin)
    sqrt = staticmethod(np.sqrt)
    atan2 = staticmethod(np.arctan2)
    asin = staticmethod(np.arcsin)
    maximum = staticmethod(np.maximum)
    absolute = staticmethod(np.abs)
    where = staticmethod(np.where)
    clip = staticmethod(np.clip)

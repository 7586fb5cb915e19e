"""Elementary functions on Python floats (one target, one pose) or on ``(B,)`` arrays (many),
so that one formula serves both: the kinematics (:mod:`robosim.kinematics.chain`), the
closed-form and numeric IK (:mod:`robosim.ik`) and the collision distances
(:mod:`robosim.collision`) take one of these classes as ``ops``; :func:`evaluate` runs such a
formula on one configuration or on a batch and gathers what it computes into an array.
"""

from __future__ import annotations

import cmath
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .transforms import half_angle_cos_sin

#: Configurations a batch formula computes at once: enough to spread numpy's per-call cost,
#: few enough that its working columns stay in the processor's cache.
BLOCK_ROWS = 4096


class FloatMath:
    """Python floats: no numpy per-call cost.

    Examples
    --------
    One formula, here on floats: ``atan2(1, 1) = pi / 4``.

    >>> print(f"{FloatMath.atan2(1.0, 1.0):.6f}  {FloatMath.sqrt(2.0):.6f}")
    0.785398  1.414214
    """

    # Built-in functions do not bind to the class: no staticmethod wrapper to unwrap per call.
    cos = math.cos
    sin = math.sin
    sqrt = math.sqrt
    atan2 = math.atan2
    asin = math.asin
    maximum = max
    minimum = min
    absolute = abs
    complex_sqrt = cmath.sqrt
    phase = cmath.phase
    ceil = math.ceil
    floor = math.floor
    rint = round
    #: Over the batch's rows, which for one configuration is the value itself.
    batch_any = bool
    batch_all = bool
    batch_min = float
    batch_max = float

    @staticmethod
    def stack(components: Sequence[float]) -> np.ndarray:
        """The components of one configuration as an array ``(1, k)``: a batch of one, as
        :meth:`ArrayMath.stack` makes a batch.

        Examples
        --------
        >>> FloatMath.stack([1.0, 2.0])
        array([[1., 2.]])
        """
        return np.array([components], dtype=float)

    @staticmethod
    def unstack(rows: np.ndarray) -> list[float]:
        """The components of a batch of one ``(1, k)`` as ``k`` Python floats: the inverse of
        :meth:`stack`.

        Examples
        --------
        >>> FloatMath.unstack(np.array([[1.0, 2.0]]))
        [1.0, 2.0]
        """
        return rows[0].tolist()

    @staticmethod
    def cos_sin(angle: float) -> tuple[float, float]:
        """``(cos angle, sin angle)``, as :meth:`ArrayMath.cos_sin` gives them for a batch.

        Examples
        --------
        >>> FloatMath.cos_sin(0.0)
        (1.0, 0.0)
        """
        return math.cos(angle), math.sin(angle)

    @staticmethod
    def where(condition: Any, if_true: Any, if_false: Any) -> Any:
        """``if_true`` if ``condition`` else ``if_false`` (typed loosely, as
        :meth:`ArrayMath.where`, so that one formula type-checks with both).

        Examples
        --------
        >>> FloatMath.where(2.0 > 1.0, "yes", "no"), FloatMath.where(False, 1.0, -1.0)
        ('yes', -1.0)
        """
        return if_true if condition else if_false

    @staticmethod
    def clip(value: float, lower: float, upper: float) -> float:
        """``value`` brought into ``[lower, upper]``.

        Examples
        --------
        >>> [FloatMath.clip(value, 0.0, 1.0) for value in (1.5, -0.2, 0.3)]
        [1.0, 0.0, 0.3]
        """
        return min(max(value, lower), upper)

    @staticmethod
    def each(formula: Callable[[Any], Any], values: Sequence[Any]) -> list[Any]:
        """``formula`` of each of ``values``, one after the other.

        Examples
        --------
        >>> FloatMath.each(lambda t: t * t, [1.0, 2.0, 3.0])
        [1.0, 4.0, 9.0]
        """
        return [formula(value) for value in values]

    @staticmethod
    def solve(matrix: Sequence[Sequence[float]], rhs: Sequence[float]) -> list[float]:
        """``x`` with ``matrix x = rhs``: ``matrix`` n rows of n floats, ``rhs`` n floats, ``x``
        n floats, by :func:`numpy.linalg.solve` (LU with partial pivoting; a singular matrix
        raises :class:`numpy.linalg.LinAlgError`).

        Examples
        --------
        ``2 x + y = 3, x + 3 y = 5`` has ``x = 0.8, y = 1.4``:

        >>> [round(value, 12) for value in FloatMath.solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0])]
        [0.8, 1.4]
        """
        return np.linalg.solve(matrix, rhs).tolist()

    @staticmethod
    def companion_roots(coefficients: list[complex]) -> list[complex]:
        """Roots of the polynomial ``coefficients`` (highest power first, leading one
        nonzero), as the eigenvalues of its companion matrix.

        Examples
        --------
        ``x^2 - 3 x + 2 = (x - 1)(x - 2)``:

        >>> sorted(round(root.real, 9) for root in FloatMath.companion_roots([1.0, -3.0, 2.0]))
        [1.0, 2.0]
        """
        degree = len(coefficients) - 1
        companion = np.eye(degree, k=-1, dtype=complex)
        companion[0] = [-c / coefficients[0] for c in coefficients[1:]]
        return np.linalg.eigvals(companion).tolist()


class ArrayMath:
    """``(B,)`` arrays, element by element.

    Examples
    --------
    The same formula as :class:`FloatMath`, on two values at once:

    >>> print(ArrayMath.atan2(np.array([1.0, 0.0]), np.array([1.0, -1.0])).round(6))
    [0.785398 3.141593]
    """

    cos = staticmethod(np.cos)
    sin = staticmethod(np.sin)
    sqrt = staticmethod(np.sqrt)
    atan2 = staticmethod(np.arctan2)
    asin = staticmethod(np.arcsin)
    maximum = staticmethod(np.maximum)
    minimum = staticmethod(np.minimum)
    absolute = staticmethod(np.abs)
    phase = staticmethod(np.angle)
    ceil = staticmethod(np.ceil)
    floor = staticmethod(np.floor)
    rint = staticmethod(np.rint)
    #: Over the batch's rows.
    batch_any = staticmethod(np.any)
    batch_all = staticmethod(np.all)
    batch_min = staticmethod(np.min)
    batch_max = staticmethod(np.max)
    #: ``(cos, sin)`` from ``tan(angle / 2)``: within 1 ulp of ``np.cos`` and ``np.sin``, and
    #: faster on this machine (:func:`~robosim.kinematics.half_angle_cos_sin` says by how much).
    cos_sin = staticmethod(half_angle_cos_sin)

    @staticmethod
    def where(condition: Any, if_true: Any, if_false: Any) -> Any:
        """:func:`numpy.where` with its three arguments (its one-argument form returns
        indices, which its type stubs would otherwise let through).

        Examples
        --------
        >>> ArrayMath.where(np.array([True, False]), 1.0, np.array([5.0, 6.0])).tolist()
        [1.0, 6.0]
        """
        return np.where(condition, if_true, if_false)

    @staticmethod
    def clip(value: Any, lower: Any, upper: Any) -> Any:
        """``value`` brought into ``[lower, upper]`` element by element, as two ufuncs (on a few
        numbers, :func:`numpy.clip`'s own checks take several times as long).

        Examples
        --------
        >>> ArrayMath.clip(np.array([1.5, -0.2, 0.3]), 0.0, 1.0).tolist()
        [1.0, 0.0, 0.3]
        """
        return np.minimum(np.maximum(value, lower), upper)

    @staticmethod
    def each(formula: Callable[[Any], Any], values: Sequence[Any]) -> list[Any]:
        """``formula`` of each of ``values`` (equally shaped arrays), in one evaluation on the
        values stacked along a new first axis: as many numpy calls as one value takes, what
        :meth:`FloatMath.each` computes one value at a time.

        Examples
        --------
        >>> squares = ArrayMath.each(lambda t: t * t, [np.array([1.0, 2.0]), np.array([3.0, 4.0])])
        >>> [square.tolist() for square in squares]
        [[1.0, 4.0], [9.0, 16.0]]
        """
        return list(formula(np.stack(values)))

    @staticmethod
    def stack(components: Sequence[Any]) -> np.ndarray:
        """``k`` components (``(B,)`` arrays, or floats that hold for every row) as rows
        ``(B, k)``.

        Examples
        --------
        >>> ArrayMath.stack([np.array([1.0, 2.0]), 0.0]).tolist()
        [[1.0, 0.0], [2.0, 0.0]]
        """
        return np.stack(np.broadcast_arrays(*components), axis=-1)

    @staticmethod
    def unstack(rows: np.ndarray) -> list[np.ndarray]:
        """Rows ``(B, k)`` as their ``k`` columns ``(B,)``: the inverse of :meth:`stack`.

        Examples
        --------
        >>> [column.tolist() for column in ArrayMath.unstack(np.array([[1.0, 0.0], [2.0, 0.0]]))]
        [[1.0, 2.0], [0.0, 0.0]]
        """
        return list(rows.T)

    @staticmethod
    def complex_sqrt(z: np.ndarray) -> np.ndarray:
        """The principal square root, complex for a negative real (as :func:`cmath.sqrt`).

        Examples
        --------
        >>> ArrayMath.complex_sqrt(np.array([-4.0, 9.0])).tolist()
        [2j, (3+0j)]
        """
        return np.sqrt(np.asarray(z, dtype=complex))

    @staticmethod
    def solve(matrix: Sequence[Sequence[Any]], rhs: Sequence[Any]) -> list[np.ndarray]:
        """:meth:`FloatMath.solve` of ``B`` systems at once: each entry of ``matrix`` (n rows
        of n) and of ``rhs`` (n) a ``(B,)`` array, or a float that holds for every row; ``x`` as
        n arrays ``(B,)``. The entries are gathered into a ``(B, n, n)`` stack that
        :func:`numpy.linalg.solve` solves system by system.

        Examples
        --------
        ``2 x + y = 3, x + a y = 5`` for ``a = 3`` (``x = 0.8, y = 1.4``) and ``a = 1``
        (``x = -2, y = 7``), the other entries the same for both:

        >>> x, y = ArrayMath.solve([[2.0, 1.0], [1.0, np.array([3.0, 1.0])]], [3.0, 5.0])
        >>> x.round(12).tolist(), y.round(12).tolist()
        ([0.8, -2.0], [1.4, 7.0])
        """
        n = len(rhs)
        # matrix and rhs broadcast together: a (B, n, 1) right side is a stack of columns
        # for every numpy (before 2.0 a (n, 1) one beside (B, n, n) matrices was not)
        stacked = ArrayMath.stack([entry for row in matrix for entry in row] + list(rhs))
        systems, columns = stacked[:, :n * n].reshape(-1, n, n), stacked[:, n * n:, None]
        return ArrayMath.unstack(np.linalg.solve(systems, columns)[..., 0])

    @staticmethod
    def companion_roots(coefficients: list[np.ndarray]) -> list[np.ndarray]:
        """:meth:`FloatMath.companion_roots` of ``B`` polynomials at once (each coefficient a
        ``(B,)`` array): the roots as ``degree`` arrays ``(B,)``.

        Examples
        --------
        ``x^2 - 3 x + 2`` (roots 1 and 2) and ``x^2 - 4`` (roots -2 and 2), each coefficient a
        ``(2,)`` array:

        >>> roots = ArrayMath.companion_roots([np.array([1.0, 1.0]), np.array([-3.0, 0.0]),
        ...                                    np.array([2.0, -4.0])])
        >>> np.sort(np.stack(roots).real, axis=0).round(9).T.tolist()
        [[1.0, 2.0], [-2.0, 2.0]]
        """
        degree = len(coefficients) - 1
        leading = np.asarray(coefficients[0])
        companion = np.zeros((leading.shape[0], degree, degree), dtype=complex)
        for k, c in enumerate(coefficients[1:]):
            companion[:, 0, k] = -c / leading
        companion[:, range(1, degree), range(degree - 1)] = 1.0
        return list(np.linalg.eigvals(companion).T)


def evaluate(formula: Callable[..., Sequence[Any]], batch: tuple[int, ...] | None,
             shape: tuple[int, ...], *values: Any) -> np.ndarray:
    """Run ``formula`` on one configuration or on a batch, and gather its entries in an array.

    ``formula(ops, *columns)`` computes the entries of one result, row by row in the order of
    ``shape`` (each entry a float, or a ``(B,)`` array when the configurations are a batch;
    constants may stay floats). ``values`` and ``batch`` are what
    :func:`robosim.checks.joint_arrays` returns: for one configuration (``batch`` None) lists
    of Python floats, which ``formula`` gets with ``ops = FloatMath``; for a batch ``(B, n)``
    arrays, which ``formula`` gets as ``n`` columns ``(b,)`` with ``ops = ArrayMath``, in blocks
    of :data:`BLOCK_ROWS` configurations.

    Returns
    -------
    ndarray, shape ``shape`` (one configuration) or ``(*batch, *shape)``

    Examples
    --------
    ``(q1 + q2, q1 q2)`` of one configuration, then of a batch of three:

    >>> def sum_and_product(ops, q):
    ...     return [q[0] + q[1], q[0] * q[1]]
    >>> evaluate(sum_and_product, None, (2,), [2.0, 3.0]).tolist()
    [5.0, 6.0]
    >>> batch = np.array([[1.0, 1.0], [2.0, 3.0], [0.0, 4.0]])
    >>> evaluate(sum_and_product, (3,), (2,), batch).tolist()
    [[2.0, 1.0], [5.0, 6.0], [4.0, 0.0]]
    """
    if batch is None:
        return np.array(formula(FloatMath, *values), dtype=float).reshape(shape)
    count, size = values[0].shape[0], math.prod(shape)
    # entry k of every configuration is row k, written in contiguous runs; the result is its
    # transpose, a view: a copy into ``(count, size)`` order strides through memory and takes
    # longer than the formula (a (7, 7) mass matrix: 0.4 us a configuration, the formula 0.35)
    out = np.empty((size, count))
    for start in range(0, count, BLOCK_ROWS):
        rows = slice(start, start + BLOCK_ROWS)
        entries = formula(ArrayMath, *(list(array[rows].T) for array in values))
        for k, entry in enumerate(entries):
            out[k, rows] = entry
    return out.T.reshape(batch + shape)

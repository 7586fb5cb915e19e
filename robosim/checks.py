"""The one checker of what the Python API is given: joint arrays, batches, targets, counts.

Every public function checks its inputs here, at the edge, so that a bad argument raises a
:class:`~robosim.errors.ValidationError` naming the argument, what was expected and what
arrived -- never numpy's or Python's own ``ValueError``/``TypeError``/``OverflowError`` from deep
inside, and never a silently wrong result (complex numbers with their imaginary part dropped,
dates read as numbers, a NaN count). The wrong *kind* of argument raises
:class:`~robosim.errors.ValidationTypeError`, which is also a ``TypeError``.

>>> real_array([1, 2.5], "q")
array([1. , 2.5])
>>> real_array("abc", "q")
Traceback (most recent call last):
...
robosim.errors.ValidationTypeError: q must be numbers (a list or an array), got text 'abc'
"""

from __future__ import annotations

import itertools
import math
import numbers
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .errors import ValidationError, ValidationTypeError, brief

#: numpy dtype kinds that are real numbers (bool is not: True is no joint value).
_REAL_KINDS = "iuf"
#: True/false values, Python's and numpy's: numpy reads them among numbers as 0 and 1.
BOOL_TYPES = frozenset({bool, np.bool_})
#: Scalars that are no joint value though ``float()`` reads them as numbers (``float("1")``,
#: ``float(True)``): what a shortcut that converts values one by one must leave to
#: :func:`real_array`, which names them.
NOT_NUMBER_TYPES = BOOL_TYPES | {str, np.str_, bytes, np.bytes_}
_KIND_NAMES = {"b": "true/false values", "c": "complex numbers", "M": "dates", "m": "durations",
               "U": "text", "S": "bytes", "V": "records", "O": "objects"}
#: Tolerance of a transform's last row against ``[0, 0, 0, 1]``.
LAST_ROW_TOLERANCE = 1e-9
_LAST_ROW = (0.0, 0.0, 0.0, 1.0)
#: numpy before 1.24 only warns about rows of different lengths (and makes an object array);
#: later versions raise ValueError. The warning's class left numpy's main namespace in 2.0.
_RAGGED_ONLY_WARNS = np.lib.NumpyVersion(np.__version__) < "1.24.0"
_RAGGED_WARNING = getattr(np, "VisibleDeprecationWarning", UserWarning)


def _regular_array(value):
    """``np.asarray(value)``; rows of different lengths raise ValueError on every numpy (numpy
    1.23 printed a VisibleDeprecationWarning to the user and went on with an object array)."""
    if not _RAGGED_ONLY_WARNS:
        return np.asarray(value)
    with warnings.catch_warnings():
        warnings.simplefilter("error", _RAGGED_WARNING)
        try:
            return np.asarray(value)
        except _RAGGED_WARNING:
            raise ValueError("rows of different lengths") from None


def real_array(value: ArrayLike, name: str) -> np.ndarray:
    """``value`` as a float array of finite real numbers, any shape.

    Refuses, naming ``name``: text, mappings, sets, generators and other objects that are not
    numbers or (nested) sequences of them; ragged lists; complex numbers, dates, booleans; an
    integer beyond the float range; NaN and infinity.

    Examples
    --------
    Whole numbers become floats; a true/false value is no joint angle:

    >>> real_array([[0, 90], [45, 30]], "q").tolist()
    [[0.0, 90.0], [45.0, 30.0]]
    >>> real_array([True, False], "q")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationTypeError: q must be real numbers,
        got true/false values ([True, False])
    """
    if type(value) is np.ndarray and value.dtype.kind == "f":     # the common case, fast
        if not np.isfinite(value).all():
            raise ValidationError(f"{name}: values must be finite numbers, got "
                                  f"{brief(value.tolist())}")
        return value.astype(float, copy=False)
    if isinstance(value, (str, bytes)):
        raise ValidationTypeError(f"{name} must be numbers (a list or an array), got text "
                                  f"{brief(value)}")
    if not isinstance(value, (list, tuple, np.ndarray, np.generic, int, float)) \
            and not isinstance(value, (Sequence, numbers.Number)):
        raise ValidationTypeError(f"{name} must be numbers (a list or an array), got "
                                  f"{_kind_of(value)}")
    try:
        try:
            array = _regular_array(value)
        except OverflowError:           # a Python int beyond int64: read item by item below
            array = np.array(value, dtype=object)
    except (ValueError, TypeError):
        raise ValidationError(f"{name} must be a regular array of numbers, got rows of "
                              f"different lengths: {brief(value)}") from None
    if array.dtype.kind == "O":
        array = _objects_as_floats(array, value, name)
    elif array.dtype.kind not in _REAL_KINDS or (isinstance(value, (list, tuple))
                                                 and _holds_bool(value)):
        # numpy reads a bool among numbers as 0 or 1: [True, 0.5] is [1.0, 0.5]
        kind = "b" if array.dtype.kind in _REAL_KINDS else array.dtype.kind
        raise ValidationTypeError(f"{name} must be real numbers, got "
                                  f"{_KIND_NAMES.get(kind, array.dtype)} ({brief(value)})")
    array = array.astype(float, copy=False)
    if not np.isfinite(array).all():
        raise ValidationError(f"{name}: values must be finite numbers, got "
                              f"{brief(array.tolist())}")
    return array


def _holds_bool(rows):
    """True when a list or tuple (nested) holds a bool or a numpy bool anywhere. One level at a
    time, its items' types read at C speed: a list of 100,000 rows of 6 numbers costs 30 ms
    more, about what numpy takes to read it (27 ms)."""
    while True:
        types = set(map(type, rows))
        if not types.isdisjoint(BOOL_TYPES):
            return True
        if list not in types and tuple not in types:
            return False
        rows = list(itertools.chain.from_iterable(row for row in rows
                                                  if type(row) in (list, tuple)))


def _objects_as_floats(array, value, name):
    """An object array (Python ints too large for int64, mixed items) as floats, or refused."""
    flat = []
    for item in array.ravel().tolist():
        if isinstance(item, bool) or not isinstance(item, numbers.Real):
            what = ("rows of different lengths" if isinstance(item, (list, tuple, np.ndarray))
                    else _kind_of(item))
            raise (ValidationError if "rows" in what else ValidationTypeError)(
                f"{name} must be a regular array of real numbers, got {what}: "
                f"{brief(value)}")
        try:
            flat.append(float(item))
        except OverflowError:
            flat.append(math.inf)
    return np.array(flat, dtype=float).reshape(array.shape)


def _kind_of(value):
    return f"{type(value).__name__} {brief(value, 40)}"


def transforms(value: ArrayLike, name: str) -> np.ndarray:
    """Homogeneous transforms ``(..., 4, 4)`` (a batch of at least one) with last row
    ``[0, 0, 0, 1]``; the rotation part is checked by the caller that needs it.

    Examples
    --------
    The identity passes; a last row ``[0, 0, 0, 2]`` (a scaled, projective matrix) does not:

    >>> transforms(np.eye(4), "T").shape
    (4, 4)
    >>> transforms(np.diag([1, 1, 1, 2]), "T")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: T: the last row of a transform is [0, 0, 0, 1],
        got [0.0, 0.0, 0.0, 2.0]
    """
    array = real_array(value, name)
    if array.shape[-2:] != (4, 4):
        raise ValidationError(f"{name} must be a 4x4 transform, got shape {array.shape}")
    if array.size == 0:
        raise ValidationError(f"{name}: an empty batch {array.shape}: give at least one")
    row = array[..., 3, :]
    if array.ndim == 2:                 # one transform: a list compare is a tenth of the cost
        good = all(abs(a - b) <= LAST_ROW_TOLERANCE for a, b in zip(row.tolist(), _LAST_ROW,
                                                                    strict=True))
    else:
        good = np.abs(row - _LAST_ROW).max() <= LAST_ROW_TOLERANCE
    if not good:
        bad = row.reshape(-1, 4)[np.abs(row.reshape(-1, 4) - _LAST_ROW).max(axis=1).argmax()]
        raise ValidationError(f"{name}: the last row of a transform is [0, 0, 0, 1], got "
                              f"{brief(bad.tolist())}")
    return array


def broadcast_batch(array: np.ndarray, batch_shape: tuple[int, ...], name: str,
                    against: str) -> np.ndarray:
    """``array`` ``(..., n)`` broadcast to ``batch_shape + (n,)``, or a ValidationError saying
    that its rows do not match ``against`` (one row for each, or one for all).

    Examples
    --------
    One home row serves a batch of 3 targets; 2 rows for 3 targets cannot be paired:

    >>> broadcast_batch(np.zeros((1, 6)), (3,), "q0", "targets").shape
    (3, 6)
    >>> broadcast_batch(np.zeros((2, 6)), (3,), "q0", "targets")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: q0 has rows (2,) but targets has (3,):
        give one row for all, or one for each
    """
    try:
        return np.broadcast_to(array, batch_shape + array.shape[-1:])
    except ValueError:
        raise ValidationError(f"{name} has rows {array.shape[:-1]} but {against} has "
                              f"{batch_shape or 'one'}: give one row for all, or one for "
                              f"each") from None


def _is_real_number(value: Any) -> bool:
    """True for a real number: int, float and numpy's integer and floating scalars (all
    :class:`numbers.Real`); not a bool, a complex, a time or a numpy string."""
    return isinstance(value, numbers.Real) \
        and not isinstance(value, (bool, np.bool_, np.timedelta64))


def count(value: Any, name: str, minimum: int = 0, maximum: int | None = None) -> int:
    """A whole number from ``minimum`` to ``maximum`` (a float with no fraction is taken).

    Examples
    --------
    >>> count(4.0, "steps", minimum=2)
    4
    >>> count(2.5, "steps", minimum=2)
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: steps must be a whole number from 2 up, got 2.5
    """
    if not _is_real_number(value):
        raise ValidationTypeError(f"{name} must be a whole number, got {_kind_of(value)}")
    span = f"from {minimum:,}" + (f" to {maximum:,}" if maximum is not None else " up")
    if not (math.isfinite(value) and float(value).is_integer()):
        raise ValidationError(f"{name} must be a whole number {span}, got {brief(value)}")
    whole = int(value)
    if whole < minimum or (maximum is not None and whole > maximum):
        raise ValidationError(f"{name} must be a whole number {span}, got {brief(value)}")
    return whole


def positive(value: Any, name: str, maximum: float = math.inf) -> float:
    """A finite real number ``0 < value <= maximum``.

    Examples
    --------
    >>> positive(3, "speed")
    3.0
    >>> positive(0, "speed")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: speed must be a number more than 0, got 0
    """
    if type(value) is float and 0 < value < math.inf and value <= maximum:
        return value                        # the common case, fast (NaN fails every compare)
    if not _is_real_number(value):
        raise ValidationTypeError(f"{name} must be a number, got {_kind_of(value)}")
    number = float(value)
    if not (math.isfinite(number) and 0 < number <= maximum):
        raise ValidationError(f"{name} must be a number more than 0"
                              f"{'' if math.isinf(maximum) else f' and at most {maximum:g}'}, "
                              f"got {brief(value)}")
    return number


def callable_or_none(value: Any, name: str) -> Callable[..., Any] | None:
    """``value`` if it is None or can be called (a progress callback), else a type error.

    Examples
    --------
    >>> callable_or_none(print, "progress") is print
    True
    >>> callable_or_none("print", "progress")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationTypeError: progress must be a function (or None), got str 'print'
    """
    if value is not None and not callable(value):
        raise ValidationTypeError(f"{name} must be a function (or None), got "
                                  f"{_kind_of(value)}")
    return value

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

import functools
import itertools
import math
import numbers
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import numpy as np
from numpy.typing import ArrayLike

from .errors import ValidationError, ValidationTypeError, brief

_T = TypeVar("_T")
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


def real_array(value: ArrayLike, name: str, finite: bool = True) -> np.ndarray:
    """``value`` as a float array of finite real numbers, any shape.

    Refuses, naming ``name``: text, mappings, sets, generators and other objects that are not
    numbers or (nested) sequences of them; ragged lists; complex numbers, dates, booleans; an
    integer beyond the float range; NaN and infinity (unless ``finite`` is False: where NaN
    means "unknown").

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
        if finite and not np.isfinite(value).all():
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
    if finite and not np.isfinite(array).all():
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
    """An object array (Python ints too large for int64, mixed items) as floats, or refused
    with :func:`real_array`'s words for the first item that is no real number."""
    flat = []
    for item in array.ravel().tolist():
        if isinstance(item, (list, tuple, np.ndarray)):
            raise ValidationError(f"{name} must be a regular array of numbers, got rows of "
                                  f"different lengths: {brief(value)}")
        if isinstance(item, bool) or not isinstance(item, numbers.Real):
            kind = np.asarray(item).dtype.kind
            what = _KIND_NAMES[kind] if kind in _KIND_NAMES and kind != "O" \
                else f"{type(item).__name__} values"
            raise ValidationTypeError(f"{name} must be real numbers, got {what} "
                                      f"({brief(value)})")
        flat.append(_as_float(item))
    return np.array(flat, dtype=float).reshape(array.shape)


def _kind_of(value):
    return f"{type(value).__name__} {brief(value, 40)}"


def transforms(value: ArrayLike, name: str, shape: tuple[int, ...] | None = None) -> np.ndarray:
    """Homogeneous transforms ``(..., 4, 4)`` (a batch of at least one; exactly ``shape`` when
    it is given) with last row ``[0, 0, 0, 1]``; the rotation part is checked by the caller
    that needs it.

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
    if shape is not None and array.shape != shape:
        raise ValidationError(f"{name} must be 4x4 transforms of shape {shape}, got shape "
                              f"{array.shape}")
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


#: How far a target's 3x3 part may be from a rotation: the largest entry of ``R^T R - I``.
ROTATION_TOLERANCE = 1e-6


def rotations(columns: Sequence[Any], ops: Any, name: str) -> None:
    """Refuses transforms whose 3x3 part is no rotation matrix: ``R^T R`` must be the
    identity (within :data:`ROTATION_TOLERANCE`) and ``det R = +1``.

    Parameters
    ----------
    columns : (X, Y, Z, ...)
        The transforms' columns, as :func:`robosim.kinematics.chain.frame_columns` gives them:
        3 floats each for one transform (no numpy work: a single IK target's path), ``(B,)``
        arrays each for a batch.
    ops : FloatMath or ArrayMath
        The namespace of those columns (:mod:`robosim.kinematics.elementary`).
    name : str
        The transforms' name in the message.

    Examples
    --------
    >>> from robosim.kinematics.elementary import FloatMath
    >>> rotations(((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)), FloatMath, "T")
    >>> rotations(((2.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)), FloatMath, "T")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: T: the 3x3 part is not a rotation matrix (R^T R must be
        the identity, det R = +1)
    """
    X, Y, Z = columns[:3]
    gram = (_dot(X, X) - 1.0, _dot(Y, Y) - 1.0, _dot(Z, Z) - 1.0, _dot(X, Y), _dot(X, Z),
            _dot(Y, Z))
    determinant = _dot(X, (Y[1] * Z[2] - Y[2] * Z[1], Y[2] * Z[0] - Y[0] * Z[2],
                           Y[0] * Z[1] - Y[1] * Z[0]))
    if largest_magnitude(gram, ops) > ROTATION_TOLERANCE or ops.batch_min(determinant) < 0:
        raise ValidationError(f"{name}: the 3x3 part is not a rotation matrix (R^T R must be "
                              f"the identity, det R = +1)")


def _dot(u, v):
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


def largest_magnitude(values: Sequence[Any], ops: Any) -> float:
    """The largest ``|value|`` of ``values`` (floats, or ``(B,)`` arrays of a batch in the
    namespace ``ops``), over the whole batch: one float.

    Examples
    --------
    >>> from robosim.kinematics.elementary import ArrayMath, FloatMath
    >>> largest_magnitude([1.0, -3.0, 2.0], FloatMath)
    3.0
    >>> largest_magnitude([np.array([1.0, -4.0]), np.array([2.0, 0.5])], ArrayMath)
    4.0
    """
    return float(ops.batch_max(functools.reduce(ops.maximum, map(ops.absolute, values))))


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
    if not (math.isfinite(_as_float(value)) and float(value).is_integer()):
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
    >>> positive(float("inf"), "dt")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: dt must be a finite number more than 0, got inf
    """
    if type(value) is float and 0 < value < math.inf and value <= maximum:
        return value                        # the common case, fast (NaN fails every compare)
    if not _is_real_number(value):
        raise ValidationTypeError(f"{name} must be a number, got {_kind_of(value)}")
    number = _as_float(value)
    if not (math.isfinite(number) and 0 < number <= maximum):
        kind = "a finite number" if math.isinf(number) else "a number"
        raise ValidationError(f"{name} must be {kind} more than 0"
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


# ------------------------------------------------------------------------ joint arrays
#: The most working memory, in bytes, that one call may ask for a batch of configurations; a
#: batch that would need more is refused before anything is allocated, with a message naming
#: its size.
#: Each function says how many float64 numbers it keeps per configuration at its peak
#: (``floats=``), so ``puma.fk`` takes up to about 11 million configurations at once and
#: ``puma.hessian`` about a million.
MAX_BATCH_BYTES = 2 << 30
#: Numbers per configuration a function keeps when it does not say (its inputs, output and
#: working columns: about what inverse dynamics needs).
DEFAULT_FLOATS = 64
#: The types a one-configuration list may hold to take the fast path (read item by item by
#: ``float``): Python's and numpy's real numbers; anything else (a bool, text, a complex, a
#: Decimal, a nested list) goes through :func:`real_array`, which accepts or names it.
_FAST_SCALARS = frozenset({float, int, np.float64, np.float32, np.float16, np.int64, np.int32,
                           np.int16, np.int8, np.uint64, np.uint32, np.uint16, np.uint8})


def joint_arrays(robot: Any, *named: tuple[Any, str], floats: int = DEFAULT_FLOATS,
                 empty: bool = True) -> tuple[list[Any], tuple[int, ...] | None]:
    """The robot's joint arrays of one call (``q``; ``q, qd, qdd``; ``q, qd, tau``...),
    checked together: the one edge every public function's joint values go through.

    Each array is refused, naming it, when it is not finite real numbers (text, bools,
    complex numbers, NaN, infinity: :func:`real_array`) or its last axis is not the robot's
    ``n`` joints; the arrays' batch axes (all axes but the last) must broadcast together, and
    the batch must fit :data:`MAX_BATCH_BYTES` at ``floats`` numbers per configuration,
    which is checked before anything of its size is allocated.

    Parameters
    ----------
    robot : Robot
        Only its ``joints`` (their number) and ``name`` are read.
    *named : (array_like, str)
        Each array and its name in messages (``"q"``, ``"joint velocities"``).
    floats : int, optional
        The float64 numbers the caller keeps per configuration at its peak (inputs, outputs,
        working columns), which bounds the batch.
    empty : bool, optional
        Whether an empty batch (``(0, n)``) is accepted.

    Returns
    -------
    values : list
        One entry per named array. For one configuration (every array ``(n,)``): a list of
        ``n`` Python floats each, so a body over :class:`~robosim.elementary.FloatMath` runs
        without numpy's per-call cost. For a batch: a float array ``(B, n)`` each, broadcast
        to the common batch of ``B`` configurations (``values[k].T`` are the joints' ``(B,)``
        columns).
    batch : tuple of int or None
        None for one configuration; else the batch shape, so that a result ``(B, ...)``
        becomes ``(*batch, ...)``.

    Examples
    --------
    One configuration comes back as Python floats, a batch as rows broadcast together:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> joint_arrays(arm, ([0, 0.5], "q"), ((1.0, 2.0), "qd"))
    ([[0.0, 0.5], [1.0, 2.0]], None)
    >>> values, batch = joint_arrays(arm, (np.zeros((3, 2)), "q"), ([1.0, 2.0], "qd"))
    >>> batch, values[1].shape
    ((3,), (3, 2))

    The same bad value gets the same message from every function that takes joint values:

    >>> joint_arrays(arm, ([0.1, True], "q"))
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationTypeError: q must be real numbers, got true/false values
        ([0.1, True])
    >>> joint_arrays(arm, (np.zeros((3, 2)), "q"), (np.zeros((5, 2)), "qd"))
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: q has 3 configurations, qd 5: give one configuration
        for all, or one for each
    """
    one_shape = (len(robot.joints),)
    lists = []
    total = 0.0
    for value, _ in named:              # one configuration of plain numbers: the fast path
        kind = type(value)
        if kind is np.ndarray and value.dtype.kind == "f" and value.shape == one_shape:
            values = value.tolist()
        elif (kind is list or kind is tuple) and len(value) == one_shape[0] \
                and _FAST_SCALARS.issuperset(map(type, value)):
            try:
                values = list(map(float, value))
            except OverflowError:       # an int beyond the float range: named below
                break
        else:
            break
        total += sum(values)
        lists.append(values)
    else:
        if math.isfinite(total):        # a NaN or an infinity anywhere makes the sum not
            return lists, None
    return _joint_batch(robot, named, floats, empty)


def _joint_batch(robot, named, floats, empty):
    """:func:`joint_arrays` for everything but one configuration given as plain numbers."""
    arrays = [joint_array(robot, value, name, floats) for value, name in named]
    batch = common_batch(arrays, [name for _, name in named])
    if not batch:
        return [array.tolist() for array in arrays], None
    _bound_batch(batch, named[0][1], floats)
    size = math.prod(batch)
    if size == 0 and not empty:
        raise ValidationError(f"{named[0][1]}: an empty batch {batch + (len(robot.joints),)}: "
                              f"give at least one configuration")
    return [np.broadcast_to(array, batch + array.shape[-1:]).reshape(size, array.shape[-1])
            for array in arrays], batch


def joint_array(robot: Any, value: ArrayLike, name: str = "joint values",
                floats: int = DEFAULT_FLOATS) -> np.ndarray:
    """``value`` as the robot's joint values, a float array ``(..., n)`` of finite real
    numbers, its batch bounded as in :func:`joint_arrays` (before numpy reads a broadcast
    array's values); the shape is kept. :meth:`Robot.check_q` is this.

    Examples
    --------
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> joint_array(arm, [[0, 1], [2, 3]], "q").tolist()
    [[0.0, 1.0], [2.0, 3.0]]
    >>> joint_array(arm, [0, 1, 2], "q")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: q: 2R has 2 joints, got 3 value(s)
    """
    if isinstance(value, np.ndarray) and value.ndim > 1:   # a view may be huge, not its memory
        _bound_batch(value.shape[:-1], name, floats)
    array = real_array(value, name)
    n = len(robot.joints)
    if array.ndim == 0 or array.shape[-1] != n:
        raise ValidationError(f"{name}: {robot.name} has {n} joints, got "
                              f"{array.shape[-1] if array.ndim else 1} value(s)")
    return array


def batch_count(value: Any, name: str, floats: int = DEFAULT_FLOATS) -> int:
    """A number of configurations to make (samples, tries, a random batch): a whole number
    from 0 up that fits :data:`MAX_BATCH_BYTES` at ``floats`` numbers each.

    Examples
    --------
    >>> batch_count(1000, "samples")
    1000
    >>> batch_count(10 ** 12, "tries")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: tries must be a whole number from 0 to 4,194,304, got
        1000000000000
    """
    return count(value, name, 0, MAX_BATCH_BYTES // (8 * max(1, floats)))


def common_batch(arrays: Sequence[np.ndarray], names: Sequence[str]) -> tuple[int, ...]:
    """The batch shape the arrays' batch axes broadcast to, or a ValidationError naming the
    first two that do not pair up."""
    shapes = [array.shape[:-1] for array in arrays]
    try:
        return np.broadcast_shapes(*shapes)
    except ValueError:
        pass
    for (i, first), (j, second) in itertools.combinations(enumerate(shapes), 2):
        try:
            np.broadcast_shapes(first, second)
        except ValueError:
            raise ValidationError(f"{names[i]} has {_sizes(first)} configurations, {names[j]} "
                                  f"{_sizes(second)}: give one configuration for all, or one "
                                  f"for each") from None
    raise AssertionError("numpy refused shapes that pair up two by two")   # pragma: no cover


def _sizes(batch):
    """A batch shape in words: ``(3,)`` as '3', ``(2, 3)`` as '2 x 3'."""
    return " x ".join(f"{size:,}" for size in batch)


def _bound_batch(batch, name, floats):
    """A ValidationError when ``batch`` configurations at ``floats`` numbers each would need
    more than :data:`MAX_BATCH_BYTES`."""
    most = MAX_BATCH_BYTES // (8 * max(1, floats))
    size = math.prod(batch)
    if size > most:
        raise ValidationError(f"{name}: a batch of {size:,} configurations is too large: at "
                              f"most {most:,} at once ({MAX_BATCH_BYTES >> 30} GiB of working "
                              f"memory at {floats} numbers each); give it in parts")


# ------------------------------------------------------------------ numbers and options
def non_negative(value: Any, name: str, maximum: float = math.inf, unit: str = "") -> float:
    """A finite real number ``0 <= value <= maximum`` (a blend, a dwell, a clearance), the
    message giving the bounds in ``unit``.

    Examples
    --------
    >>> non_negative(0, "blend")
    0.0
    >>> non_negative(float("nan"), "blend")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: blend must be a number from 0 up, got nan
    """
    if not _is_real_number(value):
        raise ValidationTypeError(f"{name} must be a number, got {_kind_of(value)}")
    number = _as_float(value)
    if not (math.isfinite(number) and 0 <= number <= maximum):
        span = "up" if math.isinf(maximum) else f"to {maximum:g}"
        raise ValidationError(f"{name} must be a number from 0 {span}{unit and ' ' + unit}, "
                              f"got {brief(value)}")
    return number


def finite(value: Any, name: str) -> float:
    """A finite real number, of either sign (a coordinate, an angle).

    Examples
    --------
    >>> finite(-2, "start")
    -2.0
    >>> finite("1", "start")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationTypeError: start must be a number, got str '1'
    """
    if not _is_real_number(value):
        raise ValidationTypeError(f"{name} must be a number, got {_kind_of(value)}")
    number = _as_float(value)
    if not math.isfinite(number):
        raise ValidationError(f"{name} must be a finite number, got {brief(value)}")
    return number


def field_number(value: Any, name: str, bound: float, minimum: float | None = None) -> float:
    """A numeric field of a robot file or a dynamic model (``'a'``, ``'mass'``): a finite real
    number with ``|value| <= bound`` (and ``>= minimum``), refused in the robot file's words.

    Examples
    --------
    >>> field_number(2, "mass", 1e6, minimum=0.0)
    2.0
    >>> field_number(-2, "mass", 1e6, minimum=0.0)
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: field 'mass' must be >= 0, got -2
    >>> field_number(2e6, "a", 1e6)
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: field 'a' = 2e+06 is beyond +-1e+06
    """
    if not _is_real_number(value):
        raise ValidationError(f"field '{name}' must be a number, got {brief(value)}")
    number = _as_float(value)
    if not math.isfinite(number):
        raise ValidationError(f"field '{name}' must be finite, got {brief(value)}")
    if abs(number) > bound:
        raise ValidationError(f"field '{name}' = {number:g} is beyond +-{bound:g}")
    if minimum is not None and number < minimum:
        raise ValidationError(f"field '{name}' must be >= {minimum:g}, got {number:.6g}")
    return number


def field_numbers(values: Any, name: str, count: int, bound: float) -> tuple[float, ...]:
    """A field of ``count`` numbers (a centre of mass, an inertia, a mount's ``xyz``), each
    checked by :func:`field_number`.

    Examples
    --------
    >>> field_numbers([0, 0, -9.81], "gravity", 3, 1e3)
    (0.0, 0.0, -9.81)
    >>> field_numbers("up", "gravity", 3, 1e3)
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: field 'gravity' must be a list of 3 numbers, got 'up'
    """
    if isinstance(values, (str, bytes, dict)) or not hasattr(values, "__len__") \
            or len(values) != count:
        raise ValidationError(f"field '{name}' must be a list of {count} numbers, "
                              f"got {brief(values)}")
    return tuple(field_number(value, name, bound) for value in values)


def _as_float(value):
    """``float(value)``, infinity for an int beyond the float range."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def flag(value: Any, name: str) -> bool:
    """True or False (Python's or numpy's), not ``"yes"`` nor ``1``.

    Examples
    --------
    >>> flag(np.True_, "all_turns")
    True
    >>> flag("yes", "all_turns")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationTypeError: all_turns must be True or False, got str 'yes'
    """
    if type(value) not in BOOL_TYPES:
        raise ValidationTypeError(f"{name} must be True or False, got {_kind_of(value)}")
    return bool(value)


def choice(value: Any, name: str, options: Sequence[str]) -> str:
    """One of ``options`` (exactly, case and all), or a ValidationError listing them.

    Examples
    --------
    >>> choice("box", "shape", ("box", "sphere", "cylinder"))
    'box'
    >>> choice("cone", "shape", ("box", "sphere", "cylinder"))
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: shape must be one of 'box', 'sphere', 'cylinder',
        got 'cone'
    """
    if isinstance(value, str) and value in options:
        return value
    listed = ", ".join(repr(option) for option in options)
    if isinstance(value, str):
        raise ValidationError(f"{name} must be one of {listed}, got {brief(value)}")
    raise ValidationTypeError(f"{name} must be one of {listed}, got {_kind_of(value)}")


def generator(value: Any, name: str = "rng") -> np.random.Generator:
    """A numpy random Generator from ``value``: None (fresh entropy), a seed (a whole number
    from 0 up) or a Generator itself (used as it is, so that calls draw in turn).

    Examples
    --------
    >>> float(generator(0).random()) == float(np.random.default_rng(0).random())
    True
    >>> generator("x")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationTypeError: rng must be a seed (a whole number from 0 up),
        a numpy Generator or None, got str 'x'
    """
    if value is None or isinstance(value, np.random.Generator):
        return np.random.default_rng(value)
    if isinstance(value, (int, np.integer)) and type(value) not in BOOL_TYPES:
        if value < 0:
            raise ValidationError(f"{name}: a seed is a whole number from 0 up, got "
                                  f"{brief(value)}")
        return np.random.default_rng(int(value))
    raise ValidationTypeError(f"{name} must be a seed (a whole number from 0 up), a numpy "
                              f"Generator or None, got {_kind_of(value)}")


def vector(value: ArrayLike, name: str, size: int = 3, bound: float = math.inf) -> np.ndarray:
    """``size`` finite real numbers ``(size,)`` (a point, a direction, gravity), each within
    ``+-bound``.

    Examples
    --------
    >>> vector([0, 0, -9.81], "gravity").tolist()
    [0.0, 0.0, -9.81]
    >>> vector([1, 2], "position")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: position must be 3 numbers, got shape (2,)
    >>> vector([0, 0, 1e9], "gravity", bound=1e3)
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: gravity: 1e+09 is beyond +-1000
    """
    array = real_array(value, name)
    if array.shape != (size,):
        raise ValidationError(f"{name} must be {size} numbers, got shape {array.shape}")
    if bound < math.inf and np.abs(array).max() > bound:
        raise ValidationError(f"{name}: {array[np.abs(array).argmax()]:g} is beyond "
                              f"+-{bound:g}")
    return array


def mapping(value: Any, name: str, what: str) -> dict[Any, Any]:
    """``value`` (a dict, or any mapping) as a dict; ``what`` says what it maps in the message.

    Examples
    --------
    >>> mapping({"ready": [0, 1]}, "poses", "{name: joint values}")
    {'ready': [0, 1]}
    >>> mapping([[0, 1]], "poses", "{name: joint values}")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationTypeError: poses must be a dict {name: joint values},
        got list [[0, 1]]
    """
    if not isinstance(value, Mapping):
        raise ValidationTypeError(f"{name} must be a dict {what}, got {_kind_of(value)}")
    return dict(value)


def configuration(robot: Any, value: ArrayLike, name: str) -> np.ndarray:
    """``value`` as one configuration of the robot, ``(n,)``, checked as in :func:`joint_array`.

    Examples
    --------
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> configuration(arm, [[0, 1]], "start")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: start: one configuration of 2 values, got shape (1, 2)
    """
    array = joint_array(robot, value, name)
    if array.ndim != 1:
        raise ValidationError(f"{name}: one configuration of {len(robot.joints)} values, got "
                              f"shape {array.shape}")
    return array


def shaped(value: ArrayLike, name: str, tail: tuple[int, ...], what: str,
           finite: bool = True) -> np.ndarray:
    """Real numbers ``(..., *tail)`` (rotation matrices ``(..., 3, 3)``, angles ``(..., 3)``),
    checked by :func:`real_array`; ``what`` names one of them in the message.

    Examples
    --------
    >>> shaped(np.eye(3), "R", (3, 3), "rotation matrices").shape
    (3, 3)
    >>> shaped([0.1, 0.2], "rpy", (3,), "roll, pitch, yaw")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: rpy must be roll, pitch, yaw (shape (..., 3)),
        got shape (2,)
    """
    array = real_array(value, name, finite)
    if array.shape[max(0, array.ndim - len(tail)):] != tail:
        raise ValidationError(f"{name} must be {what} (shape (..., "
                              f"{', '.join(map(str, tail))})), got shape {array.shape}")
    return array


def points(value: ArrayLike, name: str, path: bool = False) -> np.ndarray:
    """Points ``[x, y, z]`` ``(..., 3)`` of finite real numbers (length unit); with ``path``, a
    path of at least one point ``(N, 3)``.

    Examples
    --------
    >>> points([1, 2, 3], "position").shape
    (3,)
    >>> points([1, 2, 3], "positions", path=True)
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: positions must be a path of points x, y, z (shape (N, 3)),
        got shape (3,)
    """
    if not path:
        return shaped(value, name, (3,), "x, y, z")
    array = real_array(value, name)
    if array.ndim != 2 or array.shape[1] != 3 or not len(array):
        raise ValidationError(f"{name} must be a path of points x, y, z (shape (N, 3)), got "
                              f"shape {array.shape}")
    return array


def wrench(value: ArrayLike, name: str = "fext") -> np.ndarray:
    """Wrenches ``[Fx, Fy, Fz, Mx, My, Mz]`` (N, N m): finite real numbers ``(..., 6)``.

    Examples
    --------
    >>> wrench([0, 0, -10, 0, 0, 0]).shape
    (6,)
    >>> wrench(np.ones(6) + 1j)
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationTypeError: fext must be real numbers, got complex numbers
        (array([1.+1.j, 1.+1.j, 1.+1.j, 1.+1.j, 1.+1.j, 1.+1.j]))
    """
    array = real_array(value, name)
    if array.ndim == 0 or array.shape[-1] != 6:
        raise ValidationError(f"{name} must be 6 numbers [Fx, Fy, Fz, Mx, My, Mz] (N, N m) per "
                              f"configuration, got shape {array.shape}")
    return array


def indices(value: Any, name: str, size: int) -> tuple[int, ...]:
    """Whole numbers from 0 to ``size - 1`` (links of a robot, rows of a table), as a tuple.

    Examples
    --------
    >>> indices([0, 2], "ignore_links", 6)
    (0, 2)
    >>> indices((99,), "ignore_links", 6)
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: ignore_links must be a whole number from 0 to 5, got 99
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, np.ndarray,
                                                                 set, frozenset)):
        raise ValidationTypeError(f"{name} must be a list of whole numbers, got "
                                  f"{_kind_of(value)}")
    if len(value) > size:
        raise ValidationError(f"{name} lists {len(value):,} values; there are {size}")
    return tuple(count(item, name, 0, size - 1) for item in value)


def instance(value: Any, kind: type[_T], name: str, hint: str) -> _T:
    """``value`` itself when it is a ``kind`` object, else a type error; ``hint`` says where
    one comes from.

    Examples
    --------
    >>> instance("grid", int, "grid", "factor_grid, step_grid")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationTypeError: grid must be a int (factor_grid, step_grid),
        got str 'grid'
    """
    if not isinstance(value, kind):
        raise ValidationTypeError(f"{name} must be a {kind.__name__} ({hint}), got "
                                  f"{_kind_of(value)}")
    return value


def instances(value: Any, kind: type, name: str, most: int) -> tuple[Any, ...]:
    """A list or tuple of at most ``most`` objects of class ``kind`` (a robot's joints, a
    scene's obstacles), as a tuple.

    Examples
    --------
    >>> instances([1, 2], int, "counts", 3)
    (1, 2)
    >>> instances([1, 2, 3, 4], int, "counts", 3)
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: at most 3 counts, got 4
    >>> instances([1, "2"], int, "counts", 3)
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationTypeError: counts must be int objects, got str '2'
    """
    if not isinstance(value, (list, tuple)):
        raise ValidationTypeError(f"{name} must be a list of {kind.__name__} objects, got "
                                  f"{_kind_of(value)}")
    if len(value) > most:
        raise ValidationError(f"at most {most:,} {name}, got {len(value):,}")
    for item in value:
        if not isinstance(item, kind):
            raise ValidationTypeError(f"{name} must be {kind.__name__} objects, got "
                                      f"{_kind_of(item)}")
    return tuple(value)

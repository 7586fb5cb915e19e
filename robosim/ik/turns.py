"""Joint values that differ by whole turns: one configuration of the arm, several numbers.

A revolute joint at ``q`` and at ``q + 2 pi k`` puts every link in the same place, so IK
solutions are compared modulo 2 pi (:func:`same_modulo_turns`), reported as the variant
nearest a reference inside the limits (:func:`turned_inside`), or listed with every variant the
limits allow (:func:`every_turn`). Prismatic joints have no turns.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Sequence
from functools import reduce
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ..kinematics import Robot
from ..kinematics.chain import Ops
from ..kinematics.elementary import ArrayMath, FloatMath

#: Joint values this far outside a limit (radians / length unit) still count as inside, as in
#: :meth:`robosim.Robot.within_limits`; the result is then put exactly on the limit.
LIMIT_SLACK = 1e-9
TURN = 2.0 * math.pi


def wrap_to_pi(angle: float | np.ndarray) -> float | np.ndarray:
    """``angle`` (radians, a float or an array) wrapped into ``(-pi, pi]``, by whole turns.

    Examples
    --------
    Three quarters of a turn is a quarter turn the other way; a half turn stays a half turn:

    >>> print(f"{wrap_to_pi(1.5 * math.pi) / math.pi:+.2f} pi", wrap_to_pi(math.pi) == math.pi)
    -0.50 pi True
    >>> (wrap_to_pi(np.radians([270.0, -270.0, 720.0])) / np.pi).round(2).tolist()
    [-0.5, 0.5, 0.0]
    """
    return math.pi - (math.pi - angle) % TURN


def _turns(joint, value):
    """The ``k`` with ``value + 2 pi k`` inside the joint's limits (``range(0, 1)`` for a
    prismatic joint inside them; empty where none fits)."""
    lower, upper = joint.limits
    if joint.is_revolute:
        return range(math.ceil((lower - LIMIT_SLACK - value) / TURN),
                     math.floor((upper + LIMIT_SLACK - value) / TURN) + 1)
    return range(0, 1 if lower - LIMIT_SLACK <= value <= upper + LIMIT_SLACK else 0)


def joint_ranges(robot: Robot) -> tuple[tuple[float, float, bool, float], ...]:
    """Per joint ``(lower, upper, revolute, weight)`` as :func:`turned` takes them: the limits,
    whether it turns, and its weight in a distance between configurations (1, or one over the
    robot's size for a prismatic joint, so that distances do not depend on the unit)."""
    scale = robot.length_scale
    return tuple((*joint.limits, joint.is_revolute, 1.0 if joint.is_revolute else 1.0 / scale)
                 for joint in robot.joints)


def turned(values: Sequence[Any], references: Sequence[Any],
           joints: Sequence[tuple[float, float, bool, float]],
           ops: Ops) -> tuple[list[Any], Any, Any]:
    """Each of ``values`` at its variant ``value + 2 pi k`` inside its joint's limits nearest
    its reference, whether every value has one, and how far they are from the references.

    A value within :data:`LIMIT_SLACK` outside a limit counts as inside and is put exactly on
    it; a prismatic joint's value has no variant but itself.

    Parameters
    ----------
    values, references : sequence of floats or of ``(B,)`` arrays
        Joint values and the values they should be nearest (radians or length unit).
    joints : sequence of ``(lower, upper, revolute, weight)``
        Per value its joint's limits, whether it is revolute, and its weight in the distance
        (:func:`joint_ranges`).
    ops : FloatMath or ArrayMath
        Floats (one configuration) or arrays (many).

    Returns
    -------
    turned : list
        The values turned and clipped into the limits.
    inside : bool or ``(B,)`` bools
        Every value had a variant inside its limits.
    distance : float or ``(B,)`` array
        The sum of ``weight * |turned - reference|``.

    Examples
    --------
    350 degrees is -10 degrees one turn back: inside +-180 and nearest 0, that is the one; a
    slide of 0.7 with limits (0, 0.5) has no variant inside.

    >>> from robosim.kinematics.elementary import FloatMath
    >>> values, inside, distance = turned([math.radians(350)], [0.0],
    ...                                   [(-math.pi, math.pi, True, 1.0)], FloatMath)
    >>> round(float(np.degrees(values[0])), 6), inside, round(float(np.degrees(distance)), 6)
    (-10.0, True, 10.0)
    >>> turned([0.7], [0.0], [(0.0, 0.5, False, 1.0)], FloatMath)[1]
    False
    """
    out, inside, distance = [], True, 0.0
    for value, reference, (lower, upper, revolute, weight) in zip(values, references, joints,
                                                                  strict=True):
        value, fits = turn_near(value, reference, lower, upper, revolute, ops)
        out.append(value)
        inside, distance = inside & fits, distance + weight * ops.absolute(value - reference)
    return out, inside, distance


def turn_near(value: Any, reference: Any, lower: Any, upper: Any, revolute: Any,
              ops: Ops) -> tuple[Any, Any]:
    """The variant ``value + 2 pi k`` inside ``[lower, upper]`` nearest ``reference`` (``k =
    0`` for a prismatic joint), put exactly on a limit it is within :data:`LIMIT_SLACK` of,
    and whether there is one: one joint's value (floats), or arrays whose last axis runs over
    the joints (each argument broadcasting against it).

    Examples
    --------
    350 degrees is -10 degrees one turn back; a slide of 0.7 does not fit limits (0, 0.5):

    >>> value, inside = turn_near(math.radians(350), 0.0, -math.pi, math.pi, True, FloatMath)
    >>> round(float(np.degrees(value)), 6), inside
    (-10.0, True)
    >>> turn_near(0.7, 0.0, 0.0, 0.5, False, FloatMath)
    (0.5, False)
    """
    # The turn nearest the reference; where it lies outside the limits, the nearest of the
    # turns low <= k <= high inside them (or, where there is none, one outside). A prismatic
    # joint has k = 0 only.
    k = ops.rint((reference - value) / TURN)
    variant = value + TURN * revolute * k
    inside = (lower - LIMIT_SLACK <= variant) & (variant <= upper + LIMIT_SLACK)
    if not ops.batch_all(inside):
        low = ops.ceil((lower - LIMIT_SLACK - value) / TURN)
        high = ops.floor((upper + LIMIT_SLACK - value) / TURN)
        variant = value + TURN * revolute * ops.minimum(ops.maximum(k, low), high)
        inside = (lower - LIMIT_SLACK <= variant) & (variant <= upper + LIMIT_SLACK)
    return ops.minimum(ops.maximum(variant, lower), upper), inside


def turned_inside(robot: Robot, q: np.ndarray,
                  reference: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """Each of the configurations ``q`` ``(..., n)`` at its variant inside the limits nearest
    the references (broadcasting with ``q``): every revolute joint at the ``q_i + 2 pi k``
    nearest ``reference_i`` among those inside its limits (:func:`turn_near`). Returns the
    turned values ``(..., n)`` (clipped into the limits) and whether every joint had a turn
    inside them, ``(...)`` bool.

    Examples
    --------
    A revolute joint within +-180 degrees and a prismatic one from 0 to 0.5: 350 degrees is
    -10 degrees inside the limits; a slide of 0.7 has no turn to take and lies outside.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(), Joint("P", limits=(0.0, 0.5))], unit="m")
    >>> q, inside = turned_inside(arm, np.array([[np.radians(350), 0.2], [0.0, 0.7]]), [0.0, 0.0])
    >>> print(np.degrees(q[0, 0]).round(3), q[0, 1], inside.tolist())
    -10.0 0.2 [True, False]
    """
    lower, upper = robot.limits.T
    value, inside = turn_near(q, np.asarray(reference, dtype=float), lower, upper,
                              robot.revolute, ArrayMath)
    return value, np.all(inside, axis=-1)


def turn_count(robot: Robot, q: Iterable[float]) -> int:
    """How many variants :func:`every_turn` would list for ``q``, without listing them (a
    product of per-joint counts: +-3600 deg limits give 20 per revolute joint).

    Examples
    --------
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0, limits=np.radians([-270, 270]))], unit="m")
    >>> turn_count(arm, [np.radians(100)]), turn_count(arm, [np.radians(0)])   # +-360: outside
    (2, 1)
    """
    return math.prod(len(_turns(joint, float(value))) for joint, value in zip(robot.joints, q,
                                                                              strict=True))


def every_turn(robot: Robot, q: Iterable[float]) -> list[list[float]]:
    """Every variant of ``q`` (n values) inside the limits: a list of lists (empty if none).

    Examples
    --------
    A joint that turns +-270 degrees reaches 100 degrees also as ``100 - 360 = -260``:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0, limits=np.radians([-270, 270]))], unit="m")
    >>> [np.degrees(variant).round(3).tolist() for variant in every_turn(arm, [np.radians(100)])]
    [[-260.0], [100.0]]
    """
    choices = [[min(max(value + TURN * k, joint.limits[0]), joint.limits[1])
                for k in _turns(joint, float(value))]
               for joint, value in zip(robot.joints, q, strict=True)]
    return [list(variant) for variant in itertools.product(*choices)]


def same_modulo_turns(robot: Robot, a: Iterable[float], b: Iterable[float],
                      tolerance: float) -> bool:
    """True when ``a`` and ``b`` (n values each) are one configuration: every revolute joint
    within ``tolerance`` radians modulo 2 pi, every prismatic one within ``tolerance * L``.

    Examples
    --------
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> same_modulo_turns(arm, [0.5, 1.0], [0.5 - 2 * np.pi, 1.0], 1e-9)
    True
    """
    return all(gap <= tolerance for gap in gaps(a, b, robot.revolute, robot.length_scale,
                                                FloatMath))


def largest_gap(a: Iterable[Any], b: Iterable[Any], revolute: Iterable[bool], scale: float,
                ops: Ops) -> Any:
    """The largest of the joint :func:`gaps` of ``a`` and ``b``: how far apart two
    configurations are.

    Examples
    --------
    A full turn on the first joint is no gap; 0.4 of slide on an arm of size 2 is 0.2:

    >>> largest_gap([0.1, 0.5], [0.1 - 2 * math.pi, 0.1], [True, False], 2.0, FloatMath)
    0.2
    """
    return reduce(ops.maximum, gaps(a, b, revolute, scale, ops), 0.0)


def gaps(a: Iterable[Any], b: Iterable[Any], revolute: Iterable[bool], scale: float,
         ops: Ops) -> Iterator[Any]:
    """The joint gaps between the configurations ``a`` and ``b`` (n values each, floats or
    arrays), one joint after another: modulo 2 pi (radians) on revolute joints, over the
    robot's size ``scale`` on prismatic ones.

    Examples
    --------
    >>> [round(gap, 12) for gap in gaps([0.1, 0.5], [0.3 + 2 * math.pi, 0.1], [True, False],
    ...                                  2.0, FloatMath)]
    [0.2, 0.2]
    """
    for x, y, turns in zip(a, b, revolute, strict=True):
        yield (ops.absolute((x - y + math.pi) % TURN - math.pi) if turns
               else ops.absolute(x - y) / scale)

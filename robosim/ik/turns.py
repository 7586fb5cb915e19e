"""Joint values that differ by whole turns: one configuration of the arm, several numbers.

A revolute joint at ``q`` and at ``q + 2 pi k`` puts every link in the same place, so IK
solutions are compared modulo 2 pi (:func:`same_modulo_turns`), reported as the variant
nearest a reference inside the limits (:func:`nearest_turn`), or listed with every variant the
limits allow (:func:`every_turn`). Prismatic joints have no turns.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence

import numpy as np
from numpy.typing import ArrayLike

from ..kinematics import Robot

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


def _inside(joint, value):
    lower, upper = joint.limits
    return min(max(value, lower), upper)


def nearest_turn(robot: Robot, q: ArrayLike, reference: ArrayLike) -> list[float] | None:
    """The variant of ``q`` (n values) inside the limits nearest ``reference``, or None.

    Each revolute joint gets the ``q_i + 2 pi k`` nearest ``reference_i`` among those inside
    its limits; None when some joint has no value inside them. Returns a list of n floats.
    :func:`turned_inside` does the same for many configurations at once.

    Examples
    --------
    >>> import robosim
    >>> robot = robosim.Robot([robosim.Joint(limits=(-4.0, 4.0))], unit="m")
    >>> nearest_turn(robot, [3.0], [-3.0])          # 3 - 2 pi = -3.28
    [-3.2831853071795862]
    >>> nearest_turn(robot, [4.5], [4.0])           # outside: 4.5 - 2 pi is the only variant
    [-1.7831853071795862]
    >>> print(nearest_turn(robosim.Robot([robosim.Joint(limits=(0.0, 1.0))], unit="m"),
    ...                    [2.0], [0.0]))            # no turn of 2.0 lies in [0, 1]
    None
    """
    joints = [(*joint.limits, joint.is_revolute, 1.0) for joint in robot.joints]
    found = turns_near(np.asarray(q, dtype=float).tolist(),
                       np.asarray(reference, dtype=float).tolist(), joints)
    return None if found is None else found[1]


def turns_near(values: Sequence[float], references: Sequence[float],
               joints: Sequence[tuple[float, float, bool, float]]
               ) -> tuple[float, list[float]] | None:
    """Each of ``values`` at its variant ``value + 2 pi k`` inside its joint's limits nearest
    its reference, and how far they are from the references; None when one has no variant
    inside. Floats, one joint after another: :func:`turned_inside` does the same on arrays.

    A value within :data:`LIMIT_SLACK` outside a limit counts as inside and is put exactly on
    it; a prismatic joint's value has no variant but itself.

    Parameters
    ----------
    values, references : sequence of floats
        Joint values and the values they should be nearest (radians or length unit).
    joints : sequence of ``(lower, upper, revolute, weight)``
        Per value its joint's limits, whether it is revolute, and its weight in the distance.

    Returns
    -------
    (distance, turned) or None
        ``turned``: a list of floats; ``distance``: the sum of ``weight * |turned - reference|``.

    Examples
    --------
    350 degrees is -10 degrees one turn back: inside +-180 and nearest 0, that is the one; a
    slide of 0.7 with limits (0, 0.5) has no variant inside.

    >>> distance, turned = turns_near([np.radians(350)], [0.0], [(-np.pi, np.pi, True, 1.0)])
    >>> round(float(np.degrees(turned[0])), 6), round(float(np.degrees(distance)), 6)
    (-10.0, 10.0)
    >>> print(turns_near([0.7], [0.0], [(0.0, 0.5, False, 1.0)]))
    None
    """
    turned, distance = [], 0.0
    # No strict=: the three come per joint of one arm, and on Python 3.11 the keyword costs
    # 0.16 us a call (eight calls in an IK solve).
    for value, reference, (lower, upper, revolute, weight) in zip(values, references,  # noqa: B905
                                                                  joints):
        if revolute:
            # The turn nearest the reference (the value itself within half a turn of it, as
            # round() would say, without the call) is inside the limits: the common case.
            gap = reference - value
            nearest = value if -math.pi <= gap <= math.pi else value + TURN * round(gap / TURN)
            if lower <= nearest <= upper:
                turned.append(nearest)
                distance += weight * abs(nearest - reference)
                continue
            low = math.ceil((lower - LIMIT_SLACK - value) / TURN)
            high = math.floor((upper + LIMIT_SLACK - value) / TURN)
            if low > high:
                return None
            value += TURN * min(max(round((reference - value) / TURN), low), high)
        elif not lower - LIMIT_SLACK <= value <= upper + LIMIT_SLACK:
            return None
        value = min(max(value, lower), upper)
        turned.append(value)
        distance += weight * abs(value - reference)
    return distance, turned


def turned_inside(robot: Robot, q: np.ndarray,
                  reference: ArrayLike) -> tuple[np.ndarray, np.bool_ | np.ndarray]:
    """:func:`nearest_turn` for configurations ``q`` ``(..., n)`` and references broadcasting
    with them: the turned values ``(..., n)`` (clipped into the limits) and whether every
    joint had a turn inside them, ``(...)`` bool.

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
    revolute = robot.revolute
    low = np.where(revolute, np.ceil((lower - LIMIT_SLACK - q) / TURN), 0.0)
    high = np.where(revolute, np.floor((upper + LIMIT_SLACK - q) / TURN), 0.0)
    inside = np.all(np.where(revolute, low <= high, (q >= lower - LIMIT_SLACK)
                             & (q <= upper + LIMIT_SLACK)), axis=-1)
    k = np.clip(np.round((reference - q) / TURN), low, high)
    return np.clip(q + TURN * k, lower, upper), inside


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
    choices = [[_inside(joint, value + TURN * k) for k in _turns(joint, float(value))]
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
    for joint, x, y in zip(robot.joints, a, b, strict=True):
        gap = (abs((x - y + math.pi) % TURN - math.pi) if joint.is_revolute
               else abs(x - y) / robot.length_scale)
        if gap > tolerance:
            return False
    return True

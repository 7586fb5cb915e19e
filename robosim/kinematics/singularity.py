"""Singular poses: how near one an arm is, and what makes it singular, in plain words.

At a singular pose the Jacobian loses rank: some direction of the tool cannot be moved at all,
and near one a small tool motion needs large joint motions. The words for what is happening
("the arm has the axes of joints 4 and 6 in line") come from one function,
:func:`singular_words`: the Jog / IK window says them when a straight line stops at a singular
pose (:mod:`robosim.trajectory.motion`), and the simulator's Jacobian readout when it warns of
one (:func:`singularity_warning`).

Nearness is measured on the *scaled* Jacobian (:func:`scaled_jacobian`): positions in robot
sizes and prismatic joints per robot size, so every entry is unit free and one threshold serves
an arm in millimetres and one in metres.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike

from ..checks import configuration, positive
from ..errors import ValidationError
from .robot import JACOBIAN_ROWS, Robot

#: In the words for a singular pose, axes count as in line, and a point as on an axis, within
#: this angle (radians) and this fraction of the robot's size.
NEAR_AXIS = 0.02
#: :func:`singularity_warning` warns when the smallest singular value of the scaled Jacobian
#: (over :attr:`robosim.Robot.manipulability_rows`) is below this. The Puma 560 with its wrist
#: bent 0.02 rad from straight (joints 4 and 6 in line) has 0.014; at 0.05 rad, 0.035.
NEAR_SINGULAR = 0.02
#: The axis tolerance (radians, fraction of the robot's size) of the warning's words: wider
#: than :data:`NEAR_AXIS`, since the warning comes before the pose is singular.
WARNING_NEAR_AXIS = 0.05


def scaled_jacobian(robot: Robot, q: ArrayLike, rows: Sequence[int]) -> np.ndarray:
    """Jacobian rows ``rows`` at ``q`` ``(M, n)``: ``(M, len(rows), n)``, position rows in
    robot sizes and prismatic columns per robot size, so all entries are unit free.

    Parameters
    ----------
    robot : robosim.Robot
        The arm.
    q : ndarray (M, n)
        Joint values (API units).
    rows : sequence of int
        Indices into ``[vx, vy, vz, wx, wy, wz]``.

    Examples
    --------
    A planar arm with two 1 m links, elbow at 90 degrees: the Jacobian's position rows are
    ``[[-s1 - s12, -s12], [c1 + c12, c12]] = [[-1, -1], [1, 0]]`` m/rad, and the robot's size
    (its reach) is 2 m, so the scaled rows are half of that.

    >>> from robosim import Joint
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> print(arm.length_scale)
    2.0
    >>> print((scaled_jacobian(arm, [[0, np.pi / 2]], rows=[0, 1])[0].round(12) + 0.0).tolist())
    [[-0.5, -0.5], [0.5, 0.0]]
    """
    J = robot.jacobian(q)[:, list(rows), :]
    row_scale = np.array([1.0 / robot.length_scale if r < 3 else 1.0 for r in rows])
    column_scale = np.where(robot.revolute, 1.0, robot.length_scale)
    return J * row_scale[:, None] * column_scale


def smallest_singular_values(J: np.ndarray) -> np.ndarray:
    """Smallest singular value ``(M,)`` of each of the matrices ``J`` ``(M, r, n)``.

    Examples
    --------
    A diagonal matrix's singular values are its diagonal: the smallest of diag(3, 2) is 2, and
    a matrix with two equal rows has a 0.

    >>> print(smallest_singular_values(np.array([[[3.0, 0.0], [0.0, 2.0]],
    ...                                          [[1.0, 1.0], [1.0, 1.0]]])).round(6).tolist())
    [2.0, 0.0]
    """
    return np.linalg.svd(J, compute_uv=False)[:, -1] if min(J.shape[1:]) else np.zeros(len(J))


def singular_words(robot: Robot, q: ArrayLike, tolerance: float = NEAR_AXIS) -> str:
    """What makes ``q`` ``(n,)`` (near) singular, as the words after "the arm": two revolute
    joint axes on one line, the tool point on joint 1's axis, or else stretched out or folded up.

    Parameters
    ----------
    robot : robosim.Robot
        The arm.
    q : array_like (n,)
        Joint values (API units).
    tolerance : float
        Axes count as in line within this angle (radians) and distance (this fraction of the
        robot's size), and the tool point as on joint 1's axis within this distance.

    Examples
    --------
    A Puma 560 with its wrist straight (q5 = 0) has the axes of joints 4 and 6 in line:

    >>> from robosim import load_robot
    >>> puma = load_robot("Puma 560")
    >>> singular_words(puma, puma.home)
    'has the axes of joints 4 and 6 in line'
    """
    frames = robot.fk_all(configuration(robot, q, "q"))
    tolerance = positive(tolerance, "tolerance")
    axes_frames = frames[:-1] if robot.convention == "standard" else frames[1:]
    z, o = axes_frames[:, :3, 2], axes_frames[:, :3, 3]
    near = tolerance * robot.length_scale
    revolute = np.flatnonzero(robot.revolute)
    words = []
    for i, j in ((i, j) for i in revolute for j in revolute if i < j):
        if (np.linalg.norm(np.cross(z[i], z[j])) < tolerance
                and np.linalg.norm(np.cross(o[j] - o[i], z[i])) < near):
            words.append(f"has the axes of joints {i + 1} and {j + 1} in line")
            break
    tool = robot.fk(q)[:3, 3]
    if robot.revolute[0] and np.linalg.norm(np.cross(tool - o[0], z[0])) < near:
        words.append("is over its base axis")
    return " and ".join(words) or "is stretched out or folded up"


def nearness(robot: Robot, q: ArrayLike) -> np.ndarray:
    """The smallest singular value of the scaled Jacobian over the rows
    :attr:`robosim.Robot.manipulability_rows`, ``(...)`` for ``q`` ``(..., n)``: 0 at a
    singular pose, unit free (compare with :data:`NEAR_SINGULAR`).

    Examples
    --------
    The two-link arm of :func:`scaled_jacobian` (1 m links): its Jacobian at a 90 degree elbow,
    ``[[-1, -1], [1, 0]]``, has singular values ``(sqrt(5) +- 1) / 2`` (the golden ratio and
    its inverse, 1.618 and 0.618); scaled by its 2 m size, the smallest is 0.309. Stretched out
    (elbow at 0) the arm is singular: 0.

    >>> from robosim import Joint
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> print(nearness(arm, [[0, np.pi / 2], [0, 0]]).round(3).tolist())
    [0.309, 0.0]
    """
    q = robot.check_q(q)
    rows = [JACOBIAN_ROWS.index(name) for name in robot.manipulability_rows]
    flat = q.reshape(-1, robot.n)
    return smallest_singular_values(scaled_jacobian(robot, flat, rows)).reshape(q.shape[:-1])


def singularity_warning(robot: Robot, q: ArrayLike,
                        threshold: float = NEAR_SINGULAR) -> str | None:
    """A warning when ``q`` ``(n,)`` is near a singular pose, naming what lines up; else None.

    Examples
    --------
    >>> from robosim import load_robot
    >>> puma = load_robot("Puma 560")
    >>> singularity_warning(puma, puma.home)
    'near a singular pose: the arm has the axes of joints 4 and 6 in line'
    >>> q = puma.home.copy(); q[4] = 0.5                     # wrist bent by 29 deg
    >>> singularity_warning(puma, q) is None
    True
    """
    q = robot.check_q(q)
    if q.ndim != 1:
        raise ValidationError(f"singularity_warning takes one configuration ({robot.n} joint "
                              f"values), got shape {q.shape}")
    if nearness(robot, q) >= positive(threshold, "threshold"):
        return None
    return f"near a singular pose: the arm {singular_words(robot, q, WARNING_NEAR_AXIS)}"

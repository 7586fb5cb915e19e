"""Where an arm's links are: their path from frame origin to frame origin, and the floor.

A DH link is two straight pieces. Standard DH, ``A_i = Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i)``:
from the origin ``o_{i-1}`` along ``z_{i-1}`` by ``d_i`` to a *corner*, then along ``x_i`` by
``a_i`` to ``o_i``. Modified DH, ``A_i = Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta_i) Tz(d_i)``: from
``o_{i-1}`` along ``x_{i-1}`` by ``a_{i-1}`` to the corner, then along ``z_i`` by ``d_i`` to
``o_i``. The drawing (:mod:`robosim.plotting.arm`) draws these pieces; the floor check uses them.

The *floor* is the plane the arm stands on: the height of the base frame's origin, for an arm
whose home pose and named poses all stay above it. An arm that reaches below its base in its own
poses (a SCARA or a gantry hanging from its base, a table that leaves out the pedestal, as
Lodes' Puma) has no floor here: :func:`floor_height` returns None and nothing is below it.

Worked example (Lynx6, mm, base at z = 0): at home the upper arm stands up from the shoulder
(65 mm high) and the forearm is level, every origin at z >= 0, so the floor is z = 0; bending
the shoulder forward by 90 deg (``q2 = -90``) lays the upper arm level at 65 mm and points the
forearm down to z = 65 - 120 = -55 mm: :func:`below_floor` marks the forearm (link 3) and the
links after it.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ..checks import finite
from .robot import Robot

#: How far (a fraction of :attr:`robosim.Robot.length_scale`) a point may dip below the floor
#: before it counts: the UR5's home pose dips 5 mm (0.4 %) below its base, which is no collision.
FLOOR_TOLERANCE = 0.01
#: Random configurations drawn at once by :func:`random_q_above_floor`.
RANDOM_TRIES = 200


def link_corners(robot: Robot, q: ArrayLike, frames: np.ndarray | None = None) -> np.ndarray:
    """Start, corner and end of each link ``(..., n, 3, 3)`` (robot's length unit).

    Parameters
    ----------
    robot : robosim.Robot
        The arm whose links are drawn.
    q : array_like (..., n)
        Joint values (API units).
    frames : ndarray (..., n + 1, 4, 4), optional
        ``robot.fk_all(q)`` if already computed.

    Returns
    -------
    ndarray (..., n, 3, 3)
        ``[..., i, 0]`` is ``o_i`` (joint ``i + 1``'s frame before it moves, 0-based ``i``),
        ``[..., i, 1]`` the corner, ``[..., i, 2]`` the origin ``o_{i+1}``. The link
        ``o_{i} -> corner -> o_{i+1}`` is the DH path of row ``i + 1``.

    Examples
    --------
    One standard-DH link with ``d = 1`` and ``a = 1`` m: up ``z0`` by 1 m to the corner, then
    along ``x1`` by 1 m.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(d=1.0, a=1.0)], unit="m")
    >>> (link_corners(arm, [0.0])[0].round(6) + 0.0).tolist()
    [[0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 1.0]]
    """
    q = robot.check_q(q)
    return _link_corners(robot, q, robot.fk_all(q) if frames is None else frames)


def _link_corners(robot, q, frames):
    """:func:`link_corners` of joint values ``q`` checked by the caller, at their ``frames``."""
    _theta, d = robot.joint_variables(q)
    d = np.moveaxis(np.broadcast_to(d, (robot.n,) + q.shape[:-1]), 0, -1)[..., None]
    starts, ends = frames[..., :-1, :3, 3], frames[..., 1:, :3, 3]
    if robot.convention == "standard":
        corners = starts + d * frames[..., :-1, :3, 2]
    else:
        corners = ends - d * frames[..., 1:, :3, 2]
    return np.stack([starts, corners, ends], axis=-2)


def floor_height(robot: Robot) -> float | None:
    """The floor's height (length unit): the base origin's z, or None when the arm has none.

    None when the home pose or a named pose puts a link below the base origin's height (as
    :func:`below_floor` counts it): the arm hangs from its base, or the table leaves out a
    pedestal.

    Examples
    --------
    The Lynx6 stands on its base at z = 0; the Gantry's base frame is on its beam, 100 cm up,
    and its tool hangs below it (at home 70 cm high), so it has none:

    >>> from robosim import load_robot
    >>> floor_height(load_robot("Lynx6")), floor_height(load_robot("Gantry"))
    (0.0, None)
    """
    floor = float(robot.base[2, 3])
    poses = np.vstack([robot.home, *robot.poses.values()])
    return None if below_floor(robot, poses, floor).any() else floor


def below_floor(robot: Robot, q: ArrayLike, floor: float | None,
                frames: np.ndarray | None = None,
                corners: np.ndarray | None = None) -> np.ndarray:
    """Which links go below the floor: boolean ``(..., n)`` for ``q`` ``(..., n)``.

    Link ``i`` (0-based) counts as below when its start, corner or end lies lower than
    ``floor - FLOOR_TOLERANCE * robot.length_scale``; the last link also carries the tool, so
    the end effector going below marks it. All False when ``floor`` is None. ``frames``:
    ``robot.fk_all(q)``, and ``corners``: :func:`link_corners` of them, if already computed.

    Examples
    --------
    The module's worked example: the Lynx6 at home, and with its shoulder bent forward by 90
    degrees, which points the forearm (link 3) down to z = -55 mm.

    >>> from robosim import load_robot
    >>> lynx6 = load_robot("Lynx6")
    >>> below_floor(lynx6, np.radians([[0, 0, 0, 0, 0], [0, -90, 0, 0, 0]]), 0.0).tolist()
    [[False, False, False, False, False], [False, False, True, True, True]]
    """
    q = robot.check_q(q)
    if floor is None:
        return np.zeros(q.shape, dtype=bool)
    return _below_floor(robot, q, finite(floor, "floor"),
                        robot.fk_all(q) if frames is None else frames, corners)


def _below_floor(robot, q, floor, frames, corners=None):
    """:func:`below_floor` of joint values ``q`` checked by the caller, at their ``frames``
    (and :func:`link_corners`, if known)."""
    if floor is None:
        return np.zeros(q.shape, dtype=bool)
    corners = _link_corners(robot, q, frames) if corners is None else corners
    heights = corners[..., 2].min(axis=-1)                              # (..., n)
    end = (frames[..., -1, :, :] @ robot.tool)[..., 2, 3]
    heights[..., -1] = np.minimum(heights[..., -1], end)
    return heights < floor - _tolerance(robot)


def floor_message(robot: Robot, below: np.ndarray, floor: float | None,
                  ground: str | None = None) -> str | None:
    """The sentence naming the links ``below`` ``(n,)`` bool (:func:`below_floor`) the floor
    at height ``floor``, or None when none is: what the status line says.

    ``ground`` names what the arm stands on when it is not the (unbounded) floor but a finite
    obstacle whose top is at the floor's height, such as the Lynx6's table: a link below that
    height which does not hit the obstacle (the collision check says when it does) is past
    the obstacle's edge, and the sentence says so instead of a floor the real arm would hit.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)])
    >>> floor_message(arm, np.array([False, True]), 0.0)
    'link 2 below the floor (z = 0 mm): the real arm would hit it'
    >>> floor_message(arm, np.array([True, True]), 0.0, ground="table")
    'links 1, 2 below the top of the table (z = 0 mm), past its edge'
    """
    if not np.any(below):
        return None
    names = ", ".join(str(i + 1) for i in np.flatnonzero(below))
    plural = "s" if np.sum(below) > 1 else ""
    if ground is not None:
        return (f"link{plural} {names} below the top of the {ground} (z = {floor:g} "
                f"{robot.unit}), past its edge")
    return (f"link{plural} {names} below the floor (z = {floor:g} {robot.unit}): the real arm "
            f"would hit it")


def random_q_above_floor(robot: Robot, rng: int | np.random.Generator | None, floor: float | None,
                         tries: int = RANDOM_TRIES) -> np.ndarray | None:
    """A uniformly random configuration inside the limits that keeps every link above the floor.

    Draws ``tries`` configurations from ``rng`` at once and returns the first whose links all
    stay above ``floor`` (any, when ``floor`` is None), or None when none of them does.

    Examples
    --------
    Whatever the seed, the Lynx6's configuration keeps every link above its floor, z = 0:

    >>> from robosim import load_robot
    >>> lynx6 = load_robot("Lynx6")
    >>> q = random_q_above_floor(lynx6, rng=0, floor=0.0)
    >>> q.shape, bool(below_floor(lynx6, q, 0.0).any())
    ((5,), False)
    """
    candidates = robot.random_q(tries, rng=rng)
    good = ~below_floor(robot, candidates, floor).any(axis=-1)
    return candidates[np.argmax(good)] if good.any() else None


def _tolerance(robot):
    return FLOOR_TOLERANCE * robot.length_scale

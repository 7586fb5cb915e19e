"""Link solids: each DH link as capsules along its path, and the pairs of them checked.

:func:`link_solids` gives an arm's :class:`LinkSolids` (which pieces of the links have a length,
which link each belongs to, their radius, :data:`LINK_RADIUS` times the arm's length_scale by
default, and the self-collision pairs); :func:`capsule_segments` places their axes at poses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..kinematics import Robot
from ..kinematics.chain import chain_frames, frame_point
from ..kinematics.elementary import ArrayMath, FloatMath
from .scene import MAX_SCENE_NUMBER


#: Capsule radius of the links, as a fraction of :attr:`robosim.Robot.length_scale`.
LINK_RADIUS = 0.02
#: Poses whose distances are computed at once: big enough to amortise numpy's per-call cost,
#: small enough that the working set stays in cache (measured with benchmarks/bench_collision.py).
CHUNK = 8192


# ----------------------------------------------------------------------------- link solids
@dataclass(frozen=True)
class LinkSolids:
    """The capsules of an arm: which link each belongs to and which pairs are checked.

    ``pieces`` are indices into the chain's pieces (2 per link, then the tool), in order;
    ``link_of`` their link (0-based) ``(C,)``; ``radius`` the capsules' radius; ``self_pairs``
    ``(S, 2)`` the capsule pairs checked for self collision.

    Examples
    --------
    Three 1 m links along x (standard DH, d = 0): of the pieces (d_1, a_1, d_2, a_2, d_3, a_3,
    tool) only the a pieces 1, 3, 5 have a length, one capsule per link; links 1 and 3 are
    not neighbours and link 2 (1 m) lies between them, more than two radii: one self pair.

    >>> from robosim import Joint, Robot
    >>> solids = link_solids(Robot([Joint(a=1.0)] * 3, unit="m"), radius=0.1)
    >>> solids.pieces.tolist(), solids.link_of.tolist(), solids.self_pairs.tolist()
    ([1, 3, 5], [0, 1, 2], [[0, 2]])
    >>> solids.radius, solids.labels
    (0.1, ('link 1', 'link 2', 'link 3'))
    """

    robot: Robot
    pieces: np.ndarray
    link_of: np.ndarray
    radius: float
    self_pairs: np.ndarray
    labels: tuple[str, ...] = field(default=())


def link_solids(robot: Robot, radius: float | None = None) -> LinkSolids:
    """The capsules of ``robot``'s links (module docstring) of ``radius`` (length unit;
    default :data:`LINK_RADIUS` times its length_scale).

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")     # length_scale 2 m
    >>> solids = link_solids(arm)
    >>> solids.radius, solids.pieces.tolist(), len(solids.self_pairs)   # 0.02 x 2; neighbours
    (0.04, [1, 3], 0)
    """
    radius = (LINK_RADIUS * robot.length_scale if radius is None
              else checks.positive(radius, "radius", MAX_SCENE_NUMBER))
    lengths = []                                     # the shortest each piece gets, in order
    for joint in robot.joints:
        if joint.is_revolute:
            d_min = d_max = abs(joint.d)
        else:
            low, high = joint.limits[0] + joint.offset, joint.limits[1] + joint.offset
            d_min = 0.0 if low <= 0 <= high else min(abs(low), abs(high))
            d_max = max(abs(low), abs(high))
        pieces = [(d_min, d_max), (abs(joint.a), abs(joint.a))]
        lengths += pieces if robot.convention == "standard" else pieces[::-1]
    tool = float(np.linalg.norm(robot.tool_xyz))
    lengths.append((tool, tool))
    shortest = np.array([low for low, _ in lengths])
    kept = np.array([i for i, (_, high) in enumerate(lengths) if high > 1e-9 * robot.length_scale])
    link_of = np.minimum(kept // 2, robot.n - 1)
    pairs = []
    for a in range(len(kept)):
        for b in range(a + 1, len(kept)):
            between = shortest[kept[a] + 1:kept[b]].sum()
            if link_of[b] - link_of[a] >= 2 and between > 2 * radius:
                pairs.append((a, b))
    labels = tuple(f"link {i + 1}" + (f" ({j.name})" if j.name else "")
                   for i, j in enumerate(robot.joints))
    return LinkSolids(robot, kept, link_of, radius, np.array(pairs, dtype=int).reshape(-1, 2),
                      labels)


def capsule_segments(solids: LinkSolids, q: ArrayLike) -> np.ndarray:
    """Start and end of every capsule's axis ``(..., C, 2, 3)`` at poses ``q`` ``(..., n)``.

    Two 1 m links, the second turned 90 deg: link 1 from the origin to (1, 0, 0), link 2
    from there to (1, 1, 0):

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> (capsule_segments(link_solids(arm), np.radians([0, 90])).round(6) + 0.0).tolist()
    [[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0]], [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0]]]
    """
    robot = solids.robot
    q = robot.check_q(q)
    flat = q.reshape(-1, robot.n)
    out = np.empty((flat.shape[0], len(solids.pieces), 2, 3))
    ends = np.stack([solids.pieces, solids.pieces + 1])                      # (2, C)
    for start in range(0, flat.shape[0], CHUNK):
        rows = slice(start, start + CHUNK)
        out[rows] = axis_points(robot, flat[rows])[:, ends].transpose(3, 2, 1, 0)
    return out.reshape(q.shape[:-1] + out.shape[1:])


def axis_points(robot: Robot, q: np.ndarray, frames: np.ndarray | None = None) -> np.ndarray:
    """The points the capsules' axes join, ``o_0, c_1, o_1, c_2, ..., o_n, tip`` (``K = 2 n +
    2``), as one array ``(3, K, b)``: components first, so that a gather of points gives each
    component as one array.

    ``q`` are checked joint values: one pose ``(n,)`` (``b = 1``; its frames computed on
    Python floats, numpy's per-call cost would be most of their time) or ``b`` poses ``(b, n)``
    (on ``(b,)`` columns); ``frames`` ``(b, n + 1, 4, 4)`` are ``robot.fk_all(q)`` when the
    caller has them. The arithmetic of :func:`robosim.kinematics.link_corners`: the corner
    ``c_i`` is ``d_i`` along frame i-1's z from its origin (standard DH), or back along frame
    i's z from its origin (modified); the tip is the tool point of frame n.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")      # o_0 c_1 o_1 c_2 o_2 tip
    >>> axis_points(arm, np.radians([0.0, 90.0]))[:2, :, 0].round(9).tolist()
    [[0.0, 0.0, 1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0, 1.0, 1.0]]
    """
    one = q.ndim == 1
    values = q.tolist() if one else list(q.T)
    columns = (chain_frames(robot.chain, values, FloatMath if one else ArrayMath, keep_all=True)
               if frames is None else frames[0, :, :3].swapaxes(1, 2).tolist() if one
               else np.moveaxis(frames[:, :, :3], 0, -1).swapaxes(1, 2))
    points = []
    standard = robot.convention == "standard"
    for i, link in enumerate(robot.chain.links):
        d = link.d if link.revolute else values[i] + link.d      # d_i = q_i + offset_i
        start = columns[i][3]
        if standard:
            (z0, z1, z2), (o0, o1, o2) = columns[i][2], start
            corner = (o0 + d * z0, o1 + d * z1, o2 + d * z2)
        else:
            (z0, z1, z2), (o0, o1, o2) = columns[i + 1][2], columns[i + 1][3]
            corner = (o0 - d * z0, o1 - d * z1, o2 - d * z2)
        points += [start, corner]
    points += [columns[-1][3], frame_point(columns[-1], robot.tool_xyz)]
    if one:
        return np.array(points).T[:, :, None]
    out = np.empty((3, len(points), len(q)))
    for i, point in enumerate(points):
        for k in range(3):
            out[k, i] = point[k]                # a point fixed to the base stays floats
    return out

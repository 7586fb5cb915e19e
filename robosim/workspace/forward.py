"""Forward workspace: where each frame of an arm can go, as voxel densities, volume and reach.

3D-RAS (section 4) draws the forward workspace as one point cloud per segment (base
orange, shoulder yellow, elbow red, wrist magenta, gripper purple) over a grid of joint values
whose spacing is its "Factor" (eqs. 17-18). Here a *segment* is the origin of one DH frame
1..n (plus the tool point when the robot has a tool offset), and its cloud streams into a voxel
grid of counts, so memory stays bounded however fine the joint grid is. Figures computed from
the counts: occupied voxels, volume, 2D sections; the bounding box and the maximum reach come
from the points themselves (the first joint swept over its whole range).

A voxel can be no finer than the sampling, so the counts come from :func:`volume_grid`: the
user's grid when it is fine, else a finer grid over the same ranges (about
:data:`VOLUME_POSITIONS` positions), while the cloud stays the user's grid. 3D-RAS's Factor 15
and Factor 5 then give the same Lynx6 volume, within a few percent of the true one.

Conventions: joint values and ranges in API units (radians, the robot's length unit); lengths,
voxels and volumes in the robot's unit; coordinates in the world (base) frame. A voxel with
integer index ``i`` covers ``[(i0 + i - 0.5) h, (i0 + i + 0.5) h)`` along each axis: voxel
centres sit on multiples of the edge ``h``, so lattice points land in voxel centres.

Why it is fast (issue 4 asks for millions of configurations per second):

- A frame's origin depends on few joints (never on later ones; not on its own revolute joint
  when that link's ``a`` is 0). Each segment is computed over its own joints only, every point
  standing for the configurations of the joints it ignores; a segment whose point always equals
  the previous one's shares its counts.
- The first joint turns (or slides) everything after it about one fixed axis. The rest of the
  chain is computed once per segment (the *inner* cloud, in the frame ``F`` of that axis), and
  each value of the first joint only costs a few multiply-adds per point, folded straight into
  voxel indices.
- Counts accumulate per block with ``np.bincount`` over the block's compact index range.

See Also
--------
robosim.workspace.joint : the inverse question (which joint values a box of positions needs).
"""

from __future__ import annotations

import functools
import math
import time
import timeit
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .. import checks
from ..errors import RobosimError, ValidationError
from ..robot_files import MAX_LENGTH
from ..kinematics import Robot, homogeneous, inverse, rotx
from ..kinematics import cos_sin as exact_cos_sin
from ..kinematics.chain import chain_frames, frame_columns, frame_point
from ..kinematics.elementary import ArrayMath
from .grids import (JointGrid, check_grid, factor_grid, grid_spacing, joint_ranges, limit_notes,
                    refined_grid)
from .result import SAMPLE_LIMIT, VoxelSource, Workspace

#: The default voxel edge is the robot's size bound (``2 * length_scale``) over this many cells.
DEFAULT_CELLS = 128
#: A voxel grid may not exceed this many voxels (32 MB of counts per segment).
MAX_VOXELS = 1 << 22
#: Positions a grid run may compute (about half an hour): beyond it, ask for Monte Carlo.
MAX_POSITIONS = 20_000_000_000
#: Positions the voxel pass may compute when it refines a coarse grid (:func:`volume_grid`):
#: about 0.05 s, and the Lynx6's Fig. 5 volume within a few percent.
VOLUME_POSITIONS = 2_000_000
#: The default Factor aims at about this many computed positions (well under a second).
AUTO_FACTOR_POSITIONS = 1_000_000
#: Samples per voxel of the sphere holding the arm that the default Monte Carlo voxel aims at.
MONTE_CARLO_DENSITY = 20
#: A grid measures a volume when the samples it counts lie at most this fraction of the arm's
#: size (``length_scale``) apart; coarser, the whole workspace fits in a few voxels (a 12-joint
#: arm's grid of millions of positions put its samples 471 mm apart on a 240 mm reach).
MEASURABLE_SPACING = 0.25
#: Points per voxelisation block and per inner chunk: large enough to amortise numpy's per-call
#: cost, small enough to stay in cache.
_BLOCK = 1 << 18
_INNER_CHUNK = 1 << 15
#: A grid's inner points are kept between its two passes when there are at most this many
#: (24 MB of coordinates); more are computed again.
_KEPT_INNER = 1 << 20


class _GridMath(ArrayMath):
    """:class:`~robosim.kinematics.elementary.ArrayMath` whose cosines and sines are exact at
    quarter turns (:func:`~robosim.kinematics.cos_sin`): grid points on a coordinate plane stay
    on it, so that points on a voxel boundary do not flicker between neighbouring voxels.
    Random samples (never exactly on a quarter turn) skip that cost with ``ArrayMath``."""

    @staticmethod
    def cos_sin(angle):
        return exact_cos_sin(angle)


class WorkspaceCancelled(RobosimError):
    """The progress callback asked to stop; no result is returned."""


def auto_factor(robot: Robot, ranges: Mapping[int, Sequence[float]] | None = None,
                positions: int = AUTO_FACTOR_POSITIONS) -> int:
    """The smallest whole Factor (1..90) whose grid computes at most ``positions`` positions.

    Examples
    --------
    The two-link arm (both joints +-180 degrees) computes ``k`` positions of its elbow (which
    moves with joint 1 only) and ``k x k`` of its tip for ``k`` values a joint. At most 100
    positions allow ``k = 9`` (``9 + 81 = 90``; ``k = 10`` needs 110): Factor 38 gives
    ``round(360 / 38) = 9`` values, Factor 37 already ``round(9.73) = 10``.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> auto_factor(arm, positions=100), factor_grid(arm, 38).counts, factor_grid(arm, 37).counts
    (38, (9, 9), (10, 10))
    """
    plan, positions = _segment_plan(robot), checks.count(positions, "positions", 1)
    for factor in range(1, 91):
        if _grid_work(plan, factor_grid(robot, factor, ranges)) <= positions:
            return factor
    return 90


# ------------------------------------------------------------------------- segment plan
@dataclass(frozen=True)
class _SegmentPlan:
    """What each segment's point depends on, and how the first joint moves it."""

    names: tuple          # segment names (joint names, then "tool")
    depends: np.ndarray   # (segments, n) bool: the point moves with that joint
    shares: tuple         # per segment: index of an earlier segment with the same point, or None
    frame: np.ndarray     # F (4, 4): world <- frame of the first joint's axis
    outer_kind: str       # "rotate" or "slide": the first joint's motion in F
    q1_rest: float        # first-joint value at which its motion is the identity
    start: tuple          # columns of F^-1 @ base, where the chain of the rest starts

    @property
    def end(self):
        """The computed segment whose point is the end effector's."""
        last = len(self.names) - 1
        return last if self.shares[last] is None else self.shares[last]


def segment_names(robot: Robot) -> tuple[str, ...]:
    """Names of the segments, base to end effector: joint names (or "joint i"), then "tool".

    Examples
    --------
    >>> from robosim import Joint, Robot
    >>> segment_names(Robot([Joint(a=1.0, name="shoulder"), Joint(a=1.0)], unit="m"))
    ('shoulder', 'joint 2')
    """
    names = [j.name or f"joint {i + 1}" for i, j in enumerate(robot.joints)]
    return tuple(names + (["tool"] if any(robot.tool_xyz) else []))


def _segment_points(robot, q):
    """World points of every segment ``(m, segments, 3)`` for configurations ``(m, n)``."""
    segments = range(len(segment_names(robot)))
    points = _chain_points(robot, q, segments, frame_columns(robot.base), ArrayMath)
    return np.stack([np.stack(points[s], axis=-1) for s in segments], axis=1)


def _segment_plan(robot):
    """Find numerically which joints move which segment, by moving one joint at a time.

    Random configurations avoid the measure-zero poses where a joint happens not to move a
    point; a threshold of 1e-9 of the robot's size separates "moves" from rounding.
    """
    rng = np.random.default_rng(20250607)
    q = robot.random_q(8, rng)
    points = _segment_points(robot, q)
    tolerance = 1e-9 * robot.length_scale
    moves_points = []             # per joint: which segment points it moves
    for j in range(robot.n):
        moved = q.copy()
        moved[:, j] += rng.uniform(0.3, 1.0, size=len(q)) * (
            1.0 if robot.joints[j].is_revolute else robot.length_scale)
        shift = np.abs(_segment_points(robot, moved) - points).max(axis=(0, 2))
        moves_points.append(shift > tolerance)
    depends = np.array(moves_points).T
    shares: list[int | None] = [None]
    for s in range(1, len(depends)):
        same = (np.array_equal(depends[s], depends[s - 1])
                and np.abs(points[:, s] - points[:, s - 1]).max() <= tolerance)
        shares.append((shares[s - 1] if shares[s - 1] is not None else s - 1) if same else None)

    first = robot.joints[0]
    pre = (np.eye(4) if robot.convention == "standard"
           else homogeneous(rotx(first.alpha), [first.a, 0.0, 0.0]))
    frame = robot.base @ pre
    # The chain of the rest starts from F^-1 @ base = pre^-1: with q1 at rest the first link is
    # pre @ (the rest), so the chain then gives the points in F.
    start = frame_columns(inverse(pre))
    return _SegmentPlan(segment_names(robot), depends, tuple(shares), frame,
                        "rotate" if first.is_revolute else "slide", -first.offset, start)


def _segment_work(plan, grid, segment, inner=False):
    """Positions of one segment over the joints that move it; ``inner``: its cloud before the
    first joint sweeps it (the joints after the first only)."""
    joints = np.flatnonzero(plan.depends[segment])
    return math.prod(grid.counts[j] for j in joints if j > 0 or not inner)


def _computed(plan):
    """The segments a run computes (the others share an earlier segment's point)."""
    return [s for s in range(len(plan.names)) if plan.shares[s] is None]


def _grid_work(plan, grid, inner=False):
    """Positions a grid run computes: each unshared segment over the joints that move it;
    ``inner``: its inner points (over the joints after the first, before the first sweeps)."""
    return sum(_segment_work(plan, grid, s, inner) for s in _computed(plan))


def _chain_points(robot, q, segments, start, ops=_GridMath):
    """Points of ``segments`` for configurations ``q`` ``(m, n)``: ``{segment: (x, y, z)}``,
    each ``(m,)``; the robot's chain from the frame ``start`` over the joints up to the last
    segment's, on ``ops`` (:class:`_GridMath` for grids). From ``plan.start`` with the first
    joint at rest, the points are in frame F (a grid's inner points); from the base, in the
    world.
    """
    joints = min(max(segments) + 1, robot.n)
    frames = chain_frames(robot.chain, list(q[:, :joints].T), ops, keep_all=True,
                          start=(0, start))
    points = {s: frames[s + 1][3] if s < robot.n else frame_point(frames[-1], robot.tool_xyz)
              for s in segments}
    # a point the chain leaves where it starts (no link length) has float components
    return {s: tuple(np.broadcast_to(c, q.shape[:1]) for c in xyz) for s, xyz in points.items()}


# --------------------------------------------------------------- the first joint's motion
def _outer_coefficients(plan, kind, q1):
    """World coordinates of a point ``c`` (in F) moved by first-joint values ``q1`` ``(b,)``.

    ``world_i = P[i] * c_x + Q[i] * c_y + R[i] * c_z + S[i]``; ``P``, ``Q``, ``S`` are ``(3, b)``,
    ``R`` is ``(3,)``. With F's rotation ``M`` and origin ``t``: a turn by ``theta`` gives
    ``P = M0 cos + M1 sin``, ``Q = M1 cos - M0 sin``; a slide by ``delta`` makes ``S = t + M2
    delta``; ``kind`` None (a segment the first joint does not move) leaves ``c`` as it is
    (exactly: a turn and a slide by 0, whose cosine is 1 and sine 0).
    """
    M, t = plan.frame[:3, :3], plan.frame[:3, 3]
    value = np.atleast_1d(np.asarray(q1, dtype=float)) - plan.q1_rest
    c, s = _GridMath.cos_sin(value if kind == "rotate" else np.zeros_like(value))
    slide = value if kind == "slide" else np.zeros_like(value)
    P = M[:, 0:1] * c + M[:, 1:2] * s
    Q = M[:, 1:2] * c - M[:, 0:1] * s
    return P, Q, M[:, 2].copy(), t[:, None] + M[:, 2:3] * slide


def _cos_extremes(a, b):
    """Elementwise min and max of ``cos`` over the interval ``[a, b]`` (``b >= a``)."""
    ca, cb = np.cos(a), np.cos(b)
    low, high = np.minimum(ca, cb), np.maximum(ca, cb)
    turn = 2.0 * math.pi
    high = np.where(np.floor(b / turn) >= np.ceil(a / turn), 1.0, high)
    low = np.where(np.floor((b - math.pi) / turn) >= np.ceil((a - math.pi) / turn), -1.0, low)
    return low, high


def _swept(plan, kind, q1_range, xyz, centre):
    """Points ``xyz`` (in F) swept by the first joint over the whole interval ``q1_range`` (a
    superset of any grid inside it): their world bounding box ``(lower (3,), upper (3,))`` and
    their largest distance from ``centre`` (world).

    A slide is linear, so the points at the ends bound it. A turn by ``theta`` takes a point
    at angle ``phi`` about F's z axis, ``r`` from it, to ``phi + theta``: each world coordinate
    and the squared distance from ``centre`` are ``A cos(phi + theta - psi) + rest``, bounded
    over the interval by :func:`_cos_extremes`. The reach is exact when the axis passes through
    ``centre`` (standard DH); otherwise it is the bound over the continuous interval.
    """
    if kind != "rotate":
        ends = list(q1_range) if kind == "slide" else [plan.q1_rest]
        world = _world_points(xyz, _outer_coefficients(plan, kind, ends))
        reach = float(np.sqrt(((world - centre) ** 2).sum(axis=1).max()))
        return world.min(axis=0), world.max(axis=0), reach
    x, y, z = xyz
    M, t = plan.frame[:3, :3], plan.frame[:3, 3]
    r, phi = np.hypot(x, y), np.arctan2(y, x)
    a, b = (v - plan.q1_rest for v in q1_range)
    lower, upper = np.empty(3), np.empty(3)
    for i in range(3):
        amplitude, psi = math.hypot(M[i, 0], M[i, 1]), math.atan2(M[i, 1], M[i, 0])
        low, high = _cos_extremes(phi + a - psi, phi + b - psi)
        rest = M[i, 2] * z + t[i]
        lower[i] = np.min(amplitude * r * low + rest)
        upper[i] = np.max(amplitude * r * high + rest)
    ox, oy, oz = inverse(plan.frame)[:3] @ np.append(centre, 1.0)
    rho, psi = math.hypot(ox, oy), math.atan2(oy, ox)
    low, _ = _cos_extremes(phi + a - psi, phi + b - psi)
    squared = r * r + rho * rho - 2.0 * r * rho * low + (z - oz) ** 2
    return lower, upper, float(np.sqrt(max(squared.max(), 0.0)))


# ----------------------------------------------------------------------------- voxels
class _VoxelGrid:
    """Counts per segment on one voxel lattice (edge ``h``, centres on multiples of ``h``)."""

    def __init__(self, lower, upper, h, segments):
        self.h = float(h)
        first, last = _lattice(lower, upper, h)
        self.shape = tuple(int(v) for v in last - first + 1)
        self.origin = (first - 0.5) * h
        self.strides = (self.shape[1] * self.shape[2], self.shape[2], 1)
        self.counts = [np.zeros(math.prod(self.shape), dtype=np.int64) for _ in range(segments)]
        self._blocks = {}

    def _block(self, shape):
        """Work arrays for blocks of ``shape`` ``(b, m)``, kept between calls: a run adds many
        blocks of one shape, and fresh arrays of a few megabytes would each be new memory
        from the system (page faults: as slow as the arithmetic)."""
        if shape not in self._blocks:
            self._blocks = {shape: (np.empty(shape), np.empty(shape), np.empty(shape),
                                    np.empty(shape, dtype=np.intp))}
        return self._blocks[shape]

    def add(self, segment, xyz, coefficients):
        """Count the points ``xyz`` (in F, each ``(m,)``) moved by each outer value: a
        ``(b, m)`` block for ``coefficients`` from :func:`_outer_coefficients` with ``b`` values.
        """
        P, Q, R, S = coefficients
        x, y, z = xyz
        u, term, flat, index = self._block((P.shape[1], x.size))
        for i in range(3):
            scale = 1.0 / self.h
            rest = (R[i] * scale) * z - self.origin[i] * scale
            p, q, s = P[i, :, None], Q[i, :, None], S[i, :, None]
            np.multiply(p * scale, x, out=u)
            u += np.multiply(q * scale, y, out=term)
            u += rest
            u += s * scale
            np.floor(u, out=u)
            u *= self.strides[i]
            if i == 0:
                flat[...] = u
            else:
                flat += u
        np.copyto(index, flat, casting="unsafe")
        self._count(segment, index.ravel())

    def add_points(self, segment, world):
        """Count world points ``(k, 3)``."""
        index = np.floor((world - self.origin) / self.h).astype(np.intp)
        self._count(segment, index @ np.array(self.strides, dtype=np.intp))

    def _count(self, segment, flat):
        """Count the voxel indices ``flat`` (an integer array the caller gives up: it is
        shifted in place)."""
        low, high = int(flat.min()), int(flat.max())
        if low < 0 or high >= self.counts[segment].size:
            raise RuntimeError("workspace point outside its voxel grid: bounds are wrong")
        flat -= low
        self.counts[segment][low:high + 1] += np.bincount(flat, minlength=high - low + 1)


def _lattice(lower, upper, h):
    """First and last voxel indices ``(3,)`` of the lattice of edge ``h`` covering the box
    ``lower``..``upper``; refuses a lattice of more than :data:`MAX_VOXELS` before anything of
    that size exists."""
    margin = 1e-9 * max(1.0, float(np.abs(np.concatenate([lower, upper])).max()))
    first = np.floor((np.asarray(lower, dtype=float) - margin) / h + 0.5)
    last = np.floor((np.asarray(upper, dtype=float) + margin) / h + 0.5)
    size = math.prod(float(v) for v in last - first + 1)
    if size > MAX_VOXELS:
        raise ValidationError(
            f"voxel edge {h:g} is too fine for this workspace ({size:,.0f} voxels, at most "
            f"{MAX_VOXELS:,}): choose at least {h * (size / MAX_VOXELS) ** (1 / 3):.3g}")
    return first, last


def check_plan(robot: Robot, grid: JointGrid | None = None, *, samples: int | None = None,
               voxel: float | None = None) -> float | None:
    """Refuse a workspace run that is too large, before anything is allocated.

    :func:`forward_workspace` (``grid``) and :func:`monte_carlo_workspace` (``samples``) call it
    first, and so may a dry run, which then refuses what the run would: more than
    :data:`MAX_POSITIONS` positions or samples, a voxel edge that is not a positive length of at
    most :data:`robosim.robot_files.MAX_LENGTH`, or one so fine that the lattice over the few
    positions known beforehand (the end effector at every corner of the grid's ranges, the base)
    already exceeds :data:`MAX_VOXELS` (the run checks again on the whole cloud).

    Returns
    -------
    float or None
        The voxel edge, checked.

    Examples
    --------
    The Gantry's tool box is 100 x 80 x 80 cm: 10 cm voxels make a lattice of about
    ``11 x 9 x 9``, 0.01 cm voxels ``10,000 x 8,000 x 8,000 = 6.4e11``, far beyond
    :data:`MAX_VOXELS`.

    >>> from robosim import load_robot
    >>> gantry = load_robot("Gantry")
    >>> check_plan(gantry, voxel=10)
    10.0
    >>> check_plan(gantry, voxel=0.01)   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: voxel edge 0.01 is too fine for this workspace (...
    """
    if samples is not None:
        checks.count(samples, "samples", 1, int(MAX_POSITIONS))
    if grid is not None:
        work = _grid_work(_segment_plan(robot), check_grid(robot, grid))
        if work > MAX_POSITIONS:
            raise ValidationError(f"{work:.3g} positions to compute (at most "
                                  f"{MAX_POSITIONS:.0e}): choose a larger Factor or step, or "
                                  f"Monte Carlo samples")
    if voxel is None:
        return None
    voxel = checks.positive(voxel, "the voxel edge", MAX_LENGTH)
    if samples is not None:
        centre, radius = _sphere(robot)
        _lattice(centre - radius, centre + radius, voxel)
    else:
        ranges = robot.limits if grid is None else grid.ranges
        corners = np.array(np.meshgrid(*ranges, indexing="ij")).reshape(robot.n, -1).T
        points = np.vstack([robot.fk(corners)[:, :3, 3], robot.base[None, :3, 3]])
        _lattice(points.min(axis=0), points.max(axis=0), voxel)
    return voxel


# ------------------------------------------------------------------------ computing
def default_voxel(robot: Robot, spacing: float = 0.0) -> float:
    """The default voxel edge: the robot's size over :data:`DEFAULT_CELLS`, and never finer
    than ``spacing`` (the largest gap between neighbouring samples), so the cloud has no holes.

    Examples
    --------
    The two-link arm with unit links spans ``2 x 2 = 4`` m across: 4 m / 128 cells is
    0.03125 m, unless its samples are farther apart (0.1 m).

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> default_voxel(arm), default_voxel(arm, spacing=0.1)
    (0.03125, 0.1)
    """
    return max(2.0 * robot.length_scale / DEFAULT_CELLS,
               checks.non_negative(spacing, "spacing"))


def _sphere(robot):
    """The centre ``(3,)`` and radius of the sphere that holds every frame of the arm (a
    Monte Carlo run's lattice covers it)."""
    return np.asarray(robot.base_xyz, dtype=float), robot.length_scale * (1.0 + 1e-9)


def _monte_carlo_voxel(robot, samples):
    """The default voxel of a Monte Carlo run: :data:`MONTE_CARLO_DENSITY` samples per voxel
    of the sphere holding the arm, never finer than :func:`default_voxel`."""
    radius = _sphere(robot)[1]
    return max(default_voxel(robot), (4.0 / 3.0 * math.pi * radius ** 3 * MONTE_CARLO_DENSITY
                                      / samples) ** (1.0 / 3.0))


class _Progress:
    """Counts work done and asks the callback whether to go on."""

    def __init__(self, callback, total):
        self.callback = checks.callable_or_none(callback, "progress")
        self.total, self.done = max(total, 1), 0

    def advance(self, amount):
        self.done += amount
        if self.callback is not None and self.callback(min(self.done / self.total, 1.0)) is False:
            raise WorkspaceCancelled(f"workspace computation cancelled at "
                                     f"{100.0 * self.done / self.total:.0f} %")


class _Extent:
    """A grid run's first pass over ``grid``: each segment's bounding box and the end
    effector's reach, from its inner ``clouds`` (:func:`_inner_clouds`) swept by the first
    joint over the grid's range."""

    def __init__(self, robot, plan, grid, clouds, meter):
        self.plan, self.centre, self.q1_range = plan, robot.base_xyz, tuple(grid.ranges[0])
        self.boxes = {}
        self.reach = 0.0
        for s in _computed(plan):
            for xyz, kind in clouds(s):
                self.add(s, kind, xyz)
                meter.advance(xyz[0].size)

    def add(self, segment, kind, xyz):
        low, high, reach = _swept(self.plan, kind, self.q1_range, xyz, self.centre)
        old_low, old_high = self.boxes.get(segment, (np.inf, -np.inf))
        self.boxes[segment] = np.minimum(low, old_low), np.maximum(high, old_high)
        if segment == self.plan.end:
            self.reach = max(self.reach, reach)

    def voxel_grid(self, h):
        lower = np.min([low for low, _ in self.boxes.values()], axis=0)
        upper = np.max([high for _, high in self.boxes.values()], axis=0)
        return _VoxelGrid(lower, upper, h, len(self.plan.names))


def _world_points(xyz, coefficients):
    """World points ``(k, 3)``: every inner point ``xyz`` (in F) moved by every outer value of
    ``coefficients`` (:func:`_outer_coefficients`)."""
    P, Q, R, S = coefficients
    x, y, z = xyz
    return np.stack([(P[i, :, None] * x + Q[i, :, None] * y + R[i] * z + S[i, :, None]).ravel()
                     for i in range(3)], axis=-1)


def _finish(robot, plan, method, configurations, positions, voxels, kept, boxes, reach, began,
            notes, source):
    """The Workspace, segments with a shared point taking their twin's arrays.

    ``boxes`` maps each computed segment to its ``(lower, upper)``; ``reach`` is the end
    effector's; ``source`` the :class:`VoxelSource` of the counts."""
    counts, kept = [c.reshape(voxels.shape) for c in voxels.counts], list(kept)
    boxes = [boxes.get(s) for s in range(len(plan.names))]
    for s, twin in enumerate(plan.shares):
        if twin is not None:
            counts[s], kept[s], boxes[s] = counts[twin], kept[twin], boxes[twin]
    notes = list(notes) + _flat_notes(robot, boxes[-1], voxels.h)
    return Workspace(robot.name, robot.unit, method, configurations, positions, voxels.h,
                     voxels.origin, voxels.shape, plan.names,
                     tuple(counts), tuple(kept), reach,
                     tuple(boxes), np.array(robot.base_xyz), time.perf_counter() - began,
                     tuple(notes), voxel_source=source)


def _flat_notes(robot, end_box, voxel):
    """A note when the end effector stays in a layer thinner than a voxel. A layer of no
    thickness (a planar arm: at most :data:`FLAT` of the arm's size) is a surface or a curve,
    with no volume; a thicker one only means the voxel is coarse for this arm (a 12-joint arm
    at the default sampling was said to have "no volume", issue 25)."""
    extent = np.asarray(end_box[1]) - np.asarray(end_box[0])
    thin = [(axis, size) for axis, size in zip("xyz", extent, strict=True) if size < voxel]
    if not thin:
        return []
    within = ", ".join(f"{axis} {size:.3g}" for axis, size in thin)
    if all(size <= FLAT * robot.length_scale for _, size in thin):
        return [f"the end effector stays within {within} {robot.unit} (less than a voxel): "
                f"its workspace is a surface or a curve, with no volume; the volume figure is "
                f"that of the voxel layer it passes through"]
    return [f"the voxel ({voxel:.3g} {robot.unit}) is coarser than the workspace is thick "
            f"({within} {robot.unit}): the volume is a rough figure; count a finer grid "
            f"(more volume positions) or Monte Carlo samples"]


#: Thickness, as a fraction of the arm's size, below which a workspace is flat (rounding).
FLAT = 1e-9


def _grid_chunks(robot, plan, grid, segment):
    """Inner points of one segment over its own joints (the first joint at rest), in chunks.

    Yields ``(xyz, kind)``: points in F and how the first joint moves them (None: it does not).
    """
    inner = [j for j in range(1, robot.n) if plan.depends[segment, j]]
    counts = [grid.counts[j] for j in inner]
    total = math.prod(counts)
    rest = np.array([v[0] for v in grid.values])
    rest[0] = plan.q1_rest
    kind = plan.outer_kind if plan.depends[segment, 0] else None
    for start in range(0, total, _INNER_CHUNK):
        index = np.arange(start, min(total, start + _INNER_CHUNK))
        q = np.repeat(rest[None, :], index.size, axis=0)
        for j, i in zip(inner, np.unravel_index(index, counts) if counts else (), strict=True):
            q[:, j] = grid.values[j][i]
        yield _chain_points(robot, q, [segment], plan.start)[segment], kind


def _volume_grid(robot, plan, grid, voxel, positions):
    """:func:`volume_grid` with the segment plan already known."""
    moving = plan.depends.any(axis=0)
    spacing = grid_spacing(robot, grid, moving)
    target = default_voxel(robot) if voxel is None else voxel
    if spacing <= target:
        return grid
    budget = max(positions, _grid_work(plan, grid))
    # Cells whose edges are at most target / sqrt(3) are no wider than a voxel corner to corner,
    # so every voxel the workspace fills holds a sample.
    finest = target / math.sqrt(3.0)

    def fits(length):
        return _grid_work(plan, refined_grid(robot, grid, length, moving)) <= budget

    if fits(finest):
        return refined_grid(robot, grid, finest, moving)
    if not fits(spacing):
        return grid
    low, high = finest, spacing          # fits(high), not fits(low): narrow down to 0.1 %
    while high / low > 1.001:
        middle = math.sqrt(low * high)
        low, high = (low, middle) if fits(middle) else (middle, high)
    finer = refined_grid(robot, grid, high, moving)
    return finer if grid_spacing(robot, finer, moving) < spacing else grid


def _counted(robot, plan, grid, voxel, volume_from=None):
    """What a run over ``grid`` counts: ``(counted, spacing, h)``, the grid (``volume_from``,
    else :func:`volume_grid`'s choice), its spacing (:func:`grid_spacing`) and the voxel edge
    (``voxel``, checked, else :func:`default_voxel` for that spacing)."""
    counted = (_volume_grid(robot, plan, grid, voxel, VOLUME_POSITIONS) if volume_from is None
               else volume_from)
    spacing = grid_spacing(robot, counted, plan.depends.any(axis=0))
    return counted, spacing, default_voxel(robot, spacing) if voxel is None else voxel


def grid_measures_volume(robot: Robot, grid: JointGrid, voxel: float | None = None) -> bool:
    """True when the grid :func:`forward_workspace` counts for ``grid`` (:func:`volume_grid`)
    samples densely enough to measure a volume: its spacing at most
    :data:`MEASURABLE_SPACING` of the arm's size. Else (many joints: the spacing grows with
    every joint's lever while the positions stay bounded) count Monte Carlo samples
    (:func:`monte_carlo_workspace`), whose cost does not grow with the joints.

    Examples
    --------
    The Lynx6's default grid measures; a twisting arm of 12 joints cannot be gridded finely
    enough within the positions the count may take:

    >>> from robosim import Joint, Robot, load_robot
    >>> lynx6 = load_robot("lynx6")
    >>> grid_measures_volume(lynx6, factor_grid(lynx6, auto_factor(lynx6)))
    True
    >>> snake = Robot([Joint(a=20.0, d=10.0, alpha=math.pi / 2)] * 12, unit="mm")
    >>> grid_measures_volume(snake, factor_grid(snake, auto_factor(snake)))
    False
    """
    voxel = None if voxel is None else checks.positive(voxel, "the voxel edge", MAX_LENGTH)
    _, spacing, _ = _counted(robot, _segment_plan(robot), check_grid(robot, grid), voxel)
    return spacing <= MEASURABLE_SPACING * robot.length_scale


def volume_grid(robot: Robot, grid: JointGrid, voxel: float | None = None,
                positions: int = VOLUME_POSITIONS) -> JointGrid:
    """The grid whose configurations the voxel counts (volume, occupied voxels, sections) of
    :func:`forward_workspace` come from.

    A voxel can be no finer than the sampling (else the cloud has holes), so a coarse grid (3D-RAS
    Fig. 5's Factor 15 puts neighbouring points up to 138 mm apart) would give huge voxels and a
    volume far too big. When ``grid``'s spacing (:func:`grid_spacing`) is coarser than ``voxel``
    (default: the robot's size over :data:`DEFAULT_CELLS`), this is a grid over the same ranges
    refined joint by joint (:func:`refined_grid`) to the finest spacing, down to ``voxel / sqrt(3)``
    (cells no wider than a voxel), that computes at most ``positions`` positions, or as many as
    ``grid`` itself if more: refining costs a coarse grid about ``positions`` positions
    (:data:`VOLUME_POSITIONS`, a few hundredths of a second) and a fine grid nothing extra. The
    default voxel is then that grid's spacing (the Lynx6's Fig. 5: 18.8 mm, volume within 5 %).
    When ``grid`` is already as fine as ``voxel`` it is returned itself.

    Examples
    --------
    The paper's Fig. 5 grid (Factor 15, 5,184 configurations) is counted over about 2 million:

    >>> from robosim import load_robot
    >>> lynx6 = load_robot("lynx6")
    >>> fig5 = {0: (0, math.pi), 1: (0, math.pi / 2), 2: (0, math.pi / 2),
    ...         3: (-math.pi / 2, math.pi / 2), 4: (0, 0)}
    >>> volume_grid(lynx6, factor_grid(lynx6, 15, fig5)).counts
    (83, 35, 24, 27, 1)
    """
    voxel = None if voxel is None else checks.positive(voxel, "the voxel edge", MAX_LENGTH)
    return _volume_grid(robot, _segment_plan(robot), check_grid(robot, grid), voxel,
                        checks.count(positions, "positions", 1))


def _stream(plan, grid, segment, chunks, meter, voxels=None, keep=False):
    """Every position of ``segment`` over ``grid`` (its inner ``chunks``, see
    :func:`_grid_chunks`): counted into ``voxels`` (when given) and, with ``keep``, returned as
    world points ``(k, 3)``."""
    outer = grid.values[0] if plan.depends[segment, 0] else grid.values[0][:1]
    kept = []
    for xyz, kind in chunks:
        per_block = max(1, _BLOCK // xyz[0].size)
        for first in range(0, outer.size, per_block):
            coefficients = _outer_coefficients(plan, kind, outer[first:first + per_block])
            if voxels is not None:
                voxels.add(segment, xyz, coefficients)
            if keep:
                kept.append(_world_points(xyz, coefficients))
            meter.advance(xyz[0].size * coefficients[0].shape[1])
    if voxels is not None:
        voxels.counts[segment] *= grid.configurations // _segment_work(plan, grid, segment)
    return np.concatenate(kept) if keep else None


def _inner_clouds(robot, plan, grid):
    """``clouds(segment)``: the segment's inner chunks over ``grid`` (:func:`_grid_chunks`),
    computed once and kept for the second pass when there are at most :data:`_KEPT_INNER`
    points in all (a refined or coarse grid), else computed again (memory stays bounded for
    fine grids)."""
    clouds = functools.partial(_grid_chunks, robot, plan, grid)
    if _grid_work(plan, grid, inner=True) > _KEPT_INNER:
        return clouds
    return functools.cache(lambda segment: list(clouds(segment)))


def _run_work(plan, grid, counted, segment):
    """What a run computes for ``segment``: ``(inner, again, positions)``. ``inner``: the inner
    points of the extent pass over ``grid`` (and over ``counted`` when it is another grid);
    ``again``: inner points computed again for the voxel pass over ``counted`` (and for the
    small segments' clouds over ``grid``) where a grid's are not kept (:data:`_KEPT_INNER`);
    ``positions``: those streamed (``counted``'s, then a small segment's over ``grid``)."""
    grid_inner = _segment_work(plan, grid, segment, inner=True)
    counted_inner = _segment_work(plan, counted, segment, inner=True)
    positions = _segment_work(plan, counted, segment)
    again = 0 if _grid_work(plan, counted, inner=True) <= _KEPT_INNER else counted_inner
    if counted is grid:
        return grid_inner, again, positions
    if _segment_work(plan, grid, segment) <= SAMPLE_LIMIT:
        positions += _segment_work(plan, grid, segment)
        again += 0 if _grid_work(plan, grid, inner=True) <= _KEPT_INNER else grid_inner
    return grid_inner + counted_inner, again, positions


def forward_workspace(robot: Robot, grid: JointGrid | None = None, *, voxel: float | None = None,
                      progress: Callable[[float], bool | None] | None = None,
                      volume_from: JointGrid | None = None) -> Workspace:
    """Every configuration of ``grid`` as per-segment clouds, and voxel counts from a sampling
    fine enough for a useful voxel.

    The clouds (all computed points when at most :data:`SAMPLE_LIMIT` per segment), the
    configuration count, the bounding boxes and the colours are ``grid``'s: what 3D-RAS draws.
    The voxel counts, and so the volume, occupied voxels and sections, are streamed from
    :func:`volume_grid` (``grid`` itself unless it is coarser than a useful voxel): the volume
    then barely depends on how coarse ``grid`` is. The reach is the larger of both samplings'.

    Parameters
    ----------
    robot : Robot
        The arm.
    grid : JointGrid, optional
        From :func:`factor_grid` or :func:`step_grid`; default: the joint limits at
        :func:`auto_factor`.
    voxel : float, optional
        Voxel edge (length unit); default :func:`default_voxel` for the spacing of the grid
        the counts come from.
    progress : callable, optional
        ``progress(fraction)`` after each block; returning False cancels.
    volume_from : JointGrid, optional
        The grid to count instead of :func:`volume_grid`'s choice (``grid``: no refinement).

    Returns
    -------
    Workspace
        ``voxel_source`` says which configurations the counts come from.

    Raises
    ------
    WorkspaceCancelled
        The progress callback returned False.
    ValidationError
        Too many positions (use :func:`monte_carlo_workspace`) or a voxel too fine.

    Examples
    --------
    A planar arm with links 2 and 1 whose elbow turns fully reaches 3 from its base:

    >>> from robosim import Joint, Robot
    >>> from robosim.workspace import step_grid
    >>> arm = Robot([Joint(a=2.0), Joint(a=1.0)], unit="m")
    >>> forward_workspace(arm, step_grid(arm, math.radians(10))).reach
    3.0
    """
    began = time.perf_counter()
    plan = _segment_plan(robot)
    if grid is None:
        grid = factor_grid(robot, auto_factor(robot))
    voxel = check_plan(robot, grid, voxel=voxel)
    work = _grid_work(plan, grid)
    counted, spacing, h = _counted(robot, plan, grid, voxel, volume_from)
    notes = limit_notes(robot, grid.ranges)
    if voxel is None and spacing > MEASURABLE_SPACING * robot.length_scale:
        notes.append(f"this grid cannot measure the volume: the samples counted lie up to "
                     f"{spacing:.3g} {robot.unit} apart on an arm {robot.length_scale:.3g} "
                     f"{robot.unit} long, so the voxels are as coarse and the volume is no "
                     f"measurement; count Monte Carlo samples instead (--samples N, "
                     f"monte_carlo_workspace), whose cost does not grow with the joints")
    if h < spacing:
        notes.append(f"voxel {h:.3g} {robot.unit} is finer than the spacing {spacing:.3g} "
                     f"{robot.unit} of the grid counted: the voxels have holes and the volume "
                     f"undercounts (count a finer grid or choose a larger voxel)")
    computed = _computed(plan)
    small = [s for s in computed if _segment_work(plan, grid, s) <= SAMPLE_LIMIT]  # all kept
    runs = [_run_work(plan, grid, counted, s) for s in computed]
    meter = _Progress(progress, sum(inner + positions for inner, _, positions in runs))

    clouds = _inner_clouds(robot, plan, grid)
    counted_clouds = clouds if counted is grid else _inner_clouds(robot, plan, counted)
    extent = _Extent(robot, plan, grid, clouds, meter)
    counted_extent = (extent if counted is grid
                      else _Extent(robot, plan, counted, counted_clouds, meter))
    voxels = counted_extent.voxel_grid(h)
    kept = [None] * len(plan.names)
    for s in computed:
        kept[s] = _stream(plan, counted, s, counted_clouds(s), meter, voxels,
                          keep=counted is grid and s in small)
    if counted is not grid:
        for s in small:
            kept[s] = _stream(plan, grid, s, clouds(s), meter, keep=True)
    source = VoxelSource(counted.configurations, counted.counts, spacing, counted is not grid,
                         _segment_work(plan, counted, plan.end))
    return _finish(robot, plan, "grid", grid.configurations, work, voxels, kept, extent.boxes,
                   max(extent.reach, counted_extent.reach), began, notes, source)


def monte_carlo_workspace(robot: Robot, samples: int, *,
                          ranges: Mapping[int, Sequence[float]] | None = None,
                          voxel: float | None = None, rng: int | np.random.Generator | None = 0,
                          progress: Callable[[float], bool | None] | None = None) -> Workspace:
    """Random configurations, uniform inside ``ranges`` (default: the joint limits).

    The alternative to a grid for arms with many joints: the cost grows with ``samples``, not
    with the number of joints. One pass: the voxel lattice covers the sphere of radius
    ``robot.length_scale`` about the base origin, which holds every frame. Samples are drawn in
    chunks from a generator seeded by ``rng`` and the chunk number, so a run is repeatable.
    Bounding boxes and reach are those of the samples (a little inside the true ones).

    Returns
    -------
    Workspace
        ``configurations == positions == samples``; every sample gives a point per segment.

    Examples
    --------
    2,000 random poses of the two-link arm with unit links: no tip lies farther than
    ``1 + 1 = 2`` from the base, and some come close.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> cloud = monte_carlo_workspace(arm, 2000)
    >>> cloud.configurations, 1.9 < cloud.reach <= 2.0
    (2000, True)
    """
    began = time.perf_counter()
    samples = checks.count(samples, "samples", 1, int(MAX_POSITIONS))
    voxel = check_plan(robot, samples=samples, voxel=voxel)
    plan = _segment_plan(robot)
    bounds = joint_ranges(robot, ranges)
    notes = limit_notes(robot, bounds)
    seed = int(checks.generator(rng).integers(2 ** 31))
    computed, end = _computed(plan), plan.end
    centre, radius = _sphere(robot)
    h = _monte_carlo_voxel(robot, samples) if voxel is None else voxel
    voxels = _VoxelGrid(centre - radius, centre + radius, h, len(plan.names))
    boxes = {s: (np.full(3, np.inf), np.full(3, -np.inf)) for s in computed}
    reach = 0.0
    keep = samples <= SAMPLE_LIMIT                  # every point, for drawing
    collected: list[list[np.ndarray]] = [[] for _ in plan.names]
    meter = _Progress(progress, samples)
    base = frame_columns(robot.base)
    for number, start in enumerate(range(0, samples, _INNER_CHUNK)):
        size = min(_INNER_CHUNK, samples - start)
        q = np.random.default_rng([seed, number]).uniform(bounds[:, 0], bounds[:, 1],
                                                           size=(size, robot.n))
        points = _chain_points(robot, q, computed, base, ArrayMath)
        for s in computed:
            world = np.stack(points[s], axis=-1)
            voxels.add_points(s, world)
            lower, upper = boxes[s]
            boxes[s] = np.minimum(lower, world.min(axis=0)), np.maximum(upper, world.max(axis=0))
            if s == end:
                reach = max(reach, float(np.sqrt(((world - centre) ** 2).sum(axis=1).max())))
            if keep:
                collected[s].append(world)
        meter.advance(size)
    kept = [np.concatenate(chunks) if chunks else None for chunks in collected]
    occupied = max(1, int(np.count_nonzero(voxels.counts[end])))
    if samples / occupied < 5:
        notes.append(f"{samples / occupied:.1f} samples per occupied voxel: the volume "
                     f"undercounts; use more samples or a larger voxel")
    return _finish(robot, plan, "monte carlo", samples, samples, voxels, kept, boxes, reach,
                   began, notes, VoxelSource(samples, positions=samples))


#: Timed runs per probe of the estimates (the shortest counts), and the Monte Carlo probes'
#: sample counts.
PROBE_REPEATS = 3
SAMPLE_PROBES = (5_000, 40_000)
#: Blocks timed per segment by the grid estimate (milliseconds each: the voxel counts, which
#: most of a large run's time goes to, vary most with what else the machine runs).
BLOCK_REPEATS = 5
#: Inner points of the thinned grid whose bounding boxes give the probe's lattice.
PROBE_BOX_INNER = 4096


def estimate_seconds(robot: Robot, grid: JointGrid, voxel: float | None = None,
                     volume_from: JointGrid | None = None) -> float:
    """Seconds :func:`forward_workspace` will take for ``grid``, from a probe of the run itself.

    The run's cost is modelled from what it computes, segment by segment (``I_s`` inner points
    and ``P_s`` positions, as :func:`_run_work` counts them)::

        T = setup + sum over the segments s of (f_s + e_s) I_s + f_s R_s + b_s P_s

    - ``setup`` is measured: the segment plan, the choice of the grid counted
      (:func:`volume_grid`), done as the run does, and the run's voxel lattice, allocated and
      first touched.
    - ``f_s`` (s per inner point: the forward kinematics of the joints after the first),
      ``e_s`` (s per inner point: its bounding box swept by the first joint) and ``b_s`` (s
      per position: the first joint's multiply-adds and the voxel count) are timed on the
      run's own first block of each segment (:func:`_probe_costs`), counted into a lattice of
      the run's size (a large lattice costs more per count).
    - ``R_s`` counts inner points computed again because a fine grid's are not kept
      (:data:`_KEPT_INNER`).

    ``voxel`` and ``volume_from`` as for :func:`forward_workspace`. Estimating takes a few tenths
    of a second (``benchmarks/bench_workspace_estimate.py`` prints it beside the measured times).

    Examples
    --------
    The figure depends on the machine, so it is no number to check by hand: compare it with
    the run's own ``elapsed`` (for the two-link arm's 37 x 37 poses, both some hundredths of a
    second on a laptop).

    >>> from robosim import Joint, Robot
    >>> from robosim.workspace import step_grid
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> grid = step_grid(arm, np.radians(10))                       # 37 x 37 poses
    >>> estimate_seconds(arm, grid) > 0, forward_workspace(arm, grid).elapsed > 0
    (True, True)
    """
    began = time.perf_counter()
    plan = _segment_plan(robot)
    voxel = check_plan(robot, grid, voxel=voxel)
    counted, spacing, h = _counted(robot, plan, grid, voxel, volume_from)
    setup = time.perf_counter() - began
    fixed, kinematic, box, sweep = _probe_costs(robot, plan, counted, h)
    seconds = setup + fixed
    for s in _computed(plan):
        inner, again, positions = _run_work(plan, grid, counted, s)
        seconds += kinematic[s] * (inner + again) + box[s] * inner + sweep[s] * positions
    return float(seconds)


def _probe_grid(grid):
    """``grid`` thinned, every joint to every k-th value with its first and last kept (so the
    ranges stay), to at most :data:`PROBE_BOX_INNER` inner configurations: its bounding boxes
    are about the run's, found in milliseconds."""
    counts = np.array(grid.counts)
    stride = 1
    while math.prod(-(-counts[1:] // stride)) > PROBE_BOX_INNER:
        stride += 1
    return JointGrid(tuple(np.unique(np.append(v[::stride], v[-1])) for v in grid.values))


def _probe_costs(robot, plan, counted, h):
    """Time blocks of each segment of the run that counts ``counted`` with voxel edge ``h``:
    its first chunk of inner points, computed as the run computes it, swept over as many
    neighbouring values of the first joint as the run's blocks hold for that chunk (another
    run of values each pass, so each pass counts into another part of the lattice, as the
    run's blocks do), counted into a lattice of the run's edge over the run's ranges (the
    bounding boxes of :func:`_probe_grid`).

    Returns
    -------
    fixed : float
        Seconds the lattice costs once: allocated and touched (its page faults, and what
        each segment's stream pays once at its end: scaling its counts).
    kinematic, box, sweep : dict of int to float
        Per segment, seconds per inner point of the forward kinematics and of the bounding
        box, and seconds per position of the sweep and the voxel count. Each the median of
        :data:`PROBE_REPEATS` passes (:data:`BLOCK_REPEATS` blocks; see
        :func:`_probe_seconds`).
    """
    computed = _computed(plan)
    meter = _Progress(None, 1)
    thin = _probe_grid(counted)
    extent = _Extent(robot, plan, thin, _inner_clouds(robot, plan, thin), meter)
    chunks, kinematic, box, sweep = {}, {}, {}, {}
    for s in computed:
        def first_chunk(s=s):
            return next(_grid_chunks(robot, plan, counted, s))

        chunks[s] = xyz, kind = first_chunk()   # the first call also warms numpy's code up
        kinematic[s] = _probe_seconds(first_chunk) / xyz[0].size
        extent.add(s, kind, xyz)
        box[s] = _probe_seconds(functools.partial(extent.add, s, kind, xyz)) / xyz[0].size

    def touch():        # every page of the lattice, as the run's streams and scalings do
        for s in computed:
            voxels.counts[s] *= 1

    began = time.perf_counter()
    voxels = extent.voxel_grid(h)
    touch()
    fixed = time.perf_counter() - began
    once = _probe_seconds(touch) / len(computed)   # what each stream pays at its end
    outer = counted.values[0]
    for s in computed:
        size = chunks[s][0][0].size
        width = max(1, _BLOCK // size) if plan.depends[s, 0] else 1
        starts = iter(range(0, (BLOCK_REPEATS + 1) * width, width))

        def block(s=s, width=width, starts=starts):
            """The next of the run's blocks of segment s (another part of the lattice)."""
            start = next(starts) % max(1, outer.size - width + 1)
            piece = JointGrid((outer[start:start + width], *counted.values[1:]))
            _stream(plan, piece, s, [chunks[s]], meter, voxels)

        block()                            # warming up
        seconds = _probe_seconds(block, BLOCK_REPEATS)
        sweep[s] = max(seconds - once, seconds / 10) / (size * min(width, outer.size))
    return fixed, kinematic, box, sweep


def estimate_samples_seconds(robot: Robot, samples: int,
                             ranges: Mapping[int, Sequence[float]] | None = None,
                             voxel: float | None = None) -> float:
    """Seconds :func:`monte_carlo_workspace` will take for ``samples``, from two timed runs.

    The cost is about ``c + b * samples`` (setting up the voxel lattice, then a fixed cost per
    sample); runs of :data:`SAMPLE_PROBES` samples on this machine give ``b`` and ``c``.
    ``ranges`` and ``voxel`` as for :func:`monte_carlo_workspace` (the voxel the run will use:
    it sets the lattice's size).

    Examples
    --------
    Like :func:`estimate_seconds` the figure depends on the machine (for the two-link arm,
    100,000 samples take about a tenth of a second on a laptop):

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> estimate_samples_seconds(arm, 100_000) > 0
    True
    """
    voxel = check_plan(robot, samples=samples, voxel=voxel)      # the count, as the run's
    if voxel is None:  # the lattice the full run will have, not the probes' coarser one
        voxel = _monte_carlo_voxel(robot, samples)
    times = [_probe_seconds(functools.partial(monte_carlo_workspace, robot, n, ranges=ranges,
                                              voxel=voxel)) for n in SAMPLE_PROBES]
    small, large = SAMPLE_PROBES
    b = max((times[1] - times[0]) / (large - small), times[1] / large / 4)
    c = max(times[0] - b * small, 0.0)
    return float(c + b * samples)


def _probe_seconds(run, repeats=PROBE_REPEATS):
    """The median of ``repeats`` timed calls of ``run()`` (:func:`timeit.repeat`): one call
    slowed by another process taking the core does not set the estimate, and the share of the
    machine the run will get is still counted (the shortest call would promise a machine to
    itself)."""
    return float(np.median(timeit.repeat(run, number=1, repeat=repeats)))

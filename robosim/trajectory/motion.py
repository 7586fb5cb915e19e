"""Cartesian motion: straight lines with exact via-points, and jogging along and about axes.

RoboAnalyzer moves along a line by open-loop Jacobian steps and misses its final
pose by up to 1.5 mm and 1.5 deg with 100 via-points (its Table II). Here every via-point is
solved by inverse kinematics from the previous one (:func:`robosim.ik.solve_path`), so each one
lies on the line and the last one is the target to numerical precision, for any number of
via-points. Between the requested via-points the line is followed in small internal steps, so a
singularity or a joint limit on the way is found and reported instead of crossed.

What a move holds besides the line: the full pose on arms with 6 or more joints, the position
only on other arms; a Lynx6-shaped arm (:func:`~robosim.ik.is_lynx6_shaped`) can instead hold
the gripper's angle to the ground and its wrist-rotate joint (``hold_wrist=True``, what its X,
Y, Z jogs do; ``wrist_pitch=`` turns that angle evenly to a new value along the line), every
point solved in closed form (:func:`robosim.ik.lynx6_ik`) on the start's branch.

Conventions: poses are ``(4, 4)`` in the world frame; positions interpolate linearly, the
orientation turns at a constant rate about one fixed axis (the rotation from start to end).
Jogging angles are radians here; degrees appear only in the GUI and the CLI.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .. import checks, ik
from ..collision import Checker
from ..errors import ValidationError
from ..kinematics import (Robot, homogeneous, r2rpy, rotation_angle, rpy2r, scaled_jacobian,
                          singular_words, smallest_singular_values)

#: Internal steps along a line are at most this fraction of the robot's size ...
STEP_FRACTION = 0.01
#: ... and at most this rotation (radians).
STEP_ANGLE = math.radians(2.0)
#: Most points (via-points and internal steps) solved along one line: a line 50 times the
#: robot's size, or 5,000 via-points (a few seconds); beyond, the work (one IK solution a point)
#: grows without use, since no arm follows a line that long (issue 14: ``--to 1e308 ...``).
MAX_LINE_POINTS = 5_000
#: A joint moving more than this (radians, or this fraction of the robot's size for a prismatic
#: joint) in one internal step means the line passes through or near a singularity.
JUMP_LIMIT = 0.25
#: Smallest singular value of the scaled Jacobian below which the arm counts as singular.
SINGULAR_VALUE = 1e-3

JOG_AXES = ("x", "y", "z", "roll", "pitch", "yaw")
FRAMES = ("base", "tool")


@dataclass
class LineResult:
    """A straight-line move.

    Attributes
    ----------
    q : ndarray, shape (N, n)
        Joint values at the via-points reached (N = steps when complete, fewer when stopped;
        the first row is the start configuration).
    poses : ndarray, shape (steps, 4, 4)
        The via-point poses on the line, all of them.
    position_error, orientation_error : ndarray, shape (N,)
        Pose error of each via-point reached (length unit, radians) over the solved axes; with
        ``hold_wrist`` the orientation error is that of the gripper's angle to the ground.
    deviation : ndarray, shape (N,)
        Distance of each reached via-point's position from the line (length unit).
    complete : bool
        The target was reached.
    reason : str
        Why the move stopped ("" when complete): the via-point and what was in the way.
    trace : ndarray, shape (M, 3)
        End-effector positions of every internal step up to the stop, to draw the path.
    q_path : ndarray, shape (M, n)
        Joint values of those steps: play them to move the arm as far as the line goes (the
        via-points alone stop at the last whole one before the obstacle).

    Examples
    --------
    The two-link arm with unit links, tip at (1, 1) (joints at 0 and 90 degrees), down the line
    ``x = 1`` to (1, 0): 1 m, reached with the joints at -60 and 120 degrees
    (``cos(-60) + cos(60) = 1``, ``sin(-60) + sin(60) = 0``).

    >>> from robosim import Joint, Robot
    >>> from robosim.kinematics import transl
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> down = straight_line(arm, np.radians([0, 90]), transl([1, 0, 0]), steps=3)
    >>> down.complete, f"{down.length:.3f}", np.degrees(down.final_q).round(3).tolist()
    (True, '1.000', [-60.0, 120.0])

    Along ``y = 1`` towards (3, 1) the arm is stretched out at ``x = sqrt(2^2 - 1^2) = 1.732``,
    0.732 m along the line (36.6 % of its 2 m): it stops there, within a step (1 % of its
    2 m size).

    >>> out = straight_line(arm, np.radians([0, 90]), transl([3, 1, 0]), steps=5)
    >>> out.complete, f"{out.moved:.2f}", out.reason.split(" (")[0]
    (False, '0.72', 'the arm is stretched out or folded up')
    """

    q: np.ndarray
    poses: np.ndarray
    position_error: np.ndarray
    orientation_error: np.ndarray
    deviation: np.ndarray
    complete: bool
    reason: str
    trace: np.ndarray
    q_path: np.ndarray

    @property
    def moved(self) -> float:
        """How far the end effector got along the line (length unit): start to the last step."""
        return float(np.linalg.norm(self.trace[-1] - self.trace[0]))

    @property
    def length(self) -> float:
        """The whole line's length (length unit)."""
        return float(np.linalg.norm(self.poses[-1, :3, 3] - self.poses[0, :3, 3]))

    @property
    def final_q(self) -> np.ndarray:
        """The last configuration reached ``(n,)``."""
        return self.q[-1]


def default_axes(robot: Robot) -> str:
    """``"pose"`` for arms with 6 or more joints, ``"position"`` for the others.

    Examples
    --------
    >>> from robosim import load_robot
    >>> default_axes(load_robot("Puma 560")), default_axes(load_robot("Lynx6"))
    ('pose', 'position')
    """
    return "pose" if robot.n >= 6 else "position"


# ---------------------------------------------------------------------------- rotations
def _rotation_vector(R):
    """Axis times angle ``(3,)`` of a rotation matrix, robust at 0 and pi."""
    angle = float(rotation_angle(np.eye(3), R))
    skew = np.array([R[2, 1] - R[1, 2], R[0, 2] - R[2, 0], R[1, 0] - R[0, 1]])
    if angle < 1e-12:
        return 0.5 * skew
    if math.pi - angle > 1e-6:
        return skew * (angle / (2.0 * math.sin(angle)))
    # Near pi the skew part vanishes: the axis is the column of (R + I) / 2 with most weight.
    symmetric = (R + np.eye(3)) / 2.0
    column = int(np.argmax(np.diag(symmetric)))
    axis = symmetric[:, column] / math.sqrt(max(symmetric[column, column], 1e-300))
    axis /= np.linalg.norm(axis)
    if np.dot(axis, skew) < 0:
        axis = -axis
    return axis * angle


def _rotations_about(vector, fractions):
    """Rodrigues: rotations by ``fractions * |vector|`` about ``vector``; ``(K, 3, 3)``."""
    angle = np.linalg.norm(vector)
    if angle == 0.0:
        return np.broadcast_to(np.eye(3), (len(fractions), 3, 3)).copy()
    k = vector / angle
    K = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    theta = np.asarray(fractions)[:, None, None] * angle
    return np.eye(3) + np.sin(theta) * K + (1 - np.cos(theta)) * (K @ K)


def line_poses(start: ArrayLike, end: ArrayLike, fractions: ArrayLike) -> np.ndarray:
    """Poses ``(K, 4, 4)`` along the straight line from ``start`` to ``end`` at ``fractions``
    (0 = start, 1 = end): position linear, orientation at a constant rate about one axis.

    Examples
    --------
    From the origin to ``(2, 0, 0)`` turning 90 degrees about z: half way the position is
    ``(1, 0, 0)`` and the turn 45 degrees, so the x axis points along ``(cos 45, sin 45, 0)``.

    >>> from robosim.kinematics import homogeneous, rotz
    >>> middle = line_poses(np.eye(4), homogeneous(rotz(np.pi / 2), [2, 0, 0]), [0.5])[0]
    >>> (middle[:3, 3].round(3) + 0.0).tolist(), (middle[:3, 0].round(3) + 0.0).tolist()
    ([1.0, 0.0, 0.0], [0.707, 0.707, 0.0])
    """
    start = checks.transforms(start, "start", (4, 4))
    end = checks.transforms(end, "end", (4, 4))
    fractions = checks.real_array(fractions, "fractions")
    if fractions.ndim != 1 or not len(fractions):
        raise ValidationError(f"fractions must be a list of numbers (0 = start, 1 = end), got "
                              f"shape {fractions.shape}")
    turn = _rotation_vector(start[:3, :3].T @ end[:3, :3])
    rotations = start[:3, :3] @ _rotations_about(turn, fractions)
    positions = start[:3, 3] + fractions[:, None] * (end[:3, 3] - start[:3, 3])
    poses = homogeneous(rotations, positions)
    poses[-1] = end if fractions[-1] == 1.0 else poses[-1]
    return poses


# ------------------------------------------------------------------------------- lines
def relative_target(robot: Robot, q: ArrayLike, delta_xyz: ArrayLike,
                    delta_rpy_deg: ArrayLike) -> np.ndarray:
    """The pose reached by changing the current X, Y, Z (length unit) and A, B, C (degrees).

    As in RoboAnalyzer, the change is added to the pose's coordinates: position
    ``p + delta`` in the world frame, roll-pitch-yaw ``rpy + delta`` (``R = Rz Ry Rx``).

    Examples
    --------
    The two-link arm with unit links at ``(0, 90)`` degrees has its tip at ``(1, 1, 0)``; 0.5 up
    along Y puts the target at ``(1, 1.5, 0)``, the orientation unchanged.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> target = relative_target(arm, np.radians([0, 90]), [0, 0.5, 0], [0, 0, 0])
    >>> (target[:3, 3].round(3) + 0.0).tolist()
    [1.0, 1.5, 0.0]
    """
    T = robot.fk(robot.check_q(q))
    delta_xyz = _three(delta_xyz, "X, Y, Z change")
    delta_rpy = np.radians(_three(delta_rpy_deg, "A, B, C change"))
    return homogeneous(rpy2r(r2rpy(T[:3, :3]) + delta_rpy), T[:3, 3] + delta_xyz)


def _three(values, what):
    values = checks.real_array(values, what, finite=False)
    if values.shape != (3,) or not np.all(np.isfinite(values)):
        raise ValidationError(f"{what}: give 3 finite numbers, got {np.ravel(values).tolist()}")
    return values


def straight_line(robot: Robot, q_from: ArrayLike, target_pose: ArrayLike, steps: int, *,
                  axes: str | None = None, direction: str = "", hold_wrist: bool = False,
                  wrist_pitch: float | None = None,
                  collisions: Checker | None = None) -> LineResult:
    """Move the end effector along a straight line to ``target_pose`` through ``steps`` via-points.

    Parameters
    ----------
    robot : Robot
        The arm that moves.
    q_from : array_like, shape (n,)
        Start configuration; the line starts at ``robot.fk(q_from)``.
    target_pose : array_like, shape (4, 4)
        End pose in the world frame (see :func:`relative_target` for a relative change).
    steps : int
        Number of via-points N >= 2, start and end included, evenly spaced along the line.
    axes : str, optional
        Pose components to hold (see :mod:`robosim.ik`); default :func:`default_axes`.
    direction : str, optional
        Words for the move in the stop reason ("in +Z"); default "along this line".
    hold_wrist : bool, optional
        Lynx6-shaped arms only (:func:`~robosim.ik.is_lynx6_shaped`), instead of ``axes``: hold
        the gripper's angle to the ground (:func:`wrist_angle`) and joint 5 (wrist rotate) exactly
        at their values at ``q_from``. Every point is solved in closed form
        (:func:`robosim.ik.lynx6_ik`) on the branch of ``q_from`` (elbow up or down, facing
        the target or leaning back over the base), so the joints never switch branch; only
        the target's position counts.
    wrist_pitch : float, optional
        With ``hold_wrist``: the gripper's angle to the ground at the end of the line
        (radians, as :func:`wrist_angle`); it turns at a constant rate along the line from
        its start value (the via-point at fraction ``f`` of the line has ``start + f (end -
        start)``). Default: held at the start value.
    collisions : robosim.collision.Checker, optional
        Also stop before the arm collides with itself or the checker's scene (leaving a
        collision the start is in is allowed: the distance grows). None: no collision check.

    Returns
    -------
    LineResult
        Stopped before the first via-point behind an obstacle: a point the arm cannot reach,
        a joint limit, a singularity (a joint that would have to jump, or a nearly singular
        Jacobian) or, with ``collisions``, a collision. The reason says it in words a student
        reads (what is in the way, what to do), with the fraction of the line done in
        parentheses for the teacher.

    Examples
    --------
    The two-link arm with unit links from ``(0, 90)`` degrees (tip at ``(1, 1)``) straight down
    to ``(1, 0)``, holding x and y only: the tip's x stays 1 all along. At the end the tip is
    1 from the base, so ``cos q2 = (1 - 1 - 1) / 2 = -1/2``: ``q2 = 120`` degrees (the elbow
    keeps its side) and ``q1 = 0 - atan2(sin q2, 1 + cos q2) = -60`` degrees.

    >>> from robosim import Joint, Robot
    >>> from robosim.kinematics import homogeneous
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> line = straight_line(arm, np.radians([0, 90]), homogeneous(np.eye(3), [1, 0, 0]), 5,
    ...                      axes="x y")
    >>> line.complete, np.degrees(line.q[-1]).round(3).tolist()
    (True, [-60.0, 120.0])
    >>> (arm.fk(line.q)[:, 0, 3].round(6) + 0.0).tolist()     # x of the tip at every via-point
    [1.0, 1.0, 1.0, 1.0, 1.0]
    """
    steps = checks.count(steps, "steps")
    if not 2 <= steps <= MAX_LINE_POINTS:
        raise ValidationError(f"a line needs at least 2 via-points (start and end included) "
                              f"and at most {MAX_LINE_POINTS:,}, got {steps:,}")
    q_from = robot.check_q(q_from, "start configuration")
    if not robot.within_limits(q_from):
        raise ValidationError("the start configuration is outside the joint limits")
    if hold_wrist:
        if axes is not None:
            raise ValidationError("give axes or hold_wrist, not both")
        solver = _WristHeldPoints.start(robot, q_from, wrist_pitch)
    elif wrist_pitch is not None:
        raise ValidationError("wrist_pitch goes with hold_wrist=True")
    else:
        solver = _NumericPoints(robot, ik.parse_axes(default_axes(robot) if axes is None
                                                     else axes))
    rows = solver.rows
    start = robot.fk(q_from)
    target_pose = ik.check_targets(target_pose, rows)
    if target_pose.shape != (4, 4):
        raise ValidationError(f"the line's target must be one 4x4 pose, got {target_pose.shape}")
    poses = line_poses(start, target_pose, np.linspace(0.0, 1.0, steps))

    # Internal steps: each requested segment is split so no step is long or turns far.
    length = float(np.linalg.norm(target_pose[:3, 3] - start[:3, 3]))
    turn = solver.turn(start, target_pose)
    internal = max(length / (STEP_FRACTION * robot.length_scale), turn / STEP_ANGLE)
    if not internal <= MAX_LINE_POINTS:     # also catches an infinite length
        raise ValidationError(f"the line is {length:.3g} {robot.unit} long, "
                              f"{length / robot.length_scale:.3g} times the size of the "
                              f"{robot.name}: at most {MAX_LINE_POINTS * STEP_FRACTION:g} times")
    per_segment = max(1, math.ceil(internal / (steps - 1)))
    fractions = np.linspace(0.0, 1.0, (steps - 1) * per_segment + 1)
    fine = line_poses(start, target_pose, fractions)
    fine[::per_segment] = poses                          # the via-points exactly
    q_solved, reached_points = solver.solve(fine[1:], fractions[1:], q_from)
    q_fine = np.vstack([q_from, q_solved])
    ok = np.concatenate([[True], reached_points])
    stop, reason = _first_obstacle(robot, solver, q_fine, ok, fine, fractions,
                                   direction or "along this line", collisions)
    reached = (stop - 1) // per_segment + 1 if stop is not None else steps
    q = q_fine[::per_segment][:reached]
    errors = solver.errors(q, poses[:reached], fractions[::per_segment][:reached])
    q_path = q_fine[:len(q_fine) if stop is None else stop]
    return LineResult(q, poses, errors[0], errors[1],
                      _distance_from_line(robot.fk(q)[:, :3, 3], start[:3, 3],
                                          target_pose[:3, 3]),
                      stop is None, reason, robot.fk(q_path)[:, :3, 3], q_path)


def _first_obstacle(robot, solver, q, ok, poses, fractions, direction, collisions=None):
    """The first internal index that cannot be passed, and why; ``(None, "")`` if none."""
    jumps = np.concatenate([[False], _jumps(robot, q[:-1], q[1:])])
    smallest = solver.smallest_singular_values(q)
    # Singular and getting more so: leaving a singular start configuration is allowed.
    singular = np.concatenate([[False], (smallest[1:] < SINGULAR_VALUE)
                               & (smallest[1:] < smallest[:-1])])
    blocked = ~ok | jumps | singular
    colliding = np.zeros_like(blocked)
    if collisions is not None:
        # Colliding and getting closer: leaving a collision the start is in is allowed.
        found = collisions.check(q)
        distance = found.distance
        colliding[1:] = ok[1:] & found.collides[1:] & (distance[1:] < distance[:-1])
        blocked = blocked | colliding
    if not blocked.any():
        return None, ""
    k = int(np.argmax(blocked))
    # Where the arm stops: the last point passed (k >= 1, the start is never blocked), so the
    # percentage is the distance the result's ``moved`` reports over the line's length.
    where = f"stopped {100 * fractions[k - 1]:.1f}% of the way"
    if colliding[k] and not (~ok | jumps | singular)[k]:
        pairs = found.describe(k)[len("collision: "):]
        return k, (f"the arm would collide ({pairs}, {where}): it cannot move further "
                   f"{direction}; move around the obstacle")
    singular_text = (f"the arm {{}} (a singular pose, {where}): it cannot move further "
                     f"{direction}; move a joint with the sliders first")
    # A revolute joint that went round by a turn was wrapped past a limit by the solver.
    wrapped = (np.flatnonzero(robot.revolute & (np.abs(q[k] - q[k - 1]) > math.pi)) if k
               else np.array([], dtype=int))
    if ok[k] and len(wrapped):
        return k, _limit_message(robot, wrapped, where, direction)
    if ok[k]:
        return k, singular_text.format(singular_words(robot, q[k - 1]))
    kind, detail = solver.blocked(poses[k], fractions[k], q[k - 1])
    if kind == "limit":
        return k, _limit_message(robot, detail, where, direction)
    if kind == "singular":
        return k, singular_text.format(singular_words(robot, detail))
    return k, (f"the arm cannot reach that far (out of reach, {where}): it cannot move further "
               f"{direction}; choose a target nearer the arm")


def _jumps(robot, q_before, q_after):
    """True where a joint moves more than :data:`JUMP_LIMIT` from ``q_before`` to ``q_after``
    (``(..., n)`` each; prismatic joints in robot sizes): a singularity, not a step."""
    scale = np.where(robot.revolute, 1.0, robot.length_scale)
    return (np.abs(q_after - q_before) / scale).max(axis=-1) > JUMP_LIMIT


def _at_limits(robot, q):
    """Indices of the joints of ``q`` ``(n,)`` at (within 1e-6) or beyond their limits."""
    lower, upper = robot.limits.T
    margin = 1e-6 * np.where(robot.revolute, 1.0, robot.length_scale)
    return np.flatnonzero((q < lower + margin) | (q > upper - margin))


class _NumericPoints:
    """Line points solved by the numeric solver (:func:`robosim.ik.solve_path`) over the pose
    components ``rows`` (see :func:`robosim.ik.parse_axes`)."""

    def __init__(self, robot, rows):
        self.robot, self.rows = robot, rows

    def turn(self, start, end):
        """How far (radians) the held orientation turns from pose ``start`` to ``end``."""
        if not any(r >= 3 for r in self.rows):
            return 0.0
        return float(rotation_angle(start[:3, :3], end[:3, :3]))

    def solve(self, poses, fractions, q_from):
        """Joint values ``(K, n)`` and reached flags ``(K,)`` of ``poses`` (at ``fractions``
        of the line, unused here), each point from the previous one's solution."""
        path = ik.solve_path(self.robot, poses, q_from, axes=self.rows, restarts=0)
        return path.q, path.reachable

    def smallest_singular_values(self, q):
        """Smallest singular value ``(M,)`` of the Jacobian over the solved rows, positions
        in robot sizes (:data:`SINGULAR_VALUE` compares with it)."""
        J = scaled_jacobian(self.robot, q, self.rows)
        return smallest_singular_values(J)

    def blocked(self, pose, fraction, q_before):
        """Why ``pose`` was not reached from ``q_before``: ``("limit", joints)``,
        ``("singular", q)`` (the arm at ``q`` is singular) or ``("reach", None)``."""
        stuck = ik.solve(self.robot, pose, q0=q_before, axes=self.rows, seeds=0)
        limits = _at_limits(self.robot, stuck.q)
        limits = limits if limits.size else _at_limits(self.robot, q_before)
        if limits.size:
            return "limit", limits
        if self.smallest_singular_values(stuck.q[None])[0] < 10 * SINGULAR_VALUE:
            return "singular", stuck.q
        return "reach", None

    def errors(self, q, poses, fractions):
        """Position (length unit) and orientation (radians) errors of ``q`` against ``poses``."""
        return _pose_errors(self.robot, self.rows, q, poses)


class _WristHeldPoints:
    """Line points of a Lynx6-shaped arm solved in closed form (:func:`robosim.ik.lynx6_ik`)
    with joint 5 held at its start value and the gripper's angle to the ground held too, or
    turning at a constant rate to ``end_pitch``, on the start's branch (elbow, reach):
    position plus those two are the held "axes"."""

    rows = (0, 1, 2)
    #: Rows added to the position Jacobian for what is held: the gripper's angle to the ground
    #: is (up to its sign, which singular values ignore) ``q2 + q3 + q4`` (joints 2-4 turn
    #: about parallel axes across the arm's plane, joint 1 turns the plane, joint 5 turns
    #: the gripper about the tool point), and joint 5 itself.
    HELD_ROWS = np.array([[0.0, 1.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0, 1.0]])

    def __init__(self, robot, pitch, wrist_rotate, elbow, reach, end_pitch=None):
        self.robot, self.start_pitch = robot, pitch
        self.end_pitch = pitch if end_pitch is None else float(end_pitch)
        self.branch = dict(elbow=elbow, reach=reach, wrist_rotate=wrist_rotate)

    @classmethod
    def start(cls, robot, q, end_pitch=None):
        """The points held as at ``q``, the gripper's angle turning to ``end_pitch`` (radians)
        if given; :class:`ValidationError` when the closed form does not give ``q`` back (not
        a Lynx6-shaped arm, the tool point exactly on the base axis, or a joint beyond half a
        turn)."""
        if end_pitch is not None and not math.isfinite(end_pitch):
            raise ValidationError(f"the gripper's angle at the end must be a finite number, "
                                  f"got {end_pitch}")
        if not ik.is_lynx6_shaped(robot):
            raise ValidationError(f"hold_wrist needs a Lynx6-shaped arm (Mateo Sanguino & "
                                  f"Andujar 2012, Table 2); "
                                  f"{robot.name} is not one")
        pitch = float(wrist_angle(robot, q))
        position = robot.fk(q)[:3, 3]
        for elbow, reach in ik.LYNX6_BRANCHES:
            solution = ik.lynx6_ik(robot, position, pitch, elbow=elbow, reach=reach,
                                   wrist_rotate=q[4])
            if np.abs(solution.q - q).max() < BRANCH_MATCH:
                return cls(robot, pitch, q[4], elbow, reach, end_pitch)
        raise ValidationError("the wrist cannot be held from this configuration: the closed "
                              "form does not give it back (the tool point exactly over the "
                              "base axis, where the gripper's angle to the ground is not "
                              "defined, or a joint turned beyond half a turn); move a joint a "
                              "little first")

    def pitch(self, fractions):
        """The gripper's angle to the ground (radians) at ``fractions`` of the line."""
        return self.start_pitch + np.asarray(fractions) * (self.end_pitch - self.start_pitch)

    def turn(self, start, end):
        """How far (radians) the gripper's angle turns along the line."""
        return abs(self.end_pitch - self.start_pitch)

    def solve(self, poses, fractions, q_from):
        """Joint values ``(K, 5)`` and reached flags ``(K,)`` of the positions of ``poses``
        at ``fractions`` of the line."""
        q, solution = ik.lynx6_path(self.robot, poses[:, :3, 3], self.pitch(fractions), q_from,
                                    **self.branch)
        return q, np.asarray(solution.reachable, dtype=bool)

    def smallest_singular_values(self, q):
        """Smallest singular value ``(M,)`` of the held Jacobian: position rows in robot
        sizes, then :attr:`HELD_ROWS`."""
        J = scaled_jacobian(self.robot, q, self.rows)
        held = np.broadcast_to(self.HELD_ROWS, (len(J),) + self.HELD_ROWS.shape)
        return smallest_singular_values(np.concatenate([J, held], axis=1))

    def blocked(self, pose, fraction, q_before):
        """As :meth:`_NumericPoints.blocked`, from the closed form at ``pose``: out of reach,
        a joint beyond its limit on the way, or a jump (the tool point across the base axis)."""
        solution = ik.lynx6_ik(self.robot, pose[:3, 3], self.pitch(fraction), **self.branch)
        if solution.out_of_reach:
            return "reach", None
        if _jumps(self.robot, q_before, solution.q):
            return "singular", q_before
        return "limit", _at_limits(self.robot, solution.q)

    def errors(self, q, poses, fractions):
        """Position errors (length unit) and errors of the gripper's angle to the ground
        (radians) of ``q`` against ``poses`` and the angle wanted at ``fractions``."""
        position_error = np.linalg.norm(self.robot.fk(q)[:, :3, 3] - poses[:, :3, 3], axis=-1)
        turn = wrist_angle(self.robot, q) - self.pitch(fractions)
        return position_error, np.abs(np.angle(np.exp(1j * turn)))


#: A closed-form solution within this (radians) of the start configuration is its branch.
BRANCH_MATCH = 1e-6


def _limit_message(robot, joints, where, direction):
    """Plain words for joints at their limits stopping a move."""
    many = len(joints) > 1
    return (f"joint{'s' if many else ''} {_joint_names(robot, joints)} "
            f"{'are' if many else 'is'} at the end of {'their' if many else 'its'} range "
            f"(joint limit, {where}): the arm cannot move further {direction}; move "
            f"{'those joints' if many else 'that joint'} back with the sliders, or choose "
            f"another target")


def _joint_names(robot, indices):
    """``"2 (shoulder), 3 (elbow)"`` for 0-based joint ``indices``."""
    return ", ".join(f"{j + 1} ({robot.joints[j].name})" if robot.joints[j].name
                     else str(j + 1) for j in indices)


def _pose_errors(robot, rows, q, poses):
    """Position (length unit) and orientation (radians) errors of ``q`` against ``poses``."""
    reached = robot.fk(q)
    position_rows = [r for r in rows if r < 3]
    position_error = np.linalg.norm((reached[:, :3, 3] - poses[:, :3, 3])[:, position_rows],
                                    axis=-1)
    rotation_rows = [r - 3 for r in rows if r >= 3]
    if not rotation_rows:
        return position_error, np.zeros(len(q))
    if len(rotation_rows) == 3:
        return position_error, rotation_angle(reached[:, :3, :3], poses[:, :3, :3])
    turn = np.array([_rotation_vector(P[:3, :3] @ R[:3, :3].T) for R, P in zip(reached, poses,
                                                                               strict=True)])
    return position_error, np.linalg.norm(turn[:, rotation_rows], axis=-1)


def _distance_from_line(points, a, b):
    """Distance of ``points`` ``(N, 3)`` from the segment ``a``-``b``."""
    ab = b - a
    length_squared = float(ab @ ab)
    if length_squared == 0.0:
        return np.linalg.norm(points - a, axis=-1)
    t = np.clip((points - a) @ ab / length_squared, 0.0, 1.0)
    return np.linalg.norm(points - (a + t[:, None] * ab), axis=-1)


# ------------------------------------------------------------------------------- jogging
#: Words for the rotation jogs in messages.
_TURN_WORDS = {"roll": "roll (about X)", "pitch": "pitch (about Y)", "yaw": "yaw (about Z)"}
#: Relative residual below which a turn is one the joints can make with the tool point still.
TURNABLE = 1e-6


def wrist_angle(robot: Robot, q: ArrayLike) -> float | np.ndarray:
    """The gripper's angle to the ground (radians, positive up) of a Lynx6-shaped arm at ``q``
    ``(..., 5)``: a float, or an array ``(...)``.

    Measured as :func:`robosim.ik.lynx6_ik` takes it: in the vertical plane through the base
    axis and the tool point, from the horizontal pointing away from the base axis; computed
    from the frames (frame 3's origin, the wrist axis, to the tool point), not from the joint
    values.

    Examples
    --------
    The Lynx6 with its wrist bent 90 degrees down from home (upper arm up, forearm level):

    >>> import robosim
    >>> lynx6 = robosim.load_robot("Lynx6")
    >>> round(float(np.degrees(wrist_angle(lynx6, np.radians([0, 0, 0, -90, 0])))), 3)
    -90.0
    """
    base_inverse = np.linalg.inv(robot.base)
    wrist = (base_inverse @ robot.fk_all(q)[..., 3, :, :])[..., :3, 3]
    tool = (base_inverse @ robot.fk(q))[..., :3, 3]
    direction = tool - wrist
    away = tool[..., :2] / np.maximum(np.hypot(tool[..., 0], tool[..., 1]), 1e-300)[..., None]
    return np.arctan2(direction[..., 2], np.sum(direction[..., :2] * away, axis=-1))


def jog_target(robot: Robot, q: ArrayLike, axis: str, amount: float,
               frame: str = "base") -> np.ndarray:
    """The pose after jogging: ``amount`` (length unit, or radians for a rotation) along or
    about ``axis`` (``x y z roll pitch yaw``) of the ``"base"`` (world) or ``"tool"`` frame.

    A base-frame rotation turns the tool about a world axis through the tool point; a
    tool-frame move is along or about the tool's own axes. A Lynx6-shaped arm turns about
    the axes it has instead (see :func:`jog`).

    Examples
    --------
    The two-link arm with unit links at ``(0, 90)`` degrees, its tip at ``(1, 1, 0)``, jogged
    0.25 along the base's x:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> (jog_target(arm, np.radians([0, 90]), "x", 0.25)[:3, 3].round(3) + 0.0).tolist()
    [1.25, 1.0, 0.0]
    """
    _check_jog(axis, frame)
    amount = checks.finite(amount, "jog amount")
    T = robot.fk(robot.check_q(q))
    index = JOG_AXES.index(axis)
    target = T.copy()
    if index < 3:
        direction = np.eye(3)[index] if frame == "base" else T[:3, index]
        target[:3, 3] += amount * direction
    else:
        target[:3, :3] = _rotations_about(amount * _turn_axis(robot, q, axis, frame),
                                          [1.0])[0] @ T[:3, :3]
    return target


def _check_jog(axis, frame):
    if axis not in JOG_AXES:
        raise ValidationError(f"jog axis must be one of {', '.join(JOG_AXES)}, got {axis!r}")
    if frame not in FRAMES:
        raise ValidationError(f"jog frame must be 'base' or 'tool', got {frame!r}")


def _turn_axis(robot, q, axis, frame):
    """The unit world axis ``(3,)`` a rotation jog turns the tool about (see :func:`jog`)."""
    T = robot.fk(q)
    lynx6 = robot.n < 6 and axis in ("roll", "pitch") and ik.is_lynx6_shaped(robot)
    if lynx6 and axis == "pitch":
        # Across the arm's vertical plane, signed so + raises the gripper's tip.
        base = robot.base[:3, :3]
        tool = np.linalg.inv(robot.base)[:3, :] @ T[:, 3]
        radial = np.array([tool[0], tool[1], 0.0])
        if np.linalg.norm(radial) < 1e-9 * robot.length_scale:      # over the base axis
            radial = np.linalg.inv(robot.base)[:3, :3] @ robot.fk_all(q)[1][:3, 0]
            radial[2] = 0.0
        radial /= np.linalg.norm(radial)
        return base @ np.cross(radial, [0.0, 0.0, 1.0])
    if lynx6:
        return T[:3, 2]                                    # the gripper's own axis: joint 5
    index = JOG_AXES.index(axis) - 3
    return np.eye(3)[index] if frame == "base" else T[:3, index]


def _can_turn(robot, q, axis_world):
    """True when some joint velocity turns the tool about ``axis_world`` with the tool point
    still (the turn is in the range of the Jacobian with zero linear velocity)."""
    J = robot.jacobian(q) * np.array([1.0 / robot.length_scale] * 3 + [1.0] * 3)[:, None]
    wanted = np.concatenate([np.zeros(3), axis_world])
    dq = np.linalg.lstsq(J, wanted, rcond=None)[0]
    return np.linalg.norm(J @ dq - wanted) < TURNABLE


def _cannot_turn_message(robot, q, axis, frame):
    """Plain words for a rotation jog the arm cannot make, and what to use instead."""
    if ik.is_lynx6_shaped(robot):
        instead = "pitch (gripper angle) or roll (the wrist-rotate joint)"
    else:
        possible = [name for name in JOG_AXES[3:]
                    if _can_turn(robot, q, _turn_axis(robot, q, name, frame))]
        instead = (" or ".join(f"{name} ({frame} frame)" for name in possible) if possible
                   else "the X, Y, Z jogs or the joint sliders")
    return (f"the {robot.name} has {robot.n} joints: it cannot turn about {frame}-frame "
            f"{_TURN_WORDS[axis]} while holding its position; use {instead}")


def jog(robot: Robot, q: ArrayLike, axis: str, amount: float, frame: str = "base", *,
        axes: str | None = None, steps: int = 2,
        collisions: Checker | None = None) -> LineResult:
    """Jog the end effector (see :func:`jog_target`) along a straight line from ``q``.

    What the move holds, by arm:

    - 6 or more joints: the full pose (X, Y, Z jogs keep the orientation, rotation jogs the
      tool point).
    - A Lynx6-shaped arm (5 joints, :func:`~robosim.ik.is_lynx6_shaped`): X, Y, Z jogs move the
      tool point along the line and hold the gripper's angle to the ground (:func:`wrist_angle`) and
      joint 5 (wrist rotate) exactly, solved in closed form on the start's branch
      (:func:`straight_line` with ``hold_wrist``; with the tool point exactly over the base
      axis, where that angle is not defined, the position only). Rotation jogs turn about
      the axes it has, in both frames, with the tool point still: "pitch" changes the
      gripper's angle to the ground (the angle :func:`robosim.ik.lynx6_ik` takes; + raises
      the tip), "roll" turns about the gripper's own axis (the wrist-rotate joint); "yaw"
      follows the next rule.
    - Other arms with fewer than 6 joints: X, Y, Z jogs hold the position only; a rotation
      jog keeps the tool point still and turns the tool about the chosen axis when the
      joints can make that turn (checked on the Jacobian: the turn with zero tool-point
      velocity is in its range), the move then holding the full pose, so nothing else
      turns. When they cannot, :class:`ValidationError` says so in plain words, names the
      rotations that work, and nothing moves.

    ``axes`` overrides what is held (see :mod:`robosim.ik`): the numeric solver on those
    components, for any arm. ``collisions`` (a :class:`robosim.collision.Checker`) stops the
    jog before a collision, as :func:`straight_line`.

    Returns
    -------
    LineResult
        ``result.final_q`` is where the arm ends up.

    Examples
    --------
    The two-link arm with unit links at ``(0, 90)`` degrees (tip at ``(1, 1)``) jogged 1 down
    along y: the tip ends at ``(1, 0)``, 1 from the base, where ``q = (-60, 120)`` degrees
    (see :func:`straight_line`'s example).

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> move = jog(arm, np.radians([0, 90]), "y", -1.0, steps=5)
    >>> move.complete, np.degrees(move.q[-1]).round(3).tolist()
    (True, [-60.0, 120.0])
    """
    _check_jog(axis, frame)
    q, amount = robot.check_q(q), checks.finite(amount, "jog amount")
    rotation = axis in JOG_AXES[3:]
    if (axes is None and rotation and robot.n < 6
            and not _can_turn(robot, q, _turn_axis(robot, q, axis, frame))):
        raise ValidationError(_cannot_turn_message(robot, q, axis, frame))
    hold_wrist = axes is None and not rotation and _wrist_can_be_held(robot, q)
    if axes is None and not hold_wrist:
        axes = "pose" if robot.n >= 6 or rotation else "position"
    words = f"in {'+' if amount >= 0 else '-'}{axis if rotation else axis.upper()}"
    return straight_line(robot, q, jog_target(robot, q, axis, amount, frame), steps, axes=axes,
                         direction=words, hold_wrist=hold_wrist, collisions=collisions)


def _wrist_can_be_held(robot, q):
    """True when :func:`straight_line` can hold the wrist of ``robot`` starting at ``q``."""
    try:
        _WristHeldPoints.start(robot, q)
    except ValidationError:
        return False
    return True

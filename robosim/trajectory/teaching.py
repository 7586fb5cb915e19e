"""Teaching by poses: a smooth trajectory through recorded poses, and the file that keeps them.

:func:`via_points` is a multi-segment trajectory through via poses in the spirit of Corke's
``mstraj``, with two differences a teacher wants: the arm passes *through* every pose at its
time (``mstraj``'s blends cut the corners, so the via is not reached), and each segment is
timed from per-joint speed **and** acceleration limits. Each segment is a quintic (Craig,
*Introduction to Robotics*, 7.3): the velocity at a via is the mean of the neighbouring
segments' slopes when they agree in sign, else 0 (the blend through the via), the acceleration
there is 0, so velocity and acceleration are continuous. A pose with a dwell is a stop: the arm
arrives at rest, holds the pose for the dwell, and leaves.

Timing: each segment starts at the time a rest-to-rest quintic needs (peak speed
``15/8 |dq| / T``, peak acceleration ``10 / sqrt(3) |dq| / T**2``), rounded up to whole time
steps so that every pose is a sample; then every segment whose sampled speed or acceleration
exceeds its limit is stretched by the ratio, and so on until none does (via velocities change
with the times, hence the loop; it ends in a few rounds).

A :class:`TaughtSequence` (poses with a dwell and a speed each) is saved as JSON,
``robosim-taught/1`` (docs/formats.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..errors import ValidationError, ValidationTypeError, brief
from ..files import read_user_json, write_user_json
from ..kinematics import Robot
from .profiles import (MAX_SAMPLES, Profile, _evaluate_pieces, _quintic_pieces, _via_velocities,
                       positive_seconds)

FORMAT = "robosim-taught/1"
#: Peak speed and acceleration of a rest-to-rest quintic over ``dq`` in ``T``, per ``dq / T``
#: and ``dq / T**2``.
QUINTIC_PEAK_SPEED, QUINTIC_PEAK_ACCELERATION = 15 / 8, 10 / math.sqrt(3)
#: Samples per segment on which speeds and accelerations are checked against the limits.
CHECK_SAMPLES = 65
#: Most rounds of stretching segments (it converges in two or three).
MAX_ROUNDS = 50
#: Most poses in a taught sequence.
MAX_POSES = 1000
#: Longest dwell at a pose (s).
MAX_DWELL_S = 3600.0
#: Time step of a played sequence (s): the SSC-32's frame.
DEFAULT_DT = 0.02
#: Limits when no arm says its own: the stock Lynx6 calibration's 60 deg/s, reached in half a
#: second (:data:`robosim.hardware.lynx6.SERVO_RAMP_S`); prismatic joints move at most
#: :data:`PRISMATIC_SPEED_FRACTION` of the robot's size per second (and twice that per second
#: squared). The Teach window and ``robosim plan`` use them.
DEFAULT_SPEED_DEG_S, DEFAULT_ACCELERATION_DEG_S2 = 60.0, 120.0
PRISMATIC_SPEED_FRACTION = 0.2


def default_limits(robot: Robot) -> tuple[np.ndarray, np.ndarray]:
    """Speed and acceleration limits ``(n,)`` each (API units per second, per second squared)
    for an arm that does not say its own: :data:`DEFAULT_SPEED_DEG_S` and
    :data:`DEFAULT_ACCELERATION_DEG_S2` for revolute joints, :data:`PRISMATIC_SPEED_FRACTION`
    of the length scale for prismatic ones.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint("P", a=1.0, limits=(0.0, 0.5))], unit="m")
    >>> speed, acceleration = default_limits(arm)     # length scale 2.5 m: 0.5 m/s
    >>> [round(float(np.degrees(speed[0])), 6), float(speed[1]),
    ...  round(float(np.degrees(acceleration[0])), 6)]
    [60.0, 0.5, 120.0]
    """
    prismatic = PRISMATIC_SPEED_FRACTION * robot.length_scale
    speed = np.where(robot.revolute, math.radians(DEFAULT_SPEED_DEG_S), prismatic)
    acceleration = np.where(robot.revolute, math.radians(DEFAULT_ACCELERATION_DEG_S2),
                            2 * prismatic)
    return speed, acceleration


def via_points(poses: ArrayLike, dt: float, qd_max: ArrayLike, qdd_max: ArrayLike, *,
               dwell: ArrayLike | None = None, speed: ArrayLike | None = None,
               qd_start: ArrayLike | None = None, qd_goal: ArrayLike | None = None,
               robot: Robot | None = None) -> Profile:
    """A smooth trajectory through ``poses``, timed by speed and acceleration limits.

    Parameters
    ----------
    poses : array_like (K, n)
        The poses to pass, in order, K >= 2 (API units).
    dt : float
        Time step (s); every pose's time is a whole number of steps.
    qd_max, qdd_max : array_like (n,) or float
        Per-joint speed (per second) and acceleration (per second squared) limits.
    dwell : array_like (K,), optional
        Seconds to hold each pose (0 by default); a pose held more than 0 is a stop.
    speed : array_like (K - 1,), optional
        Fraction (0, 1] of the limits each segment may use (1 by default): the "speed" of a
        taught move.
    qd_start, qd_goal : array_like (n,), optional
        Velocities at the first and last pose (0 by default), within ``qd_max``.
    robot : Robot, optional
        When given, the poses must fit it and stay within its limits.

    Returns
    -------
    Profile
        ``kind`` "quintic"; ``knot_times`` and ``knots`` are the poses and their times (a
        held pose twice: when it arrives and when it leaves).

    Examples
    --------
    One joint from 0 to 1 rad and back at most 1 rad/s and 10 rad/s**2: each way needs
    15/8 s at full speed, rounded up to 1.9 s in steps of 0.1 s.

    >>> p = via_points([[0.0], [1.0], [0.0]], 0.1, 1.0, 10.0)
    >>> p.knot_times.round(6).tolist()
    [0.0, 1.9, 3.8]
    """
    dt = positive_seconds(dt, "time step")
    knots_given = _poses(poses, robot)
    count, n = knots_given.shape
    top_speed = _limits(qd_max, n, "qd_max")
    top_acceleration = _limits(qdd_max, n, "qdd_max")
    holds = _per_pose(dwell, count, "dwell", 0.0, low=0.0, high=MAX_DWELL_S)
    fractions = _per_pose(speed, count - 1, "speed", 1.0, low=0.0, high=1.0, above=True)
    ends = []
    for name, value in (("qd_start", qd_start), ("qd_goal", qd_goal)):
        row = np.zeros(n) if value is None else np.atleast_1d(checks.real_array(value, name))
        if row.shape != (n,):
            raise ValidationError(f"{name} needs {n} finite velocities, got {brief(value)}")
        if np.any(np.abs(row) > top_speed * (1 + 1e-9)):
            raise ValidationError(f"{name} {row.tolist()} is faster than qd_max "
                                  f"{top_speed.tolist()}")
        ends.append(row)
    # Knots: a held pose twice (arrive, leave); hold segments have fixed times.
    knots, hold, segment_speed, stops = [knots_given[0]], [], [], []
    if holds[0] > 0:
        knots.append(knots_given[0])
        hold.append(holds[0])
        segment_speed.append(1.0)
    for k in range(1, count):
        knots.append(knots_given[k])
        hold.append(0.0)
        segment_speed.append(fractions[k - 1])
        if holds[k] > 0:
            stops.append(len(knots) - 1)
            knots.append(knots_given[k])
            hold.append(holds[k])
            segment_speed.append(1.0)
    knots_array = np.array(knots)
    holding = np.array(hold) > 0
    steps = np.where(holding, np.ceil(np.array(hold) / dt - 1e-9), 0.0)
    change = np.abs(np.diff(knots_array, axis=0))
    scale = np.array(segment_speed)[:, None]
    needed = np.maximum(QUINTIC_PEAK_SPEED * change / (scale * top_speed),
                        np.sqrt(QUINTIC_PEAK_ACCELERATION * change / (scale * top_acceleration)))
    steps = np.where(holding, steps, np.maximum(1, np.ceil(needed.max(axis=1) / dt - 1e-9)))
    if holds[0] > 0:
        stops.insert(0, 0)
    for _ in range(MAX_ROUNDS):
        if steps.sum() + 1 > MAX_SAMPLES:
            raise ValidationError(f"the trajectory would take {steps.sum() * dt:g} s in steps "
                                  f"of {dt:g} s: more than {MAX_SAMPLES:,} samples")
        knot_times = np.concatenate([[0.0], np.cumsum(steps)]) * dt
        velocities = _via_velocities(knots_array, knot_times, *ends)
        velocities[stops] = 0.0
        velocities[1:][holding] = 0.0
        velocities[:-1][holding] = 0.0
        starts, coefficients = _quintic_pieces(knots_array, knot_times, velocities)
        ratio = _worst_ratio(starts, coefficients, np.diff(knot_times), top_speed * scale,
                             top_acceleration * scale)
        ratio[holding] = 1.0
        if np.all(ratio <= 1 + 1e-9):
            break
        steps = np.where(ratio > 1 + 1e-9, np.ceil(steps * ratio - 1e-9), steps)
    else:
        raise ValidationError("via_points: could not time the segments within the limits")
    t = np.arange(int(steps.sum()) + 1) * dt
    q, qd, qdd = _evaluate_pieces(starts, coefficients, t)
    return Profile(t, q, qd, qdd, "quintic", knot_times, knots_array)


def _worst_ratio(starts, coefficients, durations, qd_max, qdd_max):
    """Per segment, how many times too fast it is: ``max(|qd| / qd_max, sqrt(|qdd| /
    qdd_max))`` over :data:`CHECK_SAMPLES` samples of it (below 1: within the limits)."""
    fractions = np.linspace(0.0, 1.0, CHECK_SAMPLES)
    ratios = np.empty(len(starts))
    for i, (start, duration) in enumerate(zip(starts, durations, strict=True)):
        t = start + fractions * duration
        piece = coefficients[i:i + 1]
        _, qd, qdd = _evaluate_pieces(np.array([start]), piece, t)
        speed = np.max(np.abs(qd) / qd_max[i])
        acceleration = np.sqrt(np.max(np.abs(qdd) / qdd_max[i]))
        ratios[i] = max(speed, acceleration)
    return ratios


def _poses(poses, robot):
    poses = checks.real_array(poses, "poses")
    if poses.ndim != 2 or poses.shape[0] < 2:
        raise ValidationError(f"via_points needs at least 2 poses as a (K, n) array, got shape "
                              f"{poses.shape}")
    if poses.shape[0] > MAX_POSES:
        raise ValidationError(f"at most {MAX_POSES} poses, got {poses.shape[0]}")
    if robot is not None:
        robot.check_q(poses, "poses")
        for k, pose in enumerate(poses, start=1):
            robot.check_within_limits(pose, f"pose {k}")
    return poses


def _limits(values, n, name):
    values = checks.real_array(values, name)
    values = np.broadcast_to(values, (n,)).copy() if values.size in (1, n) else None
    if values is None or np.any(values <= 0):
        raise ValidationError(f"{name} needs 1 or {n} positive numbers")
    return values


def _per_pose(values, count, name, default, *, low, high, above=False):
    if values is None:
        return np.full(count, default)
    values = np.atleast_1d(checks.real_array(values, name))
    if values.shape != (count,):
        raise ValidationError(f"{name} needs {count} values, got {values.size}")
    bad = (values > high) | ((values <= low) if above else (values < low))
    if bad.any():
        k = int(np.argmax(bad))
        bounds = f"more than {low:g}" if above else f"from {low:g}"
        raise ValidationError(f"{name} {k + 1} must be {bounds} to {high:g}, got {values[k]:g}")
    return values


# ----------------------------------------------------------------------------- the file
@dataclass
class TaughtSequence:
    """Poses recorded one by one, each with a dwell and the speed of the move into it.

    Attributes
    ----------
    robot : str
        The robot's name (checked when the file is loaded for a robot).
    poses : list of ndarray (n,)
        API units.
    dwell : list of float
        Seconds each pose is held.
    speed : list of float
        Fraction (0, 1] of the speed limits for the move arriving at each pose (the first
        pose's is unused).

    Examples
    --------
    Three poses of a two-joint arm; the second held 1 s, the move into the third at half
    speed:

    >>> taught = TaughtSequence("Planar 2R")
    >>> taught.record([0.0, 0.0])
    >>> taught.record([0.5, -0.5], dwell=1.0)
    >>> taught.record([1.0, 0.0], speed=0.5)
    >>> len(taught.poses), taught.dwell, taught.speed
    (3, [0.0, 1.0, 0.0], [1.0, 1.0, 0.5])
    """

    robot: str
    poses: list[np.ndarray] = field(default_factory=list)
    dwell: list[float] = field(default_factory=list)
    speed: list[float] = field(default_factory=list)

    def record(self, q: ArrayLike, dwell: float = 0.0, speed: float = 1.0) -> None:
        """Append pose ``q`` ``(n,)`` (API units) with its ``dwell`` (s) and ``speed``.

        >>> taught = TaughtSequence("Planar 2R")
        >>> taught.record([0.1, 0.2], dwell=0.5)
        >>> taught.poses[0].tolist(), taught.dwell, taught.speed
        ([0.1, 0.2], [0.5], [1.0])
        """
        self.insert(len(self.poses), q, dwell, speed)

    def insert(self, index: int, q: ArrayLike, dwell: float = 0.0, speed: float = 1.0) -> None:
        """Put pose ``q`` ``(n,)`` at ``index`` (0-based, up to the number of poses; the poses
        from there on move down) with its ``dwell`` (s) and ``speed``, checked as
        :meth:`record` checks them: a detour planned between two poses.

        >>> taught = TaughtSequence("One joint")
        >>> for value in (0.0, 2.0):
        ...     taught.record([value])
        >>> taught.insert(1, [1.0], dwell=0.02)
        >>> [float(q[0]) for q in taught.poses], taught.dwell
        ([0.0, 1.0, 2.0], [0.0, 0.02, 0.0])
        """
        index = checks.count(index, "index", maximum=len(self.poses))
        pose = checks.real_array(q, "q")
        n = len(self.poses[0]) if self.poses else None
        if pose.ndim != 1 or (n is not None and pose.shape != (n,)):
            raise ValidationError(f"q: a pose of {self.robot} is one row of "
                                  f"{n or 'its'} joint values, got shape {pose.shape}")
        if len(self.poses) >= MAX_POSES:
            raise ValidationError(f"a taught sequence holds at most {MAX_POSES} poses")
        dwell = checks.non_negative(dwell, "dwell", MAX_DWELL_S, "s")
        speed = checks.positive(speed, "speed", 1.0)
        self.poses.insert(index, pose.copy())
        self.dwell.insert(index, dwell)
        self.speed.insert(index, speed)

    def delete(self, index: int) -> None:
        """Remove pose ``index`` (0-based), with its dwell and speed.

        >>> taught = TaughtSequence("One joint")
        >>> for value, dwell in ((0.0, 0.0), (1.0, 2.0), (2.0, 0.0)):
        ...     taught.record([value], dwell=dwell)
        >>> taught.delete(1)
        >>> [q.tolist() for q in taught.poses], taught.dwell
        ([[0.0], [2.0]], [0.0, 0.0])
        """
        if not self.poses:
            raise ValidationError("delete: the taught sequence has no poses")
        index = checks.count(index, "index", 0, len(self.poses) - 1)
        for column in (self.poses, self.dwell, self.speed):
            del column[index]

    def move(self, index: int, step: int) -> int:
        """Move pose ``index`` by ``step`` places (-1 up, +1 down); returns its new index
        (kept within the list: the first pose does not move further up).

        >>> taught = TaughtSequence("One joint")
        >>> for value in (0.0, 1.0, 2.0):
        ...     taught.record([value])
        >>> taught.move(2, -1), [float(q[0]) for q in taught.poses]
        (1, [0.0, 2.0, 1.0])
        >>> taught.move(0, -1)
        0
        """
        target = min(max(index + step, 0), len(self.poses) - 1)
        columns: tuple[list[Any], ...] = (self.poses, self.dwell, self.speed)
        for column in columns:
            column.insert(target, column.pop(index))
        return target

    def trajectory(self, dt: float, qd_max: ArrayLike, qdd_max: ArrayLike,
                   robot: Robot | None = None) -> Profile:
        """:func:`via_points` through the poses with their dwells and speeds.

        One joint from 0 to 1 rad, at most 1 rad/s and 10 rad/s^2, sampled every 0.5 s: the
        quintic needs ``15/8 x 1 / 1 = 1.875`` s for its peak speed (its acceleration limit
        asks only ``sqrt(10 / sqrt(3) / 10) = 0.76`` s), rounded up to whole steps: 2 s. At
        a quarter of the way in time the quintic ``10 s^3 - 15 s^4 + 6 s^5`` is 0.1035, at
        half 0.5; the peak speed, at 1 s, is ``15/8 x 1 / 2 = 0.9375`` rad/s:

        >>> taught = TaughtSequence("One joint")
        >>> taught.record([0.0])
        >>> taught.record([1.0])
        >>> profile = taught.trajectory(0.5, [1.0], [10.0])
        >>> profile.t.tolist(), profile.q[:, 0].round(4).tolist()
        ([0.0, 0.5, 1.0, 1.5, 2.0], [0.0, 0.1035, 0.5, 0.8965, 1.0])
        >>> float(profile.qd.max())
        0.9375
        """
        if len(self.poses) < 2:
            raise ValidationError(f"record at least 2 poses to play (have {len(self.poses)})")
        return via_points(np.array(self.poses), dt, qd_max, qdd_max, dwell=self.dwell,
                          speed=self.speed[1:], robot=robot)


def taught_to_dict(sequence: TaughtSequence, robot: Robot) -> dict[str, Any]:
    """The JSON data of a taught-sequence file (joint values in the robot's user units).

    Each pose must have one value per joint of ``robot`` (a ValidationError names the pose).

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint("P", limits=(0.0, 0.5))], name="RP", unit="m")
    >>> taught = TaughtSequence("RP")
    >>> taught.record(np.array([np.radians(30), 0.25]), dwell=1.0)
    >>> taught_to_dict(taught, arm)
    {'format': 'robosim-taught/1', 'robot': 'RP', 'units': ['deg', 'm'],
     'poses': [{'q': [30.0, 0.25], 'dwell_s': 1.0, 'speed': 1.0}]}
    """
    for k, q in enumerate(sequence.poses, start=1):
        robot.check_q(q, f"pose {k}")
    return {"format": FORMAT, "robot": robot.name,
            "units": ["deg" if r else robot.unit for r in robot.revolute],
            "poses": [{"q": [round(float(v), 9) for v in robot.q_to_user(q)],
                       "dwell_s": d, "speed": s}
                      for q, d, s in zip(sequence.poses, sequence.dwell, sequence.speed,
                                         strict=True)]}


def taught_from_dict(data: object, robot: Robot, source: str = "taught sequence") \
        -> TaughtSequence:
    """A :class:`TaughtSequence` for ``robot`` from JSON data; errors name the pose and field.

    ``units`` (optional) names the unit of each joint's values: ``"deg"`` (the default) or
    ``"rad"`` for a revolute joint, the robot's length unit for a prismatic one (nothing
    converts lengths silently). ``dwell_s`` and ``speed`` are JSON numbers (``"1"`` is text,
    ``null`` no number).

    Degrees in the file, radians in the sequence (90 deg = pi / 2 = 1.5708):

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> data = {"format": "robosim-taught/1", "robot": "2R",
    ...         "poses": [{"q": [90, 0], "dwell_s": 0.5, "speed": 1}]}
    >>> taught = taught_from_dict(data, arm)
    >>> taught.poses[0].round(4).tolist(), taught.dwell
    ([1.5708, 0.0], [0.5])
    >>> data["poses"][0]["speed"] = 0
    >>> taught_from_dict(data, arm)
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: taught sequence: pose 1: speed 1 must be more than 0 to 1, got 0

    Radians where the file says so:

    >>> data = {"format": "robosim-taught/1", "robot": "2R", "units": ["rad", "deg"],
    ...         "poses": [{"q": [1.5, 90]}]}
    >>> taught_from_dict(data, arm).poses[0].round(4).tolist()
    [1.5, 1.5708]
    """
    if not isinstance(data, dict):
        raise ValidationTypeError(f"{source}: a taught sequence is a JSON object, got "
                                  f"{brief(data)}")
    if data.get("format") != FORMAT:
        raise ValidationError(f"{source}: format must be {FORMAT!r}, got "
                              f"{brief(data.get('format'))}")
    if data.get("robot") != robot.name:
        raise ValidationError(f"{source}: taught on {brief(data.get('robot'))}, not on "
                              f"{robot.name}")
    unknown = sorted(set(data) - {"format", "robot", "units", "poses", "notes"})
    if unknown:
        raise ValidationError(f"{source}: unknown field {unknown[0]!r}")
    radians = _radian_joints(data.get("units"), robot, source)
    rows = data.get("poses")
    if not isinstance(rows, list) or len(rows) > MAX_POSES:
        raise ValidationError(f"{source}: poses must be a list of at most {MAX_POSES} poses")
    sequence = TaughtSequence(robot.name)
    for k, row in enumerate(rows, start=1):
        where = f"{source}: pose {k}"
        if not isinstance(row, dict) or set(row) - {"q", "dwell_s", "speed"}:
            raise ValidationError(f"{where} must be an object with q, dwell_s and speed, got "
                                  f"{brief(row)}")
        values = row.get("q")
        if (not isinstance(values, list) or len(values) != robot.n
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                           and math.isfinite(v) for v in values)):
            raise ValidationError(f"{where}: q needs {robot.n} numbers, got {brief(values)}")
        q = np.where(radians, values, robot.q_from_user(np.array(values, dtype=float)))
        robot.check_within_limits(q, where)
        dwell = _per_pose([_json_number(row, "dwell_s", 0.0, where)], 1, f"{where}: dwell_s",
                          0.0, low=0.0, high=MAX_DWELL_S)[0]
        speed = _per_pose([_json_number(row, "speed", 1.0, where)], 1, f"{where}: speed", 1.0,
                          low=0.0, high=1.0, above=True)[0]
        sequence.record(q, float(dwell), float(speed))
    return sequence


def _radian_joints(units, robot, source):
    """Per joint, True where the file's ``units`` say radians: ``(n,)`` bool. Without
    ``units``, revolute joints are in degrees and prismatic ones in the robot's unit."""
    if units is None:
        return np.zeros(robot.n, dtype=bool)
    if not isinstance(units, list) or len(units) != robot.n:
        raise ValidationError(f"{source}: units must be a list of {robot.n} units, one per "
                              f"joint of {robot.name}, got {brief(units)}")
    for k, (unit, revolute) in enumerate(zip(units, robot.revolute, strict=True), start=1):
        allowed = ("deg", "rad") if revolute else (robot.unit,)
        if unit not in allowed:
            kind = "revolute" if revolute else f"prismatic, in {robot.unit} (nothing converts)"
            raise ValidationError(f"{source}: units: joint {k} is {kind}: its unit is "
                                  f"{' or '.join(repr(a) for a in allowed)}, got {brief(unit)}")
    return np.array([unit == "rad" for unit in units])


def _json_number(row, key, default, where):
    """``row[key]`` (``default`` when absent) if it is a JSON number: text such as ``"1"``,
    ``null`` or ``true`` is refused by name, not read as 1 or as NaN."""
    value = row.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        shown = {type(None): "null", str: f"the text {brief(value)}"}.get(type(value),
                                                                      brief(value))
        raise ValidationError(f"{where}: {key} must be a number, got {shown}")
    return value


def save_taught(sequence: TaughtSequence, robot: Robot, path: str | Path) -> None:
    """Write ``sequence`` to ``path`` as JSON, atomically (:func:`load_taught` reads it).

    What :func:`load_taught` would refuse (a pose of another length, outside the limits or not
    finite, a dwell or speed out of its bounds, too many poses) is refused before anything is
    written, with the reader's message.

    >>> import json, tempfile
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> taught = TaughtSequence("2R")
    >>> taught.record(np.radians([30, -45]), dwell=0.5)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     save_taught(taught, arm, Path(folder) / "taught.json")
    ...     text = (Path(folder) / "taught.json").read_text()
    >>> json.loads(text)["poses"]
    [{'q': [30.0, -45.0], 'dwell_s': 0.5, 'speed': 1.0}]
    """
    source = f"{path}: would not read back"
    try:
        data = taught_to_dict(sequence, robot)
    except ValidationError as exc:
        raise type(exc)(f"{source}: {exc}") from None
    taught_from_dict(data, robot, source)
    write_user_json(path, data, ValidationError, "taught sequence")


def load_taught(path: str | Path, robot: Robot) -> TaughtSequence:
    """Read a taught-sequence file for ``robot`` (what :func:`save_taught` writes, or one
    written by hand: a pose without ``dwell_s`` and ``speed`` is held 0 s, at full speed).

    >>> import tempfile
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> text = '{"format": "robosim-taught/1", "robot": "2R", "poses": [{"q": [30, -45]}]}'
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "by_hand.json").write_text(text)
    ...     loaded = load_taught(Path(folder) / "by_hand.json", arm)
    >>> np.degrees(loaded.poses[0]).round(9).tolist(), loaded.dwell, loaded.speed
    ([30.0, -45.0], [0.0], [1.0])
    """
    return taught_from_dict(read_user_json(path, ValidationError, "taught sequence"), robot,
                            str(path))

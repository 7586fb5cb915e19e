"""Servo calibration of a real arm: which channel drives each joint and how pulses map to angles.

A calibration file sits next to the robot files and ends in ``.calibration.json`` (the robot
library skips such files), e.g. ``robots/lynx6.calibration.json``::

    {
      "format": "robosim-calibration/1",
      "robot": "Lynx6",
      "notes": "free text",
      "joints": [
        {"name": "base", "channel": 0, "reference_deg": 0, "pulse_at_reference": 1500,
         "us_per_deg": 11.111, "direction": 1, "pulse_range": [600, 2400],
         "max_speed_deg_s": 60, "rated_torque_nm": 0.588},
        ...
      ],
      "gripper": {"channel": 5, "open": 1200, "closed": 1800, "pulse_range": [600, 2400]},
      "rest_deg": [0, 0, 0, 0, 0]
    }

One joint entry per joint of the robot, in the robot's order. A joint at angle ``q`` (degrees,
the robot model's joint value) gets the pulse width (microseconds)::

    pulse = pulse_at_reference + direction * us_per_deg * (q - reference_deg)

``pulse_range`` is the safe range of that servo on this arm (inside the board's 500-2500):
robosim refuses any command outside it. ``max_speed_deg_s`` limits how fast the joint is moved.
``rated_torque_nm`` (optional) is the most torque the servo can give, N m: robosim refuses a
trajectory whose dynamics need more (see :meth:`robosim.hardware.Lynx6.plan`). Servo datasheets
give it in kg cm: 1 kg cm = 0.0980665 N m.
``rest_deg`` is the pose the arm is put in by hand before connecting: the first command after
power-up moves there at full speed.

The default (:func:`stock_lynx6`) is a stock Lynx6 wired in order: channels 0-4 for base,
shoulder, elbow, wrist, wrist rotate and 5 for the gripper; 1500 us at 0 deg; 11.111 us/deg
(500-2500 us over 180 deg); safe range 600-2400 us (about +-81 deg); 60 deg/s; rated torques of
the Hitec servos listed in the file's notes (stall torque at 6 V). Real servos
differ by several degrees: run the calibration wizard (``robosim arm --port PORT calibrate``).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ..errors import ValidationError, brief
from ..files import atomic_write_text, read_user_json
from ..robot_files import CALIBRATION_SUFFIX, check_object_fields, format_robot_json, library_dir
from ..kinematics import MAX_NAME_CHARACTERS, MAX_JOINTS, Robot
from .ssc32 import CHANNELS, PROTOCOL_PULSE_RANGE

FORMAT = "robosim-calibration/1"
_JOINT_FIELDS = ("name", "channel", "reference_deg", "pulse_at_reference", "us_per_deg",
                 "direction", "pulse_range", "max_speed_deg_s", "rated_torque_nm")
#: Largest rated torque accepted (N m): far above any hobby servo, catches a kg cm typed as N m.
MAX_RATED_TORQUE_NM = 50.0
#: The slowest speed limit a calibration may give (deg/s: a quarter turn in 15 minutes); a
#: speed of 1e-300 made every move "take" a 303-digit number of seconds (issue 25).
MIN_SPEED_DEG_S = 0.1
_GRIPPER_FIELDS = ("channel", "open", "closed", "pulse_range")
_TOP_FIELDS = ("format", "robot", "notes", "joints", "gripper", "rest_deg")


class CalibrationError(ValidationError):
    """A calibration file or value is invalid; the message names the file, entry and field."""


@dataclass(frozen=True)
class ServoCalibration:
    """One joint's servo: channel, pulse-angle line, safe pulses and speed limit.

    Attributes
    ----------
    name : str
    channel : int
        SSC-32 channel, 0-31.
    reference_deg : float
        A joint angle (degrees, robot model convention) at which the pulse was measured.
    pulse_at_reference : float
        Pulse width (us) that puts the joint at ``reference_deg``.
    us_per_deg : float
        Microseconds of pulse per degree of joint angle, > 0.
    direction : int
        +1 if a longer pulse increases the joint angle, -1 otherwise.
    pulse_range : (int, int)
        Safe pulse widths (us) for this servo on this arm.
    max_speed_deg_s : float
        Speed limit of the joint (degrees per second, :data:`MIN_SPEED_DEG_S` to 360).
    rated_torque_nm : float or None
        The most torque the servo gives (N m); None when unknown (no torque check).
    """

    name: str
    channel: int
    reference_deg: float
    pulse_at_reference: float
    us_per_deg: float
    direction: int
    pulse_range: tuple[int, int]
    max_speed_deg_s: float
    rated_torque_nm: float | None = None

    def pulse(self, q_deg: ArrayLike) -> float | np.ndarray:
        """Pulse width (us, not rounded) for joint angle(s) ``q_deg`` (degrees)."""
        return (self.pulse_at_reference
                + self.direction * self.us_per_deg * (np.asarray(q_deg) - self.reference_deg))

    def angle(self, pulse: ArrayLike) -> float | np.ndarray:
        """Joint angle(s) (degrees) for pulse width(s) ``pulse`` (us); inverse of :meth:`pulse`."""
        return (self.reference_deg
                + (np.asarray(pulse) - self.pulse_at_reference) / (self.direction
                                                                  * self.us_per_deg))


@dataclass(frozen=True)
class GripperCalibration:
    """The gripper's servo: channel, open and closed pulse widths (us), safe range."""

    channel: int
    open: int
    closed: int
    pulse_range: tuple[int, int]


@dataclass(frozen=True)
class Calibration:
    """The servos of a real arm. ``joints`` follow the robot's joint order."""

    robot: str
    joints: tuple[ServoCalibration, ...]
    gripper: GripperCalibration
    rest_deg: tuple[float, ...]
    notes: str = ""

    @property
    def n(self) -> int:
        return len(self.joints)

    @property
    def rated_torques(self) -> np.ndarray:
        """Each joint's rated torque (N m) ``(n,)``, NaN where the file gives none."""
        return np.array([math.nan if j.rated_torque_nm is None else j.rated_torque_nm
                         for j in self.joints])

    @property
    def channels(self) -> list[int]:
        """Every channel in use: the joints' then the gripper's."""
        return [j.channel for j in self.joints] + [self.gripper.channel]

    def with_joint(self, index: int, **changes: Any) -> Calibration:
        """A copy with joint ``index`` (0-based) changed; the result is validated."""
        joints = list(self.joints)
        joints[index] = replace(joints[index], **changes)
        return calibration_from_dict(calibration_to_dict(replace(self, joints=tuple(joints))))

    def with_gripper(self, **changes: Any) -> Calibration:
        """A copy with the gripper changed; the result is validated."""
        changed = replace(self, gripper=replace(self.gripper, **changes))
        return calibration_from_dict(calibration_to_dict(changed))


# --------------------------------------------------------------------------- validation
class _Checker:
    """Error messages naming the file, the entry and the field."""

    def __init__(self, source):
        self.prefix = f"{source}: " if source else ""

    def error(self, where, message):
        return CalibrationError(f"{self.prefix}{where}: {message}")

    def object(self, value: object, where: str, fields: tuple[str, ...],
               optional: tuple[str, ...] = ()) -> dict[str, Any]:
        row = check_object_fields(value, where, fields, self)
        missing = [f for f in fields if f not in row and f not in optional]
        if missing:
            raise self.error(where, f"missing field '{missing[0]}'")
        return row

    def number(self, value, where, field, low=-math.inf, high=math.inf, positive=False):
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(_float(value)):
            raise self.error(where, f"field '{field}' must be a finite number, "
                                    f"got {brief(value)}")
        if positive and value <= 0:
            raise self.error(where, f"field '{field}' must be greater than 0, got {brief(value)}")
        if not low <= value <= high:
            raise self.error(where, f"field '{field}' must be {_span(low, high)}, got "
                                    f"{brief(value)}")
        return float(value)

    def whole(self, value, where, field, low, high):
        number = self.number(value, where, field, low, high)
        if number != int(number):
            raise self.error(where, f"field '{field}' must be a whole number, got {brief(value)}")
        return int(number)

    def pulse_range(self, value, where):
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            raise self.error(where, f"field 'pulse_range' must be [min, max] in us, "
                                    f"got {brief(value)}")
        low, high = (self.whole(v, where, "pulse_range", *PROTOCOL_PULSE_RANGE) for v in value)
        if low >= high:
            raise self.error(where, f"field 'pulse_range' must have min < max, got {brief(value)}")
        return (low, high)

    def pulse_inside(self, pulse, pulse_range, where, field):
        if not pulse_range[0] <= pulse <= pulse_range[1]:
            raise self.error(where, f"field '{field}' = {pulse:g} us is outside its "
                                    f"pulse_range {list(pulse_range)}")


def _span(low, high):
    """The values from ``low`` to ``high`` in words, naming only the bounds that exist (a
    torque limited to 50 N m was said to go "from -inf to 50").

    >>> _span(0, 180), _span(-math.inf, 50), _span(0.5, math.inf)
    ('from 0 to 180', 'at most 50', 'at least 0.5')
    """
    if math.isinf(low):
        return f"at most {high:g}"
    if math.isinf(high):
        return f"at least {low:g}"
    return f"from {low:g} to {high:g}"


def _float(number):
    """``float(number)``, inf for a Python int beyond the float range (10**400)."""
    try:
        return float(number)
    except OverflowError:
        return math.inf


def calibration_from_dict(data: object, source: str = "") -> Calibration:
    """Build and validate a :class:`Calibration` from the parsed JSON (see module docstring)."""
    check = _Checker(source)
    top = check.object(data, "top level", _TOP_FIELDS, optional=("notes",))
    if top["format"] != FORMAT:
        raise check.error("field 'format'", f"expected {FORMAT!r}, got {brief(top['format'])}")
    for field in ("robot", "notes"):
        if not isinstance(top.get(field, ""), str):
            raise check.error(f"field '{field}'", f"must be text, got {brief(top[field])}")
    rows = top["joints"]
    if not isinstance(rows, list) or not rows or len(rows) > MAX_JOINTS:
        raise check.error("field 'joints'", f"must list one entry per joint (1 to {MAX_JOINTS})")
    joints = []
    for index, row in enumerate(rows, start=1):
        where = f"joint {index}"
        row = check.object(row, where, _JOINT_FIELDS, optional=("name", "rated_torque_nm"))
        name = row.get("name", f"q{index}")
        if not isinstance(name, str) or len(name) > MAX_NAME_CHARACTERS:
            raise check.error(where, f"field 'name' must be text of at most "
                                     f"{MAX_NAME_CHARACTERS} characters, got {brief(name)}")
        direction = row["direction"]
        if direction not in (1, -1) or isinstance(direction, bool):
            raise check.error(where, f"field 'direction' must be 1 or -1, got {brief(direction)}")
        servo = ServoCalibration(
            name=name,
            channel=check.whole(row["channel"], where, "channel", CHANNELS.start,
                                CHANNELS.stop - 1),
            reference_deg=check.number(row["reference_deg"], where, "reference_deg", -360, 360),
            pulse_at_reference=check.number(row["pulse_at_reference"], where,
                                            "pulse_at_reference", *PROTOCOL_PULSE_RANGE),
            us_per_deg=check.number(row["us_per_deg"], where, "us_per_deg", 1, 100),
            direction=int(direction),
            pulse_range=check.pulse_range(row["pulse_range"], where),
            max_speed_deg_s=check.number(row["max_speed_deg_s"], where, "max_speed_deg_s",
                                         MIN_SPEED_DEG_S, 360),
            rated_torque_nm=None if row.get("rated_torque_nm") is None else check.number(
                row["rated_torque_nm"], where, "rated_torque_nm", positive=True,
                high=MAX_RATED_TORQUE_NM))
        joints.append(servo)
    where = "gripper"
    row = check.object(top["gripper"], where, _GRIPPER_FIELDS)
    gripper_range = check.pulse_range(row["pulse_range"], where)
    gripper = GripperCalibration(
        channel=check.whole(row["channel"], where, "channel", CHANNELS.start, CHANNELS.stop - 1),
        open=check.whole(row["open"], where, "open", *PROTOCOL_PULSE_RANGE),
        closed=check.whole(row["closed"], where, "closed", *PROTOCOL_PULSE_RANGE),
        pulse_range=gripper_range)
    for field in ("open", "closed"):
        check.pulse_inside(getattr(gripper, field), gripper_range, where, field)
    channels = [j.channel for j in joints] + [gripper.channel]
    for position, channel in enumerate(channels):
        if channel in channels[:position]:
            owner = channels.index(channel) + 1
            user = "the gripper" if position == len(joints) else f"joint {position + 1}"
            raise check.error(user, f"field 'channel' {channel} is already used by "
                                    f"joint {owner}")
    rest = top["rest_deg"]
    if not isinstance(rest, list) or len(rest) != len(joints):
        raise check.error("field 'rest_deg'", f"must list {len(joints)} joint angles in "
                                              f"degrees, got {brief(rest)}")
    rest = tuple(check.number(v, "field 'rest_deg'", f"rest_deg[{i}]", -360, 360)
                 for i, v in enumerate(rest))
    for index, (servo, angle) in enumerate(zip(joints, rest, strict=True), start=1):
        check.pulse_inside(float(servo.pulse(angle)), servo.pulse_range, f"joint {index}",
                           f"pulse at rest_deg {angle:g}")
    return Calibration(robot=top["robot"], joints=tuple(joints), gripper=gripper,
                       rest_deg=rest, notes=top.get("notes", ""))


def calibration_to_dict(calibration: Calibration) -> dict[str, Any]:
    """The JSON-ready dict of a calibration; :func:`calibration_from_dict` gives it back."""
    def pulse_range(values):
        return [int(v) for v in values]

    return {
        "format": FORMAT,
        "robot": calibration.robot,
        "notes": calibration.notes,
        "joints": [{"name": j.name, "channel": j.channel, "reference_deg": j.reference_deg,
                    "pulse_at_reference": j.pulse_at_reference, "us_per_deg": j.us_per_deg,
                    "direction": j.direction, "pulse_range": pulse_range(j.pulse_range),
                    "max_speed_deg_s": j.max_speed_deg_s,
                    **({} if j.rated_torque_nm is None
                       else {"rated_torque_nm": j.rated_torque_nm})}
                   for j in calibration.joints],
        "gripper": {"channel": calibration.gripper.channel, "open": calibration.gripper.open,
                    "closed": calibration.gripper.closed,
                    "pulse_range": pulse_range(calibration.gripper.pulse_range)},
        "rest_deg": list(calibration.rest_deg),
    }


def format_calibration_json(calibration: Calibration) -> str:
    """JSON text with one line per joint, as in the robot files."""
    return format_robot_json(calibration_to_dict(calibration))


# --------------------------------------------------------------------------- limits
def calibrated_limits(robot: Robot, calibration: Calibration) -> np.ndarray:
    """The joint limits a calibrated arm can reach: the model's limits intersected with the
    angles of each servo's safe ``pulse_range``.

    Parameters
    ----------
    robot : robosim.Robot
        An arm of revolute joints, as many as the calibration lists.
    calibration : Calibration
        The servos' measured pulse ranges.

    Returns
    -------
    ndarray (n, 2)
        Lower and upper limit of each joint, radians. A pose inside them passes both checks of
        :meth:`robosim.hardware.Lynx6.pulses` (model limits, then calibrated pulses).

    Raises
    ------
    CalibrationError
        A prismatic joint, another number of joints, or a joint whose calibrated range lies
        wholly outside its model limits (the message names the joint and both ranges).

    Examples
    --------
    The stock Lynx6 (:func:`stock_lynx6`): 600-2400 us about 1500 us at 11.111 us/deg is
    +-900 / 11.111 = +-81.0008 deg, inside the model's +-90 deg, so every joint gets
    [-81.0008, 81.0008] deg.
    """
    if robot.joint_types != "R" * robot.n:
        raise CalibrationError(f"{robot.name}: only arms of revolute joints can be calibrated "
                               f"(joints {robot.joint_types})")
    if calibration.n != robot.n:
        raise CalibrationError(f"the calibration lists {calibration.n} joints but {robot.name} "
                               f"has {robot.n}")
    model = np.degrees(robot.limits)
    servo = np.sort([servo.angle(np.array(servo.pulse_range, dtype=float))
                     for servo in calibration.joints], axis=1)
    limits = np.column_stack([np.maximum(model[:, 0], servo[:, 0]),
                              np.minimum(model[:, 1], servo[:, 1])])
    for index, (low, high) in enumerate(limits):
        if low > high:
            raise CalibrationError(
                f"joint {index + 1} ({calibration.joints[index].name}): its calibrated range "
                f"[{servo[index, 0]:.4g}, {servo[index, 1]:.4g}] deg lies outside the model's "
                f"limits [{model[index, 0]:g}, {model[index, 1]:g}] deg")
    return np.radians(limits)


# --------------------------------------------------------------------------- files
def default_calibration_path() -> Path:
    """The shipped calibration of a stock Lynx6: ``robots/lynx6.calibration.json``."""
    return library_dir() / f"lynx6{CALIBRATION_SUFFIX}"


def load_calibration(path: str | os.PathLike[str] | None = None) -> Calibration:
    """Read and validate a calibration file (default: :func:`default_calibration_path`)."""
    path = Path(path) if path is not None else default_calibration_path()
    data = read_user_json(path, CalibrationError, "calibration file")
    return calibration_from_dict(data, source=str(path))


def torque_limits(robot: Robot, calibration: Calibration | str | os.PathLike[str] | None = None
                  ) -> np.ndarray | None:
    """Each joint's rated torque (N m) ``(n,)`` for ``robot``, NaN where unknown, or None
    when no joint's is known.

    Parameters
    ----------
    robot : Robot
        The arm whose joints the limits are for.
    calibration : Calibration, str, Path or None
        A calibration or its file. None: the library's Lynx6 takes the shipped calibration's
        ratings (:func:`load_calibration`); any other robot has no known ratings (None).

    Raises
    ------
    ValidationError
        When the calibration lists a different number of joints than the robot.
    """
    if calibration is None and robot.name != "Lynx6":
        return None
    if not isinstance(calibration, Calibration):
        calibration = load_calibration(calibration)
    if calibration.n != robot.n:
        raise ValidationError(f"the calibration lists {calibration.n} joints but {robot.name} "
                              f"has {robot.n}")
    ratings = calibration.rated_torques
    return ratings if np.isfinite(ratings).any() else None


def save_calibration(calibration: Calibration, path: str | os.PathLike[str]) -> Path:
    """Write a calibration file atomically; the name must end in ``.calibration.json``."""
    path = Path(path)
    if not path.name.endswith(CALIBRATION_SUFFIX):
        raise CalibrationError(f"{path}: calibration files are named *{CALIBRATION_SUFFIX} "
                               f"(so the robot library does not read them as robots)")
    try:
        atomic_write_text(path, format_calibration_json(calibration))
    except OSError as exc:
        raise CalibrationError(f"{path}: cannot write it ({exc.strerror or exc})") from None
    return path


#: The servos assumed in a stock Lynx6 and where their rated torques come from.
STOCK_SERVOS = ("Rated torques (estimates, check your arm's servos): Hitec stall torque at 6 V "
                "from Hitec's datasheets, 1 kg cm = 0.0980665 N m, for the servos of "
                "Lynxmotion's arm kits: base HS-485HB 6.0 kg cm, shoulder HS-805BB 24.7 kg cm, "
                "elbow HS-755HB 13.2 kg cm, wrist HS-645MG 9.6 kg cm, wrist rotate HS-225MG "
                "4.8 kg cm. A servo held near stall overheats: keep well below.")
#: Their rated torques, N m (kg cm x 0.0980665, rounded to 0.01 N m).
STOCK_RATED_TORQUES_NM = (0.59, 2.42, 1.29, 0.94, 0.47)


def stock_lynx6() -> Calibration:
    """The documented default calibration of a stock Lynx6 (see the module docstring)."""
    names = ("base", "shoulder", "elbow", "wrist", "wrist rotate")
    joints = [{"name": name, "channel": channel, "reference_deg": 0, "pulse_at_reference": 1500,
               "us_per_deg": 11.111, "direction": 1, "pulse_range": [600, 2400],
               "max_speed_deg_s": 60, "rated_torque_nm": torque}
              for channel, (name, torque) in enumerate(zip(names, STOCK_RATED_TORQUES_NM,
                                                           strict=True))]
    return calibration_from_dict({
        "format": FORMAT, "robot": "Lynx6",
        "notes": "Stock Lynx6, channels in order, 1500 us at 0 deg, 500-2500 us over 180 deg. "
                 "Measure your own arm with 'robosim arm --port PORT calibrate'. " + STOCK_SERVOS,
        "joints": joints,
        "gripper": {"channel": 5, "open": 1200, "closed": 1800, "pulse_range": [600, 2400]},
        "rest_deg": [0, 0, 0, 0, 0]})

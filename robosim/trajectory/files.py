"""Joint trajectories as CSV files: the format robosim exports and the Lynx6 backend plays.

The file is plain CSV that a spreadsheet opens, with comment lines naming the robot::

    # robosim trajectory
    # robot: Lynx6
    # unit: mm
    t_s,q1_deg,q2_deg,q3_deg,q4_deg,q5_deg,x_mm,y_mm,z_mm,roll_deg,pitch_deg,yaw_deg
    0.000000,0.000000,...

Each column name carries its unit: time in seconds, revolute joints in degrees, prismatic joints
and positions in the robot's length unit, roll-pitch-yaw (``R = Rz(yaw) Ry(pitch) Rx(roll)``) in
degrees. The end-effector columns are written for people and plots; reading uses only time and
joint values. Times start anywhere but must increase strictly.
"""

from __future__ import annotations

import csv
import io
import os
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import ArrayLike

from ..checks import real_array
from ..errors import ValidationError, brief, one_line
from ..files import read_user_text, write_readable_text
from ..kinematics import LENGTH_UNITS, Robot, r2rpy
from ..parsing import parse_number

_JOINT_COLUMN = re.compile(r"^q(\d+)_(deg|mm|cm|m)$")
#: The largest trajectory file read: about 130,000 rows of a six-joint arm as robosim writes
#: them (some 120 bytes a row), minutes of motion at the SSC-32's 20 ms frame.
MAX_TRAJECTORY_BYTES = 16 << 20
#: Times of a trajectory, s, either way (31 years): every message prints them in a few digits
#: (t = 1e300 was printed with 300, issue 25).
MAX_TIME_S = 1e9


class TrajectoryFileError(ValidationError):
    """A trajectory CSV cannot be read or does not fit the robot; the message says where."""


@dataclass
class JointTrajectory:
    r"""Joint values over time.

    Attributes
    ----------
    t : ndarray, shape (N,)
        Times in seconds, strictly increasing.
    q : ndarray, shape (N, n)
        Joint values in API units (radians, length unit).
    robot_name : str
    joint_types : str
        ``"R"``/``"P"`` per joint, e.g. ``"RRRRR"``.
    unit : str
        Length unit of the prismatic joints and positions.

    Examples
    --------
    A two-row trajectory of one revolute joint, 0 to 90 degrees in a second (see
    :func:`parse_trajectory_csv`):

    >>> trajectory = parse_trajectory_csv("# robot: arm\n# unit: m\nt_s,q1_deg\n0,0\n1,90\n")
    >>> trajectory.robot_name, trajectory.joint_types, trajectory.unit, trajectory.q.shape
    ('arm', 'R', 'm', (2, 1))
    """

    t: np.ndarray
    q: np.ndarray
    robot_name: str
    joint_types: str
    unit: str

    def check_robot(self, robot: Robot) -> None:
        r"""Raise TrajectoryFileError unless the trajectory was made for an arm shaped like
        ``robot``.

        Examples
        --------
        A trajectory of one revolute joint fits any one-joint revolute arm, not a two-joint one:

        >>> from robosim import Joint, Robot
        >>> trajectory = parse_trajectory_csv("# robot: arm\nt_s,q1_deg\n0,0\n1,90\n")
        >>> trajectory.check_robot(Robot([Joint(a=1.0)], name="one"))
        >>> trajectory.check_robot(Robot([Joint(a=1.0), Joint(a=1.0)], name="two"))
        Traceback (most recent call last):
        ...
        robosim.trajectory.files.TrajectoryFileError: trajectory for 'arm' has joints R,
            but two has RR
        """
        if self.joint_types != robot.joint_types:
            raise TrajectoryFileError(
                f"trajectory for {self.robot_name!r} has joints {self.joint_types}, but "
                f"{robot.name} has {robot.joint_types}")
        if "P" in self.joint_types and self.unit != robot.unit:
            raise TrajectoryFileError(f"trajectory lengths are in {self.unit}, {robot.name}'s "
                                      f"in {robot.unit}")


def trajectory_csv_text(robot: Robot, t: ArrayLike, q: ArrayLike) -> str:
    """The CSV text of a trajectory of ``robot``: ``t`` (N,) seconds, ``q`` (N, n) API units.

    Examples
    --------
    One joint of a 1 m link turning from 0 to 90 degrees in 1 s: the header names the units,
    and each row gives the time, the joint value in degrees and the tip's pose (at 90 degrees
    the tip is at ``(0, 1, 0)``).

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0)], unit="m", name="arm")
    >>> lines = trajectory_csv_text(arm, [0.0, 1.0], [[0.0], [np.pi / 2]]).splitlines()
    >>> lines[1:3], lines[3].split(",")[:5]
    (['# robot: arm', '# unit: m'], ['t_s', 'q1_deg', 'x_m', 'y_m', 'z_m'])
    >>> [round(float(cell), 9) + 0.0 for cell in lines[-1].split(",")[:5]]
    [1.0, 90.0, 0.0, 1.0, 0.0]
    """
    t = real_array(t, "t", finite=False)
    q = robot.check_q(np.atleast_2d(q))
    if t.shape != (q.shape[0],):
        raise ValidationError(f"trajectory needs one time per row: {t.shape[0] if t.ndim else 1} "
                              f"times for {q.shape[0]} rows")
    _check_times(t, "trajectory")
    poses = robot.fk(q)
    columns = (["t_s"]
               + [f"q{i}_{'deg' if j.is_revolute else robot.unit}"
                  for i, j in enumerate(robot.joints, start=1)]
               + [f"{axis}_{robot.unit}" for axis in "xyz"]
               + ["roll_deg", "pitch_deg", "yaw_deg"])
    values = np.column_stack([t, robot.q_to_user(q), poses[:, :3, 3],
                              np.degrees(r2rpy(poses[:, :3, :3]))])
    out = io.StringIO()
    # a name with a line break would start a line the reader takes for data (issue 25)
    name = one_line(robot.name)
    out.write(f"# robosim trajectory\n# robot: {name}\n# unit: {robot.unit}\n")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows([[f"{v:.9g}" for v in row] for row in values])
    return out.getvalue()


def write_trajectory_csv(path: str | os.PathLike[str], robot: Robot, t: ArrayLike,
                         q: ArrayLike) -> Path:
    """Write a trajectory CSV atomically; returns the path. See :func:`trajectory_csv_text`.

    Raises
    ------
    TrajectoryFileError
        The file would be larger than :data:`MAX_TRAJECTORY_BYTES`, which
        :func:`read_trajectory_csv` refuses (nothing is written), or it cannot be written.

    Examples
    --------
    One joint of a 1 m link turning from 0 to 90 degrees in 1 s, written and read back
    (:func:`read_trajectory_csv`): 90 degrees is ``pi / 2 = 1.5708`` rad.

    >>> import os, tempfile
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0)], unit="m", name="arm")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = write_trajectory_csv(os.path.join(folder, "turn.csv"), arm, [0.0, 1.0],
    ...                                 [[0.0], [np.pi / 2]])
    ...     trajectory = read_trajectory_csv(path)
    >>> trajectory.t.tolist(), trajectory.q[:, 0].round(4).tolist()
    ([0.0, 1.0], [0.0, 1.5708])
    """
    return write_readable_text(
        path, trajectory_csv_text(robot, t, q), TrajectoryFileError, MAX_TRAJECTORY_BYTES,
        lambda size: f"the trajectory would be {size:,} bytes, more than the "
                     f"{MAX_TRAJECTORY_BYTES:,} robosim reads back ('torques --csv', 'arm "
                     f"play'): sample it more coarsely (a larger --dt) or make it shorter")


def read_trajectory_csv(path: str | os.PathLike[str]) -> JointTrajectory:
    r"""Read a trajectory CSV written by robosim (or by hand in the same format).

    Returns
    -------
    JointTrajectory

    Raises
    ------
    TrajectoryFileError
        Naming the file, line and column of the first problem.

    Examples
    --------
    A file that does not start with the time column is refused, naming file and line:

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "bad.csv")
    ...     with open(path, "w") as file:
    ...         _ = file.write("time,q1_deg\n0,0\n")
    ...     read_trajectory_csv(path)            # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    robosim.trajectory.files.TrajectoryFileError: ...bad.csv: line 1: the first column must
        be 't_s' (time in seconds), got ['time']
    """
    text = read_user_text(path, TrajectoryFileError, "trajectory file", MAX_TRAJECTORY_BYTES)
    return parse_trajectory_csv(text, source=str(path))


def parse_trajectory_csv(text: str, source: str = "trajectory") -> JointTrajectory:
    r"""Parse the text of a trajectory CSV; see :func:`read_trajectory_csv`.

    Examples
    --------
    Two rows of a one-joint trajectory: the joint column is in degrees, read back in radians.

    >>> text = "t_s,q1_deg\n0,0\n1,90\n"
    >>> trajectory = parse_trajectory_csv(text)
    >>> trajectory.t.tolist(), trajectory.q[:, 0].round(4).tolist()     # 90 deg = pi / 2
    ([0.0, 1.0], [0.0, 1.5708])
    """
    settings = {"robot": "", "unit": ""}
    rows = []
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        stripped = line.strip()
        match = re.match(r"#\s*(robot|unit)\s*:\s*(.*)$", stripped)
        if match:
            settings[match.group(1)] = match.group(2).strip()
        elif stripped and not stripped.startswith("#"):
            try:
                rows.append((number, next(csv.reader([line]))))
            except csv.Error as exc:
                raise TrajectoryFileError(f"{source}: line {number}: not a readable CSV row "
                                          f"({exc})") from None
    if not rows:
        raise TrajectoryFileError(f"{source}: no header row and no data")
    header_line, header = rows[0]
    header = [h.strip() for h in header]
    if not header or header[0] != "t_s":
        raise TrajectoryFileError(f"{source}: line {header_line}: the first column must be "
                                  f"'t_s' (time in seconds), got {brief(header[:1])}")
    joints: list[str] = []   # each joint column's unit
    for column in header[1:]:
        match = _JOINT_COLUMN.match(column)
        if not match:
            break
        if int(match.group(1)) != len(joints) + 1:
            raise TrajectoryFileError(f"{source}: line {header_line}: joint column {brief(column)} "
                                      f"is out of order")
        joints.append(match.group(2))
    if not joints:
        raise TrajectoryFileError(f"{source}: line {header_line}: no joint columns "
                                  f"(q1_deg, q2_mm, ...)")
    lengths = {u for u in joints if u != "deg"}
    unit = settings["unit"] or (lengths.pop() if len(lengths) == 1 else "mm")
    if unit not in LENGTH_UNITS or any(u not in ("deg", unit) for u in joints):
        raise TrajectoryFileError(f"{source}: line {header_line}: joint units {joints} do not "
                                  f"match the length unit {unit!r}")
    data = np.empty((len(rows) - 1, 1 + len(joints)))
    for k, (number, cells) in enumerate(rows[1:]):
        if len(cells) < 1 + len(joints):
            raise TrajectoryFileError(f"{source}: line {number}: expected at least "
                                      f"{1 + len(joints)} values, got {len(cells)}")
        for c, (column, cell) in enumerate(zip(header[:1 + len(joints)], cells[:1 + len(joints)],
                                                strict=True)):
            try:
                data[k, c] = parse_number(cell, f"{source}: line {number}: column "
                                                f"{brief(column)}")
            except ValidationError as exc:
                raise TrajectoryFileError(str(exc)) from None
    if data.shape[0] == 0:
        raise TrajectoryFileError(f"{source}: the trajectory has no rows")
    _check_times(data[:, 0], source)
    revolute = np.array([u == "deg" for u in joints])
    q = np.where(revolute, np.radians(data[:, 1:]), data[:, 1:])
    return JointTrajectory(t=data[:, 0], q=q, robot_name=settings["robot"],
                           joint_types="".join("R" if r else "P" for r in revolute), unit=unit)


def _check_times(t, source):
    if not np.all(np.isfinite(t)):
        raise TrajectoryFileError(f"{source}: times must be finite numbers")
    if t.size and np.abs(t).max() > MAX_TIME_S:
        raise TrajectoryFileError(f"{source}: times must be within +-{MAX_TIME_S:g} s, got "
                                  f"{t[np.argmax(np.abs(t))]:.3g} s")
    steps = np.diff(t)
    if np.any(steps <= 0):
        row = int(np.argmax(steps <= 0)) + 1
        raise TrajectoryFileError(f"{source}: times must increase: row {row + 1} "
                                  f"(t = {t[row]:g} s) does not come after {t[row - 1]:g} s")

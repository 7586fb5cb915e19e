"""Driving a real Lynx6 on an SSC-32: safe poses, timed moves, trajectories, Stop.

Safety rules this driver enforces (SSC32_NOTES.md):

- Every command is checked before any byte is written: joint values within the robot model's
  limits, then pulse widths within the calibrated safe range of each servo. A value outside is
  refused with :class:`RefusedCommand` naming the joint and the value; it is never clamped.
- Speed: every move gets a time ``T`` long enough that no joint exceeds its ``max_speed_deg_s``,
  measured from where the arm is estimated to be (the board moves linearly in time).
  A trajectory whose rows are faster than that is refused (play it slower with ``time_scale``).
- Torque: a trajectory whose dynamics (robot model's masses, plus :attr:`Lynx6.payload_kg` in
  the gripper and the :attr:`Lynx6.wrench` it pushes with) need more than a servo's
  ``rated_torque_nm`` is refused, naming the joint, the time and how many times slower would
  do (:meth:`Lynx6.check_torques`).
- Collisions: a trajectory or a move that makes the arm hit itself, its table or the obstacles
  of :attr:`Lynx6.scene` (:mod:`robosim.collision`; :meth:`Lynx6.set_scene`) is refused before
  anything is sent, naming the time and the pair (:meth:`Lynx6.check_collisions`).
- Start-up: after power-up the board outputs no pulse and moves the first command at full
  speed. :meth:`Lynx6.start` asks ``QP``: if a channel has no pulse yet, the first command goes
  to the calibration's rest pose and needs the user's confirmation that the arm is near it;
  if every channel already has one, the arm continues from there. Timed moves only after that.
- :meth:`Lynx6.stop` cancels at once (ESC, ``STOP<ch>`` for every servo) and ends a running
  :meth:`Lynx6.play`, also from another thread.
- ``with Lynx6.connect(port) as arm:``: leaving the block, normally or by an exception (Ctrl-C
  included), stops every servo (:meth:`Lynx6.stop`) and closes the port, so a script cannot
  leave the arm running by accident. :meth:`Lynx6.close` alone leaves the servos holding their
  last pulse.
- Fail closed: on any fault (a lost port, a silent or garbling board, a move still running
  :attr:`Lynx6.completion_margin_s` after its planned end) ``STOP`` goes to every servo if the
  port still takes bytes, the port is closed, and the error (:class:`LinkError`,
  :class:`HardwareError`) says what happened and, during :meth:`Lynx6.play`, at which row.
- Detection bound while streaming (``wait_on="time"``): ``Q`` follows every row and no row goes
  out before the board has answered the previous one's, so at most one group move is sent after
  the board fails; a garbage answer is found when it arrives, unasked bytes before the next
  row, silence 250 ms after the first unanswered ``Q`` (``SSC32Link.check_timeout``): the
  error comes at most one row or 250 ms, whichever is longer, after the first check the board
  fails. A move that never completes can only be told from a running one where the arm should
  be still: after the approach to the first row and after the last row (or after every row
  with ``wait_on="query"``).

Joint values in this API are radians (as everywhere in robosim); the calibration is in degrees.
"""

from __future__ import annotations

import contextlib
import math
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from types import TracebackType
from typing import cast

import numpy as np
from numpy.typing import ArrayLike

from ..collision import Checker, Scene
from ..dynamics import (TorqueCheck, TrajectoryTorques, check_torque_limits, inverse_dynamics,
                        trajectory_torques, with_payload)
from ..errors import RobosimError, ValidationError, brief
from ..robot_files import load_robot, same_name
from ..kinematics import Robot
from .calibration import Calibration, CalibrationError, load_calibration
from .ssc32 import (BOARD_REPLY_S, CHECK_POLL_S, DEFAULT_BAUD, MAX_TIME_MS, MOVE_RUNNING,
                    DryRunPort, LinkError, SSC32Link, encode_move, encode_query_movement,
                    line_seconds, stop_then_close)

#: Seconds a servo is given to reach its speed limit from rest (:meth:`Lynx6.motion_limits`):
#: an estimate (hobby servos reach full speed within a few tenths of a second unloaded); a
#: taught trajectory timed with it accelerates gently.
SERVO_RAMP_S = 0.5
#: Poses checked for collisions from one streamed row to the next (the first row included).
COLLISION_SUBSTEPS = 4
#: Shortest time given to a move (ms), so a tiny correction never runs at full speed.
MIN_MOVE_MS = 20
#: Time for the gripper to open or close (ms).
GRIPPER_MOVE_MS = 700
#: A streamed step lasts at least this many times the time its line takes on the wire.
LINE_TIME_MARGIN = 1.5
#: Seconds between two ``Q`` polls while waiting for a move to finish.
POLL_S = 0.02
#: Largest payload accepted in the gripper (kg): far above what a Lynx6 lifts, catches grams
#: typed as kilograms.
MAX_PAYLOAD_KG = 5.0
#: A move still running (``Q`` answers ``+``) this many seconds after its planned end is a fault.
COMPLETION_MARGIN_S = 2.0


class RefusedCommand(ValidationError):
    """A command was refused before any byte was sent (out of limits, too fast, not started)."""


class HardwareError(RobosimError):
    """The arm did not do what was asked (a move that never completes); the port is closed."""


class Lynx6:
    """A real Lynx6 (or any all-revolute arm) on an SSC-32.

    The link is told to stop every servo (``STOP``) when it fails. As a context manager
    (``with Lynx6.connect(port) as arm:``), leaving the block stops every servo and closes the
    port, also when an exception ends it.

    Parameters
    ----------
    link : SSC32Link
    calibration : Calibration, optional
        Default: the shipped ``robots/lynx6.calibration.json``.
    robot : Robot, optional
        The model whose joint limits are enforced. Default: the library's Lynx6.
    clock : callable, optional
        Seconds, monotonic (tests pass a fake one).
    completion_margin_s : float
        A move still running this long after its planned end is a fault (tests shorten it).
    """

    def __init__(self, link: SSC32Link, calibration: Calibration | None = None,
                 robot: Robot | None = None, clock: Callable[[], float] = time.monotonic,
                 completion_margin_s: float = COMPLETION_MARGIN_S) -> None:
        self.link = link
        self.calibration = calibration if calibration is not None else load_calibration()
        self.robot = robot if robot is not None else load_robot("Lynx6")
        if self.robot.joint_types != "R" * self.robot.n:
            raise CalibrationError(f"{self.robot.name}: only arms of revolute joints can be "
                                   f"driven (joints {self.robot.joint_types})")
        if self.calibration.robot and not same_name(self.calibration.robot, self.robot.name):
            raise CalibrationError(f"the calibration is for {brief(self.calibration.robot)}, not "
                                   f"{self.robot.name}: calibrate this arm, or give its own "
                                   f"calibration file")
        if self.calibration.n != self.robot.n:
            raise CalibrationError(f"the calibration lists {self.calibration.n} joints but "
                                   f"{self.robot.name} has {self.robot.n}")
        self.clock = clock
        self.completion_margin_s = completion_margin_s
        self.link.stop_on_fault = tuple(self.calibration.channels)
        self.version = ""
        self.started = False
        self._stop = threading.Event()
        # Held from "has Stop been pressed?" until the move is written, so that a Stop from
        # another thread is never followed by a move that was about to go out.
        self._send_lock = threading.Lock()
        servos = self.calibration.joints
        self._channels = [s.channel for s in servos]
        self._reference = np.array([s.reference_deg for s in servos])
        self._pulse_at_reference = np.array([s.pulse_at_reference for s in servos])
        self._slope = np.array([s.direction * s.us_per_deg for s in servos])
        self._pulse_range = np.array([s.pulse_range for s in servos], dtype=float)
        self._max_speed = np.array([s.max_speed_deg_s for s in servos])
        self._limits_deg = np.degrees(self.robot.limits)
        self.payload_kg = 0.0
        self._collisions = Checker(self.robot)
        self.wrench: np.ndarray | None = None
        # The move in progress, in degrees: from _start to _target over [_t0, _t0 + _duration].
        self._start: np.ndarray | None = None
        self._target: np.ndarray | None = None
        self._t0, self._duration = 0.0, 0.0

    # ---------------------------------------------------------------- connecting
    @classmethod
    def connect(cls, port: str, baud: int = DEFAULT_BAUD,
                calibration: Calibration | None = None,
                robot: Robot | None = None, dry_run: bool = False,
                echo: Callable[[bytes], object] | None = None, timeout: float = 0.5) -> Lynx6:
        """Open ``port`` (any pyserial URL), check it is an SSC-32 (``VER``), return the arm.

        With ``dry_run`` nothing is opened: a :class:`DryRunPort` logs the bytes (``echo(data)``
        is called for each write). A silent board raises LinkError naming the likely causes.
        """
        if dry_run:
            link = SSC32Link(DryRunPort(echo), port=f"{port} (dry run)", baud=baud)
        else:
            link = SSC32Link.open(port, baud, timeout)
        try:
            arm = cls(link, calibration, robot)
            arm.version = link.version()
        except BaseException:
            link.close()
            raise
        return arm

    def close(self) -> None:
        """Close the port; the servos hold their last pulse (the board has no watchdog). Leave
        a ``with`` block instead to stop them first."""
        self.link.close()

    def __enter__(self) -> Lynx6:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 traceback: TracebackType | None) -> None:
        """Leave the ``with`` block: :meth:`stop`, then :meth:`close`, also when the block
        raised (:func:`~robosim.hardware.ssc32.stop_then_close`: the exception that ended the
        block propagates; when it ended normally, a STOP that failed raises).

        Every servo stops where it is: a move still running at the end of the block does not
        finish (``move_to(..., wait=True)`` and :meth:`play` return once the arm is there).
        A link a fault closed already sent STOP when it failed: nothing more is sent.
        """
        stop_then_close(self._stop_unless_closed, self.close, exc)

    def _stop_unless_closed(self):
        if not self.link.closed:
            self.stop()

    @property
    def speed_limits(self) -> np.ndarray:
        """Each joint's speed limit in degrees per second ``(n,)`` (a copy)."""
        return self._max_speed.copy()

    def motion_limits(self) -> tuple[np.ndarray, np.ndarray]:
        """Speed (rad/s) and acceleration (rad/s**2) limits ``(n,)`` each, for
        :func:`robosim.trajectory.via_points`: the speed limits (:attr:`speed_limits`) and the
        acceleration that reaches them in :data:`SERVO_RAMP_S`. A trajectory timed by them
        passes :meth:`plan`'s speed check."""
        speed = np.radians(self._max_speed)
        return speed, speed / SERVO_RAMP_S

    def limit_speed(self, deg_per_s: float) -> None:
        """Lower every joint's speed limit to at most ``deg_per_s`` (never above calibration;
        ``math.inf`` gives the calibration's limits back)."""
        if isinstance(deg_per_s, bool) or not isinstance(deg_per_s, (int, float)) \
                or not deg_per_s > 0:
            raise ValidationError(f"speed limit must be a positive number of deg/s, got "
                                  f"{deg_per_s!r}")
        calibrated = np.array([s.max_speed_deg_s for s in self.calibration.joints])
        self._max_speed = np.minimum(calibrated, float(deg_per_s))

    # ---------------------------------------------------------------- conversions
    def pulses(self, q: ArrayLike) -> np.ndarray:
        """Pulse widths (whole us) for joint values ``q`` (radians) ``(n,)`` or ``(N, n)``.

        Raises
        ------
        RefusedCommand
            A joint outside its model limits or a pulse outside its calibrated safe range;
            the message names the joint, the value and (for several rows) the row.
        """
        q = self.robot.check_q(q)
        q_deg = np.degrees(q)
        rows = np.atleast_2d(q_deg)
        tolerance = 1e-9
        outside = (rows < self._limits_deg[:, 0] - tolerance) | (
            rows > self._limits_deg[:, 1] + tolerance)
        if outside.any():
            row, joint = np.argwhere(outside)[0]
            low, high = self._limits_deg[joint]
            raise RefusedCommand(f"{self._joint_name(joint)} = {rows[row, joint]:.6g} deg"
                                 f"{self._row_text(row, rows)} is outside its limits "
                                 f"[{low:g}, {high:g}] deg: refused, nothing sent")
        pulses = np.rint(self._pulse_at_reference + self._slope * (rows - self._reference))
        outside = (pulses < self._pulse_range[:, 0]) | (pulses > self._pulse_range[:, 1])
        if outside.any():
            row, joint = np.argwhere(outside)[0]
            low, high = self._pulse_range[joint]
            raise RefusedCommand(f"{self._joint_name(joint)} = {rows[row, joint]:.6g} deg"
                                 f"{self._row_text(row, rows)} needs a pulse of "
                                 f"{pulses[row, joint]:.0f} us, outside its calibrated safe "
                                 f"range {low:.0f}-{high:.0f} us: refused, nothing sent")
        pulses = pulses.astype(int)
        return pulses if q.ndim > 1 else pulses[0]

    def joint_values(self, pulses: ArrayLike) -> np.ndarray:
        """Joint values (radians) for pulse widths (us) ``(n,)`` or ``(N, n)``; inverse of
        :meth:`pulses`."""
        pulses = np.asarray(pulses, dtype=float)
        return np.radians(self._reference + (pulses - self._pulse_at_reference) / self._slope)

    def _joint_name(self, index):
        return f"joint {index + 1} ({self.robot.joints[index].name or 'q%d' % (index + 1)})"

    @staticmethod
    def _row_text(row, rows):
        return f" in row {row + 1}" if len(rows) > 1 else ""

    def _group(self, pulses):
        return dict(zip(self._channels, (int(p) for p in pulses), strict=True))

    # ---------------------------------------------------------------- start-up
    @property
    def rest_q(self) -> np.ndarray:
        """The calibration's rest pose (radians)."""
        return np.radians(self.calibration.rest_deg)

    def board_pulses(self) -> list[int | None]:
        """``QP`` of every joint channel and the gripper: pulse widths (us), None where off."""
        return self.link.pulses(self.calibration.channels)

    def start(self, confirmed_near_rest: bool = False,
              board_pulses: Sequence[int | None] | None = None) -> bool:
        """Make timed moves possible; call once after connecting.

        If every servo already has a pulse, the arm continues from those pulses and nothing
        moves. Otherwise the first command after power-up runs at full speed: it goes to the
        rest pose (gripper open), and only if the user confirmed the arm is near it.

        Parameters
        ----------
        confirmed_near_rest : bool
            The user says the arm is near :attr:`rest_q` (asked only when
            :func:`needs_rest_pose` of the board's pulses is True).
        board_pulses : list, optional
            :meth:`board_pulses` if already asked; asked here otherwise.

        Returns True if the rest-pose move was sent.
        """
        board = self.board_pulses() if board_pulses is None else board_pulses
        if not needs_rest_pose(board):
            # every servo has a pulse: none of them is None
            self.continue_from(cast("list[int]", board[:-1]))
            self.started = True
            return False
        if not confirmed_near_rest:
            rest = ", ".join(f"{v:g}" for v in self.calibration.rest_deg)
            raise RefusedCommand(
                f"the board has just been powered up: its first move runs at full speed. Put "
                f"the arm by hand near the rest pose ({rest} deg, gripper open), then confirm "
                f"(--yes on the command line)")
        pulses = self.pulses(self.rest_q)
        group = self._group(pulses)
        group[self.calibration.gripper.channel] = self.calibration.gripper.open
        self.link.move(group)
        self._record(np.array(self.calibration.rest_deg, dtype=float), 0.0)
        self.started = True
        return True

    def continue_from(self, joint_pulses: Sequence[int]) -> None:
        """Take ``joint_pulses`` (us, one per joint) as where the servos are now, so that the
        next move's time counts from there: after connecting to a board that already drives
        them, or after they were jogged directly (calibration)."""
        self._record(np.degrees(self.joint_values(np.array(joint_pulses, dtype=float))), 0.0)

    def _require_started(self):
        if not self.started:
            raise RefusedCommand("the arm is not started: confirm the rest pose first "
                                 "(start), so that no move runs at full speed")

    # ---------------------------------------------------------------- moves
    def _record(self, target_deg, duration_s, start_deg=None):
        now = self.clock()
        self._start = self.estimated_deg(now) if start_deg is None else start_deg
        self._target = np.array(target_deg, dtype=float)
        self._t0, self._duration = now, duration_s

    def estimated_deg(self, now: float | None = None) -> np.ndarray | None:
        """Where the arm should be now (degrees), the board interpolating its move linearly."""
        if self._target is None:
            return None
        now = self.clock() if now is None else now
        if self._duration <= 0 or self._start is None:      # no start: the first pose known
            return self._target.copy()
        fraction = min(max((now - self._t0) / self._duration, 0.0), 1.0)
        return self._start + (self._target - self._start) * fraction

    @property
    def q(self) -> np.ndarray | None:
        """The last commanded joint values (radians), or None before :meth:`start`."""
        return None if self._target is None else np.radians(self._target)

    def move_time_ms(self, q_from_deg: ArrayLike, q_to_deg: ArrayLike) -> int:
        """The shortest move time (ms) that keeps every joint within its speed limit."""
        seconds = float(np.max(np.abs(np.asarray(q_to_deg) - q_from_deg) / self._max_speed))
        if seconds * 1000 > MAX_TIME_MS:        # before ceil: a tiny speed limit gives inf
            raise RefusedCommand(f"the move would take {_short(seconds)} s at the speed "
                                 f"limit, more than one SSC-32 move can last "
                                 f"({MAX_TIME_MS / 1000:g} s): move in smaller steps")
        return max(MIN_MOVE_MS, math.ceil(seconds * 1000))

    def move_to(self, q: ArrayLike, wait: bool = False) -> int | None:
        """Move to joint values ``q`` (radians, ``(n,)``) within the speed limits.

        Returns the move time in milliseconds (None if :meth:`stop`, from another thread, came
        before the move was sent). With ``wait``, returns once ``Q`` says the move is complete
        (or :meth:`stop` was called).
        """
        self._stop.clear()
        return self._move(q, wait)

    def _move(self, q, wait):
        self._require_started()
        pulses = self.pulses(q)
        target = np.degrees(self.robot.check_q(q))
        start = self.estimated_deg()
        assert start is not None        # started: start() or continue_from() recorded a pose
        milliseconds = self.move_time_ms(start, target)
        self.check_collisions([0.0, milliseconds / 1000], np.radians([start, target]))
        if not self._send_unless_stopped(pulses, milliseconds, target):
            return None
        if wait:
            self.wait_until_still(milliseconds / 1000)
        return milliseconds

    def _send_unless_stopped(self, pulses, milliseconds, target_deg, start_deg=None,
                             check=False):
        """Send one timed group move (``check``: followed by ``Q``, see ssc32.py) and record
        it, unless Stop came first; returns whether it was sent."""
        with self._send_lock:
            if self._stop.is_set():
                return False
            self.link.move(self._group(pulses), time_ms=milliseconds, check=check)
            self._record(target_deg, milliseconds / 1000, start_deg=start_deg)
        return True

    def home(self, wait: bool = True) -> int | None:
        """Move to the robot model's home pose."""
        return self.move_to(self.robot.home, wait=wait)

    def gripper(self, closed: bool | float, wait: bool = False) -> bool:
        """Open (``closed=False`` or 0) or close (``True`` or 1) the gripper, or close it part
        way (a fraction between 0 and 1: its pulse is that far from the calibrated open pulse
        to the closed one), in :data:`GRIPPER_MOVE_MS`; with ``wait``, return once ``Q`` says
        the move is complete (or :meth:`stop` was called), as :meth:`move_to` does.

        Part way is for holding an object without driving the servo against it: a gripper
        servo pressing on an object it cannot close over draws current until it overheats.
        Sent as every move is (:meth:`move_to`): under the send lock, and not at all when
        :meth:`stop`, from another thread, came first; returns whether it was sent.
        """
        fraction = float(closed)
        if not 0.0 <= fraction <= 1.0:
            raise ValidationError(f"the gripper closes from 0 (open) to 1 (closed); got "
                                  f"{closed!r}")
        self._stop.clear()
        self._require_started()
        grip = self.calibration.gripper
        pulse = round(grip.open + fraction * (grip.closed - grip.open))
        with self._send_lock:
            if self._stop.is_set():
                return False
            self.link.move({grip.channel: pulse}, time_ms=GRIPPER_MOVE_MS)
        if wait:
            self.wait_until_still(GRIPPER_MOVE_MS / 1000)
        return True

    def wait_until_still(self, expected_s: float) -> bool:
        """Poll ``Q`` until the move is complete; returns False if :meth:`stop` interrupted.

        Raises
        ------
        HardwareError
            ``Q`` still answers ``+`` :attr:`completion_margin_s` after the ``expected_s``
            seconds the move should take: STOP went to every servo and the port is closed.
        """
        allowed = expected_s + self.completion_margin_s
        deadline = self.clock() + allowed
        while not self.link.movement_complete():
            if self._stop.wait(POLL_S):
                return False
            if self.clock() > deadline:
                self.link.abort(f"the move did not complete within {allowed:.2f} s (planned "
                                f"{expected_s:.2f} s): the board still answers '+' to Q",
                                HardwareError)
        return True

    def _wait_for_row(self, due):
        """Wait until ``due`` (clock seconds) and until the board has answered the check of
        the last row, reading what it sends meanwhile; False if :meth:`stop` came first."""
        while True:
            answered = self.link.check_board()  # LinkError: STOP sent, port closed
            remaining = due - self.clock()
            if answered and remaining <= 0:
                return True
            if self._stop.wait(max(remaining, 0.0) if answered else CHECK_POLL_S):
                return False

    def stop(self) -> None:
        """Stop at once: end a running play and tell the board to stop every servo.

        Safe from any thread: a move another thread is writing goes out first, then the stop;
        no move follows it (until the next :meth:`move_to` or :meth:`play`).
        """
        self._stop.set()
        with self._send_lock:
            self.link.stop(self.calibration.channels)
            if self._target is not None:
                here = self.estimated_deg()
                self._record(here, 0.0, start_deg=here)

    # ---------------------------------------------------------------- trajectories
    def min_step_s(self) -> float:
        """Shortest streamed step (s): a group move, the ``Q`` that checks the board and its
        one-byte answer on the wire (8N1) with :data:`LINE_TIME_MARGIN`, plus the board's time
        to answer (:data:`~robosim.hardware.ssc32.BOARD_REPLY_S`).

        Example: 5 joints at 9600 baud: ``#0P2500...#4P2500T65535`` + CR is 42 bytes, ``Q`` +
        CR and ``+`` 3 more: 45 bytes x 10 bits / 9600 = 46.9 ms, x 1.5 = 70.3 ms, + 5 ms =
        75.3 ms (13.3 rows/s). At 115200 baud: 3.9 ms x 1.5 + 5 ms = 10.9 ms.
        """
        longest = (encode_move({c: 2500 for c in self._channels}, time_ms=MAX_TIME_MS)
                   + encode_query_movement() + MOVE_RUNNING)
        return LINE_TIME_MARGIN * line_seconds(longest, self.link.baud) + BOARD_REPLY_S

    def plan(self, t: ArrayLike, q: ArrayLike,
             time_scale: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
        """Check a trajectory and choose the rows to stream; nothing is sent.

        Parameters
        ----------
        t : array_like, shape (N,)
            Times (s), strictly increasing.
        q : array_like, shape (N, n)
            Joint values (radians).
        time_scale : float
            Play ``time_scale`` times slower (>= 1 to slow down).

        Returns
        -------
        times : ndarray, shape (M,)
            Seconds from the first row, scaled, of the rows to stream.
        pulses : ndarray of int, shape (M, n)
            Their pulse widths. Rows closer together than :meth:`min_step_s` are skipped
            (the board interpolates linearly between the rows it gets); the last row is kept.

        Raises
        ------
        RefusedCommand
            A row outside the limits or calibrated range, a step longer than one move can last,
            a step faster than a joint's speed limit (the message gives the time_scale that
            would be slow enough), or a servo's rated torque exceeded (see
            :meth:`check_torques`).
        """
        if not time_scale > 0 or not math.isfinite(time_scale):
            raise ValidationError(f"time scale must be a positive number, got {time_scale!r}")
        t = np.asarray(t, dtype=float)
        q = self.robot.check_q(np.atleast_2d(q), "trajectory")
        if t.shape != (q.shape[0],) or not np.all(np.diff(t) > 0):
            raise ValidationError("trajectory times must be one per row and strictly increase")
        pulses = self.pulses(q)
        times = (t - t[0]) * time_scale
        keep = _rows_at_least_apart(times, self.min_step_s())
        times, pulses, q_deg = times[keep], pulses[keep], np.degrees(q[keep])
        if len(times) > 1 and np.diff(times).max() * 1000 > MAX_TIME_MS:
            step = int(np.argmax(np.diff(times)))
            raise RefusedCommand(f"the step after t = {times[step]:.3f} s lasts "
                                 f"{times[step + 1] - times[step]:.1f} s, longer than one SSC-32 "
                                 f"move can last ({MAX_TIME_MS / 1000:g} s): refused, nothing "
                                 f"sent (add rows in between)")
        if len(times) > 1:
            speed = np.abs(np.diff(q_deg, axis=0)) / np.diff(times)[:, None]
            ratio = speed / self._max_speed
            if ratio.max() > 1.0 + 1e-9:  # not for a rounding error
                step, joint = map(int, np.unravel_index(np.argmax(ratio), ratio.shape))
                needed = math.ceil(ratio.max() * time_scale * 100 - 1e-6) / 100
                raise RefusedCommand(
                    f"{self._joint_name(joint)} would move at {_short(speed[step, joint])} deg/s "
                    f"near t = {times[step]:.3f} s, above its limit of "
                    f"{self._max_speed[joint]:g} deg/s: refused, nothing sent (play it "
                    f"{needed:g} times slower)")
        self.check_collisions(t, q)
        self.check_torques(t, q, time_scale)
        return times, pulses

    def play(self, t: ArrayLike, q: ArrayLike,
             progress: Callable[[int, int, float], object] | None = None,
             wait_on: str = "time", time_scale: float = 1.0) -> bool:
        """Stream a joint trajectory as timed group moves; returns False if stopped.

        First a speed-limited move to the first row (waiting until ``Q`` says it is there),
        then each row as a group move whose ``T`` is the time since the previous row, sent when
        the previous one is due to finish (``wait_on="time"``, smooth; ``Q`` follows each row
        and its answer is awaited before the next, see the module docstring) or once ``Q``
        says it has finished (``wait_on="query"``, never overtakes the arm). ``progress(done,
        total, t_s)`` is called after each row sent. :meth:`stop` (any thread) ends it at once.

        Raises
        ------
        LinkError, HardwareError
            A fault of the board or the port; the message says which and at which row (of the
            rows streamed, as counted by ``progress``). STOP was sent if the port took it, and
            the port is closed.
        """
        if wait_on not in ("time", "query"):
            raise ValidationError(f"wait_on must be 'time' or 'query', got {wait_on!r}")
        self._require_started()
        times, pulses = self.plan(t, q, time_scale)
        q_deg = np.degrees(self.joint_values(pulses))
        self._stop.clear()
        # the approach goes to the first row itself: its pulses' angles may lie a rounding
        # error beyond a joint limit the row is exactly at
        first_row = np.atleast_2d(np.asarray(q, dtype=float))[0]
        total = len(times)
        with _naming_the_row(f"moving to row 1 of {total}"):
            if self._move(first_row, wait=False) is None \
                    or not self.wait_until_still(self._duration):
                return False
        if progress is not None:
            progress(1, total, 0.0)
        started = self.clock()
        for k in range(1, total):
            with _naming_the_row(f"row {k + 1} of {total} (t = {times[k]:.3f} s)"):
                if wait_on == "time" and not self._wait_for_row(started + times[k - 1]):
                    return False
                milliseconds = max(1, round((times[k] - times[k - 1]) * 1000))
                if not self._send_unless_stopped(pulses[k], milliseconds, q_deg[k],
                                                 start_deg=q_deg[k - 1],
                                                 check=wait_on == "time"):
                    return False
                if progress is not None:
                    progress(k + 1, total, times[k])
                if wait_on == "query" and not self.wait_until_still(milliseconds / 1000):
                    return False
        if wait_on == "time":
            with _naming_the_row(f"after the last row ({total})"):
                return self.wait_until_still(max(0.0, started + times[-1] - self.clock()))
        return True


    # ---------------------------------------------------------------- collisions
    def set_scene(self, scene: Scene | None) -> None:
        """The obstacles :meth:`check_collisions` refuses to hit (None: the default scene, the
        arm's table); see :mod:`robosim.collision`."""
        self._collisions = Checker(self.robot, scene)

    @property
    def scene(self) -> Scene:
        """The scene trajectories and moves are checked against."""
        return self._collisions.scene

    def check_collisions(self, t: ArrayLike, q: ArrayLike) -> None:
        """Refuse a trajectory that makes the arm hit itself, its table or the scene.

        Every row is checked, and :data:`COLLISION_SUBSTEPS` poses between successive rows
        (the board moves each servo linearly from one row to the next).

        Raises
        ------
        RefusedCommand
            Naming the time and the pair of the first collision; nothing was sent.
        """
        t = np.asarray(t, dtype=float)
        q = np.atleast_2d(np.asarray(q, dtype=float))
        fractions = np.linspace(0.0, 1.0, COLLISION_SUBSTEPS + 1)[:-1, None, None]
        between = q[:-1][None] + fractions * np.diff(q, axis=0)[None]        # (S, N - 1, n)
        poses = np.concatenate([between.transpose(1, 0, 2).reshape(-1, q.shape[1]), q[-1:]])
        times = np.concatenate([(t[:-1, None] + fractions[:, :, 0].T * np.diff(t)[:, None]
                                 ).ravel(), t[-1:]])
        result = self._collisions.check(poses)
        hits = np.flatnonzero(result.collides)
        if hits.size:
            first = int(hits[0])
            raise RefusedCommand(f"at t = {times[first] - t[0]:.3f} s the arm would collide "
                                 f"({result.describe(first)[len('collision: '):]}): refused, "
                                 f"nothing sent")

    # ---------------------------------------------------------------- torques
    def set_payload(self, kilograms: float) -> None:
        """The load in the gripper, kg (0 to :data:`MAX_PAYLOAD_KG`), counted by
        :meth:`check_torques` as a point mass at the tool point."""
        if isinstance(kilograms, bool) or not isinstance(kilograms, (int, float)) \
                or not 0.0 <= kilograms <= MAX_PAYLOAD_KG:
            raise ValidationError(f"payload must be from 0 to {MAX_PAYLOAD_KG:g} kg, got "
                                  f"{kilograms!r}")
        self.payload_kg = float(kilograms)

    def set_wrench(self, wrench: ArrayLike | None) -> None:
        """A wrench ``[Fx, Fy, Fz, Mx, My, Mz]`` (N, N m) the gripper exerts on its surroundings
        all along a trajectory (pushing on a surface), in the tool frame about the tool point,
        counted by :meth:`check_torques`; None for none."""
        if wrench is not None:
            values = np.asarray(wrench, dtype=float) if np.size(wrench) == 6 else None
            if values is None or values.shape != (6,) or not np.all(np.isfinite(values)):
                raise ValidationError(f"wrench must be 6 finite numbers [Fx, Fy, Fz, Mx, My, "
                                      f"Mz] (N, N m), got {wrench!r}")
            wrench = values
        self.wrench = wrench

    def check_torques(self, t: ArrayLike, q: ArrayLike,
                      time_scale: float = 1.0) -> TorqueCheck | None:
        """Refuse a trajectory that needs more torque than a servo is rated for.

        The torques come from the robot model's dynamics with :attr:`payload_kg` at the tool
        and :attr:`wrench` (see :meth:`set_wrench`) exerted by it
        (:func:`robosim.dynamics.trajectory_torques`, the trajectory played ``time_scale``
        times slower); joints whose calibration gives no ``rated_torque_nm`` are not checked,
        nor is anything when the model has no dynamics. A trajectory of fewer than three rows
        is checked for the torque that holds each row still.

        Returns
        -------
        TorqueCheck or None
            None when nothing could be checked.

        Raises
        ------
        RefusedCommand
            Naming the joint, the time (s, scaled), the torque needed and the rating, and how
            many times slower the whole trajectory would be within every rating (or that no
            speed helps, when holding a pose already needs too much).
        """
        limits = self.calibration.rated_torques
        if self.robot.dynamics is None or np.all(np.isnan(limits)):
            return None
        robot = with_payload(self.robot, self.payload_kg)
        times = np.asarray(t, dtype=float)
        times = (times - times[0]) * time_scale
        q = np.atleast_2d(np.asarray(q, dtype=float))
        if len(times) < 3:
            holding = inverse_dynamics(robot, q, 0 * q, 0 * q, fext=self.wrench)
            torques = TrajectoryTorques(t=times, q=q, qd=0 * q, qdd=0 * q, tau=holding,
                                        static=holding)
        else:
            torques = trajectory_torques(robot, times, q, fext=self.wrench)
        check = check_torque_limits(torques, limits)
        if check.ok:
            return check
        first = check.exceedances[0]
        load = f" with {self.payload_kg:g} kg in the gripper" if self.payload_kg else ""
        if self.wrench is not None:
            load += " pushing with [" + " ".join(f"{v:g}" for v in self.wrench) + "] N, N m"
        need = (f"{self._joint_name(first.joint)} needs {abs(first.torque):.2f} N m at "
                f"t = {first.time:.3f} s{load}, above its servo's rated "
                f"{first.limit:g} N m: refused, nothing sent")
        if math.isinf(check.time_scale):
            raise RefusedCommand(f"{need} (holding the arm still already needs more: no speed "
                                 f"helps; lighten the payload or keep the arm closer in)")
        needed = math.ceil(check.time_scale * time_scale * 100 - 1e-6) / 100
        raise RefusedCommand(f"{need} (play it {needed:g} times slower)")


@contextlib.contextmanager
def _naming_the_row(where):
    """Prefix ``where`` (which row of a trajectory) to a link or hardware fault's message."""
    try:
        yield
    except (LinkError, HardwareError) as exc:
        raise type(exc)(f"{where}: {exc}") from None


def gripper_fraction(state: str) -> float:
    """How far closed (0 open .. 1 closed) the gripper state typed by a user is: ``open``,
    ``close`` or a percentage (``40`` or ``40%``); ValidationError names anything else."""
    words = {"open": 0.0, "close": 1.0, "closed": 1.0}
    text = state.strip().lower()
    if text in words:
        return words[text]
    try:
        percent = float(text.rstrip("%"))
    except ValueError:
        percent = float("nan")
    if not 0.0 <= percent <= 100.0:
        raise ValidationError(f"gripper: give open, close or a percentage from 0 (open) to "
                              f"100 (closed), got {state!r}")
    return percent / 100.0


def needs_rest_pose(board_pulses: Iterable[int | None]) -> bool:
    """True if some servo has no pulse yet (the board was just powered up), so that
    :meth:`Lynx6.start` must go to the rest pose at full speed, with the user's confirmation."""
    return any(p is None for p in board_pulses)


def _rows_at_least_apart(times, min_step):
    """Indices of rows at least ``min_step`` seconds apart, greedily from the first; the last
    row is always kept (only a trajectory shorter than ``min_step`` has a shorter step)."""
    keep = [0]
    for k in range(1, len(times)):
        if times[k] - times[keep[-1]] >= min_step:
            keep.append(k)
    last = len(times) - 1
    if keep[-1] != last:
        if len(keep) > 1 and times[last] - times[keep[-1]] < min_step:
            keep.pop()  # the last row replaces it, so the final step is not too short either
        keep.append(last)
    return np.array(keep)


def _short(value):
    """``value`` with one decimal, or in short scientific form when that would be long (a
    speed over a step of 1e-300 s has 300 digits)."""
    return f"{value:.1f}" if abs(value) < 1e6 else f"{value:.3g}"

"""Calibrating a real arm: jog one servo at a time in small steps, mark what you see, save.

For each joint the user jogs the servo and tells robosim what the arm shows:

- *reference* at DEG: the joint is now at DEG degrees (robot-model angle, e.g. 0 with the link
  straight): this pulse becomes ``pulse_at_reference`` at ``reference_deg`` DEG;
- *second angle* DEG: the joint is now at another known angle: ``us_per_deg`` and
  ``direction`` come from the two points (``(pulse - pulse_at_reference) / (DEG -
  reference_deg)``);
- *min* / *max*: this pulse is as far as the servo may go on that side (``pulse_range``).

For the gripper *open* and *closed* mark its two pulses. Every jog is a single-servo move at
:data:`JOG_SPEED_US_S` (the board's ``S`` argument), never outside the board's 500-2500 us; a
step beyond the current safe range is allowed (that is what calibration is for) with a warning.

:class:`CalibrationSession` holds this logic for any user interface (the "Calibrate..." window
of the real-arm panel uses it); :class:`CalibrationWizard` is its command-line dialogue.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import ValidationError
from .calibration import save_calibration
from .lynx6 import Lynx6
from .ssc32 import PROTOCOL_PULSE_RANGE

#: Jog speed in microseconds per second (about 18 deg/s on a stock servo).
JOG_SPEED_US_S = 200
DEFAULT_STEP_US = 10
MAX_STEP_US = 200
HELP = ("+ / - one step, ++ / -- ten steps, step US (step size), "
        "ref DEG (the joint is at DEG now), at DEG (a second known angle), min / max (safe "
        "limit at this pulse), open / closed (gripper), speed DEG_S, next, back, save, quit, "
        "help")


class CalibrationSession:
    """Jog and mark the servos of a started :class:`~robosim.hardware.lynx6.Lynx6`.

    Entries ``0 .. n-1`` are the joints, entry ``n`` the gripper. Marks that would make the
    calibration invalid raise ValidationError (a ValueError) and keep the last good one.

    Attributes
    ----------
    calibration : Calibration
        The calibration as marked so far (validated after every mark).
    pulse : dict of int to int
        The pulse (us) last sent to each channel (from ``QP`` at the start).
    step : int
        Jog step in microseconds.
    """

    def __init__(self, arm: Lynx6) -> None:
        self.arm = arm
        self.calibration = arm.calibration
        self.step = DEFAULT_STEP_US
        channels = self.calibration.channels
        self.pulse = dict(zip(channels, (p or 1500 for p in arm.board_pulses()), strict=True))

    @property
    def entries(self) -> int:
        """Number of servos: the joints and the gripper."""
        return self.calibration.n + 1

    def channel(self, entry: int) -> int:
        return self.calibration.channels[entry]

    def is_gripper(self, entry: int) -> bool:
        return entry == self.calibration.n

    def describe(self, entry: int) -> str:
        """One line on the servo: what it drives, its calibration, its pulse now."""
        channel = self.channel(entry)
        if self.is_gripper(entry):
            grip = self.calibration.gripper
            text = (f"gripper on channel {channel}: open {grip.open} us, closed {grip.closed} "
                    f"us, safe {grip.pulse_range[0]}-{grip.pulse_range[1]} us")
        else:
            servo = self.calibration.joints[entry]
            text = (f"joint {entry + 1} ({servo.name}) on channel {channel}: "
                    f"{servo.pulse_at_reference:g} us at {servo.reference_deg:g} deg, "
                    f"{servo.direction * servo.us_per_deg:+g} us/deg, safe "
                    f"{servo.pulse_range[0]}-{servo.pulse_range[1]} us")
        return f"{text}; now {self.pulse[channel]} us"

    def set_step(self, microseconds: int | str) -> None:
        """Set the jog step (a whole number of us, or its text)."""
        value = _number(microseconds, "step")
        if value != int(value) or not 1 <= value <= MAX_STEP_US:
            raise ValidationError(f"step needs a whole number of us from 1 to {MAX_STEP_US}, "
                             f"got {microseconds!r}")
        self.step = int(value)

    def jog(self, entry: int, steps: int) -> str | None:
        """Move the servo by ``steps`` steps, slowly. Returns a warning text or None."""
        channel = self.channel(entry)
        pulse = self.pulse[channel] + int(steps) * self.step
        low, high = PROTOCOL_PULSE_RANGE
        if not low <= pulse <= high:
            raise ValidationError(f"{pulse} us is outside the board's {low}-{high} us")
        safe = (self.calibration.gripper.pulse_range if self.is_gripper(entry)
                else self.calibration.joints[entry].pulse_range)
        self.arm.link.move({channel: pulse}, speeds={channel: JOG_SPEED_US_S})
        self.pulse[channel] = pulse
        if not safe[0] <= pulse <= safe[1]:
            return (f"warning: {pulse} us is beyond the current safe range {safe[0]}-{safe[1]} "
                    f"us: watch the servo and stop before it strains")
        return None

    def mark(self, entry: int, what: str, value: float | str | None = None) -> None:
        """Record what the arm shows at the servo's pulse now.

        ``what`` is ``"ref"`` (value: the joint's angle in degrees), ``"at"`` (value: a second
        known angle), ``"min"``, ``"max"``, ``"speed"`` (value: deg/s) for a joint, and
        ``"open"``, ``"closed"``, ``"min"``, ``"max"`` for the gripper.
        """
        pulse = self.pulse[self.channel(entry)]
        if self.is_gripper(entry):
            low, high = self.calibration.gripper.pulse_range
            marks: dict[str, dict[str, Any]] = {
                "open": {"open": pulse}, "closed": {"closed": pulse},
                "min": {"pulse_range": (pulse, high)}, "max": {"pulse_range": (low, pulse)}}
            changes = marks.get(what)
            if changes is None:
                raise ValidationError(f"the gripper can be marked open, closed, min or max, not "
                                 f"{what!r}")
            self.calibration = self.calibration.with_gripper(**changes)
            return
        servo = self.calibration.joints[entry]
        if what == "ref":
            changes = {"reference_deg": _number(value, "ref"), "pulse_at_reference": pulse}
        elif what == "at":
            angle = _number(value, "at")
            if angle == servo.reference_deg or pulse == servo.pulse_at_reference:
                raise ValidationError("mark a second angle and pulse different from the reference")
            slope = (pulse - servo.pulse_at_reference) / (angle - servo.reference_deg)
            changes = {"us_per_deg": round(abs(slope), 4), "direction": 1 if slope > 0 else -1}
        elif what in ("min", "max"):
            low, high = servo.pulse_range
            changes = {"pulse_range": (pulse, high) if what == "min" else (low, pulse)}
        elif what == "speed":
            changes = {"max_speed_deg_s": _number(value, "speed")}
        else:
            raise ValidationError(f"unknown mark {what!r} (ref, at, min, max, speed)")
        self.calibration = self.calibration.with_joint(entry, **changes)

    def finish(self) -> None:
        """Tell the arm where the jogs left its servos, so that its next move is timed from
        there (not from where it was before calibrating)."""
        joint_channels = self.arm.calibration.channels[:-1]
        self.arm.continue_from([self.pulse[channel] for channel in joint_channels])

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Save the calibration atomically; returns the path."""
        return save_calibration(self.calibration, path)


class CalibrationWizard:
    """The command-line dialogue around a :class:`CalibrationSession`.

    Parameters
    ----------
    arm : Lynx6
        Connected and started (so no jog is a first command at full speed).
    path : str or Path
        Where :meth:`run` saves the calibration (``*.calibration.json``).
    ask, say : callable, optional
        ``ask(prompt) -> str`` and ``say(text)``; default ``input`` and ``print``.
    """

    STEPS = {"+": 1, "-": -1, "++": 10, "--": -10}

    def __init__(self, arm: Lynx6, path: str | os.PathLike[str],
                 ask: Callable[[str], str] | None = None,
                 say: Callable[[str], object] | None = None) -> None:
        self.session = CalibrationSession(arm)
        self.path = path
        self.ask = ask if ask is not None else input
        self.say = say if say is not None else print

    def run(self) -> Path | None:
        """Go through the joints and the gripper; returns the saved path, or None if quit."""
        session = self.session
        self.say(f"Calibrating {session.calibration.robot}: {HELP}")
        entry, outcome = 0, None
        try:
            while entry < session.entries:
                outcome = self._entry(entry)
                if outcome in ("quit", "save"):
                    break
                entry = entry + 1 if outcome == "next" else max(entry - 1, 0)
        finally:
            session.finish()
        if outcome == "quit":
            self.say("quit: nothing saved")
            return None
        path = session.save(self.path)
        self.say(f"saved {path}")
        return path

    def _entry(self, entry):
        """Handle commands for one servo until next/back/save/quit."""
        while True:
            try:
                answer = self.ask(f"{self.session.describe(entry)} > ").strip().lower()
            except EOFError:  # the input ended (Ctrl-D, a script without 'save')
                self.say("")  # end the prompt's line
                return "quit"
            word, _, argument = answer.partition(" ")
            if word in ("next", "back", "save", "quit"):
                return word
            try:
                self._command(entry, word, argument.strip())
            except ValueError as exc:  # includes robosim's ValidationError
                self.say(f"not done: {exc}")

    def _command(self, entry, word, argument):
        if word in self.STEPS:
            warning = self.session.jog(entry, self.STEPS[word])
            if warning:
                self.say(warning)
        elif word == "step":
            self.session.set_step(argument)
        elif word in ("help", ""):
            self.say(HELP)
        else:
            self.session.mark(entry, word, argument or None)


def _number(text, what):
    try:
        return float(text)
    except (TypeError, ValueError):
        raise ValidationError(f"{what} needs a number, got {text!r}") from None

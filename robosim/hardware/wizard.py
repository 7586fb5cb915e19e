"""The calibration wizard: jog one servo at a time in small steps, mark what you see, save.

For each joint the user jogs the servo and tells the wizard what the arm shows:

- ``ref DEG``: the joint is now at DEG degrees (robot-model angle, e.g. 0 with the link
  straight): this pulse becomes ``pulse_at_reference`` at ``reference_deg`` DEG;
- ``at DEG``: the joint is now at a second known angle: ``us_per_deg`` and ``direction`` come
  from the two points (``(pulse - pulse_at_reference) / (DEG - reference_deg)``);
- ``min`` / ``max``: this pulse is as far as the servo may go on that side (``pulse_range``).

For the gripper ``open`` and ``closed`` mark its two pulses. Every jog is a single-servo move at
:data:`JOG_SPEED_US_S` (the board's ``S`` argument), never outside the board's 500-2500 us; a
step beyond the current safe range is allowed (that is what calibration is for) with a warning.
The wizard talks through ``ask(prompt) -> str`` and ``say(text)`` so tests can script it.
"""

from .calibration import save_calibration
from .ssc32 import PROTOCOL_PULSE_RANGE

#: Jog speed in microseconds per second (about 18 deg/s on a stock servo).
JOG_SPEED_US_S = 200
DEFAULT_STEP_US = 10
HELP = ("+ / - one step, ++ / -- ten steps, step US (step size), "
        "ref DEG (the joint is at DEG now), at DEG (a second known angle), min / max (safe "
        "limit at this pulse), open / closed (gripper), speed DEG_S, next, back, save, quit, "
        "help")


class CalibrationWizard:
    """Interactive calibration of a started :class:`~robosim.hardware.lynx6.Lynx6`.

    Parameters
    ----------
    arm : Lynx6
        Connected and started (so no jog is a first command at full speed).
    path : str or Path
        Where :meth:`run` saves the calibration (``*.calibration.json``).
    """

    def __init__(self, arm, path, ask=None, say=None):
        self.arm = arm
        self.path = path
        self.ask = ask if ask is not None else input
        self.say = say if say is not None else print
        self.calibration = arm.calibration
        self.step = DEFAULT_STEP_US
        channels = self.calibration.channels
        self.pulse = dict(zip(channels, (p or 1500 for p in arm.board_pulses())))

    def run(self):
        """Go through the joints and the gripper; returns the saved path, or None if quit."""
        self.say(f"Calibrating {self.calibration.robot}: {HELP}")
        entry = 0
        while 0 <= entry <= self.calibration.n:
            outcome = self._entry(entry)
            if outcome == "quit":
                self.say("quit: nothing saved")
                return None
            if outcome == "save":
                break
            entry += 1 if outcome == "next" else -1
            entry = max(entry, 0)
        path = save_calibration(self.calibration, self.path)
        self.say(f"saved {path}")
        return path

    def _describe(self, entry):
        if entry == self.calibration.n:
            grip = self.calibration.gripper
            return (grip.channel, f"gripper on channel {grip.channel}: open {grip.open} us, "
                                  f"closed {grip.closed} us, safe {grip.pulse_range[0]}-"
                                  f"{grip.pulse_range[1]} us")
        servo = self.calibration.joints[entry]
        return (servo.channel, f"joint {entry + 1} ({servo.name}) on channel {servo.channel}: "
                               f"{servo.pulse_at_reference:g} us at {servo.reference_deg:g} deg, "
                               f"{servo.direction * servo.us_per_deg:+g} us/deg, safe "
                               f"{servo.pulse_range[0]}-{servo.pulse_range[1]} us")

    def _entry(self, entry):
        """Handle commands for one joint (or the gripper) until next/back/save/quit."""
        while True:
            channel, description = self._describe(entry)
            answer = self.ask(f"{description}; now {self.pulse[channel]} us > ").strip().lower()
            word, _, argument = answer.partition(" ")
            if word in ("next", "back", "save", "quit"):
                return word
            try:
                self._command(entry, channel, word, argument.strip())
            except ValueError as exc:  # includes robosim's ValidationError
                self.say(f"not done: {exc}")

    def _command(self, entry, channel, word, argument):
        steps = {"+": 1, "-": -1, "++": 10, "--": -10}
        if word in steps:
            self._jog(entry, channel, self.pulse[channel] + steps[word] * self.step)
        elif word == "step":
            self.step = _whole(argument, "step", 1, 200)
        elif word == "help" or word == "":
            self.say(HELP)
        elif entry == self.calibration.n:
            self._gripper(word)
        else:
            self._joint(entry, channel, word, argument)

    def _jog(self, entry, channel, pulse):
        low, high = PROTOCOL_PULSE_RANGE
        if not low <= pulse <= high:
            raise ValueError(f"{pulse} us is outside the board's {low}-{high} us")
        safe = (self.calibration.gripper.pulse_range if entry == self.calibration.n
                else self.calibration.joints[entry].pulse_range)
        if not safe[0] <= pulse <= safe[1]:
            self.say(f"warning: {pulse} us is beyond the current safe range {safe[0]}-{safe[1]}"
                     f" us: watch the servo and stop before it strains")
        self.arm.link.move({channel: pulse}, speeds={channel: JOG_SPEED_US_S})
        self.pulse[channel] = pulse

    def _joint(self, entry, channel, word, argument):
        servo = self.calibration.joints[entry]
        pulse = self.pulse[channel]
        if word == "ref":
            changes = {"reference_deg": _number(argument, "ref"), "pulse_at_reference": pulse}
        elif word == "at":
            angle = _number(argument, "at")
            if angle == servo.reference_deg or pulse == servo.pulse_at_reference:
                raise ValueError("mark a second angle and pulse different from the reference")
            slope = (pulse - servo.pulse_at_reference) / (angle - servo.reference_deg)
            changes = {"us_per_deg": round(abs(slope), 4), "direction": 1 if slope > 0 else -1}
        elif word in ("min", "max"):
            low, high = servo.pulse_range
            changes = {"pulse_range": (pulse, high) if word == "min" else (low, pulse)}
        elif word == "speed":
            changes = {"max_speed_deg_s": _number(argument, "speed")}
        else:
            raise ValueError(f"unknown command {word!r} ({HELP})")
        self.calibration = self.calibration.with_joint(entry, **changes)

    def _gripper(self, word):
        pulse = self.pulse[self.calibration.gripper.channel]
        low, high = self.calibration.gripper.pulse_range
        changes = {"open": {"open": pulse}, "closed": {"closed": pulse},
                   "min": {"pulse_range": (pulse, high)},
                   "max": {"pulse_range": (low, pulse)}}.get(word)
        if changes is None:
            raise ValueError(f"unknown command {word!r} for the gripper (open, closed, min, "
                             f"max, +, -, next, back, save, quit)")
        self.calibration = self.calibration.with_gripper(**changes)


def _number(text, what):
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"{what} needs a number, got {text!r}") from None


def _whole(text, what, low, high):
    value = _number(text, what)
    if value != int(value) or not low <= value <= high:
        raise ValueError(f"{what} needs a whole number from {low} to {high}, got {text!r}")
    return int(value)

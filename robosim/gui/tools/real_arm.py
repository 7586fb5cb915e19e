"""The "Real arm..." tool window: connect to a Lynx6 on an SSC-32 and drive it from the simulator.

It follows the tool-window contract of :mod:`robosim.gui.tools.window` (it only uses the ``arm``
handle). The port, baud rate, calibration file and the payload in the gripper (grams: the
torque check before Play on arm counts it, and a refusal names the joint, the time and how many
times slower would do) are typed in a :class:`CellGrid`; buttons
connect (or run dry, printing the bytes in the window), confirm the rest pose after power-up,
mirror the simulator (the real arm follows every pose change, speed-limited, at most once per
command time on the wire), play ``arm.last_trajectory`` on the arm, move home or to rest, open
or close the gripper (or close it part way: a percentage and Enter in the "grip % closed" cell),
open the calibration window (:mod:`robosim.gui.tools.calibrate`), and
Stop, which is always visible and works during playing.

A calibration file committed in its cell, or the calibration of the arm connected, narrows the
limits the simulator and every tool window plan with to what the arm accepts
(:meth:`robosim.gui.state.ArmState.set_calibration`); a line under the title says which limits
are in use, and closing the window gives the model's limits back. The drawn gripper follows
every gripper command sent (``arm.set_gripper``).

Playing runs in a background thread so Stop stays responsive; the thread never touches
matplotlib: it leaves messages that :meth:`RealArmWindow.tick` (a 100 ms canvas timer; tests call
it) shows. Every error becomes a line in the status lines (the window's and the simulator's);
nothing raises out of a callback.
"""

import functools
import queue
import threading
import time
from pathlib import Path

import numpy as np

from ...errors import RobosimError
from ...hardware.calibration import default_calibration_path, load_calibration
from ...hardware.lynx6 import MAX_PAYLOAD_KG, Lynx6, gripper_fraction, needs_rest_pose
from ...hardware.ssc32 import DEFAULT_BAUD
from ...parsing import parse_number
from ..widgets.cells import CellGrid
from ..theme import STOP_COLOUR, STOP_HOVER
from .window import ToolWindow

FIGSIZE = (6.4, 4.6)
TICK_MS = 100
PORT, BAUD, SPEED, CALIBRATION, PAYLOAD = range(5)


class RealArmWindow(ToolWindow):
    """The window's state and widgets; ``RealArmWindow.open(arm)`` opens one."""

    TITLE = "Real arm"
    FIGSIZE = FIGSIZE

    def __init__(self, arm, fig):
        super().__init__(arm, fig)
        self.driver = None
        self.dry_run = False
        self.mirror = False
        # (kind, text or the count of rows arrived, error) from the play thread
        self._messages: queue.Queue[tuple[str, str | int, bool]] = queue.Queue()
        self._player = None
        self._played_q: np.ndarray | None = None     # the rows of the trajectory played
        self._pending_pose = None
        self._last_sent = 0.0
        self._last_error = None
        self.calibrating = None  # the calibration window while it is open
        self._build()
        self.subscribe(arm, "pose", self._on_pose)
        self.subscribe(arm, "limits", self._show_limits)
        self.timer = self.add_timer(TICK_MS, self.tick)
        self.timer.start()

    # ------------------------------------------------------------------ layout
    def _build(self):
        fig = self.fig
        fig.text(0.05, 0.93, f"Real arm: {self.arm.robot.name} on an SSC-32", fontsize=11,
                 fontweight="bold")
        self.limits_text = fig.text(0.05, 0.885, self._limits_line(), fontsize=7, color="0.25")
        self.cells = self.keep(CellGrid(
            fig, (0.05, 0.72, 0.9, 0.14), 1,
            ["port", "baud", "max deg/s", "calibration (blank: stock)", "payload g"],
            widths=[2.6, 1.2, 1.5, 3.6, 1.5], on_commit=self._check_cell))
        self.cells.set_text(0, BAUD, str(DEFAULT_BAUD))
        self.cells.set_text(0, PAYLOAD, "0")
        self.buttons = {}
        rows = {0.58: ("Connect", "Disconnect", "Dry run: off", "Arm is at rest"),
                0.46: ("Mirror: off", "Play on arm", "Home", "Rest"),
                0.34: ("Open gripper", "Close gripper"), 0.22: ("Calibrate...",)}
        for bottom, labels in rows.items():
            for column, label in enumerate(labels):
                self._button(label, (0.05 + 0.23 * column, bottom, 0.21, 0.09))
        self.grip = self.keep(CellGrid(fig, (0.28, 0.22, 0.21, 0.115), 1, ["grip % closed"],
                                       on_commit=self._grip))
        stop = self._button("STOP", (0.51, 0.2, 0.44, 0.23), color=STOP_COLOUR,
                            hovercolor=STOP_HOVER)
        stop.label.set_fontsize(16)
        stop.label.set_color("white")
        # three lines: a port's message names the port, what is wrong and what to try
        self.status_line((0.04, 0.06, 0.92, 0.13), fontsize=8, max_lines=3).show(
            "Type the port (e.g. /dev/ttyUSB0, COM3) and press Connect, or use Dry run.")
        self.sent = fig.text(0.05, 0.025, "", fontsize=7, family="monospace")

    def _button(self, label, rect, **colors):
        key = label.split(":")[0]
        actions = {"Connect": self.connect, "Disconnect": self.disconnect,
                   "Dry run": self.toggle_dry_run, "Arm is at rest": self.confirm_rest,
                   "Mirror": self.toggle_mirror, "Play on arm": self.play,
                   "Home": lambda: self._move(self.arm.robot.home),
                   "Rest": lambda: self._move(self._driver().rest_q),
                   "Open gripper": lambda: self._send_gripper(0.0),
                   "Close gripper": lambda: self._send_gripper(1.0),
                   "Calibrate...": self.calibrate,
                   "STOP": self.stop}
        button = self.button(rect, label, actions[key], **colors)
        self.buttons[key] = button
        return button


    def _check_cell(self, row, col, text):
        """Validate the baud and speed cells as typed; a new speed applies at once, a
        calibration file's limits too (blank: none until Connect, which uses the stock one)."""
        if col == CALIBRATION:
            try:
                self._choose_calibration(text.strip() or None)
            except RobosimError as exc:
                return str(exc)
        if col == BAUD and not (text.strip().isdigit() and int(text) > 0):
            return f"baud must be a whole number such as 9600, got {text!r}"
        try:
            if col == SPEED:
                self._apply_speed(text)
            elif col == PAYLOAD:
                self._apply_payload(text)
        except RobosimError as exc:
            return str(exc)
        return None

    def _apply_payload(self, text):
        """The load in the gripper (grams typed) that Play on arm's torque check counts."""
        kilograms = parse_number(text, "payload (g)") / 1000
        if not 0.0 <= kilograms <= MAX_PAYLOAD_KG:
            raise RobosimError(f"payload must be from 0 to {MAX_PAYLOAD_KG * 1000:g} g, got "
                               f"{text.strip()}")
        if self.driver is not None:
            self.driver.set_payload(kilograms)

    def _grip(self, row, col, text):
        """Close the gripper to the typed percentage (Enter in the grip cell): a part-way
        grip holds an object without straining the servo."""
        try:
            closed = gripper_fraction(text)
        except RobosimError as exc:
            self.say(str(exc), error=True)       # the red cell says why, here
            return str(exc)
        self.run(lambda: self._send_gripper(closed))
        return None

    def _send_gripper(self, closed):
        """Close the real gripper to ``closed`` (0 open .. 1 closed); the drawn one follows,
        and the status line says what was sent."""
        self._driver(started=True).gripper(closed=closed)
        self.arm.set_gripper(closed)
        self.say("gripper opened" if closed == 0 else "gripper closed" if closed == 1
                 else f"gripper closed to {closed * 100:g} %")

    def _choose_calibration(self, path):
        """Plan within ``path``'s calibrated range (None: the model's limits; while an arm is
        connected its calibration stays in use until the next Connect)."""
        if path is None and self.driver is not None:
            return
        self.arm.set_calibration(None if path is None else load_calibration(path),
                                 source=Path(path).name if path else "")

    @staticmethod
    def _calibration_name(path):
        """How the limits line names a calibration file (None: the stock one)."""
        return Path(path).name if path else f"stock: {default_calibration_path().name}"

    def _limits_line(self):
        """The line under the title: which joint limits the simulator plans with."""
        return (self.arm.limits_note or "Joint limits: the model's. A calibration file (or "
                "Connect) limits the simulator to the arm's calibrated range.")

    def _show_limits(self, arm):
        self.limits_text.set_text(self._limits_line())
        self.redraw()

    def _apply_speed(self, text):
        """Limit the joints' speed to the typed deg/s (blank: the calibration's limits)."""
        if self.driver is None:
            if text.strip():
                _speed(text)  # checked now, applied on Connect
            return
        self.driver.limit_speed(_speed(text) if text.strip() else float("inf"))

    def _echo(self, data):
        """Dry run: the bytes are shown in the window (called from any thread)."""
        text = data.decode("ascii", "replace").replace("\x1b", "<ESC>").replace("\r", "<CR>")
        self._messages.put(("sent", text[-110:], False))

    # ------------------------------------------------------------------ connection
    def _driver(self, started=False):
        if self.driver is None:
            if self.dry_run:
                raise RobosimError("not connected: Dry run is on, press Connect to start it "
                                   "(no port is opened)")
            raise RobosimError("not connected: type the port and press Connect (or Dry run)")
        if started and not self.driver.started:
            raise RobosimError("confirm first that the arm is near its rest pose "
                               "('Arm is at rest')")
        if started and self.calibrating is not None:
            raise RobosimError("the calibration window is open: press Done there first")
        return self.driver

    def connect(self):
        """Open the port in the cells (or a dry run) and ask the board where its servos are."""
        self.disconnect(quiet=True)
        self.cells.commit()
        port = self.cells.text(0, PORT).strip()
        if not port and not self.dry_run:
            raise RobosimError("type the port first (e.g. /dev/ttyUSB0 or COM3; 'robosim arm "
                               "--list-ports' lists them), or use Dry run")
        baud_text = self.cells.text(0, BAUD).strip()
        if not baud_text.isdigit():
            raise RobosimError(f"baud must be a whole number such as 9600, got {baud_text!r}")
        calibration_file = self.cells.text(0, CALIBRATION).strip() or None
        calibration = load_calibration(calibration_file)
        in_use = self.arm.calibration, self.arm.calibration_source
        self.arm.set_calibration(calibration, source=self._calibration_name(calibration_file))
        try:
            driver = Lynx6.connect(port or "no port", baud=int(baud_text),
                                   calibration=calibration, robot=self.arm.robot,
                                   dry_run=self.dry_run, echo=self._echo)
        except BaseException:
            self.arm.set_calibration(*in_use)   # no arm: the limits planned with stay
            raise
        self.driver = driver
        self.arm.set_connection(driver)
        self._apply_speed(self.cells.text(0, SPEED))
        self._apply_payload(self.cells.text(0, PAYLOAD))
        board = driver.board_pulses()
        if needs_rest_pose(board):
            rest = ", ".join(f"{v:g}" for v in calibration.rest_deg)
            self.say(f"Connected to {driver.version}. The board was just powered up: its first "
                     f"move runs at full speed. Put the arm by hand near the rest pose ({rest} "
                     f"deg, gripper open), then press 'Arm is at rest'.")
        else:
            driver.start(board_pulses=board)
            self.say(f"Connected to {driver.version}; the servos hold their pose, ready.")

    def confirm_rest(self):
        """The user says the arm is near the rest pose: the first (full-speed) move goes there."""
        driver = self._driver()
        if driver.started:
            self.say("already started: the arm is ready")
            return
        driver.start(confirmed_near_rest=True)
        self.say("Rest pose sent; the arm is ready (moves are speed-limited from now on).")

    def disconnect(self, quiet=False):
        """Stop a running play and close the port; the servos hold their last pulse."""
        driver, self.driver = self.driver, None
        if driver is None:
            if not quiet:
                self.say("not connected")
            return
        self._stop_player(driver)
        if self.calibrating is not None:
            self.calibrating.done()
        driver.close()
        self.arm.set_connection(None)
        if not quiet:
            self.say("Disconnected: the servos hold their last position (switch off the servo "
                     "supply to release them).")

    def toggle_dry_run(self):
        self.dry_run = not self.dry_run
        self.buttons["Dry run"].label.set_text(f"Dry run: {'on' if self.dry_run else 'off'}")
        self.say("Dry run: Connect opens no port and shows the bytes it would send."
                 if self.dry_run else "Dry run off: Connect opens the port.")

    # ------------------------------------------------------------------ moving
    def _busy(self):
        return self._player is not None and self._player.is_alive()

    def _move(self, q):
        driver = self._driver(started=True)
        if self._busy():
            raise RobosimError("the arm is playing a trajectory: press STOP first")
        milliseconds = driver.move_to(q)
        self.say(f"moving, {milliseconds / 1000:.2f} s")

    def toggle_mirror(self):
        """Mirror on: the real arm follows the simulator's pose (speed-limited)."""
        if not self.mirror:
            self._driver(started=True)
        self.mirror = not self.mirror
        self._label_mirror()
        if self.mirror:
            self._pending_pose = self.arm.q
            self.say("Mirror on: the real arm follows the simulator.")
            self._send_pending()
        else:
            self.say("Mirror off.")

    def _label_mirror(self):
        """Say on the Mirror button whether mirroring is on, shown at once."""
        button = self.buttons["Mirror"]
        button.label.set_text(f"Mirror: {'on' if self.mirror else 'off'}")
        self.show_button(button)

    def _on_pose(self, arm):
        """Pose observer: remember the newest pose; send it now if the link has time."""
        if self.mirror:
            self._pending_pose = arm.q
            self._send_pending()

    def _send_pending(self):
        driver = self.driver
        if self._pending_pose is None or driver is None or self._busy():
            return
        now = time.monotonic()
        if now - self._last_sent < driver.min_step_s():
            return  # the next tick sends the newest pose
        q, self._pending_pose = self._pending_pose, None
        self._last_sent = now
        try:
            driver.move_to(q)
            self._last_error = None
        except RobosimError as exc:
            if str(exc) != self._last_error:  # one line per new problem, not one per frame
                self._last_error = str(exc)
                self.say(f"mirror: {exc}", error=True)
            if driver.link.closed:
                self.mirror = False
                self._label_mirror()

    def play(self):
        """Play the simulator's last trajectory on the real arm, in a background thread."""
        driver = self._driver(started=True)
        if self._busy():
            raise RobosimError("already playing: press STOP first")
        trajectory = self.arm.last_trajectory
        if trajectory is None:
            raise RobosimError("no trajectory yet: play one in the simulator first")
        t, q = trajectory
        driver.plan(t, q)  # refuse here, in the window, before the thread starts
        self._played_q = np.asarray(q, dtype=float)
        self._player = threading.Thread(target=self._play_in_background, args=(driver, t, q),
                                        daemon=True)
        self._player.start()
        self.say(f"playing {len(t)} rows on the arm...")

    def _play_in_background(self, driver, t, q):
        """Play on the arm (this thread); the timer (:meth:`tick`) then shows in the simulator
        the last row sent, where the arm went, and the status line says how far it got."""
        sent = [0]

        def progress(done, total, t_s):
            sent[0] = done
            self._messages.put(("status", f"playing on the arm: row {done}/{total}, "
                                          f"t = {t_s:.2f} s", False))

        try:
            completed = driver.play(t, q, progress=progress)
            message, error = ("trajectory played on the arm", False) if completed else \
                ("stopped", False)
        except RobosimError as exc:
            message, error = str(exc), True
        except Exception as exc:  # noqa: BLE001 - reported, never lost in a thread
            message, error = f"internal error: {type(exc).__name__}: {exc}", True
        self._messages.put(("arrived", sent[0], False))
        self._messages.put(("status", message + _where_it_went(sent[0], len(t)), error))

    def stop(self):
        """Stop at once: end a play and tell the board to stop every servo."""
        if self.mirror:
            self.toggle_mirror()
        driver = self._driver()
        self._stop_player(driver)
        self.say("STOPPED: every servo was told to stop where it is.")

    def _stop_player(self, driver):
        try:
            if not driver.link.closed:
                driver.stop()
        finally:
            if self._player is not None:
                self._player.join(timeout=2)
                self._player = None

    def calibrate(self):
        """Open the calibration window; moves from this window wait until it is done."""
        from ..user_files.autosave import user_dir
        from .calibrate import CalibrationWindow

        driver = self._driver(started=True)
        if self._busy():
            raise RobosimError("the arm is playing a trajectory: press STOP first")
        if self.mirror:
            self.toggle_mirror()
        name = self.arm.robot.name.lower().replace(" ", "_")
        self.calibrating = CalibrationWindow.open(
            driver, user_dir() / f"{name}.calibration.json",
            say=functools.partial(self.arm.set_status, owner=self),
            on_saved=self._calibration_saved, on_done=self._calibration_done)
        self.say("Calibrating: jog one servo at a time in the calibration window.")

    def _calibration_saved(self, path):
        self.cells.set_text(0, CALIBRATION, str(path))

    def _calibration_done(self):
        """The calibration window is finished: its messages and "Calibrating..." give way."""
        self.calibrating = None
        self.say("The calibration window is closed; moves from this window work again.")

    # ------------------------------------------------------------------ timer
    def tick(self):
        """Show what the play thread reported and send the newest mirrored pose."""
        while True:
            try:
                kind, text, error = self._messages.get_nowait()
            except queue.Empty:
                break
            if kind == "sent":
                self.sent.set_text(f"sent: {text}")
                self.redraw()
            elif kind == "arrived":
                if text and self._played_q is not None:    # the simulator shows the last row
                    self.arm.animate_to(self._played_q[int(text) - 1])
            else:
                self.say(str(text), error)
        if self.mirror:
            self._send_pending()

    def on_close(self):
        """The window closes: mirroring stops and the port is closed."""
        self.mirror = False
        if self.driver is not None:
            self.disconnect(quiet=True)
        self.arm.set_calibration(None)


def _where_it_went(sent, total):
    """What the status line adds after a play on the arm: whether the simulator, which then
    shows the last row sent, shows where the arm is."""
    if sent == total:
        return "; the simulator shows its last pose, where the arm is now"
    if sent == 0:
        return ("; no row reached the arm: the simulator keeps its pose, which may differ from "
                "the arm's")
    return (f"; the arm got {sent} of {total} rows: the simulator shows row {sent}, the last "
            f"one sent (the arm may not have reached it)")


def _speed(text):
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise RobosimError(f"max deg/s must be a positive number (blank: the calibration's "
                           f"limits), got {text!r}")
    return value

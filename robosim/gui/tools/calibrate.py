"""The "Calibrate..." window of the real-arm panel: jog one servo at a time, mark, save.

The window is the screen form of the command-line calibration wizard; both drive a
:class:`robosim.hardware.wizard.CalibrationSession` (its docstring says what each mark
measures). The user picks a servo (``<`` / ``>``: the joints, then the gripper), jogs it in
small slow steps ("-10 steps", "-1 step", "+1 step", "+10 steps": steps of the step cell's
microseconds, the status line saying how far that went) and
marks what the arm shows: *Reference* and *2nd angle* at the angle typed in the angle cell,
*Min* / *Max* where the servo must stop, *Open* / *Closed* for the gripper, *Set speed* from the
speed cell. *Save* writes the file named in the last cell (or chosen in the native file
dialog, where the window has one), atomically. *Done* (or closing the
window) tells the driver where the jogs left the servos, so its next move is timed from there.
The red STOP stops every servo, as everywhere. Every error becomes the status line.
"""

import functools

import matplotlib.pyplot as plt

from ...errors import RobosimError, ValidationError
from ...hardware.wizard import DEFAULT_STEP_US, CalibrationSession
from ..view import has_event_loop
from ..theme import STOP_COLOUR, STOP_HOVER
from ..widgets import file_dialog
from ..widgets.cells import CellGrid
from .window import error_message, in_new_figure
from ..view import View

FIGSIZE = (6.4, 4.2)
STEP, ANGLE, SPEED, SAVE_AS = range(4)
HEADERS = {STEP: "step (us)", ANGLE: "angle (deg)", SPEED: "max deg/s", SAVE_AS: "save as"}
#: (label, what it does) of the buttons, row by row; marks are CalibrationSession.mark words.
ROWS = (
    (0.66, (("-10 steps", ("jog", -10)), ("-1 step", ("jog", -1)), ("+1 step", ("jog", 1)),
            ("+10 steps", ("jog", 10)))),
    (0.34, (("Reference", ("mark", "ref")), ("2nd angle", ("mark", "at")),
            ("Min here", ("mark", "min")), ("Max here", ("mark", "max")))),
    (0.22, (("Open here", ("mark", "open")), ("Closed here", ("mark", "closed")),
            ("Set speed", ("mark", "speed")))),
)


class CalibrationWindow(View):
    """The window's state and widgets; ``CalibrationWindow.open(driver, save_path)`` opens one.

    Parameters
    ----------
    driver : Lynx6
        Connected and started (jogs are never a first, full-speed command).
    fig : Figure
    save_path : str or Path
        Proposed in the "save as" cell.
    say : callable, optional
        ``say(message, error)`` also shows each status line elsewhere (the simulator's).
    on_saved, on_done : callable, optional
        ``on_saved(path)`` after a save; ``on_done()`` once the window is finished.
    """

    @classmethod
    def open(cls, driver, save_path, say=None, on_saved=None, on_done=None):
        """Open the calibration window for a started ``driver`` in a new figure and show it;
        returns the window. If the board does not answer (QP), no empty window stays open."""
        window = in_new_figure(cls, "Calibrate the real arm", FIGSIZE, driver, save_path,
                               say=say, on_saved=on_saved, on_done=on_done)
        fig = window.fig
        if fig.canvas.manager is not None and has_event_loop(fig):
            fig.canvas.manager.show()  # opened from a window's button: show it now
        return window

    def __init__(self, driver, fig, save_path, say=None, on_saved=None, on_done=None):
        super().__init__(fig)
        self.session = CalibrationSession(driver)
        self.driver = driver
        self.entry = 0
        self.finished = False
        self._say_elsewhere = say
        self._on_saved = on_saved
        self._on_done = on_done
        self._build(str(save_path))
        self.connect_event("close_event", lambda event: self.close())
        self._show_servo(redraw=False)   # the window's first draw shows it

    # ------------------------------------------------------------------ layout
    def _build(self, save_path):
        fig = self.fig
        fig.text(0.05, 0.93, f"Calibrating {self.driver.robot.name}: one servo at a time",
                 fontsize=11, fontweight="bold")
        self.buttons = {}
        self._button("<", (0.05, 0.8, 0.08, 0.08), lambda: self.select(self.entry - 1))
        self._button(">", (0.87, 0.8, 0.08, 0.08), lambda: self.select(self.entry + 1))
        self.servo_text = fig.text(0.15, 0.84, "", fontsize=8, va="center", wrap=True)
        for bottom, buttons in ROWS:
            for column, (label, (kind, value)) in enumerate(buttons):
                action = functools.partial(self.jog if kind == "jog" else self.mark, value)
                self._button(label, (0.05 + 0.23 * column, bottom, 0.21, 0.09), action)
        self.cells = self.keep(CellGrid(fig, (0.05, 0.46, 0.9, 0.14), 1,
                                        [HEADERS[c] for c in (STEP, ANGLE, SPEED, SAVE_AS)],
                                        widths=[1.3, 1.5, 1.5, 4], on_commit=self._check_cell))
        self.cells.set_text(0, STEP, str(DEFAULT_STEP_US))
        self.cells.set_text(0, SAVE_AS, save_path)
        self._button("Save", (0.74, 0.22, 0.21, 0.09), self.save)
        self._button("Done", (0.05, 0.08, 0.21, 0.1), self.done)
        stop = self._button("STOP", (0.28, 0.08, 0.67, 0.1), self.stop, color=STOP_COLOUR,
                            hovercolor=STOP_HOVER)
        stop.label.set_fontsize(14)
        stop.label.set_color("white")
        self.status_line((0.04, 0.0, 0.92, 0.075), fontsize=7)

    def _button(self, label, rect, action, **colors):
        self.buttons[label] = self.button(rect, label, action, **colors)
        return self.buttons[label]

    # ------------------------------------------------------------------ messages
    def say(self, message, error=False):
        if self.status is not None:
            self.status.show(message, error)
        if self._say_elsewhere is not None:
            self._say_elsewhere(message, error)

    def report(self, exc):
        """An action's exception becomes a red status line."""
        self.say(error_message(exc), error=True)

    def _check_cell(self, row, col, text):
        """The step applies as typed (said in the status line, a refusal in red); the angle and
        speed are checked when a button uses them."""
        if col != STEP:
            return None
        try:
            self.session.set_step(text)
        except ValueError as exc:
            self.say(str(exc), error=True)
            return str(exc)
        self.say(f"jog step {self.session.step} us")
        return None

    def _show_servo(self, redraw=True):
        what, _, calibration = self.session.describe(self.entry).partition(": ")
        self.servo_text.set_text(f"{what}:\n{calibration}")
        if redraw:
            self.redraw()

    # ------------------------------------------------------------------ actions
    def select(self, entry):
        """Show servo ``entry`` (0 .. n-1 the joints, n the gripper; wraps around)."""
        self.entry = entry % self.session.entries
        self._show_servo()
        self.say("jog this servo in small steps and mark what the arm shows")

    def jog(self, steps):
        """Move the servo ``steps`` steps of the step cell, slowly."""
        self._require_active()
        self._commit_cells()
        warning = self.session.jog(self.entry, steps)
        self._show_servo()
        if warning:
            self.say(warning, error=True)
        else:
            moved = steps * self.session.step
            self.say(f"{steps:+d} step{'s' if abs(steps) > 1 else ''} of {self.session.step} us"
                     f" ({moved:+d} us): {self.session.pulse[self.session.channel(self.entry)]}"
                     f" us")

    def mark(self, what):
        """Record the servo's pulse now as ``what`` (a CalibrationSession.mark word)."""
        self._require_active()
        self._commit_cells()
        cell = {"ref": ANGLE, "at": ANGLE, "speed": SPEED}.get(what)
        value = None
        if cell is not None:
            value = self.cells.text(0, cell).strip()
            if value == "":
                raise ValidationError(f"type the value in the '{HEADERS[cell]}' cell first")
        self.session.mark(self.entry, what, value)
        self._show_servo()
        self.say(f"marked {what}: not saved yet (Save)")

    def save(self):
        """Save the calibration: to the file chosen in the native dialog where the window has
        one (starting from the "save as" cell), else to the cell's file."""
        self._commit_cells()
        typed = self.cells.text(0, SAVE_AS).strip()
        chosen = file_dialog.ask_path(self.fig, save=True, title="Save the calibration",
                                      initial=typed, filetypes=("Calibration files", ("*.json",)))
        if chosen == "":
            self.say("not saved: no file was chosen")
            return
        if chosen:
            self.cells.set_text(0, SAVE_AS, chosen)
        path = self.session.save(chosen or typed)
        self.say(f"saved {path}; to drive the arm with it, connect again with this file")
        if self._on_saved is not None:
            self._on_saved(path)

    def stop(self):
        self.driver.stop()
        self.say("STOPPED: every servo was told to stop where it is.")

    def done(self):
        """Finish: the driver continues from where the jogs left the servos; closes."""
        if self.finished:
            return
        self.finished = True
        self.cells.disconnect_events()
        self.session.finish()
        if self._on_done is not None:
            self._on_done()
        plt.close(self.fig)

    def close(self):
        """The window closed: :meth:`done`, then the teardown."""
        self.done()
        self.teardown()

    def _commit_cells(self):
        """Commit the cell being typed in; a step the cell refused stops the action."""
        self.cells.commit()
        if (0, STEP) in self.cells.errors:
            raise ValidationError(self.cells.errors[(0, STEP)])

    def _require_active(self):
        if self.finished:
            raise RobosimError("this calibration is finished: open Calibrate... again")



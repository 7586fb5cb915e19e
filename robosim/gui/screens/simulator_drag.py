"""The simulator's drags: a joint's slider, the gripper in the 3D view, the self-motion slider;
and how the sliders and value cells show a pose, blitted.

While a slider is *dragged* the arm follows it directly, one blitted frame per pointer move (the
arm, its slider and value cell, the readout when due) and no full draw, so the arm keeps up with
the hand. The gripper can be dragged the same way in the 3D view, the arm following by IK
(:mod:`robosim.gui.screens.gripper_drag`; ctrl+z, cmd+z on macOS, then undoes the drag, one
step), and the self-motion slider moves an arm of more than 6 joints along its self-motion
(:mod:`robosim.gui.screens.self_motion_slider`). During those two the joint sliders follow the
arm, each blitted once its handle moved :data:`SLIDER_MOVE_PX` (at most every
:data:`SLIDER_INTERVAL` s); the value cells follow at the release.

:class:`SimulatorDrags` is a part of :class:`robosim.gui.screens.simulator.SimulatorScreen`
(above :mod:`.simulator_layout`); the attributes it declares are made by the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from matplotlib.transforms import Bbox

from ..blit import whole_pixels
from ..undo_keys import undo_action
from ..widgets.matrix_text import JOINT_DECIMALS, decimal_text
from ..widgets.muted import muted
from .gripper_drag import DRAGGING_GRIPPER, PICK_PIXELS, GripperDrag, to_pixels
from .self_motion_slider import MOVING
from .simulator_layout import SELF_MOTION, SimulatorLayout
from .simulator_readout import HINT, READOUT_LAYERS

if TYPE_CHECKING:
    from ..state import ArmState
    from ..widgets.cells import CellGrid
    from ..widgets.quiet_slider import QuietSlider
    from .animation import JointAnimation
    from .self_motion_slider import SelfMotionSlider

#: During a gripper drag a slider is drawn again once its handle moved this far (pixels): less
#: does not show; and the sliders at most every this many seconds (the arm at every move).
SLIDER_MOVE_PX, SLIDER_INTERVAL = 0.5, 0.05
NEW_TARGET_WHILE_MOVING = ("New target while moving: the arm turns toward it from where it is "
                           "(the newest target wins).")


def _slider_box(slider):
    """The display box a slider draws in: its axes, grown by the overhang of its handle (a
    marker: half its size, and its edge)."""
    points_to_pixels = slider.ax.figure.dpi / 72
    overhang = max((line.get_markersize() / 2 + line.get_markeredgewidth())
                   * points_to_pixels for line in slider.ax.lines)
    return slider.ax.bbox.padded(overhang)


def _no_coordinates(x, y):
    """What the toolbar shows of the pointer's place in the 3D view during a gripper drag."""
    return ""


class SimulatorDrags(SimulatorLayout):
    """The simulator screen's drags and its controls' blits (see the module docstring)."""

    state: ArmState
    animation: JointAnimation
    timer: Any                   # the screen's animation timer (a backend's TimerBase)
    ax: Any                      # the 3D view (mpl_toolkits' Axes3D: no type information)
    sliders: list[QuietSlider]
    self_motion: SelfMotionSlider | None
    values: CellGrid
    # the joint whose slider is dragged, "gripper", SELF_MOTION, or None
    _dragged: int | str | None
    _gripper_drag: GripperDrag | None
    _before_drag: np.ndarray | None
    _sliders_blitted: np.ndarray | None
    _sliders_time: float
    _controls_target: np.ndarray | None
    _readout_time: float

    def _on_slider(self, joint, value):
        """A new value (degrees or length unit) for one joint; the others keep their target.

        The press on a slider animates the arm to its value (Lodes' steps); each value of the
        drag that follows moves the arm there at once (:meth:`_follow`)."""
        target = self.state.target
        target[joint] = np.radians(value) if self.robot.joints[joint].is_revolute else value
        dragging = self.sliders[joint].drag_active
        if dragging and self._dragged == joint:
            self._follow(joint, target)
            return
        self._dragged = joint if dragging else None
        if dragging:
            self.hover(False)           # until the release (_end_drag)
        self.state.animate_to(target)

    def _on_self_motion(self, value):
        """The self-motion slider moved to ``value`` (degrees of arc): the arm goes there along
        its self-motion at once, a click as a drag (:mod:`.self_motion_slider`), blitted as a
        gripper drag is; a stop is said in the status line."""
        self_motion = self.self_motion
        if self_motion is None:         # only its slider calls: there is one
            return
        if self.animation.running:
            self.timer.stop()
            self.state.stop()
        starting = self._dragged != SELF_MOTION
        if starting:
            self._track_sliders()
            if self_motion.slider.drag_active:
                self._dragged = SELF_MOTION
        q, message = self_motion.move(value)
        if message is not None:
            if self.app.status != message:
                self.set_status(message, error=True)
        # said once, and again after a stop: not over a collision's words at every move
        elif (starting or self.app.status.startswith("Self-motion: ")) \
                and self.app.status != MOVING:
            self.set_status(MOVING)
        self._jump_with_sliders(q)
        self._redraw_sliders([self_motion.slider])
        if self._dragged != SELF_MOTION:      # a click: the controls show where it went
            self._show_target_blitted(q)

    def _follow(self, joint, target):
        """The slider of ``joint`` is dragged to ``target``: stop any animation and show the
        arm there at once. Only what moved is redrawn, blitted: the arm (and the readout when
        due, :meth:`_on_pose`), the slider and its value cell; the first frame of a drag
        draws in full once if the arm was not blitted yet."""
        if self.animation.running:
            self.timer.stop()
            if self.app.status == NEW_TARGET_WHILE_MOVING:
                self.set_status(HINT)
        self._show_at_once(target)
        self._controls_target = np.array(target, dtype=float)
        self.values.set_text(joint, 0, decimal_text(self.robot.q_to_user(target)[joint],
                                                    JOINT_DECIMALS))
        self._redraw_sliders([self.sliders[joint]])

    def _press_gripper(self, event):
        """A press of the left button within :data:`PICK_PIXELS` of the drawn tool point starts
        a gripper drag: the 3D view stops rotating on drag until the release."""
        if event.inaxes is not self.ax or event.button != 1 or self._dragged is not None:
            return
        tool = to_pixels(self.ax, self.drawing.end_effector[:3, 3])[0]
        if np.hypot(event.x - tool[0], event.y - tool[1]) > PICK_PIXELS:
            return
        if self.animation.running:
            self.timer.stop()
            self.state.stop()
        self.ax.disable_mouse_rotation()
        self.hover(False)               # until the release (_end_drag)
        # nor does the toolbar say the view's coordinates under the pointer (1.5 ms a motion
        # event for a 3D view, and meaningless while the gripper moves)
        self.ax.format_coord = _no_coordinates
        self._dragged = "gripper"
        self._before_drag = self.state.q.copy()
        self._track_sliders()
        self._gripper_drag = GripperDrag(self.ax, self.state.planning_robot, self.state.q,
                                         (event.x, event.y), self.state.collisions)
        self.set_status(DRAGGING_GRIPPER)

    def _track_sliders(self):
        """A drag (the gripper's or the self-motion's) begins: the joint sliders follow the arm
        from here, each remembered at its value now, none blitted yet
        (:meth:`_jump_with_sliders`)."""
        self._sliders_blitted = np.array([slider.val for slider in self.sliders])
        self._sliders_time = float("-inf")

    def _drag_gripper(self, event):
        """The pointer moved while the gripper is dragged: the arm follows by IK, blitted
        like a slider drag; a refused target leaves it at its last good pose, said why."""
        if self._gripper_drag is None:
            return
        q, message = self._gripper_drag.follow((event.x, event.y), event.key)
        if message is not None:
            if self.app.status != message:
                self.set_status(message, error=True)
            if np.array_equal(q, self.state.q):   # a turn may stop part way: shown there
                return
        self._jump_with_sliders(q)

    def _show_at_once(self, q):
        """Put the arm at ``q`` without an animation, its artists blitted (the first frame of
        a drag draws in full once if the arm was not blitted yet)."""
        self.animation.jump_to(q)
        if not all(self.blit.animated(layer) for layer in ("arm", *READOUT_LAYERS)):
            for layer in ("arm", *READOUT_LAYERS):
                self.blit.animate(layer)
            self.redraw()
        self.state.jump_to(q)

    def _jump_with_sliders(self, q):
        """Show the arm at ``q`` at once, blitted, and the sliders whose handles moved, at most
        every :data:`SLIDER_INTERVAL` s (each blit of theirs cost a third of a frame); the
        value cells follow at the release (redrawing their texts at every move halved the
        updates per second), the sliders exactly there too."""
        self._show_at_once(q)
        self._show_in_sliders(q)
        now = self.animation.clock()
        if now - self._sliders_time >= SLIDER_INTERVAL:
            self._sliders_time = now
            self._blit_sliders(moved_only=True)

    def _show_target_blitted(self, q):
        """The value cells and the sliders show ``q``, blitted together in one blit (no full
        draw follows an animation's start or end to show the sliders)."""
        with self.blit.one_blit():
            self._show_target_in_controls(q)
            self._blit_sliders()

    def _show_target_in_controls(self, q):
        """Sliders and value fields show ``q`` without firing their callbacks."""
        values = self._show_in_sliders(q)
        for i, value in enumerate(values):
            self.values.set_text(i, 0, decimal_text(value, JOINT_DECIMALS))

    def _show_in_sliders(self, q):
        """Sliders show ``q`` without firing their callbacks (nothing drawn); returns its
        values in the user's units ``(n,)``."""
        self._controls_target = np.array(q, dtype=float)
        values = self.robot.q_to_user(q)
        for slider, value in zip(self.sliders, values, strict=True):
            with muted(slider):
                slider.set_val(value)
        return values

    def _blit_sliders(self, moved_only=False):
        """Show the sliders as they are now, blitted (their value cells blit themselves);
        ``moved_only``: only those whose handle moved by :data:`SLIDER_MOVE_PX` or more since
        they were last blitted (a gripper drag moves most joints by less at each motion
        event, and drawing every slider cost as much as drawing the arm)."""
        blitted = self._sliders_blitted
        redrawn = [k for k, slider in enumerate(self.sliders)
                   if not moved_only or blitted is None
                   or abs(slider.val - blitted[k]) * slider.ax.bbox.width
                   >= SLIDER_MOVE_PX * (slider.valmax - slider.valmin)]
        if not redrawn:
            return
        if blitted is not None:
            blitted[redrawn] = [self.sliders[k].val for k in redrawn]
        self._redraw_sliders([self.sliders[k] for k in redrawn])

    def _redraw_sliders(self, sliders):
        """Draw ``sliders`` (joint sliders or the self-motion slider) again as a full draw shows
        them, and blit them.

        A slider's handle is a circle that sticks out of its slider's axes (above and below
        in a short row, past the ends of the track): the box redrawn is the sliders' axes
        grown by it, drawn from the figure's background with every slider that reaches into
        it (:meth:`robosim.gui.blit.BlitManager.redraw_box`). Drawn over the old handle inside
        the axes only, the old circle's rims stayed on screen ("ghost handles")."""
        box = whole_pixels(Bbox.union([_slider_box(slider) for slider in sliders]))
        every_slider = [*self.sliders, *([self.self_motion.slider] if self.self_motion else [])]
        touching = [slider for slider in every_slider if _slider_box(slider).overlaps(box)]
        artists = [artist for slider in touching
                   for artist in (slider.ax.patch, *slider.ax.patches, *slider.ax.lines,
                                  slider.label)]
        reach = Bbox.union([box, *(_slider_box(slider) for slider in touching),
                            *(slider.label.get_window_extent() for slider in touching)]
                           ).padded(2)       # a glyph's antialiasing passes its extent
        self.blit.redraw_box(artists, box, reach)

    def _on_key(self, event):
        """ctrl+z (cmd+z on macOS: :mod:`robosim.gui.undo_keys`) after a gripper drag: the arm
        goes back to the pose before it (one step; there is no redo)."""
        if (undo_action(event) != "undo" or self._before_drag is None
                or self._dragged is not None):
            return
        q, self._before_drag = self._before_drag, None
        self.state.animate_to(q)
        self.set_status("Undo: the arm goes back to the pose before the gripper drag.")

    def _end_drag(self, event):
        """The button is released: a drag ends with the readout of the last pose shown, and
        the arm's artists become ordinary ones again (a later full draw shows them); after a
        gripper drag the 3D view rotates on drag again."""
        if self._dragged is None:
            return
        self.hover(True)
        if self._gripper_drag is not None:
            self._gripper_drag = None
            self.ax.mouse_init()
            del self.ax.format_coord        # the 3D view's own again
            self._show_target_in_controls(self.state.q)
            self._blit_sliders()             # each exactly where the arm ended
            if self.app.status == DRAGGING_GRIPPER:
                self.set_status(HINT)
        if self._dragged == SELF_MOTION:
            self._show_target_in_controls(self.state.q)
            self._blit_sliders()             # each exactly where the arm ended
            if self.app.status == MOVING:
                self.set_status(HINT)
        self._dragged = None
        if self.animation.running:    # a click without a drag: its animation goes on
            return
        self._readout_time = self.animation.clock()
        self._update_readout()
        self._redraw_frame()
        for layer in ("arm", *READOUT_LAYERS):
            self.blit.animate(layer, False)

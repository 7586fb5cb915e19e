"""Dragging the gripper in the simulator's 3D view: pointer pixels to a tool target, IK to a pose.

A press within :data:`PICK_PIXELS` of the drawn tool point starts a :class:`GripperDrag`. Each
pointer position then gives a target for the tool point:

- in the plane facing the viewer through the tool point where the drag started (normal to the
  view direction of the mplot3d axes, from its public ``elev`` and ``azim``), the point of that
  plane drawn under the pointer;
- with shift held, along the one base axis (x, y or z) whose drawn direction is closest to the
  pointer's motion, as far as the motion's component along that drawn direction;
- with ctrl held (or the Command key, matplotlib's "cmd": on macOS ctrl+click is a right
  click), no move of the tool point: the gripper turns about the tool's own z axis (the
  tool axis), :data:`TURN_DEGREES_PER_PIXEL` per pixel of the pointer's horizontal motion,
  to the right positive (right-hand rule about that axis).

A change of modifier during a drag starts the new kind of motion afresh from the last good pose
and the pointer's previous position, so nothing jumps when a key goes down or up.

The arm follows from its current pose: the numeric solver continues from it
(:func:`robosim.ik.solve_path`, no restarts: about the least joint motion that moves the tool
as far, smooth through a wrist singularity, where a closed form's nearest solution can flip the
wrist: the UR5 at its stretched-out home), and where one step does not reach the target (a
fast flick) :func:`robosim.ik.solve` from it (``q0``, no restarts: the closed forms'
nearest-solution rule keeps the branch). Solved is the position for arms of fewer than 6
joints, the whole pose (orientation held as at the press, or as the last turn left it) for 6
or more; a turn solves the whole pose for every arm (the Lynx6
turns its wrist-rotate joint; an arm that cannot turn about its tool axis is refused). A turn is
solved in steps of at most :data:`TURN_STEP`, each from the pose before, so a fast flick of the
pointer cannot wrap a joint round to the other side of its limit. A target out of reach, past
a joint limit, onto another branch (a joint jumping by more than :data:`MAX_JUMP`) or into a
collision is refused: the arm stays at the last good pose (a turn: at its last good step) and
:meth:`GripperDrag.follow` says why.

Pixels map to data with the axes' projection (``ax.get_proj()``, ``proj3d.proj_transform``)
and ``ax.transData``: the two in-plane unit vectors are projected and the pointer's motion is
solved for in their basis (exact for the orthographic view, a first-order approximation for the
perspective one). The view direction in data equals the one from ``elev``/``azim`` because the
simulator draws with cubic limits and a (1, 1, 1) box aspect.

Worked example: seen from the front (elev 0, azim -90) the viewer looks along +y, so a drag
to the right moves the tool point along +x and a drag up along +z; y stays. With ctrl held, a
drag 60 pixels to the right turns the gripper by 60 x 0.5 = +30 degrees about its tool axis
(the Lynx6's wrist-rotate joint from 0 to 30 degrees at its home pose) and 60 pixels to the left
by -30 degrees; up and down do nothing.
"""

import numpy as np
from mpl_toolkits.mplot3d import proj3d

from ... import ik
from ...kinematics import rotz

#: A press this close (display pixels) to the drawn tool point picks the gripper.
PICK_PIXELS = 8.0

#: A step of more than this (radians, any revolute joint) between two pointer positions is a
#: jump to another branch (crossing a singularity smoothly moves the joints little): refused.
MAX_JUMP = np.radians(30.0)

#: Degrees the gripper turns about its tool axis per pixel of horizontal motion (ctrl or cmd
#: held).
TURN_DEGREES_PER_PIXEL = 0.5

#: The largest turn (radians) solved by one IK call; a longer one is solved in such steps.
TURN_STEP = np.radians(10.0)

OUT_OF_REACH = ("Drag: the gripper cannot go there (out of reach or past a joint limit): "
                "the arm stays at its last good pose.")
CANNOT_TURN = ("Drag: the gripper cannot turn further about its axis (past a joint limit, or "
               "an axis this arm cannot turn about): the arm stays at its last good pose.")

#: The status line during a drag, naming the modifier keys (docs/gui.md says the same).
DRAGGING_GRIPPER = ("Dragging the gripper (shift: along one axis; ctrl or cmd: turn about "
                    "the tool axis; ctrl+z or cmd+z afterwards: back).")


def drag_mode(key):
    """The kind of motion for the modifier ``key`` held (matplotlib's ``event.key``, or None):
    ``"turn"`` with ctrl or the Command key (macOS, where ctrl+click is a right click; alone or
    with another key), ``"axis"`` with shift, else ``"plane"``.

    >>> drag_mode("control"), drag_mode("ctrl+shift"), drag_mode("cmd"), drag_mode("cmd+shift")
    ('turn', 'turn', 'turn', 'turn')
    >>> drag_mode("shift"), drag_mode(None)
    ('axis', 'plane')
    """
    key = key or ""
    if any(name in key for name in ("control", "ctrl", "cmd")):
        return "turn"
    return "axis" if "shift" in key else "plane"


def view_plane(ax):
    """The unit vectors ``right (3,)``, ``up (3,)`` spanning the plane facing the viewer and
    ``toward (3,)``, from the 3D axes toward the viewer (data coordinates of a cubic view).

    For elev 0, azim -90: right (1, 0, 0), up (0, 0, 1), toward (0, -1, 0).
    """
    elev, azim = np.radians(ax.elev), np.radians(ax.azim)
    toward = np.array([np.cos(elev) * np.cos(azim), np.cos(elev) * np.sin(azim), np.sin(elev)])
    right = np.array([-np.sin(azim), np.cos(azim), 0.0])
    up = np.cross(toward, right)
    return right, up, toward


def to_pixels(ax, points):
    """Display pixels ``(k, 2)`` of data points ``(k, 3)`` drawn in the 3D axes ``ax``."""
    points = np.atleast_2d(points)
    x, y, _z = proj3d.proj_transform(points[:, 0], points[:, 1], points[:, 2], ax.get_proj())
    return ax.transData.transform(np.column_stack([x, y]))


class GripperDrag:
    """One drag of the gripper, from the press to the release.

    Parameters
    ----------
    ax : Axes3D
        The 3D view (its view must not change during the drag).
    robot : robosim.Robot
        The robot planned with (its limits: the calibrated ones while a calibration is used).
    q : array_like (n,)
        The pose when the drag started (API units).
    pixel : (float, float)
        Where the pointer was pressed (display pixels).
    checker : robosim.collision.Checker or None
        Poses it finds colliding are refused.

    Attributes
    ----------
    start_q, q : ndarray (n,)
        The pose before the drag and the last good pose.
    collision : robosim.collision.Collisions or None
        What ``checker`` found at ``q`` once the drag moved the arm (None before, or without
        a checker): the drawing of ``q`` takes it instead of checking the pose again.
    start_pose : ndarray (4, 4)
        The tool's pose when the drag started.
    """

    def __init__(self, ax, robot, q, pixel, checker=None):
        self.ax, self.robot, self.checker = ax, robot, checker
        self.start_q = np.array(q, dtype=float)
        self.q = self.start_q.copy()
        self.collision = None
        self.start_pose = robot.fk(self.start_q)
        self.axes = "position" if robot.n < 6 else "pose"
        self._mode = None            # the kind of motion of the last pointer position
        self._last_pixel = np.asarray(pixel, dtype=float)
        self._anchor(self._last_pixel)

    def _anchor(self, pixel):
        """Start the motion afresh at ``pixel`` from the last good pose: the tool's pose, the
        drawn view plane and base axes there, and no turn yet."""
        self._anchor_pixel = np.asarray(pixel, dtype=float)
        self._anchor_pose = self.robot.fk(self.q)
        self._turned = 0.0           # radians turned about the tool axis since the anchor
        origin = self._anchor_pose[:3, 3]
        right, up, _toward = view_plane(self.ax)
        drawn = to_pixels(self.ax, np.array([origin, origin + right, origin + up,
                                             origin + [1, 0, 0], origin + [0, 1, 0],
                                             origin + [0, 0, 1]]))
        self._plane = np.column_stack([right, up])                    # (3, 2)
        self._plane_pixels = (drawn[1:3] - drawn[0]).T                # (2, 2) pixels per unit
        self._axis_pixels = drawn[3:] - drawn[0]                      # (3, 2)

    def target(self, pixel, along_axis=False):
        """The tool point's target ``(3,)`` for the pointer at ``pixel`` (display pixels);
        ``along_axis``: only along the base axis drawn closest to the motion."""
        motion = np.asarray(pixel, dtype=float) - self._anchor_pixel
        origin = self._anchor_pose[:3, 3]
        if along_axis:
            lengths = np.linalg.norm(self._axis_pixels, axis=1)
            usable = lengths > 1e-9 * max(lengths.max(), 1.0)
            closeness = np.where(usable, np.abs(self._axis_pixels @ motion)
                                 / np.where(usable, lengths, 1.0), -1.0)
            k = int(np.argmax(closeness))
            step = np.zeros(3)
            step[k] = self._axis_pixels[k] @ motion / lengths[k] ** 2
            return origin + step
        return origin + self._plane @ np.linalg.solve(self._plane_pixels, motion)

    def turn_angle(self, pixel):
        """The turn (radians) about the tool axis for the pointer at ``pixel`` with ctrl held:
        :data:`TURN_DEGREES_PER_PIXEL` per pixel of horizontal motion since the anchor."""
        return np.radians(TURN_DEGREES_PER_PIXEL * (float(pixel[0]) - self._anchor_pixel[0]))

    def follow(self, pixel, key=None):
        """Move toward the pointer at ``pixel`` with the modifier ``key`` held (see
        :func:`drag_mode`): returns ``(q (n,), message)``, the new pose and None, or the last
        good pose and why the new target was refused."""
        mode = drag_mode(key)
        if self._mode is not None and mode != self._mode:
            self._anchor(self._last_pixel)
        self._mode, self._last_pixel = mode, np.asarray(pixel, dtype=float)
        if mode == "turn":
            return self._turn(self.turn_angle(pixel))
        position = self.target(pixel, along_axis=mode == "axis")
        if self.axes == "position":
            return self._reach(position, "position", OUT_OF_REACH)
        goal = self._anchor_pose.copy()       # the orientation as at the anchor
        goal[:3, 3] = position
        return self._reach(goal, "pose", OUT_OF_REACH)

    def _turn(self, angle):
        """Turn to ``angle`` about the anchor's tool axis, in steps of at most
        :data:`TURN_STEP` from the last good turn, stopping at the first refused step."""
        steps = max(1, int(np.ceil(abs(angle - self._turned) / TURN_STEP)))
        for turned in np.linspace(self._turned, angle, steps + 1)[1:]:
            q, message = self._reach(self._anchor_pose @ _turned_about_z(turned), "pose",
                                     CANNOT_TURN)
            if message is not None:
                return q, message
            self._turned = float(turned)
        return self.q, None

    def _reach(self, goal, axes, unreachable):
        """Solve for ``goal`` from the last good pose and keep it if it is good: returns
        ``(q, None)``, or the last good pose and why (``unreachable`` when IK fails or a
        limit is passed)."""
        path = ik.solve_path(self.robot, goal[None], self.q, axes=axes, restarts=0)
        if bool(path.reachable[0]):
            q = path.q[0]
        else:
            result = ik.solve(self.robot, goal, self.q, axes=axes, seeds=0)
            q = np.asarray(result.q, dtype=float)
            if not bool(result.success):
                return self.q, unreachable
        if not self.robot.within_limits(q):
            return self.q, unreachable
        revolute = [joint.is_revolute for joint in self.robot.joints]
        jumps = np.where(revolute, np.abs(q - self.q), 0.0)
        if jumps.max() > MAX_JUMP:
            joint = int(np.argmax(jumps))
            before, after = ik.branch_labels(self.robot, np.array([self.q, q]))
            branch = f" ({before} -> {after})" if before != after else ""
            return self.q, (f"Drag: joint {joint + 1} would jump by "
                            f"{np.degrees(jumps[joint]):.0f} deg{branch}: the arm stays at its "
                            f"last good pose.")
        found = None if self.checker is None else self.checker.check(q)
        if found is not None and bool(found.collides):
            return self.q, (f"Drag stopped before a {found.describe()}: the arm stays at "
                            f"its last good pose.")
        self.q, self.collision = q, found
        return q, None


def _turned_about_z(angle):
    """The homogeneous ``(4, 4)`` turn by ``angle`` radians about z (post-multiplied: about
    the tool's own z axis)."""
    turn = np.eye(4)
    turn[:3, :3] = rotz(angle)
    return turn

"""Dragging the gripper in the simulator's 3D view: pointer pixels to a tool target, IK to a pose.

A press within :data:`PICK_PIXELS` of the drawn tool point starts a :class:`GripperDrag`. Each
pointer position then gives a target for the tool point:

- in the plane facing the viewer through the tool point where the drag started (normal to the
  view direction of the mplot3d axes, from its public ``elev`` and ``azim``), the point of that
  plane drawn under the pointer;
- with shift held, along the one base axis (x, y or z) whose drawn direction is closest to the
  pointer's motion, as far as the motion's component along that drawn direction.

The arm follows by :func:`robosim.ik.solve` from its current pose (``q0``, no restarts, so the
closed forms' nearest-solution rule and the numeric solver keep the branch): the position
for arms of fewer than 6 joints, the whole pose (orientation held as at the press) for 6 or
more. A target out of reach, past a joint limit, onto another branch (a joint jumping by more
than :data:`MAX_JUMP`) or into a collision is refused: the arm stays at the last good pose and
:meth:`GripperDrag.follow` says why.

Pixels map to data with the axes' projection (``ax.get_proj()``, ``proj3d.proj_transform``)
and ``ax.transData``: the two in-plane unit vectors are projected and the pointer's motion is
solved for in their basis (exact for the orthographic view, a first-order approximation for the
perspective one). The view direction in data equals the one from ``elev``/``azim`` because the
simulator draws with cubic limits and a (1, 1, 1) box aspect.

Worked example: seen from the front (elev 0, azim -90) the viewer looks along +y, so a drag
to the right moves the tool point along +x and a drag up along +z; y stays.
"""

import numpy as np
from mpl_toolkits.mplot3d import proj3d

from ... import ik

#: A press this close (display pixels) to the drawn tool point picks the gripper.
PICK_PIXELS = 8.0

#: A step of more than this (radians, any revolute joint) between two pointer positions is a
#: jump to another branch (crossing a singularity smoothly moves the joints little): refused.
MAX_JUMP = np.radians(30.0)

OUT_OF_REACH = ("Drag: the gripper cannot go there (out of reach or past a joint limit): "
                "the arm stays at its last good pose.")


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
    start_pose : ndarray (4, 4)
        The tool's pose when the drag started.
    """

    def __init__(self, ax, robot, q, pixel, checker=None):
        self.ax, self.robot, self.checker = ax, robot, checker
        self.start_q = np.array(q, dtype=float)
        self.q = self.start_q.copy()
        self.start_pose = robot.fk(self.start_q)
        self.start_pixel = np.asarray(pixel, dtype=float)
        self.axes = "position" if robot.n < 6 else "pose"
        origin = self.start_pose[:3, 3]
        right, up, _toward = view_plane(ax)
        drawn = to_pixels(ax, np.array([origin, origin + right, origin + up, origin + [1, 0, 0],
                                        origin + [0, 1, 0], origin + [0, 0, 1]]))
        self._plane = np.column_stack([right, up])                    # (3, 2)
        self._plane_pixels = (drawn[1:3] - drawn[0]).T                # (2, 2) pixels per unit
        self._axis_pixels = drawn[3:] - drawn[0]                      # (3, 2)

    def target(self, pixel, along_axis=False):
        """The tool point's target ``(3,)`` for the pointer at ``pixel`` (display pixels);
        ``along_axis``: only along the base axis drawn closest to the motion."""
        motion = np.asarray(pixel, dtype=float) - self.start_pixel
        origin = self.start_pose[:3, 3]
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

    def follow(self, pixel, along_axis=False):
        """Move toward the pointer at ``pixel``: returns ``(q (n,), message)``, the new pose
        and None, or the last good pose and why the new target was refused."""
        position = self.target(pixel, along_axis)
        if self.axes == "position":
            goal = position
        else:
            goal = self.start_pose.copy()
            goal[:3, 3] = position
        result = ik.solve(self.robot, goal, self.q, axes=self.axes, seeds=0)
        q = np.asarray(result.q, dtype=float)
        if not bool(result.success) or not self.robot.within_limits(q):
            return self.q, OUT_OF_REACH
        revolute = [joint.is_revolute for joint in self.robot.joints]
        jumps = np.where(revolute, np.abs(q - self.q), 0.0)
        if jumps.max() > MAX_JUMP:
            joint = int(np.argmax(jumps))
            before, after = ik.branch_labels(self.robot, np.array([self.q, q]))
            branch = f" ({before} -> {after})" if before != after else ""
            return self.q, (f"Drag: joint {joint + 1} would jump by "
                            f"{np.degrees(jumps[joint]):.0f} deg{branch}: the arm stays at its "
                            f"last good pose.")
        if self.checker is not None:
            found = self.checker.check(q)
            if bool(found.collides):
                return self.q, (f"Drag stopped before a {found.describe()}: the arm stays at "
                                f"its last good pose.")
        self.q = q
        return q, None

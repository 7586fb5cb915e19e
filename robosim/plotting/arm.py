"""The 3D arm as Lodes draws it (seed 004, section III), updated in place pose after pose.

Shapes, per joint ``i`` (its *shape frame* ``S_i`` has the joint axis as z):

- revolute: a cylinder along z from 0 to ``d_i``, radius ``|a_i|``;
- prismatic: a box along z from 0 to ``d_i`` (the joint's variable), ``|a_i|`` wide and deep,
  centred on the axis;
- below a minimum size (a fraction of the robot's reach, so a Puma in metres and a SCARA in
  centimetres both look right) a shape keeps the minimum height, centred on ``d_i / 2``, and the
  minimum width.

Standard DH: ``S_i = F_{i-1} Rz(theta_i)``, so ``F_i = S_i Tz(d_i) Tx(a_i) Rx(alpha_i)`` lies on
the rim of the top of the cylinder. Modified DH: ``S_i = F_i Tz(-d_i)`` (the point after
``Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta_i)``). A dark skeleton line follows the DH chain
``o_{i-1} -> S_i -> S_i Tz(d_i) -> o_i`` so the kinematics stay readable inside wide cylinders.
A base cylinder reaches from the floor of the view to the base frame, and a small gripper sits at
the end effector (tool included) with its fingertips at the end-effector point.

Joint colours in order: red, blue, yellow, orange, purple, gold, army green, cyan, magenta, grey,
then repeat. Axis limits are a fixed cube around the base from the robot's reach, with equal
aspect, so the view does not jump while the arm moves. :meth:`ArmDrawing.set_pose` only changes
the data of existing artists; nothing is cleared or rebuilt.
"""

import numpy as np
from matplotlib.ticker import MaxNLocator

JOINT_COLOURS = ("red", "blue", "yellow", "orange", "purple", "gold", "#4b5320", "cyan",
                 "magenta", "grey")
BASE_COLOUR = "green"
#: Smallest drawn link height, as a fraction of the robot's reach (Lodes: 10 cm, fixed).
MIN_SIZE_FRACTION = 0.06
#: Sides of a drawn cylinder.
SEGMENTS = 16
#: Random configurations sampled to find the reach (seeded: the view is the same every time).
REACH_SAMPLES = 2000
#: Most tick intervals on each axis of the view.
TICKS = 4
#: Points kept in the end-effector trace.
TRACE_LENGTH = 5000


def joint_colour(index):
    """Colour of joint ``index`` (0-based) in Lodes' order."""
    return JOINT_COLOURS[index % len(JOINT_COLOURS)]


def robot_extent(robot):
    """Where the arm can be: ``(radius, z_low, z_high)`` in the robot's length unit.

    ``radius`` is the largest horizontal distance from the base origin, ``z_low``/``z_high``
    the lowest and highest height, of any frame origin or the end effector over the home pose,
    the named poses and :data:`REACH_SAMPLES` random configurations inside the limits (fixed
    seed, so the view is the same on every call).
    """
    q = np.vstack([robot.home, *robot.poses.values(),
                   robot.random_q(REACH_SAMPLES, rng=np.random.default_rng(0))])
    frames = robot.fk_all(q)
    points = np.concatenate([frames[:, :, :3, 3], (frames[:, -1] @ robot.tool)[:, None, :3, 3]],
                            axis=1).reshape(-1, 3)
    origin = robot.base[:3, 3]
    radius = float(np.hypot(*(points[:, :2] - origin[:2]).T).max())
    return radius, float(min(points[:, 2].min(), origin[2])), float(points[:, 2].max())


def _unit_cylinder(segments):
    """Quads ``(3 * segments, 4, 3)`` of a cylinder of radius 1 from z = 0 to z = 1.

    Sides, then top and bottom caps as fans of degenerate quads (centre, p_k, p_k+1, p_k+1), so
    every face has four corners and the collection stays one uniform array.
    """
    angle = np.linspace(0.0, 2.0 * np.pi, segments + 1)
    ring = np.stack([np.cos(angle), np.sin(angle)], axis=-1)
    p0, p1 = ring[:-1], ring[1:]
    zeros, ones = np.zeros((segments, 1)), np.ones((segments, 1))
    centre = np.zeros((segments, 2))
    sides = np.stack([np.hstack([p0, zeros]), np.hstack([p1, zeros]),
                      np.hstack([p1, ones]), np.hstack([p0, ones])], axis=1)
    caps = [np.stack([np.hstack([centre, z]), np.hstack([p0, z]), np.hstack([p1, z]),
                      np.hstack([p1, z])], axis=1) for z in (ones, zeros)]
    return np.concatenate([sides, *caps])


def _unit_box():
    """Quads ``(6, 4, 3)`` of a box from -1 to 1 in x and y, 0 to 1 in z."""
    corners = np.array([[x, y, z] for z in (0, 1) for y in (-1, 1) for x in (-1, 1)], float)
    faces = [(0, 1, 3, 2), (4, 5, 7, 6), (0, 1, 5, 4), (2, 3, 7, 6), (0, 2, 6, 4), (1, 3, 7, 5)]
    return corners[np.array(faces)]


def _rotz(angles):
    """Homogeneous rotations about z ``(n, 4, 4)``."""
    c, s = np.cos(angles), np.sin(angles)
    out = np.zeros(np.shape(angles) + (4, 4))
    out[..., 0, 0], out[..., 0, 1], out[..., 1, 0], out[..., 1, 1] = c, -s, s, c
    out[..., 2, 2] = out[..., 3, 3] = 1.0
    return out


def _apply(transforms, points):
    """Points ``(..., 3)`` mapped by transforms broadcast against them ``(..., 4, 4)``."""
    return (np.einsum("...ij,...j->...i", transforms[..., :3, :3], points)
            + transforms[..., :3, 3])


class ArmDrawing:
    """The arm's artists in a 3D axes, and :meth:`set_pose` to move them.

    Parameters
    ----------
    ax : mpl_toolkits.mplot3d.Axes3D
    robot : robosim.Robot
    q : array_like (n,), optional
        First pose (default: home).
    """

    def __init__(self, ax, robot, q=None):
        from mpl_toolkits.mplot3d.art3d import Poly3DCollection

        self.ax = ax
        self.robot = robot
        joints = robot.joints
        self._revolute = robot.revolute
        self._offset = np.array([j.offset for j in joints])
        self._theta = np.array([j.theta for j in joints])
        self._d = np.array([j.d for j in joints])
        radius, z_low, z_high = robot_extent(robot)
        self.size = max(2 * radius, z_high - z_low) or 1.0
        self.min_size = MIN_SIZE_FRACTION * self.size
        ax.computed_zorder = False  # the skeleton and markers stay visible inside the shapes
        self._set_limits(z_low, z_high)

        cylinder, box = _unit_cylinder(SEGMENTS), _unit_box()
        unit, owner, colours = [], [], []
        for i, joint in enumerate(joints):
            width = max(abs(joint.a), self.min_size / 2)
            shape = cylinder if joint.is_revolute else box
            unit.append(shape * [width, width, 1.0])
            owner.append(np.full(len(shape), i))
            colours += [joint_colour(i)] * len(shape)
        self._unit = np.concatenate(unit)              # (F, 4, 3), z in [0, 1]
        self._owner = np.concatenate(owner)            # joint of each face
        self.links = Poly3DCollection(np.zeros((len(self._unit), 4, 3)), facecolors=colours,
                                      edgecolors="0.25", linewidths=0.3, alpha=0.55, zorder=1)
        ax.add_collection3d(self.links)

        self.skeleton, = ax.plot([], [], [], color="0.15", lw=2.0, zorder=3)
        self.gripper, = ax.plot([], [], [], color=BASE_COLOUR, lw=3.0, zorder=3)
        self.end_marker, = ax.plot([], [], [], "o", color="black", ms=4, zorder=4)
        self.frame_axes = [ax.plot([], [], [], color=c, lw=1.2, zorder=3, visible=False)[0]
                           for c in ("red", "green", "blue")]
        self.trace, = ax.plot([], [], [], color="black", lw=1.5, zorder=2, visible=False)
        self.path, = ax.plot([], [], [], color="black", lw=1.0, ls="--", zorder=2)
        self.path_bad, = ax.plot([], [], [], "o", color="red", ms=3, zorder=4)
        self._trace_points = np.empty((0, 3))
        self._add_base()
        self.q = self.end_effector = self.frames = self.link_quads = None
        self.set_pose(robot.home if q is None else q)

    # ------------------------------------------------------------------ set-up
    def _set_limits(self, z_low, z_high):
        """Fixed cubic limits: centred on the base axis, spanning where the arm can be."""
        centre = self.robot.base[:3, 3]
        half = 0.55 * self.size + self.min_size
        middle = (z_low + z_high) / 2
        self.floor = middle - half
        self.ax.set_xlim(centre[0] - half, centre[0] + half)
        self.ax.set_ylim(centre[1] - half, centre[1] + half)
        self.ax.set_zlim(self.floor, middle + half)
        self.ax.set_box_aspect((1, 1, 1), zoom=1.15)
        for axis in (self.ax.xaxis, self.ax.yaxis, self.ax.zaxis):
            axis.set_major_locator(MaxNLocator(TICKS))  # readable tick labels that do not touch
        unit = self.robot.unit
        self.ax.set_xlabel(f"x ({unit})")
        self.ax.set_ylabel(f"y ({unit})")
        self.ax.set_zlabel(f"z ({unit})")

    def _add_base(self):
        """The base cylinder: default link radius, from the floor up to the base frame."""
        from mpl_toolkits.mplot3d.art3d import Poly3DCollection

        origin = self.robot.base[:3, 3]
        height = origin[2] - self.floor
        quads = _unit_cylinder(SEGMENTS) * [self.min_size / 2, self.min_size / 2, height]
        self.base_quads = quads + [origin[0], origin[1], self.floor]
        self.base = Poly3DCollection(self.base_quads, facecolors=BASE_COLOUR, edgecolors="0.25",
                                     linewidths=0.3, alpha=0.9, zorder=0)
        self.ax.add_collection3d(self.base)

    @property
    def moving_artists(self):
        """Artists that change with the pose (what an animation frame redraws)."""
        return [self.links, self.skeleton, self.gripper, self.end_marker, *self.frame_axes,
                self.trace, self.path, self.path_bad]

    # ------------------------------------------------------------------ updates
    def shape_frames(self, q, frames):
        """Shape frames ``S_i`` ``(n, 4, 4)`` and link heights ``d_i`` ``(n,)`` for pose ``q``."""
        d = np.where(self._revolute, self._d, q + self._offset)
        if self.robot.convention == "standard":
            theta = np.where(self._revolute, q + self._offset, self._theta)
            return frames[:-1] @ _rotz(theta), d
        down = np.broadcast_to(np.eye(4), (len(d), 4, 4)).copy()
        down[:, 2, 3] = -d
        return frames[1:] @ down, d

    def set_pose(self, q, passed=None):
        """Move every moving artist to pose ``q`` ``(n,)`` (API units).

        ``passed`` ``(k, n)``: poses the arm went through since the last one drawn (frames an
        animation skipped); only the end-effector trace shows them.
        """
        q = self.robot.check_q(q)
        frames = self.robot.fk_all(q)
        end = frames[-1] @ self.robot.tool
        shapes, d = self.shape_frames(q, frames)
        height = np.maximum(np.abs(d), self.min_size)
        z0 = d / 2 - height / 2
        local = self._unit.copy()
        local[..., 2] = z0[self._owner, None] + height[self._owner, None] * local[..., 2]
        self.link_quads = _apply(shapes[self._owner, None], local)
        self.links.set_verts(self.link_quads)

        tops = _apply(shapes, np.stack([np.zeros_like(d), np.zeros_like(d), d], axis=-1))
        chain = np.stack([shapes[:, :3, 3], tops, frames[1:, :3, 3]], axis=1).reshape(-1, 3)
        _set_line(self.skeleton, np.vstack([frames[0, :3, 3], chain, end[:3, 3]]))
        _set_line(self.gripper, self._gripper_points(end))
        _set_line(self.end_marker, end[None, :3, 3])
        self.q, self.end_effector, self.frames = q.copy(), end, frames
        if self.frame_axes[0].get_visible():
            self._update_frame_axes()
        if self.trace.get_visible():
            points = [end[None, :3, 3]]
            if passed is not None and len(passed):
                points.insert(0, self.robot.fk(passed)[:, :3, 3])
            self._trace_points = np.vstack([self._trace_points, *points])[-TRACE_LENGTH:]
            _set_line(self.trace, self._trace_points)

    def _gripper_points(self, end):
        """A two-finger gripper whose fingertips meet the end-effector point, NaN-separated."""
        g = 1.2 * self.min_size
        h = g / 2
        nan = [np.nan] * 3
        local = np.array([[0, 0, -2 * g], [0, 0, -g], nan, [0, -h, -g], [0, h, -g], nan,
                          [0, -h, -g], [0, -h / 3, 0], nan, [0, h, -g], [0, h / 3, 0]])
        return _apply(end, local)

    def _update_frame_axes(self):
        """x, y, z axes (red, green, blue) of frames 0..n and of the end effector."""
        frames = np.concatenate([self.frames, self.end_effector[None]])
        set_frame_axes(self.frame_axes, frames, 1.5 * self.min_size)

    def show_frames(self, visible):
        """Show or hide the DH frames' axes."""
        for line in self.frame_axes:
            line.set_visible(visible)
        if visible:
            self._update_frame_axes()

    def show_trace(self, visible):
        """Start (from the current end-effector point) or stop and erase the trace."""
        self.trace.set_visible(visible)
        self._trace_points = self.end_effector[None, :3, 3].copy() if visible else np.empty((0, 3))
        _set_line(self.trace, self._trace_points)

    def set_path(self, points, bad=None):
        """Draw a path ``(N, 3)``, points where ``bad`` is True in red; None removes it."""
        if points is None:
            points = np.empty((0, 3))
        points = np.asarray(points, dtype=float).reshape(-1, 3)
        _set_line(self.path, points)
        bad = np.zeros(len(points), bool) if bad is None else np.asarray(bad, bool)
        _set_line(self.path_bad, points[bad])

    def link_vertices(self, joint):
        """Corners ``(M, 3)`` of the shape drawn for ``joint`` (0-based), as last set."""
        return self.link_quads[self._owner == joint].reshape(-1, 3)

    def drawn_end_effector(self):
        """The end-effector point ``(3,)`` as the end marker artist holds it (for checks)."""
        return np.array([c[0] for c in self.end_marker.get_data_3d()], dtype=float)


def _set_line(line, points):
    """Set a Line3D's data from points ``(N, 3)``."""
    line.set_data_3d(points[:, 0], points[:, 1], points[:, 2])


def set_frame_axes(lines, frames, length):
    """Draw the axes of ``frames`` ``(F, 4, 4)`` with three Line3D ``lines`` (x, y, z): one
    segment of ``length`` per frame from its origin along each axis, NaN-separated."""
    origins = frames[:, :3, 3]
    gaps = np.full_like(origins, np.nan)
    for column, line in enumerate(lines):
        tips = origins + length * frames[:, :3, column]
        _set_line(line, np.stack([origins, tips, gaps], axis=1).reshape(-1, 3))


def arm_figure(robot, q=None, figsize=(8.0, 6.0), dpi=100):
    """A stand-alone figure (no pyplot, no window) of ``robot`` at ``q`` (default home)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=figsize, dpi=dpi)
    ax = fig.add_subplot(projection="3d")
    drawing = ArmDrawing(ax, robot, q)
    ax.set_title(robot.name)
    fig.drawing = drawing
    return fig


def save_arm_png(robot, q, path):
    """Render ``robot`` at ``q`` (API units; None for home) to a PNG file, atomically."""
    import io

    from ..library import atomic_write_bytes

    buffer = io.BytesIO()
    arm_figure(robot, q).savefig(buffer, format="png")
    atomic_write_bytes(path, buffer.getvalue())
    return path

"""The 3D arm, drawn in one of two styles and updated in place pose after pose.

**links** (the default): each DH link as a slim solid along its real geometry, from frame origin
to frame origin (:func:`robosim.kinematics.link_corners`: along ``z`` by ``d``, along ``x`` by
``a``), a short housing on each joint axis (a cylinder for a revolute joint, a box the link slides
through for a prismatic one), a pedestal, and a two-finger gripper that opens and closes. Sizes
are fractions of the robot's size (:attr:`ArmDrawing.size`), so a Puma in metres and a SCARA in
centimetres look alike.

**lodes**: Lodes' shapes (section III). Per joint ``i``, in its *shape frame* ``S_i``
(the joint axis as z): a revolute joint is a cylinder along z from 0 to ``d_i`` of radius
``|a_i|``; a prismatic one a box from 0 to ``d_i`` (the joint's variable), ``|a_i|`` wide and
deep. Below a minimum size (a fraction of the robot's size) a shape keeps the minimum height,
centred on ``d_i / 2``, and the minimum width. Standard DH: ``S_i = F_{i-1} Rz(theta_i)``, so
``F_i = S_i Tz(d_i) Tx(a_i) Rx(alpha_i)`` lies on the rim of the top of the cylinder. Modified
DH: ``S_i = F_i Tz(-d_i)``. A dark skeleton line follows the DH chain so the kinematics stay
readable inside wide cylinders.

**mesh**: the STL meshes the robot file names (:mod:`robosim.robot_files.meshes`; RoboAnalyzer's CAD
view, RoboAnalyzer), each fixed to its frame and shaded by face normal
(:class:`robosim.plotting.mesh_style.MeshArtist`); a link without a mesh keeps its links-style
solid, a base or gripper without one the pedestal or the drawn gripper. A robot whose file names
meshes opens in this style (:func:`default_style`). When a mesh cannot be read (or the robot
names none) the drawing falls back to the links style and says why in
:attr:`ArmDrawing.style_message`: never a blank view.

All styles: joint colours differ in hue (:data:`JOINT_COLOURS`; red is kept for warnings), the
gripper has its own colour, a floor is drawn at the base
(:func:`robosim.kinematics.floor_height`) and a link that goes below it turns red
(:attr:`ArmDrawing.below_floor` says which). The DH frames (x red, y green, z blue) are labelled
``x0``, ``z0``, ``x1``, ... when shown. Axis limits are a fixed cube framed on where the arm can
reach, with equal aspect, so the view does not jump while the arm moves. :meth:`ArmDrawing.set_pose`
only changes the data of existing artists (``set_verts``, ``set_data_3d``); nothing is cleared or
rebuilt, so a GUI can blit them.
"""

from __future__ import annotations

import colorsys
import os
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from matplotlib.artist import Artist
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator
from mpl_toolkits.mplot3d import Axes3D
from mpl_toolkits.mplot3d.art3d import Line3D
from numpy.typing import ArrayLike

from ..errors import MeshError
from ..collision import Checker, Collisions, Scene
from ..kinematics import floor_height, Robot
from ..kinematics.link_geometry import _below_floor, _link_corners
from ..robot_files import robot_meshes
from .figure_result import FigureResult, keep_figure_attributes
from .mesh_style import MeshArtist

STYLES = ("links", "lodes", "mesh")
DEFAULT_STYLE = "links"


def default_style(robot: Robot) -> str:
    """The style a robot opens in: "mesh" when its file names meshes, else "links"."""
    return "mesh" if getattr(robot, "meshes", None) is not None else DEFAULT_STYLE


def _hue(degrees, saturation=0.78, value=0.86):
    return colorsys.hsv_to_rgb(degrees / 360, saturation, value)


#: Joint colours in order, then repeating: hues 225 (blue), 35 (orange), 275 (violet), 80
#: (yellow-lime), 180 (teal), 320 (magenta), 145 (sea green), 250, 105, 295. The first six are
#: at least 45 degrees of hue apart; none is within 35 degrees of red (below-floor links).
JOINT_COLOURS = tuple(_hue(h) for h in (225, 35, 275, 80, 180, 320, 145, 250, 105, 295))
BASE_COLOUR = "green"
GRIPPER_COLOUR = "0.2"
WARNING_COLOUR = "red"
FLOOR_COLOUR = "0.55"
#: Lodes' smallest drawn link height, as a fraction of the robot's size (Lodes: 10 cm, fixed).
MIN_SIZE_FRACTION = 0.06
#: Links style, as fractions of the robot's size: link radius, housing radius and length,
#: pedestal radius and the pedestal's smallest height (a plate when the base is on the floor).
LINK_RADIUS, HOUSING_RADIUS, HOUSING_LENGTH = 0.014, 0.032, 0.085
PEDESTAL_RADIUS, PEDESTAL_MIN_HEIGHT = 0.06, 0.02
#: Gripper: length of the fingers and of the palm, fractions of the robot's size.
GRIPPER_SIZE = 0.072
#: Sides of a drawn cylinder (Lodes' shapes and the base), of a housing, and of a link.
SEGMENTS, HOUSING_SEGMENTS, LINK_SIDES = 16, 12, 6
#: Random configurations sampled to find the reach (seeded: the view is the same every time).
REACH_SAMPLES = 2000
#: Half the side of the view cube, as a fraction of the robot's size, and the axes' zoom: the
#: reach then fills at least 60% of the axes' shorter side in the default view (tested).
VIEW_HALF, VIEW_ZOOM = 0.54, 1.1
#: :meth:`ArmDrawing.fill_view`: the share of the axes' side the reach's sphere spans, and the
#: sides of the floor's disc.
FILL, FLOOR_SIDES = 0.96, 48
#: Most tick intervals on each axis of the view.
TICKS = 4
#: Points kept in the end-effector trace.
TRACE_LENGTH = 5000
#: Length of a highlighted frame's axes, as a fraction of the robot's size.
HIGHLIGHT_LENGTH = 0.16


def joint_colour(index: int | np.integer) -> tuple[float, float, float]:
    """Colour of joint ``index`` (0-based), an RGB tuple; repeats after ten joints."""
    return JOINT_COLOURS[index % len(JOINT_COLOURS)]


def reach_points(robot: Robot) -> np.ndarray:
    """Frame origins and end-effector points ``(M, 3)`` over the home pose, the named poses and
    :data:`REACH_SAMPLES` random configurations inside the limits (fixed seed, so the view is the
    same on every call): where the arm can be."""
    q = np.vstack([robot.home, *robot.poses.values(),
                   robot.random_q(REACH_SAMPLES, rng=np.random.default_rng(0))])
    frames = robot.fk_all(q)
    return np.concatenate([frames[:, :, :3, 3], (frames[:, -1] @ robot.tool)[:, None, :3, 3]],
                          axis=1).reshape(-1, 3)


def reach_box(robot: Robot) -> tuple[np.ndarray, np.ndarray]:
    """The box ``(low (3,), high (3,))`` holding the base origin and :func:`reach_points`."""
    points = np.vstack([reach_points(robot), robot.base[None, :3, 3]])
    return points.min(axis=0), points.max(axis=0)


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


def _segment_frames(starts, ends):
    """Transforms ``(k, 4, 4)`` whose z axis runs from ``starts`` to ``ends`` ``(k, 3)``, scaled
    so that z = 1 is the end (x and y unit length); a zero-length segment gets any axes."""
    axis = ends - starts
    length = np.linalg.norm(axis, axis=-1)
    z = np.where(length[:, None] > 0, axis / np.where(length > 0, length, 1.0)[:, None],
                 [0.0, 0.0, 1.0])
    helper = np.where(np.abs(z[:, [0]]) < 0.9, [1.0, 0.0, 0.0], [0.0, 1.0, 0.0])
    x = np.cross(helper, z)
    x /= np.linalg.norm(x, axis=-1)[:, None]
    y = np.cross(z, x)
    out = np.zeros((len(starts), 4, 4))
    out[:, :3, 0], out[:, :3, 1], out[:, :3, 2] = x, y, z * length[:, None]
    out[:, :3, 3], out[:, 3, 3] = starts, 1.0
    return out


def _shade(colour, factor):
    """``colour`` darkened (factor < 1) or lightened towards white (factor > 1), as RGBA."""
    r, g, b, a = to_rgba(colour)
    rgb = np.array([r, g, b])
    rgb = rgb * factor if factor <= 1 else rgb + (1 - rgb) * (factor - 1)
    return (*np.clip(rgb, 0, 1), a)


class ArmDrawing:
    """The arm's artists in a 3D axes, and :meth:`set_pose` to move them.

    Parameters
    ----------
    ax : mpl_toolkits.mplot3d.Axes3D
    robot : robosim.Robot
    q : array_like (n,), optional
        First pose (default: home).
    style : {"links", "lodes", "mesh"}, optional
        How the links are drawn (module docstring), default :func:`default_style`;
        :meth:`set_style` changes it later.

    Attributes
    ----------
    q, frames, end_effector : ndarray
        The pose drawn ``(n,)``, its frames ``(n + 1, 4, 4)`` and end-effector pose ``(4, 4)``.
    floor : float or None
        Height of the floor (length unit); None for an arm without one.
    below_floor : ndarray (n,) of bool
        Links drawn below the floor (red) in the pose drawn.
    link_quads : ndarray (F, 4, 3)
        The faces of the links' solids as last drawn; ``face_joint`` (F,) says which joint
        (0-based) each belongs to, ``face_is_housing`` (F,) which are joint housings (links
        style; all False in Lodes' style), ``face_colours`` (F, 4) the RGBA each was given
        (the collection's own ``get_facecolor`` returns them sorted by depth).
    size : float
        The robot's size: the longest side of the box its reach spans (:func:`reach_box`).
    mesh : robosim.plotting.mesh_style.MeshArtist
        The robot's meshes (empty without any); drawn in the mesh style only.
    style_message : str or None
        Why the style asked for last could not be drawn (a mesh missing or unreadable), or None.
    """

    def __init__(self, ax: Axes3D, robot: Robot, q: ArrayLike | None = None,
                 style: str | None = None) -> None:
        from mpl_toolkits.mplot3d.art3d import Poly3DCollection

        self.ax = ax
        self.robot = robot
        joints = robot.joints
        self._revolute = robot.revolute
        self._offset = np.array([j.offset for j in joints])
        self._theta = np.array([j.theta for j in joints])
        self._d = np.array([j.d for j in joints])
        low, high = reach_box(robot)
        self.size = float(np.max(high - low)) or 1.0
        self.min_size = MIN_SIZE_FRACTION * self.size
        self.floor = floor_height(robot)
        ax.computed_zorder = False  # the skeleton and markers stay visible inside the shapes
        self._set_limits((low + high) / 2)

        self.links = Poly3DCollection(np.zeros((0, 4, 3)), edgecolors="0.25", linewidths=0.3,
                                      zorder=1)
        ax.add_collection3d(self.links)
        self.skeleton, = ax.plot([], [], [], color="0.15", lw=2.0, zorder=3)
        self.gripper, = ax.plot([], [], [], color=GRIPPER_COLOUR, lw=3.0, zorder=3,
                                solid_capstyle="round")
        self.end_marker, = ax.plot([], [], [], "o", color="black", ms=4, zorder=4)
        self.frame_axes = [ax.plot([], [], [], color=c, lw=1.2, zorder=3, visible=False)[0]
                           for c in ("red", "green", "blue")]
        self.frame_labels = [ax.text(0, 0, 0, f"{axis}{i}", fontsize=7, color=colour,
                                     visible=False, zorder=5, ha="center", va="center")
                             for i in range(robot.n + 1)
                             for axis, colour in (("x", "red"), ("z", "blue"))]
        # one frame drawn bold (the Matrix window's link): x, y, z in red, green, blue
        self.highlight_axes = [ax.plot([], [], [], color=c, lw=3.5, zorder=4, visible=False,
                                       solid_capstyle="round")[0]
                               for c in ("red", "green", "blue")]
        self.highlighted: int | None = None
        self.trace, = ax.plot([], [], [], color="black", lw=1.5, zorder=2, visible=False)
        self.path, = ax.plot([], [], [], color="black", lw=1.0, ls="--", zorder=2)
        self.path_bad, = ax.plot([], [], [], "o", color="red", ms=3, zorder=4)
        self._trace_points = np.empty((0, 3))
        self.closed = 0.0
        self._add_floor()
        self.base = Poly3DCollection(np.zeros((0, 4, 3)), facecolors=BASE_COLOUR,
                                     edgecolors="0.25", linewidths=0.3, alpha=0.9, zorder=0)
        ax.add_collection3d(self.base)
        self._add_meshes()
        # set by set_style below, which draws the first pose
        self.style: str
        self.q: np.ndarray
        self.end_effector: np.ndarray
        self.frames: np.ndarray
        self.link_quads: np.ndarray
        self.below_floor = np.zeros(robot.n, dtype=bool)
        self.colliding = np.zeros(robot.n, dtype=bool)
        self.warned = np.zeros(robot.n, dtype=bool)
        self.collisions = Checker(robot)
        self.collision: Collisions | None = None
        self.set_style(default_style(robot) if style is None else style,
                       q=robot.home if q is None else q)

    # ------------------------------------------------------------------ set-up
    def _set_limits(self, centre):
        """Fixed cubic limits: a cube around ``centre`` (3,) a little larger than the reach."""
        half = VIEW_HALF * self.size
        self._view_bottom = centre[2] - half
        self.ax.set_xlim(centre[0] - half, centre[0] + half)
        self.ax.set_ylim(centre[1] - half, centre[1] + half)
        self.ax.set_zlim(self._view_bottom, centre[2] + half)
        self.ax.set_box_aspect((1, 1, 1), zoom=VIEW_ZOOM)
        for axis in (self.ax.xaxis, self.ax.yaxis, self.ax.zaxis):
            axis.set_major_locator(MaxNLocator(TICKS))  # readable tick labels that do not touch
        unit = self.robot.unit
        self.ax.set_xlabel(f"x ({unit})")
        self.ax.set_ylabel(f"y ({unit})")
        self.ax.set_zlabel(f"z ({unit})")

    def _add_meshes(self) -> None:
        """Load the robot's meshes once (:attr:`mesh`); a failure is kept for
        :attr:`style_message`."""
        self._mesh_problem: str | None = None
        self.style_message: str | None = None
        try:
            placed = robot_meshes(self.robot)
        except MeshError as exc:
            placed, self._mesh_problem = [], str(exc)
        if not placed and self._mesh_problem is None:
            self._mesh_problem = f"{self.robot.name}'s robot file names no meshes"

        def colour_of(part):
            if part.name == "base":
                return BASE_COLOUR
            if part.name == "gripper":
                return GRIPPER_COLOUR
            return _shade(joint_colour(part.frame - 1), 1.15)

        self.mesh = MeshArtist(self.ax, placed, self.robot.n, colour_of)
        frames = {p.frame for p in placed}
        self._meshed_links = np.array([i + 1 in frames for i in range(self.robot.n)])
        self._meshed_base, self._meshed_gripper = 0 in frames, -1 in frames

    def _add_floor(self):
        """A translucent square at the floor's height, as wide as the view (none without one)."""
        from mpl_toolkits.mplot3d.art3d import Poly3DCollection

        (x0, x1), (y0, y1) = self.ax.get_xlim(), self.ax.get_ylim()
        corners = ([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]] if self.floor is not None
                   else np.zeros((0, 4, 2)))
        self._set_floor(np.array(corners, dtype=float))
        self.floor_plane = Poly3DCollection(self.floor_quads, facecolors=FLOOR_COLOUR,
                                            edgecolors="none", alpha=0.25, zorder=-1)
        self.ax.add_collection3d(self.floor_plane)

    def _set_floor(self, corners):
        """The floor's quads from their corners ``(k, 4, 2)`` in x, y, at the floor's height."""
        self.floor_quads = np.concatenate(
            [corners, np.full(np.shape(corners)[:2] + (1,), self.floor or 0.0)], axis=-1)

    def fill_view(self) -> None:
        """Make the arm's reach fill the axes, seen from any side: for a view of the arm alone
        (the simulator's), where the cube of :meth:`__init__` leaves the arm at home a few
        percent of the axes (the 3D box is zoomed to keep its corners, ticks and labels
        inside the axes from every side, and the reach is a ball inside the cube).

        The view becomes orthographic, so the ball around the reach (:func:`reach_points`
        and the base, about the middle of their box) is a disc of the same size from every
        side; the box is zoomed until that disc spans :data:`FILL` of the axes' side. The
        axes' panes, ticks and labels, which would lie outside, are hidden (the readout gives
        the numbers), and the floor becomes the disc where the ball meets it.
        """
        from mpl_toolkits.mplot3d import proj3d

        ax = self.ax
        centre = np.array([np.mean(ax.get_xlim()), np.mean(ax.get_ylim()),
                           np.mean(ax.get_zlim())])
        points = np.vstack([reach_points(self.robot), self.robot.base[None, :3, 3]])
        radius = float(np.max(np.linalg.norm(points - centre, axis=1))) or 1.0
        ax.set_proj_type("ortho")
        ax.set_axis_off()
        ax.set_box_aspect((1, 1, 1), zoom=1.0)
        # the disc's diameter as a share of the axes' side at zoom 1: two points a radius
        # apart across the view, projected (orthographic: the share grows with the zoom)
        azim = np.radians(ax.azim)
        across = centre + radius * np.array([-np.sin(azim), np.cos(azim), 0.0])
        x, y, _ = proj3d.proj_transform(*np.column_stack([centre, across]), ax.get_proj())
        (x0, _), (x1, _) = ax.transAxes.inverted().transform(
            ax.transData.transform(np.column_stack([x, y])))
        ax.set_box_aspect((1, 1, 1), zoom=FILL / (2 * abs(x1 - x0)))
        if self.floor is not None:
            ring = radius ** 2 - (self.floor - centre[2]) ** 2
            floor_radius = np.sqrt(ring) if ring > 0 else radius
            angle = np.linspace(0.0, 2 * np.pi, FLOOR_SIDES + 1)
            rim = centre[:2] + floor_radius * np.column_stack([np.cos(angle), np.sin(angle)])
            fan = [[centre[:2], rim[k], rim[k + 1], rim[k + 1]] for k in range(FLOOR_SIDES)]
            self._set_floor(np.array(fan))
            self.floor_plane.set_verts(self.floor_quads)

    @property
    def base_quads(self) -> np.ndarray:
        """The base: a pedestal from the floor to the base frame (a plate if the base is on
        the floor; from the bottom of the view for an arm without a floor): Lodes' cylinder of
        the minimum link radius, or in the links style a wider one. It never goes through
        the floor (or the Lynx6's table on it)."""
        origin = self.robot.base[:3, 3]
        if self.style == "mesh" and self._meshed_base:
            return np.zeros((0, 4, 3))
        radius = self.min_size / 2 if self.style == "lodes" else PEDESTAL_RADIUS * self.size
        bottom = self._view_bottom if self.floor is None else self.floor
        bottom = min(bottom, origin[2] - PEDESTAL_MIN_HEIGHT * self.size)
        quads = _unit_cylinder(SEGMENTS) * [radius, radius, origin[2] - bottom]
        return quads + [origin[0], origin[1], bottom]

    def set_style(self, style: str, q: ArrayLike | None = None) -> None:
        """Draw the links in ``style`` ("links", "lodes" or "mesh") from now on; redraws pose
        ``q`` (default: the pose drawn).

        "mesh" for a robot whose meshes cannot be read (or that names none) draws the links
        style instead and says why in :attr:`style_message` (None when the style was drawn).
        """
        if style not in STYLES:
            raise ValueError(f"style must be one of {', '.join(STYLES)}, got {style!r}")
        self.style_message = None
        if style == "mesh" and not len(self.mesh):
            self.style_message = f"{self._mesh_problem}: drawn with links instead"
            style = "links"
        self.style = style
        n = self.robot.n
        if style == "lodes":
            cylinder, box = _unit_cylinder(SEGMENTS), _unit_box()
            unit, owner = [], []
            for i, joint in enumerate(self.robot.joints):
                width = max(abs(joint.a), self.min_size / 2)
                shape = cylinder if joint.is_revolute else box
                unit.append(shape * [width, width, 1.0])
                owner.append(np.full(len(shape), i))
            self._unit = np.concatenate(unit)              # (F, 4, 3), z in [0, 1]
            self.face_joint = np.concatenate(owner)
            self.face_is_housing = np.zeros(len(self.face_joint), dtype=bool)
            colours = [to_rgba(joint_colour(i)) for i in self.face_joint]
            alpha = 0.55
        else:
            housings, owner, colours = [], [], []
            radius, length = HOUSING_RADIUS * self.size, HOUSING_LENGTH * self.size
            for i, joint in enumerate(self.robot.joints):
                shape = (_unit_cylinder(HOUSING_SEGMENTS) if joint.is_revolute
                         else _unit_box() * [0.8, 0.8, 1.0])
                # The first joint's housing stands on the base; the others straddle the joint.
                shape = shape * [radius, radius, length] - [0, 0, 0 if i == 0 else length / 2]
                housings.append(shape)
                owner.append(np.full(len(shape), i))
                colours += [_shade(joint_colour(i), 0.75)] * len(shape)
            self._housings = np.concatenate(housings)      # (H, 4, 3) in the shape frames
            self._housing_owner = np.concatenate(owner)
            self._link_prism = _unit_cylinder(LINK_SIDES)[:LINK_SIDES] * [
                LINK_RADIUS * self.size, LINK_RADIUS * self.size, 1.0]
            # Pieces: two per link (start -> corner -> end), then the tool (to the gripper).
            piece_owner = np.append(np.repeat(np.arange(n), 2), n - 1)
            self.face_joint = np.concatenate(
                [self._housing_owner, np.repeat(piece_owner, LINK_SIDES)])
            self.face_is_housing = np.arange(len(self.face_joint)) < len(self._housing_owner)
            colours += [_shade(joint_colour(i), 1.15) for i in np.repeat(piece_owner, LINK_SIDES)]
            alpha = 1.0
        # The mesh style keeps the links style's solids of the links without a mesh.
        self._kept_faces = ~self._meshed_links[self.face_joint] if style == "mesh" else None
        if self._kept_faces is not None:
            self.face_joint = self.face_joint[self._kept_faces]
            self.face_is_housing = self.face_is_housing[self._kept_faces]
            colours = [c for c, kept in zip(colours, self._kept_faces, strict=True) if kept]
        self._colours = np.array(colours).reshape(-1, 4)
        self._colours[:, 3] = alpha
        self.face_colours = self._colours
        self.links.set_facecolor(self._colours)
        self.links.set_alpha(None)
        self.skeleton.set_visible(style == "lodes")
        self.gripper.set_visible(not (style == "mesh" and self._meshed_gripper))
        if style != "mesh":
            self.mesh.clear()
        self.base.set_verts(self.base_quads)
        self.below_floor = np.zeros(n, dtype=bool)
        self.colliding = np.zeros(n, dtype=bool)
        self.warned = np.zeros(n, dtype=bool)
        self._draw_pose(self.robot.check_q(self.q if q is None else q))

    @property
    def moving_artists(self) -> list[Artist]:
        """Artists that change with the pose (what an animation frame redraws)."""
        return [self.links, self.mesh.artist, self.skeleton, self.gripper, self.end_marker,
                *self.frame_axes, *self.frame_labels, *self.highlight_axes, self.trace, self.path,
                self.path_bad]

    # ------------------------------------------------------------------ updates
    def shape_frames(self, q: np.ndarray, frames: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Shape frames ``S_i`` ``(n, 4, 4)`` (joint ``i``'s axis as z, at the point where row
        ``i``'s ``d`` starts) and link heights ``d_i`` ``(n,)`` for pose ``q``."""
        d = np.where(self._revolute, self._d, q + self._offset)
        if self.robot.convention == "standard":
            theta = np.where(self._revolute, q + self._offset, self._theta)
            return frames[:-1] @ _rotz(theta), d
        down = np.broadcast_to(np.eye(4), (len(d), 4, 4)).copy()
        down[:, 2, 3] = -d
        return frames[1:] @ down, d

    def set_pose(self, q: ArrayLike, passed: np.ndarray | None = None,
                 collision: Collisions | None = None) -> None:
        """Move every moving artist to pose ``q`` ``(n,)`` (API units).

        ``passed`` ``(k, n)``: poses the arm went through since the last one drawn (frames an
        animation skipped); only the end-effector trace shows them. ``collision``: what
        :attr:`collisions` found at ``q``, when the caller has checked it already (a gripper
        drag checks every pose it accepts); None: checked here.
        """
        self.set_checked_pose(self.robot.check_q(q), passed, collision)

    def set_checked_pose(self, q: np.ndarray, passed: np.ndarray | None = None,
                         collision: Collisions | None = None) -> None:
        """:meth:`set_pose` of joint values ``q`` ``(n,)`` the caller has checked (a float
        array, as :meth:`robosim.Robot.check_q` returns it: a movie's trajectory, checked once
        as a whole); nothing is checked again."""
        end = self._draw_pose(q, collision)
        if self.trace.get_visible():
            points = [end[None, :3, 3]]
            if passed is not None and len(passed):
                points.insert(0, self.robot.fk(passed)[:, :3, 3])
            self._trace_points = np.vstack([self._trace_points, *points])[-TRACE_LENGTH:]
            _set_line(self.trace, self._trace_points)

    def _draw_pose(self, q, collision=None):
        """Everything but the trace at pose ``q`` (n,), checked by the caller, its collisions
        ``collision`` if known; returns the end-effector pose."""
        frames = self.robot.fk_all(q)
        end = frames[-1] @ self.robot.tool
        shapes, d = self.shape_frames(q, frames)
        corners = None        # the links' pieces: drawn, and checked against the floor
        if self.style == "lodes":
            self.link_quads = self._lodes_quads(shapes, d)
        else:
            corners = _link_corners(self.robot, q, frames)               # (n, 3, 3)
            quads = self._link_quads(frames, shapes, end, corners)
            self.link_quads = quads if self._kept_faces is None else quads[self._kept_faces]
        self.links.set_verts(self.link_quads)
        if collision is not None:
            self.collision = collision
        elif self.collision is None or not np.array_equal(q, self.q):   # (a redraw: as it was)
            self.collision = self.collisions.check_at_frames(q, frames)  # the frames drawn
        self._mark_warnings(_below_floor(self.robot, q, self.floor, frames, corners),
                            self.collisions.links_hit(self.collision))
        if self.style == "mesh":
            self.mesh.update(frames, end, warn=self.warned, warn_colour=WARNING_COLOUR)

        tops = _apply(shapes, np.stack([np.zeros_like(d), np.zeros_like(d), d], axis=-1))
        chain = np.stack([shapes[:, :3, 3], tops, frames[1:, :3, 3]], axis=1).reshape(-1, 3)
        _set_line(self.skeleton, np.vstack([frames[0, :3, 3], chain, end[:3, 3]]))
        _set_line(self.end_marker, end[None, :3, 3])
        self.q, self.end_effector, self.frames = q.copy(), end, frames
        _set_line(self.gripper, self._gripper_points())
        if self.frame_axes[0].get_visible():
            self._update_frame_axes()
        if self.highlighted is not None:
            set_frame_axes(self.highlight_axes, frames[self.highlighted][None],
                           HIGHLIGHT_LENGTH * self.size)
        return end

    def _lodes_quads(self, shapes, d):
        height = np.maximum(np.abs(d), self.min_size)
        z0 = d / 2 - height / 2
        local = self._unit.copy()
        local[..., 2] = z0[self.face_joint, None] + height[self.face_joint, None] * local[..., 2]
        return _apply(shapes[self.face_joint, None], local)

    def _link_quads(self, frames, shapes, end, corners):
        """Housings on the joint axes, then the link pieces (``corners`` ``(n, 3, 3)``:
        :func:`robosim.kinematics.link_corners`) and the tool as slim prisms."""
        housings = _apply(shapes[self._housing_owner, None], self._housings)
        starts = np.vstack([corners[:, :2].reshape(-1, 3), frames[-1, :3, 3]])
        ends = np.vstack([corners[:, 1:].reshape(-1, 3), self._gripper_root(end)])
        pieces = _apply(_segment_frames(starts, ends)[:, None, None], self._link_prism)
        return np.concatenate([housings, pieces.reshape(-1, 4, 3)])

    def _mark_warnings(self, below, colliding):
        """Faces of links below the floor or in a collision in the warning colour (only when
        that changes)."""
        self.below_floor, self.colliding = below, colliding
        warned = below | colliding
        if np.array_equal(warned, self.warned):
            return
        self.warned = warned
        colours = self._colours.copy()
        colours[warned[self.face_joint], :3] = to_rgba(WARNING_COLOUR)[:3]
        self.face_colours = colours
        self.links.set_facecolor(colours)

    def _gripper_root(self, end):
        """Where the gripper's stem starts: behind the end-effector point along its z."""
        return _apply(end, np.array([0.0, 0.0, -2 * GRIPPER_SIZE * self.size]))

    def _gripper_points(self):
        """A stem, a palm and two parallel fingers whose tips are at the end-effector point,
        their gap set by :attr:`closed` (0 open, 1 closed); NaN-separated."""
        g = GRIPPER_SIZE * self.size
        h = g / 2
        gap = h * (1.0 - 0.85 * self.closed)
        nan = [np.nan] * 3
        local = np.array([[0, 0, -2 * g], [0, 0, -g], nan, [0, -h, -g], [0, h, -g], nan,
                          [0, -gap, -g], [0, -gap, 0], nan, [0, gap, -g], [0, gap, 0]])
        return _apply(self.end_effector, local)

    def set_gripper(self, closed: float) -> None:
        """Open (0) or close (1) the gripper, or anything between (a fraction): the drawn
        fingers, and in the mesh style the gripper mesh's fingers, move."""
        self.closed = float(np.clip(closed, 0.0, 1.0))
        _set_line(self.gripper, self._gripper_points())
        self.mesh.set_gripper(self.closed)
        if self.style == "mesh":
            self.mesh.update(self.frames, self.end_effector, warn=self.warned,
                             warn_colour=WARNING_COLOUR)

    def gripper_gap(self) -> float:
        """Distance between the drawn fingers (length unit), read back from the artist."""
        points = np.column_stack(self.gripper.get_data_3d())
        return float(np.linalg.norm(points[6] - points[9]))

    def _update_frame_axes(self):
        """x, y, z axes (red, green, blue) of frames 0..n and of the end effector; labels
        ``x_i`` and ``z_i`` just past the tips of frame i's axes."""
        frames = np.concatenate([self.frames, self.end_effector[None]])
        length = 1.5 * self.min_size
        set_frame_axes(self.frame_axes, frames, length)
        origins = frames[:, :3, 3]
        for k, label in enumerate(self.frame_labels):
            frame, column = divmod(k, 2)
            position = origins[frame] + 1.25 * length * self.frames[frame, :3, 2 * column]
            label.set_position_3d(position)

    def show_frames(self, visible: bool) -> None:
        """Show or hide the DH frames' axes and their labels."""
        for artist in [*self.frame_axes, *self.frame_labels]:
            artist.set_visible(visible)
        if visible:
            self._update_frame_axes()

    def highlight_frame(self, frame: int | None) -> None:
        """Draw frame ``frame`` (0 base .. n) bold, its axes :data:`HIGHLIGHT_LENGTH` of the
        robot's size long, whatever the DH frames toggle says; None: no frame bold."""
        if frame is not None and not 0 <= frame <= self.robot.n:
            raise ValueError(f"frame must be 0 to {self.robot.n} or None, got {frame!r}")
        self.highlighted = frame
        for line in self.highlight_axes:
            line.set_visible(frame is not None)
        if frame is not None:
            set_frame_axes(self.highlight_axes, self.frames[frame][None],
                           HIGHLIGHT_LENGTH * self.size)

    def show_trace(self, visible: bool) -> None:
        """Start (from the current end-effector point) or stop and erase the trace."""
        self.trace.set_visible(visible)
        self._trace_points = self.end_effector[None, :3, 3].copy() if visible else np.empty((0, 3))
        _set_line(self.trace, self._trace_points)

    def set_path(self, points: ArrayLike | None, bad: ArrayLike | None = None) -> None:
        """Draw a path ``(N, 3)``, points where ``bad`` is True in red; None removes it."""
        if points is None:
            points = np.empty((0, 3))
        points = np.asarray(points, dtype=float).reshape(-1, 3)
        _set_line(self.path, points)
        bad = np.zeros(len(points), bool) if bad is None else np.asarray(bad, bool)
        _set_line(self.path_bad, points[bad])

    def link_vertices(self, joint: int) -> np.ndarray:
        """Corners ``(M, 3)`` of the shapes drawn for ``joint`` (0-based), as last set: Lodes'
        shape, or the housing and link pieces (the last joint's with the tool), or its mesh."""
        corners = self.link_quads[self.face_joint == joint].reshape(-1, 3)
        if self.style != "mesh":
            return corners
        mesh = self.mesh.triangles[self.mesh.link_of_face == joint].reshape(-1, 3)
        return np.concatenate([corners, mesh])

    def drawn_end_effector(self) -> np.ndarray:
        """The end-effector point ``(3,)`` as the end marker artist holds it (for checks)."""
        return np.array([c[0] for c in self.end_marker.get_data_3d()], dtype=float)

    def set_scene(self, scene: Scene | None) -> None:
        """Check collisions against ``scene`` (None: :func:`robosim.collision.default_scene`)
        and redraw the pose's warnings."""
        self.collisions, self.collision = Checker(self.robot, scene), None
        self._draw_pose(self.q)

    def hit_message(self) -> str | None:
        """What the drawn pose hits, or None when nothing: the pairs in collision
        ("collision: link 4 (wrist) hits table"), else the links drawn below the floor (on a
        finite obstacle the arm stands on, the Lynx6's table, those past its edge), in the
        words of :meth:`robosim.collision.Checker.hit_message`."""
        return self.collisions.hit_message(self.q, self.collision, self.below_floor)


def _set_line(line, points):
    """Set a Line3D's data from points ``(N, 3)``."""
    line.set_data_3d(points[:, 0], points[:, 1], points[:, 2])


def set_frame_axes(lines: Sequence[Line3D], frames: np.ndarray, length: float) -> None:
    """Draw the axes of ``frames`` ``(F, 4, 4)`` with three Line3D ``lines`` (x, y, z): one
    segment of ``length`` per frame from its origin along each axis, NaN-separated."""
    origins = frames[:, :3, 3]
    gaps = np.full_like(origins, np.nan)
    for column, line in enumerate(lines):
        tips = origins + length * frames[:, :3, column]
        _set_line(line, np.stack([origins, tips, gaps], axis=1).reshape(-1, 3))


@dataclass(frozen=True)
class ArmFigure(FigureResult):
    """What :func:`arm_figure` returns: the ``figure`` and its :class:`ArmDrawing`."""

    drawing: ArmDrawing


def arm_figure(robot: Robot, q: ArrayLike | None = None, figsize: tuple[float, float] = (8.0, 6.0),
               dpi: float = 100, style: str | None = None) -> ArmFigure:
    """A stand-alone figure (no pyplot, no window) of ``robot`` at ``q`` (default home), in
    ``style`` (default :func:`default_style`).

    Returns an :class:`ArmFigure`: ``.figure`` and ``.drawing`` (the :class:`ArmDrawing`, to
    move with ``set_pose``); ``.savefig(path)`` saves it, a notebook shows it. Deprecated (one
    release, :mod:`robosim.plotting.figure_result`): the drawing as ``figure.drawing``.

    >>> import robosim
    >>> shown = arm_figure(robosim.load_robot("Planar 3R"))
    >>> shown.drawing.ax is shown.figure.axes[0]
    True
    """
    fig = Figure(figsize=figsize, dpi=dpi)
    ax = fig.add_subplot(projection="3d")
    drawing = ArmDrawing(ax, robot, q, style=style)
    ax.set_title(robot.name)
    result = ArmFigure(fig, drawing)
    keep_figure_attributes(result)
    return result


def save_arm_png(robot: Robot, q: ArrayLike | None, path: str | os.PathLike[str],
                 style: str | None = None) -> ArmDrawing:
    """Render ``robot`` at ``q`` (API units; None for home) to a PNG file, atomically.

    Returns the :class:`ArmDrawing`: its ``style`` is the style drawn and ``style_message``
    says why, when that is not the one asked for (a mesh that cannot be read).
    """
    import io

    from ..files import atomic_write_bytes

    buffer = io.BytesIO()
    shown = arm_figure(robot, q, style=style)
    shown.savefig(buffer, format="png")
    atomic_write_bytes(path, buffer.getvalue())
    return shown.drawing

"""The arm's STL meshes drawn in a 3D axes, moved with the arm and shaded by face normal.

:class:`MeshArtist` holds every part's triangles (:func:`robosim.robot_files.robot_meshes`: in the
coordinates of the part's frame); :meth:`MeshArtist.update` maps each part by its frame's pose
and only changes the artist's data, so a window can blit it. One artist draws all parts, because
the triangles must be sorted by depth together: mplot3d draws separate collections in a fixed
order (the arm's axes turn ``computed_zorder`` off), so a near link drawn before a far one would
be hidden behind it.

Drawing (:class:`ShadedTriangles`): the triangles are projected with the axes' projection
``ax.M``, those of closed parts that turn away from the viewer are left out (the faces in front
hide them; :func:`robosim.robot_files.closed_surface`), the rest are painted far to near with the
renderer's ``draw_gouraud_triangles`` in one call. A ``Poly3DCollection`` makes a ``Path`` per
triangle and draws them one by one: 110 ms a frame for 18,600 triangles against 45 ms here
(benchmarks/bench_meshes.py, same loaded machine).

Shading: each face's colour is its part's colour times ``AMBIENT + DIFFUSE * |n . l|``, where
``n`` is the face's normal in the world and ``l`` the direction of a light beside the viewer
(from the axes' ``elev`` and ``azim``, so the lit side follows a rotated view). The absolute
value lights both sides alike, so an open part seen from behind still looks solid.

Worked example: a face turned straight at the light (``n . l = 1``) gets the full colour
(``0.35 + 0.65 = 1``); one seen edge-on (``n . l = 0``) gets 35% of it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from matplotlib.artist import Artist
from matplotlib.backend_bases import RendererBase
from matplotlib.colors import to_rgba
from matplotlib.typing import ColorType
from mpl_toolkits.mplot3d import Axes3D
from numpy.typing import ArrayLike

from ..robot_files import PlacedMesh, finger_shifts


#: Share of a part's colour every face gets, and the share that depends on facing the light.
AMBIENT, DIFFUSE = 0.35, 0.65
#: Where the light is, relative to the viewer: this many degrees higher and to the left.
LIGHT_ABOVE, LIGHT_LEFT = 25.0, 30.0


class ShadedTriangles(Artist):
    """Triangles in a 3D axes, one flat colour each, painted far to near.

    :meth:`set_triangles` changes them in place (as ``set_verts`` does for a collection); they
    are projected when drawn, with the projection of the axes' last full draw, so the artist
    can be blitted (``ax.draw_artist``) over a background while the view stays fixed.

    Parameters
    ----------
    cullable : ndarray (F,) of bool
        Faces that may be left out when they turn away from the viewer (closed parts).
    """

    def __init__(self, cullable: ArrayLike, zorder: float = 1) -> None:
        super().__init__()
        self.set_zorder(zorder)
        self._cullable = np.asarray(cullable, dtype=bool)
        self.triangles = np.zeros((len(self._cullable), 3, 3))
        self.colours = np.zeros((len(self._cullable), 4))
        self.drawn_count = 0

    def set_triangles(self, triangles: np.ndarray, colours: np.ndarray) -> None:
        """Triangles ``(F, 3, 3)`` (data coordinates) and their RGBA colours ``(F, 4)``."""
        self.triangles, self.colours = triangles, colours
        self.stale = True

    def projected(self) -> tuple[np.ndarray, np.ndarray]:
        """The faces to paint: 2D corners ``(k, 3, 2)`` in the axes' projected coordinates and
        colours ``(k, 4)``, far to near, back faces of closed parts left out."""
        points = self.triangles.reshape(-1, 3)
        M = self._axes_3d().M
        # einsum, not @: numpy hands (N, 3) @ (3, 3) to a multi-threaded BLAS, which took
        # 46 ms instead of 2 for 60,000 points on a loaded two-core machine.
        homogeneous = np.einsum("ij,kj->ik", points, M[:, :3]) + M[:, 3]
        projected = (homogeneous[:, :3] / homogeneous[:, 3:]).reshape(-1, 3, 3)
        xy = projected[..., :2]
        edge1, edge2 = xy[:, 1] - xy[:, 0], xy[:, 2] - xy[:, 0]
        facing = edge1[:, 0] * edge2[:, 1] - edge1[:, 1] * edge2[:, 0] > 0
        shown = np.flatnonzero(facing | ~self._cullable)
        # Depth: mplot3d's projected z grows away from the viewer; paint the far ones first.
        order = shown[np.argsort(-projected[shown, :, 2].sum(axis=1), kind="stable")]
        return xy[order], self.colours[order]

    def _axes_3d(self) -> Axes3D:
        """The 3D axes the artist was added to (``ax.add_artist``): it projects with them."""
        if not isinstance(self.axes, Axes3D):
            raise TypeError(f"ShadedTriangles draws in a 3D axes (mpl_toolkits.mplot3d.Axes3D), "
                            f"not in {type(self.axes).__name__}")
        return self.axes

    def draw(self, renderer: RendererBase) -> None:
        if not self.get_visible() or not len(self.triangles):
            self.drawn_count = 0
            return
        corners, colours = self.projected()
        self.drawn_count = len(corners)
        if not len(corners):
            return
        renderer.open_group("mesh", self.get_gid())
        gc = renderer.new_gc()
        if self.get_alpha() is not None:
            colours = colours.copy()
            colours[:, 3] *= self.get_alpha()
        axes = self._axes_3d()
        try:
            renderer.draw_gouraud_triangles(gc, corners, np.repeat(colours[:, None], 3, axis=1),
                                            axes.transData.frozen())
        except NotImplementedError:        # a renderer without Gouraud triangles (cairo)
            from matplotlib.collections import PolyCollection

            fallback = PolyCollection(list(corners), facecolors=colours, edgecolors="none",
                                      transform=axes.transData)
            fallback.set_figure(axes.get_figure())
            fallback.draw(renderer)
        gc.restore()
        renderer.close_group("mesh")
        self.stale = False


class MeshArtist:
    """Every part's mesh as one :class:`ShadedTriangles` in ``ax``; :meth:`update` moves and
    shades them.

    Parameters
    ----------
    ax : mpl_toolkits.mplot3d.Axes3D
    placed : list of robosim.robot_files.PlacedMesh
        The parts, in their frames' coordinates (empty: nothing is drawn).
    n_joints : int
    colour_of : callable
        ``colour_of(part)`` gives the colour of a part that names none (any matplotlib colour).

    Attributes
    ----------
    artist : ShadedTriangles
    link_of_face : ndarray (F,) of int
        The joint (0-based) whose link each triangle belongs to; -1 for the base and the
        gripper.
    triangles : ndarray (F, 3, 3)
        The triangles as last drawn (world coordinates, robot length unit).
    closed : float
        How far closed the gripper's fingers are drawn, 0 (open, as the mesh is) to 1
        (:meth:`set_gripper`); each finger slides along the end effector's y axis
        (:func:`robosim.robot_files.finger_shifts`).
    """

    def __init__(self, ax: Axes3D, placed: list[PlacedMesh], n_joints: int,
                 colour_of: Callable[[PlacedMesh], ColorType]) -> None:
        self.ax = ax
        self._local = np.concatenate([p.triangles for p in placed] or [np.zeros((0, 3, 3))])
        self._normals = np.concatenate([p.normals for p in placed] or [np.zeros((0, 3))])
        counts = [len(p.triangles) for p in placed]
        frames = [n_joints + 1 if p.frame == -1 else p.frame for p in placed]
        self.link_of_face = np.repeat(np.array([f - 1 if 1 <= f <= n_joints else -1
                                                for f in frames], dtype=int), counts)
        self._colours = np.repeat(np.array([to_rgba(p.colour or colour_of(p)) for p in placed]
                                           or np.zeros((0, 4))), counts, axis=0)
        ends = np.cumsum(counts)
        #: Each part's slice of the faces and its frame (parts are consecutive).
        self._parts = [(slice(end - count, end), frame)
                       for end, count, frame in zip(ends, counts, frames, strict=True)]
        self.triangles = self._local.copy()
        self.closed = 0.0
        self.artist = ShadedTriangles(np.repeat([p.closed for p in placed], counts).astype(bool))
        ax.add_artist(self.artist)

    def __len__(self):
        return len(self._local)

    def update(self, frames: np.ndarray, end: np.ndarray, warn: ArrayLike | None = None,
               warn_colour: ColorType = "red") -> None:
        """Move the parts to ``frames`` ``(n + 1, 4, 4)`` (``robot.fk_all(q)``) and ``end``
        ``(4, 4)`` (the end effector), and shade them for the current view.

        ``warn`` ``(n,)`` of bool: links drawn in ``warn_colour`` (below the floor).
        """
        poses = np.concatenate([frames, end[None]])
        world = np.empty_like(self._local)
        normals = np.empty_like(self._normals)
        for part, frame in self._parts:
            local = self._local[part]
            if frame == len(poses) - 1 and self.closed:     # the gripper's fingers slide
                local = local.copy()
                local[..., 1] += finger_shifts(local, self.closed)[:, None]
            rotation, origin = poses[frame, :3, :3], poses[frame, :3, 3]
            world[part] = np.einsum("fcj,ij->fci", local, rotation) + origin
            normals[part] = np.einsum("fj,ij->fi", self._normals[part], rotation)
        self.triangles = world
        colours = self._colours.copy()
        if warn is not None and np.any(warn):
            flagged = (self.link_of_face >= 0) & np.asarray(warn)[self.link_of_face]
            colours[flagged, :3] = to_rgba(warn_colour)[:3]
        light = np.abs(np.einsum("fj,j->f", normals, self.light_direction()))
        colours[:, :3] *= (AMBIENT + DIFFUSE * light)[:, None]
        self.artist.set_triangles(world, colours)

    def set_gripper(self, closed: float) -> None:
        """Draw the gripper's fingers ``closed`` (0 open .. 1 closed) from the next
        :meth:`update` on."""
        self.closed = float(np.clip(closed, 0.0, 1.0))

    def fade(self, fraction: float) -> None:
        """Mix every part's colour ``fraction`` (0..1) of the way to white, from now on: pale
        but opaque parts, over which other artists stay readable (translucent triangles would
        show their edges where they overlap)."""
        self._colours[:, :3] += (1.0 - self._colours[:, :3]) * fraction
        colours = self.artist.colours.copy()
        colours[:, :3] += (1.0 - colours[:, :3]) * fraction
        self.artist.set_triangles(self.artist.triangles, colours)

    def clear(self) -> None:
        """Draw nothing (another style is shown)."""
        self.artist.set_triangles(np.zeros((0, 3, 3)), np.zeros((0, 4)))

    def light_direction(self) -> np.ndarray:
        """Unit vector ``(3,)`` towards the light: the viewer's direction turned
        :data:`LIGHT_ABOVE` degrees up and :data:`LIGHT_LEFT` degrees to the left."""
        elev = math.radians(self.ax.elev + LIGHT_ABOVE)
        azim = math.radians(self.ax.azim - LIGHT_LEFT)
        return np.array([math.cos(elev) * math.cos(azim), math.cos(elev) * math.sin(azim),
                         math.sin(elev)])

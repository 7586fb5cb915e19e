"""A scene's obstacles drawn in a 3D axes: boxes, spheres and cylinders as translucent solids.

:func:`obstacle_faces` gives an obstacle's faces as polygons in the world frame (a box's six
sides; a cylinder's sides and its two ends; a sphere's bands of latitude), and
:class:`ObstacleArtists` draws a whole :class:`robosim.collision.Scene` with one
``Poly3DCollection``, updated in place. What the arm stands on (the floor, the Lynx6's table:
:attr:`robosim.collision.Scene.ground`) is left out: the arm drawing shows the floor already.
"""

from __future__ import annotations

import numpy as np
from mpl_toolkits.mplot3d import Axes3D

from ..collision import Obstacle, Scene

OBSTACLE_COLOUR = "#b5651d"
#: Polygons round a cylinder or a sphere (and half as many bands of a sphere's latitude).
ROUND_SIDES = 16


def obstacle_faces(obstacle: Obstacle) -> list[np.ndarray]:
    """The faces of ``obstacle``, each an array ``(k, 3)`` of corners in the world frame.

    A box of 2 x 4 x 6 at (10, 0, 0): six faces, its corners 1, 2 and 3 from the centre:

    >>> box = Obstacle("box", "box", xyz=(10.0, 0.0, 0.0), size=(2.0, 4.0, 6.0))
    >>> faces = obstacle_faces(box)
    >>> len(faces), np.vstack(faces).min(axis=0).tolist(), np.vstack(faces).max(axis=0).tolist()
    (6, [9.0, -2.0, -3.0], [11.0, 2.0, 3.0])
    """
    if obstacle.shape == "box":
        half = np.asarray(obstacle.size) / 2
        signs = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]])
        faces = []
        for axis in range(3):
            others = [a for a in range(3) if a != axis]
            for side in (-1, 1):
                corners = np.empty((4, 3))
                corners[:, axis] = side * half[axis]
                corners[:, others] = signs * half[others]
                faces.append(corners)
    else:
        turn = np.linspace(0.0, 2 * np.pi, ROUND_SIDES + 1)
        if obstacle.shape == "cylinder":
            ring = np.column_stack([obstacle.radius * np.cos(turn),
                                    obstacle.radius * np.sin(turn)])
            low, high = -obstacle.height / 2, obstacle.height / 2
            faces = [np.array([[*ring[k], low], [*ring[k + 1], low], [*ring[k + 1], high],
                               [*ring[k], high]]) for k in range(ROUND_SIDES)]
            faces += [np.column_stack([ring[:-1], np.full(ROUND_SIDES, z)]) for z in (low, high)]
        else:
            up = np.linspace(-np.pi / 2, np.pi / 2, ROUND_SIDES // 2 + 1)
            points = obstacle.radius * np.stack([np.cos(up)[:, None] * np.cos(turn),
                                                 np.cos(up)[:, None] * np.sin(turn),
                                                 np.sin(up)[:, None] + 0 * turn], axis=-1)
            faces = [np.array([points[i, k], points[i, k + 1], points[i + 1, k + 1],
                               points[i + 1, k]])
                     for i in range(len(up) - 1) for k in range(ROUND_SIDES)]
    transform = obstacle.transform
    return [corners @ transform[:3, :3].T + transform[:3, 3] for corners in faces]


class ObstacleArtists:
    """A scene's obstacles in a 3D axes, one ``Poly3DCollection`` updated in place.

    Parameters
    ----------
    ax : mpl_toolkits.mplot3d.Axes3D

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot(projection="3d")
    >>> artists = ObstacleArtists(ax)
    >>> table = Obstacle("table", "box", size=(600.0, 760.0, 25.0), ignore_links=(1,))
    >>> ball = Obstacle("ball", "sphere", xyz=(200.0, 0.0, 50.0), radius=30.0)
    >>> artists.set_scene(Scene((table, ball), "mm"))
    >>> artists.names, len(artists.faces) == ROUND_SIDES * ROUND_SIDES // 2
    (['ball'], True)
    """

    def __init__(self, ax: Axes3D) -> None:
        from mpl_toolkits.mplot3d.art3d import Poly3DCollection

        self.solids = Poly3DCollection([], facecolors=OBSTACLE_COLOUR, edgecolors="0.3",
                                       linewidths=0.3, alpha=0.45, zorder=0)
        ax.add_collection3d(self.solids)
        self.names: list[str] = []
        self.faces: list[np.ndarray] = []

    def set_scene(self, scene: Scene | None) -> None:
        """Draw ``scene``'s obstacles but what the arm stands on (None: none)."""
        shown = [] if scene is None else [o for o in scene.obstacles
                                          if o.name not in ("floor", scene.ground)]
        self.names = [o.name for o in shown]
        self.faces = [face for o in shown for face in obstacle_faces(o)]
        self.solids.set_verts(self.faces)

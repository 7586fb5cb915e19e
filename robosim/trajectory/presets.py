"""The ready-made paths: the paper's worked examples (3D-RAS, section 8), placed for a robot.

:data:`PRESETS` names each path with its formulas and source; :func:`preset_path` evaluates one
and :func:`place_points` moves and scales it into the robot's reachable workspace;
:func:`placed_formulas` writes the formulas of a placed preset, a start for the user's own.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

from .. import checks
from ..errors import ValidationError
from ..kinematics import Robot
from .paths import CartesianPath, path_fits, surface_path, volume_path


@dataclass(frozen=True)
class Preset:
    """A ready-made path: the paper's worked examples (3D-RAS, section 8) and a surface.

    Formulas are in centimetres, as in the paper, and converted to the robot's unit; angles in
    radians. ``notes`` says where the preset departs from the paper and why.

    Examples
    --------
    The weld seam where an upright pipe of radius 8 cm meets a horizontal one of radius 9:
    a closed curve in ``u``.

    >>> seam = PRESETS["weld seam"]
    >>> seam.kind, seam.closed, seam.formulas[0], seam.u_range == (0.0, 2 * math.pi)
    ('volume', True, '25 + 8*cos(u)', True)
    """

    name: str
    description: str
    kind: str                 # "volume" or "surface"
    formulas: tuple           # (x, y, z) in u, v; or (f,) in x1, x2
    u_range: tuple            # volume: u; surface: x2 (the running variable)
    v_range: tuple            # volume: v; surface: x1 (across the curves)
    curves: int
    index: int
    source: str
    notes: str = ""

    @property
    def closed(self) -> bool:
        """Volume presets are closed curves, surface presets open ones."""
        return self.kind == "volume"


_TWO_PI = 2 * math.pi
PRESETS = {preset.name: preset for preset in (
    Preset("hyperbolic paraboloid", "25 closed curves on the paper's 'hyperbolic paraboloid'",
           "volume", ("30 + 10*sin(u)", "30 + 10*cos(u + v)", "18*exp(-v)"),
           (0.0, _TWO_PI), (0.0, 1.0), 25, 12, "3D-RAS, eqs. 25-27, i = 25 curves",
           "u runs over [0, 2 pi] instead of the paper's [0, 6] so that each curve closes."),
    Preset("epicycloid", "the paper's epicycloid, a closed loop at constant height", "volume",
           ("20 + 20*sin(u)*cos(u)", "20 + 20*sin(3*u)*sin(u)", "20 + v"),
           (0.0, math.pi), (0.0, 0.0), 1, 0, "3D-RAS, eqs. 28-30 (i = 70)",
           "The printed x and y repeat every pi: u runs over [0, pi] (the curve once, closed) "
           "instead of [0, 30] (9.5 times round, ending off its start). v is 0 as in the "
           "paper; its i = 70 is a resolution, set here with the number of points."),
    Preset("moebius belt", "the edge of a Moebius belt, twice round before it closes",
           "volume", ("20 + (5 + 0.5*v*cos(0.5*u))*cos(u)",
                      "20 + (5 + 0.5*v*cos(0.5*u))*sin(u)", "20 + 0.5*v*sin(0.5*u)"),
           (0.0, 2 * _TWO_PI), (-4.0, 4.0), 28, 27, "3D-RAS, eqs. 31-33, i = 28 curves",
           "The paper gives u, v in [0, 360]. u is taken in degrees and doubled to [0, 4 pi]: "
           "a curve across the belt returns to its start only after two turns. v in [0, 360] "
           "would make the belt 36 times wider than its radius; v runs over [-4, 4] cm, a belt "
           "4 cm wide. The default curve is the edge (v = 4)."),
    Preset("latitudinal sphere", "a circle of latitude on the paper's sphere", "volume",
           ("20 + 10*cos(u)*cos(v)", "20 + 10*sin(u)*cos(v)", "15 + 15*sin(v)"),
           (0.0, _TWO_PI), (-math.pi / 2, math.pi / 2), 28, 18,
           "3D-RAS, eqs. 34-36, i = 28 curves",
           "The paper gives u, v in [0, 360] degrees: u is [0, 2 pi]; v (the latitude) runs "
           "over [-pi/2, pi/2] so each circle of latitude appears once. As printed, the sphere "
           "is stretched to a radius of 15 cm along z."),
    Preset("weld seam", "the weld where two orthogonal pipes (r1 = 8, r2 = 9 cm) meet",
           "volume", ("25 + 8*cos(u)", "25 + 8*sin(u)", "15 + sqrt(9^2 - 8^2*sin(u)^2)"),
           (0.0, _TWO_PI), (0.0, 0.0), 1, 0,
           "3D-RAS, eqs. 37-39: r1 = 8, r2 = 9 cm, offset (25, 25, 15), i = 32",
           "The upright pipe (r1) meets a horizontal pipe (r2) along x; the seam is the upper "
           "half of their intersection. The paper's i = 32 is a resolution, set here with the "
           "number of points."),
    Preset("saddle", "a curve across a saddle surface z = (x1^2 - x2^2) / 20", "surface",
           ("(x1^2 - x2^2)/20",), (-10.0, 10.0), (-10.0, 10.0), 11, 5,
           "robosim (the paper shows surface paths but gives no formula)",
           "Centred on the origin: placed in the robot's workspace like the others."),
)}

#: Centimetres (the paper's unit) in each length unit.
_PER_CM = {"mm": 10.0, "cm": 1.0, "m": 0.01}
#: Sizes tried, largest first, when the paper's size does not fit the robot.
FIT_SCALES = (1.0, 0.5, 0.25)
#: Random configurations sampled to find where the robot reaches, and the voxel size (as a
#: fraction of the robot's size) of that map.
FIT_SAMPLES = 20_000
FIT_CELLS = 24
#: Points along a preset's path when placing it (at least; more when more are asked for).
FIT_POINTS = 200
#: Candidate places checked with the inverse kinematics, nearest the paper's place first and a
#: quarter of the figure's size apart.
FIT_CANDIDATES = 6


def preset_path(name: str, robot: Robot, points: int = 200, *, curves: int | None = None,
                index: int | None = None) -> CartesianPath:
    """A preset's path, placed where ``robot`` reaches all of it, or saying it does not fit.

    The paper's coordinates (centimetres, converted to the robot's unit) are kept when the robot can
    follow the path there (:func:`path_fits`). Otherwise the whole figure is moved, unchanged, to
    the place nearest the paper's where every point is reachable; failing that it is shrunk (see
    :data:`FIT_SCALES`). :attr:`CartesianPath.message` says which, and ``fits`` is False, with the
    figure at the paper's place, when nothing works.

    Parameters
    ----------
    name : str
        A key of :data:`PRESETS` (case and dashes do not matter).
    robot : Robot
        The arm the path is placed for.
    points : int
        Points along the path.
    curves, index : int, optional
        Override the preset's number of curves and the curve followed.

    Returns
    -------
    CartesianPath

    Examples
    --------
    The UR5 reaches the weld seam where the paper puts it: its first point (``u = 0``) is at
    ``(25 + 8, 25 + 0, 15 + sqrt(9^2 - 0)) = (33, 25, 24)`` cm, in the UR5's metres.

    >>> import robosim
    >>> seam = preset_path("weld seam", robosim.load_robot("UR5"), points=9)
    >>> seam.fits, seam.message, seam.scale
    (True, "at the paper's place (0.16 x 0.16 x 0.04876 m)", 0.01)
    >>> seam.points[0].round(6).tolist()
    [0.33, 0.25, 0.24]
    """
    preset = find_preset(name)
    curves = preset.curves if curves is None else curves
    index = (min(preset.index, curves - 1) if index is None else index)
    raw = _preset_curves(preset, curves, index, points)
    # Placed at a fixed resolution, so the figure does not move when the points change.
    probe = raw if points >= FIT_POINTS else _preset_curves(preset, curves, index, FIT_POINTS)
    unit = _PER_CM[robot.unit]
    offset, scale, fits, message = place_points(robot, probe.points * unit,
                                                keep_place=preset.kind == "volume")
    placed = offset + scale * unit * raw.curves
    notes = [message] + ([raw.message] if raw.message else [])
    return CartesianPath(placed[raw.index], raw.closed, fits, "; ".join(notes), raw.parameter,
                         placed, raw.index, offset, scale * unit, preset.name)


def _preset_curves(preset, curves, index, points):
    """The preset's curves at the paper's place and size (centimetres)."""
    if preset.kind == "volume":
        x, y, z = preset.formulas
        return volume_path(x, y, z, preset.u_range, preset.v_range, points, curves=curves,
                           index=index)
    return surface_path(preset.formulas[0], preset.v_range, preset.u_range, curves, index,
                        points)


def place_points(robot: Robot, points: np.ndarray,
                 keep_place: bool = True) -> tuple[np.ndarray, float, bool, str]:
    """Where to put a figure so that ``robot`` reaches every point of it.

    Parameters
    ----------
    robot : Robot
        The arm the figure is placed for.
    points : ndarray, shape (N, 3)
        The figure at its own place (length unit).
    keep_place : bool
        Try the figure where it is first.

    Returns
    -------
    offset : ndarray (3,)
    scale : float
        The placed figure is ``offset + scale * points``, a path the robot can follow
        (:func:`path_fits`), above the base (the table) if possible; the figure's centre
        moves to a place the robot reaches well (the inside of its workspace, nearest the
        figure's own place), shrunk by the first of :data:`FIT_SCALES` that fits.
    fits : bool
    message : str

    Examples
    --------
    The two-link arm with unit links reaches (1, 1) and (1, 0.5), so the figure stays where it
    is (offset 0, scale 1):

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> offset, scale, fits, message = place_points(arm, np.array([[1, 1, 0], [1, 0.5, 0]]))
    >>> offset.tolist(), scale, fits, message
    ([0.0, 0.0, 0.0], 1.0, True, "at the paper's place (0 x 0.5 x 0 m)")
    """
    unit, points = robot.unit, checks.points(points, "points", path=True)
    low, high = points.min(axis=0), points.max(axis=0)
    centre = (low + high) / 2
    size = " x ".join(f"{v:.4g}" for v in high - low) + f" {unit}"
    if keep_place and path_fits(robot, points)[0]:
        return np.zeros(3), 1.0, True, f"at the paper's place ({size})"
    reaches = _ReachMap(robot)
    sample = points[np.linspace(0, len(points) - 1, min(len(points), 64)).astype(int)]
    # Above the base (the table it stands on) at any size first, then anywhere.
    for allow_below in (False, True):
        for scale in FIT_SCALES:
            for inner in (True, False):
                relative = scale * (sample - centre)
                places = reaches.places_for(relative, centre, inner)
                below = places[:, 2] + relative[:, 2].min() < robot.base[2, 3] - 1e-9
                for place in _spread(places[below == allow_below],
                                     scale * float((high - low).max()) / 4):
                    offset = place - scale * centre
                    if path_fits(robot, offset + scale * points)[0]:
                        return offset, scale, True, _placement_message(
                            robot, place - centre, scale, keep_place, size)
    return (np.zeros(3), 1.0, False,
            f"does not fit {robot.name}'s workspace ({size}, even at {FIT_SCALES[-1]:.0%}): "
            f"drawn where {'the paper puts it' if keep_place else 'its formulas put it'}")


def _spread(places, spacing, count=None):
    """The first of ``places`` and then each next one at least ``spacing`` from all taken,
    up to ``count`` (default :data:`FIT_CANDIDATES`): candidates that fail differently."""
    taken: list[np.ndarray] = []
    for place in places:
        if all(np.linalg.norm(place - other) >= spacing for other in taken):
            taken.append(place)
            if len(taken) == (count or FIT_CANDIDATES):
                break
    return taken


def _placement_message(robot, moved, scale, keep_place, size):
    moved = "(" + ", ".join(f"{v:.4g}" for v in np.round(moved, 9) + 0.0) + f") {robot.unit}"
    if not keep_place:
        return f"placed in {robot.name}'s workspace: moved by {moved}" + (
            f", shrunk to {scale:.0%}" if scale < 1 else "")
    if scale == 1:
        return f"moved by {moved} from the paper's place, which {robot.name} does not reach"
    return (f"shrunk to {scale:.0%} and moved by {moved}: {robot.name} has no room for the "
            f"paper's size ({size})")


class _ReachMap:
    """Voxels well inside the region the end effector reaches (random configurations).

    A voxel counts when it and its six face neighbours hold end-effector positions, so figures
    placed by it keep clear of the workspace's ragged boundary.
    """

    def __init__(self, robot):
        from ..workspace import monte_carlo_workspace  # heavy module: only when placing

        workspace = monte_carlo_workspace(robot, FIT_SAMPLES,
                                          voxel=robot.length_scale / FIT_CELLS)
        occupied = np.pad(workspace.counts[-1] > 0, 1)
        inner = occupied.copy()
        for axis in range(3):
            for shift in (-1, 1):
                inner &= np.roll(occupied, shift, axis=axis)
        self.maps = {True: inner, False: occupied}
        self.origin = workspace.origin - workspace.voxel   # the padding layer
        self.voxel = workspace.voxel

    def places_for(self, relative, target, inner=True):
        """Candidate centres ``(k, 3)`` at which every point of ``relative`` (offsets from the
        figure's centre) falls in a reached voxel (an inner one if ``inner``), nearest
        ``target`` first."""
        reached = self.maps[inner]
        centres = self.origin + (np.argwhere(reached) + 0.5) * self.voxel
        cells = np.floor((centres[:, None, :] + relative[None] - self.origin)
                         / self.voxel).astype(int)
        inside = np.all((cells >= 0) & (cells < reached.shape), axis=-1)
        cells = np.where(inside[..., None], cells, 0)
        good = np.all(inside & reached[cells[..., 0], cells[..., 1], cells[..., 2]], axis=1)
        places = centres[good]
        return places[np.argsort(np.linalg.norm(places - target, axis=1), kind="stable")]


def find_preset(name: str) -> Preset:
    """The preset called ``name`` (case, spaces, dashes and underscores do not matter).

    Examples
    --------
    >>> find_preset("WELD-seam").name
    'weld seam'
    """
    key = "".join(c for c in str(name).lower() if c.isalnum())
    for preset in PRESETS.values():
        if "".join(c for c in preset.name if c.isalnum()) == key:
            return preset
    raise ValidationError(f"no preset called {name!r}; presets: {', '.join(PRESETS)}")


@dataclass(frozen=True)
class PlacedFormulas:
    """The formula text and ranges that draw a preset as placed for a robot.

    ``kind`` is "surface" (``formulas`` = ``(z,)`` of ``x1, x2``; ``ranges`` = the x1 and x2
    ranges) or "volume" (``formulas`` = ``(x, y, z)`` of ``u, v``; ``ranges`` = the u and v
    ranges). :func:`robosim.trajectory.surface_path` or :func:`~robosim.trajectory.volume_path`
    with them (and the preset's curves and index) gives the placed path again.

    Examples
    --------
    The weld seam placed for the UR5 (see :func:`preset_path`) stays at the paper's place and
    is only converted from centimetres to metres:

    >>> import robosim
    >>> seam = preset_path("weld seam", robosim.load_robot("UR5"), points=9)
    >>> placed = placed_formulas(seam)
    >>> placed.kind, placed.formulas[:2]
    ('volume', ('0.01*(25 + 8*cos(u))', '0.01*(25 + 8*sin(u))'))
    """

    kind: str
    formulas: tuple
    ranges: tuple


def placed_formulas(path: CartesianPath) -> PlacedFormulas:
    """The formulas of a preset's path as placed (``offset + scale * the paper's figure``).

    Parameters
    ----------
    path : CartesianPath
        From :func:`preset_path` (its ``name``, ``offset`` and ``scale`` say how it was placed).

    Returns
    -------
    PlacedFormulas
        Numbers written with 6 significant digits; parts that do nothing (an offset of 0, a
        scale of 1) left out.

    Examples
    --------
    The saddle ``z = (x1^2 - x2^2)/20`` moved by (100, 0, 50) and scaled by 10 (centimetres to
    millimetres) is ``z = 50 + 10*(((x1 - 100)/10)^2 - (x2/10)^2)/20``, over x1 and x2 from
    100 - 10*10 = 0 to 200 and from -100 to 100:

    >>> import numpy as np
    >>> from robosim.trajectory import CartesianPath
    >>> path = CartesianPath(np.zeros((1, 3)), False, True, "", np.zeros(1), np.zeros((1, 1, 3)),
    ...                      0, np.array([100.0, 0.0, 50.0]), 10.0, "saddle")
    >>> placed = placed_formulas(path)
    >>> placed.formulas[0]
    '50 + 10*((((x1 - 100)/10)^2 - (x2/10)^2)/20)'
    >>> [list(r) for r in placed.ranges]
    [[0.0, 200.0], [-100.0, 100.0]]
    """
    preset = find_preset(path.name)
    offset, scale = np.asarray(path.offset, dtype=float), float(path.scale)
    if preset.kind == "volume":
        formulas = tuple(_placed(o, scale, formula)
                         for o, formula in zip(offset, preset.formulas, strict=True))
        return PlacedFormulas("volume", formulas, (tuple(preset.u_range),
                                                   tuple(preset.v_range)))
    # z = f(x1, x2) of the placed figure, in the placed x1, x2 (the paper's x1 runs across the
    # curves over v_range, x2 along them over u_range)
    local = {"x1": _local("x1", offset[0], scale), "x2": _local("x2", offset[1], scale)}
    formula = re.sub(r"\b(x1|x2)\b", lambda m: local[m.group(1)], preset.formulas[0])
    ranges = tuple(tuple(float(v) for v in o + scale * np.asarray(r))
                   for o, r in ((offset[0], preset.v_range), (offset[1], preset.u_range)))
    return PlacedFormulas("surface", (_placed(offset[2], scale, formula),), ranges)


def _tiny(value, scale):
    """True for an offset that is zero but for rounding (relative to the figure's scale)."""
    return abs(value) < 1e-9 * max(1.0, abs(scale))


def _placed(offset, scale, text):
    """Formula text of ``offset + scale * (text)``, without the parts that do nothing."""
    scaled = f"({text})" if scale == 1 else f"{scale:.6g}*({text})"
    return scaled if _tiny(offset, scale) else f"{offset:.6g} + {scaled}"


def _local(name, offset, scale):
    """Formula text of the figure's own coordinate at the placed coordinate ``name``:
    ``(name - offset) / scale``."""
    if _tiny(offset, scale):
        shifted = name
    else:
        shifted = f"({name} {'-' if offset > 0 else '+'} {abs(offset):.6g})"
    return shifted if scale == 1 else f"({shifted}/{scale:.6g})"

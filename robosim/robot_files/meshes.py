"""Triangle meshes of an arm's parts: STL files read and written, simplified, and placed.

RoboAnalyzer's "3D CAD Model Importer" (section IV-D) draws each link from an STL file
exported with the link's DH frame as the part's origin; robosim does the same. A robot file may
name a mesh for the base, for each link and for the gripper (:class:`MeshSpec`, read by
:func:`robosim.robot_files.load_robot`); :func:`robot_meshes` loads them, each placed in its frame.

STL (the 3D Systems format every CAD program exports) lists triangles, each with a normal:

- **binary**: an 80-byte header (free text), a little-endian ``uint32`` triangle count, then per
  triangle 12 ``float32`` (normal, three vertices) and a ``uint16`` attribute: 50 bytes. A file
  of ``m`` triangles is exactly ``84 + 50 m`` bytes, which is how one is recognised (a binary
  header may itself begin with the word ``solid``).
- **ASCII**: ``solid NAME``, then per triangle ``facet normal nx ny nz`` / ``outer loop`` /
  three ``vertex x y z`` lines / ``endloop`` / ``endfacet``, and ``endsolid NAME``.

Files from other programs read as those programs' own tests expect (the files of numpy-stl's
and trimesh's test suites, ``tests/faults/test_peer_meshes.py``): keywords in any case
(``FACET NORMAL``), a UTF-8 byte-order mark, several solids in one ASCII file (joined into one
mesh), a binary file whose header begins with ``solid`` and that has a few bytes (fewer than a
record) after its last triangle. A file without triangles is refused: a part needs a surface.

Every file is bounded before anything is allocated for its triangles: at most
:data:`MAX_STL_BYTES` on disk (refused from its size, without reading it) and
:data:`MAX_TRIANGLES` triangles; a binary header's count must match the file's size, so a header
claiming two thousand million triangles is refused from 84 bytes, and an ASCII number token
over :data:`MAX_NUMBER_CHARACTERS` is refused before any array is made. Malformed files raise
:class:`robosim.errors.MeshError` naming the file and the fault (truncated, wrong triangle
count, a vertex that is not a finite number, no triangles at all).

A mesh with more triangles than the drawing can afford is reduced by :func:`simplify` (vertex
clustering, Rossignac and Borrel 1993): vertices in the same cube of a grid merge into their mean
and triangles that lose a corner go.

Worked example (:func:`save_stl`, :func:`load_stl`): a one-triangle binary file is
84 + 50 = 134 bytes; the triangle ``(0, 0, 0), (1, 0, 0), (0, 1, 0)`` turns counter-clockwise
seen from +z, so its normal is ``(0, 0, 1)``.
"""

from __future__ import annotations

import math
import os
import re
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import ArrayLike

from ..errors import MeshError
from ..files import atomic_write_bytes, read_user_bytes
from ..kinematics import Robot, xyzrpy2tr
from ..parsing import DECIMAL_WORDS

#: Largest STL file read (bytes): a binary STL of a million triangles is 50 MB; an ASCII STL
#: takes about 250 bytes a triangle, so 64 MiB holds some 250,000 of them.
MAX_STL_BYTES = 64 << 20
#: Most triangles in one file; the arrays of a million take 100 MB (float64 vertices and normals).
MAX_TRIANGLES = 1_000_000
#: Largest coordinate (file units): beyond it squares overflow float32 and the file is not a
#: part's geometry.
MAX_COORDINATE = 1e9
#: Triangles drawn for a whole arm: the frame budget (40 ms at 1200 x 750 on Agg) holds about
#: 20,000 (benchmarks/bench_meshes.py).
DEFAULT_BUDGET = 20_000
#: A placed mesh larger than this many times the arm's size (or smaller than its reciprocal
#: squared) almost surely has the wrong ``scale``: a part exported in metres for an arm in mm
#: is 1000 times too small, one in mm for an arm in metres 1000 times too large.
SCALE_RATIO = 20.0
_HEADER_BYTES, _TRIANGLE_BYTES = 84, 50
_BINARY_TRIANGLE = np.dtype([("normal", "<f4", (3,)), ("vertices", "<f4", (3, 3)),
                             ("attribute", "<u2")])
#: Longest number token of an ASCII STL: a float written in full takes 25 characters; a token
#: longer than this is not a number, and bounding it keeps the array of tokens small (a vertex
#: written with 8 million digits made the reader ask numpy for 179 GiB, issue 25).
MAX_NUMBER_CHARACTERS = 64
_NUMBER = rb"(\S{1,%d})" % MAX_NUMBER_CHARACTERS
#: Keywords in any case: CAD programs write ``FACET NORMAL`` and ``ENDSOLID`` too.
_FACET = re.compile(rb"facet\s+normal\s+" + rb"\s+".join([_NUMBER] * 3)
                    + rb"\s+outer\s+loop\s+"
                    + rb"\s+".join([rb"vertex\s+" + rb"\s+".join([_NUMBER] * 3)] * 3)
                    + rb"\s+endloop\s+endfacet", re.IGNORECASE)
_FACET_START = re.compile(rb"facet\s+normal", re.IGNORECASE)
#: The ``solid NAME`` and ``endsolid NAME`` lines: a file may hold several solids (CAD exports
#: of assemblies), which are read as one mesh.
_SOLID_LINE = re.compile(rb"^[ \t]*(?:end)?solid\b[^\n]*$", re.IGNORECASE | re.MULTILINE)
_END_SOLID = re.compile(rb"endsolid", re.IGNORECASE)
_BYTE_ORDER_MARK = b"\xef\xbb\xbf"
#: The fixed header of the binary files :func:`save_stl` writes (so a file is reproducible).
HEADER = b"binary STL written by robosim"


def load_stl(path: str | os.PathLike[str]) -> tuple[np.ndarray, np.ndarray]:
    """Read a binary or ASCII STL file.

    Parameters
    ----------
    path : str or Path
        A binary or ASCII STL file.

    Returns
    -------
    triangles : ndarray (m, 3, 3)
        ``triangles[k, j]`` is corner ``j`` of triangle ``k`` (file units, float64).
    normals : ndarray (m, 3)
        Unit normals from the corners' order (counter-clockwise seen from outside, the STL
        rule: :func:`face_normals`); a triangle without area keeps the file's normal, made unit
        length (zero if the file's is zero too).

    Raises
    ------
    MeshError
        The file is missing, not a regular file, larger than :data:`MAX_STL_BYTES`, truncated,
        claims a triangle count its size does not hold, holds no triangle or more than
        :data:`MAX_TRIANGLES`, is not STL, or has a coordinate that is not a finite number
        (or beyond :data:`MAX_COORDINATE`). The message names the file.

    Examples
    --------
    The module's worked example: one triangle turning counter-clockwise seen from +z, saved
    and read back, has the normal (0, 0, 1).

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "one.stl")
    ...     save_stl(path, [[[0, 0, 0], [1, 0, 0], [0, 1, 0]]])
    ...     triangles, normals = load_stl(path)
    >>> triangles.shape, normals.tolist()
    ((1, 3, 3), [[0.0, 0.0, 1.0]])

    See Also
    --------
    save_stl : the inverse.
    simplify : fewer triangles for drawing.
    """
    data = read_user_bytes(path, MeshError, what="STL file", max_bytes=MAX_STL_BYTES)
    text = data[len(_BYTE_ORDER_MARK):] if data.startswith(_BYTE_ORDER_MARK) else data
    if _is_binary(data):
        stored_normals, triangles = _parse_binary(data, path)
    elif text.lstrip()[:5].lower() == b"solid":
        try:
            stored_normals, triangles = _parse_ascii(text, path)
        except MeshError:
            # numpy-stl's binary files begin "solid" and may end with a newline after the
            # last record: binary after all when the size says so, else the ASCII fault.
            if not _is_binary(data, slack=_TRIANGLE_BYTES - 1):
                raise
            stored_normals, triangles = _parse_binary(data, path)
    else:
        stored_normals, triangles = _parse_binary(data, path)   # says what is wrong with it
    if len(triangles) == 0:
        raise MeshError(f"{path}: the STL file holds no triangles")
    with np.errstate(invalid="ignore"):     # NaN compares False: caught by isfinite
        bad = ~(np.isfinite(triangles) & (np.abs(triangles) <= MAX_COORDINATE)).all(axis=(1, 2))
    if bad.any():
        k = int(np.argmax(bad))
        raise MeshError(f"{path}: triangle {k + 1} has a vertex that is not a finite number "
                        f"within +-{MAX_COORDINATE:g}: {triangles[k].tolist()}")
    normals = face_normals(triangles)
    flat = ~normals.any(axis=1)
    if flat.any():
        stored = np.where(np.isfinite(stored_normals[flat]), stored_normals[flat], 0.0)
        length = np.linalg.norm(stored, axis=1, keepdims=True)
        normals[flat] = np.divide(stored, length, out=np.zeros_like(stored), where=length > 0)
    return triangles, normals


def _is_binary(data, slack=0):
    """True when the size is what the header's triangle count needs, plus at most ``slack``
    bytes (less than a record: a newline some writers add)."""
    if len(data) < _HEADER_BYTES:
        return False
    count, = struct.unpack_from("<I", data, 80)
    return 0 <= len(data) - (_HEADER_BYTES + _TRIANGLE_BYTES * count) <= slack


def _parse_binary(data, path):
    """Stored normals ``(m, 3)`` and triangles ``(m, 3, 3)`` of a binary STL, checked first."""
    if len(data) < _HEADER_BYTES:
        raise MeshError(f"{path}: truncated: {len(data)} bytes, and a binary STL has at least "
                        f"{_HEADER_BYTES} (80 of header and a triangle count); an ASCII STL "
                        f"starts with 'solid'")
    count, = struct.unpack_from("<I", data, 80)
    if count > MAX_TRIANGLES:
        raise MeshError(f"{path}: the header claims {count:,} triangles; robosim reads at "
                        f"most {MAX_TRIANGLES:,} (simplify the part in the CAD program)")
    needed = _HEADER_BYTES + _TRIANGLE_BYTES * count
    if len(data) < needed:
        raise MeshError(f"{path}: truncated: the header claims {count:,} triangles, which "
                        f"need {needed:,} bytes, but the file has {len(data):,}")
    if len(data) - needed >= _TRIANGLE_BYTES:      # fewer bytes than a record: padding
        raise MeshError(f"{path}: wrong triangle count: the header claims {count:,} "
                        f"triangles ({needed:,} bytes) but the file has {len(data):,} bytes "
                        f"({(len(data) - _HEADER_BYTES) / _TRIANGLE_BYTES:,.1f} triangles)")
    records = np.frombuffer(data, dtype=_BINARY_TRIANGLE, count=count, offset=_HEADER_BYTES)
    return (records["normal"].astype(float), records["vertices"].astype(float))


def _parse_ascii(data, path):
    """Stored normals ``(m, 3)`` and triangles ``(m, 3, 3)`` of an ASCII STL: every solid of
    the file, keywords in any case."""
    if _END_SOLID.search(data) is None:
        raise MeshError(f"{path}: truncated: an ASCII STL ends with 'endsolid', this one "
                        f"does not")
    body = data
    facets = _FACET.findall(body)
    if len(facets) > MAX_TRIANGLES:
        raise MeshError(f"{path}: {len(facets):,} triangles; robosim reads at most "
                        f"{MAX_TRIANGLES:,} (simplify the part in the CAD program)")
    leftover = _SOLID_LINE.sub(b"", _FACET.sub(b"", body)).split()
    if leftover:
        started = len(_FACET_START.findall(body))
        raise MeshError(f"{path}: wrong triangle count: {started:,} facets start but "
                        f"{len(facets):,} are complete (a facet is 'facet normal', 'outer "
                        f"loop', three 'vertex' lines, 'endloop', 'endfacet'; a number has at "
                        f"most {MAX_NUMBER_CHARACTERS} characters); first stray text: "
                        f"{leftover[0][:40].decode('latin-1')!r}")
    tokens = np.array(facets, dtype=np.bytes_)
    # numpy reads "1_0" as 10, as Python does; ASCII decimal notation has no "_" (the one
    # character numpy takes beyond it: other digits fail, "inf" and "nan" are not finite)
    if b"_" in body and (underscored := np.char.find(tokens, b"_") >= 0).any():
        facet, place = divmod(int(np.argmax(underscored)), 12)
        raise MeshError(f"{path}: facet {facet + 1}: {tokens[facet, place].decode('latin-1')!r} "
                        f"is not a number in {DECIMAL_WORDS}")
    try:
        numbers = tokens.astype(float).reshape(-1, 12)
    except ValueError as exc:
        raise MeshError(f"{path}: a facet holds something that is not a number "
                        f"({str(exc)[:80]})") from None
    return numbers[:, :3], numbers[:, 3:].reshape(-1, 3, 3)


def face_normals(triangles: np.ndarray) -> np.ndarray:
    """Unit normals ``(m, 3)`` of triangles ``(m, 3, 3)`` by the right-hand rule:
    ``(p1 - p0) x (p2 - p0)``, normalised; zero for a triangle without area.

    >>> face_normals(np.array([[[0, 0, 0], [0, 1, 0], [1, 0, 0]]], float))
    array([[ 0.,  0., -1.]])
    """
    cross = np.cross(triangles[:, 1] - triangles[:, 0], triangles[:, 2] - triangles[:, 0])
    length = np.linalg.norm(cross, axis=1, keepdims=True)
    return np.divide(cross, length, out=np.zeros_like(cross), where=length > 0)


def stl_bytes(triangles: ArrayLike, normals: ArrayLike | None = None,
              header: bytes = HEADER) -> bytes:
    """The binary STL of triangles ``(m, 3, 3)`` (float32, as the format stores them).

    ``normals`` ``(m, 3)`` default to :func:`face_normals`; ``header`` is at most 80 bytes and
    must not begin with ``solid`` (readers would take the file for ASCII).

    Examples
    --------
    84 bytes of header and count, then 50 bytes per triangle: 2 triangles make 184 bytes.

    >>> square = [[[0, 0, 0], [1, 0, 0], [1, 1, 0]], [[0, 0, 0], [1, 1, 0], [0, 1, 0]]]
    >>> data = stl_bytes(square)
    >>> len(data), int.from_bytes(data[80:84], "little")
    (184, 2)
    """
    corners = _check_triangles(triangles, "triangles")
    unit_normals = face_normals(corners) if normals is None else np.asarray(normals, float)
    if unit_normals.shape != (len(corners), 3):
        raise MeshError(f"normals must be ({len(corners)}, 3), got {unit_normals.shape}")
    if len(header) > 80 or header.lstrip()[:5].lower() == b"solid":
        raise MeshError(f"a binary STL header is at most 80 bytes and does not begin with "
                        f"'solid', got {header[:90]!r}")
    records = np.zeros(len(corners), dtype=_BINARY_TRIANGLE)
    records["normal"], records["vertices"] = unit_normals, corners
    return (header.ljust(80, b" ") + struct.pack("<I", len(corners)) + records.tobytes())


def save_stl(path: str | os.PathLike[str], triangles: ArrayLike, normals: ArrayLike | None = None,
             ascii: bool = False, name: str = "robosim") -> None:
    """Write triangles ``(m, 3, 3)`` to an STL file, atomically.

    Binary by default (:func:`stl_bytes`: the same triangles always give the same bytes);
    ``ascii=True`` writes the text form, each number with 9 significant digits, enough for a
    float32 to come back exactly. ``normals`` default to :func:`face_normals`.

    See Also
    --------
    load_stl : the inverse.

    Examples
    --------
    The one-triangle file of the module's example: 134 bytes binary; as text, a ``solid``
    with one ``facet``.

    >>> import os, tempfile
    >>> triangle = [[[0, 0, 0], [1, 0, 0], [0, 1, 0]]]
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     save_stl(os.path.join(folder, "one.stl"), triangle)
    ...     save_stl(os.path.join(folder, "one.txt.stl"), triangle, ascii=True, name="one")
    ...     size = os.path.getsize(os.path.join(folder, "one.stl"))
    ...     lines = open(os.path.join(folder, "one.txt.stl")).read().splitlines()
    >>> size, lines[0], lines[1].strip(), lines[-1]
    (134, 'solid one', 'facet normal 0 0 1', 'endsolid one')
    """
    if not ascii:
        atomic_write_bytes(path, stl_bytes(triangles, normals))
        return
    corners = _check_triangles(triangles, "triangles")
    unit_normals = face_normals(corners) if normals is None else np.asarray(normals, float)
    name = re.sub(r"\s+", "_", name) or "robosim"
    lines = [f"solid {name}"]
    for normal, triangle in zip(unit_normals, corners, strict=True):
        lines.append("  facet normal " + " ".join(f"{v:.9g}" for v in normal))
        lines.append("    outer loop")
        lines += ["      vertex " + " ".join(f"{v:.9g}" for v in corner) for corner in triangle]
        lines += ["    endloop", "  endfacet"]
    lines.append(f"endsolid {name}")
    atomic_write_bytes(path, ("\n".join(lines) + "\n").encode("ascii"))


def _check_triangles(triangles: ArrayLike, what: str) -> np.ndarray:
    corners = np.asarray(triangles, dtype=float)
    if corners.ndim != 3 or corners.shape[1:] != (3, 3):
        raise MeshError(f"{what} must be an array (m, 3, 3), got shape {corners.shape}")
    if not 1 <= len(corners) <= MAX_TRIANGLES:
        # load_stl refuses a file without triangles: nothing is written that it would refuse
        raise MeshError(f"{what}: 1 to {MAX_TRIANGLES:,} triangles, got {len(corners):,}")
    if not (np.isfinite(corners) & (np.abs(corners) <= MAX_COORDINATE)).all():
        raise MeshError(f"{what}: every coordinate must be a finite number within "
                        f"+-{MAX_COORDINATE:g}")
    return corners


def closed_surface(triangles: ArrayLike) -> bool:
    """True when triangles ``(m, 3, 3)`` bound a solid with their normals outwards.

    Closed and oriented: each edge is run along as often in one direction as in the other
    (two triangles for a single solid; four where two solids touch along an edge), corners
    being the same point when their coordinates are equal, as CAD exports write them; and the
    enclosed volume (divergence theorem, sum of ``p0 . (p1 x p2)
    / 6``) is positive. Such a part's faces turned away from the viewer are hidden by the
    faces in front, so a drawing may skip them.

    >>> closed_surface(np.array([[[0, 0, 0], [0, 1, 0], [1, 0, 0]], [[0, 0, 0], [1, 0, 0],
    ...     [0, 0, 1]], [[0, 0, 0], [0, 0, 1], [0, 1, 0]], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]]))
    True
    """
    triangles = np.ascontiguousarray(triangles, dtype=float)
    if len(triangles) < 4:
        return False
    keys = triangles.reshape(-1, 3).view(np.dtype((np.void, 24))).ravel()
    _points, corner = np.unique(keys, return_inverse=True)
    corner = corner.reshape(-1, 3).astype(np.int64)
    count = int(corner.max()) + 1
    starts, ends = corner, np.roll(corner, -1, axis=1)
    edges = (starts * count + ends).ravel()
    reverse = (ends * count + starts).ravel()
    if not np.array_equal(np.sort(edges), np.sort(reverse)):
        return False
    volume = np.einsum("ij,ij->", triangles[:, 0],
                       np.cross(triangles[:, 1], triangles[:, 2])) / 6.0
    return bool(volume > 0)


# ---------------------------------------------------------------------------- simplification
#: Cells along the box's longest side tried first by :func:`simplify`'s search, and the most.
_FIRST_CELLS, _MOST_CELLS = 64, 1 << 16
#: The search stops once this fraction of the budget is used (each try costs a sort of 3 m keys).
GOOD_ENOUGH = 0.9


def simplify(triangles: ArrayLike, budget: int) -> tuple[np.ndarray, float]:
    """At most ``budget`` triangles that look like ``triangles`` ``(m, 3, 3)``: vertex clustering.

    The mesh's bounding box is cut into cubes of side ``cell``; the vertices in one cube merge
    into their mean, triangles whose corners fall in fewer than three cubes vanish, and
    duplicates go. The largest number of cubes along the box's longest side that keeps at most
    ``budget`` triangles is found by bisection.

    Parameters
    ----------
    triangles : array_like (m, 3, 3)
        The mesh: three corners per triangle.
    budget : int
        Most triangles wanted, at least 1.

    Returns
    -------
    simplified : ndarray (k, 3, 3)
        ``k <= budget``; the input itself (as float) when ``m <= budget``.
    cell : float
        The cubes' side (0 when nothing was merged). Every merged vertex is the mean of
        vertices in its cube, so it moves by less than ``cell`` along each axis, and the
        bounding box of what is kept lies within the input's.

    Examples
    --------
    Two triangles sharing a long edge, 1 apart, in cubes of side 2 merge into nothing; with
    a budget of 2 nothing is merged:

    >>> quad = np.array([[[0, 0, 0], [10, 0, 0], [10, 1, 0]], [[0, 0, 0], [10, 1, 0], [0, 1, 0]]])
    >>> simplify(quad, 2)[1]
    0.0
    """
    triangles = _check_triangles(triangles, "triangles")
    budget = int(budget)
    if budget < 1:
        raise MeshError(f"the triangle budget must be at least 1, got {budget}")
    if len(triangles) <= budget:
        return triangles, 0.0
    vertices = triangles.reshape(-1, 3)
    low, high = vertices.min(axis=0), vertices.max(axis=0)
    extent = float((high - low).max())
    if extent == 0:
        return triangles[:0], 0.0
    # Bisection on the number of cubes along the longest side: more cubes keep more triangles.
    fewest, most = 1, _MOST_CELLS
    cells = _FIRST_CELLS
    best = (triangles[:0], extent)
    while fewest <= most:
        kept = _cluster(vertices, low, extent / cells)
        if len(kept) <= budget:
            best = (kept, extent / cells)
            if len(kept) >= GOOD_ENOUGH * budget:
                break
            fewest = cells + 1
        else:
            most = cells - 1
        cells = (fewest + most) // 2
    return best


def _cluster(vertices, low, cell):
    """Triangles left when ``vertices`` ``(3m, 3)`` merge per cube of side ``cell``."""
    index = np.floor((vertices - low) / cell).astype(np.int64)
    side = int(index.max()) + 1
    key = (index[:, 0] * side + index[:, 1]) * side + index[:, 2]
    cubes, cluster = np.unique(key, return_inverse=True)
    cluster = cluster.reshape(-1)
    sums = np.zeros((len(cubes), 3))
    np.add.at(sums, cluster, vertices)
    means = sums / np.bincount(cluster, minlength=len(cubes))[:, None]
    corners = cluster.reshape(-1, 3)
    whole = ((corners[:, 0] != corners[:, 1]) & (corners[:, 1] != corners[:, 2])
             & (corners[:, 0] != corners[:, 2]))
    corners = corners[whole]
    ordered = np.sort(corners, axis=1)
    order = np.lexsort(ordered.T[::-1])
    first = np.ones(len(order), dtype=bool)
    first[1:] = (np.diff(ordered[order], axis=0) != 0).any(axis=1)
    return means[corners[np.sort(order[first])]]


# ---------------------------------------------------------------------------- robot meshes
@dataclass(frozen=True)
class MeshSpec:
    """A part's mesh as a robot file names it.

    Parameters
    ----------
    file : str
        The STL file as written in the robot file: relative to ``folder`` unless absolute.
    folder : Path
        The robot file's folder.
    xyz : (3,) float
        Position of the mesh's origin in the part's frame (the robot's length unit).
    rpy : (3,) float
        Its orientation: roll, pitch, yaw about fixed x, y, z (radians; degrees in the file).
    scale : float
        Robot length units per mesh unit (1000 for a mesh in metres on an arm in mm); > 0.
    colour : str or None
        ``"#rrggbb"``; None: the drawing picks the part's colour.

    Examples
    --------
    A forearm drawn in metres on an arm in millimetres (scale 1000), its origin 10 mm up
    the part's z axis:

    >>> spec = MeshSpec("forearm.stl", folder=Path("arm"), xyz=(0.0, 0.0, 10.0), scale=1000.0)
    >>> spec.path.as_posix(), spec.transform[:3, 3].tolist()
    ('arm/forearm.stl', [0.0, 0.0, 10.0])
    """

    file: str
    folder: Path = Path(".")
    xyz: tuple[float, float, float] = (0.0, 0.0, 0.0)
    rpy: tuple[float, float, float] = (0.0, 0.0, 0.0)
    scale: float = 1.0
    colour: str | None = None

    @property
    def path(self) -> Path:
        """The STL file's path (``folder / file``)."""
        return Path(self.folder) / self.file

    @property
    def transform(self) -> np.ndarray:
        """``(4, 4)``: mesh coordinates (after ``scale``) to the part's frame."""
        return xyzrpy2tr(self.xyz, self.rpy)


@dataclass(frozen=True)
class RobotMeshes:
    """The meshes a robot file names: ``base`` (fixed to frame 0), ``links`` (one per joint,
    link ``i`` fixed to DH frame ``i`` as in the dynamics; None for a link without a mesh) and
    ``gripper`` (fixed to the end effector: the last frame times the tool). The gripper's mesh
    is its fingers, drawn open, one on each side of the end effector's xz plane: closing the
    gripper slides them along its y axis (:func:`finger_shifts`).

    Examples
    --------
    A base and a forearm (link 2), nothing drawn for link 1 nor the gripper:

    >>> meshes = RobotMeshes(links=(None, MeshSpec("forearm.stl")), base=MeshSpec("base.stl"))
    >>> [(name, frame, spec.file) for name, frame, spec in meshes.parts()]
    [('base', 0, 'base.stl'), ('link 2', 2, 'forearm.stl')]
    """

    links: tuple[MeshSpec | None, ...]
    base: MeshSpec | None = None
    gripper: MeshSpec | None = None

    def parts(self) -> list[tuple[str, int, MeshSpec]]:
        """``(name, frame, spec)`` of each mesh named: frame 0 is the base, ``i`` link ``i``'s
        frame, ``-1`` the end effector.

        Examples
        --------
        >>> meshes = RobotMeshes(links=(MeshSpec("upper.stl"),), gripper=MeshSpec("hand.stl"))
        >>> [(name, frame) for name, frame, _spec in meshes.parts()]
        [('link 1', 1), ('gripper', -1)]
        """
        named = [("base", 0, self.base)]
        named += [(f"link {i}", i, spec) for i, spec in enumerate(self.links, start=1)]
        named.append(("gripper", -1, self.gripper))
        return [(name, frame, spec) for name, frame, spec in named if spec is not None]


@dataclass(frozen=True)
class PlacedMesh:
    """A part's triangles ready to draw: in its frame's coordinates (robot length unit).

    Attributes
    ----------
    name : str
        ``"base"``, ``"link i"`` or ``"gripper"``.
    frame : int
        Index into ``robot.fk_all(q)`` (0 base, ``i`` link ``i``), or -1 for the end effector.
    triangles : ndarray (k, 3, 3)
    normals : ndarray (k, 3)
    colour : str or None
    closed : bool
        The part is a closed surface with outward normals (:func:`closed_surface`): a drawing
        may leave out its faces turned away from the viewer.

    Examples
    --------
    The Lynx6's first part (see :func:`robot_meshes`): its base, fixed to frame 0, a closed
    surface.

    >>> from robosim import load_robot
    >>> base = robot_meshes(load_robot("Lynx6"))[0]
    >>> base.name, base.frame, base.triangles.shape[1:], base.closed
    ('base', 0, (3, 3), True)
    """

    name: str
    frame: int
    triangles: np.ndarray
    normals: np.ndarray
    colour: str | None = None
    closed: bool = False


def finger_sides(triangles: ArrayLike) -> np.ndarray:
    """Which finger of a gripper mesh each triangle belongs to, from the side of the gripper
    frame's xz plane its corners are on: ``+1`` all on the +y side, ``-1`` all on the -y side,
    ``0`` across the plane (a part that does not slide).

    Parameters
    ----------
    triangles : array_like (k, 3, 3)
        In the gripper's frame (the end effector's).

    Returns
    -------
    ndarray (k,) of int

    Examples
    --------
    A finger on each side of the plane y = 0, and a palm triangle across it:

    >>> finger_sides([[[0, 8, 0], [70, 8, 0], [0, 12, 14]],
    ...               [[0, -8, 0], [70, -8, 0], [0, -12, 14]],
    ...               [[0, -5, 0], [0, 5, 0], [10, 0, 0]]]).tolist()
    [1, -1, 0]
    """
    y = np.asarray(triangles, dtype=float)[..., 1]
    return np.where((y > 0).all(axis=1), 1, np.where((y < 0).all(axis=1), -1, 0))


def finger_shifts(triangles: ArrayLike, closed: float) -> np.ndarray:
    """How far each triangle of a gripper mesh (drawn open) moves along the gripper frame's y
    axis when the gripper is ``closed`` (0 open .. 1 closed): each finger slides toward the
    xz plane by ``closed`` times its inner face's distance from it, so closed fingers touch.

    Parameters
    ----------
    triangles : array_like (k, 3, 3)
        The gripper's mesh in its frame (robot length unit), drawn open.
    closed : float
        0 (open, as drawn) to 1 (closed).

    Returns
    -------
    ndarray (k,)
        The shift of each triangle along y (length unit); 0 for a triangle across the plane.

    Examples
    --------
    A finger whose inner face is 8 mm from the plane moves 4 mm in when half closed:

    >>> finger = [[[0, 8, 0], [70, 8, 0], [0, 12, 14]]]
    >>> finger_shifts(finger, 0.5)
    array([-4.])
    """
    triangles = np.asarray(triangles, dtype=float)
    sides = finger_sides(triangles)
    y = np.abs(triangles[..., 1])
    shifts = np.zeros(len(triangles))
    for side in (1, -1):
        mine = sides == side
        if mine.any():
            shifts[mine] = -side * float(closed) * y[mine].min()
    return shifts


def robot_meshes(robot: Robot, budget: int = DEFAULT_BUDGET) -> list[PlacedMesh]:
    """Load every mesh ``robot`` names, placed in its part's frame, at most ``budget``
    triangles in all.

    Each part's vertices ``v`` (file units) become ``T @ (scale * v)`` with ``T`` its
    :attr:`MeshSpec.transform`. Parts over their share of the budget (in proportion to their
    triangle counts) are simplified (:func:`simplify`).

    Returns
    -------
    list of PlacedMesh
        Empty when the robot names no mesh.

    Raises
    ------
    MeshError
        A file cannot be read (see :func:`load_stl`), a part placed at its ``scale`` is
        more than :data:`SCALE_RATIO` times the arm's size or less than its reciprocal
        squared (the message says which scale would fit), or a part's middle is placed more
        than :data:`SCALE_RATIO` arm sizes from its frame (by ``xyz`` or by the file's own
        coordinates).

    Examples
    --------
    The Lynx6 names a base, five links and a gripper: 1,300 triangles in all. With a budget
    of 650, each part's share is about half its triangles, and simplified it keeps at most
    that:

    >>> from robosim import load_robot
    >>> lynx6 = load_robot("Lynx6")
    >>> [(part.name, part.frame) for part in robot_meshes(lynx6)][::3]
    [('base', 0), ('link 3', 3), ('gripper', -1)]
    >>> sum(len(part.triangles) for part in robot_meshes(lynx6))
    1300
    >>> sum(len(part.triangles) for part in robot_meshes(lynx6, budget=650)) <= 650
    True
    """
    meshes = getattr(robot, "meshes", None)
    if meshes is None:
        return []
    loaded = []
    for name, frame, spec in meshes.parts():
        triangles, normals = load_stl(spec.path)
        _check_scale(robot, name, spec, triangles)
        _check_offset(robot, name, spec, triangles)
        loaded.append((name, frame, spec, triangles, normals))
    total = sum(len(item[3]) for item in loaded)
    placed = []
    for name, frame, spec, triangles, normals in loaded:
        share = max(1, math.floor(budget * len(triangles) / total))
        if len(triangles) > share:
            triangles, _cell = simplify(triangles, share)
            normals = face_normals(triangles)
        transform = spec.transform
        rotation = transform[:3, :3]
        points = spec.scale * triangles @ rotation.T + transform[:3, 3]
        placed.append(PlacedMesh(name, frame, points, normals @ rotation.T, spec.colour,
                                 closed_surface(triangles)))
    return placed


def _check_offset(robot, name, spec, triangles):
    """A part whose middle (of its bounding box) is placed more than :data:`SCALE_RATIO` arm
    sizes from its frame is off the picture: refused, naming the offset and where it comes
    from, ``xyz`` (a mesh at xyz 1e6 was silently not drawn, issue 25) or the file's own
    coordinates (a part modelled 1e6 mm from the CAD origin, issue 36)."""
    corners = triangles.reshape(-1, 3)
    middle = spec.scale * (corners.min(axis=0) + corners.max(axis=0)) / 2
    transform = spec.transform
    offset = float(np.linalg.norm(transform[:3, :3] @ middle + transform[:3, 3]))
    arm = robot.length_scale
    if offset <= SCALE_RATIO * arm:
        return
    own = float(np.linalg.norm(middle))
    cause = ("field 'xyz': is xyz right?" if own <= SCALE_RATIO * arm else
             f"its vertices lie {own:.4g} {robot.unit} from the STL file's origin at scale "
             f"{spec.scale:g}: move the part to its origin in the CAD program, or place it "
             f"back with xyz")
    raise MeshError(f"{spec.path}: the {name}'s mesh is placed {offset:.4g} {robot.unit} from "
                    f"its frame, against an arm of about {arm:.4g} {robot.unit}, so it would be "
                    f"drawn off the picture ({cause})")


def _check_scale(robot, name, spec, triangles):
    size = float(np.ptp(triangles.reshape(-1, 3), axis=0).max()) * spec.scale
    arm = robot.length_scale
    if arm / SCALE_RATIO ** 2 <= size <= SCALE_RATIO * arm:
        return
    suggestion = 10.0 ** round(math.log10(arm / size * spec.scale)) if size > 0 else 1.0
    raise MeshError(f"{spec.path}: the {name}'s mesh spans {size:.4g} {robot.unit} at scale "
                    f"{spec.scale:g}, against an arm of about {arm:.4g} {robot.unit}: is the "
                    f"scale right (perhaps {suggestion:g})?")

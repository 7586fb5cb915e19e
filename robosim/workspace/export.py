"""Saving a forward workspace (:class:`robosim.workspace.result.Workspace`) as data files.

- ``.npz``: the voxel counts of every segment (``counts``, shape ``(segments, nx, ny, nz)``),
  the lattice (``origin``, ``voxel``), the segment names and colours, and the summary as JSON
  text (``summary``); ``numpy.load`` reads it back.
- ``.csv``: one row per occupied voxel and segment: ``segment,name,x,y,z,configurations``,
  the voxel's centre in the robot's unit, world frame, and the configurations of the grid
  counted (a finer one than the cloud's when that was coarse: the summary's ``volume_from``).

Writes are atomic (:func:`robosim.files.atomic_write_bytes`).
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import numpy as np

from ..errors import ValidationError
from ..files import atomic_write_bytes, atomic_write_text
from .result import Workspace

#: File types :func:`save_workspace` writes.
DATA_SUFFIXES = (".npz", ".csv")


def workspace_npz_bytes(result: Workspace) -> bytes:
    """The ``.npz`` file's bytes (compressed).

    Examples
    --------
    The Gantry's box sampled every 10 cm (:class:`~robosim.workspace.result.Workspace`'s
    example): three segments' counts on an 11 x 9 x 9 lattice of 10 cm voxels, read back with
    ``numpy.load``.

    >>> from robosim import load_robot
    >>> from robosim.workspace import JointGrid, forward_workspace
    >>> every_10_cm = JointGrid(tuple(np.arange(0.0, top + 1, 10) for top in (100, 80, 80)))
    >>> ws = forward_workspace(load_robot("Gantry"), every_10_cm, voxel=10.0,
    ...                        volume_from=every_10_cm)
    >>> import io, json
    >>> data = np.load(io.BytesIO(workspace_npz_bytes(ws)))
    >>> data["counts"].shape, float(data["voxel"]), json.loads(str(data["summary"]))["unit"]
    ((3, 11, 9, 9), 10.0, 'cm')
    """
    buffer = io.BytesIO()
    np.savez_compressed(buffer, counts=np.stack(result.counts), origin=result.origin,
                        voxel=np.float64(result.voxel),
                        segment_names=np.array(result.segment_names),
                        colours=np.array(result.colours), summary=json.dumps(result.summary()))
    return buffer.getvalue()


def workspace_csv_text(result: Workspace) -> str:
    """The ``.csv`` file's text: occupied voxel centres per segment with their counts.

    Examples
    --------
    >>> from robosim import Joint, Robot
    >>> from robosim.workspace import forward_workspace, step_grid
    >>> arm = Robot([Joint(a=1.0, name="shoulder"), Joint(a=1.0, name="elbow")], unit="m")
    >>> text = workspace_csv_text(forward_workspace(arm, step_grid(arm, np.radians(30))))
    >>> text.splitlines()[0]
    'segment,name,x,y,z,configurations'
    """
    lines = ["segment,name,x,y,z,configurations"]
    for s, (name, counts) in enumerate(zip(result.segment_names, result.counts,
                                           strict=True), start=1):
        index = np.argwhere(counts)
        centres = result.origin + (index + 0.5) * result.voxel
        label = name.replace(",", " ")
        lines.extend(f"{s},{label},{x:.6g},{y:.6g},{z:.6g},{c}"
                     for (x, y, z), c in zip(centres.tolist(), counts[tuple(index.T)].tolist(),
                                             strict=True))
    return "\n".join(lines) + "\n"


def save_workspace(result: Workspace, path: str | os.PathLike[str]) -> str | os.PathLike[str]:
    """Write ``result`` to ``path`` as ``.npz`` or ``.csv`` (by its suffix); returns the path.

    Examples
    --------
    The Gantry at the 2 x 2 x 2 corners of its box as ``.csv``: a header, then a row per
    occupied voxel of each segment, ``2 + 2 x 2 + 2 x 2 x 2 = 14`` rows. The x carriage's
    first voxel, at (0, 0, 100) cm, counts the ``2 x 2 = 4`` configurations of the other two
    slides. A ``.txt`` is refused.

    >>> import tempfile
    >>> from robosim import load_robot
    >>> from robosim.workspace import JointGrid, forward_workspace
    >>> corners = JointGrid(tuple(np.array([0.0, top]) for top in (100, 80, 80)))
    >>> ws = forward_workspace(load_robot("Gantry"), corners, voxel=10.0, volume_from=corners)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     rows = Path(save_workspace(ws, Path(folder) / "gantry.csv")).read_text().splitlines()
    >>> len(rows), rows[1]
    (15, '1,x carriage,0,0,100,4')
    >>> save_workspace(ws, "gantry.txt")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: gantry.txt: a workspace is saved as .npz or .csv, not .txt
    """
    suffix = Path(path).suffix.lower()
    if suffix == ".npz":
        atomic_write_bytes(path, workspace_npz_bytes(result))
    elif suffix == ".csv":
        atomic_write_text(path, workspace_csv_text(result))
    else:
        raise ValidationError(f"{path}: a workspace is saved as {' or '.join(DATA_SUFFIXES)}, "
                              f"not {suffix or 'a file without a suffix'}")
    return path

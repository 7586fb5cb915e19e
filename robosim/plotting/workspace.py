"""Drawing a forward workspace: the per-segment cloud and the two 2D sections.

Used by the workspace window and by ``robosim workspace --out FILE.png``. The cloud never
scatters more than :data:`robosim.workspace.result.SAMPLE_LIMIT` points: a finer result shows a
representative subsample (:meth:`Workspace.sample`) and the title says so. Sections are images of
the voxel counts (configurations per voxel, log scale; empty voxels left white). Lengths are in
the robot's unit.
"""

from __future__ import annotations

import io
import os
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import LogNorm
from matplotlib.figure import Figure
from mpl_toolkits.mplot3d import Axes3D

from ..files import atomic_write_bytes
from ..workspace.result import SAMPLE_LIMIT, Workspace

#: The cloud's legend is drawn above every cloud. mplot3d numbers the clouds' zorders again at
#: each draw, far to near from just above the axes' (``Axes3D.computed_zorder``: 2.5, 3.5, ...
#: on matplotlib 3.11), which passes a legend's default 5 from the fourth cloud on: the nearest
#: clouds were drawn over the legend's text. 100 stays above any number of segments an arm has.
LEGEND_ZORDER = 100
#: :func:`draw_cloud` with ``legend_outside``: the legend stands right of the cloud's axes,
#: past the z axis's tick labels and label, this many font sizes away (inside the axes' upper
#: left corner it covered the cloud, issue 37).
LEGEND_PAD = 4.5


def cloud_caption(result: Workspace, shown: int, subsampled: bool) -> str:
    """One line saying what the cloud shows: points drawn, configurations, time."""
    what = (f"subsample of {shown:,} points over the occupied voxels" if subsampled
            else f"all {shown:,} points")
    return (f"{result.configurations:,} configurations ({result.method}), {what}, "
            f"{result.elapsed:.2f} s")


def draw_cloud(ax: Axes3D, result: Workspace, limit: int = SAMPLE_LIMIT,
               legend_outside: bool = False) -> str:
    """Scatter each segment's points on the 3D axes ``ax`` in its colour; returns the caption.

    The legend is in the axes' upper left corner, or with ``legend_outside`` right of the
    axes (where the cloud is not: the caller leaves it the room, as the Workspace window does).
    """
    points, subsampled = result.sample(limit)
    for name, colour, cloud in _distinct_segments(result, points):
        ax.scatter(cloud[:, 0], cloud[:, 1], cloud[:, 2], s=2, color=colour, label=name,
                   depthshade=False, linewidths=0)
    lower = np.min([b[0] for b in result.bounds], axis=0)
    upper = np.max([b[1] for b in result.bounds], axis=0)
    centre, half = (lower + upper) / 2.0, max(float((upper - lower).max()) / 2.0, 1e-9)
    for axis, c in zip("xyz", centre, strict=True):
        getattr(ax, f"set_{axis}lim")(c - half, c + half)
        getattr(ax, f"set_{axis}label")(f"{axis} ({result.unit})")
    ax.set_box_aspect((1, 1, 1))
    place = ({"bbox_to_anchor": (1.0, 1.0), "borderaxespad": LEGEND_PAD} if legend_outside
             else {})
    ax.legend(loc="upper left", fontsize="small", markerscale=4, **place).set_zorder(
        LEGEND_ZORDER)
    caption = cloud_caption(result, sum(len(p) for p in points), subsampled)
    ax.set_title(caption, fontsize="small")
    return caption


def _distinct_segments(result, points):
    """``(label, colour, points)`` per distinct cloud: segments sharing one point (a wrist
    rotation moves no origin) are drawn once, in the later segment's colour, labelled with
    both names."""
    drawn: list[tuple[str, str, np.ndarray]] = []
    for s, (name, colour, cloud) in enumerate(zip(result.segment_names, result.colours, points,
                                                  strict=True)):
        if drawn and result.counts[s] is result.counts[s - 1]:
            drawn[-1] = (f"{drawn[-1][0]}, {name}", colour, drawn[-1][2])
        else:
            drawn.append((name, colour, cloud))
    return drawn


def _show_section(ax, image, extent, xlabel, ylabel, title):
    counts = np.ma.masked_equal(image, 0)
    top = max(int(image.max()), 1)
    ax.imshow(counts, origin="lower", extent=extent, cmap="viridis", aspect="equal",
              interpolation="nearest", norm=LogNorm(vmin=1, vmax=max(top, 2)))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize="small")


def draw_section_xy(ax: Axes, result: Workspace, z: float, segment: int = -1) -> None:
    """The horizontal section at height ``z`` of a segment (end effector by default)."""
    image, extent = result.section_xy(z, segment)
    _show_section(ax, image, extent, f"x ({result.unit})", f"y ({result.unit})",
                  f"XY section at z = {z:.4g} {result.unit}")


def draw_section_vertical(ax: Axes, result: Workspace, azimuth: float = 0.0,
                          segment: int = -1) -> None:
    """The vertical section through the base axis at ``azimuth`` (radians from +x)."""
    image, extent = result.section_vertical(azimuth, segment)
    _show_section(ax, image, extent, f"distance from base axis ({result.unit})",
                  f"z ({result.unit})",
                  f"vertical section at {np.degrees(azimuth):.4g} deg from x")


def default_section_height(result: Workspace, segment: int = -1) -> float:
    """The height of the section with the most occupied voxels (world z, robot's unit)."""
    layers = np.count_nonzero(result.counts[segment], axis=(0, 1))
    return float(result.origin[2] + (int(np.argmax(layers)) + 0.5) * result.voxel)


def workspace_figure(result: Workspace, figsize: tuple[float, float] = (12.0, 5.0),
                     dpi: float = 100, z: float | None = None, azimuth: float = 0.0) -> Figure:
    """A figure with the cloud and both sections, without pyplot (works headless)."""
    fig = Figure(figsize=figsize, dpi=dpi, layout="constrained")
    grid = fig.add_gridspec(2, 2, width_ratios=(1.6, 1.0))
    draw_cloud(fig.add_subplot(grid[:, 0], projection="3d"), result)
    draw_section_xy(fig.add_subplot(grid[0, 1]), result,
                    default_section_height(result) if z is None else z)
    draw_section_vertical(fig.add_subplot(grid[1, 1]), result, azimuth)
    fig.suptitle(f"{result.robot_name}: forward workspace", fontsize="medium")
    return fig


def save_workspace_png(result: Workspace, path: str | os.PathLike[str],
                       **options: Any) -> str | os.PathLike[str]:
    """Write :func:`workspace_figure` to a PNG file atomically; returns the path."""
    buffer = io.BytesIO()
    workspace_figure(result, **options).savefig(buffer, format="png")
    atomic_write_bytes(path, buffer.getvalue())
    return path

"""The DH steps drawn: a frame that moves through each elementary motion, and a GIF of it.

RoboAnalyzer's "Visualization of DH Parameters" (Table I) draws a frame at the start
and moves a second one through the chosen parameter's rotation or translation. Here
:class:`DHStepsDrawing` adds to a 3D axes (usually over :class:`robosim.plotting.arm.ArmDrawing`):

- the *moving frame*: x, y, z in red, green and blue, thick, with its axes lettered;
- the frame the current DH row started from, thin (frame i-1);
- ghosts of the DH frames already reached (0, 1, ... and the end effector), faint;
- a dashed line from the row's start to the moving origin, so translations show their length;
- the step in words: ``"joint 2: rotate theta2 = 135 deg about z1"``.

:meth:`DHStepsDrawing.set_step` puts the moving frame part-way through a step and only changes
artists' data, so a window can blit the artists in :attr:`DHStepsDrawing.animated_artists`.
:func:`save_dh_steps_gif` writes the whole sequence as a GIF for slides. Figure API only.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from matplotlib.artist import Artist
from matplotlib.figure import Figure  # noqa: F401 - DHStepsFigure.__init__'s inherited hint
from mpl_toolkits.mplot3d import Axes3D
from numpy.typing import ArrayLike

from .. import checks
from ..dh_steps import MOTIONS, dh_steps, elementary_matrix
from ..errors import RobosimError
from ..files import atomic_write_bytes
from ..kinematics import Robot
from .arm import ArmDrawing, arm_figure, reach_box, set_frame_axes
from .figure_result import FigureResult, keep_figure_attributes

AXIS_COLOURS = ("red", "green", "blue")
#: Length of the drawn frame axes, as a fraction of the arm's drawn size.
AXIS_FRACTION = 0.12
#: Frames of animation per elementary motion in a GIF, and how long it holds its last frame (s).
FRAMES_PER_STEP = 6
END_HOLD = 1.5
GIF_FPS = 8
#: Colours of a GIF frame, and Pillow's fast octree quantizer (``Image.Quantize.FASTOCTREE``
#: from Pillow 9.1; median cut, the default, took 64 ms a frame against 6 ms).
GIF_COLOURS = 128
FAST_OCTREE = 2
#: Opacity of the arm's links under the frames (the application draws them at 0.55).
LINK_ALPHA = 0.15
#: How far the meshes' colours (mesh style) are mixed towards white under the frames.
MESH_FADE = 0.75
#: Scale of the zoomed view's box (mplot3d's default 1 leaves room for tick labels).
ZOOM = 1.6
GIF_FIGSIZE = (6.0, 4.5)
GIF_DPI = 80


class DHStepsDrawing:
    """The DH steps of ``robot`` at ``q`` in the 3D axes ``ax``; :meth:`set_step` moves them.

    Parameters
    ----------
    ax : mpl_toolkits.mplot3d.Axes3D
    robot : robosim.Robot
    q : array_like (n,)
        The pose whose steps are shown (API units).
    length : float, optional
        Length of the drawn axes (robot's length unit); default a fraction of the arm's reach.
    """

    def __init__(self, ax: Axes3D, robot: Robot, q: ArrayLike,
                 length: float | None = None) -> None:
        self.ax = ax
        self.robot = robot
        self.steps = dh_steps(robot, q)
        self.length = length if length is not None else AXIS_FRACTION * _drawn_size(robot)
        self.ghosts = _triad(ax, lw=1.0, alpha=0.35, zorder=5)
        self.start = _triad(ax, lw=1.2, zorder=6)
        self.moving = _triad(ax, lw=3.0, zorder=7)
        self.letters = [ax.text(0, 0, 0, name, color=c, fontsize=9, zorder=8)
                        for name, c in zip("xyz", AXIS_COLOURS, strict=True)]
        self.trail, = ax.plot([], [], [], color="black", lw=1.0, ls="--", zorder=6)
        self.caption = ax.text2D(0.02, 0.97, "", transform=ax.transAxes, fontsize=10,
                                 va="top")
        # set by set_step below: the step shown, how far through it, the moving frame's pose
        self.index: int
        self.fraction: float
        self.frame: np.ndarray
        self.set_step(len(self.steps) - 1, 1.0)

    @property
    def animated_artists(self) -> list[Artist]:
        """Every artist :meth:`set_step` changes (what a blitted frame redraws)."""
        return [*self.ghosts, *self.start, *self.moving, *self.letters, self.trail, self.caption]

    def moving_frame(self, index: int, fraction: float) -> np.ndarray:
        """Pose ``(4, 4)`` of the moving frame ``fraction`` (0..1) of the way through step
        ``index``: the step's rotation or translation scaled by ``fraction``; a base or tool
        transform is applied whole once ``fraction`` reaches 1."""
        step = self.steps[index]
        before = self.steps[index - 1].frame if index else np.eye(4)
        if step.parameter in MOTIONS:
            assert step.value is not None, "only the base and tool steps have no amount"
            return before @ elementary_matrix(step.parameter, fraction * step.value)
        return step.frame if fraction >= 1.0 else before

    def row_start(self, index: int) -> np.ndarray:
        """The frame the row of step ``index`` starts from: frame i-1 (world for the base)."""
        step = self.steps[index]
        if step.parameter == "base":
            return np.eye(4)
        first = next(k for k, s in enumerate(self.steps) if s.joint == step.joint)
        return self.steps[first - 1].frame

    def set_q(self, q: ArrayLike) -> None:
        """Show the steps of pose ``q`` ``(n,)`` from now on, at the step and fraction shown
        (the arm moved while its steps are being shown)."""
        self.steps = dh_steps(self.robot, q)
        self.set_step(self.index, self.fraction)

    def set_step(self, index: int, fraction: float = 1.0) -> None:
        """Show the moving frame ``fraction`` (0..1) of the way through step ``index``."""
        if not 0 <= index < len(self.steps):
            raise RobosimError(f"DH step {index} does not exist: this arm has steps 0 to "
                               f"{len(self.steps) - 1}")
        fraction = min(max(float(fraction), 0.0), 1.0)
        self.index, self.fraction = index, fraction
        self.frame = frame = self.moving_frame(index, fraction)
        start = self.row_start(index)
        reached = [s.frame for k, s in enumerate(self.steps)
                   if k < index and _ends_a_frame(self.steps, k)]
        set_frame_axes(self.ghosts, np.array(reached).reshape(-1, 4, 4), self.length)
        set_frame_axes(self.start, start[None], self.length * 0.8)
        set_frame_axes(self.moving, frame[None], self.length)
        for column, letter in enumerate(self.letters):
            letter.set_position_3d(frame[:3, 3] + 1.15 * self.length * frame[:3, column])
        trail = np.array([start[:3, 3], frame[:3, 3]])
        self.trail.set_data_3d(trail[:, 0], trail[:, 1], trail[:, 2])
        step = self.steps[index]
        where = {"base": "base", "tool": "tool"}.get(step.parameter, f"joint {step.joint}")
        self.caption.set_text(f"{where}: {step.describe(self.robot.unit)}")

    def zoom(self, margin: float = 0.5) -> None:
        """Set the view to a cube around every frame the steps pass through, axes included,
        drawn larger than mplot3d's default (which leaves room for tick labels)."""
        frames = np.array([step.frame for step in self.steps] + [np.eye(4)])
        points = np.concatenate([frames[:, :3, 3]]
                                + [frames[:, :3, 3] + self.length * frames[:, :3, c]
                                   for c in range(3)])
        low, high = points.min(axis=0), points.max(axis=0)
        centre, half = (low + high) / 2, (high - low).max() / 2 + margin * self.length
        for axis, middle in zip("xyz", centre, strict=True):
            getattr(self.ax, f"set_{axis}lim")(middle - half, middle + half)
        self.ax.set_box_aspect((1, 1, 1), zoom=ZOOM)

    def timeline(self, frames_per_step: int = FRAMES_PER_STEP,
                 joint: int | None = None) -> list[tuple[int, float]]:
        """``(index, fraction)`` of each animation frame through every step (or through the
        steps of one DH row, ``joint`` 1-based; 0 base, n + 1 tool), ending on a whole step."""
        indices = [k for k, s in enumerate(self.steps) if joint is None or s.joint == joint]
        if not indices:
            raise RobosimError(f"joint {joint} has no DH steps: this arm has joints 1 to "
                               f"{self.robot.n} (0 is the base, {self.robot.n + 1} the tool)")
        fractions = np.linspace(0.0, 1.0, frames_per_step + 1)[1:]
        return [(k, f) for k in indices for f in fractions]


def _triad(ax, **style):
    """Three empty lines in ``ax`` for a frame's x, y and z axes (red, green, blue)."""
    return [ax.plot([], [], [], color=colour, **style)[0] for colour in AXIS_COLOURS]


def _drawn_size(robot):
    """The arm's size as :class:`ArmDrawing` sizes its view."""
    low, high = reach_box(robot)
    return float(np.max(high - low)) or 1.0


def _ends_a_frame(steps, k):
    """True when step ``k`` reaches a named frame: frame 0 (base), frame i (row end), the end."""
    return k + 1 == len(steps) or steps[k + 1].joint != steps[k].joint


@dataclass(frozen=True)
class DHStepsFigure(FigureResult):
    """What :func:`dh_steps_figure` returns: the ``figure``, the faint arm's ``drawing`` and
    the ``dh_steps`` (:class:`DHStepsDrawing`) drawn over it."""

    drawing: ArmDrawing
    dh_steps: DHStepsDrawing


def dh_steps_figure(robot: Robot, q: ArrayLike, figsize: tuple[float, float] = GIF_FIGSIZE,
                    dpi: float = GIF_DPI) -> DHStepsFigure:
    """The arm at ``q`` with its DH steps drawn over it: a :class:`DHStepsFigure` (``.figure``,
    ``.drawing``, ``.dh_steps``; deprecated for one release, see
    :mod:`robosim.plotting.figure_result`: the same as ``figure.drawing`` and
    ``figure.dh_steps``).

    The arm's links (or meshes) are made faint, its base pillar hidden and the axes' panes and
    ticks too, so the frames inside the links show (and a frame draws several times faster
    without tick labels); the view is a cube around the frames (:meth:`DHStepsDrawing.zoom`).
    """
    arm = arm_figure(robot, q, figsize=figsize, dpi=dpi)
    result = DHStepsFigure(arm.figure, arm.drawing, dress_for_dh_steps(arm.drawing, q))
    keep_figure_attributes(result)
    return result


def dress_for_dh_steps(drawing: ArmDrawing, q: ArrayLike) -> DHStepsDrawing:
    """Turn an :class:`~robosim.plotting.arm.ArmDrawing` at ``q`` into the view of its DH
    steps: faint links (or meshes), no base pillar, no panes or ticks, the steps drawn over it
    and the view zoomed to them. Returns the :class:`DHStepsDrawing`."""
    drawing.links.set_alpha(LINK_ALPHA)
    drawing.mesh.fade(MESH_FADE)
    drawing.base.set_visible(False)
    drawing.ax.set_axis_off()
    steps = DHStepsDrawing(drawing.ax, drawing.robot, q)
    steps.zoom()
    return steps


def save_dh_steps_gif(robot: Robot, q: ArrayLike, path: str | os.PathLike[str],
                      frames_per_step: int = FRAMES_PER_STEP, joint: int | None = None,
                      fps: float = GIF_FPS,
                      progress: Callable[[float], object] | None = None) -> int:
    """Write the DH steps of ``robot`` at ``q`` as an animated GIF, atomically.

    Parameters
    ----------
    robot : robosim.Robot
        The arm (either DH convention).
    q : array_like (n,)
        Joint values (API units: rad, length unit).
    path : str or Path
        The GIF to write.
    frames_per_step : int
        Frames for each elementary motion.
    joint : int, optional
        Only this DH row's steps (1-based; 0 base, n + 1 tool); default all.
    fps : float
        Frames per second.
    progress : callable, optional
        ``progress(fraction)`` after each frame (1,500 frames take some 40 s).

    Returns
    -------
    int
        The number of frames rendered. The GIF may store fewer: Pillow merges a frame equal to
        the one before (a step whose value is 0) into it, lengthening its duration, so the
        timing stays. The last frame is held :data:`END_HOLD` seconds longer.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from PIL import Image

    shown = dh_steps_figure(robot, q)
    canvas = FigureCanvasAgg(shown.figure)
    drawing = shown.dh_steps
    timeline = drawing.timeline(frames_per_step, joint)
    progress = checks.callable_or_none(progress, "progress")
    images = []
    for frame, (index, fraction) in enumerate(timeline, start=1):
        drawing.set_step(index, fraction)
        canvas.draw()
        rgba = Image.frombuffer("RGBA", canvas.get_width_height(), canvas.buffer_rgba())
        images.append(rgba.quantize(colors=GIF_COLOURS, method=FAST_OCTREE))
        if progress is not None:
            progress(frame / len(timeline))
    interval = int(round(1000 / fps))
    durations = [interval] * (len(images) - 1) + [interval + int(round(1000 * END_HOLD))]
    buffer = io.BytesIO()
    images[0].save(buffer, format="GIF", save_all=True, append_images=images[1:],
                   duration=durations, loop=0)
    atomic_write_bytes(path, buffer.getvalue())
    return len(images)

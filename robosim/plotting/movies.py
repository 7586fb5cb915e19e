"""Save a joint trajectory as an animated GIF or MP4 of the 3D arm (matplotlib's writers).

The arm is drawn by :class:`robosim.plotting.arm.ArmDrawing` in its own figure (no pyplot,
no window), with the end-effector trace and, if given, the Cartesian path as
:mod:`robosim.plotting.paths` draws it (bad points red, the family of curves grey, the view
widened to hold it).
Frames are taken at equal times so the movie plays at the trajectory's real speed; a long
trajectory gets fewer frames per second rather than more than ``max_frames`` frames.

GIF frames are blitted (:class:`BlittedGifWriter`: the axes, ticks and path are drawn once, each
frame redraws only the arm over them; Pillow, which matplotlib needs, writes the file); MP4 uses
matplotlib's ``FFMpegWriter`` and needs the ``ffmpeg`` program (:func:`mp4_available`). The file is
written under a temporary name in the same folder and renamed when complete, so a failed or
cancelled export leaves the old file as it was.

From Python::

    save_trajectory_movie(robot, t, q, "move.gif")

A GUI renders a few frames per timer tick instead (:class:`MovieExport`, :meth:`~MovieExport.step`),
so the window stays responsive.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from ..errors import RobosimError
from ..files import check_replaceable, temporary_file
from ..kinematics import Robot
from .arm import ArmDrawing
from .joints import check_trajectory

if TYPE_CHECKING:
    from PIL import Image

FORMATS = ("gif", "mp4")
DEFAULT_FPS = 15
DEFAULT_MAX_FRAMES = 200
MOVIE_FIGSIZE = (6.0, 4.5)
MOVIE_DPI = 80


class MovieError(RobosimError):
    """The animation cannot be saved (no ffmpeg, unwritable folder, ...)."""


def mp4_available() -> bool:
    """True when matplotlib finds the ``ffmpeg`` program (needed for MP4)."""
    from matplotlib import animation

    return animation.writers.is_available("ffmpeg")


def frame_indices(t: ArrayLike, fps: float = DEFAULT_FPS,
                  max_frames: int = DEFAULT_MAX_FRAMES) -> tuple[np.ndarray, float]:
    """Rows of the trajectory shown in each frame, and the frames per second that keep the
    real speed: ``(indices (F,), fps)``.

    Frames are at equal times from ``t[0]`` to ``t[-1]`` (both included); each shows the last
    row due at its time (the arm holds a pose until the next one is due).
    """
    t = np.asarray(t, dtype=float)
    duration = float(t[-1] - t[0])
    if len(t) == 1 or duration <= 0:
        return np.zeros(1, dtype=int), float(fps)
    count = int(min(max_frames, math.ceil(duration * fps) + 1))
    count = max(count, 2)
    times = np.linspace(t[0], t[-1], count)
    indices = np.searchsorted(t, times + 1e-9 * max(1.0, duration), side="right") - 1
    return np.clip(indices, 0, len(t) - 1), (count - 1) / duration


class BlittedGifWriter:
    """A GIF writer with the interface of matplotlib's writers (``setup``, ``grab_frame``,
    ``finish``) that draws each frame by blitting the arm's moving artists over a background
    drawn once, instead of a full draw per frame (a 3D axes' full draw is mostly tick text:
    about ten times the cost of the arm).

    Parameters
    ----------
    drawing : robosim.plotting.arm.ArmDrawing
        The arm whose :attr:`~robosim.plotting.arm.ArmDrawing.moving_artists` change between
        frames; everything else in the figure must stay as it is.
    fps : float
        Frames per second the GIF plays at.
    """

    def __init__(self, drawing: ArmDrawing, fps: float) -> None:
        self.drawing = drawing
        self.fps = fps
        self._frames: list[Image.Image] = []

    def setup(self, fig: Figure, outfile: str | os.PathLike[str], dpi: float | None = None) -> None:
        """Draw the background once (``dpi`` is the figure's own)."""
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        self._outfile = outfile
        self._canvas = FigureCanvasAgg(fig)
        for artist in self.drawing.moving_artists:
            artist.set_animated(True)
        self._canvas.draw()
        self._background = self._canvas.copy_from_bbox(fig.bbox)

    def grab_frame(self) -> None:
        """The background, the arm as it is now on top, kept as the next frame."""
        from PIL import Image

        canvas = self._canvas
        canvas.restore_region(self._background)
        artists = [a for a in self.drawing.moving_artists if a.get_visible()]
        for artist in sorted(artists, key=lambda a: a.get_zorder()):
            if hasattr(artist, "do_3d_projection"):
                artist.do_3d_projection()
            self.drawing.ax.draw_artist(artist)
        self._frames.append(Image.frombuffer("RGBA", canvas.get_width_height(),
                                             bytes(canvas.buffer_rgba()), "raw", "RGBA", 0, 1))

    def finish(self) -> None:
        """Write the GIF (looping, at ``fps``)."""
        if self._frames:
            self._frames[0].save(self._outfile, format="GIF", save_all=True,
                                 append_images=self._frames[1:],
                                 duration=round(1000 / self.fps), loop=0)
        self._frames = []


class MovieExport:
    """An animation being written, frame by frame.

    Parameters
    ----------
    robot : robosim.Robot
    t : array_like (N,)
        Times in seconds, increasing.
    q : array_like (N, n)
        Joint values in API units.
    path : str or Path
        The file to write; its format is ``fmt`` (default: from the suffix, ``.gif``/``.mp4``).
    points : array_like (M, 3), optional
        A Cartesian path to draw (robot's length unit); ``bad`` (M,) marks points drawn red;
        ``curves`` (C, K, 3) the surface or volume it was picked from, drawn thin and grey.
    fps, max_frames : see :func:`frame_indices`.

    Raises
    ------
    MovieError
        For an unknown format, MP4 without ffmpeg, or a folder that cannot be written.
    """

    def __init__(self, robot: Robot, t: ArrayLike, q: ArrayLike, path: str | os.PathLike[str],
                 *, points: ArrayLike | None = None, bad: ArrayLike | None = None,
                 curves: ArrayLike | None = None, fmt: str | None = None,
                 fps: float = DEFAULT_FPS, max_frames: int = DEFAULT_MAX_FRAMES,
                 figsize: tuple[float, float] = MOVIE_FIGSIZE, dpi: float = MOVIE_DPI) -> None:
        from matplotlib import animation

        from .arm import arm_figure
        from .paths import PathArtists, include_points

        t, q = check_trajectory(t, q)
        q = robot.check_q(q, "trajectory")           # checked once: each frame trusts it
        self.path = Path(path)
        fmt = (fmt or self.path.suffix.lstrip(".")).lower()
        if fmt not in FORMATS:
            raise MovieError(f"{self.path}: an animation is saved as .gif or .mp4, "
                             f"not {self.path.suffix or 'a file without suffix'!r}")
        if fmt == "mp4" and not mp4_available():
            raise MovieError("MP4 needs the ffmpeg program, which was not found: install "
                             "ffmpeg, or save a GIF instead")
        self.q = q
        self.indices, fps = frame_indices(t, fps, max_frames)
        shown = arm_figure(robot, q[0], figsize=figsize, dpi=dpi)
        self.fig, self.drawing = shown.figure, shown.drawing
        drawing = shown.drawing
        if points is not None:
            PathArtists(drawing.ax).set_path(points, bad, curves)
            include_points(drawing.ax, points)
        drawing.show_trace(True)
        # matplotlib's type hints say int, but ffmpeg takes the real rate (-r 12.5): rounding
        # it would change the movie's speed
        self.writer = (BlittedGifWriter(drawing, fps) if fmt == "gif"
                       else animation.FFMpegWriter(fps=fps))  # type: ignore[arg-type]
        self._temporary: Path | None = None
        try:
            self._target = check_replaceable(self.path)
            self._temporary = temporary_file(self._target, f".{fmt}")
            os.chmod(self._temporary, 0o644)  # mkstemp's 0600 would stay on the movie
            self.writer.setup(self.fig, self._temporary, dpi=dpi)
        except OSError as exc:
            self._remove_temporary()
            raise MovieError(f"{self.path}: cannot write there ({exc.strerror or exc})") from None
        self.done = 0
        self._open = True

    @property
    def total(self) -> int:
        """Number of frames the movie will have."""
        return len(self.indices)

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def step(self, frames: int = 5) -> bool:
        """Render up to ``frames`` more frames; when the last one is in, write the file.

        Returns True when the file is complete.
        """
        if not self._open:
            return self.finished
        try:
            for index in self.indices[self.done:self.done + frames]:
                self.drawing.set_checked_pose(self.q[index])
                self.writer.grab_frame()
                self.done += 1
            if self.finished:
                self._open = False
                self.writer.finish()
                assert self._temporary is not None, "an open movie has its temporary file"
                os.replace(self._temporary, check_replaceable(self._target))
        except BaseException as exc:       # Ctrl-C too: no temporary file is left behind
            self.cancel()
            if isinstance(exc, (OSError, ValueError, RuntimeError)):
                raise MovieError(f"{self.path}: saving the animation failed ({exc})") from None
            raise
        return self.finished

    def cancel(self) -> None:
        """Stop and remove the temporary file (the target file is left as it was)."""
        if self._open:
            self._open = False
            try:
                self.writer.finish()  # ends an ffmpeg process; the partial file goes below
            except Exception:  # noqa: BLE001 - cancelling must not fail
                pass
        self.done = self.total
        self._remove_temporary()

    def _remove_temporary(self):
        if self._temporary is None:
            return
        try:
            os.unlink(self._temporary)
        except FileNotFoundError:
            pass


def save_trajectory_movie(robot: Robot, t: ArrayLike, q: ArrayLike, path: str | os.PathLike[str],
                          **options: Any) -> Path:
    """Write the whole animation of ``q`` (N, n) at times ``t`` (N,) to ``path`` (.gif or .mp4).

    Options as for :class:`MovieExport`. Returns the path.
    """
    export = MovieExport(robot, t, q, path, **options)
    while not export.step(frames=export.total):
        pass
    return export.path


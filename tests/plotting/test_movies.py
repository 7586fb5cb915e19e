"""GIF export: frames blitted over a background drawn once show what a full draw shows."""

import io

import numpy as np
from PIL import Image

from robosim import load_robot
from robosim.plotting.arm import arm_figure
from robosim.plotting.movies import MOVIE_DPI, MOVIE_FIGSIZE, save_trajectory_movie


def gif_frames(path):
    with Image.open(path) as image:
        frames = []
        for k in range(image.n_frames):
            image.seek(k)
            frames.append(np.asarray(image.convert("RGB"), dtype=float))
    return frames


def full_draw(robot, poses):
    """The movie's figure drawn in full (savefig) after showing ``poses`` in turn, as RGB."""
    shown = arm_figure(robot, poses[0], figsize=MOVIE_FIGSIZE, dpi=MOVIE_DPI)
    shown.drawing.show_trace(True)
    for q in poses[1:]:
        shown.drawing.set_pose(q)
    buffer = io.BytesIO()
    shown.savefig(buffer, format="png", dpi=MOVIE_DPI)
    with Image.open(buffer) as image:
        return np.asarray(image.convert("RGB"), dtype=float)


def changed(a, b):
    """Share of pixels that differ by more than GIF's palette can explain (24 levels)."""
    return np.mean(np.abs(a - b).max(axis=-1) > 24)


def test_blitted_gif_frames_match_a_full_draw_of_the_same_pose(tmp_path):
    robot = load_robot("Puma 560")
    t = np.array([0.0, 1 / 15, 2 / 15])     # one frame per row at 15 frames per second
    q = robot.home + np.outer([0.0, 0.5, 1.0], [0.8, -0.5, 0.6, 0.4, 0.7, 0.0])
    frames = gif_frames(save_trajectory_movie(robot, t, q, tmp_path / "move.gif"))
    assert len(frames) == 3
    for k in (0, 2):
        expected = full_draw(robot, q[:k + 1])
        assert frames[k].shape == expected.shape
        # GIF keeps 256 colours: a pixel may be off by a few levels, the picture may not
        assert changed(frames[k], expected) < 0.002
    assert changed(frames[2], frames[0]) > 0.004                # and the arm did move

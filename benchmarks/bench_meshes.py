"""Mesh style speed: one frame of a 6-joint arm drawn from 20,000 STL triangles, and STL reading.

Run: ``MPLBACKEND=Agg python benchmarks/bench_meshes.py``. The Puma 560 (6 joints) gets a mesh
for its base and for each link, 20,000 triangles in all (spheres of 0.15 m radius, written as
binary STL files in a temporary folder), drawn by :func:`robosim.plotting.arm.arm_figure` in the
mesh style at 1200 x 750 px. Prints:

- a blitted frame: ``set_pose`` to a new pose (meshes moved and shaded), then the background
  restored and the arm's moving artists projected, drawn and blitted, as the simulator does
  (target <= 40 ms, issue 20);
- a full draw of the same frame (axes, ticks and all);
- the Lynx6's own meshes (robots/meshes/lynx6) in a blitted frame at the same size;
- reading the 20,000 triangles back from the STL files, and simplifying them to 5,000.

Times are CPU time of this process (``time.process_time``), best of several runs: on the shared
two-core machine other processes stretch wall time several fold (the blitted frame measured
600 ms of wall time and 25 ms of CPU time at a load average of 8); a loaded machine still gives
larger numbers.
"""

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "Agg")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's robosim
import numpy as np  # noqa: E402
from frame_timing import blitted_and_full  # noqa: E402  (this folder is first on sys.path as a script)

from robosim import load_robot  # noqa: E402
from robosim.robot_files import robot_from_dict, robot_to_dict  # noqa: E402
from robosim.robot_files import load_stl, robot_meshes, save_stl, simplify  # noqa: E402
from robosim.plotting.arm import arm_figure  # noqa: E402

REPEATS = 20
FIGSIZE, DPI = (12.0, 7.5), 100
TRIANGLES = 20_000
PARTS = 7                       # the base and six links
RADIUS = 0.15                   # m


def sphere(triangles, radius):
    """A closed sphere of about ``triangles`` triangles: a latitude-longitude grid whose
    neighbouring triangles share their corners exactly (so its hidden half is not drawn)."""
    rings = int(round(np.sqrt(triangles / 4)))
    polar = np.linspace(0, np.pi, rings + 1)[1:-1]
    azimuth = np.linspace(0, 2 * np.pi, 2 * rings, endpoint=False)
    p, a = np.meshgrid(polar, azimuth, indexing="ij")
    grid = radius * np.stack([np.sin(p) * np.cos(a), np.sin(p) * np.sin(a), np.cos(p)], -1)
    points = np.vstack([[[0, 0, radius]], grid.reshape(-1, 3), [[0, 0, -radius]]])
    columns = 2 * rings
    index = 1 + np.arange(len(polar))[:, None] * columns + np.arange(columns)
    right = np.roll(index, -1, axis=1)
    faces = [np.stack([np.zeros(columns, int), right[0], index[0]], -1),
             np.stack([index[:-1], right[:-1], right[1:]], -1).reshape(-1, 3),
             np.stack([index[:-1], right[1:], index[1:]], -1).reshape(-1, 3),
             np.stack([np.full(columns, len(points) - 1), index[-1], right[-1]], -1)]
    return points[np.concatenate(faces)][:, ::-1]         # counter-clockwise from outside


def meshed_puma(folder):
    """The Puma 560 with a sphere mesh on its base and on each link, TRIANGLES in all."""
    part = sphere(TRIANGLES / PARTS, RADIUS)
    path = Path(folder) / "part.stl"
    save_stl(path, part)
    data = robot_to_dict(load_robot("Puma 560"))
    data["meshes"] = {"base": {"file": str(path)},
                      "links": [{"file": str(path)} for _ in data["joints"]]}
    return robot_from_dict(data, source=str(Path(folder) / "puma.json")), path


def frame_costs(robot):
    """(blitted frame, full frame) in ms, the arm moving through random poses."""
    shown = arm_figure(robot, figsize=FIGSIZE, dpi=DPI, style="mesh")
    fig, drawing = shown.figure, shown.drawing
    assert drawing.style == "mesh", drawing.style_message
    poses = iter(robot.random_q(10 * REPEATS, rng=np.random.default_rng(0)))
    return blitted_and_full(fig, drawing.moving_artists, lambda: drawing.set_pose(next(poses)),
                       REPEATS, clock=time.process_time)

def main():
    print(f"backend Agg, figure {FIGSIZE[0] * DPI:.0f} x {FIGSIZE[1] * DPI:.0f} px, best of "
          f"{REPEATS}, CPU time")
    with tempfile.TemporaryDirectory() as folder:
        robot, path = meshed_puma(folder)
        drawn = sum(len(p.triangles) for p in robot_meshes(robot))
        blitted, full = frame_costs(robot)
        print(f"Puma 560, {drawn:,} triangles: blitted frame {blitted:6.1f} ms (target <= 40)   "
              f"full draw {full:6.1f} ms")
        start = time.process_time()
        for _ in range(PARTS):
            triangles, _normals = load_stl(path)
        reading = time.process_time() - start
        many = np.concatenate([triangles + [2.5 * RADIUS * k, 0, 0] for k in range(PARTS)])
        start = time.process_time()
        fewer, _cell = simplify(many, 5000)
        simplifying = time.process_time() - start
    print(f"reading {PARTS} binary STL files, {PARTS * len(triangles):,} triangles: "
          f"{reading * 1e3:.1f} ms; simplifying {len(many):,} to {len(fewer):,}: "
          f"{simplifying * 1e3:.0f} ms")
    lynx6 = load_robot("Lynx6")
    if lynx6.meshes is not None:
        drawn = sum(len(p.triangles) for p in robot_meshes(lynx6))
        blitted, full = frame_costs(lynx6)
        print(f"Lynx6, {drawn:,} triangles: blitted frame {blitted:6.1f} ms   "
              f"full draw {full:6.1f} ms")


if __name__ == "__main__":
    main()

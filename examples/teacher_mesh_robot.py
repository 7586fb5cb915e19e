"""A teacher's own robot drawn from CAD parts: a 3-joint arm whose links are STL files.

This script plays the CAD program: it writes one ASCII STL per link, each modelled with the
link's DH frame as origin (RoboAnalyzer's rule, docs/meshes.md), then the robot file that names
them, and renders the arm in the mesh style. Replace the STL files by your own exports and the
robot file stays as it is.

The arm (standard DH, cm): joint 1 turns about the vertical (d1 = 12, alpha1 = 90 deg), joints 2
and 3 are a shoulder and an elbow (a2 = 20, a3 = 15). Frame i sits at the far end of link i, so
each part lies along its frame's -x axis, from the joint that moves it to the frame's origin:

- link 1 (frame 1 at the top of the column, x1 horizontal, y1 up): a column 12 cm tall below
  the origin, along -y1, and a hub round the shoulder axis z1;
- link 2 (frame 2 at the elbow): a beam from x2 = -20 to 0 and a hub round the elbow axis;
- link 3 (frame 3 at the tool point): a beam and a small hand at the end, exported in mm
  (scale 0.1 in the robot file).

Run: python examples/teacher_mesh_robot.py [--out DIR]
"""

import argparse
import json
from pathlib import Path

import numpy as np

import robosim
from robosim.robot_files import save_stl
from robosim.plotting import save_arm_png

#: The robot file, as a teacher writes it: the DH table and one mesh per link (and a base).
ROBOT = {
    "format": "robosim-robot/1",
    "name": "Teaching arm",
    "source": "examples/teacher_mesh_robot.py: a made-up 3-joint arm with CAD parts",
    "convention": "standard",
    "unit": "cm",
    "joints": [
        {"name": "waist", "type": "R", "theta": 0, "d": 12, "a": 0, "alpha": 90},
        {"name": "shoulder", "type": "R", "theta": 45, "d": 0, "a": 20, "alpha": 0},
        {"name": "elbow", "type": "R", "theta": -60, "d": 0, "a": 15, "alpha": 0},
    ],
    "meshes": {
        "base": {"file": "meshes/base.stl", "colour": "#505860"},
        "links": [
            {"file": "meshes/link1.stl", "colour": "#e0a030"},
            {"file": "meshes/link2.stl", "colour": "#3070c0"},
            {"file": "meshes/link3.stl", "colour": "#40a060", "scale": 0.1},
        ],
    },
    "notes": "link3.stl was exported in millimetres: scale 0.1 (cm per mm) turns it into cm.",
}


def box(low, high):
    """A box from ``low`` to ``high``: 12 triangles, counter-clockwise seen from outside."""
    (x0, y0, z0), (x1, y1, z1) = low, high
    corners = np.array([[x, y, z] for z in (z0, z1) for y in (y0, y1) for x in (x0, x1)], float)
    faces = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
    return np.concatenate([corners[[[a, b, c], [a, c, d]]] for a, b, c, d in faces])


def hub(centre, radius, length, segments=16):
    """A cylinder of ``radius`` along z, ``length`` long, centred on ``centre`` (3,)."""
    angle = 2 * np.pi * np.arange(segments) / segments
    ring = np.stack([np.cos(angle), np.sin(angle), np.zeros(segments)], -1) * radius
    bottom = ring + centre - [0, 0, length / 2]
    top = ring + centre + [0, 0, length / 2]
    k, n = np.arange(segments), np.roll(np.arange(segments), -1)
    ends = [np.broadcast_to(np.asarray(centre, float) + [0, 0, h], (segments, 3))
            for h in (-length / 2, length / 2)]
    return np.concatenate([np.stack([bottom[k], bottom[n], top[n]], 1),
                           np.stack([bottom[k], top[n], top[k]], 1),
                           np.stack([ends[1], top[k], top[n]], 1),
                           np.stack([ends[0], bottom[n], bottom[k]], 1)])


def parts():
    """Each STL file's triangles, in its link's DH frame (cm; link 3 in mm)."""
    return {
        "base": box((-6, -6, 0), (6, 6, 2)),
        # Frame 1: origin on the shoulder axis, 12 cm up; y1 points up, z1 along the axis.
        "link1": np.concatenate([box((-2.5, -12, -2.5), (2.5, -2, 2.5)),
                                 hub((0, 0, 0), 3.0, 6.0)]),
        # Frame 2 at the elbow, x2 along the upper arm: the beam lies on -x2.
        "link2": np.concatenate([box((-20, -1.5, -1.5), (0, 1.5, 1.5)),
                                 hub((0, 0, 0), 2.2, 4.0)]),
        # Frame 3 at the tool point, in mm as a CAD program set to mm would export it.
        "link3": np.concatenate([box((-150, -12, -12), (-20, 12, 12)),
                                 box((-20, -25, -8), (0, 25, 8))]),
    }


def write_robot(folder):
    """Write the meshes (ASCII STL) and the robot file into ``folder``; return its path."""
    folder = Path(folder)
    (folder / "meshes").mkdir(parents=True, exist_ok=True)
    for name, triangles in parts().items():
        save_stl(folder / "meshes" / f"{name}.stl", triangles, ascii=True, name=name)
    path = folder / "teaching_arm.json"
    path.write_text(json.dumps(ROBOT, indent=2) + "\n", encoding="utf-8")
    return path


def main(out):
    out = Path(out)
    robot = robosim.load_robot(write_robot(out))
    drawing = save_arm_png(robot, robot.home, out / "teaching_arm.png")
    assert drawing.style == "mesh", drawing.style_message
    print(f"saved {out / 'teaching_arm.json'}, its meshes in {out / 'meshes'} and "
          f"{out / 'teaching_arm.png'}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=".", help="folder to write to (default: here)")
    main(parser.parse_args().out)

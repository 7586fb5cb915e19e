"""A path from a formula, followed by the Lynx6, saved as a trajectory CSV and an animated GIF.

The circle x = 250 + 60 cos u, y = 60 sin u, z = 150 + 20 sin 3u (millimetres, u from 0 to
2 pi) is a wavy ring in front of the arm. Inverse kinematics follows it point by point, each
seeded by the previous one, with the gripper level (the Lynx6 closed form); the joint values
over time go to a CSV that `robosim arm play` can send to a real arm.

Run: python examples/formula_trajectory.py [--out DIR]
"""

import argparse
import math
from pathlib import Path

import robosim
from robosim import trajectory
from robosim.plotting import save_trajectory_movie


def main(out, points=60):
    lynx6 = robosim.load_robot("Lynx6")
    path = trajectory.volume_path("250 + 60*cos(u)", "60*sin(u)", "150 + 20*sin(3*u)",
                                  (0.0, 2 * math.pi), (0.0, 0.0), points, robot=lynx6)
    print(f"{len(path.points)} points, closed: {path.closed}; {path.message or 'in reach'}")
    result = trajectory.follow_path(lynx6, path, lynx6.home, wrist_pitch=0.0)
    print(result.message or f"every point reached ({int(result.reachable.sum())})")
    t, q = result.motion()                       # times (N,) s, joint values (N, 5) rad
    csv_path = trajectory.write_trajectory_csv(Path(out) / "ring.csv", lynx6, t, q)
    gif_path = save_trajectory_movie(lynx6, t, q, Path(out) / "ring.gif", points=path.points,
                                     max_frames=40)
    print("saved", csv_path, "and", gif_path)
    return result


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=".", help="folder for the files written")
    main(parser.parse_args().out)

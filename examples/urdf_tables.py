"""One arm, two DH conventions, through a URDF: the Puma 560's standard table written as a URDF
and read back as Craig's modified table, with the same forward kinematics.

The same extraction reads any URDF (``--urdf FILE``): a lab robot's description becomes its
DH table in both conventions. The script prints both tables, checks that the three robots (the
library's, the standard and the modified one read back) put the end effector in the same place
at random poses, and saves the modified table as a robot file.

Run: python examples/urdf_tables.py [--out DIR] [--urdf FILE]
"""

import argparse
from pathlib import Path

import numpy as np

import robosim
from robosim.robot_files import dh_rows, export_urdf, load_urdf


def print_table(robot):
    print(f"{robot.name}, {robot.convention} DH (m, deg); base {np.round(robot.base_xyz, 4)}, "
          f"tool {np.round(robot.tool_xyz, 4)}")
    for row in dh_rows(robot):
        print(f"  {row['joint']}  theta {row['theta']:>10}  d {row['d']:>9}  a {row['a']:>9}  "
              f"alpha {row['alpha']:>4}")


def main(out, urdf=None):
    out = Path(out)
    if urdf is None:
        urdf = export_urdf(robosim.load_robot("Puma 560"), out / "puma_560.urdf")
    standard = load_urdf(urdf, convention="standard")
    modified = load_urdf(urdf, convention="modified")
    print_table(standard)
    print_table(modified)
    q = standard.random_q(100, rng=0)
    gap = np.abs(standard.fk(q) - modified.fk(q)).max()
    print(f"largest difference of the two tables' poses at 100 random poses: {gap:.1e}")
    assert gap < 1e-9 * standard.length_scale
    path = robosim.save_robot(modified, out / f"{Path(urdf).stem}_modified.json")
    print("saved", path)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=".", help="folder for the files written")
    parser.add_argument("--urdf", help="a URDF file to read instead of the Puma 560's")
    arguments = parser.parse_args()
    main(arguments.out, arguments.urdf)

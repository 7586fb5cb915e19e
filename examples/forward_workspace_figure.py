"""The Lynx6's forward workspace at 3D-RAS's Factor 15, as a figure (the paper's Fig. 5).

Every joint is swept in 15-degree steps over the ranges of Fig. 5; the figure shows the cloud
of each segment's origin and two sections. The volume is counted on a finer grid (see
robosim.workspace.volume_grid) and printed with the bounds it rests on.

Run: python examples/forward_workspace_figure.py [--out DIR]
"""

import argparse
from pathlib import Path

import numpy as np

import robosim
from robosim import workspace
from robosim.plotting import save_workspace_png

#: Fig. 5's joint ranges (degrees) for joints 1..5.
FIG5_RANGES = {0: (0, 180), 1: (0, 90), 2: (0, 90), 3: (-90, 90), 4: (0, 0)}


def main(out, volume_positions=200_000):
    lynx6 = robosim.load_robot("Lynx6")
    ranges = {j: tuple(np.radians(r)) for j, r in FIG5_RANGES.items()}
    grid = workspace.factor_grid(lynx6, 15, ranges)
    print("configurations:", grid.configurations)      # 5,184 in the paper
    finer = workspace.volume_grid(lynx6, grid, positions=volume_positions)
    result = workspace.forward_workspace(lynx6, grid, volume_from=finer)
    low, high = result.volume_bounds()
    print(f"volume {result.volume():.3g} mm^3 (between {low:.3g} and {high:.3g}), "
          f"reach {result.reach:.0f} mm")
    path = save_workspace_png(result, Path(out) / "lynx6_fig5.png")
    print("saved", path)
    return result


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=".", help="folder for the files written")
    main(parser.parse_args().out)

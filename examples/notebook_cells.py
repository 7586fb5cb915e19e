"""A notebook-friendly script: cells (``# %%``) that a notebook, VS Code or Spyder runs one by one.

Each cell ends with a figure made without pyplot (robosim.plotting returns the figure with what
it drew: ``arm.figure``, ``arm.drawing``), which Jupyter shows inline whatever the backend; run
as a script, the figures are saved as PNG instead. Open
it as a notebook with ``jupytext --to notebook notebook_cells.py``, or paste the cells.

Run: python examples/notebook_cells.py [--out DIR]
"""

# %% The arm at a pose
import argparse
from pathlib import Path

import numpy as np

import robosim
from robosim import trajectory
from robosim.plotting import arm_figure, joint_plot_figure, path_figure

robot = robosim.load_robot("Lynx6")
q = np.radians([20, 30, -45, 10, 0])
arm = arm_figure(robot, q)
arm  # noqa: B018 - a cell's last value is what the notebook shows

# %% A quintic joint profile: position, velocity, acceleration
profile = trajectory.joint_profile(robot.home, q, 2.0, 0.05, "quintic", robot=robot)
joints = joint_plot_figure(profile.t, profile.q, robot, qd=profile.qd, qdd=profile.qdd)
joints  # noqa: B018 - a cell's last value is what the notebook shows

# %% One of 3D-RAS's preset paths, placed in the arm's reach
seam = trajectory.preset_path("weld seam", robot, points=80)
print(seam.message or "the preset fits where the paper puts it")
path = path_figure(robot, seam.points, q=robot.home, title="weld seam")
path  # noqa: B018 - a cell's last value is what the notebook shows

# %% Run as a script: save the figures
if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=".", help="folder for the files written")
    out = Path(parser.parse_args().out)
    for name, figure in (("arm", arm), ("joints", joints), ("path", path)):
        figure.savefig(out / f"notebook_{name}.png")
        print("saved", out / f"notebook_{name}.png")

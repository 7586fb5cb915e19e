"""Workspaces: where an arm can reach (forward) and what joint values positions need (joint).

One concept a module, the public names re-exported here (``robosim.workspace.forward_workspace``):

- :mod:`robosim.workspace.grids`: grids of joint values (3D-RAS's Factor, steps, ranges);
- :mod:`robosim.workspace.forward`: the forward workspace (voxel counts, volume, reach) and
  Monte Carlo sampling;
- :mod:`robosim.workspace.result`: :class:`Workspace`, what a forward run returns;
- :mod:`robosim.workspace.export`: saving a result as ``.npz`` or ``.csv``;
- :mod:`robosim.workspace.joint`: the joint workspace (3D-RAS section 5) along a sweep or in a
  box, closed form for the Lynx6 and numeric (:mod:`robosim.workspace.numeric_joint`) for any
  other arm.

>>> import robosim
>>> from robosim import workspace
>>> robot = robosim.load_robot("Planar 3R")
>>> workspace.factor_grid(robot, 30).configurations > 0
True
"""

from . import joint, numeric_joint
from .export import (
                      DATA_SUFFIXES,
                      save_workspace,
                      workspace_csv_text,
                      workspace_npz_bytes,
)
from .forward import (
                      AUTO_FACTOR_POSITIONS,
                      DEFAULT_CELLS,
                      MAX_POSITIONS,
                      MAX_VOXELS,
                      MEASURABLE_SPACING,
                      MONTE_CARLO_DENSITY,
                      VOLUME_POSITIONS,
                      WorkspaceCancelled,
                      auto_factor,
                      check_plan,
                      default_voxel,
                      estimate_samples_seconds,
                      estimate_seconds,
                      forward_workspace,
                      grid_measures_volume,
                      monte_carlo_workspace,
                      segment_names,
                      volume_grid,
)
from .grids import (
                      JointGrid,
                      factor_grid,
                      grid_spacing,
                      joint_levers,
                      joint_ranges,
                      limit_notes,
                      refined_grid,
                      step_grid,
)
from .joint import (
                      JointWorkspace,
                      held_rpy_degrees,
                      joint_box,
                      joint_sweep,
                      joint_workspace,
                      physical_length,
)
from .numeric_joint import JointWorkspaceCancelled
from .result import SAMPLE_LIMIT, SEGMENT_COLOURS, VoxelSource, Workspace

__all__ = ["AUTO_FACTOR_POSITIONS", "DATA_SUFFIXES", "DEFAULT_CELLS", "JointGrid",
           "JointWorkspace", "JointWorkspaceCancelled", "MAX_POSITIONS", "MAX_VOXELS",
           "MEASURABLE_SPACING", "MONTE_CARLO_DENSITY", "SAMPLE_LIMIT", "SEGMENT_COLOURS",
           "VOLUME_POSITIONS",
           "VoxelSource", "Workspace", "WorkspaceCancelled", "auto_factor", "check_plan",
           "default_voxel", "estimate_samples_seconds", "estimate_seconds", "factor_grid",
           "forward_workspace", "grid_measures_volume", "grid_spacing",
           "held_rpy_degrees", "joint", "joint_box", "joint_levers", "joint_ranges", "joint_sweep",
           "joint_workspace", "limit_notes", "monte_carlo_workspace", "numeric_joint",
           "physical_length", "refined_grid", "save_workspace", "segment_names", "step_grid",
           "volume_grid", "workspace_csv_text", "workspace_npz_bytes"]

"""Trajectories: joint profiles, Cartesian lines and jogs, formula paths, presets, following.

One concept a module, the public names re-exported here (``robosim.trajectory.joint_profile``):

- :mod:`robosim.trajectory.profiles`: joint-space profiles (linear, cubic, quintic, trapezoidal);
- :mod:`robosim.trajectory.motion`: straight Cartesian lines by via-points, and jogging;
- :mod:`robosim.trajectory.expressions`: the safe evaluator of the user's formulas;
- :mod:`robosim.trajectory.paths`: Cartesian paths from surface and volume formulas;
- :mod:`robosim.trajectory.presets`: the paper's worked example paths, placed for a robot;
- :mod:`robosim.trajectory.following`: following a path by inverse kinematics, with timing;
- :mod:`robosim.trajectory.files`: trajectory CSV files (read and atomic write).

>>> import robosim
>>> from robosim import trajectory
>>> robot = robosim.load_robot("Lynx6")
>>> profile = trajectory.joint_profile(robot.home, robot.home + 0.1, 2.0, 0.5)
>>> profile.q.shape
(5, 5)
"""

from . import expressions, files, motion
from .expressions import Expression, ExpressionError, compile_expression
from .files import (
                    JointTrajectory,
                    TrajectoryFileError,
                    parse_trajectory_csv,
                    read_trajectory_csv,
                    trajectory_csv_text,
                    write_trajectory_csv,
)
from .following import (
                    BEYOND_LIMITS,
                    DEFAULT_SPEED_FRACTION,
                    NOT_CONTINUOUS,
                    ON_BAD_CHOICES,
                    OUT_OF_REACH,
                    FollowResult,
                    follow_path,
)
from .motion import (
                    FRAMES,
                    JOG_AXES,
                    JUMP_LIMIT,
                    LineResult,
                    default_axes,
                    jog,
                    jog_target,
                    line_poses,
                    relative_target,
                    straight_line,
                    wrist_angle,
)
from .paths import (
                    CLOSE_TOLERANCE,
                    SURFACE_CURVES,
                    CartesianPath,
                    default_curves,
                    joint_jumps,
                    path_fits,
                    reachable_points,
                    surface_path,
                    volume_path,
)
from .presets import (
                    FIT_POINTS,
                    PRESETS,
                    PlacedFormulas,
                    Preset,
                    find_preset,
                    place_points,
                    placed_formulas,
                    preset_path,
)
from .profiles import MAX_SAMPLES, PROFILE_KINDS, Profile, joint_profile, sample_times
from .teaching import (
                    DEFAULT_ACCELERATION_DEG_S2,
                    DEFAULT_DT,
                    DEFAULT_SPEED_DEG_S,
                    TaughtSequence,
                    default_limits,
                    load_taught,
                    save_taught,
                    via_points,
)

__all__ = ["BEYOND_LIMITS", "CLOSE_TOLERANCE", "CartesianPath", "DEFAULT_ACCELERATION_DEG_S2",
           "DEFAULT_DT", "DEFAULT_SPEED_DEG_S", "DEFAULT_SPEED_FRACTION",
           "Expression", "ExpressionError", "FIT_POINTS", "FRAMES", "FollowResult", "JOG_AXES",
           "JUMP_LIMIT", "JointTrajectory", "LineResult", "MAX_SAMPLES", "NOT_CONTINUOUS",
           "ON_BAD_CHOICES", "OUT_OF_REACH", "PRESETS", "PROFILE_KINDS", "PlacedFormulas",
           "Preset", "Profile", "SURFACE_CURVES", "TaughtSequence",
           "TrajectoryFileError", "compile_expression", "default_axes", "default_curves",
           "default_limits",
           "expressions", "files",
           "find_preset", "follow_path", "jog", "jog_target", "joint_jumps", "joint_profile",
           "line_poses", "load_taught", "motion", "parse_trajectory_csv", "path_fits",
           "place_points",
           "placed_formulas",
           "preset_path", "read_trajectory_csv", "reachable_points", "relative_target",
           "sample_times", "save_taught", "straight_line", "surface_path", "trajectory_csv_text",
           "volume_path",
           "via_points", "wrist_angle", "write_trajectory_csv"]

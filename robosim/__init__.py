"""robosim: robot-arm kinematics for teaching and for driving a real Lynx6.

The public names live in one-concept modules and are re-exported here::

    >>> import robosim
    >>> robot = robosim.load_robot("Puma 560")
    >>> T = robot.fk(robot.home)
    >>> steps = robosim.dh_steps(robot, robot.home)   # how each DH frame becomes the next
"""

import importlib

from .errors import MeshError, RobosimError, RobotFileError, ValidationError, ValidationTypeError
from .kinematics import Joint, Robot
from .dh_steps import DHStep, dh_steps
from .robot_files import export_urdf, list_robots, load_robot, load_urdf, save_robot

__all__ = ["DHStep", "Joint", "MeshError", "Robot", "RobosimError", "RobotFileError",
           "ValidationError", "ValidationTypeError", "dh_steps", "export_urdf", "list_robots",
           "load_robot", "load_urdf", "save_robot"]
__version__ = "0.2.0"

#: Modules that moved when the core was grouped into subpackages: the README of robosim 0.1
#: taught ``from robosim import motion, joint_workspace``, and those imports keep working.
_MOVED_MODULES = {"motion": "robosim.trajectory.motion",
                  "joint_workspace": "robosim.workspace.joint"}


def __getattr__(name):
    """Load a moved module on first use (PEP 562), so ``import robosim`` stays light."""
    if name in _MOVED_MODULES:
        return importlib.import_module(_MOVED_MODULES[name])
    raise AttributeError(f"module 'robosim' has no attribute {name!r}")

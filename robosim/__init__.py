"""robosim: robot-arm kinematics for teaching and for driving a real Lynx6.

The public names live in one-concept modules and are re-exported here::

    >>> import robosim
    >>> robot = robosim.load_robot("Puma 560")
    >>> T = robot.fk(robot.home)
"""

from .errors import RobosimError, RobotFileError, ValidationError
from .robot import Joint, Robot
from .library import list_robots, load_robot, save_robot

__all__ = ["Joint", "Robot", "RobosimError", "RobotFileError", "ValidationError",
           "list_robots", "load_robot", "save_robot"]
__version__ = "0.1.0"

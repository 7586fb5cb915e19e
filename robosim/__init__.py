"""robosim: robot-arm kinematics for teaching and for driving a real Lynx6.

The public names live in one-concept modules and are re-exported here::

    >>> import robosim
    >>> robot = robosim.load_robot("Puma 560")
    >>> T = robot.fk(robot.home)
    >>> steps = robosim.dh_steps(robot, robot.home)   # how each DH frame becomes the next
"""

from .errors import RobosimError, RobotFileError, ValidationError
from .robot import Joint, Robot
from .dh_steps import DHStep, dh_steps
from .library import list_robots, load_robot, save_robot

__all__ = ["DHStep", "Joint", "Robot", "RobosimError", "RobotFileError", "ValidationError",
           "dh_steps", "list_robots", "load_robot", "save_robot"]
__version__ = "0.1.0"

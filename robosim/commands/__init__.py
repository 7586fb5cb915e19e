"""Sub-commands of the ``robosim`` command line, one module per capability.

Each module has ``register(subparsers)``; :data:`COMMAND_MODULES` is the order they appear in
``robosim --help``.
"""

from . import (arm, collision, dh, dynamics, ik, joint_workspace, kinematics, trajectory,
               workspace)

COMMAND_MODULES = (kinematics, dh, ik, workspace, joint_workspace, trajectory, collision,
                   dynamics, arm)

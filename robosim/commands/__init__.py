"""Sub-commands of the ``robosim`` command line, one module per capability.

Each module has ``register(subparsers)``; :data:`COMMAND_MODULES` is the order they appear in
``robosim --help``.
"""

from . import (arm, collision, dh, dynamics, ik, joint_workspace, kinematics, plan, trajectory,
               urdf, workspace)

COMMAND_MODULES = (kinematics, urdf, dh, ik, workspace, joint_workspace, trajectory, collision,
                   plan, dynamics, arm)

"""Sub-commands of the ``robosim`` command line, one module per capability.

Each module has ``register(subparsers)``; :func:`command_modules` lists them in the order they
appear in ``robosim --help``. This package imports none of them by itself: ``robosim`` without
a command starts the application (:mod:`robosim.commands.app`), which needs none of them, and
starts sooner without (``benchmarks/bench_start.py``).
"""


def command_modules():
    """The sub-commands' modules, in the order of ``robosim --help`` (imported at the first
    call)."""
    from . import (arm, collision, dh, dynamics, ik, joint_workspace, kinematics, plan,
                   trajectory, urdf, workspace)

    return (kinematics, urdf, dh, ik, workspace, joint_workspace, trajectory, collision, plan,
            dynamics, arm)

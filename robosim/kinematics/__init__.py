"""Kinematics: the DH robot model, its forward kinematics, Jacobians and singularities.

One concept a module, the public names re-exported here (``robosim.kinematics.Robot``):

- :mod:`robosim.kinematics.robot`: :class:`Joint` and :class:`Robot` (a DH table, standard or
  modified, with limits, base and tool, poses and units): forward kinematics, every frame, the
  Jacobian, its Hessian and time derivative, manipulability, the Jacobian's null space (the
  directions of self-motion), each checking its input once;
- :mod:`robosim.kinematics.chain`: those algorithms, written once over the math namespaces:
  the chain's frames (``chain_frames``), the Jacobian's columns, the Hessian, the Jacobian's
  time derivative, and one link as a 4 x 4 matrix (:func:`link_transform`);
- :mod:`robosim.kinematics.transforms`: rotations and homogeneous transforms (``rotx``,
  ``rpy2r``, ``xyzrpy2tr``, ``inverse``...), roll-pitch-yaw angles;
- :mod:`robosim.kinematics.elementary`: the math namespaces (``FloatMath`` for one
  configuration, ``ArrayMath`` for a batch) that let one formula serve both;
- :mod:`robosim.kinematics.link_geometry`: the links' paths (:func:`link_corners`) and the floor
  under an arm (:func:`floor_height`, :func:`below_floor`);
- :mod:`robosim.kinematics.singularity`: how near a pose is to a singular one, and the words
  for what lines up (:func:`singularity_warning`).

>>> from robosim.kinematics import Joint, Robot
>>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
>>> arm.fk([0.0, 0.0])[:3, 3].tolist()
[2.0, 0.0, 0.0]
"""

from .chain import link_transform
from .link_geometry import (
                            FLOOR_TOLERANCE,
                            RANDOM_TRIES,
                            below_floor,
                            floor_height,
                            floor_message,
                            link_corners,
                            random_q_above_floor,
)
from .robot import (
                            CONVENTIONS,
                            HELD_ROWS,
                            JACOBIAN_ROWS,
                            LENGTH_UNITS,
                            MANIPULABILITY_SAMPLES,
                            MAX_JOINTS,
                            MAX_NAME_CHARACTERS,
                            PRISMATIC,
                            RANK_TOLERANCE,
                            REVOLUTE,
                            STRUCTURAL_ZERO,
                            Joint,
                            Robot,
)
from .singularity import (
                            NEAR_AXIS,
                            NEAR_SINGULAR,
                            WARNING_NEAR_AXIS,
                            nearness,
                            scaled_jacobian,
                            singular_words,
                            singularity_warning,
                            smallest_singular_values,
)
from .transforms import (
                            GIMBAL_LOCK_TOLERANCE,
                            cos_sin,
                            half_angle_cos_sin,
                            homogeneous,
                            inverse,
                            r2rpy,
                            rotation_angle,
                            rotx,
                            roty,
                            rotz,
                            rpy2r,
                            tr2xyzrpy,
                            transl,
                            xyzrpy2tr,
)

__all__ = ["CONVENTIONS", "FLOOR_TOLERANCE", "GIMBAL_LOCK_TOLERANCE", "HELD_ROWS",
           "JACOBIAN_ROWS", "Joint", "LENGTH_UNITS", "MANIPULABILITY_SAMPLES", "MAX_JOINTS",
           "MAX_NAME_CHARACTERS", "NEAR_AXIS", "NEAR_SINGULAR", "PRISMATIC", "RANDOM_TRIES",
           "RANK_TOLERANCE", "REVOLUTE", "Robot",
           "STRUCTURAL_ZERO", "WARNING_NEAR_AXIS", "below_floor", "cos_sin", "floor_height",
           "floor_message", "half_angle_cos_sin", "homogeneous", "inverse", "link_corners",
           "link_transform", "nearness", "r2rpy", "random_q_above_floor", "rotation_angle",
           "rotx", "roty", "rotz", "rpy2r", "scaled_jacobian", "singular_words",
           "singularity_warning", "smallest_singular_values", "tr2xyzrpy", "transl",
           "xyzrpy2tr"]

"""The Lynx6 gripper's angle to the ground measured from its frames, for tests: an
independent check of ``robosim.motion.wrist_angle`` and of the closed form's wrist pitch."""

import numpy as np


def gripper_angle(robot, q):
    """Radians, up positive, of ``q`` ``(..., 5)``: from the wrist (frame 3's origin) to the
    tool point, against the horizontal pointing away from the base axis (the arm's base frame
    is the world's)."""
    wrist, tool = robot.fk_all(q)[..., 3, :3, 3], robot.fk(q)[..., :3, 3]
    away = tool[..., :2] / np.linalg.norm(tool[..., :2], axis=-1, keepdims=True)
    return np.arctan2(tool[..., 2] - wrist[..., 2],
                      np.sum((tool[..., :2] - wrist[..., :2]) * away, axis=-1))

"""Which branch an IK solution is on, in the words a student uses: shoulder, elbow, wrist.

An arm reaches most positions in several *configurations*; IK lists one solution per branch.
:func:`branch_labels` names them from the geometry of the solution (no solver needed), for the
two families of arms that have named branches:

- **6R arms with a spherical wrist** (Puma 560, KUKA KR5, ABB IRB 140: standard DH, the
  shoulder and elbow axes parallel, the last three axes meeting at the wrist centre ``W``,
  found by the closed form's one test, :func:`robosim.ik.pieper_applies`):

  - shoulder *right* when ``W`` is in front of the shoulder, ``(W - o_0) . x_1 >= 0`` (``x_1``
    is the direction joint 1 turns the arm to), else *left* (the arm turned round, reaching
    back over its base);
  - elbow *up* when the elbow ``o_2`` is above the line from the shoulder ``o_1`` to ``W``
    (its offset from that line has ``z >= 0`` in the base frame), else *down*;
  - wrist *flip* when ``sin(theta_5) > 0``, else *no flip*; *wrist singular* instead when
    axes 4 and 6 are aligned (``theta_5 = 0`` or ``pi`` on the Puma, e.g. at its home pose),
    where the flipped and unflipped wrist solutions are one and the same, so neither word
    would be true. The test is the closed form's (:func:`robosim.ik.wrist.wrist_angles`
    finds one wrist solution only, :data:`robosim.ik.wrist.SINGULAR_WRIST`), so a label says
    "wrist singular" exactly when IK reports the wrist singular.

  These are the names of Corke's ``ikine_a`` for the Puma 560 (Robotics Toolbox for Python,
  configurations ``l/r``, ``u/d``, ``f/n``; checked on his eight solutions of the pose ``qn``:
  tests/ik/test_branches.py).
- **Lynx6-shaped arms** (:func:`robosim.ik.is_lynx6_shaped`), as the closed form names its
  branches (:data:`robosim.ik.LYNX6_BRANCHES`, :func:`robosim.ik.lynx6_ik`): *facing* the
  target when ``x_1`` points towards the tool point, ``(p - o_0) . x_1 >= 0``, else *leaning
  back* over the base; *elbow up* when the elbow ``o_2`` is on the counter-clockwise side of
  the line from the shoulder ``o_1`` to the wrist ``o_3``, seen in the arm's plane with ``x_1``
  to the right and the base's z up. Facing the target that is the elbow above the line; leaning
  back, the closed form's "up" elbow is the one on the same side of the arm, which hangs below
  the line when the forearm points back.

Other arms get no labels (empty strings): their solutions are told apart by their joint values.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from ..kinematics.chain import frame_columns
from ..kinematics.elementary import ArrayMath
from ..errors import ValidationError
from ..kinematics import Robot
from .closed_form import is_lynx6_shaped
from .pieper import pieper_applies
from .wrist import spherical_wrist, wrist_angles


def branch_labels(robot: Robot, q: ArrayLike) -> list[str]:
    """Names of the branch each solution is on.

    Parameters
    ----------
    robot : robosim.Robot
        The arm the solutions are of.
    q : array_like (k, n)
        Solutions (API units).

    Returns
    -------
    list of str, length k
        E.g. ``"right, elbow up, no flip"`` or ``"right, elbow up, wrist singular"`` (6R,
        spherical wrist) or ``"facing, elbow down"``
        (Lynx6-shaped); ``""`` for every solution of an arm without named branches.

    Examples
    --------
    >>> import numpy as np, robosim
    >>> puma = robosim.load_robot("Puma 560")
    >>> branch_labels(puma, np.radians([[0, 45, -180, 0, 45, 0]]))   # Corke's qn
    ['right, elbow up, flip']
    >>> branch_labels(puma, np.zeros((1, 6)))           # home: q5 = 0, axes 4 and 6 aligned
    ['right, elbow down, wrist singular']
    """
    q = robot.check_q(q)
    if q.ndim > 2:
        raise ValidationError(f"branch_labels takes solutions (k, {robot.n}), got shape "
                              f"{q.shape}")
    q = np.atleast_2d(q)
    lynx6 = is_lynx6_shaped(robot)
    if not (lynx6 or _named_like_the_puma(robot)):
        return [""] * len(q)
    frames = robot.fk_all(q)
    origins = frames[:, :, :3, 3]
    end = frames[:, -1] @ robot.tool                           # the end effector, tool included
    x1, up = frames[:, 1, :3, 0], robot.base[:3, 2]
    shoulder, elbow = origins[:, 1], origins[:, 2]
    if lynx6:
        facing = _dot(end[:, :3, 3] - origins[:, 0], x1) >= 0          # the tool point's side
        to_wrist, to_elbow = origins[:, 3] - shoulder, elbow - shoulder
        up_side = (_dot(to_wrist, x1) * _dot(to_elbow, up)
                   - _dot(to_wrist, up) * _dot(to_elbow, x1)) >= 0
        parts = [np.where(facing, "facing", "leaning back"),
                 np.where(up_side, "elbow up", "elbow down")]
    else:
        split = spherical_wrist(robot)
        assert split is not None                    # _named_like_the_puma found it
        frame3 = split.arm.fk(q[:, :3])
        wrist = frame3[:, :3, 3]                                   # the wrist centre
        line = (wrist - shoulder) / np.linalg.norm(wrist - shoulder, axis=1, keepdims=True)
        offset = elbow - shoulder
        offset -= _dot(offset, line)[:, None] * line        # the elbow's offset from the line
        theta5 = robot.joint_variables(q)[0][4]
        # The wrist's own pose has a solution: a second one exactly where it is not singular.
        _, (first, second) = wrist_angles(split, frame_columns(frame3)[:3], frame_columns(end)[:3],
                                          0.0, ArrayMath)
        singular = first != second
        parts = [np.where(_dot(wrist - origins[:, 0], x1) >= 0, "right", "left"),
                 np.where(_dot(offset, up) >= 0, "elbow up", "elbow down"),
                 np.where(singular, "wrist singular",
                          np.where(np.sin(theta5) > 0, "flip", "no flip"))]
    return [", ".join(words) for words in zip(*parts, strict=True)]


def _named_like_the_puma(robot):
    """True when the Puma's words name ``robot``'s branches: a 6-joint arm that Pieper's
    closed form solves (:func:`robosim.ik.pieper_applies`: its spherical wrist is found
    there, geometrically, and nowhere else), in the standard convention with revolute joints
    1-3 and parallel shoulder and elbow axes (``alpha_2 = 0``), so that "elbow up / down" is
    the side of the shoulder-wrist line the elbow lies on."""
    joints = robot.joints
    return (robot.n == 6 and robot.convention == "standard" and all(robot.revolute[:3])
            and joints[1].alpha == 0 and pieper_applies(robot))


def _dot(a, b):
    """Row-wise dot product of ``(k, 3)`` arrays (``b`` may be one vector ``(3,)``)."""
    return np.einsum("ki,ki->k", a, np.broadcast_to(b, a.shape))

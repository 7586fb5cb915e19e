"""Joint workspace (3D-RAS section 5): the joint values a range of gripper positions needs.

The user gives gripper positions (a sweep of ``px``, ``py`` or ``pz`` through a point, or a 3D
box). For the Lynx6 (and arms of its shape) with the wrist's angle to the ground, the
closed-form IK (:func:`robosim.ik.lynx6_ik`) gives the joint values of each, and
every position is marked with

- the joints outside their limits (the paper's q1..q4 indicators; the geometric value is kept so
  a plot shows how far it goes),
- *out of reach*: no real solution (the wrist point is farther from the shoulder than the upper
  arm and forearm can stretch), or beyond the paper's bound on the arm's physical length
  (eqs. 19-20).

Every other arm is solved numerically (:mod:`robosim.workspace.numeric_joint`): position
only below 6 joints, the gripper's orientation held (default: the start configuration's) from
6 joints; the same indicators, found by a second search with the limits opened, are a verdict
of the search rather than a proof, and there is no eq. 19-20 bound.

Units: positions in the robot's length unit, world frame; joint values and the wrist pitch in
radians. Everything is vectorised over the positions.

See Also
--------
robosim.workspace : the forward question (where the joints can take the gripper).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..errors import ValidationError
from ..ik import is_lynx6_shaped, lynx6_ik, lynx6_link_lengths
from ..kinematics import Robot, inverse, r2rpy
from . import numeric_joint as numeric

AXES = "xyz"
#: Most positions one closed-form joint-workspace run takes (a 100 x 100 x 100 box); numeric
#: runs take :data:`robosim.workspace.numeric_joint.MAX_POSITIONS`.
MAX_POSITIONS = 1_000_000
#: :meth:`JointWorkspace.limit_code` of a position out of reach.
OUT_OF_REACH_CODE = -1


@dataclass
class JointWorkspace:
    """Joint values along a sweep or over a box of gripper positions.

    Attributes
    ----------
    robot_name, unit : str
    positions : ndarray (N, 3)
        Gripper positions, world frame.
    q : ndarray (N, n)
        IK joint values (radians): the geometric value even where a joint leaves its limits;
        where out of reach, the configuration that stretches the arm towards the position
        (numeric: the closest approach found).
    outside : ndarray (N, n) of bool
        Joint ``j`` is outside its limits (meaningful where not out of reach).
    no_solution : ndarray (N,) of bool
        The IK has no real solution (eq. 29); numeric: not reached even with the limits open.
    beyond_length : ndarray (N,) of bool
        Farther from the base than the paper's physical length (eqs. 19-20); always False
        for a numeric run.
    wrist_pitch : float or None
        The gripper's angle to the ground (radians); None for a numeric run.
    swept : ndarray (N,) or None
        For a sweep, the swept coordinate of each position; None for a box.
    axis : str or None
        The swept coordinate, "x", "y" or "z"; None for a box.
    elapsed : float
        Seconds.
    orientation : ndarray (3, 3) or None
        Numeric run of an arm with 6+ joints: the gripper rotation held (world frame); None
        when solved for position only (and for the closed form).
    search : str
        Numeric run: how the verdicts were searched; "" for the closed form.
    branch_switch : ndarray (N,) of bool or None
        Numeric sweep: True at a position whose solution had to change branch from the one
        before it (:func:`robosim.workspace.numeric_joint.branch_switches`: the joint curves
        jump there); None for a box or the closed form (one branch by construction).

    Examples
    --------
    The Lynx6 pointing straight down at ``(145, 0, 30)`` mm (in reach, joints at 0, 0, 0, -90,
    0: see :func:`joint_workspace`), at ``(700, 0, 30)`` (beyond its 420 mm) and at
    ``(-145, 0, 30)``, behind its base, which needs the base turned 180 degrees, past its
    +-90:

    >>> import robosim
    >>> lynx6 = robosim.load_robot("Lynx6")          # every joint limited to +-90 degrees
    >>> three = joint_workspace(lynx6, [[145, 0, 30], [700, 0, 30], [-145, 0, 30]],
    ...                         wrist_pitch=np.radians(-90))
    >>> three.out_of_reach.tolist(), three.outside[2].tolist(), three.reachable.tolist()
    ([False, True, False], [True, False, False, False, False], [True, False, False])
    """

    robot_name: str
    unit: str
    positions: np.ndarray
    q: np.ndarray
    outside: np.ndarray
    no_solution: np.ndarray
    beyond_length: np.ndarray
    wrist_pitch: float | None
    swept: np.ndarray | None = None
    axis: str | None = None
    elapsed: float = 0.0
    orientation: np.ndarray | None = None
    search: str = ""
    branch_switch: np.ndarray | None = None

    @property
    def numeric(self) -> bool:
        """True when solved numerically (not the Lynx6 closed form)."""
        return bool(self.search)

    @property
    def out_of_reach(self) -> np.ndarray:
        """``(N,)`` bool: no IK solution, or beyond the physical length (eqs. 19-20)."""
        return self.no_solution | self.beyond_length

    @property
    def reachable(self) -> np.ndarray:
        """``(N,)`` bool: in reach with every joint inside its limits."""
        return ~self.out_of_reach & ~self.outside.any(axis=-1)

    def limit_code(self) -> np.ndarray:
        """``(N,)`` int: which joints hit limits, as bits (joint ``j``, 1-based, is bit ``j-1``);
        0 when every joint is within its limits, :data:`OUT_OF_REACH_CODE` when out of reach.

        Examples
        --------
        The three positions of :class:`JointWorkspace`'s example: in reach, out of reach, and
        joint 1 outside its limits (bit 0, so code 1; joints 1 and 3 would give ``1 + 4 = 5``).

        >>> import robosim
        >>> lynx6 = robosim.load_robot("Lynx6")          # every joint limited to +-90 degrees
        >>> three = joint_workspace(lynx6, [[145, 0, 30], [700, 0, 30], [-145, 0, 30]],
        ...                         wrist_pitch=np.radians(-90))
        >>> three.limit_code().tolist()
        [0, -1, 1]
        """
        bits = (self.outside.astype(np.int64) << np.arange(self.outside.shape[-1])).sum(axis=-1)
        return np.where(self.out_of_reach, OUT_OF_REACH_CODE, bits)

    def summary(self) -> dict[str, Any]:
        """Counts as a JSON-ready dict.

        Examples
        --------
        The three positions of :class:`JointWorkspace`'s example: one reachable, one out of
        reach, one with joint 1 outside its limits.

        >>> import robosim
        >>> lynx6 = robosim.load_robot("Lynx6")          # every joint limited to +-90 degrees
        >>> three = joint_workspace(lynx6, [[145, 0, 30], [700, 0, 30], [-145, 0, 30]],
        ...                         wrist_pitch=np.radians(-90))
        >>> counts = three.summary()
        >>> counts["method"], counts["reachable"], counts["out_of_reach"]
        ('closed form', 1, 1)
        >>> counts["joint_outside_limits"], counts["wrist_pitch_deg"]
        ([1, 0, 0, 0, 0], -90.0)
        """
        in_reach = ~self.out_of_reach
        summary = {"robot": self.robot_name, "unit": self.unit,
                   "positions": len(self.positions),
                   "method": "numeric" if self.numeric else "closed form",
                   "wrist_pitch_deg": None if self.wrist_pitch is None
                   else math.degrees(self.wrist_pitch),
                   "reachable": int(self.reachable.sum()),
                   "out_of_reach": int(self.out_of_reach.sum()),
                   "joint_outside_limits": [int((self.outside[:, j] & in_reach).sum())
                                            for j in range(self.outside.shape[1])],
                   "elapsed_s": self.elapsed}
        if self.numeric:
            summary["held_orientation_rpy_deg"] = held_rpy_degrees(self.orientation)
            summary["search"] = self.search
        if self.branch_switch is not None:
            assert self.swept is not None, "branch switches are found along a sweep only"
            summary["branch_switches_at"] = self.swept[self.branch_switch].tolist()
        return summary


def held_rpy_degrees(orientation: ArrayLike | None) -> list[float] | None:
    """The held rotation as roll, pitch, yaw in degrees (ARCHITECTURE's RPY), or None.

    Examples
    --------
    A turn of 90 degrees about z is yaw 90:

    >>> from robosim.kinematics import rotz
    >>> held_rpy_degrees(rotz(np.pi / 2))
    [0.0, 0.0, 90.0]
    """
    if orientation is None:
        return None
    return (np.round(np.degrees(r2rpy(orientation)), 9) + 0.0).tolist()


def physical_length(robot: Robot) -> float:
    """The paper's eq. 20 bound ``sqrt((d1 + a2 + a3 + a4)^2 + a1^2)`` (length unit): the
    distance of the gripper from the base origin with the arm pointing straight up.

    Examples
    --------
    The library Lynx6 (``d1, a1, a2, a3, a4 = 65, 25, 120, 120, 155`` mm):
    ``sqrt((65 + 120 + 120 + 155)^2 + 25^2) = sqrt(460^2 + 25^2) = 460.679`` mm.

    >>> import robosim
    >>> round(physical_length(robosim.load_robot("Lynx6")), 3)
    460.679
    """
    d1, a1, a2, a3, a4 = lynx6_link_lengths(robot)
    return math.hypot(d1 + a2 + a3 + a4, a1)


def beyond_physical_length(robot: Robot, positions: ArrayLike) -> np.ndarray:
    """``(N,)`` bool: eqs. 19-20, the vector from the base frame to the gripper, in the arm's
    vertical plane, is longer than :func:`physical_length`.

    Examples
    --------
    The Lynx6's gripper can be at most ``460.679`` mm from its base frame's origin (see
    :func:`physical_length`): 300 mm is within, 500 mm beyond.

    >>> import robosim
    >>> lynx6 = robosim.load_robot("Lynx6")
    >>> beyond_physical_length(lynx6, [[300, 0, 0], [0, 0, 500]]).tolist()
    [False, True]
    """
    local = np.asarray(positions, dtype=float) @ inverse(robot.base)[:3, :3].T \
        + inverse(robot.base)[:3, 3]
    return np.linalg.norm(local, axis=-1) > physical_length(robot) * (1 + 1e-12)


def joint_workspace(robot: Robot, positions: ArrayLike, wrist_pitch: float | None = None, *,
                    elbow: str | None = None, reach: str | None = None,
                    swept: np.ndarray | None = None, axis: str | None = None,
                    **numeric_options: Any) -> JointWorkspace:
    """IK of every position ``(N, 3)``.

    Lynx6-shaped arms (:func:`is_lynx6_shaped`): closed form with the gripper at
    ``wrist_pitch`` (radians, required); ``elbow`` "up" (default) or "down"; ``reach``
    "front" (default) is the paper's arm, facing the target, "either" also leans back over
    the base where facing fails (see :func:`robosim.ik.lynx6_ik`).

    Any other arm: numeric (:func:`robosim.workspace.numeric_joint.solve_positions`: a sweep,
    ``axis`` given, as a path from ``q0``; a box batched), with ``numeric_options`` ``q0``
    (start configuration, default home), ``orientation`` ((3, 3) held by 6+ joint arms,
    default the start's) and ``position_only``. Lynx6 settings are refused for it, and
    numeric options for a Lynx6, with a message saying so.

    Examples
    --------
    The Lynx6 (links 65, 25, 120, 120, 155 mm) with the gripper pointing straight down at
    ``(145, 0, 30)`` (the wrist then ``(120, 120)`` from the shoulder, upper arm up and forearm
    level) and at ``(700, 0, 30)``, farther than the 420 mm the arm stretches from the base axis:

    >>> import robosim
    >>> lynx6 = robosim.load_robot("Lynx6")
    >>> sweep = joint_workspace(lynx6, [[145, 0, 30], [700, 0, 30]], np.radians(-90))
    >>> sweep.out_of_reach.tolist(), (np.degrees(sweep.q[0]).round(3) + 0.0).tolist()
    ([False, True], [0.0, 0.0, 0.0, -90.0, 0.0])
    """
    began = time.perf_counter()
    positions = checks.points(positions, "positions").reshape(-1, 3)
    if len(positions) > MAX_POSITIONS:
        raise ValidationError(f"{len(positions):,} positions: at most {MAX_POSITIONS:,} "
                              f"(use fewer steps)")
    if not is_lynx6_shaped(robot):
        given = [name for name, value in (("wrist pitch", wrist_pitch), ("elbow", elbow),
                                          ("reach", reach)) if value is not None]
        if given:
            raise ValidationError(f"the {' and '.join(given)} "
                                  f"{'setting is' if len(given) == 1 else 'settings are'} for "
                                  f"Lynx6-shaped arms only; {robot.name} is solved numerically")
        searched = numeric.solve_positions(robot, positions, path=axis is not None,
                                           **numeric_options)
        return JointWorkspace(robot.name, robot.unit, positions, searched.q, searched.outside,
                              searched.no_solution, np.zeros(len(positions), dtype=bool), None,
                              swept, axis, time.perf_counter() - began, searched.orientation,
                              numeric.search_text(robot, axis is not None,
                                                  searched.orientation),
                              searched.switch if axis is not None else None)
    given = [name for name, value in numeric_options.items()
             if value is not None and value is not False]
    if given:
        raise ValidationError(f"{robot.name} is solved in closed form from the wrist pitch: "
                              f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} for "
                              f"other arms")
    if wrist_pitch is None:
        raise ValidationError(f"{robot.name}: give the wrist pitch (the gripper's angle to "
                              f"the ground)")
    wrist_pitch = checks.finite(wrist_pitch, "wrist_pitch")
    solution = lynx6_ik(robot, positions, wrist_pitch, elbow=elbow or "up",
                        reach=reach or "front")
    limits = robot.limits
    outside = (solution.q < limits[:, 0] - 1e-9) | (solution.q > limits[:, 1] + 1e-9)
    return JointWorkspace(robot.name, robot.unit, positions, solution.q, outside,
                          solution.out_of_reach.copy(), beyond_physical_length(robot, positions),
                          wrist_pitch, swept, axis, time.perf_counter() - began)


def _count(count: int, what: str) -> int:
    return checks.count(count, what, 2, MAX_POSITIONS)


def _finite_triple(values: ArrayLike, what: str) -> np.ndarray:
    return checks.vector(values, f"{what} (x y z)")


def joint_sweep(robot: Robot, axis: str, start: float, stop: float, count: int,
                through: ArrayLike, wrist_pitch: float | None = None,
                **options: Any) -> JointWorkspace:
    """Sweep one coordinate of the gripper from ``start`` to ``stop`` in ``count`` positions.

    Parameters
    ----------
    robot : Robot
        The arm (the Lynx6 in closed form, others numerically).
    axis : {"x", "y", "z"}
        The coordinate swept.
    start, stop : float
        The swept coordinate's first and last value (world, length unit).
    count : int
        Positions, evenly spaced, ends included.
    through : (3,)
        The other two coordinates come from this point (world, length unit).
    wrist_pitch, options
        As :func:`joint_workspace`: ``wrist_pitch``, ``elbow``, ``reach`` for the Lynx6;
        ``q0``, ``orientation``, ``position_only`` for other arms.

    Examples
    --------
    Straight out in front of the Lynx6 at shoulder height, gripper level:

    >>> from robosim import load_robot
    >>> sweep = joint_sweep(load_robot("lynx6"), "x", 100, 600, 6, (0, 0, 65), 0.0)
    >>> sweep.out_of_reach.tolist()      # 25 + 395 = 420 mm is as far as it stretches
    [False, False, False, False, True, True]
    """
    axis = checks.choice(axis, "the swept coordinate", tuple(AXES))
    start, stop = checks.finite(start, "start"), checks.finite(stop, "stop")
    if start == stop:
        raise ValidationError(f"sweep {axis} from {start:g} to {stop:g}: give two different "
                              f"finite numbers")
    values = np.linspace(start, stop, _count(count, "the number of positions"))
    positions = np.repeat(_finite_triple(through, "the point swept through")[None, :],
                          len(values), axis=0)
    positions[:, AXES.index(axis)] = values
    return joint_workspace(robot, positions, wrist_pitch, swept=values, axis=axis, **options)


def joint_box(robot: Robot, lower: ArrayLike, upper: ArrayLike, counts: ArrayLike,
              wrist_pitch: float | None = None, **options: Any) -> JointWorkspace:
    """Every position of a box ``lower..upper`` (3,) sampled with ``counts`` (3 ints >= 1);
    ``wrist_pitch`` and ``options`` as :func:`joint_workspace`.

    Examples
    --------
    The Lynx6 pointing straight down over a box 145..200 mm out, 0 across, 30 high, in 2 x 1 x 1
    positions: both within reach (the wrist 155 mm above each, at most 175 mm out and 120
    up from the shoulder: ``sqrt(175^2 + 120^2) = 212 < 240`` mm of upper arm and forearm).

    >>> import robosim
    >>> lynx6 = robosim.load_robot("Lynx6")
    >>> box = joint_box(lynx6, [145, 0, 30], [200, 0, 30], [2, 1, 1], np.radians(-90))
    >>> box.positions.tolist(), box.out_of_reach.tolist()
    ([[145.0, 0.0, 30.0], [200.0, 0.0, 30.0]], [False, False])
    """
    low = _finite_triple(lower, "the box's lower corner")
    high = _finite_triple(upper, "the box's upper corner")
    if np.any(low > high):
        i = int(np.argmax(low > high))
        raise ValidationError(f"the box is reversed along {AXES[i]}: lower {low[i]:g} > "
                              f"upper {high[i]:g}")
    counts = checks.real_array(counts, "counts")
    if counts.shape not in ((), (3,)):
        raise ValidationError(f"counts must be one count for all axes or 3 (x y z), got shape "
                              f"{counts.shape}")
    per_axis = [checks.count(c, "counts") for c in np.broadcast_to(counts, (3,)).tolist()]
    if min(per_axis) < 1 or math.prod(per_axis) > MAX_POSITIONS:
        raise ValidationError(f"box of {' x '.join(map(str, per_axis))} positions: each count "
                              f"at least 1, at most {MAX_POSITIONS:,} in all")
    axes = [np.linspace(lo, hi, c) if c > 1 else np.array([(lo + hi) / 2.0])
            for lo, hi, c in zip(low, high, per_axis, strict=True)]
    positions = np.stack(np.meshgrid(*axes, indexing="ij"), axis=-1).reshape(-1, 3)
    return joint_workspace(robot, positions, wrist_pitch, **options)

"""Serial arms described by Denavit-Hartenberg tables: :class:`Joint` and :class:`Robot`.

Conventions (see ARCHITECTURE):

- Joint values ``q`` are radians for revolute joints and the robot's length unit for prismatic
  joints. Degrees appear only at the edges (files, GUI, CLI): see :meth:`Robot.q_from_user`.
- Joint variable: ``theta_i = q_i + offset_i`` (revolute), ``d_i = q_i + offset_i`` (prismatic).
- Standard DH: ``A_i = Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i)``.
  Modified DH (Craig): ``A_i = Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta_i) Tz(d_i)``; row ``i`` of a
  modified table stores ``a_{i-1}`` and ``alpha_{i-1}`` in its ``a`` and ``alpha`` fields.
- ``fk(q) = base @ A_1 @ ... @ A_n @ tool``.
- Jacobian rows are ``[vx, vy, vz, wx, wy, wz]`` in the base (world) frame.
- Everything takes a leading batch axis: ``(..., n)`` in, ``(..., 4, 4)`` out.

The kinematics themselves (the frames, the Jacobian, its derivatives) are written once in
:mod:`robosim.kinematics.chain`; :class:`Robot`'s methods check their input, run them and shape
the result.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from types import MappingProxyType
from typing import Protocol, Sequence

import numpy as np
from numpy.typing import ArrayLike

from ..checks import (batch_count, choice, configuration, finite, generator, instances,
                      joint_array, joint_arrays, mapping, non_negative, real_array, vector)
from ..errors import ValidationError
from .chain import (Chain, Link, chain_frames, end_frame, frame_columns, frame_entries, hessian,
                    jacobian, jacobian_dot)
from .elementary import evaluate
from .transforms import xyzrpy2tr

REVOLUTE = "R"
PRISMATIC = "P"
CONVENTIONS = ("standard", "modified")
LENGTH_UNITS = ("mm", "cm", "m")
MAX_JOINTS = 12
#: Robot and joint names appear in every table and message: robot files (and URDFs) give them
#: at most this many characters.
MAX_NAME_CHARACTERS = 100
#: Names of the Jacobian's rows, in order (ARCHITECTURE: linear velocity, then angular).
JACOBIAN_ROWS = ("vx", "vy", "vz", "wx", "wy", "wz")
#: Configurations on which :attr:`Robot.manipulability_rows` looks for rows that never move.
MANIPULABILITY_SAMPLES = 32
#: A Jacobian row below this (times the robot's size for the translational rows) in every
#: sampled configuration never moves: a planar arm's vz is 0 up to rounding (1e-16 relative)
#: when its base is turned by an angle whose cosine is not exact.
STRUCTURAL_ZERO = 1e-9
#: The Jacobian rows :meth:`Robot.null_space` holds still: the tool's whole pose, or only the
#: position of its point.
HELD_ROWS = {"pose": (0, 1, 2, 3, 4, 5), "position": (0, 1, 2)}
#: A singular value of the Jacobian, its position rows in robot sizes (unit free, as
#: :func:`robosim.kinematics.scaled_jacobian`), below this counts as 0 in the arm's generic rank
#: (:meth:`Robot.null_space`): rounding leaves about 1e-16, a random configuration's smallest
#: singular value is rarely below 1e-4.
RANK_TOLERANCE = 1e-9


class PerLink(Protocol):
    """What :class:`Robot` checks of its ``dynamics`` and ``meshes`` (defined in layers above
    the kinematics): one entry a link."""

    @property
    def links(self) -> Sequence[object]: ...


@dataclass(frozen=True)
class Joint:
    """One row of a DH table.

    Parameters
    ----------
    kind : {"R", "P"}
        Revolute or prismatic.
    a, alpha : float
        Link length (length unit) and twist (radians). In a modified-DH robot these are
        ``a_{i-1}`` and ``alpha_{i-1}``, as in Craig's table.
    d : float
        Link offset of a revolute joint (length unit). Must be 0 for a prismatic joint, whose
        ``d`` is its variable.
    theta : float
        Joint angle of a prismatic joint (radians). Must be 0 for a revolute joint, whose
        ``theta`` is its variable.
    offset : float
        Added to the joint value: ``theta = q + offset`` or ``d = q + offset``.
    limits : (float, float)
        Lower and upper limit of ``q`` (radians or length unit); ``lower <= upper``.
    home : float
        The value of ``q`` in the robot's home pose; must lie within ``limits``.
    name : str
        Shown in tables and on sliders.

    Examples
    --------
    A revolute joint turning +-180 degrees by default, and a slide of half a metre:

    >>> elbow = Joint(a=1.0, name="elbow")
    >>> elbow.is_revolute, [round(math.degrees(limit), 3) for limit in elbow.limits]
    (True, [-180.0, 180.0])
    >>> slide = Joint("P", limits=(0.0, 0.5), name="slide")
    >>> slide.is_revolute, slide.limits
    (False, (0.0, 0.5))
    """

    kind: str = REVOLUTE
    a: float = 0.0
    alpha: float = 0.0
    d: float = 0.0
    theta: float = 0.0
    offset: float = 0.0
    limits: tuple[float, float] = (-math.pi, math.pi)
    home: float = 0.0
    name: str = ""

    def __post_init__(self):
        if self.kind not in (REVOLUTE, PRISMATIC):
            raise ValidationError(f"joint type must be 'R' or 'P', got {self.kind!r}")
        for attr in ("a", "alpha", "d", "theta", "offset", "home"):
            object.__setattr__(self, attr, finite(getattr(self, attr), attr))
        lower, upper = vector(self.limits, "limits (min, max)", 2).tolist()
        if lower > upper:
            raise ValidationError(f"limits are reversed: min {lower:g} > max {upper:g}")
        object.__setattr__(self, "limits", (lower, upper))
        if self.kind == REVOLUTE and self.theta != 0.0:
            raise ValidationError("a revolute joint's theta is its variable: put a constant "
                                  "angle in offset")
        if self.kind == PRISMATIC and self.d != 0.0:
            raise ValidationError("a prismatic joint's d is its variable: put a constant "
                                  "length in offset")
        if not lower <= self.home <= upper:
            raise ValidationError(f"home value {self.home:g} is outside the limits "
                                  f"[{lower:g}, {upper:g}]")

    @property
    def is_revolute(self) -> bool:
        return self.kind == REVOLUTE


def _read_only(array):
    """``array`` made read-only: a robot's precomputed arrays never change after it is built."""
    array.setflags(write=False)
    return array


@dataclass(frozen=True, eq=False)
class Robot:
    """A serial arm: a DH table plus base and tool transforms.

    Parameters
    ----------
    joints : sequence of Joint
        1 to 12 joints, base to end effector.
    name : str
    convention : {"standard", "modified"}
    unit : {"mm", "cm", "m"}
        Length unit of every length in the table, the base, the tool and the results.
    base_xyz, base_rpy, tool_xyz, tool_rpy : sequence of 3 floats
        Base (world to frame 0) and tool (frame n to end effector) transforms as a position
        (length unit) and roll-pitch-yaw (radians).
    poses : dict of str to sequence of float
        Named joint configurations besides ``home`` (which comes from the joints); kept as a
        read-only mapping.
    manufacturer, source, notes : str
        Descriptive metadata; ``source`` says where the numbers come from.
    dynamics : robosim.dynamics.Dynamics, optional
        Masses, centres of mass, inertias (one per joint) and gravity, for
        :mod:`robosim.dynamics`; None for a kinematic model only.
    meshes : robosim.robot_files.RobotMeshes, optional
        STL meshes of the base, the links (one entry per joint) and the gripper, for the
        drawing's "mesh" style; None for none.

    Examples
    --------
    A planar two-link arm with unit links, stretched out along X:

    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> np.round(arm.fk([0.0, np.pi / 2])[:3, 3], 12)
    array([1., 1., 0.])

    A robot is immutable: its kinematics are precomputed when it is built, so a changed robot
    is a new one, from :func:`dataclasses.replace` (or :meth:`with_limits`):

    >>> from dataclasses import replace
    >>> longer = replace(arm, tool_xyz=(0.5, 0.0, 0.0))
    >>> np.round(longer.fk([0.0, 0.0])[:3, 3], 12)
    array([2.5, 0. , 0. ])
    """

    joints: tuple[Joint, ...]
    name: str = "robot"
    convention: str = "standard"
    unit: str = "mm"
    base_xyz: tuple[float, float, float] = (0.0, 0.0, 0.0)
    base_rpy: tuple[float, float, float] = (0.0, 0.0, 0.0)
    tool_xyz: tuple[float, float, float] = (0.0, 0.0, 0.0)
    tool_rpy: tuple[float, float, float] = (0.0, 0.0, 0.0)
    poses: dict = field(default_factory=dict)
    manufacturer: str = ""
    source: str = ""
    notes: str = ""
    dynamics: PerLink | None = None
    meshes: PerLink | None = None
    # Derived once in __post_init__ (not arguments): the transforms, the chain the kinematics
    # multiply (robosim.kinematics.chain) and the joints' constants as arrays.
    base: np.ndarray = field(init=False, repr=False, compare=False)
    tool: np.ndarray = field(init=False, repr=False, compare=False)
    chain: Chain = field(init=False, repr=False, compare=False)
    _revolute: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        # Frozen: the checked and derived values are set once, here, through object's
        # __setattr__; afterwards assigning to a field raises (a changed robot is a new one:
        # dataclasses.replace or with_limits).
        def keep(attr, value):
            object.__setattr__(self, attr, value)

        keep("joints", instances(self.joints, Joint, "joints", MAX_JOINTS))
        if not self.joints:
            raise ValidationError("a robot needs at least one joint (the table is empty)")
        choice(self.convention, "convention", CONVENTIONS)
        choice(self.unit, "unit", LENGTH_UNITS)
        for attr in ("base_xyz", "base_rpy", "tool_xyz", "tool_rpy"):
            keep(attr, tuple(vector(getattr(self, attr), attr).tolist()))
        poses = {}
        for pose_name, q in mapping(self.poses, "poses", "{name: joint values}").items():
            if pose_name == "home":
                raise ValidationError("pose 'home' comes from the joints' home values; "
                                      "do not list it under poses")
            poses[pose_name] = tuple(configuration(self, q, f"pose {pose_name!r}").tolist())
        keep("poses", MappingProxyType(poses))
        for attr, model in (("dynamics", self.dynamics), ("meshes", self.meshes)):
            if model is not None and len(model.links) != self.n:
                raise ValidationError(f"{attr} lists {len(model.links)} links for {self.n} joints")
        keep("base", _read_only(xyzrpy2tr(self.base_xyz, self.base_rpy)))
        keep("tool", _read_only(xyzrpy2tr(self.tool_xyz, self.tool_rpy)))
        keep("_revolute", _read_only(np.array([j.is_revolute for j in self.joints])))
        # The constant part of theta and of d: the variable one is q + offset.
        links = tuple(Link.of(j.is_revolute, j.a, j.alpha, j.offset if j.is_revolute else j.theta,
                              j.d if j.is_revolute else j.offset) for j in self.joints)
        keep("chain", Chain(links, self.convention, frame_columns(self.base),
                            frame_columns(self.tool)))

    def __reduce__(self):
        """Pickled and deep-copied as its fields: a copy is built again, like any robot (the
        read-only ``poses`` mapping itself cannot be pickled)."""
        values = {item.name: getattr(self, item.name) for item in fields(self) if item.init}
        values["poses"] = dict(self.poses)
        return _rebuild_robot, (values,)

    # ----------------------------------------------------------------- description
    @property
    def n(self) -> int:
        """Number of joints (degrees of freedom)."""
        return len(self.joints)

    @property
    def revolute(self) -> np.ndarray:
        """Boolean mask ``(n,)``: True where the joint is revolute."""
        return self._revolute.copy()

    @property
    def joint_types(self) -> str:
        """The joint types as a string such as ``"RRP"``.

        Examples
        --------
        >>> arm = Robot([Joint(a=1.0), Joint("P"), Joint(a=0.5)], unit="m")
        >>> arm.joint_types, arm.n, arm.revolute.tolist()
        ('RPR', 3, [True, False, True])
        """
        return "".join(j.kind for j in self.joints)

    @property
    def limits(self) -> np.ndarray:
        """Joint limits ``(n, 2)``: lower and upper, radians or length unit."""
        return np.array([j.limits for j in self.joints])

    @property
    def home(self) -> np.ndarray:
        """Home configuration ``(n,)``."""
        return np.array([j.home for j in self.joints])

    def joint_variables(self, q: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        """DH ``theta`` (radians) and ``d`` (length unit), each ``(n, ...)``, for ``q``
        ``(..., n)``.

        ``theta_i = q_i + offset_i`` and ``d_i = d_i`` for a revolute joint; ``theta_i`` constant
        and ``d_i = q_i + offset_i`` for a prismatic one. The joint axis comes first so that
        ``theta[i]`` is joint i's row.

        Examples
        --------
        A revolute joint with a 90 degree offset, then a prismatic one with ``theta = 0``:

        >>> arm = Robot([Joint(offset=np.pi / 2), Joint("P", d=0.0)], unit="m")
        >>> theta, d = arm.joint_variables([np.pi / 6, 0.25])
        >>> np.degrees(theta).round(3).tolist(), d.round(3).tolist()
        ([120.0, 0.0], [0.0, 0.25])
        """
        theta = np.where(self._revolute, q, 0.0) + [link.theta for link in self.chain.links]
        d = np.where(self._revolute, 0.0, q) + [link.d for link in self.chain.links]
        return np.moveaxis(theta, -1, 0), np.moveaxis(d, -1, 0)

    def pose(self, pose_name: str) -> np.ndarray:
        """A named configuration ``(n,)``; ``"home"`` always exists.

        Examples
        --------
        The Puma 560's "ready" pose ``qr`` (Corke's name) stands the arm straight up:

        >>> import robosim
        >>> puma = robosim.load_robot("Puma 560")
        >>> print(np.degrees(puma.pose("qr")).round(3) + 0.0)
        [  0.  90. -90.   0.   0.   0.]
        >>> puma.pose("home").tolist()
        [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
        """
        if pose_name == "home":
            return self.home
        try:
            return np.array(self.poses[pose_name])
        except (KeyError, TypeError):           # TypeError: a list or a dict is no name
            known = ", ".join(["home", *self.poses])
            raise ValidationError(f"robot {self.name!r} has no pose {pose_name!r} "
                                  f"(known: {known})") from None

    @cached_property
    def length_scale(self) -> float:
        """A characteristic size (length unit): sum of ``|a|``, ``|d|`` and prismatic travel.

        An upper bound of the distance from frame 0 to the end effector, used to size views and
        default ranges; never zero.

        Examples
        --------
        The two-link arm with unit links: ``1 + 1 = 2``, as far as its tip gets.

        >>> Robot([Joint(a=1.0), Joint(a=1.0)], unit="m").length_scale
        2.0
        """
        travel = sum(max(abs(j.limits[0] + j.offset), abs(j.limits[1] + j.offset))
                     for j in self.joints if not j.is_revolute)
        total = (travel + np.abs([j.a for j in self.joints]).sum()
                 + np.abs([j.d for j in self.joints if j.is_revolute]).sum()
                 + np.linalg.norm(self.tool_xyz))
        return float(total) if total > 0 else 1.0

    # --------------------------------------------------------------- joint values
    def check_q(self, q: ArrayLike, what: str = "joint values") -> np.ndarray:
        """``q`` as a float array ``(..., n)``; raises ValidationError on a wrong size, NaN, or
        anything that is not real numbers, or a batch too large to compute
        (:func:`robosim.checks.joint_array`, the edge every public function's joint values
        pass).

        Examples
        --------
        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> arm.check_q([0.1, 0.2]).tolist()
        [0.1, 0.2]
        >>> arm.check_q([0.1, 0.2, 0.3])
        Traceback (most recent call last):
            ...
        robosim.errors.ValidationError: joint values: robot has 2 joints, got 3 value(s)
        """
        return joint_array(self, q, what)

    def within_limits(self, q: ArrayLike, tolerance: float = 1e-9) -> np.bool_ | np.ndarray:
        """Boolean ``(...)``: True where every joint of ``q`` ``(..., n)`` is within its limits.

        Examples
        --------
        >>> arm = Robot([Joint(a=1.0, limits=(-np.pi / 2, np.pi / 2))], unit="m")
        >>> arm.within_limits([[0.5], [2.0]]).tolist()        # 2 rad is past 90 degrees
        [True, False]
        """
        tolerance = non_negative(tolerance, "tolerance")
        return ~np.any(self._outside_limits(self.check_q(q), tolerance), axis=-1)

    def _outside_limits(self, q, tolerance):
        """Joint by joint ``(..., n)``: True where a value of ``q`` is beyond its limit by more
        than ``tolerance``."""
        return (q < self.limits[:, 0] - tolerance) | (q > self.limits[:, 1] + tolerance)

    def check_within_limits(self, q: ArrayLike, what: str = "pose",
                            tolerance: float = 1e-9) -> None:
        """Raise a ValidationError naming the first joint of ``q`` ``(n,)`` outside its limits.

        The one limit check with a message, shared by the CLI and the GUI. The message reads in
        the user's units (degrees, the robot's length unit)::

            target: joint 2 (shoulder) = 95 deg is outside its limits [-90, 90]

        Parameters
        ----------
        q : array_like, shape (n,)
            Joint values in API units (radians, length unit).
        what : str, optional
            What ``q`` is, the start of the message ("pose", "target", "row 3").
        tolerance : float, optional
            Slack in API units, as :meth:`within_limits`.

        Examples
        --------
        A joint limited to +-1 rad (+-57.2958 degrees) asked for 2 rad (114.592 degrees):

        >>> arm = Robot([Joint(a=1.0, limits=(-1.0, 1.0))], unit="m")
        >>> from robosim.errors import ValidationError
        >>> try:
        ...     arm.check_within_limits([2.0])
        ... except ValidationError as error:
        ...     print(error)
        pose: joint 1 (R) = 114.592 deg is outside its limits
        [-57.2958, 57.2958]
        """
        q = self.check_q(q, what)
        outside = self._outside_limits(q, tolerance)
        if not outside.any():
            return
        values, (low, high) = self.q_to_user(q), self.q_to_user(self.limits.T)
        i = int(np.flatnonzero(outside)[0])
        joint = self.joints[i]
        unit = "deg" if joint.is_revolute else self.unit
        raise ValidationError(f"{what}: joint {i + 1} ({joint.name or joint.kind}) = "
                              f"{values[i]:g} {unit} is outside its limits "
                              f"[{low[i]:g}, {high[i]:g}]")

    def check_trajectory_within_limits(self, t: ArrayLike, q: ArrayLike,
                                       what: str = "the trajectory") -> None:
        """Raise a ValidationError naming the first row of ``q`` ``(N, n)`` outside the limits,
        by its time ``t`` ``(N,)`` (s), and the joint (as :meth:`check_within_limits`)::

            the trajectory at t = 1.2 s: joint 2 (shoulder) = 85 deg is outside its limits
            [-81.0008, 81.0008]

        Examples
        --------
        Joint 1 may turn +-90 degrees; at t = 1 s the trajectory asks 100:

        >>> arm = Robot([Joint(a=1.0, limits=(-math.pi / 2, math.pi / 2)), Joint(a=1.0)], unit="m")
        >>> try:
        ...     arm.check_trajectory_within_limits([0.0, 0.5, 1.0],
        ...                                        np.radians([[0, 0], [80, 0], [100, 0]]))
        ... except ValidationError as error:
        ...     print(error)
        the trajectory at t = 1 s: joint 1 (R) = 100 deg is outside its limits [-90, 90]
        """
        q = np.atleast_2d(self.check_q(q, what))
        outside = ~self.within_limits(q)
        if outside.any():
            row = int(np.argmax(outside))
            self.check_within_limits(q[row], f"{what} at t = {np.ravel(t)[row]:g} s")

    def with_limits(self, limits: ArrayLike) -> Robot:
        """A copy whose joint limits are ``limits`` ``(n, 2)`` (API units); each home value
        is moved to the nearest value inside its new limits. The robot itself is unchanged.

        Example: ``lynx6.with_limits(np.radians([[-81, 81]] * 5))`` is the Lynx6 of a stock
        calibration (:func:`robosim.hardware.calibrated_limits`), its home still 0.

        Examples
        --------
        >>> arm = Robot([Joint(a=1.0)], unit="m")
        >>> narrow = arm.with_limits(np.radians([[10, 90]]))
        >>> np.degrees(narrow.limits).round(3).tolist(), np.degrees(narrow.home).round(3).tolist()
        ([[10.0, 90.0]], [10.0])
        """
        limits = real_array(limits, "limits")
        if limits.shape != (self.n, 2):
            raise ValidationError(f"{self.name}: limits must be ({self.n}, 2), got shape "
                                  f"{limits.shape}")
        joints = [replace(joint, limits=(float(low), float(high)),
                          home=float(np.clip(joint.home, low, high)))
                  for joint, (low, high) in zip(self.joints, limits, strict=True)]
        return replace(self, joints=tuple(joints))

    def random_q(self, size: int | None = None,
                 rng: int | np.random.Generator | None = None) -> np.ndarray:
        """Uniformly random configurations inside the limits: ``(n,)`` or ``(size, n)``.

        Examples
        --------
        Repeatable with a seed, and always inside the limits:

        >>> arm = Robot([Joint(a=1.0, limits=(0.0, 0.5)), Joint(a=1.0)], unit="m")
        >>> q = arm.random_q(1000, rng=0)
        >>> q.shape, bool(arm.within_limits(q).all()), bool((arm.random_q(rng=0) == q[0]).all())
        ((1000, 2), True, True)
        """
        rng = generator(rng)
        lim = self.limits
        shape = (self.n,) if size is None else (batch_count(size, "size", 2 * self.n), self.n)
        return rng.uniform(lim[:, 0], lim[:, 1], size=shape)

    def q_to_user(self, q: ArrayLike) -> np.ndarray:
        """Radians to degrees for revolute joints; prismatic values unchanged.

        Examples
        --------
        >>> arm = Robot([Joint(), Joint("P")], unit="mm")
        >>> arm.q_to_user([np.pi / 2, 40.0]).round(3).tolist()     # degrees, millimetres
        [90.0, 40.0]
        """
        q = np.asarray(q, dtype=float)
        return np.where(self._revolute, np.degrees(q), q)

    def q_from_user(self, values: ArrayLike) -> np.ndarray:
        """Degrees to radians for revolute joints; prismatic values unchanged.

        Examples
        --------
        >>> arm = Robot([Joint(), Joint("P")], unit="mm")
        >>> arm.q_from_user([180.0, 40.0]).round(4).tolist()       # pi radians, millimetres
        [3.1416, 40.0]
        """
        values = np.asarray(values, dtype=float)
        return np.where(self._revolute, np.radians(values), values)

    # ------------------------------------------------------------------ kinematics
    def fk(self, q: ArrayLike) -> np.ndarray:
        """End-effector pose ``base @ A_1 ... A_n @ tool`` (the chain's frames,
        :func:`~robosim.kinematics.chain.chain_frames`, and the tool,
        :func:`~robosim.kinematics.chain.end_frame`).

        Parameters
        ----------
        q : array_like, shape (n,) or (..., n)
            Joint values: radians (revolute), length unit (prismatic).

        Returns
        -------
        T : ndarray, shape (4, 4) or (..., 4, 4)

        See Also
        --------
        fk_all : every frame along the arm.

        Examples
        --------
        The planar two-link arm with unit links at ``q = (30, 60)`` degrees: the elbow is at
        ``(cos 30, sin 30) = (0.866, 0.5)``, the tip one link further along ``30 + 60 = 90``
        degrees, at ``(0.866, 1.5)``; the end frame's x axis points along 90 degrees, ``(0, 1,
        0)``.

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> T = arm.fk(np.radians([30, 60]))
        >>> (T[:3, 3].round(3) + 0.0).tolist(), (T[:3, 0].round(3) + 0.0).tolist()
        ([0.866, 1.5, 0.0], [0.0, 1.0, 0.0])
        """
        (values,), batch = joint_arrays(self, (q, "q"), floats=16 + 2 * self.n)
        return evaluate(self._pose_entries, batch, (4, 4), values)

    def fk_all(self, q: ArrayLike) -> np.ndarray:
        """Every frame: ``(..., n + 1, 4, 4)``, frame 0 is the base, frame i ends link i.

        The tool is not included: ``fk(q) == fk_all(q)[..., -1, :, :] @ robot.tool``.

        Examples
        --------
        The same arm's frame origins: the base, the elbow and the tip.

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> (arm.fk_all(np.radians([30, 60]))[:, :2, 3].round(3) + 0.0).tolist()
        [[0.0, 0.0], [0.866, 0.5], [0.866, 1.5]]
        """
        (values,), batch = joint_arrays(self, (q, "q"), floats=16 * (self.n + 1) + 2 * self.n)
        return evaluate(self._frames_entries, batch, (self.n + 1, 4, 4), values)

    def jacobian(self, q: ArrayLike) -> np.ndarray:
        """Geometric Jacobian ``(..., 6, n)`` in the base frame, rows ``[v; w]``
        (:func:`~robosim.kinematics.chain.jacobian_columns`).

        Column i is ``[z x (p_e - o); z]`` for a revolute joint and ``[z; 0]`` for a prismatic
        one, where ``z`` and ``o`` are the joint's axis and a point on it (frame i-1 in the
        standard convention, frame i in the modified one) and ``p_e`` is the end effector
        (tool included).

        Examples
        --------
        The planar two-link arm with unit links at ``q = (0, 0)``: the tip (2, 0, 0) moves
        along Y at 2 per radian of joint 1 and 1 per radian of joint 2.

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> arm.jacobian([0.0, 0.0])[[1, 5]]
        array([[2., 1.],
               [1., 1.]])
        """
        (values,), batch = joint_arrays(self, (q, "q"), floats=8 * self.n)
        return evaluate(self._jacobian_entries, batch, (6, self.n), values)

    def hessian(self, q: ArrayLike) -> np.ndarray:
        """The manipulator Hessian: ``H[..., i, :, j] = dJ[:, j] / dq_i``, in the base frame
        (:func:`~robosim.kinematics.chain.hessian`: Haviland and Corke's, from the Jacobian's
        columns).

        The shape and order are those of the Robotics Toolbox's ``hessian0``, ``(n, 6, n)``.

        Parameters
        ----------
        q : array_like, shape (n,) or (..., n)
            Joint values: radians (revolute), length unit (prismatic).

        Returns
        -------
        H : ndarray, shape (..., n, 6, n)

        Examples
        --------
        The planar two-link arm (unit links) at ``q = (0, 0)``: ``x = cos q1 + cos(q1 + q2)``,
        whose second derivatives there are ``[[-2, -1], [-1, -1]]``, the ``vx`` row of
        ``dJ/dq1`` and ``dJ/dq2``:

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> arm.hessian([0.0, 0.0])[:, 0, :]
        array([[-2., -1.],
               [-1., -1.]])
        """
        (values,), batch = joint_arrays(self, (q, "q"), floats=6 * self.n ** 2 + 8 * self.n)
        return evaluate(self._hessian_entries, batch, (self.n, 6, self.n), values)

    def jacobian_dot(self, q: ArrayLike, qd: ArrayLike) -> np.ndarray:
        """The Jacobian's time derivative ``dJ/dt = sum_i H_i qd_i`` (see :meth:`hessian` and
        :func:`~robosim.kinematics.chain.jacobian_dot`), so that the end effector's
        acceleration is ``J qdd + dJ/dt qd``.

        Parameters
        ----------
        q, qd : array_like, shape (n,) or (..., n)
            Joint values and velocities (radians or length unit, per second).

        Returns
        -------
        Jdot : ndarray, shape (..., 6, n)

        Examples
        --------
        The planar two-link arm at ``q = (0, 0)`` with joint 1 turning at 1 rad/s: the
        ``vx`` row of ``dJ/dt`` is that of ``dJ/dq1`` (:meth:`hessian`), ``(-2, -1)``.

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> arm.jacobian_dot([0.0, 0.0], [1.0, 0.0])[0]
        array([-2., -1.])
        """
        values, batch = joint_arrays(self, (q, "q"), (qd, "qd"), floats=10 * self.n)
        return evaluate(self._jacobian_dot_entries, batch, (6, self.n), *values)

    # The results' entries, row by row, for evaluate.
    def _pose_entries(self, ops, q):
        return frame_entries(end_frame(self.chain, chain_frames(self.chain, q, ops)[-1]))

    def _frames_entries(self, ops, q):
        return [entry for frame in chain_frames(self.chain, q, ops, keep_all=True)
                for entry in frame_entries(frame)]

    def _jacobian_entries(self, ops, q):
        columns = jacobian(self.chain, q, ops)
        return [column[r] for r in range(6) for column in columns]

    def _hessian_entries(self, ops, q):
        H = hessian(jacobian(self.chain, q, ops))
        return [column[r] for by_joint in H for r in range(6) for column in by_joint]

    def _jacobian_dot_entries(self, ops, q, qd):
        columns = jacobian_dot(jacobian(self.chain, q, ops), qd)
        return [column[r] for r in range(6) for column in columns]

    @cached_property
    def manipulability_rows(self) -> tuple[str, ...]:
        """Names of the Jacobian rows :meth:`manipulability` and :meth:`jacobian_condition` use.

        The translational rows ``vx, vy, vz`` for an arm with fewer than 6 joints (it cannot
        move its end effector in all six directions, so with all six rows the measure would be
        0 everywhere), all six rows for 6 joints or more; in both cases without the rows the
        arm never moves in, such as ``vz`` of a planar arm in the xy plane (found on
        :data:`MANIPULABILITY_SAMPLES` random configurations). An arm whose end effector
        never moves (links of zero length) gets the rotational rows it turns in.
        """
        candidates = JACOBIAN_ROWS[:3] if self.n < 6 else JACOBIAN_ROWS
        J = self.jacobian(self.random_q(MANIPULABILITY_SAMPLES, rng=0))
        size = np.array([max(1.0, self.length_scale)] * 3 + [1.0] * 3)
        moving = np.abs(J).max(axis=(0, 2)) > STRUCTURAL_ZERO * size
        rows = tuple(name for k, name in enumerate(candidates) if moving[k])
        # links of zero length: the end effector only turns, and the turning rows are measured
        return rows or tuple(name for k, name in enumerate(JACOBIAN_ROWS) if moving[k])

    def manipulability(self, q: ArrayLike) -> float | np.ndarray:
        """Yoshikawa's manipulability ``sqrt(det(J J^T))`` on :attr:`manipulability_rows`.

        Computed as the product of the singular values of those rows of the Jacobian, which is
        ``sqrt(det(J J^T))`` when there are no more rows than joints and ``sqrt(det(J^T J))``
        when there are more (a 2-joint arm moving in space). 0 at a singularity. The value has
        the units of the rows: lengths for the translational rows of revolute joints, so it
        changes with the robot's length unit.

        Parameters
        ----------
        q : array_like, shape (n,) or (..., n)
            Joint values: radians (revolute), length unit (prismatic).

        Returns
        -------
        w : float or ndarray, shape (...)

        See Also
        --------
        jacobian_condition : how unevenly the arm moves in different directions.

        Examples
        --------
        A planar two-link arm, l1 = l2 = 1, has ``w = l1 l2 |sin q2|``: 1 with the elbow at
        90 deg, 0 stretched out.

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> round(float(arm.manipulability([0.0, np.pi / 2])), 12), arm.manipulability_rows
        (1.0, ('vx', 'vy'))
        """
        return np.prod(self._manipulability_singular_values(q), axis=-1)

    def jacobian_condition(self, q: ArrayLike) -> float | np.ndarray:
        """Condition number ``sigma_max / sigma_min`` of the Jacobian's :attr:`manipulability_rows`.

        1 when the end effector moves equally easily in every direction, large near a
        singularity, ``inf`` at one. Mixing translational and rotational rows (6 joints or more)
        makes it depend on the length unit.

        Parameters
        ----------
        q : array_like, shape (n,) or (..., n)
            Joint values: radians (revolute), length unit (prismatic).

        Returns
        -------
        kappa : float or ndarray, shape (...)

        Examples
        --------
        The planar 2R arm above at q = (0, 90 deg) has ``J = [[-1, -1], [1, 0]]`` (rows vx, vy),
        whose singular values are ``(sqrt(5) +- 1) / 2``: the ratio is
        ``(3 + sqrt(5)) / 2``.

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> round(float(arm.jacobian_condition([0.0, np.pi / 2])), 9)
        2.618033989
        """
        s = self._manipulability_singular_values(q)
        largest, smallest = s[..., 0], s[..., -1]
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(smallest > 0.0, largest / smallest, np.inf)[()]

    def _manipulability_singular_values(self, q):
        """Singular values ``(..., min(rows, n))`` of the rows :attr:`manipulability_rows`."""
        rows = [JACOBIAN_ROWS.index(name) for name in self.manipulability_rows]
        J = self.jacobian(q)[..., rows, :]
        return np.linalg.svd(J, compute_uv=False)

    def null_space(self, q: ArrayLike, axes: str = "pose") -> np.ndarray:
        """An orthonormal basis of the Jacobian's null space: the joint velocities that leave
        the tool still, the directions of the arm's *self-motion* (an arm with more joints than
        the tool needs moves its elbow while its hand stays where it is).

        Computed from the singular value decomposition ``J = U S V^T`` of the rows ``axes``
        holds (the position rows divided by the robot's size, :attr:`length_scale`, which
        leaves the null space as it is and the singular values unit free): the columns of ``V``
        past the arm's *generic rank* ``r``, the rank its Jacobian has at almost every
        configuration (:data:`RANK_TOLERANCE`, found once per robot on
        :data:`MANIPULABILITY_SAMPLES` random configurations).

        **Shape, singular or not.** Every configuration gets ``n - r`` columns (7 - 6 = 1 for the
        Panda holding its pose), so a batch is one array. At a singular configuration the
        Jacobian's rank drops below ``r`` and its null space grows; the extra directions keep
        the tool still only to first order (a stretched arm's tip moves along the arm at second
        order), so they are left out: the columns are then the right singular vectors of the
        ``n - r`` smallest singular values, all 0 there too, so ``J N = 0`` still holds.
        How near a singular configuration is: :func:`robosim.kinematics.nearness`.

        The SVD leaves each column's sign free; it is chosen so that the column's entry of
        largest magnitude is positive (with more than one column the basis itself is one of
        many: :func:`robosim.ik.self_motion` follows a direction continuously).

        Parameters
        ----------
        q : array_like, shape (n,) or (..., n)
            Joint values: radians (revolute), length unit (prismatic).
        axes : {"pose", "position"}
            ``"pose"``: all six rows ``[vx, vy, vz, wx, wy, wz]``, the tool's position and
            orientation held; ``"position"``: ``vx, vy, vz`` only, the tool point held while the
            tool may turn.

        Returns
        -------
        N : ndarray, shape (n, n - r) or (..., n, n - r)
            Orthonormal columns (``N^T N = I``) with ``J N = 0``, in joint units (radians,
            length unit); ``n - r`` may be 0 (a 6-joint arm holding its pose has no
            self-motion).

        Examples
        --------
        A planar arm of three 1 m links holding its tip's position, at ``q = (0, 0, 90)``
        degrees: the joints are at ``(0, 0)``, ``(1, 0)`` and ``(2, 0)``, the tip at
        ``(2, 1)``. A joint at ``o`` moves the tip along ``z x (tip - o)``, so the rows
        ``vx, vy, vz`` are::

            J = [[-1, -1, -1],
                 [ 2,  1,  0],
                 [ 0,  0,  0]]

        ``J qd = 0`` needs ``qd1 + qd2 + qd3 = 0`` and ``2 qd1 + qd2 = 0``: ``qd = (1, -2, 1)``
        up to a factor, and ``(-1, 2, -1) / sqrt(6)`` with its largest entry positive. Turning
        the elbow 2 degrees one way while shoulder and wrist turn 1 degree the other leaves the
        tip where it is.

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> N = arm.null_space(np.radians([0.0, 0.0, 90.0]), axes="position")
        >>> N.shape, (N[:, 0] * np.sqrt(6)).round(12).tolist()
        ((3, 1), [-1.0, 2.0, -1.0])

        The Panda (7 joints) holding its pose: one direction per configuration, for a batch too.

        >>> from robosim import load_robot
        >>> panda = load_robot("Franka Panda")
        >>> panda.null_space(panda.random_q(5, rng=0)).shape
        (5, 7, 1)
        """
        rows = list(HELD_ROWS[choice(axes, "axes", tuple(HELD_ROWS))])
        row_scale = np.where(np.array(rows) < 3, 1.0 / self.length_scale, 1.0)
        J = self.jacobian(q)[..., rows, :] * row_scale[:, None]
        V = np.swapaxes(np.linalg.svd(J)[2], -1, -2)
        N = V[..., self._generic_ranks[axes]:]
        largest = np.take_along_axis(N, np.abs(N).argmax(axis=-2)[..., None, :], axis=-2)
        return np.where(largest < 0.0, -N, N)

    @cached_property
    def _generic_ranks(self) -> dict[str, int]:
        """The rank of the Jacobian's rows :data:`HELD_ROWS` at almost every configuration
        (the largest on random ones), per key: what :meth:`null_space` counts on."""
        J = self.jacobian(self.random_q(MANIPULABILITY_SAMPLES, rng=0))
        J[..., :3, :] /= self.length_scale
        return {axes: int((np.linalg.svd(J[..., list(rows), :], compute_uv=False)
                           > RANK_TOLERANCE).sum(axis=-1).max())
                for axes, rows in HELD_ROWS.items()}


def _rebuild_robot(values):
    """The robot of :meth:`Robot.__reduce__`'s field values."""
    return Robot(**values)

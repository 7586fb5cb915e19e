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
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from types import MappingProxyType

import numpy as np
from numpy.typing import ArrayLike

from ..checks import batch_count, generator, joint_array, joint_arrays, real_array
from ..errors import ValidationError, ValidationTypeError, brief
from .transforms import cos_sin, half_angle_cos_sin, homogeneous, rotx, rotz, transl, xyzrpy2tr

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

#: Rows computed at once by the batched kernel: big enough to amortise numpy's per-call cost,
#: small enough that the working set stays in cache.
_CHUNK = 4096
#: Numbers per configuration, times n^2, that :meth:`Robot.hessian` keeps at its peak (the
#: Hessian's 6 n^2 and its cross products' 12 n^2, with the Jacobian): what bounds its batch.
_HESSIAN_FLOATS = 24

#: One component of a frame's column: a float (one pose) or a ``(B,)`` array (a batch).
Component = float | np.ndarray
#: A column ``(x, y, z)`` of a frame.
Column = tuple[Component, Component, Component]
#: A frame as its columns ``(X, Y, Z, P)``: the rotation's axes, then the origin.
Frame = tuple[Column, Column, Column, Column]
#: Values indexed by joint: a sequence of floats or ``(B,)`` arrays, or an array ``(n, ...)``.
PerJoint = Sequence[Component] | np.ndarray


def _finite(value, what):
    value = float(value)
    if not math.isfinite(value):
        raise ValidationError(f"{what} must be a finite number, got {value!r}")
    return value


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
            object.__setattr__(self, attr, _finite(getattr(self, attr), attr))
        if len(self.limits) != 2:
            raise ValidationError(f"limits must be (min, max), got {self.limits!r}")
        lower, upper = (_finite(v, "limit") for v in self.limits)
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


def _mount(value, what):
    """A base or tool transform: None (identity) or a (4, 4) array."""
    if value is None:
        return np.eye(4)
    value = np.array(value, dtype=float)
    if value.shape != (4, 4) or not np.all(np.isfinite(value)):
        raise ValidationError(f"{what} must be a finite 4x4 transform, got shape {value.shape}")
    return value


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
    dynamics: object = None
    meshes: object = None
    # Derived once in __post_init__ (not arguments): the transforms and the kinematics'
    # constants.
    base: np.ndarray = field(init=False, repr=False, compare=False)
    tool: np.ndarray = field(init=False, repr=False, compare=False)
    _revolute: np.ndarray = field(init=False, repr=False, compare=False)
    _revolute_flags: tuple = field(init=False, repr=False, compare=False)
    _a: np.ndarray = field(init=False, repr=False, compare=False)
    _dh_constants: list = field(init=False, repr=False, compare=False)
    _base_columns: Frame = field(init=False, repr=False, compare=False)
    _has_tool: bool = field(init=False, repr=False, compare=False)
    _tool_columns: Frame = field(init=False, repr=False, compare=False)
    _theta0: np.ndarray = field(init=False, repr=False, compare=False)
    _d0: np.ndarray = field(init=False, repr=False, compare=False)
    _joint_constants: list = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        # Frozen: the checked and derived values are set once, here, through object's
        # __setattr__; afterwards assigning to a field raises (a changed robot is a new one:
        # dataclasses.replace or with_limits).
        def keep(attr, value):
            object.__setattr__(self, attr, value)

        keep("joints", tuple(self.joints))
        if not self.joints:
            raise ValidationError("a robot needs at least one joint (the table is empty)")
        if len(self.joints) > MAX_JOINTS:
            raise ValidationError(f"a robot has at most {MAX_JOINTS} joints, got "
                                  f"{len(self.joints)}")
        for joint in self.joints:
            if not isinstance(joint, Joint):
                raise ValidationTypeError(f"joints must be Joint objects (robosim.Joint), got "
                                          f"{type(joint).__name__} {brief(joint)}")
        if self.convention not in CONVENTIONS:
            raise ValidationError(f"convention must be one of {CONVENTIONS}, got "
                                  f"{self.convention!r}")
        if self.unit not in LENGTH_UNITS:
            raise ValidationError(f"unit must be one of {LENGTH_UNITS}, got {self.unit!r}")
        for attr in ("base_xyz", "base_rpy", "tool_xyz", "tool_rpy"):
            values = tuple(_finite(v, attr) for v in getattr(self, attr))
            if len(values) != 3:
                raise ValidationError(f"{attr} needs 3 numbers, got {len(values)}")
            keep(attr, values)
        poses = {}
        for pose_name, q in dict(self.poses).items():
            if pose_name == "home":
                raise ValidationError("pose 'home' comes from the joints' home values; "
                                      "do not list it under poses")
            poses[pose_name] = tuple(float(v) for v in self.check_q(q, f"pose {pose_name!r}"))
        keep("poses", MappingProxyType(poses))
        if self.dynamics is not None and len(self.dynamics.links) != self.n:
            raise ValidationError(f"dynamics lists {len(self.dynamics.links)} links for "
                                  f"{self.n} joints")
        if self.meshes is not None and len(self.meshes.links) != self.n:
            raise ValidationError(f"meshes lists {len(self.meshes.links)} links for "
                                  f"{self.n} joints")
        keep("base", _read_only(xyzrpy2tr(self.base_xyz, self.base_rpy)))
        keep("tool", _read_only(xyzrpy2tr(self.tool_xyz, self.tool_rpy)))
        keep("_revolute", _read_only(np.array([j.is_revolute for j in self.joints])))
        keep("_revolute_flags", tuple(j.is_revolute for j in self.joints))
        keep("_a", _read_only(np.array([j.a for j in self.joints])))
        keep("_dh_constants", [(j.a, *cos_sin(j.alpha)) for j in self.joints])
        keep("_base_columns", frame_columns(self.base))
        keep("_has_tool", not np.array_equal(self.tool, np.eye(4)))
        keep("_tool_columns", frame_columns(self.tool))
        # The constant part of theta and of d: the variable one is q + offset.
        keep("_theta0", _read_only(np.array([j.offset if j.is_revolute else j.theta
                                             for j in self.joints])))
        keep("_d0", _read_only(np.array([j.d if j.is_revolute else j.offset for j in self.joints])))
        # Per joint: revolute?, constant theta and d, and cos/sin of a prismatic joint's theta.
        keep("_joint_constants", [(j.is_revolute, float(theta0), float(d0), math.cos(theta0),
                                   math.sin(theta0))
                                  for j, theta0, d0 in zip(self.joints, self._theta0, self._d0,
                                                           strict=True)])

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

    @property
    def dh_constants(self) -> list[tuple[float, float, float]]:
        """``(a, cos alpha, sin alpha)`` per joint: the constant part of each link transform.

        The cosines and sines are exact at multiples of 90 degrees (see
        :func:`robosim.kinematics.cos_sin`). With :meth:`joint_variables` this is what
        :func:`chain_components` needs.

        Examples
        --------
        >>> arm = Robot([Joint(a=1.0, alpha=np.pi / 2), Joint(a=0.5)], unit="m")
        >>> arm.dh_constants                     # cos 90 is exactly 0, not 6e-17
        [(1.0, 0.0, 1.0), (0.5, 1.0, 0.0)]
        """
        return list(self._dh_constants)

    @property
    def base_columns(self) -> Frame:
        """The base transform as columns ``(X, Y, Z, P)``, where :func:`chain_components` starts."""
        return self._base_columns

    def joint_variables(self, q: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        """DH ``theta`` (radians) and ``d`` (length unit), each ``(n, ...)``, for ``q``
        ``(..., n)``.

        ``theta_i = q_i + offset_i`` and ``d_i = d_i`` for a revolute joint; ``theta_i`` constant
        and ``d_i = q_i + offset_i`` for a prismatic one. The joint axis comes first so that
        ``theta[i]`` is joint i's row, as :func:`chain_components` indexes them.

        Examples
        --------
        A revolute joint with a 90 degree offset, then a prismatic one with ``theta = 0``:

        >>> arm = Robot([Joint(offset=np.pi / 2), Joint("P", d=0.0)], unit="m")
        >>> theta, d = arm.joint_variables([np.pi / 6, 0.25])
        >>> np.degrees(theta).round(3).tolist(), d.round(3).tolist()
        ([120.0, 0.0], [0.0, 0.25])
        """
        return self._joint_values(np.asarray(q, dtype=float))

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
        except KeyError:
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
        total = (travel + np.abs(self._a).sum() + np.abs(self._d0[self._revolute]).sum()
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
        q = self.check_q(q)
        lim = self.limits
        return np.all((q >= lim[:, 0] - tolerance) & (q <= lim[:, 1] + tolerance), axis=-1)

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
        if self.within_limits(q, tolerance):
            return
        values, (low, high) = self.q_to_user(q), self.q_to_user(self.limits.T)
        outside = (q < self.limits[:, 0] - tolerance) | (q > self.limits[:, 1] + tolerance)
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
        """End-effector pose ``base @ A_1 ... A_n @ tool``.

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
        chain_frames : the same kinematics on Python floats or column arrays.

        Notes
        -----
        One configuration runs on Python floats (numpy's per-call cost would dominate), a
        batch on ``(B,)`` columns in blocks of 4096 rows; both through :func:`chain_components`.

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
        if batch is None:
            return _frame_array(self._end_frame(self.chain_frames(values)[-1]))
        flat = values
        out = np.empty((flat.shape[0], 4, 4))
        for start in range(0, flat.shape[0], _CHUNK):
            rows = slice(start, start + _CHUNK)
            frame = self._end_frame(self.chain_frames(list(flat[rows].T))[-1])
            _write_frame(out[rows], frame)
        return out.reshape(batch + (4, 4))

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
        if batch is None:
            frames = self.chain_frames(values, keep_all=True)
            return np.array([_frame_rows(frame) for frame in frames]).reshape(-1, 4, 4)
        flat = values
        out = np.empty((flat.shape[0], self.n + 1, 4, 4))
        for start in range(0, flat.shape[0], _CHUNK):
            rows = slice(start, start + _CHUNK)
            for i, frame in enumerate(self.chain_frames(list(flat[rows].T), keep_all=True)):
                _write_frame(out[rows, i], frame)
        return out.reshape(batch + (self.n + 1, 4, 4))

    def jacobian(self, q: ArrayLike) -> np.ndarray:
        """Geometric Jacobian ``(..., 6, n)`` in the base frame, rows ``[v; w]``.

        Column i is ``[z x (p_e - o); z]`` for a revolute joint and ``[z; 0]`` for a prismatic
        one, where ``z`` and ``o`` are the joint's axis and a point on it (frame i-1 in the
        standard convention, frame i in the modified one) and ``p_e`` is the end effector
        (tool included). :meth:`jacobian_reference` computes the same as the book writes it.

        Notes
        -----
        One configuration runs in a single pass along the chain on Python floats, noting each
        joint's axis as the frames are multiplied (numpy's per-call cost would dominate); a
        batch composes :meth:`chain_frames` and :func:`jacobian_columns` on ``(B,)`` columns,
        in blocks of 4096 rows.

        Examples
        --------
        The planar two-link arm with unit links at ``q = (0, 0)``: the tip (2, 0, 0) moves
        along Y at 2 per radian of joint 1 and 1 per radian of joint 2.

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> arm.jacobian([0.0, 0.0])[[1, 5]]
        array([[2., 1.],
               [1., 1.]])
        """
        values, batch = joint_arrays(self, (q, "q"), floats=8 * self.n)
        return self._jacobians(values[0], batch)

    def _jacobians(self, values, batch):
        """The Jacobians of checked joint values (:func:`~robosim.checks.joint_arrays`):
        ``(6, n)`` for one configuration (``batch`` None), else ``(*batch, 6, n)``."""
        if batch is None:
            return self._single_jacobian(values)
        flat = values
        out = np.empty((flat.shape[0], 6, self.n))
        for start in range(0, flat.shape[0], _CHUNK):
            rows = slice(start, start + _CHUNK)
            block = np.empty((6, self.n, out[rows].shape[0]))
            for j, column in enumerate(self._jacobian_columns(list(flat[rows].T))):
                for r in range(6):
                    block[r, j] = column[r]
            out[rows] = block.transpose(2, 0, 1)
        return out.reshape(batch + (6, self.n))

    # ------------------------------------------------------- references and derivatives
    def fk_all_reference(self, q: ArrayLike) -> np.ndarray:
        """Every frame as the book multiplies them: ``T_0 = base``, ``T_i = T_{i-1} @ A_i``.

        The readable reference of :meth:`fk_all` (which computes the same on columns,
        :func:`chain_components`): each ``A_i`` is a ``(..., 4, 4)`` array from
        :func:`link_transform`, multiplied with ``@``.

        Parameters
        ----------
        q : array_like, shape (n,) or (..., n)
            Joint values: radians (revolute), length unit (prismatic).

        Returns
        -------
        T : ndarray, shape (..., n + 1, 4, 4)
            Frame 0 (the base) to frame n (the tool not included).

        Examples
        --------
        The same frames as :meth:`fk_all`, by plain matrix products:

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> q = np.radians([30, 60])
        >>> bool(np.allclose(arm.fk_all_reference(q), arm.fk_all(q), atol=1e-12))
        True
        """
        q = self.check_q(q)
        theta, d = self._joint_values(q)
        frames = [np.broadcast_to(self.base, q.shape[:-1] + (4, 4))]
        for i, joint in enumerate(self.joints):
            frames.append(frames[-1] @ link_transform(theta[i], d[i], joint.a, joint.alpha,
                                                      self.convention))
        return np.stack(frames, axis=-3)

    def fk_reference(self, q: ArrayLike) -> np.ndarray:
        """``base @ A_1 @ ... @ A_n @ tool``, the textbook product: the reference of :meth:`fk`.

        Examples
        --------
        The planar two-link arm with unit links at ``q = (0, 90 deg)``: ``A_1 = Rz(0) Tx(1)``
        puts frame 1 at (1, 0, 0), ``A_2 = Rz(90 deg) Tx(1)`` turns and goes 1 further, along
        Y: the tip is at (1, 1, 0).

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> np.round(arm.fk_reference([0.0, np.pi / 2])[:3, 3], 12)
        array([1., 1., 0.])
        """
        return self.fk_all_reference(q)[..., -1, :, :] @ self.tool

    def jacobian_reference(self, q: ArrayLike) -> np.ndarray:
        """The geometric Jacobian column by column, as the book writes it: the reference of
        :meth:`jacobian`.

        For joint i, with ``z`` its axis and ``o`` a point on it (frame i-1's Z axis and origin
        in the standard convention, frame i's in the modified one) and ``p`` the end effector
        (tool included): a revolute column is ``[z x (p - o); z]``, a prismatic one ``[z; 0]``.

        Parameters
        ----------
        q : array_like, shape (n,) or (..., n)
            Joint values: radians (revolute), length unit (prismatic).

        Returns
        -------
        J : ndarray, shape (..., 6, n)

        Examples
        --------
        The planar two-link arm at ``q = (0, 0)`` stretched along X to ``p = (2, 0, 0)``:
        joint 1 turns about ``z = (0, 0, 1)`` at the origin, ``z x p = (0, 2, 0)``; joint 2 at
        (1, 0, 0), ``z x (p - o) = (0, 1, 0)``.

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> arm.jacobian_reference([0.0, 0.0])[[1, 5]]
        array([[2., 1.],
               [1., 1.]])
        """
        frames = self.fk_all_reference(q)
        p = (frames[..., -1, :, :] @ self.tool)[..., :3, 3]
        axes = frames[..., :-1, :, :] if self.convention == "standard" else frames[..., 1:, :, :]
        columns = []
        for i, joint in enumerate(self.joints):
            z, o = axes[..., i, :3, 2], axes[..., i, :3, 3]
            if joint.is_revolute:
                columns.append(np.concatenate([np.cross(z, p - o), z], axis=-1))
            else:
                columns.append(np.concatenate([z, np.zeros_like(z)], axis=-1))
        return np.stack(columns, axis=-1)

    def hessian(self, q: ArrayLike) -> np.ndarray:
        """The manipulator Hessian: ``H[..., i, :, j] = dJ[:, j] / dq_i``, in the base frame.

        From the Jacobian's columns ``J_j = [v_j; w_j]`` (``w_j = 0`` for a prismatic joint),
        as J. Haviland and P. Corke derive it ("Manipulator differential kinematics, part 2:
        acceleration and advanced applications", IEEE Robotics & Automation Magazine, 2023;
        arXiv:2207.01794, the manipulator Hessian): joint i turns everything after it about
        ``w_i`` (and a prismatic joint i slides it along ``v_i``), so

        - ``dv_j / dq_i = w_i x v_j`` for ``i <= j`` and ``w_j x v_i`` for ``i > j``;
        - ``dw_j / dq_i = w_i x w_j`` for ``i < j``, else 0.

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
        values, batch = joint_arrays(self, (q, "q"), floats=_HESSIAN_FLOATS * self.n ** 2)
        return self._hessians(self._jacobians(values[0], batch))

    def _hessians(self, J):
        """The Hessians ``(..., n, 6, n)`` of Jacobians ``J`` ``(..., 6, n)``."""
        v, w = np.swapaxes(J[..., :3, :], -1, -2), np.swapaxes(J[..., 3:, :], -1, -2)  # (.., n, 3)
        upper = np.triu(np.ones((self.n, self.n), dtype=bool))[..., None]        # i <= j
        w_x_v = np.cross(w[..., :, None, :], v[..., None, :, :])          # [i, j] = w_i x v_j
        w_x_w = np.cross(w[..., :, None, :], w[..., None, :, :])          # [i, j] = w_i x w_j
        dv = np.where(upper, w_x_v, np.swapaxes(w_x_v, -2, -3))          # (.., i, j, 3)
        dw = np.where(upper & ~np.eye(self.n, dtype=bool)[..., None], w_x_w, 0.0)
        return np.swapaxes(np.concatenate([dv, dw], axis=-1), -1, -2)     # (.., i, 6, j)

    def jacobian_dot(self, q: ArrayLike, qd: ArrayLike) -> np.ndarray:
        """The Jacobian's time derivative ``dJ/dt = sum_i H_i qd_i`` (see :meth:`hessian`), so
        that the end effector's acceleration is ``J qdd + dJ/dt qd``.

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
        (angles, speeds), batch = joint_arrays(self, (q, "q"), (qd, "qd"),
                                               floats=_HESSIAN_FLOATS * self.n ** 2)
        H = self._hessians(self._jacobians(angles, batch))
        return np.einsum("...irj,...i->...rj", H, np.asarray(speeds)).reshape(
            (batch or ()) + (6, self.n))

    def chain_frames(self, values: PerJoint, keep_all: bool = False,
                     start: tuple[int, Frame] | None = None) -> list[Frame]:
        """The frames of :func:`chain_components` for joint values given joint by joint.

        Parameters
        ----------
        values : sequence of n floats, or of n ``(B,)`` arrays
            One configuration as Python floats (computed with :mod:`math`), or a batch as one
            column per joint (computed with numpy, cosines and sines from ``tan(theta / 2)``:
            :func:`~robosim.kinematics.half_angle_cos_sin`, faster than ``np.cos`` and
            ``np.sin``). Not checked: this is the kernel behind :meth:`fk` and the IK, which
            check ``q`` first.
        keep_all : bool
            All frames, base first (``n + 1``), or only the last (frame n, without the tool).
        start : (k, frame k), optional
            Continue from frame k, computed before (by this method: the same numbers), instead
            of the base: ``values`` are then joints k+1 .. n (``n - k`` of them), and
            ``keep_all`` gives frames k .. n.

        Returns
        -------
        list of frames ``(X, Y, Z, P)``, each column three floats or ``(B,)`` arrays.

        Examples
        --------
        The two-link arm with unit links at ``q = (0, 90)`` degrees: the tip at ``(1, 1, 0)``, its X
        axis along +Y. As a batch (one array per joint), the second row ``q = (90, 0)`` puts it at
        ``(0, 2, 0)``:

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> X, Y, Z, P = arm.chain_frames([0.0, math.pi / 2])[-1]
        >>> print(np.round(P, 9) + 0.0, np.round(X, 9) + 0.0)
        [1. 1. 0.] [0. 1. 0.]
        >>> X, Y, Z, P = arm.chain_frames([np.array([0.0, math.pi / 2]),
        ...                                np.array([math.pi / 2, 0.0])])[-1]
        >>> print(np.round(P, 9) + 0.0)
        [[1. 0.]
         [1. 2.]
         [0. 0.]]

        From the elbow (frame 1, kept from a first call) joint 2 alone gives the same tip:

        >>> elbow = arm.chain_frames([0.0, math.pi / 2], keep_all=True)[1]
        >>> X, Y, Z, P = arm.chain_frames([math.pi / 2], start=(1, elbow))[-1]
        >>> print(np.round(P, 9) + 0.0)
        [1. 1. 0.]
        """
        batch = isinstance(values[0], np.ndarray)
        cos, sin = math.cos, math.sin
        if start is None:
            frame, joint_constants, dh_constants = (self._base_columns, self._joint_constants,
                                                    self._dh_constants)
        else:
            first, frame = start
            joint_constants, dh_constants = (self._joint_constants[first:],
                                             self._dh_constants[first:])
        cos_theta, sin_theta, ds = [], [], []
        # No strict=: callers pass one value per joint (fk and the IK check q first), and on
        # Python 3.11 the keyword costs 0.16 us a call, 2 % of fk.
        for value, (revolute, theta0, d0, cos0, sin0) in zip(values, joint_constants):  # noqa: B905
            if revolute:
                theta = value + theta0
                ct, st = half_angle_cos_sin(theta) if batch else (cos(theta), sin(theta))
                cos_theta.append(ct)
                sin_theta.append(st)
                ds.append(d0)
            else:
                cos_theta.append(cos0)
                sin_theta.append(sin0)
                ds.append(value + d0)
        return chain_components(frame, cos_theta, sin_theta, ds, dh_constants, self.convention,
                                keep_all)

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

    # ------------------------------------------------------------------- kernels
    def _end_frame(self, frame):
        """Frame n followed by the tool (column tuples)."""
        return frame_times(frame, self._tool_columns) if self._has_tool else frame

    def _single_jacobian(self, values):
        """The geometric Jacobian ``(6, n)`` of one configuration (``values``: n floats),
        computed in a single pass along the chain on Python floats.

        The same numbers as :meth:`jacobian_reference`, written for speed (a call costs a few
        microseconds, numpy's per-call cost would dominate): frame by frame, as
        :func:`chain_components` multiplies ``T_i = T_{i-1} A_i`` (with its shortcuts for
        ``a = 0``, ``d = 0`` and quarter-turn twists), it notes each joint's axis ``z`` and
        a point ``o`` on it (frame i-1's Z column and origin in the standard convention,
        frame i's in the modified one). Then, with ``p`` the end effector (frame n's origin
        moved by the tool's translation), column i is ``[z x (p - o); z]`` for a revolute
        joint and ``[z; 0]`` for a prismatic one. The entries are gathered column by column in one
        list and become the array in one call.

        The batch path (:meth:`_jacobian_columns`) composes :meth:`chain_frames` and
        :func:`jacobian_columns` instead; the property tests check both against
        :meth:`jacobian_reference` on random robots.

        Examples
        --------
        The two-link arm with unit links at ``q = (0, 90)`` degrees, tip at ``p = (1, 1, 0)``:
        joint 1 turns about ``z = (0, 0, 1)`` through ``o = 0``, ``z x p = (-1, 1, 0)``; joint
        2 through the elbow ``(1, 0, 0)``, ``z x (0, 1, 0) = (-1, 0, 0)``.

        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> arm._single_jacobian([0.0, math.pi / 2]).round(9) + 0.0
        array([[-1., -1.],
               [ 1.,  0.],
               [ 0.,  0.],
               [ 0.,  0.],
               [ 0.,  0.],
               [ 1.,  1.]])
        """
        cos, sin = math.cos, math.sin
        (x0, x1, x2), (y0, y1, y2), (z0, z1, z2), (p0, p1, p2) = self._base_columns
        standard = self.convention == "standard"
        axes = []                                   # per joint: (revolute, z, o), flattened
        # No strict=: as in chain_frames (q is checked by jacobian()).
        for value, (revolute, theta0, d0, cos0, sin0), (a, ca, sa) in zip(  # noqa: B905
                values, self._joint_constants, self._dh_constants):
            if revolute:
                theta = value + theta0
                ct, st, d = cos(theta), sin(theta), d0
            else:
                ct, st, d = cos0, sin0, value + d0
            # The link's arithmetic is chain_components', on floats.
            if standard:
                axes.append((revolute, z0, z1, z2, p0, p1, p2))
                u0, u1, u2 = ct * y0 - st * x0, ct * y1 - st * x1, ct * y2 - st * x2
                x0, x1, x2 = ct * x0 + st * y0, ct * x1 + st * y1, ct * x2 + st * y2
                if d != 0.0:
                    p0, p1, p2 = p0 + d * z0, p1 + d * z1, p2 + d * z2
                if a != 0.0:
                    p0, p1, p2 = p0 + a * x0, p1 + a * x1, p2 + a * x2
            else:
                if a != 0.0:
                    p0, p1, p2 = p0 + a * x0, p1 + a * x1, p2 + a * x2
                u0, u1, u2 = y0, y1, y2
            if sa == 0.0:
                if ca > 0.0:
                    y0, y1, y2 = u0, u1, u2
                else:
                    y0, y1, y2, z0, z1, z2 = -u0, -u1, -u2, -z0, -z1, -z2
            elif ca == 0.0:
                if sa > 0.0:
                    y0, y1, y2, z0, z1, z2 = z0, z1, z2, -u0, -u1, -u2
                else:
                    y0, y1, y2, z0, z1, z2 = -z0, -z1, -z2, u0, u1, u2
            else:
                y0, y1, y2, z0, z1, z2 = (ca * u0 + sa * z0, ca * u1 + sa * z1,
                                          ca * u2 + sa * z2, ca * z0 - sa * u0,
                                          ca * z1 - sa * u1, ca * z2 - sa * u2)
            if not standard:
                x0, x1, x2, y0, y1, y2 = (ct * x0 + st * y0, ct * x1 + st * y1,
                                          ct * x2 + st * y2, ct * y0 - st * x0,
                                          ct * y1 - st * x1, ct * y2 - st * x2)
                if d != 0.0:
                    p0, p1, p2 = p0 + d * z0, p1 + d * z1, p2 + d * z2
                axes.append((revolute, z0, z1, z2, p0, p1, p2))
        if self._has_tool:
            c0, c1, c2 = self._tool_columns[3]
            p0, p1, p2 = (p0 + x0 * c0 + y0 * c1 + z0 * c2, p1 + x1 * c0 + y1 * c1 + z1 * c2,
                          p2 + x2 * c0 + y2 * c1 + z2 * c2)
        entries = []                                          # column after column
        for revolute, z0, z1, z2, o0, o1, o2 in axes:
            if revolute:
                r0, r1, r2 = p0 - o0, p1 - o1, p2 - o2
                entries += (z1 * r2 - z2 * r1, z2 * r0 - z0 * r2, z0 * r1 - z1 * r0, z0, z1, z2)
            else:
                entries += (z0, z1, z2, 0.0, 0.0, 0.0)
        return np.array(entries, float).reshape(-1, 6).T

    def _jacobian_columns(self, values):
        frames = self.chain_frames(values, keep_all=True)
        p_end = self._end_frame(frames[-1])[3]
        return jacobian_columns(frames, p_end, self._revolute_flags, self.convention)

    def _joint_values(self, q):
        """theta and d ``(n, ...)`` of every joint for configurations ``q`` ``(..., n)``."""
        q = np.moveaxis(q, -1, 0)
        rev = self._revolute.reshape((-1,) + (1,) * (q.ndim - 1))
        theta = np.where(rev, q, 0.0) + self._theta0.reshape(rev.shape)
        d = np.where(rev, 0.0, q) + self._d0.reshape(rev.shape)
        return theta, d


def _rebuild_robot(values):
    """The robot of :meth:`Robot.__reduce__`'s field values."""
    return Robot(**values)


def link_transform(theta: ArrayLike, d: ArrayLike, a: float, alpha: float,
                   convention: str) -> np.ndarray:
    """One DH link transform ``A_i`` ``(..., 4, 4)``, as the book writes it.

    Standard DH: ``A = Rz(theta) Tz(d) Tx(a) Rx(alpha)``; modified DH (Craig):
    ``A = Rx(alpha) Tx(a) Rz(theta) Tz(d)``, with the row's ``a`` and ``alpha`` being
    ``a_{i-1}`` and ``alpha_{i-1}``. ``theta`` (radians) and ``d`` (length unit) may be arrays.

    Examples
    --------
    A link of length 1 turned by 90 degrees: its end is at (0, 1, 0).

    >>> np.round(link_transform(np.pi / 2, 0.0, 1.0, 0.0, "standard")[:3, 3], 12)
    array([0., 1., 0.])
    """
    theta, d = np.broadcast_arrays(np.asarray(theta, dtype=float), np.asarray(d, dtype=float))
    shape = theta.shape
    screw = _rotation(rotz(theta)) @ transl(np.stack([np.zeros(shape), np.zeros(shape), d],
                                                      axis=-1))
    link = transl([a, 0.0, 0.0]) @ _rotation(rotx(alpha))
    return screw @ link if convention == "standard" else link @ screw


def _rotation(R):
    """A rotation ``(..., 3, 3)`` as a transform ``(..., 4, 4)``."""
    return homogeneous(R, np.zeros(R.shape[:-1]))


def chain_components(start: Frame, cos_theta: PerJoint, sin_theta: PerJoint, ds: PerJoint,
                     constants: Sequence[tuple[float, float, float]], convention: str,
                     keep_all: bool) -> list[Frame]:
    """Multiply DH transforms onto ``start``, working on columns instead of 4x4 matrices.

    A frame is a tuple ``(X, Y, Z, P)`` of columns (rotation axes and origin), each a tuple of
    three components that are floats (one pose) or ``(B,)`` arrays (a batch): the same code
    serves both, and avoids the cost of generic 4x4 products (several times faster in numpy,
    and free of numpy's per-call cost for a single pose). ``constants`` holds ``(a, cos alpha,
    sin alpha)`` per joint; ``cos_theta``, ``sin_theta`` and ``ds`` are indexed by joint (an
    entry of ``ds`` may be a float where it is constant, e.g. a revolute joint's ``d``).

    Standard DH (``Rz Tz Tx Rx``): with ``w = ct Y - st X``,
    ``X' = ct X + st Y``, ``P' = P + d Z + a X'``, ``Y' = ca w + sa Z``, ``Z' = ca Z - sa w``.
    Modified DH (``Rx Tx Rz Tz``): ``P += a X``; ``Yr = ca Y + sa Z``, ``Z' = ca Z - sa Y``;
    ``X' = ct X + st Yr``, ``Y' = ct Yr - st X``; ``P' = P + d Z'``.
    Terms whose constant is exactly 0 (``a = 0``, ``d = 0``, a twist of a multiple of 90
    degrees, whose cosine and sine are exact: see :func:`robosim.kinematics.cos_sin`) are
    skipped: the result is the same to the bit, in about half the operations for common arms.

    Returns the list of frames: all of them (start included) with ``keep_all``, else the last.

    Examples
    --------
    One standard-DH link (``a = 1``, ``alpha = 0``) turned 90 degrees (``cos = 0``, ``sin = 1``)
    and raised by ``d = 0.5``: the frame's X axis turns to +Y and its origin goes to
    ``(0, 0, 0.5) + 1 * X = (0, 1, 0.5)``.

    >>> start = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (0.0, 0.0, 0.0))
    >>> [(X, Y, Z, P)] = chain_components(start, [0.0], [1.0], [0.5], [(1.0, 1.0, 0.0)],
    ...                                   "standard", keep_all=False)
    >>> X, P
    ((0.0, 1.0, 0.0), (0.0, 1.0, 0.5))
    """
    (x0, x1, x2), (y0, y1, y2), (z0, z1, z2), (p0, p1, p2) = start
    frames = [start] if keep_all else []
    standard = convention == "standard"
    last = len(constants) - 1
    for i, (a, ca, sa) in enumerate(constants):
        ct, st, d = cos_theta[i], sin_theta[i], ds[i]
        moves = type(d) is not float or d != 0.0                 # arrays move
        # u: the column that the twist turns with Z (w in the standard convention, Y else).
        if standard:
            u0, u1, u2 = ct * y0 - st * x0, ct * y1 - st * x1, ct * y2 - st * x2
            x0, x1, x2 = ct * x0 + st * y0, ct * x1 + st * y1, ct * x2 + st * y2
            if moves:
                p0, p1, p2 = p0 + d * z0, p1 + d * z1, p2 + d * z2
            if a != 0.0:
                p0, p1, p2 = p0 + a * x0, p1 + a * x1, p2 + a * x2
        else:
            if a != 0.0:
                p0, p1, p2 = p0 + a * x0, p1 + a * x1, p2 + a * x2
            u0, u1, u2 = y0, y1, y2
        # The twist: Y = ca u + sa Z, Z = ca Z - sa u. A quarter turn (ca or sa exactly 0,
        # the other +-1) is a swap and a sign change: the same numbers, no products.
        if sa == 0.0:
            if ca > 0.0:
                y0, y1, y2 = u0, u1, u2
            else:
                y0, y1, y2, z0, z1, z2 = -u0, -u1, -u2, -z0, -z1, -z2
        elif ca == 0.0:
            if sa > 0.0:
                y0, y1, y2, z0, z1, z2 = z0, z1, z2, -u0, -u1, -u2
            else:
                y0, y1, y2, z0, z1, z2 = -z0, -z1, -z2, u0, u1, u2
        else:
            y0, y1, y2, z0, z1, z2 = (ca * u0 + sa * z0, ca * u1 + sa * z1, ca * u2 + sa * z2,
                                      ca * z0 - sa * u0, ca * z1 - sa * u1, ca * z2 - sa * u2)
        if not standard:
            x0, x1, x2, y0, y1, y2 = (ct * x0 + st * y0, ct * x1 + st * y1, ct * x2 + st * y2,
                                      ct * y0 - st * x0, ct * y1 - st * x1, ct * y2 - st * x2)
            if moves:
                p0, p1, p2 = p0 + d * z0, p1 + d * z1, p2 + d * z2
        if keep_all or i == last:
            frames.append(((x0, x1, x2), (y0, y1, y2), (z0, z1, z2), (p0, p1, p2)))
    return frames


def jacobian_columns(frames: Sequence[Frame], p_end: Column, revolute: Sequence[bool],
                     convention: str) -> list[tuple[Component, ...]]:
    """Geometric Jacobian columns ``(vx, vy, vz, wx, wy, wz)`` of every joint, in the base frame.

    ``frames`` are the column tuples of :func:`chain_components` with ``keep_all`` (start
    included), ``p_end`` the point whose velocity is wanted (three floats or ``(B,)`` arrays),
    ``revolute`` one bool per joint. Joint i turns about (slides along) the Z column of frame
    i-1 in the standard convention and of frame i in the modified one; a revolute column is
    ``[z x (p_end - o); z]``, a prismatic one ``[z; 0]``. Floats in, floats out, as in
    :func:`chain_components`.

    Examples
    --------
    The two-link arm at ``q = (0, 90)`` degrees, tip at ``(1, 1, 0)``: joint 1 turns about Z
    through the origin, so the tip moves along ``z x (1, 1, 0) = (-1, 1, 0)``; joint 2 turns
    about Z through the elbow ``(1, 0, 0)``: ``z x (0, 1, 0) = (-1, 0, 0)``.

    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> frames = arm.chain_frames([0.0, math.pi / 2], keep_all=True)
    >>> columns = jacobian_columns(frames, frames[-1][3], [True, True], "standard")
    >>> print(np.round(columns, 9) + 0.0)
    [[-1.  1.  0.  0.  0.  1.]
     [-1.  0.  0.  0.  0.  1.]]
    """
    axis_frames = frames[:-1] if convention == "standard" else frames[1:]
    e0, e1, e2 = p_end
    columns: list[tuple[Component, ...]] = []
    for rev, (_, _, (z0, z1, z2), (o0, o1, o2)) in zip(revolute, axis_frames, strict=True):
        if rev:
            r0, r1, r2 = e0 - o0, e1 - o1, e2 - o2
            columns.append((z1 * r2 - z2 * r1, z2 * r0 - z0 * r2, z0 * r1 - z1 * r0, z0, z1, z2))
        else:
            columns.append((z0, z1, z2, 0.0, 0.0, 0.0))
    return columns


def frame_columns(T: np.ndarray) -> Frame:
    """A transform as the frame ``(X, Y, Z, P)`` of :func:`chain_components`: its columns.

    Parameters
    ----------
    T : ndarray, shape (4, 4) or (B, 4, 4)
        One transform (the columns are Python floats) or a batch (``(B,)`` arrays).

    Examples
    --------
    A quarter turn about Z at ``(1, 2, 3)``: X points along +Y, Y along -X.

    >>> T = np.array([[0.0, -1.0, 0.0, 1.0], [1.0, 0.0, 0.0, 2.0], [0.0, 0.0, 1.0, 3.0],
    ...               [0.0, 0.0, 0.0, 1.0]])
    >>> frame_columns(T)
    ((0.0, 1.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 0.0, 1.0), (1.0, 2.0, 3.0))
    """
    if T.ndim == 2:
        rows = T.tolist()
        X, Y, Z, P = (tuple(rows[r][c] for r in range(3)) for c in range(4))
    else:
        X, Y, Z, P = (tuple(T[:, r, c] for r in range(3)) for c in range(4))
    return X, Y, Z, P


def frame_times(frame: Frame, constant: Frame) -> Frame:
    """The column-tuple ``frame`` multiplied by a constant transform given as column tuples.

    ``frame @ constant`` for frames of :func:`chain_components` (floats or ``(B,)`` arrays);
    ``constant`` is ``(X, Y, Z, P)`` of floats, e.g. a robot's tool. A constant without
    rotation (a tool point) leaves the rotation columns as they are.

    Examples
    --------
    A frame turned 90 degrees about Z at ``(1, 0, 0)``, times a tool 0.5 along its own X: the
    tool point is 0.5 along the frame's X axis, which points along +Y, at ``(1, 0.5, 0)``.

    >>> frame = ((0.0, 1.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 0.0, 1.0), (1.0, 0.0, 0.0))
    >>> tool = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (0.5, 0.0, 0.0))
    >>> frame_times(frame, tool)[3]
    (1.0, 0.5, 0.0)
    """
    (x0, x1, x2), (y0, y1, y2), (z0, z1, z2), (p0, p1, p2) = frame
    cx, cy, cz, (c0, c1, c2) = constant
    moved = (p0 + x0 * c0 + y0 * c1 + z0 * c2, p1 + x1 * c0 + y1 * c1 + z1 * c2,
             p2 + x2 * c0 + y2 * c1 + z2 * c2)
    if (cx, cy, cz) == _NO_ROTATION:
        return frame[0], frame[1], frame[2], moved
    x, y, z = ((x0 * a + y0 * b + z0 * c, x1 * a + y1 * b + z1 * c, x2 * a + y2 * b + z2 * c)
               for a, b, c in (cx, cy, cz))
    return x, y, z, moved


_NO_ROTATION = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


def _frame_rows(frame):
    """The 16 entries of a float column-tuple frame, row by row (last row 0 0 0 1)."""
    (x0, x1, x2), (y0, y1, y2), (z0, z1, z2), (p0, p1, p2) = frame
    return [x0, y0, z0, p0, x1, y1, z1, p1, x2, y2, z2, p2, 0.0, 0.0, 0.0, 1.0]


def _frame_array(frame):
    """A float column-tuple frame as a ``(4, 4)`` array."""
    return np.array(_frame_rows(frame)).reshape(4, 4)


def _write_frame(out, frame):
    """Write a column-tuple frame of ``(B,)`` arrays into ``out`` ``(B, 4, 4)``.

    The components are gathered in a contiguous ``(4, 4, B)`` block first and transposed in one
    copy: writing each component straight into ``out`` strides through memory and costs about
    as much as the kinematics itself.
    """
    block = np.empty((4, 4, out.shape[0]))
    for c, column in enumerate(frame):
        for r in range(3):
            block[r, c] = column[r]
    block[3, :3] = 0.0
    block[3, 3] = 1.0
    out[...] = block.transpose(2, 0, 1)

"""Every inverse-kinematics solution of a 6R arm: Raghavan and Roth's elimination, solved as
Manocha and Canny solve it.

A 6-joint all-revolute arm reaches a pose in at most 16 ways. The method is M. Raghavan and
B. Roth, "Inverse kinematics of the general 6R manipulator and related linkages", *ASME J.
Mechanical Design* 115(3), 1993, pp. 502-508 (the equations), with the numerical reduction of
D. Manocha and J. F. Canny, "Efficient inverse kinematics for general 6R manipulators", *IEEE
Trans. Robotics and Automation* 10(5), 1994, pp. 648-657 (a matrix polynomial solved as an
eigenvalue problem). Step by step, with joints numbered 1-6 as in the papers:

1. **The loop in a normal form.** Either DH convention, with base ``B``, tool ``E`` and offsets,
   is written ``B^-1 T E^-1 = A1 A2 A3 A4 A5 A6`` with ``Ai = Zi Xi``, ``Zi = Rz(theta_i)
   Tz(d_i)``, ``Xi = Tx(a_i) Rx(alpha_i)`` (:func:`_chain`: a modified table's first link goes
   into the base, its others shift by one row).
2. **Joint 6 removed** (both papers): ``A3 A4 A5 = A2^-1 A1^-1 (B^-1 T E^-1) X6^-1 Z6^-1``.
   ``Rz(-theta_6)`` on the right leaves the third and fourth columns alone, so they give
   two vectors, ``l`` (the z axis) and ``p`` (the origin), each equal on both sides: the left
   side a function of joints 3, 4, 5, the right of joints 1, 2 and the target.
3. **The 14 equations** (Raghavan and Roth): ``l`` and ``p`` (6), ``p . p``, ``p . l``,
   ``p x l`` and ``(p . p) l - 2 (p . l) p`` (8 more), each side from its own ``p`` and ``l``
   (:func:`_fourteen`). Their result is that every one of the 14 stays of degree one in the
   sine and cosine of each joint angle: the left side a combination of the 27 products of
   ``(1, c_i, s_i)`` for ``i = 3, 4, 5``, the right of the 9 products for ``i = 1, 2``.
4. **The coefficients by evaluation and fit**, not symbolically: a function of degree one in
   ``theta`` is fixed by its values at three angles (0, 120, 240 degrees), so each side is
   evaluated on a 3 x 3 x 3 (or 3 x 3) grid of joint angles and its coefficients are a
   discrete Fourier transform of the samples, exact up to rounding (:func:`_fit`). The left
   side's 14 x 27 matrix ``P`` depends on the arm only and is built once; the right side's
   14 x 9 matrix ``Q`` on the target too (nine 4 x 4 products a target). Chosen over
   generated formulas because the code then reads as the equations do (the vectors, the
   products) and no page of machine-written coefficients needs checking.
5. **Joints 1 and 2 eliminated** (Manocha and Canny): write ``P m345 = Q m12``, move the
   constant column of ``Q`` to the left, and multiply by the 6 x 14 left null space of the
   other 8 columns (an SVD): 6 equations in joints 3, 4, 5 alone.
6. **The matrix polynomial.** In ``z_i = exp(i theta_i)`` (where the papers write ``x_i =
   tan(theta_i / 2)``; the same polynomial up to a change of variable, without the special
   angle ``theta = pi`` at ``x = infinity``) each equation times ``z4 z5`` is a polynomial
   with the 9 monomials ``z4^j z5^k`` (``j, k = 0..2``); the 6 equations and the same times
   ``z4`` are 12 equations in the 12 monomials ``z4^j z5^k`` (``j = 0..3``), with
   coefficients ``Sigma(z3) = A z3^2 + B z3 + C`` after multiplying by ``z3``: a 12 x 12
   matrix polynomial of degree 2 whose determinant vanishes at the solutions' ``z3``.
7. **The eigenvalue problem.** The 24 x 24 linearisation ``[[0, I], [-C, -B]] w = z3 [[I, 0],
   [0, A]] w`` with ``w = (v, z3 v)``. ``A`` is singular whatever the arm: ``det Sigma`` has 4
   roots at ``z3 = 0`` and 4 at infinity (the papers' ``(1 + x3^2)^4`` factor), so the
   generalised problem is solved, by shift and invert: the eigenvalues ``nu`` of ``(L0 - mu
   L1)^-1 L1`` are ``1 / (z3 - mu)``; infinite ``z3`` become ``nu = 0`` and are dropped
   (numpy has no QZ; the shift ``mu`` is off the unit circle and away from 0). A real joint
   3 is an eigenvalue on the unit circle.
8. **Back-substitution** (Manocha and Canny): the eigenvector is ``v = (z4^j z5^k)``, so
   ``z4`` and ``z5`` are ratios of its entries (least squares over all the ratios);
   ``m12 = Q^+ (P m345)`` gives ``(c1, s1, c2, s2)``; joint 6 turns frame 5 onto the
   target. Each candidate is then polished by Newton steps on the robot's own forward
   kinematics and Jacobian and kept if it reaches the target within the tolerances.

Geometries where the method fails, and what is done there (:func:`general_ik` tries them in
this order and says which answered):

- **The polynomial's matrix is singular for every z3** (its determinant vanishes
  identically): axes 1 and 2 meet (``a1 = 0``), or 5 and 6 (read tip to base), and in many
  arms with parallel axes. The same arm read tip to base (:func:`reversed_robot`, joint 4 in
  the eigenvalue's place) often is not singular; it is tried next.
- **A spherical wrist** (Puma, KUKA, ABB: singular both ways): Pieper's closed form
  (:mod:`robosim.ik.pieper`), on the arm or on the arm read tip to base (a spherical
  shoulder).
- **Three consecutive parallel axes with the next two axes meeting** (the UR family:
  singular both ways): the closed form of :func:`_parallel_axes` (Hawkins 2013, "Analytic
  inverse kinematics for the Universal Robots UR-5/UR-10 arms", generalised to any twists
  and offsets of the other joints): 2 shoulders x 2 wrists x 2 elbows = 8.
- Anything else singular both ways is reported: ``complete`` False with the reason.

Completeness is checked, not assumed: the eigenvalues on the unit circle (or the closed form's
real branches) are counted, and a target is ``complete`` only when each gave a distinct
solution (two merge only at a double root, where the Jacobian is singular).
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .. import checks
from ..errors import ValidationError
from ..kinematics import Joint, Robot, inverse, rotation_angle, tr2xyzrpy
from ..kinematics.chain import frame_columns
from ..kinematics.elementary import ArrayMath
from .pieper import DOUBLE_ROOT, OUT_OF_REACH, checked_pieper_ik, pieper_applies

#: Most solutions of a 6R arm (Raghavan and Roth; Manocha and Canny): the slots of
#: :class:`GeneralSolutions`.
MAX_SOLUTIONS = 16
#: An eigenvalue ``z3`` within this of the unit circle is a real joint 3 whose solution must
#: be found; up to :data:`NEAR_CIRCLE` it is tried too (a double root split by rounding).
ON_CIRCLE = 1e-8
NEAR_CIRCLE = 1e-5
#: ``Sigma(mu)``'s smallest singular value below this fraction of its largest: the matrix
#: polynomial is singular (at two shifts: for every ``z3``).
SINGULAR_PENCIL = 1e-11
#: Newton steps on the pose that polish each candidate (quadratic convergence: 3 suffice from
#: an eigenvector's 1e-8; more from a closed form near a tolerance of the structure).
NEWTON_STEPS = 6
#: Solutions within this (radians, modulo 2 pi) in every joint are one.
SAME_SOLUTION = 1e-6
#: Two eigenvalues' candidates that polish to one solution are a double root of the
#: determinant only if the Jacobian there has a singular value below this (scaled): the
#: target lies on the boundary of the workspace, where two solutions merge.
DOUBLE_ROOT_SINGULAR = 1e-4
#: A DH length (times the robot's size) or the sine of a twist below this is structurally 0.
STRUCTURAL_ZERO = 1e-9
#: The shifts ``mu`` of step 7: off the unit circle (where the real roots are), away from
#: the 4 spurious roots at 0, at angles unrelated to special ones.
SHIFTS = (0.5 * np.exp(0.7j), 2.0 * np.exp(2.3j))

#: The three joint angles of the fit (step 4) and their ``(1, cos, sin)`` rows.
SAMPLE_ANGLES = 2.0 * np.pi * np.arange(3) / 3
_FIT = np.linalg.inv(np.stack([np.ones(3), np.cos(SAMPLE_ANGLES), np.sin(SAMPLE_ANGLES)],
                              axis=1))
#: ``(1, cos, sin)`` to the coefficients of ``(z^-1, z^0, z^1)``: ``cos = (z + 1/z) / 2``,
#: ``sin = (z - 1/z) / 2i``.
_TO_POWERS = np.array([[0.0, 1.0, 0.0], [0.5, 0.0, 0.5], [0.5j, 0.0, -0.5j]])

#: Words of :attr:`GeneralSolutions.method`.
ELIMINATION = "elimination"
ELIMINATION_REVERSED = "elimination, read tip to base"
SPHERICAL_WRIST = "Pieper (spherical wrist)"
SPHERICAL_SHOULDER = "Pieper, read tip to base (spherical shoulder)"
PARALLEL_AXES = "three parallel axes"
PARALLEL_AXES_REVERSED = "three parallel axes, read tip to base"
#: The reason of a target no method could certify (the best one's solutions are kept).
NOT_CERTIFIED = ("incomplete: the elimination's matrix polynomial is singular (or a root gave "
                 "no solution) read either way along the arm, and no closed form covers this "
                 "geometry")


@dataclass(frozen=True)
class GeneralSolutions:
    """Every solution of targets ``(...)`` of a 6R arm, in :data:`MAX_SOLUTIONS` slots.

    Attributes
    ----------
    q : ndarray, shape (..., 16, 6)
        Joint values (radians) in (-pi, pi], not yet brought inside the limits; the valid
        slots first. Slots holding no solution are 0 and ``valid`` False.
    valid : ndarray of bool, shape (..., 16)
        The slots holding a solution: each reaches its target within the tolerances, and
        they are distinct modulo 2 pi.
    complete : ndarray of bool, shape (...)
        True when the valid slots are every solution (the count checked, see the module
        docstring); False when the method could not say so (``reason`` says why).
    reason : ndarray of str, shape (...)
        ``""``; :data:`robosim.ik.pieper.OUT_OF_REACH` (complete, no solution);
        :data:`robosim.ik.pieper.DOUBLE_ROOT`; or, with ``complete`` False, why.
    method : ndarray of str, shape (...)
        Which method answered (:data:`ELIMINATION`, :data:`PARALLEL_AXES`, ...).
    """

    q: np.ndarray
    valid: np.ndarray
    complete: np.ndarray
    reason: np.ndarray
    method: np.ndarray


def general_applies(robot: Robot) -> bool:
    """True for an arm :func:`general_ik` takes: six joints, all revolute.

    Examples
    --------
    >>> import robosim
    >>> general_applies(robosim.load_robot("UR5")), general_applies(robosim.load_robot("Lynx6"))
    (True, False)
    """
    return robot.n == 6 and bool(robot.revolute.all())


def general_closed_form(robot: Robot) -> bool:
    """True when :func:`general_ik` solves ``robot`` by a closed form first (three parallel
    axes, or a spherical shoulder): faster than the numeric search for one target, which the
    elimination is not (``benchmarks/bench_general_ik.py``), so :func:`robosim.ik.solve`
    uses the general solver only for these.

    Examples
    --------
    >>> import robosim
    >>> general_closed_form(robosim.load_robot("UR5"))
    True
    """
    return general_applies(robot) and _methods(robot)[0][0] not in (ELIMINATION,
                                                                    ELIMINATION_REVERSED)


def general_ik(robot: Robot, target: ArrayLike, *, tolerance: float = 1e-9,
               angle_tolerance: float = 1e-9) -> GeneralSolutions:
    """Every solution of targets, for a 6R arm of any geometry (see the module docstring).

    Parameters
    ----------
    robot : Robot
        Six revolute joints, either DH convention, any base and tool (limits are not
        applied here: :func:`robosim.ik.solve_all` does).
    target : array_like, shape (4, 4) or (..., 4, 4)
        Poses in the world frame.
    tolerance, angle_tolerance : float
        A solution's position (length unit) and orientation (radians) errors are at most
        these (:data:`robosim.ik.POSITION_TOLERANCE`, :data:`robosim.ik.ANGLE_TOLERANCE`).

    Returns
    -------
    GeneralSolutions

    Examples
    --------
    The UR5 reaches a pose in eight ways (shoulder, wrist and elbow each two ways), found by
    the closed form for its three parallel axes; ``q`` is one of them:

    >>> import robosim
    >>> ur5 = robosim.load_robot("UR5")
    >>> q = [0.3, -1.2, 1.4, -0.5, 1.1, 0.2]
    >>> found = general_ik(ur5, ur5.fk(q))
    >>> int(found.valid.sum()), bool(found.complete), str(found.method)
    (8, True, 'three parallel axes')
    >>> float(np.abs(found.q[found.valid] - q).max(axis=1).min()) < 1e-12
    True
    """
    if not general_applies(robot):
        raise ValidationError(f"{robot.name}: the general 6R solver needs six revolute joints, "
                              f"got {robot.joint_types}")
    target = checks.transforms(target, "target")
    tolerance = checks.positive(tolerance, "tolerance")
    angle_tolerance = checks.positive(angle_tolerance, "angle_tolerance")
    shape = target.shape[:-2]
    flat = target.reshape(-1, 4, 4)
    checks.rotations(frame_columns(flat), ArrayMath, "target")
    count = len(flat)
    q = np.zeros((count, MAX_SOLUTIONS, 6))
    valid = np.zeros((count, MAX_SOLUTIONS), dtype=bool)
    complete = np.zeros(count, dtype=bool)
    reason = np.full(count, NOT_CERTIFIED, dtype=object)
    method = np.full(count, "", dtype=object)
    rest = np.arange(count)
    for name, solver in _methods(robot):
        if rest.size == 0:
            break
        candidates = solver(flat[rest])
        note = candidates[-1]
        found = _select(robot, candidates, flat[rest], tolerance, angle_tolerance)
        # Where the count is certified, or nothing better is to come, keep this answer.
        better = found.complete | (valid[rest].sum(axis=1) < found.valid.sum(axis=1))
        rows = rest[better]
        q[rows], valid[rows] = found.q[better], found.valid[better]
        complete[rows], method[rows] = found.complete[better], name
        reason[rows] = np.where(found.complete[better], np.where(
            found.valid[better].any(axis=1), note[better], OUT_OF_REACH), NOT_CERTIFIED)
        rest = rest[~found.complete]
    return GeneralSolutions(q.reshape(shape + (MAX_SOLUTIONS, 6)),
                            valid.reshape(shape + (MAX_SOLUTIONS,)), complete.reshape(shape),
                            reason.reshape(shape), method.reshape(shape))


# ------------------------------------------------------------------------- the normal form
@dataclass(frozen=True)
class _Chain:
    """Step 1: ``B^-1 T E^-1 = prod_i Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i)``, with
    ``theta_i = q_i + offset_i``."""

    base_inverse: np.ndarray           # (4, 4)
    tool_inverse: np.ndarray           # (4, 4)
    d: np.ndarray                      # (6,)
    a: np.ndarray                      # (6,)
    alpha: np.ndarray                  # (6,)
    offset: np.ndarray                 # (6,)
    scale: float                       # the robot's size L

    def link(self, i, theta):
        """``A_i`` (0-based ``i``) at joint angles ``theta`` (``(...)``): ``(..., 4, 4)``."""
        return _screw(theta, self.d[i]) @ _twist(self.a[i], self.alpha[i])

    def normal_target(self, target):
        """``B^-1 T E^-1`` of world targets ``(B, 4, 4)``."""
        return self.base_inverse @ target @ self.tool_inverse


def _screw(theta, d):
    """``Rz(theta) Tz(d)``, ``(..., 4, 4)`` for angles ``(...)``."""
    theta = np.asarray(theta, dtype=float)
    c, s = np.cos(theta), np.sin(theta)
    T = np.zeros(theta.shape + (4, 4))
    T[..., 0, 0], T[..., 0, 1], T[..., 1, 0], T[..., 1, 1] = c, -s, s, c
    T[..., 2, 2] = T[..., 3, 3] = 1.0
    T[..., 2, 3] = d
    return T


def _twist(a, alpha):
    """``Tx(a) Rx(alpha)``, ``(4, 4)``."""
    c, s = math.cos(alpha), math.sin(alpha)
    return np.array([[1.0, 0.0, 0.0, a], [0.0, c, -s, 0.0], [0.0, s, c, 0.0],
                     [0.0, 0.0, 0.0, 1.0]])


def _chain(robot):
    """The :class:`_Chain` of a 6R ``robot`` (either convention). Modified DH (``A_i = Rx
    Tx Rz Tz``, row i holding ``a_{i-1}, alpha_{i-1}``): the first row's ``Tx Rx`` joins the
    base, and link i takes row i + 1's (link 6 none)."""
    joints = robot.joints
    base = robot.base
    twists = [(j.a, j.alpha) for j in joints]
    if robot.convention == "modified":
        base = base @ _twist(*twists[0])
        twists = twists[1:] + [(0.0, 0.0)]
    a, alpha = (np.array(column) for column in zip(*twists, strict=True))
    return _Chain(inverse(base), inverse(robot.tool), np.array([j.d for j in joints]), a, alpha,
                  np.array([j.offset for j in joints]), robot.length_scale)


def reversed_robot(robot: Robot) -> Robot:
    """The same 6R arm read tip to base: a robot (standard DH) whose ``fk(-q[::-1])`` is
    ``inverse(robot.fk(q))``.

    ``(A1 ... A6)^-1 = X6^-1 Z6^-1 ... X1^-1 Z1^-1`` with ``Z^-1 = Rz(-theta) Tz(-d)`` and
    ``X^-1 = Tx(-a) Rx(-alpha)``: joint j of the new arm is joint 7 - j turned the other way
    (``d``, offset and limits negated), its link the old ``X_{6-j}^-1`` (``a``, ``alpha``
    negated), its base ``E^-1 X6^-1`` and its tool ``B^-1``.

    Examples
    --------
    >>> import robosim
    >>> ur5 = robosim.load_robot("UR5")
    >>> q = np.array([0.3, -1.2, 1.4, -0.5, 1.1, 0.2])
    >>> back = reversed_robot(ur5)
    >>> bool(np.allclose(back.fk(-q[::-1]), np.linalg.inv(ur5.fk(q))))
    True
    """
    chain = _chain(robot)
    joints = []
    for j in range(6):
        old = 5 - j
        a, alpha = (-chain.a[old - 1], -chain.alpha[old - 1]) if j < 5 else (0.0, 0.0)
        lower, upper = robot.joints[old].limits
        joints.append(Joint(a=float(a), alpha=float(alpha), d=float(-chain.d[old]),
                            offset=float(-chain.offset[old]), limits=(-upper, -lower),
                            home=-robot.joints[old].home, name=robot.joints[old].name))
    base = inverse(robot.tool) @ inverse(_twist(chain.a[5], chain.alpha[5]))
    (base_xyz, base_rpy), (tool_xyz, tool_rpy) = tr2xyzrpy(base), tr2xyzrpy(chain.base_inverse)
    return Robot(tuple(joints), name=f"{robot.name} (tip to base)", unit=robot.unit,
                 base_xyz=tuple(base_xyz), base_rpy=tuple(base_rpy), tool_xyz=tuple(tool_xyz),
                 tool_rpy=tuple(tool_rpy))


# ------------------------------------------------------------------------ the methods
_built: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _methods(robot):
    """``[(name, solver), ...]`` for ``robot``, in the order :func:`general_ik` tries them
    (cached per robot). A solver takes targets ``(B, 4, 4)`` and returns ``(q, ok,
    required, certain, note)``: candidates ``(B, k, 6)`` (robot joint values), the slots
    holding one ``(B, k)``, those that must turn out to be solutions for the count to check
    ``(B, k)``, whether the method vouches for its count ``(B,)`` and a note ``(B,)``."""
    methods = _built.get(robot)
    if methods is None:
        back = reversed_robot(robot)
        methods = []
        if pieper_applies(robot):
            methods.append((SPHERICAL_WRIST, _pieper_solver(robot)))
        elif pieper_applies(back):
            methods.append((SPHERICAL_SHOULDER, _read_back(_pieper_solver(back))))
        if _has_parallel_axes(_chain(robot)):
            methods.append((PARALLEL_AXES, _parallel_solver(_chain(robot))))
        elif _has_parallel_axes(_chain(back)):
            methods.append((PARALLEL_AXES_REVERSED,
                            _read_back(_parallel_solver(_chain(back)))))
        methods += [(ELIMINATION, _elimination_solver(_chain(robot))),
                    (ELIMINATION_REVERSED, _read_back(_elimination_solver(_chain(back))))]
        _built[robot] = methods
    return methods


def _read_back(solver):
    """``solver`` of the arm read tip to base (:func:`reversed_robot`) as a solver of the
    arm: the targets inverted, the joints reversed and negated."""
    def solve(targets):
        q, ok, required, certain, note = solver(inverse(targets))
        return -q[..., ::-1], ok, required, certain, note
    return solve


def _pieper_solver(robot):
    """Pieper's closed form (:func:`robosim.ik.pieper.pieper_ik`) as a solver: its count is
    certain except where a joint is free (a continuum of solutions)."""
    def solve(targets):
        found = checked_pieper_ik(robot, targets)
        certain = np.array([not str(word).startswith("singular") for word in found.reason])
        note = np.where(found.reason == DOUBLE_ROOT, DOUBLE_ROOT, "")
        return found.q, found.valid, found.valid, certain, note
    return solve


# ------------------------------------------------------------- the elimination (steps 2-8)
def _fourteen(p, axis):
    """Raghavan and Roth's 14 quantities of the point ``p`` and the axis ``l`` (here
    ``axis``), ``(..., 3)`` each: ``l``, ``p``, ``p . p``, ``p . l``, ``p x l``, ``(p . p) l -
    2 (p . l) p``; ``(..., 14)``."""
    pp = np.einsum("...i,...i->...", p, p)[..., None]
    pl = np.einsum("...i,...i->...", p, axis)[..., None]
    return np.concatenate([axis, p, pp, pl, np.cross(p, axis), pp * axis - 2.0 * pl * p],
                          axis=-1)


def _fit(samples, angles):
    """Step 4: the coefficients in ``(1, cos, sin)`` of a function of degree one in each of
    ``angles`` joint angles, from its values at :data:`SAMPLE_ANGLES`. ``samples`` has one
    axis of 3 samples per angle first (any axes after); the result has one axis of 3
    coefficients in their place."""
    for axis in range(angles):
        samples = np.moveaxis(np.tensordot(_FIT, samples, axes=([1], [axis])), 0, axis)
    return samples


def _trig_rows(theta):
    """``(1, cos theta, sin theta)``, ``(..., 3)``."""
    return np.stack([np.ones_like(theta), np.cos(theta), np.sin(theta)], axis=-1)


def _elimination_solver(chain):
    """Steps 2-8 of the module docstring for ``chain`` (its arm-only part built here, once)."""
    t = SAMPLE_ANGLES
    # Step 3-4, left side: A3 A4 A5 on the 3 x 3 x 3 grid; its z axis and origin.
    left = chain.link(2, t[:, None, None]) @ chain.link(3, t[None, :, None]) @ chain.link(
        4, t[None, None, :])
    P = _fit(_fourteen(left[..., :3, 3], left[..., :3, 2]), 3).reshape(27, 14).T
    # The right side's transforms A1 A2 on the 3 x 3 grid (the target comes per call).
    shoulder = chain.link(0, t[:, None]) @ chain.link(1, t[None, :])
    R, origin = shoulder[..., :3, :3], shoulder[..., :3, 3]
    last_inverse = inverse(chain.link(5, 0.0))          # X6^-1 Z6^-1 at theta_6 = 0

    def solve(targets):
        count = len(targets)
        H = chain.normal_target(targets)
        # Step 2: p and l, free of theta_6 (Rz(-theta_6) acts on columns 1-2 only).
        end = H @ last_inverse
        p, axis = end[:, :3, 3], end[:, :3, 2]
        # Steps 3-4, right side: (A1 A2)^-1 applied to p (a point) and l (a direction).
        p_right = np.einsum("abji,nabj->nabi", R, p[:, None, None, :] - origin)
        axis_right = np.einsum("abji,nj->nabi", R, axis)
        Q = _fit(np.moveaxis(_fourteen(p_right, axis_right), 0, 2), 2)
        Q = Q.reshape(9, count, 14).transpose(1, 2, 0)
        left_side = np.broadcast_to(P, (count, 14, 27)).copy()
        left_side[:, :, 0] -= Q[:, :, 0]                  # the constant moves to the left
        shoulder_terms = Q[:, :, 1:]
        # Step 5: the left null space of the 8 shoulder columns.
        U = np.linalg.svd(shoulder_terms)[0]
        six = np.swapaxes(U[:, :, 8:], 1, 2) @ left_side          # (B, 6, 27)
        # Step 6: in powers z^-1, z^0, z^1 of joints 3, 4, 5, then Sigma's three matrices.
        powers = np.einsum("neijk,ia,jb,kc->neabc", six.reshape(count, 6, 3, 3, 3),
                           _TO_POWERS, _TO_POWERS, _TO_POWERS)
        sigma = np.zeros((count, 3, 12, 12), dtype=complex)
        for times_z4 in range(2):                   # rows: the 6 equations, then times z4
            rows = slice(6 * times_z4, 6 * times_z4 + 6)
            for j in range(3):                      # columns: z4^j z5^k at 3 j + k
                columns = slice(3 * (j + times_z4), 3 * (j + times_z4) + 3)
                sigma[:, :, rows, columns] = np.moveaxis(powers[:, :, :, j, :], 1, 2)
        C, B, A = sigma[:, 0], sigma[:, 1], sigma[:, 2]
        # Step 7: the shift with the better-conditioned Sigma(mu); singular at both: give up.
        singular_values = [np.linalg.svd(A * mu ** 2 + B * mu + C, compute_uv=False)
                           for mu in SHIFTS]
        conditions = np.array([values[:, -1] / values[:, 0] for values in singular_values])
        mu = np.array(SHIFTS)[conditions.argmax(axis=0)]
        regular = conditions.max(axis=0) > SINGULAR_PENCIL
        identity = np.broadcast_to(np.eye(12), (count, 12, 12))
        L0 = np.block([[np.zeros((count, 12, 12)), identity], [-C, -B]])
        L1 = np.block([[identity, np.zeros((count, 12, 12))], [np.zeros((count, 12, 12)), A]])
        nu, W = np.linalg.eig(np.linalg.solve(L0 - mu[:, None, None] * L1, L1))
        with np.errstate(divide="ignore", invalid="ignore"):
            z3 = mu[:, None] + 1.0 / nu
            off_circle = np.abs(np.abs(z3) - 1.0)
        off_circle = np.where(np.isfinite(off_circle), off_circle, np.inf)
        ok = (off_circle < NEAR_CIRCLE) & regular[:, None]
        required = (off_circle < ON_CIRCLE) & regular[:, None]
        # Step 8: joints 4, 5 from the eigenvector v = (z4^j z5^k), then 1, 2, 6.
        v = (W[:, :12] + np.conj(np.where(ok, z3, 0.0))[:, None, :] * W[:, 12:])
        v = np.moveaxis(v.reshape(count, 4, 3, 24), 3, 1)                    # (B, 24, 4, 3)
        z4 = (np.conj(v[..., :3, :]) * v[..., 1:, :]).sum(axis=(2, 3))
        z5 = (np.conj(v[..., :, :2]) * v[..., :, 1:]).sum(axis=(2, 3))
        theta3, theta4, theta5 = np.angle(np.where(ok, z3, 1.0)), np.angle(z4), np.angle(z5)
        wrist_terms = np.einsum("nki,nkj,nkl->nkijl", _trig_rows(theta3), _trig_rows(theta4),
                                _trig_rows(theta5)).reshape(count, 24, 27)
        right = np.einsum("nek,nck->nce", left_side, wrist_terms)
        m12 = np.einsum("nie,nce->nci", np.linalg.pinv(shoulder_terms), right)
        # m12 holds the products (1, c1, s1) x (1, c2, s2) but the first: c1 at 2, s1 at 5,
        # c2 at 0, s2 at 1.
        theta1, theta2 = np.arctan2(m12[..., 5], m12[..., 2]), np.arctan2(m12[..., 1], m12[..., 0])
        frame5 = (chain.link(0, theta1) @ chain.link(1, theta2) @ chain.link(2, theta3)
                  @ chain.link(3, theta4) @ chain.link(4, theta5))
        screw6 = inverse(frame5) @ (H @ inverse(_twist(chain.a[5], chain.alpha[5])))[:, None]
        theta6 = np.arctan2(screw6[..., 1, 0], screw6[..., 0, 0])
        theta = np.stack([theta1, theta2, theta3, theta4, theta5, theta6], axis=-1)
        return theta - chain.offset, ok, required, regular, np.full(count, "", dtype=object)

    return solve


# ------------------------------------------------------ three parallel axes (the UR family)
def _has_parallel_axes(chain):
    """Axes 2, 3, 4 parallel (``sin alpha2 = sin alpha3 = 0``), axes 5 and 6 meeting
    (``a5 = 0``), and nothing more special (axis 1 and axis 5 not parallel to them, ``a2``,
    ``a3`` not 0): the structure :func:`_parallel_solver` solves."""
    zero = STRUCTURAL_ZERO
    sines = np.abs(np.sin(chain.alpha))
    return bool(sines[1] < zero and sines[2] < zero and abs(chain.a[4]) < zero * chain.scale
                and min(sines[0], sines[3], sines[4]) > zero
                and min(abs(chain.a[1]), abs(chain.a[2])) > zero * chain.scale)


def _parallel_solver(chain):
    """The closed form of an arm with axes 2-4 parallel and axes 5, 6 meeting (Hawkins 2013
    for the UR5, here for any twists of axes 1, 4, 5 and any offsets ``d``), joints 1-6
    ``theta_1..6`` as in the module docstring (1-based):

    - ``u = Rz(theta1) Rx(alpha1) e_z``, the parallel axes' direction, has a component along
      the point ``q = p_W - d6 z_W`` (``W = H X6^-1``: its origin on axis 6, its z that axis)
      fixed by the arm: ``u . q = k = c_alpha1 d1 + h + sigma c_alpha4 d5`` with ``h = d2 +
      c_alpha2 d3 + c_alpha2 c_alpha3 d4`` the offsets along the parallel axes and ``sigma =
      cos(alpha2 + alpha3) = +-1``: ``s1 q_x - c1 q_y = (k - c_alpha1 q_z) / s_alpha1``, two
      shoulders;
    - ``u . z_W = sigma (c_alpha4 c_alpha5 - s_alpha4 s_alpha5 c5)``: two wrists;
    - the row ``u^T R_W = sigma e_z^T Rx(alpha4) Rz(theta5) Rx(alpha5) Rz(theta6)``: joint 6;
    - the rest, ``A2 A3 Z4 = (Z1 X1)^-1 W (X4 Z5 X5 Z6)^-1``, is planar: the origin's
      distance from axis 2 gives ``c3`` (two elbows), its azimuth joint 2, the rotation left
      joint 4.
    """
    a, d, alpha = chain.a, chain.d, chain.alpha
    ca, sa = np.cos(alpha), np.sin(alpha)
    sigma = math.copysign(1.0, ca[1] * ca[2])
    h = d[1] + ca[1] * d[2] + ca[1] * ca[2] * d[3]
    k = ca[0] * d[0] + h + sigma * ca[3] * d[4]
    twist6_inverse = inverse(_twist(a[5], alpha[5]))
    scale = chain.scale

    def solve(targets):
        count = len(targets)
        W = chain.normal_target(targets) @ twist6_inverse
        z_axis, point = W[:, :3, 2], W[:, :3, 3] - d[5] * W[:, :3, 2]
        # Joint 1: rho sin(theta1 - psi) = m.
        rho = np.hypot(point[:, 0], point[:, 1])
        m = (k - ca[0] * point[:, 2]) / sa[0]
        ratio = m / np.maximum(rho, 1e-300)
        shoulder_ok = np.abs(ratio) <= 1.0 + 1e-12
        lift = np.arcsin(np.clip(ratio, -1.0, 1.0))
        psi = np.arctan2(point[:, 1], point[:, 0])
        theta1 = psi[:, None] + np.stack([lift, np.pi - lift], axis=1)            # (B, 2)
        u = np.stack([sa[0] * np.sin(theta1), -sa[0] * np.cos(theta1),
                      np.full(theta1.shape, ca[0])], axis=-1)                     # (B, 2, 3)
        # Joint 5: two wrists.
        c5 = (ca[3] * ca[4] - sigma * np.einsum("nsi,ni->ns", u, z_axis)) / (sa[3] * sa[4])
        wrist_ok = np.abs(c5) <= 1.0 + 1e-12
        theta5 = np.arccos(np.clip(c5, -1.0, 1.0))[..., None] * np.array([1.0, -1.0])
        # Joint 6: g = sigma (e_z^T Rx(alpha4) Rz(theta5) Rx(alpha5))^T turned onto b = R_W^T u.
        forearm = _twist(a[3], alpha[3]) @ _screw(theta5, d[4]) @ _twist(a[4], alpha[4])
        g = sigma * forearm[..., 2, :3]                                           # (B, 2, 2, 3)
        b = np.einsum("nji,nsj->nsi", W[:, :3, :3], u)[:, :, None, :]
        theta6 = np.arctan2(g[..., 1], g[..., 0]) - np.arctan2(b[..., 1], b[..., 0])
        wrist_free = np.hypot(g[..., 0], g[..., 1]) < STRUCTURAL_ZERO
        # Joints 2-4, planar: K = A2 A3 Z4 with theta4 still in it.
        first = chain.link(0, theta1)[:, :, None]                                 # (B, 2, 1, 4, 4)
        hand = forearm @ _screw(theta6, d[5])
        K = inverse(first) @ W[:, None, None] @ inverse(hand)                     # (B, 2, 2, 4, 4)
        reach = K[..., 0, 3] ** 2 + K[..., 1, 3] ** 2
        c3 = (reach - a[1] ** 2 - a[2] ** 2) / (2.0 * a[1] * a[2])
        elbow_ok = np.abs(c3) <= 1.0 + 1e-12
        theta3 = np.arccos(np.clip(c3, -1.0, 1.0))[..., None] * np.array([1.0, -1.0])
        upper = _screw(0.0, d[1]) @ _twist(a[1], alpha[1]) @ chain.link(2, theta3)  # (B,2,2,2,4,4)
        elbow = upper @ np.array([0.0, 0.0, d[3], 1.0])
        theta2 = (np.arctan2(K[..., 1, 3], K[..., 0, 3])[..., None]
                  - np.arctan2(elbow[..., 1], elbow[..., 0]))
        screw4 = inverse(chain.link(1, theta2) @ chain.link(2, theta3)) @ K[..., None, :, :]
        theta4 = np.arctan2(screw4[..., 1, 0], screw4[..., 0, 0])
        shape = (count, 2, 2, 2)
        theta = np.stack([np.broadcast_to(x, shape) for x in (
            theta1[:, :, None, None], theta2, theta3, theta4, theta5[..., None],
            theta6[..., None])], axis=-1).reshape(count, 8, 6)
        ok = np.broadcast_to(shoulder_ok[:, None, None, None] & wrist_ok[..., None, None]
                             & elbow_ok[..., None], shape).reshape(count, 8)
        planar_free = reach < (STRUCTURAL_ZERO * scale) ** 2
        singular = ((rho < STRUCTURAL_ZERO * scale)
                    | (wrist_free & wrist_ok[..., None]).any(axis=(1, 2))
                    | (planar_free & wrist_ok[..., None]).any(axis=(1, 2)))
        return (theta - chain.offset, ok, ok, ~singular, np.full(count, "", dtype=object))

    return solve


# ------------------------------------------------------------------ polish and count
@dataclass(frozen=True)
class _Selected:
    q: np.ndarray                      # (B, 16, 6)
    valid: np.ndarray                  # (B, 16)
    complete: np.ndarray               # (B,)


def _select(robot, candidates, targets, tolerance, angle_tolerance):
    """The distinct solutions among a solver's ``candidates`` (see :func:`_methods`), each
    polished (:func:`_polish`), and whether the count checks: every required candidate
    reached the target, and none merged with another except at a double root."""
    q, ok, required, certain, _ = candidates
    count, slots = ok.shape
    rows, columns = np.nonzero(ok)
    polished = np.zeros((count, slots, 6))
    reached = np.zeros((count, slots), dtype=bool)
    if rows.size:
        found, position_error, angle_error = _polish(robot, q[rows, columns], targets[rows],
                                                     tolerance, angle_tolerance)
        polished[rows, columns] = np.pi - (np.pi - found) % (2.0 * np.pi)
        reached[rows, columns] = (position_error <= tolerance) & (angle_error <= angle_tolerance)
    gap = np.abs((polished[:, :, None] - polished[:, None, :] + np.pi) % (2.0 * np.pi) - np.pi)
    same = (gap.max(axis=-1) < SAME_SOLUTION) & reached[:, None, :]
    repeat = reached & np.tril(same, k=-1).any(axis=2)           # an earlier slot has it
    keep = reached & ~repeat
    merged = required & repeat
    if merged.any():
        # Two roots, one solution: a double root only where the Jacobian is singular.
        at, slot = np.nonzero(merged)
        merged[at, slot] = ~_singular(robot, polished[at, slot])
    complete = certain & ~(required & ~reached).any(axis=1) & ~merged.any(axis=1)
    order = np.argsort(~keep, axis=1, kind="stable")[:, :MAX_SOLUTIONS]
    chosen = np.take_along_axis(keep, order, axis=1)
    out = np.take_along_axis(polished, order[..., None], axis=1) * chosen[..., None]
    if slots < MAX_SOLUTIONS:
        pad = MAX_SOLUTIONS - slots
        out = np.concatenate([out, np.zeros((count, pad, 6))], axis=1)
        chosen = np.concatenate([chosen, np.zeros((count, pad), dtype=bool)], axis=1)
    return _Selected(out, chosen, complete & (keep.sum(axis=1) <= MAX_SOLUTIONS))


def _polish(robot, q, targets, tolerance, angle_tolerance):
    """Newton steps on the pose for configurations ``q`` ``(K, 6)`` towards ``targets``
    ``(K, 4, 4)`` with the robot's own forward kinematics and Jacobian: ``(q, position_error,
    angle_error)``. A row stops once its errors are 1e-3 of the tolerances, or after
    :data:`NEWTON_STEPS`."""
    scale = robot.length_scale
    q = q.copy()
    position_error, angle_error = np.empty(len(q)), np.empty(len(q))
    active = np.arange(len(q))
    for step in range(NEWTON_STEPS + 1):
        reached, target = robot.fk(q[active]), targets[active]
        position = target[:, :3, 3] - reached[:, :3, 3]
        position_error[active] = np.linalg.norm(position, axis=1)
        angle_error[active] = rotation_angle(reached[:, :3, :3], target[:, :3, :3])
        going = ((position_error[active] > 1e-3 * tolerance)
                 | (angle_error[active] > 1e-3 * angle_tolerance))
        if step == NEWTON_STEPS or not going.any():
            break
        active, reached, target, position = (active[going], reached[going], target[going],
                                             position[going])
        # The rotation error as sin(angle) times the axis: half the sum of the columns'
        # cross products (as robosim.ik.numeric's error).
        rotation = 0.5 * np.cross(reached[:, :3, :3], target[:, :3, :3], axis=1).sum(axis=2)
        error = np.concatenate([position / scale, rotation], axis=1)
        J = robot.jacobian(q[active])
        J[:, :3] /= scale
        Jt = np.swapaxes(J, 1, 2)
        q[active] += np.linalg.solve(Jt @ J + 1e-14 * np.eye(6), Jt @ error[..., None])[..., 0]
    return q, position_error, angle_error


def _singular(robot, q):
    """Configurations ``q`` ``(K, 6)`` where the Jacobian (position rows over the robot's
    size) has a singular value below :data:`DOUBLE_ROOT_SINGULAR` times its largest."""
    J = robot.jacobian(q)
    J[:, :3] /= robot.length_scale
    values = np.linalg.svd(J, compute_uv=False)
    return values[:, -1] < DOUBLE_ROOT_SINGULAR * values[:, 0]

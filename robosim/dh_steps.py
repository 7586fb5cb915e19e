"""The elementary motions of each DH row: how frame i-1 becomes frame i, one parameter at a time.

A DH row is four elementary motions, each a pure rotation about or a pure translation along one
axis of the moving frame (ARCHITECTURE, conventions):

- standard DH, row i: rotate ``theta_i`` about ``z_{i-1}``, translate ``d_i`` along ``z_{i-1}``,
  translate ``a_i`` along ``x_i``, rotate ``alpha_i`` about ``x_i``
  (``A_i = Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i)``);
- modified DH (Craig), row i: rotate ``alpha_{i-1}`` about ``x_{i-1}``, translate ``a_{i-1}``
  along ``x_{i-1}``, rotate ``theta_i`` about ``z_i``, translate ``d_i`` along ``z_i``
  (``A_i = Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta_i) Tz(d_i)``).

:func:`dh_steps` lists them in order from the world to the end effector, with the base transform
first and the tool transform last, each with its 4x4 matrix and the pose of the moving frame in
the world after it. The frames are products of the elementary matrices (``frame_k = frame_{k-1}
@ matrix_k``), not the kinematics kernel's shortcut, so they show the derivation a student writes;
tests check that they agree with :meth:`robosim.Robot.fk_all`.

:func:`symbolic_link_matrix` writes ``A_i`` with this row's constants and the joint variable as a
symbol (``c1 = cos theta1``), the form a worksheet or a teaching panel shows beside the numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from . import checks
from .kinematics import Robot, cos_sin, homogeneous, rotx, rotz, transl

#: The parameters of a DH step, and "base"/"tool" for the two mounting transforms.
PARAMETERS = ("theta", "d", "a", "alpha", "base", "tool")
#: Order of a row's elementary motions in each convention.
ROW_ORDER = {"standard": ("theta", "d", "a", "alpha"), "modified": ("alpha", "a", "theta", "d")}
#: What each parameter does: the motion and the axis of the moving frame it acts on.
MOTIONS = {"theta": ("rotate", "z"), "d": ("translate", "z"), "a": ("translate", "x"),
           "alpha": ("rotate", "x")}
#: An offset smaller than this (radians or length unit) is float noise: a DH variable is written
#: without it (:func:`offset_term`).
NO_OFFSET = 1e-12
#: Symbols of the parameters as printed (Greek letters spelled out, as in plain-text tables).
_SYMBOLS = {"theta": "theta", "d": "d", "a": "a", "alpha": "alpha"}


@dataclass(frozen=True)
class DHStep:
    """One elementary motion of the moving frame.

    Attributes
    ----------
    joint : int
        The DH row, 1-based; 0 for the base transform and ``n + 1`` for the tool transform.
    parameter : {"theta", "d", "a", "alpha", "base", "tool"}
    value : float or ndarray (...) or None
        The amount: radians for ``theta`` and ``alpha``, the robot's length unit for ``d`` and
        ``a``; offsets included (``theta_i = q_i + offset_i``). None for base and tool, which are
        whole transforms. An array of the batch's shape when :func:`dh_steps` got a batch.
    matrix : ndarray (4, 4) or (..., 4, 4)
        The elementary transform: ``Rz(value)``, ``Tz(value)``, ``Tx(value)`` or ``Rx(value)``;
        the base or tool transform itself.
    frame : ndarray (4, 4) or (..., 4, 4)
        Pose in the world of the moving frame after this step.
    symbol : str
        The parameter as a student writes it: ``"theta2"``, ``"a1"`` (a modified row i stores
        ``a_{i-1}``), ``"base"``, ``"tool"``.
    axis : str
        The axis the motion is about or along, named after its frame: ``"z1"``, ``"x2"``; ``""``
        for base and tool.

    Examples
    --------
    The two-link arm with unit links at ``q = (0, 90 deg)``: each row is theta, d, a, alpha
    (standard DH), between the base and tool mountings. After ``a1`` the moving frame sits at
    the elbow (1, 0, 0); after ``a2``, turned by ``theta2``, at the tip (1, 1, 0).

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> steps = dh_steps(arm, [0.0, np.pi / 2])
    >>> [step.symbol for step in steps]
    ['base', 'theta1', 'd1', 'a1', 'alpha1', 'theta2', 'd2', 'a2', 'alpha2', 'tool']
    >>> (steps[3].frame[:3, 3].round(6) + 0.0).tolist(), steps[3].axis, steps[3].value
    ([1.0, 0.0, 0.0], 'x1', 1.0)
    >>> (steps[7].frame[:3, 3].round(6) + 0.0).tolist()
    [1.0, 1.0, 0.0]
    """

    joint: int
    parameter: str
    value: float | np.ndarray | None
    matrix: np.ndarray
    frame: np.ndarray
    symbol: str
    axis: str

    @property
    def motion(self) -> str:
        """``"rotate"``, ``"translate"`` or ``"mount"`` (base and tool).

        Examples
        --------
        >>> from robosim import Joint, Robot
        >>> arm = Robot([Joint(a=1.0)], unit="m")
        >>> [step.motion for step in dh_steps(arm, [0.0])]
        ['mount', 'rotate', 'translate', 'translate', 'rotate', 'mount']
        """
        return MOTIONS[self.parameter][0] if self.parameter in MOTIONS else "mount"

    def describe(self, unit: str = "", degrees: bool = True) -> str:
        """The step in words, e.g. ``"rotate theta2 = 30 deg about z1"``.

        Parameters
        ----------
        unit : str
            Length unit printed after translations.
        degrees : bool
            Angles in degrees (else radians).

        Examples
        --------
        >>> from robosim import Joint, Robot
        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
        >>> dh_steps(arm, [0.0, np.pi / 6])[5].describe("m")
        'rotate theta2 = 30 deg about z1'
        """
        if self.parameter == "base":
            return "base transform: world to frame 0"
        if self.parameter == "tool":
            return "tool transform: last frame to end effector"
        assert self.value is not None, "only the base and tool steps have no amount"
        motion, _ = MOTIONS[self.parameter]
        if motion == "rotate":
            amount = (f"{shown_amount(np.degrees(self.value)):.6g} deg" if degrees
                      else f"{shown_amount(self.value, 9):.6g} rad")
            return f"rotate {self.symbol} = {amount} about {self.axis}"
        amount = f"{shown_amount(self.value):.6g} {unit}".rstrip()
        return f"translate {self.symbol} = {amount} along {self.axis}"


def shown_amount(value: float | np.ndarray, decimals: int = 6) -> float:
    """A joint or DH amount as the screens write it: rounded to ``decimals`` (a millionth of a
    degree or of the length unit by default), never ``-0``. The float noise a solver or a blend
    leaves in a joint at zero (``1.65e-14`` deg) is not a value anyone typed.

    >>> [f"{shown_amount(v):.4g}" for v in (1.6499e-14, -1e-9, -47.0343128)]
    ['0', '0', '-47.03']
    """
    return round(float(value), decimals) + 0.0


def offset_term(offset: float, number: Callable[[float], str] = "{:g}".format,
                spaced: bool = True) -> str:
    """A joint's offset as the term written after its variable, or after the variable's value:
    ``" + 90"``, and ``" - 90"`` for a negative one (``q3 - 90``, never ``q3 + -90``).

    Every text that writes a DH variable with its offset (the worksheet, ``robosim show``'s
    table, the DH steps and Matrix windows) writes it with this, so that they agree on the
    sign and on when there is no offset to write.

    Parameters
    ----------
    offset : float
        As :class:`robosim.Joint` holds it: radians (revolute) or length unit (prismatic).
    number : callable, optional
        Writes the offset's size ``abs(offset)`` (same units) as the output writes numbers:
        in degrees, with so many decimals, in LaTeX, with a unit after it. Default ``:g`` of
        the value as it is.
    spaced : bool, optional
        ``" + 90"`` (True: an equation or a sentence) or ``"+90"`` (False: a cell of a table
        whose columns are separated by spaces, which a space would split).

    Returns
    -------
    str
        ``""`` when the joint has no offset: one smaller than :data:`NO_OFFSET` (float noise),
        or one that ``number`` writes as it writes zero (``q8``, never ``q8 - 0``).

    Examples
    --------
    The Lynx6's elbow (offset -90 deg) in a sentence and in a table, a prismatic joint's
    offset, and one too small for four decimals:

    >>> import math
    >>> degrees = lambda radians: f"{math.degrees(radians):g} deg"
    >>> "q3" + offset_term(math.radians(-90), degrees)
    'q3 - 90 deg'
    >>> "q3" + offset_term(math.radians(-90), lambda v: f"{math.degrees(v):g}", spaced=False)
    'q3-90'
    >>> "d2 = q2" + offset_term(0.25), "d2 = q2" + offset_term(-4e-7, lambda v: f"{v:.4f}")
    ('d2 = q2 + 0.25', 'd2 = q2')
    """
    size = number(abs(offset))
    if abs(offset) < NO_OFFSET or size == number(0.0):
        return ""
    sign = "-" if offset < 0 else "+"
    return f" {sign} {size}" if spaced else f"{sign}{size}"


def elementary_matrix(parameter: str, value: ArrayLike) -> np.ndarray:
    """The 4x4 transform of one DH parameter: ``Rz`` (theta), ``Tz`` (d), ``Tx`` (a), ``Rx``
    (alpha).

    Parameters
    ----------
    parameter : {"theta", "d", "a", "alpha"}
        Which DH parameter the motion changes: a turn about or slide along z, or x.
    value : float or array_like (...)
        Radians for theta and alpha, length unit for d and a.

    Returns
    -------
    ndarray (4, 4) or (..., 4, 4)

    Examples
    --------
    Rotating by theta = 90 deg turns x into y:

    >>> np.round(elementary_matrix("theta", np.pi / 2)[:3, 0], 12)
    array([0., 1., 0.])
    >>> elementary_matrix("d", 0.5)[:3, 3]
    array([0. , 0. , 0.5])
    """
    value = np.asarray(value, dtype=float)
    zeros = np.zeros(value.shape + (3,))
    if parameter == "theta":
        return homogeneous(rotz(value), zeros)
    if parameter == "alpha":
        return homogeneous(rotx(value), zeros)
    axis = {"d": 2, "a": 0}[parameter]
    zeros[..., axis] = value
    return transl(zeros)


def dh_steps(robot: Robot, q: ArrayLike) -> list[DHStep]:
    """The elementary motions that take the world frame to the end effector, in order.

    Parameters
    ----------
    robot : robosim.Robot
        The arm (either DH convention).
    q : array_like (n,) or (..., n)
        Joint values: radians (revolute), length unit (prismatic).

    Returns
    -------
    list of DHStep
        ``4 n + 2`` steps: the base (joint 0), four per DH row in the robot's convention, the
        tool (joint ``n + 1``). The frame after the last step of row i is
        ``robot.fk_all(q)[..., i, :, :]``; after the base step it is frame 0; after the tool
        step it is ``robot.fk(q)``.

    Examples
    --------
    A planar two-link arm with unit links at q = (0, 90 deg): the last frame reached by row 1 is
    one unit along x, and row 2 turns by 90 deg and then moves one unit along the new x (the
    world's y):

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> steps = dh_steps(arm, [0.0, np.pi / 2])
    >>> [s.symbol for s in steps]
    ['base', 'theta1', 'd1', 'a1', 'alpha1', 'theta2', 'd2', 'a2', 'alpha2', 'tool']
    >>> np.round(steps[4].frame[:3, 3], 12), np.round(steps[8].frame[:3, 3], 12)
    (array([1., 0., 0.]), array([1., 1., 0.]))
    """
    q = checks.instance(robot, Robot, "robot", "robosim.load_robot gives one").check_q(q, "q")
    batch = q.shape[:-1]
    theta, d = robot.joint_variables(q)
    frame = np.broadcast_to(robot.base, batch + (4, 4)).copy()
    steps = [DHStep(0, "base", None, frame.copy(), frame.copy(), "base", "")]
    for i, joint in enumerate(robot.joints, start=1):
        values = {"theta": theta[i - 1], "d": d[i - 1],
                  "a": np.full(batch, joint.a), "alpha": np.full(batch, joint.alpha)}
        for parameter in ROW_ORDER[robot.convention]:
            value = values[parameter]
            matrix = elementary_matrix(parameter, value)
            frame = frame @ matrix
            symbol, axis = _names(robot.convention, i, parameter)
            steps.append(DHStep(i, parameter, float(value) if not batch else value, matrix,
                                frame, symbol, axis))
    tool = np.broadcast_to(robot.tool, batch + (4, 4)).copy()
    steps.append(DHStep(robot.n + 1, "tool", None, tool, frame @ tool, "tool", ""))
    return steps


def _names(convention, row, parameter):
    """Symbol and axis of ``parameter`` in DH row ``row`` (1-based): ``("theta2", "z1")``.

    In the standard convention theta and d act along ``z_{i-1}`` and a and alpha along ``x_i``;
    in the modified one alpha and a carry the index ``i-1`` and act along ``x_{i-1}``, theta and
    d along ``z_i``.
    """
    _, letter = MOTIONS[parameter]
    if convention == "standard":
        return f"{_SYMBOLS[parameter]}{row}", f"{letter}{row - 1 if letter == 'z' else row}"
    index = row - 1 if parameter in ("alpha", "a") else row
    return f"{_SYMBOLS[parameter]}{index}", f"{letter}{index}"


def link_matrices(steps: Iterable[DHStep]) -> list[np.ndarray]:
    """``A_i`` of every row from a :func:`dh_steps` list: the product of the row's four matrices.

    Returns
    -------
    list of ndarray (4, 4) or (..., 4, 4)
        ``n`` link transforms, row 1 first (base and tool not included).

    Examples
    --------
    The two-link arm with unit links at ``(0, 90)`` degrees: ``A_1`` is one unit along x,
    ``A_2`` turns 90 degrees and then goes one unit along the new x, so ``(0, 1)``.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], unit="m")
    >>> A1, A2 = link_matrices(dh_steps(arm, [0.0, np.pi / 2]))
    >>> (A1[:2, 3].round(3) + 0.0).tolist(), (A2[:2, 3].round(3) + 0.0).tolist()
    ([1.0, 0.0], [0.0, 1.0])
    """
    rows: dict[int, np.ndarray] = {}   # DH row -> product of its matrices so far
    for step in steps:
        if step.parameter in MOTIONS:
            previous = rows.get(step.joint)
            rows[step.joint] = step.matrix if previous is None else previous @ step.matrix
    return [rows[i] for i in sorted(rows)]


def symbolic_link_matrix(robot: Robot, row: int, latex: bool = False, digits: int = 4,
                         applied: int = 4) -> list[list[str]]:
    r"""``A_i`` of DH row ``row`` with its constants as numbers and its variable as a symbol.

    A revolute row's ``theta_i = q_i + offset_i`` appears as ``c<i> = cos theta_i`` and
    ``s<i> = sin theta_i``; a prismatic row's ``d_i = q_i + offset_i`` as ``d<i>``. Every entry
    of a DH link matrix is a number times at most one of these symbols, so each is printed as
    such a product.

    With ``applied`` < 4 it is ``A_i`` *so far*: the product of the row's first ``applied``
    elementary matrices in the convention's order (:data:`ROW_ORDER`), what a student has
    written after that many steps. The motions not yet applied count as zero (a product of
    fewer factors is the whole product with the rest set to identity), and while the variable's
    own motion is not among them the matrix holds numbers only.

    Parameters
    ----------
    robot : robosim.Robot
        The arm (either DH convention).
    row : int
        1-based DH row.
    latex : bool
        LaTeX math (``c_{1}``, ``0.5\,s_{1}``) instead of plain text (``c1``, ``0.5 s1``).
    digits : int
        Decimals of the numbers.
    applied : int
        How many of the row's four elementary motions are multiplied in (0 to 4).

    Returns
    -------
    list of 4 lists of 4 str

    Examples
    --------
    A Puma-like shoulder, standard DH with alpha = 90 deg and d = 0.4:

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(alpha=np.pi / 2, d=0.4)], unit="m")
    >>> symbolic_link_matrix(arm, 1)
    [['c1', '0', 's1', '0'], ['s1', '0', '-c1', '0'], ['0', '1', '0', '0.4'], ['0', '0', '0', '1']]

    After its first two steps (rotate theta1, translate d1) the row is ``Rz(theta1) Tz(0.4)``:

    >>> symbolic_link_matrix(arm, 1, applied=2)
    [['c1', '-s1', '0', '0'], ['s1', 'c1', '0', '0'], ['0', '0', '1', '0.4'], ['0', '0', '0', '1']]
    """
    joint = robot.joints[row - 1]
    done = ROW_ORDER[robot.convention][:applied]
    variable = "theta" if joint.is_revolute else "d"
    if variable not in done:
        constants = {"theta": joint.theta, "d": joint.d, "a": joint.a, "alpha": joint.alpha}
        matrix = np.eye(4)
        for parameter in done:
            matrix = matrix @ elementary_matrix(parameter, constants[parameter])
        return [[_term_text(v, None, latex, digits) for v in line] for line in matrix]
    not_applied: dict[str, Any] = {p: 0.0 for p in ("theta", "d", "a", "alpha")
                                   if p not in done and p != variable}
    joint = replace(joint, **not_applied)
    ca, sa = cos_sin(joint.alpha)
    a = joint.a
    c: _Term
    s: _Term
    d: _Term
    if joint.is_revolute:
        c, s, d = (1.0, f"c{row}"), (1.0, f"s{row}"), (joint.d, None)
    else:
        ct, st = cos_sin(joint.theta)
        c, s, d = (ct, None), (st, None), (1.0, f"d{row}")

    def times(k, term):
        return (k * term[0], term[1])

    one, zero = (1.0, None), (0.0, None)
    if robot.convention == "standard":
        terms = [[c, times(-ca, s), times(sa, s), times(a, c)],
                 [s, times(ca, c), times(-sa, c), times(a, s)],
                 [zero, (sa, None), (ca, None), d]]
    else:
        terms = [[c, times(-1.0, s), zero, (a, None)],
                 [times(ca, s), times(ca, c), (-sa, None), times(-sa, d)],
                 [times(sa, s), times(sa, c), (ca, None), times(ca, d)]]
    terms.append([zero, zero, zero, one])
    return [[_term_text(k, symbol, latex, digits) for k, symbol in line] for line in terms]


# An entry of a link matrix: a number times a symbol ("c1", "s1", "d1"), or a number alone.
_Term = tuple[float, str | None]


def _term_text(coefficient, symbol, latex, digits):
    """``coefficient * symbol`` as text: ``"0"``, ``"s1"``, ``"-c1"``, ``"0.5 s1"``, ``"0.4"``.

    The coefficient is rounded to ``digits`` decimals first, so what reads as 1 drops out and
    what reads as 0 makes the entry 0 (cos 90 deg is 6e-17 in floats).
    """
    coefficient = round(float(coefficient), digits) + 0.0  # + 0.0: no "-0"
    if coefficient == 0.0:
        return "0"
    number = f"{coefficient:.{digits}f}".rstrip("0").rstrip(".")
    if symbol is None:
        return number
    if latex:
        symbol = f"{symbol[0]}_{{{symbol[1:]}}}"
    if coefficient in (1.0, -1.0):
        return symbol if coefficient > 0 else f"-{symbol}"
    return f"{number}\\,{symbol}" if latex else f"{number} {symbol}"

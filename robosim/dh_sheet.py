"""A DH worksheet: the forward-kinematics derivation of an arm at one pose, to hand out or check.

:func:`dh_sheet` writes, in Markdown or LaTeX (a stock ``pdflatex`` compiles it):

1. the DH table, with each joint variable and its offset, and the same table in numbers at q;
2. the convention's link transform ``A_i`` with cos and sin written out;
3. each ``A_i`` with this row's constants and its variable as a symbol (``c1 = cos theta1``),
   the values of those symbols at q, and ``A_i`` in numbers;
4. the products ``0T_i = 0T_{i-1} A_i`` and, when the robot has them, the base and tool;
5. the end-effector position and roll-pitch-yaw, with the formulas that read them from ``T``.

The numbers come from :func:`robosim.dh_steps` (products of the elementary matrices); tests parse
them back and compare them with :meth:`robosim.Robot.fk`.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from . import checks
from .dh_steps import dh_steps, link_matrices, offset_term, symbolic_link_matrix
from .errors import ValidationError, brief, one_line
from .kinematics import Robot, r2rpy

FORMATS = ("md", "tex")
#: Decimals of the numbers on a worksheet: a student's calculator shows about this many.
DIGITS = 4
#: Most decimals a worksheet prints (a float holds about 17 significant digits).
MAX_DIGITS = 17
#: The DH parameters that are angles (shown in degrees).
ANGLES = ("theta", "alpha")


def dh_sheet(robot: Robot, q: ArrayLike, fmt: str = "md", digits: int = DIGITS) -> str:
    r"""The derivation of ``robot.fk(q)`` as a Markdown or LaTeX document.

    Parameters
    ----------
    robot : robosim.Robot
        The arm whose derivation is written.
    q : array_like (n,)
        Joint values: radians (revolute), length unit (prismatic).
    fmt : {"md", "tex"}
        Markdown or LaTeX.
    digits : int
        Decimals of the numbers, 0 to :data:`MAX_DIGITS`.

    Returns
    -------
    str
        The whole document; LaTeX starts with ``\documentclass`` and needs only ``amsmath``
        and ``geometry`` (both in TeX Live's ``texlive-latex-base``).

    Raises
    ------
    ValidationError
        Unknown ``fmt``, or ``q`` of the wrong size.

    Examples
    --------
    The two-link arm with unit links at ``q = (0, 90 deg)``: the sheet ends at the tip,
    ``x = cos 0 + cos 90 = 1``, ``y = sin 0 + sin 90 = 1``.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> sheet = dh_sheet(arm, [0.0, np.pi / 2])
    >>> print(sheet[sheet.index("End-effector position"):].splitlines()[0])
    End-effector position: `x = 1, y = 1, z = 0` m
    >>> dh_sheet(arm, [0.0, np.pi / 2], fmt="tex").splitlines()[0]
    '\\documentclass[a4paper,10pt]{article}'
    """
    if fmt not in FORMATS:
        raise ValidationError(f"worksheet format must be one of {FORMATS}, got {brief(fmt)}")
    digits = checks.count(digits, "digits", 0, MAX_DIGITS)
    q = robot.check_q(q)
    if q.ndim != 1:
        raise ValidationError(f"a worksheet is for one configuration, got shape {q.shape}")
    w = (_Markdown if fmt == "md" else _Latex)(digits)
    steps = dh_steps(robot, q)
    links = link_matrices(steps)
    unit = robot.unit
    q_text = ", ".join(w.value(v, robot.joints[i].is_revolute) for i, v in enumerate(q))

    w.title(f"{one_line(robot.name)}: forward kinematics by the DH convention")
    source = f"; numbers from {w.plain(robot.source.rstrip('.'))}" if robot.source else ""
    w.text(f"Joint values {w.math(f'q = ({q_text})')}; lengths in {unit}, angles in degrees. "
           f"{robot.convention.capitalize()} DH convention{source}.")

    w.heading("1. The DH table")
    names = _column_names(robot.convention)
    header = ["i", "type"] + [w.math(w.symbol(*name)) for name in names]
    symbolic_rows, numeric_rows = [], []
    for i, joint in enumerate(robot.joints, start=1):
        values = _row_values(steps, i)
        symbolic_rows.append([str(i), joint.kind]
                             + [w.math(_table_entry(w, joint, i, name)) for name, _ in names])
        numeric_rows.append([str(i), joint.kind]
                            + [w.math(w.value(values[name], name in ANGLES)) for name, _ in names])
    w.table(header, symbolic_rows)
    if robot.convention == "modified":
        w.text(f"Row i holds {w.math(w.symbol('a', 'i-1'))} and "
               f"{w.math(w.symbol('alpha', 'i-1'))}, as in Craig's table.")
    w.text(f"The same table at {w.math('q')}:")
    w.table(header, numeric_rows)

    w.heading("2. The link transform")
    formula, general = _general_link_matrix(w, robot.convention)
    cosines = ", ".join(w.math(w.symbol(name, index))
                        for name, index in (("c", "i"), ("s", "i"), ("c", "alpha"), ("s", "alpha")))
    w.text(f"Each row gives {w.math(formula)}; {cosines} are the cosines and sines of "
           f"{w.math(w.symbol('theta', 'i'))} and of the row's twist:")
    w.matrix(w.symbol("A", "i"), general)

    w.heading("3. Each link at q")
    for i, joint in enumerate(robot.joints, start=1):
        w.subheading(f"Link {i}")
        if joint.is_revolute:
            theta = _row_values(steps, i)["theta"]
            cosine = f"{w.symbol('c', i)} = {w.number(math.cos(theta))}"
            sine = f"{w.symbol('s', i)} = {w.number(math.sin(theta))}"
            equation = _variable_equation(w, i, "theta", joint.offset, q[i - 1], True)
            w.text(f"{w.math(equation)}, so {w.math(cosine)} and {w.math(sine)}.")
        else:
            equation = _variable_equation(w, i, "d", joint.offset, q[i - 1], False)
            w.text(f"{w.math(equation)} {unit}.")
        w.matrix(w.symbol("A", i), symbolic_link_matrix(robot, i, latex=w.latex, digits=digits))
        w.matrix(w.symbol("A", i), w.numbers(links[i - 1]))

    w.heading("4. The product")
    first = f"{w.symbol('T', 1, before='0')} = {w.symbol('A', 1)}"
    recursion = (f"{w.symbol('T', 'i', before='0')} = {w.symbol('T', 'i-1', before='0')}"
                 f"{w.times}{w.symbol('A', 'i')}")
    w.text(f"{w.math(first)}, then {w.math(recursion)}:")
    product = np.eye(4)
    for i, A in enumerate(links, start=1):
        product = product @ A
        w.matrix(w.symbol("T", i, before="0"), w.numbers(product))
    mounts = {"base": robot.base, "tool": robot.tool}
    mounted = [name for name, T in mounts.items() if not _is_identity(T)]
    last = w.symbol("T", robot.n, before="0")
    if mounted:
        parts = [w.symbol("T", "base")] * ("base" in mounted) + [last] \
            + [w.symbol("T", "tool")] * ("tool" in mounted)
        w.text(f"With the robot's mounting, {w.math('T = ' + w.times.join(parts))}:")
        for name in mounted:
            w.matrix(w.symbol("T", name), w.numbers(mounts[name]))
    else:
        w.text(f"The end-effector pose is {w.math('T = ' + last)}:")
    end = steps[-1].frame
    w.matrix("T", w.numbers(end))

    w.heading("5. The end effector")
    x, y, z = (w.number(v) for v in end[:3, 3])
    roll, pitch, yaw = (w.degrees(v) for v in r2rpy(end[:3, :3]))
    w.text(f"End-effector position: {w.math(f'x = {x}, y = {y}, z = {z}')} {unit}")
    w.text(f"Roll-pitch-yaw, {w.math('R = R_z(yaw) R_y(pitch) R_x(roll)')}: "
           f"{w.math(f'roll = {roll}, pitch = {pitch}, yaw = {yaw}')}")
    w.text(f"(read from {w.math('T')}: "
           f"{w.math('pitch = atan2(-r_{31}, sqrt(r_{11}^2 + r_{21}^2))')}, "
           f"{w.math('roll = atan2(r_{32}, r_{33})')}, {w.math('yaw = atan2(r_{21}, r_{11})')})")
    return w.document()


def _column_names(convention):
    """The table's columns as ``(parameter, index)`` in the convention's order."""
    if convention == "standard":
        return [("theta", "i"), ("d", "i"), ("a", "i"), ("alpha", "i")]
    return [("alpha", "i-1"), ("a", "i-1"), ("theta", "i"), ("d", "i")]


def _row_values(steps, row):
    """``{"theta": ..., "d": ..., "a": ..., "alpha": ...}`` of DH row ``row`` from the steps."""
    return {s.parameter: s.value for s in steps if s.joint == row}


def _table_entry(w, joint, row, parameter):
    """A DH table cell: the variable with its offset (``q2 + 90°``) or the constant."""
    if (parameter == "theta") == joint.is_revolute and parameter in ("theta", "d"):
        return _variable(w, row, joint.offset, joint.is_revolute)
    constant = {"theta": joint.theta, "d": joint.d, "a": joint.a, "alpha": joint.alpha}[parameter]
    return w.value(constant, parameter in ANGLES)


def _variable(w, row, offset, angle):
    """``q2``, or ``q2 + 90°`` with its offset."""
    return w.symbol("q", row) + _offset_term(w, offset, angle)


def _variable_equation(w, row, parameter, offset, q_value, angle):
    """``θ2 = q2 + 90° = 30° + 90° = 120°``, or ``θ1 = q1 = 30°`` without an offset."""
    term = _offset_term(w, offset, angle)
    left = f"{w.symbol(parameter, row)} = {w.symbol('q', row)}{term} = {w.value(q_value, angle)}"
    return f"{left}{term} = {w.value(q_value + offset, angle)}" if term else left


def _offset_term(w, offset, angle):
    """``" + 90°"``, ``" - 0.25"`` or ``""``: :func:`robosim.dh_steps.offset_term` in the
    sheet's numbers."""
    return offset_term(offset, lambda size: w.value(size, angle))


def _general_link_matrix(w, convention):
    """The convention's product of elementary transforms and its matrix in c, s symbols."""
    ct, st = w.symbol("c", "i"), w.symbol("s", "i")
    ca, sa = w.symbol("c", "alpha"), w.symbol("s", "alpha")
    t = w.times
    if convention == "standard":
        formula = (f"{w.symbol('A', 'i')} = R_z({w.symbol('theta', 'i')}) T_z({w.symbol('d', 'i')})"
                   f" T_x({w.symbol('a', 'i')}) R_x({w.symbol('alpha', 'i')})")
        a, d = w.symbol("a", "i"), w.symbol("d", "i")
        rows = [[ct, f"-{ca}{t}{st}", f"{sa}{t}{st}", f"{a}{t}{ct}"],
                [st, f"{ca}{t}{ct}", f"-{sa}{t}{ct}", f"{a}{t}{st}"],
                ["0", sa, ca, d]]
    else:
        formula = (f"{w.symbol('A', 'i')} = R_x({w.symbol('alpha', 'i-1')}) "
                   f"T_x({w.symbol('a', 'i-1')}) R_z({w.symbol('theta', 'i')}) "
                   f"T_z({w.symbol('d', 'i')})")
        a, d = w.symbol("a", "i-1"), w.symbol("d", "i")
        rows = [[ct, f"-{st}", "0", a],
                [f"{st}{t}{ca}", f"{ct}{t}{ca}", f"-{sa}", f"-{sa}{t}{d}"],
                [f"{st}{t}{sa}", f"{ct}{t}{sa}", ca, f"{ca}{t}{d}"]]
    return formula, rows + [["0", "0", "0", "1"]]


def _is_identity(T):
    return np.allclose(T, np.eye(4), rtol=0.0, atol=1e-15)


def decimal_text(value: float, digits: int) -> str:
    """``value`` as a worksheet writes a number: rounded to ``digits`` decimals, trailing zeros
    dropped, never an exponent and never ``-0``.

    Examples
    --------
    >>> decimal_text(0.43180, 4), decimal_text(12340.0, 4), decimal_text(-0.00001, 4)
    ('0.4318', '12340', '0')
    """
    text = f"{round(float(value), digits) + 0.0:.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


class _Writer:
    """What both formats share: numbers, and the document assembled from blocks."""

    latex = False

    def __init__(self, digits):
        self.digits = digits
        self.blocks = []

    def number(self, value):
        """``value`` with :attr:`digits` decimals (:func:`decimal_text`)."""
        return decimal_text(value, self.digits)

    def numbers(self, matrix):
        return [[self.number(v) for v in row] for row in np.asarray(matrix)]

    def degrees(self, radians):
        """An angle given in radians, in degrees with the format's degree sign."""
        raise NotImplementedError

    def value(self, value, angle):
        """A joint or DH value: degrees for an angle (``value`` in radians), else a length."""
        return self.degrees(value) if angle else self.number(value)


class _Markdown(_Writer):
    times = " "
    _GREEK = {"theta": "θ", "alpha": "α"}

    def symbol(self, name, index, before=""):
        """``θ2`` for a numbered row; ``θ_i``, ``c_α``, ``a_{i-1}`` for a general one."""
        body = self._GREEK.get(name, name)
        if isinstance(index, int):
            return f"{before}{body}{index}"
        index = self._GREEK.get(index, index)
        return f"{before}{body}_{index}" if len(index) == 1 else f"{before}{body}_{{{index}}}"

    def plain(self, text):
        return text

    def math(self, text):
        return f"`{text}`"

    def degrees(self, radians):
        return f"{self.number(math.degrees(radians))}°"

    def title(self, text):
        self.blocks.append(f"# {text}")

    def heading(self, text):
        self.blocks.append(f"## {text}")

    def subheading(self, text):
        self.blocks.append(f"### {text}")

    def text(self, text):
        self.blocks.append(text)

    def table(self, header, rows):
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |"
                  for row in rows]
        self.blocks.append("\n".join(lines))

    def matrix(self, name, entries):
        """A 4x4 matrix in a code block, ``name =`` beside its second row."""
        width = max(len(e) for row in entries for e in row)
        label = f"{name} = "
        lines = [(label if r == 1 else " " * len(label))
                 + "[ " + "  ".join(e.rjust(width) for e in row) + " ]"
                 for r, row in enumerate(entries)]
        self.blocks.append("```\n" + "\n".join(lines) + "\n```")

    def document(self):
        return "\n\n".join(self.blocks) + "\n"


class _Latex(_Writer):
    latex = True
    times = " "
    _ESCAPES = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
                "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
                "^": r"\textasciicircum{}"}

    def symbol(self, name, index, before=""):
        body = {"theta": r"\theta", "alpha": r"\alpha"}.get(name, name)
        if name in ("c", "s") and index == "alpha":
            return f"{name}_{{\\alpha}}"
        return f"{{}}^{{{before}}}{body}_{{{index}}}" if before else f"{body}_{{{index}}}"

    def math(self, text):
        return f"${text}$"

    def degrees(self, radians):
        return f"{self.number(math.degrees(radians))}^\\circ"

    def plain(self, text):
        """User text (robot names, sources) made safe: special characters escaped, characters
        outside ASCII that a stock pdflatex may not know replaced by ``?``."""
        return "".join(self._ESCAPES.get(ch, ch) if ch.isascii() else "?" for ch in text)

    def title(self, text):
        self.blocks.append(f"\\section*{{{self.plain(text)}}}")

    def heading(self, text):
        self.blocks.append(f"\\subsection*{{{self.plain(text)}}}")

    def subheading(self, text):
        self.blocks.append(f"\\paragraph{{{self.plain(text)}}}")

    def text(self, text):
        self.blocks.append(text)

    def table(self, header, rows):
        lines = [r"\begin{center}", r"\begin{tabular}{" + "c" * len(header) + "}",
                 " & ".join(header) + r" \\ \hline"]
        lines += [" & ".join(row) + r" \\" for row in rows]
        lines += [r"\end{tabular}", r"\end{center}"]
        self.blocks.append("\n".join(lines))

    def matrix(self, name, entries):
        body = " \\\\\n".join(" & ".join(row) for row in entries)
        self.blocks.append(f"\\[ {name} = \\begin{{bmatrix}}\n{body}\n\\end{{bmatrix}} \\]")

    def document(self):
        return ("\\documentclass[a4paper,10pt]{article}\n\\usepackage{amsmath}\n"
                "\\usepackage[margin=2cm]{geometry}\n\\begin{document}\n\\sloppy\n\n"
                + "\n\n".join(self.blocks) + "\n\n\\end{document}\n")

"""The simulator's Jacobian readout: J at the pose shown, manipulability, condition number and a
warning near a singular pose.

Shown by the simulator's "Jacobian" check box in place of the DH table. The numbers come from
the core (:meth:`robosim.Robot.jacobian`, :meth:`~robosim.Robot.manipulability`,
:meth:`~robosim.Robot.jacobian_condition`) and the warning's words from
:func:`robosim.kinematics.singularity_warning`, the words the Jog / IK window uses when a line
stops at a singular pose. Like the simulator's pose readout, the labels are drawn once and the
numbers are right-aligned columns without padding (each glyph drawn costs, spaces too), drawn as
:class:`robosim.gui.widgets.fast_text.FastText`, so an animation frame blits them cheaply.

Layout, 10 lines of monospace text (J in the base frame)::

    J         q1      q2 ...     <- heading: the joint variables
    vx    -185.0     ...         <- rows vx vy vz: length unit per rad (per length unit for a
    ...                             prismatic joint); wx wy wz: rad per rad (0 for prismatic)
    wz       1.0     ...
    manipulability 1.23e+07 (rows vx vy vz), condition 4.8
    near a singular pose: the arm has the axes of joints 4 and 6 in line     <- red, wrapped
                                                                                to two lines
"""

import math
import textwrap

import numpy as np
from matplotlib.transforms import offset_copy

from ...kinematics import JACOBIAN_ROWS, singularity_warning
from ..widgets.fast_text import fast_text
from ..layout import MONOSPACE_WIDTH, lines_height
from ..theme import ERROR_COLOUR

FONT = 8
#: Characters of the row labels' column, and between two columns of numbers.
LABEL_CHARS, GAP_CHARS = 4, 2
#: Lines of the readout: heading, six rows, the figures, the warning (two lines at most).
LINES = 10
#: Decimals of the rotational rows' entries (radians per joint unit) and of the translational
#: rows' entries of a robot whose size is 1 to 10 length units (one fewer per factor of 10).
DECIMALS = 3


def readout_height(fontsize=FONT):
    """Height in points of the readout at ``fontsize``."""
    return lines_height(LINES, fontsize)


class JacobianReadout:
    """The readout's texts in ``fig`` (hidden until :meth:`set_visible`).

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    robot : robosim.Robot

    Attributes
    ----------
    q : ndarray (n,) or None
        The pose last shown.
    J : ndarray (6, n) or None
        Its Jacobian as computed (the texts show it rounded).
    """

    def __init__(self, fig, robot):
        self.fig, self.robot = fig, robot
        self.q = self.J = None
        self.fontsize = FONT
        self._line_chars = 80
        self._decimals = _decimals(robot)
        self._column_chars = _column_chars(robot, self._decimals)
        props = dict(fontsize=FONT, family="monospace", va="top", gid="jacobian",
                     visible=False)
        labels = ["J", *JACOBIAN_ROWS]
        self.labels = fig.text(0, 0, "\n".join(labels), **props)
        self.columns = [fast_text(fig, 0, 0, f"q{i + 1}", ha="right", **props)
                        for i in range(robot.n)]
        self.figures = fast_text(fig, 0, 0, "", **props)
        self.warning = fast_text(fig, 0, 0, "", color=ERROR_COLOUR, **props)

    @property
    def texts(self):
        return [self.labels, *self.columns, self.figures, self.warning]

    @property
    def moving_texts(self):
        """The texts a new pose changes (a blit layer's artists)."""
        return [*self.columns, self.figures, self.warning]

    def width_chars(self):
        """Characters of the widest line of numbers (the block's width in characters)."""
        return LABEL_CHARS + sum(w + GAP_CHARS for w in self._column_chars)

    def place(self, x, top, width):
        """Put the readout's top-left corner at ``(x, top)`` (figure fraction), its font
        shrunk so that the numbers fit ``width`` points."""
        self.fontsize = max(5.0, min(FONT, width / (self.width_chars() * MONOSPACE_WIDTH)))
        self._line_chars = int(width // (MONOSPACE_WIDTH * self.fontsize))
        for text in self.texts:
            text.set_fontsize(self.fontsize)
            text.set_position((x, top))
        below = lines_height(7, self.fontsize)   # heading and six rows
        for text in (self.figures, self.warning):
            text.set_transform(offset_copy(self.fig.transFigure, fig=self.fig, units="points",
                                           y=-below - (text is self.warning)
                                           * lines_height(1, self.fontsize)))
        right = LABEL_CHARS
        for text, chars in zip(self.columns, self._column_chars, strict=True):
            right += GAP_CHARS + chars
            text.set_transform(offset_copy(self.fig.transFigure, fig=self.fig, units="points",
                                           x=right * MONOSPACE_WIDTH * self.fontsize))

    def box(self, x, top, width):
        """``(left, bottom, width, height)`` in points of the readout placed at ``(x, top)``
        points: what a blit layer restores."""
        return x, top - readout_height(self.fontsize), width, readout_height(self.fontsize)

    def set_visible(self, visible):
        for text in self.texts:
            text.set_visible(visible)

    @property
    def visible(self):
        return self.labels.get_visible()

    def update(self, q):
        """Show the Jacobian, the figures and the warning of pose ``q`` ``(n,)``."""
        robot = self.robot
        self.q = np.array(q, dtype=float)
        self.J = robot.jacobian(self.q)
        for i, text in enumerate(self.columns):
            text.set_text("\n".join([f"q{i + 1}", *(_entry(v, d) for v, d in
                                                    zip(self.J[:, i], self._decimals,
                                                        strict=True))]))
        manipulability = float(robot.manipulability(self.q))
        condition = float(robot.jacobian_condition(self.q))
        rows = " ".join(robot.manipulability_rows)
        self.figures.set_text(f"manipulability {manipulability:.4g} (rows {rows}), "
                              f"condition {_condition(condition)}")
        warning = singularity_warning(robot, self.q) or ""
        self.warning.set_text("\n".join(textwrap.wrap(warning, self._line_chars)[:2]))

    def values(self):
        """``(J (6, n), manipulability, condition, warning)`` read back from the texts."""
        J = np.array([text.get_text().split("\n")[1:] for text in self.columns],
                     dtype=float).T
        words = self.figures.get_text().split()
        condition = float(words[-1])
        return J, float(words[1]), condition, " ".join(self.warning.get_text().split())


def _decimals(robot):
    """Decimals of each row's entries: the translational rows' follow the robot's size (a
    Lynx6 of 485 mm: 1; an arm of 1.5 m: 3), the rotational rows' :data:`DECIMALS`."""
    length = max(0, DECIMALS - math.floor(math.log10(max(robot.length_scale, 1e-12))))
    return [length] * 3 + [DECIMALS] * 3


def _column_chars(robot, decimals):
    """Characters of each column of numbers: the widest entry the arm can give (its size, a
    minus sign; -1 in a rotational row) or its name."""
    widest = max(len(_entry(-1.2 * robot.length_scale, decimals[0])),
                 len(_entry(-1.0, decimals[3])))
    return [max(widest, len(f"q{i + 1}")) for i in range(robot.n)]


def _entry(value, decimals):
    """An entry with ``decimals`` decimals; "0" for one that rounds to zero.

    >>> _entry(-184.97, 1), _entry(0.70711, 3), _entry(-1e-17, 3)
    ('-185.0', '0.707', '0')
    """
    rounded = round(float(value), decimals) + 0.0
    return "0" if rounded == 0 else f"{rounded:.{decimals}f}"


def _condition(value):
    """The condition number as text ("inf" at a singular pose)."""
    return "inf" if not math.isfinite(value) or value > 1e12 else f"{value:.4g}"

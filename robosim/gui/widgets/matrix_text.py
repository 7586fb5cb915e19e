"""4 x 4 matrices as text, the one way the GUI writes them (the Matrix and DH steps windows).

:func:`matrix_entries` turns the numbers into strings (decimals, no ``"-0.000"``, whole numbers
as such where asked); :func:`column_widths` gives the characters each column needs, to set the
entries (numbers or symbols) right-aligned in monospace.
"""

import numpy as np


def matrix_entries(matrix, decimals=3, position_decimals=None, whole_numbers=True):
    """The entries of ``matrix`` ``(rows, cols)`` as text: a list of rows of str.

    Parameters
    ----------
    matrix : array_like (rows, cols)
        A 4 x 4 transform, usually.
    decimals : int
        Decimals of each entry.
    position_decimals : int, optional
        Decimals of the position column ``matrix[:3, 3]`` (a length, in the robot's unit),
        when it wants others than the rotation's.
    whole_numbers : bool
        True: a whole number (to the decimals) is written as such, ``"1"``, ``"-1"``,
        ``"120"`` (what an elementary matrix mostly holds: read at a glance, and fewer glyphs
        to draw). False: every entry has its decimals, except that zero is ``"0"``.

    Returns
    -------
    list of list of str
        Never ``"-0"`` or ``"-0.000"``: a value that rounds to zero is ``"0"``.

    Examples
    --------
    >>> matrix_entries(np.diag([1.0, -1.0, 0.5, 1.0]))[:3]
    [['1', '0', '0', '0'], ['0', '-1', '0', '0'], ['0', '0', '0.500', '0']]
    >>> T = np.array([[1, 0, 0, 120.0], [0, -1, 0, -0.0001], [0, 0, 1, 3.14159], [0, 0, 0, 1]])
    >>> matrix_entries(T, position_decimals=2, whole_numbers=False)[:2]
    [['1.000', '0', '0', '120.00'], ['0', '-1.000', '0', '0']]
    """
    values = np.asarray(matrix, dtype=float)
    entries = []
    for r, line in enumerate(values):
        row = []
        for c, value in enumerate(line):
            places = (position_decimals if position_decimals is not None and c == 3 and r < 3
                      else decimals)
            text = f"{value:.{places}f}"
            if float(text) == 0:
                text = "0"
            elif whole_numbers and places and text.endswith("." + "0" * places):
                text = text[:-(places + 1)]
            row.append(text)
        entries.append(row)
    return entries


def fixed(value, decimals):
    """``value`` with ``decimals`` decimals, never ``"-0.00"``: a value that rounds to zero is
    written without a sign.

    >>> fixed(-1.5e-15, 2), fixed(-0.004, 2), fixed(-0.006, 2)
    ('0.00', '0.00', '-0.01')
    """
    text = f"{float(value):.{decimals}f}"
    return f"{0.0:.{decimals}f}" if float(text) == 0 else text


#: Decimals of a joint value in a cell: a ten-thousandth of a degree, or of the length unit.
JOINT_DECIMALS = 4


def decimal_text(value, decimals):
    """``value`` rounded to ``decimals`` for a cell, without trailing zeros and never
    ``"-0"``: what a float's rounding noise must not show (``-1.50368e-15`` is ``"0"``).

    >>> decimal_text(-1.50368e-15, 4), decimal_text(2.5, 4), decimal_text(-120.00004, 4)
    ('0', '2.5', '-120')
    """
    text = fixed(value, decimals)
    return text.rstrip("0").rstrip(".") if "." in text else text


def shown_angles(degrees, decimals):
    """Angles as every window shows them: rounded to ``decimals``, in (-180, 180] degrees,
    never ``-0``. A roll of -180 deg and one of 180 deg are the same turn, and r2rpy returns
    either for nearly the same pose: the screen always says 180.

    Parameters
    ----------
    degrees : array_like (...)
        Angles in degrees.
    decimals : int
        Decimals shown.

    Returns
    -------
    ndarray (...)
        The angles to format.

    >>> shown_angles([-180.0, -179.99999, -1e-12, 190.0, 45.0004], 3).tolist()
    [180.0, 180.0, 0.0, -170.0, 45.0]
    """
    rounded = np.round(np.asarray(degrees, dtype=float), decimals)
    return np.round(180.0 - (180.0 - rounded) % 360.0, decimals) + 0.0


def column_widths(entries):
    """The characters each column of ``entries`` (rows of str, :func:`matrix_entries` or a
    symbolic matrix) needs: a list of int (empty for no rows).

    >>> column_widths([["1", "-0.500"], ["c2", "0"]])
    [2, 6]
    """
    if not entries:
        return []
    return [max(len(row[c]) for row in entries) for c in range(len(entries[0]))]


def mounting_text(name, xyz, rpy_deg, unit):
    """One line saying a base or tool transform as the robot file writes it: its translation
    ``xyz`` (3,) in ``unit`` and roll-pitch-yaw ``rpy_deg`` (3,) in degrees, 6 significant
    digits, never ``-0``.

    >>> mounting_text("tool", (0, 0, 0.103), (0, 0, -45), "m")
    'tool: xyz (0, 0, 0.103) m, rpy (0, 0, -45) deg'
    """
    def numbers(values):
        return ", ".join(f"{float(v) + 0.0:.6g}" if round(float(v), 12) else "0"
                         for v in values)
    return f"{name}: xyz ({numbers(xyz)}) {unit}, rpy ({numbers(rpy_deg)}) deg"


def mounting_lines(robot):
    """The lines of :func:`mounting_text` for ``robot``'s base and tool transforms that are
    not the identity (a list of 0 to 2 str; the robot keeps roll-pitch-yaw in radians)."""
    return [mounting_text(name, xyz, np.degrees(rpy), robot.unit)
            for name, xyz, rpy in (("base (world to frame 0)", robot.base_xyz, robot.base_rpy),
                                   (f"tool (frame {robot.n} to the end effector)",
                                    robot.tool_xyz, robot.tool_rpy))
            if any(xyz) or any(rpy)]

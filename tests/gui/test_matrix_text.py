"""The one matrix formatter of the GUI (the Matrix window's cells, the DH steps panel's blocks).

Expected strings are written by hand from the entries: cos 30 deg = 0.8660254, sin 30 deg = 0.5.
"""

import doctest
import math

import numpy as np

from robosim.gui.widgets import matrix_text
from robosim.gui.widgets.matrix_text import column_widths, matrix_entries

C30, S30 = math.cos(math.radians(30)), math.sin(math.radians(30))
#: Rz(30 deg) followed by a translation (120, -45.678, 0.0004) mm.
TRANSFORM = np.array([[C30, -S30, 0.0, 120.0],
                      [S30, C30, 0.0, -45.678],
                      [0.0, 0.0, 1.0, 0.0004],
                      [0.0, 0.0, 0.0, 1.0]])


def test_whole_numbers_as_such_for_the_dh_steps_panel():
    assert matrix_entries(TRANSFORM) == [["0.866", "-0.500", "0", "120"],
                                         ["0.500", "0.866", "0", "-45.678"],
                                         ["0", "0", "1", "0"],
                                         ["0", "0", "0", "1"]]


def test_fixed_decimals_and_the_position_column_for_the_matrix_window():
    assert matrix_entries(TRANSFORM, 3, position_decimals=2, whole_numbers=False) == [
        ["0.866", "-0.500", "0", "120.00"],
        ["0.500", "0.866", "0", "-45.68"],
        ["0", "0", "1.000", "0"],
        ["0", "0", "0", "1.000"]]


def test_no_negative_zero():
    assert matrix_entries(np.diag([-1e-9, -0.0004, -0.0, -1.0])) == [
        ["0", "0", "0", "0"], ["0", "0", "0", "0"], ["0", "0", "0", "0"],
        ["0", "0", "0", "-1"]]


def test_column_widths_of_numbers_and_symbols():
    assert column_widths([["c2", "-s2", "0", "0"], ["s2", "c2", "0", "120"]]) == [2, 3, 1, 3]
    assert column_widths([]) == []


def test_the_module_keeps_its_docstring_examples():
    # --doctest-modules runs them (setup.cfg); this only guards that they are not lost.
    examples = sum(len(test.examples) for test in doctest.DocTestFinder().find(matrix_text))
    assert examples >= 4

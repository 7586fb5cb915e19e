"""Every text that writes a DH variable with its offset writes it the same way.

The worksheet (Markdown and LaTeX), ``robosim show``'s table (:func:`robosim.robot_files.dh_rows`),
the DH steps window's legend and the Matrix window's row line all write the offset with
:func:`robosim.dh_steps.offset_term`: a negative offset is subtracted (``q2 - 90``, never
``q2 + -90``), and a joint has no offset to write when it has none, when it has only float noise
(below 1e-12 rad or length unit) or when the text's numbers write it as zero. Each output keeps
its own numbers (degrees, decimals, LaTeX, a unit after the offset) and ``show``'s table writes
the term without spaces, one word per cell. The expected texts below are written by hand from
those rules, one row per joint of :func:`offset_arm`.
"""

import math

import numpy as np
import pytest

from fake_arm import FakeArm
from robosim import Joint, Robot
from robosim.dh_sheet import dh_sheet
from robosim.gui.tools import open_tool
from robosim.robot_files import dh_rows

SLIDE = (-1.0, 1.0)


def offset_arm():
    """Seven joints, all at zero at home: offsets +90 deg, -90 deg, -0.25 m, +0.125 m, none,
    1e-13 rad (float noise) and -4e-7 m (zero at the worksheet's four decimals and at the
    table's millionths, not in ``:g``)."""
    return Robot([Joint(a=1.0, offset=math.radians(90)), Joint(a=1.0, offset=math.radians(-90)),
                  Joint("P", offset=-0.25, limits=SLIDE), Joint("P", offset=0.125, limits=SLIDE),
                  Joint(a=0.5), Joint(a=0.5, offset=1e-13), Joint("P", offset=-4e-7, limits=SLIDE)],
                 name="offsets", unit="m")


def worksheet(fmt):
    def texts(robot):
        sheet = dh_sheet(robot, np.zeros(robot.n), fmt)
        return [sheet] * robot.n
    return texts


def show_table(robot):
    return [row["theta"] if row["type"] == "R" else row["d"] for row in dh_rows(robot)]


def dh_steps_legends(robot):
    window = open_tool("DH steps...", FakeArm(robot))
    legends = []
    for joint in range(1, robot.n + 1):
        window.select_joint(str(joint))
        legends.append(window.legend.get_text())
    return legends


def matrix_rows(robot):
    panel = open_tool("Matrix...", FakeArm(robot))
    rows = []
    for link in range(1, robot.n + 1):
        panel.show_link(link)
        rows.append(panel.parameters.get_text())
    return rows


# caller: (its texts, one per joint; what each joint's text must hold)
CALLERS = {
    "worksheet md": (worksheet("md"), [
        ("| 1 | R | `q1 + 90°` |", "`θ1 = q1 + 90° = 0° + 90° = 90°`"),
        ("| 2 | R | `q2 - 90°` |", "`θ2 = q2 - 90° = 0° - 90° = -90°`"),
        ("| 3 | P | `0°` | `q3 - 0.25` |", "`d3 = q3 - 0.25 = 0 - 0.25 = -0.25` m"),
        ("| 4 | P | `0°` | `q4 + 0.125` |", "`d4 = q4 + 0.125 = 0 + 0.125 = 0.125` m"),
        ("| 5 | R | `q5` |", "`θ5 = q5 = 0°`"),
        ("| 6 | R | `q6` |", "`θ6 = q6 = 0°`"),
        ("| 7 | P | `0°` | `q7` |", "`d7 = q7 = 0` m")]),
    "worksheet tex": (worksheet("tex"), [
        (r"1 & R & $q_{1} + 90^\circ$ &",
         r"$\theta_{1} = q_{1} + 90^\circ = 0^\circ + 90^\circ = 90^\circ$"),
        (r"2 & R & $q_{2} - 90^\circ$ &",
         r"$\theta_{2} = q_{2} - 90^\circ = 0^\circ - 90^\circ = -90^\circ$"),
        (r"3 & P & $0^\circ$ & $q_{3} - 0.25$ &", "$d_{3} = q_{3} - 0.25 = 0 - 0.25 = -0.25$ m"),
        (r"4 & P & $0^\circ$ & $q_{4} + 0.125$ &",
         "$d_{4} = q_{4} + 0.125 = 0 + 0.125 = 0.125$ m"),
        ("5 & R & $q_{5}$ &", r"$\theta_{5} = q_{5} = 0^\circ$"),
        ("6 & R & $q_{6}$ &", r"$\theta_{6} = q_{6} = 0^\circ$"),
        (r"7 & P & $0^\circ$ & $q_{7}$ &", "$d_{7} = q_{7} = 0$ m")]),
    "robosim show": (show_table, [
        ("q1+90",), ("q2-90",), ("q3-0.25",), ("q4+0.125",), ("q5",), ("q6",), ("q7",)]),
    "DH steps legend": (dh_steps_legends, [
        ("theta1 = q1 + 90 deg = 90 deg",), ("theta2 = q2 - 90 deg = -90 deg",),
        ("d3 = q3 - 0.25 m = -0.25 m (prismatic)",), ("d4 = q4 + 0.125 m = 0.125 m (prismatic)",),
        ("theta5 = q5 = 0 deg",), ("theta6 = q6 = 0 deg",),
        ("d7 = q7 - 4e-07 m = 0 m (prismatic)",)]),
    "Matrix row": (matrix_rows, [
        ("theta1 = q1 + offset = 0.00 + 90 = 90.00 deg",),
        ("theta2 = q2 + offset = 0.00 - 90 = -90.00 deg",),
        ("d3 = q3 + offset = 0.0000 - 0.25 = -0.2500 m",),
        ("d4 = q4 + offset = 0.0000 + 0.125 = 0.1250 m",),
        ("theta5 = q5 = 0.00 deg",), ("theta6 = q6 = 0.00 deg",),
        ("d7 = q7 + offset = 0.0000 - 4e-07 = 0.0000 m",)]),
}


@pytest.mark.parametrize("caller", CALLERS)
def test_each_text_writes_the_offsets_by_the_same_rules(caller):
    texts_of, expected = CALLERS[caller]
    texts = texts_of(offset_arm())
    for joint, (text, fragments) in enumerate(zip(texts, expected, strict=True), start=1):
        for fragment in fragments:
            assert fragment in text, f"{caller}, joint {joint}: {fragment!r} not in {text!r}"
        assert "+ -" not in text and "+-" not in text
    if caller == "robosim show":
        assert texts == [cell for cell, in expected]       # the whole cell: nothing after it

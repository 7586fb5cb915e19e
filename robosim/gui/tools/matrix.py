"""The "Matrix..." tool window: one link's transform ``A_i`` beside the frame it reaches, ``0T_i``.

It follows the tool-window contract of :mod:`robosim.gui.tools.window` (it only uses the ``arm``
handle) and holds no kinematics of its own: :func:`robosim.dh_steps.dh_steps` multiplies the
elementary DH motions, :func:`robosim.dh_steps.link_matrices` gives each row's ``A_i`` and
:func:`robosim.dh_steps.symbolic_link_matrix` its symbolic form.

For the link chosen with "< Previous link" / "Next link >" (1 to n) the window shows, side by
side:

- ``A_i``, frame i-1 to frame i: its columns are the axes x_i, y_i, z_i of frame i and its
  origin, written in frame i-1; under it the same matrix with the joint variable as a symbol
  (``c2 = cos theta2``) and this row's DH values (degrees, the robot's length unit);
- ``0T_i = A_1 ... A_i`` (``T_i = base A_1 ... A_i`` when the robot has a base transform): frame
  i in the world.

The robot's base and tool transforms, when it has them, are written above the matrices (xyz in
the robot's unit, roll-pitch-yaw in degrees): the end effector is ``base A_1 ... A_n tool``.

Each entry sits in a cell tinted by its value (blue negative, red positive, white zero; the
position column relative to the robot's size), so the zeros and ones of a rotation stand out.
The simulator draws frame i bold (``arm.set_highlight``) while the window is open.
The numbers follow every pose the simulator shows: while the arm moves they are blitted (a
:class:`robosim.gui.blit.BlitManager` layer), when it stops the window is drawn in full.
"""

import numpy as np
from matplotlib.colors import LinearSegmentedColormap
from matplotlib.patches import Rectangle
from matplotlib.transforms import Bbox

from ...dh_steps import dh_steps, link_matrices, offset_term, symbolic_link_matrix
from ..widgets.matrix_text import column_widths, fixed, matrix_entries, mounting_lines
from .window import ToolWindow

FIGSIZE = (8.4, 5.0)
#: Cell tints: -1 blue, 0 white, +1 red, light enough to read the numbers over.
TINTS = LinearSegmentedColormap.from_list("matrix tints", ["#7fa8e0", "white", "#e89a8a"])
#: Decimals of the position column, by length unit (0.01 mm, 0.001 cm, 0.0001 m).
POSITION_DECIMALS = {"mm": 2, "cm": 3, "m": 4}
ROTATION_DECIMALS = 3
NUMBER_FONT, LABEL_FONT = 9, 8
#: Left edges of the two matrices, their width, height and bottom (axes fraction of their box).
MATRIX_LEFT, MATRIX_WIDTH, MATRIX_HEIGHT, MATRIX_BOTTOM = (0.02, 0.54), 0.42, 0.78, 0.01


class MatrixWindow(ToolWindow):
    """The window's state and widgets; ``MatrixWindow.open(arm)`` opens one."""

    TITLE = "Matrix"
    FIGSIZE = FIGSIZE

    def __init__(self, arm, fig):
        super().__init__(arm, fig)
        self.link = 1
        self._build()
        self.add_layer("matrices", self._moving_box, self._moving_artists())
        self.subscribe(arm, "pose", self._on_pose)
        self.show_link(1)

    # ------------------------------------------------------------------ layout
    def _build(self):
        fig = self.fig
        self.title = fig.text(0.03, 0.935, "", fontsize=11, fontweight="bold")
        self.buttons = {label: self.button(rect, label, action) for label, rect, action in (
            ("< Previous link", (0.03, 0.83, 0.19, 0.07), lambda: self.step(-1)),
            ("Next link >", (0.235, 0.83, 0.19, 0.07), lambda: self.step(+1)))}
        self.link_text = fig.text(0.45, 0.895, "", fontsize=LABEL_FONT, va="top")
        # the base and tool transforms the world frame and the end effector include
        self.mounting = fig.text(0.45, 0.855, "\n".join(mounting_lines(self.robot)),
                                 fontsize=LABEL_FONT - 1, color="0.25", va="top")
        # the two matrices and their headings; the units of their columns under them
        self.box = self._blank_axes((0.03, 0.4, 0.94, 0.41))
        self.headings, self.cells, self.numbers = [], [], []
        for left in MATRIX_LEFT:
            self.headings.append(self.box.text(left, 0.97, "", fontsize=LABEL_FONT + 1,
                                               fontweight="bold", va="top"))
            cells, numbers = [], []
            for row in range(4):
                for col in range(4):
                    x = left + col * MATRIX_WIDTH / 4
                    y = MATRIX_BOTTOM + MATRIX_HEIGHT * (1 - (row + 1) / 4)
                    cell = Rectangle((x, y), MATRIX_WIDTH / 4, MATRIX_HEIGHT / 4,
                                     facecolor="white", edgecolor="0.6", linewidth=0.6)
                    self.box.add_patch(cell)
                    cells.append(cell)
                    numbers.append(self.box.text(x + 0.93 * MATRIX_WIDTH / 4,
                                                 y + MATRIX_HEIGHT / 8, "", ha="right",
                                                 va="center", family="monospace",
                                                 fontsize=NUMBER_FONT))
            self.cells.append(cells)
            self.numbers.append(numbers)
        self.units = [fig.text(0.03 + 0.94 * left, 0.335, "", fontsize=LABEL_FONT - 1,
                               color="0.3", va="top") for left in MATRIX_LEFT]
        self.symbolic = fig.text(0.03, 0.245, "", fontsize=LABEL_FONT, family="monospace",
                                 va="top")
        # this row's DH values now, beside the symbolic matrix
        self.values_box = self._blank_axes((0.03 + 0.94 * MATRIX_LEFT[1], 0.12, 0.4, 0.13))
        self.parameters = self.values_box.text(0, 1, "", fontsize=LABEL_FONT, va="top")
        self.status_line((0.02, 0.005, 0.96, 0.06), fontsize=8).show(
            "Move the arm in the simulator: the matrices follow. Frame i is drawn bold there.")

    def _blank_axes(self, rect):
        """An axes with no frame or ticks, 0..1 both ways, at ``rect`` (figure fraction)."""
        ax = self.fig.add_axes(rect)
        ax.set_axis_off()
        ax.set_navigate(False)
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        return ax

    def _moving_artists(self):
        """What a pose changes: the cells' tints, the numbers and the row's DH values."""
        return [cell for cells in self.cells for cell in cells] + [
            number for numbers in self.numbers for number in numbers] + [self.parameters]

    def _moving_box(self):
        """The box those are blitted in (display pixels)."""
        return Bbox.union([self.box.bbox, self.values_box.bbox])

    # ------------------------------------------------------------------ actions
    def step(self, direction):
        """Show the previous (-1) or next (+1) link, wrapping around."""
        self.show_link((self.link - 1 + direction) % self.robot.n + 1)

    def show_link(self, link):
        """Show the matrices of link ``link`` (1 to n) and draw frame ``link`` bold."""
        robot = self.robot
        self.link = int(link)
        i = self.link
        joint = robot.joints[i - 1]
        based = not np.array_equal(robot.base, np.eye(4))
        self.title.set_text(f"Matrix: link {i} of {robot.name} ({robot.convention} DH)")
        name = f" ({joint.name})" if joint.name else ""
        self.link_text.set_text(f"link {i} of {robot.n}: joint {i}{name}, "
                                f"{'revolute' if joint.is_revolute else 'prismatic'}")
        self.headings[0].set_text(f"A{i}: frame {i - 1} -> frame {i}")
        self.headings[1].set_text(f"T{i} = base A1 ... A{i}: frame {i} in the world" if based
                                  else f"0T{i} = A1 ... A{i}: frame {i} in frame 0")
        unit = robot.unit
        self.units[0].set_text(f"columns: x{i}, y{i}, z{i} (no unit) and origin ({unit}) "
                               f"of frame {i},\nwritten in frame {i - 1}")
        self.units[1].set_text(f"columns: x{i}, y{i}, z{i} (no unit) and origin ({unit}) "
                               f"of frame {i},\nwritten in {'the world' if based else 'frame 0'}")
        symbolic = symbolic_link_matrix(robot, i)
        widths = column_widths(symbolic)
        variable = (f"c{i} = cos theta{i}, s{i} = sin theta{i}" if joint.is_revolute
                    else f"d{i} = q{i} + offset")
        self.symbolic.set_text(f"A{i} = \n" + "\n".join(
            "  [ " + "  ".join(v.rjust(w) for v, w in zip(line, widths, strict=True)) + " ]"
            for line in symbolic) + f"\n  {variable}")
        self.arm.set_highlight(i)
        self._show_numbers(self.arm.q)
        self.redraw()

    # ------------------------------------------------------------------ following the arm
    def matrices(self, q):
        """``(A_i, T_i)`` of the link shown at pose ``q`` ``(n,)``, each ``(4, 4)``: the
        product of row i's elementary motions and the frame reached after them."""
        steps = dh_steps(self.robot, q)
        reached = [step for step in steps if step.joint == self.link][-1].frame
        return link_matrices(steps)[self.link - 1], reached

    def _show_numbers(self, q):
        robot = self.robot
        decimals = POSITION_DECIMALS.get(robot.unit, 4)
        scale = max(robot.length_scale, 1e-12)
        for matrix, cells, numbers in zip(self.matrices(q), self.cells, self.numbers, strict=True):
            entries = matrix_entries(matrix, ROTATION_DECIMALS, position_decimals=decimals,
                                     whole_numbers=False)
            for k, (cell, number) in enumerate(zip(cells, numbers, strict=True)):
                row, col = divmod(k, 4)
                number.set_text(entries[row][col])
                value = float(matrix[row, col])
                tint = value / scale if col == 3 and row < 3 else value
                cell.set_facecolor(TINTS((np.clip(tint, -1.0, 1.0) + 1.0) / 2.0))
        self.parameters.set_text(self._row_values(q, decimals))

    def _row_values(self, q, decimals):
        """Row i's DH values at ``q``, the joint variable as ``q_i + offset`` (deg, unit)."""
        robot, i = self.robot, self.link
        joint = robot.joints[i - 1]
        theta, d = (float(v[i - 1]) for v in robot.joint_variables(q))
        unit = robot.unit
        if joint.is_revolute:
            q_i = np.degrees(q[i - 1])
            offset = offset_term(joint.offset, lambda v: f"{np.degrees(v):g}")
            variable = (f"theta{i} = q{i} + offset = {fixed(q_i, 2)}{offset} = "
                        f"{fixed(np.degrees(theta), 2)} deg" if offset
                        else f"theta{i} = q{i} = {fixed(q_i, 2)} deg")
            constant = f"d{i} = {d:g} {unit}"
        else:
            offset = offset_term(joint.offset)
            variable = (f"d{i} = q{i} + offset = {fixed(q[i - 1], decimals)}{offset} = "
                        f"{fixed(d, decimals)} {unit}" if offset
                        else f"d{i} = q{i} = {fixed(d, decimals)} {unit}")
            constant = f"theta{i} = {np.degrees(theta):g} deg"
        k = i if robot.convention == "standard" else i - 1     # modified: a(i-1), alpha(i-1)
        return (f"row {i} now: {variable}\n{constant}, a{k} = {joint.a:g} {unit}, "
                f"alpha{k} = {np.degrees(joint.alpha):g} deg")

    def _on_pose(self, arm):
        """Each pose shown: new numbers, blitted while the arm moves; drawn in full when it
        stops (so a saved or redrawn window shows them)."""
        self._show_numbers(arm.q)
        moving = not np.array_equal(arm.q, arm.target)
        if moving != self.blit.animated("matrices"):
            self.blit.animate("matrices", moving)
            self.redraw()          # a full draw takes the background the blits go over
        elif moving:
            self.blit.update("matrices")
        else:
            self.redraw()

    def on_close(self):
        """The simulator stops drawing the frame bold."""
        if not self.arm.closed:
            self.arm.set_highlight(None)

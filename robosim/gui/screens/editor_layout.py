"""The DH-table editor's geometry: where each part of its two stages goes at a figure's size.

Pure functions of the figure's width and height in points (and the number of the table's
rows), returning a :class:`robosim.gui.layout.Layout` whose names the editor screen
(:mod:`robosim.gui.screens.editor`) builds and moves its axes and texts at.

Worked example: the application on a 1000 x 650 px screen is about 984 x 510 px, 708 x 367
points at 100 dpi; a 6-joint table there is *compact* (:func:`is_compact`): its 7 lines at
:data:`SMALLEST_ROW_HEIGHT` (84 pt) and the fixed rows (271.9 pt) leave 11.2 pt, less than
the notes' 45.6 pt and a gap in the full layout.
"""

from __future__ import annotations

from ...kinematics import MAX_JOINTS
from ..layout import MARGIN, STATUS_HEIGHT, Layout, lines_height

FONT_SIZE = 9
TITLE_SIZE = 13
#: Height (points) of a line of the table (header included): at most, and at least.
TABLE_ROW_HEIGHT, SMALLEST_ROW_HEIGHT = 24, 12
#: Height (points) of a button, of a one-line cell, and the space between rows.
BUTTON_HEIGHT, CELL_HEIGHT, GAP = 26, 22, 6
#: Line spacing of the notes under the table: in the full layout, and in the compact one.
NOTE_SPACING, COMPACT_NOTE_SPACING = 1.5, 1.2


def _margins(width: float, height: float) -> tuple[float, float, float, float]:
    """``(left, right, top, foot)`` of both stages, points."""
    return 0.05 * width, 0.95 * width, height - MARGIN, STATUS_HEIGHT + GAP


def count_layout(width: float, height: float) -> Layout:
    """The places of the number-of-joints stage: the question, a button per count, the
    "joints" cell and Back."""
    places = Layout(width, height)
    left, right, top, foot = _margins(width, height)
    places.point("question", width / 2, top)                      # va="top"
    places.point("how", width / 2, top - lines_height(1, TITLE_SIZE) - GAP)
    middle = 0.6 * height
    count_width = (right - left) / MAX_JOINTS
    for count in range(1, MAX_JOINTS + 1):
        places.rect(str(count), left + (count - 1) * count_width + GAP / 2, middle,
                    count_width - GAP, 2 * BUTTON_HEIGHT)
    places.rect("joints", 0.4 * width, middle - 3 * CELL_HEIGHT, 0.2 * width, CELL_HEIGHT)
    places.rect("Back", left, foot, 0.12 * width, BUTTON_HEIGHT)
    return places


def table_layout(width: float, height: float, n_rows: int) -> Layout:
    """The places of the table stage with ``n_rows`` joints.

    Rows of fixed height (buttons, cells, notes) are laid from the foot and the top; the DH
    table takes what is between, up to :data:`TABLE_ROW_HEIGHT` a line. When the table would
    not fit at :data:`SMALLEST_ROW_HEIGHT` a line (:func:`is_compact`), the layout is compact:
    single gaps, one-line cells as high as a table line, the notes closer, and the save row
    between Reset table and Continue.
    """
    places = Layout(width, height)
    left, right, top, foot = _margins(width, height)
    compact = is_compact(height, n_rows)
    gap, cell = (GAP / 2, SMALLEST_ROW_HEIGHT) if compact else (GAP, CELL_HEIGHT)
    places.point("title", left, top)            # va="top"
    top -= lines_height(1, TITLE_SIZE) + gap
    places.rect("settings", left, top - 2 * cell, right - left, 2 * cell)
    top -= 2 * cell + 2 * gap
    places.rect("Back", left, foot, 0.12 * width, BUTTON_HEIGHT)
    places.rect("Reset table", left + 0.14 * width, foot, 0.15 * width, BUTTON_HEIGHT)
    places.rect("Continue", right - 0.17 * width, foot, 0.17 * width, BUTTON_HEIGHT)
    if compact:
        y = foot + (BUTTON_HEIGHT - CELL_HEIGHT) / 2
        places.rect("save as", left + 0.31 * width, y, 0.32 * width, CELL_HEIGHT)
        places.rect("Save", left + 0.64 * width, y, 0.07 * width, CELL_HEIGHT)
        y = foot + BUTTON_HEIGHT + 2 * gap
    else:
        y = foot + BUTTON_HEIGHT + 2 * gap
        places.rect("save as", left, y, 0.6 * width, CELL_HEIGHT)
        places.rect("Save", left + 0.62 * width, y, 0.12 * width, CELL_HEIGHT)
        y += CELL_HEIGHT + 2 * gap
    places.rect("mounting", left, y, 0.75 * (right - left), 3 * cell)
    y += 3 * cell + 2 * gap
    n_lines = n_rows + 1
    row = max(SMALLEST_ROW_HEIGHT,
              min(TABLE_ROW_HEIGHT, (top - y - notes_height(compact) - gap) / n_lines))
    places.rect("table", left, top - n_lines * row, right - left, n_lines * row)
    places.point("units note", left, top - n_lines * row - gap)     # va="top"
    return places


def is_compact(height: float, n_rows: int) -> bool:
    """Whether the table stage of ``n_rows`` joints needs its compact layout in a figure
    ``height`` points high: whether the DH table, at :data:`SMALLEST_ROW_HEIGHT` a line,
    leaves less room than its notes need in the full layout."""
    fixed = (MARGIN + lines_height(1, TITLE_SIZE) + 2 * CELL_HEIGHT + 3 * GAP   # top rows
             + STATUS_HEIGHT + GAP + BUTTON_HEIGHT + CELL_HEIGHT + 3 * CELL_HEIGHT
             + 6 * GAP)                                                    # foot rows
    table = (n_rows + 1) * SMALLEST_ROW_HEIGHT
    return height - fixed - table < notes_height(False) + GAP


def notes_height(compact: bool) -> float:
    """Height in points of the three note lines under the table."""
    return lines_height(3, FONT_SIZE) * note_spacing(compact) / 1.2


def note_spacing(compact: bool) -> float:
    """The notes' line spacing in the compact layout or the full one."""
    return COMPACT_NOTE_SPACING if compact else NOTE_SPACING

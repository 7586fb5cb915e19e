"""Where the shared test data is: ``../shared`` beside the checkout, as CI clones it.

``ROBOSIM_SHARED`` names another folder (a git worktree, whose parent is not the checkout's).
A test that needs the data fails when it is missing, never skips: CI always has it.
"""

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("ROBOSIM_SHARED", REPO / ".." / "shared"))
#: The real URDF files (Gepetto/example-robot-data), ``robots/<description>/...``.
URDF_DIR = SHARED / "urdf" / "example-robot-data" / "robots"

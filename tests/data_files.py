"""Where the tests' data files are: ``tests/data``, committed with the tests (README.md there
says where each file comes from and under which licence).

No test reads anything outside the repository: a fresh ``git clone`` passes its own tests.
"""

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
#: Real URDF files (Gepetto/example-robot-data), ``robots/<description>/...``; the folder above
#: is the ``example-robot-data`` package their ``package://`` mesh paths name.
URDF_DIR = DATA / "example-robot-data" / "robots"

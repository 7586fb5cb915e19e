"""URDF loading speed: each real URDF file of the tests' data read as a DH table, and the check.

Run: ``python benchmarks/bench_urdf.py [FOLDER]`` (default ``tests/data/example-robot-data``,
the files the tests use; tests/data/README.md says where they come from). Prints, per file,
the best of several :func:`robosim.load_urdf` calls (read, parse, chain, extraction,
meshes, inertias and the check of the table against the URDF's chain at 21 poses) and the share
the check takes. With Corke's Robotics Toolbox importable, also whether its own URDF reader
(``Robot.URDF``) loads the same file. Best of several runs (CPU time); a loaded machine gives
larger numbers.
"""

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's robosim
from bench_fk import best_time  # noqa: E402  (this folder is first on sys.path as a script)

from robosim.robot_files import urdf_import as urdf  # noqa: E402

REPEATS = 5


def toolbox_loads(path):
    """``"yes"``, the toolbox's error in a few words, or ``"not installed"``."""
    try:
        import roboticstoolbox
    except ImportError:
        return "not installed"
    try:
        roboticstoolbox.Robot.URDF(str(path))
    except Exception as exc:  # noqa: BLE001  (whatever it raises is the figure)
        return f"no ({type(exc).__name__}: {str(exc)[:40]})"
    return "yes"


def main(folder):
    files = sorted(Path(folder).rglob("*.urdf"))
    if not files:
        print(f"no URDF files under {folder}")
        return
    print(f"{'file':<34} {'joints':>6} {'load ms':>8} {'check %':>8}  toolbox loads it")
    for path in files:
        robot = urdf.load_urdf(path)
        load = best_time(lambda path=path: urdf.load_urdf(path), REPEATS, time.process_time)
        unchecked = urdf._check_fit  # noqa: SLF001 - the load without its fit check
        urdf._check_fit = lambda *args: None  # noqa: SLF001 - the load without its fit check
        try:
            bare = best_time(lambda path=path: urdf.load_urdf(path), REPEATS, time.process_time)
        finally:
            urdf._check_fit = unchecked  # noqa: SLF001 - the load without its fit check
        share = 100.0 * max(load - bare, 0.0) / load
        print(f"{path.name:<34} {robot.n:>6} {1e3 * load:>8.1f} {share:>8.0f}  "
              f"{toolbox_loads(path)}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ROOT / "tests" / "data" / "example-robot-data")

"""Where robosim's own robot files and their meshes are: the library folder, installed with the
package. Robot files are found there by name, and a URDF may name meshes there (what
:func:`robosim.robot_files.export_urdf` writes for a library robot)."""

from __future__ import annotations

from pathlib import Path

from ..errors import RobotFileError


def library_dir() -> Path:
    """The folder of ready-made robot files.

    Installed, the top-level ``robots/`` folder lives inside the package as ``robosim/robots``
    (see setup.py); in a source checkout it sits beside the package.

    Examples
    --------
    >>> folder = library_dir()
    >>> folder.name, (folder / "lynx6.json").is_file()
    ('robots', True)
    """
    here = Path(__file__).resolve().parents[1]   # the robosim package
    for candidate in (here / "robots", here.parent / "robots"):
        if candidate.is_dir():
            return candidate
    raise RobotFileError(f"the robot library is missing: looked in {here / 'robots'} "
                         f"and {here.parent / 'robots'}")

"""Packaging lives in setup.cfg; this file maps the top-level robots/ folder into the package.

The user fixed the layout: robot files sit in a top-level ``robots/`` folder, yet must be
installed with the package. ``package_dir`` installs that folder as ``robosim/robots`` (with
its .json files and the STL meshes under meshes/ as package data), where
:func:`robosim.robot_files.library_dir` finds it.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["robosim", "robosim.*"]) + ["robosim.robots"],
    package_dir={"robosim": "robosim", "robosim.robots": "robots"},
    package_data={"robosim": ["py.typed"], "robosim.robots": ["*.json", "meshes/*/*.stl"]},
)

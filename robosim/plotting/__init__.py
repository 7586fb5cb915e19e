"""Figures without a display (matplotlib's Figure API, no pyplot), for the CLI and the GUI.

Imports neither :mod:`robosim.gui` nor :mod:`robosim.commands`.
"""

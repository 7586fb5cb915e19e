"""The robot library: one JSON robot file per ready-made robot (format in robosim/library.py).

This folder is installed as ``robosim.robots``; the module itself holds no code.
"""

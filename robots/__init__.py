"""The robot library: one JSON robot file per ready-made robot (format in
robosim/robot_files/library.py).

This folder is installed as ``robosim.robots``; the module itself holds no code.
"""

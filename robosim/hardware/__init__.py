"""Driving a real Lynxmotion Lynx6 on an SSC-32 servo controller (uses pyserial).

- :mod:`.ssc32`: the board's protocol and a fail-closed serial link (plus a dry-run port).
- :mod:`.calibration`: per-arm servo calibration files (``*.calibration.json``).
- :mod:`.lynx6`: the driver: checked poses, speed limits, start-up, trajectories, Stop.
- :mod:`.wizard`: the command-line calibration wizard.

pyserial is imported only when a port is opened.
"""

from .calibration import (Calibration, CalibrationError, calibrated_limits, load_calibration,
                          save_calibration, stock_lynx6, torque_limits)
from .lynx6 import HardwareError, Lynx6, RefusedCommand
from .ssc32 import DryRunPort, LinkError, SSC32Link

__all__ = ["Calibration", "CalibrationError", "DryRunPort", "HardwareError", "LinkError",
           "Lynx6", "RefusedCommand", "SSC32Link", "calibrated_limits", "load_calibration",
           "save_calibration", "stock_lynx6", "torque_limits"]

"""Drive the Lynx6 without an arm: a dry run prints the exact bytes an SSC-32 would receive.

The same calls drive the real arm once `dry_run=True` is left out and the port named
("/dev/ttyUSB0", "COM3"): every pose is checked against the joint limits and the calibrated
pulse ranges before a byte goes out, speeds are limited, and Stop, any fault or leaving the
`with` block (at its end, or by an error or Ctrl-C) stops every servo; the block then closes
the port. See the hardware guide (docs/hardware.md) first.

Run: python examples/lynx6_dry_run.py [--out DIR]
"""

import argparse
from pathlib import Path

import numpy as np

from robosim import trajectory
from robosim.hardware import Lynx6, RefusedCommand


def main(out):
    sent = []
    with Lynx6.connect("COM3", dry_run=True, echo=sent.append) as arm:
        arm.start(confirmed_near_rest=True)          # after power-up: the arm is at rest
        arm.move_to(np.radians([0, 30, -45, 10, 0]), wait=True)
        try:
            arm.move_to(np.radians([120, 0, 0, 0, 0]))   # beyond the base's limits
        except RefusedCommand as exc:
            print("refused:", exc)
        wave = trajectory.joint_profile(arm.q, np.radians([20, 10, -30, 0, 0]), 1.0, 0.2)
        arm.play(wave.t, wave.q)
        arm.gripper(0.4, wait=True)                  # 40 % closed, before the block ends
    log = b"".join(sent)                             # its last line: STOP for every servo
    print(log.decode("ascii").replace("\r", "\n"))
    (Path(out) / "lynx6_bytes.txt").write_bytes(log)
    return sent


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=".", help="folder for the files written")
    main(parser.parse_args().out)

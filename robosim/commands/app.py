"""``robosim`` without a command: the application."""

import sys


def start_application(args):
    print("robosim: the graphical application is not part of this version yet; "
          "see 'robosim --help' for the headless commands", file=sys.stderr)
    return 1

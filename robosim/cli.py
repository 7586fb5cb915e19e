"""The ``robosim`` command: the GUI by default, sub-commands for headless work.

Each group of sub-commands lives in a module of :mod:`robosim.commands` that exposes
``register(subparsers)``; the module adds its parsers and sets ``handler`` on each. Errors a user
can cause (:class:`robosim.RobosimError`) print one line on stderr and exit with status 2;
nothing prints a traceback unless ``ROBOSIM_DEBUG=1`` is set.
"""

import argparse
import os
import sys

from . import __version__
from .commands import COMMAND_MODULES
from .errors import RobosimError

EXIT_USAGE = 2
EXIT_INTERNAL = 3


def build_parser():
    parser = argparse.ArgumentParser(
        prog="robosim",
        description="Robot-arm kinematics simulator. Without a command, opens the application.")
    parser.add_argument("--version", action="version", version=f"robosim {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.register(subparsers)
    return parser


def main(argv=None):
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        from .commands.app import start_application
        handler = start_application
    try:
        return handler(args) or 0
    except RobosimError as exc:
        print(f"robosim: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("robosim: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: say so in one line, keep the traceback for developers
        if os.environ.get("ROBOSIM_DEBUG"):
            raise
        print(f"robosim: internal error: {type(exc).__name__}: {exc} "
              f"(set ROBOSIM_DEBUG=1 for details)", file=sys.stderr)
        return EXIT_INTERNAL


def run():
    """Console-script entry point."""
    sys.exit(main())

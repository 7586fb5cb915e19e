"""The ``robosim`` command: the GUI by default, sub-commands for headless work.

Each group of sub-commands lives in a module of :mod:`robosim.commands` that exposes
``register(subparsers)``; the module adds its parsers and sets ``handler`` on each. Errors a user
can cause (:class:`robosim.RobosimError`) print one line on stderr and exit with status 2;
nothing prints a traceback unless ``ROBOSIM_DEBUG=1`` is set.
"""

import argparse
import os
import re
import sys
import warnings

from . import __version__
from .errors import RobosimError, ValidationError
from .files import Terminated, handle_terminate_as_interrupt

EXIT_USAGE = 2
EXIT_INTERNAL = 3
#: Ctrl-C and SIGTERM: the shell's 128 + signal number.
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143
#: An argument that starts with one '-' followed by a digit, a point or a bracket, or that holds
#: an operator, is a value (a negative number, a formula such as ``-60*cos(u)+250``), never an
#: option: argparse would take it for an unknown option ("expected 3 arguments").
_VALUE_WITH_DASH = re.compile(r"-(?!-)(?:[\d.(]|.*[*/^+()])")


class UsageError(ValidationError):
    """The command line does not parse: an unknown option, a missing or invalid value."""


class _Parser(argparse.ArgumentParser):
    """argparse with its errors raised as :class:`UsageError`: one line on stderr, like every
    other error, instead of the usage block and a second line (``--help`` gives the usage)."""

    def error(self, message):
        raise UsageError(f"{message} (see '{self.prog} --help')")


def build_parser():
    from .commands import command_modules

    parser = _Parser(
        prog="robosim",
        description="Robot-arm kinematics simulator. Without a command, opens the application.")
    parser.add_argument("--version", action="version", version=f"robosim {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in command_modules():
        module.register(subparsers)
    return parser


def values_not_options(argv):
    """``argv`` with each value that starts with '-' (see :data:`_VALUE_WITH_DASH`) preceded by a
    space, which argparse never reads as an option; numbers and formulas ignore the space."""
    return [f" {arg}" if _VALUE_WITH_DASH.match(arg) else arg for arg in argv]


def main(argv=None):
    """Run the command line; returns the exit status.

    0 done, 1 a target or path not (fully) reached, 2 a usage error (one line on stderr),
    3 an internal error (a bug: one line, the traceback with ``ROBOSIM_DEBUG=1``), 130 Ctrl-C,
    143 SIGTERM.
    numpy's RuntimeWarnings are not shown (a result that matters is checked for finiteness
    where it is made); ``ROBOSIM_DEBUG=1`` shows them.
    """
    debug = bool(os.environ.get("ROBOSIM_DEBUG"))
    argv = sys.argv[1:] if argv is None else argv
    try:
        with warnings.catch_warnings():
            if not debug:
                warnings.simplefilter("ignore", RuntimeWarning)
            if not argv:    # the application: none of the sub-commands' modules is imported
                from .commands.app import start_application
                return start_application(None) or 0
            from .commands.common import angle_flags_last

            args = build_parser().parse_args(values_not_options(angle_flags_last(argv)))
            return args.handler(args) or 0
    except RobosimError as exc:
        print(f"robosim: error: {_one_line(exc)}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt as exc:         # Ctrl-C, or SIGTERM once run() set it so
        terminated = isinstance(exc, Terminated)
        print(f"robosim: {'terminated' if terminated else 'interrupted'}", file=sys.stderr)
        return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: say so in one line, keep the traceback for developers
        if debug:
            raise
        print(f"robosim: internal error: {type(exc).__name__}: {_one_line(exc)} "
              f"(set ROBOSIM_DEBUG=1 for details)", file=sys.stderr)
        return EXIT_INTERNAL


def _one_line(exc):
    """The message of ``exc`` on one line (a formula's caret lines and the like are joined)."""
    return " ".join(str(exc).split("\n"))


def run():
    """Console-script entry point; ``SIGTERM`` (sent at logout) is handled as Ctrl-C is, so a
    save or an export it interrupts cleans up."""
    handle_terminate_as_interrupt()
    sys.exit(main())

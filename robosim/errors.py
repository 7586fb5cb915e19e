"""The one exception family of robosim.

Every error a user can cause is a :class:`RobosimError`. Its message names what was wrong
(file, joint row, field, value) so the GUI can show it in a status line and the CLI can print it
as one line, without a traceback.
"""

from __future__ import annotations


class RobosimError(Exception):
    """Base class of every error robosim raises on purpose."""


class ValidationError(RobosimError, ValueError):
    """A value given by the user (argument, table cell, file field) is not acceptable."""


class ValidationTypeError(ValidationError, TypeError):
    """An argument of the wrong kind (text, a set, complex numbers where real ones belong): a
    :class:`ValidationError`, and a :class:`TypeError` as numpy would raise, so callers that
    catch either catch it."""


class RobotFileError(ValidationError):
    """A robot file cannot be read, parsed or validated; the message names file, row and field."""


class MeshError(ValidationError):
    """An STL mesh cannot be read or used; the message names the file and the fault."""


def one_line(text: str) -> str:
    r"""``text`` with its line breaks (``\n``, ``\r\n``, U+2028 and the others
    ``str.splitlines`` knows) turned into spaces: a robot's name in a title, a header line or a
    message stays one line.

    >>> one_line("Lynx\r\n6")
    'Lynx 6'
    """
    return " ".join(text.splitlines())


def brief(value: object, width: int = 60) -> str:
    """``repr(value)`` cut to ``width`` characters, so a message quoting a bad value stays one
    readable line however long the value (a 100,000-character cell, a nested list).

    >>> brief("x" * 100, width=10)
    "'xxxxxx..."
    """
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."

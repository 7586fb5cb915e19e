"""The one exception family of robosim.

Every error a user can cause is a :class:`RobosimError`. Its message names what was wrong
(file, joint row, field, value) so the GUI can show it in a status line and the CLI can print it
as one line, without a traceback.
"""


class RobosimError(Exception):
    """Base class of every error robosim raises on purpose."""


class ValidationError(RobosimError, ValueError):
    """A value given by the user (argument, table cell, file field) is not acceptable."""


class RobotFileError(ValidationError):
    """A robot file cannot be read, parsed or validated; the message names file, row and field."""

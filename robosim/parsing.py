"""Numbers typed by a person: one parser for the GUI's cells and the command line."""

from __future__ import annotations

import math

from .errors import ValidationError


def parse_number(text: str, what: str, allow_blank: bool = False) -> float | None:
    """A finite number typed by a person; None for blank text when ``allow_blank``.

    Parameters
    ----------
    text : str
        What was typed; surrounding spaces are ignored.
    what : str
        What the number is, for the message ("joint 2 min", "the voxel").
    allow_blank : bool, optional
        Blank text means "not given" (None) instead of an error.

    Raises
    ------
    ValidationError
        Naming ``what`` and the text, when it is not a finite number.

    Examples
    --------
    >>> parse_number(" 2.5 ", "the step")
    2.5
    >>> parse_number("", "the voxel", allow_blank=True) is None
    True
    >>> parse_number("ten", "the step")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: the step must be a number, got 'ten'
    """
    text = str(text).strip()
    if allow_blank and not text:
        return None
    try:
        value = float(text)
    except ValueError:
        raise ValidationError(f"{what} must be a number, got {text!r}") from None
    if not math.isfinite(value):
        raise ValidationError(f"{what} must be a finite number, got {text!r}")
    return value


def is_number(text: str) -> bool:
    """True when ``text`` reads as a number, ``inf`` and ``nan`` included (a pose name does not).

    The caller then says what is wrong with a number that is not finite.

    Examples
    --------
    >>> is_number(" 1e3 "), is_number("inf"), is_number("home")
    (True, True, False)
    """
    try:
        float(str(text).strip())
    except ValueError:
        return False
    return True

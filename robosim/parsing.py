"""Numbers written by a person: one parser for the GUI's cells, the command line and every
number robosim reads from a text file (URDF attributes, CSV cells, ASCII STL).

A number is written in ASCII decimal notation (:data:`DECIMAL`): an optional sign, the digits
0-9 with an optional decimal point, an optional exponent. Python's ``float()`` takes more, and
reads it silently as something else: ``"1_0"`` as 10, Arabic-Indic ``"١"`` and full-width
``"１"`` digits as 1, ``"infinity"``; robosim refuses them, saying why.
"""

from __future__ import annotations

import math
import re
from typing import Literal, overload

from .errors import ValidationError, brief

#: A number in ASCII decimal notation: ``12``, ``-0.5``, ``.5``, ``5.``, ``+1e-3``, ``2E6``.
DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
#: What :data:`DECIMAL` is, in the words of a message.
DECIMAL_WORDS = "ASCII decimal notation (the digits 0-9, as in -2.5 or 1e-3)"


@overload
def parse_number(text: str, what: str, allow_blank: Literal[False] = False) -> float: ...
@overload
def parse_number(text: str, what: str, allow_blank: bool) -> float | None: ...


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

    Python reads ``1_0`` as 10; robosim asks for the notation it means:

    >>> parse_number("1_0", "the step")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationError: the step must be a number in ASCII decimal notation
        (the digits 0-9, as in -2.5 or 1e-3), got '1_0'
    """
    text = str(text).strip()
    if allow_blank and not text:
        return None
    if DECIMAL.fullmatch(text) is None:
        if not is_number(text):
            raise ValidationError(f"{what} must be a number, got {brief(text)}")
        if math.isfinite(float(text)):
            raise ValidationError(f"{what} must be a number in {DECIMAL_WORDS}, got "
                                  f"{brief(text)}")
        raise ValidationError(f"{what} must be a finite number, got {brief(text)}")
    value = float(text)
    if not math.isfinite(value):                # 1e999
        raise ValidationError(f"{what} must be a finite number, got {brief(text)}")
    return value


def is_number(text: str) -> bool:
    """True when ``text`` reads as a number to Python, ``inf``, ``nan`` and ``1_0`` included (a
    pose name does not).

    The caller then says, through :func:`parse_number`, what is wrong with a number that is
    not finite or not in ASCII decimal notation.

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

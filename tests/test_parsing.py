"""One parser for typed numbers, shared by the GUI's cells and the command line."""

import pytest

from robosim import ValidationError
from robosim.parsing import is_number, parse_number


def test_a_typed_number_is_read_with_its_spaces_ignored():
    assert parse_number(" -2.5e1 ", "the step") == -25.0


def test_blank_text_is_none_only_when_allowed():
    assert parse_number("  ", "the voxel", allow_blank=True) is None
    with pytest.raises(ValidationError, match="the voxel must be a number, got ''"):
        parse_number("  ", "the voxel")


@pytest.mark.parametrize("text, problem", [("ten", "must be a number, got 'ten'"),
                                           ("inf", "must be a finite number, got 'inf'"),
                                           ("nan", "must be a finite number, got 'nan'")])
def test_anything_else_is_refused_naming_what_and_the_text(text, problem):
    with pytest.raises(ValidationError, match=f"joint 2 min {problem}"):
        parse_number(text, "joint 2 min")


def test_a_pose_name_is_not_a_number_but_inf_is_one_to_be_refused_later():
    assert not is_number("qr") and is_number("1e3") and is_number("inf")


@pytest.mark.parametrize("text", [
    "1_0",              # Python: 10
    "\u0661",           # ARABIC-INDIC DIGIT ONE; Python: 1
    "\uff11",           # FULLWIDTH DIGIT ONE; Python: 1
    "\u0661\u0660.5",    # Python: 10.5
])
def test_numbers_python_reads_beyond_ascii_decimal_notation_are_refused(text):
    with pytest.raises(ValidationError, match="the step must be a number in ASCII decimal "
                                              "notation"):
        parse_number(text, "the step")


@pytest.mark.parametrize("text, value", [("12", 12.0), ("-0.5", -0.5), (".5", 0.5),
                                         ("5.", 5.0), ("+1e-3", 0.001), ("2E6", 2e6)])
def test_ascii_decimal_notation_is_read(text, value):
    assert parse_number(text, "the step") == value


@pytest.mark.parametrize("text", ["infinity", "-inf", "1e999"])
def test_infinity_in_any_spelling_is_not_finite(text):
    with pytest.raises(ValidationError, match="must be a finite number"):
        parse_number(text, "the step")

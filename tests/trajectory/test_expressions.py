"""The safe formula evaluator: the paper's formulas work, hostile text is refused with a pointer."""

import math

import numpy as np
import pytest

from robosim.errors import ValidationError
from robosim.trajectory.expressions import ExpressionError, compile_expression

U = np.linspace(-2.0, 5.0, 7)
V = np.linspace(0.1, 0.9, 7)

# The paper's volume formulas (3D-RAS, eqs. 25-39) and the same maths written with `math`.
PAPER_FORMULAS = [
    ("30 + 10*sin(u)", lambda u, v: 30 + 10 * math.sin(u)),
    ("30 + 10*cos(u + v)", lambda u, v: 30 + 10 * math.cos(u + v)),
    ("18*exp(-v)", lambda u, v: 18 * math.exp(-v)),
    ("20 + 20*sin(u)*cos(u)", lambda u, v: 20 + 20 * math.sin(u) * math.cos(u)),
    ("20 + 20*sin(3*u)*sin(u)", lambda u, v: 20 + 20 * math.sin(3 * u) * math.sin(u)),
    ("20 + (5 + 0.5*v*cos(0.5*u))*cos(u)",
     lambda u, v: 20 + (5 + 0.5 * v * math.cos(0.5 * u)) * math.cos(u)),
    ("20 + 0.5*v*sin(0.5*u)", lambda u, v: 20 + 0.5 * v * math.sin(0.5 * u)),
    ("15 + 15*sin(v)", lambda u, v: 15 + 15 * math.sin(v)),
    ("15 + sqrt(9**2 - 8**2*sin(u)**2)", lambda u, v: 15 + math.sqrt(81 - 64 * math.sin(u) ** 2)),
    ("15 + sqrt(9^2 - 8^2*sin(u)^2)", lambda u, v: 15 + math.sqrt(81 - 64 * math.sin(u) ** 2)),
    ("-u**2 + atan2(v, u) - e**-v + pi*tau/deg",
     lambda u, v: -u ** 2 + math.atan2(v, u) - math.e ** -v + math.pi * math.tau * 180 / math.pi),
]


@pytest.mark.parametrize("text, reference", PAPER_FORMULAS)
def test_paper_formulas_evaluate_like_the_maths_module(text, reference):
    expression = compile_expression(text)
    values = expression(u=U, v=V)
    assert values.shape == U.shape
    np.testing.assert_allclose(values, [reference(u, v) for u, v in zip(U, V,
                                                                        strict=True)], rtol=1e-12)


def test_arrays_broadcast_into_a_grid():
    expression = compile_expression("x1 * x2", variables=("x1", "x2"))
    grid = expression(x1=np.arange(3.0)[:, None], x2=np.arange(4.0)[None, :])
    np.testing.assert_array_equal(grid, np.outer(np.arange(3.0), np.arange(4.0)))


def test_a_constant_formula_takes_the_shape_of_its_arguments():
    assert compile_expression("20")(u=np.zeros(5), v=0.0).shape == (5,)


def test_caret_is_a_power_with_the_power_precedence():
    assert float(compile_expression("u^2 + 1")(u=3.0, v=0.0)) == 10.0
    assert float(compile_expression("2^u^2")(u=3.0, v=0.0)) == 2.0 ** 9


def test_invalid_operations_give_nan_without_warnings():
    with np.errstate(all="raise"):
        values = compile_expression("sqrt(u) + 1/v")(u=np.array([-1.0, 4.0]),
                                                     v=np.array([1.0, 0.0]))
    assert math.isnan(values[0]) and values[1] == math.inf


HOSTILE = [
    ("__import__('os').system('echo hi')", 1, "__import__"),
    ("u.__class__", 1, "attribute"),
    ("(1).real", 1, "attribute"),
    ("u[0]", 1, "indexing"),
    ("open('x')", 1, "open"),
    ("eval('1')", 1, "eval"),
    ("x + 1", 1, "'x'"),
    ("sin", 1, "sin(...)"),
    ("u + t", 5, "'t'"),
    ("lambda: 1", 1, "lambda"),
    ("[u for u in v]", 1, "comprehension"),
    ("'text'", 1, "string"),
    ("9**9**9", 4, "exponent"),
    ("2**1000", 4, "exponent"),
    ("u ** 100", 6, "exponent"),
    ("1e999", 1, "large"),
    ("u if v else 1", 1, "else"),
    ("u < v", 1, "comparison"),
    ("u and v", 1, "'and'"),
    ("sin(u, v)", 1, "takes 1"),
    ("exp(x=1)", 7, "keyword"),
    ("(u)(v)", 2, "calling"),
    ("u +", 3, "not a valid formula"),
    ("import os", 1, "not a valid formula"),
    ("u; v", 2, "not a valid formula"),
    ("u @ v", 1, "operator"),
    ("u // v", 1, "operator"),
    ("True", 1, "constant"),
    ("1j", 1, "constant"),
]


@pytest.mark.parametrize("text, column, words", HOSTILE)
def test_hostile_text_is_refused_with_the_column_of_the_offending_part(text, column, words):
    with pytest.raises(ExpressionError) as caught:
        compile_expression(text)
    assert caught.value.column == column
    assert words in str(caught.value)
    assert f"column {column}" in str(caught.value)
    assert isinstance(caught.value, ValidationError)


def test_the_pointer_underlines_the_offending_part():
    with pytest.raises(ExpressionError) as caught:
        compile_expression("20 + foo(u)")
    assert caught.value.pointer == "20 + foo(u)\n     ^^^"


def test_too_long_and_empty_text_are_refused():
    with pytest.raises(ExpressionError, match="characters long"):
        compile_expression("u+" * 300 + "u")
    with pytest.raises(ExpressionError, match="too complicated"):
        compile_expression("+".join(["u"] * 120))
    with pytest.raises(ExpressionError, match="empty"):
        compile_expression("   ")


def test_variables_are_the_callers_choice():
    assert float(compile_expression("t*2", variables=("t",))(t=1.5)) == 3.0
    with pytest.raises(ExpressionError, match="'u'"):
        compile_expression("u", variables=("x1", "x2"))
    with pytest.raises(ValidationError, match="among"):
        compile_expression("w", variables=("w",))
    with pytest.raises(ValidationError, match="missing"):
        compile_expression("u + v")(u=1.0)

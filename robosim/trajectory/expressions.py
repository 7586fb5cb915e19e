"""A small, safe evaluator for the formulas users type: ``30 + 10*sin(u)``, ``x1**2 - x2**2``.

The text is parsed with :mod:`ast` and the tree is checked against an allow-list before anything
runs; it is never given to ``eval`` or ``exec``. Allowed:

- numbers (``2``, ``0.5``, ``1e-3``);
- the variables the caller names (among ``u v x1 x2 t``);
- ``+ - * / **`` and unary ``-``/``+``; ``^`` is a power too, as in spreadsheets (``u^2 + 1``
  is ``u**2 + 1``);
- the functions in :data:`FUNCTIONS` (``sin cos tan asin acos atan atan2 sinh cosh tanh exp log
  log10 log2 sqrt abs hypot floor ceil sign min max``) and the constants in :data:`CONSTANTS`
  (``pi e tau deg``; ``deg = pi/180``, so ``sin(u*deg)`` takes ``u`` in degrees).

Anything else (attribute access, subscripts, other names, calls of anything but an allowed
function, keyword arguments, strings, lambdas, comprehensions, comparisons, imports, constant
exponents larger than :data:`MAX_EXPONENT`, text longer than :data:`MAX_LENGTH`) raises
:class:`ExpressionError`, whose message gives the column and the offending text.

The compiled expression runs on numpy arrays (vectorised, broadcasting), angles in radians::

    >>> f = compile_expression("20 + 10*cos(u)*cos(v)")
    >>> float(f(u=0.0, v=0.0))
    30.0
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ..errors import ValidationError

#: Longest formula accepted (characters).
MAX_LENGTH = 500
#: Most syntax-tree nodes accepted: keeps evaluation cheap and parsing shallow.
MAX_NODES = 200
#: Largest constant exponent magnitude accepted in ``a ** b``.
MAX_EXPONENT = 64
#: Variable names a formula may use, by caller's choice.
VARIABLE_NAMES = ("u", "v", "x1", "x2", "t")

FUNCTIONS = {
    "sin": np.sin, "cos": np.cos, "tan": np.tan,
    "asin": np.arcsin, "acos": np.arccos, "atan": np.arctan, "atan2": np.arctan2,
    "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh,
    "exp": np.exp, "log": np.log, "log10": np.log10, "log2": np.log2,
    "sqrt": np.sqrt, "abs": np.abs, "hypot": np.hypot,
    "floor": np.floor, "ceil": np.ceil, "sign": np.sign,
    "min": np.minimum, "max": np.maximum,
}
#: Number of arguments each function takes.
_ARITY = {name: 2 if name in ("atan2", "hypot", "min", "max") else 1 for name in FUNCTIONS}
CONSTANTS = {"pi": math.pi, "e": math.e, "tau": math.tau, "deg": math.pi / 180.0}

_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.Div: operator.truediv, ast.Pow: operator.pow}
_UNARY: dict[type[ast.unaryop], Callable[[Any], Any]] = {ast.USub: operator.neg,
                                                          ast.UAdd: operator.pos}
_DESCRIPTIONS = {ast.Attribute: "attribute access", ast.Subscript: "indexing",
                 ast.Lambda: "a lambda", ast.ListComp: "a comprehension",
                 ast.GeneratorExp: "a comprehension", ast.SetComp: "a comprehension",
                 ast.DictComp: "a comprehension", ast.Compare: "a comparison",
                 ast.BoolOp: "'and'/'or'", ast.IfExp: "'if ... else'",
                 ast.List: "a list", ast.Tuple: "a tuple", ast.Dict: "a dictionary",
                 ast.Set: "a set", ast.NamedExpr: "':='", ast.JoinedStr: "a string",
                 ast.Starred: "'*'"}


class ExpressionError(ValidationError):
    """A formula is not valid or not allowed.

    Attributes
    ----------
    text : str
        The formula as typed.
    column : int or None
        1-based column of the offending part, None when the whole text is at fault.
    length : int
        Characters of the offending part (for the caret line).
    """

    def __init__(self, message: str, text: str = "", column: int | None = None,
                 length: int = 1) -> None:
        super().__init__(message)
        self.text, self.column, self.length = text, column, max(1, length)

    @property
    def pointer(self) -> str:
        """Two lines: the formula and carets under the offending part ("" without a column)."""
        if self.column is None:
            return ""
        return f"{self.text}\n{' ' * (self.column - 1)}{'^' * self.length}"


class Expression:
    """A checked formula, ready to evaluate on numbers or numpy arrays.

    Attributes
    ----------
    text : str
        The formula as typed.
    variables : tuple of str
        The variable names it may use (keyword arguments of the call).

    Examples
    --------
    The hypotenuse of the 3-4-5 and 5-12-13 triangles, one value or an array at a time:

    >>> hypotenuse = compile_expression("sqrt(u^2 + v^2)")
    >>> hypotenuse
    Expression('sqrt(u^2 + v^2)', variables=('u', 'v'))
    >>> hypotenuse(u=[3, 5], v=[4, 12]).tolist()
    [5.0, 13.0]
    """

    def __init__(self, text: str, variables: Iterable[str], tree: ast.expr) -> None:
        self.text = text
        self.variables = tuple(variables)
        self._tree = tree

    def __repr__(self):
        return f"Expression({self.text!r}, variables={self.variables})"

    def __call__(self, **values: ArrayLike) -> np.ndarray:
        """The formula's value ``ndarray`` (broadcast shape of the arguments), float64.

        Every variable of :attr:`variables` must be given. Invalid operations give NaN or inf
        (``sqrt(-1)``, ``1/0``) without warnings; the caller decides what to do with them.
        """
        missing = [name for name in self.variables if name not in values]
        unknown = [name for name in values if name not in self.variables]
        if missing or unknown:
            raise ValidationError(f"formula {self.text!r} takes {', '.join(self.variables)}; "
                                  f"missing {missing}, unknown {unknown}")
        arrays = {name: np.asarray(value, dtype=float) for name, value in values.items()}
        shape = np.broadcast_shapes(*(a.shape for a in arrays.values()))
        with np.errstate(all="ignore"):
            result = _evaluate(self._tree, arrays)
        return np.broadcast_to(np.asarray(result, dtype=float), shape).copy()


def compile_expression(text: str, variables: Iterable[str] = ("u", "v")) -> Expression:
    """Check ``text`` against the allow-list and return an :class:`Expression`.

    Parameters
    ----------
    text : str
        The formula, e.g. ``"20 + 20*sin(u)*cos(u)"``.
    variables : sequence of str
        The names it may use, among :data:`VARIABLE_NAMES`.

    Raises
    ------
    ExpressionError
        With the column and text of the first part that is not allowed.

    Examples
    --------
    >>> circle_x = compile_expression("20*cos(u)", ("u",))
    >>> circle_x(u=np.radians([0, 60, 90])).round(3).tolist()    # 20 cos 60 = 10
    [20.0, 10.0, 0.0]
    """
    variables = tuple(variables)
    for name in variables:
        if name not in VARIABLE_NAMES:
            raise ValidationError(f"formula variables must be among {VARIABLE_NAMES}, "
                                  f"got {name!r}")
    if not isinstance(text, str):
        raise ExpressionError(f"a formula must be text, got {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"formula is {len(text)} characters long; at most {MAX_LENGTH} "
                              f"are accepted", text)
    if not text.strip():
        raise ExpressionError("the formula is empty", text)
    source, columns = _python_source(text)
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError as exc:
        offset = min(max(exc.offset or len(source), 1), len(source))
        column = columns[offset - 1]
        raise ExpressionError(f"formula {text!r}: not a valid formula at column {column} "
                              f"({exc.msg})", text, column) from None
    nodes = sum(1 for _ in ast.walk(tree))
    if nodes > MAX_NODES:
        raise ExpressionError(f"formula is too complicated ({nodes} parts; at most {MAX_NODES})",
                              text)
    _Checker(text, _columns_by_byte(source, columns), variables).visit(tree.body)
    return Expression(text, variables, tree.body)


def _python_source(text):
    """``text`` without leading blanks and with ``^`` written ``**`` (keeping its precedence),
    and for each character of the result the 1-based column in ``text`` it comes from."""
    source, columns = [], []
    lead = len(text) - len(text.lstrip())
    for column, char in enumerate(text[lead:], start=lead + 1):
        source.append("**" if char == "^" else char)
        columns.extend([column] * len(source[-1]))
    return "".join(source), columns


def _columns_by_byte(source, columns):
    """``columns`` indexed by UTF-8 byte offset in ``source``, as :mod:`ast` counts offsets.

    ``150*α`` has 6 characters but 7 bytes: the node of ``α`` starts at byte 4, which is
    character 4 here only because every character before it is ASCII; after a non-ASCII
    character the two counts differ (an IndexError in the error message, issue 14).
    """
    by_byte = []
    for char, column in zip(source, columns, strict=True):
        by_byte.extend([column] * len(char.encode("utf-8")))
    return by_byte


class _Checker:
    """Walks the tree and raises ExpressionError at the first node not on the allow-list."""

    def __init__(self, text, columns, variables):
        self.text, self.columns, self.variables = text, columns, variables

    def original(self, node):
        """The text of ``text`` a node was parsed from."""
        return self.text[self.columns[node.col_offset] - 1:self.columns[node.end_col_offset - 1]]

    def fail(self, node, what, hint=""):
        """Raise ExpressionError: ``what`` at the node's column is not allowed; ``hint``."""
        column = self.columns[node.col_offset]
        end = self.columns[node.end_col_offset - 1]
        raise ExpressionError(f"formula {self.text!r}: {what} at column {column} is not "
                              f"allowed{hint}", self.text, column, end - column + 1)

    def visit(self, node):
        if isinstance(node, ast.Constant):
            self.constant(node)
        elif isinstance(node, ast.Name):
            if node.id not in self.variables and node.id not in CONSTANTS:
                hint = (f"; {node.id} is a function: write {node.id}(...)"
                        if node.id in FUNCTIONS else
                        f"; names allowed here: {', '.join(self.variables + tuple(CONSTANTS))}")
                self.fail(node, f"the name '{node.id}'", hint)
        elif isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            self.visit(node.left)
            self.visit(node.right)
            if isinstance(node.op, ast.Pow):
                self.exponent(node)
        elif isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
            self.visit(node.operand)
        elif isinstance(node, ast.Call):
            self.call(node)
        else:
            segment = self.original(node)
            what = (f"the operator in {segment!r}" if isinstance(node, (ast.BinOp, ast.UnaryOp))
                    else f"{_DESCRIPTIONS.get(type(node), type(node).__name__)} {segment!r}")
            self.fail(node, what, "; use numbers, + - * / ** and functions")

    def constant(self, node):
        value = node.value
        if isinstance(value, (str, bytes)):
            self.fail(node, f"the string {value!r}")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(node, f"the constant {value!r}", "; only real numbers")
        try:
            number = float(value)
        except OverflowError:
            number = math.inf
        if not math.isfinite(number):
            self.fail(node, "a number this large")

    def call(self, node):
        if isinstance(node.func, ast.Attribute):
            self.visit(node.func)       # reports the attribute access
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            self.fail(node.func, f"calling {self.original(node.func)!r}",
                      f"; functions allowed: {', '.join(FUNCTIONS)}")
        if node.keywords:
            self.fail(node.keywords[0].value, "a keyword argument")
        arity = _ARITY[node.func.id]
        if len(node.args) != arity:
            self.fail(node, f"{node.func.id} with {len(node.args)} argument(s)",
                      f"; it takes {arity}")
        for argument in node.args:
            self.visit(argument)

    def exponent(self, node):
        """Refuse a constant exponent above MAX_EXPONENT (also in towers like 9**9**9)."""
        try:
            with np.errstate(all="ignore"):
                value = float(_evaluate(node.right, {}))
        except _NotConstant:
            return
        if not abs(value) <= MAX_EXPONENT:
            self.fail(node.right, f"the exponent {value:g}", f"; at most {MAX_EXPONENT}")


class _NotConstant(Exception):
    pass


def _evaluate(node, values):
    """Value of a checked node; raises _NotConstant for a variable missing from ``values``."""
    if isinstance(node, ast.Constant):
        assert isinstance(node.value, (int, float))     # the checker let real numbers only
        return float(node.value)
    if isinstance(node, ast.Name):
        if node.id in CONSTANTS:
            return CONSTANTS[node.id]
        if node.id not in values:
            raise _NotConstant(node.id)
        return values[node.id]
    if isinstance(node, ast.BinOp):
        left = _evaluate(node.left, values)
        right = _evaluate(node.right, values)
        return _BINARY[type(node.op)](np.float64(left) if np.ndim(left) == 0 else left, right)
    if isinstance(node, ast.UnaryOp):
        return _UNARY[type(node.op)](_evaluate(node.operand, values))
    return FUNCTIONS[node.func.id](*(_evaluate(a, values) for a in node.args))

"""The size of the numeric core in lines of code, as issue 35 counts it.

Usage, from anywhere::

    python tools/core_size.py            # one line a file, then the total and the target

A line of code is a line holding a token that is neither a comment nor part of a docstring
(a module's, class's or function's first string, or a bare string statement such as an
attribute's docstring); blank lines do not count. The files are the successors of the modules
issue 35 measured (4,517 lines on 2026-11-27: robot.py, ik/, dynamics.py, newton_euler.py,
composite_body.py, elementary.py, collision.py, workspace/forward.py, transforms.py, ode.py),
without the modules of issue 38 (the general 6R solver, self-motion, planning), which the
target leaves out.
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "robosim"
#: Files and folders counted, relative to the package.
COUNTED = ("kinematics/robot.py", "kinematics/chain.py", "kinematics/elementary.py",
           "kinematics/transforms.py", "ik", "dynamics", "collision", "workspace/forward.py")
#: Left out: issue 38's new modules.
NOT_COUNTED = ("ik/general.py", "ik/self_motion.py")
#: Issue 35's target for the counted files.
TARGET = 3600
_SKIPPED_TOKENS = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                   tokenize.DEDENT, tokenize.ENDMARKER}


def docstring_lines(tree: ast.AST) -> set[int]:
    """Line numbers of every docstring and bare string statement of ``tree``."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def code_lines(path: Path) -> int:
    """Lines of ``path`` that hold code (see the module docstring)."""
    source = path.read_text(encoding="utf-8")
    lines: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in _SKIPPED_TOKENS:
            lines.update(range(token.start[0], token.end[0] + 1))
    return len(lines - docstring_lines(ast.parse(source)))


def counted_files() -> list[Path]:
    """The files :data:`COUNTED` names that exist, without :data:`NOT_COUNTED`."""
    files: list[Path] = []
    for name in COUNTED:
        path = ROOT / name
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else
                     [path] if path.exists() else [])
    return [f for f in files if f.relative_to(ROOT).as_posix() not in NOT_COUNTED]


def main() -> int:
    total = 0
    for path in counted_files():
        count = code_lines(path)
        total += count
        print(f"{count:6,d}  {path.relative_to(ROOT.parent).as_posix()}")
    print(f"{total:6,d}  lines of code in all (issue 35's target: at most {TARGET:,})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

r"""Every code block of README.md and docs/*.md runs, as a reader would run it.

A block runs in the reader's order, in a fresh folder (``tmp_path``), on the Agg backend:

- ``python``: executed; the blocks of one page share their names, top to bottom;
- ``sh``: each command (``\`` continuations joined, ``#`` comments dropped) must be a
  ``robosim ...`` command, run through :func:`robosim.cli.main`, and exit with status 0;
- ``json``: parsed; a robot file (it has ``joints``) must load as a robot;
- ``csv``: a DH table, which must load as a robot;
- ``text``: output or a file listing, not run.

A block marked ``<!-- skip-test: hardware -->``, ``<!-- skip-test: display -->`` (on the line
just before it) is not run: it needs a real arm, or a window. ``<!-- skip-test: ci -->`` marks
the set-up commands, which create a virtual environment and install the package: ``.ci/run``
runs them in a fresh venv, and the last test here checks it does. CONTRIBUTING.md explains the
markers. Any other language fails the test, so a new kind of block cannot go unchecked.
"""

import json
import re
import shlex
from pathlib import Path

import pytest

from robosim.cli import main
from robosim.robot_files import robot_from_csv, robot_from_dict

#: Docs runners are slow (issue 29): `-m "not slow"` leaves them out, CI runs them.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SKIP_REASONS = {"hardware", "display", "ci"}
NOT_CODE = {"text"}

_FENCE = re.compile(r"^```(\S*)\s*$")
_MARKER = re.compile(r"^<!--\s*skip-test:\s*(\S+)\s*-->$")


def code_blocks(path):
    """``[(line, language, text, skip reason or None)]`` of the fenced blocks of a Markdown file.

    MyST directives (```` ```{toctree} ````) are not code and are left out.
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks, index = [], 0
    while index < len(lines):
        fence = _FENCE.match(lines[index])
        if not fence:
            index += 1
            continue
        start = index
        end = next(k for k in range(start + 1, len(lines)) if lines[k].startswith("```"))
        language = fence.group(1)
        marker = _MARKER.match(lines[start - 1].strip()) if start else None
        if not language.startswith("{"):
            blocks.append((start + 1, language, "\n".join(lines[start + 1:end]),
                           marker.group(1) if marker else None))
        index = end + 1
    return blocks


def shell_commands(text):
    """The commands of a shell block: continuations joined, comments and blank lines dropped."""
    joined = re.sub(r"\\\n", " ", text)
    return [words for words in (shlex.split(line, comments=True) for line in joined.splitlines())
            if words]


def run_block(language, text, namespace, where):
    if language == "python":
        exec(compile(text, where, "exec"), namespace)
    elif language == "sh":
        for words in shell_commands(text):
            assert words[0] == "robosim", f"{where}: not a robosim command: {shlex.join(words)}"
            assert main(words[1:]) == 0, f"{where}: {shlex.join(words)} failed"
    elif language == "json":
        data = json.loads(text)
        if "joints" in data:
            robot_from_dict(data, source=where)
    elif language == "csv":
        robot_from_csv(text, source=where)
    else:
        assert language in NOT_CODE, f"{where}: no way to run a {language or 'plain'} block"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_code_block_runs(page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "__docs__"}
    blocks = code_blocks(page)
    for line, language, text, skip in blocks:
        where = f"{page.relative_to(ROOT).as_posix()}:{line}"
        assert skip is None or skip in SKIP_REASONS, f"{where}: unknown marker {skip!r}"
        if skip is None:
            run_block(language, text, namespace, where)


def test_the_set_up_blocks_are_what_ci_runs():
    """The README's set-up blocks are marked ``ci``: .ci/run must install as they say."""
    readme = [text for _, _, text, skip in code_blocks(ROOT / "README.md") if skip == "ci"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert any("pip install '.[test]'" in text for text in readme)
    assert "pip install --quiet '.[test]'" in ci and "python3 -m venv" in ci

"""Prints the fault-injection figures at the end of a run in two short lines (issue 29): the named
cases passed out of run over the groups (one test file each, issues 14 and 25), naming only the
groups with a failure, and the generated cases' count, slowest and peak memory (issue 14)."""

from collections import Counter
from pathlib import Path

from fault_cli import Stats

_FOLDER = Path(__file__).resolve().parent
_passed, _run = Counter(), Counter()


def pytest_runtest_logreport(report):
    path = Path(str(report.fspath)).resolve()
    if path.parent != _FOLDER or (report.when != "call" and not report.failed):
        return
    group = path.stem.removeprefix("test_")
    _run[group] += 1
    _passed[group] += report.passed


def pytest_terminal_summary(terminalreporter):
    if _run:
        failing = ", ".join(f"{group} {_passed[group]}/{_run[group]}" for group in sorted(_run)
                            if _passed[group] < _run[group])
        terminalreporter.write_line(f"fault suite: {sum(_passed.values())}/{sum(_run.values())} "
                                    f"named cases passed in {len(_run)} groups"
                                    + (f"; failing: {failing}" if failing else ""))
    if Stats.cases:
        terminalreporter.write_line(Stats.summary())

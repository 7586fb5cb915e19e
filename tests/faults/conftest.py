"""Prints the fault-injection figures at the end of a run: the named cases per group (one test
file each, issues 14 and 25) passed out of run, and the generated cases' count, slowest and
peak memory (issue 14)."""

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
        groups = ", ".join(f"{group} {_passed[group]}/{_run[group]}" for group in sorted(_run))
        terminalreporter.write_line(f"fault suite: {sum(_passed.values())} of "
                                    f"{sum(_run.values())} named cases passed ({groups})")
    if Stats.cases:
        terminalreporter.write_line(Stats.summary())

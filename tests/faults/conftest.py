"""Prints the fault-injection figures (issue 14) at the end of a run that generated cases."""

from fault_cli import Stats


def pytest_terminal_summary(terminalreporter):
    if Stats.cases:
        terminalreporter.write_line(Stats.summary())

"""Run ``robosim`` in-process for the fault-injection tests: output captured, a hang cut short.

Subprocesses cost about a second each on the shared machine, so the CLI runs here through
:func:`robosim.cli.main` with stdout and stderr redirected, under a SIGALRM timeout. The few cases
about memory run in a subprocess under ``RLIMIT_AS`` instead (:func:`limit_memory`).
"""

import contextlib
import io
import os
import resource
import signal
import stat
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import robosim
from robosim.cli import main

#: Seconds one in-process case may take before it counts as a hang.
TIMEOUT_S = 10
#: Address space of a subprocess case: the interpreter with numpy and matplotlib needs about
#: 0.6 GB of address space; a bounded command stays far below this.
MEMORY_CAP_BYTES = 1536 << 20


class Hang(BaseException):
    """Raised by the alarm when a case runs past its time (a BaseException, so that no
    ``except Exception`` in the code under test swallows it)."""


@dataclass
class Run:
    """One run of ``main()``: what it returned or raised, what it printed, how long it took."""

    status: object       # the exit status, or the exception that escaped main()
    out: str
    err: str
    seconds: float

    @property
    def err_lines(self):
        return self.err.splitlines()


def _alarm(signum, frame):
    raise Hang()


@contextlib.contextmanager
def deadline(seconds):
    """Raise :class:`Hang` in the block after ``seconds`` (SIGALRM: the main thread only)."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_cli(*argv, timeout=TIMEOUT_S, debug=True):
    """``robosim ARGV`` in this process: its exit status, output, error output and time.

    Warnings are turned into errors while it runs and (with ``debug``) ``ROBOSIM_DEBUG`` is
    set, so a numpy RuntimeWarning, which robosim would hide from the user, fails the case
    instead of passing unseen, and an internal error comes back as the exception itself.
    """
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    saved = os.environ.pop("ROBOSIM_DEBUG", None)
    if debug:
        os.environ["ROBOSIM_DEBUG"] = "1"
    try:
        with deadline(timeout), contextlib.redirect_stdout(out), \
                contextlib.redirect_stderr(err), warnings.catch_warnings():
            warnings.simplefilter("error")
            try:
                status = main([str(a) for a in argv])
            except SystemExit as exc:
                status = exc.code
            except BaseException as exc:  # noqa: BLE001 - a hang or a bug: reported by the test
                status = exc
    finally:
        os.environ.pop("ROBOSIM_DEBUG", None)
        if saved is not None:
            os.environ["ROBOSIM_DEBUG"] = saved
    return Run(status, out.getvalue(), err.getvalue(), time.perf_counter() - start)


def assert_usage_error(run, *fragments):
    """Exit status 2, exactly one line on stderr starting ``robosim``, each fragment in it."""
    assert run.status == 2, (run.status, run.err[-2000:])
    assert len(run.err_lines) == 1, run.err
    line = run.err_lines[0]
    assert line.startswith("robosim") and "internal error" not in line, line
    for fragment in fragments:
        assert fragment in line, line


def limit_memory():
    """``preexec_fn`` of a capped subprocess: its address space at most MEMORY_CAP_BYTES."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP_BYTES, MEMORY_CAP_BYTES))


def child_environment():
    """The environment of a subprocess that must import this very robosim (the checkout under
    test), not whichever one the interpreter would find from another working folder."""
    package_root = str(Path(robosim.__file__).resolve().parent.parent)
    paths = [package_root, *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "MPLBACKEND": "Agg"}


class Stats:
    """What the generated cases cost: their number, the slowest, the peak memory."""

    cases = 0
    worst_s = 0.0
    worst_case = ""
    capped_peak_bytes = 0

    @classmethod
    def record(cls, label, seconds):
        cls.cases += 1
        if seconds > cls.worst_s:
            cls.worst_s, cls.worst_case = seconds, label

    @classmethod
    def summary(cls):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        slowest_name = cls.worst_case.split(" ", 1)[0]     # its name, not its arguments
        return (f"fault injection: {cls.cases} cases, slowest {cls.worst_s:.2f} s "
                f"({slowest_name}), peak {peak:.0f} MB, capped child "
                f"{cls.capped_peak_bytes / 2**20:.0f}/{MEMORY_CAP_BYTES / 2**20:.0f} MB")


def character_device_twin(folder, name, minor):
    """A character device 1,``minor`` in ``folder`` (3 is /dev/null, 5 /dev/zero): a twin of
    a real device that a test may write to or read from without touching /dev. Skips the
    test, saying why, where mknod is not permitted."""
    import pytest

    twin = folder / name
    try:
        os.mknod(twin, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
    except PermissionError:
        pytest.skip("mknod of a character device is not permitted here (needs CAP_MKNOD)")
    return twin

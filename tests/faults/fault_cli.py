"""Run ``robosim`` in-process for the fault-injection tests: output captured, a hang cut short.

Subprocesses cost about a second each on the shared machine, so the CLI runs here through
:func:`robosim.cli.main` with stdout and stderr redirected, under a SIGALRM timeout. The few cases
about memory run in a subprocess under ``RLIMIT_AS`` instead (:func:`run_capped`).
"""

import contextlib
import io
import os
import resource
import signal
import subprocess
import sys
import time
import warnings
from dataclasses import dataclass

from robosim.cli import main

#: Seconds one in-process case may take before it counts as a hang.
TIMEOUT_S = 10
#: Address space of a subprocess case: the interpreter with numpy and matplotlib needs about
#: 0.6 GB of address space; a bounded command stays far below this.
MEMORY_CAP_BYTES = 1536 << 20


class Hang(Exception):
    """Raised by the alarm when a case runs past its time."""


@dataclass
class Run:
    status: object       # the exit status, or the exception that escaped main()
    out: str
    err: str
    seconds: float

    @property
    def err_lines(self):
        return self.err.splitlines()


def _alarm(signum, frame):
    raise Hang()


def run_cli(*argv, timeout=TIMEOUT_S):
    """``robosim ARGV`` in this process: its exit status, output, error output and time.

    Warnings are turned into errors while it runs (``-W error``), so a numpy RuntimeWarning
    that would have reached the user's stderr fails the case instead of passing unseen.
    """
    out, err = io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    start = time.perf_counter()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                warnings.catch_warnings():
            warnings.simplefilter("error")
            try:
                status = main([str(a) for a in argv])
            except SystemExit as exc:
                status = exc.code
            except Hang:
                status = Hang()
            except BaseException as exc:    # reported by the test, not raised through it
                status = exc
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return Run(status, out.getvalue(), err.getvalue(), time.perf_counter() - start)


def assert_usage_error(run, *fragments):
    """Exit status 2, exactly one line on stderr starting ``robosim``, each fragment in it."""
    assert run.status == 2, (run.status, run.err[-2000:])
    assert len(run.err_lines) == 1, run.err
    line = run.err_lines[0]
    assert line.startswith("robosim") and "internal error" not in line, line
    for fragment in fragments:
        assert fragment in line, line


def _limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP_BYTES, MEMORY_CAP_BYTES))


def run_capped(*argv, timeout=60):
    """``python -m robosim ARGV`` in a subprocess whose address space is capped: exit status,
    stderr, and the largest peak resident memory (bytes) of any child of this process so far
    (Linux reports the children's maximum, not each one's)."""
    env = {**os.environ, "MPLBACKEND": "Agg", "PYTHONWARNINGS": "error::RuntimeWarning"}
    done = subprocess.run([sys.executable, "-m", "robosim", *map(str, argv)],
                          capture_output=True, text=True, timeout=timeout, env=env,
                          preexec_fn=_limit_memory)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return done.returncode, done.stderr, peak_kib * 1024

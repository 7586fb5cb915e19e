"""mypy as a contract that may only get better: run mypy over the package and compare its errors
with a committed baseline, counted per file and error code.

Usage, from anywhere (the configuration is setup.cfg's ``[mypy]`` section)::

    python tools/mypy_baseline.py            # check: exit 1 if a file has more errors than allowed
    python tools/mypy_baseline.py --update   # write the baseline lower where errors were fixed

The baseline (``.ci/mypy-baseline.txt``) holds one line per file and error code: the file, the
code and how many errors of that code the file may have, for example::

    robosim/kinematics/robot.py union-attr 3

Counting per file and code, not per line, keeps the baseline stable while code moves: an edit
that shifts lines changes nothing, a new error of a code that a file already has fails the check
(its count goes up), and a fix shows as "the baseline can shrink". A file or code missing from
the baseline is allowed no error. ``--update`` only ever lowers counts (and drops lines that
reach 0); ``--update --allow-increase`` writes the counts of this run as they are, for the rare
deliberate case (a mypy upgrade, a file moved), which then shows in the baseline's diff.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / ".ci" / "mypy-baseline.txt"
HEADER = """\
# mypy errors allowed per file and error code: FILE CODE COUNT. Checked by tools/mypy_baseline.py
# in .ci/run; it may only shrink (`python tools/mypy_baseline.py --update` after fixing errors).
"""

# "robosim/x.py:12: error: message  [code]"; the line (and column) may be missing, and a note
# or a summary line is not an error.
ERROR_LINE = re.compile(
    r"^(?P<path>[^:\n]+?):(?:\d+:){0,2} error: .*?(?:  \[(?P<code>[a-z0-9-]+)\])?$")

Key = tuple[str, str]   # (file, error code)


def error_counts(mypy_output: str) -> tuple[Counter[Key], dict[Key, list[str]]]:
    r"""Count mypy's errors per file and error code.

    Parameters
    ----------
    mypy_output : str
        What mypy printed (one message a line; notes and the summary are ignored).

    Returns
    -------
    counts : Counter
        ``(file, code) -> number of errors``; an error without a code counts as ``misc``.
    lines : dict
        ``(file, code) -> the error lines``, to show where a count went up.

    Examples
    --------
    >>> counts, _ = error_counts('a.py:3: error: Bad  [operator]\n'
    ...                          'a.py:9: error: Worse  [operator]\n'
    ...                          'a.py:9: note: See here\n')
    >>> counts[("a.py", "operator")]
    2
    """
    counts: Counter[Key] = Counter()
    lines: dict[Key, list[str]] = {}
    for line in mypy_output.splitlines():
        match = ERROR_LINE.match(line)
        if match:
            key = (match["path"].replace("\\", "/"), match["code"] or "misc")
            counts[key] += 1
            lines.setdefault(key, []).append(line)
    return counts, lines


def read_baseline(path: Path) -> Counter[Key]:
    """The allowed counts in a baseline file (missing file: nothing allowed)."""
    allowed: Counter[Key] = Counter()
    if not path.exists():
        return allowed
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        fields = line.split()
        if len(fields) != 3 or not fields[2].isdigit():
            raise SystemExit(f"{path}:{number}: expected 'FILE CODE COUNT', got {line!r}")
        allowed[(fields[0], fields[1])] = int(fields[2])
    return allowed


def write_baseline(path: Path, counts: Counter[Key]) -> None:
    """Write counts as a baseline file, sorted by file and code, zeros left out."""
    body = "".join(f"{file} {code} {count}\n"
                   for (file, code), count in sorted(counts.items()) if count > 0)
    path.write_text(HEADER + body, encoding="utf-8")


def compare(counts: Counter[Key], allowed: Counter[Key]) -> tuple[list[Key], list[Key]]:
    """The keys over their baseline and the keys under it (sorted)."""
    over = sorted(key for key in counts if counts[key] > allowed[key])
    under = sorted(key for key in allowed if counts[key] < allowed[key])
    return over, under


def run_mypy() -> str:
    """Run mypy with setup.cfg's configuration from the project root; return what it printed."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--no-pretty", "--show-error-codes"],
        cwd=ROOT, capture_output=True, text=True, check=False)
    if result.returncode not in (0, 1):     # 2: mypy itself failed (bad configuration, crash)
        raise SystemExit(f"mypy failed (exit {result.returncode}):\n"
                         f"{result.stdout}{result.stderr}")
    return result.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, default=BASELINE,
                        help="baseline file (default: .ci/mypy-baseline.txt)")
    parser.add_argument("--mypy-output", type=Path, metavar="FILE",
                        help="read a saved mypy run instead of running mypy")
    parser.add_argument("--update", action="store_true",
                        help="lower the baseline where there are fewer errors now")
    parser.add_argument("--allow-increase", action="store_true",
                        help="with --update: write this run's counts even where they are higher")
    args = parser.parse_args(argv)
    if args.allow_increase and not args.update:
        parser.error("--allow-increase only goes with --update")

    output = (args.mypy_output.read_text(encoding="utf-8") if args.mypy_output
              else run_mypy())
    counts, lines = error_counts(output)
    allowed = read_baseline(args.baseline)
    over, under = compare(counts, allowed)

    if args.update:
        if args.allow_increase:
            new = counts
        else:
            new = Counter({key: min(counts[key], allowed[key]) for key in allowed})
        write_baseline(args.baseline, new)
        print(f"mypy baseline: wrote {args.baseline} ({sum(new.values())} errors allowed)")
        allowed = new
        over, under = compare(counts, allowed)

    total = sum(counts.values())
    print(f"mypy: {total} errors, baseline allows {sum(allowed.values())}")
    if under:
        print("mypy baseline can shrink (run tools/mypy_baseline.py --update):")
        for file, code in under:
            print(f"  {file} [{code}]: {counts[file, code]} errors, baseline "
                  f"{allowed[file, code]}")
    if over:
        print("mypy: more errors than the baseline allows:")
        for file, code in over:
            print(f"  {file} [{code}]: {counts[file, code]} errors, baseline "
                  f"{allowed[file, code]}")
            for line in lines[file, code]:
                print(f"    {line}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

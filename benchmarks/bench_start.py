"""Start-up: from the ``robosim`` command to the welcome screen drawn in a real window.

Run: ``python benchmarks/bench_start.py [--runs N] [--screen 1000x650] [--screenshot FILE]
[--fresh-fonts]`` (Linux: Xvfb and ImageMagick installed; a display of your own is used when
``DISPLAY`` is set and ``--xvfb`` is not given).

Each run starts the real entry point, ``python -m robosim`` (what the ``robosim`` script runs),
in a subprocess started in the checkout measured (``--root``, this one by default: first on the
path), with the backend matplotlib picks by itself (``MPLBACKEND`` removed) and an empty
robosim folder (``ROBOSIM_HOME``, so "My robots" is empty). How the end is seen:
``ROBOSIM_DRAWS_FILE`` makes the application write the wall clock (``time.time()``) and the
figure's size at the end of each of its window's first full draws (``draw_event``,
:func:`robosim.gui.app.record_draws`); the backend puts those pixels on screen right after.
Times are measured from the moment before the subprocess starts. A window drawn, then resized
and drawn again, was not finished at its first draw: the start ends at the last draw of those
``SETTLE_S`` after the first. Then the application gets SIGTERM (closed as Ctrl-C closes it).

The first run only warms the disk cache and is not counted; printed per run: the processor
time robosim used (start to end, the close included: less sensitive to the machine's load than
the wall clock), every draw of the start, its time (ms) and size; at the end the medians and
the best of the counted runs. The window is shown empty before the welcome screen is built in
it (:func:`robosim.gui.window_size.show_before_drawing`): its first draws are of an empty
figure, and the welcome screen is drawn once, last.
``--screenshot FILE`` saves the screen of the last run once drawn (look at it: the welcome
screen must be whole). ``--fresh-fonts`` runs once more with an empty matplotlib configuration
folder (``MPLCONFIGDIR``), as on a fresh machine where matplotlib builds its font list first,
and prints what the terminal showed meanwhile.

Target (issue 37): the welcome screen drawn within 1.0 s on a warm machine. Timings depend on
the machine and its load (say ``uptime``'s with the figures).
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from xvfb import virtual_display

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT_S = 60.0
POLL_S = 0.005
#: How long after its first draw a start is watched for more (a resize draws again).
SETTLE_S = 1.0


def start_once(env, screenshot=None):
    """Start ``python -m robosim`` once; returns the times (s after the start) and sizes
    (pixels) of its full draws until ``SETTLE_S`` after the first, the processor time (s) it
    used from its start to its end, and its stderr."""
    with tempfile.TemporaryDirectory() as folder:
        draws_file = Path(folder) / "draws"
        env = dict(env, ROBOSIM_HOME=str(Path(folder) / "home"),
                   ROBOSIM_DRAWS_FILE=str(draws_file))
        start = time.time()
        child = subprocess.Popen([sys.executable, "-m", "robosim"], env=env,
                                 cwd=env["PYTHONPATH"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            while not draws_file.exists():
                if child.poll() is not None or time.time() - start > TIMEOUT_S:
                    raise SystemExit(f"robosim ended or hung before its first draw:\n"
                                     f"{child.stderr.read() if child.poll() is not None else ''}")
                time.sleep(POLL_S)
            time.sleep(SETTLE_S)
            if screenshot is not None:
                subprocess.run(["import", "-window", "root", str(screenshot)], env=env,
                               check=True)
            draws = [(float(stamp) - start, int(width), int(height)) for stamp, width, height
                     in (line.split() for line in draws_file.read_text().splitlines())]
            draws = [draw for draw in draws if draw[0] <= draws[0][0] + SETTLE_S]
        finally:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            child.terminate()
            try:
                _, errors = child.communicate(timeout=20)
            except subprocess.TimeoutExpired:
                child.kill()
                _, errors = child.communicate()
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return draws, cpu, errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="counted runs (default 5)")
    parser.add_argument("--screen", default="1000x650", help="Xvfb screen size (WxH)")
    parser.add_argument("--screenshot", type=Path, help="save the last run's screen here")
    parser.add_argument("--fresh-fonts", action="store_true",
                        help="also start once with an empty matplotlib configuration folder")
    parser.add_argument("--xvfb", action="store_true",
                        help="use a new Xvfb display even when DISPLAY is set")
    parser.add_argument("--root", default=str(ROOT), help="the robosim checkout to measure")
    options = parser.parse_args()
    use_xvfb = options.xvfb or not os.environ.get("DISPLAY")
    for tool in ("import",) + (("Xvfb",) if use_xvfb else ()):
        if shutil.which(tool) is None:
            raise SystemExit(f"bench_start needs {tool} (Debian/Ubuntu: apt install xvfb "
                             f"imagemagick)")
    env = {name: value for name, value in os.environ.items() if name != "MPLBACKEND"}
    env["PYTHONPATH"] = options.root
    with virtual_display(env, f"{options.screen}x24", options.xvfb):
        print(f"python -m robosim to the welcome screen drawn, {options.runs} runs after one "
              f"not counted (load: {os.getloadavg()[0]:.2f})")
        drawn_times, cpu_times = [], []
        for run in range(options.runs + 1):
            last = run == options.runs
            draws, cpu, _ = start_once(env, options.screenshot if last else None)
            label = "warm-up" if run == 0 else f"run {run}"
            print(f"  {label:8s} processor {cpu * 1e3:4.0f} ms; "
                  f"{len(draws)} full draw{'s' if len(draws) > 1 else ''} by "
                  f"{SETTLE_S:g} s later: " + ", ".join(f"{t * 1e3:.0f} ms at {w} x {h}"
                                                       for t, w, h in draws))
            if run:
                drawn_times.append(draws[-1][0])
                cpu_times.append(cpu)
        median, best = statistics.median(drawn_times), min(drawn_times)
        print(f"welcome screen drawn (its last draw of the start): median {median * 1e3:.0f} "
              f"ms, best {best * 1e3:.0f} ms (target 1000 ms); processor time (start to end, "
              f"the close included) median {statistics.median(cpu_times) * 1e3:.0f} ms")
        if options.fresh_fonts:
            with tempfile.TemporaryDirectory() as config:
                draws, _, errors = start_once(dict(env, MPLCONFIGDIR=config))
            print(f"fresh matplotlib folder: welcome screen drawn {draws[-1][0]:.1f} s; the "
                  f"terminal "
                  f"showed:\n  " + ("\n  ".join(errors.strip().splitlines()) or "(nothing)"))


if __name__ == "__main__":
    main()

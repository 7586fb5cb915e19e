"""A virtual screen for the benchmarks that drive real Tk windows (bench_drag, bench_start)."""

import contextlib
import os
import subprocess
import time


@contextlib.contextmanager
def virtual_display(env, screen, wanted):
    """Inside the block, ``env["DISPLAY"]`` names a new Xvfb display of ``screen`` (such as
    ``"1000x650x24"``) when ``wanted`` or when there is no display; the server stops at the
    end, exceptions included. Without either, nothing changes."""
    if wanted or not os.environ.get("DISPLAY"):
        display = f":{90 + os.getpid() % 500}"
        server = subprocess.Popen(["Xvfb", display, "-screen", "0", screen, "-nolisten", "tcp"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)                       # the server takes this long to accept clients
        env["DISPLAY"] = display
        try:
            yield
        finally:
            server.terminate()
            server.wait()
    else:
        yield

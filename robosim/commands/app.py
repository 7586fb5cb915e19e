"""``robosim`` without a command: the application."""

import sys
from pathlib import Path

#: Said on the terminal when matplotlib has no font list yet (see :func:`say_if_fonts_missing`).
BUILDING_FONTS = ("robosim: matplotlib is making its list of this computer's fonts, once (up to "
                  "a minute on a fresh machine); the window opens when it is done")


def start_application(args):
    """Open the application window and wait until it is closed.

    Without a display this raises a RobosimError (one line on stderr, exit status 2) that says
    how to render the arm to an image instead.
    """
    say_if_fonts_missing()
    from ..gui import run  # matplotlib's figures are imported only here

    run(block=True)
    return 0


def say_if_fonts_missing():
    """Say on stderr that the start will take longer when matplotlib has no font list in its
    cache folder yet (``fontlist-v*.json`` in ``matplotlib.get_cachedir()``): it builds one
    before its first text is measured, 5-7 s on a fresh machine, with no word of its own for
    the first 5 s, and the start looks hung. Only the matplotlib package is imported here:
    its font manager, which builds the list when imported, is not yet."""
    import matplotlib

    if not any(Path(matplotlib.get_cachedir()).glob("fontlist-v*.json")):
        print(BUILDING_FONTS, file=sys.stderr, flush=True)

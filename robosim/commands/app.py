"""``robosim`` without a command: the application."""


def start_application(args):
    """Open the application window and wait until it is closed.

    Without a display this raises a RobosimError (one line on stderr, exit status 2) that says
    how to render the arm to an image instead.
    """
    from ..gui import run  # matplotlib is imported only here

    run(block=True)
    return 0

"""Run the ``robosim`` command in-process and capture what it prints."""

from robosim.cli import main


def run_cli(capsys, *argv):
    """Run ``robosim ARGV...`` through :func:`robosim.cli.main`.

    Parameters
    ----------
    capsys : pytest.CaptureFixture
        The test's ``capsys`` fixture, which captures stdout and stderr.
    *argv : object
        The command's arguments; each is passed as ``str(arg)``, so numbers can be given as
        numbers.

    Returns
    -------
    status : int
        The exit status ``main`` returned.
    out, err : str
        What the command printed to stdout and stderr.
    """
    status = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return status, out, err

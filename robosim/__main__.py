"""``python -m robosim`` runs the command line, like the ``robosim`` script."""

from .cli import run

if __name__ == "__main__":   # not when imported (pytest --doctest-modules imports every module)
    run()

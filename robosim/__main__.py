"""``python -m robosim`` runs the command line, like the ``robosim`` script."""

from .cli import run

run()

"""The matplotlib application: screens, widgets and tool windows (imports matplotlib).

``robosim.gui.run(robot=None, block=True, seed=None)`` starts the application; matplotlib is
imported only then, so importing this package costs nothing and changes no matplotlib state.
"""

from .app import run

__all__ = ["run"]

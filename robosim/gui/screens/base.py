"""Base class of the application's screens: one :class:`robosim.gui.view.View` each.

All screens share the application figure. Switching screens tears the old one down completely
(:meth:`robosim.gui.view.View.teardown`): ``fig.clear()`` does not disconnect widget callbacks
(they live on the canvas), and widgets are held through weak references (MATPLOTLIB_NOTES.md).
"""

from ..view import View


class Screen(View):
    """One screen of the application figure.

    Subclasses build their axes and widgets in :meth:`build` with fixed rectangles
    (``fig.add_axes``; no layout engine) through the :class:`~robosim.gui.view.View` methods;
    errors of their callbacks go to the application's status line.

    Parameters
    ----------
    app : object
        The application: it has ``fig`` (the shared figure), ``set_status(message,
        error=False)`` and ``report_exception(exc)``, and switches screens
        (``show_welcome()``, ``show_editor(robot=None)``, ``show_simulator(robot)``).
    """

    def __init__(self, app):
        super().__init__(app.fig)
        self.app = app

    def report(self, exc):
        self.app.report_exception(exc)

    def tick(self):
        """Advance animations by one timer step. Timers never fire under Agg: tests call this."""

"""What a figure function of :mod:`robosim.plotting` returns: the figure and the artists it drew.

``arm_figure``, ``path_figure``, ``joint_plot_figure``, ``dh_steps_figure`` and
``torque_figure`` return a frozen dataclass derived from :class:`FigureResult`: its ``figure``
(a :class:`matplotlib.figure.Figure` made without pyplot) and the named drawings or axes (an
:class:`~robosim.plotting.arm.ArmDrawing` as ``drawing``, ``joint_plots``, ``path_artists``,
``dh_steps``, ``joint_axes``), typed, instead of attributes set on the figure. The result saves
itself (:meth:`FigureResult.savefig`) and shows itself as a notebook cell's value (a PNG).

Deprecated, in 0.2, removed in 0.3:

- the same artists set as attributes of the figure (``fig.drawing``, ``fig.joint_plots``,
  ``fig.path_artists``, ``fig.dh_steps``, ``fig.joint_axes``), as before 0.2, for code that
  holds the figure itself (``joint_plot_figure(..., fig=my_figure)``): read them from the
  result. A plain attribute of a matplotlib Figure cannot warn when read (that would need a
  Figure subclass or private API), so these do not warn;
- any other attribute of the figure read through the result (``result.axes``,
  ``result.canvas``, ``result.text(...)``): it works and warns with a DeprecationWarning;
  write ``result.figure.axes``.

Example::

    from robosim.plotting import arm_figure
    shown = arm_figure(robot, q)
    shown.drawing.set_pose(q2)            # the ArmDrawing, typed
    shown.figure.axes[0].set_title("q2")  # the matplotlib Figure
    shown.savefig("arm.png")
"""

from __future__ import annotations

import dataclasses
import io
import os
import warnings
from dataclasses import dataclass
from typing import IO, Any

from matplotlib.figure import Figure

#: The release that drops the deprecated figure attributes and figure reads through a result.
REMOVED_IN = "0.3"


@dataclass(frozen=True)
class FigureResult:
    """A figure made by :mod:`robosim.plotting` (subclasses add the artists it drew).

    Attributes
    ----------
    figure : matplotlib.figure.Figure
        The figure (no pyplot: save it, or let a notebook show it).
    """

    figure: Figure

    def savefig(self, fname: str | os.PathLike[str] | IO[Any], **kwargs: Any) -> None:
        """``self.figure.savefig(fname, **kwargs)``: write the figure to a file."""
        self.figure.savefig(fname, **kwargs)

    def _repr_png_(self) -> bytes:
        """The figure as PNG bytes: how IPython shows the result as a cell's value (as the
        inline backend shows a figure: cropped to what is drawn)."""
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", bbox_inches="tight")
        return buffer.getvalue()

    def __getattr__(self, name: str) -> Any:
        """Deprecated: an attribute of the figure read through the result (warns)."""
        figure = self.__dict__.get("figure")
        if name.startswith("_") or figure is None or not hasattr(figure, name):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        warnings.warn(f"{type(self).__name__} is not a Figure (robosim 0.2): write "
                      f".figure.{name}; reading the figure's attributes through the result "
                      f"goes in {REMOVED_IN}", DeprecationWarning, stacklevel=2)
        return getattr(figure, name)


def keep_figure_attributes(result: FigureResult) -> None:
    """Set every artist field of ``result`` as an attribute of its figure too (``fig.drawing``
    ...), as before 0.2. Deprecated in 0.2, removed in 0.3 (see the module docstring)."""
    for field in dataclasses.fields(result):
        if field.name != "figure":
            setattr(result.figure, field.name, getattr(result, field.name))

"""``with muted(widget):``: a matplotlib widget whose value code changes calls nobody back.

A widget (a Slider, CheckButtons) calls its observers whenever its value changes, from a click
or from code (``set_val``, ``set_active``). Code that only *shows* a value (the sliders follow
the arm as it moves, the gripper toggle follows the gripper) must not start what a user's move
starts: the widget is muted while the value is set. matplotlib's widgets have the switch,
``eventson``; :func:`muted` turns it off for a ``with`` block and puts back what it was (a
block inside another leaves the widget muted), exceptions included, as matplotlib's
``CallbackRegistry.blocked`` does for a registry's callbacks.

Example::

    with muted(slider):
        slider.set_val(42.0)        # the slider shows 42; its on_changed observers are not called
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from matplotlib.widgets import Widget

W = TypeVar("W", bound="Widget")


@contextlib.contextmanager
def muted(widget: W) -> Iterator[W]:
    """Switch ``widget``'s callbacks off (``eventson``) for the ``with`` block, then back to
    what they were, whatever the block raised; the block gets ``widget``."""
    previous = widget.eventson
    widget.eventson = False
    try:
        yield widget
    finally:
        widget.eventson = previous

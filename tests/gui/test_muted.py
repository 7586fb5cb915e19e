"""muted(widget): a value set from code calls no observer; the widget's switch comes back."""

import matplotlib.pyplot as plt
import pytest
from matplotlib.widgets import CheckButtons, Slider

from robosim.gui.widgets.muted import muted


@pytest.fixture
def slider():
    fig = plt.figure()
    slider = Slider(fig.add_axes((0.1, 0.1, 0.8, 0.1)), "q", 0.0, 10.0, valinit=1.0)
    calls = []
    slider.on_changed(calls.append)
    slider.calls = calls
    yield slider
    plt.close(fig)


def test_a_muted_slider_shows_the_value_and_calls_nobody(slider):
    with muted(slider) as same:
        assert same is slider
        slider.set_val(4.0)
    assert slider.val == 4.0 and slider.calls == []
    slider.set_val(5.0)                 # unmuted again: the observer hears the next change
    assert slider.calls == [5.0]


def test_the_switch_comes_back_after_an_exception(slider):
    with pytest.raises(RuntimeError, match="in the block"), muted(slider):
        slider.set_val(2.0)
        raise RuntimeError("in the block")
    assert slider.eventson is True
    slider.set_val(3.0)
    assert slider.calls == [3.0]


def test_a_block_inside_another_leaves_the_widget_muted(slider):
    with muted(slider):
        with muted(slider):
            slider.set_val(6.0)
        assert slider.eventson is False     # the outer block still mutes it
        slider.set_val(7.0)
    assert slider.eventson is True and slider.calls == []


def test_check_buttons_are_muted_too():
    fig = plt.figure()
    boxes = CheckButtons(fig.add_axes((0.1, 0.1, 0.3, 0.3)), ["Gripper closed"])
    clicked = []
    boxes.on_clicked(clicked.append)
    with muted(boxes):
        boxes.set_active(0)
    assert boxes.get_status() == [True] and clicked == []
    plt.close(fig)

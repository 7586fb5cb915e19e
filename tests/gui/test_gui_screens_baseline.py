"""pytest-mpl baselines of the application's screens (text hidden: fonts move pixels).

The simulator at the home pose for Lodes' five robots, the Lynx6 and the Puma 560, and the
welcome screen. The numbers on these screens are asserted in test_gui_app.py. The simulator is
drawn with six tool buttons whatever tools exist today, and the welcome screen with twenty robot
buttons whatever the library holds (and two robots in "My robots"), so the images do not change
each time a tool or a robot lands. The screens are drawn at 10 x 6.5 inches, the smallest window
their layout is made for (1000 x 650 px at the application's 100 dpi; the images are 800 x 520
px at the tests' dpi).
"""

import matplotlib.pyplot as plt
import pytest

from figure_check import DPI, IMAGE_COMPARE, strip_text
from robosim import load_robot
from robosim.gui import tools
from robosim.gui.screens import welcome
from robosim.gui.app import Application
from robosim.gui.user_files.my_robots import MyRobots

SCREEN_FIGSIZE = (10.0, 6.5)
SIMULATED = ["Tester Robot", "SCARA", "Example R", "Lodes Puma 560", "Puma 260", "Lynx6",
             "Puma 560"]


@pytest.fixture(autouse=True)
def _six_tools(monkeypatch):
    monkeypatch.setattr(tools, "TOOLS", tuple((f"tool {k}", "no.module", "open") for k in range(6)))


def app_figure(robot=None):
    app = Application(robot=robot, figure=plt.figure(figsize=SCREEN_FIGSIZE, dpi=DPI))
    app.fig.app = app  # keep the widgets alive until the image is saved
    return strip_text(app.fig)


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
@pytest.mark.parametrize("name", SIMULATED, ids=lambda name: name.lower().replace(" ", "_"))
def test_simulator_at_home(name):
    return app_figure(load_robot(name))


@pytest.mark.mpl_image_compare(**IMAGE_COMPARE)
def test_welcome_screen(monkeypatch):
    lynx6 = load_robot("Lynx6")
    monkeypatch.setattr(welcome, "library_robots", lambda: [lynx6] * 20)
    my_robots = MyRobots.load()                    # two lines in "My robots"
    for robot in (lynx6, load_robot("SCARA")):
        my_robots.remember(robot)
    return app_figure()

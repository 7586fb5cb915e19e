"""URDF files as a hostile or careless author writes them (issue 36): each is read as the arm it
describes or refused in one line naming the file, the element and the value.

The files are small URDF texts written here: a few links are all each case needs.
"""

import pytest

from robosim.errors import RobotFileError
from robosim.robot_files import load_urdf, parse_urdf

ARM = """<robot name="arm"><link name="a"/><link name="b"/><link name="c"/>
<joint name="j1" type="revolute"><parent link="a"/><child link="b"/>
<limit lower="-1" upper="1"/></joint>
<joint name="j2" type="revolute"><parent link="b"/><child link="c"/>
<origin xyz="0.3 0 0"/><limit lower="-1" upper="1"/></joint></robot>"""


# --------------------------------------------------------------------------- encodings
@pytest.mark.parametrize("encoding, reason", [
    ("x-bogus-42", "unknown encoding: x-bogus-42"),          # Python has no such codec
    ("utf-32", "multi-byte encodings are not supported"),    # expat decodes no UTF-32 text
])
def test_an_encoding_that_cannot_be_read_is_one_line(encoding, reason):
    text = f'<?xml version="1.0" encoding="{encoding}"?>{ARM}'.encode("ascii")
    with pytest.raises(RobotFileError, match=f"arm.urdf: cannot read the text encoding .*"
                                             f"{reason}.*save it as UTF-8"):
        parse_urdf(text, "arm.urdf")


def test_a_declared_encoding_python_knows_is_read_with_it():
    # "é" is the one byte 0xE9 in Latin-1 (ISO 8859-1)
    text = f'<?xml version="1.0" encoding="ISO-8859-1"?>{ARM}'.replace('"arm"', '"bras é"')
    assert parse_urdf(text.encode("latin-1")).name == "bras é"

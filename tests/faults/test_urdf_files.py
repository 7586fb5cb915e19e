"""Issue 36, items 1-4 and 12: a URDF never loads as a different arm, every bad one is refused in
one line, and what ``export-urdf`` writes, ``robosim urdf`` reads back."""

from fault_cli import assert_usage_error, run_cli

ARM = """<robot name="arm"><link name="a"/><link name="b"/><link name="c"/>
<joint name="j1" type="revolute"><parent link="a"/><child link="b"/>
<limit lower="-1" upper="1"/></joint>
<joint name="j2" type="revolute"><parent link="b"/><child link="c"/>
<origin xyz="0.3 0 0"/><limit lower="-1" upper="1"/></joint></robot>"""


def write(folder, text, name="arm.urdf"):
    path = folder / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


# ------------------------------------------------------------------------------ item 3
def test_an_unknown_xml_encoding_is_one_line_not_a_lookup_error(tmp_path):
    path = write(tmp_path, '<?xml version="1.0" encoding="x-bogus-42"?>' + ARM)
    assert_usage_error(run_cli("urdf", path), str(path), "x-bogus-42", "UTF-8")

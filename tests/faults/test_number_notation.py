"""Issue 36, item 2: every number robosim reads from a text file is ASCII decimal notation, read
by the one parser (robosim.parsing): Python's float() reads "1_0" as 10 and Arabic-Indic or
full-width digits as digits, so a URDF gave a different arm."""

import pytest

from fault_cli import assert_usage_error, run_cli
from robosim.errors import MeshError
from robosim.robot_files import load_stl

ARM = """<robot name="arm"><link name="a"/><link name="b"/><link name="c"/>
<joint name="j1" type="revolute"><parent link="a"/><child link="b"/>
<limit lower="-1" upper="1"/></joint>
<joint name="j2" type="revolute"><parent link="b"/><child link="c"/>
<origin xyz="XYZ"/><limit lower="-1" upper="1"/></joint></robot>"""

#: float() reads each as 1 or 10, a different number than the file's author wrote
NOT_DECIMAL = {"underscore": "1_0", "arabic-indic": "\u0661", "full-width": "\uff11"}


@pytest.mark.parametrize("number", NOT_DECIMAL.values(), ids=NOT_DECIMAL.keys())
def test_a_urdf_number_python_would_misread_is_refused(tmp_path, number):
    path = tmp_path / "arm.urdf"
    path.write_text(ARM.replace("XYZ", f"{number} 0 0"), encoding="utf-8")
    assert_usage_error(run_cli("urdf", path), str(path), "joint 'j2'", "origin xyz",
                       "ASCII decimal", repr(number))


@pytest.mark.parametrize("number", NOT_DECIMAL.values(), ids=NOT_DECIMAL.keys())
def test_a_dh_table_cell_python_would_misread_is_refused(tmp_path, number):
    path = tmp_path / "arm.csv"
    path.write_text(f"# name: arm\nR,0,0,{number},0\nR,0,0,1,0\n", encoding="utf-8")
    assert_usage_error(run_cli("show", path), "column 'a'", "ASCII decimal")


def test_a_trajectory_cell_python_would_misread_is_refused(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("t_s,q1_deg,q2_deg,q3_deg,q4_deg,q5_deg\n0,0,0,0,0,0\n1,1_0,0,0,0,0\n",
                    encoding="utf-8")
    assert_usage_error(run_cli("arm", "--dry-run", "--yes", "play", path), "line 3",
                       "q1_deg", "ASCII decimal")


def test_an_ascii_stl_vertex_python_would_misread_is_refused(tmp_path):
    path = tmp_path / "part.stl"
    path.write_text("solid part\nfacet normal 0 0 1\nouter loop\nvertex 1_0 0 0\n"
                    "vertex 0 1 0\nvertex 0 0 1\nendloop\nendfacet\nendsolid part\n")
    with pytest.raises(MeshError, match="part.stl: facet 1: '1_0' is not a number in ASCII "
                                        "decimal notation"):
        load_stl(path)

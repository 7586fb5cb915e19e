"""tools/mypy_baseline.py: mypy's errors counted per file and code against a baseline that may
only shrink. The mypy output below is in the form mypy 2.4.1 prints with --show-error-codes."""

from tool_script import load_tool

MYPY_OUTPUT = """\
robosim/a.py:10: error: Unsupported operand types for + ("str" and "int")  [operator]
robosim/a.py:10: note: Left operand is of type "str"
robosim/a.py:42: error: Unsupported left operand type for < ("None")  [operator]
robosim/a.py:50: error: Item "None" of "X | None" has no attribute "y"  [union-attr]
robosim/b.py:7: error: Incompatible types in assignment  [assignment]
"""


def tool():
    return load_tool("mypy_baseline")


def run(tmp_path, baseline_text, *options):
    (tmp_path / "mypy.txt").write_text(MYPY_OUTPUT)
    baseline = tmp_path / "baseline.txt"
    baseline.write_text(baseline_text)
    status = tool().main(["--mypy-output", str(tmp_path / "mypy.txt"),
                          "--baseline", str(baseline), *options])
    return status, baseline


def test_a_file_over_its_baseline_fails_and_is_named(tmp_path, capsys):
    status, _ = run(tmp_path, "robosim/a.py operator 1\nrobosim/a.py union-attr 1\n"
                              "robosim/b.py assignment 1\n")
    out = capsys.readouterr().out
    assert status == 1
    assert "robosim/a.py [operator]: 2 errors, baseline 1" in out
    assert "robosim/a.py:42: error" in out           # the offending lines are shown
    assert "robosim/b.py [assignment]" not in out


def test_an_error_in_a_file_or_code_absent_from_the_baseline_fails(tmp_path, capsys):
    status, _ = run(tmp_path, "robosim/a.py operator 2\nrobosim/a.py union-attr 1\n")
    assert status == 1
    assert "robosim/b.py [assignment]: 1 errors, baseline 0" in capsys.readouterr().out


def test_at_or_under_the_baseline_passes_and_says_it_can_shrink(tmp_path, capsys):
    status, _ = run(tmp_path, "robosim/a.py operator 2\nrobosim/a.py union-attr 3\n"
                              "robosim/b.py assignment 1\nrobosim/c.py index 4\n")
    out = capsys.readouterr().out
    assert status == 0
    assert "robosim/a.py [union-attr]: 1 errors, baseline 3" in out
    assert "robosim/c.py [index]: 0 errors, baseline 4" in out
    assert "robosim/a.py [operator]" not in out      # exactly at its baseline


def test_update_only_lowers_counts_unless_told(tmp_path):
    status, baseline = run(tmp_path, "robosim/a.py operator 1\nrobosim/a.py union-attr 3\n"
                                     "robosim/c.py index 4\n", "--update")
    assert status == 1                               # a.py operator and b.py are still over
    allowed = tool().read_baseline(baseline)
    assert dict(allowed) == {("robosim/a.py", "operator"): 1,
                             ("robosim/a.py", "union-attr"): 1}

    status, baseline = run(tmp_path, "robosim/a.py operator 1\n", "--update", "--allow-increase")
    assert status == 0
    assert dict(tool().read_baseline(baseline)) == {("robosim/a.py", "operator"): 2,
                                                    ("robosim/a.py", "union-attr"): 1,
                                                    ("robosim/b.py", "assignment"): 1}

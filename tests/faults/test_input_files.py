"""Issue 14, robot, calibration and trajectory files: every case found is a named test.

Each bad file ends as one line on stderr and exit status 2, read without blocking and without
reading more than the size cap.
"""

import json
import os

import pytest

from fault_cli import assert_usage_error, run_cli
from robosim import load_robot
from robosim.errors import RobotFileError
from robosim.files import MAX_JSON_DEPTH, MAX_ROBOT_FILE_BYTES
from robosim.robot_files import MAX_NAME_LENGTH, robot_to_dict

HOME5 = ["0"] * 5


def lynx6_dict():
    return robot_to_dict(load_robot("lynx6"))


def write_json(folder, data, name="robot.json"):
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# ------------------------------------------------------------------------- not regular files
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_show_a_device_is_refused_without_reading_it(device):
    assert_usage_error(run_cli("show", device), device, "not a regular file",
                       "character device")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_show_a_symlink_to_a_device_is_refused(tmp_path, device):
    link = tmp_path / "robot.json"
    link.symlink_to(device)
    assert_usage_error(run_cli("show", link), "not a regular file", "character device")


def test_show_a_fifo_named_like_a_robot_file_does_not_hang(tmp_path):
    fifo = tmp_path / "f.json"
    os.mkfifo(fifo)             # nobody writes: opening it for reading would block for ever
    assert_usage_error(run_cli("show", fifo, timeout=5), "not a regular file", "FIFO")


def test_show_a_folder_named_like_a_robot_file(tmp_path):
    (tmp_path / "robots.json").mkdir()
    assert_usage_error(run_cli("show", tmp_path / "robots.json"), "folder")


def test_arm_calibration_from_a_device_is_refused():
    assert_usage_error(run_cli("arm", "--dry-run", "--calibration", "/dev/zero", "home"),
                       "/dev/zero", "not a regular file")


def test_arm_play_from_a_device_is_refused():
    assert_usage_error(run_cli("arm", "--dry-run", "--yes", "play", "/dev/zero"),
                       "/dev/zero", "not a regular file")


def test_arm_play_from_a_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "t.csv"
    os.mkfifo(fifo)
    assert_usage_error(run_cli("arm", "--dry-run", "--yes", "play", fifo, timeout=5), "FIFO")


def test_a_robot_file_over_the_size_cap_is_refused_with_its_size(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as stream:       # sparse: no disk used
        stream.truncate(MAX_ROBOT_FILE_BYTES + 1)
    assert_usage_error(run_cli("show", path), f"{MAX_ROBOT_FILE_BYTES + 1:,} bytes",
                       "too large", f"at most {MAX_ROBOT_FILE_BYTES:,}")


# ------------------------------------------------------------------------- names
def test_a_5000_character_robot_name_is_refused_before_the_file_system():
    assert_usage_error(run_cli("show", "a" * 5000), "5,000", f"{MAX_NAME_LENGTH:,}")


def test_a_300_character_name_is_not_in_the_library():
    # Under the cap but over the 255-byte limit of one path component (File name too long).
    assert_usage_error(run_cli("fk", "b" * 300, "home"), "no robot called")


# ------------------------------------------------------------------------- numbers
@pytest.mark.parametrize("text", ["1" + "0" * 400, "9" * 5000])
def test_an_integer_beyond_the_float_range_is_refused_as_not_finite(tmp_path, text):
    source = json.dumps(lynx6_dict()).replace('"a": 0.0', f'"a": {text}', 1)
    assert text in source
    path = tmp_path / "huge.json"
    path.write_text(source, encoding="utf-8")
    assert_usage_error(run_cli("show", path), "field 'a'", "must be finite")


def test_a_length_of_1e308_is_refused_instead_of_an_infinite_pose(tmp_path):
    data = lynx6_dict()
    data["joints"][1]["a"] = 1e308
    assert_usage_error(run_cli("fk", write_json(tmp_path, data), "home"),
                       "joint 2", "field 'a'", "1e+308", "1e+06")


def test_a_named_pose_outside_the_limits_is_refused(tmp_path):
    data = lynx6_dict()
    data["poses"] = {"wild": [1e300, 0, 0, 0, 0]}
    assert_usage_error(run_cli("fk", write_json(tmp_path, data), "wild"),
                       "pose 'wild'", "joint 1", "outside its limits")
    data["poses"] = {"wide": [100, 0, 0, 0, 0]}          # the Lynx6's base turns +-90 deg
    assert_usage_error(run_cli("fk", write_json(tmp_path, data), "wide"),
                       "pose 'wide'", "joint 1 = 100", "[-90, 90]")


def test_an_angle_of_ten_thousand_turns_is_refused(tmp_path):
    data = lynx6_dict()
    data["joints"][0]["alpha"] = 3.6e6
    assert_usage_error(run_cli("show", write_json(tmp_path, data)), "field 'alpha'", "3600")


# ------------------------------------------------------------------------- structure
def test_json_nested_1000_levels_deep_is_refused(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"name": "x", "joints": ' + "[" * 1000 + "]" * 1000 + "}", encoding="utf-8")
    assert_usage_error(run_cli("show", path), f"nested more than {MAX_JSON_DEPTH} levels")


def test_json_nested_100000_levels_deep_is_refused(tmp_path):
    path = tmp_path / "deeper.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert_usage_error(run_cli("show", path), "nested more than")


def test_a_duplicate_key_is_refused_with_the_key_named(tmp_path):
    source = json.dumps(lynx6_dict()).replace('"unit": "mm"', '"unit": "mm", "unit": "m"')
    path = tmp_path / "twice.json"
    path.write_text(source, encoding="utf-8")
    assert_usage_error(run_cli("show", path), "'unit'", "twice")


def test_a_duplicate_key_in_a_calibration_file_is_refused(tmp_path):
    from robosim.hardware.calibration import default_calibration_path

    source = default_calibration_path().read_text(encoding="utf-8")
    path = tmp_path / "twice.calibration.json"
    path.write_text(source.replace('"channel": 0,', '"channel": 0, "channel": 7,', 1),
                    encoding="utf-8")
    assert_usage_error(run_cli("arm", "--dry-run", "--calibration", path, "home"),
                       "'channel'", "twice")


def test_a_csv_cell_over_131072_characters_is_one_line(tmp_path):
    path = tmp_path / "wide.csv"
    path.write_text('R,0,0,"' + "1" * 200_000 + '",0\n', encoding="utf-8")
    assert_usage_error(run_cli("show", path), "not a readable CSV table")


def test_a_trajectory_cell_over_131072_characters_is_one_line(tmp_path):
    path = tmp_path / "wide.csv"
    path.write_text("t_s,q1_deg\n0,\"" + "1" * 200_000 + '"\n', encoding="utf-8")
    assert_usage_error(run_cli("arm", "--dry-run", "--yes", "play", path), "line 2")


def test_a_huge_value_is_quoted_briefly(tmp_path):
    data = lynx6_dict()
    data["name"] = ["x" * 100_000]
    run = run_cli("show", write_json(tmp_path, data))
    assert_usage_error(run, "field 'name'", "must be text")
    assert len(run.err) < 300


def test_a_file_that_is_not_utf8_names_the_byte(tmp_path):
    path = tmp_path / "latin1.csv"
    path.write_bytes("# name: Gr\xfcn\nR,0,0,1,0\n".encode("latin-1"))
    assert_usage_error(run_cli("show", path), "not UTF-8", "0xfc")


# ------------------------------------------------------------------------- spreadsheets
def test_an_excel_csv_utf8_table_with_a_byte_order_mark_loads(tmp_path):
    path = tmp_path / "excel.csv"
    path.write_bytes(b"\xef\xbb\xbf" + b"theta,d,a,alpha\n".replace(b"theta", b"type,theta")
                     + b"R,0,0,10,0\r\nR,0,0,5,0\r\n")
    robot = load_robot(path)
    assert robot.n == 2 and [j.a for j in robot.joints] == [10.0, 5.0]


def test_a_trajectory_csv_with_a_byte_order_mark_plays(tmp_path, capsys):
    path = tmp_path / "excel.csv"
    path.write_bytes(b"\xef\xbb\xbft_s,q1_deg,q2_deg,q3_deg,q4_deg,q5_deg\r\n"
                     b"0,0,0,0,0,0\r\n0.5,5,0,0,0,0\r\n")
    run = run_cli("arm", "--dry-run", "--yes", "play", path)
    assert run.status == 0, run.err


def test_load_robot_raises_only_robosim_errors_for_a_long_name():
    with pytest.raises(RobotFileError):
        load_robot("x" * (MAX_NAME_LENGTH + 1))


@pytest.mark.parametrize("field, value", [("name", "n" * 70_000), ("convention", "c" * 70_000)])
def test_a_long_name_or_convention_is_refused_in_a_short_line(tmp_path, field, value):
    data = lynx6_dict()
    data[field] = value
    run = run_cli("show", write_json(tmp_path, data))
    assert_usage_error(run, field)
    assert len(run.err) < 300


def test_a_long_pose_name_is_refused(tmp_path):
    data = lynx6_dict()
    data["poses"] = {"p" * 5000: [0, 0, 0, 0, 0]}
    assert_usage_error(run_cli("show", write_json(tmp_path, data)), "5,000")

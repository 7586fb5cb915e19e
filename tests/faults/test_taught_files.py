"""Issue 36, item 5: taught files keep their units, every field is a number where one belongs,
nothing is written that cannot be read back, and ``profile --taught`` says what it ignores."""

import json
import math

import numpy as np
import pytest

from fault_cli import assert_usage_error, run_cli
from robosim import load_robot
from robosim.errors import ValidationError
from robosim.trajectory import TaughtSequence, save_taught

PLAY = ["--max-speed", "60", "--max-accel", "120", "--dt", "0.05"]


def taught(folder, poses, units=None):
    data = {"format": "robosim-taught/1", "robot": "Lynx6", "poses": poses}
    if units is not None:
        data["units"] = units
    path = folder / "taught.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_units_in_radians_are_honoured(tmp_path):
    path = taught(tmp_path, [{"q": [0.5, 0, 0, 0, 0]}, {"q": [0, 0, 0, 0, 0]}], ["rad"] * 5)
    run = run_cli("profile", "lynx6", "--taught", path, *PLAY, "--json")
    assert run.status == 0, run.err
    assert json.loads(run.out)["q_user"][0][0] == pytest.approx(math.degrees(0.5))


def test_a_units_list_of_the_wrong_length_is_refused(tmp_path):
    path = taught(tmp_path, [{"q": [0] * 5}, {"q": [10, 0, 0, 0, 0]}], ["deg"] * 3)
    assert_usage_error(run_cli("profile", "lynx6", "--taught", path, *PLAY), str(path),
                       "units must be a list of 5 units")


@pytest.mark.parametrize("field, value, shown", [("dwell_s", "1", "the text '1'"),
                                                 ("speed", None, "null")])
def test_a_dwell_or_speed_that_is_no_number_is_named(tmp_path, field, value, shown):
    path = taught(tmp_path, [{"q": [0] * 5}, {"q": [10, 0, 0, 0, 0], field: value}])
    assert_usage_error(run_cli("profile", "lynx6", "--taught", path, *PLAY), "pose 2",
                       f"{field} must be a number, got {shown}")


def test_save_taught_writes_no_nan_that_load_taught_refuses(tmp_path):
    sequence = TaughtSequence("Lynx6", [np.full(5, np.nan)], [0.0], [1.0])
    with pytest.raises(ValidationError, match="would not read back"):
        save_taught(sequence, load_robot("lynx6"), tmp_path / "taught.json")
    assert not (tmp_path / "taught.json").exists()


def test_profile_taught_refuses_a_kind_it_would_ignore(tmp_path):
    path = taught(tmp_path, [{"q": [0] * 5}, {"q": [10, 0, 0, 0, 0]}])
    assert_usage_error(run_cli("profile", "lynx6", "--taught", path, *PLAY, "--kind",
                               "trapezoidal"), "leave out --kind trapezoidal")

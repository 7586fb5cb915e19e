"""docs/robot.schema.json, the published JSON Schema of robot files, agrees with the loader.

Every robot of the library validates against the schema and loads; each broken file below is
refused by both, the loader with a message naming the field. (The loader checks more than a
schema can say, e.g. limits in order: those cases are documented in the schema's description.)
"""

import json
from pathlib import Path

import jsonschema
import pytest

import robosim
from robosim.robot_files import library_dir

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "docs" / "robot.schema.json"
LIBRARY_FILES = sorted(p for p in library_dir().glob("*.json")
                       if not p.name.endswith(".calibration.json"))

GOOD = {"format": "robosim-robot/1", "name": "2R", "unit": "cm",
        "joints": [{"type": "R", "theta": 0, "d": 0, "a": 10, "alpha": 0},
                   {"type": "R", "theta": 0, "d": 0, "a": 5, "alpha": 0, "limits": [-90, 90]}]}


def with_change(change):
    data = json.loads(json.dumps(GOOD))
    change(data)
    return data


# (id, change to a valid file, what the loader's message names)
BROKEN = [
    ("unknown top field", lambda d: d.update(colour="red"), "colour"),
    ("wrong format", lambda d: d.update(format="robosim-robot/2"), "format"),
    ("no joints", lambda d: d.update(joints=[]), "joints"),
    ("no name", lambda d: d.pop("name"), "name"),
    ("unit in inches", lambda d: d.update(unit="in"), "unit"),
    ("bad convention", lambda d: d.update(convention="craig"), "convention"),
    ("joint type S", lambda d: d["joints"][0].update(type="S"), "type"),
    ("joint without alpha", lambda d: d["joints"][1].pop("alpha"), "alpha"),
    ("length as text", lambda d: d["joints"][0].update(a="ten"), "'a'"),
    ("three limits", lambda d: d["joints"][1].update(limits=[-90, 0, 90]), "limits"),
    ("unknown joint field", lambda d: d["joints"][0].update(mass=2), "mass"),
    ("tool with two numbers", lambda d: d.update(tool={"xyz": [0, 1]}), "xyz"),
    ("a length beyond a million", lambda d: d["joints"][0].update(a=2e6), "'a'"),
    ("an angle beyond 3600 deg", lambda d: d["joints"][1].update(alpha=4000), "'alpha'"),
    ("thirteen joints", lambda d: d.update(joints=d["joints"] * 7), "at most 12 joints"),
    ("mesh without a file", lambda d: d.update(meshes={"base": {"scale": 2}}), "'file'"),
    ("mesh of scale 0", lambda d: d.update(meshes={"base": {"file": "b.stl", "scale": 0}}),
     "'scale'"),
    ("mesh colour by name", lambda d: d.update(meshes={"links": [None, {"file": "l.stl",
                                                                        "colour": "red"}]}),
     "'colour'"),
    ("unknown mesh part", lambda d: d.update(meshes={"table": {"file": "t.stl"}}), "table"),
]


@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_valid_example_is_valid_for_both(validator, tmp_path):
    path = tmp_path / "two_link.json"
    path.write_text(json.dumps(GOOD), encoding="utf-8")
    assert list(validator.iter_errors(GOOD)) == []
    assert robosim.load_robot(path).n == 2


@pytest.mark.parametrize("path", LIBRARY_FILES, ids=lambda p: p.name)
def test_every_library_robot_validates_and_loads(validator, path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [e.message for e in validator.iter_errors(data)] == []
    assert robosim.load_robot(path).name == data["name"]


@pytest.mark.parametrize("change, named", [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_broken_files_are_refused_by_schema_and_loader(validator, tmp_path, change, named):
    data = with_change(change)
    assert list(validator.iter_errors(data)), "the schema accepted a broken file"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(robosim.RobotFileError, match=named):
        robosim.load_robot(path)

"""The release's names and numbers agree: distribution name, version, changelog."""

import configparser
import re
from pathlib import Path

import robosim

ROOT = Path(__file__).resolve().parents[1]


def metadata():
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg")
    return config["metadata"]


def test_the_distribution_name_is_not_the_taken_one():
    # 'robosim' on PyPI is a 2018 pygame simulator: 'pip install robosim' installs that one.
    assert metadata()["name"] == "robosim-arm"
    assert metadata()["version"] == "attr: robosim.__version__"


def test_the_newest_changelog_release_is_the_package_version():
    headings = re.findall(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"),
                          re.MULTILINE)
    releases = [h for h in headings if h != "Unreleased"]
    assert releases[0] == robosim.__version__

"""Citations lead somewhere: papers are cited by the short names of docs/references.md.

The project grew from five papers kept outside the package as "seed" files; a citation such as
"seed 001, eqs. 23-29" meant nothing to a reader of the installed package or its help texts.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REFERENCES = (ROOT / "docs" / "references.md").read_text(encoding="utf-8")
#: A citation of a seed file by number: "seed 001", "seeds 000-004", "seed 003's".
SEED_NUMBER = re.compile(r"\bseeds? ?0\d\d\b", re.IGNORECASE)
#: Where people read citations: the package (its help texts too), its docs, examples,
#: benchmarks and tools.
CITING = [*sorted((ROOT / "robosim").rglob("*.py")), *sorted((ROOT / "docs").glob("*.md")),
          ROOT / "README.md", *sorted((ROOT / "examples").glob("*.py")),
          *sorted((ROOT / "benchmarks").glob("*.py")), *sorted((ROOT / "tools").glob("*.py"))]


@pytest.mark.parametrize("path", CITING, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_file_cites_a_seed_by_number(path):
    found = [(number, line) for number, line in
             enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if SEED_NUMBER.search(line)]
    assert found == [], f"{path.name}: cite docs/references.md's short names instead"


@pytest.mark.parametrize("short_name", [
    "Lodes", "3D-RAS", "Mateo Sanguino & Andújar 2012", "RoboAnalyzer", "Java/VRML simulator",
    "Denavit & Hartenberg 1955", "Craig", "Corke", "Lynch & Park", "Luh, Walker & Paul 1980",
    "Pieper 1968", "Kuffner & LaValle 2000", "Geraerts & Overmars 2007"])
def test_each_short_name_cited_has_an_entry(short_name):
    assert f"**{short_name}**" in REFERENCES

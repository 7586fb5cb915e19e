"""Sphinx configuration of robosim's documentation (build: sphinx-build -W -b html docs OUT)."""

import os
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))     # document this checkout, installed or not
os.environ.setdefault("MPLBACKEND", "Agg")

import robosim  # noqa: E402  (after the path is set)

project = "robosim"
author = "the robosim authors"
copyright = "the robosim authors, MIT licence"
release = version = robosim.__version__

extensions = [
    "myst_nb",          # Markdown pages (MyST) and the notebooks with their stored outputs
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",
    "cli_reference",
]
exclude_patterns = ["_build", "requirements.txt"]
myst_heading_anchors = 3
myst_enable_extensions = ["dollarmath"]
# The notebooks are shown as stored (their outputs were made by running them); the test suite
# runs their code. They live in examples/notebooks; a copy is made here for Sphinx, which reads
# only what is inside docs/.
nb_execution_mode = "off"
NOTEBOOKS = HERE / "notebooks"
NOTEBOOKS.mkdir(exist_ok=True)
for notebook in sorted((HERE.parent / "examples" / "notebooks").glob("*.ipynb")):
    shutil.copy2(notebook, NOTEBOOKS / notebook.name)

# The docstrings are numpydoc; napoleon reads them without another dependency.
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
# Arrays and robots appear in the signatures as written in the docstrings.
autodoc_typehints = "description"

html_theme = "alabaster"
# Wide enough for 96-column help text and 100-column code.
html_theme_options = {"page_width": "1180px", "sidebar_width": "220px"}
html_static_path = []
html_title = f"robosim {release}"
html_extra_path = ["robot.schema.json", "scene.schema.json"]  # at the site root for editors


def setup(app):
    """CSV blocks (robot tables typed in a spreadsheet) are shown as plain text, and IPython
    blocks (``%matplotlib widget``) as Python, so the build needs neither IPython nor a CSV
    lexer."""
    from pygments.lexers.python import PythonLexer
    from pygments.lexers.special import TextLexer
    from sphinx.highlighting import lexers

    lexers["csv"] = TextLexer()
    lexers["ipython"] = PythonLexer()

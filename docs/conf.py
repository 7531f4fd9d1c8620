"""Sphinx configuration of the trickcore documentation: MyST Markdown pages, the API from docstrings, the CLI
from click; built strictly (``-W``) by ``tests/test_docs.py``."""
import os
import sys

import trickcore

# The local module that hands sphinx-click the whole ``tricks`` command, plug-in groups included.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "_ext"))

project = "trickcore"
author = "the trickcore authors"
copyright = "the trickcore authors"
release = trickcore.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx_autodoc_typehints",
    "sphinx_click",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

# Markdown pages: ``(label)=`` targets are MyST's own; headings down to ### get anchors other pages can link to.
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": False}
typehints_fully_qualified = False
always_document_param_types = False

html_theme = "furo"
html_title = f"trickcore {release}"

# attrs writes each class's __init__ with globals of its own, so an annotation that names a type defined later
# in the module (a recursive tree such as trickcore.condition's Node) cannot be resolved there: the reference shows
# the annotation as written instead of a link, which is no error in the documentation.
suppress_warnings = ["sphinx_autodoc_typehints.forward_reference"]

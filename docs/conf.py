"""Sphinx's settings for the documentation site: the Markdown pages of docs/ (MyST) and an API
reference made from the numpydoc docstrings of every public name.

Build it with ``sphinx-build -W -b html docs docs/_build/html`` after ``pip install -e ".[docs]"``.
"""

import types

import epistemic

project = "epistemic"
author = "The epistemic authors"
copyright = "2026, The epistemic authors"
release = version = epistemic.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
]

# the Markdown pages stay the source; their code blocks are the doctests the test suite runs
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
myst_heading_anchors = 3
root_doc = "index"
# files beside the pages that are no pages: the sheets, examples and images they point at
exclude_patterns = ["_build", "sheets", "examples", "images/README*", "README.md"]

# the reference: one page per module, its public names as __all__ gives them
autosummary_generate = True
autosummary_ignore_module_all = True
# each object documented once, on the page of the module that defines it (a package lists its
# re-exported names in a table of links)
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_typehints = "none"
# the optional extras' libraries need not be installed to document the modules that use them
autodoc_mock_imports = ["starlette", "uvicorn", "anyio", "pyspiel", "open_spiel", "pygambit", "distributed",
                        "dask", "matplotlib"]
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False

html_theme = "furo"
html_title = f"epistemic {release}"
# nothing loads from the network when the site is read: no web fonts, no CDN scripts
html_theme_options = {"top_of_page_buttons": []}


def _skip_type_aliases(app, what, name, obj, skip, options):
    """A type alias (``Step = tuple[...]``) is no class to document: autodoc cannot read its signature."""
    if isinstance(obj, types.GenericAlias) or type(obj).__module__ == "typing":
        return True
    return None


def setup(app):
    app.connect("autodoc-skip-member", _skip_type_aliases)

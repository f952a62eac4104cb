"""Sphinx's settings for the documentation site: the Markdown pages of docs/ (MyST), the tutorial
notebooks of docs/notebooks (executed as the site builds, by myst-nb) and an API reference made
from the numpydoc docstrings of every public name.

Build it with ``sphinx-build -W -b html docs docs/_build/html`` after ``pip install -e ".[docs]"``.
"""

import logging
import types

import epistemic

project = "epistemic"
author = "The epistemic authors"
copyright = "2026, The epistemic authors"
release = version = epistemic.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
]

# the Markdown pages stay the source; their code blocks are the doctests the test suite runs
# (.rst first: the reference pages autosummary writes are reStructuredText)
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
myst_heading_anchors = 3
root_doc = "index"
# files beside the pages that are no pages: the sheets, examples and images they point at
exclude_patterns = ["_build", "sheets", "examples", "images/README*", "README.md", "**.ipynb_checkpoints",
                    "jupyter_execute"]

# the notebooks are stored without outputs: every build runs them, and a cell that raises fails it
nb_execution_mode = "force"
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_execution_timeout = 300
# a cell's printed lines in one block, however many calls printed them
nb_merge_streams = True

# the reference: one page per module, its public names as __all__ gives them
autosummary_generate = True
autosummary_ignore_module_all = True
# each object documented once, on the page of the module that defines it (a package lists its
# re-exported names in a table of links)
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_typehints = "none"
# the optional extras' libraries need not be installed to document the modules that use them
autodoc_mock_imports = ["starlette", "uvicorn", "pyspiel", "open_spiel", "pygambit", "distributed",
                        "dask", "matplotlib"]
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False

html_theme = "furo"
html_title = f"epistemic {release}"
# nothing loads from the network when the site is read: no web fonts, no CDN scripts
html_theme_options = {"top_of_page_buttons": []}
# the site's own style: code blocks that scroll where a line runs past the column say so (docs/_static)
html_static_path = ["_static"]
html_css_files = ["epistemic.css"]


# the notebook runner announces each notebook it runs; the build's own progress says enough
logging.getLogger("traitlets").setLevel(logging.WARNING)


def _skip_type_aliases(app, what, name, obj, skip, options):
    """A type alias (``Step = tuple[...]``) is no class to document: autodoc cannot read its signature."""
    if isinstance(obj, types.GenericAlias) or type(obj).__module__ == "typing":
        return True
    return None


#: The gallery: what the framework draws, each picture made by its command as the site builds
#: (title, what it shows, the command's arguments; {out} is the gallery's folder).
GALLERY = [
    ("Why p5 votes no", "the explanation graph of a vote in the pirate game with p2's subgroup promise",
     ["pirates", "-n", "5", "-m", "3", "--promise", "p2: 1 1 0 1 to p3 p4 p5", "--why", "p5 vote round 1",
      "--draw", "{out}/why.svg", "--draw-dag", "{out}/dag.svg", "--draw-kripke", "{out}/kripke.svg",
      "--no-tables"]),
    ("The muddy children, round by round", "the Kripke model after each announcement, the worlds removed greyed",
     ["puzzle", "muddy-children", "n=3", "k=2", "--draw", "{out}/rounds.svg"]),
    ("A crossout board", "Ethiopian Dinner: who takes which morsel under the crossout strategy",
     ["dinner", "1,2", "2,3", "3,1", "--draw-board", "{out}/board.png"]),
    ("Pig's hold map", "the turn total at which optimal play holds, for every pair of scores",
     ["pig", "--plot", "{out}/hold-map.png"]),
    ("Tournament standings", "four bots, five rounds of the Prisoner-and-Pirate tournament",
     ["tournament", "run", "--bots", "coop,defect,tit-for-tat,rational", "--rounds", "5", "--seed", "1"]),
]


def _gallery(app) -> None:
    """Draw the gallery with the commands themselves, into generated/ (never committed), and write
    its page: every picture is what the command makes today."""
    import contextlib
    import io
    import pathlib

    from epistemic.cli.main import main

    folder = pathlib.Path(app.srcdir) / "generated" / "gallery"
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["# Gallery", "",
             "What the framework draws, made by these commands each time this site is built.", ""]
    for title, what, argv in GALLERY:
        before = set(folder.iterdir())
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(io.StringIO()):
            code = main([a.format(out=folder) for a in argv])
        if code != 0:
            raise RuntimeError(f"the gallery's command epistemic {' '.join(argv)} failed with status {code}")
        shown = _command_lines(["epistemic", *(a if " " not in a else repr(a) for a in argv)]).replace("{out}/", "")
        lines += [f"## {title}", "", f"{what[0].upper()}{what[1:]}:", "", "```", shown, "```", ""]
        pictures = sorted(set(folder.iterdir()) - before)
        lines += [f"![{title}: {p.stem}](gallery/{p.name})" for p in pictures] or ["```text", printed.getvalue().rstrip(), "```"]
        lines.append("")
    (folder.parent / "gallery.md").write_text("\n".join(lines), encoding="utf-8")


def _command_lines(words: list[str], width: int = 80) -> str:
    """A command as the pages write it: on lines of at most ``width`` characters where it can be,
    continued with backslashes, an option kept with its value.

    >>> print(_command_lines(["epistemic", "pig", "--goal", "100", "--plot", "hold-map.png"], width=24))
    epistemic pig \\
      --goal 100 \\
      --plot hold-map.png
    """
    pieces: list[str] = []
    for word in words:
        if pieces and pieces[-1].startswith("-") and " " not in pieces[-1] and not word.startswith("-"):
            pieces[-1] += " " + word
        else:
            pieces.append(word)
    lines = [pieces[0]]
    for piece in pieces[1:]:
        if len(lines[-1]) + 1 + len(piece) > width - 2:
            lines.append("  " + piece)
        else:
            lines[-1] += " " + piece
    return " \\\n".join(lines)


def setup(app):
    app.connect("autodoc-skip-member", _skip_type_aliases)
    app.connect("builder-inited", _gallery)

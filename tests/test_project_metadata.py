"""What the project says of itself: the citation file and the changelog name the version the
package is, the distribution's name is what installs it, and the README says what is true."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import epistemic
from cli_runs import HUNG
from epistemic.plugins import OWN

ROOT = Path(__file__).resolve().parent.parent


def test_the_citation_names_the_packages_version_and_license():
    cff = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert re.search(r"^cff-version: 1\.2\.0$", cff, re.M)
    assert re.search(r"^version: (\S+)$", cff, re.M)[1] == epistemic.__version__
    assert re.search(r"^license: (\S+)$", cff, re.M)[1] == "MIT"
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert re.search(r'^date-released: "\d{4}-\d{2}-\d{2}"$', cff, re.M)


def test_the_changelog_has_the_current_version_first():
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## (\d+\.\d+\.\d+)", changelog, re.M)
    assert versions and versions[0] == epistemic.__version__


# the name on the package index -----------------------------------------------------------------------
#: What is no source of the project: version control, environments, build and test output.
_NOT_SOURCE = {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache", ".hypothesis", ".mypy_cache",
               "_build", "generated"}
_TEXT = {".py", ".md", ".toml", ".cff", ".ipynb", ".txt", ".cfg", ".json", ".sh", ".html", ".js", ".css", ""}
_NAME = "epistemic"
#: A hint that would install the unrelated project of that name: its extras, or it bare.
WRONG_HINTS = re.compile(_NAME + r"\[|pip install +(-\w+ +)*['\"]?" + _NAME + r"(?![-\w.\[])")
#: The extras a hint names: from the index, or from a clone.
EXTRA_HINTS = re.compile(_NAME + r"-framework\[([\w,]+)\]|['\"]\.\[([\w,]+)\]['\"]")


def _source_files():
    stack = [ROOT]
    while stack:
        folder = stack.pop()
        for path in folder.iterdir():
            if path.is_dir():
                if path.name not in _NOT_SOURCE and not path.name.endswith(".egg-info"):
                    stack.append(path)
            elif path.suffix in _TEXT and path.stat().st_size < 2_000_000:
                yield path


def test_the_distribution_is_named_what_installs_it():
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    assert project["name"] == "epistemic-framework" == OWN
    assert project["scripts"] == {"epistemic": "epistemic.cli.main:main"}


def test_no_hint_installs_another_project_and_every_extra_named_exists():
    """The name ``epistemic`` on a package index is another project's: a hint says
    ``pip install 'epistemic-framework[workbench]'``, or ``pip install -e ".[workbench]"`` in a clone."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        extras = set(tomllib.load(f)["project"]["optional-dependencies"])
    wrong, unknown, files = [], [], 0
    for path in _source_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        files += 1
        where = path.relative_to(ROOT)
        wrong.extend(f"{where}: {m[0]!r}" for m in WRONG_HINTS.finditer(text))
        for m in EXTRA_HINTS.finditer(text):
            unknown.extend(f"{where}: {name}" for name in (m[1] or m[2]).split(",") if name not in extras)
    assert files > 300 and wrong == [] and unknown == []


def test_the_hint_checks_find_what_they_look_for():
    bad = [f"pip install '{_NAME}[workbench]'", f"needs {_NAME}[plots]", f"pip install {_NAME}",
           f'pip install -q "{_NAME}"']
    good = ["pip install 'epistemic-framework[workbench]'", 'pip install -e ".[workbench]"', "import epistemic",
            "pip install epistemic-framework", "epistemic.models"]
    assert [bool(WRONG_HINTS.search(t)) for t in bad + good] == [True] * len(bad) + [False] * len(good)
    assert [m.groups() for m in EXTRA_HINTS.finditer("'epistemic-framework[plots]' and \".[gambit,openspiel]\"")] == [
        ("plots", None), (None, "gambit,openspiel")]


# the README ---------------------------------------------------------------------------------------------
def test_the_readme_says_explain_asks_at_the_keyboard_and_its_questions_work():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"^(epistemic pirates .* --explain)$", readme, re.M)[1]
    said = re.search(r"^`--explain` is interactive: (.*?)\n\n", readme, re.M | re.S)[1]
    asked = re.findall(r"`([a-z][a-z0-9 ]*)`", said)
    assert "`pirates>`" in said and asked[-2:] == ["help", "quit"] and len(asked) > 3
    command = [sys.executable, "-m", "epistemic.cli", *shlex.split(shown)[1:]]
    for typed in (asked, asked[:-1]):   # left with quit, or at the end of input
        done = subprocess.run(command, input="\n".join(typed) + "\n", capture_output=True, text=True, timeout=HUNG)
        assert (done.returncode, done.stderr) == (0, "")
        assert done.stdout.count("> ") >= len(typed) and "unknown command" not in done.stdout

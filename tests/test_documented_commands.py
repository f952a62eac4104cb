"""What the README and the docs show runs as written.

Every ``epistemic`` command in a code block of the README and the docs runs
(synopses, which hold ``[options]``, are left out); a block that shows
``$ epistemic ...`` followed by output must print exactly that output.
Every Python excerpt that is not a doctest is a verbatim piece of the
repository's code, so that the docs cannot drift from it.
"""

from __future__ import annotations

import io
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from epistemic.cli.main import main
from epistemic.visualize import available_renderers
from extras import missing
from workbench_client import Client, Server

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def blocks(language: str | None = None):
    for page in PAGES:
        for m in _BLOCK.finditer(page.read_text(encoding="utf-8")):
            if language is None or m.group(1) == language:
                yield page, m.group(2)


def commands():
    """``(page, argv, expected output or None)`` for every command the pages show."""
    found = []
    for page, body in blocks():
        lines = body.replace("\\\n", " ").splitlines()
        if lines and lines[0].startswith("$ epistemic "):
            found.append((page, shlex.split(lines[0][2:])[1:], "\n".join(lines[1:]).rstrip() + "\n"))
            continue
        for line in lines:
            if line.startswith("epistemic ") and "[" not in line:
                found.append((page, shlex.split(line)[1:], None))
    return found


COMMANDS = commands()


def test_the_pages_show_commands():
    shown = {argv[0] for _, argv, _ in COMMANDS}
    assert shown >= {"pirates", "puzzle", "check", "centipede"}


@pytest.mark.parametrize("page, argv, expected", COMMANDS,
                         ids=[f"{p.name}: {' '.join(a)[:60]}" for p, a, _ in COMMANDS])
def test_documented_command_runs(page, argv, expected, tmp_path, monkeypatch, capsys):
    if any(a.startswith("--draw") for a in argv) and not available_renderers():
        missing("no Graphviz engine is installed to draw the pictures")
    if argv[0] == "serve":   # a server runs until stopped: start it, ask it once, stop it
        with Server(*argv[1:]) as server:
            assert Client(server.url).get("api/state")["model"]["size"] >= 1
        return
    # the commands run from a fresh clone's root: give them its example files,
    # and let the pictures they draw land in a scratch folder
    shutil.copytree(ROOT / "docs" / "examples", tmp_path / "docs" / "examples")
    shutil.copytree(ROOT / "docs" / "sheets", tmp_path / "docs" / "sheets")
    (tmp_path / "docs" / "images").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # --explain reads its questions here
    try:
        code = main(argv)
    except SystemExit as done:  # argparse's own --help and --version end this way
        code = done.code
    assert code == 0
    out, _ = capsys.readouterr()
    if expected is not None:
        assert out == expected


@pytest.mark.parametrize("page, excerpt", [(p, b) for p, b in blocks("python") if ">>>" not in b],
                         ids=lambda v: v.name if isinstance(v, Path) else v.splitlines()[0][:50])
def test_code_excerpts_are_the_code(page, excerpt):
    sources = [path.read_text(encoding="utf-8")
               for folder in ("epistemic", "models", "visualize", "cli", "workbench", "tests", "docs/examples")
               for path in (ROOT / folder).rglob("*.py")]
    assert any(excerpt in source for source in sources), f"{page.name}: this excerpt is not in the code"


def test_registrations_shown_are_the_packages_own():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for _, body in blocks("toml"):
        for line in body.splitlines():
            if '"epistemic.models.' in line:
                assert line in pyproject

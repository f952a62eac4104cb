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


def distinct_commands():
    """``(pages, argv, expected)`` once for each command and output shown: a command shown the same
    on several pages runs once, in the same fresh folder as it would for any of them, so that a
    second run could tell nothing the first did not."""
    pages: dict[tuple, list[Path]] = {}
    for page, argv, expected in COMMANDS:
        pages.setdefault((tuple(argv), expected), []).append(page)
    return [(shown_on, list(argv), expected) for (argv, expected), shown_on in pages.items()]


DISTINCT = distinct_commands()


def test_the_pages_show_commands():
    shown = {argv[0] for _, argv, _ in COMMANDS}
    assert shown >= {"pirates", "puzzle", "check", "centipede"}


#: Characters of code a line of the site's column shows (furo's code at 13 pixels, in 736).
COLUMN = 88


def test_commands_fit_the_column():
    """A command or synopsis the pages show is no wider than the site's column: a longer one goes
    on with a backslash at the end of the line, as the shell reads it (and :func:`commands` joins
    it), so that no part of a command hides past the edge of the page.  Only a single word longer
    than the column, which no line can break, stands alone on a line past it."""
    too_wide = []
    for page, body in blocks():
        going_on = False
        for line in body.splitlines():
            shown = going_on or line.startswith(("epistemic ", "$ epistemic ")) or line.lstrip().startswith("[-")
            going_on = shown and line.endswith("\\")
            if shown and len(line) > COLUMN and len(shlex.split(line.rstrip("\\").removeprefix("$ "))) > 1:
                too_wide.append(f"{page.name}: {line[:60]}...")
    assert too_wide == []


def test_a_command_goes_on_after_a_backslash():
    """The lines of a command continued with backslashes are one command, run as written."""
    continued = [(page, argv) for page, argv, _ in COMMANDS if page.name == "pirates.md" and "p298: 1 0 99" in argv]
    assert len(continued) == 1 and continued[0][1][:3] == ["pirates", "-n", "300"]
    assert continued[0][1][-2:] == ["--draw-dag", "docs/images/pirates-dag-300.png"]


def test_a_command_shown_on_several_pages_runs_once_for_them_all():
    shown = [argv for argv in DISTINCT if argv[1][:2] == ["serve", "--sheet"] and len(argv[1]) == 3]
    assert [sorted(page.name for page in pages) for pages, _, _ in shown] == [["README.md", "cli.md"]]
    assert sum(len(pages) for pages, _, _ in DISTINCT) == len(COMMANDS)


@pytest.mark.parametrize("pages, argv, expected", DISTINCT,
                         ids=[f"{p[0].name}: {' '.join(a)[:60]}" for p, a, _ in DISTINCT])
def test_documented_command_runs(pages, argv, expected, tmp_path, monkeypatch, capsys):
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


def test_a_long_code_line_scrolls_and_says_so(tmp_path):
    """The site's style sheet (docs/_static, named in docs/conf.py) keeps a code block's long line
    whole and lets it scroll: the scrollbar takes its room however the system shows scrollbars,
    and a shadow painted at the edge says that more of the line lies beyond it."""
    from browser import Browser, chromium

    conf = (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    assert 'html_static_path = ["_static"]' in conf and 'html_css_files = ["epistemic.css"]' in conf
    if chromium() is None:
        missing("no Chromium is installed (apt-get install chromium)")
    shutil.copy(ROOT / "docs" / "_static" / "epistemic.css", tmp_path)
    long = "epistemic pirates -n 5 -m 3 " + " ".join(f"--why 'p5 vote round {k}'" for k in range(1, 9))
    (tmp_path / "page.html").write_text(
        '<!DOCTYPE html><html><head><link rel="stylesheet" href="epistemic.css"></head>'
        '<body style="--color-code-background: #f2f2f2; --color-foreground-border: #878787">'
        f'<div class="highlight" style="width: 400px"><pre id="code">{long}</pre></div></body></html>',
        encoding="utf-8")
    with Browser(tmp_path / "page.html") as page:
        shown = page.evaluate("""(() => { const pre = document.getElementById('code'); const s = getComputedStyle(pre);
            return [pre.scrollWidth > pre.clientWidth, s.overflowX, pre.offsetHeight - pre.clientHeight,
                    s.backgroundAttachment, s.backgroundImage.split('radial-gradient').length - 1]; })()""")
    wider, overflow, scrollbar, attachment, shadows = shown
    assert wider and overflow == "auto"                 # the line is whole, and scrolls
    assert scrollbar > 0                                  # the scrollbar takes room: it is shown
    assert attachment == "local, local, scroll, scroll" and shadows == 2   # the covers scroll, the shadows stay

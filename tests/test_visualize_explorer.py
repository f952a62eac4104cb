"""The explorer page in the browser: self-contained, escaped, bounded, and working when clicked.

The tests without a browser read the page as HTML; those with one open it
in a headless Chromium (``tests/browser.py``) and click through it as a
reader would.  They are skipped where no Chromium is installed.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings, strategies as st

from epistemic import Reason
from epistemic.cli.main import main
from epistemic.models.pirates import PirateGame, promise
from epistemic.visualize import available_renderers
from epistemic.models.pirates.browser import MAX_PERSPECTIVES, explorer_page
from epistemic.visualize import PictureError
from epistemic.visualize.explorer import Decision, Link, Perspective, Step, explorer_html, inline_svg

from browser import Browser, needs_chromium
from extras import missing

VOID = {"meta", "br", "hr", "img", "input", "link", "area", "base", "col", "embed", "source", "track", "wbr"}
HOSTILE = "<img src=x onerror=alert(1)> & \"quotes\" 'too' </script><!--"


class _Tags(HTMLParser):
    """Checks that every element is closed in order, and collects what the page would load."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.loads: list[str] = []
        self.scripts: list[str] = []
        self.text: list[str] = []
        self.tags: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href", "srcset", "action", "poster", "data") or (value and "url(" in value):
                self.loads.append(f"{tag} {name}={value}")
        if tag in ("link", "iframe", "img", "object", "embed"):
            self.loads.append(tag)
        if tag not in VOID:
            self.stack.append(tag)
        self._in_script = tag == "script"

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1] if self.stack else None}>"
        self.stack.pop()
        self._in_script = False

    def handle_data(self, data):
        (self.scripts if self._in_script else self.text).append(data)


def parsed(page: str) -> _Tags:
    tags = _Tags()
    tags.feed(page)
    tags.close()
    assert tags.stack == [], f"unclosed elements {tags.stack}"
    return tags


def reasons_of(page: str) -> list[dict]:
    m = re.search(r'<script type="application/json" id="reasons">(.*?)</script>', page, re.S)
    assert m
    return json.loads(m.group(1))


def subgroup_game():
    # the seed's first subgroup story: p2 tells p3, p4 and p5 that he will divide 1 1 0 1
    return PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])


# without a browser --------------------------------------------------------------
def test_the_pirate_page_is_self_contained_and_well_formed():
    page = explorer_page(subgroup_game(), depth=4)
    tags = parsed(page)
    assert tags.loads == []
    assert not re.search(r"https?://", page)  # no address at all: no font, no library, no picture from elsewhere
    assert "@import" not in page and "url(" not in page
    rows = reasons_of(page)
    claims = [row["t"] for row in rows]
    assert any(c.startswith("p5 votes no in round 1") for c in claims)
    # every reason is embedded once, and each child is a reason of the page
    assert len(set(map(json.dumps, rows))) == len(rows)
    assert all(0 <= c < len(rows) for row in rows for c in row["c"])
    # the play, p1's knowledge (none) and p2-p5's (p2's promise)
    assert page.count('<section class="view"') == 3
    assert "p2-p5: knows p2&#x27;s promise" in page
    # above the explorer, folded: who knows which promise, and the prediction DAG of the play
    assert "<details" not in explorer_page(subgroup_game(), depth=4, renderer=None)
    if not available_renderers():
        missing("no Graphviz engine is installed to draw the overviews")
    overviews = re.findall(r'<details class="overview"><summary>(.*?)</summary><figure class="picture">(<svg.*?</svg>)',
                           page, re.S)
    assert [caption for caption, _ in overviews] == ["Who knows which promise (a picture)",
                                                     "The prediction DAG of the play (a picture)"]
    assert "knows p2&#39;s promise" in overviews[0][1] and "round 1: p1 offers" in overviews[1][1]


def test_the_play_steps_through_its_rounds_and_the_tables_through_all():
    page = explorer_page(subgroup_game(), depth=2)
    sections = re.findall(r'<section class="view".*?</section>', page, re.S)
    numbers = [re.findall(r'<article class="step" data-number="(\d+)"', s) for s in sections]
    # p1 is thrown overboard, p2's offer (his promise) is accepted; the tables have every round
    assert numbers == [["1", "2"], ["1", "2", "3", "4", "5"], ["1", "2", "3", "4", "5"]]
    assert "p1&#x27;s own prediction of round 1" in sections[0]


def test_a_large_game_is_embedded_in_part_with_notes():
    game = PirateGame(1000, 100, [promise(1000, 10, [0] * 990 + [100], hearers=range(600, 1001)),
                                  promise(1000, 300, [1] * 100 + [0] * 601, hearers=range(650, 1001))])
    page = explorer_page(game, depth=6)
    assert len(page.encode()) < 2_000_000
    parsed(page)
    assert page.count('<section class="view"') <= MAX_PERSPECTIVES
    assert page.count('<article class="step"') <= MAX_PERSPECTIVES * 25
    assert "rounds 21-" in page and "are not embedded" in page


@settings(max_examples=40, deadline=None)
@given(st.text(min_size=1).filter(lambda t: "\n" not in t and "\r" not in t and t.strip() == t and t.isprintable()))
def test_every_text_is_escaped(name):
    why = Reason(name, values=[("coins", 1)], knowledge=name, because=[Reason(name + HOSTILE)])
    page = explorer_html(name + HOSTILE, [Perspective(name, [Step(1, name, [HOSTILE], [Decision(name, why)],
                                                                  [Link(name, 0, 1)], note=name)])],
                         intro=[HOSTILE], notes=[name])
    tags = parsed(page)
    assert tags.loads == []
    assert len(tags.scripts) == 2  # the reasons and the page's own script, nothing smuggled in
    assert [row["t"] for row in reasons_of(page)] == [name, name + HOSTILE]
    assert HOSTILE in "".join(tags.text)


def test_the_reasons_embedded_are_capped():
    chain = Reason("the last")
    for i in range(50):
        chain = Reason(f"step {i}", because=[chain, Reason(f"aside {i}")])
    page = explorer_html("t", [Perspective("v", [Step(1, "s", decisions=[Decision("d", chain)])])], max_reasons=20)
    rows = reasons_of(page)
    assert len(rows) <= 20
    assert sum(row.get("m", 0) for row in rows) > 0
    assert "reasons are not embedded, to keep the page small (at most 20 distinct reasons)" in page


def test_an_inline_picture_may_not_load_anything():
    assert inline_svg('<?xml version="1.0"?><svg><text>a</text></svg>') == "<svg><text>a</text></svg>"
    for bad in ('<svg><script>alert(1)</script></svg>', '<svg><image href="http://x/y.png"/></svg>',
                "<html></html>"):
        with pytest.raises(PictureError):
            inline_svg(bad)


# the command line ---------------------------------------------------------------
def test_pirates_html_is_written_with_the_report(tmp_path, capsys):
    page = tmp_path / "game.html"
    assert main(["pirates", "-n", "5", "-m", "4", "--promise", "p4: 2 2 to p5", "--html", str(page)]) == 0
    out, err = capsys.readouterr()
    assert f"wrote {page}" in err and out.strip()
    assert "p5 votes no" in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("argv", [
    ["pirates", "-n", "5", "-m", "3", "--html", "{d}/game.svg"],
    ["pirates", "-n", "5", "-m", "3", "--html", "{d}/nowhere/game.html"],
    ["pirates", "-n", "5", "-m", "3", "--html", "{d}/game.html", "--why", "p9 vote"],
    ["pirates", "-n", "5", "-m", "3", "--html", "{d}/game.html", "--draw-dag", "{d}/game.html"],
    ["puzzle", "muddy-children", "n=0", "--html", "{d}/game.html"],
    ["puzzle", "muddy-children", "--html", "{d}/game.htm", "--draw", "{d}/game.htm"],
    ["check", "docs/examples/coin.json", "K_alice heads", "--html", "{d}/game.txt"],
    ["check", "docs/examples/coin.json", "K_alice (", "--html", "{d}/game.html"],
])
def test_bad_input_is_one_line_and_writes_nothing(argv, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(__file__.rsplit("/tests/", 1)[0])
    code = main([a.format(d=tmp_path) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == "" and len(err.strip().splitlines()) == 1
    assert list(tmp_path.rglob("*")) == []


def test_check_html_escapes_the_names_of_worlds(tmp_path, capsys):
    name = 'w<b>&"1'
    model = {"format": "epistemic-kripke", "version": 1, "agents": ["a"],
             "worlds": [{"name": name, "true": ["p"]}, {"name": "v", "true": []}], "actual": [name],
             "relations": {"a": {"partition": [[name, "v"]]}}}
    path = tmp_path / "m.json"
    path.write_text(json.dumps(model), encoding="utf-8")
    page = tmp_path / "why.html"
    assert main(["check", str(path), "K_a p", "--html", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    tags = parsed(text)
    assert tags.loads == [] and "b" not in tags.tags
    assert f"K_a p is false at {name}" in "".join(tags.text)
    assert text.count("<svg") == 1


# in a browser ------------------------------------------------------------------
needs_browser = needs_chromium

VISIBLE = "section.view:not([hidden]) article.step:not([hidden])"


def shown_text(browser: Browser) -> str:
    return browser.evaluate(f"document.querySelector({json.dumps(VISIBLE)}).innerText")


@needs_browser
def test_a_reader_clicks_switches_and_steps(tmp_path):
    page = tmp_path / "pirates.html"
    page.write_text(explorer_page(subgroup_game(), depth=4), encoding="utf-8")
    with Browser(page) as browser:
        assert "round 1: p1 offers, rejected" in shown_text(browser)
        assert "p5 votes no in round 1" not in shown_text(browser)
        # click p5's vote: its reasons unfold, the first level open
        browser.evaluate(f"Array.from(document.querySelectorAll('{VISIBLE} button.decision'))"
                         f".find(b => b.textContent.startsWith('p5 votes no')).click()")
        text = shown_text(browser)
        assert "p5 votes no in round 1: he is offered 1 coin" in text
        assert "p5 expects 1 coin if p1's offer fails" in text
        # and one more level, below p5's expectation
        browser.evaluate(f"Array.from(document.querySelectorAll('{VISIBLE} .reasons li'))"
                         f".find(li => li.firstChild.textContent.startsWith('p5 expects'))"
                         f".querySelector(':scope > button.unfold').click()")
        assert shown_text(browser).count("\n") > text.count("\n")
        # switch to what p1 knows: the same round, predicted without p2's promise, is accepted there
        browser.click('nav.knowledge button[data-view="1"]')
        assert browser.evaluate("document.querySelector('section.view:not([hidden]) h2').textContent") \
            == "p1: knows no promise"
        assert "round 1: p1 offers, accepted" in shown_text(browser)
        # step to round 2, and back to the play
        browser.click("section.view:not([hidden]) button.next")
        assert "round 2: p2 offers" in shown_text(browser)
        browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'}))")
        assert "round 1: p1 offers" in shown_text(browser)
        browser.click('nav.knowledge button[data-view="0"]')
        browser.click("section.view:not([hidden]) button.next")
        assert "round 2: p2 offers, accepted" in shown_text(browser)
        assert "p2 offers p5:1 p4:1 p3:0 p2:1 (as he promised)" in shown_text(browser)
        # into p2-p5's prediction of round 2 from round 1 of the play
        browser.click("section.view:not([hidden]) button.prev")
        browser.evaluate(f"Array.from(document.querySelectorAll('{VISIBLE} button.goto'))"
                         f".find(b => b.textContent.startsWith('p2-p5')).click()")
        assert browser.evaluate("document.querySelector('section.view:not([hidden]) h2').textContent") \
            == "p2-p5: knows p2's promise"
        assert "round 2: p2 offers, accepted" in shown_text(browser)
        png = browser.screenshot(tmp_path / "pirates.png")
    assert png.read_bytes()[:4] == b"\x89PNG" and png.stat().st_size > 10_000


@needs_browser
def test_hostile_names_stay_text_in_the_browser(tmp_path):
    why = Reason(HOSTILE, because=[Reason(HOSTILE + " below")])
    page = tmp_path / "hostile.html"
    page.write_text(explorer_html(HOSTILE, [Perspective(HOSTILE, [Step(1, HOSTILE, [HOSTILE],
                                                                       [Decision(HOSTILE, why)])])]), encoding="utf-8")
    with Browser(page) as browser:
        browser.click("button.decision")
        assert browser.evaluate("document.images.length") == 0
        assert browser.evaluate("document.title") == HOSTILE
        assert shown_text(browser).count(HOSTILE) >= 4


@needs_browser
def test_a_puzzle_steps_through_its_pictures(tmp_path, capsys):
    page = tmp_path / "muddy.html"
    assert main(["puzzle", "muddy-children", "n=3", "k=2", "--html", str(page)]) == 0
    with Browser(page) as browser:
        assert browser.evaluate(f"document.querySelector('{VISIBLE} svg').getBoundingClientRect().width") > 100
        browser.click("section.view:not([hidden]) button.next")
        assert "round 1 of" in shown_text(browser)
        browser.click(f"{VISIBLE} button.decision")
        assert re.search(r"is (true|false) at ", shown_text(browser))

"""The play with learning in the browser (``--html``) and at the keyboard
(``--explain``): the rounds, what each pirate believes, the pictures of the
worlds, and the reasons of every offer and vote."""

from __future__ import annotations

import io
import json
import re

from epistemic.cli.main import main
from epistemic.models.pirates import PirateGame, promise
from epistemic.models.pirates.learning import Suspicions, learn
from epistemic.models.pirates.learning_browser import PAGE_WORLDS, learning_explorer_page
from epistemic.models.pirates.learning_explore import run_learning_explorer

from browser import Browser, needs_chromium
from test_visualize_explorer import VISIBLE, parsed, reasons_of, shown_text

# seed 000, the second subgroup story, with every division p4 could have told p5 suspected: 6 worlds
STORY = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])
ARGS = ["pirates", "-n", "5", "-m", "4", "--promise", "p4: 2 2 to p5", "--learning", "--suspect", "p4: * to p5"]


def test_the_page_holds_each_round_its_beliefs_its_picture_and_its_reasons():
    play = learn(STORY)
    page = learning_explorer_page(STORY, play, depth=4)
    tags = parsed(page)
    assert tags.loads == []  # nothing comes from the network
    # a step per round and one after the play, each with the model drawn, worlds ruled out greyed later
    assert page.count('<article class="step"') == 3 and page.count("<svg") == 3
    text = "".join(tags.text)
    assert "p1-p3 believe: no promise." in text and "p4 and p5 believe: p4 promises 2 2 to p4 and p5." in text
    assert "The votes rule out 1 of 2 worlds: no promise (p5 would vote yes there)." in text
    assert "p2 and p3 now believe: p4 promises 2 2 to p4 and p5." in text
    claims = json.dumps(reasons_of(page))
    assert "p5 votes no in round 1: not offered more than he expects" in claims
    assert "round 3 (nobody learning): p3 offers p5:3 p4:0 p3:1" in claims


def test_too_many_worlds_are_not_drawn_and_a_note_says_so():
    play = learn(STORY, Suspicions(every_division=True))
    page = learning_explorer_page(STORY, play, depth=2)
    assert "<svg" not in page
    assert f"the pirates start from 962 worlds, too many to draw in the page (the limit is {PAGE_WORLDS}" in page


def test_the_keyboard_explorer_answers_from_the_play():
    out = io.StringIO()
    play = learn(STORY, anticipation=1)
    run_learning_explorer(STORY, play, io.StringIO("round 1\nexpectation p5\nbeliefs\nround 2\nquit\n"), out)
    text = out.getvalue()
    assert "the play with learning: 5 pirates, 4 coins, level 1 of anticipation" in text
    assert "his no would make p2 and p3 believe p4 promises 2 2 to p4 and p5" in text
    assert "round 1> p1-p3 believe: no promise." in text
    assert text.rstrip().endswith("error: round 2 was not played: the game ended in round 1\nround 1>")


def test_html_and_explain_work_with_learning_from_the_command_line(tmp_path, capsys, monkeypatch):
    page = tmp_path / "story.html"
    assert main([*ARGS, "--html", str(page), "--no-tables"]) == 0
    assert page.read_text(encoding="utf-8").count('<article class="step"') == 3
    monkeypatch.setattr("sys.stdin", io.StringIO("round 2\nvote p4\nquit\n"))
    capsys.readouterr()
    assert main([*ARGS, "--explain", "--no-tables"]) == 0
    assert "round 2> p4 votes yes in round 2: offered more than he expects" in capsys.readouterr().out
    # a bad page name is refused in one line before the play, and nothing is written
    assert main([*ARGS, "--html", str(tmp_path / "story.txt")]) == 2
    assert capsys.readouterr().err.count("\n") == 1 and not (tmp_path / "story.txt").exists()


needs_browser = needs_chromium


@needs_browser
def test_a_reader_steps_through_the_worlds_and_unfolds_a_vote(tmp_path, capsys):
    page = tmp_path / "story.html"
    assert main([*ARGS, "--html", str(page), "--depth", "4", "--no-tables"]) == 0
    with Browser(page) as browser:
        assert "round 1: p1 offers, rejected" in shown_text(browser)
        # the round's model is drawn, six worlds, none greyed yet
        width = browser.evaluate(f"document.querySelector('{VISIBLE} svg').getBoundingClientRect().width")
        assert width > 100
        drawn = browser.evaluate(f"document.querySelector('{VISIBLE} svg').textContent")
        assert len(set(re.findall(r"world \d", drawn))) == 6
        # unfold p5's no: what he expected, and in which world
        browser.evaluate(f"Array.from(document.querySelectorAll('{VISIBLE} button.decision'))"
                         f".find(b => b.textContent.startsWith('p5 votes no')).click()")
        assert "p5 votes no in round 1: not offered more than he expects" in shown_text(browser)
        assert "p5 expects 2 coins if the offer of round 1 fails" in shown_text(browser)
        # round 2: p2 and p3 now weigh the three worlds p5's no left
        browser.click("section.view:not([hidden]) button.next")
        text = shown_text(browser)
        assert "round 2: p2 offers, accepted" in text and "p2 and p3 believe one of 3 worlds" in text
        svg = browser.evaluate(f"document.querySelector('{VISIBLE} svg').innerHTML")
        assert "removed by the announcements" in svg
        png = browser.screenshot(tmp_path / "learning.png")
    assert png.read_bytes()[:4] == b"\x89PNG"

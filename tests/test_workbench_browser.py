"""The workbench page in headless Chromium, against the real server on loopback.

A student draws a model, types a formula (with a mistake first), checks
it, asks why at a world, announces, steps back and forward, and answers an
exercise wrongly and then rightly, all by typing and clicking in the page.
Skipped where no Chromium is installed (``.ci/run`` installs it).
"""

from __future__ import annotations

import json

import pytest

from browser import Browser, needs_chromium
from workbench_client import Server

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def page():
    with Server("--sheet", "docs/sheets/course.toml") as server, Browser(server.url, width=1300) as browser:
        browser.wait_for("document.querySelector('#picture svg') !== null")
        yield browser


def text(browser: Browser, selector: str) -> str:
    return browser.evaluate(f"document.querySelector({json.dumps(selector)}).innerText")


def test_a_student_draws_checks_announces_and_goes_back(page, tmp_path):
    # draw: agents a and b; worlds w (p) and v; a cannot tell them apart
    page.evaluate("document.querySelector('#draw').open = true")
    page.type("#draft-agents", "a b")
    page.click("#draft-new")
    # the new drawing's agents are offered for links at once; its worlds once they are added
    page.wait_for("[...document.querySelector('#link-agent').options].map(o => o.value).join() === 'a,b'")
    assert page.evaluate("document.querySelector('#link-from').options.length") == 0
    for world, atoms in (("w", "p"), ("v", "")):
        page.type("#world-name", world)
        page.type("#world-atoms", atoms)
        page.click("#add-world")
        page.wait_for(f"document.querySelector('#link-from').options.length >= {1 if world == 'w' else 2}")
    page.evaluate("document.querySelector('#link-agent').value = 'a';"
                  "document.querySelector('#link-from').value = 'w'; document.querySelector('#link-to').value = 'v'")
    page.click("#link")
    page.wait_for("document.querySelectorAll('#picture g.edge').length >= 1")
    assert text(page, "#model-info").startswith("2 worlds · agents a (S5), b (S5) · atoms p · actual w")

    # a formula with a mistake: the page says where, as it is typed
    page.type("#formula", "K_a (p")
    assert "expected ')' to close the '(' at column 5" in page.wait_for(
        "document.querySelector('#parse-status').innerText.includes('expected') &&"
        " document.querySelector('#parse-status').innerText")
    assert page.evaluate("document.querySelector('#parse-status pre').innerText") == "K_a (p\n      ^"
    # corrected and checked: it holds nowhere (docs/exercises.md, exercise 2), and why unfolds
    page.type("#formula", "K_b p")
    page.wait_for("document.querySelector('#parse-status').innerText === 'parses: K_b p'")
    page.click("#check")
    verdict = page.wait_for("document.querySelector('#verdict') && document.querySelector('#verdict').innerText")
    assert verdict == "K_b p holds at 1 of 2 worlds (w); at the actual world w: true."
    page.wait_for("document.querySelector('#why').innerText.includes('K_b p is true at w')")
    # a click on world v in the picture asks why there
    page.evaluate("document.querySelector('#picture g.node[data-world=\"1\"]')"
                  ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
    assert page.wait_for("document.querySelector('#why').innerText.includes('K_b p is false at v') &&"
                         " document.querySelector('#why').innerText")

    # announce p publicly: one world is left, and a knows p
    page.type("#act-formula", "p")
    page.wait_for("document.querySelector('#act-text').innerText === '[!p]'")
    page.click("#apply")
    page.wait_for("document.querySelector('#model-info').innerText.startsWith('1 world ')")
    assert page.evaluate("[...document.querySelectorAll('#steps li')].map(li => li.innerText)") == \
        ["drawn by hand", "[!p]"]
    page.type("#formula", "K_a p")
    page.click("#check")
    page.wait_for("document.querySelector('#verdict').innerText.startsWith('K_a p holds at 1 of 1 worlds')")
    page.screenshot(tmp_path / "after.png")
    # back, and forward again
    page.click("#back")
    page.wait_for("document.querySelector('#model-info').innerText.startsWith('2 worlds')")
    page.wait_for("document.querySelector('#verdict').innerText.startsWith('K_a p holds at 0 of 2 worlds')")
    page.click("#forward")
    page.wait_for("document.querySelector('#model-info').innerText.startsWith('1 world ')")


def test_a_student_answers_an_exercise_wrongly_then_rightly(page):
    # docs/exercises.md, exercise 2: K_b p holds at w, not at v
    box = "#exercise-2a"
    page.wait_for(f"document.querySelector('{box}') !== null")
    page.evaluate(f"document.querySelectorAll('{box} input[type=checkbox]').forEach(c => c.checked = true)")
    page.click(f"{box} button.submit")
    wrong = page.wait_for(f"document.querySelector('{box} .graded .grade') &&"
                          f" document.querySelector('{box} .graded').innerText")
    assert wrong.startswith("wrong: ")
    assert page.evaluate(f"document.querySelector('{box} .graded svg') !== null")
    page.evaluate(f"document.querySelectorAll('{box} input[type=checkbox]').forEach(c => c.checked = c.value === 'w')")
    page.click(f"{box} button.submit")
    right = page.wait_for(f"document.querySelector('{box} .graded').innerText.startsWith('right') &&"
                          f" document.querySelector('{box} .graded').innerText")
    assert right.startswith("right: ")
    # a formula answer: one that holds exactly at w (exercise 3b), first a wrong one, then an equivalent right one
    box = "#exercise-3b"
    page.type(f"{box} input.answer", "p | ~p")
    page.click(f"{box} button.submit")
    assert page.wait_for(f"document.querySelector('{box} .graded').innerText.startsWith('wrong') &&"
                         f" document.querySelector('{box} .graded').innerText")
    page.type(f"{box} input.answer", "~~p & top")
    page.click(f"{box} button.submit")
    page.wait_for(f"document.querySelector('{box} .graded').innerText.startsWith('right')")

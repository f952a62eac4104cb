"""Pictures of 300 pirates, 100 coins and eight promises, three public and
five told to subgroups (the game of docs/pirates.md, "Pictures of large
games"): the prediction DAG by promises known, a why-graph of bounded
width, one heavy border, and counts that agree with the report."""

from __future__ import annotations

import re

import pytest

from epistemic.models.pirates import PirateGame
from epistemic.models.pirates.pictures import prediction_dag_picture, why_picture
from epistemic.models.pirates.report import format_report
from epistemic.models.pirates.syntax import parse_promise
from epistemic.visualize.reason_summary import summarize_reasons
from epistemic.visualize.reasons import MAX_WIDTH
from picture_checks import edges_of, needs_engine, node_lines

EIGHT = ["p280: 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 90 to p281-p300", "p284: 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 92",
         "p288: 1 0 1 0 1 0 1 0 1 0 1 0 94 to p290 p295 p299", "p290: 1 0 1 0 1 0 1 0 1 0 95 to p1-p10",
         "p292: 1 0 1 0 1 0 1 0 96", "p294: 1 0 1 0 1 0 97 to p296", "p296: 1 0 1 0 98 to p297-p300", "p298: 1 0 99"]


@pytest.fixture(scope="module")
def game():
    return PirateGame(300, 100, [parse_promise(text, 300) for text in EIGHT])


@pytest.fixture(scope="module")
def dag(game):
    return prediction_dag_picture(game).source


def _text(line: str) -> str:
    return line.replace('<BR ALIGN="LEFT"/>', "\n")


# the prediction DAG -----------------------------------------------------------------------
def test_each_box_of_the_dag_says_which_promises_it_rests_on(dag):
    boxes = [_text(line) for line in node_lines(dag, "n").values()]
    assert len(boxes) == 6
    # no box says only how many promises: each names them, or the sets it ranges over
    for box in boxes:
        assert re.search(r"\non (what p|no promise|\d+ knowledge states)", box), box
    assert any("\non 4 knowledge states, all knowing p280, p284, p292, p298\n"
               "besides: {p288, p290}, {p288, p296}, {p294, p296} or 1 more set\n" in box for box in boxes)
    assert any("\non what p298 promised\n" in box for box in boxes)
    # the frames name the classes, fewest promises first
    frames = re.findall(r"label=<<I>(knows [^<]*)</I>>", dag)
    assert sorted(frames) == sorted(["knows no promise", "knows 1 promise", "knows 2-3 promises", "knows 4 promises",
                                     "knows 5 promises", "knows 6-8 promises"])


def test_the_classes_of_the_dag_have_fills_of_their_own(dag):
    # nine numbers of promises known once took six fills and three dashed repeats
    swatches = [(re.search(r'fillcolor="([^"]+)"', line)[1], re.search(r'style="([^"]+)"', line)[1])
                for line in node_lines(dag, "n").values()]
    assert len({fill for fill, _ in swatches}) == len(swatches) == 6
    assert {style for _, style in swatches} == {"rounded,filled"}


def test_the_dag_and_the_report_count_the_same_predictions(game, dag):
    # the picture solved the knowledge groups' tables too, which the report once counted: 1,109 against 1,099
    assert game.dag_nodes() > game.play_predictions()
    (counted,) = re.findall(r"([\d,]+) predictions summarized", dag)
    assert counted == f"{game.play_predictions():,}" == "2,647"
    assert format_report(game).endswith(f"\nPrediction DAG: {counted} predictions behind the play.")


# the why-graph ------------------------------------------------------------------------------
def _levels(dot: str) -> dict[int, int]:
    """How many boxes each level of a why-graph holds, a level being the longest path from the question."""
    edges = [(a, b) for a, b, _ in edges_of(dot)]
    boxes = {n for e in edges for n in e} | set(node_lines(dot, "r"))
    level = {b: 0 for b in boxes}
    for _ in boxes:  # a longest path has fewer edges than there are boxes
        for a, b in edges:
            level[b] = max(level[b], level[a] + 1)
    counts: dict[int, int] = {}
    for b in boxes:
        counts[level[b]] = counts.get(level[b], 0) + 1
    return counts


def test_the_why_graph_draws_at_most_six_boxes_side_by_side(game):
    dot = why_picture(game, "p1 overboard").source
    # ten voter groups, each with its chain of rounds, once stood side by side: 4,222 pixels
    assert max(_levels(dot).values()) <= MAX_WIDTH == 6
    text = dot.replace('<BR ALIGN="LEFT"/>', " ")
    assert "p102, p104, p106, ..., p300 (100 pirates) vote no in round 1: each is offered 0 coins" in text
    assert "52 reasons summarized: each double box stands for alike reasons" in text
    # boxes of alike reasons made on different knowledge take no one colour, and the legend says what white is
    assert any(line.endswith("> peripheries=2]") for line in dot.splitlines())  # no fill
    assert "white, double border: alike reasons made on different<BR/>knowledge, named in the box" in dot


@needs_engine
def test_the_why_graph_is_narrow_on_screen(game):
    png = why_picture(game, "p1 overboard").pipe("png")
    assert int.from_bytes(png[16:20], "big") < 2_000


def test_only_the_question_has_the_heavy_border(game):
    # p284's prediction is made on a knowledge past the 18 distinct swatches, once drawn bold like the question
    dot = why_picture(game, "p296 vote round 284 as p294").source
    boxes = node_lines(dot, "r")
    assert [b for b, line in boxes.items() if "penwidth" in line or "bold" in line] == ["r0"]
    assert 'fillcolor="#FFFFFF" style="rounded,filled"' in boxes["r1"]
    assert "white: 1 more, past the colours, each named in its boxes" in dot


# the summary of wide levels --------------------------------------------------------------
def test_a_level_too_wide_keeps_its_first_boxes_and_counts_the_others():
    order = ["q", *(f"c{i}" for i in range(10)), *(f"d{i}" for i in range(10))]
    edges = [("q", f"c{i}") for i in range(10)] + [(f"c{i}", f"d{i}") for i in range(10)]
    s = summarize_reasons(order, edges, alike=lambda i: i, likeness=lambda m: 0, keep={"q"}, max_boxes=None,
                          chain=None, max_width=6)
    (fold,) = s.narrowed
    assert [b for b in s.boxes if b != fold] == ["q", *(f"c{i}" for i in range(5)), *(f"d{i}" for i in range(5))]
    # the five left out of the wide level, and the five only they lead to
    assert sorted(s.boxes[fold]) == sorted([*(f"c{i}" for i in range(5, 10)), *(f"d{i}" for i in range(5, 10))])
    assert s.edges.count(("q", fold)) == 1 and s.level == "cut" and s.cut is None
    # without a bound on the width nothing is left out
    whole = summarize_reasons(order, edges, alike=lambda i: i, likeness=lambda m: 0, keep={"q"}, max_boxes=None,
                              chain=None)
    assert len(whole.boxes) == 21 and whole.narrowed == ()


def test_a_level_too_wide_first_merges_alike_reasons():
    # eight alike children make one box long before there are more reasons than boxes
    order = ["q", *(f"c{i}" for i in range(8))]
    edges = [("q", f"c{i}") for i in range(8)]
    s = summarize_reasons(order, edges, alike=lambda i: i[0], likeness=lambda m: 0, keep={"q"}, max_boxes=60,
                          chain=None, max_width=6)
    assert list(s.boxes.values()) == [["q"], [f"c{i}" for i in range(8)]] and s.level == "alike"
    narrow = summarize_reasons(order[:7], edges[:6], alike=lambda i: i[0], likeness=lambda m: 0, keep={"q"},
                               max_boxes=60, chain=None, max_width=6)
    assert narrow.level == "reasons" and len(narrow.boxes) == 7


# the explorer in the browser --------------------------------------------------------------
def test_the_explorer_lists_promises_and_knowledge_in_rank_order():
    # by their text they came p12 before p2 and p3, and "knows p12's ..." before "knows p3's ..."
    from epistemic.models.pirates import promise
    from epistemic.models.pirates.browser import explorer_page
    game = PirateGame(24, 5, [promise(24, m, [0] * (24 - m) + [5], hearers=told)
                              for m, told in ((20, [1, 2, 11]), (12, [10]), (2, [11, 15, 20]), (3, [11, 13]))])
    page = explorer_page(game, depth=1, renderer=None).replace("&#x27;", "'")
    assert re.findall(r"· (p\d+) promises", page) == ["p2", "p3", "p12", "p20"]
    believed = list(dict.fromkeys(re.findall(r"as believed: ([^<\"]*)", page)))
    assert believed == ["knows p3's and p20's promises", "knows p12's and p20's promises"]

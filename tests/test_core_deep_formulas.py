"""Formulas nested as deeply as their text allows: read, checked, pickled and graded without recursion,
so that a chain of 100,000 negations or knowledge operators is answered like any formula of its length.

A chain a few times deeper than Python's recursion limit (about 1,000 frames, which pickle and the
interpreter both keep) fails any walk that recurses a level a level of the formula, as no code here
raises that limit: such chains prove "no recursion" as well as 100,000 levels do, at a twentieth of
the cost.  One chain of 100,000 levels, through both kinds of operator, still proves bounded memory."""

from __future__ import annotations

import json
import pickle
import sys

import pytest

from cli_runs import run_child
from grading_runs import grade_one
from epistemic import parse_formula

COIN = "docs/examples/coin.json"
DEPTH = 100_000
#: a few times the recursion limit (see above)
BEYOND_RECURSION = 5_000


@pytest.mark.parametrize("prefix", ["~", "K_alice "])
def test_a_formula_far_deeper_than_the_recursion_limit_pickles(prefix):
    # a worker process gets its formulas by pickle: the grader's, the workbench's
    assert BEYOND_RECURSION > 4 * sys.getrecursionlimit()
    deep = parse_formula(prefix * BEYOND_RECURSION + "heads")
    back = pickle.loads(pickle.dumps(deep))
    assert back == deep and hash(back) == hash(deep)


def test_a_shared_subformula_is_pickled_once():
    # twelve conjunctions of a formula with itself: 4,096 copies of K_a p as a tree, 13 distinct formulas
    built = once = parse_formula("K_a p")
    for _ in range(12):
        built = built & built
    assert len(pickle.dumps(built)) < 2 * len(pickle.dumps(once)) + 12 * 40
    assert pickle.loads(pickle.dumps(built)) == built


@pytest.mark.parametrize("prefix, holds, depth", [("~", True, BEYOND_RECURSION), ("K_alice ", False, BEYOND_RECURSION),
                                                  ("K_alice ~", True, DEPTH)])
def test_a_chain_of_prefixes_is_answered_in_bounded_memory(tmp_path, prefix, holds, depth):
    # every prefix is one more level: read and checked level by level, in a child capped at 2 GiB
    assert depth > 4 * sys.getrecursionlimit()
    path = tmp_path / "deep.txt"
    path.write_text(prefix * depth + "heads\n", encoding="utf-8")
    code, out, err = run_child("check", COIN, "--formula-file", path, "--json", timeout=300)
    assert (code, err) == (0, "")
    # the coin lies heads up, unseen by alice: an even number of ~ before heads is heads; she does not know
    # heads, nor anything false somewhere; K_alice ~ twice over turns false everywhere into true everywhere
    assert json.loads(out)["holds"] is holds


def test_a_sheet_with_a_formula_thousands_of_levels_deep_is_graded(tmp_path):
    # the grader pickles the sheet's exercises to its worker process
    code, out, err = grade_one(tmp_path, "~" * 5_000 + "p")
    assert (code, err) == (0, "")
    assert out.splitlines()[1].startswith("ada,1,worlds,right,1,")

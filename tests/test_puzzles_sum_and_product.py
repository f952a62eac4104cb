"""Sum and product (Freudenthal 1969) against the published answer.

The answer x = 4, y = 13 is Freudenthal's; the formalization (sentences 1
and 2 as one announcement ``K_S ~K_P``, then ``K_P``, then ``K_S``) is that
of van Ditmarsch, Ruan and Verbrugge, "Sum and product in dynamic epistemic
logic", Journal of Logic and Computation 18(4), 2008.
"""

from __future__ import annotations

import numpy as np
import pytest

from epistemic import Knows, truth_array, worlds_where
from epistemic.formulas import Atom, disjunction
from epistemic.models.puzzles.common import PuzzleError
from epistemic.models.puzzles.sum_and_product import (P, S, initial_model, initial_structure, knows_bits, knows_numbers,
                                                      pairs, solve, statements, survivors)
from epistemic.symbolic import to_kripke
from epistemic.symbolic import truth as symbolic_truth

#: The sums S can hold once he says "I knew you didn't": the classical list.
KNEW_SUMS = {11, 17, 23, 27, 29, 35, 37, 41, 47, 53}


def test_published_answer():
    # Freudenthal 1969; van Ditmarsch, Ruan and Verbrugge 2008: the pair is (4, 13)
    solution = solve()
    assert (solution.answer["x"], solution.answer["y"]) == (4, 13)
    assert solution.story.model.worlds == [(4, 13)]
    assert survivors(100) == [(4, 13)]


def test_worlds_after_each_announcement():
    rounds = solve().story.rounds
    # 2,352 pairs: for x = 2 .. 49 there are 100 - 2x values of y
    assert rounds[0].worlds == sum(100 - 2 * x for x in range(2, 50)) == 2352
    # "I knew you didn't" leaves exactly the pairs whose sum is in the classical list of ten sums,
    # a sum s having (s - 1) // 2 - 1 pairs: 145 in all
    assert {x + y for x, y in rounds[1].model.worlds} == KNEW_SUMS
    assert rounds[1].worlds == sum((s - 1) // 2 - 1 for s in KNEW_SUMS) == 145
    # 86 after "Now I know": computed by this model, not checked against a published count
    assert rounds[2].worlds == 86
    assert rounds[3].worlds == 1
    assert solve().answer["worlds_left"] == [2352, 145, 86, 1]


def test_announcing_sentences_one_by_one_fails():
    # why sentences 1 and 2 are one announcement: after P's "I don't know", P still knows
    # no pair, so S's K_S ~K_P removes nothing and P's "Now I know" is false everywhere
    m = initial_model(100)
    p_knows = knows_numbers(P, 100)
    for formula, left in [(~p_knows, 1747), (Knows(S, ~p_knows), 1747), (p_knows, 0)]:
        m = m.restricted(truth_array(m, formula))
        assert len(m) == left


def test_knowing_the_numbers_is_a_singleton_block():
    m = initial_model(100)
    for agent in (S, P):
        block = m.relation_of(agent).block
        single = np.bincount(block)[block] == 1
        assert np.array_equal(truth_array(m, knows_numbers(agent, 100)), single)


def test_encoding_agrees_with_a_disjunction_over_pairs():
    # the paper's K_P (x, y): some pair (x, y) with K_P (x & y)
    limit = 30
    m = initial_model(limit)
    for agent in (S, P):
        by_pairs = disjunction(Knows(agent, Atom(f"x{x}") & Atom(f"y{y}")) for x, y in pairs(limit))
        assert np.array_equal(truth_array(m, by_pairs), truth_array(m, knows_numbers(agent, limit)))


def test_limits():
    # computed here: no pair survives below 65, and (4, 13) is the answer from 65 to 200
    assert survivors(64) == []
    assert survivors(65) == [(4, 13)]
    answer = solve(limit=200).answer
    assert (answer["x"], answer["y"]) == (4, 13)


def test_text():
    text = solve().text()
    assert "1 world left ((4, 13))" in text
    assert text.splitlines()[-1] == "Answer: x = 4 and y = 13 (sum 17, product 52)"
    assert len(statements(100)) == 3


def test_the_binary_structure_is_the_model():
    # SMCDEL's sapKnStruct: x, y, x + y and x * y in binary, S observing the sum, P the product
    limit = 40
    model, structure = initial_model(limit), initial_structure(limit)
    assert structure.state_names(structure.law) == model.worlds == pairs(limit)
    listed = to_kripke(structure)
    for agent in (S, P):
        assert sorted(map(sorted, listed.partition(agent))) == sorted(map(sorted, model.partition(agent)))
        # knowing every bit of x and y is knowing the numbers
        known = structure.states(symbolic_truth(structure, knows_bits(agent, limit)))
        assert sorted(map(structure.name, known)) == sorted(worlds_where(model, knows_numbers(agent, limit)))


@pytest.mark.parametrize("limit", [65, 100])
def test_both_engines_tell_the_same_story(limit):
    # Freudenthal's (4, 13) on both; the formulas differ (atoms x4 on one, bits on the other), nothing else
    explicit, symbolic = solve(limit=limit, engine="explicit"), solve(limit=limit, engine="symbolic")
    assert symbolic.text() == explicit.text()
    assert symbolic.answer == explicit.answer
    rounds = [explicit.to_dict()["rounds"], symbolic.to_dict()["rounds"]]
    for told in rounds:
        for r in told:
            r.pop("formula")
    assert rounds[0] == rounds[1]
    assert survivors(limit, engine="symbolic") == [(4, 13)]


@pytest.mark.parametrize("given, message", [
    ({"engine": "bdd"}, "unknown engine 'bdd'"),
    ({"limit": 64}, "limit must be at least 65"),
    ({"limit": 201}, "limit must be at most 200"),
    ({"limit": "100"}, "limit must be a whole number"),
    ({"n": 3}, "unknown parameter 'n'"),
])
def test_bad_parameters(given, message):
    with pytest.raises(PuzzleError, match=message):
        solve(**given)

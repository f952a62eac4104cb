"""The dining cryptographers against Chaum's claims and SMCDEL's checks.

D. Chaum, "The dining cryptographers problem: unconditional sender and
recipient untraceability", Journal of Cryptology 1(1), 1988, 65-75: the
diners' bits add up to 1 exactly when one of them paid, so everyone learns
whether a diner paid; a diner who did not pay learns nothing of who did
(on a ring of coins, every other diner stays possible); colluding diners
who together see every coin around one diner's neighbours learn more.

SMCDEL (J. van Benthem, J. van Eijck, M. Gattinger and K. Su, "Symbolic
model checking for dynamic epistemic logic: S5 and beyond", J. Logic and
Computation 28(2), 2018), module SMCDEL.Examples.DiningCrypto and
bench/diningcrypto.hs: the formula checked for up to 90 and more diners.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Announce, Distributed, Iff, Knows, Not, Possible, worlds_where
from epistemic.engines import holds
from epistemic.formulas import atoms, conjunction, disjunction
from epistemic.models.puzzles import solve as solve_puzzle
from epistemic.models.puzzles.common import PuzzleError
from epistemic.models.puzzles.dining_cryptographers import (NSA, anonymous, coin, diner, initial_model,
                                                            initial_structure, knows_who_paid, paid, says, solve,
                                                            toss)
from epistemic.symbolic import states_where, to_kripke

_CASES = st.integers(3, 6).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(0, 2**32 - 1)))


@pytest.mark.parametrize("n", [3, 4, 7])
def test_each_coin_is_shared_by_two_neighbours_round_the_table(n):
    # Chaum 1988: the diners sit round a table, each flips a coin seen by her right neighbour, so each
    # coin goes into exactly two diners' words (the last diner shares hers with the first)
    spoken = [atoms(says(i, n)) for i in range(1, n + 1)]
    assert [sorted(words) for words in spoken][-1] == sorted({f"paid{n}", f"coin{n}", "coin1"})
    for i in range(1, n + 1):
        assert sum(f"coin{i}" in words for words in spoken) == 2


@settings(max_examples=25, deadline=None)
@given(_CASES)
def test_chaum_claims(case):
    n, payer, seed = case
    solution = solve(n=n, payer=payer, seed=seed, engine="explicit")
    answer, after = solution.answer, solution.story.model
    # Chaum 1988: each coin is counted twice, so the bits add up to whether a diner paid
    assert answer["a_diner_paid"] == (payer != 0) == (answer["said"].count("1") % 2 == 1)
    # ... and that is common knowledge once they are said; not before
    assert answer["common_knowledge"]
    assert [dict(r.answers)["every diner knows whether a diner paid"] for r in solution.story.rounds] == [False, True]
    # for each payer the coins are fixed up to turning all of them over: 2 worlds a possible payer
    assert answer["worlds_left"] == [(n + 1) * 2 ** n, 2 * n if payer else 2]
    # untraceable: whoever did not pay considers every other diner possible; if the NSA paid, all know it
    assert set(worlds_where(after, anonymous(n))) == set(after.worlds)
    knowers = [j for j in range(1, n + 1) if holds(after, knows_who_paid(j, n))]
    assert knowers == ([payer] if payer else list(range(1, n + 1)))
    assert answer["watcher_knows_who_paid"] == (payer == 0)


@settings(max_examples=15, deadline=None)
@given(_CASES)
def test_both_engines_tell_the_same_story(case):
    n, payer, seed = case
    explicit = solve(n=n, payer=payer, seed=seed, engine="explicit")
    symbolic = solve(n=n, payer=payer, seed=seed, engine="symbolic")
    assert symbolic.text() == explicit.text()
    assert symbolic.to_dict() == explicit.to_dict()


def test_the_model_and_the_structure_have_the_same_worlds():
    n, heads = 4, toss(4, 5)
    model, structure = initial_model(n, 2, heads), initial_structure(n, 2, heads)
    assert structure.state_names(structure.law) == model.worlds
    listed = to_kripke(structure)
    for i in range(1, n + 1):
        assert sorted(map(sorted, listed.partition(diner(i)))) == sorted(map(sorted, model.partition(diner(i))))
    (actual,) = model.actual
    for i in range(1, n + 1):
        # a diner sees whether she paid and two coins: the payer (diner 2) is left with the other
        # coins' tosses, any other diner also with n possible payers (the NSA and the others)
        assert len(model.accessible(actual, diner(i))) == (n if i != 2 else 1) * 2 ** (n - 2)


def test_colluding_neighbours_of_the_payer_find_her():
    # Chaum 1988, section 2: diners who pool their coins cut the ring; around 4 diners, diners 2 and 4
    # see every coin between them and diner 1, and together know she paid; diners 2 and 3 do not
    after = solve(n=4, payer=1, engine="explicit").story.model
    assert holds(after, Distributed([diner(2), diner(4)], paid(1)))
    assert not holds(after, Distributed([diner(2), diner(3)], paid(1)))
    assert not holds(after, Knows(diner(2), paid(1))) and not holds(after, Knows(diner(4), paid(1)))


def _whether(announced, after):
    """SMCDEL's ``PubAnnounceW``: after it is announced whether ``announced``."""
    return (announced >> Announce(announced, after)) & (Not(announced) >> Announce(Not(announced), after))


def smcdel_bench_formula(n: int):
    """bench/diningcrypto.hs: if diner 1 did not pay then, after the parity of all
    bits is announced, she knows that no diner paid, or that one of the others
    did without knowing which."""
    parity = says(1, n)
    for i in range(2, n + 1):
        parity = Not(Iff(parity, says(i, n)))  # xor
    others = range(2, n + 1)
    learned = (Knows(diner(1), conjunction(Not(paid(k)) for k in range(1, n + 1)))
               | (Knows(diner(1), disjunction(paid(k) for k in others))
                  & conjunction(Not(Knows(diner(1), paid(k))) for k in others)))
    return Not(paid(1)) >> _whether(parity, learned)


@pytest.mark.parametrize("n", [3, 5, 90])
def test_smcdel_benchmark_formula_is_valid(n):
    # SMCDEL checks it valid for 3 to 90 and more diners (about a second for 90, with CUDD)
    structure = initial_structure(n, 1, toss(n, 0))
    assert states_where(structure, Not(smcdel_bench_formula(n)), limit=1) == []
    if n <= 5:
        model = initial_model(n, 1, toss(n, 0))
        assert set(worlds_where(model, smcdel_bench_formula(n))) == set(model.worlds)


@pytest.mark.parametrize("n, payer", [(90, 1), (200, 57), (90, 0)])
def test_published_answer_beyond_what_can_be_listed(n, payer):
    # Chaum 1988 for (n + 1) * 2**n worlds: only a symbolic model holds them
    solution = solve(n=n, payer=payer)
    answer = solution.answer
    assert answer["a_diner_paid"] == (payer != 0) and answer["common_knowledge"]
    assert answer["worlds_left"] == [(n + 1) * 2 ** n, 2 * n if payer else 2]
    assert answer["watcher_knows_who_paid"] == (payer == 0)
    # the diner after the payer considers every other diner possible
    watcher = diner(answer["watcher"])
    others = [i for i in range(1, n + 1) if diner(i) != watcher]
    assert holds(solution.story.model, conjunction(Possible(watcher, paid(i)) for i in others)) == (payer != 0)


def test_text_and_cli_dispatch():
    solution = solve_puzzle("dining-cryptographers", n=3, payer=2, seed=1988)
    lines = solution.text().splitlines()
    assert lines[0].startswith("start: 32 worlds; every diner knows whether a diner paid: no")
    assert lines[1].startswith("1. the diners say ")
    assert solution.answer["coins"] == "THT" and solution.answer["watcher"] == 1
    assert str(says(2, 3)) == "paid2 <-> coin2 <-> coin3" and coin(1).name == "coin1" and NSA.name == "nsa"


@pytest.mark.parametrize("given, message", [
    ({"n": 2}, "n must be at least 3"),
    ({"n": 501}, "n must be at most 500"),
    ({"n": 4, "payer": 5}, "payer must be 0 to 4, got 5"),
    ({"payer": -1}, "payer must be at least 0"),
    ({"seed": -3}, "seed must be at least 0"),
    ({"n": 11, "engine": "explicit"}, "the explicit engine takes n up to 10, got 11: use the symbolic"),
    ({"n": 3, "engine": "bdd"}, "unknown engine 'bdd'"),
    ({"diners": 3}, "unknown parameter 'diners'"),
])
def test_bad_parameters(given, message):
    with pytest.raises(PuzzleError, match=message):
        solve(**given)

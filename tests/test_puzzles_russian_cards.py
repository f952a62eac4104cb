"""The Russian cards problem against the published answers.

H. van Ditmarsch, "The Russian cards problem", Studia Logica 75(1), 2003,
31-62: the deal 012.345.6, Alice's announcement 012 034 056 135 246, Bob's
answer "Eve holds 6"; Prop. 32 there: no safe announcement holds two hands
that share two cards.

SMCDEL (J. Gattinger et al.), module SMCDEL.Examples.RussianCards and its
test suite test/Examples.hs: ``rcAllChecks`` (the eight checks of that
protocol), ``length allHandLists == 1290`` (sets of five, six or seven
hands, no two sharing two cards), ``length safeHandLists == 102`` ("there
are 102 solutions", the same list as Figure 3 of van Ditmarsch 2003), and
its first and last elements.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from epistemic import Announce, Common, Knows, holds
from epistemic.models.puzzles.common import PuzzleError
from epistemic.models.puzzles.russian_cards import (ALICE, BOB, CLASSIC, EVE, alice_knows_bob, alice_says, bob_knows_alice,
                                          bob_says, candidate_announcements, eve_ignorant, hand_text,
                                          initial_model, initial_structure, is_safe, safe_announcements, safety,
                                          solve)
from epistemic.symbolic import to_kripke

EVERYONE = (ALICE, BOB, EVE)


def test_initial_model():
    m = initial_model()
    assert len(m) == 140                                   # C(7,3) * C(4,3)
    assert [len(m.partition(a)) for a in EVERYONE] == [35, 35, 7]
    assert sorted(m.actual) == ["012.345.6"]


def test_smcdel_rc_all_checks():
    # SMCDEL rcCheck 0..7 for aAnnounce = 012 034 056 135 246 and bAnnounce = "Carol has 6"
    m, a, b = initial_model(), alice_says(CLASSIC), bob_says(6)
    checks = [
        a,
        Announce(a, bob_knows_alice()),
        Announce(a, Common((ALICE, BOB), bob_knows_alice())),
        Announce(a, Knows(BOB, bob_says(6).arg)),
        Announce(a, Common(EVERYONE, eve_ignorant())),
        Announce(a, Announce(b, Common((ALICE, BOB), alice_knows_bob()))),
        Announce(a, Announce(b, Common((ALICE, BOB), bob_knows_alice()))),
        Announce(a, Announce(b, Common(EVERYONE, eve_ignorant()))),
    ]
    assert all(holds(m, f) for f in checks)
    assert is_safe(CLASSIC, m)


def test_candidates_count():
    # SMCDEL: length allHandLists == 1290
    candidates = candidate_announcements()
    assert len(candidates) == 1290
    assert all(len(set(h) & set(g)) < 2 for hands in candidates for h, g in combinations(hands, 2))


def test_published_count_of_safe_announcements():
    # SMCDEL test suite: "there are 102 solutions"; safeHandLists (sorted) has 102 elements,
    # the list of Figure 3 in van Ditmarsch (2003)
    safe = safe_announcements()
    assert len(safe) == 102
    assert all((0, 1, 2) in hands for hands in safe)
    # SMCDEL's documented head and last of safeHandLists
    assert [hand_text(h) for h in safe[0]] == ["012", "034", "056", "135", "146", "236"]
    assert [hand_text(h) for h in safe[-1]] == ["012", "056", "146", "236", "345"]
    assert CLASSIC in safe


def test_weaker_definition_gives_the_same_announcements():
    # "Bob knows Alice's hand and Eve knows no card of theirs, commonly known to all three
    # after the announcement" picks out the same 102 (no need of Bob's answer)
    m = initial_model()
    goal = Common(EVERYONE, bob_knows_alice() & eve_ignorant())
    weak = [h for h in candidate_announcements() if holds(m, alice_says(h)) and holds(m, Announce(alice_says(h), goal))]
    assert tuple(weak) == safe_announcements()


def test_crossing_hands_are_never_safe():
    # van Ditmarsch (2003), Prop. 32, on a sample of five-hand announcements holding 012
    # (all 46,376 of them were checked once: the 60 safe ones are exactly the safe five-hand candidates)
    others = [h for h in combinations(range(7), 3) if h != (0, 1, 2)]
    rng = random.Random(2003)
    m = initial_model()
    crossing = 0
    for _ in range(150):
        hands = ((0, 1, 2), *rng.sample(others, 4))
        if any(len(set(h) & set(g)) >= 2 for h, g in combinations(hands, 2)):
            crossing += 1
            assert not is_safe(hands, m)
    assert crossing > 100


def test_telling_none_of_my_cards_is_unsafe():
    # "012, or a hand of none of my cards": Bob learns the deal, but had Eve held 0 she would learn
    # that Bob holds 1 and 2, so Eve's ignorance is not common knowledge
    hands = [(0, 1, 2), (3, 4, 5), (3, 4, 6), (3, 5, 6), (4, 5, 6)]
    m, said = initial_model(), alice_says(hands)
    assert holds(m, said) and holds(m, Announce(said, bob_knows_alice()))
    assert not holds(m, Announce(said, Common(EVERYONE, eve_ignorant())))
    assert not is_safe(hands, m)


def test_an_announcement_alice_cannot_make_is_not_safe():
    # she holds 012: "I hold 345 or 016" is false, and so is its safety, though after it anything holds
    hands = [(3, 4, 5), (0, 1, 6)]
    m = initial_model()
    assert not holds(m, alice_says(hands)) and holds(m, Announce(alice_says(hands), Common(EVERYONE, eve_ignorant())))
    assert not holds(m, safety(hands)) and not is_safe(hands, m)


def test_story():
    solution = solve()
    rounds = solution.story.rounds
    assert [r.worlds for r in rounds] == [140, 20, 3]
    assert [r.announcement for r in rounds[1:]] == ["Alice: my hand is one of 012 034 056 135 246",
                                                    "Bob: Eve holds card 6"]
    answers = [dict(r.answers) for r in rounds]
    assert [a["Bob knows Alice's hand"] for a in answers] == [False, True, True]
    assert [a["Alice knows Bob's hand"] for a in answers] == [False, False, True]
    assert not any(a["Eve knows who holds card 0"] for a in answers)
    assert not any(a["Eve knows who holds a card of Alice or Bob"] for a in answers)
    assert solution.answer["safe"] and solution.answer["deal"] == "012.345.6"
    assert solution.text().endswith(solution.summary)


@pytest.mark.parametrize("k", [1, 102])
def test_solve_tells_the_kth_safe_announcement(k):
    solution = solve(announcement=k)
    assert solution.answer["announcement"] == [hand_text(h) for h in safe_announcements()[k - 1]]
    assert solution.answer["safe"]


def test_the_structure_is_the_model():
    # SMCDEL's rusKNS: 21 atoms, a law allowing the 140 deals, each agent observing her own atoms
    model, structure = initial_model(), initial_structure()
    assert structure.size == 140 and len(structure.atoms) == 21
    assert structure.state_names(structure.law) == model.worlds
    listed = to_kripke(structure)
    for agent in EVERYONE:
        assert sorted(map(sorted, listed.partition(agent))) == sorted(map(sorted, model.partition(agent)))
    assert [listed.facts(w) for w in listed.worlds] == [model.facts(w) for w in model.worlds]


@pytest.mark.parametrize("k", [0, 1, 57, 102])
def test_both_engines_tell_the_same_story(k):
    explicit, symbolic = solve(announcement=k, engine="explicit"), solve(announcement=k, engine="symbolic")
    assert symbolic.text() == explicit.text()
    assert symbolic.to_dict() == explicit.to_dict()


def test_published_count_of_safe_announcements_on_the_symbolic_engine():
    # SMCDEL decides the 102 on its knowledge structure; so do we, and they are the explicit engine's
    safe = safe_announcements("symbolic")
    assert len(safe) == 102 and safe == safe_announcements("explicit")
    structure = initial_structure()
    assert not is_safe([(0, 1, 2), (3, 4, 5), (3, 4, 6), (3, 5, 6), (4, 5, 6)], structure)


@pytest.mark.parametrize("given, message", [({"announcement": 103}, "at most 102"),
                                            ({"announcement": -1}, "at least 0"),
                                            ({"cards": 7}, "unknown parameter"),
                                            ({"engine": "bdd"}, "unknown engine 'bdd'")])
def test_bad_parameters(given, message):
    with pytest.raises(PuzzleError, match=message):
        solve(**given)

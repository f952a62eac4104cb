"""The muddy children against the published answer.

Fagin, Halpern, Moses and Vardi, *Reasoning about Knowledge* (MIT Press,
1995), sections 1.1 and 2.3: with k muddy children, the children all answer
"no" the first k - 1 times the father asks, and the muddy ones answer "yes"
the k-th time; after m rounds of "no" it is common knowledge that at least
m + 1 children are muddy.
"""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Common, Everybody, holds
from epistemic.models.puzzles.common import PuzzleError
from epistemic.models.puzzles import dining_cryptographers, drinking_logicians, muddy_children
from epistemic.models.puzzles.muddy_children import child, initial_model, muddy, solve, world_name


@pytest.mark.parametrize("n, k", [(1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3), (5, 3),
                                  (8, 1), (8, 3), (8, 8), (10, 4)])
def test_published_answer(n, k):
    # FHMV 1995, section 1.1: k - 1 rounds of "nobody knows", then the muddy children know
    answer = solve(n=n, k=k).answer
    assert answer["rounds_of_nobody_knows"] == k - 1
    assert answer["muddy_know_after"] == k - 1
    # once the muddy children step forward, the clean ones know too (none to wait for when k = n)
    assert answer["everyone_knows_after"] == (k if k < n else k - 1)


def check_story(n, k):
    story = solve(n=n, k=k).story
    rounds = story.rounds
    assert rounds[1].announcement == "father: at least one of you is muddy"
    for m in range(k):           # after the father and m rounds of "nobody knows"
        r = rounds[1 + m]
        if m:
            assert r.announcement == "nobody knows whether they are muddy"
        # FHMV 1995, section 2.3: the worlds left are those with at least m + 1 muddy children
        assert all(w.count("M") >= m + 1 for w in r.model.worlds)
        assert r.worlds == sum(comb(n, j) for j in range(m + 1, n + 1))
        answers = dict(r.answers)
        assert answers["the muddy children know they are muddy"] == (m == k - 1)
        assert answers["some child knows whether it is muddy"] == (m == k - 1)
    last = dict(rounds[-1].answers)
    assert last["every child knows whether it is muddy"]
    assert rounds[-1].model.worlds == [world_name((1 << k) - 1, n)]


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, n))))
def test_rounds_property(nk):
    check_story(*nk)


def test_story_n8():
    check_story(8, 5)


def test_common_knowledge_after_the_father():
    # the father's announcement makes "at least one is muddy" common knowledge, though
    # with k >= 2 everybody already knew it
    n, k = 4, 2
    m = initial_model(n, k)
    someone = muddy(1) | muddy(2) | muddy(3) | muddy(4)
    group = [child(i) for i in range(1, n + 1)]
    assert not holds(m, Common(group, someone))
    story = solve(n=n, k=k).story
    assert holds(story.rounds[1].model, Common(group, someone))
    assert holds(m, Everybody(group, someone))


def test_model_shape():
    m = initial_model(4, 1)
    assert len(m) == 16 and m.actual == {"MCCC"}
    assert m.facts("MCMC") == {"m1", "m3"}
    assert m.accessible("MCMC", child(3)) == {"MCMC", "MCCC"}
    assert all(m.is_equivalence(child(i)) for i in range(1, 5))


def test_text_and_dict():
    solution = solve(n=3, k=2)
    lines = solution.text().splitlines()
    assert lines[2].startswith("2. nobody knows whether they are muddy: 4 worlds left")
    assert lines[3].startswith("3. c1, c2 know whether they are muddy; c3 does not: 1 world left (MMC)")
    assert solution.to_dict()["answer"]["muddy_know_after"] == 1


@pytest.mark.parametrize("given, message", [
    ({"n": 3, "k": 0}, "k must be at least 1"),
    ({"n": 3, "k": 4}, "k must be at most n = 3"),
    ({"n": 201, "k": 1}, "n must be at most 200"),
    ({"n": 17, "k": 1, "engine": "explicit"}, "the explicit engine takes n up to 16, got 17: use the symbolic"),
    ({"n": 3, "k": 1, "engine": "bdd"}, "unknown engine 'bdd'"),
    ({"n": 0, "k": 1}, "n must be at least 1"),
    ({"n": 3, "k": 1.5}, "k must be a whole number"),
    ({"children": 3}, "unknown parameter 'children'"),
])
def test_bad_parameters(given, message):
    with pytest.raises(PuzzleError, match=message):
        solve(**given)


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 7).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, n))))
def test_both_engines_tell_the_same_story(nk):
    n, k = nk
    explicit, symbolic = solve(n=n, k=k, engine="explicit"), solve(n=n, k=k, engine="symbolic")
    assert symbolic.text() == explicit.text()
    assert symbolic.to_dict() == explicit.to_dict()


@pytest.mark.parametrize("n, k", [(40, 3), (60, 2), (30, 30)])
def test_published_answer_beyond_what_can_be_listed(n, k):
    # FHMV 1995, section 1.1, for 2**30 to 2**60 worlds: only a symbolic model holds them
    solution = solve(n=n, k=k)
    answer = solution.answer
    assert answer["rounds_of_nobody_knows"] == answer["muddy_know_after"] == k - 1
    assert answer["everyone_knows_after"] == (k if k < n else k - 1)
    # FHMV 1995, section 2.3: after the father, the worlds with at least one muddy child are left
    assert solution.story.rounds[1].worlds == 2 ** n - 1
    assert solution.story.rounds[-1].worlds == 1


@pytest.mark.parametrize("module", [muddy_children, drinking_logicians, dining_cryptographers])
def test_the_documented_sizes_are_those_each_engine_takes(module):
    # the paragraph on n in solve's docstring names the most each engine takes, and the parameter's bound
    # is the symbolic engine's
    lines = module.solve.__doc__.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("n : int"))
    paragraph = []
    for line in lines[start + 1:]:
        if not line.startswith(" " * 8):
            break
        paragraph += line.split()
    text = " ".join(paragraph) + " "
    for most in module.MOST.values():
        assert f"to {most} " in text
    n = next(p for p in module.PARAMETERS if p.name == "n")
    assert n.maximum == module.MOST["symbolic"]


def test_a_hundred_and_fifty_children_on_the_symbolic_engine():
    # FHMV 1995, section 1.1: k - 1 rounds of "nobody knows"; the symbolic engine takes n up to 200
    assert solve(n=200, k=2, engine="symbolic").answer["rounds_of_nobody_knows"] == 1
    with pytest.raises(PuzzleError, match="n up to 16"):
        solve(n=17, k=2, engine="explicit")

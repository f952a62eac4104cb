"""Models from descriptions: atoms, a law, and what each agent observes."""

from __future__ import annotations

import functools
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Agent, FormulaError, FormulaSyntaxError, ModelError, building, holds, parse_formula
from epistemic import formulas as fm
from epistemic.building import MAX_ATOMS, describe_model, valuation_name

A, B, C = Agent("a"), Agent("b"), Agent("c")


def muddy(n: int, actual=None):
    """n children; child i sees every forehead but its own."""
    names = [f"m{i}" for i in range(1, n + 1)]
    children = {Agent(f"c{i}"): [x for x in names if x != f"m{i}"] for i in range(1, n + 1)}
    return describe_model(names, "top", children, actual=actual), list(children)


# worlds, names, facts -------------------------------------------------------------

def test_worlds_are_the_valuations_of_the_law_in_counting_order():
    m = describe_model(["p", "q", "r"], "p | q", {A: ["p"]})
    assert m.worlds == ["p", "q", "p q", "p r", "q r", "p q r"]
    assert m.facts("p r") == {"p", "r"}
    assert m.agents == {A}


def test_names_follow_the_order_of_the_atoms():
    m = describe_model(["q", "p"], "top", {})
    assert m.worlds == ["-", "q", "p", "q p"]
    assert m.facts("-") == frozenset()
    assert valuation_name(["p", "q"], ["q", "p"]) == "q p"


def test_no_atoms_is_one_world():
    m = describe_model([], observes={A: []})
    assert m.worlds == ["-"] and m.actual == {"-"}
    assert m.partition(A) == [["-"]]


def test_law_given_as_a_formula():
    p, q = fm.Atom("p"), fm.Atom("q")
    m = describe_model(["p", "q"], fm.Iff(p, ~q), {A: ["q"]})
    assert m.worlds == ["p", "q"]
    assert m.partition(A) == [["p"], ["q"]]


# relations ---------------------------------------------------------------------

def test_agents_cannot_tell_apart_worlds_agreeing_on_what_they_observe():
    m = describe_model(["p", "q"], "top", {A: ["p"], B: [], C: ["p", "q"]})
    assert m.partition(A) == [["-", "q"], ["p", "p q"]]
    assert m.partition(B) == [["-", "p", "q", "p q"]]
    assert m.partition(C) == [["-"], ["p"], ["q"], ["p q"]]
    assert all(m.is_equivalence(x) for x in (A, B, C))


def test_muddy_children():
    m, _ = muddy(3, actual=["m1", "m2", "m3"])
    assert len(m) == 8 and m.actual == {"m1 m2 m3"}
    nobody = " & ".join(f"~Kw_c{i} m{i}" for i in (1, 2, 3))
    # after "one of you is muddy" and two rounds of "nobody knows", everyone knows
    story = f"[!m1 | m2 | m3] ({nobody} & [!{nobody}] ({nobody} & [!{nobody}] (Kw_c1 m1 & Kw_c2 m2 & Kw_c3 m3)))"
    assert holds(m, parse_formula(story))
    # with one muddy child, that child knows at once
    one, _ = muddy(3, actual=["m2"])
    assert holds(one, parse_formula("[!m1 | m2 | m3] (K_c2 m2 & ~Kw_c1 m1)"))


# actual worlds -----------------------------------------------------------------------

def test_no_actual_means_every_world_actual():
    m = describe_model(["p", "q"], "p -> q", {A: ["p"]})
    assert m.actual == set(m.worlds)
    assert holds(m, parse_formula("K_a (p -> q)"))          # valid in the described model
    assert not holds(m, parse_formula("K_a q"))             # fails at '-' and 'q'


@pytest.mark.parametrize("actual", [["q", "p"], {"p", "q"}, "p q", ("q", "p", "q")])
def test_actual_by_atoms_or_by_name(actual):
    m = describe_model(["p", "q"], "top", {A: ["p"]}, actual=actual)
    assert m.actual == {"p q"}


def test_actual_nothing_true():
    assert describe_model(["p"], "top", {}, actual=[]).actual == {"-"}
    assert describe_model(["p"], "top", {}, actual="-").actual == {"-"}


# errors --------------------------------------------------------------------------

@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        (dict(atoms=["p"], law="K_a p"), FormulaError, "a law is propositional: it cannot use Knows (in 'K_a p')"),
        (dict(atoms=["p"], law="[!p] p"), FormulaError, "cannot use Announce"),
        (dict(atoms=["p"], law="p & q"), FormulaError, "the law names atom 'q', which is not among the atoms (p)"),
        (dict(atoms=["p"], law="p &"), FormulaSyntaxError, "line 1, column 4"),
        (dict(atoms=["p"], law=3), FormulaError, "a law is a formula or its text"),
        (dict(atoms=["p"], law="p & ~p"), ModelError, "no valuation of p satisfies the law 'p & ~p'"),
        (dict(atoms=["p", "p"]), ModelError, "atom 'p' is given twice"),
        (dict(atoms=["K_x"]), FormulaError, "bad atom name 'K_x'"),
        (dict(atoms="pq"), ModelError, "not the text 'pq'"),
        (dict(atoms=[f"p{i}" for i in range(MAX_ATOMS + 1)]), ModelError, "25 atoms are too many"),
        (dict(atoms=["p"], observes={"a": ["p"]}), ModelError, "agents must be Agent objects"),
        (dict(atoms=["p"], observes={A: ["q"]}), ModelError, "a observes 'q', which is not among the atoms (p)"),
        (dict(atoms=["p"], observes={A: "p"}), ModelError, "not the text 'p'"),
        (dict(atoms=["p"], law="p", actual=[]), ModelError, "the actual world '-' does not satisfy the law"),
        (dict(atoms=["p"], actual=["q"]), ModelError, "makes 'q' true, which is not among the atoms"),
        (dict(atoms=["p"], actual=3), ModelError, "got 3"),
    ],
)
def test_bad_descriptions(kwargs, error, message):
    with pytest.raises(error) as caught:
        describe_model(**kwargs)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_too_many_worlds(monkeypatch):
    monkeypatch.setattr(building, "MAX_WORLDS", 3)
    with pytest.raises(ModelError, match="the law leaves 4 valuations"):
        describe_model(["p", "q"])
    assert len(describe_model(["p", "q"], "p | q")) == 3


def test_many_atoms_with_a_narrow_law():
    names = [f"p{i}" for i in range(20)]
    m = describe_model(names, " & ".join(names[:18]), {A: names[18:]})
    assert len(m) == 4 and m.partition(A) == [[w] for w in m.worlds]
    assert m.worlds[0] == " ".join(names[:18])


# against a direct reading of the description ----------------------------------------------

def value(f: fm.Formula, true: set) -> bool:
    if isinstance(f, fm.Atom):
        return f.name in true
    if isinstance(f, (fm.Top, fm.Bottom)):
        return isinstance(f, fm.Top)
    if isinstance(f, fm.Not):
        return not value(f.arg, true)
    left, right = value(f.left, true), value(f.right, true)
    return {fm.And: left and right, fm.Or: left or right, fm.Implies: (not left) or right,
            fm.Iff: left == right}[type(f)]


NAMES = ["p", "q", "r", "s"]


# made once for each list of names: a recursive strategy costs more to make than to draw from
@functools.cache
def laws(names: tuple[str, ...]):
    leaves = st.one_of(st.sampled_from([fm.Atom(n) for n in names]), st.just(fm.TOP), st.just(fm.BOTTOM))

    def grow(inner):
        return st.one_of(st.builds(fm.Not, inner),
                         *(st.builds(cls, inner, inner) for cls in (fm.And, fm.Or, fm.Implies, fm.Iff)))
    return st.recursive(leaves, grow, max_leaves=8)


@functools.cache
def _observed(names: tuple[str, ...]):
    return st.lists(st.sampled_from(names), unique=True)


@st.composite
def descriptions(draw):
    names = draw(st.lists(st.sampled_from(NAMES), unique=True, min_size=1))
    law = draw(laws(tuple(names)))
    observes = {agent: draw(_observed(tuple(names))) for agent in (A, B)}
    return names, law, observes


@settings(max_examples=80, deadline=None)
@given(descriptions(), st.sampled_from([None, 1, 2, 3]))
def test_model_is_what_the_description_says(description, chunk):
    names, law, observes = description
    expected = [set(t) for t in (
        [n for n, bit in zip(names, bits) if bit]
        for bits in (reversed(c) for c in itertools.product([False, True], repeat=len(names))))
        if value(law, set(t))]
    expected.sort(key=lambda t: sum(1 << names.index(x) for x in t))
    if chunk is not None:
        building._CHUNK, saved = chunk, building._CHUNK
    try:
        if not expected:
            with pytest.raises(ModelError):
                describe_model(names, law, observes)
            return
        m = describe_model(names, law, observes)
    finally:
        if chunk is not None:
            building._CHUNK = saved
    assert [set(m.facts(w)) for w in m.worlds] == expected
    assert m.worlds == [valuation_name(t, names) for t in expected]
    for agent, seen in observes.items():
        for w, v in itertools.product(m.worlds, repeat=2):
            same = all((x in m.facts(w)) == (x in m.facts(v)) for x in seen)
            assert ((w, v) in m.relation(agent)) == same

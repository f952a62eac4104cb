"""The canonical key of a state: equal for bisimilar states with matching designated worlds, and only for them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Agent, KripkeModel, ModelError, holds
from epistemic.bisimulation import bisimulation_labels
from epistemic.planning import contracted, state_key
from epistemic.planning.canonical import key_of_contraction
from epistemic.relations import Arrows, Partition

from planning_strategies import arrays_only, bisimilar_copies, formulas_over, fresh, models

pytestmark = pytest.mark.filterwarnings("ignore::epistemic.UnknownAtomWarning")


def bisimilar(one: KripkeModel, other: KripkeModel) -> bool:
    """The oracle: in the disjoint union, the designated worlds of each are bisimilar to designated worlds of
    the other, both ways (bisimulation classes of the union, by the core's partition refinement)."""
    n = len(one)
    relations = {}
    for agent in one.agents:
        rows, cols = one.relation_of(agent).pairs()
        rows2, cols2 = other.relation_of(agent).pairs()
        relations[agent] = Arrows(list(rows) + [r + n for r in rows2], list(cols) + [c + n for c in cols2],
                                  n + len(other))
    union = KripkeModel(list(range(n + len(other))), [one.facts(w) for w in one.worlds] +
                        [other.facts(w) for w in other.worlds], relations, [])
    label = bisimulation_labels(union)
    first = {int(label[one.index(w)]) for w in one.actual}
    second = {int(label[n + other.index(w)]) for w in other.actual}
    return first == second


@settings(max_examples=150)
@given(st.data())
def test_a_bisimilar_copy_has_the_same_key(data):
    model = data.draw(models())
    copy = data.draw(bisimilar_copies(model))
    assert bisimilar(model, copy)
    assert state_key(model) == state_key(copy)
    assert hash(state_key(model)) == hash(state_key(copy))


@settings(max_examples=300)
@given(models(atoms=("p",), max_worlds=3), models(atoms=("p",), max_worlds=3))
def test_keys_are_equal_exactly_for_bisimilar_states(one, other):
    # one atom and three worlds at most: bisimilar pairs come up often
    assert (state_key(one) == state_key(other)) == bisimilar(one, other)


@settings(max_examples=200)
@given(models(), models(), formulas_over())
def test_states_a_formula_tells_apart_have_different_keys(one, other, formula):
    if holds(one, formula) != holds(other, formula):
        assert state_key(one) != state_key(other)


def test_worlds_in_another_order_give_the_same_key():
    a = Agent("a")
    one = KripkeModel.from_relations([a], {"w": {"p"}, "v": set(), "u": {"q"}}, {a: [("w", "v"), ("v", "u")]},
                                     actual="w")
    other = KripkeModel.from_relations([a], {"u": {"q"}, "v": set(), "w": {"p"}}, {a: [("v", "u"), ("w", "v")]},
                                       actual="w")
    assert one.worlds != other.worlds
    assert state_key(one) == state_key(other)


def test_the_designated_worlds_are_part_of_the_key():
    a = Agent("a")
    m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]}, actual="w",
                                   reflexive=True, symmetric=True)
    assert state_key(m) != state_key(m.with_actual(["v"]))
    assert state_key(m) != state_key(m.with_actual(["w", "v"]))


def test_knowledge_and_belief_of_the_same_worlds_differ():
    a = Agent("a")
    knows = KripkeModel([0, 1], [{"p"}, set()], {a: Partition([0, 0])}, [0])
    believes = KripkeModel([0, 1], [{"p"}, set()], {a: Arrows([0, 0, 1], [0, 1, 1], 2)}, [0])
    also = KripkeModel([0, 1], [{"p"}, set()], {a: Arrows([0, 1], [1, 1], 2)}, [0])   # a believes ~p
    assert len({state_key(knows), state_key(believes), state_key(also)}) == 3
    assert state_key(knows) != state_key(believes)


def test_an_equivalence_kept_as_arrows_is_the_same_relation():
    a = Agent("a")
    partition = KripkeModel([0, 1], [{"p"}, set()], {a: Partition([0, 0])}, [0])
    arrows = KripkeModel([0, 1], [{"p"}, set()], {a: Arrows([0, 0, 1, 1], [0, 1, 0, 1], 2)}, [0])
    assert state_key(partition) == state_key(arrows)


def test_worlds_nothing_designated_reaches_are_left_out():
    a = Agent("a")
    m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {}, actual="w", reflexive=True)
    assert len(contracted(m)) == 1
    assert state_key(m) == state_key(KripkeModel.from_relations([a], {"w": {"p"}}, {}, actual="w", reflexive=True))


def test_facts_other_than_atom_names_order_by_their_type_and_text():
    a = Agent("a")
    m = KripkeModel([0, 1], [{1, "1"}, {(2, 3)}], {a: Partition([0, 1])}, [0, 1])
    assert state_key(m)[0][0] == (1, "1", (2, 3))


def test_a_key_is_only_read_off_a_contraction():
    a = Agent("a")
    m = KripkeModel([0, 1], [{"p"}, {"p"}], {a: Partition([0, 0])}, [0, 1])
    with pytest.raises(ModelError, match="contracted state"):
        key_of_contraction(m)
    assert key_of_contraction(contracted(m)) == state_key(m)


def test_a_large_class_is_numbered_without_padding_every_world():
    # one world reaching 400 worlds and 400 reaching one: the sets of colours are numbered one by one
    a = Agent("a")
    n = 401
    rows = [0] * (n - 1) + list(range(1, n))
    cols = list(range(1, n)) + [0] * (n - 1)
    facts = [{"p"}] + [{f"q{i}"} for i in range(1, n)]
    m = KripkeModel(list(range(n)), facts, {a: Arrows(rows, cols, n)}, [0])
    shuffled = KripkeModel(list(range(n)), facts[:1] + facts[1:][::-1],
                           {a: Arrows(rows, cols, n)}, [0])
    assert state_key(m) == state_key(shuffled)
    assert state_key(m) != state_key(m.with_actual([1]))


def test_a_chain_of_like_worlds_takes_several_rounds_to_tell_apart():
    # four worlds alike but for the first being designated: each round tells one more apart from the end
    a = Agent("a")
    names = ["x", "y", "z", "u"]
    chain = KripkeModel.from_relations([a], {w: set() for w in names}, {a: list(zip(names, names[1:]))}, actual="x")
    backwards = KripkeModel.from_relations([a], {w: set() for w in names[::-1]},
                                           {a: list(zip(names, names[1:]))[::-1]}, actual="x")
    assert len(contracted(chain)) == 4
    assert state_key(chain) == state_key(backwards)


@settings(max_examples=300, deadline=None)
@given(models(max_worlds=6))
def test_a_state_of_few_worlds_has_the_key_the_arrays_give(model):
    # the paths over Python lists (bisimulation, contraction, generated submodel, colours, key) against
    # the arrays, which the core uses above FEW_WORLDS worlds
    with arrays_only():
        by_arrays = contracted(fresh(model))
        key_by_arrays = key_of_contraction(by_arrays)
    few = contracted(fresh(model))
    assert few.worlds == by_arrays.worlds and few.actual == by_arrays.actual
    assert all(few.relation_of(a) == by_arrays.relation_of(a) for a in model.agents)
    assert all(type(few.relation_of(a)) is type(by_arrays.relation_of(a)) for a in model.agents)
    assert key_of_contraction(few) == key_by_arrays

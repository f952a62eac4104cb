"""Validity on small S5 models: the countermodel search of epistemic/validity.py."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from epistemic import Agent, KripkeModel, ModelError, holds, parse_formula, truth_array
from epistemic import validity
from epistemic.relations import Partition
from epistemic.validity import (MAX_MODELS, SearchError, SearchTimeout, SearchTooLarge, find_countermodel,
                                models_to_search, search_countermodel, search_separating, separating_model,
                                set_partitions, vocabulary)

from strategies import formulas

f = parse_formula


# the S5 axioms, and facts of public announcements (van Ditmarsch, van der Hoek and Kooi,
# Dynamic Epistemic Logic, 2007: T, 4, 5, [!p]K_a p for atoms, and C implies E)
VALID = ["K_a p -> p", "K_a p -> K_a K_a p", "~K_a p -> K_a ~K_a p", "[!p] K_a p", "C_{a,b} p -> E_{a,b} p",
         "K_a (p -> q) -> (K_a p -> K_a q)", "[!(p & ~K_a p)] ~(p & ~K_a p)", "D_{a,b} p -> p",
         "[?p]_{a} Kw_a p"]
INVALID = ["p -> K_a p", "K_a p -> K_b p", "[!(p & ~K_a p)] (p & ~K_a p)", "M_a p -> K_a p", "E_{a,b} p -> C_{a,b} p",
           "~K_a p -> [!q] ~K_a p", "D_{a,b} p -> K_a p | K_b p"]


@pytest.mark.parametrize("text", VALID)
def test_validities_have_no_countermodel(text):
    assert find_countermodel(f(text), 3) is None


@pytest.mark.parametrize("text", INVALID)
def test_a_countermodel_falsifies_the_formula_at_its_actual_world(text):
    model = find_countermodel(f(text), 3)
    assert model is not None and not holds(model, f(text))


def test_the_countermodel_found_is_a_smallest_one():
    # K_a p -> K_b p holds in every model of one world (K_a p and K_b p both say p there): two are needed,
    # a world where p is false that b, not a, cannot tell from the actual one
    search = search_countermodel(f("K_a p -> K_b p"), 4)
    m = search.model
    # in the search's order, 2 one-world models, then ({}, {}) with 4 pairs of partitions, then ({}, {p}) with
    # a = 00, b = 00 and b = 01 (K_a p false everywhere), and a = 01, b = 00: model 2 + 4 + 3 = 9
    assert len(m) == 2 and search.world == "w2" and search.searched == 9
    assert [sorted(m.facts(w)) for w in m.worlds] == [[], ["p"]]
    assert m.partition(Agent("a")) == [["w1"], ["w2"]] and m.partition(Agent("b")) == [["w1", "w2"]]
    # the Moore sentence is false after it is announced: it needs a p-world a cannot tell from a ~p world
    assert len(find_countermodel(f("[!(p & ~K_a p)] (p & ~K_a p)"), 3)) == 2
    # E is not C: a chain of three worlds (docs/exercises.md, exercise 4) is the smallest countermodel.  In the
    # search's order: 2 models of one world, 3 x 4 of two, 25 each for the valuations {}, {}, {} and {}, {}, {p}
    # (one p-world: E p there isolates it, and then C p holds), then for {}, {p}, {p} the 9th pair of partitions,
    # a = 001 (w1 w2 | w3) and b = 011 (w1 | w2 w3): 2 + 12 + 25 + 25 + 9 = 73
    chain = search_countermodel(f("E_{a,b} p -> C_{a,b} p"), 4)
    m = chain.model
    assert chain.searched == 73 and chain.world == "w3" and [sorted(m.facts(w)) for w in m.worlds] == [[], ["p"], ["p"]]
    assert m.partition(Agent("a")) == [["w1", "w2"], ["w3"]] and m.partition(Agent("b")) == [["w1"], ["w2", "w3"]]


def test_set_partitions_are_counted_by_the_bell_numbers():
    # Bell numbers, OEIS A000110: 1, 1, 2, 5, 15, 52, 203
    assert [len(list(set_partitions(n))) for n in range(7)] == [1, 1, 2, 5, 15, 52, 203]
    assert len(set(set_partitions(5))) == 52


def test_a_valid_formula_is_checked_on_every_model_counted():
    # one atom, one agent, up to 3 worlds: 2 valuations x 1 partition + 3 multisets x 2 + 4 x 5 = 28
    assert models_to_search(1, 1, 3) == 28
    search = search_countermodel(f("K_a p -> p"), 3)
    assert search.valid and search.searched == 28
    assert search.summary() == "no S5 model with at most 3 worlds falsifies it: 28 models searched"
    two = search_countermodel(f("C_{a,b} p -> E_{a,b} p"), 3)
    assert two.searched == models_to_search(1, 2, 3) == 2 + 3 * 4 + 4 * 25


def test_a_search_past_the_limit_is_refused_before_it_starts(monkeypatch):
    def no_models(n):
        raise AssertionError("the models were enumerated before the search was refused")

    monkeypatch.setattr(validity, "set_partitions", no_models)
    with pytest.raises(SearchTooLarge, match=r"^2,218,970 models to search, more than the limit of 200,000: "
                                             r"ask for fewer worlds than 5$"):
        search_countermodel(f("C_{a,b} (p & q & r)"), 5)
    monkeypatch.undo()
    assert models_to_search(3, 2, 5) == 2_218_970 > MAX_MODELS
    # one atom, one agent, 2 worlds: 2 + 3 x 2 = 8 models
    with pytest.raises(SearchTooLarge, match="^8 models to search, more than the limit of 7"):
        search_countermodel(f("K_a p"), 2, limit=7)


def test_a_search_stops_at_its_deadline():
    with pytest.raises(SearchTimeout, match="passed its time limit after 0 of"):
        search_countermodel(f("K_a p -> p"), 3, deadline=time.monotonic() - 1)


def test_bad_bounds_are_refused():
    with pytest.raises(SearchError, match="max_worlds must be at least 1"):
        search_countermodel(f("p"), 0)
    with pytest.raises(SearchError, match="takes a formula"):
        search_countermodel("p", 2)


def test_given_atoms_and_agents_join_the_formulas_own():
    atoms, agents = vocabulary(f("[(e: q; a: {e}; b: {e}), e] K_a p"))
    assert atoms == {"p", "q"} and agents == {Agent("a"), Agent("b")}
    # with r besides p, the countermodel of p -> q... is still one world, but the search counts r's valuations
    search = search_countermodel(f("K_a p -> p"), 1, atoms=["r"], agents=[Agent("c")])
    assert search.searched == models_to_search(2, 2, 1) == 4


def test_separating_models_tell_the_two_formulas_apart():
    assert separating_model(f("K_a p"), f("~M_a ~p"), 3) is None
    search = search_separating(f("K_a p"), f("p"), 3)
    m, w = search.model, search.world
    assert holds(m, f("K_a p"), w) != holds(m, f("p"), w)


def test_knowledge_after_a_private_announcement_is_refused():
    # b may be mistaken after a private announcement to a (docs/exercises.md, exercise 8)
    with pytest.raises(ModelError, match="K_b asks what b knows"):
        search_countermodel(f("[!p]_{a} K_b p"), 2)


@st.composite
def s5_models(draw, atoms, agents, most):
    """A model of 1 to ``most`` worlds over ``atoms``, each agent's relation a partition."""
    size = draw(st.integers(1, most))
    facts = [draw(st.frozensets(st.sampled_from(atoms))) if atoms else frozenset() for _ in range(size)]
    relations = {a: Partition(draw(st.lists(st.integers(0, size - 1), min_size=size, max_size=size)))
                 for a in agents}
    return KripkeModel(list(range(size)), facts, relations, [0])


@pytest.mark.filterwarnings("ignore::epistemic.UnknownAtomWarning")   # a countermodel's atom may be true nowhere
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(formula=formulas(max_leaves=5), data=st.data())
def test_the_search_is_right_both_ways(formula, data):
    atoms, agents = vocabulary(formula)
    assume(len(atoms) <= 3 and len(agents) <= 2)
    try:
        search = search_countermodel(formula, 2, limit=20_000)
    except (ModelError, SearchTooLarge):
        assume(False)
        return
    if search.valid:
        # then no model of at most 2 worlds falsifies it anywhere
        for _ in range(5):
            model = data.draw(s5_models(sorted(atoms), sorted(agents, key=lambda a: a.name), 2))
            try:
                assert truth_array(model, formula).all()
            except ModelError:
                pass
    else:
        assert not holds(search.model, formula, search.world)
        assert len(search.model) <= 2 and search.model.actual == {search.world}

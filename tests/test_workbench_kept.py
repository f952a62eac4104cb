"""The models the workbench's workers keep (workbench/kept.py, worker.py) and the check that reads them.

A worker keeps the sessions' models it was sent, by session and version: no answer may come from a
model the session has left, the memory kept is bounded, and the check, faster now, answers as the
check before it did, world by world, on fresh models and on models kept warm.
"""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Agent, KripkeModel, model_to_dict, parse_formula, to_text
from epistemic import formulas as fm
from epistemic.checking import worlds_where
from epistemic.engines import unknown_atoms, unknown_atoms_note
from epistemic.visualize import MAX_WORLDS
from epistemic.workbench import work
from epistemic.workbench.kept import CACHED_ENTRIES, Kept, cached_entries, forget_past
from epistemic.workbench.worker import MISSING, do
from workbench_client import Client, Server

AGENTS = [Agent("a"), Agent("b")]
ATOMS = ["p", "q", "r"]


def check_before(model, text, limits, event_models=None):
    """The check as it was before models were kept warm (workbench/work.py), without the picture:
    the reference the present check is held to."""
    formula = work.read_formula(text, limits, event_models)
    where = worlds_where(model, formula)
    order = [i for i, w in enumerate(model.worlds) if w in where]
    written = to_text(formula)
    unknown = unknown_atoms(model, formula)
    return {"formula": written, "holds": order[:MAX_WORLDS * 5], "count": len(order), "size": len(model),
            "actual": {str(w): w in where for w in sorted(model.actual, key=str)},
            "unknown": unknown_atoms_note(model, unknown) if unknown else None}


# a session's model changes: the worker answers for the new one ---------------------------------------

@pytest.fixture(scope="module")
def server():
    with Server("--workers", "1") as running:   # one worker: every model a session had is in it
        yield running


def test_a_check_after_the_model_changes_answers_for_the_new_model(server):
    student, other = Client(server.url), Client(server.url)
    # docs/exercises.md, exercise 2: p holds at w, not at v, and a cannot tell them apart
    assert student.post("api/check", {"formula": "K_a p", "draw": False})["holds"] == []
    assert student.post("api/apply", {"act": "[!p]"})["model"]["size"] == 1
    assert student.post("api/check", {"formula": "K_a p", "draw": False})["holds"] == [0]
    student.post("api/go", {"position": 0})
    assert student.post("api/check", {"formula": "K_a p", "draw": False})["holds"] == []
    student.post("api/go", {"position": 1})
    assert student.post("api/check", {"formula": "K_a p", "draw": False})["holds"] == [0]
    a = Agent("a")
    flipped = KripkeModel.from_relations([a], {"w": set(), "v": {"p"}}, {a: [("w", "v")]}, actual="w",
                                         reflexive=True, symmetric=True)
    student.post("api/open", {"text": json.dumps(model_to_dict(flipped)), "name": "flipped.json"})
    assert student.post("api/check", {"formula": "p", "draw": False})["holds"] == [1]
    state = student.post("api/draft", {"op": "new", "agents": "a"})
    for name, atoms in (("w", "p"), ("v", "p")):
        state = student.post("api/draft", {"op": "world", "world": name, "atoms": atoms})
    assert state["model"]["size"] == 2
    assert student.post("api/check", {"formula": "p", "draw": False})["holds"] == [0, 1]
    assert student.post("api/explain", {"formula": "p", "world": 1})["reason"]["claim"] == "p is true at v: it is among the facts there"
    # another session's model is its own
    assert other.post("api/check", {"formula": "p", "draw": False})["holds"] == [0]


# the bounded record of models ------------------------------------------------------------------------

@settings(deadline=None, max_examples=200)
@given(most=st.integers(0, 4), worlds=st.integers(0, 12),
       steps=st.lists(st.tuples(st.booleans(), st.integers(0, 6), st.integers(0, 8)), max_size=40))
def test_the_models_kept_are_the_last_used_that_fit(most, worlds, steps):
    kept = Kept(most, worlds)
    order: list[tuple[int, int]] = []   # (key, size), used longest ago first: the reference
    for put, key, size in steps:
        if put:
            kept.put(key, f"model {key}", size)
            order = [(k, s) for k, s in order if k != key]
            if size <= worlds and most:
                while order and (len(order) >= most or sum(s for _, s in order) + size > worlds):
                    order.pop(0)
                order.append((key, size))
        else:
            found = kept.get(key)
            mine = [(k, s) for k, s in order if k == key]
            assert found == (f"model {key}" if mine else None)
            order = [(k, s) for k, s in order if k != key] + mine
        assert list(kept) == [k for k, _ in order]
        assert kept.worlds_held == sum(s for _, s in order) <= worlds and len(kept) <= most


def test_a_kept_models_caches_are_forgotten_past_their_bound():
    kept = Kept(4, 100)
    model = two_worlds()
    job = pickle.dumps((work.check, ("p", work.Limits(), None, False), ("ada", 0), model))
    assert pickle.loads(do(job, kept)) == (True, check_before(model, "p", work.Limits()))
    warm = kept.get(("ada", 0))
    most = 0
    for i in range(CACHED_ENTRIES // 2 - 100):   # each caches the truth of three formulas, and the atoms named
        answer = do(pickle.dumps((work.check, (f"K_a x{i} | p", work.Limits(), None, False), ("ada", 0), None)),
                    kept)
        assert pickle.loads(answer)[1]["holds"] == [0]
        most = max(most, cached_entries(warm))
    assert CACHED_ENTRIES // 2 < most <= CACHED_ENTRIES
    assert cached_entries(warm) and forget_past(warm, 0) and cached_entries(warm) == 0


def test_a_worker_asked_for_a_model_it_does_not_keep_says_so():
    kept = Kept(1, 100)
    job = (work.check, ("p", work.Limits(), None, False))
    assert do(pickle.dumps((*job, ("ada", 0), None)), kept) == MISSING
    do(pickle.dumps((*job, ("ada", 0), two_worlds())), kept)
    do(pickle.dumps((*job, ("bob", 0), one_world())), kept)   # one model kept: ada's goes
    assert do(pickle.dumps((*job, ("ada", 0), None)), kept) == MISSING
    assert pickle.loads(do(pickle.dumps((*job, ("bob", 0), None)), kept))[1]["holds"] == []


def two_worlds() -> KripkeModel:
    a = Agent("a")
    return KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]}, actual="w",
                                      reflexive=True, symmetric=True)


def one_world() -> KripkeModel:
    a = Agent("a")
    return KripkeModel.from_relations([a], {"w": set()}, {a: [("w", "w")]}, actual="w")


# the check, held to the check before -----------------------------------------------------------------

FACTS = st.sets(st.sampled_from(ATOMS))
LEAVES = st.one_of(st.sampled_from([fm.Atom(x) for x in ATOMS + ["s"]]), st.just(fm.TOP), st.just(fm.BOTTOM))


@st.composite
def models(draw):
    n = draw(st.integers(1, 6))
    names = [f"w{i}" for i in range(n)]
    worlds = {w: draw(FACTS) for w in names}
    pairs = st.lists(st.tuples(st.sampled_from(names), st.sampled_from(names)), max_size=10)
    relations = {a: draw(pairs) for a in AGENTS}
    actual = draw(st.lists(st.sampled_from(names), min_size=1, max_size=2, unique=True))
    return KripkeModel.from_relations(AGENTS, worlds, relations, actual, reflexive=True, symmetric=True)


def _compound(inner):
    groups = st.frozensets(st.sampled_from(AGENTS), min_size=1)
    return st.one_of(st.builds(fm.Not, inner), st.builds(fm.And, inner, inner), st.builds(fm.Or, inner, inner),
                     st.builds(fm.Implies, inner, inner), st.builds(fm.Knows, st.sampled_from(AGENTS), inner),
                     st.builds(fm.Possible, st.sampled_from(AGENTS), inner),
                     st.builds(fm.Common, groups, inner), st.builds(fm.Distributed, groups, inner),
                     st.builds(fm.Announce, inner, inner))


FORMULAS = st.recursive(LEAVES, _compound, max_leaves=8)


@settings(deadline=None, max_examples=300)
@given(model=models(), formulas=st.lists(FORMULAS, min_size=1, max_size=6))
def test_the_check_answers_as_the_check_before_on_fresh_and_warm_models(model, formulas):
    limits = work.Limits()
    for formula in formulas:
        text = to_text(formula)
        # the same model object throughout: its caches warm, as in a worker that keeps it
        found = work.check(model, text, limits, None, False)
        fresh = pickle.loads(pickle.dumps(model))   # a model as sent, caches empty
        assert found == check_before(fresh, text, limits) == work.check(fresh, text, limits, None, False)
        assert frozenset(model.worlds[i] for i in found["holds"]) == worlds_where(fresh, parse_formula(text))
        assert json.loads(work.as_json(work.check, model, text, limits, None, False)) == found


def test_formulas_are_kept_parsed_and_faults_are_raised_each_time():
    limits = work.Limits()
    first = work.read_written("K_a p&q", limits)
    assert first == (parse_formula("K_a p & q"), "K_a p & q") and work.read_written("K_a p&q", limits) is first
    for _ in range(2):
        with pytest.raises(work.FormulaSyntaxError, match="column 4"):
            work.read_formula("p &", limits)


def every_cached_entry(model) -> int:
    """The entries of ``model``'s cache and of every model reached from it, a product's and a
    contraction's too, which a cache holds in a pair with the numbering of their worlds."""
    total, seen, stack = 0, set(), [model]
    while stack:
        found = stack.pop()
        if isinstance(found, tuple):
            stack.extend(found)
            continue
        cache = getattr(found, "cache", None)
        if id(found) in seen or not isinstance(cache, dict):
            continue
        seen.add(id(found))
        total += len(cache)
        stack.extend(cache.values())
    return total


def test_the_caches_of_the_models_after_a_private_announcement_count_toward_the_bound():
    # [!p]_{a} makes a product of the model and the announcement's events, cached with the
    # product's numbering; what is checked after it is cached in the product (and its contraction)
    kept = Kept(4, 100)
    do(pickle.dumps((work.check, ("p", work.Limits(), None, False), ("ada", 0), two_worlds())), kept)
    warm = kept.get(("ada", 0))
    for i in range(120):
        inside = " | ".join(f"x{i}_{j}" for j in range(15))
        answer = do(pickle.dumps((work.check, (f"[!p]_{{a}} ({inside})", work.Limits(), None, False), ("ada", 0),
                                  None)), kept)
        assert pickle.loads(answer)[1]["holds"] == [1]
        assert cached_entries(warm) == every_cached_entry(warm) <= CACHED_ENTRIES

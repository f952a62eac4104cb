"""One interface over both engines: ``epistemic.holds``, ``worlds_where``,
``after_announcement`` and ``update`` take a Kripke model or a knowledge
structure and answer alike; each engine's own functions refuse the other's
model naming the one that takes it; an announcement false at the actual
worlds is refused as ``apply_act`` refuses it; an atom the model does not
have is said, not silently false."""

from __future__ import annotations

import json
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_core_checking import event_models, formulas, models

import epistemic
from epistemic import (Agent, EventModel, KripkeModel, ModelError, UnknownAtomWarning, after_announcement, apply_act,
                       engines, holds, parse_act, parse_formula, update, worlds_where)
from epistemic import checking, updates
from epistemic import symbolic
from epistemic.events import Event
from epistemic.symbolic import KnowledgeStructure, from_kripke
from epistemic.symbolic.convert import STATES
from cli_runs import run

_SOME = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
A, B = Agent("a"), Agent("b")


def _letter() -> KripkeModel:
    """docs/logic.md's letter: p at w, not at v; a cannot tell them apart, b can."""
    return KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v")]}, actual="w",
                                      reflexive=True, symmetric=True)


def _outcome(ask):
    """What ``ask()`` gives, or the words it is refused with, and the atoms it warned of."""
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        try:
            answer = ("answer", ask())
        except ModelError as refused:
            answer = ("refused", str(refused))
    return answer, [str(w.message) for w in said if issubclass(w.category, UnknownAtomWarning)]


def _named(structure: KnowledgeStructure, states) -> set:
    return {structure.name(s) for s in states}


def _warned_of(notes: list[str]) -> list[str]:
    """The atoms the notes name, in the words both engines share."""
    return [note.split(", which ")[0] for note in notes]


@_SOME
@given(models(), formulas())
def test_both_engines_answer_alike_through_the_one_interface(model, formula):
    """On random models, the explicit answer is the symbolic answer of the model converted:
    where a formula holds, whether it holds, the model after it is announced, or the same refusal
    in the same words, and a warning of the same atoms."""
    structure = from_kripke(model)
    for ask_explicit, ask_symbolic in (
            (lambda: set(worlds_where(model, formula)), lambda: _named(structure, worlds_where(structure, formula))),
            (lambda: holds(model, formula), lambda: holds(structure, formula)),
            (lambda: _kept(after_announcement(model, formula)), lambda: _kept(after_announcement(structure, formula)))):
        (explicit, explicit_notes), (symbolic_answer, symbolic_notes) = _outcome(ask_explicit), _outcome(ask_symbolic)
        assert explicit == symbolic_answer
        assert _warned_of(explicit_notes) == _warned_of(symbolic_notes)


def _kept(model) -> tuple[set, set]:
    """The worlds of ``model`` and its actual ones, by name."""
    if isinstance(model, KripkeModel):
        return set(model.worlds), set(model.actual)
    return _named(model, model.states(model.manager.true)), _named(model, model.actual)


@_SOME
@given(models(), event_models(), formulas(1))
def test_both_engines_update_alike_through_the_one_interface(model, events, formula):
    """After an event model, each world is the pair of a world and an event on both engines,
    and a formula holds at the same pairs, or both refuse the update in the same words."""
    structure = from_kripke(model)
    explicit, _ = _outcome(lambda: update(model, events))
    symbolic_after, _ = _outcome(lambda: update(structure, events))
    if explicit[0] == "refused":
        assert symbolic_after == explicit
        return
    after, after_structure = explicit[1], symbolic_after[1]
    pairs = {w: after.origin(w) for w in after.worlds}
    assert set(pairs.values()) == _named(after_structure, after_structure.states(after_structure.manager.true))
    assert {pairs[w] for w in after.actual} == _named(after_structure, after_structure.actual)
    there, _ = _outcome(lambda: {pairs[w] for w in worlds_where(after, formula)})
    here, _ = _outcome(lambda: _named(after_structure, worlds_where(after_structure, formula)))
    assert there == here


def test_each_engine_refuses_the_others_model_naming_the_function_that_takes_it():
    m = _letter()
    s = from_kripke(m)
    p = parse_formula("p")
    for ask, words in ((lambda: symbolic.holds(m, p), "epistemic.holds checks a Kripke model too"),
                       (lambda: symbolic.truth(m, p), "epistemic.checking.truth_array"),
                       (lambda: symbolic.states_where(m, p), "epistemic.worlds_where checks a Kripke model too"),
                       (lambda: checking.holds(s, p), "epistemic.holds checks a knowledge structure too"),
                       (lambda: checking.worlds_where(s, p), "epistemic.worlds_where checks a knowledge structure"),
                       (lambda: checking.truth_array(s, p), "epistemic.symbolic.truth"),
                       (lambda: checking.after_announcement(s, p), "epistemic.after_announcement"),
                       (lambda: updates.update(s, EventModel([A, B], [Event("e")], {}, ["e"])), "epistemic.update"),
                       (lambda: holds({"w": "p"}, p), "got dict"),
                       (lambda: worlds_where(None, p), "got NoneType")):
        with pytest.raises(ModelError, match="got (KnowledgeStructure|KripkeModel|dict|NoneType)$") as refused:
            ask()
        assert words in str(refused.value)


def test_a_state_is_given_by_its_true_atoms_or_as_the_structure_gives_it():
    s = KnowledgeStructure.build(["p", "q"], parse_formula("p | q"), {A: ["p"], B: ["q"]}, actual=[{"p", "q"}])
    k_a_p = parse_formula("K_a p")
    assert [holds(s, k_a_p, given) for given in ({"p"}, ["q"], ("p", "q"), frozenset({"q", "p"}))] == \
        [True, False, True, True]
    assert all(holds(s, k_a_p, state) for state in worlds_where(s, k_a_p))
    assert repr(s.actual) == "(<state {p, q}>,)" and repr(sorted(worlds_where(s, k_a_p), key=len)) == \
        "[<state {p}>, <state {p, q}>]"
    for given, words in (("p", "not str 'p'"), ({"x0"}, "'x0' is not an atom of the structure"),
                         ([], "no state of the structure has exactly the atoms {} true"), (7, "not int 7"),
                         ({"r"}, "'r' is not an atom")):
        with pytest.raises(ModelError, match="^[^\n]*$") as refused:
            holds(s, k_a_p, given)
        assert words in str(refused.value)
    # a set of the structure's own variables is no state of the interface, but still of its engine,
    # which refuses anything else (a set of atom names was read as the state where all is false)
    assert symbolic.holds(s, k_a_p, frozenset(s.actual[0]))
    loose = KnowledgeStructure.build(["p"], parse_formula("top"), {A: ["p"]})
    for given in ("x0", frozenset({"p"})):
        with pytest.raises(ModelError, match="is not a state of the structure$"):
            symbolic.holds(loose, parse_formula("~p"), given)


def test_states_told_apart_only_by_hidden_variables_are_given_as_the_structure_gives_them():
    after = update(KnowledgeStructure.build(["p"], parse_formula("top"), {A: [], B: []}, actual=[{"p"}]),
                   epistemic.private_event([A, B], None, [A], precondition=parse_formula("p")))
    with pytest.raises(ModelError, match="several states of the structure have exactly the atoms {p} true"):
        holds(after, parse_formula("K_a p"), {"p"})
    assert holds(after, parse_formula("K_a p"), after.actual[0])


def test_worlds_where_lists_states_up_to_a_limit_counted_first():
    names = [f"m{i}" for i in range(1, 18)]   # 131,072 states
    s = KnowledgeStructure.build(names, parse_formula("top"), {A: names})
    assert len(worlds_where(s, parse_formula("m1 & m2"))) == 2 ** 15 <= STATES
    with pytest.raises(ModelError, match=r"^the formula holds at 131,072 states of the structure, more than "
                                         r"the 100,000 worlds_where lists"):
        worlds_where(s, parse_formula("top"))


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
def test_a_false_announcement_is_refused_as_apply_act_refuses_it(engine):
    """After ~p at w, apply_act refused and after_announcement gave a model without actual worlds."""
    m = _letter()
    with pytest.raises(ModelError) as act_refused:
        apply_act(m, parse_act("[!~p]"))
    model = m if engine == "explicit" else from_kripke(m)
    with pytest.raises(type(act_refused.value)) as refused:
        after_announcement(model, parse_formula("~p"))
    assert str(refused.value) == str(act_refused.value) == \
        "~p is false at the actual world w: it cannot be announced truthfully"
    # true at one actual world of two: kept, with that one actual
    both = m.with_actual(["w", "v"]) if engine == "explicit" else from_kripke(m.with_actual(["w", "v"]))
    assert _kept(after_announcement(both, parse_formula("~p"))) == ({"v"}, {"v"})
    with pytest.raises(ModelError, match=r"^p & ~p & ~p & .* \.\.\. is false at every actual world \(w, v\): it "
                                         r"cannot be announced truthfully$"):
        after_announcement(both, parse_formula(" & ".join(["p"] + ["~p"] * 30)))
    # a model without actual worlds is restricted all the same (puzzles announce in one)
    bare = KripkeModel(["w", "v"], [{"p"}, set()], {A: m.relation_of(A), B: m.relation_of(B)}, [])
    assert _kept(after_announcement(bare if engine == "explicit" else from_kripke(bare), parse_formula("~p"))) \
        == ({"v"}, set())


def test_an_atom_the_model_does_not_have_is_warned_of_on_either_engine():
    m = _letter()
    for model, had in ((m, "true at no world of the model"), (from_kripke(m), "not an atom of the structure")):
        for ask in (holds, worlds_where, after_announcement):
            with pytest.warns(UnknownAtomWarning) as said:
                ask(model, parse_formula("~q | K_a p"))
            assert [str(w.message) for w in said] == [f"the formula names q, which is {had}: it is false everywhere"]
            assert said[0].filename == __file__   # the warning names the caller's line
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            holds(model, parse_formula("K_a p | ~K_a p"))
            # an atom an event makes true is had
            assert holds(model, parse_formula("[(e: top {+q, r := p}; a: {e}; b: {e}), e] (q & r)"))
    # and so is one an announcement took from every world
    two = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": {"q"}}, {A: [("w", "v")]}, actual="w",
                                     reflexive=True, symmetric=True)
    for model in (two, from_kripke(two)):
        after = after_announcement(model, parse_formula("p"))
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert not holds(after, parse_formula("M_a q")) and not worlds_where(after, parse_formula("q"))
    assert "UnknownAtomWarning" in epistemic.__all__ and epistemic.UnknownAtomWarning is UnknownAtomWarning


def test_the_package_exports_one_function_per_operation_for_both_engines():
    for name in epistemic.__all__:
        assert hasattr(epistemic, name), name
    assert len(set(epistemic.__all__)) == len(epistemic.__all__)
    for name in ("holds", "worlds_where", "after_announcement", "update"):
        assert getattr(epistemic, name) is getattr(engines, name)
    assert epistemic.KnowledgeStructure is KnowledgeStructure


LETTER = "docs/examples/letter.json"


def test_check_says_an_atom_the_model_does_not_have_is_false_everywhere(capsys, tmp_path):
    code, out, err = run(capsys, "check", LETTER, "q")
    assert (code, out) == (0, "false at p\nholds at 0 of 2 worlds\n")
    assert err == "epistemic check: note: the formula names q, which is true at no world of the model: it is false " \
                  "everywhere\n"
    code, out, err = run(capsys, "check", LETTER, "K_a p | r | q", "--json")
    assert code == 0 and json.loads(out)["unknown_atoms"] == ["q", "r"] and "names q and r, which are" in err
    code, out, err = run(capsys, "check", LETTER, "K_a p", "--json")
    assert code == 0 and json.loads(out)["unknown_atoms"] == [] and err == ""
    code, out, err = run(capsys, "check", "docs/examples/muddy-children.json", "m4", "--engine", "explicit")
    assert code == 0 and err == "epistemic check: note: the formula names m4, which is not an atom of the " \
                                "structure: it is false everywhere\n"
    formulas = tmp_path / "f.txt"
    formulas.write_text("p\n# q\nq\n", encoding="utf-8")
    code, out, err = run(capsys, "check", LETTER, "--formula-file", str(formulas), "--json")
    assert code == 0 and [a["unknown_atoms"] for a in json.loads(out)] == [[], ["q"]]
    assert err == f"epistemic check: note: {formulas}, line 3: the formula names q, which is true at no world of " \
                  "the model: it is false everywhere\n"


def test_a_command_checking_with_the_interface_notes_an_unknown_atom_in_one_line(capsys, tmp_path):
    code, out, err = run(capsys, "update", LETTER, "[!p]", "--check", "q", "-o", str(tmp_path / "after.json"))
    assert code == 0 and "q: false" in out
    assert err.splitlines()[0] == ("epistemic update: note: the formula names q, which is true at no world of the "
                                   "model: it is false everywhere")

"""Planning tasks built from the framework's own models: each act, applied as a planning action,
gives what ``epistemic update`` gives for the same text, step by step; bad input is one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_runs import run
from epistemic import (
    TOP, Agent, Atom, Event, EventModel, FormulaSyntaxError, KripkeModel, ModelError, load_model_file,
    parse_formula, private_event,
)
from epistemic.bisimulation import bisimulation_labels
from epistemic.event_json import load_event_model
from epistemic.planning import PlanningTask, applicable, apply
from epistemic.planning.from_models import action_from_event_model, task_from_model
from epistemic.symbolic import to_kripke
from epistemic.symbolic.files import load_any

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
A, B = Agent("a"), Agent("b")


def same_pointed_model(m: KripkeModel, n: KripkeModel) -> bool:
    """Whether the actual worlds of ``m`` and of ``n`` are the same up to bisimulation, as sets."""
    worlds = {("m", w): m.facts(w) for w in m.worlds} | {("n", w): n.facts(w) for w in n.worlds}
    relations = {agent: [(("m", w), ("m", v)) for w, v in m.relation(agent)]
                 + [(("n", w), ("n", v)) for w, v in n.relation(agent)] for agent in m.agents}
    union = KripkeModel.from_relations(m.agents, worlds, relations,
                                       actual=[("m", w) for w in m.actual] + [("n", w) for w in n.actual])
    label = bisimulation_labels(union)
    return ({int(label[union.index(("m", w))]) for w in m.actual}
            == {int(label[union.index(("n", w))]) for w in n.actual})


def test_the_pointed_comparison_tells_a_difference():
    one = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v")]}, actual="w",
                                     reflexive=True, symmetric=True)
    assert same_pointed_model(one, one)
    assert not same_pointed_model(one, one.with_actual(["v"]))
    assert not same_pointed_model(one, KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {},
                                                                   actual="w", reflexive=True))


STORIES = [
    # the coin of docs/examples: alice looks (an event model the file names), then a secret flip
    # (an --events file), then a private and a semi-private announcement, a public one, an event written out
    ("coin.json", ["[look, h]", "[secret_flip, flip]", "[!~heads]_{bob}", "[?heads]_{alice,bob}", "[!~heads]",
                   "[(f {heads := ~heads}; alice: {f}; bob: {f}), f]"]),
    ("coin.json", ["[private_look, h]", "[!heads]", "[?heads]_{bob}"]),
    ("muddy-children.json", ["[!~Kw_c1 m1 & ~Kw_c2 m2 & ~Kw_c3 m3]", "[?m1]_{c2}", "[!K_c1 m1]_{c1,c3}"]),
]


@pytest.mark.parametrize("model_file, texts", STORIES)
def test_each_act_as_a_planning_action_gives_what_epistemic_update_gives(tmp_path, capsys, model_file, texts):
    source = EXAMPLES / model_file
    model, own = load_any(source)   # as the command reads it: a knowledge structure listed as a Kripke model
    model = model if isinstance(model, KripkeModel) else to_kripke(model)
    event_models = dict(own)
    extra = []
    if model_file == "coin.json":
        event_models["secret_flip"] = load_event_model(EXAMPLES / "secret_flip.json")
        extra = ["--events", str(EXAMPLES / "secret_flip.json")]
    task = task_from_model(model, texts, "top", name="story", event_models=event_models)
    state = task.initial
    for k, text in enumerate(texts, start=1):
        out = tmp_path / f"after-{k}.json"
        code, _, err = run(capsys, "update", str(source), *texts[:k], *extra, "-o", str(out))
        assert code == 0, err
        assert applicable(state, task.action(text))
        state = apply(state, task.action(text))
        updated = load_model_file(out).model
        assert len(state) == len(updated), (text, state.worlds, updated.worlds)
        assert same_pointed_model(state, updated), text


def test_a_false_announcement_is_refused_by_both():
    coin = load_model_file(EXAMPLES / "coin.json")
    task = task_from_model(coin.model, ["[!~heads]", "[!~heads]_{bob}"], "top", event_models=coin.event_models)
    for action in task.actions:
        assert not applicable(task.initial, action)
        with pytest.raises(ModelError, match="not applicable"):
            apply(task.initial, action)


def test_with_several_actual_worlds_an_action_must_be_possible_at_each():
    # epistemic update announces p where one actual world has it; planning, as EPDDL, asks it of both
    m = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v")]}, actual=["w", "v"],
                                   reflexive=True, symmetric=True)
    task = task_from_model(m, ["[!p]", "[?p]_{a}"], "K_a p | K_a ~p")
    assert not applicable(m, task.action("[!p]"))
    after = apply(m, task.action("[?p]_{a}"))
    assert sorted(after.actual) != [] and len(after.actual) == 2


def test_actions_are_named_by_their_text_by_the_user_or_by_their_place():
    m = KripkeModel.initial([A, B], {"p"})
    told = private_event([A, B], None, [A], precondition=Atom("p"))
    task = task_from_model(m, ["  [!p]  ", "tell=[!p]_{a}", ("told", told), told, ("ask", "[?p]_{a,b}")], "p",
                           name="names")
    assert [action.name for action in task.actions] == ["[!p]", "tell", "told", "action 4", "ask"]
    assert task.name == "names" and task.goal == Atom("p")


def test_an_event_model_keeps_its_designated_events_and_each_agent_its_relation():
    events = EventModel([A, B], [Event("h", Atom("p")), Event("t", ~Atom("p"))],
                        {A: [("h", "h"), ("t", "t")], B: [("h", "h"), ("h", "t"), ("t", "h"), ("t", "t")]}, ["h", "t"])
    action = action_from_event_model("look", events)
    assert action.designated == ("h", "t")
    assert dict(action.relations) == {"a": (("h", "h"), ("t", "t")), "b": (("h", "h"), ("h", "t"), ("t", "h"), ("t", "t"))}
    assert action.observers == ((A, (("a", TOP),)), (B, (("b", TOP),)))


def test_the_goal_may_be_a_formula_or_a_text():
    m = KripkeModel.initial([A, B], {"p"})
    assert task_from_model(m, [], parse_formula("K_a p")).goal == task_from_model(m, [], "K_a p").goal


@pytest.mark.parametrize("actions, goal, error, message", [
    (["[!p"], "p", FormulaSyntaxError, r"^action 1 \(\[!p\): line 1, column 4: expected '\]'"),
    (["[!p]", "[!p]_{c}"], "p", ModelError, r"^action 2 \(\[!p\]_\{c\}\): the act names c, who is not an agent"),
    (["[look, h]"], "p", FormulaSyntaxError, r"^action 1 \(\[look, h\]\): .*look"),
    (["[!p]"], "K_a (p", FormulaSyntaxError, r"^the goal: line 1"),
    (["[!p]"], "K_a p & K_c p", ModelError, r"^the goal names c, who is not an agent of the model$"),
    (["[!p]", "[!p]"], "p", ModelError, r"two actions are named '\[!p\]'"),
    ([42], "p", ModelError, r"^action 1 is an act's text, name=text, an EventModel or \(name, either\), got int"),
    ([EventModel([A], [Event("e")], {A: [("e", "e")]}, ["e"])], "p", ModelError,
     r"^the event model must be over the same agents as the Kripke model"),
    ([EventModel([A, B], [Event("e", lambda m, w: True)], {A: [("e", "e")]}, ["e"])], "p", ModelError,
     r"^action 1: the precondition of event 'e' is a function, not a formula"),
])
def test_bad_input_is_one_line_naming_the_fault(actions, goal, error, message):
    m = KripkeModel.initial([A, B], {"p"})
    with pytest.raises(error, match=message) as caught:
        task_from_model(m, actions, goal)
    assert "\n" not in str(caught.value)


def test_only_a_kripke_model_starts_a_task():
    with pytest.raises(ModelError, match="a task starts from a KripkeModel"):
        task_from_model(json.loads("{}"), [], "p")


def test_a_task_is_a_planning_task():
    task = task_from_model(KripkeModel.initial([A], {"p"}), ["[!p]"], "p")
    assert isinstance(task, PlanningTask) and task.name == "task"

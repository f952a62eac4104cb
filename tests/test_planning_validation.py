"""Checking plans: each step applicable or why not, and the goal at the end with its reasons."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Agent, KripkeModel, ModelError, holds, parse_formula
from epistemic.planning import PlanningTask, applicable, apply, search
from epistemic.planning.examples import coin_in_the_box, public_action, secret
from epistemic.planning.validation import SHOWN, validate

from planning_strategies import SLOW_DRAWS, tasks

pytestmark = pytest.mark.filterwarnings("ignore::epistemic.UnknownAtomWarning")


def test_a_plan_that_reaches_the_goal_is_valid():
    check = validate(coin_in_the_box(), ["open_a", "peek_a"])
    assert check.valid and check.goal_holds and check.refused is None
    assert [(s.number, s.action, s.applicable, s.worlds) for s in check.steps] == [
        (1, "open_a", True, 4), (2, "peek_a", True, 3)]
    (world, reason), = check.goal_reasons
    assert reason.verdict is True and reason.claim.startswith("B_a tails is true at")


def test_a_refused_step_names_the_designated_world_and_why_each_event_cannot_happen():
    check = validate(coin_in_the_box(), ["peek_a", "open_a"])
    assert not check.valid and check.goal_holds is None
    assert len(check.steps) == 1
    step = check.refused
    assert (step.number, step.action, step.applicable, step.worlds, step.refused_worlds) == (1, "peek_a", False,
                                                                                             None, 1)
    (refusal,) = step.refusals
    assert refusal.world == "tails" and refusal.facts == ("has_key_a", "looking_a", "tails")
    assert [name for name, _ in refusal.reasons] == ["tails_up", "heads_up"]
    for _, reason in refusal.reasons:
        assert reason.verdict is False
        # the reason goes down to the fact that decides it: the box is not open
        assert reason.walk() and [r.claim for _, r in reason.walk()][-1] == \
            "opened is false at tails: it is not among the facts there"
    text = check.to_text()
    assert "refused at step 1 of 2" in text and "1. peek_a: not applicable: at designated world tails" in text
    assert "event heads_up:" in text and "not checked" in text


def test_the_refused_world_is_the_one_where_no_event_can_happen():
    a = Agent("a")
    state = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {}, actual=["w", "v"], reflexive=True)
    task = PlanningTask("two", state, [public_action("say_p", [a], parse_formula("p"))], parse_formula("p"))
    step = validate(task, ["say_p"]).refused
    assert [r.world for r in step.refusals] == ["v"] and step.refused_worlds == 1
    assert step.refusals[0].reasons[0][1].claim == "p is false at v: it is not among the facts there"


def test_only_a_few_refused_worlds_are_explained_and_the_rest_counted():
    a = Agent("a")
    worlds = {f"w{i}": {f"q{i}"} for i in range(SHOWN + 2)}
    state = KripkeModel.from_relations([a], worlds, {}, actual=list(worlds), reflexive=True)
    task = PlanningTask("many", state, [public_action("say_p", [a], parse_formula("p"))], parse_formula("p"))
    step = validate(task, ["say_p"]).refused
    assert len(step.refusals) == SHOWN and step.refused_worlds == SHOWN + 2
    assert "and at 2 more designated worlds" in validate(task, ["say_p"]).to_text()


def test_a_goal_that_fails_is_explained_where_it_fails():
    check = validate(coin_in_the_box(), ["open_a"])
    assert check.goal_holds is False and not check.valid and check.refused is None
    assert all(reason.verdict is False for _, reason in check.goal_reasons)
    assert "does not reach the goal" in check.to_text() and "goal B_a tails: does not hold" in check.to_text()


def test_a_goal_is_explained_at_the_designated_worlds_where_it_fails_only():
    a = Agent("a")
    state = KripkeModel.from_relations([a], {"w": {"p"}, "v": set(), "u": {"p", "q"}}, {}, actual=["w", "v", "u"],
                                       reflexive=True)
    task = PlanningTask("some", state, [], parse_formula("p"))
    check = validate(task, [])
    assert check.goal_holds is False
    assert [(world, reason.verdict) for world, reason in check.goal_reasons] == [("v", False)]
    holding = validate(PlanningTask("all", state, [], parse_formula("p | ~p")), [])
    assert [world for world, _ in holding.goal_reasons] == ["w", "v", "u"]


def test_the_empty_plan_checks_the_goal_in_the_initial_state():
    check = validate(coin_in_the_box("~opened"), [])
    assert check.valid and check.steps == ()
    assert validate(coin_in_the_box(), ()).goal_holds is False


def test_an_unknown_action_is_named_before_any_step_is_taken():
    # peek_a would be refused at step 1: the unknown name at step 2 is found first
    with pytest.raises(ModelError, match="^coin in the box, B_a tails has no action named 'fly_a'$"):
        validate(coin_in_the_box(), ["peek_a", "fly_a"])


@pytest.mark.parametrize("plan, message", [("open_a", "not str"), (None, "not NoneType"),
                                           (["open_a", 3], "3 is not a name")])
def test_a_plan_is_a_sequence_of_names(plan, message):
    with pytest.raises(ModelError, match=message):
        validate(coin_in_the_box(), plan)


def test_only_a_task_is_checked():
    with pytest.raises(ModelError, match="PlanningTask, not list"):
        validate([], [])


def test_the_check_as_data():
    data = json.loads(json.dumps(validate(coin_in_the_box(), ["open_a", "peek_b"]).to_dict()))
    assert data["valid"] is False and data["refused_step"] == 2 and data["goal_holds"] is None
    assert data["steps"][0] == {"step": 1, "action": "open_a", "applicable": True, "worlds": 4, "refused_worlds": 0,
                                "refusals": []}
    refusal = data["steps"][1]["refusals"][0]
    assert [e["event"] for e in refusal["events"]] == ["tails_up", "heads_up"]
    assert refusal["events"][0]["reason"]["claim"].endswith("is false there")
    assert validate(secret(), ["tell_p"]).to_dict()["goal_reasons"][0]["reason"]["kind"] == "and"


@settings(max_examples=60, **SLOW_DRAWS)
@given(tasks(), st.data())
def test_a_check_agrees_with_applying_the_plan(task, data):
    plan = data.draw(st.lists(st.sampled_from([a.name for a in task.actions]), max_size=4))
    check = validate(task, plan)
    state, refused = task.initial, None
    for number, name in enumerate(plan, start=1):
        if not applicable(state, task.action(name)):
            refused = number
            break
        state = apply(state, task.action(name))
    assert (check.refused.number if check.refused else None) == refused
    assert len(check.steps) == (refused or len(plan))
    if refused is None:
        assert check.goal_holds == holds(state, task.goal) == check.valid
        assert all(reason.verdict is check.goal_holds for _, reason in check.goal_reasons)
    else:
        assert check.goal_holds is None and check.refused.refusals


@settings(max_examples=40, **SLOW_DRAWS)
@given(tasks())
def test_the_plan_a_search_finds_is_valid_with_the_sizes_it_reported(task):
    result = search(task, max_states=5000)
    if result.found:
        check = validate(task, result.plan)
        assert check.valid
        assert tuple(step.worlds for step in check.steps) == result.plan_sizes[1:]

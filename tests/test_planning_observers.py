"""Who must see the last action: A*'s test that no action reaches the goal in one step, held to a brute force."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from epistemic import TOP, Agent, Event, KripkeModel, parse_formula
from epistemic.planning import Action, PlanningTask, Stop, apply, search
from epistemic.planning.examples import coin_in_the_box
from epistemic.planning.observers import blind, may_reach, needed_observers, witnesses

from planning_strategies import SLOW_DRAWS, belief_tasks
from test_planning_search import DEPTH, replay, shortest_by_brute_force

pytestmark = pytest.mark.filterwarnings("ignore::epistemic.UnknownAtomWarning")

a, b, c = Agent("a"), Agent("b"), Agent("c")


@settings(max_examples=80, **SLOW_DRAWS)
@given(belief_tasks())
def test_astar_finds_a_shortest_plan_where_agents_miss_actions(task):
    result = search(task, strategy="astar", max_states=5000)
    expected = shortest_by_brute_force(task)
    if result.stop is Stop.FOUND:
        from epistemic import holds
        assert holds(replay(task, result.plan), task.goal)
        if expected is not None:
            assert len(result.plan) == expected
        else:
            assert len(result.plan) > DEPTH
    else:
        assert result.stop is Stop.EXHAUSTED
        assert expected is None


def _told(skip: Event = Event("skip", TOP), b_sees_skip_as=("skip", "skip")) -> Action:
    """a is told p; b, oblivious, takes it for ``skip``."""
    return Action("tell_a", (Event("yes", parse_formula("p")), skip),
                  (("Fully", (("yes", "yes"), ("skip", "skip"))),
                   ("Oblivious", (("yes", "skip"), b_sees_skip_as))),
                  ("yes",), ((a, (("Fully", TOP),)), (b, (("Oblivious", TOP),))))


def test_an_agent_who_takes_the_event_for_nothing_happening_is_blind_to_it():
    assert blind(_told(), {a: "Fully", b: "Oblivious"}, "yes") == {b}
    assert blind(_told(), {a: "Fully", b: "Fully"}, "yes") == frozenset()


@pytest.mark.parametrize("skip, why", [
    (Event("skip", parse_formula("q")), "it cannot happen everywhere: some worlds have no copy"),
    (Event("skip", TOP, adds={"q"}), "it changes a fact: the copies differ"),
])
def test_an_event_that_does_something_is_not_nothing_happening(skip, why):
    assert blind(_told(skip), {a: "Fully", b: "Oblivious"}, "yes") == frozenset(), why


def test_nothing_happening_is_what_everyone_takes_it_for():
    # b takes the skip for yes: after it, the skip's worlds are not copies of the worlds before
    odd = _told(b_sees_skip_as=("skip", "yes"))
    assert blind(odd, {a: "Fully", b: "Oblivious"}, "yes") == frozenset()


def test_the_agents_a_common_belief_needs_are_those_who_do_not_hold_it_yet():
    # a knows p; b does not: CB p needs b (who does not believe it) and a (who does not believe CB p)
    agents = [a, b]
    m = KripkeModel.from_relations(agents, {"w": {"p"}, "v": set()}, {b: [("w", "v")]}, actual="w",
                                   reflexive=True, symmetric=True)
    goal = parse_formula("CB_{a,b} p")
    assert needed_observers(m, [(goal, witnesses(goal))]) == {m.index("w"): frozenset({a, b})}
    goal = parse_formula("EB_{a,b} p")
    assert needed_observers(m, [(goal, witnesses(goal))]) == {m.index("w"): frozenset({b})}
    assert needed_observers(m, [(parse_formula("B_a p"), witnesses(parse_formula("B_a p")))]) == {}


def test_an_action_an_agent_the_goal_needs_misses_cannot_reach_it():
    agents = [a, b]
    m = KripkeModel.from_relations(agents, {"w": {"p"}, "v": set()}, {a: [("w", "v")], b: [("w", "v")]},
                                   actual="w", reflexive=True, symmetric=True)
    goal = parse_formula("B_b p")
    needed = needed_observers(m, [(goal, witnesses(goal))])
    assert not may_reach(m, _told(), {a: "Fully", b: "Oblivious"}, needed)
    assert may_reach(m, _told(), {a: "Fully", b: "Fully"}, needed)
    # and indeed: told while b looks away, b still does not believe p
    from epistemic import holds
    task = PlanningTask("b learns p", m, [_told()], goal)
    assert not holds(apply(m, _told()), goal)
    assert search(task, strategy="astar").stop is Stop.EXHAUSTED


def test_astar_leaves_states_no_action_finishes_from_for_later():
    # b must believe tails and know that a does: the last action must be seen by both; A* counts the states
    # where none can be two actions away, and expands fewer states than breadth-first for the same length
    task = coin_in_the_box("B_b tails & B_c tails")
    astar, breadth = search(task, strategy="astar"), search(task)
    assert len(astar.plan) == len(breadth.plan)
    assert astar.expanded < breadth.expanded


def test_an_action_every_event_of_which_a_needed_agent_misses_is_ruled_out_without_its_preconditions():
    from epistemic.planning.observers import missed_everywhere, unseen
    told = _told()
    needed = {0: frozenset({b})}
    assert missed_everywhere(told, needed, {a: "Fully", b: "Oblivious"}.get, unseen(told))
    assert not missed_everywhere(told, needed, {a: "Fully", b: "Fully"}.get, unseen(told))
    # a sensing whose negative outcome b sees: not every event is missed
    sensing = Action("sense", (Event("yes", parse_formula("p")), Event("no", parse_formula("~p")), Event("skip", TOP)),
                     (("Fully", (("yes", "yes"), ("no", "no"), ("skip", "skip"))),
                      ("Odd", (("yes", "skip"), ("no", "no"), ("skip", "skip")))),
                     ("yes", "no"), ((a, (("Fully", TOP),)), (b, (("Odd", TOP),))))
    assert unseen(sensing)["Odd"] == {"yes"}
    assert not missed_everywhere(sensing, needed, {a: "Fully", b: "Odd"}.get, unseen(sensing))

"""A task made of one object per distinct subformula means what it meant."""

from __future__ import annotations

from epistemic import TOP, Agent, Atom, Event, KripkeModel, Not, parse_formula
from epistemic.planning import Action, PlanningTask, search
from epistemic.planning.examples import coin_in_the_box, public_action
from epistemic.planning.sharing import shared


def test_equal_subformulas_become_one_object_and_the_task_means_the_same():
    a, b = Agent("a"), Agent("b")
    p_and_q, q = parse_formula("p & q"), parse_formula("q")     # distinct objects for equal formulas
    toggle = Event("toggle", parse_formula("K_a (p & q)"), assign={"q": parse_formula("~(p & q)")})
    action = Action("toggle", (toggle,), (("Fully", [("toggle", "toggle")]),), ("toggle",),
                    [(a, (("Fully", parse_formula("q | p")),)), (b, (("Fully", TOP),))])
    task = PlanningTask("t", KripkeModel.initial([a, b], {"p"}), [action], p_and_q)
    same = shared(task)
    event = same.actions[0].events[0]
    assert event == toggle and same.actions[0] == action and same.goal == task.goal
    assert event.precondition.arg is same.goal
    assert dict(event.assign)["q"].arg is same.goal
    assert same.actions[0].observers[0][1][0][1].left is same.goal.right
    assert same.goal.right is not q and same.goal.right == q


def test_a_deep_formula_is_shared_without_recursion():
    a = Agent("a")
    deep = Atom("p")
    for _ in range(5000):
        deep = Not(deep)
    task = PlanningTask("deep", KripkeModel.initial([a], {"p"}), [public_action("say", [a], deep)], deep)
    same = shared(task)
    assert same.actions[0].events[0].precondition is same.goal


def test_a_search_of_the_shared_task_finds_the_same():
    task = coin_in_the_box("B_b tails & B_c tails & B_a (B_b tails & B_c tails)")
    one, other = search(task), search(shared(task))
    assert (one.plan, one.expanded, one.seen) == (other.plan, other.expanded, other.seen)

"""The search for plans: shortest plans against a brute force, the hand-built tasks, bounds, progress."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings

from epistemic import Agent, KripkeModel, ModelError, Not, holds, parse_formula
from epistemic.planning import PlanningTask, Stop, Strategy, applicable, apply, search
from epistemic.planning.examples import coin_in_the_box, muddy_children, public_action, secret
from epistemic.planning.search import goal_conjuncts, resident_memory

from planning_strategies import SLOW_DRAWS, tasks

pytestmark = pytest.mark.filterwarnings("ignore::epistemic.UnknownAtomWarning")

#: Plans longer than this are not looked for by the brute force.
DEPTH = 3


def shortest_by_brute_force(task: PlanningTask, depth: int = DEPTH) -> int | None:
    """The fewest actions reaching the goal, trying every sequence of up to ``depth`` actions."""
    layer = [task.initial]
    for length in range(depth + 1):
        if any(holds(state, task.goal) for state in layer):
            return length
        layer = [apply(state, action) for state in layer for action in task.actions if applicable(state, action)]
    return None


def replay(task: PlanningTask, plan) -> KripkeModel:
    state = task.initial
    for name in plan:
        state = apply(state, task.action(name))
    return state


@settings(max_examples=60, **SLOW_DRAWS)
@given(tasks())
def test_breadth_first_finds_a_shortest_plan(task):
    result = search(task, max_states=5000)
    expected = shortest_by_brute_force(task)
    if result.stop is Stop.FOUND:
        assert holds(replay(task, result.plan), task.goal)
        assert len(result.plan_sizes) == len(result.plan) + 1
        if expected is not None:
            assert len(result.plan) == expected
        else:
            assert len(result.plan) > DEPTH
    else:
        assert result.stop is Stop.EXHAUSTED     # these tasks have few states
        assert expected is None


@settings(max_examples=40, **SLOW_DRAWS)
@given(tasks())
def test_astar_finds_plans_as_short_and_greedy_finds_valid_ones(task):
    shortest = search(task, max_states=5000)
    astar = search(task, strategy="astar", max_states=5000)
    greedy = search(task, strategy=Strategy.GREEDY, max_states=5000)
    assert shortest.stop is astar.stop is greedy.stop
    if shortest.found:
        assert len(astar.plan) == len(shortest.plan)
        assert holds(replay(task, astar.plan), task.goal)
        assert holds(replay(task, greedy.plan), task.goal)
        assert len(greedy.plan) >= len(shortest.plan)
    else:
        assert astar.seen == greedy.seen == shortest.seen    # each searched every reachable state


# the hand-built tasks ------------------------------------------------------------------------------------

def test_coin_in_the_box_a_opens_and_peeks():
    result = search(coin_in_the_box("B_a tails"))
    assert result.plan == ("open_a", "peek_a")
    assert result.stop is Stop.FOUND and result.found
    assert result.plan_sizes == (2, 4, 3)


def test_coin_in_the_box_b_is_signalled_to_look_and_peeks():
    # b must see the box opened: had b looked only after, b would see itself peek into a box it believes
    # closed, and then believe anything
    assert search(coin_in_the_box("B_b tails")).plan == ("signal_a_b", "open_a", "peek_b")


@pytest.mark.parametrize("goal", ["B_b tails", "B_b tails & B_c tails & B_a (B_b tails & B_c tails)",
                                  "B_c tails & ~(B_b tails | B_b ~tails) & B_a B_c tails"])
@pytest.mark.parametrize("strategy", list(Strategy))
def test_coin_in_the_box_plans_leave_every_agent_with_consistent_beliefs(goal, strategy):
    task = coin_in_the_box(goal)
    state = replay(task, search(task, strategy=strategy).plan)
    assert holds(state, parse_formula("~B_a bot & ~B_b bot & ~B_c bot"))


def test_coin_in_the_box_a_learns_the_coin_while_b_sees_it_and_c_does_not():
    goal = "B_a tails & B_b (B_a tails | B_a ~tails) & ~(B_c tails | B_c ~tails)"
    plan = search(coin_in_the_box(goal)).plan
    assert plan == ("signal_a_b", "open_a", "peek_a")
    state = replay(coin_in_the_box(goal), plan)
    assert holds(state, parse_formula("~B_b tails & B_c ~opened"))


def test_greedy_best_first_may_find_a_longer_plan():
    task = coin_in_the_box("B_a tails & B_b (B_a tails | B_a ~tails) & ~(B_c tails | B_c ~tails)")
    greedy = search(task, strategy="greedy")
    assert len(greedy.plan) == 4 and holds(replay(task, greedy.plan), task.goal)
    assert len(search(task, strategy="astar").plan) == 3


@pytest.mark.parametrize("children, muddy", [(3, 1), (3, 2), (3, 3), (4, 2), (4, 4)])
def test_muddy_children_know_after_the_father_and_muddy_minus_one_silences(children, muddy):
    # Fagin, Halpern, Moses and Vardi, Reasoning About Knowledge (1995), section 1.1: with k muddy
    # children, they know at the k-th question, after k - 1 answers of "no"
    result = search(muddy_children(children, muddy))
    assert result.plan == ("father",) + ("nobody_knows",) * (muddy - 1)


def test_a_task_without_plan_exhausts_the_reachable_states():
    result = search(secret())
    assert result.stop is Stop.EXHAUSTED and result.plan is None and not result.found
    assert (result.seen, result.expanded, result.frontier) == (2, 2, 0)
    assert result.plan_sizes == ()


@pytest.mark.parametrize("strategy", list(Strategy))
def test_a_goal_that_holds_at_first_needs_no_action(strategy):
    a = Agent("a")
    task = PlanningTask("done", KripkeModel.initial([a], {"p"}), [public_action("wave", [a])], parse_formula("p"))
    result = search(task, strategy=strategy)
    assert result.plan == () and result.expanded == 0 and result.plan_sizes == (1,)


def test_states_met_again_are_not_searched_again():
    # saying p twice, or saying it after q, changes nothing the second time
    a, b = Agent("a"), Agent("b")
    initial = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()}, {b: [("w", "v")]}, actual="w",
                                         reflexive=True, symmetric=True)
    task = PlanningTask("say", initial, [public_action("say_p", [a, b], parse_formula("K_a p")),
                                         public_action("say_top", [a, b])], parse_formula("K_b ~p"))
    result = search(task)
    assert result.stop is Stop.EXHAUSTED
    assert result.seen == 2 and result.expanded == 2


# bounds --------------------------------------------------------------------------------------------------

def test_a_bound_on_states_stops_with_what_was_explored():
    result = search(coin_in_the_box("B_b tails"), max_states=4)
    assert result.stop is Stop.MAX_STATES and result.plan is None
    # the initial state's successors: open_a, signal_a_b and signal_a_c; the next state would be a fifth
    assert result.seen == 4 and result.expanded == 1 and result.frontier == 3
    assert result.largest == 4 and result.depth == 1


def test_a_bound_of_one_state_tests_the_initial_state_only():
    assert search(coin_in_the_box(), max_states=1).stop is Stop.MAX_STATES
    task = coin_in_the_box("~opened")
    assert search(task, max_states=1).plan == ()


class Clock:
    """A clock that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_bound_on_seconds_stops_by_the_clock_given():
    result = search(coin_in_the_box("B_b tails"), max_seconds=10, clock=Clock(1.0))
    assert result.stop is Stop.MAX_SECONDS and result.plan is None
    assert result.seconds >= 10
    assert 0 < result.expanded < search(coin_in_the_box("B_b tails")).expanded


def test_a_bound_on_memory_stops_by_the_reading_given():
    readings = iter(range(1000, 10**6, 1000))
    result = search(coin_in_the_box("B_b tails"), max_memory=5000, memory=lambda: next(readings))
    assert result.stop is Stop.MAX_MEMORY and result.peak_memory == 6000    # the last reading, at the stop
    # read before each action: open_a (made), open_b, open_c, peek_a (not applicable), then 5000 stops it
    assert result.seen == 2 and result.expanded == 1


def test_the_memory_read_is_the_process_resident_size():
    assert 10**6 < resident_memory() < 10**12


@pytest.mark.parametrize("bound, value", [("max_states", 0), ("max_seconds", -1), ("max_memory", 2.5),
                                          ("max_states", True)])
def test_a_bound_that_is_not_a_positive_number_is_refused(bound, value):
    with pytest.raises(ModelError, match=f"{bound} must be a positive number"):
        search(secret(), **{bound: value})


def test_an_unknown_strategy_is_refused_in_one_line():
    with pytest.raises(ModelError, match="unknown search strategy 'depth-first': choose from breadth-first, astar"):
        search(secret(), strategy="depth-first")


def test_only_a_task_is_searched():
    with pytest.raises(ModelError, match="PlanningTask, not str"):
        search("coin")


def test_progress_is_written_every_second_by_the_clock():
    out = io.StringIO()
    search(coin_in_the_box("B_b tails"), clock=Clock(0.5), progress=out)
    lines = out.getvalue().splitlines()
    assert lines and all(line.startswith("depth ") and "expanded" in line and "frontier" in line for line in lines)
    assert "largest" in lines[-1]


def test_no_progress_where_standard_error_is_not_a_terminal(capsys):
    search(coin_in_the_box("B_b tails"), clock=Clock(5.0))
    assert capsys.readouterr().err == ""


def test_the_result_as_data_and_text():
    result = search(coin_in_the_box(), clock=lambda: 0.0)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["plan"] == ["open_a", "peek_a"] and data["plan_length"] == 2
    assert data["stop"] == "found" and data["strategy"] == "breadth-first"
    assert data["plan_sizes"] == [2, 4, 3] and data["seconds"] == 0.0
    assert "1. open_a" in result.to_text()
    assert "no plan" in search(secret()).to_text()


def test_goal_conjuncts_flatten_the_top_conjunction_only():
    assert goal_conjuncts(parse_formula("(p & q) & ~(r & s)")) == (
        parse_formula("p"), parse_formula("q"), parse_formula("~(r & s)"))


def test_a_goal_the_checker_refuses_is_an_error_naming_it():
    with pytest.raises(ModelError, match="K_b asks what b knows"):
        search(coin_in_the_box("K_b tails"))


# actions that keep the goal as it is ------------------------------------------------------------------------

def _a_learns_p(goal: str = "K_a p", first: str = "flip_q") -> PlanningTask:
    """a does not know p (it holds); flip_q, which everyone sees, turns q over; tell_p tells everyone p."""
    a, b = agents = [Agent("a"), Agent("b")]
    initial = KripkeModel.from_relations(agents, {"w": {"p"}, "v": set()}, {a: [("w", "v")], b: [("w", "v")]},
                                         actual="w", reflexive=True, symmetric=True)
    flip = public_action("flip_q", agents, assign={"q": parse_formula("~q")})
    tell = public_action("tell_p", agents, parse_formula("p"))
    actions = [flip, tell] if first == "flip_q" else [tell, flip]
    return PlanningTask("a learns p", initial, actions, parse_formula(goal))


@pytest.mark.parametrize("strategy", [Strategy.BREADTH_FIRST, Strategy.ASTAR])
def test_an_action_that_keeps_the_goal_is_not_made_where_the_goal_is_one_step_on(strategy):
    # flip_q comes first in the task, but it changes no fact the goal reads and leaves every world: the state
    # after it is not made before the one after tell_p, which holds the goal
    result = search(_a_learns_p(), strategy=strategy)
    assert result.plan == ("tell_p",)
    assert result.seen == 2


@pytest.mark.parametrize("strategy", [Strategy.BREADTH_FIRST, Strategy.ASTAR])
def test_an_action_that_changes_a_fact_the_goal_reads_is_tested(strategy):
    # flip_q is the plan: it does not keep the goal q
    result = search(_a_learns_p("q"), strategy=strategy)
    assert result.plan == ("flip_q",)


@pytest.mark.parametrize("strategy", [Strategy.BREADTH_FIRST, Strategy.ASTAR])
def test_actions_put_off_are_made_where_the_goal_is_further(strategy):
    # a knows p and q: tell_p, then flip_q twice would do, but flip_q (q false, then true) and tell_p
    # in either order are two steps, the shortest
    result = search(_a_learns_p("K_a p & q"), strategy=strategy)
    assert result.found and len(result.plan) == 2 and set(result.plan) == {"flip_q", "tell_p"}


def test_a_goal_with_an_update_inside_keeps_no_action():
    # "event e can happen", e's precondition being q: the goal's operands hold no atom, yet flip_q makes it
    # true, so flip_q must be tested as any action is
    from epistemic import Event, EventModel
    from epistemic.formulas import BOTTOM, Act
    task = _a_learns_p()
    agents = sorted(task.initial.agents)
    needs_q = EventModel(agents, [Event("e", parse_formula("q"))], {agent: [("e", "e")] for agent in agents}, ["e"])
    can_happen = PlanningTask("e can happen", task.initial, task.actions, Not(Act(needs_q, "e", BOTTOM)))
    assert search(can_happen).plan == ("flip_q",)


def test_worlds_an_action_seen_by_all_makes_alike_are_merged():
    # a does not know p; set_p, which everyone sees, makes p true at both worlds: one world is left
    a = Agent("a")
    initial = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]}, actual="w",
                                         reflexive=True, symmetric=True)
    task = PlanningTask("p is set", initial, [public_action("set_p", [a], assign={"p": parse_formula("top")})],
                        parse_formula("K_a p"))
    for strategy in Strategy:
        result = search(task, strategy=strategy)
        assert result.plan == ("set_p",) and result.plan_sizes == (2, 1)


@settings(max_examples=60, **SLOW_DRAWS)
@given(tasks())
def test_a_state_made_without_the_product_is_the_state_the_product_makes(task):
    # the search makes the state after an event every agent sees as itself, at every world, from the facts
    # alone: each such state has the key of the product update's
    from epistemic.planning.canonical import contracted, state_key
    from epistemic.planning.search import _Search
    searching = _Search(task, Strategy.BREADTH_FIRST, None, None, None, lambda: 0.0, lambda: 0, None)
    state = contracted(searching.task.initial)
    for number, _, step, _ in searching.options(state):
        made = searching.after(state, step)
        assert state_key(made) == state_key(apply(state, searching.task.actions[number])), number


@pytest.mark.parametrize("strategy", list(Strategy))
def test_every_strategy_stops_at_a_bound_and_says_so(strategy):
    result = search(coin_in_the_box("B_b tails"), strategy=strategy, max_states=4)
    assert result.stop is Stop.MAX_STATES and result.plan is None and result.seen == 4

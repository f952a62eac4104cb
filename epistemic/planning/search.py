"""Finding a plan: a search through the states a task's actions reach.

:func:`search` starts from the task's initial state and applies the
actions, in the task's order, to the states it reaches.  Every state is
kept as its bisimulation contraction and known by its canonical key
(:mod:`epistemic.planning.canonical`), so a state met again, however its
worlds are named or copied, is not searched twice.  Three strategies:

``breadth-first`` (the default)
    States are expanded depth by depth, in the order they were found.  The
    goal is tested when a state is found (the initial state first), so the
    first plan found is a shortest one.
``astar``
    A* on the heuristic *h = 0 where the goal holds, 2 where no action can
    make it hold in one step, else 1*.  No action can where each action is
    missed by an agent the goal needs (a blind agent keeps its beliefs:
    :mod:`epistemic.planning.observers`), cannot happen, or keeps the goal
    as it is (below).  It never overestimates the actions still needed and
    changes by at most 1 from a state to the next (it is admissible and
    consistent), so with the goal tested when a state is expanded the plan
    found is a shortest one.

Both put off the actions that *keep the goal as it is*: in a state, an
action that is one event happening at every world, that every agent sees
as itself, and that changes no fact the goal reads, leaves the same worlds
and relations, so the goal fails after it where it failed before (a goal
with an update inside it keeps no action).  Breadth-first makes the
states these actions reach only after every other successor of the same
depth was made and tested; A* puts them back in its frontier at *f = g +
2*, the least they can have (partial expansion).  Plans stay shortest, and
where the goal is one step on, the states they reach are never made: on
tasks where most actions move agents about, as in Selective
Communication, that is most of the last depth's states.
``greedy``
    Greedy best-first on the number of the goal's conjuncts that do not
    hold yet (the goal's top-level ``&``, each holding where it holds at
    every designated world), ties broken by the order states were found,
    the goal tested when a state is found.  That number can overestimate
    (one action may make several conjuncts true), so the plan is not always
    a shortest one.

The search stops at a plan, when no state is left (no plan exists), or at
a bound: ``max_states`` states seen, ``max_seconds`` seconds, or
``max_memory`` bytes resident in the process, each checked before the next
state is made.  A stop at a bound is a result like the others, never an
exception.

Examples
--------
>>> from epistemic.planning.examples import coin_in_the_box
>>> result = search(coin_in_the_box())
>>> result.plan, result.stop.value
(('open_a', 'peek_a'), 'found')
>>> search(coin_in_the_box(), max_states=2).stop.value
'max-states'
"""

from __future__ import annotations

import functools
import heapq
import resource
import sys
import time
from array import array
from collections.abc import Callable
from typing import TextIO

from ..agents import Agent
from ..bisimulation import contract
from ..checking import holds, truth_at_facts
from ..errors import ModelError
from ..events import Event, EventModel
from ..formulas import (And, Atom, Believes, Bottom, Common, CommonBelief, Distributed, Everybody, EverybodyBelieves,
                        Formula, Iff, Implies, Knows, KnowsWhether, Not, Or, Possible, Top, subformulas)
from ..kripke import KripkeModel
from ..probability.model import ProbabilisticModel
from ..updates import update
from .action import Action, observability_type, observability_types, where_possible
from .canonical import contracted, key_of_contraction
from .observers import may_reach, missed_everywhere, needed_observers, unseen, witnesses
from .result import SearchResult, Stop, Strategy
from .sharing import shared
from .task import PlanningTask

__all__ = ["search", "SearchResult", "Strategy", "Stop", "resident_memory", "goal_conjuncts"]

#: Seconds between two lines of progress.
PROGRESS_EVERY = 1.0


def resident_memory() -> int:
    """Bytes the process holds in memory now (its resident set)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * resource.getpagesize()
    except (OSError, IndexError, ValueError):   # no /proc: the most it has held, which bounds it too
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def goal_conjuncts(goal: Formula) -> tuple[Formula, ...]:
    """The operands of the goal's top-level conjunction, left to right.

    Examples
    --------
    >>> from epistemic import parse_formula
    >>> [str(f) for f in goal_conjuncts(parse_formula("p & (q | r) & K_a p"))]
    ['p', 'q | r', 'K_a p']
    """
    out, stack = [], [goal]
    while stack:
        f = stack.pop()
        if isinstance(f, And):
            stack.extend((f.right, f.left))
        else:
            out.append(f)
    return tuple(out)


def _positive(value, name: str, kind=(int,)) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, kind) or value <= 0):
        raise ModelError(f"{name} must be a positive number, got {value!r}")


def search(task: PlanningTask, *, strategy: Strategy | str = Strategy.BREADTH_FIRST,
           max_states: int | None = None, max_seconds: float | None = None, max_memory: int | None = None,
           clock: Callable[[], float] = time.monotonic, memory: Callable[[], int] = resident_memory,
           progress: TextIO | bool | None = None) -> SearchResult:
    """Search for a plan of ``task`` (see :mod:`epistemic.planning.search`).

    Parameters
    ----------
    task : PlanningTask
    strategy : Strategy or str
        ``"breadth-first"``, ``"astar"`` or ``"greedy"``.
    max_states : int, optional
        Stop before making a state once this many distinct states were seen.
    max_seconds : float, optional
        Stop before making a state once this many seconds have passed.
    max_memory : int, optional
        Stop before making a state once the process holds this many bytes.
    clock : callable
        Seconds, as :func:`time.monotonic` gives them.
    memory : callable
        Bytes the process holds, as :func:`resident_memory` gives them.
    progress : file, bool, optional
        Where to write a line of progress every second or so; ``None``:
        standard error when it is a terminal; ``False``: nowhere.

    Raises
    ------
    ModelError
        For an unknown strategy or a bound that is not a positive number;
        and where the task's formulas cannot be checked in a state it
        reaches (as ``K`` where an agent's relation is not an equivalence).
    """
    if not isinstance(task, PlanningTask):
        raise ModelError(f"search looks for a plan of a PlanningTask, not {type(task).__name__}")
    if isinstance(task.initial, ProbabilisticModel):
        # states are contracted by bisimulation and made by reassignment, neither of which keeps the probabilities
        raise ModelError("planning does not weigh probabilities yet: give the task a model without them")
    try:
        strategy = Strategy(strategy)
    except ValueError:
        raise ModelError(f"unknown search strategy {strategy!r}: "
                         f"choose from {', '.join(s.value for s in Strategy)}") from None
    _positive(max_states, "max_states")
    _positive(max_seconds, "max_seconds", (int, float))
    _positive(max_memory, "max_memory")
    if progress is None:
        progress = sys.stderr if sys.stderr is not None and sys.stderr.isatty() else False
    return _Search(task, strategy, max_states, max_seconds, max_memory, clock, memory,
                   None if progress is False else progress).run()


class _Search:
    """One search's state: the states met, the frontier, and the counts."""

    def __init__(self, task, strategy, max_states, max_seconds, max_memory, clock, memory, progress):
        # one object per distinct subformula: the checker's caches then find each by identity
        self.task, self.strategy = shared(task), strategy
        self.max_states, self.max_seconds, self.max_memory = max_states, max_seconds, max_memory
        self.clock, self.memory, self.progress = clock, memory, progress
        self.conjuncts = goal_conjuncts(self.task.goal)
        self.goal_facts = _read_facts(self.task.goal)
        # each conjunct of the goal with the agents it needs to see an action that makes it hold
        self.witnessed = [(f, witnesses(f)) for f in self.conjuncts if witnesses(f)]
        # per action, the events each observability type is blind to
        self.unseen = [unseen(action) for action in self.task.actions]
        self.posts: dict = {}            # (event, facts) -> facts after it, for events that read facts alone
        self.models: dict = {}           # (action number, observability types) -> step (see after), keeps the goal
        # per state met, by number: its predecessor, the action that made it, its depth and size
        self.parent, self.action = array("q"), array("q")
        self.depth, self.size = array("q"), array("q")
        self.seen: dict = {}             # key -> state number
        self.vocabulary: dict = {}       # the facts and agents of keys, one object for all states
        self.expanded = 0
        self.pushed = 0
        self.peak = 0
        self.start = self.last_progress = clock()

    # states -----------------------------------------------------------------------------
    def meet(self, state: KripkeModel, parent: int, action: int) -> tuple[int, bool]:
        """The number of ``state`` (contracted), and whether it is new."""
        vocabulary, rest = key_of_contraction(state)
        key = (self.vocabulary.setdefault(vocabulary, vocabulary), rest)
        number = self.seen.get(key)
        if number is not None:
            return number, False
        number = len(self.parent)
        self.seen[key] = number
        self.parent.append(parent)
        self.action.append(action)
        self.depth.append(0 if parent < 0 else self.depth[parent] + 1)
        self.size.append(len(state))
        return number, True

    def goal(self, state: KripkeModel) -> bool:
        return holds(state, self.task.goal)

    def unmet(self, state: KripkeModel) -> int:
        """The heuristic: for greedy, the goal's conjuncts that do not hold;
        for A*, 0 where the goal holds, 2 where no action may make it hold
        (:meth:`may_finish`), else 1."""
        if self.strategy is Strategy.ASTAR:
            return 0 if self.goal(state) else 1 if self.may_finish(state) else 2
        return sum(not holds(state, f) for f in self.conjuncts)

    def may_finish(self, state: KripkeModel) -> bool:
        """Whether some action may make the goal hold in one step from
        ``state``: one that the agents the goal needs can see
        (:mod:`epistemic.planning.observers`), applicable there, and not
        keeping the goal as it is."""
        needed = needed_observers(state, self.witnessed)
        kinds: dict = {}       # (action number, agent) -> its observability type here, read where needed

        def kind_of(number: int, agent: Agent) -> str:
            if (number, agent) not in kinds:
                kinds[number, agent] = observability_type(state, self.task.actions[number], agent)
            return kinds[number, agent]

        for number, (action, table) in enumerate(zip(self.task.actions, self.unseen)):
            # an action no type is blind to is not ruled out without its preconditions
            if needed and any(table.values()) and \
                    missed_everywhere(action, needed, functools.partial(kind_of, number), table):
                continue
            option = self.option(state, number, action)
            if option is not None and not option[2] and may_reach(state, action, option[0], needed, table):
                return True
        return False

    def moves(self, state: KripkeModel):
        """``(action number, step, keeps the goal)`` for each action
        applicable in ``state``, in the task's order, each checked only while
        no bound is reached (a bound reached ends them with ``(None, Stop,
        False)``).

        The step is what :meth:`after` makes the next state of: the action's
        event model with each agent's observability type in the state, and
        the event that makes it from the facts alone, if any.  An action
        *keeps the goal* when the goal reads nothing
        but facts and the agents' relations, and the action, in this state,
        is one event that happens at every world, that every agent sees as
        itself, and that changes none of the goal's facts: the state after
        it is the state before it, as far as the goal can tell."""
        for number, _, model, keeps in self.options(state, bounded=True):
            if number is None:
                yield None, model, False
                return
            yield number, model, keeps

    def options(self, state: KripkeModel, bounded: bool = False):
        """``(action number, observability types, step, keeps the goal)``
        for each action applicable in ``state`` (see :meth:`moves`);
        where ``bounded``, a bound reached ends them with ``(None, None,
        Stop, False)``."""
        for number, action in enumerate(self.task.actions):
            if bounded:
                stop = self.bound()
                if stop is not None:
                    yield None, None, stop, False
                    return
            option = self.option(state, number, action)
            if option is not None:
                yield number, *option

    def option(self, state: KripkeModel, number: int, action: Action) -> tuple | None:
        """``(observability types, step, keeps the goal)`` of ``action`` (number ``number``) in
        ``state``, where it is applicable; else ``None``."""
        possible = where_possible(state, action)
        if possible is not None and not all(possible[state.index(w)] for w in state.actual):
            return None
        kinds = observability_types(state, action)
        key = (number, tuple(kinds.values()))
        if key not in self.models:
            event = action.seen_as_itself(kinds)
            keeps = (event is not None and self.goal_facts is not None
                     and not self.goal_facts & (event.adds | event.removes | {atom for atom, _ in event.assign}))
            # an event whose postconditions read the facts alone changes each world as its facts say
            factual = event if event is not None and all(f.propositional for _, f in event.assign) else None
            self.models[key] = (action.event_model(kinds), factual), keeps
        step, keeps = self.models[key]
        everywhere = possible is None or bool(possible.all())
        return kinds, step if everywhere else (step[0], None), keeps and everywhere

    def after(self, state: KripkeModel, step: tuple[EventModel, Event | None]) -> KripkeModel:
        """The contracted state after an action, ``step`` being its event model
        in ``state`` and, where the action is one event that happens at every
        world, that every agent sees as itself, and whose postconditions read
        the facts alone, that event.

        Such an event leaves the worlds and relations as they are (see
        :meth:`KripkeModel.reassigned`), and each world's new facts follow
        from its old ones.  Where worlds of different facts keep different
        facts, the state, contracted before, stays contracted."""
        model, event = step
        if event is None:
            return contract(update(state, model).generated())
        before = state.facts_by_number
        after = [self.assigned(event, facts) for facts in before]
        made = state.reassigned(event.name, after)
        return made if len(set(after)) == len(set(before)) else contract(made)

    def assigned(self, event: Event, facts: frozenset) -> frozenset:
        """The facts of a world of ``facts`` after ``event``, whose postconditions read the facts alone."""
        key = (id(event), facts)
        known = self.posts.get(key)
        if known is None:
            known = (facts - event.removes) | event.adds
            made_true = {atom for atom, f in event.assign if truth_at_facts(f, facts)}
            known = self.posts[key] = frozenset((known - {atom for atom, _ in event.assign}) | made_true)
        return known

    def bound(self) -> Stop | None:
        now = self.clock()
        used = self.memory()
        self.peak = max(self.peak, used)
        if self.max_states is not None and len(self.parent) >= self.max_states:
            return Stop.MAX_STATES
        if self.max_seconds is not None and now - self.start >= self.max_seconds:
            return Stop.MAX_SECONDS
        if self.max_memory is not None and used >= self.max_memory:
            return Stop.MAX_MEMORY
        if self.progress is not None and now - self.last_progress >= PROGRESS_EVERY:
            self.last_progress = now
            self.report()
        return None

    # the search -----------------------------------------------------------------------------
    def run(self) -> SearchResult:
        initial = contracted(self.task.initial)
        self.meet(initial, -1, -1)
        if self.strategy is Strategy.BREADTH_FIRST:
            return self.breadth_first(initial)
        # A* tests the goal when it expands a state, greedy when it meets one
        astar = self.strategy is Strategy.ASTAR
        if not astar and self.goal(initial):
            return self.result(Stop.FOUND, 0)
        # entries (priority..., order pushed, state number, state, put off): the order pushed breaks ties
        # first in, first out, and is never the same twice, so that states are never compared
        frontier = [self.entry(initial, 0)]
        closed: set[int] = set()      # the states A* expanded
        while frontier:
            *_, number, state, put_off = heapq.heappop(frontier)
            if put_off is not None:     # A*: the successors by actions that keep the goal as it is
                for action, step in put_off:
                    stop = self.bound()
                    if stop is not None:
                        return self.result(stop, None)
                    self.reach(frontier, closed, number, action, self.after(state, step), False)
                continue
            if astar:
                if number in closed:     # met again by a shorter way, and expanded then
                    continue
                if self.goal(state):
                    return self.result(Stop.FOUND, number)
                closed.add(number)
            self.expanded += 1
            kept = []
            for action, step, keeps in self.moves(state):
                if action is None:
                    return self.result(step, None)
                if keeps and astar:
                    kept.append((action, step))
                    continue
                goal = self.reach(frontier, closed, number, action, self.after(state, step), not astar)
                if goal is not None:
                    return self.result(Stop.FOUND, goal)
            if kept:
                # their states hold no goal, as this one does not: h is at least 1 there, f at least g + 2,
                # and until A* has looked at all with less, they are not made (partial expansion)
                g = self.depth[number]
                self.pushed += 1
                heapq.heappush(frontier, (g + 2, 1, 1, self.pushed, number, state, kept))
        return self.result(Stop.EXHAUSTED, None)

    def reach(self, frontier: list, closed: set[int], number: int, action: int, after: KripkeModel,
              test: bool) -> int | None:
        """Meet ``after``, made by ``action`` from state ``number``, and put it in the frontier; its
        number if it is new and holds the goal, where ``test`` (greedy tests the goal when it meets a
        state)."""
        new, fresh = self.meet(after, number, action)
        if fresh:
            if test and self.goal(after):
                return new
            heapq.heappush(frontier, self.entry(after, new))
        elif (self.strategy is Strategy.ASTAR and new not in closed
              and self.depth[number] + 1 < self.depth[new]):
            # with a consistent heuristic a state expanded is never reached more cheaply later;
            # one waiting in the frontier may be, and takes the shorter way
            self.parent[new], self.action[new] = number, action
            self.depth[new] = self.depth[number] + 1
            heapq.heappush(frontier, self.entry(after, new))
        return None

    def breadth_first(self, initial: KripkeModel) -> SearchResult:
        """Depth by depth, each state's successors made in two passes.

        The goal is tested when a state is met, so that no state of a depth
        holds it when the next depth is expanded: the first goal met is at the
        least depth.  An action that keeps the goal as it is (see
        :meth:`moves`) cannot reach the goal from a state where it fails, so
        each depth first makes every state's other successors, testing them;
        only where none holds the goal are the states the keeping actions
        reach made, for the next depth.  Where the goal is one step on, most
        successors of the last depth are then never made."""
        if self.goal(initial):
            return self.result(Stop.FOUND, 0)
        depth = [(0, initial)]
        while depth:
            following: list[tuple[int, KripkeModel]] = []
            kept: list[tuple[int, KripkeModel, int, tuple]] = []     # successors put off to the second pass
            for number, state in depth:
                self.expanded += 1
                for action, step, keeps in self.moves(state):
                    if action is None:
                        return self.result(step, None)
                    if keeps:
                        kept.append((number, state, action, step))
                        continue
                    after = self.after(state, step)
                    new, fresh = self.meet(after, number, action)
                    if fresh:
                        if self.goal(after):
                            return self.result(Stop.FOUND, new)
                        following.append((new, _lean(after)))
            for number, state, action, step in kept:
                stop = self.bound()
                if stop is not None:
                    return self.result(stop, None)
                after = self.after(state, step)
                new, fresh = self.meet(after, number, action)
                if fresh:       # the goal fails here, as it failed before the action
                    following.append((new, _lean(after)))
            depth = following
        return self.result(Stop.EXHAUSTED, None)

    def entry(self, state: KripkeModel, number: int) -> tuple:
        """The frontier's entry of a state: its priority (see :meth:`run`), then the state, lean."""
        self.pushed += 1
        h = self.unmet(state)
        # A*: least g + h, then least h (a goal state first among equals), then a state before the successors
        # put off of another; greedy: least h
        priority = (self.depth[number] + h, h, 0) if self.strategy is Strategy.ASTAR else (h,)
        return (*priority, self.pushed, number, _lean(state), None)

    # reporting -----------------------------------------------------------------------------
    def report(self) -> None:
        seen = len(self.parent)
        print(f"depth {max(self.depth)}, expanded {self.expanded:,}, seen {seen:,}, frontier {seen - self.expanded:,}, "
              f"largest {max(self.size):,} worlds, {self.clock() - self.start:.0f} s",
              file=self.progress, flush=True)

    def result(self, stop: Stop, goal: int | None) -> SearchResult:
        plan, sizes = [], []
        if goal is not None:
            number = goal
            while number >= 0:
                sizes.append(self.size[number])
                if self.action[number] >= 0:
                    plan.append(self.task.actions[self.action[number]].name)
                number = self.parent[number]
        self.peak = max(self.peak, self.memory())
        return SearchResult(self.task.name, self.strategy, stop, None if goal is None else reversed(plan),
                            self.expanded, len(self.parent), max(self.depth), len(self.parent) - self.expanded,
                            reversed(sizes), max(self.size), float(self.clock() - self.start), self.peak)


def _lean(state: KripkeModel) -> KripkeModel:
    """``state`` without what its checks cached, to wait in the frontier: a
    waiting state costs its worlds and relations only."""
    state.cache.clear()
    return state


#: The formulas whose truth in a model is read off its facts and relations alone.
_STATIC = (Atom, Top, Bottom, Not, And, Or, Implies, Iff, Knows, Possible, KnowsWhether, Believes, Everybody, Common,
           EverybodyBelieves, CommonBelief, Distributed)


def _read_facts(goal: Formula) -> frozenset[str] | None:
    """The facts ``goal`` reads, where it reads nothing but facts and
    relations (no update inside it); else ``None``."""
    facts = set()
    for f in subformulas(goal):
        if type(f) not in _STATIC:
            return None
        if isinstance(f, Atom):
            facts.add(f.name)
    return frozenset(facts)

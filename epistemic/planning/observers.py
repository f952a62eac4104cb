"""Who must see the last action: a test that an action cannot reach the goal, without making its state.

A goal such as ``B_a φ`` that fails at a designated world ``w`` stays
false after an action in which agent ``a`` is *blind*: where the event
that happens is one ``a`` takes for "nothing happened" (an event with no
precondition and no effect, which every agent takes for itself alone), the
worlds ``a`` considers possible after it are copies of those it considered
possible before, and ``a`` believes what it believed.  So ``a`` must see
the last action of any plan that makes ``B_a φ`` true, not only the
actions before it.

For a goal's conjunct failing at a designated world ``w``, the agents who
must see the last action are:

- ``a``, for ``K_a φ``, ``B_a φ`` and ``Kw_a φ``;
- each ``a`` of the group who does not believe ``φ`` at ``w``, for
  ``E_G φ`` and ``EB_G φ``;
- each ``a`` of the group who does not believe ``C_G φ`` at ``w``, for
  ``C_G φ`` and ``CB_G φ`` (common knowledge after the action needs each
  agent's worlds to have it, and a blind agent's are copies of its worlds
  before).

An action cannot reach the goal where at some designated world a
designated event can happen to which one of the agents that world needs
is blind: the state after it has a designated world where the conjunct
fails.  :func:`may_reach` applies this test; a search counts a state
from which no action may reach the goal two actions away from it at least.

Examples
--------
>>> from epistemic import Agent
>>> from epistemic.planning.examples import coin_in_the_box
>>> task = coin_in_the_box()
>>> a, b, c = Agent("a"), Agent("b"), Agent("c")
>>> peek = task.action("peek_a")          # a peeks; b, looking, sees that a peeks; c, not looking, sees nothing
>>> sorted(agent.name for agent in blind(peek, {a: "Fully", b: "Partially", c: "Oblivious"}, "tails_up"))
['c']
>>> from epistemic import parse_formula
>>> from epistemic.planning import apply
>>> opened = apply(task.initial, task.action("open_a"))
>>> goal = parse_formula("B_c tails")
>>> needed = needed_observers(opened, [(goal, witnesses(goal))])
>>> [sorted(agent.name for agent in agents) for agents in needed.values()]
[['c']]
>>> may_reach(opened, peek, {a: "Fully", b: "Oblivious", c: "Oblivious"}, needed)
False
>>> may_reach(opened, peek, {a: "Fully", b: "Oblivious", c: "Partially"}, needed)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import cast

from ..agents import Agent
from ..checking import truth_array
from ..formulas import (Believes, Common, CommonBelief, Everybody, EverybodyBelieves, Formula, Knows, KnowsWhether,
                        Top)
from ..kripke import KripkeModel
from .action import Action

__all__ = ["Witness", "witnesses", "needed_observers", "unseen", "blind", "missed_everywhere", "may_reach"]

#: An agent who must see the last action where a conjunct fails, and a formula ``B_a X`` it must then not hold
#: already: ``None`` where the conjunct failing is enough (``K_a φ``).
Witness = tuple[Agent, Formula | None]


def witnesses(conjunct: Formula) -> tuple[Witness, ...]:
    """The agents ``conjunct`` needs to see the last action, each with the
    belief it must not hold yet (see :data:`Witness`); none for a conjunct
    of another form.

    Examples
    --------
    >>> from epistemic import parse_formula
    >>> [(a.name, str(x)) for a, x in witnesses(parse_formula("E_{a,b} p"))]
    [('a', 'B_a p'), ('b', 'B_b p')]
    >>> witnesses(parse_formula("p | K_a p"))
    ()
    """
    if isinstance(conjunct, (Knows, Believes, KnowsWhether)):
        return ((conjunct.agent, None),)
    if isinstance(conjunct, (Everybody, EverybodyBelieves)):
        return tuple((agent, Believes(agent, conjunct.arg)) for agent in sorted(conjunct.group))
    if isinstance(conjunct, (Common, CommonBelief)):
        return tuple((agent, Believes(agent, conjunct)) for agent in sorted(conjunct.group))
    return ()


def needed_observers(state: KripkeModel, conjuncts: Iterable[tuple[Formula, Sequence[Witness]]]
                     ) -> dict[int, frozenset[Agent]]:
    """For each designated world of ``state`` (by number) where a conjunct
    fails, the agents who must see an action for it to hold after; each
    conjunct is given with its :func:`witnesses`."""
    needed: dict[int, set[Agent]] = {}
    designated = [state.index(w) for w in state.actual]
    for conjunct, named in conjuncts:
        truth = truth_array(state, conjunct)
        failing = [w for w in designated if not truth[w]]
        for agent, believed in (named if failing else ()):
            already = None if believed is None else truth_array(state, believed)
            for w in failing:
                if already is None or not already[w]:
                    needed.setdefault(w, set()).add(agent)
    return {w: frozenset(agents) for w, agents in needed.items()}


def unseen(action: Action) -> dict[str, frozenset[str]]:
    """For each observability type of ``action``, the designated events an
    agent of that type is blind to: when one happens, the agent considers
    possible only events that change nothing, can happen anywhere, and that
    an agent of any type takes for themselves alone.

    Examples
    --------
    >>> from epistemic.planning.examples import coin_in_the_box
    >>> sorted(unseen(coin_in_the_box().action("peek_a"))["Oblivious"])
    ['heads_up', 'tails_up']
    """
    relations = dict(action.relations)

    def considered(kind: str, name: str) -> set[str]:
        return {f for e, f in relations[kind] if e == name}

    nothing = {e.name for e in action.events
               if (e.precondition is None or isinstance(e.precondition, Top))
               and not (e.adds or e.removes or e.assign)
               and all(considered(kind, e.name) == {e.name} for kind in relations)}
    return {kind: frozenset(e for e in action.designated if considered(kind, e) and considered(kind, e) <= nothing)
            for kind in relations}


def blind(action: Action, kinds: Mapping[Agent, str], event: str) -> frozenset[Agent]:
    """The agents blind to ``event`` of ``action`` where each has the
    observability type ``kinds[agent]`` (see :func:`unseen`)."""
    table = unseen(action)
    return frozenset(agent for agent in action.agents if event in table[kinds[agent]])


def missed_everywhere(action: Action, needed: Mapping[int, frozenset[Agent]], kind_of: Callable[[Agent], str],
                      table: Mapping[str, frozenset[str]]) -> bool:
    """Whether at some designated world that needs observers each designated
    event of ``action`` has one of them blind to it: the action cannot reach
    the goal, whichever event happens there, and whether or not it can
    happen at all; no precondition is evaluated.  ``kind_of`` gives an
    agent's observability type, ``table`` is :func:`unseen` of the action."""
    for agents in needed.values():
        if all(any(e in table[kind_of(agent)] for agent in agents) for e in action.designated):
            return True
    return False


def may_reach(state: KripkeModel, action: Action, kinds: Mapping[Agent, str],
              needed: Mapping[int, frozenset[Agent]], table: Mapping[str, frozenset[str]] | None = None) -> bool:
    """Whether ``action``, with the observability types ``kinds``, may make
    the goal hold in ``state``: ``False`` where at a designated world that
    needs observers (``needed``, from :func:`needed_observers`) a designated
    event can happen to which one of them is blind.  ``table`` is
    :func:`unseen` of the action, made here where not given."""
    if not needed:
        return True
    table = unseen(action) if table is None else table
    events = {e.name: e for e in action.events}
    for name in action.designated:
        unseeing = {agent for agent in action.agents if name in table[kinds[agent]]}
        worlds = [w for w, agents in needed.items() if agents & unseeing]
        if not worlds:
            continue
        precondition = events[name].precondition
        # an Action's preconditions are formulas (it refuses functions)
        truth = None if precondition is None else truth_array(state, cast(Formula, precondition))
        if any(truth is None or truth[w] for w in worlds):
            return False
    return True

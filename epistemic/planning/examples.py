"""Planning tasks built by hand from the literature, to test and measure the planner on.

* :func:`coin_in_the_box`: agents a, b and c; a coin lies in a locked box,
  a has the key, and nobody knows which face is up (tails, in fact).  An
  agent with the key who is looking may open the box; a looking agent may
  peek into the open box, seen to peek by the others who are looking but
  not seeing the coin; an agent who knows the coin shows tails may shout
  it, heard by those looking; a looking agent may signal one who is not to
  look (Kominis and Geffner, "Beliefs in multiagent planning: from one
  agent to many", ICAPS 2015; Baral, Gelfond, Pontelli and Son, "An
  action language for multi-agent domains", 2022, whose version this
  follows).
* :func:`muddy_children`: the father's public announcement that at least
  one child is muddy, and the children's public "nobody knows whether they
  are muddy"; the muddy children come to know it (Fagin, Halpern, Moses
  and Vardi, *Reasoning About Knowledge*, 1995, section 1.1).
* :func:`secret`: a knows ``p``, and can only say it in public; the goal
  that b learns it while c does not has no plan.

Examples
--------
>>> from epistemic.planning import search
>>> search(muddy_children(3, muddy=2)).plan
('father', 'nobody_knows')
>>> search(secret()).stop.value
'exhausted'
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable

from ..agents import Agent
from ..events import Event
from ..formulas import (TOP, And, Atom, Believes, EverybodyBelieves, Formula, Implies, Knows, KnowsWhether, Not, Or,
                        Possible, conjunction, disjunction, to_text)
from ..kripke import KripkeModel
from .action import Action
from .task import PlanningTask

__all__ = ["coin_in_the_box", "muddy_children", "secret", "public_action", "EXAMPLES"]

#: Each event seen for what it is.
FULLY = "Fully"
#: The designated events told apart from the skip, not from each other.
PARTIALLY = "Partially"
#: Nothing seems to happen.
OBLIVIOUS = "Oblivious"
#: Hears what is said, not why the speaker may say it.
HEARING = "Hearing"
#: The event an oblivious agent believes happens: nothing.
SKIP = Event("skip", TOP)


def _observed(events: tuple[Event, ...], *, partially: bool) -> tuple:
    """The relations of the three observability types over ``events`` and the skip."""
    names = [e.name for e in events]
    fully = [(e, e) for e in names] + [("skip", "skip")]
    told = [(e, f) for e in names for f in names] + [("skip", "skip")]
    oblivious = [(e, "skip") for e in names] + [("skip", "skip")]
    return ((FULLY, fully), (PARTIALLY, told if partially else fully), (OBLIVIOUS, oblivious))


def _action(name: str, events: tuple[Event, ...], observers: dict[Agent, tuple]) -> Action:
    return Action(name, events + (SKIP,), _observed(events, partially=len(events) > 1),
                  tuple(e.name for e in events), tuple(observers.items()))


def public_action(name: str, agents, precondition: Formula | None = None, **effects) -> Action:
    """An action every agent sees: one event with ``precondition`` and the
    effects of :class:`~epistemic.Event` (``adds``, ``removes``, ``assign``).

    Examples
    --------
    >>> from epistemic import Agent, Atom
    >>> public_action("say_p", [Agent("a")], Atom("p")).designated
    ('say_p',)
    """
    event = Event(name, precondition, **effects)
    return Action(name, (event,), ((FULLY, ((name, name),)),), (name,),
                  tuple((agent, ((FULLY, TOP),)) for agent in agents))


def _looking(agent: Agent) -> Atom:
    return Atom(f"looking_{agent.name}")


def coin_in_the_box(goal: Formula | str = "B_a tails") -> PlanningTask:
    """Coin in the Box, with agents a, b and c, and ``goal`` (a formula or its text).

    An agent who notices nothing keeps its beliefs, which may then be
    wrong: write goals with ``B``, as ``K`` is refused where an agent's
    beliefs are not knowledge.

    Facts: ``tails``, ``opened``, ``has_key_X`` and ``looking_X``.  The
    actions, for each agent X (and Y):

    * ``open_X``: X, who has the key and is looking, opens the box; the
      agents who are looking see it, the others notice nothing.
    * ``peek_X``: X, looking, peeks into the open box and sees the coin;
      the other agents who are looking see X peek but not the coin; the
      rest notice nothing.
    * ``shout_tails_X``: X, who believes the coin shows tails and is looking,
      says so; the agents who are looking hear that the coin shows tails
      (without learning how X knows, which they may not believe possible),
      the others hear nothing.
    * ``signal_X_Y``: X, looking, signals Y, not looking, to look; both see
      it, the others notice nothing.

    Each precondition also asks that the agents who see the action (its
    actor among them) believe it can happen, and for a signal that both believe so, as an
    agent who sees what it believes impossible would believe anything
    after it.

    Examples
    --------
    >>> from epistemic.planning import search
    >>> search(coin_in_the_box("B_b tails")).plan
    ('signal_a_b', 'open_a', 'peek_b')
    """
    from ..syntax import parse_formula
    if isinstance(goal, str):
        goal = parse_formula(goal)
    agents = [Agent(name) for name in "abc"]
    a = agents[0]
    tails, opened = Atom("tails"), Atom("opened")
    fixed = {"has_key_a", "looking_a"}
    initial = KripkeModel.from_relations(agents, {"tails": fixed | {"tails"}, "heads": fixed},
                                         {x: [("tails", "heads")] for x in agents}, actual="tails",
                                         reflexive=True, symmetric=True)

    def looking_see(fully_also=()) -> dict:
        return {x: ((FULLY, TOP),) if x in fully_also else ((FULLY, _looking(x)), (OBLIVIOUS, TOP)) for x in agents}

    def watched(condition: Formula) -> Formula:
        # who sees an action, its actor too, believes it can happen, or would believe anything after it
        return conjunction([condition] + [Implies(_looking(y), Believes(y, condition)) for y in agents])

    actions = []
    for x in agents:
        can_open = conjunction([Atom(f"has_key_{x.name}"), _looking(x), Not(opened)])
        actions.append(_action(f"open_{x.name}", (Event(f"open_{x.name}", watched(can_open), adds={"opened"}),),
                               looking_see((x,))))
    for x in agents:
        sees = watched(And(opened, _looking(x)))
        observers = {y: ((FULLY, TOP),) if y == x else ((PARTIALLY, _looking(y)), (OBLIVIOUS, TOP)) for y in agents}
        actions.append(_action(f"peek_{x.name}", (Event("tails_up", And(sees, tails)),
                                                  Event("heads_up", And(sees, Not(tails)))), observers))
    for x in agents:
        actions.append(_shout(x, agents, tails))
    for x, y in itertools.permutations(agents, 2):
        observers = {z: ((FULLY, TOP),) if z in (x, y) else ((OBLIVIOUS, TOP),) for z in agents}
        can_signal = And(_looking(x), Not(_looking(y)))
        actions.append(_action(f"signal_{x.name}_{y.name}",
                               (Event("signal", And(can_signal, EverybodyBelieves({x, y}, can_signal)),
                                      adds={f"looking_{y.name}"}),), observers))
    return PlanningTask(f"coin in the box, {to_text(goal)}", initial, actions, goal)


def _shout(x: Agent, agents: list[Agent], tails: Atom) -> Action:
    """X says the coin shows tails: X knows why it may say so; the hearers learn only that it does."""
    can_shout = conjunction([Believes(x, tails), _looking(x)] +
                            [Implies(_looking(y), Possible(y, tails)) for y in agents if y != x])
    events = (Event("shout", can_shout), Event("heard", tails), SKIP)
    relations = ((FULLY, [(e.name, e.name) for e in events]),
                 (HEARING, [("shout", "heard"), ("heard", "heard"), ("skip", "skip")]),
                 (OBLIVIOUS, [(e.name, "skip") for e in events]))
    observers = {y: ((FULLY, TOP),) if y == x else ((HEARING, _looking(y)), (OBLIVIOUS, TOP)) for y in agents}
    return Action(f"shout_tails_{x.name}", events, relations, ("shout",), tuple(observers.items()))


def muddy_children(children: int = 3, muddy: int = 2) -> PlanningTask:
    """``children`` children, the first ``muddy`` of them muddy, each seeing
    the others' foreheads; the goal: each muddy child knows it is muddy.

    ``father`` announces that at least one is muddy; ``nobody_knows``
    announces that no child knows whether it is muddy.  After the father,
    ``muddy - 1`` rounds of "nobody knows" are needed (Fagin et al. 1995).

    Examples
    --------
    >>> muddy_children(3, 1).initial
    <KripkeModel: 8 worlds, 3 agents, S5 relations>
    """
    kids = [Agent(f"c{i}") for i in range(1, children + 1)]
    atoms = [f"m{i}" for i in range(1, children + 1)]
    valuations = list(itertools.product((0, 1), repeat=children))
    worlds: dict[Hashable, set[str]] = {bits: {atom for atom, bit in zip(atoms, bits) if bit} for bits in valuations}
    relations = {kid: [(u, v) for u in valuations for v in valuations
                       if all(x == y for j, (x, y) in enumerate(zip(u, v)) if j != i)]
                 for i, kid in enumerate(kids)}
    actual = tuple(1 if i < muddy else 0 for i in range(children))
    initial = KripkeModel.from_relations(kids, worlds, relations, actual=[actual])
    someone = disjunction([Atom(m) for m in atoms])
    nobody = conjunction([Not(KnowsWhether(kid, Atom(m))) for kid, m in zip(kids, atoms)])
    goal = conjunction([Knows(kid, Atom(m)) for kid, m in zip(kids[:muddy], atoms[:muddy])])
    return PlanningTask(f"muddy children, {muddy} of {children}", initial,
                        [public_action("father", kids, someone), public_action("nobody_knows", kids, nobody)], goal)


def secret() -> PlanningTask:
    """a knows whether ``p`` (it holds), b and c do not; a can tell it only
    to everyone.  The goal, b knows ``p`` and c does not, has no plan.

    Examples
    --------
    >>> [action.name for action in secret().actions]
    ['tell_p', 'tell_not_p']
    """
    a, b, c = agents = [Agent(name) for name in "abc"]
    p = Atom("p")
    initial = KripkeModel.from_relations(agents, {"p": {"p"}, "not_p": set()},
                                         {b: [("p", "not_p")], c: [("p", "not_p")]}, actual="p",
                                         reflexive=True, symmetric=True)
    actions = [public_action("tell_p", agents, Knows(a, p)), public_action("tell_not_p", agents, Knows(a, Not(p)))]
    return PlanningTask("a secret for b alone", initial, actions, And(Knows(b, p), Not(Or(Knows(c, p), Knows(c, Not(p))))))


#: The hand-built tasks by name, each a function making the task.
EXAMPLES = {
    "coin-a": coin_in_the_box,
    "coin-b": lambda: coin_in_the_box("B_b tails"),
    "coin-a-b-not-c": lambda: coin_in_the_box("B_a tails & B_b (B_a tails | B_a ~tails) & ~(B_c tails | B_c ~tails)"),
    "coin-all": lambda: coin_in_the_box("B_b tails & B_c tails & B_a (B_b tails & B_c tails)"),
    "muddy-3-2": lambda: muddy_children(3, 2),
    "muddy-4-3": lambda: muddy_children(4, 3),
    "secret": secret,
}

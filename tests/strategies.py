"""Hypothesis strategies shared by the test modules."""

from __future__ import annotations

import functools

from hypothesis import strategies as st

from epistemic import Agent, Announcement, Event, EventModel
from epistemic import formulas as fm
from epistemic.models.pirates import DOOMED_PROPOSERS, INDIFFERENT, MAJORITIES, TIE_RULES, Rules, promise

__all__ = [
    "agent_names",
    "agents",
    "agent_lists",
    "contents",
    "announcements_over",
    "announcement_sets",
    "paths_over",
    "rows",
    "promise_sets",
    "pirate_games",
    "formulas",
    "event_labels",
    "event_models",
    "acts",
]

#: Names an :class:`Agent` accepts: one non-empty word.
agent_names = st.from_regex(r"[A-Za-z0-9_.\-]{1,8}", fullmatch=True)

agents = st.builds(Agent, agent_names)


def agent_lists(min_size: int = 1, max_size: int = 5):
    """Distinct agents, in a list."""
    return st.lists(agents, min_size=min_size, max_size=max_size, unique=True)


#: Hashable announcement contents, of mixed types.
contents = st.one_of(
    st.integers(-5, 5),
    st.text(max_size=3),
    st.tuples(st.integers(0, 3), st.integers(0, 3)),
    st.frozensets(st.integers(0, 3), max_size=3),
)


@st.composite
def announcements_over(draw, pool, public=None):
    """One announcement by an agent of ``pool``: public, or to a subgroup of
    ``pool`` that includes the speaker.  ``public`` forces the kind."""
    speaker = draw(st.sampled_from(pool))
    content = draw(contents)
    is_public = draw(st.booleans()) if public is None else public
    if is_public:
        return Announcement(speaker, content)
    others = draw(st.lists(st.sampled_from(pool), unique=True, max_size=len(pool)))
    return Announcement.private(speaker, content, others)


def announcement_sets(pool, max_size: int = 5, public=None):
    """A list of distinct announcements over the agents of ``pool``."""
    return st.lists(announcements_over(pool, public), max_size=max_size, unique=True)


def paths_over(pool, max_size: int = 4):
    """A sequence of agents of ``pool`` (repetitions allowed): ``[j1, ..., jk]``."""
    return st.lists(st.sampled_from(pool), max_size=max_size)


@st.composite
def rows(draw, size: int, coins: int):
    """``size`` non-negative shares summing to ``coins``."""
    cuts = sorted(draw(st.lists(st.integers(0, coins), min_size=size - 1, max_size=size - 1)))
    bounds = [0, *cuts, coins]
    return [b - a for a, b in zip(bounds, bounds[1:])]


@st.composite
def promise_sets(draw, pirates: int, coins: int, max_promises: int | None = None,
                 makers=None, public=None):
    """Promises of a game, each pirate promising at most once.

    ``makers`` restricts who may promise; ``public`` forces the kind.
    """
    pool = list(range(1, pirates + 1)) if makers is None else list(makers)
    limit = len(pool) if max_promises is None else min(max_promises, len(pool))
    chosen = draw(st.lists(st.sampled_from(pool), unique=True, max_size=limit)) if pool else []
    made = []
    for maker in chosen:
        row = draw(rows(pirates - maker + 1, coins))
        is_public = draw(st.booleans()) if public is None else public
        hearers = None
        if not is_public:
            hearers = draw(st.lists(st.integers(1, pirates), unique=True, max_size=pirates))
        made.append(promise(pirates, maker, row, hearers))
    return made


@st.composite
def pirate_games(draw, min_pirates: int = 2, max_pirates: int = 8, max_coins: int = 6,
                 max_promises: int | None = None):
    """``(pirates, coins, promises, tie_rule)`` for a random game."""
    pirates = draw(st.integers(min_pirates, max_pirates))
    coins = draw(st.integers(0, max_coins))
    made = draw(promise_sets(pirates, coins, max_promises))
    tie_rule = draw(st.sampled_from(TIE_RULES))
    return pirates, coins, made, tie_rule


@st.composite
def pirate_rules(draw):
    """Any :class:`~epistemic.models.pirates.Rules` of the vote."""
    return Rules(draw(st.sampled_from(MAJORITIES)), draw(st.booleans()), draw(st.sampled_from(INDIFFERENT)),
                 draw(st.sampled_from(DOOMED_PROPOSERS)))


#: Atom names the text syntax reads (reserved words and operator-like names filtered out).
atom_names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_']{0,5}", fullmatch=True).filter(
    lambda n: n not in fm.RESERVED and not fm.MODAL_PREFIX.match(n))
#: Agent names the text syntax writes, plain (K_a) or braced (K_{a_1}).
syntax_agents = st.builds(Agent, st.one_of(st.from_regex(r"[A-Za-z0-9_']{1,5}", fullmatch=True),
                                           st.sampled_from(["and", "or", "not", "B_1", "K_a", "top"])))
_groups = st.frozensets(syntax_agents, min_size=1, max_size=3)


_UNARY = (fm.Not,)
_BINARY = (fm.And, fm.Or, fm.Implies, fm.Iff, fm.Announce, fm.AnnounceDiamond)
_MODAL = (fm.Knows, fm.Possible, fm.KnowsWhether, fm.Believes)
_GROUP = (fm.Everybody, fm.Common, fm.Distributed, fm.EverybodyBelieves, fm.CommonBelief)
_GROUP_ANNOUNCE = (fm.AnnouncePrivately, fm.AnnounceWhether)

#: Names of events the text syntax writes, the awkward ones among them.
event_labels = st.one_of(st.from_regex(r"[A-Za-z0-9_']{1,4}", fullmatch=True),
                         st.sampled_from(["and", "top", "designated", "K_a", "B_1", "h'"]))


@st.composite
def event_models(draw, inner, weighed: bool = False):
    """Event models whose formulas come from ``inner``: preconditions (or
    none), postconditions, added and removed facts, partitions or any
    arrows per agent (an agent called ``designated`` among them), and
    designated events; with ``weighed``, perhaps occurrence probabilities
    (numbers, or conditions from ``inner``) and observation probabilities."""
    events = []
    for name in draw(st.lists(event_labels, min_size=1, max_size=3, unique=True)):
        events.append(Event(name, precondition=draw(st.one_of(st.none(), inner)),
                            adds=draw(st.frozensets(atom_names, max_size=2)),
                            removes=draw(st.frozensets(atom_names, max_size=1)),
                            assign=draw(st.dictionaries(atom_names, inner, max_size=2))))
    labels = [e.name for e in events]
    relations = {}
    for agent in draw(st.frozensets(st.one_of(syntax_agents, st.just(Agent("designated"))), min_size=1, max_size=3)):
        if draw(st.booleans()):
            block = [draw(st.integers(0, len(labels) - 1)) for _ in labels]
            relations[agent] = [(e, f) for e, x in zip(labels, block) for f, y in zip(labels, block) if x == y]
        else:
            relations[agent] = draw(st.lists(st.tuples(st.sampled_from(labels), st.sampled_from(labels)),
                                             max_size=4))
    actual = draw(st.lists(st.sampled_from(labels), min_size=1, max_size=len(labels), unique=True))
    if not weighed:
        return EventModel(relations, events, relations, actual)
    return EventModel(relations, events, relations, actual, occurrence=draw(_occurrence(labels, inner)),
                      observation=draw(_observation(relations)))


_chances = st.fractions(min_value=0, max_value=1, max_denominator=8)


@st.composite
def _occurrence(draw, labels, inner):
    """None, or per event a probability or (condition, probability) pairs, a condition ``top`` among them."""
    if draw(st.booleans()):
        return None
    return {e: draw(st.one_of(_chances, st.lists(st.tuples(st.one_of(inner, st.just(fm.TOP)), _chances),
                                                 min_size=1, max_size=3))) for e in labels}


@st.composite
def _observation(draw, relations):
    """Per agent and some events, probabilities over the events the agent takes it for, summing to 1."""
    given: dict = {}
    for agent, pairs in relations.items():
        for e in dict.fromkeys(x for x, _ in pairs):
            targets = list(dict.fromkeys(f for x, f in pairs if x == e))
            if draw(st.booleans()):
                cuts = sorted(draw(st.lists(_chances, min_size=len(targets) - 1, max_size=len(targets) - 1)))
                bounds = [0, *cuts, 1]
                given.setdefault(agent, {})[e] = {f: bounds[i + 1] - bounds[i] for i, f in enumerate(targets)}
    return given or None


@st.composite
def acts(draw, inner):
    """``[E, e]ψ``, the designated events of E often just e (then not written)."""
    model = draw(event_models(inner))
    event = draw(st.sampled_from([e.name for e in model.events]))
    if draw(st.booleans()):
        model = EventModel(model.agents, model.events, {a: model.relation(a) for a in model.agents}, [event])
    return fm.Act(model, event, draw(inner))


@st.composite
def _compound(draw, inner, events=False):
    # one composite rather than a builds() per class keeps hypothesis's strategy descriptions small
    cls = draw(st.sampled_from(_UNARY + _BINARY + _MODAL + _GROUP + _GROUP_ANNOUNCE + ((fm.Act,) if events else ())))
    if cls is fm.Act:
        return draw(acts(inner))
    if cls in _UNARY:
        return cls(draw(inner))
    if cls in _BINARY:
        return cls(draw(inner), draw(inner))
    if cls in _MODAL:
        return cls(draw(syntax_agents), draw(inner))
    if cls in _GROUP:
        return cls(draw(_groups), draw(inner))
    return cls(draw(_groups), draw(inner), draw(inner))


@functools.cache
def formulas(max_leaves: int = 12, events: bool = False):
    """Formulas of every connective, nested a few levels; with ``events``,
    ``[E, e]ψ`` too (event models inside preconditions included).

    Made once for each set of arguments: a recursive strategy costs more to make
    than a draw from it, and some tests ask for one at every draw."""
    leaves = st.one_of(st.builds(fm.Atom, atom_names), st.just(fm.TOP), st.just(fm.BOTTOM))
    return st.recursive(leaves, functools.partial(_compound, events=events), max_leaves=max_leaves)

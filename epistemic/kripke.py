"""Kripke models kept in networkx, and their product update by event models.

A world is any hashable name; its ``facts`` are the atoms true there.  Each
directed edge ``w -> v`` carries ``agents``, the agents who, at ``w``,
consider ``v`` possible (who cannot tell ``w`` from ``v``).  Knowledge (S5)
models have symmetric, reflexive and transitive relations; belief (KD45)
models, which private announcements produce, are serial, transitive and
Euclidean.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence

import attrs
import networkx as nx

from .agents import Agent
from .announcements import Announcement
from .errors import ModelError

__all__ = [
    "KripkeModel",
    "Event",
    "EventModel",
    "public_event",
    "private_event",
    "announce",
]

World = Hashable


class KripkeModel:
    """A multi-agent Kripke model with designated (actual) worlds.

    Build one with :meth:`initial` or :meth:`from_relations`; change it only
    through updates, which return new models.  :meth:`to_networkx` hands out
    a copy of the graph for inspection and drawing.

    Examples
    --------
    >>> a, b = Agent("a"), Agent("b")
    >>> m = KripkeModel.from_relations(
    ...     agents=[a, b],
    ...     worlds={"w": {"p"}, "v": set()},
    ...     relations={a: [("w", "v"), ("v", "w")], b: []},
    ...     actual="w",
    ...     reflexive=True,
    ... )
    >>> sorted(m.accessible("w", a)), sorted(m.accessible("w", b))
    (['v', 'w'], ['w'])
    >>> m.is_equivalence(a), sorted(m.believed_facts([b]))
    (True, ['p'])
    """

    __slots__ = ("_graph", "_agents", "_actual")
    __hash__ = None  # a model holds a mutable graph: never use it as a key

    def __init__(self, graph: nx.DiGraph, agents: Iterable[Agent], actual: Iterable[World]):
        self._graph = graph
        self._agents = frozenset(agents)
        self._actual = frozenset(actual)
        for agent in self._agents:
            if not isinstance(agent, Agent):
                raise ModelError(f"agents must be Agent objects, got {agent!r}")
        missing = [w for w in self._actual if w not in graph]
        if missing:
            raise ModelError(f"actual world {missing[0]!r} is not a world of the model")
        for u, v, agents in graph.edges(data="agents"):
            if not agents or not agents <= self._agents:
                raise ModelError(f"edge {u!r} -> {v!r} must carry a non-empty set of the model's agents")

    # construction ---------------------------------------------------------
    @classmethod
    def initial(cls, agents: Iterable[Agent], facts: Iterable[Hashable] = ()) -> KripkeModel:
        """One world, known by every agent to be the only one."""
        agents = frozenset(agents)
        g = nx.DiGraph()
        g.add_node(0, facts=frozenset(facts))
        if agents:
            g.add_edge(0, 0, agents=agents)
        return cls(g, agents, [0])

    @classmethod
    def from_relations(
        cls,
        agents: Iterable[Agent],
        worlds: Mapping[World, Iterable[Hashable]],
        relations: Mapping[Agent, Iterable[tuple[World, World]]],
        actual: World | Iterable[World],
        *,
        reflexive: bool = False,
        symmetric: bool = False,
    ) -> KripkeModel:
        """Build a model from explicit worlds and accessibility pairs.

        ``reflexive`` and ``symmetric`` close every relation, which is the
        convenient way to give an S5 model by its links alone.  ``actual`` is
        one world (a string, number or other world name) or a collection of
        worlds; a tuple is one world if it names one, else a collection.
        """
        agents = frozenset(agents)
        g = nx.DiGraph()
        for w, facts in worlds.items():
            g.add_node(w, facts=frozenset(facts))
        pairs: dict[tuple[World, World], set[Agent]] = {}
        for agent, rel in relations.items():
            if agent not in agents:
                raise ModelError(f"relation given for {agent}, who is not an agent of the model")
            for u, v in rel:
                for x in (u, v):
                    if x not in g:
                        raise ModelError(f"relation of {agent} names unknown world {x!r}")
                pairs.setdefault((u, v), set()).add(agent)
                if symmetric:
                    pairs.setdefault((v, u), set()).add(agent)
        if reflexive:
            for w in g:
                pairs.setdefault((w, w), set()).update(agents)
        for (u, v), who in pairs.items():
            g.add_edge(u, v, agents=frozenset(who))
        try:
            single = isinstance(actual, (str, int)) or actual in g
        except TypeError:  # a list or set of worlds is unhashable
            single = False
        return cls(g, agents, [actual] if single else actual)

    # reading --------------------------------------------------------------
    @property
    def agents(self) -> frozenset[Agent]:
        return self._agents

    @property
    def actual(self) -> frozenset[World]:
        """The designated worlds."""
        return self._actual

    @property
    def worlds(self) -> list[World]:
        return list(self._graph.nodes)

    def facts(self, world: World) -> frozenset:
        """The atoms true at ``world``."""
        return self._graph.nodes[world]["facts"]

    def accessible(self, world: World, agent: Agent) -> frozenset[World]:
        """The worlds ``agent`` considers possible at ``world``."""
        return frozenset(
            v for v, who in self._graph.succ[world].items() if agent in who["agents"]
        )

    def relation(self, agent: Agent) -> frozenset[tuple[World, World]]:
        """All pairs ``(w, v)`` with ``v`` accessible from ``w`` for ``agent``."""
        return frozenset(
            (u, v) for u, v, who in self._graph.edges(data="agents") if agent in who
        )

    def reachable(self, path: Sequence[Agent], start: Iterable[World] | None = None) -> frozenset[World]:
        """Worlds reached from ``start`` (default: the actual worlds) by following
        the relations of ``path`` in order: ``[j, i]`` is what j believes i considers possible."""
        frontier = self._actual if start is None else frozenset(start)
        for agent in path:
            frontier = frozenset(v for w in frontier for v in self.accessible(w, agent))
        return frontier

    def believed_facts(self, path: Sequence[Agent], start: Iterable[World] | None = None) -> frozenset:
        """Facts true in every world reached along ``path``.

        For ``path = [j, i]`` these are the facts p for which "j believes
        that i believes p" holds at the actual world.  An empty path gives
        the facts true in all actual worlds.
        """
        worlds = self.reachable(path, start)
        if not worlds:
            return frozenset().union(*(self.facts(w) for w in self._graph))
        return frozenset.intersection(*(self.facts(w) for w in worlds))

    def is_equivalence(self, agent: Agent) -> bool:
        """True when ``agent``'s relation is reflexive, symmetric and transitive (S5)."""
        rel = self.relation(agent)
        if any((w, w) not in rel for w in self._graph):
            return False
        if any((v, u) not in rel for u, v in rel):
            return False
        return _transitive(rel)

    def is_kd45(self, agent: Agent) -> bool:
        """True when ``agent``'s relation is serial, transitive and Euclidean (belief)."""
        rel = self.relation(agent)
        succ: dict[World, set[World]] = {w: set() for w in self._graph}
        for u, v in rel:
            succ[u].add(v)
        if any(not s for s in succ.values()):
            return False
        euclidean = all(y in succ[x] for s in succ.values() for x in s for y in s)
        return euclidean and _transitive(rel)

    def to_networkx(self) -> nx.DiGraph:
        """A copy of the model's graph (node attribute ``facts``, edge
        attribute ``agents``; graph attributes ``actual`` and ``agents``)."""
        g = self._graph.copy()
        g.graph["actual"] = self._actual
        g.graph["agents"] = self._agents
        return g

    def __len__(self) -> int:
        return self._graph.number_of_nodes()

    def __repr__(self) -> str:
        return (f"<KripkeModel: {len(self)} worlds, {len(self._agents)} agents, "
                f"{self._graph.number_of_edges()} edges>")

    # updates ---------------------------------------------------------------
    def generated(self) -> KripkeModel:
        """The submodel of worlds reachable from the actual worlds.

        Truth at the actual worlds is unchanged; unreachable worlds only cost
        memory, and after many private updates they are most of the model.
        """
        keep = set(self._actual)
        stack = list(self._actual)
        while stack:
            w = stack.pop()
            for v in self._graph.succ[w]:
                if v not in keep:
                    keep.add(v)
                    stack.append(v)
        return KripkeModel(self._graph.subgraph(keep).copy(), self._agents, self._actual)

    def update(self, events: EventModel) -> KripkeModel:
        """Product update with an event model.

        The new worlds are the pairs ``(w, e)`` whose precondition holds at
        ``w``, renamed ``0, 1, ...`` (the pair is kept as node attribute
        ``origin``); an agent links ``(w, e)`` to ``(v, f)`` when it links
        ``w`` to ``v`` and ``e`` to ``f``.  Postconditions add and remove
        facts.
        """
        if events.agents != self._agents:
            raise ModelError("the event model must be over the same agents as the Kripke model")
        pairs = [
            (w, e)
            for w in self._graph
            for e in events.events
            if e.precondition is None or e.precondition(self, w)
        ]
        name = {pair: i for i, pair in enumerate(pairs)}
        g = nx.DiGraph()
        for (w, e), i in name.items():
            g.add_node(i, facts=(self.facts(w) - e.removes) | e.adds, origin=(w, e.name))
        by_name = {e.name: e for e in events.events}
        ev_edges = list(events.graph.edges(data="agents"))
        for u, v, who in self._graph.edges(data="agents"):
            for e, f, ev_who in ev_edges:
                both = who & ev_who
                if both and (u, by_name[e]) in name and (v, by_name[f]) in name:
                    g.add_edge(name[u, by_name[e]], name[v, by_name[f]], agents=both)
        actual = [name[w, by_name[e]] for w in self._actual for e in events.actual
                  if (w, by_name[e]) in name]
        if not actual:
            raise ModelError("no actual event can happen at the actual world: its precondition fails")
        return KripkeModel(g, self._agents, actual)


def _transitive(rel) -> bool:
    succ: dict = {}
    for u, v in rel:
        succ.setdefault(u, set()).add(v)
    return all(z in succ.get(x, ()) for x, ys in succ.items() for y in ys for z in succ.get(y, ()))


@attrs.frozen
class Event:
    """One event of an event model.

    ``precondition(model, world)`` says where it can happen (``None``:
    everywhere); ``adds`` and ``removes`` are its postconditions on facts.
    """

    name: str
    precondition: Callable[[KripkeModel, World], bool] | None = None
    adds: frozenset = attrs.field(default=frozenset(), converter=frozenset)
    removes: frozenset = attrs.field(default=frozenset(), converter=frozenset)


class EventModel:
    """Events, the agents' uncertainty about which one happens, and the actual ones.

    Edges of ``graph`` are named by event name and carry ``agents`` as in
    :class:`KripkeModel`.
    """

    __slots__ = ("events", "graph", "agents", "actual")
    __hash__ = None

    def __init__(self, agents: Iterable[Agent], events: Iterable[Event],
                 relations: Mapping[Agent, Iterable[tuple[str, str]]], actual: Iterable[str]):
        self.agents = frozenset(agents)
        self.events = tuple(events)
        names = [e.name for e in self.events]
        if len(set(names)) != len(names):
            raise ModelError("event names must be distinct")
        self.graph = nx.DiGraph()
        self.graph.add_nodes_from(names)
        pairs: dict[tuple[str, str], set[Agent]] = {}
        for agent, rel in relations.items():
            for e, f in rel:
                if e not in self.graph or f not in self.graph:
                    raise ModelError(f"relation of {agent} names unknown event {e!r} or {f!r}")
                pairs.setdefault((e, f), set()).add(agent)
        for (e, f), who in pairs.items():
            self.graph.add_edge(e, f, agents=frozenset(who))
        self.actual = tuple(actual)
        if not set(self.actual) <= set(names):
            raise ModelError("actual events must be events of the model")


def public_event(agents: Iterable[Agent], fact: Hashable) -> EventModel:
    """Everyone sees ``fact`` become true, and sees everyone see it."""
    agents = frozenset(agents)
    model = EventModel(agents, [Event("told", adds={fact})], {}, ["told"])
    if agents:
        model.graph.add_edge("told", "told", agents=agents)
    return model


def private_event(agents: Iterable[Agent], fact: Hashable, group: Iterable[Agent]) -> EventModel:
    """``group`` sees ``fact`` become true and knows the group saw it;
    everyone else believes that nothing happened."""
    agents = frozenset(agents)
    group = frozenset(group)
    if not group <= agents:
        raise ModelError("the subgroup must consist of agents of the model")
    told, skip = Event("told", adds={fact}), Event("skip")
    model = EventModel(agents, [told, skip], {}, ["told"])
    # edges are set per group rather than per agent: models may hold thousands of agents
    for e, f, who in (("told", "told", group), ("told", "skip", agents - group),
                      ("skip", "skip", agents)):
        if who:
            model.graph.add_edge(e, f, agents=frozenset(who))
    return model


def announce(model: KripkeModel, announcement: Announcement) -> KripkeModel:
    """The model after ``announcement`` was made, as seen by its hearers.

    The fact that becomes true is the announcement itself.  A public one is
    seen by everyone; a subgroup one follows :func:`private_event`.  The
    result is restricted to the worlds reachable from the actual one, which
    keeps models built from many announcements small.

    Examples
    --------
    >>> p1, p2, p3 = Agent("p1"), Agent("p2"), Agent("p3")
    >>> promise = Announcement.private(p2, "2 1", [p3])
    >>> m = announce(KripkeModel.initial([p1, p2, p3]), promise)
    >>> promise in m.believed_facts([p3]), promise in m.believed_facts([p1])
    (True, False)
    >>> promise in m.believed_facts([p3, p1])  # p3 believes p1 was not told
    False
    >>> m.is_kd45(p1), m.is_equivalence(p1)
    (True, False)
    """
    if announcement.speaker not in model.agents:
        raise ModelError(f"{announcement.speaker} is not an agent of the model")
    if announcement.is_public:
        events = public_event(model.agents, announcement)
    else:
        unknown = announcement.audience - model.agents
        if unknown:
            raise ModelError(f"{sorted(unknown)[0]} is not an agent of the model")
        events = private_event(model.agents, announcement, announcement.audience)
    return model.update(events).generated()

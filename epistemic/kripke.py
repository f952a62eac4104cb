"""Kripke models, their networkx view, and their product with event models.

A world is any hashable name; its ``facts`` are what is true there (atom
names for formulas, or any hashable, such as the announcements of the
pirate game).  Each agent has an accessibility relation: at ``w`` the
agent considers possible the worlds it links ``w`` to.  Knowledge (S5)
relations are equivalences and are kept as partitions; any other relation
(the KD45 belief that private announcements produce) is kept as arrows
(see :mod:`epistemic.relations`).  :meth:`KripkeModel.to_networkx` gives
the model as a networkx graph whose edges carry the set of agents, and
:meth:`KripkeModel.from_networkx` reads one back.

Models are immutable: updates return new models.  A model keeps a cache
for the model checker (truth sets of formulas, submodels after
announcements), which is sound because nothing in it ever changes.

This module knows the structure of models only.  Whatever needs a
formula evaluated (an event's precondition, an update, an announcement)
sits above the model checker: :mod:`epistemic.checking` and
:mod:`epistemic.updates`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from .agents import Agent
from .errors import ModelError
from .events import Event, EventModel, check_event_model, private_event, public_event, whether_event
from .relations import FEW_WORLDS, Arrows, Partition, Relation, relation_from_pairs
from .validators import instance_of

if TYPE_CHECKING:
    import networkx as nx
    import numpy as np

# numpy (a tenth of a second to import) is imported where used: the symbolic engine imports this module
# and never calls what uses it

__all__ = [
    "KripkeModel",
    "Event",
    "EventModel",
    "public_event",
    "private_event",
    "whether_event",
]

World = Hashable


class KripkeModel:
    """A multi-agent Kripke model with designated (actual) worlds.

    Build one with :meth:`initial`, :meth:`from_relations`,
    :meth:`from_networkx` or the builders of :mod:`epistemic.building`;
    change it only through updates, which return new models.

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
    >>> m.partition(a)
    [['w', 'v']]
    """

    __slots__ = ("_worlds", "_index", "_facts", "_relations", "_agents", "_actual", "_origin", "_s5_before",
                 "cache")
    # a model holds caches: never use it as a key; mypy has no other way to say it
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, worlds: Sequence[World], facts: Sequence[Iterable[Hashable]],
                 relations: Mapping[Agent, Relation], actual: Iterable[World],
                 origin: Sequence[tuple[World, str]] | None = None, s5_before: Iterable[Agent] | None = None):
        """The model of ``worlds`` (in order), their ``facts``, a relation
        over world numbers per agent, and the ``actual`` worlds; after an
        update, each world's ``origin`` and the agents ``s5_before`` whose
        relations were equivalences before it (see :attr:`s5_before`).
        Prefer the builders; this is the form they all end in."""
        self._worlds = tuple(worlds)
        self._index = {w: i for i, w in enumerate(self._worlds)}
        if len(self._index) != len(self._worlds):
            raise ModelError("world names must be distinct")
        self._facts = tuple(frozenset(f) for f in facts)
        if len(self._facts) != len(self._worlds):
            raise ModelError("every world needs its facts")
        self._agents = frozenset(relations)
        for agent, relation in relations.items():
            instance_of(agent, Agent, "agents must be Agent objects", error=ModelError)
            if not isinstance(relation, Relation) or relation.size != len(self._worlds):
                raise ModelError(f"the relation of {agent} is not a relation over the model's worlds")
        self._relations = dict(relations)
        self._actual = frozenset(actual)
        missing = [w for w in self._actual if w not in self._index]
        if missing:
            raise ModelError(f"actual world {missing[0]!r} is not a world of the model")
        self._origin = None if origin is None else tuple(origin)
        self._s5_before = None if s5_before is None else _agents(s5_before)
        self.cache: dict = {}

    # construction ---------------------------------------------------------
    @classmethod
    def initial(cls, agents: Iterable[Agent], facts: Iterable[Hashable] = ()) -> KripkeModel:
        """One world, known by every agent to be the only one."""
        only = Partition([0])
        return cls([0], [frozenset(facts)], {a: only for a in _agents(agents)}, [0])

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
        convenient way to give an S5 model by its links alone (it is then
        closed under transitivity too, as knowledge is).  An agent given no
        pairs considers no world possible, unless a closure adds them.
        ``actual`` is one world (a string, number or other world name) or a
        collection of worlds; a tuple is one world if it names one, else a
        collection.
        """
        agents = _agents(agents)
        names = list(worlds)
        index = {w: i for i, w in enumerate(names)}
        rels: dict[Agent, Relation] = {}
        for agent in relations:
            if agent not in agents:
                raise ModelError(f"relation given for {agent}, who is not an agent of the model")
        for agent in agents:
            rows, cols = [], []
            for pair in relations.get(agent, ()):
                try:
                    u, v = pair
                except (TypeError, ValueError):
                    raise ModelError(f"a relation holds pairs of worlds, got {pair!r}") from None
                for x in (u, v):
                    if x not in index:
                        raise ModelError(f"relation of {agent} names unknown world {x!r}")
                rows.append(index[u])
                cols.append(index[v])
                if symmetric:
                    rows.append(index[v])
                    cols.append(index[u])
            if reflexive:
                rows.extend(range(len(names)))
                cols.extend(range(len(names)))
            if reflexive and symmetric:
                rels[agent] = Partition(_classes(rows, cols, len(names)))
            else:
                rels[agent] = relation_from_pairs(rows, cols, len(names))
        return cls(names, [worlds[w] for w in names], rels, _actual_worlds(actual, index))

    @classmethod
    def from_networkx(cls, graph: nx.DiGraph, agents: Iterable[Agent],
                      actual: World | Iterable[World]) -> KripkeModel:
        """Read a model from a networkx graph: node attribute ``facts``,
        edge attribute ``agents`` (a set of the agents linking the two worlds)."""
        agents = _agents(agents)
        names = list(graph.nodes)
        index = {w: i for i, w in enumerate(names)}
        arrows: dict[Agent, tuple[list, list]] = {a: ([], []) for a in agents}
        for u, v, who in graph.edges(data="agents"):
            if not who or not set(who) <= agents:
                raise ModelError(f"edge {u!r} -> {v!r} must carry a non-empty set of the model's agents")
            for agent in who:
                arrows[agent][0].append(index[u])
                arrows[agent][1].append(index[v])
        rels = {a: relation_from_pairs(r, c, len(names)) for a, (r, c) in arrows.items()}
        return cls(names, [graph.nodes[w].get("facts", ()) for w in names], rels, _actual_worlds(actual, index))

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
        return list(self._worlds)

    def index(self, world: World) -> int:
        """The number of ``world`` (its position in :attr:`worlds`)."""
        try:
            return self._index[world]
        except (KeyError, TypeError):
            raise ModelError(f"{world!r} is not a world of the model") from None

    def facts(self, world: World) -> frozenset[Hashable]:
        """What is true at ``world``."""
        return self._facts[self.index(world)]

    @property
    def facts_by_number(self) -> tuple[frozenset[Hashable], ...]:
        """What is true at each world, by world number."""
        return self._facts

    def valuation(self, fact: Hashable) -> np.ndarray:
        """A boolean array over world numbers: where ``fact`` holds."""
        import numpy as np
        return np.fromiter((fact in facts for facts in self._facts), dtype=bool, count=len(self._facts))

    def origin(self, world: World) -> tuple[World, str] | None:
        """After a product update, the ``(world, event name)`` pair ``world`` came from."""
        return None if self._origin is None else self._origin[self.index(world)]

    @property
    def updated(self) -> bool:
        """Whether the model is the product of an update (its worlds have an :meth:`origin`)."""
        return self._origin is not None

    @property
    def s5_before(self) -> frozenset[Agent] | None:
        """After an update, the agents whose relations were equivalences in the
        model the first update was applied to (where a relation is not one now,
        the update is what took it away); ``None`` where that is not known, as
        for a model that is no update's product.

        Examples
        --------
        >>> import numpy as np
        >>> a, b = Agent("a"), Agent("b")
        >>> m = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()},
        ...                                {a: [("w", "w"), ("v", "v")], b: [("w", "v"), ("v", "v")]}, actual="w")
        >>> after, _ = m.product(public_event([a, b]), np.ones((2, 1), dtype=bool))
        >>> m.s5_before, after.s5_before
        (None, frozenset({Agent('a')}))
        """
        return self._s5_before

    def relation_of(self, agent: Agent) -> Relation:
        """The relation of ``agent`` over world numbers."""
        try:
            return self._relations[agent]
        except KeyError:
            raise ModelError(f"{agent} is not an agent of the model") from None

    def accessible(self, world: World, agent: Agent) -> frozenset[World]:
        """The worlds ``agent`` considers possible at ``world``."""
        if agent not in self._relations:
            return frozenset()
        return frozenset(self._worlds[i] for i in self._relations[agent].successors(self.index(world)).tolist())

    def relation(self, agent: Agent) -> frozenset[tuple[World, World]]:
        """All pairs ``(w, v)`` with ``v`` accessible from ``w`` for ``agent``."""
        rows, cols = self.relation_of(agent).pairs()
        w = self._worlds
        return frozenset((w[r], w[c]) for r, c in zip(rows.tolist(), cols.tolist()))

    def partition(self, agent: Agent) -> list[list[World]]:
        """The blocks of ``agent``'s equivalence relation, as lists of worlds."""
        relation = self.relation_of(agent)
        if not isinstance(relation, Partition):
            raise ModelError(f"the relation of {agent} is not an equivalence, so it has no partition")
        return [[self._worlds[i] for i in block] for block in relation.blocks()]

    def reachable(self, path: Sequence[Agent], start: Iterable[World] | None = None) -> frozenset[World]:
        """Worlds reached from ``start`` (default: the actual worlds) by following
        the relations of ``path`` in order: ``[j, i]`` is what j believes i considers possible."""
        import numpy as np
        frontier = np.zeros(len(self._worlds), dtype=bool)
        frontier[[self.index(w) for w in (self._actual if start is None else start)]] = True
        for agent in path:
            if agent not in self._relations:
                frontier[:] = False
                break
            frontier = _image(self._relations[agent], frontier)
        return frozenset(self._worlds[i] for i in np.flatnonzero(frontier).tolist())

    def believed_facts(self, path: Sequence[Agent], start: Iterable[World] | None = None) -> frozenset[Hashable]:
        """Facts true in every world reached along ``path``.

        For ``path = [j, i]`` these are the facts p for which "j believes
        that i believes p" holds at the actual world.  An empty path gives
        the facts true in all actual worlds.
        """
        worlds = self.reachable(path, start)
        if not worlds:
            return frozenset().union(*self._facts)
        return frozenset.intersection(*(self.facts(w) for w in worlds))

    def is_equivalence(self, agent: Agent) -> bool:
        """True when ``agent``'s relation is reflexive, symmetric and transitive (S5)."""
        return agent in self._relations and self._relations[agent].is_equivalence()

    def is_kd45(self, agent: Agent) -> bool:
        """True when ``agent``'s relation is serial, transitive and Euclidean (belief)."""
        return agent in self._relations and self._relations[agent].is_kd45()

    def to_networkx(self) -> nx.DiGraph:
        """The model as a new networkx graph: node attribute ``facts`` (and
        ``origin`` after an update), edge attribute ``agents``; graph
        attributes ``actual`` and ``agents``."""
        import networkx as nx  # here: a model is checked and updated without networkx

        g = nx.DiGraph(actual=self._actual, agents=self._agents)
        for i, w in enumerate(self._worlds):
            attrs: dict[str, object] = {"facts": self._facts[i]}
            if self._origin is not None:
                attrs["origin"] = self._origin[i]
            g.add_node(w, **attrs)
        who: dict[tuple[int, int], set[Agent]] = {}
        for agent, relation in self._relations.items():
            rows, cols = relation.pairs()
            for pair in zip(rows.tolist(), cols.tolist()):
                who.setdefault(pair, set()).add(agent)
        for (r, c), agents in who.items():
            g.add_edge(self._worlds[r], self._worlds[c], agents=frozenset(agents))
        return g

    def __getstate__(self) -> dict:
        # a model travels (to a worker process) without its caches, which may be larger than it
        return {name: getattr(self, name) for name in self.__slots__ if name != "cache"}

    def __setstate__(self, state: dict) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        self.cache = {}

    def __len__(self) -> int:
        return len(self._worlds)

    def __repr__(self) -> str:
        kinds = sorted({"S5" if isinstance(r, Partition) else "arrows" for r in self._relations.values()})
        return f"<KripkeModel: {len(self)} worlds, {len(self._agents)} agents, {'/'.join(kinds) or 'no'} relations>"

    # new models -------------------------------------------------------------
    def restricted(self, keep: np.ndarray | Iterable[World]) -> KripkeModel:
        """The submodel of the worlds where ``keep`` (a boolean array over
        world numbers, or a collection of worlds) is true; actual worlds
        outside it are dropped."""
        import numpy as np
        mask = self._mask(keep)
        kept = np.flatnonzero(mask)
        names = [self._worlds[i] for i in kept.tolist()]
        shared: dict = {}
        relations = {}
        for agent, r in self._relations.items():
            if id(r) not in shared:
                shared[id(r)] = r.restrict(kept)
            relations[agent] = shared[id(r)]
        sub = KripkeModel(
            names, [self._facts[i] for i in kept.tolist()], relations,
            [w for w in self._actual if mask[self._index[w]]],
            None if self._origin is None else [self._origin[i] for i in kept.tolist()], self._s5_before)
        # facts do not change when worlds are dropped, so where atoms hold carries over; the
        # atoms are kept apart from the other truths, which change and may be many
        if "atoms" in self.cache:
            sub.cache["atoms"] = {name: _read_only(truth[mask]) for name, truth in self.cache["atoms"].items()}
        return sub

    def _mask(self, keep: np.ndarray | Iterable[World]) -> np.ndarray:
        import numpy as np
        if isinstance(keep, np.ndarray) and keep.dtype == bool:
            if keep.shape != (len(self._worlds),):
                raise ModelError("a mask needs one entry per world")
            return keep
        mask = np.zeros(len(self._worlds), dtype=bool)
        mask[[self.index(w) for w in keep]] = True
        return mask

    def generated(self) -> KripkeModel:
        """The submodel of worlds reachable from the actual worlds.

        Truth at the actual worlds is unchanged; unreachable worlds only cost
        memory, and after many private updates they are most of the model.
        """
        import numpy as np
        if len(self._worlds) <= FEW_WORLDS:
            return self._few_generated()
        seen = np.zeros(len(self._worlds), dtype=bool)
        seen[[self._index[w] for w in self._actual]] = True
        frontier = seen.copy()
        while frontier.any():
            step = np.zeros_like(seen)
            for relation in self._relations.values():
                step |= _image(relation, frontier)
            frontier = step & ~seen
            seen |= step
        if seen.all():
            return self
        return self.restricted(seen)

    def _few_generated(self) -> KripkeModel:
        """:meth:`generated` over Python lists, for few worlds."""
        import numpy as np
        successors = {id(r): r.successor_lists() for r in self._relations.values()}
        seen = {self._index[w] for w in self._actual}
        frontier = list(seen)
        while frontier:
            w = frontier.pop()
            for lists in successors.values():
                for v in lists[w]:
                    if v not in seen:
                        seen.add(v)
                        frontier.append(v)
        if len(seen) == len(self._worlds):
            return self
        mask = np.zeros(len(self._worlds), dtype=bool)
        mask[sorted(seen)] = True
        return self.restricted(mask)

    def with_actual(self, actual: Iterable[World]) -> KripkeModel:
        """The same worlds and relations with ``actual`` as the actual worlds."""
        return KripkeModel(self._worlds, self._facts, self._relations, actual, self._origin, self._s5_before)

    def renamed(self, names: Mapping[World, World]) -> KripkeModel:
        """The same model with each world ``w`` of ``names`` called ``names[w]``
        (a world not in it keeps its name); origins are kept.

        Raises
        ------
        ModelError
            When two worlds would have the same name.

        Examples
        --------
        >>> a = Agent("a")
        >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]}, actual="w",
        ...                                reflexive=True, symmetric=True)
        >>> r = m.renamed({"w": "here"})
        >>> r.worlds, sorted(r.actual), r.partition(a)
        (['here', 'v'], ['here'], [['here', 'v']])
        """
        new = [names.get(w, w) for w in self._worlds]
        renamed = KripkeModel(new, self._facts, self._relations, [new[self._index[w]] for w in self._actual],
                              self._origin, self._s5_before)
        # a world keeps its number, so where atoms hold carries over
        if "atoms" in self.cache:
            renamed.cache["atoms"] = self.cache["atoms"]
        return renamed

    def product(self, events: EventModel, possible: np.ndarray,
                assigned: Sequence[Mapping[str, np.ndarray]] | None = None) -> tuple[KripkeModel, np.ndarray]:
        """The product of this model and ``events``, with no actual world,
        and the table ``new[w, e]`` of the number of world ``(w, e)`` (-1
        where ``e`` cannot happen at ``w``).

        What the events' formulas say is given, not evaluated here (the
        model checker builds on this module; :func:`epistemic.checking.product`
        evaluates them and calls this): ``possible[w, e]`` says whether event
        ``e`` can happen at world ``w``, and ``assigned[e]`` maps each atom
        that event ``e`` assigns to the boolean array of the worlds where the
        atom's formula holds before the event.  The new worlds are the pairs
        ``(w, e)`` that can happen, in the order of ``w`` then ``e``, renamed
        ``0, 1, ...`` (see :meth:`origin`); an agent links ``(w, e)`` to
        ``(v, f)`` when it links ``w`` to ``v`` and ``e`` to ``f``.

        Examples
        --------
        >>> import numpy as np
        >>> a = Agent("a")
        >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {}, actual="w",
        ...                                reflexive=True, symmetric=True)
        >>> learn = public_event([a], "told")
        >>> after, new = m.product(learn, np.array([[True], [False]]))
        >>> after.worlds, new.tolist(), after.origin(0), sorted(after.facts(0))
        ([0], [[0], [-1]], ('w', 'told'), ['p', 'told'])
        """
        import numpy as np
        check_event_model(events, self._agents)
        n, m = len(self._worlds), len(events.events)
        possible = np.asarray(possible)
        if possible.dtype != bool or possible.shape != (n, m):
            raise ModelError(f"possible must be a boolean table of {n} worlds by {m} events")
        assigned = [{}] * m if assigned is None else list(assigned)
        if len(assigned) != m or any(set(truths) != {atom for atom, _ in e.assign}
                                     for e, truths in zip(events.events, assigned)):
            raise ModelError("assigned must give, for every event, the truth of each atom it assigns")
        ws, js = np.nonzero(possible)          # row-major: ordered by world, then event
        new_id = np.full((n, m), -1, dtype=np.int64)
        new_id[ws, js] = np.arange(len(ws))

        changes = [[(atom, np.asarray(truth).tolist()) for atom, truth in truths.items()] for truths in assigned]
        facts = []
        for w, j in zip(ws.tolist(), js.tolist()):
            e = events.events[j]
            f = (self._facts[w] - e.removes) | e.adds
            if changes[j]:
                # each atom assigned once: those made false go, those made true come
                f = (f - {atom for atom, truth in changes[j] if not truth[w]}) | \
                    {atom for atom, truth in changes[j] if truth[w]}
            facts.append(f)

        position = {e.name: j for j, e in enumerate(events.events)}
        relations = {}
        by_agent: dict = {}
        for a, source, target in events.arrows:
            by_agent.setdefault(a, set()).add((position[source], position[target]))
        # agents with the same relation and the same view of the events share one product:
        # a subgroup announcement among thousands of agents costs two products, not thousands
        shared: dict = {}
        # one event at every world, seen as itself: each (w, e) is w renumbered as itself, and relations stay
        itself = frozenset({(0, 0)}) if m == 1 and len(ws) == n else None
        for agent, relation in self._relations.items():
            pairs = frozenset(by_agent.get(agent, ()))
            if pairs == itself:
                relations[agent] = relation
                continue
            key = (id(relation), pairs)
            if key not in shared:
                shared[key] = _product(relation, sorted(pairs), new_id, m, len(ws))
            relations[agent] = shared[key]
        origin = [(self._worlds[w], events.events[j].name) for w, j in zip(ws.tolist(), js.tolist())]
        new_id.flags.writeable = False
        return KripkeModel(range(len(ws)), facts, relations, [], origin, self._s5_after_update()), new_id

    def reassigned(self, event: str, facts: Sequence[Iterable[Hashable]]) -> KripkeModel:
        """This model after one event named ``event`` that happens at every
        world and that every agent sees as itself, each world's facts being
        then ``facts`` (by world number): the model :func:`epistemic.update`
        makes of such an event, without the product.

        Examples
        --------
        >>> a = Agent("a")
        >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {}, actual="w", reflexive=True)
        >>> after = m.reassigned("flip", [set(), {"p"}])
        >>> after.worlds, sorted(after.actual), after.origin(0), after.relation_of(a) is m.relation_of(a)
        ([0, 1], [0], ('w', 'flip'), True)
        """
        if len(facts) != len(self._worlds):
            raise ModelError("every world needs its facts")
        return KripkeModel(range(len(self._worlds)), facts, self._relations, [self._index[w] for w in self._actual],
                           [(w, event) for w in self._worlds], self._s5_after_update())

    def _s5_after_update(self) -> frozenset[Agent] | None:
        """What :attr:`s5_before` is in the product of an update of this model:
        its own after an update, else the agents whose relations are equivalences."""
        if self._origin is not None:
            return self._s5_before
        equivalence: dict[int, bool] = {}   # agents often share one relation
        for relation in self._relations.values():
            if id(relation) not in equivalence:
                equivalence[id(relation)] = relation.is_equivalence()
        return frozenset(a for a, r in self._relations.items() if equivalence[id(r)])


def _actual_worlds(actual: World | Iterable[World], worlds: Mapping[World, int]) -> Iterable[World]:
    """The actual worlds a builder is given: one world (a string, a number, or
    any other world of the model, a tuple among them) or a collection of them."""
    try:
        single = isinstance(actual, (str, int)) or actual in worlds
    except TypeError:  # a list or set of worlds is unhashable
        single = False
    # the test above tells one world from a collection of them; mypy cannot follow it
    return [cast(World, actual)] if single else cast(Iterable[World], actual)


def _read_only(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


def _agents(agents: Iterable[Agent]) -> frozenset[Agent]:
    agents = frozenset(agents)
    for agent in agents:
        instance_of(agent, Agent, "agents must be Agent objects", error=ModelError)
    return agents


def _image(relation: Relation, worlds: np.ndarray) -> np.ndarray:
    """Worlds some world of ``worlds`` links to."""
    import numpy as np
    out = np.zeros(relation.size, dtype=bool)
    if isinstance(relation, Partition):
        hit = np.zeros(relation.count, dtype=bool)
        hit[relation.block[worlds]] = True
        return hit[relation.block]
    rows, cols = relation.pairs()
    out[cols[worlds[rows]]] = True
    return out


def _classes(rows, cols, n: int) -> np.ndarray:
    """Block numbers of the equivalence closure of the given pairs."""
    import numpy as np
    import networkx as nx  # here: only a model read from the pairs of an equivalence needs it

    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(zip(rows, cols))
    block = np.zeros(n, dtype=np.int64)
    for number, component in enumerate(nx.connected_components(g)):
        block[list(component)] = number
    return block


def _product(relation: Relation, event_pairs, new_id: np.ndarray, m: int, size: int) -> Relation:
    """An agent's relation after the update: world links and event links both."""
    import numpy as np
    if isinstance(relation, Partition) and _is_equivalence_of(event_pairs, m):
        # equivalence on both sides: the product is the partition of (world block, event block) pairs
        event_block = [m] * m
        for e, f in event_pairs:
            event_block[e] = min(event_block[e], f)         # least event each event links to
        ws, js = np.nonzero(new_id >= 0)
        return Partition(relation.block[ws] * m + np.array(event_block, dtype=np.int64)[js])
    if relation.size <= FEW_WORLDS:
        # for few worlds, the arrows are made over Python lists
        ids = new_id.T.tolist()        # per event, the new world of each world (-1 for none)
        successors = relation.successor_lists()
        out_rows, out_cols = [], []
        for e, f in event_pairs:
            source, target = ids[e], ids[f]
            for w, x in enumerate(source):
                if x >= 0:
                    for y in (target[v] for v in successors[w]):
                        if y >= 0:
                            out_rows.append(x)
                            out_cols.append(y)
        return relation_from_pairs(out_rows, out_cols, size)
    events = np.zeros((m, m), dtype=bool)
    for e, f in event_pairs:
        events[e, f] = True
    rows, cols = relation.pairs()
    new_rows, new_cols = [], []
    for e, f in zip(*np.nonzero(events)):
        r, c = new_id[rows, e], new_id[cols, f]
        both = (r >= 0) & (c >= 0)
        new_rows.append(r[both])
        new_cols.append(c[both])
    if not new_rows:
        return Arrows([], [], size)
    return relation_from_pairs(np.concatenate(new_rows), np.concatenate(new_cols), size)


def _is_equivalence_of(pairs, m: int) -> bool:
    """Whether the pairs ``(e, f)`` over events ``0 .. m-1`` are an equivalence."""
    successors: list[set[int]] = [set() for _ in range(m)]
    for e, f in pairs:
        successors[e].add(f)
    return all(e in seen and all(successors[f] == seen for f in seen) for e, seen in enumerate(successors))


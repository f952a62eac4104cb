"""A Kripke model built by hand: worlds, the atoms true at each, and the links an agent draws.

A student draws links one at a time; knowledge is S5, so what an agent
cannot tell apart is the equivalence its links generate.  A :class:`Draft`
keeps the links as drawn and :meth:`Draft.model` closes them: each agent's
partition is the connected components of the links, and
:meth:`Draft.implied` names the pairs the closure adds, so the page can
say why a link appears that nobody drew.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import attrs

from epistemic import Agent, KripkeModel, ModelError

__all__ = ["Draft", "MAX_DRAFT_WORLDS", "MAX_DRAFT_AGENTS", "check_name"]

#: The most worlds a model built by hand may have: more is drawn faster from a file.
MAX_DRAFT_WORLDS = 40
#: The most agents a model built by hand may have.
MAX_DRAFT_AGENTS = 8
#: World, agent and atom names: a letter or digit, then letters, digits and ``_'``.
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_']{0,23}")


def check_name(name: object, what: str) -> str:
    """``name`` if it is a short name (letters, digits, ``_``, ``'``), else :class:`ModelError`.

    Examples
    --------
    >>> check_name("w1", "a world")
    'w1'
    >>> check_name("two words", "an atom")
    Traceback (most recent call last):
    ...
    epistemic.errors.ModelError: 'two words' is not a name for an atom: use letters, digits, _ and ' (at most 24)
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise ModelError(f"{name!r} is not a name for {what}: use letters, digits, _ and ' (at most 24)")
    return name


def _pairs(value: Iterable) -> frozenset[tuple[str, str, str]]:
    return frozenset((a, *sorted((u, v))) for a, u, v in value)


@attrs.frozen
class Draft:
    """A model being drawn: each operation returns a new draft.

    Parameters
    ----------
    agents : tuple of str
    worlds : tuple of (str, frozenset of str)
        Each world's name and the atoms true there, in the order they were added.
    links : frozenset of (agent, world, world)
        The links drawn, each pair in name order.
    actual : str or None

    Examples
    --------
    >>> d = Draft(("a", "b")).with_world("w", {"p"}).with_world("v").with_world("u", {"p"})
    >>> d = d.linked("a", "w", "v").linked("a", "v", "u")
    >>> d.implied()
    [('a', 'u', 'w')]
    >>> m = d.model()
    >>> m.partition(Agent("a")), m.partition(Agent("b")), sorted(m.actual)
    ([['w', 'v', 'u']], [['w'], ['v'], ['u']], ['w'])
    """

    agents: tuple[str, ...] = attrs.field(converter=tuple)
    worlds: tuple[tuple[str, frozenset[str]], ...] = attrs.field(
        default=(), converter=lambda ws: tuple((w, frozenset(atoms)) for w, atoms in ws))
    links: frozenset[tuple[str, str, str]] = attrs.field(default=frozenset(), converter=_pairs)
    actual: str | None = None

    def __attrs_post_init__(self):
        if not 1 <= len(self.agents) <= MAX_DRAFT_AGENTS:
            raise ModelError(f"a model drawn by hand has 1 to {MAX_DRAFT_AGENTS} agents")
        for agent in self.agents:
            check_name(agent, "an agent")
        if len(set(self.agents)) != len(self.agents):
            raise ModelError("each agent is named once")

    # queries ----------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [w for w, _ in self.worlds]

    def _world(self, name: object) -> str:
        if name not in self.names:
            raise ModelError(f"there is no world {name!r} in the model")
        return str(name)

    def _agent(self, name: object) -> str:
        if name not in self.agents:
            raise ModelError(f"there is no agent {name!r} in the model: the agents are {', '.join(self.agents)}")
        return str(name)

    def implied(self) -> list[tuple[str, str, str]]:
        """The pairs the S5 closure links that were not drawn, as ``(agent, world, world)``."""
        if not self.worlds:
            return []
        model = self.model()
        out: list[tuple[str, str, str]] = []
        for agent in self.agents:
            for block in model.partition(Agent(agent)):
                ordered = sorted(str(w) for w in block)
                out.extend((agent, u, v) for i, u in enumerate(ordered) for v in ordered[i + 1:]
                           if (agent, u, v) not in self.links)
        return sorted(out)

    def model(self) -> KripkeModel:
        """The Kripke model: each agent's relation the equivalence its links generate.

        Raises
        ------
        ModelError
            When the draft has no world yet.
        """
        if not self.worlds:
            raise ModelError("the model has no world yet: add one")
        relations: dict[Agent, list[tuple[str, str]]] = {Agent(a): [] for a in self.agents}
        for agent, u, v in self.links:
            relations[Agent(agent)].append((u, v))
        actual = self.actual if self.actual is not None else self.names[0]
        return KripkeModel.from_relations(list(relations), dict(self.worlds), relations, actual=actual,
                                          reflexive=True, symmetric=True)

    # changes ----------------------------------------------------------------
    def with_world(self, name: str, atoms: Iterable[str] = ()) -> Draft:
        """A new world ``name`` with ``atoms`` true there."""
        check_name(name, "a world")
        if name in self.names:
            raise ModelError(f"there is a world {name!r} already")
        if len(self.worlds) >= MAX_DRAFT_WORLDS:
            raise ModelError(f"a model drawn by hand has at most {MAX_DRAFT_WORLDS} worlds: open a file for more")
        return attrs.evolve(self, worlds=(*self.worlds, (name, [check_name(p, "an atom") for p in atoms])))

    def with_atoms(self, world: str, atoms: Iterable[str]) -> Draft:
        """``world`` with exactly ``atoms`` true."""
        self._world(world)
        atoms = [check_name(p, "an atom") for p in atoms]
        return attrs.evolve(self, worlds=[(w, atoms if w == world else facts) for w, facts in self.worlds])

    def without_world(self, world: str) -> Draft:
        """The draft without ``world`` and its links."""
        self._world(world)
        return attrs.evolve(self, worlds=[(w, f) for w, f in self.worlds if w != world],
                            links=[link for link in self.links if world not in link[1:]],
                            actual=None if self.actual == world else self.actual)

    def linked(self, agent: str, u: str, v: str) -> Draft:
        """``agent`` cannot tell ``u`` from ``v``."""
        self._agent(agent), self._world(u), self._world(v)
        if u == v:
            raise ModelError("a link joins two different worlds: every world is linked to itself already")
        return attrs.evolve(self, links=self.links | _pairs([(agent, u, v)]))

    def unlinked(self, agent: str, u: str, v: str) -> Draft:
        """The draft without the link ``agent`` drew between ``u`` and ``v``."""
        link = (self._agent(agent), *sorted((self._world(u), self._world(v))))
        if link not in self.links:
            raise ModelError(f"{agent} has no link drawn between {u} and {v}"
                             + (" (the closure implies it: remove a drawn link)"
                                if link in self.implied() else ""))
        return attrs.evolve(self, links=self.links - {link})

    def with_actual(self, world: str) -> Draft:
        """``world`` is the actual one."""
        return attrs.evolve(self, actual=self._world(world))

    def to_dict(self) -> dict:
        """The draft for the page: worlds with their atoms, links drawn and implied."""
        return {"agents": list(self.agents),
                "worlds": [{"name": w, "atoms": sorted(f)} for w, f in self.worlds],
                "links": [list(link) for link in sorted(self.links)],
                "implied": [list(link) for link in self.implied()],
                "actual": self.actual if self.actual is not None else (self.names[0] if self.worlds else None)}

    @staticmethod
    def change(draft: Draft | None, data: Mapping) -> Draft:
        """The draft after the change the page asks for: ``{"op": "new", "agents": "a b"}``, or
        ``world``, ``atoms``, ``remove``, ``actual`` (with ``world`` and ``atoms``), ``link`` or
        ``unlink`` (with ``agent``, ``from`` and ``to``).

        Examples
        --------
        >>> d = Draft.change(None, {"op": "new", "agents": "a b"})
        >>> d = Draft.change(d, {"op": "world", "world": "w", "atoms": "p q"})
        >>> [(w, sorted(atoms)) for w, atoms in d.worlds]
        [('w', ['p', 'q'])]
        >>> Draft.change(d, {"op": "link", "agent": "a", "from": "w"})
        Traceback (most recent call last):
        ...
        epistemic.errors.ModelError: name the world
        """
        op = data.get("op")
        if op == "new":
            agents = data.get("agents")
            if isinstance(agents, str):
                agents = agents.replace(",", " ").split()
            if not isinstance(agents, list):
                raise ModelError("name the agents, separated by spaces")
            return Draft(agents)
        if draft is None:
            raise ModelError("start a model by hand first: name its agents")

        def name(key: str) -> str:
            value = data.get(key)
            if not isinstance(value, str) or not value.strip():
                raise ModelError(f"name the {'world' if key in ('world', 'from', 'to') else key}")
            return value.strip()
        atoms = data.get("atoms", "")
        atoms = atoms.replace(",", " ").split() if isinstance(atoms, str) else atoms
        if not isinstance(atoms, (list, tuple)):
            raise ModelError("the atoms are names separated by spaces")
        if op == "world":
            return draft.with_world(name("world"), atoms)
        if op == "atoms":
            return draft.with_atoms(name("world"), atoms)
        if op == "remove":
            return draft.without_world(name("world"))
        if op == "link":
            return draft.linked(name("agent"), name("from"), name("to"))
        if op == "unlink":
            return draft.unlinked(name("agent"), name("from"), name("to"))
        if op == "actual":
            return draft.with_actual(name("world"))
        raise ModelError(f"there is no change {op!r} to a model drawn by hand")

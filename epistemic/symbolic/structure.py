"""Knowledge structures: Kripke models described, not listed.

A knowledge structure (van Benthem, van Eijck, Gattinger and Su, *Symbolic
model checking for dynamic epistemic logic*, 2015) has a vocabulary of
propositional variables, a *state law*, a boolean formula whose satisfying
assignments are the states (the worlds), and for each agent what the agent
can tell apart:

* an S5 agent *observes* some of the variables, and considers possible
  every state that agrees with the actual one on them;
* any other agent (belief, KD45 after a private update) has a *relation*: a
  boolean formula over the variables and their primed copies, true of
  ``(s, t)`` when at ``s`` the agent considers ``t`` possible.

The law and the relations are binary decision diagrams, so a structure of
2**60 states costs a few hundred nodes when its law is regular.  A state is
the set of variables true in it (a :class:`State`, shown by its name and its
true atoms).  Atoms of formulas are variables; updates with factual change
give an atom a new variable, and keep the old one, hidden, for what was true
before.

Examples
--------
>>> from epistemic import Agent, parse_formula
>>> a, b = Agent("a"), Agent("b")
>>> s = KnowledgeStructure.build(["p", "q"], parse_formula("p | q"), {a: ["p"], b: ["q"]},
...                              actual=[{"p", "q"}])
>>> s
<KnowledgeStructure: 3 states, 2 atoms, 2 agents (S5)>
>>> s.state_names(s.law)
['{p}', '{q}', '{p, q}']
>>> s.actual, s.state(["q"]) in s.states(s.law)
((<state {p, q}>,), True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

from ..agents import Agent
from ..errors import ModelError
from ..formulas import And, Atom, Bottom, Formula, Iff, Implies, Not, Or, Top, atoms as atoms_of, subformulas
from ..validators import instance_of
from .bdds import Manager, prime

__all__ = ["KnowledgeStructure", "State", "Variables", "described"]

#: A set of a structure's variables, those true: a state, or one to be checked.
Variables = frozenset[str]


class State(frozenset):
    """A state of a knowledge structure: the set of its variables that are
    true (the structure's own names, ``x0``, ``x1``, ...), equal to and
    hashed as that set; shown by its name and its true atoms.

    Examples
    --------
    >>> from epistemic import Agent, KripkeModel
    >>> from epistemic.symbolic import from_kripke
    >>> a = Agent("a")
    >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {}, actual="w", reflexive=True)
    >>> from_kripke(m).actual
    (<state w: {p}>,)
    """

    __slots__ = ("_reading",)
    _reading: _Reading | None

    def __new__(cls, variables: Iterable[str] = (), reading: _Reading | None = None):
        state = super().__new__(cls, variables)
        state._reading = reading
        return state

    def __repr__(self) -> str:
        if self._reading is None:
            return f"State({sorted(self)!r})"
        return self._reading.shown(self)


class _Reading:
    """How a structure shows its states: by name, and by true atoms where
    the name is not them.  Holds the structure's atoms and naming, not the
    structure (whose diagrams a state must not keep)."""

    __slots__ = ("atoms", "naming")

    def __init__(self, atoms: Mapping[str, str], naming: Callable[[Variables], Hashable]):
        self.atoms = atoms
        self.naming = naming

    def shown(self, state: State) -> str:
        atoms = _atoms_name(self.atoms, state)
        try:
            name = str(self.naming(state))
        except (KeyError, StopIteration):   # a set of variables the structure does not name
            name = atoms
        return f"<state {atoms}>" if name == atoms else f"<state {name}: {atoms}>"


class KnowledgeStructure:
    """Variables, a state law, and per agent observed variables or a relation.

    Build one with :meth:`build` (or :func:`~epistemic.symbolic.from_kripke`);
    updates return new structures sharing the manager.

    Parameters
    ----------
    manager : Manager
    atoms : mapping of atom name to variable
        The variable each atom of formulas reads now.
    variables : sequence of str
        Every variable of the structure, hidden ones included.
    law : BDD
    observables : mapping of Agent to frozenset of variables
        The S5 agents and what each observes.
    relations : mapping of Agent to BDD
        The other agents and their relations, over the variables and their
        primed twins.
    actual : iterable of State
    namer : callable, optional
        The name of a state (a world name); by default its true atoms.
    s5_before : iterable of Agent, optional
        For the result of an update (an event model applied), which an
        agent may not have seen: the agents whose accessibility was an
        equivalence before the first update (see :attr:`updated`).
    source_size : (int, int), optional
        For a structure made from another by announcements and updates: the
        states and arrows of the first one (what listing it as a Kripke
        model makes, :func:`~epistemic.symbolic.convert.listing_size`).
    law_formula : Formula, optional
        The law as a formula over the atoms, where the structure was built
        from one (:meth:`build`): what a file writes instead of the diagram.
    """

    __slots__ = ("manager", "atoms", "variables", "variable_set", "law", "observables", "relations", "actual",
                 "namer", "reading", "s5_before", "source_size", "law_formula", "cache", "_agents")
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, manager: Manager, atoms: Mapping[str, str], variables: Sequence[str], law,
                 observables: Mapping[Agent, frozenset[str]], relations: Mapping, actual: Iterable[Variables],
                 namer: Callable[[Variables], Hashable] | None = None, *, s5_before: Iterable[Agent] | None = None,
                 source_size: tuple[int, int] | None = None, law_formula: Formula | None = None):
        self.manager = manager
        self.atoms = dict(atoms)
        self.variables = tuple(variables)
        self.variable_set = frozenset(self.variables)
        self.law = law
        self.observables = {a: frozenset(o) for a, o in observables.items()}
        self.relations = dict(relations)
        if set(self.observables) & set(self.relations):
            raise ModelError("an agent either observes variables or has a relation, not both")
        # asked at every knowledge operator checked
        self._agents = frozenset(self.observables) | frozenset(self.relations)
        self.namer = namer
        self.reading = _Reading(self.atoms, self.naming())
        self.actual = tuple(State(s, self.reading) for s in actual)
        self.s5_before = None if s5_before is None else frozenset(s5_before)
        self.source_size = source_size
        # the law as it was written, where it was (a file writes it so, not as its diagram spelled out)
        self.law_formula = law_formula
        self.cache: dict = {}
        for state in self.actual:
            if not self.is_state(state):
                raise ModelError(f"actual state {self.name(state)} does not satisfy the state law")

    @classmethod
    def build(cls, vocabulary: Iterable[str], law: Formula, observables: Mapping[Agent, Iterable[str]],
              actual: Iterable[Iterable[str]] = (), relations: Mapping[Agent, Formula] | None = None
              ) -> KnowledgeStructure:
        """The structure over ``vocabulary`` whose states satisfy ``law``.

        Parameters
        ----------
        vocabulary : iterable of atom names
        law : Formula
            A boolean formula (no modal operators) over the vocabulary.
        observables : mapping of Agent to atom names
            The S5 agents and the atoms each one observes.
        actual : iterable of sets of atom names
            The actual states, each given by its true atoms.
        relations : mapping of Agent to Formula, optional
            The other agents: a boolean formula over the atoms and their
            primed names (``p'`` is ``p`` in the state considered possible).

        Raises
        ------
        ModelError
            For an atom outside the vocabulary, a modal formula as law or
            relation, or an actual state the law rules out.
        """
        names = list(dict.fromkeys(vocabulary))
        for name in names:
            Atom(name)  # checks the name
            if name.endswith("'"):
                raise ModelError(f"atom {name!r}: names ending in a prime are kept for relations")
        manager = Manager(len(names))
        atoms = {name: manager.fresh() for name in names}
        relations = dict(relations or {})
        for agent in [*observables, *relations]:
            instance_of(agent, Agent, "agents must be Agent objects", error=ModelError)
        seen: dict = {}
        for agent, given in observables.items():
            given = list(given)
            strangers = [x for x in given if x not in atoms]
            if strangers:
                raise ModelError(f"{agent} observes {strangers[0]!r}, which is not in the vocabulary")
            seen[agent] = frozenset(atoms[x] for x in given)
        primed_atoms = {**atoms, **{name + "'": prime(v) for name, v in atoms.items()}}
        built = {agent: boolean(manager, f, primed_atoms, f"the relation of {agent}")
                 for agent, f in relations.items()}
        law_bdd = boolean(manager, law, atoms, "the state law")
        states = []
        for given in actual:
            given = set(given)
            strangers = sorted(given - set(atoms))
            if strangers:
                raise ModelError(f"actual state names {strangers[0]!r}, which is not in the vocabulary")
            states.append(frozenset(atoms[x] for x in given))
        return cls(manager, atoms, list(atoms.values()), law_bdd, seen, built, states, law_formula=law)

    # reading ----------------------------------------------------------------------------------
    @property
    def updated(self) -> bool:
        """Whether the structure is the result of an update (an event model
        applied), whose :attr:`s5_before` is known."""
        return self.s5_before is not None

    @property
    def agents(self) -> frozenset[Agent]:
        return self._agents

    @property
    def size(self) -> int:
        """How many states the structure has (exact, however many; counted once)."""
        if ("size",) not in self.cache:
            self.cache["size",] = self.count(self.law)
        return self.cache["size",]

    def __len__(self) -> int:
        # Python refuses lengths of 2**63 and more: read size for those
        return self.size

    def count(self, u) -> int:
        """How many states satisfy ``u`` (within the law)."""
        return self.manager.count(u & self.law, self.variables)

    def is_state(self, state: Variables) -> bool:
        """Whether ``state``, a set of the structure's variables (those
        true), satisfies the law."""
        return isinstance(state, (set, frozenset)) and state <= self.variable_set and self.value(self.law, state)

    def state(self, given) -> State:
        """The state ``given``: a :class:`State` of the structure, or the
        names of its true atoms (a set, list or tuple of them).

        Raises
        ------
        ModelError
            For anything else: a set of variables no state has, a name that
            is not an atom of the structure, atoms true at no state, or at
            several (told apart by hidden variables: give the state itself).

        Examples
        --------
        >>> from epistemic import Agent, parse_formula
        >>> s = KnowledgeStructure.build(["p", "q"], parse_formula("p | q"), {Agent("a"): ["p"]})
        >>> s.state({"q", "p"})
        <state {p, q}>
        >>> s.state([])
        Traceback (most recent call last):
        ...
        epistemic.errors.ModelError: no state of the structure has exactly the atoms {} true
        """
        if isinstance(given, State):
            if not self.is_state(given):
                raise ModelError(f"{given!r} is not a state of the structure")
            return State(given, self.reading)
        if not isinstance(given, (set, frozenset, list, tuple)) or not all(isinstance(a, str) for a in given):
            raise ModelError(f"a state is one of the structure's own or the names of its true atoms (a set, list "
                             f"or tuple of them), not {described(given)}")
        strangers = sorted(set(given) - set(self.atoms), key=str)
        if strangers:
            raise ModelError(f"{strangers[0]!r} is not an atom of the structure")
        found = self.states(self.manager.cube({v: a in given for a, v in self.atoms.items()}), limit=2)
        if len(found) != 1:
            shown = "{" + ", ".join(a for a in self.atoms if a in given) + "}"
            raise ModelError(f"no state of the structure has exactly the atoms {shown} true" if not found else
                             f"several states of the structure have exactly the atoms {shown} true: give one of "
                             "its own")
        return found[0]

    def value(self, u, state: Variables) -> bool:
        """The value of ``u`` at ``state``."""
        key = ("assignment", state)
        if key not in self.cache:
            # every variable fixed, as one diagram made once: testing it against u follows one path of
            # u, where finding the support of u alone would visit all of it (and substituting the
            # values one by one would build the assignment again at every call)
            self.cache[key] = self.manager.cube({v: v in state for v in self.variables})
        return self.manager.true_at(self.cache[key], u)

    def true_atoms(self, state: Variables) -> frozenset[str]:
        return frozenset(a for a, v in self.atoms.items() if v in state)

    def name(self, state: Variables) -> Hashable:
        """The name of ``state``: the namer's, or its true atoms in braces."""
        return self.naming()(state)

    def naming(self) -> Callable[[Variables], Hashable]:
        """The function naming states, holding nothing of the structure but
        its atoms (updated structures name their states through it)."""
        return self.namer if self.namer is not None else functools.partial(_atoms_name, dict(self.atoms))

    def states(self, u, limit: int | None = None) -> list[State]:
        """The states satisfying ``u`` (within the law), at most ``limit``."""
        return [State(s, self.reading) for s in self.manager.states(u & self.law, self.variables, limit)]

    def state_names(self, u, limit: int | None = None) -> list:
        """The names of the states satisfying ``u``, at most ``limit``, in a
        fixed order (see :meth:`ordered`)."""
        return [self.name(s) for s in self.ordered(u, limit)]

    def ordered(self, u, limit: int | None = None) -> list[State]:
        """The states satisfying ``u``, at most ``limit``: in the order of the
        worlds they were made from (a structure made from a Kripke model), or
        else of the binary numbers whose bit ``i`` is the ``i``-th variable."""
        rank = getattr(self.namer, "rank", None)
        if rank is not None:   # as many states as the Kripke model had worlds: all can be sorted
            return sorted(self.states(u), key=rank)[:limit]
        return [State(s, self.reading) for s in self.manager.smallest(u & self.law, self.variables, limit)]

    def is_s5(self, agent: Agent) -> bool:
        """Whether ``agent``'s accessibility is an equivalence on the states."""
        return self.unmet_property(agent) is None

    def unmet_property(self, agent: Agent) -> str | None:
        """The first of ``"reflexive"``, ``"symmetric"`` and ``"transitive"``
        that ``agent``'s accessibility is not on the states, or ``None`` for
        an equivalence (as :meth:`~epistemic.relations.Relation.unmet_property`)."""
        if agent in self.observables:
            return None
        return self._remembered(("unmet", agent), _unmet_property, agent)

    def is_kd45(self, agent: Agent) -> bool:
        """Whether ``agent``'s accessibility is one of belief on the states:
        serial, transitive and Euclidean (as :meth:`~epistemic.relations.Relation.is_kd45`).

        Examples
        --------
        >>> from epistemic import Agent, parse_formula
        >>> b = Agent("b")
        >>> believes = KnowledgeStructure.build(["p"], parse_formula("top"), {}, relations={b: parse_formula("p'")})
        >>> swaps = KnowledgeStructure.build(["p"], parse_formula("top"), {}, relations={b: parse_formula("p' <-> ~p")})
        >>> believes.unmet_property(b), believes.is_kd45(b), swaps.unmet_property(b), swaps.is_kd45(b)
        ('reflexive', True, 'reflexive', False)
        """
        if agent in self.observables:
            return True
        return self._remembered(("kd45", agent), _is_kd45, agent)

    def _remembered(self, key: tuple, find: Callable, agent: Agent) -> Any:
        """``find(self, agent's relation)``, worked out once per structure."""
        if key not in self.cache:
            self.cache[key] = find(self, self.relations[agent])
        return self.cache[key]

    def relation_bdd(self, agent: Agent):
        """``agent``'s accessibility over the variables and their primed twins
        (for an S5 agent: agreeing on what it observes)."""
        if agent in self.relations:
            return self.relations[agent]
        out = self.manager.true
        for v in sorted(self.observables[agent]):
            out &= self.manager.iff(self.manager.var(v), self.manager.var(prime(v)))
        return out

    def with_namer(self, namer: Callable[[Variables], Hashable]) -> KnowledgeStructure:
        """The same structure, naming its states with ``namer``."""
        return KnowledgeStructure(self.manager, self.atoms, self.variables, self.law, self.observables,
                                  self.relations, self.actual, namer, s5_before=self.s5_before,
                                  source_size=self.source_size, law_formula=self.law_formula)

    def with_actual(self, actual: Iterable[Variables]) -> KnowledgeStructure:
        return KnowledgeStructure(self.manager, self.atoms, self.variables, self.law, self.observables,
                                  self.relations, actual, self.namer, s5_before=self.s5_before,
                                  source_size=self.source_size, law_formula=self.law_formula)

    def __repr__(self) -> str:
        kinds = "S5" if not self.relations else "S5/relations" if self.observables else "relations"
        n = self.size
        return (f"<KnowledgeStructure: {n:,} state{'s' if n != 1 else ''}, {len(self.atoms)} atoms, "
                f"{len(self.agents)} agents ({kinds})>")


def described(value) -> str:
    """``value`` in a message: its type and, cut short, its text."""
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 40 else text[:36] + ' ...'}"


def _atoms_name(atoms: Mapping[str, str], state: Variables) -> str:
    # in the vocabulary's order, so that m2 comes before m10
    return "{" + ", ".join(a for a, v in atoms.items() if v in state) + "}"


def boolean(manager: Manager, formula: Formula, atoms: Mapping[str, str], what: str):
    """The diagram of a boolean ``formula`` whose atoms read ``atoms`` (an
    atom not there is false).

    Raises
    ------
    ModelError
        When the formula has a modal operator.
    """
    instance_of(formula, Formula, f"{what} must be a formula", error=ModelError)
    made: dict = {}
    for f in subformulas(formula):
        if isinstance(f, Atom):
            made[f] = manager.var(atoms[f.name]) if f.name in atoms else manager.false
        elif isinstance(f, Top):
            made[f] = manager.true
        elif isinstance(f, Bottom):
            made[f] = manager.false
        elif isinstance(f, Not):
            made[f] = ~made[f.arg]
        elif isinstance(f, And):
            made[f] = made[f.left] & made[f.right]
        elif isinstance(f, Or):
            made[f] = made[f.left] | made[f.right]
        elif isinstance(f, Implies):
            made[f] = ~made[f.left] | made[f.right]
        elif isinstance(f, Iff):
            made[f] = manager.iff(made[f.left], made[f.right])
        else:
            raise ModelError(f"{what} must be a boolean formula, without {type(f).__name__}")
    strangers = sorted(atoms_of(formula) - set(atoms))
    if strangers:
        raise ModelError(f"{what} names {strangers[0]!r}, which is not in the vocabulary")
    return made[formula]


def _unmet_property(structure: KnowledgeStructure, relation) -> str | None:
    """The first of reflexive, symmetric and transitive that ``relation`` is
    not on the states of the law, or ``None``."""
    m, names = structure.manager, structure.variables
    law, law_primed = structure.law, m.primed(structure.law, names)
    swap = {**{v: prime(v) for v in names}, **{prime(v): v for v in names}}
    reflexive = m.let({prime(v): m.var(v) for v in names}, relation)
    if not m.implies(law, reflexive):
        return "reflexive"
    within = relation & law & law_primed
    if within != m.let(swap, relation) & law & law_primed:
        return "symmetric"
    # transitive: a state's successors all have the same successors as it (given symmetry)
    # ∀t,u. R(s,t) ∧ R(t,u) → R(s,u), with t in double-primed copies made on demand
    middle = {v: m.middle(v) for v in names}
    first = m.let({prime(v): middle[v] for v in names}, within)                 # R(s, t)
    second = m.let({v: middle[v] for v in names}, within)                        # R(t, u)
    both = m.exist(middle.values(), first & second)
    return None if m.implies(both, within) else "transitive"


def _is_kd45(structure: KnowledgeStructure, relation) -> bool:
    """Whether ``relation`` is serial, transitive and Euclidean on the states of the law."""
    m, names = structure.manager, structure.variables
    within = relation & structure.law & m.primed(structure.law, names)
    if not m.implies(structure.law, m.exist([prime(v) for v in names], within)):
        return False
    # transitive and Euclidean together: every successor t of a state s sees exactly what s sees
    middle = {v: m.middle(v) for v in names}
    first = m.let({prime(v): middle[v] for v in names}, within)                 # R(s, t)
    second = m.let({v: middle[v] for v in names}, within)                        # R(t, u)
    return (first & ~m.iff(second, within)) == m.false

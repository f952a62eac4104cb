"""Names in scope for grounding: types, objects and agents, predicates, facts, and the core's atoms.

A :class:`Scope` is built from a domain and a problem: each name declared
once, before use, with its type; predicates with their parameters; the
static facts (``:fact`` predicates, given in ``:facts-init``).  It grounds
lists (:meth:`Scope.expand`, ``:and`` and ``:forall`` over typed variables
with their ``|`` conditions) and formulas (:meth:`Scope.formula`) into the
core's :class:`~epistemic.formulas.Formula` values, both with explicit
stacks.

A ground fact ``(at-ag A room2)`` is the core atom ``at'ag_A_room2``: the
predicate and its arguments joined by ``_``, each dash written as a prime,
which :func:`epistemic.parse_formula` reads; two facts spelled alike are
refused, so the spelling is one to one within a task.  A static fact is
replaced by ``TOP`` or ``BOTTOM``.

Examples
--------
>>> atom_name("at-ag", ("A", "room2"))
"at'ag_A_room2"
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator
from typing import Any

from ..agents import Agent
from ..formulas import (BOTTOM, TOP, Atom, Believes, Bottom, Common, CommonBelief, Everybody, EverybodyBelieves,
                        Formula, FormulaError, Implies, Knows, KnowsWhether, Not, Or, Possible, Top, conjunction,
                        disjunction)
from .forms import built
from .lexer import Token, fault
from .syntax import (Comprehension, Const, Domain, Equal, Imply, Junction, ListAnd, ListForall, Modal, Pred,
                     PredicateDecl, Problem, Quantified, Typed)
from .syntax import Not as NotForm

__all__ = ["Scope", "atom_name", "kind_of", "check_arity", "BUILTIN_TYPES", "MAX_COMBINATIONS", "MAX_ATOMS"]

#: Types every task has, each with its parent (their names are forms.BUILTIN_TYPE_NAMES).
BUILTIN_TYPES = {"entity": None, "object": "entity", "agent": "entity", "agent-group": "entity",
                 "world": None, "event": None, "obs-type": None}
#: The most values a list of variables may range over, checked before they are enumerated.
MAX_COMBINATIONS = 10**6
#: The most ground atoms a task may have where they are all listed (a finitary S5 theory).
MAX_ATOMS = 10**6


def kind_of(types: Iterable[str]) -> str:
    """``an agent``, ``a room``, ``a box or a room``: types with their articles, for messages."""
    return " or ".join(f"{'an' if t[:1].lower() in 'aeiou' else 'a'} {t}" for t in types)


def check_arity(name: Token, args: tuple, params: tuple) -> None:
    """Refuse ``name`` applied to other than as many arguments as it has parameters."""
    if len(args) != len(params):
        raise fault(name, f"{name.text} takes {len(params)} argument{'' if len(params) == 1 else 's'}, "
                          f"got {len(args)}")


def atom_name(predicate: str, args: Iterable[str]) -> str:
    """The core atom's name for the fact ``(predicate args...)``."""
    return "_".join(part.replace("-", "'") for part in (predicate, *args))


def _not(f: Formula) -> Formula:
    if isinstance(f, Top):
        return BOTTOM
    if isinstance(f, Bottom):
        return TOP
    return Not(f)


def _and(parts: list[Formula]) -> Formula:
    # a constant that settles the conjunction settles it; the others drop out
    if any(isinstance(p, Bottom) for p in parts):
        return BOTTOM
    return conjunction(p for p in parts if not isinstance(p, Top))


def _or(parts: list[Formula]) -> Formula:
    if any(isinstance(p, Top) for p in parts):
        return TOP
    return disjunction(p for p in parts if not isinstance(p, Bottom))


def _implies(left: Formula, right: Formula) -> Formula:
    if isinstance(left, Bottom) or isinstance(right, Top):
        return TOP
    if isinstance(left, Top):
        return right
    if isinstance(right, Bottom):
        return _not(left)
    return Implies(left, right)


conjoin, disjoin, negate = _and, _or, _not


class Scope:
    """The declared names of a domain and a problem, and grounding within them.

    ``knowledge`` chooses the operators of ``[a]``: knowledge where every
    relation stays an equivalence (S5 tasks), belief where it may not.
    """

    def __init__(self, domain: Domain, problem: Problem | None = None):
        self.types: dict[str, str | None] = dict(BUILTIN_TYPES)
        for typed in domain.types:
            name = typed.name.text
            if name in self.types:
                raise fault(typed.name, f"the type {name} is declared twice")
            parents = typed.types or (Token("name", "object", "", 0, 0),)
            if len(parents) != 1:
                raise fault(typed.name, f"the type {name} has one parent type, not (either ...)")
            self.types[name] = parents[0].text
        for typed in domain.types:
            parent = self.types[typed.name.text]
            if parent not in self.types:
                raise fault(typed.types[0], f"undeclared type {parent}")
            seen = {typed.name.text}
            while parent is not None:
                if parent in seen:
                    raise fault(typed.name, f"the type {typed.name.text} is its own ancestor")
                seen.add(parent)
                parent = self.types[parent]
        self.entities: dict[str, str] = {}
        self._declare(domain.constants, "object")
        self.groups: dict[str, tuple[str, ...]] = {}
        if problem is not None:
            self._declare(problem.objects, "object", forbid="agent")
            self._declare(problem.agents, "agent", within="agent")
        self.agents = tuple(name for name, kind in self.entities.items() if self.is_a(kind, "agent"))
        self.agent = {name: Agent(name) for name in self.agents}
        self.predicates: dict[str, PredicateDecl] = {}
        for decl in domain.predicates:
            if decl.name.text in self.predicates:
                raise fault(decl.name, f"the predicate {decl.name.text} is declared twice")
            for param in decl.params:
                self.check_types(param.types)
            self.predicates[decl.name.text] = decl
        self.facts: set[tuple[str, tuple[str, ...]]] = set()
        self.spelled: dict[str, tuple[str, tuple[str, ...]]] = {}
        self.knowledge = True
        self.world_names: tuple[str, ...] = ()
        self.event_names: tuple[str, ...] = ()
        if problem is not None:
            for group, members in problem.groups:
                self.check_types(group.types)
                if group.name.text in self.entities or group.name.text in self.groups:
                    raise fault(group.name, f"{group.name.text} is declared twice")
                names: list[str] = []
                for element, bindings in self.expand(members, {}):
                    names.extend(self.agent_name(t, bindings) for t in element)
                self.groups[group.name.text] = tuple(dict.fromkeys(names))
            for facts in problem.facts:
                for pred, bindings in self.expand(facts, {}):
                    name, args = self.ground_pred(pred, bindings)
                    if not self.predicates[name].fact:
                        raise fault(pred.name, f"{name} is not declared (:fact ...), so it has no place in "
                                               ":facts-init")
                    self.facts.add((name, args))

    # declarations -----------------------------------------------------------------------
    def check_types(self, types: tuple[Token, ...]) -> None:
        """Refuse a type that is not declared."""
        for t in types:
            if t.text not in self.types:
                raise fault(t, f"undeclared type {t.text}")

    def _declare(self, typed: tuple[Typed, ...], default: str, forbid: str = "", within: str = "") -> None:
        for item in typed:
            self.check_types(item.types)
            if len(item.types) > 1:
                raise fault(item.types[0], f"{item.name.text} has one type, not (either ...)")
            kind = item.types[0].text if item.types else default
            if within and not self.is_a(kind, within):
                raise fault(item.types[0], f"{item.name.text} is declared among the agents but its type "
                                           f"{kind} is not an agent type")
            if forbid and self.is_a(kind, forbid):
                raise fault(item.types[0], f"{item.name.text} is an agent: declare it in (:agents ...)")
            if item.name.text in self.entities:
                raise fault(item.name, f"{item.name.text} is declared twice")
            self.entities[item.name.text] = kind

    def is_a(self, kind: str | None, ancestor: str) -> bool:
        """Whether type ``kind`` is ``ancestor`` or below it."""
        while kind is not None:
            if kind == ancestor:
                return True
            kind = self.types.get(kind)
        return False

    def members(self, types: tuple[Token, ...], default: str = "object") -> list[str]:
        """The names whose type is one of ``types`` (``default`` when none is given)."""
        names = [t.text for t in types] or [default]
        if "world" in names:
            return list(self.world_names)
        if "event" in names:
            return list(self.event_names)
        return [name for name, kind in self.entities.items() if any(self.is_a(kind, t) for t in names)]

    # terms ----------------------------------------------------------------------------
    def term(self, token: Token, bindings: dict[str, Any]) -> Any:
        """The name ``token`` stands for: a bound variable's value, or a declared name."""
        if token.kind == "variable":
            if token.text not in bindings:
                raise fault(token, f"the variable {token.text} is not declared here")
            return bindings[token.text]
        if token.text not in self.entities:
            raise fault(token, f"undeclared object or agent {token.text}")
        return token.text

    def agent_name(self, token: Token, bindings: dict[str, str]) -> str:
        name = self.term(token, bindings)
        if name not in self.agent:
            raise fault(token, f"{name} is not an agent")
        return name

    def group(self, index, bindings: dict[str, str]) -> tuple[frozenset[Agent], bool]:
        """The agents a modality's index names, and whether it names them as a group."""
        if isinstance(index, Token):
            if index.kind == "name" and index.text == "All":
                return frozenset(self.agent.values()), True
            if index.kind == "name" and index.text in self.groups:
                return frozenset(self.agent[a] for a in self.groups[index.text]), True
            return frozenset({self.agent[self.agent_name(index, bindings)]}), False
        names: list[str] = []
        for element, inner in self.expand(index, bindings):
            names.extend(self.agent_name(t, inner) for t in element)
        return frozenset(self.agent[a] for a in names), True

    # lists ------------------------------------------------------------------------------
    def combinations(self, over: Comprehension, bindings: dict[str, Any]) -> Iterator[dict[str, Any]]:
        """Each binding of ``over``'s variables (added to ``bindings``) that meets its condition."""
        domains = []
        size = 1
        for param in over.params:
            self.check_types(param.types)
            values = self.members(param.types)
            domains.append(values)
            size *= len(values)
        if size > MAX_COMBINATIONS:
            raise fault(over.params[0].name, f"these variables take {size:,} values, more than "
                                             f"{MAX_COMBINATIONS:,}")
        names = [p.name.text for p in over.params]
        for combination in itertools.product(*domains):
            inner = dict(bindings)
            inner.update(zip(names, combination))
            if over.condition is None or self.truth(over.condition, inner):
                yield inner

    def truth(self, condition, bindings: dict[str, str]) -> bool:
        """The value of a condition on names and facts alone (after ``|``)."""
        value = self.formula(condition, bindings)
        if isinstance(value, Top):
            return True
        if isinstance(value, Bottom):
            return False
        raise fault(condition.at, "this condition depends on the state: after '|' only static facts, "
                                  "= and /= may appear")

    def expand(self, lst, bindings: dict[str, Any]) -> Iterator[tuple[Any, dict[str, Any]]]:
        """The elements of a list, each with the bindings it is read under, in order."""
        stack = [(lst, bindings)]
        while stack:
            item, inner = stack.pop()
            if isinstance(item, ListAnd):
                stack.extend((part, inner) for part in reversed(item.items))
            elif isinstance(item, ListForall):
                stack.extend((item.body, b) for b in reversed(list(self.combinations(item.over, inner))))
            else:
                yield item, inner

    def ground_atoms(self) -> list[str]:
        """Every ground atom of the predicates that are not static facts, counted before they are listed."""
        lists = [(decl, [self.members(p.types) for p in decl.params])
                 for decl in self.predicates.values() if not decl.fact]
        total = 0
        for decl, domains in lists:
            total += math.prod(len(d) for d in domains)
            if total > MAX_ATOMS:
                raise fault(decl.name, f"the predicates have more than {MAX_ATOMS:,} ground atoms")
        return [self.spell(Pred(decl.name, ()), decl.name.text, tuple(args))
                for decl, domains in lists for args in itertools.product(*domains)]

    # formulas -------------------------------------------------------------------------
    def declaration(self, pred: Pred):
        """The declaration of the predicate ``pred`` applies, checked to take its arguments."""
        decl = self.predicates.get(pred.name.text)
        if decl is None:
            raise fault(pred.name, f"undeclared predicate {pred.name.text}")
        check_arity(pred.name, pred.terms, decl.params)
        return decl

    def ground_pred(self, pred: Pred, bindings: dict[str, str]) -> tuple[str, tuple[str, ...]]:
        """The predicate's name and its arguments' names, checked against its declaration."""
        decl = self.declaration(pred)
        args = []
        for token, param in zip(pred.terms, decl.params):
            value = self.term(token, bindings)
            wanted = [t.text for t in param.types] or ["object"]
            kind = self.entities[value]
            if not any(self.is_a(kind, t) for t in wanted):
                raise fault(token, f"{pred.name.text} takes {kind_of(wanted)} here, and {value} is {kind_of([kind])}")
            args.append(value)
        return pred.name.text, tuple(args)

    def atom(self, pred: Pred, bindings: dict[str, str]) -> Formula:
        """The core formula of a ground fact: an atom, or ``TOP``/``BOTTOM`` for a static fact."""
        name, args = self.ground_pred(pred, bindings)
        if self.predicates[name].fact:
            return TOP if (name, args) in self.facts else BOTTOM
        return Atom(self.spell(pred, name, args))

    def spell(self, at: Pred, name: str, args: tuple[str, ...]) -> str:
        spelled = atom_name(name, args)
        known = self.spelled.setdefault(spelled, (name, args))
        if known != (name, args):
            raise fault(at.name, f"({name} {' '.join(args)}) and ({known[0]} {' '.join(known[1])}) would both "
                                 f"be the atom {spelled}")
        try:
            Atom(spelled)
        except FormulaError:
            raise fault(at.name, f"({name} {' '.join(args)}) cannot be the atom {spelled}, which the formula "
                                 "syntax reads as an operator") from None
        return spelled

    def formula(self, node, bindings: dict[str, str]) -> Formula:
        """The core formula of ``node`` under ``bindings``, quantifiers expanded; an explicit stack."""
        def expand(pair):
            item, inner = pair
            if isinstance(item, Pred):
                value = self.atom(item, inner)
            elif isinstance(item, Const):
                value = TOP if item.value else BOTTOM
            elif isinstance(item, Equal):
                same = self.term(item.left, inner) == self.term(item.right, inner)
                value = TOP if same != item.negated else BOTTOM
            else:
                return self._parts(item, inner)
            return (lambda args: value), []

        return built((node, bindings), expand)

    def _parts(self, item, inner):
        if isinstance(item, NotForm):
            return (lambda a: _not(a[0])), [(item.arg, inner)]
        if isinstance(item, Junction):
            return (_and if item.op == "and" else _or), [(arg, inner) for arg in item.args]
        if isinstance(item, Imply):
            return (lambda a: _implies(a[0], a[1])), [(item.left, inner), (item.right, inner)]
        if isinstance(item, Quantified):
            kids = [(item.arg, b) for b in self.combinations(item.over, inner)]
            return (_and if item.kind == "forall" else _or), kids
        assert isinstance(item, Modal)
        group, is_group = self.group(item.modality.index, inner)
        if not group:
            raise fault(item.at, "this modality names no agent")
        return (lambda a: self._modal(item, group, is_group, a[0])), [(item.arg, inner)]

    def _modal(self, item: Modal, group: frozenset[Agent], is_group: bool, arg: Formula) -> Formula:
        kind, box = item.modality.kind, item.box
        if kind == "C.":
            common = Common if self.knowledge else CommonBelief
            return common(group, arg) if box else _not(common(group, _not(arg)))
        if kind == "Kw.":
            whether = _and([self._whether(a, arg) for a in sorted(group)])
            return whether if box else _not(whether)
        if not is_group:
            (a,) = group
            if box:
                return Knows(a, arg) if self.knowledge else Believes(a, arg)
            return Possible(a, arg)
        every = Everybody if self.knowledge else EverybodyBelieves
        return every(group, arg) if box else _not(every(group, _not(arg)))

    def _whether(self, agent: Agent, arg: Formula) -> Formula:
        if self.knowledge:
            return KnowsWhether(agent, arg)
        return Or(Believes(agent, arg), Believes(agent, _not(arg)))


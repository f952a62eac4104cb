"""What an EPDDL file says, as frozen records: domains, problems and action-type libraries.

The records keep the words they were read from (:class:`~epistemic.epddl.lexer.Token`),
so that a fault found later, in type-checking or grounding, is told at its
place.  Formulas are kept as written, with their variables; grounding
(:mod:`epistemic.epddl.grounding`) turns them into the core's formulas.

Lists (``:and``, ``:forall``) appear wherever EPDDL allows them (effects,
observability conditions, relations, labels, theories, agent groups): a
list is an element, a :class:`ListAnd` of lists, or a :class:`ListForall`
of one list over a :class:`Comprehension`.

Records that hold formulas compare by identity: a formula may be nested
thousands of levels deep, and comparing two such would recurse.

Examples
--------
>>> from epistemic.epddl import parse_epddl
>>> domain = parse_epddl("(define (domain d) (:predicates (p ?x - object)))", "d.epddl")
>>> domain.name.text, [p.name.text for p in domain.predicates]
('d', ['p'])
"""

from __future__ import annotations

from typing import Any, Union

import attrs

from .lexer import Token

__all__ = [
    "Typed", "Comprehension", "ListAnd", "ListForall", "Const", "Pred", "Equal", "Not", "Junction", "Imply",
    "Modality", "Modal", "Quantified", "Literal", "When", "PredicateDecl", "EventDecl", "ActionTypeDecl",
    "ActionDecl", "StaticObs", "BranchObs", "DefaultObs", "ExplicitInit", "TheoryItem", "TheoryInit", "Domain",
    "Problem", "Library", "Formula",
]


@attrs.frozen
class Typed:
    """A name (or variable) and its type: one type, or several for ``(either …)``;
    no types where the file gave none."""

    name: Token
    types: tuple[Token, ...] = ()


@attrs.frozen(eq=False)
class Comprehension:
    """Typed variables, and the condition after ``|`` that keeps some of their values."""

    params: tuple[Typed, ...]
    condition: "Formula | None" = None


@attrs.frozen(eq=False)
class ListAnd:
    """``(:and L1 L2 …)``: the lists one after the other."""

    at: Token
    items: tuple[Any, ...]


@attrs.frozen(eq=False)
class ListForall:
    """``(:forall (params | condition) L)``: the list once per value of the variables."""

    at: Token
    over: Comprehension
    body: Any


@attrs.frozen(eq=False)
class Const:
    """``(true)`` or ``(false)``."""

    at: Token
    value: bool


@attrs.frozen(eq=False)
class Pred:
    """``(name term …)``: a predicate applied to names and variables."""

    name: Token
    terms: tuple[Token, ...]

    @property
    def at(self) -> Token:
        return self.name


@attrs.frozen(eq=False)
class Equal:
    """``(= s t)``, or ``(/= s t)`` when ``negated``."""

    at: Token
    negated: bool
    left: Token
    right: Token


@attrs.frozen(eq=False)
class Not:
    at: Token
    arg: "Formula"


@attrs.frozen(eq=False)
class Junction:
    """``(and …)`` or ``(or …)``."""

    at: Token
    op: str
    args: tuple["Formula", ...]


@attrs.frozen(eq=False)
class Imply:
    at: Token
    left: "Formula"
    right: "Formula"


@attrs.frozen(eq=False)
class Modality:
    """What a box or diamond is about, and its index (an agent term, ``All``, a group's name, or a list of agents).

    ``kind`` is ``""`` for knowledge, ``"Kw."`` for knowing whether, ``"C."`` for common knowledge.
    """

    at: Token
    kind: str
    index: Any


@attrs.frozen(eq=False)
class Modal:
    """``([M] f)`` when ``box``, else ``(<M> f)``."""

    at: Token
    box: bool
    modality: Modality
    arg: "Formula"


@attrs.frozen(eq=False)
class Quantified:
    """``(forall (params | cond) f)`` or ``(exists …)``."""

    at: Token
    kind: str
    over: Comprehension
    arg: "Formula"


Formula = Union[Const, Pred, Equal, Not, Junction, Imply, Modal, Quantified]


@attrs.frozen(eq=False)
class Literal:
    """An effect ``(p …)`` or ``(not (p …))``."""

    positive: bool
    pred: Pred


@attrs.frozen(eq=False)
class When:
    """``(when cond L)`` or, when ``iff``, ``(iff cond L)``: a list of literals under a condition."""

    at: Token
    iff: bool
    condition: Formula
    literals: Any


@attrs.frozen(eq=False)
class PredicateDecl:
    name: Token
    params: tuple[Typed, ...]
    fact: bool = False


@attrs.frozen(eq=False)
class EventDecl:
    """``(:event name :parameters … :precondition … :effects …)``."""

    name: Token
    params: tuple[Typed, ...] = ()
    precondition: Formula | None = None
    effects: Any = None


@attrs.frozen(eq=False)
class ActionTypeDecl:
    """``(:action-type name :events … :observability-types … :relations … :designated … :conditions …)``.

    ``relations`` pairs each observability type with its list of event pairs;
    ``conditions`` each event variable with the conditions its event must meet.
    """

    name: Token
    events: tuple[Token, ...]
    obs_types: tuple[Token, ...]
    relations: tuple[tuple[Token, Any], ...]
    designated: tuple[Token, ...]
    conditions: tuple[tuple[Token, tuple[Token, ...]], ...] = ()


@attrs.frozen(eq=False)
class StaticObs:
    """``(agent Type)``: the agent always has this type."""

    agent: Token
    obs_type: Token


@attrs.frozen(eq=False)
class BranchObs:
    """``(agent (if c1 T1 else-if c2 T2 … else Tn))``: ``branches`` hold (condition, type),
    the condition ``None`` for ``else``."""

    agent: Token
    branches: tuple[tuple[Formula | None, Token], ...]


@attrs.frozen(eq=False)
class DefaultObs:
    """``(default Type)``: the type of every agent given none."""

    at: Token
    obs_type: Token


@attrs.frozen(eq=False)
class ActionDecl:
    """``(:action name :parameters … :action-type (T (e args) …) :observability-conditions …)``."""

    name: Token
    params: Comprehension
    action_type: Token
    events: tuple[tuple[Token, tuple[Token, ...]], ...]
    observability: Any = None


@attrs.frozen(eq=False)
class ExplicitInit:
    """``:worlds``, ``:relations`` (agent, list of world pairs), ``:labels`` (world, list of
    predicates) and ``:designated``."""

    at: Token
    worlds: tuple[Token, ...]
    relations: tuple[tuple[Token, Any], ...]
    labels: tuple[tuple[Token, Any], ...]
    designated: tuple[Token, ...]


@attrs.frozen(eq=False)
class TheoryItem:
    """One formula of a finitary S5 theory, of one of its five forms.

    ``kind`` is ``"fact"`` (φ, true at the designated worlds), ``"common"``
    (``[C. All] φ``), ``"common-knows"`` (``[C. All] ([i] φ)``),
    ``"common-whether"`` (``[C. All] ([Kw. i] φ)``) or ``"common-ignorant"``
    (``[C. All] (<Kw. i> φ)``); ``agent`` is ``i``.
    """

    at: Token
    kind: str
    formula: Formula
    agent: Token | None = None


@attrs.frozen(eq=False)
class TheoryInit:
    """A finitary S5 theory: a list of :class:`TheoryItem`."""

    at: Token
    items: Any


@attrs.frozen(eq=False)
class Domain:
    name: Token
    requirements: tuple[Token, ...] = ()
    libraries: tuple[Token, ...] = ()
    types: tuple[Typed, ...] = ()
    constants: tuple[Typed, ...] = ()
    predicates: tuple[PredicateDecl, ...] = ()
    events: tuple[EventDecl, ...] = ()
    action_types: tuple[ActionTypeDecl, ...] = ()
    actions: tuple[ActionDecl, ...] = ()
    used: tuple[tuple[str, Token], ...] = ()


@attrs.frozen(eq=False)
class Problem:
    name: Token
    domain: Token
    requirements: tuple[Token, ...] = ()
    objects: tuple[Typed, ...] = ()
    agents: tuple[Typed, ...] = ()
    groups: tuple[tuple[Typed, Any], ...] = ()
    facts: tuple[Any, ...] = ()
    init: ExplicitInit | TheoryInit | None = None
    goal: Formula | None = None
    used: tuple[tuple[str, Token], ...] = ()


@attrs.frozen(eq=False)
class Library:
    name: Token
    requirements: tuple[Token, ...] = ()
    action_types: tuple[ActionTypeDecl, ...] = ()
    used: tuple[tuple[str, Token], ...] = ()

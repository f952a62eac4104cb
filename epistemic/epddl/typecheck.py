"""Type-checking EPDDL's events and actions before they are ground.

Grounding checks each name as it meets it, but only in what it grounds:
an event no action uses, or an action whose parameters take no value,
would pass unread.  :func:`check_domain` reads every event and action of a
domain once, with each variable's declared types: predicates declared and
given as many arguments as they take, names and variables declared, each
argument's type within its parameter's, modalities indexed by agents.

Examples
--------
>>> from epistemic.epddl import parse_epddl
>>> from epistemic.epddl.context import Scope
>>> domain = parse_epddl('''(define (domain d) (:types room)
...   (:predicates (at ?i - agent ?r - room))
...   (:event go :parameters (?r - room) :precondition (at ?r ?r)))''', "d.epddl")
>>> check_domain(Scope(domain), domain)
Traceback (most recent call last):
...
epistemic.epddl.lexer.EpddlError: d.epddl:3:56: at takes an agent here, and ?r is a room
"""

from __future__ import annotations

from .context import Scope, check_arity, kind_of
from .lexer import Token, fault
from .syntax import (BranchObs, Comprehension, Domain, Equal, Imply, Junction, ListAnd, ListForall, Literal, Modal,
                     Not, Pred, Quantified, StaticObs, When)

__all__ = ["check_domain"]

Env = dict[str, tuple[str, ...]]


def _bind(scope: Scope, env: Env, params) -> Env:
    inner = dict(env)
    for param in params:
        scope.check_types(param.types)
        inner[param.name.text] = tuple(t.text for t in param.types) or ("object",)
    return inner


def _types_of(scope: Scope, token: Token, env: Env) -> tuple[str, ...]:
    """The types of a variable (as declared) or of a name."""
    value = scope.term(token, env)
    return tuple(value) if token.kind == "variable" else (scope.entities[value],)


def _within(scope: Scope, kinds: tuple[str, ...], wanted: tuple[str, ...]) -> bool:
    return all(any(scope.is_a(kind, w) for w in wanted) for kind in kinds)


def _pred(scope: Scope, pred: Pred, env: Env) -> None:
    decl = scope.declaration(pred)
    for token, param in zip(pred.terms, decl.params):
        kinds = _types_of(scope, token, env)
        wanted = tuple(t.text for t in param.types) or ("object",)
        if not _within(scope, kinds, wanted):
            raise fault(token, f"{pred.name.text} takes {kind_of(wanted)} here, and {token.text} is "
                               f"{kind_of(kinds)}")


def _agent(scope: Scope, token: Token, env: Env) -> None:
    if token.kind == "name" and (token.text == "All" or token.text in scope.groups):
        return
    kinds = _types_of(scope, token, env)
    if not _within(scope, kinds, ("agent",)):
        raise fault(token, f"{token.text} is not an agent")


def _comprehension(scope: Scope, over: Comprehension, env: Env) -> Env:
    inner = _bind(scope, env, over.params)
    if over.condition is not None:
        check_formula(scope, over.condition, inner)
    return inner


def check_formula(scope: Scope, formula, env: Env) -> None:
    """Check one formula's names and types; an explicit stack."""
    stack = [(formula, env)]
    while stack:
        item, inner = stack.pop()
        if isinstance(item, Pred):
            _pred(scope, item, inner)
        elif isinstance(item, Equal):
            _types_of(scope, item.left, inner)
            _types_of(scope, item.right, inner)
        elif isinstance(item, Not):
            stack.append((item.arg, inner))
        elif isinstance(item, Junction):
            stack.extend((arg, inner) for arg in item.args)
        elif isinstance(item, Imply):
            stack.extend(((item.left, inner), (item.right, inner)))
        elif isinstance(item, Quantified):
            stack.append((item.arg, _comprehension(scope, item.over, inner)))
        elif isinstance(item, Modal):
            _index(scope, item.modality.index, inner)
            stack.append((item.arg, inner))


def _index(scope: Scope, index, env: Env) -> None:
    """Check that a modality's index names agents."""
    if isinstance(index, Token):
        _agent(scope, index, env)
        return
    for element, inner in _elements(scope, index, env):
        for token in element:
            _agent(scope, token, inner)


def _elements(scope: Scope, lst, env: Env):
    """The elements of a list, each with the variables in scope; an explicit stack."""
    stack = [(lst, env)]
    while stack:
        item, inner = stack.pop()
        if isinstance(item, ListAnd):
            stack.extend((part, inner) for part in reversed(item.items))
        elif isinstance(item, ListForall):
            stack.append((item.body, _comprehension(scope, item.over, inner)))
        else:
            yield item, inner


def check_domain(scope: Scope, domain: Domain) -> None:
    """Check every event's and action's names and types."""
    for event in domain.events:
        env = _bind(scope, {}, event.params)
        if event.precondition is not None:
            check_formula(scope, event.precondition, env)
        if event.effects is not None:
            for element, inner in _elements(scope, event.effects, env):
                if isinstance(element, When):
                    check_formula(scope, element.condition, inner)
                    literals = list(_elements(scope, element.literals, inner))
                else:
                    literals = [(element, inner)]
                for literal, deeper in literals:
                    assert isinstance(literal, Literal)
                    _pred(scope, literal.pred, deeper)
    events = {e.name.text: e for e in domain.events}
    for action in domain.actions:
        env = _comprehension(scope, action.params, {})
        for name, args in action.events:
            decl = events.get(name.text)
            if decl is None:
                raise fault(name, f"undeclared event {name.text}")
            check_arity(name, args, decl.params)
            for arg, param in zip(args, decl.params):
                kinds = _types_of(scope, arg, env)
                wanted = tuple(t.text for t in param.types) or ("object",)
                if not _within(scope, kinds, wanted):
                    raise fault(arg, f"{name.text} takes {kind_of(wanted)} for {param.name.text}, and "
                                     f"{arg.text} is {kind_of(kinds)}")
        if action.observability is not None:
            for element, inner in _elements(scope, action.observability, env):
                if isinstance(element, (StaticObs, BranchObs)):
                    _agent(scope, element.agent, inner)
                if isinstance(element, BranchObs):
                    for condition, _ in element.branches:
                        if condition is not None:
                            check_formula(scope, condition, inner)

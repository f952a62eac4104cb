"""Ground EPDDL actions: each action over its typed parameters becomes an :class:`epistemic.planning.Action`.

An action names an action type (from the domain or a library, or the
built-in ``basic``: one event, observed by every agent) and passes it one
event per event variable.  The ground action's events are the action
type's event variables (``pos``, ``neg``, ``nil``), each with the
precondition and postconditions of the event given for it; its relations
are the action type's, one per observability type; its observers are each
agent's observability conditions, in order.

Postconditions: an atom ``p`` made true under conditions ``c1, ...`` and
false under ``d1, ...`` (a plain literal has the condition ``TOP``; ``(when
c L)`` adds ``c`` to each literal of ``L``; ``(iff c L)`` adds ``c`` to each
literal and ``not c`` to its opposite) is assigned ``(c1 | ...) | (p & ~(d1
| ...))``: true where a condition makes it so, false where one makes it
false, and otherwise as it was.

Observability conditions: ``(i T)`` gives agent ``i`` type ``T`` always;
``(i (if c1 T1 else-if c2 T2 else T3))`` gives ``T1`` where ``c1`` holds,
``T2`` where ``c2`` and not ``c1`` hold, ``T3`` where neither does (the
action's ``default`` type when there is no ``else``); ``(default T)``
gives ``T`` to every agent given nothing.  Without observability
conditions, every agent has the action type's first observability type.

Examples
--------
>>> from epistemic.epddl import parse_epddl
>>> from epistemic.epddl.task import build_task, builtin_library
>>> lamp = parse_epddl('''(define (domain lamp) (:requirements :conditional-effects :ontic-actions)
...   (:action-type-libraries basic)
...   (:predicates (on) (powered))
...   (:event flip :effects (when (powered) (on)))
...   (:action press :parameters (?i - agent) :action-type (public-ontic (flip))))''', "lamp.epddl")
>>> dark = parse_epddl('''(define (problem dark) (:domain lamp) (:requirements :finitary-S5-theories)
...   (:agents a) (:init (powered)) (:goal (on)))''', "dark.epddl")
>>> press = build_task(lamp, dark, [builtin_library("basic")]).action("press_a")
>>> [(e.name, str(dict(e.assign)["on"])) for e in press.events], press.observers
([('pos', 'powered | on')], ((Agent('a'), (('Fully', TOP),)),))
"""

from __future__ import annotations

from typing import Any

from ..errors import ModelError
from ..events import Event
from ..formulas import TOP, Atom, Formula
from ..planning import Action
from .context import Scope, conjoin, disjoin, negate
from .lexer import Token, fault
from .syntax import ActionDecl, ActionTypeDecl, BranchObs, Const, DefaultObs, EventDecl, Literal, Modal, StaticObs, When

__all__ = ["ground_actions", "type_relations", "BASIC"]

#: The built-in action type: one event, which every agent observes.
BASIC = "basic"


def _word(text: str) -> Token:
    return Token("name", text, "<built-in>", 0, 0)


def type_relations(scope: Scope, action_type: ActionTypeDecl) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """Each observability type of ``action_type`` with its pairs of event names (variables without ``?``)."""
    events = [e.text for e in action_type.events]
    if len(set(events)) != len(events):
        raise fault(action_type.name, f"the action type {action_type.name.text} names an event variable twice")
    for var in action_type.designated:
        if var.text not in events:
            raise fault(var, f"{var.text} is not an event variable of {action_type.name.text}")
    kinds = [k.text for k in action_type.obs_types]
    previous = scope.event_names
    scope.event_names = tuple(events)
    bindings = {e: e for e in events}
    out = []
    try:
        for kind, pairs in action_type.relations:
            if kind.text not in kinds:
                raise fault(kind, f"{kind.text} is not an observability type of {action_type.name.text}")
            found = []
            for pair, inner in scope.expand(pairs, bindings):
                if len(pair) != 2:
                    raise fault(pair[0] if pair else kind, "expected a pair of events (?e ?f)")
                ends = []
                for token in pair:
                    if token.kind != "variable" or token.text not in inner or inner[token.text] not in events:
                        raise fault(token, f"{token.text} is not an event variable of {action_type.name.text}")
                    ends.append(inner[token.text][1:])
                found.append(tuple(ends))
            out.append((kind.text, tuple(found)))
    finally:
        scope.event_names = previous
    given = [k for k, _ in out]
    for kind in action_type.obs_types:
        if kind.text not in given:
            raise fault(kind, f"the observability type {kind.text} has no relation")
    return tuple(out)


def _literals(scope: Scope, effects, bindings, event: EventDecl):
    """(atom name, made true?, condition) for each ground literal of an event's effects."""
    for element, inner in scope.expand(effects, bindings):
        if isinstance(element, Literal):
            yield _target(scope, element, inner), element.positive, TOP
            continue
        assert isinstance(element, When)
        condition = scope.formula(element.condition, inner)
        for literal, deeper in scope.expand(element.literals, inner):
            name = _target(scope, literal, deeper)
            yield name, literal.positive, condition
            if element.iff:
                yield name, not literal.positive, negate(condition)


def _target(scope: Scope, literal: Literal, bindings) -> str:
    name, args = scope.ground_pred(literal.pred, bindings)
    if scope.predicates[name].fact:
        raise fault(literal.pred.name, f"{name} is a static fact: no event changes it")
    return scope.spell(literal.pred, name, args)


def postconditions(scope: Scope, event: EventDecl, bindings) -> dict[str, Formula]:
    """Each atom the event changes, with what it is assigned."""
    if event.effects is None:
        return {}
    made: dict[str, tuple[list, list]] = {}
    for name, positive, condition in _literals(scope, event.effects, bindings, event):
        made.setdefault(name, ([], []))[0 if positive else 1].append(condition)
    return {name: disjoin([disjoin(pos), conjoin([Atom(name), negate(disjoin(neg))])])
            for name, (pos, neg) in made.items()}


def _check_conditions(action_type: ActionTypeDecl, var: Token, event: EventDecl, at: Token) -> None:
    for conditions in (cs for v, cs in action_type.conditions if v.text == var.text):
        for condition in conditions:
            words = condition.text[1:].split("-")
            negated = words[0] == "non"
            part = words[-1]
            propositional = words[0] == "propositional"
            pre, post = event.precondition, event.effects
            trivial_pre = pre is None or (isinstance(pre, Const) and pre.value)
            checks = {"precondition": trivial_pre, "postconditions": post is None,
                      "event": trivial_pre and post is None}
            if propositional:
                ok = not _has_modality(pre) if part != "postconditions" else True
            else:
                ok = checks[part] != negated
            if not ok:
                raise fault(at, f"the event {event.name.text} given for {var.text} of {action_type.name.text} "
                                f"breaks its condition {condition.text}")


def _has_modality(formula) -> bool:
    stack = [formula] if formula is not None else []
    while stack:
        item = stack.pop()
        if isinstance(item, Modal):
            return True
        for attribute in ("arg", "left", "right"):
            if hasattr(item, attribute):
                stack.append(getattr(item, attribute))
        stack.extend(getattr(item, "args", ()))
    return False


def _observers(scope: Scope, action: ActionDecl, kinds: list[str], bindings, name: str):
    agents: dict[str, list[tuple[str, Formula]]] = {a: [] for a in scope.agents}
    if action.observability is None:
        return [(scope.agent[a], [(kinds[0], TOP)]) for a in scope.agents]
    default = None
    elements = list(scope.expand(action.observability, bindings))
    for element, _ in elements:
        if isinstance(element, DefaultObs):
            if default is not None:
                raise fault(element.at, "the default observability type is given twice")
            default = element.obs_type
    if default is not None and default.text not in kinds:
        raise fault(default, f"{default.text} is not an observability type of {action.action_type.text}")

    def give(agent_token, inner, kind: Token, condition: Formula):
        if kind.text not in kinds:
            raise fault(kind, f"{kind.text} is not an observability type of {action.action_type.text}")
        agent = scope.agent_name(agent_token, inner)
        options = agents[agent]
        for given, earlier in options:
            if given == kind.text and earlier != condition:
                raise fault(agent_token, f"{name}: {agent} is given the observability type {kind.text} twice")
        if (kind.text, condition) not in options:
            options.append((kind.text, condition))

    for element, inner in elements:
        if isinstance(element, StaticObs):
            give(element.agent, inner, element.obs_type, TOP)
        elif isinstance(element, BranchObs):
            before: list[Formula] = []
            for condition, kind in element.branches:
                if condition is None:
                    give(element.agent, inner, kind, conjoin([negate(b) for b in before]))
                    break
                value = scope.formula(condition, inner)
                give(element.agent, inner, kind, conjoin([*(negate(b) for b in before), value]))
                before.append(value)
            else:
                if default is not None:
                    give(element.agent, inner, default, conjoin([negate(b) for b in before]))
    out = []
    for agent, options in agents.items():
        if not options:
            if default is None:
                raise fault(action.name, f"{name}: {agent} has no observability condition and the action "
                                         "has no default")
            options.append((default.text, TOP))
        out.append((scope.agent[agent], options))
    return out


def ground_actions(scope: Scope, actions: tuple[ActionDecl, ...], events: dict[str, EventDecl],
                   action_types: dict[str, ActionTypeDecl],
                   relations: dict[str, tuple]) -> list[Action]:
    """Every ground action of ``actions``, in the order declared, each over its parameters' values."""
    out = []
    names: dict[str, Token] = {}
    for action in actions:
        type_name = action.action_type.text
        if type_name == BASIC:
            action_type = ActionTypeDecl(_word(BASIC), (_word("?e"),), (_word("Fully"),),
                                         (), (_word("?e"),))
            kinds_relations = (("Fully", (("e", "e"),)),)
        else:
            if type_name not in action_types:
                raise fault(action.action_type, f"undeclared action type {type_name}")
            action_type = action_types[type_name]
            kinds_relations = relations[type_name]
        if len(action.events) != len(action_type.events):
            raise fault(action.action_type, f"{type_name} takes {len(action_type.events)} event"
                                            f"{'' if len(action_type.events) == 1 else 's'}, got {len(action.events)}")
        decls = []
        for (event_name, args), var in zip(action.events, action_type.events):
            # the domain's type check has found each event declared and given its arguments
            decl = events[event_name.text]
            _check_conditions(action_type, var, decl, event_name)
            decls.append((decl, args, var))
        kinds = [k.text for k in action_type.obs_types]
        for values in scope.combinations(action.params, {}):
            name = "_".join([action.name.text, *(values[p.name.text] for p in action.params.params)])
            if name in names:
                raise fault(action.name, f"two ground actions are named {name}")
            names[name] = action.name
            ground = []
            for decl, args, var in decls:
                inner = {}
                for param, arg in zip(decl.params, args):
                    inner[param.name.text] = scope.term(arg, values)
                precondition = TOP if decl.precondition is None else scope.formula(decl.precondition, inner)
                ground.append(Event(var.text[1:], precondition, assign=postconditions(scope, decl, inner)))
            try:
                # Any: mypy reads the fields Action converts with tuple() as taking Iterable[_T_co]
                happenings: Any = tuple(ground)
                designated: Any = tuple(v.text[1:] for v in action_type.designated)
                out.append(Action(name, happenings, kinds_relations, designated,
                                  _observers(scope, action, kinds, values, name)))
            except ModelError as error:  # the core's own check of the action, told at the action
                raise fault(action.name, f"{name}: {error}") from None
    return out

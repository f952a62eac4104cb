"""Reading one EPDDL file: a domain, a problem or an action-type library.

:func:`parse_epddl` reads the text of one file into a
:class:`~epistemic.epddl.syntax.Domain`, :class:`~epistemic.epddl.syntax.Problem`
or :class:`~epistemic.epddl.syntax.Library`; names are checked against their
declarations later, when a task is put together
(:func:`epistemic.epddl.read_task`).  A fault is one line,
``FILE:LINE:COL: what is wrong``.

Examples
--------
>>> problem = parse_epddl('''
... (define (problem p) (:domain d)
...   (:agents a b)
...   (:init (:and (p) ([C. All] (p))))
...   (:goal ([a] (p))))''', "p.epddl")
>>> [a.name.text for a in problem.agents], problem.goal.modality.index.text
(['a', 'b'], 'a')
>>> parse_epddl("(define (problem p) (:domain d) (:goals (p)))", "p.epddl")
Traceback (most recent call last):
...
epistemic.epddl.lexer.EpddlError: p.epddl:1:34: unknown keyword :goals in a problem
"""

from __future__ import annotations

from typing import Any

from .forms import expect_list, expect_name, read_formula, read_list, read_params, read_terms, read_typed
from .lexer import EpddlError, SList, Token, fault, read_lists
from .syntax import (ActionDecl, Comprehension, ActionTypeDecl, BranchObs, DefaultObs, Domain, EventDecl, ExplicitInit, Library,
                     Literal, Pred, PredicateDecl, Problem, StaticObs, TheoryInit, TheoryItem, When)

__all__ = ["parse_epddl"]

#: The conditions an action type may put on the events given to it.
EVENT_CONDITIONS = frozenset({
    ":trivial-precondition", ":trivial-postconditions", ":trivial-event",
    ":non-trivial-precondition", ":non-trivial-postconditions", ":non-trivial-event",
    ":propositional-precondition", ":propositional-postconditions", ":propositional-event",
})


def parse_epddl(text: str, path: str = "<string>") -> Domain | Problem | Library:
    """The domain, problem or action-type library written in ``text`` (read from ``path``).

    Raises
    ------
    EpddlError
        At the first fault, as ``path:line:column: what is wrong``.
    """
    top = read_lists(text, path)
    if not top:
        raise _fault_at_start(path, "the file holds no (define ...)")
    if len(top) > 1:
        raise fault(top[1], "the file holds more than one (define ...)")
    node = expect_list(top[0], "(define ...)", top[0])
    head = node.items[0] if node.items else None
    if not (isinstance(head, Token) and head.text == "define"):
        raise fault(head or node, "expected (define ...)")
    if len(node.items) < 2:
        raise fault(head, "expected (domain NAME), (problem NAME) or (action-type-library NAME) after define")
    title = expect_list(node.items[1], "(domain NAME), (problem NAME) or (action-type-library NAME)", head)
    if len(title.items) != 2 or not isinstance(title.items[0], Token):
        raise fault(title, "expected (domain NAME), (problem NAME) or (action-type-library NAME)")
    kind, name = title.items[0], expect_name(title.items[1], "a name", title)
    sections = [expect_list(s, "a section in parentheses", head) for s in node.items[2:]]
    uses: list = []
    if kind.text == "domain":
        return _domain(name, sections, uses)
    if kind.text == "problem":
        return _problem(name, sections, uses)
    if kind.text == "action-type-library":
        return _library(name, sections, uses)
    raise fault(kind, f"expected domain, problem or action-type-library, got {kind.text!r}")


def _fault_at_start(path: str, message: str) -> EpddlError:
    return EpddlError(f"{path}:1:1: {message}")


def _keyword(section: SList, what: str) -> Token:
    head = section.items[0] if section.items else None
    if not isinstance(head, Token) or head.kind != "keyword":
        raise fault(head or section, f"expected a keyword opening a section of the {what}")
    return head


def _requirements(section: SList) -> tuple[Token, ...]:
    return tuple(expect_name(item, "a requirement such as :typing", section, ("keyword",))
                 for item in section.items[1:])


def _pairs(items, at: Token | SList, what: str) -> dict[str, tuple[Token, Any]]:
    """``:key value`` pairs, each key once."""
    out: dict[str, tuple[Token, Any]] = {}
    i = 0
    while i < len(items):
        key = items[i]
        if not isinstance(key, Token) or key.kind != "keyword":
            raise fault(key, f"expected a keyword of the {what}")
        if key.text in out:
            raise fault(key, f"{key.text} is given twice")
        if i + 1 >= len(items):
            raise fault(key, f"expected a value after {key.text}")
        out[key.text] = (key, items[i + 1])
        i += 2
    return out


def _once(seen: dict, head: Token) -> None:
    if head.text in seen:
        raise fault(head, f"{head.text} is given twice")
    seen[head.text] = head


def _domain(name: Token, sections: list[SList], uses: list) -> Domain:
    parts: dict = {"requirements": (), "libraries": (), "types": (), "constants": (), "predicates": [],
                   "events": [], "action_types": [], "actions": []}
    seen: dict = {}
    for section in sections:
        head = _keyword(section, "domain")
        body = section.items[1:]
        if head.text == ":requirements":
            _once(seen, head)
            parts["requirements"] = _requirements(section)
        elif head.text == ":action-type-libraries":
            _once(seen, head)
            parts["libraries"] = tuple(expect_name(i, "a library's name", section) for i in body)
        elif head.text == ":types":
            _once(seen, head)
            parts["types"] = read_typed(body, "type", section, uses)
        elif head.text == ":constants":
            _once(seen, head)
            parts["constants"] = read_typed(body, "constant", section, uses)
        elif head.text == ":predicates":
            _once(seen, head)
            parts["predicates"] = [_predicate(expect_list(p, "(name ?x - type ...)", section), uses) for p in body]
        elif head.text == ":event":
            parts["events"].append(_event(section, uses))
        elif head.text == ":action-type":
            parts["action_types"].append(_action_type(section, uses))
        elif head.text == ":action":
            parts["actions"].append(_action(section, uses))
        else:
            raise fault(head, f"unknown keyword {head.text} in a domain")
    return Domain(name, parts["requirements"], parts["libraries"], parts["types"], parts["constants"],
                  tuple(parts["predicates"]), tuple(parts["events"]), tuple(parts["action_types"]),
                  tuple(parts["actions"]), tuple(uses))


def _predicate(node: SList, uses: list) -> PredicateDecl:
    items = node.items
    fact = bool(items) and isinstance(items[0], Token) and items[0].text == ":fact"
    if fact:
        uses.append((":facts", items[0]))
        items = items[1:]
    if not items:
        raise fault(node, "expected a predicate's name")
    name = expect_name(items[0], "a predicate's name", node)
    return PredicateDecl(name, read_typed(items[1:], "variable", node, uses, ("variable",)), fact)


def _event(section: SList, uses: list) -> EventDecl:
    head = section.items[0]
    if len(section.items) < 2:
        raise fault(head, "expected the event's name")
    name = expect_name(section.items[1], "the event's name", head)
    fields = _pairs(section.items[2:], head, "event")
    params: tuple = ()
    precondition = effects = None
    for key, (word, value) in fields.items():
        if key == ":parameters":
            over, condition = read_params(expect_list(value, "(?x - type ...)", word), uses)
            if condition is not None:
                raise fault(condition, "an event's parameters take no condition")
            params = over.params
        elif key == ":precondition":
            precondition = read_formula(expect_list(value, "a formula", word), "preconditions", uses)
        elif key == ":effects":
            uses.append((":ontic-actions", word))
            effects = read_list(expect_list(value, "effects in parentheses", word),
                                lambda node: _effect(node, uses), uses, "effect")
        else:
            raise fault(word, f"unknown keyword {key} in an event")
    return EventDecl(name, params, precondition, effects)


def _literal(node, uses: list) -> Literal:
    node = expect_list(node, "a literal (p ...) or (not (p ...))", node)
    items = node.items
    if items and isinstance(items[0], Token) and items[0].text == "not":
        if len(items) != 2:
            raise fault(items[0], "(not (p ...)) takes one predicate")
        uses.append((":negative-postconditions", items[0]))
        inner = expect_list(items[1], "a predicate (p ...)", items[0])
        return Literal(False, _pred(inner))
    return Literal(True, _pred(node))


def _pred(node: SList) -> Pred:
    if not node.items:
        raise fault(node, "expected a predicate, found ()")
    name = expect_name(node.items[0], "a predicate's name", node)
    return Pred(name, read_terms(node.items[1:], "a name or a variable", node))


def _effect(node, uses: list):
    node = expect_list(node, "an effect in parentheses", node)
    head = node.items[0] if node.items else None
    if isinstance(head, Token) and head.text in ("when", "iff"):
        uses.append((":conditional-effects", head))
        if len(node.items) != 3:
            raise fault(head, f"({head.text} condition literals) takes a condition and its literals")
        condition = read_formula(expect_list(node.items[1], "a condition", head), "postconditions", uses)
        literals = read_list(expect_list(node.items[2], "literals", head), lambda n: _literal(n, uses), uses,
                             "literal")
        return When(head, head.text == "iff", condition, literals)
    return _literal(node, uses)


def _alternating(node: SList, key_kinds: tuple[str, ...], what: str) -> list[tuple[Token, Any]]:
    """``k1 v1 k2 v2 ...``: (key word, value) pairs."""
    items = node.items
    if len(items) % 2:
        raise fault(items[-1], f"expected pairs of {what}")
    return [(expect_name(items[i], what, node, key_kinds), items[i + 1]) for i in range(0, len(items), 2)]


def _action_type(section: SList, uses: list) -> ActionTypeDecl:
    head = section.items[0]
    if len(section.items) < 2:
        raise fault(head, "expected the action type's name")
    name = expect_name(section.items[1], "the action type's name", head)
    fields = _pairs(section.items[2:], head, "action type")
    for key in (":events", ":observability-types", ":relations", ":designated"):
        if key not in fields:
            raise fault(name, f"the action type {name.text} has no {key}")
    known = {":events", ":observability-types", ":relations", ":designated", ":conditions"}
    for key, (word, _) in fields.items():
        if key not in known:
            raise fault(word, f"unknown keyword {key} in an action type")

    def names(key, kinds, what):
        word, value = fields[key]
        return tuple(expect_name(i, what, word, kinds) for i in expect_list(value, f"({what} ...)", word).items)

    events = names(":events", ("variable",), "an event variable")
    obs_types = names(":observability-types", ("name",), "an observability type")
    designated = names(":designated", ("variable",), "an event variable")
    word, value = fields[":relations"]
    relations = tuple((kind, read_list(expect_list(rel, "a list of event pairs", kind),
                                       lambda n: read_terms(expect_list(n, "a pair (?e ?f)", n).items, "an event", n),
                                       uses, "pair of events"))
                      for kind, rel in _alternating(expect_list(value, "(Type pairs ...)", word), ("name",),
                                                    "observability types and their relations"))
    conditions: tuple = ()
    if ":conditions" in fields:
        uses.append((":events-conditions", fields[":conditions"][0]))
        word, value = fields[":conditions"]
        pairs = _alternating(expect_list(value, "(?e (conditions) ...)", word), ("variable",),
                             "event variables and their conditions")
        conditions = tuple((var, tuple(expect_name(c, "an event condition such as :trivial-event", cs, ("keyword",))
                                       for c in expect_list(cs, "(conditions ...)", var).items))
                           for var, cs in pairs)
        for _, cs in conditions:
            for c in cs:
                if c.text not in EVENT_CONDITIONS:
                    raise fault(c, f"unknown event condition {c.text}")
    return ActionTypeDecl(name, events, obs_types, relations, designated, conditions)


def _action(section: SList, uses: list) -> ActionDecl:
    head = section.items[0]
    if len(section.items) < 2:
        raise fault(head, "expected the action's name")
    name = expect_name(section.items[1], "the action's name", head)
    fields = _pairs(section.items[2:], head, "action")
    for key, (word, _) in fields.items():
        if key not in (":parameters", ":action-type", ":observability-conditions"):
            raise fault(word, f"unknown keyword {key} in an action")
    if ":action-type" not in fields:
        raise fault(name, f"the action {name.text} has no :action-type")
    params = Comprehension(())
    if ":parameters" in fields:
        word, value = fields[":parameters"]
        params, condition = read_params(expect_list(value, "(?x - type ...)", word), uses)
        if condition is not None:
            params = Comprehension(params.params, read_formula(condition, "list-formulas", uses, True))
    word, value = fields[":action-type"]
    signature = expect_list(value, "(TYPE (event args) ...)", word)
    if not signature.items:
        raise fault(signature, "expected the action type's name")
    action_type = expect_name(signature.items[0], "the action type's name", signature)
    events = []
    for e in signature.items[1:]:
        e = expect_list(e, "(event args ...)", signature)
        if not e.items:
            raise fault(e, "expected an event's name")
        events.append((expect_name(e.items[0], "an event's name", e), read_terms(e.items[1:], "an argument", e)))
    observability = None
    if ":observability-conditions" in fields:
        word, value = fields[":observability-conditions"]
        observability = read_list(expect_list(value, "observability conditions", word),
                                  lambda n: _observability(n, uses), uses, "observability condition")
    return ActionDecl(name, params, action_type, tuple(events), observability)


def _observability(node, uses: list):
    node = expect_list(node, "(agent Type)", node)
    if len(node.items) != 2:
        raise fault(node, "expected (agent Type), (agent (if ...)) or (default Type)")
    agent, what = node.items
    agent = expect_name(agent, "an agent or default", node, ("name", "variable"))
    if agent.text == "default":
        return DefaultObs(agent, expect_name(what, "an observability type", agent))
    if isinstance(what, Token):
        return StaticObs(agent, expect_name(what, "an observability type", agent))
    items = what.items
    if not items or not (isinstance(items[0], Token) and items[0].text == "if"):
        raise fault(what, "expected an observability type or (if condition Type ...)")
    branches = []
    i = 0
    while i < len(items):
        word = items[i]
        if not isinstance(word, Token) or word.text not in ("if", "else-if", "else") or \
                (word.text == "if") != (i == 0):
            raise fault(word, "expected else-if or else")
        if word.text == "else":
            if i + 2 != len(items):
                raise fault(word, "else takes one observability type and ends the conditions")
            branches.append((None, expect_name(items[i + 1], "an observability type", word)))
            break
        if i + 2 >= len(items):
            raise fault(word, f"{word.text} takes a condition and an observability type")
        condition = read_formula(expect_list(items[i + 1], "a condition", word), "obs-conditions", uses)
        branches.append((condition, expect_name(items[i + 2], "an observability type", word)))
        i += 3
    return BranchObs(agent, tuple(branches))


def _problem(name: Token, sections: list[SList], uses: list) -> Problem:
    parts: dict = {"domain": None, "requirements": (), "objects": (), "agents": (), "groups": (), "facts": (),
                   "init": None, "goal": None}
    seen: dict = {}
    for section in sections:
        head = _keyword(section, "problem")
        body = section.items[1:]
        if head.text != ":facts-init":
            _once(seen, head)
        if head.text == ":domain":
            if len(body) != 1:
                raise fault(head, "expected (:domain NAME)")
            parts["domain"] = expect_name(body[0], "the domain's name", head)
        elif head.text == ":requirements":
            parts["requirements"] = _requirements(section)
        elif head.text == ":objects":
            parts["objects"] = read_typed(body, "object", section, uses)
        elif head.text == ":agents":
            parts["agents"] = read_typed(body, "agent", section, uses)
        elif head.text == ":agent-groups":
            uses.append((":agent-groups", head))
            parts["groups"] = tuple(_group(expect_list(g, "(name agents ...)", head), uses) for g in body)
        elif head.text == ":facts-init":
            uses.append((":facts", head))
            parts["facts"] += tuple(read_list(expect_list(f, "a fact (p ...)", head), _pred, uses, "fact")
                                    for f in body)
        elif head.text == ":init":
            parts["init"] = _init(section, uses)
        elif head.text == ":goal":
            if len(body) != 1:
                raise fault(head, "expected one goal formula")
            parts["goal"] = read_formula(expect_list(body[0], "a formula", head), "goals", uses)
        else:
            raise fault(head, f"unknown keyword {head.text} in a problem")
    for key, word in (("domain", ":domain"), ("init", ":init"), ("goal", ":goal")):
        if parts[key] is None:
            raise fault(name, f"the problem {name.text} has no ({word} ...)")
    return Problem(name, parts["domain"], parts["requirements"], parts["objects"], parts["agents"],
                   parts["groups"], parts["facts"], parts["init"], parts["goal"], tuple(uses))


def _group(node: SList, uses: list):
    items = node.items
    if len(items) < 2:
        raise fault(node, "expected (name agents ...)")
    declared = read_typed(items[:-1], "agent group", node, uses)
    if len(declared) != 1:
        raise fault(node, "expected one group's name (and its type) before its agents")
    members = read_list(expect_list(items[-1], "(agents ...)", node),
                        lambda g: read_terms(g.items, "an agent", g), uses, "agent list")
    return declared[0], members


def _init(section: SList, uses: list):
    head = _keyword(section, "problem")
    body = section.items[1:]
    if body and isinstance(body[0], Token) and body[0].text == ":worlds":
        return _explicit(head, body, uses)
    if len(body) != 1:
        raise fault(head, "expected :worlds ... or one finitary S5 theory")
    uses.append((":finitary-S5-theories", head))
    return TheoryInit(head, read_list(expect_list(body[0], "a theory", head), lambda n: _theory_item(n, uses),
                                      uses, "theory formula"))


def _explicit(head, body, uses: list) -> ExplicitInit:
    fields = _pairs(body, head, "initial state")
    for key in (":worlds", ":relations", ":labels", ":designated"):
        if key not in fields:
            raise fault(head, f"the initial state has no {key}")
    for key, (word, _) in fields.items():
        if key not in (":worlds", ":relations", ":labels", ":designated"):
            raise fault(word, f"unknown keyword {key} in an initial state")

    def names(key):
        word, value = fields[key]
        found = tuple(expect_name(i, "a world's name", word) for i in expect_list(value, "(worlds ...)", word).items)
        if not found:
            raise fault(word, f"{key} names no world")
        return found

    worlds, designated = names(":worlds"), names(":designated")
    if len(designated) > 1:
        uses.append((":multi-pointed-models", fields[":designated"][0]))
    word, value = fields[":relations"]
    relations = tuple((agent, read_list(expect_list(rel, "a list of world pairs", agent),
                                        lambda n: read_terms(expect_list(n, "a pair (w v)", n).items, "a world", n),
                                        uses, "pair of worlds"))
                      for agent, rel in _alternating(expect_list(value, "(agent pairs ...)", word), ("name",),
                                                     "agents and their relations"))
    word, value = fields[":labels"]
    labels = tuple((world, read_list(expect_list(label, "a list of predicates", world), _pred, uses, "predicate"))
                   for world, label in _alternating(expect_list(value, "(world predicates ...)", word), ("name",),
                                                    "worlds and their labels"))
    return ExplicitInit(head, worlds, relations, labels, designated)


def _theory_item(node, uses: list) -> TheoryItem:
    node = expect_list(node, "a formula of the theory", node)
    items = node.items
    if not (items and isinstance(items[0], Token) and items[0].kind == "["):
        return TheoryItem(node.open, "fact", read_formula(node, None, uses, True))
    head = items[0]
    if not (len(items) == 5 and isinstance(items[1], Token) and items[1].text == "C."
            and isinstance(items[2], Token) and items[2].text == "All"
            and isinstance(items[3], Token) and items[3].kind == "]"):
        raise fault(head, "a finitary S5 theory allows only [C. All] here")
    inner = expect_list(items[4], "a formula after [C. All]", head)
    parts = inner.items
    opener = parts[0] if parts else None
    if isinstance(opener, Token) and opener.kind in ("[", "<"):
        closing = "]" if opener.kind == "[" else ">"
        kw = len(parts) > 1 and isinstance(parts[1], Token) and parts[1].text == "Kw."
        agent_at = 2 if kw else 1
        assert isinstance(opener, Token)
        if opener.kind == "<" and not kw:
            raise fault(opener, "a finitary S5 theory allows [C. All] (<Kw. i> F), not (<i> F)")
        closer = parts[agent_at + 1] if len(parts) == agent_at + 3 else None
        if not (isinstance(closer, Token) and closer.kind == closing):
            raise fault(opener, "a finitary S5 theory allows [C. All] ([i] F), ([Kw. i] F) or (<Kw. i> F) here")
        agent = expect_name(parts[agent_at], "one agent", opener, ("name", "variable"))
        formula = read_formula(expect_list(parts[agent_at + 2], "a formula", opener), None, uses, True)
        kind = "common-ignorant" if opener.kind == "<" else "common-whether" if kw else "common-knows"
        return TheoryItem(head, kind, formula, agent)
    return TheoryItem(head, "common", read_formula(inner, None, uses, True))


def _library(name: Token, sections: list[SList], uses: list) -> Library:
    requirements: tuple = ()
    action_types = []
    seen: dict = {}
    for section in sections:
        head = _keyword(section, "library")
        if head.text == ":requirements":
            _once(seen, head)
            requirements = _requirements(section)
        elif head.text == ":action-type":
            action_types.append(_action_type(section, uses))
        else:
            raise fault(head, f"unknown keyword {head.text} in an action-type library")
    return Library(name, requirements, tuple(action_types), tuple(uses))

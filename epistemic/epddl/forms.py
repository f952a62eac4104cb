"""Reading EPDDL's formulas, typed lists and lists from parenthesised lists, without recursion.

A formula is always parenthesised: ``(p a b)``, ``(not F)``, ``(and F ...)``,
``(or F ...)``, ``(imply F G)``, ``(= s t)``, ``(/= s t)``, ``(true)``,
``(false)``, ``([M] F)``, ``(<M> F)``, ``(forall (params | cond) F)`` and
``(exists (params | cond) F)``, where a modality ``M`` is an agent term, a
group (``All``, a group's name, ``(a b ...)``, or a list of such), after
``Kw.`` or ``C.`` or alone.  :func:`read_formula` builds a formula with an
explicit stack, so one nested thousands of levels deep reads as any other.

Each reader notes the requirements what it reads calls for in ``uses``, a
list of ``(requirement, word)``, for the reader of the file to compare with
the declared ones.

Examples
--------
>>> from epistemic.epddl.lexer import read_lists
>>> (node,) = read_lists("([Kw. ?i] (muddy ?i))", "f")
>>> f = read_formula(node, "goals", [])
>>> f.modality.kind, f.arg.name.text
('Kw.', 'muddy')
>>> read_formula(read_lists("(nand (p))", "f")[0], "goals", [])
Traceback (most recent call last):
...
epistemic.epddl.lexer.EpddlError: f:1:2: 'nand' is neither a connective nor a predicate (a predicate's arguments are names or variables)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .lexer import SList, Token, fault
from .syntax import (Comprehension, Const, Equal, Imply, Junction, ListAnd, ListForall, Modal, Modality, Not, Pred,
                     Quantified, Typed)

__all__ = ["read_formula", "read_typed", "read_params", "read_list", "read_terms", "expect_list", "expect_name",
           "CONNECTIVES"]

#: Words that begin a compound formula.
CONNECTIVES = frozenset({"not", "and", "or", "imply", "forall", "exists", "true", "false"})
_TERM_KINDS = ("name", "variable")
#: Types every task has: naming them needs no :typing.
BUILTIN_TYPE_NAMES = frozenset({"entity", "object", "agent", "agent-group", "world", "event", "obs-type"})


def expect_list(item, what: str, at: Token | SList) -> SList:
    """``item`` when it is a parenthesised list, else the fault of ``what`` missing."""
    if not isinstance(item, SList):
        raise fault(item if item is not None else at, f"expected {what}")
    return item


def expect_name(item, what: str, at: Token | SList, kinds: tuple[str, ...] = ("name",)) -> Token:
    """``item`` when it is a word of one of ``kinds``, else the fault of ``what`` missing."""
    if not isinstance(item, Token) or item.kind not in kinds:
        raise fault(item if item is not None else at, f"expected {what}")
    return item


def read_terms(items: Iterable[Any], what: str, at) -> tuple[Token, ...]:
    """Names and variables."""
    return tuple(expect_name(item, what, at, _TERM_KINDS) for item in items)


def read_typed(items, what: str, at, uses: list, kinds: tuple[str, ...] = ("name",)) -> tuple[Typed, ...]:
    """A typed list ``a b - t c - (either u v) d``: each name with its types (none for a name left untyped)."""
    out: list[Typed] = []
    pending: list[Token] = []
    i, items = 0, tuple(items)
    while i < len(items):
        item = items[i]
        if isinstance(item, Token) and item.kind == "-":
            if not pending:
                raise fault(item, f"a type is given to no {what}")
            if i + 1 >= len(items):
                raise fault(item, "expected a type after '-'")
            kind = items[i + 1]
            if isinstance(kind, SList):
                head = kind.items[0] if kind.items else None
                if not (isinstance(head, Token) and head.text == "either") or len(kind.items) < 2:
                    raise fault(kind, "expected a type or (either type ...)")
                types = tuple(expect_name(t, "a type", kind) for t in kind.items[1:])
            else:
                types = (expect_name(kind, "a type", item),)
            if any(t.text not in BUILTIN_TYPE_NAMES for t in types):
                uses.append((":typing", item))
            out.extend(Typed(name, types) for name in pending)
            pending = []
            i += 2
            continue
        pending.append(expect_name(item, what, at, kinds))
        i += 1
    out.extend(Typed(name) for name in pending)
    names = [t.name.text for t in out]
    for j, t in enumerate(out):
        if t.name.text in names[:j]:
            raise fault(t.name, f"{t.name.text} is declared twice")
    return tuple(out)


def read_params(node: SList, uses: list) -> tuple[Comprehension, SList | None]:
    """``(?x ?y - t | cond)``: the typed variables, and the condition's list (read later as a formula)."""
    items = node.items
    bar = next((i for i, item in enumerate(items) if isinstance(item, Token) and item.kind == "|"), None)
    params = read_typed(items if bar is None else items[:bar], "a variable", node, uses, ("variable",))
    condition = None
    if bar is not None:
        uses.append((":list-comprehensions", items[bar]))
        rest = items[bar + 1:]
        if len(rest) != 1:
            raise fault(items[bar], "expected one formula after '|'")
        condition = expect_list(rest[0], "a formula after '|'", items[bar])
    return Comprehension(params), condition


def _modality(items, opening: Token, closing: str, uses: list, part: str | None):
    """The modality between ``[``/``<`` and its closer, and the index of the item after it."""
    i = 1
    kind = ""
    if i < len(items) and isinstance(items[i], Token) and items[i].kind == "modality":
        kind = items[i].text
        uses.append((":knowing-whether" if kind == "Kw." else ":common-knowledge", items[i]))
        i += 1
    if i >= len(items):
        raise fault(opening, "expected an agent, a group or All in the modality")
    index = items[i]
    if isinstance(index, Token):
        if index.kind not in _TERM_KINDS:
            raise fault(index, "expected an agent, a group or All in the modality")
        if index.text == "All":
            uses.append((":group-modalities", index))
    else:
        uses.append((":group-modalities", index))
        index = read_list(index, lambda g: read_terms(g.items, "an agent", g) if g.items else
                          _raise(fault(g, "an agent group names at least one agent")), uses)
    i += 1
    if i >= len(items) or not isinstance(items[i], Token) or items[i].kind != closing:
        raise fault(items[i] if i < len(items) else opening, f"expected '{closing}' to close the modality")
    if part is not None:
        uses.append((f":modal-{part}", opening))
    return Modality(opening, kind, index), i + 1


def _raise(error):
    raise error


def read_formula(node, part: str | None, uses: list, propositional: bool = False):
    """The formula written in ``node``; ``part`` (``preconditions``, ``goals``, ...) names the
    requirements its connectives call for (none for ``None``, as in a finitary S5 theory, which
    its own requirement allows), and ``propositional`` refuses modalities.

    Raises
    ------
    EpddlError
        At the first word that does not fit.
    """
    return built(node, lambda item: _expand(item, part, uses, propositional))


def built(root, expand: Callable[[Any], tuple[Callable[[list], Any], list]]) -> Any:
    """What ``root`` builds, its parts first, with an explicit stack (files may nest thousands deep):
    ``expand(item)`` gives ``(build, parts)``, and ``build`` takes the values of the parts, in order.

    Examples
    --------
    >>> built(("+", ("+", 1, 2), 3), lambda t: (sum, list(t[1:])) if isinstance(t, tuple) else
    ...       ((lambda _, t=t: t), []))
    6
    """
    values: list = []
    stack: list = [(root, None)]
    while stack:
        item, build = stack.pop()
        if build is not None:
            args = values[len(values) - item:]
            del values[len(values) - item:]
            values.append(build(args))
            continue
        build, kids = expand(item)
        stack.append((len(kids), build))
        stack.extend((kid, None) for kid in reversed(kids))
    return values[0]


def _expand(node, part: str | None, uses: list, propositional: bool) -> tuple[Callable, list]:
    def need(requirement: str, at: Token) -> None:
        if part is not None:
            uses.append((requirement.format(part=part), at))

    if not isinstance(node, SList):
        raise fault(node, "expected a formula in parentheses")
    items = node.items
    if not items:
        raise fault(node, "expected a formula, found ()")
    head = items[0]
    rest = items[1:]
    if isinstance(head, Token) and head.kind == "name" and head.text in CONNECTIVES:
        word = head.text
        if word in ("true", "false"):
            if rest:
                raise fault(rest[0], f"({word}) takes nothing")
            return (lambda args: Const(head, word == "true")), []
        if word == "not":
            if len(rest) != 1:
                raise fault(head, "(not F) takes one formula")
            need(":negative-{part}", head)
            return (lambda args: Not(head, args[0])), [rest[0]]
        if word in ("and", "or"):
            if not rest:
                raise fault(head, f"({word} ...) takes at least one formula")
            if word == "or":
                need(":disjunctive-{part}", head)
            return (lambda args: Junction(head, word, tuple(args))), list(rest)
        if word == "imply":
            if len(rest) != 2:
                raise fault(head, "(imply F G) takes two formulas")
            need(":negative-{part}", head)
            return (lambda args: Imply(head, args[0], args[1])), list(rest)
        # forall, exists
        if len(rest) != 2:
            raise fault(head, f"({word} (variables) F) takes its variables and one formula")
        need(":universal-{part}" if word == "forall" else ":existential-{part}", head)
        over, condition = read_params(expect_list(rest[0], "the quantified variables in parentheses", head), uses)
        kids = [rest[1]] if condition is None else [rest[1], condition]

        def quantified(args, over=over):
            if len(args) == 2:
                over = Comprehension(over.params, args[1])
            return Quantified(head, word, over, args[0])
        return quantified, kids
    if isinstance(head, Token) and head.kind in ("=", "/="):
        uses.append((":equality", head))
        if len(rest) != 2:
            raise fault(head, f"({head.text} s t) takes two terms")
        left, right = read_terms(rest, "a name or a variable", head)
        return (lambda args: Equal(head, head.kind == "/=", left, right)), []
    if isinstance(head, Token) and head.kind in ("[", "<"):
        if propositional:
            raise fault(head, "no modality may appear here")
        closing = "]" if head.kind == "[" else ">"
        modality, i = _modality(items, head, closing, uses, part)
        if i != len(items) - 1:
            raise fault(items[i] if i < len(items) else head, "expected one formula after the modality")
        return (lambda args: Modal(head, head.kind == "[", modality, args[0])), [items[i]]
    if isinstance(head, Token) and head.kind == "name":
        if all(isinstance(t, Token) and t.kind in _TERM_KINDS for t in rest):
            terms = read_terms(rest, "a name or a variable", head)
            return (lambda args: Pred(head, terms)), []
        raise fault(head, f"{head.text!r} is neither a connective nor a predicate "
                          "(a predicate's arguments are names or variables)")
    raise fault(head, "expected a formula")


def read_list(node, element: Callable, uses: list, what: str = "list"):
    """A list: ``(:and L ...)``, ``(:forall (params | cond) L)``, or an element read by ``element``.

    The lists are read with an explicit stack; ``element`` reads one element's node.
    """
    def expand(item):
        head = item.items[0] if isinstance(item, SList) and item.items else None
        if isinstance(head, Token) and head.kind == "keyword" and head.text == ":and":
            uses.append((":lists", head))
            parts = list(item.items[1:])
            for part in parts:
                expect_list(part, f"a {what} in parentheses", head)
            return (lambda args: ListAnd(head, tuple(args))), parts
        if isinstance(head, Token) and head.kind == "keyword" and head.text == ":forall":
            uses.append((":lists", head))
            if len(item.items) != 3:
                raise fault(head, f"(:forall (variables) L) takes its variables and one {what}")
            over, condition = read_params(expect_list(item.items[1], "the variables in parentheses", head), uses)
            if condition is not None:
                over = Comprehension(over.params, read_formula(condition, "list-formulas", uses, True))
            body = expect_list(item.items[2], f"a {what} in parentheses", head)
            return (lambda args: ListForall(head, over, args[0])), [body]
        if isinstance(head, Token) and head.kind == "keyword":
            raise fault(head, f"unknown keyword {head.text} in a {what}")
        value = element(item)
        return (lambda args: value), []

    return built(node, expand)

"""SMCDEL's formulas, read into this framework's formulas.

SMCDEL's parser is generated from a grammar with precedences
(``src/SMCDEL/Internal/Parse.y``); this one reads the same language by
recursive descent and groups it the same way:

* ``->`` and ``iff`` bind loosest, then ``&`` and ``|``, which bind alike:
  every binary operator groups to the left, so ``1 | 2 & 3`` is
  ``(1 | 2) & 3`` and ``1 -> 2 -> 3`` is ``(1 -> 2) -> 3``;
* ``~``, ``i knows that``, ``i knows whether``, ``G comknow ...``,
  ``G distknow ...``, ``[...]`` and ``<...>`` take the shortest formula
  after them (no binary operator): ``~ 1 & 2`` is ``(~ 1) & 2``;
* ``K i``, ``Kw i``, ``Forall`` and ``Exists`` have no precedence, so the
  parser shifts: they take everything to their right, ``K a 1 & 2`` is
  ``K a (1 & 2)``.

Each construct lands on one of ours (``docs/smcdel.md`` has the table);
those that are abbreviations in SMCDEL's own definitions are unfolded as it
defines them.

Examples
--------
>>> from epistemic.formulas import to_text
>>> words = Words(vocabulary={1: "p1", 2: "p2", 3: "p3"}, agents={"alice": "alice", "bob": "bob"})
>>> to_text(read_formula("1 | 2 & 3", words))
'(p1 | p2) & p3'
>>> to_text(read_formula("~ alice knows whether 1 & [alice ! 2] K bob 1 & 3", words))
'~Kw_alice p1 & (p2 -> [?p2]_{alice} K_bob (p1 & p3))'
>>> read_formula("alice knows that 4", words)
Traceback (most recent call last):
...
epistemic.smcdel.lexer.SmcdelError: line 1, column 18: 4 is not in VARS
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs

from ..agents import Agent
from ..formulas import (BOTTOM, TOP, And, Announce, AnnounceDiamond, AnnounceWhether, Atom, Bottom, Common,
                        Distributed, Formula, Iff, Implies, Knows, KnowsWhether, Not, Or, Top, conjunction,
                        disjunction, subformulas)
from .lexer import MAX_NESTING, SmcdelError, Token, place, tokenize

__all__ = ["Words", "read_formula", "FormulaReader", "MAX_NESTING", "MAX_UNFOLDED", "is_boolean", "formula_size"]
#: ``Forall`` and ``Exists`` unfold into 2**k copies of their formula, each
#: quantifier inside another copied again: at most this many parts in all.
MAX_UNFOLDED = 100_000

_BINARY = {"->": 1, "iff": 1, "&": 2, "|": 2}
_KNOWING = ("knows that", "knows whether", "comknow that", "comknow whether", "distknow that",
            "distknow whether")
_BOOLEAN = (Atom, Top, Bottom, Not, And, Or, Implies, Iff)


@attrs.frozen
class Words:
    """What a formula may name: each variable of ``VARS`` with the atom it
    reads (a padding variable reads ``None``: the constant false), and each
    agent of ``OBS`` with its name here (``None``: any agent, by its own name)."""

    vocabulary: Mapping[int, str | None]
    agents: Mapping[str, str] | None

    def atom(self, token: Token) -> Formula:
        number = int(token.text)
        if number not in self.vocabulary:
            raise SmcdelError(token.line, token.column, f"{number} is not in VARS")
        name = self.vocabulary[number]
        return BOTTOM if name is None else Atom(name)

    def agent(self, token: Token) -> Agent:
        if self.agents is None:
            return Agent(token.text)
        if token.text not in self.agents:
            raise SmcdelError(token.line, token.column, f"agent {token.text} is not in OBS")
        return Agent(self.agents[token.text])


def is_boolean(formula: Formula) -> bool:
    """Whether ``formula`` has no knowledge and no announcement in it."""
    return all(isinstance(f, _BOOLEAN) for f in subformulas(formula))


def formula_size(formula: Formula) -> int:
    """The parts of ``formula`` written out as a tree (a part shared by two
    others counted twice), counted without writing it and without recursion.

    >>> a = Atom("a")
    >>> formula_size(And(a, a)), formula_size(And(And(a, a), And(a, a)))
    (3, 7)
    """
    sizes: dict[int, int] = {}
    stack = [formula]
    while stack:
        f = stack[-1]
        if id(f) in sizes:
            stack.pop()
            continue
        waiting = [g for g in f.operands() if id(g) not in sizes]
        if waiting:
            stack.extend(waiting)
            continue
        stack.pop()
        sizes[id(f)] = 1 + sum(sizes[id(g)] for g in f.operands())
    return sizes[id(formula)]


def _negated(f: Formula) -> Formula:
    return Not(f)


def _xor(forms: list[Formula]) -> Formula:
    # parity, one operand at a time: a ⊕ b is ~(a <-> b)
    out = forms[0]
    for f in forms[1:]:
        out = Not(Iff(out, f))
    return out


def _one_of(forms: list[Formula]) -> Formula:
    """SMCDEL's ``oneOf``: exactly one holds.  SMCDEL says "one at least and
    no two", every pair; here it is "one holds, none before it and none
    after it", whose parts are shared, so that n formulas cost n steps to
    check rather than n**2."""
    if len(forms) == 1:
        return forms[0]
    none_before: list[Formula] = [TOP]
    for f in forms[:-1]:
        none_before.append(Not(f) if none_before[-1] is TOP else And(none_before[-1], Not(f)))
    none_after: list[Formula] = [TOP]
    for f in reversed(forms[1:]):
        none_after.append(Not(f) if none_after[-1] is TOP else And(Not(f), none_after[-1]))
    none_after.reverse()
    cases = []
    for before, f, after in zip(none_before, forms, none_after):
        case = f if before is TOP else And(before, f)
        cases.append(case if after is TOP else And(case, after))
    return disjunction(cases)


def _substituted(formula: Formula, name: str, value: Formula) -> Formula:
    """A boolean formula with the atom ``name`` replaced by ``value``."""
    if isinstance(formula, Atom):
        return value if formula.name == name else formula
    if isinstance(formula, Not):
        return Not(_substituted(formula.arg, name, value))
    if isinstance(formula, (And, Or, Implies, Iff)):
        return type(formula)(_substituted(formula.left, name, value), _substituted(formula.right, name, value))
    return formula


class FormulaReader:
    """Reads formulas from a list of tokens, from a position on; ``end`` is
    the place just past the text, for faults at its end."""

    def __init__(self, tokens: list[Token], words: Words, end: tuple[int, int]):
        self.tokens, self.words, self.end = tokens, words, end
        self.at = 0
        self.depth = 0

    # tokens --------------------------------------------------------------------------------
    def peek(self, ahead: int = 0) -> Token | None:
        i = self.at + ahead
        return self.tokens[i] if i < len(self.tokens) else None

    def kind(self, ahead: int = 0) -> str | None:
        token = self.peek(ahead)
        return None if token is None else token.kind

    def fault(self, expected: str) -> SmcdelError:
        token = self.peek()
        if token is None:
            return SmcdelError(*self.end, f"expected {expected}, found the end of the file")
        return SmcdelError(token.line, token.column, f"expected {expected}, found {token.text!r}")

    def take(self, kind: str, expected: str | None = None) -> Token:
        token = self.peek()
        if token is None or token.kind != kind:
            raise self.fault(expected or repr(kind))
        self.at += 1
        return token

    def listed(self, kind: str, expected: str) -> list[Token]:
        """``kind (, kind)*``: numbers (``INT``) or agents (``STR``)."""
        out = [self.take(kind, expected)]
        while self.kind() == ",":
            self.at += 1
            out.append(self.take(kind, expected))
        return out

    def numbers(self) -> list[Token]:
        return self.listed("INT", "a number")

    def names(self) -> list[Token]:
        return self.listed("STR", "an agent")

    # formulas ------------------------------------------------------------------------------
    def deeper(self) -> None:
        """One level more: a formula begun, or an operator read before its formula;
        past :data:`MAX_NESTING`, refused at the word that lies that deep."""
        self.depth += 1
        if self.depth > MAX_NESTING:
            token = self.peek()
            line, column = (token.line, token.column) if token is not None else self.end
            raise SmcdelError(line, column, f"formulas nested more than {MAX_NESTING} deep are not read")

    def formula(self, level: int = 1) -> Formula:
        """A formula whose binary operators bind at ``level`` or tighter."""
        self.deeper()
        left = self.unary()
        while True:
            kind = self.kind()
            if kind not in _BINARY or _BINARY[kind] < level:
                break
            op = self.take(kind)
            right = self.formula(_BINARY[kind] + 1)
            if op.kind == "->":
                left = Implies(left, right)
            elif op.kind == "iff":
                left = Iff(left, right)
            else:
                left = (And if op.kind == "&" else Or)(left, right)
        self.depth -= 1
        return left

    def formulas(self) -> list[Formula]:
        """``( φ, ψ, ... )``."""
        self.take("(", "'('")
        out = [self.formula()]
        while self.kind() == ",":
            self.at += 1
            out.append(self.formula())
        self.take(")", "',' or ')'")
        return out

    def unary(self) -> Formula:
        """A formula with no binary operator outside parentheses, or one
        under ``K``, ``Kw``, ``Forall`` or ``Exists``, which reach to the right.
        Its prefixes are gathered in a loop, with no recursion, but each is a
        level of :data:`MAX_NESTING` all the same, as the lexer counts it: a
        chain of 100,000 ``~`` is no formula to read."""
        wraps: list[Callable[[Formula], Formula]] = []
        while True:
            kind = self.kind()
            if kind == "~":
                self.at += 1
                wraps.append(_negated)
            elif kind in ("[", "<"):
                wraps.append(self.announcement())
            elif kind == "STR" or (kind == "(" and self._group_ahead()):
                wrap = self.knowing()
                if isinstance(wrap, Formula):
                    core = wrap
                    break
                wraps.append(wrap)
            else:
                core = self.prefixed() if kind in ("K", "Kw", "Forall", "Exists") else self.primary()
                break
            self.deeper()
        self.depth -= len(wraps)
        for wrap in reversed(wraps):
            core = wrap(core)
        return core

    def _group_ahead(self) -> bool:
        """Whether the ``(`` here opens a group of agents, ``(a, b) comknow
        ...``, rather than a formula in parentheses that may start with one,
        ``(a, b comknow that 1 | 2)``: the names are followed by ``)``."""
        i = 1
        while self.kind(i) == "STR":
            if self.kind(i + 1) != ",":
                return self.kind(i + 1) == ")"
            i += 2
        return False

    def prefixed(self) -> Formula:
        token = self.peek()
        assert token is not None
        self.at += 1
        if token.kind in ("K", "Kw"):
            agent = self.words.agent(self.take("STR", "an agent"))
            arg = self.formula()
            return Knows(agent, arg) if token.kind == "K" else KnowsWhether(agent, arg)
        quantified = self.numbers()
        for number in quantified:
            self.words.atom(number)
        body = self.formula()
        if not is_boolean(body):
            raise SmcdelError(token.line, token.column,
                              f"{token.text} over a formula with knowledge or announcements in it: SMCDEL "
                              "quantifies its diagram, over valuations the law may rule out, which this reader "
                              "does not (it reads Forall and Exists over boolean formulas)")
        names = list(dict.fromkeys(self.words.vocabulary[int(n.text)] for n in quantified))
        unfolded = formula_size(body) << len(names)
        if unfolded > MAX_UNFOLDED:
            raise SmcdelError(token.line, token.column, f"{token.text} over {len(names)} variables would unfold "
                                                        f"its formula into {unfolded:,} parts; this reader unfolds "
                                                        f"at most {MAX_UNFOLDED:,}")
        join = And if token.kind == "Forall" else Or
        for name in names:
            if name is not None:   # a padding variable is the constant false: nothing to quantify
                body = join(_substituted(body, name, TOP), _substituted(body, name, BOTTOM))
        return body

    def knowing(self) -> Callable[[Formula], Formula] | Formula:
        """``i knows that``, ``(G) comknow whether`` and the rest: the
        operator, waiting for its formula, or for ``i knows whether (φ, ψ)``
        the finished conjunction."""
        parenthesized = self.kind() == "("
        if parenthesized:
            self.at += 1
        names = self.names()
        if parenthesized:
            self.take(")", "',' or ')'")
        operator = self.peek()
        if operator is None or operator.kind not in _KNOWING or (
                (parenthesized or len(names) > 1) and operator.kind.startswith("knows")):
            raise self.fault("comknow or distknow after a group" if parenthesized or len(names) > 1
                             else "'knows that', 'knows whether', 'comknow ...' or 'distknow ...' after an agent")
        self.at += 1
        group = [self.words.agent(n) for n in names]
        kind = operator.kind
        if kind == "knows that":
            return lambda f: Knows(group[0], f)
        if kind == "knows whether":
            if self.kind() == "(" and not self._group_ahead():
                forms = self.formulas()
                return conjunction(KnowsWhether(group[0], f) for f in forms)
            return lambda f: KnowsWhether(group[0], f)
        build = Common if kind.startswith("comknow") else Distributed
        if kind.endswith("that"):
            return lambda f: build(group, f)
        return lambda f: Or(build(group, f), build(group, Not(f)))

    def announcement(self) -> Callable[[Formula], Formula]:
        """``[! φ]``, ``<?! φ>``, ``[G ! φ]`` and the rest, waiting for their formula."""
        opening = self.take(self.kind() or "[")   # '[' or '<'
        closing = "]" if opening.kind == "[" else ">"
        group = [self.words.agent(n) for n in self.names()] if self.kind() == "STR" else None
        whether = self.kind() == "?"
        if whether:
            self.at += 1
        self.take("!", "'!'" if whether or group is not None else "'!', '?!' or a group of agents")
        announced = self.formula()
        self.take(closing, repr(closing))
        box = opening.kind == "["
        if group is None and not whether:
            return (lambda f: Announce(announced, f)) if box else (lambda f: AnnounceDiamond(announced, f))
        if group is None:
            # SMCDEL's [?! φ]ψ is φ -> [!φ]ψ and ~φ -> [!~φ]ψ; as every agent learning whether φ it is
            # one update, where the two halves would evaluate ψ twice at each level of a nest;
            # one of the outcomes always happens, so its dual <?! φ> says the same
            if self.words.agents is None:   # a law, refused for its announcement once read
                return lambda f: Announce(announced, f)
            everyone = [Agent(name) for name in self.words.agents.values()]
            return lambda f: AnnounceWhether(everyone, announced, f)
        if whether:   # the group learns whether φ; exactly one of the two events happens
            return lambda f: AnnounceWhether(group, announced, f)
        # the group learns that φ, the others that it learned whether: where φ holds, the event named φ
        if box:
            return lambda f: Implies(announced, AnnounceWhether(group, announced, f))
        return lambda f: And(announced, AnnounceWhether(group, announced, f))

    def primary(self) -> Formula:
        token = self.peek()
        if token is None:
            raise self.fault("a formula")
        kind = token.kind
        if kind == "INT":
            self.at += 1
            return self.words.atom(token)
        if kind in ("Top", "Bot"):
            self.at += 1
            return TOP if kind == "Top" else BOTTOM
        if kind == "(":
            self.at += 1
            inner = self.formula()
            self.take(")", "')'")
            return inner
        if kind in ("AND", "OR", "XOR", "ONEOF"):
            self.at += 1
            forms = self.formulas()
            if kind == "AND":
                return conjunction(forms)
            if kind == "OR":
                return disjunction(forms)
            return _xor(forms) if kind == "XOR" else _one_of(forms)
        raise self.fault("a formula")


def read_formula(text: str, words: Words) -> Formula:
    """The formula ``text`` writes in SMCDEL's language, over ``words``.

    Raises
    ------
    SmcdelError
        Where the text is not one formula of the language, or names a
        variable or agent that ``words`` does not have.
    """
    reader = FormulaReader(tokenize(text), words, place(text))
    formula = reader.formula()
    if reader.peek() is not None:
        raise reader.fault("the end of the formula")
    return formula

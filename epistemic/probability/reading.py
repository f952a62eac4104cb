"""The formulas of probability in the text syntax, as :mod:`epistemic.syntax` reads them.

A linear inequality is read term by term, and the parser reads the formula
inside each ``P_a(...)`` as it reads any formula in parentheses, without
recursion: an :class:`Inequality` takes its tokens up to a term's ``(``,
and the parser hands it the formula read inside when the ``)`` comes, to
read on to the next term or to the end.  Terms may stand on both sides of
the comparison: those on the right move to the left, the numbers to the
right, and the terms of one agent and formula are added up.  Numbers are
exact: ``0.1`` is 1/10.

Examples
--------
>>> from epistemic.syntax import parse_formula
>>> print(parse_formula("P_a(p) <= P_b(p) + 0.25"))
P_a(p) - P_b(p) <= 1/4
>>> print(parse_formula("C^{0.9}_{a,b} (p & P_a(q) > 1/2)"))
C^{9/10}_{a,b} (p & P_a(q) > 1/2)
>>> parse_formula("P_a(p) - 2 P_b(q) >= 1/2 + P_a(p) - 2*P_b(q)")
Traceback (most recent call last):
...
epistemic.syntax.FormulaSyntaxError: line 1, column 19: the terms cancel out, leaving no probability to compare
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from fractions import Fraction
from typing import NoReturn, Protocol

from .._lexer import Token
from ..agents import Agent
from ..formulas import AGENT_WORD, Formula
from .formulas import COMPARISONS, CommonPBelief, Probability

__all__ = ["Inequality", "starts_inequality", "common_p_belief"]

#: The numbers of the text syntax: an integer, a fraction or a decimal.
_NUMBER = re.compile(r"[0-9]+(?:/[0-9]+|\.[0-9]+)?")
_EXAMPLE = "as in P_a(p) >= 1/2"


class _Parser(Protocol):
    """What this module asks of the text syntax's parser (:mod:`epistemic.syntax`), which calls it."""

    tokens: list[Token]
    i: int

    def peek(self) -> Token: ...

    def take(self) -> Token: ...

    def at(self, *ops: str) -> bool: ...

    def fail(self, message: str, token: Token | None = None) -> NoReturn: ...

    def expect(self, op: str, what: str, opened: Token | None = None) -> Token: ...

    def agent(self, modal: Token) -> Agent: ...

    def group(self, modal: Token) -> frozenset[Agent]: ...

    @staticmethod
    def adjacent(a: Token, b: Token) -> bool: ...


def starts_inequality(parser: _Parser) -> bool:
    """Whether the next tokens start a linear inequality: ``P_``, a ``-``,
    or a number that is the coefficient of a term (``2 P_a``, ``2*P_a``)."""
    tokens, i = parser.tokens, parser.i
    if _is(tokens[i], "modal", "P_") or _is(tokens[i], "op", "-"):
        return True
    end = _number_end(parser)
    return end > i and (_is(tokens[end], "op", "*") or _is(tokens[end], "modal", "P_"))


class Inequality:
    """A linear inequality being read.

    Its terms and numbers are gathered as they come: the coefficient of
    each ``(agent, formula)``, as if moved to the left of the comparison,
    and the sum of the numbers, as if moved to its right.
    """

    __slots__ = ("terms", "bound", "side", "comparison", "term")

    def __init__(self) -> None:
        self.terms: dict[tuple[Agent, Formula], Fraction] = {}
        self.bound = Fraction(0)
        self.side = 1                        # -1 once past the comparison
        self.comparison: Token | None = None
        # the coefficient, the agent and the "(" of the term whose formula is being read
        self.term: tuple[Fraction, Agent, Token] | None = None

    def read(self, parser: _Parser, inside: Formula | None) -> Probability | None:
        """Read on from the start (``inside`` is ``None``), or from the
        formula just read inside the last term opened, before its ``)``.

        Returns the inequality at its end, or ``None`` when it has taken
        the ``(`` of a term, whose formula the parser reads next.
        """
        sign: int | None
        if inside is None:
            sign = _sign(parser)
        else:
            assert self.term is not None   # the formula read is a term's
            coefficient, agent, opening = self.term
            parser.expect(")", "')'", opening)
            self.terms[agent, inside] = self.terms.get((agent, inside), 0) + coefficient
            sign = self.next_sign(parser)
        while sign is not None:
            number = read_number(parser) if _number_end(parser) > parser.i else None
            if number is not None and parser.at("*"):
                parser.take()
                if not _is(parser.peek(), "modal", "P_"):
                    parser.fail(f"expected a probability term P_a(...) after '*', found {parser.peek().shown()}")
            t = parser.peek()
            if _is(t, "modal", "P_"):
                parser.take()
                agent = parser.agent(t)
                opening = parser.expect("(", f"'(' and the formula whose probability {agent.name} gives")
                self.term = (self.side * sign * (Fraction(1) if number is None else number), agent, opening)
                return None
            if number is None:
                parser.fail(f"expected a number or a probability term P_a(...), found {t.shown()}")
            self.bound -= self.side * sign * number
            sign = self.next_sign(parser)
        return self.made(parser)

    def next_sign(self, parser: _Parser) -> int | None:
        """After a term or a number: the sign of the next one (its ``+`` or
        ``-`` taken, or the comparison and a ``-``), or ``None`` at the end."""
        if parser.at("+", "-"):
            return 1 if parser.take().text == "+" else -1
        if self.comparison is not None:
            return None
        if not parser.at(*COMPARISONS) or parser.peek().raw == "⟩":   # "⟩" closes a diamond, is no ">"
            parser.fail(f"a probability term P_a(...) must be compared with a number, {_EXAMPLE}")
        self.comparison = parser.take()
        self.side = -1
        return _sign(parser)

    def made(self, parser: _Parser) -> Probability:
        assert self.comparison is not None   # the end comes after the comparison only
        kept = [(c, agent, f) for (agent, f), c in self.terms.items() if c != 0]
        if not kept:
            parser.fail("the terms cancel out, leaving no probability to compare" if self.terms else
                        f"an inequality compares probabilities P_a(...), {_EXAMPLE}", self.comparison)
        coefficients, agents, args = zip(*kept)
        return Probability(coefficients, agents, args, self.comparison.text, self.bound)


def common_p_belief(parser: _Parser, hat: Token) -> Callable[[Formula], Formula]:
    """``C^{q}_G`` after its ``C^``: the prefix of common p-belief, as a
    function of the formula it is about."""
    example = "as in C^{9/10}_{a,b} p"
    brace = parser.expect("{", f"'{{' and a level right after {hat.raw!r}, {example}")
    at = parser.peek()
    level = _sign(parser) * read_number(parser)
    if not 0 <= level <= 1:
        parser.fail(f"common p-belief needs a level between 0 and 1, got {level}", at)
    closing = parser.expect("}", "'}'", brace)
    under = parser.peek()
    if not (under.kind == "word" and under.raw.startswith("_") and parser.adjacent(closing, under)):
        parser.fail(f"expected '_' and a group right after the level, {example}")
    parser.take()
    if under.raw != "_":          # C^{q}_a: one agent, its name glued to the "_"
        if not AGENT_WORD.fullmatch(under.raw[1:]):
            parser.fail(f"expected a group after '_', {example}", under)
        group = frozenset({Agent(under.raw[1:])})
    elif parser.at("{"):
        group = parser.group(under)
    else:
        parser.fail(f"expected a group after '_', {example}, found {parser.peek().shown()}")
    return functools.partial(CommonPBelief, group, level)


def read_number(parser: _Parser) -> Fraction:
    """The number that comes next, exactly: ``3``, ``3/4``, ``0.75``; its
    pieces touch (``3 / 4`` is no number)."""
    first, end = parser.peek(), _number_end(parser)
    if end == parser.i:
        parser.fail(f"expected a number such as 3/4 or 0.75, found {first.shown()}")
    text = ""
    while parser.i < end:
        text += parser.take().raw
    if not _NUMBER.fullmatch(text):
        parser.fail(f"{text!r} is not a number: write an integer, a fraction such as 3/4 or a decimal such as "
                    f"0.75", first)
    try:
        return Fraction(text)
    except ZeroDivisionError:
        parser.fail(f"{text!r} divides by zero", first)


def _number_end(parser: _Parser) -> int:
    """Where the number that comes next ends: past the word that starts
    with a digit and the words, dots and slashes touching it (where it
    starts when none comes)."""
    tokens, i = parser.tokens, parser.i
    if not (tokens[i].kind == "word" and tokens[i].raw[0] in "0123456789"):
        return i
    end = i + 1
    while ((tokens[end].kind == "word" or _is(tokens[end], "op", ".") or _is(tokens[end], "op", "/"))
           and parser.adjacent(tokens[end - 1], tokens[end])):
        end += 1
    return end


def _sign(parser: _Parser) -> int:
    """The sign written before the first term or number of a side: a ``-``, taken, or none."""
    if parser.at("-"):
        parser.take()
        return -1
    return 1


def _is(token: Token, kind: str, text: str) -> bool:
    return token.kind == kind and token.text == text

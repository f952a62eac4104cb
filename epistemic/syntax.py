"""The text syntax of formulas: a parser that points at its errors.

The printer, :func:`to_text`, lives with the formula classes in
:mod:`epistemic.formulas` (``str(formula)`` uses it) and is re-exported
here; whatever it writes, :func:`parse_formula` reads back to the same
formula.  Its LaTeX spelling, :func:`to_latex`, is re-exported too.

Grammar, loosest-binding first (every binary operator but ``->`` groups to
the left; ``->`` groups to the right)::

    formula  := iff
    iff      := implies ( ("<->" | "↔") implies )*
    implies  := or ( ("->" | "→") implies )?
    or       := and ( ("|" | "∨" | "or") and )*
    and      := unary ( ("&" | "∧" | "and") unary )*
    unary    := prefix unary | primary
    prefix   := "~" | "¬" | "not"
              | "K_" agent | "M_" agent | "◇_" agent | "Kw_" agent | "B_" agent
              | "E_" group | "C_" group | "D_" group | "EB_" group | "CB_" group
              | "C^{" number "}_" group          common p-belief at that level
              | "[!" formula "]"                 public announcement
              | "<!" formula ">" | "⟨!" formula "⟩" its dual
              | "[!" formula "]_" group          private announcement to the group
              | "[?" formula "]_" group          the group learns whether
              | "[" action "," label "]"         after this event of the event model
    primary  := atom | "top" | "true" | "⊤" | "bot" | "false" | "⊥" | "(" formula ")"
              | sum compare sum                  a linear inequality of probabilities
    sum      := ["-"] item (("+" | "-") item)*
    item     := [number ["*"]] "P_" agent "(" formula ")" | number
    compare  := ">=" | "≥" | "<=" | "≤" | ">" | "<" | "="
    number   := digits ["/" digits | "." digits]
    agent    := name | "{" name "}"
    group    := name | "{" name ("," name)* "}"

    action   := label                            an event model given by name
              | "(" event ("," event)* (";" relation)* [";" "designated" labels] ")"
    event    := label [chance] [":" formula] ["{" change ("," change)* "}"]
    chance   := "(" number ["if" formula] ("," number ["if" formula])* ")"
    change   := atom ":=" formula | "+" atom | "-" atom
    relation := (label | "{" label "}") ":" [block block* | arrow ("," arrow)*]
    block    := "{" labels "}"
    arrow    := label ("->" | "→") label ["(" number ")"]
    labels   := label ("," label)*

Atoms are a letter or underscore followed by letters, digits, underscores
or primes, except the words above and names starting like an operator
(``K_``, ``Kw_``, ``M_``, ``B_``, ``E_``, ``C_``, ``D_``, ``EB_``, ``CB_``, ``P_``).
Agent names are letters and digits (``K_alice``), or also underscores and
primes inside braces (``K_{bob_1}``).  Spaces and line breaks are free
between tokens, except that an agent or group follows its operator
directly.

A linear inequality of probabilities (see :mod:`epistemic.probability`)
starts with a term ``P_a(φ)``, its coefficient or a ``-``, and binds
tighter than any connective: ``~P_a(p) >= 1/2 & q`` is ``(~(P_a(p) >=
1/2)) & q``.  Terms may stand on both sides; it is read with every term
on the left, those of one agent and formula added up, and the numbers on
the right: ``P_a(p) <= P_b(p) + 1/4`` is ``P_a(p) - P_b(p) <= 1/4``.
Numbers are exact (``0.1`` is 1/10), their pieces written together.

An event model (see :mod:`epistemic.event_text`) lists its events, each
with a precondition (none: it can happen anywhere) and changes (``p :=
φ``: ``p`` becomes what ``φ`` was; ``+p``, ``-p``: ``p`` becomes true,
false), then a relation for each of its agents: blocks of the events the
agent cannot tell apart, every event in one block, or arrows ``e -> f``
(when ``e`` happens, the agent considers ``f`` possible), or nothing.  Its
designated events are the event after the comma unless named.  Events may
carry probabilities: how likely each is to happen, and how likely an
agent takes one for another (see :mod:`epistemic.event_reading`).  Labels
(names of events, of event models, and of agents in relations) are
letters, digits, underscores and primes; the agent named ``designated``
is written in braces.  ``parse_formula(text, event_models)`` reads the
names of event models in ``event_models``.

Examples
--------
>>> f = parse_formula("[!p] K_a (p & ~q) -> C_{a,b} p")
>>> to_text(f)
'[!p] K_a (p & ~q) -> C_{a,b} p'
>>> to_text(f, unicode=True)
'[!p] K_a (p ∧ ¬q) → C_{a,b} p'
>>> look = parse_formula("[(h: heads, t: ~heads; a: {h} {t}; b: {h, t}), h] (K_a heads & ~K_b heads)")
>>> [e.name for e in look.action.events], look.event
(['h', 't'], 'h')
>>> parse_formula("[(h: heads, t: ~heads; a: {h} {t}; b: {h, x}), h] K_a heads")
Traceback (most recent call last):
...
epistemic.syntax.FormulaSyntaxError: line 1, column 43: the event model has no event 'x' (its events: h, t)
>>> parse_formula("p & (q")
Traceback (most recent call last):
...
epistemic.syntax.FormulaSyntaxError: line 1, column 7: expected ')' to close the '(' at column 5, found the end
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import NoReturn, TypeVar

from ._lexer import Token, tokens
from .agents import Agent
from .event_reading import MAX_EVENT_NESTING, MAX_EVENT_PAIRS, EventModelReading
from .events import EventModel
from .formulas import (AGENT_WORD, BOTTOM, BRACED_NAME, TOP, Act, And, Announce, AnnounceDiamond, AnnouncePrivately,
                       AnnounceWhether, Atom, Believes, Common, CommonBelief, Distributed, Everybody,
                       EverybodyBelieves, Formula, FormulaError, Iff, Implies, Knows, KnowsWhether, Not, Or,
                       Possible, to_latex, to_text)
from .probability.reading import Inequality, common_p_belief, starts_inequality
from .validators import instance_of

__all__ = ["MAX_LENGTH", "MAX_EVENT_PAIRS", "MAX_EVENT_NESTING", "parse_formula", "parse_event_model",
           "named_event_models", "to_text", "to_latex", "FormulaSyntaxError"]

#: The longest text :func:`parse_formula` reads, in characters: reading takes
#: about 4 seconds and 200 MB a million characters.
MAX_LENGTH = 1_000_000

T = TypeVar("T")


class FormulaSyntaxError(FormulaError):
    """Text that is not a formula; ``line`` and ``column`` (from 1) say where."""

    def __init__(self, message: str, line: int, column: int):
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column


_AGENT_MODAL: dict[str, Callable[[Agent, Formula], Formula]] = {
    "K_": Knows, "M_": Possible, "◇_": Possible, "Kw_": KnowsWhether, "B_": Believes}
_GROUP_MODAL: dict[str, Callable[[frozenset[Agent], Formula], Formula]] = {
    "E_": Everybody, "C_": Common, "D_": Distributed, "EB_": EverybodyBelieves, "CB_": CommonBelief}
_CONSTANTS = {"top": TOP, "true": TOP, "⊤": TOP, "bot": BOTTOM, "false": BOTTOM, "⊥": BOTTOM}


class _Open:
    """A formula being read: what opened it (``None`` for the outermost,
    an :class:`Inequality` for a term ``P_a(...)``), its operands so far
    with the binary operators between them, and the prefixes read of the
    operand now being read."""

    __slots__ = ("opener", "items", "prefixes")

    def __init__(self, opener: Token | Inequality | None):
        self.opener = opener
        self.items: list = []
        self.prefixes: list[Callable[[Formula], Formula]] = []


#: How tightly each binary operator binds, and what it makes; ``->`` alone groups to the right.
_BINDING = {"<->": 1, "->": 2, "|": 3, "&": 4}
_BINARY: dict[str, Callable[[Formula, Formula], Formula]] = {"<->": Iff, "->": Implies, "|": Or, "&": And}


def _grouped(items: list) -> Formula:
    """The formula of operands and binary operators in a row (``[f, "&", g,
    "->", h]``), grouped as the grammar groups them, without recursion."""
    operands: list[Formula] = [items[0]]
    operators: list[str] = []

    def reduce() -> None:
        right = operands.pop()
        operands.append(_BINARY[operators.pop()](operands.pop(), right))

    for i in range(1, len(items), 2):
        op = items[i]
        while operators and (_BINDING[operators[-1]] > _BINDING[op]
                             or (_BINDING[operators[-1]] == _BINDING[op] and op != "->")):
            reduce()
        operators.append(op)
        operands.append(items[i + 1])
    while operators:
        reduce()
    return operands[0]


class _Parser(EventModelReading):
    def __init__(self, text: str, event_models: Mapping[str, EventModel]):
        self.tokens = tokens(text, FormulaSyntaxError)
        self.i = 0
        self.event_models = event_models
        self.event_pairs = 0    # what the event models read so far relate, against MAX_EVENT_PAIRS
        self.event_nesting = 0  # event models open around the formula being read

    def peek(self) -> Token:
        return self.tokens[self.i]

    def take(self) -> Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def at(self, *ops: str) -> bool:
        t = self.peek()
        return t.kind == "op" and t.text in ops

    def fail(self, message: str, token: Token | None = None) -> NoReturn:
        token = token or self.peek()
        raise FormulaSyntaxError(message, token.line, token.column)

    def expect(self, op: str, what: str, opened: Token | None = None) -> Token:
        if not self.at(op):
            t = self.peek()
            where = f" to close the {opened.text!r} at column {opened.column}" if opened else ""
            if opened is not None and opened.line != t.line:
                where = f" to close the {opened.text!r} at line {opened.line}, column {opened.column}"
            self.fail(f"expected {what}{where}, found {t.shown()}")
        return self.take()

    # grammar ------------------------------------------------------------------
    def formula(self) -> Formula:
        """A formula, read without recursion however deeply its parentheses
        and announcements nest: each one opened pushes a frame that gathers
        its operands and binary operators, and closing it hands the formula
        read to the frame below, as an operand (parentheses) or a prefix
        (announcements), or to the inequality whose term ``P_a(...)`` it is,
        which reads on to its next term (another frame) or to its end (an
        operand).  Only an event model written inside an event's
        precondition or change reads its formulas one level deeper."""
        frames = [_Open(None)]
        operand: Formula | None = None
        while True:
            frame = frames[-1]
            if operand is None:
                opener = self.prefixes(frame.prefixes)
                if opener is not None:
                    frames.append(_Open(opener))
                    continue
                operand = self.primary()
            for make in reversed(frame.prefixes):
                operand = make(operand)
            frame.prefixes.clear()
            frame.items.append(operand)
            operand = None
            if self.at("<->", "->", "|", "&"):
                frame.items.append(self.take().text)
                continue
            done = _grouped(frame.items)
            frames.pop()
            if frame.opener is None:
                return done
            if isinstance(frame.opener, Inequality):
                operand = frame.opener.read(self, done)
                if operand is None:
                    frames.append(_Open(frame.opener))
                continue
            operand = self.closed(frame.opener, done, frames[-1].prefixes)

    def prefixes(self, prefixes: list[Callable[[Formula], Formula]]) -> Token | Inequality | None:
        """Read the prefixes of an operand into ``prefixes``, up to its
        primary, or up to a token that opens a formula inside (a parenthesis,
        an announcement), which is taken and returned, or up to a linear
        inequality, returned once it has opened its first term."""
        while True:
            t = self.peek()
            if t.kind == "op" and t.text == "~":
                self.take()
                prefixes.append(Not)
            elif t.kind == "modal" and t.text == "C^":
                self.take()
                prefixes.append(common_p_belief(self, t))
            elif t.kind == "modal" and t.text != "P_":
                self.take()
                if t.text in _GROUP_MODAL:
                    prefixes.append(functools.partial(_GROUP_MODAL[t.text], self.group(t)))
                else:
                    prefixes.append(functools.partial(_AGENT_MODAL[t.text], self.agent(t)))
            elif t.kind == "op" and t.text in ("(", "[!", "[?", "<!"):
                return self.take()
            elif t.kind == "op" and t.text == "[":
                self.take()
                prefixes.append(self.act(t))
            elif starts_inequality(self):
                inequality = Inequality()
                inequality.read(self, None)    # no inequality ends before its first term
                return inequality
            else:
                return None

    def closed(self, opener: Token, inside: Formula, prefixes: list[Callable[[Formula], Formula]]
               ) -> Formula | None:
        """Close what ``opener`` opened around ``inside``: a parenthesized
        formula is returned, an operand; an announcement goes to ``prefixes``."""
        if opener.text == "(":
            self.expect(")", "')'", opener)
            return inside
        if opener.text == "<!":
            self.expect(">", "'>'", opener)
            prefixes.append(functools.partial(AnnounceDiamond, inside))
            return None
        if self.at("]_"):
            under = self.take()
            group = self.group(under)
            announce = AnnouncePrivately if opener.text == "[!" else AnnounceWhether
            prefixes.append(functools.partial(announce, group, inside))
            return None
        self.expect("]", "']'", opener)
        if opener.text == "[?":
            self.fail("a '[?...]' announcement needs a group: write [?p]_{a,b}", self.tokens[self.i - 1])
        prefixes.append(functools.partial(Announce, inside))
        return None

    def primary(self) -> Formula:
        """An atom or a constant (a parenthesis is opened by :meth:`prefixes`)."""
        t = self.peek()
        if t.kind == "word":
            self.take()
            if t.text in _CONSTANTS:
                return _CONSTANTS[t.text]
            try:
                return Atom(t.text)
            except FormulaError:
                self.fail(f"{t.text!r} is not an atom name (a letter or underscore, then letters, digits, "
                          f"underscores or primes)", t)
        self.fail(f"expected a formula, found {t.shown()}")

    def agent(self, modal: Token) -> Agent:
        (agent,) = self.names(modal, one=True)
        return agent

    def group(self, modal: Token) -> frozenset[Agent]:
        return frozenset(self.names(modal, one=False))

    def names(self, modal: Token, one: bool) -> list[Agent]:
        """The agent (``one``) or group written right after ``modal``: a
        plain name, or names in braces."""
        t = self.peek()
        if t.kind == "op" and t.text == "{":
            self.take()
            names = [self.braced_name()]
            while not one and self.at(","):
                self.take()
                names.append(self.braced_name())
            self.expect("}", "'}'" if one else "'}' or ','", t)
            return [Agent(n) for n in names]
        if t.word() and AGENT_WORD.fullmatch(t.raw) and self.adjacent(modal, t):
            self.take()
            return [Agent(t.raw)]
        example = "K_a or K_{alice}" if one else f"{modal.text}{{a,b}}"
        self.fail(f"expected {'an agent' if one else 'a group'} right after {modal.raw!r}, as in {example}")

    def braced_name(self, what: str = "an agent name") -> str:
        # a name like "B_1" lexes as an operator and a word: glue what touches
        first = self.peek()
        name, last = "", None
        while ((self.peek().kind == "modal" or self.peek().word())
               and (last is None or self.adjacent(last, self.peek()))):
            last = self.take()
            name += last.raw
        if not BRACED_NAME.fullmatch(name):
            self.fail(f"expected {what} (letters, digits, underscores), found {first.shown()}", first)
        return name

    @staticmethod
    def adjacent(a: Token, b: Token) -> bool:
        return a.line == b.line and a.column + len(a.raw) == b.column


def parse_formula(text: str, event_models: Mapping[str, EventModel] | None = None) -> Formula:
    """The formula written in ``text`` (see the module's grammar).

    Parameters
    ----------
    text : str
    event_models : mapping of str to EventModel, optional
        The event models ``[name, e]`` may name.

    Raises
    ------
    FormulaSyntaxError
        With the line and column of the first fault, or of the first
        character past :data:`MAX_LENGTH`.
    FormulaError
        When ``event_models`` is not a mapping of names to event models.
    """
    instance_of(text, str, "a formula's text must be a string", type_name=True, error=FormulaError)
    return _read(text, named_event_models(event_models), _Parser.formula)


def named_event_models(event_models: Mapping[str, EventModel] | None) -> Mapping[str, EventModel]:
    """``event_models`` (``None``: none), checked to map names to event models.

    Raises
    ------
    FormulaError
        When it does not.
    """
    named = {} if event_models is None else event_models
    if not isinstance(named, Mapping):
        raise FormulaError(f"event_models must map names to event models, got {type(named).__name__}")
    for name, model in named.items():
        instance_of(name, str, "the names of event models must be strings", type_name=True, error=FormulaError)
        instance_of(model, EventModel, f"event model {name!r} must be an EventModel", type_name=True,
                    error=FormulaError)
    return named


def parse_event_model(text: str) -> EventModel:
    """The event model written in ``text`` as inside ``[E, e]``, with its
    designated events named: ``(h: p, t: ~p; a: {h} {t}; designated h, t)``.

    Raises
    ------
    FormulaSyntaxError
        With the line and column of the first fault.

    Examples
    --------
    >>> look = parse_event_model("(h: p, t: ~p; a: {h} {t}; b: {h, t}; designated h, t)")
    >>> [e.name for e in look.events], look.actual, sorted(look.relation(Agent("b")))
    (['h', 't'], ('h', 't'), [('h', 'h'), ('h', 't'), ('t', 'h'), ('t', 't')])
    """
    instance_of(text, str, "an event model's text must be a string", type_name=True, error=FormulaError)

    def event_model(parser: _Parser) -> EventModel:
        if not parser.at("("):
            parser.fail(f"expected '(' and the events of an event model, found {parser.peek().shown()}")
        _, build = parser.event_model()
        return build(None)
    return _read(text, {}, event_model, "the end")


def _read(text: str, named: Mapping[str, EventModel], read: Callable[[_Parser], T],
          after: str = "an operator or the end") -> T:
    """What ``read`` reads of ``text``, which must hold nothing more (else
    the error says that ``after`` was expected)."""
    if len(text) > MAX_LENGTH:
        line = text.count("\n", 0, MAX_LENGTH) + 1
        raise FormulaSyntaxError(f"the formula is longer than {MAX_LENGTH:,} characters, the most that is read",
                                 line, MAX_LENGTH - text.rfind("\n", 0, MAX_LENGTH))
    parser = _Parser(text, named)
    try:
        result = read(parser)
    except RecursionError:
        raise FormulaSyntaxError("the formula is nested too deeply to read", 1, 1) from None
    t = parser.peek()
    if t.kind != "end":
        parser.fail(f"expected {after}, found {t.shown()}")
    return result

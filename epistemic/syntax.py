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
              | "E_" group | "C_" group | "D_" group
              | "[!" formula "]"                 public announcement
              | "<!" formula ">" | "⟨!" formula "⟩" its dual
              | "[!" formula "]_" group          private announcement to the group
              | "[?" formula "]_" group          the group learns whether
    primary  := atom | "top" | "true" | "⊤" | "bot" | "false" | "⊥" | "(" formula ")"
    agent    := name | "{" name "}"
    group    := name | "{" name ("," name)* "}"

Atoms are a letter or underscore followed by letters, digits, underscores
or primes, except the words above and names starting like an operator
(``K_``, ``Kw_``, ``M_``, ``B_``, ``E_``, ``C_``, ``D_``).  Agent names are
letters and digits (``K_alice``), or also underscores and primes inside
braces (``K_{bob_1}``).  Spaces and line breaks are free between tokens,
except that an agent or group follows its operator directly.

Examples
--------
>>> f = parse_formula("[!p] K_a (p & ~q) -> C_{a,b} p")
>>> to_text(f)
'[!p] K_a (p & ~q) -> C_{a,b} p'
>>> to_text(f, unicode=True)
'[!p] K_a (p ∧ ¬q) → C_{a,b} p'
>>> parse_formula("p & (q")
Traceback (most recent call last):
...
epistemic.syntax.FormulaSyntaxError: line 1, column 7: expected ')' to close the '(' at column 5, found the end
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import NoReturn

from .agents import Agent
from .formulas import (AGENT_WORD, BOTTOM, BRACED_NAME, TOP, And, Announce, AnnounceDiamond, AnnouncePrivately,
                       AnnounceWhether, Atom, Believes, Common, Distributed, Everybody, Formula, FormulaError, Iff,
                       Implies, Knows, KnowsWhether, Not, Or, Possible, to_latex, to_text)
from .validators import instance_of

__all__ = ["MAX_LENGTH", "parse_formula", "to_text", "to_latex", "FormulaSyntaxError"]

#: The longest text :func:`parse_formula` reads, in characters: reading takes
#: about 4 seconds and 200 MB a million characters.
MAX_LENGTH = 1_000_000


class FormulaSyntaxError(FormulaError):
    """Text that is not a formula; ``line`` and ``column`` (from 1) say where."""

    def __init__(self, message: str, line: int, column: int):
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column


_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<modal>(?:Kw|K|M|◇|B|E|C|D)_)
  | (?P<op><->|->|\[!|\[\?|<!|⟨!|\]_|[↔→&∧|∨~¬()\[\]>⟩{},])
  | (?P<word>[A-Za-z0-9_'⊤⊥]+)
  | (?P<other>.)
""", re.VERBOSE)

_SPELLING = {"<->": "<->", "↔": "<->", "->": "->", "→": "->", "&": "&", "∧": "&", "and": "&",
             "|": "|", "∨": "|", "or": "|", "~": "~", "¬": "~", "not": "~", "⟨!": "<!", "⟩": ">"}
_AGENT_MODAL: dict[str, Callable[[Agent, Formula], Formula]] = {
    "K_": Knows, "M_": Possible, "◇_": Possible, "Kw_": KnowsWhether, "B_": Believes}
_GROUP_MODAL: dict[str, Callable[[frozenset[Agent], Formula], Formula]] = {
    "E_": Everybody, "C_": Common, "D_": Distributed}
_CONSTANTS = {"top": TOP, "true": TOP, "⊤": TOP, "bot": BOTTOM, "false": BOTTOM, "⊥": BOTTOM}


class _Token:
    """A token; ``text`` is its normal spelling, ``raw`` what was written."""

    __slots__ = ("kind", "text", "raw", "line", "column")

    def __init__(self, kind, text, line, column, raw=None):
        self.kind, self.text, self.line, self.column = kind, text, line, column
        self.raw = text if raw is None else raw

    def shown(self) -> str:
        return "the end" if self.kind == "end" else repr(self.raw)

    def word(self) -> str | None:
        """The word written, also when it spells an operator ("and", "or", "not")."""
        return self.raw if self.kind in ("word", "op") and BRACED_NAME.fullmatch(self.raw) else None


def _tokens(text: str) -> list[_Token]:
    out, line, start = [], 1, 0
    for m in _TOKEN.finditer(text):
        kind, value = m.lastgroup, m.group()
        column = m.start() - start + 1
        if kind == "space":
            for i, ch in enumerate(value):
                if ch == "\n":
                    line, start = line + 1, m.start() + i + 1
            continue
        if kind == "other":
            raise FormulaSyntaxError(f"unexpected character {value!r}", line, column)
        raw = value
        if kind == "op" or (kind == "word" and value in ("and", "or", "not")):
            value = _SPELLING.get(value, value)
            kind = "op"
        out.append(_Token(kind, value, line, column, raw))
    out.append(_Token("end", "", line, len(text) - start + 1))
    return out


class _Parser:
    def __init__(self, text: str):
        self.tokens = _tokens(text)
        self.i = 0

    def peek(self) -> _Token:
        return self.tokens[self.i]

    def take(self) -> _Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def at(self, *ops: str) -> bool:
        t = self.peek()
        return t.kind == "op" and t.text in ops

    def fail(self, message: str, token: _Token | None = None) -> NoReturn:
        token = token or self.peek()
        raise FormulaSyntaxError(message, token.line, token.column)

    def expect(self, op: str, what: str, opened: _Token | None = None) -> _Token:
        if not self.at(op):
            t = self.peek()
            where = f" to close the {opened.text!r} at column {opened.column}" if opened else ""
            if opened is not None and opened.line != t.line:
                where = f" to close the {opened.text!r} at line {opened.line}, column {opened.column}"
            self.fail(f"expected {what}{where}, found {t.shown()}")
        return self.take()

    # grammar ------------------------------------------------------------------
    def formula(self) -> Formula:
        left = self.implies()
        while self.at("<->"):
            self.take()
            left = Iff(left, self.implies())
        return left

    def implies(self) -> Formula:
        parts = [self.disjunction()]
        while self.at("->"):
            self.take()
            parts.append(self.disjunction())
        out = parts[-1]
        for part in reversed(parts[:-1]):
            out = Implies(part, out)
        return out

    def disjunction(self) -> Formula:
        left = self.conjunction()
        while self.at("|"):
            self.take()
            left = Or(left, self.conjunction())
        return left

    def conjunction(self) -> Formula:
        left = self.unary()
        while self.at("&"):
            self.take()
            left = And(left, self.unary())
        return left

    def unary(self) -> Formula:
        # prefixes are collected in a loop, so "~~~~p" costs no recursion
        prefixes: list[Callable[[Formula], Formula]] = []
        while True:
            t = self.peek()
            if t.kind == "op" and t.text == "~":
                self.take()
                prefixes.append(Not)
            elif t.kind == "modal":
                self.take()
                if t.text in _GROUP_MODAL:
                    prefixes.append(functools.partial(_GROUP_MODAL[t.text], self.group(t)))
                else:
                    prefixes.append(functools.partial(_AGENT_MODAL[t.text], self.agent(t)))
            elif t.kind == "op" and t.text in ("[!", "[?"):
                self.take()
                inner = self.formula()
                if self.at("]_"):
                    under = self.take()
                    group = self.group(under)
                    announce = AnnouncePrivately if t.text == "[!" else AnnounceWhether
                    prefixes.append(functools.partial(announce, group, inner))
                else:
                    self.expect("]", "']'", t)
                    if t.text == "[?":
                        self.fail("a '[?...]' announcement needs a group: write [?p]_{a,b}", self.tokens[self.i - 1])
                    prefixes.append(functools.partial(Announce, inner))
            elif t.kind == "op" and t.text == "<!":
                self.take()
                inner = self.formula()
                self.expect(">", "'>'", t)
                prefixes.append(functools.partial(AnnounceDiamond, inner))
            else:
                break
        out = self.primary()
        for make in reversed(prefixes):
            out = make(out)
        return out

    def primary(self) -> Formula:
        t = self.peek()
        if t.kind == "op" and t.text == "(":
            self.take()
            inside = self.formula()
            self.expect(")", "')'", t)
            return inside
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

    def agent(self, modal: _Token) -> Agent:
        (agent,) = self.names(modal, one=True)
        return agent

    def group(self, modal: _Token) -> frozenset[Agent]:
        return frozenset(self.names(modal, one=False))

    def names(self, modal: _Token, one: bool) -> list[Agent]:
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

    def braced_name(self) -> str:
        # a name like "B_1" lexes as an operator and a word: glue what touches
        first = self.peek()
        name, last = "", None
        while ((self.peek().kind == "modal" or self.peek().word())
               and (last is None or self.adjacent(last, self.peek()))):
            last = self.take()
            name += last.raw
        if not BRACED_NAME.fullmatch(name):
            self.fail(f"expected an agent name (letters, digits, underscores), found {first.shown()}", first)
        return name

    @staticmethod
    def adjacent(a: _Token, b: _Token) -> bool:
        return a.line == b.line and a.column + len(a.raw) == b.column


def parse_formula(text: str) -> Formula:
    """The formula written in ``text`` (see the module's grammar).

    Raises
    ------
    FormulaSyntaxError
        With the line and column of the first fault, or of the first
        character past :data:`MAX_LENGTH`.
    """
    instance_of(text, str, "a formula's text must be a string", type_name=True, error=FormulaError)
    if len(text) > MAX_LENGTH:
        line = text.count("\n", 0, MAX_LENGTH) + 1
        raise FormulaSyntaxError(f"the formula is longer than {MAX_LENGTH:,} characters, the most that is read",
                                 line, MAX_LENGTH - text.rfind("\n", 0, MAX_LENGTH))
    parser = _Parser(text)
    try:
        result = parser.formula()
    except RecursionError:
        raise FormulaSyntaxError("the formula is nested too deeply to read", 1, 1) from None
    t = parser.peek()
    if t.kind != "end":
        parser.fail(f"expected an operator or the end, found {t.shown()}")
    return result

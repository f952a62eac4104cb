"""The tokens of the text syntax of formulas (see :mod:`epistemic.syntax`).

The text is cut into operators, modal prefixes (``K_``, ``EB_``, ...,
and ``P_`` and ``C^`` of probabilities) and words, each with the line and
column (from 1) where it starts; spaces and line breaks between them are
dropped.  An operator is kept in its normal spelling (``∧`` and ``and``
are ``&``, ``≥`` is ``>=``) beside what was written, so that the parser
reads one spelling and its errors quote the other.  A number is words and
operators that touch: ``3/4`` is three tokens, ``0.75`` too.

Examples
--------
>>> [(t.kind, t.text, t.raw, t.column) for t in tokens("p ∧\\n K_a q", ValueError)]
[('word', 'p', 'p', 1), ('op', '&', '∧', 3), ('modal', 'K_', 'K_', 2), ('word', 'a', 'a', 4), ('word', 'q', 'q', 6), ('end', '', '', 7)]
>>> tokens("p $ q", lambda message, line, column: ValueError(f"{line}:{column}: {message}"))
Traceback (most recent call last):
...
ValueError: 1:3: unexpected character '$'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .formulas import BRACED_NAME

__all__ = ["Token", "tokens"]

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<modal>(?:Kw|K|M|◇|B|EB|CB|E|C|D|P)_|C\^)
  | (?P<op><->|->|\[!|\[\?|<!|⟨!|\]_|:=|>=|<=|[↔→&∧|∨~¬()\[\]>⟩{},:;+\-<=≥≤*/.])
  | (?P<word>[A-Za-z0-9_'⊤⊥]+)
  | (?P<other>.)
""", re.VERBOSE)

_SPELLING = {"<->": "<->", "↔": "<->", "->": "->", "→": "->", "&": "&", "∧": "&", "and": "&",
             "|": "|", "∨": "|", "or": "|", "~": "~", "¬": "~", "not": "~", "⟨!": "<!", "⟩": ">",
             "≥": ">=", "≤": "<="}


class Token:
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


def tokens(text: str, error: Callable[[str, int, int], Exception]) -> list[Token]:
    """The tokens of ``text``, ending in one of kind ``"end"``; a character no
    token starts with raises ``error(message, line, column)``."""
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
            raise error(f"unexpected character {value!r}", line, column)
        raw = value
        if kind == "op" or (kind == "word" and value in ("and", "or", "not")):
            value = _SPELLING.get(value, value)
            kind = "op"
        out.append(Token(kind, value, line, column, raw))
    out.append(Token("end", "", line, len(text) - start + 1))
    return out

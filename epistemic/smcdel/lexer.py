"""The words of SMCDEL's input language, with their places in the file.

SMCDEL's lexer takes, at each place, the longest word any of its rules
matches, and of two rules matching as much the one listed first; so ``K``
is the knowledge operator but ``Kate`` an agent, ``knows that`` one word but
``knows`` alone a name.  Spaces and comments (``--`` to the end of the
line) separate words.  Places count lines and columns from 1, a tab moving
to the next of every eighth column, as SMCDEL's do (:func:`place`).

Formulas nested more than :data:`MAX_NESTING` levels deep are refused as
the words are read, before any of them is built into a formula: a parser
that recurses would otherwise pay for every word of a deep nest first.

Examples
--------
>>> [(t.kind, t.text) for t in tokenize("alice knows that (1 & ~2) -- a comment")]
[('STR', 'alice'), ('knows that', 'knows that'), ('(', '('), ('INT', '1'), ('&', '&'), ('~', '~'), ('INT', '2'), (')', ')')]
>>> [t.kind for t in tokenize("Kw Kwa K TRUE? TRUE")]
['Kw', 'STR', 'K', 'TRUE?', 'STR']
>>> tokenize("1 + 2")
Traceback (most recent call last):
...
epistemic.smcdel.lexer.SmcdelError: line 1, column 3: SMCDEL has no word starting with '+'
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..model_json import ModelFileError

__all__ = ["Token", "SmcdelError", "tokenize", "place", "KEYWORDS", "TAB", "MAX_NESTING", "MAX_DIGITS"]

#: Columns between tab stops.
TAB = 8
#: Formulas nested deeper than this are refused: each level is a pair of parentheses or
#: brackets, or an operator written before its formula (``~``, ``i knows that``, ``K i``,
#: an announcement, ...), and costs the reader a few Python frames.
MAX_NESTING = 150
#: The most digits a number may have: SMCDEL reads one as a machine Int, at most 2**63 - 1.
MAX_DIGITS = 19


class SmcdelError(ModelFileError):
    """A fault in an SMCDEL file: one that SMCDEL would reject, or a construct
    it accepts and this reader cannot run, at a line and column."""

    def __init__(self, line: int, column: int, fault: str, source: str = ""):
        self.line, self.column = line, column
        super().__init__(f"line {line}, column {column}", fault, source)


class Token(NamedTuple):
    """A word: its kind (the keyword itself, or ``INT``, ``STR``), its text and place."""

    kind: str
    text: str
    line: int
    column: int


#: The keywords and punctuation, in SMCDEL's order, each with the kind of
#: token it makes (spellings of one operator share a kind).
KEYWORDS = (
    ("VARS", "VARS"), ("LAW", "LAW"), ("OBS", "OBS"), ("TRUE?", "TRUE?"), ("VALID?", "VALID?"),
    ("WHERE?", "WHERE?"), (":", ":"), (",", ","), ("(", "("), (")", ")"), ("[", "["), ("]", "]"),
    ("{", "{"), ("}", "}"), ("<", "<"), (">", ">"), ("!", "!"), ("?", "?"),
    ("Top", "Top"), ("Bot", "Bot"), ("~", "~"), ("¬", "~"), ("Not", "~"), ("not", "~"),
    ("&", "&"), ("∧", "&"), ("|", "|"), ("∨", "|"), ("->", "->"), ("→", "->"), ("iff", "iff"),
    ("AND", "AND"), ("OR", "OR"), ("XOR", "XOR"), ("ONEOF", "ONEOF"),
    ("ForAll", "Forall"), ("Forall", "Forall"), ("Exists", "Exists"), ("K", "K"), ("Kw", "Kw"),
    ("knows whether", "knows whether"), ("knows that", "knows that"),
    ("comknow whether", "comknow whether"), ("comknow that", "comknow that"),
    ("distknow whether", "distknow whether"), ("distknow that", "distknow that"),
)
# the longest keyword at a place: the alternatives longest first (a regex takes the first that matches)
_KEYWORD = re.compile("|".join(re.escape(w) for w, _ in sorted(KEYWORDS, key=lambda k: -len(k[0]))))
_KIND = dict(KEYWORDS)
# spaces and comments, skipped: SMCDEL's $white is these six characters
_SKIP = re.compile(r"(?:[ \t\n\f\v\r]+|--[^\n]*)+")
_NAME = re.compile(r"[0-9]+|[a-zA-Z][a-zA-Z0-9]*")


def _advance(line: int, column: int, text: str) -> tuple[int, int]:
    for c in text:
        if c == "\n":
            line, column = line + 1, 1
        elif c == "\t":
            column += TAB - (column - 1) % TAB
        else:
            column += 1
    return line, column


def place(text: str, index: int | None = None) -> tuple[int, int]:
    """The line and column of ``text[index]`` (``None``: just past the end of
    ``text``), a tab moving to the next tab stop, as every place in a file is told.

    >>> place("VARS 1\\tLAW\\t"), place("VARS 1\\tLAW\\t", 7)
    ((1, 17), (1, 9))
    """
    end = len(text) if index is None else index
    start = text.rfind("\n", 0, end) + 1
    return _advance(text.count("\n", 0, start) + 1, 1, text[start:end])


def tokenize(text: str) -> list[Token]:
    """The words of ``text``, each with its line and column.

    Raises
    ------
    SmcdelError
        At a character no word of the language starts with, at a number of
        more than :data:`MAX_DIGITS` digits or past SMCDEL's Int, and at the first
        word nested more than :data:`MAX_NESTING` levels deep (:class:`_Nesting`).
    """
    tokens: list[Token] = []
    nesting = _Nesting()
    i, line, column, n = 0, 1, 1, len(text)
    while i < n:
        skip = _SKIP.match(text, i)
        if skip:
            j = skip.end()
        else:
            keyword, name = _KEYWORD.match(text, i), _NAME.match(text, i)
            if keyword is None and name is None:
                raise SmcdelError(line, column, f"SMCDEL has no word starting with {text[i]!r}")
            # the longest match wins, a keyword over a name as long (SMCDEL lists its keywords first)
            if keyword is not None and (name is None or len(keyword.group()) >= len(name.group())):
                word, kind = keyword.group(), _KIND[keyword.group()]
            else:
                assert name is not None
                word = name.group()
                kind = "INT" if word[0].isdigit() else "STR"
                if kind == "INT" and (len(word) > MAX_DIGITS or int(word) > _MOST_INT):
                    raise SmcdelError(line, column, f"a number past SMCDEL's, which are at most {_MOST_INT:,} "
                                                    f"({MAX_DIGITS} digits), got {len(word):,} digits")
            token = Token(kind, word, line, column)
            nesting.read(token)
            tokens.append(token)
            j = i + len(word)
        if "\n" in text[i:j] or "\t" in text[i:j]:
            line, column = _advance(line, column, text[i:j])
        else:
            column += j - i
        i = j
    return tokens


_MOST_INT = 2 ** 63 - 1
_SHORT = frozenset({"~", "knows that", "knows whether", "comknow that", "comknow whether", "distknow that",
                    "distknow whether"})
_BINARY = frozenset({"&", "|", "->", "iff"})
_OPERAND = frozenset({"INT", "Top", "Bot"})
_START = frozenset({"VARS", "LAW", "OBS", "TRUE?", "VALID?", "WHERE?"})
# the words a formula may begin with, where the reader looks at how deep it is
_BEGINS = frozenset({"INT", "Top", "Bot", "(", "[", "<", "~", "STR", "K", "Kw", "Forall", "Exists", "AND", "OR",
                     "XOR", "ONEOF"})


class _Nesting:
    """How deeply the words read so far nest, counted as the reader of formulas
    (:class:`~epistemic.smcdel.grammar.FormulaReader`) counts its levels, or fewer
    where telling would take reading ahead, and looked at where the reader looks,
    at the words a formula begins with: so what is refused here the reader would
    refuse at the same word or before it, and a deep nest is refused once its
    first levels are read, not after the whole text.

    Each open parenthesis or bracket is a frame: the levels of its formula
    (and what they were at the opening, to go back to at a comma), and the
    operators pending before it, restored when it closes a group of agents,
    or with one more for an announcement, an operator on what follows.
    Within a frame, ``K``, ``Kw``, ``Forall`` and ``Exists`` add a level that
    lasts to the frame's end or a comma, for they take all to their right;
    the operators that take the next operand alone (``~``, ``knows that``, an
    announcement, a binary operator's right side) add one that lasts to that
    operand (``run``).  A formula ends with no agent's name, so a comma or a
    closing parenthesis after one is in a group of agents."""

    def __init__(self) -> None:
        self.frames: list[list] = [[1, 1, 0, ""]]   # [levels, levels at a comma, pending run, opening]
        self.run = 0
        self.quantified = False   # in the numbers after Forall or Exists
        self.after = ""           # the kind of the word before

    def read(self, token: Token) -> None:
        """Take ``token`` in, refusing it where it begins a formula deeper than :data:`MAX_NESTING`."""
        kind, frame, after = token.kind, self.frames[-1], self.after
        if self.quantified and (kind not in ("INT", ",") or kind == after == "INT"):
            frame[0] += self.run + 1   # the quantified formula begins, after its numbers
            self.run, self.quantified = 0, False
        # after "knows whether", "(" opens a list of formulas, and the operator is no level of its own
        level = frame[0] + self.run - (kind == "(" and after == "knows whether")
        # an agent's name after these is in a group or names the knower, not a formula's first word
        begins = kind in _BEGINS and not (kind == "STR" and after in (",", "K", "Kw", "[", "<", "("))
        if begins and not self.quantified and level > MAX_NESTING:
            raise SmcdelError(token.line, token.column, f"formulas nested more than {MAX_NESTING} deep are not read")
        if kind in _START:
            self.frames, self.run = [[1, 1, 0, ""]], 0
        elif kind == "(":
            self.frames.append([level + 1, level + 1, self.run, "("])
            self.run = 0
        elif kind in ("[", "<"):
            # the announced formula is a level deeper from its "!" on
            self.frames.append([level, level, self.run, kind])
            self.run = 0
        elif kind == "!" and frame[3] in ("[", "<"):
            frame[0] += 1
            frame[1] = frame[0]
        elif kind in (")", "]", ">"):
            if len(self.frames) > 1:
                closed = self.frames.pop()
                self.run = closed[2] + 1 if kind != ")" else closed[2] if after == "STR" else 0
        elif kind == ",":
            if not self.quantified and after != "STR":
                frame[0], self.run = frame[1], 0
        elif kind in _SHORT:
            self.run += 1
        elif kind in ("K", "Kw"):
            frame[0] += self.run + 1
            self.run = 0
        elif kind in ("Forall", "Exists"):
            self.quantified = True
        elif kind in _BINARY:
            self.run = 1
        elif kind in _OPERAND and not self.quantified:
            self.run = 0
        self.after = kind

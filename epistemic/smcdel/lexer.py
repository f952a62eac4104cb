"""The words of SMCDEL's input language, with their places in the file.

SMCDEL's lexer takes, at each place, the longest word any of its rules
matches, and of two rules matching as much the one listed first; so ``K``
is the knowledge operator but ``Kate`` an agent, ``knows that`` one word but
``knows`` alone a name.  Spaces and comments (``--`` to the end of the
line) separate words.  Places count lines and columns from 1, a tab moving
to the next of every eighth column, as SMCDEL's do.

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

__all__ = ["Token", "SmcdelError", "tokenize", "KEYWORDS", "TAB"]

#: Columns between tab stops.
TAB = 8


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


def tokenize(text: str) -> list[Token]:
    """The words of ``text``, each with its line and column.

    Raises
    ------
    SmcdelError
        At a character no word of the language starts with.
    """
    tokens: list[Token] = []
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
            tokens.append(Token(kind, word, line, column))
            j = i + len(word)
        if "\n" in text[i:j] or "\t" in text[i:j]:
            line, column = _advance(line, column, text[i:j])
        else:
            column += j - i
        i = j
    return tokens

"""The words of EPDDL and the parenthesised lists they make, with their places in the file.

A word is punctuation (``( ) [ ] < > - = /= |``), a variable (``?x``), a
keyword (``:effects``), a number, or a name; names may hold dashes
(``at-ag``), and ``C.`` and ``Kw.`` are the two modality words.  A
semicolon starts a comment that runs to the end of the line.  Every word
knows its file, line and column (counted from 1), so that a fault is told
as one line, ``FILE:LINE:COL: what is wrong``.

:func:`read_lists` groups the words into nested :class:`SList` values with
an explicit stack, so a file nested thousands of levels deep is read
without recursion.

Examples
--------
>>> [t.text for t in tokenize("([Kw. ?i] (muddy ?i)) ; a comment", "f.epddl")]
['(', '[', 'Kw.', '?i', ']', '(', 'muddy', '?i', ')', ')']
>>> top = read_lists("(define (domain d))", "d.epddl")
>>> top[0].items[1].items[1].text
'd'
>>> read_lists("(define (domain d)", "d.epddl")
Traceback (most recent call last):
...
epistemic.epddl.lexer.EpddlError: d.epddl:1:1: this parenthesis is never closed
"""

from __future__ import annotations

import re
from typing import NamedTuple, Union

from ..errors import EpistemicError

__all__ = ["EpddlError", "EpddlWarning", "Token", "SList", "tokenize", "read_lists", "fault"]


class EpddlError(EpistemicError):
    """A fault in an EPDDL file, told as ``FILE:LINE:COL: what is wrong``."""


class EpddlWarning(UserWarning):
    """Something EPDDL allows but flags, such as a requirement used and not declared."""


class Token(NamedTuple):
    """A word: its kind, its text and its place."""

    kind: str
    text: str
    file: str
    line: int
    column: int

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class SList(NamedTuple):
    """A parenthesised list: its items (words and lists) and its opening parenthesis."""

    items: tuple[Union[Token, "SList"], ...]
    open: Token

    @property
    def where(self) -> str:
        return self.open.where


def fault(at: Token | SList, message: str) -> EpddlError:
    """The error for a fault at ``at`` (a word or a list)."""
    return EpddlError(f"{at.where}: {message}")


_WORD = re.compile(r"""
    (?P<space>[ \t\r\n\f\v]+|;[^\n]*)
  | (?P<punct>/=|[()\[\]<>=|])
  | (?P<modality>(?:C|Kw)\.)
  | (?P<variable>\?[A-Za-z_][A-Za-z0-9_'\-]*)
  | (?P<keyword>:[A-Za-z][A-Za-z0-9_\-]*)
  | (?P<number>[0-9]+(?![A-Za-z_]))
  | (?P<name>[A-Za-z_][A-Za-z0-9_'\-]*)
  | (?P<dash>-)
""", re.VERBOSE)


def tokenize(text: str, path: str = "<string>") -> list[Token]:
    """The words of ``text``, each with ``path``, its line and its column.

    Raises
    ------
    EpddlError
        At a character no word starts with.
    """
    tokens: list[Token] = []
    i, line, line_start, n = 0, 1, 0, len(text)
    while i < n:
        match = _WORD.match(text, i)
        if match is None:
            raise EpddlError(f"{path}:{line}:{i - line_start + 1}: no EPDDL word starts with {text[i]!r}")
        kind = match.lastgroup or ""
        word = match.group()
        if kind == "space":
            newlines = word.count("\n")
            if newlines:
                line += newlines
                line_start = i + word.rindex("\n") + 1
        else:
            if kind == "punct" or kind == "dash":
                kind = word
            tokens.append(Token(kind, word, path, line, i - line_start + 1))
        i = match.end()
    return tokens


def read_lists(text: str, path: str = "<string>") -> tuple[Token | SList, ...]:
    """The top-level items of ``text``: its parenthesised lists, nested, and any loose words.

    Raises
    ------
    EpddlError
        At a parenthesis never closed or a closing one that closes nothing.
    """
    stack: list[tuple[Token | None, list]] = [(None, [])]
    for token in tokenize(text, path):
        if token.kind == "(":
            stack.append((token, []))
        elif token.kind == ")":
            if len(stack) == 1:
                raise fault(token, "this parenthesis closes nothing")
            opening, items = stack.pop()
            assert opening is not None
            stack[-1][1].append(SList(tuple(items), opening))
        else:
            stack[-1][1].append(token)
    if len(stack) > 1:
        opening = stack[-1][0]
        assert opening is not None
        raise fault(opening, "this parenthesis is never closed")
    return tuple(stack[0][1])

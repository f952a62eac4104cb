"""Games written for other tools: Gambit's extensive-form files (``.efg``).

:func:`to_efg` writes any :class:`~epistemic.extensive.ExtensiveGame`, or
any game that makes one (``game.extensive_form()``), in the text format of
Gambit 16: players, chance nodes with exact probabilities, information
sets, and outcomes named as the game names them.  The tree's size is
counted, and a tree past the limit refused, before a line is written.

Examples
--------
>>> from epistemic.extensive import PerfectInformation
>>> from epistemic import BackwardInduction
>>> class Ultimatum:             # p1 offers 0 or 1 of 2 coins; p2 takes or leaves it
...     def mover(self, state):
...         return {(): 0, (0,): 1, (1,): 1}.get(state)
...     def moves(self, state):
...         return [(o, (o,)) for o in (1, 0)] if state == () else [("take", state + ("take",)),
...                                                                  ("leave", state + ("leave",))]
...     def payoffs(self, state):
...         return (2 - state[0], state[0]) if state[1] == "take" else (0, 0)
>>> game = Ultimatum()
>>> tree = PerfectInformation(game, (), BackwardInduction(game), players=("p1", "p2"), title="Ultimatum")
>>> print(to_efg(tree))
EFG 2 R "Ultimatum" { "p1" "p2" }
""
<BLANKLINE>
p "" 1 1 "p1 at the start" { "1" "0" } 0
p "" 2 1 "p2 after 1" { "take" "leave" } 0
t "" 1 "p1 1, p2 1" { 1, 1 }
t "" 2 "p1 0, p2 0" { 0, 0 }
p "" 2 2 "p2 after 0" { "take" "leave" } 0
t "" 3 "p1 2, p2 0" { 2, 0 }
t "" 2 "p1 0, p2 0" { 0, 0 }
<BLANKLINE>
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from .errors import EpistemicError
from .extensive import CHANCE, MAX_NODES, ExtensiveGame, check_size
from .files import write_bytes

__all__ = ["to_efg", "write_efg", "extensive_form", "efg_label", "label_from_efg", "ExportError"]


class ExportError(EpistemicError):
    """A game cannot be written in the format asked for."""


def extensive_form(game: Any) -> ExtensiveGame:
    """``game`` as an :class:`~epistemic.extensive.ExtensiveGame`: itself, or what its ``extensive_form()`` makes."""
    if isinstance(game, ExtensiveGame):
        return game
    make = getattr(game, "extensive_form", None)
    if make is None:
        raise ExportError(f"{type(game).__name__} has no extensive form to export")
    made = make()
    if not isinstance(made, ExtensiveGame):
        raise ExportError(f"{type(game).__name__}.extensive_form() made no extensive game")
    return made


def to_efg(game: Any, *, limit: int = MAX_NODES, comment: str = "", root: Any = None,
           progress: Callable[[int, int], None] | None = None, nodes: int | None = None) -> str:
    """The game in Gambit's extensive-form format (``EFG 2 R``), as text.

    Parameters
    ----------
    game : ExtensiveGame, or a game with ``extensive_form()``
    limit : int
        The most nodes the tree may have; a larger one raises
        :class:`~epistemic.extensive.TreeTooLarge` before it is built.
    comment : str
        The file's comment line.
    root : node, optional
        Write only the subtree below this node of the game (a subgame), not the whole tree.
    progress : callable, optional
        ``progress(nodes written, nodes)``, every 10,000 nodes.
    nodes : int, optional
        The tree's size, where it was counted (and found within ``limit``) already.

    Notes
    -----
    Information sets are numbered per player in the order they are met,
    chance nodes each have their own, and ends with the same label and
    payoffs share one outcome.  Numbers are written exactly: whole numbers
    as they are, fractions as ``p/q``.  Names are written as Gambit reads
    them, by :func:`efg_label`: the file is ASCII.
    """
    tree = extensive_form(game)
    start = tree.root() if root is None else root
    if nodes is None:
        nodes = check_size(tree, limit, root=start)
    written = 0
    n = len(tree.players)
    lines = [f'EFG 2 R {_quoted(tree.title, kept_empty=True)} {{ {" ".join(_quoted(p) for p in tree.players)} }}',
             _quoted(comment, kept_empty=True), ""]
    infosets: list[dict[Hashable, tuple[int, tuple[str, ...]]]] = [{} for _ in range(n)]
    chance_sets = 0
    outcomes: dict[tuple[str, tuple], int] = {}
    label = getattr(tree, "outcome", None)
    # depth first on an explicit stack, children in their order: the order Gambit reads them in
    stack = [start]
    while stack:
        node = stack.pop()
        written += 1
        if progress is not None and written % 10_000 == 0:
            progress(written, nodes)
        mover = tree.turn(node)
        if mover is None:
            payoffs = tuple(tree.payoffs(node))
            if len(payoffs) != n:
                raise ExportError(f"an end of {tree.title} has payoffs for {len(payoffs)} players, not {n}")
            name = label(node) if label is not None else ", ".join(_number(v) for v in payoffs)
            number = outcomes.setdefault((name, payoffs), len(outcomes) + 1)
            lines.append(f't "" {number} {_quoted(name)} {{ {", ".join(_number(v) for v in payoffs)} }}')
            continue
        moves = list(tree.moves(node))
        labels = tuple(m for m, _ in moves)
        if mover == CHANCE:
            chance_sets += 1
            odds = list(tree.chances(node))
            if len(odds) != len(moves) or sum(odds) != 1 or any(p < 0 for p in odds):
                raise ExportError(f"a chance node of {tree.title} has probabilities {odds} for {len(moves)} moves")
            listed = " ".join(f"{_quoted(m)} {_number(p)}" for m, p in zip(labels, odds))
            lines.append(f'c "" {chance_sets} "" {{ {listed} }} 0')
        else:
            known = tree.information(node, mover)
            sets = infosets[mover]
            number, first = sets.setdefault(known, (len(sets) + 1, labels))
            if first != labels:
                raise ExportError(f"{tree.players[mover]} cannot tell apart two nodes of {tree.title} "
                                  f"with different moves: {list(first)} and {list(labels)}")
            lines.append(f'p "" {mover + 1} {number} {_quoted(_infoset_name(tree, known, mover), kept_empty=True)} '
                         f'{{ {" ".join(_quoted(m) for m in labels)} }} 0')
        stack.extend(child for _, child in reversed(moves))
    return "\n".join(lines) + "\n"


def write_efg(game: Any, path: str | os.PathLike, *, limit: int = MAX_NODES, comment: str = "",
              progress: Callable[[int, int], None] | None = None, nodes: int | None = None) -> int:
    """Write :func:`to_efg` to ``path``, all or nothing; returns the bytes written."""
    text = to_efg(game, limit=limit, comment=comment, progress=progress, nodes=nodes)
    return write_bytes(text.encode("utf-8"), path)


def _infoset_name(tree: ExtensiveGame, known: Hashable, mover: int) -> str:
    name = getattr(tree, "infoset_name", None)
    if name is not None:
        return str(name(known, mover))
    if isinstance(known, tuple) and all(isinstance(k, (str, int)) for k in known):
        return f"{tree.players[mover]} " + ("at the start" if not known else "after " + " ".join(map(str, known)))
    return f"{tree.players[mover]} knowing {known}"


def efg_label(text: str) -> str:
    r"""``text`` as a label Gambit reads: printable ASCII, and a single space between words.

    Gambit 16.7 refuses a file with a label of any other character, or one
    that starts or ends with a space or has two in a row, and renames an empty
    label (``_1``).  So what it cannot hold is written with Python's escapes,
    which :func:`label_from_efg` reads back:

    - a character outside printable ASCII as ``\xeb``, ``\u2019`` or
      ``\U0001f600`` (``Zoë`` is ``Zo\xeb``), a tab or a line break as
      ``\t`` or ``\n``;
    - a backslash as ``\x5c`` (Gambit reads one before a quote as an
      escape, and two in a row as three);
    - a space at either end, or after another space, as ``\x20``;
    - the empty label as ``""``, and the label ``""`` itself as ``\x22\x22``.

    A double quote stays as it is (in the file it is written ``\"``).

    Examples
    --------
    >>> print(efg_label("Zoë"), efg_label(" two  spaces "), efg_label(""), efg_label("C:\\games"))
    Zo\xeb \x20two \x20spaces\x20 "" C:\x5cgames
    >>> label_from_efg(efg_label(" two  spaces ")) == " two  spaces "
    True
    """
    text = str(text)
    if text in ("", '""'):
        return '""' if not text else "\\x22\\x22"
    if (text.isascii() and text.isprintable() and "\\" not in text and "  " not in text
            and text[0] != " " and text[-1] != " "):
        return text   # most labels: a tree names millions of nodes with them
    written = []
    for i, c in enumerate(text):
        if c == " ":
            edge = i in (0, len(text) - 1) or text[i - 1] == " "
            written.append("\\x20" if edge else " ")
        elif c == "\\":
            written.append("\\x5c")
        elif "!" <= c <= "~":
            written.append(c)
        else:
            written.append(c.encode("unicode_escape").decode("ascii"))
    return "".join(written)


def label_from_efg(label: str) -> str:
    """The name that :func:`efg_label` wrote as ``label``, read from Gambit (``player.label``).

    Raises
    ------
    ValueError
        For a label that :func:`efg_label` does not write: not ASCII, or with a
        backslash that starts no escape.
    """
    if label == '""':
        return ""
    try:
        return label.encode("ascii").decode("unicode_escape")
    except UnicodeError:
        raise ValueError(f"{label!r} is no label written by efg_label") from None


def _quoted(text: str, kept_empty: bool = False) -> str:
    """A name in double quotes, as Gambit reads it (:func:`efg_label`), a double quote inside
    escaped with a backslash; with ``kept_empty``, a name Gambit keeps empty (a title, a
    comment, an information set's name) is written empty."""
    if kept_empty and not str(text):
        return '""'
    return '"' + efg_label(text).replace('"', '\\"') + '"'


def _number(value: Any) -> str:
    if isinstance(value, bool):
        raise ExportError(f"a payoff is a number, got {value!r}")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, float):
        return repr(value)
    raise ExportError(f"a payoff is a whole number, a fraction or a float, got {value!r}")

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

__all__ = ["to_efg", "write_efg", "extensive_form", "ExportError"]


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
    as they are, fractions as ``p/q``.
    """
    tree = extensive_form(game)
    start = tree.root() if root is None else root
    if nodes is None:
        nodes = check_size(tree, limit, root=start)
    written = 0
    n = len(tree.players)
    lines = [f'EFG 2 R {_quoted(tree.title)} {{ {" ".join(_quoted(p) for p in tree.players)} }}', _quoted(comment), ""]
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
            lines.append(f'p "" {mover + 1} {number} {_quoted(_infoset_name(tree, known, mover))} '
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


def _quoted(text: str) -> str:
    """A label in double quotes, as Gambit reads one: a double quote inside is escaped with a
    backslash, and a backslash stays as it is (Gambit reads it so), except at the end, where it
    would escape the closing quote and is written as a slash."""
    said = str(text).replace('"', '\\"')
    if said.endswith("\\") and not said.endswith('\\"'):
        said = said[:-1] + "/"
    return '"' + said + '"'


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

"""Runs of pirates: a value per pirate written as runs of evenly spaced ranks.

The compact JSON of a game writes what every living pirate is offered,
expects and votes as runs such as ``"p3, p5, ..., p199": 1``: the pirates
``p3, p5, ..., p199`` each get one coin.  A round of ten thousand voters
then takes a few runs instead of ten thousand objects.

A column is first cut into *pieces*, ``(first, last, value)`` for
consecutive ranks that share a value, then the pieces of each value are
joined into arithmetic progressions of ranks.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from epistemic.errors import EpistemicError

from .division import Division, pirate_name

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Piece", "division_pieces", "array_pieces", "merge_pieces", "runs_of", "rank_runs_text", "run_ranks",
           "expand_runs"]

V = TypeVar("V", bound=Hashable)
#: Consecutive ranks ``first`` to ``last`` that share ``value``.
Piece = tuple[int, int, Any]


def division_pieces(d: Division, lo: int, hi: int) -> list[Piece]:
    """The shares of ``d`` of pirates ``lo`` to ``hi`` as pieces; a division
    stores only positive shares, so the pieces are as many as those.

    >>> division_pieces(Division.from_row(1, 5, [1, 0, 1, 0, 1]), 2, 5)
    [(2, 2, 0), (3, 3, 1), (4, 4, 0), (5, 5, 1)]
    """
    start = bisect_left(d.ranks, lo)
    if start == len(d.ranks) or d.ranks[start] > hi:
        return [(lo, hi, 0)]
    # what comes from the first paid pirate on is shared by the rounds that offer alike
    head = [(lo, d.ranks[start] - 1, 0)] if d.ranks[start] > lo else []
    return head + list(_pieces_from(d.ranks, d.amounts, start, hi))


@functools.lru_cache(maxsize=256)
def _pieces_from(ranks: tuple[int, ...], amounts: tuple[int, ...], start: int, hi: int) -> tuple[Piece, ...]:
    """Pieces of the shares from ``ranks[start]``, a paid pirate, to ``hi``."""
    pieces: list[Piece] = []
    at = ranks[start]
    for rank, coins in zip(ranks[start:], amounts[start:]):
        if rank > hi:
            break
        if rank > at:
            pieces.append((at, rank - 1, 0))
        pieces.append((rank, rank, coins))
        at = rank + 1
    if at <= hi:
        pieces.append((at, hi, 0))
    return tuple(pieces)


def array_pieces(first: int, values: np.ndarray) -> list[Piece]:
    """Pieces of ``values[i]``, the value of rank ``first + i``.

    >>> import numpy as np
    >>> array_pieces(3, np.array([0, 0, 1, 1, 0]))
    [(3, 4, 0), (5, 6, 1), (7, 7, 0)]
    """
    import numpy as np  # here: its caller holds numpy arrays, a plain report none

    if not len(values):
        return []
    starts = np.flatnonzero(values[1:] != values[:-1]) + 1
    lows = [0, *starts.tolist()]
    highs = [*(starts - 1).tolist(), len(values) - 1]
    return [(first + a, first + b, values[a].item()) for a, b in zip(lows, highs)]


def merge_pieces(left: Sequence[Piece], right: Sequence[Piece], combine: Callable[[Any, Any], Hashable]) -> list[Piece]:
    """Pieces of ``combine(x, y)`` where ``left`` says ``x`` and ``right`` says ``y``
    (both cover the same ranks).

    >>> merge_pieces([(1, 4, 2)], [(1, 1, 0), (2, 4, 5)], lambda x, y: x > y)
    [(1, 1, True), (2, 4, False)]
    """
    out: list[Piece] = []
    i = j = 0
    while i < len(left) and j < len(right):
        a = max(left[i][0], right[j][0])
        b = min(left[i][1], right[j][1])
        value = combine(left[i][2], right[j][2])
        if out and out[-1][2] == value and out[-1][1] == a - 1:
            out[-1] = (out[-1][0], b, value)
        else:
            out.append((a, b, value))
        if left[i][1] == b:
            i += 1
        if right[j][1] == b:
            j += 1
    return out


def _progressions(pieces: Iterable[Piece]) -> list[tuple[int, int, int, Hashable]]:
    """``(first, step, last, value)`` progressions that cover the pieces:
    lone ranks of a value join while they are evenly spaced."""
    joined: list[Piece] = []
    for a, b, v in pieces:  # neighbours of one value are one piece
        if joined and joined[-1][2] == v and joined[-1][1] == a - 1:
            joined[-1] = (joined[-1][0], b, v)
        else:
            joined.append((a, b, v))
    done: list[tuple[int, int, int, Hashable]] = []
    open_: dict[Hashable, list[int]] = {}  # value -> [first, step, last] of its growing progression
    for a, b, v in joined:
        run = open_.get(v)
        if a == b and run is not None and (run[1] == 0 or a - run[2] == run[1]):
            run[1], run[2] = a - run[2] if run[1] == 0 else run[1], a
            continue
        if run is not None:
            done.append((run[0], max(run[1], 1), run[2], v))
            del open_[v]
        if a == b:
            open_[v] = [a, 0, a]
        else:
            done.append((a, 1, b, v))
    done.extend((run[0], max(run[1], 1), run[2], v) for v, run in open_.items())
    done.sort(key=lambda p: p[0])
    return done


def _text(first: int, step: int, last: int) -> str:
    if first == last:
        return pirate_name(first)
    if step == 1:
        return f"{pirate_name(first)}-{pirate_name(last)}"
    if last - first <= 2 * step:  # two or three pirates are named in full
        return ", ".join(pirate_name(r) for r in range(first, last + 1, step))
    return f"{pirate_name(first)}, {pirate_name(first + step)}, ..., {pirate_name(last)}"


def runs_of(pieces: Iterable[Piece]) -> dict[str, Hashable]:
    """The pieces as runs ``{pirates: value}``, the runs in the order of their
    first pirates.

    >>> runs_of(division_pieces(Division.from_row(1, 7, [1, 0, 1, 0, 1, 0, 0]), 1, 7))
    {'p1-p2': 0, 'p3, p5, p7': 1, 'p4, p6': 0}
    """
    pieces = list(pieces)
    head = 1  # the first piece, joined with its neighbours of its value
    while head < len(pieces) and pieces[head][2] == pieces[0][2] and pieces[head][0] == pieces[head - 1][1] + 1:
        head += 1
    if head < len(pieces) and pieces[head - 1][1] > pieces[0][0]:
        # a first run of two pirates or more joins no progression: what follows is written as
        # it would be on its own, and is shared by the rounds that differ only in that first run
        # (those of proposers who drown one after another, say)
        first, last, value = pieces[0][0], pieces[head - 1][1], pieces[0][2]
        return {_text(first, 1, last): value, **_tail_runs(tuple(pieces[head:]))}
    return _runs(pieces)


def _runs(pieces: Iterable[Piece]) -> dict[str, Hashable]:
    return {_text(a, step, b): v for a, step, b, v in _progressions(pieces)}


@functools.lru_cache(maxsize=256)
def _tail_runs(pieces: tuple[Piece, ...]) -> dict[str, Hashable]:
    return _runs(pieces)


def rank_runs_text(ranks: Iterable[int]) -> list[str]:
    """Sorted ranks as runs of evenly spaced pirates.

    >>> rank_runs_text([1, 2, 3, 7, 9, 11])
    ['p1-p3', 'p7, p9, p11']
    >>> rank_runs_text(range(4, 100_001))
    ['p4-p100000']
    """
    if isinstance(ranks, range) and ranks.step == 1:
        # every living pirate of a round: one run, named without a look at each pirate
        return [_text(ranks.start, 1, ranks.stop - 1)] if ranks else []
    pieces: list[Piece] = []
    for r in sorted(ranks):
        if pieces and pieces[-1][1] == r - 1:
            pieces[-1] = (pieces[-1][0], r, True)
        else:
            pieces.append((r, r, True))
    return [_text(a, step, b) for a, step, b, _ in _progressions(pieces)]


_NAME = re.compile(r"p([1-9][0-9]*)")


def run_ranks(text: str) -> range:
    """The ranks a run names.

    >>> list(run_ranks("p3, p5, ..., p11")), list(run_ranks("p2-p4")), list(run_ranks("p7, p9, p11"))
    ([3, 5, 7, 9, 11], [2, 3, 4], [7, 9, 11])
    """
    dashed = "-" in text
    names = text.split("-") if dashed else text.split(", ")
    elided = len(names) == 4 and names[2] == "..."
    if elided:
        del names[2]
    matched = [_NAME.fullmatch(name) for name in names]
    ranks = [int(m.group(1)) for m in matched if m is not None]
    if len(ranks) != len(names) or len(ranks) > 3 or ranks != sorted(set(ranks)) or (dashed and len(ranks) != 2):
        raise EpistemicError(f"not a run of pirates: {text!r}")
    if dashed:
        return range(ranks[0], ranks[1] + 1)
    step = ranks[1] - ranks[0] if len(ranks) > 1 else 1
    if len(ranks) == 3 and ((ranks[2] - ranks[0]) % step if elided else ranks[2] - ranks[1] != step):
        raise EpistemicError(f"not a run of pirates: {text!r}")
    return range(ranks[0], ranks[-1] + 1, step)


def expand_runs(runs: dict[str, V]) -> dict[int, V]:
    """``{rank: value}`` of every pirate the runs name.

    >>> expand_runs({"p1-p2": 0, "p3, p5, p7": 1, "p4, p6": 0})
    {1: 0, 2: 0, 3: 1, 5: 1, 7: 1, 4: 0, 6: 0}
    """
    return {rank: value for text, value in runs.items() for rank in run_ranks(text)}

"""The continuous game: tokens anywhere on the line, approached on finer and finer grids.

The game is solved on grids of step ``1/g`` for ``g`` = 1, 2, 4, ... (a
line only).  On each grid, each player's *optimal set* is every place as
good for her as the one taken, at her turn on the optimal play; its runs of
neighbouring places are intervals.  Two successive grids tell each end of
an interval: an end that stays put is a closed end there; an end that moves
outward by half the coarser step is one grid step inside an open end (as
the grid halves again, it moves by half as much, and so on toward a limit
one step beyond it).  The answer is *stable* once two successive pairs of
grids give the same intervals and the same payoffs.

Tokens may also go up to ``margin`` units beyond the end stacks, so that a
place off the stacks' span is weighed rather than assumed no better: an
interval that reaches the grid's edge is marked so.

Examples
--------
The seed: "Ariel 5, Beatrice 9, Cassandra anywhere in (7, 8]"; p3's whole
optimal set is (7, 9), which holds the seed's (7, 8]: from (8, 9) too she
claims stacks 7 and 8.

>>> from epistemic.models.numberline import NumberLine
>>> answer = continuous(range(1, 11), 3)
>>> [", ".join(map(str, sets)) for sets in answer.sets], answer.grid, answer.stable
(['5', '9', '(7, 9)'], 4, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import attrs

from .game import MAX_STATES, NumberLine, NumberLineError
from .solve import number, solve

__all__ = ["Interval", "Continuous", "continuous", "MAX_GRID"]

#: The finest grid (places per unit) the refinement may reach.
MAX_GRID = 64


@attrs.frozen
class Interval:
    """An interval of the line, each end closed or open.

    >>> str(Interval(Fraction(7), Fraction(8), low_open=True)), str(Interval(Fraction(5), Fraction(5)))
    ('(7, 8]', '5')
    """

    low: Fraction
    high: Fraction
    low_open: bool = False
    high_open: bool = False
    at_edge: bool = False

    def __str__(self) -> str:
        if self.low == self.high and not (self.low_open or self.high_open):
            return number(self.low)
        return (f"{'(' if self.low_open else '['}{number(self.low)}, {number(self.high)}"
                f"{')' if self.high_open else ']'}")


@attrs.frozen
class Continuous:
    """The continuous game's answer.

    Attributes
    ----------
    sets : for each player, her optimal set on the optimal play, as intervals.
    payoffs : what each player gets.
    grid : the finest grid solved (places per unit).
    stable : whether two successive pairs of grids agreed; if not, ``sets``
        are the runs of places of the finest grid solved, as closed intervals.
    why_not : why the refinement stopped unstable, or ``""``.
    """

    sets: tuple[tuple[Interval, ...], ...]
    payoffs: tuple[Fraction, ...]
    grid: int
    stable: bool
    why_not: str = ""


def _runs(game: NumberLine, places: Iterable[int]) -> list[tuple[int, int]]:
    """Runs of neighbouring places, as ``(first, last)``."""
    runs: list[list[int]] = []
    for p in sorted(places):
        if runs and runs[-1][1] == p - 1:
            runs[-1][1] = p
        else:
            runs.append([p, p])
    return [(a, b) for a, b in runs]


def _end(coarse: Fraction, fine: Fraction, step: Fraction, outward: int) -> tuple[Fraction, bool] | None:
    """The limit of one end from a coarse grid to the next: ``(where, open)``, or ``None``
    where the two grids do not tell it.  ``step`` is the finer grid's, ``outward``
    -1 for a lower end, +1 for an upper one."""
    if fine == coarse:
        return coarse, False
    if fine == coarse + outward * step:
        return fine + outward * step, True
    return None


def _infer(coarse: NumberLine, fine: NumberLine, coarse_sets, fine_sets) -> tuple[tuple[Interval, ...], ...] | None:
    """Each player's intervals told by two successive grids, or ``None``."""
    step = Fraction(1, fine.grid)
    edges = (fine.position(0), fine.position(fine.places - 1))
    told = []
    for one, two in zip(coarse_sets, fine_sets):
        a, b = _runs(coarse, one), _runs(fine, two)
        if len(a) != len(b):
            return None
        intervals = []
        for (lo1, hi1), (lo2, hi2) in zip(a, b):
            low = _end(Fraction(coarse.position(lo1)), Fraction(fine.position(lo2)), step, -1)
            high = _end(Fraction(coarse.position(hi1)), Fraction(fine.position(hi2)), step, +1)
            if low is None or high is None:
                return None
            at_edge = fine.position(lo2) == edges[0] or fine.position(hi2) == edges[1]
            intervals.append(Interval(low[0], high[0], low[1], high[1], at_edge))
        told.append(tuple(intervals))
    return tuple(told)


def continuous(values: Iterable[Any], players: int, *, ties: str = "lowest", margin: int = 1,
               max_grid: int = MAX_GRID, max_states: int = MAX_STATES,
               progress: Callable[[int], None] | None = None) -> Continuous:
    """Solve the game with tokens anywhere on the line, refining the grid until stable.

    The grid doubles from 1 up to ``max_grid`` (a power of 2); a grid with
    more than ``max_states`` states is not solved, and the refinement stops
    there, unstable.  ``progress(states)`` is passed to each solve.
    """
    base = NumberLine(values, players, ties=ties, margin=margin)
    if max_grid < 1 or max_grid & (max_grid - 1) or max_grid > MAX_GRID:
        raise NumberLineError(f"the finest grid must be a power of 2 from 1 to {MAX_GRID}, got {max_grid}")
    why = base.too_large(max_states)
    if why:
        raise NumberLineError(f"{why}: ask for fewer players or stacks")
    solved: list[tuple[NumberLine, Any, tuple]] = []
    told: list[Any] = []
    grid, why_not = 1, ""
    while True:
        game = attrs.evolve(base, grid=grid)
        why = game.too_large(max_states)
        if why:
            why_not = f"on the grid of step 1/{grid}, {why}"
            break
        solution = solve(game, progress=progress, max_states=max_states)
        sets = tuple(tuple(game.place(x) for x in tied) for tied in solution.tied)
        solved.append((game, solution, sets))
        if len(solved) > 1:
            (g1, s1, sets1), (g2, s2, sets2) = solved[-2:]
            found = _infer(g1, g2, sets1, sets2)
            told.append(None if found is None or s1.payoffs != s2.payoffs else found)
            if len(told) > 1 and told[-1] is not None and told[-1] == told[-2]:
                return Continuous(told[-1], s2.payoffs, grid, True)
        if grid * 2 > max_grid:
            why_not = f"the answer did not settle by the grid of step 1/{grid}"
            break
        grid *= 2
    game, solution, sets = solved[-1]
    last = tuple(tuple(Interval(Fraction(game.position(a)), Fraction(game.position(b))) for a, b in _runs(game, one))
                 for one in sets)
    return Continuous(last, solution.payoffs, game.grid, False, why_not)

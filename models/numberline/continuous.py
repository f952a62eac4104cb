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

>>> answer = continuous(range(1, 11), 3)
>>> [", ".join(map(str, sets)) for sets in answer.sets], answer.grid, answer.stable
(['5', '9', '(7, 9)'], 4, True)

The point each player takes is the lowest of her optimal set (the tie rule
``"lowest"``): (7, 9) has none, so p3 goes as near 7 as the grid lets her,
just above it.

>>> [str(point) for point in answer.placed]
['5', '9', 'just above 7']

Only stacks of value 0 or more are taken: with a negative stack a token
could gain by going far off the line, beyond the places weighed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import attrs

from epistemic.validators import whole_number

from .game import MAX_STATES, NumberLine, NumberLineError, counted
from .solve import number, solve

__all__ = ["Interval", "Point", "Continuous", "continuous", "MAX_GRID"]

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
class Point:
    """The point a token is placed at: ``at`` itself, or (``side`` +1 or -1) as near
    ``at`` as the grid allows, just above or just below it, where ``at`` is the
    open end of an optimal set and so is not in it.

    >>> str(Point(Fraction(6))), str(Point(Fraction(7), side=1)), str(Point(Fraction(8), side=-1))
    ('6', 'just above 7', 'just below 8')
    """

    at: Fraction
    side: int = 0

    def __str__(self) -> str:
        return number(self.at) if not self.side else f"just {'above' if self.side > 0 else 'below'} {number(self.at)}"


@attrs.frozen
class Continuous:
    """The continuous game's answer.

    Attributes
    ----------
    sets : for each player, her optimal set on the optimal play, as intervals:
        every point as good for her as the one she takes, given the points
        taken before her.
    placed : the point each player takes, by the tie rule: the lowest of her
        set (or the highest); a later player's set is for the earlier ones
        at these points.
    payoffs : what each player gets.
    grid : the finest grid solved (places per unit).
    stable : whether two successive pairs of grids agreed; if not, ``sets``
        are the runs of places of the finest grid solved, as closed intervals.
    why_not : why the refinement stopped unstable, or ``""``.
    """

    sets: tuple[tuple[Interval, ...], ...]
    placed: tuple[Point, ...]
    payoffs: tuple[Fraction, ...]
    grid: int
    stable: bool
    why_not: str = ""


def step(grid: int) -> str:
    """The step of a grid of ``grid`` places per unit, as text: ``1``, ``1/2``, ..."""
    return "1" if grid == 1 else f"1/{grid}"


def _taken(sets: tuple[Interval, ...], ties: str) -> Point:
    """The point the tie rule takes in ``sets``: the lowest end, or the highest."""
    if ties == "lowest":
        first = sets[0]
        return Point(first.low, 1 if first.low_open else 0)
    last = sets[-1]
    return Point(last.high, -1 if last.high_open else 0)


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
    whole_number(players, "the number of players", at_least=2, error=NumberLineError)
    base = NumberLine(values, 2, ties=ties, margin=margin)
    negative = [v for v in base.values if v < 0]
    if negative:
        raise NumberLineError(f"the continuous game takes no negative stacks, got {number(negative[0])}: a token "
                              f"could gain by going far off the line, beyond the places weighed")
    if players > base.places:
        raise NumberLineError(f"{players} players cannot each take one of the {counted(base.places, 'place')} "
                              f"from {number(base.position(0))} to {number(base.position(base.places - 1))} of the "
                              f"grid of step 1, where the refinement starts")
    base = attrs.evolve(base, players=players)
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
            why_not = f"on the grid of step {step(grid)}, {why}"
            break
        solution = solve(game, progress=progress, max_states=max_states)
        sets = tuple(tuple(game.place(x) for x in tied) for tied in solution.tied)
        solved.append((game, solution, sets))
        if len(solved) > 1:
            (g1, s1, sets1), (g2, s2, sets2) = solved[-2:]
            found = _infer(g1, g2, sets1, sets2)
            told.append(None if found is None or s1.payoffs != s2.payoffs else found)
            if len(told) > 1 and told[-1] is not None and told[-1] == told[-2]:
                return Continuous(told[-1], tuple(_taken(one, ties) for one in told[-1]), s2.payoffs, grid, True)
        if grid * 2 > max_grid:
            why_not = (f"the finest grid allowed, of step {step(grid)}, was reached" if len(solved) > 2 else
                       f"settling takes three grids, of step 1, 1/2 and 1/4, and the finest allowed is of step "
                       f"{step(grid)}")
            break
        grid *= 2
    game, solution, sets = solved[-1]
    edges = (0, game.places - 1)
    last = tuple(tuple(Interval(Fraction(game.position(a)), Fraction(game.position(b)),
                                at_edge=a in edges or b in edges) for a, b in _runs(game, one))
                 for one in sets)
    return Continuous(last, tuple(_taken(one, ties) for one in last), solution.payoffs, game.grid, False, why_not)

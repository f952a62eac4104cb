"""Search for the public promise that serves a pirate best."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import comb

import attrs

from .division import pirate_name, promise_in
from .game import PirateGame, PirateGameError, promise

__all__ = ["PromiseSearch", "best_public_promise", "MAX_WORK"]

#: The search refuses when candidates times the rounds each must re-solve (those up to
#: the maker's) exceeds this: it is meant for small games (about 20 s at the limit).
MAX_WORK = 100_000


@attrs.frozen
class PromiseSearch:
    """The result of :func:`best_public_promise`.

    ``best`` are the rows (lowest-ranked pirate first) that give the maker
    ``value`` coins (``-1``: he is thrown overboard whatever he promises);
    ``baseline`` is what he ends with if he promises nothing.
    """

    maker: int
    value: int
    best: tuple[tuple[int, ...], ...]
    baseline: int
    candidates: int


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` ordered non-negative numbers, iteratively."""
    if parts == 1:
        yield (total,)
        return
    row = [0] * (parts - 1) + [total]
    while True:
        yield tuple(row)
        # advance like an odometer whose last digit holds the remainder
        i = parts - 2
        while i >= 0 and row[-1] == 0:
            row[-1] += row[i]
            row[i] = 0
            i -= 1
        if i < 0:
            return
        row[i] += 1
        row[-1] -= 1


def best_public_promise(game: PirateGame, maker: int,
                        progress: Callable[[int, int], None] | None = None) -> PromiseSearch:
    """The public promises by ``maker`` that maximize his final coins.

    Every division of the coins among the pirates alive when he leads is
    tried on top of the game's announcements; all share the game's
    prediction DAG, so rounds after his are solved once.

    Examples
    --------
    Seed 000, Table 3: with 3 coins and three pirates, the second-lowest
    pirate who promises ``2 1`` gains two coins, and nothing does better

    >>> result = best_public_promise(PirateGame(3, 3), 2)
    >>> result.value, result.best, result.baseline
    (2, ((2, 1),), 0)
    """
    game.agent(maker)
    if any(promise_in(a).maker == maker for a in game.announcements):
        raise PirateGameError(f"{pirate_name(maker)} already promises: a pirate makes one promise")
    parts = game.pirates - maker + 1
    count = comb(game.coins + parts - 1, parts - 1)
    if count * maker > MAX_WORK:
        raise PirateGameError(
            f"{count} candidate promises for {pirate_name(maker)}, each re-solving {maker} rounds: "
            f"the search is for small games (at most {MAX_WORK:,} rounds in all)"
        )
    baseline = game.play().payoff(maker)
    best_value: int | None = None
    best: list[tuple[int, ...]] = []
    for i, row in enumerate(_compositions(game.coins, parts)):
        candidate = PirateGame(game.pirates, game.coins,
                               game.announcements + (promise(game.pirates, maker, row),),
                               game.tie_rule, game.rules, solver=game.solver)
        value = candidate.play().payoff(maker)
        if best_value is None or value > best_value:
            best_value, best = value, [row]
        elif value == best_value:
            best.append(row)
        if progress and i % 500 == 0:
            progress(i, count)
    assert best_value is not None  # there is always a candidate: one division at least
    return PromiseSearch(maker, best_value, tuple(sorted(best, key=lambda r: r[::-1], reverse=True)),
                         baseline, count)


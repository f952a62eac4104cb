"""What an unsure proposer offers: the cheapest division that passes in every world he believes.

A proposer who believes several worlds prices each voter, in each world,
at the least that wins his vote there (:mod:`.anticipation` says how much),
and plans his offer on those prices (:func:`plan_offer`); :func:`plan_score`
is the one order of preference among offers, used by the plan and by a
proposer whose plans go round a cycle alike.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from .division import Division, pirate_name
from .game import PirateGame, PirateGameError
from .predict import TieRule
from .rules import DoomedProposer

__all__ = ["plan_offer", "plan_score", "MAX_PLAN_WORK"]

#: How much work an unsure proposer's plan may take: offers weighed times
#: worlds times voters, counted before the plan is made.
MAX_PLAN_WORK = 20_000_000


def plan_offer(game: PirateGame, r: int, prices: Sequence[Sequence[int]]) -> Division:
    """The offer of proposer ``p<r>`` given, for each voter (``p<r+1>``
    down), the least he must be offered to vote yes in each world the
    proposer believes: the cheapest offer that passes in all of them, else
    one that passes in the most; the fewest coins paid first, then the tie
    rule.  If no offer passes in any of them he acts as his rules say a
    doomed proposer does: he buys the most votes, counted over the worlds,
    for the fewest coins, or he keeps everything.

    Each voter is paid nothing or just enough to win his vote in some of
    the worlds, so only those offers are weighed.  Voters with the same
    prices are alike but for the tie rule, so only how many of them get
    each share is chosen.  The choices are counted first, and a plan of
    more than :data:`MAX_PLAN_WORK` (choices times worlds times groups of
    alike voters) is refused.

    >>> from epistemic.models.pirates import PirateGame
    >>> game = PirateGame(5, 4)
    >>> str(plan_offer(game, 2, [[4, 4], [1, 3], [2, 1]]))   # p3, p4, p5 in two worlds
    'p5:2 p4:0 p3:0 p2:2'
    """
    coins, n = game.coins, game.pirates
    voters = list(range(r + 1, n + 1))
    worlds = len(prices[0]) if prices else 1
    lowest_first = game.tie_rule is TieRule.LOWEST
    # voters with the same prices, in the order the tie rule pays them
    alike: dict[tuple[int, ...], list[int]] = {}
    for v, row in zip(voters, prices):
        alike.setdefault(tuple(row), []).append(v)
    groups = [(row, sorted(members, reverse=lowest_first)) for row, members in alike.items()]
    levels = [sorted({c for c in row if 0 < c <= coins}, reverse=True) for row, _ in groups]
    choices = 1
    for (_, members), lv in zip(groups, levels):
        choices *= math.comb(len(members) + len(lv), len(lv))
    if choices * worlds * max(len(groups), 1) > MAX_PLAN_WORK:
        raise PirateGameError(f"{pirate_name(r)} believes {worlds} worlds and would weigh {choices:,} offers: "
                              f"the game is too large to plan with learning")
    best: tuple | None = None
    best_shares: dict[int, int] = {}
    # a choice gives each group how many of its members get each of its levels (highest first)
    stack: list[tuple[tuple[int, ...], ...]] = [()]
    while stack:
        chosen = stack.pop()
        i = len(chosen)
        if i < len(groups):
            size, lv = len(groups[i][1]), levels[i]
            stack.extend(chosen + (counts,) for counts in _splits(size, len(lv))
                         if sum(c * k for c, k in zip(lv, counts)) + _paid(chosen, levels) <= coins)
            continue
        won = [0] * worlds
        for (row, members), lv, counts in zip(groups, levels, chosen):
            for w in range(worlds):
                won[w] += len(members) - sum(counts) if row[w] == 0 else 0
                won[w] += sum(k for c, k in zip(lv, counts) if c >= row[w])
        shares = _shares(groups, levels, chosen)
        score = plan_score(game, r, shares, won)
        if best is None or score > best:
            best, best_shares = score, shares
    amounts = {v: c for v, c in best_shares.items() if c}
    amounts[r] = coins - sum(amounts.values())
    return Division.from_shares(r, n, amounts)


def plan_score(game: PirateGame, r: int, shares: Mapping[int, int], won: Sequence[int]) -> tuple:
    """How proposer ``p<r>`` ranks an offer paying the voters ``shares``
    that wins ``won`` votes in each world he believes, higher better: the
    worlds where it passes, then (when it passes nowhere and a doomed
    proposer buys) the votes it buys over the worlds, then the fewest coins
    paid, then the tie rule (the lowest-ranked voters paid first, or the highest)."""
    rules, n = game.rules, game.pirates
    needed = rules.others_needed(n - r + 1)
    passing = sum(1 for got in won if got >= needed)
    bought = sum(won) if rules.doomed_proposer is DoomedProposer.BUYS and not passing else 0
    voters = range(n, r, -1) if game.tie_rule is TieRule.LOWEST else range(r + 1, n + 1)
    return passing, bought, -sum(shares.values()), tuple(shares.get(v, 0) for v in voters)


def _splits(size: int, kinds: int) -> list[tuple[int, ...]]:
    """Every way to give ``kinds`` shares to at most ``size`` alike voters: how many get each."""
    if kinds == 0:
        return [()]
    out = []
    for k in range(size + 1):
        out += [(k,) + rest for rest in _splits(size - k, kinds - 1)]
    return out


def _paid(chosen: tuple[tuple[int, ...], ...], levels: Sequence[Sequence[int]]) -> int:
    return sum(c * k for counts, lv in zip(chosen, levels) for c, k in zip(lv, counts))


def _shares(groups, levels, chosen) -> dict[int, int]:
    """The share of each voter a choice pays: in each group the highest shares to the first members."""
    shares: dict[int, int] = {}
    for (_, members), lv, counts in zip(groups, levels, chosen):
        i = 0
        for c, k in zip(lv, counts):
            for v in members[i:i + k]:
                shares[v] = c
            i += k
    return shares

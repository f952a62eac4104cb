"""The standings of a tournament game: a table, best first, and each strategy's mean score."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .game import Game

__all__ = ["standings", "standing_rows", "by_strategy", "SHOWN"]

#: Rows of the standings shown before the rest is counted.
SHOWN = 20


def _thrown(game: Game) -> dict[str, int]:
    counts = {name: 0 for name in game.scores}
    for record in game.log:
        for name in record["thrown"]:
            counts[name] += 1
    return counts


def standing_rows(game: Game, strategies: Mapping[str, str]) -> list[dict[str, Any]]:
    """One row per player, best score first: rank, player, strategy, score, thrown, missed."""
    thrown = _thrown(game)
    order = sorted(game.scores, key=lambda name: -game.scores[name])
    return [{"rank": place, "player": name, "strategy": strategies.get(name, ""), "score": game.scores[name],
             "thrown": thrown[name], "missed": game.missed[name]} for place, name in enumerate(order, start=1)]


def by_strategy(game: Game, strategies: Mapping[str, str]) -> list[dict[str, Any]]:
    """Per strategy: its bots, their mean, best and worst score; the best mean first."""
    scores: dict[str, list[int]] = {}
    for name, score in game.scores.items():
        scores.setdefault(strategies.get(name, ""), []).append(score)
    rows = [{"strategy": kind, "bots": len(found), "mean": sum(found) / len(found), "best": max(found),
             "worst": min(found)} for kind, found in scores.items()]
    return sorted(rows, key=lambda row: -row["mean"])


def _table(header: Sequence[str], rows: list[Sequence[Any]], left: set[str]) -> list[str]:
    """Columns padded to fit; those named in ``left`` to the left, the rest to the right."""
    cells = [[str(c) for c in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    return ["  ".join(c.ljust(w) if name in left else c.rjust(w)
                      for name, c, w in zip(header, row, widths)).rstrip() for row in cells]


def standings(game: Game, strategies: Mapping[str, str] | None = None) -> str:
    """The standings as a table, best first (the first :data:`SHOWN` rows, then a count of the rest),
    and, when more than one strategy played, each strategy's mean score."""
    strategies = strategies or {}
    rows = standing_rows(game, strategies)
    shown = rows if len(rows) <= SHOWN + 5 else rows[:SHOWN]
    columns = ["rank", "player"] + (["strategy"] if strategies else []) + ["score", "thrown", "missed"]
    lines = _table(columns, [[row[c] for c in columns] for row in shown], left={"player", "strategy"})
    if len(shown) < len(rows):
        lines.append(f"... and {len(rows) - len(shown):,} more, down to a score of {rows[-1]['score']:,}")
    kinds = by_strategy(game, strategies) if strategies else []
    if len(kinds) > 1:
        lines += ["", "By strategy:"] + _table(["strategy", "bots", "mean score", "best", "worst"],
                                              [[k["strategy"], k["bots"], f"{k['mean']:.1f}", k["best"], k["worst"]]
                                               for k in kinds], left={"strategy"})
    return "\n".join(lines)

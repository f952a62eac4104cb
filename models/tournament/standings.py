"""The standings of a tournament game: a table, best first, each strategy's mean score, and the
defaults the players got, with why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .game import Game

__all__ = ["standings", "standing_rows", "by_strategy", "default_rows", "SHOWN"]

#: Rows of the standings shown before the rest is counted.
SHOWN = 20


def _thrown(game: Game) -> dict[str, int]:
    counts = {name: 0 for name in game.scores}
    for record in game.log:
        for name in record["thrown"]:
            counts[name] += 1
    return counts


def standing_rows(game: Game, strategies: Mapping[str, str]) -> list[dict[str, Any]]:
    """One row per player, best score first: rank, player, strategy, score, thrown, missed, invalid."""
    thrown = _thrown(game)
    order = sorted(game.scores, key=lambda name: -game.scores[name])
    return [{"rank": place, "player": name, "strategy": strategies.get(name, ""), "score": game.scores[name],
             "thrown": thrown[name], "missed": game.missed[name], "invalid": game.invalid[name]}
            for place, name in enumerate(order, start=1)]


def default_rows(game: Game) -> list[dict[str, Any]]:
    """The defaults given, summed over the rounds: one row per player, question and reason,
    the most frequent first (then in the order they were first given)."""
    counts: dict[tuple[str, str, str], int] = {}
    for row in game.defaults:
        key = (row["player"], row["asked"], row["why"])
        counts[key] = counts.get(key, 0) + row["count"]
    rows = [{"player": name, "asked": asked, "times": count, "why": why} for (name, asked, why), count in counts.items()]
    return sorted(rows, key=lambda row: -row["times"])


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


def _first(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows a table shows: all of a short table, the first :data:`SHOWN` of a long one."""
    return rows if len(rows) <= SHOWN + 5 else rows[:SHOWN]


def standings(game: Game, strategies: Mapping[str, str] | None = None) -> str:
    """The standings as a table, best first (the first :data:`SHOWN` rows, then a count of the rest),
    and, when more than one strategy played, each strategy's mean score; then, if any player got a
    default, which and why (as many rows at most)."""
    strategies = strategies or {}
    rows = standing_rows(game, strategies)
    shown = _first(rows)
    columns = ["rank", "player"] + (["strategy"] if strategies else []) + ["score", "thrown", "missed", "invalid"]
    lines = _table(columns, [[row[c] for c in columns] for row in shown], left={"player", "strategy"})
    if len(shown) < len(rows):
        lines.append(f"... and {len(rows) - len(shown):,} more, down to a score of {rows[-1]['score']:,}")
    kinds = by_strategy(game, strategies) if strategies else []
    if len(kinds) > 1:
        lines += ["", "By strategy:"] + _table(["strategy", "bots", "mean score", "best", "worst"],
                                              [[k["strategy"], k["bots"], f"{k['mean']:.1f}", k["best"], k["worst"]]
                                               for k in kinds], left={"strategy"})
    given = default_rows(game)
    if given:
        columns = ["player", "asked", "times", "why"]
        lines += ["", "Defaults given (answers missed or invalid):"] + _table(
            columns, [[row[c] for c in columns] for row in _first(given)], left={"player", "asked", "why"})
        if len(given) > SHOWN + 5:
            lines.append(f"... and {len(given) - SHOWN:,} more (the log has them all)")
    return "\n".join(lines)

"""What pirates who weigh odds do and why, in words and as JSON (``epistemic pirates --beliefs odds``)."""

from __future__ import annotations

import re
from fractions import Fraction

from .division import Division, pirate_name
from .odds import MADE, NOT_MADE, WORLDS, OddsSolver, RoundPlay
from .worth import fate
from .report import ROUND_EXCERPT, TABLE_HEAD, TABLE_TAIL
from .wording import coins_text, division_text, names_text

__all__ = ["format_odds", "odds_json", "odds_why", "WORLD_NAMES"]

#: The worlds as the report and the JSON name them.
WORLD_NAMES = ("made", "not made")

_QUESTION = re.compile(r"\s*p(\d{1,9})\s+vote\s+round\s+(\d{1,9})\s*|\s*offer\s+round\s+(\d{1,9})\s*")


def _number(value: Fraction) -> str:
    return str(value) if value.denominator != 1 else str(value.numerator)


def _worth_text(solver: OddsSolver) -> str:
    death = solver.worth.death
    if death is None:
        return "a pirate ranks his chance to survive first and his expected coins second"
    return f"a pirate weighs expected coins, death worth {_number(death)}"


def _coins(value: Fraction | int) -> str:
    value = Fraction(value)
    return f"{_number(value)} {'coin' if value == 1 else 'coins'}"


def _outcome_text(outcome: Division | None) -> str:
    if outcome is None:
        return "every pirate overboard"
    dead = f"{names_text(range(1, outcome.first))} overboard; " if outcome.first > 1 else ""
    return dead + division_text(outcome)


def _round_line(solver: OddsSolver, played: RoundPlay, world: int) -> str:
    r = played.round
    offer = played.offers[world]
    line = (f"  round {r}: {pirate_name(r)} offers {division_text(offer)}; {played.yes[world]} yes of "
            f"{len(solver.voters(r))} (needs {played.needed}): " + ("passes" if played.passed[world] else "fails"))
    if solver.promise is not None and r <= solver.maker and not played.passed[world]:
        seen = [("offer", played.after_offer[world]), ("votes", played.after_votes[world])]
        before = played.odds
        for what, odds in seen:
            if odds != before:
                line += f"; the {what} reveal{'s' if what == 'offer' else ''} to the others that the promise " + (
                    "was made" if odds == 1 else "was not made")
                before = odds
    return line


def _excerpt(path: list[RoundPlay]) -> list[RoundPlay | None]:
    """The rounds a report shows: all, or the first :data:`TABLE_HEAD` and last :data:`TABLE_TAIL` of a
    play of more than :data:`ROUND_EXCERPT` (``None`` standing for the rounds between, which all fail)."""
    if len(path) <= ROUND_EXCERPT:
        return list(path)
    return [*path[:TABLE_HEAD], None, *path[-TABLE_TAIL:]]


def _expectation_lines(solver: OddsSolver) -> list[str]:
    """What each pirate expects before chance is seen, pirates who expect alike in runs; a long list
    shows its first and last runs."""
    odds = (solver.odds, 1 - solver.odds)
    outcomes = [solver.outcome(w) for w in WORLDS]
    runs: list[tuple[int, int, tuple[Fraction, Fraction]]] = []
    for rank in range(1, solver.pirates + 1):
        fates = [fate(o, rank) for o in outcomes]
        expected = (sum((q * f[0] for q, f in zip(odds, fates)), Fraction(0)),
                    sum((q * f[1] for q, f in zip(odds, fates)), Fraction(0)))
        if runs and runs[-1][2] == expected:
            runs[-1] = (runs[-1][0], rank, expected)
        else:
            runs.append((rank, rank, expected))
    shown: list[tuple[int, int, tuple[Fraction, Fraction]] | None] = list(runs)
    if len(runs) > ROUND_EXCERPT:
        shown = [*runs[:TABLE_HEAD], None, *runs[-TABLE_TAIL:]]
    lines = []
    for run in shown:
        if run is None:
            lines.append(f"  ... {len(runs) - TABLE_HEAD - TABLE_TAIL:,} more runs of pirates (--json gives "
                         "each world's outcome)")
            continue
        first, last, (alive, coins) = run
        many = last > first
        lines.append(f"  {names_text(range(first, last + 1))}: {'live' if many else 'lives'} with chance "
                     f"{_number(alive)}, {_coins(coins)} expected" + (" each" if many else ""))
    return lines


def format_odds(solver: OddsSolver) -> str:
    """The play in each world, in words; a long play shows its first and last rounds."""
    game = solver.game
    lines = [f"The pirate game: {game.pirates} pirates, {coins_text(game.coins)}"]
    if solver.promise is None:
        lines.append("No subgroup promise: nothing to weigh, and the play is the seed's.")
        worlds: tuple[int, ...] = (MADE,)
    else:
        outsiders = [r for r in range(1, game.pirates + 1) if r not in solver.insiders]
        others = (f"{pirate_name(outsiders[0])}, who did not hear it, gives" if len(outsiders) == 1
                  else f"the others ({names_text(outsiders)}) give")
        lines.append(f"Pirates who weigh odds: {pirate_name(solver.maker)} told "
                     f"{names_text(solver.insiders - {solver.maker})} that he will offer "
                     f"{division_text(solver.promise.division)}; "
                     f"{others} the promise the odds {_number(solver.odds)}; {_worth_text(solver)}.")
        worlds = WORLDS
    for world in worlds:
        if solver.promise is not None:
            lines.append("")
            lines.append(f"Where the promise was {'made' if world == MADE else 'not made'}:")
        path = solver.path(world)
        for played in _excerpt(path):
            if played is None:
                first, last = path[TABLE_HEAD].round, path[-TABLE_TAIL - 1].round
                lines.append(f"  ... {last - first + 1:,} more rounds, {first:,} to {last:,}: each offer rejected, "
                             f"{names_text(range(first, last + 1))} thrown overboard one after another")
            else:
                lines.append(_round_line(solver, played, world))
        lines.append(f"  outcome: {_outcome_text(solver.outcome(world))}")
    if solver.promise is not None:
        lines.append("")
        lines.append("What each pirate expects, before chance is seen by anyone:")
        lines.extend(_expectation_lines(solver))
    return "\n".join(lines)


def _shares(division: Division) -> dict[str, int]:
    """The coins of each pirate a division pays, by name (the others get nothing)."""
    return {pirate_name(r): c for r, c in zip(division.ranks, division.amounts)}


def odds_json(solver: OddsSolver) -> dict[str, object]:
    """The play in each world as JSON: exact fractions as strings, each division as the coins of
    the pirates it pays, and a play of more than :data:`ROUND_EXCERPT` rounds as its first and
    last rounds (those between all fail; ``rounds_left_out`` gives their first and last)."""
    game = solver.game
    found: dict[str, object] = {
        "pirates": game.pirates, "coins": game.coins, "beliefs": "odds", "odds": _number(solver.odds),
        "death_value": None if solver.worth.death is None else _number(solver.worth.death),
        "promise": None if solver.promise is None else {
            "maker": pirate_name(solver.maker), "division": _shares(solver.promise.division),
            "hearers": [pirate_name(r) for r in sorted(solver.insiders)]},
        "rules": game.rules.to_dict(),
    }
    worlds = {}
    for world in (WORLDS if solver.promise is not None else (MADE,)):
        path = solver.path(world)
        rounds = [{"round": p.round, "proposer": pirate_name(p.round), "offer": _shares(p.offers[world]),
                   "yes": p.yes[world], "needed": p.needed, "passed": p.passed[world], "odds": _number(p.odds),
                   "odds_after_offer": _number(p.after_offer[world]),
                   "odds_after_votes": _number(p.after_votes[world])} for p in _excerpt(path) if p is not None]
        outcome = solver.outcome(world)
        worlds[WORLD_NAMES[world]] = {
            "rounds": rounds, "rounds_played": len(path),
            "rounds_left_out": None if len(path) <= ROUND_EXCERPT else [path[TABLE_HEAD].round,
                                                                       path[-TABLE_TAIL - 1].round],
            "thrown_overboard": solver.pirates if outcome is None else outcome.first - 1,
            "outcome": None if outcome is None else _shares(outcome)}
    found["worlds"] = worlds
    return found


def odds_why(solver: OddsSolver, question: str) -> str:
    """The answer to ``"pK vote round R"`` or ``"offer round R"`` in each world where the round is played."""
    found = _QUESTION.fullmatch(question) if len(question) <= 80 else None
    if found is None:
        from .game import PirateGameError
        raise PirateGameError(f"with --beliefs odds, --why asks \"pK vote round R\" or \"offer round R\", "
                              f"got {question[:80]!r}")
    rank = int(found.group(1)) if found.group(1) else None
    r = int(found.group(2) or found.group(3))
    if rank is not None and not 1 <= rank <= solver.pirates:
        from .game import PirateGameError
        raise PirateGameError(f"unknown pirate p{rank}: the pirates are p1 to p{solver.pirates}")
    answers: list[tuple[int, str]] = []
    worlds = WORLDS if solver.promise is not None else (MADE,)
    for world in worlds:
        path = solver.path(world)
        if r > len(path):
            answers.append((world, f"round {r} is not played: round {len(path)} ends the game."))
            continue
        played = path[r - 1]
        answers.append((world, _vote_reason(solver, played, world, rank) if rank is not None
                        else _offer_reason(solver, played, world)))
    # a reason the same in both worlds (an outsider's, until the world is revealed) is said once
    if len({text for _, text in answers}) == 1:
        return answers[0][1]
    return "\n".join(f"Where the promise was {WORLD_NAMES[w]}: {text}" for w, text in answers)


def _fate_text(solver: OddsSolver, alive: Fraction, coins: Fraction) -> str:
    worth = solver.worth
    if alive == 1:
        return _coins(coins)
    text = f"a chance of {_number(alive)} to live and {_coins(coins)} expected"
    if worth.death is not None:
        text += f", worth {_number(coins + (1 - alive) * worth.death)}"
    return text


def _vote_reason(solver: OddsSolver, played: RoundPlay, world: int, rank: int) -> str:
    r = played.round
    offer = played.offers[world]
    if rank not in solver.voters(r):
        return f"{pirate_name(rank)} does not vote in round {r}" + (
            ": he is overboard." if rank < r else " (the proposer does not vote).")
    vote = solver.vote_of(r, played.odds, offer, rank, world)
    said = f"{pirate_name(rank)} votes {vote} on {offer} in round {r}: "
    if rank == r:
        return said + "it is his own offer, and if it fails he is thrown overboard."
    offered = offer.share(rank)
    after = played.after_offer[world]
    vote_stage = solver.vote(r, after, offer)
    insider = rank in solver.insiders and r <= solver.maker
    if insider:
        following = vote_stage.outcome[world] if not vote_stage.passed[world] else solver.following(
            r, vote_stage.after[world], world)
        alive, coins = fate(following, rank)
        known = "he heard the promise and knows it was " + WORLD_NAMES[world]
        return said + (f"{known}; if the offer fails, what follows gives him "
                       f"{_fate_text(solver, Fraction(alive), Fraction(coins))}, against the "
                       f"{_coins(offered)} offered.")
    odds = after if solver.promise is not None and r <= solver.maker else None
    if odds is None or odds in (0, 1):
        following = solver.following(r, vote_stage.after[world], world)
        alive, coins = fate(following, rank)
        known = "" if odds is None else f"the others know the promise was {'made' if odds == 1 else 'not made'}; "
        return said + (f"{known}if the offer fails, round {r + 1} gives him "
                       f"{_fate_text(solver, Fraction(alive), Fraction(coins))}, against the "
                       f"{_coins(offered)} offered.")
    fates = [fate(solver.following(r, vote_stage.after[w], w), rank) for w in WORLDS]
    chance = Fraction(odds * fates[MADE][0] + (1 - odds) * fates[NOT_MADE][0])
    expected = Fraction(odds * fates[MADE][1] + (1 - odds) * fates[NOT_MADE][1])
    parts = [f"{_fate_text(solver, Fraction(a), Fraction(c))} where it was {name}"
             for (a, c), name in zip(fates, WORLD_NAMES)]
    return said + (f"with odds {_number(odds)} that {pirate_name(solver.maker)} made his promise, "
                   f"round {r + 1} is worth {_fate_text(solver, chance, expected)} to him "
                   f"({parts[0]}, {parts[1]}), against the {_coins(offered)} offered.")


def _offer_reason(solver: OddsSolver, played: RoundPlay, world: int) -> str:
    r = played.round
    offer = played.offers[world]
    said = f"{pirate_name(r)} offers {offer} in round {r}: "
    if solver.promise is not None and r == solver.maker and world == MADE:
        return said + "he promised it."
    insider = r in solver.insiders and r <= solver.maker
    weights = (Fraction(1), Fraction(0)) if insider and world == MADE else (
        (Fraction(0), Fraction(1)) if insider else (played.odds, 1 - played.odds))
    vote = solver.vote(r, played.after_offer[world], offer)
    passes = [name for w, name in zip(WORLDS, WORLD_NAMES) if weights[w] and vote.passed[w]]
    alive = sum((weights[w] for w in WORLDS if vote.passed[w]), Fraction(0))
    coins = sum((weights[w] * offer.share(r) for w in WORLDS if vote.passed[w]), Fraction(0))
    if solver.promise is None or insider or played.odds in (0, 1):
        where = "it passes" if alive == 1 else "it fails, and no offer he can afford passes"
    else:
        where = ("it passes whether the promise was made or not" if len(passes) == 2 else
                 f"it passes where the promise was {passes[0]}" if passes else "it passes in neither world")
    return said + (f"{where}: {_fate_text(solver, alive, coins)} for him, and no other offer is worth more to him.")

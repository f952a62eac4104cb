"""What pirates who weigh odds do and why, in words and as JSON (``epistemic pirates --beliefs odds``)."""

from __future__ import annotations

import re
from fractions import Fraction

from .division import Division, pirate_name
from .odds import MADE, OddsSolver, RoundPlay
from .worth import expectation, fate
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
    if solver.promises and r <= solver.maker and not played.passed[world]:
        seen = [("offer", played.after_offer[world]), ("votes", played.after_votes[world])]
        before = played.belief
        for what, belief in seen:
            told = told_text(solver, before, belief)
            if told:
                line += f"; the {what} reveal{'s' if what == 'offer' else ''} to the others that {told}"
                before = belief
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
    odds = solver.prior
    outcomes = [solver.outcome(w) for w in solver.world_ids]
    runs: list[tuple[int, int, tuple[Fraction, Fraction]]] = []
    for rank in range(1, solver.pirates + 1):
        fates = [fate(o, rank) for o in outcomes]
        expected = expectation(fates, odds)
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
    if not solver.promises:
        lines.append("No subgroup promise: nothing to weigh, and the play is the seed's.")
    elif solver.promise is not None:
        outsiders = [r for r in range(1, game.pirates + 1) if r not in solver.insiders]
        others = (f"{pirate_name(outsiders[0])}, who did not hear it, gives" if len(outsiders) == 1
                  else f"the others ({names_text(outsiders)}) give")
        lines.append(f"Pirates who weigh odds: {pirate_name(solver.maker)} told "
                     f"{names_text(solver.insiders - {solver.maker})} that he will offer "
                     f"{division_text(solver.promise.division)}; "
                     f"{others} the promise the odds {_number(solver.odds)}; {_worth_text(solver)}.")
    else:
        told = "; ".join(f"{pirate_name(p.maker)} told {names_text(sorted(set(hearers) - {p.maker}))} that he will "
                         f"offer {division_text(p.division)}" for p, hearers in zip(solver.promises, solver.hearers))
        lines.append(f"Pirates who weigh odds: {told}; a pirate who did not hear a promise gives it the odds "
                     f"{_number(solver.odds)}, each made or not independently; {_worth_text(solver)}.")
    for world in solver.world_ids:
        if solver.promises:
            lines.append("")
            lines.append(f"Where {world_name(solver, world)}:")
        path = solver.path(world)
        for played in _excerpt(path):
            if played is None:
                first, last = path[TABLE_HEAD].round, path[-TABLE_TAIL - 1].round
                lines.append(f"  ... {last - first + 1:,} more rounds, {first:,} to {last:,}: each offer rejected, "
                             f"{names_text(range(first, last + 1))} thrown overboard one after another")
            else:
                lines.append(_round_line(solver, played, world))
        lines.append(f"  outcome: {_outcome_text(solver.outcome(world))}")
    if solver.promises:
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
        "promises": [{"maker": pirate_name(p.maker), "division": _shares(p.division),
                      "hearers": [pirate_name(r) for r in hearers]}
                     for p, hearers in zip(solver.promises, solver.hearers)],
        "rules": game.rules.to_dict(),
    }
    worlds = {}
    for world in solver.world_ids:
        path = solver.path(world)
        rounds = [{"round": p.round, "proposer": pirate_name(p.round), "offer": _shares(p.offers[world]),
                   "yes": p.yes[world], "needed": p.needed, "passed": p.passed[world],
                   **_beliefs_json(solver, p.belief, p.after_offer[world], p.after_votes[world])}
                  for p in _excerpt(path) if p is not None]
        outcome = solver.outcome(world)
        worlds[_world_key(solver, world)] = {
            "rounds": rounds, "rounds_played": len(path),
            "rounds_left_out": None if len(path) <= ROUND_EXCERPT else [path[TABLE_HEAD].round,
                                                                       path[-TABLE_TAIL - 1].round],
            "thrown_overboard": solver.pirates if outcome is None else outcome.first - 1,
            "outcome": None if outcome is None else _shares(outcome)}
    found["worlds"] = worlds
    return found


def _world_key(solver: OddsSolver, world: int) -> str:
    """A world's name in the JSON: "made" or "not made" with one promise, else which were made."""
    if len(solver.promises) <= 1:
        return WORLD_NAMES[world]
    return world_name(solver, world)


def _beliefs_json(solver: OddsSolver, *beliefs) -> dict[str, object]:
    """A round's beliefs (before, after the offer, after the votes): the odds that the promise was made,
    or, with several promises, each world's chance."""
    keys = ("odds", "odds_after_offer", "odds_after_votes")
    if len(solver.promises) <= 1:
        return {k: _number(b[MADE]) for k, b in zip(keys, beliefs)}
    return {k.replace("odds", "belief"): {_world_key(solver, w): _number(q) for w, q in enumerate(b) if q}
            for k, b in zip(keys, beliefs)}


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
    for world in solver.world_ids:
        path = solver.path(world)
        if r > len(path):
            answers.append((world, f"round {r} is not played: round {len(path)} ends the game."))
            continue
        played = path[r - 1]
        answers.append((world, _vote_reason(solver, played, world, rank) if rank is not None
                        else _offer_reason(solver, played, world)))
    # a reason the same in every world (an outsider's, until the world is revealed) is said once
    if len({text for _, text in answers}) == 1:
        return answers[0][1]
    return "\n".join(f"Where {world_name(solver, w)}: {text}" for w, text in answers)


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
    vote = solver.vote_of(r, played.belief, offer, rank, world)
    said = f"{pirate_name(rank)} votes {vote} on {offer} in round {r}: "
    if rank == r:
        return said + "it is his own offer, and if it fails he is thrown overboard."
    offered = offer.share(rank)
    after = played.after_offer[world]
    vote_stage = solver.vote_in(r, played.belief, offer, after)
    against = f", against the {_coins(offered)} offered."
    weights = solver.weights(rank, after, world)
    weighed = [w for w in solver.world_ids if weights[w]]
    if rank in solver.insiders and r <= solver.maker and len(weighed) == 1:
        following = vote_stage.outcome[world] if not vote_stage.passed[world] else solver.following(
            r, vote_stage.after[world], world)
        alive, coins = fate(following, rank)
        known = ("he heard the promise and knows it was " + WORLD_NAMES[world] if solver.promise is not None
                 else f"he knows {world_name(solver, world)}")
        signal = _signal(solver, played, world, rank, vote, vote_stage)
        return said + (f"{known}; if the offer fails, what follows gives him "
                       f"{_fate_text(solver, Fraction(alive), Fraction(coins))}, against the {_coins(offered)} "
                       f"offered" + (signal or _undecided(solver, played, world, rank, vote, vote_stage)) + ".")
    if not solver.promises or r > solver.maker or len(weighed) == 1:
        following = solver.following(r, vote_stage.after[world], world)
        alive, coins = fate(following, rank)
        known = "" if not solver.promises or r > solver.maker else f"the others know {world_name(solver, world)}; "
        return said + (f"{known}if the offer fails, round {r + 1} gives him "
                       f"{_fate_text(solver, Fraction(alive), Fraction(coins))}" + against)
    fates = [fate(solver.following(r, vote_stage.after[w], w), rank) for w in solver.world_ids]
    chance, expected = expectation(fates, weights)
    parts = ", ".join(f"{_fate_text(solver, Fraction(fates[w][0]), Fraction(fates[w][1]))} where "
                      + (f"it was {WORLD_NAMES[w]}" if solver.promise is not None else world_name(solver, w))
                      for w in weighed)
    worth = f"round {r + 1} is worth {_fate_text(solver, chance, expected)} to him ({parts})"
    if solver.promise is not None:
        return said + f"with odds {_number(weights[MADE])} that {pirate_name(solver.maker)} made his promise, " \
            + worth + against
    chances = ", ".join(f"{_number(weights[w])} that {world_name(solver, w)}" for w in weighed)
    return said + f"with chances {chances}, {worth}" + against


def _signal(solver: OddsSolver, played: RoundPlay, world: int, rank: int, vote: str, vote_stage) -> str:
    """What the other vote would do, where it would change what an insider gets: pass or sink the offer,
    or tell the others what his vote keeps from them ("" where it changes nothing for him)."""
    other = "no" if vote == "yes" else "yes"
    r, offer = played.round, played.offers[world]
    seen = {**vote_stage.insiders[world], rank: other}
    told = solver.seen_after(vote_stage, seen, played.after_offer[world])
    yes = vote_stage.yes[world] + (1 if other == "yes" else -1)
    passes = yes >= played.needed
    then = offer if passes else solver.following(r, told, world)
    if fate(then, rank) == fate(vote_stage.outcome[world], rank):
        return ""
    news = told_text(solver, vote_stage.after[world], told)
    effect = ("the offer would pass" if passes and not vote_stage.passed[world] else
              "the offer would fail" if not passes and vote_stage.passed[world] else "the offer would still "
              + ("pass" if passes else "fail"))
    alive, coins = fate(then, rank)
    return (f"; voting {other}, {effect}" + (f" and tell the others that {news}" if news else "")
            + f", and leave him {_fate_text(solver, Fraction(alive), Fraction(coins))}")


def _undecided(solver: OddsSolver, played: RoundPlay, world: int, rank: int, vote: str, vote_stage) -> str:
    """Why an insider whose vote changes nothing for him casts it against the seed's rule: where that
    rule leaves no equilibrium, either vote is a best reply ("" where he votes by the rule)."""
    r, offer = played.round, played.offers[world]
    told = solver.seen_after(vote_stage, {**vote_stage.insiders[world], rank: "no"}, played.after_offer[world])
    by_rule = solver.seed_vote(offer, rank, solver.following(r, told, world))
    if vote == by_rule:
        return ""
    other = "no" if vote == "yes" else "yes"
    news = told_text(solver, played.after_offer[world], vote_stage.after[world])
    rule = "more" if solver.seed_vote(offer, rank, offer) == "no" else "at least as much"
    unsettled = (f"no pure play of {pirate_name(r)}'s offers is found"
                 if solver.chose_vote(r, played.belief, offer, played.after_offer[world], rank, world) else
                 "no votes of theirs settle")
    return (f"; but his vote changes nothing for him (voting {other} would leave him the same), and where "
            f"those who heard {'the' if solver.promise is not None else 'a'} promise vote yes only when offered "
            f"{rule}, {unsettled}, so he "
            f"votes {vote}" + (f": the votes tell the others that {news}" if news else ""))


def _offer_reason(solver: OddsSolver, played: RoundPlay, world: int) -> str:
    r = played.round
    offer = played.offers[world]
    said = f"{pirate_name(r)} offers {offer} in round {r}: "
    if r <= solver.maker and solver.promised(r, world) is not None:
        return said + "he promised it."
    weights = solver.weights(r, played.belief, world) if r <= solver.maker else solver.prior
    weighed = [w for w in solver.world_ids if weights[w]]
    vote = solver.vote_in(r, played.belief, offer, played.after_offer[world])
    passes = [w for w in weighed if vote.passed[w]]
    alive = sum((weights[w] for w in passes), Fraction(0))
    coins = sum((weights[w] * offer.share(r) for w in passes), Fraction(0))
    if not solver.promises or r > solver.maker or len(weighed) == 1:
        where = "it passes" if alive == 1 else "it fails, and no offer he can afford passes"
    elif solver.promise is not None:
        where = ("it passes whether the promise was made or not" if len(passes) == 2 else
                 f"it passes where the promise was {WORLD_NAMES[passes[0]]}" if passes else
                 "it passes in neither world")
    else:
        where = ("it passes in every world he weighs" if passes == weighed else
                 "it passes where " + ", or where ".join(world_name(solver, w) for w in passes) if passes else
                 "it passes in no world he weighs")
    return said + (f"{where}: {_fate_text(solver, alive, coins)} for him, and no other offer is worth more to him.")


def _labels(solver: OddsSolver) -> list[str]:
    """Each promise by its maker, and by whom he told where one maker made two."""
    makers = [pirate_name(p.maker) for p in solver.promises]
    if len(set(makers)) == len(makers):
        return makers
    return [f"{m} (to {names_text(sorted(set(h) - {p.maker}))})"
            for m, p, h in zip(makers, solver.promises, solver.hearers)]


def world_name(solver: OddsSolver, world: int) -> str:
    """Which promises ``world`` made, in words: "the promise was made", "p2 promised and p4 did not"."""
    bits = solver.worlds[world]
    if len(bits) == 1:
        return "the promise was " + WORLD_NAMES[world]
    labels = _labels(solver)
    made = [x for x, m in zip(labels, bits) if m]
    unmade = [x for x, m in zip(labels, bits) if not m]
    if not made:
        return "no subgroup promise was made"
    return f"{_and(made)} promised" + (f" and {_and(unmade)} did not" if unmade else "")


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def told_text(solver: OddsSolver, before, after) -> str:
    """What the others learn when their belief goes from ``before`` to ``after``: which promises
    were made or not, as far as that is settled now and was not before ("" if nothing)."""
    if before == after:
        return ""
    if len(solver.promises) == 1:
        return "the promise was " + ("made" if after[MADE] == 1 else "not made")

    def settled(belief) -> dict[int, bool]:
        support = [solver.worlds[w] for w, q in enumerate(belief) if q]
        return {j: support[0][j] for j in range(len(solver.promises)) if len({b[j] for b in support}) == 1}
    now, then = settled(after), settled(before)
    labels = _labels(solver)
    news = [f"{labels[j]} {'promised' if made else 'did not promise'}" for j, made in now.items() if j not in then]
    if news:
        return _and(news)
    return "it is one of the worlds where " + ", or where ".join(
        world_name(solver, w) for w, q in enumerate(after) if q)

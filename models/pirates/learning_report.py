"""A game with learning in words: its rounds, its tables, its reasons and its JSON."""

from __future__ import annotations

from collections.abc import Iterable

from epistemic.explanation import Reason
from epistemic.wording import counted

from .division import DEAD, pirate_name, promise_in, rank_of
from .anticipation import FIXED, Anticipation, LevelVote
from .explain import ReasonKind
from .predict import OfferSource
from .questions import QuestionKind, claimed_vote_error, read_question, settle_question
from .game import PirateGame, PirateGameError
from .learning import LearnedPlay, LearnedRound, RuledOut, World, where_text, world_order, world_text
from .report import VOTER_LINES, format_offers
from .wording import Names, coins_text, division_text, names_text, votes_text, yes_votes_text

__all__ = ["format_learning", "format_learned_round", "learned_lines", "belief_lines", "learned_why", "offer_how", "planned_passes",
           "check_learned_question", "learning_json"]

#: Worlds named one by one in a round's report, the others counted.
SHOWN_WORLDS = 4
#: The knowledge label of what the votes taught, as pictures name and colour it.
LEARNED_LABEL = "learned from the votes"
#: Worlds listed per round in the JSON, the others counted.
JSON_WORLDS = 20


def _expects(values: tuple[int, ...]) -> str:
    return " or ".join("dies" if e == DEAD else str(e) for e in values)


def _worlds_text(worlds: Iterable[World]) -> str:
    worlds = list(worlds)
    shown = "; ".join(world_text(w) for w in worlds[:SHOWN_WORLDS])
    return shown + (f"; and {len(worlds) - SHOWN_WORLDS:,} more" if len(worlds) > SHOWN_WORLDS else "")


def _why_gone(x: RuledOut) -> str:
    if x.offer is not None:
        return f"{pirate_name(x.pirate)} would offer {division_text(x.offer)}"
    return f"{pirate_name(x.pirate)} would vote {'yes' if x.yes else 'no'}"


def format_learned_round(rnd: LearnedRound) -> str:
    """One round of a game with learning, as :func:`~.report.format_round`
    writes a round, with what the votes ruled out and who learned what."""
    head = f"Round {rnd.round}: {pirate_name(rnd.round)} proposes {division_text(rnd.offer)}"
    if rnd.source is OfferSource.UNSURE:
        head += f"  (unsure: he plans on {len(rnd.proposer_worlds)} worlds)"
    elif rnd.source.value == "promise":
        head += "  (his promise)"
    lines = [head]
    if len(rnd.votes) <= VOTER_LINES:
        lines.append("  pirate  offered  expects  vote")
        for v in rnd.votes:
            lines.append(f"  {pirate_name(v.rank):<7} {v.offered:>7}  {_expects(v.expects):>7}  "
                         f"{'yes' if v.yes else 'no'}")
    verdict = "accepted" if rnd.accepted else f"rejected: {pirate_name(rnd.round)} is thrown overboard"
    lines.append(f"  {yes_votes_text(rnd.yes, len(rnd.votes))}, {rnd.needed} needed: {verdict}")
    lines += [f"  {line}" for line in learned_lines(rnd)]
    return "\n".join(lines)


def learned_lines(rnd: LearnedRound) -> list[str]:
    """What a round's votes ruled out, and who believes what after them."""
    lines = []
    if rnd.ruled_out:
        gone = rnd.ruled_out
        reasons = [f"{world_text(x.world)} ({_why_gone(x)} there)" for x in gone[:SHOWN_WORLDS]]
        more = f"; and {len(gone) - SHOWN_WORLDS:,} more" if len(gone) > SHOWN_WORLDS else ""
        lines.append(f"The votes rule out {len(gone):,} of {rnd.worlds:,} worlds: {'; '.join(reasons)}{more}.")
    elif not rnd.accepted:  # after an accepted offer there is nothing left to learn for
        lines.append(f"The votes rule out no world ({rnd.worlds:,} still possible).")
    groups: dict[tuple[World, ...], list[int]] = {}
    for rank, worlds in rnd.learned:
        groups.setdefault(worlds, []).append(rank)
    lines += [f"{Names(ranks).verb('now believe')}{_believes_text(worlds)}." for worlds, ranks in groups.items()]
    return lines


def belief_lines(play: LearnedPlay, round: int) -> list[str]:
    """Who believes what when ``round`` begins, the living pirates grouped by the worlds they believe."""
    groups: dict[tuple[World, ...], list[int]] = {}
    for rank in range(round, play.outcome.last + 1):
        groups.setdefault(play.believed(round, rank), []).append(rank)
    return [f"{Names(ranks).verb('believe')}{_believes_text(worlds)}." for worlds, ranks in groups.items()]


def _believes_text(worlds: tuple[World, ...]) -> str:
    if len(worlds) == 1:
        return f": {world_text(worlds[0])}"
    return f" one of {len(worlds):,} worlds: {_worlds_text(worlds)}"


def format_learning(game: PirateGame, play: LearnedPlay, tables: bool = True, full_tables: bool = False) -> str:
    """The play with learning, round by round, and the tables of what the
    pirates who are sure of one world predict there when each round begins
    (the play with their beliefs held, as a naive learner expects it)."""
    level = f"level {play.level} of anticipation" if play.level else "naive learners (level 0)"
    start = counted(len(play.models[0]), "world of promises", "worlds of promises")
    lines = [f"With learning: {start} at the start; votes rule out worlds; "
             f"{level} (docs/pirates.md, Learning from surprise)."]
    if play.settling is not None:
        lines.append(f"Anticipation fixpoint: {play.settling.text()}.")
        lines += [f"  {line}" for line in play.settling.lines()]
    lines.append("")
    lines += [format_learned_round(r) for r in play.rounds]
    dead = play.deaths
    lines.append(f"Outcome: {division_text(play.outcome)}; thrown overboard: {names_text(dead) if dead else 'nobody'}")
    if tables:
        engine = _engine(play)
        shown: set[tuple] = set()
        for rnd in play.rounds:
            state = play.states[rnd.round - 1]
            sure: dict[World, list[int]] = {}
            for rank in range(rnd.round, game.pirates + 1):
                believed = play.believed(rnd.round, rank)
                if len(believed) == 1:
                    sure.setdefault(believed[0], []).append(rank)
            tables_here = []
            for world, ranks in sorted(sure.items(), key=lambda kv: (world_order(kv[0]), kv[1])):
                u = engine.worlds.index(world)
                offers = [engine.step(game.pirates - k + 1, state, 0, u).offer for k in range(1, game.pirates + 1)]
                if (world, tuple(offers)) not in shown:  # a table is shown again only when the votes changed it
                    shown.add((world, tuple(offers)))
                    tables_here += ["", f"Belief of {names_text(ranks)}: {world_text(world)}",
                                    format_offers(offers, full_tables)]
            if tables_here:
                lines += ["", f"Predicted offers on what the pirates believe in round {rnd.round} "
                              f"(row k: k pirates left; lowest-ranked pirate first)", *tables_here]
    return "\n".join(lines)


def _engine(play: LearnedPlay) -> Anticipation:
    assert play.engine is not None, "a play made by learn() keeps its engine"
    return play.engine


# reasons ------------------------------------------------------------------------------
def check_learned_question(text: str, pirates: int) -> tuple[QuestionKind, int | None, int, bool | None]:
    """A why-question about a play with learning, read and checked as far
    as it can be before the play: its kind, pirate, round and claimed vote."""
    kind, subject, proposer, knower, round_, claimed = read_question(text, pirates)
    if knower is not None:
        raise PirateGameError(f"with learning, questions are about the play: drop 'as {pirate_name(knower)}'")
    pirate, r = settle_question(kind, subject, proposer, round_, pirates)
    if kind in (QuestionKind.VOTE, QuestionKind.EXPECTATION) and pirate == r:
        raise PirateGameError(f"{pirate_name(r)} proposes in round {r}: ask about his offer")
    return kind, pirate, r, claimed


def learned_why(game: PirateGame, play: LearnedPlay, text: str, depth: int | None = 6) -> Reason:
    """Answer a why-question about the play with learning ("p4 vote round
    2", "offer round 2", "p3 expectation round 2", "outcome round 1", "p1
    overboard").  Reasons below the answer are the solver's, on the
    knowledge each pirate believes; what a pirate learned is a reason of
    its own, resting on the votes that ruled worlds out."""
    kind, pirate, r, claimed = check_learned_question(text, game.pirates)
    below = None if depth is None else max(depth - 1, 0)
    if kind is QuestionKind.OVERBOARD:
        assert pirate is not None  # settle_question names him
        if pirate not in play.deaths:
            raise PirateGameError(f"{pirate_name(pirate)} was not thrown overboard: "
                                  f"he ends with {coins_text(play.payoff(pirate))}")
        outcome = _outcome_reason(game, play, play.round(pirate), below)
        return Reason(f"{pirate_name(pirate)} is thrown overboard in round {pirate}", kind=ReasonKind.OVERBOARD,
                      because=[outcome])
    rnd = play.round(r)
    if pirate is None:
        return (_offer_reason if kind is QuestionKind.OFFER else _outcome_reason)(game, play, rnd, below)
    if kind is QuestionKind.VOTE:
        yes = rnd.vote_of(pirate).yes
        if claimed is not None and claimed != yes:
            raise claimed_vote_error(pirate, r, yes)
        return _vote_reason(game, play, rnd, pirate, below)
    return _expect_reason(game, play, rnd, pirate, below)


def _belief_reason(game: PirateGame, play: LearnedPlay, rnd: LearnedRound, rank: int,
                   depth: int | None) -> Reason | None:
    """Why ``rank`` plans on what he does in ``rnd``, if the votes of an
    earlier round ruled worlds out (what he believes, or what the others
    believe in the worlds he believes)."""
    earlier = next((e for e in reversed(play.rounds[:rnd.round - 1]) if e.ruled_out), None)
    if earlier is None:
        return None
    now = play.believed(rnd.round, rank)
    what = f"the world {where_text(now[0])}" if len(now) == 1 else f"one of {len(now):,} worlds"
    claim = (f"{pirate_name(rank)} plans on {what}, after round {earlier.round} ruled out "
             f"{len(earlier.ruled_out):,} of {earlier.worlds:,} worlds")
    because = []
    if depth is None or depth > 0:
        gone = sorted(earlier.ruled_out, key=lambda x: (x.offer is not None, len(x.world)))
        for x in gone[:SHOWN_WORLDS]:
            because.append(Reason(f"{where_text(x.world)}, {_why_gone(x)} in round {earlier.round}",
                                  kind=ReasonKind.LEARNED, knowledge=LEARNED_LABEL))
    return Reason(claim, kind=ReasonKind.LEARNED, values=[("worlds ruled out", len(earlier.ruled_out))],
                  knowledge=LEARNED_LABEL, because=because)


def _level_text(level: int) -> str:
    return f" (level {level})" if level else ""


def _offer_reason(game: PirateGame, play: LearnedPlay, rnd: LearnedRound, depth: int | None) -> Reason:
    r = rnd.round
    believed = play.believed(r, r)
    because: list[Reason] = []
    belief = _belief_reason(game, play, rnd, r, depth)
    if belief is not None:
        because.append(belief)
    claim = f"{pirate_name(r)} offers {division_text(rnd.offer)} in round {r}{_level_text(rnd.level)}"
    values: list[tuple[str, object]] = [("keeps", rnd.offer.share(r))]
    if rnd.source is OfferSource.PROMISE:
        claim += ": he promised it"
    elif rnd.source is OfferSource.ALONE:
        claim += ": he is alone"
    else:
        below = None if depth is None else depth - 1
        planned = [_planned(play, rnd, w) for w in believed]
        passes = sum(yes >= rnd.needed for yes, _ in planned)
        claim += ": " + offer_how(game, rnd, passes, len(believed))
        values.append(("passes in", passes))
        if depth is None or depth > 0:
            because += [_passes_reason(game, play, rnd, w, yes, votes, below)
                        for w, (yes, votes) in list(zip(believed, planned))[:SHOWN_WORLDS]]
    return Reason(claim, kind=ReasonKind.OFFER, values=values, because=because)


def offer_how(game: PirateGame, rnd: LearnedRound, passes: int, worlds: int) -> str:
    """How a proposer who planned came to his offer, given in how many of
    the ``worlds`` he believes it passes by the votes he planned on.  It
    passes where he believes, which is not where it is played when the
    votes reject it: a rejected offer is said to be one."""
    if not passes:
        doomed = "he buys the cheapest votes he can" if game.rules.doomed_proposer.value == "buys" \
            else "he keeps every coin"
        return f"no offer passes in {'any world he believes' if worlds > 1 else 'the world he believes'}; {doomed}"
    if worlds == 1:
        how = "the cheapest offer that passes in the world he believes"
    else:
        how = (f"unsure among {worlds:,} worlds, he makes the cheapest offer that passes in "
               f"{'all' if passes == worlds else 'the most'} of them ({passes:,})")
    return how if rnd.accepted else f"{how}, but the votes reject it"


def planned_passes(play: LearnedPlay, rnd: LearnedRound) -> int:
    """In how many worlds its proposer believes ``rnd``'s offer passes, by the votes he planned on."""
    return sum(_planned(play, rnd, w)[0] >= rnd.needed for w in rnd.proposer_worlds)


def _planned(play: LearnedPlay, rnd: LearnedRound, world: World) -> tuple[int, list[tuple[int, LevelVote]]]:
    """The votes the proposer of ``rnd`` planned on in ``world``: those the
    level below his casts there on his offer (level 0's at level 0), and
    the yes votes they add up to."""
    engine = _engine(play)
    state, u, r = play.states[rnd.round - 1], engine.worlds.index(world), rnd.round
    votes = [(v, engine.vote(r, state, rnd.level - 1, rnd.offer, v, engine.believed(state, u, v)))
             for v in range(r + 1, engine.n + 1)]
    own = 1 if engine.rules.proposer_votes else 0
    return own + sum(vote.yes for _, vote in votes), votes


def _passes_reason(game: PirateGame, play: LearnedPlay, rnd: LearnedRound, world: World, yes: int,
                   votes: list[tuple[int, LevelVote]], depth: int | None) -> Reason:
    """Whether ``rnd``'s offer passes in one world its proposer believes,
    by the votes he planned on (those of the level below his), resting on
    what the voters who vote yes expect there."""
    verdict = "it passes" if yes >= rnd.needed else "it fails"
    because: list[Reason] = []
    if depth is None or depth > 0:
        for v, vote in votes:
            if vote.yes and len(because) < SHOWN_WORLDS:
                expects = " or ".join(_expect_words(e) for e in sorted(set(vote.expects)))
                because.append(Reason(f"{pirate_name(v)} expects {expects} there if the offer fails, so he votes "
                                      f"{'yes' if vote.yes else 'no'} to {coins_text(rnd.offer.share(v))}",
                                      kind=ReasonKind.EXPECT,
                                      values=[("expects", e) for e in sorted(set(vote.expects))]))
    who = f", as he predicts level-{rnd.level - 1} voters" if rnd.level else ""
    return Reason(f"{where_text(world)}, the offer gets {votes_text(yes)} of the {rnd.needed} it needs{who}: {verdict}",
                  values=[("yes", yes), ("needed", rnd.needed)], because=because)


def _expect_words(value: int) -> str:
    return "to be thrown overboard" if value == DEAD else coins_text(value)


def _continuation(play: LearnedPlay, rnd: LearnedRound, rank: int, world: World, yes: bool,
                  depth: int | None) -> Reason:
    """What ``rank`` expects in ``world`` if ``rnd``'s offer fails after his
    vote ``yes``: what the others would learn from it (above level 0) and
    the rounds that would follow, as the pirates one level below play them."""
    engine = _engine(play)
    r, state, level = rnd.round, play.states[rnd.round - 1], rnd.level
    u = engine.worlds.index(world)
    seen = []
    for v in range(r + 1, engine.n + 1):
        seen.append(yes if v == rank else
                    engine.vote(r, state, level - 1, rnd.offer, v, engine.believed(state, u, v)).yes)
    if level == 0:
        after, below = state, FIXED
    else:
        after, below = engine.interpret(r, state, level - 1, rnd.offer, tuple(seen)), level - 1
    steps = engine.steps(u, below, after, r + 1)
    got = steps[-1].offer.payoff(rank)
    ends = "he is thrown overboard" if got == DEAD else f"he ends with {coins_text(got)}"
    claim = f"{where_text(world)}, if the offer fails after his {'yes' if yes else 'no'}, {ends}"
    because: list[Reason] = []
    if level > 0:
        changed: dict[tuple[int, ...], list[int]] = {}
        for j in range(r + 1, engine.n + 1):
            now = engine.believed(after, u, j)
            if j != rank and now != engine.believed(state, u, j):
                changed.setdefault(now, []).append(j)
        vote_word = "yes" if yes else "no"
        for now, ranks in changed.items():
            because.append(Reason(f"his {vote_word} would make {Names(ranks).names} believe "
                                  f"{_worlds_text(engine.worlds[y] for y in now)}",
                                  kind=ReasonKind.LEARNED, knowledge=LEARNED_LABEL))
        if not changed:
            because.append(Reason(f"his {vote_word} would teach the others nothing new",
                                  kind=ReasonKind.LEARNED, knowledge=LEARNED_LABEL))
    if depth is None or depth > 0:
        players = "nobody learning" if below == FIXED else ("naive learners" if below == 0 else f"level {below}")
        for step in steps[:SHOWN_WORLDS]:
            verdict = "accepted" if step.passed else f"{pirate_name(step.round)} is thrown overboard"
            because.append(Reason(f"round {step.round} ({players}): {pirate_name(step.round)} offers "
                                  f"{division_text(step.offer)}, {votes_text(step.yes)} of {step.needed}: {verdict}",
                                  kind=ReasonKind.OUTCOME, values=[("yes", step.yes), ("needed", step.needed)]))
        if len(steps) > SHOWN_WORLDS:
            because.append(Reason(f"and {counted(len(steps) - SHOWN_WORLDS, 'more round')}, ending "
                                  f"{division_text(steps[-1].offer)}", kind=ReasonKind.OUTCOME))
    return Reason(claim, kind=ReasonKind.EXPECT, values=[("expects", got)], because=because)


def _expect_reason(game: PirateGame, play: LearnedPlay, rnd: LearnedRound, rank: int,
                   depth: int | None) -> Reason:
    vote = rnd.vote_of(rank)
    because: list[Reason] = []
    belief = _belief_reason(game, play, rnd, rank, depth)
    if belief is not None:
        because.append(belief)
    if depth is None or depth > 0:
        below = None if depth is None else depth - 1
        for world, no, if_yes in list(zip(vote.believes, vote.per_world, vote.if_yes))[:SHOWN_WORLDS]:
            because.append(_continuation(play, rnd, rank, world, False, below))
            if if_yes is not None:
                because.append(_continuation(play, rnd, rank, world, True, below))
    expects = " or ".join(_expect_words(e) for e in vote.expects)
    return Reason(f"{pirate_name(rank)} expects {expects} if the offer of round {rnd.round} fails"
                  f"{_level_text(rnd.level)}", kind=ReasonKind.EXPECT,
                  values=[("expects", e) for e in vote.expects], because=because)


def _vote_reason(game: PirateGame, play: LearnedPlay, rnd: LearnedRound, rank: int, depth: int | None) -> Reason:
    vote = rnd.vote_of(rank)
    because: list[Reason] = []
    if depth is None or depth > 0:
        below = None if depth is None else depth - 1
        because.append(_expect_reason(game, play, rnd, rank, below))
    peaceful = game.rules.premium() == 0
    if any(e is not None for e in vote.if_yes):
        weighs = (f"as he predicts level-{rnd.level - 1} voters, the offer fails even with his yes in some world he "
                  f"believes, so there he weighs what his yes and his no would teach them")
        rule = (f"{weighs}: yes ends no worse for him in every world he believes" if vote.yes else
                f"{weighs}: yes does not end better for him in every world he believes")
    elif len(vote.per_world) == 1:
        rule = "offered more than he expects" if vote.yes else "not offered more than he expects"
        if peaceful:
            rule = "offered at least what he expects" if vote.yes else "offered less than he expects"
    elif peaceful:
        rule = "the offer is at least what he expects in every world he believes" if vote.yes else \
            "in some world he believes, he expects more"
    else:
        rule = "the offer beats what he expects in every world he believes" if vote.yes else \
            "in some world he believes, he expects as much or more"
    return Reason(f"{pirate_name(rank)} votes {'yes' if vote.yes else 'no'} in round {rnd.round}"
                  f"{_level_text(rnd.level)}: {rule}",
                  kind=ReasonKind.VOTE, values=[("offered", vote.offered)], because=because)


def _outcome_reason(game: PirateGame, play: LearnedPlay, rnd: LearnedRound, depth: int | None) -> Reason:
    because: list[Reason] = []
    if depth is None or depth > 0:
        below = None if depth is None else depth - 1
        because.append(_offer_reason(game, play, rnd, below))
        # voters offered, expecting and believing alike vote alike: one reason stands for them all
        alike: dict[tuple, list[int]] = {}
        for v in rnd.votes:
            if v.rank != rnd.round:
                alike.setdefault((v.offered, v.per_world, v.if_yes, v.yes, v.believes), []).append(v.rank)
        for ranks in alike.values():
            one = _vote_reason(game, play, rnd, ranks[0], below)
            if len(ranks) > 1:
                one = Reason(f"{Names(ranks).verb('vote')} {'yes' if rnd.vote_of(ranks[0]).yes else 'no'} alike: "
                             f"each is offered, expects and believes as {pirate_name(ranks[0])}",
                             kind=ReasonKind.VOTE, because=[one])
            because.append(one)
    verdict = "accepted" if rnd.accepted else f"rejected, so {pirate_name(rnd.round)} is thrown overboard"
    return Reason(f"{pirate_name(rnd.round)}'s offer in round {rnd.round} gets {votes_text(rnd.yes)} "
                  f"of the {rnd.needed} it needs: {verdict}", kind=ReasonKind.OUTCOME,
                  values=[("yes", rnd.yes), ("needed", rnd.needed)], because=because)


# JSON --------------------------------------------------------------------------------
def _world_json(world: World) -> list[dict]:
    return [{"maker": pirate_name(promise_in(a).maker), "shares": list(promise_in(a).division.row()),
             "heard_by": None if a.audience is None else [pirate_name(r) for r in sorted(rank_of(x) for x in a.audience)]}
            for a in sorted(world, key=lambda a: promise_in(a).maker)]


def learning_json(play: LearnedPlay) -> dict:
    """The play with learning as JSON (keys in docs/cli.md)."""
    rounds = []
    for r in play.rounds:
        rounds.append({
            "round": r.round,
            "offer": list(r.offer.row()),
            "offer_source": r.source.value,
            "level": r.level,
            "votes": [{"pirate": pirate_name(v.rank), "offered": v.offered,
                       "expects": list(v.per_world) if v.believes else list(v.expects),
                       "if_yes": list(v.if_yes) if v.believes else None,
                       "vote": "yes" if v.yes else "no"} for v in r.votes],
            "yes": r.yes, "needed": r.needed, "accepted": r.accepted,
            "worlds": r.worlds,
            "ruled_out_count": len(r.ruled_out),
            "ruled_out": [{"world": _world_json(x.world), "pirate": pirate_name(x.pirate),
                           "would_offer": None if x.offer is None else list(x.offer.row()),
                           "would_vote": None if x.yes is None else ("yes" if x.yes else "no")}
                          for x in r.ruled_out[:JSON_WORLDS]],
            "learned": [{"pirate": pirate_name(rank), "believes_count": len(worlds),
                         "believes": [_world_json(w) for w in worlds[:JSON_WORLDS]]}
                        for rank, worlds in r.learned],
        })
    settling = None if play.settling is None else {
        "levels": play.settling.levels, "settled": play.settling.settled,
        "cycle_start": play.settling.cycle_start, "period": play.settling.period,
        "outcomes": [list(d.row()) for d in play.settling.outcomes], "next_cost": play.settling.next_cost}
    return {"worlds": len(play.models[0]), "level": play.level, "settling": settling, "rounds": rounds, "outcome": list(play.outcome.row()),
            "overboard": [pirate_name(d) for d in play.deaths]}

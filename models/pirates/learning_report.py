"""A game with learning in words: its rounds, its tables, its reasons and its JSON."""

from __future__ import annotations

from collections.abc import Iterable

from epistemic import Knowledge
from epistemic.explanation import Reason

from .division import DEAD, pirate_name, promise_in, rank_of
from .explain import ReasonKind, why_expectation, why_offer
from .predict import OfferSource
from .questions import QuestionKind, claimed_vote_error, read_question, settle_question
from .game import PirateGame, PirateGameError
from .learning import LearnedPlay, LearnedRound, RuledOut, World, believed_knowledge, world_text
from .report import VOTER_LINES, format_table, knowledge_heading
from .wording import Names, coins_text, division_text, names_text, promises_text, votes_text

__all__ = ["format_learning", "learned_why", "check_learned_question", "learning_json"]

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
    lines.append(f"  {rnd.yes} of {len(rnd.votes)} vote yes, {rnd.needed} needed: {verdict}")
    if rnd.ruled_out:
        gone = rnd.ruled_out
        reasons = [f"{world_text(x.world)} ({_why_gone(x)} there)" for x in gone[:SHOWN_WORLDS]]
        more = f"; and {len(gone) - SHOWN_WORLDS:,} more" if len(gone) > SHOWN_WORLDS else ""
        lines.append(f"  The votes rule out {len(gone):,} of {rnd.worlds:,} worlds: {'; '.join(reasons)}{more}.")
    elif not rnd.accepted:  # after an accepted offer there is nothing left to learn for
        lines.append(f"  The votes rule out no world ({rnd.worlds:,} still possible).")
    groups: dict[tuple[World, ...], list[int]] = {}
    for rank, worlds in rnd.learned:
        groups.setdefault(worlds, []).append(rank)
    for worlds, ranks in groups.items():
        who = Names(ranks)
        if len(worlds) == 1:
            lines.append(f"  {who.verb('now believe')}: {world_text(worlds[0])}.")
        else:
            lines.append(f"  {who.verb('now believe')} one of {len(worlds):,} worlds: {_worlds_text(worlds)}.")
    return "\n".join(lines)


def format_learning(game: PirateGame, play: LearnedPlay, tables: bool = True, full_tables: bool = False) -> str:
    """The play with learning, round by round, and the seed's tables on
    what the pirates believe when each round begins."""
    lines = [f"With learning: {len(play.models[0]):,} worlds of promises at the start; "
             f"votes rule out worlds (docs/pirates.md, Learning from surprise).", ""]
    lines += [format_learned_round(r) for r in play.rounds]
    dead = play.deaths
    lines.append(f"Outcome: {division_text(play.outcome)}; thrown overboard: {names_text(dead) if dead else 'nobody'}")
    if tables:
        shown: set[Knowledge] = set()
        for rnd in play.rounds:
            sure: dict[Knowledge, list[int]] = {}
            for rank in range(rnd.round, game.pirates + 1):
                believed = believed_knowledge(play, game, rnd.round, rank)
                if len(believed) == 1 and believed[0] not in shown:
                    sure.setdefault(believed[0], []).append(rank)
            if not sure:
                continue
            lines += ["", f"Predicted offers on what the pirates believe in round {rnd.round} "
                          f"(row k: k pirates left; lowest-ranked pirate first)"]
            for knowledge, ranks in sorted(sure.items(), key=lambda kv: (len(kv[0]), kv[1])):
                shown.add(knowledge)
                lines += ["", f"Belief of {names_text(ranks)}: {knowledge_heading(knowledge)}",
                          format_table(game, knowledge, full_tables)]
    return "\n".join(lines)


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
    earlier round changed it (his own belief, or who else believes what)."""
    now = believed_knowledge(play, game, rnd.round, rank)
    if now == believed_knowledge(play, game, 1, rank):
        return None
    # the last round whose votes changed what he plans on
    earlier = next(e for e in reversed(play.rounds[:rnd.round - 1])
                   if believed_knowledge(play, game, e.round, rank) != believed_knowledge(play, game, e.round + 1, rank))
    what = f"the world where {_believed_text(now[0])}," if len(now) == 1 else f"one of {len(now):,} worlds"
    claim = (f"{pirate_name(rank)} plans on {what} since round {earlier.round}: its votes ruled out "
             f"{len(earlier.ruled_out):,} of {earlier.worlds:,} worlds")
    because = []
    if depth is None or depth > 0:
        # the worlds he or the others believed before come first: they are what the votes taught
        gone = sorted(earlier.ruled_out, key=lambda x: (x.offer is not None, len(x.world)))
        for x in gone[:SHOWN_WORLDS]:
            because.append(Reason(f"{_where(x.world)}, {_why_gone(x)} in round {earlier.round}",
                                  kind=ReasonKind.LEARNED, knowledge=LEARNED_LABEL))
    return Reason(claim, kind=ReasonKind.LEARNED, values=[("worlds ruled out", len(earlier.ruled_out))],
                  knowledge=LEARNED_LABEL, because=because)


def _where(world: World) -> str:
    return "where no promise was made" if not world else f"where {world_text(world)}"


def _believed_text(knowledge: Knowledge) -> str:
    """The promises of a believed world and who believes each."""
    return promises_text(knowledge.announcements, hearers=", believed by")


def _offer_reason(game: PirateGame, play: LearnedPlay, rnd: LearnedRound, depth: int | None) -> Reason:
    r = rnd.round
    believed = believed_knowledge(play, game, r, r)
    because: list[Reason] = []
    belief = _belief_reason(game, play, rnd, r, depth)
    if belief is not None:
        because.append(belief)
    claim = f"{pirate_name(r)} offers {division_text(rnd.offer)} in round {r}"
    values = [("keeps", rnd.offer.share(r))]
    if depth is None or depth > 0:
        below = None if depth is None else depth - 1
        if rnd.source is OfferSource.UNSURE:
            because += [_passes_reason(game, rnd, k, below) for k in believed[:SHOWN_WORLDS]]
        else:
            because += [why_offer(game, r, k, depth=below) for k in believed[:SHOWN_WORLDS]]
    if rnd.source is OfferSource.UNSURE:
        passes = sum(_yes_in(game, rnd, k) >= rnd.needed for k in believed)
        claim += (f": unsure among {len(believed):,} worlds, he makes the cheapest offer that passes in "
                  f"{'all' if passes == len(believed) else 'the most'} of them ({passes:,})")
        values.append(("passes in", passes))
    return Reason(claim, kind=ReasonKind.OFFER, values=values, because=because)


def _yes_in(game: PirateGame, rnd: LearnedRound, knowledge: Knowledge) -> int:
    """The votes ``rnd``'s offer would get in the world of ``knowledge``."""
    p = game.prediction(rnd.round, knowledge)
    own = 1 if game.rules.proposer_votes else 0
    return own + sum(game.rules.accepts(rnd.offer.share(v), p.expectation(v))
                     for v in range(rnd.round + 1, game.pirates + 1))


def _passes_reason(game: PirateGame, rnd: LearnedRound, knowledge: Knowledge, depth: int | None) -> Reason:
    """Whether ``rnd``'s offer passes in one world an unsure proposer
    believes, resting on what the voters he pays expect there."""
    yes = _yes_in(game, rnd, knowledge)
    verdict = "it passes" if yes >= rnd.needed else "it fails"
    paid = [v for v in range(rnd.round + 1, game.pirates + 1) if rnd.offer.share(v)]
    because = [] if depth == 0 else [why_expectation(game, v, rnd.round, knowledge, depth=None if depth is None
                                                     else depth - 1) for v in paid[:SHOWN_WORLDS]]
    return Reason(f"where {_believed_text(knowledge)}, the offer gets {votes_text(yes)} of the {rnd.needed} "
                  f"it needs: {verdict}", key=(rnd.round, knowledge), values=[("yes", yes), ("needed", rnd.needed)],
                  because=because)


def _expect_reason(game: PirateGame, play: LearnedPlay, rnd: LearnedRound, rank: int,
                   depth: int | None) -> Reason:
    vote = rnd.vote_of(rank)
    believed = believed_knowledge(play, game, rnd.round, rank)
    because: list[Reason] = []
    belief = _belief_reason(game, play, rnd, rank, depth)
    if belief is None and len(believed) == 1:
        return why_expectation(game, rank, rnd.round, believed[0], depth=depth)
    if belief is not None:
        because.append(belief)
    if depth is None or depth > 0:
        below = None if depth is None else depth - 1
        because += [why_expectation(game, rank, rnd.round, k, depth=below) for k in believed[:SHOWN_WORLDS]]
    expects = " or ".join("to be thrown overboard" if e == DEAD else coins_text(e) for e in vote.expects)
    return Reason(f"{pirate_name(rank)} expects {expects} if the offer of round {rnd.round} fails",
                  kind=ReasonKind.EXPECT, values=[("expects", e) for e in vote.expects], because=because)


def _vote_reason(game: PirateGame, play: LearnedPlay, rnd: LearnedRound, rank: int, depth: int | None) -> Reason:
    vote = rnd.vote_of(rank)
    because: list[Reason] = []
    if depth is None or depth > 0:
        below = None if depth is None else depth - 1
        because.append(_expect_reason(game, play, rnd, rank, below))
    if len(vote.expects) == 1:
        rule = "offered more than he expects" if vote.yes else "not offered more than he expects"
        if game.rules.premium() == 0:
            rule = "offered at least what he expects" if vote.yes else "offered less than he expects"
    else:
        rule = "the offer beats what he expects in every world he believes" if vote.yes else \
            "in some world he believes, he expects as much or more"
    return Reason(f"{pirate_name(rank)} votes {'yes' if vote.yes else 'no'} in round {rnd.round}: {rule}",
                  kind=ReasonKind.VOTE, values=[("offered", vote.offered)], because=because)


def _outcome_reason(game: PirateGame, play: LearnedPlay, rnd: LearnedRound, depth: int | None) -> Reason:
    because: list[Reason] = []
    if depth is None or depth > 0:
        below = None if depth is None else depth - 1
        because.append(_offer_reason(game, play, rnd, below))
        because += [_vote_reason(game, play, rnd, v.rank, below) for v in rnd.votes if v.rank != rnd.round]
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
            "votes": [{"pirate": pirate_name(v.rank), "offered": v.offered, "expects": list(v.expects),
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
    return {"worlds": len(play.models[0]), "rounds": rounds, "outcome": list(play.outcome.row()),
            "overboard": [pirate_name(d) for d in play.deaths]}

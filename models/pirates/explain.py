"""Why the pirates act as they do: explanation trees read off the predictions.

Every builder here returns a :class:`~epistemic.explanation.Reason` whose
claims are read off the prediction DAG of a :class:`PirateGame`: why a
proposer offers his division, why a voter expects what he expects, why he
votes yes or no, how a prediction of a round ends, and why a pirate was
thrown overboard in the play.  ``knowledge=None`` means the play itself,
where every pirate proposes and votes on what he knows.

Reasons chain through the rounds, so a game of ten thousand pirates can
give chains ten thousand deep.  They are built with an explicit stack and,
by default, cut after :data:`DEPTH` levels; a cut claim ends with
"(deeper reasons omitted)".  ``depth=None`` builds the whole tree, which
stays linear in the rounds because voters who see the next round alike are
explained together.

The text front ends live in :mod:`epistemic.models.pirates.questions`
(reading why-questions) and :mod:`epistemic.models.pirates.explore` (the
keyboard explorer).
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar

from epistemic import Knowledge
from epistemic.explanation import OMITTED, Reason
from epistemic.validators import instance_of, is_whole, whole_number_at_least

from .division import DEAD, pirate_name
from .game import PirateGame, PirateGameError, check_rank
from .predict import Key, OfferSource, Prediction, View
from .wording import Names, coins_text, division_text, expected_text, knowledge_label, names_text, votes_text

__all__ = [
    "DEPTH",
    "ReasonKind",
    "why_offer",
    "why_expectation",
    "why_outcome",
    "why_vote",
    "why_overboard",
    "tracing_specs",
    "claim_of",
]

#: How many levels of reasons the builders keep below the question by default.
DEPTH = 6


class ReasonKind(str, enum.Enum):
    """What a reason of the pirate game explains: its :attr:`~epistemic.Reason.kind`.
    The values are the ``kind`` of the JSON output."""

    OVERBOARD = "overboard"
    """Why a pirate was thrown overboard in the play."""
    OFFER = "offer"
    """Why a proposer offers his division."""
    OUTCOME = "outcome"
    """How a prediction of a round ends."""
    BOUGHT = "bought"
    """Which voters a proposer buys, and for how much."""
    EXPECT = "expect"
    """What voters expect if the offer fails."""
    VOTE = "vote"
    """How voters vote."""
    DIFFER = "differ"
    """Voters who expect otherwise than a proposer who knows less thinks."""
    LEARNED = "learned"
    """What a pirate learned from the votes of an earlier round (with learning)."""


#: What a reason explains: its kind, then what the builder of that kind (see ``_NODES``) takes.
_Spec = (tuple[ReasonKind, int]  # OVERBOARD: rank
         | tuple[ReasonKind, int, Knowledge]  # OFFER, OUTCOME: round, knowledge
         | tuple[ReasonKind, int, Knowledge, Knowledge]  # BOUGHT: round, knowledge, the voters' knowledge
         | tuple[ReasonKind, tuple[int, ...], int, Knowledge]  # EXPECT, DIFFER: voters, round, knowledge
         | tuple[ReasonKind, tuple[int, ...], int, Knowledge, bool])  # VOTE: voters, round, knowledge, with_offer
#: A reason before its reasons are built: claim, key, values, knowledge label and the specs it rests on.
_Node = tuple[str, Key, tuple[tuple[str, int], ...], str, Sequence[_Spec]]


#: Where :func:`_build` records what each reason it makes explains, while :func:`tracing_specs` asks.
_TRACE: ContextVar[dict | None] = ContextVar("pirate_reason_specs", default=None)


@contextlib.contextmanager
def tracing_specs() -> Iterator[dict[int, tuple[Reason, _Spec]]]:
    """Record, while the block runs, what every reason built explains:
    ``{id(reason): (reason, spec)}``, the spec naming its kind, voters,
    round and knowledge.  Pictures use it to merge alike reasons with the
    right words; the reason is kept so that its ``id`` stays its own."""
    specs: dict[int, tuple[Reason, _Spec]] = {}
    token = _TRACE.set(specs)
    try:
        yield specs
    finally:
        _TRACE.reset(token)


# checks ----------------------------------------------------------------------------
def _check_round(game: PirateGame, round, knowledge: Knowledge | None) -> Prediction:
    """The prediction of ``round``: in range, and played when it is about the play."""
    if not is_whole(round):
        raise PirateGameError(f"a round is a whole number, got {round!r}")
    if not 1 <= round <= game.pirates:
        raise PirateGameError(f"round {round} is out of range: the rounds are 1 to {game.pirates}")
    if knowledge is not None:
        instance_of(knowledge, Knowledge, "predictions are made on Knowledge", type_name=True, error=PirateGameError)
    if knowledge is None:
        for r in range(1, round):
            if game.prediction(r).accepted:
                raise PirateGameError(f"round {round} was not played: the game ended in round {r}")
    return game.prediction(round, knowledge)


def _check_voter(game: PirateGame, voter, round, knowledge) -> Prediction:
    check_rank(voter, game.pirates)
    p = _check_round(game, round, knowledge)
    if voter < round:
        raise PirateGameError(f"{pirate_name(voter)} does not vote in round {round} because he is dead: "
                              f"he was thrown overboard in round {voter}")
    return p


def _check_overboard(game: PirateGame, rank) -> None:
    check_rank(rank, game.pirates)
    play = game.play()
    if rank not in play.deaths:
        raise PirateGameError(f"{pirate_name(rank)} was not thrown overboard: "
                              f"he ends with {coins_text(play.payoff(rank))}")


# builders --------------------------------------------------------------------------
def why_offer(game: PirateGame, round: int, knowledge: Knowledge | None = None, *,
              depth: int | None = DEPTH) -> Reason:
    """Why ``p<round>`` offers his division in the prediction on ``knowledge``.

    The reason depends on where the offer comes from: a promise he made;
    the last pirate taking everything; the cheapest votes he can buy
    (voters who expect to die vote yes for nothing, the others cost one
    coin more than they expect, explained by their predictions of the
    next round); or, when the proposer knows less than the prediction, his
    own prediction on what he knows, followed by the voters who expect
    otherwise than he thinks.

    Parameters
    ----------
    game : PirateGame
    round : int
        The round; with ``knowledge=None`` it must have been played.
    knowledge : Knowledge, optional
        What the prediction is made on; ``None`` for the play itself.
    depth : int or None
        Levels of reasons kept below the answer (``None``: all of them).

    Returns
    -------
    Reason

    Raises
    ------
    PirateGameError
        For an unknown pirate, a round out of range or not played,
        or a bad ``depth``.

    Examples
    --------
    Round 3 of five pirates with three coins, as everyone predicts it
    (the play itself ends in round 1):

    >>> game = PirateGame(5, 3)
    >>> print(why_offer(game, 3, Knowledge.of([]), depth=2).to_text())   # doctest: +NORMALIZE_WHITESPACE
    p3 offers p5:1 p4:0 p3:2 in round 3: he needs 1 vote besides his own; he buys 1 vote with 1 coin,
    one coin above what the voter expects; he keeps 2 coins  (keeps 2, needs 1, free 0, pays 1)  [knows no promise]
      in his prediction of round 4, p5 expects 0 coins and is bought with 1 coin
      (expects 0, bought 1)  [knows no promise]
        round 4 ends with p4's offer p5:0 p4:3 accepted: 1 vote for it, 1 needed (deeper reasons omitted)
        (yes 1, needed 1)  [knows no promise]
    """
    p = _check_round(game, round, knowledge)
    return _build(game, (ReasonKind.OFFER, round, p.knowledge), depth)


def why_expectation(game: PirateGame, voter: int, round: int, knowledge: Knowledge | None = None, *,
                    depth: int | None = DEPTH) -> Reason:
    """Why ``p<voter>`` expects what he does if the offer of ``round`` fails:
    it is his payoff in his own prediction of the next round, made on
    what he knows.

    Parameters
    ----------
    game : PirateGame
    voter : int
        The rank of the voting pirate.
    round : int
        The round; with ``knowledge=None`` it must have been played.
    knowledge : Knowledge, optional
        What the prediction is made on; ``None`` for the play itself.
    depth : int or None
        Levels of reasons kept below the answer (``None``: all of them).

    Returns
    -------
    Reason

    Raises
    ------
    PirateGameError
        For an unknown pirate, a voter already dead, a round out of range or not played,
        or a bad ``depth``.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    >>> why_expectation(game, 5, 1, depth=1).claim
    "p5 expects 1 coin if p1's offer fails: in his prediction of round 2, the game ends with p5:1 p4:1 p3:0 p2:1"
    """
    p = _check_voter(game, voter, round, knowledge)
    return _build(game, (ReasonKind.EXPECT, (voter,), round, p.knowledge), depth)


def why_outcome(game: PirateGame, round: int, knowledge: Knowledge | None = None, *,
                depth: int | None = DEPTH) -> Reason:
    """How the prediction of ``round`` on ``knowledge`` ends, and why.

    An accepted offer ends the game (the reason rests on why it is
    offered); a rejected one throws the proposer overboard and the game
    ends as the next round does on the same knowledge.

    Parameters
    ----------
    game : PirateGame
    round : int
        The round; with ``knowledge=None`` it must have been played.
    knowledge : Knowledge, optional
        What the prediction is made on; ``None`` for the play itself.
    depth : int or None
        Levels of reasons kept below the answer (``None``: all of them).

    Returns
    -------
    Reason

    Raises
    ------
    PirateGameError
        For an unknown pirate, a round out of range or not played,
        or a bad ``depth``.

    Examples
    --------
    >>> why_outcome(PirateGame(7, 1), 1, depth=0).claim
    "p1's offer p7:0 p6:1 p5:0 p4:0 p3:0 p2:0 p1:0 in round 1 gets 2 votes of the 4 it needs, so p1 is thrown overboard and the game ends as round 2 does: p7:1 p6:0 p5:0 p4:0 p3:0 p2:0 (deeper reasons omitted)"
    """
    p = _check_round(game, round, knowledge)
    return _build(game, (ReasonKind.OUTCOME, round, p.knowledge), depth)


def why_vote(game: PirateGame, voter: int, round: int, knowledge: Knowledge | None = None, *,
             depth: int | None = DEPTH) -> Reason:
    """Why ``p<voter>`` votes as he does in ``round``: yes exactly when
    offered strictly more than he expects if the offer fails.  The
    reason rests on why the offer is made and why he expects what he does.

    Parameters
    ----------
    game : PirateGame
    voter : int
        The rank of the voting pirate.
    round : int
        The round; with ``knowledge=None`` it must have been played.
    knowledge : Knowledge, optional
        What the prediction is made on; ``None`` for the play itself.
    depth : int or None
        Levels of reasons kept below the answer (``None``: all of them).

    Returns
    -------
    Reason

    Raises
    ------
    PirateGameError
        For an unknown pirate, a voter already dead, a round out of range or not played,
        or a bad ``depth``.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    >>> why = why_vote(game, 5, 1)
    >>> why.values
    (('offered', 1), ('expects', 1))
    >>> [r.claim[:17] for r in why.because]
    ['p1 offers p5:1 p4', 'p5 expects 1 coin']
    """
    p = _check_voter(game, voter, round, knowledge)
    return _build(game, (ReasonKind.VOTE, (voter,), round, p.knowledge, True), depth)


def why_overboard(game: PirateGame, rank: int, *, depth: int | None = DEPTH) -> Reason:
    """Why ``p<rank>`` was thrown overboard in the play: who voted no, and why.

    The reason rests on why his offer is made, then on the no-voters,
    grouped when they are offered and expect the same on the same knowledge.

    Parameters
    ----------
    game : PirateGame
    rank : int
        The pirate, who proposes (and dies) in round ``rank``.
    depth : int or None
        Levels of reasons kept below the answer (``None``: all of them).

    Returns
    -------
    Reason

    Raises
    ------
    PirateGameError
        For an unknown pirate, one who was not thrown overboard, or a bad
        ``depth``.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    >>> why = why_overboard(game, 1, depth=1)
    >>> why.values
    (('yes', 2), ('needed', 3))
    >>> [r.claim.split(" in round")[0] for r in why.because[1:]]
    ['p2 and p4 vote no', 'p5 votes no']
    """
    _check_overboard(game, rank)
    return _build(game, (ReasonKind.OVERBOARD, rank), depth)


def _build(game: PirateGame, root: _Spec, depth: int | None) -> Reason:
    """Build the tree below ``root`` with an explicit stack.

    A node is a spec (a tuple naming what to explain); :func:`_node` says
    its claim and the specs it rests on.  Equal specs at equal levels are
    built once and shared, so a tree whose text repeats itself stays small
    in memory.
    """
    if depth is not None:
        whole_number_at_least(depth, 0, "depth", error=PirateGameError)
    built: dict[tuple[_Spec, int], Reason] = {}
    trace = _TRACE.get()
    pending: dict[tuple[_Spec, int], _Node] = {}
    stack = [(root, 0)]
    while stack:
        spec, level = stack[-1]
        at = (spec, level if depth is not None else 0)
        if at in built:
            stack.pop()
            continue
        node = pending.get(at)
        if node is None:
            node = _node(game, spec)
            if depth is not None and level >= depth and node[4]:
                node = (f"{node[0]} {OMITTED}", *node[1:4], ())
            pending[at] = node
        below = level + 1 if depth is not None else 0
        missing = [(c, level + 1) for c in node[4] if (c, below) not in built]
        if missing:
            stack.extend(reversed(missing))
            continue
        claim, key, values, label, children = node
        built[at] = Reason(claim, key, values, label, tuple(built[c, below] for c in children), kind=spec[0])
        if trace is not None:
            trace[id(built[at])] = (built[at], spec)
        del pending[at]
        stack.pop()
    return built[root, 0]


def claim_of(game: PirateGame, spec: _Spec) -> str:
    """The claim of the reason ``spec`` names (see :func:`tracing_specs`),
    without the reasons below it.

    Examples
    --------
    >>> claim_of(PirateGame(5, 3), (ReasonKind.VOTE, (3, 5), 1, Knowledge.of([]), False))[:33]
    'p3 and p5 vote yes in round 1: ea'
    """
    return _node(game, spec)[0]


def _node(game: PirateGame, spec: _Spec) -> _Node:
    """``(claim, key, values, knowledge label, child specs)`` of one spec."""
    return _NODES[spec[0]](game, *spec[1:])


def _node_key(p: Prediction) -> Key:
    return (p.round, p.knowledge)


def _offer_node(game: PirateGame, r: int, k: Knowledge) -> _Node:
    p = game.prediction(r, k)
    name, offer, keeps = pirate_name(r), division_text(p.offer), p.offer.share(r)
    head = f"{name} offers {offer} in round {r}"
    values = [("keeps", keeps)]
    children: list[_Spec] = []
    if p.source is OfferSource.ALONE:
        claim = f"{name} is the last pirate alive, so in round {r} he offers himself all {coins_text(game.coins)}"
    elif p.source is OfferSource.PROMISE:
        claim = f"{head} because he promised it, and pirates keep their promises"
    elif p.source is OfferSource.PROPOSER:
        own = game.prediction(r, p.proposer_knowledge)
        claim = (f"{head}: he {knowledge_label(own.knowledge)}, while this prediction "
                 f"{knowledge_label(p.knowledge)}, so he offers what his own prediction of the round says")
        children = [(ReasonKind.OFFER, r, own.knowledge)] + _differences(p, own)
    else:
        others = p.rules.others_needed(p.pirates - r + 1)
        free = min(p.free_votes, others)
        cost = sum(c for _, c in p.paid)
        besides = "besides his own" if p.rules.proposer_votes else "(he does not vote)"
        parts = [f"{head}: he needs {votes_text(others) if others else 'no vote'} {besides}"]
        if free:
            why = ("expect to be thrown overboard if the offer fails" if p.rules.premium()
                   else "expect nothing, or to be thrown overboard, if the offer fails")
            parts.append(f"{votes_text(free)} come{'s' if free == 1 else ''} free from voters who {why}")
        if p.paid:
            whom = "the voter expects" if len(p.paid) == 1 else "each voter expects"
            above = "one coin above" if p.rules.premium() else "just"
            parts.append(f"he buys {votes_text(len(p.paid))} with {coins_text(cost)}, {above} what {whom}")
        short = others - free - len(p.paid)
        if short > 0:
            parts.append(f"he cannot afford {short} more, so by his own reckoning the offer fails")
        parts.append(f"he keeps {coins_text(keeps)}")
        claim = "; ".join(parts)
        values += [("needs", others), ("free", free), ("pays", cost)]
        children = _bought_specs(p)
    return claim, _node_key(p), tuple(values), knowledge_label(p.knowledge), children


def _bought_specs(p: Prediction) -> list[_Spec]:
    paid = {rank for rank, _ in p.paid}
    specs: list[tuple[int, _Spec]] = []
    for view in p.views:
        doomed = view.doomed() if p.free_votes else 0
        if doomed or any(rank in view for rank in paid) or _peaceful_free(p, view):
            specs.append((min(view.members()), (ReasonKind.BOUGHT, p.round, p.knowledge, view.knowledge)))
    return [spec for _, spec in sorted(specs, key=lambda s: s[0])]


def _peaceful_free(p: Prediction, view: View) -> list[int]:
    """Voters of ``view`` whom a peaceful rule gives the proposer for nothing:
    they will live and expect nothing, and a peaceful pirate says yes to that."""
    if p.rules.premium() or not p.free_votes:
        return []
    alive_from, expected = view.outcome.first, view.outcome
    return [m for m in view.members() if m >= alive_from and expected.share(m) == 0]


def _view(p: Prediction, knowledge: Knowledge) -> View:
    return next(v for v in p.views if v.knowledge == knowledge)


def _bought_node(game: PirateGame, r: int, k: Knowledge, view_knowledge: Knowledge) -> _Node:
    p = game.prediction(r, k)
    view = _view(p, view_knowledge)
    by_price: dict[int, list[int]] = {}
    for rank, coins in p.paid:
        if rank in view:
            by_price.setdefault(coins, []).append(rank)
    parts: list[str] = []
    values: list[tuple[str, int]] = []
    premium = p.rules.premium()  # what a vote costs above the voter's expectation
    for coins in sorted(by_price):
        g = Names(by_price[coins])
        each = "" if g.one else " each"
        parts.append(f"{g.verb('expect')} {coins_text(coins - premium)} and {'is' if g.one else 'are'} "
                     f"bought with {coins_text(coins)}{each}")
    if len(by_price) == 1:
        values.append(("expects", next(iter(by_price)) - premium))
    if by_price:
        values.append(("bought", sum(len(g) for g in by_price.values())))
    doomed = [m for m in view.members() if m < view.outcome.first] if p.free_votes else []
    if doomed:
        g = Names(doomed)
        parts.append(f"{g.verb('expect')} to be thrown overboard and vote{'s' if g.one else ''} yes for nothing")
        values.append(("doomed", len(doomed)))
    nothing = _peaceful_free(p, view)
    if nothing:
        g = Names(nothing)
        parts.append(f"{g.verb('expect')} nothing and, being peaceful, vote{'s' if g.one else ''} yes for nothing")
        values.append(("peaceful", len(nothing)))
    whose = "his" if sum(len(g) for g in by_price.values()) + len(doomed) + len(nothing) == 1 else "their"
    claim = f"in {whose} prediction of round {r + 1}, " + "; ".join(parts)
    nxt = game.prediction(r + 1, view_knowledge)
    return claim, _node_key(nxt), tuple(values), knowledge_label(nxt.knowledge), [(ReasonKind.OUTCOME, r + 1, nxt.knowledge)]


def _differences(p: Prediction, own: Prediction) -> list[_Spec]:
    """Voters who expect otherwise than the proposer, knowing less, thinks."""
    groups: dict[tuple[int, int, Knowledge], list[int]] = {}
    thinks, expects = own.voter_views(), p.voter_views()
    for rank in range(p.round + 1, p.pirates + 1):
        thought, actual = thinks[rank].outcome.payoff(rank), expects[rank].outcome.payoff(rank)
        if thought != actual:
            key = (thought, actual, p.voter_view(rank).knowledge)
            groups.setdefault(key, []).append(rank)
    ordered = sorted(groups.values(), key=min)
    return [(ReasonKind.DIFFER, tuple(g), p.round, p.knowledge) for g in ordered]


def _differ_node(game: PirateGame, voters: tuple[int, ...], r: int, k: Knowledge) -> _Node:
    p = game.prediction(r, k)
    own = game.prediction(r, p.proposer_knowledge)
    v, proposer, g = voters[0], pirate_name(r), Names(voters)
    thought, actual, offered = own.expectation(v), p.expectation(v), p.offer.share(v)
    claim = (f"{g.verb('expect')} {expected_text(actual)} if the offer fails, but {proposer}, knowing less, "
             f"thinks {g.he} expect{'s' if g.one else ''} {expected_text(thought)}")
    if offered > thought and not offered > actual:
        claim += f", so {g.he} vote{'s' if g.one else ''} no where {proposer} counts on {g.his} yes"
    elif offered > actual and not offered > thought:
        claim += f", so {g.he} vote{'s' if g.one else ''} yes where {proposer} expects a no"
    values = tuple(pair for pair in ((f"{proposer} thinks", thought), ("expects", actual)) if pair[1] != DEAD)
    view = p.voter_view(v)
    nxt = game.prediction(r + 1, view.knowledge)
    return claim, _node_key(nxt), values, knowledge_label(view.knowledge), [(ReasonKind.EXPECT, voters, r, p.knowledge)]


def _expect_node(game: PirateGame, voters: tuple[int, ...], r: int, k: Knowledge) -> _Node:
    p = game.prediction(r, k)
    proposer, g = pirate_name(r), Names(voters)
    if voters == (r,):
        return (f"{proposer} expects to be thrown overboard if his own offer fails", _node_key(p), (),
                knowledge_label(p.knowledge), [])
    view = p.voter_view(voters[0])
    expected = view.outcome.payoff(voters[0])
    nxt = game.prediction(r + 1, view.knowledge)
    claim = f"{g.verb('expect')} {expected_text(expected)} if {proposer}'s offer fails: in {g.his} prediction of round {r + 1},"
    first = view.outcome.first
    if first > r + 1:
        dead = names_text(range(r + 1, first))
        claim += f" {dead} {'is' if first == r + 2 else 'are'} thrown overboard and"
    claim += f" the game ends with {division_text(view.outcome)}"
    values = (("expects", expected),) if expected != DEAD else ()
    return claim, _node_key(nxt), values, knowledge_label(view.knowledge), [(ReasonKind.OUTCOME, r + 1, nxt.knowledge)]


def _outcome_node(game: PirateGame, r: int, k: Knowledge) -> _Node:
    p = game.prediction(r, k)
    name, offer = pirate_name(r), division_text(p.offer)
    values = (("yes", p.yes), ("needed", p.needed))
    children: list[_Spec]
    if p.accepted:
        claim = (f"round {r} ends with {name}'s offer {offer} accepted: "
                 f"{votes_text(p.yes)} for it, {p.needed} needed")
        children = [(ReasonKind.OFFER, r, p.knowledge)]
    else:
        claim = (f"{name}'s offer {offer} in round {r} gets {votes_text(p.yes)} of the {p.needed} it needs, "
                 f"so {name} is thrown overboard and the game ends as round {r + 1} does: "
                 f"{division_text(p.outcome)}")
        children = [(ReasonKind.OUTCOME, r + 1, game.prediction(r + 1, k).knowledge)]
    return claim, _node_key(p), values, knowledge_label(p.knowledge), children


def _vote_node(game: PirateGame, voters: tuple[int, ...], r: int, k: Knowledge,
               with_offer: bool) -> _Node:
    p = game.prediction(r, k)
    g = Names(voters)
    v = voters[0]
    offered, expected = p.offer.share(v), p.expectation(v)
    label = knowledge_label(p.knowledge)
    if v == r:
        return (f"{g.names} votes yes in round {r}: it is his own offer, and if it fails he is thrown overboard",
                _node_key(p), (("offered", offered),), label, [])
    is_offered = f"{'he is' if g.one else 'each is'} offered {coins_text(offered)}"
    each = "he" if g.one else "each"
    if expected == DEAD:
        claim = (f"{g.verb('vote')} yes in round {r}: {is_offered}, but {g.he} "
                 f"expect{'s' if g.one else ''} to be thrown overboard if the offer fails")
    elif offered > expected:
        claim = (f"{g.verb('vote')} yes in round {r}: {is_offered}, strictly more than "
                 f"the {coins_text(expected)} {each} expects if the offer fails")
    elif offered == expected:
        claim = (f"{g.verb('vote')} no in round {r}: {is_offered}, no more than the {coins_text(expected)} "
                 f"{each} expects if the offer fails, and a pirate would rather see the proposer "
                 f"thrown overboard for the same coins")
    else:
        claim = (f"{g.verb('vote')} no in round {r}: {is_offered}, less than "
                 f"the {coins_text(expected)} {each} expects if the offer fails")
    values = (("offered", offered),) + ((("expects", expected),) if expected != DEAD else ())
    children = ([(ReasonKind.OFFER, r, p.knowledge)] if with_offer else []) + [(ReasonKind.EXPECT, voters, r, p.knowledge)]
    return claim, _node_key(p), values, label, children


def _overboard_node(game: PirateGame, rank: int) -> _Node:
    p = game.prediction(rank)
    name = pirate_name(rank)
    claim = (f"{name} is thrown overboard in round {rank}: his offer {division_text(p.offer)} "
             f"gets {votes_text(p.yes)} of the {p.needed} it needs")
    groups: dict[tuple[int, int, Knowledge], list[int]] = {}
    for v in range(rank + 1, p.pirates + 1):
        if not p.vote(v):
            key = (p.offer.share(v), p.expectation(v), p.voter_view(v).knowledge)
            groups.setdefault(key, []).append(v)
    no = [(ReasonKind.VOTE, tuple(g), rank, p.knowledge, False) for g in sorted(groups.values(), key=min)]
    return (claim, _node_key(p), (("yes", p.yes), ("needed", p.needed)), knowledge_label(p.knowledge),
            [(ReasonKind.OFFER, rank, p.knowledge)] + no)


_NODES: dict[ReasonKind, Callable[..., _Node]] = {ReasonKind.OVERBOARD: _overboard_node, ReasonKind.OFFER: _offer_node, ReasonKind.OUTCOME: _outcome_node,
          ReasonKind.BOUGHT: _bought_node, ReasonKind.EXPECT: _expect_node, ReasonKind.VOTE: _vote_node,
          ReasonKind.DIFFER: _differ_node}

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
from collections.abc import Iterator
from contextvars import ContextVar

from epistemic import Knowledge
from epistemic.explanation import OMITTED, Reason
from epistemic.validators import instance_of, is_whole, whole_number_at_least

from .division import pirate_name
from .game import PirateGame, PirateGameError, check_rank
from .predict import Prediction
from .reason_nodes import Node, ReasonKind, Spec, claim_of
from .reason_nodes import node as reason_node
from .wording import coins_text

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


#: Where :func:`_build` records what each reason it makes explains, while :func:`tracing_specs` asks.
_TRACE: ContextVar[dict | None] = ContextVar("pirate_reason_specs", default=None)


@contextlib.contextmanager
def tracing_specs() -> Iterator[dict[int, tuple[Reason, Spec]]]:
    """Record, while the block runs, what every reason built explains:
    ``{id(reason): (reason, spec)}``, the spec naming its kind, voters,
    round and knowledge.  Pictures use it to merge alike reasons with the
    right words; the reason is kept so that its ``id`` stays its own."""
    specs: dict[int, tuple[Reason, Spec]] = {}
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


def _build(game: PirateGame, root: Spec, depth: int | None) -> Reason:
    """Build the tree below ``root`` with an explicit stack.

    A node is a spec (a tuple naming what to explain); :func:`~.reason_nodes.node` says
    its claim and the specs it rests on.  Equal specs at equal levels are
    built once and shared, so a tree whose text repeats itself stays small
    in memory.
    """
    if depth is not None:
        whole_number_at_least(depth, 0, "depth", error=PirateGameError)
    built: dict[tuple[Spec, int], Reason] = {}
    trace = _TRACE.get()
    pending: dict[tuple[Spec, int], Node] = {}
    stack = [(root, 0)]
    while stack:
        spec, level = stack[-1]
        at = (spec, level if depth is not None else 0)
        if at in built:
            stack.pop()
            continue
        node = pending.get(at)
        if node is None:
            node = reason_node(game, spec)
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

"""The reasons of the pirate game one by one: each kind's claim, values
and the reasons it rests on, read off the predictions.

A reason is named by a *spec*, a tuple of its :class:`ReasonKind` and what
that kind takes (the voters, the round, the knowledge); :func:`node` gives
its claim, key, values, knowledge label and the specs below it.
:mod:`~epistemic.models.pirates.explain` builds whole trees from them.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence

from epistemic import Knowledge

from .division import DEAD, pirate_name
from .game import PirateGame
from .predict import Key, OfferSource, Prediction, View
from .wording import Names, coins_text, division_text, expected_text, knowledge_label, names_text, votes_text

__all__ = ["ReasonKind", "Spec", "Node", "node", "claim_of"]


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
Spec = (tuple[ReasonKind, int]  # OVERBOARD: rank
         | tuple[ReasonKind, int, Knowledge]  # OFFER, OUTCOME: round, knowledge
         | tuple[ReasonKind, int, Knowledge, Knowledge]  # BOUGHT: round, knowledge, the voters' knowledge
         | tuple[ReasonKind, tuple[int, ...], int, Knowledge]  # EXPECT, DIFFER: voters, round, knowledge
         | tuple[ReasonKind, tuple[int, ...], int, Knowledge, bool])  # VOTE: voters, round, knowledge, with_offer
#: A reason before its reasons are built: claim, key, values, knowledge label and the specs it rests on.
Node = tuple[str, Key, tuple[tuple[str, int], ...], str, Sequence[Spec]]


def claim_of(game: PirateGame, spec: Spec) -> str:
    """The claim of the reason ``spec`` names (see :func:`tracing_specs`),
    without the reasons below it.

    Examples
    --------
    >>> claim_of(PirateGame(5, 3), (ReasonKind.VOTE, (3, 5), 1, Knowledge.of([]), False))[:33]
    'p3 and p5 vote yes in round 1: ea'
    """
    return node(game, spec)[0]


def node(game: PirateGame, spec: Spec) -> Node:
    """``(claim, key, values, knowledge label, child specs)`` of one spec."""
    return _NODES[spec[0]](game, *spec[1:])


def _node_key(p: Prediction) -> Key:
    return (p.round, p.knowledge)


def _offer_node(game: PirateGame, r: int, k: Knowledge) -> Node:
    p = game.prediction(r, k)
    name, offer, keeps = pirate_name(r), division_text(p.offer), p.offer.share(r)
    head = f"{name} offers {offer} in round {r}"
    values = [("keeps", keeps)]
    children: list[Spec] = []
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


def _bought_specs(p: Prediction) -> list[Spec]:
    paid = {rank for rank, _ in p.paid}
    specs: list[tuple[int, Spec]] = []
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


def _bought_node(game: PirateGame, r: int, k: Knowledge, view_knowledge: Knowledge) -> Node:
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


def _differences(p: Prediction, own: Prediction) -> list[Spec]:
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


def _differ_node(game: PirateGame, voters: tuple[int, ...], r: int, k: Knowledge) -> Node:
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


def _expect_node(game: PirateGame, voters: tuple[int, ...], r: int, k: Knowledge) -> Node:
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


def _outcome_node(game: PirateGame, r: int, k: Knowledge) -> Node:
    p = game.prediction(r, k)
    name, offer = pirate_name(r), division_text(p.offer)
    values = (("yes", p.yes), ("needed", p.needed))
    children: list[Spec]
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
               with_offer: bool) -> Node:
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


def _overboard_node(game: PirateGame, rank: int) -> Node:
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


_NODES: dict[ReasonKind, Callable[..., Node]] = {ReasonKind.OVERBOARD: _overboard_node, ReasonKind.OFFER: _offer_node, ReasonKind.OUTCOME: _outcome_node,
          ReasonKind.BOUGHT: _bought_node, ReasonKind.EXPECT: _expect_node, ReasonKind.VOTE: _vote_node,
          ReasonKind.DIFFER: _differ_node}

"""Why-graphs of large pirate games, summarized in the game's own words.

In a game with many promises told to many subgroups, an explanation names
hundreds of voter groups who vote alike for the same numbers, each on its
own knowledge.  :func:`why_summary_hooks` tells
:func:`~epistemic.visualize.reason_picture` which reasons are alike (the
same kind of claim about the same round with the same numbers) and words
a box that stands for several: "p37-p300 vote no in round 1: each is
offered 0 coins, ...", the voters joined whatever they know.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from epistemic import Reason
from epistemic.wording import counted

from .division import pirate_name
from .explain import ReasonKind, claim_of
from .game import PirateGame
from .wording import Names, expected_text, names_text

__all__ = ["why_summary_hooks"]


def why_summary_hooks(game: PirateGame, specs: dict) -> dict[str, Callable]:
    """``alike``, ``merged_claim`` and ``chain_note`` for :func:`reason_picture`,
    given the specs :func:`~epistemic.models.pirates.explain.tracing_specs`
    recorded while the trees were built.

    Examples
    --------
    Four pirates, two coins; p3 tells p4 he will divide ``1 1``.  p2, who
    does not know it, and p4, who does, both vote no on p1's offer for the
    same numbers:

    >>> from epistemic.models.pirates import promise
    >>> from epistemic.models.pirates.explain import tracing_specs, why_overboard
    >>> game = PirateGame(4, 2, [promise(4, 3, [1, 1], hearers=[4])])
    >>> with tracing_specs() as specs:
    ...     why = why_overboard(game, 1, depth=1)
    >>> hooks = why_summary_hooks(game, specs)
    >>> p2, p3, p4 = why.because[1:]
    >>> p2.values == p4.values != p3.values, hooks["alike"](p2) == hooks["alike"](p4) != hooks["alike"](p3)
    (True, True)
    >>> hooks["merged_claim"]([p2, p4])
    'p2 and p4 vote no in round 1: each is offered 0 coins, less than the 1 coin each expects if the offer fails'
    """
    def spec(reason: Reason):
        found = specs.get(id(reason))
        return None if found is None or found[0] is not reason else found[1]

    def alike(reason: Reason) -> Hashable:
        s = spec(reason)
        if s is None or s[0] not in (ReasonKind.VOTE, ReasonKind.EXPECT, ReasonKind.DIFFER):
            # other claims are alike only when they say the same words on other knowledge
            return ("claim", reason.claim, reason.values, reason.kind)
        p = game.prediction(s[2], s[3])
        v = s[1][0]
        if s[0] is ReasonKind.VOTE:
            return (s[0], s[2], s[3], s[4], p.offer.share(v), p.expectation(v), v == s[2])
        if s[0] is ReasonKind.DIFFER:
            own = game.prediction(s[2], p.proposer_knowledge)
            return (s[0], s[2], s[3], own.expectation(v), p.expectation(v), p.offer.share(v))
        return (s[0], s[2], s[3], p.expectation(v), v == s[2])

    def merged_claim(reasons: list[Reason]) -> str:
        found = [spec(r) for r in reasons]
        first = found[0]
        if (first is None or first[0] not in (ReasonKind.VOTE, ReasonKind.EXPECT, ReasonKind.DIFFER)
                or any(s is None or s[0] is not first[0] for s in found)):
            return reasons[0].claim
        voters = tuple(sorted({v for s in found for v in s[1]}))
        kind, r, k = first[0], first[2], first[3]
        if kind is ReasonKind.VOTE:
            return claim_of(game, (kind, voters, r, k, first[4]))
        if kind is ReasonKind.DIFFER:
            return claim_of(game, (kind, voters, r, k))
        p = game.prediction(r, k)
        if len({p.voter_view(v).knowledge for v in voters}) == 1:
            return claim_of(game, (kind, voters, r, k))
        g = Names(voters)
        expected = p.expectation(voters[0])
        return (f"{g.verb('expect')} {expected_text(expected)} if {pirate_name(r)}'s offer fails, each in his own "
                f"prediction of round {r + 1}, made on what he knows")

    def chain_note(reasons: list[Reason]) -> str:
        rounds = sorted({r.key[0] for r in reasons if isinstance(r.key, tuple) and r.key})
        n = f"{counted(len(reasons), 'reason')} left out"
        if not rounds:
            return f"{n}, each like the ones above and below"
        if all(r.kind is ReasonKind.OUTCOME and dict(r.values).get("yes", 0) < dict(r.values).get("needed", 0)
               for r in reasons):
            return f"{names_text(rounds)}: each thrown overboard in turn, for the same reason ({n})"
        span = f"round {rounds[0]}" if len(rounds) == 1 else f"rounds {rounds[0]}-{rounds[-1]}"
        return f"{span}: the same reasoning, round after round ({n})"

    return {"alike": alike, "merged_claim": merged_claim, "chain_note": chain_note}


"""What each pirate knows, believes and does, against the seed and a rule on audiences.

Three parts of the code read the audiences of promises: the game's Kripke
model (:meth:`PirateGame.knowledge_of`), :meth:`Knowledge.seen_by`, and the
solver's voter classes (:meth:`PirateGame.knowledge_groups` and every
prediction).  None of them is compared here with another; each is compared
with the seed's words or with :func:`believed`, a rule written out on the
audiences alone.

The rule: pirate ``j`` believes that ``i`` knows exactly the promises that
both ``j`` and ``i`` heard (and further down a chain ``j, i, k, ...``, the
promises every pirate of the chain heard).  It is what the seed's program
does ("this prediction of knowledge of pirate pi is the knowledge of the
superior prediction, and removing all promises that pi does not know
about"), what :class:`~epistemic.Announcement` documents ("the subgroup
learns the content and that the subgroup learned it, while outsiders believe
that nothing was said"), and what :func:`epistemic.announce` documents for
belief ("p3 believes p1 was not told").
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Agent, Knowledge
from epistemic.models.pirates import OfferSource, PirateGame, promise
from strategies import pirate_games

NOTHING = Knowledge.of([])


def hears(announcement, rank: int) -> bool:
    """Pirate ``rank`` hears a public promise, or one whose audience names him."""
    return announcement.audience is None or Agent(f"p{rank}") in announcement.audience


def believed(promises, *chain: int) -> frozenset:
    """What ``chain[0]`` believes ``chain[1]`` believes ... ``chain[-1]`` knows."""
    return frozenset(a for a in promises if all(hears(a, rank) for rank in chain))


def outsiders(game: PirateGame) -> list[int]:
    """Pirates who heard no subgroup promise."""
    private = [a for a in game.announcements if not a.is_public]
    return [rank for rank in range(1, game.pirates + 1) if not any(hears(a, rank) for a in private)]


def public_only(game: PirateGame) -> PirateGame:
    """The same game with its subgroup promises never made."""
    return PirateGame(game.pirates, game.coins, [a for a in game.announcements if a.is_public], game.tie_rule)


# the seed's two subgroup stories -------------------------------------------------------

def story_1() -> tuple[PirateGame, object]:
    # Seed 000: 5 pirates, 3 coins; "{p2,p3,p4,p5} form a subgroup and p2 makes the
    # announcement: ... 1 1 0 1".
    told = promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])
    return PirateGame(5, 3, [told]), told


def story_2() -> tuple[PirateGame, object]:
    # Seed 000: 5 pirates, 4 coins; "The second lowest ranked pirate makes the
    # announcement that he will divide the coins as 2 2 ... he only tells this to the
    # lowest ranked pirate."
    told = promise(5, 4, [2, 2], hearers=[5])
    return PirateGame(5, 4, [told]), told


def test_story_1_knowledge():
    game, told = story_1()
    insiders = (2, 3, 4, 5)
    # "This is now common knowledge among these pirates."
    for j in insiders:
        assert game.knowledge_of(j) == Knowledge.of([told])
        for i in insiders:
            assert game.knowledge_of(j, i) == Knowledge.of([told])
            for k in insiders:
                assert game.knowledge_of(j, i, k) == Knowledge.of([told])
    # p1 was not told: he "will propose the division 1 0 1 0 1 which will be accepted
    # according to his knowledge", so he believes nobody promised anything, and that
    # nobody believes otherwise.
    assert game.knowledge_of(1) == NOTHING
    for i in range(1, 6):
        assert game.knowledge_of(1, i) == NOTHING
        assert game.knowledge_of(i, 1) == NOTHING  # the subgroup knows p1 was not told
    # the solver's groups: p1 alone knows nothing; the subgroup knows the promise
    groups = game.knowledge_groups()
    assert [(g.members, g.knowledge) for g in groups] == [((1,), NOTHING), (insiders, Knowledge.of([told]))]


def test_story_1_p1_acts_as_if_nothing_was_promised():
    game, _ = story_1()
    play = game.play()
    first = play.rounds[0]
    # "the highest ranked pirate will propose the division 1 0 1 0 1": Table 1, row 5,
    # the offer of the game without the promise
    assert first.offer.row() == (1, 0, 1, 0, 1)
    assert first.offer == PirateGame(5, 3).prediction(1).offer
    assert first.source == OfferSource.OPTIMIZED
    # "which will be accepted according to his knowledge"
    mine = game.prediction(1, NOTHING)
    assert mine.offer == first.offer and mine.accepted
    # "However pirate p5 will vote against the proposal": he expects his 1 coin of "1 1 0 1"
    expected = {rank: e for rank, _, e, _ in first.voters()}
    assert expected[5] == 1 and not first.prediction.vote(5)
    assert not first.accepted and play.deaths == [1]


def test_story_2_knowledge():
    game, told = story_2()
    # "he only tells this to the lowest ranked pirate"
    for j in (4, 5):
        assert game.knowledge_of(j) == Knowledge.of([told])
        for i in (4, 5):
            assert game.knowledge_of(j, i) == Knowledge.of([told])
    # p1 "thinks this will be accepted"; p2 "is also not aware of the subgroup
    # announcement"; "The same happens to the next pirate", p3
    for j in (1, 2, 3):
        assert game.knowledge_of(j) == NOTHING
        for i in range(1, 6):
            assert game.knowledge_of(j, i) == NOTHING
            assert game.knowledge_of(i, j) == NOTHING
    groups = game.knowledge_groups()
    assert [(g.members, g.knowledge) for g in groups] == [((1, 2, 3), NOTHING), ((4, 5), Knowledge.of([told]))]


def test_story_2_outsiders_act_as_if_nothing_was_promised():
    game, _ = story_2()
    plain = PirateGame(5, 4)
    play = game.play()
    # Table 7 (the pirates not aware of the promise): p1, p2 and p3 each offer the row of
    # the game without the promise, "1 0 1 0 2", "0 1 0 3", then "1 0 3"; "only the two
    # lowest pirates are remaining. They split the money as promised in the subgroup: 2 2"
    assert [r.offer.row() for r in play.rounds] == [(1, 0, 1, 0, 2), (0, 1, 0, 3), (1, 0, 3), (2, 2)]
    for r in (1, 2, 3):
        assert play.rounds[r - 1].offer == plain.prediction(r).offer
        assert game.prediction(r, NOTHING).accepted  # each "thinks this will be accepted"
        # every outsider still voting expects what the game without the promise predicts
        for rank, _, expected, _ in play.rounds[r - 1].voters():
            if rank in (2, 3) and rank > r:
                assert expected == plain.prediction(r + 1).outcome.payoff(rank)
    assert play.deaths == [1, 2, 3]


# any game: the rule on audiences ------------------------------------------------------------

@given(pirate_games(max_pirates=6, max_coins=4), st.data())
@settings(max_examples=60, deadline=None)
def test_knowledge_and_beliefs_follow_the_audiences(args, data):
    pirates, coins, promises, tie_rule = args
    game = PirateGame(pirates, coins, promises, tie_rule)
    ranks = range(1, pirates + 1)
    for j in ranks:
        assert game.knowledge_of(j).announcements == believed(promises, j)
        for i in ranks:
            assert game.knowledge_of(j, i).announcements == believed(promises, j, i)
            assert game.everything.seen_by(game.agent(j)).seen_by(game.agent(i)).announcements == \
                believed(promises, j, i)
    chain = data.draw(st.lists(st.integers(1, pirates), min_size=3, max_size=4))
    assert game.knowledge_of(*chain).announcements == believed(promises, *chain)
    # the solver groups the pirates by what they heard
    for group in game.knowledge_groups():
        for rank in group.members:
            assert group.knowledge.announcements == believed(promises, rank)
    assert sorted(r for g in game.knowledge_groups() for r in g.members) == list(ranks)


@given(pirate_games(max_pirates=6, max_coins=4))
@settings(max_examples=60, deadline=None)
def test_pirates_act_on_what_they_heard(args):
    pirates, coins, promises, tie_rule = args
    game = PirateGame(pirates, coins, promises, tie_rule)
    plain = public_only(game)
    unaware = outsiders(game)
    for rnd in game.play().rounds:
        r = rnd.number
        if r in unaware:
            # a proposer who heard no subgroup promise offers as if none had been made
            assert rnd.offer == plain.prediction(r).offer
        for rank, _, expected, _ in rnd.voters():
            if rank == r:
                continue
            # each voter expects the outcome of his prediction of the next round, made
            # on the promises he heard
            own = game.solver.prediction(r + 1, Knowledge.of(believed(promises, rank)))
            assert expected == own.outcome.payoff(rank)
            if rank in unaware:
                assert expected == plain.prediction(r + 1).outcome.payoff(rank)

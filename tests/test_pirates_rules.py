"""The rule variants of the pirate game: each against a brute force, small
tables derived by hand, the promises and knowledge under every variant, and
how Stewart's 2M + 2**k pattern moves (closed forms derived in docs/pirates.md).
"""

from __future__ import annotations

import json
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Knowledge
from epistemic.cli.main import main
from epistemic.models.pirates import (DEAD, OfferSource, PirateGame, PirateGameError, PirateSolver, Rules, promise,
                                     surviving_crews)
from strategies import pirate_games, pirate_rules
from test_pirates_properties import divisions

NOTHING = Knowledge.of([])
SEED = Rules()
STRICT = Rules(majority="strict")
ABSTAINS = Rules(proposer_votes=False)
BOTH = Rules(majority="strict", proposer_votes=False)
PEACEFUL = Rules(indifferent="yes")
KEEPS = Rules(doomed_proposer="keeps")
EVERY_RULES = [Rules(m, v, i, d) for m, v, i, d in product(("half", "strict"), (True, False), ("no", "yes"),
                                                          ("buys", "keeps"))]


# a brute force, written from the rules' words alone ----------------------------------

def brute_force(pirates: int, coins: int, strict: bool, proposer_votes: bool, peaceful: bool):
    """``{round: (accepted, offer or None, outcome)}`` by backward induction over every division.

    Shares are tuples for ranks ``round .. pirates``; the outcome gives
    :data:`DEAD` to the pirates thrown overboard.  Among the proposer's best
    offers the tie is broken as the seed's tables do, for the voters ranked
    lowest: the largest row read lowest-ranked pirate first.
    """
    result = {pirates: (True, (coins,), (coins,))}
    for r in range(pirates - 1, 0, -1):
        following = result[r + 1][2]  # payoffs of ranks r + 1 .. pirates
        cast = pirates - r + 1 if proposer_votes else pirates - r
        best = None
        for shares in divisions(coins, pirates - r + 1):
            yes = 1 if proposer_votes else 0
            for offered, expected in zip(shares[1:], following):
                if expected == DEAD or offered > expected or (peaceful and offered == expected):
                    yes += 1
            passes = 2 * yes > cast if strict else 2 * yes >= cast
            if passes:
                rank_key = (shares[0], shares[:0:-1])
                if best is None or rank_key > best[0]:
                    best = (rank_key, shares)
        if best is None:
            result[r] = (False, None, (DEAD, *following))
        else:
            result[r] = (True, best[1], best[1])
    return result


def shares_of(division, r: int, pirates: int) -> tuple[int, ...]:
    return tuple(division.payoff(rank) for rank in range(r, pirates + 1))


@given(st.integers(2, 6), st.integers(0, 4), pirate_rules())
@settings(max_examples=150, deadline=None)
def test_every_variant_agrees_with_the_brute_force(pirates, coins, rules):
    solver = PirateSolver(pirates, coins, rules=rules)
    expected = brute_force(pirates, coins, rules.majority == "strict", rules.proposer_votes,
                           rules.indifferent == "yes")
    for r in range(1, pirates + 1):
        p = solver.prediction(r, NOTHING)
        accepted, offer, outcome = expected[r]
        assert p.accepted == accepted, r
        assert shares_of(p.outcome, r, pirates) == outcome, r
        if accepted:
            assert shares_of(p.offer, r, pirates) == offer, r
        assert p.offer.total == coins


# small tables, derived by hand ------------------------------------------------------

def table(rules: Rules, pirates: int = 4, coins: int = 3):
    return PirateGame(pirates, coins, rules=rules).table(NOTHING)


def test_seed_table_is_unchanged_by_default_rules():
    assert table(SEED, 6) == [(3,), (0, 3), (1, 0, 2), (0, 1, 0, 2), (1, 0, 1, 0, 1), (0, 1, 0, 1, 0, 1)]


def test_strict_majority_table():
    # two pirates: the proposer needs the other's vote, who gets all 3 coins
    # if he throws him overboard; he cannot buy it and keeps the coins he
    # cannot spend.  Three: the second is doomed and votes yes for nothing.
    # Four: two votes besides his own, from the two who expect nothing.
    assert table(STRICT) == [(3,), (0, 3), (0, 0, 3), (1, 1, 0, 1)]
    assert PirateGame(4, 3, rules=STRICT).play().deaths == []
    assert PirateGame(2, 3, rules=STRICT).play().outcome.row() == (3,)


def test_an_abstaining_proposer_plays_as_a_strict_majority():
    # with m alive he needs floor(m / 2) others' votes under either rule
    assert table(ABSTAINS) == table(STRICT)
    p = PirateSolver(4, 3, rules=ABSTAINS).prediction(1, NOTHING)
    assert (p.yes, p.needed, p.votes(1), p.vote(3)) == (2, 2, False, True)
    q = PirateSolver(4, 3, rules=STRICT).prediction(1, NOTHING)
    assert (q.yes, q.needed) == (3, 3)


def test_strict_majority_without_the_proposer():
    # two: the one voter expects all 3 coins; three: both voters are needed and
    # the last expects all 3 coins (the second would die and votes for nothing);
    # four: the two who would die next are enough
    assert table(BOTH) == [(3,), (0, 3), (0, 0, 3), (0, 0, 0, 3)]
    assert PirateGame(4, 3, rules=BOTH).play().deaths == []
    assert PirateGame(3, 3, rules=BOTH).play().deaths == [1, 2]


def test_peaceful_pirates_give_nothing():
    # a voter who expects nothing votes yes for nothing, so a proposer keeps it all
    assert table(PEACEFUL) == [(3,), (0, 3), (0, 0, 3), (0, 0, 0, 3)]
    # two pirates under a strict majority: the last one is offered what he expects and lets him live
    assert table(Rules(majority="strict", indifferent="yes"), 2) == [(3,), (3, 0)]
    # bought votes cost what the voter expects, not a coin more
    p = PirateSolver(3, 3, rules=Rules(majority="strict", proposer_votes=False, indifferent="yes")).prediction(
        1, NOTHING)
    assert (p.offer.row(), p.paid, p.free_votes) == ((3, 0, 0), ((3, 3),), 1)


def test_a_doomed_proposer_keeps_every_coin_or_buys_what_he_can():
    # 5 pirates, 1 coin: p1 is doomed (5 = 2M + 3); he buys p5 or keeps the coin
    buys = PirateSolver(5, 1).prediction(1, NOTHING)
    keeps = PirateSolver(5, 1, rules=KEEPS).prediction(1, NOTHING)
    assert (buys.accepted, buys.offer.row()) == (False, (1, 0, 0, 0, 0))
    assert (keeps.accepted, keeps.offer.row()) == (False, (0, 0, 0, 0, 1))
    assert buys.outcome == keeps.outcome


def test_a_doomed_proposers_offer_matters_to_voters_who_know_more():
    # p2 tells p3 he will keep the coin, so p2 expects to die if p1 fails and
    # votes for anything; p1 does not know, thinks he is doomed, and his offer
    # decides: bought, p5's vote saves him; kept, p1 and p2 go overboard
    told = [promise(5, 2, [0, 0, 0, 1], hearers=[3])]
    buys = PirateGame(5, 1, told).play()
    keeps = PirateGame(5, 1, told, rules=KEEPS).play()
    assert (buys.deaths, buys.outcome.row()) == ([], (1, 0, 0, 0, 0))
    assert (keeps.deaths, keeps.outcome.row()) == ([1, 2], (1, 0, 0))


# promises and knowledge under every variant -------------------------------------------

@given(pirate_games(max_pirates=7, max_coins=5), pirate_rules())
@settings(max_examples=80, deadline=None)
def test_votes_under_every_variant(args, rules):
    pirates, coins, promises, tie_rule = args
    game = PirateGame(pirates, coins, promises, tie_rule, rules)
    for rnd in game.play().rounds:
        p, r = rnd.prediction, rnd.number
        voters = rnd.voters()
        cast = [(rank, vote) for rank, *_, vote in voters if p.votes(rank)]
        assert len(cast) == (pirates - r + 1 if rules.proposer_votes else pirates - r)
        yes = sum(1 for _, vote in cast if vote)
        assert p.yes == yes
        strict = rules.majority == "strict"
        assert rnd.accepted == (r == pirates or (2 * yes > len(cast) if strict else 2 * yes >= len(cast)))
        for rank, offered, expected, vote in voters[1:]:
            # the voter's expectation is his own prediction of the next round
            assert expected == game.solver.prediction(r + 1, game.knowledge_of(rank)).outcome.payoff(rank)
            peaceful_yes = rules.indifferent == "yes" and offered == expected
            assert vote == (offered > expected or peaceful_yes)


@given(pirate_games(max_pirates=7, max_coins=5), pirate_rules())
@settings(max_examples=60, deadline=None)
def test_promises_are_kept_and_proposers_act_on_their_own_knowledge(args, rules):
    pirates, coins, promises, tie_rule = args
    game = PirateGame(pirates, coins, promises, tie_rule, rules)
    promised = {a.content.maker: a.content.division for a in game.announcements}
    for rnd in game.play().rounds:
        own = game.prediction(rnd.number, game.knowledge_of(rnd.number))
        assert rnd.offer == own.offer
        if rnd.number in promised and rnd.number < pirates:  # the last pirate takes all, whatever he said
            assert own.source is OfferSource.PROMISE and rnd.offer == promised[rnd.number]
        elif own.source is OfferSource.OPTIMIZED and not own.accepted and rules.doomed_proposer == "keeps":
            assert own.offer.share(rnd.number) == coins


@given(pirate_games(max_pirates=6, max_coins=4), pirate_rules())
@settings(max_examples=20, deadline=None)
def test_memoized_and_naive_solvers_agree_under_every_variant(args, rules):
    pirates, coins, promises, tie_rule = args
    game = PirateGame(pirates, coins, promises, tie_rule, rules)
    naive = PirateSolver(pirates, coins, tie_rule, rules=rules, memo=False)
    for r in range(1, pirates + 1):
        memo, tree = game.prediction(r), naive.prediction(r, game.everything)
        assert (tree.offer, tree.outcome, tree.yes, tree.needed) == (memo.offer, memo.outcome, memo.yes, memo.needed)


@given(pirate_games(max_pirates=7, max_coins=5), st.sampled_from(("no", "yes")), st.sampled_from(("buys", "keeps")))
@settings(max_examples=60, deadline=None)
def test_strict_majority_and_abstaining_proposer_play_alike_with_promises(args, indifferent, doomed):
    pirates, coins, promises, tie_rule = args
    strict = PirateGame(pirates, coins, promises, tie_rule, Rules("strict", True, indifferent, doomed)).play()
    abstain = PirateGame(pirates, coins, promises, tie_rule, Rules("half", False, indifferent, doomed)).play()
    assert [r.offer for r in strict.rounds] == [r.offer for r in abstain.rounds]
    assert strict.outcome == abstain.outcome
    # the abstaining proposer's own yes is missing from both the count and the bar
    assert all(s.prediction.yes - a.prediction.yes == s.prediction.needed - a.prediction.needed == 1
               for s, a in zip(strict.rounds, abstain.rounds))


def test_the_seed_story_under_a_strict_majority():
    # p2's promise "1 1 0 1" to {p2, ..., p5} (seed Tables 5 and 6) throws p1
    # overboard under the seed's rules.  Under a strict majority the four-pirate
    # row is already 1 1 0 1 (p2 needs two votes besides his own), so the
    # promise tells its hearers nothing new: p1 buys p3 for 1 and p5 for 2 and lives
    story = [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])]
    game = PirateGame(5, 3, story, rules=STRICT)
    assert game.table(game.knowledge_of(5)) == game.table(game.knowledge_of(1)) == [
        (3,), (0, 3), (0, 0, 3), (1, 1, 0, 1), (2, 0, 1, 0, 0)]
    play = game.play()
    assert play.deaths == [] and play.outcome.row() == (2, 0, 1, 0, 0)
    assert [vote for *_, vote in play.rounds[0].voters()] == [True, False, True, False, True]
    assert game.knowledge_of(1) == NOTHING and game.knowledge_of(3, 1) == NOTHING


def test_a_game_refuses_a_solver_made_for_other_rules():
    with pytest.raises(PirateGameError, match="another game"):
        PirateGame(4, 3, rules=STRICT, solver=PirateSolver(4, 3))
    with pytest.raises(PirateGameError, match="Rules value"):
        PirateGame(4, 3, rules="strict")
    assert PirateGame(4, 3, rules=STRICT) != PirateGame(4, 3)


def test_rules_are_checked():
    with pytest.raises(Exception, match="unknown majority 'most'"):
        Rules(majority="most")
    with pytest.raises(Exception, match="proposer_votes must be True or False"):
        Rules(proposer_votes="no")
    assert Rules("strict", False, "yes", "keeps").to_dict() == {
        "majority": "strict", "proposer_votes": False, "indifferent": "yes", "doomed_proposer": "keeps"}
    assert str(SEED) == "the seed's rules"


def test_the_command_line_takes_the_rules(capsys):
    assert main(["pirates", "-n", "4", "-m", "3", "--majority", "strict", "--proposer-abstains", "--peaceful",
                 "--doomed-proposer", "keeps", "--json-detail"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == {"majority": "strict", "proposer_votes": False, "indifferent": "yes",
                             "doomed_proposer": "keeps"}
    # p4 would get all 3 coins from p2 (who must buy p3 and p4, and p3 expects nothing);
    # p2 and p3, expecting nothing, vote yes for nothing
    assert [v["vote"] for v in data["rounds"][0]["voters"]] == ["abstains", "yes", "yes", "no"]
    assert data["table"]["rows"] == [[3], [3, 0], [3, 0, 0], [0, 0, 0, 3]]
    assert main(["pirates", "-n", "4", "-m", "3", "--no-tables"]) == 0
    assert "Rules:" not in capsys.readouterr().out  # the seed's rules go unsaid


# Stewart's pattern -----------------------------------------------------------------

def is_power_of_two(k: int) -> bool:
    return k > 0 and k & (k - 1) == 0


def closed_form(n: int, coins: int, extra: int) -> bool:
    """Whether the first of ``n`` pirates lives, by the closed forms of docs/pirates.md;
    ``extra`` is the number of votes the rules add to the seed's (0, 1 or 2)."""
    m = coins
    if extra == 0:
        return n <= 2 * m or is_power_of_two(n - 2 * m)
    if extra == 1:
        return n == 1 or 3 <= n <= 2 * m - 1 or (n > 2 * m and is_power_of_two(n - 2 * m + 1))
    return n == 1 or 4 <= n <= 2 * m - 4 or n == 2 * m - 2 or (n > 2 * m - 1 and is_power_of_two(n - 2 * m + 2))


@pytest.mark.parametrize("rules, extra, least_coins", [(SEED, 0, 0), (STRICT, 1, 4), (ABSTAINS, 1, 4), (BOTH, 2, 6),
                                                       (KEEPS, 0, 0)], ids=str)
def test_survivors_follow_the_closed_forms(rules, extra, least_coins):
    for coins in [least_coins, least_coins + 1, 9, 20]:
        most = 2 * coins + 140
        alive = set(surviving_crews(most, coins, rules))
        assert [n for n in range(1, most + 1) if (n in alive) != closed_form(n, coins, extra)] == [], coins


def test_stewart_with_a_hundred_coins_up_to_a_thousand_pirates():
    beyond = {str(rules): [n for n in surviving_crews(1000, 100, rules) if n > 200]
              for rules in (SEED, STRICT, BOTH)}
    assert beyond == {
        str(SEED): [201, 202, 204, 208, 216, 232, 264, 328, 456, 712],
        str(STRICT): [201, 203, 207, 215, 231, 263, 327, 455, 711],
        str(BOTH): [202, 206, 214, 230, 262, 326, 454, 710],
    }


@given(st.integers(0, 30), st.sampled_from([(SEED, 0), (STRICT, 1), (ABSTAINS, 1), (BOTH, 2)]))
@settings(max_examples=30, deadline=None)
def test_beyond_2m_pirates_the_surviving_crews_double(coins, rules_extra):
    # a proposer of s pirates who keeps nothing pays M pirates a coin each; the next crew to
    # survive has s - M - 1 + e doomed voters more, where e is the votes the rules add
    rules, extra = rules_extra
    alive = surviving_crews(2 * coins + 100, coins, rules)
    for s, t in zip(alive, alive[1:]):
        if s > 2 * coins:
            assert t == 2 * (s - coins) + extra


@pytest.mark.parametrize("rules", [r for r in EVERY_RULES if r.indifferent == "yes"], ids=str)
def test_peaceful_pirates_never_throw_anyone_overboard(rules):
    for coins in (0, 1, 100):
        assert surviving_crews(300, coins, rules) == list(range(1, 301))


def test_peaceful_free_voters_are_named():
    # four pirates, three coins, peaceful: p3 and p4 expect nothing from p2's round and say yes for
    # nothing, so p1 keeps all three coins; the explanation names them (and nobody is bought)
    from epistemic.models.pirates.explain import why_offer
    why = why_offer(PirateGame(4, 3, rules=PEACEFUL), 1, NOTHING, depth=1)
    assert "1 vote comes free" in why.claim
    [voters] = why.because
    assert voters.claim.startswith("in their prediction of round 2, p3 and p4 expect nothing and, being peaceful, "
                                   "vote yes for nothing")
    assert dict(voters.values) == {"peaceful": 2}
    # without the peaceful rule they are bought, and no voter is called peaceful
    seed = why_offer(PirateGame(4, 3), 1, NOTHING, depth=1)
    assert "peaceful" not in seed.because[0].claim

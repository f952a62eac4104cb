"""The chain of public rounds (models/pirates/chain.py) against the solver's
generators, decision by decision.

A solver made with ``chain=False`` solves every prediction through the DAG's
generators (:meth:`PirateSolver._predict`), as it did before rounds of public
knowledge were solved as a chain and kept as a few numbers each; it is the
reference here.  Every prediction either solver holds, every round played
(offer, votes, outcome), every table and the JSON must be the same.
"""

from __future__ import annotations

import copy
import gc
import io
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Announcement, Knowledge
from epistemic.models.pirates import (Division, OfferSource, Pirate, PirateGame, PirateSolver, Promise, Rules,
                                     promise)
from epistemic.models.pirates.game import PlayedRounds, Round
from epistemic.models.pirates.report import write_json
from strategies import pirate_games, pirate_rules, promise_sets

NOTHING = Knowledge.of([])


def _pair(pirates, coins, promises, tie_rule, rules=Rules()):
    """The game solved as a chain, and the same game solved by the generators alone."""
    games = [PirateGame(pirates, coins, promises, tie_rule, rules,
                        solver=PirateSolver(pirates, coins, tie_rule, rules=rules, chain=chain))
             for chain in (True, False)]
    return games[0], games[1]


def _votes(game):
    return [(r.number, r.offer, r.source, r.voters(), r.accepted) for r in game.play().rounds]


def _played_one_by_one(game):
    """The rounds as the play found them before it read the last one off the first
    round's outcome: round after round until an offer passes."""
    rounds = []
    for r in range(1, game.pirates + 1):
        p = game.solver.prediction(r, game.everything)
        own = p if p.source is not OfferSource.PROPOSER else game.solver.prediction(r, p.proposer_knowledge)
        rounds.append(Round(p, own.source))
        if p.accepted:
            return tuple(rounds)
    raise AssertionError("the last pirate always accepts his own offer")


def assert_same(fast: PirateGame, reference: PirateGame) -> None:
    """Every decision of ``fast`` is ``reference``'s."""
    assert fast.play() == reference.play()
    assert fast.play().rounds == _played_one_by_one(reference)
    assert fast.play().outcome == _played_one_by_one(reference)[-1].offer
    assert _votes(fast) == _votes(reference)
    assert fast.play_predictions() == reference.play_predictions()
    for group in reference.knowledge_groups():
        assert fast.table(group.knowledge) == reference.table(group.knowledge)
        assert fast.table_predictions(group.knowledge) == reference.table_predictions(group.knowledge)
    # the same predictions, no more and no fewer, each equal
    assert fast.dag_nodes() == reference.dag_nodes()
    assert set(fast.solver.dag.keys()) == set(reference.solver.dag.keys())
    for key in reference.solver.dag.keys():
        assert fast.solver.dag[key] == reference.solver.dag[key], key
        assert fast.solver.dag.children(key) == reference.solver.dag.children(key), key
    written = []
    for game in (fast, reference):
        out = io.StringIO()
        write_json(game, out)
        written.append(out.getvalue())
    assert written[0] == written[1]


@given(pirate_games(max_pirates=40, max_coins=25), pirate_rules())
@settings(max_examples=80, deadline=None)
def test_the_chain_decides_as_the_generators_do(args, rules):
    assert_same(*_pair(*args, rules))


@st.composite
def public_games(draw):
    """Games of public promises only, where every round is on public knowledge."""
    pirates = draw(st.integers(2, 60))
    coins = draw(st.integers(0, 30))
    promises = draw(promise_sets(pirates, coins, max_promises=4, public=True))
    return pirates, coins, promises, draw(st.sampled_from(["lowest", "highest"]))


@given(public_games(), pirate_rules())
@settings(max_examples=80, deadline=None)
def test_public_promises_chain_as_the_generators_decide(args, rules):
    assert_same(*_pair(*args, rules))


@pytest.mark.parametrize("pirates, coins", [(300, 100), (1_200, 7), (1_100, 0), (700, 400), (2_100, 10)])
def test_long_plain_games_chain_as_the_generators_decide(pirates, coins):
    assert_same(*_pair(pirates, coins, [], "lowest"))


def test_a_prediction_made_again_is_the_same_object_while_it_is_held():
    solver = PirateSolver(50, 10)
    p = solver.prediction(3, NOTHING)
    assert solver.prediction(3, NOTHING) is p
    assert solver.dag[3, NOTHING] is p
    ident = id(p)
    del p
    gc.collect()
    # let go, it is made again equal: the store keeps numbers, not the object
    again = solver.prediction(3, NOTHING)
    assert again == PirateSolver(50, 10, chain=False).prediction(3, NOTHING)
    assert isinstance(ident, int)


def test_the_store_counts_and_lists_every_solved_prediction():
    solver = PirateSolver(30, 5)
    solver.prediction(10, NOTHING)  # rounds 10 to 30
    solver.prediction(4, NOTHING)  # and 4 to 9, below them
    assert len(solver.dag) == 27
    assert sorted(r for r, _ in solver.dag.keys()) == list(range(4, 31))
    assert (3, NOTHING) not in solver.dag
    assert all((r, NOTHING) in solver.dag for r in range(4, 31))
    # the later chain continues the earlier: one chain of rounds 4 to 30
    assert [(c.lo, c.hi) for c in solver._store._chains[NOTHING]] == [(4, 30)]
    with pytest.raises(KeyError):
        solver._store[3, NOTHING]
    with pytest.raises(TypeError, match="kept"):
        del solver._store[4, NOTHING]


def test_doomed_rounds_share_their_offer_in_the_store():
    # 2,000 pirates, 10 coins: p1 to p956 drown, each offering the same ten coins to the same ten
    # pirates; the store keeps those shares once, not once a round
    game = PirateGame(2_000, 10)
    game.play()
    store = game.solver._store
    assert len(store) == 2_000
    assert len(store._shares) < 1_100  # one a round would be 2,000; the doomed 956 share one


def test_the_played_rounds_are_a_sequence_of_rounds():
    game, reference = _pair(300, 100, [], "lowest")
    rounds, kept = game.play().rounds, reference.play().rounds
    assert isinstance(rounds, PlayedRounds)
    assert len(rounds) == len(kept) == 37  # 2M + 2^6 = 264 of 300 live: p1 to p36 drown, p37 lives
    assert rounds[-1] == kept[-1] and rounds[0] == kept[0] and rounds[2:5] == tuple(kept[2:5])
    assert rounds == tuple(kept) and list(rounds) == list(kept)
    assert hash(rounds) == hash(tuple(kept))
    assert rounds[-37] == kept[0]
    with pytest.raises(IndexError, match="37 rounds"):
        rounds[37]
    assert rounds != "not rounds"


@given(public_games(), st.booleans())
@settings(max_examples=40, deadline=None)
def test_a_solver_shared_by_games_keys_each_knowledge_by_its_own_promises(args, plain_first):
    # the key of a round drops the promises of pirates overboard, read off the knowledge asked about:
    # asked on no promise first, then on the game's, each is keyed by its own
    pirates, coins, promises, tie_rule = args
    solver = PirateSolver(pirates, coins, tie_rule)
    plain, game = (PirateGame(pirates, coins, p, tie_rule, solver=solver) for p in ([], promises))
    first, second = (plain, game) if plain_first else (game, plain)
    first.play()
    for played in (first, second):
        assert played.table(played.everything) == PirateGame(pirates, coins, played.announcements,
                                                              tie_rule).table(played.everything)


@given(public_games(), st.data())
@settings(max_examples=40, deadline=None)
def test_a_chain_stops_at_the_first_round_solved_either_way(args, data):
    # rounds solved by the generators (asked of the DAG directly) and rounds solved as a chain
    # (asked of the solver) meet: each round is solved once, as the generators alone solve it
    pirates, coins, promises, tie_rule = args
    knowledge = Knowledge.of(promises)
    solver = PirateSolver(pirates, coins, tie_rule)
    reference = PirateSolver(pirates, coins, tie_rule, chain=False)
    for _ in range(3):
        r = data.draw(st.integers(1, pirates))
        if data.draw(st.booleans()):
            solver.dag[solver.key(r, knowledge)]
            reference.dag[reference.key(r, knowledge)]
        else:
            solver.prediction(r, knowledge)
            reference.prediction(r, knowledge)
        assert len(solver.dag) == len(reference.dag)
        assert sorted(solver.dag.keys(), key=lambda k: k[0]) == sorted(reference.dag.keys(), key=lambda k: k[0])
    for r in range(1, pirates + 1):
        assert solver.prediction(r, knowledge) == reference.prediction(r, knowledge)
    assert len(solver.dag) == len(reference.dag)


@pytest.mark.parametrize("shares", [((2, 3), (0, 3)), ((2, 4), (0, 3)), ((2, 3, 4), (0, 2, 1))])
def test_a_promise_that_names_its_maker_with_no_coins_is_made_again_as_promised(shares):
    # Division's own constructor takes a zero share, which from_row drops: the maker listed with
    # nothing is another Division than the maker left out, and the chain must give back the one promised
    ranks, amounts = shares
    pirates = ranks[-1]
    promised = Announcement(Pirate(2), Promise(Division(2, pirates, ranks, amounts)))
    assert_same(*_pair(pirates, 3, [promised], "lowest"))
    assert PirateSolver(pirates, 3).prediction(2, Knowledge.of([promised])).offer == promised.content.division


def test_a_played_game_pickles_and_copies_as_it_did_before_the_chain():
    game = PirateGame(40, 5, [promise(40, 30, [1] * 5 + [0] * 6)])
    play = game.play()
    again = pickle.loads(pickle.dumps(game))
    assert again.play() == play and again.table(again.everything) == game.table(game.everything)
    assert pickle.loads(pickle.dumps(play)) == play
    assert copy.deepcopy(play) == play
    # the copy's store goes on as a store: new rounds chain below the ones it was given
    fresh = PirateSolver(40, 5, chain=False)
    for r in (1, 12, 29, 40):
        assert again.solver.prediction(r, NOTHING) == fresh.prediction(r, NOTHING)


@pytest.mark.parametrize("coins", [2 ** 63 - 1, 2 ** 63, 10 ** 30])
def test_more_coins_than_a_machine_word_holds_chain_as_the_generators_decide(coins):
    # the store keeps a proposer's own share as a number of a round; Python's own ints have no bound
    assert_same(*_pair(7, coins, [], "lowest"))
    assert_same(*_pair(7, coins, [promise(7, 3, [coins - 1, 0, 1, 0, 0])], "highest"))

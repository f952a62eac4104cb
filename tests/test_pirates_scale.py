"""The solver at scale: what it shares and keeps, and that sharing changes no prediction.

The figures of large games (100,000 and 1,000,000 pirates) are measured by
``benchmarks/pirates.py``; these tests check the mechanisms behind them on
games small enough to run in a fraction of a second.
"""

from __future__ import annotations

import tracemalloc

from hypothesis import example, given, settings
from hypothesis import strategies as st

from epistemic import Knowledge, PredictionDAG
from epistemic.models.pirates import DEAD, Division, OfferSource, PirateGame, PirateSolver, runs
from epistemic.models.pirates.runs import division_pieces, expand_runs, rank_runs_text, runs_of
from strategies import pirate_games, pirate_rules

NOTHING = Knowledge.of([])


def _game(args, rules) -> PirateGame:
    pirates, coins, promises, tie_rule = args
    return PirateGame(pirates, coins, promises, tie_rule, rules)


@given(pirate_games(max_pirates=8, max_coins=5), pirate_rules())
@settings(max_examples=60, deadline=None)
def test_solving_the_last_rounds_first_adds_no_prediction_and_changes_none(args, rules):
    # PirateSolver.prediction solves the later rounds of public knowledge first; asking
    # the DAG directly solves from the first round down: the same predictions either way
    game = _game(args, rules)
    played = len(game.play().rounds)
    top_down = PirateSolver(game.pirates, game.coins, game.tie_rule, rules=rules)
    for r in range(1, played + 1):
        top_down.dag[top_down.key(r, game.everything)]
    assert set(top_down.dag.keys()) == set(game.solver.dag.keys())
    assert all(top_down.dag[k] == game.solver.dag[k] for k in top_down.dag.keys())


@given(pirate_games(max_pirates=8, max_coins=5), pirate_rules())
@settings(max_examples=60, deadline=None)
def test_the_edges_made_again_are_the_predictions_asked_for(args, rules):
    game = _game(args, rules)
    game.play()
    solver = game.solver
    kept = PredictionDAG(solver._predict)  # a DAG that keeps the edges it was asked for
    for key in list(solver.dag.keys()):
        kept[key]
    assert set(kept.keys()) == set(solver.dag.keys())
    assert all(kept.children(k) == solver.dag.children(k) for k in kept.keys())
    # every kind of edge is made again in some game: a failed offer asks for the next round
    assert any(label == "outcome" for k in kept.keys() for label, _ in kept.children(k)) == (
        any(not solver.dag[k].accepted for k in kept.keys()))


def test_doomed_proposers_share_one_offer():
    # 2,000 pirates, 10 coins: the crew of 2M + 2^10 = 1,044 is the first to live, so p1 to p956
    # drown, each offering a coin to the same ten pirates: their offers share their shares
    game = PirateGame(2_000, 10)
    play = game.play()
    assert play.outcome.first == 2_000 - (20 + 2 ** 10) + 1
    offers = [r.offer for r in play.rounds[:-1]]
    assert {(o.ranks, o.amounts) for o in offers} == {(tuple(range(1981, 2000, 2)), (1,) * 10)}
    assert all(o.ranks is offers[0].ranks and o.amounts is offers[0].amounts for o in offers)
    assert all(r.prediction.source is OfferSource.OPTIMIZED and r.prediction.paid == tuple(
        zip(range(1981, 2000, 2), (1,) * 10)) for r in play.rounds[:-1])


def test_a_prediction_of_a_large_plain_game_is_small():
    # a round of public knowledge is kept as five numbers in the store's chain, its offer's shares
    # shared with the rounds that offer alike: about 0.27 KB a round here with what every game
    # keeps besides (0.1 KB a round at 100,000 pirates), against 0.8 KB when each round was kept as
    # a Prediction and 9 KB when each kept its own shares
    tracemalloc.start()
    try:
        game = PirateGame(10_000, 100)
        game.play()
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert game.dag_nodes() == 10_000
    assert held < 400 * 10_000 and peak < 500 * 10_000


# the compact JSON of large games ----------------------------------------------------------

@st.composite
def piece_lists(draw):
    """Consecutive pieces of a few values, as a column of a round is cut."""
    at = draw(st.integers(1, 5))
    pieces = []
    for _ in range(draw(st.integers(1, 12))):
        width = draw(st.integers(0, 3))
        pieces.append((at, at + width, draw(st.sampled_from([0, 1, "no", DEAD]))))
        at += width + 1
    return pieces


@given(piece_lists())
@example([(1, 1, 0), (2, 2, 1), (3, 3, 0)])  # a lone first pirate joins the progression "p1, p3"
@settings(max_examples=200, deadline=None)
def test_runs_after_a_long_first_run_are_written_as_on_their_own(pieces):
    # runs_of writes what follows a first run of two pirates or more from a cache: the same runs
    assert runs_of(pieces) == runs._runs(pieces)
    assert expand_runs(runs_of(pieces)) == {r: v for a, b, v in pieces for r in range(a, b + 1)}


@given(st.integers(1, 30), st.integers(1, 30), st.lists(st.integers(0, 3), min_size=1, max_size=30))
@settings(max_examples=200, deadline=None)
def test_division_pieces_say_every_share(lo, width, row):
    d = Division.from_row(1, len(row), row)
    lo = min(lo, d.last)
    hi = min(lo + width, d.last)
    pieces = division_pieces(d, lo, hi)
    assert all(a <= b for a, b, _ in pieces)
    assert [r for a, b, _ in pieces for r in range(a, b + 1)] == list(range(lo, hi + 1))
    assert all(v == d.share(r) for a, b, v in pieces for r in range(a, b + 1))


@given(st.integers(1, 50), st.integers(0, 50))
def test_a_range_of_pirates_is_one_run(first, more):
    assert rank_runs_text(range(first, first + more)) == rank_runs_text(list(range(first, first + more)))

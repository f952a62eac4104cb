"""Our games in Gambit: the exports load, and Gambit finds our solutions subgame perfect.

Needs the optional extra ``gambit`` (pygambit); ``.ci/run`` installs it.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from gambit_check import gbt, load, our_profile, subgame_regrets, subgame_roots
from test_export_efg import NAMES, Named

from epistemic.export import label_from_efg, to_efg
from epistemic.extensive import PerfectInformation, tree_size
from epistemic.models.centipede import Centipede
from epistemic.models.dinner import Dinner
from epistemic.models.dinner.game import DinnerGame, solve as solve_dinner
from epistemic.models.numberline.game import NumberLine
from epistemic.models.numberline.solve import solve as solve_numberline
from epistemic.models.pirates import PirateGame, Rules, promise
from epistemic.models.pirates.tree import PirateTree


def _zero_regret_everywhere(tree):
    regrets = subgame_regrets(tree)
    assert regrets, "every game here has at least the whole game as a subgame"
    assert [(node, regret) for node, regret in regrets if regret != 0] == []
    return regrets


def _values(tree):
    """What each player gets under our solution, as Gambit computes it from the root."""
    game = load(tree)
    profile = our_profile(game, tree)
    return tuple(Fraction(str(profile.payoff(player))) for player in game.players)


def _solver_payoffs(tree):
    """The payoffs of the first equilibrium Gambit's own solver finds in a two-player
    constant-sum game (its linear complementarity solver, on the sequence form)."""
    game = load(tree)
    assert game.is_const_sum
    found = gbt.nash.lcp_solve(game, rational=True).equilibria
    assert found
    return tuple(Fraction(str(found[0].payoff(player))) for player in game.players)


# the centipede ---------------------------------------------------------------------------------
@pytest.mark.parametrize("length", range(1, 9))
def test_centipede_is_subgame_perfect_in_gambit(length):
    tree = Centipede(length=length).extensive_form()
    regrets = _zero_regret_everywhere(tree)
    assert len(regrets) == length  # every move starts a subgame
    # McKelvey and Palfrey's piles: every Nash equilibrium takes at once, so Gambit's solver
    # must find our payoffs, (40, 10)
    assert _values(tree) == (40, 10)
    game = load(tree)
    found = gbt.nash.lcp_solve(game, rational=True).equilibria
    assert [tuple(eq.payoff(p) for p in game.players) for eq in found[:1]] == [(40, 10)]


def test_a_wrong_move_off_the_play_is_caught():
    """The check is not blind to play nobody reaches: p2 passing at the last move of the
    four-move centipede (never reached, as p1 takes at once) forgoes 160 there, and then
    p1 taking at move 3 forgoes 480 (passing would give him 640)."""
    tree = Centipede(length=4).extensive_form()
    right = tree.strategy

    def wrong(node):
        return "pass" if node[0] == 4 else right(node)
    tree.strategy = wrong
    regrets = {node[0]: regret for node, regret in subgame_regrets(tree) if regret}
    assert regrets == {3: 480, 4: 160}


# Ethiopian Dinner -----------------------------------------------------------------------------------
def _random_dinner(seed: int) -> DinnerGame:
    rng = random.Random(seed)
    players = rng.choice((2, 2, 3))
    size = rng.randint(1, 5)
    morsels = [tuple(rng.randint(0, 9) for _ in range(players)) for _ in range(size)]
    order = tuple(rng.randrange(players) for _ in range(size))   # any turn order, repeats included
    return DinnerGame(Dinner(morsels, "listed"), order)


@pytest.mark.parametrize("seed", range(50))
def test_random_dinners_are_subgame_perfect_in_gambit(seed):
    game = _random_dinner(seed)
    solution = solve_dinner(game)
    tree = game.extensive_form(solution.solved)
    _zero_regret_everywhere(tree)
    assert _values(tree) == tuple(Fraction(s) for s in solution.scores)


@pytest.mark.parametrize("seed", range(10))
def test_constant_sum_dinners_match_gambits_solver(seed):
    """Two diners whose utilities of a morsel differ by the same amount for every morsel: as
    the turn order fixes how many each eats, what they get adds up to the same however they
    eat, so every equilibrium pays the value and Gambit's solver must find our payoffs."""
    rng = random.Random(1000 + seed)
    size = rng.randint(2, 4)   # the solver's time grows fast: a minute at five morsels
    shift = rng.randint(0, 3)
    morsels = [(u, u + shift) for u in (rng.randint(0, 10) for _ in range(size))]
    game = DinnerGame(Dinner(morsels, "listed"), tuple(rng.randrange(2) for _ in range(size)))
    tree = game.extensive_form()
    assert _solver_payoffs(tree) == tuple(Fraction(s) for s in solve_dinner(game).scores)


def test_an_exported_dinner_names_what_our_output_names():
    game = DinnerGame(Dinner([(1, 2), (2, 3), (3, 1)]), (1, 0, 1))
    loaded = load(game.extensive_form())
    assert [p.label for p in loaded.players] == ["Alice", "Bob"]
    assert [a.label for a in loaded.root.infoset.actions] == ["(1, 2)", "(2, 3)", "(3, 1)"]
    assert {o.label for o in loaded.outcomes} >= {"Alice 3, Bob 5"}   # the seed's subgame-perfect scores


# the number line ---------------------------------------------------------------------------------------
def _numberline(seed: int) -> NumberLine:
    rng = random.Random(seed)
    players = rng.choice((2, 2, 3))
    stacks = rng.randint(players, 6)
    values = [rng.randint(1, 9) for _ in range(stacks)]
    return NumberLine(values, players, clock=rng.random() < 0.3, ties=rng.choice(("lowest", "highest")))


@pytest.mark.parametrize("seed", range(20))
def test_number_line_games_are_subgame_perfect_in_gambit(seed):
    game = _numberline(seed)
    solution = solve_numberline(game)
    tree = game.extensive_form(solution.solved)
    _zero_regret_everywhere(tree)
    assert sorted(_values(tree)) == sorted(solution.payoffs)
    if game.players == 2:   # the stacks are shared out whole: a constant-sum game with one value
        assert _solver_payoffs(tree) == _values(tree)


# pirates -------------------------------------------------------------------------------------------------
PIRATE_GAMES = [
    PirateGame(2, 1),
    PirateGame(3, 1),
    PirateGame(3, 2),
    PirateGame(3, 2, rules=Rules(majority="strict")),
    PirateGame(3, 2, rules=Rules(indifferent="yes")),
    PirateGame(3, 2, rules=Rules(proposer_votes=False)),
    PirateGame(3, 2, rules=Rules(doomed_proposer="keeps")),
    PirateGame(3, 2, [promise(3, 2, [2, 0])]),
    PirateGame(3, 1, [promise(3, 2, [1, 0], hearers=[3])]),
    PirateGame(3, 0),
]


@pytest.mark.parametrize("game", PIRATE_GAMES, ids=lambda g: f"{g.pirates}-{g.coins}-{len(g.announcements)}-"
                                                             f"{'-'.join(g.rules.changes()) or 'seed'}")
def test_pirate_games_are_subgame_perfect_in_gambit(game):
    tree = PirateTree(game)
    loaded = load(tree)
    assert loaded.is_perfect_recall
    regrets = _zero_regret_everywhere(tree)
    # every round's offer and every vote on an offer starts a subgame (where no promise is hidden)
    if not tree.hidden:
        assert len(regrets) >= game.pirates
    # in the world where every promise was made, our play is the game's own play
    world = tuple(True for _ in tree.hidden)
    node = tree.moves(tree.root())[0][1] if tree.hidden else tree.root()
    assert node[0] == world
    play = game.play()
    for round in play.rounds:
        assert tree.strategy(node) == str(round.offer)
        node = dict(tree.moves(node))[str(round.offer)]
        while tree.turn(node) is not None and node[2] == round.number:
            node = dict(tree.moves(node))[tree.strategy(node)]
    assert tree.turn(node) is None and tuple(tree.payoffs(node)) == tuple(
        play.payoff(rank) for rank in range(1, game.pirates + 1))


def test_a_pirate_who_votes_against_his_interest_off_the_play_is_caught():
    """In the three-pirate game with one coin, p1 buys p3's vote with the coin, as p2 would
    leave p3 nothing.  Made to vote no, p3 regrets the coin in the subgame of that vote, and
    p1, whose offer now fails, regrets it in the whole game."""
    tree = PirateTree(PirateGame(3, 1))
    right = tree.strategy

    def wrong(node):
        world, history, r, offer, votes = node
        if r == 1 and offer is not None and str(offer) == "p3:1 p2:0 p1:0" and len(votes) == 2:
            return "no"
        return right(node)
    tree.strategy = wrong
    bad = [(node, regret) for node, regret in subgame_regrets(tree) if regret]
    assert sorted((str(node[3]), regret) for node, regret in bad) == [("None", 1), ("p3:1 p2:0 p1:0", 1)]


@pytest.mark.parametrize("odds, regret", [("1/10", 0), ("1/2", Fraction(1, 2)), ("9/10", Fraction(12, 5))])
def test_outsiders_who_weigh_a_likely_promise_would_offer_otherwise(odds, regret):
    """Our pirates outside a subgroup believe what they heard (no promise), as in the seed; the
    chance move weighs the promise by its odds.  With 3 pirates and 3 coins, where p2 tells p3
    alone that he will give him all three, p1's offer is a best reply while the promise is
    unlikely, and Gambit finds him regretting it by 1/2 coin at odds 1/2 and 12/5 at 9/10."""
    game = PirateGame(3, 3, [promise(3, 2, [3, 0], hearers=[3])])
    regrets = dict(subgame_regrets(PirateTree(game, Fraction(odds))))
    tree = PirateTree(game, Fraction(odds))
    assert regrets[tree.root()] == regret
    assert [r for node, r in regrets.items() if node != tree.root()] == [0] * (len(regrets) - 1)


@pytest.mark.parametrize("coins, offer, odds", [(2, [2, 0], Fraction(1, 2)), (3, [3, 0], Fraction(1, 3))])
def test_belief_and_odds_part_above_the_odds_the_page_gives(coins, offer, odds):
    """docs/interop.md, "Belief, not odds": with 3 pirates and 2 coins, where p2 tells p3 alone
    that he will give him both, belief and odds agree up to the odds 1/2; with 3 coins, all three
    promised, up to 1/3.  At those odds p1's offer is a best reply; a millionth above, it is not."""
    game = PirateGame(3, coins, [promise(3, 2, offer, hearers=[3])])

    def regret(chance):   # of the whole game: p1's offer, the move the odds weigh, is its first
        tree = PirateTree(game, chance)
        return our_profile(load(tree), tree).agent_max_regret()
    assert regret(odds) == 0 and regret(odds + Fraction(1, 10 ** 6)) > 0


def test_the_hidden_promise_game_has_equilibria_other_than_ours():
    """docs/interop.md: the game CFR trains on (3 pirates, 1 coin, p2's private promise to p3 at
    the odds 1/2) has many equilibria.  Ours pays p1, p2 and p3 -1/2, 0 and 1; Gambit's logit
    solver finds another, which pays about 0, 1/4 and 1/4."""
    tree = PirateTree(PirateGame(3, 1, [promise(3, 2, [1, 0], hearers=[3])]), Fraction(1, 2))
    assert _values(tree) == (Fraction(-1, 2), 0, 1)
    game = load(tree)
    # longer first steps and faster acceleration trace the same branch in a third of the time
    found = gbt.nash.logit_solve(game, maxregret=1e-7, first_step=0.3, max_accel=2.0).equilibria[0]
    assert found.agent_max_regret() < 1e-6
    assert [float(found.payoff(player)) for player in game.players] == pytest.approx([0, 1 / 4, 1 / 4], abs=1e-3)


def test_names_read_back_as_written():
    game = Centipede(length=1)
    tree = PerfectInformation(game, 1, game.solve(), players=('p"1', "p\\2"), title='the "short" one')
    loaded = load(tree)
    assert loaded.title == 'the "short" one' and [p.label for p in loaded.players] == ['p"1', r"p\x5c2"]
    assert [label_from_efg(p.label) for p in loaded.players] == ['p"1', "p\\2"]


@pytest.mark.parametrize("name", [name for name, _ in NAMES])
def test_gambit_reads_every_name_and_it_reads_back(name):
    """Gambit 16.7 refuses a label outside printable ASCII, or with a space at an end or two in
    a row, and renames an empty one: each is read in every place, and reads back as written."""
    loaded = load(Named(name))
    chance = loaded.root
    mover = next(iter(chance.children))
    labels = [loaded.title, next(iter(loaded.players)).label, next(iter(chance.infoset.actions)).label,
              next(iter(mover.infoset.actions)).label, next(iter(mover.children)).outcome.label, mover.infoset.label]
    assert [label_from_efg(label) for label in labels] == [name] * len(labels)


def test_hidden_promise_is_a_chance_move_that_only_its_hearers_see():
    game = PirateGame(3, 1, [promise(3, 2, [1, 0], hearers=[3])])
    loaded = load(PirateTree(game, Fraction(1, 3)))
    root = loaded.root
    assert root.player.is_chance
    assert [a.label for a in root.infoset.actions] == ["p2 promised", "no subgroup promise"]
    assert [str(action.prob) for action in root.infoset.actions] == ["1/3", "2/3"]
    # p1 proposes without knowing: his two first moves, one in each world, are one information set
    made, unmade = root.children
    assert made.infoset == unmade.infoset and made.player.label == "p1"


def test_tree_sizes_that_gambit_counts():
    for tree in (PirateTree(PirateGame(3, 2)), Centipede(length=5).extensive_form(),
                 _random_dinner(3).extensive_form(), _numberline(4).extensive_form()):
        assert len(load(tree).nodes) == tree_size(tree)
    assert to_efg(PirateTree(PirateGame(3, 2))).startswith('EFG 2 R "The pirate game: 3 pirates, 2 coins"')
    assert len(subgame_roots(Centipede(length=3).extensive_form())) == 3

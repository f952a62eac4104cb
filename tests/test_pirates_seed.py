"""The pirate game against the published numbers of seed 000 and Stewart (1999)."""

import pytest

from epistemic import Knowledge
from epistemic.models.pirates import PirateGame, PirateSolver, promise

NOTHING = Knowledge.of([])


def rows(text):
    return [tuple(int(c) for c in line.split()) for line in text.strip().splitlines()]


# Seed 000, Table 1: three coins, one to six pirates (row k: k pirates, lowest-ranked first).
# The text gives rows 1-3 in prose ("p1 gives two coins to himself and one coin to ... p3")
# and says Table 4 "equals Table 1" from four pirates on.
TABLE_1 = rows("""
3
0 3
1 0 2
0 1 0 2
1 0 1 0 1
0 1 0 1 0 1
""")

# Seed 000, Table 3: the second-lowest pirate publicly promises "2 1".
TABLE_3 = rows("""
3
2 1
0 2 1
1 0 0 2
0 1 1 0 1
1 0 0 1 0 1
""")

# Seed 000, Table 4: the same pirate promises "1 2" instead.
TABLE_4 = rows("""
3
1 2
2 0 1
0 1 0 2
1 0 1 0 1
0 1 0 1 0 1
""")

# Seed 000, Tables 5 and 6: 5 pirates, 3 coins; {p2..p5} are told p2's promise "1 1 0 1".
TABLE_5 = rows("""
3
0 3
1 0 2
0 1 0 2
1 0 1 0 1
""")
TABLE_6 = rows("""
3
0 3
1 0 2
1 1 0 1
1 0 1 0 1
""")

# Seed 000, Tables 7 and 8: 5 pirates, 4 coins; p4 tells only p5 he will divide "2 2".
TABLE_7 = rows("""
4
0 4
1 0 3
0 1 0 3
1 0 1 0 2
""")
# Table 8 as printed has row 4 "0 1 0 2", which divides 3 of the 4 coins: a typo.
# The text itself says "The next pirate proposes 0 1 0 3", which is the row below.
TABLE_8 = rows("""
4
2 2
1 0 3
0 1 0 3
1 0 1 0 2
""")
TABLE_8_AS_PRINTED_ROW_4 = (0, 1, 0, 2)


def test_table_1_plain_game():
    game = PirateGame(6, 3)
    assert game.table(NOTHING) == TABLE_1


def test_table_2_pattern_for_n_up_to_2m():
    # Seed 000, Table 2: with n <= 2M the proposer keeps M - floor((n-1)/2) and buys
    # every other pirate below him with one coin.
    coins = 7
    game = PirateGame(2 * coins, coins)
    for k, row in enumerate(game.table(NOTHING), start=1):
        # the pirates an even number of places below the proposer get one coin each
        others = tuple(1 if (k - 1 - i) % 2 == 0 else 0 for i in range(k - 1))
        assert row == others + (coins - (k - 1) // 2,)


@pytest.mark.parametrize("row, table", [((2, 1), TABLE_3), ((1, 2), TABLE_4)])
def test_tables_3_and_4_public_promise(row, table):
    game = PirateGame(6, 3, [promise(6, 5, row)])
    assert game.table(game.everything) == table
    # a public promise is common knowledge: every pirate sees the same table
    assert len(game.knowledge_groups()) == 1


def test_story_1_subgroup_throws_p1_overboard():
    game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    groups = game.knowledge_groups()
    assert [g.members for g in groups] == [(1,), (2, 3, 4, 5)]
    assert game.table(groups[0].knowledge) == TABLE_5
    assert game.table(groups[1].knowledge) == TABLE_6
    play = game.play()
    first = play.rounds[0]
    # "the highest ranked pirate will propose the division 1 0 1 0 1"
    assert first.offer.row() == (1, 0, 1, 0, 1)
    # "pirate p5 will vote against the proposal, even though p1 expected his vote"
    assert not first.prediction.vote(5)
    assert game.prediction(1, game.knowledge_of(1)).vote(5)
    assert play.deaths == [1]
    assert play.outcome.row() == (1, 1, 0, 1)
    # "By making this announcement, p2 has gained one coin"
    assert play.payoff(2) == PirateGame(5, 3).play().payoff(2) + 1


def test_story_2_three_proposers_overboard():
    game = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])
    outsiders, insiders = game.knowledge_groups()
    assert outsiders.members == (1, 2, 3) and insiders.members == (4, 5)
    assert game.table(outsiders.knowledge) == TABLE_7
    assert game.table(insiders.knowledge) == TABLE_8
    play = game.play()
    offers = [r.offer.row() for r in play.rounds]
    # "1 0 1 0 2 ... The next pirate proposes 0 1 0 3 ... only the two lowest remain: 2 2"
    assert offers == [(1, 0, 1, 0, 2), (0, 1, 0, 3), (1, 0, 3), (2, 2)]
    assert play.deaths == [1, 2, 3]
    # "both pirates from the subgroup vote against this proposal and so does the
    # second highest ranked pirate"
    no_votes = [v for v, _, _, yes in play.rounds[0].voters() if not yes]
    assert no_votes == [2, 4, 5]


def test_table_8_row_4_typo():
    game = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])
    row_4 = game.table(game.knowledge_of(5))[3]
    assert sum(TABLE_8_AS_PRINTED_ROW_4) == 3  # the printed row loses a coin
    assert row_4 != TABLE_8_AS_PRINTED_ROW_4
    assert row_4 == (0, 1, 0, 3) and sum(row_4) == 4


@pytest.mark.parametrize("pirates, survives", [
    (200, True), (201, True), (202, True), (203, False), (204, True),
    (205, False), (206, False), (207, False), (208, True), (209, False), (216, True),
])
def test_stewart_2m_plus_power_of_two(pirates, survives):
    # Stewart (1999), quoted in seed 000: with 100 coins "the pirates who avoid this fate
    # are ... pirates whose number equals 200 plus a power of 2".
    play = PirateGame(pirates, 100).play()
    assert (play.deaths == []) is survives
    assert play.outcome.total == 100


def test_ten_thousand_pirates_no_recursion_limit():
    # The seed's program stopped at 91 pirates (Python's recursion limit).
    game = PirateGame(10_000, 100)
    play = game.play()
    # 10000 - 200 is no power of two; the first survivor leads 200 + 8192 pirates
    assert play.outcome.first == 10_000 - (200 + 8192) + 1
    assert play.outcome.total == 100
    assert game.dag_nodes() == 10_000  # one prediction per round: linear


@pytest.mark.parametrize("pirates, expected", list(enumerate([3, 13, 71, 505, 4555, 50117], start=2)))
def test_naive_counts(pirates, expected):
    # Seed 000: "1, 3, 13, 71, 505, 4 555, 50 117, 651 535 when simulating the normal game";
    # they obey p(m) = 1 + (2m - 3)(1 + p(m - 1)) (the seed prints a garbled recurrence).
    solver = PirateSolver(pirates, 3, memo=False)
    solver.prediction(1, NOTHING)
    assert len(solver.dag) == expected


def test_naive_count_of_one_pirate_is_one():
    solver = PirateSolver(2, 3, memo=False)
    solver.prediction(2, NOTHING)
    assert len(solver.dag) == 1


def test_memo_count_is_linear():
    counts = []
    for n in (10, 20, 40):
        solver = PirateSolver(n, 3)
        solver.prediction(1, NOTHING)
        counts.append(len(solver.dag))
    assert counts == [10, 20, 40]


def test_tie_rule_is_a_parameter():
    # Four pirates, one coin.  With three left p2 leads and offers "1 0 0": p4 gets the
    # coin, p3 and p2 nothing.  p1 needs one vote; p2 and p3 each cost one coin, and the
    # tie rule picks which of them he buys.
    assert PirateGame(4, 1).table(NOTHING)[2] == (1, 0, 0)
    low = PirateGame(4, 1, tie_rule="lowest").play().outcome
    high = PirateGame(4, 1, tie_rule="highest").play().outcome
    assert low.row() == (0, 1, 0, 0)  # p3, the lower ranked of the two, is bought
    assert high.row() == (0, 0, 1, 0)  # p2 is bought


def test_tie_rule_among_voters_who_expect_coins():
    # Three pirates, two coins, and p2 publicly promises "1 1" (p3 one coin, p2 one).
    # p1 needs one vote; p2 and p3 each expect one coin, so each costs two, and two
    # coins buy exactly one of them.  The tie rule picks which; p1 keeps nothing.
    low = PirateGame(3, 2, [promise(3, 2, [1, 1])], tie_rule="lowest").play()
    high = PirateGame(3, 2, [promise(3, 2, [1, 1])], tie_rule="highest").play()
    assert low.deaths == high.deaths == []
    assert low.outcome.row() == (2, 0, 0)   # p3, the lower ranked, is bought
    assert high.outcome.row() == (0, 2, 0)  # p2 is bought


def test_a_promise_is_dropped_once_its_maker_is_overboard():
    # The seed's memo: "whenever a new prediction is created, one can then store that
    # prediction as the prediction for that combination of knowledge and round".
    # Once p5 is overboard his promise cannot matter, so the last round of the Table 3
    # game is the last round of the plain game: one node, shared by the two tables.
    game = PirateGame(6, 3, [promise(6, 5, [2, 1])])
    plain = PirateGame(6, 3, solver=game.solver)
    assert game.table(game.everything) == TABLE_3
    assert plain.table(NOTHING) == TABLE_1
    assert game.prediction(6) is plain.prediction(6)
    assert game.prediction(6).knowledge == NOTHING
    assert game.dag_nodes() == 6 + 5  # rounds 1-5 differ, round 6 is shared


def test_prediction_graph_is_the_shared_dag():
    game = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])
    g = game.prediction_graph()
    rounds = {r for r, _ in g.nodes}
    assert rounds == {1, 2, 3, 4, 5}
    # every edge goes to the same round (the proposer's own offer) or the next one
    assert all(v[0] - u[0] in (0, 1) for u, v in g.edges())
    # p1's offer rests on his own prediction, made without p4's promise
    first = game.prediction(1)
    assert (1, first.proposer_knowledge) in g.successors((1, game.everything))
    assert len(first.proposer_knowledge) == 0
    plain = PirateGame(6, 3).prediction_graph(Knowledge.of([]))
    assert plain.number_of_nodes() == 6 and plain.number_of_edges() == 5

"""Bad input to the pirate-game API: one clear exception, never a wrong answer."""

import pytest

from epistemic import Agent, Announcement, Knowledge
from epistemic.models.pirates import Division, PirateGame, PirateGameError, Promise, promise


@pytest.mark.parametrize("row", [[1.9, 1, 0, 1.2], [True, 1, 0, 1], ["1", "1", "0", "1"]])
def test_promise_shares_must_be_whole_numbers(row):
    with pytest.raises(PirateGameError, match="whole numbers"):
        promise(5, 2, row)


@pytest.mark.parametrize("maker", [True, 2.0, "2"])
def test_promise_maker_must_be_a_rank(maker):
    with pytest.raises(PirateGameError, match="unknown pirate"):
        promise(5, maker, [1, 1, 0, 1])


def test_table_rejects_knowledge_that_breaks_the_rules():
    game = PirateGame(5, 3)
    greedy = promise(5, 2, [5, 5, 5, 5])  # divides 20 coins
    with pytest.raises(PirateGameError, match="divides 20 coins, but there are 3"):
        game.table(Knowledge.of([greedy]))
    twice = Knowledge.of([promise(5, 2, [1, 1, 0, 1]), promise(5, 2, [0, 0, 0, 3], hearers=[3])])
    with pytest.raises(PirateGameError, match="promises twice"):
        game.table(twice)
    stranger = Announcement.private(Agent("p2"), Promise(Division.from_row(2, 5, [1, 1, 0, 1])),
                                    [Agent("p9")])
    with pytest.raises(PirateGameError, match="unknown pirate p9"):
        game.prediction(1, Knowledge.of([stranger]))
    with pytest.raises(PirateGameError, match="pirates announce promises"):
        game.prediction(1, Knowledge.of([Announcement(Agent("p2"), "hello")]))
    with pytest.raises(PirateGameError, match="must be a Knowledge"):
        game.table([greedy])


def test_table_accepts_every_knowledge_group_of_the_game():
    game = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])
    for group in game.knowledge_groups():
        assert len(game.table(group.knowledge)) == 5

"""Bad input to the pirate-game API: one clear exception, never a wrong answer."""

import pytest

from epistemic import Agent, Announcement, EpistemicError, Knowledge
from epistemic.models.pirates import (Division, Pirate, PirateGame, PirateGameError, PirateSolver, Promise, TieRule,
                                     promise)


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
    stranger = Announcement.private(Pirate(2), Promise(Division.from_row(2, 5, [1, 1, 0, 1])), [Pirate(9)])
    with pytest.raises(PirateGameError, match="unknown pirate p9"):
        game.prediction(1, Knowledge.of([stranger]))
    # pirates are Pirate agents, who carry their rank; an agent that is only named like one is refused
    named = Announcement.private(Pirate(2), Promise(Division.from_row(2, 5, [1, 1, 0, 1])), [Agent("p3")])
    with pytest.raises(PirateGameError, match="p3 in p2's promise is an Agent, not a Pirate"):
        game.prediction(1, Knowledge.of([named]))
    with pytest.raises(PirateGameError, match="pirates announce promises"):
        game.prediction(1, Knowledge.of([Announcement(Agent("p2"), "hello")]))
    with pytest.raises(PirateGameError, match="must be a Knowledge"):
        game.table([greedy])


def test_table_accepts_every_knowledge_group_of_the_game():
    game = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])
    for group in game.knowledge_groups():
        assert len(game.table(group.knowledge)) == 5



def test_pirates_carry_their_rank_and_are_the_agents_of_their_names():
    game = PirateGame(12, 3, [promise(12, 10, [1, 1, 1], hearers=[11, 12])])
    p10 = game.agent(10)
    assert isinstance(p10, Pirate) and p10.rank == 10 and p10 == Agent("p10") and hash(p10) == hash(Agent("p10"))
    (said,) = game.announcements
    assert said.speaker.rank == 10 and sorted(a.rank for a in said.audience) == [10, 11, 12]
    model = game.kripke_model()
    assert all(isinstance(a, Pirate) for a in model.agents)
    # an agent named in text is the pirate of that name in the model
    assert model.believed_facts([Agent("p11")]) == model.believed_facts([game.agent(11)]) == {said}
    assert model.believed_facts([Agent("p9")]) == frozenset()


def test_tie_rules_are_named_or_given_as_values():
    assert PirateGame(4, 1, tie_rule="highest").tie_rule is TieRule.HIGHEST
    assert PirateGame(4, 1, tie_rule=TieRule.HIGHEST) == PirateGame(4, 1, tie_rule="highest")
    assert PirateSolver(4, 1, "lowest").tie_rule is TieRule.LOWEST
    with pytest.raises(PirateGameError, match="^unknown tie rule 'middle': use one of lowest, highest$"):
        PirateGame(4, 1, tie_rule="middle")
    with pytest.raises(EpistemicError, match="^unknown tie rule 'LOWEST'"):
        PirateSolver(4, 1, "LOWEST")

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
    stranger = Announcement.private(Agent("p2"), Promise(Division.from_row(2, 5, [1, 1, 0, 1])),
                                    [Agent("p9")])
    with pytest.raises(PirateGameError, match="unknown pirate p9"):
        game.prediction(1, Knowledge.of([stranger]))
    # an agent named like a pirate is that pirate
    named = Announcement.private(Agent("p2"), Promise(Division.from_row(2, 5, [1, 1, 0, 1])), [Agent("p3")])
    assert game.prediction(1, Knowledge.of([named])) == game.prediction(1, Knowledge.of([promise(5, 2, [1, 1, 0, 1],
                                                                                                  hearers=[3])]))
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


def test_promises_made_with_plain_agents_are_the_pirates_they_name():
    # Agent("p3") is the pirate p3: a game made with plain agents plays as one made with promise()
    content = Promise(Division.from_row(2, 5, [1, 1, 0, 1]))
    plain = Announcement.private(Agent("p2"), content, [Agent("p3"), Agent("p4"), Agent("p5")])
    game = PirateGame(5, 3, [plain])
    made = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    assert game == made and game.play() == made.play()
    assert all(isinstance(x, Pirate) for x in game.announcements[0].audience)
    assert game.table(Knowledge.of([plain])) == made.table(made.everything)
    with pytest.raises(PirateGameError, match="^unknown pirate bob in the subgroup of p2's promise$"):
        PirateGame(5, 3, [Announcement.private(Agent("p2"), content, [Agent("bob")])])
    with pytest.raises(PirateGameError, match="^bob cannot announce p2's promise$"):
        PirateGame(5, 3, [Announcement(Agent("bob"), content)])


def test_pirate_kinds_equal_the_words_they_are_written_as():
    game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    rounds = game.play().rounds
    assert [r.source for r in rounds] == ["optimized", "promise"]
    assert game.tie_rule == "lowest"


@pytest.mark.parametrize("ranks, amounts", [
    ((3, 2), (2, 1)),      # out of order: share(2) bisected to nothing and answered 0
    ((2, 2), (2, 1)),      # a pirate named twice
    ((1, 3), (2, 1)),      # p1 is overboard when p2 leads
    ((2, 4), (2, 1)),      # p4 is not in a game of 3
    ((2, 3), (4, -1)),     # a negative share
    ((2, 3), (3,)),        # a share missing
])
def test_a_promise_built_directly_must_name_its_pirates_in_order(ranks, amounts):
    bad = Announcement(Pirate(2), Promise(Division(2, 3, ranks, amounts)))
    with pytest.raises(PirateGameError, match="in order of rank"):
        PirateGame(3, 3).prediction(1, Knowledge.of([bad]))


def test_a_promise_built_directly_in_order_is_the_one_built_from_shares():
    made = Division(2, 3, (2, 3), (2, 1))
    assert made == Division.from_shares(2, 3, {3: 1, 2: 2})
    game = PirateGame(3, 3)
    assert game.prediction(2, Knowledge.of([Announcement(Pirate(2), Promise(made))])).offer == made

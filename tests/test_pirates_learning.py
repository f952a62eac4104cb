"""Pirates who learn from the votes: the seed's second story played by
pirates who draw conclusions from p1's fall (seed 000 leaves it "for
further research"), games where learning changes nothing, suspicions that
the votes rule out, and the unsure proposer's plan against a brute force.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic.cli.main import main
from epistemic.models.pirates import Division, PirateGame, PirateGameError, Rules, promise
from epistemic.models.pirates.division import promise_in
from epistemic.models.pirates.learning import Suspicions, candidate_worlds, learn, world_text
from epistemic.models.pirates.planning import plan_offer, plan_score
from epistemic.models.pirates.learning_report import format_learning, learned_why
from epistemic.models.pirates.syntax import parse_suspicion
from strategies import pirate_games, pirate_rules
from test_pirates_properties import divisions

# seed 000, the second subgroup story: 5 pirates, 4 coins, p4 tells p5 alone he will divide 2 2
STORY = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])


def test_the_second_story_with_learning():
    play = learn(STORY)
    first, second = play.rounds
    # round 1 is the seed's: p1 offers Table 7's row for 5 pirates, and p2, p4 and p5 vote no
    assert first.offer.row() == (1, 0, 1, 0, 2)
    assert [v.yes for v in first.votes] == [True, False, True, False, False]
    # p5's no to 2 coins is what cannot happen in the world without the promise
    assert [world_text(x.world) for x in first.ruled_out] == ["no promise"]
    assert (first.ruled_out[0].pirate, first.ruled_out[0].yes) == (5, True)
    assert dict(first.learned).keys() == {2, 3}
    # now everybody knows the promise: p3 would buy p5 for 3 coins in round 3, leaving p4 nothing,
    # so p2 buys p4 for 1 coin and survives (without learning p2 and p3 die: seed 000)
    assert second.offer.row() == (0, 1, 0, 3)
    assert [(v.rank, v.expects, v.yes) for v in second.votes] == [
        (2, (-1,), True), (3, (1,), False), (4, (0,), True), (5, (3,), False)]
    assert second.accepted and play.deaths == [1]
    assert [play.payoff(r) for r in range(1, 6)] == [-1, 3, 0, 1, 0]
    assert STORY.play().deaths == [1, 2, 3]


def test_every_division_suspected_p2_pays_p5():
    play = learn(STORY, Suspicions(every_division=True))
    first, second = play.rounds
    assert first.worlds == 962 and len(first.ruled_out) == 799
    # p2 alone is sure of the promise; p3 still weighs 17 worlds.  Unsure in round 3, p3 would
    # buy p5 for 3 coins in every one of them and keep 1, so p4 would get nothing: p2 buys p4 for 1
    learned = dict(first.learned)
    assert [world_text(w) for w in learned[2]] == ["p4 promises 2 2 to p4 and p5"]
    assert len(learned[3]) == 17
    assert second.offer.row() == (0, 1, 0, 3) and second.accepted
    # p3 expects the 1 coin of his own round-3 plan in each of his 17 worlds: the price p2 puts on him
    assert second.vote_of(3).per_world == (1,) * 17 and not second.vote_of(3).yes
    assert second.yes == 2


def test_learning_changes_nothing_in_the_first_story():
    # seed 000, first story: p2's promise 1 1 0 1 to p3-p5; p1 dies and p2's promise passes
    game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    play, plain = learn(game), game.play()
    assert [r.offer for r in play.rounds] == [r.offer for r in plain.rounds]
    assert play.outcome == plain.outcome and play.deaths == [1]
    # p1 learned the promise, but he is dead
    assert [rank for rank, _ in play.rounds[0].learned] == []


def test_a_suspected_promise_is_ruled_out():
    suspected = parse_suspicion("p2: 0 0 0 4 to p3", 5, 4)
    play = learn(STORY, Suspicions(tuple(suspected)))
    first = play.rounds[0]
    assert first.worlds == 4
    gone = [x.world for x in first.ruled_out]
    assert all(any(a in suspected for a in w) for w in gone if w)
    assert not any(a in w for w in play.models[1].worlds for a in suspected)
    assert [(x.pirate, x.yes) for x in first.ruled_out if x.world] == [(2, True), (2, True)]
    assert play.outcome == learn(STORY).outcome


def test_suspecting_every_division_of_one_maker():
    play = learn(STORY, Suspicions(tuple(parse_suspicion("p4: * to p5", 5, 4))))
    # p4 may have promised p5 0 to 4 coins: the ones that leave p5 a yes in round 1 are ruled out
    assert play.rounds[0].worlds == 6
    assert sorted(world_text(x.world) for x in play.rounds[0].ruled_out) == [
        "no promise", "p4 promises 0 4 to p4 and p5", "p4 promises 4 0 to p4 and p5"]


@settings(max_examples=40, deadline=None)
@given(pirate_games(max_pirates=6, max_coins=4, max_promises=2), pirate_rules())
def test_no_surprise_no_change(case, rules):
    """Before any vote a learning pirate is the seed's pirate, so round 1 is
    the same; the actual world is never ruled out; and while no world is
    ruled out, every round is the same."""
    pirates, coins, made, tie_rule = case
    game = PirateGame(pirates, coins, made, tie_rule, rules)
    play, plain = learn(game), game.play()
    assert play.rounds[0].offer == plain.rounds[0].offer
    assert [v.yes for v in play.rounds[0].votes] == [plain.rounds[0].prediction.vote(v.rank)
                                                    for v in play.rounds[0].votes]
    for model in play.models:
        assert frozenset(game.announcements) in model.worlds
    for learned, seen in zip(play.rounds, plain.rounds):
        assert learned.offer == seen.offer
        if learned.ruled_out:
            break
    else:
        assert play.outcome == plain.outcome
    if all(a.is_public for a in game.announcements):
        assert len(play.models[0]) == 1 and play.outcome == plain.outcome


def _brute_plan(game: PirateGame, r: int, prices) -> tuple:
    """The documented criterion over every division: most worlds passed;
    where none passes, as a doomed proposer: the most votes over the worlds
    if he buys (none if he keeps everything); fewest coins paid; the tie rule."""
    n, rules = game.pirates, game.rules
    needed = rules.others_needed(n - r + 1)
    best = None
    for row in divisions(game.coins, n - r + 1):
        shares = dict(zip(range(n, r - 1, -1), row))  # rows are lowest-ranked first
        won = [sum(shares[v] >= prices[v - r - 1][w] for v in range(r + 1, n + 1)) for w in range(len(prices[0]))]
        passing = sum(1 for w in won if w >= needed)
        bought = sum(won) if not passing and rules.doomed_proposer.value == "buys" else 0
        paid = game.coins - shares[r]
        order = tuple(shares[v] for v in range(n, r, -1))
        if game.tie_rule.value == "highest":
            order = tuple(shares[v] for v in range(r + 1, n + 1))
        score = (passing, bought, -paid, order)
        if best is None or score > best[0]:
            best = (score, row)
    return best[1]


@settings(max_examples=60, deadline=None)
@given(pirate_games(min_pirates=3, max_pirates=6, max_coins=4, max_promises=0), pirate_rules(), st.data())
def test_an_unsure_proposer_plans_as_documented(case, rules, data):
    pirates, coins, _, tie_rule = case
    game = PirateGame(pirates, coins, [], tie_rule, rules)
    r = data.draw(st.integers(1, pirates - 1))
    worlds = data.draw(st.integers(1, 3))
    prices = [data.draw(st.lists(st.integers(0, coins + 1), min_size=worlds, max_size=worlds))
              for _ in range(r + 1, pirates + 1)]
    assert plan_offer(game, r, prices).row() == _brute_plan(game, r, prices)


def test_the_report_and_the_reasons():
    text = format_learning(STORY, learn(STORY))
    assert "The votes rule out 1 of 2 worlds: no promise (p5 would vote yes there)." in text
    assert "p2 and p3 now believe: p4 promises 2 2 to p4 and p5." in text
    # round 2's table: what p2-p5, sure of the promise, predict with 4, 3, 2 and 1 pirates left
    assert "Belief of p2-p5: p4 promises 2 2 to p4 and p5\n" in text
    assert "4 left |  0  1  0  3" in text and "3 left |  3  0  1" in text
    why = learned_why(STORY, learn(STORY), "p4 vote round 2", depth=4)
    assert why.claim == "p4 votes yes in round 2: offered more than he expects"
    learned = [r for _, r in why.walk() if r.kind is not None and r.kind.value == "learned"]
    assert learned[0].claim == ("p4 plans on the world where p4 promises 2 2 to p4 and p5, "
                                "after round 1 ruled out 1 of 2 worlds")
    assert learned[1].claim == "where no promise was made, p5 would vote yes in round 1"
    # below the expectation, the round that would follow: p3 buys p5, p4 gets nothing
    [world] = why.because[0].because[1:]
    assert world.claim == ("where p4 promises 2 2 to p4 and p5, if the offer fails after his no, "
                           "he ends with 0 coins")
    assert world.because[0].claim.startswith("round 3 (nobody learning): p3 offers p5:3 p4:0 p3:1")
    offer = learned_why(STORY, learn(STORY, Suspicions(every_division=True)), "offer round 2", depth=3)
    assert offer.because[-1].because[0].claim == "p4 expects 0 coins there if the offer fails, so he votes yes to 1 coin"


def test_limits_and_clashes_are_refused_before_work():
    with pytest.raises(PirateGameError, match="at most 50 pirates"):
        learn(PirateGame(51, 3))
    tell_p50 = [promise(50, m, [3] + [0] * (50 - m), hearers=[50]) for m in range(41, 50)]
    with pytest.raises(PirateGameError, match=r"512 worlds x 1 level x 50\^2 pirates = 1,280,000; at most 1,000,000"):
        learn(PirateGame(50, 3, tell_p50))
    with pytest.raises(PirateGameError, match=r"2 worlds x 13 levels x 5\^2 pirates = 650; at most 600"):
        with_limit(600, lambda: learn(STORY, anticipation="fixpoint"))
    with pytest.raises(PirateGameError, match="0 to 12 or 'fixpoint', got 13"):
        learn(STORY, anticipation=13)
    with pytest.raises(PirateGameError, match="4,096 are allowed"):
        candidate_worlds(PirateGame(8, 4, [promise(8, 7, [2, 2], hearers=[8])]), Suspicions(every_division=True))
    with pytest.raises(PirateGameError, match="told to a subgroup"):
        parse_suspicion("p4: 2 2", 5, 4)
    with pytest.raises(PirateGameError, match="divides 3 coins"):
        parse_suspicion("p4: 2 1 to p5", 5, 4)
    with pytest.raises(PirateGameError, match="public promise"):
        candidate_worlds(PirateGame(5, 4, [promise(5, 4, [2, 2])]),
                         Suspicions(tuple(parse_suspicion("p4: 1 3 to p5", 5, 4))))


@pytest.mark.parametrize("argv, message", [
    (["--suspect", "p4: 1 3 to p5"], "--suspect needs --learning"),
    (["--learning", "--draw-dag", "x.svg"], "--draw-dag shows the play without learning"),
    (["--learning", "--draw", "x.svg"], "--draw draws the answers of --why"),
    (["--learning", "--suspect", "p4: 2 2"], "told to a subgroup"),
    (["--learning", "--suspect", "p4: * to p5", "--suspect-every-division", "--suspect", "p3: * to p5"],
     "worlds of promises"),
])
def test_the_command_line_refuses_in_one_line(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["pirates", "-n", "5", "-m", "4", "--promise", "p4: 2 2 to p5", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_the_command_line_plays_draws_and_writes_json(capsys, tmp_path):
    picture = tmp_path / "why.svg"
    assert main(["pirates", "-n", "5", "-m", "4", "--promise", "p4: 2 2 to p5", "--learning",
                 "--why", "p4 vote round 2", "--draw", str(picture), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rounds = data["learning"]["rounds"]
    assert [r["offer"] for r in rounds] == [[1, 0, 1, 0, 2], [0, 1, 0, 3]]
    assert rounds[0]["ruled_out"][0] == {"world": [], "pirate": "p5", "would_offer": None, "would_vote": "yes"}
    assert data["learning"]["overboard"] == ["p1"]
    assert rounds[0]["learned"][0] == {"pirate": "p2", "believes_count": 1,
                                       "believes": [[{"maker": "p4", "shares": [2, 2], "heard_by": ["p4", "p5"]}]]}
    drawn = picture.read_text()
    assert "where no promise was made, p5 would vote yes" in drawn and "worlds ruled out 1" in drawn
    assert rounds[1]["votes"][1] == {"pirate": "p3", "offered": 0, "expects": [1], "if_yes": [None], "vote": "no"}
    assert data["learning"]["level"] == 0 and data["learning"]["settling"] is None


def test_the_command_line_draws_what_the_pirates_consider_possible(capsys, tmp_path):
    path = tmp_path / "worlds.svg"
    assert main(["pirates", "-n", "5", "-m", "4", "--promise", "p4: 2 2 to p5", "--learning",
                 "--suspect", "p4: * to p5", "--draw-kripke", str(path), "--no-tables"]) == 0
    pages = [(tmp_path / f"worlds-0{i}.svg").read_text() for i in (1, 2, 3)]
    assert "Before any vote: 6 worlds of promises" in pages[0]
    assert "After the votes of round 1: 3 worlds of promises" in pages[1]
    # the worlds round 1 ruled out are greyed from page 2 on, in the places they had
    assert "removed by the announcements" not in pages[0] and "removed by the announcements" in pages[1]
    assert not path.exists()
    # as one TikZ document, the worlds are named by their promises, the most plausible filled
    tex = tmp_path / "worlds.tex"
    assert main(["pirates", "-n", "5", "-m", "4", "--promise", "p4: 2 2 to p5", "--learning",
                 "--suspect", "p4: * to p5", "--draw-kripke", str(tex), "--no-tables"]) == 0
    pages = tex.read_text().split("\\end{kripkepage}")
    assert len(pages) == 4 and "frozenset" not in tex.read_text()
    assert "fill=truefill] (w0) at (0in, -0in) {\\textbf{world 0}\\\\no promise made" in pages[0]
    assert "{\\textbf{world 3}\\\\p4 promises 2 2 to p4 and p5\\\\\\textit{true}}" in pages[1]
    # too many worlds to draw: refused in one line before any work, nothing written
    capsys.readouterr()
    assert main(["pirates", "-n", "5", "-m", "4", "--promise", "p4: 2 2 to p5", "--learning",
                 "--suspect-every-division", "--draw-kripke", str(tmp_path / "all.svg")]) == 2
    err = capsys.readouterr().err
    assert "962 worlds, too many to draw legibly" in err and err.count("\n") == 1
    assert not list(tmp_path.glob("all*"))


def test_an_unsure_proposer_plans_on_the_worlds_he_believes():
    # p3 promises 3 1 0 to p4 and p5; after p1's fall p2 believes 4 worlds (p3's promise, or one of
    # p4's 1 3, 2 2, 3 1 told to p5), none of them the world without a promise.  In each, p3 gets
    # nothing if the offer fails (as proposer he keeps his promise, or, unsure in round 3, buys p5
    # and is then outvoted where p4 promised), so 1 coin buys him in all 4
    game = PirateGame(5, 4, [promise(5, 3, [3, 1, 0], hearers=[4, 5])])
    play = learn(game, Suspicions(every_division=True))
    second = play.rounds[1]
    assert len(second.proposer_worlds) == 4 and frozenset() not in second.proposer_worlds
    assert second.source.value == "unsure"
    assert second.offer.row() == (0, 0, 1, 3) and second.accepted
    assert play.deaths == [1] and game.play().deaths == [1, 2]
    why = learned_why(game, play, "offer round 2", depth=2)
    assert why.claim.endswith("he makes the cheapest offer that passes in all of them (4)")
    assert [r.claim.split(":")[-1] for r in why.because[1:]] == [" it passes"] * 4


def test_a_rejected_offer_is_not_called_one_that_passes():
    """p1 plans on the world without p4's promise, where his offer passes; the votes of the world
    played reject it.  Only the offer of round 2 passes where it is played."""
    from epistemic.models.pirates.learning_browser import learning_explorer_page

    game = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])
    play = learn(game)
    first, second = play.rounds
    assert not first.accepted and second.accepted
    assert learned_why(game, play, "offer round 1").claim.endswith(
        ": the cheapest offer that passes in the world he believes, but the votes reject it")
    assert learned_why(game, play, "offer round 2").claim.endswith(
        ": the cheapest offer that passes in the world he believes")
    page = learning_explorer_page(game, play, renderer=None)
    assert "(the cheapest offer that passes in the world he believes, but the votes reject it)." in page
    assert "(the cheapest offer that passes)" not in page


def test_an_unsure_proposer_whose_offer_fails_is_said_to_fail():
    """The unsure p2 of the story above, had the votes gone against him."""
    import attrs

    from epistemic.models.pirates.learning_report import offer_how

    game = PirateGame(5, 4, [promise(5, 3, [3, 1, 0], hearers=[4, 5])])
    second = learn(game, Suspicions(every_division=True)).rounds[1]
    rejected = attrs.evolve(second, yes=second.needed - 1)
    assert offer_how(game, second, 4, 4) == "unsure among 4 worlds, he makes the cheapest offer that passes in all of them (4)"
    assert offer_how(game, rejected, 4, 4) == offer_how(game, second, 4, 4) + ", but the votes reject it"


def test_a_world_ruled_out_is_not_named_by_the_public_promise_it_holds():
    """p3's promise is public, so it holds in every world: the world the votes rule out is the one
    without p4's subgroup promise, and naming it by p3's promise read as if that were ruled out."""
    from epistemic.models.pirates.pictures import learning_drawing_options, learning_rounds

    game = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5]), promise(5, 3, [1, 0, 3])])
    play = learn(game)
    text = format_learning(game, play)
    assert "The votes rule out 1 of 2 worlds: no promise but the public one (p5 would vote yes there)." in text
    assert "p2 and p3 now believe: p4 promises 2 2 to p4 and p5." in text
    assert "rule out 1 of 2 worlds: p3 promises" not in text
    why = learned_why(game, play, "offer round 2", depth=3)
    assert why.because[0].because[0].claim == "where no promise but the public one was made, p5 would vote yes in round 1"
    # the pictures name the public promise once, in the title, and each world by the others
    from epistemic.visualize import kripke_picture
    (title, model), *_ = learning_rounds(game, play)
    assert title.endswith("; in every world: p3 promises 1 0 3 to everyone")
    dot = kripke_picture(model, title=title, **{k: v for k, v in learning_drawing_options(play).items()
                                                 if k not in ("holds", "claim")}).source
    worlds = re.findall(r"<B>world \d</B><BR/>(.*?)<BR ALIGN", dot)
    assert sorted(worlds) == ["no promise but the public one", "p4 promises 2 2 to p4 and p5"]


def with_limit(limit, run):
    import epistemic.models.pirates.learning as learning
    kept, learning.MAX_WORK = learning.MAX_WORK, limit
    try:
        return run()
    finally:
        learning.MAX_WORK = kept


@pytest.mark.parametrize("question, message", [
    ("p2 offer round 1", "p2 does not propose in round 1: p1 does"),
    ("p1's offer round 2", "p1 does not propose in round 2: p2 does"),
    ("why does p5 vote yes in round 1", "p5 votes no in round 1, not yes"),
    ("p1 overboard round 2", "p1 can only be thrown overboard in round 1"),
    ("overboard", "whom? name the pirate"),
    ("offer round 0", "round 0 is out of range: the rounds are 1 to 5"),
    ("p2 vote round 2", "p2 proposes in round 2: ask about his offer"),
    ("offer round 3", "round 3 was not played: the game ended in round 2"),
    ("p3 overboard", "p3 was not thrown overboard: he ends with 0 coins"),
    ("offer round 1 as p3", "with learning, questions are about the play"),
])
def test_questions_are_checked_before_the_play(question, message, capsys):
    assert main(["pirates", "-n", "5", "-m", "4", "--promise", "p4: 2 2 to p5", "--learning", "--why", question]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_second_story_at_each_level_of_anticipation():
    """docs/pirates.md, The second story at each level of anticipation, worked by hand."""
    plays = [learn(STORY, anticipation=k) for k in range(5)]
    # level 0: p5's no speaks, everybody learns the promise, p1 drowns and p5 ends with 0
    assert plays[0].deaths == [1] and plays[0].rounds[0].learned and plays[0].payoff(5) == 0
    # level 1: his no would teach naive learners the promise and leave him 0, so he takes 1 coin
    first = plays[1].rounds[0]
    assert first.vote_of(5).yes and first.vote_of(5).per_world == (0,) and first.accepted
    assert plays[1].deaths == [] and plays[1].payoff(5) == 1 and not first.learned
    # level 2: to level-1 pirates his no explains no world; p2 would still buy p4, so again he says yes
    assert [r.offer for r in plays[2].rounds] == [r.offer for r in plays[1].rounds]
    assert plays[2].deaths == [] and plays[2].rounds[0].vote_of(5).per_world == (0,)
    # level 3: his no teaches level-2 pirates nothing, and they would let p3 buy him for 3 in round 3;
    # but level-3 pirates do learn from it: the play is level 0's
    vote = plays[3].rounds[0].vote_of(5)
    assert not vote.yes and vote.per_world == (3,)
    assert [r.offer for r in plays[3].rounds] == [r.offer for r in plays[0].rounds] and plays[3].deaths == [1]
    # the fixpoint: level 4 acts as level 2 wherever level 2 was asked, a cycle of period 2
    play = learn(STORY, anticipation="fixpoint")
    assert (play.settling.cycle_start, play.settling.period, play.settling.settled) == (2, 2, None)
    assert [len(d.row()) for d in play.settling.outcomes] == [4, 5, 5, 4, 5]
    why = learned_why(STORY, plays[1], "p5 vote round 1", depth=5)
    assert why.claim == "p5 votes yes in round 1 (level 1): offered more than he expects"
    taught = [r.claim for _, r in why.walk() if r.claim.startswith("his no")]
    assert taught == ["his no would make p2 and p3 believe p4 promises 2 2 to p4 and p5"]


def test_the_fixpoint_stops_before_a_level_that_would_make_too_many_predictions(monkeypatch):
    import epistemic.models.pirates.learning as learning
    # levels 0 to 3 of the second story, with the checks that no level repeats an earlier one, make
    # 59 predictions, 26 of them for level 3 and its checks, where level 2's made 14: level 4 is
    # estimated at 26 more, 85 in all
    monkeypatch.setattr(learning, "MAX_PREDICTIONS", 70)
    play = learn(STORY, anticipation="fixpoint")
    assert play.settling.text() == ("no level settles or cycles within levels 0 to 3; level 4 would bring the "
                                    "predictions to about 85, more than the 70 allowed")
    assert play.level == 3 and play.engine.predictions == 59 and len(play.settling.outcomes) == 4


def test_a_game_without_surprise_settles_at_once():
    # nobody can learn anything in a game of public promises: level 1 acts as level 0 everywhere
    game = PirateGame(5, 4, [promise(5, 4, [2, 2])])
    play = learn(game, anticipation="fixpoint")
    assert play.settling.settled == 0 and play.level == 0 and play.outcome == game.play().outcome


@st.composite
def learning_games(draw):
    pirates, coins, made, tie_rule = draw(pirate_games(min_pirates=3, max_pirates=5, max_coins=3, max_promises=1))
    made = [a for a in made if not a.is_public]
    suspected = []
    if draw(st.booleans()):
        maker = draw(st.integers(1, pirates - 1))
        if all(promise_in(a).maker != maker for a in made):
            hearer = draw(st.integers(maker + 1, pirates))
            row = draw(st.sampled_from(list(divisions(coins, pirates - maker + 1))))
            suspected.append(promise(pirates, maker, row, hearers=[hearer]))
    return PirateGame(pirates, coins, made, tie_rule, draw(pirate_rules())), Suspicions(tuple(suspected))


@settings(max_examples=60, deadline=None)
@given(learning_games(), st.integers(0, 2))
def test_one_definition_of_what_an_unsure_pirate_expects(case, level):
    """Every vote follows its stated expectations; every reason states the values its vote used; at
    level 0 every offer planned is the cheapest that passes by the votes the model itself casts in
    the worlds its proposer believes (checked against every division); above it, the cheapest at the
    prices the level below puts on it."""
    game, suspicions = case
    play = learn(game, suspicions, anticipation=level)
    engine, rules = play.engine, game.rules
    for rnd in play.rounds:
        state = play.states[rnd.round - 1]
        for vote in rnd.votes:
            if vote.rank == rnd.round:
                continue
            if all(e is None for e in vote.if_yes):
                assert vote.yes == all(rules.accepts(vote.offered, e) for e in vote.per_world)
            reason = learned_why(game, play, f"p{vote.rank} expectation round {rnd.round}", depth=2)
            stated = [r for r in reason.because if r.claim.startswith("where") and "after his no" in r.claim]
            assert [dict(r.values)["expects"] for r in stated] == list(vote.per_world)[:len(stated)]
        n, r = game.pirates, rnd.round
        if rnd.level == 0 and rnd.source.value in ("optimized", "unsure"):
            believes = [engine.worlds.index(w) for w in rnd.proposer_worlds]

            def score(offer):
                won = [sum(engine.vote(r, state, 0, offer, v, engine.believed(state, u, v)).yes
                           for v in range(r + 1, n + 1)) for u in believes]
                passing = sum(w >= rules.others_needed(n - r + 1) for w in won)
                bought = sum(won) if not passing and rules.doomed_proposer.value == "buys" else 0
                order = [offer.share(v) for v in range(n, r, -1)]
                if game.tie_rule.value == "highest":
                    order = order[::-1]
                return passing, bought, offer.share(r), tuple(order)

            best = max((Division.from_row(r, n, row) for row in divisions(game.coins, n - r + 1)), key=score)
            assert score(rnd.offer) == score(best)
        elif rnd.source.value in ("optimized", "unsure"):
            # above level 0 a voter's price depends on what the offer's failure would teach: the offer
            # made is the cheapest that passes at the prices the level below puts on that very offer,
            # or, where the plans go round a cycle, ranks no lower by the votes really cast than the
            # plan those prices would make
            believes = tuple(engine.worlds.index(w) for w in rnd.proposer_worlds)
            prices = engine.prices(rnd.round, state, rnd.level - 1, rnd.offer, believes)
            planned = plan_offer(game, rnd.round, prices)
            if planned != rnd.offer:
                def really(offer):
                    won = engine.won(rnd.round, state, rnd.level - 1, offer, believes)
                    return plan_score(game, rnd.round, {v: offer.share(v) for v in range(rnd.round + 1, n + 1)}, won)
                assert really(rnd.offer) >= really(planned)


def test_an_unsure_voter_says_yes_only_when_the_offer_beats_every_world():
    game = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])
    play = learn(game, Suspicions(tuple(parse_suspicion("p4: 1 3 to p5", 5, 4))))
    engine = play.engine
    both = tuple(engine.worlds.index(w) for w in play.rounds[1].vote_of(3).believes)
    assert len(both) == 2  # p3 cannot tell p4's 2 2 from his 1 3 after round 1
    # were p5 unsure between them in round 3, he would expect 2 coins (2 2) or 1 coin (1 3) from p4
    offer = Division.from_shares(3, 5, {3: 2, 5: 2})
    vote = engine.vote(3, play.states[1], 0, offer, 5, both)
    assert sorted(vote.expects) == [1, 2] and not vote.yes
    assert engine.vote(3, play.states[1], 0, Division.from_shares(3, 5, {3: 1, 5: 3}), 5, both).yes


def test_an_outcome_names_alike_voters_once():
    # 12 pirates, 1 coin: p3-p10 are offered nothing, expect nothing and believe alike in round 1
    game = PirateGame(12, 1, [promise(12, 11, [1, 0], hearers=[12])])
    why = learned_why(game, learn(game), "outcome round 1", depth=2)
    claims = [r.claim for r in why.because[1:]]
    assert len(claims) == 4 and claims[1] == "p3-p10 vote no alike: each is offered, expects and believes as p3"
    assert why.because[2].because[0].claim == "p3 votes no in round 1: not offered more than he expects"


def test_an_anticipating_proposer_pays_for_what_a_no_would_teach():
    # p4 promises p5 3 1.  Naive p5, where no promise was made, expects nothing if p1's offer fails;
    # a level-1 p5 there would expect 1 coin, for his no would make naive learners believe a promise,
    # so p1 at level 2 pays him 2 coins where level 0 paid 1
    game = PirateGame(5, 4, [promise(5, 4, [3, 1], hearers=[5])])
    assert learn(game).rounds[0].offer.row() == (1, 0, 1, 0, 2)
    play = learn(game, anticipation=2)
    assert play.rounds[0].offer.row() == (2, 0, 1, 0, 1)
    why = learned_why(game, play, "offer round 1", depth=3)
    assert why.because[0].because[-1].claim == "p5 expects 1 coin there if the offer fails, so he votes yes to 2 coins"


def test_an_anticipating_proposer_whose_plans_go_round_makes_the_best_of_them():
    # p3 tells p1 and p4 he will divide 1 1 to himself and p4; the proposer does not vote.  At level 2,
    # p1's plans go round: on the offer paying p2 the voters' prices make paying p5 cheaper, and on
    # that one, paying p2.  By the votes really cast neither passes; paying p2 buys a vote, paying p5
    # none, so a doomed proposer who buys pays p2
    game = PirateGame(5, 2, [promise(5, 3, [0, 1, 1], hearers=[1, 4])], rules=Rules(proposer_votes=False))
    play = learn(game, anticipation=2)
    engine, state, first = play.engine, play.states[0], play.rounds[0]
    believes = tuple(engine.worlds.index(w) for w in first.proposer_worlds)
    other = plan_offer(game, 1, engine.prices(1, state, 1, first.offer, believes))
    assert plan_offer(game, 1, engine.prices(1, state, 1, other, believes)) == first.offer  # a cycle of two
    assert str(first.offer) == "p5:0 p4:0 p3:0 p2:1 p1:1" and str(other) == "p5:1 p4:0 p3:0 p2:0 p1:1"
    assert engine.won(1, state, 1, first.offer, believes) == [1] and engine.won(1, state, 1, other, believes) == [0]


def test_an_explicit_level_is_refused_before_it_would_cost_too_much(monkeypatch):
    import epistemic.models.pirates.learning as learning
    # estimated as the fixpoint estimates it (see the test above): levels 0 to 3 of the second story and the
    # checks between them make 59 predictions, and level 4 is estimated at 85
    monkeypatch.setattr(learning, "MAX_PREDICTIONS", 70)
    with pytest.raises(PirateGameError, match=r"^level 4 would bring the predictions to about 85, more than the 70 "
                                              r"allowed \(levels 0 to 3 and their checks made 59\): anticipate less$"):
        learn(STORY, anticipation=4)
    assert learn(STORY, anticipation=3).level == 3
    # a level that outgrows its estimate is stopped by the engine at the limit itself
    monkeypatch.setattr(learning, "_next_cost", lambda made: 0)
    monkeypatch.setattr(learning, "MAX_PREDICTIONS", 10)
    with pytest.raises(PirateGameError, match="^learning stopped after 10 predictions, the most it may make"):
        learn(STORY, anticipation=3)

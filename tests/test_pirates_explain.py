"""Why-explanations of the pirate game: reason trees, questions and the explorer."""

from __future__ import annotations

import io
import sys

import pytest

from epistemic import EpistemicError, Knowledge
from epistemic.explanation import OMITTED, Reason
from epistemic.models.pirates import PirateGame, PirateGameError, promise
from epistemic.models.pirates.explain import (
    DEPTH,
    ReasonKind,
    why_expectation,
    why_offer,
    why_outcome,
    why_overboard,
    why_vote,
)
from epistemic.models.pirates.explore import Explorer, QuestionKind, explain, parse_why, run_explorer
from epistemic.models.pirates.wording import knowledge_label

NOTHING = Knowledge.of([])


@pytest.fixture
def subgroup_53():
    """The seed's first subgroup story: p2 tells {p2, ..., p5} he divides 1 1 0 1."""
    return PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])


@pytest.fixture
def subgroup_54():
    """The seed's second subgroup story: p4 tells only p5 he divides 2 2."""
    return PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])


def claims(reason: Reason) -> list[str]:
    return [r.claim for _, r in reason.walk()]


# the Reason type ------------------------------------------------------------------------
class TestReason:
    def test_text_walk_and_edges(self):
        c = Reason("c", key=(2, "k"), values=[("expects", 1)], knowledge="knows no promise")
        tree = Reason("a", because=[Reason("b", because=[c]), Reason("d")])
        assert tree.to_text() == "a\n  b\n    c  (expects 1)  [knows no promise]\n  d"
        assert [(d, r.claim) for d, r in tree.walk()] == [(0, "a"), (1, "b"), (2, "c"), (1, "d")]
        assert [(p.claim, ch.claim) for p, ch in tree.edges()] == [("a", "b"), ("b", "c"), ("a", "d")]
        assert tree.height() == 2

    def test_max_depth_says_what_is_cut(self):
        tree = Reason("a", because=[Reason("b", because=[Reason("c")]), Reason("d")])
        assert tree.to_text(max_depth=1) == f"a\n  b {OMITTED}\n  d"
        assert tree.to_text(max_depth=0) == f"a {OMITTED}"

    def test_values_compare_and_hash(self):
        def build():
            return Reason("a", key=(1, NOTHING), values=(("x", 1),), because=[Reason("b")])
        assert build() == build() and hash(build()) == hash(build())
        assert build() != Reason("a", key=(1, NOTHING), values=(("x", 2),), because=[Reason("b")])
        assert build() != Reason("a", key=(1, NOTHING), values=(("x", 1),), because=[Reason("c")])
        assert len({build(), build()}) == 1

    @pytest.mark.parametrize("bad", [
        dict(claim=""), dict(claim="two\nlines"), dict(claim="a", values=[("x", "1")]),
        dict(claim="a", values=[("x", True)]), dict(claim="a", because=["not a reason"]),
        dict(claim="a", key=[1, 2]), dict(claim="a", values=[1]), dict(claim="a", knowledge=3),
        dict(claim="a", kind="vote"), dict(claim="a", verdict="true"), dict(claim="a", verdict=1),
    ])
    def test_bad_reasons_are_refused(self, bad):
        with pytest.raises(EpistemicError):
            Reason(**bad)

    def test_kinds_are_enum_members_and_json_writes_their_values(self):
        tree = Reason("a", kind=ReasonKind.VOTE, because=[Reason("b", kind=ReasonKind.DIFFER, verdict=True)])
        assert tree != Reason("a", kind=ReasonKind.OFFER, because=[Reason("b", kind=ReasonKind.DIFFER, verdict=True)])
        assert tree != Reason("a", kind=ReasonKind.VOTE, because=[Reason("b", kind=ReasonKind.DIFFER)])
        data = tree.to_dict()
        assert data["kind"] == "vote" and data["because"][0]["kind"] == "differ"
        assert "verdict" not in data and "verdict=True" in repr(tree.because[0])

    def test_deep_chain_needs_no_recursion(self):
        def chain(n):
            r = Reason("root cause")
            for i in range(n):
                r = Reason(f"step {i}", key=(i, "k"), because=[r])
            return r
        a, b = chain(20_000), chain(20_000)
        assert a == b and hash(a) == hash(b)
        assert a.height() == 20_000
        assert len(a.to_text().splitlines()) == 20_001
        assert "because=<1 reason>" in repr(a)


# the seed's first subgroup story --------------------------------------------------------
class TestFirstSubgroupStory:
    def test_p5_votes_no_because_offered_1_and_expects_1(self, subgroup_53):
        game = subgroup_53
        assert game.play().deaths == [1]
        why = why_vote(game, 5, 1)
        assert why.claim.startswith("p5 votes no in round 1: he is offered 1 coin, no more than the 1 coin")
        assert why.values == (("offered", 1), ("expects", 1))
        assert why.key == (1, game.everything)
        assert why.knowledge == "knows p2's promise"
        offer, expectation = why.because
        assert offer.key == (1, game.everything)
        assert expectation.values == (("expects", 1),)
        assert expectation.key == game.solver.key(2, game.knowledge_of(5))
        assert expectation.knowledge == "knows p2's promise"
        outcome, = expectation.because
        assert outcome.claim.startswith("round 2 ends with p2's offer p5:1 p4:1 p3:0 p2:1 accepted")
        assert outcome.values == (("yes", 2), ("needed", 2))
        kept, = outcome.because
        assert "because he promised it" in kept.claim
        assert kept.because == ()

    def test_p1s_offer_is_his_own_prediction_without_the_promise(self, subgroup_53):
        why = why_offer(subgroup_53, 1)
        assert why.claim.startswith("p1 offers p5:1 p4:0 p3:1 p2:0 p1:1 in round 1: he knows no promise, "
                                    "while this prediction knows p2's promise")
        own, *differences = why.because
        assert own.key == (1, NOTHING)
        assert own.knowledge == "knows no promise"
        assert own.values == (("keeps", 1), ("needs", 2), ("free", 0), ("pays", 2))
        bought, = own.because
        assert bought.claim == ("in their prediction of round 2, p3 and p5 expect 0 coins "
                                "and are bought with 1 coin each")
        by_voter = {d.claim.split()[0]: d for d in differences}
        assert set(by_voter) == {"p2", "p5"}
        assert by_voter["p5"].values == (("p1 thinks", 0), ("expects", 1))
        assert "so he votes no where p1 counts on his yes" in by_voter["p5"].claim
        assert by_voter["p2"].values == (("p1 thinks", 2), ("expects", 1))

    def test_p1_thrown_overboard_lists_the_no_voters(self, subgroup_53):
        why = why_overboard(subgroup_53, 1)
        assert why.values == (("yes", 2), ("needed", 3))
        assert why.because[0].claim.startswith("p1 offers")
        no = [r.claim.split(":")[0] for r in why.because[1:]]
        assert no == ["p2 and p4 vote no in round 1", "p5 votes no in round 1"]
        assert why.because[1].values == (("offered", 0), ("expects", 1))


# the seed's second subgroup story -------------------------------------------------------
class TestSecondSubgroupStory:
    def test_three_proposers_are_thrown_overboard(self, subgroup_54):
        play = subgroup_54.play()
        assert play.deaths == [1, 2, 3]
        assert play.outcome.row() == (2, 2)
        for rank in (1, 2, 3):
            assert why_overboard(subgroup_54, rank).claim.startswith(f"p{rank} is thrown overboard in round {rank}")

    def test_p2s_offer_is_made_without_the_promise(self, subgroup_54):
        game = subgroup_54
        why = why_overboard(game, 2)
        assert why.values == (("yes", 1), ("needed", 2))
        offer = why.because[0]
        assert offer.knowledge == "knows p4's promise"
        own, *differences = offer.because
        assert own.key == (2, NOTHING)
        assert own.claim.startswith("p2 offers p5:0 p4:1 p3:0 p2:3 in round 2")
        assert own.knowledge == "knows no promise"
        assert [d.values for d in differences] == [(("p2 thinks", 0), ("expects", 2)),
                                                  (("p2 thinks", 1), ("expects", 2))]
        assert [d.knowledge for d in differences] == ["knows p4's promise"] * 2
        voters = [r.claim.split()[0] for r in why.because[1:]]
        assert voters == ["p3", "p4", "p5"]

    def test_p4_and_p5_expect_two(self, subgroup_54):
        game = subgroup_54
        for voter in (4, 5):
            why = why_expectation(game, voter, 2)
            assert why.values == (("expects", 2),)
            assert why.knowledge == "knows p4's promise"
            assert "p3 is thrown overboard and the game ends with p5:2 p4:2" in why.claim
        first = why_expectation(game, 5, 1)
        assert "p2 and p3 are thrown overboard" in first.claim
        # the chain runs through two failed rounds down to the promise
        assert [r.key[0] for _, r in first.walk()] == [2, 2, 3, 4, 4]
        assert "because he promised it" in claims(first)[-1]


# builders -------------------------------------------------------------------------------
class TestBuilders:
    def test_last_pirate_alone(self):
        why = why_offer(PirateGame(3, 3), 3, NOTHING)
        assert why.claim == "p3 is the last pirate alive, so in round 3 he offers himself all 3 coins"
        assert why.because == ()

    def test_free_votes_from_doomed_voters(self):
        why = why_offer(PirateGame(7, 1), 2, depth=1)
        assert why.values == (("keeps", 0), ("needs", 2), ("free", 1), ("pays", 1))
        bought, = why.because
        assert "p3 expects to be thrown overboard and votes yes for nothing" in bought.claim
        assert bought.values == (("expects", 0), ("bought", 1), ("doomed", 1))

    def test_doomed_voter_votes_yes(self):
        why = why_vote(PirateGame(7, 1), 3, 2)
        assert why.claim.startswith("p3 votes yes in round 2")
        assert why.values == (("offered", 0),)

    def test_proposer_votes_for_himself(self):
        why = why_vote(PirateGame(5, 3), 1, 1)
        assert why.claim.startswith("p1 votes yes in round 1: it is his own offer")
        assert why_expectation(PirateGame(5, 3), 1, 1).because == ()

    def test_failed_offer_leads_to_next_round(self):
        why = why_outcome(PirateGame(7, 1), 1, depth=1)
        assert why.values == (("yes", 2), ("needed", 4))
        assert why.because[0].key == (2, NOTHING)
        assert why.because[0].claim.endswith(OMITTED)

    def test_depth_limits(self, subgroup_54):
        assert why_overboard(subgroup_54, 1, depth=0).because == ()
        assert why_overboard(subgroup_54, 1, depth=0).claim.endswith(OMITTED)
        full = why_overboard(subgroup_54, 1, depth=None)
        assert not any(OMITTED in c for c in claims(full))
        assert why_overboard(subgroup_54, 1, depth=3).height() == 3
        assert full == why_overboard(subgroup_54, 1, depth=100)
        with pytest.raises(PirateGameError, match="depth"):
            why_offer(subgroup_54, 1, depth=-1)

    def test_hypothetical_rounds_need_not_be_played(self):
        game = PirateGame(5, 3)
        with pytest.raises(PirateGameError, match="round 3 was not played: the game ended in round 1"):
            why_offer(game, 3)
        assert why_offer(game, 3, NOTHING).values[0] == ("keeps", 2)

    @pytest.mark.parametrize("call, message", [
        (lambda g: why_overboard(g, 4), "p4 was not thrown overboard: he ends with 2 coins"),
        (lambda g: why_vote(g, 9, 1), "unknown pirate p9: the pirates are p1 to p5"),
        (lambda g: why_vote(g, 1, 2), "p1 does not vote in round 2 because he is dead"),
        (lambda g: why_outcome(g, 7), "round 7 is out of range: the rounds are 1 to 5"),
        (lambda g: why_outcome(g, 5), "round 5 was not played: the game ended in round 4"),
        (lambda g: why_vote(g, "p5", 1), "unknown pirate 'p5'"),
    ])
    def test_errors_name_the_fault(self, subgroup_54, call, message):
        with pytest.raises(PirateGameError, match=message):
            call(subgroup_54)

    def test_knowledge_labels(self, subgroup_54):
        assert knowledge_label(NOTHING) == "knows no promise"
        assert knowledge_label(subgroup_54.everything) == "knows p4's promise"
        two = Knowledge.of([promise(5, 4, [2, 2]), promise(5, 3, [1, 1, 1])])
        assert knowledge_label(two) == "knows p3's and p4's promises"


# questions in words ----------------------------------------------------------------------
@pytest.mark.parametrize("text, read", [
    ("p5 vote round 1", "p5 vote round 1"),
    ("Why does p5 vote no in round 1?", "p5 vote round 1"),
    ("why does p5 vote no on p1's offer", "p5 vote round 1"),
    ("p5's vote in r1", "p5 vote round 1"),
    ("offer round 2", "offer round 2"),
    ("p2 offer", "offer round 2"),
    ("why does p2 propose this", "offer round 2"),
    ("p3 expectation round 2", "p3 expectation round 2"),
    ("what does p3 expect in round 2", "p3 expectation round 2"),
    ("p1 overboard", "p1 overboard"),
    ("why was p1 thrown over", "p1 overboard"),
    ("why did p1 die", "p1 overboard"),
    ("outcome", "outcome round 1"),
    ("how does round 2 end", "outcome round 2"),
    ("offer round 1 as p1", "offer round 1 as p1"),
    ("offer round 1 on p1's knowledge", "offer round 1 as p1"),
    ("outcome round 4 as p3", "outcome round 4 as p3"),
    ("p5 votes no, in round 1.", "p5 vote round 1"),
    ("why does p5 vote against p1's offer", "p5 vote round 1"),
    ("offer round 1 as p1's knowledge", "offer round 1 as p1"),
    ("outcome round 02", "outcome round 2"),
])
def test_questions_read(subgroup_53, text, read):
    assert str(parse_why(text, subgroup_53)) == read


@pytest.mark.parametrize("text, message", [
    ("p9 vote round 1", "unknown pirate p9"),
    ("p5 vote round 7", "round 7 is out of range"),
    ("p5 vote round 3", "round 3 was not played"),
    ("p1 vote round 2", "p1 does not vote in round 2 because he is dead"),
    ("why does p5 vote yes in round 1", "p5 votes no in round 1, not yes"),
    ("p2 overboard", "p2 was not thrown overboard"),
    ("p1 overboard round 2", "p1 can only be thrown overboard in round 1"),
    ("p1 overboard as p3", "asks about the play"),
    ("p2 offer round 1", "p2 does not propose in round 1: p1 does"),
    ("vote round 1", "whose vote"),
    ("p3 and p5 vote round 1", "names p3 and p5"),
    ("offer round two", "'round' needs a number"),
    ("round 1 round 2 outcome", "two rounds"),
    ("tell me a story", "cannot tell what"),
    ("   ", "ask a question"),
    # numbers are ASCII, plain and whole; nothing about them is skipped
    ("p5 vote round \u00b2", "'round' needs a number"),
    ("outcome round \u0663", "'round' needs a number"),
    ("p5 vote round -1", "'round -1' is not a round"),
    ("p5 vote round 1.5", "'round 1.5' is not a round"),
    ("p5 vote r-1", "'round -1' is not a round"),
    ("p5 vote r1.5", "'round 1.5' is not a round"),
    ("p5 vote round 1 p-5", "negative number 'p-5'"),
    ("p1.5 vote round 1", "fractional number 'p1.5'"),
    ("p5 vote 2", "what is '2'"),
    ("p5 vote round 1 -2", "negative number '-2'"),
    # 'as' and 'on ... knowledge' name a pirate
    ("p3 vote round 1 as p-2", "negative number 'p-2'"),
    ("p3 vote round 1 as p", "'as' needs a pirate"),
    ("p3 vote round 1 as", "'as' needs a pirate"),
    ("p3 vote round 1 as him", "'as' needs a pirate"),
    ("p3 vote round 1 as p9", "unknown pirate p9"),
    ("offer round 1 on knowledge", "'on ... knowledge' needs a pirate"),
    ("offer round 1 on his knowledge", "'on ... knowledge' needs a pirate"),
    ("offer round 1 as p1 as p2", "as both p1 and p2"),
    # contradictions
    ("p5 vote yes no round 1", "both yes and no"),
    ("why does p5 vote no and yes in round 1", "both yes and no"),
])
def test_bad_questions(subgroup_53, text, message):
    with pytest.raises(PirateGameError, match=message):
        parse_why(text, subgroup_53)


def test_explain_answers_with_the_builders(subgroup_53):
    game = subgroup_53
    assert explain(game, "why does p5 vote no in round 1") == why_vote(game, 5, 1)
    assert explain(game, "p1 overboard", depth=2) == why_overboard(game, 1, depth=2)
    assert explain(game, "outcome round 2 as p1") == why_outcome(game, 2, NOTHING)
    assert explain(game, "p3 expectation round 2", depth=None) == why_expectation(game, 3, 2, depth=None)


# the explorer ------------------------------------------------------------------------------
def explore(game, script: str) -> str:
    out = io.StringIO()
    assert run_explorer(game, io.StringIO(script), out) is None
    return out.getvalue()


def test_explorer_walks_into_predictions(subgroup_53):
    text = explore(subgroup_53, "round 1\nexpectation p5\nback\noffer\nshow\ntop\nquit\nround 2\n")
    assert text.startswith("the play: 5 pirates, 3 coins")
    assert "round 1: p1 offers p5:1 p4:0 p3:1 p2:0 p1:1; 2 yes, 3 needed: p1 is thrown overboard" in text
    assert "round 1 as predicted by one who knows p2's promise" in text
    # p5's expectation leads into his prediction of round 2, made on p2's promise
    assert "-> p5's prediction of round 2" in text
    assert "round 2 as predicted by one who knows p2's promise" in text
    assert "p2's offer (his promise): p5:1 p4:1 p3:0 p2:1" in text
    # p1's offer leads into his own prediction, which knows no promise
    assert "-> p1's own prediction of round 1" in text
    assert "round 1 as predicted by one who knows no promise" in text
    assert "round 1 [knows no promise]> " in text
    assert text.count("the play: 5 pirates") == 2       # once at the start, once for 'top'
    assert "-> round 2 as played" not in text            # nothing is read after 'quit'


def test_explorer_shrugs_off_bad_commands(subgroup_54):
    script = "\n".join([
        "offer", "fly away", "round", "round 9", "round 5", "round x", "back", "back",
        "round 2", "vote", "vote p1", "vote p12", "expectation", "expectation p3 p4",
        "why p2 overboard", "why hello", "vote p4", "outcome", "help", "why",
    ]) + "\n"
    text = explore(subgroup_54, script)
    errors = [line.split("> ")[-1] for line in text.splitlines() if "error: " in line]
    assert errors == [
        "error: pick a round first, e.g. 'round 1'",
        "error: unknown command 'fly': type 'help' for the commands",
        "error: pick a round by its number, e.g. 'round 2'",
        "error: round 9 is out of range: the rounds are 1 to 5",
        "error: round 5 was not played: the game ended in round 4",
        "error: pick a round by its number, e.g. 'round 2'",
        "error: already at the rounds of the play",
        "error: already at the rounds of the play",
        "error: name one pirate, e.g. 'vote p3'",
        "error: p1 does not vote in round 2 because he is dead: he was thrown overboard in round 1",
        "error: unknown pirate p12: the pirates are p1 to p5",
        "error: name one pirate, e.g. 'expectation p3'",
        "error: name one pirate, e.g. 'expectation p3'",
        "error: cannot tell what 'hello' asks: ask e.g. 'p5 vote round 1', 'offer round 2', "
        "'p3 expectation round 2', 'p1 overboard', 'outcome'",
    ]
    assert "p2 is thrown overboard in round 2: his offer p5:0 p4:1 p3:0 p2:3 gets 1 vote of the 2 it needs" in text
    assert "p4 votes no in round 2: he is offered 1 coin, less than the 2 coins he expects" in text
    assert "-> round 3 on the same knowledge" in text
    assert "top (or up)" in text
    # the input ran out: the explorer ends on a prompt and a newline
    assert text.endswith("> \n")


def test_explorer_commands_one_by_one(subgroup_54):
    out = io.StringIO()
    ex = Explorer(subgroup_54, out)
    assert ex.prompt() == "pirates> "
    assert ex.handle("3") and ex.path == [(3, subgroup_54.everything)]
    assert ex.prompt() == "round 3 [knows p4's promise]> "
    assert ex.handle("outcome") and ex.path[-1] == (4, subgroup_54.everything)
    assert ex.handle("expectation p5") and ex.path[-1] == (5, NOTHING)
    assert ex.handle("up") and ex.path == []
    assert ex.handle("") and ex.handle("   ")
    assert not ex.handle("quit")


def test_explorer_refuses_non_ascii_digits(subgroup_54):
    # '²'.isdigit() is true, but int('²') fails: these once escaped as a ValueError
    text = explore(subgroup_54, "\u00b2\nround \u00b9\nr\u00b2\n\u0663\nround 2\nvote p\u00b2\n")
    errors = [line.split("> ")[-1] for line in text.splitlines() if "error: " in line]
    assert errors == [
        "error: unknown command '\u00b2': type 'help' for the commands",
        "error: pick a round by its number, e.g. 'round 2'",
        "error: unknown command 'r\u00b2': type 'help' for the commands",
        "error: unknown command '\u0663': type 'help' for the commands",
        "error: name one pirate, e.g. 'vote p3'",
    ]
    assert "-> round 2 as played" in text


def test_explorer_honours_depth():
    game = PirateGame(6, 2)

    def lines(script, depth):
        out = io.StringIO()
        run_explorer(game, io.StringIO(script), out, depth=depth)
        return len(out.getvalue().splitlines())

    assert lines("round 1\nwhy\n", depth=1) < lines("round 1\nwhy\n", depth=6)
    assert lines("round 1\nwhy\n", depth=6) < lines("round 1\nwhy\n", depth=None)
    # the moves show one level of reasons, and none with depth 0
    assert lines("round 1\nvote p6\n", depth=0) < lines("round 1\nvote p6\n", depth=1)
    assert lines("round 1\noffer\n", depth=0) < lines("round 1\noffer\n", depth=1)
    out = io.StringIO()
    ex = Explorer(game, out, depth=0)
    assert ex.handle("round 1") and ex.handle("vote p6")
    last = out.getvalue().splitlines()[-1]
    assert last.startswith("p6 votes ") and OMITTED in last


@pytest.mark.parametrize("depth", [-1, 1.5, True, "2"])
def test_explorer_refuses_a_bad_depth_before_writing(depth):
    out = io.StringIO()
    with pytest.raises(PirateGameError, match="depth must be a whole number"):
        run_explorer(PirateGame(3, 3), io.StringIO("round 1\nwhy\n"), out, depth=depth)
    assert out.getvalue() == ""


class _FailingOutput(io.StringIO):
    """An output that fails with ``error`` after ``writes`` writes."""

    def __init__(self, writes: int, error: OSError):
        super().__init__()
        self.writes, self.error = writes, error

    def write(self, text):
        if self.writes <= 0:
            raise self.error
        self.writes -= 1
        return super().write(text)


@pytest.mark.parametrize("writes", [0, 1, 2, 3, 5])
def test_explorer_stops_quietly_on_a_closed_pipe(subgroup_54, writes):
    out = _FailingOutput(writes, BrokenPipeError(32, "Broken pipe"))
    script = io.StringIO("round 1\nwhy\nvote p5\nhelp\n" * 3)
    assert run_explorer(subgroup_54, script, out) is None
    assert out.writes == 0


def test_explorer_raises_other_output_errors(subgroup_54):
    out = _FailingOutput(3, OSError(5, "Input/output error"))
    with pytest.raises(OSError, match="Input/output error") as caught:
        run_explorer(subgroup_54, io.StringIO("round 1\nwhy\n"), out)
    assert not isinstance(caught.value, BrokenPipeError)


# long chains -------------------------------------------------------------------------------
def _stack_depth() -> int:
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


@pytest.mark.parametrize("pirates, coins, overboard", [(1000, 100, 288), (10_000, 3, 1802)])
def test_long_chains_stay_off_the_call_stack(pirates, coins, overboard):
    game = PirateGame(pirates, coins)
    assert len(game.play().deaths) == overboard
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(_stack_depth() + 120)
    try:
        short = why_overboard(game, 1)
        full = why_outcome(game, 1, depth=None)
        whole = why_overboard(game, 1, depth=None)
        text = full.to_text()
        same = full == why_outcome(game, 1, depth=None)
        hash(whole), repr(whole)
        walked = sum(1 for _ in whole.walk())
    finally:
        sys.setrecursionlimit(limit)
    assert short.height() == DEPTH
    assert full.height() >= overboard
    assert same
    assert len(text.splitlines()) == full.height() + 1
    assert walked > overboard
    assert text.splitlines()[overboard].lstrip().startswith(f"round {overboard + 1} ends with")


@pytest.mark.parametrize("text, kind, pirate, round_", [
    ("why does p5 vote no in round 1", QuestionKind.VOTE, 5, 1),
    ("p2's offer", QuestionKind.OFFER, None, 2),
    ("what does p3 expect in r2", QuestionKind.EXPECTATION, 3, 2),
    ("why was p1 thrown over", QuestionKind.OVERBOARD, 1, 1),
    ("how did it end", QuestionKind.OUTCOME, None, 1),
])
def test_questions_are_read_as_their_kind(text, kind, pirate, round_):
    game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    question = parse_why(text, game)
    assert (question.kind, question.pirate, question.round) == (kind, pirate, round_)

"""Input to ``epistemic pirates`` that is a slip, not a request: refused with
one line and exit status 2, nothing written."""

from __future__ import annotations

import pytest

from epistemic.models.pirates import PirateGame, PirateGameError
from epistemic.models.pirates.questions import parse_why
from epistemic.models.pirates.syntax import parse_promise, parse_suspicion

from cli_runs import run


# commas --------------------------------------------------------------------------------
@pytest.mark.parametrize("text, message", [
    ("p4: 2 2 to ,p5", "the hearers of p4's promise ',p5' have a stray comma"),
    ("p3: 2 1 1 to p5,,p4", "the hearers of p3's promise 'p5,,p4' have a stray comma"),
    ("p3: 2 1 1 to p4, ,p5", "the hearers of p3's promise 'p4, ,p5' have a stray comma"),
    ("p4: 2 2 to p5,", "the hearers of p4's promise 'p5,' have a stray comma"),
    ("p4: 2,,2", "the shares of p4's promise '2,,2' have a stray comma"),
    ("p4: ,2 2", "the shares of p4's promise ',2 2' have a stray comma"),
    ("p4: 2 2, to p5", "the shares of p4's promise '2 2,' have a stray comma"),
])
def test_a_stray_comma_is_refused(text, message):
    with pytest.raises(PirateGameError, match="^" + message):
        parse_promise(text, 5)


def test_single_commas_and_spaces_separate_alike():
    assert parse_promise("p4: 2,2 to p5", 5) == parse_promise("p4: 2, 2 to p4 , p5", 5) == \
        parse_promise("p4: 2 2 to p5", 5)
    assert parse_promise("p2: 1,1,0,1 to p3,p4-p5", 5) == parse_promise("p2: 1 1 0 1 to p3 p4 p5", 5)


def test_the_command_line_refuses_a_stray_comma_in_one_line(capsys):
    code, out, err = run(capsys, "pirates", "-n", "5", "-m", "4", "--promise", "p4: 2 2 to ,p5")
    assert (code, out) == (2, "")
    assert err == ("epistemic pirates: error: the hearers of p4's promise ',p5' have a stray comma: write one "
                   "comma between two items\n")


# a promise told to its maker alone -------------------------------------------------------
_ALONE = ("p4's promise is told to nobody but its maker: name the pirates who hear it after 'to', or drop 'to' "
          "to make it public")


@pytest.mark.parametrize("text", ["p4: 2 2 to p4", "p4: 2 2 to p4 p4", "p4: 2 2 to p4-p4"])
def test_a_promise_told_to_its_maker_alone_is_refused(text):
    with pytest.raises(PirateGameError, match="^" + _ALONE.replace("(", r"\(") + "$"):
        parse_promise(text, 5)
    # as a suspicion too, in the same words
    with pytest.raises(PirateGameError, match="^" + _ALONE + "$"):
        parse_suspicion(text, 5, 4)


def test_promise_and_suspect_refuse_a_promise_to_its_maker_alike(capsys):
    refusals = set()
    for argv in (["--promise", "p4: 2 2 to p4"], ["--learning", "--suspect", "p4: 2 2 to p4"],
                 ["--learning", "--suspect", "p4: * to p4"]):
        code, out, err = run(capsys, "pirates", "-n", "5", "-m", "4", *argv)
        assert (code, out) == (2, "")
        refusals.add(err)
    assert refusals == {f"epistemic pirates: error: {_ALONE}\n"}


def test_the_maker_among_other_hearers_is_a_subgroup_promise():
    made = parse_promise("p4: 2 2 to p4 p5", 5)
    assert not made.is_public and made == parse_promise("p4: 2 2 to p5", 5)


# questions naming two kinds ----------------------------------------------------------------
@pytest.fixture(scope="module")
def seed_53():
    return PirateGame(5, 3, [parse_promise("p2: 1 1 0 1 to p3 p4 p5", 5)])


@pytest.mark.parametrize("text, kinds", [
    ("p5 vote offer round 1", ("vote", "offer")),
    ("p3 expectation vote round 2", ("expectation", "vote")),
    ("offer outcome round 1", ("offer", "outcome")),
    ("p1 overboard outcome", ("overboard", "outcome")),
    ("why does p5 vote and expect in round 1", ("vote", "expectation")),
])
def test_a_question_naming_two_kinds_is_refused(seed_53, text, kinds):
    with pytest.raises(PirateGameError, match=f"^the question names two kinds, '{kinds[0]}' and '{kinds[1]}'"):
        parse_why(text, seed_53)


@pytest.mark.parametrize("text, read", [
    ("why does p5 vote no on p1's offer", "p5 vote round 1"),
    ("why does p5 vote no on the offer in round 1", "p5 vote round 1"),
    ("what does p3 expect if the offer fails in round 2", "p3 expectation round 2"),
    ("why was p1 thrown over", "p1 overboard"),
    ("why is p1 thrown overboard when his offer fails", "p1 overboard"),
])
def test_a_kind_that_is_the_object_of_another_is_no_second_question(seed_53, text, read):
    assert str(parse_why(text, seed_53)) == read


def test_the_command_line_refuses_a_question_of_two_kinds_before_writing(capsys, tmp_path):
    picture = tmp_path / "why.dot"
    code, out, err = run(capsys, "pirates", "-n", "5", "-m", "4", "--why", "p5 vote offer round 1",
                         "--draw", str(picture))
    assert (code, out) == (2, "") and not picture.exists()
    assert err.startswith("epistemic pirates: error: the question names two kinds, 'vote' and 'offer'")
    assert err.count("\n") == 1


# options that contradict each other -----------------------------------------------------
@pytest.mark.parametrize("options, message", [
    (["--json", "--json-detail"], "--json and --json-detail are two forms of the JSON: give one"),
    (["--json-detail", "--json"], "--json and --json-detail are two forms of the JSON: give one"),
    (["--full-tables", "--no-tables"], "--full-tables prints the tables whole and --no-tables prints none: give one"),
    (["--no-tables", "--full-tables"], "--full-tables prints the tables whole and --no-tables prints none: give one"),
    (["--all-rounds", "--json"], "--all-rounds is for the text report: the JSON holds every round"),
])
def test_contradicting_options_are_refused(capsys, options, message):
    code, out, err = run(capsys, "pirates", "-n", "5", "-m", "4", *options)
    assert (code, out, err) == (2, "", f"epistemic pirates: error: {message}\n")


def test_options_that_agree_are_taken(capsys):
    code, out, _ = run(capsys, "pirates", "-n", "30", "-m", "4", "--tables", "--full-tables")
    assert code == 0 and "\n30 left |" in out and "more rows" not in out
    code, out, _ = run(capsys, "pirates", "-n", "5", "-m", "4", "--json-detail")
    assert code == 0 and '"format": "detail"' in out

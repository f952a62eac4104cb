"""The tournament's rules and line protocol, apart from any socket (seed ``001``).

The seed is /work/shared/seeds/001_511e154ace0c742c.txt: its README gives the
link values (CC = 10, TC = 4, TT = 0), the defaults for a missing or invalid
answer, and an example game of three players.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from epistemic.models.tournament import (LINKS, BadLine, LineReader, bounty, groups, leader_survives,
                                         parse_choices, parse_shares, parse_vote, unique_name)
from epistemic.models.tournament.rules import read_choices, read_name, read_shares, read_vote

_TEXT = st.text(st.characters(blacklist_characters="\r\n", blacklist_categories=("Cs",)), max_size=40)


# --- reading lines ---------------------------------------------------------------------
@given(lines=st.lists(_TEXT, max_size=8), cuts=st.lists(st.integers(0, 400), max_size=12))
def test_lines_come_out_whole_however_the_bytes_are_cut(lines, cuts):
    """A message split over packets, or several in one packet, reads the same."""
    data = b"".join(line.encode() + b"\r\n" for line in lines)
    reader = LineReader()
    points = sorted({min(c, len(data)) for c in cuts} | {0, len(data)})
    got = [line for a, b in itertools.pairwise(points) for line in reader.feed(data[a:b])]
    assert got == lines and reader.pending == 0


def test_an_end_split_between_packets():
    reader = LineReader()
    assert reader.feed(b"Gauth-1=C\r") == [] and reader.feed(b"\nT\r\n") == ["Gauth-1=C", "T"]


def test_a_line_too_long_is_one_bad_line_and_memory_stays_bounded():
    reader = LineReader(max_length=10)
    found = []
    for _ in range(1000):
        found += reader.feed(b"x" * 100)
        assert reader.pending <= 12
    found += reader.feed(b"\r\nC\r\n")
    assert found == [BadLine("longer than the limit"), "C"]


def test_bytes_that_are_not_utf8_are_a_bad_line_and_reading_goes_on():
    assert LineReader().feed(b"\xc3\x28\r\nVjeux\r\n") == [BadLine("not UTF-8"), "Vjeux"]


def test_the_limit_must_be_positive():
    with pytest.raises(ValueError, match="at least 1 byte"):
        LineReader(max_length=0)


# --- the seed's rules ----------------------------------------------------------------------
def test_the_seeds_link_values():
    # seed 001, "Phase 1": "CC = 10, TC = 4 and TT = 0"
    assert LINKS["CC"] == 10 and LINKS["TC"] == LINKS["CT"] == 4 and LINKS["TT"] == 0


def test_the_seeds_example_round():
    """Vjeux cooperates with both; Gauth betrays Vjeux; Felix cooperates with both; Gauth and
    Felix cooperate.  All three are one group (Vjeux-Felix and Gauth-Felix are mutual C); the
    bounty is CT 4 + CC 10 + CC 10.  Gauth leads (the seed sorts by score); when both others
    vote T he goes overboard, and Vjeux, next, proposes everything to himself."""
    players = ["Vjeux-0", "Gauth-1", "Felix-2"]
    choices = {"Vjeux-0": parse_choices("Gauth-1=C Felix-2=C", "Vjeux-0", players),
               "Gauth-1": parse_choices("Vjeux-0=T Felix-2=C", "Gauth-1", players),
               "Felix-2": parse_choices("Vjeux-0=C Gauth-1=C", "Felix-2", players)}
    [group] = groups(players, choices)
    assert group == players and bounty(group, choices) == 24
    assert not leader_survives({"Vjeux-0": parse_vote("T"), "Felix-2": parse_vote("T")})
    assert leader_survives({"Vjeux-0": parse_vote("T"), "Felix-2": parse_vote("C")})
    assert parse_shares("Vjeux-0=24 Felix-2=0", ["Vjeux-0", "Felix-2"], 24) == {"Vjeux-0": 24, "Felix-2": 0}


def test_every_default_of_the_seed():
    # seed 001, "Messages": Name Unnamed; Prisoner T to everyone; leader all to himself; others C
    players = ["a-0", "b-1", "c-2"]
    assert unique_name(None, 4) == "Unnamed-4" and unique_name("", 5) == "Unnamed-5"
    assert parse_choices(None, "a-0", players) == {"b-1": "T", "c-2": "T"}
    assert parse_choices("garbage", "a-0", players) == {"b-1": "T", "c-2": "T"}
    for line in (None, "", "a-0=5 b-1=4", "a-0=-1 b-1=11", "a-0=4.5 b-1=5.5", "a-0=x"):
        assert parse_shares(line, ["a-0", "b-1"], 10) == {"a-0": 10, "b-1": 0}
    assert parse_shares("b-1=10", ["a-0", "b-1"], 10) == {"a-0": 0, "b-1": 10}
    assert parse_vote(None) == parse_vote("") == parse_vote("yes") == "C"


_CHOICE = st.sampled_from("CT")


@given(st.integers(1, 7), st.data())
def test_groups_split_the_players_and_bounties_add_their_links(n, data):
    players = [f"p{i}-{i}" for i in range(n)]
    choices = {a: {b: data.draw(_CHOICE) for b in players if b != a} for a in players}
    found = groups(players, choices)
    assert sorted(p for g in found for p in g) == sorted(players)
    for g in found:  # within a group every player is joined to another by a mutual C, unless alone
        assert len(g) == 1 or all(any(choices[a][b] == choices[b][a] == "C" for b in g if b != a) for a in g)
    for g, h in itertools.combinations(found, 2):  # across groups no mutual C
        assert all(not (choices[a][b] == choices[b][a] == "C") for a in g for b in h)
    for g in found:
        pairs = [(a, b) for a, b in itertools.combinations(g, 2)]
        assert bounty(g, choices) == sum(LINKS[choices[a][b] + choices[b][a]] for a, b in pairs)
    assert bounty(players, choices, {"CC": 1, "CT": 1, "TC": 1, "TT": 1}) == n * (n - 1) // 2


@given(st.integers(0, 6), st.integers(0, 6))
def test_the_leader_goes_over_when_the_ts_outnumber_the_cs(against, agreeing):
    votes = {f"v{i}": "T" for i in range(against)} | {f"w{i}": "C" for i in range(agreeing)}
    assert leader_survives(votes) == (against <= agreeing + 1)


def test_numbers_too_long_to_read_get_the_default():
    """A share of 5,000 digits (more than Python reads at once) is no share: everything to the
    leader, as for any invalid line; it must not stop the game."""
    from epistemic.models.tournament.rules import answers_question, parse_shares
    huge = "9" * 5000
    assert parse_shares(f"a={huge} b=0", ["a", "b"], 10) == {"a": 10, "b": 0}
    assert not answers_question(f"a={huge}", "10 a b")


# --- what a reasonable bot sends (docs/tournament.md, "The protocol") ------------------------
def test_a_line_may_end_with_lf_alone():
    """Seed 001 ends every message with \\r\\n; a bot may end its lines with \\n alone, and a
    \\r\\n split between packets still ends one line."""
    reader = LineReader()
    assert reader.feed(b"Vjeux\nGauth-1=C\r\nT\r") == ["Vjeux", "Gauth-1=C"]
    assert reader.feed(b"\n") == ["T"] and reader.pending == 0


def test_bytes_with_no_end_are_no_line():
    reader = LineReader()
    assert reader.feed(b"C\rT") == [] and reader.pending == 3  # a lone \r ends nothing


def test_a_line_too_long_ending_with_lf_alone_is_one_bad_line():
    reader = LineReader(max_length=4)
    assert reader.feed(b"12345678\nC\n") == [BadLine("longer than the limit"), "C"]
    assert reader.feed(b"1234\r\n") == ["1234"]  # the limit leaves room for the \r of its end


def test_a_vote_with_spaces_around_it_counts():
    """Decided (docs/tournament.md): spaces around the letter do not count, where the original
    server compared the whole line and took " T" for C; a lower-case or other word gets the
    default C, and says why."""
    assert read_vote(" T") == ("T", None) and read_vote("C\t") == ("C", None)
    assert read_vote("t") == ("C", "neither C nor T: 't'")
    assert read_vote(None) == ("C", None)  # no line: the server says why


def test_a_share_written_with_a_decimal_point_counts():
    """Decided (docs/tournament.md): 5.0 is the whole number 5, as the original server read it;
    5.5, 1e1, -0 and 0x5 are no whole numbers, and the pirate they name gets 0."""
    pirates = ["a", "b"]
    assert read_shares("a=5.0 b=5.", pirates, 10) == ({"a": 5, "b": 5}, None)
    assert read_shares("a=4.5 b=5.5", pirates, 10) == ({"a": 10, "b": 0}, "no share for any pirate: 'a=4.5 b=5.5'")
    for bad in ("1e1", "-0", "0x5", "+5", "5.01", ""):
        assert read_shares(f"a=5 b={bad}", pirates, 5)[0] == {"a": 5, "b": 0}, bad
    assert read_shares("a=4 b=5", pirates, 10)[1] == "the shares add up to 9, not 10: 'a=4 b=5'"


def test_a_share_that_is_no_whole_number_is_recorded():
    """The rule (docs/tournament.md, "The protocol"): every default given is recorded.  Shares
    that add up to the bounty are taken, and a pirate given no whole number gets 0: that 0 is a
    default, said with the value sent, quoted short."""
    pirates = ["a", "b", "c"]
    assert read_shares("a=24 b=5.5", pirates, 24) == ({"a": 24, "b": 0, "c": 0}, "no whole number for b: '5.5'")
    assert read_shares("a=24 b=banana", pirates, 24)[1] == "no whole number for b: 'banana'"
    assert read_shares("a=24 c= b=1e1", pirates, 24)[1] == "no whole number for c: '' (nor for 1 more pirate)"
    assert read_shares(f"a=24 b={'9' * 5000}", pirates, 24)[1] == f"no whole number for b: '{'9' * 21}...'"
    # a pirate given a whole number too, or a name of nobody in the group, defaults nothing
    assert read_shares("a=20 b=x b=4 Nobody=x", pirates, 24) == ({"a": 20, "b": 4, "c": 0}, None)
    # shares that do not add up say so, whatever else is wrong with them
    assert read_shares("a=20 b=x", pirates, 24)[1] == "the shares add up to 20, not 24: 'a=20 b=x'"


def test_shares_taken_with_a_default_still_answer_the_leaders_question():
    """A leader's late line is told from his answer by whether it gives shares that are taken:
    one with a pirate given no whole number is still his answer."""
    from epistemic.models.tournament.rules import answers_question
    assert answers_question("a=24 b=5.5", "24 a b")
    assert not answers_question("a=20 b=5.5", "24 a b") and not answers_question("b=x", "24 a b")


def test_a_leader_may_leave_himself_out():
    """Decided (docs/tournament.md): a pirate named nowhere gets 0, the leader too, where the
    original server kept the whole bounty for an unnamed leader and so refused such shares.
    Shares that add up to the bounty are read as the leader sent them."""
    assert read_shares("b=10", ["a", "b"], 10) == ({"a": 0, "b": 10}, None)
    assert read_shares("b=3 c=7", ["a", "b", "c"], 10) == ({"a": 0, "b": 3, "c": 7}, None)


def test_a_prisoner_answer_says_whom_it_left_out():
    players = ["a", "b", "c", "d"]
    assert read_choices("b=C c=T d=C", "a", players) == ({"b": "C", "c": "T", "d": "C"}, None)
    assert read_choices("b=C c=T Nobody=C", "a", players)[1] == "no C or T towards d: 'b=C c=T Nobody=C'"
    assert read_choices("b=c", "a", players)[1] == "no C or T towards 3 of 3 players: 'b=c'"
    assert read_name(" = ", 2) == ("Unnamed-2", "no name: ' = '")


def test_a_prisoner_answer_that_names_a_player_twice_with_both_letters_is_a_fault():
    """``b=C ... b=T`` says nothing of b: he gets the default T, and why is recorded; the same
    letter twice says what it says."""
    players = ["a", "b", "c", "d"]
    assert read_choices("b=C c=T d=C b=T", "a", players) == (
        {"b": "T", "c": "T", "d": "C"}, "both C and T towards b: 'b=C c=T d=C b=T'")
    assert read_choices("b=T c=T b=C", "a", players)[1] == "no C or T towards d; both C and T towards b: 'b=T c=T b=C'"
    assert read_choices("b=C c=C d=C b=C", "a", players) == ({"b": "C", "c": "C", "d": "C"}, None)


def test_a_name_keeps_no_character_that_cannot_be_printed():
    # an escape in a name would reach the operator's terminal in the standings and the status line
    assert read_name("\x1b[2J\x1b[HAda\x07", 3) == ("[2J[HAda-3", None)
    assert read_name("Ada\u202eevil", 0) == ("Adaevil-0", None)  # a right-to-left override
    assert read_name("\x1b\x00\x7f", 5) == ("Unnamed-5", "no name: '\\x1b\\x00\\x7f'")
    assert all(c.isprintable() for c in unique_name("".join(map(chr, range(0x250))), 1))

"""The tournament's fast rules give, answer by answer, what the rules as first written give
(seed 001): the same items of a line, the same Prisoner answers and reasons, the same groups,
bounties and rows, over many lines and rounds drawn at random (tests/tournament_reference.py
keeps the first writing)."""

from __future__ import annotations

import tournament_reference as reference
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic.models.tournament.bots import Bot, Cooperator, Defector, TitForTat, _numbers
from epistemic.models.tournament.cooperation import Cooperation
from epistemic.models.tournament.rules import bounty, choice_row, groups, named, pairs, read_choices

#: Names of players, and words a line may hold besides them.
NAMES = [f"p{i}" for i in range(12)]
_WORDS = st.sampled_from(NAMES + ["", "x", "p1-", "P1"])
#: What may stand after "=", and between the items: the letters, what is near them, and Unicode spaces.
_VALUES = st.sampled_from(["C", "T", "c", "t", "", "CT", "C=T", "=C", " C", "5", "05", "5.0", "-1", "²", "9" * 18,
                           "9" * 19])
_SPACES = st.sampled_from([" ", "  ", "\t", "\xa0", "\u2003", "\x1c", "\r"])


@st.composite
def lines(draw):
    """A Prisoner answer as a careful or careless bot writes it, or no line at all."""
    if draw(st.booleans()) and draw(st.booleans()):
        return draw(st.none() | st.text(max_size=12))
    items = draw(st.lists(st.one_of(st.tuples(_WORDS, _VALUES).map("=".join), _WORDS), max_size=14))
    return "".join(item + draw(_SPACES) for item in items)


@st.composite
def clean_lines(draw):
    """A Prisoner answer that names every other player once with C or T, in any order, or nearly:
    with a letter in lower case, a player named twice, or a word more."""
    players = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=12, unique=True))
    me = draw(st.sampled_from(players))
    others = draw(st.permutations([p for p in players if p != me]))
    items = [f"{other}={draw(st.sampled_from('CT'))}" for other in others]
    if items and draw(st.booleans()):
        place = draw(st.integers(0, len(items) - 1))
        items.insert(draw(st.integers(0, len(items))), draw(st.sampled_from([
            f"{others[place]}=C", f"{others[place]}=T", f"{others[place]}=c", f"{me}=C", "x=C", "x", "=C"])))
    if items and draw(st.booleans()):
        del items[draw(st.integers(0, len(items) - 1))]
    return " ".join(items), me, players


@settings(max_examples=400, deadline=None)
@given(lines())
def test_pairs_reads_the_items_of_a_line_as_before(line):
    assert pairs(line) == reference.pairs(line)


@settings(max_examples=400, deadline=None)
@given(lines())
def test_a_lines_items_by_key_are_read_as_before(line):
    assert named(line) == dict(reference.pairs(line))
    assert list(named(line)) == list(dict(reference.pairs(line)))


@st.composite
def share_lines(draw):
    """Shares or scores as the server writes them, or as a line might hold them otherwise."""
    if draw(st.booleans()):
        names = draw(st.lists(_WORDS, max_size=12))
        values = st.integers(0, 10 ** 20).map(str) | st.sampled_from(["", "5.0", "-1", "²"])
        return " ".join(f"{name}={draw(values)}" for name in names)
    return draw(lines()) or ""


@settings(max_examples=400, deadline=None)
@given(share_lines())
def test_a_bot_reads_numbers_as_before(line):
    assert _numbers(line) == reference.numbers(line) and list(_numbers(line)) == list(reference.numbers(line))


@settings(max_examples=600, deadline=None)
@given(lines(), st.lists(st.sampled_from(NAMES), max_size=12, unique=True), st.sampled_from(NAMES))
def test_a_prisoner_answer_reads_as_before(line, players, me):
    fast, slow = read_choices(line, me, players), reference.read_choices(line, me, players)
    assert fast == slow and list(fast[0]) == list(slow[0])  # the same answers, reasons and order


@settings(max_examples=300, deadline=None)
@given(clean_lines())
def test_a_clean_prisoner_answer_reads_as_before(drawn):
    line, me, players = drawn
    fast, slow = read_choices(line, me, players), reference.read_choices(line, me, players)
    assert fast == slow and list(fast[0]) == list(slow[0])


@st.composite
def rounds(draw):
    """Players and their C or T answers towards each other, mostly C or mostly T or even."""
    players = draw(st.lists(st.sampled_from(NAMES), max_size=12, unique=True))
    cooperative = draw(st.sampled_from([0.1, 0.5, 0.9, 1.0]))
    choices = {a: {b: "C" if draw(st.floats(0, 1)) < cooperative else "T" for b in players if b != a}
               for a in players}
    return players, choices


_LINKS = st.fixed_dictionaries({kind: st.integers(0, 50) for kind in ("CC", "CT", "TC", "TT")})


@settings(max_examples=400, deadline=None)
@given(rounds(), _LINKS, st.randoms(use_true_random=False))
def test_groups_and_bounties_are_found_as_before(drawn, links, dice):
    players, choices = drawn
    found = groups(players, choices)
    assert found == reference.groups(players, choices)
    rows = [reference.choice_row(name, players, choices[name]) for name in players]
    round_ = Cooperation(players, rows)
    assert round_.groups() == found
    for group in found + [players]:
        shuffled = dice.sample(group, len(group))  # a bounty counts CT and TC by the group's order
        assert round_.bounty(shuffled, links) == bounty(shuffled, choices, links) \
            == reference.bounty(shuffled, choices, links)
    for i, name in enumerate(players):  # what each player hears after the round is his column
        assert [row[i] for row in rows] == list(round_.columns[i])


@settings(max_examples=300, deadline=None)
@given(rounds(), st.sampled_from(NAMES))
def test_a_row_is_written_as_before(drawn, me):
    players, choices = drawn
    answers = choices.get(me) or {name: "T" for name in players if name != me}
    assert choice_row(me, players, answers) == reference.choice_row(me, players, answers)


class Contrary(TitForTat):
    """Answers each player the other way from how he last answered it."""

    def choose(self, other):
        return "T" if self.last.get(other, "T") == "C" else "C"


class Fickle(Cooperator):
    """Cooperates with the players whose names are of even length."""

    def choose(self, other):
        return "C" if len(other) % 2 == 0 else "T"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([Bot, Cooperator, Defector, TitForTat, Contrary, Fickle]), st.sampled_from(NAMES),
       st.lists(st.sampled_from(NAMES + ["p10-x", "q"]), max_size=14),
       st.dictionaries(st.sampled_from(NAMES), st.sampled_from("CT")))
def test_a_bot_answers_a_prisoner_round_as_its_choices_say(kind, me, players, last):
    """Each bot answers every other player, in the order heard, what :meth:`Bot.choose` says of
    him, however it finds the answers: the same answer towards everyone, or tit for tat."""
    bot = kind()
    bot.start(me)
    if isinstance(bot, TitForTat):
        bot.heard(last)
    answers = bot.prisoner(players)
    assert answers == {other: bot.choose(other) for other in players if other != me}
    assert list(answers) == list(dict.fromkeys(other for other in players if other != me))


def test_each_bot_gets_shares_of_its_own():
    """The bots of a process read a line they all hear once, and each gets a dictionary of its own:
    a bot that changes the shares it was given changes no other bot's."""
    line = "a-0=5 b-1=3 c-2=0"
    first, second = _numbers(line), _numbers(line)
    first["a-0"] = 0
    assert second == _numbers(line) == {"a-0": 5, "b-1": 3, "c-2": 0}

"""The classic puzzles written in SMCDEL's language (docs/examples/smcdel) answer as our own puzzles do."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from epistemic.models.puzzles import solve
from epistemic.smcdel import answer, read_smcdel
from epistemic.smcdel.lexer import KEYWORDS, tokenize
from epistemic.symbolic import to_kripke

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "examples" / "smcdel"
FILES = sorted(FOLDER.glob("*.smcdel.txt"))


@lru_cache(maxsize=None)
def answers(name: str) -> list:
    """Each query's answer: True or False, or the states listed."""
    file = read_smcdel(FOLDER / f"{name}.smcdel.txt")
    return [a.value if a.states is None else a.states for a in (answer(file, q) for q in file.queries)]


@lru_cache(maxsize=None)
def story(name: str, **parameters):
    return solve(name, **parameters)


def said(name: str, **parameters) -> list[dict[str, bool]]:
    """What the puzzle's story answers after each round, by question."""
    return [dict(r.answers) for r in story(name, **parameters).story.rounds]


def test_five_puzzles_are_shipped():
    assert [f.name for f in FILES] == ["cheryl.smcdel.txt", "dining-cryptographers.smcdel.txt",
                                       "drinking-logicians.smcdel.txt", "muddy-children.smcdel.txt",
                                       "russian-cards.smcdel.txt"]


def test_muddy_children_know_after_the_round_the_puzzle_says():
    got = answers("muddy-children")
    rounds = said("muddy-children", n=4, k=2)
    know = "the muddy children know they are muddy"
    assert got[0] is True and rounds[0]["some child knows whether it is muddy"] is False
    # after the father, and after one round of "nobody knows"
    assert [got[1], got[2]] == [rounds[1][know], rounds[2][know]] == [False, True]
    # where nobody knows after the father: the worlds the puzzle keeps for its second round
    assert len(got[3]) == story("muddy-children", n=4, k=2).story.rounds[2].worlds == 11
    assert all(len(s) >= 2 for s in got[3])
    assert got[4:] == [True, True, True, True, [[4]], True, True]


def test_drinking_logicians_leave_the_worlds_the_puzzle_leaves():
    got = answers("drinking-logicians")
    solution = story("drinking-logicians", n=3)
    assert [len(got[2]), len(got[3])] == [r.worlds for r in solution.story.rounds[1:3]] == [4, 2]
    assert got[2] == [[1], [1, 2], [1, 2, 3], [1, 3]]
    # the third says "Yes", and only everyone's wanting a beer lets the three answers be given
    assert solution.answer["answers"][-1] == "Yes" and got[4] is True
    assert solution.answer["everyone_wants"] is True and got[5] is True
    assert got[0] is True and got[1] is True and got[6] is True


def test_dining_cryptographers_learn_whether_one_of_them_paid_and_not_who():
    got = answers("dining-cryptographers")
    solution = story("dining-cryptographers")   # diner 1 pays; diner 2 watches
    assert solution.answer["payer"] == 1 and solution.answer["watcher"] == 2
    assert got[2] is solution.answer["common_knowledge"] is True
    assert got[3] is (not solution.answer["watcher_knows_who_paid"]) is True
    assert got[0] is True and got[4] is True and got[5] is True
    # the pair knows whether the first paid exactly where one of the pair did not pay: NSA or diner 1 paid
    assert len(got[1]) == 16 and {s[0] for s in got[1]} == {1, 4}


def test_cheryls_birthday_is_july_16():
    got = answers("cheryl")
    months = {"May": 1, "June": 2, "July": 3, "August": 4}
    solution = story("cheryl")
    start = solution.story.rounds[0].model
    # the ten dates of the puzzle's model ("July 16"), as the file numbers them
    dates = sorted([months[str(w).split()[0]], int(str(w).split()[1])] for w in start.worlds)
    assert got[0] == dates
    assert got[1] == [[months[solution.answer["month"]], solution.answer["day"]]] == [[3, 16]]
    assert got[2] is True and got[3] == [[2, 18]]


def test_russian_cards_tell_alice_and_bob_the_deal_and_eve_nothing():
    got = answers("russian-cards")
    rounds = said("russian-cards")
    assert rounds[1]["Bob knows Alice's hand"] is got[1] is True
    assert rounds[1]["Alice knows Bob's hand"] is got[2] is False
    assert rounds[1]["Eve's ignorance is common knowledge"] is got[3] is True
    assert rounds[2]["Alice knows Bob's hand"] and rounds[2]["Eve's ignorance is common knowledge"]
    assert got[4] is True
    assert got[0] is True and got[5] is True


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_both_engines_answer_every_query_alike(path):
    file = read_smcdel(path)
    listed = to_kripke(file.structure)
    for q in file.queries:
        assert answer(file, q, "explicit", listed) == answer(file, q)


# every construct of SMCDEL's grammar (Parse.y), as a pattern over the words of a file
CONSTRUCTS = {
    "TRUE? at the empty state": r"TRUE\? \{ \}",
    "TRUE? at a state": r"TRUE\? \{ INT",
    "VALID?": r"VALID\?",
    "WHERE?": r"WHERE\?",
    "K i φ": r"(^| )K STR",
    "Kw i φ": r"(^| )Kw STR",
    "i knows that": r"STR knows that",
    "i knows whether φ": r"STR knows whether (?!\()",
    "i knows whether (φ, ...)": r"STR knows whether \(",
    "G comknow that": r"STR , STR comknow that",
    "(G) comknow that": r"\( STR (, STR )*\) comknow that",
    "G comknow whether": r"STR , STR comknow whether",
    "(G) comknow whether": r"\( STR (, STR )*\) comknow whether",
    "G distknow that": r"STR , STR distknow that",
    "(G) distknow that": r"\( STR (, STR )*\) distknow that",
    "G distknow whether": r"STR , STR distknow whether",
    "(G) distknow whether": r"\( STR (, STR )*\) distknow whether",
    "[! φ]": r"\[ !",
    "[?! φ]": r"\[ \? !",
    "<! φ>": r"< !",
    "<?! φ>": r"< \? !",
    "[G ! φ]": r"\[ STR (, STR )*!",
    "[G ?! φ]": r"\[ STR (, STR )*\? !",
    "<G ! φ>": r"< STR (, STR )*!",
    "<G ?! φ>": r"< STR (, STR )*\? !",
    "Forall": r"Forall INT",
    "Exists": r"Exists INT",
}


def test_the_files_use_every_word_and_construct_of_the_grammar():
    kinds, spellings, streams = set(), set(), []
    for path in FILES:
        tokens = tokenize(path.read_text(encoding="utf-8"))
        kinds |= {t.kind for t in tokens}
        spellings |= {t.text for t in tokens if t.kind not in ("INT", "STR")}
        streams.append(" ".join(t.kind for t in tokens))
    assert {kind for _, kind in KEYWORDS} | {"INT", "STR"} <= kinds
    # each spelling of an operator, Unicode and words included
    assert {word for word, _ in KEYWORDS} - {"ForAll", "Forall"} <= spellings and spellings & {"ForAll", "Forall"}
    missing = [name for name, pattern in CONSTRUCTS.items() if not any(re.search(pattern, s) for s in streams)]
    assert missing == []

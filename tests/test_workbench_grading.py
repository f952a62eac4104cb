"""Grading answers to a sheet's exercises (workbench/grading.py): every kind right and wrong, with
answers from docs/exercises.md, and the rewriting of formulas into equivalent ones."""

from __future__ import annotations

import html
import re
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import (Agent, Atom, Knows, Not, Or, Possible, And, Implies, apply_act, holds, parse_act,
                       parse_formula, to_text)
from epistemic.checking import holds as quiet_holds
from epistemic.validity import search_countermodel
from epistemic.visualize import FALSE_FILL, TRUE_FILL, kripke_picture
from epistemic.workbench.grading import MAX_ANSWER, GradingTimeout, grade
from epistemic.workbench.sheets import load_sheet, sheet_from_text

ROOT = Path(__file__).resolve().parent.parent
COURSE = load_sheet(ROOT / "docs" / "sheets" / "course.toml")

# exercise id: (a right answer, a wrong one), the right ones from the solutions of docs/exercises.md
ANSWERS = {
    "1i": ("K_a ~K_b p", "~K_b K_a p"),                                  # exercise 1 (i)
    "1ii": ("M_a p & ~Kw_a q", "M_a p & ~K_a q"),                        # exercise 1 (ii)
    "1iii": ("C_{a,b} (p -> E_{a,b} p)", "C_{a,b} p -> E_{a,b} p"),      # exercise 1 (iii), and the reading it warns of
    "2a": ("w", "w, v"),                                                 # exercise 2: K_b p is true at w
    "2b": ("w v", "v"),                                                  # exercise 2: K_a p is false at w
    "2c": ("w, v", "w"),                                                 # exercise 2: K_a Kw_b p, b knows whether p at both
    "3": ("w, v", "v"),                                                  # exercise 3: K_a K_b p is false at w
    "3b": ("K_b p", "K_a p"),                                            # exercise 2: K_b p true at w only, K_a p nowhere
    "4": ("w0", "w0, w1"),                                               # exercise 4: E fails at w1
    "4b": ("w0 w1 w2", "w2"),                                            # exercise 4: C fails along w0 -a- w1 -b- w2
    "5": ("1", "1, 2"),                                                  # exercise 5: D_{a,b} one
    "6": ("w", "w, v"),                                                  # exercise 6: true before the announcement
    "6b": ("valid", "invalid"),                                          # exercise 6: an unsuccessful update
    "7": ("w", "v"),                                                     # exercise 7: [!~p] bot is vacuous at w
    "7b": ("invalid", "valid"),                                          # exercise 4's lesson: ignorance can end
    "7c": ("no", "yes"),                                                 # exercise 2: a may know what b does not
    "8": ("p", "top"),                                                   # exercise 8
    "9": ("p", "top"),                                                   # exercise 9
    "10": ("h1 <-> h2", "h1"),                                           # exercise 10
    "10b": ("-, h1, h2, h1 h2", "-"),                                    # exercise 10: a does not see coin 2
    "10c": ("[?h2]_{a}\n[?h1]_{b}", "[?h2]_{a}"),                        # exercise 10: each learns the coin it lacks
    "10d": ("1\n2", "[!h1]"),                                           # exercise 10: a still does not see coin 2
    "11": ("MMC, MCM, CMM, MMM", "MMM"),                                 # exercise 11
    "11b": ("~Kw_c1 m1 & ~Kw_c2 m2 & ~Kw_c3 m3", "m1"),                  # exercise 11: one round of nobody knows
    "12": ("July 16, August 15, August 17", "July 16"),                  # exercise 12: Bernard's statement leaves these
    "13": ("p", "top"),                                                  # exercise 13
    "bar": ("NNN, NYN, NNY, NYY", "YYY"),                                # a logician who wants none knows the answer
}


def test_every_exercise_of_the_course_has_answers_here():
    assert sorted(ANSWERS) == sorted(ex.id for ex in COURSE.exercises)


#: A world's node in a picture's source: its name in bold, and its fill.
_NODE = re.compile(r'\[label=<<B>(.*?)</B>.*?fillcolor="(#[0-9A-Fa-f]{6})"')


def _drawable(g):
    """A grade with a model is drawn as the web app draws it: every world of the model, shaded as
    true exactly where the grade's ``holds`` says, which is where its claim holds."""
    if g.model is not None:
        if g.claim != "your formula":   # a countermodel to an equivalence shades the student's formula
            assert g.holds == {w for w in g.model.worlds if holds(g.model, parse_formula(g.claim), w)}
        picture = kripke_picture(g.model, holds=g.holds, claim=g.claim or "the formula")
        fills = {html.unescape(name): fill for name, fill in _NODE.findall(picture.source)}
        assert fills == {str(w): TRUE_FILL if w in g.holds else FALSE_FILL for w in g.model.worlds}


@pytest.mark.parametrize("exercise", COURSE.exercises, ids=lambda ex: ex.id)
def test_a_right_answer_is_right_and_a_wrong_one_wrong(exercise):
    right, wrong = ANSWERS[exercise.id]
    good, bad = grade(exercise, right), grade(exercise, wrong)
    assert (good.verdict, bad.verdict) == ("right", "wrong"), (good.summary, bad.summary)
    assert good.right and not bad.right and bad.summary and "\n" not in bad.summary
    for g in (good, bad):
        _drawable(g)
    if exercise.kind != "validity" or bad.model is not None:
        assert bad.model is not None and bad.world is not None and bad.reason is not None


def test_worlds_name_the_missing_and_the_wrong_with_why():
    # docs/exercises.md, exercise 4: E_{a,b} p holds at w0 only; at w1 b considers w2 possible
    g = grade(COURSE.exercise("4"), "w1")
    assert g.summary == "1 world missing: w0; 1 world wrongly included: w1"
    assert g.details == ("w0 is missing: E_{a,b} p is true at w0: each of a, b knows it",
                         "w1 should not be there: E_{a,b} p is false at w1: b does not know p")
    assert g.holds == {"w0"} and g.world == "w0"


def test_a_list_of_worlds_is_an_answer_too():
    assert grade(COURSE.exercise("12"), ["August 17", "July 16", "August 15"]).right


def test_a_formula_answer_names_where_it_disagrees():
    # exercise 2's model: K_a p holds nowhere, so it is false at w, asked for
    g = grade(COURSE.exercise("3b"), "K_a p")
    assert g.world == "w" and g.holds == frozenset() and g.claim == "K_a p"
    assert g.reason.claim == "K_a p is false at w: a cannot rule out v, where p is false"


def test_an_announcement_must_be_true_first():
    # docs/exercises.md, exercise 7: ~p is false at w and cannot be announced there
    g = grade(COURSE.exercise("13"), "~p")
    assert g.verdict == "wrong" and g.summary.startswith("~p is false at the actual world w0")
    # exercise 8: a private announcement is a truthful one too (p holds at w)
    g = grade(COURSE.exercise("8"), "~p")
    assert g.verdict == "wrong" and g.summary == "~p is false at the actual world w: it cannot be announced truthfully"
    # exercise 13: after announcing top nothing changes, and C fails along the chain
    g = grade(COURSE.exercise("13"), "top")
    assert g.world == "w0" and "b links w1 to w2" in g.reason.claim and len(g.model) == 3


def test_a_group_told_whether_is_told_the_truth_either_way():
    # docs/exercises.md, exercise 9: a learns whether ~p as b watches; ~p is false at w, so the event
    # that happens is the one where a learns p, and b knows that a knows whether p
    exercise = COURSE.exercise("9")
    after = apply_act(exercise.model, parse_act("[?~p]_{a}"))
    assert holds(after, exercise.formula)
    g = grade(exercise, "~p")
    assert g.right, g.summary
    assert g.summary == "after announcing ~p, K_b Kw_a p & ~Kw_b p holds" and g.holds == {"w.p", "v.~p"}


def test_a_private_announcement_leaves_b_believing_nothing_happened():
    # docs/exercises.md, exercise 8: told happens where p holds, skip anywhere; the actual world is w.told
    g = grade(COURSE.exercise("8"), "p")
    assert g.right and sorted(g.model.actual) == ["w.told"] and sorted(g.model.worlds) == ["v.skip", "w.skip", "w.told"]


def test_validity_shows_the_countermodel_to_one_who_says_valid():
    g = grade(COURSE.exercise("7c"), "valid")
    assert g.verdict == "wrong" and len(g.model) == 2 and not holds(g.model, COURSE.exercise("7c").formula, g.world)
    g = grade(COURSE.exercise("6b"), "invalid")
    assert g.summary == "it is valid on these models: no S5 model with at most 3 worlds falsifies it: " \
                        "28 models searched"


@pytest.mark.parametrize("answer, why, column", [
    ("K_a (p &", "not a formula: line 1, column 9", 9),
    ("K_a (p &\n q", "not a formula: line 2, column 3", None),   # the caret goes under the first line only
    ("", "no formula: the answer is empty", None),
    ("p" * (MAX_ANSWER + 1), f"the answer is longer than {MAX_ANSWER:,} characters", None),
    ("K_c p", "cannot be checked on the model: the formula names c", None),
])
def test_unreadable_answers_are_a_grade_not_an_error(answer, why, column):
    g = grade(COURSE.exercise("3b"), answer)
    assert g.verdict == "unreadable" and g.summary.startswith(why)
    assert g.column == column


def test_unknown_worlds_and_words_are_unreadable():
    assert grade(COURSE.exercise("2a"), "w, u").summary == "no world named 'u': the worlds are w, v"
    assert grade(COURSE.exercise("6b"), "perhaps").verdict == "unreadable"


def test_a_deadline_passed_raises():
    with pytest.raises(GradingTimeout, match="exercise 1i: the search passed its time limit"):
        grade(COURSE.exercise("1i"), "K_a ~K_b p & top", deadline=time.monotonic() - 1)


def test_a_validity_answer_is_graded_by_the_search_made_when_the_sheet_was_read():
    # a formula no other test searches: nothing made before can answer for it
    exercise = sheet_from_text('[[exercises]]\nkind = "validity"\nformula = "K_a (p | r) -> M_b r"\n').exercises[0]
    # the second model searched (one world, p true and r false: a knows p | r, b cannot think r possible)
    assert exercise.search is not None and exercise.search.searched == 2 and not exercise.search.valid
    # no search is made now: a deadline long passed does not matter
    g = grade(exercise, "invalid", deadline=time.monotonic() - 1)
    assert g.right and g.summary == "it is not valid: it is false at w1 of a model with 1 world " \
                                    "(model 2 of the search)"


def test_an_answer_that_names_atoms_and_agents_beyond_the_question_is_told_so():
    # K_a ~K_b p (docs/exercises.md, exercise 1 (i)) with three S5 truths (K_x y -> y) about new atoms and
    # agents: 4 atoms and 5 agents make 16 + 136*2**5 + 816*5**5 models of up to 3 worlds, past 200,000
    g = grade(COURSE.exercise("1i"), "K_a ~K_b p & (K_c q -> q) & (K_d r -> r) & (K_e s -> s)")
    assert g.verdict == "unreadable"
    assert g.summary == ("your formula names q, r, s, c, d and e, which the question does not: write it with "
                         "the atom p and the agents a and b only")
    # one new atom and agent are few enough to search: the answer is compared, and it is right
    assert grade(COURSE.exercise("1i"), "K_a ~K_b p & (K_c q -> q)").right


# equivalent rewritings ---------------------------------------------------------------
A, B = Agent("a"), Agent("b")
_leaves = st.sampled_from([Atom("p"), Atom("q")])
small = st.recursive(_leaves, lambda inner: st.one_of(
    st.builds(Not, inner), st.builds(And, inner, inner), st.builds(Or, inner, inner), st.builds(Implies, inner, inner),
    st.builds(Knows, st.sampled_from([A, B]), inner), st.builds(Possible, st.sampled_from([A, B]), inner)),
    max_leaves=4)


def rewritten(f, choices):
    """``f`` rewritten by laws that keep its meaning, picked by ``choices`` (an iterator of booleans)."""
    if isinstance(f, Not):
        inner = rewritten(f.arg, choices)
        return Not(inner)
    if isinstance(f, (And, Or, Implies)):
        left, right = rewritten(f.left, choices), rewritten(f.right, choices)
        if isinstance(f, And):
            return Not(Or(Not(left), Not(right))) if next(choices) else And(right, left)   # De Morgan, commuting
        if isinstance(f, Or):
            return Or(right, left) if next(choices) else Not(And(Not(left), Not(right)))
        return Or(Not(left), right) if next(choices) else Implies(Not(right), Not(left))  # p -> q, contraposition
    if isinstance(f, Knows):
        return Not(Possible(f.agent, Not(rewritten(f.arg, choices))))                      # K_a as ~M_a ~
    if isinstance(f, Possible):
        return Not(Knows(f.agent, Not(rewritten(f.arg, choices))))
    return Not(Not(f)) if next(choices) else f                                             # double negation


def _exercise(f):
    return sheet_from_text(f'[[exercises]]\nkind = "equivalent"\nformula = "{to_text(f)}"\nmax_worlds = 2\n'
                           ).exercises[0]


@settings(max_examples=40, deadline=None)
@given(f=small, choices=st.lists(st.booleans(), min_size=64, max_size=64))
def test_an_equivalent_formula_is_accepted(f, choices):
    g = grade(_exercise(f), to_text(rewritten(f, iter(choices))), deadline=None)
    assert g.verdict == "right", g.summary


@settings(max_examples=40, deadline=None)
@given(f=small, extra=st.booleans())
def test_a_formula_that_says_otherwise_is_rejected_with_a_model_that_separates_them(f, extra):
    other = And(f, Atom("r")) if extra else Not(f)
    g = grade(_exercise(f), to_text(other))
    if extra and g.right:   # f & r and f agree only where f is false everywhere: f is unsatisfiable
        assert search_countermodel(Not(f), 2, atoms=["r"]).valid
        return
    assert g.verdict == "wrong"
    # the separating model need not make every atom true somewhere: evaluated quietly
    assert quiet_holds(g.model, f, g.world) != quiet_holds(g.model, other, g.world)
    assert quiet_holds(g.model, other, g.world) == (g.world in g.holds)


def test_a_summary_says_why_and_leaves_the_verdict_to_the_grade():
    # the page and the CSV show the verdict beside the summary: "right: right: ..." read twice
    graded = [grade(COURSE.exercise(x), answer) for x, answer in
              [("2a", "w"), ("2a", "v"), ("3b", "K_b p"), ("6b", "valid"), ("6b", "no"), ("7c", "invalid"),
               ("7c", "yes"), ("1i", "K_a ~K_b p"), ("1i", "K_a p"), ("8", "p"), ("13", "p")]]
    assert {g.verdict for g in graded} == {"right", "wrong"}
    assert not [g.summary for g in graded if g.summary.split(":")[0] in ("right", "wrong")]

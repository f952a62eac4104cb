"""Announcement exercises answered with a sequence of acts (workbench/sequences.py): the sheet's
``actions``, ``max_steps`` and ``hint_shortest``, grading by the planner's validator, and the
shortest sequence searched once, when the sheet is read."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

import pytest

import epistemic.planning as planning
from epistemic import holds, parse_formula
from epistemic.workbench import sequences
from epistemic.workbench.answers import Answers
from epistemic.workbench.grading import grade
from epistemic.workbench.sheets import SheetError, load_sheet, sheet_from_text
from cli_runs import run
from test_workbench_sheets import TWO

ROOT = Path(__file__).resolve().parent.parent
COURSE_PATH = ROOT / "docs" / "sheets" / "course.toml"
COURSE = load_sheet(COURSE_PATH)

MODELS = TWO + '''
[models.coins]
describe = { atoms = ["h1", "h2"], law = "top", observes = { a = ["h1"], b = ["h2"] }, actual = ["h1", "h2"] }

[models.muddy]
puzzle = "muddy-children"
parameters = { n = 3, k = 3 }
round = 1
'''

#: Three muddy children after the father said at least one is muddy: "nobody knows whether they are
#: muddy" is true until the k-th round, so with k = 3 the muddy children know after k - 1 = 2 rounds of
#: it (Fagin, Halpern, Moses and Vardi, *Reasoning about Knowledge*, 1995); the father's announcement
#: again changes nothing, so no shorter sequence reaches the goal.
MUDDY = '''
[[exercises]]
id = "m"
kind = "announcement"
model = "muddy"
goal = "K_c1 m1 & K_c2 m2 & K_c3 m3"
actions = ["nobody=[!~Kw_c1 m1 & ~Kw_c2 m2 & ~Kw_c3 m3]", "[!m1 | m2 | m3]"]
hint_shortest = true
'''


def sheet(exercises: str):
    return sheet_from_text(MODELS + exercises, source="s.toml", folder=str(ROOT / "docs" / "sheets"))


def exercise(lines: str, kind: str = "announcement", model: str = "two", goal: str = "K_a p"):
    return f'[[exercises]]\nkind = "{kind}"\nmodel = "{model}"\ngoal = "{goal}"\n{lines}'


# the sheet -------------------------------------------------------------------------------------------

def test_the_course_sheet_offers_acts_and_searches_them_once():
    offered, free = COURSE.exercise("10d"), COURSE.exercise("10c")
    assert offered.actions == ("[?h2]_{a}", "[?h1]_{b}", "[!~h1]", "[!h1]") and offered.max_steps == 20
    assert [a.name for a in offered.task.actions] == list(offered.actions)
    # exercise 10: neither a peek of a's nor one of b's alone makes both know, ~h1 is false, and h1 told to
    # both leaves a ignorant of coin 2; a's peek then b's is a sequence of two
    assert offered.plan_search.plan == ("[?h2]_{a}", "[?h1]_{b}") and offered.shortest == 2
    assert offered.shortest_hint == "a shortest sequence has 2 actions"
    assert free.sequence and free.max_steps == 2 and free.actions == () and free.task is None
    assert free.plan_search is None and free.shortest_hint is None
    # the announcements of one formula stay as they were
    assert not COURSE.exercise("8").sequence and COURSE.exercise("8").max_steps is None


def test_acts_may_be_named_as_plan_reads_them():
    ex = sheet(exercise('actions = ["look=[?p]_{a}", "[!p]"]', goal="K_a p")).exercises[0]
    assert [a.name for a in ex.task.actions] == ["look", "[!p]"] and ex.actions == ("look=[?p]_{a}", "[!p]")
    assert ex.shortest == 1 and ex.shortest_hint is None   # searched, though the page is not told


@pytest.mark.parametrize("lines, fault", [
    ('actions = "[!p]"', r"field actions: expected a list of acts, as epistemic update reads them"),
    ('actions = []', r"field actions: expected a list of acts"),
    ('actions = ["[!p]", 3]', r"field actions: expected a list of acts"),
    ('actions = ["[!p]", "[!q"]',
     r"field actions: action 2 \(\[!q\): line 1, column 4: expected '\]' to close the '\[!' at column 1"),
    ('actions = ["[!p]_{c}"]', r"field actions: action 1 \(\[!p\]_\{c\}\): .*c"),
    ('actions = ["K_a p"]', r"field actions: action 1 \(K_a p\): line 1, column 1: expected an act"),
    ('actions = ["t=[!p]", "t=[?p]_{a}"]', r"field actions: .*two actions are named 't'$"),
    ('actions = [' + ", ".join(['"[!p]"'] * 51) + ']', r"field actions: 51 acts, more than the 50 an exercise"),
    ('actions = ["[!p]"]\nmax_steps = 0', r"field max_steps: expected a whole number from 1 to 100, got 0$"),
    ('actions = ["[!p]"]\nmax_steps = 101', r"field max_steps: expected a whole number from 1 to 100, got 101$"),
    ('actions = ["[!p]"]\nmax_steps = true', r"field max_steps: expected a whole number from 1 to 100, got True$"),
    ('max_steps = "2"', r"field max_steps: expected a whole number from 1 to 100, got '2'$"),
    ('actions = ["[!p]"]\nto = ["a"]', r"field to: to and whether say how one formula is announced"),
    ('max_steps = 2\nto = ["a"]\nwhether = true', r"field to: to and whether say how one formula is announced"),
    ('hint_shortest = true', r"field hint_shortest: a shortest sequence is searched among the actions offered: "
                             r"give actions$"),
    ('max_steps = 3\nhint_shortest = true', r"field hint_shortest: a shortest sequence is searched among the "
                                            r"actions offered"),
    ('actions = ["[!p]"]\nhint_shortest = "yes"', r"field hint_shortest: expected true or false, got 'yes'$"),
    # K_b p holds at w already (b tells w from v)
    ('max_steps = 2\ngoal = "K_b p"', r"field goal: it holds at the actual world already: no act is needed$"),
    # ~p is false at w, so no announcement of it can ever be made, and K_a p is never reached
    ('actions = ["[!~p]"]', r"field actions: no sequence of the actions reaches the goal \(every one of the 1 "
                            r"states they reach was searched\)$"),
    # told p privately, b believes nothing happened: what b knows cannot be asked after it
    ('actions = ["[!p]_{a}"]\ngoal = "K_a p & K_b K_a p"',
     r"field actions: the search for a shortest sequence cannot check a state it reaches: K_b asks what b knows"),
])
def test_every_fault_of_the_acts_is_one_line_naming_the_exercise_and_the_field(lines, fault):
    goal = "K_a p"
    if "\ngoal = " in lines:
        lines, goal = lines.split("\ngoal = ")[0], lines.split("\ngoal = ")[1].strip('"')
    with pytest.raises(SheetError, match=r"^s.toml: exercise '1', " + fault) as caught:
        sheet(exercise(lines, goal=goal))
    assert "\n" not in str(caught.value)


def test_a_shortest_sequence_longer_than_the_steps_allowed_is_a_fault():
    # exercise 10 of the course: two peeks are needed (see the course test), one is allowed
    with pytest.raises(SheetError, match=r"^s.toml: exercise '1', field max_steps: a shortest sequence of the "
                                         r"actions has 2, more than the 1 allowed$"):
        sheet(exercise('actions = ["[?h2]_{a}", "[?h1]_{b}"]\nmax_steps = 1', model="coins", goal="K_a h2 & K_b h1"))


# grading ---------------------------------------------------------------------------------------------

def test_a_sequence_of_the_acts_offered_is_right_by_number_name_or_text():
    ex = COURSE.exercise("10d")
    for answer in ("1\n2", "[?h2]_{a}\n[?h1]_{b}", "\n  [?h2]_{ a }  \n\n2\n", ["1", "[?h1]_{b}"], "4\n1"):
        g = grade(ex, answer)
        assert g.verdict == "right", (answer, g.summary)
        assert g.model is not None and g.claim == "K_a h2 & K_b h1" and g.world is None
        assert g.holds == {w for w in g.model.worlds if holds(g.model, ex.formula, w)}
        assert g.model.actual <= g.holds
    # a shortest answer is told nothing more; its steps are written as the sheet writes its acts
    assert grade(ex, "1\n2").summary == "after [?h2]_{a} then [?h1]_{b}, K_a h2 & K_b h1 holds"


def test_a_longer_sequence_is_right_with_a_note_that_a_shorter_exists():
    g = grade(COURSE.exercise("10d"), "[!h1]\n1\n2")
    assert g.right and g.summary == ("after [!h1] then [?h2]_{a} then [?h1]_{b}, K_a h2 & K_b h1 holds; a shorter "
                                     "sequence exists: a shortest has 2 acts")


def test_a_step_that_cannot_happen_is_wrong_at_that_step_with_why():
    # after a's peek, ~h1 is still false at the actual world: it cannot be announced (step 2)
    g = grade(COURSE.exercise("10d"), "1\n3\n2")
    assert g.verdict == "wrong"
    assert g.summary == f"step 2, [!~h1], cannot happen after [?h2]_{{a}}: at the actual world {g.world}, ~h1 is false"
    assert g.model.actual == {g.world} and {str(f) for f in g.model.facts(g.world)} == {"h1", "h2"}
    assert g.claim == "~h1" and g.holds == {w for w in g.model.worlds if "h1" not in map(str, g.model.facts(w))}
    assert g.reason.claim == f"~h1 is false at {g.world}: h1 is true there" and g.details == (g.reason.claim,)
    # the model drawn is the one the step met: two worlds after a's peek, a knowing coin 2
    assert len(g.model) == 2 and holds(g.model, parse_formula("K_a h2"))
    # refused at once, in the sheet's own model
    first = grade(COURSE.exercise("10d"), "3")
    assert first.summary == "step 1, [!~h1], cannot happen: at the actual world h1 h2, ~h1 is false"
    assert first.world == "h1 h2" and first.holds == {"-", "h2"}


def test_a_round_too_many_of_nobody_knows_cannot_happen():
    ex = sheet(MUDDY).exercises[0]
    assert grade(ex, "nobody\nnobody").right
    g = grade(ex, "nobody\nnobody\nnobody")
    # after two rounds every child knows: "nobody knows" is false, and the third round cannot be announced
    assert g.verdict == "wrong" and g.summary.startswith("step 3, nobody, cannot happen after nobody then nobody: ")
    assert g.reason.claim.startswith(f"~Kw_c1 m1 & ~Kw_c2 m2 & ~Kw_c3 m3 is false at {g.world}")


def test_a_goal_still_false_at_the_end_is_wrong_with_why():
    g = grade(COURSE.exercise("10d"), "[?h2]_{a}")
    assert g.verdict == "wrong"
    assert g.summary == f"after [?h2]_{{a}}, K_a h2 & K_b h1 is still false at {g.world}"
    assert g.reason.claim == f"K_a h2 & K_b h1 is false at {g.world}: K_b h1 is false there"
    assert g.world in g.model.actual and g.world not in g.holds
    assert g.details == (f"2 worlds left: {', '.join(map(str, g.model.worlds))}", g.reason.claim)
    ex = sheet(MUDDY).exercises[0]
    assert grade(ex, "nobody").summary.startswith("after nobody, K_c1 m1 & K_c2 m2 & K_c3 m3 is still false at ")


@pytest.mark.parametrize("exercise_id, answer, why, column", [
    ("10d", "[!h2]", "step 1: [!h2] is not among the actions offered: write one of the 4 by its number (1 to 4) "
                     "or its text", None),
    ("10d", "1\n5", "step 2: there is no action 5: the actions offered are numbered 1 to 4", None),
    ("10d", "1\n0", "step 2: there is no action 0: the actions offered are numbered 1 to 4", None),
    ("10d", "[?h2]_{a\n2", "step 1: not an act: line 1, column 9: expected '}' or ',' to close the '{' at column 7, "
                           "found the end", 9),
    ("10d", "1\n[?h1]_{b", "step 2: not an act: line 1, column 9: expected '}' or ',' to close the '{' at column 7, "
                           "found the end", None),
    ("10d", "1\n[?h1]_{c}", "step 2: the act names c, who is not an agent of the model", None),
    ("10d", " \n\n", "no acts: the answer is empty (write one act per line)", None),
    ("10c", "[!h1]\n[!h2]\n[!h1]", "3 acts, more than the 2 this exercise allows", None),
    ("10c", "K_a h2", "step 1: not an act: line 1, column 1: expected an act, [!φ], [!φ]_{a,b}, [?φ]_{a,b} or "
                      "[E, e], found 'K_'", 1),
    ("10c", "1", "step 1: not an act: line 1, column 1: expected an act, [!φ], [!φ]_{a,b}, [?φ]_{a,b} or "
                 "[E, e], found '1'", 1),
])
def test_an_answer_that_is_no_sequence_of_the_acts_is_unreadable(exercise_id, answer, why, column):
    g = grade(COURSE.exercise(exercise_id), answer)
    assert (g.verdict, g.summary, g.column) == ("unreadable", why, column)


def test_any_acts_are_an_answer_where_none_are_offered():
    ex = COURSE.exercise("10c")
    assert grade(ex, "[?h2]_{a}\n[?h1]_{b}").right
    assert grade(ex, "[!h1 <-> h2]").summary == "after [!h1 <-> h2], K_a h2 & K_b h1 holds"
    # an event model written out: a sees coin 2, b sees that a looks
    assert grade(ex, "[(y: h2, n: ~h2; a: {y} {n}; b: {y, n}), y]\n[?h1]_{b}").right
    g = grade(ex, "[!~h1]")
    assert g.summary == "step 1, [!~h1], cannot happen: at the actual world h1 h2, ~h1 is false"
    # the same act twice is one act, made twice
    assert grade(ex, "[?h2]_{a}\n[?h2]_{a}").summary.startswith("after [?h2]_{a} then [?h2]_{a}, K_a h2 & K_b h1 is "
                                                              "still false at ")


def test_a_check_that_cannot_be_made_after_the_acts_is_unreadable():
    # told p privately, b believes nothing happened: what b knows cannot be asked there
    ex = sheet(exercise("max_steps = 2", goal="K_a p & K_b K_a p")).exercises[0]
    g = grade(ex, "[!p]_{a}")
    assert g.verdict == "unreadable" and g.summary.startswith("cannot be checked after your acts: K_b asks what b knows")


def test_one_formula_is_still_the_answer_where_the_exercise_gives_no_acts():
    # docs/exercises.md, exercise 13: p announced makes p common knowledge; as an act it is no answer there
    assert grade(COURSE.exercise("13"), "p").right
    assert grade(COURSE.exercise("13"), "[!p]").verdict == "unreadable"


# the shortest sequence -------------------------------------------------------------------------------

def test_the_shortest_sequence_of_the_muddy_children_is_k_minus_one_rounds():
    ex = sheet(MUDDY).exercises[0]
    assert ex.shortest == 2 and ex.plan_search.plan == ("nobody", "nobody")
    assert ex.shortest_hint == "a shortest sequence has 2 actions"
    assert grade(ex, "2\nnobody\nnobody").summary.endswith("; a shorter sequence exists: a shortest has 2 acts")


def test_a_search_that_reaches_its_bound_says_so_instead_of_a_length(monkeypatch):
    monkeypatch.setattr(sequences, "SHORTEST_STATES", 2)
    loaded = sheet(MUDDY)
    ex = loaded.exercises[0]
    # the bound is checked before each state is made: the search stops with 2 seen, the plan's third unmade
    assert ex.plan_search.seen == 2 and ex.shortest is None
    assert ex.shortest_hint == ("the search for a shortest sequence stopped at its bound of 2 states: "
                                "no length is known")
    assert loaded.warnings == [f"s.toml: exercise m: {ex.shortest_hint}"]
    # grading goes on, with no note of a shorter sequence
    assert grade(ex, "2\nnobody\nnobody").summary == ("after [!m1 | m2 | m3] then nobody then nobody, "
                                                     "K_c1 m1 & K_c2 m2 & K_c3 m3 holds")


def test_the_search_is_made_when_the_sheet_is_read_and_never_when_grading(monkeypatch):
    ex = sheet(MUDDY).exercises[0]

    def searched(*args, **options):
        raise AssertionError("searched while grading")

    monkeypatch.setattr(sequences, "shortest_plan", searched)
    monkeypatch.setattr(planning, "search", searched)
    monkeypatch.setattr(sys.modules["epistemic.planning.search"], "search", searched)
    assert grade(ex, "nobody\n2\nnobody").summary.endswith("a shorter sequence exists: a shortest has 2 acts")
    assert ex.shortest_hint == "a shortest sequence has 2 actions"


# answers from files ----------------------------------------------------------------------------------

def test_a_students_toml_list_is_the_acts_of_a_sequence_and_world_names_elsewhere():
    answers = Answers(COURSE)
    answers.add_toml('[answers]\n"10d" = ["[?h2]_{a}", "2"]\n"2a" = ["w", "v"]\n', "dee.toml")
    assert answers.by_student == {"dee": {"10d": "[?h2]_{a}\n2", "2a": "w, v"}}
    assert grade(COURSE.exercise("10d"), answers.by_student["dee"]["10d"]).right


def test_a_class_answers_sequences_on_lines_of_a_quoted_csv_field(capsys, tmp_path):
    answers = tmp_path / "class.csv"
    answers.write_text('student,exercise,answer\nada,10d,"1\n2"\nbob,10d,"1\n3"\ncy,10d,[!h2]\n', encoding="utf-8")
    code, out, _ = run(capsys, "grade", str(COURSE_PATH), str(answers), "--time-limit", "3600")
    assert code == 0
    graded = {(r["student"], r["exercise"]): r for r in csv.DictReader(io.StringIO(out))}
    assert [graded[s, "10d"]["grade"] for s in ("ada", "bob", "cy")] == ["right", "wrong", "unreadable"]
    assert graded["bob", "10d"]["why"].startswith("step 2, [!~h1], cannot happen after [?h2]_{a}")

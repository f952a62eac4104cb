"""Exercise sheets: the TOML format of workbench/sheets.py, and every fault a sheet can have."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from epistemic import Agent, holds, parse_formula
from epistemic.workbench.sheets import MAX_EXERCISES, SheetError, load_sheet, sheet_from_text

ROOT = Path(__file__).resolve().parent.parent
COURSE = ROOT / "docs" / "sheets" / "course.toml"

TWO = '''
[models.two]
worlds = {w = ["p"], v = []}
links = {a = [["w", "v"]]}
agents = ["a", "b"]
actual = "w"
'''


def sheet(exercises: str, models: str = TWO, **options):
    return sheet_from_text(models + exercises, source="s.toml", folder=str(ROOT / "docs" / "sheets"), **options)


def test_the_course_sheet_reads_whole():
    course = load_sheet(COURSE)
    assert course.title == "Epistemic logic and public announcements"
    assert [ex.id for ex in course.exercises][:4] == ["1i", "1ii", "1iii", "2a"]
    assert {ex.kind for ex in course.exercises} == {"worlds", "formula", "announcement", "validity", "equivalent"}
    models = dict(course.models)
    # docs/exercises.md, exercise 2: p and K_b p hold at w, K_a p does not
    two = models["two"]
    assert [holds(two, parse_formula(x)) for x in ["p", "K_a p", "K_b p"]] == [True, False, True]
    # exercise 4's chain, given in the JSON schema; exercise 5's cards, from cards.json
    assert models["chain"].partition(Agent("b")) == [["w0"], ["w1", "w2"]]
    assert holds(models["cards"], parse_formula("D_{a,b} one & ~K_a one"))
    # exercise 10: a described model of 4 worlds; 11: muddy children after the father spoke, 7 worlds
    assert len(models["coins"]) == 4 and len(models["muddy"]) == 7
    # exercise 12: Cheryl's birthday after Albert's first statement leaves 5 dates
    assert sorted(models["cheryl"].worlds) == ["August 14", "August 15", "August 17", "July 14", "July 16"]
    assert course.exercise("13").to == frozenset() and course.exercise("8").to == {Agent("a")}


def test_links_are_closed_to_partitions():
    s = sheet('[[exercises]]\nkind = "worlds"\nmodel = "m"\nformula = "K_a p"\n',
              '[models.m]\nworlds = {x = [], y = [], z = ["p"]}\nlinks = {a = [["x", "y"], ["y", "z"]]}\n')
    assert s.exercises[0].model.partition(Agent("a")) == [["x", "y", "z"]]
    assert s.exercises[0].id == "1" and s.exercises[0].title == "Exercise 1"


def test_a_puzzles_worlds_are_named_by_text():
    s = sheet('[[exercises]]\nkind = "worlds"\nmodel = "n"\nformula = "K_anne b3"\n',
              '[models.n]\npuzzle = "consecutive-numbers"\n')
    assert "2-3" in s.exercises[0].model.worlds and s.exercises[0].model.actual == {"2-3"}


@pytest.mark.parametrize("text, fault", [
    ('[[exercises]]\nkind = "guess"\n', r"^s.toml: exercise '1', field kind: unknown kind 'guess': expected one of "),
    ('[[exercises]]\nkind = "worlds"\nmodel = "two"\n', r"^s.toml: exercise '1', field formula: missing: "),
    ('[[exercises]]\nid = "x"\nkind = "worlds"\nmodel = "two"\nformula = "K_a (p &\\n q"\n',
     r"^s.toml: exercise 'x', field formula: line 2, column 3: expected '\)'"),
    ('[[exercises]]\nkind = "worlds"\nmodel = "three"\nformula = "p"\n',
     r"^s.toml: exercise '1', field model: unknown model 'three': the sheet's models are two$"),
    ('[[exercises]]\nkind = "formula"\nmodel = "two"\nworlds = ["w", "u"]\n',
     r"^s.toml: exercise '1', field worlds: no world 'u' in the model$"),
    ('[[exercises]]\nkind = "worlds"\nmodel = "two"\nformula = "K_c p"\n',
     r"^s.toml: exercise '1', field formula: cannot be checked on the model: the formula names c"),
    ('[[exercises]]\nkind = "announcement"\nmodel = "two"\ngoal = "K_a p"\nto = ["c"]\n',
     r"^s.toml: exercise '1', field to: c is not an agent of the model$"),
    # an agent named only inside an event model of the goal counts too
    ('[[exercises]]\nkind = "announcement"\nmodel = "two"\ngoal = "[(e: p; a: {e}; c: {e}), e] K_a p"\n',
     r"^s.toml: exercise '1', field goal: c is not an agent of the model$"),
    ('[[exercises]]\nkind = "announcement"\nmodel = "two"\ngoal = "K_a p"\nwhether = true\n',
     r"field whether: a group learns whether"),
    ('[[exercises]]\nkind = "validity"\nformula = "C_{a,b} (p & q & r)"\nmax_worlds = 5\n',
     r"^s.toml: exercise '1', field max_worlds: 2,218,970 models to search"),
    ('[[exercises]]\nkind = "validity"\nformula = "p"\nmax_worlds = 0\n', r"field max_worlds: expected a whole number"),
    # K_b after an announcement to a alone: b may be mistaken there, so the search cannot check it
    ('[[exercises]]\nid = "v"\nkind = "validity"\nformula = "[!p]_{a} K_b p"\n',
     r"^s.toml: exercise 'v', field formula: the search cannot check it: K_b asks what b knows, but b's relation"),
    ('[[exercises]]\nid = "e"\nkind = "equivalent"\nformula = "[!p]_{a} K_b p"\n',
     r"^s.toml: exercise 'e', field formula: the search cannot check it: K_b asks what b knows"),
    ('[[exercises]]\nkind = "worlds"\nmodel = "two"\nformula = "p"\nanswer = "w"\n',
     r"^s.toml: exercise '1', field answer: unknown field"),
    ('[[exercises]]\nid = "a"\nkind = "validity"\nformula = "p"\n[[exercises]]\nid = "a"\nkind = "validity"\n'
     'formula = "p"\n', r"^s.toml: exercise 'a', field id: another exercise has this id$"),
    ('[[exercises]]\nkind = "worlds"\nmodel = "two"\nformula = "p"\n[models.x]\nfile = "nowhere.json"\n',
     r"^s.toml: model 'x', field file: .*nowhere.json"),
    ('[[exercises]]\nkind = "validity"\nformula = "p"\n[models.x]\npuzzle = "sum-and-product"\n'
     'parameters = {limit = 200}\n', r"^s.toml: model 'x', field parameters: the puzzle starts with [\d,]+ worlds, "
                                     r"more than the 5,000"),
    ('[[exercises]]\nkind = "validity"\nformula = "p"\n[models.x]\ndescribe = {atoms = ["a", "b", "c", "d", "e", '
     '"f", "g", "h", "i", "j", "k", "l", "m"]}\n', r"^s.toml: model 'x', field describe: 8,192 worlds, more than"),
    ('[[exercises]]\nkind = "validity"\nformula = "p"\n[models.x]\nworlds = {w = []}\nlinks = {a = [["w", "u"]]}\n',
     r"^s.toml: model 'x', field links: agent 'a' links world 'u', which is not among the worlds$"),
    ('[[exercises]]\nkind = "validity"\nformula = "p"\n[models.x]\nworlds = {w = []}\nactual = "u"\n',
     r"^s.toml: model 'x', field actual: world 'u' is not among the worlds$"),
    ('[[exercises]]\nkind = "validity"\nformula = "p"\n[models.x]\nsize = 3\n',
     r"^s.toml: model 'x': give the model one way"),
    ('[[exercises]]\nkind = "validity"\nformula = "p"\n[models.x]\nformat = "epistemic-kripke"\n',
     r"^s.toml: model 'x', field format: "),
    ('title = "a"\n[[exercises]\n', r"^s.toml: not TOML: .*\(at line 8, column 12\)$"),
    ('', r"^s.toml: the sheet, field exercises: expected \[\[exercises\]\] tables"),
])
def test_every_fault_is_one_line_naming_the_file_the_part_and_the_field(text, fault):
    with pytest.raises(SheetError, match=fault) as caught:
        sheet(text)
    assert "\n" not in str(caught.value)


def test_the_search_of_a_validity_exercise_is_made_as_the_sheet_is_read():
    told = []
    s = sheet('[[exercises]]\nkind = "validity"\nformula = "K_a p -> p"\n'
              '[[exercises]]\nkind = "worlds"\nmodel = "two"\nformula = "p"\n'
              '[[exercises]]\nkind = "validity"\nformula = "M_a p -> K_a p"\nmax_worlds = 2\n',
              progress=lambda done, total: told.append((done, total)))
    assert told == [(0, 2), (1, 2), (2, 2)]
    valid, other, invalid = s.exercises
    # K_a p -> p is axiom T, true on every S5 model: all models_to_search(1, 1, 3) = 2 + 3*2 + 4*5 = 28 searched
    assert valid.search.valid and valid.search.searched == 28
    # M_a p -> K_a p fails where a considers p and ~p possible: two worlds, found as model 5 (2 one-world
    # models, then the pairs of valuations {~p, ~p}, {~p, p}, each split by a or not: the unsplit {~p, p})
    assert not invalid.search.valid and invalid.search.searched == 5 and len(invalid.search.model) == 2
    assert other.search is None


def test_a_model_too_large_is_refused():
    worlds = ", ".join(f"w{i} = []" for i in range(5_001))
    with pytest.raises(SheetError, match=r"^s.toml: model 'big', field worlds: 5,001 worlds, more than the 5,000"):
        sheet('[[exercises]]\nkind = "validity"\nformula = "p"\n', f"[models.big]\nworlds = {{{worlds}}}\n")


def test_too_many_exercises_are_refused():
    one = '[[exercises]]\nkind = "validity"\nformula = "p"\n'
    with pytest.raises(SheetError, match=f"501 exercises, more than the {MAX_EXERCISES}"):
        sheet(one * (MAX_EXERCISES + 1))


def test_a_missing_sheet_names_its_file(tmp_path):
    with pytest.raises(SheetError, match="nowhere.toml"):
        load_sheet(tmp_path / "nowhere.toml")


COIN = '''
[models.coin]
worlds = {heads = ["heads"], tails = []}
links = {bob = [["heads", "tails"]]}
agents = ["alice", "bob"]
actual = "tails"
prior = {heads = "3/4", tails = 0.25}
'''


def test_a_sheets_model_may_give_a_prior_and_its_exercises_ask_about_probabilities():
    from epistemic.workbench.grading import grade
    s = sheet('''
[[exercises]]
kind = "worlds"
model = "coin"
formula = "P_bob(heads) = 3/4 & P_alice(heads) < 1"
''', COIN)
    exercise = s.exercises[0]
    assert exercise.model.probability(Agent("bob"), "tails") == {"heads": Fraction(3, 4), "tails": Fraction(1, 4)}
    assert grade(exercise, "tails").right and not grade(exercise, "heads, tails").right


@pytest.mark.parametrize("prior, fault", [
    ('prior = {heads = "3/4", tails = "1/2"}', "model 'coin', field prior: the prior sums to 5/4, not 1"),
    ('prior = "even"', "model 'coin', field prior: expected a table of worlds and their probabilities"),
    ('prior = {moon = 1}', "model 'coin', field prior: the prior names 'moon', which is not a world of the model"),
])
def test_a_bad_prior_on_a_sheet_is_one_line_naming_the_model_and_the_field(prior, fault):
    with pytest.raises(SheetError) as caught:
        sheet("", COIN.replace('prior = {heads = "3/4", tails = 0.25}', prior))
    assert fault in str(caught.value) and "\n" not in str(caught.value)

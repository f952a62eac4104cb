"""How many worlds a validity or equivalence search needs to be sure (workbench/small_models.py),
and what a sheet and its grades say where a sheet allows fewer."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from epistemic import Agent, EpistemicError, Event, EventModel, KripkeModel, parse_formula
from epistemic import formulas as fm
from epistemic.checking import worlds_where   # random models need not make every atom true somewhere
from epistemic.validity import search_countermodel
from epistemic.workbench import grade, sheet_from_text
from epistemic.workbench.small_models import MOST_NODES, doubt, worlds_needed, written_out
from cli_runs import run
from workbench_client import Client, Server


@pytest.mark.parametrize("formula, worlds", [
    ("p & ~q", 1),
    # one agent: its K subformulas and one world more (Ladner's bound for S5); M and Kw are made of K
    ("K_a p -> K_a K_a p", 3), ("M_a p & ~Kw_a q", 4), ("C_{a} p <-> D_{a} p", 2),
    # two agents, no common knowledge: the tree of witnesses, 1 + 2 * 2 + 2 * 2 for E p -> E E p
    ("E_{a,b} p -> E_{a,b} E_{a,b} p", 9), ("K_a ~K_b p", 4),
    # acts written out: after [!q], ~K_a p is ~K_a (q -> p)
    ("~K_a p -> [!q] ~K_a p", 3), ("[!(p & ~K_a p)] ~(p & ~K_a p)", 3),
    # b, not told, believes nothing happened: [!p]_{a} K_b p says p -> K_b p
    ("[!p]_{a} K_b p", 2), ("[?p]_{a} K_b p", 3),
    # with common knowledge, the filtration: 2 ** (p, C p, K_a p, K_b p, K_a E p, K_b E p, K_a C p, K_b C p)
    ("E_{a,b} E_{a,b} p <-> C_{a,b} p", 256),
])
def test_the_worlds_needed(formula, worlds):
    assert worlds_needed(parse_formula(formula)).worlds == worlds


@pytest.mark.parametrize("formula, why", [
    ("D_{a,b} p -> K_a p", "distributed knowledge of a group"),
    ("[!p] C_{a,b} p", "common knowledge after an announcement or an event"),
])
def test_no_bound_is_claimed_where_none_is_proved(formula, why):
    bound = worlds_needed(parse_formula(formula))
    assert (bound.worlds, bound.why) == (None, why)
    assert doubt(parse_formula(formula), 3) == (f"the answer may be wrong: no number of worlds is known to be enough "
                                                f"for {why}, the sheet allows 3")


def test_a_formula_whose_acts_write_out_too_large_has_no_bound():
    # each act doubles what it is put before: 20 of them pass the translation's bound
    act = "[(e: p, f: ~p; a: {e, f}; b: {e} {f}), e]"
    bound = worlds_needed(parse_formula(act * 20 + " K_a K_b p"))
    assert bound.worlds is None and f"more than {MOST_NODES:,} subformulas" in bound.why


# the bound is enough: no countermodel first appears past it ------------------------------------

A, B = Agent("a"), Agent("b")
_leaves = st.sampled_from([fm.Atom("p"), fm.Atom("q"), fm.TOP])


def _events(inner):
    # an event model over a and b: a tells the events apart, b does not, or each sees all
    return st.builds(lambda pre, change, parted: fm.Act(
        EventModel([A, B], [Event("e", precondition=pre), Event("f", assign={"q": change})],
                   {A: [("e", "e"), ("f", "f")] if parted else [("e", "e"), ("e", "f"), ("f", "e"), ("f", "f")],
                    B: [("e", "e"), ("e", "f"), ("f", "e"), ("f", "f")]}, ["e"]), "e", pre),
        inner, inner, st.booleans())


def _compound(inner):
    agent, group = st.sampled_from([A, B]), st.just(frozenset([A, B]))
    return st.one_of(
        st.builds(fm.Not, inner), st.builds(fm.And, inner, inner), st.builds(fm.Implies, inner, inner),
        st.builds(fm.Knows, agent, inner), st.builds(fm.Possible, agent, inner),
        st.builds(fm.KnowsWhether, agent, inner), st.builds(fm.Everybody, group, inner),
        st.builds(fm.Announce, inner, inner), st.builds(fm.AnnounceDiamond, inner, inner),
        st.builds(lambda g, x, y: fm.AnnounceWhether(g, x, y), st.sampled_from([{A}, {B}]), inner, inner),
        st.builds(lambda g, x, y: fm.AnnouncePrivately(g, x, fm.Believes(B, y)), st.sampled_from([{A}]), inner,
                  inner),
        _events(inner))


small_formulas = st.recursive(_leaves, _compound, max_leaves=5)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(small_formulas)
def test_a_search_within_the_bound_finds_what_a_larger_one_finds(formula):
    needed = worlds_needed(formula).worlds
    assume(needed is not None and needed <= 3)
    try:
        within = search_countermodel(formula, needed)
        beyond = search_countermodel(formula, 4)
    except EpistemicError:   # a search refused (K asked where an agent may be mistaken), or too large
        assume(False)
    assert within.valid == beyond.valid, (fm.Formula.__str__(formula), beyond.summary())


@pytest.mark.parametrize("formula", [
    "[!q] K_a p", "<!q> M_a p", "[!(p & ~K_a p)] ~(p & ~K_a p)",
    # b, not told, believes nothing happened: what it believes is what it knew
    "[!p]_{a} B_b q", "[!p]_{a} (K_a q & B_b ~q)", "[?p]_{a} (K_a p | K_a ~p) & [?p]_{a} M_b q",
    # an event's changes: q made true, q set to what ~p was
    "[(e {+q}; a: {e}; b: {e}), e] q", "[(e {q := ~p}; a: {e}; b: {e}), e] (q <-> ~p)",
    "[(e: p, f: ~p {-q}; a: {e} {f}; b: {e, f}), e] (K_a p & M_b ~q)",
])
def test_acts_written_out_say_the_same_on_every_small_model(formula):
    # the search looks at every S5 model of up to 3 worlds: nowhere do the two differ
    given = parse_formula(formula)
    assert search_countermodel(fm.Iff(given, written_out(given)), 3).valid


def _models(draw_worlds):
    """S5 models over a and b of 1 to 4 worlds, with p and q true or not at each."""
    return st.builds(_model, st.lists(st.tuples(st.booleans(), st.booleans(), st.integers(0, 1),
                                                st.integers(0, 1)), min_size=1, max_size=draw_worlds))


def _model(rows):
    worlds = {f"w{i}": {atom for atom, true in (("p", p), ("q", q)) if true} for i, (p, q, _, _) in enumerate(rows)}
    names = list(worlds)
    links = {agent: [(u, v) for u, row in zip(names, rows) for v, other in zip(names, rows)
                     if row[2 + k] == other[2 + k]] for k, agent in enumerate((A, B))}
    return KripkeModel.from_relations([A, B], worlds, links, actual=names[0], reflexive=True, symmetric=True)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_formulas, _models(4))
def test_a_formula_written_out_holds_where_the_formula_holds(formula, model):
    # the reduction axioms, as the bound uses them, checked against the model checker's own updates
    static = written_out(formula)
    assume(static is not None)
    try:
        expected = worlds_where(model, formula)
    except EpistemicError:   # K asked where an agent may be mistaken: the checker refuses, as the search does
        assume(False)
    assert worlds_where(model, static) == expected, (str(formula), str(static))


# what a sheet, its grades, and the commands say ------------------------------------------------

SHEET = '''
[[exercises]]
id = "e"
kind = "validity"
formula = "E_{a,b} p -> E_{a,b} E_{a,b} p"
max_worlds = 2

[[exercises]]
id = "c"
kind = "equivalent"
formula = "E_{a,b} E_{a,b} p"

[[exercises]]
id = "k"
kind = "validity"
formula = "K_a p -> K_a K_a p"

[[exercises]]
id = "x"
kind = "validity"
formula = "K_a p -> K_b p"
max_worlds = 2
'''


def test_a_sheet_below_the_bound_says_so_and_so_does_each_grade_it_makes():
    sheet = sheet_from_text(SHEET, source="s.toml")
    # with 2 worlds E p -> E E p is graded valid; it is not (a countermodel has 3 worlds)
    assert sheet.warnings == [
        "s.toml: exercise e: the answer may be wrong: models of up to 9 worlds are needed to be sure, the sheet "
        "allows 2",
        "s.toml: exercise c: the answer may be wrong: models of up to 9 worlds are needed to be sure, the sheet "
        "allows 3 (for the question's formula alone: an answer may need more)"]
    valid = grade(sheet.exercise("e"), "valid")
    assert valid.right and valid.doubt == ("the answer may be wrong: models of up to 9 worlds are needed to be sure, "
                                           "the sheet allows 2")
    assert not search_countermodel(parse_formula("E_{a,b} p -> E_{a,b} E_{a,b} p"), 3).valid
    # with 3 worlds E E p is graded equivalent to C p; it is not (they differ on 4 worlds)
    common = grade(sheet.exercise("c"), "C_{a,b} p")
    assert common.right and common.doubt == ("the answer may be wrong: models of up to 256 worlds are needed to be "
                                             "sure, the sheet allows 3")
    # a grade that found a separating model, or a countermodel, is sure, whatever the bound (K_a p -> K_b p
    # needs 3 worlds, and its countermodel has 2); so is one within the bound
    assert grade(sheet.exercise("c"), "E_{a,b} p").doubt is None
    assert grade(sheet.exercise("x"), "invalid").doubt is None
    assert grade(sheet.exercise("k"), "valid").doubt is None


def test_grade_and_serve_warn_as_they_read_the_sheet(capsys, tmp_path):
    sheet = tmp_path / "s.toml"
    sheet.write_text(SHEET, encoding="utf-8")
    answers = tmp_path / "a.csv"
    answers.write_text("student,exercise,answer\nada,e,valid\n", encoding="utf-8")
    code, out, err = run(capsys, "grade", str(sheet), str(answers), "--time-limit", "3600")
    assert code == 0 and err.splitlines() == [f"epistemic grade: warning: {w}" for w in sheet_warnings(sheet)]
    row = out.splitlines()[1]
    assert row.startswith("ada,e,validity,right,1,") and row.endswith(
        "; the answer may be wrong: models of up to 9 worlds are needed to be sure, the sheet allows 2\"")


def test_serve_warns_as_it_reads_the_sheet(tmp_path):
    sheet = tmp_path / "s.toml"
    sheet.write_text(SHEET, encoding="utf-8")
    with Server("--sheet", str(sheet)) as server:
        page = Client(server.url).get("api/state")["sheet"]
    assert server.said.splitlines() == [f"epistemic serve: warning: {w}" for w in sheet_warnings(sheet)]
    # and the page is told, under each exercise
    assert [e["doubt"] for e in page["exercises"]] == [sheet_from_text(SHEET).exercise(x).doubt
                                                       for x in ("e", "c", "k", "x")]


def sheet_warnings(path) -> list[str]:
    return sheet_from_text(path.read_text(encoding="utf-8"), source=str(path)).warnings

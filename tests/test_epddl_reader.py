"""EPDDL read into planning tasks: each construct on small files written here, and one-line faults."""

from __future__ import annotations

import re
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Agent, Atom, KripkeModel, holds, parse_formula
from epistemic.epddl import EpddlError, EpddlWarning, parse_epddl, read_task
from epistemic.epddl.lexer import tokenize
from epistemic.epddl.task import build_task, builtin_library
from epistemic.formulas import Common, Everybody, Knows, KnowsWhether, Not, Possible
from epistemic.planning import applicable, apply

DOMAIN = """
; a coin in a box, a key, and agents who look or not
(define (domain box)
  (:requirements :typing :equality :partial-observability :ontic-actions :conditional-effects :lists
   :list-comprehensions :modal-preconditions :negative-preconditions :universal-preconditions
   :negative-postconditions :negative-list-formulas :knowing-whether :group-modalities :facts :negative-obs-conditions)
  (:action-type-libraries intermediate)
  (:types spot - object)
  (:predicates (tails) (opened) (looking ?i - agent) (near ?i - agent ?s - spot) (:fact lit ?s - spot))
  (:event nil)
  (:event e-open :parameters (?i - agent)
    :precondition (and (not (opened)) (looking ?i))
    :effects (:and (opened) (:forall (?s - spot | (lit ?s)) (when (looking ?i) (near ?i ?s)))
                   (:forall (?s - spot | (not (lit ?s))) (iff (tails) (not (near ?i ?s))))))
  (:action open :parameters (?i - agent)
    :action-type (private-ontic (e-open ?i) (nil))
    :observability-conditions (:and (?i Fully) (default Oblivious)))
  (:event yes :parameters (?i - agent) :precondition (and (tails) ([?i] (opened))))
  (:event no :parameters (?i - agent) :precondition (and (not (tails)) ([?i] (opened))))
  (:action peek :parameters (?i - agent)
    :action-type (quasi-private-sensing (yes ?i) (no ?i) (nil))
    :observability-conditions
      (:and (?i Fully)
            (:forall (?j - agent | (/= ?i ?j))
              (?j (if (looking ?j) Partially else-if (opened) Fully else Oblivious)))))
  (:event tell :parameters (?i ?j - agent) :precondition ([Kw. ?i] (tails)))
  (:action shout :parameters (?i ?j - agent | (/= ?i ?j))
    :action-type (public-announcement (tell ?i ?j) (nil))))
"""

PROBLEM = """
(define (problem three) (:domain box)
  (:requirements :finitary-S5-theories :modal-goals)
  (:objects s1 s2 - spot)
  (:agents a b c)
  (:facts-init (lit s1))
  (:init (:and (tails) (looking a) (looking b)
               ([C. All] (and (not (opened)) (looking a) (looking b) (not (looking c))))
               ([C. All] (forall (?i - agent) (not (near ?i s1))))
               ([C. All] (forall (?i - agent) (not (near ?i s2))))))
  (:goal (and ([a] (tails)) ([(a b)] (opened)) (<c> (not (opened))) (not ([Kw. b] (tails))))))
"""


def _files(tmp_path, domain=DOMAIN, problem=PROBLEM):
    (tmp_path / "d.epddl").write_text(domain)
    (tmp_path / "p.epddl").write_text(problem)
    return tmp_path / "d.epddl", tmp_path / "p.epddl"


def _read(tmp_path, domain=DOMAIN, problem=PROBLEM, libraries=()):
    d, p = _files(tmp_path, domain, problem)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", EpddlWarning)
        return read_task(d, p, libraries)


def test_words_keep_their_file_line_and_column():
    tokens = tokenize("(p\n  ?x) ; note\n[Kw. a]", "f.epddl")
    assert [(t.text, t.line, t.column) for t in tokens] == [
        ("(", 1, 1), ("p", 1, 2), ("?x", 2, 3), (")", 2, 5), ("[", 3, 1), ("Kw.", 3, 2), ("a", 3, 6), ("]", 3, 7)]


def test_the_task_grounds_each_action_over_its_parameters(tmp_path):
    task = _read(tmp_path)
    names = [a.name for a in task.actions]
    assert names[:6] == ["open_a", "open_b", "open_c", "peek_a", "peek_b", "peek_c"]
    # (?i ?j - agent | (/= ?i ?j)) keeps the six ordered pairs of distinct agents
    assert [n for n in names if n.startswith("shout")] == [
        "shout_a_b", "shout_a_c", "shout_b_a", "shout_b_c", "shout_c_a", "shout_c_b"]


def test_a_finitary_theory_is_the_model_built_by_hand(tmp_path):
    task = _read(tmp_path)
    a, b, c = Agent("a"), Agent("b"), Agent("c")
    # only tails is left open by the [C. All] formulas, and no agent knows whether it holds
    by_hand = KripkeModel.from_relations([a, b, c], {"t": {"tails", "looking_a", "looking_b"},
                                                     "h": {"looking_a", "looking_b"}},
                                         {a: [("t", "h")], b: [("t", "h")], c: [("t", "h")]}, "t",
                                         reflexive=True, symmetric=True)
    model = task.initial
    assert sorted(model.facts(w) for w in model.worlds) == sorted(by_hand.facts(w) for w in by_hand.worlds)
    assert [model.facts(w) for w in model.actual] == [frozenset({"tails", "looking_a", "looking_b"})]
    for agent in (a, b, c):
        assert len(model.partition(agent)) == 1


def test_kw_in_a_theory_splits_the_agents_worlds(tmp_path):
    problem = PROBLEM.replace("(:init (:and", "(:init (:and (:forall (?i - agent | (/= ?i c)) "
                                              "([C. All] ([Kw. ?i] (tails))))")
    model = _read(tmp_path, problem=problem).initial
    assert [len(model.partition(Agent(x))) for x in "abc"] == [2, 2, 1]


def test_a_theory_whose_kw_formulas_settle_what_it_says_is_unknown_is_refused(tmp_path):
    ignorant = PROBLEM.replace("(:init (:and", "(:init (:and ([C. All] (<Kw. b> (tails)))")
    assert len(_read(tmp_path, problem=ignorant).initial.worlds) == 2
    settled = ignorant.replace("(:init (:and", "(:init (:and ([C. All] ([Kw. b] (tails)))")
    with pytest.raises(EpddlError, match=r"p\.epddl:\d+:\d+: the theory's \[C\. All\] \(\[Kw\. b\] \.\.\.\) "
                                         r"formulas settle what it says b does not know$"):
        _read(tmp_path, problem=settled)


def test_formulas_become_the_cores(tmp_path):
    task = _read(tmp_path)
    a, b, c = Agent("a"), Agent("b"), Agent("c")
    # private-ontic makes the task's relations no equivalences: boxes are belief there
    assert "B_a tails" in str(task.goal) and "E" in str(task.goal)
    public = DOMAIN.replace("private-ontic (e-open ?i) (nil)", "public-ontic (e-open ?i)").replace(
        ":observability-conditions (:and (?i Fully) (default Oblivious))", "").replace(
        "quasi-private-sensing (yes ?i) (no ?i) (nil)", "public-sensing (yes ?i) (no ?i)").replace(
        "(?j (if (looking ?j) Partially else-if (opened) Fully else Oblivious))", "(?j Fully)").replace(
        "public-announcement (tell ?i ?j) (nil)", "public-announcement (tell ?i ?j) (tell ?i ?j)")
    goal = _read(tmp_path, domain=public).goal
    tails, opened = Atom("tails"), Atom("opened")
    assert goal == (Knows(a, tails) & Everybody({a, b}, opened) & Possible(c, Not(opened))
                    & Not(KnowsWhether(b, tails)))
    problem = PROBLEM.replace("(:goal (and", "(:goal (and ([C. (a b)] (tails)) (<C. All> (tails)) (<Kw. c> (tails))")
    goal = _read(tmp_path, domain=public, problem=problem).goal
    assert str(goal).startswith(str(Common({a, b}, tails) & Not(Common({a, b, c}, Not(tails)))
                                    & Not(KnowsWhether(c, tails))))


def test_conditional_effects_and_static_facts_fold_into_the_assignment(tmp_path):
    task = _read(tmp_path)
    (pos, nil) = task.action("open_a").events
    assign = dict(pos.assign)
    assert assign["opened"] == parse_formula("top")
    # (lit s1) is a fact: only s1 is reached; near_a_s1 becomes true where a looks, else keeps its value
    assert holds_same(assign["near_a_s1"], parse_formula("looking_a | near_a_s1"))
    # (iff c (not p)): p becomes false where c holds, true where it does not
    assert holds_same(assign["near_a_s2"], parse_formula("~tails"))
    assert dict(nil.assign) == {}


def holds_same(f, g) -> bool:
    """Whether two propositional formulas agree on every valuation of their atoms."""
    import itertools
    from epistemic.formulas import atoms
    names = sorted(atoms(f) | atoms(g))
    warnings.simplefilter("ignore")  # a valuation's false atoms are named by design
    for values in itertools.product((False, True), repeat=len(names)):
        facts = {n for n, v in zip(names, values) if v}
        model = KripkeModel.initial([Agent("x")], facts)
        if holds(model, f) != holds(model, g):
            return False
    return True


def test_observability_conditions_are_exclusive_and_ordered(tmp_path):
    task = _read(tmp_path)
    observers = dict(task.action("peek_a").observers)
    assert observers[Agent("a")] == (("Fully", parse_formula("top")),)
    kinds = [k for k, _ in observers[Agent("b")]]
    assert kinds == ["Partially", "Fully", "Oblivious"]
    (_, looking), (_, opened), (_, other) = observers[Agent("b")]
    assert looking == Atom("looking_b")
    assert opened == Not(Atom("looking_b")) & Atom("opened")
    assert other == Not(Atom("looking_b")) & Not(Atom("opened"))
    # no observability conditions: every agent takes the type's first one
    assert {k for _, options in task.action("shout_a_b").observers for k, _ in options} == {"Fully"}


def test_a_plan_reaches_the_goal(tmp_path):
    task = _read(tmp_path)
    state = task.initial
    assert not applicable(state, task.action("peek_a"))
    state = apply(state, task.action("open_a"))
    state = apply(state, task.action("peek_a"))
    assert holds(state, parse_formula("B_a tails"))


def test_an_explicit_initial_state_is_its_model(tmp_path):
    problem = """
(define (problem two) (:domain box)
  (:requirements :multi-pointed-models)
  (:objects s1 s2 - spot)
  (:agents a b c)
  (:init :worlds (w v)
         :relations (a (:forall (?x ?y - world) (?x ?y)) b (:and (w w) (v v)) c (w w) c (v v))
         :labels (w (:and (tails) (looking a)) v (looking a))
         :designated (w v))
  (:goal (true)))"""
    model = _read(tmp_path, problem=problem).initial
    a, b, c = Agent("a"), Agent("b"), Agent("c")
    assert sorted(model.worlds) == ["v", "w"] and model.actual == {"w", "v"}
    assert model.facts("w") == {"tails", "looking_a"} and model.facts("v") == {"looking_a"}
    assert model.relation(a) == {("w", "w"), ("w", "v"), ("v", "w"), ("v", "v")}
    assert model.relation(b) == model.relation(c) == {("w", "w"), ("v", "v")}


def test_agent_groups_and_a_domains_own_action_types(tmp_path):
    domain = DOMAIN.replace("(:event nil)", """(:event nil)
  (:action-type shared :events (?e) :observability-types (Fully) :relations (Fully (?e ?e)) :designated (?e))
  (:action wave :parameters (?i - agent) :action-type (shared (tell ?i ?i)))""")
    problem = PROBLEM.replace("(:agents a b c)", "(:agents a b c) (:agent-groups (pair (a b)) (rest (:forall (?i - agent | (/= ?i a)) (?i))))")
    problem = problem.replace("(:goal (and", "(:goal (and ([C. pair] (tails)) ([rest] (tails))")
    task = _read(tmp_path, domain, problem)
    assert dict(task.action("wave_a").relations) == {"Fully": (("e", "e"),)}
    # the private actions make boxes belief: common and everybody's belief of the groups
    assert str(task.goal).startswith("CB_{a,b} tails & EB_{b,c} tails & ")


def test_library_files_replace_the_built_in_ones(tmp_path):
    (tmp_path / "mine.epddl").write_text("""
(define (action-type-library intermediate)
  (:action-type private-ontic :events (?e ?n) :observability-types (Fully Oblivious)
    :relations (Fully (:forall (?x - event) (?x ?x)) Oblivious (:forall (?x - event) (?x ?n)))
    :designated (?e))
  (:action-type quasi-private-sensing :events (?p ?q ?n) :observability-types (Fully Partially Oblivious)
    :relations (Fully (:forall (?x - event) (?x ?x))
                Partially (:forall (?x ?y - event | (imply (/= ?x ?y) (and (/= ?x ?n) (/= ?y ?n)))) (?x ?y))
                Oblivious (:forall (?x - event) (?x ?n)))
    :designated (?p ?q))
  (:action-type public-announcement :events (?p ?q) :observability-types (Fully)
    :relations (Fully (:forall (?x - event) (?x ?x))) :designated (?p)))""")
    theirs = _read(tmp_path, libraries=[tmp_path / "mine.epddl"])
    ours = _read(tmp_path)
    peek = dict(theirs.action("peek_a").relations)
    assert peek["Partially"] == (("n", "n"), ("p", "p"), ("p", "q"), ("q", "p"), ("q", "q"))
    assert [len(dict(a.relations)) for a in theirs.actions] == [len(dict(a.relations)) for a in ours.actions]


def test_a_library_the_domain_names_must_be_among_the_files_given(tmp_path):
    (tmp_path / "other.epddl").write_text("(define (action-type-library other))")
    with pytest.raises(EpddlError, match=r"d\.epddl:7:27: the domain names the library intermediate, which no "
                                         r"library file given defines$"):
        _read(tmp_path, libraries=[tmp_path / "other.epddl"])


def test_a_domain_naming_no_library_takes_the_built_in_action_types_with_a_warning(tmp_path):
    d, p = _files(tmp_path, DOMAIN.replace("(:action-type-libraries intermediate)", ""))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        task = read_task(d, p)
    told = [str(w.message) for w in caught if issubclass(w.category, EpddlWarning)]
    assert any(m.endswith("the domain names no action-type library; private-ontic is the built-in one") for m in told)
    assert dict(task.action("open_a").relations)["Oblivious"] == (("nil", "nil"), ("pos", "nil"))


def test_a_requirement_used_and_not_declared_is_a_warning_at_its_place(tmp_path):
    domain = DOMAIN.replace(":knowing-whether", "")
    d, p = _files(tmp_path, domain)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        read_task(d, p)
    told = [str(w.message) for w in caught if issubclass(w.category, EpddlWarning)]
    assert any(re.fullmatch(r".*d\.epddl:\d+:\d+: :knowing-whether is used but not declared in "
                            r"\(:requirements \.\.\.\)", m) for m in told), told


FAULTS = [
    ("unbalanced", DOMAIN + ")", None, "closes nothing"),
    ("unclosed", DOMAIN[:-3], None, "never closed"),
    ("keyword", DOMAIN.replace("(:types", "(:typez"), None, "unknown keyword :typez in a domain"),
    ("predicate", DOMAIN.replace("(looking ?i))\n    :effects", "(lookin ?i))\n    :effects"), None,
     "undeclared predicate lookin"),
    ("type", DOMAIN.replace("(:types spot - object)", "(:types spot - thing)"), None, "undeclared type thing"),
    ("object", None, PROBLEM.replace("(not (near ?i s2))", "(not (near ?i s3))"), "undeclared object or agent s3"),
    ("agent", DOMAIN.replace("([?i] (opened))))\n  (:event no", "([s1] (opened))))\n  (:event no"), None,
     "s1 is not an agent"),
    ("event", DOMAIN.replace("(tell ?i ?j) (nil)", "(tel ?i ?j) (nil)"), None, "undeclared event tel"),
    ("action type", DOMAIN.replace("public-announcement (tell", "public-announcment (tell"), None,
     "undeclared action type public-announcment"),
    ("arity", DOMAIN.replace("(not (tails)) ([?i]", "(not (tails ?i)) ([?i]"), None,
     "tails takes 0 arguments, got 1"),
    ("argument type", None, PROBLEM.replace("(not (near ?i s1))", "(not (near s1 ?i))"),
     "near takes an agent here, and s1 is a spot"),
    ("theory", None, PROBLEM.replace("([C. All] (forall (?i - agent) (not (near ?i s1))))",
                                     "([C. All] ([a] ([b] (tails))))"), "no modality may appear here"),
    ("theory group", None, PROBLEM.replace("([C. All] (forall (?i - agent) (not (near ?i s1))))",
                                           "([C. (a b)] (tails))"), "only [C. All]"),
    ("event arity", DOMAIN.replace("(yes ?i) (no ?i)", "(yes) (no ?i)"), None, "yes takes 1 argument, got 0"),
    ("unused event", DOMAIN.replace("(:event nil)", "(:event nil) (:event idle :precondition (sleeping))"), None,
     "undeclared predicate sleeping"),
    ("variable", DOMAIN.replace("(:event nil)", "(:event nil) (:event idle :precondition (looking ?k))"), None,
     "the variable ?k is not declared here"),
    ("event argument type", DOMAIN.replace("(:types spot - object)", "(:types spot - object)\n  (:constants s0 - spot)")
     .replace("(tell ?i ?j) (nil)", "(tell ?i s0) (nil)"), None, "tell takes an agent for ?j, and s0 is a spot"),
    ("domain", None, PROBLEM.replace("(:domain box)", "(:domain crate)"), "the problem is for the domain crate, not box"),
    ("observability type", DOMAIN.replace("(default Oblivious)", "(default Blind)"), None,
     "Blind is not an observability type of private-ontic"),
]


@pytest.mark.parametrize(("domain", "problem", "message"), [f[1:] for f in FAULTS], ids=[f[0] for f in FAULTS])
def test_a_fault_is_one_line_at_its_place(tmp_path, domain, problem, message):
    with pytest.raises(EpddlError) as raised:
        _read(tmp_path, domain or DOMAIN, problem or PROBLEM)
    text = str(raised.value)
    assert "\n" not in text
    assert message in text
    assert text.split(":")[0].endswith(("d.epddl", "p.epddl")) and text.split(":")[1].isdigit()


def test_atoms_are_spelled_as_the_formula_syntax_reads_them(tmp_path):
    assert {a for a in _read(tmp_path).initial.facts("w0")} <= {"tails", "looking_a", "looking_b"}
    assert parse_formula("looking_a & near_b_s2 & at'ag_a") == Atom("looking_a") & Atom("near_b_s2") & Atom("at'ag_a")
    operator = DOMAIN.replace("(tails) (opened)", "(tails) (opened) (K ?i - agent)")
    with pytest.raises(EpddlError, match=r"\(K a\) cannot be the atom K_a, which the formula syntax reads as an "
                                         r"operator"):
        _read(tmp_path, domain=operator)


@pytest.mark.parametrize(("declared", "message"), [
    ("(near_a ?s - spot)", r"\((near a|near_a) s1\) and \((near_a|near a) s1\) would both be the atom near_a_s1$"),
    ("(near'a ?s - spot) (near-a ?s - spot)",
     r"\((near-a|near'a) s1\) and \((near'a|near-a) s1\) would both be the atom near'a_s1$"),
])
def test_two_facts_spelling_one_atom_are_refused(tmp_path, declared, message):
    domain = DOMAIN.replace("(looking ?i - agent)", f"(looking ?i - agent) {declared}")
    with pytest.raises(EpddlError, match=message):
        _read(tmp_path, domain=domain)


def test_a_formula_nested_5000_deep_reads_without_recursion(tmp_path):
    deep = "(not " * 5000 + "(tails)" + ")" * 5000
    problem = PROBLEM.replace("(:goal (and", f"(:goal (and {deep}")
    goal = _read(tmp_path, problem=problem).goal
    assert isinstance(goal, type(parse_formula("p & q")))
    listed = "(:and " * 3000 + "(tails)" + ")" * 3000
    task = _read(tmp_path, problem=PROBLEM.replace("(:init (:and (tails)", f"(:init (:and {listed}"))
    assert len(task.initial.actual) == 1


def test_too_many_values_for_variables_are_refused_before_they_are_listed(tmp_path, monkeypatch):
    from epistemic.epddl import context
    monkeypatch.setattr(context, "MAX_COMBINATIONS", 8)
    # (?i ?j - agent | ...) over three agents: nine pairs, one more than the limit
    with pytest.raises(EpddlError, match=r"d\.epddl:\d+:\d+: these variables take 9 values, more than 8$"):
        _read(tmp_path)


def test_too_many_ground_atoms_are_refused_before_they_are_listed(tmp_path, monkeypatch):
    from epistemic.epddl import context
    monkeypatch.setattr(context, "MAX_ATOMS", 10)
    # tails, opened, three of looking and six of near: eleven
    with pytest.raises(EpddlError, match=r"d\.epddl:\d+:\d+: the predicates have more than 10 ground atoms$"):
        _read(tmp_path)
    monkeypatch.setattr(context, "MAX_ATOMS", 11)
    _read(tmp_path)


def test_a_theory_of_too_many_worlds_is_refused_before_they_are_made(tmp_path, monkeypatch):
    from epistemic.epddl import initial
    monkeypatch.setattr(initial, "MAX_WORLDS", 1)
    with pytest.raises(EpddlError, match=r"p\.epddl:\d+:\d+: the theory describes 2 worlds, more than 1$"):
        _read(tmp_path)


@settings(deadline=None, max_examples=60)
@given(st.data())
def test_truncations_and_deletions_give_an_epddl_error_or_a_result(data):
    which = data.draw(st.sampled_from(["domain", "problem"]))
    text = DOMAIN if which == "domain" else PROBLEM
    tokens = tokenize(text, "d.epddl")
    how = data.draw(st.sampled_from(["truncate", "delete"]))
    if how == "truncate":
        cut = data.draw(st.integers(0, len(text)))
        mangled = text[:cut]
    else:
        victim = tokens[data.draw(st.integers(0, len(tokens) - 1))]
        lines = text.split("\n")
        line = lines[victim.line - 1]
        lines[victim.line - 1] = line[:victim.column - 1] + " " * len(victim.text) + line[victim.column - 1
                                                                                        + len(victim.text):]
        mangled = "\n".join(lines)
    try:
        domain = parse_epddl(mangled if which == "domain" else DOMAIN, "d.epddl")
        problem = parse_epddl(mangled if which == "problem" else PROBLEM, "p.epddl")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", EpddlWarning)
            build_task(domain, problem, [builtin_library("intermediate")])
    except EpddlError as error:
        assert "\n" not in str(error)

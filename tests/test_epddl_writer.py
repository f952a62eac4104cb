"""Planning tasks written as EPDDL: plank reads every file written, and validates each plan as
:func:`epistemic.planning.apply` does; what EPDDL cannot say is refused in one line, and nothing
is written half or over what is not a regular file."""

from __future__ import annotations

import os
import subprocess
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from epistemic import (
    TOP, Agent, Atom, Event, EventModel, FormulaError, KripkeModel, ModelError, UnknownAtomWarning, holds, load_model_file,
    parse_formula,
)
from epistemic.epddl.writer import EpddlFiles, identifier, to_epddl, write_epddl
from epistemic.event_json import load_event_model
from epistemic.files import DestinationError
from epistemic.planning import Action, PlanningTask, applicable, apply
from epistemic.planning.from_models import task_from_model
from plank_tools import PLANK, needs_plank

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
A, B = Agent("a"), Agent("b")


def coin(actual=("h",)) -> KripkeModel:
    return KripkeModel.from_relations([A, B], {"h": {"heads"}, "t": set()}, {A: [("h", "t")], B: [("h", "t")]},
                                      actual=list(actual), reflexive=True, symmetric=True)


def ours(task: PlanningTask, plan: list[str]) -> str:
    """What the plan does, as plank says it: ``true``, ``false``, or the first action that cannot happen."""
    state = task.initial
    for name in plan:
        action = task.action(name)
        if not applicable(state, action):
            return f"{name} is not applicable"
        state = apply(state, action)
    with warnings.catch_warnings():   # an atom false everywhere is meant here: a fact an act made false
        warnings.simplefilter("ignore", UnknownAtomWarning)
        return "true" if holds(state, task.goal) else "false"


def validated(folder: Path, task: PlanningTask, plan: list[str]) -> str:
    """What ``plank validate`` says of the plan (its names in the task), after it read the files of
    ``task`` without a warning: ``true``, ``false``, or the first action that cannot happen."""
    files = write_epddl(task, folder / "domain.epddl", folder / "problem.epddl")
    ran = subprocess.run([PLANK, "validate", "-d", str(folder / "domain.epddl"), "-p", str(folder / "problem.epddl"),
                          "-l", str(folder / "domain-types.epddl"), "-a", *files.plan(plan)],
                         capture_output=True, text=True, timeout=600)
    said = ran.stdout + ran.stderr
    assert ran.returncode == 0, said
    assert "Warning" not in said and "rror" not in said, said
    verdicts = [line for line in said.splitlines() if line.startswith(("true", "false"))]
    assert len(verdicts) == 1, said
    verdict = verdicts[0]
    ground = dict(files.actions)
    for name in plan:
        if verdict.startswith(f"false ({ground[name]} is not applicable"):
            return f"{name} is not applicable"
    assert verdict in ("true", "false"), said
    return verdict


def coin_task(goal: str = "K_alice heads", actual=("h",)) -> PlanningTask:
    given_file = load_model_file(EXAMPLES / "coin.json")
    model = given_file.model
    if actual != ("h",):
        model = model.with_actual(["heads", "tails"])
    named = dict(given_file.event_models)
    named["secret_flip"] = load_event_model(EXAMPLES / "secret_flip.json")
    return task_from_model(model, ["look=[look, h]", "peek=[private_look, h]", "flip=[secret_flip, flip]",
                                   "tell=[!heads]", "whisper=[!heads]_{alice}", "ask=[?heads]_{bob}",
                                   "turn=[(f {heads := ~heads, +opened}; alice: {f}; bob: {f}), f]",
                                   "[!~heads]"],
                           parse_formula(goal), name="coin in EPDDL", event_models=named)


PLANS = [
    ("K_alice heads", ["look"], "true"),
    ("C_{alice,bob} heads & Kw_bob heads", ["tell"], "true"),
    ("K_alice heads", ["tell"], "true"),
    ("K_alice heads & ~B_bob heads", ["whisper"], "true"),
    ("K_alice heads & ~B_bob heads", ["tell"], "false"),
    ("B_bob heads", ["ask"], "true"),
    ("B_bob ~heads", ["flip", "ask"], "true"),
    ("B_bob heads & B_alice ~heads", ["flip", "ask"], "false"),
    ("opened & ~heads & CB_{alice,bob} opened", ["turn"], "true"),
    ("K_alice heads", ["[!~heads]"], "[!~heads] is not applicable"),
    ("K_alice heads", ["turn", "tell"], "tell is not applicable"),
    ("Kw_alice heads & M_bob ~heads & EB_{alice,bob} (heads <-> heads) & ~CB_{alice,bob} heads", ["peek"], "true"),
]


@needs_plank
@pytest.mark.parametrize("goal, plan, expected", PLANS)
def test_plank_reads_the_files_and_validates_each_plan_as_apply_does(tmp_path, goal, plan, expected):
    task = coin_task(goal)
    assert ours(task, plan) == expected
    assert validated(tmp_path, task, plan) == expected


@needs_plank
@pytest.mark.parametrize("plan, expected", [(["tell"], "tell is not applicable"), (["look"], "look is not applicable"),
                                            (["ask"], "true"), (["turn", "ask"], "true"), (["turn"], "false")])
def test_with_two_designated_worlds_an_action_must_happen_at_each(tmp_path, plan, expected):
    task = coin_task("Kw_bob heads", actual=("heads", "tails"))
    assert ours(task, plan) == expected
    assert validated(tmp_path, task, plan) == expected


@needs_plank
def test_worlds_without_atoms_agents_without_arrows_and_names_epddl_has_not(tmp_path):
    one = Agent("1")
    model = KripkeModel.from_relations([A, one], {0: set(), "0": {"p'"}, "w.told": {"imply", "p"}},
                                       {A: [(0, "0"), ("0", 0), (0, 0), ("0", "0"), ("w.told", "w.told")], one: []},
                                       actual=["0"])
    task = task_from_model(model, ["[!p']", "[?imply]_{a}", "[!p'&p]_{1}"], "K_a p' & B_{1} bot & ~p", name="0")
    for plan, expected in [(["[!p']"], "true"), (["[?imply]_{a}"], "false"),
                           (["[!p'&p]_{1}"], "[!p'&p]_{1} is not applicable")]:
        assert ours(task, plan) == expected
        assert validated(tmp_path, task, plan) == expected


@needs_plank
def test_a_task_without_atoms_is_read(tmp_path):
    model = KripkeModel.from_relations([A, B], {"w": set(), "v": set()}, {A: [("w", "v")]}, actual="w",
                                       reflexive=True, symmetric=True)
    task = task_from_model(model, ["[!top]", "[!bot]"], "M_a top & ~M_b bot")
    assert ours(task, ["[!top]"]) == validated(tmp_path, task, ["[!top]"]) == "true"
    assert ours(task, ["[!bot]"]) == validated(tmp_path, task, ["[!bot]"]) == "[!bot] is not applicable"


def peek(b_options) -> Action:
    """a looks at the coin; b sees what a sees (Fully), that a looked (Partially) or nothing (Oblivious)."""
    return Action("peek", (Event("pos", Atom("heads")), Event("neg", ~Atom("heads")), Event("nil")),
                  relations=(("Fully", (("pos", "pos"), ("neg", "neg"), ("nil", "nil"))),
                             ("Partially", (("pos", "pos"), ("pos", "neg"), ("neg", "pos"), ("neg", "neg"),
                                            ("nil", "nil"))),
                             ("Oblivious", (("pos", "nil"), ("neg", "nil"), ("nil", "nil")))),
                  designated=("pos", "neg"),
                  observers=((A, (("Fully", TOP),)), (B, b_options)))


#: b sees that a looked where a looks; else nothing where b looks elsewhere; else that a looked
TWO_TYPES = (("Partially", Atom("a_looks")), ("Oblivious", Atom("b_away")), ("Partially", TOP))


@needs_plank
@pytest.mark.parametrize("facts, kind", [({"a_looks", "b_away"}, "Partially"), ({"b_away"}, "Oblivious"),
                                         (set(), "Partially")])
def test_observability_conditions_choose_the_type_as_apply_does(tmp_path, facts, kind):
    model = KripkeModel.from_relations([A, B], {"h": {"heads"} | facts, "t": set(facts)},
                                       {A: [("h", "t")], B: [("h", "t")]}, actual="h", reflexive=True, symmetric=True)
    for goal, partially in [("B_b (K_a heads | K_a ~heads)", True), ("B_b ~(K_a heads | K_a ~heads)", False)]:
        task = PlanningTask("looking", model, [peek(TWO_TYPES)], parse_formula(goal))
        expected = "true" if (kind == "Partially") == partially else "false"
        assert ours(task, ["peek"]) == expected
        assert validated(tmp_path, task, ["peek"]) == expected


def test_two_types_are_an_if_and_its_else_and_a_type_listed_twice_takes_where_it_is_first():
    domain = " ".join(to_epddl(PlanningTask("looking", coin(), [peek(TWO_TYPES)], TOP)).domain.split())
    assert "(:and (a obs-Fully) (b (if (and (b_away) (not (a_looks))) obs-Oblivious else obs-Partially)))" in domain


def test_more_types_are_a_chain_whose_last_is_taken_where_no_other_is():
    options = (("Fully", Atom("b_looks")), ("Partially", parse_formula("B_b a_looks")), ("Fully", Atom("b_looks")),
               ("Oblivious", TOP), ("Fully", TOP))
    domain = " ".join(to_epddl(PlanningTask("looking", coin(), [peek(options)], TOP)).domain.split())
    assert ("(b (if (or (b_looks) (and (b_looks) (not (b_looks)) (not ([b] (a_looks))))) obs-Fully "
            "else-if (and ([b] (a_looks)) (not (b_looks))) obs-Partially else obs-Oblivious))") in domain
    # one type, under a condition: EPDDL gives it everywhere, where apply refuses the action
    one = " ".join(to_epddl(PlanningTask("looking", coin(), [peek((("Fully", Atom("b_looks")),))], TOP)).domain.split())
    assert "(:and (a obs-Fully) (b obs-Fully))" in one


SMALL_ATOMS = ["p", "q", "r"]


@st.composite
def small_tasks(draw):
    """A random S5 model over 2 agents and 2-3 atoms, random announcements, a goal and some plans."""
    atoms = SMALL_ATOMS[:draw(st.integers(2, 3))]
    count = draw(st.integers(1, 4))
    worlds = {f"w{n}": {atom for atom in atoms if draw(st.booleans())} for n in range(count)}
    relations = {}
    for agent in (A, B):   # a partition: each world in the block of some world before it, or its own
        block = [draw(st.integers(0, n)) for n in range(count)]
        for n in range(count):
            block[n] = n if block[n] == n else block[block[n]]
        relations[agent] = [(f"w{m}", f"w{n}") for m in range(count) for n in range(count) if block[m] == block[n]]
    actual = draw(st.lists(st.sampled_from(sorted(worlds)), min_size=1, max_size=2, unique=True))
    model = KripkeModel.from_relations([A, B], worlds, relations, actual=actual)
    assert all(model.is_equivalence(agent) for agent in (A, B))
    literal = st.sampled_from(atoms).map(Atom) | st.sampled_from(atoms).map(lambda a: ~Atom(a))

    def compound(inner):
        agents = st.sampled_from([A, B])
        return st.one_of(inner.map(lambda f: ~f), st.tuples(inner, inner).map(lambda p: p[0] & p[1]),
                         st.tuples(inner, inner).map(lambda p: p[0] | p[1]),
                         st.tuples(agents, inner).map(lambda p: parse_formula(f"B_{p[0].name} ({p[1]})")),
                         st.tuples(agents, inner).map(lambda p: parse_formula(f"M_{p[0].name} ({p[1]})")),
                         inner.map(lambda f: parse_formula(f"CB_{{a,b}} ({f})")))

    formulas = st.recursive(literal, compound, max_leaves=4)
    # announcements, and changes of an atom that both agents see, or a alone (b believes nothing changed)
    kinds = st.sampled_from(["[!{1}]", "[!{1}]_{{a}}", "[!{1}]_{{b}}", "[?{1}]_{{a}}", "[?{1}]_{{a,b}}",
                             "[(f {{{0} := {1}}}; a: {{f}}; b: {{f}}), f]",
                             "[(f: {1} {{{0} := ~{0}}}, s; a: {{f}} {{s}}; b: f -> s, s -> s), f]"])
    texts = draw(st.lists(st.tuples(kinds, st.sampled_from(atoms), formulas).map(lambda p: p[0].format(p[1], p[2])),
                          min_size=1, max_size=3, unique=True))
    task = task_from_model(model, texts, draw(formulas), name="random")
    plans = draw(st.lists(st.lists(st.sampled_from(texts), min_size=1, max_size=3), min_size=1, max_size=2))
    return task, plans


@needs_plank
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(small_tasks())
def test_random_small_tasks_read_back_by_plank_agree_on_every_plan(tmp_path, example):
    task, plans = example
    for plan in plans:
        assert validated(tmp_path, task, plan) == ours(task, plan), plan


def test_the_problem_writes_the_initial_state_out():
    files = to_epddl(coin_task())
    problem = " ".join(files.problem.split())
    assert ":worlds (heads tails)" in problem
    assert ":relations (alice (:and (heads heads) (heads tails) (tails heads) (tails tails)) " in problem
    assert ":labels (heads (heads)) :designated (heads))" in problem
    assert "(:goal ([alice] (heads)))" in problem
    assert ":multi-pointed-models" not in problem
    assert ":multi-pointed-models" in to_epddl(coin_task(actual=("heads", "tails"))).problem


def test_what_holds_no_pair_and_where_no_atom_holds_are_left_out():
    model = KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v")], B: []}, actual="w",
                                       reflexive=False, symmetric=True)
    blind = EventModel([A, B], [Event("e", Atom("p"))], {A: [("e", "e")], B: []}, ["e"])
    files = to_epddl(task_from_model(model, [("blind", blind)], "B_b bot"))
    problem, library = " ".join(files.problem.split()), " ".join(files.library.split())
    assert ":relations (a (:and (w v) (v w))) :labels (w (p)) :designated (w))" in problem
    assert ":observability-types (obs-a obs-b) :relations (obs-a (?e0 ?e0)) :designated (?e0)" in library
    assert "(:predicates (p))" in files.domain
    nothing = KripkeModel.from_relations([A, B], {"w": set()}, {}, actual="w", reflexive=True)
    assert "(:predicates" not in to_epddl(task_from_model(nothing, ["[!top]"], "top")).domain


def test_an_atom_assigned_and_added_or_removed_takes_its_assignment_as_the_update_does():
    change = Event("f", adds={"heads", "opened"}, removes={"shut"}, assign={"heads": ~Atom("heads"), "shut": TOP})
    turn = EventModel([A, B], [change], {A: [("f", "f")], B: [("f", "f")]}, ["f"])
    task = task_from_model(coin(), [("turn", turn)], "~heads & opened & shut")
    assert ours(task, ["turn"]) == "true"
    domain = " ".join(to_epddl(task).domain.split())
    assert "(:event turn-f :effects (:and (iff (not (heads)) (heads)) (opened) (shut)))" in domain


def test_the_domain_writes_each_event_and_the_library_each_shape_once():
    files = to_epddl(coin_task())
    domain = " ".join(files.domain.split())
    assert "(:event turn-f :effects (:and (iff (not (heads)) (heads)) (opened)))" in domain
    assert "(:event whisper-skip)" in domain and "(:event whisper-told :precondition (heads))" in domain
    assert "(:event flip-flip :effects (iff (not (heads)) (heads)))" in domain
    assert f"(:action-type-libraries {files.library_name})" in domain
    # whisper and the secret flip are one type (told or flip, and skip, which bob takes it for);
    # tell, turn and [!~heads] another (one event everyone sees); look, peek and ask one each
    library = " ".join(files.library.split())
    assert library.count("(:action-type ") == 5
    assert dict(files.actions)["look"] == "look_now" and dict(files.actions)["[!~heads]"] == "heads-2_now"
    assert files.plan(["look", "[!~heads]"]) == ["look_now", "heads-2_now"]  # the world heads has heads


def test_names_that_are_no_identifiers_are_renamed_apart_and_said():
    model = KripkeModel.from_relations([A, Agent("1"), Agent("All")], {"w": {"p'", "p", "imply", "x_1"}}, {},
                                       actual="w", reflexive=True)
    files = to_epddl(task_from_model(model, ["[!p']"], "p & imply"))
    assert dict(files.atoms) == {"imply": "imply-2", "p": "p", "p'": "p-2", "x_1": "x_1"}
    assert dict(files.agents) == {"1": "agent-1", "All": "All-2", "a": "a"}
    assert "; atom p-2: p'" in files.domain and "; agent agent-1: 1" in files.domain
    assert "; action p_now: [!p']" in files.domain
    assert identifier("[!p & q]_{a}") == "p-q-a"


@pytest.mark.parametrize("goal, message", [
    ("D_{a,b} heads", r"^EPDDL has no distributed knowledge: D_\{a,b\} heads cannot be written$"),
    ("[!heads] K_a heads", r"^EPDDL has no public announcement modality: \[!heads\] K_a heads cannot be written$"),
    ("K_a [?heads]_{b} top", r"^EPDDL has no semi-private announcement modality: \[\?heads\]_\{b\} top cannot be written$"),
    ("[(e: heads; a: {e}; b: {e}), e] heads", r"^EPDDL has no event model modality"),
    ("K_a P_b(heads) >= 1/2", r"^EPDDL has no probabilities: P_b\(heads\) >= 1/2 cannot be written$"),
    ("C^{9/10}_{a,b} heads", r"^EPDDL has no common p-belief: C\^\{9/10\}_\{a,b\} heads cannot be written$"),
])
def test_what_epddl_cannot_say_is_refused_in_one_line(tmp_path, goal, message):
    task = task_from_model(coin(), ["[!heads]"], goal)
    with pytest.raises(FormulaError, match=message):
        write_epddl(task, tmp_path / "d.epddl", tmp_path / "p.epddl")
    assert list(tmp_path.iterdir()) == []


def test_a_precondition_given_as_a_function_is_refused():
    # an action's preconditions are formulas, which can be written out and explained
    with pytest.raises(ModelError, match=r"^odd: the precondition of e is a formula \(a function cannot be written"):
        Action("odd", (Event("e", lambda model, world: True),), (("all", (("e", "e"),)),), ("e",),
               ((A, (("all", TOP),)), (B, (("all", TOP),))))


def test_a_world_labelled_with_what_is_no_atom_is_refused():
    model = KripkeModel.from_relations([A, B], {"w": {("a", 2)}}, {}, actual="w", reflexive=True)
    with pytest.raises(ModelError, match=r"^world 'w' of the initial state holds \('a', 2\), which is not an atom's name"):
        to_epddl(PlanningTask("odd", model, [], TOP))


def test_the_pairs_are_counted_before_anything_is_written(monkeypatch):
    monkeypatch.setattr("epistemic.epddl.writer.MAX_PAIRS", 7)
    with pytest.raises(ModelError, match="hold 8 pairs of worlds, more than the 7"):
        to_epddl(coin_task())
    monkeypatch.setattr("epistemic.epddl.writer.MAX_PAIRS", 8)
    assert isinstance(to_epddl(coin_task()), EpddlFiles)


def test_a_formula_too_large_to_write_is_refused_before_it_is_written(monkeypatch):
    monkeypatch.setattr("epistemic.epddl.writer.MAX_WRITTEN", 30)
    # each <-> writes both sides twice: 4 nested are 1 + 2 (1 + 2 (1 + 2 (1 + 2 * 2))) = 43 parts
    deep = parse_formula("((((heads <-> heads) <-> heads) <-> heads) <-> heads)")
    with pytest.raises(FormulaError, match="written out has .* parts, more than the 30"):
        to_epddl(task_from_model(coin(), [], deep))


def test_files_are_written_whole_or_not_at_all(tmp_path):
    task = coin_task()
    domain, problem = tmp_path / "coin.epddl", tmp_path / "coin-problem.epddl"
    files = write_epddl(task, domain, problem)
    assert domain.read_text() == files.domain and problem.read_text() == files.problem
    assert (tmp_path / "coin-types.epddl").read_text() == files.library
    assert write_epddl(task, domain, problem, tmp_path / "lib.epddl").library == (tmp_path / "lib.epddl").read_text()
    os.mkfifo(tmp_path / "pipe")
    fresh = tmp_path / "fresh.epddl"
    with pytest.raises(DestinationError, match=r"cannot write .*pipe.*: not a regular file but a named pipe"):
        write_epddl(task, fresh, tmp_path / "pipe")
    with pytest.raises(DestinationError, match="not a regular file but a character device"):
        write_epddl(task, fresh, problem, "/dev/null")
    with pytest.raises(DestinationError, match="the file is asked for twice"):
        write_epddl(task, fresh, fresh)
    assert not fresh.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["coin-problem.epddl", "coin-types.epddl", "coin.epddl",
                                                          "lib.epddl", "pipe"]


def test_a_link_stays_a_link_and_the_file_it_names_is_written(tmp_path):
    target = tmp_path / "real.epddl"
    target.write_text("old")
    (tmp_path / "link.epddl").symlink_to(target)
    files = write_epddl(coin_task(), tmp_path / "link.epddl", tmp_path / "p.epddl")
    assert (tmp_path / "link.epddl").is_symlink() and target.read_text() == files.domain


def test_only_a_planning_task_is_written():
    with pytest.raises(ModelError, match="to_epddl writes a PlanningTask"):
        to_epddl(coin())

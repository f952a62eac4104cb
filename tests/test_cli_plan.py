"""``epistemic plan``: a shortest plan from EPDDL files or from a model, a plan checked step by step,
the task written out as EPDDL and read back, bounds that stop a search with what it explored, and every
fault one line with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_runs import run

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

# a secret p that a alone knows; a may tell it to b privately (c sees nothing), or to everybody
DOMAIN = """
(define (domain secret)
  (:requirements :partial-observability :modal-preconditions :negative-obs-conditions :knowing-whether :lists
   :list-comprehensions :equality)
  (:action-type-libraries intermediate)
  (:predicates (p))
  (:event nil)
  (:event said :parameters (?i - agent) :precondition (and (p) ([?i] (p))))
  (:action tell :parameters (?i ?j - agent | (/= ?i ?j))
    :action-type (private-announcement (said ?i) (nil))
    :observability-conditions (:and (?i Fully) (?j Fully) (default Oblivious)))
  (:action shout :parameters (?i - agent)
    :action-type (public-announcement (said ?i) (nil))))
"""

PROBLEM = """
(define (problem b-alone) (:domain secret)
  (:requirements :finitary-S5-theories :modal-goals :knowing-whether :lists :negative-goals)
  (:agents a b c)
  (:init (:and (p) ([C. All] ([Kw. a] (p)))))
  (:goal (and ([b] (p)) (not ([Kw. c] (p))))))
"""


@pytest.fixture
def task(tmp_path):
    (tmp_path / "secret.epddl").write_text(DOMAIN, encoding="utf-8")
    (tmp_path / "b-alone.epddl").write_text(PROBLEM, encoding="utf-8")
    return str(tmp_path / "secret.epddl"), str(tmp_path / "b-alone.epddl")


def test_the_search_finds_the_one_step_plan_and_says_what_it_explored(capsys, task):
    code, out, err = run(capsys, "plan", *task)
    assert code == 0, err
    # telling b privately is the only way: a shout would let c know too
    assert "plan of 1 action" in out and "1. tell_a_b" in out
    code, out, _ = run(capsys, "plan", *task, "--json")
    found = json.loads(out)["search"]
    assert found["plan"] == ["tell_a_b"] and found["stop"] == "found"
    assert found["plan_sizes"][0] == 2 and found["expanded"] >= 1 and found["seen"] >= 2


def test_a_valid_plan_is_checked_step_by_step_and_its_goal_explained(capsys, task):
    code, out, err = run(capsys, "plan", "validate", *task, "--actions", "tell_a_b")
    assert code == 0, err
    assert "the plan of 1 step reaches the goal" in out
    assert "1. tell_a_b: applicable" in out
    assert "goal " in out and "holds" in out


def test_a_plan_that_misses_the_goal_says_why(capsys, task):
    code, out, _ = run(capsys, "plan", "validate", *task, "--actions", "shout_a")
    assert code == 0
    assert "does not reach the goal" in out
    # c heard the shout: c knows whether p, which the goal forbids
    assert "B_c p" in out


def test_a_refused_step_names_its_world_and_the_reason(capsys, task):
    # b does not know p, so b cannot say it
    code, out, _ = run(capsys, "plan", "validate", *task, "--actions", "tell_b_c", "--json")
    assert code == 0
    check = json.loads(out)["check"]
    assert check["refused_step"] == 1 and check["goal_holds"] is None
    refusal = check["steps"][0]["refusals"][0]
    assert [e["event"] for e in refusal["events"]] == ["pos"] and refusal["events"][0]["reason"], refusal
    code, out, _ = run(capsys, "plan", "validate", *task, "--actions", "tell_b_c")
    assert "1. tell_b_c: not applicable" in out and "B_b p is false" in out


def test_a_bound_stops_the_search_and_says_what_it_explored(capsys, tmp_path):
    (tmp_path / "secret.epddl").write_text(DOMAIN, encoding="utf-8")
    # a goal no plan reaches: c must know p while b must not, yet only a knows and tells
    (tmp_path / "never.epddl").write_text(PROBLEM.replace("(and ([b] (p)) (not ([Kw. c] (p))))",
                                                          "(and ([c] (p)) (not ([a] (p))))"), encoding="utf-8")
    code, out, _ = run(capsys, "plan", str(tmp_path / "secret.epddl"), str(tmp_path / "never.epddl"), "--json")
    assert code == 0 and json.loads(out)["search"]["stop"] == "exhausted"
    code, _, err = run(capsys, "plan", str(tmp_path / "secret.epddl"), str(tmp_path / "never.epddl"),
                       "--draw", str(tmp_path / "last.dot"))
    assert code == 0 and "no plan was found, so there is no last state to draw" in err
    assert not (tmp_path / "last.dot").exists()
    code, out, _ = run(capsys, "plan", str(tmp_path / "secret.epddl"), str(tmp_path / "never.epddl"),
                       "--max-states", "2")
    assert code == 0 and "stopped at the bound on states seen" in out and "seen 2" in out


def test_a_model_of_our_own_plans_and_is_written_as_epddl_that_reads_back(capsys, tmp_path):
    model = str(EXAMPLES / "muddy-children.json")
    nobody = "nobody=[!~(K_c1 m1 | K_c1 ~m1) & ~(K_c2 m2 | K_c2 ~m2) & ~(K_c3 m3 | K_c3 ~m3)]"
    acts = ["--act", nobody, "--act", "tell=[!m3]_{c3}"]
    code, out, err = run(capsys, "plan", "--model", model, *acts, "--goal", "K_c1 m1 & K_c2 m2")
    assert code == 0, err
    # the muddy children: after one round of "nobody knows", both muddy children know
    assert "plan of 1 action" in out and "1. nobody" in out
    domain, problem = str(tmp_path / "mc.epddl"), str(tmp_path / "mc-problem.epddl")
    code, _, err = run(capsys, "plan", "--model", model, *acts, "--goal", "K_c1 m1 & K_c2 m2",
                       "--export-epddl", domain, problem)
    assert code == 0 and "wrote" in err
    code, out, err = run(capsys, "plan", domain, problem, "-l", str(tmp_path / "mc-types.epddl"), "--json")
    assert code == 0, err
    assert len(json.loads(out)["search"]["plan"]) == 1


def test_the_last_state_is_drawn(capsys, task, tmp_path):
    drawing = tmp_path / "last.dot"
    code, _, err = run(capsys, "plan", *task, "--draw", str(drawing))
    assert code == 0, err
    text = drawing.read_text(encoding="utf-8")
    # after a private announcement the relations are beliefs, and the goal reads so
    assert "digraph" in text and "B_b p &amp; ~(B_c p | B_c ~p) is true there" in text


@pytest.mark.parametrize("argv, says", [
    (["plan"], "give a domain and a problem"),
    (["plan", "only.epddl"], "give a domain and a problem"),
    (["plan", "validate", "{d}", "{p}"], "give it with --actions"),
    (["plan", "{d}", "{p}", "--actions", "tell_a_b"], "--actions is the plan validate checks"),
    (["plan", "validate", "{d}", "{p}", "--actions", "tell_a_z"], "no action named 'tell_a_z'"),
    (["plan", "--model", "m.json"], "--model needs the actions"),
    (["plan", "{d}", "{p}", "--goal", "p"], "--act, --goal and --events go with --model"),
    (["plan", "{d}", "{p}", "--max-seconds", "0"], "--max-seconds must be a positive number"),
    (["plan", "{d}", "missing.epddl"], "missing.epddl: cannot read the problem: No such file or directory"),
    (["plan", "missing.epddl", "{p}"], "missing.epddl: cannot read the domain: No such file or directory"),
    (["plan", "{p}", "{p}"], "expected a domain, this file defines a problem"),
    (["plan", "{d}", "{p}", "--draw", "last.txt"], "last.txt"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, task, argv, says):
    argv = [a.format(d=task[0], p=task[1]) for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert says in err and len(err.strip().splitlines()) == 1, err


def test_an_action_type_no_library_named_defines_is_one_line(capsys, task):
    Path(task[0]).write_text(DOMAIN.replace("(:action-type-libraries intermediate)", "(:action-type-libraries basic)"),
                             encoding="utf-8")
    code, out, err = run(capsys, "plan", *task)
    assert code == 2 and out == ""
    assert err.strip().endswith(":10:19: undeclared action type private-announcement: not in the libraries the domain names (basic)")


def test_a_fault_in_a_file_names_its_line_and_column(capsys, task):
    Path(task[1]).write_text(PROBLEM.replace("(:agents a b c)", "(:agents a b c"), encoding="utf-8")
    code, out, err = run(capsys, "plan", *task)
    assert code == 2 and out == ""
    assert err.startswith("epistemic plan: error: ") and f"{task[1]}:" in err
    assert len(err.strip().splitlines()) == 1

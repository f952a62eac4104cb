"""The EPDDL examples of docs/examples/planning: each reads without a warning, and each is solved with
a plan as short as the shortest known (docs/examples/planning/instances.json), which the search checks
step by step; the larger ones are measured by benchmarks/planning.py instead of here."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from epistemic.epddl import read_task
from epistemic.planning import Stop, search, validate

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "examples" / "planning"
INSTANCES = json.loads((FOLDER / "instances.json").read_text(encoding="utf-8"))
# searched by benchmarks/planning.py, each taking more than a second here
LARGER = {("blocks-world", "problem_4.epddl"), ("blocks-world", "problem_5.epddl"), ("blocks-world", "problem_6.epddl"),
          ("coin-in-the-box", "problem_5.epddl"), ("collaboration-through-communication", "problem_2.epddl"),
          ("collaboration-through-communication", "problem_3.epddl"),
          ("collaboration-through-communication", "problem_4.epddl"), ("gossip", "problem_3.epddl"),
          ("grapevine", "problem_2.epddl"), ("grapevine", "problem_3.epddl"), ("grapevine", "problem_4.epddl"),
          ("selective-communication", "problem_3.epddl"), ("selective-communication", "problem_4.epddl")}


def _task(entry):
    folder = FOLDER / entry["domain"]
    return read_task(folder / "domain.epddl", folder / entry["problem"])


@pytest.mark.parametrize("entry", INSTANCES, ids=[f"{e['domain']}/{e['problem']}" for e in INSTANCES])
def test_each_example_reads_without_a_warning(entry):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        task = _task(entry)
    assert task.actions and task.initial.actual


QUICK = [e for e in INSTANCES if (e["domain"], e["problem"]) not in LARGER]


@pytest.mark.parametrize("entry", QUICK, ids=[f"{e['domain']}/{e['problem']}" for e in QUICK])
def test_each_example_is_solved_with_a_shortest_plan(entry):
    # instances.json: the shortest length known, from plank's BFS and, where its plan was not the
    # shortest (coin-in-the-box 3 to 5), from shorter plans plank validate accepts
    task = _task(entry)
    found = search(task, progress=False)
    if entry["shortest_length"] is None:
        assert found.stop is Stop.EXHAUSTED
        return
    assert found.stop is Stop.FOUND and len(found.plan) == entry["shortest_length"], found.plan
    assert validate(task, found.plan).valid
    given = entry.get("plank_bfs", {}).get("plan")
    if given and len(given) == entry["shortest_length"]:
        # plank's own plan, as long as ours, is a plan here too
        assert validate(task, given).valid

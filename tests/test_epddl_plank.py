"""plank's benchmarks read, ground and plan as plank does.

plank (Burigana and Fabiano's EPDDL toolkit) ships ten domains with 19
instances, two action-type libraries and a test task under ``benchmarks/``.
They are read from the directory ``EPISTEMIC_PLANK_REPO`` names (a checkout,
or a folder holding plank's ``benchmarks/``), else from the mirror of plank's
repository at the pinned commit, extracted with ``git archive``; the tests are
skipped only when neither is there.  The plans are those plank's
``bfs_planner`` found and ``plank validate`` accepted (commit 802df67).
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import tarfile
import io
import warnings

import pytest

from epistemic import holds
from epistemic.epddl import read_task
from epistemic.planning import applicable, apply

MIRROR = pathlib.Path("/work/.mirror/a-burigana+plank/repo")
COMMIT = "802df67"

# (instance, agents, ground actions, worlds of the initial state, designated worlds)
INSTANCES = [
    ("Active-Muddy-Child/instances/problem_1.epddl", 5, 5, 31, 1),
    ("Blocks-World/instances/problem_1.epddl", 1, 196, 1, 1),
    *[(f"Coin-in-the-Box/instances/problem_{i}.epddl", 3, 21, 2, 1) for i in range(1, 6)],
    *[(f"Collaboration-through-Communication/instances/cc_2_2_3/problem_{i}.epddl", 2, 28, 16, 1)
      for i in range(1, 7)],
    ("Consecutive-Numbers/instances/cn5.epddl", 2, 2, 7, 2),
    ("Gossip/instances/problem_1.epddl", 3, 6, 8, 1),
    ("Grapevine/instances/problem_1.epddl", 3, 15, 8, 1),
    ("N-Consecutive-Numbers/instances/ncn-1.epddl", 3, 6, 9, 1),
    ("Selective-Communication/instances/problem_1.epddl", 5, 20, 2, 1),
    ("Tiger/instances/problem_1.epddl", 1, 22, 20480, 1024),
]

# plans plank's bfs_planner found; plank validate prints true for each
PLANS = [
    ("Active-Muddy-Child/instances/problem_1.epddl", "ask_Child2 ask_Child3"),
    ("Blocks-World/instances/problem_1.epddl", "move_b2_b1_b3 move_b4_c3_b1 move_b2_b3_b4 move_b3_c2_b2"),
    ("Coin-in-the-Box/instances/problem_1.epddl", "open_A peek_A"),
    ("Coin-in-the-Box/instances/problem_2.epddl", "open_A peek_A signal_A_B shout-tails_A"),
    ("Coin-in-the-Box/instances/problem_3.epddl", "open_A peek_A signal_A_B signal_A_C shout-tails_A"),
    ("Collaboration-through-Communication/instances/cc_2_2_3/problem_1.epddl",
     "left_A left_B sense_A_box1_room1 tell_A_box1_room1"),
    ("Collaboration-through-Communication/instances/cc_2_2_3/problem_2.epddl",
     "left_A left_B sense_A_box1_room1 sense_B_box2_room1"),
    ("Collaboration-through-Communication/instances/cc_2_2_3/problem_3.epddl",
     "right_A right_B sense_A_box2_room3 tell_A_box2_room3"),
    ("Collaboration-through-Communication/instances/cc_2_2_3/problem_4.epddl",
     "left_A sense_A_box2_room1 right_A tell_A_box2_room3"),
    ("Consecutive-Numbers/instances/cn5.epddl", "ann_B_A ann_A_B ann_B_A"),
    ("Coin-in-the-Box/instances/problem_4.epddl", "open_A peek_A signal_A_B shout-tails_A distract_B_A peek_C"),
    ("Coin-in-the-Box/instances/problem_5.epddl", "open_A peek_A signal_A_B signal_A_C shout-tails_A"),
    ("Collaboration-through-Communication/instances/cc_2_2_3/problem_5.epddl",
     "left_B right_A sense_A_box2_room3 sense_B_box1_room1 sense_B_box2_room1"),
    ("Collaboration-through-Communication/instances/cc_2_2_3/problem_6.epddl",
     "left_B right_A sense_A_box1_room3 sense_A_box2_room3 sense_B_box1_room1 sense_B_box2_room1"),
]

# plans plank validate prints false for, with the step (from 1) at which plank and our actions
# refuse them ("not applicable in ..."), or None
# where every step is applicable and the goal does not hold at the end
REFUSED = [
    ("Coin-in-the-Box/instances/problem_1.epddl", "peek_A open_A", 1),
    ("Coin-in-the-Box/instances/problem_2.epddl", "open_A signal_B_A", 2),
    ("Blocks-World/instances/problem_1.epddl", "move_b1_c1_b2", 1),
    ("Collaboration-through-Communication/instances/cc_2_2_3/problem_1.epddl", "left_A left_A", 2),
    ("Consecutive-Numbers/instances/cn5.epddl", "ann_A_B", None),
    # the solution the instance's comment gives
    ("Selective-Communication/instances/problem_1.epddl", "right_A left_C sense_C tell_C", None),
]


@pytest.fixture(scope="module")
def benchmarks(tmp_path_factory) -> pathlib.Path:
    given = os.environ.get("EPISTEMIC_PLANK_REPO")
    if given:
        folder = pathlib.Path(given) / "benchmarks"
        assert folder.is_dir(), f"EPISTEMIC_PLANK_REPO={given} holds no benchmarks/ folder"
        return folder
    if not MIRROR.is_dir() or shutil.which("git") is None:
        pytest.skip(f"neither EPISTEMIC_PLANK_REPO nor plank's mirror ({MIRROR}) is there")
    archive = subprocess.run(["git", "-C", str(MIRROR), "archive", COMMIT, "benchmarks"], check=True,
                             capture_output=True).stdout
    target = tmp_path_factory.mktemp("plank")
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")
    return target / "benchmarks"


def _task(benchmarks: pathlib.Path, instance: str):
    domain_folder = benchmarks / "domains" / instance.split("/")[0]
    (domain,) = domain_folder.glob("*.epddl")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return read_task(domain, benchmarks / "domains" / instance)


@pytest.mark.parametrize(("instance", "agents", "actions", "worlds", "designated"), INSTANCES,
                         ids=[i[0].split("/")[0] + "/" + i[0].split("/")[-1] for i in INSTANCES])
def test_every_instance_reads_and_grounds(benchmarks, instance, agents, actions, worlds, designated):
    task = _task(benchmarks, instance)
    assert len(task.initial.agents) == agents
    assert len(task.actions) == actions
    assert len(task.initial.worlds) == worlds
    assert len(task.initial.actual) == designated


@pytest.mark.parametrize(("instance", "plan"), PLANS)
def test_plank_plans_reach_the_goal(benchmarks, instance, plan):
    task = _task(benchmarks, instance)
    state = task.initial
    steps = plan.split()
    for step in steps:
        assert applicable(state, task.action(step)), step
        state = apply(state, task.action(step))
    assert holds(state, task.goal)


@pytest.mark.parametrize(("instance", "plan", "refused_at"), REFUSED)
def test_plans_plank_refuses_are_refused(benchmarks, instance, plan, refused_at):
    task = _task(benchmarks, instance)
    state = task.initial
    for number, step in enumerate(plan.split(), start=1):
        if not applicable(state, task.action(step)):
            assert number == refused_at
            return
        state = apply(state, task.action(step))
    assert refused_at is None
    assert not holds(state, task.goal)


def test_grapevine_binds_an_events_parameters_to_what_the_action_passes(benchmarks):
    # (tell ?i ?j) passes ?j to (e-tell ?i): tell_A_C announces C's secret.  plank validate
    # accepts "tell_C_A right_C tell_A_A tell_B_A" and refuses the plan below, as though
    # e-tell's ?i were the action's; here the event's parameter is what the action passes.
    task = _task(benchmarks, "Grapevine/instances/problem_1.epddl")
    state = task.initial
    for step in "tell_A_C right_C tell_A_A tell_A_B".split():
        state = apply(state, task.action(step))
    assert holds(state, task.goal)


@pytest.mark.parametrize("library", ["basic", "intermediate"])
def test_plank_libraries_read_and_serve_as_ours(benchmarks, library):
    instance = {"basic": "Blocks-World/instances/problem_1.epddl",
                "intermediate": "Coin-in-the-Box/instances/problem_1.epddl"}[library]
    domain_folder = benchmarks / "domains" / instance.split("/")[0]
    (domain,) = domain_folder.glob("*.epddl")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = read_task(domain, benchmarks / "domains" / instance, [benchmarks / "libraries" / f"{library}.epddl"])
    ours = _task(benchmarks, instance)
    assert [a.name for a in theirs.actions] == [a.name for a in ours.actions]
    for mine, other in zip(ours.actions, theirs.actions):
        assert dict(mine.relations) == dict(other.relations)
        assert mine.designated == other.designated


def test_plank_test_task_reads(benchmarks):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        task = read_task(benchmarks / "tests" / "domain.epddl", benchmarks / "tests" / "problem.epddl")
    assert [a.name for a in task.actions] == ["act_A"]
    # the theory fixes every atom: one world
    assert len(task.initial.worlds) == 1

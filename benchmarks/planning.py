"""Time and peak memory of the planner: states expanded and seen, per task, beside plank's figures.

Run ``python benchmarks/planning.py`` (``--repeat 5`` for medians).  Each
case runs in a fresh process: it builds its task, then searches it.  The
cases are the hand-built tasks of :mod:`epistemic.planning.examples`, each
breadth-first, and a few with A* and greedy best-first as well.

EPDDL instances are added with :func:`epddl_case` (in :data:`CASES`), or by
naming a JSON file in the environment variable
``EPISTEMIC_PLANNING_INSTANCES``: a list of objects with ``domain``,
``problem`` and ``libraries`` (paths, relative to the file) and
optionally ``name``.  Such a case also runs plank's BFS planner on the same
files when it is found (``PLANK_BFS_PLANNER``, by default
``/tmp/plank-src/build/bfs_planner``), after our search, and reports its CPU
seconds, its peak memory and the length of its plan; plank's figures are
the child process's, ours the case's process's.
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
from collections.abc import Callable
from pathlib import Path

from harness import main

from epistemic.planning import PlanningTask, search
from epistemic.planning.examples import EXAMPLES, muddy_children

#: plank's breadth-first planner, where it was built.
PLANK = os.environ.get("PLANK_BFS_PLANNER", "/tmp/plank-src/build/bfs_planner")
#: What a plank case may take; past it, plank's columns say so.
PLANK_SECONDS = 600


def task_case(name: str, factory: Callable[[], PlanningTask] | str, strategy: str = "breadth-first") -> tuple:
    """A case of a task made by ``factory`` (or the name of a hand-built task)."""
    return name, {"factory": factory, "strategy": strategy}


def epddl_case(name: str, domain: str, problem: str, libraries=(), strategy: str = "breadth-first") -> tuple:
    """A case of an EPDDL instance: read with :func:`epistemic.epddl.read_task`, and given to plank too."""
    return name, {"epddl": (str(domain), str(problem), tuple(str(lib) for lib in libraries)), "strategy": strategy}


def _instances() -> list[tuple]:
    listed = os.environ.get("EPISTEMIC_PLANNING_INSTANCES")
    if not listed:
        return []
    folder = Path(listed).parent
    cases = []
    for entry in json.loads(Path(listed).read_text(encoding="utf-8")):
        domain, problem = folder / entry["domain"], folder / entry["problem"]
        name = entry.get("name") or f"{domain.parent.name}/{problem.stem}"
        cases.append(epddl_case(name, domain, problem, [folder / lib for lib in entry.get("libraries", ())]))
    return cases


CASES = [task_case(name, name) for name in EXAMPLES] + [
    task_case("coin-all, A*", "coin-all", "astar"),
    task_case("coin-all, greedy", "coin-all", "greedy"),
    task_case("muddy-8-8", lambda: muddy_children(8, 8)),
] + _instances()


def run_case(spec: dict) -> dict:
    if "epddl" in spec:
        from epistemic.epddl import read_task     # the EPDDL reader: only the cases that need it import it
        domain, problem, libraries = spec["epddl"]
        task = read_task(domain, problem, libraries)
    else:
        factory = spec["factory"]
        task = (EXAMPLES[factory] if isinstance(factory, str) else factory)()
    result = search(task, strategy=spec["strategy"], progress=False)
    out = {"strategy": spec["strategy"], "plan": "-" if result.plan is None else str(len(result.plan)),
           "expanded": result.expanded, "seen": result.seen, "largest": result.largest,
           "plank_cpu": "-", "plank_mib": "-", "plank_plan": "-"}
    if "epddl" in spec and Path(PLANK).is_file():
        out.update(_plank(*spec["epddl"]))
    return out


def _plank(domain: str, problem: str, libraries: tuple[str, ...]) -> dict:
    """plank's BFS on the same files: its CPU seconds, peak memory and plan length."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [PLANK, "-d", domain, "-p", problem] + [arg for lib in libraries for arg in ("-l", lib)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=PLANK_SECONDS)
    except subprocess.TimeoutExpired:
        return {"plank_cpu": f">{PLANK_SECONDS}", "plank_mib": "-", "plank_plan": "timeout"}
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    found = re.search(r"Plan found:(.*)", done.stdout, re.DOTALL)
    if found:
        plan = str(len(re.findall(r"^\s*\d+\.\s+\S+", found.group(1), re.MULTILINE)))
    else:
        plan = "none" if "No plan found" in done.stdout else "?"
    # the largest resident size of any child so far: plank's, as it is the one child
    return {"plank_cpu": f"{cpu:.2f}", "plank_mib": f"{after.ru_maxrss / 1024:.0f}", "plank_plan": plan}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("strategy", "strategy", ""), ("plan", "plan", ""), ("expanded", "expanded", ",d"), ("seen", "seen", ",d"),
          ("largest", "largest", ",d"), ("plank_cpu", "plank CPU s", ""), ("plank_mib", "plank MiB", ""),
          ("plank_plan", "plank plan", "")])

"""Time and peak memory of the planner: states expanded and seen, per task, beside plank's figures.

Run ``python benchmarks/planning.py`` (``--repeat 5`` for medians,
``--only plank`` for the cases whose name holds "plank").  Each
case runs in a fresh process: it builds its task, then searches it.  The
cases are the hand-built tasks of :mod:`epistemic.planning.examples`, each
breadth-first, and a few with A* and greedy best-first as well.

Then the EPDDL examples of ``docs/examples/planning`` (its
``instances.json``), and plank's own 19 benchmark instances where they are
found: in the folder ``EPISTEMIC_PLANK_REPO`` names (a checkout of
github.com/a-burigana/plank), else in a mirror of its repository
(``/work/.mirror/a-burigana+plank/repo``, extracted at commit 802df67),
each searched breadth-first and, last in the table, by A* too.
More EPDDL instances are added with :func:`epddl_case`, or by naming a JSON
file in the environment variable ``EPISTEMIC_PLANNING_INSTANCES``: a list
of objects with ``domain``, ``problem`` and ``libraries`` (paths, relative
to the file) and optionally ``name``.

An EPDDL case also runs plank's BFS planner on the same files when it is
found (``PLANK_BFS_PLANNER``, by default
``/tmp/plank-src/build/bfs_planner``), after our search, and reports its CPU
seconds, its peak memory and the length of its plan, beside ours and their
ratio.  "CPU s" and "peak MiB" are ours (the case's process), "ours wall s"
is the wall time of our reading and search alone; plank's figures are its
child process's (CPU and peak resident size, in a process of its own).
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import tarfile
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path

from harness import main

from epistemic.planning import PlanningTask, search
from epistemic.planning.examples import EXAMPLES, muddy_children

#: plank's breadth-first planner, where it was built.
PLANK = os.environ.get("PLANK_BFS_PLANNER", "/tmp/plank-src/build/bfs_planner")
#: GNU time, which measures plank's process.
TIME = "/usr/bin/time"
#: What a plank case may take; past it, plank's columns say so.
PLANK_SECONDS = 300
#: What our search may take in a case; past it, the plan column says max-seconds.
OURS_SECONDS = 1800
#: plank's repository, where its benchmark instances are read from.
PLANK_MIRROR = Path("/work/.mirror/a-burigana+plank/repo")
PLANK_COMMIT = "802df67"
EXAMPLES_FOLDER = Path(__file__).resolve().parent.parent / "docs" / "examples" / "planning"


def task_case(name: str, factory: Callable[[], PlanningTask] | str, strategy: str = "breadth-first") -> tuple:
    """A case of a task made by ``factory`` (or the name of a hand-built task)."""
    return name, {"factory": factory, "strategy": strategy}


def epddl_case(name: str, domain, problem, libraries=(), strategy: str = "breadth-first", *,
               ours_builtin: bool = False) -> tuple:
    """A case of an EPDDL instance: read with :func:`epistemic.epddl.read_task`, and given to plank too
    (with ``libraries``; ours reads its built-in libraries instead where ``ours_builtin``)."""
    return name, {"epddl": (str(domain), str(problem), tuple(str(lib) for lib in libraries)), "strategy": strategy,
                  "builtin": ours_builtin}


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


def _examples() -> list[tuple]:
    """The EPDDL examples of docs/examples/planning, with plank's library files where plank is run."""
    libraries = _plank_benchmarks()
    cases = []
    for entry in json.loads((EXAMPLES_FOLDER / "instances.json").read_text(encoding="utf-8")):
        folder = EXAMPLES_FOLDER / entry["domain"]
        given = [] if libraries is None else [libraries / "libraries" / f"{name}.epddl" for name in entry["libraries"]]
        cases.append(epddl_case(f"{entry['domain']}/{entry['problem'][:-6]}", folder / "domain.epddl",
                                folder / entry["problem"], given, ours_builtin=True))
    return cases


def _plank_benchmarks() -> Path | None:
    """plank's benchmarks/ folder: given, or extracted from the mirror once, or None."""
    given = os.environ.get("EPISTEMIC_PLANK_REPO")
    if given:
        return Path(given) / "benchmarks"
    target = Path(tempfile.gettempdir()) / f"epistemic-plank-{PLANK_COMMIT}"
    if (target / "benchmarks").is_dir():
        return target / "benchmarks"
    if not PLANK_MIRROR.is_dir():
        return None
    archive = subprocess.run(["git", "-C", str(PLANK_MIRROR), "archive", PLANK_COMMIT, "benchmarks"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")
    return target / "benchmarks"


def _plank_instances(strategy: str = "breadth-first") -> list[tuple]:
    """plank's 19 benchmark instances, each with the libraries its domain names, searched by ``strategy``."""
    benchmarks = _plank_benchmarks()
    if benchmarks is None:
        return []
    cases = []
    for problem in sorted((benchmarks / "domains").glob("*/instances/**/*.epddl")):
        folder = problem.parents[1] if problem.parent.name == "instances" else problem.parents[2]
        (domain,) = folder.glob("*.epddl")
        named = re.findall(r"\(:action-type-libraries\s+([^)]*)\)", domain.read_text(encoding="utf-8"))
        libraries = [benchmarks / "libraries" / f"{name}.epddl" for name in " ".join(named).split()]
        name = f"plank {folder.name}/{problem.stem}" + ("" if strategy == "breadth-first" else f", {strategy}")
        cases.append(epddl_case(name, domain, problem, libraries, strategy, ours_builtin=True))
    return cases


CASES = [task_case(name, name) for name in EXAMPLES] + [
    task_case("coin-all, A*", "coin-all", "astar"),
    task_case("coin-all, greedy", "coin-all", "greedy"),
    task_case("muddy-8-8", lambda: muddy_children(8, 8)),
] + _examples() + _plank_instances() + _instances() + _plank_instances("astar")


def run_case(spec: dict) -> dict:
    cpu, wall = time.process_time(), time.perf_counter()
    if "epddl" in spec:
        from epistemic.epddl import read_task     # the EPDDL reader: only the cases that need it import it
        domain, problem, libraries = spec["epddl"]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")     # plank's files leave requirements undeclared
            task = read_task(domain, problem, () if spec.get("builtin") else libraries)
    else:
        factory = spec["factory"]
        task = (EXAMPLES[factory] if isinstance(factory, str) else factory)()
    result = search(task, strategy=spec["strategy"], progress=False, max_seconds=OURS_SECONDS)
    ours_cpu, ours_wall = time.process_time() - cpu, time.perf_counter() - wall
    plan = "-" if result.plan is None else str(len(result.plan))
    out = {"strategy": spec["strategy"], "plan": plan if result.stop.value in ("found", "exhausted")
           else f"{result.stop.value}", "ours_wall": ours_wall,
           "expanded": result.expanded, "seen": result.seen, "largest": result.largest,
           "plank_cpu": "-", "plank_mib": "-", "plank_plan": "-"}
    if "epddl" in spec and Path(PLANK).is_file() and Path(TIME).is_file():
        out.update(_plank(*spec["epddl"]))
        if out["plank_cpu"].replace(".", "", 1).isdigit() and ours_cpu > 0:
            out["ratio"] = f"{ours_cpu / max(float(out['plank_cpu']), 0.005):.1f}"
        elif out["plank_cpu"].startswith(">"):
            out["ratio"] = f"<{ours_cpu / PLANK_SECONDS:.2f}"
    out.setdefault("ratio", "-")
    return out


def _plank(domain: str, problem: str, libraries: tuple[str, ...]) -> dict:
    """plank's BFS on the same files: its CPU seconds, peak memory and plan length, as GNU time reads them
    (the resident size a child reports through getrusage is the parent's own before it executes)."""
    command = [TIME, "-f", "time %U %S %M", PLANK, "-d", domain, "-p", problem]
    command += [arg for lib in libraries for arg in ("-l", lib)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=PLANK_SECONDS)
    except subprocess.TimeoutExpired:
        return {"plank_cpu": f">{PLANK_SECONDS}", "plank_mib": "-", "plank_plan": "timeout"}
    user, system, kib = re.findall(r"^time (\S+) (\S+) (\d+)$", done.stderr, re.MULTILINE)[-1]
    found = re.search(r"Plan found:(.*)", done.stdout, re.DOTALL)
    if found:
        plan = str(len(re.findall(r"^\s*\d+\.\s+\S+", found.group(1), re.MULTILINE)))
    else:
        plan = "none" if "No plan found" in done.stdout else "?"
    return {"plank_cpu": f"{float(user) + float(system):.2f}", "plank_mib": f"{int(kib) / 1024:.0f}",
            "plank_plan": plan}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("strategy", "strategy", ""), ("plan", "plan", ""), ("expanded", "expanded", ",d"), ("seen", "seen", ",d"),
          ("largest", "largest", ",d"), ("ours_wall", "ours wall s", ".2f"), ("plank_cpu", "plank CPU s", ""),
          ("plank_mib", "plank MiB", ""), ("plank_plan", "plank plan", ""), ("ratio", "ours/plank CPU", "")])

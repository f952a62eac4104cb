"""The symbolic engine on the large puzzles: its fast paths against the plain ones, time and peak memory.

Run ``python benchmarks/symbolic.py --repeat 3``.  Each case solves a puzzle
whole on the symbolic engine, each run in a fresh process (its peak memory
the process's, interpreter included).  The ``plain`` cases are the baseline,
measured in the same run: the engine as it was before its fast paths, each
box built as ``u ∨ ¬law`` and then quantified, the value at a state found
by fixing the support of the diagram first, CUDD's table of computed
results at its default size, and the atoms a formula names walked again
after each announcement.  The ``fast`` cases are the engine as it is.  The
muddy children are all muddy (n - 1 rounds of "nobody knows", the longest
story); the puzzles' caps are lifted for the cases past them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import attrs
from harness import main

from epistemic.models.puzzles import dining_cryptographers, muddy_children, solve
from epistemic.symbolic import bdds, checking, structure, updates

# the plain box and value are kept, as the reference the fast ones are tested against, in the tests
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_symbolic_speed import plain_box, plain_value  # noqa: E402

SIZES = {"dining-cryptographers": (300, 350, 500), "muddy-children": (100, 150, 200)}
CASES = [(f"{puzzle}, n = {n}, {path}", {"puzzle": puzzle, "n": n, "path": path})
         for puzzle, sizes in SIZES.items() for n in sizes for path in ("plain", "fast")]


def _plain() -> None:
    """The engine as it was: the plain box and value, the default cache, nothing carried across announcements."""
    checking.box = plain_box
    structure.KnowledgeStructure.value = plain_value
    bdds.LARGE = float("inf")
    updates._ATOMS_NAMED = object()


def run_case(spec: dict) -> dict:
    puzzle, n = spec["puzzle"], spec["n"]
    if spec["path"] == "plain":
        _plain()
    module = dining_cryptographers if puzzle == "dining-cryptographers" else muddy_children
    module.MOST["symbolic"] = max(module.MOST["symbolic"], n)
    module.PARAMETERS = tuple(p if p.name == "seed" else attrs.evolve(p, maximum=max(p.maximum, n))
                              for p in module.PARAMETERS)
    values = {"n": n, "k": n} if puzzle == "muddy-children" else {"n": n}
    solution = solve(puzzle, "symbolic", **values)
    return {"rounds": len(solution.story.rounds) - 1, "answer": solution.summary[:40]}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case, [("rounds", "rounds", "d"), ("answer", "answer", "")])

"""The symbolic engine on the large puzzles: the checker as it is against the one before, time and peak memory.

Run ``python benchmarks/symbolic.py --repeat 3``.  Each case solves a puzzle
whole on the symbolic engine, each run in a fresh process (its peak memory
the process's, interpreter included).  The ``old`` cases are the baseline,
measured in the same run: the checker as it was before it took the
connectives above knowledge at the actual state (every question asked
building the diagram of the whole formula, ``holds`` reading its value
there) and before it made a chain ``f1 & ... & fn`` in one step (each
binary connective a diagram of its own, kept).  The ``new`` cases are the
engine as it is.  The muddy children are all muddy (n - 1 rounds of
"nobody knows", the longest story); the puzzles' caps are lifted for the
cases past them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import attrs
from harness import main

from epistemic import engines
from epistemic.models.puzzles import dining_cryptographers, muddy_children, solve
from epistemic.symbolic import checking

# the checker before is kept, as the reference the one now is tested against, in the tests
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_symbolic_pointwise import plain_holds, plain_truth  # noqa: E402

SIZES = {"muddy-children": (100, 150, 200), "dining-cryptographers": (350,)}
CASES = [(f"{puzzle}, n = {n}, {path}", {"puzzle": puzzle, "n": n, "path": path})
         for puzzle, sizes in SIZES.items() for n in sizes for path in ("old", "new")]


def _old() -> None:
    """The checker before: every question's whole diagram, each binary connective a step."""
    checking.holds = plain_holds
    engines.symbolic_holds = plain_holds
    engines.truth = plain_truth


def run_case(spec: dict) -> dict:
    puzzle, n = spec["puzzle"], spec["n"]
    if spec["path"] == "old":
        _old()
    module = dining_cryptographers if puzzle == "dining-cryptographers" else muddy_children
    module.MOST["symbolic"] = max(module.MOST["symbolic"], n)
    module.PARAMETERS = tuple(p if p.name == "seed" else attrs.evolve(p, maximum=max(p.maximum, n))
                              for p in module.PARAMETERS)
    values = {"n": n, "k": n} if puzzle == "muddy-children" else {"n": n}
    solution = solve(puzzle, "symbolic", **values)
    return {"rounds": len(solution.story.rounds) - 1, "answer": solution.summary[:40]}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case, [("rounds", "rounds", "d"), ("answer", "answer", "")])

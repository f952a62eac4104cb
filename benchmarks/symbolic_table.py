"""The size CUDD's table of computed results starts at, on the symbolic puzzles: time and peak memory.

Run ``python benchmarks/symbolic_table.py --repeat 3``.  Each case solves a
puzzle whole on the symbolic engine, in a fresh process, with the table
started at one size whatever the structure's number of variables:
``2**18`` is CUDD's own start, the baseline, measured in the same run; the
others are the sizes a manager may start with from
:data:`epistemic.symbolic.bdds.LARGE` variables on (and, larger,
from :data:`~epistemic.symbolic.bdds.HUGE` on).  The dining
cryptographers have ``2n + 1`` variables, the muddy children ``n`` (all
muddy: ``n - 1`` rounds of "nobody knows", the longest story).  CPU seconds
and peak memory (the process's, interpreter included) are the figures to
compare.
"""

from __future__ import annotations

from harness import main

from epistemic.models.puzzles import solve
from epistemic.symbolic import bdds

SIZES = {"dining-cryptographers": (50, 90, 200, 350), "muddy-children": (50, 100, 150, 200)}
#: The tables' starting sizes, in entries: CUDD's own first.
TABLES = (2**18, 2**20, 2**21, 2**22)
CASES = [(f"{puzzle}, n = {n}, table 2**{table.bit_length() - 1}", {"puzzle": puzzle, "n": n, "table": table})
         for puzzle, sizes in SIZES.items() for n in sizes for table in TABLES]


def run_case(spec: dict) -> dict:
    puzzle, n = spec["puzzle"], spec["n"]
    if spec["table"] == TABLES[0]:
        bdds.LARGE = bdds.HUGE = float("inf")   # CUDD's own start, as a manager of few variables has it
    else:
        bdds.LARGE, bdds.LARGE_TABLE, bdds.HUGE = 0, spec["table"], float("inf")
    values = {"n": n, "k": n} if puzzle == "muddy-children" else {"n": n}
    solution = solve(puzzle, "symbolic", **values)
    return {"variables": 2 * n + 1 if puzzle == "dining-cryptographers" else n,
            "rounds": len(solution.story.rounds) - 1}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case, [("variables", "variables", "d"), ("rounds", "rounds", "d")])

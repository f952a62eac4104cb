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

import attrs
from harness import main

from epistemic.models.puzzles import dining_cryptographers, muddy_children, solve
from epistemic.symbolic import bdds, checking, structure, updates
from epistemic.symbolic.bdds import prime

SIZES = {"dining-cryptographers": (300, 350, 500), "muddy-children": (100, 150, 200)}
CASES = [(f"{puzzle}, n = {n}, {path}", {"puzzle": puzzle, "n": n, "path": path})
         for puzzle, sizes in SIZES.items() for n in sizes for path in ("plain", "fast")]


def plain_box(s, agents, u, *, pooled=False):
    m, law = s.manager, s.law
    agents = list(agents)
    if all(a in s.observables for a in agents):
        seen = frozenset().union(*(s.observables[a] for a in agents))
        return m.forall([v for v in s.variables if v not in seen], ~law | u)
    relation = m.true
    for a in agents:
        relation &= s.relation_bdd(a)
    return m.forall([prime(v) for v in s.variables], ~relation | m.primed(~law | u, s.variables))


def plain_value(s, u, state) -> bool:
    return s.manager.let({v: v in state for v in u.support}, u) == s.manager.true


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

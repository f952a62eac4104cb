"""The explicit engine against the symbolic one, side by side: time and peak memory.

Run ``python benchmarks/engines.py``.  Each row is solved once on each
engine, each run in a fresh process (so the peak memory is that case's,
interpreter included); a run that would not fit is not started, and the
row says why.  The puzzles are solved whole: the model built, every
announcement and question of every round checked.  ``same`` says whether
the two engines gave the same answer.  The explain rows explain why the
children do not commonly know that not all are muddy, where two are.
The nested rows check
``[!p]_{a} ... q`` on two worlds that a and b cannot tell apart; the
explicit engine may contract the model to its bisimulation quotient after
each private announcement, or not.  The explicit muddy children of 20 are
past what the command line allows (16) and take about 5.4 GB: they run
only with 6 GiB free.  The whole table takes a minute or two.
"""

from __future__ import annotations

import argparse

from harness import measure, run_here

from epistemic import Agent, KripkeModel, explain_verdict, holds, parse_formula
from epistemic.models.puzzles import muddy_children, russian_cards, solve
from epistemic.symbolic import KnowledgeStructure, from_kripke, to_kripke
from epistemic.symbolic import holds as symbolic_holds

#: The explicit muddy children of 20 take about 5.4 GB: the run is skipped with less than this free.
MUDDY_20_BYTES = 6 * 2**30


def _muddy(n: int, k: int) -> tuple[str, dict, dict]:
    spec = dict(puzzle="muddy-children", n=n, k=k)
    return f"muddy children, n = {n}, k = {k}", {**spec, "engine": "explicit"}, {**spec, "engine": "symbolic"}


def _both(name: str, **spec) -> tuple[str, dict, dict]:
    return name, {**spec, "engine": "explicit"}, {**spec, "engine": "symbolic"}


def _available() -> int:
    """The memory free for a new process, in bytes (0 where it cannot be read)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            fields = dict(line.split(":", 1) for line in info)
        return int(fields["MemAvailable"].split()[0]) * 1024
    except (OSError, KeyError, ValueError):
        return 0


def rows(check_memory: bool = True) -> list[tuple[str, dict | str, dict | str]]:
    """``(name, explicit, symbolic)``: each a case to run, or why it is not run."""
    muddy_20 = _muddy(20, 20)
    explicit_20: dict | str = {**muddy_20[1], "past_limit": True}
    if check_memory and _available() < MUDDY_20_BYTES:
        explicit_20 = f"not run: {MUDDY_20_BYTES / 2**30:.0f} GiB needed, {_available() / 2**30:.1f} free"
    too_many = "not run: 2**{} worlds, past the explicit engine's 16 children"
    return [
        _muddy(8, 8), _muddy(12, 12), _muddy(16, 16), _muddy(16, 2),
        (muddy_20[0], explicit_20, muddy_20[2]),
        (_muddy(40, 40)[0], too_many.format(40), _muddy(40, 40)[2]),
        (_muddy(40, 3)[0], too_many.format(40), _muddy(40, 3)[2]),
        (_muddy(60, 60)[0], too_many.format(60), _muddy(60, 60)[2]),
        (_muddy(60, 3)[0], too_many.format(60), _muddy(60, 3)[2]),
        _both("dining cryptographers, n = 8", puzzle="dining-cryptographers", n=8),
        _both("dining cryptographers, n = 10", puzzle="dining-cryptographers", n=10),
        ("dining cryptographers, n = 90", "not run: 91 * 2**90 worlds",
         dict(puzzle="dining-cryptographers", n=90, engine="symbolic")),
        ("dining cryptographers, n = 200", "not run: 201 * 2**200 worlds",
         dict(puzzle="dining-cryptographers", n=200, engine="symbolic")),
        _both("Russian cards, one safe announcement", puzzle="russian-cards"),
        _both("Russian cards, all 102 safe announcements", puzzle="count safe announcements"),
        _both("sum and product, x + y <= 100", puzzle="sum-and-product", limit=100),
        _both("sum and product, x + y <= 200", puzzle="sum-and-product", limit=200),
        ("[!p]_{a} 25-fold, explicit contracted", dict(puzzle="nested", n=25, contract=True),
         dict(puzzle="nested", n=25, engine="symbolic")),
        ("[!p]_{a} 18-fold, explicit not contracted", dict(puzzle="nested", n=18, contract=False),
         dict(puzzle="nested", n=18, engine="symbolic")),
        ("[!p]_{a} 25-fold, explicit not contracted",
         "not run: each level takes about 2.4 times as long as the one before (see the 18-fold row)",
         dict(puzzle="nested", n=25, engine="symbolic")),
        _both("explain C_all ~(all muddy), 16 children", puzzle="explain", n=16),
        ("explain C_all ~(all muddy), 40 children", too_many.format(40),
         dict(puzzle="explain", n=40, engine="symbolic")),
        ("explain C_all ~(all muddy), 100 children", "not run: 2**100 worlds",
         dict(puzzle="explain", n=100, engine="symbolic")),
    ]


def _explain(n: int, engine: str) -> dict:
    """Why common knowledge among ``n`` children that not all are muddy fails
    where two are: a path of ``n - 2`` links, each a child who cannot see
    his own forehead."""
    kids, atoms = [Agent(f"c{i}") for i in range(1, n + 1)], [f"m{i}" for i in range(1, n + 1)]
    structure = KnowledgeStructure.build(atoms, parse_formula("top"),
                                         {c: atoms[:i] + atoms[i + 1:] for i, c in enumerate(kids)},
                                         actual=[{"m1", "m2"}])
    model = structure if engine == "symbolic" else to_kripke(structure)
    formula = parse_formula(f"C_{{{','.join(k.name for k in kids)}}} ~({' & '.join(atoms)})")
    why = explain_verdict(model, formula)
    return {"worlds": 2 ** n, "answer": f"{why.verdict} {why.claim.count(' links ')} links told"}


def _nested(n: int, engine: str | None, contract: bool) -> dict:
    """``[!p]_{a}`` nested ``n`` deep on two worlds that a and b cannot tell apart."""
    a, b = Agent("a"), Agent("b")
    m = KripkeModel.from_relations([a, b], {"w": {"p", "q"}, "v": set()}, {a: [("w", "v")], b: [("w", "v")]},
                                   actual="w", reflexive=True, symmetric=True)
    formula = parse_formula("[!p]_{a} " * n + "q")
    verdict = symbolic_holds(from_kripke(m), formula) if engine == "symbolic" else holds(m, formula, contract=contract)
    return {"worlds": 2, "answer": str(verdict)}


def run_case(spec: dict) -> dict:
    spec = dict(spec)
    puzzle, engine = spec.pop("puzzle"), spec.pop("engine", "explicit")
    if puzzle == "explain":
        return _explain(spec["n"], engine)
    if puzzle == "nested":
        return _nested(spec["n"], engine, spec.get("contract", False))
    if puzzle == "count safe announcements":
        return {"worlds": 140, "answer": str(len(russian_cards.safe_announcements(engine)))}
    if spec.pop("past_limit", False):
        # past what the command line allows, to measure what the limit saves
        muddy_children.MOST[engine] = spec["n"]
    solution = solve(puzzle, engine, **spec)
    return {"worlds": solution.story.rounds[0].worlds, "answer": solution.summary}


def _cell(result: dict | str | None) -> str:
    if result is None:
        return f"{'':>17}"
    if isinstance(result, str):
        return f"{'—':>8} {'':>8}"
    return f"{result['seconds']:>8.2f} {result['peak_mib']:>8.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    table = rows(check_memory=args.case is None)
    runs = [run for _, explicit, symbolic in table for run in (explicit, symbolic)]
    if args.case is not None:
        spec = runs[args.case]
        assert isinstance(spec, dict)
        run_here(spec, run_case)
        return
    width = max(len(name) for name, _, _ in table) + 2
    print(f"{'':<{width}} {'explicit':>17}   {'symbolic':>17}")
    print(f"{'case':<{width}} {'seconds':>8} {'peak MiB':>8}   {'seconds':>8} {'peak MiB':>8} {'worlds':>12} same")
    notes = []
    for row, (name, explicit, symbolic) in enumerate(table):
        print(f"{name:<{width}} ", end="", flush=True)
        results = []
        for column, spec in enumerate((explicit, symbolic)):
            results.append(measure(__file__, 2 * row + column) if isinstance(spec, dict) else spec)
            print(_cell(results[-1]) + ("   " if column == 0 else ""), end="", flush=True)
        ran = [r for r in results if isinstance(r, dict)]
        worlds = f"{ran[0]['worlds']:,}" if ran[0]['worlds'] < 10**12 else f"~2**{ran[0]['worlds'].bit_length() - 1}"
        same = "yes" if len(ran) == 2 and ran[0]["answer"] == ran[1]["answer"] else "no" if len(ran) == 2 else ""
        print(f" {worlds:>12} {same}", flush=True)
        notes += [f"{name}, {engine}: {r}" for engine, r in zip(("explicit", "symbolic"), results) if isinstance(r, str)]
    print()
    print("\n".join(notes))


if __name__ == "__main__":
    main()

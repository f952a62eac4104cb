"""Time and peak memory of model checking on the classic puzzles and nested private updates.

Run ``python benchmarks/logic.py``.  Each case runs in a fresh process and
solves the whole puzzle: it builds the model, checks every announcement and
question of every round, and restricts the model after each announcement.
The nested cases check ``[!p]_{a} ... q`` on two worlds, with and without
contraction after each private announcement (``rounds`` is the nesting).
"""

from __future__ import annotations

from harness import main

from epistemic import Agent, KripkeModel, holds, parse_formula
from epistemic.models.puzzles import russian_cards, solve

CASES = [
    ("muddy children, n = 12, k = 12", dict(name="muddy-children", n=12, k=12)),
    ("muddy children, n = 12, k = 1", dict(name="muddy-children", n=12, k=1)),
    ("muddy children, n = 16, k = 16", dict(name="muddy-children", n=16, k=16)),
    ("muddy children, n = 16, k = 8", dict(name="muddy-children", n=16, k=8)),
    ("sum and product, x + y <= 100", dict(name="sum-and-product", limit=100)),
    ("Cheryl's birthday", dict(name="cheryl")),
    ("Russian cards, one safe announcement", dict(name="russian-cards")),
    ("Russian cards, all 102 safe announcements", dict(name="count safe announcements")),
    ("25 nested private announcements, contracted", dict(name="nested", n=25, contract=True)),
    ("16 nested private announcements, not contracted", dict(name="nested", n=16, contract=False)),
    ("18 nested private announcements, not contracted", dict(name="nested", n=18, contract=False)),
]


def nested(n: int, contract: bool) -> dict:
    """``[!p]_{a}`` nested ``n`` deep on two worlds that a and b cannot tell apart."""
    a, b = Agent("a"), Agent("b")
    m = KripkeModel.from_relations([a, b], {"w": {"p", "q"}, "v": set()}, {a: [("w", "v")], b: [("w", "v")]},
                                   actual="w", reflexive=True, symmetric=True)
    assert holds(m, parse_formula("[!p]_{a} " * n + "q"), contract=contract)
    return {"worlds": 2, "rounds": n}


def run_case(spec: dict) -> dict:
    spec = dict(spec)
    if spec["name"] == "nested":
        return nested(spec["n"], spec["contract"])
    if spec["name"] == "count safe announcements":
        return {"worlds": 140, "rounds": len(russian_cards.safe_announcements())}
    solution = solve(spec.pop("name"), **spec)
    first = solution.story.rounds[0]
    return {"worlds": first.worlds, "rounds": len(solution.story.rounds) - 1}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("worlds", "worlds", ","), ("rounds", "rounds or safe", "d")])

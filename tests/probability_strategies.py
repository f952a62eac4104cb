"""Hypothesis strategies of the tests of probabilistic models."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import strategies as st

from epistemic import TOP, Agent, Atom, KripkeModel
from epistemic import formulas as fm
from epistemic.probability import ProbabilisticModel
from epistemic.relations import Arrows, Partition

__all__ = ["A", "B", "ATOMS", "weighed_models", "propositional"]

A, B = Agent("a"), Agent("b")
P, Q = Atom("p"), Atom("q")
ATOMS = ("p", "q")


@st.composite
def weighed_models(draw, max_worlds: int = 4, s5: bool = False):
    """A model over a and b with each agent's probability at each world drawn over the worlds it considers
    possible there (weights 0 to 3, normalized; undefined where all are 0)."""
    n = draw(st.integers(1, max_worlds))
    facts = [draw(st.frozensets(st.sampled_from(ATOMS))) for _ in range(n)]
    relations = {}
    for agent in (A, B):
        if s5 or draw(st.booleans()):
            relations[agent] = Partition(draw(st.lists(st.integers(0, n - 1), min_size=n, max_size=n)))
        else:
            pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=2 * n))
            relations[agent] = Arrows([r for r, _ in pairs], [c for _, c in pairs], n)
    actual = draw(st.lists(st.integers(0, n - 1), min_size=1, unique=True))
    plain = KripkeModel([f"w{i}" for i in range(n)], facts, relations, [f"w{i}" for i in actual])
    probabilities = {}
    for agent in (A, B):
        probabilities[agent] = {}
        for w in plain.worlds:
            cell = sorted(plain.accessible(w, agent), key=plain.index)
            weights = [draw(st.integers(0, 3)) for _ in cell]
            total = sum(weights)
            probabilities[agent][w] = None if total == 0 else {v: F(x, total) for v, x in zip(cell, weights)}
    return ProbabilisticModel(plain, probabilities)


def propositional():
    leaves = st.sampled_from([P, Q, TOP])
    return st.recursive(leaves, lambda inner: st.one_of(st.builds(fm.Not, inner), st.builds(fm.And, inner, inner),
                                                          st.builds(fm.Or, inner, inner)), max_leaves=4)

"""Hypothesis strategies of the tests of probabilistic models."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import strategies as st

from epistemic import TOP, Agent, Atom
from epistemic import formulas as fm
from epistemic.probability import ProbabilisticModel
from planning_strategies import models

__all__ = ["A", "B", "ATOMS", "weighed_models", "propositional"]

A, B = Agent("a"), Agent("b")
P, Q = Atom("p"), Atom("q")
ATOMS = ("p", "q")


@st.composite
def weighed_models(draw, max_worlds: int = 4, s5: bool = False):
    """A model over a and b with each agent's probability at each world drawn over the worlds it considers
    possible there (weights 0 to 3, normalized; undefined where all are 0)."""
    # the model of the planning tests, over the same agents a and b
    plain = draw(models(ATOMS, max_worlds, s5))
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

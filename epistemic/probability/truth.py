"""Where the formulas of probability hold in a :class:`~epistemic.probability.ProbabilisticModel`.

The model checker (:mod:`epistemic.checking`) evaluates their operands and
calls these with a function that gives an operand's truth array.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import ModelError
from ..formulas import Formula, to_text
from .formulas import CommonPBelief, Probability
from .model import FLOAT_TOLERANCE, ProbabilisticModel

if TYPE_CHECKING:
    import numpy as np

    from ..kripke import KripkeModel

__all__ = ["inequality_truth", "common_p_belief_truth", "p_believed"]


def _weighed(model: KripkeModel, f: Formula) -> ProbabilisticModel:
    named = f.agents if isinstance(f, Probability) else sorted(f.group) if isinstance(f, CommonPBelief) else ()
    for agent in named:
        if agent not in model.agents:
            raise ModelError(f"the formula names {agent}, who is not an agent of the model")
    if not isinstance(model, ProbabilisticModel):
        shown = to_text(f)
        raise ModelError(f"{shown if len(shown) <= 60 else shown[:56] + ' ...'} asks for probabilities, and this "
                         f"model has none: give the agents probabilities (a ProbabilisticModel)")
    return model


def inequality_truth(model: KripkeModel, f: Probability, truth_of: Callable[[Formula], np.ndarray]) -> np.ndarray:
    """Where the linear inequality ``f`` holds: false where a term's agent has
    no probability (see :meth:`ProbabilisticModel.undefined`)."""
    import numpy as np
    weighed = _weighed(model, f)
    totals: list = [0] * len(model)
    for coefficient, agent, arg in zip(f.coefficients, f.agents, f.args):
        weights = weighed.weight(agent, truth_of(arg))
        # of floats, an exact total: a coefficient or bound past what a float holds would overflow
        totals = [None if t is None or w is None else t + coefficient * Fraction(w) for t, w in zip(totals, weights)]
    if weighed.exact:
        return np.array([t is not None and f.holds_for(t) for t in totals], dtype=bool)
    # floats: a total within the tolerance of the bound counts as equal to it
    bound = f.bound
    out = []
    for t in totals:
        if t is None:
            out.append(False)
            continue
        near = abs(t - bound) <= Fraction(FLOAT_TOLERANCE)
        out.append(near if f.comparison == "=" else
                   (near or f.holds_for(t)) if f.comparison in (">=", "<=") else (not near and f.holds_for(t)))
    return np.array(out, dtype=bool)


def p_believed(model: ProbabilisticModel, group, level, truth: np.ndarray) -> np.ndarray:
    """Where every agent of ``group`` gives the worlds of ``truth`` probability at least ``level``."""
    import numpy as np
    out = np.ones(len(model), dtype=bool)
    slack = 0 if model.exact else FLOAT_TOLERANCE
    for agent in sorted(group):
        weights = model.weight(agent, truth)
        out &= np.array([w is not None and w >= level - slack for w in weights], dtype=bool)
    return out


def common_p_belief_truth(model: KripkeModel, f: CommonPBelief,
                          truth_of: Callable[[Formula], np.ndarray]) -> np.ndarray:
    """Where ``C^{q}_G φ`` holds: the largest set ``F`` of worlds at which
    every agent of ``G`` gives both φ and ``F`` probability at least ``q``
    (Monderer and Samet 1989: the union of the evident p-belief events
    within ``E^q_G φ``), found by shrinking from all worlds."""
    weighed = _weighed(model, f)
    level = f.level if weighed.exact else float(f.level)
    believed = p_believed(weighed, f.group, level, truth_of(f.arg))
    current = believed.copy()
    while True:
        # each pass keeps a subset: at most one pass per world before it settles
        following = believed & p_believed(weighed, f.group, level, current)
        if (following == current).all():
            return current
        current = following

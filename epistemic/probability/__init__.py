"""Probabilities in epistemic models: who gives what how much weight, and how updates change it.

:class:`ProbabilisticModel` is a Kripke model whose agents weigh the worlds
they consider possible; :class:`Probability` and :class:`CommonPBelief`
are the formulas that read the weights, checked by
:func:`epistemic.holds` like any other; :func:`update` is the product
update with the events' own probabilities.
"""

from .._lazy import lazy_names

__all__ = ["ProbabilisticModel", "Probability", "CommonPBelief", "update", "COMPARISONS", "exact_number",
           "FLOAT_TOLERANCE"]

# the model checker imports the formulas and the model from here: what imports the checker waits until asked for
__getattr__, __dir__ = lazy_names(globals(), {
    "formulas": ["Probability", "CommonPBelief", "COMPARISONS", "exact_number"],
    "model": ["ProbabilisticModel", "FLOAT_TOLERANCE"],
    "updates": ["update"],
})

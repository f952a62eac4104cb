"""Probabilities in epistemic models: who gives what how much weight, and how updates change it."""

from .formulas import COMPARISONS, CommonPBelief, Probability, exact_number

__all__ = ["Probability", "CommonPBelief", "COMPARISONS", "exact_number"]

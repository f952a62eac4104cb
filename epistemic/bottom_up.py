"""Evaluating a formula bottom-up, once per subformula, with an explicit stack.

Both engines check a formula the same way: every subformula evaluated in
the same model is computed once, after its operands, and kept in the
model's cache under ``("truth", subformula)``; only the engine's
``evaluate`` differs (boolean arrays for Kripke models, diagrams for
knowledge structures).

Examples
--------
The size of a formula's tree, each shared subformula computed once:

>>> from epistemic import parse_formula
>>> cache = {}
>>> def size(f):
...     return 1 + sum(cache["truth", g] for g in f.operands())
>>> evaluate_bottom_up(parse_formula("p & (q | p)"), cache, lambda f: f.operands(), size)
5
>>> cache["truth", parse_formula("q | p")]
3
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .formulas import Formula, FormulaError
from .validators import instance_of

__all__ = ["evaluate_bottom_up"]


def evaluate_bottom_up(formula: Formula, cache: dict, operands: Callable[[Formula], Iterable[Formula]],
                       evaluate: Callable[[Formula], Any]) -> Any:
    """The value of ``formula``: ``evaluate(f)`` for each subformula ``f`` that
    ``operands`` reaches, operands first, each kept in ``cache`` as
    ``("truth", f)`` (and read from there when already known).

    Raises
    ------
    FormulaError
        When ``formula`` is not a formula, or nests updates too deeply (each
        announcement inside another is one more level of updated models,
        which ``evaluate`` reaches by recursion).
    """
    instance_of(formula, Formula, "expected a formula", error=FormulaError)
    key = ("truth", formula)
    if key in cache:
        return cache[key]
    stack: list[tuple[Formula, bool]] = [(formula, False)]
    while stack:
        f, ready = stack.pop()
        if ("truth", f) in cache:
            continue
        if not ready:
            stack.append((f, True))
            stack.extend((g, False) for g in operands(f) if ("truth", g) not in cache)
            continue
        try:
            cache["truth", f] = evaluate(f)
        except RecursionError:
            raise FormulaError("the formula nests announcements too deeply to check "
                               "(a few hundred levels is the limit)") from None
    return cache[key]

"""Formulas checked at one state: the connectives taken at the state, the rest from diagrams.

Whether a formula holds at a state needs the diagram of each subformula
that looks at other states (knowledge, announcements, events), but not of
the boolean connectives above them: ``K_a p & K_b q`` holds at ``s`` when
both knowledges hold there, which two lookups tell without the conjunction
of the two diagrams, each as large as the law.  "Every child knows whether
it is muddy" is a conjunction of a hundred such diagrams, asked every
round of the muddy children.

Each formula is walked once per story (its *plan*: its subformulas in the
order the checker visits them, kept in the structure and carried to the
structures announcements make from it), and each value is kept per state.

Examples
--------
>>> from epistemic import Agent, parse_formula
>>> from epistemic.symbolic import KnowledgeStructure, truth
>>> a = Agent("a")
>>> s = KnowledgeStructure.build(["p", "q"], parse_formula("top"), {a: ["p"]}, actual=[{"p"}])
>>> formula = parse_formula("K_a p & ~K_a q")
>>> value_at(s, formula, s.actual[0], truth)
True
>>> ("truth", formula) in s.cache, ("truth", parse_formula("K_a q")) in s.cache
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ..formulas import And, Atom, Bottom, Formula, Iff, Implies, Not, Or, Top
from .structure import KnowledgeStructure, Variables

__all__ = ["PLAN", "value_at"]

#: The key a formula's plan is kept under in a structure's cache (with the formula).
PLAN = "pointwise plan"

_ASK, _ATOM, _TOP, _BOTTOM, _NOT, _AND, _OR, _IMPLIES, _IFF = range(9)
_KINDS = {Atom: _ATOM, Top: _TOP, Bottom: _BOTTOM, Not: _NOT, And: _AND, Or: _OR, Implies: _IMPLIES, Iff: _IFF}

Plan = tuple[tuple[Formula, int, tuple[Formula, ...]], ...]


def value_at(structure: KnowledgeStructure, formula: Formula, state: Variables,
             truth: Callable[[KnowledgeStructure, Formula], object]) -> bool:
    """The value of ``formula`` at ``state`` of ``structure``; ``truth`` is
    the checker, asked for the diagram of each subformula that is no
    boolean connective, in the order it would visit them checking
    ``formula`` whole (so that a formula refused for two reasons is refused
    for the same one)."""
    cache = structure.cache
    known = cache.get(("values", state))
    if known is None:
        known = cache["values", state] = {}
    if formula in known:
        return known[formula]
    for f, kind, operands in plan(structure, formula):
        if f in known:
            continue
        if kind == _ASK:
            known[f] = structure.value(truth(structure, f), state)
        elif kind == _ATOM:
            var = structure.atoms.get(cast(Atom, f).name)      # an atom the structure does not have is false
            known[f] = var is not None and var in state
        elif kind == _NOT:
            known[f] = not known[operands[0]]
        elif kind == _AND:
            known[f] = known[operands[0]] and known[operands[1]]
        elif kind == _OR:
            known[f] = known[operands[0]] or known[operands[1]]
        elif kind == _IMPLIES:
            known[f] = not known[operands[0]] or known[operands[1]]
        elif kind == _IFF:
            known[f] = known[operands[0]] == known[operands[1]]
        else:
            known[f] = kind == _TOP
    return known[formula]


def plan(structure: KnowledgeStructure, formula: Formula) -> Plan:
    """The subformulas of ``formula`` down to those that are no boolean
    connective, operands first, each once, with its kind and operands; in
    the order the checker's bottom-up walk visits them
    (:func:`epistemic.bottom_up.evaluate_bottom_up`: the last operand's
    subformulas first).  Kept in ``structure``.

    Examples
    --------
    >>> from epistemic import Agent, parse_formula
    >>> s = KnowledgeStructure.build(["p"], parse_formula("top"), {Agent("a"): []})
    >>> [str(f) for f, _, _ in plan(s, parse_formula("~K_a p | (p & K_a p)"))]
    ['K_a p', 'p', 'p & K_a p', '~K_a p', '~K_a p | p & K_a p']
    """
    key = (PLAN, formula)
    found = structure.cache.get(key)
    if found is not None:
        return found
    steps: list[tuple[Formula, int, tuple[Formula, ...]]] = []
    placed: set[Formula] = set()
    stack: list[tuple[Formula, bool]] = [(formula, False)]
    while stack:
        f, ready = stack.pop()
        if f in placed:
            continue
        kind = _KINDS.get(type(f), _ASK)
        operands = f.operands() if kind >= _NOT else ()
        if not ready and operands:
            stack.append((f, True))
            stack.extend((g, False) for g in operands if g not in placed)
            continue
        placed.add(f)
        steps.append((f, kind, operands))
    structure.cache[key] = out = tuple(steps)
    return out

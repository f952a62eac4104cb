"""Formulas about probabilities: linear inequalities of ``P_a(φ)``, and common p-belief.

``P_a(φ)`` is the probability agent ``a`` gives φ at a world: the weight
of the worlds where φ holds in ``a``'s probability there (see
:class:`~epistemic.probability.ProbabilisticModel`).  It is a term, not a
formula; a formula compares a sum of such terms with a number, as in the
logic of knowledge and probability of Fagin and Halpern (1994)::

    P_a(p) >= 3/4            P_a(p) + P_a(q) <= 1            2 P_a(p) - P_b(p) > 0

Common p-belief ``C^{q}_G φ`` (Monderer and Samet 1989) holds where every
agent of ``G`` gives φ probability at least ``q``, and gives that, and so on:
the worlds of the largest set ``F`` in which every agent gives both φ and
``F`` probability at least ``q``.

Examples
--------
>>> from epistemic import Agent, Atom
>>> a, b, p = Agent("a"), Agent("b"), Atom("p")
>>> print(Probability.at_least(a, p, Fraction(3, 4)))
P_a(p) >= 3/4
>>> print(Probability((1, -1), (a, b), (p, p), ">", 0))
P_a(p) - P_b(p) > 0
>>> print(CommonPBelief([a, b], Fraction(9, 10), p))
C^{9/10}_{a,b} p
"""

from __future__ import annotations

import re
from fractions import Fraction
from numbers import Rational

import attrs

from ..agents import Agent
from ..errors import ModelError
from ..formulas import Formula, FormulaError, _check_formula, _check_group, _to_group

__all__ = ["Probability", "CommonPBelief", "COMPARISONS", "exact_number", "weight_read"]

#: A number written as text: an integer, a fraction or a decimal, with a sign, of at most 4,300 digits
#: (as many as Python reads into an int by default).
_NUMBER = re.compile(r"[+-]?[0-9]{1,4300}(?:/[0-9]{1,4300}|\.[0-9]{1,4300})?")

#: The comparisons a linear inequality may make, in the text syntax.
COMPARISONS = (">=", "<=", ">", "<", "=")


def exact_number(value, what: str = "a probability") -> Fraction:
    """``value`` as an exact fraction: an int, a :class:`~fractions.Fraction`,
    a text such as ``"3/4"`` or ``"0.75"``, or a float read as the decimal
    it prints as (``0.1`` is 1/10, not the binary fraction nearest it).

    Examples
    --------
    >>> exact_number("3/4"), exact_number(0.1), exact_number(2)
    (Fraction(3, 4), Fraction(1, 10), Fraction(2, 1))
    >>> exact_number("half")
    Traceback (most recent call last):
    ...
    epistemic.formulas.FormulaError: a probability must be a number such as 3/4 or 0.75, got 'half'
    """
    if isinstance(value, bool):
        raise FormulaError(f"{what} must be a number such as 3/4 or 0.75, got {value!r}")
    if isinstance(value, (int, Rational)):
        return Fraction(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise FormulaError(f"{what} must be a finite number, got {value!r}")
        return Fraction(repr(value))
    if isinstance(value, str) and _NUMBER.fullmatch(value):
        # digits alone: Fraction reads an exponent too, and "1e-99999999" would take it minutes
        try:
            return Fraction(value)
        except ZeroDivisionError:
            pass
    raise FormulaError(f"{what} must be a number such as 3/4 or 0.75, got {value!r}")


def weight_read(value, what: str) -> Fraction:
    """``value`` read by :func:`exact_number` as a weight: refused below 0, as a
    :class:`~epistemic.errors.ModelError` (a fault of a model, not of a formula)."""
    try:
        q = exact_number(value, what)
    except FormulaError as error:
        raise ModelError(str(error)) from None
    if q < 0:
        raise ModelError(f"{what} is {q}, below 0")
    return q


def _coefficients(values) -> tuple[Fraction, ...]:
    out = tuple(exact_number(v, "a coefficient") for v in values)
    if any(c == 0 for c in out):
        raise FormulaError("a coefficient of a linear inequality of probabilities is not 0")
    return out


def _agents(values) -> tuple[Agent, ...]:
    out = tuple(values)
    for agent in out:
        if not isinstance(agent, Agent):
            raise FormulaError(f"a probability is an Agent's, got {agent!r}")
    return out


def _formulas(values) -> tuple[Formula, ...]:
    out = tuple(values)
    for f in out:
        if not isinstance(f, Formula):
            raise FormulaError(f"a probability is of a formula, got {f!r}")
    return out


def _check_terms(instance, attribute, value):
    n = len(instance.coefficients)
    if n == 0:
        raise FormulaError("a linear inequality of probabilities needs at least one term P_a(φ)")
    if len(instance.agents) != n or len(instance.args) != n:
        raise FormulaError("a linear inequality needs one coefficient, one agent and one formula per term")


def _check_comparison(instance, attribute, value):
    if value not in COMPARISONS:
        raise FormulaError(f"a linear inequality compares with one of {', '.join(COMPARISONS)}, got {value!r}")


def _check_level(instance, attribute, value):
    if not 0 <= value <= 1:
        raise FormulaError(f"common p-belief needs a level q with 0 <= q <= 1, got {value}")


@attrs.frozen(eq=False, repr=False)
class Probability(Formula):
    """``c1 P_a1(φ1) + … + ck P_ak(φk) ⋈ q``, ``⋈`` one of :data:`COMPARISONS`.

    Where an agent's probability at a world is undefined (an update
    conditioned it on what it gave probability 0, see
    :meth:`~epistemic.probability.ProbabilisticModel.undefined`), every
    inequality with a term of that agent is false there: nothing is
    divided by zero, and the model says where.
    """

    coefficients: tuple[Fraction, ...] = attrs.field(converter=_coefficients)
    agents: tuple[Agent, ...] = attrs.field(converter=_agents)
    args: tuple[Formula, ...] = attrs.field(converter=_formulas, validator=_check_terms)
    comparison: str = attrs.field(validator=_check_comparison)
    bound: Fraction = attrs.field(converter=exact_number)

    @classmethod
    def at_least(cls, agent: Agent, arg: Formula, q) -> Probability:
        """``P_agent(arg) >= q``."""
        return cls((1,), (agent,), (arg,), ">=", q)

    def operands(self) -> tuple[Formula, ...]:
        return self.args

    def holds_for(self, total: Fraction | float) -> bool:
        """Whether the sum of the terms, ``total``, stands in the comparison to the bound."""
        bound = self.bound
        return {">=": total >= bound, "<=": total <= bound, ">": total > bound, "<": total < bound,
                "=": total == bound}[self.comparison]

    def text_pieces(self, spell: dict, strength: dict) -> tuple[list, int]:
        pieces: list = []
        for i, (c, agent, arg) in enumerate(zip(self.coefficients, self.agents, self.args)):
            if i:
                pieces.append(" - " if c < 0 else " + ")
            elif c < 0:
                pieces.append("-")
            size = abs(c)
            if size != 1:
                pieces.append(spell["number"](size) + " ")
            pieces.extend([f"{spell['P']}{spell['agent'](agent)}(", (arg, strength["iff"]), ")"])
        pieces.append(spell["compare"][self.comparison] + spell["number"](self.bound))
        # read as one primary: an inequality binds tighter than any connective
        return pieces, strength["atom"]


@attrs.frozen(eq=False, repr=False)
class CommonPBelief(Formula):
    """``C^{q}_G φ``: common p-belief of φ in the group at level ``q``."""

    group: frozenset[Agent] = attrs.field(converter=_to_group, validator=_check_group)
    level: Fraction = attrs.field(converter=exact_number, validator=_check_level)
    arg: Formula = attrs.field(validator=_check_formula)

    def operands(self) -> tuple[Formula, ...]:
        return (self.arg,)

    def text_pieces(self, spell: dict, strength: dict) -> tuple[list, int]:
        return [f"{spell['level'](self.level)}{spell['group'](self.group)} ", (self.arg, strength["prefix"])], \
            strength["prefix"]

"""The worlds of hidden promises, and what pirates who weigh odds believe of them.

Chance makes each subgroup promise with the same odds, independently: a
world says which were made, and the worlds run from "every one made" to
"none made", the first promise's bit the most significant.  A *belief* is
a probability per world.  Because every move is seen and pure, the belief
the pirates share is the prior conditioned on the worlds whose play agrees
with what they saw; a pirate who heard some promises conditions it
further on his *cell*, the worlds that agree with what he heard.

Examples
--------
>>> from fractions import Fraction
>>> worlds = world_bits(2)
>>> worlds
((True, True), (True, False), (False, True), (False, False))
>>> prior = prior_belief(worlds, Fraction(1, 4))
>>> [str(q) for q in prior]
['1/16', '3/16', '3/16', '9/16']
>>> [str(q) for q in conditioned(prior, [0, 1])]   # the first promise was seen to be made
['1/4', '3/4', '0', '0']
>>> cells_of(worlds, (1,))   # who heard the second promise tells worlds 0 and 2 from 1 and 3
((0, 2), (1, 3), (0, 2), (1, 3))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product

__all__ = ["Belief", "world_bits", "prior_belief", "conditioned", "beliefs_within", "cells_of", "posterior"]

class Belief(tuple[Fraction, ...]):
    """A probability for each world, in the order of :func:`world_bits`: a tuple that keeps its hash,
    since beliefs key every state of a solver and hashing fractions is slow."""

    def __hash__(self) -> int:
        found = self.__dict__.get("hash")
        if found is None:
            found = self.__dict__["hash"] = tuple.__hash__(self)
        return found


def world_bits(promises: int) -> tuple[tuple[bool, ...], ...]:
    """Which promises each world made: every one first, none last."""
    return tuple(product((True, False), repeat=promises))


def prior_belief(worlds: Sequence[tuple[bool, ...]], odds: Fraction) -> Belief:
    """Each world's chance when each promise is made with ``odds``, independently."""
    out = []
    for bits in worlds:
        q = Fraction(1)
        for made in bits:
            q *= odds if made else 1 - odds
        out.append(q)
    return Belief(out)


def conditioned(belief: Belief, keep: Iterable[int]) -> Belief:
    """``belief`` conditioned on the worlds ``keep`` (Bayes' rule), or ``belief`` itself where
    they weigh nothing by it: what it gave probability 0 tells it nothing it can weigh.  One
    belief and set of worlds give the same object each time, which compares fast."""
    return _conditioned(belief, frozenset(keep))


@lru_cache(maxsize=1 << 14)
def _conditioned(belief: Belief, kept: frozenset[int]) -> Belief:
    mass = sum((belief[w] for w in kept), Fraction(0))
    if not mass or all(belief[w] == 0 for w in range(len(belief)) if w not in kept):
        return belief
    return Belief(q / mass if w in kept else Fraction(0) for w, q in enumerate(belief))


def beliefs_within(belief: Belief) -> list[Belief]:
    """``belief`` and every belief that conditioning it on what is seen can reach, each once."""
    support = [w for w, q in enumerate(belief) if q]
    found = dict.fromkeys([belief])
    for size in range(len(support), 0, -1):
        for kept in combinations(support, size):
            found.setdefault(conditioned(belief, kept))
    return list(found)


def cells_of(worlds: Sequence[tuple[bool, ...]], heard: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """For each world, the worlds a pirate who heard the promises ``heard`` cannot tell from it."""
    def seen(w: int) -> tuple[bool, ...]:
        return tuple(worlds[w][j] for j in heard)
    return tuple(tuple(v for v in range(len(worlds)) if seen(v) == seen(w)) for w in range(len(worlds)))


def posterior(belief: Belief, prior: Belief, cell: Sequence[int]) -> Belief:
    """What a pirate whose cell is ``cell`` believes: the shared ``belief`` conditioned on his cell,
    or the prior where the shared belief gives it nothing, or his cell evenly where the prior does not
    either (he knows what he heard, whatever the others think of it)."""
    for weighed in (belief, prior):
        mass = sum((weighed[w] for w in cell), Fraction(0))
        if mass:
            return Belief(weighed[w] / mass if w in cell else Fraction(0) for w in range(len(belief)))
    even = Fraction(1, len(cell))
    return Belief(even if w in cell else Fraction(0) for w in range(len(belief)))

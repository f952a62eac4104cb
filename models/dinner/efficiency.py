"""Is the crossout outcome Pareto efficient?  Levine and Stange's counts, recomputed.

An outcome of a dinner is a partition of its morsels in which each player
eats as many morsels as the turn order gives him (two players alternating,
Bob last: Alice eats ``floor(n/2)``).  Crossout is *Pareto inefficient* if
another outcome is at least as good for both players and strictly better
for one, and *not weakly efficient* if another is strictly better for both.

Every outcome of ``n`` morsels is a row of a 0/1 matrix (``C(16, 8) =
12,870`` rows for 16 morsels); the scores of all outcomes of a chunk of
dinners are one matrix product.  The experiment compares each dinner only
with the outcomes that give Alice at least her crossout score, the only
ones that can dominate it: about 1% of the ``C(20, 10) = 184,756`` at 20.

Examples
--------
>>> smallest_inefficient(6)
[(5, 1, 2, 4, 6, 3), (5, 1, 2, 3, 4, 6)]
>>> low, high = wilson_interval(672, 10_000)
>>> round(low, 4), round(high, 4)
(0.0625, 0.0723)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from fractions import Fraction

import attrs
import numpy as np

from .crossout import crossout
from .dinner import Dinner, DinnerError
from .theorem import crossout_table, permutation_dinners

__all__ = ["outcome_matrix", "Efficiency", "efficiency", "smallest_inefficient", "Experiment", "experiment",
           "wilson_interval", "MAX_OUTCOMES", "MAX_EXPERIMENT"]

#: The most morsels whose outcomes are listed: ``C(20, 10) = 184,756`` outcomes.
MAX_OUTCOMES = 20
#: The experiment's largest dinners and most dinners.
MAX_EXPERIMENT = (20, 1_000_000)
_CHUNK_CELLS = 4_000_000
#: Dinners drawn at a time by the experiment (and between two calls of its ``progress``).
_DRAWN = 2_000


def outcome_matrix(size: int, eaten: int) -> np.ndarray:
    """Every set of ``eaten`` morsels out of ``size`` that Alice may eat, as 0/1 rows (read-only).

    >>> outcome_matrix(3, 1).tolist()
    [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    """
    if not 0 <= eaten <= size <= MAX_OUTCOMES:
        raise DinnerError(f"outcomes are listed for at most {MAX_OUTCOMES} morsels, got {size}")
    return _outcome_matrix(size, eaten)


@functools.lru_cache(maxsize=8)
def _outcome_matrix(size: int, eaten: int) -> np.ndarray:
    # kept: comparing many dinners of one size would otherwise list the same outcomes each time
    rows = np.zeros((math.comb(size, eaten), size), dtype=np.int8)
    for row, chosen in enumerate(itertools.combinations(range(size), eaten)):
        rows[row, list(chosen)] = 1
    rows.setflags(write=False)
    return rows


def _scaled(dinner: Dinner) -> tuple[np.ndarray, np.ndarray, int]:
    """Alice's and Bob's utilities as whole numbers, and the common denominator they were scaled by.

    The arrays are int64 when every sum of the dinner's values fits with
    room to spare (``n * max|value| < 2**62``), and otherwise hold Python
    ints (dtype object): slower, but never a wrapped-around number.
    """
    common = math.lcm(*(Fraction(u).denominator for m in dinner.morsels for u in m[:2]))
    a = [int(m[0] * common) for m in dinner.morsels]
    b = [int(m[1] * common) for m in dinner.morsels]
    largest = max(max(abs(v) for v in a), max(abs(v) for v in b))
    dtype = np.int64 if dinner.size * largest < 2 ** 62 else object
    return np.array(a, dtype=dtype), np.array(b, dtype=dtype), common


@attrs.frozen
class Efficiency:
    """How the crossout outcome of one dinner compares with every other outcome.

    ``dominating`` is the number of outcomes at least as good for both and
    better for one, ``strictly`` the number better for both; ``improvement``
    the largest relative gain, ``(score - crossout score) / crossout score``,
    that a dominating outcome offers either player (0 if none does).
    """

    crossout: tuple
    dominating: int
    strictly: int
    improvement: Fraction

    @property
    def pareto_efficient(self) -> bool:
        return self.dominating == 0

    @property
    def weakly_efficient(self) -> bool:
        return self.strictly == 0


def efficiency(dinner: Dinner, last: int = 1) -> Efficiency:
    """Compare the crossout outcome of ``dinner`` with every outcome (two players alternating).

    >>> d2 = Dinner([(1, 5), (2, 1), (3, 2), (4, 3), (5, 4), (6, 6)])
    >>> e = efficiency(d2)
    >>> e.crossout, e.pareto_efficient, e.weakly_efficient, e.improvement
    ((12, 11), False, True, Fraction(1, 11))
    """
    if dinner.size > MAX_OUTCOMES:
        raise DinnerError(f"outcomes are compared for at most {MAX_OUTCOMES} morsels, got {dinner.size}")
    scores = crossout(dinner, last).scores
    a, b, common = _scaled(dinner)
    alice_eats = dinner.size // 2 if last == 1 else (dinner.size + 1) // 2
    rows = outcome_matrix(dinner.size, alice_eats).astype(a.dtype)
    alice, bob = rows @ a, (1 - rows) @ b
    chi_a, chi_b = (int(s * common) for s in scores)
    dominating = (alice >= chi_a) & (bob >= chi_b) & ((alice > chi_a) | (bob > chi_b))
    strictly = (alice > chi_a) & (bob > chi_b)
    best = Fraction(0)
    for x, y in zip(alice[dominating].tolist(), bob[dominating].tolist()):
        for gain, base in ((x - chi_a, chi_a), (y - chi_b, chi_b)):
            if base > 0:
                best = max(best, Fraction(gain, base))
    return Efficiency(scores, int(dominating.sum()), int(strictly.sum()), best)


def smallest_inefficient(size: int) -> list[tuple[int, ...]]:
    """Bob's utilities of the permutation dinners of ``size`` morsels whose crossout
    outcome is Pareto inefficient (Bob moving last), in the order of
    :func:`permutation_dinners`... of their reversed rows, as the paper lists them.

    >>> [len(smallest_inefficient(n)) for n in range(1, 6)]
    [0, 0, 0, 0, 0]
    """
    if not 1 <= size <= 8:
        raise DinnerError(f"permutation dinners are searched for 1 to 8 morsels, got {size}")
    b = permutation_dinners(size)
    a = np.arange(1, size + 1)
    table = crossout_table(a, b)
    full = (1 << size) - 1
    dominated, _, _ = _compare(a, b, table.alice[1, full], table.bob[1, full], outcome_matrix(size, size // 2))
    return [tuple(row) for row in b[dominated][::-1].tolist()]


def _compare(a, b, chi_a, chi_b, rows) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each dinner (rows of ``b``; ``a`` shared): dominated, strictly dominated, and the
    largest relative gain a dominating outcome offers, as a float."""
    alice = rows.astype(np.int64) @ a                         # one value an outcome: a is shared
    bob = b @ (1 - rows.astype(np.int64)).T                   # (dinners, outcomes)
    ge_a, gt_a = alice[None, :] >= chi_a[:, None], alice[None, :] > chi_a[:, None]
    ge_b, gt_b = bob >= chi_b[:, None], bob > chi_b[:, None]
    dominating = ge_a & ge_b & (gt_a | gt_b)
    dominated = dominating.any(axis=1)
    # the gains are weighed only in the few dinners that some outcome dominates
    improvement = np.zeros(len(dominated))
    some = np.flatnonzero(dominated)
    ca, cb = chi_a[some, None], chi_b[some, None]
    with np.errstate(divide="ignore", invalid="ignore"):     # a score of 0 has no relative gain
        gain_a = np.where(ca > 0, (alice[None, :] - ca) / ca, 0.0)
        gain_b = np.where(cb > 0, (bob[some] - cb) / cb, 0.0)
    improvement[some] = np.where(dominating[some], np.maximum(gain_a, gain_b), 0.0).max(axis=1, initial=0.0)
    return dominated, (gt_a & gt_b).any(axis=1), improvement


@functools.lru_cache(maxsize=2)
def _by_alice(size: int) -> tuple[np.ndarray, np.ndarray]:
    """The outcomes of permutation dinners of ``size`` (Alice's utilities ``1..size``), Alice's best first,
    and her score in each."""
    rows = outcome_matrix(size, size // 2)
    alice = rows.astype(np.int64) @ np.arange(1, size + 1, dtype=np.int64)
    order = np.argsort(-alice, kind="stable")
    ranked, ranked_alice = rows[order], alice[order]
    ranked.setflags(write=False)
    ranked_alice.setflags(write=False)
    return ranked, ranked_alice


def _compare_ranked(a, b, scores, ranked, ranked_alice) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_compare` for each dinner of ``b`` against only the outcomes that give Alice at least her
    crossout score, as no other outcome can dominate crossout: about 1% of them at 16 to 20 morsels.

    Dinners that need about as many outcomes are compared together (widths within a factor of two), in
    groups of at most ``_CHUNK_CELLS`` comparisons; the results come back in the dinners' order."""
    reach = np.searchsorted(-ranked_alice, -scores[:, 0], side="right")
    dominated, strict, gain = np.zeros(len(b), bool), np.zeros(len(b), bool), np.zeros(len(b))
    level = np.ceil(np.log2(np.maximum(reach, 1))).astype(np.int64)
    for width_level in np.unique(level):
        members = np.flatnonzero(level == width_level)
        width = max(1, int(reach[members].max()))
        step = max(1, _CHUNK_CELLS // width)
        for i in range(0, len(members), step):
            part = members[i:i + step]
            dominated[part], strict[part], gain[part] = _compare(a, b[part], scores[part, 0], scores[part, 1],
                                                                 ranked[:width])
    return dominated, strict, gain


def wilson_interval(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> wilson_interval(0, 10)[0]
    0.0
    """
    if trials <= 0 or not 0 <= successes <= trials:
        raise DinnerError(f"a proportion needs 0 <= successes <= trials and trials > 0, got {successes} of {trials}")
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.frozen
class Experiment:
    """Random permutation dinners and how often their crossout outcome is inefficient.

    Attributes
    ----------
    dinners, size, seed : int
    inefficient, not_weakly : int
        Dinners whose crossout outcome is not Pareto efficient, and not weakly efficient.
    inefficient_interval, not_weakly_interval : (float, float)
        Wilson 95% intervals for the proportions.
    improvement : Fraction
        The largest relative gain any outcome dominating crossout offers a player.
    best_dinner : tuple of int
        Bob's utilities in the dinner that offers it.
    """

    dinners: int
    size: int
    seed: int
    inefficient: int
    not_weakly: int
    inefficient_interval: tuple[float, float]
    not_weakly_interval: tuple[float, float]
    improvement: Fraction
    best_dinner: tuple[int, ...]


def experiment(dinners: int = 10_000, size: int = 16, seed: int = 0,
               progress: Callable[..., None] | None = None) -> Experiment:
    """The paper's experiment: ``dinners`` random permutation dinners of ``size`` morsels.

    Levine and Stange found, in 10,000 dinners of size 16, 672 not Pareto
    efficient and 241 not weakly efficient, and no improvement of 8% or more.
    ``progress(done, total)`` is called after each chunk of dinners.

    >>> run = experiment(200, 8, seed=1)
    >>> run.dinners, run.inefficient >= run.not_weakly
    (200, True)
    """
    largest, most = MAX_EXPERIMENT
    if not 2 <= size <= largest:
        raise DinnerError(f"the experiment's dinners have 2 to {largest} morsels, got {size}")
    if not 1 <= dinners <= most:
        raise DinnerError(f"the experiment draws 1 to {most:,} dinners, got {dinners:,}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise DinnerError(f"the experiment's seed is a whole number from 0, got {seed!r}")
    rng = np.random.default_rng(seed)
    a = np.arange(1, size + 1, dtype=np.int64)
    ranked, ranked_alice = _by_alice(size)
    inefficient = not_weakly = 0
    best, best_row = -1.0, None
    for start in range(0, dinners, _DRAWN):
        count = min(_DRAWN, dinners - start)
        b = rng.permuted(np.tile(a, (count, 1)), axis=1)
        scores = np.array([crossout(Dinner(list(zip(a.tolist(), row)))).scores for row in b.tolist()],
                          dtype=np.int64)
        dominated, strict, gain = _compare_ranked(a, b, scores, ranked, ranked_alice)
        inefficient += int(dominated.sum())
        not_weakly += int(strict.sum())
        if gain.max() > best:
            best, best_row = float(gain.max()), b[int(gain.argmax())]
        if progress is not None:
            progress(start + count, dinners)
    assert best_row is not None
    improvement = efficiency(Dinner(list(zip(a.tolist(), best_row.tolist())))).improvement  # exact, for one
    return Experiment(dinners, size, seed, inefficient, not_weakly, wilson_interval(inefficient, dinners),
                      wilson_interval(not_weakly, dinners), improvement, tuple(best_row.tolist()))

"""Theorem 1 of Levine and Stange, checked exhaustively on permutation dinners.

Theorem 1 (Kohler and Chandrasekaran): the pair (crossout, crossout) is a
subgame-perfect equilibrium: against an opponent playing crossout, no
strategy gets a player more than his crossout score, in the dinner and in
every sub-dinner.  The best a player ``P`` can get against crossout obeys

    best(S) = max over m in S of u_P(m) + best(S - m)   where P moves at S,
    best(S) = best(S - c(S))                             where the opponent moves,

and the crossout scores obey the crossout sequence's own recursion: with
``L`` moving last, ``L`` eats ``m1``, the least favourite of his rival, and
what is left is a dinner in which the rival moves last.  Both are tables
over the ``2**n`` sub-dinners, filled from the smallest up, one numpy
operation across every dinner of a batch at once, so that all ``8!``
permutation dinners of size 8 take a fraction of a second.

Examples
--------
>>> check = check_theorem_one(4)           # sizes 1 to 4: 1 + 2 + 6 + 24 dinners
>>> check.dinners, check.states, check.violations
(33, 1636, 0)
>>> catalan_outcomes(3)
(5, 14)
"""

from __future__ import annotations

import itertools

import attrs
import numpy as np

from .dinner import DinnerError

__all__ = ["CrossoutTable", "crossout_table", "best_response_table", "permutation_dinners", "TheoremOneCheck",
           "check_theorem_one", "catalan_outcomes", "MAX_TABLE"]

#: The most morsels of a batch table: ``2**n`` rows for each dinner.
MAX_TABLE = 12


def permutation_dinners(size: int) -> np.ndarray:
    """Bob's utilities ``b`` of every permutation dinner ``{(1, b1), ..., (n, bn)}``, one row each.

    >>> permutation_dinners(3).tolist()
    [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]]
    """
    if not 1 <= size <= 9:
        raise DinnerError(f"permutation dinners are listed for 1 to 9 morsels, got {size}")
    return np.array(list(itertools.permutations(range(1, size + 1))), dtype=np.int64).reshape(-1, size)


@attrs.frozen(eq=False)
class CrossoutTable:
    """Crossout on every sub-dinner of a batch of dinners of one size.

    Row ``S`` (a bit mask of morsels) and column ``d`` (a dinner) of each array,
    for the player ``last`` moving last, index 0 or 1 of the first axis:

    ``alice``, ``bob`` : the crossout scores; ``choice`` : ``c(S)``, the morsel
    the mover eats; ``eaten`` : the bit mask of the morsels Alice eats.
    """

    a: np.ndarray
    b: np.ndarray
    alice: np.ndarray
    bob: np.ndarray
    choice: np.ndarray
    eaten: np.ndarray


def _ranks(u: np.ndarray) -> np.ndarray:
    # a stable sort: among equal utilities the morsel listed first is the less tasty
    return np.argsort(np.argsort(u, axis=1, kind="stable"), axis=1, kind="stable")


def _batch(a, b) -> tuple[np.ndarray, np.ndarray]:
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    if a.ndim == 1:
        a = np.broadcast_to(a, b.shape)
    if a.shape != b.shape or a.ndim != 2 or a.shape[1] == 0:
        raise DinnerError(f"a batch of dinners is two arrays of one shape (dinners, morsels), got {a.shape} "
                          f"and {b.shape}")
    if a.shape[1] > MAX_TABLE:
        raise DinnerError(f"a table of all sub-dinners holds at most {MAX_TABLE} morsels, got {a.shape[1]}")
    return a, b


def crossout_table(a, b) -> CrossoutTable:
    """Crossout scores, choices and Alice's morsels on every sub-dinner of every dinner of a batch.

    Parameters
    ----------
    a, b : array-like of whole numbers, shape (dinners, morsels)
        Alice's and Bob's utilities; ``a`` may be one row shared by all.
        Equal utilities are ordered by the tie rule ``listed``.

    Examples
    --------
    >>> table = crossout_table([1, 2, 3], [[2, 3, 1]])
    >>> int(table.alice[0, 0b111, 0]), int(table.choice[0, 0b111, 0])    # Alice moves last
    (5, 1)
    """
    a, b = _batch(a, b)
    count, n = a.shape
    ranks = (_ranks(a), _ranks(b))
    utility = (a, b)
    every = np.arange(count)
    shape = (2, 1 << n, count)
    alice, bob = np.zeros(shape, np.int64), np.zeros(shape, np.int64)
    choice, eaten = np.zeros(shape, np.int8), np.zeros(shape, np.int64)
    for s in range(1, 1 << n):
        members = np.array([i for i in range(n) if s >> i & 1])
        for last in (0, 1):
            judge = 1 - last
            first_out = members[np.argmin(ranks[judge][:, members], axis=1)]   # m1: the last mover eats it
            gain = utility[last][every, first_out]
            if len(members) == 1:
                rest_alice = rest_bob = rest_eaten = 0
                choice[last, s] = first_out
            else:
                rest = s ^ (1 << first_out)
                rest_alice, rest_bob = alice[judge, rest, every], bob[judge, rest, every]
                rest_eaten = eaten[judge, rest, every]
                choice[last, s] = choice[judge, rest, every]
            if last == 0:
                alice[last, s], bob[last, s] = rest_alice + gain, rest_bob
                eaten[last, s] = rest_eaten | (1 << first_out)
            else:
                alice[last, s], bob[last, s] = rest_alice, rest_bob + gain
                eaten[last, s] = rest_eaten
    return CrossoutTable(a, b, alice, bob, choice, eaten)


def best_response_table(table: CrossoutTable, player: int, last: int) -> np.ndarray:
    """The most ``player`` can get, from every sub-dinner, against a rival playing crossout.

    Two players alternate and ``last`` moves last (so at a sub-dinner of odd
    size ``last`` moves).  Row ``S``, column ``d``.

    >>> table = crossout_table([1, 2, 3], [[2, 3, 1]])
    >>> int(best_response_table(table, 0, 0)[0b111, 0])
    5
    """
    utility = table.a if player == 0 else table.b
    count, n = utility.shape
    every = np.arange(count)
    best = np.zeros((1 << n, count), np.int64)
    for s in range(1, 1 << n):
        size = s.bit_count()
        mover = last if size % 2 == 1 else 1 - last
        if mover == player:
            options = [utility[:, i] + best[s ^ (1 << i)] for i in range(n) if s >> i & 1]
            best[s] = np.max(options, axis=0)
        else:
            best[s] = best[s ^ (np.int64(1) << table.choice[last, s].astype(np.int64)), every]
    return best


@attrs.frozen
class TheoremOneCheck:
    """Theorem 1 checked on permutation dinners: how many dinners and (dinner,
    sub-dinner, player, last mover) states, and at how many a player could beat
    his crossout score against crossout (none, by the theorem)."""

    sizes: tuple[int, ...]
    dinners: int
    states: int
    violations: int


def check_theorem_one(largest: int = 8, smallest: int = 1) -> TheoremOneCheck:
    """Check Theorem 1 on every permutation dinner of ``smallest`` to ``largest`` morsels,
    at every sub-dinner, for both players and either player moving last.

    >>> check_theorem_one(3).violations
    0
    """
    if not 1 <= smallest <= largest <= 9:
        raise DinnerError(f"Theorem 1 is checked on sizes 1 to 9, got {smallest} to {largest}")
    dinners = states = violations = 0
    for n in range(smallest, largest + 1):
        b = permutation_dinners(n)
        table = crossout_table(np.arange(1, n + 1), b)
        for last in (0, 1):
            for player, score in ((0, table.alice), (1, table.bob)):
                best = best_response_table(table, player, last)
                violations += int(np.count_nonzero(best[1:] != score[last, 1:]))
                states += best[1:].size
        dinners += len(b)
    return TheoremOneCheck(tuple(range(smallest, largest + 1)), dinners, states, violations)


def catalan_outcomes(k: int) -> tuple[int, int]:
    """Over all permutation dinners of size ``2k`` (Bob moving last), how many distinct
    sets of utilities Alice eats under crossout, and how many Bob eats.

    Hopkins and Jones: the Catalan numbers ``C_k`` and ``C_(k+1)``.

    >>> [catalan_outcomes(k) for k in (1, 2)]
    [(1, 2), (2, 5)]
    """
    if not 1 <= k <= 4:
        raise DinnerError(f"the outcomes are counted for 2 to 8 morsels (k from 1 to 4), got k={k}")
    n = 2 * k
    b = permutation_dinners(n)
    table = crossout_table(np.arange(1, n + 1), b)
    alice_sets = table.eaten[1, (1 << n) - 1]        # Alice's utilities are the indices plus one
    bob_eats = ((alice_sets[:, None] >> np.arange(n)) & 1) == 0
    bob_sets = np.sum(np.where(bob_eats, np.int64(1) << (b - 1), 0), axis=1)
    return len(np.unique(alice_sets)), len(np.unique(bob_sets))

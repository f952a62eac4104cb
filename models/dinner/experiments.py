"""Ethiopian Dinner's experiments for ``epistemic experiment``: the paper's Pareto count and three open questions.

Every experiment draws random *permutation dinners*, as Levine and Stange's
experiment does: Alice's utilities are ``1, ..., n`` in the order the
morsels are listed, and every other player's a random permutation of
them.  One cell is ``dinners`` such dinners of ``size`` morsels; its
record holds counts and means over them, and a spec's replicate seeds give
the intervals.

``pareto``
    The paper's experiment (:func:`.efficiency.experiment`): how often the
    crossout outcome is not Pareto efficient, and not weakly efficient.
``three_diners``
    "Three's a crowd": three players taking turns A, B, C, A, ..., solved
    exactly by backward induction, against everyone eating his favourite.
``fairness``
    "Balanced alternation": the first mover's advantage when both players
    play subgame perfectly, with the turns alternating and in the
    Thue-Morse order A, B, B, A, B, A, A, B, ...
``discount``
    "Delayed gratification": a morsel eaten on turn ``i`` worth ``lambda**i``
    times its utility.  Does crossout, optimal without discount, still give
    the subgame-perfect outcome, and what does a player lose by keeping to it?

Backward induction visits the ``2**n`` sub-dinners, each with up to ``n``
moves: on a 2-core machine one dinner of 10 morsels takes about 0.05 s
and one of 12 about 0.2 s (two or three players alike), which bounds the
sizes below.

Examples
--------
>>> [experiment.name for experiment in EXPERIMENTS]
['pareto', 'three_diners', 'fairness', 'discount']
>>> [d.morsels for d in random_dinners(2, 3, 2, seed=0)]
[((1, 3), (2, 1), (3, 2)), ((1, 3), (2, 2), (3, 1))]
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from epistemic.experiments import Experiment, Parameter

from . import efficiency
from .crossout import crossout
from .dinner import Dinner, DinnerError
from .game import DinnerGame, DinnerSolution, solve, turn_order

__all__ = ["EXPERIMENTS", "random_dinners", "pareto", "three_diners", "fairness", "discount",
           "MAX_SOLVED_SIZE", "MAX_SOLVED_DINNERS"]

#: The most morsels of a dinner solved by backward induction in a cell: the
#: largest cell, ``MAX_SOLVED_DINNERS`` dinners of this size, takes about 10 s
#: on a 2-core machine, and one of 20 dinners about 1 s.
MAX_SOLVED_SIZE = 10
#: The most dinners a cell of ``three_diners``, ``fairness`` or ``discount`` solves.
MAX_SOLVED_DINNERS = 200
#: The least discount.  A parameter's range includes its ends and (0, 1] has no
#: least number; below 0.01 each turn's morsel is worth 100 times the next.
MIN_DISCOUNT = 0.01


def _whole(value: Any, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise DinnerError(f"{what} is a whole number, got {value!r}")
    if not low <= value <= high:
        raise DinnerError(f"{what} must be from {low:,} to {high:,}, got {value:,}")
    return int(value)


def _seed(value: Any) -> int:
    return _whole(value, 0, 2 ** 63 - 1, "the seed")


def random_dinners(dinners: int, size: int, players: int, seed: int) -> list[Dinner]:
    """``dinners`` random permutation dinners of ``size`` morsels and ``players`` players.

    Alice's utilities are ``1..size``; each other player's, a permutation of
    them drawn by ``numpy.random.default_rng(seed)``.  Two players' dinners
    are those of :func:`.efficiency.experiment` with the same seed.

    >>> d = random_dinners(1, 4, 3, seed=5)[0]
    >>> [sorted(u[p] for u in d.morsels) for p in range(3)]
    [[1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]]
    """
    a = np.arange(1, size + 1, dtype=np.int64)
    # drawn one row at a time, a dinner's rivals after each other: the same stream as efficiency.experiment's
    others = np.random.default_rng(seed).permuted(np.tile(a, (dinners, players - 1, 1)), axis=2)
    return [Dinner(list(zip(a.tolist(), *rows))) for rows in others.tolist()]


def pareto(size: int, dinners: int, seed: int) -> dict:
    """The paper's experiment: how often crossout's outcome is Pareto inefficient.

    Parameters
    ----------
    size : int
        Morsels a dinner, 2 to 20 (every one of the ``C(size, size//2)``
        outcomes is compared with crossout's).
    dinners : int
        Random permutation dinners, 1 to 1,000,000.
    seed : int

    Returns
    -------
    dict
        ``dinners``; ``inefficient``, the dinners whose crossout outcome some
        other outcome dominates, and ``not_weakly``, those in which one is
        better for both; their shares of ``dinners``; ``improvement``, the
        largest relative gain an outcome dominating crossout offers a player.

    Notes
    -----
    Levine and Stange found 672 inefficient and 241 not weakly efficient in
    10,000 dinners of 16.  About 0.2 ms a dinner at 16 to 20 morsels.

    Examples
    --------
    >>> record = pareto(6, 2000, seed=0)
    >>> record["inefficient"], record["not_weakly"], record["inefficient_share"]
    (3, 0, 0.0015)
    >>> round(record["improvement"], 4)       # 1/11: Bob's 12 against his crossout 11 in the paper's D1 and D2
    0.0909
    """
    run = efficiency.experiment(_whole(dinners, 1, efficiency.MAX_EXPERIMENT[1], "the number of dinners"),
                                _whole(size, 2, efficiency.MAX_EXPERIMENT[0], "the size"), _seed(seed))
    return {"dinners": run.dinners, "inefficient": run.inefficient, "not_weakly": run.not_weakly,
            "inefficient_share": run.inefficient / run.dinners, "not_weakly_share": run.not_weakly / run.dinners,
            "improvement": float(run.improvement)}


def _eaters(play: Iterable[tuple[int, int]], size: int) -> tuple[int, ...]:
    """Who eats each morsel, from a play's ``(morsel, player)`` pairs."""
    eater = [0] * size
    for morsel, player in play:
        eater[morsel] = player
    return tuple(eater)


def _spe_eaters(solved: DinnerSolution, size: int) -> tuple[int, ...]:
    return _eaters(((t.morsel, t.player) for t in solved.turns), size)


def _greedy(dinner: Dinner, order: Sequence[int]) -> tuple[tuple[int, ...], tuple[Any, ...]]:
    """Everyone eating his favourite morsel left, in ``order``: who eats each morsel, and the scores."""
    left = set(range(dinner.size))
    eater = [0] * dinner.size
    scores: list[Any] = [0] * dinner.players
    for player in order:
        morsel = max(left, key=lambda m: dinner.morsels[m][player])
        left.remove(morsel)
        eater[morsel] = player
        scores[player] += dinner.morsels[morsel][player]
    return tuple(eater), tuple(scores)


@functools.lru_cache(maxsize=4)
def _assignments(order: tuple[int, ...], players: int) -> np.ndarray:
    """Every outcome of a turn order: who eats each morsel, each player as many as the order gives him."""
    counts = [order.count(p) for p in range(players)]
    rows = []

    def place(player: int, left: tuple[int, ...], eater: list[int]) -> None:
        if player == players:
            rows.append(list(eater))
            return
        for chosen in itertools.combinations(left, counts[player]):
            for m in chosen:
                eater[m] = player
            place(player + 1, tuple(m for m in left if m not in chosen), eater)

    place(0, tuple(range(len(order))), [0] * len(order))
    made = np.array(rows, dtype=np.int8)
    made.setflags(write=False)
    return made


def _dominated(dinner: Dinner, scores: Sequence[Any], assignments: np.ndarray) -> bool:
    """Whether an outcome is at least as good as ``scores`` for every player and better for one."""
    utilities = np.array(dinner.morsels, dtype=np.int64).T
    every = np.stack([(assignments == p).astype(np.int64) @ utilities[p] for p in range(dinner.players)], axis=1)
    point = np.array(scores, dtype=np.int64)
    return bool(((every >= point).all(axis=1) & (every > point).any(axis=1)).any())


def three_diners(size: int, dinners: int, seed: int) -> dict:
    """Three players taking turns A, B, C, A, ...: subgame-perfect play against greedy play.

    Each dinner is solved by backward induction (a mover indifferent
    between morsels eats the one listed first).  No crossout strategy is
    known for three players: the paper asks whether an equilibrium can be
    computed efficiently.

    Parameters
    ----------
    size : int
        Morsels a dinner, 3 to :data:`MAX_SOLVED_SIZE`.
    dinners : int
        Random permutation dinners, 1 to :data:`MAX_SOLVED_DINNERS`.
    seed : int

    Returns
    -------
    dict
        ``share_a``, ``share_b``, ``share_c``: each player's mean
        subgame-perfect score as a share of his utilities' total
        ``size*(size+1)/2``; ``gain_a``, ``gain_b``, ``gain_c``: the mean of
        that score less his score when everyone eats his favourite, as a
        share of the same total; ``not_greedy``: the share of dinners whose
        subgame-perfect outcome (who eats what) differs from greedy play's;
        ``inefficient``: the share whose subgame-perfect outcome another
        outcome Pareto dominates.

    Examples
    --------
    >>> record = three_diners(6, 20, seed=1)
    >>> record["not_greedy"], record["inefficient"], record["share_a"] > record["share_c"]
    (0.6, 0.05, True)
    >>> three_diners(3, 10, seed=1)["not_greedy"]       # one morsel each: greedy is subgame perfect
    0.0
    """
    size = _whole(size, 3, MAX_SOLVED_SIZE, "the size")
    dinners = _whole(dinners, 1, MAX_SOLVED_DINNERS, "the number of dinners")
    order = turn_order(size, 3)
    total = size * (size + 1) // 2
    assignments = _assignments(order, 3)
    spe = np.zeros(3)
    gains = np.zeros(3)
    not_greedy = inefficient = 0
    for dinner in random_dinners(dinners, size, 3, _seed(seed)):
        solved = solve(DinnerGame(dinner, order))
        greedy_eaters, greedy_scores = _greedy(dinner, order)
        scores = np.array(solved.scores, dtype=float)   # whole numbers: the utilities are
        spe += scores
        gains += scores - np.array(greedy_scores, dtype=float)
        not_greedy += _spe_eaters(solved, size) != greedy_eaters
        inefficient += _dominated(dinner, solved.scores, assignments)
    share = spe / (dinners * total)
    gain = gains / (dinners * total)
    return {"share_a": float(share[0]), "share_b": float(share[1]), "share_c": float(share[2]),
            "gain_a": float(gain[0]), "gain_b": float(gain[1]), "gain_c": float(gain[2]),
            "not_greedy": not_greedy / dinners, "inefficient": inefficient / dinners}


def fairness(size: int, dinners: int, seed: int) -> dict:
    """The first mover's advantage, alternating against the Thue-Morse order, both played subgame perfectly.

    Alice moves first in both orders: A, B, A, B, ... and A, B, B, A, B, A,
    A, B, ... (Brams and Taylor's "balanced alternation").  Both players
    have the same total utility, ``size*(size+1)/2``, so the gap between
    their scores as a share of it says who came off better.

    Parameters
    ----------
    size : int
        Morsels a dinner, 2 to :data:`MAX_SOLVED_SIZE`.
    dinners : int
        Random permutation dinners, 1 to :data:`MAX_SOLVED_DINNERS`; each is
        solved in both orders.
    seed : int

    Returns
    -------
    dict
        ``alternating_gap`` and ``thue_morse_gap``: the mean of the first
        mover's score less the second's, as a share of the total;
        ``alternating_ahead`` and ``thue_morse_ahead``: the share of dinners
        in which the first mover scores more; ``thue_morse_fairer``: the share
        in which the Thue-Morse gap is smaller in size than the alternating one,
        and ``alternating_fairer`` the share in which it is larger.

    Examples
    --------
    >>> record = fairness(8, 10, seed=0)
    >>> round(record["alternating_gap"], 3), round(record["thue_morse_gap"], 3), record["thue_morse_fairer"]
    (0.058, 0.031, 0.3)
    """
    size = _whole(size, 2, MAX_SOLVED_SIZE, "the size")
    dinners = _whole(dinners, 1, MAX_SOLVED_DINNERS, "the number of dinners")
    total = size * (size + 1) // 2
    orders = [turn_order(size, 2, name, first=0) for name in ("alternating", "thue-morse")]
    gaps = np.zeros((dinners, 2))
    for row, dinner in enumerate(random_dinners(dinners, size, 2, _seed(seed))):
        for column, order in enumerate(orders):
            alice, bob = solve(DinnerGame(dinner, order)).scores
            gaps[row, column] = (alice - bob) / total
    alternating, thue_morse = gaps[:, 0], gaps[:, 1]
    return {"alternating_gap": float(alternating.mean()), "thue_morse_gap": float(thue_morse.mean()),
            "alternating_ahead": float((alternating > 0).mean()), "thue_morse_ahead": float((thue_morse > 0).mean()),
            "thue_morse_fairer": float((abs(thue_morse) < abs(alternating)).mean()),
            "alternating_fairer": float((abs(alternating) < abs(thue_morse)).mean())}


def _exact_discount(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise DinnerError(f"the discount is a number above 0 and at most 1, got {value!r}")
    if not MIN_DISCOUNT <= value <= 1:
        raise DinnerError(f"the discount must be from {MIN_DISCOUNT} to 1, got {value}")
    # the decimal written, not the binary float nearest it: 0.9 is 9/10, which keeps the exact weights short
    return value if isinstance(value, Fraction) else Fraction(repr(float(value)))


def discount(size: int, discount: float, dinners: int, seed: int) -> dict:
    """Delayed gratification: crossout against subgame-perfect play when a morsel eaten on turn ``i`` is
    worth ``discount**i`` times its utility.

    Two players alternate, Bob moving last.  Without discount both playing
    crossout is subgame perfect (Theorem 1), and every subgame-perfect play
    gives each player the morsels crossout gives him.

    Parameters
    ----------
    size : int
        Morsels a dinner, 2 to :data:`MAX_SOLVED_SIZE`.
    discount : float
        ``lambda``, from :data:`MIN_DISCOUNT` to 1, taken as the decimal it
        is written as (0.9 is exactly 9/10).
    dinners : int
        Random permutation dinners, 1 to :data:`MAX_SOLVED_DINNERS`.
    seed : int

    Returns
    -------
    dict
        ``same_outcome``: the share of dinners whose discounted
        subgame-perfect play gives each player the morsels crossout gives him;
        ``crossout_nash``: the share in which both playing crossout is still a
        Nash equilibrium, neither gaining by leaving it while the other keeps
        to it; ``loss_alice``, ``loss_bob``: the mean of what a player loses
        by keeping to crossout while his rival does, rather than playing his
        best (discounted) reply to it, as a share of that reply's payoff;
        ``max_loss``: the largest such loss of either player in any dinner.

    Examples
    --------
    >>> discount(6, 1.0, 10, seed=0)
    {'same_outcome': 1.0, 'crossout_nash': 1.0, 'loss_alice': 0.0, 'loss_bob': 0.0, 'max_loss': 0.0}
    >>> record = discount(6, 0.5, 10, seed=0)
    >>> record["crossout_nash"] < 1, record["max_loss"] > 0
    (True, True)
    """
    size = _whole(size, 2, MAX_SOLVED_SIZE, "the size")
    lam = _exact_discount(discount)
    dinners = _whole(dinners, 1, MAX_SOLVED_DINNERS, "the number of dinners")
    order = turn_order(size, 2)
    last = order[-1]
    weights = [lam ** turn for turn in range(1, size + 1)]
    same = nash = 0
    losses = np.zeros((dinners, 2))
    for row, dinner in enumerate(random_dinners(dinners, size, 2, _seed(seed))):
        played = crossout(dinner, last)
        kept = [Fraction(0), Fraction(0)]
        for w, (morsel, player) in zip(weights, played.play):
            kept[player] += w * dinner.morsels[morsel][player]
        solved = solve(DinnerGame(dinner, order, discount=lam))
        same += _spe_eaters(solved, size) == _eaters(played.play, size)
        for player in (0, 1):
            # the rival tied to crossout: solving gives this player's best discounted reply to it
            best = solve(DinnerGame(dinner, order, discount=lam, crossout_player=1 - player)).scores[player]
            losses[row, player] = float((best - kept[player]) / best) if best else 0.0
        nash += not losses[row].any()
    return {"same_outcome": same / dinners, "crossout_nash": nash / dinners,
            "loss_alice": float(losses[:, 0].mean()), "loss_bob": float(losses[:, 1].mean()),
            "max_loss": float(losses.max())}


def _size_help(solves: str) -> str:
    return f"morsels a dinner, each solved {solves} by backward induction (about 0.05 s a time at {MAX_SOLVED_SIZE})"


_SOLVED_DINNERS = Parameter("dinners", int, "random permutation dinners a cell", default=20, low=1,
                            high=MAX_SOLVED_DINNERS)

#: Ethiopian Dinner's experiments for ``epistemic experiment`` (docs/adding-a-model.md).
EXPERIMENTS = (
    Experiment("pareto", pareto,
               "the paper's experiment: how often crossout's outcome is not Pareto (or weakly) efficient",
               (Parameter("size", int, "morsels a dinner", default=16, low=2, high=efficiency.MAX_EXPERIMENT[0]),
                Parameter("dinners", int, "random permutation dinners a cell (about 0.2 ms each at 16 to 20 "
                          "morsels)", default=10_000, low=1, high=efficiency.MAX_EXPERIMENT[1])),
               seeded=True),
    Experiment("three_diners", three_diners,
               "three players taking turns A, B, C: subgame-perfect shares, gains over greedy play, efficiency",
               (Parameter("size", int, _size_help("once"), default=9, low=3, high=MAX_SOLVED_SIZE), _SOLVED_DINNERS),
               seeded=True),
    Experiment("fairness", fairness,
               "the first mover's advantage under subgame-perfect play: alternating against Thue-Morse turns",
               (Parameter("size", int, _size_help("twice"), default=8, low=2, high=MAX_SOLVED_SIZE),
                _SOLVED_DINNERS),
               seeded=True),
    Experiment("discount", discount,
               "morsels worth discount**turn: is crossout's outcome still subgame perfect, what keeping to it costs",
               (Parameter("size", int, _size_help("three times"), default=8, low=2, high=MAX_SOLVED_SIZE),
                Parameter("discount", float, "lambda: a morsel eaten on turn i is worth lambda**i times its utility",
                          default=0.9, low=MIN_DISCOUNT, high=1.0),
                _SOLVED_DINNERS),
               seeded=True),
)

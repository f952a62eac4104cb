"""Three-player Piglet in floats, solved score sum by score sum over a box of states.

:class:`~.three.ThreePiglet` solves a state when it is asked for, through the
prediction DAG, evaluating all ``abc`` triples of hold values.
:class:`SumSolver` gives the same equilibria and the same gains, to the last
bit, with far less work:

* Every state within a box ``1..m`` is solved at once, in order of
  ``a + b + c`` (a state needs only smaller sums), all states of one sum
  together in numpy arrays; the gains are kept in one array indexed by
  ``(a, b, c)``.
* Before any triple is evaluated, each seat's hold values that cannot be a
  best reply are struck out (:func:`prune`), until no more can be; the stage
  game is then evaluated on what is left, by the formula and the order of
  operations of :func:`~.three.stage_gains`, and its pure equilibria chosen
  by the same test.

Why a hold value can be struck out.  Seen from a seat's own turn, his gain
from holding at ``h`` is ``E(h) = V + (g_h - V) / (1 + t_h Y)``: ``g_h`` his
gain after that hold, ``t_h = (1 - p^h) / p^h``, ``Y`` the chance that one of
the other two holds before his next turn and ``V`` his gain when one does;
``V`` and ``Y`` depend on the other two's hold values only.  His gain in the
stage game is ``E`` times a positive factor (1 for the mover, ``1 - p^alpha``
for the next player, ``(1 - p^alpha)(1 - p^beta)`` for the last) plus terms
that do not depend on ``h``.  For two hold values ``m`` and ``h``, ``E(m) -
E(h)`` is linear in ``V``, increasing when ``m > h``; as a function of ``Y``
it has at most one turning point, which is found in closed form.  So its
least value over the box of ``V`` and ``Y`` that the other two's remaining
hold values allow is exact; where it exceeds the float tolerance (with room
to spare for rounding) for some ``m``, ``h`` is never within the tolerance of
a best reply, is in no equilibrium, and no best reply is missed without it.
Striking out one seat's values narrows the others' boxes, so the rounds go
on until nothing changes.

Only float gains with a game ending at the first winner take this way
(:func:`applies`); exact gains, and a game going on between the last two,
are solved on the DAG.

Examples
--------
>>> solver = SumSolver(0.5, Rewards())
>>> solver.solve(2)
>>> solver.solution((2, 2, 2)).holds, [round(x, 4) for x in solver.solution((2, 2, 2)).gains]
((2, 2, 2), [0.2973, -0.027, -0.2703])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .three_values import TOLERANCE, Rewards, StateSolution

__all__ = ["SumSolver", "applies", "prune"]

State = tuple[int, int, int]
#: Triples of hold values evaluated at once (the states of a sum are cut into pieces of about this many).
BATCH = 1 << 19
#: The widths that a piece of states is padded to, for each seat's hold values left.
WIDTHS = np.array([1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48])
#: How many times the float tolerance a hold value must fall short by to be struck out.
ROOM = 4


def applies(p: Any, rewards: Rewards) -> bool:
    """Whether the game at ``p`` with ``rewards`` is solved sum by sum: float gains, first winner ends it."""
    return isinstance(p, float) and not rewards.continues


class SumSolver:
    """Every state within a growing box ``1..m``, solved score sum by score sum.

    Parameters
    ----------
    p : float
        The probability of a head.
    rewards : Rewards
        Rewards ending the game at the first winner.
    progress : callable, optional
        Called as ``progress(sums)`` with the number of score sums solved, after each.
    pruned : bool
        Strike out the hold values that cannot be best replies (the default);
        ``False`` evaluates every triple, as the DAG does.
    """

    def __init__(self, p: float, rewards: Rewards, *, progress: Callable[[int], None] | None = None,
                 pruned: bool = True):
        self.p, self.rewards, self.progress = p, rewards, progress
        self.box = 0
        self.solved = 0
        #: the triples of hold values evaluated, after pruning
        self.evaluated = 0
        self._gains = np.zeros((1, 1, 1, 3))
        self._holds = np.zeros((1, 1, 1, 3), dtype=np.int16)
        self._count = np.zeros((1, 1, 1), dtype=np.int32)
        self._several: dict[State, StateSolution] = {}
        # NaN marks gains undetermined; while there are none, no state's inputs need looking at
        self._undetermined = False
        reach = max(abs(float(x)) for x in (rewards.winner, rewards.second, rewards.third, rewards.tie_winner,
                                            rewards.tie_loser))
        self._pruned = pruned and p < 1
        self._room = ROOM * TOLERANCE * (1 + reach)

    def solution(self, state: State) -> StateSolution:
        """The solution at a non-final state within the box solved."""
        several = self._several.get(state)
        if several is not None:
            return several
        if self._count[state] == 0:
            return StateSolution(state, None, None)
        holds = (int(self._holds[state][0]), int(self._holds[state][1]), int(self._holds[state][2]))
        gains = (float(self._gains[state][0]), float(self._gains[state][1]), float(self._gains[state][2]))
        return StateSolution(state, holds, gains, ((holds, gains),))

    def solve(self, box: int) -> None:
        """Solve every state whose three needs are at most ``box`` (those not solved yet)."""
        if box <= self.box:
            return
        old, self.box = self.box, box
        size = (box + 1,) * 3
        self._gains = _grown(self._gains, size + (3,), old)
        self._holds = _grown(self._holds, size + (3,), old)
        self._count = _grown(self._count, size, old)
        for x in range(1, box + 1):
            for y in range(1, box + 1):
                if max(x, y) > old:
                    for state in ((x, y, 0), (x, 0, y), (0, x, y)):
                        self._gains[state] = self.rewards.ends(state)
        weights = _Weights(self.p, box)
        # the bounds divide by powers of p and square their inverses: where those leave the floats'
        # range, every triple is evaluated
        pruned = self._pruned and weights.wa[-1] > 1e-100
        needs = np.arange(1, box + 1)
        a, b, c = (x.ravel() for x in np.meshgrid(needs, needs, needs, indexing="ij"))
        new = np.maximum(np.maximum(a, b), c) > old
        a, b, c = a[new], b[new], c[new]
        total = a + b + c
        order = np.argsort(total, kind="stable")
        a, b, c, total = a[order], b[order], c[order], total[order]
        bounds = np.searchsorted(total, np.arange(3, 3 * box + 2))
        for done, (lo, hi) in enumerate(zip(bounds[:-1], bounds[1:]), start=1):
            if hi > lo:
                self._solve_sum(a[lo:hi], b[lo:hi], c[lo:hi], weights, pruned)
            if self.progress is not None:
                self.progress(done)

    def _solve_sum(self, a: Any, b: Any, c: Any, weights: _Weights, pruned: bool) -> None:
        """Solve states of one score sum (they need only smaller sums)."""
        gains, box = self._gains, self.box
        holds = np.arange(1, box + 1)
        needs = (a, b, c)
        allowed = [holds[None, :] <= n[:, None] for n in needs]
        # gains after each seat's hold of 1, 2, ... at the next states (b, c, a - alpha),
        # (c, a, b - beta) and (a, b, c - gamma), seats turned back to this state's:
        # after[r][q] is seat q's gain after seat r holds, by state and hold value
        rows = (gains[b[:, None], c[:, None], np.maximum(a[:, None] - holds, 0)],
                gains[c[:, None], a[:, None], np.maximum(b[:, None] - holds, 0)],
                gains[a[:, None], b[:, None], np.maximum(c[:, None] - holds, 0)])
        after = [[rows[r][:, :, (q + (2, 1, 0)[r]) % 3] for q in range(3)] for r in range(3)]
        self.solved += len(a)
        if self._undetermined:
            bad = np.zeros(len(a), dtype=bool)
            for r in range(3):
                bad |= (np.isnan(rows[r]).any(axis=2) & allowed[r]).any(axis=1)
            for state in zip(a[bad].tolist(), b[bad].tolist(), c[bad].tolist()):
                self._undecided(state)
            if bad.any():
                keep = ~bad
                a, b, c = a[keep], b[keep], c[keep]
                allowed = [x[keep] for x in allowed]
                after = [[x[keep] for x in seat] for seat in after]
                if not len(a):
                    return
        left = prune(self.p, allowed, after, self._room) if pruned else allowed
        # evaluate states in pieces of like widths (each padded to the widest of its piece), of
        # about BATCH triples each
        counts = np.stack([x.sum(axis=1) for x in left], axis=1)
        self.evaluated += int(counts.prod(axis=1).sum())
        bins = np.searchsorted(WIDTHS, counts)
        key = (bins[:, 0] * len(WIDTHS) + bins[:, 1]) * len(WIDTHS) + bins[:, 2]
        order = np.argsort(key, kind="stable")
        key = key[order]
        for lo, hi in zip(*_runs(key)):
            widths = WIDTHS[bins[order[lo]]]
            step = max(1, BATCH // int(widths.prod()))
            for start in range(lo, hi, step):
                piece = order[start:min(hi, start + step)]
                self._solve_piece((a[piece], b[piece], c[piece]), [x[piece] for x in left],
                                  [[x[piece] for x in seat] for seat in after], weights)

    def _solve_piece(self, needs: tuple[Any, Any, Any], left: list[Any], after: list[list[Any]],
                     weights: _Weights) -> None:
        """Evaluate the stage games of some states on the hold values left, and keep their equilibria."""
        lists, valid = zip(*(_compact(x) for x in left))
        alpha, beta, gamma = lists
        # the weights and gains as stage_gains makes them: the first two terms on (alpha, beta),
        # then the last seat's term on every triple, then the division
        wa = weights.wa[alpha][:, :, None]
        wb = weights.wb[alpha[:, :, None], beta[:, None, :]]
        wc = weights.wc[alpha[:, :, None, None], beta[:, None, :, None], gamma[:, None, None, :]]
        total = weights.total[alpha[:, :, None, None], beta[:, None, :, None], gamma[:, None, None, :]]
        seat_gains = []
        for q in range(3):
            ga, gb, gc = (np.take_along_axis(after[r][q], lists[r], axis=1) for r in range(3))
            near = wa * ga[:, :, None] + wb * gb[:, None, :]
            seat_gains.append((near[:, :, :, None] + wc * gc[:, None, None, :]) / total)
        equilibrium = (valid[0][:, :, None, None] & valid[1][:, None, :, None] & valid[2][:, None, None, :])
        for q in range(3):
            equilibrium &= _best(seat_gains[q], q + 1)
        where, i, j, k = np.nonzero(equilibrium)
        found = np.bincount(where, minlength=len(alpha))
        first = np.searchsorted(where, np.arange(len(alpha)))
        a, b, c = needs
        for s in np.flatnonzero(found == 0).tolist():
            self._undecided((int(a[s]), int(b[s]), int(c[s])))
        some = found > 0
        n = first[some]
        state = (a[some], b[some], c[some])
        at = (where[n], i[n], j[n], k[n])
        self._holds[state] = np.stack([alpha[at[0], at[1]], beta[at[0], at[2]], gamma[at[0], at[3]]], axis=1) + 1
        self._gains[state] = np.stack([x[at] for x in seat_gains], axis=1)
        self._count[state] = found[some]
        mover, second, last = seat_gains
        for s in np.flatnonzero(found > 1).tolist():
            rows = np.flatnonzero(where == s)
            key = (int(a[s]), int(b[s]), int(c[s]))
            equilibria = tuple(((int(alpha[s, i[r]]) + 1, int(beta[s, j[r]]) + 1, int(gamma[s, k[r]]) + 1),
                                (float(mover[s, i[r], j[r], k[r]]), float(second[s, i[r], j[r], k[r]]),
                                 float(last[s, i[r], j[r], k[r]]))) for r in rows)
            self._several[key] = StateSolution(key, equilibria[0][0], equilibria[0][1], equilibria)

    def _undecided(self, state: State) -> None:
        self._gains[state] = np.nan
        self._count[state] = 0
        self._undetermined = True


def prune(p: float, allowed: list[Any], after: list[list[Any]], room: float) -> list[Any]:
    """Strike out the hold values that are no seat's best reply to anything left, until none is.

    ``allowed[q]`` marks seat ``q``'s hold values ``1..G`` by state, and
    ``after[r][q]`` is seat ``q``'s gain after seat ``r`` holds at each.  A
    hold value ``h`` of seat ``q`` goes when, for some other value ``m``
    left, ``E(m) - E(h)`` (module docstring) exceeds ``room`` over the seat's
    factor for every ``V`` and ``Y`` the other two's values left allow.
    Returns the marks of the values left.
    """
    size = allowed[0].shape[1]
    heads = np.array([p ** h for h in range(1, size + 1)])
    odds = (1 - heads) / heads
    # the seat's gain in the stage game is E times at least 1, 1 - p, (1 - p) ** 2
    factor = (1.0, 1 - p, (1 - p) ** 2)
    left = [np.zeros_like(x) for x in allowed]
    # the states whose hold values may still change, and each seat's values left there, in order,
    # with by seat the gains after them; a state that goes a whole round unchanged is done
    active = np.arange(len(allowed[0]))
    holds, valid = (list(x) for x in zip(*(_compact(x) for x in allowed)))
    rows = active[:, None]
    gains = [[after[r][q][rows, holds[r]] for q in range(3)] for r in range(3)]
    cheap = True
    while len(active):
        changed = np.zeros(len(active), dtype=bool)
        rows = np.arange(len(active))[:, None]
        for q in range(3):
            first, second = (q + 1) % 3, (q + 2) % 3
            # Y = p^u + (1 - p^u) p^v grows with p^u and p^v: its least at the largest values left
            y_low = _chance(heads[_last(holds[first], valid[first])], heads[_last(holds[second], valid[second])])
            y_high = _chance(heads[holds[first][:, 0]], heads[holds[second][:, 0]])
            if cheap:
                # V is a weighted mean of the two gains, so it lies between them
                v_low = np.minimum(np.where(valid[first], gains[first][q], np.inf).min(axis=1),
                                   np.where(valid[second], gains[second][q], np.inf).min(axis=1))
                v_high = np.maximum(np.where(valid[first], gains[first][q], -np.inf).max(axis=1),
                                    np.where(valid[second], gains[second][q], -np.inf).max(axis=1))
            else:
                v_low, v_high = _mean_range(heads[holds[first]], heads[holds[second]], gains[first][q],
                                            gains[second][q], valid[first][:, :, None] & valid[second][:, None, :])
            box = _Box(odds[holds[q]], v_low, v_high, y_low, y_high)
            own, mine = gains[q][q], valid[q]
            # the witnesses: each state's best hold value left at the two corners of the box that
            # favour the least and the greatest hold values (V low and Y high, V high and Y low)
            corners = [(v_low, box.share_high), (v_high, box.share_low)]
            witness = np.stack([np.argmax(np.where(mine, (own - v[:, None]) * share, -np.inf), axis=1)
                                for v, share in corners])
            out = (box.least_gap(own, witness) > room / factor[q]).any(axis=0) & mine
            if out.any():
                changed |= out.any(axis=1)
                order, valid[q] = _compact(mine & ~out)
                holds[q] = holds[q][rows, order]
                gains[q] = [x[rows, order] for x in gains[q]]
        done = ~changed if not cheap else np.zeros(len(active), dtype=bool)
        if done.any():
            for q in range(3):
                rows, columns = np.nonzero(valid[q] & done[:, None])
                left[q][active[rows], holds[q][rows, columns]] = True
            going = ~done
            active = active[going]
            # narrow the lists to the widest state still going
            for q in range(3):
                width = max(int(valid[q][going].sum(axis=1).max(initial=1)), 1)
                holds[q], valid[q] = holds[q][going, :width], valid[q][going, :width]
                gains[q] = [x[going, :width] for x in gains[q]]
        cheap = False
    return left


class _Box:
    """The box of ``V`` and ``Y`` that a seat's hold values are set against, by state.

    ``odds[s, n]`` is ``t_h`` for the ``n``-th hold value left at state ``s``;
    ``share_low`` and ``share_high`` are ``1 / (1 + t_h Y)`` at the least and
    greatest ``Y``.
    """

    def __init__(self, odds: Any, v_low: Any, v_high: Any, y_low: Any, y_high: Any):
        self.odds = odds
        self.v_low, self.v_high = v_low[:, None], v_high[:, None]
        self.y_low, self.y_high = y_low[:, None], y_high[:, None]
        self.share_low = 1 / (1 + odds * self.y_low)
        self.share_high = 1 / (1 + odds * self.y_high)

    def least_gap(self, own: Any, witness: Any) -> Any:
        """The least of ``E(m) - E(h)`` over the box for every ``h`` (``-inf`` at ``m``), ``m`` each witness.

        ``witness[k, s]`` is a position in the list of state ``s``; the answer
        is indexed ``[k, s, h]``.

        ``E(m) - E(h) = (g_m - V) / (1 + t_m Y) - (g_h - V) / (1 + t_h Y)`` is
        linear in ``V`` with slope ``1 / (1 + t_h Y) - 1 / (1 + t_m Y)``,
        positive when ``m > h``: its least is at ``V`` low then, high
        otherwise.  In ``Y`` its derivative is zero only where
        ``sqrt(A t_m) (1 + t_h Y) = sqrt(B t_h) (1 + t_m Y)`` (``A``, ``B`` the
        two gains over ``V``, of one sign): a least value inside the range,
        where the derivative goes from below 0 to above, is there.
        """
        place = np.arange(own.shape[1])
        states = np.arange(own.shape[0])
        m = witness[:, :, None]
        v = np.where(m > place, self.v_low, self.v_high)
        big, small = own[states, witness][:, :, None] - v, own - v
        odds_m, odds_h = self.odds[states, witness][:, :, None], self.odds
        low_m, high_m = self.share_low[states, witness][:, :, None], self.share_high[states, witness][:, :, None]
        least = np.minimum(big * low_m - small * self.share_low, big * high_m - small * self.share_high)
        inside = ((small * odds_h * self.share_low ** 2 < big * odds_m * low_m ** 2)
                  & (small * odds_h * self.share_high ** 2 > big * odds_m * high_m ** 2))
        if inside.any():
            k, s, n = np.nonzero(inside)
            big_in, small_in, t_m, t_h = big[k, s, n], small[k, s, n], odds_m[k, s, 0], odds_h[s, n]
            root_m, root_h = np.sqrt(np.abs(big_in) * t_m), np.sqrt(np.abs(small_in) * t_h)
            with np.errstate(divide="ignore", invalid="ignore"):
                turn = np.clip((root_h - root_m) / (root_m * t_h - root_h * t_m), self.y_low[s, 0], self.y_high[s, 0])
            turn = np.where(np.isnan(turn), self.y_low[s, 0], turn)
            least[k, s, n] = np.minimum(least[k, s, n], big_in / (1 + t_m * turn) - small_in / (1 + t_h * turn))
        return np.where(place == m, -np.inf, least)


def _mean_range(pu: Any, pv: Any, gu: Any, gv: Any, valid: Any) -> tuple[Any, Any]:
    """The least and greatest ``V`` over the pairs of hold values left to the two others."""
    pu, pv = pu[:, :, None], pv[:, None, :]
    mean = (pu * gu[:, :, None] + (1 - pu) * pv * gv[:, None, :]) / (pu + (1 - pu) * pv)
    return np.where(valid, mean, np.inf).min(axis=(1, 2)), np.where(valid, mean, -np.inf).max(axis=(1, 2))


def _chance(pu: Any, pv: Any) -> Any:
    return pu + (1 - pu) * pv


def _runs(key: Any) -> tuple[Any, Any]:
    """Where each run of equal values of a sorted array starts and ends."""
    edges = np.flatnonzero(np.diff(key)) + 1
    return np.concatenate([[0], edges]), np.concatenate([edges, [len(key)]])


def _last(holds: Any, valid: Any) -> Any:
    """Each row's last hold value left (the list is in order, the real ones first)."""
    return holds[np.arange(len(holds)), valid.sum(axis=1) - 1]


def _compact(marks: Any) -> tuple[Any, Any]:
    """The marked columns of each row, in order, padded with the row's first; and where they are real."""
    count = marks.sum(axis=1)
    width = int(count.max())
    order = np.argsort(~marks, axis=1, kind="stable")[:, :width]
    valid = np.arange(width)[None, :] < count[:, None]
    return np.where(valid, order, order[:, :1]), valid


def _grown(values: Any, shape: tuple[int, ...], old: int) -> Any:
    grown = np.zeros(shape, dtype=values.dtype)
    grown[:old + 1, :old + 1, :old + 1] = values[:old + 1, :old + 1, :old + 1]
    return grown


class _Weights:
    """Equation (3)'s weights for hold values up to ``box``, as :func:`~.three.stage_gains` makes them.

    ``wa[alpha - 1]`` is the chance that the mover holds first in a round,
    ``wb[alpha - 1, beta - 1]`` the next player, ``wc[alpha - 1, beta - 1, gamma - 1]``
    the last, and ``total`` their sum, each rounded as the per-state arrays are.
    """

    def __init__(self, p: float, box: int):
        powers = np.array([p ** h for h in range(1, box + 1)])
        self.wa = powers
        fail = 1 - powers
        self.wb = fail[:, None] * powers[None, :]
        self.wc = (fail[:, None] * fail[None, :])[:, :, None] * powers[None, None, :]
        self.total = (self.wa[:, None, None] + self.wb[:, :, None]) + self.wc


def _best(values: Any, axis: int) -> Any:
    """Where each entry is a best reply along ``axis``, within :data:`~.three_values.TOLERANCE`."""
    top = values.max(axis=axis, keepdims=True)
    return values >= top - TOLERANCE * (1 + abs(top))

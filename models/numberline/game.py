"""The number-line token game: tokens placed in turn, each taking the stacks nearest to it.

Stacks of money lie on the whole numbers 1 to N of a line (or of a clock
of N hours).  The players place one token each, in turn, on a free place;
at the end every stack goes to the token nearest to it, and a stack midway
between two tokens is split equally between them.

The game is a :class:`~epistemic.SequentialGame` whose state is the set of
places taken, as a bitmask: who took a place does not change what any later
player can do or get, so the mover is the number of tokens placed, and the
payoffs are kept by place (what the token on each place gets at the end).
``stake(state, move)`` is the place the mover takes.  States reached by
different orders of the same places are then one node of the prediction DAG.

Payoffs are whole numbers of a unit, :attr:`NumberLine.scale` of which make
one of the stacks' money: with tokens on distinct places, a stack is split
between at most two tokens (on a line, the nearest on either side; on a
clock, the two places at one distance from a stack are its two neighbours
at that distance, one each way round), so twice the common denominator of
the values keeps every share whole.

Examples
--------
The seed's game: 3 players, stacks worth 1 to 10.  With p1 on 5, p2 on 9 and
p3 on 8, p1 takes 1 to 6, p3 takes 7 and 8, p2 takes 9 and 10:

>>> game = NumberLine.with_stacks(10)
>>> game.shares(game.taken([5, 9, 8]))
{5: Fraction(21, 1), 8: Fraction(15, 1), 9: Fraction(19, 1)}
>>> game.scale
2
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import comb, lcm, log10
from numbers import Rational
from typing import Any

import attrs

from epistemic import BackwardInduction, EpistemicError
from epistemic.extensive import PerfectInformation
from epistemic.validators import one_of, whole_number

__all__ = ["NumberLine", "NumberLineError", "TIE_RULES", "MAX_STATES", "MAX_DIGITS", "count_states", "about",
           "counted"]

#: Among equally good moves, the mover takes the lowest place (the seed's rule) or the highest.
TIE_RULES = ("lowest", "highest")
#: The most states a game may have before it is solved (each keeps its choice and its moves).
MAX_STATES = 1_000_000
#: The most numbers the ends' payoffs may hold: each end keeps one per place.
MAX_END_PAYOFFS = 20_000_000
#: The most digits of a value's numerator or denominator, and of the values' common
#: denominator: every share is a whole number of units of ``1/scale``, and the hot
#: loops add them, so they are kept to numbers of a few dozen digits.
MAX_DIGITS = 30
_BOUND = 10 ** MAX_DIGITS
#: Counts up to this are written in full; larger ones by their order of magnitude.
_WRITTEN = 10 ** 15


#: The most decimals a number is written with; a longer one is written as a fraction.
MAX_DECIMALS = 12


def name(player: int) -> str:
    """The name of player ``player`` (from 0): p1, p2, ..."""
    return f"p{player + 1}"


def number(value: Fraction | int) -> str:
    """An exact number as the seed writes it: 21, 12.5, or 1/3 where no short decimal
    is exact (a fraction such as ``1/2**90`` would take 90 decimals).

    >>> number(Fraction(25, 2)), number(Fraction(21)), number(Fraction(1, 3)), number(Fraction(-3, 8))
    ('12.5', '21', '1/3', '-0.375')
    >>> number(Fraction(1, 2 ** 20))
    '1/1048576'
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    d, twos, fives = value.denominator, 0, 0
    while d % 2 == 0:
        d, twos = d // 2, twos + 1
    while d % 5 == 0:
        d, fives = d // 5, fives + 1
    if d != 1 or max(twos, fives) > MAX_DECIMALS:
        return str(value)
    digits = max(twos, fives)
    scaled = abs(value.numerator) * 10 ** digits // value.denominator
    whole, part = divmod(scaled, 10 ** digits)
    return f"{'-' if value < 0 else ''}{whole}.{part:0{digits}d}"


class NumberLineError(EpistemicError):
    """A number-line game was asked with values or players it cannot have."""


def count_states(places: int, players: int) -> int:
    """The states of a game: every set of at most ``players`` taken places.

    >>> count_states(10, 3), count_states(20, 10)
    (176, 616666)
    """
    return sum(comb(places, k) for k in range(players + 1))


def about(n: int) -> str:
    """A count, in full when it is small, else by its order of magnitude (never
    a number of hundreds of digits, which Python may refuse to write at all).

    >>> about(968), about(10 ** 300 + 1)
    ('968', 'more than 10^300')
    """
    if n < _WRITTEN:
        return f"{n:,}"
    # a first guess from the bits, low by at most one (and float rounding), then made exact
    k = max(0, int((n.bit_length() - 1) * log10(2)) - 1)
    while 10 ** (k + 1) < n:
        k += 1
    return f"more than 10^{k}"


def counted(n: int, thing: str, things: str | None = None) -> str:
    """``n`` things, in the singular for one.

    >>> counted(1, "stack"), counted(12, "stack"), counted(3, "payoff", "payoffs each")
    ('1 stack', '12 stacks', '3 payoffs each')
    """
    return f"{about(n)} {thing if n == 1 else (things or thing + 's')}"


def _values(values: Iterable[Any]) -> tuple[Fraction | int, ...]:
    out = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, Rational):
            raise NumberLineError(f"a stack's value must be a whole number or a fraction, got {value!r}")
        exact = Fraction(value)
        if not (abs(exact.numerator) < _BOUND and exact.denominator < _BOUND):
            raise NumberLineError(f"a stack's value may have at most {MAX_DIGITS} digits above and below its "
                                  f"fraction bar, got one of more digits")
        out.append(exact.numerator if exact.denominator == 1 else exact)
    if not out:
        raise NumberLineError("a game needs at least one stack")
    common = 1
    for value in out:
        common = lcm(common, Fraction(value).denominator)
        # checked as it grows: the common denominator of many values can run to thousands of digits
        if common >= _BOUND:
            raise NumberLineError(f"the stacks' values have a common denominator of more than {MAX_DIGITS} digits: "
                                  f"ask for values with fewer different denominators")
    return tuple(out)


def _whole(least: int, what: str):
    def check(instance, attribute, value):
        whole_number(value, what, at_least=least, error=NumberLineError)
    return check


@attrs.frozen
class NumberLine:
    """A number-line game, as a :class:`~epistemic.SequentialGame`.

    Parameters
    ----------
    values : iterable of int or Fraction
        The stacks' values, on the places 1, 2, ..., N.
    players : int
        How many tokens are placed, p1's first.
    clock : bool
        Played on a clock of N hours: N sits beside 1, and distances go the
        shorter way round.
    ties : {"lowest", "highest"}
        Among equally good places, the mover takes the lowest (as the seed's
        program does, keeping the first strictly better move) or the highest.
    grid : int
        Places per unit of the line: 1 puts tokens on the stacks only; ``g``
        also allows every multiple of ``1/g`` between (the continuous game,
        approached on finer and finer grids).
    margin : int
        Units of the line beyond the end stacks where tokens may also go (a
        line only).

    Notes
    -----
    A place is numbered from 0: place ``i`` is at :meth:`position` ``i``.
    A state is the bitmask of the places taken; the mover is how many are.
    """

    values: tuple[Fraction | int, ...] = attrs.field(converter=_values)
    players: int = attrs.field(default=3, validator=_whole(2, "the number of players"))
    clock: bool = attrs.field(default=False, converter=bool)
    ties: str = attrs.field(default="lowest")
    grid: int = attrs.field(default=1, validator=_whole(1, "the grid"))
    margin: int = attrs.field(default=0, validator=_whole(0, "the margin"))
    scale: int = attrs.field(init=False)
    places: int = attrs.field(init=False)
    _order: tuple[tuple[int, int], ...] = attrs.field(init=False, repr=False, eq=False)
    _worth: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    _before: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    @ties.validator
    def _tie_rule(self, attribute, value):
        one_of(value, TIE_RULES, "tie rule", error=NumberLineError)

    def __attrs_post_init__(self):
        n = len(self.values)
        if self.clock and self.margin:
            raise NumberLineError("a clock has no ends: a margin is for a line only")
        places = n * self.grid if self.clock else (n - 1 + 2 * self.margin) * self.grid + 1
        if self.players > places:
            what = "stack" if self.grid == 1 and not self.margin else "place"
            raise NumberLineError(f"{self.players} players cannot each take one of {counted(places, what)}")
        scale = 2 * lcm(*(Fraction(v).denominator for v in self.values))
        worth = [0] * places
        for k, value in enumerate(self.values):
            worth[(k + self.margin) * self.grid] = int(value * scale)
        # on a clock the places run round twice, so that an arc past the last place is a plain slice
        span = worth * 2 if self.clock else worth
        before = [0]
        for w in span:
            before.append(before[-1] + w)
        order = [(place, 1 << place) for place in range(places)]
        for name, value in (("scale", scale), ("places", places), ("_worth", tuple(worth)), ("_before", tuple(before)),
                            ("_order", tuple(order if self.ties == "lowest" else order[::-1]))):
            object.__setattr__(self, name, value)

    @classmethod
    def with_stacks(cls, stacks: int, **options: Any) -> NumberLine:
        """The seed's game: stacks worth 1, 2, ..., ``stacks``."""
        whole_number(stacks, "the number of stacks", at_least=1, error=NumberLineError)
        return cls(range(1, stacks + 1), **options)

    # the game ------------------------------------------------------------------
    def mover(self, state: int) -> int | None:
        placed = state.bit_count()
        return None if placed == self.players else placed

    def moves(self, state: int) -> list[tuple[int, int]]:
        return [(place, state | bit) for place, bit in self._order if not state & bit]

    def stake(self, state: int, move: int) -> int:
        return move

    def payoffs(self, state: int) -> tuple[int, ...]:
        got = [0] * self.places
        for place, share in self._split(state):
            got[place] = share
        return tuple(got)

    def extensive_form(self, solved: BackwardInduction | None = None) -> PerfectInformation:
        """The game as a tree (:mod:`epistemic.extensive`): moves named by position, payoffs in
        the stacks' money, and the tie rule's optimal play as its strategy.

        >>> from epistemic.export import to_efg
        >>> print(to_efg(NumberLine.with_stacks(2, players=2)))
        EFG 2 R "The number-line game: 2 players, stacks 1 to 2 on a line" { "p1" "p2" }
        ""
        <BLANKLINE>
        p "" 1 1 "p1 at the start" { "1" "2" } 0
        p "" 2 1 "p2 after 1" { "2" } 0
        t "" 1 "p1 1, p2 2" { 1, 2 }
        p "" 2 2 "p2 after 2" { "1" } 0
        t "" 2 "p1 2, p2 1" { 2, 1 }
        <BLANKLINE>
        """
        values = self.values
        stacks = (f"stacks 1 to {len(values)}" if values == tuple(range(1, len(values) + 1))
                  else f"{len(values)} stacks")
        title = (f"The number-line game: {self.players} players, {stacks} on "
                 f"{'a clock' if self.clock else 'a line'}")
        total = sum(Fraction(v) for v in values)
        labels = [number(self.position(p)) for p in range(self.places)]   # named once, not at every node
        return PerfectInformation(self, 0, BackwardInduction(self) if solved is None else solved,
                                  players=[name(p) for p in range(self.players)], title=title,
                                  says=lambda state, place: labels[place],
                                  value=lambda got: [Fraction(v, self.scale) for v in got],
                                  outcome=lambda path, got: ", ".join(f"{name(p)} {number(v)}"
                                                                     for p, v in enumerate(got)),
                                  action_names=labels,
                                  longest=self.players,
                                  utility_range=(min(0, sum(v for v in values if v < 0)),
                                                 max(0, sum(v for v in values if v > 0))),
                                  utility_sum=total)

    def states(self) -> int:
        """How many states the game has (see :func:`count_states`)."""
        return count_states(self.places, self.players)

    def too_large(self, max_states: int = MAX_STATES) -> str:
        """Why the game is too large to solve, or ``""``: too many states, or
        ends whose payoffs (one number per place each) are too many numbers.

        >>> NumberLine.with_stacks(400, players=2).too_large()
        '2 players on 400 places make 79,800 ends of 400 payoffs each, more than 20,000,000 numbers'
        """
        states = self.states()
        if states > max_states:
            limit = f", more than {max_states:,}" if states < _WRITTEN else ""  # "more than" twice reads badly
            return f"{self.players} players on {counted(self.places, 'place')} make {about(states)} states{limit}"
        ends = comb(self.places, self.players)
        if ends * self.places > MAX_END_PAYOFFS:
            return (f"{self.players} players on {counted(self.places, 'place')} make {counted(ends, 'end')} "
                    f"of {counted(self.places, 'payoff', 'payoffs each')}, more than {MAX_END_PAYOFFS:,} numbers")
        return ""

    # places and shares ------------------------------------------------------------
    def position(self, place: int) -> Fraction | int:
        """Where place ``place`` lies: the stack it is on, or a point between stacks."""
        at = Fraction(place, self.grid) + 1 - self.margin
        return int(at) if at.denominator == 1 else at

    def place(self, position: Any) -> int:
        """The place at ``position`` (a stack's number, or a multiple of ``1/grid``)."""
        index = (Fraction(position) - 1 + self.margin) * self.grid
        if index.denominator != 1 or not 0 <= index < self.places:
            raise NumberLineError(f"there is no place at {position} on this {'clock' if self.clock else 'line'}")
        return int(index)

    def taken(self, positions: Iterable[Any]) -> int:
        """The state in which tokens lie at ``positions``."""
        state = 0
        for position in positions:
            bit = 1 << self.place(position)
            if state & bit:
                raise NumberLineError(f"two tokens at {position}: one token per place")
            state |= bit
        return state

    def shares(self, state: int) -> dict[Fraction | int, Fraction]:
        """What the token at each taken position gets, in the stacks' money."""
        return {self.position(place): Fraction(share, self.scale) for place, share in sorted(self._split(state))}

    def _split(self, state: int) -> list[tuple[int, int]]:
        """``(place, share)`` for every token, in units of ``1/scale``; ends only."""
        tokens = []
        while state:  # the taken places, lowest first, in as many steps as tokens
            low = state & -state
            tokens.append(low.bit_length() - 1)
            state ^= low
        before, worth = self._before, self._worth
        got = {t: worth[t] for t in tokens}
        if self.clock:
            pairs = list(zip(tokens, tokens[1:] + [tokens[0] + self.places]))
        else:
            got[tokens[0]] += before[tokens[0]]
            got[tokens[-1]] += before[-1] - before[tokens[-1] + 1]
            pairs = list(zip(tokens, tokens[1:]))
        for a, b in pairs:
            twice_mid = a + b
            # places strictly nearer a, strictly nearer b, and the midpoint, split in two
            near_a = before[(twice_mid + 1) // 2] - before[a + 1]
            near_b = before[b] - before[twice_mid // 2 + 1]
            half = (before[twice_mid // 2 + 1] - before[twice_mid // 2]) // 2 if twice_mid % 2 == 0 else 0
            got[a] += near_a + half
            got[b % self.places] += near_b + half
        return list(got.items())

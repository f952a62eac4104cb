"""A dinner as a sequential game, solved exactly by backward induction.

A state is the set of morsels left, as a bit mask (bit ``i`` for morsel
``i``); the turn is the number of morsels eaten.  The mover eats one morsel
and gets what it is worth to him; under subgame-perfect play he eats the
one that gives him most, the first listed among equals, and every such tie
is reported.  The game takes any number of players, any turn order
(alternating, Thue-Morse "balanced alternation", or a sequence given
turn by turn), a discount ``lambda``: a morsel eaten on turn ``i``
(from 1) is worth ``lambda**i`` times its utility, and the generalized
payoffs of Levine and Stange's concluding remarks, in which each player
also weighs what the other eats.

What each move gives is read from a table made once, scaled to whole
numbers: with ``lambda = p/q`` a morsel eaten on turn ``i`` counts
``u * p**i * q**(n-i)``, and payoffs are divided by ``q**n`` (and the
utilities' common denominator) only when reported.

Examples
--------
>>> from epistemic.models.dinner import Dinner
>>> game = DinnerGame(Dinner([(1, 2), (2, 3), (3, 1)]), turn_order(3, 2, first=0))
>>> result = solve(game)
>>> [(t.player, t.morsel) for t in result.turns], result.scores
([(0, 1), (1, 0), (0, 2)], (5, 2))
>>> solve(DinnerGame(Dinner([(1, 2), (2, 3), (3, 1)]), (0, 1, 0), discount="1/2")).scores
(Fraction(13, 8), Fraction(3, 4))
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

import attrs

from epistemic import BackwardInduction
from epistemic.extensive import PerfectInformation

from .crossout import crossout_choice, first_mover
from .dinner import Dinner, DinnerError, Utility, excerpt, parse_utility, player_letter, player_name

__all__ = ["DinnerGame", "DinnerSolution", "Turn", "turn_order", "order_name", "solve", "MAX_SOLVED", "ORDERS"]

#: The most morsels solved by backward induction: 2**n states, n * 2**(n-1) moves.
MAX_SOLVED = 20

#: The named turn orders; any other text is read as a sequence of turns.
ORDERS = ("alternating", "thue-morse")


def order_name(text: str) -> str | None:
    """The named order ``text`` stands for, whatever its case, spaces, hyphens and underscores; else None.

    >>> order_name("Thue Morse"), order_name("thue_morse"), order_name("ABBA")
    ('thue-morse', 'thue-morse', None)
    """
    key = re.sub(r"[\s_-]+", "", text.lower())
    for name in ORDERS:
        if key == name.replace("-", ""):
            return name
    return None


def turn_order(size: int, players: int, order: str | Sequence[int] = "alternating",
               first: int | None = None) -> tuple[int, ...]:
    """Who moves on each of ``size`` turns.

    Parameters
    ----------
    size, players : int
    order : str or sequence of int
        ``"alternating"``: round robin from ``first``; ``"thue-morse"``:
        balanced alternation, turn ``t`` (from 0) to ``first`` plus the sum of
        the digits of ``t`` in base ``players``, modulo ``players`` (for two:
        A, B, B, A, B, A, A, B, ...); otherwise one player a turn, as letters
        (``"ABBA"``), as numbers from 1 (``"1 2 2 1"``) or as indices.
    first : int, optional
        The first mover of a named order.  By default, Alice, except that two
        players alternating have Bob move last (the paper's convention).

    Examples
    --------
    >>> turn_order(8, 2, "thue-morse")
    (0, 1, 1, 0, 1, 0, 0, 1)
    >>> turn_order(3, 2), turn_order(4, 2), turn_order(4, 3)
    ((1, 0, 1), (0, 1, 0, 1), (0, 1, 2, 0))
    >>> turn_order(4, 2, "ABBA"), turn_order(3, 3, "3 1 2")
    ((0, 1, 1, 0), (2, 0, 1))
    >>> turn_order(3, 2, "ABC")
    Traceback (most recent call last):
    ...
    epistemic.models.dinner.dinner.DinnerError: turn 3 of the order 'ABC' is 'C', but a dinner of 2 players has players A to B
    """
    if first is not None and not (isinstance(first, int) and 0 <= first < players):
        raise DinnerError(f"the first mover is one of the {players} players, got {first!r}")
    named = order_name(order) if isinstance(order, str) else None
    if named is not None:
        if named == "alternating":
            start = first if first is not None else (first_mover(size, 1) if players == 2 else 0)
            return tuple((start + t) % players for t in range(size))
        start = first or 0
        return tuple((start + _digit_sum(t, players)) % players for t in range(size))
    turns = _read_order(order, players) if isinstance(order, str) else tuple(order)
    if first is not None:
        raise DinnerError("a turn order given turn by turn names its first mover itself")
    if len(turns) != size:
        raise DinnerError(f"the turn order must name one player for each of the {size} turns, got {len(turns)}")
    for t, p in enumerate(turns, 1):
        if not (isinstance(p, int) and not isinstance(p, bool) and 0 <= p < players):
            raise DinnerError(f"turn {t} of the order names player {p!r}, but there are {players} players")
    return turns


def _digit_sum(t: int, base: int) -> int:
    total = 0
    while t:
        t, digit = divmod(t, base)
        total += digit
    return total


def _read_order(text: str, players: int) -> tuple[int, ...]:
    compact = re.sub(r"[\s,]+", "", text)
    if not compact:
        raise DinnerError("the turn order is empty: give alternating, thue-morse, or one player a turn such as ABBA "
                          "or 1 2 2 1")
    if re.fullmatch(r"[A-Za-z]+", compact):
        turns = []
        for t, letter in enumerate(compact.upper(), 1):
            p = ord(letter) - ord("A")
            if p >= players:
                _unknown_name(text)
                raise DinnerError(f"turn {t} of the order {excerpt(text)} is {letter!r}, but a dinner of {players} "
                                  f"players has players A to {player_letter(players - 1)}")
            turns.append(p)
        return tuple(turns)
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    if words and all(re.fullmatch(r"[0-9]+", w) for w in words):
        if len(words) == 1 and players < 10:
            words = list(words[0])                      # "1221": one digit a turn
        turns = []
        for t, w in enumerate(words, 1):
            if not 1 <= int(w) <= players:
                raise DinnerError(f"turn {t} of the order {excerpt(text)} names player {excerpt(w)}, but there are "
                                  f"players 1 to {players}")
            turns.append(int(w) - 1)
        return tuple(turns)
    if re.fullmatch(r"[A-Za-z\s,_-]+", text):
        _unknown_name(text)
    raise DinnerError(f"a turn order is alternating, thue-morse, or one player a turn such as ABBA or 1 2 2 1, "
                      f"got {excerpt(text)}")


def _unknown_name(text: str) -> None:
    """Refuse, as a misspelled name, an order that reads as a word rather than as turns."""
    key = re.sub(r"[\s_-]+", "", text.lower())
    near = difflib.get_close_matches(key, [name.replace("-", "") for name in ORDERS], n=1, cutoff=0.6)
    if near or (len(key) >= 4 and any(c.islower() for c in text)):
        hint = "" if not near else f" (did you mean {ORDERS[[n.replace('-', '') for n in ORDERS].index(near[0])]}?)"
        raise DinnerError(f"unknown order {excerpt(text.strip())}{hint}: use alternating, thue-morse or a "
                          f"sequence such as ABBA")


def _turns(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _discount(value: Any) -> Fraction:
    if isinstance(value, str):
        value = parse_utility(value, "the discount")
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise DinnerError(f"the discount is an exact number such as 9/10 or 0.9, got {value!r}")
    if not 0 < value <= 1:
        raise DinnerError(f"the discount must be above 0 and at most 1, got {value}")
    return Fraction(value)


def _coefficients(value: Any) -> tuple[Fraction, ...] | None:
    if value is None:
        return None
    made = tuple(Fraction(parse_utility(v)) if isinstance(v, str) else v for v in value)
    if len(made) != 4 or not all(isinstance(v, (int, Fraction)) and not isinstance(v, bool) for v in made):
        raise DinnerError(f"generalized payoffs take four exact coefficients (alpha_A, beta_A, alpha_B, beta_B), "
                          f"got {value!r}")
    return tuple(Fraction(v) for v in made)


@attrs.frozen
class Turn:
    """One turn of subgame-perfect play: who eats which morsel, and every morsel as good to him."""

    turn: int
    player: int
    morsel: int
    ties: tuple[int, ...]


@attrs.frozen
class DinnerSolution:
    """Subgame-perfect play from the whole dinner, and what each player gets, exactly."""

    turns: tuple[Turn, ...]
    scores: tuple[Utility, ...]
    solved: BackwardInduction = attrs.field(eq=False, repr=False)


@attrs.frozen
class DinnerGame:
    """A dinner as a :class:`~epistemic.SequentialGame`.

    Parameters
    ----------
    dinner : Dinner
    order : tuple of int
        Who moves on each turn (:func:`turn_order`).
    discount : exact number in (0, 1]
        A morsel eaten on turn ``i`` (from 1) is worth ``discount**i`` times
        its utility; 1 (no discount) by default.
    altruism : four exact numbers, optional
        Two players' generalized payoffs ``(alpha_A, beta_A, alpha_B,
        beta_B)``: Alice eating ``(a, b)`` gives Alice ``alpha_A*a`` and Bob
        ``alpha_B*a``; Bob eating it gives Alice ``beta_A*b`` and Bob ``beta_B*b``.
    crossout_player : int, optional
        A player restricted to the crossout strategy ``c(S)`` (two players,
        the player moving last fixed by ``order``); his rival may eat anything:
        solving gives the rival's best response to crossout.
    """

    dinner: Dinner
    order: tuple[int, ...] = attrs.field(converter=_turns)
    discount: Fraction = attrs.field(default=Fraction(1), converter=_discount)
    altruism: tuple[Fraction, ...] | None = attrs.field(default=None, converter=_coefficients)
    crossout_player: int | None = None
    scale: int = attrs.field(init=False, repr=False, eq=False)
    _table: tuple[tuple[tuple[int, ...], ...], ...] = attrs.field(init=False, repr=False, eq=False)
    _bits: tuple[tuple[int, int], ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        dinner, n = self.dinner, self.dinner.size
        turn_order(n, dinner.players, self.order)          # checks the order
        if (self.altruism is not None or self.crossout_player is not None) and dinner.players != 2:
            raise DinnerError(f"generalized payoffs and crossout are defined for two players, got {dinner.players}")
        if self.crossout_player is not None:
            if self.crossout_player not in (0, 1):
                raise DinnerError(f"the crossout player is 0 (Alice) or 1 (Bob), got {self.crossout_player!r}")
            if any(p == q for p, q in zip(self.order, self.order[1:])):
                raise DinnerError("crossout is defined for players who alternate")
        p, q = self.discount.numerator, self.discount.denominator
        raw = []
        for turn in range(1, n + 1):
            weight = p ** turn * q ** (n - turn)
            eater = self.order[turn - 1]
            row = []
            for morsel in dinner.morsels:
                gains = [Fraction(0)] * dinner.players
                if self.altruism is None:
                    gains[eater] = Fraction(morsel[eater]) * weight
                else:
                    alpha_a, beta_a, alpha_b, beta_b = self.altruism
                    u = morsel[eater]
                    gains = [u * (alpha_a if eater == 0 else beta_a) * weight,
                             u * (alpha_b if eater == 0 else beta_b) * weight]
                row.append(gains)
            raw.append(row)
        common = math.lcm(*(g.denominator for row in raw for gains in row for g in gains))
        table = tuple(tuple(tuple(int(g * common) for g in gains) for gains in row) for row in raw)
        object.__setattr__(self, "scale", common * q ** n)
        object.__setattr__(self, "_table", table)
        object.__setattr__(self, "_bits", tuple((i, 1 << i) for i in range(n)))

    @property
    def start(self) -> int:
        """The whole dinner, as a bit mask."""
        return (1 << self.dinner.size) - 1

    def mover(self, state: int) -> int | None:
        return self.order[self.dinner.size - state.bit_count()] if state else None

    def moves(self, state: int) -> list[tuple[int, int]]:
        if self.crossout_player is not None and self.mover(state) == self.crossout_player:
            m = crossout_choice(self.dinner, state, self.order[-1])
            return [(m, state ^ (1 << m))]
        return [(i, state ^ bit) for i, bit in self._bits if state & bit]

    def gains(self, state: int, move: int) -> tuple[int, ...]:
        return self._table[self.dinner.size - state.bit_count()][move]

    def payoffs(self, state: int) -> tuple[int, ...]:
        return (0,) * self.dinner.players

    def morsel_label(self, morsel: int) -> str:
        """A morsel as the output writes it, ``(1, 2)``; a morsel listed again is numbered, ``(1, 2) #2``."""
        utilities = self.dinner.morsels[morsel]
        seen = self.dinner.morsels[:morsel].count(utilities)
        return "(" + ", ".join(map(str, utilities)) + ")" + (f" #{seen + 1}" if seen else "")

    def extensive_form(self, solved: BackwardInduction | None = None) -> PerfectInformation:
        """The dinner as a tree (:mod:`epistemic.extensive`): the players by name, a move
        by the morsel eaten, what each gets in the utilities' own terms, and subgame-perfect
        play (the first of equals) as its strategy.

        >>> from epistemic.export import to_efg
        >>> from epistemic.models.dinner import Dinner
        >>> print(to_efg(DinnerGame(Dinner([(1, 2), (2, 1)]), (1, 0))))
        EFG 2 R "Ethiopian Dinner: 2 morsels, turns BA" { "Alice" "Bob" }
        ""
        <BLANKLINE>
        p "" 2 1 "Bob at the start" { "(1, 2)" "(2, 1)" } 0
        p "" 1 1 "Alice after (1, 2)" { "(2, 1)" } 0
        t "" 1 "Alice 2, Bob 2" { 2, 2 }
        p "" 1 2 "Alice after (2, 1)" { "(1, 2)" } 0
        t "" 2 "Alice 1, Bob 1" { 1, 1 }
        <BLANKLINE>
        """
        n = self.dinner.size
        turns = "".join(player_letter(p) for p in self.order)
        title = f"Ethiopian Dinner: {n} morsel{'s' * (n != 1)}, turns {turns}" + (
            f", discount {self.discount}" if self.discount != 1 else "")
        labels = [self.morsel_label(m) for m in range(n)]   # named once, not at every node
        return PerfectInformation(self, self.start, BackwardInduction(self) if solved is None else solved,
                                  players=[player_name(p) for p in range(self.dinner.players)], title=title,
                                  says=lambda state, morsel: labels[morsel], value=self.exact,
                                  action_names=labels, longest=n,
                                  utility_range=self.utility_range())

    def utility_range(self) -> tuple[Utility, Utility]:
        """The least and the most any player may get: every morsel he could lose by, or gain by, eaten
        on the turns worth most (a bound, not always reached).

        >>> from epistemic.models.dinner import Dinner
        >>> DinnerGame(Dinner([(1, -2), (2, 3)]), (0, 1)).utility_range()
        (-2, 3)
        """
        low = high = 0   # in the table's whole units
        for player in range(self.dinner.players):
            worths = [[row[m][player] for row in self._table] for m in range(self.dinner.size)]
            low = min(low, sum(min(w) for w in worths if min(w) < 0))
            high = max(high, sum(max(w) for w in worths if max(w) > 0))
        least, most = self.exact([low, high])
        return least, most

    def exact(self, payoffs: Iterable[int]) -> tuple[Utility, ...]:
        """Scaled payoffs back in the utilities' own terms."""
        made = []
        for v in payoffs:
            f = Fraction(v, self.scale)
            made.append(f.numerator if f.denominator == 1 else f)
        return tuple(made)


def solve(game: DinnerGame, progress: Callable[[int], None] | None = None,
          solved: BackwardInduction | None = None) -> DinnerSolution:
    """Subgame-perfect play of ``game`` from the whole dinner, by :class:`~epistemic.BackwardInduction`.

    Raises :class:`DinnerError` for more than :data:`MAX_SOLVED` morsels,
    before any work.

    >>> from epistemic.models.dinner import Dinner
    >>> three = Dinner([(1, 5, 2), (2, 4, 6), (3, 3, 1), (4, 2, 5), (5, 6, 4), (6, 1, 3)])
    >>> result = solve(DinnerGame(three, turn_order(6, 3)))
    >>> [(t.player, t.morsel) for t in result.turns], result.scores
    ([(0, 4), (1, 0), (2, 1), (0, 5), (1, 2), (2, 3)], (11, 8, 11))
    """
    if game.dinner.size > MAX_SOLVED:
        raise DinnerError(f"backward induction solves at most {MAX_SOLVED} morsels (2**n states), "
                          f"got {game.dinner.size}")
    if solved is None:
        solved = BackwardInduction(game, progress=progress)
    turns = []
    for t, choice in enumerate(solved.play(game.start)[:-1], 1):
        assert choice.mover is not None and choice.move is not None, "only the end has no mover"
        turns.append(Turn(t, choice.mover, choice.move, choice.ties))
    return DinnerSolution(tuple(turns), game.exact(solved[game.start].payoffs), solved)
